#!/usr/bin/env bash
# Installs the Debian packages StickerForge builds against, but only those that are missing.
# Idempotent and silent when everything is present; safe under CI=true with no stdin.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# C libraries and headers the system-library targets link (Package.swift), plus pkg-config,
# which SwiftPM uses to find them. libzopfli has no .pc file but is linked directly. libwebp,
# libvpx, libwebm, librlottie and liblcms2 read the formats stickers come from and convert colour;
# libyuv turns decoded video frames into RGBA; libxxhash fingerprints decoded frames; libmd computes
# the SHA-256 digests of what a build writes.
PACKAGES=(libpng-dev libgif-dev libjpeg-dev zlib1g-dev libdeflate-dev libzopfli-dev pkg-config
          libwebp-dev libvpx-dev libwebm-dev librlottie-dev liblcms2-dev libyuv-dev libxxhash-dev libmd-dev)

if ! command -v dpkg >/dev/null 2>&1; then
    sf_warn "not a Debian-based system (no dpkg): install the equivalents of ${PACKAGES[*]} yourself."
    exit 0
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
    # `dpkg -s` also succeeds for removed packages whose config files remain: read the status.
    if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed$'; then
        missing+=("$pkg")
    fi
done
[ "${#missing[@]}" -eq 0 ] && exit 0

sf_say "installing missing system packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if [ "$(id -u)" -eq 0 ]; then
    sudo=()
elif command -v sudo >/dev/null 2>&1; then
    # Without a terminal (CI, pipes) a password prompt would hang: fail instead.
    if [ -t 0 ] && [ "${CI:-}" != "true" ]; then sudo=(sudo); else sudo=(sudo -n); fi
else
    sf_die "missing packages ${missing[*]}, and not root with no sudo. As root run: apt-get install -y ${missing[*]}"
fi

sf_stage "apt-get-update" "${sudo[@]}" apt-get update -qq ||
    sf_die "apt-get update failed; install by hand: apt-get install -y ${missing[*]}"
sf_stage "apt-get-install" "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" </dev/null ||
    sf_die "apt-get install failed for: ${missing[*]}"
sf_say "installed: ${missing[*]}"
