/* The floor for decode benchmarks: the plain C-library decode loop StickerForge is compared with.
 * Decodes each file to 8-bit RGBA (PNG via libpng's simplified API, GIF via DGifSlurp plus palette
 * lookup, JPEG via libjpeg-turbo to RGBA) and prints the seconds taken for all iterations.
 * It does no APNG or GIF compositing: that work is ours alone, so the floor is generous to C.
 * Usage: decode_floor ITERATIONS FILE... */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <png.h>
#include <gif_lib.h>
#include <jpeglib.h>
#include <setjmp.h>

static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    fclose(f); *len = (size_t)n; return buf;
}

static long decode_png(const unsigned char *d, size_t n) {
    png_image img; memset(&img, 0, sizeof img); img.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&img, d, n)) return -1;
    img.format = PNG_FORMAT_RGBA;
    unsigned char *px = malloc(PNG_IMAGE_SIZE(img));
    int ok = png_image_finish_read(&img, NULL, px, 0, NULL);
    long sum = ok ? px[0] : -1; free(px); png_image_free(&img); return sum;
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
            long r = data[i][0] == 0x89 ? decode_png(data[i], len[i])
                   : data[i][0] == 'G' ? decode_gif(data[i], len[i])
                   : data[i][0] == 0xFF ? decode_jpeg(data[i], len[i]) : -1;
            if (r < 0) failed++; else check += r;
        }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%.4f seconds, %d files x %d iterations, %ld failed (checksum %ld)\n", s, files, iters, failed, check);
    return 0;
}
