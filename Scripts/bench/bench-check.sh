#!/usr/bin/env bash
# Check benchmark: `stickerforge check PACK --format json` on a generated 200-sticker pack against
# the floor of only decoding the same files (`stickerforge bench-decode --iterations 1`, every
# image file of the pack, frame folders counting all their frames), with wall time, CPU time and
# peak RSS from /usr/bin/time -v.
#
# The pack (Scripts/bench/gen-bench-pack.py, deterministic, not committed): 110 PNG stills 408 px with
# soft edges, 30 JPEG, 20 GIF animations (12 frames), 20 APNG (24 frames, made here with
# `stickerforge assemble --effort fast`) and 20 frame folders (24 frames each).
#
# Two floors: decoding frame at a time (`--frame-at-a-time`, each frame lent and let go, as `check`
# decodes) and decoding with every frame kept (`DecodedImage`, as fixes and builds decode).
#
# With LARGE=1, also the large catalog of docs/benchmarks.md (Scripts/bench/gen-large-catalog.sh, made
# in WORK_DIR/large from the pack when missing: 140 images, 40 of them 72-frame animations at
# 618 px) for peak memory. With BASELINE=PATH, every `check` run is repeated with that binary
# (another build of stickerforge) in the same window, as the "before" row.
#
# Usage: Scripts/bench/bench-check.sh [WORK_DIR]   (the pack is reused when WORK_DIR already holds it)
# Environment: RUNS=3 (best of), SKIP_BUILD=1 (reuse the release build), LARGE=1, BASELINE=PATH
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift

work="${1:-$(mktemp -d /tmp/stickerforge-benchcheck.XXXXXX)}"
runs="${RUNS:-3}"
sf="$SF_ROOT/.build/release/stickerforge"
pack="$work/pack"
[[ -x /usr/bin/time ]] || sf_die "/usr/bin/time is missing: apt-get install time"
sf_build_release

if [[ ! -f "$pack/stickerforge.yml" ]]; then
    sf_say "generating the pack in $pack"
    python3 "$SF_ROOT/Scripts/bench/gen-bench-pack.py" "$pack" "$work/apng-src"
fi
if [[ ! -f "$pack/apng_019.png" ]]; then
    sf_say "assembling 20 APNG stickers (--effort fast)"
    /usr/bin/time -f "assemble: %e s wall, %U+%S s cpu" \
        "$sf" assemble --effort fast --fps 12 --quiet --output-dir "$pack" "$work/apng-src"/* >/dev/null
fi

files=()
while IFS= read -r f; do files+=("$f"); done < <(find "$pack" -type f \( -name '*.png' -o -name '*.jpg' -o -name '*.gif' \) | sort)
stickers=$(find "$pack" -mindepth 1 -maxdepth 1 ! -name stickerforge.yml | wc -l)
sf_say "$stickers stickers, ${#files[@]} image files"

# run_best NAME CMD...: best wall time of $runs runs; prints "NAME wall cpu peak-RSS-MB load1".
run_best() {
    local name="$1"; shift
    local best="" line=""
    for _ in $(seq "$runs"); do
        local load; load=$(cut -d' ' -f1 /proc/loadavg)
        # check exits 1 when it finds errors; only 2 and up mean it could not run.
        /usr/bin/time -v -o "$work/.time" "$@" >/dev/null 2>"$work/.err" || {
            code=$?; [[ $code -le 1 ]] || { cat "$work/.err" >&2; sf_die "$name exited $code"; }; }
        local wall cpu rss
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$work/.time")
        cpu=$(awk -F': ' '/User time/ { u = $2 } /System time/ { s = $2 } END { printf "%.2f", u + s }' "$work/.time")
        rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$work/.time")
        if [[ -z "$best" ]] || awk -v a="$wall" -v b="$best" 'BEGIN { exit !(a < b) }'; then
            best="$wall"; line="$name $wall $cpu $rss $load"
        fi
    done
    echo "$line"
}

floor=$(run_best decode-streamed "$sf" bench-decode --frame-at-a-time --iterations 1 "${files[@]}")
kept=$(run_best decode-kept "$sf" bench-decode --iterations 1 "${files[@]}")
check=$(run_best check "$sf" check "$pack" --format json)
rows=("$floor" "$kept" "$check")
[[ -n "${BASELINE:-}" ]] && rows+=("$(run_best check-baseline "$BASELINE" check "$pack" --format json)")
if [[ "${LARGE:-0}" == 1 ]]; then
    [[ -f "$work/large/anim_019.gif" ]] || "$SF_ROOT/Scripts/bench/gen-large-catalog.sh" "$pack" "$work/large" >&2
    [[ -f "$work/large/stickerforge.yml" ]] || printf 'name: Large\ngrid_size: large\n' > "$work/large/stickerforge.yml"
    rows+=("$(run_best large-check "$sf" check "$work/large" --format json)")
    [[ -n "${BASELINE:-}" ]] && rows+=("$(run_best large-check-baseline "$BASELINE" check "$work/large" --format json)")
fi
echo
{ echo "run wall-s cpu-s peak-RSS-MB load1"; printf '%s\n' "${rows[@]}"; } | column -t
awk -v f="$floor" -v k="$kept" -v c="$check" 'BEGIN {
    split(f, a, " "); split(k, d, " "); split(c, b, " ");
    printf "check / decode floor (frame at a time): %.2fx wall, %.2fx cpu\n", b[2] / a[2], b[3] / a[3]
    printf "check / decode floor (frames kept): %.2fx wall, %.2fx cpu\n", b[2] / d[2], b[3] / d[3] }'
echo "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
