#!/usr/bin/env bash
# The main job: builds StickerForge (release) and turns the sample pack into an Xcode sticker
# catalog with a manifest and reports, inside a Sticker Pack App Xcode project (--xcode-project; the
# bundle id comes from the pack's stickerforge.yml `app:` section, else com.example.<folder name>).
# Installs missing system packages first.
#   Scripts/run-sample.sh [PACK_FOLDER [OUTPUT_FOLDER]]   defaults: Samples/StarterPack out/StarterPack
set -euo pipefail

# Paths given on the command line are relative to where the script was called from.
absolute() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$PWD/$1" ;; esac; }
pack="Samples/StarterPack"
output="out/StarterPack"
[ $# -ge 1 ] && pack="$(absolute "$1")"
[ $# -ge 2 ] && output="$(absolute "$2")"
[ $# -le 2 ] || { echo "usage: Scripts/run-sample.sh [PACK_FOLDER [OUTPUT_FOLDER]]" >&2; exit 64; }

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
[ -d "$pack" ] || sf_die "no pack folder at $pack"

"$SF_ROOT/Scripts/setup.sh"
sf_require_swift

# The product alone (and the Lottie helper it depends on): the test helpers are not built in release.
sf_stage "swift-build-release" swift build -c release --product stickerforge || exit 1
bin="$(swift build -c release --show-bin-path)/stickerforge"
[ -x "$bin" ] || sf_die "built, but $bin is missing"

# `check` exits 1 when it finds errors; the sample pack has deliberate ones, so 1 is expected.
# Anything else (usage error, crash) is a real failure.
sf_say "stickerforge check $pack"
status=0
"$bin" check "$pack" || status=$?
case "$status" in
    0) ;;
    1) sf_say "check reported problems (expected: the sample pack contains deliberate ones)" ;;
    *) sf_die "stickerforge check failed with exit status $status" ;;
esac

# A pack without an `app:` bundle id (another folder given on the command line) gets an example one.
xcode_flags=(--xcode-project)
if ! grep -qE '^[[:space:]]+bundle_id:' "$pack/stickerforge.yml" 2>/dev/null; then
    id="$(basename "$pack")"
    id="$(printf '%s' "${id%.*}" | tr -cd 'A-Za-z0-9-' | tr 'A-Z' 'a-z')"
    xcode_flags+=(--bundle-id "com.example.${id:-stickerpack}")
fi
sf_say "stickerforge build $pack --output $output ${xcode_flags[*]}"
status=0
"$bin" build "$pack" --output "$output" "${xcode_flags[@]}" || status=$?
if [ "$status" -ne 0 ] && { [ "$status" -ne 1 ] || [ ! -d "$output" ]; }; then
    sf_die "stickerforge build failed with exit status $status"
fi
[ "$status" -eq 1 ] && sf_say "build finished with error findings (expected for the deliberate problems)"

# The project read by an independent parser and compared with Xcode-made sticker-pack projects
# (docs/xcode.md), when openstep-parser is installed (pip install openstep-parser).
if python3 -c 'import openstep_parser' 2>/dev/null; then
    sf_say "Tests/Oracles/verify-xcode-project.py $output"
    python3 "$SF_ROOT/Tests/Oracles/verify-xcode-project.py" "$output" | tail -n 1 \
        || sf_die "the Xcode project differs from what Xcode makes (run the script for every difference)"
else
    sf_say "skipping Tests/Oracles/verify-xcode-project.py (pip install openstep-parser to check the project)"
fi

# Name what was written without assuming the exact layout: catalogs, manifests, reports.
echo
echo "Output in $output/:"
found=0
while IFS= read -r path; do
    echo "  Xcode catalog: $path"; found=1
done < <(find "$output" -maxdepth 2 -type d -name '*.xcstickers' | sort)
while IFS= read -r path; do
    echo "  Xcode project: $path"; found=1
    find "$path" -type f | sort | sed 's/^/                 /'
done < <(find "$output" -maxdepth 1 -type d -name '*.xcodeproj' | sort)
while IFS= read -r path; do
    echo "  Info.plist:    $path"
done < <(find "$output" -mindepth 2 -maxdepth 2 -type f -name 'Info.plist' | sort)
while IFS= read -r path; do
    echo "  Manifest:      $path"; found=1
done < <(find "$output" -maxdepth 2 -type f -iname '*manifest*' | sort)
while IFS= read -r path; do
    echo "  Report:        $path"; found=1
done < <(find "$output" -maxdepth 3 -type f \
            \( -iname '*report*' -o -name '*.sarif' -o -name '*.html' -o -iname '*junit*' \) \
            -not -path '*.xcstickers/*' | sort)
[ "$found" -eq 1 ] || { echo "  (nothing recognised; contents:)"; ls -la "$output"; }
