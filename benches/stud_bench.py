#!/usr/bin/env python3
"""Stud, stud hi/lo and razz timings (BENCHMARKS.md, "Stud games"): exact per street and
seat count, Monte Carlo deals per second with 2 and 8 seats, and double-board figures.

    python3 benches/stud_bench.py target/release/multiodds [--runs 3] [--ps-eval PATH]

Each case runs `multiodds equity --game G SEATS... --json` and reports the process's CPU
time (user + system, from os.wait4) and the deals. With `--ps-eval` (PokerStove's ps-eval,
`-g s|e|r` for stud, stud/8, razz), the exact cases run there too, one after the other in the
same run, and the ratio of CPU times is printed; ps-eval takes each seat's known cards only
(no ranges, no dead cards), so only such cases are compared.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

# (name, game, seats, dead, extra flags). Seats in §9's notation; the streets are each
# seat's cards so far.
EXACT = [
    ("stud 3rd, 2 seats", "stud", ["(As Kd) 7c", "(Qh Qs) 2d"], ""),
    ("stud 4th, 2 seats", "stud", ["(As Kd) 7c 8c", "(Qh Qs) 2d 2h"], ""),
    ("stud 5th, 2 seats", "stud", ["(As Kd) 7c 8c 9c", "(Qh Qs) 2d 2h 5s"], ""),
    ("stud 6th, 2 seats", "stud", ["(As Kd) 7c 8c 9c Tc", "(Qh Qs) 2d 2h 5s 5c"], ""),
    ("razz 3rd, 2 seats", "razz", ["(As 2d) 3c", "(4h 5d) 6s"], ""),
    ("razz 4th, 2 seats", "razz", ["(As 2d) 3c Kd", "(4h 5d) 6s 7s"], ""),
    ("stud/8 4th, 2 seats", "stud-hilo", ["(As 2d) 3c 4h", "(Kh Kd) Qs 7d"], ""),
    ("stud/8 5th, 2 seats", "stud-hilo", ["(As 2d) 3c 4h 9s", "(Kh Kd) Qs 7d 7c"], ""),
    ("stud 5th, 3 seats", "stud", ["(As Kd) 7c 8c 9c", "(Qh Qs) 2d 2h 5s", "(Jc Tc) 9h 8h 3s"], ""),
    ("stud/8 6th, 3 seats", "stud-hilo",
     ["(As 2s) 3s 8d Kc Qh", "(4d 5d) 6h 7c 7s Jd", "(Ac Ad) 3d Tc Th 2c"], ""),
    ("razz 5th, 3 seats", "razz", ["(As 2d) 3c 4h 9s", "(3h 4d) 6s 7d Kc", "(5c 6c) 7h 8s Js"], ""),
    ("stud 6th, 8 seats (community 7th)", "stud",
     ["(2c 2d) 3c 3d 4c 4d", "(5c 5d) 6c 6d 7c 7d", "(8c 8d) 9c 9d Tc Td", "(Jc Jd) Qc Qd Kc Kd",
      "(Ac Ad) 2h 2s 3h 3s", "(4h 4s) 5h 5s 6h 6s", "(7h 7s) 8h 8s 9h 9s", "(Th Ts) Jh Js Qh Qs"], ""),
    ("stud 3rd range, 2 seats (Monte Carlo)", "stud", ["(QQ+, AKs) 7c", "(As Kd) 8d"], "Qc 2h"),
]

MONTE_CARLO = [
    ("stud 3rd, 2 seats", "stud", ["(As Kd) 7c", "(Qh Qs) 2d"]),
    ("stud 3rd, 8 seats", "stud",
     ["(As Kd) 7c", "(Qh Qs) 2d", "(Jc Tc) 9c", "(3h 3s) 3d", "(8d 8h) 4s", "(Ac Ah) 6d",
      "(Kc Ks) 5h", "(9d 9h) 6c"]),
    ("stud/8 3rd, 8 seats", "stud-hilo",
     ["(As 2d) 3c", "(Qh Qs) 2c", "(Jc Tc) 9c", "(3h 4s) 5d", "(8d 8h) 4h", "(Ac Ah) 6d",
      "(Kc Ks) 5h", "(9d 9h) 6c"]),
    ("razz 3rd, 8 seats", "razz",
     ["(As 2d) 3c", "(Qh Qs) 2c", "(Jc Tc) 9c", "(3h 4s) 5d", "(8d 8h) 4h", "(Ac Ah) 6d",
      "(Kc Ks) 5h", "(9d 9h) 6c"]),
]


def cpu_run(argv):
    """Runs argv; returns (stdout, CPU seconds of the process and its children)."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"{argv!r} failed")
    return out, usage.ru_utime + usage.ru_stime


def ours(binary, game, seats, dead, flags):
    argv = [binary, "equity", "--game", game, *seats, "--json", "--quiet", *flags]
    if dead:
        argv += ["--dead", dead]
    out, cpu = cpu_run(argv)
    v = json.loads(out)
    return cpu, v["deals"], v["method"], v["players"][0]["equity"]


def ps_eval(path, game, seats):
    code = {"stud": "s", "stud-hilo": "e", "razz": "r"}[game]
    hands = [s.replace("(", "").replace(")", "").replace(" ", "") for s in seats]
    _, cpu = cpu_run([path, "-g", code, *hands])
    return cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--ps-eval", default=shutil.which("ps-eval"))
    args = ap.parse_args()
    print(f"exact (best of {args.runs}; CPU seconds of the whole process)")
    print(f"{'case':<40} {'method':<12} {'deals':>16} {'CPU s':>8}  {'seat 1 equity':>13}"
          + ("  ps-eval s   ratio" if args.ps_eval else ""))
    for name, game, seats, dead in EXACT:
        best = None
        for _ in range(args.runs):
            r = ours(args.binary, game, seats, dead, [])
            best = r if best is None or r[0] < best[0] else best
        cpu, deals, method, equity = best
        line = f"{name:<40} {method:<12} {deals:>16,} {cpu:>8.3f}  {equity:>13.6f}"
        if args.ps_eval and not dead and "+" not in " ".join(seats):
            theirs = min(ps_eval(args.ps_eval, game, seats) for _ in range(args.runs))
            line += f"  {theirs:>9.3f}  {cpu / theirs:>6.3f}"
        print(line)
    print()
    print("Monte Carlo, 2,000,000 deals (deals per CPU second)")
    for name, game, seats in MONTE_CARLO:
        best = None
        for _ in range(args.runs):
            r = ours(args.binary, game, seats, "", ["--mc", "--trials", "2000000", "--target-se", "0.00001"])
            best = r if best is None or r[0] < best[0] else best
        cpu, deals, _, _ = best
        print(f"{name:<40} {deals:>10,} deals {cpu:>7.3f} s  {deals / cpu / 1e6:>6.2f} M deals/s")


if __name__ == "__main__":
    main()
