#!/bin/bash
# benches/startup.sh BEFORE_BIN AFTER_BIN OMP_DRIVER (perf from Debian's linux-perf)
# perf stat -r 20 task-clock (ms) of the smallest runs, three rounds alternating.
B=$1; A=$2; O=$3
ms() { perf stat -r 20 -e task-clock,page-faults "$@" 2>&1 >/dev/null | awk '/task-clock/{t=$1} /page-faults/{p=$1} END{printf "%s ms %s pf", t, p}'; }
for round in 1 2 3; do
  echo "round $round"
  echo "  turn HU : before $(ms $B equity AsKs 5hTc --board QsTs5c2d) | after $(ms $A equity AsKs 5hTc --board QsTs5c2d) | omp $(ms $O exact -t 1 -b QsTs5c2d AsKs 5hTc)"
  echo "  flop HU : before $(ms $B equity AsKs 5hTc --board QsTs5c) | after $(ms $A equity AsKs 5hTc --board QsTs5c) | omp $(ms $O exact -t 1 -b QsTs5c AsKs 5hTc)"
  echo "  flop 4  : before $(ms $B equity AsKs 5hTc 7d7c 2c2d --board QsTs5c) | after $(ms $A equity AsKs 5hTc 7d7c 2c2d --board QsTs5c) | omp $(ms $O exact -t 1 -b QsTs5c AsKs 5hTc 7d7c 2c2d)"
  echo "  version : before $(ms $B --version) | after $(ms $A --version)"
done
