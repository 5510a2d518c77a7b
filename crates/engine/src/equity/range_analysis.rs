//! The Range view's question in one piece: what a range holds on a board
//! ([`super::breakdown`]), every combo's equity against another range and what each next
//! card does ([`super::by_combo`]), all exact. Other games' analysis is
//! [`super::games::range_analysis`]; [`AnyRangeSpec`] carries either.

use super::breakdown::{breakdown, Breakdown};
use super::by_combo::{by_combo, by_combo_multiway, next_cards, ByCombo, NextCard};
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
    /// hands.
    pub fn blocked(&self) -> CardSet {
        self.vs
            .iter()
            .filter(|v| v.combo_count() == 1)
            .filter_map(|v| v.iter().next())
            .fold(self.dead, |a, (c, _)| a.union(c.card_set()))
    }
}

/// The answers: each part, or why it does not apply (`Err` text, shown as n/a).
#[derive(Clone, Debug, PartialEq)]
pub struct RangeAnalysis {
    /// Made hands and draws (a flop, turn or river).
    pub breakdown: Result<Breakdown, String>,
    /// Every combo's equity against the other range.
    pub by_combo: Result<ByCombo, String>,
    /// Every next card (a flop or turn).
    pub next: Result<Vec<NextCard>, String>,
}

/// Every combo's equity against the other seats: heads-up by valuing each board once
/// per combo, against several by one enumeration per combo. `None` without other seats.
pub fn equity_by_combo(
    spec: &RangeSpec,
    control: &RunControl,
    threads: usize,
) -> Option<Result<ByCombo, EquityError>> {
    Some(match spec.vs.as_slice() {
        [] => return None,
        [vs] => by_combo(&spec.range, vs, spec.board, spec.dead, control),
        others => by_combo_multiway(&spec.range, others, spec.board, spec.dead, control, threads),
    })
}

/// Runs every part that applies (multiway exact work on `threads`, refused past the
/// bound).
pub fn analyse(spec: &RangeSpec, control: &RunControl, threads: usize) -> RangeAnalysis {
    let breakdown = breakdown(&spec.range, spec.board, spec.blocked())
        .ok_or_else(|| "the breakdown needs a flop, turn or river".to_string())
        .and_then(|b| {
            if b.combos == 0 {
                Err("every combo of the range is blocked".to_string())
            } else {
                Ok(b)
            }
        });
    let no_vs = || "give the other seats' ranges".to_string();
    let by_combo = match equity_by_combo(spec, control, threads) {
        Some(r) => r.map_err(|e| range_view_message(&e)),
        None => Err(no_vs()),
    };
    let next = if spec.vs.is_empty() {
        Err(no_vs())
    } else if !(3..=4).contains(&spec.board.len()) {
        Err("the next card needs a flop or a turn".to_string())
    } else {
        let ranges: Vec<&HandRange> = std::iter::once(&spec.range).chain(&spec.vs).collect();
        next_cards(
            &ranges,
            spec.board,
            spec.dead,
            control,
            threads,
            crate::equity::memory::DEFAULT_MEMORY_BUDGET,
        )
        .map_err(|e| range_view_message(&e))
    };
    RangeAnalysis {
        breakdown,
        by_combo,
        next,
    }
}

/// The Range view's question in any game: Hold'em's own analysis, or another game's.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyRangeSpec {
    /// Hold'em.
    Holdem(RangeSpec),
    /// Short deck or an Omaha game.
    Game(super::games::range_analysis::GameRangeSpec),
}

impl AnyRangeSpec {
    /// The analysis of `range` against the `vs` seats in `game`, on the engine's Hold'em
    /// paths where the ranges are Hold'em's.
    pub fn new(
        game: crate::cards::Game,
        range: crate::range::SeatRange,
        vs: Vec<crate::range::SeatRange>,
        board: crate::cards::CardSet,
        dead: crate::cards::CardSet,
    ) -> Result<AnyRangeSpec, EquityError> {
        use crate::range::SeatRange;
        let mut seats = vec![range];
        seats.extend(vs);
        match SeatRange::all_combos(seats) {
            Ok(mut all) if game == crate::cards::Game::HOLDEM => {
                let vs = all.split_off(1);
                let range = all.pop().expect("the range analysed");
                RangeSpec::new(range, vs, board, dead).map(AnyRangeSpec::Holdem)
            }
            seats => {
                let mut all = super::games::any::hands_of(game, seats);
                let vs = all.split_off(1);
                let range = all.pop().expect("the range analysed");
                super::games::range_analysis::GameRangeSpec::new(game, range, vs, board, dead)
                    .map(AnyRangeSpec::Game)
            }
        }
    }

    /// The board.
    pub fn board(&self) -> crate::cards::CardSet {
        match self {
            AnyRangeSpec::Holdem(s) => s.board,
            AnyRangeSpec::Game(g) => g.board,
        }
    }

    /// The game analysed.
    pub fn game(&self) -> crate::cards::Game {
        match self {
            AnyRangeSpec::Holdem(_) => crate::cards::Game::HOLDEM,
            AnyRangeSpec::Game(g) => g.game,
        }
    }
}

/// The answers in any game.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyRangeAnalysis {
    /// Hold'em's.
    Holdem(RangeAnalysis),
    /// Another game's.
    Game(super::games::range_analysis::GameRangeAnalysis),
}

/// Runs every part that applies, in the spec's game.
pub fn analyse_any(spec: &AnyRangeSpec, control: &RunControl, threads: usize) -> AnyRangeAnalysis {
    match spec {
        AnyRangeSpec::Holdem(s) => AnyRangeAnalysis::Holdem(analyse(s, control, threads)),
        AnyRangeSpec::Game(g) => AnyRangeAnalysis::Game(
            super::games::range_analysis::analyse_game(g, control, threads),
        ),
    }
}
