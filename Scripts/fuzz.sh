#!/usr/bin/env bash
# Runs StickerForge's libFuzzer harnesses (Tests/Fuzz) for a chosen time each.
#
#   Scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     fuzz (default 300 s, every target)
#   Scripts/fuzz.sh --replay [TARGET...]                 run the committed corpus and crashers once
#
# Targets: sniffer png apng gif jpeg webp webm roundtrip contents config lottie. `png`, `apng`, `gif`,
# `jpeg`, `webp` and `webm` are the FuzzDecode harness (the public ImageDecoder entry point) seeded with that
# format's files (WebP and WebM: the decoders' test fixtures); `lottie` is FuzzLottie (sniffer, gzip and
# validator; the renderer runs contained, see docs/security.md).
# Environment:
#   FUZZ_WORK=dir      working corpora, logs and artifacts (default .build-fuzz-work/)
#   FUZZ_JOBS=N        targets fuzzed side by side (default 1)
#   RSS_LIMIT_MB=N     libFuzzer's RSS limit (default 2048)
#   SKIP_BUILD=1       reuse the built harnesses
# Each run seeds its working corpus from Tests/Fuzz/Corpus/<target> (committed, minimised),
# Tests/Fuzz/Crashers/<target>, the sample pack, PngSuite (../shared/corpus) and generated files;
# at the end the working corpus is merged back, minimised, into Tests/Fuzz/Corpus/<target> (files
# over 16 KiB are left out so the repository stays small). Crashers land in $FUZZ_WORK/<target>/crashes.
# Every run appends "target seconds runs cov ft corpus crashes" to $FUZZ_WORK/summary.txt.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
sf_require_swift

replay=0
if [ "${1:-}" = "--replay" ]; then replay=1; shift; fi
seconds=300
if [ "$replay" = 0 ] && [[ "${1:-}" =~ ^[0-9]+$ ]]; then seconds="$1"; shift; fi
all=(sniffer png apng gif jpeg webp webm roundtrip contents config lottie)
targets=("$@"); [ "${#targets[@]}" -eq 0 ] && targets=("${all[@]}")
work="${FUZZ_WORK:-$SF_ROOT/.build-fuzz-work}"
rss="${RSS_LIMIT_MB:-2048}"
fuzz="$SF_ROOT/Tests/Fuzz"
bin="$fuzz/.build/release"

harness() {
    case "$1" in
        sniffer) echo FuzzSniffer ;; png|apng|gif|jpeg|webp|webm) echo FuzzDecode ;;
        roundtrip) echo FuzzAPNGRoundTrip ;; contents) echo FuzzContentsJSON ;; config) echo FuzzPackConfig ;;
        lottie) echo FuzzLottie ;;
        *) sf_die "unknown target '$1' (known: ${all[*]})" ;;
    esac
}

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    "$SF_ROOT/Scripts/setup.sh"
    sf_say "building harnesses (release, -sanitize=fuzzer,address)"
    # -Xcxx instruments the C++ WebM shim too (coverage and ASan); libwebm and libvpx are system libraries.
    swift build -c release --package-path "$fuzz" -Xswiftc -sanitize=fuzzer,address \
        -Xcxx -fsanitize=fuzzer-no-link,address >&2
fi

# The Swift runtime's crash backtracer can hang after a harness traps; libFuzzer prints its own trace.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
# Leaks are findings too, except the toolchain's own (the same list the sanitized tests use); the
# replay needs the list as much as fuzzing does (Crashers/contents holds Foundation's empty-file leak).
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$SF_ROOT/Scripts/lsan.supp:print_suppressions=0}"

if [ "$replay" = 1 ]; then
    status=0
    mkdir -p "$work"
    for t in "${targets[@]}"; do
        inputs=()
        for d in "$fuzz/Corpus/$t" "$fuzz/Crashers/$t"; do [ -d "$d" ] && inputs+=("$d"); done
        [ "${#inputs[@]}" -eq 0 ] && continue
        sf_say "replaying $t"
        "$bin/$(harness "$t")" -runs=0 -rss_limit_mb="$rss" "${inputs[@]}" >/dev/null 2>"$work/$t.replay.log" ||
            { status=1; sf_warn "$t failed; see $work/$t.replay.log"; }
    done
    exit "$status"
fi

# Seed files per target, from the sample pack, PngSuite and generated files.
seeds="$work/seeds"; rm -rf "$seeds"; mkdir -p "$seeds"
python3 "$fuzz/make-seeds.py" "$seeds"
pngsuite="$SF_ROOT/../shared/corpus/pngsuite/png"
[ -d "$pngsuite" ] && cp "$pngsuite"/*.png "$seeds/png/"
find Samples -name '*.png' -size -64k -exec cp {} "$seeds/png/" \;
find Samples -name '*.gif' -exec cp {} "$seeds/gif/" \;
find Samples -name '*.jpg' -exec cp {} "$seeds/jpeg/" \;
mkdir -p "$seeds/webp"; cp "$SF_ROOT"/Tests/ImageCodecTests/Fixtures/WebP/*.webp "$seeds/webp/"
mkdir -p "$seeds/webm"; cp Tests/ImageCodecTests/Fixtures/WebM/*.webm "$seeds/webm/"
n=0; while IFS= read -r f; do n=$((n + 1)); cp "$f" "$seeds/contents/sample-$n.json"; done < <(find Samples -name Contents.json)
find Samples -name '*.yml' -exec cp {} "$seeds/config/" \;
mkdir -p "$seeds/lottie"; cp Tests/ImageCodecTests/Fixtures/Lottie/*.json Tests/ImageCodecTests/Fixtures/Lottie/*.tgs "$seeds/lottie/"
seed_dirs() {
    case "$1" in
        sniffer) echo "$seeds/png $seeds/apng $seeds/gif $seeds/jpeg" ;;
        roundtrip) echo "$seeds/png $seeds/apng $seeds/gif" ;;
        *) echo "$seeds/$1" ;;
    esac
}

run_target() {
    local t="$1" h; h="$(harness "$t")"
    local dir="$work/$t"; mkdir -p "$dir/corpus" "$dir/crashes"
    for d in $(seed_dirs "$t") "$fuzz/Corpus/$t" "$fuzz/Crashers/$t"; do
        [ -d "$d" ] && cp "$d"/* "$dir/corpus/" 2>/dev/null || true
    done
    sf_say "fuzzing $t ($h) for ${seconds}s"
    # -timeout: one input taking FUZZ_TIMEOUT s (default 60: a shared, loaded machine starves nice 19
    # processes, and 10 s gave false stalls) is a finding; -max_len keeps inputs sticker-sized.
    nice -n 19 "$bin/$h" "$dir/corpus" -max_total_time="$seconds" -rss_limit_mb="$rss" -timeout="${FUZZ_TIMEOUT:-60}" \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$dir/crashes/" \
        >"$dir/fuzz.log" 2>&1 || sf_warn "$t stopped on a finding; see $dir/fuzz.log"
    mkdir -p "$fuzz/Corpus/$t"
    local small="$dir/small"; rm -rf "$small"; mkdir -p "$small"
    find "$dir/corpus" -type f -size -16k -exec cp {} "$small/" \;
    "$bin/$h" -merge=1 -rss_limit_mb="$rss" "$fuzz/Corpus/$t" "$small" >"$dir/merge.log" 2>&1 ||
        sf_warn "merge for $t failed; see $dir/merge.log"
    local runs cov ft corpus crashes
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$dir/fuzz.log" | awk '{print $2}' | tail -1)
    cov=$(grep -Eo 'cov: [0-9]+' "$dir/fuzz.log" | tail -1 | awk '{print $2}')
    ft=$(grep -Eo 'ft: [0-9]+' "$dir/fuzz.log" | tail -1 | awk '{print $2}')
    corpus=$(find "$fuzz/Corpus/$t" -type f | wc -l)
    crashes=$(find "$dir/crashes" -type f | wc -l)
    echo "$t $seconds ${runs:-?} ${cov:-?} ${ft:-?} $corpus $crashes" | tee -a "$work/summary.txt"
}

mkdir -p "$work"
jobs_max="${FUZZ_JOBS:-1}"
for t in "${targets[@]}"; do
    harness "$t" >/dev/null
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
    run_target "$t" &
done
wait
sf_say "summary (target seconds runs cov ft corpus-files crashes): $work/summary.txt"
