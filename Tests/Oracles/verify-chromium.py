#!/usr/bin/env python3
"""Check that Chromium decodes every APNG StickerForge writes exactly as the frames that went in.

Writes, into a temporary folder:
  - the sample pack build (`stickerforge build Samples/StarterPack`) and its APNGs,
  - Samples/StarterPack/wave assembled at each --effort (fast, default, max),
  - Samples/StarterPack/sparkle.gif converted (`stickerforge convert`),
  - a generated animation: a soft, partly transparent disc moving over transparent canvas, over
    an opaque block and over a translucent block, then leaving (exercises blend over and the
    dispose ops),
then decodes each APNG in headless Chromium (driven over the DevTools pipe by verify-report.py's
driver) with the WebCodecs ImageDecoder API
(premultiplyAlpha 'none', colorSpaceConversion 'none') and compares every frame with the input:

  - VideoFrame.copyTo({format: 'RGBA'}) pixels, and the same frame drawn on a 2D canvas and read
    back with getImageData: alpha-0 pixels are equal whatever their colour; partly transparent
    pixels may differ, because Chromium keeps composited APNG frames (and canvases) premultiplied,
    but every difference must vanish once both sides are premultiplied (Skia's rounding) and alpha
    must be equal. The count and the largest difference are reported.
  - frame count, and every frame's duration in microseconds as Chromium reports it.

Identical consecutive input frames are merged (the encoder does that), adding their delays.

    Tests/Oracles/verify-chromium.py [--bin .build/release/stickerforge] [--keep]

Prints one line per APNG and a final `N passed, M failed` line; exits 1 when anything failed.
"""

import argparse
import base64
import glob
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    from PIL import Image, ImageDraw, ImageFilter
except ImportError:
    sys.exit("verify-chromium.py needs Pillow: pip install Pillow")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACK = os.path.join(ROOT, "Samples", "StarterPack")

# The page decodes DATA (base64 APNG bytes); window.result settles to the JSON text of the result.
PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body>
<script>
function b64(bytes) {
  if (bytes.toBase64) return bytes.toBase64();
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
window.result = (async () => {
  try {
    if (typeof ImageDecoder !== 'function') return 'NO-IMAGEDECODER';
    const data = Uint8Array.from(atob('DATA'), c => c.charCodeAt(0));
    const decoder = new ImageDecoder({data, type: 'image/png',
                                      premultiplyAlpha: 'none', colorSpaceConversion: 'none'});
    await decoder.tracks.ready;
    await decoder.completed;
    const track = decoder.tracks.selectedTrack;
    const result = {frameCount: track.frameCount, animated: track.animated,
                    repetitionCount: String(track.repetitionCount), frames: []};
    for (let i = 0; i < track.frameCount; i++) {
      const frame = (await decoder.decode({frameIndex: i, completeFramesOnly: true})).image;
      const entry = {duration: frame.duration, timestamp: frame.timestamp, format: frame.format,
                     width: frame.displayWidth, height: frame.displayHeight};
      const raw = new Uint8Array(frame.allocationSize({format: 'RGBA'}));
      await frame.copyTo(raw, {format: 'RGBA'});
      entry.copy = b64(raw);
      const canvas = new OffscreenCanvas(frame.displayWidth, frame.displayHeight);
      const ctx = canvas.getContext('2d', {willReadFrequently: true});
      ctx.drawImage(frame, 0, 0);
      entry.canvas = b64(new Uint8Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer));
      frame.close();
      result.frames.push(entry);
    }
    return JSON.stringify(result);
  } catch (error) {
    return 'ERROR ' + error;
  }
})();
</script></body></html>
"""


def run(args, **kw):
    proc = subprocess.run(args, capture_output=True, text=True, timeout=kw.pop("timeout", 900), **kw)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} exited {proc.returncode}: {(proc.stderr or proc.stdout).strip()[-400:]}")
    return proc.stdout


def is_apng(path):
    with open(path, "rb") as f:
        head = f.read(1 << 16)
    return head[:8] == b"\x89PNG\r\n\x1a\n" and b"acTL" in head[:head.find(b"IDAT") if b"IDAT" in head else None]


def natural_key(path):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", os.path.basename(path))]


def rgba_bytes(im):
    return im.convert("RGBA").tobytes()


def merged(frames):
    """[(bytes, delay ms)] with identical consecutive frames merged (alpha-0 colour ignored)."""
    out = []
    for data, delay in frames:
        key = clear_transparent(data)
        if out and out[-1][2] == key:
            out[-1][1] += delay
        else:
            out.append([data, delay, key])
    return [(d, ms) for d, ms, _ in out]


def clear_transparent(data):
    b = bytearray(data)
    for i in range(3, len(b), 4):
        if b[i] == 0:
            b[i - 3:i] = b"\0\0\0"
    return bytes(b)


def frames_from_files(paths, delay_ms):
    first = Image.open(paths[0])
    return first.size, merged([(rgba_bytes(Image.open(p)), delay_ms) for p in paths])


def frames_from_stickerforge(binary, path, workdir):
    """Our own decoder's frames of an input (GIF): crosscheck-decode.py checks it against Pillow."""
    out = tempfile.mkdtemp(dir=workdir, prefix="frames-")
    run([binary, "frames", path, "--output-dir", out])
    with open(os.path.join(out, "frames.json"), encoding="utf-8") as f:
        doc = json.load(f)
    size = (doc["canvas"]["width"], doc["canvas"]["height"])
    return size, merged([(rgba_bytes(Image.open(os.path.join(out, e["file"]))), e["delayMs"]) for e in doc["frames"]])


def generate_partial_alpha(folder):
    """24 frames, 160x160: a soft disc (alpha ramps 0..255 at its edge, 160 in its middle ring)
    crosses transparent canvas, an opaque blue block and a translucent green block, then leaves
    the canvas; a translucent bar blinks on and off (dispose to background / previous)."""
    os.makedirs(folder)
    size = 160
    for index in range(24):
        im = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(im)
        d.rectangle((60, 10, 100, 150), fill=(20, 40, 200, 255))          # opaque block
        d.rectangle((110, 10, 150, 150), fill=(30, 200, 60, 96))          # translucent block
        if index % 6 < 3:
            d.rectangle((0, 140, 159, 150), fill=(250, 120, 10, 140))     # blinking translucent bar
        x = -30 + index * 9
        disc = Image.new("RGBA", (60, 60), (0, 0, 0, 0))
        dd = ImageDraw.Draw(disc)
        dd.ellipse((6, 6, 54, 54), fill=(240, 30, 90, 255))
        dd.ellipse((18, 18, 42, 42), fill=(255, 230, 40, 160))
        disc = disc.filter(ImageFilter.GaussianBlur(3))
        layer = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        layer.paste(disc, (x, 50))  # may hang off either edge
        im.alpha_composite(layer)
        im.save(os.path.join(folder, f"frame_{index:02d}.png"))


class Case:
    def __init__(self, name, apng, size, frames, note=""):
        self.name, self.apng, self.size, self.frames, self.note = name, apng, size, frames, note


def build_cases(binary, work):
    cases = []
    wave_files = sorted(glob.glob(os.path.join(PACK, "wave", "*.png")), key=natural_key)
    wave_size, wave_frames = frames_from_files(wave_files, 1000 / 12)

    pack_out = os.path.join(work, "pack")
    # The sample pack has deliberate problems, so the build exits non-zero; its output still counts.
    subprocess.run([binary, "build", PACK, "--output", pack_out], capture_output=True, text=True, timeout=1800)
    apngs = sorted(p for p in glob.glob(os.path.join(pack_out, "**", "*.png"), recursive=True) if is_apng(p))
    if not apngs:
        raise RuntimeError(f"the pack build wrote no APNG under {pack_out}")
    for path in apngs:
        rel = os.path.relpath(path, pack_out)
        if "wave" in os.path.basename(path):
            cases.append(Case(f"build: {rel}", path, wave_size, wave_frames))
        else:
            size, frames = frames_from_stickerforge(binary, path, work)
            cases.append(Case(f"build: {rel}", path, size, frames, "reference: our decoder"))

    for effort in ("fast", "default", "max"):
        out = os.path.join(work, f"wave-{effort}.png")
        run([binary, "assemble", os.path.join(PACK, "wave"), "--output", out, "--fps", "12",
             "--effort", effort], timeout=1800)
        cases.append(Case(f"assemble wave --effort {effort}", out, wave_size, wave_frames))

    gif = os.path.join(PACK, "sparkle.gif")
    conv = os.path.join(work, "convert")
    run([binary, "convert", gif, "--output-dir", conv])
    converted = [p for p in glob.glob(os.path.join(conv, "*")) if p.lower().endswith((".png", ".apng"))]
    if len(converted) != 1:
        raise RuntimeError(f"convert wrote {converted}, expected one APNG")
    size, frames = frames_from_stickerforge(binary, gif, work)
    cases.append(Case("convert sparkle.gif", converted[0], size, frames, "reference: GIF via our decoder"))

    gen = os.path.join(work, "partial-alpha")
    generate_partial_alpha(gen)
    out = os.path.join(work, "partial-alpha.png")
    run([binary, "assemble", gen, "--output", out, "--delay", "70"])
    files = sorted(glob.glob(os.path.join(gen, "*.png")), key=natural_key)
    size, frames = frames_from_files(files, 70)
    cases.append(Case("assemble generated partial-alpha", out, size, frames))
    return cases


def load_driver():
    """The DevTools-pipe driver shared with verify-report.py (a file name with a dash: no import)."""
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    spec = importlib.util.spec_from_file_location("verify_report", os.path.join(ROOT, "Tests", "Oracles", "verify-report.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Chromium


def decode_in_chromium(browser, apng, work):
    """Chromium's decoding of one APNG. --dump-dom is not used: its virtual time ends before
    ImageDecoder (which decodes off the main thread) settles on real-size animations."""
    with open(apng, "rb") as f:
        data = base64.b64encode(f.read()).decode("ascii")
    page = os.path.join(work, os.path.basename(apng) + ".html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(PAGE.replace("DATA", data))
    browser.open("file://" + page, 800, 600, mobile=False)
    text = browser.evaluate("window.result")
    if text == "NO-IMAGEDECODER":
        raise RuntimeError("this Chromium has no WebCodecs ImageDecoder")
    if not isinstance(text, str) or not text.startswith("{"):
        raise RuntimeError(f"page said: {str(text)[:300]}")
    return json.loads(text)


def mul255(c, a):
    """Skia's SkMulDiv255Round: c * a / 255 rounded to nearest."""
    p = c * a + 128
    return (p + (p >> 8)) >> 8


def compare(expected, actual, tolerance=0):
    """(pixels differing, largest channel difference, pixels NOT explained by premultiplication,
    give or take `tolerance` levels after premultiplying)."""
    differing = unexplained = largest = 0
    for i in range(0, len(expected), 4):
        e, g = expected[i:i + 4], actual[i:i + 4]
        if e == g or (e[3] == 0 and g[3] == 0):
            continue
        differing += 1
        largest = max(largest, max(abs(x - y) for x, y in zip(e, g)))
        if abs(e[3] - g[3]) > tolerance or any(abs(mul255(x, e[3]) - mul255(y, g[3])) > tolerance
                                               for x, y in zip(e[:3], g[:3])):
            unexplained += 1
    return differing, largest, unexplained


def check(case, result):
    problems, notes = [], []
    want = case.frames
    if result["frameCount"] != len(want):
        problems.append(f"Chromium sees {result['frameCount']} frames, input has {len(want)}")
    stats = {"copy": [0, 0], "canvas": [0, 0]}  # pixels differing, largest difference
    for index, (entry, (pixels, delay_ms)) in enumerate(zip(result["frames"], want)):
        if (entry["width"], entry["height"]) != case.size:
            problems.append(f"frame {index}: {entry['width']}x{entry['height']}, input {case.size}")
            continue
        for kind in ("copy", "canvas"):
            differing, largest, unexplained = compare(pixels, base64.b64decode(entry[kind]))
            stats[kind][0] += differing
            stats[kind][1] = max(stats[kind][1], largest)
            if unexplained:
                problems.append(f"frame {index}: {kind} differs in {unexplained} pixels beyond premultiplication")
        want_us = delay_ms * 1000
        if entry["duration"] is None or abs(entry["duration"] - want_us) >= 1000:
            problems.append(f"frame {index}: duration {entry['duration']} us, input {want_us:.0f} us")
    durations = sorted({e["duration"] for e in result["frames"]})
    notes.append(f"durations {','.join(str(d) for d in durations)} us")
    notes.append(f"repetitionCount {result['repetitionCount']}")
    for kind, label in (("copy", "copyTo"), ("canvas", "canvas")):
        differing, largest = stats[kind]
        notes.append(f"{label}: {differing} px differ, max {largest}, all premultiplication only"
                     if differing else f"{label}: identical")
    return problems, notes


def main():
    parser = argparse.ArgumentParser(description="Decode StickerForge's APNGs in headless Chromium.")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "stickerforge"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print it")
    args = parser.parse_args()
    if not os.access(args.bin, os.X_OK):
        print(f"error: {args.bin} is not executable; run `swift build -c release --product stickerforge`",
              file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="sf-verify-chromium-")
    passed = failed = 0
    try:
        try:
            cases = build_cases(args.bin, work)
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
            print(f"FAIL  preparing the APNGs: {error}")
            print("0 passed, 1 failed")
            return 1
        browser = load_driver()(args.chromium)
        for case in cases:
            try:
                result = decode_in_chromium(browser, case.apng, work)
                problems, notes = check(case, result)
                counts = f"{result['frameCount']}/{len(case.frames)} frames"
            except (RuntimeError, OSError, ValueError, KeyError, subprocess.TimeoutExpired) as error:
                problems, notes, counts = [str(error)], [], "-"
            size = os.path.getsize(case.apng)
            extra = "; ".join(([case.note] if case.note else []) + notes)
            if problems:
                failed += 1
                shown = "; ".join(problems[:4]) + (f"; and {len(problems) - 4} more" if len(problems) > 4 else "")
                print(f"FAIL  {case.name} ({size:,} B, {counts}): {shown}")
            else:
                passed += 1
                print(f"PASS  {case.name} ({size:,} B, {counts}): {extra}")
        browser.close()
    finally:
        if args.keep:
            print(f"kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
