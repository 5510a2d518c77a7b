//! Exact enumeration in the games values a one-hand seat once per completion of the board
//! (one or two cards to come), not once per deal of the other seats' hands. Proven by
//! the law of total expectation: a matchup on a turn (or flop) equals the deal-weighted
//! mean of the same matchup on each river (or turn) it can come to.

use multiodds_engine::cards::{Card, CardSet, Game};
use multiodds_engine::equity::games::{run_game, GameMatchup};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::{MatchupResult, Method};
use multiodds_engine::range::HoleRange;

fn matchup(game: Game, seats: &[&str], board: CardSet) -> Option<GameMatchup> {
    let holes = seats
        .iter()
        .map(|t| HoleRange::parse(t, game).unwrap())
        .collect();
    GameMatchup::new(game, holes, board, CardSet::EMPTY).ok()
}

fn exact(m: &GameMatchup) -> MatchupResult {
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    run_game(m, &settings, |_| true).unwrap()
}

#[test]
fn a_known_hand_on_a_street_is_the_mean_of_the_next_street() {
    let cases: &[(Game, &[&str], &str)] = &[
        (Game::OMAHA, &["AsKsQhJh", "JT98ds"], "2c 7d 9h Ts"),
        (Game::OMAHA_HILO, &["As2sQh3h", "A2xx"], "2c 7d 9h 4s"),
        (
            Game::OMAHA_HILO,
            &["AsKsQhJh", "Ad3d8c8h", "KKQQ"],
            "2c 7d 9h Js",
        ),
        (Game::OMAHA5, &["AsKsQhJhTd", "AA2xx"], "2c 7d 9h 5s"),
        (Game::OMAHA5_HILO, &["AsKsQhJhTd", "KKQQx"], "2c 7d 9h"),
        (Game::OMAHA, &["AsKsQhJh", "KKxx"], "2c 7d 9h"),
    ];
    for (game, seats, board) in cases {
        let board = CardSet::parse(board).unwrap();
        let whole = exact(&matchup(*game, seats, board).unwrap());
        let known = seats
            .iter()
            .filter_map(|t| CardSet::parse(t).ok())
            .fold(board, |u, c| u.union(c));
        let (mut deals, mut sums) = (0u64, vec![0.0; seats.len()]);
        for card in game.deck().difference(known).iter() {
            let next: Card = card;
            let mut street = board;
            street.insert(next);
            // A street where a range has no hand left deals nothing.
            let Some(m) = matchup(*game, seats, street) else {
                continue;
            };
            let r = exact(&m);
            deals += r.deals;
            for (s, seat) in sums.iter_mut().zip(&r.seats) {
                *s += r.deals as f64 * seat.equity;
            }
        }
        // A flop's deals are counted once per turn card (each of its two cards first).
        let cards_to_come = 5 - board.len() as u64;
        assert_eq!(deals, whole.deals * cards_to_come, "{game} {seats:?}");
        for (i, (s, seat)) in sums.iter().zip(&whole.seats).enumerate() {
            let mean = s / deals as f64;
            assert!(
                (mean - seat.equity).abs() < 1e-9,
                "{game} {seats:?} seat {i}: {} against {mean}",
                seat.equity
            );
        }
    }
}
