#!/usr/bin/env bash
# Thread scaling of the long jobs: each command at --threads 1 and at --threads N (the
# machine's cores by default), alternating, wall and CPU seconds, and the speed-up.
# Usage: benches/scaling.sh BIN [N] [ROUNDS]   (run on a quiet machine)
set -euo pipefail
BIN=${1:?usage: benches/scaling.sh BIN [THREADS] [ROUNDS]}
N=${2:-$(nproc)}
ROUNDS=${3:-2}
JOBS=(
  'flops "22+,A2s+,K9s+,ATo+" "TT+,AQ+" -q'
  'flops random random -q'
  'table --opponents 1-3 --target-se 0.0005 -q'
  'sweep "Ad Qc" --board "3h 4c Jh" --opponents 1-9 -q'
  'equity AKs random random --exact -q'
  'equity AA "JJ+" "JJ+" "JJ+" "JJ+" --exact -q'
  'equity "TT+,AJs+" "22+,A2s+,KTs+" random --board "Kd 7c 2s" --exact -q'
)
printf '%-70s %8s %8s %8s %8s %8s\n' job "1 wall" "1 cpu" "$N wall" "$N cpu" speed-up
for job in "${JOBS[@]}"; do
  # A job that fails (refused, a bad flag) stops the script: every row is a real run.
  best1=999999 bestn=999999 cpu1=0 cpun=0
  for _ in $(seq "$ROUNDS"); do
    for t in 1 "$N"; do
      out=$( { /usr/bin/time -f '%e %U %S' bash -c "$BIN ${job} --threads $t >/dev/null"; } 2>&1 | tail -1)
      read -r wall user sys <<<"$out"
      cpu=$(python3 -c "print(round($user + $sys, 2))")
      if [ "$t" = 1 ]; then
        if python3 -c "import sys; sys.exit(0 if $wall < $best1 else 1)"; then best1=$wall cpu1=$cpu; fi
      else
        if python3 -c "import sys; sys.exit(0 if $wall < $bestn else 1)"; then bestn=$wall cpun=$cpu; fi
      fi
    done
  done
  printf '%-70s %8s %8s %8s %8s %8s\n' "$job" "$best1" "$cpu1" "$bestn" "$cpun" \
    "$(python3 -c "print(round($best1 / $bestn, 2))")"
done
