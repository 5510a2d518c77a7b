//! Hand evaluator speed, ours beside the public crates in the same run.
//!
//! (a) sequential: all 133,784,560 7-card hands, built incrementally (one add per card);
//! (b) random: a fixed, pre-generated list of 7-card hands, each built from scratch.
//! Throughput is reported in evaluations per second.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use multiodds::cards::Card;
use multiodds::eval::Hand;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;
use std::time::Duration;

const ALL_SEVEN: u64 = 133_784_560;
const RANDOM_HANDS: usize = 1 << 20;

/// Enumerates all 7-card hands with an incremental accumulator and sums the values.
macro_rules! enumerate_all {
    ($empty:expr, $add:expr, $value:expr, $cards:expr) => {{
        let cards = $cards;
        let mut sum = 0u64;
        for a in 0..52 {
            let h1 = $add($empty, &cards[a]);
            for b in a + 1..52 {
                let h2 = $add(h1, &cards[b]);
                for c in b + 1..52 {
                    let h3 = $add(h2, &cards[c]);
                    for d in c + 1..52 {
                        let h4 = $add(h3, &cards[d]);
                        for e in d + 1..52 {
                            let h5 = $add(h4, &cards[e]);
                            for f in e + 1..52 {
                                let h6 = $add(h5, &cards[f]);
                                for g in f + 1..52 {
                                    sum += $value($add(h6, &cards[g])) as u64;
                                }
                            }
                        }
                    }
                }
            }
        }
        sum
    }};
}

fn ours_cards() -> Vec<Card> {
    Card::all().collect()
}

fn rs_poker_cards() -> Vec<rs_poker::core::Card> {
    Card::all()
        .map(|c| {
            let t = c.to_string();
            let mut ch = t.chars();
            rs_poker::core::Card::new(
                rs_poker::core::Value::from_char(ch.next().unwrap()).unwrap(),
                rs_poker::core::Suit::from_char(ch.next().unwrap()).unwrap(),
            )
        })
        .collect()
}

fn aya_cards() -> Vec<aya_poker::base::Card> {
    Card::all()
        .map(|c| c.to_string().parse().unwrap())
        .collect()
}

fn sequential(c: &mut Criterion) {
    let mut group = c.benchmark_group("eval_sequential_all_7card");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    group.throughput(Throughput::Elements(ALL_SEVEN));
    let ours = ours_cards();
    group.bench_function("multiodds", |b| {
        b.iter(|| {
            enumerate_all!(
                Hand::new(),
                |h: Hand, c: &Card| h.add(*c),
                |h: Hand| h.evaluate().get(),
                black_box(&ours)
            )
        })
    });
    let rs = rs_poker_cards();
    group.bench_function("rs_poker_5.0", |b| {
        b.iter(|| {
            enumerate_all!(
                rs_poker::core::SevenCardAccum::new(),
                |h: rs_poker::core::SevenCardAccum, c: &rs_poker::core::Card| h + *c,
                |h: rs_poker::core::SevenCardAccum| h.rank().value_bits(),
                black_box(&rs)
            )
        })
    });
    let aya = aya_cards();
    group.bench_function("aya_poker_0.1", |b| {
        b.iter(|| {
            enumerate_all!(
                aya_poker::base::Hand::new(),
                |mut h: aya_poker::base::Hand, c: &aya_poker::base::Card| {
                    h.insert_unchecked(c);
                    h
                },
                |h: aya_poker::base::Hand| aya_poker::poker_rank(&h).0,
                black_box(&aya)
            )
        })
    });
    group.finish();
}

fn random_hands() -> Vec<[u8; 7]> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    (0..RANDOM_HANDS)
        .map(|_| {
            let mut used = 0u64;
            let mut hand = [0u8; 7];
            let mut n = 0;
            while n < 7 {
                let i: u8 = rng.random_range(0..52);
                if used & (1 << i) == 0 {
                    used |= 1 << i;
                    hand[n] = i;
                    n += 1;
                }
            }
            hand
        })
        .collect()
}

fn random_order(c: &mut Criterion) {
    let hands = random_hands();
    let mut group = c.benchmark_group("eval_random_7card");
    group.throughput(Throughput::Elements(RANDOM_HANDS as u64));
    // Each evaluator gets the same hands, pre-converted to its own card type.
    let ours = ours_cards();
    let ours_hands: Vec<[Card; 7]> = hands.iter().map(|h| h.map(|i| ours[i as usize])).collect();
    group.bench_function(BenchmarkId::new("multiodds", RANDOM_HANDS), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in black_box(&ours_hands) {
                let mut h = Hand::new();
                for &card in hand {
                    h = h.add(card);
                }
                sum += h.evaluate().get() as u64;
            }
            sum
        })
    });
    let rs = rs_poker_cards();
    let rs_hands: Vec<[rs_poker::core::Card; 7]> =
        hands.iter().map(|h| h.map(|i| rs[i as usize])).collect();
    group.bench_function(BenchmarkId::new("rs_poker_5.0", RANDOM_HANDS), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in black_box(&rs_hands) {
                let mut h = rs_poker::core::SevenCardAccum::new();
                for &card in hand {
                    h.add(card);
                }
                sum += h.rank().value_bits() as u64;
            }
            sum
        })
    });
    let aya = aya_cards();
    let aya_hands: Vec<[aya_poker::base::Card; 7]> =
        hands.iter().map(|h| h.map(|i| aya[i as usize])).collect();
    group.bench_function(BenchmarkId::new("aya_poker_0.1", RANDOM_HANDS), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for hand in black_box(&aya_hands) {
                let mut h = aya_poker::base::Hand::new();
                for card in hand {
                    h.insert_unchecked(card);
                }
                sum += aya_poker::poker_rank(&h).0 as u64;
            }
            sum
        })
    });
    group.finish();
}

criterion_group!(benches, sequential, random_order);
criterion_main!(benches);
