//! The equity engine (reference §4–§5): deals, exact enumeration, unbiased Monte Carlo,
//! the MultiOdds sweep metrics and outs. Pure library code: no GUI types, no threads
//! of its own beyond rayon's pool.
//!
//! - [`Matchup`] (in `matchup`): 2–23 seats, each a weighted range, plus board and dead
//!   cards; what a deal adds up to and the results, in `tally`.
//! - [`exact`]: visits every deal (suit symmetry where it applies; three or more seats
//!   by canonical preflop, in `preflops`).
//! - [`monte_carlo`]: batches of sampled deals (alias tables, joined combinations);
//!   batch `i` depends only on (scenario, seed, i), so results do not depend on the
//!   thread count.
//! - [`sweep`]: hero against 1–22 opponents (1–9 by default) from one range, every metric at once.

pub mod breakdown;
pub mod by_combo;
pub mod chart;
mod deals;
pub mod exact;
mod flop_heads_up;
pub mod flops;
pub mod games;
pub mod holdem_heads_up;
mod matchup;
pub mod memory;
pub mod metrics;
pub mod monte_carlo;
pub mod outs;
pub mod preflop_table;
mod preflops;
pub mod range_analysis;
pub mod rank_hits;
pub mod resume;
pub mod run;
pub mod stats;
pub mod status;
pub mod sweep;
pub mod symmetry;
pub mod table_csv;
mod tally;

use crate::cards::{Card, Game};
pub use exact::preflop_equity_table;
pub(crate) use matchup::check_known_hand;
pub use matchup::{
    check_board, exists_deal, seat_name, too_few_cards, Feasibility, Matchup, SeatCombos,
};
use std::fmt;
pub(crate) use tally::{credit_showdown, SeatSums, Showdown};
pub use tally::{
    rescale_to as rescale_hand_types, MatchupResult, MatchupTally, SeatResult, SeatTally,
    MIN_FIGURE_DEALS,
};
use thiserror::Error;

/// A run's controls, shared between whoever starts a run and the run itself: its
/// **cancel flag** (runs check it once per board, deal or batch and return early, with
/// partial sums, once it is set) and its **progress counters** ([`RunProgress`]: the
/// exact work done and the Monte Carlo batches finished, which let whoever started it
/// report the fraction done and see that a cancelled run really stopped).
#[derive(Clone, Debug, Default)]
pub struct RunControl {
    cancelled: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// A child's parent's flag: cancelling the parent cancels the child too.
    parent: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    progress: std::sync::Arc<RunProgress>,
    /// What an earlier stopped exact run of the same question left to resume.
    resume: Option<std::sync::Arc<resume::ExactResume>>,
}

impl RunControl {
    /// A flag not set, counters at zero.
    pub fn new() -> RunControl {
        RunControl::default()
    }

    /// Asks the run to stop.
    pub fn cancel(&self) {
        self.cancelled
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether the run was asked to stop (or its parent was).
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(std::sync::atomic::Ordering::Relaxed)
            || self
                .parent
                .as_ref()
                .is_some_and(|p| p.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// A control for part of this run (a sweep's exact points beside its Monte Carlo
    /// run): cancelled with this one, or on its own without stopping the rest; its
    /// progress counts into this one's.
    pub fn child(&self) -> RunControl {
        RunControl {
            cancelled: Default::default(),
            parent: Some(self.cancelled.clone()),
            progress: self.progress.clone(),
            resume: None,
        }
    }

    /// This control resuming what `resume` carries (the run holds it with
    /// [`resume::ExactResume::acquire`]). Only a top-level exact matchup run takes it.
    pub fn with_resume(
        mut self,
        resume: Option<std::sync::Arc<resume::ExactResume>>,
    ) -> RunControl {
        self.resume = resume;
        self
    }

    /// The ledger of a resumable run.
    pub fn resume(&self) -> Option<&resume::ExactResume> {
        self.resume.as_deref()
    }

    /// The same flag and progress without the ledger: for work inside a run that
    /// enumerates several times (each folded deal), whose units would be confused.
    pub fn without_resume(&self) -> RunControl {
        RunControl {
            resume: None,
            ..self.clone()
        }
    }

    /// The units this run skips and marks.
    pub(crate) fn units(&self) -> resume::Units<'_> {
        resume::Units::of(self.resume())
    }

    /// The run's progress counters.
    #[inline]
    pub fn progress(&self) -> &RunProgress {
        &self.progress
    }
}

impl PartialEq for RunControl {
    fn eq(&self, other: &RunControl) -> bool {
        std::sync::Arc::ptr_eq(&self.cancelled, &other.cancelled)
    }
}

/// How far a run has come: the exact work it has done and the Monte Carlo batches it
/// has finished.
#[derive(Debug, Default)]
pub struct RunProgress {
    work_done: std::sync::atomic::AtomicU64,
    batches: std::sync::atomic::AtomicU64,
}

impl RunProgress {
    /// Counts `evaluations` of exact work as done (called once per board or deal, not
    /// per evaluation, so the shared counter stays cheap).
    #[inline]
    pub fn add_work(&self, evaluations: u64) {
        self.work_done
            .fetch_add(evaluations, std::sync::atomic::Ordering::Relaxed);
    }

    /// Counts one finished Monte Carlo batch.
    pub fn count_batch(&self) {
        self.batches
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// Monte Carlo batches finished so far.
    pub fn batches(&self) -> u64 {
        self.batches.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Evaluations of exact work done so far.
    pub fn work_done(&self) -> u64 {
        self.work_done.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Steps the deal-existence search may take (milliseconds).
pub const DEAL_SEARCH_BUDGET: u64 = 2_000_000;

/// Most opponents in a sweep: every seat of the largest matchup but the hero's (22
/// opponents and the hero hold 46 cards, a board 5 more).
pub const MAX_OPPONENTS: usize = MAX_SEATS - 1;

/// "about 3 hours", "about 40 s": a duration for messages.
pub fn describe_duration(seconds: f64) -> String {
    const YEAR: f64 = 365.25 * 86_400.0;
    if !seconds.is_finite() {
        "forever".to_string()
    } else if seconds >= 1e6 * YEAR {
        format!("about {:.1e} years", seconds / YEAR)
    } else if seconds >= 2.0 * YEAR {
        format!("about {:.0} years", seconds / YEAR)
    } else if seconds >= 2.0 * 86_400.0 {
        format!("about {:.0} days", seconds / 86_400.0)
    } else if seconds >= 2.0 * 3600.0 {
        format!("about {:.0} hours", seconds / 3600.0)
    } else if seconds >= 120.0 {
        format!("about {:.0} minutes", seconds / 60.0)
    } else {
        format!("about {seconds:.0} s")
    }
}

/// Most seats in a Hold'em matchup: 23 hands and a 5-card board use 51 of the 52 cards
/// (the game's own limit, [`crate::cards::Game::max_seats`], read here, not restated).
pub const MAX_SEATS: usize = crate::cards::Game::HOLDEM.max_seats();

/// Why a scenario cannot be computed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum EquityError {
    /// Fewer than two or more than the deck allows.
    #[error("a matchup needs 2 to {MAX_SEATS} seats, got {0}")]
    SeatCount(usize),
    /// More than five board cards.
    #[error("the board holds at most 5 cards, got {0}")]
    BoardTooLong(usize),
    /// A card given in two places.
    #[error(
        "{card} is in {} and in {}",
        crate::cards::the_place(first),
        crate::cards::the_place(second)
    )]
    CardTwice {
        /// The card.
        card: Card,
        /// Where it was first.
        first: String,
        /// Where it was again.
        second: String,
    },
    /// A seat whose every combo is blocked.
    #[error("{seat}: every hand of the range is blocked by the board, the dead cards or another seat's known hand")]
    EmptySeat {
        /// The seat, as the caller names it.
        seat: String,
    },
    /// No deal exists (why).
    #[error("no deal exists: the seats' ranges cannot all be dealt at once ({0})")]
    Impossible(String),
    /// Too few cards left for the seats (which).
    #[error("not enough cards left to deal {0}")]
    NotEnoughCards(String),
    /// An opponent count outside 1 to [`MAX_OPPONENTS`].
    #[error("the opponent count must be 1 to {max}, got {0}", max = MAX_OPPONENTS)]
    OpponentCount(usize),
    #[error(
        "exact enumeration would take {} on {threads} core{}; use Monte Carlo or narrow the ranges",
        describe_duration(*seconds),
        if *threads == 1 { "" } else { "s" }
    )]
    /// Exact work over the time bound: its estimate and the threads it would have.
    TooLarge {
        /// The estimated time.
        seconds: f64,
        /// The threads it was estimated for.
        threads: usize,
    },
    #[error(
        "exact enumeration would need {} of memory, over the {} budget; use Monte Carlo, narrow the ranges or raise the memory budget",
        memory::describe_bytes(*bytes),
        memory::describe_budget(*budget)
    )]
    /// Exact work over the memory budget: its estimate and the budget.
    TooMuchMemory {
        /// The estimated peak.
        bytes: f64,
        /// The run's budget.
        budget: u64,
    },
    /// A seat count the game's deck cannot deal.
    #[error(
        "{game} deals 2 to {max} seats (hole cards × seats + 5 board cards ≤ the deck), got {got}"
    )]
    SeatsForGame {
        /// The game.
        game: Game,
        /// Its most seats.
        max: usize,
        /// The seats given.
        got: usize,
    },
    /// A card the game's deck does not have (a 5 in short deck).
    #[error("{card} in the {place} is not dealt in {game} (its deck is {})", game.deck_words())]
    NotInDeck {
        /// The card.
        card: Card,
        /// Where it was given.
        place: String,
        /// The game.
        game: Game,
    },
    /// Exact work a game does not offer for this question (why, and what to use).
    #[error("{0}")]
    ExactNotOffered(String),
    /// A fault inside the engine (a panic caught in a job).
    #[error("internal error in the engine ({0}); the rest of the program goes on")]
    Internal(String),
    /// A question the engine does not answer yet (a game or seat count a report does not
    /// take), with what it does answer.
    #[error("{0}")]
    Unsupported(String),
    /// A seat the question cannot hold (a draw keeping more cards than a hand has), named.
    #[error("{0}")]
    BadSeat(String),
    /// Folded seats given with two boards (each board's showdown is its own: the folded
    /// cards' bunching is not modelled there).
    #[error("folded seats are not taken with two boards")]
    FoldedWithTwoBoards,
}

/// How results were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, Default)]
pub enum Method {
    /// Exact when affordable, otherwise Monte Carlo.
    #[default]
    Auto,
    /// Every deal visited.
    Exact,
    /// Deals sampled, with standard errors.
    MonteCarlo,
}

impl Method {
    /// The JSON name (`exact`, `monte_carlo`, `auto`).
    pub fn key(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Exact => "exact",
            Method::MonteCarlo => "monte_carlo",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Auto => "auto",
            Method::Exact => "exact",
            Method::MonteCarlo => "Monte Carlo",
        })
    }
}

/// A range's equity buckets: the share of the range whose equity is 0–25 %, 25–50 %,
/// 50–75 % and 75–100 % (a quarter's lower end inside it, 100 % in the last), from each
/// hand's (share, equity). The Range view, `breakdown` and the Flops report read it.
pub fn equity_buckets(hands: impl IntoIterator<Item = (f64, f64)>) -> [f64; 4] {
    let mut buckets = [0.0; 4];
    for (share, equity) in hands {
        buckets[((equity * 4.0) as usize).min(3)] += share;
    }
    buckets
}

/// The number of ways to choose `k` of `n`.
pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// How the Range view names its seats in messages: the range analysed is "range", the
/// others "seat 2", "seat 3", ….
pub fn range_seat_name(i: usize) -> String {
    if i == 0 {
        "range".to_string()
    } else {
        format!("seat {}", i + 1)
    }
}

/// Why a part of the range analysis's answer is n/a (the Range view's, `breakdown`'s,
/// `runouts`'): work past the exact bound says to narrow the ranges (the analysis is
/// exact only; a matchup offers Monte Carlo for the whole ranges).
pub fn range_view_message(e: &EquityError) -> String {
    match e {
        EquityError::TooLarge { seconds, threads } => format!(
            "exact analysis would take {} on {threads} core{}; narrow the ranges (the range \
             analysis is exact only; a matchup estimates whole ranges by Monte Carlo)",
            describe_duration(*seconds),
            if *threads == 1 { "" } else { "s" }
        ),
        other => other.to_string(),
    }
}
