#!/usr/bin/env bash
# Builds StickerForge and runs its test suite. Installs missing system packages first.
#   Scripts/test.sh                    all tests, test classes in parallel
#   Scripts/test.sh --filter PNG       extra arguments go to `swift test`
#   SF_TEST_SERIAL=1 Scripts/test.sh   one test at a time (full XCTest output)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$SF_ROOT/Scripts/setup.sh"
sf_require_swift

sf_say "swift build --build-tests"
swift build --build-tests

# Tests create their files in their own temporary folders, so classes can run side by side.
mode=(--parallel)
[ "${SF_TEST_SERIAL:-0}" = "1" ] && mode=()

sf_say "swift test ${mode[*]} $*"
status=0
swift test --skip-build "${mode[@]}" "$@" || status=$?
if [ "$status" -eq 0 ]; then
    sf_say "tests passed"
else
    sf_say "tests FAILED (exit $status)"
fi
exit "$status"
