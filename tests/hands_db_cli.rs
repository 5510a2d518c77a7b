//! `multiodds hands import|list|show` on the real hand histories: import once, a second
//! import adds nothing, filters and per-currency totals in JSON, a hand shown with every
//! seated player's figures, bad filters named, and an import killed midway (SIGKILL)
//! keeps every hand it committed in a database that opens.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

fn multiodds(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("multiodds")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&common::stdout_of(multiodds(args))).unwrap()
}

#[test]
fn import_list_and_show_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("hands.sqlite");
    let db = db.to_str().unwrap();
    let first = json_of(&[
        "hands",
        "import",
        "tests/data/hands",
        "tests/data/hands_tour",
        "--db",
        db,
        "--json",
    ]);
    let added = first["added"].as_u64().unwrap();
    assert!(added > 1500, "{first}");
    assert_eq!(first["stored"], added);
    assert_eq!(first["complete"], true);
    let again = json_of(&[
        "hands",
        "import",
        "tests/data/hands",
        "tests/data/hands_tour",
        "--db",
        db,
        "--json",
    ]);
    assert_eq!(again["added"], 0);
    assert_eq!(again["stored"], added);
    // All-in hands in euros: every row all-in and in euros, the totals in euros alone.
    let list = json_of(&[
        "hands",
        "list",
        "--all-in",
        "--currency",
        "€",
        "--db",
        db,
        "--json",
    ]);
    let hands = list["hands"].as_array().unwrap();
    assert!(!hands.is_empty());
    for h in hands {
        assert_eq!(h["row"]["all_in"], true);
        assert_eq!(h["row"]["currency"], "€");
    }
    let by = list["totals"]["by_currency"].as_array().unwrap();
    assert_eq!(by.len(), 1);
    assert_eq!(by[0]["currency"], "€");
    let net: f64 = hands
        .iter()
        .map(|h| h["row"]["hero_net"].as_f64().unwrap())
        .sum();
    assert!((by[0]["hero_net"].as_f64().unwrap() - net).abs() < 1e-6);
    // Every list without a currency filter keeps its currencies apart.
    let all = json_of(&["hands", "list", "--db", db, "--json"]);
    let currencies: Vec<&str> = all["totals"]["by_currency"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["currency"].as_str().unwrap())
        .collect();
    assert!(
        currencies.contains(&"chips") && currencies.contains(&"$"),
        "{currencies:?}"
    );
    // One hand: every seated player's figures, the rake and the currency.
    let id = hands[0]["db_id"].as_i64().unwrap().to_string();
    let shown = json_of(&["hands", "show", &id, "--db", db, "--json"]);
    assert_eq!(shown["currency"], "€");
    let players = shown["players"].as_array().unwrap();
    assert!(players.len() >= 2);
    let nets: f64 = players.iter().map(|p| p["net"].as_f64().unwrap()).sum();
    assert!(
        (nets + shown["taken"].as_f64().unwrap()).abs() < 1e-6,
        "{shown}"
    );
    assert!(shown["text"]
        .as_str()
        .unwrap()
        .contains(hands[0]["row"]["id"].as_str().unwrap()));
    // CSV: a header and a row per hand.
    let csv = common::stdout_of(multiodds(&[
        "hands", "list", "--site", "winamax", "--db", db, "--csv",
    ]));
    assert_eq!(csv.lines().count(), 1 + 57, "{csv}");
    // A bad filter is named, and nothing is listed.
    let out = multiodds(&["hands", "list", "--from", "soon", "--db", db]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--from: `soon` is not a date"));
    let out = multiodds(&["hands", "show", "999999999", "--db", db]);
    assert!(!out.status.success());
}

/// SIGKILL during an import: the hands of every file committed before the kill stay,
/// the database opens, and importing again adds exactly the rest.
#[test]
fn an_import_killed_midway_keeps_what_it_committed() {
    let dir = tempfile::tempdir().unwrap();
    let corpus = dir.path().join("corpus");
    // The cash corpus 30 times over, each copy its own hand numbers.
    let mut files = Vec::new();
    for f in std::fs::read_dir("tests/data/hands/cash/Stars/Flop")
        .unwrap()
        .flatten()
    {
        files.push(f.path());
    }
    files.sort();
    for k in 0..30 {
        let sub = corpus.join(format!("copy{k}"));
        std::fs::create_dir_all(&sub).unwrap();
        for f in &files {
            let Ok(text) = std::fs::read_to_string(f) else {
                continue;
            };
            let renumbered = text.replace("Hand #", &format!("Hand #{k}0"));
            std::fs::write(sub.join(f.file_name().unwrap()), renumbered).unwrap();
        }
    }
    let db = dir.path().join("hands.sqlite");
    let bin = assert_cmd::cargo::cargo_bin("multiodds");
    let mut child = std::process::Command::new(&bin)
        .args(["hands", "import"])
        .arg(&corpus)
        .arg("--db")
        .arg(&db)
        .arg("--json")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait for the first commits, then kill it without warning.
    let started = std::time::Instant::now();
    loop {
        std::thread::sleep(std::time::Duration::from_millis(20));
        let stored = multiodds_handdb::HandDb::open(&db)
            .ok()
            .and_then(|d| d.count().ok())
            .unwrap_or(0);
        if stored > 0 || started.elapsed().as_secs() > 120 {
            break;
        }
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    let db_path: &Path = &db;
    let kept = multiodds_handdb::HandDb::open(db_path)
        .unwrap()
        .count()
        .unwrap();
    assert!(kept > 0, "nothing committed before the kill");
    let rest = json_of(&[
        "hands",
        "import",
        corpus.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
        "--json",
    ]);
    let stored = rest["stored"].as_u64().unwrap() as usize;
    assert_eq!(rest["added"].as_u64().unwrap() as usize, stored - kept);
    // Killed before its end, or it finished first: either way every hand is there once.
    let whole = json_of(&[
        "hands",
        "import",
        corpus.to_str().unwrap(),
        "--db",
        dir.path().join("whole.sqlite").to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(whole["stored"].as_u64().unwrap() as usize, stored);
    let _ = status;
}
