//! A hand street by street: at the start of each street, the board, who is still in
//! with what behind, the pot; then that street's actions in words.

use super::amount::Amount;
use super::model::{ActionKind, Hand, StreetName};
use crate::cards::Card;

/// One player at a street's start.
#[derive(Clone, Debug, PartialEq)]
pub struct SpotPlayer {
    /// Index into [`Hand::players`].
    pub index: usize,
    /// Still in (not folded on an earlier street, not sitting out).
    pub in_hand: bool,
    /// Chips behind at the street's start.
    pub stack: Amount,
    /// Put in on this street (less an uncalled bet returned).
    pub street_bets: Amount,
    /// Folded on this street.
    pub folds_here: bool,
    /// All-in by the end of this street.
    pub all_in: bool,
}

/// A street of a hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Spot {
    /// Index into [`Hand::streets`].
    pub street: usize,
    /// Which street.
    pub name: StreetName,
    /// The board at this street (the first run's).
    pub board: Vec<Card>,
    /// Every run's board at this street when the hand was run more than once.
    pub boards: Vec<Vec<Card>>,
    /// The pot at the street's start.
    pub pot: Amount,
    /// Each player.
    pub players: Vec<SpotPlayer>,
    /// The street's actions in words (`Ann raises to $6`).
    pub actions: Vec<String>,
}

/// The hand at the start of street `street` (clamped to the last).
pub fn spot(hand: &Hand, street: usize) -> Spot {
    let street = street.min(hand.streets.len().saturating_sub(1));
    let n = hand.players.len();
    let before = super::model::Running::through(n, &hand.streets[..street]);
    let pot: Amount = (0..n).map(|p| before.put_in(p)).sum::<Amount>() + hand.site_added;
    let mut here = super::model::Running::new(n);
    let mut actions = Vec::new();
    let money = |a: Amount| format!("{}{a}", hand.currency);
    let Some(current) = hand.streets.get(street) else {
        return Spot {
            street,
            name: StreetName::Preflop,
            board: Vec::new(),
            boards: Vec::new(),
            pot,
            players: Vec::new(),
            actions,
        };
    };
    for a in &current.actions {
        let who = &hand.players[a.player].name;
        let words = match &a.kind {
            ActionKind::PostLive | ActionKind::PostDead => {
                format!("{who} posts {}", money(a.amount))
            }
            ActionKind::Fold => format!("{who} folds"),
            ActionKind::Check => format!("{who} checks"),
            ActionKind::Call => format!("{who} calls {}", money(a.amount)),
            ActionKind::Bet => format!("{who} bets {}", money(a.amount)),
            ActionKind::Raise { to } => format!("{who} raises to {}", money(*to)),
            ActionKind::Returned => format!("{} returned to {who}", money(a.amount)),
        };
        actions.push(if a.all_in {
            format!("{words}, all-in")
        } else {
            words
        });
        here.apply(a);
    }
    let players = (0..n)
        .map(|p| SpotPlayer {
            index: p,
            in_hand: !before.folded[p] && !hand.players[p].sitting_out,
            stack: hand.players[p].stack - before.put_in(p),
            street_bets: here.put_in(p),
            folds_here: here.folded[p],
            all_in: before.all_in[p] || here.all_in[p],
        })
        .collect();
    Spot {
        street,
        name: current.name,
        board: current.boards[0].clone(),
        boards: current.boards.clone(),
        pot,
        players,
        actions,
    }
}
