#!/usr/bin/env bash
# Encoder benchmark: our PNG/APNG encoder at fast/default/max against apngasm (-z0, default, -z2)
# and ffmpeg, on a generated 24-frame 408x408 soft-edged animation at 12 fps.
#
# Usage: Scripts/bench-encoder.sh [WORK_DIR]
# Environment:
#   EFFORTS=fast,default,max   our efforts to run (max takes minutes on 2 cores)
#   SKIP_Z2=1                  skip apngasm -z2 (about 2-5 minutes)
#   SKIP_BUILD=1               reuse an existing release test build
#   ENCODER_CMD="cmd"          use an external encoder instead of the XCTest driver; called as
#                              `cmd FRAMES_DIR OUT.png EFFORT` (e.g. a future `stickerforge assemble`)
# Every output of ours is decoded back with Pillow (Scripts/crosscheck-encoder.py) and must match.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d /tmp/stickerforge-bench.XXXXXX)}"
frames="$work/frames"
out="$work/out"
efforts="${EFFORTS:-fast,default,max}"
mkdir -p "$out"

echo "== generating frames in $frames"
python3 "$root/Scripts/gen-bench-anim.py" "$frames" 24 408

results="$out/results.txt"
: > "$results"
# Runs a command, appending "name bytes wall-seconds cpu-seconds" for the file it writes.
measure() {
    local name="$1" file="$2"; shift 2
    local timing="$out/.time"
    /usr/bin/time -o "$timing" -f "%e %U %S" "$@" >/dev/null 2>&1
    local wall cpu
    wall=$(awk '{print $1}' "$timing")
    cpu=$(awk '{printf "%.2f", $2 + $3}' "$timing")
    echo "$name $(stat -c %s "$file") $wall $cpu" | tee -a "$results"
}

echo "== ours ($efforts)"
if [[ -n "${ENCODER_CMD:-}" ]]; then
    for effort in ${efforts//,/ }; do
        measure "ours-$effort" "$out/ours-$effort.png" $ENCODER_CMD "$frames" "$out/ours-$effort.png" "$effort"
    done
else
    cd "$root"
    if [[ -z "${SKIP_BUILD:-}" ]]; then swift build -c release --build-tests >/dev/null; fi
    # The XCTest driver prints "BENCH effort bytes wall cpu"; it times the encode only (no startup).
    STICKERFORGE_BENCH=1 STICKERFORGE_BENCH_FRAMES="$frames" STICKERFORGE_BENCH_OUT="$out" \
        STICKERFORGE_BENCH_EFFORTS="$efforts" \
        swift test -c release --skip-build --filter PNGEncoderBenchmarkTests 2>&1 \
        | grep '^BENCH' | tee "$out/ours.log" \
        | awk '{print "ours-" $2, $3, $4, $5}' | tee -a "$results"
fi
for effort in ${efforts//,/ }; do
    python3 "$root/Scripts/crosscheck-encoder.py" "$out/ours-$effort.png" "$frames" --delay-ms 83.333
done

echo "== apngasm (run from the frames folder with relative names)"
cd "$frames"
measure apngasm-z0 "$out/apngasm-z0.png" apngasm "$out/apngasm-z0.png" frame_*.png 1 12 -z0
measure apngasm-default "$out/apngasm-default.png" apngasm "$out/apngasm-default.png" frame_*.png 1 12
if [[ -z "${SKIP_Z2:-}" ]]; then
    measure apngasm-z2 "$out/apngasm-z2.png" apngasm "$out/apngasm-z2.png" frame_*.png 1 12 -z2
fi

echo "== ffmpeg"
measure ffmpeg "$out/ffmpeg.png" ffmpeg -y -loglevel error -framerate 12 -i frame_%02d.png -f apng -plays 0 "$out/ffmpeg.png"

echo
echo "== results (name bytes wall-s cpu-s; load average: $(cut -d' ' -f1-3 /proc/loadavg))"
column -t "$results"
