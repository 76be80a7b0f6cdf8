#ifndef SF_PNG_SHIM_H
#define SF_PNG_SHIM_H
#include <stddef.h>
#include <stdint.h>
#endif
