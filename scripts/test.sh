#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks and runs every check: formatting, lints,
# the engine built alone (no GUI, no CLI), the API docs (warnings are errors) and the
# tests. The README's test command; `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/install-deps.sh
cargo fmt --check
cargo clippy --all-targets -- -D warnings
# The engine builds without any GUI or CLI crate.
cargo build --lib --no-default-features
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps
cargo test
