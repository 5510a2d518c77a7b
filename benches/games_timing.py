#!/usr/bin/env python3
"""Times the exact Omaha-family scenarios of a file (benches/gen_game_scenarios.py) with one
or two MultiOdds binaries, one thread, child CPU seconds (user + sys), alternating A B A B
after one warm-up each, and reports each scenario's median, the ratio B/A and whether both
computed the same equities (1e-9); then the distribution: median, worst and the slowest five.

usage: benches/games_timing.py --scenarios benches/game_scenarios.txt [--runs N] BIN_A [BIN_B]

With one binary it reports its own times only (the distribution of a generated set). A
scenario a binary refuses (its exact estimate is over the time or memory bound) is listed
as refused and not timed.
"""
import json
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_game_scenarios import command  # noqa: E402


def timed(cmd):
    before = os.times()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {out.stdout[-300:]} {out.stderr[-300:]}")
    return cpu, [p["equity"] for p in json.loads(out.stdout)["players"]]


def main():
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    path = args[args.index("--scenarios") + 1]
    bins = [a for i, a in enumerate(args) if not a.startswith("--") and args[i - 1] not in ("--runs", "--scenarios")]
    lines = [l.strip() for l in open(path) if l.strip() and not l.startswith("#")]
    print(f"{'name':5} {'game':12} {'A s':>8}" + (f" {'B s':>8} {'B/A':>6} same?" if len(bins) > 1 else ""))
    rows = []
    for line in lines:
        name, game = [p.strip() for p in line.split("|")[:2]]
        times = [[] for _ in bins]
        equities = [None for _ in bins]
        try:
            for b, binary in enumerate(bins):
                timed(command(binary, line, 1))  # warm-up
        except RuntimeError as refused:
            # A refusal (time or memory) is a finding: listed, not timed.
            message = str(refused).split('"message":"')[-1].split('"')[0]
            print(f"{name:5} {game:12} refused: {message}")
            continue
        for _ in range(runs):
            for b, binary in enumerate(bins):
                cpu, eq = timed(command(binary, line, 1))
                times[b].append(cpu)
                equities[b] = eq
        med = [statistics.median(t) for t in times]
        if len(bins) > 1:
            same = all(abs(x - y) <= 1e-9 for x, y in zip(*equities))
            ratio = med[1] / med[0] if med[0] > 0 else float("nan")
            print(f"{name:5} {game:12} {med[0]:8.3f} {med[1]:8.3f} {ratio:6.2f} {'yes' if same else 'NO'}")
            rows.append((name, game, med[0], med[1], ratio, same))
        else:
            print(f"{name:5} {game:12} {med[0]:8.3f}")
            rows.append((name, game, med[0], None, None, True))
        sys.stdout.flush()
    a = [r[2] for r in rows]
    print(f"\n{len(rows)} scenarios; A: median {statistics.median(a):.3f} s, total {sum(a):.2f} s, "
          f"slowest five: " + ", ".join(f"{r[0]} {r[1]} {r[2]:.2f}" for r in sorted(rows, key=lambda r: -r[2])[:5]))
    if len(bins) > 1:
        ratios = [r[4] for r in rows if r[2] >= 0.01]
        b = [r[3] for r in rows]
        print(f"B: median {statistics.median(b):.3f} s, total {sum(b):.2f} s; B/A over scenarios of "
              f"10 ms or more: median {statistics.median(ratios):.2f}, worst {max(ratios):.2f}; "
              f"all the same equities: {'yes' if all(r[5] for r in rows) else 'NO'}")


if __name__ == "__main__":
    main()
