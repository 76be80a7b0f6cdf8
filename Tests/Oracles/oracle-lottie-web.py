#!/usr/bin/env python3
"""Compares StickerForge's Lottie frames with lottie-web 5.7.4 (svg renderer, headless Chromium).

    python3 Tests/Oracles/oracle-lottie-web.py [--bin .build/release/stickerforge] [--json] [FILE...]
    python3 Tests/Oracles/oracle-lottie-web.py --write-refs [FILE...]   # the committed reference strips

Files default to the Lottie fixtures that have a lottie-web reference (<name>.web.png beside
Tests/ImageCodecTests/Fixtures/Lottie/<name>.json: the issue-21 feature fixtures). For every file,
frames [ip, op) come from lottie-web (../shared/tools/lottieweb_frames.py, fetching lottie-web from the
wagtail-lottie wheel) and from `stickerforge frames`; per file it prints
- the median over frames of the PSNR over premultiplied colour (R, G, B times alpha, and alpha;
  identical frames count as 99 dB), and the minimum;
- coverage: the share of lottie-web's covered pixels (alpha >= 128) that ours leaves uncovered with
  no covered pixel of ours within 1 px, plus the pixels ours covers with no covered pixel of
  lottie-web's within 1 px, over all frames.
Aim (issue 21): median >= 35 dB and coverage differing on < 1% on every file. Ends with
`N passed, M failed` (Tests/Oracles/verify.sh counts it); exit 1 when a file misses the aim. --write-refs writes <name>.web.png (every lottie-web frame stacked top to bottom) next
to each fixture that StickerForge's tests compare with (LottieWebReferenceTests); tests never need
Chromium.
"""
import argparse, glob, io, json, os, subprocess, sys, tempfile

import numpy as np
from PIL import Image

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "ImageCodecTests", "Fixtures", "Lottie")
TOOLS = os.path.normpath(os.path.join(ROOT, "..", "shared", "tools"))


def premultiplied(rgba):
    f = rgba.astype(np.float64)
    a = f[..., 3:4] / 255.0
    return np.concatenate([f[..., :3] * a, f[..., 3:4]], axis=-1)


def psnr(a, b):
    mse = np.mean((premultiplied(a) - premultiplied(b)) ** 2)
    return 99.0 if mse == 0 else min(99.0, 10 * np.log10(255.0 ** 2 / mse))


def dilate(mask):
    out = mask.copy()
    h, w = mask.shape
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            shifted = np.zeros_like(mask)
            shifted[max(0, dy):h + min(0, dy), max(0, dx):w + min(0, dx)] = \
                mask[max(0, -dy):h + min(0, -dy), max(0, -dx):w + min(0, -dx)]
            out |= shifted
    return out


def coverage(ours, web):
    """(pixels lottie-web covers that ours misses beyond 1 px, pixels ours adds beyond 1 px, lottie-web's covered)."""
    o, w = ours[..., 3] >= 128, web[..., 3] >= 128
    return int(np.sum(w & ~dilate(o))), int(np.sum(o & ~dilate(w))), int(np.sum(w))


def ours_frames(sf, path, work):
    out = os.path.join(work, os.path.basename(path) + ".frames")
    subprocess.run([sf, "frames", path, "--output-dir", out], check=True, stdout=subprocess.DEVNULL)
    return [np.asarray(Image.open(f).convert("RGBA")) for f in sorted(glob.glob(os.path.join(out, "frame_*.png")))]


def strip(frames):
    h, w = frames[0].shape[:2]
    img = Image.new("RGBA", (w, h * len(frames)))
    for i, f in enumerate(frames):
        img.paste(Image.fromarray(f, "RGBA"), (0, h * i))
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=True)
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "stickerforge"))
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--write-refs", action="store_true")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    if not os.path.isdir(TOOLS):
        print(f"skipped: {TOOLS} (lottieweb_frames.py) is not here")
        print("0 passed, 0 failed")
        return 0
    sys.path.insert(0, TOOLS)
    import lottieweb_frames as lw
    files = args.files or sorted(p for p in glob.glob(os.path.join(FIXTURES, "*.json"))
                                 if os.path.exists(os.path.splitext(p)[0] + ".web.png"))
    web = lw.render(files)
    if args.write_refs:
        for path in files:
            res = web[path]
            if not res["ok"]:
                sys.exit(f"{path}: lottie-web failed: {res['error']}")
            ref = os.path.splitext(path)[0] + ".web.png"
            open(ref, "wb").write(strip(res["rgba"]))
            print(f"wrote {os.path.relpath(ref, ROOT)} ({len(res['rgba'])} frames)")
        return 0
    rows, failed = [], False
    with tempfile.TemporaryDirectory() as work:
        for path in files:
            res = web[path]
            name = os.path.basename(path)
            if not res["ok"]:
                rows.append({"file": name, "error": res["error"]}); failed = True; continue
            ours = ours_frames(args.bin, path, work)
            theirs = res["rgba"]
            if len(ours) != len(theirs):
                rows.append({"file": name, "error": f"{len(ours)} frames, lottie-web {len(theirs)}"}); failed = True; continue
            scores = [psnr(a, b) for a, b in zip(ours, theirs)]
            missed = extra = covered = 0
            for a, b in zip(ours, theirs):
                m, e, c = coverage(a, b)
                missed += m; extra += e; covered += c
            share = (missed + extra) / max(covered, 1)
            row = {"file": name, "frames": len(ours), "median_psnr": round(float(np.median(scores)), 2),
                   "min_psnr": round(float(min(scores)), 2), "missed": missed, "extra": extra,
                   "covered": covered, "coverage_diff": round(100 * share, 3)}
            row["ok"] = row["median_psnr"] >= 35 and share < 0.01
            failed |= not row["ok"]
            rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        print(f"{'file':34} {'frames':>6} {'median dB':>9} {'min dB':>7} {'missed':>7} {'extra':>6} {'diff %':>7}")
        for r in rows:
            if "error" in r:
                print(f"{r['file']:34} error: {r['error']}")
            else:
                print(f"{r['file']:34} {r['frames']:6} {r['median_psnr']:9.2f} {r['min_psnr']:7.2f} {r['missed']:7} "
                      f"{r['extra']:6} {r['coverage_diff']:7.3f}{'' if r['ok'] else '  MISSES THE AIM'}")
    bad = sum(1 for r in rows if not r.get("ok"))
    print(f"{len(rows) - bad} passed, {bad} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
