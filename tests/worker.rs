//! The job manager: streaming, cancellation, determinism, stopping rules, clean drop.

use multiodds::cards::CardSet;
use multiodds::equity::run::RunSettings;
use multiodds::equity::sweep::Sweep;
use multiodds::equity::{Matchup, Method};
use multiodds::range::HandRange;
use multiodds::worker::{Job, JobManager, JobOutput, Progress, Slot, StopReason};
use std::time::Duration;

fn sweep_job(hero: &str) -> Job {
    Job::Sweep(
        Sweep::new(
            HandRange::parse(hero).unwrap(),
            HandRange::random(),
            CardSet::EMPTY,
            CardSet::EMPTY,
            1..=9,
        )
        .unwrap(),
    )
}

fn mc(target_se: f64, max_deals: u64, seed: u64) -> RunSettings {
    RunSettings {
        method: Method::MonteCarlo,
        target_se,
        max_deals,
        seed,
        ..RunSettings::default()
    }
}

/// Waits for the final message of the current job in `slot`.
fn finish(manager: &mut JobManager) -> Progress {
    loop {
        let p = manager
            .recv_timeout(Duration::from_secs(60))
            .expect("a message within a minute");
        if p.stopped.is_some() {
            return p;
        }
    }
}

#[test]
fn streams_improving_estimates_then_a_final_result() {
    let mut manager = JobManager::new(Some(2)).unwrap();
    let handle = manager.submit(Slot(50), sweep_job("AKs"), mc(0.002, 50_000_000, 3));
    let mut messages = 0;
    let mut last_deals = 0;
    loop {
        let p = manager.recv_timeout(Duration::from_secs(60)).unwrap();
        assert_eq!(p.generation, handle.generation);
        let JobOutput::Sweep(r) = &p.output else {
            panic!("sweep output")
        };
        let deals = r.points[0].deals;
        assert!(deals >= last_deals, "estimates only grow");
        last_deals = deals;
        messages += 1;
        if let Some(reason) = p.stopped {
            assert_eq!(reason, StopReason::Finished);
            // Stopped at the precision target, after at least 32 batches.
            let worst = r
                .points
                .iter()
                .map(|p| p.std_error.equity)
                .fold(0.0, f64::max);
            assert!(worst <= 0.002, "{worst}");
            break;
        }
    }
    assert!(messages >= 3, "progress is streamed ({messages} messages)");
}

#[test]
fn resubmitting_cancels_and_hides_the_old_job() {
    let mut manager = JobManager::new(Some(2)).unwrap();
    let old = manager.submit(Slot(50), sweep_job("AKs"), mc(1e-6, u64::MAX, 1));
    // Let the old job produce something first.
    std::thread::sleep(Duration::from_millis(50));
    let new = manager.submit(Slot(50), sweep_job("72o"), mc(0.01, 2_000_000, 1));
    assert!(old.is_cancelled());
    let p = finish(&mut manager);
    assert_eq!(
        p.generation, new.generation,
        "only the new job's messages are current"
    );
    // Nothing of the old job arrives later either.
    assert!(manager.recv_timeout(Duration::from_millis(200)).is_none());
}

#[test]
fn cancel_stops_a_job_quickly() {
    let mut manager = JobManager::new(Some(2)).unwrap();
    let handle = manager.submit(Slot(1), sweep_job("AKs"), mc(1e-7, u64::MAX, 1));
    std::thread::sleep(Duration::from_millis(300));
    assert!(handle.batches() > 0, "the job is running");
    manager.cancel(Slot(1));
    assert!(handle.is_cancelled());
    assert!(manager.recv_timeout(Duration::from_millis(300)).is_none());
    // Observe the job itself, not the dropped messages: once the batches in flight
    // finish (within 300 ms above), no new batch starts.
    let after = handle.batches();
    std::thread::sleep(Duration::from_millis(400));
    assert_eq!(handle.batches(), after, "batches ran after cancel");
}

#[test]
fn same_numbers_on_one_two_and_four_threads() {
    let matchup = Matchup::new(
        vec![
            HandRange::parse("KK").unwrap(),
            HandRange::parse("AA, KK, QQ").unwrap(),
            HandRange::parse("22+").unwrap(),
        ],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let run = |threads| {
        let mut manager = JobManager::new(Some(threads)).unwrap();
        manager.submit(
            Slot(51),
            Job::Matchup(matchup.clone()),
            mc(0.003, 10_000_000, 77),
        );
        finish(&mut manager).output
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(4));
}

#[test]
fn deal_budget_stops_a_job() {
    let mut manager = JobManager::new(Some(2)).unwrap();
    manager.submit(Slot(50), sweep_job("AKs"), mc(1e-9, 300_000, 1));
    let p = finish(&mut manager);
    let JobOutput::Sweep(r) = p.output else {
        panic!()
    };
    // One round past the budget at most.
    assert!(
        r.points[0].deals >= 300_000 && r.points[0].deals < 300_000 + 33 * 4096,
        "{}",
        r.points[0].deals
    );
}

#[test]
fn time_budget_stops_a_job() {
    let mut manager = JobManager::new(Some(2)).unwrap();
    let settings = RunSettings {
        time_limit: Some(Duration::from_millis(300)),
        ..mc(1e-9, u64::MAX, 1)
    };
    manager.submit(Slot(50), sweep_job("AKs"), settings);
    let p = finish(&mut manager);
    assert!(p.elapsed < Duration::from_secs(10), "{:?}", p.elapsed);
}

#[test]
fn wake_callback_runs_and_threads_end_after_drop() {
    let count = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    {
        let mut manager = JobManager::new(Some(2)).unwrap();
        let c = count.clone();
        manager.set_wake(move || {
            c.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        });
        manager.submit(Slot(50), sweep_job("AKs"), mc(1e-9, u64::MAX, 1));
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(count.load(std::sync::atomic::Ordering::SeqCst) > 0);
    // Dropping the manager cancels its jobs; the worker threads then exit.
    let workers = || {
        std::fs::read_dir("/proc/self/task")
            .map(|d| {
                d.filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
                    .filter(|name| name.starts_with("multiodds-work"))
                    .count()
            })
            .unwrap_or(0)
    };
    let mut left = workers();
    for _ in 0..100 {
        if left == 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
        left = workers();
    }
    assert_eq!(left, 0, "worker threads left after drop");
}
