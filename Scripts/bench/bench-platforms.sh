#!/usr/bin/env bash
# One source pack to several sticker stores (issue 23): `stickerforge build --platform` and
# sticker-convert's presets (whatsapp, telegram, signal, line) side by side, in one run, on the
# foreign stickers of Scripts/bench/gen-foreign-stickers.sh (or the folder given). Prints per store and
# sticker bytes, frames kept, loop time, composited SSIM and butteraugli against the source at the
# output size, and SSIM and butteraugli at the source's size (Scripts/bench/bench-platforms.py), each side's wall time, CPU time (user+sys) and peak
# memory per store, and what `check --platform` and Tests/Oracles/verify-platforms.py (when present) say
# about both sides' outputs. The machine may be shared: CPU time is the steadier figure.
# Needs what bench-foreign.sh needs, and sticker-convert (`pip install sticker-convert`, for this
# benchmark only). sticker-convert takes minutes per animated sticker: STICKERS="a.webp b.tgs"
# limits the run to some of the sources; STORES="whatsapp signal" to some stores.
# Usage: Scripts/bench/bench-platforms.sh [WORK_DIR]   (SKIP_BUILD=1: use the built release binary;
# MEASURE_JOBS=N: measure N stores' outputs at once;
# BIN=/path/to/stickerforge: time that binary instead, with its stickerforge-lottie beside it)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
work="${1:-/tmp/bench-platforms}"
stores="${STORES:-whatsapp telegram signal line}"
command -v sticker-convert >/dev/null || sf_die "sticker-convert is needed for the comparison (pip install sticker-convert)"
if [ -z "${SKIP_BUILD:-}" ] && [ -z "${BIN:-}" ]; then sf_require_swift; swift build -c release --product stickerforge >&2; fi
bin="${BIN:-$SF_ROOT/.build/release/stickerforge}"
[ -x "$bin" ] || sf_die "no stickerforge binary at $bin (build it, or set BIN=)"
[ -d "$work/all" ] || Scripts/bench/gen-foreign-stickers.sh "$work/all"
rm -rf "$work/in" "$work/ours" "$work/peer"; mkdir -p "$work/in" "$work/peer"
for f in ${STICKERS:-$(ls "$work/all")}; do cp "$work/all/$f" "$work/in/"; done
# Emoji for the stores that need them (never made up by either tool: given here).
{ echo "name: Bench"; echo "author: Bench"; echo "emojis:"
  for f in "$work/in"/*; do n=$(basename "$f"); [ "$n" = stickerforge.yml ] || echo "  ${n%.*}: \"😀\""; done
} >"$work/in/stickerforge.yml"
sf_say "binary: $bin"
sf_say "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for store in $stores; do
    /usr/bin/time -o "$work/ours-$store.time" -f "%e %U %S %M" "$bin" build "$work/in" --platform "$store" \
        --output "$work/ours" --quiet --format json >"$work/ours-$store.json" || true
    mkdir -p "$work/peer/$store"
    /usr/bin/time -o "$work/peer-$store.time" -f "%e %U %S %M" sticker-convert --no-confirm --no-progress \
        --input-dir "$work/in" --output-dir "$work/peer/$store" --preset "$store" --title Bench --author Bench \
        >"$work/peer-$store.log" 2>&1 || true
    sf_say "load after $store: $(cut -d' ' -f1-3 /proc/loadavg)"
done
sf_say "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
# Measuring is single-threaded and slow on videos: MEASURE_JOBS=N measures N stores at once (the
# same script per store, printed in the stores' order).
if [ "${MEASURE_JOBS:-1}" -gt 1 ]; then
    for store in $stores; do
        while [ "$(jobs -rp | wc -l)" -ge "$MEASURE_JOBS" ]; do wait -n; done
        python3 Scripts/bench/bench-platforms.py "$work/in" "$work/ours" "$work/peer" "$store" >"$work/measure-$store.md" &
    done
    wait
    for store in $stores; do cat "$work/measure-$store.md"; done
else
    python3 Scripts/bench/bench-platforms.py "$work/in" "$work/ours" "$work/peer" $stores
fi
echo
echo "| store | side | wall s | CPU s (user+sys) | peak RSS MB |"
echo "|---|---|---|---|---|"
for store in $stores; do
    for side in ours peer; do
        # GNU time puts "Command exited with non-zero status N" first when the build reports errors.
        read -r e u s m < <(tail -n 1 "$work/$side-$store.time")
        awk -v st="$store" -v n="$side" -v e="$e" -v u="$u" -v s="$s" -v m="$m" \
            'BEGIN { printf "| %s | %s | %.1f | %.1f | %.0f |\n", st, n, e, u + s, m / 1024 }'
    done
done
echo
for store in $stores; do
    # sticker-convert writes no emoji or tray: judge its files with the same emoji and no tray rule.
    cp "$work/in/stickerforge.yml" "$work/peer/$store/"
    echo "check --platform $store: ours: $("$bin" check "$work/ours/$store" --platform "$store" --quiet | tail -1);" \
         "sticker-convert: $("$bin" check "$work/peer/$store" --platform "$store" --rule tray_icon=off --quiet | tail -1)"
    verify="$SF_ROOT/Tests/Oracles/verify-platforms.py"
    if [ -f "$verify" ]; then
        echo "verify-platforms.py $store: ours: $(python3 "$verify" "$work/ours/$store" | wc -l) problems;" \
             "sticker-convert (files only): $(python3 "$verify" "$work/peer/$store" --platform "$store" --files-only | wc -l) problems"
    fi
done
