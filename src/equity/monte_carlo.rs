//! Monte Carlo with exact enumeration's weighting (SPEC §4): each seat draws a combo
//! in proportion to its weight and the whole deal is rejected on any shared card — or,
//! when the valid combinations of the seats are few enough to list, one combination is
//! drawn by the product of its weights (no rejection; see `JoinedDeals`).
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

/// Walker's alias table: draws index `i` with probability `weights[i] / Σ weights` in
/// constant time (one bounded integer and one uniform per draw, no search).
#[derive(Clone, Debug)]
pub struct AliasTable {
    /// Chance of keeping the drawn column (else its alias), in [0, 1].
    keep: Vec<f64>,
    alias: Vec<u32>,
}

impl AliasTable {
    /// A table for positive `weights` (at least one).
    pub fn new(weights: &[f64]) -> AliasTable {
        let n = weights.len();
        let total: f64 = weights.iter().sum();
        let mut keep: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<u32>, Vec<u32>) =
            (0..n as u32).partition(|&i| keep[i as usize] < 1.0);
        while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
            small.pop();
            alias[s as usize] = l;
            keep[l as usize] -= 1.0 - keep[s as usize];
            if keep[l as usize] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // What is left is 1 up to rounding.
        for i in small.into_iter().chain(large) {
            keep[i as usize] = 1.0;
        }
        AliasTable { keep, alias }
    }

    pub fn len(&self) -> usize {
        self.keep.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keep.is_empty()
    }

    /// The probability of index `i` (for tests).
    pub fn probability(&self, i: usize) -> f64 {
        let n = self.len() as f64;
        let own = self.keep[i];
        let aliased: f64 = (0..self.len())
            .filter(|&j| j != i && self.alias[j] as usize == i)
            .map(|j| 1.0 - self.keep[j])
            .sum();
        (own + aliased) / n
    }

    #[inline]
    pub fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        // A known hand needs no randomness.
        if self.keep.len() == 1 {
            return 0;
        }
        let i = below(rng, self.keep.len() as u32) as usize;
        if rng.random::<f64>() < self.keep[i] {
            i
        } else {
            self.alias[i] as usize
        }
    }
}

/// A seat's combos ready to draw by weight.
#[derive(Clone, Debug)]
pub struct WeightedCombos {
    table: AliasTable,
    sets: Vec<CardSet>,
    hands: Vec<Hand>,
}

impl WeightedCombos {
    pub fn new(seat: &SeatCombos) -> WeightedCombos {
        let hands = seat
            .combos
            .iter()
            .map(|c| {
                let (a, b) = c.cards();
                Hand::new().add(a).add(b)
            })
            .collect();
        WeightedCombos {
            table: AliasTable::new(&seat.weights),
            sets: seat.sets.clone(),
            hands,
        }
    }

    /// A combo index drawn in proportion to its weight.
    #[inline]
    pub fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        self.table.draw(rng)
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
    /// Every valid combination of the weighted seats' combos, when there are few enough.
    joined: Option<JoinedDeals>,
}

/// Most valid combinations of the weighted seats the sampler lists up front.
pub const MAX_JOINED_DEALS: usize = 1 << 20;

/// The weighted seats' valid combinations (no shared card), each drawn in proportion to
/// the product of its combos' weights. That is SPEC §4's distribution of those seats
/// exactly: a deal's probability is proportional to the product of its weights over
/// the deals with no shared card, and every such combination leaves the same number of
/// cards for the seats of any two cards and the board, which are then dealt uniformly.
/// So no draw is ever rejected, and narrow, overlapping ranges cannot starve.
struct JoinedDeals {
    /// Combo indices of each combination, `weighted.len()` per combination, in the
    /// order of `Sampler::weighted`.
    combos: Vec<u16>,
    table: AliasTable,
}

impl JoinedDeals {
    /// Lists the combinations (depth first, at most `MAX_JOINED_DEALS` and a bounded
    /// number of steps); `None` when there are too many.
    fn build(
        weighted: &[(usize, WeightedCombos)],
        seats: &[SeatCombos],
        used: CardSet,
    ) -> Option<JoinedDeals> {
        struct Walk<'a> {
            seats: Vec<&'a SeatCombos>,
            chosen: Vec<u16>,
            combos: Vec<u16>,
            weights: Vec<f64>,
            steps: u64,
        }
        fn go(w: &mut Walk, depth: usize, used: CardSet, weight: f64) -> bool {
            w.steps += 1;
            if w.steps > 8 * MAX_JOINED_DEALS as u64 {
                return false;
            }
            if depth == w.seats.len() {
                if w.weights.len() >= MAX_JOINED_DEALS {
                    return false;
                }
                w.combos.extend_from_slice(&w.chosen);
                w.weights.push(weight);
                return true;
            }
            let seat = w.seats[depth];
            for i in 0..seat.len() {
                if !seat.sets[i].intersects(used) {
                    w.chosen[depth] = i as u16;
                    if !go(
                        w,
                        depth + 1,
                        used.union(seat.sets[i]),
                        weight * seat.weights[i],
                    ) {
                        return false;
                    }
                }
            }
            true
        }
        let mut walk = Walk {
            seats: weighted.iter().map(|(s, _)| &seats[*s]).collect(),
            chosen: vec![0; weighted.len()],
            combos: Vec::new(),
            weights: Vec::new(),
            steps: 0,
        };
        if !go(&mut walk, 0, used, 1.0) || walk.weights.is_empty() {
            return None;
        }
        Some(JoinedDeals {
            table: AliasTable::new(&walk.weights),
            combos: walk.combos,
        })
    }
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
        // Two or more weighted seats can clash: list their valid combinations when
        // there are few enough, and draw from those (no rejection at all).
        let joined = (weighted.len() >= 2)
            .then(|| {
                JoinedDeals::build(&weighted, &matchup.seats, matchup.board.union(matchup.dead))
            })
            .flatten();
        Sampler {
            matchup,
            weighted,
            random_seats,
            board_hand,
            joined,
        }
    }

    /// True when the sampler draws from the listed valid combinations.
    pub fn is_joined(&self) -> bool {
        self.joined.is_some()
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
            // A listed combination (never a clash), or one independent draw per seat
            // (the whole deal rejected on a clash).
            let listed = self.joined.as_ref().map(|j| (j, j.table.draw(&mut rng)));
            let k = self.weighted.len();
            for (j, (seat, combos)) in self.weighted.iter().enumerate() {
                let i = match listed {
                    Some((joined, t)) => joined.combos[t * k + j] as usize,
                    None => combos.draw(&mut rng),
                };
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
