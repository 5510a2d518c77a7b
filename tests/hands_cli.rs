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
    assert_eq!(hands.len(), 505);
    assert_eq!(v["totals"]["hands"], 505);
    // The totals are the rows' sums.
    let net: f64 = hands.iter().map(|h| h["hero_net"].as_f64().unwrap()).sum();
    assert!((v["totals"]["hero_net"].as_f64().unwrap() - net).abs() < 1e-6);
    let refused = v["refused"].as_array().unwrap();
    assert_eq!(refused.len(), 4);
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
