//! Mergeable statistics for Monte Carlo batches: means with honest standard errors.

/// Standard errors from the spread of batch means are trusted from this many batches on.
pub const MIN_BATCHES: u32 = 32;
/// Standard errors from every deal's own spread (independent deals) are trusted from
/// this many batches on (16,384 deals), given enough deals for the target too (see
/// `BatchStat::batches_needed`).
pub const MIN_DEAL_BATCHES: u32 = 4;

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
///
/// A figure may also carry a control variate ([`BatchStat::add_controlled_deals`]): a
/// second value x of every deal whose exact mean is known. The estimate is then
/// ȳ − β(x̄ − E(x)) with β fitted from the deals (the regression of y on x), and its
/// standard error comes from what x leaves unexplained: the more y follows x, the
/// fewer deals reach a target.
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
    /// The control variate's sums, over the batches that gave them.
    control: ControlSums,
    /// Batches that gave a control variate.
    control_batches: u32,
}

/// Sums of a control variate x over a figure's deals: Σx, Σx², Σxy, and x's exact mean.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ControlSums {
    /// The exact mean of x (the same in every batch of a run).
    pub mean: f64,
    /// Σx.
    pub x: f64,
    /// Σx².
    pub xx: f64,
    /// Σxy, y the figure's value in the deal.
    pub xy: f64,
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

    /// [`BatchStat::add_deals`] with the deals' control variate sums (`control.mean`
    /// is x's exact mean, the same for every batch).
    pub fn add_controlled_deals(&mut self, n: f64, s: f64, squares: f64, control: ControlSums) {
        if n <= 0.0 {
            return;
        }
        self.add_deals(n, s, squares);
        self.control.add(&control);
        self.control.mean = control.mean;
        self.control_batches += 1;
    }

    /// Adds another batch's sums.
    pub fn merge(&mut self, other: &BatchStat) {
        if other.control_batches > 0 {
            self.control.add(&other.control);
            self.control.mean = other.control.mean;
            self.control_batches += other.control_batches;
        }
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
        if let Some(fit) = self.control_fit() {
            return Some(fit.mean);
        }
        (self.n > 0.0).then(|| self.s / self.n)
    }

    /// Whether the estimate is the control variate's fit (not the plain mean).
    pub(crate) fn is_controlled(&self) -> bool {
        self.control_fit().is_some()
    }

    /// The same sums without the control variate: the plain mean and its error.
    pub(crate) fn without_control(&self) -> BatchStat {
        BatchStat {
            control_batches: 0,
            ..*self
        }
    }

    /// The control variate's fit, when every batch gave one and x varied.
    fn control_fit(&self) -> Option<ControlFit> {
        let n = self.n;
        if self.control_batches == 0
            || self.control_batches != self.batches
            || self.deal_batches != self.batches
            || n <= 2.0
        {
            return None;
        }
        let c = &self.control;
        let sxx = c.xx - c.x * c.x / n;
        // x constant (or nearly): nothing to regress on.
        if sxx <= 1e-9 * n {
            return None;
        }
        let sxy = c.xy - c.x * self.s / n;
        let syy = (self.deal_squares - self.s * self.s / n).max(0.0);
        let unexplained = syy - sxy * sxy / sxx;
        // y a straight function of x in every deal seen: the fit would claim no error
        // at all, which a sample cannot show (a rare value of x may not have come up),
        // so the plain estimate and its error stand.
        if unexplained <= 1e-9 * syy {
            return None;
        }
        let beta = sxy / sxx;
        let mean = self.s / n - beta * (c.x / n - c.mean);
        let residual = unexplained / (n - 2.0);
        Some(ControlFit {
            // The figures are probabilities: a correction never takes one outside them.
            mean: mean.clamp(0.0, 1.0),
            std_error: (residual / n).sqrt(),
        })
    }

    /// Batches this figure's standard error must rest on before a run may stop on it
    /// at `target`. An error from batch means needs [`MIN_BATCHES`] of them. An error
    /// from every deal (independent deals) is sound far sooner — [`MIN_DEAL_BATCHES`] —
    /// but a figure whose event was never seen has a sample error of 0: so also enough
    /// deals n that such a figure's true error is under the target (never seen in n
    /// deals, its chance is below 3/n at 95 %, so its error below √3/n).
    pub fn batches_needed(&self, target: f64) -> u32 {
        if self.batches == 0 || self.deal_batches < self.batches {
            return MIN_BATCHES;
        }
        let deals_needed = 3f64.sqrt() / target.max(1e-9);
        let deals_per_batch = self.n / self.batches as f64;
        let batches = (deals_needed / deals_per_batch).ceil().min(u32::MAX as f64) as u32;
        batches.max(MIN_DEAL_BATCHES)
    }

    /// Standard error of [`BatchStat::mean`]: from the deals' spread when every batch
    /// holds independent deals, else from the batch-to-batch spread (`None` before two
    /// batches).
    pub fn std_error(&self) -> Option<f64> {
        let b = self.batches as f64;
        if self.n <= 0.0 {
            return None;
        }
        if let Some(fit) = self.control_fit() {
            return Some(fit.std_error);
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

/// A controlled figure's estimate and standard error.
struct ControlFit {
    mean: f64,
    std_error: f64,
}

impl ControlSums {
    /// Adds another batch's sums (x's mean is the run's, set by the caller).
    fn add(&mut self, o: &ControlSums) {
        self.x += o.x;
        self.xx += o.xx;
        self.xy += o.xy;
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

    /// An error from every deal is trusted after 4 batches, or after enough deals that
    /// a figure never seen would have an error under the target (√3/target deals); an
    /// error from batch means after 32 batches, whatever the target.
    #[test]
    fn errors_from_deals_are_trusted_sooner_than_from_batch_means() {
        let mut deals = BatchStat::default();
        let mut means = BatchStat::default();
        for _ in 0..4 {
            deals.add_deals(4096.0, 2048.0, 2048.0);
            means.add_batch(4096.0, 2048.0);
        }
        assert_eq!(deals.batches_needed(0.005), MIN_DEAL_BATCHES);
        assert_eq!(deals.batches_needed(0.0005), MIN_DEAL_BATCHES);
        // √3 / 1e-5 = 173,206 deals: 43 batches of 4,096.
        assert_eq!(deals.batches_needed(1e-5), 43);
        assert_eq!(means.batches_needed(0.005), MIN_BATCHES);
        assert_eq!(means.batches_needed(1e-5), MIN_BATCHES);
        // One batch without its deals' squares: batch means for all.
        deals.add_batch(4096.0, 2048.0);
        assert_eq!(deals.batches_needed(0.005), MIN_BATCHES);
        assert_eq!(BatchStat::default().batches_needed(0.005), MIN_BATCHES);
    }

    /// The controlled estimate is the textbook regression one, computed here directly:
    /// ȳ − β(x̄ − μ) with β = Sxy/Sxx, standard error √(residual variance / n) with n − 2
    /// degrees of freedom; batches merged in any order give the same.
    #[test]
    fn a_control_variate_gives_the_regression_estimate() {
        let ys = [1.0, 0.0, 1.0, 1.0, 0.5, 0.0, 1.0, 0.0, 1.0, 1.0];
        let xs = [1.0, 0.5, 1.0, 0.5, 0.75, 0.0, 1.0, 0.5, 1.0, 0.5];
        let mu = 0.7;
        let n = ys.len() as f64;
        let (my, mx) = (ys.iter().sum::<f64>() / n, xs.iter().sum::<f64>() / n);
        let sxy: f64 = ys.iter().zip(&xs).map(|(y, x)| (y - my) * (x - mx)).sum();
        let sxx: f64 = xs.iter().map(|x| (x - mx).powi(2)).sum();
        let syy: f64 = ys.iter().map(|y| (y - my).powi(2)).sum();
        let beta = sxy / sxx;
        let mean = my - beta * (mx - mu);
        let se = ((syy - sxy * sxy / sxx) / (n - 2.0) / n).sqrt();
        let batch = |range: std::ops::Range<usize>| {
            let mut stat = BatchStat::default();
            let (y, x) = (&ys[range.clone()], &xs[range]);
            stat.add_controlled_deals(
                y.len() as f64,
                y.iter().sum(),
                y.iter().map(|v| v * v).sum(),
                ControlSums {
                    mean: mu,
                    x: x.iter().sum(),
                    xx: x.iter().map(|v| v * v).sum(),
                    xy: y.iter().zip(x).map(|(a, b)| a * b).sum(),
                },
            );
            stat
        };
        let (mut a, b) = (batch(0..4), batch(4..10));
        let mut ba = b;
        ba.merge(&a);
        a.merge(&b);
        for stat in [a, ba] {
            assert!((stat.mean().unwrap() - mean).abs() < 1e-12);
            assert!((stat.std_error().unwrap() - se).abs() < 1e-12);
        }
        // The residual spread is below the plain one: x explains part of y.
        let plain = (syy / (n - 1.0) / n).sqrt();
        assert!(se < plain, "{se} vs {plain}");
        // y a straight function of x in every deal (here y = 2x − 1): no error is
        // claimed, the plain estimate stands.
        let mut exact_line = BatchStat::default();
        exact_line.add_controlled_deals(
            4.0,
            2.0,
            2.0,
            ControlSums {
                mean: 0.7,
                x: 3.0,
                xx: 2.5,
                xy: 2.0,
            },
        );
        assert_eq!(exact_line.mean(), Some(0.5));
        let plain_line = ((2.0 - 1.0) / 3.0 / 4.0_f64).sqrt();
        assert!((exact_line.std_error().unwrap() - plain_line).abs() < 1e-12);
        // A batch without the control: back to the plain deals' estimate.
        let mut mixed = a;
        mixed.add_deals(2.0, 1.0, 1.0);
        assert!((mixed.mean().unwrap() - (a.s + 1.0) / (n + 2.0)).abs() < 1e-12);
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
