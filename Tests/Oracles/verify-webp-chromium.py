#!/usr/bin/env python3
"""Check StickerForge's WebP decoding against headless Chromium's, frame by frame.

For every WebP fixture (Tests/ImageCodecTests/Fixtures/WebP, made by gen-webp-fixtures.py) and any
files given, `stickerforge frames` writes our frames; Chromium decodes the same file with WebCodecs
`ImageDecoder` (type image/webp, premultiplyAlpha 'none', colorSpaceConversion 'none'; the page and
the DevTools-pipe driver are verify-chromium.py's). Compared per frame:

  - frame count and size; each duration within 1 ms (Chromium reports microseconds);
  - pixels: alpha-0 pixels are equal whatever their colour; otherwise alpha must be within the
    tolerance and the colour within it after premultiplying both sides (Chromium keeps animation
    canvases premultiplied). Tolerance 0 for lossless files, 2 for lossy ones: Chromium bundles its
    own, newer libwebp, and lossy reconstruction may round differently.
  - an opaque lossy still comes out of Chromium as an I420 frame that Chromium converts to RGB
    itself, with point (not libwebp's default "fancy") chroma upsampling. Ours is libwebp's default,
    equal to `dwebp`; for such a frame the script checks that Chromium equals `dwebp -nofancy`
    within 2 levels, which shows the upsampling choice is the whole difference, and says so.

    Tests/Oracles/verify-webp-chromium.py [--bin .build/release/stickerforge] [FILE.webp...]

Prints one line per file and a final `N passed, M failed` line; exits 1 when anything failed.
"""
import argparse
import base64
import glob
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "ImageCodecTests", "Fixtures", "WebP")
LOSSY = ("lossy", "anim-lossy", "alpha-lossy")


def verify_chromium():
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("verify_chromium", os.path.join(ROOT, "Tests", "Oracles", "verify-chromium.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ours(binary, path, work):
    out = tempfile.mkdtemp(dir=work, prefix="frames-")
    subprocess.run([binary, "frames", path, "--output-dir", out], check=True, capture_output=True, timeout=120)
    with open(os.path.join(out, "frames.json"), encoding="utf-8") as f:
        doc = json.load(f)
    frames = [(Image.open(os.path.join(out, e["file"])).convert("RGBA").tobytes(), e["delayMs"]) for e in doc["frames"]]
    return (doc["canvas"]["width"], doc["canvas"]["height"]), frames


def dwebp_nofancy(path, work):
    """dwebp's decode with point chroma upsampling, as straight RGBA bytes."""
    out = os.path.join(work, os.path.basename(path) + ".nofancy.pam")
    subprocess.run(["dwebp", "-quiet", "-nofancy", path, "-pam", "-o", out], check=True, timeout=60)
    with open(out, "rb") as f:
        data = f.read()
    return data[data.index(b"ENDHDR\n") + 7:]


def main():
    parser = argparse.ArgumentParser(description="Decode WebP files in headless Chromium and compare with ours.")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "stickerforge"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or sorted(f for f in glob.glob(os.path.join(FIXTURES, "*.webp")) if "truncated" not in f)
    vc = verify_chromium()
    page = vc.PAGE.replace("type: 'image/png'", "type: 'image/webp'")
    work = tempfile.mkdtemp(prefix="sf-verify-webp-")
    passed = failed = 0
    browser = vc.load_driver()(args.chromium)
    try:
        for path in files:
            name = os.path.basename(path)
            tolerance = 2 if os.path.splitext(name)[0] in LOSSY else 0
            problems = []
            try:
                size, want = ours(args.bin, path, work)
                with open(path, "rb") as f:
                    data = base64.b64encode(f.read()).decode("ascii")
                html = os.path.join(work, name + ".html")
                with open(html, "w", encoding="utf-8") as f:
                    f.write(page.replace("DATA", data))
                browser.open("file://" + html, 800, 600, mobile=False)
                text = browser.evaluate("window.result")
                if not isinstance(text, str) or not text.startswith("{"):
                    raise RuntimeError(f"page said: {str(text)[:200]}")
                result = json.loads(text)
            except (RuntimeError, OSError, ValueError, subprocess.SubprocessError) as error:
                failed += 1
                print(f"FAIL  {name}: {error}")
                continue
            if result["frameCount"] != len(want):
                problems.append(f"Chromium {result['frameCount']} frames, ours {len(want)}")
            worst = differing = 0
            notes = []
            for index, (entry, (pixels, delay_ms)) in enumerate(zip(result["frames"], want)):
                if (entry["width"], entry["height"]) != size:
                    problems.append(f"frame {index}: {entry['width']}x{entry['height']}, ours {size}")
                    continue
                if entry["format"] == "I420" and len(want) == 1:
                    pixels, tolerance = dwebp_nofancy(path, work), 2
                    notes.append("Chromium: I420 frame, point chroma upsampling; compared with dwebp -nofancy")
                d, largest, beyond = vc.compare(pixels, base64.b64decode(entry["copy"]), tolerance)
                differing += d
                worst = max(worst, largest)
                if beyond:
                    problems.append(f"frame {index}: {beyond} px beyond {tolerance}")
                if entry["duration"] is not None and abs(entry["duration"] - delay_ms * 1000) >= 1000:
                    problems.append(f"frame {index}: duration {entry['duration']} us, ours {delay_ms} ms")
            note = (f"{len(want)} frames, {differing} px differ (max {worst}, within {tolerance} after premultiplying), "
                    f"repetitionCount {result['repetitionCount']}") + "".join("; " + n for n in notes)
            if problems:
                failed += 1
                print(f"FAIL  {name}: " + "; ".join(problems[:4]))
            else:
                passed += 1
                print(f"PASS  {name}: {note}")
    finally:
        browser.close()
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
