/* The floor for WebM decode benchmarks: the plain libvpx loop StickerForge's WebM decoder is
 * compared with. For each file: the container is read with the same libwebm shim the project uses
 * (Sources/CWebMShim), then every frame is decoded by libvpx (single-threaded, as ours), the alpha
 * stream too when the track has AlphaMode 1. No limits, no checks and no conversion to RGBA: the
 * YUV pictures are left as libvpx returns them, so the floor is generous to C.
 * With KEEP_FRAMES=1 in the environment it produces what our decoder produces instead: every shown
 * 8-bit picture converted to RGBA by libyuv (BT.601 limited range, alpha from the alpha picture)
 * into a buffer of its own, all kept until the file is done. With KEEP_FRAMES=2 each picture is
 * converted the same way into one buffer reused for every frame, as our frame-at-a-time decode does.
 * Usage: webm_floor ITERATIONS FILE...   prints "<seconds> seconds, <frames> frames" */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vpx/vp8dx.h>
#include <vpx/vpx_decoder.h>
#include <libyuv/convert_argb.h>
#include "webm_shim.h"
#include "slurp.h"


static int keep_frames;
static unsigned char *reused;  /* KEEP_FRAMES=2: the one RGBA buffer, as large as the largest frame */
static size_t reused_size;

/* Decodes one stream's payload; returns the shown picture, NULL when none. */
static vpx_image_t *decode(vpx_codec_ctx_t *ctx, const unsigned char *data, size_t size) {
    if (size == 0 || vpx_codec_decode(ctx, data, (unsigned int)size, NULL, 0) != VPX_CODEC_OK) return NULL;
    vpx_codec_iter_t it = NULL; vpx_image_t *img, *shown = NULL;
    while ((img = vpx_codec_get_frame(ctx, &it))) shown = img;
    return shown;
}

/* KEEP_FRAMES: the picture as RGBA (libyuv, "ABGR" is R, G, B, A in memory), in a new buffer or,
 * with KEEP_FRAMES=2, in the reused one. */
static unsigned char *to_rgba(const vpx_image_t *c, const vpx_image_t *a) {
    int w = (int)c->d_w, h = (int)c->d_h;
    size_t size = (size_t)w * h * 4;
    if (keep_frames == 2 && size > reused_size) { free(reused); reused = malloc(size); reused_size = size; }
    unsigned char *out = keep_frames == 2 ? reused : malloc(size);
    if (c->fmt & VPX_IMG_FMT_HIGHBITDEPTH) return out;  /* the benchmark files are 8-bit */
    if (a) I420AlphaToABGR(c->planes[0], c->stride[0], c->planes[1], c->stride[1], c->planes[2], c->stride[2],
                           a->planes[0], a->stride[0], out, w * 4, w, h, 0);
    else if (c->x_chroma_shift) I420ToABGR(c->planes[0], c->stride[0], c->planes[1], c->stride[1],
                                           c->planes[2], c->stride[2], out, w * 4, w, h);
    else I444ToABGR(c->planes[0], c->stride[0], c->planes[1], c->stride[1], c->planes[2], c->stride[2], out, w * 4, w, h);
    return out;
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
        unsigned char **kept = calloc(r.frame_count + 1, sizeof *kept);
        for (uint64_t i = 0; i < r.frame_count; i++) {
            const sf_webm_frame *f = &r.frames[i];
            vpx_image_t *c = decode(&color, bytes + f->offset, f->size), *a = NULL;
            if (has_alpha) a = decode(&alpha, r.alpha_bytes + f->alpha_offset, f->alpha_size);
            if (!c) continue;
            if (keep_frames == 2) to_rgba(c, a);
            else if (keep_frames) kept[frames] = to_rgba(c, a);
            frames++;
        }
        for (long i = 0; i < frames; i++) free(kept[i]);
        free(kept);
        vpx_codec_destroy(&color);
        if (has_alpha) vpx_codec_destroy(&alpha);
    }
    sf_webm_free(&r);
    return frames;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: webm_floor ITERATIONS FILE...\n"); return 2; }
    int iterations = atoi(argv[1]), count = argc - 2;
    keep_frames = getenv("KEEP_FRAMES") ? atoi(getenv("KEEP_FRAMES")) : 0;
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
