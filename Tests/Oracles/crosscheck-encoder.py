#!/usr/bin/env python3
"""Cross-checks an APNG/PNG written by our encoder with an independent decoder (Pillow).

Usage: crosscheck-encoder.py FILE FRAMES_DIR [--size N] [--delay-ms MS]
FRAMES_DIR holds the expected frames as frame_NN.png or frame_NN.rgba (straight RGBA, N x N).
Identical consecutive expected frames are merged (as the encoder does) and their delays summed.
Pixels with alpha 0 compare equal whatever their colour. Exits 1 on the first mismatch.

Known Pillow deviation (Pillow 13): for blend_op OVER it pastes the frame with its alpha as the
mask, so a translucent pixel drawn over a fully transparent canvas pixel comes out with alpha and
colour multiplied by alpha (65 -> 17), where the APNG spec's "over" gives the pixel itself. Our
encoder uses exactly that case; a mismatch on such a frame is reported as a Pillow deviation.
"""
import argparse
import glob
import os
import sys

from PIL import Image


def normalized(data):
    """RGBA bytes with the colour of fully transparent pixels set to black."""
    out = bytearray(data)
    for i in range(3, len(out), 4):
        if out[i] == 0:
            out[i - 3:i] = b"\0\0\0"
    return bytes(out)


def load_expected(folder, size):
    frames = []
    for path in sorted(glob.glob(os.path.join(folder, "frame_*.rgba"))):
        with open(path, "rb") as fh:
            frames.append(normalized(fh.read()))
    if not frames:
        for path in sorted(glob.glob(os.path.join(folder, "frame_*.png"))):
            frames.append(normalized(Image.open(path).convert("RGBA").tobytes()))
    return frames


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("frames")
    ap.add_argument("--size", type=int, default=408)
    ap.add_argument("--delay-ms", type=float, default=None, help="expected delay of each input frame")
    args = ap.parse_args()

    expected = load_expected(args.frames, args.size)
    merged = []  # (pixels, input frame count)
    for frame in expected:
        if merged and merged[-1][0] == frame:
            merged[-1][1] += 1
        else:
            merged.append([frame, 1])

    im = Image.open(args.file)
    count = getattr(im, "n_frames", 1)
    if count != len(merged):
        print("FAIL: %d frames decoded, %d expected after merging" % (count, len(merged)))
        return 1
    for index, (pixels, runs) in enumerate(merged):
        im.seek(index)
        got = normalized(im.convert("RGBA").tobytes())
        if got != pixels:
            diff = sum(1 for i in range(0, len(got), 4) if got[i:i + 4] != pixels[i:i + 4])
            if im.info.get("blend") == 1:
                print("FAIL (Pillow deviation?): frame %d blends over and differs in %d pixels; "
                      "Pillow multiplies translucent pixels drawn over transparency" % (index, diff))
            else:
                print("FAIL: frame %d differs in %d pixels" % (index, diff))
            return 1
        if args.delay_ms is not None:
            want = args.delay_ms * runs
            if abs(im.info.get("duration", 0) - want) > 0.5:
                print("FAIL: frame %d shows %s ms, expected %.2f" % (index, im.info.get("duration"), want))
                return 1
    print("OK: %s: %d frames match %s" % (args.file, count, args.frames))
    return 0


if __name__ == "__main__":
    sys.exit(main())
