//! A query's expressions resolved against its players and valued on one deal: the
//! functions (equity, hand types, board texture, rank helpers), the hand-type constants
//! and the streets. Every value is a number; a condition is true when it is not 0.

use super::syntax::Raw;
use super::QueryError;
use crate::cards::{Card, CardSet, Game};
use crate::eval::{game_value, GameValue};

/// A street: how many board cards it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Street {
    Flop = 3,
    Turn = 4,
    River = 5,
}

/// A function of a deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Func {
    /// The player's share of the pot at the river (1/k in a k-way tie; hi/lo halves).
    RiverEquity(usize),
    /// The player alone has the best high hand at the river.
    WinsHi(usize),
    /// The player shares the best high hand at the river.
    TiesHi(usize),
    /// The player takes the whole pot at the river.
    Scoops(usize),
    /// The player's share over every runout after the street.
    Equity(usize, Street),
    /// The player's hand category at the street (0 high card … 8 straight flush).
    HandType(usize, Street),
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
    /// The player's hole cards hold a pair.
    PocketPair(usize),
    /// The player holds a pair above every board rank.
    Overpair(usize, Street),
    /// A hole card of the board's highest rank.
    HasTopBoardRank(usize, Street),
    /// A hole card of the board's second-highest rank.
    HasSecondBoardRank(usize, Street),
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

/// The functions answered, as the reference writes them (for "did you mean").
const FUNCTIONS: [&str; 17] = [
    "riverEquity",
    "fractionalRiverEquity",
    "equity",
    "winsHi",
    "tiesHi",
    "scoops",
    "handType",
    "boardSuitCount",
    "flushingBoard",
    "monotoneBoard",
    "rainbowBoard",
    "pairedBoard",
    "straightBoard",
    "pocketPair",
    "overpair",
    "hasTopBoardRank",
    "hasSecondBoardRank",
];

/// The hand-type constants (`handType(hero, river) >= twopair`).
const HAND_TYPES: [(&str, f64); 11] = [
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
    ("straightflush", 8.0),
];

/// What names mean in a statement: its players, in binding order.
pub(super) struct Scope<'a> {
    pub(super) players: &'a [String],
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
            Raw::Name(name, column) => {
                let lower = name.to_ascii_lowercase();
                if let Some(&(_, v)) = HAND_TYPES.iter().find(|(n, _)| *n == lower) {
                    Expr::Number(v)
                } else if lower == "true" || lower == "false" {
                    Expr::Number(if lower == "true" { 1.0 } else { 0.0 })
                } else if self.player(name).is_some() || street(name).is_some() {
                    return Err(QueryError::at(
                        *column,
                        format!("'{name}' is not a value here: give it to a function, as in riverEquity(hero) or pairedBoard(flop)"),
                    ));
                } else {
                    return Err(QueryError::at(
                        *column,
                        format!("unknown name '{name}': not a player of this statement, a street or a hand type"),
                    ));
                }
            }
            Raw::Call(name, column, args) => Expr::Call(self.function(name, *column, args)?),
        })
    }

    fn player(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.eq_ignore_ascii_case(name))
    }

    /// A function call with its arguments checked: players and streets by name.
    ///
    /// One function because it is the language's list of functions, each name with
    /// the kinds of its arguments.
    fn function(&self, name: &str, column: usize, args: &[Raw]) -> Result<Func, QueryError> {
        let lower = name.to_ascii_lowercase();
        let arity = |n: usize, form: &str| -> Result<(), QueryError> {
            if args.len() == n {
                Ok(())
            } else {
                Err(QueryError::at(
                    column,
                    format!(
                        "{name} takes {n} argument{}: {form}",
                        if n == 1 { "" } else { "s" }
                    ),
                ))
            }
        };
        let player = |i: usize| -> Result<usize, QueryError> {
            match &args[i] {
                Raw::Name(n, c) => self.player(n).ok_or_else(|| {
                    QueryError::at(
                        *c,
                        format!("'{n}' is not a player of this statement (its bindings name them)"),
                    )
                }),
                _ => Err(QueryError::at(
                    column,
                    format!("{name}: argument {} is a player's name", i + 1),
                )),
            }
        };
        let street_at = |i: usize| -> Result<Street, QueryError> {
            match &args[i] {
                Raw::Name(n, c) => street(n).ok_or_else(|| {
                    QueryError::at(
                        *c,
                        format!("'{n}' is not a street: use flop, turn or river"),
                    )
                }),
                _ => Err(QueryError::at(
                    column,
                    format!(
                        "{name}: argument {} is a street (flop, turn or river)",
                        i + 1
                    ),
                )),
            }
        };
        let p_form = format!("{name}(player)");
        let s_form = format!("{name}(street)");
        let ps_form = format!("{name}(player, street)");
        Ok(match lower.as_str() {
            "riverequity" | "fractionalriverequity" => {
                arity(1, &p_form)?;
                Func::RiverEquity(player(0)?)
            }
            "winshi" => {
                arity(1, &p_form)?;
                Func::WinsHi(player(0)?)
            }
            "tieshi" => {
                arity(1, &p_form)?;
                Func::TiesHi(player(0)?)
            }
            "scoops" => {
                arity(1, &p_form)?;
                Func::Scoops(player(0)?)
            }
            "pocketpair" => {
                arity(1, &p_form)?;
                Func::PocketPair(player(0)?)
            }
            "equity" => {
                arity(2, &ps_form)?;
                Func::Equity(player(0)?, street_at(1)?)
            }
            "handtype" => {
                arity(2, &ps_form)?;
                Func::HandType(player(0)?, street_at(1)?)
            }
            "overpair" => {
                arity(2, &ps_form)?;
                Func::Overpair(player(0)?, street_at(1)?)
            }
            "hastopboardrank" => {
                arity(2, &ps_form)?;
                Func::HasTopBoardRank(player(0)?, street_at(1)?)
            }
            "hassecondboardrank" => {
                arity(2, &ps_form)?;
                Func::HasSecondBoardRank(player(0)?, street_at(1)?)
            }
            "boardsuitcount" | "flushingboard" | "monotoneboard" | "rainbowboard"
            | "pairedboard" | "straightboard" => {
                arity(1, &s_form)?;
                let s = street_at(0)?;
                match lower.as_str() {
                    "boardsuitcount" => Func::BoardSuitCount(s),
                    "flushingboard" => Func::FlushingBoard(s),
                    "monotoneboard" => Func::MonotoneBoard(s),
                    "rainbowboard" => Func::RainbowBoard(s),
                    "pairedboard" => Func::PairedBoard(s),
                    _ => Func::StraightBoard(s),
                }
            }
            _ => {
                let hint = match crate::names::closest(name, &FUNCTIONS) {
                    Some(f) => format!("did you mean '{f}'?"),
                    None => "reference §11 lists the functions answered".to_string(),
                };
                return Err(QueryError::at(
                    column,
                    format!("unknown function '{name}': {hint}"),
                ));
            }
        })
    }
}

/// A street by name.
fn street(name: &str) -> Option<Street> {
    match name.to_ascii_lowercase().as_str() {
        "flop" => Some(Street::Flop),
        "turn" => Some(Street::Turn),
        "river" => Some(Street::River),
        _ => None,
    }
}

impl Expr {
    /// Visits every function of the expression.
    pub(super) fn functions(&self, f: &mut impl FnMut(Func)) {
        match self {
            Expr::Number(_) => {}
            Expr::Not(x) | Expr::Neg(x) => x.functions(f),
            Expr::Binary(_, a, b) => {
                a.functions(f);
                b.functions(f);
            }
            Expr::Call(func) => f(*func),
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
            Expr::Call(func) => deal.call(*func),
        }
    }
}

/// One deal: every player's hand and the five board cards in the order they come, with
/// the river's values kept once computed.
pub(super) struct Deal<'a> {
    pub(super) game: Game,
    pub(super) hands: &'a [CardSet],
    pub(super) board: [Card; 5],
    /// Cards out of play (dead cards), for the runouts of `equity` at a street.
    pub(super) dead: CardSet,
    river: Option<Vec<GameValue>>,
}

impl<'a> Deal<'a> {
    pub(super) fn new(
        game: Game,
        hands: &'a [CardSet],
        board: [Card; 5],
        dead: CardSet,
    ) -> Deal<'a> {
        Deal {
            game,
            hands,
            board,
            dead,
            river: None,
        }
    }

    fn value_of(&self, player: usize, board: &[Card]) -> GameValue {
        game_value(self.game, &self.hole(player), board)
    }

    /// A player's hole cards, as the evaluator takes them.
    fn hole(&self, player: usize) -> Vec<Card> {
        self.hands[player].iter().collect()
    }

    fn river_values(&mut self) -> &[GameValue] {
        if self.river.is_none() {
            let board = self.board;
            self.river = Some(
                (0..self.hands.len())
                    .map(|p| self.value_of(p, &board))
                    .collect(),
            );
        }
        self.river.as_deref().expect("just set")
    }

    fn call(&mut self, func: Func) -> f64 {
        let truth = |b: bool| if b { 1.0 } else { 0.0 };
        let game = self.game;
        match func {
            Func::RiverEquity(p) => shares(self.river_values(), game.is_hi_lo())[p],
            Func::Scoops(p) => truth(shares(self.river_values(), game.is_hi_lo())[p] == 1.0),
            Func::WinsHi(p) | Func::TiesHi(p) => {
                let values = self.river_values();
                let best = values.iter().map(|v| v.value).max().unwrap_or(0);
                let at_best = values.iter().filter(|v| v.value == best).count();
                let top = values[p].value == best;
                truth(top && (at_best == 1) == matches!(func, Func::WinsHi(_)))
            }
            Func::Equity(p, Street::River) => shares(self.river_values(), game.is_hi_lo())[p],
            Func::Equity(p, street) => self.equity_at(p, street as usize),
            Func::HandType(p, street) => {
                f64::from(self.value_of(p, &self.board[..street as usize]).category as u8)
            }
            Func::BoardSuitCount(s) => f64::from(
                suit_counts(&self.board[..s as usize])
                    .into_iter()
                    .max()
                    .unwrap_or(0),
            ),
            Func::FlushingBoard(s) => truth(
                suit_counts(&self.board[..s as usize])
                    .into_iter()
                    .max()
                    .unwrap_or(0)
                    >= 3,
            ),
            Func::MonotoneBoard(s) => truth(
                suit_counts(&self.board[..s as usize])
                    .into_iter()
                    .max()
                    .unwrap_or(0)
                    == s as u8,
            ),
            Func::RainbowBoard(s) => truth(
                suit_counts(&self.board[..s as usize])
                    .into_iter()
                    .all(|n| n <= 1),
            ),
            Func::PairedBoard(s) => {
                let ranks = rank_counts(&self.board[..s as usize]);
                truth(ranks.iter().any(|&n| n >= 2))
            }
            Func::StraightBoard(s) => truth(straight_board(&self.board[..s as usize])),
            Func::PocketPair(p) => {
                let ranks = rank_counts(&self.hole(p));
                truth(ranks.iter().any(|&n| n >= 2))
            }
            Func::Overpair(p, s) => {
                let top = self.board[..s as usize]
                    .iter()
                    .map(|c| c.rank())
                    .max()
                    .unwrap_or(0);
                let hole = self.hole(p);
                let ranks = rank_counts(&hole);
                truth((0..13u8).any(|r| ranks[r as usize] >= 2 && r > top))
            }
            Func::HasTopBoardRank(p, s) | Func::HasSecondBoardRank(p, s) => {
                let mut ranks: Vec<u8> =
                    self.board[..s as usize].iter().map(|c| c.rank()).collect();
                ranks.sort_unstable_by(|a, b| b.cmp(a));
                ranks.dedup();
                let k = usize::from(matches!(func, Func::HasSecondBoardRank(..)));
                let Some(&rank) = ranks.get(k) else {
                    return 0.0;
                };
                truth(self.hands[p].iter().any(|c| c.rank() == rank))
            }
        }
    }

    /// The player's mean share over every way the board can finish after `shown` cards.
    fn equity_at(&self, player: usize, shown: usize) -> f64 {
        let mut used = self.dead;
        for h in self.hands {
            used = used.union(*h);
        }
        for &c in &self.board[..shown] {
            used.insert(c);
        }
        let live: Vec<Card> = self.game.deck().difference(used).iter().collect();
        let mut board = [self.board[0]; 5];
        board[..shown].copy_from_slice(&self.board[..shown]);
        let (mut sum, mut runouts) = (0.0, 0u64);
        // Each runout values every hand: their cards are listed once, not per runout.
        let holes: Vec<Vec<Card>> = (0..self.hands.len()).map(|p| self.hole(p)).collect();
        let mut visit = |board: &[Card; 5]| {
            let values: Vec<GameValue> = holes
                .iter()
                .map(|hole| game_value(self.game, hole, board))
                .collect();
            sum += shares(&values, self.game.is_hi_lo())[player];
            runouts += 1;
        };
        if shown == 4 {
            for &r in &live {
                board[4] = r;
                visit(&board);
            }
        } else {
            for (i, &t) in live.iter().enumerate() {
                for &r in &live[i + 1..] {
                    board[3] = t;
                    board[4] = r;
                    visit(&board);
                }
            }
        }
        if runouts == 0 {
            0.0
        } else {
            sum / runouts as f64
        }
    }
}

/// Each player's share of the pot: the best high value splits the pot (or its high half
/// when someone has a qualifying low, whose best splits the other half).
pub(super) fn shares(values: &[GameValue], hi_lo: bool) -> Vec<f64> {
    let mut out = vec![0.0; values.len()];
    let best = values.iter().map(|v| v.value).max().unwrap_or(0);
    let best_low = values.iter().map(|v| v.low).max().unwrap_or(0);
    let high_part = if hi_lo && best_low > 0 { 0.5 } else { 1.0 };
    let winners = values.iter().filter(|v| v.value == best).count() as f64;
    for (o, v) in out.iter_mut().zip(values) {
        if v.value == best {
            *o += high_part / winners;
        }
    }
    if high_part < 1.0 {
        let low_winners = values.iter().filter(|v| v.low == best_low).count() as f64;
        for (o, v) in out.iter_mut().zip(values) {
            if v.low == best_low {
                *o += 0.5 / low_winners;
            }
        }
    }
    out
}

fn suit_counts(cards: &[Card]) -> [u8; 4] {
    let mut n = [0u8; 4];
    for c in cards {
        n[c.suit() as usize] += 1;
    }
    n
}

fn rank_counts(cards: &[Card]) -> [u8; 13] {
    let mut n = [0u8; 13];
    for c in cards {
        n[c.rank() as usize] += 1;
    }
    n
}

/// Three distinct board ranks inside one five-rank window (the ace also low).
fn straight_board(cards: &[Card]) -> bool {
    let mut mask: u16 = 0;
    for c in cards {
        mask |= 1 << (c.rank() + 1);
        if c.rank() == 12 {
            mask |= 1;
        }
    }
    (0..=9).any(|low| (mask >> low & 0b11111).count_ones() >= 3)
}
