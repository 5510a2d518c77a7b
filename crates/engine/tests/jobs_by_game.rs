//! Every job in every game, from a scenario through `validate` (after Rerun's
//! `default_views` test): each built-in game and three defined here (Hold'em on 20 cards,
//! stud on 40, 2-7 single draw on 36). A job either runs under a small budget — a
//! matchup's Monte Carlo within four standard errors of its exact enumeration, shares
//! adding up to 1, a sweep's points each a matchup's figures, a range analysis whose
//! hands' shares add up to 1 — or is refused with a message that names the game.

mod common;

use multiodds_engine::cards::{CardSet, Dealing, Game, LowRule};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::{Method, RunControl};
use multiodds_engine::scenario::{
    ChartInputs, FlopsInputs, MatchupInputs, RangeInputs, ScenarioError, SweepInputs,
};

/// The three defined games: Hold'em on tens to aces, stud on fives to aces (40 cards),
/// 2-7 single draw on sixes to aces.
fn defined() -> Vec<Game> {
    use common::{board_dealing, deck_from, define_game, draw_dealing};
    let stud = Dealing {
        down_cards: 3,
        up_cards: 4,
        boards: 0,
        board_cards: 0,
        draws: 0,
    };
    vec![
        define_game(
            "Twenty",
            deck_from("T"),
            board_dealing(2),
            LowRule::HighOnly,
        ),
        define_game("Forty stud", deck_from("5"), stud, LowRule::HighOnly),
        define_game(
            "Short 2-7",
            deck_from("6"),
            draw_dealing(5),
            LowRule::DeuceToSeven,
        ),
    ]
}

fn every_game() -> Vec<Game> {
    Game::ALL.iter().copied().chain(defined()).collect()
}

/// Two seats in the game's family's notation, the board, and the up cards for stud.
fn seats_of(game: Game) -> (Vec<String>, String, Vec<String>) {
    if game.is_draw() {
        (
            vec!["As Kd Qh".into(), "Jc Ts".into()],
            String::new(),
            Vec::new(),
        )
    } else if game.is_stud() {
        (
            vec!["As Kd".into(), "Qh Qc".into()],
            String::new(),
            vec!["Ah".into(), "Jd".into()],
        )
    } else {
        (
            vec!["random".into(), "random".into()],
            "As Kd Qh".into(),
            Vec::new(),
        )
    }
}

/// A refusal names the game (by its name) and says why.
fn assert_named(game: Game, job: &str, problems: &[ScenarioError]) {
    let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert!(
        text.iter().any(|t| t.contains(game.name())),
        "{job} in {game}: refused without the game's name: {text:?}"
    );
}

fn small(method: Method) -> RunSettings {
    RunSettings {
        method,
        seed: 7,
        target_se: 0.01,
        max_deals: 200_000,
        ..RunSettings::default()
    }
}

#[test]
fn the_matchup_runs_in_every_game_and_its_monte_carlo_agrees_with_exact() {
    for game in every_game() {
        let (seats, board, up) = seats_of(game);
        let inputs = MatchupInputs {
            game,
            seats,
            up,
            board,
            ..MatchupInputs::default()
        };
        let job = inputs
            .validate()
            .unwrap_or_else(|e| panic!("{game}: {e:?}"));
        assert_eq!(job.game(), game);
        let mc = job.run(&small(Method::MonteCarlo), |_| true).unwrap();
        let total: f64 = mc.seats.iter().map(|s| s.equity).sum();
        assert!(
            (total - 1.0).abs() < 1e-9,
            "{game}: shares add up to {total}"
        );
        // Exact where the game's engine affords it in a few seconds here.
        let Ok(work) = job.check_affordable(&small(Method::Exact), 2) else {
            continue;
        };
        if job.exact_seconds(work, 2) > 5.0 {
            continue;
        }
        let exact = job.run(&small(Method::Exact), |_| true).unwrap();
        assert_eq!(exact.method, Method::Exact, "{game}");
        common::assert_within_four_errors(&mc, &exact, &game.to_string());
    }
}

#[test]
fn the_sweep_runs_or_is_refused_by_the_games_name() {
    for game in every_game() {
        let (seats, board, up) = seats_of(game);
        let inputs = SweepInputs {
            game,
            hero: seats[0].clone(),
            opponents: seats[1].clone(),
            hero_up: up.first().cloned().unwrap_or_default(),
            opponents_up: up.get(1).cloned().unwrap_or_default(),
            opponent_counts: (1, 2),
            board,
            ..SweepInputs::default()
        };
        match inputs.validate() {
            Ok(job) => {
                assert_eq!(job.game(), game);
                let r = job.run(&small(Method::MonteCarlo), |_| true);
                // Every count asked for is a point or a missing row with its reason.
                assert_eq!(r.points.len() + r.missing.len(), 2, "{game}");
                for p in &r.points {
                    assert!((0.0..=1.0).contains(&p.equity), "{game}: {}", p.equity);
                }
            }
            Err(problems) => assert_named(game, "the sweep", &problems),
        }
    }
}

/// One known hand of the game's size (`JcJdTcTd` in Omaha).
fn known_hand(game: Game) -> String {
    // Clear of the board (As Kd Qh) and in every deck of the set.
    ["Jc", "Jd", "Tc", "Td", "Ac", "Ad", "Kc"][..game.hole_cards().min(7)].concat()
}

#[test]
fn the_range_analysis_runs_or_is_refused_by_the_games_name() {
    for game in every_game() {
        let (seats, board, _) = seats_of(game);
        // A board game's range of one known hand (every hand's equity on every flop in
        // Omaha would take minutes).
        let range = if game.has_board() {
            known_hand(game)
        } else {
            seats[0].clone()
        };
        // Against `random` where a seat holds two cards; against a known hand in Omaha
        // (one hand against every Omaha hand on each turn card takes most of a minute).
        let vs = if game.has_board() && !game.has_two_card_ranges() {
            ["9c", "9d", "8c", "8d", "7c", "7d"][..game.hole_cards()].concat()
        } else {
            seats[1].clone()
        };
        let inputs = RangeInputs {
            game,
            range,
            vs: vec![vs],
            board,
            ..RangeInputs::default()
        };
        match inputs.validate() {
            Ok(job) => {
                assert_eq!(job.game(), game);
                let a = job.analyse(&RunControl::new(), 2);
                assert_eq!(a.game, game);
                if let Ok(by_hand) = &a.by_hand {
                    let shares: f64 = by_hand.hands.iter().map(|h| h.share).sum();
                    assert!((shares - 1.0).abs() < 1e-9, "{game}: shares {shares}");
                }
            }
            Err(problems) => assert_named(game, "the range analysis", &problems),
        }
    }
}

#[test]
fn the_chart_and_the_flops_report_are_built_or_refused_by_the_games_name() {
    for game in every_game() {
        let chart = ChartInputs {
            game,
            ..ChartInputs::default()
        };
        match chart.validate() {
            Ok(spec) => assert_eq!(spec.game, game),
            Err(problems) => assert_named(game, "the chart", &problems),
        }
        let (seats, _, _) = seats_of(game);
        let flops = FlopsInputs {
            game,
            range1: seats[0].clone(),
            range2: seats[1].clone(),
            ..FlopsInputs::default()
        };
        if let Err(problems) = flops.validate() {
            assert_named(game, "the flops report", &problems);
        }
    }
}

/// The one constructor refuses seats of another family by the game's name.
#[test]
fn seats_of_another_family_are_refused_by_the_games_name() {
    use multiodds_engine::equity::games::stud::StudSeat;
    use multiodds_engine::equity::games::{MatchupJob, MatchupSeats};
    let stud = vec![
        StudSeat::parse("As Kd", "Qh").unwrap(),
        StudSeat::parse("Jc Jd", "Th").unwrap(),
    ];
    let keeps = vec![
        multiodds_engine::cards::parse_card_list("As Kd").unwrap(),
        Vec::new(),
    ];
    let board = |game| MatchupSeats::Board {
        seats: ["random", "random"]
            .iter()
            .map(|t| multiodds_engine::range::SeatRange::parse(t, game).unwrap())
            .collect(),
        folded: Vec::new(),
        board: CardSet::EMPTY,
        board2: None,
    };
    for (game, seats) in [
        (Game::HOLDEM, MatchupSeats::Stud(stud.clone())),
        (Game::OMAHA, MatchupSeats::Draw(keeps.clone())),
        (Game::RAZZ, MatchupSeats::Draw(keeps)),
        (Game::DRAW_27, MatchupSeats::Stud(stud)),
        (Game::STUD, board(Game::HOLDEM)),
    ] {
        let e = MatchupJob::build(game, seats, CardSet::EMPTY)
            .unwrap_err()
            .to_string();
        assert!(e.contains(game.name()), "{game}: {e}");
    }
}
