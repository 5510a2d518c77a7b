#!/usr/bin/env python3
"""The `multiodds` Python package beside eval7, treys, phevaluator and pokerkit, same
machine, same run.

- Evaluations per second of 7-card Hold'em hands: `multiodds.evaluate_many` on a NumPy
  array (one thread with RAYON_NUM_THREADS=1, and every thread) against eval7.evaluate,
  treys' Evaluator.evaluate and phevaluator.evaluate_cards called per hand.
- Heads-up range equity to the same standard error: eval7's
  py_hand_vs_range_monte_carlo (n iterations: error √(e(1−e)/n) at most) against
  multiodds.equity with that target (exact where MultiOdds can count).
- Omaha equity: pokerkit.calculate_equities (n samples) against multiodds.equity.
- poker-equity (Rust inside): its exact walk and its sampler against multiodds.equity.

    pip install ./crates/python eval7 treys phevaluator pokerkit poker-equity numpy
    python3 benches/python_vs_rivals.py
"""

import math
import os
import subprocess
import sys
import time

import numpy as np

HANDS = 2_000_000


def seven_card_hands(n, seed=1):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :7].astype(np.uint8)


def rate(label, seconds, n):
    print(f"| {label} | {n / seconds / 1e6:.2f} M/s | {seconds:.3f} s |")


def evaluations(one_thread_child=False):
    import multiodds

    codes = seven_card_hands(HANDS)
    multiodds.evaluate_many(codes[:1000])
    took = float("inf")
    for _ in range(3):  # the best of three: the first pays for fresh memory
        start = time.perf_counter()
        multiodds.evaluate_many(codes)
        took = min(took, time.perf_counter() - start)
    if one_thread_child:
        print(took)
        return
    one = float(subprocess.run([sys.executable, __file__, "--one-thread"], capture_output=True, text=True,
                               env={**os.environ, "RAYON_NUM_THREADS": "1"}, check=True).stdout)
    print(f"\n{HANDS:,} random 7-card hands\n")
    print("| evaluator | hands per second | time |\n|---|---|---|")
    rate("multiodds.evaluate_many, 1 thread", one, HANDS)
    rate(f"multiodds.evaluate_many, {os.cpu_count()} threads", took, HANDS)
    ranks, suits = "23456789TJQKA", "cdhs"
    names = [r + s for r in ranks for s in suits]
    rows = codes.tolist()
    try:
        import eval7

        deck = [eval7.Card(c) for c in names]
        hands = [[deck[i] for i in row] for row in rows]
        start = time.perf_counter()
        for h in hands:
            eval7.evaluate(h)
        rate("eval7.evaluate (per hand)", time.perf_counter() - start, HANDS)
    except ImportError:
        print("| eval7 | not installed | |")
    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        ints = [Card.new(c[0] + c[1]) for c in names]
        hands = [([ints[i] for i in row[:2]], [ints[i] for i in row[2:]]) for row in rows]
        start = time.perf_counter()
        for hole, board in hands:
            ev.evaluate(board, hole)
        rate("treys Evaluator.evaluate (per hand)", time.perf_counter() - start, HANDS)
    except ImportError:
        print("| treys | not installed | |")
    try:
        from phevaluator import evaluate_cards

        hands = [[names[i] for i in row] for row in rows]
        start = time.perf_counter()
        for h in hands:
            evaluate_cards(*h)
        rate("phevaluator.evaluate_cards (per hand)", time.perf_counter() - start, HANDS)
    except ImportError:
        print("| phevaluator | not installed | |")


def range_equity():
    import multiodds

    print("\nHeads-up equity, same error (eval7: n iterations; MultiOdds: that error as its target)\n")
    print("| hand vs range | eval7 value ± se | eval7 s (one thread) | MultiOdds value ± se | method | MultiOdds s, 1 thread | all threads | ratio (1 thread) |")
    print("|---|---|---|---|---|---|---|---|")
    import eval7

    multiodds.equity(["AA", "KK"])  # the first call loads the tables
    for hero, villain, board, n in [
        ("AsKs", "QQ+, AKo", "", 1_000_000),
        ("Ah5h", "22+, A2s+, KTs+, QTs+, JTs, ATo+, KJo+", "", 1_000_000),
        ("JcTc", "TT+, AQs+, AQo+", "9c 8d 2h", 1_000_000),
        ("7s7d", "random", "", 1_000_000),
        ("AsKs", "random", "Qs 7h 2c", 1_000_000),
    ]:
        hand = [eval7.Card(hero[:2]), eval7.Card(hero[2:])]
        rng = eval7.HandRange(villain.replace("random", "22+, A2+, K2+, Q2+, J2+, T2+, 92+, 82+, 72+, 62+, 52+, 42+, 32"))
        b = [eval7.Card(c) for c in board.split()]
        start = time.perf_counter()
        e = eval7.py_hand_vs_range_monte_carlo(hand, rng, b, n)
        t7 = time.perf_counter() - start
        se = math.sqrt(e * (1 - e) / n)
        timings = []
        for threads in (1, None):
            start = time.perf_counter()
            r = multiodds.equity([hero, villain], board=board, target_se=max(se, 1e-4), threads=threads)
            timings.append(time.perf_counter() - start)
        s = r.seats[0]
        print(f"| {hero} vs {villain} {board} | {e:.4f} ± {se:.4f} | {t7:.2f} | {s.equity:.4f} ± {s.equity_se:.4f} | "
              f"{r.method} | {timings[0]:.3f} | {timings[1]:.3f} | {timings[0] / t7:.3f} |")


def omaha_equity():
    import multiodds
    from pokerkit import Card, Deck, OmahaHoldemHand, calculate_equities

    print("\nOmaha equity (pokerkit: n samples on all cores; MultiOdds: that error as its target)\n")
    print("| hands | pokerkit value ± se | pokerkit s | MultiOdds value ± se | method | MultiOdds s |")
    print("|---|---|---|---|---|---|")
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor() as ex:
        for a, b, board, n in [("AsKsQhJh", "TdTc9d8c", "", 20_000), ("AhAsKhKs", "QdQcJdTc", "2c7d9h", 20_000)]:
            start = time.perf_counter()
            eq = calculate_equities(
                ((tuple(Card.parse(a)),), (tuple(Card.parse(b)),)),
                tuple(Card.parse(board.replace(" ", ""))), 4, 5, Deck.STANDARD, (OmahaHoldemHand,),
                sample_count=n, executor=ex)
            tp = time.perf_counter() - start
            se = math.sqrt(eq[0] * (1 - eq[0]) / n)
            start = time.perf_counter()
            r = multiodds.equity([a, b], board=board, game="omaha", target_se=max(se, 1e-4))
            tm = time.perf_counter() - start
            s = r.seats[0]
            print(f"| {a} vs {b} {board} | {eq[0]:.4f} ± {se:.4f} | {tp:.2f} | {s.equity:.4f} ± {s.equity_se:.4f} | {r.method} | {tm:.3f} |")


def against_poker_equity():
    """poker-equity (PyPI, Rust inside): its exact walk beside MultiOdds' exact count, and
    its sampler beside MultiOdds at the same error, best of three calls each."""
    import multiodds
    from poker_equity import poker_equity as pe

    def best(f):
        out, t = None, float("inf")
        for _ in range(3):
            start = time.perf_counter()
            out = f()
            t = min(t, time.perf_counter() - start)
        return out, t

    print("\nAgainst poker-equity, same machine (both on every core; best of three calls)\n")
    print("| deal | poker-equity | its s | MultiOdds | MultiOdds s | ratio |")
    print("|---|---|---|---|---|---|")
    multiodds.equity(["AA", "KK"])
    for variant, game, hands, board in [
        ("holdem", "holdem", ["AhKh", "QsQd", "JcTc"], ""),
        ("holdem", "holdem", ["AhKh", "QsQd", "JcTc", "9s9h"], ""),
        ("holdem", "holdem", ["AhKh", "QsQd", "JcTc"], "Kd 7c 2s"),
        ("omaha", "omaha", ["AsKsQhJh", "TdTc9d8c", "AhAd5c4c"], ""),
        ("omaha_hi_lo", "omaha-hilo", ["As2sKhQh", "AdAc9s8s"], "3c 4d 7h"),
    ]:
        p, tp = best(lambda: pe.exact_from_text(variant, hands, board.replace(" ", "")))
        r, tm = best(lambda: multiodds.equity(hands, board=board, game=game))
        theirs = "none (too many deals)" if p is None else f"exact {p['players'][0]['equity']:.5f}"
        print(f"| {game}: {' vs '.join(hands)} {board} | {theirs} | {tp:.4f} | {r.method} {r.seats[0].equity:.5f} | {tm:.4f} | {tm / tp:.3f} |")
    for hands, samples in [(["AhKh", "QsQd", "JcTc", "9s9h", "8c8d", "7h6h"], 1_000_000)]:
        p, tp = best(lambda: pe.chunk_from_text("holdem", hands, samples=samples))
        se = max(pl["std_error"] for pl in p["players"])
        r, tm = best(lambda: multiodds.equity(hands, method="mc", target_se=se))
        print(f"| holdem, sampled to ±{se:.5f}: {' vs '.join(hands)} | {p['players'][0]['equity']:.5f} | {tp:.4f} | "
              f"{r.method} {r.seats[0].equity:.5f} ± {r.seats[0].equity_se:.5f} | {tm:.4f} | {tm / tp:.3f} |")


if __name__ == "__main__":
    if "--one-thread" in sys.argv:
        evaluations(one_thread_child=True)
    else:
        evaluations()
        range_equity()
        omaha_equity()
        against_poker_equity()
