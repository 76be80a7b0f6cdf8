#!/usr/bin/env bash
# Runs the rlottie evidence harness (fuzz_rlottie.c) for SECONDS (default 600), seeded with the
# Lottie fixtures and the committed FuzzLottie corpus. Crashers land in $FUZZ_WORK/rlottie/crashes
# (default .build-fuzz-work/); copy the ones worth keeping to Tests/Fuzz/Crashers/rlottie, where
# FuzzRegressionTests renders each through the contained helper and expects a CodecError or frames.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
seconds="${1:-600}"
work="${FUZZ_WORK:-$root/.build-fuzz-work}/rlottie"
mkdir -p "$work/corpus" "$work/crashes"
clang -O1 -g -fsanitize=fuzzer -o "$work/fuzz_rlottie" "$root/Tests/Fuzz/rlottie/fuzz_rlottie.c" -lrlottie
cp "$root"/Tests/ImageCodecTests/Fixtures/Lottie/*.json "$work/corpus/"
[ -d "$root/Tests/Fuzz/Corpus/lottie" ] && cp "$root"/Tests/Fuzz/Corpus/lottie/* "$work/corpus/" 2>/dev/null || true
# -timeout=10: an input rendering two frames for 10 s is rlottie's infinite loop, a finding.
nice -n 19 "$work/fuzz_rlottie" "$work/corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/crashes/" -fork=1 -ignore_crashes=1 \
    -ignore_timeouts=1 -ignore_ooms=1 >"$work/fuzz.log" 2>&1 || true
echo "crashes: $(find "$work/crashes" -type f | wc -l) (in $work/crashes); log: $work/fuzz.log"
