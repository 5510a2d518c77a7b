//! Resuming a stopped exact run: a run stopped part-way and run again with the same
//! ledger ends with the figures of a run never stopped (every unit counted once), on
//! each engine that numbers its units: heads-up ranges on a flop (every board), three
//! ranges on a flop (the counted walk) and three ranges preflop (the preflop fold).

mod common;

use common::matchup;
use multiodds_engine::equity::resume::ExactResume;
use multiodds_engine::equity::run::{matchup_exact_evaluations, run_matchup, RunSettings};
use multiodds_engine::equity::{Matchup, MatchupResult, Method, RunControl};
use std::sync::Arc;

fn settings(control: RunControl) -> RunSettings {
    RunSettings {
        method: Method::Exact,
        control,
        ..RunSettings::default()
    }
}

/// One run holding `ledger`, stopped once `stop_at` of its estimated work is done.
fn run_stopping(m: &Matchup, ledger: &Arc<ExactResume>, stop_at: Option<f64>) -> MatchupResult {
    let control = RunControl::new().with_resume(Some(ledger.clone()));
    let _held = ledger.acquire(control.progress());
    let total = matchup_exact_evaluations(m, Method::Exact, u64::MAX).unwrap();
    let watcher = stop_at.map(|share| {
        let c = control.clone();
        std::thread::spawn(move || {
            while (c.progress().work_done() as f64) < share * total && !c.is_cancelled() {
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            c.cancel();
        })
    });
    let r = run_matchup(m, &settings(control.clone()), |_| true).unwrap();
    control.cancel(); // ends the watcher of a run that finished first
    if let Some(w) = watcher {
        w.join().unwrap();
    }
    r
}

fn assert_resumes(seats: &[&str], board: &str) {
    let m = matchup(seats, board);
    let whole = run_matchup(&m, &settings(RunControl::new()), |_| true).unwrap();
    let ledger = ExactResume::new();
    let first = run_stopping(&m, &ledger, Some(0.3));
    let done = first.status.partial_exact().expect("stopped part-way");
    assert!(ledger.has_progress(), "{seats:?}: nothing kept");
    assert!(first.deals < whole.deals, "{seats:?}");
    // Stopped again, then to the end: three runs, one answer.
    let second = run_stopping(&m, &ledger, Some(0.6));
    if let Some(more) = second.status.partial_exact() {
        assert!(more >= done, "{seats:?}: {more} after {done}");
    }
    let last = run_stopping(&m, &ledger, None);
    assert_eq!(last.status.partial_exact(), None, "{seats:?}");
    assert!(
        !ledger.has_progress(),
        "{seats:?}: a finished run leaves nothing"
    );
    assert_eq!(last.deals, whole.deals, "{seats:?}");
    for (a, b) in last.seats.iter().zip(&whole.seats) {
        for (x, y) in [(a.equity, b.equity), (a.win, b.win), (a.tie, b.tie)] {
            assert!((x - y).abs() < 1e-12, "{seats:?}: {x} resumed vs {y} whole");
        }
    }
}

#[test]
fn heads_up_ranges_on_a_flop_resume() {
    assert_resumes(&["random", "random"], "Kd 7c 2s");
}

#[test]
fn three_ranges_on_a_flop_resume() {
    assert_resumes(&["TT+,AK", "22+,A2s+,KTs+", "random"], "Kd 7c 2s");
}

#[test]
fn three_ranges_preflop_resume() {
    assert_resumes(&["QQ+,AK", "JJ-88,AQ", "TT+,KQ"], "");
}
