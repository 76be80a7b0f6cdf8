/* Reads a whole file into memory for the benchmark floors (decode_floor.c, webm_floor.c). */
#ifndef SF_BENCH_SLURP_H
#define SF_BENCH_SLURP_H
#include <stdio.h>
#include <stdlib.h>

static unsigned char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *buf = malloc((size_t)n);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) { free(buf); buf = NULL; }
    fclose(f); *len = (size_t)n; return buf;
}
#endif
