#!/usr/bin/env python3
"""Writes tests/data/pokerkit_stud.json: stud, stud hi/lo and razz equities estimated by
pokerkit (PyPI), an independent implementation of the games' rules, for the engine's tests
to check its exact figures against (within four of pokerkit's standard errors).

    pip install pokerkit && python3 benches/pokerkit_reference.py [--samples 40000]

pokerkit deals every seat to seven cards and splits each hand type's part of the pot among
its best hands (StandardHighHand for stud's high, EightOrBetterLowHand for stud/8's low from
any five of seven, RegularLowHand for razz's A-5 low); a low part nobody qualifies for goes
to the high hand, as reference §9 says. Dead cards are left out of its deck.
"""

import argparse
import json
import math
import os
from concurrent.futures import ProcessPoolExecutor

from pokerkit import (Card, Deck, EightOrBetterLowHand, RegularLowHand, StandardHighHand,
                      calculate_equities)

HAND_TYPES = {
    "stud": (StandardHighHand,),
    "stud-hilo": (StandardHighHand, EightOrBetterLowHand),
    "razz": (RegularLowHand,),
}

# (game, seats as §9 writes them, dead cards): small enough for the tests' exact runs.
CASES = [
    ("stud", ["(As Kd) 7c 8c 9c", "(Qh Qs) 2d 2h 5s"], ""),
    ("stud", ["(Js Jd) 4c 5c 6c Jh", "(Th 9h) 8h 7h 2s 3d", "(Ac Kc) Qc 2c 3s 3h"], "9s 9c Qd Qs"),
    ("stud-hilo", ["(As 2d) 3c 4h 9s", "(Kh Kd) Qs 7d 7c"], "6s 8h"),
    ("stud-hilo", ["(Ah 2h) 3d 4c 5s 9c", "(Ac 2c) 3h 4d 6s Tc", "(Kd Ks) Kh 8d 8c Jc"], ""),
    ("razz", ["(As 2d) 3c 4h 9s", "(3h 4d) 6s 7d Kc"], "2c 5s 5h"),
    ("razz", ["(Ah 2h) 8d 8c Ks Qs", "(3c 4c) 5c 6c 9h Th", "(Ad 3d) 7s Jd 2s Js"], "4s"),
]


def cards(text):
    return list(Card.parse(text.replace("(", "").replace(")", "").replace(" ", "")))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=40000)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "tests",
                                                  "data", "pokerkit_stud.json"))
    args = ap.parse_args()
    out = []
    with ProcessPoolExecutor() as executor:
        for game, seats, dead in CASES:
            dead_cards = set(cards(dead)) if dead else set()
            deck = tuple(c for c in Deck.STANDARD if c not in dead_cards)
            equities = calculate_equities(
                tuple([cards(s)] for s in seats), (), 7, 0, deck, HAND_TYPES[game],
                sample_count=args.samples, executor=executor)
            # A seat's share per deal lies in [0, 1]: its variance is at most e(1 - e)
            # (shares of 0 and 1 only); the quarters of split pots only lower it.
            errors = [math.sqrt(max(e * (1 - e), 1e-12) / args.samples) for e in equities]
            out.append({"game": game, "seats": seats, "dead": dead, "samples": args.samples,
                        "equity": equities, "std_error": errors})
            print(game, seats, dead, [round(e, 5) for e in equities])
    with open(args.out, "w") as f:
        json.dump({"source": "pokerkit.calculate_equities", "cases": out}, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
