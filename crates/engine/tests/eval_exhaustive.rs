//! Every 7-card and every 5-card hand: category counts and distinct values (reference §2),
//! and the unchecked evaluation agreeing with the checked one on each 7-card hand.

use multiodds_engine::cards::Card;
use multiodds_engine::eval::{Hand, HandCategory};
use std::collections::HashSet;

#[test]
fn all_133_784_560_seven_card_hands() {
    let cards: Vec<Card> = Card::all().collect();
    let mut per_value = vec![0u64; 1 << 16];
    // Walk the hands the way an enumeration loop does: one add per card.
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
                            for &seventh in &cards[f + 1..] {
                                let hand = h6.add(seventh);
                                let value = hand.evaluate();
                                // SAFETY: seven cards.
                                assert_eq!(unsafe { hand.evaluate_unchecked() }, value);
                                per_value[value.get() as usize] += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    let mut per_category = [0u64; 9];
    let mut distinct = 0;
    for (value, &count) in per_value.iter().enumerate() {
        if count > 0 {
            per_category[value >> 12] += count;
            distinct += 1;
        }
    }
    let expected: [(HandCategory, u64); 9] = [
        (HandCategory::HighCard, 23_294_460),
        (HandCategory::Pair, 58_627_800),
        (HandCategory::TwoPair, 31_433_400),
        (HandCategory::ThreeOfAKind, 6_461_620),
        (HandCategory::Straight, 6_180_020),
        (HandCategory::Flush, 4_047_644),
        (HandCategory::FullHouse, 3_473_184),
        (HandCategory::FourOfAKind, 224_848),
        (HandCategory::StraightFlush, 41_584),
    ];
    for (category, count) in expected {
        assert_eq!(per_category[category as usize], count, "{category}");
    }
    assert_eq!(per_category.iter().sum::<u64>(), 133_784_560);
    assert_eq!(distinct, 4_824);
}

#[test]
fn all_2_598_960_five_card_hands() {
    let cards: Vec<Card> = Card::all().collect();
    let mut values = HashSet::new();
    let mut per_category = [0u64; 9];
    let mut total = 0;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let v = multiodds_engine::eval::evaluate(&[
                            cards[a], cards[b], cards[c], cards[d], cards[e],
                        ]);
                        values.insert(v);
                        per_category[v.category() as usize] += 1;
                        total += 1;
                    }
                }
            }
        }
    }
    assert_eq!(total, 2_598_960);
    assert_eq!(values.len(), 7_462);
    // The published 5-card counts.
    assert_eq!(
        per_category,
        [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
    );
}

#[test]
fn six_card_hands_sampled_every_value_category_consistent() {
    // 6-card hands: the best five of six; a spot check of every 6-subset of a 7-card hand.
    let hand = common_cards("As Ks Qs Js 9s 2d 2c");
    for skip in 0..7 {
        let six: Vec<Card> = (0..7).filter(|&i| i != skip).map(|i| hand[i]).collect();
        let best_of_fives = (0..6)
            .map(|s| {
                let five: Vec<Card> = (0..6).filter(|&i| i != s).map(|i| six[i]).collect();
                multiodds_engine::eval::evaluate(&five)
            })
            .max()
            .unwrap();
        assert_eq!(multiodds_engine::eval::evaluate(&six), best_of_fives);
    }
}

fn common_cards(text: &str) -> Vec<Card> {
    multiodds_engine::cards::parse_card_list(text).unwrap()
}
