//! The command line under a hostile pass: every opponent count asked for answered (a
//! figure or why not), figures from too few deals shown as n/a in every game, the
//! thread count checked by every command, the Hand view's seats labelled by their
//! players, and each game's own hand types.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;
use serde_json::Value;

fn multiodds() -> Command {
    Command::cargo_bin("multiodds").unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&common::stdout_of(multiodds().args(args).output().unwrap())).unwrap()
}

fn fails(args: &[&str], needle: &str) {
    let out = multiodds().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    // A refusal, never a panic (101).
    assert!(matches!(out.status.code(), Some(1 | 2)), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{args:?}: {err}");
}

/// `sweep` against a range that deals at most 7 opponents, for 1–9: nine rows in text
/// and JSON, each a figure or a reason, and the run ends on its deal budget.
#[test]
fn a_sweep_answers_every_count_asked_for() {
    let args = [
        "sweep",
        "AKs",
        "--vs",
        "QQ:0.9, TT:1, AKs:0.1",
        "--opponents",
        "1-9",
        "--trials",
        "3000000",
    ];
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let v = json(&with_json);
    let points: Vec<u64> = v["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["opponents"].as_u64().unwrap())
        .collect();
    let missing: Vec<u64> = v["missing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["opponents"].as_u64().unwrap())
        .collect();
    assert_eq!(points, [1, 2, 3, 4, 5]);
    assert_eq!(missing, [6, 7, 8, 9]);
    for m in v["missing"].as_array().unwrap() {
        assert!(!m["reason"].as_str().unwrap().is_empty());
    }
    let text = common::stdout_of(multiodds().args(args).output().unwrap());
    for n in 1..=9 {
        assert!(
            text.lines()
                .any(|l| l.trim_start().starts_with(&format!("{n} "))),
            "row {n}: {text}"
        );
    }
    assert!(text.contains("too rare to sample"), "{text}");
    assert!(text.contains("cannot be dealt"), "{text}");
}

/// One deal is not a certainty: a draw game and a double board on a single deal show
/// no figure.
#[test]
fn figures_from_a_handful_of_deals_are_not_applicable() {
    let v = json(&[
        "draw",
        "--game",
        "2-7",
        "7c 5d 4h 3s",
        "8c 6d 2h 3d",
        "--mc",
        "--trials",
        "1",
        "--json",
    ]);
    assert_eq!(v["deals"], 1);
    assert_eq!(v["players"][0]["equity"], Value::Null);
    let v = json(&[
        "equity", "AsKs", "QQ", "--boards", "2", "--mc", "--trials", "1", "--json",
    ]);
    assert_eq!(v["seats"][0]["equity"], Value::Null);
    assert_eq!(v["seats"][0]["board1"], Value::Null);
    assert!(v["figures_not_applicable"]
        .as_str()
        .unwrap()
        .contains("1 deals"));
}

/// Double board in hi/lo: each board's high and low halves, summing as the pot does.
#[test]
fn a_hi_lo_double_board_has_each_boards_halves() {
    let v = json(&[
        "equity",
        "--game",
        "omaha-hilo",
        "As2sKhQh",
        "AdAcJdTc",
        "--board",
        "3c 4d Ks",
        "--board2",
        "7h 8h 2d",
        "--boards",
        "2",
        "--exact",
        "--json",
    ]);
    assert_eq!(v["method"], "exact");
    for k in ["board1", "board2"] {
        let (a, b) = (&v["seats"][0][k], &v["seats"][1][k]);
        let high = a["high"].as_f64().unwrap() + b["high"].as_f64().unwrap();
        // Someone always wins or shares the high: the two chances cover it (a shared
        // high counts for both).
        assert!(high >= 1.0 - 1e-12, "{k}: {high}");
        assert!((0.0..=1.0).contains(&a["low"].as_f64().unwrap()));
    }
}

/// Razz's hand types are its lows by rank; the draw games tally none (no zeros shown).
#[test]
fn each_game_has_its_own_hand_types() {
    let v = json(&[
        "equity",
        "--game",
        "razz",
        "(As 2d) 3c",
        "(Kh Kd) 5c",
        "--json",
    ]);
    let types = v["players"][0]["hand_types"].as_object().unwrap();
    let keys: Vec<&str> = types.keys().map(|k| k.as_str()).collect();
    for k in [
        "wheel",
        "6_low",
        "7_low",
        "8_low",
        "9_low_or_worse",
        "paired",
    ] {
        assert!(keys.contains(&k), "{keys:?}");
    }
    assert!(!keys.contains(&"high_card"), "{keys:?}");
    // The types a seat wins or ties with add up to its wins and ties.
    let sum: f64 = types.values().map(|t| t["wins"].as_f64().unwrap()).sum();
    let p = &v["players"][0];
    let won = p["win"].as_f64().unwrap() + p["tie"].as_f64().unwrap();
    assert!((sum - won).abs() < 1e-9, "{sum} against {won}");
    let v = json(&[
        "equity",
        "--game",
        "2-7-draw",
        "7c 5d 4h 3s",
        "8c 6d 2h 3d",
        "--json",
    ]);
    assert!(v["players"][0].get("hand_types").is_none(), "{v}");
}

/// `--threads` from 1 to 256 in every command that takes it.
#[test]
fn every_command_checks_its_thread_count() {
    for t in ["0", "257", "100000"] {
        fails(&["flops", "AA", "KK", "--threads", t, "-q"], "--threads");
        fails(
            &["run", "assets/examples/folded_seats.ron", "--threads", t],
            "--threads",
        );
        fails(&["equity", "AA", "KK", "--threads", t], "--threads");
    }
}

/// `run` of a Hand view scenario labels each matchup row with its player: preflop of a
/// hand all-in before the flop, the two players all-in (the others folded as the betting
/// closed), named, their equities adding up to one.
#[test]
fn run_labels_a_hand_views_players() {
    let text = std::fs::read_to_string(
        "tests/data/hands/cash/Stars/Flop/NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt",
    )
    .unwrap();
    let mut scenario = multiodds::scenario::Scenario {
        view: multiodds::scenario::ViewKind::Hand,
        ..Default::default()
    };
    scenario.hand.text = text;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hand.ron");
    std::fs::write(&path, scenario.to_ron()).unwrap();
    let v = json(&["run", path.to_str().unwrap(), "--json", "-q"]);
    let players = v["players"].as_array().unwrap();
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["range"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["AAALISAAAA Kd 5d", "Hero Ac As"], "{v}");
    // AcAs against Kd5d preflop: 83.1 % (the all-in adjusted figure of the hand).
    let hero = players[1]["equity"].as_f64().unwrap();
    assert!((hero - 0.8311).abs() < 0.0005, "{hero}");
    assert!((common::equity_sum(&v) - 1.0).abs() < 1e-6);
}

/// Smaller traps: a stud range of combos in brackets is a range, not four cards; an
/// Omaha range every hand of which is blocked is refused as in Hold'em; a scenario that
/// names a second board with one board asked for says so instead of answering one.
#[test]
fn ranges_in_brackets_blocked_ranges_and_a_stray_second_board() {
    let v = json(&[
        "equity",
        "--game",
        "stud",
        "(AsKs, AhKh) 2c",
        "(Qd Qc) 3c",
        "--json",
    ]);
    assert_eq!(v["players"][0]["combos"], 2, "{v}");
    fails(
        &["range", "--game", "omaha", "AAxx", "--dead", "As Ah Ad Ac"],
        "every hand of the range is blocked",
    );
    let mut scenario = multiodds::scenario::Scenario {
        view: multiodds::scenario::ViewKind::Matchup,
        ..Default::default()
    };
    scenario.matchup.board2 = "7h 8h 2d".into();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("two.ron");
    std::fs::write(&path, scenario.to_ron()).unwrap();
    fails(
        &["run", path.to_str().unwrap()],
        "matchup.board2 is `7h 8h 2d` but matchup.boards is 1",
    );
}

/// `run` of a preflop Range view answers what the view answers: each hand's equity
/// against the other seats, no made-hand lines.
#[test]
fn run_answers_a_preflop_range_view() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("range.ron");
    std::fs::write(
        &path,
        r#"(view: Range, range: (range: "QQ+, AKs", vs: ["random"], board: ""))"#,
    )
    .unwrap();
    let text = common::stdout_of(
        multiodds()
            .args(["run", path.to_str().unwrap()])
            .output()
            .unwrap(),
    );
    assert!(text.starts_with("QQ+, AKs preflop: 22 combos"), "{text}");
    assert!(text.contains("equity against random: 79.70%"), "{text}");
    assert!(!text.contains("made hand"), "{text}");
}

/// Stud with eight seats: the deck cannot give each its own 7th-street card, and the
/// answer says the community-card rule was used, in text and JSON.
#[test]
fn stud_says_when_the_community_card_rule_is_used() {
    let seats = ["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"];
    let mut args = vec!["equity", "--game", "stud"];
    args.extend(seats);
    args.extend(["--mc", "--trials", "20000"]);
    let text = common::stdout_of(multiodds().args(&args).output().unwrap());
    assert!(text.contains("one community card"), "{text}");
    args.push("--json");
    let v = json(&args);
    assert!(
        v["note"].as_str().unwrap().contains("community card"),
        "{v}"
    );
    // Seven seats get their own cards: no note.
    let v = json(&[
        "equity", "--game", "stud", "2c", "3c", "4c", "5c", "6c", "7c", "8c", "--mc", "--trials",
        "20000", "--json",
    ]);
    assert!(v.get("note").is_none_or(|n| n.is_null()), "{v}");
}

/// Stud's exact run holds its lists and index within `--memory-mb`: over it, exact is
/// refused with the estimate, and `auto` samples instead.
#[test]
fn stud_exact_keeps_to_the_memory_budget() {
    let seats = ["(As Kd) 7c", "(Qh Qc) 8d"];
    let out = multiodds()
        .args([
            "equity",
            "--game",
            "stud",
            seats[0],
            seats[1],
            "--exact",
            "--memory-mb",
            "32",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("over the 32 MiB budget"), "{err}");
    let v = json(&[
        "equity",
        "--game",
        "stud",
        seats[0],
        seats[1],
        "--memory-mb",
        "32",
        "--json",
    ]);
    assert_eq!(v["method"], "monte_carlo");
    let v = json(&["equity", "--game", "stud", seats[0], seats[1], "--json"]);
    assert_eq!(v["method"], "exact");
}

/// An exact run with a random hand folded holds its estimate: past the two-minute bound
/// (it took 156 s on two cores while the estimate said 40 s) it is refused with the
/// estimate at once, and `auto` samples it.
#[test]
fn a_folded_exact_run_is_estimated_as_it_runs() {
    let out = multiodds()
        .args([
            "equity",
            "AKs",
            "QQ",
            "--folded",
            "random",
            "--exact",
            "--threads",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("exact enumeration would take"), "{err}");
    let v = json(&["equity", "AKs", "QQ", "--folded", "random", "--json"]);
    assert_eq!(v["method"], "monte_carlo");
}

/// The next card's change in equity never reads "-0.00": random against random, every
/// card leaves the equity where it was.
#[test]
fn a_change_that_rounds_to_nothing_is_not_negative() {
    let text = common::stdout_of(
        multiodds()
            .args(["runouts", "random", "random", "--board", "Kd 7c 2s"])
            .output()
            .unwrap(),
    );
    assert!(text.lines().count() > 40, "{text}");
    assert!(!text.contains("-0.00"), "{text}");
}
