//! The lowball and badugi evaluators against exhaustive counts (every five- and four-card
//! hand), the Hold'em evaluator (2-7 is its order reversed, aces high only), and a plain
//! reading of the rules' words (A-5 and razz's best five of seven).

use multiodds_engine::cards::Card;
use multiodds_engine::eval::draw::DrawRule;
use std::collections::{BTreeMap, HashMap, HashSet};

fn every_five(mut each: impl FnMut([Card; 5])) {
    let deck: Vec<Card> = Card::all().collect();
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        each([deck[a], deck[b], deck[c], deck[d], deck[e]]);
                    }
                }
            }
        }
    }
}

#[test]
fn ace_five_counts_every_five_card_hand() {
    // Straights and flushes do not count, so the kinds are the pairing patterns, with the
    // published counts of five-card poker: 1,317,888 unpaired (C(13,5) × 4^5), 1,098,240
    // one pair, 123,552 two pair, 54,912 trips, 3,744 full houses, 624 quads.
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    let mut values = HashSet::new();
    every_five(|h| {
        let v = DrawRule::AceFive.value(&h);
        *kinds.entry(v.kind).or_default() += 1;
        values.insert(v.value);
    });
    assert_eq!(kinds["no pair"], 1_317_888);
    assert_eq!(kinds["pair"], 1_098_240);
    assert_eq!(kinds["two pair"], 123_552);
    assert_eq!(kinds["three of a kind"], 54_912);
    assert_eq!(kinds["full house"], 3_744);
    assert_eq!(kinds["four of a kind"], 624);
    // Distinct values: 1,287 + 13·C(12,3) + C(13,2)·11 + 13·C(12,2) + 13·12 + 13·12.
    assert_eq!(values.len(), 1287 + 2860 + 858 + 858 + 156 + 156);
}

#[test]
fn deuce_seven_is_the_high_order_reversed_aces_high_only() {
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    // Every high value (the Hold'em evaluator) but the wheel's maps to one 2-7 value, and
    // a better high hand is always a worse 2-7 hand (lower 2-7 values are better).
    let mut by_high: HashMap<u16, u32> = HashMap::new();
    let mut values = HashSet::new();
    every_five(|h| {
        let v = DrawRule::DeuceSeven.value(&h);
        *kinds.entry(v.kind).or_default() += 1;
        values.insert(v.value);
        let ranks: u16 = h.iter().fold(0, |m, c| m | 1 << c.rank());
        let wheel = ranks == 0b1_0000_0000_1111;
        if !wheel {
            let high = multiodds_engine::eval::evaluate(&h).get();
            let seen = *by_high.entry(high).or_insert(v.value);
            assert_eq!(seen, v.value, "one high value, one 2-7 value");
        }
    });
    let mut pairs: Vec<(u16, u32)> = by_high.into_iter().collect();
    pairs.sort();
    // Higher high values, higher (worse) 2-7 values: strictly.
    if let Some(w) = pairs.windows(2).find(|w| w[0].1 >= w[1].1) {
        panic!("2-7 reverses the high order: {:x?}", w);
    }
    // A-2-3-4-5 is ace-high (1,020 unsuited) or a flush (4), never a straight: 9,180
    // straights, 36 straight flushes, 5,112 flushes, 1,303,560 high-card hands.
    assert_eq!(kinds["high card"], 1_303_560);
    assert_eq!(kinds["pair"], 1_098_240);
    assert_eq!(kinds["two pair"], 123_552);
    assert_eq!(kinds["three of a kind"], 54_912);
    assert_eq!(kinds["straight"], 9_180);
    assert_eq!(kinds["flush"], 5_112);
    assert_eq!(kinds["full house"], 3_744);
    assert_eq!(kinds["four of a kind"], 624);
    assert_eq!(kinds["straight flush"], 36);
    assert_eq!(values.len(), 7462);
}

/// A-5 from the rule's words: fewer repeats first (the counts, most first, compared in
/// order), then the ranks from the most repeated and highest down, aces lowest.
fn words_key(hand: &[Card]) -> (Vec<u8>, Vec<u8>) {
    let mut count = [0u8; 14];
    for c in hand {
        let r = if c.rank() == 12 { 1 } else { c.rank() + 2 };
        count[r as usize] += 1;
    }
    let mut groups: Vec<(u8, u8)> = (1..14u8)
        .filter(|&r| count[r as usize] > 0)
        .map(|r| (count[r as usize], r))
        .collect();
    groups.sort_by(|a, b| b.cmp(a));
    (
        groups.iter().map(|g| g.0).collect(),
        groups.iter().map(|g| g.1).collect(),
    )
}

fn words_best(hand: &[Card]) -> (Vec<u8>, Vec<u8>) {
    let n = hand.len();
    let mut best = None;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let k = words_key(&[hand[a], hand[b], hand[c], hand[d], hand[e]]);
                        if best.as_ref().is_none_or(|x| k < *x) {
                            best = Some(k);
                        }
                    }
                }
            }
        }
    }
    best.unwrap()
}

#[test]
fn razz_best_five_of_seven_agrees_with_the_rules_words() {
    // 20,000 random seven-card pairs: the evaluator's order is the words' order.
    let deck: Vec<Card> = Card::all().collect();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut deal = || {
        let mut d = deck.clone();
        for i in 0..7 {
            let j = i + (next() % (52 - i as u64)) as usize;
            d.swap(i, j);
        }
        d[..7].to_vec()
    };
    for _ in 0..20_000 {
        let (a, b) = (deal(), deal());
        let (va, vb) = (
            DrawRule::AceFive.value(&a).value,
            DrawRule::AceFive.value(&b).value,
        );
        assert_eq!(
            va.cmp(&vb),
            words_best(&a).cmp(&words_best(&b)),
            "{a:?} {b:?}"
        );
    }
}

#[test]
fn badugi_counts_every_four_card_hand() {
    let deck: Vec<Card> = Card::all().collect();
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    let mut best = u32::MAX;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    let v = DrawRule::Badugi.value(&[deck[a], deck[b], deck[c], deck[d]]);
                    *kinds.entry(v.kind).or_default() += 1;
                    best = best.min(v.value);
                }
            }
        }
    }
    // Four distinct ranks in four distinct suits: C(13,4) rank sets × 4! suit orders.
    assert_eq!(kinds["4-card badugi"], 715 * 24);
    assert_eq!(kinds.values().sum::<u32>(), 270_725);
    // The best: A-2-3-4 of four suits.
    let wheel =
        DrawRule::Badugi.value(&multiodds_engine::cards::parse_card_list("Ac 2d 3h 4s").unwrap());
    assert_eq!(best, wheel.value);
    // A one-card hand: four cards of one suit.
    let one =
        DrawRule::Badugi.value(&multiodds_engine::cards::parse_card_list("Ac 2c 3c 4c").unwrap());
    assert_eq!(one.to_string(), "A (1-card hand)");
}
