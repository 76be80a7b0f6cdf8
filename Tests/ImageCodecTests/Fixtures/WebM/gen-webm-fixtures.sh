#!/usr/bin/env bash
# Makes the WebM decoder's committed test fixtures (Tests/ImageCodecTests/Fixtures/WebM) with
# Debian's ffmpeg (libvpx encoders), and their references decoded by ffmpeg's libvpx decoders
# (`-c:v libvpx` / `-c:v libvpx-vp9`: they keep the alpha stream, the native decoders drop it).
#
# For each NAME it writes:
#   NAME.webm          the fixture (a few KB: small frames, a handful of them, uneven timestamps)
#   NAME.ref.png       every frame decoded by ffmpeg to straight RGBA, stacked top to bottom
#   NAME.timing.txt    "pts_ms duration_ms" per frame as ffprobe reports the packets
# Usage: Tests/ImageCodecTests/Fixtures/WebM/gen-webm-fixtures.sh [OUT_DIR]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../../../Scripts/lib.sh"
out="${1:-$SF_ROOT/Tests/ImageCodecTests/Fixtures/WebM}"
mkdir -p "$out"
command -v ffmpeg >/dev/null || sf_die "ffmpeg is needed (apt-get install -y ffmpeg)"

# Frame n shows at (80 n + 10 n^2) ms: gaps of 90, 110, 130... ms, so durations are never uniform.
pts="settb=1/1000,setpts='(80*N+10*N*N)/1000/TB'"
# A moving test pattern with an alpha ramp that also changes over time.
alpha="geq=lum='lum(X,Y)':cb='cb(X,Y)':cr='cr(X,Y)':a='clip(255*(X+Y)/(W+H)+40*sin(T*6),0,255)'"

# make NAME SIZE FRAMES PIX_FMT ENCODER [extra encoder args...]; TIMING=cfr keeps 10 fps (the muxer then
# writes the track's DefaultDuration instead of uneven timestamps).
make() {
    local name="$1" size="$2" frames="$3" pix="$4" enc="$5"; shift 5
    local filter="testsrc2=s=$size:r=10,format=yuva420p,$alpha"
    [ "${TIMING:-}" = cfr ] || filter="$filter,$pts"
    ffmpeg -y -loglevel error -f lavfi -i "$filter" -frames:v "$frames" -fps_mode passthrough \
        -pix_fmt "$pix" -c:v "$enc" -b:v 0 -crf 20 -auto-alt-ref 0 "$@" "$out/$name.webm"
    local frames_out; frames_out=$(ffprobe -v error -select_streams v:0 -count_packets \
        -show_entries stream=nb_read_packets -of csv=p=0 "$out/$name.webm")
    # swscale converts 8-bit 4:2:0 with nearest chroma (its fast path, as libyuv and we do); for high
    # bit depth it takes its generic path, which interpolates chroma unless told `neighbor`.
    ffmpeg -y -loglevel error -c:v "$enc" -i "$out/$name.webm" -fps_mode passthrough -sws_flags "${SWS:-bicubic}" \
        -vf "tile=1x$frames_out" -pix_fmt rgba -frames:v 1 "$out/$name.ref.png"
    ffprobe -v error -select_streams v:0 -show_entries packet=pts_time,duration_time -of csv=p=0 \
        "$out/$name.webm" | awk -F, 'NF >= 2 && $1 != "" { printf "%d %s\n", $1 * 1000 + 0.5, ($2 == "N/A" ? "-" : int($2 * 1000 + 0.5)) }' \
        >"$out/$name.timing.txt"
    sf_say "$name.webm: $(stat -c %s "$out/$name.webm") bytes, $frames_out frames"
}

make vp9-alpha 48x48 7 yuva420p libvpx-vp9
make vp9-opaque 48x48 6 yuv420p libvpx-vp9
make vp8-alpha 48x48 6 yuva420p libvpx
make vp8-opaque-odd 50x38 6 yuv420p libvpx
TIMING=cfr make vp9-444 48x48 4 yuv444p libvpx-vp9
make vp9-bt709-full 48x48 4 yuv420p libvpx-vp9 -color_range pc -colorspace bt709 -color_primaries bt709 -color_trc bt709
SWS=neighbor TIMING=cfr make vp9-10bit 48x48 3 yuv420p10le libvpx-vp9
TIMING=cfr make vp9-gbr 48x48 3 gbrp libvpx-vp9
