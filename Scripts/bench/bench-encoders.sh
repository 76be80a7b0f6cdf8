#!/usr/bin/env bash
# WebP and WebM writer benchmark (issue 22), every tool side by side in one run, at the byte
# limits that matter:
#   webp-still  512x512 still (a photo cut out with a soft round edge) at 100 KB and 500 KB
#   webp-anim   512x512, 90 frames at 30 fps (3 s), soft alpha edges (gen-bench-anim.py), at 100 KB and 500 KB
#   webm-anim   the same animation as VP9 WebM with alpha at 256 KB (Telegram's video sticker limit),
#               and ours again at ffmpeg's file size (row ours-at-ffmpeg-B: equal bytes)
# Tools: ours (`convert --to webp|webm --fit --lossy --min-quality 0 --max-bytes N`); cwebp (lossless
# when it fits, else -size N -pass 10 -m 6); img2webp and gif2webp (lossless when it fits, else the
# highest -q that fits, found by bisection; the time is the whole search); ffmpeg libvpx-vp9
# yuva420p two-pass aimed at the same bytes (re-aimed once when over); sticker-convert (custom
# preset, 512 px, 30 fps, the same size limit). gif2webp reads a GIF made from the frames by
# Pillow (256 colours, 1-bit alpha): its input loss counts against it, as it would for a user.
# KB are 1000 bytes. Quality: Scripts/bench/encoded-quality.py (composited SSIM over black and
# white; butteraugli of every 10th frame over black and white). Times: wall and user+sys CPU of
# the whole process (/usr/bin/time), one run each; the machine is shared, so compare within a run.
#
# Usage: Scripts/bench/bench-encoders.sh [WORK_DIR]
# img2webp and gif2webp run at ANIM_METHOD (default 4, their own default) on the 90-frame animation:
# one -m 6 encode of it costs about 150 s of CPU, so a bisection at -m 6 takes about 20 minutes a tool.
# Environment: SKIP_BUILD=1 reuses the release build; CASES=webp-still,webp-anim,webm-anim;
#              LIMITS="100000 500000" (the WebP limits); SKIP_STICKER_CONVERT=1; ANIM_METHOD=4.
set -euo pipefail
source "$(dirname "$0")/../lib.sh"
sf_require_swift

work="${1:-$(mktemp -d /tmp/stickerforge-bench-encoders.XXXXXX)}"
cases="${CASES:-webp-still,webp-anim,webm-anim}"
anim_m="${ANIM_METHOD:-4}"
sf="$SF_ROOT/.build/release/stickerforge"
mkdir -p "$work"
sf_build_release
[[ -x "$sf" ]] || sf_die "$sf not found; build it with: swift build -c release --product stickerforge"
for tool in cwebp img2webp gif2webp ffmpeg butteraugli; do command -v "$tool" >/dev/null || sf_warn "$tool not found"; done

src="$work/frames"
if [[ ! -f "$src/frame_89.png" ]]; then
    python3 "$SF_ROOT/Scripts/bench/gen-bench-anim.py" "$src" 90 512 >/dev/null
    rm -f "$src"/*.rgba
fi
# The still is a photo cut out as a sticker: Samples/StarterPack/photo.jpg scaled to 512x512 with a
# soft-edged round alpha mask (lossless is about 400 KB, so 100 KB needs loss and 500 KB does not).
still_dir="$work/still"; mkdir -p "$still_dir"
[[ -f "$still_dir/frame_00.png" ]] || python3 - "$SF_ROOT/Samples/StarterPack/photo.jpg" "$still_dir/frame_00.png" <<'PY'
import sys
from PIL import Image, ImageDraw, ImageFilter
im = Image.open(sys.argv[1]).convert("RGB").resize((512, 512), Image.LANCZOS)
mask = Image.new("L", (512, 512), 0)
ImageDraw.Draw(mask).ellipse((24, 24, 488, 488), fill=255)
im.putalpha(mask.filter(ImageFilter.GaussianBlur(3)))
im.save(sys.argv[2])
PY
[[ -f "$work/anim.png" ]] || ffmpeg -v error -y -framerate 30 -i "$src/frame_%02d.png" -plays 0 -f apng "$work/anim.png"
[[ -f "$work/anim.gif" ]] || python3 - "$src" "$work/anim.gif" <<'PY'
import glob, sys
from PIL import Image
frames = []
for p in sorted(glob.glob(sys.argv[1] + "/frame_*.png")):
    im = Image.open(p).convert("RGBA")
    alpha = im.getchannel("A").point(lambda a: 255 if a >= 128 else 0)
    pal = im.convert("RGB").quantize(255)
    pal.paste(255, mask=Image.eval(alpha, lambda a: 255 - a))
    pal.info["transparency"] = 255
    frames.append(pal)
frames[0].save(sys.argv[2], save_all=True, append_images=frames[1:], duration=33, loop=0, disposal=2, transparency=255)
PY

results="$work/results.txt"
printf '%-10s %-7s %-16s %9s %7s %11s %7s %7s\n' case limit tool bytes ssim butteraugli wall cpu > "$results"

# row CASE LIMIT TOOL FILE REFDIR WALL CPU: measures FILE and appends a line.
row() {
    local bytes quality
    if [[ -f "$4" ]]; then
        bytes=$(stat -c %s "$4")
        quality=$(python3 "$SF_ROOT/Scripts/bench/encoded-quality.py" "$sf" "$5" "$4" || echo "- -")
    else
        bytes="-"; quality="- -"
    fi
    local over=""; [[ "$bytes" != "-" && "$bytes" -gt "$2" ]] && over="(over)"
    # shellcheck disable=SC2086
    printf '%-10s %-7s %-16s %9s %7s %11s %7s %7s %s\n' "$1" "$2" "$3" "$bytes" $quality "$6" "$7" "$over" | tee -a "$results"
}

# timed OUTVAR CMD...: runs CMD, sets OUTVAR to "wall cpu".
timed() {
    local var="$1"; shift
    /usr/bin/time -o "$work/time.txt" -f "%e %U %S" "$@" >/dev/null 2>"$work/cmd.err" || sf_warn "failed: $* ($(tail -c 300 "$work/cmd.err"))"
    printf -v "$var" '%s' "$(awk '{printf "%.2f %.2f", $1, $2 + $3}' "$work/time.txt")"
}

# bisect_q OUT LIMIT CMD_WITH_Q...: the highest -q (0-100) whose output fits, lossless first.
# The command has the literal QQ where the quality goes and writes OUT.
bisect_q() {
    local out="$1" limit="$2"; shift 2
    local lo=-1 hi=101 best=""
    while (( hi - lo > 1 )); do
        local q=$(( (lo + hi) / 2 ))
        "${@//QQ/$q}" >/dev/null 2>&1 || true
        if [[ -f "$out" && $(stat -c %s "$out") -le $limit ]]; then lo=$q; cp "$out" "$out.best"; best=$q; else hi=$q; fi
    done
    [[ -n "$best" ]] && mv "$out.best" "$out" || rm -f "$out"
}
export -f bisect_q

sticker_convert() {  # DIR_IN DIR_OUT LIMIT FORMAT(.webp|.webm); a function, run through bash -c
    [[ -n "${SKIP_STICKER_CONVERT:-}" ]] && return 0
    command -v sticker-convert >/dev/null || return 0
    sticker-convert --no-confirm --no-progress --input-dir "$1" --output-dir "$2" --preset custom \
        --img-size-max "$3" --vid-size-max "$3" --img-format "$4" --vid-format "$4" \
        --res-min 512 --res-max 512 --fps-min 30 --fps-max 30 --steps 16 --processes 1
}
export -f sticker_convert

for limit in ${LIMITS:-100000 500000}; do
    d="$work/out-$limit"; rm -rf "$d"; mkdir -p "$d"
    if [[ ",$cases," == *",webp-still,"* ]]; then
        timed t "$sf" convert "$still_dir/frame_00.png" --to webp --fit --lossy --min-quality 0 --max-bytes "$limit" --output-dir "$d/ours-still" --quiet
        row webp-still "$limit" ours "$d/ours-still/frame_00.webp" "$still_dir" $t
        timed t bash -c "cwebp -quiet -lossless -z 9 '$still_dir/frame_00.png' -o '$d/cwebp.webp' && [ \$(stat -c %s '$d/cwebp.webp') -le $limit ] || cwebp -quiet -size $limit -pass 10 -m 6 '$still_dir/frame_00.png' -o '$d/cwebp.webp'"
        row webp-still "$limit" cwebp "$d/cwebp.webp" "$still_dir" $t
        mkdir -p "$d/sc-still-in"; cp "$still_dir/frame_00.png" "$d/sc-still-in/"
        timed t bash -c "sticker_convert '$d/sc-still-in' '$d/sc-still' $limit .webp"
        row webp-still "$limit" sticker-convert "$(ls "$d"/sc-still/*.webp 2>/dev/null | head -1)" "$still_dir" $t
    fi
    if [[ ",$cases," == *",webp-anim,"* ]]; then
        timed t "$sf" convert "$work/anim.png" --to webp --fit --lossy --min-quality 0 --max-bytes "$limit" --output-dir "$d/ours-anim" --quiet
        row webp-anim "$limit" ours "$d/ours-anim/anim.webp" "$src" $t
        timed t bash -c "img2webp -loop 0 -lossless -m $anim_m -d 33 $src/frame_*.png -o '$d/img2webp.webp' && [ \$(stat -c %s '$d/img2webp.webp') -le $limit ] || bisect_q '$d/img2webp.webp' $limit img2webp -loop 0 -lossy -q QQ -m $anim_m -d 33 $src/frame_*.png -o '$d/img2webp.webp'"
        row webp-anim "$limit" img2webp "$d/img2webp.webp" "$src" $t
        timed t bash -c "gif2webp -quiet -m $anim_m '$work/anim.gif' -o '$d/gif2webp.webp' && [ \$(stat -c %s '$d/gif2webp.webp') -le $limit ] || bisect_q '$d/gif2webp.webp' $limit gif2webp -quiet -lossy -q QQ -m $anim_m '$work/anim.gif' -o '$d/gif2webp.webp'"
        row webp-anim "$limit" gif2webp "$d/gif2webp.webp" "$src" $t
        mkdir -p "$d/sc-anim-in"; cp "$work/anim.png" "$d/sc-anim-in/anim.apng"
        timed t bash -c "sticker_convert '$d/sc-anim-in' '$d/sc-anim' $limit .webp"
        row webp-anim "$limit" sticker-convert "$(ls "$d"/sc-anim/*.webp 2>/dev/null | head -1)" "$src" $t
    fi
done

if [[ ",$cases," == *",webm-anim,"* ]]; then
    limit=256000; d="$work/out-webm"; rm -rf "$d"; mkdir -p "$d"
    timed t "$sf" convert "$work/anim.png" --to webm --fit --max-bytes "$limit" --output-dir "$d/ours" --quiet
    row webm-anim "$limit" ours "$d/ours/anim.webm" "$src" $t
    # ffmpeg two-pass at the bitrate of the byte target over 3 s, re-aimed once by the overshoot.
    ff() {
        local k="$1"
        (cd "$d" && ffmpeg -v error -y -framerate 30 -i "$src/frame_%02d.png" -c:v libvpx-vp9 -pix_fmt yuva420p -b:v "${k}k" \
            -pass 1 -passlogfile "$d/ff" -an -f null /dev/null &&
         ffmpeg -v error -y -framerate 30 -i "$src/frame_%02d.png" -c:v libvpx-vp9 -pix_fmt yuva420p -b:v "${k}k" \
            -pass 2 -passlogfile "$d/ff" -an "$d/ffmpeg.webm")
    }
    export -f ff; export src d
    kbps=$(( limit * 8 / 3 / 1000 ))
    timed t bash -c "ff $kbps; s=\$(stat -c %s '$d/ffmpeg.webm'); [ \$s -le $limit ] || ff \$(( $kbps * $limit / \$s * 97 / 100 ))"
    row webm-anim "$limit" "ffmpeg-2pass" "$d/ffmpeg.webm" "$src" $t
    # Ours again with the limit set to ffmpeg's file size: the comparison at equal bytes (ffmpeg's
    # re-aim lands a little under the limit).
    if [[ -f "$d/ffmpeg.webm" ]]; then
        ffbytes=$(stat -c %s "$d/ffmpeg.webm")
        timed t "$sf" convert "$work/anim.png" --to webm --fit --max-bytes "$ffbytes" --output-dir "$d/ours-eq" --quiet
        row webm-anim "$ffbytes" ours-at-ffmpeg-B "$d/ours-eq/anim.webm" "$src" $t
    fi
    mkdir -p "$d/sc-in"; cp "$work/anim.png" "$d/sc-in/anim.apng"
    timed t bash -c "sticker_convert '$d/sc-in' '$d/sc' $limit .webm"
    row webm-anim "$limit" sticker-convert "$(ls "$d"/sc/*.webm 2>/dev/null | head -1)" "$src" $t
fi
sf_say "results in $results"
