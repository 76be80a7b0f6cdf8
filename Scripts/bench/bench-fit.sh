#!/usr/bin/env bash
# Fit benchmark, measured as a new user would: `stickerforge assemble DIR --output OUT --fps 12 --fit
# --lossy` on generated oversize animations (Scripts/bench/gen-fit-anims.py: soft gradients, line art,
# photo-like noise, transparent edges, each at 408 and 618 px), beside, in the same run and on the
# same frames: apngasm's plain lossless assembly (default settings; a fit must not take longer) and
# the pngquant + apngasm + apngopt reference at the largest palette no bigger than ours
# (Scripts/bench/fit-bench.py says exactly how). Prints one row per animation and size: our bytes,
# SSIM, size, candidates, wall and CPU seconds; apngasm's wall and CPU seconds; the reference's
# colours, bytes, SSIM and one pass's seconds; the load average.
#
# Usage: Scripts/bench/bench-fit.sh [WORKDIR]   (needs python3 + numpy + Pillow, pngquant, apngasm, apngopt)
# Environment:
#   SIZES=408,618          sizes to generate and run
#   KINDS=soft-gradients,line-art,photo-like,transparent-edges
#   NEAR=transparent-edges-408   also fitted with --max-bytes 5% under its lossless size ('' = skip)
#   FIT_ARGS="--time-budget 5"   extra arguments for our assemble
#   SKIP_BUILD=1           reuse the existing release build of stickerforge
#   SKIP_REF=1             times only (ours and apngasm's plain assembly), no reference pipeline
#   SWIFT_BUILD="swift build"    the build command (e.g. a wrapper that serialises builds)
# Timing on a shared machine is noisy: compare the columns of one run, and read the load column.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift
work="${1:-/tmp/stickerforge-fit-bench}"
sizes="${SIZES:-408,618}"
kinds="${KINDS:-soft-gradients,line-art,photo-like,transparent-edges}"
for tool in pngquant apngasm apngopt python3; do
    command -v "$tool" >/dev/null || sf_die "missing $tool (apt-get install -y $tool)"
done
python3 -c 'import numpy, PIL' 2>/dev/null || sf_die "missing numpy or Pillow (pip install numpy Pillow)"
sf="$SF_ROOT/.build/release/stickerforge"
sf_build_release
[[ -x "$sf" ]] || sf_die "$sf not found; build it with: swift build -c release --product stickerforge"
mkdir -p "$work"
python3 "$SF_ROOT/Scripts/bench/gen-fit-anims.py" "$work" "$sizes"
names=()
for size in ${sizes//,/ }; do
    for kind in ${kinds//,/ }; do names+=("$kind-$size"); done
done
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
NEAR="${NEAR-transparent-edges-408}" python3 "$SF_ROOT/Scripts/bench/fit-bench.py" "$sf" "$work" "${names[@]}"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
