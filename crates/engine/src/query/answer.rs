//! A statement's answer: how it was reached (exact or Monte Carlo, the deals, why it
//! stopped), the `where` condition's probability and each selector's figure, with a
//! histogram's buckets.

use super::syntax::Aggregate;
use crate::equity::run::StopRule;
use crate::equity::Method;

/// A value and its standard error (0 when counted exactly).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The value.
    pub value: f64,
    /// Its standard error.
    pub std_error: f64,
}

/// One selector's answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Figure {
    /// Its name (`as` name, or the selector as written).
    pub name: String,
    /// How it folds its expression.
    #[serde(serialize_with = "aggregate_key")]
    pub aggregate: Aggregate,
    /// Its value and error; `None` when no deal meets the condition (a histogram's is
    /// its mean).
    pub estimate: Option<Estimate>,
    /// A histogram's buckets, lowest value first (empty for the other selectors).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub buckets: Vec<Bucket>,
}

/// One bucket of a histogram: the value (a whole value itself; other values by the
/// tenth they fall in, `0.35` for [0.3, 0.4)) and the chance of a deal landing in it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Bucket {
    /// The value, or the middle of the tenth.
    pub value: f64,
    /// Its name: a hand type, flop category or rank by name, a number, or `[0.3, 0.4)`.
    pub label: String,
    /// The chance of it.
    pub chance: Estimate,
}

/// The most buckets a histogram keeps: more is a figure no one reads.
pub const MAX_BUCKETS: usize = 200;

fn aggregate_key<S: serde::Serializer>(a: &Aggregate, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(a.key())
}

/// A statement's answer.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Answer {
    /// The game.
    pub game: &'static str,
    /// Exact or Monte Carlo.
    pub method: Method,
    /// Deals counted or drawn (exact: every deal and board, with its weight).
    pub deals: u64,
    /// Why it stopped (when `running`, what it would be if it stopped now).
    pub stopped: StopRule,
    /// A Monte Carlo answer streamed while the run goes on: its figures are not final.
    pub running: bool,
    /// The `where` condition's own probability (none without a condition).
    pub condition: Option<Estimate>,
    /// Each selector's answer, in order.
    pub figures: Vec<Figure>,
}

impl Answer {
    /// An exact count stopped before its end: its figures are over the deals counted,
    /// not final (shown as PARTIAL).
    pub fn stopped_early(&self) -> bool {
        self.method == Method::Exact && self.stopped != StopRule::ExactDone
    }
}
