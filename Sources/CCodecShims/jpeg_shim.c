#include "jpeg_shim.h"
