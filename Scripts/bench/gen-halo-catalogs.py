#!/usr/bin/env python3
"""Eleven sticker catalogs made from public artwork for `fix`-then-`check` on edge_halo (docs/fix.md,
"fix leaves nothing it calls fixable").

The artwork is the Adwaita icon theme's 512 px icons (CC BY-SA 3.0, GNOME Project), read from
/usr/share/icons/Adwaita (Debian package adwaita-icon-theme); nothing is copied into the project.
They have anti-aliased edges, soft drop shadows and some icons with no opaque pixel at all, as
exported artwork has. Each catalog exports them the way stickers are exported in practice:

  clean          the icons as they are (a control: nothing to find)
  black          colour flattened on black, alpha kept (premultiplied data written as straight)
  white          flattened on white
  tinted         flattened on a grey and on a green screen colour
  twomatte       left half of each icon against black, right half against white
  oversize       900 px (scale_to_grid runs after the matte is removed), against black
  small          240 px, against white (--upscale is opt-in: they stay small)
  apng           12-frame APNG: the icon bobbing and turning, each frame flattened on black
  sequence       a frame folder of 12 PNGs flattened on white (`sequences:` in stickerforge.yml)
  heavy          a noisy texture under the icon so that the file is over max_bytes (fit runs after)
  xcstickers     an Xcode .xcstickers catalog of black- and white-matted icons

Usage: Scripts/bench/gen-halo-catalogs.py OUT_DIR   (Pillow; makes OUT_DIR/<name> for each)
"""
import glob
import json
import os
import random
import sys

from PIL import Image

ICONS = "/usr/share/icons/Adwaita/512x512"


def icons():
    files = sorted(glob.glob(os.path.join(ICONS, "*", "*.png")))
    if len(files) < 40:
        sys.exit(f"{ICONS} has {len(files)} icons; install adwaita-icon-theme")
    return [(os.path.splitext(os.path.basename(p))[0], Image.open(p).convert("RGBA")) for p in files]


def flatten(im, matte):
    """Colour mixed with the matte by (1 - alpha), alpha kept: what cutting art out of a flattened export leaves."""
    r, g, b, a = im.split()
    bands = []
    for band, m in zip((r, g, b), matte):
        px = list(band.getdata())
        al = list(a.getdata())
        out = Image.new("L", im.size)
        out.putdata([round(c * x / 255 + m * (255 - x) / 255) for c, x in zip(px, al)])
        bands.append(out)
    return Image.merge("RGBA", (*bands, a))


def split_matte(im, left, right):
    l, r = flatten(im, left), flatten(im, right)
    w, h = im.size
    out = r.copy()
    out.paste(l.crop((0, 0, w // 2, h)), (0, 0))
    return out


def write_yaml(folder, name, extra=""):
    with open(os.path.join(folder, "stickerforge.yml"), "w") as f:
        f.write(f"name: {name}\ngrid_size: large\n{extra}")


def frames_of(im, n=12):
    out = []
    for i in range(n):
        angle = 8 * (i - n / 2) / n
        dy = round(10 * (1 - abs(2 * i / n - 1)))
        f = im.rotate(angle, resample=Image.BICUBIC)
        canvas = Image.new("RGBA", im.size, (0, 0, 0, 0))
        canvas.alpha_composite(f, (0, -dy + 5))
        out.append(canvas)
    return out


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    art = icons()
    rng = random.Random(42)
    pick = lambda k: rng.sample(art, k)  # noqa: E731

    def folder(name):
        path = os.path.join(root, name)
        os.makedirs(path, exist_ok=True)
        return path

    d = folder("clean"); write_yaml(d, "Clean")
    for n, im in pick(8): im.save(os.path.join(d, n + ".png"))
    d = folder("black"); write_yaml(d, "Black matte")
    for n, im in pick(8): flatten(im, (0, 0, 0)).save(os.path.join(d, n + ".png"))
    d = folder("white"); write_yaml(d, "White matte")
    for n, im in pick(8): flatten(im, (255, 255, 255)).save(os.path.join(d, n + ".png"))
    d = folder("tinted"); write_yaml(d, "Tinted mattes")
    for k, (n, im) in enumerate(pick(8)):
        flatten(im, (128, 128, 128) if k % 2 else (0, 177, 64)).save(os.path.join(d, n + ".png"))
    d = folder("twomatte"); write_yaml(d, "Two mattes")
    for n, im in pick(6): split_matte(im, (0, 0, 0), (255, 255, 255)).save(os.path.join(d, n + ".png"))
    d = folder("oversize"); write_yaml(d, "Oversize")
    for n, im in pick(6): flatten(im.resize((900, 900), Image.LANCZOS), (0, 0, 0)).save(os.path.join(d, n + ".png"))
    d = folder("small"); write_yaml(d, "Small")
    for n, im in pick(6): flatten(im.resize((240, 240), Image.LANCZOS), (255, 255, 255)).save(os.path.join(d, n + ".png"))
    d = folder("apng"); write_yaml(d, "APNG")
    for n, im in pick(5):
        fr = [flatten(f, (0, 0, 0)) for f in frames_of(im.resize((408, 408), Image.LANCZOS))]
        fr[0].save(os.path.join(d, n + ".png"), save_all=True, append_images=fr[1:], duration=83, loop=0)
    d = folder("sequence")
    seqs = pick(3)
    write_yaml(d, "Sequences", "sequences:\n" + "".join(f"  {n}:\n    fps: 12\n    loops: 0\n" for n, _ in seqs))
    for n, im in seqs:
        os.makedirs(os.path.join(d, n), exist_ok=True)
        for i, f in enumerate(frames_of(im.resize((408, 408), Image.LANCZOS))):
            flatten(f, (255, 255, 255)).save(os.path.join(d, n, f"{n}_{i + 1}.png"))
    d = folder("heavy"); write_yaml(d, "Heavy", "max_bytes: 150000\n")
    for n, im in pick(5):
        noise = Image.effect_noise(im.size, 40).convert("RGBA")
        base = Image.blend(im, Image.merge("RGBA", (*noise.split()[:3], im.getchannel("A"))), 0.25)
        base.putalpha(im.getchannel("A"))
        flatten(base, (0, 0, 0)).save(os.path.join(d, n + ".png"))
    d = folder("xcstickers/Halo.xcstickers")
    pack = os.path.join(d, "Sticker Pack.stickerpack")
    os.makedirs(pack, exist_ok=True)
    info = {"info": {"author": "xcode", "version": 1}}
    json.dump(info, open(os.path.join(d, "Contents.json"), "w"), indent=2)
    names = []
    for k, (n, im) in enumerate(pick(6)):
        s = os.path.join(pack, n + ".sticker")
        os.makedirs(s, exist_ok=True)
        flatten(im.resize((408, 408), Image.LANCZOS), (0, 0, 0) if k % 2 else (255, 255, 255)).save(os.path.join(s, n + ".png"))
        json.dump({**info, "properties": {"filename": n + ".png"}}, open(os.path.join(s, "Contents.json"), "w"), indent=2)
        names.append({"filename": n + ".sticker"})
    json.dump({**info, "properties": {"grid-size": "large"}, "stickers": names},
              open(os.path.join(pack, "Contents.json"), "w"), indent=2)
    print(f"11 catalogs in {root}")


if __name__ == "__main__":
    main()
