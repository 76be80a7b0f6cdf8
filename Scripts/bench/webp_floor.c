/* The floor for the WebP decode benchmark: the plain libwebp loop StickerForge is compared with.
 * Stills: WebPDecodeRGBA (libwebp allocates the buffer; freed at once). Animations: libwebpdemux's
 * WebPAnimDecoder in RGBA, every frame fetched (the canvas is composited by libwebp but not copied
 * out, which our decoder does for every frame: the floor is generous to C). Prints the seconds for
 * all iterations like decode_floor.c.
 * Usage: webp_floor ITERATIONS FILE... */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <webp/decode.h>
#include <webp/demux.h>

static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    fclose(f); *len = (size_t)n; return buf;
}

static long decode(const unsigned char *d, size_t n) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(d, n, &features) != VP8_STATUS_OK) return -1;
    if (!features.has_animation) {
        int w, h;
        uint8_t *px = WebPDecodeRGBA(d, n, &w, &h);
        long sum = px ? px[0] : -1; WebPFree(px); return sum;
    }
    WebPData data = { d, n };
    WebPAnimDecoderOptions options;
    WebPAnimDecoderOptionsInit(&options);
    options.color_mode = MODE_RGBA; options.use_threads = 0;
    WebPAnimDecoder *dec = WebPAnimDecoderNew(&data, &options);
    if (!dec) return -1;
    long sum = 0;
    while (WebPAnimDecoderHasMoreFrames(dec)) {
        uint8_t *buf; int ts;
        if (!WebPAnimDecoderGetNext(dec, &buf, &ts)) { sum = -1; break; }
        sum += buf[0];
    }
    WebPAnimDecoderDelete(dec);
    return sum;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: webp_floor ITERATIONS FILE...\n"); return 2; }
    int iterations = atoi(argv[1]), files = argc - 2, failed = 0;
    unsigned char **bufs = calloc((size_t)files, sizeof *bufs);
    size_t *lens = calloc((size_t)files, sizeof *lens);
    for (int i = 0; i < files; i++) bufs[i] = slurp(argv[i + 2], &lens[i]);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int it = 0; it < iterations; it++)
        for (int i = 0; i < files; i++)
            if (!bufs[i] || decode(bufs[i], lens[i]) < 0) failed++;
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("%.4f seconds, %d files x %d iterations, %d failed\n",
           (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9, files, iterations, failed);
    return 0;
}
