#!/usr/bin/env python3
"""Cross-check StickerForge's decoders against Pillow, frame by frame.

For every sample image (Samples/), every valid PngSuite file (../shared/corpus/pngsuite/png,
skipping the deliberately corrupt x* files) and any files named on the command line, runs

    stickerforge frames FILE --output-dir TMP

and compares what it wrote (frames.json and one PNG per displayed frame) with Pillow's reading of
the same file: canvas size, frame count, every frame's pixels, every frame's delay, loop count.

Pixel rules: fully transparent pixels are equal whatever their colour; 8-bit sources must match
exactly, 16-bit PNG sources within 1 per channel (16 -> 8 bit rounding differs between decoders),
JPEG within 2 (IDCT implementations differ; the largest difference is reported).

    Tests/Oracles/crosscheck-decode.py [--bin .build/release/stickerforge] [FILE ...]
    Tests/Oracles/crosscheck-decode.py --self-test    checks the Pillow half against PngSuite's JSON

Prints a table and a final `N passed, M failed` line; exits 1 when anything failed.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

try:
    from PIL import Image, ImageChops
except ImportError:
    sys.exit("crosscheck-decode.py needs Pillow: pip install Pillow")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PNGSUITE = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus", "pngsuite"))
IMAGE_EXTENSIONS = (".png", ".apng", ".gif", ".jpg", ".jpeg")
DELAY_TOLERANCE_MS = 0.01


class Reference:
    """Pillow's view of a file: RGBA frames (8 bits per channel) with delays, and facts."""

    def __init__(self, path):
        self.path = path
        self.sixteen_bit, self.low_grey_depth = png_depth_quirks(path)
        im = Image.open(path)
        self.format = im.format  # PNG (also APNG), GIF, JPEG
        self.size = im.size
        self.animated = bool(getattr(im, "is_animated", False))
        self.loop = im.info.get("loop")  # None when the file has no loop field
        self.frames = []  # [(RGBA image, delay in ms or None)]
        count = getattr(im, "n_frames", 1)
        for index in range(count):
            im.seek(index)
            # An APNG whose default image is not part of the animation: Pillow shows it as frame
            # 0, viewers never display it.
            if index == 0 and self.animated and im.info.get("default_image"):
                continue
            self.frames.append((to_rgba(im, self.sixteen_bit, self.low_grey_depth), im.info.get("duration")))

    @property
    def tolerance(self):
        if self.format == "JPEG":
            return 2
        return 1 if self.sixteen_bit else 0


def png_depth_quirks(path):
    """(16-bit PNG?, grey bit depth below 8 or None): the cases where Pillow needs help."""
    with open(path, "rb") as f:
        head = f.read(32)
    is_png = head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) >= 26
    sixteen_bit = is_png and head[24] == 16
    # Grey below 8 bits: Pillow scales the pixels to 8 bits but not the tRNS grey value.
    low_grey_depth = head[24] if is_png and head[25] == 0 and head[24] < 8 else None
    return sixteen_bit, low_grey_depth


def read_rgba(path):
    """A still PNG (one of our frame files) as RGBA through the same workarounds as the reference:
    our encoder writes the smallest exact colour type, low-bit grey with a tRNS key included."""
    im = Image.open(path)
    im.load()
    return to_rgba(im, *png_depth_quirks(path))


def to_rgba(im, sixteen_bit, low_grey_depth=None):
    """RGBA 8-bit, working around Pillow's 16-bit shortcuts.

    Pillow keeps 16-bit grey as mode I/I;16, which convert() clips instead of scaling, and keeps
    a 16-bit tRNS colour at 16 bits while the pixels are cut to 8, and leaves a 1/2/4-bit tRNS
    grey unscaled: all three are redone here."""
    trns = im.info.get("transparency")
    if low_grey_depth and isinstance(trns, int) and im.mode in ("L", "1"):
        im = im.convert("L")
        # Pillow already scales a 1-bit key (mode "1" reports 255); scale only a raw key.
        if trns <= (1 << low_grey_depth) - 1:
            trns *= 255 // ((1 << low_grey_depth) - 1)
        im.info["transparency"] = trns
        return im.convert("RGBA")
    if im.mode in ("I", "I;16", "I;16B", "I;16L"):
        values = list(flat_data(im))
        grey = bytes(min(255, (v * 255 + 32767) // 65535) for v in values)
        alpha = bytes(0 if trns is not None and v == trns else 255 for v in values)
        g = Image.frombytes("L", im.size, grey)
        return Image.merge("RGBA", (g, g, g, Image.frombytes("L", im.size, alpha)))
    if sixteen_bit and im.mode == "RGB" and isinstance(trns, tuple) and max(trns) > 255:
        # Pillow holds the pixels' high bytes; compare against the key's high bytes. Pixels that
        # differ only in their low bytes would be wrongly cleared: PngSuite has none.
        key = tuple(v >> 8 for v in trns)
        rgb = im.copy()
        rgb.info.pop("transparency", None)
        r, g, b = rgb.split()
        match = [band.point(lambda v, k=k: 255 if v == k else 0) for band, k in zip((r, g, b), key)]
        clear = ImageChops.multiply(ImageChops.multiply(match[0], match[1]), match[2])
        out = rgb.convert("RGBA")
        out.putalpha(ImageChops.invert(clear))
        return out
    return im.convert("RGBA")


def flat_data(im):
    getter = getattr(im, "get_flattened_data", None)
    return getter() if getter else im.getdata()


def compare_pixels(expected, actual, tolerance):
    """(ok, largest channel difference, pixels over tolerance, first bad box) for two RGBA images."""
    a, b = normalise(expected), normalise(actual)
    diff = ImageChops.difference(a, b).split()
    worst = diff[0]
    for band in diff[1:]:
        worst = ImageChops.lighter(worst, band)
    largest = worst.getextrema()[1]
    over = worst.point(lambda v: 255 if v > tolerance else 0)
    bad = sum(over.histogram()[255:])
    return bad == 0, largest, bad, over.getbbox()


def normalise(im):
    """Zero the colour of fully transparent pixels: they all look the same."""
    im = im.convert("RGBA")
    visible = im.getchannel("A").point(lambda v: 255 if v else 0)
    return Image.composite(im, Image.new("RGBA", im.size, (0, 0, 0, 0)), visible)


def expected_loop(ref):
    """Acceptable loopCount values (0 = forever) for an animated file, from Pillow's `loop`."""
    if ref.format == "GIF":
        if ref.loop is None:
            return {1}                      # no NETSCAPE block: plays once
        if ref.loop == 0:
            return {0}
        return {ref.loop + 1, ref.loop}    # repeats after the first play; decoders differ
    return {ref.loop if ref.loop is not None else 0}


def check_file(binary, path, workdir):
    """Returns (status, frames, note); status is PASS, FAIL or SKIP."""
    try:
        ref = Reference(path)
    except Exception as error:  # Pillow cannot read it: nothing to compare against
        return "SKIP", "-", f"Pillow cannot read it: {error}"
    out = tempfile.mkdtemp(dir=workdir)
    try:
        run = subprocess.run([binary, "frames", path, "--output-dir", out],
                             capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as error:
        return "FAIL", "-", f"could not run {binary}: {error}"
    if run.returncode != 0:
        message = (run.stderr.strip() or run.stdout.strip()).splitlines()
        return "FAIL", "-", f"exit {run.returncode}: {message[-1] if message else 'no message'}"
    try:
        with open(os.path.join(out, "frames.json"), encoding="utf-8") as f:
            doc = json.load(f)
        canvas = (doc["canvas"]["width"], doc["canvas"]["height"])
        listed = doc["frames"]
        loop_count = doc.get("loopCount")
    except (OSError, ValueError, KeyError, TypeError) as error:
        return "FAIL", "-", f"frames.json unreadable: {error}"

    problems = []
    counts = f"{len(listed)}/{len(ref.frames)}"
    if canvas != ref.size:
        problems.append(f"canvas {canvas[0]}x{canvas[1]}, Pillow {ref.size[0]}x{ref.size[1]}")
    if len(listed) != len(ref.frames):
        problems.append(f"{len(listed)} frames, Pillow {len(ref.frames)}")
    largest_seen = 0
    for index, (entry, (want, want_delay)) in enumerate(zip(listed, ref.frames)):
        try:
            got = read_rgba(os.path.join(out, entry["file"]))
        except (OSError, KeyError, TypeError) as error:
            problems.append(f"frame {index}: unreadable ({error})")
            continue
        if got.size != want.size:
            problems.append(f"frame {index}: {got.size[0]}x{got.size[1]}, Pillow {want.size[0]}x{want.size[1]}")
            continue
        ok, largest, bad, box = compare_pixels(want, got, ref.tolerance)
        largest_seen = max(largest_seen, largest)
        if not ok:
            problems.append(f"frame {index}: {bad} pixels differ by more than {ref.tolerance} "
                            f"(max {largest}, within {box})")
        if ref.animated and want_delay is not None:
            got_delay = entry.get("delayMs")
            if not isinstance(got_delay, (int, float)) or abs(got_delay - want_delay) > DELAY_TOLERANCE_MS:
                problems.append(f"frame {index}: delay {got_delay} ms, Pillow {want_delay} ms")
    if ref.animated and loop_count not in expected_loop(ref):
        problems.append(f"loopCount {loop_count}, expected {sorted(expected_loop(ref))}")
    if problems:
        shown = "; ".join(problems[:3]) + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")
        return "FAIL", counts, shown
    note = f"max diff {largest_seen}" if ref.format == "JPEG" or ref.sixteen_bit else ""
    return "PASS", counts, note


def default_files(include_samples, include_pngsuite):
    files = []
    if include_samples:
        for dirpath, dirnames, names in os.walk(os.path.join(ROOT, "Samples")):
            dirnames.sort()
            files += [os.path.join(dirpath, n) for n in sorted(names) if n.lower().endswith(IMAGE_EXTENSIONS)]
    suite = os.path.join(PNGSUITE, "png")
    if include_pngsuite:
        if os.path.isdir(suite):
            files += [os.path.join(suite, n) for n in sorted(os.listdir(suite))
                      if n.endswith(".png") and not n.startswith("x")]
        else:
            print(f"note: PngSuite not found at {suite}; skipping it", file=sys.stderr)
    return files


def display(path):
    rel = os.path.relpath(path, ROOT)
    return path if rel.startswith("..") and not path.startswith(PNGSUITE) else rel


def self_test():
    """Compares the Pillow half with PngSuite's expected pixels, so that a FAIL in the real run
    points at StickerForge and not at this script."""
    suite = os.path.join(PNGSUITE, "png")
    if not os.path.isdir(suite):
        print(f"PngSuite not found at {suite}")
        return 1
    passed = failed = 0
    for name in sorted(os.listdir(suite)):
        if not name.endswith(".png") or name.startswith("x"):
            continue
        stem = name[:-4]
        ref = Reference(os.path.join(suite, name))
        # 16-bit files come with 16-bit values, and most also with an 8-bit `_to8` rendering.
        to8 = os.path.join(PNGSUITE, "json", stem + "_to8.json")
        plain = os.path.join(PNGSUITE, "json", stem + ".json")
        with open(to8 if ref.sixteen_bit and os.path.exists(to8) else plain, encoding="utf-8") as f:
            values = json.load(f)
        if ref.sixteen_bit and max(values) > 255:
            values = [(v * 255 + 32767) // 65535 for v in values]
        expected = Image.frombytes("RGBA", ref.size, bytes(values))
        ok, largest, bad, box = compare_pixels(expected, ref.frames[0][0], ref.tolerance)
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {name}: {bad} pixels off (max {largest}, within {box})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def main():
    parser = argparse.ArgumentParser(description="Compare `stickerforge frames` with Pillow.")
    parser.add_argument("files", nargs="*", help="more files to check")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "stickerforge"),
                        help="the stickerforge binary (default: .build/release/stickerforge)")
    parser.add_argument("--no-samples", action="store_true", help="skip Samples/")
    parser.add_argument("--no-pngsuite", action="store_true", help="skip PngSuite")
    parser.add_argument("--self-test", action="store_true",
                        help="check the Pillow half against PngSuite's JSON pixels and exit")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    if not (os.path.isfile(args.bin) and os.access(args.bin, os.X_OK)):
        print(f"error: {args.bin} is not an executable; build it with `swift build -c release` "
              f"or pass --bin", file=sys.stderr)
        return 2
    files = default_files(not args.no_samples, not args.no_pngsuite) + [os.path.abspath(f) for f in args.files]
    passed = failed = skipped = 0
    rows = []
    with tempfile.TemporaryDirectory(prefix="sf-crosscheck-") as workdir:
        for path in files:
            status, frames, note = check_file(args.bin, path, workdir)
            rows.append((display(path), status, frames, note))
            passed += status == "PASS"
            failed += status == "FAIL"
            skipped += status == "SKIP"
    width = max([len(r[0]) for r in rows] + [4])
    print(f"{'file':<{width}}  result  frames  note")
    for name, status, frames, note in rows:
        print(f"{name:<{width}}  {status:<6}  {frames:>6}  {note}")
    if skipped:
        print(f"{skipped} skipped (Pillow could not read them)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
