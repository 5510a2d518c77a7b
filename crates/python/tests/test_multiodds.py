"""The Python package against oracles: the `multiodds` CLI's JSON for the same inputs
(exactly), eval7 on Hold'em evaluation (every 5-card hand class, and 7-card hands),
pokerkit's rules on exact matchups written out here (every runout enumerated), and the
errors and interrupts the package promises.

Run from the repository root after `pip install ./crates/python`:
    MULTIODDS_BIN=target/debug/multiodds pytest crates/python/tests
"""

import itertools
import math
import json
import os
import random
import signal
import subprocess
import threading
import time

import numpy as np
import pytest

import multiodds

BIN = os.environ.get("MULTIODDS_BIN", "target/debug/multiodds")


def cli(*args, quiet=True):
    extra = ["--json", "-q"] if quiet else ["--json"]
    out = subprocess.run([BIN, *args, *extra], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


# ---------------------------------------------------------------- the CLI's answers


@pytest.mark.parametrize(
    "seats, options, kwargs",
    [
        (["AKs", "QQ"], [], {}),
        (["AsKs", "QhQd", "JcTc"], ["--board", "2c 7d 9h"], {"board": "2c 7d 9h"}),
        (["QQ+,AK:0.5", "random"], ["--board", "Ah 9h 2c", "--dead", "3s"], {"board": "Ah 9h 2c", "dead": "3s"}),
        (["AsKsQhJh", "AAxx"], ["--game", "omaha-hilo", "--board", "2c 3d 9h"], {"game": "omaha-hilo", "board": "2c 3d 9h"}),
        (["AhKh", "random"], ["--game", "shortdeck", "--board", "Th 8h 6c"], {"game": "shortdeck", "board": "Th 8h 6c"}),
        (["AKs", "random", "random"], ["--mc", "--seed", "3", "--target-se", "0.002"], {"method": "mc", "seed": 3, "target_se": 0.002}),
    ],
)
def test_equity_is_the_clis_exactly(seats, options, kwargs):
    want = cli("equity", *seats, *options)
    got = multiodds.equity(seats, threads=2, **kwargs)
    assert got.method == want["method"]
    assert got.deals == want["deals"]
    assert got.game == want["game"]
    for seat, player in zip(got.seats, want["players"]):
        assert seat.equity == player["equity"]
        assert seat.win == player["win"]
        assert seat.tie == player["tie"]
        assert seat.hands == player["combos"]
        for key, error in player["std_errors"].items():
            assert seat.figures[key + "_se"] == error


def test_stud_and_draw_seats_read_as_the_cli_writes_them():
    want = cli("equity", "--game", "stud", "(Kh Kd) 9c Tc", "(Qs Qc) Ac 3d", "--dead", "Ks 7c")
    got = multiodds.equity(["(Kh Kd) 9c Tc", "(Qs Qc) Ac 3d"], game="stud", dead="Ks 7c")
    assert [s.equity for s in got.seats] == [p["equity"] for p in want["players"]]
    want = cli("equity", "--game", "2-7", "7c 5d 4h 3s", "8c 6d 2h")
    got = multiodds.equity(["7c 5d 4h 3s", "8c 6d 2h"], game="2-7")
    assert [s.equity for s in got.seats] == [p["equity"] for p in want["players"]]


def test_query_is_the_clis_exactly():
    text = ("select avg(riverEquity(hero)) as eq, count(handType(hero, river) >= twopair), "
            "histogram(handType(hero, river)) from hero='AKs', villain='QQ+,AK', board='Ah9h2c' "
            "where flushingBoard(turn)")
    want = cli("query", text)["answers"][0]
    got = multiodds.query(text)[0]
    assert (got.method, got.deals) == (want["method"], want["deals"])
    assert got.condition[0] == want["condition"]["value"]
    for f, w in zip(got.figures, want["figures"]):
        assert (f.name, f.value, f.std_error) == (w["name"], w["value"], w["std_error"])
    assert [b[2] for b in got["histogram(handType(hero, river))"].buckets] == [
        b["chance"] for b in want["figures"][2]["buckets"]
    ]


# ---------------------------------------------------------------- evaluation


def test_every_five_card_class_orders_as_eval7_does():
    eval7 = pytest.importorskip("eval7")
    deck = [r + s for r in multiodds.RANKS for s in multiodds.SUITS]
    hands = list(itertools.combinations(range(52), 5))
    ours = multiodds.evaluate_many(np.array(hands, dtype=np.uint8))
    cards = [eval7.Card(c) for c in deck]
    theirs = np.array([eval7.evaluate([cards[i] for i in h]) for h in hands])
    # One value per class on both sides, in the same order: 7,462 classes.
    order = np.lexsort((theirs, ours))
    o, t = ours[order], theirs[order]
    assert len(np.unique(o)) == 7462 == len(np.unique(t))
    assert np.all(np.diff(t)[np.diff(o) == 0] == 0)
    assert np.all(np.diff(t)[np.diff(o) > 0] > 0)
    # The category names agree too (eval7 says trips and quads).
    same = {"three of a kind": "trips", "four of a kind": "quads"}
    for i in random.Random(1).sample(range(len(hands)), 2000):
        name = multiodds.evaluate("".join(deck[c] for c in hands[i]))[1].lower()
        assert same.get(name, name) == eval7.handtype(int(theirs[i])).lower()


def test_seven_card_hands_order_as_eval7_does():
    eval7 = pytest.importorskip("eval7")
    rng = random.Random(7)
    hands = [rng.sample(range(52), 7) for _ in range(50_000)]
    ours = multiodds.evaluate_many(np.array(hands, dtype=np.uint8))
    deck = [eval7.Card(r + s) for r in multiodds.RANKS for s in multiodds.SUITS]
    theirs = np.array([eval7.evaluate([deck[i] for i in h]) for h in hands])
    pairs = np.array([rng.sample(range(len(hands)), 2) for _ in range(100_000)])
    assert np.all(np.sign(ours[pairs[:, 0]].astype(int) - ours[pairs[:, 1]])
                  == np.sign(theirs[pairs[:, 0]] - theirs[pairs[:, 1]]))


def test_evaluate_reads_every_game_with_a_high_hand():
    assert multiodds.evaluate("AsKsQsJsTs")[1] == "Straight Flush"
    assert multiodds.evaluate("AhKh", board="2c 3d 4s 5h 9c")[1] == "Straight"
    # Omaha takes exactly two hole cards: four hearts in the hand are no flush here.
    assert multiodds.evaluate("AhKhQhJh", board="2h 7c 9d", game="omaha")[1] == "High Card"
    with pytest.raises(multiodds.InputError) as e:
        multiodds.evaluate("AsKs", game="holdem")
    assert e.value.field == "cards"


# ---------------------------------------------------------------- pokerkit's rules


def pokerkit_equity(hand_type, holes, board, seat):
    """The seat's exact share over every river after a turn, valued by pokerkit."""
    from pokerkit import Card, Deck

    known = set(Card.parse("".join(holes) + board))
    deck = [c for c in Deck.STANDARD if c not in known]
    if hand_type.__name__.startswith("ShortDeck"):
        deck = [c for c in Deck.SHORT_DECK_HOLDEM if c not in known]
    total = 0.0
    for river in deck:
        b = board + repr(river)
        values = [hand_type.from_game(h, b) for h in holes]
        best = max(values)
        if values[seat] == best:
            total += 1 / values.count(best)
    return total / len(deck)


@pytest.mark.parametrize(
    "game, hand_type, holes, board",
    [
        ("holdem", "StandardHighHand", ["AsKs", "QhQd"], "2c7d9hTs"),
        ("shortdeck", "ShortDeckHoldemHand", ["AhKh", "QsQd"], "Th8h6c9s"),
        ("omaha", "OmahaHoldemHand", ["AsKsQhJh", "TdTc9d8c"], "2c7d9hKd"),
        ("omaha5", "OmahaHoldemHand", ["AsKsQhJh3c", "TdTc9d8c4h"], "2c7d9hKd"),
    ],
)
def test_turn_equity_equals_pokerkits_count(game, hand_type, holes, board):
    pokerkit = pytest.importorskip("pokerkit")
    want = pokerkit_equity(getattr(pokerkit, hand_type), holes, board, 0)
    got = multiodds.equity(holes, board=" ".join(board[i : i + 2] for i in range(0, len(board), 2)), game=game)
    assert got.method == "exact"
    assert abs(got.seats[0].equity - want) < 1e-12


# ---------------------------------------------------------------- ranges, errors, runs


def test_ranges_read_as_the_views_read_them():
    r = multiodds.Range("QQ+,AKs:0.5")
    assert len(r) == 22 and "AsKs" in r and "KsAs" in r and "QsJs" not in r
    assert r.weight("AdKd") == 0.5 and r.weight("QhQd") == 1.0
    assert sum(w for _, w in r) == 18 + 0.5 * 4
    assert multiodds.Range(r.text).hands == r.hands
    # Two aces or more with any other cards: C(4,2)·C(48,2) + C(4,3)·48 + 1.
    assert len(multiodds.Range("AAxx", game="omaha")) == 6 * 1128 + 4 * 48 + 1
    with pytest.raises(multiodds.InputError) as e:
        multiodds.Range("QQ+, AKx")
    assert (e.value.field, e.value.column) == ("range", 8)  # the x


def test_errors_name_their_field_and_column():
    with pytest.raises(multiodds.InputError) as e:
        multiodds.equity(["AKs", "QQ,ZZ"])
    assert (e.value.field, e.value.column) == ("seats[1]", 4)
    with pytest.raises(multiodds.InputError) as e:
        multiodds.equity(["AKs", "QQ"], board="Ah Kh Zz")
    assert e.value.field == "board"
    with pytest.raises(multiodds.InputError) as e:
        multiodds.equity(["AKs", "QQ"], game="canasta")
    assert e.value.field == "game"
    with pytest.raises(multiodds.InputError) as e:
        multiodds.equity(["AKs", "QQ"], method="guess")
    assert e.value.field == "method"
    with pytest.raises(multiodds.InputError) as e:
        multiodds.query("select avg(handtipe(hero, river)) from hero='AA'")
    assert (e.value.field, e.value.column) == ("text", 12)
    assert str(e.value) == "text: column 12: unknown function 'handtipe': did you mean 'handType'?"
    with pytest.raises(multiodds.InputError):
        multiodds.evaluate_many(np.array([[0, 1, 2, 3, 52]], dtype=np.uint8))


def test_progress_is_streamed_and_ctrl_c_answers_what_was_done():
    seen = []
    r = multiodds.equity(["AKs", "random", "random", "random"], method="mc", target_se=0.0002,
                         time_limit=30, progress=seen.append)
    assert seen and all(s.deals <= r.deals for s in seen)
    # Ctrl-C from outside, sent again every half second until the run answers (one
    # signal can be lost on a loaded machine), and ignored once it has answered.
    answered = threading.Event()

    def interrupt(*_):
        if not answered.is_set():
            raise KeyboardInterrupt

    def press_ctrl_c():
        time.sleep(0.7)
        while not answered.is_set():
            os.kill(os.getpid(), signal.SIGINT)
            answered.wait(0.5)

    before = signal.signal(signal.SIGINT, interrupt)
    sender = threading.Thread(target=press_ctrl_c)
    sender.start()
    try:
        r = multiodds.equity(["AKs", "random", "random", "random"], method="mc",
                             target_se=0.00001, time_limit=60)
    finally:
        answered.set()
        sender.join()
        signal.signal(signal.SIGINT, before)
    assert r.partial and r.deals > 0
    assert 0.2 < r.seats[0].equity < 0.45


def test_results_come_as_arrays_and_frames():
    r = multiodds.equity(["AKs", "QQ", "JTs"], board="2c 7d 9h")
    a = r.to_numpy()
    assert list(a["equity"]) == r.equities
    assert abs(sum(r.equities) - 1) < 1e-12


def test_sweep_and_table_are_the_clis_exactly():
    want = cli("sweep", "AKs", "--opponents", "1-3", "--board", "2c 7d 9h")
    got = multiodds.sweep("AKs", board="2c 7d 9h", max_opponents=3)
    assert list(got["opponents"]) == [p["opponents"] for p in want["points"]]
    for key in ("win", "tie", "equity", "hand_strength", "ppot", "npot"):
        assert list(got[key]) == [p[key] for p in want["points"]], key
    want = cli("table", "--opponents", "1-1")
    got = multiodds.table(max_opponents=1)
    equity = got.figure("equity")
    assert len(got.hands) == 169 and not got.partial
    for row in want["rows"]:
        assert equity[got.hands.index(row["hand"]), 0] == row["equity"], row["hand"]


def test_hand_histories_are_the_clis_rows():
    folder = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "data", "hands")
    want = cli("hands", folder, quiet=False)
    got = multiodds.hands(folder)
    assert got.complete and got.files == want["files"]
    assert got.rows == want["hands"]
    assert len(got.refused) == want["refused_count"]
    # Totals per currency, never summed across them.
    by_currency = {t["currency"]: t for t in want["totals"]["by_currency"]}
    for total in got.totals:
        w = by_currency[total["currency"]]
        assert (total["hands"], total["hero_net"], total["hero_adjusted"]) == (w["hands"], w["hero_net"], w["hero_adjusted"])
    with pytest.raises(multiodds.InputError) as e:
        multiodds.hands(os.path.join(folder, "no such file"))
    assert e.value.field == "paths"


def test_range_analysis_is_the_clis_breakdown_and_runouts():
    want = cli("breakdown", "QQ+,AK", "--board", "Kd 7c 2s", "--vs", "TT+", quiet=False)
    got = multiodds.range_analysis("QQ+,AK", vs=["TT+"], board="Kd 7c 2s")
    assert got.lines["combos"] == want["combos"] and got.lines["weight"] == want["weight"]
    for part in ("made", "draws", "rollups"):
        assert got.lines[part] == want[part], part
    equity = {h["hand"]: h["equity"] for h in got.hands}
    assert {c["hand"]: c["equity"] for c in want["by_combo"]} == equity
    # Each hand's share of the deals, weighted, gives the range's equity.
    assert abs(sum(h["share"] * h["equity"] for h in got.hands) - want["equity"]) < 1e-12
    runouts = cli("runouts", "QQ+,AK", "TT+", "--board", "Kd 7c 2s", quiet=False)
    cards = {c["card"]: c for c in runouts["cards"]}
    assert len(got.next) == len(cards)
    for card, probability, equities in got.next:
        assert probability == cards[card]["probability"]
        assert equities == cards[card]["equity"]
    # Omaha's lines by its own rules; a part that does not apply says why.
    omaha = multiodds.range_analysis("AAxx", board="Kd 7c 2s", game="omaha")
    assert omaha.lines["combos"] > 0 and any(l["name"] == "set" for l in omaha.lines["lines"])
    assert isinstance(omaha.hands, str)


def test_stud_stud8_and_razz_meet_pokerkits_estimates():
    """tests/data/pokerkit_stud.json: pokerkit's own Monte Carlo equities of stud,
    stud/8 and razz deals (benches/pokerkit_reference.py); MultiOdds counts them."""
    path = os.path.join(os.path.dirname(__file__), "..", "..", "..", "tests", "data", "pokerkit_stud.json")
    with open(path) as f:
        cases = json.load(f)["cases"]
    for case in cases:
        got = multiodds.equity(case["seats"], game=case["game"], dead=case["dead"], target_se=0.0005)
        for seat, want, se in zip(got.seats, case["equity"], case["std_error"]):
            assert abs(seat.equity - want) <= 4 * math.hypot(se, seat.equity_se), (case, seat)


def test_flops_are_the_clis_report():
    want = cli("flops", "QQ+", "AK", quiet=False)
    got = multiodds.flops("QQ+", "AK")
    assert got.exact and not got.partial and len(got.rows) == len(want["flops"])
    by_flop = {f["flop"]: f for f in want["flops"]}
    for row in got.rows:
        w = by_flop[row["flop"]]
        assert (row["count"], row["deal_weight"]) == (w["count"], w["deal_weight"])
        assert [s["equity"] for s in row["ranges"]] == [s["equity"] for s in w["ranges"]]
        assert row["pairing"] == w["pairing"]
    # The flops' weighted mean is range 1's preflop equity.
    mean = float((got.weights() * got.equity(0)).sum() / got.weights().sum())
    assert abs(mean - got.preflop) < 1e-9


def test_omaha_hi_lo_turn_equals_pokerkits_split_pots():
    pokerkit = pytest.importorskip("pokerkit")
    from pokerkit import Card, Deck, OmahaEightOrBetterLowHand, OmahaHoldemHand

    holes, board = ["As2sKhQh", "AdAc9s8s"], "3c4d7h8c"
    known = set(Card.parse("".join(holes) + board))
    rivers = [c for c in Deck.STANDARD if c not in known]
    total = 0.0
    for river in rivers:
        b = board + repr(river)
        highs = [OmahaHoldemHand.from_game(h, b) for h in holes]
        lows = []
        for h in holes:
            try:
                lows.append(OmahaEightOrBetterLowHand.from_game(h, b))
            except ValueError:
                lows.append(None)
        share = 0.0
        qualified = [l for l in lows if l is not None]
        high_part = 0.5 if qualified else 1.0
        if highs[0] == max(highs):
            share += high_part / highs.count(max(highs))
        if qualified and lows[0] is not None and lows[0] == max(qualified):
            share += 0.5 / qualified.count(max(qualified))
        total += share
    got = multiodds.equity(holes, board="3c 4d 7h 8c", game="omaha-hilo")
    assert got.method == "exact"
    assert abs(got.seats[0].equity - total / len(rivers)) < 1e-12


@pytest.mark.parametrize(
    "game, hand_type, kept, pat",
    [
        ("2-7-draw", "StandardLowHand", "7c 5d 4h 3s", "8c 6d 4s 3d 2h"),
        ("a-5-draw", "RegularLowHand", "Ac 2d 3h 4s", "5c 6d 7h 8s Ts"),
        ("badugi", "BadugiHand", "Ac 2d 3h", "4s 5c 6d 7h"),
    ],
)
def test_one_card_draws_equal_pokerkits_count(game, hand_type, kept, pat):
    pokerkit = pytest.importorskip("pokerkit")
    from pokerkit import Card, Deck

    kind = getattr(pokerkit, hand_type)
    known = set(Card.parse((kept + pat).replace(" ", "")))
    against = kind.from_game(pat.replace(" ", ""))
    draws = [c for c in Deck.STANDARD if c not in known]
    total = 0.0
    for c in draws:
        mine = kind.from_game(kept.replace(" ", "") + repr(c))
        total += 1.0 if mine > against else 0.5 if mine == against else 0.0
    got = multiodds.equity([kept, pat], game=game)
    assert got.method == "exact"
    assert abs(got.seats[0].equity - total / len(draws)) < 1e-12


def test_evaluate_is_the_clis_eval():
    for cards in ("As Ks Qs Js Ts", "Ah Kh 2c 3d 4s 5h 9c", "7c 7d 7h 2s 2c"):
        want = cli("eval", cards, quiet=False)
        value, name = multiodds.evaluate(cards)
        assert value == want["value"] and name.lower() == want["category"].replace("_", " ").lower(), want


def test_range_equity_on_a_river_is_eval7s_exact_count():
    eval7 = pytest.importorskip("eval7")
    # eval7's exact count values the board as dealt (river boards here; float32 inside).
    for hero, villain, board in [("AsKs", "QQ+, AKo", "Qd 7c 2s 3h 9d"), ("7h6h", "22+, A2s+, KTo+", "8h 9c Tc 2h Kd")]:
        want = eval7.py_hand_vs_range_exact(
            [eval7.Card(hero[:2]), eval7.Card(hero[2:])], eval7.HandRange(villain),
            [eval7.Card(c) for c in board.split()])
        got = multiodds.equity([hero, villain], board=board)
        assert abs(got.seats[0].equity - want) < 1e-6, (hero, villain, board)


def test_range_is_the_clis_range():
    want = cli("range", "QQ+,AKs:0.5", quiet=False)
    r = multiodds.Range("QQ+,AKs:0.5")
    assert r.text == want["canonical"] and len(r) == want["combos"]
    assert sum(w for _, w in r) == want["weight"]
    listed = {h.split(":")[0]: float(h.split(":")[1]) if ":" in h else 1.0 for h in want["hands"]}
    assert {h: w for h, w in r} == listed
    assert r.combos == r.hands
