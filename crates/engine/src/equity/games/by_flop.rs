//! Monte Carlo deals filed by their flop, for the Flops report outside Hold'em heads-up:
//! each deal (hands by weight, then the board) counts for the flop its first three board
//! cards make, so a flop's share of the deals estimates how often it comes given every
//! range, and its deals' pot shares each seat's equity there.

use super::sampler::Sampler;
use super::{credit, GameMatchup, Sums};
use crate::cards::CardSet;

/// One batch's sums per flop (its place in the report) and seat.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FlopDeals {
    /// Deals done.
    pub deals: u64,
    /// Draws tried (overlapping hands are drawn again).
    pub attempts: u64,
    /// Per place: its deals.
    pub count: Vec<f64>,
    /// Per place, per seat: the sums of pot share, its square, wins and ties.
    pub seats: Vec<Vec<[f64; 4]>>,
}

impl FlopDeals {
    /// Empty sums for `places` flops and `seats` seats.
    pub fn new(places: usize, seats: usize) -> FlopDeals {
        FlopDeals {
            deals: 0,
            attempts: 0,
            count: vec![0.0; places],
            seats: vec![vec![[0.0; 4]; seats]; places],
        }
    }

    /// Adds another batch's sums.
    pub fn add(&mut self, other: &FlopDeals) {
        self.deals += other.deals;
        self.attempts += other.attempts;
        for (a, b) in self.count.iter_mut().zip(&other.count) {
            *a += b;
        }
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            for (x, y) in a.iter_mut().zip(b) {
                for k in 0..4 {
                    x[k] += y[k];
                }
            }
        }
    }
}

/// Batch `index` of `deals` deals of `m` (no board), each filed under `place_of` its flop.
pub fn batch_by_flop(
    m: &GameMatchup,
    seed: u64,
    index: u64,
    deals: u32,
    places: usize,
    place_of: &(dyn Fn(CardSet) -> usize + Sync),
) -> FlopDeals {
    let sampler = Sampler::new(m);
    let n = m.showdown_seats;
    let hi_lo = m.game.is_hi_lo();
    let mut out = FlopDeals::new(places, n);
    let mut one = vec![Sums::default(); n];
    let (done, attempts) = sampler.deal_each(seed, index, deals, |board, values| {
        let flop = CardSet::from_bits(
            board[..3]
                .iter()
                .fold(0u64, |bits, c| bits | CardSet::single(*c).bits()),
        );
        let place = place_of(flop);
        one.iter_mut().for_each(|s| *s = Sums::default());
        credit(values, hi_lo, 1.0, &mut one);
        out.count[place] += 1.0;
        for (sums, s) in out.seats[place].iter_mut().zip(&one) {
            sums[0] += s.equity;
            sums[1] += s.equity_squares;
            sums[2] += s.win;
            sums[3] += s.tie;
        }
    });
    out.deals = done;
    out.attempts = attempts;
    out
}
