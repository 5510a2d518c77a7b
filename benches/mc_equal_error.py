#!/usr/bin/env python3
"""Monte Carlo against OMPEval at equal per-seat standard error, one thread, CPU time.

    benches/mc_equal_error.py MULTIODDS_BIN OMP_DRIVER [--runs N] [--scenarios FILE] [--se SE]

OMPEval stops when player 1's standard error reaches the target; MultiOdds when every
seat's win, tie and equity errors do. So each scenario is timed three ways, alternating,
median of N runs (child CPU seconds, user + sys):
- `mo`: MultiOdds, `--mc --target-se SE --seed 1 --threads 1` (every seat at SE);
- `omp1`: OMPEval as compare.py runs it (`mc SE -m 32 -t 1`, player 1 at SE);
- `ompall`: OMPEval at equal per-seat error: the scenario run once with each seat moved to
  the front (OMPEval's estimator treats seats alike, so that run is how long seat k takes
  to reach SE) and the slowest of those, per repetition.
Both ratios are printed (below 1: MultiOdds is faster), with a check that every seat's
equity agrees within 4 combined standard errors. Scenarios as compare.py reads them
(`name | mc | seat ; seat ; ... | board | dead`); exact lines are skipped.
"""
import json, os, statistics, subprocess, sys, tempfile, time


def cpu_run(cmd):
    out = tempfile.TemporaryFile()
    p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    out.seek(0)
    text = out.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(cmd)}")
    return usage.ru_utime + usage.ru_stime, text


def scenarios(path):
    for line in open(path):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        if parts[1] != "mc":
            continue
        seats = [s.strip() for s in parts[2].split(";")]
        board = parts[3] if len(parts) > 3 else ""
        dead = parts[4] if len(parts) > 4 else ""
        yield parts[0], seats, board, dead


def main():
    args = sys.argv[1:]
    mo_bin, omp_bin = args[0], args[1]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 3
    se = args[args.index("--se") + 1] if "--se" in args else "0.0005"
    path = args[args.index("--scenarios") + 1] if "--scenarios" in args else \
        os.path.join(os.path.dirname(__file__), "scenarios_mc.txt")
    print(f"# SE {se}, {runs} runs, one thread; ratios MultiOdds/OMPEval")
    print(f"{'name':8s} {'mo s':>8s} {'omp1 s':>8s} {'ompall s':>8s} {'mo/omp1':>8s} {'mo/ompall':>9s}  seats")
    rows = []
    for name, seats, board, dead in scenarios(path):
        mo_cmd = [mo_bin, "equity", *seats] + (["--board", board] if board else []) + \
            (["--dead", dead] if dead else []) + \
            ["--mc", "--target-se", se, "--seed", "1", "--threads", "1", "--json"]
        extra = (["-b", board.replace(" ", "")] if board else []) + \
            (["-d", dead.replace(" ", "")] if dead else [])
        omp_cmd = lambda order: [omp_bin, "mc", se, "-m", "32", "-t", "1", *extra, *order]
        mo_t, omp1_t, ompall_t = [], [], []
        agree = True
        for _ in range(runs):
            t, text = cpu_run(mo_cmd)
            mo_t.append(t)
            players = json.loads(text)["players"]
            t, text = cpu_run(omp_cmd(seats))
            omp1_t.append(t)
            slowest = t
            omp_eq = [float(x) for x in next(l for l in text.splitlines()
                                            if l.startswith("equity:")).split()[1:]]
            for k, p in enumerate(players):
                # OMPEval's own error for seat 1 is at most SE; 4 combined errors.
                bound = 4 * ((p.get("std_error") or 0) ** 2 + float(se) ** 2) ** 0.5
                if k == 0 and abs(p["equity"] - omp_eq[0]) > bound:
                    agree = False
            for k in range(1, len(seats)):
                order = [seats[k]] + seats[:k] + seats[k + 1:]
                t, text = cpu_run(omp_cmd(order))
                slowest = max(slowest, t)
                e = float(next(l for l in text.splitlines() if l.startswith("equity:")).split()[1])
                bound = 4 * ((players[k].get("std_error") or 0) ** 2 + float(se) ** 2) ** 0.5
                if abs(players[k]["equity"] - e) > bound:
                    agree = False
            ompall_t.append(slowest)
        m, o1, oa = (statistics.median(x) for x in (mo_t, omp1_t, ompall_t))
        rows.append((name, m, o1, oa))
        flag = "" if agree else "  DISAGREE"
        print(f"{name:8s} {m:8.3f} {o1:8.3f} {oa:8.3f} {m / o1:8.2f} {m / oa:9.2f}  {' ; '.join(seats)}{flag}",
              flush=True)
    r1 = sorted(m / o1 for _, m, o1, _ in rows)
    ra = sorted(m / oa for _, m, _, oa in rows)
    print(f"# {len(rows)} scenarios: median mo/omp1 {statistics.median(r1):.2f}, "
          f"median mo/ompall {statistics.median(ra):.2f}; worst five mo/ompall "
          + ", ".join(f"{x:.2f}" for x in ra[-5:]))


if __name__ == "__main__":
    main()
