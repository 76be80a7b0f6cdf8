#ifndef STICKERFORGE_CODEC_SHIMS_H
#define STICKERFORGE_CODEC_SHIMS_H
/* The only C this project owns. libpng and libjpeg report errors by longjmp; every setjmp stays
 * inside one function in these files, which returns a status and a message instead. */
#include "png_shim.h"
#include "jpeg_shim.h"
#endif
