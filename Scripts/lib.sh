# Shared helpers for StickerForge's scripts. Source it; do not run it.
#   source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# After sourcing, the working directory is the repository root, whatever the caller's cwd was.

# The repository root is the parent of the folder this file lives in.
SF_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$SF_ROOT"

# Messages go to stderr so that a script's stdout stays usable as data.
sf_say()  { printf '==> %s\n' "$*" >&2; }
sf_warn() { printf 'warning: %s\n' "$*" >&2; }
sf_die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

# sf_stage LABEL CMD...: one line for a stage, its output (the compiler's and apt's progress) kept in
# .build-logs/LABEL.log. On failure the log's last 80 lines are shown (all of it under CI=true, where
# no one can open the file), with its path, and the stage's exit status is returned.
sf_stage() {
    local label="$1"; shift
    local log="$SF_ROOT/.build-logs/$label.log"
    mkdir -p "$SF_ROOT/.build-logs"
    sf_say "$label (log: ${log#"$SF_ROOT"/})"
    local status=0
    "$@" >"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        printf 'error: %s failed (exit %s); ' "$label" "$status" >&2
        if [ "${CI:-}" = "true" ]; then echo "its log:" >&2; cat "$log" >&2
        else echo "the end of $log:" >&2; tail -n 80 "$log" >&2; fi
    fi
    return "$status"
}

# Puts the Swift toolchain on PATH when it is installed at /opt/swift but not on PATH yet
# (a fresh login shell on the development machines), and fails clearly when there is none.
sf_require_swift() {
    if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
        PATH="/opt/swift/usr/bin:$PATH"
        export PATH
    fi
    command -v swift >/dev/null 2>&1 ||
        sf_die "swift not found on PATH. Install the Swift toolchain (https://www.swift.org/install/) and try again."
}

# sf_time_once TMPFILE CMD...: runs CMD, which prints "<seconds> ..." first, once and prints its
# "wall cpu": wall is the command's own timer; cpu is user+sys of the process and its waited-for
# children (from /usr/bin/time, written to TMPFILE), which stays meaningful when other jobs load the machine.
sf_time_once() {
    local tmp="$1"; shift
    local wall; wall=$(/usr/bin/time -o "$tmp" -f "%U %S" "$@" | awk '{print $1}')
    echo "$wall $(awk '{printf "%.2f", $1 + $2}' "$tmp")"
}

# sf_best3 TMPFILE CMD...: "wall cpu" of the best of 3 runs of CMD (sf_time_once), each the least.
sf_best3() {
    local tmp="$1" b="" c=""; shift
    for _ in 1 2 3; do
        local s u; read -r s u < <(sf_time_once "$tmp" "$@")
        if [[ -z "$b" ]] || awk -v a="$s" -v b="$b" 'BEGIN{exit !(a<b)}'; then b="$s"; fi
        if [[ -z "$c" ]] || awk -v a="$u" -v b="$c" 'BEGIN{exit !(a<b)}'; then c="$u"; fi
    done
    echo "$b $c"
}

# Alternated timing, for benchmarks on a machine whose speed drifts: run every command of a
# comparison once a round, in turn, for several rounds, and take each one's median, so a slow spell
# falls on all of them alike (best of 3 in a row let one side meet a slow spell the other missed).
# sf_timed DIR NAME CMD...: runs CMD once (sf_time_once) and appends its "wall cpu" to DIR/NAME.
sf_timed() {
    local dir="$1" name="$2"; shift 2
    sf_time_once "$dir/.cpu" "$@" >> "$dir/$name"
}

# sf_median DIR NAME: "wall cpu", each the median of the runs sf_timed appended to DIR/NAME.
sf_median() {
    local m="" column
    for column in 1 2; do
        m+="$(cut -d' ' -f"$column" "$1/$2" | sort -g | awk '{v[NR] = $1} END {
            printf "%s ", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')"
    done
    echo "${m% }"
}

# Builds the release stickerforge (with the stickerforge-lottie helper beside it) for a benchmark,
# after installing missing system packages, unless SKIP_BUILD is set. SWIFT_BUILD names the build
# command (default `swift build`; e.g. a wrapper that serialises builds on a shared machine).
sf_build_release() {
    [[ -n "${SKIP_BUILD:-}" ]] && return 0
    "$SF_ROOT/Scripts/setup.sh"
    sf_say "building stickerforge (release)"
    ${SWIFT_BUILD:-swift build} -c release --product stickerforge >/dev/null
}
