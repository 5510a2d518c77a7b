//! Cards and sets of cards: the vocabulary every other module speaks.
//!
//! A [`Card`] is an index `0..52` (`rank * 4 + suit`, deuce of clubs first), a
//! [`CardSet`] is a 52-bit set, so membership and disjointness tests are one
//! instruction each. Parsing follows reference §1: `As`, `td`, `10h`, lists with or
//! without separators, and errors that name the bad token and its column.

mod game;
mod parse;
mod select;

pub use game::{
    Dealing, Game, HandRule, HighOrder, InvalidGame, LowRule, UnknownGame, Valuation, SHORT_DECK,
};
pub use parse::{caret_line, parse_card_list, the_place, CardError, CardErrorKind};
pub use select::{extract_bits, Pdep};

use std::fmt;

/// Rank characters, deuce first. Index = rank value used everywhere (0 = deuce, 12 = ace).
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];
/// Suit characters, in index order.
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];

/// One of the 52 cards. Invariant: the index is below 52.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    /// The card of a rank (0 = deuce … 12 = ace) and a suit (0 = c, 1 = d, 2 = h, 3 = s).
    ///
    /// # Panics
    /// If rank ≥ 13 or suit ≥ 4: callers hold ranks and suits from loops over known ranges.
    pub const fn new(rank: u8, suit: u8) -> Card {
        assert!(rank < 13 && suit < 4, "rank or suit out of range");
        Card(rank * 4 + suit)
    }

    /// The card with index `0..52`, or `None`.
    pub const fn from_index(index: u8) -> Option<Card> {
        if index < 52 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// Index in `0..52`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Index as a byte (lets table lookups of 256 entries skip bounds checks).
    #[inline(always)]
    pub const fn index_u8(self) -> u8 {
        self.0
    }

    /// Rank, 0 = deuce … 12 = ace.
    #[inline(always)]
    pub const fn rank(self) -> u8 {
        self.0 >> 2
    }

    /// Suit, 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades.
    #[inline(always)]
    pub const fn suit(self) -> u8 {
        self.0 & 3
    }

    /// All 52 cards in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_CHARS[self.rank() as usize],
            SUIT_CHARS[self.suit() as usize]
        )
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::str::FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        let cards = parse_card_list(s)?;
        match cards.as_slice() {
            [one] => Ok(*one),
            _ => Err(CardError {
                kind: CardErrorKind::NotOneCard,
                token: s.trim().to_string(),
                column: 1,
            }),
        }
    }
}

impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A set of distinct cards, one bit per card index. A set cannot hold a card twice
/// by construction; [`CardSet::parse`] reports a repeated card as an error.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1u64 << 52) - 1);

    /// A set from its raw 52-bit mask (higher bits are dropped).
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & Self::FULL.0)
    }

    /// The raw mask: bit `i` set when the card with index `i` is in the set.
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// A set of one card.
    #[inline(always)]
    pub const fn single(card: Card) -> CardSet {
        CardSet(1 << card.0)
    }

    /// Parses a list of distinct cards (`"As Kd"`, `"AsKd"`, `"As,Kd"`); a repeated
    /// card is an error naming it.
    pub fn parse(text: &str) -> Result<CardSet, CardError> {
        let cards = parse::parse_card_list_with_columns(text)?;
        let mut set = CardSet::EMPTY;
        for (card, column) in cards {
            if set.contains(card) {
                return Err(CardError {
                    kind: CardErrorKind::Duplicate,
                    token: card.to_string(),
                    column,
                });
            }
            set.insert(card);
        }
        Ok(set)
    }

    /// Builds a set from cards; `None` if a card repeats.
    pub fn from_cards(cards: &[Card]) -> Option<CardSet> {
        let mut set = CardSet::EMPTY;
        for &card in cards {
            if set.contains(card) {
                return None;
            }
            set.insert(card);
        }
        Some(set)
    }

    /// Whether the set holds `card`.
    #[inline(always)]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.0) != 0
    }

    /// Adds a card; returns false if it was already there.
    #[inline(always)]
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.0;
        !had
    }

    /// Takes `card` out of the set (nothing happens if it is not there).
    #[inline(always)]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    /// How many cards the set holds.
    #[inline(always)]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no card.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in either set.
    #[inline(always)]
    pub const fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    /// Whether the two sets share a card.
    #[inline(always)]
    pub const fn intersects(self, other: CardSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The cards of this set that are not in `other`.
    #[inline(always)]
    pub const fn difference(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The cards not in this set.
    #[inline(always)]
    pub const fn complement(self) -> CardSet {
        CardSet(!self.0 & Self::FULL.0)
    }

    /// Takes the `r`-th card of the set (lowest index first; `r` below [`CardSet::len`],
    /// checked in debug builds) out of it and returns it. The set is updated from the
    /// selected bit, not from the card's index, so the next selection need not wait
    /// for the index to be counted out.
    #[inline(always)]
    pub fn take_nth(&mut self, pdep: Pdep, r: u32) -> Card {
        let bit = pdep.nth_bit_mask(self.0, r);
        self.0 &= !bit;
        Card(bit.trailing_zeros() as u8)
    }

    /// The cards, lowest index first.
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }

    /// The cards, highest first (the canonical display order: `As Td 9h`).
    pub fn to_vec_desc(self) -> Vec<Card> {
        let mut cards: Vec<Card> = self.iter().collect();
        cards.reverse();
        cards
    }
}

impl fmt::Display for CardSet {
    /// Canonical text: highest card first, space separated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, card) in self.to_vec_desc().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{card}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// Iterator over a [`CardSet`], lowest index first.
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline(always)]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Card(index))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

/// Formats cards in the given order, space separated (`As Kd`).
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_indices_roundtrip() {
        for card in Card::all() {
            assert_eq!(Card::new(card.rank(), card.suit()), card);
            assert_eq!(card.to_string().parse::<Card>().unwrap(), card);
        }
        assert_eq!(Card::all().count(), 52);
    }

    #[test]
    fn set_operations() {
        let set = CardSet::parse("As Kd 2c").unwrap();
        assert_eq!(set.len(), 3);
        assert_eq!(set.to_string(), "As Kd 2c");
        assert!(set.contains("Kd".parse().unwrap()));
        assert!(!set.contains("Kh".parse().unwrap()));
        assert_eq!(set.complement().len(), 49);
        assert!(set.intersects(CardSet::parse("2c").unwrap()));
        assert_eq!(CardSet::FULL.iter().count(), 52);
    }
}
