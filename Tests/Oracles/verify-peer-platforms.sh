#!/usr/bin/env bash
# sticker-convert's store presets judged twice (issue 23): by Tests/Oracles/verify-platforms.py (the
# independent validator, --files-only: the peer writes no store metadata offline; its
# `--export-whatsapp` needs the network) and by `stickerforge check --platform P` (with a
# stickerforge.yml giving the name, publisher and one emoji per sticker the peer was given; no tray).
# Inputs, made here with Pillow, cwebp, img2webp, ffmpeg and python-lottie: 4 transparent stills
# (600x560: two PNG, two WebP) and 4 animations (480x480: img2webp WebP 12x80 ms, ffmpeg GIF at
# 12 fps, ffmpeg APNG at 10 fps, a python-lottie 512x512 2 s Lottie at 30 fps).
# Prints, per preset, the peer's wall and CPU time, one line per output file and both verdicts.
# Needs: sticker-convert (pip, for this check only), cwebp, img2webp, ffmpeg, ffprobe, PyPI lottie.
# Usage: Tests/Oracles/verify-peer-platforms.sh [WORK_DIR]   (SKIP_BUILD=1: use the built debug binary)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../Scripts/lib.sh"
work="${1:-/tmp/verify-peer-platforms}"
command -v sticker-convert >/dev/null || sf_die "sticker-convert is needed (pip install sticker-convert)"
if [ -z "${SKIP_BUILD:-}" ]; then sf_require_swift; swift build --product stickerforge >&2; fi
bin="$SF_ROOT/.build/debug/stickerforge"
mkdir -p "$work/frames" "$work/in-still" "$work/in-anim"
python3 - "$work" <<'PY'
import math, sys
from PIL import Image, ImageDraw
work = sys.argv[1]
for i in range(4):
    im = Image.new("RGBA", (600, 560), (0, 0, 0, 0))
    ImageDraw.Draw(im).ellipse((40 + i * 10, 40, 560 - i * 10, 520), fill=(220, 60 + 40 * i, 40, 255),
                                outline=(20, 20, 20, 255), width=12)
    im.save(f"{work}/frames/still{i}.png")
for f in range(12):
    im = Image.new("RGBA", (480, 480), (0, 0, 0, 0))
    r = 120 + 80 * math.sin(f / 12 * 2 * math.pi)
    ImageDraw.Draw(im).ellipse((240 - r, 240 - r, 240 + r, 240 + r), fill=(40, 120, 230, 255), outline=(0, 0, 0, 255), width=8)
    im.save(f"{work}/frames/f{f:02d}.png")
from lottie import objects, Point, Color
from lottie.exporters.core import export_lottie
an = objects.Animation(60); an.width = an.height = 512; an.frame_rate = 30
g = an.add_layer(objects.ShapeLayer()).add_shape(objects.Group())
e = g.add_shape(objects.Ellipse()); e.position.value = Point(256, 256)
for t, s in ((0, 100), (30, 400), (60, 100)): e.size.add_keyframe(t, Point(s, s))
g.add_shape(objects.Fill(Color(0.9, 0.4, 0.1)))
export_lottie(an, f"{work}/in-anim/a3.json")
PY
cp "$work/frames/still0.png" "$work/in-still/s0.png"; cp "$work/frames/still1.png" "$work/in-still/s1.png"
cwebp -quiet -q 80 "$work/frames/still2.png" -o "$work/in-still/s2.webp"
cwebp -quiet -q 80 "$work/frames/still3.png" -o "$work/in-still/s3.webp"
img2webp -loop 0 -d 80 -lossy -q 70 "$work"/frames/f*.png -o "$work/in-anim/a0.webp" >/dev/null 2>&1
ffmpeg -loglevel error -y -framerate 12 -i "$work/frames/f%02d.png" \
    -filter_complex "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse" "$work/in-anim/a1.gif"
ffmpeg -loglevel error -y -framerate 10 -i "$work/frames/f%02d.png" -plays 0 -f apng "$work/in-anim/a2.png"
sf_say "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for kind in still anim; do
    for p in whatsapp telegram signal line discord; do
        out="$work/peer-$kind-$p"; rm -rf "$out"; mkdir -p "$out"
        /usr/bin/time -o "$out.time" -f "%e %U %S %M" sticker-convert --no-confirm --no-progress --processes 1 \
            --input-dir "$work/in-$kind" --output-dir "$out" --preset "$p" --title "Test pack" --author Tester \
            --default-emoji "😀" >"$out.log" 2>&1 || true
        read -r e u s m <"$out.time"
        echo "## $kind, --preset $p: wall $e s, CPU $(echo "$u + $s" | bc) s, peak RSS $((m / 1024)) MB"
        python3 Tests/Oracles/verify-platforms.py "$out" --platform "$p" --files-only --list 2>&1 | sed 's/^/  /' || true
        { echo "name: Test pack"; echo "publisher: Tester"; echo "emojis:"
          for f in "$out"/*; do n="$(basename "$f")"; [ "$n" = stickerforge.yml ] || echo "  \"${n%.*}\": [\"😀\"]"; done
        } >"$out/stickerforge.yml"
        "$bin" check "$out" --platform "$p" --no-color --quiet 2>&1 | grep -E "^ *(error|warning) |stickers?:" | sed 's/^ */  check: /' || true
    done
done
sf_say "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
