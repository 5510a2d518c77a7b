//! `multiodds hands`: a folder of real hand histories to per-hand rows, totals and the
//! hands not read (file, line, why) as text, JSON and CSV.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;
use serde_json::Value;

const CORPUS: &str = "tests/data/hands";

fn run(args: &[&str]) -> String {
    common::stdout_of(
        Command::cargo_bin("multiodds")
            .unwrap()
            .args(args)
            .output()
            .unwrap(),
    )
}

#[test]
fn a_folder_gives_every_hand_totals_and_the_refusals_by_file_and_line() {
    let v: Value =
        serde_json::from_str(&run(&["hands", CORPUS, "--hero", "Hero", "--json"])).unwrap();
    assert_eq!(v["files"], 115);
    let hands = v["hands"].as_array().unwrap();
    // 505 hands, two of them in two files each (counted once, the repeat refused).
    assert_eq!(hands.len(), 503);
    assert_eq!(v["totals"]["hands"], 503);
    assert_eq!(v["complete"], true);
    assert_eq!(v["stopped"], Value::Null);
    // The totals are the rows' sums, per currency: never added across currencies.
    let by_currency = v["totals"]["by_currency"].as_array().unwrap();
    assert!(by_currency.len() >= 3, "{by_currency:?}");
    for t in by_currency {
        let sign = match t["currency"].as_str().unwrap() {
            "chips" => "",
            s => s,
        };
        let rows: Vec<&Value> = hands.iter().filter(|h| h["currency"] == sign).collect();
        assert_eq!(t["hands"], rows.len());
        let net: f64 = rows.iter().map(|h| h["hero_net"].as_f64().unwrap()).sum();
        assert!((t["hero_net"].as_f64().unwrap() - net).abs() < 1e-6);
    }
    let refused = v["refused"].as_array().unwrap();
    assert_eq!(refused.len(), 6);
    let repeats = refused
        .iter()
        .filter(|r| r["reason"].as_str().unwrap().starts_with("a repeat: "))
        .count();
    assert_eq!(repeats, 2);
    let partial = refused
        .iter()
        .find(|r| r["hand_id"] == "112824228684")
        .unwrap();
    assert!(partial["source"]["file"]
        .as_str()
        .unwrap()
        .ends_with("PLO-6max-USD-2.00-4.00-201403.2.partial.txt"));
    assert_eq!(partial["line"], 19);
    assert_eq!(
        partial["reason"],
        "`*** FLOP *** [Js 3d`: a `[` without its `]`"
    );
}

#[test]
fn one_all_in_hand_as_text_and_csv() {
    let file = "tests/data/hands/cash/Stars/Flop/NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt";
    let text = run(&["hands", file]);
    // Hero's AcAs all-in preflop against Kd5d lost $20.20; with 83.1 % of the $39.35 paid
    // out, the adjusted result is 0.83115 × 39.35 − 20.20 = +12.51.
    assert!(
        text.contains("hero Hero  net -20.20  all-in adjusted +12.51"),
        "{text}"
    );
    let csv = run(&["hands", file, "--csv"]);
    let mut lines = csv.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("file,line,site,hand,game"));
    let row = lines.next().unwrap();
    assert!(
        row.contains(",37165169101,Hold'em No Limit,$0.10/$0.25,")
            && row.contains(",Hero,-20.20,12.51,true,true,true,"),
        "{row}"
    );
}

/// Text and CSV keep currencies apart too: a total line per currency, and a currency
/// column in every row.
#[test]
fn text_and_csv_totals_are_per_currency() {
    let text = run(&["hands", CORPUS, "--hero", "Hero"]);
    assert!(text.contains("\n$: "), "{text}");
    assert!(text.contains("\n€: "), "{text}");
    // No line adds every currency into one hero total.
    assert!(!text.lines().any(|l| l.starts_with("hero net")), "{text}");
    let csv = run(&["hands", CORPUS, "--csv"]);
    let header = csv.lines().next().unwrap();
    assert!(header.contains(",stakes,currency,date,"), "{header}");
    assert!(csv.contains("# total $: "), "{csv}");
    assert!(csv.contains("# total €: "), "{csv}");
}

/// Other sites' files in a folder are found by content (iPoker's `.xml` too) and read:
/// Winamax, PartyPoker, 888, Bovada/Ignition and iPoker.
#[test]
fn other_sites_are_read() {
    let v: Value =
        serde_json::from_str(&run(&["hands", "tests/data/hands_tour", "--json"])).unwrap();
    assert_eq!(v["files"], 90);
    let hands = v["hands"].as_array().unwrap();
    for site in [
        "Winamax",
        "PartyPoker",
        "888/Pacific",
        "Bovada",
        "Ignition",
        "iPoker",
    ] {
        assert!(hands.iter().any(|h| h["site"] == site), "{site}");
    }
    // Each hand once: 57 + 57 + 158 + 1,033 + 458 read, 157 of them repeated in a
    // second file (Winamax's sample exported under four names, Bovada sessions saved
    // twice), the repeats refused as repeats.
    let refused = v["refused"].as_array().unwrap();
    let repeats = refused
        .iter()
        .filter(|r| r["reason"].as_str().unwrap().contains("already"))
        .count();
    assert_eq!(hands.len() + repeats, 57 + 57 + 158 + 1033 + 458);
    assert!(refused
        .iter()
        .all(|r| !r["reason"].as_str().unwrap().contains("not read yet")));
    // Tournament chips are totalled apart from money.
    let by = v["totals"]["by_currency"].as_array().unwrap();
    assert!(by.iter().any(|c| c["currency"] == "chips"));
}

/// Rows are written as they are read: more hands than any memory budget would hold are
/// all listed, in every format, and the output says it is complete.
#[test]
fn every_hand_is_listed_however_many() {
    // One file's 30 hands (five-card draw: no all-in equity to compute, so the test is
    // quick) copied 550 times under other hand numbers: 16,500 rows.
    let dir = tempfile::tempdir().unwrap();
    let one = std::fs::read_to_string(
        "tests/data/hands/cash/Stars/Draw/5-Carddraw-USD-0.10-0.20-200911.txt",
    )
    .unwrap();
    let mut text = String::new();
    for k in 0..550 {
        text.push_str(&one.replace("PokerStars Game #", &format!("PokerStars Game #X{k}-")));
        text.push_str("\n\n");
    }
    let file = dir.path().join("many.txt");
    std::fs::write(&file, text).unwrap();
    let f = file.to_str().unwrap();
    let v: Value = serde_json::from_str(&run(&["hands", f, "--json"])).unwrap();
    assert_eq!(v["hands"].as_array().unwrap().len(), 550 * 30);
    assert_eq!(v["refused_count"], 0);
    assert_eq!(v["complete"], true);
    let csv = run(&["hands", f, "--csv"]);
    assert_eq!(
        csv.lines().filter(|l| !l.starts_with('#')).count(),
        1 + 550 * 30
    );
}
