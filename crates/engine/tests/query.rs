//! The query language answered against oracles: the matchup engine's exact equity, a
//! plain brute force over every runout written here, and Monte Carlo within four standard
//! errors of the exact answer.

mod common;

use common::query::{answer, assert_within_four_errors, settings, value};
use common::{cards, matchup};
use multiodds_engine::cards::{Card, CardSet};
use multiodds_engine::equity::games::MatchupJob;
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::Method;
use multiodds_engine::eval::evaluate;
use multiodds_engine::query::Query;

/// Every turn and river after a flop: (turn, river), each unordered pair once.
fn runouts(known: &[Card]) -> Vec<(Card, Card)> {
    let used = CardSet::from_cards(known).unwrap();
    let live: Vec<Card> = CardSet::FULL.difference(used).iter().collect();
    let mut out = Vec::new();
    for (i, &t) in live.iter().enumerate() {
        for &r in &live[i + 1..] {
            out.push((t, r));
        }
    }
    out
}

#[test]
fn river_equity_on_a_flop_is_the_matchups_exact_equity() {
    let a = answer(
        "select avg(riverEquity(hero)), avg(equity(villain, river)) from hero='AsKs', villain='QhQd', board='2c7d9h'",
        Method::Auto,
    );
    assert_eq!(a.method, Method::Exact);
    let job = MatchupJob::from(matchup(&["AsKs", "QhQd"], "2c 7d 9h"));
    let exact = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let m = job.run(&exact, |_| true).unwrap();
    assert!((value(&a, 0) - m.seats[0].equity).abs() < 1e-12, "{a:?}");
    assert!((value(&a, 1) - m.seats[1].equity).abs() < 1e-12, "{a:?}");
    // Nothing here tells the turn from the river: each of the 45 · 44 / 2 runouts once,
    // weighing both orders.
    assert_eq!(a.deals, 45 * 44 / 2);
    let ordered = answer(
        "select avg(riverEquity(hero)), count(pairedBoard(turn)) from hero='AsKs', villain='QhQd', board='2c7d9h'",
        Method::Auto,
    );
    assert_eq!(ordered.deals, 45 * 44, "a turn figure deals them in order");
    assert!((value(&ordered, 0) - m.seats[0].equity).abs() < 1e-12);
}

#[test]
fn weighted_ranges_match_the_matchup_engine() {
    let text = "select avg(riverEquity(hero)) from hero='AA:0.5,KK,AKs', villain='QQ+:0.25,JTs', board='Qc 7d 2h'";
    let a = answer(text, Method::Auto);
    let job = MatchupJob::from(matchup(&["AA:0.5,KK,AKs", "QQ+:0.25,JTs"], "Qc 7d 2h"));
    let exact = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let m = job.run(&exact, |_| true).unwrap();
    assert!(
        (value(&a, 0) - m.seats[0].equity).abs() < 1e-9,
        "{a:?} {}",
        m.seats[0].equity
    );
    let sampled = answer(text, Method::MonteCarlo);
    assert_eq!(sampled.method, Method::MonteCarlo);
    let e = sampled.figures[0].estimate.unwrap();
    assert_within_four_errors("riverEquity", e.value, m.seats[0].equity, e.std_error);
}

#[test]
fn conditions_hand_types_and_board_texture_against_a_brute_force() {
    let hero = cards("Ah Kh");
    let villain = cards("Qs Qd");
    let flop = cards("2h 7h 9c");
    let text = "select count(winsHi(hero)) as wins, avg(handType(hero, river) >= flush), \
                max(boardSuitCount(river)), count(pairedBoard(turn)), count(hasTopBoardRank(villain, river)) \
                from hero='AhKh', villain='QsQd', board='2h7h9c' where flushingBoard(river) or straightBoard(turn)";
    let a = answer(text, Method::Auto);
    assert_eq!(a.method, Method::Exact);
    let (mut all, mut kept, mut wins, mut flush, mut most, mut paired_turn, mut top) =
        (0.0, 0.0, 0.0, 0.0, 0u8, 0.0, 0.0);
    let known: Vec<Card> = hero.iter().chain(&villain).chain(&flop).copied().collect();
    for (t, r) in runouts(&known) {
        // Each unordered runout is two ordered ones with the same river board; the turn
        // texture differs, so count both orders.
        for (turn, river) in [(t, r), (r, t)] {
            all += 1.0;
            let board: Vec<Card> = flop.iter().copied().chain([turn, river]).collect();
            let suits = |cs: &[Card]| {
                (0..4)
                    .map(|s| cs.iter().filter(|c| c.suit() == s).count() as u8)
                    .max()
                    .unwrap()
            };
            let ranks = |cs: &[Card]| {
                let mut m = 0u16;
                for c in cs {
                    m |= 1 << (c.rank() + 1);
                    if c.rank() == 12 {
                        m |= 1;
                    }
                }
                (0..=9).any(|l| (m >> l & 31).count_ones() >= 3)
            };
            if !(suits(&board) >= 3 || ranks(&board[..4])) {
                continue;
            }
            kept += 1.0;
            let h: Vec<Card> = hero.iter().chain(&board).copied().collect();
            let v: Vec<Card> = villain.iter().chain(&board).copied().collect();
            let (hv, vv) = (evaluate(&h), evaluate(&v));
            wins += f64::from(u8::from(hv > vv));
            flush += f64::from(u8::from(hv.category() as u8 >= 5));
            most = most.max(suits(&board));
            paired_turn += f64::from(u8::from(
                board[..4]
                    .iter()
                    .enumerate()
                    .any(|(i, c)| board[..i].iter().any(|d| d.rank() == c.rank())),
            ));
            let top_rank = board.iter().map(|c| c.rank()).max().unwrap();
            top += f64::from(u8::from(villain.iter().any(|c| c.rank() == top_rank)));
        }
    }
    let close = |x: f64, y: f64| (x - y).abs() < 1e-12;
    assert!(close(a.condition.unwrap().value, kept / all), "{a:?}");
    assert!(close(value(&a, 0), wins / kept), "{a:?}");
    assert_eq!(a.figures[0].name, "wins");
    assert!(close(value(&a, 1), flush / kept), "{a:?}");
    assert_eq!(value(&a, 2), f64::from(most));
    assert!(close(value(&a, 3), paired_turn / kept), "{a:?}");
    assert!(close(value(&a, 4), top / kept), "{a:?}");
    // The same by Monte Carlo, within four standard errors of each.
    let s = answer(text, Method::MonteCarlo);
    for i in [0, 1, 3, 4] {
        let e = s.figures[i].estimate.unwrap();
        assert_within_four_errors(&s.figures[i].name, e.value, value(&a, i), e.std_error);
    }
}

#[test]
fn equity_on_the_flop_is_the_mean_of_the_river_over_its_runouts() {
    // Preflop hands, one known flop card set per deal: equity(hero, flop) averaged over
    // the flops equals riverEquity's average (the tower rule), both counted exactly.
    let a = answer(
        "select avg(equity(hero, flop)), avg(riverEquity(hero)), avg(equity(hero, turn)) \
         from hero='AsKs', villain='7h7d', board='Kd 8h 2c', dead='3c'",
        Method::Exact,
    );
    assert!((value(&a, 0) - value(&a, 1)).abs() < 1e-12, "{a:?}");
    assert!((value(&a, 2) - value(&a, 1)).abs() < 1e-12, "{a:?}");
}

#[test]
fn omaha_hi_lo_shares_and_every_game_with_a_board() {
    let a = answer(
        "select avg(riverEquity(hero)), avg(riverEquity(villain)), count(scoops(hero)) \
         from game='omaha-hilo', hero='As2sKhQh', villain='AdAc9s8s', board='3c4d7h'",
        Method::Auto,
    );
    assert_eq!(a.game, "omaha-hilo");
    assert!((value(&a, 0) + value(&a, 1) - 1.0).abs() < 1e-12, "{a:?}");
    let job = MatchupJob::build(
        multiodds_engine::cards::Game::OMAHA_HILO,
        multiodds_engine::equity::games::MatchupSeats::Board {
            seats: vec![
                multiodds_engine::range::SeatRange::parse(
                    "As2sKhQh",
                    multiodds_engine::cards::Game::OMAHA_HILO,
                )
                .unwrap(),
                multiodds_engine::range::SeatRange::parse(
                    "AdAc9s8s",
                    multiodds_engine::cards::Game::OMAHA_HILO,
                )
                .unwrap(),
            ],
            folded: Vec::new(),
            board: CardSet::parse("3c 4d 7h").unwrap(),
            board2: None,
        },
        CardSet::EMPTY,
    )
    .unwrap();
    let exact = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let m = job.run(&exact, |_| true).unwrap();
    assert!(
        (value(&a, 0) - m.seats[0].equity).abs() < 1e-12,
        "{a:?} {}",
        m.seats[0].equity
    );
    assert!(
        (value(&a, 2) - m.low[0].scoop).abs() < 1e-12,
        "{a:?} {}",
        m.low[0].scoop
    );
}

#[test]
fn bad_queries_are_refused_at_their_place() {
    let refuse = |text: &str| Query::parse(text).unwrap_err();
    let text = "select avg(riverEquity(hero)) from hero='AKs', villain='QQ,ZZ'";
    let e = refuse(text);
    let at = text.find("ZZ").unwrap() + 1;
    assert!(
        e.message.starts_with("villain: \"ZZ\"") && e.column == Some(at),
        "{e:?}"
    );
    let e = refuse("select avg(riverEquity(hero2)) from hero='AKs'");
    assert!(
        e.message.contains("'hero2' is not a player") && e.column == Some(24),
        "{e:?}"
    );
    let e = refuse("select avg(handType(hero, preflop)) from hero='AKs'");
    assert!(e.message.contains("not a street"), "{e:?}");
    let e = refuse("select avg(hero) from hero='AKs'");
    assert!(e.message.contains("is not a value here"), "{e:?}");
    let e = refuse("select avg(riverEquity(hero)) from game='stud', hero='AKs'");
    assert!(e.message.contains("has no board"), "{e:?}");
    let e = refuse("select avg(riverEquity(hero)) from hero='AKs', board='Ah Kh'");
    assert!(e.message.contains("3 to 5 cards"), "{e:?}");
    let e = refuse("select avg(nutHigh(hero, flop)) from hero='AKs'");
    assert!(e.message.contains("did you mean 'nutHi'?"), "{e:?}");
    let e = refuse("select avg(nutHi(hero)) from hero='AKs'");
    assert!(e.message.contains("nutHi takes 2 arguments"), "{e:?}");
    let e = refuse("select count(winsLo(hero)) from hero='AKs'");
    assert!(e.message.contains("has no low half"), "{e:?}");
    let e = refuse("select count(hasLine(hero, flop, topPair)) from game='omaha', hero='AAxx'");
    assert!(e.message.contains("reads two-card hands"), "{e:?}");
    let text = "select count(hasLine(hero, flop, topPear)) from hero='AKs'";
    let e = refuse(text);
    assert!(
        e.message.contains("'topPear' is not a Range view line")
            && e.column == Some(text.find("topPear").unwrap() + 1),
        "{e:?}"
    );
    let e = refuse("select avg(outsToHandType(hero, river, flush)) from hero='AKs'");
    assert!(e.message.contains("no card comes after the river"), "{e:?}");
    let text = "select count(maxRank(boardRanks(flop)) = toRank('X')) from hero='AKs'";
    let e = refuse(text);
    assert!(
        e.message.contains("'X' is not a rank") && e.column == Some(text.find("X'").unwrap() + 1),
        "{e:?}"
    );
    let e = refuse("select count(turnCard() = 'As') from hero='AKs'");
    assert!(
        e.message.contains("give it to toRank, toCard or inRange"),
        "{e:?}"
    );
    let e = refuse("select count(handtipe(hero, river) >= flush) from hero='AKs'");
    assert!(e.message.contains("did you mean 'handType'?"), "{e:?}");
    let e = refuse("select avg(riverEquity(hero)) from hero='AKs', hero='QQ'");
    assert!(e.message.contains("bound twice"), "{e:?}");
    // The Query view's inputs carry the column with the refusal, at the text's field.
    let inputs = multiodds_engine::scenario::inputs::QueryInputs {
        text: "select count(handtipe(hero, river) >= flush) from hero='AKs'".into(),
        ..Default::default()
    };
    let problems = inputs.validate().unwrap_err();
    assert_eq!(
        (problems[0].field(), problems[0].column()),
        ("text", Some(14))
    );
    // Queries that parse but cannot be answered end with a refusal, never a figure of
    // no deal or a number that is not one.
    let refused = |text: &str, method: Method| {
        Query::parse(text)
            .unwrap()
            .answer(&settings(method), 2)
            .unwrap_err()
    };
    let e = refused(
        "select avg(riverEquity(hero)) from hero='AsKs', villain='AsKs'",
        Method::Auto,
    );
    assert!(e.message.starts_with("no deal exists"), "{e:?}");
    let e = refused(
        "select avg(riverEquity(hero)) from hero='AA', villain='AA', v3='AA'",
        Method::MonteCarlo,
    );
    assert!(e.message.contains("found no valid deal"), "{e:?}");
    let big = format!("1{}", "0".repeat(300));
    let e = refused(
        &format!("select avg({big} * {big}) as huge from hero='AA', board='2c3c4c5c6c'"),
        Method::Auto,
    );
    assert!(
        e.message.starts_with("huge is not a finite number"),
        "{e:?}"
    );
    // Work past the exact budget is refused when exact is asked for, with its estimate.
    let q = Query::parse("select avg(equity(hero, flop)) from hero='random', villain='random'")
        .unwrap();
    let e = q.answer(&settings(Method::Exact), 2).unwrap_err();
    assert!(e.message.contains("use Monte Carlo"), "{e:?}");
}

#[test]
fn statements_answer_in_turn_and_monte_carlo_repeats_with_its_seed() {
    let text = "select avg(riverEquity(hero)) from hero='AKs', villain='random'; \
                select count(pairedBoard(flop)) from hero='22'";
    let q = Query::parse(text).unwrap();
    assert_eq!(q.len(), 2);
    let a = q.answer(&settings(Method::MonteCarlo), 2).unwrap();
    let b = q.answer(&settings(Method::MonteCarlo), 1).unwrap();
    assert_eq!(a, b, "the thread count does not change the numbers");
    // A paired flop: 1 - (12·11·10·…)/…: no two of three cards of 50 share a rank.
    let exact_paired = 1.0 - {
        // Ranks left: 2 has two cards, the other twelve four each.
        let mut p_no_pair = 0.0;
        let counts: Vec<f64> = std::iter::once(2.0)
            .chain(std::iter::repeat_n(4.0, 12))
            .collect();
        for i in 0..13 {
            for j in i + 1..13 {
                for k in j + 1..13 {
                    p_no_pair += counts[i] * counts[j] * counts[k];
                }
            }
        }
        p_no_pair / (50.0 * 49.0 * 48.0 / 6.0)
    };
    let e = a[1].figures[0].estimate.unwrap();
    assert_within_four_errors("paired flop", e.value, exact_paired, e.std_error);
    assert!(e.std_error <= 0.003 && a[1].deals >= 1000, "{:?}", a[1]);
}

/// Every query of the Query view's Examples menu reads and answers (a few thousand
/// deals each, so the test stays short), each figure a number where a deal meets its
/// condition.
#[test]
fn every_example_query_answers() {
    use multiodds_engine::scenario::inputs::EXAMPLE_QUERIES;
    let quick = RunSettings {
        method: Method::MonteCarlo,
        max_deals: 4_000,
        seed: 3,
        ..RunSettings::default()
    };
    for (what, text) in EXAMPLE_QUERIES {
        let q = Query::parse(text).unwrap_or_else(|e| panic!("{what}: {e}"));
        for a in q
            .answer(&quick, 2)
            .unwrap_or_else(|e| panic!("{what}: {e}"))
        {
            assert!(a.deals >= 4_000, "{what}: {a:?}");
            for f in &a.figures {
                let e = f
                    .estimate
                    .unwrap_or_else(|| panic!("{what}: {} has no deal", f.name));
                assert!(
                    e.value.is_finite() && e.std_error.is_finite(),
                    "{what}: {f:?}"
                );
            }
        }
    }
}
