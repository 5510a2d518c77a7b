"""MultiOdds' poker engine from Python.

Exact and Monte Carlo equity in every game MultiOdds deals (Hold'em, short deck, Omaha
4/5/6 hi and hi/lo, stud, stud/8, razz, draw games, double boards), ranges in MultiOdds'
notations, hand evaluation (one hand, or many at once from a NumPy array) and the poker
query language. The work runs in Rust on every core with the GIL released; Ctrl-C stops a
long run and answers what it had done, marked ``partial``.

    >>> import multiodds
    >>> r = multiodds.equity(["AKs", "QQ"])
    >>> r.method, round(r.seats[0].equity, 4)
    ('exact', 0.4605)
"""

import os
from dataclasses import dataclass, field
from typing import Callable, Iterator, List, Optional, Sequence, Tuple

from . import _native
from ._errors import InputError

__all__ = [
    "InputError",
    "equity",
    "query",
    "evaluate",
    "evaluate_many",
    "card_index",
    "card_indices",
    "Range",
    "EquityResult",
    "SeatResult",
    "QueryAnswer",
    "QueryFigure",
    "sweep",
    "table",
    "Sweep",
    "Table",
    "hands",
    "Session",
    "range_analysis",
    "RangeAnalysis",
    "flops",
    "Flops",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def _run(method, target_se, seed, max_deals, time_limit) -> dict:
    """How a run goes, as the native module takes it."""
    return dict(method=method, target_se=target_se, seed=seed, max_deals=max_deals, time_limit=time_limit)


@dataclass(frozen=True)
class SeatResult:
    """One seat's figures: fractions of the pot or of the deals, each with its standard
    error (0 when counted exactly). ``figures`` holds every figure of the result's shape
    by the keys the CLI's JSON uses (``win_odds``, ``scoop``, ``low_win`` …)."""

    range: str
    hands: int
    equity: float
    equity_se: float
    win: float
    win_se: float
    tie: float
    tie_se: float
    figures: dict = field(repr=False, default_factory=dict)


@dataclass(frozen=True)
class EquityResult:
    """A matchup's answer: each seat's figures and how they were reached."""

    game: str
    method: str
    deals: int
    seed: Optional[int]
    stopped: Optional[str]
    status: str
    partial: bool
    board: str
    dead: str
    seats: List[SeatResult]

    @property
    def equities(self) -> List[float]:
        """Each seat's equity, in order."""
        return [s.equity for s in self.seats]

    def to_numpy(self):
        """The seats' figures as a structured NumPy array (one row per seat)."""
        import numpy as np

        keys = sorted({k for s in self.seats for k in s.figures})
        dtype = [("range", object), ("hands", np.int64)] + [(k, np.float64) for k in keys]
        rows = [tuple([s.range, s.hands] + [s.figures.get(k, np.nan) for k in keys]) for s in self.seats]
        return np.array(rows, dtype=dtype)

    def to_pandas(self):
        """The seats' figures as a pandas DataFrame (needs pandas)."""
        import pandas as pd

        return pd.DataFrame(
            [dict(range=s.range, hands=s.hands, **s.figures) for s in self.seats]
        )


def _seat(d: dict) -> SeatResult:
    figures = {k: v for k, v in d.items() if k not in ("range", "hands")}
    return SeatResult(
        range=d["range"],
        hands=d["hands"],
        equity=d.get("equity", float("nan")),
        equity_se=d.get("equity_se", float("nan")),
        win=d.get("win", d.get("scoop", float("nan"))),
        win_se=d.get("win_se", d.get("scoop_se", float("nan"))),
        tie=d.get("tie", float("nan")),
        tie_se=d.get("tie_se", float("nan")),
        figures=figures,
    )


def _result(d: dict) -> EquityResult:
    return EquityResult(
        game=d.get("game", ""),
        method=d["method"],
        deals=d["deals"],
        seed=d["seed"],
        stopped=d["stopped"],
        status=d["status"],
        partial=d["partial"],
        board=d.get("board", ""),
        dead=d.get("dead", ""),
        seats=[_seat(s) for s in d["seats"]],
    )


def equity(
    seats: Sequence[str],
    board: str = "",
    dead: str = "",
    game: str = "holdem",
    method: str = "auto",
    target_se: float = 0.0005,
    seed: int = 1,
    threads: Optional[int] = None,
    folded: Sequence[str] = (),
    board2: Optional[str] = None,
    max_deals: Optional[int] = None,
    time_limit: Optional[float] = None,
    progress: Optional[Callable[[EquityResult], None]] = None,
) -> EquityResult:
    """Each seat's equity, win and tie (and the hi/lo or two-board figures), exact when
    ``method`` is ``"exact"`` or ``"auto"`` finds it affordable, else by Monte Carlo
    until every seat's standard error is at most ``target_se``.

    ``seats`` are ranges in MultiOdds' notation (``"AKs"``, ``"QQ+,AK:0.5"``,
    ``"random"``, Omaha patterns ``"AAxx ds"``), stud seats as ``"(As Kd) 7c"``, draw
    seats as their kept cards. ``folded`` seats are dealt but not in the showdown;
    ``board2`` asks for a double board. ``progress`` is called with each partial result.
    Raises :class:`InputError` naming the field at fault.
    """
    wrap = None if progress is None else (lambda d: progress(_result(d)))
    d = _native.equity(
        list(seats),
        board=board,
        dead=dead,
        game=game,
        run=_run(method, target_se, seed, max_deals, time_limit),
        threads=threads,
        folded=list(folded),
        board2=board2,
        progress=wrap,
    )
    return _result(d)


@dataclass(frozen=True)
class QueryFigure:
    """One selector's answer: its value and standard error (``None`` when no deal meets
    the condition) and, for ``histogram``, its buckets as (value, label, chance, error)."""

    name: str
    aggregate: str
    value: Optional[float]
    std_error: Optional[float]
    buckets: List[Tuple[float, str, float, float]]


@dataclass(frozen=True)
class QueryAnswer:
    """One statement's answer."""

    game: str
    method: str
    deals: int
    stopped: str
    partial: bool
    condition: Optional[Tuple[float, float]]
    figures: List[QueryFigure]

    def __getitem__(self, name: str) -> QueryFigure:
        for f in self.figures:
            if f.name == name:
                return f
        raise KeyError(name)

    def to_pandas(self):
        """The figures as a pandas DataFrame (needs pandas)."""
        import pandas as pd

        return pd.DataFrame(
            [dict(name=f.name, aggregate=f.aggregate, value=f.value, std_error=f.std_error) for f in self.figures]
        )


def _answer(d: dict) -> QueryAnswer:
    return QueryAnswer(
        game=d["game"],
        method=d["method"],
        deals=d["deals"],
        stopped=d["stopped"],
        partial=d["partial"],
        condition=d["condition"],
        figures=[QueryFigure(**f) for f in d["figures"]],
    )


def query(
    text: str,
    method: str = "auto",
    target_se: float = 0.0005,
    seed: int = 1,
    threads: Optional[int] = None,
    max_deals: Optional[int] = None,
    time_limit: Optional[float] = None,
    progress: Optional[Callable[[List[QueryAnswer]], None]] = None,
) -> List[QueryAnswer]:
    """Answers a query in the poker query language, one answer per statement:
    ``select avg(riverEquity(hero)) from hero='AKs', villain='QQ+'``."""
    wrap = None if progress is None else (lambda ds: progress([_answer(d) for d in ds]))
    ds = _native.query(
        text,
        run=_run(method, target_se, seed, max_deals, time_limit),
        threads=threads,
        progress=wrap,
    )
    return [_answer(d) for d in ds]


class Sweep:
    """The MultiOdds view's curves: one row per opponent count.

    ``columns`` maps each figure's key (``win``, ``tie``, ``equity``, ``hand_strength``,
    ``ppot``, ``npot`` … and ``{key}_se``) to its values, ``None`` where a point has no
    such figure; ``missing`` lists the counts without figures and why."""

    def __init__(self, d: dict):
        self.partial = d.pop("partial")
        self.status = d.pop("status")
        self.seed = d.pop("seed")
        self.missing = d.pop("missing")
        self.columns = d

    def __getitem__(self, key: str):
        """A column as a NumPy array (NaN for n/a), or a list without NumPy."""
        values = self.columns[key]
        try:
            import numpy as np

            if key == "method":
                return np.array(values)
            return np.array([np.nan if v is None else v for v in values], dtype=float if key not in ("opponents", "deals") else np.int64)
        except ImportError:
            return values

    def to_pandas(self):
        """The points as a pandas DataFrame, one row per opponent count."""
        import pandas as pd

        return pd.DataFrame(self.columns)

    def __repr__(self) -> str:
        return f"Sweep(opponents={self.columns['opponents']}, partial={self.partial})"


def sweep(
    hero: str,
    opponents: str = "random",
    board: str = "",
    dead: str = "",
    game: str = "holdem",
    min_opponents: int = 1,
    max_opponents: int = 9,
    method: str = "auto",
    target_se: float = 0.0005,
    seed: int = 1,
    threads: Optional[int] = None,
    max_deals: Optional[int] = None,
    time_limit: Optional[float] = None,
    progress: Optional[Callable[[dict], None]] = None,
) -> Sweep:
    """The hero's win, tie, equity, hand strength and potentials against each number of
    opponents from ``min_opponents`` to ``max_opponents``, each holding ``opponents``."""
    return Sweep(_native.sweep(
        hero, opponents=opponents, board=board, dead=dead, game=game,
        min_opponents=min_opponents, max_opponents=max_opponents,
        run=_run(method, target_se, seed, max_deals, time_limit), threads=threads,
        progress=progress))


class Table:
    """The Chart view's table: every starting hand class (``"AA"``, ``"AKs"`` … in grid
    order) against each opponent count. ``figure(key)`` is a NumPy array of one figure,
    one row per class and one column per opponent count (NaN where a class is blocked)."""

    def __init__(self, d: dict):
        self.partial = d["partial"]
        self.seed = d["seed"]
        self.opponents = d["opponents"]
        self.hands = [c["hand"] for c in d["classes"]]
        self._points = [c["points"] for c in d["classes"]]

    def figure(self, key: str = "equity"):
        import numpy as np

        out = np.full((len(self.hands), len(self.opponents)), np.nan)
        for i, p in enumerate(self._points):
            if p is None or key not in p:
                continue
            for count, v in zip(p["opponents"], p[key]):
                if v is not None:
                    out[i, self.opponents.index(count)] = v
        return out

    def __getitem__(self, hand: str) -> dict:
        """One class's points: figure key → list, one value per opponent count."""
        return self._points[self.hands.index(hand)]

    def to_pandas(self, key: str = "equity"):
        """One figure as a DataFrame: classes by opponent counts."""
        import pandas as pd

        return pd.DataFrame(self.figure(key), index=self.hands, columns=self.opponents)


def table(
    opponents: str = "random",
    board: str = "",
    dead: str = "",
    game: str = "holdem",
    min_opponents: int = 1,
    max_opponents: int = 1,
    method: str = "auto",
    target_se: float = 0.001,
    seed: int = 1,
    threads: Optional[int] = None,
    progress: Optional[Callable[[str], None]] = None,
) -> Table:
    """Every starting hand against 1 … n opponents holding ``opponents`` (Hold'em and
    short deck): the Chart view's question. ``progress`` gets each class as it ends."""
    return Table(_native.table(
        opponents=opponents, board=board, dead=dead, game=game,
        min_opponents=min_opponents, max_opponents=max_opponents,
        run=_run(method, target_se, seed, None, None), threads=threads, progress=progress))


@dataclass(frozen=True)
class Session:
    """Hand histories read: ``rows`` (one dict per hand, as ``multiodds hands --json``
    writes it: site, id, game, stakes, the hero's net and all-in adjusted result …),
    ``refused`` (each hand not read, with its file, line and why), ``totals`` per
    currency (never summed across currencies) and whether every file was read."""

    rows: List[dict]
    refused: List[str]
    totals: List[dict]
    files: int
    complete: bool

    def to_pandas(self):
        """The hands as a pandas DataFrame, one row per hand."""
        import pandas as pd

        return pd.DataFrame(self.rows)


def hands(paths, hero: Optional[str] = None) -> Session:
    """Reads hand histories (a file, a folder, or a list of them) into per-hand rows with
    actual and all-in adjusted results for ``hero`` (the files' own hero when left out)."""
    import json

    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    rows, refused, totals, files, complete = _native.hands([os.fspath(p) for p in paths], hero=hero)
    keys = ("currency", "hands", "all_in_hands", "adjusted_hands", "hero_net", "hero_adjusted")
    return Session(
        rows=[json.loads(r) for r in rows],
        refused=refused,
        totals=[dict(zip(keys, t)) for t in totals],
        files=files,
        complete=complete,
    )


@dataclass(frozen=True)
class RangeAnalysis:
    """The Range view's answer. ``lines``: what the range holds on the board (Hold'em:
    ``made``, ``draws`` and ``rollups``, each line's combos, weight and share; other
    games: their ``lines``), or ``{"error": why}``. ``hands``: each hand's equity, win
    and tie against the other seats, with its weight and share of the deals. ``next``:
    each card that can come next, its probability and every seat's equity then (on a
    flop or turn). A part that does not apply holds why, as the view shows n/a."""

    game: str
    lines: dict
    hands: object
    next: object
    partial: bool

    def to_pandas(self):
        """Every hand's figures as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame(self.hands)


def range_analysis(
    range: str,
    vs: Sequence[str] = (),
    board: str = "",
    dead: str = "",
    game: str = "holdem",
    threads: Optional[int] = None,
) -> RangeAnalysis:
    """What ``range`` holds on ``board`` and every hand's equity against the ranges in
    ``vs`` (the Range view, ``multiodds breakdown`` and ``runouts``)."""
    d = _native.range_analysis(range, vs=list(vs), board=board, dead=dead, game=game, threads=threads)
    by_hand = d["by_hand"]
    return RangeAnalysis(
        game=d["game"],
        lines=d["lines"],
        hands=by_hand.get("hands", by_hand.get("error")),
        next=d["next"],
        partial=d["partial"],
    )


@dataclass(frozen=True)
class Flops:
    """Ranges across every flop (the Flops view): ``rows``, one per flop run, each with its
    cards, ``count`` (the flops it stands for by suit symmetry), ``deal_weight`` (how
    often the ranges meet on it), its texture and each range's equity, win, tie, nut
    shares (80 % and 90 % equity or more), equity buckets and lines; ``preflop`` is range
    1's exact preflop equity, the weighted mean of the flops'."""

    rows: List[dict]
    exact: bool
    preflop: Optional[float]
    partial: bool

    def equity(self, seat: int = 0):
        """One range's equity on each flop, as a NumPy array in row order."""
        import numpy as np

        return np.array([r["ranges"][seat]["equity"] for r in self.rows])

    def weights(self):
        """Each row's weight in the whole report (count × deal weight), as an array."""
        import numpy as np

        return np.array([r["count"] * r["deal_weight"] for r in self.rows])

    def to_pandas(self):
        """One row per flop: its texture and each range's equity, win and tie."""
        import pandas as pd

        flat = []
        for r in self.rows:
            row = {k: v for k, v in r.items() if k != "ranges"}
            for i, seat in enumerate(r["ranges"], 1):
                for k in ("equity", "win", "tie", "nut80", "nut90"):
                    row[f"{k}{i}"] = seat[k]
            flat.append(row)
        return pd.DataFrame(flat)


def flops(
    range1: str,
    range2: str,
    more: Sequence[str] = (),
    dead: str = "",
    game: str = "holdem",
    all_flops: bool = False,
    deals_per_flop: Optional[int] = None,
    seed: int = 1,
    threads: Optional[int] = None,
    progress: Optional[Callable[[None], None]] = None,
) -> Flops:
    """Every flop for two ranges (exact in Hold'em heads-up; sampled with ``more`` ranges
    or in other games, ``deals_per_flop`` each)."""
    d = _native.flops(range1, range2, more=list(more), dead=dead, game=game, all_flops=all_flops,
                      deals_per_flop=deals_per_flop, seed=seed, threads=threads, progress=progress)
    return Flops(rows=d["flops"], exact=d["exact"], preflop=d["preflop"], partial=d["partial"])


def evaluate(cards: str, board: str = "", game: str = "holdem") -> Tuple[int, str]:
    """A hand's value and category name, ``(value, "Flush")``; higher values are better
    hands. Hold'em, short deck and stud: 5 to 7 cards (the hole cards, with ``board``, or
    all in ``cards``); Omaha: the hole cards and 3 to 5 board cards."""
    return _native.evaluate(cards, board=board, game=game)


def card_index(card: str) -> int:
    """A card's index for :func:`evaluate_many`: ``4 * rank + suit`` (deuce 0 … ace 12;
    clubs 0, diamonds 1, hearts 2, spades 3): ``card_index("As") == 51``."""
    if len(card) != 2 or card[0].upper() not in RANKS or card[1].lower() not in SUITS:
        raise InputError(f"card: '{card}' is not a card such as As", "card", 1)
    return 4 * RANKS.index(card[0].upper()) + SUITS.index(card[1].lower())


def card_indices(cards: str) -> List[int]:
    """The indices of cards written together or apart (``"AsKd 7c"``)."""
    text = cards.replace(" ", "").replace(",", "")
    return [card_index(text[i : i + 2]) for i in range(0, len(text), 2)]


def evaluate_many(codes):
    """Hold'em values of many hands at once.

    ``codes`` is a 2-D array (NumPy, or a list of lists) of card indices
    (:func:`card_index`), one hand of 5 to 7 cards per row; the answer is a NumPy array
    of ``uint16`` values, higher is better (equal values tie). Runs on every core."""
    import numpy as np

    array = np.ascontiguousarray(codes, dtype=np.uint8)
    if array.ndim != 2:
        raise InputError("codes: a 2-D array, one hand per row", "codes", None)
    raw = _native.evaluate_many(array.tobytes(), array.shape[1] if array.size else 5)
    return np.frombuffer(raw, dtype="<u2").copy()


class Range:
    """A range of hands with weights: ``Range("QQ+,AKs:0.5")``.

    ``text`` is its canonical notation (two-card games) or the text given; ``len(r)``
    counts its hands, ``"AsKs" in r`` tests one, iterating gives ``(hand, weight)``."""

    def __init__(self, text: str, game: str = "holdem"):
        self.game = game
        self.text, hands = _native.range_hands(text, game=game)
        self._weights = {self._key(h): w for h, w in hands if w > 0}
        self._order = [h for h, w in hands if w > 0]

    @staticmethod
    def _key(hand: str) -> frozenset:
        text = hand.replace(" ", "")
        return frozenset(text[i : i + 2] for i in range(0, len(text), 2))

    def __len__(self) -> int:
        return len(self._order)

    def __iter__(self) -> Iterator[Tuple[str, float]]:
        for h in self._order:
            yield h, self._weights[self._key(h)]

    def __contains__(self, hand: str) -> bool:
        return self._key(hand) in self._weights

    def weight(self, hand: str) -> float:
        """The hand's weight (0 when it is not in the range)."""
        return self._weights.get(self._key(hand), 0.0)

    @property
    def hands(self) -> List[str]:
        """Every hand, as cards (``"AsKs"``)."""
        return list(self._order)

    @property
    def combos(self) -> List[str]:
        """The same as :attr:`hands` (eval7's and the two-card games' word)."""
        return self.hands

    def __repr__(self) -> str:
        return f"Range({self.text!r}, {len(self)} hands)"
