#!/usr/bin/env python3
"""Generates a broad, seeded set of Hold'em equity scenarios for the OMPEval kit's
`compare.py --scenarios FILE` (one a line: `name | exact or mc | seat ; seat ; ... | board | dead`).

usage: benches/gen_scenarios.py [--seed N] [--count N] [--check MULTIODDS_BIN] > benches/scenarios.txt
       benches/gen_scenarios.py --mc [--seed N] [--count N] > benches/scenarios_mc.txt

The set is not the one the engine was tuned on: every scenario is drawn from a seeded
generator over
- 2 to 6 seats;
- the street: preflop, flop, turn or river;
- each seat: a known hand, a narrow range, a wide range, a weighted range or `random`;
- dead cards or none;
- exact or Monte Carlo (the kit's OMPEval build has no Monte Carlo: those rows say n/a);
and kept only when an exact run stays within a rough cost bound (the estimate below), so
the distribution is of questions a user asks at a desk, not of what is quick. OMPEval
takes no weights, so weighted ranges go to Monte Carlo scenarios only (exact ones would
ask the two engines different questions).

With `--mc` every scenario is Monte Carlo and no seat is weighted (OMPEval takes no
weights), for timing both engines' Monte Carlo side by side with an OMPEval build that has
it (`OMP_DRIVER=PATH compare.py`).

With `--check BIN` every exact scenario is first run once by MultiOdds (2 threads, 120 s at
most); one it refuses (time or memory) is written as a `# refused:` comment with the
reason, which `compare.py` skips: the refusals are findings, listed, not hidden.
"""
import json
import subprocess
import random
import sys

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NARROW = ["QQ+", "AKs", "JJ+,AK", "TT+,AQs+", "KK+,AKs", "99+,AJs+,KQs", "AA,KK,AKs"]
WIDE = [
    "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo",
    "55+,A8s+,KTs+,QJs,ATo+,KJo+",
    "22+,A2s+,K2s+,Q8s+,J8s+,T8s+,97s+,86s+,75s+,65s,A2o+,K9o+,QTo+,JTo",
    "77+,A9s+,KTs+,QTs+,AJo+,KQo",
]
WEIGHTED = [
    "QQ+,AK,JJ:0.5,AQs:0.5",
    "TT+:1,99-66:0.5,AJs+,KQs:0.75",
    "AA,KK:0.75,QQ:0.5,AKs:0.25",
]


def card(rank, suit):
    return RANKS[rank] + SUITS[suit]


def deck():
    return [card(r, s) for r in range(13) for s in range(4)]


def seat_kind(rng, seats, mc_only=False):
    # Wide and random seats multiply the work: fewer of them as seats grow.
    kinds = ["hand"] * 3 + ["narrow"] * 2 + ([] if mc_only else ["weighted"])
    kinds += ["wide"] * (2 if seats <= 3 else 1)
    if mc_only:
        # Monte Carlo's cost does not grow with the ranges: random seats at any count.
        kinds += ["random"] * 2
        return rng.choice(kinds)
    kinds += ["random"] * (2 if seats <= 2 else 1 if seats <= 3 else 0)
    return rng.choice(kinds)


def combos(kind, text):
    """A rough combo count, for the cost estimate."""
    return {"hand": 1, "random": 1326}.get(kind, 6 * len(text.split(",")) * 3)


def generate(seed, count, mc_only=False):
    rng = random.Random(seed)
    out = []
    attempt = 0
    while len(out) < count:
        attempt += 1
        seats = rng.choice([2, 2, 2, 3, 3, 4, 5, 6])
        street = rng.choice(["preflop", "flop", "turn", "river"])
        board_len = {"preflop": 0, "flop": 3, "turn": 4, "river": 5}[street]
        cards = deck()
        rng.shuffle(cards)
        board = cards[:board_len]
        rest = cards[board_len:]
        dead = rest[: rng.choice([0, 0, 1, 2])]
        rest = rest[len(dead):]
        seat_texts, seat_kinds = [], []
        for _ in range(seats):
            kind = seat_kind(rng, seats, mc_only)
            if kind == "hand":
                text = rest.pop() + rest.pop()
            elif kind == "narrow":
                text = rng.choice(NARROW)
            elif kind == "wide":
                text = rng.choice(WIDE)
            elif kind == "weighted":
                text = rng.choice(WEIGHTED)
            else:
                text = "random"
            seat_texts.append(text)
            seat_kinds.append(kind)
        exact = not mc_only and rng.random() < 0.9 and "weighted" not in seat_kinds
        # Exact cost: the boards left times the hand combinations, roughly.
        boards = {0: 1.7e6, 3: 1e3, 4: 45, 5: 1}[board_len]
        hands = 1.0
        for k, t in zip(seat_kinds, seat_texts):
            hands *= combos(k, t)
        if exact and boards * hands > 3e9:
            continue
        # OMPEval holds at most 6 players and needs some range for every seat.
        name = f"g{len(out) + 1:02d}"
        method = "exact" if exact else "mc"
        out.append(f"{name} | {method} | {' ; '.join(seat_texts)} | {' '.join(board)} | {' '.join(dead)}")
    return out


def refusal(binary, line):
    """Why MultiOdds refuses an exact scenario line, or None when it answers."""
    parts = [p.strip() for p in line.split("|")]
    seats = [t.strip() for t in parts[2].split(";")]
    cmd = [binary, "equity", *seats, "--exact", "--threads", "2", "--json"]
    if parts[3]:
        cmd += ["--board", parts[3]]
    if len(parts) > 4 and parts[4]:
        cmd += ["--dead", parts[4]]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "no answer in 120 s"
    if out.returncode == 0:
        return None
    try:
        return json.loads(out.stdout)["error"]["message"]
    except (ValueError, KeyError):
        return out.stderr.strip()[-200:] or f"exit {out.returncode}"


def main():
    args = sys.argv[1:]
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 41
    count = int(args[args.index("--count") + 1]) if "--count" in args else 80
    check = args[args.index("--check") + 1] if "--check" in args else None
    mc_only = "--mc" in args
    print(f"# generated by benches/gen_scenarios.py --seed {seed} --count {count}"
          + (" --check" if check else "") + (" --mc" if mc_only else ""))
    for line in generate(seed, count, mc_only):
        why = refusal(check, line) if check and " | exact | " in line else None
        print(f"# refused: {line} -> {why}" if why else line)


if __name__ == "__main__":
    main()
