//! The Monte Carlo control variate (reference §4): one value x per deal, with an exactly
//! known mean, on which every seat's win, tie and equity are regressed. One x for every
//! seat, so the corrections of the seats' equities cancel (their shares sum to one in
//! every deal) and the equities still sum to one. x is counted in halves over n seats
//! compared (x = halves / 2n), so a batch sums whole numbers.

use super::super::{Matchup, SeatCombos};
use crate::cards::CardSet;
use crate::eval::HandValue;
use crate::range::Combo;

/// Which control a matchup's sampler uses.
#[derive(Clone, Debug)]
pub(super) enum Control {
    /// One seat (the hero) holds a hand or a range and every other seat is a uniformly
    /// random hand. Each opponent is then a random hand of the cards the hero, the board
    /// and the dead cards leave, so the hero's heads-up result against any one of them
    /// has exactly the hero's heads-up equity μ against `random` as its mean. x = the
    /// hero's mean heads-up result against the opponents of a deal follows the multiway
    /// result closely (the hero wins only by beating everyone).
    HeadsUp {
        hero: usize,
        mu: f64,
        opponents: usize,
    },
    /// Two or more seats hold ranges whose valid combinations are listed (`JoinedDeals`):
    /// x is a function of the listed row alone — how the hero's hand ranks now against
    /// each other seat's (`RowStrengths`) — so its exact mean is the rows' weighted mean.
    /// It takes out what the hands dealt decide before the board comes: AA against
    /// JJ+ ×4 is nearly always a split when another seat holds the last two aces.
    Holes { mean: f64, opponents: usize },
}

/// Most evaluations spent enumerating the hero's heads-up equity for the control: a
/// few milliseconds, well under what the control saves a run to the default target.
const CONTROL_EVALUATIONS: f64 = 4e6;

impl Control {
    /// The heads-up control of `m`, when it has one seat that is not random (with two
    /// or more random opponents, every seat in the showdown) and the hero's heads-up
    /// equity is cheap to know.
    pub(super) fn heads_up(m: &Matchup) -> Option<Control> {
        let seats = m.seats.len();
        if seats < 3 || m.showdown_seats != seats {
            return None;
        }
        let mut not_random = (0..seats).filter(|&i| !m.seats[i].is_random);
        let hero = not_random.next()?;
        if not_random.next().is_some() {
            return None;
        }
        let opponent = (hero + 1) % seats;
        let heads_up = Matchup {
            ranges: vec![m.ranges[hero].clone(), m.ranges[opponent].clone()],
            board: m.board,
            dead: m.dead,
            seats: vec![m.seats[hero].clone(), m.seats[opponent].clone()],
            showdown_seats: 2,
            fold_cache: Default::default(),
        };
        let mu = super::super::exact::cheap_heads_up_equity(&heads_up, CONTROL_EVALUATIONS)?;
        Some(Control::HeadsUp {
            hero,
            mu,
            opponents: seats - 1,
        })
    }

    /// The control's known mean (of x) and how many seats x compares.
    pub(super) fn mean(&self) -> (f64, usize) {
        match *self {
            Control::HeadsUp { mu, opponents, .. } => (mu, opponents),
            Control::Holes { mean, opponents } => (mean, opponents),
        }
    }

    /// The deal's x in halves: from the hand values (heads-up control) or the listed
    /// row's (holes control).
    #[inline(always)]
    pub(super) fn halves(&self, values: &[HandValue], row_halves: u32) -> u32 {
        match *self {
            Control::HeadsUp { hero, .. } => {
                let h = values[hero];
                // The hero ties itself: one half too many.
                values
                    .iter()
                    .map(|&v| 2 * (h > v) as u32 + (h == v) as u32)
                    .sum::<u32>()
                    - 1
            }
            Control::Holes { .. } => row_halves,
        }
    }
}

/// How strong a combo is before the board is complete, for the holes control: on a
/// flop or turn its hand value now; preflop, its class's exact heads-up result against
/// a random hand (shipped counts). Only the order matters.
fn strength(board: CardSet, combo: Combo) -> u64 {
    if board.len() >= 3 {
        let mut cards: Vec<_> = board.iter().collect();
        let (a, b) = combo.cards();
        cards.extend([a, b]);
        crate::eval::Hand::from_cards(&cards).evaluate().get() as u64
    } else {
        let (wins, ties) = super::super::holdem_heads_up::class_counts(combo.class());
        2 * wins + ties
    }
}

/// Where the hero's hand comes from in a listed row.
#[derive(Clone, Copy, Debug)]
enum HeroHand {
    /// The hero is the row's seat at this place.
    Listed(usize),
    /// The hero holds one hand in every deal, of this strength.
    Fixed(u64),
}

/// The strengths the holes control compares, per listed seat (in the rows' order).
pub(super) struct RowStrengths {
    /// Each listed seat's combos' strengths.
    seats: Vec<Vec<u64>>,
    hero: HeroHand,
    /// Listed seats compared with the hero (places in a row).
    compared: Vec<usize>,
    /// Strengths of the one-hand seats compared with the hero.
    fixed: Vec<u64>,
}

impl RowStrengths {
    /// The strengths of `m`'s listed seats (`listed`: seat indices in the rows' order)
    /// and one-hand seats (`fixed`); the hero is the first seat in the showdown that is
    /// not random, compared with every other such seat. `None` when there is no hero or
    /// nothing to compare it with.
    pub(super) fn of(m: &Matchup, listed: &[usize], fixed: &[usize]) -> Option<RowStrengths> {
        let shows = |i: usize| i < m.showdown_seats && !m.seats[i].is_random;
        let hero = (0..m.seats.len()).find(|&i| shows(i))?;
        let strengths = |seat: &SeatCombos| -> Vec<u64> {
            seat.combos.iter().map(|&c| strength(m.board, c)).collect()
        };
        let hero_hand = match listed.iter().position(|&i| i == hero) {
            Some(at) => HeroHand::Listed(at),
            None => HeroHand::Fixed(strength(m.board, m.seats[hero].combos[0])),
        };
        let compared: Vec<usize> = (0..listed.len())
            .filter(|&at| listed[at] != hero && shows(listed[at]))
            .collect();
        let fixed: Vec<u64> = fixed
            .iter()
            .filter(|&&i| i != hero && shows(i))
            .map(|&i| strength(m.board, m.seats[i].combos[0]))
            .collect();
        if compared.is_empty() && (fixed.is_empty() || matches!(hero_hand, HeroHand::Fixed(_))) {
            return None;
        }
        Some(RowStrengths {
            seats: listed.iter().map(|&i| strengths(&m.seats[i])).collect(),
            hero: hero_hand,
            compared,
            fixed,
        })
    }

    /// How many seats x compares the hero with.
    pub(super) fn opponents(&self) -> usize {
        self.compared.len() + self.fixed.len()
    }

    /// A row's x in halves: two for each compared seat the hero's hand is stronger
    /// than now, one for each as strong.
    pub(super) fn halves(&self, row: &[u16]) -> u32 {
        let hero = match self.hero {
            HeroHand::Listed(at) => self.seats[at][row[at] as usize],
            HeroHand::Fixed(s) => s,
        };
        let against = |s: u64| 2 * (hero > s) as u32 + (hero == s) as u32;
        let listed: u32 = self
            .compared
            .iter()
            .map(|&at| against(self.seats[at][row[at] as usize]))
            .sum();
        listed + self.fixed.iter().map(|&s| against(s)).sum::<u32>()
    }
}
