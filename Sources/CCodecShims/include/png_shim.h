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

/* Options of sf_png_decode. */
enum {
    /* Inflate the image data with libdeflate, where libpng would make exactly the same rows of
     * it, and let libpng only unfilter and transform them (png_stored_idat.h says when). */
    SF_PNG_INFLATE_WITH_LIBDEFLATE = 1
};

/* What sf_png_decode wrote: straight RGBA, 8 bits a channel or 16 bits a channel stored
 * big-endian (two bytes, high byte first), rows packed without padding. */
typedef struct sf_png_pixels {
    size_t byte_count;
    uint32_t width;
    uint32_t height;
    /* 1 or 2. */
    uint32_t bytes_per_channel;
} sf_png_pixels;

/* Decodes one complete PNG stream held in memory to RGBA in `pixels`, which must hold exactly the
 * decoded image (width x height x 4 x bytes a channel, 2 for a 16-bit image, else 1; anything
 * else is SF_PNG_ERROR_ARGUMENT). Every libpng setjmp/longjmp stays inside this call: errors come
 * back as a status and a NUL-terminated message in `message`, and `pixels` may then hold part of
 * an image. No gamma transform is applied. Images wider than max_width or taller than max_height,
 * and ancillary chunks needing more than max_chunk_bytes, are refused by libpng itself.
 * `options`: 0 or SF_PNG_INFLATE_WITH_LIBDEFLATE. */
int sf_png_decode(const uint8_t *bytes, size_t byte_count,
                  uint32_t max_width, uint32_t max_height, size_t max_chunk_bytes, uint32_t options,
                  uint8_t *pixels, size_t pixel_capacity,
                  sf_png_pixels *out, char *message, size_t message_capacity);

#endif
