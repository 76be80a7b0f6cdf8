/* Writes a YCCK JPEG (Adobe APP14, transform 2) from raw CMYK samples, every component at full
 * resolution, quality 100, with an ICC profile embedded: the one kind of CMYK JPEG Pillow cannot
 * write. A fixture tool for Tests/ImageCodecTests/Fixtures/Color/gen-ycck-fixture.py, never part of StickerForge.
 *   ycck_writer OUT.jpg PROFILE.icc RAW.cmyk WIDTH HEIGHT
 * RAW.cmyk holds WIDTH x HEIGHT x 4 bytes as they are to be stored (Adobe-inverted: 0 = full ink). */
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>

static unsigned char *slurp(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(1); }
    fseek(f, 0, SEEK_END); *size = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc((size_t)*size);
    if (!data || fread(data, 1, (size_t)*size, f) != (size_t)*size) { fprintf(stderr, "cannot read %s\n", path); exit(1); }
    fclose(f);
    return data;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: ycck_writer OUT.jpg PROFILE.icc RAW.cmyk WIDTH HEIGHT\n"); return 2; }
    long icc_size, raw_size;
    unsigned char *icc = slurp(argv[2], &icc_size), *raw = slurp(argv[3], &raw_size);
    int width = atoi(argv[4]), height = atoi(argv[5]);
    if (width <= 0 || height <= 0 || raw_size != (long)width * height * 4) { fprintf(stderr, "raw size mismatch\n"); return 1; }
    FILE *out = fopen(argv[1], "wb");
    if (!out) { perror(argv[1]); return 1; }
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, out);
    c.image_width = (JDIMENSION)width; c.image_height = (JDIMENSION)height;
    c.input_components = 4; c.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&c);
    jpeg_set_colorspace(&c, JCS_YCCK);   /* also asks for the Adobe marker (transform 2) */
    for (int i = 0; i < c.num_components; i++) { c.comp_info[i].h_samp_factor = 1; c.comp_info[i].v_samp_factor = 1; }
    jpeg_set_quality(&c, 100, TRUE);
    jpeg_start_compress(&c, TRUE);
    jpeg_write_icc_profile(&c, icc, (unsigned int)icc_size);
    while (c.next_scanline < c.image_height) {
        JSAMPROW row = raw + (size_t)c.next_scanline * (size_t)width * 4;
        jpeg_write_scanlines(&c, &row, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    fclose(out);
    return 0;
}
