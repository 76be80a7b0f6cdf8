#!/usr/bin/env python3
"""Validates the fitters' quality measure (StickerQuality, re-implemented here with numpy) against two
independent metrics, butteraugli (Debian) and ssimulacra2 (PyPI), on the cases docs/fit.md lists:
palettes with and without dithering, uniform frame-rate cuts, a stall, one bad frame, banding of a
gradient by fewer levels per channel. Each source frame is compared with the candidate frame on
screen at its time, composited over black and over white; the references are pooled the same way
(mean and worst frame). Prints the scores side by side and the rank agreement (Kendall's tau, and
the share of the issue's pairs ranked the same way).
  Tests/Oracles/validate-quality.py [WORK_DIR]     (needs numpy, Pillow, butteraugli, ssimulacra2)"""
import itertools, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from importlib import import_module
ssim = import_module("crosscheck-ssim").ssim   # the luma SSIM, shared with the cross-check

COLOUR_WEIGHT, TOLERANCE, WORST_FRACTION, WORST_WEIGHT = 0.25, 8.0, 0.05, 0.5

def composite(f, bg):
    a = f[..., 3:4] / 255
    return f[..., :3] * a + bg * (1 - a)

def luma(c):
    return 0.299 * c[..., 0] + 0.587 * c[..., 1] + 0.114 * c[..., 2]

def colour(cx, cy):
    d = cx - cy
    cb = -0.168736 * d[..., 0] - 0.331264 * d[..., 1] + 0.5 * d[..., 2]
    cr = 0.5 * d[..., 0] - 0.418688 * d[..., 1] - 0.081312 * d[..., 2]
    h, w = cb.shape
    def blocks(p):   # 2x2 means (even sizes here)
        return p[:h // 2 * 2, :w // 2 * 2].reshape(h // 2, 2, w // 2, 2).mean(axis=(1, 3))
    e2 = blocks(cb) ** 2 + blocks(cr) ** 2
    return (TOLERANCE ** 2 / (TOLERANCE ** 2 + e2)).mean()

def frame_scores(ref, shown, colour_term=True):
    out = []
    for r, c in zip(ref, shown):
        s = []
        for bg in (0.0, 255.0):
            x, y = composite(r, bg), composite(c, bg)
            q = ssim(luma(x), luma(y))
            s.append((1 - COLOUR_WEIGHT) * q + COLOUR_WEIGHT * colour(x, y) if colour_term else q)
        out.append(sum(s) / 2)
    return np.array(out)

def pool(scores):
    n = len(scores); left = n * WORST_FRACTION; worst = 0.0
    for s in sorted(scores):
        if left <= 0: break
        take = min(1.0, left); worst += s * take; left -= take
    return (1 - WORST_WEIGHT) * scores.mean() + WORST_WEIGHT * worst / (n * WORST_FRACTION)

def source(n=12, size=96):
    y, x = np.mgrid[0:size, 0:size].astype(np.float64)
    frames = []
    for t in range(n):
        ph = t * 2 * np.pi / n
        r = 128 + 90 * np.sin(x / 17 + ph) * np.cos(y / 29)
        g = 128 + 80 * np.sin((x + y) / 23 - ph)
        b = 128 + 100 * np.cos(y / 13 + 0.5 * ph) * np.sin(x / 41)
        rng = np.random.default_rng(t)
        img = np.stack([r, g, b], -1) + rng.normal(0, 4, (size, size, 3))
        d = np.hypot(x - size / 2 - 8 * np.sin(ph), y - size / 2) / size
        a = np.clip(255 * (1.2 - d / 0.45), 0, 255)
        frames.append(np.dstack([np.clip(img, 0, 255).round(), a.round()]))
    return frames

def palette(frames, colours, dither):
    """One palette for all frames (median cut on the RGB strip), remapped with or without
    Floyd-Steinberg; alpha kept exact, as the fitter keeps transparency."""
    strip = Image.fromarray(np.vstack(frames)[..., :3].astype(np.uint8), 'RGB')
    pal = strip.quantize(colours, method=Image.Quantize.MEDIANCUT)
    q = strip.quantize(palette=pal, dither=Image.Dither.FLOYDSTEINBERG if dither else Image.Dither.NONE).convert('RGB')
    arr = np.dstack([np.asarray(q, dtype=np.float64), np.vstack(frames)[..., 3]])
    return np.split(arr, len(frames))

def levels(frames, bits):
    out = []
    for f in frames:
        g = f.copy()
        for ch, b in enumerate(bits):
            top = (1 << b) - 1
            g[..., ch] = np.round(np.round(f[..., ch] / 255 * top) / top * 255)
        out.append(g)
    return out

def gradient(n=4, size=96):
    """A smooth, opaque colour gradient drifting slowly: where banding shows."""
    y, x = np.mgrid[0:size, 0:size].astype(np.float64)
    return [np.dstack([60 + x * 1.4 + t, 120 + y * 0.6, 200 - x * 1.3, np.full((size, size), 255.0)]) for t in range(n)]

def cases(src, grad):
    n = len(src)
    yield "palette 64", src, palette(src, 64, False)
    yield "palette 64, dithered", src, palette(src, 64, True)
    yield "palette 16", src, palette(src, 16, False)
    yield "palette 16, dithered", src, palette(src, 16, True)
    yield "every 2nd frame (uniform)", src, [src[i // 2 * 2] for i in range(n)]
    yield "every 3rd frame (uniform)", src, [src[i // 3 * 3] for i in range(n)]
    yield "stall: frame 4 held for 4 frames", src, [src[4] if 4 <= i < 8 else src[i] for i in range(n)]
    bad = palette([src[6]], 8, False)[0]
    yield "one bad frame (8 colours)", src, [bad if i == 6 else src[i] for i in range(n)]
    yield "gradient: levels 5/5/5 bits", grad, levels(grad, (5, 5, 5))
    yield "gradient: levels 4/6/4 bits (hue bands)", grad, levels(grad, (4, 6, 4))
    yield "gradient: levels 4/4/4 bits", grad, levels(grad, (4, 4, 4))
    yield "gradient: palette 32", grad, palette(grad, 32, False)
    yield "gradient: palette 32, dithered", grad, palette(grad, 32, True)

def write(path, arr):
    Image.fromarray(np.clip(arr, 0, 255).round().astype(np.uint8), 'RGB').save(path)

def references(ref, shown, work):
    from ssimulacra2 import compute_ssimulacra2
    ba, s2 = [], []
    for i, (r, c) in enumerate(zip(ref, shown)):
        fb, fs = [], []
        for bg in (0.0, 255.0):
            pa, pb = f"{work}/r{i}_{int(bg)}.png", f"{work}/c{i}_{int(bg)}.png"
            write(pa, composite(r, bg)); write(pb, composite(c, bg))
            if np.array_equal(composite(r, bg).round(), composite(c, bg).round()):
                fb.append(0.0); fs.append(100.0); continue
            out = subprocess.run(["butteraugli", pa, pb], capture_output=True, text=True, check=True).stdout
            fb.append(float(out.split()[0]))
            fs.append(float(compute_ssimulacra2(pa, pb)))
        ba.append(max(fb)); s2.append(min(fs))
    return np.array(ba), np.array(s2)

def kendall(a, b):
    pairs = list(itertools.combinations(range(len(a)), 2))
    s = sum(np.sign(a[i] - a[j]) * np.sign(b[i] - b[j]) for i, j in pairs)
    return s / len(pairs)

def main():
    work = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="validate-quality-")
    os.makedirs(work, exist_ok=True)
    src, grad = source(), gradient()
    rows = []
    for name, ref, shown in cases(src, grad):
        fs = frame_scores(ref, shown)
        old = frame_scores(ref, shown, colour_term=False).mean()
        ba, s2 = references(ref, shown, work)
        rows.append((name, pool(fs), old, ba.mean(), ba.max(), s2.mean(), s2.min()))
    print("| case | ours (StickerQuality) | old (luma SSIM, mean) | butteraugli mean | butteraugli worst | ssimulacra2 mean | ssimulacra2 worst |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s | %.4f | %.4f | %.2f | %.2f | %.1f | %.1f |" % r)
    ours, old = np.array([r[1] for r in rows]), np.array([r[2] for r in rows])
    # Reference qualities, higher = better (butteraugli negated), pooled by their mean and by their worst frame.
    refs = {"butteraugli mean": -np.array([r[3] for r in rows]), "butteraugli worst": -np.array([r[4] for r in rows]),
            "ssimulacra2 mean": np.array([r[5] for r in rows]), "ssimulacra2 worst": np.array([r[6] for r in rows])}
    print()
    print("| Kendall tau | " + " | ".join(refs) + " |")
    print("|---|" + "---|" * len(refs))
    for label, m in (("ours", ours), ("old", old)):
        print(f"| {label} | " + " | ".join(f"{kendall(m, r):+.2f}" for r in refs.values()) + " |")
    bref, sref = refs["butteraugli worst"], refs["ssimulacra2 mean"]
    names = [r[0] for r in rows]
    pairs = [("palette 64", "palette 64, dithered"), ("palette 16", "palette 16, dithered"),
             ("gradient: palette 32", "gradient: palette 32, dithered"),
             ("gradient: levels 5/5/5 bits", "gradient: levels 4/6/4 bits (hue bands)"),
             ("every 2nd frame (uniform)", "stall: frame 4 held for 4 frames"),
             ("every 2nd frame (uniform)", "every 3rd frame (uniform)"),
             ("every 3rd frame (uniform)", "stall: frame 4 held for 4 frames")]
    print()
    print("| pair (A vs B): the better one by | ours | old | butteraugli worst | ssimulacra2 mean |")
    print("|---|---|---|---|---|")
    for a, b in pairs:
        i, j = names.index(a), names.index(b)
        pick = lambda m: a if m[i] > m[j] else b
        print(f"| {a} vs {b} | {pick(ours)} | {pick(old)} | {pick(bref)} | {pick(sref)} |")

if __name__ == "__main__":
    main()
