#ifndef STICKERFORGE_CODEC_SHIMS_H
#define STICKERFORGE_CODEC_SHIMS_H
/* The only C this project owns. libpng and libjpeg report errors by longjmp; every setjmp stays
 * inside one function in these files, which returns a status and a message instead. frame_memory.h:
 * the shared memory the Lottie helper renders into, and its un-premultiplying copy. */
#include "png_shim.h"
#include "jpeg_shim.h"
#include "frame_memory.h"
#endif
