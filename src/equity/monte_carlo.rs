//! Monte Carlo with exact enumeration's weighting (SPEC §4): each seat draws a combo
//! in proportion to its weight and the whole deal is rejected on any shared card.
//! Seats whose range is every live combo at weight 1 are drawn afterwards from the
//! cards left (uniform, so no rejection is needed and no bias arises); then the board.
//!
//! Work comes in batches: batch `i` uses a generator seeded from (seed, i) only, and
//! batches are merged in index order, so a seed gives the same numbers on any number
//! of threads.

use super::{credit_showdown, Matchup, MatchupTally, SeatCombos, SeatSums};
use crate::cards::{Card, CardSet};
use crate::eval::{Hand, HandValue};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Deals per batch.
pub const BATCH_DEALS: u32 = 4096;
/// Standard errors are trusted from this many batches on.
pub const MIN_BATCHES: u32 = 32;

/// Draws a batch may try per deal it should return.
pub const ATTEMPTS_PER_DEAL: u64 = 64;

/// The generator of batch `index` for `seed`.
pub fn batch_rng(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    // SplitMix64 of (seed, index): neighbouring batches get unrelated streams.
    let mut z = seed
        ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// A seat's cumulative weights, for drawing a combo in proportion to its weight.
#[derive(Clone, Debug)]
pub struct WeightedCombos {
    cumulative: Vec<f64>,
    sets: Vec<CardSet>,
    hands: Vec<Hand>,
}

impl WeightedCombos {
    pub fn new(seat: &SeatCombos) -> WeightedCombos {
        let mut total = 0.0;
        let cumulative = seat
            .weights
            .iter()
            .map(|w| {
                total += w;
                total
            })
            .collect();
        let hands = seat
            .combos
            .iter()
            .map(|c| {
                let (a, b) = c.cards();
                Hand::new().add(a).add(b)
            })
            .collect();
        WeightedCombos {
            cumulative,
            sets: seat.sets.clone(),
            hands,
        }
    }

    /// Draws a combo index.
    #[inline]
    pub fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        let total = *self.cumulative.last().expect("non-empty seat");
        let x = rng.random::<f64>() * total;
        self.cumulative
            .partition_point(|&c| c <= x)
            .min(self.cumulative.len() - 1)
    }

    #[inline]
    pub fn set(&self, i: usize) -> CardSet {
        self.sets[i]
    }

    #[inline]
    pub fn hand(&self, i: usize) -> Hand {
        self.hands[i]
    }
}

/// A uniform integer below `n` (Lemire's multiply-and-reject: exact, and nearly
/// always one 32-bit draw).
#[inline]
pub fn below(rng: &mut Xoshiro256PlusPlus, n: u32) -> u32 {
    use rand::Rng;
    let mut m = rng.next_u32() as u64 * n as u64;
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = rng.next_u32() as u64 * n as u64;
        }
    }
    (m >> 32) as u32
}

/// The live cards of a deal, dealt without replacement by a partial Fisher–Yates
/// shuffle: one random number per card, no rejection.
#[derive(Clone, Copy)]
pub struct Deck {
    cards: [Card; 52],
    len: u8,
    dealt: u8,
}

impl Deck {
    /// A deck of the cards not in `used`.
    pub fn without(used: CardSet) -> Deck {
        let mut cards = [Card::new(0, 0); 52];
        let mut len = 0;
        for card in used.complement().iter() {
            cards[len] = card;
            len += 1;
        }
        Deck {
            cards,
            len: len as u8,
            dealt: 0,
        }
    }

    /// Cards left to deal.
    pub fn left(&self) -> usize {
        (self.len - self.dealt) as usize
    }

    /// Deals a uniformly random card of those left. The caller checks [`Deck::left`].
    #[inline]
    pub fn deal(&mut self, rng: &mut Xoshiro256PlusPlus) -> Card {
        let i = self.dealt as usize;
        let j = i + below(rng, (self.len - self.dealt) as u32) as usize;
        self.cards.swap(i, j);
        self.dealt += 1;
        self.cards[i]
    }
}

/// Draws a card not in `used`.
#[inline]
pub fn draw_card(rng: &mut Xoshiro256PlusPlus, used: CardSet) -> Card {
    loop {
        let i: u8 = rng.random_range(0..52);
        let card = Card::from_index(i).expect("card index");
        if !used.contains(card) {
            return card;
        }
    }
}

/// A matchup prepared for sampling.
pub struct Sampler<'a> {
    matchup: &'a Matchup,
    weighted: Vec<(usize, WeightedCombos)>,
    random_seats: Vec<usize>,
    board_hand: Hand,
}

impl<'a> Sampler<'a> {
    pub fn new(matchup: &'a Matchup) -> Sampler<'a> {
        let mut weighted = Vec::new();
        let mut random_seats = Vec::new();
        for (i, seat) in matchup.seats.iter().enumerate() {
            if seat.is_random {
                random_seats.push(i);
            } else {
                weighted.push((i, WeightedCombos::new(seat)));
            }
        }
        // Narrow seats first: a clash is found after fewer draws.
        weighted.sort_by_key(|(_, w)| w.sets.len());
        let board_hand = Hand::from_cards(&matchup.board.iter().collect::<Vec<_>>());
        Sampler {
            matchup,
            weighted,
            random_seats,
            board_hand,
        }
    }

    /// Runs batch `index` of `deals` deals.
    pub fn batch(&self, seed: u64, index: u64, deals: u32) -> MatchupTally {
        let mut rng = batch_rng(seed, index);
        let n = self.matchup.seats.len();
        let mut sums = vec![SeatSums::new(); n];
        let mut holes = vec![Hand::new(); n];
        let mut values = vec![HandValue::default(); n];
        let base_used = self.matchup.board.union(self.matchup.dead);
        let to_come = self.matchup.cards_to_come();
        let mut done = 0;
        // A bounded number of draws: with ranges that almost never fit together a
        // batch comes back short (even empty) rather than looping; the run loop then
        // stops as starved (SPEC §4: impossible or near-impossible deals are reported).
        let max_attempts = deals as u64 * ATTEMPTS_PER_DEAL;
        let mut attempts = 0u64;
        while done < deals && attempts < max_attempts {
            attempts += 1;
            let mut used = base_used;
            let mut clash = false;
            for (seat, combos) in &self.weighted {
                let i = combos.draw(&mut rng);
                if combos.set(i).intersects(used) {
                    clash = true;
                    break;
                }
                used = used.union(combos.set(i));
                holes[*seat] = combos.hand(i);
            }
            if clash {
                continue;
            }
            for &seat in &self.random_seats {
                let a = draw_card(&mut rng, used);
                used.insert(a);
                let b = draw_card(&mut rng, used);
                used.insert(b);
                holes[seat] = Hand::new().add(a).add(b);
            }
            let mut board = self.board_hand;
            for _ in 0..to_come {
                let c = draw_card(&mut rng, used);
                used.insert(c);
                board = board.add(c);
            }
            for (v, h) in values.iter_mut().zip(&holes) {
                *v = board.combine(*h).evaluate();
            }
            credit_showdown(&values, 1.0, &mut sums);
            done += 1;
        }
        MatchupTally {
            deals: done as u64,
            attempts,
            seats: sums.into_iter().map(SeatSums::into_tally).collect(),
        }
    }
}
