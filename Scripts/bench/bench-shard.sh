#!/usr/bin/env bash
# Shard benchmark: 1,000 generated GIFs (Scripts/bench/gen-bench-gifs.py, 64 x 64, 6 frames) converted
# by `stickerforge convert --shard 1/1`, then by `--shard 1/4` ... `4/4` running at the same
# time on this machine (as 4 CI jobs would on 4 machines), each timed with /usr/bin/time
# (wall, user + system CPU). Then `manifest merge` of each run; the two merged manifests must be
# byte-identical, and so must the converted files. The machine is shared: figures are noisy.
#
# Usage: Scripts/bench/bench-shard.sh [WORK_DIR]
# Environment: SKIP_BUILD=1 (reuse .build/release/stickerforge), STICKERFORGE=BINARY (another release
# build, with SKIP_BUILD=1), COUNT=1000, EFFORT=fast
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift

work="${1:-$(mktemp -d /tmp/stickerforge-benchshard.XXXXXX)}"
count="${COUNT:-1000}"
effort="${EFFORT:-fast}"
sf="${STICKERFORGE:-$SF_ROOT/.build/release/stickerforge}"
[[ -x /usr/bin/time ]] || sf_die "/usr/bin/time is missing: apt-get install time"
sf_build_release
if [[ ! -f "$work/gifs/anim_$(printf %04d $((count - 1))).gif" ]]; then
    sf_say "generating $count GIFs in $work/gifs"
    python3 "$SF_ROOT/Scripts/bench/gen-bench-gifs.py" "$work/gifs" "$count"
fi
cd "$work"
rm -rf one four merged-1.json merged-4.json
inputs=(gifs/*.gif)
sf_say "${#inputs[@]} GIFs, $(du -sh gifs | cut -f1)"

sf_say "1 shard"
/usr/bin/time -f "%e %U %S" -o one.time "$sf" convert "${inputs[@]}" --output-dir one --shard 1/1 --effort "$effort" --quiet >/dev/null

sf_say "4 shards at once"
start=$(date +%s.%N)
for i in 1 2 3 4; do
    /usr/bin/time -f "%e %U %S" -o "four-$i.time" \
        "$sf" convert "${inputs[@]}" --output-dir "four/$i" --shard "$i/4" --effort "$effort" --quiet >/dev/null &
done
wait
end=$(date +%s.%N)

"$sf" manifest merge one/manifest-1-of-1.json --output merged-1.json
"$sf" manifest merge four/*/manifest-*-of-4.json --output merged-4.json

read -r w u s < one.time
printf '\n| run | shard | inputs | wall s | CPU s (user+sys) |\n|---|---|---:|---:|---:|\n'
printf '| 1 shard | 1/1 | %d | %.2f | %.2f |\n' "$(ls one/*.png | wc -l)" "$w" "$(echo "$u + $s" | bc)"
total_cpu=0
for i in 1 2 3 4; do
    read -r w u s < "four-$i.time"
    cpu=$(echo "$u + $s" | bc)
    total_cpu=$(echo "$total_cpu + $cpu" | bc)
    printf '| 4 shards | %d/4 | %d | %.2f | %.2f |\n' "$i" "$(ls four/$i/*.png | wc -l)" "$w" "$cpu"
done
printf '| 4 shards, all | | %d | %.2f (first start to last end) | %.2f |\n' \
    "$(cat four/*/manifest-*-of-4.json | grep -c '"sha256"')" "$(echo "$end - $start" | bc)" "$total_cpu"

if cmp -s merged-1.json merged-4.json; then
    echo "merged manifests: identical ($(sha256sum merged-1.json | cut -c1-16), $(grep -c '"sha256"' merged-1.json) entries)"
else
    sf_die "the merged manifests differ: diff $work/merged-1.json $work/merged-4.json"
fi
if diff <(cd one && sha256sum *.png) <(cd four && for d in 1 2 3 4; do (cd "$d" && ls *.png >/dev/null 2>&1 && sha256sum *.png); done | sort -k2) >/dev/null; then
    echo "converted files: identical"
else
    sf_die "the converted files differ between the runs"
fi
