#!/usr/bin/env python3
"""Open the sample pack's HTML report in headless Chromium and check it as a reader would see it.

Builds Samples/StarterPack into a temporary folder (or takes --report FILE), then:

  1. images:   every <img> has loaded (complete and naturalWidth > 0);
  2. animated: the wave sticker (APNG) and the sparkle GIF change on screen: screenshots of the
               <img>'s box taken 150 ms apart; one 300+ ms after the first must differ from it
               (drawing an animated <img> to a canvas always gives its first frame, per the HTML
               spec, so canvas sampling cannot see animation);
  3. offline:  no resource comes from the network: every <img> is a data: URI, no src/href/url()
               in the file points at http(s) or a protocol-relative URL, and Chromium's network
               log shows no request other than the file itself and data: URIs;
  4. phone:    at a 390 px wide window the page does not scroll sideways
               (document.documentElement.scrollWidth <= 390 + 2);
  5. full-page screenshots at 1280 px and 390 px wide are written into the temporary folder
     (kept and named with --keep) for a person to look at.

Chromium is driven over the DevTools protocol (--remote-debugging-pipe), with no extra libraries.

    Tests/Oracles/verify-report.py [--bin .build/release/stickerforge] [--report FILE] [--keep]

Prints one line per check and a final `N passed, M failed` line; exits 1 when anything failed.
"""

import argparse
import base64
import io
import json
import os
import re
import select
import shutil
import subprocess
import sys
import tempfile
import time

try:
    from PIL import Image, ImageChops
except ImportError:
    sys.exit("verify-report.py needs Pillow: pip install Pillow")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACK = os.path.join(ROOT, "Samples", "StarterPack")
PHONE_WIDTH = 390
OVERFLOW_TOLERANCE = 2
# Stickers whose <img> must animate: card id -> what it is.
ANIMATED = {"sticker-wave": "wave (APNG from a frame sequence)", "sticker-sparkle": "sparkle (GIF)"}

# Runs in the page once it has loaded; returns what the checks need.
FACTS = """(() => {
  const imgs = Array.from(document.images);
  const wide = [];
  document.querySelectorAll('body *').forEach(e => {
    const r = e.getBoundingClientRect();
    if (r.right > window.innerWidth + 2 && wide.length < 8)
      wide.push(e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ').join('.') : '')
                + ' right=' + Math.round(r.right));
  });
  const boxes = {};
  for (const id of IDS) {
    const img = document.querySelector('#' + id + ' .pic, #' + id + ' img');
    if (img) { const r = img.getBoundingClientRect();
               boxes[id] = {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}; }
  }
  return {width: window.innerWidth, scrollWidth: document.documentElement.scrollWidth,
          height: document.documentElement.scrollHeight, images: imgs.length,
          broken: imgs.filter(i => !(i.complete && i.naturalWidth > 0))
                      .map(i => ((i.closest('article') || {}).id || 'overview') + ': ' + i.alt),
          nonData: imgs.filter(i => !i.src.startsWith('data:')).map(i => i.src.slice(0, 80)),
          resources: performance.getEntriesByType('resource').map(e => e.name.slice(0, 120)),
          wide, boxes};
})()"""


class Chromium:
    """Headless Chromium driven over the DevTools protocol on a pipe (fds 3 and 4), no libraries.

    --dump-dom is not enough here: it prints the DOM right after load (or in virtual time, where
    image animations do not advance), and canvas drawImage of an animated <img> always gives the
    first frame (HTML spec), so animation is seen only in real screenshots taken over time."""

    def __init__(self, binary):
        args = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--remote-debugging-pipe", "about:blank"]
        self.proc = subprocess.Popen(["sh", "-c", 'exec "$@" 3<&0 4>&1 0</dev/null 1>/dev/null', "sh"] + args,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.counter, self.buffer, self.events, self.session = 0, b"", [], None
        page = next(t for t in self.send("Target.getTargets")["targetInfos"] if t["type"] == "page")
        self.session = self.send("Target.attachToTarget", targetId=page["targetId"], flatten=True)["sessionId"]

    def send(self, method, **params):
        self.counter += 1
        message = {"id": self.counter, "method": method, "params": params}
        if self.session:
            message["sessionId"] = self.session
        self.proc.stdin.write(json.dumps(message).encode() + b"\0")
        self.proc.stdin.flush()
        deadline = time.monotonic() + 120
        while True:
            reply = self.read(deadline)
            if reply.get("id") == self.counter:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error'].get('message')}")
                return reply["result"]
            if "method" in reply:
                self.events.append(reply)

    def read(self, deadline):
        while b"\0" not in self.buffer:
            ready, _, _ = select.select([self.proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self.proc.stdout.fileno(), 1 << 20) if ready else b""
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe or did not answer in time")
            self.buffer += chunk
        raw, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(raw)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def open(self, url, width, height, mobile):
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1, mobile=mobile)
        self.send("Page.enable")
        self.send("Network.enable")
        self.events.clear()
        self.send("Page.navigate", url=url)
        deadline = time.monotonic() + 60
        while not any(e["method"] == "Page.loadEventFired" for e in self.events):
            message = self.read(deadline)
            if "method" in message:
                self.events.append(message)
        time.sleep(0.5)  # let decoding and the first animation frames settle

    def requests(self):
        return [e["params"]["request"]["url"] for e in self.events if e["method"] == "Network.requestWillBeSent"]

    def screenshot(self, clip=None):
        params = {"format": "png", "captureBeyondViewport": True}
        if clip:
            params["clip"] = dict(clip, scale=1)
        return base64.b64decode(self.send("Page.captureScreenshot", **params)["data"])

    def close(self):
        try:
            self.send("Browser.close")
            self.proc.wait(timeout=20)
        except (RuntimeError, OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def build_report(binary, work):
    out = os.path.join(work, "pack")
    # The sample pack has deliberate problems: the build exits non-zero and still writes the report.
    proc = subprocess.run([binary, "build", PACK, "--output", out], capture_output=True, text=True, timeout=1800)
    report = os.path.join(out, "report.html")
    if not os.path.isfile(report):
        raise RuntimeError(f"build wrote no report.html (exit {proc.returncode}): {proc.stderr.strip()[-300:]}")
    return report


def static_network_refs(text):
    """src=, href= and url() values that would reach the network."""
    refs = re.findall(r"""(?:src|href)\s*=\s*["']?([^"'\s>]+)""", text)
    refs += re.findall(r"""url\(\s*["']?([^"')]+)""", text)
    return sorted({r[:80] for r in refs if re.match(r"(?i)(https?:)?//", r)})


def animation_samples(browser, box, count=6, interval=0.15):
    """Screenshots of one image's box, `interval` s apart; returns how many pixels the most
    different later sample (at least 300 ms after the first) differs from the first."""
    clip = {k: box[k] for k in ("x", "y", "width", "height")}
    shots = []
    for _ in range(count):
        shots.append(Image.open(io.BytesIO(browser.screenshot(clip))).convert("RGBA"))
        time.sleep(interval)
    first = shots[0]
    later = shots[max(1, int(0.3 / interval + 0.999)):]
    def changed(shot):
        grey = ImageChops.difference(first, shot).convert("L")
        return grey.width * grey.height - grey.histogram()[0]
    return max(changed(s) for s in later)


def main():
    parser = argparse.ArgumentParser(description="Check the HTML report in headless Chromium.")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release", "stickerforge"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--report", help="check this report.html instead of building the sample pack")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (screenshots) and print it")
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="sf-verify-report-")
    results = []  # (ok, name, detail)

    def record(ok, name, detail):
        results.append((ok, name, detail))
        print(f"{'PASS' if ok else 'FAIL'}  {name}: {detail}")

    try:
        if args.report:
            report = os.path.abspath(args.report)
        elif not os.access(args.bin, os.X_OK):
            print(f"error: {args.bin} is not executable; run `swift build -c release --product stickerforge`",
                  file=sys.stderr)
            return 2
        else:
            report = build_report(args.bin, work)
        with open(report, encoding="utf-8") as f:
            text = f.read()
        facts = FACTS.replace("IDS", json.dumps(list(ANIMATED)))
        browser = Chromium(args.chromium)
        try:
            browser.open("file://" + report, 1280, 900, mobile=False)
            desk = browser.evaluate(facts)
            requests = [u for u in browser.requests() if not u.startswith(("data:", "file:"))]
            record(not desk["broken"], "images load",
                   f"{desk['images'] - len(desk['broken'])} of {desk['images']} loaded"
                   + (f"; broken: {', '.join(desk['broken'][:5])}" if desk["broken"] else ""))
            for card, label in ANIMATED.items():
                box = desk["boxes"].get(card)
                changed = animation_samples(browser, box) if box else -1
                record(changed > 0, f"{label} animates",
                       "no such picture" if changed < 0 else
                       f"{changed} of {int(box['width'] * box['height'])} screen pixels change over 300-750 ms")
            refs = static_network_refs(text)
            offline = not refs and not desk["nonData"] and not requests
            record(offline, "no network",
                   f"all {desk['images']} images are data: URIs, no http(s) reference, no network request" if offline
                   else f"references {refs[:3]}, non-data images {desk['nonData'][:3]}, requests {requests[:3]}")
            desk_shot = os.path.join(work, "report-1280.png")
            with open(desk_shot, "wb") as f:
                f.write(browser.screenshot())

            # Not mobile emulation: that widens the layout viewport to the content, hiding the overflow.
            browser.open("file://" + report, PHONE_WIDTH, 844, mobile=False)
            phone = browser.evaluate(facts)
            fits = phone["scrollWidth"] <= PHONE_WIDTH + OVERFLOW_TOLERANCE and phone["width"] == PHONE_WIDTH
            record(fits, f"no sideways scroll at {PHONE_WIDTH} px",
                   f"viewport {phone['width']} px, scrollWidth {phone['scrollWidth']} px"
                   + ("" if fits else f"; too wide: {', '.join(phone['wide'][:4])}"))
            phone_shot = os.path.join(work, f"report-{PHONE_WIDTH}.png")
            with open(phone_shot, "wb") as f:
                f.write(browser.screenshot())
            record(True, "screenshots", f"full page, {desk['height']} px and {phone['height']} px tall"
                   + (f", in {work}" if args.keep else " (--keep to look at them)"))
        finally:
            browser.close()
    except (RuntimeError, OSError, ValueError, KeyError, subprocess.TimeoutExpired) as error:
        record(False, "running the checks", str(error))
    finally:
        if args.keep:
            print(f"kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    passed = sum(1 for ok, _, _ in results if ok)
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
