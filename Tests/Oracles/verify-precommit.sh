#!/usr/bin/env bash
# End-to-end test of .pre-commit-hooks.yaml with the real pre-commit from PyPI: `pre-commit try-repo`
# clones this repository at its committed HEAD (commit your changes first), builds stickerforge with
# `swift build -c release` (language: swift) and runs the hook `stickerforge-check` in a throwaway
# git repository, where
#   1. a clean sticker (a copy of Samples/StarterPack/sun.png) passes,
#   2. a file that breaks an error rule (poster.png, 640 x 640: dimensions_too_large) fails the hook,
#   3. a frame of a pack whose stickerforge.yml sets the small grid (and makes exceeds_grid_size an
#      error) fails as that pack's sticker: the pack's settings apply, not the defaults.
# The first run builds the tool (many minutes on a small machine); later runs reuse the build
# (see the shim below). Exit 0 when all three behave.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../Scripts/lib.sh"
sf_require_swift
command -v pre-commit >/dev/null 2>&1 || python3 -m pip install --quiet pre-commit
pre-commit --version >&2

work=$(mktemp -d "${TMPDIR:-/tmp}/sf-precommit.XXXXXX")
trap 'rm -rf "$work"' EXIT

# `try-repo` makes a fresh store each run, so each of the three runs below would build the tool
# from scratch. A `swift` shim first on PATH keeps one build per commit instead: pre-commit's
# `swift build --package-path CLONE -c release --build-path ENV/.build` builds a copy of the clone
# (only changed files are copied, so the others keep their times) in $SF_PRECOMMIT_CACHE and links
# ENV/.build to it; pre-commit then runs the hook from ENV/.build/release as usual. On the shared
# development machine the build goes through /work/bin/sfbuild, the machine's build lock.
cache="${SF_PRECOMMIT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stickerforge-precommit}"
mkdir -p "$work/shim" "$cache"
real_swift="$(command -v swift)"
builder="$real_swift build"
[ -x /work/bin/sfbuild ] && builder=/work/bin/sfbuild
cat > "$work/shim/swift" <<SHIM
#!/usr/bin/env bash
set -euo pipefail
[ "\${1:-}" = build ] || exec "$real_swift" "\$@"
shift
package="" buildpath="" rest=()
while [ \$# -gt 0 ]; do
    case "\$1" in
        --package-path) package="\$2"; shift 2 ;;
        --build-path) buildpath="\$2"; shift 2 ;;
        *) rest+=("\$1"); shift ;;
    esac
done
mkdir -p "$cache/src"
# Copy only files whose bytes changed, so the others keep their times and are not rebuilt.
(cd "\$package" && find . -type f -not -path './.git/*' -not -path './swift_env-default/*') | while IFS= read -r f; do
    cmp -s "\$package/\$f" "$cache/src/\$f" || { mkdir -p "\$(dirname "$cache/src/\$f")"; cp "\$package/\$f" "$cache/src/\$f"; }
done
PATH="$(dirname "$real_swift"):\$PATH" $builder --package-path "$cache/src" --scratch-path "$cache/build" "\${rest[@]}"
ln -sfn "$cache/build" "\$buildpath"
SHIM
chmod +x "$work/shim/swift"
PATH="$work/shim:$PATH"

repo="$work/repo"
mkdir -p "$repo/Pack/wave"
cd "$repo"
git init -q
git config user.email ci@example.invalid
git config user.name ci

# `try-repo` runs the hook on the staged files, as a commit would.
# The committed HEAD (or SF_PRECOMMIT_REF) is tested, so a rerun of the same commit reuses the build.
ref="${SF_PRECOMMIT_REF:-$(git -C "$SF_ROOT" rev-parse HEAD)}"
try_hook() { pre-commit try-repo "$SF_ROOT" stickerforge-check --ref "$ref" --verbose 2>&1; }

cp "$SF_ROOT/Samples/StarterPack/sun.png" clean.png
git add clean.png
sf_say "1/3 a clean sticker (builds the hook on first use)"
if ! out=$(try_hook); then printf '%s\n' "$out"; sf_die "the hook failed on a clean sticker"; fi
printf '%s\n' "$out" | grep -q "Passed" || { printf '%s\n' "$out"; sf_die "no 'Passed' line"; }
git commit -qm clean

cp "$SF_ROOT/Samples/StarterPack/poster.png" broken.png
git add broken.png
sf_say "2/3 a sticker that breaks an error rule"
if out=$(try_hook); then printf '%s\n' "$out"; sf_die "the hook passed a 640 x 640 sticker"; fi
printf '%s\n' "$out" | grep -q "dimensions_too_large" || { printf '%s\n' "$out"; sf_die "dimensions_too_large not reported"; }
git rm -q --cached broken.png && rm broken.png

printf 'grid_size: small\nrules:\n  exceeds_grid_size: error\n' > Pack/stickerforge.yml
cp "$SF_ROOT/Samples/StarterPack/sun.png" Pack/wave/wave_1.png
git add Pack/wave/wave_1.png
sf_say "3/3 a frame of a small-grid pack (408 px is over its 300 px cells)"
if out=$(try_hook); then printf '%s\n' "$out"; sf_die "the hook ignored the pack's grid size"; fi
printf '%s\n' "$out" | grep -q "exceeds_grid_size" || { printf '%s\n' "$out"; sf_die "exceeds_grid_size not reported"; }

sf_say "pre-commit hook: clean passes, error fails, pack settings apply"
