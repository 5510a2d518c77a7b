#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks (quietly skips what is there) and opens
# MultiOdds: the README's first command.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/install-deps.sh
exec cargo run --release -- "$@"
