//! What deals add up to: per-seat sums over deals, showdowns, and a matchup's results.

use super::rank_hits::{HitCells, SeatEstimates};
use super::status::RunStatus;
use super::{stats::BatchStat, Method};
use crate::eval::HandValue;

/// Per-seat sums over deals: win, tie, equity share, and the categories it won with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatTally {
    /// Sums of wins.
    pub win: BatchStat,
    /// Sums of ties.
    pub tie: BatchStat,
    /// Sums of pot shares.
    pub equity: BatchStat,
    /// Weight of deals the seat won or tied, by its final category.
    pub hand_types: [f64; 9],
}

/// Mergeable results of a matchup run (one exact run, or any number of MC batches).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchupTally {
    /// Deals visited (exact: distinct deals; Monte Carlo: sampled deals).
    pub deals: u64,
    /// Monte Carlo draws, valid or not (for the acceptance rate).
    pub attempts: u64,
    /// One tally per seat.
    pub seats: Vec<SeatTally>,
    /// Heads-up preflop Monte Carlo: the deals filed by how the board hits the hands'
    /// ranks, whose post-stratified estimates replace the plain ones (`rank_hits`).
    pub hits: Option<HitCells>,
}

impl MatchupTally {
    /// Empty tallies for `seats` seats.
    pub fn new(seats: usize) -> MatchupTally {
        MatchupTally {
            deals: 0,
            attempts: 0,
            seats: vec![SeatTally::default(); seats],
            hits: None,
        }
    }

    /// Adds another tally of the same seats.
    pub fn merge(&mut self, other: &MatchupTally) {
        self.deals += other.deals;
        self.attempts += other.attempts;
        if self.seats.len() < other.seats.len() {
            self.seats.resize(other.seats.len(), SeatTally::default());
        }
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            a.win.merge(&b.win);
            a.tie.merge(&b.tie);
            a.equity.merge(&b.equity);
            for (x, y) in a.hand_types.iter_mut().zip(b.hand_types) {
                *x += y;
            }
        }
        if let Some(h) = &other.hits {
            self.hits.get_or_insert_default().merge(h);
        }
    }

    /// Each seat's (equity, win, tie) estimates where the deals were filed by rank hits
    /// (heads-up preflop Monte Carlo, every deal filed), else `None`.
    pub fn stratified(&self) -> Option<SeatEstimates> {
        let hits = self.hits.as_ref()?;
        if self.seats.len() != 2 || hits.deals() != self.deals {
            return None;
        }
        Some(hits.estimates())
    }

    /// Each seat's equity, win and tie, in that order: post-stratified where the deals
    /// were filed by rank hits, else the plain estimates.
    pub(crate) fn figure_estimates(&self) -> Vec<[FigureEstimate; 3]> {
        let stratified = self.stratified();
        let figures = |s: &SeatTally| [s.equity, s.win, s.tie];
        // A figure is fitted to the control variate at every seat or at none: the fits'
        // corrections cancel across the seats only together (the equities sum to one),
        // and a seat whose result x fully decides keeps its plain mean.
        let mixed: [bool; 3] = std::array::from_fn(|k| {
            let fitted = self
                .seats
                .iter()
                .filter(|s| figures(s)[k].is_controlled())
                .count();
            fitted > 0 && fitted < self.seats.len()
        });
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let stats = figures(s);
                std::array::from_fn(|k| match stratified.as_ref().and_then(|f| f[i][k]) {
                    Some(e) => FigureEstimate {
                        mean: Some(e.mean),
                        std_error: Some(e.std_error),
                    },
                    None => {
                        let stat = if mixed[k] {
                            stats[k].without_control()
                        } else {
                            stats[k]
                        };
                        FigureEstimate {
                            mean: stat.mean(),
                            std_error: stat.std_error(),
                        }
                    }
                })
            })
            .collect()
    }

    /// Batches merged so far (Monte Carlo).
    pub fn batches(&self) -> u32 {
        self.seats.first().map_or(0, |s| s.equity.batches)
    }
}

/// A figure's estimate and standard error (`None` before there is one).
#[derive(Clone, Copy, Debug)]
pub(crate) struct FigureEstimate {
    pub mean: Option<f64>,
    pub std_error: Option<f64>,
}

/// Running per-seat sums inside one batch or one exact run, turned into a tally at the end.
#[derive(Clone, Debug)]
pub(crate) struct SeatSums {
    pub weight: f64,
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    pub hand_types: [f64; 9],
}

impl SeatSums {
    pub fn new() -> SeatSums {
        SeatSums {
            weight: 0.0,
            win: 0.0,
            tie: 0.0,
            equity: 0.0,
            hand_types: [0.0; 9],
        }
    }

    pub fn add(&mut self, other: &SeatSums) {
        self.weight += other.weight;
        self.win += other.win;
        self.tie += other.tie;
        self.equity += other.equity;
        for (a, b) in self.hand_types.iter_mut().zip(other.hand_types) {
            *a += b;
        }
    }

    /// The tally of a batch of independent deals of weight 1, each figure with its
    /// deals' squared values (win and tie are 0 or 1, so their squares are themselves).
    pub fn into_deal_tally(self, equity_squares: f64) -> SeatTally {
        let mut t = SeatTally::default();
        t.win.add_deals(self.weight, self.win, self.win);
        t.tie.add_deals(self.weight, self.tie, self.tie);
        t.equity.add_deals(self.weight, self.equity, equity_squares);
        t.hand_types = self.hand_types;
        t
    }

    pub fn into_tally(self) -> SeatTally {
        let mut t = SeatTally::default();
        t.win.add_batch(self.weight, self.win);
        t.tie.add_batch(self.weight, self.tie);
        t.equity.add_batch(self.weight, self.equity);
        t.hand_types = self.hand_types;
        t
    }
}

/// The outcome of a showdown: the best value, how many seats hold it, and the first
/// seat that does. One pass, so a lone winner (the usual case) needs no second.
#[derive(Clone, Copy)]
pub(crate) struct Showdown {
    pub best: HandValue,
    pub winners: u32,
    pub first: usize,
}

impl Showdown {
    #[inline(always)]
    pub fn of(values: &[HandValue]) -> Showdown {
        let (mut best, mut winners, mut first) = (values[0], 1, 0);
        for (i, &v) in values.iter().enumerate().skip(1) {
            if v > best {
                (best, winners, first) = (v, 1, i);
            } else if v == best {
                winners += 1;
            }
        }
        Showdown {
            best,
            winners,
            first,
        }
    }
}

/// Credits a showdown of `values` (one per seat) with weight `w` to `sums`.
#[inline]
pub(crate) fn credit_showdown(values: &[HandValue], w: f64, sums: &mut [SeatSums]) {
    let Showdown { best, winners, .. } = Showdown::of(values);
    let share = w / winners as f64;
    for (seat, &v) in sums.iter_mut().zip(values) {
        seat.weight += w;
        if v == best {
            if winners == 1 {
                seat.win += w;
            } else {
                seat.tie += w;
            }
            seat.equity += share;
            seat.hand_types[v.category() as usize] += w;
        }
    }
}

/// Scales a table of hand types (the chance of winning or tying with each category)
/// to sum to `total`, the win + tie the estimator reports. A plain count already does
/// (up to rounding); where a variance reduction adjusts win and tie (the post-stratified
/// heads-up preflop estimate, the sweep's control variates), the categories keep the
/// plain count's proportions and take the adjusted total, so the table and the
/// figures above it always agree (reference §4).
pub fn rescale_to(hand_types: &mut [f64; 9], total: f64) {
    let sum: f64 = hand_types.iter().sum();
    if sum > 0.0 && total.is_finite() {
        let scale = total.max(0.0) / sum;
        for h in hand_types.iter_mut() {
            *h *= scale;
        }
    }
}

/// One seat's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeatResult {
    /// The seat's share of the pot.
    pub equity: f64,
    /// The seat alone has the best hand.
    pub win: f64,
    /// The seat shares the best hand.
    pub tie: f64,
    /// Standard error of the equity (0 for exact).
    pub equity_se: f64,
    /// Standard error of the win.
    pub win_se: f64,
    /// Standard error of the tie.
    pub tie_se: f64,
    /// Chance the seat wins or ties holding each category (weakest first).
    pub hand_types: [f64; 9],
}

/// A Monte Carlo figure resting on fewer deals than this is "n/a" (reference §4's rule for
/// conditional figures, applied to every figure): a handful of deals is no estimate,
/// and its spread can be 0 (a seat that won none of 14 deals is not 0 ± 0).
pub const MIN_FIGURE_DEALS: u64 = 100;

/// Finished or in-progress figures of a matchup.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchupResult {
    /// Exact or Monte Carlo.
    pub method: Method,
    /// Deals the figures rest on.
    pub deals: u64,
    /// The Monte Carlo seed (`None` for exact).
    pub seed: Option<u64>,
    /// One result per seat, in order.
    pub seats: Vec<SeatResult>,
    /// Why the run stopped, or what holds it back.
    pub status: RunStatus,
    /// Each seat's low figures in hi/lo games (empty in other games).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub low: Vec<LowResult>,
    /// Each board's own figures in a double-board matchup (its half of the pot counted
    /// as a whole; empty otherwise). The seats' figures above are then the whole pot's:
    /// equity its share, win the scoop of both boards.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub boards: Vec<MatchupResult>,
}

impl MatchupResult {
    /// Whether the figures rest on enough deals to be shown (always, when exact);
    /// otherwise every figure is "n/a".
    pub fn has_figures(&self) -> bool {
        match self.method {
            // An exact run stopped before its first class was valued has none.
            Method::Exact => self.deals > 0,
            _ => self.deals >= MIN_FIGURE_DEALS,
        }
    }

    /// Why the figures are "n/a", with the count, when they are (see [`has_figures`]).
    ///
    /// [`has_figures`]: MatchupResult::has_figures
    pub fn figures_not_applicable(&self) -> Option<String> {
        (!self.has_figures()).then(|| {
            if self.method == Method::Exact {
                return "n/a: stopped before any deal was enumerated".to_string();
            }
            format!(
                "n/a: the figures rest on {} deals; at least {MIN_FIGURE_DEALS} are needed",
                self.deals
            )
        })
    }
}

impl MatchupTally {
    /// Fractions with standard errors (0 for exact results).
    pub fn result(&self, method: Method, seed: Option<u64>) -> MatchupResult {
        let se = |e: &FigureEstimate| {
            if method == Method::Exact {
                0.0
            } else {
                e.std_error.unwrap_or(0.0)
            }
        };
        let estimates = self.figure_estimates();
        let seats = self
            .seats
            .iter()
            .zip(&estimates)
            .map(|(s, [e, w, t])| {
                let total = s.equity.n;
                let mut hand_types = [0.0; 9];
                if total > 0.0 {
                    for (h, &x) in hand_types.iter_mut().zip(&s.hand_types) {
                        *h = x / total;
                    }
                }
                let (equity, equity_se) = (e.mean.unwrap_or(0.0), se(e));
                let (win, win_se) = (w.mean.unwrap_or(0.0), se(w));
                let (tie, tie_se) = (t.mean.unwrap_or(0.0), se(t));
                if method != Method::Exact {
                    rescale_to(&mut hand_types, win + tie);
                }
                SeatResult {
                    equity,
                    win,
                    tie,
                    equity_se,
                    win_se,
                    tie_se,
                    hand_types,
                }
            })
            .collect();
        MatchupResult {
            method,
            deals: self.deals,
            seed,
            seats,
            status: RunStatus::default(),
            low: Vec::new(),
            boards: Vec::new(),
        }
    }
}

/// A hi/lo seat's low-side figures.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct LowResult {
    /// The seat alone has the best qualifying low.
    pub low_win: f64,
    /// The seat shares the best qualifying low.
    pub low_tie: f64,
    /// The seat takes the whole pot (high alone, and low alone or no low at all).
    pub scoop: f64,
    /// Standard error of the low win (0 for exact).
    pub low_win_se: f64,
    /// Standard error of the low tie (0 for exact).
    pub low_tie_se: f64,
    /// Standard error of the scoop (0 for exact).
    pub scoop_se: f64,
    /// The seat's share of deals whose low half it wins or ties, by its low's type
    /// ([`crate::eval::HandTypes::EIGHT_LOW`]'s slots); they add up to low win + low tie.
    pub low_types: [f64; 9],
}
