#!/usr/bin/env bash
# Builds and runs the test suite under AddressSanitizer (with LeakSanitizer) and
# UndefinedBehaviorSanitizer, in a build folder of its own (.build-sanitize) so the normal build is
# untouched. A heap overflow, use after free, leak or undefined behaviour fails the run.
#   Scripts/sanitize.sh                   every test but the slow CLI end-to-end classes (below)
#   SF_SANITIZE_ALL=1 Scripts/sanitize.sh every test
#   Scripts/sanitize.sh --filter Hostile  extra arguments go to `swift test` (and select the tests)
#   C_SANITIZERS=address Scripts/sanitize.sh   C sanitizers (default: address,undefined)
# Swift on Linux takes -sanitize=address only (there is no -sanitize=undefined); Swift's own
# arithmetic-overflow and bounds traps cover its undefined behaviour, and UBSan covers our C shims.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

"$SF_ROOT/Scripts/setup.sh"
sf_require_swift

c_sanitizers="${C_SANITIZERS:-address,undefined}"
build_path="$SF_ROOT/.build-sanitize"
# Swift code gets -sanitize=; our C (the libpng/libjpeg shims, the Lottie helper) gets -fsanitize= with
# a hard stop on the first undefined behaviour, so UBSan findings fail the run instead of only printing;
# the C++ WebM shim gets AddressSanitizer.
flags=(--build-path "$build_path"
       -Xswiftc -sanitize=address
       -Xcc "-fsanitize=$c_sanitizers" -Xcc -fno-sanitize-recover=all -Xcc -fno-omit-frame-pointer
       -Xcxx -fsanitize=address -Xcxx -fno-omit-frame-pointer)

sf_stage "swift-build-tests-sanitized" swift build --build-tests "${flags[@]}" || exit 1

# halt_on_error: the first report ends the process, so XCTest records a crash, never a pass.
# The Swift runtime's crash backtracer hangs on an ASan abort: ASan prints its own report.
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:halt_on_error=1:abort_on_error=1:detect_stack_use_after_return=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$SF_ROOT/Scripts/lsan.supp:print_suppressions=0}"

# By default the CLI end-to-end classes that drive whole packs through the binary are left out: the
# code they run below the thin CLI (codecs, checks, fixes, fitting, build) is run under the sanitizers
# by ImageCodecTests and StickerKitTests (the store builds by PlatformPackBuilderTests and
# StoreLoopsTests), and under ASan they alone took most of the stage's time.
# The CLI's own parsing, usage errors (where a leak in swift-argument-parser was found), hostile
# inputs and every other CLI class still run here.
selection=()
if [ "$#" -eq 0 ] && [ "${SF_SANITIZE_ALL:-0}" != "1" ]; then
    slow_cli="BuildEndToEndTests|FixEndToEndTests|CheckEndToEndTests|FitEndToEndTests|AssembleEndToEndTests"
    slow_cli+="|ConvertFormatEndToEndTests|AppStoreWorkflowEndToEndTests|CheckFilesEndToEndTests"
    slow_cli+="|PlatformCheckEndToEndTests|XcodeProjectEndToEndTests|PlatformBuildEndToEndTests"
    slow_cli+="|FaultInjectionEndToEndTests|PlatformSplitEndToEndTests|StoreReportLinksEndToEndTests"
    # The browser test drives a separate Chromium: the sanitized run checks the server's own tests.
    selection=(--skip "^StickerForgeCLITests\\.($slow_cli)/" --skip "^StickerServeTests\\.ServeBrowserTests/")
fi

sf_say "swift test under sanitizers ${selection[*]} $*"
status=0
results="$build_path/test-results.xml"
rm -f "$results"
swift test --skip-build "${flags[@]}" --parallel --xunit-output "$results" "${selection[@]}" "$@" || status=$?
summary() {
    python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
failed = [c for c in cases if c.find("failure") is not None or c.find("error") is not None]
skipped = sum(1 for c in cases if c.find("skipped") is not None)
print(f"sanitized: {len(cases) - len(failed) - skipped} passed, {len(failed)} failed, {skipped} skipped")
PY
}
# The failed tests' filter (Target.Class/test|...), or nothing when the results are unreadable.
failed_filter() {
    python3 - "$1" <<'PY'
import re, sys, xml.etree.ElementTree as ET
cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
names = [f"{c.get('classname')}/{c.get('name')}" for c in cases
         if c.find("failure") is not None or c.find("error") is not None]
print("|".join("^" + re.escape(n) + "$" for n in names))
PY
}
if [ -f "$results" ]; then summary "$results"; fi
# A parallel run that fails is run again, failed tests only and one at a time: a leak, overflow or
# undefined behaviour fails again and fails the stage; a crash that came from load (one was seen once
# with 8 builds on 2 cores) does not. Both runs are printed.
if [ "$status" -ne 0 ] && [ -f "$results" ]; then
    filter=$(failed_filter "$results")
    if [ -n "$filter" ]; then
        sf_say "re-running the failed tests alone: $filter"
        status=0
        swift test --skip-build "${flags[@]}" --filter "$filter" || status=$?
    fi
fi
if [ "$status" -eq 0 ]; then sf_say "sanitized tests passed"; else sf_say "sanitized tests FAILED (exit $status)"; fi
exit "$status"
