//! The general games engine as the Hold'em fast paths' oracle, and Hold'em chosen by its
//! rules, not its name.
//!
//! A broad generated set of Hold'em questions (2 to 4 seats of ranges, known hands and
//! `random`, preflop to river, dead cards) runs exactly through the engine's Hold'em
//! paths (combos, suit symmetry, the counted walk, the preflop fold and table) and
//! through the general engine every game runs on (hands valued one by one), and must
//! agree to 1e-12; the Hold'em paths' Monte Carlo lands within four standard errors of
//! the general engine's exact figures. A game defined with Hold'em's rules under another
//! name runs on the Hold'em paths and keeps its name.

mod common;

use multiodds_engine::cards::{Card, CardSet, Game, LowRule};
use multiodds_engine::equity::games::{plan, run_game, GameMatchup, MatchupJob};
use multiodds_engine::equity::range_analysis::RangeJob;
use multiodds_engine::equity::run::{run_matchup, RunSettings};
use multiodds_engine::equity::{Matchup, MatchupResult, Method, RunControl};
use multiodds_engine::range::{HandRange, HoleRange, SeatRange};

/// A small deterministic generator (splitmix64): the set is the same on every run.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Ranges of every shape the Hold'em paths treat apart: one known hand (drawn), few
/// combos, a wide range, a weighted one, `random`.
const RANGES: [&str; 9] = [
    "random",
    "AA",
    "QQ+,AK",
    "22-66",
    "AKs,KQs,QJs",
    "T9s,98s,87s,76s",
    "JJ:0.5,AQs,KK",
    "22+,A2s+,KTo+",
    "",
];

/// One generated question: seats' texts, board and dead cards.
fn question(g: &mut Gen) -> (Vec<String>, CardSet, CardSet) {
    let mut deck: Vec<Card> = (0..52).map(|i| Card::from_index(i).unwrap()).collect();
    let mut take = |g: &mut Gen| deck.swap_remove(g.below(deck.len()));
    let seats = 2 + g.below(3);
    let board_len = [0, 3, 4, 5][g.below(4)];
    let dead_len = g.below(3);
    let board: CardSet = (0..board_len).map(|_| take(g)).collect();
    let dead: CardSet = (0..dead_len).map(|_| take(g)).collect();
    let texts = (0..seats)
        .map(|_| match RANGES[g.below(RANGES.len())] {
            // A known hand: two cards from the deck left.
            "" => format!("{}{}", take(g), take(g)),
            r => r.to_string(),
        })
        .collect();
    (texts, board, dead)
}

fn exact() -> RunSettings {
    RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    }
}

/// The same question on the general engine, if its hands can be dealt.
fn general(texts: &[String], board: CardSet, dead: CardSet) -> Option<GameMatchup> {
    let hands = texts
        .iter()
        .map(|t| HoleRange::parse(t, Game::HOLDEM).unwrap())
        .collect();
    GameMatchup::new(Game::HOLDEM, hands, board, dead).ok()
}

fn holdem(texts: &[String], board: CardSet, dead: CardSet) -> Matchup {
    let ranges = texts.iter().map(|t| HandRange::parse(t).unwrap()).collect();
    Matchup::new(ranges, board, dead).unwrap()
}

fn assert_agree(fast: &MatchupResult, slow: &MatchupResult, what: &str) {
    assert_eq!(fast.seats.len(), slow.seats.len(), "{what}");
    for (i, (a, b)) in fast.seats.iter().zip(&slow.seats).enumerate() {
        for (name, x, y) in [
            ("equity", a.equity, b.equity),
            ("win", a.win, b.win),
            ("tie", a.tie, b.tie),
        ] {
            assert!(
                (x - y).abs() < 1e-12,
                "{what}: seat {} {name} {x} on the Hold'em paths, {y} on the general engine",
                i + 1
            );
        }
        for (t, (x, y)) in a.hand_types.iter().zip(&b.hand_types).enumerate() {
            assert!(
                (x - y).abs() < 1e-9,
                "{what}: seat {} type {t}: {x} vs {y}",
                i + 1
            );
        }
    }
}

#[test]
fn the_holdem_paths_agree_with_the_general_engine_on_a_generated_set() {
    let mut g = Gen(0x5eed_0058);
    let (mut checked, mut tried) = (0, 0);
    let mut shapes = std::collections::BTreeSet::new();
    while checked < 40 {
        tried += 1;
        assert!(tried < 2_000, "too few affordable questions: {checked}");
        let (texts, board, dead) = question(&mut g);
        let Some(slow_m) = general(&texts, board, dead) else {
            continue; // no deal: both engines refuse it (checked elsewhere)
        };
        // The general engine values every hand on every board: keep what it does in a
        // moment.
        if plan(&slow_m, Method::Exact).1 > 1e7 {
            continue;
        }
        let what = format!("{texts:?} board '{board}' dead '{dead}'");
        let fast = run_matchup(&holdem(&texts, board, dead), &exact(), |_| true).unwrap();
        let slow = run_game(&slow_m, &exact(), |_| true).unwrap();
        assert_eq!(
            (fast.method, slow.method),
            (Method::Exact, Method::Exact),
            "{what}"
        );
        assert_agree(&fast, &slow, &what);
        shapes.insert((texts.len(), board.len()));
        checked += 1;
    }
    // The set reaches every seat count on every street after the flop.
    assert!(shapes.len() >= 9, "{shapes:?}");
}

/// Preflop, where the Hold'em paths answer from the table of every hand pair (heads-up)
/// or fold the preflops by suit (three seats), and the general engine deals every board.
#[test]
fn the_holdem_preflop_paths_agree_with_the_general_engine() {
    for texts in [
        vec!["AKs", "QQ"],
        vec!["AhKh", "7c7d"],
        vec!["AhKh", "QsQd", "Tc9c"],
        vec!["AKs", "JJ", "9c8c"],
    ] {
        let texts: Vec<String> = texts.into_iter().map(String::from).collect();
        let (board, dead) = (CardSet::EMPTY, CardSet::EMPTY);
        let slow_m = general(&texts, board, dead).unwrap();
        let fast = run_matchup(&holdem(&texts, board, dead), &exact(), |_| true).unwrap();
        let slow = run_game(&slow_m, &exact(), |_| true).unwrap();
        assert_agree(&fast, &slow, &format!("{texts:?} preflop"));
    }
}

#[test]
fn the_holdem_monte_carlo_is_within_four_errors_of_the_general_exact() {
    let mut g = Gen(0x5eed_0059);
    let mut checked = 0;
    while checked < 8 {
        let (texts, board, dead) = question(&mut g);
        let Some(slow_m) = general(&texts, board, dead) else {
            continue;
        };
        if plan(&slow_m, Method::Exact).1 > 3e6 {
            continue;
        }
        let slow = run_game(&slow_m, &exact(), |_| true).unwrap();
        let settings = RunSettings {
            method: Method::MonteCarlo,
            target_se: 0.004,
            seed: 58 + checked,
            ..RunSettings::default()
        };
        let mc = run_matchup(&holdem(&texts, board, dead), &settings, |_| true).unwrap();
        common::assert_within_four_errors(&mc, &slow, &format!("{texts:?} '{board}'"));
        checked += 1;
    }
}

/// Hold'em's rules under another name: what the engine reads is the rules.
fn club_holdem() -> Game {
    common::define_game(
        "Club Hold'em",
        CardSet::from_bits((1u64 << 52) - 1),
        common::board_dealing(2),
        LowRule::HighOnly,
    )
}

#[test]
fn a_game_with_holdems_rules_runs_on_the_holdem_paths_under_its_own_name() {
    let club = club_holdem();
    assert!(club.plays_as_holdem() && Game::HOLDEM.plays_as_holdem());
    assert_ne!(club, Game::HOLDEM);
    for other in [
        Game::SHORT_DECK,
        Game::OMAHA,
        Game::OMAHA_HILO,
        Game::STUD,
        Game::RAZZ,
    ] {
        assert!(!other.plays_as_holdem(), "{other}");
    }
    assert!(Game::SHORT_DECK.plays_as_short_deck() && !club.plays_as_short_deck());
    let seats = |game: Game| {
        ["QQ+,AK", "random", "JTs"]
            .iter()
            .map(|t| SeatRange::parse(t, game).unwrap())
            .collect::<Vec<_>>()
    };
    let board = CardSet::parse("Qh 9s 2d").unwrap();
    let job =
        |game: Game| MatchupJob::new(game, seats(game), Vec::new(), board, CardSet::EMPTY).unwrap();
    let (named, holdem) = (job(club), job(Game::HOLDEM));
    assert_eq!(named.game().name(), "Club Hold'em");
    // The same engine: the same sums to the last digit, and Hold'em's cost model.
    let run = |j: &MatchupJob| j.run(&exact(), |_| true).unwrap();
    let (a, b) = (run(&named), run(&holdem));
    assert_eq!(a.seats, b.seats);
    assert_eq!(a.deals, b.deals);
    assert_eq!(named.exact_seconds(1e9, 1), holdem.exact_seconds(1e9, 1));
    // The Range view's job: Hold'em's lines (the 13×13 classes), in the game's name.
    let range = RangeJob::new(
        club,
        SeatRange::parse("QQ+,AK", club).unwrap(),
        vec![SeatRange::parse("random", club).unwrap()],
        board,
        CardSet::EMPTY,
    )
    .unwrap();
    let analysis = range.analyse(&RunControl::new(), 2);
    assert!(analysis.has_holdem_lines());
    assert_eq!((range.game(), analysis.game), (club, club));
}

/// Short deck's shipped table of each class against a random hand preflop (the chart's
/// one-opponent column and the sweeps' control variate) against the general engine's
/// Monte Carlo of the same matchup: within four standard errors.
#[test]
fn the_short_deck_table_agrees_with_the_general_engine() {
    use multiodds_engine::equity::games::short_deck_heads_up::class_heads_up;
    use multiodds_engine::range::HandClass;
    // AA, AKs, T9s, 76o (ranks: deuce 0 … ace 12).
    for (i, (a, b, suited, text)) in [
        (12, 12, false, "AA"),
        (12, 11, true, "AKs"),
        (8, 7, true, "T9s"),
        (5, 4, false, "76o"),
    ]
    .into_iter()
    .enumerate()
    {
        let class = HandClass::of_ranks(a, b, suited);
        let (_, _, table) = class_heads_up(Game::SHORT_DECK, class).expect("a short-deck class");
        let game = Game::SHORT_DECK;
        let hands = [text, "random"]
            .iter()
            .map(|t| HoleRange::parse(t, game).unwrap())
            .collect();
        let m = GameMatchup::new(game, hands, CardSet::EMPTY, CardSet::EMPTY).unwrap();
        let settings = RunSettings {
            method: Method::MonteCarlo,
            target_se: 0.002,
            seed: 500 + i as u64,
            ..RunSettings::default()
        };
        let r = run_game(&m, &settings, |_| true).unwrap();
        let (e, se) = (r.seats[0].equity, r.seats[0].equity_se);
        assert!(
            (e - table).abs() <= 4.0 * se + 1e-9,
            "{text}: table {table}, general engine {e} ± {se}"
        );
    }
    // Outside short deck's rules, no table answers.
    assert!(class_heads_up(Game::HOLDEM, HandClass::of_ranks(12, 12, false)).is_none());
}
