//! What a range holds on a board (reference §7): every combo gets one made hand and any
//! number of draws; a breakdown counts each line's combos, weight and share of the
//! range's weight.
//!
//! The rules read the combo's two cards against the board's ranks and suits; the five
//! strongest made hands are the evaluator's categories, counted only when the hole cards
//! play (the best hand with them beats the board's own five, which matters on the river).

use crate::cards::{Card, CardSet};
use crate::eval::{straight_top, Hand, HandCategory};
use crate::range::{Combo, HandRange};
use serde::Serialize;

/// A combo's made hand on a board: the first rule that applies, strongest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MadeHand {
    /// Five in a row of one suit, the hole cards playing.
    StraightFlush,
    /// Four of a rank, the hole cards playing.
    FourOfAKind,
    /// Three of a rank and two of another, the hole cards playing.
    FullHouse,
    /// Five of a suit, the hole cards playing.
    Flush,
    /// Five ranks in a row, the hole cards playing.
    Straight,
    /// A pocket pair with a card of its rank on the board.
    Set,
    /// One hole card whose rank the board holds twice.
    Trips,
    /// Two hole cards of different ranks, each pairing a different board rank.
    TwoPair,
    /// A pocket pair above every board rank.
    Overpair,
    /// A hole card pairs the highest board rank.
    TopPair,
    /// A pocket pair below the highest board rank and above the second-highest one.
    PocketPairBelowTop,
    /// A hole card pairs the second-highest board rank.
    MiddlePair,
    /// A hole card pairs a lower board rank, or a pocket pair below the second-highest
    /// board rank.
    WeakPair,
    /// None of the above, with an ace.
    AceHigh,
    /// None of the above.
    NoMadeHand,
}

impl MadeHand {
    /// Every made hand, strongest first.
    pub const ALL: [MadeHand; 15] = [
        MadeHand::StraightFlush,
        MadeHand::FourOfAKind,
        MadeHand::FullHouse,
        MadeHand::Flush,
        MadeHand::Straight,
        MadeHand::Set,
        MadeHand::Trips,
        MadeHand::TwoPair,
        MadeHand::Overpair,
        MadeHand::TopPair,
        MadeHand::PocketPairBelowTop,
        MadeHand::MiddlePair,
        MadeHand::WeakPair,
        MadeHand::AceHigh,
        MadeHand::NoMadeHand,
    ];

    /// The JSON and CSV key (`pocket_pair_below_top`).
    pub fn key(self) -> &'static str {
        [
            "straight_flush",
            "four_of_a_kind",
            "full_house",
            "flush",
            "straight",
            "set",
            "trips",
            "two_pair",
            "overpair",
            "top_pair",
            "pocket_pair_below_top",
            "middle_pair",
            "weak_pair",
            "ace_high",
            "no_made_hand",
        ][self as usize]
    }

    /// The name on screen ("Pocket pair below top").
    pub fn name(self) -> &'static str {
        [
            "Straight flush",
            "Four of a kind",
            "Full house",
            "Flush",
            "Straight",
            "Set",
            "Trips",
            "Two pair",
            "Overpair",
            "Top pair",
            "Pocket pair below top",
            "Middle pair",
            "Weak pair",
            "Ace high",
            "No made hand",
        ][self as usize]
    }

    /// What it means, for hover text and Help (the first rule that applies, strongest
    /// first, decides a combo's made hand).
    pub fn definition(self) -> &'static str {
        [
            "five in a row of one suit, the hole cards playing",
            "four of a rank, the hole cards playing",
            "three of a rank and two of another, the hole cards playing",
            "five of a suit, the hole cards playing",
            "five ranks in a row, the hole cards playing",
            "a pocket pair with a card of its rank on the board",
            "one hole card whose rank the board holds twice",
            "two hole cards of different ranks, each pairing a different board rank",
            "a pocket pair above every board rank",
            "a hole card pairs the highest board rank",
            "a pocket pair below the highest board rank and above the second-highest",
            "a hole card pairs the second-highest board rank",
            "a hole card pairs a lower board rank, or a pocket pair below the second-highest board rank",
            "none of the above, holding an ace",
            "none of the above",
        ][self as usize]
    }
}

/// A draw a combo has on a flop or turn (several may apply).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Draw {
    /// Four cards of a suit with at least one hole card, no flush made.
    FlushDraw,
    /// A flush draw holding the highest card of its suit not on the board.
    NutFlushDraw,
    /// On the flop, three cards of a suit with at least one hole card, no flush draw.
    BackdoorFlushDraw,
    /// Two or more ranks complete a straight the board alone would not (double gutshots
    /// included).
    OpenEnded,
    /// One rank completes a straight the board alone would not.
    Gutshot,
    /// A flush draw and a straight draw together.
    ComboDraw,
    /// On the flop or turn, ace high or no made hand with both hole cards above every
    /// board rank.
    Overcards,
}

impl Draw {
    /// Every draw, in report order.
    pub const ALL: [Draw; 7] = [
        Draw::FlushDraw,
        Draw::NutFlushDraw,
        Draw::BackdoorFlushDraw,
        Draw::OpenEnded,
        Draw::Gutshot,
        Draw::ComboDraw,
        Draw::Overcards,
    ];

    /// The JSON and CSV key (`nut_flush_draw`).
    pub fn key(self) -> &'static str {
        [
            "flush_draw",
            "nut_flush_draw",
            "backdoor_flush_draw",
            "open_ended",
            "gutshot",
            "combo_draw",
            "overcards",
        ][self as usize]
    }

    /// The name on screen.
    pub fn name(self) -> &'static str {
        [
            "Flush draw",
            "Nut flush draw",
            "Backdoor flush draw",
            "Open-ended",
            "Gutshot",
            "Combo draw",
            "Overcards",
        ][self as usize]
    }

    /// What it means, for hover text and Help (a draw counts across all made hands).
    pub fn definition(self) -> &'static str {
        [
            "no flush made; hand and board hold exactly four of a suit, one or two of them hole cards",
            "a flush draw holding the highest card of its suit not on the board",
            "on the flop, no flush draw: exactly three of a suit with at least one hole card",
            "no straight made; two or more ranks would make one the board alone would not (double gutshots count)",
            "no straight made; exactly one rank would make one the board alone would not",
            "a flush draw and a straight draw together",
            "on the flop or turn, ace high or no made hand with both hole cards above every board rank",
        ][self as usize]
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The draws of one combo, as a small set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Draws(u8);

impl Draws {
    /// Whether the set holds `draw`.
    pub fn has(self, draw: Draw) -> bool {
        self.0 & draw.bit() != 0
    }

    fn insert(&mut self, draw: Draw) {
        self.0 |= draw.bit();
    }

    /// The draws held, in report order.
    pub fn iter(self) -> impl Iterator<Item = Draw> {
        Draw::ALL.into_iter().filter(move |d| self.has(*d))
    }
}

/// What one combo has on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComboClass {
    /// Its made hand.
    pub made: MadeHand,
    /// Its draws (none on the river).
    pub draws: Draws,
}

/// Ranks of a set of cards as a 13-bit mask (bit r for rank r, 0 = deuce).
fn rank_mask(cards: impl Iterator<Item = Card>) -> u16 {
    cards.fold(0, |m, c| m | 1 << c.rank())
}

/// The made hand and draws of `combo` on `board` (3 to 5 cards, none of them the
/// combo's). The board's distinct ranks, highest first, decide the pair lines.
///
/// One function because the lines are one list in priority order (the first made hand that
/// fits wins), read top to bottom as the reference writes them.
pub fn classify(combo: Combo, board: CardSet) -> ComboClass {
    let (a, b) = combo.cards();
    let board_cards: Vec<Card> = board.iter().collect();
    let mut ranks: Vec<u8> = board_cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|x, y| y.cmp(x));
    ranks.dedup();
    let board_count = |r: u8| board_cards.iter().filter(|c| c.rank() == r).count();
    let (top, second) = (ranks[0], ranks.get(1).copied());
    let all = Hand::from_cards(&board_cards).add(a).add(b);
    let value = all.evaluate();
    // The hole cards play when the hand beats the board's own five (on the flop and
    // turn the board has none).
    let plays = board_cards.len() < 5 || value > Hand::from_cards(&board_cards).evaluate();
    let category = value.category();
    let pocket = a.rank() == b.rank();
    let made = if plays && category >= HandCategory::Straight {
        match category {
            HandCategory::StraightFlush => MadeHand::StraightFlush,
            HandCategory::FourOfAKind => MadeHand::FourOfAKind,
            HandCategory::FullHouse => MadeHand::FullHouse,
            HandCategory::Flush => MadeHand::Flush,
            _ => MadeHand::Straight,
        }
    } else if pocket && board_count(a.rank()) > 0 {
        MadeHand::Set
    } else if !pocket && (board_count(a.rank()) == 2 || board_count(b.rank()) == 2) {
        MadeHand::Trips
    } else if !pocket && board_count(a.rank()) > 0 && board_count(b.rank()) > 0 {
        MadeHand::TwoPair
    } else if pocket && a.rank() > top {
        MadeHand::Overpair
    } else if a.rank() == top || b.rank() == top {
        MadeHand::TopPair
    } else if pocket && second.is_none_or(|s| a.rank() > s) {
        MadeHand::PocketPairBelowTop
    } else if second.is_some_and(|s| a.rank() == s || b.rank() == s) {
        MadeHand::MiddlePair
    } else if pocket || board_count(a.rank()) > 0 || board_count(b.rank()) > 0 {
        MadeHand::WeakPair
    } else if a.rank() == 12 || b.rank() == 12 {
        MadeHand::AceHigh
    } else {
        MadeHand::NoMadeHand
    };
    let mut draws = Draws::default();
    if board_cards.len() < 5 {
        let made_flush = matches!(made, MadeHand::Flush | MadeHand::StraightFlush);
        let made_straight = matches!(made, MadeHand::Straight | MadeHand::StraightFlush);
        for suit in 0..4u8 {
            let held = [a, b].iter().filter(|c| c.suit() == suit).count();
            let total = held + board_cards.iter().filter(|c| c.suit() == suit).count();
            if made_flush || held == 0 {
                continue;
            }
            if total == 4 {
                draws.insert(Draw::FlushDraw);
                // The highest card of the suit not on the board.
                let nut = (0..13u8)
                    .rev()
                    .map(|r| Card::new(r, suit))
                    .find(|c| !board.contains(*c));
                if nut.is_some_and(|n| n == a || n == b) {
                    draws.insert(Draw::NutFlushDraw);
                }
            }
        }
        if board_cards.len() == 3 && !draws.has(Draw::FlushDraw) && !made_flush {
            let backdoor = (0..4u8).any(|suit| {
                let held = [a, b].iter().filter(|c| c.suit() == suit).count();
                held > 0 && held + board_cards.iter().filter(|c| c.suit() == suit).count() == 3
            });
            if backdoor {
                draws.insert(Draw::BackdoorFlushDraw);
            }
        }
        if !made_straight {
            let with_hand = rank_mask(board_cards.iter().copied().chain([a, b]));
            let board_only = rank_mask(board_cards.iter().copied());
            let completing = (0..13u8)
                .filter(|&r| {
                    straight_top(with_hand | 1 << r).is_some()
                        && straight_top(board_only | 1 << r).is_none()
                })
                .count();
            match completing {
                0 => {}
                1 => draws.insert(Draw::Gutshot),
                _ => draws.insert(Draw::OpenEnded),
            }
        }
        if draws.has(Draw::FlushDraw) && (draws.has(Draw::OpenEnded) || draws.has(Draw::Gutshot)) {
            draws.insert(Draw::ComboDraw);
        }
    }
    // Overcards draw to a pair: on the river nothing is left to come.
    if board_cards.len() < 5
        && matches!(made, MadeHand::AceHigh | MadeHand::NoMadeHand)
        && a.rank() > top
        && b.rank() > top
    {
        draws.insert(Draw::Overcards);
    }
    ComboClass { made, draws }
}

/// One line of a breakdown: how many of the range's combos it holds, their weight, and
/// that weight's share of the range's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Line {
    /// Combos on the line.
    pub combos: usize,
    /// The sum of their weights.
    pub weight: f64,
    /// Their weight over the range's (0 to 1).
    pub share: f64,
}

/// What a range holds on a board: a line per made hand and per draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// The range's combos left (board, dead and known cards removed).
    pub combos: usize,
    /// Their total weight.
    pub weight: f64,
    /// Per made hand, in [`MadeHand::ALL`] order.
    pub made: Vec<(MadeHand, Line)>,
    /// Per draw, in [`Draw::ALL`] order.
    pub draws: Vec<(Draw, Line)>,
    /// Per roll-up, in [`RollUp::ALL`] order.
    pub rollups: Vec<(RollUp, Line)>,
    /// Every combo left, with its weight and class.
    pub by_combo: Vec<(Combo, f64, ComboClass)>,
}

/// The breakdown of `range` on `board` (3 to 5 cards), the combos touching `blocked`
/// (board, dead cards, other seats' known hands) removed. `None` when the board does not
/// have 3 to 5 cards.
pub fn breakdown(range: &HandRange, board: CardSet, blocked: CardSet) -> Option<Breakdown> {
    if !(3..=5).contains(&board.len()) {
        return None;
    }
    let blocked = blocked.union(board);
    let by_combo: Vec<(Combo, f64, ComboClass)> = range
        .iter()
        .filter(|(c, _)| !c.card_set().intersects(blocked))
        .map(|(c, w)| (c, w as f64, classify(c, board)))
        .collect();
    let weight: f64 = by_combo.iter().map(|(_, w, _)| w).sum();
    let mut b = Breakdown {
        combos: by_combo.len(),
        weight,
        made: Vec::new(),
        draws: Vec::new(),
        rollups: Vec::new(),
        by_combo,
    };
    b.made = MadeHand::ALL
        .iter()
        .map(|&m| (m, b.line_where(|k| k.made == m)))
        .collect();
    b.draws = Draw::ALL
        .iter()
        .map(|&d| (d, b.line_where(|k| k.draws.has(d))))
        .collect();
    b.rollups = RollUp::ALL
        .iter()
        .map(|&r| (r, b.line_where(|k| r.holds(k))))
        .collect();
    Some(b)
}

impl Breakdown {
    /// The combos whose class `keep` accepts: how many, their weight, their share of the
    /// range's (a selection of lines, a roll-up).
    pub fn line_where(&self, keep: impl Fn(&ComboClass) -> bool) -> Line {
        let (combos, w) = self
            .by_combo
            .iter()
            .filter(|(_, _, k)| keep(k))
            .fold((0, 0.0), |(n, s), (_, w, _)| (n + 1, s + w));
        Line {
            combos,
            weight: w,
            share: if self.weight > 0.0 {
                w / self.weight
            } else {
                0.0
            },
        }
    }
}

/// A cumulative line (Flopzilla's roll-ups): several made hands or draws together.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RollUp {
    /// A set, trips or any stronger made hand.
    ThreeOfAKindOrBetter,
    /// Two pair or any stronger made hand (set and trips included).
    TwoPairOrBetter,
    /// Top pair, an overpair or any stronger made hand.
    TopPairOrBetter,
    /// Any pair (weak pairs included) or any stronger made hand.
    AnyPairOrBetter,
    /// A made flush or better, or a flush draw.
    FlushDrawOrBetter,
    /// A flush draw, an open-ended straight draw or a gutshot (backdoor draws and
    /// overcards left out).
    AnyDraw,
    /// A pair or better, or any draw: everything but air.
    PairOrDraw,
}

impl RollUp {
    /// Every roll-up, in report order.
    pub const ALL: [RollUp; 7] = [
        RollUp::ThreeOfAKindOrBetter,
        RollUp::TwoPairOrBetter,
        RollUp::TopPairOrBetter,
        RollUp::AnyPairOrBetter,
        RollUp::FlushDrawOrBetter,
        RollUp::AnyDraw,
        RollUp::PairOrDraw,
    ];

    /// The JSON and CSV key.
    pub fn key(self) -> &'static str {
        [
            "three_of_a_kind_or_better",
            "two_pair_or_better",
            "top_pair_or_better",
            "any_pair_or_better",
            "flush_draw_or_better",
            "any_draw",
            "pair_or_draw",
        ][self as usize]
    }

    /// The name on screen.
    pub fn name(self) -> &'static str {
        [
            "Set or trips or better",
            "Two pair or better",
            "Top pair or better",
            "Any pair or better",
            "Flush draw or better",
            "Any draw",
            "Pair or better, or a draw",
        ][self as usize]
    }

    /// What it counts, for hover text and Help.
    pub fn definition(self) -> &'static str {
        [
            "a set, trips, or any stronger made hand (straight, flush, full house, quads, straight flush)",
            "two pair, or any stronger made hand (set and trips included)",
            "top pair, an overpair, or any stronger made hand",
            "any pair (a pocket pair or a hole card pairing the board) or any stronger made hand",
            "a made flush or better, or a flush draw",
            "a flush draw, an open-ended straight draw or a gutshot (not backdoor draws or overcards)",
            "any pair or better, or any draw: everything but air",
        ][self as usize]
    }

    /// Whether a combo of this class is on the line.
    pub fn holds(self, class: &ComboClass) -> bool {
        let at_least = |m: MadeHand| class.made <= m;
        let draw = class.draws.has(Draw::FlushDraw)
            || class.draws.has(Draw::OpenEnded)
            || class.draws.has(Draw::Gutshot);
        match self {
            RollUp::ThreeOfAKindOrBetter => at_least(MadeHand::Trips),
            RollUp::TwoPairOrBetter => at_least(MadeHand::TwoPair),
            RollUp::TopPairOrBetter => at_least(MadeHand::TopPair),
            RollUp::AnyPairOrBetter => at_least(MadeHand::WeakPair),
            RollUp::FlushDrawOrBetter => {
                at_least(MadeHand::Flush) || class.draws.has(Draw::FlushDraw)
            }
            RollUp::AnyDraw => draw,
            RollUp::PairOrDraw => at_least(MadeHand::WeakPair) || draw,
        }
    }

    /// Whether the roll-up is about draws (it joins draw lines in a selection).
    pub fn is_draw(self) -> bool {
        matches!(
            self,
            RollUp::FlushDrawOrBetter | RollUp::AnyDraw | RollUp::PairOrDraw
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(hand: &str, board: &str) -> ComboClass {
        let cards: Vec<Card> = CardSet::parse(hand).unwrap().iter().collect();
        classify(
            Combo::new(cards[0], cards[1]).unwrap(),
            CardSet::parse(board).unwrap(),
        )
    }

    fn made(hand: &str, board: &str) -> MadeHand {
        class(hand, board).made
    }

    fn draws(hand: &str, board: &str) -> Vec<Draw> {
        class(hand, board).draws.iter().collect()
    }

    /// Every roll-up against a plain count of its definition's lines over all of
    /// `random`, on four boards from the flop to the river.
    #[test]
    fn rollups_equal_a_plain_count() {
        for board in ["Kd 7c 2s", "9s 8s 7d", "Qc Qd 5h 5s", "Ah Kh 4h 2c 9d"] {
            let board = CardSet::parse(board).unwrap();
            let b = breakdown(&HandRange::random(), board, CardSet::EMPTY).unwrap();
            let count = |keep: &dyn Fn(&ComboClass) -> bool| {
                Combo::all()
                    .filter(|c| !c.card_set().intersects(board))
                    .filter(|c| keep(&classify(*c, board)))
                    .count()
            };
            let made_upto = |last: MadeHand| {
                let upto: Vec<MadeHand> = MadeHand::ALL
                    .into_iter()
                    .take_while(|&m| m != last)
                    .chain([last])
                    .collect();
                move |k: &ComboClass| upto.contains(&k.made)
            };
            let any_draw = |k: &ComboClass| {
                [Draw::FlushDraw, Draw::OpenEnded, Draw::Gutshot]
                    .iter()
                    .any(|&d| k.draws.has(d))
            };
            for (r, line) in &b.rollups {
                let plain = match r {
                    RollUp::ThreeOfAKindOrBetter => count(&made_upto(MadeHand::Trips)),
                    RollUp::TwoPairOrBetter => count(&made_upto(MadeHand::TwoPair)),
                    RollUp::TopPairOrBetter => count(&made_upto(MadeHand::TopPair)),
                    RollUp::AnyPairOrBetter => count(&made_upto(MadeHand::WeakPair)),
                    RollUp::FlushDrawOrBetter => {
                        count(&|k| made_upto(MadeHand::Flush)(k) || k.draws.has(Draw::FlushDraw))
                    }
                    RollUp::AnyDraw => count(&any_draw),
                    RollUp::PairOrDraw => {
                        count(&|k| made_upto(MadeHand::WeakPair)(k) || any_draw(k))
                    }
                };
                assert_eq!(line.combos, plain, "{r:?}");
                assert!((line.weight - plain as f64).abs() < 1e-9);
                assert!((line.share - plain as f64 / b.combos as f64).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn made_hands_on_hand_made_boards() {
        let b = "Kd 7c 2s";
        assert_eq!(made("Kh Ks", b), MadeHand::Set);
        assert_eq!(made("Kh 7h", b), MadeHand::TwoPair);
        assert_eq!(made("7h 2h", b), MadeHand::TwoPair);
        assert_eq!(made("Ah Ac", b), MadeHand::Overpair);
        assert_eq!(made("Ah Kh", b), MadeHand::TopPair);
        assert_eq!(made("9h 9c", b), MadeHand::PocketPairBelowTop);
        assert_eq!(made("7h 8h", b), MadeHand::MiddlePair);
        assert_eq!(made("2h Ah", b), MadeHand::WeakPair);
        assert_eq!(made("5h 5c", b), MadeHand::WeakPair);
        assert_eq!(made("Ah Qh", b), MadeHand::AceHigh);
        assert_eq!(made("Qh Jh", b), MadeHand::NoMadeHand);
        // A paired board: one hole card of the pair's rank is trips; a pocket pair
        // between the ranks is below top.
        assert_eq!(made("Ah 7h", "7c 7d Kh"), MadeHand::Trips);
        assert_eq!(made("Ah Kc", "7c 7d Kh"), MadeHand::TopPair);
        assert_eq!(made("9h 9c", "7c 7d Kh"), MadeHand::PocketPairBelowTop);
        assert_eq!(made("Kc 7h", "7c 7d Kh"), MadeHand::FullHouse);
        // Trips on the board: a pocket pair makes a full house, a hole card of its rank
        // quads, anything else plays no part beyond high card.
        assert_eq!(made("5h 5c", "9c 9d 9h"), MadeHand::FullHouse);
        assert_eq!(made("9s 2c", "9c 9d 9h"), MadeHand::FourOfAKind);
        assert_eq!(made("Ah 2c", "9c 9d 9h"), MadeHand::AceHigh);
    }

    #[test]
    fn the_hole_cards_must_play_on_the_river() {
        // A straight on the board: a hand that does not improve it has no straight.
        let board = "5c 6d 7h 8s 9c";
        assert_eq!(made("2c 3d", board), MadeHand::NoMadeHand);
        assert_eq!(made("Tc 2d", board), MadeHand::Straight);
        assert_eq!(made("Ah 9h", board), MadeHand::TopPair);
        // A flush on the board: a flush card below its five does not play, a higher one
        // does.
        let flush = "4h 5h 8h Jh Kh";
        assert_eq!(made("3h 2c", flush), MadeHand::NoMadeHand);
        assert_eq!(made("Ah 4c", flush), MadeHand::Flush);
        // No draws on the river.
        assert!(draws("Ah 4c", flush).is_empty());
    }

    #[test]
    fn draws_on_the_flop_and_turn() {
        // Two hearts on a two-heart flop, both straight ways: flush draw (nut: the ace),
        // open-ended, so a combo draw.
        assert_eq!(
            draws("Ah 5h", "3h 4c Jh"),
            [
                Draw::FlushDraw,
                Draw::NutFlushDraw,
                Draw::Gutshot,
                Draw::ComboDraw
            ]
        );
        assert_eq!(
            draws("6h 5h", "3h 4c Jh"),
            [Draw::FlushDraw, Draw::OpenEnded, Draw::ComboDraw]
        );
        // A backdoor flush draw on the flop only.
        assert_eq!(draws("Ah 2c", "3h 9h Kc"), [Draw::BackdoorFlushDraw]);
        assert!(draws("Ah 2c", "3h 9h Kc 7s").is_empty());
        // A four-flush board: one card of the suit is a flush, not a draw.
        assert_eq!(made("2h 3c", "4h 9h Jh Kh"), MadeHand::Flush);
        assert!(!draws("2h 3c", "4h 9h Jh Kh").contains(&Draw::FlushDraw));
        // A-2-3-4-5: a wheel draw with A and 2 on 3-4-K.
        assert_eq!(draws("Ac 2d", "3h 4s Kc"), [Draw::Gutshot]);
        assert_eq!(draws("5c 2d", "3h 4s Kc"), [Draw::OpenEnded]);
        // A double gutshot counts as open-ended (a 5 or a 9 to T-8-7-6-4); one rank is a
        // gutshot; two missing ranks are no draw.
        assert_eq!(draws("Tc 6d", "8h 4s 7c 2c"), [Draw::OpenEnded]);
        assert_eq!(draws("Tc 6d", "8h 4s 2c 9d"), [Draw::Gutshot]);
        assert!(draws("9c 5d", "7h 3s Kc 2c").is_empty());
        // Overcards.
        assert_eq!(draws("Ac Qd", "Th 4s 2d"), [Draw::Overcards]);
        assert!(!draws("Ac Qd", "Kh 4s 2d").contains(&Draw::Overcards));
        // On the river no draw is left, overcards included.
        assert_eq!(draws("Ac Qd", "Th 4s 2d 3c 7h"), []);
    }

    #[test]
    fn a_breakdown_counts_lines_and_shares() {
        let board = CardSet::parse("Kd 7c 2s").unwrap();
        let range = HandRange::parse("KK, 77, AK:0.5").unwrap();
        let b = breakdown(&range, board, CardSet::EMPTY).unwrap();
        // KK: 3 combos, 77: 3, AK: 12 of the 16 (the Kd is on the board).
        assert_eq!(b.combos, 18);
        assert!((b.weight - 12.0).abs() < 1e-12);
        let line = |m| b.made.iter().find(|(x, _)| *x == m).unwrap().1;
        assert_eq!(line(MadeHand::Set).combos, 6);
        assert!((line(MadeHand::Set).share - 0.5).abs() < 1e-12);
        assert_eq!(line(MadeHand::TopPair).combos, 12);
        assert!((line(MadeHand::TopPair).weight - 6.0).abs() < 1e-12);
        let total: f64 = b.made.iter().map(|(_, l)| l.share).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(breakdown(&range, CardSet::parse("Kd 7c").unwrap(), CardSet::EMPTY).is_none());
    }
}
