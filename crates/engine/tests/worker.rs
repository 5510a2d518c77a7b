//! The job manager: streaming, cancellation, determinism, stopping rules, clean drop.

use multiodds_engine::cards::CardSet;
use multiodds_engine::equity::games::SweepJob;
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::sweep::Sweep;
use multiodds_engine::equity::{Matchup, Method};
use multiodds_engine::range::HandRange;
use multiodds_engine::worker::{Event, JobManager, Running, StopReason};
use std::time::Duration;

fn sweep_job(hero: &str) -> SweepJob {
    SweepJob::from(
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

/// Waits for the final message of a job.
fn finish<J: multiodds_engine::worker::Job>(
    running: &mut Running<J>,
) -> multiodds_engine::worker::JobMessage<J> {
    loop {
        let m = running
            .recv_timeout(Duration::from_secs(60))
            .expect("a message within a minute");
        if matches!(m.event, Event::Finished(..)) {
            return m;
        }
    }
}

#[test]
fn streams_improving_estimates_then_a_final_result() {
    let manager = JobManager::new(Some(2)).unwrap();
    let mut running = manager.start(sweep_job("AKs"), mc(0.002, 50_000_000, 3));
    let mut messages = 0;
    let mut last_deals = 0;
    loop {
        let m = running.recv_timeout(Duration::from_secs(60)).unwrap();
        let (r, stopped) = match m.event {
            Event::Update(r) => (r, None),
            Event::Finished(r, reason) => (r.unwrap(), Some(reason)),
            Event::ExactProgress(_) => panic!("a Monte Carlo run has no exact progress"),
        };
        let deals = r.points[0].deals;
        assert!(deals >= last_deals, "estimates only grow");
        last_deals = deals;
        messages += 1;
        if let Some(reason) = stopped {
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
fn replacing_a_handle_cancels_and_hides_the_old_job() {
    let manager = JobManager::new(Some(2)).unwrap();
    let mut running = manager.start(sweep_job("AKs"), mc(1e-6, u64::MAX, 1));
    // Let the old job produce something first.
    std::thread::sleep(Duration::from_millis(50));
    let batches_before = running.batches();
    running = manager.start(sweep_job("72o"), mc(0.01, 2_000_000, 1));
    let m = finish(&mut running);
    let Event::Finished(Ok(r), StopReason::Finished) = m.event else {
        panic!("the new job finishes")
    };
    // 72o's equity against one random hand is about 35 %, AKs's 67 %: the answer is
    // the new job's.
    assert!(
        (r.points[0].equity - 0.35).abs() < 0.05,
        "{}",
        r.points[0].equity
    );
    assert!(batches_before > 0);
    assert!(running.recv_timeout(Duration::from_millis(200)).is_none());
}

#[test]
fn cancel_stops_a_job_quickly() {
    let manager = JobManager::new(Some(2)).unwrap();
    let mut handle = manager.start(sweep_job("AKs"), mc(1e-7, u64::MAX, 1));
    std::thread::sleep(Duration::from_millis(300));
    assert!(handle.batches() > 0, "the job is running");
    handle.cancel();
    assert!(handle.is_cancelled());
    assert!(handle.recv_timeout(Duration::from_millis(300)).is_none());
    // Observe the job itself, not the dropped messages: once the batches in flight
    // finish (within 300 ms), no new batch starts.
    std::thread::sleep(Duration::from_millis(300));
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
        let manager = JobManager::new(Some(threads)).unwrap();
        let mut running = manager.start(matchup.clone(), mc(0.003, 10_000_000, 77));
        finish(&mut running).event
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(4));
}

#[test]
fn deal_budget_stops_a_job() {
    let manager = JobManager::new(Some(2)).unwrap();
    let mut running = manager.start(sweep_job("AKs"), mc(1e-9, 300_000, 1));
    let (r, _) = running.wait(Duration::from_secs(60)).unwrap();
    let r = r.unwrap();
    // One round past the budget at most.
    assert!(
        r.points[0].deals >= 300_000 && r.points[0].deals < 300_000 + 33 * 4096,
        "{}",
        r.points[0].deals
    );
}

#[test]
fn time_budget_stops_a_job() {
    let manager = JobManager::new(Some(2)).unwrap();
    let settings = RunSettings {
        time_limit: Some(Duration::from_millis(300)),
        ..mc(1e-9, u64::MAX, 1)
    };
    let mut running = manager.start(sweep_job("AKs"), settings);
    let p = finish(&mut running);
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
        let _running = manager.start(sweep_job("AKs"), mc(1e-9, u64::MAX, 1));
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(count.load(std::sync::atomic::Ordering::SeqCst) > 0);
    // Dropping the handle cancels its job and dropping the manager ends its pool: the
    // worker threads exit.
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

/// A job that panics on purpose (a test-only kind of job): the fault stays in that
/// job, which answers with an internal error, and the manager goes on.
struct Panics;

impl multiodds_engine::worker::Job for Panics {
    type Update = ();
    type Output = ();

    fn run(
        self,
        _settings: &RunSettings,
        _update: &mut dyn FnMut(()) -> bool,
    ) -> Result<(), multiodds_engine::equity::EquityError> {
        panic!("a job that panics (test of the worker's fault handling)")
    }

    fn collect(so_far: &mut Option<()>, _update: (), _seed: u64) {
        *so_far = Some(());
    }
}

#[test]
fn a_panic_in_a_job_is_that_jobs_error() {
    let manager = JobManager::new(Some(2)).unwrap();
    let mut running = manager.start(Panics, RunSettings::default());
    let (output, reason) = running.wait(Duration::from_secs(10)).unwrap();
    match output {
        Err(multiodds_engine::equity::EquityError::Internal(what)) => {
            assert!(what.contains("panics"))
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(reason, StopReason::Finished);
    // The pool still runs jobs.
    let mut next = manager.start(sweep_job("AKs"), mc(0.01, 2_000_000, 1));
    assert!(matches!(
        next.wait(Duration::from_secs(60)),
        Some((Ok(_), _))
    ));
}

/// When no thread count is asked for, the smallest exact runs start one worker (the
/// process's start is their cost) and everything else every core: a turn heads-up is
/// small; a preflop three-way enumeration, a Monte Carlo run and a refused run are not.
#[test]
fn only_small_exact_work_runs_on_one_thread() {
    use multiodds_engine::equity::games::MatchupJob;
    use multiodds_engine::worker::threads_for;
    let job = |seats: &[&str], board: &str| {
        let ranges = seats.iter().map(|s| HandRange::parse(s).unwrap()).collect();
        let board = CardSet::parse(board).unwrap();
        MatchupJob::from(Matchup::new(ranges, board, CardSet::EMPTY).unwrap())
    };
    let exact = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let auto = RunSettings::default();
    let turn = job(&["AsKs", "5h Tc"], "Qs Ts 5c 2d");
    assert_eq!(threads_for(&turn, &exact), Some(1));
    assert_eq!(threads_for(&turn, &auto), Some(1));
    let preflop = job(&["AA", "KK", "QQ"], "");
    assert_eq!(threads_for(&preflop, &exact), None);
    let sampled = RunSettings {
        method: Method::MonteCarlo,
        ..RunSettings::default()
    };
    assert_eq!(threads_for(&turn, &sampled), None);
    let refused = job(&["random", "random", "random", "random"], "");
    assert_eq!(threads_for(&refused, &exact), None);
}
