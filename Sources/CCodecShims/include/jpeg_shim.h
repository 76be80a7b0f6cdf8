#ifndef SF_JPEG_SHIM_H
#define SF_JPEG_SHIM_H
#include <stddef.h>
#include <stdint.h>
#endif
