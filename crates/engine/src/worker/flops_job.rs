//! The Flops report as a job: it streams the empty report (the flops and the preflop
//! reference) first, then each batch of finished flops; a stop keeps what is done.

use super::Job;
use crate::equity::flops::report::FlopsReport;
use crate::equity::flops::{preflop_equity, run_flops, FlopResult, FlopsSpec, SampledDeals, Shard};
use crate::equity::run::RunSettings;
use crate::equity::EquityError;

/// The Flops report's question: the spec, and the part of the flops to run.
#[derive(Clone, Debug)]
pub struct FlopsJob {
    /// The ranges, dead cards and game.
    pub spec: FlopsSpec,
    /// Part of the flops (all when `None`).
    pub shard: Option<Shard>,
}

/// What a Flops job streams.
#[derive(Clone, Debug, PartialEq)]
pub enum FlopsUpdate {
    /// The report before any flop is done.
    Start(Box<FlopsReport>),
    /// Flops just finished (a sampled report: every flop's figures so far, and how
    /// many deals they rest on).
    Batch(Vec<FlopResult>, Option<SampledDeals>),
}

impl FlopsJob {
    fn flops_to_run(&self) -> usize {
        let (_, flops) = self.spec.flops();
        (0..flops.len())
            .filter(|&p| self.shard.is_none_or(|s| s.holds(p)))
            .count()
    }
}

impl Job for FlopsJob {
    type Update = FlopsUpdate;
    type Output = FlopsReport;

    /// Refused past the time bound or the run's memory budget, with the estimate.
    fn check_affordable(&self, settings: &RunSettings, threads: usize) -> Result<f64, EquityError> {
        let flops = self.flops_to_run();
        crate::equity::flops::check_cost(&self.spec, flops, threads)?;
        let work = crate::equity::flops::estimated_work(&self.spec, flops);
        let bytes = crate::equity::flops::estimated_bytes(&self.spec, flops, threads);
        if bytes > settings.memory_budget as f64 {
            return Err(EquityError::TooMuchMemory {
                bytes,
                budget: settings.memory_budget,
            });
        }
        Ok(work)
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(FlopsUpdate) -> bool,
    ) -> Result<FlopsReport, EquityError> {
        let threads = rayon::current_num_threads();
        let mut report = FlopsReport::new(&self.spec);
        let flops = self.flops_to_run();
        report.estimate = Some(crate::equity::flops::report::Estimate {
            seconds: crate::equity::run::exact_seconds(
                crate::equity::flops::estimated_work(&self.spec, flops),
                crate::equity::run::EVALUATIONS_PER_SECOND,
                threads,
            ),
            bytes: crate::equity::flops::estimated_bytes(&self.spec, flops, threads),
        });
        // A part has no check line of its own: the merge computes it.
        if self.shard.is_none() {
            report.preflop = Some(
                preflop_equity(&self.spec, &settings.control, threads).map_err(|e| e.to_string()),
            );
        }
        if !update(FlopsUpdate::Start(Box::new(report.clone()))) {
            return Ok(report);
        }
        let (results, sampled) = run_flops(
            &self.spec,
            self.shard,
            &settings.control,
            threads,
            &mut |b, deals| update(FlopsUpdate::Batch(b.to_vec(), deals)),
        )?;
        report.add(results).map_err(EquityError::Internal)?;
        report.sampled = sampled;
        Ok(report)
    }

    fn collect(so_far: &mut Option<FlopsReport>, update: FlopsUpdate, _: u64) {
        match update {
            FlopsUpdate::Start(report) => *so_far = Some(*report),
            FlopsUpdate::Batch(results, sampled) => {
                if let Some(report) = so_far {
                    // Results come from this report's own flop list.
                    let _ = report.add(results);
                    report.sampled = sampled;
                }
            }
        }
    }
}
