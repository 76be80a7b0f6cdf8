#!/usr/bin/env python3
"""`stickerforge serve` timed in a real browser (headless Chromium over the DevTools protocol, the
driver of Tests/Oracles/verify-report.py), on a generated 50-sticker pack:

  start         from launching the command to its address printed, and to the first check shown;
  first page    navigation start to every sticker of the drawer (all 50) and every card image on
                the first screen loaded and decoded (performance.now() in the page, cache off;
                the cards further down load as they are scrolled to), RUNS times;
  saved still   a 408 px PNG written over a sticker until the page shows it (the page's version
                changes and the drawer's new image is loaded and decoded), RUNS times; this includes watch's debounce: polls every
                --interval (200 ms) and waits --quiet-period (300 ms) of stillness, as `watch` does;
  animation     the same for a 60-frame 618 px APNG written over a sticker.

    bench-serve.py --bin .build/release/stickerforge --work DIR [--runs 5]

Prints a table (median and worst of the runs) and the server's own check times.
"""
import argparse, importlib.util, json, os, re, shutil, statistics, subprocess, sys, threading, time

from PIL import Image, ImageDraw

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("verify_report", os.path.join(HERE, "..", "..", "Tests", "Oracles", "verify-report.py"))
verify_report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(verify_report)


def still(path, side, hue, label=0):
    im = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    d = ImageDraw.Draw(im)
    r, g, b = [int(c) for c in ((hue * 37) % 256, (hue * 91) % 256, (hue * 53 + 80) % 256)]
    d.ellipse([side * 0.06, side * 0.06, side * 0.94, side * 0.94], fill=(r, g, b, 255), outline=(20, 20, 30, 255), width=6)
    d.rectangle([side * 0.3, side * 0.4, side * (0.4 + 0.02 * (label % 10)), side * 0.6], fill=(255, 255, 255, 255))
    im.save(path)


def animation(path, side=618, frames=60):
    pics = []
    for i in range(frames):
        im = Image.new("RGBA", (side, side), (0, 0, 0, 0))
        d = ImageDraw.Draw(im)
        x = side * 0.15 + side * 0.5 * i / frames
        d.ellipse([x, side * 0.3, x + side * 0.3, side * 0.6], fill=(240, 120, 40, 255), outline=(40, 20, 10, 255), width=5)
        pics.append(im)
    pics[0].save(path, save_all=True, append_images=pics[1:], duration=40, loop=0)


def make_pack(work):
    pack = os.path.join(work, "pack")
    if os.path.isdir(pack):
        shutil.rmtree(pack)
    os.makedirs(pack)
    for i in range(50):
        still(os.path.join(pack, f"sticker-{i:02d}.png"), 408, i + 1)
    spare = os.path.join(work, "spare")
    os.makedirs(spare, exist_ok=True)
    still(os.path.join(spare, "still-a.png"), 408, 200, 3)
    still(os.path.join(spare, "still-b.png"), 408, 201, 7)
    still(os.path.join(spare, "restore.png"), 408, 21)
    animation(os.path.join(spare, "anim.png"))
    return pack, spare


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    pack, spare = make_pack(args.work)
    launched = time.monotonic()
    proc = subprocess.Popen([args.bin, "serve", pack, "--port", "0", "--grid-size", "large"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = None
    checks = []
    first_check = None
    listening = None
    lock = threading.Lock()

    def read_err():
        nonlocal first_check
        for line in proc.stderr:
            m = re.match(r"\[(\d+) ms\] (re-)?checked", line)
            if m:
                with lock:
                    checks.append(int(m.group(1)))
                    if first_check is None:
                        first_check = time.monotonic() - launched
    threading.Thread(target=read_err, daemon=True).start()
    line = proc.stdout.readline()
    listening = time.monotonic() - launched
    url = re.search(r"http://\S+", line).group(0)
    while first_check is None and time.monotonic() - launched < 120:
        time.sleep(0.01)
    browser = verify_report.Chromium(shutil.which("chromium"))
    rows = {"first page": [], "saved still": [], "animation": []}
    try:
        browser.send("Network.enable")
        browser.send("Network.setCacheDisabled", cacheDisabled=True)
        # The first page: every sticker of the drawer (all 50, in and below its scroll area) and
        # every card image on the first screen loaded and decoded, timed inside the page from
        # navigation start (a script added before the page's own records the moment).
        browser.send("Page.enable")
        browser.send("Page.addScriptToEvaluateOnNewDocument", source="""
            document.addEventListener('DOMContentLoaded', async () => {
              const onScreen = i => { const r = i.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
              const imgs = Array.from(document.querySelectorAll('#drawer img'))
                  .concat(Array.from(document.querySelectorAll('#cards img')).filter(onScreen));
              await Promise.all(imgs.map(i => i.complete ? 0 : new Promise(r => { i.addEventListener('load', r); i.addEventListener('error', r); })));
              await Promise.all(imgs.map(i => i.decode().catch(() => 0)));
              window.__firstPage = [performance.now(), imgs.length, imgs.filter(i => i.naturalWidth > 0).length];
            });""")
        for _ in range(args.runs):
            browser.open(url, 1400, 1000, False)
            ms = None
            while ms is None:
                ms = browser.evaluate("window.__firstPage || null")
                time.sleep(0.02)
            rows["first page"].append(ms[0] / 1000)
        images = ms[1:]

        def reflect(source, target):
            version = browser.evaluate("Number(document.body.dataset.version)")
            start = time.monotonic()
            shutil.copyfile(source, target)
            while browser.evaluate("Number(document.body.dataset.version)") <= version:
                if time.monotonic() - start > 30:
                    raise RuntimeError("the page did not follow the save")
                time.sleep(0.01)
            # ...and until the drawer shows the new file, loaded and decoded.
            sticker = "s-" + os.path.splitext(os.path.basename(target))[0]
            browser.evaluate("""(async () => { const i = document.querySelector('#drawer .cell[data-sticker="%s"] img');
                if (!i.complete) await new Promise(r => { i.addEventListener('load', r); i.addEventListener('error', r); });
                await i.decode().catch(() => 0); return 0; })()""" % sticker)
            return time.monotonic() - start

        for i in range(args.runs):
            rows["saved still"].append(reflect(os.path.join(spare, "still-a.png" if i % 2 == 0 else "still-b.png"),
                                               os.path.join(pack, "sticker-10.png")))
            time.sleep(0.5)
        for i in range(args.runs):
            rows["animation"].append(reflect(os.path.join(spare, "anim.png"), os.path.join(pack, "sticker-20.png")))
            time.sleep(0.5)
            reflect(os.path.join(spare, "restore.png"), os.path.join(pack, "sticker-20.png"))
            time.sleep(0.5)
    finally:
        browser.close()
        proc.terminate()
        proc.wait(10)
    anim_bytes = os.path.getsize(os.path.join(spare, "anim.png"))
    print(f"pack: 50 PNG stills 408 px, grid large; animation: 60 frames 618 px APNG, {anim_bytes:,} bytes")
    print(f"start: address printed after {listening:.2f} s, first check shown after {first_check:.2f} s")
    print(f"first page: {images[0]} images (drawer and first screen), {images[1]} decoded")
    print(f"{'measure':<14} {'median s':>9} {'worst s':>9}  runs")
    for name, values in rows.items():
        print(f"{name:<14} {statistics.median(values):>9.3f} {max(values):>9.3f}  {len(values)}")
    print("server check times (ms, first then each save): " + ", ".join(map(str, checks)))
    print("exit status after SIGTERM: %d" % proc.returncode)


if __name__ == "__main__":
    sys.exit(main())
