#!/usr/bin/env python3
"""Writes N small animated GIFs for the shard benchmark (Scripts/bench/bench-shard.sh).

Each is 64x64, 6 frames at 80 ms, looping forever, with a transparent background and a disc
that moves and changes colour; the parameters come from the file's number, so running it again
gives the same files. Usage: gen-bench-gifs.py OUT_DIR [COUNT=1000]
"""
import os
import sys

from PIL import Image, ImageDraw


def frames(n):
    hue = (n * 37) % 360
    out = []
    for f in range(6):
        image = Image.new("P", (64, 64), 0)
        palette = [0, 0, 0]  # index 0: transparent
        for k in range(1, 8):
            h = (hue + k * 20 + f * 10) % 360
            palette += [int(127 + 127 * ((h + a) % 360 < 180)) for a in (0, 120, 240)]
        image.putpalette(palette + [0] * (768 - len(palette)))
        draw = ImageDraw.Draw(image)
        x = 8 + (n * 3 + f * 7) % 32
        y = 8 + (n * 5 + f * 5) % 32
        draw.ellipse((x, y, x + 24, y + 24), fill=1 + (n + f) % 7)
        draw.rectangle((4 + f * 2, 50, 20 + f * 2, 58), fill=1 + (n + 3) % 7)
        out.append(image)
    return out


def main():
    folder = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    os.makedirs(folder, exist_ok=True)
    for n in range(count):
        first, *rest = frames(n)
        first.save(os.path.join(folder, f"anim_{n:04d}.gif"), save_all=True, append_images=rest,
                   duration=80, loop=0, transparency=0, disposal=2, optimize=False)


if __name__ == "__main__":
    main()
