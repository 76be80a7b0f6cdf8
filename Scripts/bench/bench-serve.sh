#!/usr/bin/env bash
# `serve` benchmark: the first page of a generated 50-sticker pack, a saved still and a saved
# 60-frame 618 px animation reflected on the page, timed in headless Chromium (bench-serve.py).
#
# Usage: Scripts/bench/bench-serve.sh [WORK_DIR]
# Environment: RUNS=5, SKIP_BUILD=1 (reuse the release build)
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift

work="${1:-$(mktemp -d /tmp/stickerforge-benchserve.XXXXXX)}"
command -v chromium >/dev/null 2>&1 || sf_die "chromium is missing: apt-get install chromium"
sf_build_release
python3 "$SF_ROOT/Scripts/bench/bench-serve.py" --bin "$SF_ROOT/.build/release/stickerforge" --work "$work" --runs "${RUNS:-5}"
