#!/usr/bin/env bash
# Lottie decode: StickerForge (`stickerforge bench-decode`: validate, send the JSON to the batch's
# stickerforge-lottie helper (one for the run, its CPU included), read each frame from shared memory
# into a PixelBuffer of its own, un-premultiplied in that copy, every frame kept; "streamed":
# `bench-decode --frame-at-a-time`, each frame copied into one reused buffer and lent to a visitor
# that does nothing with it) against the plain
# rlottie loop (Scripts/bench/lottie_floor.c: load and render every frame into one buffer, in one
# process, nothing else; "C kept": the same loop rendering each frame into a buffer of its own, kept
# until the file's last frame, the floor of a decode that keeps every frame), on the same files,
# rendering the same frames at the same size, in one run. Ratios: ours kept against C kept, ours
# streamed against the plain loop.
# Files: three Telegram-sized animations (512x512, 60 fps, 180 frames, a dozen moving shapes;
# `gen-lottie-fixtures.py --bench`) and the test fixtures shapes.json, wide.json, fractional.json.
# Two sizes: the canvas (`frames`, `inspect`) and a 408 px box (`build` for a regular grid).
# Usage: Scripts/bench/bench-lottie.sh [--examples] [ITERATIONS]   (default 5; the median of ROUNDS alternated runs each)
# --examples: instead, four of rlottie's public example animations (Scripts/bench/lottie-examples/,
# 100 and 500 px, 26-60 frames), each canvas size a row of its own at that size, and all four in an
# 800 px box; only the frame-at-a-time path (`check`'s) against the plain loop, where per-frame
# overhead shows most. BASELINE adds "(before)" rows as above.
# Environment: SKIP_BUILD=1 (reuse the release build); ROUNDS=N (default 7); BASELINE=PATH: also
# time another build's stickerforge (its stickerforge-lottie beside it) in the same rounds, as
# "before" rows.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift
examples=""; if [[ "${1:-}" = --examples ]]; then examples=1; shift; fi
iterations="${1:-5}"
sf="$SF_ROOT/.build/release/stickerforge"
sf_build_release
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/lottie_floor" Scripts/bench/lottie_floor.c -lrlottie
# --examples also times the loop that un-premultiplies each frame as the helper does (same C, built
# by clang as SwiftPM builds it, for its vector loops).
if [[ -n "$examples" ]]; then
    clang -O2 -DSF_FLOOR_STRAIGHT -ISources/CStraightAlpha/include -o "$work/lottie_floor_straight" \
        Scripts/bench/lottie_floor.c Sources/CStraightAlpha/straight_alpha.c -lrlottie
fi
rounds="${ROUNDS:-7}"

if [[ -n "$examples" ]]; then
    ex=Scripts/bench/lottie-examples
    printf 'medians of %s alternated rounds, a frame at a time\n' "$rounds"
    printf '%-12s %5s %5s | %-19s %-19s %-19s | %-13s %-13s %6s\n' "canvas" "files" "iter" "C wall / cpu" "C+straight w / cpu" \
        "ours strm w / cpu" "strm/C w,cpu" "strm/C+s w,cpu" "load1"
    # One row a canvas size (box 0: each file at its own canvas), then all four fitted to 800 px;
    # each row ITERATIONS times a factor that gives the plain loop tens of milliseconds of work, so
    # per-frame and per-file costs show rather than process start-up (about 30 ms for ours).
    for group in "100:0:100:blendmode_color skew_repeater_x polystar_outer_radius_expr" \
                 "500:0:10:expression_stroke_controller_subset" \
                 "800 (box):800:2:blendmode_color skew_repeater_x polystar_outer_radius_expr expression_stroke_controller_subset"; do
        IFS=: read -r name box factor names <<< "$group"
        iter=$((iterations * factor))
        files=(); for n in $names; do files+=("$ex/$n.json"); done
        fit=(); [[ "$box" = 0 ]] || fit=(--fit-box "$box")
        load=$(cut -d' ' -f1 /proc/loadavg)
        rm -f "$work"/{c,cs,streamed,before_streamed}
        for ((round = 0; round < rounds; round++)); do
            sf_timed "$work" c "$work/lottie_floor" "$iter" "$box" "${files[@]}"
            sf_timed "$work" cs "$work/lottie_floor_straight" "$iter" "$box" --straight "${files[@]}"
            sf_timed "$work" streamed "$sf" bench-decode --frame-at-a-time --iterations "$iter" "${fit[@]}" "${files[@]}"
            [[ -z "${BASELINE:-}" ]] || sf_timed "$work" before_streamed "$BASELINE" bench-decode --frame-at-a-time --iterations "$iter" "${fit[@]}" "${files[@]}"
        done
        c=$(sf_median "$work" c); cs=$(sf_median "$work" cs)
        exrow() { awk -v n="$1" -v f="${#files[@]}" -v i="$iter" -v c="$c" -v k="$cs" -v s="$2" -v l="$load" 'BEGIN {
            split(c, a, " "); split(k, e, " "); split(s, d, " ");
            printf "%-12s %5d %5d | %8.4f / %7.3f %8.4f / %7.3f %8.4f / %7.3f | %5.2fx %5.2fx %5.2fx %5.2fx %6s\n", n, f, i,
                a[1], a[2], e[1], e[2], d[1], d[2], d[1] / a[1], d[2] / a[2], d[1] / e[1], d[2] / e[2], l }'; }
        exrow "$name" "$(sf_median "$work" streamed)"
        [[ -z "${BASELINE:-}" ]] || exrow "  (before)" "$(sf_median "$work" before_streamed)"
    done
    echo "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
    exit 0
fi

python3 Tests/ImageCodecTests/Fixtures/Lottie/gen-lottie-fixtures.py --bench "$work/files"
files=("$work"/files/*.json Tests/ImageCodecTests/Fixtures/Lottie/{shapes,wide,fractional}.json)

# Every command of a size runs once a round, in turn, for ROUNDS rounds (default 7), and each column
# is the median over the rounds (sf_timed, sf_median: best of 3 in a row moved the floor by half
# between two runs). wall: the command's own timer (for ours it includes spawning the helper and
# moving every frame through shared memory); cpu: user+sys of the process and its waited-for
# children (the helpers and rlottie's threads).
printf 'medians of %s alternated rounds\n' "$rounds"
printf '%-10s %6s %5s | %-21s %-21s %-21s %-21s | %-15s %-13s %6s\n' "size" "files" "iter" "C wall / cpu" "C kept wall / cpu" \
    "ours kept wall / cpu" "ours streamed w / cpu" "kept/Ckept w,cpu" "strm/C w,cpu" "load1"
for box in 0 408; do
    load=$(cut -d' ' -f1 /proc/loadavg)
    fit=(); [[ "$box" = 0 ]] || fit=(--fit-box "$box")
    rm -f "$work"/{c,ckept,ours,streamed,before,before_streamed}
    for ((round = 0; round < rounds; round++)); do
        sf_timed "$work" c "$work/lottie_floor" "$iterations" "$box" "${files[@]}"
        sf_timed "$work" ckept "$work/lottie_floor" "$iterations" "$box" --keep "${files[@]}"
        sf_timed "$work" ours "$sf" bench-decode --iterations "$iterations" "${fit[@]}" "${files[@]}"
        sf_timed "$work" streamed "$sf" bench-decode --frame-at-a-time --iterations "$iterations" "${fit[@]}" "${files[@]}"
        if [[ -n "${BASELINE:-}" ]]; then
            sf_timed "$work" before "$BASELINE" bench-decode --iterations "$iterations" "${fit[@]}" "${files[@]}"
            sf_timed "$work" before_streamed "$BASELINE" bench-decode --frame-at-a-time --iterations "$iterations" "${fit[@]}" "${files[@]}"
        fi
    done
    c=$(sf_median "$work" c); ckept=$(sf_median "$work" ckept)
    row() { awk -v n="$1" -v f="${#files[@]}" -v i="$iterations" \
        -v c="$c" -v k="$ckept" -v o="$2" -v s="$3" -v l="$load" 'BEGIN {
        split(c, a, " "); split(k, e, " "); split(o, b, " "); split(s, d, " ");
        printf "%-10s %6d %5d | %9.4f / %7.2f %9.4f / %7.2f %9.4f / %7.2f %9.4f / %7.2f | %6.2fx %6.2fx %5.2fx %5.2fx %6s\n", n, f, i,
            a[1], a[2], e[1], e[2], b[1], b[2], d[1], d[2], b[1] / e[1], b[2] / e[2], d[1] / a[1], d[2] / a[2], l }'; }
    name="$([[ $box = 0 ]] && echo canvas || echo "box $box")"
    row "$name" "$(sf_median "$work" ours)" "$(sf_median "$work" streamed)"
    [[ -z "${BASELINE:-}" ]] || row "(before)" "$(sf_median "$work" before)" "$(sf_median "$work" before_streamed)"
done
echo "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
