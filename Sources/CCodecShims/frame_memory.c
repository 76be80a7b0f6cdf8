#define _GNU_SOURCE
#include "frame_memory.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int sf_frame_memory_create(size_t bytes) {
#if defined(__linux__)
    int fd = memfd_create("stickerforge-frames", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)bytes) != 0 || fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_SEAL) != 0) {
        int saved = errno; close(fd); errno = saved; return -1;
    }
    return fd;
#else
    char name[64];
    snprintf(name, sizeof name, "/stickerforge-frames-%ld", (long)getpid());
    int fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL, 0600);
    if (fd < 0) return -1;
    shm_unlink(name);
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || ftruncate(fd, (off_t)bytes) != 0) {
        int saved = errno; close(fd); errno = saved; return -1;
    }
    return fd;
#endif
}

int sf_frame_memory_grow(int fd, size_t bytes) {
    struct stat info;
    if (fstat(fd, &info) != 0) return -1;
    if ((size_t)info.st_size >= bytes) return 0;
    return ftruncate(fd, (off_t)bytes);
}

void sf_prefault_for_writing(void *start, size_t bytes) {
#if defined(__linux__)
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
    long page = sysconf(_SC_PAGESIZE);
    if (page <= 0) return;
    uintptr_t first = ((uintptr_t)start + (uintptr_t)page - 1) & ~((uintptr_t)page - 1);
    uintptr_t end = ((uintptr_t)start + bytes) & ~((uintptr_t)page - 1);
    /* Kernels before 5.14 answer EINVAL: the writes then fault page by page, as without this call. */
    if (end > first) (void)madvise((void *)first, end - first, MADV_POPULATE_WRITE);
#else
    (void)start; (void)bytes;
#endif
}

/* One pixel, exactly: c = (c' * 255 + a / 2) / a capped at 255; alpha 0 becomes transparent black.
 * For the tail of a row of pixels and for compilers without vector extensions. */
static inline void straight_pixel(uint32_t v, uint8_t *out) {
    uint32_t a = v >> 24;
    if (a == 0) { memset(out, 0, 4); return; }
    uint32_t r = ((v >> 16 & 255) * 255 + a / 2) / a, g = ((v >> 8 & 255) * 255 + a / 2) / a, b = ((v & 255) * 255 + a / 2) / a;
    out[0] = (uint8_t)(r > 255 ? 255 : r); out[1] = (uint8_t)(g > 255 ? 255 : g); out[2] = (uint8_t)(b > 255 ? 255 : b);
    out[3] = (uint8_t)a;
}

#if defined(__clang__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Eight pixels at a time. All eight opaque: a byte shuffle (B, G, R, A in memory to R, G, B, A); all
 * clear: zeros; else the division in single-precision floats, which is exact here: with
 * x = c' * 255 + a / 2 (an integer below 2^16), (x + 0.5) / a lies at least 0.5 / a from every
 * integer, and (x + 0.5) times the rounded 1 / a is within 2^-23 of it relative, less than that gap
 * for every x < 2^16 and a < 256 (LottieRendererPoolTests checks all 65,536 alpha and channel
 * values). A table of 64 KB was a third of a Lottie decode; this is under half of that. */
typedef uint32_t sf_u32x8 __attribute__((vector_size(32)));
typedef int32_t sf_i32x8 __attribute__((vector_size(32)));
typedef float sf_f32x8 __attribute__((vector_size(32)));
typedef uint8_t sf_u8x32 __attribute__((vector_size(32)));

static inline __attribute__((always_inline)) sf_u32x8 straight_channel(sf_u32x8 c, sf_f32x8 half, sf_f32x8 inverse) {
    /* c' * 255 + a / 2 + 0.5 is exact in a float (below 2^16, in halves). */
    sf_f32x8 y = (__builtin_convertvector((sf_i32x8)c, sf_f32x8) * 255.0f + half) * inverse;
    return (sf_u32x8)__builtin_elementwise_min(__builtin_convertvector(y, sf_i32x8), (sf_i32x8){255, 255, 255, 255, 255, 255, 255, 255});
}

static inline __attribute__((always_inline)) size_t straight_runs_of_eight(const uint32_t *source, uint8_t *destination, size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        sf_u32x8 w;
        memcpy(&w, source + i, 32);
        uint8_t *out = destination + 4 * i;
        sf_u32x8 a = w >> 24;
        sf_i32x8 clear = a == 0;
        if (__builtin_reduce_and(clear)) { memset(out, 0, 32); continue; }
        if (__builtin_reduce_and(a == 255)) {
            sf_u8x32 v = (sf_u8x32)w;
            sf_u8x32 r = __builtin_shufflevector(v, v, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15,
                                                 18, 17, 16, 19, 22, 21, 20, 23, 26, 25, 24, 27, 30, 29, 28, 31);
            memcpy(out, &r, 32);
            continue;
        }
        /* 1 / 0 is infinity: zeroed, so a clear pixel's channels come out 0 whatever they held. */
        sf_f32x8 inverse = (sf_f32x8)((sf_i32x8)(1.0f / __builtin_convertvector((sf_i32x8)a, sf_f32x8)) & ~clear);
        sf_f32x8 half = __builtin_convertvector((sf_i32x8)(a >> 1), sf_f32x8) + 0.5f;
        sf_u32x8 r = straight_channel(w >> 16 & 255, half, inverse), g = straight_channel(w >> 8 & 255, half, inverse),
                 b = straight_channel(w & 255, half, inverse);
        sf_u32x8 pixels = r | g << 8 | b << 16 | a << 24;
        memcpy(out, &pixels, 32);
    }
    return i;
}

#if defined(__x86_64__)
/* The same loop compiled for AVX2 (eight lanes a register, where SSE2 takes two), chosen at run time. */
__attribute__((target("avx2"))) static size_t straight_runs_of_eight_avx2(const uint32_t *source, uint8_t *destination, size_t count) {
    return straight_runs_of_eight(source, destination, count);
}
#endif
#endif

size_t sf_straight_rgba_portable(const uint32_t *source, uint8_t *destination, size_t count) {
#if defined(__clang__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    size_t i = straight_runs_of_eight(source, destination, count);
#else
    size_t i = 0;
#endif
    for (size_t j = i; j < count; j++) straight_pixel(source[j], destination + 4 * j);
    return i;
}

void sf_premultiplied_argb_to_straight_rgba(const uint32_t *source, uint8_t *destination, size_t count) {
#if defined(__clang__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__x86_64__)
    if (__builtin_cpu_supports("avx2")) {
        size_t i = straight_runs_of_eight_avx2(source, destination, count);
        for (; i < count; i++) straight_pixel(source[i], destination + 4 * i);
        return;
    }
#endif
    sf_straight_rgba_portable(source, destination, count);
}
