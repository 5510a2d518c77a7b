#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks to build, test and run MultiOdds.
# The GUI needs these runtime libraries (software GL is enough); building needs no -dev
# packages; the Python package needs Python 3 and its venv module. Safe to run twice;
# uses sudo when not root.
set -euo pipefail
packages=(ca-certificates curl gcc libc6-dev pkg-config
  libx11-xcb1 libxcursor1 libxi6 libxkbcommon-x11-0 libegl1 libgl1-mesa-dri
  fonts-droid-fallback  # CJK glyphs for player names in hand histories
  python3 python3-venv)  # the Python package's build and tests (scripts/test-python.sh)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
if ! command -v cargo >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/cargo" ]; then
  echo "Rust is missing: install rustup (https://rustup.rs); rust-toolchain.toml pins the version." >&2
  exit 1
fi
