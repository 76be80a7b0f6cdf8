#!/usr/bin/env bash
# Makes a folder of other platforms' stickers, as Telegram and WhatsApp ship them, for
# Scripts/bench/bench-foreign.sh and for walking `build --fit` by hand (issue 19). Made with Debian's
# ffmpeg (libvpx-vp9), img2webp and cwebp, and python-lottie (PyPI `lottie`):
#   tg-video.webm       512x512, 3 s at 30 fps, VP9 with alpha: a translucent, noisy moving pattern
#                       (a Telegram video sticker)
#   small-video.webm    161x121, 2 s at 30 fps, VP9 with alpha
#   qvga-video.webm     320x240, 2.7 s at 30 fps, VP9 with alpha, soft translucent edges
#   tiny-anim.webp      160x90, 12 frames at 12 fps, animated WebP (img2webp, lossless)
#   photo.webp          800x600 still WebP (cwebp -q 90)
#   sticker.tgs         512x512, 60 fps, 2 s: python-lottie shapes, gzipped (a Telegram animated sticker)
#   small-canvas.json   100x100 Lottie, 30 fps, 1 s: a small canvas that must render sharp at the cell
#   calm-video.webm     320x320, 1 s at 30 fps, VP9 with alpha: frames that differ only a little
# Usage: Scripts/bench/gen-foreign-stickers.sh OUT_DIR
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
out="${1:?usage: gen-foreign-stickers.sh OUT_DIR}"
mkdir -p "$out"
for tool in ffmpeg img2webp cwebp python3; do command -v "$tool" >/dev/null || sf_die "$tool is needed"; done
python3 -c "import lottie" 2>/dev/null || sf_die "python-lottie is needed (pip install lottie)"

# A translucent moving pattern with film grain: alpha from a soft disc that breathes, plus noise.
video() { # NAME SIZE SECONDS [noise strength]
    local name="$1" size="$2" seconds="$3" noise="${4:-18}"
    ffmpeg -y -loglevel error -f lavfi -i "testsrc2=s=$size:r=30,noise=alls=$noise:allf=t" -t "$seconds" \
        -vf "format=yuva420p,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='clip(255*(1.15-hypot(X-W/2,Y-H/2)/(0.5*min(W,H)))*(0.75+0.25*sin(T*4)),0,255)'" \
        -c:v libvpx-vp9 -pix_fmt yuva420p -b:v 0 -crf 30 -auto-alt-ref 0 -deadline realtime -cpu-used 8 "$out/$name.webm"
}
video tg-video 512x512 3
video small-video 161x121 2
video qvga-video 320x240 2.7
# Near-identical frames: a still pattern with a faint drift (no grain).
ffmpeg -y -loglevel error -f lavfi -i "testsrc2=s=320x320:r=30" -t 1 \
    -vf "format=yuva420p,geq=lum='lum(X,Y)+2*sin(T*3)':cb='cb(X,Y)':cr='cr(X,Y)':a='clip(255*(1.2-hypot(X-W/2,Y-H/2)/160),0,255)'" \
    -c:v libvpx-vp9 -pix_fmt yuva420p -b:v 0 -crf 24 -auto-alt-ref 0 -deadline realtime -cpu-used 8 "$out/calm-video.webm"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
ffmpeg -y -loglevel error -f lavfi -i "testsrc2=s=160x90:r=12" -frames:v 12 -vf "format=rgba" "$tmp/f%02d.png"
img2webp -loop 0 -lossless -d 83 "$tmp"/f*.png -o "$out/tiny-anim.webp" 2>/dev/null
ffmpeg -y -loglevel error -f lavfi -i "mandelbrot=s=800x600" -frames:v 1 "$tmp/photo.png"
cwebp -quiet -q 90 "$tmp/photo.png" -o "$out/photo.webp"

python3 - "$out" <<'PY'
import gzip, json, sys
from lottie import objects, Point, Color
from lottie.exporters.core import export_lottie

def animation(size, fps, frames, shapes):
    an = objects.Animation(frames, fps)
    an.width = an.height = size
    layer = objects.ShapeLayer()
    an.add_layer(layer)
    shapes(layer, size, frames)
    return an

def bouncing(layer, s, n):
    g = layer.add_shape(objects.Group())
    ball = g.add_shape(objects.Ellipse())
    ball.size.value = Point(s * 0.3, s * 0.3)
    ball.position.add_keyframe(0, Point(s * 0.25, s * 0.5))
    ball.position.add_keyframe(n / 2, Point(s * 0.75, s * 0.35))
    ball.position.add_keyframe(n, Point(s * 0.25, s * 0.5))
    g.add_shape(objects.Fill(Color(0.95, 0.4, 0.1)))
    g2 = layer.add_shape(objects.Group())
    box = g2.add_shape(objects.Rect())
    box.position.value = Point(s * 0.5, s * 0.75)
    box.size.value = Point(s * 0.5, s * 0.12)
    fill = g2.add_shape(objects.Fill(Color(0.2, 0.5, 0.9)))
    fill.opacity.add_keyframe(0, 100)
    fill.opacity.add_keyframe(n, 40)

out = sys.argv[1]
tgs = animation(512, 60, 120, bouncing)
with gzip.GzipFile(out + "/sticker.tgs", "wb", mtime=0) as f:
    f.write(json.dumps(tgs.to_dict()).encode())
small = animation(100, 30, 30, bouncing)
with open(out + "/small-canvas.json", "w") as f:
    json.dump(small.to_dict(), f)
PY
sf_say "wrote $(ls "$out" | wc -l) stickers into $out"
