//! Short deck's heads-up equities preflop against a random hand, from the shipped table
//! (`short_deck_table`, enumerated exactly by `benches/short_deck_heads_up.py`): the
//! chart's one-opponent column at once, and the control variate of the sweeps' Monte
//! Carlo with more opponents. An engine fast path: callers ask with a game and a range
//! and get `None` where no table applies.

use super::short_deck_table::SHORT_DECK_HEADS_UP;
use crate::cards::{CardSet, Game};
use crate::range::{Combo, HandClass, HoleRange};

/// One class's (win, tie, equity) against a random hand preflop in `game`; `None`
/// outside short deck (no table) or for a class the deck does not deal.
pub fn class_heads_up(game: Game, class: HandClass) -> Option<(f64, f64, f64)> {
    if !game.plays_as_short_deck() {
        return None;
    }
    let name = class.to_string();
    SHORT_DECK_HEADS_UP
        .iter()
        .find(|row| row.0 == name)
        .map(|&(_, win, tie, equity)| (win, tie, equity))
}

/// The class of a two-card hand.
fn class_of(hand: CardSet) -> Option<HandClass> {
    let mut cards = hand.iter();
    let (a, b) = (cards.next()?, cards.next()?);
    if cards.next().is_some() {
        return None;
    }
    Combo::new(a, b).map(Combo::class)
}

/// The weighted mean of a range's hands' equities against a random hand preflop
/// (every hand meets as many random hands, so the mean is the range's equity); `None`
/// where no table applies.
pub fn range_equity(game: Game, range: &HoleRange) -> Option<f64> {
    if !game.plays_as_short_deck() || range.is_random() {
        return None;
    }
    let (mut weight, mut sum) = (0.0, 0.0);
    for &(hand, w) in range.hands() {
        let (_, _, equity) = class_heads_up(game, class_of(hand)?)?;
        weight += f64::from(w);
        sum += f64::from(w) * equity;
    }
    (weight > 0.0).then(|| sum / weight)
}
