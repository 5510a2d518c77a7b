//! Exact sweep points in games other than Hold'em. Oracles: a plain enumeration written
//! here (every opponent hand and river card, the figures from their definitions), the
//! games engine's exact matchup (a different enumeration), and the Monte Carlo sweep
//! within four standard errors.

use multiodds_engine::cards::{Card, CardSet, Game};
use multiodds_engine::equity::games::{run_game, GameMatchup, GameSweep, SweepJob};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::{EquityError, Method};
use multiodds_engine::eval::omaha_high;
use multiodds_engine::range::HoleRange;

fn settings(method: Method) -> RunSettings {
    RunSettings {
        method,
        seed: 5,
        target_se: 0.001,
        ..RunSettings::default()
    }
}

fn sweep(
    game: Game,
    hero: &str,
    opps: &str,
    board: &str,
    counts: std::ops::RangeInclusive<usize>,
) -> GameSweep {
    GameSweep::new(
        game,
        HoleRange::parse(hero, game).unwrap(),
        HoleRange::parse(opps, game).unwrap(),
        CardSet::parse(board).unwrap(),
        CardSet::EMPTY,
        counts,
    )
    .unwrap()
}

fn cards(set: CardSet) -> Vec<Card> {
    set.iter().collect()
}

/// Reference §4's figures for one hero hand against one opponent from `opps` on a turn,
/// counted plainly: win, tie, equity, hand strength, PPot, NPot.
fn plain_omaha_turn(hero: &str, opps: &str, board: &str) -> [f64; 6] {
    let game = Game::OMAHA;
    let hero = CardSet::parse(hero).unwrap();
    let board = CardSet::parse(board).unwrap();
    let blocked = hero.union(board);
    let (mut total, mut win, mut tie) = (0.0, 0.0, 0.0);
    let (mut hs_num, mut hs_den) = (0.0, 0.0);
    // [now][river] with 0 ahead, 1 tied, 2 behind.
    let mut table = [[0.0f64; 3]; 3];
    let order = |a: u16, b: u16| match a.cmp(&b) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Less => 2,
    };
    for (opp, weight) in HoleRange::parse(opps, game).unwrap().live_hands(blocked) {
        let w = f64::from(weight);
        let now = order(
            omaha_high(&cards(hero), &cards(board)).get(),
            omaha_high(&cards(opp), &cards(board)).get(),
        );
        hs_num += w * [1.0, 0.5, 0.0][now];
        hs_den += w;
        for river in game.deck().difference(blocked.union(opp)).iter() {
            let full: Vec<Card> = cards(board).into_iter().chain([river]).collect();
            let at_river = order(
                omaha_high(&cards(hero), &full).get(),
                omaha_high(&cards(opp), &full).get(),
            );
            total += w;
            win += w * f64::from(at_river == 0);
            tie += w * f64::from(at_river == 1);
            table[now][at_river] += w;
        }
    }
    let row = |r: usize| table[r].iter().sum::<f64>();
    let ppot = (table[2][0] + table[2][1] / 2.0 + table[1][0] / 2.0) / (row(2) + row(1) / 2.0);
    let npot = (table[0][2] + table[0][1] / 2.0 + table[1][2] / 2.0) / (row(0) + row(1) / 2.0);
    [
        win / total,
        tie / total,
        (win + tie / 2.0) / total,
        hs_num / hs_den,
        ppot,
        npot,
    ]
}

#[test]
fn an_omaha_exact_point_equals_a_plain_enumeration_of_every_figure() {
    let (hero, opps, board) = ("As Ks Qh Jh", "KKxx, QQxx:0.5", "Kd Ts 7h 2c");
    let s = sweep(Game::OMAHA, hero, opps, board, 1..=1);
    let r = SweepJob::from(s).run(&settings(Method::Exact), |_| true);
    let p = &r.points[0];
    assert_eq!(p.method, Method::Exact);
    let want = plain_omaha_turn(hero, opps, board);
    let got = [
        p.win,
        p.tie,
        p.equity,
        p.hand_strength,
        p.ppot.expect("PPot on a turn"),
        p.npot.expect("NPot on a turn"),
    ];
    for (name, (g, w)) in ["win", "tie", "equity", "HS", "PPot", "NPot"]
        .iter()
        .zip(got.iter().zip(want))
    {
        assert!((g - w).abs() < 1e-12, "{name}: {g} against {w}");
    }
}

#[test]
fn exact_points_equal_the_games_exact_matchup_in_every_board_game() {
    // Explicit hands (with weights) where two opponents are enumerated: every set of
    // two from a pattern range would be billions of deals.
    let cases = [
        (
            Game::OMAHA,
            "Ah Ad 9s 8s",
            "KhKdQsJs, Ts9h6c5c:0.5, QhJdTh9d, 7d7h5s3s",
            "Kc 7s 2d",
            1..=2,
        ),
        (
            Game::OMAHA_HILO,
            "As 2s 3d Kh",
            "Ac2hJdTd, KdQd5h6h:0.25, Ad3c8c8h, 2c4dJsJh",
            "Qs 7h 4c 9d",
            1..=2,
        ),
        (
            Game::OMAHA5,
            "As Ks Qs 9h 8h",
            "AAxxx",
            "Td 7h 2c Jc",
            1..=1,
        ),
        (
            Game::SHORT_DECK,
            "Ah Kh",
            "TT+, AJ+, 76s",
            "Qh 9h 6c",
            1..=2,
        ),
    ];
    for (game, hero, opps, board, counts) in cases {
        let s = sweep(game, hero, opps, board, counts.clone());
        let r = SweepJob::from(s).run(&settings(Method::Exact), |_| true);
        assert_eq!(r.points.len(), counts.clone().count(), "{game}");
        for p in &r.points {
            assert_eq!(p.method, Method::Exact, "{game}");
            let seats: Vec<HoleRange> = std::iter::once(HoleRange::parse(hero, game).unwrap())
                .chain(std::iter::repeat_n(
                    HoleRange::parse(opps, game).unwrap(),
                    p.opponents,
                ))
                .collect();
            let m = GameMatchup::new(game, seats, CardSet::parse(board).unwrap(), CardSet::EMPTY)
                .unwrap();
            let exact = run_game(&m, &settings(Method::Exact), |_| true).unwrap();
            assert_eq!(exact.method, Method::Exact);
            let seat = &exact.seats[0];
            assert!(
                (p.equity - seat.equity).abs() < 1e-9,
                "{game}, {} opponents: equity {} against the matchup's {}",
                p.opponents,
                p.equity,
                seat.equity
            );
            if !game.is_hi_lo() {
                assert!((p.win - seat.win).abs() < 1e-9, "{game}: win");
                assert!((p.tie - seat.tie).abs() < 1e-9, "{game}: tie");
            } else {
                let low = &exact.low[0];
                assert!(
                    (p.scoop.unwrap() - low.scoop).abs() < 1e-9,
                    "{game}: scoop {} against {}",
                    p.scoop.unwrap(),
                    low.scoop
                );
            }
        }
    }
}

#[test]
fn monte_carlo_points_lie_within_their_errors_of_the_exact_points() {
    let s = sweep(
        Game::OMAHA_HILO,
        "As 2h 4d Kc",
        "random",
        "Ks 7h 3c 9d",
        1..=1,
    );
    let exact = SweepJob::from(s.clone()).run(&settings(Method::Exact), |_| true);
    let mc = SweepJob::from(s).run(&settings(Method::MonteCarlo), |_| true);
    let (e, m) = (&exact.points[0], &mc.points[0]);
    assert_eq!((e.method, m.method), (Method::Exact, Method::MonteCarlo));
    let pairs = [
        ("equity", e.equity, m.equity, m.std_error.equity),
        ("win", e.win, m.win, m.std_error.win),
        (
            "HS",
            e.hand_strength,
            m.hand_strength,
            m.std_error.hand_strength,
        ),
        (
            "PPot",
            e.ppot.unwrap(),
            m.ppot.unwrap(),
            m.std_error.ppot.unwrap(),
        ),
        (
            "NPot",
            e.npot.unwrap(),
            m.npot.unwrap(),
            m.std_error.npot.unwrap(),
        ),
    ];
    for (name, exact, estimate, se) in pairs {
        assert!(se > 0.0, "{name} has an error");
        assert!(
            (exact - estimate).abs() < 4.0 * se,
            "{name}: {estimate} ± {se} against {exact}"
        );
    }
}

#[test]
fn auto_enumerates_cheap_counts_and_an_exact_request_past_the_bound_is_refused() {
    // Heads-up against AAxx, 88xx on a turn is under a million valuations: auto makes it
    // exact; three such opponents are left to the Monte Carlo run.
    let s = sweep(
        Game::OMAHA,
        "As Ks Qh Jh",
        "AAxx, 88xx",
        "Kd Ts 7h 2c",
        1..=3,
    );
    let r = SweepJob::from(s).run(&settings(Method::Auto), |_| true);
    assert_eq!(r.points[0].method, Method::Exact);
    assert_eq!(r.points[2].method, Method::MonteCarlo);
    // Five random opponents preflop in Omaha: refused with its time, not started.
    let s = sweep(Game::OMAHA, "As Ks Qh Jh", "random", "", 5..=5);
    match SweepJob::from(s).check_affordable(Method::Exact, 2) {
        Err(EquityError::TooLarge { seconds, .. }) => assert!(seconds > 120.0),
        Err(EquityError::ExactNotOffered(why)) => assert!(why.contains("too many"), "{why}"),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The shipped short-deck table against the engine's own exact enumeration: one combo
/// of a class against a random hand preflop (every combo of a class has its equity).
#[test]
fn the_short_deck_heads_up_table_equals_an_exact_enumeration() {
    use multiodds_engine::equity::games::short_deck_heads_up::{class_heads_up, range_equity};
    use multiodds_engine::range::HandClass;
    let game = Game::SHORT_DECK;
    for (combo, class) in [
        ("Ks Qs", HandClass::of_ranks(11, 10, true)),
        ("7h 7d", HandClass::of_ranks(5, 5, false)),
    ] {
        let seats = vec![
            HoleRange::parse(combo, game).unwrap(),
            HoleRange::random(game),
        ];
        let m = GameMatchup::new(game, seats, CardSet::EMPTY, CardSet::EMPTY).unwrap();
        let exact = run_game(&m, &settings(Method::Exact), |_| true).unwrap();
        assert_eq!(exact.method, Method::Exact);
        let (win, tie, equity) = class_heads_up(game, class).expect("a short-deck class");
        let seat = &exact.seats[0];
        for (name, table, enumerated) in [
            ("win", win, seat.win),
            ("tie", tie, seat.tie),
            ("equity", equity, seat.equity),
        ] {
            assert!(
                (table - enumerated).abs() < 1e-12,
                "{class} {name}: table {table} against {enumerated}"
            );
        }
    }
    // A range's equity is its hands' weighted mean; no table outside short deck, on a
    // board or for a hand of another shape.
    let aa = class_heads_up(game, HandClass::of_ranks(12, 12, false))
        .unwrap()
        .2;
    let kqs = class_heads_up(game, HandClass::of_ranks(11, 10, true))
        .unwrap()
        .2;
    let range = HoleRange::parse("AA, KQs:0.5", game).unwrap();
    let want = (6.0 * aa + 0.5 * 4.0 * kqs) / (6.0 + 0.5 * 4.0);
    assert!((range_equity(game, &range).unwrap() - want).abs() < 1e-12);
    assert_eq!(
        range_equity(Game::HOLDEM, &HoleRange::parse("AA", Game::HOLDEM).unwrap()),
        None
    );
    assert_eq!(class_heads_up(game, HandClass::of_ranks(3, 0, false)), None);
}

/// The short-deck sweep preflop against random hands uses the table's equity as its
/// control variate: its figures agree with the plain Monte Carlo (no control) within
/// their errors, with smaller errors at two opponents.
#[test]
fn the_short_deck_control_variate_agrees_with_plain_monte_carlo() {
    let s = sweep(Game::SHORT_DECK, "AKs", "random", "", 2..=4);
    assert!(s.heads_up_equity.is_some(), "the table's equity is known");
    let mut plain = s.clone();
    plain.heads_up_equity = None;
    let controlled = SweepJob::from(s).run(&settings(Method::MonteCarlo), |_| true);
    let plain = SweepJob::from(plain).run(&settings(Method::MonteCarlo), |_| true);
    for (c, p) in controlled.points.iter().zip(&plain.points) {
        let se = (c.std_error.equity.powi(2) + p.std_error.equity.powi(2)).sqrt();
        assert!(
            (c.equity - p.equity).abs() < 4.0 * se,
            "{} opponents: {} against {} (± {se})",
            c.opponents,
            c.equity,
            p.equity
        );
    }
    // The spread per deal (error² × deals) at two opponents is smaller with the control.
    let spread = |p: &multiodds_engine::equity::sweep::SweepPoint| {
        p.std_error.equity.powi(2) * p.deals as f64
    };
    assert!(
        spread(&controlled.points[0]) < 0.9 * spread(&plain.points[0]),
        "{} against {}",
        spread(&controlled.points[0]),
        spread(&plain.points[0])
    );
}
