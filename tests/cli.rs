//! The `multiodds` binary: JSON against reference §6, and every error path exits non-zero
//! with a message naming the problem and nothing on stdout.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;
use serde_json::Value;

fn multiodds() -> Command {
    Command::cargo_bin("multiodds").unwrap()
}

fn json(args: &[&str]) -> Value {
    let out = multiodds().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)))
}

fn fails(args: &[&str], needle: &str) {
    let out = multiodds().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    if args.contains(&"--json") {
        // Under --json the error is one JSON object on stdout, nothing on stderr.
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
        let detail = v["error"]["detail"].as_str().unwrap();
        assert!(v["error"]["message"].is_string(), "{v}");
        assert!(
            detail.contains(needle),
            "{args:?}: {detail:?} lacks {needle:?}"
        );
        return;
    }
    assert!(
        out.stdout.is_empty(),
        "{args:?} printed to stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(needle),
        "{args:?}: stderr {err:?} lacks {needle:?}"
    );
}

#[test]
fn eval_json() {
    let v = json(&["eval", "As Ks Qs Js Ts", "--json"]);
    assert_eq!(v["cards"], "As Ks Qs Js Ts");
    assert_eq!(v["category"], "straight_flush");
    assert!(
        v["value"].as_u64().unwrap()
            > json(&["eval", "Ks Qs Js Ts 9s", "--json"])["value"]
                .as_u64()
                .unwrap()
    );
    assert_eq!(
        json(&["eval", "2c", "2d", "5h", "5s", "9c", "9d", "Kh", "--json"])["category"],
        "two_pair"
    );
    assert_eq!(v["partial"], false);
    // One to four cards: reference §2's partial ranking, said so.
    let pair = json(&["eval", "Ah Ad", "--json"]);
    assert_eq!(
        (pair["category"].as_str(), pair["partial"].as_bool()),
        (Some("pair"), Some(true))
    );
    let trips = json(&["eval", "7h 7d 7c 2s", "--json"]);
    assert_eq!(trips["category"], "three_of_a_kind");
    assert!(trips["value"].as_u64() > json(&["eval", "Ah Ad Kc Qs", "--json"])["value"].as_u64());
    assert_eq!(json(&["eval", "Kh", "--json"])["category"], "high_card");
}

#[test]
fn outs_json_carries_the_classic_draw_functions() {
    let v = json(&["outs", "Qs Js", "--board", "9c Ts 7d 3c", "--json"]);
    assert_eq!(v["count"], 14);
    assert_eq!(v["discounted"]["outs"], 6);
    assert_eq!(v["outs_ex"]["outs"], 14);
    assert_eq!(v["draw_count"]["straight"], 8);
    assert!(v["hand_distance"].as_u64().is_some());
    let groups = v["by_category"].as_array().unwrap();
    let straight = groups.iter().find(|g| g["category"] == "straight").unwrap();
    assert_eq!(straight["cards"].as_array().unwrap().len(), 8);
    let v = json(&["outs", "Kc Ks", "--board", "Kd Ac 2h 7s", "--json"]);
    assert_eq!(
        (
            v["discounted"]["outs"].as_u64(),
            v["hand_distance"].as_u64()
        ),
        (Some(10), Some(1))
    );
}

#[test]
fn sweep_json_has_win_odds_and_joint_potentials() {
    let v = json(&[
        "sweep",
        "Ad Qc",
        "--board",
        "3h 4c Jh",
        "--opponents",
        "1",
        "--exact",
        "--json",
    ]);
    let p = &v["points"][0];
    assert_eq!(p["win_odds"], p["equity"]);
    let joint = p["ppot_joint"].as_f64().unwrap();
    let ppot = p["ppot"].as_f64().unwrap();
    assert!(
        (joint - ppot * 448.5 / 1081.0).abs() < 2e-6,
        "{joint} {ppot}"
    );
    assert!(p["std_error"]["win_odds"].is_number());
}

#[test]
fn range_json() {
    let v = json(&["range", "QQ+, AK", "--json"]);
    assert_eq!(v["input"], "QQ+, AK");
    assert_eq!(v["canonical"], "QQ+, AKs, AKo");
    assert_eq!(v["combos"], 34);
    assert_eq!(v["weight"], 34.0);
    assert_eq!(v["hands"].as_array().unwrap().len(), 34);
    let v = json(&["range", "AA, AKs:0.5", "--board", "As 7d 2c", "--json"]);
    assert_eq!(v["combos"], 6);
    assert_eq!(v["weight"], 4.5);
}

#[test]
fn equity_json_matches_spec_example() {
    let v = json(&["equity", "AsKs", "5h Tc", "--board", "Qs Ts 5c", "--json"]);
    assert_eq!(v["method"], "exact");
    assert_eq!(v["deals"], 990);
    assert_eq!(v["seed"], Value::Null);
    assert_eq!(v["board"], "Qs Ts 5c");
    assert_eq!(v["dead"], "");
    assert!(v["elapsed_ms"].is_u64());
    let players = v["players"].as_array().unwrap();
    assert_eq!(players[0]["range"], "AsKs");
    assert_eq!(players[0]["combos"], 1);
    // Full precision: 422 of the 990 boards, the shortest text that reads back.
    assert_eq!(players[0]["equity"], 422.0 / 990.0);
    assert_eq!(players[0]["win"], 422.0 / 990.0);
    assert_eq!(players[0]["tie"], 0.0);
    assert_eq!(players[0]["std_error"], 0.0);
    assert_eq!(players[1]["range"], "5h Tc");
    assert_eq!(players[1]["equity"], 568.0 / 990.0);
}

#[test]
fn equity_monte_carlo_reports_seed_and_error() {
    let v = json(&[
        "equity",
        "AA",
        "KK",
        "QQ",
        "--mc",
        "--seed",
        "9",
        "--target-se",
        "0.005",
        "--json",
    ]);
    assert_eq!(v["method"], "monte_carlo");
    assert_eq!(v["seed"], 9);
    let total = common::equity_sum(&v);
    assert!((total - 1.0).abs() < 1e-5);
    for p in v["players"].as_array().unwrap() {
        let se = p["std_error"].as_f64().unwrap();
        assert!(se > 0.0 && se <= 0.005, "{se}");
    }
    // Same seed, same numbers, any thread count.
    let again = json(&[
        "equity",
        "AA",
        "KK",
        "QQ",
        "--mc",
        "--seed",
        "9",
        "--target-se",
        "0.005",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(v["players"], again["players"]);
}

#[test]
fn sweep_json() {
    let v = json(&[
        "sweep",
        "Ad Qc",
        "--board",
        "3h 4c Jh",
        "--opponents",
        "1-2",
        "--target-se",
        "0.003",
        "--json",
    ]);
    assert_eq!(v["hero"], "Ad Qc");
    assert_eq!(v["vs"], "random");
    assert_eq!(v["board"], "Jh 4c 3h");
    let points = v["points"].as_array().unwrap();
    assert_eq!(points.len(), 2);
    let p = &points[0];
    assert_eq!(p["opponents"], 1);
    assert_eq!(p["deals"], 1081 * 990);
    // Full precision: within half a unit of the sixth decimal of the published figures,
    // and not rounded to it.
    for (key, six) in [
        ("hand_strength", 0.585106),
        ("ppot", 0.208324),
        ("npot", 0.273693),
    ] {
        let v = p[key].as_f64().unwrap();
        assert!((v - six).abs() < 5e-7 && v != six, "{key}: {v}");
    }
    assert_eq!(p["std_error"]["equity"], 0.0);
    let types = p["hand_types"].as_object().unwrap();
    assert_eq!(types.len(), 9);
    let total: f64 = types
        .values()
        .map(|t| t["wins"].as_f64().unwrap() + t["opponent_wins"].as_f64().unwrap())
        .sum();
    // Exact: the hero's wins and ties and the opponents' wins are every deal (a tie
    // counts once, on the hero's side).
    let (win, tie) = (p["win"].as_f64().unwrap(), p["tie"].as_f64().unwrap());
    let hero: f64 = types.values().map(|t| t["wins"].as_f64().unwrap()).sum();
    assert!(
        (hero - win - tie).abs() < 1e-12,
        "{hero} against {win} + {tie}"
    );
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    // On the river the potentials are n/a: null, never 0 or NaN.
    let v = json(&[
        "sweep",
        "Ad Qc",
        "--board",
        "3h 4c Jh 9s 2d",
        "--opponents",
        "1",
        "--json",
    ]);
    assert_eq!(v["points"][0]["ppot"], Value::Null);
    assert_eq!(v["points"][0]["npot"], Value::Null);
}

#[test]
fn sweep_csv() {
    let out = multiodds()
        .args([
            "sweep",
            "AsKs",
            "--board",
            "Qs Ts 5c 2d",
            "--opponents",
            "1-2",
            "--csv",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // A block of `#` lines names the inputs; then the header row and one row per count.
    assert!(
        text.starts_with("# view: MultiOdds\n# inputs: AsKs vs random — Qs Ts 5c 2d\n# seed: -\n"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        lines[0],
        "opponents,method,deals,win,win_se,tie,tie_se,equity,equity_se,win_odds,win_odds_se,\
         hand_strength,hand_strength_se,ppot,ppot_se,npot,npot_se,ppot_joint,ppot_joint_se,\
         npot_joint,npot_joint_se,note"
    );
    assert_eq!(lines.len(), 3);
    // The app's "Export table as CSV" writes the same text for the same (exact) result
    // (but the time it was written): both go through `equity::table_csv`.
    let sweep = multiodds::equity::sweep::Sweep::new(
        multiodds::range::HandRange::parse("AsKs").unwrap(),
        multiodds::range::HandRange::random(),
        multiodds::cards::CardSet::parse("Qs Ts 5c 2d").unwrap(),
        multiodds::cards::CardSet::EMPTY,
        1..=2,
    )
    .unwrap();
    let r = multiodds::equity::run::run_sweep(
        &sweep,
        &multiodds::equity::run::RunSettings::default(),
        |_| true,
    );
    let title = multiodds::equity::table_csv::sweep_title("AsKs", "random", "Qs Ts 5c 2d", "");
    let header = multiodds::equity::table_csv::sweep_header(&title, &r);
    let options = multiodds::equity::table_csv::CsvOptions::default();
    let same = multiodds::equity::table_csv::sweep(&r, &header, &options);
    let without_time = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.starts_with("# written:"))
            .map(String::from)
            .collect()
    };
    assert_eq!(without_time(&same), without_time(&text));
    // Every row has every column, parsed as numbers or left empty (n/a).
    for line in &lines[1..] {
        let cells: Vec<&str> = line.split(',').collect();
        // The figures and a note (empty beside a figure; why on an n/a row).
        assert_eq!(cells.len(), 22);
        assert_eq!(cells[21], "");
        for c in &cells[3..21] {
            assert!(c.is_empty() || c.parse::<f64>().is_ok(), "{line}");
        }
    }
}

#[test]
fn outs_json() {
    let v = json(&["outs", "Ah Kh", "--board", "7h 2h 9c", "--json"]);
    assert_eq!(v["count"], 15);
    assert_eq!(v["draws"]["flush_draw"], true);
    assert_eq!(v["draws"]["flush"]["outs"], 9);
}

#[test]
fn table_csv_has_every_hand() {
    let out = multiodds()
        .args([
            "table",
            "--opponents",
            "1-2",
            "--board",
            "Ah Kd 7c 7s 2h",
            "--csv",
        ])
        .output()
        .unwrap();
    let text = common::stdout_of(out);
    assert!(
        text.starts_with(
            "# view: Chart\n# game: Hold'em\n# opponents_range: random\n# board: Ah Kd 7s 7c 2h\n"
        ),
        "{text}"
    );
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(
        lines.next().unwrap(),
        "hand,opponents,win,tie,equity,std_error,win_odds"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 169 * 2);
    assert!(rows.iter().any(|r| r[0] == "AA" && r[1] == "1"));
    assert!(rows.iter().any(|r| r[0] == "AKs"));
    assert!(rows.iter().any(|r| r[0] == "72o" && r[1] == "2"));
    // On the river one opponent is cheap to enumerate for every class, two are not
    // within the chart's shared budget: exact points (no error) beside sampled ones,
    // and the header says so.
    assert!(text.contains("# method: mixed\n"), "{text}");
    let se = |r: &Vec<&str>| r[5].parse::<f64>().unwrap();
    assert!(rows.iter().filter(|r| r[1] == "1").all(|r| se(r) == 0.0));
    // (A sampled figure has no spread only when every deal agrees: quads here.)
    let certain = |r: &Vec<&str>| matches!(r[4].parse::<f64>().unwrap(), 0.0 | 1.0);
    assert!(rows
        .iter()
        .filter(|r| r[1] == "2" && !certain(r))
        .all(|r| se(r) > 0.0));
}

#[test]
fn run_example_scenarios() {
    for file in [
        "assets/examples/adqc_on_3h4cjh.ron",
        "assets/examples/four_seat_matchup.ron",
        "assets/examples/omaha_hilo_matchup.ron",
        "assets/examples/short_deck_chart.ron",
        "assets/examples/folded_seats.ron",
    ] {
        let out = multiodds().args(["run", file, "--json"]).output().unwrap();
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(
            v.get("points").is_some() || v.get("players").is_some() || v.get("rows").is_some(),
            "{file}: {v}"
        );
    }
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("multiodds-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn errors_exit_non_zero_and_name_the_problem() {
    fails(&["eval", "As Kx Qs Js Ts"], "unknown suit 'x'");
    fails(&["eval", "As Ks Qs Js As"], "card given twice");
    fails(
        &["eval", "--game", "omaha", "As Ks Qs Js As 2c 3d"],
        "card given twice",
    );

    fails(&["eval", "As Ks Qs Js Ts 9s 8s 7s"], "1 to 7 cards");
    fails(
        &["equity", "AsKs", "QQ", "--board", "As 2c 3d", "--json"],
        "As is in seat 1 and in the board",
    );
    fails(&["equity", "AA", "AA", "AA", "--json"], "no deal exists");
    fails(
        &[
            "equity", "AA", "KK", "--board", "Ks Kh Kd", "--dead", "Kc", "--json",
        ],
        "blocked",
    );
    fails(&["equity", "AKx+", "QQ", "--json"], "unknown rank 'x'");
    fails(
        &[
            "equity", "AA", "KK", "--board", "2c 3c", "--dead", "2c", "--json",
        ],
        "board and in the dead cards",
    );
    fails(&["equity", "AA", "KK", "--frobnicate"], "--frobnicate");
    fails(
        &[
            "runouts",
            "AsKs",
            "QQ",
            "--board",
            "Kd 7c 2s",
            "--memory-mb",
            "0",
        ],
        "--memory-mb 0: from",
    );
    fails(
        &["table", "--game", "shortdeck", "--opponents", "15"],
        "15 opponents: at most 14 can be dealt (Short deck: 15 seats of 2 cards and a board of 5 take 35 of its 36 cards)",
    );
    fails(
        &["sweep", "AA", "--opponents", "23", "--json"],
        "--opponents",
    );
    fails(&["range", "QQ++", "--json"], "'+' twice");
    let corrupt = temp_file(
        "corrupt.ron",
        "Scenario(version: 1, hero: \"AK\", board: [1, 2])",
    );
    fails(&["run", corrupt.to_str().unwrap(), "--json"], "line 1");
    let truncated = temp_file("truncated.ron", "Scenario(version: 1, hero: \"AK");
    fails(
        &["run", truncated.to_str().unwrap(), "--json"],
        "truncated.ron",
    );
    let newer = temp_file("newer.ron", "Scenario(version: 99, hologram: true)");
    fails(
        &["run", newer.to_str().unwrap(), "--json"],
        "newer MultiOdds",
    );
    let bad_range = temp_file("bad_range.ron", "Scenario(version: 1, hero: \"AKx+\")");
    fails(
        &["run", bad_range.to_str().unwrap(), "--json"],
        "hero: \"AKx+\" at column 3",
    );
    fails(&["run", "/nonexistent/x.ron"], "cannot read");
}

/// More than ten seats (reference §5: up to what the deck allows): twelve known hands
/// preflop are enumerated exactly (one canonical preflop, every board).
#[test]
fn equity_takes_more_than_ten_seats() {
    let hands = [
        "AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h", "8s8h", "7s7h", "6s6h", "5s5h", "4s4h",
        "3s3h",
    ];
    let mut args = vec!["equity"];
    args.extend(hands);
    args.extend(["--exact", "--json"]);
    let v = json(&args);
    assert_eq!(v["method"], "exact");
    // 52 − 24 = 28 cards left: C(28, 5) boards.
    assert_eq!(v["deals"], 98_280);
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 12);
    let total: f64 = players.iter().map(|p| p["equity"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-5, "{total}");
    // Aces lead; every seat has a chance (sets and straights).
    let aces = players[0]["equity"].as_f64().unwrap();
    assert!(players.iter().all(|p| p["equity"].as_f64().unwrap() > 0.0));
    assert!(players[1..]
        .iter()
        .all(|p| p["equity"].as_f64().unwrap() < aces));
}

#[test]
fn games_on_the_command_line() {
    // PokerStove's kit calls exactly this; the equities sum to 1 and name the game.
    let v = json(&[
        "equity",
        "--game",
        "omaha-hilo",
        "Ac2cKsKd",
        "Ad2d9h9s",
        "QhQdJsTc",
        "--board",
        "4s5dJh",
        "--exact",
        "--threads",
        "1",
        "--json",
    ]);
    assert_eq!(v["game"], "omaha-hilo");
    assert_eq!(v["method"], "exact");
    assert_eq!(v["deals"], 666);
    assert!((common::equity_sum(&v) - 1.0).abs() < 1e-5);
    // Both seats with A-2 share every low they make: their low ties are equal.
    assert_eq!(v["players"][0]["low_tie"], v["players"][1]["low_tie"]);
    assert!(v["players"][2]["scoop"].as_f64().unwrap() > 0.0);
    let v = json(&[
        "eval",
        "--game",
        "omaha-hilo",
        "As",
        "2d",
        "Kc",
        "Kd",
        "3c",
        "4h",
        "5s",
        "--json",
    ]);
    assert_eq!(v["category"], "straight");
    assert_eq!(v["low"], "5-4-3-2-A");
    let v = json(&["range", "--game", "omaha", "AAxx ds", "--json"]);
    assert_eq!(v["hands"], 864);
    let v = json(&[
        "sweep",
        "--game",
        "shortdeck",
        "AKs",
        "--opponents",
        "1-2",
        "--json",
    ]);
    assert_eq!(v["game"], "shortdeck");
    assert_eq!(v["points"].as_array().unwrap().len(), 2);
    // Hostile input: each refused with what is wrong.
    fails(
        &["equity", "--game", "omaha", "AhKh", "random"],
        "a Hold'em hand?",
    );
    fails(
        &["equity", "--game", "omaha5", "AsKsQhJh", "random"],
        "5-card Omaha hands take 5 cards",
    );
    fails(
        &["equity", "--game", "omaha", "AsKsQsxds", "random"],
        "already has 3 of one",
    );
    fails(
        &["equity", "--game", "omaha", "AAxxx", "random"],
        "take 4 cards",
    );
    let eight = ["random"; 8];
    let mut args = vec!["equity", "--game", "omaha6"];
    args.extend(eight);
    fails(&args, "6-card Omaha deals 2 to 7 seats");
    fails(
        &[
            "equity",
            "--game",
            "shortdeck",
            "AKs",
            "random",
            "--board",
            "5c 6d 7h",
        ],
        "not dealt in Short deck",
    );
    fails(
        &["equity", "--game", "lowball", "AKs", "QQ"],
        "unknown game 'lowball'",
    );
    // Exact sweep points in Omaha: enumerated where affordable, refused with the time
    // they would take where not (nine random opponents preflop).
    fails(
        &["sweep", "--game", "omaha", "AAxx", "--exact"],
        "exact enumeration would take about",
    );
    // Outs are offered in every game now (tested in `outs_in_omaha_and_short_deck`).
    let v = json(&[
        "outs", "--game", "omaha", "AsKsQhJh", "--board", "2c 3d 4h", "--json",
    ]);
    assert_eq!(v["game"], "omaha");
}

/// `equity --folded`: a folded known hand is those dead cards; a folded range is named in
/// the JSON with its combos and moves the equities; bad folded input is named.
#[test]
fn folded_seats_on_the_command_line() {
    let folded = json(&[
        "equity", "AsKs", "QQ", "--board", "Kd 7c 2s", "--folded", "QhQc", "--exact", "--json",
    ]);
    let dead = json(&[
        "equity", "AsKs", "QQ", "--board", "Kd 7c 2s", "--dead", "Qh Qc", "--exact", "--json",
    ]);
    let e = |v: &Value| v["players"][0]["equity"].as_f64().unwrap();
    assert!((e(&folded) - e(&dead)).abs() < 1e-9);
    assert_eq!(folded["players"].as_array().unwrap().len(), 2);
    assert_eq!(folded["folded"][0]["range"], "QhQc");
    assert_eq!(folded["folded"][0]["combos"], 1);
    let range = json(&[
        "equity", "AKs", "QQ", "--folded", "AA, A5s", "--folded", "KK", "--mc", "--seed", "3",
        "--json",
    ]);
    assert_eq!(range["folded"][1]["combos"], 6);
    let open = json(&["equity", "AKs", "QQ", "--exact", "--json"]);
    assert!(
        e(&range) < e(&open) - 0.005,
        "folded aces and kings cost AKs"
    );
    fails(&["equity", "AA", "KK", "--folded", "QQx"], "--folded 1");
    fails(
        &["equity", "AsAd", "KK", "--folded", "As2d"],
        "folded seat 1",
    );
    // Every game deals folded seats: a folded Omaha range is listed with its hands; a
    // Hold'em range there is refused at its flag.
    let omaha = json(&[
        "equity",
        "AhAdKsQs",
        "JhTh9c8c",
        "--game",
        "omaha",
        "--board",
        "Kd 7c 2s",
        "--folded",
        "AsAc Qd Jd",
        "--exact",
        "--json",
    ]);
    let omaha_dead = json(&[
        "equity",
        "AhAdKsQs",
        "JhTh9c8c",
        "--game",
        "omaha",
        "--board",
        "Kd 7c 2s",
        "--dead",
        "AsAc Qd Jd",
        "--exact",
        "--json",
    ]);
    assert_eq!(e(&omaha), e(&omaha_dead));
    assert_eq!(omaha["folded"][0]["combos"], 1);
    fails(
        &[
            "equity", "AAxx", "random", "--game", "omaha", "--folded", "KK",
        ],
        "--folded 1",
    );
}

/// Under `--json` an error is one JSON object naming the message, the field and the
/// column, with the exit codes of plain text (1 for the inputs, 2 for the command line).
#[test]
fn json_errors_name_field_and_column() {
    let out = multiodds()
        .args(["equity", "AKx+", "QQ", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["error"]["field"], "seat 1");
    assert_eq!(v["error"]["column"], 3);
    assert_eq!(v["error"]["message"], "\"AKx+\": unknown rank 'x'");
    let out = multiodds()
        .args([
            "equity", "AA", "KK", "--board", "2c 3c", "--dead", "2c", "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        v["error"]["message"].as_str().unwrap().contains("2c"),
        "{v}"
    );
    let out = multiodds()
        .args(["equity", "AA", "KK", "--frobnicate", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        v["error"]["detail"]
            .as_str()
            .unwrap()
            .contains("--frobnicate"),
        "{v}"
    );
    assert!(v["error"]["field"].is_null());
}

/// JSON figures are at full precision: the next cards' probabilities sum to 1 and the
/// breakdown's combos' shares to 1 within f64 rounding, and no figure is `-0`.
#[test]
fn json_figures_are_full_precision() {
    let v = json(&["runouts", "AsKs", "QQ", "--board", "Qh Js 2s", "--json"]);
    let text = v.to_string();
    assert!(!text.contains("-0.0,") && !text.contains("-0,"), "{text}");
    let next = v["cards"].as_array().unwrap();
    let total: f64 = next
        .iter()
        .map(|n| n["probability"].as_f64().unwrap())
        .sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    // The equity now is the next cards' equities weighed by their chances, and the
    // seats' equities sum to 1.
    let now: Vec<f64> = v["equity_now"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_f64().unwrap())
        .collect();
    let weighed: f64 = next
        .iter()
        .map(|n| n["probability"].as_f64().unwrap() * n["equity"][0].as_f64().unwrap())
        .sum();
    assert!((now[0] - weighed).abs() < 1e-12 && (now[0] + now[1] - 1.0).abs() < 1e-12);
    let v = json(&[
        "breakdown",
        "22+,A2s+,KTo+",
        "--board",
        "Qh Js 2s",
        "--vs",
        "QQ+,AK",
        "--json",
    ]);
    let text = v.to_string();
    assert!(!text.contains("\"share\":-0"), "{text}");
    // Every combo's share sums to 1, and the shares weigh the combos' equities to the
    // range's, both within f64 rounding; each combo carries its made hand and draws.
    let combos = v["by_combo"].as_array().unwrap();
    let share: f64 = combos.iter().map(|c| c["share"].as_f64().unwrap()).sum();
    let weighed: f64 = combos
        .iter()
        .map(|c| c["share"].as_f64().unwrap() * c["equity"].as_f64().unwrap())
        .sum();
    assert!((share - 1.0).abs() < 1e-12, "{share}");
    assert!(
        (weighed - v["equity"].as_f64().unwrap()).abs() < 1e-12,
        "{weighed}"
    );
    let tags_of = |hand: &str| -> Vec<String> {
        let c = combos.iter().find(|c| c["hand"] == hand).unwrap();
        c["tags"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        tags_of("AsKs"),
        [
            "ace_high",
            "flush_draw",
            "nut_flush_draw",
            "gutshot",
            "combo_draw",
            "overcards"
        ]
    );
    assert_eq!(tags_of("JdJc")[0], "set");
    // The roll-ups count each combo once: top pair or better is its lines' sum.
    let line = |group: &str, name: &str| {
        v[group]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == name)
            .map_or(0, |l| l["combos"].as_u64().unwrap())
    };
    use multiodds::equity::breakdown::MadeHand;
    let upto_top: u64 = MadeHand::ALL
        .iter()
        .filter(|&&m| m <= MadeHand::TopPair)
        .map(|m| line("made", m.key()))
        .sum();
    assert_eq!(line("rollups", "top_pair_or_better"), upto_top);
}

/// Hi/lo figures are always keyed: `null` while they rest on too few deals, never left
/// out, so a script reads the same fields whatever the run did.
#[test]
fn hi_lo_figures_are_null_not_missing() {
    let hero_of = |extra: &[&str]| {
        let mut args = vec![
            "equity",
            "--game",
            "omaha-hilo",
            "As2sKhQh",
            "random",
            "--json",
        ];
        args.extend(extra);
        json(&args)["players"][0].clone()
    };
    let p = &hero_of(&["--mc", "--trials", "50", "--seed", "1"]);
    for key in ["low_win", "low_tie", "scoop", "equity"] {
        assert!(p.get(key).is_some_and(|x| x.is_null()), "{key}: {p}");
    }
    let p = &hero_of(&["--board", "3c 4d Ks 9h 8c"]);
    for key in ["low_win", "low_tie", "scoop"] {
        assert!(p[key].is_f64(), "{key}: {p}");
    }
}

/// A game sweep on a small deal budget (under one full batch) has its points, marked
/// Monte Carlo with standard errors, instead of no points marked exact.
#[test]
fn a_game_sweep_on_a_small_deal_budget_has_its_points() {
    for trials in ["200", "1000", "4000"] {
        let v = json(&[
            "sweep",
            "AsKsQhJh",
            "--game",
            "omaha",
            "--opponents",
            "1-3",
            "--trials",
            trials,
            "--json",
        ]);
        assert_eq!(v["method"], "monte_carlo", "{trials}: {v}");
        let points = v["points"].as_array().unwrap();
        assert_eq!(points.len(), 3, "{trials}: {v}");
        for p in points {
            let se = p["std_error"]["equity"].as_f64().unwrap();
            assert!(se > 0.0 && se < 0.1, "{trials}: {p}");
        }
    }
}

/// A game sweep whose opponents need more aces than the deck holds is refused at once by
/// counting; counts past the first impossible one are left out with a note.
#[test]
fn game_sweeps_count_what_the_deck_can_deal() {
    let out = multiodds()
        .args([
            "sweep",
            "AAxx",
            "--game",
            "omaha",
            "--vs",
            "AAxx",
            "--opponents",
            "2-3",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = v["error"]["message"].as_str().unwrap();
    assert!(
        m.contains("the hero and 2 opponents: seats 1–3 need at least 6 cards of rank A"),
        "{m}"
    );
    let v = json(&[
        "sweep",
        "AKxx",
        "--game",
        "omaha",
        "--vs",
        "AAxx",
        "--opponents",
        "1-3",
        "--trials",
        "2000",
        "--json",
    ]);
    let points = v["points"].as_array().unwrap();
    assert_eq!(points.len(), 1, "{v}");
    let note = v["note"].as_str().unwrap_or_default();
    assert!(note.contains("2–3 opponents cannot be dealt"), "{v}");
}

/// `outs` in every game: Omaha's outs by its two-card rule, with the game named and the
/// classic Hold'em rules absent; a range where a hand is needed is refused at its field.
#[test]
fn outs_in_omaha_and_short_deck() {
    let v = json(&[
        "outs",
        "Ah Kh 9c 8c",
        "--game",
        "omaha",
        "--board",
        "Qh 7h 2s",
        "--vs",
        "Qs Qd 5c 4d",
        "--json",
    ]);
    assert_eq!(v["game"], "omaha");
    let flush = v["by_category"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["category"] == "flush")
        .unwrap();
    // Nine hearts make a flush; the 2h pairs the board and fills the queens up.
    assert_eq!(flush["cards"].as_array().unwrap().len(), 8);
    assert!(v.get("discounted").is_none() && v.get("hand_distance").is_none());
    let v = json(&[
        "outs",
        "As 6c",
        "--game",
        "shortdeck",
        "--board",
        "7d 8h Ks",
        "--json",
    ]);
    let straight = v["by_category"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["category"] == "straight")
        .unwrap();
    // A-6-7-8-9: the nines make short deck's lowest straight.
    assert_eq!(straight["cards"].as_array().unwrap().len(), 4);
    fails(
        &["outs", "AAxx", "--game", "omaha", "--board", "Qh 7h 2s"],
        "one known Omaha hand",
    );
}

/// `breakdown` past the exact bound: every hand's equity is a Monte Carlo estimate, named
/// as such in the JSON with the range's error, the deals per hand and each hand's error.
#[test]
fn breakdown_estimates_past_the_exact_bound() {
    let v = json(&[
        "breakdown",
        "AAxx",
        "--game",
        "omaha",
        "--vs",
        "random",
        "--board",
        "Kh 7h 2s",
        "--json",
    ]);
    assert_eq!(v["equity_method"], "monte_carlo");
    let se = v["equity_std_error"].as_f64().unwrap();
    assert!(se > 0.0 && se < 0.005, "{se}");
    assert!(v["deals_per_hand"].as_u64().unwrap() >= 256);
    let hands = v["by_combo"].as_array().unwrap();
    assert!(hands.iter().all(|h| h["std_error"].as_f64().unwrap() > 0.0));
    let shares: f64 = hands.iter().map(|h| h["share"].as_f64().unwrap()).sum();
    assert!((shares - 1.0).abs() < 1e-9);
    // Within the bound it stays exact.
    let v = json(&[
        "breakdown",
        "AAxx",
        "--game",
        "omaha",
        "--vs",
        "KKQQ",
        "--board",
        "Kh 7h 2s",
        "--json",
    ]);
    assert_eq!(v["equity_method"], "exact");
    assert!(v.get("equity_std_error").is_none());
}

#[test]
fn eval_values_lowball_and_badugi_hands() {
    // 2-7: the best hand; razz (A-5's best five of seven); badugi: a three-card hand.
    let v = json(&[
        "eval", "--game", "2-7", "7c", "5d", "4h", "3s", "2c", "--json",
    ]);
    assert_eq!(
        (v["kind"].as_str(), v["lower_is_better"].as_bool()),
        (Some("high card"), Some(true))
    );
    let best = v["value"].as_u64().unwrap();
    let worse = json(&[
        "eval", "--game", "2-7", "Ac", "5d", "4h", "3s", "2c", "--json",
    ]);
    assert!(worse["value"].as_u64().unwrap() > best);
    let razz = json(&[
        "eval", "--game", "razz", "Kc", "Kd", "7h", "5s", "4c", "2d", "Ah", "--json",
    ]);
    assert_eq!(razz["best"], "7h 5s 4c 2d Ah");
    assert_eq!(razz["kind"], "no pair");
    let badugi = json(&["eval", "--game", "badugi", "Ac", "2c", "3d", "4h", "--json"]);
    assert_eq!(
        (badugi["best"].as_str(), badugi["kind"].as_str()),
        (Some("4h 3d Ac"), Some("3-card hand"))
    );
    fails(
        &["eval", "--game", "badugi", "Ac", "2c", "3d"],
        "takes exactly 4 cards, got 3",
    );
    fails(
        &["eval", "--game", "lowball", "Ac", "2c", "3d", "4h", "5s"],
        "lowball and badugi rules: 2-7, a-5, razz, badugi",
    );
}

#[test]
fn draw_equity_for_stated_keeps() {
    // A pat 7-5-4-3-2 against a one-card draw to the same hand: 3 deuces of 43 tie.
    let v = json(&[
        "draw",
        "--game",
        "2-7",
        "7c 5d 4h 3s 2c",
        "7d 5c 4s 3h",
        "--json",
    ]);
    assert_eq!(v["method"], "exact");
    assert_eq!(v["deals"], 43);
    // The same shape as `equity --game 2-7-draw`: players, stop rules as keys.
    assert_eq!(v["game"], "2-7-draw");
    assert_eq!(v["stopped"], "exact_done");
    let eq = v["players"][1]["equity"].as_f64().unwrap();
    assert!((eq - 3.0 / 86.0).abs() < 1e-12, "{eq}");
    assert_eq!(v["players"][0]["range"], "7c 5d 4h 3s 2c");
    fails(
        &["draw", "--game", "2-7", "7c 5d 4h 3s 2c 9d", "7d"],
        "seat 1: keeps 6 cards; a 2-7 lowball hand holds 5",
    );
    fails(
        &["draw", "--game", "stud", "7c", "7d"],
        "unknown draw game 'stud'",
    );
}

#[test]
fn double_board_equity_overall_each_board_and_scoop() {
    let v = json(&[
        "equity",
        "As Ks",
        "Qd Qc",
        "--board",
        "2c 7d 9h Ts",
        "--board2",
        "Jh 3s 4d",
        "--json",
    ]);
    assert_eq!(
        (v["boards"].as_u64(), v["method"].as_str()),
        (Some(2), Some("exact"))
    );
    for seat in v["seats"].as_array().unwrap() {
        let (e, b1, b2) = (
            seat["equity"].as_f64().unwrap(),
            seat["board1"]["equity"].as_f64().unwrap(),
            seat["board2"]["equity"].as_f64().unwrap(),
        );
        // The whole pot's share is the mean of the two halves'.
        assert!((e - (b1 + b2) / 2.0).abs() < 1e-12, "{seat}");
        assert!(seat["scoop_both"].as_f64().unwrap() <= b1.min(b2) + 1e-12);
    }
    fails(
        &[
            "equity", "AA", "KK", "--board", "2c 7d 9h", "--board2", "2c",
        ],
        "2c is in the first board and in the second board",
    );
    fails(&["equity", "AA", "KK", "--boards", "3"], "--boards");
}

#[test]
fn stud_games_from_the_command_line() {
    // §9's seat notation: down cards in brackets, then the up cards.
    let v = json(&[
        "equity",
        "--game",
        "stud-hilo",
        "(As 2d) 3c 4h 9s",
        "(Kh Kd) Qs 7d 7c",
        "--dead",
        "6s 8h",
        "--json",
    ]);
    assert_eq!(
        (
            v["game"].as_str(),
            v["method"].as_str(),
            v["deals"].as_u64()
        ),
        (Some("stud-hilo"), Some("exact"), Some(548_340))
    );
    let players = v["players"].as_array().unwrap();
    let total: f64 = players.iter().map(|p| p["equity"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Only the first seat can make a low; its low win is every deal where it does.
    assert_eq!(players[1]["low_win"].as_f64(), Some(0.0));
    assert!(players[0]["low_win"].as_f64().unwrap() > 0.5);
    // Its low halves by type (8-low … wheel) add up to them.
    let low_types = players[0]["low_types"].as_object().unwrap();
    let keys: Vec<&str> = low_types.keys().map(String::as_str).collect();
    assert_eq!(keys, ["6_low", "7_low", "8_low", "wheel"]);
    let sum: f64 = low_types
        .values()
        .map(|t| t["wins"].as_f64().unwrap())
        .sum();
    assert!((sum - players[0]["low_win"].as_f64().unwrap()).abs() < 1e-12);
    // Deal order without brackets, and a 3rd-street range by Monte Carlo.
    let v = json(&[
        "equity",
        "--game",
        "razz",
        "As 2d 3c",
        "(KK+, 9Ts) 4h",
        "--mc",
        "--json",
    ]);
    assert_eq!(v["method"], "monte_carlo");
    // KK 6, AA 3 (As is seat 1's), 9Ts 4.
    assert_eq!(v["players"][1]["combos"], 13);
    // Hostile input: each a message at its place.
    fails(
        &[
            "equity",
            "--game",
            "stud",
            "(As Kd) 7c",
            "(Qh Qs) 2d",
            "--board",
            "2c",
        ],
        "board: Stud has no board",
    );
    fails(
        &["equity", "--game", "stud", "As Kd 7c 8c 9c Tc Jc Qc", "2c"],
        "seat 1: 4 down cards; a seat gets 3",
    );
    fails(
        &[
            "equity",
            "--game",
            "razz",
            "(As 2d) 3c",
            "(4h 5d) 6s",
            "--dead",
            "6s",
        ],
        "6s is in the dead cards and in seat 2",
    );
    let nine: Vec<&str> = std::iter::once("equity")
        .chain(["--game", "stud"])
        .chain(std::iter::repeat_n("x", 9))
        .collect();
    fails(&nine, "Stud deals 2 to 8 seats, got 9");
    fails(
        &[
            "equity",
            "--game",
            "stud",
            "(As Kd) 7c",
            "(Qh Qs) 2d",
            "--boards",
            "2",
        ],
        "Stud has no board to double",
    );
    fails(
        &["sweep", "--game", "razz", "As 2d 3c"],
        "sweep is for games with a board and Razz has none",
    );
    // A badugi hand of five cards, valued or kept.
    fails(
        &["eval", "--game", "badugi", "Ac", "2c", "3d", "4h", "5s"],
        "takes exactly 4 cards, got 5",
    );
    fails(
        &["draw", "--game", "badugi", "Ac 2c 3d 4h 5s", "7d"],
        "seat 1: keeps 5 cards; a Badugi hand holds 4",
    );
}

#[test]
fn draw_games_through_equity_are_the_draw_command() {
    // One model: `equity --game 2-7-draw` and `draw --game 2-7` run the same draw.
    let seats = ["7c 5d 4h 3s", "8c 6d 2h 3d", "9s 7h 6c"];
    let mut a = vec!["equity", "--game", "2-7-draw"];
    a.extend(seats);
    a.push("--json");
    let mut b = vec!["draw", "--game", "2-7"];
    b.extend(seats);
    b.push("--json");
    let (via_equity, via_draw) = (json(&a), json(&b));
    assert_eq!(via_equity["method"], "exact");
    assert_eq!(via_equity["deals"], via_draw["deals"]);
    for i in 0..3 {
        assert_eq!(
            via_equity["players"][i]["equity"].as_f64(),
            via_draw["players"][i]["equity"].as_f64()
        );
    }
    fails(
        &["equity", "--game", "badugi", "Ac 2d 3h 4s 5c", "2c"],
        "seat 1: keeps 5 cards; a Badugi hand holds 4",
    );
    fails(
        &["equity", "--game", "badugi", "Ac Ac 3h", "2c"],
        "seat 1: keeps Ac twice",
    );
    // A saved file with up cards for a seat that is not there: said, not dropped.
    let dir = std::env::temp_dir().join(format!("multiodds-cli-stud-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("extra-up.ron");
    std::fs::write(
        &file,
        r#"Scenario(version: 2, view: Matchup, matchup: (game: "stud", seats: ["As Kd", "Qh Qs"], up: ["7c", "2d", "3s"]))"#,
    )
    .unwrap();
    fails(
        &["run", file.to_str().unwrap()],
        "up cards for 3 seats; there are 2",
    );
    // A razz sweep past the seats razz deals: its own limit, said at the counts.
    let sweep = dir.join("razz-sweep.ron");
    std::fs::write(
        &sweep,
        r#"Scenario(version: 2, view: MultiOdds, multiodds: (game: "razz", hero: "As 2d", hero_up: "3c", opponent_counts: (1, 999999999999)))"#,
    )
    .unwrap();
    fails(
        &["run", sweep.to_str().unwrap()],
        "at most 7 can be dealt (Razz deals at most 8 seats)",
    );
    fails(
        &[
            "equity", "--game", "a-5-draw", "Ac 2d", "2c", "--board", "Kd",
        ],
        "A-5 single draw has no board",
    );
    fails(
        &["sweep", "--game", "badugi", "Ac"],
        "sweep is for games with a board and Badugi has none",
    );
}
