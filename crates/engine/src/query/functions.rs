//! The language's functions: what each computes ([`Func`]) and how a call is read and
//! checked against its statement (players and streets by name, the game's rules, texts
//! such as `toRank('A')` read once). `minHandType`, `minHvhEquity` and the like are
//! written out as comparisons here, so a deal values one function per idea.

use super::expr::{Expr, Scope, Street};
use super::syntax::Raw;
use super::QueryError;
use crate::cards::{Card, CardSet};
use crate::equity::breakdown::{Draw, MadeHand, RollUp};
use std::sync::Arc;

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
    /// How many board cards it looks at (0 none … 5 the river).
    pub(super) fn board_cards_seen(&self) -> usize {
        match self {
            Func::RiverEquity(_)
            | Func::WinsHi(_)
            | Func::TiesHi(_)
            | Func::WinsLo(_)
            | Func::TiesLo(_)
            | Func::Scoops(_)
            | Func::WinningHandType => 5,
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
            | Func::HasSecondBoardRank(_, s) => *s as usize,
            Func::FlopHandCategory(_) => 3,
            Func::BoardCard(i) => i + 1,
            // Their arguments are visited on their own.
            Func::MaxRank(_) | Func::MinRank(_) | Func::RankCount(_) | Func::NthRank(..) => 0,
            Func::PocketPair(_) | Func::HandRanks(_) | Func::InRange(..) => 0,
        }
    }

    /// Whether its value can change when the turn and river swap.
    pub(super) fn sees_the_turn_alone(&self) -> bool {
        match self {
            Func::BoardCard(_) => true,
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
            | Func::HasSecondBoardRank(_, s) => *s == Street::Turn,
            _ => false,
        }
    }
}

/// A Range view line a hand can be on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Line {
    Made(MadeHand),
    Draw(Draw),
    RollUp(RollUp),
}

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

/// A rank's number as the language writes it: 2 … 10, J 11, Q 12, K 13, A 14.
pub(super) fn rank_number(rank: u8) -> f64 {
    f64::from(rank) + 2.0
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
