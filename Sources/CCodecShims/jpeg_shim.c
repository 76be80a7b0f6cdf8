#include "jpeg_shim.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* libjpeg's error manager extended with the jump target; error_exit and the fatal warning land here. */
typedef struct sf_jpeg_error {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    int status;
    int max_scans;
    char message[JMSG_LENGTH_MAX];
} sf_jpeg_error;

/* A progress monitor that stops progressive files with absurd scan counts (a known CPU bomb). */
typedef struct sf_jpeg_progress {
    struct jpeg_progress_mgr pub;
    sf_jpeg_error *err;
} sf_jpeg_progress;

static void sf_error_exit(j_common_ptr cinfo) {
    sf_jpeg_error *err = (sf_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, err->message);
    err->status = SF_JPEG_LIBRARY_ERROR;
    longjmp(err->jump, 1);
}

/* Warnings are printed to stderr by default; we stay silent, except that running out of data is
 * an error: libjpeg would otherwise pad the image with grey and call it a success. */
static void sf_emit_message(j_common_ptr cinfo, int msg_level) {
    sf_jpeg_error *err = (sf_jpeg_error *)cinfo->err;
    if (msg_level < 0) {
        cinfo->err->num_warnings++;
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
            (*cinfo->err->format_message)(cinfo, err->message);
            err->status = SF_JPEG_TRUNCATED;
            longjmp(err->jump, 1);
        }
    }
}

static void sf_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void sf_progress(j_common_ptr cinfo) {
    sf_jpeg_progress *progress = (sf_jpeg_progress *)cinfo->progress;
    j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
    if (dinfo->input_scan_number > progress->err->max_scans) {
        snprintf(progress->err->message, sizeof progress->err->message,
                 "more than %d scans in a progressive JPEG", progress->err->max_scans);
        progress->err->status = SF_JPEG_TOO_MANY_SCANS;
        longjmp(progress->err->jump, 1);
    }
}

static void sf_copy_message(char *dst, size_t dst_size, const char *src) {
    if (dst == NULL || dst_size == 0) return;
    snprintf(dst, dst_size, "%s", src);
}

/* Copies the first APP1 marker that starts with "Exif\0\0". */
static int sf_copy_exif(j_decompress_ptr cinfo, sf_jpeg_result *out) {
    jpeg_saved_marker_ptr m;
    for (m = cinfo->marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= 6 && memcmp(m->data, "Exif\0\0", 6) == 0) {
            out->exif = (uint8_t *)malloc(m->data_length);
            if (out->exif == NULL) return 0;
            memcpy(out->exif, m->data, m->data_length);
            out->exif_size = m->data_length;
            return 1;
        }
    }
    return 1;
}

void sf_jpeg_result_free(sf_jpeg_result *result) {
    if (result == NULL) return;
    free(result->pixels); result->pixels = NULL; result->pixels_size = 0;
    free(result->exif); result->exif = NULL; result->exif_size = 0;
    free(result->icc); result->icc = NULL; result->icc_size = 0;
}

int sf_jpeg_decode(const uint8_t *data, size_t size, uint32_t max_dimension, uint64_t max_pixels,
                   int max_scans, sf_jpeg_result *out, char *message, size_t message_size) {
    struct jpeg_decompress_struct cinfo;
    sf_jpeg_error err;
    sf_jpeg_progress progress;

    memset(out, 0, sizeof *out);
    memset(&err, 0, sizeof err);
    cinfo.err = jpeg_std_error(&err.pub);
    err.pub.error_exit = sf_error_exit;
    err.pub.emit_message = sf_emit_message;
    err.pub.output_message = sf_output_message;
    err.max_scans = max_scans;

    /* Everything the jump may skip lives in `out` (caller memory) or in `cinfo`, which
     * jpeg_destroy_decompress releases; no local variable is modified after setjmp. */
    if (setjmp(err.jump)) {
        int status = err.status;
        sf_copy_message(message, message_size, err.message);
        jpeg_destroy_decompress(&cinfo);
        sf_jpeg_result_free(out);
        return status;
    }

    jpeg_create_decompress(&cinfo);
    progress.pub.progress_monitor = sf_progress;
    progress.err = &err;
    cinfo.progress = &progress.pub;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);   /* EXIF */
    jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);   /* ICC_PROFILE chunks */
    jpeg_save_markers(&cinfo, JPEG_APP0 + 14, 0xFFFF);  /* Adobe */
    jpeg_read_header(&cinfo, TRUE);

    out->width = cinfo.image_width;
    out->height = cinfo.image_height;
    out->jpeg_color_space = (int)cinfo.jpeg_color_space;
    out->progressive = cinfo.progressive_mode ? 1 : 0;
    out->saw_adobe_marker = cinfo.saw_Adobe_marker ? 1 : 0;
    out->adobe_transform = (int)cinfo.Adobe_transform;

    if (cinfo.image_width > max_dimension || cinfo.image_height > max_dimension ||
        (uint64_t)cinfo.image_width * (uint64_t)cinfo.image_height > max_pixels) {
        snprintf(message, message_size, "JPEG declares %ux%u px",
                 (unsigned)cinfo.image_width, (unsigned)cinfo.image_height);
        jpeg_destroy_decompress(&cinfo);
        return SF_JPEG_LIMIT;
    }

    if (!sf_copy_exif(&cinfo, out)) {
        sf_copy_message(message, message_size, "out of memory copying the EXIF marker");
        jpeg_destroy_decompress(&cinfo);
        sf_jpeg_result_free(out);
        return SF_JPEG_NO_MEMORY;
    }
    {
        JOCTET *icc = NULL;
        unsigned int icc_len = 0;
        if (jpeg_read_icc_profile(&cinfo, &icc, &icc_len)) {
            out->icc = icc;
            out->icc_size = icc_len;
        }
    }

    /* CMYK and YCCK stay four channels (Swift handles Adobe inversion); the rest becomes RGB. */
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        cinfo.out_color_space = JCS_CMYK;
    } else {
        cinfo.out_color_space = JCS_RGB;
    }
    jpeg_start_decompress(&cinfo);

    out->components = cinfo.output_components;
    {
        size_t row_bytes = (size_t)cinfo.output_width * (size_t)cinfo.output_components;
        out->pixels_size = row_bytes * (size_t)cinfo.output_height;
        out->pixels = (uint8_t *)malloc(out->pixels_size > 0 ? out->pixels_size : 1);
        if (out->pixels == NULL) {
            sf_copy_message(message, message_size, "out of memory for the decoded pixels");
            jpeg_destroy_decompress(&cinfo);
            sf_jpeg_result_free(out);
            return SF_JPEG_NO_MEMORY;
        }
        while (cinfo.output_scanline < cinfo.output_height) {
            JSAMPROW row = out->pixels + (size_t)cinfo.output_scanline * row_bytes;
            jpeg_read_scanlines(&cinfo, &row, 1);
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return SF_JPEG_OK;
}
