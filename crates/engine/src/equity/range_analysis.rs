//! The Range view's question in one piece: what a range holds on a board, every hand's
//! equity against the other seats and what each next card does, in any game, answered as
//! one [`RangeAnalysis`]. Hold'em's answers come from its own paths here (the breakdown,
//! [`super::breakdown`]; every combo's equity and the next cards, [`super::by_combo`]);
//! the other games' from [`super::games::range_analysis`]. [`RangeJob`] chooses.

use super::breakdown::breakdown;
use super::by_combo::{by_combo, by_combo_multiway, next_cards, ByCombo};
pub use super::games::range_analysis::{
    ByHand, HandBreakdown, HandEquity, RangeAnalysis, RangeLines, RangeParts, Sampled, NOT_ASKED,
};
use super::{check_board, EquityError, RunControl};
pub use super::{range_seat_name, range_view_message};
use crate::cards::CardSet;
use crate::range::HandRange;

/// What to analyse: a range, the other seat's range (or none), the board and the dead
/// cards, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeSpec {
    /// The range analysed.
    pub range: HandRange,
    /// The other seats' ranges (none: the breakdown alone).
    pub vs: Vec<HandRange>,
    /// No board (preflop) or a flop, turn or river.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
}

impl RangeSpec {
    /// The analysis of `range` (against `vs`) on `board` with `dead` cards out; refused
    /// when a range is left with no combo.
    pub fn new(
        range: HandRange,
        vs: Vec<HandRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<RangeSpec, EquityError> {
        check_board(board, dead)?;
        if vs.len() + 1 > super::MAX_SEATS {
            return Err(EquityError::SeatCount(vs.len() + 1));
        }
        let blocked = board.union(dead);
        for (i, r) in std::iter::once(&range).chain(&vs).enumerate() {
            if r.without_cards(blocked).is_empty() {
                return Err(EquityError::EmptySeat {
                    seat: range_seat_name(i),
                });
            }
        }
        Ok(RangeSpec {
            range,
            vs,
            board,
            dead,
        })
    }

    /// The cards the range cannot hold: board, dead cards and the other seats' known
    /// hands (the same as [`GameRangeSpec::blocked`](super::games::range_analysis::GameRangeSpec::blocked)).
    pub fn blocked(&self) -> CardSet {
        self.vs
            .iter()
            .filter(|v| v.combo_count() == 1)
            .filter_map(|v| v.iter().next())
            .fold(self.board.union(self.dead), |a, (c, _)| {
                a.union(c.card_set())
            })
    }
}

/// Every combo's equity against the other seats, as every hand's (a combo is a two-card
/// hand; exact): heads-up by valuing each board once per combo, against several by one
/// enumeration per combo. `None` without other seats.
pub fn equity_by_hand(
    spec: &RangeSpec,
    control: &RunControl,
    threads: usize,
) -> Option<Result<ByHand, EquityError>> {
    let by_combo = match spec.vs.as_slice() {
        [] => return None,
        [vs] => by_combo(&spec.range, vs, spec.board, spec.dead, control),
        others => by_combo_multiway(&spec.range, others, spec.board, spec.dead, control, threads),
    };
    Some(by_combo.map(by_hand_of))
}

/// Every combo's equity as every hand's (a combo is a two-card hand), exact.
fn by_hand_of(r: ByCombo) -> ByHand {
    ByHand {
        hands: r
            .combos
            .iter()
            .map(|c| HandEquity {
                hand: c.combo.card_set(),
                weight: c.weight,
                share: c.share,
                equity: c.equity,
                win: c.win,
                tie: c.tie,
                scoop: None,
                std_error: 0.0,
            })
            .collect(),
        sampled: None,
    }
}

/// Runs the parts asked for that apply in Hold'em (multiway exact work on `threads`,
/// refused past the bound).
pub fn analyse(
    spec: &RangeSpec,
    control: &RunControl,
    threads: usize,
    parts: RangeParts,
) -> RangeAnalysis {
    let breakdown = RangeParts::when(parts.lines, || {
        breakdown(&spec.range, spec.board, spec.blocked())
            .ok_or_else(|| "the breakdown needs a flop, turn or river".to_string())
            .and_then(|b| {
                if b.combos == 0 {
                    Err("every combo of the range is blocked".to_string())
                } else {
                    Ok(b)
                }
            })
    });
    let no_vs = || super::games::range_analysis::NO_VS.to_string();
    let by_hand = RangeParts::when(parts.by_hand, || {
        match equity_by_hand(spec, control, threads) {
            Some(r) => r.map_err(|e| range_view_message(&e)),
            None => Err(no_vs()),
        }
    });
    let next = parts.next_cards(!spec.vs.is_empty(), spec.board, || {
        let ranges: Vec<&HandRange> = std::iter::once(&spec.range).chain(&spec.vs).collect();
        next_cards(
            &ranges,
            spec.board,
            spec.dead,
            control,
            threads,
            parts.memory_budget,
        )
        .map_err(|e| range_view_message(&e))
    });
    RangeAnalysis {
        game: crate::cards::Game::HOLDEM,
        breakdown: breakdown.map(RangeLines::Holdem),
        by_hand,
        next,
    }
}

/// The Range view's question in any game: what the Range view, `multiodds breakdown` and
/// scenario files analyse. Which analysis runs it (Hold'em's combos and classes, or
/// another game's hands) is chosen at construction and private.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeJob(RangeEngine, crate::cards::Game);

/// The analysis a [`RangeJob`] runs on.
#[derive(Clone, Debug, PartialEq)]
enum RangeEngine {
    /// Hold'em.
    Holdem(RangeSpec),
    /// Short deck or an Omaha game.
    Game(super::games::range_analysis::GameRangeSpec),
}

impl From<RangeSpec> for RangeJob {
    fn from(spec: RangeSpec) -> RangeJob {
        RangeJob(RangeEngine::Holdem(spec), crate::cards::Game::HOLDEM)
    }
}

impl From<super::games::range_analysis::GameRangeSpec> for RangeJob {
    fn from(spec: super::games::range_analysis::GameRangeSpec) -> RangeJob {
        let game = spec.game;
        RangeJob(RangeEngine::Game(spec), game)
    }
}

impl RangeJob {
    /// The analysis of `range` against the `vs` seats in `game`, on the engine's Hold'em
    /// paths where the ranges are Hold'em's.
    pub fn new(
        game: crate::cards::Game,
        range: crate::range::SeatRange,
        vs: Vec<crate::range::SeatRange>,
        board: crate::cards::CardSet,
        dead: crate::cards::CardSet,
    ) -> Result<RangeJob, EquityError> {
        use crate::range::SeatRange;
        let mut seats = vec![range];
        seats.extend(vs);
        match SeatRange::all_combos(seats) {
            Ok(mut all) if game.plays_as_holdem() => {
                let vs = all.split_off(1);
                let range = all.pop().expect("the range analysed");
                RangeSpec::new(range, vs, board, dead)
                    .map(|s| RangeJob(RangeEngine::Holdem(s), game))
            }
            seats => {
                let mut all = super::games::hands_of(game, seats);
                let vs = all.split_off(1);
                let range = all.pop().expect("the range analysed");
                super::games::range_analysis::GameRangeSpec::new(game, range, vs, board, dead)
                    .map(RangeJob::from)
            }
        }
    }

    /// The board.
    pub fn board(&self) -> crate::cards::CardSet {
        match &self.0 {
            RangeEngine::Holdem(s) => s.board,
            RangeEngine::Game(g) => g.board,
        }
    }

    /// The game analysed.
    pub fn game(&self) -> crate::cards::Game {
        self.1
    }

    /// The valuations its enumerations will take on `threads` cores (0 where it answers
    /// in milliseconds), so a long one shows its fraction done and time left.
    pub fn estimated_valuations(&self, threads: usize) -> f64 {
        match &self.0 {
            RangeEngine::Holdem(_) => 0.0,
            RangeEngine::Game(g) => super::games::range_analysis::estimated_valuations(g, threads),
        }
    }

    /// Runs every part that applies, in the job's game.
    pub fn analyse(&self, control: &RunControl, threads: usize) -> RangeAnalysis {
        self.analyse_parts(control, threads, RangeParts::ALL)
    }

    /// Runs the parts asked for that apply, in the job's game.
    pub fn analyse_parts(
        &self,
        control: &RunControl,
        threads: usize,
        parts: RangeParts,
    ) -> RangeAnalysis {
        match &self.0 {
            RangeEngine::Holdem(s) => RangeAnalysis {
                game: self.1,
                ..analyse(s, control, threads, parts)
            },
            RangeEngine::Game(g) => {
                super::games::range_analysis::analyse_game(g, control, threads, parts)
            }
        }
    }
}
