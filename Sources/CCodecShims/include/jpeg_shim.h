#ifndef SF_JPEG_SHIM_H
#define SF_JPEG_SHIM_H
#include <stddef.h>
#include <stdint.h>

/* One JPEG decode in one call: libjpeg's longjmp never leaves sf_jpeg_decode, so no Swift frame is
 * ever jumped over. The caller owns the result and releases it with sf_jpeg_result_free. */

/* Outcome of sf_jpeg_decode; the message buffer says what failed for every status but SF_JPEG_OK. */
typedef enum sf_jpeg_status {
    SF_JPEG_OK = 0,
    SF_JPEG_LIBRARY_ERROR = 1,  /* libjpeg's error_exit (corrupt or unsupported data) */
    SF_JPEG_TRUNCATED = 2,      /* "Premature end of JPEG file", a warning we treat as an error */
    SF_JPEG_LIMIT = 3,          /* the declared size is over the limits; width/height are filled in */
    SF_JPEG_NO_MEMORY = 4,      /* malloc failed for an output buffer */
    SF_JPEG_TOO_MANY_SCANS = 5  /* a progressive file with more scans than max_scans */
} sf_jpeg_status;

/* What one decode produced. Pointers are malloc'd (or NULL) and freed by sf_jpeg_result_free. */
typedef struct sf_jpeg_result {
    uint32_t width;
    uint32_t height;
    int components;          /* 3: RGB from gray/YCbCr/RGB; 4: CMYK as stored (from CMYK/YCCK) */
    int jpeg_color_space;    /* J_COLOR_SPACE of the file: 1 gray, 2 RGB, 3 YCbCr, 4 CMYK, 5 YCCK */
    int progressive;         /* 1 when the SOF marker is progressive */
    int saw_adobe_marker;    /* 1 when an APP14 "Adobe" marker was read */
    int adobe_transform;     /* the Adobe marker's transform code */
    uint8_t *pixels;         /* width * height * components bytes, row-major */
    size_t pixels_size;
    uint8_t *exif;           /* the first APP1 "Exif\0\0" payload, signature included */
    size_t exif_size;
    uint8_t *icc;            /* the ICC profile reassembled from APP2 ICC_PROFILE chunks */
    size_t icc_size;
} sf_jpeg_result;

/* Decodes `size` bytes at `data`. Refuses (SF_JPEG_LIMIT) before jpeg_start_decompress when a side
 * exceeds max_dimension or width*height exceeds max_pixels. Writes a NUL-terminated message into
 * `message` (at most message_size bytes) on failure. On failure `out` holds no buffers. */
int sf_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint64_t max_pixels,
                   int max_scans, sf_jpeg_result *out, char *message, size_t message_size);

/* Frees the result's buffers and clears the pointers; safe to call twice. */
void sf_jpeg_result_free(sf_jpeg_result *result);

#endif
