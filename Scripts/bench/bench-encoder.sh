#!/usr/bin/env bash
# Encoder benchmark: `stickerforge assemble` at fast/default/max against apngasm (-z0, default, -z2)
# and ffmpeg, at 12 fps, on two inputs:
#   anim  the generated 24-frame 408x408 soft-edged animation (Scripts/bench/gen-bench-anim.py)
#   wave  the sample pack's frame folder Samples/StarterPack/wave (24 frames, 408x408)
# Every output's frame count is read back with `stickerforge inspect --json` (all tools), and every
# output of ours is unpacked with `stickerforge frames` and compared with the input frames by Pillow
# (Scripts/bench/compare-frames.py; alpha-0 pixels compare equal whatever their colour).
#
# Usage: Scripts/bench/bench-encoder.sh [WORK_DIR]
# Environment:
#   EFFORTS=fast,default,max   our efforts to run (max takes about a minute per input on 2 cores)
#   INPUTS=anim,wave           which inputs to run
#   SKIP_Z2=1                  skip apngasm -z2 (Zopfli, one to several minutes per input)
#   SKIP_BUILD=1               reuse the existing release build of stickerforge
#   SWIFT_BUILD="swift build"  the build command (e.g. a wrapper that serialises builds)
# Times are wall and user+sys CPU seconds of the whole process from /usr/bin/time, so ours include
# process start-up and decoding the input PNG frames, like the other tools'.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift

work="${1:-$(mktemp -d /tmp/stickerforge-bench.XXXXXX)}"
efforts="${EFFORTS:-fast,default,max}"
inputs="${INPUTS:-anim,wave}"
sf="$SF_ROOT/.build/release/stickerforge"
mkdir -p "$work"
sf_build_release
[[ -x "$sf" ]] || sf_die "$sf not found; build it with: swift build -c release --product stickerforge"

results="$work/results.txt"
: > "$results"

# frames_of FILE: the number of displayed frames our decoder finds in FILE.
frames_of() {
    "$sf" inspect --json "$1" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)[0]["frames"]))'
}

# measure INPUT NAME FILE DIR CMD...: runs CMD in DIR, appends one result line.
measure() {
    local input="$1" name="$2" file="$3" dir="$4"; shift 4
    local timing="$work/.time"
    (cd "$dir" && /usr/bin/time -o "$timing" -f "%e %U %S" "$@" >/dev/null 2>"$work/.err") ||
        { cat "$work/.err" >&2; sf_die "$name failed on $input"; }
    local wall cpu load
    wall=$(awk '{print $1}' "$timing")
    cpu=$(awk '{printf "%.2f", $2 + $3}' "$timing")
    load=$(cut -d' ' -f1 /proc/loadavg)
    echo "$input $name $(stat -c %s "$file") $wall $cpu $(frames_of "$file") $load" | tee -a "$results"
}

for input in ${inputs//,/ }; do
    case "$input" in
        anim)
            frames="$work/anim-frames"
            python3 "$SF_ROOT/Scripts/bench/gen-bench-anim.py" "$frames" 24 408
            rm -f "$frames"/*.rgba   # raw copies for an old driver; the folder must hold only PNGs
            pattern="frame_%02d.png" ;;
        wave)
            frames="$SF_ROOT/Samples/StarterPack/wave"
            pattern="wave_%d.png" ;;
        *) sf_die "unknown input '$input' (anim, wave)" ;;
    esac
    out="$work/out-$input"
    mkdir -p "$out"
    sf_say "$input: ours ($efforts)"
    for effort in ${efforts//,/ }; do
        measure "$input" "ours-$effort" "$out/ours-$effort.png" "$SF_ROOT" \
            "$sf" assemble "$frames" --fps 12 --effort "$effort" --output "$out/ours-$effort.png"
        rm -rf "$out/unpacked-$effort"
        "$sf" frames "$out/ours-$effort.png" --output-dir "$out/unpacked-$effort" >/dev/null
        python3 "$SF_ROOT/Scripts/bench/compare-frames.py" "$out/unpacked-$effort" "$frames" 12 ||
            sf_die "ours-$effort on $input does not decode back to its input"
    done
    # apngasm 2.91 takes the first frame's name and counts up from its number (wave_1, wave_2, ...
    # wave_10), so natural order holds; the whole list is passed as its usage shows.
    list=$(cd "$frames" && ls -- *.png | sort -V)
    sf_say "$input: apngasm (from the frames folder, relative names)"
    # shellcheck disable=SC2086  # the list is file names without spaces, one per word
    measure "$input" apngasm-z0 "$out/apngasm-z0.png" "$frames" apngasm "$out/apngasm-z0.png" $list 1 12 -z0
    # shellcheck disable=SC2086
    measure "$input" apngasm-default "$out/apngasm-default.png" "$frames" apngasm "$out/apngasm-default.png" $list 1 12
    if [[ -z "${SKIP_Z2:-}" ]]; then
        # shellcheck disable=SC2086
        measure "$input" apngasm-z2 "$out/apngasm-z2.png" "$frames" apngasm "$out/apngasm-z2.png" $list 1 12 -z2
    fi
    sf_say "$input: ffmpeg"
    measure "$input" ffmpeg "$out/ffmpeg.png" "$frames" \
        ffmpeg -y -loglevel error -framerate 12 -i "$pattern" -f apng -plays 0 "$out/ffmpeg.png"
done

echo
echo "input encoder bytes wall-s cpu-s frames load1 (load now: $(cut -d' ' -f1-3 /proc/loadavg))"
column -t "$results"
