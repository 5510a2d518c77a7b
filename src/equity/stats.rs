//! Mergeable statistics for Monte Carlo batches: means with honest standard errors.

/// Sums over batches of (deals n_b, sum s_b) for one figure. The estimate is the ratio
/// Σs/Σn; its standard error comes from the spread of the batch means (the ratio
/// estimator's variance), so batches may hold different numbers of deals. Merging is
/// addition, so the result does not depend on which thread ran which batch.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BatchStat {
    pub batches: u32,
    pub n: f64,
    pub s: f64,
    nn: f64,
    ss: f64,
    sn: f64,
}

impl BatchStat {
    /// Adds one batch: `n` deals (or their weight) whose figure sums to `s`.
    pub fn add_batch(&mut self, n: f64, s: f64) {
        if n <= 0.0 {
            return;
        }
        self.batches += 1;
        self.n += n;
        self.s += s;
        self.nn += n * n;
        self.ss += s * s;
        self.sn += s * n;
    }

    pub fn merge(&mut self, other: &BatchStat) {
        self.batches += other.batches;
        self.n += other.n;
        self.s += other.s;
        self.nn += other.nn;
        self.ss += other.ss;
        self.sn += other.sn;
    }

    /// The estimate, or `None` with no deal.
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0.0).then(|| self.s / self.n)
    }

    /// Standard error of [`BatchStat::mean`] from the batch-to-batch spread; `None`
    /// before two batches.
    pub fn std_error(&self) -> Option<f64> {
        let b = self.batches as f64;
        if self.batches < 2 || self.n <= 0.0 {
            return None;
        }
        let r = self.s / self.n;
        let sum_sq = (self.ss - 2.0 * r * self.sn + r * r * self.nn).max(0.0);
        let mean_n = self.n / b;
        Some((sum_sq / (b - 1.0)).sqrt() / (mean_n * b.sqrt()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_batches_give_the_classic_standard_error() {
        let means = [0.4, 0.6, 0.5, 0.3, 0.7];
        let mut stat = BatchStat::default();
        for m in means {
            stat.add_batch(100.0, m * 100.0);
        }
        let mean = means.iter().sum::<f64>() / 5.0;
        let var = means.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / 4.0;
        assert!((stat.mean().unwrap() - mean).abs() < 1e-12);
        assert!((stat.std_error().unwrap() - (var / 5.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn merge_is_order_free() {
        let mut a = BatchStat::default();
        let mut b = BatchStat::default();
        a.add_batch(10.0, 3.0);
        b.add_batch(12.0, 5.0);
        let mut ab = a;
        ab.merge(&b);
        let mut ba = b;
        ba.merge(&a);
        assert_eq!(ab, ba);
        assert_eq!(BatchStat::default().mean(), None);
    }
}
