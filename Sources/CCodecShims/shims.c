#include "codec_shims.h"
