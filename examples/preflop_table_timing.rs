//! Times the preflop table: its load (first use) and heads-up preflop range against
//! range for narrow, medium and `random` against `random`, one thread, and prints the
//! process's resident memory with the table loaded. For BENCHMARKS.md:
//! `cargo run --release --example preflop_table_timing`.

use multiodds::cards::CardSet;
use multiodds::equity::preflop_table::PreflopTable;
use multiodds::equity::Matchup;
use multiodds::range::HandRange;
use std::time::Instant;

fn resident_mib() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).map(str::to_string))
        })
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn main() {
    let before = resident_mib();
    let start = Instant::now();
    let table = PreflopTable::get().expect("the table loads");
    let load = start.elapsed();
    println!(
        "load: {:.1} ms, {} classes; resident {before:.1} MiB before, {:.1} MiB after",
        load.as_secs_f64() * 1e3,
        table.classes(),
        resident_mib()
    );
    for (name, a, b) in [
        ("narrow: AA vs KK", "AA", "KK"),
        (
            "d: QQ+,AK vs a 250-combo range",
            "QQ+,AK",
            "22+,A2s+,K9s+,Q9s+,J9s+,T8s+,97s+,86s+,75s+,64s+,54s,ATo+,KTo+,QTo+,JTo",
        ),
        ("medium: 20% vs 40%", "20%", "40%"),
        (
            "weighted: 22+:0.5,A2s+,KTo+ vs 30%",
            "22+:0.5,A2s+,KTo+",
            "30%",
        ),
        ("random vs random", "random", "random"),
    ] {
        let m = Matchup::new(
            vec![HandRange::parse(a).unwrap(), HandRange::parse(b).unwrap()],
            CardSet::EMPTY,
            CardSet::EMPTY,
        )
        .unwrap();
        let rounds = 20;
        let start = Instant::now();
        let mut equity = 0.0;
        for _ in 0..rounds {
            let t = table.matchup(&m).unwrap();
            equity = t.result(multiodds::equity::Method::Exact, None).seats[0].equity;
        }
        let each = start.elapsed().as_secs_f64() / rounds as f64;
        println!("{name}: {:.3} ms per run (equity {equity:.6})", each * 1e3);
    }
}
