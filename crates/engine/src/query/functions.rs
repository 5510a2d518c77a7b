//! Reading a statement's expressions: names (players, streets, constants such as hand
//! types and flop categories) and the language's functions, each call read and
//! checked against its statement (players and streets by name, the game's rules, texts
//! such as `toRank('A')` read once). `minHandType`, `minHvhEquity` and the like are
//! written out as comparisons here, so a deal values one function per idea.

use super::expr::{flop_category_value, folded, rank_number, Expr, Func, Line, Street};
use super::syntax::Raw;
use super::QueryError;
use crate::cards::Game;
use crate::cards::{Card, CardSet};
use crate::equity::breakdown::{Draw, MadeHand, RollUp};
use std::sync::Arc;

/// The functions answered: how each is written and what it gives, as Help lists them
/// (a name alone stands for the functions of its line; names here are what "did you
/// mean" offers).
pub const FUNCTIONS: [(&str, &str); 40] = [
    ("riverEquity(p)", "p's share of the pot at the river (1/k in a k-way tie; hi/lo halves)"),
    ("fractionalRiverEquity(p)", "the same as riverEquity"),
    ("equity(p) / equity(p, street)", "riverEquity, or p's share over every runout after the street"),
    ("hvhEquity(p, street)", "the same as equity(p, street)"),
    ("minHvhEquity(p, street, x)", "equity(p, street) >= x"),
    ("minEquity(p, street, x)", "the same as minHvhEquity"),
    ("winsHi(p)", "p alone has the best high hand at the river"),
    ("tiesHi(p)", "p shares the best high hand at the river"),
    ("winsLo(p)", "p alone has the best qualifying low (hi/lo games)"),
    ("tiesLo(p)", "p shares the best qualifying low (hi/lo games)"),
    ("scoops(p)", "p takes the whole pot"),
    ("handType(p, street)", "p's hand category: highcard 0 … straightflush 8"),
    ("minHandType(p, street, type)", "handType(p, street) >= type"),
    ("winningHandType()", "the best high hand's category at the river"),
    ("flopHandCategory(p)", "p's made hand on the flop as the Range view names it: flopNoMadeHand 0 … flopStraightFlush 14"),
    ("minFlopHandCategory(p, category)", "flopHandCategory(p) >= category"),
    ("hasLine(p, street, line)", "p is on a Range view line or roll-up: topPair, set, flushDraw, nutFlushDraw, openEnded, gutshot, topPairOrBetter, anyDraw …"),
    ("outsToHandType(p, street, type)", "unseen cards that make p's hand that type or better on the next street (0 when it is already)"),
    ("nutHi(p, street)", "no hand of unseen cards beats p's high hand on that street"),
    ("nutLo(p, street)", "p has a qualifying low no hand of unseen cards beats (hi/lo games)"),
    ("boardSuitCount(street)", "the most board cards of one suit"),
    ("flushingBoard(street)", "three or more board cards of a suit"),
    ("monotoneBoard(street)", "every board card of one suit"),
    ("rainbowBoard(street)", "no two board cards of a suit"),
    ("pairedBoard(street)", "two board cards of a rank"),
    ("straightBoard(street)", "three board ranks within five in a row"),
    ("turnCard()", "the turn card (compare with toCard('As'))"),
    ("riverCard()", "the river card"),
    ("toCard('As')", "a card, to compare with turnCard() or riverCard()"),
    ("toRank('A')", "a rank's number: 2 … 10, J 11, Q 12, K 13, A 14"),
    ("boardRanks(street)", "the board's ranks, as a rank set"),
    ("handRanks(p)", "p's ranks, as a rank set"),
    ("maxRank(set)", "a rank set's highest rank (0 for none)"),
    ("minRank(set)", "a rank set's lowest rank"),
    ("rankCount(set)", "how many ranks a set holds"),
    ("nthRank(n, set)", "the n-th highest rank of a set (1 the highest)"),
    ("pocketPair(p)", "p's hole cards hold a pair"),
    ("overpair(p, street)", "p holds a pair above every board rank"),
    ("hasTopBoardRank(p, street)", "a hole card of the board's highest rank"),
    ("hasSecondBoardRank(p, street)", "a hole card of the board's second-highest rank"),
];

/// The functions' names, for "did you mean".
fn function_names() -> Vec<&'static str> {
    FUNCTIONS
        .iter()
        .map(|(form, _)| form.split('(').next().unwrap_or(form))
        .collect()
}

/// The flop categories' names (`flopHandCategory(hero) >= flopTopPair`) with PQL's
/// names for the same lines; each is worth `14 -` its place in [`MadeHand::ALL`].
pub(super) const FLOP_CATEGORY_ALIASES: [(&str, MadeHand); 9] = [
    ("flopquads", MadeHand::FourOfAKind),
    ("floppocket12", MadeHand::PocketPairBelowTop),
    ("flopsecondpair", MadeHand::MiddlePair),
    ("flopthirdpair", MadeHand::WeakPair),
    ("flopunderpair", MadeHand::WeakPair),
    ("floppocket23", MadeHand::WeakPair),
    ("flopnothing", MadeHand::NoMadeHand),
    ("floptoptwo", MadeHand::TwoPair),
    ("flopbottomtwo", MadeHand::TwoPair),
];

/// A Range view line by its name (`topPair`, `flush_draw`, `topPairOrBetter`).
fn line(name: &str) -> Option<Line> {
    let name = folded(name);
    MadeHand::ALL
        .into_iter()
        .find(|m| folded(m.key()) == name)
        .map(Line::Made)
        .or_else(|| {
            Draw::ALL
                .into_iter()
                .find(|d| folded(d.key()) == name)
                .map(Line::Draw)
        })
        .or_else(|| {
            RollUp::ALL
                .into_iter()
                .find(|r| folded(r.key()) == name)
                .map(Line::RollUp)
        })
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

/// What one call's arguments are read as.
struct Args<'s, 'a> {
    scope: &'s Scope<'a>,
    name: &'s str,
    column: usize,
    args: &'s [Raw],
}

impl Args<'_, '_> {
    fn arity(&self, n: usize, form: &str) -> Result<(), QueryError> {
        if self.args.len() == n {
            return Ok(());
        }
        let plural = if n == 1 { "" } else { "s" };
        Err(self.error(format!("{} takes {n} argument{plural}: {form}", self.name)))
    }

    fn error(&self, message: String) -> QueryError {
        QueryError::at(self.column, message)
    }

    fn player(&self, i: usize) -> Result<usize, QueryError> {
        match &self.args[i] {
            Raw::Name(n, c) => self.scope.player(n).ok_or_else(|| {
                QueryError::at(
                    *c,
                    format!("'{n}' is not a player of this statement (its bindings name them)"),
                )
            }),
            _ => Err(self.error(format!(
                "{}: argument {} is a player's name",
                self.name,
                i + 1
            ))),
        }
    }

    fn street(&self, i: usize) -> Result<Street, QueryError> {
        match &self.args[i] {
            Raw::Name(n, c) => Street::named(n).ok_or_else(|| {
                QueryError::at(
                    *c,
                    format!("'{n}' is not a street: use flop, turn or river"),
                )
            }),
            _ => Err(self.error(format!(
                "{}: argument {} is a street (flop, turn or river)",
                self.name,
                i + 1
            ))),
        }
    }

    fn value(&self, i: usize) -> Result<Expr, QueryError> {
        self.scope.resolve(&self.args[i])
    }

    /// A number known before any deal (a constant such as `flush`, or `0.5`).
    fn constant(&self, i: usize, what: &str) -> Result<f64, QueryError> {
        match self.value(i)? {
            Expr::Number(x) => Ok(x),
            _ => Err(self.error(format!("{}: argument {} is {what}", self.name, i + 1))),
        }
    }

    fn text(&self, i: usize) -> Result<(&str, usize), QueryError> {
        match &self.args[i] {
            Raw::Text(t, c) => Ok((t, *c)),
            _ => Err(self.error(format!(
                "{}: argument {} is a quoted text",
                self.name,
                i + 1
            ))),
        }
    }

    fn two_card_game(&self) -> Result<(), QueryError> {
        if self.scope.game.has_two_card_ranges() {
            Ok(())
        } else {
            Err(self.error(format!(
                "{} reads two-card hands (Hold'em, short deck), not {}",
                self.name, self.scope.game
            )))
        }
    }

    fn low_game(&self) -> Result<(), QueryError> {
        if self.scope.game.is_hi_lo() {
            Ok(())
        } else {
            Err(self.error(format!(
                "{}: {} has no low half (use a hi/lo game such as omaha-hilo)",
                self.name, self.scope.game
            )))
        }
    }
}

impl Scope<'_> {
    /// A function call read and checked.
    ///
    /// One function because it is the language's list of functions, each name with
    /// the kinds of its arguments.
    pub(super) fn function(
        &self,
        name: &str,
        column: usize,
        args: &[Raw],
    ) -> Result<Expr, QueryError> {
        let a = Args {
            scope: self,
            name,
            column,
            args,
        };
        let p_form = format!("{name}(player)");
        let s_form = format!("{name}(street)");
        let ps_form = format!("{name}(player, street)");
        let call = |f: Func| Ok(Expr::Call(f));
        let at_least = |f: Func, x: f64| {
            Ok(Expr::Binary(
                ">=",
                Box::new(Expr::Call(f)),
                Box::new(Expr::Number(x)),
            ))
        };
        match folded(name).as_str() {
            "riverequity" | "fractionalriverequity" => {
                a.arity(1, &p_form)?;
                call(Func::RiverEquity(a.player(0)?))
            }
            "equity" | "hvhequity" if args.len() == 1 => call(Func::RiverEquity(a.player(0)?)),
            "equity" | "hvhequity" => {
                a.arity(2, &ps_form)?;
                call(Func::Equity(a.player(0)?, a.street(1)?))
            }
            "minhvhequity" | "minequity" => {
                a.arity(3, &format!("{name}(player, street, share)"))?;
                let f = Func::Equity(a.player(0)?, a.street(1)?);
                at_least(f, a.constant(2, "a share such as 0.5")?)
            }
            "winshi" | "tieshi" | "winslo" | "tieslo" | "scoops" | "pocketpair"
            | "flophandcategory" | "handranks" => {
                a.arity(1, &p_form)?;
                let p = a.player(0)?;
                call(match folded(name).as_str() {
                    "winshi" => Func::WinsHi(p),
                    "tieshi" => Func::TiesHi(p),
                    "winslo" => {
                        a.low_game()?;
                        Func::WinsLo(p)
                    }
                    "tieslo" => {
                        a.low_game()?;
                        Func::TiesLo(p)
                    }
                    "scoops" => Func::Scoops(p),
                    "pocketpair" => Func::PocketPair(p),
                    "handranks" => Func::HandRanks(p),
                    _ => {
                        a.two_card_game()?;
                        Func::FlopHandCategory(p)
                    }
                })
            }
            "minflophandcategory" => {
                a.arity(2, &format!("{name}(player, category)"))?;
                a.two_card_game()?;
                let f = Func::FlopHandCategory(a.player(0)?);
                at_least(f, a.constant(1, "a flop category such as flopTopPair")?)
            }
            "handtype" | "overpair" | "hastopboardrank" | "hassecondboardrank" | "nuthi"
            | "nutlo" => {
                a.arity(2, &ps_form)?;
                let (p, s) = (a.player(0)?, a.street(1)?);
                call(match folded(name).as_str() {
                    "handtype" => Func::HandType(p, s),
                    "overpair" => Func::Overpair(p, s),
                    "hastopboardrank" => Func::HasTopBoardRank(p, s),
                    "hassecondboardrank" => Func::HasSecondBoardRank(p, s),
                    "nuthi" => Func::NutHi(p, s),
                    _ => {
                        a.low_game()?;
                        Func::NutLo(p, s)
                    }
                })
            }
            "minhandtype" => {
                a.arity(3, &format!("{name}(player, street, handtype)"))?;
                let f = Func::HandType(a.player(0)?, a.street(1)?);
                at_least(f, a.constant(2, "a hand type such as twopair")?)
            }
            "outstohandtype" => {
                a.arity(3, &format!("{name}(player, street, handtype)"))?;
                let (p, s) = (a.player(0)?, a.street(1)?);
                if s == Street::River {
                    return Err(a.error(format!("{name}: no card comes after the river")));
                }
                let t = a.constant(2, "a hand type such as flush")?;
                if !(0.0..=8.0).contains(&t) || t.fract() != 0.0 {
                    return Err(a.error(format!("{name}: {t} is not a hand type")));
                }
                call(Func::OutsToHandType(p, s, t as u8))
            }
            "hasline" => {
                a.arity(3, &format!("{name}(player, street, line)"))?;
                a.two_card_game()?;
                let (p, s) = (a.player(0)?, a.street(1)?);
                let Raw::Name(n, c) = &args[2] else {
                    return Err(a.error(format!("{name}: argument 3 is a line such as topPair")));
                };
                let l = line(n).ok_or_else(|| {
                    QueryError::at(*c, format!("'{n}' is not a Range view line (topPair, flushDraw, topPairOrBetter …; reference §7)"))
                })?;
                call(Func::HasLine(p, s, l))
            }
            "winninghandtype" | "turncard" | "rivercard" => {
                a.arity(0, &format!("{name}()"))?;
                call(match folded(name).as_str() {
                    "winninghandtype" => Func::WinningHandType,
                    "turncard" => Func::BoardCard(3),
                    _ => Func::BoardCard(4),
                })
            }
            "boardsuitcount" | "flushingboard" | "monotoneboard" | "rainbowboard"
            | "pairedboard" | "straightboard" | "boardranks" => {
                a.arity(1, &s_form)?;
                let s = a.street(0)?;
                call(match folded(name).as_str() {
                    "boardsuitcount" => Func::BoardSuitCount(s),
                    "flushingboard" => Func::FlushingBoard(s),
                    "monotoneboard" => Func::MonotoneBoard(s),
                    "rainbowboard" => Func::RainbowBoard(s),
                    "pairedboard" => Func::PairedBoard(s),
                    "boardranks" => Func::BoardRanks(s),
                    _ => Func::StraightBoard(s),
                })
            }
            "maxrank" | "minrank" | "rankcount" => {
                a.arity(1, &format!("{name}(ranks)"))?;
                let set = Box::new(a.value(0)?);
                call(match folded(name).as_str() {
                    "maxrank" => Func::MaxRank(set),
                    "minrank" => Func::MinRank(set),
                    _ => Func::RankCount(set),
                })
            }
            "nthrank" => {
                a.arity(2, &format!("{name}(n, ranks)"))?;
                call(Func::NthRank(Box::new(a.value(0)?), Box::new(a.value(1)?)))
            }
            "torank" => {
                a.arity(1, &format!("{name}('A')"))?;
                let (t, c) = a.text(0)?;
                let rank = crate::cards::RANK_CHARS
                    .iter()
                    .position(|r| t.trim().len() == 1 && t.trim().starts_with(*r))
                    .ok_or_else(|| {
                        QueryError::at(c, format!("'{t}' is not a rank (2 … 9, T, J, Q, K, A)"))
                    })?;
                Ok(Expr::Number(rank_number(rank as u8)))
            }
            "tocard" => {
                a.arity(1, &format!("{name}('As')"))?;
                let (t, c) = a.text(0)?;
                let card: Card = match CardSet::parse(t) {
                    Ok(set) if set.len() == 1 => set.iter().next().expect("one card"),
                    _ => {
                        return Err(QueryError::at(
                            c,
                            format!("'{t}' is not one card such as As"),
                        ))
                    }
                };
                Ok(Expr::Number(card.index() as f64))
            }
            "inrange" => {
                a.arity(2, &format!("{name}(player, 'range')"))?;
                let p = a.player(0)?;
                let (t, c) = a.text(1)?;
                let hands = super::pql_range::live_hands(t, self.game, CardSet::EMPTY, c, name)?;
                let bits: Arc<[u64]> = hands.iter().map(|(h, _)| h.bits()).collect();
                call(Func::InRange(p, bits))
            }
            _ => {
                let hint = match crate::names::closest(name, &function_names()) {
                    Some(f) => format!("did you mean '{f}'?"),
                    None => "reference §11 lists the functions answered".to_string(),
                };
                Err(a.error(format!("unknown function '{name}': {hint}")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Game;

    #[test]
    fn every_function_listed_is_answered() {
        let players = ["hero".to_string()];
        let scope = Scope {
            players: &players,
            game: Game::OMAHA_HILO,
        };
        for name in function_names() {
            // Called with a wrong argument, each is known (refused for its arguments).
            let e = scope
                .function(
                    name,
                    1,
                    &[
                        Raw::Number(1.0),
                        Raw::Number(2.0),
                        Raw::Number(3.0),
                        Raw::Number(4.0),
                    ],
                )
                .unwrap_err();
            assert!(
                !e.message.contains("unknown function"),
                "{name}: {}",
                e.message
            );
        }
        let e = scope.function("nuthigh", 1, &[]).unwrap_err();
        assert!(e.message.contains("did you mean 'nutHi'"), "{}", e.message);
    }
}
