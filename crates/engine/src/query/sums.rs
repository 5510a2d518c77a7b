//! What a count or a draw of deals adds up: the deals and their weight, those meeting
//! the condition, and each selector's weighted sums, extremes and histogram buckets;
//! and when a drawn answer is precise enough.

use super::answer::{Answer, MAX_BUCKETS};
use super::syntax::Aggregate;

/// Adds `weight` to bucket `value`; false when that would make more than
/// [`MAX_BUCKETS`].
pub(super) fn add_to_bucket(buckets: &mut Vec<(f64, f64)>, value: f64, weight: f64) -> bool {
    match buckets.iter().position(|(v, _)| *v == value) {
        Some(i) => buckets[i].1 += weight,
        None if buckets.len() < MAX_BUCKETS => buckets.push((value, weight)),
        None => return false,
    }
    true
}

/// The bucket `x` falls in: itself when whole, else the middle of its tenth.
pub(super) fn bucket_of(x: f64) -> f64 {
    if x.fract() == 0.0 {
        x
    } else {
        // The tenth's middle, so it never meets a whole value's bucket.
        ((x * 10.0).floor() + 0.5) / 10.0
    }
}

/// Whether every average, chance and histogram bucket of `answer` is within `target`
/// (min and max have no error).
pub(super) fn precise(answer: &Answer, target: f64) -> bool {
    answer.figures.iter().all(|f| match f.aggregate {
        // A histogram is read by its buckets' chances, not by its mean.
        Aggregate::Histogram => f.buckets.iter().all(|b| b.chance.std_error <= target),
        _ => f.estimate.is_none_or(|e| e.std_error <= target),
    })
}

/// Sums over deals: their count and weight, those meeting the condition, and each
/// selector's weighted sum, sum of squares, least and greatest value.
#[derive(Clone, Debug)]
pub(super) struct Sums {
    pub(super) deals: u64,
    pub(super) draws: u64,
    pub(super) weight: f64,
    pub(super) kept: u64,
    pub(super) kept_weight: f64,
    pub(super) figures: Vec<FigureSums>,
    /// The first selector whose value was not finite on a deal (the answer is refused).
    pub(super) not_finite: Option<usize>,
    /// The first histogram that met more than [`MAX_BUCKETS`] values (refused too).
    pub(super) too_many_buckets: Option<usize>,
}

#[derive(Clone, Debug)]
pub(super) struct FigureSums {
    pub(super) sum: f64,
    pub(super) squares: f64,
    pub(super) min: f64,
    pub(super) max: f64,
    /// A histogram's buckets and their weights, as met.
    pub(super) buckets: Vec<(f64, f64)>,
}

impl Sums {
    pub(super) fn new(selectors: usize) -> Sums {
        Sums {
            deals: 0,
            draws: 0,
            weight: 0.0,
            kept: 0,
            kept_weight: 0.0,
            not_finite: None,
            too_many_buckets: None,
            figures: vec![
                FigureSums {
                    sum: 0.0,
                    squares: 0.0,
                    min: f64::INFINITY,
                    max: f64::NEG_INFINITY,
                    buckets: Vec::new(),
                };
                selectors
            ],
        }
    }

    pub(super) fn merge(mut self, other: Sums) -> Sums {
        self.deals += other.deals;
        self.draws += other.draws;
        self.weight += other.weight;
        self.kept += other.kept;
        self.kept_weight += other.kept_weight;
        self.not_finite = self.not_finite.or(other.not_finite);
        self.too_many_buckets = self.too_many_buckets.or(other.too_many_buckets);
        for (a, b) in self.figures.iter_mut().zip(other.figures) {
            for (v, w) in b.buckets {
                if !add_to_bucket(&mut a.buckets, v, w) {
                    self.too_many_buckets.get_or_insert(0);
                }
            }
            a.sum += b.sum;
            a.squares += b.squares;
            a.min = a.min.min(b.min);
            a.max = a.max.max(b.max);
        }
        self
    }
}
