#ifndef SF_STRAIGHT_ALPHA_H
#define SF_STRAIGHT_ALPHA_H
#include <stddef.h>
#include <stdint.h>

/* rlottie's premultiplied ARGB32 (host-order words) to straight RGBA bytes, `count` pixels, from
 * `source` into `destination` (which is either `source` itself, converting in place, or does not
 * overlap it): each channel divided by alpha and
 * rounded to nearest, c = (c' * 255 + a / 2) / a, at most 255; alpha 0 becomes transparent black. */
void sf_premultiplied_argb_to_straight_rgba(const uint32_t *source, uint8_t *destination, size_t count);

/* The vector loops of that conversion: the widest this CPU has is the one used; tests run each. */
enum { SF_STRAIGHT_PORTABLE = 0, SF_STRAIGHT_AVX2 = 1, SF_STRAIGHT_AVX512 = 2 };

/* 1 when this machine can run `loop` (one of the SF_STRAIGHT_ values), else 0. */
int sf_straight_rgba_loop_available(int loop);

/* The conversion through `loop`, its tail a pixel at a time. Returns how many leading pixels went
 * through the vector loop (0, converting nothing, when this machine cannot run it). */
size_t sf_straight_rgba_using(int loop, const uint32_t *source, uint8_t *destination, size_t count);

#endif
