/* The only place libpng is called. libpng reports errors by longjmp, so the one setjmp lives in
 * sf_png_decode and nothing of Swift's is ever on the stack between setjmp and longjmp. */
#include "png_shim.h"
#include "png_stored_idat.h"
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct sf_png_source {
    const uint8_t *bytes;
    size_t count;
    size_t position;
} sf_png_source;

typedef struct sf_png_error {
    char *message;
    size_t capacity;
} sf_png_error;

static void sf_png_set_message(char *message, size_t capacity, const char *text) {
    if (message != NULL && capacity > 0) {
        snprintf(message, capacity, "%s", text);
    }
}

static void sf_png_on_error(png_structp png, png_const_charp text) {
    sf_png_error *error = (sf_png_error *)png_get_error_ptr(png);
    if (error != NULL) {
        sf_png_set_message(error->message, error->capacity, text != NULL ? text : "unknown libpng error");
    }
    png_longjmp(png, 1);
}

/* Warnings (ignored ancillary-chunk problems, extra compressed data) are not failures. */
static void sf_png_on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void sf_png_read(png_structp png, png_bytep destination, size_t length) {
    sf_png_source *source = (sf_png_source *)png_get_io_ptr(png);
    if (length > source->count - source->position) {
        png_error(png, "unexpected end of PNG data");
    }
    memcpy(destination, source->bytes + source->position, length);
    source->position += length;
}

/* Normalises every colour type and depth to RGBA at 8 or 16 bits without touching the values. */
static void sf_png_set_rgba_transforms(png_structp png, png_infop info) {
    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    if (color_type == PNG_COLOR_TYPE_PALETTE) {
        png_set_palette_to_rgb(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) {
        png_set_expand_gray_1_2_4_to_8(png);
    }
    if (has_trns) {
        png_set_tRNS_to_alpha(png);
    }
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if ((color_type & PNG_COLOR_MASK_ALPHA) == 0 && !has_trns) {
        /* 0xffff is opaque at 16 bits; at 8 bits libpng uses its low byte. */
        png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
    }
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

int sf_png_decode(const uint8_t *bytes, size_t byte_count,
                  uint32_t max_width, uint32_t max_height, size_t max_chunk_bytes, uint32_t options,
                  uint8_t *pixels, size_t pixel_capacity,
                  sf_png_pixels *out, char *message, size_t message_capacity) {
    if (out == NULL) {
        return SF_PNG_ERROR_ARGUMENT;
    }
    memset(out, 0, sizeof(*out));
    sf_png_set_message(message, message_capacity, "");
    if (bytes == NULL || pixels == NULL || max_width == 0 || max_height == 0) {
        sf_png_set_message(message, message_capacity, "no data, no pixel buffer or zero size limits");
        return SF_PNG_ERROR_ARGUMENT;
    }
    /* Not changed after setjmp, so not volatile. */
    size_t stored_count = 0;
    uint8_t *stored = (options & SF_PNG_INFLATE_WITH_LIBDEFLATE) == 0 ? NULL
        : sf_png_stored_idat_stream(bytes, byte_count, max_width, max_height, &stored_count);
    sf_png_source source = { stored != NULL ? stored : bytes, stored != NULL ? stored_count : byte_count, 0 };
    sf_png_error error = { message, message_capacity };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error,
                                             sf_png_on_error, sf_png_on_warning);
    if (png == NULL) {
        free(stored);
        sf_png_set_message(message, message_capacity, "could not create the libpng read structure");
        return SF_PNG_ERROR_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        free(stored);
        png_destroy_read_struct(&png, NULL, NULL);
        sf_png_set_message(message, message_capacity, "could not create the libpng info structure");
        return SF_PNG_ERROR_MEMORY;
    }
    /* Written after setjmp and read after a longjmp, hence volatile. */
    png_bytep *volatile rows = NULL;
    volatile int status = SF_PNG_ERROR_DATA;

    if (setjmp(png_jmpbuf(png))) {
        free(rows);
        free(stored);
        png_destroy_read_struct(&png, &info, NULL);
        return status;
    }
    png_set_user_limits(png, max_width, max_height);
    png_set_chunk_malloc_max(png, max_chunk_bytes);
    png_set_read_fn(png, &source, sf_png_read);
    if (stored != NULL) {
        /* The stored copy is this shim's own, made from chunks whose CRCs the caller checked. */
        png_set_crc_action(png, PNG_CRC_QUIET_USE, PNG_CRC_QUIET_USE);
    }
#if defined(PNG_SET_OPTION_SUPPORTED) && defined(PNG_IGNORE_ADLER32)
    /* Chromium, the client fidelity is judged by, shows a PNG whose zlib stream ends in a wrong
     * Adler-32 (it rejects a wrong chunk CRC, which PNGChunkReader checks): so does this decoder, and
     * it saves the checksum's pass over every inflated byte. */
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, info);
    sf_png_set_rgba_transforms(png, info);

    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    size_t bytes_per_channel = png_get_bit_depth(png, info) == 16 ? 2 : 1;
    size_t row_bytes = (size_t)width * 4 * bytes_per_channel;
    if (png_get_channels(png, info) != 4 || png_get_rowbytes(png, info) != row_bytes) {
        png_error(png, "unexpected row layout after RGBA transforms");
    }
    if (row_bytes * height != pixel_capacity) {
        status = SF_PNG_ERROR_ARGUMENT;
        png_error(png, "the pixel buffer's size is not the decoded image's");
    }
    status = SF_PNG_ERROR_MEMORY;
    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) {
        png_error(png, "out of memory for the row pointers");
    }
    status = SF_PNG_ERROR_DATA;
    for (png_uint_32 y = 0; y < height; y++) {
        rows[y] = pixels + row_bytes * y;
    }
    png_read_image(png, rows);
    png_read_end(png, NULL);

    free(rows);
    free(stored);
    png_destroy_read_struct(&png, &info, NULL);
    out->byte_count = row_bytes * height;
    out->width = width;
    out->height = height;
    out->bytes_per_channel = (uint32_t)bytes_per_channel;
    return SF_PNG_OK;
}
