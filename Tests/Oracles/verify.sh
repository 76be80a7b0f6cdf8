#!/usr/bin/env bash
# Runs every "as a person would" verification against the release binary, in order:
#   1. crosscheck-decode.py --self-test   the Pillow reference half against PngSuite's own pixels
#   2. crosscheck-decode.py               `stickerforge frames` against Pillow (samples + PngSuite)
#   3. verify-chromium.py                 every APNG we write, decoded by Chromium's WebCodecs
#   4. verify-report.py                   the HTML report rendered and probed in Chromium
#   5. oracle-chromium.py                 `stickerforge frames` against Chromium's ImageDecoder over
#                                         the generated corpus (gen-oracle-corpus.py), PngSuite, samples
#   6. oracle-lottie-web.py               Lottie frames against lottie-web 5.7.4 (svg) in Chromium
# Builds the release binary first when it is missing (or always with --build).
# Ends with one plain `N passed, M failed` line summing the scripts' own counts; exits 1 on any failure.
#   Tests/Oracles/verify.sh [--build]
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../Scripts/lib.sh"

BIN="$SF_ROOT/.build/release/stickerforge"
if [ "${1:-}" = "--build" ] || [ ! -x "$BIN" ]; then
    sf_require_swift
    sf_say "swift build -c release --product stickerforge"
    swift build -c release --product stickerforge || sf_die "the release build failed"
fi
command -v chromium >/dev/null 2>&1 || sf_die "chromium not found: apt-get install chromium"
python3 -c 'import PIL' 2>/dev/null || sf_die "Pillow not found: pip install Pillow"

total_passed=0
total_failed=0
# Runs one script, shows its output, and adds its closing `N passed, M failed` line to the totals.
run_step() {
    local name="$1"; shift
    sf_say "$name"
    local log status counts
    log="$(mktemp)"
    "$@" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
    counts="$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)"
    rm -f "$log"
    if [ -z "$counts" ]; then
        sf_warn "$name printed no result line (exit $status): counted as 1 failure"
        total_failed=$((total_failed + 1))
        return
    fi
    total_passed=$((total_passed + ${counts%% passed*}))
    local failed="${counts#*, }"
    total_failed=$((total_failed + ${failed%% failed}))
    if [ "$status" -ne 0 ] && [ "${failed%% failed}" -eq 0 ]; then
        sf_warn "$name exited $status with no failure counted: counted as 1 failure"
        total_failed=$((total_failed + 1))
    fi
}

run_step "crosscheck-decode (self-test of the Pillow reference)" python3 Tests/Oracles/crosscheck-decode.py --self-test
run_step "crosscheck-decode (stickerforge frames vs Pillow)" python3 Tests/Oracles/crosscheck-decode.py --bin "$BIN"
run_step "verify-chromium (APNGs decoded by Chromium)" python3 Tests/Oracles/verify-chromium.py --bin "$BIN"
run_step "verify-report (HTML report in Chromium)" python3 Tests/Oracles/verify-report.py --bin "$BIN"
[ -d .build-oracle/corpus ] || python3 Tests/Oracles/gen-oracle-corpus.py || sf_die "gen-oracle-corpus.py failed"
oracle_inputs=(.build-oracle/corpus Samples)
[ -d ../shared/corpus/pngsuite/png ] && oracle_inputs+=(../shared/corpus/pngsuite/png)
run_step "oracle-chromium (frames vs Chromium's ImageDecoder)" python3 Tests/Oracles/oracle-chromium.py --bin "$BIN" "${oracle_inputs[@]}"
run_step "oracle-lottie-web (Lottie frames vs lottie-web)" python3 Tests/Oracles/oracle-lottie-web.py --bin "$BIN"

echo "$total_passed passed, $total_failed failed"
[ "$total_failed" -eq 0 ]
