#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks and runs every check: formatting, lints,
# the engine crate's tests (built without any GUI or CLI crate), the API docs (warnings
# are errors), the app's and binary's tests, then the Python package's. The README's test command; `.ci/run`
# calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/install-deps.sh
cargo fmt --check
cargo clippy --workspace --all-targets -- -D warnings
# The engine crate has no GUI or CLI dependency; its tests run first, on their own.
cargo test -p multiodds-engine
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps
cargo test --workspace --exclude multiodds-engine
# The Python package: its wheel built and its pytest suite run against the CLI above.
bash scripts/test-python.sh
