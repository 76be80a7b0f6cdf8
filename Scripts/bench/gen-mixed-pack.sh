#!/usr/bin/env bash
# Makes the mixed 8-sticker pack of the five-store comparison (docs/benchmarks.md, "A mixed pack to
# five stores") from public files, without its stickerforge.yml (bench-platforms.sh writes one):
#   headphones.png gamepad.png webcam.png  three of the Adwaita icon theme's 512 px icons (CC BY-SA 3.0,
#                                          GNOME Project; Debian's adwaita-icon-theme), as they are
#   ringing.gif                            the Adwaita phone icon at 320 px, rocking in 10 frames of 80 ms
#                                          (Pillow's GIF writer: a palette, 1-bit transparency)
#   tg-video.webm tiny-anim.webp sticker.tgs  from gen-foreign-stickers.sh (a Telegram video sticker,
#                                          an animated WebP, a Telegram animated sticker)
#   confetti.json                          the Lottie confetti fixture (Tests/ImageCodecTests/Fixtures/Lottie)
# Usage: Scripts/bench/gen-mixed-pack.sh OUT_DIR   (then: Scripts/bench/bench-platforms.sh WORK with
# WORK/all = OUT_DIR)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
out="${1:?usage: gen-mixed-pack.sh OUT_DIR}"
icons=/usr/share/icons/Adwaita/512x512/devices
[ -d "$icons" ] || sf_die "$icons is missing: apt-get install adwaita-icon-theme"
/usr/bin/python3 -c "import PIL" 2>/dev/null || sf_die "Pillow is needed for /usr/bin/python3 (apt-get install python3-pil)"
mkdir -p "$out"
cp "$icons/audio-headphones.png" "$out/headphones.png"
cp "$icons/input-gaming.png" "$out/gamepad.png"
cp "$icons/camera-web.png" "$out/webcam.png"
/usr/bin/python3 - "$icons/phone.png" "$out/ringing.gif" <<'PY'
import sys
from PIL import Image
icon = Image.open(sys.argv[1]).convert("RGBA").resize((320, 320))
angles = [-12 + i * 2.6 for i in range(5)] + [12 - i * 4.8 for i in range(5)]
frames = [icon.rotate(a, resample=Image.BICUBIC) for a in angles]
frames[0].save(sys.argv[2], save_all=True, append_images=frames[1:], duration=80, loop=0, disposal=2,
               transparency=0, optimize=False)
PY
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$SF_ROOT/Scripts/bench/gen-foreign-stickers.sh" "$tmp" >/dev/null
cp "$tmp/tg-video.webm" "$tmp/tiny-anim.webp" "$tmp/sticker.tgs" "$out/"
cp "$SF_ROOT/Tests/ImageCodecTests/Fixtures/Lottie/confetti.json" "$out/"
sf_say "wrote 8 stickers into $out"
