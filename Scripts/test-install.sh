#!/usr/bin/env bash
# Tests Scripts/install.sh end to end: installs into a temporary prefix, then, from a folder outside
# the repository and with a PATH that holds neither the build folder nor the repository, converts a
# Lottie file with the installed stickerforge (its stickerforge-lottie helper found beside it),
# checks the completions and the man page, and uninstalls.
#   Scripts/test-install.sh            release build, as users install it
#   SF_INSTALL_CONFIGURATION=debug Scripts/test-install.sh    reuses the debug build (CI)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
configuration="${SF_INSTALL_CONFIGURATION:-release}"

prefix="$(mktemp -d "${TMPDIR:-/tmp}/stickerforge-prefix.XXXXXX")"
work="$(mktemp -d "${TMPDIR:-/tmp}/stickerforge-outside.XXXXXX")"
trap 'rm -rf "$prefix" "$work"' EXIT

"$SF_ROOT/Scripts/install.sh" --prefix "$prefix" --configuration "$configuration"

for file in bin/stickerforge bin/stickerforge-lottie share/bash-completion/completions/stickerforge \
            share/zsh/site-functions/_stickerforge share/fish/vendor_completions.d/stickerforge.fish \
            share/man/man1/stickerforge.1; do
    [ -s "$prefix/$file" ] || sf_die "install wrote no $prefix/$file"
done
[ -x "$prefix/bin/stickerforge-lottie" ] || sf_die "stickerforge-lottie is not executable"
grep -q '^\.Dt STICKERFORGE 1' "$prefix/share/man/man1/stickerforge.1" || sf_die "the man page has no .Dt STICKERFORGE 1 header (mdoc)"
grep -q 'convert' "$prefix/share/man/man1/stickerforge.1" || sf_die "the man page does not list the convert subcommand"
bash -n "$prefix/share/bash-completion/completions/stickerforge" || sf_die "the bash completion script does not parse"
grep -q '_stickerforge' "$prefix/share/bash-completion/completions/stickerforge" || sf_die "bash completion has no _stickerforge function"
grep -q '#compdef stickerforge' "$prefix/share/zsh/site-functions/_stickerforge" || sf_die "zsh completion has no #compdef line"
grep -q "complete -c 'stickerforge'" "$prefix/share/fish/vendor_completions.d/stickerforge.fish" || sf_die "fish completion has no complete -c 'stickerforge'"

# Outside the repository, with a minimal environment: no STICKERFORGE_LOTTIE_RENDERER, no build folder on PATH.
cp "$SF_ROOT/Tests/ImageCodecTests/Fixtures/Lottie/shapes.json" "$work/shapes.json"
( cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" "$prefix/bin/stickerforge" convert shapes.json --output-dir out -q ) ||
    sf_die "the installed stickerforge could not convert a Lottie file"
png="$work/out/shapes.png"
[ -s "$png" ] || sf_die "convert wrote no $png"
head -c 100 "$png" | grep -q acTL || sf_die "$png is not an animated PNG (no acTL before the image data)"
sf_say "converted shapes.json with the installed copy: $(wc -c < "$png") bytes, an APNG"

"$SF_ROOT/Scripts/install.sh" --prefix "$prefix" --uninstall
left="$(find "$prefix" -type f | sort)"
[ -z "$left" ] || sf_die "--uninstall left files behind: $left"
echo "install test: passed ($configuration build, prefix $prefix)"
