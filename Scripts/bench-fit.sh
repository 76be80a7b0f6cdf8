#!/usr/bin/env bash
# Fit benchmark: generated oversize animations fitted under 500,000 bytes by StickerFitter, against
# the reference pipeline (one pngquant palette for all frames, no dithering, then apngasm, then apngopt) at the
# largest palette whose output is no bigger than ours. Both are measured with CompositedSSIM.
# Usage: Scripts/bench-fit.sh [WORKDIR]   (needs python3 + Pillow, pngquant, apngasm, apngopt)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-/tmp/stickerforge-fit-bench}"
for tool in pngquant apngasm apngopt python3; do
    command -v "$tool" >/dev/null || { echo "missing $tool (apt-get install -y $tool)" >&2; exit 1; }
done
if [ ! -d "$work/photo-like" ]; then
    python3 "$root/Scripts/gen-fit-anims.py" "$work"
fi
cd "$root"
# Release build with testability, in its own scratch folder so it never fights the debug build.
STICKERFORGE_FIT_BENCH="$work" swift test -c release -Xswiftc -enable-testing \
    --scratch-path "${SCRATCH:-$root/.build-release}" --filter FitBenchmarkTests
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
column -t -s $'\t' "$work/results.tsv"
