#!/usr/bin/env python3
"""Quality of an encoded sticker against its source frames, for Scripts/bench/bench-encoders.sh.
  encoded-quality.py STICKERFORGE SOURCE_DIR FILE
SOURCE_DIR holds frame_NN.png (RGBA, equal durations over DURATION_MS, default 33.33 ms each). FILE
(any format our `frames` command reads: WebP, WebM, PNG...) is unpacked with `stickerforge frames`;
each source frame is compared with the frame on screen at its start time (so dropped or merged
frames count against the frames they stand in for); a smaller output is scaled up to the source's
size (Lanczos) first, so its lost resolution counts too. Prints "SSIM BUTTERAUGLI":
  SSIM  composited SSIM over black and over white (the fitter's measure, Tests/Oracles/crosscheck-ssim.py),
        mean over frames;
  BUTTERAUGLI  `butteraugli` max-norm distance of every 10th frame composited over black and over
        white, mean ("-" when butteraugli is not installed)."""
import glob, importlib.util, json, os, shutil, subprocess, sys, tempfile
import numpy as np
from PIL import Image

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("xssim", os.path.join(here, "..", "..", "Tests", "Oracles", "crosscheck-ssim.py"))
xssim = importlib.util.module_from_spec(spec); spec.loader.exec_module(xssim)


def main():
    sf, src_dir, path = sys.argv[1:4]
    frame_ms = float(os.environ.get("FRAME_MS", "33.333333"))
    src = [np.asarray(Image.open(p).convert("RGBA"), dtype=np.float64) for p in sorted(glob.glob(src_dir + "/frame_*.png"))]
    work = tempfile.mkdtemp(prefix="eq-")
    try:
        subprocess.run([sf, "frames", path, "--output-dir", work], check=True, capture_output=True)
        meta = json.load(open(os.path.join(work, "frames.json")))["frames"]
        def load(name):
            # A smaller output (sticker-convert lowers the resolution to fit) is scaled back up to
            # the source's size with Lanczos, as a viewer shows it in the same box.
            im = Image.open(os.path.join(work, name)).convert("RGBA")
            if im.size != (src[0].shape[1], src[0].shape[0]):
                im = im.resize((src[0].shape[1], src[0].shape[0]), Image.LANCZOS)
            return np.asarray(im, dtype=np.float64)
        got = [load(f["file"]) for f in meta]
        starts, t = [], 0.0
        for f in meta:
            starts.append(t); t += float(f["delayMs"])
        shown, k = [], 0
        for i in range(len(src)):
            while k + 1 < len(got) and starts[k + 1] <= i * frame_ms + 0.6: k += 1
            shown.append(got[k])
        ssim = np.mean([(xssim.ssim(xssim.luma(a, 0), xssim.luma(b, 0)) + xssim.ssim(xssim.luma(a, 255), xssim.luma(b, 255))) / 2
                        for a, b in zip(src, shown)])
        ba = "-"
        if shutil.which("butteraugli"):
            scores = []
            for i in range(0, len(src), 10):
                for bg in (0, 255):
                    pa, pb = os.path.join(work, "a.png"), os.path.join(work, "b.png")
                    for arr, p in ((src[i], pa), (shown[i], pb)):
                        a = arr[..., 3:4] / 255
                        Image.fromarray(np.clip(arr[..., :3] * a + bg * (1 - a) + 0.5, 0, 255).astype(np.uint8), "RGB").save(p)
                    out = subprocess.run(["butteraugli", pa, pb], check=True, capture_output=True, text=True).stdout
                    scores.append(float(out.split()[0]))
            ba = "%.3f" % np.mean(scores)
        print("%.4f %s" % (ssim, ba))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
