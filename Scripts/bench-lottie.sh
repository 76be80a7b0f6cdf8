#!/usr/bin/env bash
# Lottie decode: StickerForge (`stickerforge bench-decode`: validate, send the JSON to the batch's
# stickerforge-lottie helper (one for the run, its CPU included), read each frame from shared memory
# into a PixelBuffer of its own, un-premultiplied in that copy, every frame kept) against the plain
# rlottie loop (Scripts/bench/lottie_floor.c: load and render every frame into one buffer, in one
# process, nothing else), on the same files, rendering the same frames at the same size, in one run.
# Files: three Telegram-sized animations (512x512, 60 fps, 180 frames, a dozen moving shapes;
# `gen-lottie-fixtures.py --bench`) and the test fixtures shapes.json, wide.json, fractional.json.
# Two sizes: the canvas (`frames`, `inspect`) and a 408 px box (`build` for a regular grid).
# Usage: Scripts/bench-lottie.sh [ITERATIONS]   (default 5; best of 3 runs each)
# Environment: SKIP_BUILD=1 (reuse the release build)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
sf_require_swift
iterations="${1:-5}"
sf="$SF_ROOT/.build/release/stickerforge"
sf_build_release
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/lottie_floor" Scripts/bench/lottie_floor.c -lrlottie
python3 Scripts/gen-lottie-fixtures.py --bench "$work/files"
files=("$work"/files/*.json Tests/ImageCodecTests/Fixtures/Lottie/{shapes,wide,fractional}.json)

# best CMD...: "wall cpu" of the best of 3 runs (sf_best3). wall: the command's own timer (for ours
# it includes spawning the helper and moving every frame through the socket); cpu: user+sys of the
# process and its waited-for children (the helpers), meaningful when the machine is loaded.
best() { sf_best3 "$work/.cpu" "$@"; }

printf '%-10s %6s %5s %9s %9s %7s %7s %7s %7s %6s\n' "size" "files" "iter" "C wall" "ours wall" "ratio" "C cpu" "ours cpu" "ratio" "load1"
for box in 0 408; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    c=$(best "$work/lottie_floor" "$iterations" "$box" "${files[@]}")
    if [[ "$box" = 0 ]]; then ours=$(best "$sf" bench-decode --iterations "$iterations" "${files[@]}")
    else ours=$(best "$sf" bench-decode --iterations "$iterations" --fit-box "$box" "${files[@]}"); fi
    awk -v n="$([[ $box = 0 ]] && echo canvas || echo "box $box")" -v f="${#files[@]}" -v i="$iterations" \
        -v c="$c" -v o="$ours" -v l="$load" 'BEGIN {
        split(c, a, " "); split(o, b, " ");
        printf "%-10s %6d %5d %9.4f %9.4f %6.2fx %7.2f %7.2f %6.2fx %6s\n", n, f, i, a[1], b[1], b[1] / a[1], a[2], b[2], b[2] / a[2], l }'
done
echo "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
