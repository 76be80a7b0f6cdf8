#!/usr/bin/env bash
# Decode throughput: StickerForge's decoders (in process, `stickerforge bench-decode`) against the
# plain C-library decode loop of the same files (Scripts/bench/decode_floor.c, no compositing).
# Usage: Scripts/bench-decode.sh [ITERATIONS]   (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
iterations="${1:-20}"
Scripts/setup.sh
swift build -c release --product stickerforge >/dev/null
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/decode_floor" Scripts/bench/decode_floor.c -lpng16 -lgif -ljpeg

files=()
corpus=../shared/corpus/pngsuite/png
if [ -d "$corpus" ]; then
  while IFS= read -r f; do files+=("$f"); done < <(ls "$corpus"/*.png | grep -v '/x' | sort)
fi
while IFS= read -r f; do files+=("$f"); done < <(find Samples -type f \( -name '*.png' -o -name '*.gif' -o -name '*.jpg' \) | sort)
echo "files: ${#files[@]}, iterations: $iterations"
best() { # best of 3 runs of a command that prints "<seconds> seconds, ..."
  local b=""
  for _ in 1 2 3; do
    local s; s=$("$@" | awk '{print $1}')
    if [ -z "$b" ] || awk -v a="$s" -v b="$b" 'BEGIN{exit !(a<b)}'; then b="$s"; fi
  done
  echo "$b"
}
c=$(best "$work/decode_floor" "$iterations" "${files[@]}")
ours=$(best .build/release/stickerforge bench-decode --iterations "$iterations" "${files[@]}")
printf '%-28s %10s\n' "decoder" "seconds"
printf '%-28s %10s\n' "C libraries (floor)" "$c"
printf '%-28s %10s\n' "StickerForge ImageDecoder" "$ours"
awk -v a="$ours" -v b="$c" 'BEGIN{printf "ratio: %.2fx the C floor\n", a/b}'
