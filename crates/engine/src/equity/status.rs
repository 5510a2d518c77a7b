//! Where a run stands, as every result carries it: why it stopped ([`StopRule`]), the
//! figure that keeps a Monte Carlo run going ([`Limiting`]), and an exact run's share
//! done ([`RunStatus`]). Below the engines and their results, so each can name them
//! without naming the run loop (`run`, which re-exports them).

/// Why a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopRule {
    /// Every figure reached its precision target.
    TargetReached,
    /// The deal budget (`--trials`) ran out.
    DealBudget,
    /// The time budget ran out.
    TimeBudget,
    /// Exact enumeration visited every deal.
    ExactDone,
    /// Cancelled (an edit, Stop, Ctrl-C).
    Cancelled,
    /// Too few random deals are valid: the ranges overlap too much to sample.
    Starved,
}

impl StopRule {
    /// Plain words for the status line and the CLI.
    pub fn describe(self) -> &'static str {
        match self {
            StopRule::TargetReached => "precision target reached",
            StopRule::DealBudget => "deal budget used",
            StopRule::TimeBudget => "time budget used",
            StopRule::ExactDone => "exact: every deal visited",
            StopRule::Cancelled => "cancelled",
            StopRule::Starved => {
                "stopped: almost no random deal is valid (the ranges overlap too much to sample)"
            }
        }
    }
}

/// The figure that keeps a Monte Carlo run going: the one furthest from its target.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Limiting {
    /// The figure's name.
    pub figure: &'static str,
    /// The sweep's opponent count, or the matchup's seat (1-based).
    pub opponents: Option<usize>,
    /// The matchup's seat (1-based), for a matchup.
    pub seat: Option<usize>,
    /// `None` while too few batches give an error estimate.
    pub std_error: Option<f64>,
    /// The precision target it must reach.
    pub target: f64,
}

impl std::fmt::Display for Limiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "limited by {}", self.figure)?;
        if let Some(n) = self.opponents {
            write!(f, " at {n} opponent{}", if n == 1 { "" } else { "s" })?;
        }
        if let Some(s) = self.seat {
            write!(f, " of seat {s}")?;
        }
        match self.std_error {
            Some(se) => write!(
                f,
                " ± {:.2}% (target {:.2}%)",
                100.0 * se,
                100.0 * self.target
            ),
            None => write!(f, " (too few deals for an error estimate yet)"),
        }
    }
}

/// Where a run stands: why it stopped, or what holds it back. (An exact run's fraction
/// done travels in its own job message, `worker::JobOutput::ExactProgress`.)
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct RunStatus {
    /// Why the run stopped (`None` while it runs).
    pub stopped: Option<StopRule>,
    /// The figure furthest from its target, while Monte Carlo runs.
    pub limiting: Option<Limiting>,
    /// Why `auto` chose Monte Carlo, when it was for memory (the user would expect
    /// exact work of that size).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// An exact run stopped part-way: the share of its work done (its figures are over
    /// the deals enumerated, a fair sample of classes but not final).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fraction_done: Option<f64>,
}

impl RunStatus {
    /// For an exact enumeration not (yet) finished — still running, or stopped part-way —
    /// the share of it done: its figures are over the deals enumerated so far, not final.
    pub fn partial_exact(&self) -> Option<f64> {
        self.fraction_done.filter(|&f| f < 1.0)
    }

    /// One line: "precision target reached" or "limited by NPot at 9 …".
    pub fn describe(&self) -> String {
        let line = match (self.stopped, &self.limiting, self.fraction_done) {
            (Some(StopRule::Cancelled), _, Some(f)) => format!(
                "stopped after {:.0}% of the exact enumeration (partial, not final)",
                100.0 * f
            ),
            (Some(rule), _, _) => rule.describe().to_string(),
            (None, Some(l), _) => l.to_string(),
            (None, None, _) => "running".to_string(),
        };
        match &self.note {
            Some(note) => format!("{line} · {note}"),
            None => line,
        }
    }
}
