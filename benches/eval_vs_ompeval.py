#!/usr/bin/env python3
"""The evaluator against OMPEval's: each binary's timed loop (its CPU seconds), interleaved, on
one core. Usage: python3 benches/eval_vs_ompeval.py ROUNDS (build first:
`cargo build --release --example eval_count`; `../shared/bench/ompeval/build.sh`)."""
import subprocess, re, statistics, sys
import os
EC = os.environ.get("EVAL_COUNT", "target/release/examples/eval_count")
OMP = os.environ.get("OMP_DRIVER", "../shared/bench/ompeval/bin/omp_driver")
def cpu(cmd):
    out = subprocess.run(["taskset", "-c", "1"] + cmd, capture_output=True, text=True).stdout
    return float(re.search(r"loop_cpu_s: ([0-9.]+)", out).group(1))
for name, a, b in [("sequential", [EC, "sequential"], [OMP, "evalseq"]),
                   ("random 20M", [EC, "random", "20000000"], [OMP, "evalrand", "20000000"])]:
    xs, ys, rs = [], [], []
    for _ in range(int(sys.argv[1])):
        x = cpu(a); y = cpu(b)
        xs.append(x); ys.append(y); rs.append(x / y)
    print(f"{name}: ours min {min(xs):.4f} s, OMPEval min {min(ys):.4f} s, ratio of minima {min(xs)/min(ys):.2f}, median of pair ratios {statistics.median(rs):.2f}")
