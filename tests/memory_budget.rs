//! Bounded memory and the faults a hostile pass found (issue "Bounded memory
//! everywhere"): exact work within a memory budget, checked output, Ctrl-C during exact
//! work, impossibility by counting, scenario files that name a misspelled field.
//!
//! Peak memory is read from the kernel's own count for each child process
//! (`wait4`'s `ru_maxrss`), never from wall-clock time.
#![cfg(feature = "cli")]

mod common;

use multiodds::cards::CardSet;
use multiodds::equity::memory::DEFAULT_MEMORY_BUDGET;
use multiodds::equity::run::{run_matchup, RunSettings, StopRule};
use multiodds::equity::{EquityError, Matchup, Method};
use multiodds::range::HandRange;
use std::io::Read;
use std::process::{Command, Stdio};
use std::time::Duration;

use common::{exe, run_measured, spawn_piped};

/// The budget plus what any run of the binary holds besides (tables, threads, code).
const PEAK_ALLOWED: u64 = DEFAULT_MEMORY_BUDGET + (128 << 20);

#[test]
fn three_way_ranges_end_under_the_memory_budget() {
    // Before: 8.66 GB and 20 s (auto, flop), 4.2 GB (auto, turn), and an exact turn
    // that grew until the system killed it.
    let cases: [(&[&str], i32, &str); 3] = [
        (
            &["equity", "random", "random", "22+", "--board", "Kd 7c 2s"],
            0,
            "monte_carlo",
        ),
        (
            &[
                "equity",
                "random",
                "random",
                "QQ+",
                "--board",
                "2c 7d 9h Ts",
            ],
            0,
            "monte_carlo",
        ),
        (
            &[
                "equity",
                "random",
                "random",
                "random",
                "--board",
                "2c 7d 9h Ts",
                "--exact",
            ],
            1,
            "of memory, over the 512 MiB budget",
        ),
    ];
    for (args, code, expect) in cases {
        let mut args = args.to_vec();
        args.extend(["--json", "--target-se", "0.002", "--threads", "2"]);
        let (status, out, err, peak) = run_measured(&args);
        assert_eq!(status, code, "{args:?}: {err}");
        assert!(peak < PEAK_ALLOWED, "{args:?}: peak {} MiB", peak >> 20);
        if code == 0 {
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            assert_eq!(v["method"], expect, "{args:?}");
            // Auto says why it did not enumerate: the memory it would have needed.
            let note = v["note"].as_str().unwrap_or_default();
            assert!(note.contains("of memory (budget 512 MiB)"), "{note}");
            let total = common::equity_sum(&v);
            assert!((total - 1.0).abs() < 1e-5, "{total}");
        } else {
            // Under --json the refusal is one JSON object on stdout.
            let v: serde_json::Value = serde_json::from_str(&out).unwrap();
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(expect), "{args:?}: {message}");
            assert!(err.is_empty(), "{err}");
        }
    }
}

#[test]
fn the_budget_decides_between_exact_and_monte_carlo() {
    // About 280 MB of folded classes (estimated 474 MiB): exact within 512 MiB.
    let m = common::matchup(&["TT+,AJ+", "22+,A2s+,KTs+", "22+,AT+,KQ"], "Kd 7c 2s");
    let exact = |budget_mib: u64| RunSettings {
        method: Method::Exact,
        memory_budget: budget_mib << 20,
        ..RunSettings::default()
    };
    match run_matchup(&m, &exact(64), |_| true) {
        Err(EquityError::TooMuchMemory { bytes, budget }) => {
            assert_eq!(budget, 64 << 20);
            assert!(
                bytes > (256 << 20) as f64 && bytes < (1u64 << 30) as f64,
                "{bytes}"
            );
        }
        other => panic!("refused for memory, not {other:?}"),
    }
    // Auto under the same budget samples, and says why.
    let auto = RunSettings {
        method: Method::Auto,
        memory_budget: 64 << 20,
        target_se: 0.01,
        ..RunSettings::default()
    };
    let r = run_matchup(&m, &auto, |_| true).unwrap();
    assert_eq!(r.method, Method::MonteCarlo);
    assert!(
        r.status.describe().contains("budget 64 MiB"),
        "{}",
        r.status.describe()
    );
    // A small matchup is exact under the smallest budget.
    let small = common::matchup(&["AA", "KK", "QQ"], "");
    let r = run_matchup(&small, &exact(32), |_| true).unwrap();
    assert_eq!(r.status.stopped, Some(StopRule::ExactDone));
}

#[test]
fn eleven_broadway_seats_are_refused_by_counting() {
    let broadway = "TT+,AT+,KT+,QT+,JT";
    let r = Matchup::new(
        vec![HandRange::parse(broadway).unwrap(); 11],
        CardSet::EMPTY,
        CardSet::EMPTY,
    );
    match r {
        Err(EquityError::Impossible(why)) => {
            assert!(
                why.contains("seats 1–11")
                    && why.contains("20 live cards")
                    && why.contains("need 22"),
                "{why}"
            );
        }
        other => panic!("{other:?}"),
    }
    // Ten seats with one of the 20 cards dead: 19 for 20.
    let r = Matchup::new(
        vec![HandRange::parse(broadway).unwrap(); 10],
        CardSet::EMPTY,
        CardSet::parse("As").unwrap(),
    );
    assert!(
        matches!(&r, Err(EquityError::Impossible(why)) if why.contains("19 live cards")),
        "{r:?}"
    );
    // Ten without the dead card can be dealt (every broadway card used).
    assert!(Matchup::new(
        vec![HandRange::parse(broadway).unwrap(); 10],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .is_ok());
    // Counting sees subsets too: two seats of AA and one of AA,KK need 6 of 8 cards,
    // but the AA seats alone need 4 of 4... and three seats of AA need 6 of 4.
    let r = Matchup::new(
        vec![
            HandRange::parse("AA").unwrap(),
            HandRange::parse("AA").unwrap(),
            HandRange::parse("AA").unwrap(),
            HandRange::random(),
        ],
        CardSet::EMPTY,
        CardSet::EMPTY,
    );
    assert!(
        matches!(&r, Err(EquityError::Impossible(why)) if why.contains("seats 1–3") && why.contains("4 live cards")),
        "{r:?}"
    );
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_an_error() {
    for args in [
        &[
            "table",
            "--opponents",
            "1-9",
            "--target-se",
            "0.01",
            "--csv",
        ][..],
        &["range", "random", "--json"][..],
    ] {
        let mut child = spawn_piped(args);
        // The reader takes 10 bytes and leaves (as `| head -c 10` does).
        let mut first = [0u8; 10];
        child
            .stdout
            .as_mut()
            .unwrap()
            .read_exact(&mut first)
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    if let Ok(full) = full {
        let out = Command::new(exe())
            .args(["range", "AKs", "--json"])
            .stdout(full)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("cannot write the output"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn ctrl_c_during_exact_work_prints_the_part_enumerated() {
    // Heads-up exact of two wide ranges with a dead card: seconds of work on one thread.
    let child = Command::new(exe())
        .args([
            "equity",
            "22+,A2+,K2+,Q2+",
            "22+,A2+,K2+,Q2+,J2+",
            // A dead card keeps it out of the preflop table: boards are enumerated.
            "--dead",
            "2c",
            "--exact",
            "--threads",
            "1",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["partial"], true);
    assert_eq!(v["method"], "exact");
    assert_eq!(v["stopped"], "cancelled");
    let fraction = v["fraction_done"].as_f64().unwrap();
    assert!(fraction > 0.0 && fraction < 1.0, "{fraction}");
    assert!(v["deals"].as_u64().unwrap() > 0);
    let total = common::equity_sum(&v);
    assert!((total - 1.0).abs() < 1e-5, "{total}");
    // Not final: no standard error is claimed for a partial enumeration.
    assert!(v["players"][0]["std_error"].is_null());
}

#[test]
fn a_deal_budget_deals_exactly_that_many() {
    for trials in ["1", "1000", "5000"] {
        let out = Command::new(exe())
            .args(["equity", "AKs", "QQ", "--mc", "--trials", trials, "--json"])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["deals"].as_u64().unwrap().to_string(), trials);
        assert_eq!(v["stopped"], "deal_budget");
        if trials != "1" {
            // An error estimate from the deals themselves, never 0 ± 0.
            let se = v["players"][0]["std_error"].as_f64().unwrap();
            assert!(se > 0.0, "{se}");
        }
    }
}

fn scenario_error(text: &str) -> String {
    multiodds::scenario::Scenario::from_ron(text, std::path::Path::new("s.ron"))
        .and_then(|s| s.validate().map(|_| s))
        .unwrap_err()
        .to_string()
}

#[test]
fn scenario_files_name_a_misspelled_field_and_accept_a_byte_order_mark() {
    let e = scenario_error("(version: 1, targe_se: 0.01)");
    assert!(
        e.contains("unknown field `targe_se`; did you mean `target_se`?"),
        "{e}"
    );
    let e = scenario_error("(version: 1, colour: 3)");
    assert!(
        e.contains("unknown field `colour`; the fields are `version`"),
        "{e}"
    );
    let with_bom = "\u{feff}(version: 1, hero: \"QQ\")";
    let s =
        multiodds::scenario::Scenario::from_ron(with_bom, std::path::Path::new("s.ron")).unwrap();
    assert_eq!(s.multiodds.hero, "QQ");
    let long_note = format!("(version: 1, note: \"{}\")", "x".repeat(20_000));
    assert!(scenario_error(&long_note).contains("a note is at most"));
    let long_seat = format!(
        "(version: 1, view: Matchup, seats: [\"AA\", \"{}\"])",
        "KK,".repeat(100_000)
    );
    let e = scenario_error(&long_seat);
    assert!(
        e.starts_with("matchup.seats[1]: ") && e.contains("at most 262144 bytes"),
        "{e}"
    );
}

#[test]
fn the_smallest_weight_is_named_and_sweeps_say_which_counts_they_leave_out() {
    let e = HandRange::parse("AKs:1e-300").unwrap_err().to_string();
    assert!(e.contains("at least 1e-45"), "{e}");
    assert!(HandRange::parse("AKs:1e-45").is_ok());
    // Nested weights never underflow to "not in the range".
    let nested = HandRange::parse("(AKs:1e-40):1e-40").unwrap();
    assert_eq!(nested.combo_count(), 4);
    let out = Command::new(exe())
        .args(["sweep", "AA", "--vs", "KK", "--opponents", "1-5", "--json"])
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["points"].as_array().unwrap().len(), 2);
    let note = v["note"].as_str().unwrap();
    assert!(note.contains("3–5 opponents cannot be dealt"), "{note}");
}
