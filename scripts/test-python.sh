#!/usr/bin/env bash
# The Python package (crates/python): builds its wheel with maturin, installs it in a
# virtual environment with the suite's oracles (eval7, pokerkit) and runs its pytest
# suite against the `multiodds` binary the Rust tests built. Called by scripts/test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-$PWD/target}"
venv="$target/python-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
cargo fmt --manifest-path crates/python/Cargo.toml --check
"$venv/bin/pip" install -q --disable-pip-version-check "maturin>=1.5,<2" numpy pytest eval7 pokerkit
CARGO_TARGET_DIR="$target/python" "$venv/bin/maturin" build --release -q \
  -m crates/python/Cargo.toml -o "$target/wheels"
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps \
  "$target"/wheels/multiodds-0.1.0-*.whl
MULTIODDS_BIN="$target/debug/multiodds" "$venv/bin/pytest" -q -p no:cacheprovider crates/python/tests
