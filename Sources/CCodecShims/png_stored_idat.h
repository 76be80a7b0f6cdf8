/* Private to CCodecShims: the inflate libpng would do, done by libdeflate instead (png_shim.c). */
#ifndef SF_PNG_STORED_IDAT_H
#define SF_PNG_STORED_IDAT_H
#include <stddef.h>
#include <stdint.h>

/* A copy of `stream` (a PNG stream as PNGStreamBuilder writes it: signature, IHDR, any PLTE and
 * tRNS, one IDAT, IEND) whose IDAT holds the same image data inflated and stored uncompressed
 * (deflate's stored blocks), so that libpng's zlib only copies it: the rows libpng unfilters and
 * transforms are byte for byte those the original stream gives. libdeflate inflates 3-8 times
 * faster than zlib 1.2 on sticker art (docs/benchmarks.md).
 *
 * Returns NULL, and the caller decodes `stream` as it is, whenever the result could differ in
 * any way from what libpng makes of the original, or cost more memory than it saves time: an
 * interlaced image, a size over the limits or over 64 MiB of filtered rows, a
 * zlib window under 32 KiB (zlib refuses a distance the header's window does not hold; libdeflate
 * does not look), compressed data libdeflate rejects (corrupt, or a wrong Adler-32, which libpng
 * is told to ignore), data that ends early, runs past the image or is followed by more bytes in
 * the IDAT, several IDAT chunks, or memory not to be had. The copy's chunk CRCs are not written:
 * the caller tells libpng to ignore CRCs on it (the stream was built from chunks whose CRCs the
 * decoder has checked). Release it with free(). */
uint8_t *sf_png_stored_idat_stream(const uint8_t *stream, size_t count, uint32_t max_width,
                                   uint32_t max_height, size_t *stored_count);

#endif
