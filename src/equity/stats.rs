//! Mergeable statistics for Monte Carlo batches: means with honest standard errors.

/// Sums over batches of (deals n_b, sum s_b) for one figure. The estimate is the ratio
/// Σs/Σn; its standard error comes from the spread of the batch means (the ratio
/// estimator's variance), so batches may hold different numbers of deals. Merging is
/// addition, so the result does not depend on which thread ran which batch.
///
/// When every batch also brings the sum of its deals' squared values
/// ([`BatchStat::add_deals`]: deals drawn independently, each weighing 1), the standard
/// error is the textbook one of independent draws, √(sample variance / deals): it rests
/// on every deal rather than on a few hundred batch means, so it wobbles far less and a
/// run stops where its true error reaches the target, not where a noisy estimate first
/// dips below it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BatchStat {
    /// Batches merged in.
    pub batches: u32,
    /// Total weight (deals, for Monte Carlo).
    pub n: f64,
    /// Weighted sum of the figure.
    pub s: f64,
    nn: f64,
    ss: f64,
    sn: f64,
    /// Σ of the deals' squared values, over the batches that gave it.
    deal_squares: f64,
    /// Batches that gave their deals' squares.
    deal_batches: u32,
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

    /// Adds one batch of `n` independent deals of weight 1 whose values sum to `s` and
    /// whose squared values sum to `squares`.
    pub fn add_deals(&mut self, n: f64, s: f64, squares: f64) {
        if n <= 0.0 {
            return;
        }
        self.add_batch(n, s);
        self.deal_squares += squares;
        self.deal_batches += 1;
    }

    /// Adds another batch's sums.
    pub fn merge(&mut self, other: &BatchStat) {
        self.deal_squares += other.deal_squares;
        self.deal_batches += other.deal_batches;
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

    /// Standard error of [`BatchStat::mean`]: from the deals' spread when every batch
    /// holds independent deals, else from the batch-to-batch spread (`None` before two
    /// batches).
    pub fn std_error(&self) -> Option<f64> {
        let b = self.batches as f64;
        if self.n <= 0.0 {
            return None;
        }
        let r = self.s / self.n;
        // Independent deals: the spread of the deals themselves, from one batch on
        // (a deal budget of 1,000 deals is one short batch).
        if self.deal_batches == self.batches && self.n > 1.0 {
            let variance = (self.deal_squares / self.n - r * r).max(0.0) * self.n / (self.n - 1.0);
            return Some((variance / self.n).sqrt());
        }
        if self.batches < 2 {
            return None;
        }
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
    fn independent_deals_give_the_sample_standard_error() {
        // Deals of values 1, 0, 0.5, 1 and 0, 1 in two batches.
        let values = [1.0, 0.0, 0.5, 1.0, 0.0, 1.0];
        let mut stat = BatchStat::default();
        for batch in values.chunks(3) {
            let s: f64 = batch.iter().sum();
            let squares: f64 = batch.iter().map(|x| x * x).sum();
            stat.add_deals(batch.len() as f64, s, squares);
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        assert!((stat.mean().unwrap() - mean).abs() < 1e-12);
        assert!((stat.std_error().unwrap() - (var / n).sqrt()).abs() < 1e-12);
        // One batch without squares: back to the batch means for all.
        let mut mixed = stat;
        mixed.add_batch(3.0, 1.5);
        let mut batch_means = BatchStat::default();
        for batch in values.chunks(3) {
            batch_means.add_batch(batch.len() as f64, batch.iter().sum());
        }
        batch_means.add_batch(3.0, 1.5);
        assert_eq!(mixed.std_error(), batch_means.std_error());
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
