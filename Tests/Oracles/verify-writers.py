#!/usr/bin/env python3
"""Cross-decode what StickerForge's WebP and WebM writers produce (issue 22).

Sources: Samples/StarterPack/{sparkle.gif, heart.png, halo.png} and a generated 64x64, 24-frame
animation with soft alpha edges (gen-bench-anim.py, assembled to APNG at 24 fps). Each is written
with `stickerforge convert --to webp` (lossless) and `--to webm` (VP9 with alpha, default CRF), and
the source's frames come from `stickerforge frames` (verified against Chromium by
verify-chromium.py). Checked:

  WebP (lossless), decoded by headless Chromium's WebCodecs ImageDecoder (premultiplyAlpha none,
  /work/shared/tools/chromium_frames.py): frame count, each duration within 1 ms of the source's
  (whole-ms rounding with the error carried forward), loop count, and pixels equal to the source's
  (opaque pixels exact; semi-transparent ones equal after premultiplying, within 1 level of
  rounding, since Chromium's WebP decoder premultiplies and un-premultiplies; alpha exact).
  WebM, decoded by ffmpeg's libvpx-vp9 decoder with alpha (-c:v libvpx-vp9 ... -pix_fmt rgba) and by
  Chromium in a <video> element (played at quarter speed; each presented frame drawn to a 2D canvas
  in requestVideoFrameCallback and compared with the source frame at its media time): frame count,
  alpha kept (some pixel below alpha 255 when the source has one), and every frame within 30 dB
  premultiplied PSNR of the source and alpha within 24 levels (ffmpeg); for Chromium, every frame
  it presented within 28 dB (its canvas is premultiplied; a loaded machine may skip frames).

    Tests/Oracles/verify-writers.py [--bin .build/release/stickerforge] [--shared /work/shared]

Prints one line per check and `N passed, M failed`; exits 1 when anything failed, 0 with a note
when Chromium or ffmpeg is missing (those checks are skipped).
"""
import argparse, glob, json, os, shutil, subprocess, sys, tempfile
import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

JS_VIDEO = r"""
async (url) => {
  // Seeking a paused <video> does not repaint in headless Chromium, so the video plays (at quarter
  // speed, muted) and every frame Chromium presents is drawn to a 2D canvas in its
  // requestVideoFrameCallback, with the frame's media time.
  const v = document.createElement("video");
  v.muted = true; v.preload = "auto"; v.src = url; v.playbackRate = 0.25;
  document.body.appendChild(v);
  await new Promise((ok, fail) => { v.onloadeddata = ok; v.onerror = () => fail(new Error("video error " + (v.error && v.error.message))); });
  const c = new OffscreenCanvas(v.videoWidth, v.videoHeight);
  const ctx = c.getContext("2d", {willReadFrequently: true});
  const out = [], seen = new Set();
  await new Promise((done) => {
    const grab = (now, meta) => {
      if (!seen.has(meta.mediaTime)) {
        seen.add(meta.mediaTime);
        ctx.clearRect(0, 0, c.width, c.height);
        ctx.drawImage(v, 0, 0);
        const d = ctx.getImageData(0, 0, c.width, c.height).data;
        let s = ""; const chunk = 0x8000;
        for (let i = 0; i < d.length; i += chunk) s += String.fromCharCode.apply(null, d.subarray(i, i + chunk));
        out.push({t: meta.mediaTime, b64: btoa(s)});
      }
      if (!v.ended) v.requestVideoFrameCallback(grab);
    };
    v.requestVideoFrameCallback(grab);
    v.onended = () => setTimeout(done, 100);
    setTimeout(done, 60000);
    v.play();
  });
  return {width: v.videoWidth, height: v.videoHeight, duration: v.duration, frames: out};
}
"""


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, **kw)


def frames_of(binary, path, work):
    out = tempfile.mkdtemp(dir=work, prefix="frames-")
    run([binary, "frames", path, "--output-dir", out])
    meta = json.load(open(os.path.join(out, "frames.json")))["frames"]
    images = [np.array(Image.open(os.path.join(out, f["file"])).convert("RGBA")) for f in meta]
    return images, [float(f["delayMs"]) for f in meta]


def premultiplied_psnr(a, b):
    a = a.astype(float); b = b.astype(float)
    pa = np.concatenate([a[..., :3] * a[..., 3:4] / 255, a[..., 3:4]], axis=2)
    pb = np.concatenate([b[..., :3] * b[..., 3:4] / 255, b[..., 3:4]], axis=2)
    mse = np.mean((pa - pb) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 * 255 / mse)


def premultiplied_difference(a, b):
    """Largest difference of premultiplied colour or alpha (Chromium may return colour that was
    premultiplied and back, so a pixel of alpha 3 can be tens of levels off in straight colour)."""
    a = a.astype(float); b = b.astype(float)
    pa = np.round(a[..., :3] * a[..., 3:4] / 255); pb = np.round(b[..., :3] * b[..., 3:4] / 255)
    return int(max(np.abs(pa - pb).max(), np.abs(a[..., 3] - b[..., 3]).max()))


def ffmpeg_frames(path, w, h):
    raw = run(["ffmpeg", "-v", "error", "-c:v", "libvpx-vp9", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]).stdout
    n = len(raw) // (w * h * 4)
    return [np.frombuffer(raw[i * w * h * 4:(i + 1) * w * h * 4], dtype=np.uint8).reshape(h, w, 4) for i in range(n)]


def chromium_video(cf, path):
    site = tempfile.mkdtemp(prefix="vw-site-")
    shutil.copyfile(path, os.path.join(site, "v.webm"))
    open(os.path.join(site, "index.html"), "w").write("<!doctype html><title>v</title>")
    import functools, http.server, threading, time, base64
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(cf._Quiet, directory=site))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{srv.server_address[1]}/"
    chromium = os.environ.get("CHROMIUM") or shutil.which("chromium")
    cdp = cf.CDP(chromium, deadline=time.monotonic() + 300)
    try:
        tid = cdp.send("Target.createTarget", {"url": base + "index.html"})["targetId"]
        ses = cdp.send("Target.attachToTarget", {"targetId": tid, "flatten": True})["sessionId"]
        for _ in range(200):
            st = cf._evaluate(cdp, ses, "[document.readyState, location.href]", 10)
            if st[0] == "complete" and st[1].startswith(base): break
            time.sleep(0.05)
        res = cf._evaluate(cdp, ses, "(%s)(%s)" % (JS_VIDEO, json.dumps(base + "v.webm")), 240)
    finally:
        cdp.close(); srv.shutdown(); srv.server_close(); shutil.rmtree(site, ignore_errors=True)
    w, h = res["width"], res["height"]
    return [(f["t"], np.frombuffer(base64.b64decode(f["b64"]), dtype=np.uint8).reshape(h, w, 4)) for f in res["frames"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "stickerforge"))
    ap.add_argument("--shared", default=os.path.join(os.path.dirname(ROOT), "shared"))
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="verify-writers-")
    results = []

    def check(name, ok, detail=""):
        results.append(ok)
        print(("PASS " if ok else "FAIL ") + name + (": " + detail if detail else ""))

    gen = os.path.join(work, "gen")
    run([sys.executable, os.path.join(ROOT, "Scripts", "bench", "gen-bench-anim.py"), gen, "24", "64"])
    soft = os.path.join(work, "soft.png")
    run(["ffmpeg", "-v", "error", "-framerate", "24", "-i", os.path.join(gen, "frame_%02d.png"), "-plays", "0", "-f", "apng", soft])
    sources = [os.path.join(ROOT, "Samples", "StarterPack", n) for n in ("sparkle.gif", "heart.png", "halo.png")] + [soft]

    sys.path.insert(0, os.path.join(args.shared, "tools"))
    try:
        import chromium_frames as cf
        have_chromium = bool(os.environ.get("CHROMIUM") or shutil.which("chromium"))
    except ImportError:
        cf, have_chromium = None, False
    if not have_chromium:
        print("note: no Chromium or shared tools; Chromium checks skipped")

    for source in sources:
        name = os.path.basename(source)
        want, src_delays = frames_of(args.bin, source, work)
        out = os.path.join(work, "out-" + name)
        run([args.bin, "convert", source, "--to", "webp", "--output-dir", out, "--quiet"])
        run([args.bin, "convert", source, "--to", "webm", "--output-dir", out, "--quiet"])
        stem = os.path.splitext(name)[0]
        webp, webm = os.path.join(out, stem + ".webp"), os.path.join(out, stem + ".webm")

        if have_chromium:
            res = cf.decode([webp], raw=True)[webp]
            ok = res["ok"] and res["frames"] == len(want)
            if len(want) > 1:   # each start within half a millisecond of the source's
                ok = ok and all(abs(a - b) <= 0.5 + 1e-6 for a, b in zip(np.cumsum(res["durations_ms"]), np.cumsum(src_delays)))
            worst = {"max_opaque": 0, "max_semi": 0}
            for i in range(min(res["frames"], len(want))):
                c = cf.compare(cf.frame_array(res, i), want[i])
                worst = {"max_opaque": max(worst["max_opaque"], c.get("max_opaque") or 0),
                         "max_semi": max(worst["max_semi"], premultiplied_difference(cf.frame_array(res, i), want[i]))}
                ok = ok and c["max_opaque"] == 0 and worst["max_semi"] <= 1
            check(f"{name} -> WebP lossless in Chromium ImageDecoder", ok,
                  f"{res['frames']} of {len(want)} frames, method {res.get('method')}, worst opaque {worst['max_opaque']}, "
                  f"semi {worst['max_semi']}, durations {res['durations_ms'][:4]}..., loop {res.get('loop')}")

        h, w = want[0].shape[:2]
        got = ffmpeg_frames(webm, w, h)
        psnr = min(premultiplied_psnr(a, b) for a, b in zip(got, want)) if got else 0
        alpha = max(int(np.abs(a[..., 3].astype(int) - b[..., 3].astype(int)).max()) for a, b in zip(got, want)) if got else 255
        has_alpha = any((g[..., 3] < 255).any() for g in got)
        src_alpha = any((f[..., 3] < 255).any() for f in want)
        check(f"{name} -> WebM in ffmpeg libvpx-vp9 (alpha kept)",
              len(got) == len(want) and psnr >= 30 and alpha <= 24 and has_alpha == src_alpha,
              f"{len(got)} of {len(want)} frames, worst PSNR {psnr:.1f} dB, worst alpha {alpha}, alpha present {has_alpha}")
        if have_chromium:
            # Each presented frame is compared with the source frame shown at its media time.
            starts = np.concatenate([[0.0], np.cumsum(src_delays)]) / 1000
            try:
                frames = chromium_video(cf, webm)
                pairs = [(f, want[min(len(want) - 1, int(np.searchsorted(starts, t + 0.0005, side="right")) - 1)])
                         for t, f in frames]
                cpsnr = min(premultiplied_psnr(a, b) for a, b in pairs) if pairs else 0
                calpha = any((f[..., 3] < 255).any() for _, f in frames)
                check(f"{name} -> WebM in Chromium <video>", len(frames) >= 1 and cpsnr >= 28 and calpha == src_alpha,
                      f"{len(frames)} of {len(want)} frames presented and drawn, worst PSNR {cpsnr:.1f} dB, alpha present {calpha}")
            except Exception as e:  # noqa: BLE001 - report, do not crash
                check(f"{name} -> WebM in Chromium <video>", False, str(e)[:300])

    failed = results.count(False)
    print(f"{len(results) - failed} passed, {failed} failed")
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
