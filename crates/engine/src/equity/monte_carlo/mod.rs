//! Monte Carlo with exact enumeration's weighting (reference §4): each seat draws a combo
//! in proportion to its weight and the whole deal is rejected on any shared card — or,
//! when the valid combinations of the seats are few enough to list, one combination is
//! drawn by the product of its weights (no rejection; see `JoinedDeals`).
//! Seats whose range is every live combo at weight 1 are drawn afterwards from the
//! cards left (uniform, so no rejection is needed and no bias arises); then the board.
//!
//! Work comes in batches: batch `i` uses a generator seeded from (seed, i) only, and
//! batches are merged in index order, so a seed gives the same numbers on any number
//! of threads. Deals are independent, so a batch also brings its deals' squared values
//! and the standard errors are those of independent draws (`BatchStat::add_deals`).
//! One hand or range against random hands, and narrow ranges whose combinations are
//! listed, also bring a control variate whose mean is known exactly (`Control`), so every
//! figure needs fewer deals for its target.

use super::rank_hits::{BatchHits, PatternChances, BATCH_HIT_DEALS};
use super::stats::ControlSums;
use super::{Matchup, MatchupTally, SeatCombos, SeatSums, SeatTally, Showdown, MAX_SEATS};
use crate::cards::{extract_bits, Card, CardSet, Pdep};
use crate::eval::{Hand, HandValue};
use rand::rngs::Xoshiro256PlusPlus;

/// Deals per batch.
pub const BATCH_DEALS: u32 = 4096;
// Where the batch counts' error bounds are trusted is the statistics' rule; Monte Carlo
// stops by it.
pub use super::stats::{MIN_BATCHES, MIN_DEAL_BATCHES};

/// Draws a batch may try per deal it should return.
pub const ATTEMPTS_PER_DEAL: u64 = 64;

mod controls;
mod draws;
use controls::{Control, RowStrengths};
pub use draws::*;

/// Per-seat counts of one Monte Carlo batch: every sampled deal weighs 1, so counting
/// is exact and needs no division per showdown; ties are kept by how many share.
#[derive(Clone, Copy)]
struct SeatCounts {
    win: u32,
    tie_by_k: [u32; MAX_SEATS + 1],
    hand_types: [u32; 9],
    /// With the control variate (`Control`): the control in halves summed over the
    /// deals this seat won and over those it tied, by how many tied (its sums over every
    /// deal are the batch's, `HalvesSums`: one x serves every seat).
    win_halves: u32,
    tie_halves_by_k: [u32; MAX_SEATS + 1],
}

impl SeatCounts {
    const ZERO: SeatCounts = SeatCounts {
        win: 0,
        tie_by_k: [0; MAX_SEATS + 1],
        hand_types: [0; 9],
        win_halves: 0,
        tie_halves_by_k: [0; MAX_SEATS + 1],
    };

    /// The batch's tally: its deals are independent, so each figure keeps the sum of
    /// its squared per-deal values (a k-way tie is worth 1/k, squared 1/k²). With
    /// the control's known mean (`Control`), the number of seats it compares and the
    /// batch's sums of it, every figure also carries the control variate.
    fn into_tally(self, deals: u32, control: Option<((f64, usize), HalvesSums)>) -> SeatTally {
        let ties: u32 = self.tie_by_k.iter().sum();
        let shares: f64 = (2..=MAX_SEATS)
            .map(|k| self.tie_by_k[k] as f64 / k as f64)
            .sum();
        let share_squares: f64 = (2..=MAX_SEATS)
            .map(|k| self.tie_by_k[k] as f64 / (k * k) as f64)
            .sum();
        let sums = SeatSums {
            weight: deals as f64,
            win: self.win as f64,
            tie: ties as f64,
            equity: self.win as f64 + shares,
            hand_types: self.hand_types.map(|x| x as f64),
        };
        let equity_squares = self.win as f64 + share_squares;
        let Some(((mean, opponents), halves)) = control else {
            return sums.into_deal_tally(equity_squares);
        };
        // x = halves / 2n, so each sum of x is a sum of halves over 2n.
        let two_n = 2.0 * opponents as f64;
        let with = |xy_halves: f64| ControlSums {
            mean,
            x: halves.sum as f64 / two_n,
            xx: halves.squares as f64 / (two_n * two_n),
            xy: xy_halves / two_n,
        };
        let tie_halves: f64 = self.tie_halves_by_k.iter().map(|&h| h as f64).sum();
        let share_halves: f64 = (2..=MAX_SEATS)
            .map(|k| self.tie_halves_by_k[k] as f64 / k as f64)
            .sum();
        let win_halves = self.win_halves as f64;
        let mut t = SeatTally {
            hand_types: sums.hand_types,
            ..SeatTally::default()
        };
        t.win
            .add_controlled_deals(sums.weight, sums.win, sums.win, with(win_halves));
        t.tie
            .add_controlled_deals(sums.weight, sums.tie, sums.tie, with(tie_halves));
        t.equity.add_controlled_deals(
            sums.weight,
            sums.equity,
            equity_squares,
            with(win_halves + share_halves),
        );
        t
    }
}

/// A batch's sums of the control in halves and of its squares (the same for every seat).
#[derive(Clone, Copy, Default)]
struct HalvesSums {
    sum: u32,
    squares: u32,
}

/// Counts one showdown (a lone winner needs no second pass); with `CONTROL`, each
/// credited seat's sums take the deal's control `halves` too.
#[inline(always)]
fn credit_counts<const CONTROL: bool>(
    values: &[HandValue],
    counts: &mut [SeatCounts],
    halves: u32,
) {
    let Showdown {
        best,
        winners,
        first,
    } = Showdown::of(values);
    let category = best.category() as usize;
    if winners == 1 {
        counts[first].win += 1;
        counts[first].hand_types[category] += 1;
        if CONTROL {
            counts[first].win_halves += halves;
        }
        return;
    }
    for (c, &v) in counts[first..].iter_mut().zip(&values[first..]) {
        if v == best {
            c.tie_by_k[winners as usize] += 1;
            c.hand_types[category] += 1;
            if CONTROL {
                c.tie_halves_by_k[winners as usize] += halves;
            }
        }
    }
}

/// A matchup prepared for sampling.
pub struct Sampler<'a> {
    matchup: &'a Matchup,
    /// Seats of one hand (not clashing with the board, dead cards or each other).
    fixed: Vec<(usize, Hand)>,
    /// The board, the dead cards and the fixed seats' cards: out of every deal.
    base: CardSet,
    /// The other seats with ranges, drawn per deal.
    weighted: Vec<(usize, WeightedCombos)>,
    random_seats: Vec<usize>,
    board_hand: Hand,
    /// Board cards to deal (counted once: a popcount is not one instruction on every
    /// x86-64).
    to_come: usize,
    /// Live cards once the weighted seats hold theirs: the same for every deal.
    live_cards: u32,
    /// Every valid combination of the weighted seats' combos, when there are few enough.
    joined: Option<JoinedDeals>,
    /// Seats that show down (the first ones; folded seats after them are dealt only).
    showdown_seats: usize,
    /// Heads-up preflop with no dead card: deals are filed by rank hits (`rank_hits`),
    /// whose estimate weighs each pattern of the hands' ranks by its exact chance.
    hit_patterns: Option<PatternChances>,
    /// The seats' control variates, when the matchup has them.
    control: Option<Control>,
}

/// Most valid combinations of the weighted seats the sampler lists up front.
pub const MAX_JOINED_DEALS: usize = 1 << 20;

/// The weighted seats' valid combinations (no shared card), each drawn in proportion to
/// the product of its combos' weights. That is reference §4's distribution of those seats
/// exactly: a deal's probability is proportional to the product of its weights over
/// the deals with no shared card, and every such combination leaves the same number of
/// cards for the seats of any two cards and the board, which are then dealt uniformly.
/// So no draw is ever rejected, and narrow, overlapping ranges cannot starve.
struct JoinedDeals {
    /// Combo indices of each combination, `weighted.len()` per combination, in the
    /// order of `Sampler::weighted`.
    combos: Vec<u16>,
    table: AliasTable,
    /// Each combination's holes control in halves (`Control::Holes`), when it has one,
    /// and the control's exact mean in halves (the combinations' weighted mean).
    halves: Option<(Vec<u8>, f64)>,
}

impl JoinedDeals {
    /// Lists the combinations (depth first, at most `MAX_JOINED_DEALS` and a bounded
    /// number of steps); `None` when there are too many.
    fn build(
        weighted: &[(usize, WeightedCombos)],
        seats: &[SeatCombos],
        used: CardSet,
        strengths: Option<&RowStrengths>,
    ) -> Option<JoinedDeals> {
        struct Walk<'a> {
            strengths: Option<&'a RowStrengths>,
            halves: Vec<u8>,
            weighted_halves: f64,
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
                if let Some(strengths) = w.strengths {
                    let x = strengths.halves(&w.chosen);
                    w.halves.push(x as u8);
                    w.weighted_halves += weight * x as f64;
                }
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
            strengths,
            halves: Vec::new(),
            weighted_halves: 0.0,
        };
        if !go(&mut walk, 0, used, 1.0) || walk.weights.is_empty() {
            return None;
        }
        Some(JoinedDeals {
            table: AliasTable::new(&walk.weights),
            combos: walk.combos,
            halves: strengths.map(|_| {
                let total: f64 = walk.weights.iter().sum();
                (walk.halves, walk.weighted_halves / total)
            }),
        })
    }
}

impl<'a> Sampler<'a> {
    /// A sampler of `matchup`'s deals, choosing the fastest exact way to draw them.
    pub fn new(matchup: &'a Matchup) -> Sampler<'a> {
        let mut weighted = Vec::new();
        let mut random_seats = Vec::new();
        let mut fixed = Vec::new();
        let mut base = matchup.board.union(matchup.dead);
        for (i, seat) in matchup.seats.iter().enumerate() {
            if seat.is_random {
                random_seats.push(i);
            } else if seat.len() == 1 && !seat.sets[0].intersects(base) {
                // One hand, the same in every deal: its cards leave the deck once.
                base = base.union(seat.sets[0]);
                let (a, b) = seat.combos[0].cards();
                fixed.push((i, Hand::new().add(a).add(b)));
            } else {
                weighted.push((i, WeightedCombos::new(seat)));
            }
        }
        // Narrow seats first: a clash is found after fewer draws.
        weighted.sort_by_key(|(_, w)| w.len());
        let board_hand = Hand::from_cards(&matchup.board.iter().collect::<Vec<_>>());
        // Two or more weighted seats can clash: list their valid combinations when
        // there are few enough, and draw from those (no rejection at all).
        let heads_up_control = Control::heads_up(matchup);
        let listed: Vec<usize> = weighted.iter().map(|(i, _)| *i).collect();
        let fixed_seats: Vec<usize> = fixed.iter().map(|(i, _)| *i).collect();
        // Heads-up preflop without dead cards is post-stratified on rank hits instead
        // (its estimates replace the plain ones, so a control would go unused).
        let hit_patterns = (matchup.seats.len() == 2
            && matchup.showdown_seats == 2
            && matchup.board.is_empty()
            && matchup.dead.is_empty())
        .then(|| PatternChances::of(&matchup.seats[0], &matchup.seats[1]));
        let strengths =
            (heads_up_control.is_none() && hit_patterns.is_none() && weighted.len() >= 2)
                .then(|| RowStrengths::of(matchup, &listed, &fixed_seats))
                .flatten();
        let joined = (weighted.len() >= 2)
            .then(|| JoinedDeals::build(&weighted, &matchup.seats, base, strengths.as_ref()))
            .flatten();
        let holes_control = joined.as_ref().and_then(|j| {
            let (_, mean_halves) = j.halves.as_ref()?;
            let opponents = strengths.as_ref()?.opponents();
            Some(Control::Holes {
                mean: mean_halves / (2 * opponents) as f64,
                opponents,
            })
        });
        let live_cards = (52 - base.len() - 2 * weighted.len()) as u32;
        Sampler {
            matchup,
            fixed,
            base,
            weighted,
            random_seats,
            board_hand,
            to_come: matchup.cards_to_come(),
            live_cards,
            joined,
            showdown_seats: matchup.showdown_seats,
            hit_patterns,
            control: heads_up_control.or(holes_control),
        }
    }

    /// Counts one showdown of the seats that show down (folded seats are dealt, not
    /// compared).
    #[inline(always)]
    fn credit(
        &self,
        values: &[HandValue],
        counts: &mut [SeatCounts],
        halves: &mut HalvesSums,
        row_halves: u32,
    ) {
        let n = self.showdown_seats;
        if let Some(control) = &self.control {
            let x = control.halves(values, row_halves);
            halves.sum += x;
            halves.squares += x * x;
            credit_counts::<true>(&values[..n], &mut counts[..n], x);
        } else if n == values.len() {
            credit_counts::<false>(values, counts, 0);
        } else {
            credit_counts::<false>(&values[..n], &mut counts[..n], 0);
        }
    }

    /// True when the sampler draws from the listed valid combinations.
    pub fn is_joined(&self) -> bool {
        self.joined.is_some()
    }

    /// Runs batch `index` of `deals` deals, dealt the fastest way this CPU allows.
    pub fn batch(&self, seed: u64, index: u64, deals: u32) -> MatchupTally {
        match Pdep::detect() {
            // SAFETY: a `Pdep` exists only where the CPU has BMI1, BMI2, POPCNT and LZCNT.
            Some(pdep) => unsafe { self.batch_bmi2(pdep, seed, index, deals) },
            None => self.batch_with(ByRejection, seed, index, deals),
        }
    }

    /// [`Sampler::batch`] by selection, compiled for the CPU that has `pdep`: shifts
    /// that keep their source (`shrx`, `shlx`) and `andn` shorten every evaluation and
    /// deal.
    ///
    /// # Safety
    /// The CPU has BMI1, BMI2, POPCNT and LZCNT (a `Pdep` proves it).
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")
    )]
    unsafe fn batch_bmi2(&self, pdep: Pdep, seed: u64, index: u64, deals: u32) -> MatchupTally {
        self.batch_with(BySelection(pdep), seed, index, deals)
    }

    /// [`Sampler::batch`] with a chosen way to deal cards (inlined into its callers,
    /// so the BMI2 build of it is compiled with those instructions).
    #[inline(always)]
    pub fn batch_with(
        &self,
        dealing: impl Dealing,
        seed: u64,
        index: u64,
        deals: u32,
    ) -> MatchupTally {
        // Up to six seats the working space is arrays of a known length, so the loops
        // over seats unroll (the same code, inlined into each).
        match self.matchup.seats.len() {
            2 => self.batch_of_seats::<2>(dealing, seed, index, deals),
            3 => self.batch_of_seats::<3>(dealing, seed, index, deals),
            4 => self.batch_of_seats::<4>(dealing, seed, index, deals),
            5 => self.batch_of_seats::<5>(dealing, seed, index, deals),
            6 => self.batch_of_seats::<6>(dealing, seed, index, deals),
            n => self.run_batch(
                dealing,
                seed,
                index,
                deals,
                Deal {
                    counts: &mut vec![SeatCounts::ZERO; n],
                    halves: HalvesSums::default(),
                    holes: &mut vec![Hand::new(); n],
                    values: &mut vec![HandValue::default(); n],
                    holes_b: &mut vec![Hand::new(); n],
                    values_b: &mut vec![HandValue::default(); n],
                },
            ),
        }
    }

    #[inline(always)]
    fn batch_of_seats<const N: usize>(
        &self,
        dealing: impl Dealing,
        seed: u64,
        index: u64,
        deals: u32,
    ) -> MatchupTally {
        self.run_batch(
            dealing,
            seed,
            index,
            deals,
            Deal {
                counts: &mut [SeatCounts::ZERO; N],
                halves: HalvesSums::default(),
                holes: &mut [Hand::new(); N],
                values: &mut [HandValue::default(); N],
                holes_b: &mut [Hand::new(); N],
                values_b: &mut [HandValue::default(); N],
            },
        )
    }

    #[inline(always)]
    fn run_batch(
        &self,
        dealing: impl Dealing,
        seed: u64,
        index: u64,
        deals: u32,
        mut deal: Deal,
    ) -> MatchupTally {
        let mut draws = CardDraws::new(batch_rng(seed, index));
        for &(seat, hand) in &self.fixed {
            deal.holes[seat] = hand;
            deal.holes_b[seat] = hand;
        }
        let mut holes = Holes {
            // A bounded number of draws: with ranges that almost never fit together a
            // batch comes back short (even empty) rather than looping; the run loop
            // then stops as starved (reference §4: impossible or near-impossible deals are
            // reported).
            max_attempts: deals as u64 * ATTEMPTS_PER_DEAL,
            attempts: 0,
            next_row: self
                .joined
                .as_ref()
                .map_or(0, |joined| joined.table.draw(&mut draws.rng)),
        };
        const _: () = assert!(BATCH_DEALS <= BATCH_HIT_DEALS);
        let mut hits =
            (self.hit_patterns.is_some() && deals <= BATCH_HIT_DEALS).then(BatchHits::default);
        let mut done = 0;
        // Two deals at a time where two remain: their cards are dealt in turn, two
        // independent chains of selections (see `Dealing::deal_two`).
        while done + 2 <= deals {
            let Some(a) = self.draw_holes(&mut holes, &mut draws, deal.holes) else {
                break;
            };
            let Some(b) = self.draw_holes(&mut holes, &mut draws, deal.holes_b) else {
                self.finish_deal(dealing, &mut deal, &mut draws, a, &mut hits);
                done += 1;
                break;
            };
            self.finish_two_deals(dealing, &mut deal, &mut draws, (a, b), &mut hits);
            done += 2;
        }
        if done < deals {
            if let Some(drawn) = self.draw_holes(&mut holes, &mut draws, deal.holes) {
                self.finish_deal(dealing, &mut deal, &mut draws, drawn, &mut hits);
                done += 1;
            }
        }
        let attempts = if self.joined.is_some() || self.weighted.is_empty() {
            done as u64
        } else {
            holes.attempts
        };
        MatchupTally {
            deals: done as u64,
            attempts,
            seats: deal.counts[..self.showdown_seats]
                .iter()
                .map(|c| {
                    let control = self.control.as_ref().map(|c| (c.mean(), deal.halves));
                    c.into_tally(done, control)
                })
                .collect(),
            hits: hits.map(|h| h.into_cells(self.hit_patterns.as_ref())),
        }
    }

    /// The weighted seats' hands of the next deal into `holes` (their cards and the
    /// board's and dead ones returned, with the listed row's holes control in halves),
    /// or `None` once the batch's draws run out.
    #[inline(always)]
    fn draw_holes(
        &self,
        state: &mut Holes,
        draws: &mut CardDraws,
        holes: &mut [Hand],
    ) -> Option<(CardSet, u32)> {
        if let Some(joined) = &self.joined {
            // A listed combination never clashes. It is drawn one deal ahead and its
            // row prefetched: the list can be megabytes (AA vs JJ+ ×4), and a cold row
            // would stall every deal.
            let k = self.weighted.len();
            let row = &joined.combos[state.next_row * k..state.next_row * k + k];
            let row_halves = joined
                .halves
                .as_ref()
                .map_or(0, |(halves, _)| halves[state.next_row] as u32);
            state.next_row = joined.table.draw(&mut draws.rng);
            prefetch(&joined.combos[state.next_row * k]);
            if let Some((halves, _)) = &joined.halves {
                prefetch(&halves[state.next_row]);
            }
            let mut used = self.base;
            for ((seat, combos), &i) in self.weighted.iter().zip(row) {
                let (set, hand) = combos.entry(i as usize);
                debug_assert!(!set.intersects(used), "listed combinations never clash");
                used = used.union(set);
                holes[*seat] = hand;
            }
            return Some((used, row_halves));
        }
        if self.weighted.is_empty() {
            return Some((self.base, 0));
        }
        // One independent draw per seat, the whole deal rejected on a clash.
        'attempt: while state.attempts < state.max_attempts {
            state.attempts += 1;
            let mut used = self.base;
            for (seat, combos) in &self.weighted {
                let (set, hand) = combos.entry(combos.draw(&mut draws.rng));
                if set.intersects(used) {
                    continue 'attempt;
                }
                used = used.union(set);
                holes[*seat] = hand;
            }
            return Some((used, 0));
        }
        None
    }

    /// [`Sampler::finish_deal`] for two deals at once (`deal.holes` with `used_a`,
    /// `deal.holes_b` with `used_b`), their cards dealt in turn.
    #[inline(always)]
    fn finish_two_deals(
        &self,
        dealing: impl Dealing,
        deal: &mut Deal<'_>,
        draws: &mut CardDraws,
        ((used_a, halves_a), (used_b, halves_b)): ((CardSet, u32), (CardSet, u32)),
        hits: &mut Option<BatchHits>,
    ) {
        let (mut live_a, mut live_b) = (used_a.complement(), used_b.complement());
        let (mut count_a, mut count_b) = (self.live_cards, self.live_cards);
        for &seat in &self.random_seats {
            (deal.holes[seat], deal.holes_b[seat]) = dealing.deal_two::<2>(
                draws,
                (&mut live_a, &mut count_a),
                (&mut live_b, &mut count_b),
            );
        }
        let a = (&mut live_a, &mut count_a);
        let b = (&mut live_b, &mut count_b);
        let (board_a, board_b) = match self.to_come {
            5 => dealing.deal_two::<5>(draws, a, b),
            4 => dealing.deal_two::<4>(draws, a, b),
            3 => dealing.deal_two::<3>(draws, a, b),
            2 => dealing.deal_two::<2>(draws, a, b),
            1 => dealing.deal_two::<1>(draws, a, b),
            _ => (Hand::new(), Hand::new()),
        };
        let (board_a, board_b) = (
            self.board_hand.combine(board_a),
            self.board_hand.combine(board_b),
        );
        for (((v, h), w), g) in deal
            .values
            .iter_mut()
            .zip(deal.holes.iter())
            .zip(deal.values_b.iter_mut())
            .zip(deal.holes_b.iter())
        {
            // SAFETY: five board cards and two hole cards.
            unsafe {
                *v = board_a.combine(*h).evaluate_unchecked();
                *w = board_b.combine(*g).evaluate_unchecked();
            }
        }
        self.credit(deal.values, deal.counts, &mut deal.halves, halves_a);
        self.credit(deal.values_b, deal.counts, &mut deal.halves, halves_b);
        file_hits(dealing, hits, deal.holes, board_a, deal.values);
        file_hits(dealing, hits, deal.holes_b, board_b, deal.values_b);
    }

    /// Deals the random seats and the board around the weighted seats' hands already in
    /// `deal.holes` (their cards in `used`), and counts the showdown.
    #[inline(always)]
    fn finish_deal(
        &self,
        dealing: impl Dealing,
        deal: &mut Deal<'_>,
        draws: &mut CardDraws,
        (used, row_halves): (CardSet, u32),
        hits: &mut Option<BatchHits>,
    ) {
        let mut live = used.complement();
        let mut count = self.live_cards;
        debug_assert_eq!(live.len(), count as usize);
        for &seat in &self.random_seats {
            deal.holes[seat] = dealing.deal(draws, &mut live, &mut count, 2);
        }
        let board =
            self.board_hand
                .combine(dealing.deal(draws, &mut live, &mut count, self.to_come));
        for (v, h) in deal.values.iter_mut().zip(deal.holes.iter()) {
            // SAFETY: five board cards and two hole cards.
            *v = unsafe { board.combine(*h).evaluate_unchecked() };
        }
        self.credit(deal.values, deal.counts, &mut deal.halves, row_halves);
        file_hits(dealing, hits, deal.holes, board, deal.values);
    }
}

/// Files a heads-up deal (its two hole hands, board and values) by rank hits, when the
/// batch files them.
#[inline(always)]
fn file_hits(
    dealing: impl Dealing,
    hits: &mut Option<BatchHits>,
    holes: &[Hand],
    board: Hand,
    values: &[HandValue],
) {
    if let Some(h) = hits {
        h.add(
            [holes[0], holes[1]],
            board,
            [values[0], values[1]],
            |x, mask| dealing.extract(x, mask),
        );
    }
}

/// One batch's working space: the seats' hole hands and values of the current deal (and
/// of a second, dealt alongside), and the counts so far.
struct Deal<'a> {
    counts: &'a mut [SeatCounts],
    /// The control's sums over the batch's deals (with the control variate).
    halves: HalvesSums,
    holes: &'a mut [Hand],
    values: &'a mut [HandValue],
    holes_b: &'a mut [Hand],
    values_b: &'a mut [HandValue],
}

/// Where a batch is in drawing the weighted seats' hands.
struct Holes {
    max_attempts: u64,
    attempts: u64,
    /// The joined list's next row (drawn a deal ahead).
    next_row: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways of dealing give k distinct live cards, taken out of the live set, each
    /// live card equally likely (within 5 standard deviations: 40 live cards, 5 per
    /// deal), and chunks below 52 are uniform.
    #[test]
    fn dealing_is_uniform_over_the_live_cards() {
        let mut draws = CardDraws::new(batch_rng(3, 0));
        let n = 52 * 20_000;
        let mut counts = [0u32; 52];
        for _ in 0..n {
            counts[draws.chunk_below(52) as usize] += 1;
        }
        let expected = n as f64 / 52.0;
        let sd = (expected * (1.0 - 1.0 / 52.0)).sqrt();
        for (i, &c) in counts.iter().enumerate() {
            assert!((c as f64 - expected).abs() < 5.0 * sd, "card {i}: {c}");
        }
        let used = CardSet::parse("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s").unwrap();
        fn check(dealing: impl Dealing, draws: &mut CardDraws, used: CardSet) {
            let mut counts = [0u32; 52];
            let deals = 40_000;
            for _ in 0..deals {
                let mut live = used.complement();
                let mut count = 40;
                let hand = dealing.deal(draws, &mut live, &mut count, 5);
                assert_eq!((hand.len(), count, live.len()), (5, 35, 35));
                let dealt = used.complement().difference(live);
                assert_eq!(Hand::from_cards(&dealt.iter().collect::<Vec<_>>()), hand);
                for card in dealt.iter() {
                    counts[card.index()] += 1;
                }
            }
            let expected = deals as f64 * 5.0 / 40.0;
            let sd = (expected * (1.0 - 5.0 / 40.0)).sqrt();
            let uniform = |counts: &[u32; 52]| {
                for card in Card::all() {
                    let c = counts[card.index()] as f64;
                    if used.contains(card) {
                        assert_eq!(c, 0.0);
                    } else {
                        assert!((c - expected).abs() < 5.0 * sd, "{card:?}: {c}");
                    }
                }
            };
            uniform(&counts);
            // Two deals at once: each as one deal alone (the second deal's live set
            // here lacks one more card, so the two cannot be mixed up).
            let extra = Card::from_index(0).unwrap();
            let (mut counts_a, mut counts_b) = ([0u32; 52], [0u32; 52]);
            for _ in 0..deals {
                let (mut live_a, mut live_b) = (used.complement(), used.complement());
                live_b.remove(extra);
                let (mut count_a, mut count_b) = (40, 39);
                let (a, b) = dealing.deal_two::<5>(
                    draws,
                    (&mut live_a, &mut count_a),
                    (&mut live_b, &mut count_b),
                );
                assert_eq!(
                    (count_a, count_b, live_a.len(), live_b.len()),
                    (35, 34, 35, 34)
                );
                let dealt_a = used.complement().difference(live_a);
                let mut dealt_b = used.complement().difference(live_b);
                dealt_b.remove(extra);
                assert_eq!(Hand::from_cards(&dealt_a.iter().collect::<Vec<_>>()), a);
                assert_eq!(Hand::from_cards(&dealt_b.iter().collect::<Vec<_>>()), b);
                for card in dealt_a.iter() {
                    counts_a[card.index()] += 1;
                }
                for card in dealt_b.iter() {
                    counts_b[card.index()] += 1;
                }
            }
            uniform(&counts_a);
            assert_eq!(counts_b[extra.index()], 0);
            let expected_b = deals as f64 * 5.0 / 39.0;
            let sd_b = (expected_b * (1.0 - 5.0 / 39.0)).sqrt();
            for card in used.complement().iter().filter(|&c| c != extra) {
                let c = counts_b[card.index()] as f64;
                assert!((c - expected_b).abs() < 5.0 * sd_b, "{card:?}: {c}");
            }
        }
        check(ByRejection, &mut draws, used);
        match Pdep::detect() {
            Some(pdep) => check(BySelection(pdep), &mut draws, used),
            None => eprintln!("this CPU has no fast pdep: dealing by selection not checked"),
        }
    }
}
