#!/usr/bin/env python3
"""Compares folders of iMessage outputs made from the same foreign stickers (issue 19):
  Scripts/bench/bench-foreign.py IN_DIR OURS_DIR PEER_DIR [OURS_FILL_DIR]
(OURS_FILL_DIR: our build with --fill-cell, the peer's own choice of output size.)
For each source sticker in IN_DIR: per side, the output's bytes, size, frames kept and loop time
against the source's, the longest hold over its neighbours (stall), composited SSIM over black and
white (the mean over source frames of each frame against what is on screen at its time, the
CompositedSSIM of docs/fit.md, with the reference decoded at the output's canvas size; again over
the picture only, the artwork's box of that canvas, so padding is not scored; and again at
the source's own size, each output scaled back to it, for raster sources) and
butteraugli (Debian's, over white: on the middle source frame, and the mean and largest over six
source frames evenly spaced in time, each against the frame on screen then; one frame can land on
a lucky or an unlucky output frame). Prints a Markdown table.
References: WebM decoded by ffmpeg's libvpx-vp9 (alpha kept), scaled with Lanczos; WebP by Pillow;
Lottie/TGS rendered by rlottie-python at the output size. Outputs are read with Pillow (APNG)."""
import glob, gzip, json, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Oracles"))  # crosscheck-ssim
from importlib import import_module
cc = import_module("crosscheck-ssim")

def apng(path):
    im = Image.open(path); out = []
    for i in range(getattr(im, "n_frames", 1)):
        im.seek(i)
        out.append((np.asarray(im.convert("RGBA"), dtype=np.float64), im.info.get("duration", 0) or 0))
    return out

def fit_box(w, h, ow, oh):
    """The artwork's size inside an ow x oh canvas (aspect kept, centred), as CellPlacement pads."""
    s = min(ow / w, oh / h); return max(1, round(w * s)), max(1, round(h * s))

def resized(rgba, w, h):
    """`rgba` (float) scaled to w x h with Lanczos: premultiplied, scaled, unpremultiplied, as our
    resampler does (in sRGB here; near enough for a reference)."""
    pm = rgba.copy(); pm[..., :3] *= rgba[..., 3:4] / 255
    sc = np.stack([np.asarray(Image.fromarray(pm[..., c].astype(np.float32), "F").resize((w, h), Image.LANCZOS)) for c in range(4)], -1)
    sc = np.clip(sc, 0, 255); al = sc[..., 3:4]
    sc[..., :3] = np.where(al > 0, sc[..., :3] * 255 / np.maximum(al, 1e-6), 0)
    return np.clip(sc, 0, 255).astype(np.float64)

def place(rgba, ow, oh):
    """`rgba` scaled into an ow x oh canvas (aspect kept), centred on transparency."""
    h, w = rgba.shape[:2]
    aw, ah = fit_box(w, h, ow, oh)
    out = np.zeros((oh, ow, 4)); x, y = (ow - aw) // 2, (oh - ah) // 2
    out[y:y + ah, x:x + aw] = resized(rgba.astype(np.uint8).astype(np.float64), aw, ah)
    return out

def unplace(rgba, w, h):
    """The artwork's box of an output canvas scaled back to the source's w x h."""
    oh, ow = rgba.shape[:2]; aw, ah = fit_box(w, h, ow, oh); x, y = (ow - aw) // 2, (oh - ah) // 2
    box = rgba[y:y + ah, x:x + aw]
    return box.copy() if (aw, ah) == (w, h) else resized(box, w, h)

def composited(ref, o):
    """Mean composited SSIM (over black and white) of each reference frame against the output frame
    on screen at its time, weighted by time, and the mean of the worst 5% of frames."""
    ends = np.cumsum([d for _, d in o]) if len(o) > 1 else [float("inf")]
    t, qs = 0.0, []
    for r, m in ref:
        k = int(np.searchsorted(ends, t + 1e-6, side="right")) if len(o) > 1 else 0
        c = o[min(k, len(o) - 1)][0]
        qs.append(((cc.ssim(cc.luma(r, 0), cc.luma(c, 0)) + cc.ssim(cc.luma(r, 255), cc.luma(c, 255))) / 2, m)); t += m
    q = sum(a * m for a, m in qs) / sum(m for _, m in qs) if sum(m for _, m in qs) > 0 else qs[0][0]
    return q, float(np.mean(sorted(a for a, _ in qs)[:max(1, len(qs) // 20)]))

def webm_durations(src, n):
    """Each shown frame's time on screen in ms, from the packets' timestamps (the next frame's start
    less its own; the last frame's from the file's duration). Packet durations alone are not the
    timeline: a 30 fps file with millisecond timestamps (0, 33, 67, ...) stores 33 ms in each, and
    summing them drifts a frame behind by the fourth frame."""
    rows = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,duration_time",
                           "-of", "csv=p=0", src], capture_output=True, text=True).stdout.split()
    rows = [r.strip(",").split(",") for r in rows if r.strip(",")]
    def num(x):
        try: return float(x)
        except ValueError: return None
    pts = [num(r[0]) for r in rows][:n]
    dur = [num(r[1]) if len(r) > 1 else None for r in rows][:n]
    total = num(subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", src],
                               capture_output=True, text=True).stdout.strip() or "x")
    if len(pts) < n or any(p is None for p in pts): return [1000 / 30] * n
    ms = [(b - a) * 1000 for a, b in zip(pts, pts[1:])]
    last = (total - pts[-1]) if total and total > pts[-1] else (dur[-1] or 1 / 30)
    return ms + [last * 1000]

# Sources Pillow reads frame by frame (stills and animations; WebM goes through ffmpeg, Lottie and
# TGS through rlottie).
RASTER = ("webp", "png", "apng", "gif", "jpg", "jpeg")

def reference(src, ow, oh):
    """[(rgba, ms)] of the source at the output's canvas size (0, 0: its own size, raster only)."""
    ext = src.rsplit(".", 1)[-1]
    if ext == "webm":
        with tempfile.TemporaryDirectory() as t:
            subprocess.run(["ffmpeg", "-v", "error", "-c:v", "libvpx-vp9", "-i", src, "-fps_mode", "passthrough",
                            "-pix_fmt", "rgba", t + "/f%04d.png"], check=True)
            fr = [np.asarray(Image.open(p).convert("RGBA"), dtype=np.float64) for p in sorted(glob.glob(t + "/f*.png"))]
        ms = webm_durations(src, len(fr))
        return [(place(f, ow or f.shape[1], oh or f.shape[0]), m) for f, m in zip(fr, ms)]
    if ext in RASTER:
        return [(place(f, ow or f.shape[1], oh or f.shape[0]), d or 1) for f, d in apng(src)]
    from rlottie_python import LottieAnimation
    data = gzip.open(src).read().decode() if ext == "tgs" else open(src).read()
    anim = LottieAnimation.from_data(data)
    w, h = anim.lottie_animation_get_size(); fps = anim.lottie_animation_get_framerate()
    n = max(1, round(anim.lottie_animation_get_duration() * fps))  # op - ip frames, as the file plays them
    aw, ah = fit_box(w, h, ow, oh); out = []
    for i in range(n):
        buf = np.frombuffer(anim.lottie_animation_render(frame_num=i, width=aw, height=ah), dtype=np.uint8).reshape(ah, aw, 4).astype(np.float64)
        rgba = buf[..., [2, 1, 0, 3]].copy(); a = rgba[..., 3:4]
        rgba[..., :3] = np.where(a > 0, np.minimum(255, (rgba[..., :3] * 255 + a / 2) // np.maximum(a, 1)), 0)
        canvas = np.zeros((oh, ow, 4)); x, y = (ow - aw) // 2, (oh - ah) // 2; canvas[y:y + ah, x:x + aw] = rgba
        out.append((canvas, 1000 / fps))
    return out

def source_size(src):
    """The source's own canvas size (w, h)."""
    ext = src.rsplit(".", 1)[-1]
    if ext == "webm" or ext in RASTER:
        if ext in RASTER: return Image.open(src).size
        r = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", src], capture_output=True, text=True).stdout.strip().split(",")
        return int(r[0]), int(r[1])
    from rlottie_python import LottieAnimation
    data = gzip.open(src).read().decode() if ext == "tgs" else open(src).read()
    return LottieAnimation.from_data(data).lottie_animation_get_size()

def butteraugli(a, b):
    with tempfile.TemporaryDirectory() as t:
        for name, f in (("a", a), ("b", b)):
            al = f[..., 3:4] / 255; Image.fromarray((f[..., :3] * al + 255 * (1 - al)).round().astype(np.uint8), "RGB").save(f"{t}/{name}.png")
        r = subprocess.run(["butteraugli", f"{t}/a.png", f"{t}/b.png"], capture_output=True, text=True)
        try: return float(r.stdout.split()[0])
        except (IndexError, ValueError): return float("nan")

def measure(src, out, load=apng):
    """Figures of the output `out` (read by `load`) against the source `src`; None without output."""
    if not out or not os.path.exists(out): return None
    o = load(out); oh, ow = o[0][0].shape[:2]
    ref = reference(src, ow, oh)
    for r, _ in ref: r[r[..., 3] == 0] = 0
    loop_src = sum(m for _, m in ref); loop_out = sum(d for _, d in o) if len(o) > 1 else 0
    ends = np.cumsum([d for _, d in o]) if len(o) > 1 else [float("inf")]
    q, worst = composited(ref, o)
    # The same measure at the source's own size (raster sources): each output scaled back to it, so
    # neither side's choice of output size or resampler decides the score; vector sources: as above.
    at_source = q
    if src.rsplit(".", 1)[-1] in ("webm",) + RASTER:
        native = reference(src, 0, 0)
        for r, _ in native: r[r[..., 3] == 0] = 0
        sh, sw = native[0][0].shape[:2]
        at_source, _ = composited(native, [(unplace(f, sw, sh), d) for f, d in o])
    # The same measure over the picture only: the artwork's box of the output canvas (aspect kept,
    # centred), so transparent padding that both the output and the reference hold (the peer pads
    # every sticker to a square canvas) does not count as a perfect match.
    sw, sh = source_size(src)
    aw, ah = fit_box(sw, sh, ow, oh); x, y = (ow - aw) // 2, (oh - ah) // 2
    def crop(frames): return [(f[y:y + ah, x:x + aw], m) for f, m in frames]
    picture, _ = composited(crop(ref), crop(o)) if (aw, ah) != (ow, oh) else (q, worst)
    d = [x for _, x in o]; stall = max((d[i] / max(1e-9, np.median(d)) for i in range(len(d))), default=1) if len(d) > 1 else 1
    def on_screen(i):
        k = int(np.searchsorted(ends, sum(m for _, m in ref[:i]) + 1e-6, side="right")) if len(o) > 1 else 0
        return o[min(k, len(o) - 1)][0]
    mid = len(ref) // 2
    six = [butteraugli(ref[i][0], on_screen(i)) for i in sorted({len(ref) * j // 6 for j in range(6)})]
    return dict(ba6=float(np.mean(six)), ba6max=float(np.max(six)), bytes=os.path.getsize(out), size=f"{ow}x{oh}", frames=f"{len(o)}/{len(ref)}", loop=f"{loop_out:.0f}/{loop_src:.0f}",
                stall=stall, ssim=q, picture=picture, worst=worst, at_source=at_source, ba=butteraugli(ref[mid][0], on_screen(mid)))

def main():
    ind, ours, peer = sys.argv[1:4]
    fill = sys.argv[4] if len(sys.argv) > 4 else None
    def by_source(out):
        manifest = json.load(open(os.path.join(out, "manifest.json")))
        return {s["sources"][0]: os.path.join(out, s["file"]) for s in manifest["stickers"]}
    mine, filled = by_source(ours), by_source(fill) if fill else {}
    peer_files = glob.glob(os.path.join(peer, "**", "*.png"), recursive=True)
    print("| sticker | side | bytes | size | frames out/src | loop ms out/src | longest hold / median | SSIM | SSIM, picture only | worst 5% | SSIM at source size "
          "| butteraugli, middle frame | butteraugli, 6 frames: mean / max |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for src in sorted(os.listdir(ind)):
        stem = src.rsplit(".", 1)[0]
        theirs = next((p for p in peer_files if os.path.basename(p).rsplit(".", 1)[0] == stem), None)
        sides = [("ours", mine.get(src))] + ([("ours --fill-cell", filled.get(src))] if fill else []) + [("sticker-convert", theirs)]
        for side, path in sides:
            m = measure(os.path.join(ind, src), path)
            if m is None: print(f"| {src} | {side} | no output | | | | | | | | | | |"); continue
            print(f"| {src} | {side} | {m['bytes']:,} | {m['size']} | {m['frames']} | {m['loop']} | {m['stall']:.2f} | "
                  f"{m['ssim']:.4f} | {m['picture']:.4f} | {m['worst']:.4f} | {m['at_source']:.4f} | {m['ba']:.2f} | {m['ba6']:.2f} / {m['ba6max']:.2f} |")

if __name__ == "__main__":
    main()
