#!/usr/bin/env python3
"""Driver of Scripts/bench/bench-fit.sh: for each generated animation folder, side by side in one run,
  ours   `stickerforge assemble DIR --output OUT --fps 12 --fit --lossy` as a new user runs it
         (bytes, composited SSIM, scale, candidates, wall and CPU seconds);
  plain  apngasm's plain lossless assembly of the same frames, default settings (wall and CPU s):
         the time a fit must not exceed;
  ref    pngquant --nofs (one palette for all frames: they are quantised as one vertical strip),
         then apngasm (default 7-Zip deflate, -vsN), then apngopt, at the largest palette whose file
         is no bigger than ours. The palette is bracketed with fast `apngasm -z0` passes, then refined
         with at most MAX_REF_PASSES full passes; its SSIM is measured on the frames our decoder
         unpacks (`stickerforge frames`), with the metric of Tests/Oracles/crosscheck-ssim.py.
Usage: fit-bench.py STICKERFORGE WORKDIR NAME...
Environment: LIMIT (default 500000), MAX_REF_PASSES (default 2), SKIP_REF=1 (no reference: only the
times), FIT_ARGS (extra assemble arguments),
NEAR (a NAME also fitted with --max-bytes 5% under its default-effort lossless size)."""
import glob, importlib.util, os, re, resource, shutil, subprocess, sys, time
import numpy as np
from PIL import Image

sf, work, names = sys.argv[1], sys.argv[2], sys.argv[3:]
limit = int(os.environ.get("LIMIT", "500000"))
passes = int(os.environ.get("MAX_REF_PASSES", "2"))
extra = os.environ.get("FIT_ARGS", "").split()


def timed(cmd, cwd=None):
    """Runs cmd; returns (returncode, stdout, stderr, wall s, cpu s of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, p.stdout, p.stderr, wall, cpu


def frame_files(folder):
    return sorted(glob.glob(folder + "/frame_*.png"))


# The metric itself, from the independent numpy implementation (Tests/Oracles/crosscheck-ssim.py).
_spec = importlib.util.spec_from_file_location("crosscheck_ssim", os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Oracles", "crosscheck-ssim.py"))
_metric = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_metric)
luma, ssim = _metric.luma, _metric.ssim


def quality(reference, unpacked):
    """Composited SSIM of unpacked frames (same count and size) against the input frames."""
    def load(p):
        a = np.asarray(Image.open(p).convert("RGBA"), dtype=np.float64); a[a[..., 3] == 0] = 0; return a
    R, C = [load(p) for p in reference], [load(p) for p in sorted(glob.glob(unpacked + "/*.png"))]
    assert len(R) == len(C), (len(R), len(C))
    return float(np.mean([(ssim(luma(r, 0), luma(c, 0)) + ssim(luma(r, 255), luma(c, 255))) / 2 for r, c in zip(R, C)]))


def ours(folder, out, max_bytes):
    rc, so, se, wall, cpu = timed([sf, "assemble", folder, "--output", out, "--fps", "12", "--fit", "--lossy",
                                   "--max-bytes", str(max_bytes)] + extra)
    row = {"wall": wall, "cpu": cpu, "bytes": None, "q": None, "scale": "-", "cands": "-", "what": ""}
    if rc == 0:
        row["bytes"] = os.path.getsize(out)
        m = re.search(r"fitted: (.*)", so); fitted = m.group(1) if m else ""
        q = re.search(r"quality (\d\.\d+)", fitted); row["q"] = float(q.group(1)) if q else 1.0
        size = re.search(r": (\d+)x(\d+),", so); w = int(size.group(1))
        row["scale"] = "%d px" % w
        c = re.search(r"search: (\d+) candidates? in ([\d.]+) s(.*)", so)
        if c: row["cands"] = c.group(1) + (" (budget)" if "reached" in c.group(3) else "")
        row["what"] = "; ".join(p for p in fitted.split("; ")[1:] if not p.startswith("quality")) or "lossless"
    else:
        m = re.search(r"is (\d+) bytes at quality (\d\.\d+), below the floor", se)
        n = re.search(r"no lossy candidate fits \d+ bytes; the smallest was (\d+) bytes", se)
        if m:
            row["bytes"], row["q"], row["what"] = int(m.group(1)), float(m.group(2)), "fails: below the floor (best attempt's figures)"
        elif n:
            row["what"] = "fails: nothing at or over the floor fits (smallest tried %s B)" % n.group(1)
        else:
            sys.exit("ours failed on %s: %s" % (folder, se))
    return row


def reference(folder, tmp, at_most):
    frames = frame_files(folder)
    ims = [Image.open(p).convert("RGBA") for p in frames]
    w, h = ims[0].size
    strip = Image.new("RGBA", (w, h * len(ims)))
    for i, im in enumerate(ims):
        strip.paste(im, (0, i * h))
    strip.save(tmp + "/strip.png")
    def run(colours, full):
        subprocess.run(["pngquant", "--nofs", "--force", "--output", tmp + "/q.png", str(colours), tmp + "/strip.png"], check=True)
        start = time.monotonic()
        subprocess.run(["apngasm", tmp + "/ref.png", tmp + "/q.png", "1", "12", "-vs%d" % len(ims)] + ([] if full else ["-z0"]),
                       check=True, capture_output=True)
        if not full:
            return os.path.getsize(tmp + "/ref.png"), 0.0
        if os.path.exists(tmp + "/ref_opt.png"):
            os.remove(tmp + "/ref_opt.png")
        subprocess.run(["apngopt", "ref.png"], cwd=tmp, check=True, capture_output=True)
        return os.path.getsize(tmp + "/ref_opt.png"), time.monotonic() - start
    lo, hi, base = 2, 256, None          # fast bracket: the -z0 file is bigger than the full pipeline's
    while lo <= hi:
        mid = (lo + hi) // 2
        if run(mid, False)[0] <= at_most: base, lo = mid, mid + 1
        else: hi = mid - 1
    if base is None:
        return None
    best = None
    lo, hi = base, 256
    for k in range(passes + 1):
        mid = base if k == 0 else (lo + hi + 1) // 2
        if k > 0 and lo >= hi: break
        size, secs = run(mid, True)
        if size <= at_most:
            best = (mid, size, secs); shutil.copy(tmp + "/ref_opt.png", tmp + "/best.png"); lo = mid
        else:
            hi = mid - 1
    if best is None:
        return None
    colours, size, secs = best
    unpacked = tmp + "/unpacked"
    shutil.rmtree(unpacked, ignore_errors=True)
    subprocess.run([sf, "frames", tmp + "/best.png", "--output-dir", unpacked], check=True, capture_output=True)
    return {"colours": colours, "bytes": size, "pass": secs, "q": quality(frames, unpacked)}


def plain(folder, tmp):
    files = [os.path.basename(p) for p in frame_files(folder)]
    rc, so, se, wall, cpu = timed(["apngasm", tmp + "/plain.png"] + files + ["1", "12"], cwd=folder)
    if rc != 0:
        sys.exit("apngasm failed on %s: %s" % (folder, se))
    return {"wall": wall, "cpu": cpu, "bytes": os.path.getsize(tmp + "/plain.png")}


def load():
    return os.getloadavg()[0]


rows = []
near = os.environ.get("NEAR")
jobs = [(n, limit) for n in names]
if near:
    folder = os.path.join(work, near)
    subprocess.run([sf, "assemble", folder, "--output", work + "/lossless.png", "--fps", "12"], check=True, capture_output=True)
    jobs.append((near, int(os.path.getsize(work + "/lossless.png") / 1.05)))
for name, max_bytes in jobs:
    folder = os.path.join(work, name)
    tmp = os.path.join(work, "out", "%s-%d" % (name, max_bytes)); os.makedirs(tmp, exist_ok=True)
    la = load()
    o = ours(folder, tmp + "/ours.png", max_bytes)
    p = plain(folder, tmp)
    r = None if os.environ.get("SKIP_REF") else reference(folder, tmp, o["bytes"] or max_bytes)
    label = name if max_bytes == limit else "%s, limit %d (5%% under lossless)" % (name, max_bytes)
    row = [label, "%d" % o["bytes"] if o["bytes"] else "-", "%.4f" % o["q"] if o["q"] else "-", o["scale"], o["what"], o["cands"], "%.1f" % o["wall"], "%.1f" % o["cpu"],
           "%.1f" % p["wall"], "%.1f" % p["cpu"], "%.2f" % (o["wall"] / p["wall"])]
    row += ["%d" % r["colours"], "%d" % r["bytes"], "%.4f" % r["q"], "%.1f" % r["pass"]] if r else ["-"] * 4
    row.append("%.1f" % la)
    rows.append(row)
    print("\t".join(row), flush=True)

head = ["animation", "ours B", "ours SSIM", "ours size", "what ours did", "candidates", "ours wall s", "ours cpu s",
        "apngasm plain wall s", "apngasm plain cpu s", "ours/apngasm wall", "ref colours", "ref B", "ref SSIM", "ref pass s", "load1"]
with open(os.path.join(work, "results.md"), "w") as f:
    f.write("| " + " | ".join(head) + " |\n|" + "---|" * len(head) + "\n")
    for row in rows:
        f.write("| " + " | ".join(row) + " |\n")
print(open(os.path.join(work, "results.md")).read())
