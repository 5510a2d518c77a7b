//! The proof that a game is data: a game defined here, in the test, and nowhere in the
//! engine — Hold'em on a 20-card deck (tens to aces) — runs through exact equity, Monte
//! Carlo, the sweep, a matchup, the Range view's job and a scenario round trip. Oracles:
//! a plain brute force with the test's own reference evaluator over every board of the
//! small deck; Monte Carlo within four standard errors of exact; a range's hands' equities
//! averaging to the range's exact equity.

mod common;

use multiodds_engine::cards::{CardSet, Dealing, Game, HandRule, HighOrder, LowRule, Valuation};
use multiodds_engine::equity::games::range_analysis::{analyse_game, GameRangeSpec};
use multiodds_engine::equity::games::{run_game, GameMatchup, GameSweep, SweepJob};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::{MatchupResult, Method, RunControl};
use multiodds_engine::range::HoleRange;
use multiodds_engine::scenario::{Scenario, ViewKind};
use std::cmp::Ordering;

/// Hold'em dealt from tens to aces only.
fn twenty() -> Game {
    let deck =
        CardSet::parse("Ts Th Td Tc Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As Ah Ad Ac").unwrap();
    Game::define(
        "Twenty-card Hold'em",
        deck,
        Dealing {
            down_cards: 2,
            up_cards: 0,
            boards: 1,
            board_cards: 5,
            draws: 0,
        },
        Valuation {
            hand: HandRule::BestFive,
            high: HighOrder::Standard,
            low: LowRule::HighOnly,
        },
    )
    .unwrap()
}

fn range(text: &str) -> HoleRange {
    HoleRange::parse(text, twenty()).unwrap()
}

fn settings(method: Method) -> RunSettings {
    RunSettings {
        method,
        seed: 11,
        target_se: 0.002,
        ..RunSettings::default()
    }
}

fn run(m: &GameMatchup, method: Method) -> MatchupResult {
    run_game(m, &settings(method), |_| true).unwrap()
}

/// Every board of the deck's live cards, valued by the reference evaluator: the first
/// hand's equity against the second.
fn brute_force(a: &str, b: &str, board: &str) -> f64 {
    let a = common::cards(a);
    let b = common::cards(b);
    let known = if board.is_empty() {
        Vec::new()
    } else {
        common::cards(board)
    };
    let used: Vec<_> = a.iter().chain(&b).chain(&known).copied().collect();
    let live: Vec<_> = twenty()
        .deck()
        .iter()
        .filter(|c| !used.contains(c))
        .collect();
    let (mut total, mut boards) = (0.0, 0.0);
    let need = 5 - known.len();
    let mut pick = vec![0usize; need];
    fn each(
        live: &[multiodds_engine::cards::Card],
        start: usize,
        slot: usize,
        pick: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]),
    ) {
        if slot == pick.len() {
            f(pick);
            return;
        }
        for i in start..live.len() {
            pick[slot] = i;
            each(live, i + 1, slot + 1, pick, f);
        }
    }
    each(&live, 0, 0, &mut pick, &mut |p| {
        let board: Vec<_> = known
            .iter()
            .copied()
            .chain(p.iter().map(|&i| live[i]))
            .collect();
        let ha: Vec<_> = a.iter().chain(&board).copied().collect();
        let hb: Vec<_> = b.iter().chain(&board).copied().collect();
        total += match common::reference_cmp(&ha, &hb) {
            Ordering::Greater => 1.0,
            Ordering::Equal => 0.5,
            Ordering::Less => 0.0,
        };
        boards += 1.0;
    });
    total / boards
}

#[test]
fn the_game_is_what_the_test_defined() {
    let g = twenty();
    assert_eq!(g.deck().len(), 20);
    // Seats the deck allows: (20 - 5) / 2.
    assert_eq!(g.max_seats(), 7);
    // Two-card notation, with only the combos the deck deals.
    assert_eq!(range("AK").hands().len(), 16);
    assert_eq!(range("QQ+").hands().len(), 18);
    assert_eq!(range("random").live_count(CardSet::EMPTY), 190);
    assert!(HoleRange::parse("22", g).is_err());
}

#[test]
fn exact_equity_equals_a_brute_force_and_monte_carlo_agrees() {
    for (a, b, board) in [
        ("As Kd", "Qh Qc", ""),
        ("Ah Th", "Kc Js", "Ad Kd Tc"),
        ("Jc Tc", "Ac Ad", "Qc Kh Ts Ah"),
    ] {
        let m = GameMatchup::new(
            twenty(),
            vec![range(a), range(b)],
            CardSet::parse(board).unwrap(),
            CardSet::EMPTY,
        )
        .unwrap();
        let exact = run(&m, Method::Exact);
        let want = brute_force(a, b, board);
        assert!(
            (exact.seats[0].equity - want).abs() < 1e-12,
            "{a} vs {b} on {board:?}: {} against {want}",
            exact.seats[0].equity
        );
        assert!((exact.seats[0].equity + exact.seats[1].equity - 1.0).abs() < 1e-12);
        let sampled = run(&m, Method::MonteCarlo);
        let s = &sampled.seats[0];
        assert!(s.equity_se > 0.0);
        assert!(
            (s.equity - want).abs() < 4.0 * s.equity_se,
            "{a} vs {b}: {} ± {} against {want}",
            s.equity,
            s.equity_se
        );
    }
}

#[test]
fn the_sweep_and_a_three_way_matchup_agree_with_exact() {
    let board = CardSet::parse("Ah Kd Tc").unwrap();
    let sweep = GameSweep::new(
        twenty(),
        range("QQ"),
        range("random"),
        board,
        CardSet::EMPTY,
        1..=2,
    )
    .unwrap();
    let r = SweepJob::from(sweep).run(&settings(Method::MonteCarlo), |_| true);
    assert_eq!(r.points.len(), 2);
    for (n, p) in r.points.iter().enumerate() {
        let seats: Vec<HoleRange> = std::iter::once(range("QQ"))
            .chain(std::iter::repeat_n(range("random"), n + 1))
            .collect();
        let m = GameMatchup::new(twenty(), seats, board, CardSet::EMPTY).unwrap();
        let exact = run(&m, Method::Exact).seats[0].equity;
        assert!(
            (p.equity - exact).abs() < 4.0 * p.std_error.equity.max(1e-9),
            "{} opponents: {} ± {} against {exact}",
            n + 1,
            p.equity,
            p.std_error.equity
        );
    }
}

#[test]
fn the_range_views_job_matches_the_matchup() {
    let game = twenty();
    let spec = GameRangeSpec {
        game,
        range: range("AK, QQ+"),
        vs: vec![range("JJ+, AQ")],
        board: CardSet::parse("Ts Jh Kd").unwrap(),
        dead: CardSet::EMPTY,
    };
    let a = analyse_game(
        &spec,
        &RunControl::new(),
        2,
        multiodds_engine::equity::range_analysis::RangeParts::ALL,
    );
    let by_hand = a.by_hand.expect("every hand's equity");
    let m = GameMatchup::new(
        game,
        vec![spec.range.clone(), spec.vs[0].clone()],
        spec.board,
        spec.dead,
    )
    .unwrap();
    let exact = run(&m, Method::Exact).seats[0].equity;
    assert!(
        (by_hand.equity() - exact).abs() < 1e-9,
        "{} against {exact}",
        by_hand.equity()
    );
    let shares: f64 = by_hand.hands.iter().map(|h| h.share).sum();
    assert!((shares - 1.0).abs() < 1e-9);
    let lines = a.breakdown.expect("the made hands on a flop");
    let breakdown = lines.game().expect("a defined game's lines by its rules");
    assert_eq!(breakdown.hands, by_hand.hands.len());
}

#[test]
fn a_scenario_in_the_defined_game_round_trips_and_runs() {
    let mut s = Scenario {
        view: ViewKind::Matchup,
        ..Scenario::default()
    };
    s.matchup.game = twenty();
    s.matchup.seats = vec!["As Kd".into(), "Qh Qc".into()];
    s.matchup.folded = vec!["JJ".into()];
    s.matchup.run.mode = Method::Exact;
    let text = s.to_ron();
    assert!(text.contains("Twenty-card Hold"), "{text}");
    let back = Scenario::from_ron(&text, std::path::Path::new("twenty.ron")).unwrap();
    assert_eq!(back, s);
    let job = back.matchup.validate().unwrap();
    assert_eq!(job.game(), twenty());
    let r = job.run(&settings(Method::Exact), |_| true).unwrap();
    // The folded JJ is one of six pairs of jacks, each leaving the same boards: the mean
    // of the six brute forces with those jacks out of the deck is the answer.
    let direct = GameMatchup::with_folded(
        twenty(),
        vec![range("As Kd"), range("Qh Qc")],
        vec![range("JJ")],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    assert_eq!(
        r.seats[0].equity,
        run(&direct, Method::Exact).seats[0].equity
    );
    // A game the engine cannot play is refused when the file is read, with why.
    let bad = text.replace("\"down_cards\": 2", "\"down_cards\": 9");
    let err = Scenario::from_ron(&bad, std::path::Path::new("bad.ron")).unwrap_err();
    assert!(err.to_string().contains("six hole cards"), "{err}");
}
