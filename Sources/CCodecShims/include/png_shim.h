#ifndef SF_PNG_SHIM_H
#define SF_PNG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/* Status codes of sf_png_decode. */
enum {
    SF_PNG_OK = 0,
    /* libpng rejected the stream (corrupt zlib data, bad filter byte, too little data...). */
    SF_PNG_ERROR_DATA = 1,
    /* Memory could not be had (a malloc failed, or libpng could not create its structures). */
    SF_PNG_ERROR_MEMORY = 2,
    /* The caller passed something unusable (null pointers, zero limits). */
    SF_PNG_ERROR_ARGUMENT = 3
};

/* Pixels produced by sf_png_decode: straight RGBA, 8 bits a channel or 16 bits a channel
 * stored big-endian (two bytes, high byte first), rows packed without padding. */
typedef struct sf_png_pixels {
    /* malloc'd by sf_png_decode; release with sf_png_free (also when the status is not OK). */
    uint8_t *data;
    size_t byte_count;
    uint32_t width;
    uint32_t height;
    /* 1 or 2. */
    uint32_t bytes_per_channel;
} sf_png_pixels;

/* Decodes one complete PNG stream held in memory to RGBA. Every libpng setjmp/longjmp stays
 * inside this call: errors come back as a status and a NUL-terminated message in `message`.
 * No gamma transform is applied. Images wider than max_width or taller than max_height, and
 * ancillary chunks needing more than max_chunk_bytes, are refused by libpng itself. */
int sf_png_decode(const uint8_t *bytes, size_t byte_count,
                  uint32_t max_width, uint32_t max_height, size_t max_chunk_bytes,
                  sf_png_pixels *out, char *message, size_t message_capacity);

/* Frees pixel memory returned by sf_png_decode; NULL is allowed. */
void sf_png_free(uint8_t *data);

#endif
