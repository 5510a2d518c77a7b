//! Running a scenario to completion: `auto` choice between exact and Monte Carlo, and
//! the Monte Carlo loop of rounds of batches with its stopping rules (reference §5).

use super::exact;
use super::monte_carlo::{Sampler, BATCH_DEALS};
use super::stats::BatchStat;
use super::sweep::{
    exact_point_cancellable, PointTally, SharedSweeps, Sweep, SweepFigures, SweepPoint,
    SweepSampler, SweepTally, MIN_CONDITION_DEALS,
};
use super::{Matchup, MatchupResult, MatchupTally, Method, RunControl};
use rayon::prelude::*;
use std::time::{Duration, Instant};

mod sweeps;

/// Evaluations an exact run may take under `auto` (well under a second on two cores).
pub const AUTO_EXACT_EVALUATIONS: f64 = 1.5e8;

/// Hand evaluations one core does per second in exact enumeration (measured on the
/// development machine, rounded down), for time estimates.
pub const EVALUATIONS_PER_SECOND: f64 = 1.5e8;

/// The longest exact enumeration that is started without being asked for Monte Carlo
/// instead (reference §5: exact work is refused when unaffordable).
pub const MAX_EXACT_SECONDS: f64 = 120.0;

pub use super::describe_duration;
pub use super::status::{Limiting, RunStatus, StopRule};

/// "exact · 43% done · about 12 s left".
pub fn describe_exact_progress(fraction: f64, seconds_left: f64) -> String {
    format!(
        "exact · {:.0}% done · {} left",
        100.0 * fraction,
        describe_duration(seconds_left)
    )
}

/// The one cost model of exact work: `work` units done at `per_second` units a second
/// per core on `threads` cores. The refusal, the estimate shown before a run and the
/// time left while it runs all start from this number.
pub fn exact_seconds(work: f64, per_second: f64, threads: usize) -> f64 {
    work / (per_second * threads.max(1) as f64)
}

/// The time left of an exact run expected to take `model_seconds` ([`exact_seconds`]),
/// `elapsed` seconds in with `fraction` of its work done: the model's own remainder at
/// first, moving to the measured pace (elapsed / fraction) as the fraction grows (fully
/// from a fifth of the work on), so the first figure a user sees is the estimate the
/// refusal was made from, and later ones follow the machine.
pub fn exact_seconds_left(model_seconds: f64, elapsed: f64, fraction: f64) -> f64 {
    let trust = if elapsed < 0.5 {
        0.0
    } else {
        (fraction / 0.2).clamp(0.0, 1.0)
    };
    let measured = if fraction > 0.0 {
        elapsed / fraction
    } else {
        model_seconds
    };
    let total = (1.0 - trust) * model_seconds + trust * measured;
    (total - elapsed).max(0.0)
}

/// Refuses an exact enumeration of `evaluations` that would take longer than
/// [`MAX_EXACT_SECONDS`] on `threads` cores.
pub fn check_exact_cost(evaluations: f64, threads: usize) -> Result<(), super::EquityError> {
    check_exact_time(evaluations, EVALUATIONS_PER_SECOND, threads)
}

/// Refuses exact `work` done at `per_second` per core (each engine counts its work in
/// its own units) that would take longer than [`MAX_EXACT_SECONDS`] on `threads` cores.
pub fn check_exact_time(
    work: f64,
    per_second: f64,
    threads: usize,
) -> Result<(), super::EquityError> {
    let threads = threads.max(1);
    let seconds = exact_seconds(work, per_second, threads);
    if seconds > MAX_EXACT_SECONDS {
        return Err(super::EquityError::TooLarge { seconds, threads });
    }
    Ok(())
}

/// Exact work done piece by piece, checked against the bound as it goes: after each
/// piece, the time taken so far scaled to the whole estimate. The cost model is measured
/// on one machine; a slower or busier one would otherwise run past the bound it promised.
pub struct ProjectedTime {
    start: std::time::Instant,
    total: f64,
    done: f64,
    threads: usize,
    bound: f64,
}

impl ProjectedTime {
    /// The share of the estimate done before the pace is trusted (one slow first piece
    /// is not the pace).
    const SHARE_BEFORE_JUDGING: f64 = 0.05;

    /// Starts the clock on work whose estimate is `total` (any unit).
    pub fn new(total: f64, threads: usize) -> ProjectedTime {
        ProjectedTime::with_bound(total, threads, MAX_EXACT_SECONDS)
    }

    /// The same against a bound of `bound` seconds.
    pub fn with_bound(total: f64, threads: usize, bound: f64) -> ProjectedTime {
        ProjectedTime {
            start: std::time::Instant::now(),
            total,
            done: 0.0,
            threads,
            bound,
        }
    }

    /// Records a piece of `cost` done; refuses the rest (with the projected seconds)
    /// when the whole, at the pace so far, would take longer than the bound.
    pub fn done(&mut self, cost: f64) -> Result<(), super::EquityError> {
        self.done += cost;
        let share = self.done / self.total;
        if !(Self::SHARE_BEFORE_JUDGING..1.0).contains(&share) {
            return Ok(());
        }
        let seconds = self.start.elapsed().as_secs_f64() / share;
        if seconds > self.bound {
            return Err(super::EquityError::TooLarge {
                seconds,
                threads: self.threads.max(1),
            });
        }
        Ok(())
    }
}

/// The evaluations a matchup run with these settings enumerates (0 for Monte Carlo),
/// or why exact work is refused (memory over `memory_budget`).
pub fn matchup_exact_evaluations(
    m: &Matchup,
    method: Method,
    memory_budget: u64,
) -> Result<f64, super::EquityError> {
    let plan = matchup_plan(m, method, memory_budget);
    plan.check_memory(memory_budget)?;
    Ok(plan.evaluations)
}

/// Refuses a Hold'em matchup's exact work over the time bound on `threads` cores or over
/// the memory budget (time first: its message says more); the evaluations it will take.
pub fn check_matchup_affordable(
    m: &Matchup,
    settings: &RunSettings,
    threads: usize,
) -> Result<f64, super::EquityError> {
    let plan = matchup_plan(m, settings.method, settings.memory_budget);
    check_exact_cost(plan.evaluations, threads)?;
    plan.check_memory(settings.memory_budget)?;
    Ok(plan.evaluations)
}

/// How a matchup is run, decided from one estimate of its time and memory.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchupPlan {
    /// Exact or Monte Carlo, as decided.
    pub method: Method,
    /// Evaluations of the exact enumeration (0 for Monte Carlo).
    pub evaluations: f64,
    /// Peak memory of the exact enumeration, in bytes (0 for Monte Carlo).
    pub bytes: f64,
    /// Why `auto` chose Monte Carlo when it was not for time (memory).
    pub note: Option<String>,
}

impl MatchupPlan {
    /// Refuses an exact plan that would hold more than `memory_budget` bytes.
    pub fn check_memory(&self, memory_budget: u64) -> Result<(), super::EquityError> {
        if self.bytes > memory_budget as f64 {
            return Err(super::EquityError::TooMuchMemory {
                bytes: self.bytes,
                budget: memory_budget,
            });
        }
        Ok(())
    }
}

/// The method a matchup run uses and the cost of its exact enumeration (time and
/// memory), from one estimate (the estimate may count deals). `auto` runs Monte Carlo
/// when the exact work is over its time share or over `memory_budget`; an explicit
/// exact plan over the budget is refused by [`MatchupPlan::check_memory`] (after the
/// time bound, whose message says more).
pub fn matchup_plan(m: &Matchup, requested: Method, memory_budget: u64) -> MatchupPlan {
    let monte_carlo = |note| MatchupPlan {
        method: Method::MonteCarlo,
        evaluations: 0.0,
        bytes: 0.0,
        note,
    };
    if requested == Method::MonteCarlo {
        return monte_carlo(None);
    }
    let cost = exact::estimated_cost(m);
    match requested {
        Method::Auto if cost.bytes > memory_budget as f64 => monte_carlo(Some(format!(
            "Monte Carlo, since exact enumeration would need {} of memory (budget {})",
            super::memory::describe_bytes(cost.bytes),
            super::memory::describe_budget(memory_budget)
        ))),
        Method::Auto if cost.evaluations > AUTO_EXACT_EVALUATIONS => monte_carlo(None),
        _ => MatchupPlan {
            method: Method::Exact,
            evaluations: cost.evaluations,
            bytes: cost.bytes,
            note: None,
        },
    }
}

/// The evaluations a sweep run with these settings enumerates (its exact points).
pub fn sweep_exact_evaluations(s: &Sweep, method: Method) -> f64 {
    sweep_exact_evaluations_within(s, method, AUTO_EXACT_EVALUATIONS)
}

/// [`sweep_exact_evaluations`] with `auto` held to `budget` evaluations.
pub fn sweep_exact_evaluations_within(s: &Sweep, method: Method, budget: f64) -> f64 {
    sweep_exact_counts_within(s, method, budget)
        .iter()
        .map(|&n| s.exact_cost(n))
        .sum()
}

/// How to run.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSettings {
    /// Exact, Monte Carlo or auto.
    pub method: Method,
    /// The Monte Carlo seed (same seed and inputs, same numbers).
    pub seed: u64,
    /// Stop Monte Carlo once win, tie, equity and hand strength have a standard error
    /// of at most this.
    pub target_se: f64,
    /// The target of PPot and NPot (looser: their conditions can be rare); `None`: the
    /// potentials never hold a run open (the 169-hand chart does not show them).
    pub potential_target_se: Option<f64>,
    /// Stop Monte Carlo after this many deals.
    pub max_deals: u64,
    /// Stop Monte Carlo after this long.
    pub time_limit: Option<Duration>,
    /// Most bytes the run may hold (exact enumeration's folded classes above all).
    pub memory_budget: u64,
    /// Its cancel flag (set to stop the run early) and progress counters.
    pub control: RunControl,
}

/// The default precision target (standard error) of win, tie, equity and hand strength
/// for the command line and for version 1 scenario files: one figure a script reads.
pub const DEFAULT_TARGET_SE: f64 = 0.0005;

/// The views' default target (the precision slider's "Normal", ±0.1 %): figures that
/// settle while the user looks, refined further on request. The all-in adjusted results
/// of hand histories use it too.
pub const VIEW_TARGET_SE: f64 = 0.001;

/// The Chart view's default target: 169 hands at each opponent count, read as a grid of
/// colours, each cell to ±0.5 %.
pub const CHART_TARGET_SE: f64 = 0.005;

/// The default target of PPot and NPot.
pub const DEFAULT_POTENTIAL_TARGET_SE: f64 = 0.005;

/// Limits on user-given run settings (reference §5): a target below this would run for
/// days; above it the figures mean little.
pub const TARGET_SE_RANGE: std::ops::RangeInclusive<f64> = 1e-5..=0.1;

impl Default for RunSettings {
    fn default() -> RunSettings {
        RunSettings {
            method: Method::Auto,
            seed: 1,
            target_se: DEFAULT_TARGET_SE,
            potential_target_se: Some(DEFAULT_POTENTIAL_TARGET_SE),
            max_deals: 200_000_000,
            time_limit: None,
            memory_budget: super::memory::DEFAULT_MEMORY_BUDGET,
            control: RunControl::new(),
        }
    }
}

/// The figure furthest above its target, by standard error over target; a figure with
/// no error estimate yet counts as furthest (the first such one is kept).
#[derive(Default)]
struct WorstFigure(Option<(f64, Limiting)>);

impl WorstFigure {
    fn consider(&mut self, candidate: Limiting) {
        let ratio = candidate
            .std_error
            .map_or(f64::INFINITY, |se| se / candidate.target);
        if ratio > 1.0 && self.0.as_ref().is_none_or(|(r, _)| ratio > *r) {
            self.0 = Some((ratio, candidate));
        }
    }

    fn into_limiting(self) -> Option<Limiting> {
        self.0.map(|(_, l)| l)
    }
}

/// How far a Monte Carlo total is from its targets.
#[derive(Clone, Debug, Default)]
pub struct Precision {
    /// Deals so far (of the figure with the most).
    pub deals: u64,
    /// Draws so far, valid or not (for the acceptance rate).
    pub attempts: u64,
    /// The fewest batches any target figure rests on.
    pub batches: u32,
    /// Batches the target figures' errors must rest on before the run may stop
    /// ([`BatchStat::batches_needed`]).
    pub batches_needed: u32,
    /// The figure furthest from its target; `None` when every target is met.
    pub limiting: Option<Limiting>,
}

impl Precision {
    /// Every target figure is within its target and its error rests on enough batches.
    fn target_reached(&self) -> bool {
        self.limiting.is_none() && self.batches >= self.batches_needed
    }
}

/// A valid deal must come at least this often once this many draws were tried, or the
/// sampler stops as starved instead of looping.
pub const STARVED_ACCEPTANCE: f64 = 1e-4;
/// Attempts after which a run whose deals are that rare stops as starved.
pub const STARVED_AFTER_ATTEMPTS: u64 = 2_000_000;

/// Too few of `attempts` draws gave one of the `deals` (see [`STARVED_ACCEPTANCE`]). A
/// Monte Carlo batch asks it too, so that one batch does not draw for minutes before the
/// run can see it is starved.
pub(crate) fn is_starved(deals: u64, attempts: u64) -> bool {
    attempts >= STARVED_AFTER_ATTEMPTS && (deals as f64) < STARVED_ACCEPTANCE * attempts as f64
}

/// Batches per round after the first (fixed, so stopping points do not depend on the
/// thread count).
pub const ROUND_BATCHES: u64 = 32;
/// The first round is small, so the first estimate arrives quickly.
pub const FIRST_ROUND_BATCHES: u64 = 4;
/// The smallest later round (one batch per thread on two cores; the last round before
/// the target is often this small, and every batch past the target is waste).
pub const MIN_ROUND_BATCHES: u64 = 2;

/// The size of the round after `done` batches: what the limiting figure's standard
/// error says is still needed (it shrinks as 1/√batches), at least the batches the
/// error estimate requires (up to a round), within [`MIN_ROUND_BATCHES`]..=[`ROUND_BATCHES`]. It
/// depends only on the merged total, so stopping points do not depend on the threads.
fn next_round_batches(done: u64, p: &Precision) -> u64 {
    let projected = match &p.limiting {
        Some(Limiting {
            std_error: Some(se),
            target,
            ..
        }) if *target > 0.0 => {
            let ratio = se / target;
            // 1% over the projection, so the target is rarely missed by a hair (the
            // error of independent deals is estimated from every deal, so the
            // projection is close).
            (done as f64 * (ratio * ratio * 1.01 - 1.0)).ceil().max(0.0) as u64
        }
        Some(_) => ROUND_BATCHES,
        None => 0,
    };
    projected.clamp(MIN_ROUND_BATCHES, ROUND_BATCHES).max(
        (p.batches_needed as u64)
            .saturating_sub(done)
            .min(ROUND_BATCHES),
    )
}

/// The Monte Carlo loop: rounds of batches run in parallel and merged in batch order
/// (each batch sees the total merged before its round, to aim its deals); after each
/// round `progress` sees the running total with its status and may stop the run
/// (false). `batch(i, deals, total)` deals batch `i` of `deals` deals: [`BATCH_DEALS`],
/// or fewer in the last batch of a deal budget, so `max_deals` deals are dealt
/// exactly. `precision` says how far the total is from its targets. Returns the total
/// and why it stopped.
pub fn monte_carlo_rounds<T, B, M, E, P>(
    settings: &RunSettings,
    batch: B,
    merge: M,
    precision: E,
    mut progress: P,
) -> (T, StopRule)
where
    T: Default + Send + Sync,
    B: Fn(u64, u32, &T) -> T + Sync,
    M: Fn(&mut T, &T),
    E: Fn(&T) -> Precision,
    P: FnMut(&T, &RunStatus) -> bool,
{
    let start = Instant::now();
    let mut total = T::default();
    let mut next = 0u64;
    let mut size = FIRST_ROUND_BATCHES;
    let batch_deals = BATCH_DEALS as u64;
    // Deals still allowed by the deal budget: the round's last batch may be short.
    let mut left = settings.max_deals.max(1);
    loop {
        let size_now = size.min(left.div_ceil(batch_deals)).max(1);
        // A cancelled run skips the batches of its round that have not started.
        let results: Vec<T> = (next..next + size_now)
            .into_par_iter()
            .map(|i| {
                if settings.control.is_cancelled() {
                    return T::default();
                }
                let deals = left
                    .saturating_sub((i - next) * batch_deals)
                    .clamp(1, batch_deals) as u32;
                let t = batch(i, deals, &total);
                settings.control.progress().count_batch();
                t
            })
            .collect();
        for r in &results {
            merge(&mut total, r);
        }
        next += size_now;
        let p = precision(&total);
        left = settings.max_deals.saturating_sub(p.deals);
        let status = RunStatus {
            limiting: p.limiting.clone(),
            ..RunStatus::default()
        };
        if !progress(&total, &status) || settings.control.is_cancelled() {
            return (total, StopRule::Cancelled);
        }
        let rule = if p.target_reached() {
            Some(StopRule::TargetReached)
        } else if p.deals >= settings.max_deals {
            Some(StopRule::DealBudget)
        } else if settings.time_limit.is_some_and(|t| start.elapsed() >= t) {
            Some(StopRule::TimeBudget)
        } else if is_starved(p.deals, p.attempts) {
            Some(StopRule::Starved)
        } else {
            None
        };
        if let Some(rule) = rule {
            return (total, rule);
        }
        size = next_round_batches(next, &p);
    }
}

/// Runs a matchup; `progress` sees Monte Carlo estimates as they improve and may stop
/// the run by returning false.
pub fn run_matchup(
    m: &Matchup,
    settings: &RunSettings,
    mut progress: impl FnMut(&MatchupResult) -> bool,
) -> Result<MatchupResult, super::EquityError> {
    let plan = matchup_plan(m, settings.method, settings.memory_budget);
    plan.check_memory(settings.memory_budget)?;
    if plan.method == Method::Exact {
        let control = &settings.control;
        let mut tally = exact::run_cancellable(m, control, settings.memory_budget)?;
        if let Some(resume) = control.resume() {
            // What an earlier stopped run of the same question finished, added back.
            let work = control.progress().work_done();
            tally = resume.finish(tally, control.is_cancelled(), work);
        }
        let mut r = tally.result(Method::Exact, None);
        r.status.stopped = Some(if settings.control.is_cancelled() {
            StopRule::Cancelled
        } else {
            StopRule::ExactDone
        });
        if settings.control.is_cancelled() {
            let done = settings.control.progress().work_done() as f64;
            r.status.fraction_done = Some((done / plan.evaluations.max(1.0)).clamp(0.0, 0.999));
        }
        return Ok(r);
    }
    let sampler = Sampler::new(m);
    let seed = settings.seed;
    let with_status = |t: &MatchupTally, status: RunStatus| {
        let mut r = t.result(Method::MonteCarlo, Some(seed));
        r.status = status;
        r
    };
    let note = plan.note;
    let (tally, rule) = monte_carlo_rounds(
        settings,
        |i, deals, _| sampler.batch(seed, i, deals),
        |a: &mut MatchupTally, b| a.merge(b),
        |t| matchup_precision(t, settings.target_se),
        |t, status| {
            let status = RunStatus {
                note: note.clone(),
                ..status.clone()
            };
            progress(&with_status(t, status))
        },
    );
    Ok(with_status(
        &tally,
        RunStatus {
            stopped: Some(rule),
            note,
            ..RunStatus::default()
        },
    ))
}

/// How far a matchup is from its target: the seat whose equity has the largest error.
fn matchup_precision(t: &MatchupTally, target: f64) -> Precision {
    // Each figure's error as the results show it (post-stratified heads-up preflop).
    let estimates = t.figure_estimates();
    let figures = t
        .seats
        .iter()
        .zip(&estimates)
        .enumerate()
        .flat_map(|(i, (s, e))| {
            [("equity", &s.equity), ("win", &s.win), ("tie", &s.tie)]
                .into_iter()
                .zip(e)
                .map(move |((figure, stat), e)| {
                    (figure, i + 1, stat.batches_needed(target), e.std_error)
                })
        });
    precision_of_errors(t.deals, t.attempts, figures, target, t.batches())
}

/// The precision of a total of `deals` from `attempts` draws and `batches` batches whose
/// target figures are `figures` (name, 1-based seat, sums), each held to `target`: the
/// one furthest from its target limits it, and the one needing most batches says when
/// the run may stop.
pub fn precision_of<'a>(
    deals: u64,
    attempts: u64,
    figures: impl IntoIterator<Item = (&'static str, usize, &'a BatchStat)>,
    target: f64,
    batches: u32,
) -> Precision {
    let figures = figures
        .into_iter()
        .map(|(figure, seat, stat)| (figure, seat, stat.batches_needed(target), stat.std_error()));
    precision_of_errors(deals, attempts, figures, target, batches)
}

/// [`precision_of`] from each figure's batches needed and standard error, however
/// the error was estimated.
pub fn precision_of_errors(
    deals: u64,
    attempts: u64,
    figures: impl IntoIterator<Item = (&'static str, usize, u32, Option<f64>)>,
    target: f64,
    batches: u32,
) -> Precision {
    let mut worst = WorstFigure::default();
    let mut batches_needed = 0;
    for (figure, seat, needed, std_error) in figures {
        batches_needed = needed.max(batches_needed);
        worst.consider(Limiting {
            figure,
            opponents: None,
            seat: Some(seat),
            std_error,
            target,
        });
    }
    Precision {
        deals,
        attempts,
        batches,
        batches_needed,
        limiting: worst.into_limiting(),
    }
}

pub use sweeps::*;

#[cfg(test)]
mod tests {
    use super::*;

    /// Work whose pieces take longer than their estimate says is refused part-way with
    /// the time it would take at that pace; work on pace, and the last piece, are not.
    #[test]
    fn exact_work_past_the_bound_at_its_pace_is_refused_part_way() {
        let mut on_pace = ProjectedTime::new(1e9, 2);
        assert!(on_pace.done(1e8).is_ok());
        // A tenth of the work took 2 ms or more: the whole, 20 ms or more, over a 10 ms
        // bound; a first piece under a twentieth is not judged.
        let mut slow = ProjectedTime::with_bound(100.0, 2, 0.01);
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert!(slow.done(1.0).is_ok());
        match slow.done(9.0) {
            Err(crate::equity::EquityError::TooLarge { seconds, threads }) => {
                assert!(seconds >= 0.02 && threads == 2, "{seconds}")
            }
            other => panic!("{other:?}"),
        }
        let mut last = ProjectedTime::with_bound(1.0, 2, 0.001);
        std::thread::sleep(std::time::Duration::from_millis(2));
        assert!(last.done(1.0).is_ok());
    }

    /// One cost model: the first time left is the estimate the refusal reads; later
    /// ones follow the measured pace; none is negative.
    #[test]
    fn the_time_left_starts_from_the_refusals_estimate() {
        let threads = 2;
        let work = 100.0 * EVALUATIONS_PER_SECOND * threads as f64;
        let model = exact_seconds(work, EVALUATIONS_PER_SECOND, threads);
        assert_eq!(model, 100.0);
        assert!(check_exact_cost(work, threads).is_ok());
        assert!(
            check_exact_cost(2.0 * work, threads).is_err(),
            "200 s is refused"
        );
        // At the start the time left is the model's own estimate.
        assert_eq!(exact_seconds_left(model, 0.0, 0.0), 100.0);
        assert!((exact_seconds_left(model, 0.2, 0.01) - 99.8).abs() < 1e-9);
        // A machine twice as slow: from a fifth of the work on, the measured pace.
        let (elapsed, fraction) = (60.0, 0.3);
        assert!((exact_seconds_left(model, elapsed, fraction) - 140.0).abs() < 1e-9);
        // Halfway to trusting the pace: halfway between the two totals.
        let left = exact_seconds_left(model, 20.0, 0.1);
        assert!(
            (left - (0.5 * 100.0 + 0.5 * 200.0 - 20.0)).abs() < 1e-9,
            "{left}"
        );
        assert_eq!(exact_seconds_left(model, 150.0, 0.0), 0.0);
    }
}
