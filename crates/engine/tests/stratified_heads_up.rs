//! Heads-up preflop Monte Carlo, post-stratified on how the board hits the hands' ranks
//! (`equity::rank_hits`): every figure against exact enumeration within its standard
//! errors, honest errors over many seeds, and the variance it saves.

use multiodds_engine::cards::CardSet;
use multiodds_engine::equity::monte_carlo::Sampler;
use multiodds_engine::equity::run::{run_matchup, RunSettings};
use multiodds_engine::equity::{Matchup, MatchupResult, MatchupTally, Method};
use multiodds_engine::range::HandRange;

fn matchup(a: &str, b: &str) -> Matchup {
    let ranges = [a, b]
        .iter()
        .map(|s| HandRange::parse(s).unwrap())
        .collect();
    Matchup::new(ranges, CardSet::EMPTY, CardSet::EMPTY).unwrap()
}

fn run(m: &Matchup, method: Method, seed: u64, target_se: f64) -> MatchupResult {
    let settings = RunSettings {
        method,
        seed,
        target_se,
        max_deals: 20_000_000,
        ..RunSettings::default()
    };
    run_matchup(m, &settings, |_| true).unwrap()
}

/// Weighted, overlapping and random ranges; one hand against the same hand; pairs
/// sharing ranks with the other side.
const PAIRS: [(&str, &str); 20] = [
    ("AsKs", "random"),
    ("QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo"),
    ("random", "random"),
    ("AA", "KK"),
    ("72o", "random"),
    ("AKs", "AKo"),
    ("AhAd", "AsAc"),
    ("JTs", "22"),
    ("22+,A2+,K2+", "QQ+,AK"),
    ("AK:0.5,QQ:0.25,76s", "random"),
    ("99", "A9s,K9s,98s"),
    ("KQo", "KJo,QJo,KQs"),
    ("65s", "AA:0.3,AKo"),
    ("TT-77", "AJs-ATs:0.5,KQ"),
    ("A2o", "K2o,32o"),
    ("AcKd", "Ah2h"),
    ("33", "33"),
    ("T9s", "T8s,98s"),
    ("QQ:0.1,KK", "A5s,A4s:0.7"),
    ("random", "AA,KK,72o"),
];

/// Every figure of both seats within 4.5 of its standard errors of exact, for 20
/// heads-up preflop matchups.
#[test]
fn every_figure_agrees_with_exact_enumeration() {
    for (i, (a, b)) in PAIRS.iter().enumerate() {
        let m = matchup(a, b);
        let exact = run(&m, Method::Exact, 0, 0.001);
        let mc = run(&m, Method::MonteCarlo, 70 + i as u64, 0.002);
        assert_eq!(mc.method, Method::MonteCarlo);
        for (seat, (e, r)) in exact.seats.iter().zip(&mc.seats).enumerate() {
            for (name, x, y, se) in [
                ("equity", e.equity, r.equity, r.equity_se),
                ("win", e.win, r.win, r.win_se),
                ("tie", e.tie, r.tie, r.tie_se),
            ] {
                let z = (y - x).abs() / se.max(1e-12);
                assert!(
                    z <= 4.5 || (y - x).abs() < 1e-9,
                    "{a} vs {b} seat {} {name}: {y} ± {se} against exact {x} (z {z:.2})",
                    seat + 1
                );
            }
        }
    }
}

/// A run's tally of `batches` batches of `deals` deals from `seed`.
fn tally(sampler: &Sampler, seed: u64, batches: u64, deals: u32) -> MatchupTally {
    let mut t = MatchupTally::default();
    for b in 0..batches {
        t.merge(&sampler.batch(seed, b, deals));
    }
    t
}

/// Over many seeds the post-stratified estimate lands within two of its standard
/// errors of exact about 95 % of the time, and its errors average out (no bias). In the
/// third matchup the rarer patterns (a few hundred deals each) count plainly beside the
/// stratified ones.
#[test]
fn standard_errors_are_honest_over_many_seeds() {
    for (a, b) in [("AhKh", "QQ,JTs"), ("AsKs", "random"), PAIRS[1]] {
        let m = matchup(a, b);
        let exact = run(&m, Method::Exact, 0, 0.001).seats[0].equity;
        let sampler = Sampler::new(&m);
        let runs = 300;
        let (mut inside, mut z_sum) = (0, 0.0);
        for seed in 0..runs {
            let t = tally(&sampler, seed, 48, 1024);
            let strata = t.stratified().expect("heads-up preflop files every deal");
            let e = strata[0][0].expect("enough deals per cell");
            let z = (e.mean - exact) / e.std_error;
            z_sum += z;
            if z.abs() <= 2.0 {
                inside += 1;
            }
            // The result shows the post-stratified figures.
            let r = t.result(Method::MonteCarlo, Some(seed));
            assert_eq!(
                (r.seats[0].equity, r.seats[0].equity_se),
                (e.mean, e.std_error)
            );
        }
        let share = inside as f64 / runs as f64;
        assert!(
            (0.92..=0.98).contains(&share),
            "{a} vs {b}: coverage {share}"
        );
        // The mean of 300 z-scores has a standard deviation of 1/√300 ≈ 0.058.
        let mean_z = z_sum / runs as f64;
        assert!(mean_z.abs() < 0.25, "{a} vs {b}: mean z {mean_z}");
    }
}

/// What it saves: the variance per deal of the equity estimate against a plain
/// deal's (win + tie/4 − equity², from the exact figures) is about a quarter for
/// AsKs against a random hand and for QQ+,AK against a wide range (0.27 and 0.21 over
/// two million deals).
#[test]
fn the_stratified_estimate_needs_fewer_deals() {
    for (a, b) in [PAIRS[0], PAIRS[1]] {
        let m = matchup(a, b);
        let e = &run(&m, Method::Exact, 0, 0.001).seats[0];
        let plain = e.win + e.tie / 4.0 - e.equity * e.equity;
        let sampler = Sampler::new(&m);
        let t = tally(&sampler, 5, 200, 4096);
        let r = t.result(Method::MonteCarlo, Some(5));
        let per_deal = r.seats[0].equity_se.powi(2) * t.deals as f64;
        let ratio = per_deal / plain;
        assert!(
            (0.12..0.35).contains(&ratio),
            "{a} vs {b}: variance ratio {ratio}"
        );
    }
}

/// Until some pattern has enough deals expected for its cells the plain estimate
/// stands; then the post-stratified one takes over.
#[test]
fn the_plain_estimate_stands_until_the_cells_are_settled() {
    let m = matchup("QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo");
    let sampler = Sampler::new(&m);
    let early = tally(&sampler, 9, 1, 256);
    let strata = early.stratified().expect("every deal filed");
    assert!(strata[0][0].is_none(), "256 deals over hundreds of cells");
    let plain = early.seats[0].equity.mean().unwrap();
    assert_eq!(
        early.result(Method::MonteCarlo, Some(9)).seats[0].equity,
        plain
    );
    let later = tally(&sampler, 9, 100, 4096);
    assert!(later.stratified().unwrap()[0][0].is_some());
}

/// Where the chances would not be exact (a board, dead cards, three seats) the deals
/// are not filed, and the figures are the plain ones.
#[test]
fn only_heads_up_preflop_without_dead_cards_is_stratified() {
    let cases = [
        (vec!["AsKs", "random"], "Qh 7h 2c", ""),
        (vec!["AsKs", "random"], "", "2c"),
        (vec!["AsKs", "random", "random"], "", ""),
    ];
    for (seats, board, dead) in cases {
        let ranges = seats.iter().map(|s| HandRange::parse(s).unwrap()).collect();
        let m = Matchup::new(
            ranges,
            CardSet::parse(board).unwrap(),
            CardSet::parse(dead).unwrap(),
        )
        .unwrap();
        let t = tally(&Sampler::new(&m), 1, 4, 4096);
        assert!(t.hits.is_none(), "{seats:?} on '{board}' dead '{dead}'");
        assert!(t.stratified().is_none());
    }
    let t = tally(&Sampler::new(&matchup("AsKs", "random")), 1, 4, 4096);
    assert_eq!(t.hits.as_ref().map(|h| h.deals()), Some(t.deals));
}

/// The same seed gives the same numbers on one thread and on two.
#[test]
fn same_seed_same_numbers_on_any_thread_count() {
    let m = matchup("QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo");
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run(&m, Method::MonteCarlo, 3, 0.001))
    };
    assert_eq!(on(1), on(2));
}

/// The two seats' equities sum to 1 in every deal, and so do their estimates, to the
/// last bits, at every stage of a run: the patterns counted plainly are weighed by their
/// exact chance like the stratified ones (by the deals seen, random against AA summed to
/// 0.9997 after 16,384 deals).
#[test]
fn the_two_seats_equities_sum_to_one() {
    for (a, b) in PAIRS {
        let m = matchup(a, b);
        for seed in 0..4 {
            for target in [0.01, 0.002] {
                let r = run(&m, Method::MonteCarlo, seed, target);
                let total: f64 = r.seats.iter().map(|s| s.equity).sum();
                assert!(
                    (total - 1.0).abs() < 1e-12,
                    "{a} vs {b}, seed {seed}: {total}"
                );
            }
        }
    }
    let m = matchup("random", "AA");
    let r = run(&m, Method::MonteCarlo, 0, 0.01);
    let total: f64 = r.seats.iter().map(|s| s.equity).sum();
    assert!((total - 1.0).abs() < 1e-12, "random vs AA: {total}");
}
