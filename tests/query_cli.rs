//! `multiodds query`: the answer as a table and as JSON, equal to the matchup's exact
//! equity where both answer; refusals name the query's column.

mod common;
use common::cli;

#[test]
fn a_query_answers_as_the_matchup_does() {
    let query = "select avg(riverEquity(hero)) as equity, count(winsHi(villain)) \
                 from hero='AsKs', villain='QhQd', board='2c7d9h'";
    let (code, out, e) = cli(&["query", query, "--json"]);
    assert_eq!(code, Some(0), "{e}");
    let q: serde_json::Value = serde_json::from_str(&out).unwrap();
    let a = &q["answers"][0];
    assert_eq!(a["method"], "exact");
    // Each of the 45 · 44 / 2 runouts once: nothing here tells the turn from the river.
    assert_eq!(a["deals"], 45 * 44 / 2);
    assert_eq!(a["partial"], false);
    let (_, out, _) = cli(&["equity", "AsKs", "QhQd", "--board", "2c 7d 9h", "--json"]);
    let m: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(a["figures"][0]["name"], "equity");
    assert_eq!(a["figures"][0]["value"], m["players"][0]["equity"]);
    assert_eq!(a["figures"][1]["value"], m["players"][1]["win"]);
    let (code, out, _) = cli(&["query", query]);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("statement 1 · holdem · exact · 990 deals"),
        "{out}"
    );
    assert!(out.contains("equity"), "{out}");
    // A histogram lists its buckets under its mean, by name, in the table and in JSON.
    let histogram = "select histogram(handType(hero, river)) from hero='AsKs', board='2s7s9h'";
    let (code, out, e) = cli(&["query", histogram]);
    assert_eq!(code, Some(0), "{e}");
    assert!(out.contains("  = Flush"), "{out}");
    let (_, out, _) = cli(&["query", histogram, "--json"]);
    let h: serde_json::Value = serde_json::from_str(&out).unwrap();
    let buckets = h["answers"][0]["figures"][0]["buckets"].as_array().unwrap();
    let total: f64 = buckets.iter().map(|b| b["chance"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-12, "{buckets:?}");
    // AsKs on two spades makes a flush with any spade to come, and nothing better can
    // come (no pair to fill, no three spades in a row within reach).
    let flush = buckets.iter().find(|b| b["label"] == "Flush").unwrap();
    let spades_left = 9.0;
    let no_spade = (47.0 - spades_left) * (46.0 - spades_left) / (47.0 * 46.0);
    let one_spade = 2.0 * spades_left * (47.0 - spades_left) / (47.0 * 46.0);
    let two_spades = 1.0 - no_spade - one_spade;
    assert!((flush["chance"].as_f64().unwrap() - (one_spade + two_spades)).abs() < 1e-12);
    // Monte Carlo says so and carries its errors.
    let (code, out, _) = cli(&["query", query, "--mc", "--target-se", "0.005", "--json"]);
    assert_eq!(code, Some(0));
    let q: serde_json::Value = serde_json::from_str(&out).unwrap();
    let f = &q["answers"][0]["figures"][0];
    assert_eq!(q["answers"][0]["method"], "monte_carlo");
    let (v, se) = (
        f["value"].as_f64().unwrap(),
        f["std_error"].as_f64().unwrap(),
    );
    let exact = m["players"][0]["equity"].as_f64().unwrap();
    assert!(
        se > 0.0 && se <= 0.005 && (v - exact).abs() <= 4.0 * se,
        "{v} ± {se} against {exact}"
    );
}

#[test]
fn a_bad_query_is_refused_at_its_column() {
    let query = "select avg(riverEquity(hero)) from hero='AKs', villain='QQ,ZZ'";
    let (code, _, e) = cli(&["query", query]);
    assert_eq!(code, Some(1));
    assert!(e.contains("villain: \"ZZ\""), "{e}");
    let (code, out, _) = cli(&["query", query, "--json"]);
    assert_eq!(code, Some(1));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["field"], "query");
    assert_eq!(v["error"]["column"], query.find("ZZ").unwrap() + 1);
}

#[test]
fn a_query_reads_from_a_file_and_writes_csv() {
    let dir = std::env::temp_dir().join(format!("query-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("q.pql");
    std::fs::write(
        &file,
        "select avg(riverEquity(hero)) as equity\nfrom hero='AsKs', villain='QhQd', board='2c7d9h';\n\
         select count(pairedBoard(river)) from hero='AsKs', board='2c7d9h'\n",
    )
    .unwrap();
    let (code, out, e) = cli(&["query", "--file", file.to_str().unwrap(), "--csv"]);
    assert_eq!(code, Some(0), "{e}");
    let rows: Vec<&str> = out.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(
        rows[0],
        "statement,name,aggregate,bucket,value,std_error,method,deals,stopped,condition,condition_se"
    );
    assert!(
        rows[1].starts_with("1,equity,avg,,0.239394,0.000000,exact,990,"),
        "{out}"
    );
    assert!(
        rows[2].starts_with("2,count(pairedBoard(river)),count,"),
        "{out}"
    );
    let (code, _, e) = cli(&["query", "--file", dir.to_str().unwrap()]);
    assert_eq!(code, Some(1));
    assert!(e.contains("not a regular file"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
