//! Stud hands replayed street by street: at each street the equity of the players still
//! in, from the cards the text shows dealt by then (the hero's down cards, everyone's up
//! cards, the folded players' cards dead), equals `multiodds equity --game stud` given
//! those cards, to the last digit.
#![cfg(feature = "cli")]

mod common;

use multiodds::equity::run::RunSettings;
use multiodds::equity::Method;
use multiodds::history::read_text;

fn cli_equities(game: &str, seats: &[String], dead: &str) -> Vec<f64> {
    common::equity_json(game, seats, dead, &["--exact"])["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["equity"].as_f64().unwrap())
        .collect()
}

/// Every heads-up street of the first hand in `file` that goes to 5th street or later
/// with the hero in it: the replay's equities against the command line's.
fn replay_matches_the_command_line(file: &str, game: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    let (hands, _) = read_text(file, &text);
    let (index, hand) = hands
        .iter()
        .enumerate()
        .find(|(_, h)| {
            let Some(hero) = h.hero else { return false };
            let m = multiodds::history::pots::money(h);
            let live = (0..h.players.len()).filter(|&p| !m.folded[p]).count();
            h.streets.len() >= 4 && !m.folded[hero] && live == 2
        })
        .expect("a hand to 5th street");
    // An iPoker game is replayed as the Hand view gets it: alone, with its session.
    let (text, index) = match multiodds::history::xml_game_at(&text, hand.source.line) {
        Some((_, game)) => (game, 0),
        None => (text.clone(), index),
    };
    let mut checked = 0;
    for street in 0..hand.streets.len() {
        let inputs = common::hand_at(&text, index, street);
        let spot = inputs.spot().unwrap();
        // Heads-up streets: exact in about a second each.
        if spot.seats.len() != 2 {
            continue;
        }
        // The hero's down cards are known, the others' are not.
        assert!(
            spot.ranges.iter().any(|r| !r.starts_with("(? ?)")),
            "{:?}",
            spot.ranges
        );
        let job = inputs.validate().unwrap();
        let settings = RunSettings {
            method: Method::Exact,
            ..RunSettings::default()
        };
        let ours = job.run(&settings, |_| true).unwrap();
        let ours: Vec<f64> = ours.seats.iter().map(|s| s.equity).collect();
        let theirs = cli_equities(game, &spot.ranges, &spot.dead);
        assert_eq!(
            ours, theirs,
            "street {street}: {:?} dead {}",
            spot.ranges, spot.dead
        );
        checked += 1;
    }
    assert!(checked >= 1, "{checked} streets checked");
}

#[test]
fn a_stud_hand_replays_as_the_command_line_values_it() {
    replay_matches_the_command_line(
        "tests/data/hands/cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt",
        "stud",
    );
}

#[test]
fn a_razz_hand_replays_as_the_command_line_values_it() {
    replay_matches_the_command_line(
        "tests/data/hands/cash/Stars/Stud/Razz-USD-0.04-0.08-200911.txt",
        "razz",
    );
}

#[test]
fn a_stud_hilo_hand_replays_as_the_command_line_values_it() {
    replay_matches_the_command_line(
        "tests/data/hands/cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt",
        "stud-hilo",
    );
}

#[test]
fn an_ipoker_stud_hand_replays_as_the_command_line_values_it() {
    replay_matches_the_command_line(
        "tests/data/hands_tour/iPoker/7-StudHi-USD-STT-5-201103.txt",
        "stud",
    );
}

#[test]
fn a_bovada_stud_hand_replays_as_the_command_line_values_it() {
    replay_matches_the_command_line(
        "tests/data/hands_tour/Bovada/7-Stud-USD-MTT - $10-$1 - 201206.txt",
        "stud",
    );
}
