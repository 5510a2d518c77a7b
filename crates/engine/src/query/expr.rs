//! A query's expressions resolved against its statement (players, game) and valued on
//! one deal: numbers, constants (hand types, flop categories), streets, operators and
//! function calls (read in `functions`, valued in `deal`). Every value is a number; a
//! condition is true when it is not 0.

use super::deal::Deal;
use super::functions::{flop_category_value, folded, Func, FLOP_CATEGORY_ALIASES};
use super::syntax::Raw;
use super::QueryError;
use crate::cards::Game;
use crate::equity::breakdown::MadeHand;

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

/// An expression, resolved.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Expr {
    Number(f64),
    Not(Box<Expr>),
    Neg(Box<Expr>),
    Binary(&'static str, Box<Expr>, Box<Expr>),
    Call(Func),
}

/// The hand-type constants (`handType(hero, river) >= twopair`).
const HAND_TYPES: [(&str, f64); 13] = [
    ("highcard", 0.0),
    ("pair", 1.0),
    ("onepair", 1.0),
    ("twopair", 2.0),
    ("trips", 3.0),
    ("threeofakind", 3.0),
    ("straight", 4.0),
    ("flush", 5.0),
    ("fullhouse", 6.0),
    ("quads", 7.0),
    ("fourofakind", 7.0),
    ("straightflush", 8.0),
    ("nothing", 0.0),
];

/// A constant's value: a hand type, a flop category (`flopTopPair`, PQL's `flopSet`),
/// `true` or `false`.
fn constant(name: &str) -> Option<f64> {
    let name = folded(name);
    if let Some(&(_, v)) = HAND_TYPES.iter().find(|(n, _)| *n == name) {
        return Some(v);
    }
    if name == "true" || name == "false" {
        return Some(if name == "true" { 1.0 } else { 0.0 });
    }
    let category = name.strip_prefix("flop")?;
    MadeHand::ALL
        .into_iter()
        .find(|m| folded(m.key()) == category)
        .or_else(|| {
            FLOP_CATEGORY_ALIASES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, m)| *m)
        })
        .map(flop_category_value)
}

/// What names mean in a statement: its players, in binding order, and its game.
pub(super) struct Scope<'a> {
    pub(super) players: &'a [String],
    pub(super) game: Game,
}

impl Scope<'_> {
    /// Resolves `raw`.
    pub(super) fn resolve(&self, raw: &Raw) -> Result<Expr, QueryError> {
        Ok(match raw {
            Raw::Number(x) => Expr::Number(*x),
            Raw::Unary("not", x) => Expr::Not(Box::new(self.resolve(x)?)),
            Raw::Unary(_, x) => Expr::Neg(Box::new(self.resolve(x)?)),
            Raw::Binary(op, a, b) => {
                Expr::Binary(op, Box::new(self.resolve(a)?), Box::new(self.resolve(b)?))
            }
            Raw::Text(t, column) => {
                return Err(QueryError::at(
                    *column,
                    format!("'{t}' is a text: give it to toRank, toCard or inRange"),
                ))
            }
            Raw::Name(name, column) => {
                if let Some(v) = constant(name) {
                    Expr::Number(v)
                } else if self.player(name).is_some() || Street::named(name).is_some() {
                    return Err(QueryError::at(
                        *column,
                        format!("'{name}' is not a value here: give it to a function, as in riverEquity(hero) or pairedBoard(flop)"),
                    ));
                } else {
                    return Err(QueryError::at(
                        *column,
                        format!("unknown name '{name}': not a player of this statement, a street, a hand type or a flop category"),
                    ));
                }
            }
            Raw::Call(name, column, args) => self.function(name, *column, args)?,
        })
    }

    /// A player's place in the bindings, by name (any case).
    pub(super) fn player(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
    }
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

    /// The value on `deal`.
    pub(super) fn value(&self, deal: &mut Deal<'_>) -> f64 {
        let truth = |b: bool| if b { 1.0 } else { 0.0 };
        match self {
            Expr::Number(x) => *x,
            Expr::Not(x) => truth(x.value(deal) == 0.0),
            Expr::Neg(x) => -x.value(deal),
            Expr::Binary(op, a, b) => {
                let x = a.value(deal);
                // `and` and `or` look at their right side only when it decides.
                match *op {
                    "and" => return truth(x != 0.0 && b.value(deal) != 0.0),
                    "or" => return truth(x != 0.0 || b.value(deal) != 0.0),
                    _ => {}
                }
                let y = b.value(deal);
                match *op {
                    "=" => truth(x == y),
                    "!=" => truth(x != y),
                    "<" => truth(x < y),
                    "<=" => truth(x <= y),
                    ">" => truth(x > y),
                    ">=" => truth(x >= y),
                    "+" => x + y,
                    "-" => x - y,
                    "*" => x * y,
                    // x/0 is 0 rather than a NaN in an average.
                    _ => {
                        if y == 0.0 {
                            0.0
                        } else {
                            x / y
                        }
                    }
                }
            }
            Expr::Call(func) => deal.call(func),
        }
    }
}
