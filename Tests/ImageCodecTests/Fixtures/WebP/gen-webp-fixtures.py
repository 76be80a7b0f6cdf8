#!/usr/bin/env python3
"""Make the small WebP fixtures of Tests/ImageCodecTests/Fixtures/WebP with libwebp's own tools.

Sources are drawn here with Pillow from fixed parameters (no randomness), then encoded with Debian's
`cwebp`, `img2webp` and `webpmux` (package `webp`), and decoded with `dwebp` for the references:

  lossy.webp         VP8, 48x32 opaque                        lossy.dwebp.rgba   (dwebp -pam, RGBA)
  lossless.webp      VP8L, 48x32 with alpha (-exact)          lossless.src.rgba  (the source pixels)
  alpha-lossy.webp   VP8X + ALPH + VP8                         alpha-lossy.dwebp.rgba
  icc-exif.webp      lossless + ICCP (sRGB) + EXIF orientation 6 (webpmux -set)
  anim.webp          img2webp -lossless, 4 frames of 40/70/120/20 ms, loop 3
                     anim.src.rgba: the 4 source frames (the composited canvases must equal them;
                     img2webp 1.2 has no -exact, so colour under alpha 0 is free)
  anim-lossy.webp    img2webp -lossy, 3 frames of 100/50/250 ms, loop 0 (forever)
                     anim-lossy.pillow.rgba: Pillow's decode (its own libwebp), tolerance 2
  truncated.webp     the first 60% of lossless.webp
  regions.gif/.webp  a 40x40 GIF with disposal 2 and gif2webp's lossless WebP of it (sub-frame
                     regions, blend and dispose ops); they must composite to the same canvases
  sticker-anim.webp  300x300 lossless animation (80/100/120 ms, loops forever) for pack tests

Raw references are 8-bit straight RGBA, rows top to bottom, frames one after another.
Run from anywhere: Tests/ImageCodecTests/Fixtures/WebP/gen-webp-fixtures.py; commit the result.
"""
import os
import struct
import subprocess
import sys
import tempfile

try:
    from PIL import Image, ImageCms, ImageDraw
except ImportError:
    sys.exit("gen-webp-fixtures.py needs Pillow: pip install Pillow")

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
OUT = os.path.join(ROOT, "Tests", "ImageCodecTests", "Fixtures", "WebP")
W, H = 48, 32


def run(*args):
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def drawn(phase, alpha):
    """A gradient with a disc and a bar; `phase` moves them, `alpha` gives a transparent surround."""
    img = Image.new("RGBA", (W, H))
    px = img.load()
    for y in range(H):
        for x in range(W):
            a = 255
            if alpha:
                d = ((x - W / 2) ** 2 + (y - H / 2) ** 2) ** 0.5
                a = 0 if d > 15 else 255 if d < 11 else int(255 * (15 - d) / 4)
            px[x, y] = ((x * 5 + phase * 30) % 256, (y * 7) % 256, (x * y + phase * 50) % 256, a)
    d = ImageDraw.Draw(img)
    d.ellipse((6 + phase * 6, 6, 18 + phase * 6, 18), fill=(250, 240, 20, 255))
    d.rectangle((30, 4 + phase * 5, 40, 8 + phase * 5), fill=(20, 40, 200, 255 if not alpha else 160))
    return img


def raw(images):
    return b"".join(i.convert("RGBA").tobytes() for i in images)


def dwebp_rgba(path):
    with tempfile.NamedTemporaryFile(suffix=".pam") as pam:
        run("dwebp", path, "-pam", "-o", pam.name)
        data = open(pam.name, "rb").read()
    return data[data.index(b"ENDHDR\n") + 7:]


def exif_orientation(value):
    """A little-endian TIFF block with one IFD0 entry: Orientation (0x0112), SHORT, 1, value."""
    return b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) \
        + struct.pack("<HHIHH", 0x0112, 3, 1, value, 0) + struct.pack("<I", 0)


def main():
    os.makedirs(OUT, exist_ok=True)
    out = lambda name: os.path.join(OUT, name)
    with tempfile.TemporaryDirectory() as tmp:
        t = lambda name: os.path.join(tmp, name)
        opaque = drawn(0, alpha=False)
        opaque.save(t("opaque.png"))
        clear = drawn(0, alpha=True)
        clear.save(t("clear.png"))

        run("cwebp", "-quiet", "-q", "75", "-m", "4", t("opaque.png"), "-o", out("lossy.webp"))
        open(out("lossy.dwebp.rgba"), "wb").write(dwebp_rgba(out("lossy.webp")))

        run("cwebp", "-quiet", "-lossless", "-exact", t("clear.png"), "-o", out("lossless.webp"))
        open(out("lossless.src.rgba"), "wb").write(raw([clear]))

        run("cwebp", "-quiet", "-q", "80", "-alpha_q", "100", t("clear.png"), "-o", out("alpha-lossy.webp"))
        open(out("alpha-lossy.dwebp.rgba"), "wb").write(dwebp_rgba(out("alpha-lossy.webp")))

        icc = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
        icc[24:36] = bytes(12)     # creation date: fixed, so the fixture is the same on every run
        icc[84:100] = bytes(16)    # profile ID (an MD5 that covers the date): "not computed"
        open(t("srgb.icc"), "wb").write(bytes(icc))
        open(t("exif.bin"), "wb").write(exif_orientation(6))
        run("webpmux", "-set", "icc", t("srgb.icc"), out("lossless.webp"), "-o", t("icc.webp"))
        run("webpmux", "-set", "exif", t("exif.bin"), t("icc.webp"), "-o", out("icc-exif.webp"))

        frames = [drawn(i, alpha=True) for i in range(4)]
        args = ["img2webp", "-loop", "3", "-lossless"]
        for i, (img, ms) in enumerate(zip(frames, [40, 70, 120, 20])):
            img.save(t(f"f{i}.png"))
            args += ["-d", str(ms), t(f"f{i}.png")]
        run(*args, "-o", out("anim.webp"))
        open(out("anim.src.rgba"), "wb").write(raw(frames))

        args = ["img2webp", "-loop", "0", "-lossy", "-q", "70"]
        for i, ms in enumerate([100, 50, 250]):
            args += ["-d", str(ms), t(f"f{i}.png")]
        run(*args, "-o", out("anim-lossy.webp"))
        with Image.open(out("anim-lossy.webp")) as im:
            refs = []
            for n in range(im.n_frames):
                im.seek(n)
                refs.append(im.convert("RGBA").copy())
        open(out("anim-lossy.pillow.rgba"), "wb").write(raw(refs))

        # A sticker-sized animation (300x300, the small grid cell) for pack tests: a disc that moves.
        args = ["img2webp", "-loop", "0", "-lossless"]
        for i in range(3):
            frame = Image.new("RGBA", (300, 300))
            ImageDraw.Draw(frame).ellipse((40 + i * 30, 60, 220 + i * 30, 240), fill=(230, 90 + i * 40, 40, 255))
            frame.save(t(f"s{i}.png"))
            args += ["-d", str(80 + i * 20), t(f"s{i}.png")]
        run(*args, "-o", out("sticker-anim.webp"))

        # Sub-frame regions, blending and disposal: a GIF (Pillow crops each frame to what changed;
        # disposal 2 clears a region) turned into an animated WebP by gif2webp, lossless. Both must
        # composite to the same canvases; our GIF decoder is the reference.
        gif_frames = []
        for i in range(4):
            frame = Image.new("RGBA", (40, 40), (0, 0, 0, 0))
            d = ImageDraw.Draw(frame)
            d.rectangle((2, 2, 37, 8), fill=(20, 120, 220, 255))
            d.ellipse((4 + i * 7, 12, 16 + i * 7, 24), fill=(240, 60 + i * 50, 30, 255))
            if i % 2:
                d.rectangle((10, 28, 30, 36), fill=(60, 200, 90, 255))
            gif_frames.append(frame)
        gif_frames[0].save(out("regions.gif"), save_all=True, append_images=gif_frames[1:],
                           duration=[60, 90, 30, 150], loop=2, disposal=2, optimize=False)
        run("gif2webp", "-quiet", out("regions.gif"), "-o", out("regions.webp"))

    data = open(out("lossless.webp"), "rb").read()
    open(out("truncated.webp"), "wb").write(data[: len(data) * 6 // 10])
    for name in sorted(os.listdir(OUT)):
        print(f"{os.path.getsize(out(name)):7d}  {name}")


if __name__ == "__main__":
    main()
