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

/* straight[a][c']: (c' * 255 + a / 2) / a capped at 255; row 0 all zero. Built once; a table because
 * three divisions a pixel cost a fifth of the render time. Opaque and clear pixels skip it. */
static unsigned char straight[256][256];
static int straight_ready;

static void make_straight_table(void) {
    for (unsigned a = 1; a < 256; a++) {
        for (unsigned c = 0; c < 256; c++) {
            unsigned v = (c * 255 + a / 2) / a;
            straight[a][c] = (unsigned char)(v > 255 ? 255 : v);
        }
    }
    __atomic_store_n(&straight_ready, 1, __ATOMIC_RELEASE);
}

static inline void straight_pixel(uint32_t v, uint8_t *out) {
    uint32_t a = v >> 24;
    if (a == 255) {
        out[0] = (uint8_t)(v >> 16); out[1] = (uint8_t)(v >> 8); out[2] = (uint8_t)v; out[3] = 255;
    } else {
        const unsigned char *row = straight[a];   /* row 0 is all zero: transparent black */
        out[0] = row[(v >> 16) & 0xFF]; out[1] = row[(v >> 8) & 0xFF]; out[2] = row[v & 0xFF]; out[3] = (uint8_t)a;
    }
}

void sf_premultiplied_argb_to_straight_rgba(const uint32_t *source, uint8_t *destination, size_t count) {
    /* Building the table twice from two threads writes the same bytes: harmless. */
    if (!__atomic_load_n(&straight_ready, __ATOMIC_ACQUIRE)) make_straight_table();
    size_t i = 0;
#if defined(__clang__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* Four pixels at a time where all four are opaque (a byte shuffle: B, G, R, A in memory to
     * R, G, B, A) or all four clear (zeros); the table for the rest. Stickers are mostly both. */
    typedef uint8_t bytes16 __attribute__((vector_size(16)));
    for (; i + 4 <= count; i += 4) {
        uint32_t w0 = source[i], w1 = source[i + 1], w2 = source[i + 2], w3 = source[i + 3];
        uint8_t *out = destination + 4 * i;
        if (((w0 & w1 & w2 & w3) >> 24) == 255) {
            bytes16 v;
            memcpy(&v, source + i, 16);
            bytes16 r = __builtin_shufflevector(v, v, 2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15);
            memcpy(out, &r, 16);
        } else if (((w0 | w1 | w2 | w3) >> 24) == 0) {
            memset(out, 0, 16);
        } else {
            straight_pixel(w0, out); straight_pixel(w1, out + 4); straight_pixel(w2, out + 8); straight_pixel(w3, out + 12);
        }
    }
#endif
    for (; i < count; i++) straight_pixel(source[i], destination + 4 * i);
}
