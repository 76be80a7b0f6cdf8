#!/usr/bin/env bash
# WebM decode throughput: StickerForge's WebMDecoder (in process, `stickerforge bench-decode`, which
# includes the conversion to straight RGBA) against, in the same run on the same files:
#   floor   the plain libvpx loop (Scripts/bench/webm_floor.c: our libwebm shim, then libvpx on the
#           colour and alpha streams, single-threaded, no RGBA conversion, no checks)
#   kept    the same loop producing our output: each picture converted to RGBA by libyuv into a
#           buffer of its own, all kept until the file ends (KEEP_FRAMES=1)
#   C strm  the same loop converting each picture into one reused RGBA buffer (KEEP_FRAMES=2): what
#           `ours streamed` does, in C, so the price of producing RGBA at all shows apart from ours
#   vpxdec  Debian's vpxdec (vpx-tools) with --noblit, one process a file and iteration; it decodes
#           the colour stream only (it ignores BlockAdditional alpha), so compare it on opaque files
#   ours kept      `bench-decode`: every frame converted into a buffer of its own, all kept (DecodedImage)
#   ours streamed  `bench-decode --frame-at-a-time` (ImageDecoder.visitFrames): every frame converted
#           by libyuv into one reused RGBA buffer and lent to a visitor that does nothing with it
# Files: Telegram-sized stickers made by ffmpeg (512x512, 3 s at 30 fps = 90 frames, a moving test
# pattern with a soft alpha edge), VP9 and VP8, with and without alpha, and VP9 4:4:4.
# Wall is each side's own timer (vpxdec: the loop of processes); CPU is user+sys from /usr/bin/time
# (process start-up and reading the files included). For each file every command runs once a
# round, in turn, for ROUNDS rounds, and each column is the median (sf_timed, sf_median).
# Usage: Scripts/bench/bench-webm.sh [ITERATIONS]   (default 5)
# Environment: SKIP_BUILD=1 reuses the release build of stickerforge; ROUNDS=N (default 5).
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift
iterations="${1:-5}"
sf="$SF_ROOT/.build/release/stickerforge"
sf_build_release
command -v vpxdec >/dev/null || sf_die "vpxdec is needed (apt-get install -y vpx-tools)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
c++ -O2 -std=c++17 -I Sources/CWebMShim/include -c Sources/CWebMShim/webm_shim.cc -o "$work/shim.o"
cc -O2 -I Sources/CWebMShim/include -c Scripts/bench/webm_floor.c -o "$work/floor.o"
c++ -o "$work/webm_floor" "$work/floor.o" "$work/shim.o" -lwebm -lvpx -lyuv

src="testsrc2=s=512x512:r=30:d=3,format=yuva420p,geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='clip(255*(1.2-hypot(X-W/2,Y-H/2)/(W/2)),0,255)'"
enc() { ffmpeg -y -loglevel error -f lavfi -i "$src" -pix_fmt "$2" -c:v "$3" -b:v 600k -auto-alt-ref 0 "$work/$1.webm"; }
enc vp9-alpha yuva420p libvpx-vp9
enc vp9-opaque yuv420p libvpx-vp9
enc vp8-alpha yuva420p libvpx
enc vp8-opaque yuv420p libvpx
enc vp9-444 yuv444p libvpx-vp9

rounds="${ROUNDS:-5}"
# vpxdec over every file N times, one process each: prints "<seconds> seconds".
cat > "$work/vpxdec-loop" <<'EOF2'
#!/usr/bin/env bash
n="$1"; shift
t0=$(date +%s.%N)
for ((k = 0; k < n; k++)); do for f in "$@"; do vpxdec --noblit -t 1 "$f"; done; done
awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.4f seconds\n", b - a }'
EOF2
chmod +x "$work/vpxdec-loop"

printf '%-11s %5s %4s | %-14s %-14s %-14s %-14s %-14s %-14s | %-13s %-13s %-13s %-13s %5s\n' file KB iter "floor wall/cpu" \
    "kept wall/cpu" "C strm w/cpu" "vpxdec w/cpu" "ours kept w/c" "ours strm w/c" "kept/floor" "strm/floor" \
    "strm/C strm" "ourskept/kept" load1
for name in vp9-alpha vp9-opaque vp8-alpha vp8-opaque vp9-444; do
    f="$work/$name.webm"
    load=$(cut -d' ' -f1 /proc/loadavg)
    rm -f "$work"/{floor,kept,cstream,vpx,ours,streamed}
    for ((round = 0; round < rounds; round++)); do
        sf_timed "$work" floor "$work/webm_floor" "$iterations" "$f"
        KEEP_FRAMES=1 sf_timed "$work" kept "$work/webm_floor" "$iterations" "$f"
        KEEP_FRAMES=2 sf_timed "$work" cstream "$work/webm_floor" "$iterations" "$f"
        sf_timed "$work" vpx "$work/vpxdec-loop" "$iterations" "$f"
        sf_timed "$work" ours "$sf" bench-decode --iterations "$iterations" "$f"
        sf_timed "$work" streamed "$sf" bench-decode --frame-at-a-time --iterations "$iterations" "$f"
    done
    floor=$(sf_median "$work" floor); kept=$(sf_median "$work" kept); vpx=$(sf_median "$work" vpx)
    cstream=$(sf_median "$work" cstream)
    ours=$(sf_median "$work" ours); streamed=$(sf_median "$work" streamed)
    awk -v n="$name" -v kb="$(( $(stat -c %s "$f") / 1024 ))" -v i="$iterations" -v c="$floor" -v k="$kept" \
        -v v="$vpx" -v o="$ours" -v s="$streamed" -v cs="$cstream" -v l="$load" 'BEGIN {
        split(c, C, " "); split(k, K, " "); split(v, V, " "); split(o, O, " "); split(s, S, " "); split(cs, R, " ");
        printf "%-11s %5d %4d | %6.3f / %5.2f %6.3f / %5.2f %6.3f / %5.2f %6.3f / %5.2f %6.3f / %5.2f %6.3f / %5.2f | %5.2fx %5.2fx %5.2fx %5.2fx %5.2fx %5.2fx %5.2fx %5.2fx %5s\n",
            n, kb, i, C[1], C[2], K[1], K[2], R[1], R[2], V[1], V[2], O[1], O[2], S[1], S[2], O[1] / C[1], O[2] / C[2],
            S[1] / C[1], S[2] / C[2], S[1] / R[1], S[2] / R[2], O[1] / K[1], O[2] / K[2], l }'
done
echo "ratios: wall, cpu. load now: $(cut -d' ' -f1-3 /proc/loadavg)"
