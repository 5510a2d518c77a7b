//! Folded seats (card bunching): seats dealt from their ranges that do not show down.
//! Oracles: a folded known hand is those dead cards; a plain brute force over every deal
//! of every seat (folded ones included, weighted by the product of all weights) and every
//! runout; Monte Carlo within 4 standard errors of exact.

use multiodds_engine::cards::{Card, CardSet};
use multiodds_engine::equity::run::{run_matchup, RunSettings};
use multiodds_engine::equity::{Matchup, MatchupResult, Method};
use multiodds_engine::eval::evaluate;
use multiodds_engine::range::HandRange;

fn ranges(texts: &[&str]) -> Vec<HandRange> {
    texts.iter().map(|t| HandRange::parse(t).unwrap()).collect()
}

fn run(m: &Matchup, method: Method, seed: u64) -> MatchupResult {
    let settings = RunSettings {
        method,
        seed,
        target_se: 0.002,
        ..RunSettings::default()
    };
    run_matchup(m, &settings, |_| true).unwrap()
}

/// Every deal of every seat (one combo each, no card shared, none on the board or dead),
/// each weighted by the product of its combos' weights, and every completion of the
/// board; the showdown among the first `showdown` seats only. Equity and win per seat.
fn brute_force(
    seats: &[HandRange],
    showdown: usize,
    board: CardSet,
    dead: CardSet,
) -> Vec<(f64, f64)> {
    fn deals(
        seats: &[HandRange],
        used: CardSet,
        chosen: &mut Vec<CardSet>,
        weight: f64,
        out: &mut Vec<(Vec<CardSet>, f64)>,
    ) {
        let Some((first, rest)) = seats.split_first() else {
            out.push((chosen.clone(), weight));
            return;
        };
        for (combo, w) in first.iter() {
            let set = combo.card_set();
            if !set.intersects(used) {
                chosen.push(set);
                deals(rest, used.union(set), chosen, weight * w as f64, out);
                chosen.pop();
            }
        }
    }
    let mut all = Vec::new();
    deals(seats, board.union(dead), &mut Vec::new(), 1.0, &mut all);
    let mut totals = vec![(0.0, 0.0); showdown];
    let mut weight_sum = 0.0;
    for (hands, w) in all {
        let used = hands.iter().fold(board.union(dead), |a, &h| a.union(h));
        let live: Vec<Card> = used.complement().iter().collect();
        let to_come = 5 - board.len();
        let mut visit = |extra: &[Card]| {
            let values: Vec<_> = hands[..showdown]
                .iter()
                .map(|h| {
                    let cards: Vec<Card> = h
                        .iter()
                        .chain(board.iter())
                        .chain(extra.iter().copied())
                        .collect();
                    evaluate(&cards)
                })
                .collect();
            let best = *values.iter().max().unwrap();
            let winners = values.iter().filter(|&&v| v == best).count() as f64;
            for (t, v) in totals.iter_mut().zip(&values) {
                if *v == best {
                    t.0 += w / winners;
                    if winners == 1.0 {
                        t.1 += w;
                    }
                }
            }
            weight_sum += w;
        };
        match to_come {
            0 => visit(&[]),
            1 => live.iter().for_each(|&c| visit(&[c])),
            2 => {
                for i in 0..live.len() {
                    for j in i + 1..live.len() {
                        visit(&[live[i], live[j]]);
                    }
                }
            }
            _ => panic!("the brute force takes a turn or river board"),
        }
    }
    totals
        .into_iter()
        .map(|(e, w)| (e / weight_sum, w / weight_sum))
        .collect()
}

#[test]
fn a_folded_known_hand_is_those_dead_cards() {
    let cases = [
        (vec!["AsKs", "QQ"], "7h7d", "Kd 7c 2s", ""),
        (vec!["AA", "KK, AKs"], "Ad9c", "", ""),
        (vec!["JTs", "random", "22+"], "Jc2d", "9h 8h 3c 4d", "Kc"),
    ];
    for (seats, folded, board, dead) in cases {
        let board = CardSet::parse(board).unwrap();
        let dead = CardSet::parse(dead).unwrap();
        let folded_cards = CardSet::parse(folded).unwrap();
        let with = Matchup::with_folded(ranges(&seats), ranges(&[folded]), board, dead).unwrap();
        let as_dead = Matchup::new(ranges(&seats), board, dead.union(folded_cards)).unwrap();
        let (a, b) = (
            run(&with, Method::Exact, 1),
            run(&as_dead, Method::Exact, 1),
        );
        assert_eq!(
            a.seats.len(),
            seats.len(),
            "the folded seat has no result row"
        );
        for (x, y) in a.seats.iter().zip(&b.seats) {
            assert!(
                (x.equity - y.equity).abs() < 1e-12,
                "{seats:?}: {x:?} vs {y:?}"
            );
            assert!((x.win - y.win).abs() < 1e-12);
            assert!((x.tie - y.tie).abs() < 1e-12);
        }
    }
}

#[test]
fn folded_ranges_weigh_every_deal_by_all_seats_weights() {
    let cases = [
        (
            vec!["AhAd, KsQs:0.5", "QQ, 9c8c"],
            vec!["AK:0.7, 77", "T9s"],
            "Kd 7c 2s 9h",
            "",
        ),
        (
            vec!["KK, AQs", "random"],
            vec!["AK, A7s:0.3"],
            "Qh 7h 2c 5d 9s",
            "3c",
        ),
        (
            vec!["JJ, T9s", "AKo:0.4, 88"],
            vec!["A9s, 99:0.6"],
            "9h 8c 2d",
            "",
        ),
    ];
    for (seats, folded, board, dead) in cases {
        let (board, dead) = (
            CardSet::parse(board).unwrap(),
            CardSet::parse(dead).unwrap(),
        );
        let m = Matchup::with_folded(ranges(&seats), ranges(&folded), board, dead).unwrap();
        let exact = run(&m, Method::Exact, 1);
        let all: Vec<&str> = seats.iter().chain(&folded).copied().collect();
        let want = brute_force(&ranges(&all), seats.len(), board, dead);
        for (got, (equity, win)) in exact.seats.iter().zip(&want) {
            assert!(
                (got.equity - equity).abs() < 1e-9,
                "{seats:?}: {} vs {equity}",
                got.equity
            );
            assert!((got.win - win).abs() < 1e-9);
        }
        // Folding changes the answer here (so the test can tell the two apart).
        let plain = run(
            &Matchup::new(ranges(&seats), board, dead).unwrap(),
            Method::Exact,
            1,
        );
        assert!((plain.seats[0].equity - exact.seats[0].equity).abs() > 1e-4);
        // Monte Carlo deals the folded seats too: within 4 standard errors, on any seed.
        for seed in [3, 4] {
            let mc = run(&m, Method::MonteCarlo, seed);
            assert_eq!(mc.seats.len(), seats.len());
            for (x, y) in mc.seats.iter().zip(&exact.seats) {
                assert!(x.equity_se > 0.0);
                assert!(
                    (x.equity - y.equity).abs() < 4.0 * x.equity_se,
                    "seed {seed}: {} vs {} (SE {})",
                    x.equity,
                    y.equity,
                    x.equity_se
                );
            }
        }
    }
}

#[test]
fn preflop_folded_seats_by_monte_carlo_and_exact_agree() {
    // Heads-up preflop with a folded seat: one enumeration per folded hand.
    let m = Matchup::with_folded(
        ranges(&["AKs", "QQ"]),
        ranges(&["AA, A5s"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let exact = run(&m, Method::Exact, 1);
    let mc = run(&m, Method::MonteCarlo, 9);
    assert!((mc.seats[0].equity - exact.seats[0].equity).abs() < 4.0 * mc.seats[0].equity_se);
    // A folded ace costs AKs equity against QQ.
    let open = run(
        &Matchup::new(ranges(&["AKs", "QQ"]), CardSet::EMPTY, CardSet::EMPTY).unwrap(),
        Method::Exact,
        1,
    );
    assert!(exact.seats[0].equity < open.seats[0].equity - 0.005);
}

#[test]
fn folded_seats_are_checked_by_name() {
    let e = Matchup::with_folded(
        ranges(&["AsKs", "QQ"]),
        ranges(&["As2d"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("folded seat 1") && e.contains("As"), "{e}");
    let e = Matchup::with_folded(
        ranges(&["AA", "KK"]),
        ranges(&["QhQd"]),
        CardSet::parse("Qh 2c 3d").unwrap(),
        CardSet::EMPTY,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("folded seat 1"), "{e}");
    let e = Matchup::with_folded(
        ranges(&["random", "random"]),
        vec![HandRange::random(); 22],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("22 folded seats"), "{e}");
    // Folded seats dealt too many ways to list are refused for exact work with a real
    // estimate (their combos' product times one enumeration), not a sentinel.
    let m = Matchup::with_folded(
        ranges(&["AKs", "QQ"]),
        vec![HandRange::random(); 2],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    match multiodds_engine::equity::run::check_matchup_affordable(&m, &settings, 2) {
        Err(multiodds_engine::equity::EquityError::TooLarge { seconds, .. }) => {
            assert!(
                seconds.is_finite() && seconds > 120.0 && seconds < 1e15,
                "{seconds}"
            )
        }
        other => panic!("refused for time, not {other:?}"),
    }
}

// Folded seats in the other games (Omaha, hi/lo, short deck): the same oracles, run on the
// games engine.
mod other_games {
    use multiodds_engine::cards::{CardSet, Game};
    use multiodds_engine::equity::games::{run_game, GameMatchup};
    use multiodds_engine::equity::run::RunSettings;
    use multiodds_engine::equity::{MatchupResult, Method};
    use multiodds_engine::range::HoleRange;

    fn holes(game: Game, texts: &[&str]) -> Vec<HoleRange> {
        texts
            .iter()
            .map(|t| HoleRange::parse(t, game).unwrap())
            .collect()
    }

    fn run(m: &GameMatchup, method: Method) -> MatchupResult {
        let settings = RunSettings {
            method,
            seed: 7,
            target_se: 0.002,
            ..RunSettings::default()
        };
        run_game(m, &settings, |_| true).unwrap()
    }

    fn equities(r: &MatchupResult) -> Vec<f64> {
        r.seats.iter().map(|s| s.equity).collect()
    }

    /// A folded seat's range of `folded` hands, each compatible with everything else and
    /// the showdown seats' hands known: every folded hand leaves the same number of boards,
    /// so the exact answer is the plain mean of the answers with each hand dead.
    #[test]
    fn a_folded_range_is_the_mean_of_its_hands_as_dead_cards() {
        for (game, seats, folded, board) in [
            (
                Game::OMAHA,
                ["AcKcQdJd", "Tc9c8h7h"],
                ["AsAh4c5c", "KsKh4d5d", "QsQh9d8d"],
                "2h 3s 6d",
            ),
            (
                Game::OMAHA_HILO,
                ["Ac2cQdJd", "3c4c8h7h"],
                ["AsAh4d5c", "KsKh5d6c", "2d3dKdQc"],
                "2h 3s 6d",
            ),
            (
                Game::SHORT_DECK,
                ["AcKc", "9h9d"],
                ["AsAh", "KsKh", "Td8d"],
                "6c 7d",
            ),
        ] {
            let board = CardSet::parse(board).unwrap();
            let with_folded = GameMatchup::with_folded(
                game,
                holes(game, &seats),
                holes(game, &[&folded.join(", ")]),
                board,
                CardSet::EMPTY,
            )
            .unwrap();
            let got = equities(&run(&with_folded, Method::Exact));
            let mut mean = [0.0; 2];
            for hand in folded {
                let dead = CardSet::parse(hand).unwrap();
                let m = GameMatchup::new(game, holes(game, &seats), board, dead).unwrap();
                for (a, e) in mean.iter_mut().zip(equities(&run(&m, Method::Exact))) {
                    *a += e / folded.len() as f64;
                }
            }
            for (g, w) in got.iter().zip(mean) {
                assert!((g - w).abs() < 1e-12, "{game}: {got:?} against {mean:?}");
            }
            assert_eq!(got.len(), 2, "folded seats have no figures");
        }
    }

    /// A folded known hand is those cards dead; Monte Carlo with a folded range is within
    /// four standard errors of exact.
    #[test]
    fn folded_known_hands_are_dead_cards_and_monte_carlo_agrees() {
        let game = Game::OMAHA;
        let board = CardSet::parse("Kd 7c 2s").unwrap();
        let folded = GameMatchup::with_folded(
            game,
            holes(game, &["AhAd9s8s", "KhQhJc5d"]),
            holes(game, &["Ks Kc 7d 6d"]),
            board,
            CardSet::EMPTY,
        )
        .unwrap();
        let dead = GameMatchup::new(
            game,
            holes(game, &["AhAd9s8s", "KhQhJc5d"]),
            board,
            CardSet::parse("Ks Kc 7d 6d").unwrap(),
        )
        .unwrap();
        assert_eq!(
            equities(&run(&folded, Method::Exact)),
            equities(&run(&dead, Method::Exact))
        );
        let ranged = GameMatchup::with_folded(
            game,
            holes(game, &["AhAd9s8s", "KhQhJc5d"]),
            holes(game, &["AAxx"]),
            board,
            CardSet::EMPTY,
        )
        .unwrap();
        let exact = run(&ranged, Method::Exact);
        let sampled = run(&ranged, Method::MonteCarlo);
        for (e, s) in exact.seats.iter().zip(&sampled.seats) {
            assert!(s.equity_se > 0.0);
            assert!(
                (e.equity - s.equity).abs() < 4.0 * s.equity_se,
                "exact {} against {} ± {}",
                e.equity,
                s.equity,
                s.equity_se
            );
        }
        // A folded seat that holds the cards the runouts need changes the answer: AAxx
        // folded holds the last two aces, seat 1's outs to a set.
        let plain = run(
            &GameMatchup::new(
                game,
                holes(game, &["AhAd9s8s", "KhQhJc5d"]),
                board,
                CardSet::EMPTY,
            )
            .unwrap(),
            Method::Exact,
        );
        assert!(exact.seats[0].equity < plain.seats[0].equity - 0.01);
    }

    #[test]
    fn folded_seats_are_counted_against_the_deck_and_named() {
        let game = Game::OMAHA6;
        let seats = holes(game, &["random"; 4]);
        // Six-card Omaha deals 7 hands: 4 seats and 4 folded is one too many.
        let err = GameMatchup::with_folded(
            game,
            seats.clone(),
            holes(game, &["random"; 4]),
            CardSet::EMPTY,
            CardSet::EMPTY,
        )
        .unwrap_err();
        assert!(err.to_string().contains('7'), "{err}");
        let err = GameMatchup::with_folded(
            game,
            seats,
            holes(game, &["AsKsQsJsTs9s"]),
            CardSet::parse("As").unwrap(),
            CardSet::EMPTY,
        )
        .unwrap_err();
        assert!(err.to_string().contains("folded seat 1"), "{err}");
    }
}

/// A folded range whose every hand meets a showing seat's known hand has no deal: refused
/// by name at once (it ran through rejected draws to "0 deals" before).
#[test]
fn a_folded_range_blocked_by_a_known_hand_is_refused() {
    use multiodds_engine::cards::{CardSet, Game};
    use multiodds_engine::equity::games::GameMatchup;
    use multiodds_engine::range::HoleRange;
    let r = |t: &str| HoleRange::parse(t, Game::OMAHA).unwrap();
    let err = GameMatchup::with_folded(
        Game::OMAHA,
        vec![r("AsAdKsKd"), r("QQxx")],
        vec![r("AsAcxx")],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("folded seat 1:"), "{err}");
}
