#!/usr/bin/env bash
# Installs MultiOdds as a desktop application for the current user: the `multiodds`
# binary (cargo install) in $PREFIX/bin, a desktop entry and its icon. PREFIX defaults to
# ~/.local (on Debian, ~/.local/bin joins PATH at the next login). Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
prefix="${PREFIX:-$HOME/.local}"
bash scripts/install-deps.sh
# Reuse this checkout's build directory rather than a fresh temporary one.
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}" \
  cargo install --quiet --locked --force --path . --root "$prefix"
data="${XDG_DATA_HOME:-$HOME/.local/share}"
install -D -m 644 assets/icon.png "$data/icons/hicolor/128x128/apps/multiodds.png"
mkdir -p "$data/applications"
sed "s|^Exec=multiodds|Exec=$prefix/bin/multiodds|" assets/multiodds.desktop \
  > "$data/applications/multiodds.desktop.tmp"
mv "$data/applications/multiodds.desktop.tmp" "$data/applications/multiodds.desktop"
command -v update-desktop-database >/dev/null && update-desktop-database -q "$data/applications" || true
echo "installed $prefix/bin/multiodds and $data/applications/multiodds.desktop"
