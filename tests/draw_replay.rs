//! Draw-game hands replayed round by round: at each round the equity of the players
//! still in, each keeping what it kept at the next draw (the observer's hand less the
//! cards it threw, a shown hand that stood pat whole, nothing for an unseen hand) with the
//! cards seen thrown dead, equals `multiodds equity --game 2-7-draw|badugi` given those
//! keeps — to the last digit where exact, within four standard errors where sampled.
#![cfg(feature = "cli")]

mod common;

use multiodds::equity::run::RunSettings;
use multiodds::history::read_text;

/// Each seat's equity and its standard error (0 when exact), and whether it was exact.
fn cli_equities(game: &str, seats: &[String], dead: &str) -> (Vec<(f64, f64)>, bool) {
    let v = common::equity_json(game, seats, dead, &[]);
    let exact = v["method"].as_str() == Some("exact");
    let seats = v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["equity"].as_f64().unwrap(),
                p["std_error"].as_f64().unwrap_or(0.0),
            )
        })
        .collect();
    (seats, exact)
}

/// Every round of hand `id` in `file` with two or more players in: the replay's
/// equities against the command line's. Returns how many rounds were exact.
fn replay_matches_the_command_line(file: &str, id: &str, game: &str) -> usize {
    let text = std::fs::read_to_string(file).unwrap();
    let (hands, _) = read_text(file, &text);
    let (index, hand) = hands
        .iter()
        .enumerate()
        .find(|(_, h)| h.id == id)
        .expect("the hand");
    assert_eq!(hand.game.game.map(|g| g.key()), Some(game));
    let mut exact_rounds = 0;
    let mut checked = 0;
    for street in 0..hand.streets.len() {
        let inputs = common::hand_at(&text, index, street);
        let spot = inputs.spot().unwrap();
        if spot.seats.len() < 2 {
            continue;
        }
        let job = inputs.validate().unwrap();
        let ours = job.run(&RunSettings::default(), |_| true).unwrap();
        let (theirs, exact) = cli_equities(game, &spot.ranges, &spot.dead);
        assert_eq!(ours.seats.len(), theirs.len());
        for (s, &(equity, se)) in ours.seats.iter().zip(&theirs) {
            if exact {
                assert_eq!(
                    s.equity, equity,
                    "round {street}: {:?} dead {}",
                    spot.ranges, spot.dead
                );
            } else {
                let bound = 4.0 * (s.equity_se.powi(2) + se.powi(2)).sqrt();
                assert!(
                    (s.equity - equity).abs() <= bound,
                    "round {street}: {} against {equity} ± {bound}",
                    s.equity
                );
            }
        }
        exact_rounds += usize::from(exact);
        checked += 1;
    }
    assert!(checked >= 2, "{checked} rounds checked");
    exact_rounds
}

#[test]
fn a_single_draw_hand_replays_as_the_command_line_values_it() {
    let file = "tests/data/hands/cash/Stars/Draw/NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt";
    // Before the draw the hero stands pat on 8-7-6-4-2 and the villain, whose hand is
    // shown only after drawing one, draws as an unseen hand; after it, both are known.
    let text = std::fs::read_to_string(file).unwrap();
    let spot = |street| common::hand_at(&text, 0, street).spot().unwrap();
    assert_eq!(spot(0).ranges, ["-", "2s 7d 4d 6d 8s"]);
    assert_eq!(spot(1).ranges.len(), 2);
    assert_eq!(
        replay_matches_the_command_line(file, "48974407184", "2-7-draw"),
        2
    );
}

#[test]
fn a_triple_draw_hand_replays_as_the_command_line_values_it() {
    let file = "tests/data/hands/cash/Stars/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt";
    let text = std::fs::read_to_string(file).unwrap();
    let (hands, _) = read_text(file, &text);
    let selected = hands.iter().position(|h| h.id == "35839050562").unwrap();
    let spot = |street| common::hand_at(&text, selected, street).spot().unwrap();
    // The hero keeps 3d Tc 7c at the first draw (Kh Th thrown: dead), then 3d 7c 5c
    // (Qs Tc thrown), then stands pat; the villain, who mucks 8-7 after drawing one at
    // the third draw, is unseen until then.
    assert_eq!(spot(0).ranges, ["3d Tc 7c", "-", "-"]);
    assert_eq!(spot(0).dead, "Kh Th");
    assert_eq!(spot(1).ranges, ["3d 7c 5c", "-"]);
    assert_eq!(spot(2).ranges, ["3d 7c 5c 4c 2s", "-"]);
    assert_eq!(spot(3).ranges, ["3d 7c 5c 4c 2s", "8s 7d 3c 6d 2h"]);
    // The last two rounds are exact (one unseen hand drawing five), the first two sampled.
    assert_eq!(
        replay_matches_the_command_line(file, "35839050562", "2-7-draw"),
        2
    );
}

#[test]
fn a_badugi_hand_replays_as_the_command_line_values_it() {
    let file = "tests/data/hands/cash/Stars/Draw/Badugi-USD-0.25-0.50-201009.txt";
    let text = std::fs::read_to_string(file).unwrap();
    let (hands, _) = read_text(file, &text);
    let selected = hands.iter().position(|h| h.id == "49164202872").unwrap();
    let last = common::hand_at(&text, selected, 3).spot().unwrap();
    // After the third draw: the all-in player's mucked hand and the two shown ones; the
    // hero's folded hand and his thrown cards are dead.
    assert_eq!(last.ranges, ["Ad Td Qc 2s", "8c 5d 7s Th", "8s 3d Ac 4h"]);
    for c in ["As", "3h", "5h", "Ks", "8h", "6s"] {
        assert!(last.dead.contains(c), "{c} in {}", last.dead);
    }
    assert!(replay_matches_the_command_line(file, "49164202872", "badugi") >= 1);
}

#[test]
fn a_garbled_draw_counts_the_observers_hand_as_unseen() {
    let file = "tests/data/hands/cash/Stars/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt";
    let text = std::fs::read_to_string(file).unwrap();
    let (hands, _) = read_text(file, &text);
    let hand = hands.iter().find(|h| h.id == "35839050562").unwrap();
    let one = &text[text.find("PokerStars Game #35839050562").unwrap()..];
    let one = &one[..one.find("\n\n").unwrap_or(one.len())];
    assert!(one.contains("SUMMARY"), "{one}");
    // Throwing cards it does not hold, or holding eight after the draw: the text
    // contradicts itself, so the hero's hand is unseen there and the run still ends.
    // (The round where the garbled hand is held.)
    for (garbled, garbled_round) in [
        (
            one.replace("discards 2 cards [Kh Th]", "discards 2 cards [Ah As]"),
            0,
        ),
        (
            one.replace("[3d Tc 7c] [5c Qs]", "[3d Tc 7c 5c Qs As Ks Kd]"),
            1,
        ),
    ] {
        for street in 0..hand.streets.len() {
            let inputs = common::hand_at(&garbled, 0, street);
            let spot = inputs.spot().unwrap();
            if spot.seats.len() < 2 {
                continue;
            }
            let job = inputs.validate().unwrap();
            let out = job.run(&RunSettings::default(), |_| true).unwrap();
            let sum: f64 = out.seats.iter().map(|s| s.equity).sum();
            assert!((sum - 1.0).abs() < 1e-9, "street {street}: {sum}");
        }
        let there = common::hand_at(&garbled, 0, garbled_round).spot().unwrap();
        assert_eq!(there.ranges[0], "-", "{:?}", there.ranges);
    }
}
