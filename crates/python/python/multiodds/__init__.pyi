"""Type stubs of the `multiodds` package (the engine of MultiOdds from Python)."""

from typing import Callable, Iterator, List, Optional, Sequence, Tuple

import numpy as np

RANKS: str
SUITS: str

class InputError(ValueError):
    """An input that does not read or cannot be computed, at its field."""

    field: str
    column: Optional[int]
    def __init__(self, message: str, field: str = ..., column: Optional[int] = ...) -> None: ...

class SeatResult:
    """One seat's figures and their standard errors (0 when exact)."""

    range: str
    hands: int
    equity: float
    equity_se: float
    win: float
    win_se: float
    tie: float
    tie_se: float
    figures: dict

class EquityResult:
    """A matchup's answer."""

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
    def equities(self) -> List[float]: ...
    def to_numpy(self) -> np.ndarray: ...
    def to_pandas(self): ...

class QueryFigure:
    """One selector's answer."""

    name: str
    aggregate: str
    value: Optional[float]
    std_error: Optional[float]
    buckets: List[Tuple[float, str, float, float]]

class QueryAnswer:
    """One statement's answer."""

    game: str
    method: str
    deals: int
    stopped: str
    partial: bool
    condition: Optional[Tuple[float, float]]
    figures: List[QueryFigure]
    def __getitem__(self, name: str) -> QueryFigure: ...
    def to_pandas(self): ...

def equity(
    seats: Sequence[str],
    board: str = ...,
    dead: str = ...,
    game: str = ...,
    method: str = ...,
    target_se: float = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    folded: Sequence[str] = ...,
    board2: Optional[str] = ...,
    max_deals: Optional[int] = ...,
    time_limit: Optional[float] = ...,
    progress: Optional[Callable[[EquityResult], None]] = ...,
) -> EquityResult:
    """Each seat's equity, win and tie (and hi/lo, two-board figures), exact where
    affordable, else Monte Carlo to `target_se`."""

def query(
    text: str,
    method: str = ...,
    target_se: float = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    max_deals: Optional[int] = ...,
    time_limit: Optional[float] = ...,
    progress: Optional[Callable[[List[QueryAnswer]], None]] = ...,
) -> List[QueryAnswer]:
    """Answers a poker query language query, one answer per statement."""

def evaluate(cards: str, board: str = ..., game: str = ...) -> Tuple[int, str]:
    """A hand's value (higher is better) and category name."""

def card_index(card: str) -> int:
    """A card's index for `evaluate_many` (4 * rank + suit)."""

def card_indices(cards: str) -> List[int]:
    """The indices of several cards."""

def evaluate_many(codes) -> np.ndarray:
    """Hold'em values (uint16) of a 2-D array of card indices, one hand per row."""

class Range:
    """A range of hands with weights."""

    game: str
    text: str
    def __init__(self, text: str, game: str = ...) -> None: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[Tuple[str, float]]: ...
    def __contains__(self, hand: str) -> bool: ...
    def weight(self, hand: str) -> float: ...
    @property
    def hands(self) -> List[str]: ...
    @property
    def combos(self) -> List[str]: ...

class Sweep:
    """The hero's figures against each opponent count; `s["equity"]` is a column."""

    partial: bool
    status: str
    seed: Optional[int]
    missing: List[Tuple[int, str]]
    columns: dict
    def __getitem__(self, key: str) -> np.ndarray: ...
    def to_pandas(self): ...

def sweep(
    hero: str,
    opponents: str = ...,
    board: str = ...,
    dead: str = ...,
    game: str = ...,
    min_opponents: int = ...,
    max_opponents: int = ...,
    method: str = ...,
    target_se: float = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    max_deals: Optional[int] = ...,
    time_limit: Optional[float] = ...,
    progress: Optional[Callable[[dict], None]] = ...,
) -> Sweep:
    """Win, tie, equity, hand strength and potentials against 1 … n opponents."""

class Table:
    """Every starting hand class against each opponent count."""

    partial: bool
    seed: int
    opponents: List[int]
    hands: List[str]
    def figure(self, key: str = ...) -> np.ndarray: ...
    def __getitem__(self, hand: str) -> dict: ...
    def to_pandas(self, key: str = ...): ...

def table(
    opponents: str = ...,
    board: str = ...,
    dead: str = ...,
    game: str = ...,
    min_opponents: int = ...,
    max_opponents: int = ...,
    method: str = ...,
    target_se: float = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    progress: Optional[Callable[[str], None]] = ...,
) -> Table:
    """The Chart view's table (Hold'em and short deck)."""

class Session:
    """Hand histories read."""

    rows: List[dict]
    refused: List[str]
    totals: List[dict]
    files: int
    complete: bool
    def to_pandas(self): ...

def hands(paths, hero: Optional[str] = ...) -> Session:
    """Hand histories (files or folders) read into per-hand rows with all-in adjusted results."""

class RangeAnalysis:
    """The Range view's answer: lines, each hand's equity, the next cards."""

    game: str
    lines: dict
    hands: object
    next: object
    partial: bool
    def to_pandas(self): ...

def range_analysis(
    range: str,
    vs: Sequence[str] = ...,
    board: str = ...,
    dead: str = ...,
    game: str = ...,
    threads: Optional[int] = ...,
) -> RangeAnalysis:
    """What a range holds on a board and every hand's equity against other ranges."""

class Flops:
    """Ranges across every flop."""

    rows: List[dict]
    exact: bool
    preflop: Optional[float]
    partial: bool
    def equity(self, seat: int = ...) -> np.ndarray: ...
    def weights(self) -> np.ndarray: ...
    def to_pandas(self): ...

def flops(
    range1: str,
    range2: str,
    more: Sequence[str] = ...,
    dead: str = ...,
    game: str = ...,
    all_flops: bool = ...,
    deals_per_flop: Optional[int] = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    progress: Optional[Callable[[None], None]] = ...,
) -> Flops:
    """Every flop for two ranges (the Flops view's report)."""
