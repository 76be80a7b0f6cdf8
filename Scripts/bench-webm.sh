#!/usr/bin/env bash
# WebM decode throughput: StickerForge's WebMDecoder (in process, `stickerforge bench-decode`, which
# includes the conversion to straight RGBA) against, in the same run on the same files:
#   floor   the plain libvpx loop (Scripts/bench/webm_floor.c: our libwebm shim, then libvpx on the
#           colour and alpha streams, single-threaded, no RGBA conversion, no checks)
#   vpxdec  Debian's vpxdec (vpx-tools) with --noblit, one process a file and iteration; it decodes
#           the colour stream only (it ignores BlockAdditional alpha), so compare it on opaque files
# Files: Telegram-sized stickers made by ffmpeg (512x512, 3 s at 30 fps = 90 frames, a moving test
# pattern with a soft alpha edge), VP9 and VP8, with and without alpha.
# Usage: Scripts/bench-webm.sh [ITERATIONS]   (default 5; best of 3 runs each)
# Environment: SKIP_BUILD=1 reuses the release build of stickerforge.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
sf_require_swift
iterations="${1:-5}"
sf="$SF_ROOT/.build/release/stickerforge"
sf_build_release
command -v vpxdec >/dev/null || sf_die "vpxdec is needed (apt-get install -y vpx-tools)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
c++ -O2 -std=c++17 -I Sources/CWebMShim/include -c Sources/CWebMShim/webm_shim.cc -o "$work/shim.o"
cc -O2 -I Sources/CWebMShim/include -c Scripts/bench/webm_floor.c -o "$work/floor.o"
c++ -o "$work/webm_floor" "$work/floor.o" "$work/shim.o" -lwebm -lvpx

src="testsrc2=s=512x512:r=30:d=3,format=yuva420p,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='clip(255*(1.2-hypot(X-W/2,Y-H/2)/(W/2)),0,255)'"
enc() { ffmpeg -y -loglevel error -f lavfi -i "$src" -pix_fmt "$2" -c:v "$3" -b:v 600k -auto-alt-ref 0 "$work/$1.webm"; }
enc vp9-alpha yuva420p libvpx-vp9
enc vp9-opaque yuv420p libvpx-vp9
enc vp8-alpha yuva420p libvpx
enc vp8-opaque yuv420p libvpx

# best CMD...: the best wall time of 3 runs of a command that prints "<seconds> seconds, ...".
best() {
    local b=""
    for _ in 1 2 3; do
        local s; s=$("$@" | awk '{print $1}')
        if [[ -z "$b" ]] || awk -v a="$s" -v b="$b" 'BEGIN{exit !(a<b)}'; then b="$s"; fi
    done
    echo "$b"
}
# vpxdec_loop N FILE...: vpxdec over every file N times; prints "<seconds> seconds".
vpxdec_loop() {
    local n="$1"; shift
    local t0 t1; t0=$(date +%s.%N)
    for ((k = 0; k < n; k++)); do for f in "$@"; do vpxdec --noblit -t 1 "$f"; done; done
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f seconds\n", b - a }'
}

printf '%-12s %6s %5s %9s %9s %9s %8s %8s %6s\n' file KB iter floor vpxdec ours "/floor" "/vpxdec" load1
for name in vp9-alpha vp9-opaque vp8-alpha vp8-opaque; do
    f="$work/$name.webm"
    load=$(cut -d' ' -f1 /proc/loadavg)
    floor=$(best "$work/webm_floor" "$iterations" "$f")
    vpx=$(best vpxdec_loop "$iterations" "$f")
    ours=$(best "$sf" bench-decode --iterations "$iterations" "$f")
    awk -v n="$name" -v kb="$(( $(stat -c %s "$f") / 1024 ))" -v i="$iterations" -v c="$floor" -v v="$vpx" \
        -v o="$ours" -v l="$load" \
        'BEGIN { printf "%-12s %6d %5d %9.4f %9.4f %9.4f %7.2fx %7.2fx %6s\n", n, kb, i, c, v, o, o / c, o / v, l }'
done
echo "load now: $(cut -d' ' -f1-3 /proc/loadavg)"
