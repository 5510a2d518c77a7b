//! The hand evaluator: the value of 5-, 6- and 7-card hands, an incremental [`Hand`]
//! that costs one addition per card, and the ranking of fewer than five cards (reference §2).
//!
//! Tables (≈ 238 KiB: 174 KiB of values, 64 KiB of row offsets, so they stay in L2)
//! are generated at compile time by `build.rs` from `table_builder.rs`; there is no
//! start-up cost. [`Hand::evaluate`] is safe for any
//! hand; [`Hand::evaluate_unchecked`], for hands of at most seven cards, is what the
//! engine's innermost loops call.

pub mod draw;
#[cfg(test)]
mod low_table;
mod omaha;
mod short_deck;
mod table_builder;

pub use omaha::{
    any_five_low_score, describe_low, for_each_three, for_each_two, low_bit, low_mask, low_score,
    omaha_high, omaha_low,
};
pub use short_deck::{
    evaluate_short_deck, from_holdem as short_deck_from_holdem, of_hand as short_deck_of_hand,
    ShortDeckValue,
};

/// The top rank (0 = deuce … 12 = ace) of the best straight in a 13-bit rank mask (bit r
/// set for rank r), `None` without a straight; the wheel A-2-3-4-5 tops at the five (3).
pub fn straight_top(rank_mask: u16) -> Option<u8> {
    table_builder::straight_top(u32::from(rank_mask)).map(|top| top as u8)
}

// `const`, not `static`: the lookups then address the tables directly instead of through
// the position-independent executable's global offset table (one load less each).
#[allow(clippy::large_const_arrays)]
mod tables {
    include!(concat!(env!("OUT_DIR"), "/eval_tables.rs"));
}

use crate::cards::Card;
use std::fmt;
use tables::{FLUSH_START, HAND_VALUES, RANK_OFFSETS};

/// Hand categories, weakest first; the discriminant is the category code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HandCategory {
    /// No pair.
    HighCard = 0,
    /// One pair.
    Pair = 1,
    /// Two pairs.
    TwoPair = 2,
    /// Three cards of a rank.
    ThreeOfAKind = 3,
    /// Five ranks in a row.
    Straight = 4,
    /// Five cards of a suit.
    Flush = 5,
    /// Three of a rank and two of another.
    FullHouse = 6,
    /// Four cards of a rank.
    FourOfAKind = 7,
    /// Five in a row of one suit.
    StraightFlush = 8,
}

/// The hand types a game's results are tallied by, weakest first (nine slots, the
/// weight arrays' size; an empty key is a slot the game does not use): Hold'em's high
/// categories in the high games, razz's lows by their rank. Draw games tally none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandTypes {
    /// JSON and CSV keys (`two_pair`, `7_low`).
    pub keys: [&'static str; 9],
    /// The names people read (`Two Pair`, `7-low`).
    pub names: [&'static str; 9],
}

impl HandTypes {
    /// The high games' categories.
    pub const HIGH: HandTypes = HandTypes {
        keys: [
            "high_card",
            "pair",
            "two_pair",
            "three_of_a_kind",
            "straight",
            "flush",
            "full_house",
            "four_of_a_kind",
            "straight_flush",
        ],
        names: [
            "High Card",
            "Pair",
            "Two Pair",
            "Three of a Kind",
            "Straight",
            "Flush",
            "Full House",
            "Four of a Kind",
            "Straight Flush",
        ],
    };
    /// A-5 lows (razz) by their highest card: paired hands last.
    pub const ACE_FIVE_LOW: HandTypes = HandTypes {
        keys: [
            "paired",
            "9_low_or_worse",
            "8_low",
            "7_low",
            "6_low",
            "wheel",
            "",
            "",
            "",
        ],
        names: [
            "Paired",
            "9-low or worse",
            "8-low",
            "7-low",
            "6-low",
            "Wheel (5-low)",
            "",
            "",
            "",
        ],
    };

    /// 8-or-better lows (the low half of the hi/lo games) by their highest card.
    pub const EIGHT_LOW: HandTypes = HandTypes {
        keys: ["8_low", "7_low", "6_low", "wheel", "", "", "", "", ""],
        names: [
            "8-low",
            "7-low",
            "6-low",
            "Wheel (5-low)",
            "",
            "",
            "",
            "",
            "",
        ],
    };

    /// The types `game`'s low halves are tallied by: [`HandTypes::EIGHT_LOW`] in the
    /// hi/lo games, `None` elsewhere.
    pub fn low_of(game: crate::cards::Game) -> Option<HandTypes> {
        game.is_hi_lo().then_some(HandTypes::EIGHT_LOW)
    }

    /// The types `game`'s results are tallied by; `None` for the draw games.
    pub fn of(game: crate::cards::Game) -> Option<HandTypes> {
        if game.is_draw() {
            None
        } else if game.is_low_only() {
            Some(HandTypes::ACE_FIVE_LOW)
        } else {
            Some(HandTypes::HIGH)
        }
    }

    /// The slots used, weakest first: (index, key, name).
    pub fn used(
        &self,
    ) -> impl DoubleEndedIterator<Item = (usize, &'static str, &'static str)> + '_ {
        (0..9)
            .filter(|&i| !self.keys[i].is_empty())
            .map(|i| (i, self.keys[i], self.names[i]))
    }

    /// The A-5 low type of an [`draw::ace_five_best`] value: its slot in
    /// [`HandTypes::ACE_FIVE_LOW`].
    pub fn ace_five_slot(low: u32) -> u8 {
        if low >> 20 > 0 {
            return 0;
        }
        // The highest card's rank with aces low (ace 0, five 4, nine 8).
        match (low >> 16) & 0xf {
            0..=4 => 5,
            5 => 4,
            6 => 3,
            7 => 2,
            _ => 1,
        }
    }

    /// The 8-or-better low type of a low score (`omaha::low_score`, `255 - mask` of the
    /// five ranks, aces bit 0): its slot in [`HandTypes::EIGHT_LOW`], `None` for no low.
    pub fn eight_low_slot(score: u8) -> Option<usize> {
        let mask = 255 - score;
        (score != 0 && mask != 0).then(|| match 7 - mask.leading_zeros() {
            0..=4 => 3,
            5 => 2,
            6 => 1,
            _ => 0,
        } as usize)
    }
}

impl HandCategory {
    /// All categories, weakest first.
    pub const ALL: [HandCategory; 9] = [
        HandCategory::HighCard,
        HandCategory::Pair,
        HandCategory::TwoPair,
        HandCategory::ThreeOfAKind,
        HandCategory::Straight,
        HandCategory::Flush,
        HandCategory::FullHouse,
        HandCategory::FourOfAKind,
        HandCategory::StraightFlush,
    ];

    /// The JSON / CSV name (`two_pair`).
    pub fn key(self) -> &'static str {
        match self {
            HandCategory::HighCard => "high_card",
            HandCategory::Pair => "pair",
            HandCategory::TwoPair => "two_pair",
            HandCategory::ThreeOfAKind => "three_of_a_kind",
            HandCategory::Straight => "straight",
            HandCategory::Flush => "flush",
            HandCategory::FullHouse => "full_house",
            HandCategory::FourOfAKind => "four_of_a_kind",
            HandCategory::StraightFlush => "straight_flush",
        }
    }

    /// The name people read (`Two Pair`).
    pub fn name(self) -> &'static str {
        match self {
            HandCategory::HighCard => "High Card",
            HandCategory::Pair => "Pair",
            HandCategory::TwoPair => "Two Pair",
            HandCategory::ThreeOfAKind => "Three of a Kind",
            HandCategory::Straight => "Straight",
            HandCategory::Flush => "Flush",
            HandCategory::FullHouse => "Full House",
            HandCategory::FourOfAKind => "Four of a Kind",
            HandCategory::StraightFlush => "Straight Flush",
        }
    }
}

impl fmt::Display for HandCategory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The value of a 5- to 7-card hand: higher is better, equal values tie.
/// Encoded as `category << 12 | order within category` (7,462 distinct values).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct HandValue(u16);

impl HandValue {
    /// The value whose raw form ([`HandValue::get`]) is `raw`: for packing values into
    /// wider words and back.
    #[inline(always)]
    pub const fn from_raw(raw: u16) -> HandValue {
        HandValue(raw)
    }

    /// The raw value.
    #[inline(always)]
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The value's category.
    #[inline(always)]
    pub fn category(self) -> HandCategory {
        // Sixteen entries, so any `u16 >> 12` indexes it without a bounds check (values
        // above straight flush do not occur).
        const OF_CODE: [HandCategory; 16] = {
            let mut table = [HandCategory::StraightFlush; 16];
            let mut i = 0;
            while i < 9 {
                table[i] = HandCategory::ALL[i];
                i += 1;
            }
            table
        };
        OF_CODE[(self.0 >> 12) as usize]
    }
}

/// Where the four suit counter nibbles start. The rank part below stays under 2^26 for
/// up to seven cards; the bits between are free.
const SUIT_SHIFT: u32 = 36;

/// The rank key of up to seven cards, at most four of a rank (`Hand::key`'s low bits),
/// is below this.
const RANK_KEY_LIMIT: u32 = table_builder::KEY_LIMIT;

/// Per card: its scattered rank base (`table_builder::scattered_base`) plus a one in its
/// suit's counter nibble. 256 entries, so a `u8` index needs no bounds check.
const CARD_KEY: [u64; 256] = {
    let mut keys = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        keys[i] = table_builder::scattered_base(i / 4) as u64
            + (1u64 << (SUIT_SHIFT + 4 * (i % 4) as u32));
        i += 1;
    }
    keys
};

// The value lookups below skip their bounds check; this proves, at compile time, that
// every rank row's whole width lies inside the rank part of `HAND_VALUES`, so any key
// below `RANK_KEY_LIMIT` (even of a hand of fewer than five cards) reads inside it, that
// seven cards' keys stay below it, and that every 13-bit flush mask reads inside the
// flush part.
const _: () = {
    let mut rank = 0;
    while rank < 13 {
        assert!(table_builder::scattered_base(rank) < 1 << table_builder::HASH_BITS);
        rank += 1;
    }
    assert!(table_builder::largest_seven_card_key() < RANK_KEY_LIMIT);
    assert!(RANK_OFFSETS.len() == table_builder::WIDE_ROWS);
    assert!((RANK_KEY_LIMIT >> table_builder::ROW_SHIFT) as usize == RANK_OFFSETS.len());
    let mut row = 0;
    while row < RANK_OFFSETS.len() {
        let start = ((row as u32) << table_builder::ROW_SHIFT).wrapping_add(RANK_OFFSETS[row]);
        assert!(start as usize + (1 << table_builder::ROW_SHIFT) <= FLUSH_START);
        row += 1;
    }
    assert!(FLUSH_START + (1 << 13) == HAND_VALUES.len());
};

/// Per card: its bit in the four 16-bit suit masks (used only for flushes).
const CARD_MASK: [u64; 256] = {
    let mut masks = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        masks[i] = 1u64 << (16 * (i % 4) + i / 4);
        i += 1;
    }
    masks
};

/// Suit counters start at 3, so a nibble reaches 8 (its top bit) at five suited cards.
const SUIT_COUNTER_START: u64 = 0x3333 << SUIT_SHIFT;
const FLUSH_FLAGS: u64 = 0x8888 << SUIT_SHIFT;

/// A partial or complete hand held as running sums, so adding a card is two
/// instructions (an add and an or) and evaluating is a flush test, two shifts and two
/// table loads (row offset, value).
///
/// Evaluating needs 5 to 7 cards; [`Hand::len`] tells how many were added.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Hand {
    key: u64,
    mask: u64,
}

impl Default for Hand {
    fn default() -> Hand {
        Hand::new()
    }
}

impl Hand {
    /// The empty hand.
    #[inline(always)]
    pub const fn new() -> Hand {
        Hand {
            key: SUIT_COUNTER_START,
            mask: 0,
        }
    }

    /// A hand of the given cards (they must be distinct).
    pub fn from_cards(cards: &[Card]) -> Hand {
        cards.iter().fold(Hand::new(), |h, &c| h.add(c))
    }

    /// This hand plus one card (not already in it).
    #[inline(always)]
    #[must_use]
    pub const fn add(self, card: Card) -> Hand {
        let i = card.index_u8() as usize;
        Hand {
            key: self.key.wrapping_add(CARD_KEY[i]),
            mask: self.mask | CARD_MASK[i],
        }
    }

    /// This hand plus all cards of another hand (disjoint from it).
    #[inline(always)]
    #[must_use]
    pub const fn combine(self, other: Hand) -> Hand {
        Hand {
            key: self
                .key
                .wrapping_add(other.key)
                .wrapping_sub(SUIT_COUNTER_START),
            mask: self.mask | other.mask,
        }
    }

    /// Cards of one suit (0 = clubs … 3 = spades) in the hand.
    #[inline(always)]
    pub const fn suit_count(self, suit: u8) -> u8 {
        (((self.key >> (SUIT_SHIFT + 4 * suit as u32)) & 0xF) as u8).wrapping_sub(3)
    }

    /// Cards of one rank (0 = deuce … 12 = ace) in the hand.
    #[inline(always)]
    pub const fn rank_count(self, rank: u8) -> u8 {
        ((self.mask >> rank) & 0x0001_0001_0001_0001).count_ones() as u8
    }

    /// Number of cards added.
    pub const fn len(self) -> usize {
        self.mask.count_ones() as usize
    }

    /// The hand's cards as four 16-bit suit lanes (bit `16 * suit + rank`).
    #[inline(always)]
    pub const fn card_mask(self) -> u64 {
        self.mask
    }

    /// Whether no card was added.
    pub const fn is_empty(self) -> bool {
        self.mask == 0
    }

    /// The value of the best five cards. The hand must hold 5, 6 or 7 cards; with
    /// fewer the result is meaningless (use [`rank_partial`]) — checked in debug builds.
    #[inline(always)]
    pub fn evaluate(self) -> HandValue {
        // SAFETY: `checked_rank_index` gives an index below `FLUSH_START` for any key.
        unsafe { self.value_with(checked_rank_index) }
    }

    /// [`Hand::evaluate`] without checking that the key's row exists: one instruction
    /// less in the innermost loops, which hold hands of dealt cards.
    ///
    /// # Safety
    /// At most seven cards were added to the hand, at most four of a rank (any hand of
    /// distinct cards): their rank key is then below `RANK_KEY_LIMIT`, which the lookup
    /// relies on.
    #[inline(always)]
    pub unsafe fn evaluate_unchecked(self) -> HandValue {
        debug_assert!(self.rank_key() < RANK_KEY_LIMIT, "more than seven cards?");
        // SAFETY: the caller's promise keeps the key below the limit, where `rank_index`
        // gives an index below `FLUSH_START`.
        unsafe { self.value_with(|key| rank_index(key)) }
    }

    /// The value of the best five cards ignoring suits: what [`Hand::evaluate`] gives
    /// when no flush is possible. Only the ranks count, so a card may stand for any
    /// card of its rank (even one already in the hand); 5 to 7 cards in all.
    #[inline(always)]
    pub fn evaluate_ignoring_suits(self) -> HandValue {
        let index = checked_rank_index(self.rank_key());
        // SAFETY: `checked_rank_index` reads inside `HAND_VALUES`.
        HandValue(unsafe { *HAND_VALUES.get_unchecked(index) })
    }

    /// True when five or more of the hand's cards share a suit.
    #[inline(always)]
    pub fn has_flush(self) -> bool {
        self.key & FLUSH_FLAGS != 0
    }

    /// The rank part of the key: the sum of the cards' scattered rank bases.
    #[inline(always)]
    fn rank_key(self) -> u32 {
        self.key as u32
    }

    /// The value, the rank part looked up by `rank_index`.
    ///
    /// # Safety
    /// `rank_index` gives an index below `FLUSH_START` for this hand's rank key.
    #[inline(always)]
    unsafe fn value_with(self, rank_index: impl Fn(u32) -> usize) -> HandValue {
        debug_assert!((5..=7).contains(&self.len()), "evaluate needs 5-7 cards");
        let index = if self.key & FLUSH_FLAGS == 0 {
            rank_index(self.rank_key())
        } else {
            // Flushes are rare (3% of 7-card hands): keep the common path straight.
            std::hint::cold_path();
            // The flag bit of suit s is bit 4s + 3 of the counters; its suit mask starts
            // at bit 16s. (Shifted here, not reused from the test above, so that the test
            // stays a `test` and keeps no copy of the key alive.)
            let flags = (self.key >> SUIT_SHIFT) as u32 & 0x8888;
            let flag = flags.trailing_zeros() - 3;
            FLUSH_START + ((self.mask >> (flag * 4)) as usize & 0x1fff)
        };
        debug_assert!(index < HAND_VALUES.len());
        // SAFETY: the rank index is below `FLUSH_START` (the caller's promise) and the
        // flush index reads inside the flush part (the `const` assertion beside
        // `CARD_KEY`).
        HandValue(unsafe { *HAND_VALUES.get_unchecked(index) })
    }
}

/// Where the value of a rank multiset is: its key's row offset plus the key, below
/// `FLUSH_START` (the `const` assertion beside `CARD_KEY`).
///
/// # Safety
/// `rank_key` is below `RANK_KEY_LIMIT`, so its row is below `WIDE_ROWS`.
#[inline(always)]
unsafe fn rank_index(rank_key: u32) -> usize {
    let row = (rank_key >> table_builder::ROW_SHIFT) as usize;
    debug_assert!(row < RANK_OFFSETS.len());
    // SAFETY: the caller's promise. (A pointer, not `get_unchecked`: the bound that one
    // tells the compiler turns the shift and the scaled load into a shift, a mask and a
    // load — one instruction more.)
    rank_key.wrapping_add(unsafe { *RANK_OFFSETS.as_ptr().add(row) }) as usize
}

/// [`rank_index`] for any key: one whose row does not exist (a hand given more than
/// seven cards) reads the table's first entry. A compare and a branch that always
/// goes the same way.
#[inline(always)]
fn checked_rank_index(rank_key: u32) -> usize {
    if rank_key < RANK_KEY_LIMIT {
        // SAFETY: just checked.
        unsafe { rank_index(rank_key) }
    } else {
        std::hint::cold_path();
        0
    }
}

/// The value of 5 to 7 distinct cards.
///
/// # Panics
/// If there are fewer than 5 or more than 7 cards.
pub fn evaluate(cards: &[Card]) -> HandValue {
    assert!(
        (5..=7).contains(&cards.len()),
        "evaluate needs 5 to 7 cards, got {}",
        cards.len()
    );
    Hand::from_cards(cards).evaluate()
}

/// The ranking of fewer than five cards (reference §2): made hands by multiplicity (quads,
/// trips, two pair, pair, none), then ranks. Two-card pockets: a pair beats no pair,
/// then higher ranks. Comparable only among hands of the same size.
pub fn rank_partial(cards: &[Card]) -> u32 {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    // At most 13 groups, kept on the stack: sampled deals rank every seat's hole cards.
    let mut all = [(0u8, 0u8); 13];
    let mut n = 0;
    for r in (0..13u8).rev().filter(|&r| counts[r as usize] > 0) {
        all[n] = (counts[r as usize], r);
        n += 1;
    }
    let groups = &mut all[..n];
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let pairs = groups.iter().filter(|g| g.0 == 2).count();
    let category = match groups.first().map_or(0, |g| g.0) {
        4 => 7,
        3 => 3,
        2 if pairs >= 2 => 2,
        2 => 1,
        _ => 0,
    };
    let mut value = category << 20;
    for (i, &(_, rank)) in groups.iter().take(5).enumerate() {
        value |= (rank as u32 + 1) << (16 - 4 * i);
    }
    value
}

/// A showdown value for any number of cards up to 7: full evaluation from 5 cards,
/// [`rank_partial`] below. Values are only compared among hands of equal size.
pub fn showdown_value(cards: &[Card]) -> u32 {
    if cards.len() >= 5 {
        evaluate(cards).get() as u32
    } else {
        rank_partial(cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_card_list;

    fn value(text: &str) -> HandValue {
        evaluate(&parse_card_list(text).unwrap())
    }

    #[test]
    fn table_sizes_fit_in_l2() {
        let bytes = HAND_VALUES.len() * 2 + RANK_OFFSETS.len() * 4;
        assert!(bytes <= 256 * 1024, "tables are {bytes} bytes");
    }

    #[test]
    fn any_rank_key_reads_inside_the_value_table() {
        // The safety of both evaluations rests on this: a key below the limit (any hand
        // of up to seven cards) lands in the rank part, any other key on entry 0.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for i in 0..200_000u32 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let key = match i % 3 {
                0 => state as u32,
                1 => state as u32 % RANK_KEY_LIMIT,
                _ => RANK_KEY_LIMIT - 1 - (state as u32 % 4096),
            };
            let index = checked_rank_index(key);
            if key < RANK_KEY_LIMIT {
                assert!(index < FLUSH_START, "{key}");
                // SAFETY: the key is below the limit.
                assert_eq!(unsafe { rank_index(key) }, index);
            } else {
                assert_eq!(index, 0, "{key}");
            }
        }
        // Every hand of seven cards stays below the limit.
        let mut largest = 0;
        table_builder::for_each_multiset(7, &mut |counts| {
            let hand = (0..13u8)
                .flat_map(|rank| (0..counts[rank as usize] as u8).map(move |suit| (rank, suit)))
                .fold(Hand::new(), |hand, (rank, suit)| {
                    hand.add(Card::new(rank, suit))
                });
            largest = largest.max(hand.rank_key());
        });
        assert!(largest < RANK_KEY_LIMIT);
        assert_eq!(largest, table_builder::largest_seven_card_key());
    }

    #[test]
    fn rank_bases_are_collision_free() {
        // Among the hands that are evaluated: 5 to 7 cards.
        let mut seen = std::collections::HashSet::new();
        let mut count = 0;
        for size in 5..=7 {
            table_builder::for_each_multiset(size, &mut |counts| {
                count += 1;
                assert!(seen.insert(table_builder::rank_key(counts)), "{counts:?}");
            });
        }
        assert_eq!(count, seen.len());
    }

    #[test]
    fn suit_and_rank_counts_survive_the_rank_key_wrapping() {
        // The rank part wraps into bits 32-35; the suit counters above must not see it.
        let cards: Vec<Card> = Card::all().collect();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..20_000 {
            let mut hand = Hand::new();
            let mut held = Vec::new();
            while held.len() < 7 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let card = cards[(state % 52) as usize];
                if !held.contains(&card) {
                    held.push(card);
                    hand = hand.add(card);
                }
            }
            for suit in 0..4 {
                let expected = held.iter().filter(|c| c.suit() == suit).count();
                assert_eq!(hand.suit_count(suit) as usize, expected, "{held:?}");
            }
            for rank in 0..13 {
                let expected = held.iter().filter(|c| c.rank() == rank).count();
                assert_eq!(hand.rank_count(rank) as usize, expected, "{held:?}");
            }
            let (first, second) = held.split_at(3);
            assert_eq!(
                Hand::from_cards(first).combine(Hand::from_cards(second)),
                hand
            );
        }
    }

    #[test]
    fn categories_of_named_hands() {
        assert_eq!(
            value("As Ks Qs Js Ts").category(),
            HandCategory::StraightFlush
        );
        assert_eq!(
            value("5d 4d 3d 2d Ad").category(),
            HandCategory::StraightFlush
        );
        assert_eq!(
            value("As Ad Ah Ac 2d").category(),
            HandCategory::FourOfAKind
        );
        assert_eq!(value("As Ad Ah 2c 2d").category(), HandCategory::FullHouse);
        assert_eq!(value("As 9s 7s 4s 2s").category(), HandCategory::Flush);
        assert_eq!(value("5s 4d 3h 2c Ad").category(), HandCategory::Straight);
        assert_eq!(
            value("As Ad Ah 3c 2d").category(),
            HandCategory::ThreeOfAKind
        );
        assert_eq!(value("As Ad 3h 3c 2d").category(), HandCategory::TwoPair);
        assert_eq!(value("As Ad 4h 3c 2d").category(), HandCategory::Pair);
        assert_eq!(value("As Qd 4h 3c 2d").category(), HandCategory::HighCard);
        assert!(value("As Ks Qs Js Ts") > value("Ks Qs Js Ts 9s"));
        assert!(value("6s 5d 4h 3c 2d") > value("5s 4d 3h 2c Ad"));
    }

    #[test]
    fn partial_ranking() {
        let v = |t: &str| rank_partial(&parse_card_list(t).unwrap());
        assert!(v("2c 2d") > v("As Ks"));
        assert!(v("As Ks") > v("As Qs"));
        assert!(v("As Kd") == v("Ah Kc"));
        assert!(v("3c 3d") > v("2c 2h"));
        assert!(v("3c 3d 2h 2s") > v("Ac Ad Kh Qs"));
        assert!(v("Ac Ad Ah") > v("Kc Kd Kh"));
    }
}

/// A hand's value in a game: its high category and value (higher is better, comparable
/// among hands of the same game) and, in hi/lo games, its 8-or-better low score (0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameValue {
    /// The high hand's category.
    pub category: HandCategory,
    /// The high value.
    pub value: u32,
    /// The low score (higher is better; 0 is no qualifying low; 0 outside hi/lo games).
    pub low: u8,
}

/// What `hole` makes with `board` (5 to 7 cards in all; 3 to 5 board cards where the game
/// takes exactly two hole and three board cards) by `game`'s valuation. The one place
/// outside the engine's fast paths that picks an evaluator for a game.
pub fn game_value(game: crate::cards::Game, hole: &[Card], board: &[Card]) -> GameValue {
    if game.is_omaha() {
        let v = omaha_high(hole, board);
        return GameValue {
            category: v.category(),
            value: v.get() as u32,
            low: if game.is_hi_lo() {
                omaha_low(hole, board)
            } else {
                0
            },
        };
    }
    // Hole and board cards side by side on the stack (at most seven outside Omaha).
    let mut buffer = [Card::new(0, 0); 7];
    let n = hole.len() + board.len();
    let heap: Vec<Card>;
    let all: &[Card] = if n <= 7 {
        buffer[..hole.len()].copy_from_slice(hole);
        buffer[hole.len()..n].copy_from_slice(board);
        &buffer[..n]
    } else {
        heap = hole.iter().chain(board).copied().collect();
        &heap
    };
    if game.has_short_deck_order() {
        let v = evaluate_short_deck(all);
        GameValue {
            category: v.category(),
            value: v.get(),
            low: 0,
        }
    } else {
        let v = evaluate(all);
        GameValue {
            category: v.category(),
            value: v.get() as u32,
            low: 0,
        }
    }
}
