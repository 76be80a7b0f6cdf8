/* The floor for decode benchmarks: the plain C-library decode loop StickerForge is compared with.
 * Decodes each file to 8-bit RGBA (PNG via libpng's simplified API, GIF via DGifSlurp plus palette
 * lookup, JPEG via libjpeg-turbo to RGBA) and prints the seconds taken for all iterations.
 * APNG: Debian's libpng has no APNG support, so each stored frame (fcTL + IDAT/fdAT data) is
 * rewrapped as a standalone PNG (IHDR with the frame's size, PLTE, tRNS, one IDAT, IEND; CRCs by
 * zlib) and decoded like a still, the same per-frame work our decoder hands to libpng. It does no
 * APNG or GIF compositing and no chunk validation: that work is ours alone, so the floor is
 * generous to C.
 * WebP: WebPDecodeRGBA for stills; animations through libwebpdemux's WebPAnimDecoder in RGBA, every
 * frame fetched (libwebp composites the canvas; the floor does not copy it out, which our decoder
 * does for every frame, so here too the floor is generous to C). With KEEP_FRAMES=1 in the
 * environment it keeps a malloc'd copy of every canvas until the file is done, the least work that
 * gives the same output as ours (every frame a full canvas).
 * Usage: decode_floor ITERATIONS FILE... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <png.h>
#include <gif_lib.h>
#include <jpeglib.h>
#include <setjmp.h>
#include <zlib.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include "slurp.h"


static long decode_png(const unsigned char *d, size_t n) {
    png_image img; memset(&img, 0, sizeof img); img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, d, n)) return -1;
    img.format = PNG_FORMAT_RGBA;
    unsigned char *px = malloc(PNG_IMAGE_SIZE(img));
    int ok = png_image_finish_read(&img, NULL, px, 0, NULL);
    long sum = ok ? px[0] : -1; free(px); png_image_free(&img); return sum;
}

static unsigned be32(const unsigned char *p) { return (unsigned)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }
static void put32(unsigned char *p, unsigned v) { p[0] = v >> 24; p[1] = v >> 16; p[2] = v >> 8; p[3] = v; }

/* A growable byte buffer for the rewrapped frame streams. */
typedef struct { unsigned char *d; size_t n, cap; } buf_t;
static void put(buf_t *b, const void *src, size_t k) {
    if (b->n + k > b->cap) { b->cap = (b->n + k) * 2; b->d = realloc(b->d, b->cap); }
    memcpy(b->d + b->n, src, k); b->n += k;
}
static void put_chunk(buf_t *b, const char *type, const unsigned char *data, size_t k) {
    unsigned char head[8]; put32(head, (unsigned)k); memcpy(head + 4, type, 4); put(b, head, 8);
    if (k) put(b, data, k);
    unsigned crc = (unsigned)crc32(crc32(0, (const unsigned char *)type, 4), data, (uInt)k);
    unsigned char tail[4]; put32(tail, crc); put(b, tail, 4);
}

/* Decodes every stored frame of an APNG (no compositing); -1 on failure, else a checksum. */
static long decode_apng(const unsigned char *d, size_t n) {
    const unsigned char *ihdr = NULL, *plte = NULL, *trns = NULL; size_t plte_n = 0, trns_n = 0;
    buf_t data = { 0 }, stream = { 0 }; long sum = 0; int in_frame = 0; unsigned w = 0, h = 0;
    size_t pos = 8;
    for (;;) {
        int end = pos + 12 > n;
        unsigned len = end ? 0 : be32(d + pos); const unsigned char *type = end ? NULL : d + pos + 4;
        const unsigned char *body = end ? NULL : d + pos + 8;
        if (!end && pos + 12 + len > n) { sum = -1; break; }
        int closes = end || !memcmp(type, "fcTL", 4) || !memcmp(type, "IEND", 4);
        if (closes && data.n > 0) { /* decode the frame gathered so far */
            unsigned char hdr[13]; memcpy(hdr, ihdr, 13);
            if (in_frame) { put32(hdr, w); put32(hdr + 4, h); }
            stream.n = 0; put(&stream, "\x89PNG\r\n\x1a\n", 8); put_chunk(&stream, "IHDR", hdr, 13);
            if (plte) put_chunk(&stream, "PLTE", plte, plte_n);
            if (trns) put_chunk(&stream, "tRNS", trns, trns_n);
            put_chunk(&stream, "IDAT", data.d, data.n); put_chunk(&stream, "IEND", NULL, 0);
            long r = decode_png(stream.d, stream.n);
            if (r < 0) { sum = -1; break; }
            sum += r; data.n = 0;
        }
        if (end || !memcmp(type, "IEND", 4)) break;
        if (!memcmp(type, "IHDR", 4) && len == 13) ihdr = body;
        else if (!memcmp(type, "PLTE", 4)) { plte = body; plte_n = len; }
        else if (!memcmp(type, "tRNS", 4)) { trns = body; trns_n = len; }
        else if (!memcmp(type, "fcTL", 4) && len >= 12) { in_frame = 1; w = be32(body + 4); h = be32(body + 8); }
        else if (!memcmp(type, "IDAT", 4)) put(&data, body, len);
        else if (!memcmp(type, "fdAT", 4) && len >= 4) put(&data, body + 4, len - 4);
        pos += 12 + (size_t)len;
    }
    free(data.d); free(stream.d);
    return ihdr ? sum : -1;
}

/* Whether a PNG file holds an acTL chunk before its first IDAT. */
static int is_apng(const unsigned char *d, size_t n) {
    for (size_t pos = 8; pos + 12 <= n; pos += 12 + (size_t)be32(d + pos)) {
        if (!memcmp(d + pos + 4, "acTL", 4)) return 1;
        if (!memcmp(d + pos + 4, "IDAT", 4)) return 0;
    }
    return 0;
}

typedef struct { const unsigned char *d; size_t n, pos; } mem_t;
static int gif_read(GifFileType *g, GifByteType *out, int len) {
    mem_t *m = g->UserData; size_t k = (size_t)len;
    if (k > m->n - m->pos) k = m->n - m->pos;
    memcpy(out, m->d + m->pos, k); m->pos += k; return (int)k;
}
static long decode_gif(const unsigned char *d, size_t n) {
    mem_t m = { d, n, 0 }; int err = 0;
    GifFileType *g = DGifOpen(&m, gif_read, &err);
    if (!g) return -1;
    if (DGifSlurp(g) != GIF_OK) { DGifCloseFile(g, &err); return -1; }
    long sum = 0;
    for (int i = 0; i < g->ImageCount; i++) {
        SavedImage *s = &g->SavedImages[i];
        ColorMapObject *cm = s->ImageDesc.ColorMap ? s->ImageDesc.ColorMap : g->SColorMap;
        size_t count = (size_t)s->ImageDesc.Width * s->ImageDesc.Height;
        unsigned char *px = malloc(count * 4);
        for (size_t p = 0; p < count && cm; p++) {
            GifColorType c = cm->Colors[s->RasterBits[p] % cm->ColorCount];
            px[p*4] = c.Red; px[p*4+1] = c.Green; px[p*4+2] = c.Blue; px[p*4+3] = 255;
        }
        sum += px[0]; free(px);
    }
    DGifCloseFile(g, &err); return sum;
}

struct jerr { struct jpeg_error_mgr pub; jmp_buf jb; };
static void jexit(j_common_ptr c) { longjmp(((struct jerr *)c->err)->jb, 1); }
static long decode_jpeg(const unsigned char *d, size_t n) {
    struct jpeg_decompress_struct c; struct jerr e;
    c.err = jpeg_std_error(&e.pub); e.pub.error_exit = jexit;
    unsigned char *px = NULL;
    if (setjmp(e.jb)) { jpeg_destroy_decompress(&c); free(px); return -1; }
    jpeg_create_decompress(&c); jpeg_mem_src(&c, d, (unsigned long)n); jpeg_read_header(&c, TRUE);
    c.out_color_space = JCS_EXT_RGBA; jpeg_start_decompress(&c);
    size_t stride = (size_t)c.output_width * 4; px = malloc(stride * c.output_height);
    while (c.output_scanline < c.output_height) {
        unsigned char *row = px + stride * c.output_scanline; jpeg_read_scanlines(&c, &row, 1);
    }
    jpeg_finish_decompress(&c); jpeg_destroy_decompress(&c);
    long sum = px[0]; free(px); return sum;
}

static long decode_webp(const unsigned char *d, size_t n) {
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
    WebPAnimInfo info;
    WebPAnimDecoderGetInfo(dec, &info);
    size_t canvas = (size_t)info.canvas_width * info.canvas_height * 4;
    int keep = getenv("KEEP_FRAMES") != NULL;
    uint8_t **kept = keep ? calloc(info.frame_count, sizeof *kept) : NULL;
    long sum = 0; unsigned count = 0;
    while (WebPAnimDecoderHasMoreFrames(dec)) {
        uint8_t *buf; int ts;
        if (!WebPAnimDecoderGetNext(dec, &buf, &ts)) { sum = -1; break; }
        if (keep && count < info.frame_count) { kept[count] = malloc(canvas); memcpy(kept[count], buf, canvas); }
        sum += buf[0]; count++;
    }
    if (keep) { for (unsigned i = 0; i < info.frame_count; i++) free(kept[i]); free(kept); }
    WebPAnimDecoderDelete(dec);
    return sum;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s ITERATIONS FILE...\n", argv[0]); return 2; }
    int iters = atoi(argv[1]); int files = argc - 2;
    unsigned char **data = calloc((size_t)files, sizeof *data); size_t *len = calloc((size_t)files, sizeof *len);
    for (int i = 0; i < files; i++) data[i] = slurp(argv[i + 2], &len[i]);
    struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
    long check = 0, failed = 0;
    for (int it = 0; it < iters; it++)
        for (int i = 0; i < files; i++) {
            if (!data[i] || len[i] < 4) continue;
            long r = data[i][0] == 0x89 ? (is_apng(data[i], len[i]) ? decode_apng(data[i], len[i])
                                                                    : decode_png(data[i], len[i]))
                   : data[i][0] == 'G' ? decode_gif(data[i], len[i])
                   : data[i][0] == 0xFF ? decode_jpeg(data[i], len[i])
                   : data[i][0] == 'R' ? decode_webp(data[i], len[i]) : -1;
            if (r < 0) failed++; else check += r;
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%.4f seconds, %d files x %d iterations, %ld failed (checksum %ld)\n", s, files, iters, failed, check);
    return 0;
}
