#!/usr/bin/env bash
# Decode throughput: StickerForge's decoders (in process, `stickerforge bench-decode`) against the
# plain C-library decode loop of the same files (Scripts/bench/decode_floor.c: libpng, giflib,
# libjpeg-turbo; APNG frames decoded one by one, no compositing, no validation).
# Two file sets, timed separately because they tell different stories:
#   corpus    the PngSuite valid files (../shared/corpus/pngsuite/png, names not starting with x)
#             plus every image under Samples/: mostly 32x32 test images, so per-file overhead shows
#   stickers  sticker-sized work: a generated 24-frame 408x408 soft-edged APNG written by our
#             encoder (`assemble --effort fast`) and the same frames by ffmpeg (full frames, RGBA),
#             four 408x408 RGBA stills (Pillow), and the sample pack's stills, GIF and JPEG
#   webp      the same 408x408 artwork as WebP (libwebp's floor: WebPDecodeRGBA, WebPAnimDecoder):
#             webp-stills, two frames as lossy (cwebp -q 80) and lossless stills; webp-anims, the
#             24 frames as a lossy and a lossless animation (img2webp, 83 ms a frame), against the
#             floor as is and (webp-anims-kept) a floor that keeps a copy of every canvas; dwebp's time
#             for the stills (a process per file, start-up included) is printed for reference
#   gifs      every generated GIF of the Chromium oracle corpus (.build-oracle/corpus, made by
#             Tests/Oracles/gen-oracle-corpus.py), when it exists: giflib-bound work, many small frames
# Usage: Scripts/bench/bench-decode.sh [ITERATIONS]   (default 20; best of 3 runs each)
# Environment: SKIP_BUILD=1 (reuse the release build), PER_FILE=1 (also time each file alone),
#   SETS="corpus stickers webp gifs" (the sets to time; default all),
#   SF_BIN=PATH (time another stickerforge binary, e.g. an older build, against the floor)
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift
iterations="${1:-20}"
sf="${SF_BIN:-$SF_ROOT/.build/release/stickerforge}"
sf_build_release
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/decode_floor" Scripts/bench/decode_floor.c -lpng16 -lgif -ljpeg -lz -lwebpdemux -lwebp
sets=" ${SETS:-corpus stickers webp gifs} "

corpus=()
if [[ -d ../shared/corpus/pngsuite/png ]]; then
    while IFS= read -r f; do corpus+=("$f"); done < <(ls ../shared/corpus/pngsuite/png/*.png | grep -v '/x' | sort)
else
    sf_warn "PngSuite not found at ../shared/corpus/pngsuite/png; the corpus set has only the samples"
fi
while IFS= read -r f; do corpus+=("$f"); done < <(find Samples -type f \( -name '*.png' -o -name '*.gif' -o -name '*.jpg' \) | sort)

python3 Scripts/bench/gen-bench-anim.py "$work/anim" 24 408
rm -f "$work/anim"/*.rgba
"$sf" assemble "$work/anim" --fps 12 --effort fast --output "$work/anim-ours.png" >/dev/null
ffmpeg -y -loglevel error -framerate 12 -i "$work/anim/frame_%02d.png" -f apng -plays 0 "$work/anim-ffmpeg.png"
stickers=("$work/anim-ours.png" "$work/anim-ffmpeg.png")
for k in 00 06 12 18; do stickers+=("$work/anim/frame_$k.png"); done
while IFS= read -r f; do stickers+=("$f"); done < <(find Samples/StarterPack -maxdepth 1 -type f \( -name '*.png' -o -name '*.gif' -o -name '*.jpg' \) | sort)

# best CMD...: "wall cpu" of the best of 3 runs (sf_best3 in lib.sh); wall is the command's own
# timer (decoding only), cpu is user+sys of the whole process.
best() { sf_best3 "$work/.cpu" "$@"; }

# compare NAME ITERATIONS FILE...: one table row.
compare() {
    local name="$1" n="$2"; shift 2
    local load c ours
    load=$(cut -d' ' -f1 /proc/loadavg)
    c=$(best "$work/decode_floor" "$n" "$@")
    ours=$(best "$sf" bench-decode --iterations "$n" "$@")
    awk -v n="$name" -v f="$#" -v i="$n" -v c="$c" -v o="$ours" -v l="$load" 'BEGIN {
        split(c, a, " "); split(o, b, " ");
        printf "%-20s %6d %5d %9.4f %9.4f %6.2fx %7.2f %7.2f %6.2fx %6s\n", n, f, i, a[1], b[1], b[1] / a[1], a[2], b[2], b[2] / a[2], l }'
}

printf '%-20s %6s %5s %9s %9s %7s %7s %7s %7s %6s\n' "set" "files" "iter" "C wall" "ours wall" "ratio" "C cpu" "ours cpu" "ratio" "load1"
[[ "$sets" == *" corpus "* ]] && compare corpus "$iterations" "${corpus[@]}"
[[ "$sets" == *" stickers "* ]] && compare stickers "$iterations" "${stickers[@]}"
if [[ "$sets" == *" webp "* ]]; then
    webp_stills=()
    for k in 00 12; do
        cwebp -quiet -q 80 "$work/anim/frame_$k.png" -o "$work/still-lossy-$k.webp"
        cwebp -quiet -lossless "$work/anim/frame_$k.png" -o "$work/still-lossless-$k.webp"
        webp_stills+=("$work/still-lossy-$k.webp" "$work/still-lossless-$k.webp")
    done
    args=(); for f in "$work"/anim/frame_*.png; do args+=(-d 83 "$f"); done
    img2webp -loop 0 -lossy -q 80 "${args[@]}" -o "$work/anim-lossy.webp" >/dev/null 2>&1
    img2webp -loop 0 -lossless "${args[@]}" -o "$work/anim-lossless.webp" >/dev/null 2>&1
    compare webp-stills "$iterations" "${webp_stills[@]}"
    compare webp-anims "$iterations" "$work/anim-lossy.webp" "$work/anim-lossless.webp"
    KEEP_FRAMES=1 compare webp-anims-kept "$iterations" "$work/anim-lossy.webp" "$work/anim-lossless.webp"
    start=$(date +%s.%N)
    for _ in $(seq "$iterations"); do for f in "${webp_stills[@]}"; do dwebp -quiet "$f" -pam -o /dev/null; done; done
    echo "dwebp, a process per still (start-up included): $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN{printf "%.4f", b - a}') s wall for webp-stills"
fi
if [[ "$sets" == *" gifs "* && -d .build-oracle/corpus ]]; then
    gifs=()
    while IFS= read -r f; do gifs+=("$f"); done < <(find .build-oracle/corpus -name '*.gif' -not -path '*/special/*' | sort)
    compare gifs "$iterations" "${gifs[@]}"
fi
if [[ -n "${PER_FILE:-}" ]]; then
    for f in "${stickers[@]}"; do compare "$(basename "$f")" "$iterations" "$f"; done
fi
echo "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
