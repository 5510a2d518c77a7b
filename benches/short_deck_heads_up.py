#!/usr/bin/env python3
"""Builds the short-deck chart's heads-up column: every starting-hand class of the short
deck (sixes to aces) against one random hand preflop, enumerated exactly by MultiOdds.

One combo stands for its class: against a random hand every combo of a class has the
same equity (the suits are interchangeable), so one combo's enumeration is the class's.
Writes crates/engine/src/equity/games/short_deck_table.rs.

    python3 benches/short_deck_heads_up.py target/release/multiodds
"""
import json, subprocess, sys

RANKS = "6789TJQKA"
binary = sys.argv[1]
rows = []
for hi in range(len(RANKS) - 1, -1, -1):
    for lo in range(hi, -1, -1):
        kinds = [("", "s", "h")] if hi == lo else [("s", "s", "s"), ("o", "s", "h")]
        for name, s1, s2 in kinds:
            combo = f"{RANKS[hi]}{s1 if hi != lo else 's'}{RANKS[lo]}{s2}"
            out = subprocess.run(
                [binary, "equity", combo, "random", "--game", "shortdeck", "--exact", "--json"],
                check=True, capture_output=True, text=True).stdout
            seat = json.loads(out)["players"][0]
            cls = f"{RANKS[hi]}{RANKS[lo]}{name}"
            rows.append((cls, seat["win"], seat["tie"], seat["equity"]))
            print(cls, seat["equity"], file=sys.stderr)

with open("crates/engine/src/equity/games/short_deck_table.rs", "w") as f:
    f.write("""//! The short-deck chart's heads-up column: each starting-hand class against one random
//! hand preflop, enumerated exactly (every deal) by `benches/short_deck_heads_up.py`.
//! A table because each class takes seconds to enumerate and the chart shows them all.

/// (class, win, tie, equity) of every short-deck class against a random hand preflop.
pub(crate) const SHORT_DECK_HEADS_UP: [(&str, f64, f64, f64); 81] = [
""")
    for cls, w, t, e in rows:
        f.write(f'    ("{cls}", {w!r}, {t!r}, {e!r}),\n')
    f.write("];\n")
