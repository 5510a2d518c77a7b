//! The Range view's question in one piece: what a range holds on a board
//! ([`super::breakdown`]), every combo's equity against another range and what each next
//! card does ([`super::by_combo`]), all exact.

use super::breakdown::{breakdown, Breakdown};
use super::by_combo::{by_combo, next_cards, ByCombo, NextCard};
use super::{check_board, EquityError, RunControl};
use crate::cards::CardSet;
use crate::range::HandRange;

/// What to analyse: a range, the other seat's range (or none), the board and the dead
/// cards, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeSpec {
    /// The range analysed.
    pub range: HandRange,
    /// The other seat's range.
    pub vs: Option<HandRange>,
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
        vs: Option<HandRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<RangeSpec, EquityError> {
        check_board(board, dead)?;
        let blocked = board.union(dead);
        for (name, r) in [("range", Some(&range)), ("vs", vs.as_ref())] {
            if let Some(r) = r {
                if r.without_cards(blocked).is_empty() {
                    return Err(EquityError::EmptySeat { seat: name.into() });
                }
            }
        }
        Ok(RangeSpec {
            range,
            vs,
            board,
            dead,
        })
    }

    /// The cards the range cannot hold: board, dead cards and the other seat's known
    /// hand.
    pub fn blocked(&self) -> CardSet {
        let known = self
            .vs
            .as_ref()
            .filter(|v| v.combo_count() == 1)
            .and_then(|v| v.iter().next())
            .map_or(CardSet::EMPTY, |(c, _)| c.card_set());
        self.dead.union(known)
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

/// Runs every part that applies.
pub fn analyse(spec: &RangeSpec, control: &RunControl) -> RangeAnalysis {
    let breakdown = breakdown(&spec.range, spec.board, spec.blocked())
        .ok_or_else(|| "the breakdown needs a flop, turn or river".to_string())
        .and_then(|b| {
            if b.combos == 0 {
                Err("every combo of the range is blocked".to_string())
            } else {
                Ok(b)
            }
        });
    let no_vs = || "give the other seat's range".to_string();
    let by_combo = match &spec.vs {
        Some(vs) => {
            by_combo(&spec.range, vs, spec.board, spec.dead, control).map_err(|e| e.to_string())
        }
        None => Err(no_vs()),
    };
    let next = match &spec.vs {
        Some(_) if !(3..=4).contains(&spec.board.len()) => {
            Err("the next card needs a flop or a turn".to_string())
        }
        Some(vs) => {
            next_cards([&spec.range, vs], spec.board, spec.dead, control).map_err(|e| e.to_string())
        }
        None => Err(no_vs()),
    };
    RangeAnalysis {
        breakdown,
        by_combo,
        next,
    }
}
