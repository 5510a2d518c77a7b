//! The game engine against a plain brute force: every runout, every seat's best hand by
//! the game's rule taken over every legal five-card selection, pots split by hand.

use super::*;
use crate::cards::{parse_card_list, Card};
use crate::eval::{evaluate, evaluate_short_deck};

fn range(text: &str, game: Game) -> HoleRange {
    HoleRange::parse(text, game).unwrap()
}

fn matchup(game: Game, seats: &[&str], board: &str, dead: &str) -> GameMatchup {
    GameMatchup::new(
        game,
        seats.iter().map(|s| range(s, game)).collect(),
        CardSet::parse(board).unwrap(),
        CardSet::parse(dead).unwrap(),
    )
    .unwrap()
}

fn run_with(m: &GameMatchup, method: Method, seed: u64, deals: u64) -> MatchupResult {
    let settings = RunSettings {
        method,
        seed,
        max_deals: deals,
        target_se: 1e-5,
        ..RunSettings::default()
    };
    run_game(m, &settings, |_| true).unwrap()
}

/// Every `k`-subset of `cards`.
pub(super) fn subsets(cards: &[Card], k: usize) -> Vec<Vec<Card>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for i in 0..cards.len() {
        for mut rest in subsets(&cards[i + 1..], k - 1) {
            rest.insert(0, cards[i]);
            out.push(rest);
        }
    }
    out
}

/// The plain high value: the best over every legal five-card selection.
pub(super) fn plain_high(game: Game, hole: &[Card], board: &[Card]) -> u32 {
    if game.is_omaha() {
        let mut best = 0;
        for two in subsets(hole, 2) {
            for three in subsets(board, 3) {
                best = best.max(evaluate(&[two.clone(), three].concat()).get() as u32);
            }
        }
        best
    } else {
        let seven = [hole, board].concat();
        subsets(&seven, 5)
            .iter()
            .map(|five| {
                if game == Game::SHORT_DECK {
                    evaluate_short_deck(five).get()
                } else {
                    evaluate(five).get() as u32
                }
            })
            .max()
            .unwrap()
    }
}

/// The plain low: the best qualifying five (two hole, three board) as ranks from the
/// highest, ace 1; `None` without one. Smaller is better.
fn plain_low(hole: &[Card], board: &[Card]) -> Option<Vec<u8>> {
    let mut best: Option<Vec<u8>> = None;
    for two in subsets(hole, 2) {
        for three in subsets(board, 3) {
            let mut r: Vec<u8> = two
                .iter()
                .chain(&three)
                .map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 })
                .collect();
            r.sort_unstable_by(|a, b| b.cmp(a));
            if r[0] <= 8
                && r.windows(2).all(|w| w[0] != w[1])
                && best.as_ref().is_none_or(|b| r < *b)
            {
                best = Some(r);
            }
        }
    }
    best
}

/// Equity per seat by brute force over every hand combination and runout.
fn brute_force(m: &GameMatchup) -> Vec<f64> {
    let blocked = m.board.union(m.dead);
    let seats: Vec<Vec<(CardSet, f32)>> = m.ranges.iter().map(|r| r.live_hands(blocked)).collect();
    let mut equity = vec![0.0; seats.len()];
    let mut total = 0.0;
    let mut combo: Vec<(CardSet, f64)> = Vec::new();
    fn walk(
        m: &GameMatchup,
        seats: &[Vec<(CardSet, f32)>],
        combo: &mut Vec<(CardSet, f64)>,
        equity: &mut [f64],
        total: &mut f64,
    ) {
        if combo.len() == seats.len() {
            let used = combo
                .iter()
                .fold(m.board.union(m.dead), |u, h| u.union(h.0));
            let weight: f64 = combo.iter().map(|h| h.1).product();
            let live: Vec<Card> = m.game.deck().difference(used).iter().collect();
            let known: Vec<Card> = m.board.iter().collect();
            for runout in subsets(&live, 5 - known.len()) {
                let board = [known.clone(), runout].concat();
                let holes: Vec<Vec<Card>> = combo.iter().map(|h| h.0.iter().collect()).collect();
                let highs: Vec<u32> = holes
                    .iter()
                    .map(|h| plain_high(m.game, h, &board))
                    .collect();
                let lows: Vec<Option<Vec<u8>>> = holes
                    .iter()
                    .map(|h| {
                        if m.game.is_hi_lo() {
                            plain_low(h, &board)
                        } else {
                            None
                        }
                    })
                    .collect();
                let best_high = *highs.iter().max().unwrap();
                let best_low = lows.iter().flatten().min().cloned();
                let high_winners = highs.iter().filter(|&&h| h == best_high).count() as f64;
                let low_winners = lows
                    .iter()
                    .filter(|l| l.is_some() && **l == best_low)
                    .count() as f64;
                let high_pot = if best_low.is_some() { 0.5 } else { 1.0 };
                for i in 0..holes.len() {
                    let mut share = 0.0;
                    if highs[i] == best_high {
                        share += high_pot / high_winners;
                    }
                    if best_low.is_some() && lows[i] == best_low {
                        share += 0.5 / low_winners;
                    }
                    equity[i] += weight * share;
                }
                *total += weight;
            }
            return;
        }
        let used = combo.iter().fold(CardSet::EMPTY, |u, h| u.union(h.0));
        for &(h, w) in &seats[combo.len()] {
            if !h.intersects(used) {
                combo.push((h, w as f64));
                walk(m, seats, combo, equity, total);
                combo.pop();
            }
        }
    }
    walk(m, &seats, &mut combo, &mut equity, &mut total);
    equity.iter().map(|e| e / total).collect()
}

fn assert_exact_matches_brute_force(m: &GameMatchup) {
    let exact = run_with(m, Method::Exact, 1, 1);
    assert_eq!(exact.method, Method::Exact);
    let plain = brute_force(m);
    for (i, (s, p)) in exact.seats.iter().zip(&plain).enumerate() {
        assert!(
            (s.equity - p).abs() < 1e-9,
            "{:?} seat {}: exact {} brute force {p}",
            m.game,
            i + 1,
            s.equity
        );
    }
    let sum: f64 = exact.seats.iter().map(|s| s.equity).sum();
    assert!((sum - 1.0).abs() < 1e-9, "equities sum to 1: {sum}");
}

/// Many dead cards keep a preflop brute force small.
const DEAD_PREFLOP: &str = "2c 3c 4c 5c 6c 7c 8c 9c Tc 2d 3d 4d 5d 6d 7d 8d 9d Td 2h 3h";

#[test]
fn exact_equals_brute_force_in_every_game() {
    for game in [Game::OMAHA, Game::OMAHA_HILO] {
        // Heads-up and three-way; preflop (with dead cards), flop, turn, river.
        assert_exact_matches_brute_force(&matchup(
            game,
            &["As Ks Qh Jh", "Ah Ad Js Ts"],
            "",
            DEAD_PREFLOP,
        ));
        assert_exact_matches_brute_force(&matchup(
            game,
            &["As 2s Kh Jh", "Ah 3d Js Ts", "Qd Qc 4s 5s"],
            "6s 7h 8c",
            "",
        ));
        assert_exact_matches_brute_force(&matchup(
            game,
            &["As 2s Kh Jh", "Ah 3d Js Ts"],
            "6s 7h 8c 2d",
            "4h",
        ));
        assert_exact_matches_brute_force(&matchup(
            game,
            &["As 2s Kh Jh", "Ah 3d Js Ts", "Qd Qc 4s 5s"],
            "6s 7h 8c 2d Kd",
            "",
        ));
        // Ranges (weighted, overlapping) on a turn.
        assert_exact_matches_brute_force(&matchup(
            game,
            &["AAxx ds:0.5, KKQQ", "As 3d Js Ts"],
            "6s 7h 8c 2d",
            "",
        ));
    }
    for game in [Game::OMAHA5, Game::OMAHA5_HILO] {
        assert_exact_matches_brute_force(&matchup(
            game,
            &["As Ks Qh Jh 2c", "Ah Ad Js Ts 3c"],
            "6s 7h 8d 4d",
            "",
        ));
        assert_exact_matches_brute_force(&matchup(
            game,
            &["As Ks Qh Jh 2c", "Ah Ad Js Ts 3c", "Kc Kd 5h 5c 9s"],
            "6s 7h 8d",
            "",
        ));
    }
    for game in [Game::OMAHA6, Game::OMAHA6_HILO] {
        assert_exact_matches_brute_force(&matchup(
            game,
            &["As Ks Qh Jh 2c 4c", "Ah Ad Js Ts 3c 5d"],
            "6s 7h 8d 4d",
            "",
        ));
    }
    let sd = Game::SHORT_DECK;
    assert_exact_matches_brute_force(&matchup(
        sd,
        &["As Ks", "Qh Qd"],
        "",
        "6c 7c 8c 9c Tc 6d 7d 8d 9d Td 6h 7h",
    ));
    assert_exact_matches_brute_force(&matchup(
        sd,
        &["As Ks", "Qh Qd", "JJ+, AQs"],
        "6s 7h 8d",
        "",
    ));
    assert_exact_matches_brute_force(&matchup(sd, &["As Ks", "Qh Qd"], "6s 7h 8d Td", "9c"));
}

#[test]
fn quartered_pots_and_boards_without_a_low() {
    let g = Game::OMAHA_HILO;
    // Both seats hold the same 8-4-3-2-A low; seat 1's kings take the high: 3/4 and 1/4.
    let r = run_with(
        &matchup(g, &["As 2s Kd Kh", "Ad 2d Qc Qh"], "3c 4d 8h Ks 9c", ""),
        Method::Exact,
        1,
        1,
    );
    assert!((r.seats[0].equity - 0.75).abs() < 1e-12);
    assert!((r.seats[1].equity - 0.25).abs() < 1e-12);
    assert_eq!(r.low[0].low_tie, 1.0);
    assert_eq!(r.low[0].scoop, 0.0);
    // No low on the board: the high hand scoops.
    let r = run_with(
        &matchup(g, &["As 2s Kd Kh", "Ad 2d Qc Qh"], "Kc Qd Jh 9s 8c", ""),
        Method::Exact,
        1,
        1,
    );
    assert_eq!(r.seats[0].equity, 1.0);
    assert_eq!(r.low[0].scoop, 1.0);
    assert_eq!(r.low[1].low_win + r.low[1].low_tie, 0.0);
}

#[test]
fn short_deck_trips_beat_a_straight_where_holdem_says_otherwise() {
    let board = "6c 7d 8h Ks Kd";
    let seats = ["9c Tc", "Kh Ac"];
    let sd = run_with(
        &matchup(Game::SHORT_DECK, &seats, board, ""),
        Method::Exact,
        1,
        1,
    );
    assert_eq!(
        sd.seats[1].equity, 1.0,
        "trips beat a straight in short deck"
    );
    let he = run_with(
        &matchup(Game::HOLDEM, &seats, board, ""),
        Method::Exact,
        1,
        1,
    );
    assert_eq!(he.seats[0].equity, 1.0, "a straight beats trips in Hold'em");
}

#[test]
fn monte_carlo_within_four_standard_errors_of_exact_and_thread_independent() {
    // Exact stays cheap: known hands and narrow ranges on a flop, random seats on a
    // river with dead cards.
    let dead = "2c 3c 4c 5c 6c 2d 3d 4d 5d 6d Jc Qc Jd Qd 9c";
    let cases = [
        (Game::OMAHA, vec!["As Ks Qh Jh", "AAxx ds"], "7c 8d 2h", ""),
        (
            Game::OMAHA_HILO,
            vec!["As 2s Qh Jh", "random", "Kc Kd 3h 4h"],
            "7c 8d 5h 9s Td",
            "",
        ),
        (
            Game::OMAHA5,
            vec!["As Ks Qh Jh Th", "random"],
            "7s 8d 2h 3s 4h",
            dead,
        ),
        (
            Game::OMAHA6_HILO,
            vec!["As 2s Qh Jh Th 3h", "random"],
            "7s 8s 2h 5s 4h",
            dead,
        ),
        (Game::SHORT_DECK, vec!["As Ks", "random"], "6s 7h 8d", ""),
    ];
    for (game, seats, board, dead) in cases {
        let m = matchup(game, &seats, board, dead);
        let exact = run_with(&m, Method::Exact, 1, 1);
        let deals = 400_000;
        let mc = run_with(&m, Method::MonteCarlo, 11, deals);
        assert_eq!(mc.deals, deals, "{game:?} {:?}", mc.status);
        for (e, s) in exact.seats.iter().zip(&mc.seats) {
            // A seat that wins every deal has no spread (its figure is exact).
            assert_eq!(
                s.equity_se > 0.0,
                e.equity > 0.0 && e.equity < 1.0,
                "{game:?}"
            );
            assert!(
                (e.equity - s.equity).abs() <= 4.0 * s.equity_se + 1e-12,
                "{game:?}: exact {} mc {} ± {}",
                e.equity,
                s.equity,
                s.equity_se
            );
        }
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| run_with(&m, Method::MonteCarlo, 5, 100_000))
        };
        let one = on(1);
        assert_eq!(one.seats, on(2).seats, "{game:?}");
        assert_eq!(one.seats, on(4).seats, "{game:?}");
    }
}

#[test]
fn hostile_matchups_are_refused_with_a_reason() {
    let o = Game::OMAHA6;
    let seats: Vec<HoleRange> = (0..8).map(|_| HoleRange::random(o)).collect();
    let e = GameMatchup::new(o, seats, CardSet::EMPTY, CardSet::EMPTY).unwrap_err();
    assert!(e.to_string().contains("2 to 7 seats"), "{e}");
    let e = GameMatchup::new(
        Game::SHORT_DECK,
        vec![
            HoleRange::random(Game::SHORT_DECK),
            HoleRange::random(Game::SHORT_DECK),
        ],
        CardSet::parse("5c").unwrap(),
        CardSet::EMPTY,
    )
    .unwrap_err();
    assert!(e.to_string().contains("not dealt in Short deck"), "{e}");
    let e = GameMatchup::new(
        Game::OMAHA,
        vec![
            range("As Ks Qh Jh", Game::OMAHA),
            range("As 2d 3d 4d", Game::OMAHA),
        ],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("As is in seat 1 and in seat 2"),
        "{e}"
    );
    // Exact random against random in Omaha is refused, not started.
    let m = matchup(Game::OMAHA, &["random", "random"], "", "");
    let e = check_affordable(&m, Method::Exact, 2).unwrap_err();
    assert!(e.to_string().contains("Monte Carlo"), "{e}");
    // A card list helper the tests rely on reads as written.
    assert_eq!(parse_card_list("As Ks").unwrap().len(), 2);
}

#[test]
fn sweep_agrees_with_exact_matchups_and_the_potential_identity() {
    use crate::equity::run::{run_sweep_within, SweepSource};
    use crate::equity::sweep::SweepFigures;
    // Dead cards keep the one-opponent enumeration small.
    let dead = "2c 3c 4c 5c 6c 2d 3d 4d 5d 6d Jc Qc Jd Qd 9c Td";
    for (game, hero, board, dead) in [
        (Game::OMAHA, "As Ks Qh Jh", "7c 8d 2h", dead),
        (Game::OMAHA_HILO, "As 2s Qh Jh", "7c 8d 5h 9s", dead),
        (Game::SHORT_DECK, "As Ks", "6s 7h 8d", ""),
    ] {
        let s = GameSweep::new(
            game,
            range(hero, game),
            HoleRange::random(game),
            CardSet::parse(board).unwrap(),
            CardSet::parse(dead).unwrap(),
            1..=2,
        )
        .unwrap();
        let settings = RunSettings {
            method: Method::MonteCarlo,
            seed: 3,
            max_deals: 300_000,
            target_se: 1e-5,
            potential_target_se: Some(1e-5),
            ..RunSettings::default()
        };
        let r = run_sweep_within(
            &s as &dyn SweepSource,
            &settings,
            0.0,
            SweepFigures::All,
            |_| true,
        );
        assert_eq!(r.points.len(), 2);
        assert!(
            r.points[1].equity < r.points[0].equity,
            "more opponents, less equity"
        );
        let p = &r.points[0];
        let exact = run_with(
            &matchup(game, &[hero, "random"], board, dead),
            Method::Exact,
            1,
            1,
        );
        let e = exact.seats[0].equity;
        assert!(
            (p.equity - e).abs() <= 4.0 * p.std_error.equity,
            "{game:?}: sweep {} ± {} exact {e}",
            p.equity,
            p.std_error.equity
        );
        // Hi/lo: the sweep's scoop and low agree with the exact matchup's.
        if game.is_hi_lo() {
            let (low, scoop) = (&exact.low[0], p.scoop.unwrap());
            let se = p.std_error.scoop.unwrap();
            assert!(
                (scoop - low.scoop).abs() <= 4.0 * se,
                "scoop {scoop} ± {se} vs {}",
                low.scoop
            );
            let (l, se) = (p.low.unwrap(), p.std_error.low.unwrap());
            let exact_low = low.low_win + low.low_tie;
            assert!(
                (l - exact_low).abs() <= 4.0 * se,
                "low {l} ± {se} vs {exact_low}"
            );
        } else {
            assert_eq!(
                (p.scoop, p.low),
                (None, None),
                "no hi/lo figures in {game:?}"
            );
        }
        // With one opponent HS·(1 − NPot) + (1 − HS)·PPot is the win odds (ties half) —
        // in hi/lo games the high side's, so checked outside them.
        if !game.is_hi_lo() {
            let (hs, ppot, npot) = (p.hand_strength, p.ppot.unwrap(), p.npot.unwrap());
            let identity = hs * (1.0 - npot) + (1.0 - hs) * ppot;
            assert!(
                (identity - p.win_odds).abs() < 0.01,
                "{game:?}: {identity} vs win odds {}",
                p.win_odds
            );
        }
    }
}

/// Eleven Omaha seats listing 30 hands each, whose hands rarely fit together: one batch
/// stops once its own draws show the run starved (two million draws, not the ten
/// thousand per deal asked, which took minutes), and the run says it starved.
#[test]
fn a_starved_batch_stops_at_the_starvation_rule() {
    // Hands of 46 of the cards, so that eleven of them rarely miss each other.
    let seats: Vec<String> = (0..11)
        .map(|i| {
            let hands: std::collections::BTreeSet<[usize; 4]> = (0..30)
                .map(|j| std::array::from_fn(|k| (i * 7 + j * 11 + k * 13) % 46))
                .collect();
            let text = |h: &[usize; 4]| -> String {
                h.iter()
                    .map(|&c| Card::from_index(c as u8).unwrap().to_string())
                    .collect()
            };
            hands.iter().map(text).collect::<Vec<_>>().join(", ")
        })
        .collect();
    let texts: Vec<&str> = seats.iter().map(String::as_str).collect();
    let m = matchup(Game::OMAHA, &texts, "", "");
    let (done, attempts) = sampler::Sampler::new(&m).deal_each(1, 0, 10_000, |_, _| {});
    let rule = crate::equity::run::STARVED_AFTER_ATTEMPTS;
    assert!(
        (rule..rule + 4096).contains(&attempts) && done < 200,
        "{done} deals of {attempts} draws"
    );
    let r = run_with(&m, Method::MonteCarlo, 1, 1_000_000);
    assert_eq!(
        r.status.stopped,
        Some(crate::equity::run::StopRule::Starved)
    );
}
