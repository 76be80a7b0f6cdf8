#!/usr/bin/env python3
"""Writes the check benchmark pack: 200 stickers of mixed formats, deterministically.

Usage: gen-bench-pack.py PACK_DIR APNG_SOURCES_DIR

PACK_DIR gets a plain-folder pack (stickerforge.yml, regular grid, 12 fps):
  still_NNN.png   110 stills, 408x408 RGBA, a soft-edged gradient blob with a blurred shadow
  photo_NNN.jpg    30 opaque JPEG photos-like pictures, 408x408
  gif_NNN.gif      20 GIF animations, 408x408, 12 frames, 1-bit transparency
  seq_NNN/         20 frame folders of 24 frames each, 408x408 RGBA (frame_NN.png)
APNG_SOURCES_DIR gets 20 more frame folders (apng_NNN/, 24 frames each); the caller turns each into
PACK_DIR/apng_NNN.png with `stickerforge assemble --effort fast --output-dir PACK_DIR`, so the
pack then holds 200 stickers.

Everything comes from random.Random(seed) with fixed seeds and from Pillow's own drawing, so the
same Pillow version writes the same bytes every run. The files are not committed (they are large).
"""
import math
import os
import random
import sys

from PIL import Image, ImageChops, ImageDraw, ImageFilter

SIZE = 408
SS = 3                    # supersampling factor for anti-aliased edges
COUNTS = {"still": 110, "photo": 30, "gif": 20, "seq": 20, "apng": 20}
SEQ_FRAMES = 24
GIF_FRAMES = 12


def gradient(size, top, bottom):
    """A vertical RGB gradient; built from Pillow's linear ramp, so no per-pixel Python loop."""
    ramp = Image.linear_gradient("L").resize((size, size))
    bands = []
    for a, b in zip(top, bottom):
        bands.append(ramp.point(lambda v, a=a, b=b: int(a + (b - a) * v / 255)))
    return Image.merge("RGB", bands)


def blob_points(rng_params, cx, cy, radius, turn):
    """A closed star-ish outline: `lobes` bumps of depth `depth` around a circle."""
    lobes, depth = rng_params
    pts = []
    for k in range(72):
        angle = turn + 2 * math.pi * k / 72
        r = radius * (1 - depth + depth * (0.5 + 0.5 * math.cos(lobes * angle)))
        pts.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return pts


def soft_sticker(fill, shape, cx, cy, radius, turn):
    """RGBA 408x408: the fill masked by an anti-aliased shape over a soft shadow; alpha-0 is black."""
    big = SIZE * SS
    pts = blob_points(shape, cx * big, cy * big, radius * big, turn)
    mask = Image.new("L", (big, big), 0)
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    mask = mask.resize((SIZE, SIZE), Image.LANCZOS)
    shadow_mask = mask.transform((SIZE, SIZE), Image.AFFINE, (1, 0, -8, 0, 1, -10))
    shadow_mask = shadow_mask.point(lambda v: v * 100 // 255).filter(ImageFilter.GaussianBlur(5))
    canvas = Image.new("RGBA", (SIZE, SIZE), (0, 0, 0, 0))
    shadow = Image.new("RGBA", (SIZE, SIZE), (30, 20, 50, 255))
    shadow.putalpha(shadow_mask)
    canvas = Image.alpha_composite(canvas, shadow)
    body = fill.convert("RGBA")
    body.putalpha(mask)
    canvas = Image.alpha_composite(canvas, body)
    r, g, b, a = canvas.split()
    keep = a.point(lambda v: 255 if v else 0)
    zero = Image.new("L", (SIZE, SIZE), 0)
    r, g, b = (ImageChops.composite(ch, zero, keep) for ch in (r, g, b))
    return Image.merge("RGBA", (r, g, b, a))


def colours(rng):
    top = tuple(rng.randrange(80, 256) for _ in range(3))
    bottom = tuple(rng.randrange(0, 200) for _ in range(3))
    return top, bottom


def still(rng):
    fill = gradient(SIZE, *colours(rng))
    shape = (rng.randrange(3, 9), rng.uniform(0.1, 0.35))
    return soft_sticker(fill, shape, 0.5, 0.5, rng.uniform(0.3, 0.42), rng.uniform(0, math.pi))


def animation(rng, frames):
    fill = gradient(SIZE, *colours(rng))
    shape = (rng.randrange(3, 9), rng.uniform(0.1, 0.35))
    radius, sway = rng.uniform(0.28, 0.36), rng.uniform(0.04, 0.1)
    out = []
    for i in range(frames):
        phase = 2 * math.pi * i / frames
        out.append(soft_sticker(fill, shape, 0.5 + sway * math.sin(phase), 0.5 + 0.03 * math.cos(phase),
                                radius, phase / shape[0]))
    return out


def photo(rng):
    """An opaque landscape-like picture: sky gradient, a sun, blurred hills."""
    img = gradient(SIZE, *colours(rng))
    draw = ImageDraw.Draw(img)
    for _ in range(6):
        x, y, r = rng.randrange(0, SIZE), rng.randrange(SIZE // 3, SIZE), rng.randrange(60, 220)
        draw.ellipse((x - r, y - r // 2, x + r, y + r), fill=tuple(rng.randrange(0, 256) for _ in range(3)))
    sx, sy = rng.randrange(40, SIZE - 40), rng.randrange(30, 140)
    draw.ellipse((sx - 30, sy - 30, sx + 30, sy + 30), fill=(255, 240, 180))
    return img.filter(ImageFilter.GaussianBlur(3))


def gif_frames(rng):
    """GIF frames: 1-bit transparency (alpha thresholded at 128), palette per frame by Pillow."""
    frames = []
    for rgba in animation(rng, GIF_FRAMES):
        alpha = rgba.getchannel("A").point(lambda v: 255 if v >= 128 else 0)
        rgb = rgba.convert("RGB").quantize(colors=255, method=Image.Quantize.MEDIANCUT)
        pal = rgb.getpalette()[:255 * 3] + [0, 0, 0]
        indexed = rgb.point(lambda v: v)  # copy, still mode P
        indexed.paste(255, mask=ImageChops.invert(alpha))
        indexed.putpalette(pal)
        indexed.info["transparency"] = 255
        frames.append(indexed)
    return frames


def write_frames(folder, frames):
    os.makedirs(folder, exist_ok=True)
    for i, img in enumerate(frames):
        img.save(os.path.join(folder, "frame_%02d.png" % i))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    pack, sources = sys.argv[1], sys.argv[2]
    os.makedirs(pack, exist_ok=True)
    os.makedirs(sources, exist_ok=True)
    with open(os.path.join(pack, "stickerforge.yml"), "w") as fh:
        fh.write("# Generated by Scripts/bench/gen-bench-pack.py for Scripts/bench/bench-check.sh.\n"
                 "name: Bench Pack\ngrid_size: regular\nfps: 12\nloops: 0\n")
    for i in range(COUNTS["still"]):
        still(random.Random(1000 + i)).save(os.path.join(pack, "still_%03d.png" % i))
    for i in range(COUNTS["photo"]):
        photo(random.Random(2000 + i)).save(os.path.join(pack, "photo_%03d.jpg" % i), quality=88)
    for i in range(COUNTS["gif"]):
        frames = gif_frames(random.Random(3000 + i))
        frames[0].save(os.path.join(pack, "gif_%03d.gif" % i), save_all=True, append_images=frames[1:],
                       duration=83, loop=0, disposal=2, transparency=255, optimize=False)
    for i in range(COUNTS["seq"]):
        write_frames(os.path.join(pack, "seq_%03d" % i), animation(random.Random(4000 + i), SEQ_FRAMES))
    for i in range(COUNTS["apng"]):
        write_frames(os.path.join(sources, "apng_%03d" % i), animation(random.Random(5000 + i), SEQ_FRAMES))


if __name__ == "__main__":
    main()
