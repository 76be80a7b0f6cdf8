#include <lcms2.h>
/* lcms2's pixel-format macros are expressions Swift cannot import; named here as constants. */
static const cmsUInt32Number SF_TYPE_RGBA_8 = TYPE_RGBA_8;
