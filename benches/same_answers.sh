#!/usr/bin/env bash
# Before/after check of a refactor: the README's examples and every scenario in
# assets/examples through two builds, as JSON, every number both print compared (times
# left out; keys one build adds are listed, never a number changed). The work is in
# same_answers.py. Usage: benches/same_answers.sh OLD_BIN NEW_BIN
set -euo pipefail
exec python3 "$(dirname "$0")/same_answers.py" "$@"
