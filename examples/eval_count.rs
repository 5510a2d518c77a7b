//! Evaluates a fixed list of random 7-card hands (built from card indices) or walks
//! all 7-card hands incrementally; run under `valgrind --tool=callgrind` to count
//! instructions per evaluation (see BENCHMARKS.md).
//!
//! Usage: eval_count random N | eval_count sequential

use multiodds::cards::Card;
use multiodds::eval::Hand;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("random");
    let cards: Vec<Card> = Card::all().collect();
    match mode {
        "sequential" => {
            let mut sum = 0u64;
            for a in 0..52 {
                let h1 = Hand::new().add(cards[a]);
                for b in a + 1..52 {
                    let h2 = h1.add(cards[b]);
                    for c in b + 1..52 {
                        let h3 = h2.add(cards[c]);
                        for d in c + 1..52 {
                            let h4 = h3.add(cards[d]);
                            for e in d + 1..52 {
                                let h5 = h4.add(cards[e]);
                                for f in e + 1..52 {
                                    let h6 = h5.add(cards[f]);
                                    for &card in &cards[f + 1..] {
                                        sum += h6.add(card).evaluate().get() as u64;
                                    }
                                }
                            }
                        }
                    }
                }
            }
            println!("{sum}");
        }
        _ => {
            let n: usize = args
                .get(2)
                .and_then(|s| s.parse().ok())
                .unwrap_or(1_000_000);
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
            let hands: Vec<[Card; 7]> =
                hands.iter().map(|h| h.map(|i| cards[i as usize])).collect();
            println!("{}", evaluate_all(black_box(&hands)));
        }
    }
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
        sum += h.evaluate().get() as u64;
    }
    sum
}
