//! Streaming overhead: the same Monte Carlo sweep run directly on a rayon pool and
//! through the job manager (progress messages over a channel), five times each.
//!
//! Usage: cargo run --release --example streaming_overhead

use multiodds::cards::CardSet;
use multiodds::equity::run::{run_sweep, RunSettings};
use multiodds::equity::sweep::Sweep;
use multiodds::equity::Method;
use multiodds::range::HandRange;
use multiodds::worker::{Event, JobManager};
use std::time::{Duration, Instant};

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let sweep = Sweep::new(
        HandRange::parse("AsKs").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=9,
    )
    .unwrap();
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.0005,
        potential_target_se: None,
        ..RunSettings::default()
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let direct: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            pool.install(|| run_sweep(&sweep, &settings, |_| true));
            start.elapsed()
        })
        .collect();
    let manager = JobManager::new(Some(2)).unwrap();
    let streamed: Vec<Duration> = (0..5)
        .map(|_| {
            let start = Instant::now();
            let mut running = manager.start(
                multiodds::equity::games::SweepJob::from(sweep.clone()),
                settings.clone(),
            );
            while let Some(m) = running.recv_timeout(Duration::from_secs(60)) {
                if matches!(m.event, Event::Finished(..)) {
                    break;
                }
            }
            start.elapsed()
        })
        .collect();
    let (d, s) = (median(direct), median(streamed));
    println!(
        "direct {:.1} ms, through the job manager {:.1} ms, overhead {:+.1}%",
        d.as_secs_f64() * 1e3,
        s.as_secs_f64() * 1e3,
        100.0 * (s.as_secs_f64() / d.as_secs_f64() - 1.0)
    );
}
