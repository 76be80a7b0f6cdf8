#!/usr/bin/env python3
"""Draw StickerForge's sample packs, deterministically.

Writes two packs under Samples/ (relative to the repository root, wherever this is run from):

  Samples/StarterPack/      a plain folder pack as designers keep it, with stickerforge.yml and
                            clean stickers next to deliberately broken ones (each problem named in
                            the README and triggering one rule).
  Samples/Demo.xcstickers/  a small Xcode sticker catalog: a still, a frame sequence, and an icon
                            set that lists all 13 slots but fills only some.

Everything is drawn from fixed parameters (no randomness without a fixed seed), at 4x and
downscaled with LANCZOS, so edges are soft and re-running the script gives identical bytes for a
given Pillow version. Run it again after changing the artwork and commit the result.

Usage: Samples/generate-samples.py [--check]
  --check   draw into a temporary folder and report whether the committed files differ
"""

import argparse
import json
import math
import os
import random
import shutil
import sys
import tempfile

try:
    from PIL import Image, ImageChops, ImageDraw, ImageFilter
except ImportError:
    sys.exit("generate-samples.py needs Pillow: pip install Pillow")

SS = 4                    # supersampling factor: draw at 4x, downscale with LANCZOS
REGULAR = 408             # regular grid cell at @3x (docs/imessage-rules.md)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------------------------------------
# Drawing helpers
# ---------------------------------------------------------------------------------------------

def lerp(a, b, t):
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def down(img, size):
    """Downscale a supersampled layer. RGB and L layers only: alpha is always its own L layer."""
    return img.resize(size, Image.LANCZOS)


def vertical_gradient(size, top, bottom):
    """An RGB image whose rows fade from `top` to `bottom` (rows are constant: compresses well)."""
    w, h = size
    ramp = Image.linear_gradient("L").resize((1, h), Image.BILINEAR)
    col = Image.new("RGB", (1, h))
    col.putdata([lerp(top, bottom, ramp.getpixel((0, y)) / 255) for y in range(h)])
    return col.resize((w, h), Image.NEAREST)


def radial_gradient(size, center, radius, inner, outer):
    """An RGB image fading from `inner` at `center` to `outer` at `radius` and beyond."""
    w, h = size
    # Pillow's radial gradient is 256x256, 0 at the centre and 255 at radius 128.
    g = Image.radial_gradient("L").resize((radius * 2, radius * 2), Image.BILINEAR)
    dist = Image.new("L", size, 255)
    dist.paste(g, (center[0] - radius, center[1] - radius))
    a = Image.new("RGB", size, inner)
    b = Image.new("RGB", size, outer)
    return Image.composite(b, a, dist)


def star_points(cx, cy, r_out, r_in, points=5, rotation=-90.0):
    pts = []
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rotation + i * 180.0 / points)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def heart_points(cx, cy, scale, steps=720):
    """The classic parametric heart, centred on (cx, cy); `scale` is roughly its half width / 16."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * scale, cy - y * scale))
    return pts


def compose(color_rgb, alpha_l):
    """Straight-alpha RGBA from a colour field that extends past the shape and a separate mask.

    Keeping colour and coverage apart is what makes a clean edge: a half-covered pixel has the
    artwork's colour, not a blend with whatever was behind it. Fully transparent pixels are zeroed
    so that they compress well and carry no hidden colour."""
    # LANCZOS rings a little: snap near-empty and near-full coverage so that edges end cleanly.
    alpha_l = alpha_l.point(lambda a: 0 if a <= 2 else 255 if a >= 253 else a)
    rgba = color_rgb.convert("RGBA")
    rgba.putalpha(alpha_l)
    clear = Image.new("RGBA", rgba.size, (0, 0, 0, 0))
    visible = alpha_l.point(lambda a: 255 if a else 0)
    return Image.composite(rgba, clear, visible)


def save_png(img, path):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    img.save(path, "PNG", optimize=True)


def xcode_json(obj):
    """Contents.json as Xcode writes it: sorted keys, two spaces, `"key" : value`, final newline."""
    return json.dumps(obj, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False) + "\n"


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


XCODE_INFO = {"author": "xcode", "version": 1}


# ---------------------------------------------------------------------------------------------
# Artwork
# ---------------------------------------------------------------------------------------------

def draw_sun(size=REGULAR):
    """A radial-gradient sun with soft rays on a transparent background (clean)."""
    S = size * SS
    c = S // 2
    mask = Image.new("L", (S, S), 0)
    d = ImageDraw.Draw(mask)
    # Rays: 12 long thin triangles, blurred so their tips fade.
    rays = Image.new("L", (S, S), 0)
    rd = ImageDraw.Draw(rays)
    for i in range(12):
        a = math.radians(i * 30 + 15)
        w = math.radians(7)
        tip = (c + 0.47 * S * math.cos(a), c + 0.47 * S * math.sin(a))
        b1 = (c + 0.26 * S * math.cos(a - w), c + 0.26 * S * math.sin(a - w))
        b2 = (c + 0.26 * S * math.cos(a + w), c + 0.26 * S * math.sin(a + w))
        rd.polygon([b1, tip, b2], fill=255)
    rays = rays.filter(ImageFilter.GaussianBlur(3 * SS))
    r = int(0.29 * S)
    d.ellipse([c - r, c - r, c + r, c + r], fill=255)
    mask = ImageChops.lighter(mask, rays)
    color = radial_gradient((S, S), (c - S // 16, c - S // 16), int(0.5 * S),
                            (255, 250, 205), (255, 140, 20))
    # A friendly face, in the colour layer only (the mask stays a disc).
    fd = ImageDraw.Draw(color)
    eye = int(0.025 * S)
    for ex in (c - int(0.09 * S), c + int(0.09 * S)):
        fd.ellipse([ex - eye, c - int(0.07 * S) - eye, ex + eye, c - int(0.07 * S) + eye],
                   fill=(120, 60, 10))
    fd.arc([c - int(0.13 * S), c - int(0.10 * S), c + int(0.13 * S), c + int(0.14 * S)],
           start=25, end=155, fill=(120, 60, 10), width=int(0.018 * S))
    return compose(down(color, (size, size)), down(mask, (size, size)))


def draw_heart(size=REGULAR):
    """A red heart with a soft, rose-coloured drop shadow (clean: the shadow is not a matte)."""
    S = size * SS
    c = S // 2
    shape = Image.new("L", (S, S), 0)
    ImageDraw.Draw(shape).polygon(heart_points(c, c - int(0.03 * S), 0.026 * S), fill=255)
    shadow = Image.new("L", (S, S), 0)
    shadow.paste(shape, (int(0.012 * S), int(0.035 * S)))
    shadow = shadow.filter(ImageFilter.GaussianBlur(6 * SS)).point(lambda v: v * 80 // 255)
    color = vertical_gradient((S, S), (255, 110, 140), (200, 20, 60))
    # Gloss: a light ellipse on the upper left lobe, in the colour layer.
    gloss = Image.new("L", (S, S), 0)
    ImageDraw.Draw(gloss).ellipse([int(0.25 * S), int(0.25 * S), int(0.40 * S), int(0.36 * S)], fill=150)
    gloss = gloss.filter(ImageFilter.GaussianBlur(4 * SS))
    color = Image.composite(Image.new("RGB", (S, S), (255, 235, 240)), color, gloss)
    heart = compose(down(color, (size, size)), down(shape, (size, size)))
    shade = compose(Image.new("RGB", (size, size), (150, 40, 70)), down(shadow, (size, size)))
    return Image.alpha_composite(shade, heart)


def draw_wave_frame(i, count, size=REGULAR):
    """Frame `i` of a star swaying side to side and bouncing twice per loop: gradient fill, soft
    edges, transparent background. Over the loop it sweeps most of the cell, so the animation as
    a whole is not over-padded."""
    S = size * SS
    t = i / count
    sway = math.sin(2 * math.pi * t)                   # -1 left .. 1 right
    bounce = abs(sway)                                 # 0 at the floor (centre), 1 at the top
    squash = 1.0 - 0.18 * max(0.0, 1.0 - bounce * 4)   # flatten near the floor
    cx = S / 2 + 0.21 * S * sway
    floor_y = 0.68 * S
    cy = floor_y - bounce * 0.34 * S
    r_out = 0.24 * S
    pts = star_points(0, 0, r_out, r_out * 0.45, rotation=-90 + 20 * sway)
    pts = [(cx + x * (2 - squash), cy + y * squash) for x, y in pts]
    mask = Image.new("L", (S, S), 0)
    ImageDraw.Draw(mask).polygon(pts, fill=255)
    mask = mask.filter(ImageFilter.GaussianBlur(SS))  # a touch softer than plain anti-aliasing
    # Gradient in canvas rows, so the star catches "light" as it rises.
    color = vertical_gradient((S, S), (255, 236, 120), (255, 120, 40))
    star = compose(down(color, (size, size)), down(mask, (size, size)))
    # Ground shadow: grows as the star falls.
    sh = Image.new("L", (S, S), 0)
    sw = (0.10 + 0.10 * (1 - bounce)) * S
    ImageDraw.Draw(sh).ellipse([cx - sw, 0.92 * S - 0.02 * S, cx + sw, 0.92 * S + 0.02 * S],
                               fill=int(90 - 50 * bounce))
    sh = sh.filter(ImageFilter.GaussianBlur(2 * SS))
    shade = compose(Image.new("RGB", (size, size), (140, 90, 40)), down(sh, (size, size)))
    return Image.alpha_composite(shade, star)


def draw_sparkle_frames(count=12, size=300):
    """A pulsing, turning four-point sparkle, as RGBA frames (the GIF writer then cuts alpha)."""
    frames = []
    S = size * SS
    c = S / 2
    for i in range(count):
        t = i / count
        scale = 0.75 + 0.25 * math.sin(2 * math.pi * t)
        mask = Image.new("L", (S, S), 0)
        d = ImageDraw.Draw(mask)
        d.polygon(star_points(c, c, 0.46 * S * scale, 0.10 * S * scale, points=4, rotation=-90 + 45 * t),
                  fill=255)
        for k, (ox, oy) in enumerate(((-0.30, -0.28), (0.30, 0.26))):
            s2 = 0.09 * S * (0.6 + 0.4 * math.sin(2 * math.pi * (t + 0.5 * k)))
            d.polygon(star_points(c + ox * S, c + oy * S, s2, s2 * 0.3, points=4), fill=255)
        color = radial_gradient((S, S), (int(c), int(c)), int(0.3 * S), (255, 255, 235), (70, 120, 250))
        frames.append(compose(down(color, (size, size)), down(mask, (size, size))))
    return frames


def save_gif_1bit(frames, path, duration_ms, threshold=128):
    """An animated GIF with 1-bit transparency: pixels below `threshold` alpha become the clear
    index, all others fully opaque. That cut is exactly what makes GIF edges jagged."""
    # One fixed palette for every frame: 255 colours from all frames, index 255 = transparent.
    strip = Image.new("RGB", (frames[0].width, frames[0].height * len(frames)))
    for k, f in enumerate(frames):
        strip.paste(f.convert("RGB"), (0, k * f.height))
    pal_img = strip.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    palette = pal_img.getpalette()[: 255 * 3] + [0, 0, 0]
    pal_img.putpalette(palette)
    out = []
    for f in frames:
        p = f.convert("RGB").quantize(palette=pal_img, dither=Image.Dither.NONE)
        clear = f.getchannel("A").point(lambda a: 255 if a < threshold else 0)
        p.paste(255, mask=clear)
        p.info["transparency"] = 255
        out.append(p)
    out[0].save(path, "GIF", save_all=True, append_images=out[1:], duration=duration_ms, loop=0,
                transparency=255, disposal=2, optimize=False)


def draw_photo(size=REGULAR):
    """A landscape 'photo': sky, sun, hills, a little noise. Opaque: that is its problem."""
    S = size * SS
    img = vertical_gradient((S, S), (70, 130, 210), (200, 225, 250))
    d = ImageDraw.Draw(img)
    d.ellipse([int(0.62 * S), int(0.12 * S), int(0.80 * S), int(0.30 * S)], fill=(255, 236, 170))
    for k, (col, base, amp, ph) in enumerate((((90, 150, 90), 0.62, 0.07, 0.3),
                                               ((60, 120, 60), 0.72, 0.06, 1.7),
                                               ((40, 95, 45), 0.84, 0.05, 2.9))):
        pts = [(0, S)]
        for x in range(0, S + 1, SS * 4):
            y = S * (base + amp * math.sin(2 * math.pi * x / S * (1.3 + k * 0.4) + ph))
            pts.append((x, y))
        pts.append((S, S))
        d.polygon(pts, fill=col)
    img = down(img, (size, size))
    rng = random.Random(20240601)
    noise = Image.new("L", (size, size))
    noise.putdata([128 + int(rng.gauss(0, 6)) for _ in range(size * size)])
    return ImageChops.add(img, Image.merge("RGB", (noise, noise, noise)), scale=1.0, offset=-128)


def draw_halo(size=REGULAR):
    """A light yellow disc whose anti-aliased rim carries a near-black matte (edge_halo).

    This is what artwork flattened on a near-black background and then cut out looks like: each
    rim pixel keeps a share (1 - alpha) of the background's colour (colour = alpha x art +
    (1 - alpha) x matte), so on a white bubble the disc gets a dark ring; `stickerforge fix`
    un-mixes it."""
    S = size * SS
    c = S // 2
    r = int(0.42 * S)
    mask = Image.new("L", (S, S), 0)
    ImageDraw.Draw(mask).ellipse([c - r, c - r, c + r, c + r], fill=255)
    mask = down(mask.filter(ImageFilter.GaussianBlur(2 * SS)), (size, size))  # a ~4 px rim
    mask = mask.point(lambda a: 0 if a <= 2 else 255 if a >= 253 else a)  # as compose() snaps
    inner = radial_gradient((size, size), (size // 2, size // 2), size // 2,
                            (255, 248, 190), (250, 228, 120))
    matte = Image.new("RGB", (size, size), (22, 18, 12))
    color = Image.composite(inner, matte, mask)
    return compose(color, mask)


def draw_poster(size=640):
    """A 640 x 640 'poster' of flat shapes: too big for any grid (dimensions_too_large)."""
    S = size * SS
    mask = Image.new("L", (S, S), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0.04 * S, 0.04 * S, 0.96 * S, 0.96 * S], radius=0.08 * S, fill=255)
    color = Image.new("RGB", (S, S), (48, 64, 140))
    d = ImageDraw.Draw(color)
    for k in range(6):
        y0 = (0.12 + k * 0.13) * S
        d.rectangle([0, y0, S, y0 + 0.05 * S], fill=(70, 92, 180))
    d.ellipse([0.30 * S, 0.30 * S, 0.70 * S, 0.70 * S], fill=(250, 200, 60))
    d.polygon(star_points(S / 2, S / 2, 0.16 * S, 0.07 * S), fill=(240, 90, 70))
    return compose(down(color, (size, size)), down(mask, (size, size)))


def draw_icon(width=1024, height=768):
    """App-icon artwork: opaque, a sunrise over a horizon (source for the icon set's slots)."""
    S = (width * 2, height * 2)   # 2x is plenty for shapes this large
    img = vertical_gradient(S, (255, 170, 90), (255, 230, 180))
    d = ImageDraw.Draw(img)
    cx, cy, r = S[0] // 2, int(S[1] * 0.62), int(S[1] * 0.30)
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=(255, 245, 200))
    d.rectangle([0, int(S[1] * 0.66), S[0], S[1]], fill=(60, 120, 170))
    for k in range(3):
        y = int(S[1] * (0.72 + 0.08 * k))
        d.rectangle([cx - r + k * r // 4, y, cx + r - k * r // 4, y + S[1] // 60], fill=(120, 175, 215))
    return img.resize((width, height), Image.LANCZOS)


def draw_spin_frame(i, count, size=REGULAR):
    """Frame `i` of a turning four-blade pinwheel in flat colours (the Demo catalog's sequence)."""
    S = size * SS
    c = S / 2
    mask = Image.new("L", (S, S), 0)
    color = Image.new("RGB", (S, S), (0, 0, 0))
    dm, dc = ImageDraw.Draw(mask), ImageDraw.Draw(color)
    colors = [(240, 80, 90), (250, 190, 60), (70, 180, 120), (70, 130, 230)]
    base = 360.0 * i / count
    for k in range(4):
        a0 = math.radians(base + 90 * k)
        a1 = math.radians(base + 90 * k + 70)
        blade = [(c, c), (c + 0.44 * S * math.cos(a0), c + 0.44 * S * math.sin(a0)),
                 (c + 0.30 * S * math.cos(a1), c + 0.30 * S * math.sin(a1))]
        dm.polygon(blade, fill=255)
        # The colour layer gets a whole 90-degree sector per blade, wider than the blade, so rim
        # pixels keep the blade's colour instead of the background's.
        dc.pieslice([c - 0.5 * S, c - 0.5 * S, c + 0.5 * S, c + 0.5 * S],
                    start=base + 90 * k - 10, end=base + 90 * k + 80, fill=colors[k])
    dm.ellipse([c - 0.05 * S, c - 0.05 * S, c + 0.05 * S, c + 0.05 * S], fill=255)
    dc.ellipse([c - 0.07 * S, c - 0.07 * S, c + 0.07 * S, c + 0.07 * S], fill=(250, 250, 250))
    return compose(down(color, (size, size)), down(mask, (size, size)))


# ---------------------------------------------------------------------------------------------
# Packs
# ---------------------------------------------------------------------------------------------

STARTER_YML = """\
# StickerForge configuration for the sample pack (keys are snake_case).
# The stickers below include deliberate problems; see README.md, "The sample pack".
name: Starter Pack
grid_size: regular
max_bytes: 500000
# App-icon artwork: the plain-folder reader leaves this file out of the stickers.
icon: icon-source.png
# Display order, by sticker name (file or frame-folder name without extension).
order:
  - sun
  - heart
  - wave
  - sparkle
  - photo
  - halo
  - poster
# VoiceOver descriptions; poster has none on purpose (its name is read instead).
labels:
  sun: Smiling sun
  heart: Red heart
  wave: Bouncing star
  sparkle: Twinkling sparkle
  photo: Green hills under a blue sky
  halo: Yellow moon
sequences:
  wave:
    fps: 12
    loops: 0
"""

WAVE_FRAMES = 24
SPIN_FRAMES = 8

# Icon slots the Demo catalog fills: (idiom, platform, size, scale, width, height). The other
# seven of the 13 slots are listed without a file, so `icon_slot_missing` has something to say.
DEMO_ICON_FILLED = {
    ("iphone", None, "29x29", "2x"): (58, 58),
    ("iphone", None, "29x29", "3x"): (87, 87),
    ("iphone", None, "60x45", "2x"): (120, 90),
    ("iphone", None, "60x45", "3x"): (180, 135),
    ("universal", "ios", "27x20", "2x"): (54, 40),
    ("universal", "ios", "27x20", "3x"): (81, 60),
}

# The 13 slots in Xcode's order (docs/imessage-rules.md).
ICON_SLOTS = [
    ("iphone", None, "29x29", "2x"), ("iphone", None, "29x29", "3x"),
    ("iphone", None, "60x45", "2x"), ("iphone", None, "60x45", "3x"),
    ("ipad", None, "29x29", "2x"), ("ipad", None, "67x50", "2x"), ("ipad", None, "74x55", "2x"),
    ("ios-marketing", None, "1024x1024", "1x"),
    ("universal", "ios", "27x20", "2x"), ("universal", "ios", "27x20", "3x"),
    ("universal", "ios", "32x24", "2x"), ("universal", "ios", "32x24", "3x"),
    ("ios-marketing", "ios", "1024x768", "1x"),
]


def fit_icon(art, w, h):
    """Crop the 4:3 artwork to the slot's aspect ratio around its centre, then scale."""
    aw, ah = art.size
    if w * ah > h * aw:
        ch = aw * h // w
        box = (0, (ah - ch) // 2, aw, (ah - ch) // 2 + ch)
    else:
        cw = ah * w // h
        box = ((aw - cw) // 2, 0, (aw - cw) // 2 + cw, ah)
    return art.crop(box).resize((w, h), Image.LANCZOS)


def write_starter(out):
    pack = os.path.join(out, "StarterPack")
    save_png(draw_sun(), os.path.join(pack, "sun.png"))
    save_png(draw_heart(), os.path.join(pack, "heart.png"))
    # Unpadded numbers on purpose: plain string order would put wave_10 before wave_2.
    for i in range(WAVE_FRAMES):
        save_png(draw_wave_frame(i, WAVE_FRAMES), os.path.join(pack, "wave", f"wave_{i + 1}.png"))
    save_gif_1bit(draw_sparkle_frames(), os.path.join(pack, "sparkle.gif"), duration_ms=80)
    draw_photo().save(os.path.join(pack, "photo.jpg"), "JPEG", quality=85, optimize=True,
                      progressive=False, subsampling="4:2:0")
    save_png(draw_halo(), os.path.join(pack, "halo.png"))
    save_png(draw_poster(), os.path.join(pack, "poster.png"))
    save_png(draw_icon(), os.path.join(pack, "icon-source.png"))
    write_text(os.path.join(pack, "stickerforge.yml"), STARTER_YML)


def write_demo(out):
    cat = os.path.join(out, "Demo.xcstickers")
    write_text(os.path.join(cat, "Contents.json"), xcode_json({"info": XCODE_INFO}))
    pack = os.path.join(cat, "Sticker Pack.stickerpack")
    write_text(os.path.join(pack, "Contents.json"), xcode_json({
        "info": XCODE_INFO,
        "properties": {"grid-size": "regular"},
        "stickers": [{"filename": "Sun.sticker"}, {"filename": "Spin.stickersequence"}],
    }))
    sun = os.path.join(pack, "Sun.sticker")
    save_png(draw_sun(), os.path.join(sun, "Sun.png"))
    write_text(os.path.join(sun, "Contents.json"), xcode_json({
        "info": XCODE_INFO,
        "properties": {"accessibility-label": "Smiling sun", "filename": "Sun.png"},
    }))
    spin = os.path.join(pack, "Spin.stickersequence")
    names = [f"spin_{i + 1:03d}.png" for i in range(SPIN_FRAMES)]
    for i, name in enumerate(names):
        save_png(draw_spin_frame(i, SPIN_FRAMES), os.path.join(spin, name))
    write_text(os.path.join(spin, "Contents.json"), xcode_json({
        "frames": [{"filename": n} for n in names],
        "info": XCODE_INFO,
        "properties": {"accessibility-label": "Spinning pinwheel", "duration": 10,
                       "duration-type": "fps", "repetitions": 0},
    }))
    icons = os.path.join(cat, "iMessage App Icon.stickersiconset")
    art = draw_icon()
    images = []
    for slot in ICON_SLOTS:
        idiom, platform, size, scale = slot
        entry = {"idiom": idiom, "scale": scale, "size": size}
        if platform:
            entry["platform"] = platform
        if slot in DEMO_ICON_FILLED:
            w, h = DEMO_ICON_FILLED[slot]
            name = f"icon-{size}@{scale}.png"
            save_png(fit_icon(art, w, h), os.path.join(icons, name))
            entry["filename"] = name
        images.append(entry)
    write_text(os.path.join(icons, "Contents.json"), xcode_json({"images": images, "info": XCODE_INFO}))


# ---------------------------------------------------------------------------------------------
# Diagnostics
# ---------------------------------------------------------------------------------------------

def luminance(p):
    return 0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]


def dark_rim_share(img):
    """Share of rim pixels (0 < alpha < 255, next to an opaque pixel) at least 40% darker than
    that opaque neighbour: a rough stand-in for edge_halo, printed so the samples can be judged."""
    img = img.convert("RGBA")
    w, h = img.size
    px = img.load()
    rim = dark = 0
    for y in range(1, h - 1):
        for x in range(1, w - 1):
            p = px[x, y]
            if not 0 < p[3] < 255:
                continue
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                q = px[x + dx, y + dy]
                if q[3] == 255:
                    rim += 1
                    if luminance(p) < 0.6 * luminance(q):
                        dark += 1
                    break
    return (dark / rim if rim else 0.0), rim


def report(out):
    total = 0
    for dirpath, _, files in sorted(os.walk(out)):
        for f in sorted(files):
            total += os.path.getsize(os.path.join(dirpath, f))
    print(f"Samples total: {total:,} bytes")
    for name in ("StarterPack/sun.png", "StarterPack/heart.png", "StarterPack/wave/wave_1.png",
                 "StarterPack/halo.png", "StarterPack/poster.png",
                 "Demo.xcstickers/Sticker Pack.stickerpack/Spin.stickersequence/spin_001.png"):
        path = os.path.join(out, name)
        share, rim = dark_rim_share(Image.open(path))
        print(f"  {name}: {os.path.getsize(path):,} bytes, dark rim {share:.0%} of {rim} rim pixels")
    wave = os.path.join(out, "StarterPack", "wave")
    print(f"  StarterPack/wave/: {sum(os.path.getsize(os.path.join(wave, f)) for f in os.listdir(wave)):,} bytes")
    for name in ("StarterPack/sparkle.gif", "StarterPack/photo.jpg", "StarterPack/icon-source.png"):
        print(f"  {name}: {os.path.getsize(os.path.join(out, name)):,} bytes")
    return total


def same_tree(a, b):
    """Paths that differ between two trees (missing on either side or different bytes)."""
    def files(root):
        found = set()
        for dirpath, _, names in os.walk(root):
            for n in names:
                found.add(os.path.relpath(os.path.join(dirpath, n), root))
        return found
    fa, fb = files(a), files(b)
    diff = sorted(fa ^ fb)
    for rel in sorted(fa & fb):
        with open(os.path.join(a, rel), "rb") as x, open(os.path.join(b, rel), "rb") as y:
            if x.read() != y.read():
                diff.append(rel)
    return diff


def main():
    parser = argparse.ArgumentParser(description="Draw StickerForge's sample packs into Samples/.")
    parser.add_argument("--check", action="store_true",
                        help="draw into a temporary folder and list files that differ from Samples/")
    parser.add_argument("--quiet", action="store_true", help="skip the size and rim report")
    args = parser.parse_args()
    samples = os.path.join(ROOT, "Samples")
    if args.check:
        with tempfile.TemporaryDirectory() as tmp:
            write_starter(tmp)
            write_demo(tmp)
            # Only the two packs: this script itself lives in Samples/ beside them.
            diff = [os.path.join(sub, rel) for sub in ("StarterPack", "Demo.xcstickers")
                    for rel in same_tree(os.path.join(tmp, sub), os.path.join(samples, sub))]
        if diff:
            print("Samples/ differs from what this script draws:")
            for rel in diff:
                print(f"  {rel}")
            return 1
        print("Samples/ matches what this script draws.")
        return 0
    # Start from empty folders so that renamed or removed samples do not linger.
    for sub in ("StarterPack", "Demo.xcstickers"):
        shutil.rmtree(os.path.join(samples, sub), ignore_errors=True)
    write_starter(samples)
    write_demo(samples)
    if not args.quiet:
        report(samples)
    return 0


if __name__ == "__main__":
    sys.exit(main())
