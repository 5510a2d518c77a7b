//! What the classic programs offered (issue "What the classic programs offered"): the
//! whole pocket query language, the classic win odds and joint potentials, any number
//! of players, and outs as the original library counts them.

use multiodds_engine::cards::CardSet;
use multiodds_engine::equity::outs::outs;
use multiodds_engine::equity::run::{run_matchup, run_sweep, RunSettings};
use multiodds_engine::equity::sweep::{exact_point, Sweep, MAX_OPPONENTS};
use multiodds_engine::equity::{EquityError, Matchup, Method, MAX_SEATS};
use multiodds_engine::range::{Combo, HandRange, RangeErrorKind};

fn count(text: &str) -> usize {
    HandRange::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .combo_count()
}

fn same(a: &str, b: &str) {
    assert_eq!(
        HandRange::parse(a).unwrap_or_else(|e| panic!("{a}: {e}")),
        HandRange::parse(b).unwrap_or_else(|e| panic!("{b}: {e}")),
        "{a} should equal {b}"
    );
}

#[test]
fn every_query_word_of_the_original() {
    let rows: &[(&str, usize)] = &[
        ("Group2 To Group5", 212),
        ("Group2 Through Group5", 212),
        ("G2 - G5", 212),
        ("G2-G5", 212),
        ("Group1 Union Group3", 62),
        ("Group3 Intersection Offsuit", 18),
        ("Group3 Intersect Offsuit", 18),
        ("Group3 In Offsuit", 18),
        ("Pair < 66", 24),
        ("Pair > TT", 24),
        ("S", 312),
        ("O", 1014),
        ("Offsuited", 1014),
        ("C", 208),
        ("Gap", 528),
        ("Gapped", 528),
        ("Gapped1", count("Gap1")),
        ("Gapped2", count("Gap2")),
        ("Gapped3", count("Gap3")),
        ("Paired", 78),
        ("GN", 792),
        ("GNone", 792),
        ("?", 1326),
        ("TT Through 77", 24),
        ("A5s To A2s", 16),
        ("T9s - 65s", 20),
    ];
    for &(text, combos) in rows {
        assert_eq!(count(text), combos, "{text}");
    }
    same("Pair > TT", "AA, KK, QQ, JJ");
    same("Pair < 66", "55-22");
    same("? > G3", "G1, G2");
    same("? >= G3", "G1-G3");
    same("? < G8", "GN");
    same("? <= G8", "G8, GN");
    // `>= G9` never takes the unranked hands themselves.
    same("? >= G9", "G1-G8");
    same("AK S", "AKs");
    same("Connected S", "Connected Suited");
    same("Not Pair Union Group1", "(Not Pair), Group1");
}

#[test]
fn comparisons_against_a_class_follow_the_preflop_ranking() {
    let ranked = multiodds_engine::range::preflop_order();
    let position = |name: &str| {
        ranked
            .iter()
            .position(|c| c.to_string() == name)
            .expect("class")
    };
    // `E <= AK`: every class at most as strong as AKs (AK's stronger half).
    let weaker = HandRange::parse("E <= AK").unwrap();
    for (i, class) in ranked.iter().enumerate() {
        let inside = weaker.contains(class.combos()[0]);
        assert_eq!(inside, i >= position("AKs"), "{class}");
    }
    // `E > AKs`: only the classes ranked above AKs.
    let stronger = HandRange::parse("E > AKs").unwrap();
    let above: usize = ranked[..position("AKs")]
        .iter()
        .map(|c| c.combo_count())
        .sum();
    assert_eq!(stronger.combo_count(), above);
}

#[test]
fn query_errors_name_the_token() {
    let e = HandRange::parse("G2 To").unwrap_err();
    assert_eq!(e.kind, RangeErrorKind::ExpectedTerm);
    let e = HandRange::parse("G2 To AKs").unwrap_err();
    assert_eq!(e.kind, RangeErrorKind::SpanMismatch);
    assert_eq!(e.column, 4, "{e}");
    let e = HandRange::parse("Pair > banana").unwrap_err();
    assert_eq!(e.kind, RangeErrorKind::BadComparison);
    assert_eq!(e.column, 8);
    // A bad second word of a spaced span points into that word.
    let e = HandRange::parse("TT To 7x7").unwrap_err();
    assert!(e.column >= 7, "{e}");
}

#[test]
fn canonical_text_of_query_words_round_trips() {
    for text in [
        "Group2 To Group5",
        "Group3 Intersection Offsuit",
        "Pair > TT",
        "? > G3",
        "Gap S",
        "E <= AK",
    ] {
        let range = HandRange::parse(text).unwrap();
        let again = HandRange::parse(&range.to_string()).unwrap();
        assert_eq!(range, again, "{text} → {range}");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}AA{}", "(".repeat(8_000), ")".repeat(8_000));
    let e = HandRange::parse(&deep).unwrap_err();
    assert_eq!(e.kind, RangeErrorKind::TooDeep);
    // Past 256 KiB of text nothing is parsed at all.
    let huge = format!("{}AA{}", "(".repeat(150_000), ")".repeat(150_000));
    let e = HandRange::parse(&huge).unwrap_err();
    assert_eq!(e.kind, RangeErrorKind::TooLong(300_002));
    assert_eq!(e.column, multiodds_engine::range::MAX_RANGE_TEXT + 1);
    let nots = format!("{}AA", "!".repeat(16_001));
    assert_eq!(HandRange::parse(&nots).unwrap().combo_count(), 1326 - 6);
    let shallow = format!("{}AA{}", "(".repeat(20), ")".repeat(20));
    assert_eq!(count(&shallow), 6);
}

fn sweep(hero: &str, board: &str, counts: std::ops::RangeInclusive<usize>) -> Sweep {
    Sweep::new(
        HandRange::parse(hero).unwrap(),
        HandRange::random(),
        CardSet::parse(board).unwrap(),
        CardSet::EMPTY,
        counts,
    )
    .unwrap()
}

/// The classic programs' published 169 × 1–9 table, row AKs (win odds, %).
#[test]
fn win_odds_reproduce_the_published_table() {
    let published = [
        67.03, 50.82, 41.53, 35.50, 31.16, 27.80, 25.06, 22.73, 20.79,
    ];
    let s = sweep("AsKs", "", 1..=9);
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.0002,
        potential_target_se: None,
        seed: 7,
        ..RunSettings::default()
    };
    let r = run_sweep(&s, &settings, |_| true);
    for (p, &reference) in r.points.iter().zip(&published) {
        assert!(p.std_error.win_odds <= 0.00025, "{}", p.std_error.win_odds);
        assert!(
            (100.0 * p.win_odds - reference).abs() < 0.1,
            "{} opponents: {:.3} vs {reference}",
            p.opponents,
            100.0 * p.win_odds
        );
        // Win odds count every tie half: between win and equity's ... and never
        // below win.
        assert!(p.win_odds >= p.win - 1e-12);
        assert!((p.win_odds - (p.win + p.tie / 2.0)).abs() < 1e-9);
    }
}

/// reference §4's worked example: A♦Q♣ on 3♥4♣J♥ against one random hand is ahead of 628
/// of 1,081 hands, tied with 9, behind 444.
#[test]
fn joint_potentials_follow_the_identity() {
    let s = sweep("Ad Qc", "3h 4c Jh", 1..=1);
    let p = exact_point(&s, 1).point(1, Method::Exact, true);
    let (ppot, npot) = (p.ppot.unwrap(), p.npot.unwrap());
    let behind_or_half_tied = (444.0 + 9.0 / 2.0) / 1081.0;
    let ahead_or_half_tied = (628.0 + 9.0 / 2.0) / 1081.0;
    assert!((p.ppot_joint.unwrap() - ppot * behind_or_half_tied).abs() < 1e-12);
    assert!((p.npot_joint.unwrap() - npot * ahead_or_half_tied).abs() < 1e-12);
    // Heads-up, win odds and equity are the same figure.
    assert!((p.win_odds - p.equity).abs() < 1e-12);
    // On the river there is no potential, joint or not.
    let river = sweep("Ad Qc", "3h 4c Jh 2s 9d", 1..=1);
    let p = exact_point(&river, 1).point(1, Method::Exact, false);
    assert_eq!((p.ppot_joint, p.npot_joint), (None, None));
}

#[test]
fn any_number_of_players() {
    assert_eq!(MAX_SEATS, 23);
    assert_eq!(MAX_OPPONENTS, 22);
    // The XPokerEquity article's example: pocket aces against 21 random hands.
    let mut ranges = vec![HandRange::parse("AA").unwrap()];
    ranges.extend((0..21).map(|_| HandRange::random()));
    let m = Matchup::new(ranges, CardSet::EMPTY, CardSet::EMPTY).unwrap();
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.003,
        seed: 3,
        ..RunSettings::default()
    };
    let r = run_matchup(&m, &settings, |_| true).unwrap();
    assert_eq!(r.seats.len(), 22);
    let total: f64 = r.seats.iter().map(|s| s.equity).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    // Aces are still the favourite seat, and far below half the pot.
    assert!(r.seats[0].equity > r.seats[1].equity && r.seats[0].equity < 0.3);

    // 23 seats with a full board use 51 cards: allowed; 24 are refused.
    let board = CardSet::parse("2c 3d 4h 5s 7c").unwrap();
    let m = Matchup::new(vec![HandRange::random(); 23], board, CardSet::EMPTY).unwrap();
    let r = run_matchup(&m, &settings, |_| true).unwrap();
    let total: f64 = r.seats.iter().map(|s| s.equity).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!(matches!(
        Matchup::new(
            vec![HandRange::random(); 24],
            CardSet::EMPTY,
            CardSet::EMPTY
        ),
        Err(EquityError::SeatCount(24))
    ));

    // The sweep runs to 22 opponents when the cards allow.
    let s = sweep("AsKs", "", 20..=22);
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.004,
        potential_target_se: None,
        ..RunSettings::default()
    };
    let r = run_sweep(&s, &settings, |_| true);
    assert_eq!(r.points.len(), 3);
    assert!(r
        .points
        .windows(2)
        .all(|w| w[0].equity > w[1].equity - 0.01));
    assert!(Sweep::new(
        HandRange::parse("AsKs").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=23
    )
    .is_err());
}

fn combo(text: &str) -> Combo {
    let c = multiodds_engine::cards::parse_card_list(text).unwrap();
    Combo::new(c[0], c[1]).unwrap()
}

#[test]
fn outs_reference_values_of_the_original_library() {
    let set = |t: &str| CardSet::parse(t).unwrap();
    let o = outs(combo("Qs Js"), set("9c Ts 7d 3c"), CardSet::EMPTY, &[]).unwrap();
    let c = o.classic.as_ref().unwrap();
    assert_eq!(
        (o.all.outs, c.discounted.len(), c.outs_ex.len()),
        (14, 6, 14)
    );
    assert!(o.open_ended);
    let o = outs(combo("8d 7d"), set("9d 6c 2d"), CardSet::EMPTY, &[]).unwrap();
    assert_eq!(
        (
            o.classic.as_ref().unwrap().discounted.len(),
            o.straight.outs,
            o.flush.outs
        ),
        (15, 6, 9)
    );
    let o = outs(combo("Kc Ks"), set("Kd Ac 2h 7s"), CardSet::EMPTY, &[]).unwrap();
    let c = o.classic.unwrap();
    assert_eq!(
        (c.discounted.len(), c.outs_ex.len(), c.hand_distance),
        (10, 10, 1)
    );
}

#[test]
fn the_combo_draw_example_loads() {
    let s = multiodds_engine::scenario::Scenario::load(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../assets/examples/combo_draw_outs.ron"),
    )
    .unwrap();
    assert_eq!(
        (s.multiodds.hero.as_str(), s.multiodds.board.as_str()),
        ("8d 7d", "9d 6c 2d")
    );
}
