//! A sweep answers every opponent count asked for: a point, or a row saying why there is
//! none (cannot be dealt, too rare to sample, stopped); a stopped exact point is never
//! shown as exact; a run whose deals are rare ends on its deal budget.

use multiodds_engine::cards::CardSet;
use multiodds_engine::equity::run::{run_sweep, RunSettings, StopRule};
use multiodds_engine::equity::sweep::Sweep;
use multiodds_engine::equity::Method;
use multiodds_engine::range::HandRange;

fn sweep(hero: &str, vs: &str, counts: std::ops::RangeInclusive<usize>) -> Sweep {
    Sweep::new(
        HandRange::parse(hero).unwrap(),
        HandRange::parse(vs).unwrap(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        counts,
    )
    .unwrap()
}

/// AKs against `QQ:0.9, TT:1, AKs:0.1`: at most 7 opponents can be dealt (two QQ, two
/// TT, three AKs around the hero's), 6 and 7 almost never by random draws. Every count
/// from 1 to 9 is a row: 1–5 with figures, 6–7 too rare to sample, 8–9 undealable.
#[test]
fn every_count_asked_for_is_a_row_with_a_figure_or_its_reason() {
    let s = sweep("AKs", "QQ:0.9, TT:1, AKs:0.1", 1..=9);
    let settings = RunSettings {
        method: Method::MonteCarlo,
        max_deals: 4_000_000,
        ..RunSettings::default()
    };
    let r = run_sweep(&s, &settings, |_| true);
    let rows = r.rows();
    assert_eq!(rows.len(), 9);
    for (i, row) in rows.iter().enumerate() {
        let n = i + 1;
        match row {
            Ok(p) => {
                assert_eq!(p.opponents, n);
                assert!(n <= 5, "{n} opponents has figures");
                assert!(p.deals >= 100);
            }
            Err(m) => {
                assert_eq!(m.opponents, n);
                assert!(n >= 6, "{n} opponents has no figure: {}", m.reason);
                if n >= 8 {
                    assert!(m.reason.contains("cannot be dealt"), "{}", m.reason);
                } else {
                    assert!(m.reason.contains("too rare to sample"), "{}", m.reason);
                }
            }
        }
    }
    // The deal budget bounds the draws, valid or not: the run ends on it.
    assert_eq!(r.status.stopped, Some(StopRule::DealBudget));
}

/// Five opponents alone: valid deals come about once in two thousand draws, so the run
/// would never reach a deal budget counted in valid deals; counted in draws it ends.
#[test]
fn a_rarely_dealt_count_ends_on_its_deal_budget() {
    let s = sweep("AKs", "QQ:0.9, TT:1, AKs:0.1", 5..=5);
    let settings = RunSettings {
        method: Method::MonteCarlo,
        max_deals: 2_000_000,
        ..RunSettings::default()
    };
    let r = run_sweep(&s, &settings, |_| true);
    assert_eq!(r.status.stopped, Some(StopRule::DealBudget));
    assert_eq!(r.rows().len(), 1);
}

/// A run stopped before its exact heads-up point finished shows no exact figure: the
/// count keeps a Monte Carlo figure or says it has none, and the run says it stopped.
#[test]
fn a_stopped_exact_point_is_never_shown_as_exact() {
    let s = sweep("AKs", "random", 1..=8);
    let settings = RunSettings::default();
    settings.control.cancel();
    let r = run_sweep(&s, &settings, |_| true);
    assert_eq!(r.status.stopped, Some(StopRule::Cancelled));
    assert!(
        r.points.iter().all(|p| p.method != Method::Exact),
        "{:?}",
        r.points
    );
    assert_eq!(r.rows().len(), 8);

    // Stopped from the first progress report (the user's Stop as the first figures
    // show): whatever the exact point had done is not shown as exact.
    let settings = RunSettings::default();
    let control = settings.control.clone();
    let r = run_sweep(&s, &settings, |_| {
        control.cancel();
        false
    });
    assert_eq!(r.status.stopped, Some(StopRule::Cancelled));
    for p in &r.points {
        if p.method == Method::Exact {
            // Only a point that finished before the Stop may be exact: then it is the
            // same as an undisturbed run's.
            let full = run_sweep(
                &sweep("AKs", "random", 1..=1),
                &RunSettings::default(),
                |_| true,
            );
            assert_eq!(p.equity, full.points[0].equity);
        }
    }
    assert_eq!(r.rows().len(), 8);
}

/// Every count dealt exactly: the same figures as before, and a stop part-way leaves
/// the counts not finished as rows without figures.
#[test]
fn an_all_exact_sweep_stopped_part_way_has_no_partial_figures() {
    let s = sweep("AhKh", "QQ", 1..=2);
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let full = run_sweep(&s, &settings, |_| true);
    assert_eq!(full.status.stopped, Some(StopRule::ExactDone));
    assert_eq!(full.points.len(), 2);
    assert!(full.missing.is_empty());
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    settings.control.cancel();
    let stopped = run_sweep(&s, &settings, |_| true);
    assert_eq!(stopped.status.stopped, Some(StopRule::Cancelled));
    assert!(stopped.points.is_empty());
    assert_eq!(stopped.missing.len(), 2);
}
