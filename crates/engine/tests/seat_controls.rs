//! Monte Carlo with random opponents (issue 41, item 5): every figure is regressed on a
//! control variate whose mean is known exactly (the hero's heads-up equity against a
//! random hand). Proven against exact enumeration (every seat's win, tie and equity
//! within 4 SE), by the errors' coverage over many seeds, and by the errors being
//! smaller than plain sampling's could be for the same deals.

use multiodds_engine::cards::CardSet;
use multiodds_engine::equity::exact;
use multiodds_engine::equity::holdem_heads_up;
use multiodds_engine::equity::run::{run_matchup, RunSettings};
use multiodds_engine::equity::{Matchup, MatchupResult, Method};
use multiodds_engine::range::{HandClass, HandRange};

fn matchup(seats: &[&str], board: &str, dead: &str) -> Matchup {
    Matchup::new(
        seats.iter().map(|s| HandRange::parse(s).unwrap()).collect(),
        CardSet::parse(board).unwrap(),
        CardSet::parse(dead).unwrap(),
    )
    .unwrap()
}

fn mc(seed: u64, max_deals: u64, target_se: f64) -> RunSettings {
    RunSettings {
        method: Method::MonteCarlo,
        seed,
        max_deals,
        target_se,
        ..RunSettings::default()
    }
}

/// Every seat's win, tie and equity within 4 SE of exact, and the equities summing to one
/// (one control for every seat: the corrections cancel and the pot is whole).
fn assert_agrees(exact: &MatchupResult, r: &MatchupResult, name: &str) {
    for (i, (e, s)) in exact.seats.iter().zip(&r.seats).enumerate() {
        for (figure, got, want, se) in [
            ("equity", s.equity, e.equity, s.equity_se),
            ("win", s.win, e.win, s.win_se),
            ("tie", s.tie, e.tie, s.tie_se),
        ] {
            assert!(se > 0.0, "{name} seat {i} {figure}");
            let z = (got - want) / se;
            assert!(
                z.abs() < 4.0,
                "{name}, seat {i} {figure}: {got} vs {want} (z {z:.2})"
            );
        }
    }
    let total: f64 = r.seats.iter().map(|s| s.equity).sum();
    assert!((total - 1.0).abs() < 1e-9, "{name}: {total}");
}

#[test]
fn controlled_figures_agree_with_exact_enumeration() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["AsKs", "random", "random"], "9s 8h 2c", ""),
        (&["AsKs", "random", "random"], "9s 8h 2c", "Qh"),
        (&["random", "QQ+,AK:0.5", "random"], "Kd 7c 2h 5s", ""),
        (&["AKs,77", "random", "random"], "9s 8h 2c", ""),
        (&["AsKs", "random", "random", "random"], "9s 8h 2c Td", ""),
    ];
    for (seats, board, dead) in cases {
        let m = matchup(seats, board, dead);
        let exact = exact::run(&m).unwrap().result(Method::Exact, None);
        let r = run_matchup(&m, &mc(7, 50_000_000, 0.002), |_| true).unwrap();
        assert_agrees(&exact, &r, &format!("{seats:?} on {board}"));
        // The hero's equity error is well under what any plain sample of as many deals
        // could give: a deal's share is at least its win, so its variance is at least
        // win − equity².
        let hero = seats.iter().position(|s| *s != "random").unwrap();
        let e = &exact.seats[hero];
        let plain_floor = ((e.win - e.equity * e.equity) / r.deals as f64).sqrt();
        assert!(
            r.seats[hero].equity_se < 0.8 * plain_floor,
            "{seats:?}: {} against a plain floor of {plain_floor}",
            r.seats[hero].equity_se
        );
    }
}

#[test]
fn controlled_errors_cover_the_exact_value() {
    let m = matchup(&["AKs,77", "random", "random"], "9s 8h 2c", "");
    let exact = exact::run(&m).unwrap().result(Method::Exact, None);
    let seeds = 300;
    let mut inside = [0; 3];
    for seed in 0..seeds {
        // Eight batches of 4,096 deals each run.
        let r = run_matchup(&m, &mc(seed, 8 * 4096, 1e-5), |_| true).unwrap();
        for (i, (e, s)) in exact.seats.iter().zip(&r.seats).enumerate() {
            if (s.equity - e.equity).abs() <= 2.0 * s.equity_se {
                inside[i] += 1;
            }
        }
    }
    // About 95 % of 2-SE intervals hold the exact value (binomial spread ±2.5 %).
    for (i, n) in inside.iter().enumerate() {
        let share = *n as f64 / seeds as f64;
        assert!((0.88..=0.995).contains(&share), "seat {i}: {share}");
    }
}

#[test]
fn a_range_against_random_preflop_is_the_mean_of_its_class_counts() {
    let class = |name: &str| HandClass::all().find(|c| c.to_string() == name).unwrap();
    // The pair table's exact answer for the range equals the weighted mean of the
    // shipped class counts (what the controls use preflop).
    let m = matchup(&["AA,72o:0.5", "random"], "", "");
    let exact = exact::run(&m).unwrap().result(Method::Exact, None);
    let mean = (6.0 * holdem_heads_up::class_equity(class("AA"))
        + 0.5 * 12.0 * holdem_heads_up::class_equity(class("72o")))
        / 12.0;
    assert!(
        (exact.seats[0].equity - mean).abs() < 1e-12,
        "{} vs {mean}",
        exact.seats[0].equity
    );
}

/// Narrow ranges whose valid combinations are listed: x is the hero's standing before the
/// board against each other seat, its exact mean the rows' weighted mean.
#[test]
fn listed_ranges_with_the_holes_control_agree_with_exact_enumeration() {
    let cases: Vec<(Matchup, &str)> = vec![
        (
            matchup(&["AA", "JJ+", "JJ+", "JJ+", "JJ+"], "", ""),
            "AA v JJ+ x4",
        ),
        (
            matchup(&["QQ+,AK", "QQ+,AK", "random"], "2c 7d 9h", ""),
            "flop",
        ),
        (
            matchup(&["AsAh", "JJ+", "QQ+,AK"], "2c 7d 9h", "Kd"),
            "known hero",
        ),
        (
            Matchup::with_folded(
                ["AA,KK", "JJ+", "QQ+,AK"]
                    .iter()
                    .map(|s| HandRange::parse(s).unwrap())
                    .collect(),
                vec![HandRange::parse("TT+,AQs+").unwrap()],
                CardSet::parse("2c 7d 9h 4s").unwrap(),
                CardSet::EMPTY,
            )
            .unwrap(),
            "a folded seat",
        ),
    ];
    for (m, name) in &cases {
        let exact = exact::run(m).unwrap().result(Method::Exact, None);
        let r = run_matchup(m, &mc(5, 50_000_000, 0.002), |_| true).unwrap();
        assert_agrees(&exact, &r, name);
    }
    // Aces against four of JJ+: whether another seat holds the last two aces decides
    // most of the hero's result, and the control takes it out. A win is 0 or 1, so plain
    // sampling's error is √(p(1 − p)/n) exactly; the controlled one is far under it.
    let (m, _) = &cases[0];
    let exact = exact::run(m).unwrap().result(Method::Exact, None);
    let r = run_matchup(m, &mc(9, 50_000_000, 0.002), |_| true).unwrap();
    let w = exact.seats[0].win;
    let plain = (w * (1.0 - w) / r.deals as f64).sqrt();
    assert!(
        r.seats[0].win_se < 0.85 * plain,
        "{} against {plain}",
        r.seats[0].win_se
    );
}
