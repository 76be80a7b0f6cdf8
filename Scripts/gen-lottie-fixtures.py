#!/usr/bin/env python3
"""Writes the Lottie/TGS test fixtures and their reference renders.

    python3 Scripts/gen-lottie-fixtures.py            # writes Tests/ImageCodecTests/Fixtures/Lottie/
    python3 Scripts/gen-lottie-fixtures.py --check    # exits 1 if a committed file would change

Needs PyPI `lottie` (python-lottie) to write the animations, `rlottie-python` to render the
references and Pillow to write them (fixtures only; never a runtime dependency):

- shapes.json   512x512, 16 fps, 8 frames: a circle moving on keyframes, a square rotating and
                changing colour, a half-transparent ellipse (straight alpha after un-premultiplying)
- wide.json     320x180, 24 fps, 6 frames, ip 3: a bar scaling; a non-square canvas for fitting
- fractional.json 96x96 at 29.97 fps, 5 frames: exact fractional frame timing
- shapes.tgs    shapes.json gzipped (mtime 0), as Telegram ships it
- *.ref.png     every frame rendered by rlottie-python at the file's canvas size, stacked top to
                bottom. rlottie renders premultiplied BGRA; rlottie-python's render_pillow_frame
                reads that as straight alpha, so the raw buffer is un-premultiplied here
                (c = (c' * 255 + a / 2) // a), the same rule LottieDecoder uses.
"""
import gzip
import io
import json
import os
import sys

from lottie import Color, Point, objects
from PIL import Image
from rlottie_python import LottieAnimation

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "ImageCodecTests", "Fixtures", "Lottie")


def shapes():
    an = objects.Animation(8, 16)
    an.width = an.height = 512
    layer = objects.ShapeLayer()
    an.add_layer(layer)
    circle = layer.add_shape(objects.Group())
    ellipse = circle.add_shape(objects.Ellipse())
    ellipse.size.value = Point(120, 120)
    ellipse.position.add_keyframe(0, Point(100, 256))
    ellipse.position.add_keyframe(7, Point(412, 200))
    circle.add_shape(objects.Fill(Color(0.9, 0.2, 0.1)))
    square = layer.add_shape(objects.Group())
    rect = square.add_shape(objects.Rect())
    rect.size.value = Point(160, 160)
    rect.position.value = Point(256, 380)
    fill = square.add_shape(objects.Fill(Color(0.1, 0.4, 0.9)))
    fill.color.add_keyframe(0, Color(0.1, 0.4, 0.9))
    fill.color.add_keyframe(7, Color(0.2, 0.8, 0.3))
    square.transform.anchor_point.value = Point(256, 380)
    square.transform.position.value = Point(256, 380)
    square.transform.rotation.add_keyframe(0, 0)
    square.transform.rotation.add_keyframe(7, 90)
    ghost = layer.add_shape(objects.Group())
    oval = ghost.add_shape(objects.Ellipse())
    oval.size.value = Point(300, 140)
    oval.position.value = Point(256, 120)
    ghost.add_shape(objects.Fill(Color(0.2, 0.9, 0.6)))
    ghost.transform.opacity.value = 50
    return an


def wide():
    an = objects.Animation(9, 24)
    an.in_point = 3
    an.width, an.height = 320, 180
    layer = objects.ShapeLayer()
    layer.in_point = 0
    layer.out_point = 9
    an.add_layer(layer)
    bar = layer.add_shape(objects.Group())
    rect = bar.add_shape(objects.Rect())
    rect.size.value = Point(200, 60)
    rect.position.value = Point(160, 90)
    bar.add_shape(objects.Fill(Color(0.95, 0.7, 0.1)))
    bar.transform.anchor_point.value = Point(160, 90)
    bar.transform.position.value = Point(160, 90)
    bar.transform.scale.add_keyframe(0, Point(40, 100))
    bar.transform.scale.add_keyframe(9, Point(140, 100))
    return an


def fractional():
    an = objects.Animation(5, 29.97)
    an.width = an.height = 96
    layer = objects.ShapeLayer()
    an.add_layer(layer)
    dot = layer.add_shape(objects.Group())
    e = dot.add_shape(objects.Ellipse())
    e.size.value = Point(40, 40)
    e.position.add_keyframe(0, Point(24, 48))
    e.position.add_keyframe(4, Point(72, 48))
    dot.add_shape(objects.Fill(Color(0.5, 0.1, 0.8)))
    return an


def telegram(seed):
    """A Telegram-sized benchmark animation: 512x512, 60 fps, 3 s, a dozen moving shapes."""
    an = objects.Animation(180, 60)
    an.width = an.height = 512
    layer = objects.ShapeLayer()
    an.add_layer(layer)
    for k in range(12):
        g = layer.add_shape(objects.Group())
        shape = g.add_shape(objects.Star() if k % 3 == 0 else objects.Ellipse() if k % 3 == 1 else objects.Rect())
        if k % 3 == 0:
            shape.inner_radius.value, shape.outer_radius.value, shape.points.value = 30, 70, 5
        else:
            shape.size.value = Point(60 + 7 * k, 40 + 5 * k)
        x, y = 60 + (k * 97 + seed * 31) % 400, 60 + (k * 61 + seed * 17) % 400
        shape.position.add_keyframe(0, Point(x, y))
        shape.position.add_keyframe(90, Point(512 - y, x))
        shape.position.add_keyframe(179, Point(x, y))
        g.add_shape(objects.Fill(Color((k * 0.37) % 1, (k * 0.61 + 0.2) % 1, (k * 0.13 + 0.5) % 1)))
        g.transform.anchor_point.value = Point(256, 256)
        g.transform.position.value = Point(256, 256)
        g.transform.rotation.add_keyframe(0, 0)
        g.transform.rotation.add_keyframe(179, 360 if k % 2 else -360)
        g.transform.opacity.value = 60 + 3 * k
    return an


def to_json(an):
    # Key order matters: rlottie reads a shape's "ty" before its other keys, so no sort_keys.
    return json.dumps(an.to_dict(), separators=(",", ":")).encode()


def reference(data):
    anim = LottieAnimation.from_data(data.decode())
    w, h = anim.lottie_animation_get_size()
    # rlottie-python bundles rlottie 0.2, which counts op - ip + 1 frames; Debian's 0.1 and the
    # Lottie model count op - ip (the out frame is exclusive), so that many are kept.
    top = json.loads(data)
    frames = int(top["op"]) - int(top["ip"])
    strip = Image.new("RGBA", (w, h * frames))
    for i in range(frames):
        raw = anim.lottie_animation_render(frame_num=i, width=w, height=h)
        px = bytearray(w * h * 4)
        for p in range(w * h):
            b, g, r, a = raw[4 * p:4 * p + 4]
            if a:
                px[4 * p:4 * p + 4] = bytes((min(255, (r * 255 + a // 2) // a), min(255, (g * 255 + a // 2) // a),
                                             min(255, (b * 255 + a // 2) // a), a))
        strip.paste(Image.frombytes("RGBA", (w, h), bytes(px)), (0, h * i))
    out = io.BytesIO()
    strip.save(out, "PNG", optimize=True)
    return out.getvalue()


def main():
    if "--bench" in sys.argv:   # benchmark inputs, not committed: --bench DIR
        out = sys.argv[sys.argv.index("--bench") + 1]
        os.makedirs(out, exist_ok=True)
        for seed in range(3):
            with open(os.path.join(out, f"telegram-{seed}.json"), "wb") as f:
                f.write(to_json(telegram(seed)))
        return
    check = "--check" in sys.argv
    files = {}
    for name, make in [("shapes", shapes), ("wide", wide), ("fractional", fractional)]:
        data = to_json(make())
        files[name + ".json"] = data
        files[name + ".ref.png"] = reference(data)
    files["shapes.tgs"] = gzip.compress(files["shapes.json"], mtime=0)
    os.makedirs(OUT, exist_ok=True)
    changed = []
    for name, data in sorted(files.items()):
        path = os.path.join(OUT, name)
        old = open(path, "rb").read() if os.path.exists(path) else None
        if old != data:
            changed.append(name)
            if not check:
                open(path, "wb").write(data)
    if check and changed:
        print("would change: " + ", ".join(changed))
        sys.exit(1)
    print(("unchanged" if not changed else "wrote " + ", ".join(changed)) + f" in {os.path.normpath(OUT)}")


if __name__ == "__main__":
    main()
