//! Running a sweep (hero against 1 to N opponents): exact points where affordable, Monte
//! Carlo rounds for the rest, and many sweeps at once from shared deals (the chart).

use super::{
    exact_point_cancellable, is_starved, monte_carlo_rounds, Instant, Limiting, Method, PointTally,
    Precision, RunControl, RunSettings, RunStatus, SharedSweeps, StopRule, Sweep, SweepFigures,
    SweepPoint, SweepSampler, SweepTally, WorstFigure, AUTO_EXACT_EVALUATIONS, MIN_CONDITION_DEALS,
};

/// A sweep's figures, one point per opponent count.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SweepResult {
    /// The Monte Carlo seed (`None` when every point is exact).
    pub seed: Option<u64>,
    /// One point per opponent count, in order.
    pub points: Vec<SweepPoint>,
    /// The counts asked for that have no figures (yet), each with why: every count
    /// asked for is either a point or here.
    pub missing: Vec<MissingPoint>,
    /// Why the run stopped, or what holds it back.
    pub status: RunStatus,
}

/// An opponent count asked for without figures, and why (shown as an "n/a" row).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MissingPoint {
    /// How many opponents.
    pub opponents: usize,
    /// Why there is no figure.
    pub reason: String,
}

impl SweepResult {
    /// Every count asked for in order: its point, or why it has none.
    pub fn rows(&self) -> Vec<Result<&SweepPoint, &MissingPoint>> {
        let mut rows: Vec<(usize, Result<&SweepPoint, &MissingPoint>)> = self
            .points
            .iter()
            .map(|p| (p.opponents, Ok(p)))
            .chain(self.missing.iter().map(|m| (m.opponents, Err(m))))
            .collect();
        rows.sort_by_key(|r| r.0);
        rows.into_iter().map(|r| r.1).collect()
    }
}

impl SweepResult {
    /// `exact`, `monte_carlo`, or `mixed` when points differ.
    pub fn method_key(&self) -> &'static str {
        // No point yet: what the run is, Monte Carlo when it dealt (it has a seed).
        if self.points.is_empty() {
            return if self.seed.is_some() {
                "monte_carlo"
            } else {
                "exact"
            };
        }
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
    sweep_exact_counts_within(s, requested, AUTO_EXACT_EVALUATIONS)
}

/// A sweep's exact point may take this share of the `auto` budget when a Monte Carlo
/// run is needed for other opponent counts anyway: that run serves every count at once
/// (AsKs against 2–9 random opponents at the default target: about 0.1 s), so a dearer
/// exact point would only hold the figures back.
pub(super) const AUTO_SHARE_BESIDE_MONTE_CARLO: f64 = 0.1;

/// [`sweep_exact_counts`] with `auto` held to `budget` evaluations: every count when
/// all fit in it, else the counts that each cost at most a tenth of it, and one
/// opponent whenever it fits the whole of it.
pub fn sweep_exact_counts_within(s: &Sweep, requested: Method, budget: f64) -> Vec<usize> {
    let counts = *s.counts.start()..=(*s.counts.end()).min(s.feasible);
    choose_exact_counts(counts, |n| s.exact_cost(n), requested, budget)
}

/// The counts of `counts` to enumerate exactly for `requested`, each costing `cost(n)`:
/// with `auto`, every count when all fit in `budget`, else the counts that each cost at
/// most a tenth of it, and one opponent whenever it fits the whole of it. One rule for
/// every game's sweep.
pub(crate) fn choose_exact_counts(
    counts: std::ops::RangeInclusive<usize>,
    cost: impl Fn(usize) -> f64,
    requested: Method,
    budget: f64,
) -> Vec<usize> {
    match requested {
        Method::Exact => counts.collect(),
        Method::MonteCarlo => Vec::new(),
        Method::Auto => {
            let costs: Vec<(usize, f64)> = counts.map(|n| (n, cost(n))).collect();
            let all: f64 = costs.iter().map(|&(_, c)| c).sum();
            let each = if all <= budget {
                budget
            } else {
                budget * AUTO_SHARE_BESIDE_MONTE_CARLO
            };
            // The heads-up point is the one players read first and compare with
            // published tables: exact whenever it fits the whole budget (AKs against one
            // random hand preflop: 0.2 s), even beside a Monte Carlo run.
            costs
                .into_iter()
                .filter(|&(n, c)| c <= each || (n == 1 && c <= budget))
                .map(|(n, _)| n)
                .collect()
        }
    }
}

/// Runs a sweep: exact points where chosen, one Monte Carlo run for the rest.
pub fn run_sweep(
    s: &Sweep,
    settings: &RunSettings,
    progress: impl FnMut(&SweepResult) -> bool,
) -> SweepResult {
    run_sweep_within(
        s,
        settings,
        AUTO_EXACT_EVALUATIONS,
        SweepFigures::All,
        progress,
    )
}

/// What the sweep loop needs of a sweep, so one loop serves Hold'em's sweep
/// ([`Sweep`]: exact points and its fast sampler) and the other games'
/// (`games::GameSweep`, Monte Carlo).
pub trait SweepSource: Sync {
    /// The opponent counts asked for.
    fn asked_counts(&self) -> Vec<usize>;
    /// The opponent counts computed (those the deck can deal).
    fn dealt_counts(&self) -> Vec<usize>;
    /// Whether cards are to come (PPot and NPot are defined).
    fn has_potential(&self) -> bool;
    /// Whether hand strength is defined (not in Omaha preflop).
    fn has_hand_strength(&self) -> bool {
        true
    }
    /// The counts left out, said in a line.
    fn undealt_counts(&self) -> Option<String>;
    /// The counts enumerated exactly for `requested` within `budget` evaluations.
    fn exact_counts(&self, requested: Method, budget: f64) -> Vec<usize>;
    /// One count's exact tally.
    fn exact_point(&self, n: usize, control: &RunControl) -> crate::equity::sweep::PointTally;
    /// A Monte Carlo batch maker: `(seed, index, deals, up_to)` to a tally.
    #[allow(clippy::type_complexity)]
    fn sampler(
        &self,
        figures: SweepFigures,
    ) -> Box<dyn Fn(u64, u64, u32, usize) -> SweepTally + Sync + '_>;
    /// A point as the source shows it (a game marks figures that do not apply).
    fn adjust_point(&self, point: SweepPoint) -> SweepPoint {
        point
    }
}

impl SweepSource for Sweep {
    fn asked_counts(&self) -> Vec<usize> {
        self.counts.clone().collect()
    }
    fn dealt_counts(&self) -> Vec<usize> {
        (*self.counts.start()..=(*self.counts.end()).min(self.feasible)).collect()
    }
    fn has_potential(&self) -> bool {
        Sweep::has_potential(self)
    }
    fn undealt_counts(&self) -> Option<String> {
        Sweep::undealt_counts(self)
    }
    fn exact_counts(&self, requested: Method, budget: f64) -> Vec<usize> {
        sweep_exact_counts_within(self, requested, budget)
    }
    fn exact_point(&self, n: usize, control: &RunControl) -> crate::equity::sweep::PointTally {
        let point = exact_point_cancellable(self, n, control);
        if n == 1 && !control.is_cancelled() {
            self.remember_heads_up(&point);
        }
        point
    }
    fn sampler(
        &self,
        figures: SweepFigures,
    ) -> Box<dyn Fn(u64, u64, u32, usize) -> SweepTally + Sync + '_> {
        let sampler = SweepSampler::new(self, figures);
        Box::new(move |seed, i, deals, up_to| sampler.batch(seed, i, deals, up_to))
    }
}

/// [`run_sweep`] with `auto` held to `budget` evaluations of exact work, computing
/// `figures`.
///
/// One function because the exact points and the Monte Carlo rounds run side by side in one
/// scope, sharing its control and its rows.
pub fn run_sweep_within(
    s: &dyn SweepSource,
    settings: &RunSettings,
    budget: f64,
    figures: SweepFigures,
    mut progress: impl FnMut(&SweepResult) -> bool,
) -> SweepResult {
    let all_figures = figures == SweepFigures::All;
    let start = Instant::now();
    let counts = s.dealt_counts();
    let exact_counts = s.exact_counts(settings.method, budget);
    let needs_mc = counts.iter().any(|n| !exact_counts.contains(n));
    // The exact points run beside the Monte Carlo run (which then deals every count), so
    // its rows show at once and each exact point replaces its row when done. An exact
    // point stopped part-way is not shown: its sums are of some boards only.
    let exact_control = settings.control.child();
    let exact_points: std::sync::Mutex<Vec<(usize, Option<SweepPoint>)>> = Default::default();
    let compute_exact = || {
        for &n in &exact_counts {
            let tally = s.exact_point(n, &exact_control);
            let point = (!exact_control.is_cancelled())
                .then(|| s.adjust_point(tally.point(n, Method::Exact, s.has_potential())));
            exact_points.lock().expect("not poisoned").push((n, point));
        }
    };
    let missing_reason = |n: usize, mc: Option<&SweepTally>, status: &RunStatus| -> String {
        if !counts.contains(&n) {
            return s
                .undealt_counts()
                .unwrap_or_else(|| "cannot be dealt from these ranges and cards".into());
        }
        let (deals, attempts) = mc.map_or((0, 0), |t| {
            (t.points.get(n - 1).map_or(0, |p| p.deals), t.attempts)
        });
        let min = crate::equity::MIN_FIGURE_DEALS;
        match status.stopped {
            _ if attempts > 0 && super::is_starved(deals, attempts) => format!(
                "too rare to sample: {deals} of {attempts} random deals seat {n} opponents from these ranges (they block each other)"
            ),
            None => format!("computing: {deals} of the {min} deals a figure needs so far"),
            Some(rule) => format!(
                "{deals} deals, fewer than the {min} a figure needs ({})",
                rule.describe()
            ),
        }
    };
    let assemble = |mc: Option<&SweepTally>, status: RunStatus| -> SweepResult {
        let exact = exact_points.lock().expect("not poisoned").clone();
        let mut points = Vec::new();
        let mut missing = Vec::new();
        for n in s.asked_counts() {
            let point = match exact.iter().find(|(e, _)| *e == n) {
                Some((_, Some(p))) => Some(p.clone()),
                _ if !counts.contains(&n) => None,
                _ => mc
                    .and_then(|t| monte_carlo_point(t, n, s.has_potential() && all_figures))
                    .map(|p| s.adjust_point(p)),
            };
            match point {
                Some(p) => points.push(p),
                None => missing.push(MissingPoint {
                    opponents: n,
                    reason: missing_reason(n, mc, &status),
                }),
            }
        }
        let any_mc = points.iter().any(|p| p.method != Method::Exact);
        SweepResult {
            seed: (needs_mc || any_mc || mc.is_some()).then_some(settings.seed),
            points,
            missing,
            // Counts the deck cannot deal are left out, and the result says so.
            status: RunStatus {
                note: status.note.clone().or_else(|| s.undealt_counts()),
                ..status
            },
        }
    };
    if !needs_mc {
        compute_exact();
        let stopped = if settings.control.is_cancelled() {
            StopRule::Cancelled
        } else {
            StopRule::ExactDone
        };
        return assemble(
            None,
            RunStatus {
                stopped: Some(stopped),
                ..RunStatus::default()
            },
        );
    }
    let sampler = s.sampler(figures);
    let seed = settings.seed;
    let potential_target = settings
        .potential_target_se
        .filter(|_| s.has_potential() && all_figures);
    let hand_strength = all_figures && s.has_hand_strength();
    // The time budget covers the whole run, exact points included.
    let mc_settings = RunSettings {
        time_limit: settings
            .time_limit
            .map(|t| t.saturating_sub(start.elapsed())),
        ..settings.clone()
    };
    let mut outcome = None;
    rayon::in_place_scope(|scope| {
        if !exact_counts.is_empty() {
            scope.spawn(|_| compute_exact());
        }
        let (tally, rule) = monte_carlo_rounds(
            &mc_settings,
            |i, deals, before: &SweepTally| {
                // Deal only as many opponents as the largest count still short of its
                // target needs (prefixes credit the smaller counts on the way).
                let up_to = counts
                    .iter()
                    .copied()
                    .filter(|&n| {
                        point_limiting(
                            before,
                            n,
                            settings.target_se,
                            potential_target,
                            hand_strength,
                        )
                        .is_some()
                    })
                    .max()
                    .unwrap_or(usize::MAX);
                sampler(seed, i, deals, up_to)
            },
            |a: &mut SweepTally, b| a.merge(b),
            |t| {
                sweep_precision(
                    t,
                    &counts,
                    settings.target_se,
                    potential_target,
                    hand_strength,
                )
            },
            |t, status| progress(&assemble(Some(t), status.clone())),
        );
        // Out of time: the exact points still running stop too (their counts keep
        // their Monte Carlo rows). Otherwise the scope waits for them.
        if matches!(rule, StopRule::TimeBudget | StopRule::Cancelled) {
            exact_control.cancel();
        }
        outcome = Some((tally, rule));
    });
    let (tally, rule) = outcome.expect("the Monte Carlo run ended");
    let rule = if settings.control.is_cancelled() {
        StopRule::Cancelled
    } else {
        rule
    };
    assemble(
        Some(&tally),
        RunStatus {
            stopped: Some(rule),
            ..RunStatus::default()
        },
    )
}

/// Monte Carlo showdown figures of many sweeps that share their board, dead cards and
/// opponent range (the chart's classes), from shared deals ([`SharedSweeps`]): each deal
/// is dealt and its opponents evaluated once for every sweep still running. Each sweep
/// stops on its own targets, budget or starvation exactly as it would alone. After
/// every round `report(i, points, finished)` gets each running sweep's points so far
/// (those resting on enough deals), with `finished` true the round it stops; false
/// stops the whole run. Sweeps still running when the run ends (time budget) are
/// reported finished with what they have, unless it was cancelled.
///
/// One function because it is one loop of rounds over the sweeps still running, each
/// round's stop rules read in one place.
pub fn run_shared_sweeps(
    shared: &SharedSweeps,
    settings: &RunSettings,
    mut report: impl FnMut(usize, Vec<SweepPoint>, bool) -> bool,
) -> StopRule {
    let sweeps = shared.sweeps();
    let counts: Vec<Vec<usize>> = sweeps.iter().map(|s| s.dealt_counts()).collect();
    let target = settings.target_se;
    let precision_of =
        |i: usize, t: &SweepTally| sweep_precision(t, &counts[i], target, None, false);
    let is_done = |p: &Precision| p.target_reached() || p.deals >= settings.max_deals;
    let points_of = |i: usize, t: &SweepTally| -> Vec<SweepPoint> {
        counts[i]
            .iter()
            .filter_map(|&n| monte_carlo_point(t, n, false))
            .collect()
    };
    // A sweep with no batch yet (the total before the first round is empty).
    static NO_TALLY: SweepTally = SweepTally {
        points: Vec::new(),
        attempts: 0,
    };
    fn slot(t: &[SweepTally], i: usize) -> &SweepTally {
        t.get(i).unwrap_or(&NO_TALLY)
    }
    // The sweeps still running and the most opponents any of them still needs: set
    // after each round from the merged total (so the same whatever the threads), read
    // by the next round's batches.
    let most_opponents = |i: usize, t: &SweepTally| {
        counts[i]
            .iter()
            .copied()
            .filter(|&n| point_limiting(t, n, target, None, false).is_some())
            .max()
            .unwrap_or(1)
    };
    let plan = std::sync::Mutex::new((
        (0..sweeps.len()).collect::<Vec<usize>>(),
        counts
            .iter()
            .filter_map(|c| c.last().copied())
            .max()
            .unwrap_or(1),
    ));
    let mut handed_over = vec![false; sweeps.len()];
    let seed = settings.seed;
    // The total keeps one tally per sweep; a batch brings its compact counts, turned
    // into tallies as they are merged (in batch order).
    #[derive(Default)]
    struct Total {
        tallies: Vec<SweepTally>,
        batch: Option<crate::equity::sweep::SharedBatch>,
    }
    let (total, rule) = monte_carlo_rounds(
        settings,
        |index, deals, _before: &Total| {
            let (active, up_to) = plan.lock().map(|p| p.clone()).unwrap_or_default();
            Total {
                tallies: Vec::new(),
                batch: Some(shared.batch_counts(seed, index, deals, up_to, &active)),
            }
        },
        |total: &mut Total, b| {
            if let Some(batch) = &b.batch {
                batch.merge_into(shared, &mut total.tallies);
            }
        },
        |t: &Total| {
            let t = &t.tallies;
            // The run goes on while any sweep does: its error is the worst of theirs.
            let mut worst = WorstFigure::default();
            let (mut batches, mut needed, mut deals) = (u32::MAX, 0, u64::MAX);
            let active = plan.lock().map(|p| p.0.clone()).unwrap_or_default();
            for i in active {
                let p = precision_of(i, slot(t, i));
                if is_done(&p) {
                    continue;
                }
                if let Some(l) = p.limiting {
                    worst.consider(l);
                }
                batches = batches.min(p.batches);
                needed = needed.max(p.batches_needed);
                deals = deals.min(p.deals);
            }
            Precision {
                deals: if deals == u64::MAX { 0 } else { deals },
                // Starvation is each sweep's own (it ends that sweep, above).
                attempts: 0,
                batches: if batches == u32::MAX { 1 } else { batches },
                batches_needed: needed,
                limiting: worst.into_limiting(),
            }
        },
        |t: &Total, _| {
            let t = &t.tallies;
            let (mut active, mut up_to) = (Vec::new(), 1);
            for (i, done) in handed_over.iter_mut().enumerate() {
                let s = slot(t, i);
                if *done {
                    continue;
                }
                *done = is_done(&precision_of(i, s));
                if !report(i, points_of(i, s), *done) {
                    return false;
                }
                if !*done {
                    active.push(i);
                    up_to = up_to.max(most_opponents(i, s));
                }
            }
            if let Ok(mut p) = plan.lock() {
                *p = (active, up_to);
            }
            true
        },
    );
    if rule != StopRule::Cancelled {
        for (i, done) in handed_over.iter().enumerate() {
            if !done && !report(i, points_of(i, slot(&total.tallies, i)), true) {
                break;
            }
        }
    }
    rule
}

/// Opponent count `n`'s Monte Carlo point in tally `t`, once it has an error estimate
/// and rests on enough deals (as a matchup's figures): never 0 ± 0, never 25 ± 25.
pub(super) fn monte_carlo_point(t: &SweepTally, n: usize, potentials: bool) -> Option<SweepPoint> {
    t.points
        .get(n - 1)
        .filter(|p| p.deals >= crate::equity::MIN_FIGURE_DEALS && p.equity.std_error().is_some())
        .map(|p| p.point(n, Method::MonteCarlo, potentials))
}

/// How far a sweep is from its targets: over every Monte Carlo opponent count, the
/// figure whose standard error is furthest above its target (see [`point_limiting`]).
pub(super) fn sweep_precision(
    t: &SweepTally,
    counts: &[usize],
    target: f64,
    potential_target: Option<f64>,
    hand_strength: bool,
) -> Precision {
    let mut worst = WorstFigure::default();
    let mut batches = u32::MAX;
    let mut batches_needed = 0;
    let mut deals = 0;
    for &n in counts {
        if let Some(p) = t.points.get(n - 1) {
            deals = deals.max(p.deals);
            if !is_starved(p.deals, t.attempts) {
                batches = batches.min(p.equity.batches);
                batches_needed = batches_needed.max(point_batches_needed(
                    p,
                    target,
                    potential_target.is_some(),
                    hand_strength,
                ));
            }
        }
        if let Some(limiting) = point_limiting(t, n, target, potential_target, hand_strength) {
            worst.consider(limiting);
        }
    }
    Precision {
        // The deal budget bounds the draws, valid or not: a count whose deals are rare
        // (five opponents from narrow ranges) would otherwise run for ever.
        deals: deals.max(t.attempts),
        attempts: t.attempts,
        batches: if batches == u32::MAX { 0 } else { batches },
        batches_needed,
        limiting: worst.into_limiting(),
    }
}

/// Batches a sweep point's target figures must rest on before the run may stop
/// ([`BatchStat::batches_needed`]; PPot and NPot, errors from batch means, need
/// [`MIN_BATCHES`](crate::equity::monte_carlo::MIN_BATCHES) when they are held).
pub(super) fn point_batches_needed(
    p: &PointTally,
    target: f64,
    potentials: bool,
    hand_strength: bool,
) -> u32 {
    // No allocation: this runs for every count at every batch (`point_limiting`).
    [&p.win, &p.tie, &p.equity]
        .into_iter()
        .chain(hand_strength.then_some(&p.hand_strength))
        .chain(
            potentials
                .then_some([&p.ppot, &p.npot])
                .into_iter()
                .flatten(),
        )
        .map(|s| s.batches_needed(target))
        .max()
        .unwrap_or(0)
}

/// The figure of opponent count `n` furthest above its target (win, tie, equity and
/// hand strength against `target`; PPot and NPot against `potential_target`, once their
/// condition rests on enough deals to be shown), or equity while the count rests on
/// fewer batches than its figures' errors need; `None` once every target is met. A count that
/// almost never gets dealt (narrow ranges) does not hold the run open.
pub(super) fn point_limiting(
    t: &SweepTally,
    n: usize,
    target: f64,
    potential_target: Option<f64>,
    hand_strength: bool,
) -> Option<Limiting> {
    let limiting = |figure: &'static str, std_error: Option<f64>, target: f64| Limiting {
        figure,
        opponents: Some(n),
        seat: None,
        std_error,
        target,
    };
    let Some(p) = t.points.get(n - 1) else {
        return Some(limiting("Equity", None, target));
    };
    if is_starved(p.deals, t.attempts) {
        return None;
    }
    let mut worst = WorstFigure::default();
    let figures = [
        ("Win", &p.win),
        ("Tie", &p.tie),
        ("Equity", &p.equity),
        ("Hand Strength", &p.hand_strength),
    ];
    // Hand strength is last: a showdown-only run leaves it out.
    let held_by = if hand_strength {
        &figures[..]
    } else {
        &figures[..3]
    };
    for &(figure, stat) in held_by {
        worst.consider(limiting(figure, stat.std_error(), target));
    }
    if let Some(pt) = potential_target {
        for (figure, stat, in_condition) in [
            ("PPot", &p.ppot, p.ppot_deals),
            ("NPot", &p.npot, p.npot_deals),
        ] {
            if in_condition >= MIN_CONDITION_DEALS && stat.batches >= 2 {
                worst.consider(limiting(figure, stat.std_error(), pt));
            }
        }
    }
    let needed = point_batches_needed(p, target, potential_target.is_some(), hand_strength);
    worst.into_limiting().or_else(|| {
        (p.equity.batches < needed).then(|| limiting("Equity", p.equity.std_error(), target))
    })
}
