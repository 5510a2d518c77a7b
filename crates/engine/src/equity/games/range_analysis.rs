//! The Range view's question in a game other than Hold'em (reference §7 and §9): what
//! a range holds on a board by the game's rule (its hand categories, flush and straight
//! draws, and in hi/lo games the low made or one card away), every hand's equity against
//! the other seats (`by_hand`: exact within the bound, else estimated), and what each next
//! card does.
//!
//! Hold'em's analysis (`equity::breakdown`, `equity::by_combo`) sorts and sweeps two-card
//! combos; here every next card is one enumeration of the whole matchup, so the work is
//! estimated first and refused past the exact bound, as everywhere else.

pub use super::by_hand::{by_hand, ByHand, HandEquity, Sampled};
use super::by_hand::{heads_up_work, sampled_work};
pub use super::hand_lines::{
    all_lines, categories_strongest_first, hand_lines, high_category, HandLine,
};
pub use super::range_spec::GameRangeSpec;
use super::range_spec::{check_runs, check_valuations, hand_matchup, stopped};
use super::{exact, exact_valuations, GameMatchup, VALUATIONS_PER_SECOND};
use crate::cards::{Card, CardSet, Game};
use crate::equity::breakdown::Line;
use crate::equity::by_combo::NextCard;
use crate::equity::run::MAX_EXACT_SECONDS;
use crate::equity::{EquityError, RunControl};
use crate::range::HoleRange;
use rayon::prelude::*;

/// What a range holds on a board in a game: a line per category and draw.
#[derive(Clone, Debug, PartialEq)]
pub struct HandBreakdown {
    /// The range's hands left (board, dead and known cards removed).
    pub hands: usize,
    /// Their total weight.
    pub weight: f64,
    /// Every line of the game ([`all_lines`] order).
    pub lines: Vec<(HandLine, Line)>,
}

/// Hand valuations one breakdown costs: each hand on the board and on every next board.
fn breakdown_valuations(game: Game, hands: usize, board: CardSet) -> f64 {
    let per = if game.is_omaha() {
        let pairs = (game.hole_cards() * (game.hole_cards() - 1) / 2) as f64;
        pairs * 4.0
    } else {
        1.0
    };
    let next = if board.len() < 5 { 47.0 } else { 1.0 };
    hands as f64 * per * next
}

/// The breakdown of `spec`'s range on its board (3 to 5 cards); `Err` says why not.
pub fn game_breakdown(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
) -> Result<HandBreakdown, String> {
    let game = spec.game;
    if !(3..=5).contains(&spec.board.len()) {
        return Err("the breakdown needs a flop, turn or river".into());
    }
    let blocked = spec.blocked();
    let count = spec.range.live_count(blocked);
    let seconds = crate::equity::run::exact_seconds(
        breakdown_valuations(game, count as usize, spec.board),
        VALUATIONS_PER_SECOND,
        threads,
    );
    if count > crate::range::MAX_LISTED_HANDS as u64 || seconds > MAX_EXACT_SECONDS {
        return Err(EquityError::TooLarge {
            seconds,
            threads: threads.max(1),
        }
        .to_string());
    }
    let hands = spec.range.live_hands(blocked);
    if hands.is_empty() {
        return Err("every hand of the range is blocked".into());
    }
    let board: Vec<Card> = spec.board.iter().collect();
    let next: Vec<Card> = game.deck().difference(blocked).iter().collect();
    let lines = all_lines(game);
    let per_hand: Vec<Vec<HandLine>> = hands
        .par_iter()
        .map(|(h, _)| {
            if control.is_cancelled() {
                return Vec::new();
            }
            let hole: Vec<Card> = h.iter().collect();
            hand_lines(game, &hole, &board, &next)
        })
        .collect();
    if control.is_cancelled() {
        return Err("stopped".into());
    }
    let weight: f64 = hands.iter().map(|h| h.1 as f64).sum();
    let mut out: Vec<(HandLine, Line)> = lines.iter().map(|&l| (l, Line::default())).collect();
    for ((_, w), on) in hands.iter().zip(&per_hand) {
        for l in on {
            if let Some((_, line)) = out.iter_mut().find(|(k, _)| k == l) {
                line.combos += 1;
                line.weight += *w as f64;
            }
        }
    }
    for (_, line) in &mut out {
        line.share = line.weight / weight;
    }
    Ok(HandBreakdown {
        hands: hands.len(),
        weight,
        lines: out,
    })
}

/// The weight scale exact runs apply to a seat (its largest live weight: they scale each
/// seat's weights so the largest is 1), to compare totals across runs.
fn scale(r: &HoleRange, blocked: CardSet) -> f64 {
    r.live_hands(blocked)
        .iter()
        .map(|h| h.1 as f64)
        .fold(0.0, f64::max)
}

/// Every seat's range, and the cards that can come next (none is a known hand's).
fn next_card_candidates(spec: &GameRangeSpec) -> (Vec<HoleRange>, Vec<Card>) {
    let ranges: Vec<HoleRange> = std::iter::once(&spec.range)
        .chain(&spec.vs)
        .cloned()
        .collect();
    let known = ranges
        .iter()
        .filter_map(HoleRange::known_hand)
        .fold(spec.board.union(spec.dead), |a, h| a.union(h));
    let cards = spec.game.deck().difference(known).iter().collect();
    (ranges, cards)
}

/// The matchup of every seat with `card` added to the board, if every seat has a hand.
fn next_card_matchup(
    spec: &GameRangeSpec,
    ranges: &[HoleRange],
    card: Card,
) -> Option<GameMatchup> {
    let board = spec.board.union(CardSet::single(card));
    GameMatchup::new(spec.game, ranges.to_vec(), board, spec.dead).ok()
}

/// The valuations the parts that will run (not refused) take, in the unit exact runs
/// report their work in: what the time left and the fraction done are measured against.
pub fn estimated_valuations(spec: &GameRangeSpec, threads: usize) -> f64 {
    let affordable = |v: f64| {
        if v.is_finite() && check_valuations(v, threads).is_ok() {
            v
        } else {
            0.0
        }
    };
    let mut total = 0.0;
    let blocked = spec.blocked();
    if !spec.vs.is_empty()
        && spec.range.live_count(blocked) <= crate::range::MAX_LISTED_HANDS as u64
    {
        let hands = spec.range.live_count(blocked) as usize;
        let exact = heads_up_work(spec).or_else(|| {
            let first = spec.range.live_hands(blocked).first().map(|h| h.0)?;
            let one = hand_matchup(spec, first).ok()?;
            Some(exact_valuations(&one) * hands as f64)
        });
        // Past the exact bound every hand's equity is estimated instead.
        total += match exact.map(affordable) {
            Some(v) if v > 0.0 => v,
            Some(_) => sampled_work(spec, hands, threads),
            None => 0.0,
        };
    }
    if !spec.vs.is_empty() && (3..=4).contains(&spec.board.len()) {
        let (ranges, cards) = next_card_candidates(spec);
        if let Some(one) = cards
            .iter()
            .find_map(|&c| next_card_matchup(spec, &ranges, c))
        {
            total += affordable(exact_valuations(&one) * cards.len() as f64);
        }
    }
    total
}

/// For every card that can come on a flop or turn, its probability and every seat's exact
/// equity: one enumeration of the matchup per card, refused past the exact bound.
pub fn game_next_cards(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
) -> Result<Vec<NextCard>, EquityError> {
    let (ranges, cards) = next_card_candidates(spec);
    let matchup = |card: Card| next_card_matchup(spec, &ranges, card);
    let Some(one) = cards.iter().find_map(|&c| matchup(c)) else {
        return Err(EquityError::Impossible(
            "no next card leaves every seat a hand".into(),
        ));
    };
    check_runs(&one, cards.len(), threads)?;
    let mut out = Vec::new();
    let mut total = 0.0;
    for &card in &cards {
        if control.is_cancelled() {
            return Err(stopped());
        }
        let Some(m) = matchup(card) else { continue };
        let t = exact::run(&m, control)?;
        let n = t.seats[0].equity.n;
        if n <= 0.0 {
            continue;
        }
        let blocked = m.board.union(m.dead);
        let weight = n * ranges.iter().map(|r| scale(r, blocked)).product::<f64>();
        total += weight;
        out.push(NextCard {
            card,
            probability: weight,
            equity: t.seats.iter().map(|s| s.equity.s / s.equity.n).collect(),
        });
    }
    if control.is_cancelled() {
        return Err(stopped());
    }
    if total <= 0.0 {
        return Err(EquityError::Impossible(
            "no next card leaves every seat a hand".into(),
        ));
    }
    for n in &mut out {
        n.probability /= total;
    }
    Ok(out)
}

/// A range's answers in any game — what the Range view shows, `breakdown` and scenario
/// files print: each part, or why it does not apply (shown as n/a).
#[derive(Clone, Debug, PartialEq)]
pub struct RangeAnalysis {
    /// The game.
    pub game: Game,
    /// What the range holds on the board, in the game's lines (a flop, turn or river).
    pub breakdown: Result<RangeLines, String>,
    /// Every hand's equity against the other seats (exact, or estimated with its error).
    /// In the two-card games a hand is a combo.
    pub by_hand: Result<ByHand, String>,
    /// Every next card (a flop or turn).
    pub next: Result<Vec<NextCard>, String>,
}

/// What a range holds, in its game's lines: Hold'em's (made hands, draws, roll-ups, and
/// each combo's class for the 13×13 grid and the lines' selection), or another game's
/// categories and draws by its rules. Two vocabularies of one question: Hold'em's lines
/// follow the tools its users come from, the others' each game's rules.
#[derive(Clone, Debug, PartialEq)]
pub enum RangeLines {
    /// Hold'em's breakdown.
    Holdem(crate::equity::breakdown::Breakdown),
    /// Another game's.
    Game(HandBreakdown),
}

impl RangeAnalysis {
    /// Whether its lines are Hold'em's (the 13×13 grid of classes, each combo's class,
    /// line selection), which is how the engine answers Hold'em; every other game's
    /// lines are by its own rules ([`RangeLines`]).
    pub fn has_holdem_lines(&self) -> bool {
        self.game.plays_as_holdem()
    }
}

impl RangeLines {
    /// The range's hands left (board, dead and known cards removed).
    pub fn hands(&self) -> usize {
        match self {
            RangeLines::Holdem(b) => b.combos,
            RangeLines::Game(b) => b.hands,
        }
    }

    /// What a hand is called in these lines: "combos" in Hold'em's, else "hands".
    pub fn unit(&self) -> &'static str {
        match self {
            RangeLines::Holdem(_) => "combos",
            RangeLines::Game(_) => "hands",
        }
    }

    /// Hold'em's breakdown, when these are Hold'em's lines.
    pub fn holdem(&self) -> Option<&crate::equity::breakdown::Breakdown> {
        match self {
            RangeLines::Holdem(b) => Some(b),
            RangeLines::Game(_) => None,
        }
    }

    /// Another game's lines, when these are.
    pub fn game(&self) -> Option<&HandBreakdown> {
        match self {
            RangeLines::Game(b) => Some(b),
            RangeLines::Holdem(_) => None,
        }
    }
}

/// Which parts of the Range question to answer: the view asks for all of them; the
/// CLI's `breakdown` for the lines and every hand's equity, `runouts` for the next cards
/// alone. A part not asked for is `Err("not asked")`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeParts {
    /// What the range holds on the board.
    pub lines: bool,
    /// Every hand's equity against the other seats.
    pub by_hand: bool,
    /// What each next card does.
    pub next: bool,
    /// The most memory the next cards' exact work may take (bytes).
    pub memory_budget: u64,
}

impl RangeParts {
    /// Every part, within the default memory budget.
    pub const ALL: RangeParts = RangeParts {
        lines: true,
        by_hand: true,
        next: true,
        memory_budget: crate::equity::memory::DEFAULT_MEMORY_BUDGET,
    };

    /// A part's answer when `asked` for, run by `answer`.
    pub(crate) fn when<T>(
        asked: bool,
        answer: impl FnOnce() -> Result<T, String>,
    ) -> Result<T, String> {
        if asked {
            answer()
        } else {
            Err(NOT_ASKED.to_string())
        }
    }
}

impl RangeParts {
    /// The next cards, when asked for and where they apply: with other seats, on a flop
    /// or a turn; run by `answer`.
    pub(crate) fn next_cards<T>(
        self,
        has_vs: bool,
        board: CardSet,
        answer: impl FnOnce() -> Result<T, String>,
    ) -> Result<T, String> {
        RangeParts::when(self.next, || {
            if !has_vs {
                Err(NO_VS.to_string())
            } else if !(3..=4).contains(&board.len()) {
                Err("the next card needs a flop or a turn".to_string())
            } else {
                answer()
            }
        })
    }
}

/// Why a part that needs other seats has none.
pub(crate) const NO_VS: &str = "give the other seats' ranges";

/// What a part not asked for holds.
pub const NOT_ASKED: &str = "not asked";

/// Runs the parts asked for that apply.
pub fn analyse_game(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
    parts: RangeParts,
) -> RangeAnalysis {
    let no_vs = || NO_VS.to_string();
    let breakdown = RangeParts::when(parts.lines, || {
        game_breakdown(spec, control, threads).map(RangeLines::Game)
    });
    let by_hand = RangeParts::when(parts.by_hand, || {
        if spec.vs.is_empty() {
            Err(no_vs())
        } else {
            by_hand(spec, control, threads).map_err(|e| crate::equity::range_view_message(&e))
        }
    });
    let next = parts.next_cards(!spec.vs.is_empty(), spec.board, || {
        game_next_cards(spec, control, threads).map_err(|e| crate::equity::range_view_message(&e))
    });
    RangeAnalysis {
        game: spec.game,
        breakdown,
        by_hand,
        next,
    }
}

#[cfg(test)]
#[path = "range_analysis_tests.rs"]
mod tests;
