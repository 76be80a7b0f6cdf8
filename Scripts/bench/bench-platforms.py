#!/usr/bin/env python3
"""Compares `build --platform` and sticker-convert's presets on the same source folder (issue 23):
  Scripts/bench/bench-platforms.py IN_DIR OURS_DIR PEER_DIR STORE...
OURS_DIR/<store>/manifest.json names our file per source; PEER_DIR/<store>/ holds sticker-convert's
files (named after the source). Per sticker and side: bytes, size, frames out/source, loop ms
out/source, composited SSIM over black and white and butteraugli against the source at the output
size (Scripts/bench/bench-foreign.py's `measure`; a trimmed output's lost end counts against it). WebM outputs are decoded by ffmpeg, TGS by rlottie.
"SSIM artwork" is the same composited SSIM over the artwork alone: the output's transparent padding
cut off (the box the source's aspect fills in its canvas, centred) and the reference drawn at that
box's size, so a side that pads to a square (sticker-convert's "512x512" for Telegram) is not
credited with the identical empty bands (a 512x288 picture padded to 512x512 is 44% padding).
"SSIM at source" is bench-foreign's measure at the source's own size (each output's artwork scaled
back to it, the same way for both sides; vector sources: as SSIM). "butteraugli at source" is the
same for butteraugli (raster sources only; "-" for vector ones): the output frame on screen at the
source's middle frame, its artwork box scaled back to the source's size with the same Lanczos for
both sides, against that source frame at its own size, over white. Neither side's resampler is
then the reference's: butteraugli at the output size compares each side against a Lanczos reduction
in sRGB codes, which favours a side that reduces that way.
Prints one Markdown table per store."""
import glob, gzip, json, os, subprocess, sys
import numpy as np
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module
bf = import_module("bench-foreign")

def frames(path):
    """[(rgba, ms)] of an output file as shown."""
    ext = path.rsplit(".", 1)[-1]
    if ext in ("webm", "tgs"):
        if ext == "tgs": w = h = 512
        else:
            w, h = (int(v) for v in subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                    "stream=width,height", "-of", "csv=p=0", path], capture_output=True, text=True).stdout.strip().split(",")[:2])
        return bf.reference(path, w, h)
    return bf.apng(path)

def source_size(src):
    """The source's own width and height (its artwork's aspect)."""
    if src.rsplit(".", 1)[-1] in ("webm",) + bf.RASTER:
        h, w = bf.reference(src, 0, 0)[0][0].shape[:2]; return w, h
    from rlottie_python import LottieAnimation
    data = gzip.open(src).read().decode() if src.endswith(".tgs") else open(src).read()
    return LottieAnimation.from_data(data).lottie_animation_get_size()

def artwork_ssim(src, out, load):
    """Composited SSIM of the output's artwork box (padding cut off) against the source drawn at that size."""
    o = load(out); oh, ow = o[0][0].shape[:2]
    sw, sh = source_size(src); aw, ah = bf.fit_box(sw, sh, ow, oh); x, y = (ow - aw) // 2, (oh - ah) // 2
    ref = bf.reference(src, aw, ah)
    for r, _ in ref: r[r[..., 3] == 0] = 0
    return bf.composited(ref, [(f[y:y + ah, x:x + aw].copy(), d) for f, d in o])[0]

def butteraugli_at_source(src, out, load):
    """Butteraugli of the output's artwork scaled back to the source's size against the source's
    middle frame at its own size (raster sources); None for vector sources."""
    if src.rsplit(".", 1)[-1] not in ("webm",) + bf.RASTER: return None
    o = load(out); native = bf.reference(src, 0, 0)
    for r, _ in native: r[r[..., 3] == 0] = 0
    sh, sw = native[0][0].shape[:2]
    # The output frame on screen at the middle source frame's start, as bench-foreign's `measure`.
    mid = len(native) // 2; tm = sum(m for _, m in native[:mid]) + 1e-6
    ends = np.cumsum([d for _, d in o]) if len(o) > 1 else [float("inf")]
    k = int(np.searchsorted(ends, tm, side="right")) if len(o) > 1 else 0
    return bf.butteraugli(native[mid][0], bf.unplace(o[min(k, len(o) - 1)][0], sw, sh))

def main():
    ind, ours, peer, *stores = sys.argv[1:]
    for store in stores:
        print(f"\n### {store}\n")
        print("| sticker | side | bytes | size | frames out/src | loop ms out/src | SSIM | SSIM artwork | SSIM at source | butteraugli | butteraugli at source |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        # A mixed pack for a store that takes one kind per pack is two folders, static/ and animated/.
        mine = {}
        for folder in (os.path.join(ours, store), os.path.join(ours, store, "static"), os.path.join(ours, store, "animated")):
            manifest_path = os.path.join(folder, "manifest.json")
            if os.path.exists(manifest_path):
                mine.update({s["source"][0]: os.path.join(folder, s["file"]) for s in json.load(open(manifest_path))["stickers"]})
        theirs = [p for p in glob.glob(os.path.join(peer, store, "**", "*.*"), recursive=True)
                  if p.lower().endswith((".png", ".apng", ".webp", ".webm", ".tgs", ".gif"))]
        for src in sorted(os.listdir(ind)):
            if src.endswith((".yml", ".yaml")): continue
            stem = src.rsplit(".", 1)[0]
            other = next((p for p in theirs if os.path.basename(p).rsplit(".", 1)[0] == stem), None)
            for side, path in (("ours", mine.get(src)), ("sticker-convert", other)):
                try: m = bf.measure(os.path.join(ind, src), path, load=frames)
                except Exception as error: print(f"| {src} | {side} | cannot measure: {error} | | | | | | | | |"); continue
                if m is None: print(f"| {src} | {side} | no output | | | | | | | | |"); continue
                art = artwork_ssim(os.path.join(ind, src), path, frames)
                bas = butteraugli_at_source(os.path.join(ind, src), path, frames)
                print(f"| {src} | {side} | {m['bytes']:,} | {m['size']} | {m['frames']} | {m['loop']} | {m['ssim']:.4f} | {art:.4f} | "
                      f"{m['at_source']:.4f} | {m['ba']:.2f} | {'-' if bas is None else f'{bas:.2f}'} |")

if __name__ == "__main__":
    main()
