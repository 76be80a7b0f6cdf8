#ifndef STICKERFORGE_CODEC_SHIMS_H
#define STICKERFORGE_CODEC_SHIMS_H
/* The only C this project owns. libpng and libjpeg report errors by longjmp; every setjmp stays
 * inside one function here, which returns a status and a message instead. */
#include <stddef.h>
#include <stdint.h>

#endif
