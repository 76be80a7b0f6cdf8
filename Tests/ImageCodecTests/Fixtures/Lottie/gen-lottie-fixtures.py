#!/usr/bin/env python3
"""Writes the Lottie/TGS test fixtures and their reference renders.

    python3 Tests/ImageCodecTests/Fixtures/Lottie/gen-lottie-fixtures.py            # writes Tests/ImageCodecTests/Fixtures/Lottie/
    python3 Tests/ImageCodecTests/Fixtures/Lottie/gen-lottie-fixtures.py --check    # exits 1 if a committed file would change

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

Lottie-web fixtures (issue 21; 128x128; compared with lottie-web 5.7.4, not rlottie: their
references, *.web.png, come from `Tests/Oracles/oracle-lottie-web.py --write-refs`):
- matte-{alpha,alpha-inverted,luma,luma-inverted}.json: a star above, a matte (a white and a grey
                circle moving), the matted layer (a red and a blue bar), a green background bar
- precomp-matte-*.json: the same four layers inside a precomp, scaled 90% and turned 10 degrees
- fill-effect.json: black shapes under a Fill effect (cream, opacity 0.8) over a blue bar
- stretched-precomp.json: one precomp twice, time stretch 0.8, and 1.3 starting at frame 0.5
- per-dimension-easing.json: a scale eased per dimension (x late, y early) and a moving square
- confetti.json: a burst of 32 thin pieces (1.2-2.6 x 4-8 px), each a layer of its own turning as it
                flies out, in and out frames fractional as particle exports write them (issue 42: of
                every eight, five with a fraction below one half, which rlottie 0.1 rounds down)
"""
import gzip
import io
import json
import os
import sys

from lottie import Color, Point, objects
from lottie.objects import MatteMode
from PIL import Image
from rlottie_python import LottieAnimation

OUT = os.path.dirname(os.path.abspath(__file__))  # the fixtures sit beside this script


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


def shape_layer(name, ip=0, op=12):
    l = objects.ShapeLayer(); l.name = name; l.in_point = ip; l.out_point = op
    return l


def circle(layer, pos0, pos1, size, color, frames=11):
    g = layer.add_shape(objects.Group())
    e = g.add_shape(objects.Ellipse()); e.size.value = Point(size, size)
    e.position.add_keyframe(0, pos0); e.position.add_keyframe(frames, pos1)
    g.add_shape(objects.Fill(color))
    return g


def rect(layer, pos, size, color):
    g = layer.add_shape(objects.Group())
    r = g.add_shape(objects.Rect()); r.size.value = size; r.position.value = pos
    g.add_shape(objects.Fill(color))
    return g


def matte_layers(mode, op=12):
    """Top to bottom: a star above, the matte, the matted layer, a background bar."""
    above = shape_layer("above", 0, op)
    st = above.add_shape(objects.Group())
    s = st.add_shape(objects.Star()); s.inner_radius.value, s.outer_radius.value, s.points.value = 8, 18, 5
    s.position.value = Point(100, 26)
    st.add_shape(objects.Fill(Color(0.95, 0.8, 0.1)))
    matte = shape_layer("matte", 0, op)
    matte.matte_target = 1
    # luma mattes need greys: a white circle and a mid-grey one
    circle(matte, Point(30, 64), Point(90, 64), 60, Color(1, 1, 1))
    circle(matte, Point(64, 100), Point(64, 40), 44, Color(0.45, 0.45, 0.45))
    content = shape_layer("content", 0, op)
    content.matte_mode = mode
    rect(content, Point(64, 50), Point(100, 60), Color(0.9, 0.2, 0.3))
    rect(content, Point(64, 90), Point(100, 40), Color(0.2, 0.5, 0.95))
    background = shape_layer("background", 0, op)
    rect(background, Point(64, 64), Point(20, 120), Color(0.1, 0.7, 0.3))
    return [above, matte, content, background]


def animation(op=12, fr=12, size=128):
    an = objects.Animation(op, fr); an.width = an.height = size
    return an


def number(layers):
    for i, l in enumerate(layers):
        l.index = i + 1


def top_matte(mode):
    an = animation()
    layers = matte_layers(mode)
    number(layers)
    for l in layers: an.add_layer(l)
    return an


def precomp_matte(mode):
    an = animation()
    comp = objects.Precomp(); comp.id = "matted"
    inner = matte_layers(mode); number(inner)
    for l in inner: comp.add_layer(l)
    an.assets.append(comp)
    pl = objects.PreCompLayer("matted"); pl.name = "precomp"; pl.width = pl.height = 128
    pl.in_point, pl.out_point = 0, 12
    pl.transform.anchor_point.value = Point(64, 64); pl.transform.position.value = Point(64, 64)
    pl.transform.scale.value = Point(90, 90); pl.transform.rotation.value = 10
    outer = shape_layer("outer", 0, 12)
    rect(outer, Point(20, 110), Point(30, 30), Color(0.5, 0.3, 0.8))
    layers = [pl, outer]; number(layers)
    for l in layers: an.add_layer(l)
    return an


def fill_effect():
    an = animation()
    bell = shape_layer("bell")
    circle(bell, Point(40, 60), Point(88, 60), 50, Color(0, 0, 0))
    rect(bell, Point(64, 100), Point(80, 16), Color(0.2, 0.1, 0.05))
    eff = objects.effects.FillEffect()
    eff.name = "Fill"
    eff.color.value = Color(1, 0.95, 0.7)
    eff.opacity.value = 0.8
    bell.effects = [eff]
    back = shape_layer("back")
    rect(back, Point(64, 64), Point(128, 40), Color(0.2, 0.3, 0.6))
    layers = [bell, back]; number(layers)
    for l in layers: an.add_layer(l)
    return an


def stretched_precomp():
    an = animation(op=16, fr=16)
    comp = objects.Precomp(); comp.id = "inner"
    inner = shape_layer("mover", 0, 40)
    g = inner.add_shape(objects.Group())
    r = g.add_shape(objects.Rect()); r.size.value = Point(30, 30)
    r.position.add_keyframe(0, Point(20, 64)); r.position.add_keyframe(20, Point(108, 64))
    g.add_shape(objects.Fill(Color(0.9, 0.4, 0.1)))
    g.transform.anchor_point.value = Point(64, 64); g.transform.position.value = Point(64, 64)
    g.transform.rotation.add_keyframe(0, 0); g.transform.rotation.add_keyframe(20, 180)
    number([inner]); comp.add_layer(inner)
    an.assets.append(comp)
    pl = objects.PreCompLayer("inner"); pl.name = "stretched 0.8"; pl.width = pl.height = 128
    pl.in_point, pl.out_point = 0, 16; pl.time_stretch = 0.8
    pl2 = objects.PreCompLayer("inner"); pl2.name = "stretched 1.3"; pl2.width = pl2.height = 128
    pl2.in_point, pl2.out_point = 0, 16; pl2.time_stretch = 1.3; pl2.start_time = 0.5
    pl2.transform.position.value = Point(64, 100); pl2.transform.anchor_point.value = Point(64, 64)
    pl2.transform.scale.value = Point(60, 60)
    layers = [pl, pl2]; number(layers)
    for l in layers: an.add_layer(l)
    return an


def per_dimension_easing():
    an = animation(op=16, fr=16)
    l = shape_layer("scaled", 0, 16)
    g = rect(l, Point(64, 64), Point(60, 60), Color(0.3, 0.6, 0.9))
    g.transform.anchor_point.value = Point(64, 64); g.transform.position.value = Point(64, 64)
    sc = g.transform.scale
    sc.add_keyframe(0, Point(30, 30)); sc.add_keyframe(15, Point(180, 180))
    l2 = shape_layer("moved", 0, 16)
    g2 = rect(l2, Point(0, 0), Point(16, 16), Color(0.9, 0.3, 0.2))
    g2.transform.position.add_keyframe(0, Point(16, 16)); g2.transform.position.add_keyframe(15, Point(112, 112))
    number([l, l2]); an.add_layer(l); an.add_layer(l2)
    return an


def easing_fix(d):
    # per-dimension easing on the scale: x eases in late, y early
    for layer in d["layers"]:
        for shape in layer["shapes"]:
            for it in shape["it"]:
                if it["ty"] == "tr" and it["s"].get("a"):
                    k = it["s"]["k"][0]
                    k["o"] = {"x": [0.9, 0.1, 0.5], "y": [0.0, 0.9, 0.5]}
                    k["i"] = {"x": [0.9, 0.1, 0.5], "y": [1.0, 0.2, 0.5]}
    return d


def confetti():
    import math, random
    rnd = random.Random(42)   # Mersenne Twister: the same numbers on every Python 3
    an = animation(op=16, fr=16)
    colours = [Color(0.95, 0.26, 0.21), Color(0.13, 0.59, 0.95), Color(1, 0.76, 0.03), Color(0.3, 0.69, 0.31)]
    fractions = [0.1, 0.25, 0.4, 0.45, 0.3, 0.5, 0.75, 0]   # rlottie rounds the first five elsewhere; 0.5, 0.75, 0 agree
    layers = []
    for i in range(32):
        ip = rnd.randint(0, 6) + fractions[i % 8]
        op = min(ip + rnd.randint(5, 9) + fractions[(i + 3) % 8], 16)
        l = shape_layer(f"piece {i}", round(ip, 3), round(op, 3))
        g = rect(l, Point(0, 0), Point(round(rnd.uniform(1.2, 2.6), 2), round(rnd.uniform(4, 8), 2)), colours[i % 4])
        angle, reach = rnd.uniform(0, 2 * math.pi), rnd.uniform(30, 60)
        g.transform.position.add_keyframe(ip, Point(64, 64))
        g.transform.position.add_keyframe(op, Point(round(64 + reach * math.cos(angle), 2), round(64 + reach * math.sin(angle) + 12, 2)))
        g.transform.rotation.add_keyframe(ip, 0)
        g.transform.rotation.add_keyframe(op, round(rnd.uniform(-540, 540), 1))
        layers.append(l)
    number(layers)
    for l in layers: an.add_layer(l)
    return an


MATTES = [("alpha", MatteMode.Alpha), ("alpha-inverted", MatteMode.InvertedAlpha), ("luma", MatteMode.Luma),
          ("luma-inverted", MatteMode.InvertedLuma)]


def web_fixtures():
    """name -> JSON bytes of the fixtures compared with lottie-web."""
    made = [(f"matte-{n}", top_matte(m)) for n, m in MATTES] + [(f"precomp-matte-{n}", precomp_matte(m)) for n, m in MATTES]
    made += [("fill-effect", fill_effect()), ("stretched-precomp", stretched_precomp()), ("confetti", confetti())]
    out = {name + ".json": to_json(an) for name, an in made}
    out["per-dimension-easing.json"] = json.dumps(easing_fix(per_dimension_easing().to_dict()), separators=(",", ":")).encode()
    return out


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
    files.update(web_fixtures())
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
