#!/usr/bin/env python3
"""Checks that frames written by `stickerforge frames` equal the input frames, with Pillow.

Usage: compare-frames.py FRAMES_OUT_DIR INPUT_FRAMES_DIR FPS
FRAMES_OUT_DIR holds frame_NNN.png and frames.json from `stickerforge frames`; INPUT_FRAMES_DIR
holds the input PNG frames (natural order: f2 before f10). Identical consecutive input frames may
have been merged by the encoder, so each output frame stands for delay * FPS input frames.
Pixels with alpha 0 compare equal whatever their colour. Prints one line; exits 1 on a mismatch.
"""
import json
import os
import re
import sys

from PIL import Image, ImageChops


def natural_key(name):
    return [int(part) if part.isdigit() else part for part in re.split(r"(\d+)", name)]


def visible(path):
    """RGBA bytes with the colour of alpha-0 pixels zeroed."""
    img = Image.open(path).convert("RGBA")
    r, g, b, a = img.split()
    keep = a.point(lambda v: 255 if v else 0)
    zero = Image.new("L", img.size, 0)
    r, g, b = (ImageChops.composite(ch, zero, keep) for ch in (r, g, b))
    return Image.merge("RGBA", (r, g, b, a)).tobytes()


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    out_dir, in_dir, fps = sys.argv[1], sys.argv[2], float(sys.argv[3])
    names = sorted((n for n in os.listdir(in_dir) if n.lower().endswith(".png")), key=natural_key)
    expected = [visible(os.path.join(in_dir, n)) for n in names]
    with open(os.path.join(out_dir, "frames.json")) as fh:
        manifest = json.load(fh)
    position = 0
    for index, frame in enumerate(manifest["frames"]):
        covers = round(frame["delayNumerator"] / frame["delayDenominator"] * fps)
        got = visible(os.path.join(out_dir, frame["file"]))
        for k in range(covers):
            if position + k >= len(expected):
                print("MISMATCH: output frame %d runs past the %d input frames" % (index, len(expected)))
                return 1
            if got != expected[position + k]:
                print("MISMATCH: output frame %d differs from input %s" % (index, names[position + k]))
                return 1
        position += covers
    if position != len(expected):
        print("MISMATCH: outputs cover %d of %d input frames" % (position, len(expected)))
        return 1
    print("exact: %d output frames cover all %d input frames" % (len(manifest["frames"]), len(expected)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
