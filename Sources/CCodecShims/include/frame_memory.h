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

#endif
