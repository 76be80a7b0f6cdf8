#ifndef SF_FRAME_MEMORY_H
#define SF_FRAME_MEMORY_H
#include <stddef.h>
#include <stdint.h>

/* Shared frame memory for the Lottie helper process (ImageCodec's LottieChild): an anonymous file
 * the tool and the helper both map, the helper rendering frames into it and the tool reading them. */

/* A new anonymous memory file of `bytes` bytes, close-on-exec; on Linux a memfd sealed against
 * shrinking (a helper that shrank it under the tool's mapping would make the tool's reads fault).
 * Returns the descriptor, or -1 with errno set. */
int sf_frame_memory_create(size_t bytes);

/* Grows the memory file to at least `bytes` bytes (never shrinks it). Returns 0, or -1 with errno set. */
int sf_frame_memory_grow(int fd, size_t bytes);

/* Faults in the whole pages of `bytes` bytes at `start` for writing, in one call (Linux's
 * MADV_POPULATE_WRITE), where writing fresh memory takes a fault a page; a kept 1 MiB frame is 256
 * of them. Does nothing where the kernel or the system has no such call. */
void sf_prefault_for_writing(void *start, size_t bytes);

/* rlottie's premultiplied ARGB32 (host-order words) to straight RGBA bytes, `count` pixels, from
 * `source` into `destination` (which must not overlap it): each channel divided by alpha and
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
