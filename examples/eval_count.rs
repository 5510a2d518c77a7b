//! Evaluates a fixed list of random 7-card hands (built from card indices) or walks
//! all 7-card hands incrementally; run under `valgrind --tool=callgrind` to count
//! instructions per evaluation (see BENCHMARKS.md and benches/eval_vs_ompeval.py).
//!
//! Usage: eval_count random N | eval_count sequential
//!
//! Prints the count, a checksum and the timed loop's seconds, in the form
//! `../shared/bench/ompeval/bin/omp_driver evalseq|evalrand N` prints them, so the two
//! loops compare without process start-up: `loop_cpu_s` is the process CPU time of the
//! loop (as the driver's), `loop_s` its wall time, which a shared machine inflates.

use multiodds::cards::Card;
use multiodds::eval::Hand;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("random");
    let cards: Vec<Card> = Card::all().collect();
    match mode {
        "sequential" => {
            let start = Clocks::now();
            let (count, sum) = walk_all();
            report(count, sum, start);
        }
        _ => {
            let n: usize = args
                .get(2)
                .and_then(|s| s.parse().ok())
                .unwrap_or(1_000_000);
            let hands = random_hands(&cards, n);
            let start = Clocks::now();
            let sum = evaluate_all(black_box(&hands));
            report(n as u64, sum, start);
        }
    }
}

/// Wall and process CPU clocks at the start of the timed loop.
struct Clocks {
    wall: std::time::Instant,
    cpu: f64,
}

impl Clocks {
    fn now() -> Clocks {
        Clocks {
            wall: std::time::Instant::now(),
            cpu: process_cpu_seconds(),
        }
    }
}

fn process_cpu_seconds() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; the clock id is a libc constant.
    unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + 1e-9 * ts.tv_nsec as f64
}

fn report(count: u64, sum: u64, start: Clocks) {
    let cpu = process_cpu_seconds() - start.cpu;
    let wall = start.wall.elapsed().as_secs_f64();
    println!(
        "evals: {count} checksum: {sum} loop_cpu_s: {cpu:.4} loop_s: {wall:.4} ({:.1} M/s)",
        count as f64 / cpu / 1e6
    );
}

/// All 133,784,560 7-card hands, one card added per level (the incremental walk), cards
/// taken by index as OMPEval's driver takes them. The innermost loop counts down: the
/// compiler then keeps one counter where an upward loop keeps two (the index and a
/// pointer), an instruction less per hand.
#[inline(never)]
fn walk_all() -> (u64, u64) {
    // `i < 52` in every loop, so the check folds away.
    let card = |i: u8| Card::from_index(i).expect("index below 52");
    let mut count = 0u64;
    let mut sum = 0u64;
    for a in 0..52 {
        let h1 = Hand::new().add(card(a));
        for b in a + 1..52 {
            let h2 = h1.add(card(b));
            for c in b + 1..52 {
                let h3 = h2.add(card(c));
                for d in c + 1..52 {
                    let h4 = h3.add(card(d));
                    for e in d + 1..52 {
                        let h5 = h4.add(card(e));
                        for f in e + 1..52 {
                            let h6 = h5.add(card(f));
                            let mut g = 51;
                            while g > f {
                                // SAFETY: seven cards.
                                let value = unsafe { h6.add(card(g)).evaluate_unchecked() };
                                sum += value.get() as u64;
                                g -= 1;
                            }
                            count += u64::from(51 - f);
                        }
                    }
                }
            }
        }
    }
    (count, sum)
}

fn random_hands(cards: &[Card], n: usize) -> Vec<[Card; 7]> {
    // A fixed pseudo-random list (xorshift), distinct cards per hand.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut hands = Vec::with_capacity(n);
    for _ in 0..n {
        let mut used = 0u64;
        let mut hand = [0u8; 7];
        let mut k = 0;
        while k < 7 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let i = (state % 52) as u8;
            if used & (1 << i) == 0 {
                used |= 1 << i;
                hand[k] = i;
                k += 1;
            }
        }
        hands.push(hand);
    }
    hands.iter().map(|h| h.map(|i| cards[i as usize])).collect()
}

/// The measured loop (callgrind: --toggle-collect=*evaluate_all*).
#[inline(never)]
fn evaluate_all(hands: &[[Card; 7]]) -> u64 {
    let mut sum = 0u64;
    for hand in hands {
        let mut h = Hand::new();
        for &card in hand {
            h = h.add(card);
        }
        // SAFETY: seven cards.
        sum += unsafe { h.evaluate_unchecked() }.get() as u64;
    }
    sum
}
