//! `multiodds flops` and `flops-merge`: the JSON report and its check line, parts merged
//! back into exactly the report one process gives, the merge's refusals, a saved
//! scenario of the Flops view, and bad input named at its field.
#![cfg(feature = "cli")]

mod common;

use assert_cmd::Command;
use serde_json::Value;

const R1: &str = "TT+, AQs+, KQs:0.5";
const R2: &str = "99-66, AJs+, KJs";

fn multiodds() -> Command {
    Command::cargo_bin("multiodds").unwrap()
}

fn run(args: &[&str]) -> String {
    common::stdout_of(multiodds().args(args).output().unwrap())
}

fn fails(args: &[&str], needle: &str) {
    let out = multiodds().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn the_json_report_has_every_flop_group_and_the_check() {
    let v: Value = serde_json::from_str(&run(&["flops", R1, R2, "--json", "-q"])).unwrap();
    assert_eq!(v["flop_set"], "isomorphic");
    assert_eq!(v["flops_total"], 1755);
    assert_eq!(v["flops_done"], 1755);
    assert_eq!(v["partial"], false);
    assert_eq!(v["flops"].as_array().unwrap().len(), 1755);
    assert_eq!(v["groups"].as_array().unwrap().len(), 16);
    let check = &v["check"];
    let difference = check["difference"].as_f64().unwrap();
    assert!(difference.abs() < 1e-9, "{check}");
    assert!(
        (check["flops_mean_equity"].as_f64().unwrap()
            - v["all"]["ranges"][0]["equity"].as_f64().unwrap())
        .abs()
            < 1e-15
    );
    // The flops' counts cover every flop; the groups of an axis cover every flop once.
    let counts: u64 = v["flops"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["count"].as_u64().unwrap())
        .sum();
    assert_eq!(counts, 22_100);
    let suits: u64 = v["groups"].as_array().unwrap()[..3]
        .iter()
        .map(|g| g["count"].as_u64().unwrap())
        .sum();
    assert_eq!(suits, 22_100);
    // Heads-up, the two ranges' equities add up to one.
    let all = &v["all"]["ranges"];
    let sum = all[0]["equity"].as_f64().unwrap() + all[1]["equity"].as_f64().unwrap();
    assert!((sum - 1.0).abs() < 1e-9);
}

#[test]
fn parts_merge_into_exactly_the_report_of_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let one = run(&["flops", R1, R2, "--dead", "2c", "--json", "-q"]);
    let mut parts = Vec::new();
    for i in 1..=3 {
        let part = run(&[
            "flops",
            R1,
            R2,
            "--dead",
            "2c",
            "--shard",
            &format!("{i}/3"),
            "-q",
        ]);
        let path = dir.path().join(format!("part{i}.json"));
        std::fs::write(&path, part).unwrap();
        parts.push(path.to_string_lossy().into_owned());
    }
    // Given in any order.
    let merged = run(&["flops-merge", &parts[2], &parts[0], &parts[1], "--json"]);
    assert_eq!(merged, one, "bit for bit");
    let text = run(&["flops-merge", &parts[0], &parts[1], &parts[2]]);
    assert!(
        text.contains("4861 flops") && text.contains("standing for 20825"),
        "{text}"
    );
    // A part missing, a part twice, a part of other inputs: refused by name.
    fails(&["flops-merge", &parts[0], &parts[1]], "missing parts: 3/3");
    fails(
        &["flops-merge", &parts[0], &parts[0], &parts[1], &parts[2]],
        "given twice",
    );
    let other = dir.path().join("other.json");
    std::fs::write(
        &other,
        run(&["flops", R1, "random", "--shard", "3/3", "-q"]),
    )
    .unwrap();
    fails(
        &[
            "flops-merge",
            &parts[0],
            &parts[1],
            &other.to_string_lossy(),
        ],
        "a part of another report",
    );
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"kind\": 1}").unwrap();
    fails(
        &["flops-merge", &junk.to_string_lossy()],
        "not a part of a Flops report",
    );
}

#[test]
fn a_saved_flops_scenario_runs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("flops.ron");
    std::fs::write(
        &path,
        format!("(view: Flops, flops: (range1: \"{R1}\", range2: \"{R2}\"))"),
    )
    .unwrap();
    let text = run(&["run", &path.to_string_lossy(), "-q"]);
    assert!(text.contains("1755 flops, one per suit pattern"), "{text}");
    assert!(text.contains("monotone"), "{text}");
}

#[test]
fn bad_input_is_named_at_its_field() {
    fails(&["flops", "QQ+,AZ", R2, "-q"], "range 1");
    fails(&["flops", R1, "JJ", "--dead", "Zz", "-q"], "dead cards");
    fails(&["flops", R1, R2, "--game", "omaha", "-q"], "range 1");
    fails(
        &[
            "flops", "AAxx", "KKxx", "--game", "omaha", "--shard", "1/2", "-q",
        ],
        "runs whole",
    );
    fails(
        &["flops", R1, R2, "--deals-per-flop", "5", "-q"],
        "deals per flop",
    );
    fails(&["flops", R1, R2, "--shard", "4/3", "-q"], "--shard");
    fails(&["flops", R1, R2, "--shard", "x", "-q"], "--shard");
    fails(
        &["flops", "AsAh", "AsAd", "-q"],
        "every hand of range 1 shares a card",
    );
}

#[test]
fn other_games_and_more_ranges_are_sampled_with_errors() {
    let v: Value = serde_json::from_str(&run(&[
        "flops",
        "AsAhKsKh",
        "QdQcJdJc",
        "--game",
        "omaha",
        "--deals-per-flop",
        "200",
        "--json",
        "-q",
    ]))
    .unwrap();
    assert_eq!(v["method"], "monte_carlo");
    assert_eq!(v["partial"], false);
    assert_eq!(
        v["deals"].as_u64().unwrap(),
        200 * v["flops_total"].as_u64().unwrap()
    );
    let all = &v["all"]["ranges"];
    let se = all[0]["std_error"].as_f64().unwrap();
    assert!(se > 0.0 && se < 0.01, "{all}");
    assert!(
        all[0].get("nut80").is_none(),
        "no per-hand figures when sampled"
    );
    // The check: the flops' mean against the exact preflop equity, within 4 SE.
    let d = v["check"]["difference"].as_f64().unwrap();
    assert!(d.abs() < 4.0 * se, "{}", v["check"]);
    // Three ranges in Hold'em: three equities adding up to one.
    let v: Value = serde_json::from_str(&run(&[
        "flops",
        "AsKs",
        "QhQd",
        "7c6c",
        "--deals-per-flop",
        "200",
        "--json",
        "-q",
    ]))
    .unwrap();
    let all = v["all"]["ranges"].as_array().unwrap();
    assert_eq!(all.len(), 3);
    let sum: f64 = all.iter().map(|s| s["equity"].as_f64().unwrap()).sum();
    assert!((sum - 1.0).abs() < 1e-9, "{sum}");
    // The same seed gives the same numbers.
    let again: Value = serde_json::from_str(&run(&[
        "flops",
        "AsKs",
        "QhQd",
        "7c6c",
        "--deals-per-flop",
        "200",
        "--json",
        "-q",
        "--threads",
        "1",
    ]))
    .unwrap();
    assert_eq!(again["all"], v["all"]);
}

/// A part is trusted only as `flops --shard` wrote it: an edited figure fails its
/// checksum, a shard out of range or a part of another format version is refused with
/// the file named (never a panic), and paths that are not regular files are refused at
/// once (a FIFO would block, `/dev/zero` never end).
#[test]
fn an_edited_or_damaged_part_is_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut parts = Vec::new();
    for i in 1..=2 {
        let text = run(&["flops", R1, R2, "--shard", &format!("{i}/2"), "-q"]);
        let path = dir.path().join(format!("part{i}.json"));
        std::fs::write(&path, &text).unwrap();
        parts.push((path.to_string_lossy().into_owned(), text));
    }
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_string_lossy().into_owned()
    };
    // An equity edited to 1e300: the checksum no longer holds.
    let mut v: Value = serde_json::from_str(&parts[0].1).unwrap();
    v["results"][0]["seats"][0]["equity"] = 1e300.into();
    let edited = write("edited.json", &v.to_string());
    let out = multiodds()
        .args(["flops-merge", &edited, &parts[1].0])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("edited.json") && err.contains("checksum"),
        "{err}"
    );
    // Shards out of range, as `Shard::new` refuses them: no panic, exit 1.
    for (k, shard) in [
        r#""shard":{"index":0,"of":2}"#,
        r#""shard":{"index":3,"of":2}"#,
        r#""shard":{"index":1,"of":0}"#,
        r#""shard":{"index":1,"of":1152921504606846976}"#,
    ]
    .iter()
    .enumerate()
    {
        let text = parts[0].1.replace(r#""shard":{"index":1,"of":2}"#, shard);
        assert_ne!(text, parts[0].1, "the part names its shard");
        let bad = write(&format!("shard{k}.json"), &text);
        let out = multiodds()
            .args(["flops-merge", &bad, &parts[1].0])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{shard}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("its shard"), "{shard}: {err}");
    }
    // A part of an older format (no version): refused, asking for a new run.
    let mut v: Value = serde_json::from_str(&parts[0].1).unwrap();
    v.as_object_mut().unwrap().remove("version");
    let old = write("old.json", &v.to_string());
    fails(&["flops-merge", &old, &parts[1].0], "format version 0");
    // Not regular files.
    fails(&["flops-merge", "/dev/zero"], "not a regular file");
    let fifo = dir.path().join("pipe.json");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    fails(
        &["flops-merge", &fifo.to_string_lossy()],
        "not a regular file",
    );
    // Untouched parts still merge, and say their check holds.
    let v: Value =
        serde_json::from_str(&run(&["flops-merge", &parts[0].0, &parts[1].0, "--json"])).unwrap();
    assert_eq!(v["check"]["passes"], true);
}
