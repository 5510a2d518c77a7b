//! A seat's range in any game ([`SeatRange`]): what the scenario model and the front ends
//! read a range field into. Hold'em keeps its 1,326-weight [`HandRange`] (the engine's
//! fast paths run on it); the other games a list of hands ([`HoleRange`]). Which one a
//! game gets is decided here, once; callers hand it on to the engine's jobs unopened.

use super::{HandRange, HoleRange, RangeError};
use crate::cards::Game;

/// A seat's range in its game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRange(Repr);

#[derive(Clone, Debug, PartialEq)]
enum Repr {
    /// Hold'em: the engine's combo representation.
    Combos(HandRange),
    /// Any other game's hands.
    Hands(HoleRange),
}

impl SeatRange {
    /// Reads `text` as a range of `game`'s hands.
    pub fn parse(text: &str, game: Game) -> Result<SeatRange, RangeError> {
        Ok(SeatRange(if game.plays_as_holdem() {
            Repr::Combos(HandRange::parse(text)?)
        } else {
            Repr::Hands(HoleRange::parse(text, game)?)
        }))
    }

    /// Hold'em's combos, for the engine's Hold'em paths.
    pub(crate) fn combos(self) -> Option<HandRange> {
        match self.0 {
            Repr::Combos(r) => Some(r),
            Repr::Hands(_) => None,
        }
    }

    /// The game's hands, for the engine's other paths (Hold'em's combos as hands of two
    /// cards when a path has no Hold'em specialisation).
    pub(crate) fn hands(self, game: Game) -> HoleRange {
        match self.0 {
            Repr::Combos(r) => HoleRange::from_two_card(&r, game),
            Repr::Hands(r) => r,
        }
    }

    /// Every seat's Hold'em combos, when every seat has them.
    pub(crate) fn all_combos(seats: Vec<SeatRange>) -> Result<Vec<HandRange>, Vec<SeatRange>> {
        if seats.iter().all(|s| matches!(s.0, Repr::Combos(_))) {
            Ok(seats.into_iter().filter_map(SeatRange::combos).collect())
        } else {
            Err(seats)
        }
    }
}
