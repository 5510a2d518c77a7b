#!/usr/bin/env python3
"""Queries side by side: MultiOdds' `query` command against the open PQL runner's `opql`
(crates.io `openpql-runner`), same machine, same run, same thread count.

For each query, opql draws a fixed number of trials (--opql-trials, default 1,000,000).
Its standard error is then known (a count's sqrt(p(1-p)/n); for an average of shares in
[0, 1], the Bernoulli bound sqrt(m(1-m)/n), which is at least the true one). MultiOdds
answers the same query with that error as its target: exactly where it can afford to
(error 0), by Monte Carlo otherwise. Both are timed as whole processes (wall and CPU of
the child).

    cargo build --profile test --bin multiodds
    cargo install openpql-runner --features cli --root /tmp/opql
    python3 benches/pql_vs_opql.py --multiodds target/debug/multiodds --opql /tmp/opql/bin/opql
"""

import argparse
import json
import math
import os
import re
import resource
import statistics
import subprocess
import time

QUERIES = [
    "select avg(riverEquity(hero)) from game='holdem', hero='AsKh', villain='QQ+', board='Ah9s2c'",
    "select avg(riverEquity(hero)) from game='holdem', hero='AwAx', villain='*'",
    "select avg(riverEquity(hero)) from game='holdem', hero='AxKx', villain='QQ+'",
    "select avg(riverEquity(p1)) from game='holdem', p1='QQ+,AK', p2='TT-77,AxQx,AxJx,KxQx'",
    "select count(flopHandCategory(hero) = flopset) from game='holdem', hero='TT', villain='*'",
    "select count(monotoneBoard(river)) from game='holdem', hero='*', villain='*'",
    "select count(nutHi(hero, flop)) from game='holdem', hero='AwKw', villain='*'",
    "select count(winsHi(hero)) from game='holdem', hero='AsKh', villain='QQ+', board='Ah9s2c'",
    "select avg(riverEquity(hero)) from game='omaha', hero='AhAsKhKs', villain='****'",
    "select avg(riverEquity(hero)) from game='shortdeck', hero='AwAx', villain='*'",
    "select count(handType(hero, river) >= flush) from game='holdem', hero='AwKw', villain='*'",
    "select avg(hvhEquity(hero, turn)) from game='holdem', hero='AsKs', villain='QhQd', board='Kd7h2c'",
    "select count(maxRank(boardRanks(river)) = toRank('A')) from game='holdem', hero='*', villain='*'",
    "select avg(riverEquity(hero)) from game='holdem', hero='AwKw', villain='QQ', v2='JJ', board='2c7d9h'",
    "select count(pairedBoard(turn)) from game='holdem', hero='AwKw', villain='*', board='Ks7h2c'",
    "select avg(riverEquity(hero)) from game='omaha', hero='AhAsKhKs', villain='JJ**', board='Qd7h2c'",
]


def timed(cmd):
    """Runs cmd; returns (stdout, wall seconds, child CPU seconds)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if out.returncode != 0:
        raise RuntimeError(f"{cmd}: {out.stderr.strip()}")
    return out.stdout, wall, cpu


def opql_answer(opql, query, trials, threads):
    out, wall, cpu = timed([opql, "--threads", str(threads), "--mt", str(trials), "--run", query])
    m = re.search(r"(AVG|COUNT) 0 = ([0-9.eE+-]+)\s+(\d+) trials", out)
    if not m:
        raise RuntimeError(f"opql output not understood: {out!r}")
    kind, raw, n = m.group(1), float(m.group(2)), int(m.group(3))
    value = raw / n if kind == "COUNT" else raw
    se = math.sqrt(max(value * (1 - value), 1e-12) / n)
    return value, se, wall, cpu


def multiodds_answer(binary, query, target, threads):
    out, wall, cpu = timed(
        [binary, "query", query, "--json", "-q", "--threads", str(threads),
         "--target-se", f"{target:.8f}", "--time-ms", "600000"]
    )
    answer = json.loads(out)
    statement = answer["answers"][0] if "answers" in answer else answer[0]
    figure = statement["figures"][0]
    return figure["value"], figure["std_error"], statement["method"], statement["deals"], wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--multiodds", default="target/debug/multiodds")
    ap.add_argument("--opql", default="/tmp/opql/bin/opql")
    ap.add_argument("--opql-trials", type=int, default=1_000_000)
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    args = ap.parse_args()
    print(f"threads {args.threads}; opql {args.opql_trials} trials per query")
    print("| # | query | opql value ± se | opql CPU s (wall) | MultiOdds value ± se | method | MultiOdds CPU s (wall) | CPU ratio MO/opql |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = []
    for i, q in enumerate(QUERIES, 1):
        ov, ose, ow, oc = opql_answer(args.opql, q, args.opql_trials, args.threads)
        mv, mse, method, deals, mw, mc = multiodds_answer(args.multiodds, q, ose, args.threads)
        ratio = mc / oc
        ratios.append(ratio)
        gap = abs(ov - mv) / math.hypot(ose, mse)
        flag = "" if gap <= 4 else f" (**{gap:.1f} SE apart**)"
        print(
            f"| {i} | `{q}` | {ov:.5f} ± {ose:.5f} | {oc:.2f} ({ow:.2f}) | {mv:.5f} ± {mse:.5f}{flag} | "
            f"{method} ({deals} deals) | {mc:.2f} ({mw:.2f}) | {ratio:.3f} |"
        )
    print(f"\nmedian CPU ratio {statistics.median(ratios):.3f}; worst {max(ratios):.3f}")


if __name__ == "__main__":
    main()
