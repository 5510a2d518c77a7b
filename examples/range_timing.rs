//! Timings of the range analysis (one thread): the breakdown of all 1,326 combos on a
//! flop, equity by combo of 1,326 against 1,326 on a flop (the Flops kernel, and the
//! plain enumeration it replaced there) and a turn, the next card for
//! a range against a range on a flop, and equity by combo preflop (from the pair table).
//!
//! Usage: cargo run --release --example range_timing

use multiodds::cards::CardSet;
use multiodds::equity::breakdown::breakdown;
use multiodds::equity::by_combo::{by_combo, by_combo_enumerated, next_cards};
use multiodds::equity::RunControl;
use multiodds::range::HandRange;
use std::time::Instant;

/// The best of `runs` timings of `f`, in milliseconds.
fn best_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let flop = CardSet::parse("Kd 7c 2s").unwrap();
    let turn = CardSet::parse("Kd 7c 2s 9h").unwrap();
    let random = HandRange::random();
    let wide = HandRange::parse("22+,A2s+,KTs+,QTs+,JTs,ATo+").unwrap();
    let tight = HandRange::parse("TT+,AK").unwrap();
    let control = RunControl::new();
    let none = CardSet::EMPTY;
    let rows = [
        (
            "breakdown of random (1,326 combos) on a flop",
            best_ms(20, || {
                breakdown(&random, flop, none).unwrap();
            }),
        ),
        (
            "equity by combo, random vs random, flop",
            best_ms(3, || {
                by_combo(&random, &random, flop, none, &control).unwrap();
            }),
        ),
        (
            "equity by combo, random vs random, flop, plain enumeration (before)",
            best_ms(3, || {
                by_combo_enumerated(&random, &random, flop, none, &control).unwrap();
            }),
        ),
        (
            "equity by combo, random vs random, turn",
            best_ms(5, || {
                by_combo(&random, &random, turn, none, &control).unwrap();
            }),
        ),
        (
            "next card, 22+,A2s+,KTs+,QTs+,JTs,ATo+ vs TT+,AK, flop",
            best_ms(3, || {
                next_cards(&[&wide, &tight], flop, none, &control, 1, 1 << 29).unwrap();
            }),
        ),
        (
            "equity by combo, 22+,A2s+,KTs+,QTs+,JTs,ATo+ vs TT+,AK vs 99+,AQs+, flop (3 seats, 1 thread)",
            best_ms(1, || {
                multiodds::equity::by_combo::by_combo_multiway(
                    &wide,
                    &[tight.clone(), HandRange::parse("99+,AQs+").unwrap()],
                    flop,
                    none,
                    &control,
                    1,
                )
                .unwrap();
            }),
        ),
        (
            "equity by combo preflop, random vs random (pair table)",
            best_ms(3, || {
                by_combo(&random, &random, none, none, &control).unwrap();
            }),
        ),
    ];
    for (what, ms) in rows {
        println!("{what}: {ms:.1} ms");
    }
}
