#!/usr/bin/env python3
"""The fit quality metric (CompositedSSIM) re-implemented with numpy, to cross-check the Swift one and
to print more decimals. Frames are read with Pillow (APNG composited by Pillow).
  Tests/Oracles/crosscheck-ssim.py FRAME_FOLDER FILE.png...   (frame_*.png in FRAME_FOLDER are the input;
  each FILE must have as many frames at the same size: no dropped frames, no scaling)"""
import sys, numpy as np
from PIL import Image
def frames(path):
    im = Image.open(path); out = []
    n = getattr(im, 'n_frames', 1)
    for i in range(n):
        im.seek(i); out.append(np.asarray(im.convert('RGBA'), dtype=np.float64))
    return out
def luma(f, bg):
    a = f[..., 3] / 255
    y = 0.299 * f[..., 0] + 0.587 * f[..., 1] + 0.114 * f[..., 2]
    return y * a + bg * (1 - a)
def ssim(x, y, win=8):
    # Summed-area tables need float64: in float32 (Pillow's "F" images) their cancellation error
    # reaches the variances and an image scores about 0.88 against itself.
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    def sat(a):
        s = np.zeros((a.shape[0] + 1, a.shape[1] + 1)); s[1:, 1:] = a.cumsum(0).cumsum(1); return s
    def box(s):
        return s[win:, win:] - s[:-win, win:] - s[win:, :-win] + s[:-win, :-win]
    n = win * win
    mx, my = box(sat(x)) / n, box(sat(y)) / n
    vx = np.maximum(0, box(sat(x * x)) / n - mx * mx); vy = np.maximum(0, box(sat(y * y)) / n - my * my)
    cov = box(sat(x * y)) / n - mx * my
    return (((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))).mean()
def main():
    ref = sorted(__import__('glob').glob(sys.argv[1] + '/frame_*.png'))
    R = [np.asarray(Image.open(p).convert('RGBA'), dtype=np.float64) for p in ref]
    for R_ in R: R_[R_[..., 3] == 0] = 0
    for path in sys.argv[2:]:
        C = frames(path)
        assert len(C) == len(R), (len(C), len(R))
        q = np.mean([(ssim(luma(r, 0), luma(c, 0)) + ssim(luma(r, 255), luma(c, 255))) / 2 for r, c in zip(R, C)])
        print(path, "%.6f" % q)


if __name__ == "__main__":
    main()
