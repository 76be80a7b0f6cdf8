/* Straight (un-premultiplied) RGBA from rlottie's premultiplied ARGB32: the one conversion both the
 * `stickerforge-lottie` helper (which converts a frame lent to a visitor in place, in its slot of the
 * frame memory, right after rendering it) and ImageCodec (a kept frame, as it copies it out) run, so
 * every frame is converted by the same code whichever side runs it. Plain C, no library: the helper
 * links this and rlottie only. */
#include "straight_alpha.h"

#include <string.h>

/* In place (destination == source) is safe: every loop reads a pixel, or a vector of them, whole
 * before it writes the same bytes, and never writes ahead of what it has read. */

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
/* N pixels at a time (8, or 16 where the CPU has AVX-512). All N opaque: the bytes reordered (B, G,
 * R, A in memory to R, G, B, A); all clear: zeros; else the division in single-precision floats,
 * which is exact here: with x = c' * 255 + a / 2 (an integer below 2^16), (x + 0.5) / a lies at
 * least 0.5 / a from every integer, and (x + 0.5) times the rounded 1 / a is within 2^-23 of it
 * relative, less than that gap for every x < 2^16 and a < 256 (LottieRendererPoolTests checks all
 * 65,536 alpha and channel values through every loop this machine runs). A table of 64 KB was a
 * third of a Lottie decode; eight lanes are under half of that, sixteen a third less again. */
#define SF_STRAIGHT_LOOP(NAME, N, ATTRIBUTES)                                                                  \
    typedef uint32_t NAME##_u32 __attribute__((vector_size(4 * N)));                                          \
    typedef int32_t NAME##_i32 __attribute__((vector_size(4 * N)));                                           \
    typedef float NAME##_f32 __attribute__((vector_size(4 * N)));                                             \
    static inline __attribute__((always_inline)) ATTRIBUTES NAME##_u32 NAME##_channel(                         \
        NAME##_u32 c, NAME##_f32 half, NAME##_f32 inverse) {                                                   \
        /* c' * 255 + a / 2 + 0.5 is exact in a float (below 2^16, in halves). */                             \
        NAME##_f32 y = (__builtin_convertvector((NAME##_i32)c, NAME##_f32) * 255.0f + half) * inverse;        \
        return (NAME##_u32)__builtin_elementwise_min(__builtin_convertvector(y, NAME##_i32), (NAME##_i32){} + 255); \
    }                                                                                                          \
    static ATTRIBUTES size_t NAME(const uint32_t *source, uint8_t *destination, size_t count) {                \
        size_t i = 0, scanned = 0;                                                                             \
        const int in_place = (const void *)destination == (const void *)source;                               \
        for (; i + N <= count; i += N) {                                                                       \
            /* In place, four vectors of zero words (where rlottie drew nothing) are already their own     \
             * output: one test for all four, no write. A run that is not is not tested again. */            \
            if (in_place && i >= scanned && i + 4 * N <= count) {                                               \
                NAME##_u32 g[4];                                                                               \
                memcpy(g, source + i, 16 * N);                                                                 \
                if (!__builtin_reduce_or(g[0] | g[1] | g[2] | g[3])) { i += 3 * N; continue; }                 \
                scanned = i + 4 * N;                                                                           \
            }                                                                                                  \
            NAME##_u32 w;                                                                                      \
            memcpy(&w, source + i, 4 * N);                                                                     \
            uint8_t *out = destination + 4 * i;                                                                \
            NAME##_u32 a = w >> 24;                                                                            \
            NAME##_i32 clear = a == 0;                                                                         \
            if (__builtin_reduce_and(clear)) {                                                                 \
                /* In place, words already zero are their own output: left unwritten (most of a sticker). */   \
                if (!in_place || __builtin_reduce_or(w) != 0)                                                 \
                    memset(out, 0, 4 * N);                                                                     \
                continue;                                                                                      \
            }                                                                                                  \
            if (__builtin_reduce_and(a == 255)) {                                                              \
                NAME##_u32 v = (w >> 16 & 255) | (w & 0xFF00FF00u) | (w & 255) << 16;                          \
                memcpy(out, &v, 4 * N);                                                                        \
                continue;                                                                                      \
            }                                                                                                  \
            /* 1 / 0 is infinity: zeroed, so a clear pixel's channels come out 0 whatever they held. */        \
            NAME##_f32 inverse = (NAME##_f32)((NAME##_i32)(1.0f / __builtin_convertvector((NAME##_i32)a, NAME##_f32)) & ~clear); \
            NAME##_f32 half = __builtin_convertvector((NAME##_i32)(a >> 1), NAME##_f32) + 0.5f;                \
            NAME##_u32 pixels = NAME##_channel(w >> 16 & 255, half, inverse)                                   \
                | NAME##_channel(w >> 8 & 255, half, inverse) << 8 | NAME##_channel(w & 255, half, inverse) << 16 \
                | a << 24;                                                                                     \
            memcpy(out, &pixels, 4 * N);                                                                       \
        }                                                                                                      \
        return i;                                                                                              \
    }

/* The loop other machines run (SSE2 or NEON: the eight lanes in two registers)... Its 32-byte vectors
 * reach only its always-inline helper, never a call between units built for other CPUs, so the ABI
 * note clang gives for vector arguments without AVX does not apply. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wpsabi"
SF_STRAIGHT_LOOP(straight_runs_portable, 8, )
#pragma clang diagnostic pop
#if defined(__x86_64__)
/* ...and the same loop compiled for AVX2 (eight lanes a register) and AVX-512 (sixteen), chosen at run time. */
SF_STRAIGHT_LOOP(straight_runs_avx2, 8, __attribute__((target("avx2"))))
SF_STRAIGHT_LOOP(straight_runs_avx512, 16, __attribute__((target("avx512f,avx512bw,avx512dq,avx512vl"))))
#endif
#endif

int sf_straight_rgba_loop_available(int loop) {
    switch (loop) {
    case SF_STRAIGHT_PORTABLE: return 1;
#if defined(__clang__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__x86_64__)
    case SF_STRAIGHT_AVX2: return __builtin_cpu_supports("avx2");
    case SF_STRAIGHT_AVX512:
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq")
            && __builtin_cpu_supports("avx512vl");
#endif
    default: return 0;
    }
}

size_t sf_straight_rgba_using(int loop, const uint32_t *source, uint8_t *destination, size_t count) {
    if (!sf_straight_rgba_loop_available(loop)) return 0;
    size_t i = 0;
#if defined(__clang__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    switch (loop) {
#if defined(__x86_64__)
    case SF_STRAIGHT_AVX512: i = straight_runs_avx512(source, destination, count); break;
    case SF_STRAIGHT_AVX2: i = straight_runs_avx2(source, destination, count); break;
#endif
    default: i = straight_runs_portable(source, destination, count); break;
    }
#endif
    for (size_t j = i; j < count; j++) straight_pixel(source[j], destination + 4 * j);
    return i;
}

void sf_premultiplied_argb_to_straight_rgba(const uint32_t *source, uint8_t *destination, size_t count) {
    int loop = sf_straight_rgba_loop_available(SF_STRAIGHT_AVX512) ? SF_STRAIGHT_AVX512
        : sf_straight_rgba_loop_available(SF_STRAIGHT_AVX2) ? SF_STRAIGHT_AVX2 : SF_STRAIGHT_PORTABLE;
    (void)sf_straight_rgba_using(loop, source, destination, count);
}
