//! The Flops report by Monte Carlo, for every game and seat count the exact path does
//! not take: deals of every range (hands by weight, then the board) are sampled in
//! batches and filed under their flop's place in the report. A flop's share of the deals
//! estimates how often it comes given the ranges (its dealt weight); its deals' pot
//! shares each seat's equity, win and tie there, each with its standard error. Each
//! hand's own equity is not estimated, so nut shares, lines and class equities are the
//! exact path's only. Batch `i` depends only on (seed, i): the same numbers on any
//! number of threads.

use super::{all_flops, Flop, FlopResult, FlopsSpec, Sampling, SeatOnFlop};
use crate::cards::{Card, CardSet};
use crate::equity::games::{batch_by_flop, FlopDeals};
use crate::equity::{EquityError, RunControl};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// How far a sampled report has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SampledDeals {
    /// Deals done.
    pub deals: u64,
    /// Deals the run aims at.
    pub target: u64,
    /// The seed.
    pub seed: u64,
}

/// Deals per batch.
const BATCH: u32 = 1 << 15;

/// Every flop of the deck, as card bits, to its report place (through the renaming
/// that makes it its place's flop).
fn places(spec: &FlopsSpec, flops: &[Flop]) -> HashMap<u64, usize> {
    let place_of: HashMap<[Card; 3], usize> = flops
        .iter()
        .enumerate()
        .map(|(i, f)| (f.cards, i))
        .collect();
    let renamings = spec.suit_renamings();
    all_flops(spec.game, spec.dead)
        .into_iter()
        .map(|f| {
            let bits = CardSet::from_cards(&f.cards).expect("distinct").bits();
            (bits, place_of[&super::report_flop(f.cards, &renamings)])
        })
        .collect()
}

/// Each flop's figures from the sums so far.
fn results(sums: &FlopDeals, flops: &[Flop]) -> Vec<FlopResult> {
    flops
        .iter()
        .enumerate()
        .map(|(place, flop)| {
            let n = sums.count[place];
            let seats = if n > 0.0 {
                sums.seats[place]
                    .iter()
                    .map(|&[share, squares, win, tie]| {
                        let equity = share / n;
                        let variance = (squares / n - equity * equity).max(0.0);
                        SeatOnFlop {
                            equity,
                            win: win / n,
                            tie: tie / n,
                            std_error: Some((variance / n).sqrt()),
                            ..SeatOnFlop::default()
                        }
                    })
                    .collect()
            } else {
                Vec::new()
            };
            FlopResult {
                index: place,
                // The deals on the flops it stands for: count × deal weight = its deals.
                deal_weight: n / f64::from(flop.count),
                seats,
            }
        })
        .collect()
}

/// Samples `sampling`'s deals on `threads` cores in rounds, handing every flop's figures
/// after each round to `on_round` (false stops); the last figures and how far it came.
pub(super) fn run(
    spec: &FlopsSpec,
    sampling: &Sampling,
    flops: &[Flop],
    control: &RunControl,
    threads: usize,
    on_round: &mut dyn FnMut(&[FlopResult], SampledDeals) -> bool,
) -> Result<(Vec<FlopResult>, SampledDeals), EquityError> {
    let place_of = places(spec, flops);
    let lookup = |flop: CardSet| place_of[&flop.bits()];
    let target = sampling.deals_per_flop.max(1) * flops.len() as u64;
    let mut sums = FlopDeals::new(flops.len(), sampling.matchup.showdown_seats);
    let mut next_batch = 0u64;
    let per_round = (threads.max(1) * 4) as u64;
    loop {
        let left = target.saturating_sub(sums.deals);
        if left == 0 || control.is_cancelled() {
            break;
        }
        let batches = per_round.min(left.div_ceil(u64::from(BATCH)));
        // Summed as the batches finish: a few partial sums live at once, not a round's.
        let round = (next_batch..next_batch + batches)
            .into_par_iter()
            .map(|i| {
                // The round's last batch takes what is left.
                let deals = (left - (i - next_batch) * u64::from(BATCH)).min(u64::from(BATCH));
                batch_by_flop(
                    &sampling.matchup,
                    sampling.seed,
                    i,
                    deals as u32,
                    flops.len(),
                    &lookup,
                )
            })
            .reduce(
                || FlopDeals::new(flops.len(), sampling.matchup.showdown_seats),
                |mut a, b| {
                    a.add(&b);
                    a
                },
            );
        next_batch += batches;
        let before = sums.deals;
        sums.add(&round);
        control.progress().count_batch();
        if sums.deals == before {
            return Err(EquityError::Impossible(
                "the ranges leave almost no deal: ten thousand draws gave none".into(),
            ));
        }
        let progress = SampledDeals {
            deals: sums.deals,
            target,
            seed: sampling.seed,
        };
        if !on_round(&results(&sums, flops), progress) {
            break;
        }
    }
    let progress = SampledDeals {
        deals: sums.deals,
        target,
        seed: sampling.seed,
    };
    Ok((results(&sums, flops), progress))
}
