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
