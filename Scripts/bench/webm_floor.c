/* The floor for WebM decode benchmarks: the plain libvpx loop StickerForge's WebM decoder is
 * compared with. For each file: the container is read with the same libwebm shim the project uses
 * (Sources/CWebMShim), then every frame is decoded by libvpx (single-threaded, as ours), the alpha
 * stream too when the track has AlphaMode 1. No limits, no checks and no conversion to RGBA: the
 * YUV pictures are left as libvpx returns them, so the floor is generous to C.
 * Usage: webm_floor ITERATIONS FILE...   prints "<seconds> seconds, <frames> frames" */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vpx/vp8dx.h>
#include <vpx/vpx_decoder.h>
#include "webm_shim.h"
#include "slurp.h"


/* Decodes one stream's payload; returns the number of shown pictures (0 or 1). */
static long decode(vpx_codec_ctx_t *ctx, const unsigned char *data, size_t size) {
    if (size == 0 || vpx_codec_decode(ctx, data, (unsigned int)size, NULL, 0) != VPX_CODEC_OK) return 0;
    vpx_codec_iter_t it = NULL; long shown = 0;
    while (vpx_codec_get_frame(ctx, &it)) shown++;
    return shown;
}

static long decode_file(const unsigned char *bytes, size_t len) {
    sf_webm_result r;
    long frames = 0;
    if (sf_webm_parse(bytes, len, 100000, &r) == SF_WEBM_OK) {
        vpx_codec_iface_t *iface = r.codec == SF_WEBM_CODEC_VP8 ? vpx_codec_vp8_dx() : vpx_codec_vp9_dx();
        vpx_codec_dec_cfg_t cfg = {1, 0, 0};
        vpx_codec_ctx_t color, alpha;
        int has_alpha = r.alpha_mode == 1;
        vpx_codec_dec_init(&color, iface, &cfg, 0);
        if (has_alpha) vpx_codec_dec_init(&alpha, iface, &cfg, 0);
        for (uint64_t i = 0; i < r.frame_count; i++) {
            const sf_webm_frame *f = &r.frames[i];
            frames += decode(&color, bytes + f->offset, f->size);
            if (has_alpha) decode(&alpha, r.alpha_bytes + f->alpha_offset, f->alpha_size);
        }
        vpx_codec_destroy(&color);
        if (has_alpha) vpx_codec_destroy(&alpha);
    }
    sf_webm_free(&r);
    return frames;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: webm_floor ITERATIONS FILE...\n"); return 2; }
    int iterations = atoi(argv[1]), count = argc - 2;
    unsigned char **data = calloc((size_t)count, sizeof *data);
    size_t *lens = calloc((size_t)count, sizeof *lens);
    for (int i = 0; i < count; i++) {
        data[i] = slurp(argv[i + 2], &lens[i]);
        if (!data[i]) { fprintf(stderr, "cannot read %s\n", argv[i + 2]); return 1; }
    }
    struct timespec t0, t1;
    long frames = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int k = 0; k < iterations; k++)
        for (int i = 0; i < count; i++) frames += decode_file(data[i], lens[i]);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.4f seconds, %d files x %d iterations, %ld frames\n",
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, count, iterations, frames);
    return 0;
}
