#!/usr/bin/env python3
"""Generates oversize test animations for the fit benchmark (Scripts/bench/bench-fit.sh).

Each animation is a folder of numbered RGBA PNG frames shown at 12 fps, KIND-SIZE (e.g.
soft-gradients-408), at each size asked (408 = the regular grid cell, 618 = the large one). They
are built to be over 500,000 bytes as lossless APNGs, with one kind of content each:
  soft-gradients   opaque, smooth colour fields that drift (banding shows any palette damage)
  line-art         anti-aliased outlines and flat fills on a transparent canvas
  photo-like       fractal-noise texture, panned and lit (many colours everywhere)
  transparent-edges feathered alpha blob with a soft shadow on a transparent canvas
Deterministic: fixed seeds, no time or randomness from the system.
Usage: gen-fit-anims.py OUTDIR [SIZES]   (SIZES: comma-separated, default 408,618)
"""
import math
import os
import random
import sys

from PIL import Image, ImageDraw, ImageFilter

FRAMES = 24


def save(frames, folder):
    os.makedirs(folder, exist_ok=True)
    for i, im in enumerate(frames):
        im.save(os.path.join(folder, "frame_%02d.png" % i))


def soft_gradients(size=408):
    out = []
    for f in range(FRAMES):
        t = f / FRAMES * 2 * math.pi
        im = Image.new("RGBA", (size, size))
        px = im.load()
        cx1, cy1 = size * (0.5 + 0.3 * math.cos(t)), size * (0.5 + 0.3 * math.sin(t))
        cx2, cy2 = size * (0.5 - 0.25 * math.sin(t)), size * (0.5 + 0.2 * math.cos(2 * t))
        for y in range(size):
            for x in range(size):
                d1 = math.hypot(x - cx1, y - cy1) / size
                d2 = math.hypot(x - cx2, y - cy2) / size
                r = 255 * (0.5 + 0.5 * math.cos(3 * d1 + t))
                g = 255 * (0.5 + 0.5 * math.cos(4 * d2 - t))
                b = 255 * (0.5 + 0.5 * math.sin(2 * (d1 + d2)))
                px[x, y] = (int(r), int(g), int(b), 255)
        out.append(im)
    return out


def line_art(size=618):
    rng = random.Random(7)
    shapes = [(rng.uniform(0.15, 0.85), rng.uniform(0.15, 0.85), rng.uniform(0.05, 0.14),
               tuple(rng.randrange(40, 255) for _ in range(3)), rng.randrange(3, 7)) for _ in range(14)]
    out = []
    big = size * 3
    for f in range(FRAMES):
        t = f / FRAMES * 2 * math.pi
        im = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        d = ImageDraw.Draw(im)
        for k, (x, y, r, col, n) in enumerate(shapes):
            a0 = t * (1 if k % 2 else -1) + k
            cx = (x + 0.05 * math.cos(t + k)) * big
            cy = (y + 0.05 * math.sin(t + k)) * big
            pts = [(cx + r * big * math.cos(a0 + 2 * math.pi * i / n), cy + r * big * math.sin(a0 + 2 * math.pi * i / n))
                   for i in range(n)]
            d.polygon(pts, fill=col + (255,), outline=(20, 20, 20, 255), width=9)
            d.line([pts[0], pts[n // 2]], fill=(20, 20, 20, 255), width=6)
        out.append(im.resize((size, size), Image.LANCZOS))
    return out


def photo_like(size=408):
    rng = random.Random(11)
    base = 1024 if size + 420 <= 1024 else size + 440   # the pan reaches 420 px in
    tex = Image.new("RGB", (base, base))
    acc = None
    for octave, amp in [(8, 0.5), (32, 0.25), (128, 0.15), (512, 0.1)]:
        small = Image.new("RGB", (octave, octave))
        small.putdata([tuple(rng.randrange(256) for _ in range(3)) for _ in range(octave * octave)])
        layer = small.resize((base, base), Image.BICUBIC)
        acc = layer if acc is None else Image.blend(acc, layer, amp / (amp + 0.5))
    tex = acc.filter(ImageFilter.GaussianBlur(0.6))
    out = []
    for f in range(FRAMES):
        t = f / FRAMES * 2 * math.pi
        ox, oy = int(300 + 120 * math.cos(t)), int(300 + 120 * math.sin(t))
        crop = tex.crop((ox, oy, ox + size, oy + size)).convert("RGBA")
        out.append(crop)
    return out


def transparent_edges(size=408):
    out = []
    k = size / 408   # the 408 px drawing, scaled
    for f in range(FRAMES):
        t = f / FRAMES * 2 * math.pi
        shadow = Image.new("L", (size, size), 0)
        ds = ImageDraw.Draw(shadow)
        cx, cy = size / 2 + 60 * k * math.cos(t), size / 2 + 40 * k * math.sin(2 * t)
        rx, ry = (110 + 20 * math.sin(t)) * k, (95 + 20 * math.cos(t)) * k
        ds.ellipse((cx - rx + 18 * k, cy - ry + 24 * k, cx + rx + 18 * k, cy + ry + 24 * k), fill=140)
        shadow = shadow.filter(ImageFilter.GaussianBlur(16 * k))
        body = Image.new("L", (size, size), 0)
        ImageDraw.Draw(body).ellipse((cx - rx, cy - ry, cx + rx, cy + ry), fill=255)
        body = body.filter(ImageFilter.GaussianBlur(6 * k))
        im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        sh = Image.new("RGBA", (size, size), (30, 20, 60, 0))
        sh.putalpha(shadow)
        im = Image.alpha_composite(im, sh)
        colour = Image.new("RGBA", (size, size))
        px = colour.load()
        for y in range(size):
            for x in range(size):
                u = (x - cx) / size, (y - cy) / size
                px[x, y] = (int(200 + 55 * math.sin(9 * u[0] + t)), int(120 + 100 * u[1] + 30 * math.cos(t)),
                            int(90 + 120 * abs(u[0])), 255)
        colour.putalpha(body)
        out.append(Image.alpha_composite(im, colour))
    return out


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: gen-fit-anims.py OUTDIR [SIZES]")
    root = sys.argv[1]
    sizes = [int(s) for s in (sys.argv[2] if len(sys.argv) == 3 else "408,618").split(",")]
    for size in sizes:
        for name, make in [("soft-gradients", soft_gradients), ("line-art", line_art),
                           ("photo-like", photo_like), ("transparent-edges", transparent_edges)]:
            folder = os.path.join(root, "%s-%d" % (name, size))
            if os.path.isdir(folder):
                continue
            save(make(size), folder)
            print("wrote", folder)


if __name__ == "__main__":
    main()
