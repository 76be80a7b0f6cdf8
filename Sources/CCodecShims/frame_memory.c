#define _GNU_SOURCE
#include "frame_memory.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
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

void sf_premultiplied_argb_to_straight_rgba(const uint32_t *source, uint8_t *destination, size_t count) {
    /* Building the table twice from two threads writes the same bytes: harmless. */
    if (!__atomic_load_n(&straight_ready, __ATOMIC_ACQUIRE)) make_straight_table();
    for (size_t i = 0; i < count; i++) {
        uint32_t v = source[i], a = v >> 24;
        uint8_t *out = destination + 4 * i;
        if (a == 255) {
            out[0] = (uint8_t)(v >> 16); out[1] = (uint8_t)(v >> 8); out[2] = (uint8_t)v; out[3] = 255;
        } else if (a == 0) {
            out[0] = 0; out[1] = 0; out[2] = 0; out[3] = 0;
        } else {
            const unsigned char *row = straight[a];
            out[0] = row[(v >> 16) & 0xFF]; out[1] = row[(v >> 8) & 0xFF]; out[2] = row[v & 0xFF]; out[3] = (uint8_t)a;
        }
    }
}
