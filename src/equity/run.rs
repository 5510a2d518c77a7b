//! Running a scenario to completion: `auto` choice between exact and Monte Carlo, and
//! the Monte Carlo loop of rounds of batches with its stopping rules (SPEC §5).

use super::exact;
use super::monte_carlo::{Sampler, BATCH_DEALS, MIN_BATCHES};
use super::sweep::{exact_point_cancellable, Sweep, SweepPoint, SweepSampler, SweepTally};
use super::{Cancel, Matchup, MatchupResult, MatchupTally, Method};
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// Evaluations an exact run may take under `auto` (well under a second on two cores).
pub const AUTO_EXACT_EVALUATIONS: f64 = 1.5e8;

/// How to run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSettings {
    pub method: Method,
    pub seed: u64,
    /// Stop Monte Carlo once every reported figure's standard error is at most this.
    pub target_se: f64,
    /// Stop Monte Carlo after this many deals.
    pub max_deals: u64,
    /// Stop Monte Carlo after this long.
    pub time_limit: Option<Duration>,
    /// Whether PPot and NPot must reach `target_se` too (the 169-hand chart only
    /// needs win, tie and equity).
    pub potentials_in_target: bool,
    /// Set to stop the run early.
    pub cancel: Cancel,
}

impl Default for RunSettings {
    fn default() -> RunSettings {
        RunSettings {
            method: Method::Auto,
            seed: 1,
            target_se: 0.0005,
            max_deals: 200_000_000,
            time_limit: None,
            potentials_in_target: true,
            cancel: Cancel::new(),
        }
    }
}

/// Batches per round after the first (fixed, so stopping points do not depend on the
/// thread count).
pub const ROUND_BATCHES: u64 = 32;
/// The first round is small, so the first estimate arrives quickly.
pub const FIRST_ROUND_BATCHES: u64 = 4;

/// The Monte Carlo loop: rounds of batches run in parallel and merged in batch order;
/// after each round `progress` sees the running total and may stop the run (false).
/// `worst_se` gives the largest standard error that must reach the target.
pub fn monte_carlo_rounds<T, B, M, E, P>(
    settings: &RunSettings,
    batch: B,
    merge: M,
    worst_se: E,
    mut progress: P,
) -> T
where
    T: Default + Send,
    B: Fn(u64) -> T + Sync,
    M: Fn(&mut T, &T),
    E: Fn(&T) -> (u64, u32, Option<f64>),
    P: FnMut(&T) -> bool,
{
    let start = Instant::now();
    let mut total = T::default();
    let mut next = 0u64;
    loop {
        let size = if next == 0 {
            FIRST_ROUND_BATCHES
        } else {
            ROUND_BATCHES
        };
        let results: Vec<T> = (next..next + size).into_par_iter().map(&batch).collect();
        for r in &results {
            merge(&mut total, r);
        }
        next += size;
        if !progress(&total) {
            return total;
        }
        let (deals, batches, se) = worst_se(&total);
        let precise = batches >= MIN_BATCHES && se.is_some_and(|se| se <= settings.target_se);
        let out_of_time = settings.time_limit.is_some_and(|t| start.elapsed() >= t);
        if precise || deals >= settings.max_deals || out_of_time {
            return total;
        }
    }
}

/// Chooses the method for a matchup.
pub fn matchup_method(m: &Matchup, requested: Method) -> Method {
    match requested {
        Method::Auto if exact::estimated_evaluations(m) <= AUTO_EXACT_EVALUATIONS => Method::Exact,
        Method::Auto => Method::MonteCarlo,
        other => other,
    }
}

/// Runs a matchup; `progress` sees Monte Carlo estimates as they improve and may stop
/// the run by returning false.
pub fn run_matchup(
    m: &Matchup,
    settings: &RunSettings,
    mut progress: impl FnMut(&MatchupResult) -> bool,
) -> MatchupResult {
    let method = matchup_method(m, settings.method);
    if method == Method::Exact {
        return exact::run_cancellable(m, &settings.cancel).result(Method::Exact, None);
    }
    let sampler = Sampler::new(m);
    let seed = settings.seed;
    let tally = monte_carlo_rounds(
        settings,
        |i| sampler.batch(seed, i, BATCH_DEALS),
        |a: &mut MatchupTally, b| a.merge(b),
        |t| (t.deals, t.batches(), t.worst_std_error()),
        |t| progress(&t.result(Method::MonteCarlo, Some(seed))),
    );
    tally.result(Method::MonteCarlo, Some(seed))
}

/// A sweep's figures, one point per opponent count.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SweepResult {
    pub seed: Option<u64>,
    pub points: Vec<SweepPoint>,
}

impl SweepResult {
    /// `exact`, `monte_carlo`, or `mixed` when points differ.
    pub fn method_key(&self) -> &'static str {
        let exact = self
            .points
            .iter()
            .filter(|p| p.method == Method::Exact)
            .count();
        if exact == self.points.len() {
            "exact"
        } else if exact == 0 {
            "monte_carlo"
        } else {
            "mixed"
        }
    }
}

/// Which opponent counts of a sweep are enumerated exactly.
pub fn sweep_exact_counts(s: &Sweep, requested: Method) -> Vec<usize> {
    let counts = *s.counts.start()..=(*s.counts.end()).min(s.feasible);
    match requested {
        Method::Exact => counts.collect(),
        Method::MonteCarlo => Vec::new(),
        Method::Auto => counts
            .filter(|&n| s.exact_cost(n) <= AUTO_EXACT_EVALUATIONS)
            .collect(),
    }
}

/// Runs a sweep: exact points where chosen, one Monte Carlo run for the rest.
pub fn run_sweep(
    s: &Sweep,
    settings: &RunSettings,
    mut progress: impl FnMut(&SweepResult) -> bool,
) -> SweepResult {
    let counts: Vec<usize> = (*s.counts.start()..=(*s.counts.end()).min(s.feasible)).collect();
    let exact_counts = sweep_exact_counts(s, settings.method);
    let exact_points: Vec<(usize, SweepPoint)> = exact_counts
        .iter()
        .map(|&n| {
            (
                n,
                exact_point_cancellable(s, n, &settings.cancel).point(
                    n,
                    Method::Exact,
                    s.has_potential(),
                ),
            )
        })
        .collect();
    let needs_mc = counts.iter().any(|n| !exact_counts.contains(n));
    let assemble = |mc: Option<&SweepTally>| -> SweepResult {
        let points = counts
            .iter()
            .filter_map(|&n| match exact_points.iter().find(|(e, _)| *e == n) {
                Some((_, p)) => Some(p.clone()),
                None => mc
                    .and_then(|t| t.points.get(n - 1))
                    .map(|p| p.point(n, Method::MonteCarlo, s.has_potential())),
            })
            .collect();
        SweepResult {
            seed: needs_mc.then_some(settings.seed),
            points,
        }
    };
    if !needs_mc {
        return assemble(None);
    }
    let sampler = SweepSampler::new(s);
    let seed = settings.seed;
    let mc_counts: Vec<usize> = counts
        .iter()
        .copied()
        .filter(|n| !exact_counts.contains(n))
        .collect();
    let tally = monte_carlo_rounds(
        settings,
        |i| sampler.batch(seed, i, BATCH_DEALS),
        |a: &mut SweepTally, b| a.merge(b),
        |t| {
            worst_sweep_se(
                t,
                &mc_counts,
                s.has_potential() && settings.potentials_in_target,
            )
        },
        |t| progress(&assemble(Some(t))),
    );
    assemble(Some(&tally))
}

/// (deals of the smallest N, batches, worst standard error over every figure).
fn worst_sweep_se(t: &SweepTally, counts: &[usize], potential: bool) -> (u64, u32, Option<f64>) {
    let mut worst = 0.0f64;
    let mut batches = u32::MAX;
    let mut deals = 0;
    for &n in counts {
        let Some(p) = t.points.get(n - 1) else {
            return (0, 0, None);
        };
        deals = deals.max(p.deals);
        batches = batches.min(p.equity.batches);
        let mut stats = vec![&p.win, &p.tie, &p.equity, &p.hand_strength];
        if potential {
            // A potential whose denominator (behind/ahead now) is rare may have too few
            // batches for an error estimate; it does not hold the run open.
            stats.extend([&p.ppot, &p.npot].into_iter().filter(|s| s.batches >= 2));
        }
        for s in stats {
            match s.std_error() {
                Some(se) => worst = worst.max(se),
                None => return (deals, 0, None),
            }
        }
    }
    (deals, batches, Some(worst))
}
