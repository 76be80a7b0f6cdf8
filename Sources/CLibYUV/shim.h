/* row.h defines struct YuvConstants, which the WebM converter copies to correct one coefficient. */
#include <libyuv/convert_argb.h>
#include <libyuv/row.h>
