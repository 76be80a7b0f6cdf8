#include <lcms2.h>
/* lcms2's pixel-format macros are expressions Swift cannot import; named here as constants. */
static const cmsUInt32Number SF_TYPE_RGBA_8 = TYPE_RGBA_8;
static const cmsUInt32Number SF_TYPE_CMYK_8 = TYPE_CMYK_8;
/* Adobe's inverted CMYK (0 = full ink), as libjpeg returns it for files with an APP14 "Adobe" marker. */
static const cmsUInt32Number SF_TYPE_CMYK_8_REV = TYPE_CMYK_8_REV;
