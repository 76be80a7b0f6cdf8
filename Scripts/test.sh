#!/usr/bin/env bash
# Builds StickerForge and runs its test suite. Installs missing system packages first.
#   Scripts/test.sh                    all tests, test classes in parallel
#   Scripts/test.sh --filter PNG       extra arguments go to `swift test`
#   SF_TEST_SERIAL=1 Scripts/test.sh   one test at a time (full XCTest output)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$SF_ROOT/Scripts/setup.sh"
sf_require_swift

sf_stage "swift-build-tests" swift build --build-tests || exit 1

# Tests create their files in their own temporary folders, so classes can run side by side.
mode=(--parallel)
[ "${SF_TEST_SERIAL:-0}" = "1" ] && mode=()

status=0
results="$SF_ROOT/.build/test-results.xml"
rm -f "$results"
sf_stage "swift-test" swift test --skip-build "${mode[@]}" --xunit-output "$results" "$@" || status=$?
# One plain closing line from the XCTest results (parallel runs print no XCTest totals of their own).
if [ -f "$results" ]; then
    python3 - "$results" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
passed = failed = skipped = 0
for case in cases:
    if case.find("failure") is not None or case.find("error") is not None: failed += 1
    elif case.find("skipped") is not None: skipped += 1
    else: passed += 1
for case in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    if case.find("failure") is not None or case.find("error") is not None:
        print(f"FAILED {case.get('classname')}.{case.get('name')}", file=sys.stderr)
print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
PY
fi
if [ "$status" -eq 0 ]; then
    sf_say "tests passed"
else
    sf_say "tests FAILED (exit $status)"
fi
exit "$status"
