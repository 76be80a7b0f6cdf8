#!/usr/bin/env python3
"""Chromium as a standing oracle: decode a corpus with Chromium's WebCodecs ImageDecoder and compare
every frame (pixels and duration) with `stickerforge frames`.

For each file (PNG, APNG, GIF, JPEG; folders are searched recursively):

  - ours:     `stickerforge frames FILE --output-dir TMP`, then frames.json and one PNG per frame;
  - Chromium: the same bytes given to `new ImageDecoder({data, type, premultiplyAlpha: 'none',
              colorSpaceConversion: 'none'})` in one headless page (verify-report.py's DevTools-pipe
              driver), every frame read with VideoFrame.copyTo({format: 'RGBA'}).

Verdicts, one per file:

  exact        same frame count, every pixel equal (alpha-0 pixels equal whatever their colour);
  premultiplied  equal once both sides are premultiplied with Skia's rounding and alpha is equal:
               Chromium keeps composited frames premultiplied (see verify-chromium.py);
  jpeg-yuv     JPEG only: Chromium gives YUV frames and upsamples chroma its own way, so pixels
               may differ at colour edges; passes when the mean channel difference is <= 1;
  refused      both refuse the file (PngSuite's x* files, broken files): agreement;
  refused-partial  Chromium shows the frames before a broken one and stops; we refuse the whole file
               and name the fault. Listed (NOTE lines), not failed: a decision, see verification.md;
  DIFFERENT    anything else: frame count, size, pixels, or one side refusing. These fail.

Loop counts of animated files must agree: our plays (0 = forever) against Chromium's
repetitionCount (repeats after the first play, Infinity = forever).

Durations are compared separately and never hidden: `exact` when Chromium's microseconds are our
delay truncated to whole milliseconds; `clamped` when our delay is 10 ms or less and Chromium says
100 ms (the browsers' rule for tiny delays, docs/apng.md) -- our `frames` keeps the stored delay
and `check` warns with `short_frame_delay`; anything else is a duration disagreement and fails.
Stills have no duration to compare (Chromium reports 0 or null).

    Tests/Oracles/oracle-chromium.py [--bin .build/release/stickerforge] [--json OUT] [--keep] PATH...

Prints one line per disagreement, a summary (files, frames, pixel-exact frames, largest difference,
durations) and a final `N passed, M failed` line; exits 1 when anything disagreed.
"""

import argparse
import base64
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import PIL  # noqa: F401  (verify-chromium.py and crosscheck-decode.py read images with it)
except ImportError:
    sys.exit("oracle-chromium.py needs Pillow: pip install Pillow")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXTENSIONS = (".png", ".apng", ".gif", ".jpg", ".jpeg")
CLAMP_AT_MS, CLAMPED_TO_US = 10, 100_000
JPEG_MEAN_LIMIT = 1.0   # mean absolute channel difference allowed for JPEG (chroma upsampling)

# One page for the whole run; decodeFile(base64, type) resolves to the JSON text of the result.
PAGE = """<!doctype html><html><head><meta charset="utf-8"></head><body><script>
function b64(bytes) {
  if (bytes.toBase64) return bytes.toBase64();
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
async function decodeFile(data64, type) {
  if (typeof ImageDecoder !== 'function') return 'NO-IMAGEDECODER';
  const result = {frames: []};
  let decoder;
  try {
    const data = Uint8Array.from(atob(data64), c => c.charCodeAt(0));
    decoder = new ImageDecoder({data, type, premultiplyAlpha: 'none', colorSpaceConversion: 'none'});
    await decoder.tracks.ready;
    await decoder.completed;
    const track = decoder.tracks.selectedTrack;
    Object.assign(result, {frameCount: track.frameCount, animated: track.animated,
                           repetitionCount: String(track.repetitionCount)});
    for (let i = 0; i < track.frameCount; i++) {
      const frame = (await decoder.decode({frameIndex: i, completeFramesOnly: true})).image;
      let raw;
      if (frame.format && frame.format.startsWith('I')) {
        // A YUV frame (JPEG): read it as the page shows it, through a canvas.
        const canvas = new OffscreenCanvas(frame.displayWidth, frame.displayHeight);
        const ctx = canvas.getContext('2d', {willReadFrequently: true});
        ctx.drawImage(frame, 0, 0);
        raw = new Uint8Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
      } else {
        raw = new Uint8Array(frame.allocationSize({format: 'RGBA'}));
        await frame.copyTo(raw, {format: 'RGBA'});
      }
      result.frames.push({duration: frame.duration, width: frame.displayWidth, format: frame.format,
                          height: frame.displayHeight, rgba: b64(raw)});
      frame.close();
    }
  } catch (error) {
    result.error = String(error);
  } finally {
    if (decoder) decoder.close();
  }
  return JSON.stringify(result);
}
</script></body></html>
"""


def load_script(name, module):
    """A sibling script as a module (dashes in the names rule out `import`)."""
    sys.dont_write_bytecode = True  # no __pycache__ beside the scripts
    spec = importlib.util.spec_from_file_location(module, os.path.join(ROOT, "Tests", "Oracles", name))
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


VERIFY = load_script("verify-chromium.py", "verify_chromium")
CROSSCHECK = load_script("crosscheck-decode.py", "crosscheck_decode")


def mime(path):
    with open(path, "rb") as f:
        head = f.read(8)
    if head.startswith(b"GIF8"):
        return "image/gif"
    if head.startswith(b"\xff\xd8"):
        return "image/jpeg"
    return "image/png"


def collect(paths):
    files = []
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in os.walk(path):
                files += [os.path.join(folder, n) for n in names if n.lower().endswith(EXTENSIONS)]
        else:
            files.append(path)
    return sorted(set(files))


def ours(binary, path, work):
    """(frames [(rgba bytes, delay ms)], size, loop count) or the error text."""
    out = tempfile.mkdtemp(dir=work, prefix="frames-")
    proc = subprocess.run([binary, "frames", path, "--output-dir", out], capture_output=True, text=True, timeout=600)
    if proc.returncode != 0:
        shutil.rmtree(out, ignore_errors=True)
        return (proc.stderr or proc.stdout).strip().splitlines()[-1] if (proc.stderr or proc.stdout).strip() else f"exit {proc.returncode}"
    with open(os.path.join(out, "frames.json"), encoding="utf-8") as f:
        doc = json.load(f)
    # Our frame files use the smallest exact colour type (low-bit grey with a tRNS key too): read
    # them through crosscheck-decode.py's Pillow workarounds.
    frames = [(CROSSCHECK.read_rgba(os.path.join(out, e["file"])).tobytes(), e["delayMs"]) for e in doc["frames"]]
    shutil.rmtree(out, ignore_errors=True)
    return frames, (doc["canvas"]["width"], doc["canvas"]["height"]), doc["loopCount"]


def chromium(browser, path):
    with open(path, "rb") as f:
        data = base64.b64encode(f.read()).decode("ascii")
    text = browser.evaluate(f"decodeFile('{data}', '{mime(path)}')")
    if text == "NO-IMAGEDECODER":
        raise RuntimeError("this Chromium has no WebCodecs ImageDecoder")
    return json.loads(text)


def duration_verdict(our_ms, chromium_us, animated):
    """'exact', 'clamped' or None (a disagreement)."""
    if not animated:
        return "exact"
    if chromium_us is not None and int(our_ms * 1000) // 1000 * 1000 == chromium_us:
        return "exact"
    if chromium_us is not None and abs(our_ms * 1000 - chromium_us) < 1000:
        return "exact"
    if our_ms <= CLAMP_AT_MS and chromium_us == CLAMPED_TO_US:
        return "clamped"
    return None


class Tally:
    def __init__(self):
        self.files = self.frames = self.exact_frames = self.premul_frames = self.largest = self.jpeg_frames = 0
        self.verdicts, self.durations = {}, {"exact": 0, "clamped": 0, "different": 0}
        self.reported = {}   # our delay in ms -> the durations (us) Chromium reported for it
        self.loops = {True: 0, False: 0}   # animated files whose loop count agrees / differs

    def add(self, verdict):
        self.files += 1
        self.verdicts[verdict] = self.verdicts.get(verdict, 0) + 1


def judge(path, mine, theirs, tally, records):
    """Adds one file's comparison to the tally; returns its record."""
    record = {"file": path}
    refused_ours = isinstance(mine, str)
    refused_theirs = bool(theirs.get("error")) and not theirs["frames"]
    if refused_ours and theirs.get("error") and theirs["frames"]:
        record["chromium_frames_before_error"] = len(theirs["frames"])
    if refused_ours or refused_theirs:
        record.update(ours=mine if refused_ours else f"{len(mine[0])} frames",
                      chromium=theirs.get("error") or f"{len(theirs['frames'])} frames")
        if refused_ours and refused_theirs:
            verdict = "refused"
        elif refused_ours and theirs.get("error") and theirs["frames"]:
            verdict = "refused-partial"   # Chromium shows the frames before the fault; we refuse the file
        else:
            verdict = "DIFFERENT"
        record["verdict"] = verdict
        tally.add(verdict)
        records.append(record)
        return record
    frames, size, loop = mine
    problems = []
    if theirs.get("error"):
        problems.append(f"Chromium stopped after {len(theirs['frames'])} frames: {theirs['error']}")
    if len(frames) != len(theirs["frames"]):
        problems.append(f"{len(frames)} frames here, {len(theirs['frames'])} in Chromium")
    animated = len(frames) > 1 or bool(theirs.get("animated"))
    premultiplied = jpeg = False
    for index, ((pixels, delay), entry) in enumerate(zip(frames, theirs["frames"])):
        tally.frames += 1
        if (entry["width"], entry["height"]) != size:
            problems.append(f"frame {index}: {entry['width']}x{entry['height']} in Chromium, {size[0]}x{size[1]} here")
            continue
        theirs_px = base64.b64decode(entry["rgba"])
        if mime(path) == "image/jpeg":
            # Chromium hands JPEG frames over as YUV (I420) and upsamples the chroma itself;
            # libjpeg-turbo's fancy upsampling (ours, Pillow's) differs at colour edges.
            mean = sum(abs(a - b) for a, b in zip(pixels, theirs_px)) / max(1, len(pixels))
            record.update(largest=max(abs(a - b) for a, b in zip(pixels, theirs_px)), mean=round(mean, 3))
            tally.jpeg_frames += 1
            if mean > JPEG_MEAN_LIMIT:
                problems.append(f"frame {index}: JPEG mean difference {mean:.2f} over {JPEG_MEAN_LIMIT}")
            jpeg = True
        else:
            premultiplied |= compare_frame(index, pixels, theirs_px, tally, record, problems)
        dv = duration_verdict(delay, entry["duration"], animated)
        tally.durations[dv or "different"] += 1
        tally.reported.setdefault(delay, set()).add(entry["duration"])
        if dv is None:
            problems.append(f"frame {index}: {delay} ms here, {entry['duration']} us in Chromium")
        elif dv == "clamped":
            record["clamped"] = record.get("clamped", 0) + 1
    record.update(frames=len(frames), loop=loop, repetitionCount=theirs.get("repetitionCount"))
    if len(frames) > 1:
        # Our loop count is plays (0 = forever); Chromium's repetitionCount is repeats after the first.
        expected = "Infinity" if loop == 0 else str(loop - 1)
        tally.loops[expected == theirs.get("repetitionCount")] += 1
        if expected != theirs.get("repetitionCount"):
            problems.append(f"plays {loop} here, repetitionCount {theirs.get('repetitionCount')} in Chromium")
    verdict = "DIFFERENT" if problems else ("jpeg-yuv" if jpeg else "premultiplied" if premultiplied else "exact")
    record["verdict"] = verdict
    if problems:
        record["problems"] = problems
    tally.add(verdict)
    records.append(record)
    return record


def compare_frame(index, pixels, theirs_px, tally, record, problems):
    """Counts one frame's pixel comparison; True when it differs by premultiplication only.
    The tally's largest difference covers agreeing frames only (premultiplication coarsening)."""
    differing, largest, unexplained = VERIFY.compare(pixels, theirs_px)
    record["largest"] = max(record.get("largest", 0), largest)
    if unexplained:
        problems.append(f"frame {index}: {unexplained} px differ (max {largest})")
        return False
    tally.largest = max(tally.largest, largest)
    if differing:
        tally.premul_frames += 1
        return True
    tally.exact_frames += 1
    return False


def main():
    parser = argparse.ArgumentParser(description="Compare `stickerforge frames` with Chromium's ImageDecoder.")
    parser.add_argument("paths", nargs="+", help="files or folders (searched recursively)")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "stickerforge"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--json", help="write every file's record to this JSON file")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder and print it")
    args = parser.parse_args()
    if not os.access(args.bin, os.X_OK):
        print(f"error: {args.bin} is not executable; build it with "
              "`swift build -c release --product stickerforge`", file=sys.stderr)
        return 2
    files = collect(args.paths)
    if not files:
        print("error: no PNG, APNG, GIF or JPEG files under the given paths", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="sf-oracle-")
    tally, records = Tally(), []
    try:
        page = os.path.join(work, "oracle.html")
        with open(page, "w", encoding="utf-8") as f:
            f.write(PAGE)
        browser = VERIFY.load_driver()(args.chromium)
        browser.open("file://" + page, 800, 600, mobile=False)
        for path in files:
            try:
                record = judge(path, ours(args.bin, path, work), chromium(browser, path), tally, records)
            except (RuntimeError, OSError, ValueError, KeyError, subprocess.TimeoutExpired) as error:
                tally.add("DIFFERENT")
                record = {"file": path, "verdict": "DIFFERENT", "problems": [f"harness: {error}"]}
                records.append(record)
            if record["verdict"] == "refused-partial":
                print(f"NOTE       {os.path.relpath(path)}: refused here ({record['ours']}); Chromium shows "
                      f"{record['chromium_frames_before_error']} frame(s), then: {record['chromium']}")
            if record["verdict"] == "DIFFERENT":
                detail = record.get("problems") or [f"ours: {record.get('ours')}; Chromium: {record.get('chromium')}"]
                print(f"DIFFERENT  {os.path.relpath(path)}: {'; '.join(detail[:3])}")
        browser.close()
    finally:
        if args.keep:
            print(f"kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(records, f, indent=1, sort_keys=True)
    summary(tally)
    failed = tally.verdicts.get("DIFFERENT", 0)
    print(f"{tally.files - failed} passed, {failed} failed")
    return 1 if failed else 0


def summary(tally):
    verdicts = ", ".join(f"{k} {v}" for k, v in sorted(tally.verdicts.items()))
    print(f"files: {tally.files} ({verdicts})")
    print(f"frames compared: {tally.frames}; pixel-exact {tally.exact_frames}, "
          f"premultiplication only {tally.premul_frames}, largest channel difference {tally.largest}"
          + (f"; JPEG frames within a mean of {JPEG_MEAN_LIMIT}: {tally.jpeg_frames}" if tally.jpeg_frames else ""))
    d = tally.durations
    print(f"durations: {d['exact']} exact (to Chromium's whole ms), {d['clamped']} clamped to 100 ms by "
          f"Chromium (ours <= {CLAMP_AT_MS} ms, kept as stored), {d['different']} different")
    print(f"loop counts of animated files: {tally.loops[True]} agree, {tally.loops[False]} differ")
    tiny = {ms: sorted(str(us) for us in seen) for ms, seen in sorted(tally.reported.items()) if ms <= 20}
    if tiny:
        print("short delays (ours ms: Chromium us): " + "; ".join(f"{ms:g}: {','.join(us)}" for ms, us in tiny.items()))


if __name__ == "__main__":
    sys.exit(main())
