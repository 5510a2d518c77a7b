//! Omaha hand values: exactly two hole cards with exactly three board cards, for the high
//! hand (Hold'em's five-card values) and for the 8-or-better low.
//!
//! The low is held as a mask of its five ranks (bit 0 the ace … bit 7 the eight): with
//! five distinct ranks, comparing masks as numbers compares the hands from the highest
//! card down, so the smaller mask is the better low. The best low of any hole and board
//! depends only on their two rank masks, so it is one lookup in a 64 KiB table.

use super::{Hand, HandValue};
use crate::cards::Card;

/// The low-rank bit of a card: ace bit 0, deuce bit 1 … eight bit 7; nine and up 0.
#[inline(always)]
pub const fn low_bit(card: Card) -> u8 {
    let rank = card.rank();
    if rank == 12 {
        1
    } else if rank <= 6 {
        1 << (rank + 1)
    } else {
        0
    }
}

/// The best 8-or-better low score of any five of `cards` (stud hi/lo: no two-plus-three
/// rule), scored as [`low_score`]: 0 without five distinct low ranks, else `255 - mask` of
/// the five lowest.
pub fn any_five_low_score(cards: &[Card]) -> u8 {
    let mut mask = low_mask(cards);
    if mask.count_ones() < 5 {
        return 0;
    }
    while mask.count_ones() > 5 {
        // Drop the highest low rank: the five lowest make the best low.
        mask &= !(1 << (7 - mask.leading_zeros()));
    }
    255 - mask
}

/// The low ranks among some cards, as a mask.
pub fn low_mask(cards: &[Card]) -> u8 {
    cards.iter().fold(0, |m, &c| m | low_bit(c))
}

/// The best 8-or-better low score of a hole and a board given as low-rank masks:
/// 0 when no qualifying low can be made, else `255 - mask` of the best low (higher is
/// better, so scores compare as high values do).
#[inline(always)]
pub fn low_score(hole_mask: u8, board_mask: u8) -> u8 {
    low_table()[(board_mask as usize) << 8 | hole_mask as usize]
}

/// The low a score stands for, as its five ranks from the highest (`8-6-4-2-A`), or
/// `None` for the score 0.
pub fn describe_low(score: u8) -> Option<String> {
    (score != 0).then(|| {
        let mask = 255 - score;
        (0..8)
            .rev()
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| {
                if b == 0 {
                    "A".into()
                } else {
                    (b + 1).to_string()
                }
            })
            .collect::<Vec<String>>()
            .join("-")
    })
}

/// The low table (`low_table.rs`), built by `build.rs`: no start-up cost.
static LOW_TABLE: &[u8; 65536] = include_bytes!(concat!(env!("OUT_DIR"), "/low_table.bin"));

#[inline(always)]
fn low_table() -> &'static [u8; 65536] {
    LOW_TABLE
}

/// The best high hand of two hole cards and three board cards (hole 2 to 6 cards, board
/// 3 to 5).
///
/// # Panics
/// If the hole has fewer than 2 cards or the board fewer than 3.
pub fn omaha_high(hole: &[Card], board: &[Card]) -> HandValue {
    assert!(
        hole.len() >= 2 && board.len() >= 3,
        "Omaha needs 2+ hole and 3+ board cards"
    );
    let mut best = HandValue::default();
    for_each_two(hole, |pair| {
        for_each_three(board, |three| {
            best = best.max(pair.combine(three).evaluate());
        });
    });
    best
}

/// The best low score ([`low_score`]) of a hole and a board.
pub fn omaha_low(hole: &[Card], board: &[Card]) -> u8 {
    low_score(low_mask(hole), low_mask(board))
}

/// Calls `f` with every two of `cards` as a hand.
pub fn for_each_two(cards: &[Card], mut f: impl FnMut(Hand)) {
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            f(Hand::new().add(cards[i]).add(cards[j]));
        }
    }
}

/// Calls `f` with every three of `cards` as a hand.
pub fn for_each_three(cards: &[Card], mut f: impl FnMut(Hand)) {
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            for k in j + 1..cards.len() {
                f(Hand::new().add(cards[i]).add(cards[j]).add(cards[k]));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_card_list;
    use rand::{rngs::Xoshiro256PlusPlus, seq::SliceRandom, SeedableRng};

    fn cards(text: &str) -> Vec<Card> {
        parse_card_list(text).unwrap()
    }

    /// The low of five cards by the rule itself: five distinct ranks of 8 or lower,
    /// compared from the highest card down; `None` when they do not qualify.
    fn plain_low(five: &[Card]) -> Option<Vec<u8>> {
        let mut ranks: Vec<u8> = five
            .iter()
            .map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 })
            .collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let distinct = ranks.windows(2).all(|w| w[0] != w[1]);
        (distinct && ranks[0] <= 8).then_some(ranks)
    }

    /// Every two-plus-three selection by plain loops, high by rs_poker's evaluator (an
    /// independent one) and low by the rule; against the fast functions.
    #[test]
    fn random_hands_against_brute_force() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut deck: Vec<Card> = Card::all().collect();
        let rs = |five: &[Card]| {
            use rs_poker::core::Rankable;
            five.iter()
                .map(|c| {
                    let text = c.to_string();
                    let mut chars = text.chars();
                    let value = rs_poker::core::Value::from_char(chars.next().unwrap()).unwrap();
                    let suit = rs_poker::core::Suit::from_char(chars.next().unwrap()).unwrap();
                    rs_poker::core::Card::new(value, suit)
                })
                .collect::<Vec<_>>()
                .rank()
        };
        let mut lows_seen = 0;
        for round in 0..4_000 {
            deck.shuffle(&mut rng);
            let hole_len = 4 + round % 3;
            let board_len = 3 + round % 3;
            let (hole, board) = (&deck[..hole_len], &deck[hole_len..hole_len + board_len]);
            let mut best_rs = None;
            let mut best_fast = HandValue::default();
            let mut best_low: Option<Vec<u8>> = None;
            for a in 0..hole.len() {
                for b in a + 1..hole.len() {
                    for x in 0..board.len() {
                        for y in x + 1..board.len() {
                            for z in y + 1..board.len() {
                                let five = [hole[a], hole[b], board[x], board[y], board[z]];
                                let r = rs(&five);
                                if best_rs.as_ref().is_none_or(|b| r > *b) {
                                    best_rs = Some(r);
                                    best_fast = crate::eval::evaluate(&five);
                                }
                                if let Some(l) = plain_low(&five) {
                                    if best_low.as_ref().is_none_or(|b| l < *b) {
                                        best_low = Some(l);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            assert_eq!(omaha_high(hole, board), best_fast, "{hole:?} {board:?}");
            let score = omaha_low(hole, board);
            let described = best_low.as_ref().map(|l| {
                l.iter()
                    .map(|&r| if r == 1 { "A".into() } else { r.to_string() })
                    .collect::<Vec<String>>()
                    .join("-")
            });
            lows_seen += described.is_some() as u32;
            assert_eq!(describe_low(score), described, "{hole:?} {board:?}");
        }
        assert!(lows_seen > 200, "the sample holds lows ({lows_seen})");
    }

    #[test]
    fn the_shipped_low_table_is_the_built_one() {
        assert_eq!(
            &low_table()[..],
            &super::super::low_table::build_low_table()[..]
        );
    }

    #[test]
    fn omaha_rules() {
        // Four spades in the hole and one on the board is no flush in Omaha.
        let v = omaha_high(&cards("As Ks Qs Js"), &cards("2s 7d 8c 9h 3c"));
        assert_eq!(v.category(), crate::eval::HandCategory::HighCard);
        // Quads on the board play as trips plus two hole cards.
        let v = omaha_high(&cards("Ah Kd 2c 3c"), &cards("9s 9d 9h 9c 5d"));
        assert_eq!(v.category(), crate::eval::HandCategory::ThreeOfAKind);
        // The wheel is the best low; a board with two low cards makes none.
        assert_eq!(
            describe_low(omaha_low(&cards("As 2d Kc Kd"), &cards("3c 4h 5s Qd Jd"))).as_deref(),
            Some("5-4-3-2-A")
        );
        assert_eq!(
            omaha_low(&cards("As 2d 3c 4d"), &cards("5c 6h Ks Qd Jd")),
            0
        );
        // A counterfeited low uses the next hole card.
        assert_eq!(
            describe_low(omaha_low(&cards("As 2d 3c Kd"), &cards("2c 6h 7s 8d Jd"))).as_deref(),
            Some("7-6-3-2-A")
        );
    }
}
