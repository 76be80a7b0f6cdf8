#!/usr/bin/env python3
"""Writes the encoder benchmark animation: 24 frames of 408x408 RGBA at 12 fps.

A gradient star with anti-aliased edges and a soft shadow moves and turns over a transparent
canvas, so most edge pixels carry partial alpha (the case apngasm cannot blend over).
Usage: gen-bench-anim.py OUT_DIR [FRAMES] [SIZE]
Writes OUT_DIR/frame_NN.png (for apngasm/ffmpeg) and OUT_DIR/frame_NN.rgba (raw straight RGBA,
row-major, for our encoder, which then needs no decoder).
"""
import math
import os
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

SUPERSAMPLE = 4


def star_points(cx, cy, outer, inner, turn):
    pts = []
    for k in range(10):
        radius = outer if k % 2 == 0 else inner
        angle = turn + k * math.pi / 5 - math.pi / 2
        pts.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return pts


def gradient(size):
    """A vertical yellow-to-orange gradient with a faint horizontal tint."""
    grad = Image.new("RGBA", (size, size))
    px = grad.load()
    for y in range(size):
        t = y / (size - 1)
        for x in range(size):
            u = x / (size - 1)
            px[x, y] = (255, int(220 - 110 * t), int(40 + 60 * u), 255)
    return grad


def frame(index, count, size, fill):
    big = size * SUPERSAMPLE
    phase = index / count
    cx = big * (0.5 + 0.12 * math.sin(2 * math.pi * phase))
    cy = big * (0.48 + 0.05 * math.cos(2 * math.pi * phase))
    turn = 2 * math.pi * phase / 5
    pts = star_points(cx, cy, big * 0.36, big * 0.15, turn)

    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    mask = mask.resize((size, size), Image.LANCZOS)

    shadow_mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(shadow_mask).polygon([(x + big * 0.03, y + big * 0.04) for x, y in pts], fill=110)
    shadow_mask = shadow_mask.resize((size, size), Image.LANCZOS).filter(ImageFilter.GaussianBlur(6))

    canvas = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    shadow = Image.new("RGBA", (size, size), (40, 20, 60, 255))
    shadow.putalpha(shadow_mask)
    canvas = Image.alpha_composite(canvas, shadow)
    body = fill.copy()
    body.putalpha(mask)
    canvas = Image.alpha_composite(canvas, body)
    # Zero the colour under alpha 0 so every tool sees the same visible image.
    r, g, b, a = canvas.split()
    keep = a.point(lambda v: 255 if v else 0)
    zero = Image.new("L", (size, size), 0)
    r, g, b = (ImageChops.composite(ch, zero, keep) for ch in (r, g, b))
    return Image.merge("RGBA", (r, g, b, a))


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 24
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 408
    os.makedirs(out, exist_ok=True)
    fill = gradient(size)
    for i in range(count):
        img = frame(i, count, size, fill)
        img.save(os.path.join(out, "frame_%02d.png" % i))
        with open(os.path.join(out, "frame_%02d.rgba" % i), "wb") as fh:
            fh.write(img.tobytes())


if __name__ == "__main__":
    main()
