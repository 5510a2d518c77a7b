//! The chart against each class run alone and against exact sweeps, in Hold'em and
//! short deck; where it shares deals; its independence from the threads.

use super::*;
use crate::equity::Method;

/// Each shared point against the class's own sweep run alone (both Monte Carlo): win
/// and equity within 4.5 combined standard errors, each error within the target.
fn agrees_with_alone(name: &str, shared: &[SweepPoint], alone: &[SweepPoint], target: f64) {
    for (p, q) in shared.iter().zip(alone) {
        assert_eq!((p.opponents, p.method), (q.opponents, Method::MonteCarlo));
        for (got, se, want, se_alone) in [
            (p.win, p.std_error.win, q.win, q.std_error.win),
            (p.equity, p.std_error.equity, q.equity, q.std_error.equity),
        ] {
            assert!(se <= target && se > 0.0, "{name}: se {se}");
            let z = (got - want) / se.hypot(se_alone);
            assert!(
                z.abs() < 4.5,
                "{name} vs {}: {got} alone {want}",
                p.opponents
            );
        }
    }
}

/// A short-deck class's sweep by the games engine, against random hands.
fn short_deck_sweep(
    class: HandClass,
    board: CardSet,
    counts: std::ops::RangeInclusive<usize>,
) -> crate::equity::games::GameSweep {
    let game = Game::SHORT_DECK;
    crate::equity::games::GameSweep::new(
        game,
        HoleRange::from_two_card(&class_range(class, board), game),
        HoleRange::random(game),
        board,
        CardSet::EMPTY,
        counts,
    )
    .unwrap()
}

/// A preflop chart of `game` against random hands at one to three opponents, and its
/// settings (a target of 0.004, returned too).
fn preflop_chart(game: Game) -> (ChartSpec, RunSettings, f64) {
    let spec = ChartSpec {
        game,
        board: CardSet::EMPTY,
        dead: CardSet::EMPTY,
        counts: 1..=3,
        vs: HandRange::random(),
    };
    let target = 0.004;
    let settings = RunSettings {
        target_se: target,
        ..RunSettings::default()
    };
    (spec, settings, target)
}

/// The chart preflop: the one-opponent column from the table, the others from
/// shared deals. Every class is streamed once with all its counts within the
/// target, and each agrees with its own sweep run alone (both Monte Carlo: within
/// 4.5 combined standard errors).
#[test]
fn the_shared_chart_matches_each_class_run_alone() {
    let (spec, settings, target) = preflop_chart(Game::HOLDEM);
    // Each class comes as it sharpens, then once counted done (the count goes up by
    // one with its final cell), and never after.
    let mut finished = vec![0; 169];
    let mut done_so_far = 0;
    let chart = run_chart(&spec, &settings, |cell| {
        let i = cell.class.index();
        assert_eq!(finished[i], 0, "{} came after it was done", cell.class);
        if cell.done == done_so_far + 1 {
            finished[i] += 1;
            assert_eq!(cell.points.as_ref().map(Vec::len), Some(3));
        } else {
            assert_eq!(cell.done, done_so_far);
        }
        done_so_far = cell.done;
        true
    })
    .unwrap();
    assert_eq!(chart.done, 169);
    assert!(finished.iter().all(|&f| f == 1), "{finished:?}");
    assert_eq!(chart.method_key(), "mixed");
    for name in ["AA", "KK", "AKs", "T9s", "72o", "J4o", "22"] {
        let class = HandClass::all().find(|c| c.to_string() == name).unwrap();
        let points = chart.cells[class.index()].as_ref().unwrap();
        assert_eq!(points[0].method, Method::Exact);
        let alone = Sweep::new(
            class_range(class, CardSet::EMPTY),
            HandRange::random(),
            CardSet::EMPTY,
            CardSet::EMPTY,
            2..=3,
        )
        .unwrap();
        let alone = class_sweep(&alone, class, &settings, 0.0);
        agrees_with_alone(name, &points[1..], &alone, target);
    }
}

/// The short-deck chart from shared deals (its cards below the six dead, its hands in
/// short deck's order) on a river, where each class's points can be enumerated: every
/// class's win and equity within 4.5 standard errors of its own exact sweep in short
/// deck, at one and two opponents, and the chart streams each class done once.
#[test]
fn the_short_deck_chart_from_shared_deals_matches_exact() {
    use crate::equity::run::SweepSource;
    let board = CardSet::parse("Ah 9d 8c 7s 6h").unwrap();
    let spec = ChartSpec {
        game: Game::SHORT_DECK,
        board,
        dead: CardSet::EMPTY,
        counts: 1..=2,
        vs: HandRange::random(),
    };
    let target = 0.004;
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: target,
        ..RunSettings::default()
    };
    let mut finished = 0;
    let chart = run_chart(&spec, &settings, |cell| {
        finished = cell.done;
        true
    })
    .unwrap();
    assert_eq!(chart.done, 81);
    assert_eq!(finished, 81);
    assert_eq!(chart.method_key(), "monte_carlo");
    // A straight on board, a wheel class (A6: A-6-7-8-9), flush and full-house
    // classes, and classes the board blocks in part.
    for name in ["AA", "KK", "JTs", "T9o", "66", "A6o", "QJs", "K7o", "99"] {
        let class = HandClass::all().find(|c| c.to_string() == name).unwrap();
        let points = chart.cells[class.index()].as_ref().unwrap();
        let alone = short_deck_sweep(class, board, 1..=2);
        for p in points {
            let n = p.opponents;
            let exact = alone
                .exact_point(n, &crate::equity::RunControl::new())
                .point(n, Method::Exact, false);
            assert_eq!(p.method, Method::MonteCarlo);
            for (what, got, se, want) in [
                ("win", p.win, p.std_error.win, exact.win),
                ("tie", p.tie, p.std_error.tie, exact.tie),
                ("equity", p.equity, p.std_error.equity, exact.equity),
            ] {
                assert!(se <= target, "{name} vs {n}: {what} se {se}");
                let z = (got - want) / se.max(1e-6);
                assert!(
                    z.abs() < 4.5,
                    "{name} vs {n}: {what} {got}, exact {want} (z {z})"
                );
            }
        }
    }
}

/// Preflop the short-deck chart's one-opponent column is the table's, exact, and the
/// other counts come from shared deals: each within 4.5 combined standard errors of
/// the class run alone by the games engine.
#[test]
fn the_short_deck_chart_preflop_matches_each_class_run_alone() {
    let (spec, settings, target) = preflop_chart(Game::SHORT_DECK);
    let chart = run_chart(&spec, &settings, |_| true).unwrap();
    assert_eq!(chart.done, 81);
    for name in ["AA", "KQs", "A6o", "76s", "66", "T9o"] {
        let class = HandClass::all().find(|c| c.to_string() == name).unwrap();
        let points = chart.cells[class.index()].as_ref().unwrap();
        assert_eq!(points.len(), 3);
        assert_eq!(points[0].method, Method::Exact);
        let alone = short_deck_sweep(class, CardSet::EMPTY, 2..=3);
        let alone = class_sweep(&alone, class, &settings, 0.0);
        agrees_with_alone(name, &points[1..], &alone, target);
    }
}

/// Deals are shared only while a class's combo is often free of them: at 14 or more
/// opponents preflop the chart goes class by class (nothing is done by the shared
/// path), and on the river under `auto` too (its exact counts).
#[test]
fn the_chart_shares_deals_only_where_it_pays() {
    let spec = |game: Game, counts: std::ops::RangeInclusive<usize>, board: &str| ChartSpec {
        game,
        board: CardSet::parse(board).unwrap(),
        dead: CardSet::EMPTY,
        counts,
        vs: HandRange::random(),
    };
    let settings = RunSettings {
        target_se: 0.01,
        ..RunSettings::default()
    };
    let (holdem, short) = (Game::HOLDEM, Game::SHORT_DECK);
    let mut cells = 0;
    for (spec, shared) in [
        (spec(holdem, 1..=22, ""), false),
        (spec(holdem, 14..=14, ""), false),
        (spec(holdem, 1..=2, "Ah Kd 7c 7s 2h"), false),
        (spec(holdem, 13..=13, ""), true),
        (spec(holdem, 2..=3, "Ah Kd 7c"), true),
        (spec(short, 12..=12, ""), false),
        (spec(short, 1..=2, "Ah Kd 7c 7s 6h"), false),
        (spec(short, 11..=11, ""), true),
        (spec(short, 2..=3, "Ah Kd 7c"), true),
    ] {
        let mut result = ChartResult::empty(1);
        let ran = shared_chart(&spec, &settings, &mut result, &mut |_| {
            cells += 1;
            true
        })
        .unwrap();
        let what = format!("{} {:?} on {}", spec.game.name(), spec.counts, spec.board);
        assert_eq!(ran.is_some(), shared, "{what}");
        let classes = spec.class_count();
        assert_eq!(result.done, if shared { classes } else { 0 }, "{what}");
    }
    assert!(cells >= 2 * 169 + 2 * 81);
}

/// The same seed gives the same chart on one thread as on two: each round's plan
/// (which classes run, how many opponents are dealt) comes from the merged total.
#[test]
fn the_shared_chart_does_not_depend_on_the_threads() {
    let spec = ChartSpec {
        game: Game::HOLDEM,
        board: CardSet::parse("9h 8h 2c").unwrap(),
        dead: CardSet::EMPTY,
        counts: 1..=4,
        vs: HandRange::random(),
    };
    let settings = RunSettings {
        target_se: 0.003,
        method: Method::MonteCarlo,
        ..RunSettings::default()
    };
    let on = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| run_chart(&spec, &settings, |_| true).unwrap())
    };
    let (one, two) = (on(1), on(2));
    assert_eq!(one.done, 169);
    assert_eq!(one, two);
}

/// The classes' heads-up equities from one valuation of every combo equal each
/// class's own enumeration.
#[test]
fn heads_up_equities_from_every_combo_equal_each_class_enumerated() {
    for board in ["Kd 7c 2s", "9h 8h 2c Jd", "Ah Kd 7c 7s 2h"] {
        let spec = ChartSpec {
            game: Game::HOLDEM,
            board: CardSet::parse(board).unwrap(),
            dead: CardSet::parse("3c").unwrap(),
            counts: 2..=3,
            vs: HandRange::random(),
        };
        let blocked = spec.board.union(spec.dead);
        let new_sweep = |class| {
            Sweep::new(
                class_range(class, blocked),
                HandRange::random(),
                spec.board,
                spec.dead,
                2..=3,
            )
            .unwrap()
        };
        let classes: Vec<HandClass> = ["AA", "KQs", "72o", "33", "T9s"]
            .iter()
            .map(|n| HandClass::all().find(|c| c.to_string() == *n).unwrap())
            .collect();
        let from_all: Vec<Sweep> = classes.iter().map(|&c| new_sweep(c)).collect();
        let refs: Vec<&Sweep> = from_all.iter().collect();
        know_heads_up_equities(&spec, &refs, &RunSettings::default());
        for (&class, sweep) in classes.iter().zip(&from_all) {
            let known = sweep.heads_up_equity().unwrap();
            let enumerated = new_sweep(class).heads_up_equity().unwrap();
            assert!(
                (known - enumerated).abs() < 1e-9,
                "{class} on {board}: {known} vs {enumerated}"
            );
        }
    }
}
