//! Short-deck (6-plus) hand values: 36 cards, sixes to aces. A-6-7-8-9 is the lowest
//! straight, and the categories rank high card, pair, two pair, straight, three of a
//! kind, full house, flush, four of a kind, straight flush (a flush beats a full house
//! and trips beat a straight: with 36 cards they are the rarer hands).
//!
//! Valued directly from rank counts and suit masks (no table): short-deck work is a
//! small fraction of what the Hold'em tables serve, and this keeps the order obvious.

use super::HandCategory;
use crate::cards::Card;

/// The categories in short-deck order, weakest first (the value's top bits).
const ORDER: [HandCategory; 9] = [
    HandCategory::HighCard,
    HandCategory::Pair,
    HandCategory::TwoPair,
    HandCategory::Straight,
    HandCategory::ThreeOfAKind,
    HandCategory::FullHouse,
    HandCategory::Flush,
    HandCategory::FourOfAKind,
    HandCategory::StraightFlush,
];

/// The value of a 5- to 7-card short-deck hand: higher is better, equal values tie.
/// Encoded as `position in the short-deck order << 12 | Hold'em's order within the
/// category` (1,404 distinct values over the 376,992 five-card hands).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct ShortDeckValue(u32);

impl ShortDeckValue {
    /// The raw value (higher is better).
    pub const fn get(self) -> u32 {
        self.0
    }

    /// The hand's category.
    pub fn category(self) -> HandCategory {
        ORDER[(self.0 >> 12) as usize]
    }
}

/// Each Hold'em category's place in the short-deck order (by category code).
const POSITION: [u32; 9] = {
    let mut table = [0u32; 9];
    let mut i = 0;
    while i < 9 {
        table[ORDER[i] as usize] = i as u32;
        i += 1;
    }
    table
};

/// The ranks A, 9, 8, 7, 6 (the lowest short-deck straight) as a rank mask.
const ACE_TO_NINE: u16 = 1 << 12 | 1 << 7 | 1 << 6 | 1 << 5 | 1 << 4;

/// Hold'em's order within the category of its wheel (5-high straight, or straight flush
/// when `suited`): the lowest of each, the place A-6-7-8-9 takes.
fn wheel_order(suited: bool) -> u32 {
    static ORDERS: std::sync::OnceLock<[u32; 2]> = std::sync::OnceLock::new();
    let orders = ORDERS.get_or_init(|| {
        [false, true].map(|suited| {
            let cards: [Card; 5] = std::array::from_fn(|i| {
                let rank = [12, 0, 1, 2, 3][i];
                Card::new(rank, if suited || i > 0 { 0 } else { 1 })
            });
            super::evaluate(&cards).get() as u32 & 0xfff
        })
    });
    orders[usize::from(suited)]
}

/// The value of 5 to 7 distinct short-deck cards.
///
/// # Panics
/// If there are fewer than 5 or more than 7 cards.
pub fn evaluate_short_deck(cards: &[Card]) -> ShortDeckValue {
    assert!(
        (5..=7).contains(&cards.len()),
        "a short-deck hand needs 5 to 7 cards, got {}",
        cards.len()
    );
    from_holdem(super::evaluate(cards), cards)
}

/// The short-deck value of `cards` (5 to 7 short-deck cards) from their Hold'em value:
/// for callers that value many hands on one board with Hold'em's incremental hand.
#[inline]
pub fn from_holdem(holdem: super::HandValue, cards: &[Card]) -> ShortDeckValue {
    let category = holdem.category();
    // Seven cards can hold two hands whose order short deck turns around: trips beside a
    // straight, a flush beside a full house. Hold'em chose the other; value this one.
    match category {
        HandCategory::Straight => {
            let mut counts = [0u8; 13];
            for c in cards {
                counts[c.rank() as usize] += 1;
            }
            if let Some(trips) = (0..13).rev().find(|&r| counts[r] >= 3) {
                // The three cards and the two highest others (on the stack: this runs for
                // every seat of every sampled deal that holds a straight).
                let mut five = [Card::new(0, 0); 5];
                for (slot, &c) in five
                    .iter_mut()
                    .zip(cards.iter().filter(|c| c.rank() as usize == trips))
                {
                    *slot = c;
                }
                let mut others = [Card::new(0, 0); 7];
                let mut m = 0;
                for &c in cards.iter().filter(|c| c.rank() as usize != trips) {
                    others[m] = c;
                    m += 1;
                }
                others[..m].sort_unstable_by_key(|c| std::cmp::Reverse(c.rank()));
                five[3..].copy_from_slice(&others[..2]);
                return evaluate_short_deck(&five);
            }
        }
        HandCategory::FullHouse => {
            for suit in 0..4 {
                let mut suited = [Card::new(0, 0); 7];
                let mut n = 0;
                for &c in cards.iter().filter(|c| c.suit() == suit) {
                    suited[n] = c;
                    n += 1;
                }
                if n >= 5 {
                    return evaluate_short_deck(&suited[..n]);
                }
            }
        }
        _ => {}
    }
    let mut lanes = [0u16; 4];
    for c in cards {
        lanes[c.suit() as usize] |= 1 << c.rank();
    }
    reordered(holdem, lanes)
}

/// Hold'em's value put in short deck's order, given the hand's cards as a rank mask per
/// suit, once no best five is turned around: A-6-7-8-9 takes the wheel's place (a
/// straight flush when suited; a straight above high card, a pair and two pair), and
/// every other category moves to its short-deck place.
#[inline(always)]
fn reordered(holdem: super::HandValue, lanes: [u16; 4]) -> ShortDeckValue {
    let category = holdem.category();
    let value = |category: HandCategory, order: u32| {
        ShortDeckValue(POSITION[category as usize] << 12 | order)
    };
    let [a, b, c, d] = lanes;
    if (a | b | c | d) & ACE_TO_NINE == ACE_TO_NINE && category != HandCategory::StraightFlush {
        if lanes.iter().any(|&lane| lane & ACE_TO_NINE == ACE_TO_NINE) {
            return value(HandCategory::StraightFlush, wheel_order(true));
        }
        // Below a straight in short deck's order: high card, pair, two pair.
        if POSITION[category as usize] < POSITION[HandCategory::Straight as usize] {
            return value(HandCategory::Straight, wheel_order(false));
        }
    }
    value(category, holdem.get() as u32 & 0xfff)
}

/// The short-deck value of a 5- to 7-card [`Hand`](super::Hand) of short-deck cards: one
/// Hold'em table read, reordered by masks, and the cards listed only where short deck's
/// order turns a seven-card hand's best five around (a straight beside trips, a full
/// house beside a flush: a few hands in a hundred). For loops that hold their hands as
/// running sums (the chart's shared deals).
#[inline(always)]
pub fn of_hand(hand: super::Hand) -> ShortDeckValue {
    let holdem = hand.evaluate();
    let category = holdem.category();
    let mask = hand.card_mask();
    let lanes = [0, 16, 32, 48].map(|shift| (mask >> shift) as u16 & 0x1fff);
    let [a, b, c, d] = lanes;
    let turned = match category {
        // Trips: three of a rank (any three of the four suit lanes).
        HandCategory::Straight => (a & b & (c | d)) | (c & d & (a | b)) != 0,
        HandCategory::FullHouse => hand.has_flush(),
        _ => false,
    };
    if turned {
        std::hint::cold_path();
        return of_mask(holdem, mask);
    }
    reordered(holdem, lanes)
}

/// [`of_hand`]'s rare case: the cards of `mask` listed and valued by [`from_holdem`].
#[inline(never)]
fn of_mask(holdem: super::HandValue, mask: u64) -> ShortDeckValue {
    let mut cards = [Card::new(0, 0); 7];
    let mut n = 0;
    for suit in 0..4u8 {
        let lane = (mask >> (16 * suit as u32)) as u16 & 0x1fff;
        for rank in (0..13u8).filter(|&r| lane >> r & 1 == 1) {
            cards[n] = Card::new(rank, suit);
            n += 1;
        }
    }
    from_holdem(holdem, &cards[..n])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The running-sum value equals the card-list value on every 7-card hand of a broad
    /// seeded sample of the 36-card deck (and every 5-card hand holding A-6-7-8-9).
    #[test]
    fn of_hand_equals_the_card_list_value() {
        use rand::{RngExt, SeedableRng};
        let deck: Vec<Card> = (4..13u8)
            .flat_map(|r| (0..4u8).map(move |s| Card::new(r, s)))
            .collect();
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(46);
        let mut checked = 0;
        for _ in 0..200_000 {
            let mut hand = deck.clone();
            for i in 0..7 {
                let j = rng.random_range(i..hand.len());
                hand.swap(i, j);
            }
            let seven = &hand[..7];
            assert_eq!(
                of_hand(crate::eval::Hand::from_cards(seven)),
                evaluate_short_deck(seven),
                "{seven:?}"
            );
            checked += 1;
        }
        for suits in 0..4u32.pow(5) {
            let five: Vec<Card> = [12u8, 4, 5, 6, 7]
                .iter()
                .enumerate()
                .map(|(i, &r)| Card::new(r, (suits >> (2 * i) & 3) as u8))
                .collect();
            assert_eq!(
                of_hand(crate::eval::Hand::from_cards(&five)),
                evaluate_short_deck(&five)
            );
        }
        assert_eq!(checked, 200_000);
    }

    /// The plain short-deck evaluator, kept as the reference.
    mod plain {
        use crate::cards::Card;
        use crate::eval::HandCategory;

        /// The top rank of the best straight in a 13-bit rank mask, the ace also playing below
        /// the six (A-6-7-8-9, top 9); `None` without one.
        fn straight_top(ranks: u16) -> Option<u8> {
            // The ace stands in for rank 3 (a five, absent from the short deck) so that
            // A-6-7-8-9 is five bits in a row.
            let m = ranks | ((ranks >> 12) & 1) << 3;
            (7..=12u8)
                .rev()
                .find(|&top| (m >> (top - 4)) & 0x1f == 0x1f)
        }

        /// The value of a category and its deciding ranks (best first), packed 4 bits each.
        #[inline]
        fn value(category: HandCategory, ranks: impl IntoIterator<Item = u8>) -> u32 {
            let position = match category {
                HandCategory::HighCard => 0,
                HandCategory::Pair => 1,
                HandCategory::TwoPair => 2,
                HandCategory::Straight => 3,
                HandCategory::ThreeOfAKind => 4,
                HandCategory::FullHouse => 5,
                HandCategory::Flush => 6,
                HandCategory::FourOfAKind => 7,
                HandCategory::StraightFlush => 8,
            };
            let mut v = position << 20;
            for (i, r) in ranks.into_iter().take(5).enumerate() {
                v |= (r as u32 + 1) << (16 - 4 * i);
            }
            v
        }

        /// The ranks of a mask, highest first.
        #[inline]
        fn ranks_of(mut mask: u16) -> impl Iterator<Item = u8> {
            std::iter::from_fn(move || {
                (mask != 0).then(|| {
                    let top = 15 - mask.leading_zeros() as u8;
                    mask &= !(1 << top);
                    top
                })
            })
        }

        /// The highest rank of a mask (it must not be empty).
        #[inline]
        fn top(mask: u16) -> u8 {
            15 - mask.leading_zeros() as u8
        }

        /// The plain evaluator: the value of 5 to 7 short-deck cards from rank counts and suit
        /// masks, `position << 20` and the deciding ranks, 4 bits each.
        ///
        /// # Panics
        /// If there are fewer than 5 or more than 7 cards.
        pub fn reference(cards: &[Card]) -> u32 {
            assert!(
                (5..=7).contains(&cards.len()),
                "a short-deck hand needs 5 to 7 cards, got {}",
                cards.len()
            );
            let mut suits = [0u16; 4];
            // Rank masks of ranks seen at least once, twice, three and four times.
            let (mut once, mut twice, mut thrice, mut four) = (0u16, 0u16, 0u16, 0u16);
            for c in cards {
                let bit = 1u16 << c.rank();
                suits[c.suit() as usize] |= bit;
                four |= thrice & bit;
                thrice |= twice & bit;
                twice |= once & bit;
                once |= bit;
            }
            let flush = suits.iter().copied().find(|s| s.count_ones() >= 5);
            if let Some(t) = flush.and_then(straight_top) {
                return value(HandCategory::StraightFlush, [t]);
            }
            if four != 0 {
                let q = top(four);
                return value(HandCategory::FourOfAKind, [q, top(once & !(1 << q))]);
            }
            if let Some(f) = flush {
                return value(HandCategory::Flush, ranks_of(f));
            }
            if thrice != 0 {
                let t = top(thrice);
                // The best pair beside the trips: a second set of trips or a pair.
                let pair = twice & !(1 << t);
                if pair != 0 {
                    return value(HandCategory::FullHouse, [t, top(pair)]);
                }
                return value(
                    HandCategory::ThreeOfAKind,
                    std::iter::once(t).chain(ranks_of(once & !(1 << t)).take(2)),
                );
            }
            if let Some(t) = straight_top(once) {
                return value(HandCategory::Straight, [t]);
            }
            match twice.count_ones() {
                0 => value(HandCategory::HighCard, ranks_of(once)),
                1 => value(
                    HandCategory::Pair,
                    std::iter::once(top(twice)).chain(ranks_of(once & !twice).take(3)),
                ),
                _ => {
                    let a = top(twice);
                    let b = top(twice & !(1 << a));
                    let kicker = top(once & !(1 << a) & !(1 << b));
                    value(HandCategory::TwoPair, [a, b, kicker])
                }
            }
        }
    }

    /// Every five-card hand and a million seven-card hands: the same categories as the
    /// plain evaluator, and the same order (sorted by one, the other never goes down,
    /// and ties are the same).
    #[test]
    fn equals_the_plain_evaluator() {
        use rand::{rngs::Xoshiro256PlusPlus, seq::SliceRandom, SeedableRng};
        let deck: Vec<Card> = crate::cards::Game::SHORT_DECK.deck().iter().collect();
        let mut pairs: Vec<(u32, u32, HandCategory)> = Vec::new();
        let n = deck.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let five = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                            let v = evaluate_short_deck(&five);
                            pairs.push((v.get(), plain::reference(&five), v.category()));
                        }
                    }
                }
            }
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut shuffled = deck.clone();
        for _ in 0..1_000_000 {
            shuffled.shuffle(&mut rng);
            let seven = &shuffled[..7];
            let v = evaluate_short_deck(seven);
            pairs.push((v.get(), plain::reference(seven), v.category()));
        }
        for &(_, old, category) in &pairs {
            assert_eq!(category, ORDER[(old >> 20) as usize]);
        }
        pairs.sort_unstable();
        for w in pairs.windows(2) {
            assert!(w[0].1 <= w[1].1, "order differs: {w:?}");
            assert_eq!(w[0].0 == w[1].0, w[0].1 == w[1].1, "ties differ: {w:?}");
        }
    }
    use crate::cards::{parse_card_list, Game};
    use std::collections::{HashMap, HashSet};

    fn value_of(text: &str) -> ShortDeckValue {
        evaluate_short_deck(&parse_card_list(text).unwrap())
    }

    /// Every five-card short-deck hand: the published category counts and 1,404 values.
    #[test]
    fn category_counts_over_every_five_card_hand() {
        let deck: Vec<Card> = Game::SHORT_DECK.deck().iter().collect();
        let mut counts: HashMap<HandCategory, u32> = HashMap::new();
        let mut distinct = HashSet::new();
        let n = deck.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    for d in c + 1..n {
                        for e in d + 1..n {
                            let v =
                                evaluate_short_deck(&[deck[a], deck[b], deck[c], deck[d], deck[e]]);
                            *counts.entry(v.category()).or_default() += 1;
                            distinct.insert(v);
                        }
                    }
                }
            }
        }
        use HandCategory::*;
        let expected = [
            (StraightFlush, 24),
            (FourOfAKind, 288),
            (FullHouse, 1_728),
            (Flush, 480),
            (Straight, 6_120),
            (ThreeOfAKind, 16_128),
            (TwoPair, 36_288),
            (Pair, 193_536),
            (HighCard, 122_400),
        ];
        for (category, count) in expected {
            assert_eq!(counts[&category], count, "{category}");
        }
        assert_eq!(distinct.len(), 1_404);
    }

    #[test]
    fn short_deck_order() {
        // A-6-7-8-9 is a straight, the lowest; 6-7-8-9-T beats it.
        assert_eq!(
            value_of("As 6d 7h 8c 9s").category(),
            HandCategory::Straight
        );
        assert!(value_of("6s 7d 8h 9c Ts") > value_of("As 6d 7h 8c 9s"));
        // Trips beat a straight, a flush beats a full house.
        assert!(value_of("7s 7d 7h Ac Ks") > value_of("6s 7d 8h 9c Ts"));
        assert!(value_of("As Ks 9s 7s 6s") > value_of("Ks Kd Kh Qc Qs"));
        assert!(value_of("Ks Kd Kh Kc 6s") > value_of("As Ks 9s 7s 6s"));
        // Seven cards: the best five (a flush over the two pair it also holds).
        assert_eq!(
            value_of("Ks Kd Qs Qd 9s 7s 6s").category(),
            HandCategory::Flush
        );
        assert_eq!(
            value_of("As 6s 7s 8s 9s Ad Ah").category(),
            HandCategory::StraightFlush
        );
    }

    /// Best of seven equals the best of its 21 five-card subsets.
    #[test]
    fn seven_cards_are_the_best_five() {
        use rand::{rngs::Xoshiro256PlusPlus, seq::SliceRandom, SeedableRng};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut deck: Vec<Card> = Game::SHORT_DECK.deck().iter().collect();
        for _ in 0..20_000 {
            deck.shuffle(&mut rng);
            let seven = &deck[..7];
            let mut best = ShortDeckValue::default();
            for skip1 in 0..7 {
                for skip2 in skip1 + 1..7 {
                    let five: Vec<Card> = (0..7)
                        .filter(|&i| i != skip1 && i != skip2)
                        .map(|i| seven[i])
                        .collect();
                    best = best.max(evaluate_short_deck(&five));
                }
            }
            assert_eq!(evaluate_short_deck(seven), best, "{seven:?}");
        }
    }
}
