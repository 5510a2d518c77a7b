//! What the Range view asks in a game other than Hold'em, checked ([`GameRangeSpec`]),
//! and the bounds every part of its answer is held to: the matchup of one of its hands,
//! the exact bound on the work, and how a stopped run is said.

use super::{exact_valuations, GameMatchup, VALUATIONS_PER_SECOND};
use crate::cards::{CardSet, Game};
use crate::equity::run::MAX_EXACT_SECONDS;
use crate::equity::EquityError;
use crate::range::HoleRange;

/// What to analyse in a game: a range, the other seats' ranges (or none), board and dead
/// cards, checked.
#[derive(Clone, Debug)]
pub struct GameRangeSpec {
    /// The game.
    pub game: Game,
    /// The range analysed.
    pub range: HoleRange,
    /// The other seats' ranges (none: the breakdown alone).
    pub vs: Vec<HoleRange>,
    /// No board (preflop) or a flop, turn or river.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
}

impl PartialEq for GameRangeSpec {
    fn eq(&self, o: &GameRangeSpec) -> bool {
        let same = |a: &HoleRange, b: &HoleRange| {
            a.game() == b.game() && a.is_random() == b.is_random() && a.hands() == b.hands()
        };
        self.game == o.game
            && self.board == o.board
            && self.dead == o.dead
            && same(&self.range, &o.range)
            && self.vs.len() == o.vs.len()
            && self.vs.iter().zip(&o.vs).all(|(a, b)| same(a, b))
    }
}

impl GameRangeSpec {
    /// The analysis of `range` (against `vs`) in `game`; refused when a card is not in the
    /// game's deck, the seats are more than the game deals, or a range has no live hand.
    pub fn new(
        game: Game,
        range: HoleRange,
        vs: Vec<HoleRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<GameRangeSpec, EquityError> {
        super::check_cards(game, board, dead)?;
        if vs.len() + 1 > game.max_seats() {
            return Err(EquityError::SeatsForGame {
                game,
                max: game.max_seats(),
                got: vs.len() + 1,
            });
        }
        let blocked = board.union(dead);
        for (i, r) in std::iter::once(&range).chain(&vs).enumerate() {
            if r.live_count(blocked) == 0 {
                return Err(EquityError::EmptySeat {
                    seat: crate::equity::range_seat_name(i),
                });
            }
        }
        Ok(GameRangeSpec {
            game,
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
            .filter_map(HoleRange::known_hand)
            .fold(self.board.union(self.dead), |a, h| a.union(h))
    }
}

/// A stopped run (as Hold'em's analysis says it).
pub(super) fn stopped() -> EquityError {
    EquityError::Impossible("stopped".into())
}

/// Refuses `valuations` of work past the exact bound on `threads` cores.
pub(super) fn check_valuations(valuations: f64, threads: usize) -> Result<(), EquityError> {
    let seconds = crate::equity::run::exact_seconds(valuations, VALUATIONS_PER_SECOND, threads);
    if seconds > MAX_EXACT_SECONDS {
        return Err(EquityError::TooLarge {
            seconds,
            threads: threads.max(1),
        });
    }
    Ok(())
}

/// Refuses `runs` enumerations like `one` past the exact bound on `threads` cores.
pub(super) fn check_runs(
    one: &GameMatchup,
    runs: usize,
    threads: usize,
) -> Result<(), EquityError> {
    let valuations = exact_valuations(one);
    if valuations.is_infinite() {
        return Err(super::too_many_hands(one.game));
    }
    check_valuations(valuations * runs as f64, threads)
}

/// The matchup of one hand of the range against the other seats.
pub(super) fn hand_matchup(
    spec: &GameRangeSpec,
    hand: CardSet,
) -> Result<GameMatchup, EquityError> {
    let mut ranges = vec![HoleRange::single(spec.game, hand)];
    ranges.extend(spec.vs.iter().cloned());
    GameMatchup::new(spec.game, ranges, spec.board, spec.dead)
}
