#!/usr/bin/env bash
# Before/after check of a refactor: runs the README's examples and every scenario in
# assets/examples with two builds of the binary, as JSON, and diffs them with the timings
# (elapsed, deals per second) taken out. Usage: benches/same_answers.sh OLD_BIN NEW_BIN
set -uo pipefail
old=$1 new=$2
cd "$(dirname "$0")/.."
commands=(
  'eval As Ks Qs Js Ts --json'
  'range "QQ+, AK, T9s-65s:0.5, Group3 Suited" --board "Ah 7d 2c" --json'
  'equity AsKs "5h Tc" --board "Qs Ts 5c" --json'
  'equity KK "AA,KK,QQ" 22+ 22+ --mc --target-se 0.001 --json'
  'equity AKs QQ --folded "22+,A2s+,ATo+" --folded 20% --json'
  'sweep "Ad Qc" --board "3h 4c Jh" --opponents 1-9 --json'
  'outs "Ah Kh" --board "7h 2h 9c" --vs "9s 9d" --json'
  'table --opponents 1-2 --json'
  'breakdown "22+,A2s+,KTs+,QTs+,JTs,ATo+" --board "Kd 7c 2s" --vs "TT+,AQ+" --json'
  'runouts "AhKh,QQ" random --board "Jh 4c 3h" --json'
  'equity --game omaha AsAhKsKh QdQcJdJc --exact --json'
  'equity --game omaha-hilo A2xx "KKxx ds" --board "3c 7d Ks" --json'
  'sweep --game shortdeck AKs --opponents 1-5 --json'
  'eval --game omaha-hilo As 2d Kc Kd 3c 4h 5s --json'
  'table --game shortdeck --opponents 1 --json'
  'breakdown --game omaha "AAxx, KQJT" --board "Kd 7c 2s" --vs "QQxx ds" --json'
)
for f in assets/examples/*.ron; do commands+=("run $f --json"); done
strip() { sed -E 's/"(elapsed_ms|ms|elapsed|deals_per_second|seconds)": ?[0-9.e+-]+,?//g'; }
same=0 differ=0
for c in "${commands[@]}"; do
  a=$(eval "$old $c" 2>&1 | strip) b=$(eval "$new $c" 2>&1 | strip)
  if [ "$a" == "$b" ]; then same=$((same + 1)); else differ=$((differ + 1)); echo "DIFFERS: $c ($(echo "$b" | grep -q monte_carlo && echo "Monte Carlo" || echo "exact or other"))"; fi
done
echo "same: $same, different: $differ"
