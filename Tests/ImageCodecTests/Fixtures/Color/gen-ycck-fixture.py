#!/usr/bin/env python3
"""A YCCK JPEG with an embedded CMYK ICC profile, for the CMYK colour-conversion tests.

Pillow cannot write YCCK, so a tiny C program (Tests/ImageCodecTests/Fixtures/Color/ycck_writer.c, compiled here against
libjpeg-turbo) writes the grid of Tests/ImageCodecTests/Fixtures/Color/gen-cmyk-fixture.py as YCCK (Adobe marker, transform 2;
every component at full resolution, quality 100) with the committed profile cmyk-inks.icc embedded.
The YCC round trip may move an ink by a level, so the truth is taken from what libjpeg decodes: each
block's CMYK read back with Pillow (which un-inverts Adobe CMYK), then `transicc -c0 -t0 -s -q`.

Writes into Tests/ImageCodecTests/Fixtures/Color:
  cmyk-ycck-icc.jpg        the YCCK file
  cmyk-ycck-expected.json  "inks": per block, the CMYK values libjpeg decodes; "srgb": transicc's sRGB
Needs cc, libjpeg-turbo's headers (libjpeg62-turbo-dev), liblcms2-utils and Pillow; the tests need none.
Run: python3 Tests/ImageCodecTests/Fixtures/Color/gen-ycck-fixture.py
"""
import importlib.util, json, os, subprocess, tempfile
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gen_cmyk_fixture", os.path.join(HERE, "gen-cmyk-fixture.py"))
cmyk = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cmyk)   # its grid, block size and transicc call (main() does not run on import)


def main():
    profile = os.path.join(cmyk.OUT, "cmyk-inks.icc")
    out = os.path.join(cmyk.OUT, "cmyk-ycck-icc.jpg")
    width, height = cmyk.COLS * cmyk.BLOCK, cmyk.ROWS * cmyk.BLOCK
    with tempfile.TemporaryDirectory() as tmp:
        tool = os.path.join(tmp, "ycck_writer")
        subprocess.run(["cc", "-O2", "-o", tool, os.path.join(HERE, "ycck_writer.c"), "-ljpeg"], check=True)
        raw = bytearray(width * height * 4)
        for i, value in enumerate(cmyk.GRID):
            bx, by = (i % cmyk.COLS) * cmyk.BLOCK, (i // cmyk.COLS) * cmyk.BLOCK
            for y in range(by, by + cmyk.BLOCK):
                for x in range(bx, bx + cmyk.BLOCK):
                    raw[(y * width + x) * 4:(y * width + x) * 4 + 4] = bytes(255 - v for v in value)   # Adobe-inverted
        raw_path = os.path.join(tmp, "grid.cmyk")
        open(raw_path, "wb").write(raw)
        subprocess.run([tool, out, profile, raw_path, str(width), str(height)], check=True)
    back = Image.open(out)
    assert back.mode == "CMYK" and back.info.get("adobe_transform") == 2, back.info
    inks = []
    for i in range(len(cmyk.GRID)):
        bx, by = (i % cmyk.COLS) * cmyk.BLOCK, (i // cmyk.COLS) * cmyk.BLOCK
        block = {back.getpixel((x, y)) for y in range(by, by + cmyk.BLOCK) for x in range(bx, bx + cmyk.BLOCK)}
        assert len(block) == 1, (i, block)   # flat: every pixel of a block decodes alike
        inks.append(list(block.pop()))
    with open(os.path.join(cmyk.OUT, "cmyk-ycck-expected.json"), "w") as f:
        json.dump({"inks": inks, "srgb": cmyk.transicc(profile, inks)}, f, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    moved = max(abs(a - b) for got, want in zip(inks, cmyk.GRID) for a, b in zip(got, want))
    print("wrote %s (%d bytes); inks moved by at most %d level(s) in the YCC round trip" % (out, os.path.getsize(out), moved))


if __name__ == "__main__":
    main()
