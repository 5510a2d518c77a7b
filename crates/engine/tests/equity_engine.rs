//! The equity engine against published values, a brute-force oracle written here,
//! and Monte Carlo against exact enumeration within its standard errors.

mod common;

use common::{on_threads, Dealer};
use multiodds_engine::cards::{Card, CardSet};
use multiodds_engine::equity::exact;
use multiodds_engine::equity::monte_carlo::Sampler;
use multiodds_engine::equity::run::{run_matchup, run_sweep, RunSettings};
use multiodds_engine::equity::sweep::{exact_point, Sweep};
use multiodds_engine::equity::{EquityError, Matchup, Method};
use multiodds_engine::eval::Hand;
use multiodds_engine::range::HandRange;

fn matchup(seats: &[&str], board: &str, dead: &str) -> Matchup {
    let ranges = seats.iter().map(|s| HandRange::parse(s).unwrap()).collect();
    Matchup::new(
        ranges,
        CardSet::parse(board).unwrap(),
        CardSet::parse(dead).unwrap(),
    )
    .unwrap()
}

fn exact_equities(m: &Matchup) -> Vec<f64> {
    exact::run(m)
        .unwrap()
        .result(Method::Exact, None)
        .seats
        .iter()
        .map(|s| s.equity)
        .collect()
}

#[test]
fn published_exact_values() {
    let m = matchup(&["AsKs", "random"], "", "");
    let r = exact::run(&m).unwrap().result(Method::Exact, None);
    assert!(
        (r.seats[0].equity - 0.670446323092352).abs() < 1e-9,
        "{}",
        r.seats[0].equity
    );
    assert_eq!(r.deals, 1225 * 1_712_304);

    let m = matchup(&["AsKs", "5h Tc"], "Qs Ts 5c", "");
    let r = exact::run(&m).unwrap().result(Method::Exact, None);
    assert_eq!(r.deals, 990);
    assert!((r.seats[0].equity - 0.426263).abs() < 5e-7);
    assert!((r.seats[1].equity - 0.573737).abs() < 5e-7);
}

#[test]
fn spec_worked_example_of_potentials() {
    let sweep = Sweep::new(
        HandRange::parse("Ad Qc").unwrap(),
        HandRange::random(),
        CardSet::parse("3h 4c Jh").unwrap(),
        CardSet::EMPTY,
        1..=1,
    )
    .unwrap();
    let p = exact_point(&sweep, 1).point(1, Method::Exact, true);
    assert_eq!(p.deals, 1081 * 990);
    assert!(
        (p.hand_strength - 0.585106).abs() < 5e-7,
        "{}",
        p.hand_strength
    );
    assert!((p.ppot.unwrap() - 0.208324).abs() < 5e-7, "{:?}", p.ppot);
    assert!((p.npot.unwrap() - 0.273693).abs() < 5e-7, "{:?}", p.npot);
    assert!((p.equity - 0.511399).abs() < 5e-7, "{}", p.equity);
    let identity =
        p.hand_strength * (1.0 - p.npot.unwrap()) + (1.0 - p.hand_strength) * p.ppot.unwrap();
    assert!((identity - p.equity).abs() < 1e-12);
}

#[test]
fn potential_identity_holds_on_random_spots() {
    // With one opponent, HS·(1−NPot) + (1−HS)·PPot is the equity, exactly.
    let mut dealer = Dealer::new(11);
    for spot in 0..200 {
        let board_len = if spot % 10 == 0 { 3 } else { 4 };
        let cards = dealer.deal(2 + board_len);
        let hero = format!("{}{}", cards[0], cards[1]);
        let board: CardSet = cards[2..].iter().copied().collect();
        let sweep = Sweep::new(
            HandRange::parse(&hero).unwrap(),
            HandRange::random(),
            board,
            CardSet::EMPTY,
            1..=1,
        )
        .unwrap();
        let p = exact_point(&sweep, 1).point(1, Method::Exact, true);
        let hs = p.hand_strength;
        let (Some(ppot), Some(npot)) = (p.ppot, p.npot) else {
            // Undefined only when a denominator is zero: never both behind and ahead.
            assert!(
                hs == 0.0 || hs == 1.0 || p.ppot.is_some() || p.npot.is_some(),
                "{hero} {board}"
            );
            continue;
        };
        let identity = hs * (1.0 - npot) + (1.0 - hs) * ppot;
        assert!(
            (identity - p.equity).abs() < 1e-9,
            "{hero} on {board}: {identity} vs {}",
            p.equity
        );
    }
}

/// One seat's figures from the oracle: equity, win, tie, and the share of deals it won
/// or tied with each hand category.
#[derive(Clone, Debug, Default)]
struct OracleSeat {
    equity: f64,
    win: f64,
    tie: f64,
    hand_types: [f64; 9],
}

/// A brute-force oracle: every tuple of combos, every completion, weights multiplied.
fn brute_force(seats: &[&str], board: &str) -> Vec<f64> {
    brute_force_full(seats, board, "")
        .iter()
        .map(|s| s.equity)
        .collect()
}

/// [`brute_force`] with dead cards and every figure.
fn brute_force_full(seats: &[&str], board: &str, dead: &str) -> Vec<OracleSeat> {
    let ranges: Vec<HandRange> = seats.iter().map(|s| HandRange::parse(s).unwrap()).collect();
    let board = CardSet::parse(board).unwrap();
    let dead = CardSet::parse(dead).unwrap();
    let n = ranges.len();
    let mut out = vec![OracleSeat::default(); n];
    let mut total = 0.0;
    let mut stack: Vec<(multiodds_engine::range::Combo, f32)> = Vec::new();
    fn go(
        ranges: &[HandRange],
        board: CardSet,
        used: CardSet,
        stack: &mut Vec<(multiodds_engine::range::Combo, f32)>,
        out: &mut [OracleSeat],
        total: &mut f64,
    ) {
        if stack.len() == ranges.len() {
            let weight: f64 = stack.iter().map(|(_, w)| *w as f64).product();
            let deck: Vec<Card> = used.complement().iter().collect();
            let k = 5 - board.len();
            let mut idx: Vec<usize> = (0..k).collect();
            loop {
                let mut full: Vec<Card> = board.iter().collect();
                full.extend(idx.iter().map(|&i| deck[i]));
                let values: Vec<_> = stack
                    .iter()
                    .map(|(c, _)| {
                        let (a, b) = c.cards();
                        let mut cards = full.clone();
                        cards.push(a);
                        cards.push(b);
                        Hand::from_cards(&cards).evaluate()
                    })
                    .collect();
                let best = *values.iter().max().unwrap();
                let winners = values.iter().filter(|&&v| v == best).count();
                for (seat, v) in out.iter_mut().zip(&values) {
                    if *v == best {
                        seat.equity += weight / winners as f64;
                        if winners == 1 {
                            seat.win += weight;
                        } else {
                            seat.tie += weight;
                        }
                        seat.hand_types[v.category() as usize] += weight;
                    }
                }
                *total += weight;
                // next combination
                let mut i = k;
                loop {
                    if i == 0 {
                        return;
                    }
                    i -= 1;
                    if idx[i] < deck.len() - (k - i) {
                        idx[i] += 1;
                        for j in i + 1..k {
                            idx[j] = idx[j - 1] + 1;
                        }
                        break;
                    }
                }
                if k == 0 {
                    return;
                }
            }
        }
        let seat = stack.len();
        for (combo, w) in ranges[seat].iter() {
            if !combo.card_set().intersects(used) {
                stack.push((combo, w));
                go(
                    ranges,
                    board,
                    used.union(combo.card_set()),
                    stack,
                    out,
                    total,
                );
                stack.pop();
            }
        }
    }
    go(
        &ranges,
        board,
        board.union(dead),
        &mut stack,
        &mut out,
        &mut total,
    );
    for seat in &mut out {
        seat.equity /= total;
        seat.win /= total;
        seat.tie /= total;
        for h in &mut seat.hand_types {
            *h /= total;
        }
    }
    out
}

/// Multiway exact enumeration (canonical preflops, boards by rank where suits cannot
/// matter) against the oracle on every figure: weights, seats sharing a range, hands
/// that collide, two to four interchangeable suits, suited hands that can flush with
/// three board cards, flop boards with two of a suit, dead cards.
#[test]
fn multiway_exact_matches_brute_force_on_every_figure() {
    let cases: &[(&[&str], &str, &str)] = &[
        // Preflop: all four suits interchangeable; a suited hand (three hearts to come
        // flush it), a shared range (seats swap hands), weights.
        (&["AsAh", "KdKc", "7h6h"], "", ""),
        (&["AsKs", "QhQd", "JcTc", "9h9s"], "", ""),
        (&["AcAd", "KsKh, QcQd:0.5", "KsKh, QcQd:0.5"], "", ""),
        (&["AsAd, AhKh:0.5", "KhKd, KcKs", "AhKh, 7c7d:0.25"], "", ""),
        // Flop and turn: two interchangeable suits (clubs and spades), two of a suit on
        // board (one more heart flushes a suited heart hand), dead cards, five seats.
        (&["AhKh, QQ:0.5", "JJ+, AKo", "T9s, 77:0.3"], "2h 7h 9d", ""),
        (&["AA, KK", "KK, QQ", "QQ, AA"], "2c 7d 9h", "Ac Kd"),
        (&["Th9h, 8c8d", "AK", "22+:0.4", "Jh Ts"], "Qh 5h 4d", ""),
        (
            &["AsKs", "QQ+", "JJ", "TT:0.5, 99", "AcQc"],
            "2s 3s 8d Kh",
            "9d",
        ),
        (&["random", "AA", "KK"], "Ah Kc 5d 5s", ""),
        // Interchangeable seats dealt as sets (each set once, standing for its
        // orderings): three of one weighted range around another, not adjacent; four
        // of one range on the river.
        (
            &["QQ+, AKs:0.5", "AhKh, 99", "QQ+, AKs:0.5", "QQ+, AKs:0.5"],
            "2c 7d 9h 3s",
            "",
        ),
        (&["TT+", "TT+", "TT+", "TT+"], "2c 7d 9h 3s 4c", ""),
        // The river walk of precomputed values: weights, a seat of any two, a dead card.
        (
            &["QQ+:0.5, AKs", "random", "JJ, T9s:0.3"],
            "2c 7d 9h 3s Ts",
            "Ad",
        ),
        // Eight cards that exactly fill four hands.
        (&["AA,KK", "AA,KK", "AA,KK", "AA,KK"], "2c 7d 9h", ""),
    ];
    for (seats, board, dead) in cases {
        let m = matchup(seats, board, dead);
        let result = exact::run(&m).unwrap().result(Method::Exact, None);
        let oracle = brute_force_full(seats, board, dead);
        for (i, (got, want)) in result.seats.iter().zip(&oracle).enumerate() {
            let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
            assert!(
                close(got.equity, want.equity)
                    && close(got.win, want.win)
                    && close(got.tie, want.tie),
                "{seats:?} on {board:?} dead {dead:?}, seat {i}: {got:?} vs {want:?}"
            );
            let types = got.hand_types;
            for (g, w) in types.iter().zip(&want.hand_types) {
                assert!(
                    close(*g, *w),
                    "{seats:?} hand types of seat {i}: {types:?} vs {:?}",
                    want.hand_types
                );
            }
        }
    }
}

/// Exact sums are merged in a fixed order: the same numbers on any thread count.
#[test]
fn multiway_exact_same_numbers_on_any_thread_count() {
    let m = matchup(&["AA, KK:0.5", "QQ+, AKs", "JJ+:0.7, AQs+"], "", "");
    let run_on = |threads| on_threads(threads, || exact::run(&m).unwrap());
    let one = run_on(1);
    assert!(one.deals > 0);
    assert_eq!(one, run_on(2));
    assert_eq!(one, run_on(4));
}

#[test]
fn exact_matches_brute_force_with_weights_and_collisions() {
    let cases: &[(&[&str], &str)] = &[
        (&["AKs:0.5, QQ, JTs", "TT+, AQ:0.3, 98s"], "Ts 7h 2c 3d"),
        (&["random", "AA, KK:0.5"], "Kh 9c 4d 2s"),
        (&["22+:0.7, A2s+", "K9s+, QTs+:0.2, JTs"], "Qh Jh 5c Tc"),
        (&["AhKh", "QQ:0.5, AK", "JJ+, T9s"], "Qs 7h 2c 3d"),
        (&["AA, KK", "KK, QQ", "QQ, AA"], "2c 7d 9h"),
        (&["Ah Kd", "Qc Qd", "7s 6s", "Td Jc"], "8s 9s 2h"),
        // A fixed hand against a wide range with quads and a four-flush on board.
        (&["AsKs", "random"], "7c 7d 7h 7s"),
        (&["2c 3d", "random"], "Ah Kh Qh 9h"),
        // A few hands against any two cards, valued by rank pair: rainbow, a
        // three-card suit (flush combos one by one), a paired board, a flop whose
        // turns and rivers bring four of a suit (the by-card path), weighted heroes.
        (&["AKs", "random"], "Qs Ts 5c 2d"),
        (&["AKs:0.5, 76s", "random"], "9h 8h 2h Kd"),
        (&["AA", "random"], "Ac 7d 7h 2s"),
        (&["AsKs", "random"], "Qs Ts 5c"),
        (&["72o", "random"], "Ks 9d 4c 3h"),
    ];
    for (seats, board) in cases {
        let m = matchup(seats, board, "");
        let exact = exact_equities(&m);
        let oracle = brute_force(seats, board);
        for (e, o) in exact.iter().zip(&oracle) {
            assert!(
                (e - o).abs() < 1e-9,
                "{seats:?} on {board}: {exact:?} vs {oracle:?}"
            );
        }
        assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }
}

#[test]
fn full_board_is_a_showdown_and_errors_are_reported() {
    let m = matchup(&["AsAd", "KsKd"], "Ah Kh 2c 3d 9s", "");
    let r = exact::run(&m).unwrap().result(Method::Exact, None);
    assert_eq!(r.deals, 1);
    assert_eq!(r.seats[0].equity, 1.0);
    let sweep = Sweep::new(
        HandRange::parse("AsAd").unwrap(),
        HandRange::random(),
        CardSet::parse("Ah Kh 2c 3d 9s").unwrap(),
        CardSet::EMPTY,
        1..=3,
    )
    .unwrap();
    let r = run_sweep(&sweep, &RunSettings::default(), |_| true);
    for p in &r.points {
        assert_eq!(p.ppot, None);
        assert_eq!(p.npot, None);
        assert!(p.equity.is_finite() && p.hand_strength.is_finite());
        assert_eq!(p.equity, p.hand_strength, "on the river HS is the equity");
    }

    let r = |seats: &[&str], board: &str| {
        let ranges = seats.iter().map(|s| HandRange::parse(s).unwrap()).collect();
        Matchup::new(ranges, CardSet::parse(board).unwrap(), CardSet::EMPTY).unwrap_err()
    };
    assert!(matches!(
        r(&["AA", "AA", "AA"], ""),
        EquityError::Impossible(_)
    ));
    assert!(matches!(
        r(&["AsAd", "AhAc", "AA"], ""),
        EquityError::Impossible(_)
    ));
    assert!(matches!(
        r(&["AA", "KK"], "As Ah Ad"),
        EquityError::EmptySeat { .. }
    ));
    assert!(matches!(
        r(&["AsKs", "QQ"], "As 2c 3d"),
        EquityError::CardTwice { .. }
    ));
    assert!(matches!(
        r(&["AsKs", "AsQd"], ""),
        EquityError::CardTwice { .. }
    ));
    assert!(matches!(r(&["AA"], ""), EquityError::SeatCount(1)));
}

/// Scenarios for Monte Carlo against exact: multiway, colliding, weighted, dead cards,
/// every street.
const SUITE: &[(&[&str], &str, &str)] = &[
    (&["AsKs", "random"], "", ""),
    (&["AA", "JJ+", "JJ+", "JJ+", "JJ+"], "2c 7d 9h", ""),
    (&["AA", "JJ+", "JJ+"], "2c 7d", ""),
    (&["KK", "AA, KK, QQ", "22+", "22+"], "3s 8d 4c", ""),
    (&["AKs:0.5, QQ", "TT+, AQ:0.3"], "Ts 7h 2c", ""),
    (&["AA, KK, QQ", "random", "TT-77"], "Ks Qs 7d 2h", ""),
    (&["AhKh", "QQ", "JTs"], "Qh 7h 2c", "9h"),
    (&["22+", "A2s+, K9s+", "QJs:0.5, T9s"], "8c 9c Jd Qd", ""),
    (&["Ah Kd", "Qc Qd", "7s 6s", "Td Jc"], "8s 9s 2h", ""),
    (&["random", "AA, KK:0.5"], "Kh 9c 4d", "2s 3s"),
    (&["55", "AK", "QJs"], "8h 9d 2c", "Ac Kc"),
    (&["AsKs", "QQ"], "", ""),
    (&["7c 2d", "random"], "Ac Ad Kh", ""),
    (&["JJ", "AK", "random"], "Jc 2s 3d 4h", ""),
    (&["random", "random"], "As Ks Qs Js", ""),
    (&["T9s", "random", "AQ, 88"], "8s 7s 2d 2c", ""),
    (&["AA", "KK", "QQ", "JJ", "TT"], "9c 8c 7d 2s", ""),
    (&["Suited Connected", "Pair"], "Ah 5d 3c", ""),
    (&["Group1", "Group2", "Group3"], "Kd 7s 2c 9h", ""),
    (&["AcAd", "KcKd", "QcQd"], "Js 8h 3d", "Ah"),
    (&["AKo", "22"], "2c 3c", ""),
    (&["15%", "random"], "9d 9s 4c", ""),
    (&["QQ+, AK", "random"], "Qd 5h 6h 7c", ""),
    (&["random", "AA", "KK", "99", "55"], "Tc Jc Qc Kd", ""),
    (&["AhQh", "KhJh", "ThTs"], "9h 8d 2h", ""),
    (&["65s", "AA:0.3, KK"], "4s 3s 9d", ""),
    (&["A5s-A2s", "TT-77"], "Ad 9c 7h", ""),
    (&["Ax", "Kx"], "Qc 5s 2h 8d", ""),
    (&["AK Suited", "Not AK Suited"], "As 4c 8h Jd", ""),
    (&["random", "AsAd"], "Ah Kc 2c", "Kd Ks"),
    (&["KK", "random", "22"], "2s 3h 7c 8d", ""),
    (&["QJo", "JTs", "T9o"], "9s 8s 7s", ""),
];

#[test]
fn monte_carlo_within_four_standard_errors_of_exact() {
    assert!(SUITE.len() >= 30);
    for (i, (seats, board, dead)) in SUITE.iter().enumerate() {
        let m = matchup(seats, board, dead);
        let exact = exact_equities(&m);
        let settings = RunSettings {
            method: Method::MonteCarlo,
            seed: 1000 + i as u64,
            target_se: 0.003,
            max_deals: 2_000_000,
            ..RunSettings::default()
        };
        let mc = run_matchup(&m, &settings, |_| true).unwrap();
        assert_eq!(mc.method, Method::MonteCarlo);
        for (s, (e, r)) in exact.iter().zip(&mc.seats).enumerate() {
            assert!(
                r.equity_se > 0.0 || (*e == 0.0 || *e == 1.0),
                "{seats:?}: no error estimate"
            );
            let z = (r.equity - e).abs() / r.equity_se.max(1e-12);
            assert!(
                z <= 4.0,
                "{seats:?} on {board} seat {s}: MC {} ± {} vs exact {e} (z = {z:.2})",
                r.equity,
                r.equity_se
            );
        }
    }
}

#[test]
fn standard_errors_are_honest() {
    // Over many seeds, |MC − exact| ≤ 2·SE about 95% of the time.
    let m = matchup(&["AhKh", "QQ, JTs"], "Qh 7h 2c", "");
    let exact = exact_equities(&m)[0];
    let sampler = Sampler::new(&m);
    let runs = 400;
    let mut inside = 0;
    for seed in 0..runs {
        let mut tally = multiodds_engine::equity::MatchupTally::default();
        for b in 0..40 {
            tally.merge(&sampler.batch(seed, b, 256));
        }
        let r = tally.result(Method::MonteCarlo, Some(seed));
        if (r.seats[0].equity - exact).abs() <= 2.0 * r.seats[0].equity_se {
            inside += 1;
        }
    }
    let share = inside as f64 / runs as f64;
    assert!((0.92..=0.98).contains(&share), "coverage {share}");
}

#[test]
fn same_seed_same_numbers_on_any_thread_count() {
    let m = matchup(&["KK", "AA, KK, QQ", "22+", "22+"], "", "");
    let settings = RunSettings {
        method: Method::MonteCarlo,
        seed: 42,
        target_se: 0.002,
        max_deals: 3_000_000,
        ..RunSettings::default()
    };
    let run_on = |threads| on_threads(threads, || run_matchup(&m, &settings, |_| true).unwrap());
    let one = run_on(1);
    assert_eq!(one, run_on(2));
    assert_eq!(one, run_on(4));
}

/// A sweep deals each round only as many opponents as the largest count still short
/// of its target: every count still ends at its target, counts done early stop
/// collecting deals, and the numbers do not depend on the thread count.
#[test]
fn sweep_stops_dealing_counts_that_reached_their_target() {
    let sweep = Sweep::new(
        HandRange::parse("72o").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=9,
    )
    .unwrap();
    let settings = RunSettings {
        method: Method::MonteCarlo,
        seed: 11,
        target_se: 0.001,
        potential_target_se: None,
        ..RunSettings::default()
    };
    let run_on = |threads| on_threads(threads, || run_sweep(&sweep, &settings, |_| true));
    let r = run_on(1);
    assert_eq!(
        r.status.stopped,
        Some(multiodds_engine::equity::run::StopRule::TargetReached)
    );
    assert_eq!(r.points.len(), 9);
    for p in &r.points {
        for (name, se) in [
            ("win", p.std_error.win),
            ("tie", p.std_error.tie),
            ("equity", p.std_error.equity),
            ("hs", p.std_error.hand_strength),
        ] {
            assert!(se <= 0.001, "N={} {name} ± {se}", p.opponents);
        }
    }
    // 72o's figures against one opponent spread most (equity near 1/3), so that count
    // limits the run and the larger counts stop being dealt before it.
    assert!(
        r.points[8].deals < r.points[0].deals,
        "deals {:?}",
        r.points.iter().map(|p| p.deals).collect::<Vec<_>>()
    );
    assert_eq!(r, run_on(2));
}

#[test]
fn sweep_monte_carlo_matches_exact_points() {
    let sweep = Sweep::new(
        HandRange::parse("9s 8s").unwrap(),
        HandRange::parse("random").unwrap(),
        CardSet::parse("7s 6d 2s Kh").unwrap(),
        CardSet::EMPTY,
        1..=3,
    )
    .unwrap();
    let settings = RunSettings {
        method: Method::MonteCarlo,
        seed: 5,
        target_se: 0.002,
        max_deals: 4_000_000,
        ..RunSettings::default()
    };
    let mc = run_sweep(&sweep, &settings, |_| true);
    for n in 1..=2 {
        let exact = exact_point(&sweep, n).point(n, Method::Exact, true);
        let p = &mc.points[n - 1];
        let check = |name: &str, m: f64, se: f64, e: f64| {
            assert!(
                (m - e).abs() <= 4.0 * se.max(1e-9),
                "N={n} {name}: {m} ± {se} vs {e}"
            );
        };
        check("win", p.win, p.std_error.win, exact.win);
        check("tie", p.tie, p.std_error.tie, exact.tie);
        check("equity", p.equity, p.std_error.equity, exact.equity);
        check(
            "hs",
            p.hand_strength,
            p.std_error.hand_strength,
            exact.hand_strength,
        );
        check(
            "ppot",
            p.ppot.unwrap(),
            p.std_error.ppot.unwrap(),
            exact.ppot.unwrap(),
        );
        check(
            "npot",
            p.npot.unwrap(),
            p.std_error.npot.unwrap(),
            exact.npot.unwrap(),
        );
    }
    // A weighted opponent range (the clash-ends-the-deal scheme) against exact.
    let sweep = Sweep::new(
        HandRange::parse("AhKh").unwrap(),
        HandRange::parse("QQ+, AK:0.5, T9s").unwrap(),
        CardSet::parse("Qh 7h 2c 3d").unwrap(),
        CardSet::EMPTY,
        1..=2,
    )
    .unwrap();
    let mc = run_sweep(&sweep, &settings, |_| true);
    for n in 1..=2 {
        let exact = exact_point(&sweep, n).point(n, Method::Exact, true);
        let p = &mc.points[n - 1];
        assert!(
            (p.equity - exact.equity).abs() <= 4.0 * p.std_error.equity,
            "N={n}: {} ± {} vs {}",
            p.equity,
            p.std_error.equity,
            exact.equity
        );
    }
}

#[test]
fn sweep_exact_agrees_with_matchup_exact() {
    // N = 2 random opponents: the sweep's equity is a 3-seat matchup's hero equity.
    let sweep = Sweep::new(
        HandRange::parse("AhKh").unwrap(),
        HandRange::random(),
        CardSet::parse("Qh 7h 2c 3d").unwrap(),
        CardSet::EMPTY,
        2..=2,
    )
    .unwrap();
    let p = exact_point(&sweep, 2).point(2, Method::Exact, true);
    let m = matchup(&["AhKh", "random", "random"], "Qh 7h 2c 3d", "");
    let e = exact_equities(&m)[0];
    assert!((p.equity - e).abs() < 1e-9, "{} vs {e}", p.equity);
}

/// The hand types a seat wins or ties with, from the exact rank-pair path (a few hands
/// against any two cards), against Monte Carlo within 5 standard errors; they add up
/// to the seat's win and tie.
#[test]
fn rank_pair_path_hand_types_agree_with_monte_carlo() {
    for board in ["Qs Ts 5c 2d", "9h 8h 2h Kd"] {
        let m = matchup(&["AKs, 76s", "random"], board, "");
        let exact = run_matchup(
            &m,
            &RunSettings {
                method: Method::Exact,
                ..RunSettings::default()
            },
            |_| true,
        )
        .unwrap();
        let mc = run_matchup(
            &m,
            &RunSettings {
                method: Method::MonteCarlo,
                target_se: 1e-9,
                max_deals: 2_000_000,
                seed: 7,
                ..RunSettings::default()
            },
            |_| true,
        )
        .unwrap();
        let n = mc.deals as f64;
        for seat in 0..2 {
            for (i, (e, x)) in exact.seats[seat]
                .hand_types
                .iter()
                .zip(&mc.seats[seat].hand_types)
                .enumerate()
            {
                let se = (e * (1.0 - e) / n).sqrt().max(1e-6);
                assert!(
                    (e - x).abs() < 5.0 * se,
                    "{board} seat {seat} type {i}: exact {e} vs MC {x} (SE {se})"
                );
            }
            let total: f64 = exact.seats[seat].hand_types.iter().sum();
            let won_or_tied = exact.seats[seat].win + exact.seats[seat].tie;
            assert!(
                (total - won_or_tied).abs() < 1e-9,
                "{total} vs {won_or_tied}"
            );
        }
    }
}

#[test]
fn sweep_preflop_exact_point_agrees_with_the_heads_up_enumeration() {
    // AsKs against one random opponent before the flop: 1,225 hands × C(48, 5) boards,
    // enumerated by canonical preflops (the direct walk would take 4.5e9 evaluations).
    let sweep = Sweep::new(
        HandRange::parse("AsKs").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=1,
    )
    .unwrap();
    let p = exact_point(&sweep, 1).point(1, Method::Exact, true);
    assert_eq!(p.deals, 1225 * 1_712_304);
    // Win, tie and equity: the matchup's own heads-up enumeration.
    let m = matchup(&["AsKs", "random"], "", "");
    let hu = exact::run(&m).unwrap().result(Method::Exact, None);
    for (a, b, what) in [
        (p.win, hu.seats[0].win, "win"),
        (p.tie, hu.seats[0].tie, "tie"),
        (p.equity, hu.seats[0].equity, "equity"),
    ] {
        assert!((a - b).abs() < 1e-9, "{what}: {a} vs {b}");
    }
    // Hand strength: two-card hands, counted here opponent by opponent.
    let hero: [Card; 2] = ["As".parse().unwrap(), "Ks".parse().unwrap()];
    let hero_now = multiodds_engine::eval::rank_partial(&hero);
    let (mut ahead, mut tied, mut hands) = (0.0, 0.0, 0.0);
    let deck: Vec<Card> = CardSet::from_iter(hero).complement().iter().collect();
    for i in 0..deck.len() {
        for j in i + 1..deck.len() {
            let v = multiodds_engine::eval::rank_partial(&[deck[i], deck[j]]);
            hands += 1.0;
            match hero_now.cmp(&v) {
                std::cmp::Ordering::Greater => ahead += 1.0,
                std::cmp::Ordering::Equal => tied += 1.0,
                std::cmp::Ordering::Less => {}
            }
        }
    }
    let hs = (ahead + tied / 2.0) / hands;
    assert!(
        (p.hand_strength - hs).abs() < 1e-9,
        "{} vs {hs}",
        p.hand_strength
    );
    // With one opponent the potentials tie HS to the equity exactly (reference §4).
    let (ppot, npot) = (p.ppot.unwrap(), p.npot.unwrap());
    let identity = p.hand_strength * (1.0 - npot) + (1.0 - p.hand_strength) * ppot;
    assert!(
        (identity - p.equity).abs() < 1e-9,
        "{identity} vs {}",
        p.equity
    );
}
