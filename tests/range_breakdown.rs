//! The range breakdown against an independent count written here from the reference's
//! words (docs/reference.md §7: plain loops over every combo of `random`, rank and suit
//! counts, straights by their five-rank windows), on flops, turns and rivers of every
//! texture; and the `breakdown` and `runouts` commands.

mod common;
use common::cli;

use multiodds::cards::{Card, CardSet};
use multiodds::equity::breakdown::{breakdown, Draw, MadeHand};
use multiodds::eval::{evaluate, HandCategory};
use multiodds::range::{Combo, HandRange};

/// Whether `ranks` (a presence table by rank, 0 = deuce) hold five in a row, the wheel
/// A-2-3-4-5 included.
fn has_straight(ranks: &[bool; 13]) -> bool {
    let wheel = ranks[12] && ranks[0] && ranks[1] && ranks[2] && ranks[3];
    wheel || (0..=8).any(|low| (low..low + 5).all(|r| ranks[r]))
}

fn presence(cards: &[Card]) -> [bool; 13] {
    let mut p = [false; 13];
    for c in cards {
        p[c.rank() as usize] = true;
    }
    p
}

/// The made hand, the rules read one by one.
fn made_plainly(hole: [Card; 2], board: &[Card]) -> MadeHand {
    let mut all = board.to_vec();
    all.extend(hole);
    let value = evaluate(&all);
    let plays = board.len() < 5 || value > evaluate(board);
    if plays {
        match value.category() {
            HandCategory::StraightFlush => return MadeHand::StraightFlush,
            HandCategory::FourOfAKind => return MadeHand::FourOfAKind,
            HandCategory::FullHouse => return MadeHand::FullHouse,
            HandCategory::Flush => return MadeHand::Flush,
            HandCategory::Straight => return MadeHand::Straight,
            _ => {}
        }
    }
    let on_board = |r: u8| board.iter().filter(|c| c.rank() == r).count();
    let mut distinct: Vec<u8> = board.iter().map(|c| c.rank()).collect();
    distinct.sort();
    distinct.dedup();
    distinct.reverse();
    let highest = distinct[0];
    let second = distinct.get(1).copied();
    let (x, y) = (hole[0].rank(), hole[1].rank());
    let pair = x == y;
    if pair && on_board(x) >= 1 {
        return MadeHand::Set;
    }
    if !pair && (on_board(x) == 2 || on_board(y) == 2) {
        return MadeHand::Trips;
    }
    if !pair && on_board(x) >= 1 && on_board(y) >= 1 {
        return MadeHand::TwoPair;
    }
    if pair && distinct.iter().all(|&r| x > r) {
        return MadeHand::Overpair;
    }
    if x == highest || y == highest {
        return MadeHand::TopPair;
    }
    if pair && x < highest && second.is_none_or(|s| x > s) {
        return MadeHand::PocketPairBelowTop;
    }
    if let Some(s) = second {
        if x == s || y == s {
            return MadeHand::MiddlePair;
        }
    }
    if on_board(x) >= 1 || on_board(y) >= 1 || pair {
        return MadeHand::WeakPair;
    }
    if x == 12 || y == 12 {
        return MadeHand::AceHigh;
    }
    MadeHand::NoMadeHand
}

/// The draws, the rules read one by one.
fn draws_plainly(hole: [Card; 2], board: &[Card], made: MadeHand) -> Vec<Draw> {
    let mut out = Vec::new();
    let flush_made = made == MadeHand::Flush || made == MadeHand::StraightFlush;
    let straight_made = made == MadeHand::Straight || made == MadeHand::StraightFlush;
    if board.len() < 5 {
        let mut flush_draw = false;
        let mut nut = false;
        for suit in 0..4u8 {
            let mine = hole.iter().filter(|c| c.suit() == suit).count();
            let theirs = board.iter().filter(|c| c.suit() == suit).count();
            if !flush_made && mine >= 1 && mine + theirs == 4 {
                flush_draw = true;
                let top = (0..13u8)
                    .rev()
                    .find(|&r| !board.iter().any(|c| c.rank() == r && c.suit() == suit))
                    .unwrap();
                nut |= hole.iter().any(|c| c.suit() == suit && c.rank() == top);
            }
        }
        if flush_draw {
            out.push(Draw::FlushDraw);
        }
        if nut {
            out.push(Draw::NutFlushDraw);
        }
        if board.len() == 3 && !flush_draw && !flush_made {
            let backdoor = (0..4u8).any(|suit| {
                let mine = hole.iter().filter(|c| c.suit() == suit).count();
                let theirs = board.iter().filter(|c| c.suit() == suit).count();
                mine >= 1 && mine + theirs == 3
            });
            if backdoor {
                out.push(Draw::BackdoorFlushDraw);
            }
        }
        let mut straight_draw = false;
        if !straight_made {
            let mut all = board.to_vec();
            all.extend(hole);
            let completing = (0..13usize)
                .filter(|&r| {
                    let (mut with, mut alone) = (presence(&all), presence(board));
                    with[r] = true;
                    alone[r] = true;
                    has_straight(&with) && !has_straight(&alone)
                })
                .count();
            if completing >= 2 {
                out.push(Draw::OpenEnded);
            } else if completing == 1 {
                out.push(Draw::Gutshot);
            }
            straight_draw = completing >= 1;
        }
        if flush_draw && straight_draw {
            out.push(Draw::ComboDraw);
        }
    }
    // Overcards draw to a pair: on the river nothing is left to come.
    let top = board.iter().map(|c| c.rank()).max().unwrap();
    if board.len() < 5
        && (made == MadeHand::AceHigh || made == MadeHand::NoMadeHand)
        && hole.iter().all(|c| c.rank() > top)
    {
        out.push(Draw::Overcards);
    }
    out
}

#[test]
fn every_line_of_random_equals_a_plain_count() {
    let boards = [
        "Kd 7c 2s",       // dry, rainbow
        "Jh 4c 3h",       // two-tone, wheel cards
        "9s 8s 7s",       // monotone, connected
        "Qc Qd 5h",       // paired
        "6d 6h 6s",       // trips
        "Th 9h 2h 4h",    // four-flush turn
        "Ac 2d 3h 4s",    // four to a wheel
        "Kd 7c 2s 9h 9c", // paired river
        "5c 6d 7h 8s 9c", // a straight on the board
    ];
    for text in boards {
        let board = CardSet::parse(text).unwrap();
        let board_cards: Vec<Card> = board.iter().collect();
        let b = breakdown(&HandRange::random(), board, CardSet::EMPTY).unwrap();
        let mut made_count = std::collections::HashMap::new();
        let mut draw_count = std::collections::HashMap::new();
        let mut live = 0;
        for combo in Combo::all() {
            if combo.card_set().intersects(board) {
                continue;
            }
            live += 1;
            let (a, c) = combo.cards();
            let made = made_plainly([a, c], &board_cards);
            *made_count.entry(made).or_insert(0usize) += 1;
            for d in draws_plainly([a, c], &board_cards, made) {
                *draw_count.entry(d).or_insert(0usize) += 1;
            }
        }
        assert_eq!(b.combos, live, "{text}");
        for (m, line) in &b.made {
            assert_eq!(
                line.combos,
                *made_count.get(m).unwrap_or(&0),
                "{text}: {m:?}"
            );
            assert!((line.weight - line.combos as f64).abs() < 1e-9);
        }
        for (d, line) in &b.draws {
            assert_eq!(
                line.combos,
                *draw_count.get(d).unwrap_or(&0),
                "{text}: {d:?}"
            );
        }
        // Where the lines overlap the evaluator's categories: on the flop and turn the
        // hole cards always play, so the five strongest lines are the categories.
        if board.len() < 5 {
            let strong = |c: HandCategory| {
                Combo::all()
                    .filter(|k| !k.card_set().intersects(board))
                    .filter(|k| {
                        let (a, c2) = k.cards();
                        let mut all = board_cards.clone();
                        all.extend([a, c2]);
                        evaluate(&all).category() == c
                    })
                    .count()
            };
            let line = |m: MadeHand| b.made.iter().find(|(x, _)| *x == m).unwrap().1.combos;
            assert_eq!(line(MadeHand::Flush), strong(HandCategory::Flush), "{text}");
            assert_eq!(
                line(MadeHand::Straight),
                strong(HandCategory::Straight),
                "{text}"
            );
            assert_eq!(
                line(MadeHand::FullHouse),
                strong(HandCategory::FullHouse),
                "{text}"
            );
        }
    }
}

#[test]
fn the_breakdown_command_prints_the_json_contract() {
    let out = assert_cmd::Command::cargo_bin("multiodds")
        .unwrap()
        .args([
            "breakdown",
            "22+,A2s+,KTs+,QTs+,JTs,ATo+",
            "--board",
            "Kd 7c 2s",
            "--vs",
            "TT+,AK",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["board"], "Kd 7c 2s");
    let made = v["made"].as_array().unwrap();
    let names: Vec<&str> = made.iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "straight_flush",
            "four_of_a_kind",
            "full_house",
            "flush",
            "straight",
            "set",
            "trips",
            "two_pair",
            "overpair",
            "top_pair",
            "pocket_pair_below_top",
            "middle_pair",
            "weak_pair",
            "ace_high",
            "no_made_hand"
        ]
    );
    let share: f64 = made.iter().map(|m| m["share"].as_f64().unwrap()).sum();
    assert!((share - 1.0).abs() < 1e-5);
    let combos: u64 = made.iter().map(|m| m["combos"].as_u64().unwrap()).sum();
    assert_eq!(Some(combos), v["combos"].as_u64());
    // Equity by combo: the share-weighted mean is the range's equity.
    let by_combo = v["by_combo"].as_array().unwrap();
    let mean: f64 = by_combo
        .iter()
        .map(|c| c["share"].as_f64().unwrap() * c["equity"].as_f64().unwrap())
        .sum();
    assert!((mean - v["equity"].as_f64().unwrap()).abs() < 1e-4);
    let buckets: f64 = v["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["share"].as_f64().unwrap())
        .sum();
    assert!((buckets - 1.0).abs() < 1e-5);
    assert!(v["classes"].as_array().unwrap().len() > 10);
}

#[test]
fn the_runouts_command_adds_up() {
    let out = assert_cmd::Command::cargo_bin("multiodds")
        .unwrap()
        .args([
            "runouts", "AhKh,QQ", "random", "--board", "Jh 4c 3h", "--json",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cards = v["cards"].as_array().unwrap();
    assert_eq!(cards.len(), 49);
    let p: f64 = cards
        .iter()
        .map(|c| c["probability"].as_f64().unwrap())
        .sum();
    assert!((p - 1.0).abs() < 1e-4);
}

#[test]
fn hostile_inputs_are_refused_clearly() {
    let run = |args: &[&str]| {
        let (code, _, stderr) = cli(args);
        (code, stderr)
    };
    let (code, e) = run(&["breakdown", "AA", "--board", "Kd 7c"]);
    assert_eq!(code, Some(1));
    assert!(
        e.contains("--board: a flop, turn or river (3 to 5 cards)") && e.contains("got 2"),
        "{e}"
    );
    let (code, e) = run(&["breakdown", "AA", "--board", "Kd 7c 2s 3h 4h 5h"]);
    assert_eq!(code, Some(1));
    assert!(e.contains("at most 5"), "{e}");
    let (code, e) = run(&["breakdown", "KdKc", "--board", "Kd 7c 2s"]);
    assert_eq!(code, Some(1));
    assert!(e.contains("blocked"), "{e}");
    let (code, e) = run(&["breakdown", "AA:1e-300", "--board", "Kd 7c 2s"]);
    assert_eq!(code, Some(1));
    assert!(e.contains("1e-45"), "{e}");
    // A --vs range that leaves no deal: its only combo holds both of the range's aces.
    let (code, e) = run(&["breakdown", "AsAh", "--board", "Kd 7c 2s", "--vs", "AsAh"]);
    assert_eq!(code, Some(1));
    assert!(e.contains("blocked") || e.contains("no combo"), "{e}");
    let (code, e) = run(&["runouts", "AA", "KK", "--board", "Kd 7c 2s 3h 4h"]);
    assert_eq!(code, Some(1));
    assert!(e.contains("flop or a turn"), "{e}");
}

#[test]
fn too_many_seats_are_refused_by_name() {
    let mut args = vec!["breakdown", "AA", "--board", "Kd 7c 2s"];
    for _ in 0..23 {
        args.extend(["--vs", "random"]);
    }
    let out = assert_cmd::Command::cargo_bin("multiodds")
        .unwrap()
        .args(&args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(
        e.contains("--vs: Hold'em deals 2 to 23 seats, got 24"),
        "{e}"
    );
    // Three seats whose exact work is out of reach are refused with the estimate.
    let out = assert_cmd::Command::cargo_bin("multiodds")
        .unwrap()
        .args([
            "breakdown",
            "random",
            "--board",
            "Kd 7c 2s",
            "--vs",
            "random",
            "--vs",
            "random",
            "--vs",
            "random",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(e.contains("exact analysis would take"), "{e}");
}

/// `breakdown` asks the Range view's question through the view's own validation: before
/// the flop it answers every combo's equity (as the view and `run` do), and the range's
/// equity is the matchup's, exactly; a typed empty `--vs` and a seat the cards block
/// entirely are refused by name.
#[test]
fn breakdown_is_the_range_views_question() {
    let (code, out, e) = cli(&["breakdown", "22+,AKs", "--vs", "AQ,KK", "--json"]);
    assert_eq!(code, Some(0), "{e}");
    let b: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (_, out, _) = cli(&["equity", "22+,AKs", "AQ,KK", "--exact", "--json"]);
    let m: serde_json::Value = serde_json::from_str(&out).unwrap();
    let matchup = m["players"][0]["equity"].as_f64().unwrap();
    let breakdown = b["equity"].as_f64().unwrap();
    // Preflop a combo has no line: its tags are empty (they once indexed an empty board).
    assert!(
        b["by_combo"][0]["tags"].as_array().unwrap().is_empty(),
        "{b}"
    );
    assert!(
        (breakdown - matchup).abs() < 1e-9,
        "{breakdown} vs {matchup}"
    );
    let (code, _, e) = cli(&["breakdown", "QQ+", "--board", "Kd 7c 2s", "--vs", " "]);
    assert_eq!(code, Some(1));
    assert!(e.contains("--vs 1: empty"), "{e}");
    let (code, _, e) = cli(&["runouts", "QQ+", "AsAh", "Kd Kh", "--board", "Kd 7c 2s"]);
    assert_eq!(code, Some(1));
    assert!(
        e.contains("seat 3: every hand of the range is blocked") && !e.contains("seat 3: seat 3"),
        "{e}"
    );
}
