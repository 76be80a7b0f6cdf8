#!/usr/bin/env bash
# Other platforms' stickers to an iMessage pack (issue 19): `stickerforge build --fit --lossy` and
# sticker-convert (`--preset imessage_large`) side by side on the same folder, in one run.
# Prints per sticker bytes, frames kept and loop time against the source, longest hold, composited
# SSIM over black and white (and its worst 5% of frames) and butteraugli against a reference decode
# at the output size (Scripts/bench/bench-foreign.py), then each side's wall time, CPU time (user+sys)
# and peak memory. The machine may be shared: CPU time is the steadier figure.
# Needs: ffmpeg (libvpx-vp9), img2webp, cwebp, butteraugli, PyPI lottie, rlottie-python, numpy,
# Pillow, and sticker-convert (`pip install sticker-convert`, for this benchmark only).
# Usage: Scripts/bench/bench-foreign.sh [WORK_DIR]   (SKIP_BUILD=1: use the built release binary;
#   SKIP_PEER=1: keep WORK_DIR/peer and peer.time from an earlier run of the peer on the same WORK_DIR/in;
#   FILL_CELL=1: also our build with --fill-cell, which fills the 618 px cell as the peer's preset does)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
work="${1:-/tmp/bench-foreign}"
command -v sticker-convert >/dev/null || sf_die "sticker-convert is needed for the comparison (pip install sticker-convert)"
if [ -z "${SKIP_BUILD:-}" ]; then sf_require_swift; swift build -c release --product stickerforge >&2; fi
bin="$SF_ROOT/.build/release/stickerforge"
[ -d "$work/in" ] || Scripts/bench/gen-foreign-stickers.sh "$work/in"
rm -rf "$work/ours" "$work/ours-fill"
if [ -z "${SKIP_PEER:-}" ]; then rm -rf "$work/peer"; mkdir -p "$work/peer"; fi
sf_say "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -o "$work/ours.time" -f "%e %U %S %M" "$bin" build "$work/in" --output "$work/ours" --grid-size large \
    --fit --lossy --quiet --format json >"$work/ours.json" || true
[ -z "${FILL_CELL:-}" ] || /usr/bin/time -o "$work/ours-fill.time" -f "%e %U %S %M" "$bin" build "$work/in" --output "$work/ours-fill" \
    --grid-size large --fit --lossy --fill-cell --quiet --format json >"$work/ours-fill.json" || true
[ -n "${SKIP_PEER:-}" ] || /usr/bin/time -o "$work/peer.time" -f "%e %U %S %M" sticker-convert --no-confirm --no-progress --input-dir "$work/in" \
    --output-dir "$work/peer" --preset imessage_large --export-imessage --title Bench --author Bench >"$work/peer.log" 2>&1 || true
sf_say "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 Scripts/bench/bench-foreign.py "$work/in" "$work/ours" "$work/peer" ${FILL_CELL:+"$work/ours-fill"}
echo
echo "| side | wall s | CPU s (user+sys) | peak RSS MB |"
echo "|---|---|---|---|"
for side in ours ${FILL_CELL:+ours-fill} peer; do
    read -r e u s m <"$work/$side.time"
    awk -v n="$side" -v e="$e" -v u="$u" -v s="$s" -v m="$m" 'BEGIN { printf "| %s | %.1f | %.1f | %.0f |\n", n, e, u + s, m / 1024 }'
done
# check on what our builds wrote
for out in ours ${FILL_CELL:+ours-fill}; do "$bin" check "$work/$out/Stickers.xcstickers" --quiet --format text | tail -3 || true; done
