#!/usr/bin/env python3
"""Generate the animated GIF and APNG corpus that Tests/Oracles/oracle-chromium.py compares with Chromium.

Writes several hundred small files (deterministic: one seed) into OUT (default .build-oracle/corpus,
git-ignored; never commit them), made the ways real files are made:

  pillow/     Pillow GIFs (interlaced by default, frame rectangles, disposal 0-3, transparency, zero
              and 1 cs delays) and APNGs (dispose and blend ops, hidden default images)
  gifsicle/   gifsicle rewrites of Pillow GIFs: -O1..-O3, interlace on and off, forced disposals,
              delays 0/1/2, a logical screen smaller than the frames (frames past the screen),
              frames moved with --position, merged files keeping per-frame local colour tables,
              reduced palettes, loop counts
  magick/     ImageMagick `convert`: per-frame -page offsets, -dispose mixes, -layers optimize,
              -interlace GIF, zero delays
  apngasm/    apngasm 2.91 from PNG frames: delays, loop counts, -kp/-kc, -z0
  ffmpeg/     ffmpeg GIF (palettegen/paletteuse, transdiff rectangles) and APNG (with alpha)
  special/    hand-written files for the decoder edge cases of issue 11: an APNG whose frame-0
              fcTL precedes acTL, a GIF87a with an empty comment before the image, GIFs without any
              colour table, LZW minimum code sizes 0-12, APNGs with an unusable acTL, indices past
              the end of the colour table, a 0x0 logical screen, a first frame past the screen

    Tests/Oracles/gen-oracle-corpus.py [OUT] [--seed N]

Prints how many files each tool made.
"""

import argparse
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

try:
    from PIL import Image, ImageDraw
except ImportError:
    sys.exit("gen-oracle-corpus.py needs Pillow: pip install Pillow")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


# ---------------------------------------------------------------- scenes

def scene(rng, size, count, alpha):
    """`count` RGBA frames: a few shapes moving, some leaving the canvas, on a plain, transparent or
    striped background."""
    w, h = size
    background = rng.choice(["clear", "plain", "stripes"]) if alpha else rng.choice(["plain", "stripes"])
    shapes = [(rng.randrange(-w // 2, w), rng.randrange(-h // 2, h), rng.randrange(3, max(4, w // 2)),
               rng.randrange(3, max(4, h // 2)), rng.randrange(-6, 7), rng.randrange(-6, 7),
               tuple(rng.randrange(256) for _ in range(3)) + (rng.choice([255, 255, 128]) if alpha else 255,),
               rng.choice(["rect", "ellipse"])) for _ in range(rng.randrange(1, 4))]
    colour = tuple(rng.randrange(256) for _ in range(3))
    frames = []
    for i in range(count):
        im = Image.new("RGBA", size, (0, 0, 0, 0) if background == "clear" else colour + (255,))
        d = ImageDraw.Draw(im)
        if background == "stripes":
            for x in range(0, w, 6):
                d.rectangle((x, 0, x + 2, h), fill=(255 - colour[0], colour[1], 255 - colour[2], 255))
        for x, y, sw, sh, dx, dy, fill, kind in shapes:
            box = (x + dx * i, y + dy * i, x + dx * i + sw, y + dy * i + sh)
            (d.rectangle if kind == "rect" else d.ellipse)(box, fill=fill)
        frames.append(im)
    return frames


def to_gif_frames(frames):
    """Palette frames with transparency mapped to one index, as GIF needs (no partial alpha)."""
    out = []
    for im in frames:
        opaque = im.copy()
        mask = im.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
        opaque.putalpha(mask)
        out.append(opaque)
    return out


# ---------------------------------------------------------------- writers

def pillow_gifs(out, rng, count):
    made = []
    for n in range(count):
        size = (rng.randrange(8, 97), rng.randrange(8, 97))
        frames = to_gif_frames(scene(rng, size, rng.randrange(2, 13), alpha=rng.random() < 0.6))
        delays = [rng.choice([0, 10, 20, 30, 40, 70, 100, 500]) for _ in frames]
        disposal = rng.choice([0, 1, 2, 3, [rng.randrange(4) for _ in frames]])
        path = os.path.join(out, f"pillow-{n:03d}.gif")
        kwargs = dict(save_all=True, append_images=frames[1:], duration=delays, disposal=disposal,
                      optimize=rng.random() < 0.5, interlace=rng.random() < 0.5)
        if rng.random() < 0.8:
            kwargs["loop"] = rng.choice([0, 0, 1, 3])
        try:
            frames[0].save(path, **kwargs)
        except (TypeError, ValueError):  # Pillow merged all frames into one and chokes on a list
            kwargs["disposal"] = kwargs["disposal"][0] if isinstance(kwargs["disposal"], list) else 0
            frames[0].save(path, **kwargs)
        made.append(path)
    return made


def pillow_apngs(out, rng, count):
    made = []
    for n in range(count):
        size = (rng.randrange(8, 97), rng.randrange(8, 97))
        frames = scene(rng, size, rng.randrange(2, 11), alpha=True)
        delays = [rng.choice([0, 10, 20, 33, 50, 100, 250]) for _ in frames]
        path = os.path.join(out, f"pillow-{n:03d}.png")
        try:
            frames[0].save(path, save_all=True, append_images=frames[1:], duration=delays,
                           loop=rng.choice([0, 0, 2]), disposal=rng.choice([0, 1, 2, [rng.randrange(3) for _ in frames]]),
                           blend=rng.choice([0, 1, [rng.randrange(2) for _ in frames]]),
                           default_image=rng.random() < 0.2)
        except (TypeError, ValueError):  # all frames identical: Pillow writes a still
            frames[0].save(path)
        made.append(path)
    return made


GIFSICLE_VARIANTS = [
    ["-O1"], ["-O2"], ["-O3"], ["--interlace"], ["--no-interlace", "-O2"], ["--disposal=background"],
    ["--disposal=previous"], ["--disposal=none", "-O3"], ["--delay=0"], ["--delay=1"], ["--delay=2"],
    ["--colors=4"], ["--colors=16", "--interlace"], ["--loopcount=2"], ["--no-loopcount"],
    ["--careful", "-O2"], ["--unoptimize"],
]


def gifsicle(out, rng, sources, count):
    made = []
    for n in range(count):
        src = rng.choice(sources)
        path = os.path.join(out, f"gifsicle-{n:03d}.gif")
        kind = n % 4
        if kind == 0:       # frames past the screen: shrink the logical screen under the frames
            w, h = Image.open(src).size
            args = ["-S", f"{max(1, w - rng.randrange(1, w))}x{max(1, h - rng.randrange(1, h))}", src]
        elif kind == 1:     # local colour tables: merge two files with different palettes
            other = rng.choice(sources)
            args = ["--merge", src, other] + rng.choice([[], ["--interlace"], ["-O2"]])
        elif kind == 2:     # move every frame, some past the right and bottom edges
            w, h = Image.open(src).size
            args = [src, "--position", f"{rng.randrange(0, w)},{rng.randrange(0, h)}", "#0-"]
            args = ["--logical-screen", f"{w}x{h}"] + args
        else:
            args = rng.choice(GIFSICLE_VARIANTS) + [src]
        proc = subprocess.run(["gifsicle", "--no-warnings"] + args + ["-o", path], capture_output=True)
        if proc.returncode == 0 and os.path.getsize(path) > 0:
            made.append(path)
        elif os.path.exists(path):
            os.remove(path)
    return made


def magick(out, rng, work, count):
    made = []
    for n in range(count):
        size = (rng.randrange(8, 81), rng.randrange(8, 81))
        frames = to_gif_frames(scene(rng, size, rng.randrange(2, 9), alpha=rng.random() < 0.5))
        args = ["convert"]
        for i, im in enumerate(frames):
            name = os.path.join(work, f"m{n}-{i}.png")
            part = im
            page = []
            if rng.random() < 0.4:     # a frame placed with an offset, maybe past the canvas
                cw, ch = rng.randrange(2, size[0] + 1), rng.randrange(2, size[1] + 1)
                x, y = rng.randrange(0, size[0]), rng.randrange(0, size[1])
                part = im.crop((0, 0, cw, ch))
                page = ["-page", f"{size[0]}x{size[1]}+{x}+{y}"]
            part.save(name)
            args += ["-delay", str(rng.choice([0, 1, 5, 10, 50])), "-dispose",
                     rng.choice(["None", "Background", "Previous"])] + page + [name]
        args += rng.choice([[], ["-layers", "Optimize"], ["-layers", "OptimizeTransparency"], ["-interlace", "GIF"]])
        args += ["-loop", str(rng.choice([0, 0, 1, 4]))]
        path = os.path.join(out, f"magick-{n:03d}.gif")
        if subprocess.run(args + [path], capture_output=True).returncode == 0:
            made.append(path)
    return made


def apngasm(out, rng, work, count):
    made = []
    for n in range(count):
        size = (rng.randrange(8, 81), rng.randrange(8, 81))
        frames = scene(rng, size, rng.randrange(2, 9), alpha=rng.random() < 0.7)
        folder = os.path.join(work, f"a{n}")
        os.makedirs(folder)
        names = []
        for i, im in enumerate(frames):
            names.append(f"f{i:02d}.png")
            im.save(os.path.join(folder, names[-1]))
        path = os.path.abspath(os.path.join(out, f"apngasm-{n:03d}.png"))
        delay = rng.choice([["1", "10"], ["0", "100"], ["1", "100"], ["3", "60"], ["1", "1"]])
        options = rng.choice([[], ["-z0"], ["-kp"], ["-kc"], ["-l3"], ["-f"]])
        # apngasm reads absolute frame paths after the first as options: run it in the folder.
        if subprocess.run(["apngasm", path] + names + delay + options, cwd=folder, capture_output=True).returncode == 0:
            made.append(path)
    return made


def ffmpeg(out, rng, count):
    made = []
    sources = ["testsrc=s={w}x{h}:r={r}:d={d}", "testsrc2=s={w}x{h}:r={r}:d={d}",
               "mandelbrot=s={w}x{h}:r={r}", "rgbtestsrc=s={w}x{h}:r={r}:d={d}"]
    for n in range(count):
        w, h, r = rng.randrange(16, 97), rng.randrange(16, 97), rng.choice([5, 10, 12, 25, 50])
        src = rng.choice(sources).format(w=w, h=h, r=r, d=1)
        frames = rng.randrange(3, 10)
        src += f",trim=end_frame={frames}"   # palettegen emits its palette only at the end
        if n % 2 == 0:
            path = os.path.join(out, f"ffmpeg-{n:03d}.gif")
            graph = f"{src},split[a][b];[a]palettegen=max_colors={rng.choice([16, 64, 256])}:reserve_transparent=1[p];[b][p]paletteuse=diff_mode=rectangle"
            args = ["-filter_complex", graph, "-frames:v", str(frames), "-gifflags", rng.choice(["+transdiff", "-transdiff"]),
                    "-loop", str(rng.choice([0, -1, 2]))]
        else:
            path = os.path.join(out, f"ffmpeg-{n:03d}.png")
            alpha = f",format=rgba,colorchannelmixer=aa={rng.choice([1.0, 0.5])}" if rng.random() < 0.5 else ""
            args = ["-f", "lavfi", "-i", src + alpha, "-frames:v", str(frames), "-f", "apng",
                    "-plays", str(rng.choice([0, 1, 3]))]
        cmd = ["ffmpeg", "-y", "-loglevel", "error"] + args + [path]
        if subprocess.run(cmd, capture_output=True).returncode == 0:
            made.append(path)
    return made


# ---------------------------------------------------------------- hand-written edge cases

def chunk(kind, data):
    body = kind.encode("ascii") + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def idat(image):
    w, h = image.size
    raw = image.convert("RGBA").tobytes()
    rows = b"".join(b"\0" + raw[y * w * 4:(y + 1) * w * 4] for y in range(h))
    return zlib.compress(rows)


def fctl(seq, w, h, x=0, y=0, delay=(1, 10), dispose=0, blend=0):
    return struct.pack(">IIIIIHHBB", seq, w, h, x, y, delay[0], delay[1], dispose, blend)


def png(chunks):
    return b"\x89PNG\r\n\x1a\n" + b"".join(chunk(k, d) for k, d in chunks)


def ihdr(w, h):
    return struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)


def gif_lzw(indices, code_size):
    """Uncompressed LZW: a clear code before the table would grow, one code per pixel."""
    width, clear = code_size + 1, 1 << code_size
    run = max(1, (1 << code_size) - 2)
    codes = []
    for i, p in enumerate(indices):
        if i % run == 0:
            codes.append(clear)
        codes.append(p)
    codes.append(clear + 1)
    acc = bits = 0
    data = bytearray()
    for c in codes:
        acc |= c << bits
        bits += width
        while bits >= 8:
            data.append(acc & 0xFF)
            acc >>= 8
            bits -= 8
    if bits:
        data.append(acc & 0xFF)
    return bytes(data)


def sub_blocks(data):
    out = bytearray()
    for i in range(0, len(data), 255):
        out += bytes([len(data[i:i + 255])]) + data[i:i + 255]
    return bytes(out) + b"\0"


def gif(version, w, h, table, frames, before_image=b"", loop=None):
    """frames: [(x, y, fw, fh, indices, local table or None, gce bytes or b"", code size or None)]"""
    out = bytearray(version + struct.pack("<HH", w, h))
    if table:
        bits = max(1, (len(table) - 1).bit_length())
        out += bytes([0x80 | 0x70 | (bits - 1), 0, 0])
        out += b"".join(bytes(c) for c in table) + b"\0\0\0" * ((1 << bits) - len(table))
    else:
        out += bytes([0x70, 0, 0])
    if loop is not None:
        out += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\0"
    for x, y, fw, fh, indices, local, gce, code_size in frames:
        out += gce + before_image + b"\x2c" + struct.pack("<HHHH", x, y, fw, fh)
        if local:
            bits = max(1, (len(local) - 1).bit_length())
            out += bytes([0x80 | (bits - 1)]) + b"".join(bytes(c) for c in local) + b"\0\0\0" * ((1 << bits) - len(local))
        else:
            out += b"\0"
        size = code_size if code_size is not None else 2
        # Sizes past 8 cannot be decoded anyway: the data is written at 8 bits.
        out += bytes([size]) + sub_blocks(gif_lzw(indices, min(max(size, 1), 8)))
    return bytes(out + b"\x3b")


def gce(delay_cs, disposal=0, transparent=None):
    return b"\x21\xf9\x04" + bytes([(disposal << 2) | (transparent is not None)]) + struct.pack("<H", delay_cs) \
        + bytes([transparent or 0]) + b"\0"


def special(out):
    red, blue = Image.new("RGBA", (8, 8), (255, 0, 0, 255)), Image.new("RGBA", (4, 4), (0, 0, 255, 200))
    files = {}
    # Frame 0's fcTL before acTL: sequence numbers 0, 1, 2 in file order (valid APNG).
    files["apng-fctl-before-actl.png"] = png([
        ("IHDR", ihdr(8, 8)), ("fcTL", fctl(0, 8, 8)), ("acTL", struct.pack(">II", 2, 0)), ("IDAT", idat(red)),
        ("fcTL", fctl(1, 4, 4, 2, 2, blend=1)), ("fdAT", struct.pack(">I", 2) + idat(blue)), ("IEND", b"")])
    for name, frames in (("apng-actl-0.png", 0), ("apng-actl-2e31.png", 1 << 31), ("apng-actl-ffffffff.png", 0xFFFFFFFF)):
        files[name] = png([
            ("IHDR", ihdr(8, 8)), ("acTL", struct.pack(">II", frames, 0)), ("fcTL", fctl(0, 8, 8)), ("IDAT", idat(red)),
            ("fcTL", fctl(1, 4, 4, 2, 2)), ("fdAT", struct.pack(">I", 2) + idat(blue)), ("IEND", b"")])
    table = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
    four = [i % 4 for i in range(16)]
    files["gif87a-empty-comment.gif"] = gif(b"GIF87a", 4, 4, table, [(0, 0, 4, 4, four, None, b"", None)],
                                             before_image=b"\x21\xfe\x00")
    files["gif89a-empty-comment-anim.gif"] = gif(b"GIF89a", 4, 4, table, [
        (0, 0, 4, 4, four, None, gce(10), None), (1, 1, 2, 2, [3, 2, 1, 0], None, gce(20, 2, 0), None)],
        before_image=b"\x21\xfe\x00", loop=0)
    files["gif-no-color-table.gif"] = gif(b"GIF89a", 4, 4, None, [(0, 0, 4, 4, four, None, b"", None)])
    files["gif-no-color-table-anim.gif"] = gif(b"GIF89a", 4, 4, None, [
        (0, 0, 4, 4, four, None, gce(10, 0, 1), None), (2, 0, 2, 4, [2] * 8, None, gce(10, 1), None)], loop=0)
    for size in (0, 1, 9, 11, 12):
        pixels = [i % 2 for i in range(16)] if size < 2 else four
        files[f"gif-lzw-min-code-size-{size}.gif"] = gif(b"GIF89a", 4, 4, table, [(0, 0, 4, 4, pixels, None, b"", size)])
    files["gif-lzw-min-code-size-11-frame2.gif"] = gif(b"GIF89a", 4, 4, table, [
        (0, 0, 4, 4, four, None, gce(10), None), (0, 0, 4, 4, four, None, gce(10), 11)], loop=0)
    files["gif-screen-0x0.gif"] = gif(b"GIF89a", 0, 0, table, [
        (0, 0, 2, 2, [0, 1, 2, 3], None, gce(10), None), (0, 0, 1, 1, [3], None, gce(10), None)])
    files["gif-first-frame-past-screen.gif"] = gif(b"GIF89a", 2, 2, table, [
        (1, 1, 3, 2, [0, 1, 2, 3, 3, 3], None, gce(10, 2), None), (0, 0, 1, 1, [3], None, gce(10), None)])
    files["gif-index-past-table.gif"] = gif(b"GIF89a", 4, 1, table[:2], [(0, 0, 4, 1, [0, 1, 2, 3], None, b"", None)])
    files["gif-index-past-local-table.gif"] = gif(b"GIF89a", 4, 1, table, [
        (0, 0, 4, 1, [0, 1, 2, 3], table[2:4], b"", None)])
    made = []
    for name, data in files.items():
        path = os.path.join(out, name)
        with open(path, "wb") as f:
            f.write(data)
        made.append(path)
    return made


def main():
    parser = argparse.ArgumentParser(description="Generate the Chromium oracle corpus.")
    parser.add_argument("out", nargs="?", default=os.path.join(ROOT, ".build-oracle", "corpus"))
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    for tool in ("gifsicle", "convert", "apngasm", "ffmpeg"):
        if not shutil.which(tool):
            sys.exit(f"gen-oracle-corpus.py needs {tool} (Debian: gifsicle, imagemagick, apngasm, ffmpeg)")
    rng = random.Random(args.seed)
    shutil.rmtree(args.out, ignore_errors=True)
    folders = {k: os.path.join(args.out, k) for k in ("pillow", "gifsicle", "magick", "apngasm", "ffmpeg", "special")}
    for folder in folders.values():
        os.makedirs(folder)
    work = tempfile.mkdtemp(prefix="sf-oracle-gen-")
    try:
        counts = {}
        gifs = pillow_gifs(folders["pillow"], rng, 110)
        counts["pillow GIF"] = len(gifs)
        counts["pillow APNG"] = len(pillow_apngs(folders["pillow"], rng, 60))
        counts["gifsicle GIF"] = len(gifsicle(folders["gifsicle"], rng, gifs, 90))
        counts["magick GIF"] = len(magick(folders["magick"], rng, work, 50))
        counts["apngasm APNG"] = len(apngasm(folders["apngasm"], rng, work, 40))
        counts["ffmpeg GIF+APNG"] = len(ffmpeg(folders["ffmpeg"], rng, 40))
        counts["special"] = len(special(folders["special"]))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for name, count in counts.items():
        print(f"{name:16s} {count}")
    print(f"{'total':16s} {sum(counts.values())} files in {args.out}")


if __name__ == "__main__":
    main()
