#!/usr/bin/env bash
# WebP decode throughput: StickerForge's WebPDecoder (in process, `stickerforge bench-decode`) against
# the plain libwebp loop on the same files in the same run (Scripts/bench/webp_floor.c: WebPDecodeRGBA
# for stills, WebPAnimDecoder for animations), and `dwebp` (one process per still, start-up included)
# for reference. Sticker-sized inputs, made here from the encoder benchmark's 408x408 animation
# (Scripts/gen-bench-anim.py, 24 frames): four stills (lossy and lossless, with alpha) and the
# 24 frames as a lossy and a lossless animated WebP (img2webp, 83 ms a frame).
# Usage: Scripts/bench-foreign.sh [ITERATIONS]   (default 10; best of 3 runs each)
# Environment: SKIP_BUILD=1 (reuse the release build). The machine may be shared: the script prints
# the load, and the CPU-time columns are the ones to compare when it is loaded.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
sf_require_swift
iterations="${1:-10}"
sf="$SF_ROOT/.build/release/stickerforge"
if [[ -z "${SKIP_BUILD:-}" ]]; then
    Scripts/setup.sh
    swift build -c release --product stickerforge >/dev/null
fi
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/webp_floor" Scripts/bench/webp_floor.c -lwebpdemux -lwebp

python3 Scripts/gen-bench-anim.py "$work/anim" 24 408 >/dev/null
stills=()
for k in 00 12; do
    cwebp -quiet -q 80 "$work/anim/frame_$k.png" -o "$work/still-lossy-$k.webp"
    cwebp -quiet -lossless "$work/anim/frame_$k.png" -o "$work/still-lossless-$k.webp"
    stills+=("$work/still-lossy-$k.webp" "$work/still-lossless-$k.webp")
done
frames=(); for f in "$work"/anim/frame_*.png; do frames+=(-d 83 "$f"); done
img2webp -loop 0 -lossy -q 80 "${frames[@]}" -o "$work/anim-lossy.webp" >/dev/null 2>&1
img2webp -loop 0 -lossless "${frames[@]}" -o "$work/anim-lossless.webp" >/dev/null 2>&1
anims=("$work/anim-lossy.webp" "$work/anim-lossless.webp")

best() {   # "wall cpu": best of 3 runs of a command printing "<seconds> seconds, ..."
    local b="" c=""
    for _ in 1 2 3; do
        local s; s=$(/usr/bin/time -o "$work/.cpu" -f "%U %S" "$@" | awk '{print $1}')
        local u; u=$(awk '{printf "%.2f", $1 + $2}' "$work/.cpu")
        if [[ -z "$b" ]] || awk -v a="$s" -v b="$b" 'BEGIN{exit !(a<b)}'; then b="$s"; fi
        if [[ -z "$c" ]] || awk -v a="$u" -v b="$c" 'BEGIN{exit !(a<b)}'; then c="$u"; fi
    done
    echo "$b $c"
}

compare() {   # NAME ITERATIONS FILE...: one row, libwebp loop against ours
    local name="$1" n="$2"; shift 2
    local load c ours
    load=$(cut -d' ' -f1 /proc/loadavg)
    c=$(best "$work/webp_floor" "$n" "$@")
    ours=$(best "$sf" bench-decode --iterations "$n" "$@")
    awk -v n="$name" -v f="$#" -v i="$n" -v c="$c" -v o="$ours" -v l="$load" 'BEGIN {
        split(c, a, " "); split(o, b, " ");
        printf "%-16s %6d %5d %9.4f %9.4f %6.2fx %7.2f %7.2f %6.2fx %6s\n", n, f, i, a[1], b[1], b[1] / a[1], a[2], b[2], b[2] / a[2], l }'
}

printf '%-16s %6s %5s %9s %9s %7s %7s %7s %7s %6s\n' "set" "files" "iter" "C wall" "ours wall" "ratio" "C cpu" "ours cpu" "ratio" "load1"
compare stills "$iterations" "${stills[@]}"
compare animations "$iterations" "${anims[@]}"
compare anim-lossy "$iterations" "${anims[0]}"
compare anim-lossless "$iterations" "${anims[1]}"
start=$(date +%s.%N)
for _ in $(seq "$iterations"); do for f in "${stills[@]}"; do dwebp -quiet "$f" -pam -o /dev/null; done; done
echo "dwebp (a process per still, start-up included): $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN{printf "%.4f", b - a}') s for the stills set"
echo "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
