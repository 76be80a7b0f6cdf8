#!/usr/bin/env bash
# Builds the release binaries and installs StickerForge under a prefix (default /usr/local):
#   PREFIX/bin/stickerforge, PREFIX/bin/stickerforge-lottie (the Lottie renderer, found beside the
#   tool: ImageCodec/Lottie/LottieRendererLocator.swift), shell completions for bash, zsh and fish,
#   and the man page stickerforge(1).
#
#   Scripts/install.sh [--prefix DIR] [--uninstall] [--configuration release|debug]
#
# --configuration debug installs the debug build instead (no release compile; Scripts/test-install.sh
# uses it in CI to stay quick). Release is what users want.
#
# Installing over an earlier install replaces its files. --uninstall removes exactly the files an
# install writes (and nothing else). Needs the C libraries (Scripts/setup.sh on Debian/Ubuntu; the
# macOS steps in docs/install.md). Set SWIFT_BUILD_FLAGS for extra `swift build` flags.
set -euo pipefail

prefix=/usr/local
uninstall=0
configuration=release
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "error: --prefix needs a folder" >&2; exit 64; }; prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --uninstall) uninstall=1; shift ;;
        --configuration)
            [ $# -ge 2 ] && { [ "$2" = release ] || [ "$2" = debug ]; } ||
                { echo "error: --configuration takes release or debug" >&2; exit 64; }
            configuration="$2"; shift 2 ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument $1 (usage: Scripts/install.sh [--prefix DIR] [--uninstall] [--configuration release|debug])" >&2; exit 64 ;;
    esac
done
[ -n "$prefix" ] || { echo "error: --prefix must not be empty" >&2; exit 64; }
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Every file an install writes, relative to the prefix.
files=(
    bin/stickerforge
    bin/stickerforge-lottie
    share/bash-completion/completions/stickerforge
    share/zsh/site-functions/_stickerforge
    share/fish/vendor_completions.d/stickerforge.fish
    share/man/man1/stickerforge.1
)

if [ "$uninstall" -eq 1 ]; then
    for file in "${files[@]}"; do
        if [ -e "$prefix/$file" ] || [ -L "$prefix/$file" ]; then
            rm -f "$prefix/$file"
            sf_say "removed $prefix/$file"
        fi
    done
    exit 0
fi

sf_require_swift
# shellcheck disable=SC2086  # SWIFT_BUILD_FLAGS is a list of flags
sf_say "swift build -c $configuration ${SWIFT_BUILD_FLAGS:-}"
swift build -c "$configuration" --product stickerforge ${SWIFT_BUILD_FLAGS:-}
bin="$(swift build -c "$configuration" --show-bin-path ${SWIFT_BUILD_FLAGS:-})"
for tool in stickerforge stickerforge-lottie; do
    [ -x "$bin/$tool" ] || sf_die "built, but $bin/$tool is missing"
done

stage="$(mktemp -d "${TMPDIR:-/tmp}/stickerforge-install.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/bin" "$stage/share/bash-completion/completions" "$stage/share/zsh/site-functions" \
         "$stage/share/fish/vendor_completions.d" "$stage/share/man/man1"
cp "$bin/stickerforge" "$bin/stickerforge-lottie" "$stage/bin/"
"$bin/stickerforge" --generate-completion-script bash > "$stage/share/bash-completion/completions/stickerforge"
"$bin/stickerforge" --generate-completion-script zsh > "$stage/share/zsh/site-functions/_stickerforge"
"$bin/stickerforge" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/stickerforge.fish"

# The man page from swift-argument-parser's generate-manual plugin (it builds offline from the
# checked-out dependency). --disable-sandbox: the plugin runs the built tool, which macOS's plugin
# sandbox would not allow to write outside the plugin's folder.
# One page holds every subcommand. Its date is the last commit's, so the page is the same at every install.
date="$(git -C "$SF_ROOT" log -1 --format=%cs 2>/dev/null || true)"
sf_say "swift package plugin generate-manual"
manuals="$SF_ROOT/.build/plugins/GenerateManual/outputs"
rm -rf "$manuals"
swift package --disable-sandbox plugin generate-manual --configuration "$configuration" ${date:+--date "$date"} >&2 ||
    sf_die "swift-argument-parser's generate-manual plugin failed (see above)"
page="$(find "$manuals" -name stickerforge.1 | head -n 1)"
[ -n "$page" ] || sf_die "generate-manual wrote no stickerforge.1 under $manuals"
cp "$page" "$stage/share/man/man1/stickerforge.1"

sf_say "installing into $prefix"
for dir in bin share/bash-completion/completions share/zsh/site-functions share/fish/vendor_completions.d share/man/man1; do
    mkdir -p "$prefix/$dir" || sf_die "cannot create $prefix/$dir (run with sudo, or choose another --prefix)"
done
# Each file is copied beside its target and renamed over it, so a running stickerforge is never half-written.
( cd "$stage" && find . -type f | sort ) | while IFS= read -r file; do
    file="${file#./}"
    cp "$stage/$file" "$prefix/$file.new" && mv -f "$prefix/$file.new" "$prefix/$file" ||
        sf_die "cannot write $prefix/$file (run with sudo, or choose another --prefix)"
done
chmod 755 "$prefix/bin/stickerforge" "$prefix/bin/stickerforge-lottie"
sf_say "installed stickerforge $("$prefix/bin/stickerforge" --version) into $prefix"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) sf_warn "$prefix/bin is not on PATH; add it to use stickerforge by name" ;; esac
