#include "png_stored_idat.h"
#include <libdeflate.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

enum { STORED_BLOCK = 65535, BLOCK_HEADER = 5, CHUNK_OVERHEAD = 12 };

/* Larger images are left to libpng's zlib, which inflates a row at a time: the stored copy would
 * double what such a decode holds (64 MiB is a 4096 x 4096 RGBA image). */
#define MAX_INFLATED ((uint64_t)64 << 20)

static uint32_t read_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static void write_be32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

/* Samples a pixel for PNG colour type `color_type`, 0 for a type PNG does not define. */
static unsigned channels_of(unsigned color_type) {
    switch (color_type) {
    case 0: return 1;  /* grey */
    case 2: return 3;  /* RGB */
    case 3: return 1;  /* palette index */
    case 4: return 2;  /* grey + alpha */
    case 6: return 4;  /* RGBA */
    default: return 0;
    }
}

uint8_t *sf_png_stored_idat_stream(const uint8_t *stream, size_t count, uint32_t max_width,
                                   uint32_t max_height, size_t *stored_count) {
    /* The chunks: IHDR first (its fields), exactly one IDAT (where it is), IEND last. */
    size_t offset = 8, idat = 0, iend = 0;
    int idats = 0;
    uint32_t width = 0, height = 0;
    unsigned depth = 0, color_type = 0, interlace = 1;
    while (offset + CHUNK_OVERHEAD <= count) {
        uint32_t length = read_be32(stream + offset);
        if (length > count - offset - CHUNK_OVERHEAD) return NULL;
        const uint8_t *type = stream + offset + 4, *data = stream + offset + 8;
        if (memcmp(type, "IHDR", 4) == 0 && length == 13) {
            width = read_be32(data); height = read_be32(data + 4);
            depth = data[8]; color_type = data[9]; interlace = data[12];
        } else if (memcmp(type, "IDAT", 4) == 0) {
            idat = offset;
            idats++;
        } else if (memcmp(type, "IEND", 4) == 0) {
            iend = offset;
            break;
        }
        offset += CHUNK_OVERHEAD + length;
    }
    unsigned channels = channels_of(color_type);
    if (idats != 1 || iend != idat + CHUNK_OVERHEAD + read_be32(stream + idat)) return NULL;
    if (interlace != 0 || channels == 0 || width == 0 || height == 0 || width > max_width || height > max_height
        || (depth != 1 && depth != 2 && depth != 4 && depth != 8 && depth != 16)) return NULL;

    const uint8_t *compressed = stream + idat + 8;
    size_t compressed_count = read_be32(stream + idat);
    /* zlib header: deflate with a 32 KiB window (CINFO 7), no preset dictionary (libdeflate checks the rest). */
    if (compressed_count < 2 || compressed[0] != 0x78) return NULL;

    /* Filtered rows: a filter byte and the row's packed samples, row after row. */
    uint64_t row_bytes = ((uint64_t)width * channels * depth + 7) / 8;
    uint64_t raw = (uint64_t)height * (row_bytes + 1);
    uint64_t blocks = (raw + STORED_BLOCK - 1) / STORED_BLOCK;
    uint64_t idat_length = 2 + blocks * BLOCK_HEADER + raw + 4;
    if (raw > MAX_INFLATED) return NULL;
    /* Layout: the chunks before IDAT as they are, the new IDAT, IEND. */
    size_t prefix = idat, total = prefix + CHUNK_OVERHEAD + (size_t)idat_length + CHUNK_OVERHEAD;
    uint8_t *out = malloc(total);
    if (out == NULL) return NULL;
    memcpy(out, stream, prefix);
    uint8_t *chunk = out + prefix, *zlib = chunk + 8;
    write_be32(chunk, (uint32_t)idat_length);
    memcpy(chunk + 4, "IDAT", 4);

    /* Inflated into the tail of the stored blocks' space, then each block's data moved down to
     * make room for its header: block k moves 5 x (blocks - k - 1) bytes earlier, never over data
     * not yet moved (a block's new end is at most where the next block's data starts). */
    uint8_t *blocks_start = zlib + 2, *inflated = blocks_start + blocks * BLOCK_HEADER;
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    if (decompressor == NULL) { free(out); return NULL; }
    size_t used_in = 0, used_out = 0;
    enum libdeflate_result result = libdeflate_zlib_decompress_ex(decompressor, compressed, compressed_count,
                                                                  inflated, (size_t)raw, &used_in, &used_out);
    libdeflate_free_decompressor(decompressor);
    if (result != LIBDEFLATE_SUCCESS || used_out != raw || used_in != compressed_count) {
        free(out);
        return NULL;
    }
    zlib[0] = 0x78; zlib[1] = 0x01;
    uint8_t *block = blocks_start;
    uint32_t adler = 1;
    for (uint64_t k = 0; k < blocks; k++) {
        size_t size = k + 1 < blocks ? STORED_BLOCK : (size_t)(raw - k * STORED_BLOCK);
        memmove(block + BLOCK_HEADER, inflated + k * STORED_BLOCK, size);
#if !defined(PNG_SET_OPTION_SUPPORTED) || !defined(PNG_IGNORE_ADLER32)
        adler = libdeflate_adler32(adler, block + BLOCK_HEADER, size);
#endif
        block[0] = k + 1 == blocks;  /* BFINAL on the last block; BTYPE 00, stored */
        block[1] = (uint8_t)size; block[2] = (uint8_t)(size >> 8);
        block[3] = (uint8_t)~size; block[4] = (uint8_t)(~size >> 8);
        block += BLOCK_HEADER + size;
    }
    write_be32(block, adler);  /* 1, unused, where libpng is told not to check it */
    memset(block + 4, 0, 4);  /* IDAT's CRC, not checked */
    uint8_t *end = block + 8;
    write_be32(end, 0);
    memcpy(end + 4, "IEND", 4);
    memset(end + 8, 0, 4);
    *stored_count = total;
    return out;
}
