#!/usr/bin/env python3
"""`stickerforge serve` in a real browser: headless Chromium (Debian's `chromium`) over the DevTools
protocol, with the driver verify-report.py already uses (its `Chromium` class: a pipe, no libraries).

Given servers the caller started (one per grid size, and one main pack it may edit), it checks:

  drawer     every sticker is a cell of the grid's size (100/136/206 pt), as many columns as
             Messages has (4/3/2), each image at its expected size in the cell;
  dark       the Dark button switches the conversation to Messages' dark colours;
  animation  an animated sticker's pixels change over time (the browser's own APNG decoder);
  drag       a sticker dragged from the drawer (mouse down, moves, up) lands on the received
             bubble, then a wheel scales it and a shift-wheel rotates it;
  edit       a file written on disk changes the page without a reload: same document (a marker
             survives), the scroll position kept, the placed sticker kept;
  broken     a file overwritten with garbage shows its error card;
  keyboard   Enter on a focused drawer cell places the sticker on the received bubble.

    serve-browser.py SPEC.json     (SPEC: {"shots": DIR, "grids": [...], "main": {...}}, see ServeBrowserTests)

Prints one JSON object of results and a closing `N passed, M failed` line; exits 1 when a check failed.
"""
import importlib.util, json, os, shutil, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("verify_report", os.path.join(HERE, "verify-report.py"))
verify_report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(verify_report)

JS_DRAWER = r"""(() => {
  const cells = Array.from(document.querySelectorAll('#drawer .cell'));
  return cells.map(c => { const r = c.getBoundingClientRect(), i = c.querySelector('img');
    const ir = i ? i.getBoundingClientRect() : null;
    return {id: c.dataset.sticker, x: Math.round(r.left), w: r.width, h: r.height,
            img: ir ? [Math.round(ir.width * 100) / 100, Math.round(ir.height * 100) / 100] : null,
            loaded: i ? (i.complete && i.naturalWidth > 0) : false}; });
})()"""


def wait(browser, expression, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = browser.evaluate(expression)
        if value:
            return value
        time.sleep(0.05)
    return None


def center(browser, selector):
    r = browser.evaluate("(() => { const e = document.querySelector(%s); if (!e) return null; e.scrollIntoView({block: 'center'});"
                         " const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
                         % json.dumps(selector))
    return r


def mouse(browser, kind, x, y, **extra):
    browser.send("Input.dispatchMouseEvent", type=kind, x=x, y=y, button=extra.pop("button", "left"), **extra)


def shot(browser, shots, name, clip=None):
    if shots:
        with open(os.path.join(shots, name + ".png"), "wb") as f:
            f.write(browser.screenshot(clip))


def check_drawer(browser, grid):
    cells = wait(browser, "(() => { const c = %s; return c.length === %d && c.every(x => x.loaded) ? c : null; })()"
                 % (JS_DRAWER, len(grid["sizes"])), 60) or browser.evaluate(JS_DRAWER)
    problems = []
    if len(cells) != len(grid["sizes"]):
        problems.append(f"{len(cells)} cells, expected {len(grid['sizes'])}")
    for c in cells:
        if abs(c["w"] - grid["cell"]) > 0.5 or abs(c["h"] - grid["cell"]) > 0.5:
            problems.append(f"{c['id']}: cell {c['w']}x{c['h']}, expected {grid['cell']}")
        want = grid["sizes"].get(c["id"])
        if not c["loaded"]:
            problems.append(f"{c['id']}: image not loaded")
        if want and (c["img"] is None or abs(c["img"][0] - want[0]) > 0.5 or abs(c["img"][1] - want[1]) > 0.5):
            problems.append(f"{c['id']}: image {c['img']}, expected {want}")
    columns = len({c["x"] for c in cells})
    if columns != min(grid["columns"], len(cells)):
        problems.append(f"{columns} columns, expected {grid['columns']}")
    return {"ok": not problems, "problems": problems, "columns": columns, "cells": len(cells)}


def main():
    spec = json.load(open(sys.argv[1]))
    shots = spec.get("shots")
    if shots:
        os.makedirs(shots, exist_ok=True)
    binary = spec.get("chromium") or shutil.which("chromium") or shutil.which("chromium-browser")
    browser = verify_report.Chromium(binary)
    began = time.monotonic()

    class Results(dict):
        """Each check stamped with the seconds since the start when it finished."""
        def __setitem__(self, key, value):
            value["at_s"] = round(time.monotonic() - began, 2)
            super().__setitem__(key, value)

    results = Results()
    try:
        for grid in spec.get("grids", []):
            browser.open(grid["url"], 1400, 1000, False)
            results["drawer_" + grid["name"]] = check_drawer(browser, grid)
            shot(browser, shots, "drawer-" + grid["name"])

        main = spec["main"]
        browser.open(main["url"], 1400, 1000, False)
        wait(browser, "document.querySelector('#status').textContent === 'live' && Number(document.body.dataset.version) >= 1")
        shot(browser, shots, "page-light")

        # Dark appearance, by the page's own button.
        browser.evaluate("document.querySelector('.appearance button[data-appearance=dark]').click()")
        dark = browser.evaluate("[getComputedStyle(document.querySelector('.conversation')).backgroundColor,"
                                " getComputedStyle(document.querySelector('#conversation .bubble.received')).backgroundColor]")
        results["dark"] = {"ok": dark == main["dark"], "colours": dark, "expected": main["dark"]}
        shot(browser, shots, "page-dark")
        browser.evaluate("document.querySelector('.appearance button[data-appearance=light]').click()")

        # An animation advances: the card's image, captured over a second, shows more than one picture.
        clip = browser.evaluate("(() => { const i = document.querySelector('#%s .scene img'); i.scrollIntoView({block: 'center'});"
                                " const r = i.getBoundingClientRect(); return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}; })()"
                                % main["animated"])
        frames = []
        for _ in range(8):
            frames.append(browser.screenshot(clip))
            time.sleep(0.15)
        results["animation"] = {"ok": len(set(frames)) >= 2, "distinct": len(set(frames)), "samples": len(frames)}
        browser.evaluate("window.scrollTo(0, 0)")

        # Drag a sticker from the drawer onto the received bubble, then scale and rotate it.
        start = center(browser, "#drawer .cell[data-sticker=%s]" % json.dumps(main["drag"]))
        end = center(browser, "#conversation .bubble.received")
        mouse(browser, "mouseMoved", *start)
        mouse(browser, "mousePressed", *start, clickCount=1, buttons=1)
        for step in range(1, 11):
            x = start[0] + (end[0] - start[0]) * step / 10
            y = start[1] + (end[1] - start[1]) * step / 10
            mouse(browser, "mouseMoved", x, y, buttons=1)
        mouse(browser, "mouseReleased", *end, clickCount=1, buttons=0)
        placed = browser.evaluate("(() => { const p = document.querySelector('.placed'); if (!p) return null;"
                                  " const r = p.getBoundingClientRect(), b = document.querySelector('#conversation .bubble.received').getBoundingClientRect();"
                                  " return {on: p.dataset.on, sticker: p.dataset.sticker, cx: r.left + r.width / 2, cy: r.top + r.height / 2,"
                                  " inside: r.left + r.width / 2 >= b.left && r.left + r.width / 2 <= b.right && r.top + r.height / 2 >= b.top && r.top + r.height / 2 <= b.bottom}; })()")
        if placed:
            mouse(browser, "mouseWheel", placed["cx"], placed["cy"], deltaX=0, deltaY=-100, button="none")
            mouse(browser, "mouseWheel", placed["cx"], placed["cy"], deltaX=0, deltaY=-100, button="none")
            mouse(browser, "mouseWheel", placed["cx"], placed["cy"], deltaX=0, deltaY=100, modifiers=8, button="none")
            time.sleep(0.1)
            placed["scale"] = float(browser.evaluate("document.querySelector('.placed').dataset.scale"))
            placed["rotation"] = float(browser.evaluate("document.querySelector('.placed').dataset.rot"))
            placed["transform"] = browser.evaluate("document.querySelector('.placed').style.transform")
        results["drag"] = {"ok": bool(placed) and placed["on"] == "received" and placed["inside"] and placed["sticker"] == main["drag"]
                                 and placed["scale"] > 1.05 and placed["rotation"] != 0, "placed": placed}
        shot(browser, shots, "dragged")

        # A file edited on disk changes the page without a reload.
        browser.evaluate("window.__marker = 42; window.scrollTo(0, 300); 0")
        before = browser.evaluate("[Number(document.body.dataset.version), scrollY]")
        written = time.monotonic()
        shutil.copyfile(main["edit"]["with"], main["edit"]["file"])
        changed = wait(browser, "Number(document.body.dataset.version) > %d && document.querySelector('#%s.changed') !== null"
                       % (before[0], main["edit"]["id"]), 60)
        seen = time.monotonic() - written
        after = browser.evaluate("[window.__marker, scrollY, document.querySelectorAll('.placed').length,"
                                 " document.querySelector('#%s').textContent]" % main["edit"]["id"])
        results["edit"] = {"ok": bool(changed) and after[0] == 42 and after[1] == before[1] and after[2] == 1
                                 and main["edit"]["expect"] in after[3],
                           "seconds": round(seen, 3), "marker": after[0], "scroll": [before[1], after[1]], "placed": after[2]}
        shot(browser, shots, "edited")

        # A broken file shows its error card (once the save is quiet, never half-written).
        browser.evaluate("window.scrollTo(0, 0)")
        version = browser.evaluate("Number(document.body.dataset.version)")
        with open(main["broken"]["file"], "wb") as f:
            f.write(b"this is not an image")
        card = wait(browser, "Number(document.body.dataset.version) > %d && document.querySelector('#%s.card-error') !== null"
                    " && document.querySelector('#drawer .cell-error[data-sticker=%s]') !== null"
                    % (version, main["broken"]["id"], main["broken"]["id"]), 60)
        results["broken"] = {"ok": bool(card) and browser.evaluate("window.__marker") == 42}
        browser.evaluate("document.querySelector('#%s').scrollIntoView({block: 'start'})" % main["broken"]["id"])
        shot(browser, shots, "broken")

        # Without a pointer: Enter on a focused drawer cell places the sticker on the received bubble.
        count = browser.evaluate("document.querySelectorAll('.placed').length")
        browser.evaluate("document.querySelector('#drawer .cell[data-sticker=%s]').focus()" % json.dumps(main["drag"]))
        for kind in ("keyDown", "keyUp"):
            browser.send("Input.dispatchKeyEvent", type=kind, key="Enter", code="Enter", windowsVirtualKeyCode=13)
        placed = browser.evaluate("Array.from(document.querySelectorAll('.placed')).map(p => p.dataset.on)")
        results["keyboard"] = {"ok": len(placed) == count + 1 and placed[-1] == "received", "placed": placed}
    finally:
        browser.close()
    passed = sum(1 for r in results.values() if r["ok"])
    print(json.dumps(results, indent=1))
    print(f"{passed} passed, {len(results) - passed} failed")
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
