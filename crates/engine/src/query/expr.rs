//! A query's expressions once resolved: numbers, operators, streets and the functions of
//! a deal ([`Func`]), with what each needs to be counted (how far it looks at the board)
//! and how a histogram names its values. Reading them is `functions`' work, valuing them
//! on a deal `deal`'s. Every value is a number; a condition is true when it is not 0.

use crate::equity::breakdown::{Draw, MadeHand, RollUp};
use std::sync::Arc;

/// A street: how many board cards it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Street {
    Flop = 3,
    Turn = 4,
    River = 5,
}

impl Street {
    /// A street by name.
    pub(super) fn named(name: &str) -> Option<Street> {
        match name.to_ascii_lowercase().as_str() {
            "flop" => Some(Street::Flop),
            "turn" => Some(Street::Turn),
            "river" => Some(Street::River),
            _ => None,
        }
    }
}

/// A function of a deal.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Func {
    /// The player's share of the pot at the river (1/k in a k-way tie; hi/lo halves).
    RiverEquity(usize),
    /// The player alone has the best high hand at the river.
    WinsHi(usize),
    /// The player shares the best high hand at the river.
    TiesHi(usize),
    /// The player alone has the best qualifying low at the river.
    WinsLo(usize),
    /// The player shares the best qualifying low at the river.
    TiesLo(usize),
    /// The player takes the whole pot at the river.
    Scoops(usize),
    /// The player's share over every runout after the street.
    Equity(usize, Street),
    /// The player's hand category at the street (0 high card … 8 straight flush).
    HandType(usize, Street),
    /// The category of the best high hand at the river.
    WinningHandType,
    /// The player's made hand on the flop, as the Range view names it (0 no made hand …
    /// 14 straight flush).
    FlopHandCategory(usize),
    /// The player is on a Range view line (made hand, draw or roll-up) at the street.
    HasLine(usize, Street, Line),
    /// Cards that, coming next, lift the player's hand type at the street to at least
    /// the given type (0 when it is there already).
    OutsToHandType(usize, Street, u8),
    /// No hand from the unseen cards beats the player's high hand at the street.
    NutHi(usize, Street),
    /// The player has a qualifying low at the street that no hand from the unseen cards
    /// beats.
    NutLo(usize, Street),
    /// The most cards of one suit on the board at the street.
    BoardSuitCount(Street),
    /// Three or more of a suit on the board.
    FlushingBoard(Street),
    /// Every board card of one suit.
    MonotoneBoard(Street),
    /// No two board cards of a suit.
    RainbowBoard(Street),
    /// Two board cards of a rank.
    PairedBoard(Street),
    /// Three board ranks within five in a row (a straight can use them).
    StraightBoard(Street),
    /// The turn card or the river card (a card's number, as `toCard` gives it).
    BoardCard(usize),
    /// The ranks on the board at the street, as a rank set.
    BoardRanks(Street),
    /// The ranks of the player's hole cards, as a rank set.
    HandRanks(usize),
    /// The highest rank of a set (2 … 14; 0 for none).
    MaxRank(Box<Expr>),
    /// The lowest rank of a set.
    MinRank(Box<Expr>),
    /// How many ranks a set holds.
    RankCount(Box<Expr>),
    /// The n-th highest rank of a set (1 the highest; 0 when it has fewer).
    NthRank(Box<Expr>, Box<Expr>),
    /// The player's hole cards hold a pair.
    PocketPair(usize),
    /// The player holds a pair above every board rank.
    Overpair(usize, Street),
    /// A hole card of the board's highest rank.
    HasTopBoardRank(usize, Street),
    /// A hole card of the board's second-highest rank.
    HasSecondBoardRank(usize, Street),
    /// The player's hand is one of a range's (its hands' card bits, sorted).
    InRange(usize, Arc<[u64]>),
}

impl Func {
    /// The street a function of one street reads (`handType(hero, turn)`: the turn).
    fn street(&self) -> Option<Street> {
        match self {
            Func::Equity(_, s)
            | Func::HandType(_, s)
            | Func::HasLine(_, s, _)
            | Func::OutsToHandType(_, s, _)
            | Func::NutHi(_, s)
            | Func::NutLo(_, s)
            | Func::BoardSuitCount(s)
            | Func::FlushingBoard(s)
            | Func::MonotoneBoard(s)
            | Func::RainbowBoard(s)
            | Func::PairedBoard(s)
            | Func::StraightBoard(s)
            | Func::BoardRanks(s)
            | Func::Overpair(_, s)
            | Func::HasTopBoardRank(_, s)
            | Func::HasSecondBoardRank(_, s) => Some(*s),
            _ => None,
        }
    }

    /// How many board cards it looks at (0 none … 5 the river).
    pub(super) fn board_cards_seen(&self) -> usize {
        if let Some(s) = self.street() {
            return s as usize;
        }
        match self {
            Func::RiverEquity(_)
            | Func::WinsHi(_)
            | Func::TiesHi(_)
            | Func::WinsLo(_)
            | Func::TiesLo(_)
            | Func::Scoops(_)
            | Func::WinningHandType => 5,
            Func::FlopHandCategory(_) => 3,
            Func::BoardCard(i) => i + 1,
            // The rank functions' arguments are visited on their own; the hole-card
            // functions see no board.
            _ => 0,
        }
    }

    /// Whether its value can change when the turn and river swap.
    pub(super) fn sees_the_turn_alone(&self) -> bool {
        matches!(self, Func::BoardCard(_)) || self.street() == Some(Street::Turn)
    }
}

/// A Range view line a hand can be on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Line {
    Made(MadeHand),
    Draw(Draw),
    RollUp(RollUp),
}

/// A flop category's number: stronger is larger.
pub(super) fn flop_category_value(made: MadeHand) -> f64 {
    (MadeHand::ALL.len() - 1 - made as usize) as f64
}

/// A name with its case and underscores dropped (`top_pair`, `topPair` → `toppair`).
pub(super) fn folded(name: &str) -> String {
    name.chars()
        .filter(|c| *c != '_')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// A rank's number as the language writes it: 2 … 10, J 11, Q 12, K 13, A 14.
pub(super) fn rank_number(rank: u8) -> f64 {
    f64::from(rank) + 2.0
}

/// An expression, resolved.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Expr {
    Number(f64),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Call(Func),
}

impl Expr {
    /// Visits every function of the expression, those inside calls' arguments too.
    pub(super) fn functions(&self, f: &mut impl FnMut(&Func)) {
        match self {
            Expr::Number(_) => {}
            Expr::Not(x) | Expr::Neg(x) => x.functions(f),
            Expr::Binary(_, a, b) => {
                a.functions(f);
                b.functions(f);
            }
            Expr::Call(func) => {
                f(func);
                match func {
                    Func::MaxRank(x) | Func::MinRank(x) | Func::RankCount(x) => x.functions(f),
                    Func::NthRank(n, x) => {
                        n.functions(f);
                        x.functions(f);
                    }
                    _ => {}
                }
            }
        }
    }

    /// How a histogram names the bucket at `value` of this expression: hand types,
    /// flop categories and ranks by name, other whole values as numbers, the rest as
    /// the tenth they fall in.
    pub(super) fn bucket_label(&self, value: f64) -> String {
        let index = |n: usize| (value >= 0.0 && value < n as f64).then_some(value as usize);
        let name = match self {
            Expr::Call(Func::HandType(..) | Func::WinningHandType) => {
                index(9).map(|i| crate::eval::HandCategory::ALL[i].name().to_string())
            }
            Expr::Call(Func::FlopHandCategory(_)) => index(MadeHand::ALL.len()).map(|i| {
                MadeHand::ALL[MadeHand::ALL.len() - 1 - i]
                    .name()
                    .to_string()
            }),
            Expr::Call(Func::MaxRank(_) | Func::MinRank(_) | Func::NthRank(..)) => index(15)
                .and_then(|i| i.checked_sub(2))
                .map(|r| crate::cards::RANK_CHARS[r].to_string()),
            _ => None,
        };
        match name {
            Some(n) if value.fract() == 0.0 => n,
            _ if value.fract() == 0.0 => format!("{value}"),
            _ => format!("[{:.1}, {:.1})", value - 0.05, value + 0.05),
        }
    }
}
