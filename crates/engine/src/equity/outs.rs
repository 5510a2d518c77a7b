//! Outs and draws, one card ahead (flop or turn), as the classic hand-analysis library
//! defined them (reference §4; issue "What the classic programs offered").
//!
//! Every function here looks at each unseen card in turn:
//! - [`outs`] (plain outs): the card raises the hero's category, leaves the hero
//!   stronger than the board alone and, when opponents are listed, beats every one.
//! - [`discounted`]: Matt Baker's discounted outs (the rules on the function).
//! - [`outs_ex`]: the second rule (pair outs must pair a hole card).
//! - [`draw_count`], [`straight_draw_count`], [`flush_draw_count`]: cards that make
//!   exactly one category and beat the board.
//! - [`hand_distance`]: how far the hand is from the nuts on this board.
//!
//! "Stronger than the board" compares (category, top card): the top card is the rank
//! that names the hand (the pair of a pair, the higher pair of two pair, the top of a
//! straight, the highest card of a flush or of a high-card hand).

use super::{choose, EquityError};
use crate::cards::{Card, CardSet};
use crate::eval::{evaluate, HandCategory};
use crate::range::Combo;

/// A draw's cards and chances.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Draw {
    /// How many cards make it.
    pub outs: usize,
    /// Exact chance that at least one of the outs comes by the river.
    pub hit_by_river: f64,
    /// The rule of 4 and 2: 4% per out on the flop, 2% on the turn.
    pub rule_of_4_and_2: f64,
}

/// Outs that make one category.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct OutsGroup {
    /// The category the cards make.
    pub category: HandCategory,
    /// The cards.
    pub cards: Vec<Card>,
}

/// What the hero can hope for from the next card(s).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Outs {
    /// The game whose rules the outs follow.
    pub game: crate::cards::Game,
    /// The hero's hand, as text.
    pub hero: String,
    /// The board, as text.
    pub board: String,
    /// The hero's category now.
    pub category: HandCategory,
    /// Plain outs ([`plain_outs`]).
    pub outs: Vec<Card>,
    /// [`Outs::outs`] grouped by the category each card makes, weakest first.
    pub by_category: Vec<OutsGroup>,
    /// The chance of hitting a plain out.
    pub all: Draw,
    /// The classic library's Hold'em rules (discounted outs, the second rule, hand
    /// distance); `None` in the other games, whose hands those rules do not describe.
    pub classic: Option<ClassicOuts>,
    /// Four cards to a flush.
    pub flush_draw: bool,
    /// Three cards to a flush on the flop.
    pub backdoor_flush_draw: bool,
    /// An open-ended straight draw (eight outs).
    pub open_ended: bool,
    /// An inside straight draw (four outs).
    pub gutshot: bool,
    /// The cards that make a flush, and their chance.
    pub flush: Draw,
    /// The cards that make a straight, and their chance.
    pub straight: Draw,
    /// [`draw_count`] for every category, weakest first.
    pub draw_counts: [usize; 9],
    /// Cards still unseen (the deck the outs come from).
    pub unseen: usize,
    /// Cards to come by the river (2 on the flop, 1 on the turn).
    pub to_come: usize,
}

/// Outs by the classic hand-analysis library's Hold'em rules.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ClassicOuts {
    /// Outs discounted for what they also give the board ([`discounted()`]).
    pub discounted: Vec<Card>,
    /// Outs by the second rule ([`outs_ex()`]).
    pub outs_ex: Vec<Card>,
    /// The chance of hitting a discounted out.
    pub discounted_draw: Draw,
    /// The chance of hitting an out of the second rule.
    pub outs_ex_draw: Draw,
    /// How far the hand is from the nuts ([`hand_distance()`]).
    pub hand_distance: usize,
}

impl Outs {
    /// "Pair 6", "Flush 9": the non-zero draw counts, weakest hand first.
    pub fn draw_count_names(&self) -> Vec<String> {
        HandCategory::ALL
            .iter()
            .filter(|c| self.draw_counts[**c as usize] > 0)
            .map(|c| format!("{} {}", c.name(), self.draw_counts[*c as usize]))
            .collect()
    }
}

/// The chances of a draw with `outs` of `unseen` cards and `to_come` cards to come.
pub fn draw(outs: usize, unseen: usize, to_come: usize) -> Draw {
    let miss = choose(unseen.saturating_sub(outs) as u64, to_come as u64) as f64;
    let all = choose(unseen as u64, to_come as u64) as f64;
    Draw {
        outs,
        hit_by_river: if all > 0.0 { 1.0 - miss / all } else { 0.0 },
        rule_of_4_and_2: (outs as f64 * if to_come == 2 { 0.04 } else { 0.02 }).min(1.0),
    }
}

/// A hand's category and top card (see the module docs), for 1 to 7 cards. Below five
/// cards only pairs, trips and quads count (no straight or flush yet).
pub fn category_and_top(cards: &[Card]) -> (HandCategory, u8) {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for c in cards {
        counts[c.rank() as usize] += 1;
        suits[c.suit() as usize] |= 1 << c.rank();
    }
    let highest_with = |n: u8| (0..13u8).rev().find(|&r| counts[r as usize] >= n);
    let straight = |mask: u16| crate::eval::straight_top(mask);
    let flush_suit = suits.iter().copied().find(|m| m.count_ones() >= 5);
    let rank_mask = suits.iter().fold(0u16, |a, &m| a | m);
    if cards.len() >= 5 {
        let category = evaluate(cards).category();
        let top = match category {
            HandCategory::StraightFlush => flush_suit.and_then(straight).unwrap_or(0),
            HandCategory::Flush => 15 - flush_suit.unwrap_or(1).leading_zeros() as u8,
            HandCategory::Straight => straight(rank_mask).unwrap_or(0),
            HandCategory::FourOfAKind => highest_with(4).unwrap_or(0),
            HandCategory::FullHouse | HandCategory::ThreeOfAKind => highest_with(3).unwrap_or(0),
            HandCategory::TwoPair | HandCategory::Pair => highest_with(2).unwrap_or(0),
            HandCategory::HighCard => highest_with(1).unwrap_or(0),
        };
        return (category, top);
    }
    let pairs = counts.iter().filter(|&&n| n == 2).count();
    let category = match counts.iter().max().copied().unwrap_or(0) {
        4 => HandCategory::FourOfAKind,
        3 => HandCategory::ThreeOfAKind,
        2 if pairs >= 2 => HandCategory::TwoPair,
        2 => HandCategory::Pair,
        _ => HandCategory::HighCard,
    };
    let top = match category {
        HandCategory::FourOfAKind => highest_with(4),
        HandCategory::ThreeOfAKind => highest_with(3),
        HandCategory::TwoPair | HandCategory::Pair => highest_with(2),
        _ => highest_with(1),
    };
    (category, top.unwrap_or(0))
}

/// One outs question: the hero's hole cards, the board, and the unseen cards.
struct Spot {
    hole: [Card; 2],
    board: Vec<Card>,
    unseen: Vec<Card>,
}

/// How the hero stands with one more card.
struct Next {
    card: Card,
    /// Hero (hole + board + card): value, category, top card.
    value: crate::eval::HandValue,
    key: (HandCategory, u8),
    /// Board + card: category and top card, and value when it has five cards.
    board_key: (HandCategory, u8),
    board_value: Option<crate::eval::HandValue>,
}

impl Spot {
    fn new(hero: Combo, board: CardSet, dead: CardSet, opponents: &[Combo]) -> Spot {
        let (a, b) = hero.cards();
        let mut seen = board.union(dead).union(hero.card_set());
        for o in opponents {
            seen = seen.union(o.card_set());
        }
        Spot {
            hole: [a, b],
            board: board.to_vec_desc(),
            unseen: seen.complement().iter().collect(),
        }
    }

    fn now(&self) -> Vec<Card> {
        self.hole.iter().chain(&self.board).copied().collect()
    }

    fn value_now(&self) -> crate::eval::HandValue {
        evaluate(&self.now())
    }

    fn key_now(&self) -> (HandCategory, u8) {
        category_and_top(&self.now())
    }

    fn next(&self) -> impl Iterator<Item = Next> + '_ {
        let now = self.now();
        self.unseen.iter().map(move |&card| {
            let mut cards = now.clone();
            cards.push(card);
            let mut board = self.board.clone();
            board.push(card);
            Next {
                card,
                value: evaluate(&cards),
                key: category_and_top(&cards),
                board_key: category_and_top(&board),
                board_value: (board.len() >= 5).then(|| evaluate(&board)),
            }
        })
    }
}

impl Next {
    /// Stronger than the board with the same card: by (category, top card), the way
    /// the classic library compared them.
    fn stronger_than_board(&self) -> bool {
        self.key.0 > self.board_key.0
            || (self.key.0 == self.board_key.0 && self.key.1 > self.board_key.1)
    }

    /// Beats the board outright: the full value where the board has five cards.
    fn beats_board(&self) -> bool {
        match self.board_value {
            Some(board) => self.value > board,
            None => self.stronger_than_board(),
        }
    }

    /// Improved: a higher category, the same category with a higher top card, or a
    /// higher two pair.
    fn improved_on(&self, value: crate::eval::HandValue, key: (HandCategory, u8)) -> bool {
        self.key.0 > key.0
            || (self.key.0 == key.0 && self.key.1 > key.1)
            || (self.key.0 == key.0 && key.0 == HandCategory::TwoPair && self.value > value)
    }
}

pub(crate) fn check_flop_or_turn(board: CardSet) -> Result<(), EquityError> {
    if !(3..=4).contains(&board.len()) {
        return Err(EquityError::NotEnoughCards(format!(
            "outs: the board must be a flop or a turn (3 or 4 cards); it has {}",
            board.len()
        )));
    }
    Ok(())
}

fn check_cards(
    hero: Combo,
    board: CardSet,
    dead: CardSet,
    opponents: &[Combo],
) -> Result<(), EquityError> {
    check_flop_or_turn(board)?;
    let mut seen = board.union(dead);
    let mut check = |set: CardSet, who: String| -> Result<(), EquityError> {
        if let Some(card) = set.iter().find(|&c| seen.contains(c)) {
            return Err(EquityError::CardTwice {
                card,
                first: who,
                second: "board, dead cards or another hand".into(),
            });
        }
        seen = seen.union(set);
        Ok(())
    };
    check(hero.card_set(), "hero".into())?;
    for (i, o) in opponents.iter().enumerate() {
        check(o.card_set(), format!("opponent {}", i + 1))?;
    }
    Ok(())
}

/// Plain outs: cards that raise the hero's category, leave it stronger than the board
/// plus that card and beat every listed opponent.
pub fn plain_outs(hero: Combo, board: CardSet, dead: CardSet, opponents: &[Combo]) -> Vec<Card> {
    let spot = Spot::new(hero, board, dead, opponents);
    let category_now = spot.key_now().0;
    spot.next()
        .filter(|n| n.key.0 > category_now && n.stronger_than_board())
        .filter(|n| beats_all(&spot, n, opponents))
        .map(|n| n.card)
        .collect()
}

fn beats_all(spot: &Spot, next: &Next, opponents: &[Combo]) -> bool {
    opponents.iter().all(|o| {
        let (x, y) = o.cards();
        let mut theirs = spot.board.clone();
        theirs.extend([next.card, x, y]);
        next.value > evaluate(&theirs)
    })
}

/// Matt Baker's discounted outs.
///
/// With opponents: a card counts if the new hand beats every opponent strictly and the
/// hero's category or top card rose. Without: the card must improve the hand (see
/// `Next::improved_on`) and leave it stronger than the board plus that card; then it is
/// discounted when
/// - it makes a pair and is not an overcard to the whole board;
/// - it makes two pair without pairing a hole card of an unpaired pocket, or the board
///   is already paired (unless the hero already holds two pair);
/// - it makes less than a flush and the board already holds three of a suit, or the
///   card puts a third card of a suit on the board;
/// - it makes trips or less on a connected board: on the flop, two or more pairs of
///   adjacent ranks on the board; on the turn, a board that one card turns into four
///   in a row, three in a row with a one-gap card, or two + gap + two (the classic
///   library let the first such card it met discount every later one; we ask the
///   question once per board, so the answer does not depend on card order).
///
/// Flushes, full houses, quads and straight flushes are never discounted.
pub fn discounted(hero: Combo, board: CardSet, dead: CardSet, opponents: &[Combo]) -> Vec<Card> {
    let spot = Spot::new(hero, board, dead, opponents);
    let (value_now, key_now) = (spot.value_now(), spot.key_now());
    if !opponents.is_empty() {
        return spot
            .next()
            .filter(|n| {
                (n.key.0 > key_now.0 || (n.key.0 == key_now.0 && n.key.1 > key_now.1))
                    && beats_all(&spot, n, opponents)
            })
            .map(|n| n.card)
            .collect();
    }
    let board_key = category_and_top(&spot.board);
    let pocket_paired = spot.hole[0].rank() == spot.hole[1].rank();
    let board_suits = suit_counts(&spot.board);
    let suited_board = board_suits.iter().any(|&n| n >= 3);
    let connected_board = if spot.board.len() == 3 {
        adjacent_pairs(rank_mask(&spot.board)) >= 2
    } else {
        (0..13u8).any(|r| turn_connected(rank_mask(&spot.board) | 1 << r))
    };
    spot.next()
        .filter(|n| n.improved_on(value_now, key_now) && n.stronger_than_board())
        .filter(|n| {
            let suited = suited_board || board_suits[n.card.suit() as usize] >= 2;
            let below_straight = suited || connected_board;
            match n.key.0 {
                HandCategory::Pair => n.card.rank() > board_key.1 && !below_straight,
                HandCategory::TwoPair => {
                    let pairs_hole =
                        !pocket_paired && spot.hole.iter().any(|h| h.rank() == n.card.rank());
                    pairs_hole
                        && (board_key.0 != HandCategory::Pair || key_now.0 == HandCategory::TwoPair)
                        && !below_straight
                }
                HandCategory::ThreeOfAKind => !below_straight,
                HandCategory::Straight => !suited,
                HandCategory::HighCard => false,
                _ => true,
            }
        })
        .map(|n| n.card)
        .collect()
}

fn suit_counts(cards: &[Card]) -> [u8; 4] {
    let mut n = [0u8; 4];
    for c in cards {
        n[c.suit() as usize] += 1;
    }
    n
}

fn rank_mask(cards: &[Card]) -> u16 {
    cards.iter().fold(0, |m, c| m | 1 << c.rank())
}

/// Ranks with the ace also below the deuce: bit 0 is a low ace, bit r + 1 is rank r.
fn with_low_ace(mask: u16) -> u32 {
    ((mask as u32) << 1) | ((mask as u32 >> 12) & 1)
}

/// Pairs of adjacent ranks present (A-2 counts).
fn adjacent_pairs(mask: u16) -> u32 {
    let m = with_low_ace(mask);
    (m & (m >> 1)).count_ones()
}

/// Four in a row, three in a row with a one-gap card, or two + gap + two.
fn turn_connected(mask: u16) -> bool {
    let m = with_low_ace(mask);
    let shapes: [u32; 4] = [0b1111, 0b10111, 0b11101, 0b11011];
    (0..11).any(|low| shapes.iter().any(|&s| (m >> low) & s == s))
}

/// The second outs rule: the hand improves (see [`discounted`]) and is stronger than the
/// board plus the card, and the card makes more than two pair, or pairs a hole card of
/// an unpaired pocket.
pub fn outs_ex(hero: Combo, board: CardSet, dead: CardSet) -> Vec<Card> {
    let spot = Spot::new(hero, board, dead, &[]);
    let (value_now, key_now) = (spot.value_now(), spot.key_now());
    let pocket_paired = spot.hole[0].rank() == spot.hole[1].rank();
    spot.next()
        .filter(|n| n.improved_on(value_now, key_now) && n.stronger_than_board())
        .filter(|n| {
            n.key.0 > HandCategory::TwoPair
                || (!pocket_paired && spot.hole.iter().any(|h| h.rank() == n.card.rank()))
        })
        .map(|n| n.card)
        .collect()
}

/// Cards that raise the hero's category to exactly `category` and beat the board plus
/// that card.
pub fn draw_count(hero: Combo, board: CardSet, dead: CardSet, category: HandCategory) -> usize {
    draw_counts(hero, board, dead)[category as usize]
}

/// [`draw_count`] for every category at once (one look at each unseen card), weakest
/// first.
pub fn draw_counts(hero: Combo, board: CardSet, dead: CardSet) -> [usize; 9] {
    let spot = Spot::new(hero, board, dead, &[]);
    let now = spot.key_now().0;
    let mut counts = [0; 9];
    for n in spot.next().filter(|n| n.key.0 > now && n.beats_board()) {
        counts[n.key.0 as usize] += 1;
    }
    counts
}

/// Cards that make exactly a straight (not a flush or better) and beat the board.
pub fn straight_draw_count(hero: Combo, board: CardSet, dead: CardSet) -> usize {
    draw_count(hero, board, dead, HandCategory::Straight)
}

/// Cards that make exactly a flush (not a straight flush) and beat the board.
pub fn flush_draw_count(hero: Combo, board: CardSet, dead: CardSet) -> usize {
    draw_count(hero, board, dead, HandCategory::Flush)
}

/// How far the hand is from the nuts on this board: 0 for the best hand any pocket can
/// make, 1 for the next distinct value, and so on (no cards to come considered).
pub fn hand_distance(hero: Combo, board: CardSet) -> usize {
    let board_cards = board.to_vec_desc();
    let (a, b) = hero.cards();
    let mut mine = board_cards.clone();
    mine.extend([a, b]);
    let hero_value = evaluate(&mine);
    let mut better = std::collections::BTreeSet::new();
    let free: Vec<Card> = board.complement().iter().collect();
    for (i, &x) in free.iter().enumerate() {
        for &y in &free[i + 1..] {
            let mut cards = board_cards.clone();
            cards.extend([x, y]);
            let v = evaluate(&cards);
            if v > hero_value {
                better.insert(v);
            }
        }
    }
    better.len()
}

/// Ranks that would give a straight (with at least one hole card in it) that the
/// hero does not already have.
fn straight_ranks(hole: &[Card], board: &[Card]) -> Vec<u8> {
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let has_straight = |mask: u16| crate::eval::straight_top(mask);
    let mask = rank_mask(&all);
    let board_mask = rank_mask(board);
    if has_straight(mask).is_some() {
        return Vec::new();
    }
    (0..13u8)
        .filter(|&r| {
            let top = has_straight(mask | 1 << r);
            // The board alone plus this rank must not make the same straight.
            top.is_some() && has_straight(board_mask | 1 << r) != top
        })
        .collect()
}

/// Outs and draws for `hero` on a flop or turn `board`: every function above at once.
pub fn outs(
    hero: Combo,
    board: CardSet,
    dead: CardSet,
    opponents: &[Combo],
) -> Result<Outs, EquityError> {
    check_cards(hero, board, dead, opponents)?;
    let spot = Spot::new(hero, board, dead, opponents);
    let now = spot.now();
    let category = spot.key_now().0;
    let unseen = spot.unseen.len();
    let to_come = 5 - board.len();
    let outs = plain_outs(hero, board, dead, opponents);
    let discounted = discounted(hero, board, dead, opponents);
    // OutsEx and the draw counts know no opponents: their cards count as dead.
    let opponent_cards = opponents
        .iter()
        .fold(CardSet::EMPTY, |s, o| s.union(o.card_set()));
    let dead_all = dead.union(opponent_cards);
    let outs_ex = outs_ex(hero, board, dead_all);
    let mut by_category: Vec<OutsGroup> = Vec::new();
    for &card in &outs {
        let mut cards = now.clone();
        cards.push(card);
        let made = evaluate(&cards).category();
        match by_category.iter_mut().find(|g| g.category == made) {
            Some(group) => group.cards.push(card),
            None => by_category.push(OutsGroup {
                category: made,
                cards: vec![card],
            }),
        }
    }
    by_category.sort_by_key(|g| g.category);
    let draw_counts = draw_counts(hero, board, dead_all);
    let flush_count = draw_counts[HandCategory::Flush as usize];
    let straight_count = draw_counts[HandCategory::Straight as usize];
    let flush_now = category >= HandCategory::Flush;
    let suited_count = |s: u8| now.iter().filter(|c| c.suit() == s).count();
    let hole = spot.hole;
    let backdoor = board.len() == 3
        && !flush_now
        && (0..4u8).any(|s| suited_count(s) == 3 && hole.iter().any(|c| c.suit() == s));
    let ranks = straight_ranks(&hole, &spot.board);
    let (a, b) = hero.cards();
    Ok(Outs {
        game: crate::cards::Game::HOLDEM,
        hero: format!("{a} {b}"),
        board: board.to_string(),
        category,
        all: draw(outs.len(), unseen, to_come),
        classic: Some(ClassicOuts {
            discounted_draw: draw(discounted.len(), unseen, to_come),
            outs_ex_draw: draw(outs_ex.len(), unseen, to_come),
            discounted,
            outs_ex,
            hand_distance: hand_distance(hero, board),
        }),
        by_category,
        outs,
        flush_draw: flush_count > 0,
        backdoor_flush_draw: backdoor,
        open_ended: ranks.len() >= 2 && straight_count > 0,
        gutshot: ranks.len() == 1 && straight_count > 0,
        flush: draw(flush_count, unseen, to_come),
        straight: draw(straight_count, unseen, to_come),
        draw_counts,
        unseen,
        to_come,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn combo(t: &str) -> Combo {
        let c = crate::cards::parse_card_list(t).unwrap();
        Combo::new(c[0], c[1]).unwrap()
    }

    fn set(t: &str) -> CardSet {
        CardSet::parse(t).unwrap()
    }

    #[test]
    fn nut_flush_draw_with_overcards() {
        let o = outs(combo("Ah Kh"), set("7h 2h 9c"), CardSet::EMPTY, &[]).unwrap();
        assert!(o.flush_draw);
        assert_eq!(o.flush.outs, 9);
        // 9 hearts + 3 aces + 3 kings improve the category (high card → pair/flush).
        assert_eq!(o.all.outs, 15);
        assert!((o.flush.hit_by_river - (1.0 - (38.0 * 37.0) / (47.0 * 46.0))).abs() < 1e-12);
        assert!((o.flush.rule_of_4_and_2 - 0.36).abs() < 1e-12);
        assert!(!o.open_ended && !o.gutshot);
    }

    #[test]
    fn straight_draws() {
        let oesd = outs(combo("8c 9d"), set("Ts Jh 2c"), CardSet::EMPTY, &[]).unwrap();
        assert!(oesd.open_ended);
        assert_eq!(oesd.straight.outs, 8);
        let gut = outs(combo("8c 9d"), set("Js Qh 2c"), CardSet::EMPTY, &[]).unwrap();
        assert!(gut.gutshot);
        assert_eq!(gut.straight.outs, 4);
        assert!(!gut.backdoor_flush_draw);
        let backdoor = outs(combo("8c 9c"), set("Jc Qh 2d"), CardSet::EMPTY, &[]).unwrap();
        assert!(backdoor.backdoor_flush_draw);
    }

    #[test]
    fn outs_must_beat_listed_opponents() {
        // Against a set, the hero's pair outs do not count; the eight hearts win, but
        // not the 9h, which gives the set quads.
        let o = outs(
            combo("Ah Kh"),
            set("7h 2h 9c"),
            CardSet::EMPTY,
            &[combo("9s 9d")],
        )
        .unwrap();
        assert_eq!(o.all.outs, 8, "{:?}", o.outs);
        assert!(o.outs.iter().all(|c| c.suit() == 2));
    }

    fn cards(list: &[Card]) -> String {
        let mut v = list.to_vec();
        v.sort();
        crate::cards::format_cards(&v)
    }

    fn sorted(text: &str) -> String {
        let mut v = crate::cards::parse_card_list(text).unwrap();
        v.sort();
        crate::cards::format_cards(&v)
    }

    // Reference values of the classic library (issue "What the classic programs offered").
    #[test]
    fn classic_reference_open_ender_on_the_turn() {
        let (hero, board) = (combo("Qs Js"), set("9c Ts 7d 3c"));
        let o = outs(hero, board, CardSet::EMPTY, &[]).unwrap();
        assert_eq!(o.all.outs, 14);
        let classic = o.classic.unwrap();
        assert_eq!(cards(&classic.discounted), sorted("Ks 8s Kh 8h Kd 8d"));
        assert_eq!(classic.outs_ex.len(), 14);
        assert!(o.open_ended && !o.gutshot);
        assert_eq!(o.straight.outs, 8);
    }

    #[test]
    fn classic_reference_combo_draw_on_the_flop() {
        let (hero, board) = (combo("8d 7d"), set("9d 6c 2d"));
        let o = outs(hero, board, CardSet::EMPTY, &[]).unwrap();
        let discounted = &o.classic.as_ref().unwrap().discounted;
        assert_eq!(discounted.len(), 15, "{}", cards(discounted));
        assert_eq!(straight_draw_count(hero, board, CardSet::EMPTY), 6);
        assert_eq!(flush_draw_count(hero, board, CardSet::EMPTY), 9);
        assert_eq!(o.straight.outs, 6);
        assert_eq!(o.flush.outs, 9);
    }

    #[test]
    fn classic_reference_set_on_the_turn() {
        let (hero, board) = (combo("Kc Ks"), set("Kd Ac 2h 7s"));
        let d = discounted(hero, board, CardSet::EMPTY, &[]);
        // Full houses (the board pairs) and the last king are never discounted.
        assert_eq!(cards(&d), sorted("Ad Ah As 2c 2d 2s 7c 7d 7h Kh"));
        assert_eq!(outs_ex(hero, board, CardSet::EMPTY).len(), 10);
        assert_eq!(hand_distance(hero, board), 1);
    }

    #[test]
    fn discount_rules_one_by_one() {
        let none = CardSet::EMPTY;
        // Pair outs must be overcards to the board: A and K pair outs on a low board
        // count, on a Q-high board of 3 hearts... only as overcards.
        let d = discounted(combo("Ac Kd"), set("Qh 7s 2d"), none, &[]);
        assert!(d.iter().all(|c| c.rank() == 12 || c.rank() == 11));
        // 3 of 4 aces and kings, but the diamonds put a third... no: one diamond on the
        // board, so a diamond only makes two: all six count.
        assert_eq!(d.len(), 6, "{}", cards(&d));
        // A third card of a suit on the board discounts a pair out.
        let d = discounted(combo("Ac Kd"), set("Qh 7h 2d"), none, &[]);
        assert!(!d.iter().any(|c| c.suit() == 2), "{}", cards(&d));
        assert_eq!(d.len(), 4);
        // A board already three-suited discounts everything below a flush.
        let d = discounted(combo("Ac Kd"), set("Qh 7h 2h"), none, &[]);
        assert!(d.is_empty(), "{}", cards(&d));
        // A connected flop (two adjacent pairs) discounts pairs, two pair and trips.
        let d = discounted(combo("Ac Kd"), set("9s 8h 7d"), none, &[]);
        assert!(d.is_empty(), "{}", cards(&d));
        // Two pair must pair a hole card, and not on a paired board.
        let d = discounted(combo("Ac 5d"), set("5s 9h 2d"), none, &[]);
        assert!(d.iter().any(|c| c.rank() == 12), "{}", cards(&d));
        let d = discounted(combo("Ac 5d"), set("9s 9h 2d"), none, &[]);
        assert!(d.is_empty(), "{}", cards(&d));
        // Flushes are never discounted, even on a connected, suited board.
        let d = discounted(combo("Ah 3h"), set("9h 8h 7d"), none, &[]);
        assert_eq!(
            d.iter().filter(|c| c.suit() == 2).count(),
            9,
            "{}",
            cards(&d)
        );
    }

    #[test]
    fn discounted_against_opponents_must_win() {
        let o = [combo("9s 9d")];
        let d = discounted(combo("Ah Kh"), set("7h 2h 9c"), CardSet::EMPTY, &o);
        // The hearts left beat the set, but not the 9h (quads); pairing the board gives
        // the set a full house.
        assert!(d.iter().all(|c| c.suit() == 2));
        assert_eq!(cards(&d), sorted("3h 4h 5h 6h 8h Th Jh Qh"));
    }

    #[test]
    fn draw_counts_by_category() {
        let (hero, board) = (combo("Ah Kh"), set("7h 2h 9c"));
        assert_eq!(
            draw_count(hero, board, CardSet::EMPTY, HandCategory::Flush),
            9
        );
        assert_eq!(
            draw_count(hero, board, CardSet::EMPTY, HandCategory::Pair),
            6
        );
        assert_eq!(
            draw_count(hero, board, CardSet::EMPTY, HandCategory::Straight),
            0
        );
        // Dead cards are not drawn.
        assert_eq!(
            draw_count(hero, board, set("Qh Jh"), HandCategory::Flush),
            7
        );
        let o = outs(hero, board, CardSet::EMPTY, &[]).unwrap();
        assert_eq!(o.draw_counts[HandCategory::Flush as usize], 9);
        let groups: Vec<(HandCategory, usize)> = o
            .by_category
            .iter()
            .map(|g| (g.category, g.cards.len()))
            .collect();
        assert_eq!(
            groups,
            vec![(HandCategory::Pair, 6), (HandCategory::Flush, 9)]
        );
    }

    #[test]
    fn hand_distance_counts_better_values() {
        // The nut flush: no straight flush fits 2h 7h 9h with two hole cards.
        assert_eq!(hand_distance(combo("Ah Kh"), set("2h 7h 9h")), 0);
        // Q-J high loses to the 9 ace-high and 8 king-high flushes.
        assert_eq!(hand_distance(combo("Qh Jh"), set("2h 7h 9h")), 17);
        // Quads on a board of trips: the kicker decides.
        let board = set("Kh Kc Kd 2s");
        assert_eq!(hand_distance(combo("Ks Ad"), board), 0);
        assert_eq!(hand_distance(combo("Ks Qd"), board), 1);
        assert_eq!(hand_distance(combo("Ks Jd"), board), 2);
        // The top set on a dry rainbow board is the nuts.
        assert_eq!(hand_distance(combo("As Ad"), set("Ac 7h 2d")), 0);
        assert_eq!(hand_distance(combo("7s 7d"), set("Ac 7h 2d")), 1);
    }

    #[test]
    fn category_and_top_card() {
        let key = |t: &str| category_and_top(&crate::cards::parse_card_list(t).unwrap());
        assert_eq!(key("Kd Ac 2h 7s"), (HandCategory::HighCard, 12));
        assert_eq!(key("Kd Kc 2h 7s"), (HandCategory::Pair, 11));
        assert_eq!(key("Kd Kc 2h 2s 7s 7d"), (HandCategory::TwoPair, 11));
        assert_eq!(key("Ah 2c 3d 4s 5h"), (HandCategory::Straight, 3));
        assert_eq!(key("2h 7h 9h Jh 3h Ac"), (HandCategory::Flush, 9));
        assert_eq!(key("2h 2c 2d 9s 9h 9c"), (HandCategory::FullHouse, 7));
    }

    #[test]
    fn turn_uses_one_card() {
        let o = outs(combo("Ah Kh"), set("7h 2h 9c 3s"), CardSet::EMPTY, &[]).unwrap();
        assert_eq!(o.flush.outs, 9);
        assert!((o.flush.hit_by_river - 9.0 / 46.0).abs() < 1e-12);
        assert!(outs(combo("Ah Kh"), set("7h 2h"), CardSet::EMPTY, &[]).is_err());
    }
}
