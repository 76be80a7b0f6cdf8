#!/usr/bin/env python3
"""Writes small generated seed files for the fuzz harnesses (Pillow): every PNG colour type and bit
depth Pillow writes, APNGs with each dispose/blend op, animated and still GIFs, baseline, progressive,
greyscale and CMYK JPEGs, and a few configuration and Contents.json texts.
Usage: make-seeds.py OUT_DIR   (makes OUT_DIR/{png,apng,gif,jpeg,config,contents})"""
import io, os, sys
from PIL import Image

out = sys.argv[1]
def save(kind, name, data):
    os.makedirs(os.path.join(out, kind), exist_ok=True)
    with open(os.path.join(out, kind, name), "wb") as f:
        f.write(data)

def encode(image, fmt, **kw):
    buf = io.BytesIO(); image.save(buf, fmt, **kw); return buf.getvalue()

def rgba(w, h, seed):
    im = Image.new("RGBA", (w, h))
    im.putdata([((x * 37 + seed) % 256, (y * 53 + seed) % 256, (x * y) % 256, (x + y + seed) % 256 if (x + y) % 3 else 0)
                for y in range(h) for x in range(w)])
    return im

base = rgba(7, 5, 1)
for mode in ["1", "L", "LA", "P", "RGB", "RGBA", "I;16"]:
    im = base.convert(mode) if mode != "I;16" else base.convert("L").convert("I;16")
    save("png", f"mode-{mode.replace(';', '')}.png", encode(im, "PNG"))
pal = base.convert("P"); pal.info["transparency"] = 0
save("png", "palette-trns.png", encode(pal, "PNG", transparency=0))

frames = [rgba(6, 6, s) for s in (0, 90, 180)]
for disposal in (0, 1, 2):
    for blend in (0, 1):
        save("apng", f"d{disposal}b{blend}.png",
             encode(frames[0], "PNG", save_all=True, append_images=frames[1:], duration=[30, 50, 70],
                    loop=2, disposal=disposal, blend=blend, default_image=False))
save("apng", "default-image.png", encode(frames[0], "PNG", save_all=True, append_images=frames[1:],
                                          duration=40, default_image=True))

gframes = [f.convert("RGB").convert("P") for f in frames]
save("gif", "anim.gif", encode(gframes[0], "GIF", save_all=True, append_images=gframes[1:], duration=[20, 30, 40], loop=0, disposal=2, transparency=0))
save("gif", "still.gif", encode(gframes[0], "GIF"))
save("gif", "interlaced.gif", encode(gframes[1], "GIF", interlace=True))

rgb = rgba(9, 7, 3).convert("RGB")
save("jpeg", "baseline.jpg", encode(rgb, "JPEG", quality=80))
save("jpeg", "progressive.jpg", encode(rgb, "JPEG", quality=60, progressive=True))
save("jpeg", "grey.jpg", encode(rgb.convert("L"), "JPEG"))
save("jpeg", "cmyk.jpg", encode(rgb.convert("CMYK"), "JPEG"))
save("jpeg", "subsample.jpg", encode(rgb, "JPEG", subsampling=2))

save("config", "full.yml", b"""grid_size: regular
sequence:
  fps: 12
  loop_count: 0
rules:
  edge_halo: off
  file_too_large: error
thresholds:
  max_fps: 30
  max_bytes: 500000
""")
save("config", "flow.yml", b"{grid_size: large, rules: {empty_pack: warning}, thresholds: {max_fps: 24}}\n")
save("config", "anchors.yml", b"a: &x {b: 1}\nc: *x\nrules: [1, 2]\n")
save("contents", "pack.json", b'{"info":{"author":"xcode","version":1},"properties":{"grid-size":"small"},'
     b'"stickers":[{"filename":"S.sticker"},{"filename":"Q.stickersequence"}],'
     b'"properties2":{"filename":"a.png","accessibility-label":"x"}}')
save("contents", "sticker.json", b'{"info":{"author":"xcode","version":1},"properties":{"filename":"a.png","accessibility-label":"\\u00e9 \\ud83d\\ude00"}}')
save("contents", "sequence.json", b'{"info":{"author":"xcode","version":1},"properties":{"duration":1.5,"duration-type":"fixed","repetitions":0},"frames":[{"filename":"a.png"}]}')
