//! Double board: each board's figures equal the single-board figures with the other
//! board's known cards out of the deck (the runouts of one board do not change the other's
//! odds), the overall equity is their mean, to 1e-12, in Hold'em, Omaha and Omaha hi/lo;
//! Monte Carlo within four standard errors of exact and the same on 1, 2 and 4 threads.

mod common;
use common::on_threads;

use multiodds_engine::cards::{CardSet, Game};
use multiodds_engine::equity::games::double_board::{run_double_board, DoubleBoard};
use multiodds_engine::equity::games::{run_game, GameMatchup};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::Method;
use multiodds_engine::range::SeatRange;

fn ranges(game: Game, seats: &[&str]) -> Vec<SeatRange> {
    seats
        .iter()
        .map(|s| SeatRange::parse(s, game).unwrap())
        .collect()
}

fn holes(game: Game, seats: &[&str]) -> Vec<multiodds_engine::range::HoleRange> {
    seats
        .iter()
        .map(|s| multiodds_engine::range::HoleRange::parse(s, game).unwrap())
        .collect()
}

fn exact() -> RunSettings {
    RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    }
}

#[test]
fn each_board_is_its_own_single_board_and_the_whole_their_mean() {
    for (game, seats, b1, b2) in [
        (
            Game::HOLDEM,
            vec!["As Ks", "Qd Qc"],
            "2c 7d 9h Ts",
            "Jh 3s 4d",
        ),
        (
            Game::HOLDEM,
            vec!["As Ks", "Qd Qc", "8h 8s"],
            "2c 7d 9h",
            "Jh 3s 4d 5c",
        ),
        (
            Game::OMAHA,
            vec!["As Ks Qh Jh", "Td 9d 8c 7c"],
            "2c 7d 9h 3s",
            "Jd 3h 4d",
        ),
        (
            Game::OMAHA_HILO,
            vec!["As 2s Qh Jh", "Ad 3d 8c 7c", "Kc Kd 6h 6s"],
            "4c 5d 9h Js",
            "Th 2h 3c 7s",
        ),
    ] {
        let (b1, b2) = (CardSet::parse(b1).unwrap(), CardSet::parse(b2).unwrap());
        let m = DoubleBoard::new(game, ranges(game, &seats), b1, b2, CardSet::EMPTY).unwrap();
        let r = run_double_board(&m, &exact(), |_| true).unwrap();
        assert_eq!(r.overall.method, Method::Exact);
        for (k, (board, other)) in [(b1, b2), (b2, b1)].into_iter().enumerate() {
            let single = GameMatchup::new(game, holes(game, &seats), board, other).unwrap();
            let s = run_game(&single, &exact(), |_| true).unwrap();
            for (a, b) in r.boards[k].seats.iter().zip(&s.seats) {
                assert!(
                    (a.equity - b.equity).abs() < 1e-12,
                    "{game} board {k}: {} vs {}",
                    a.equity,
                    b.equity
                );
                assert!((a.win - b.win).abs() < 1e-12 && (a.tie - b.tie).abs() < 1e-12);
            }
            if game.is_hi_lo() {
                for (a, b) in r.boards[k].low.iter().zip(&s.low) {
                    assert!(
                        (a.scoop - b.scoop).abs() < 1e-12 && (a.low_win - b.low_win).abs() < 1e-12
                    );
                }
            }
        }
        for (p, o) in r.overall.seats.iter().enumerate() {
            let mean = (r.boards[0].seats[p].equity + r.boards[1].seats[p].equity) / 2.0;
            assert!(
                (o.equity - mean).abs() < 1e-12,
                "{game}: overall {} vs mean {mean}",
                o.equity
            );
            // Scooping both boards is rarer than winning either.
            assert!(o.win <= r.boards[0].seats[p].win + 1e-12);
        }
        let total: f64 = r.overall.seats.iter().map(|s| s.equity).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }
}

#[test]
fn monte_carlo_within_four_errors_of_exact_on_any_thread_count() {
    let game = Game::OMAHA_HILO;
    let seats = ["As 2s Qh Jh", "Ad 3d 8c 7c"];
    let (b1, b2) = (
        CardSet::parse("4c 5d 9h").unwrap(),
        CardSet::parse("Th 2h 3c").unwrap(),
    );
    let m = DoubleBoard::new(game, ranges(game, &seats), b1, b2, CardSet::EMPTY).unwrap();
    let truth = run_double_board(&m, &exact(), |_| true).unwrap();
    let mc = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.002,
        seed: 3,
        ..RunSettings::default()
    };
    let runs: Vec<_> = [1, 2, 4]
        .into_iter()
        .map(|threads| on_threads(threads, || run_double_board(&m, &mc, |_| true).unwrap()))
        .collect();
    for r in &runs[1..] {
        assert_eq!(r, &runs[0], "the same numbers on any thread count");
    }
    let r = &runs[0];
    for (s, t) in r.overall.seats.iter().zip(&truth.overall.seats) {
        assert!(
            (s.equity - t.equity).abs() < 4.0 * s.equity_se,
            "{} vs {} ± {}",
            s.equity,
            t.equity,
            s.equity_se
        );
    }
    for k in 0..2 {
        for (s, t) in r.boards[k].seats.iter().zip(&truth.boards[k].seats) {
            assert!((s.equity - t.equity).abs() < 4.0 * s.equity_se);
        }
    }
    // Ranges run by Monte Carlo only, and say so when asked for exact.
    let ranged = DoubleBoard::new(
        Game::HOLDEM,
        ranges(Game::HOLDEM, &["QQ+", "random"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    assert!(run_double_board(&ranged, &exact(), |_| true)
        .unwrap_err()
        .to_string()
        .contains("Monte Carlo for ranges"));
    // A card on both boards is refused by name.
    let e = DoubleBoard::new(
        Game::HOLDEM,
        ranges(Game::HOLDEM, &["AA", "KK"]),
        b1,
        CardSet::parse("4c").unwrap(),
        CardSet::EMPTY,
    )
    .unwrap_err();
    assert!(e.to_string().contains("4c"), "{e}");
    // A card held by a seat and shown on the second board: named as the second board's.
    let e = DoubleBoard::new(
        Game::OMAHA,
        ranges(Game::OMAHA, &["As Ks Qh Jh", "Td Tc 9d 8c"]),
        b1,
        CardSet::parse("Jh 3s").unwrap(),
        CardSet::EMPTY,
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "Jh is in seat 1 and in the second board");
}
