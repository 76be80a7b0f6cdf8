#!/usr/bin/env bash
# The large catalog of docs/benchmarks.md ("Issue 24" there as of commit 52c9d14, 25 November) for `check`'s peak memory: 70 PNG
# stills and the 30 JPEG of the stand-in pack (Scripts/bench/gen-bench-pack.py), and 20 APNG and 20 GIF
# animations of 72 frames at 618 x 618 made by ffmpeg from the pack's frame folders (24 frames
# played three times): 140 images, a plain folder catalog. Not committed (82 MB).
# Usage: Scripts/bench/gen-large-catalog.sh STAND_IN_PACK OUT_DIR
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
[[ $# -eq 2 ]] || sf_die "usage: $0 STAND_IN_PACK OUT_DIR"
pack="$1"; out="$2"
command -v ffmpeg >/dev/null || sf_die "ffmpeg is needed (apt-get install -y ffmpeg)"
[[ -d "$pack/seq_019" ]] || sf_die "$pack is not the stand-in pack (Scripts/bench/gen-bench-pack.py)"
mkdir -p "$out"
cp "$pack"/still_0[0-6]?.png "$pack"/photo_*.jpg "$out"/
for i in $(seq -f %03g 0 19); do
    ffmpeg -y -loglevel error -framerate 24 -i "$pack/seq_$i/frame_%02d.png" \
        -vf "loop=loop=2:size=24,scale=618:618" -plays 0 -f apng "$out/anim_$i.png"
    ffmpeg -y -loglevel error -framerate 24 -i "$pack/seq_$i/frame_%02d.png" \
        -vf "loop=loop=2:size=24,scale=618:618,split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse" \
        "$out/anim_$i.gif"
done
sf_say "$(find "$out" -type f | wc -l) images in $out"
