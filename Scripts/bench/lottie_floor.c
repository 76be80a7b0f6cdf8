/* The floor for the Lottie decode benchmark: the plain rlottie loop StickerForge is compared with.
 * For each file: read it, lottie_animation_from_data, then render every frame (0 ..< op - ip) at
 * the canvas size, or at SIZE a side fitted like `--fit`, into one premultiplied ARGB32 buffer
 * (rlottie clears it before each frame).
 * No validation, no process, no un-premultiplying: that work is ours alone, so the floor is
 * generous to C. With --keep, each frame is rendered into a buffer of its own, allocated as it
 * comes and kept until the file's last frame (as a decode that keeps every frame must: the floor
 * for `bench-decode` without --frame-at-a-time, whose frames are fresh memory too).
 * With --straight (built with -DSF_FLOOR_STRAIGHT and Sources/CStraightAlpha), each frame is also
 * converted to straight RGBA in place, as the helper does: the floor of anything that hands out
 * straight RGBA, which must read every frame once.
 * Prints the seconds taken for all iterations and a checksum of the last frames.
 * Usage: lottie_floor ITERATIONS BOX(0 = canvas) [--keep | --straight] FILE.json... */
#include <rlottie_capi.h>
#ifdef SF_FLOOR_STRAIGHT
#include <straight_alpha.h>
#endif
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); return NULL; }
    buf[n] = 0; fclose(f); return buf;
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: lottie_floor ITERATIONS BOX [--keep] FILE...\n"); return 2; }
    int iterations = atoi(argv[1]), box = atoi(argv[2]), first = 3, keep = 0, straight = 0;
    if (strcmp(argv[3], "--keep") == 0) { keep = 1; first = 4; }
    if (strcmp(argv[3], "--straight") == 0) {
#ifndef SF_FLOOR_STRAIGHT
        fprintf(stderr, "built without SF_FLOOR_STRAIGHT\n"); return 2;
#endif
        straight = 1; first = 4;
    }
    unsigned long long checksum = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int it = 0; it < iterations; it++) {
        for (int f = first; f < argc; f++) {
            char *json = slurp(argv[f]);
            if (!json) { fprintf(stderr, "cannot read %s\n", argv[f]); return 1; }
            char key[64]; snprintf(key, sizeof key, "%d-%d", it, f);   /* rlottie caches models by key */
            Lottie_Animation *a = lottie_animation_from_data(json, key, "");
            free(json);
            if (!a) { fprintf(stderr, "rlottie refused %s\n", argv[f]); return 1; }
            size_t w, h; lottie_animation_get_size(a, &w, &h);
            if (box > 0) {
                size_t longest = w > h ? w : h;   /* rounded like LottieDocument.renderSize */
                size_t sw = (w * (size_t)box * 2 + longest) / (2 * longest), sh = (h * (size_t)box * 2 + longest) / (2 * longest);
                w = sw ? sw : 1; h = sh ? sh : 1;
            }
            size_t frames = lottie_animation_get_totalframe(a);
            uint32_t *buf = keep ? NULL : malloc(w * h * 4);
            uint32_t **kept = keep ? calloc(frames ? frames : 1, sizeof *kept) : NULL;
            for (size_t i = 0; i < frames; i++) {
                if (keep) buf = kept[i] = malloc(w * h * 4);
                if (!buf) { fprintf(stderr, "out of memory\n"); return 1; }
                /* No memset: rlottie clears the whole surface itself before drawing (and the helper
                 * does not clear its slots either). */
                lottie_animation_render(a, i, buf, w, h, w * 4);
#ifdef SF_FLOOR_STRAIGHT
                if (straight) sf_premultiplied_argb_to_straight_rgba(buf, (uint8_t *)buf, w * h);
#endif
                checksum += buf[(h / 2) * w + w / 2];
            }
            if (keep) { for (size_t i = 0; i < frames; i++) free(kept[i]); free(kept); } else free(buf);
            lottie_animation_destroy(a);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.6f %llu\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, checksum);
    return 0;
}
