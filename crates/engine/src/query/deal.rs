//! One deal valued: each function of the language computed from the players' hands, the
//! board in the order it comes and the dead cards. The river's values are kept once
//! computed; figures that look past a street (a street's equity, the nuts, outs) are
//! kept per street in a [`StreetCache`] that an exact count shares across the runouts
//! of one flop or turn.

use super::expr::{flop_category_value, rank_number, Expr, Func, Line, Street};
use crate::cards::{Card, CardSet, Game};
use crate::equity::breakdown::classify;
use crate::eval::{game_value, GameValue, Hand};
use crate::range::{for_each_subset, Combo};
use std::collections::HashMap;

/// Street figures by function, by the hands dealt and by the board cards they saw: an
/// exact count meets the same flop or turn with the same hands many times in a row, a
/// drawn one whenever the players hold single hands.
#[derive(Debug, Default)]
pub(super) struct StreetCache {
    /// (which function, the board's card bits) → its value.
    values: HashMap<(CacheKey, u64), f64>,
    /// The hands the values were computed for.
    hands: Vec<CardSet>,
    /// The statement they belong to (its game and dead cards).
    statement: u64,
}

/// A street figure: its kind, player, street and hand type.
type CacheKey = (u8, usize, u8, u8);

/// The most values a cache keeps before it starts again (a few hundred kilobytes).
const CACHE_SIZE: usize = 8192;

impl StreetCache {
    /// Starts again unless the values are `statement`'s.
    pub(super) fn keep_for(&mut self, statement: u64) {
        if self.statement != statement {
            self.statement = statement;
            self.hands.clear();
            self.values.clear();
        }
    }

    /// The value of `key` for `hands` on the board `seen`, if kept.
    fn lookup(&mut self, key: CacheKey, hands: &[CardSet], seen: CardSet) -> Option<f64> {
        if self.hands != hands {
            self.hands = hands.to_vec();
            self.values.clear();
            return None;
        }
        self.values.get(&(key, seen.bits())).copied()
    }

    /// Keeps `value` as `key`'s on `seen`.
    fn store(&mut self, key: CacheKey, seen: CardSet, value: f64) {
        if self.values.len() >= CACHE_SIZE {
            self.values.clear();
        }
        self.values.insert((key, seen.bits()), value);
    }
}

/// One deal: every player's hand and the five board cards in the order they come, with
/// the river's values kept once computed.
pub(super) struct Deal<'a> {
    game: Game,
    hands: &'a [CardSet],
    board: [Card; 5],
    /// Cards out of play (dead cards), never dealt.
    dead: CardSet,
    river: Option<Vec<GameValue>>,
    cache: &'a mut StreetCache,
}

impl<'a> Deal<'a> {
    /// A deal of `hands` and `board`; `cache` holds street figures met before.
    pub(super) fn new(
        game: Game,
        hands: &'a [CardSet],
        board: [Card; 5],
        dead: CardSet,
        cache: &'a mut StreetCache,
    ) -> Deal<'a> {
        Deal {
            game,
            hands,
            board,
            dead,
            river: None,
            cache,
        }
    }

    fn value_of(&self, player: usize, board: &[Card]) -> GameValue {
        game_value(self.game, &self.hole(player), board)
    }

    /// A player's hole cards, as the evaluator takes them.
    fn hole(&self, player: usize) -> Vec<Card> {
        self.hands[player].iter().collect()
    }

    /// The board at a street.
    fn shown(&self, street: Street) -> &[Card] {
        &self.board[..street as usize]
    }

    /// The board at a street, as a set (its cards are distinct: a deal never repeats one).
    fn shown_set(&self, street: Street) -> CardSet {
        self.shown(street)
            .iter()
            .fold(CardSet::EMPTY, |set, &c| set.union(CardSet::single(c)))
    }

    /// Cards no one is known to hold at a street: not dead, in no player's hand and not
    /// on the board yet.
    fn unseen(&self, street: Street) -> Vec<Card> {
        let used = self
            .hands
            .iter()
            .fold(self.dead.union(self.shown_set(street)), |u, h| u.union(*h));
        self.game.deck().difference(used).iter().collect()
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

    /// The player's two cards as a combo (two-card games only; the reader checks).
    fn combo(&self, player: usize) -> Combo {
        let hole = self.hole(player);
        Combo::of_distinct(hole[0], hole[1])
    }

    /// The function's value on this deal.
    ///
    /// One function because it is the language's list of functions, each with what it
    /// computes.
    pub(super) fn call(&mut self, func: &Func) -> f64 {
        let truth = |b: bool| if b { 1.0 } else { 0.0 };
        let game = self.game;
        match func {
            Func::RiverEquity(p) | Func::Equity(p, Street::River) => {
                share_of(self.river_values(), game.is_hi_lo(), *p)
            }
            Func::Scoops(p) => truth(share_of(self.river_values(), game.is_hi_lo(), *p) == 1.0),
            Func::WinsHi(p) | Func::TiesHi(p) => {
                let values = self.river_values();
                let wins = matches!(func, Func::WinsHi(_));
                truth(sole_or_shared(values.iter().map(|v| v.value), *p, wins))
            }
            Func::WinsLo(p) | Func::TiesLo(p) => {
                let values = self.river_values();
                let wins = matches!(func, Func::WinsLo(_));
                truth(
                    values[*p].low > 0
                        && sole_or_shared(values.iter().map(|v| u32::from(v.low)), *p, wins),
                )
            }
            Func::WinningHandType => {
                let values = self.river_values();
                let best = values.iter().max_by_key(|v| v.value).expect("a player");
                f64::from(best.category as u8)
            }
            Func::Equity(p, s) => self.cached((0, *p, *s as u8, 0), *s, |d| d.equity_at(*p, *s)),
            Func::HandType(p, s) => f64::from(self.value_of(*p, self.shown(*s)).category as u8),
            Func::FlopHandCategory(p) => {
                flop_category_value(classify(self.combo(*p), self.shown_set(Street::Flop)).made)
            }
            Func::HasLine(p, s, line) => {
                let class = classify(self.combo(*p), self.shown_set(*s));
                truth(match line {
                    Line::Made(m) => class.made == *m,
                    Line::Draw(d) => class.draws.has(*d),
                    Line::RollUp(r) => r.holds(&class),
                })
            }
            Func::OutsToHandType(p, s, t) => {
                self.cached((1, *p, *s as u8, *t), *s, |d| d.outs(*p, *s, *t))
            }
            Func::NutHi(p, s) => {
                self.cached((2, *p, *s as u8, 0), *s, |d| truth(d.nut(*p, *s, false)))
            }
            Func::NutLo(p, s) => {
                self.cached((3, *p, *s as u8, 0), *s, |d| truth(d.nut(*p, *s, true)))
            }
            Func::BoardSuitCount(s) => f64::from(most_of_a_suit(self.shown(*s))),
            Func::FlushingBoard(s) => truth(most_of_a_suit(self.shown(*s)) >= 3),
            Func::MonotoneBoard(s) => truth(most_of_a_suit(self.shown(*s)) == *s as u8),
            Func::RainbowBoard(s) => truth(most_of_a_suit(self.shown(*s)) <= 1),
            Func::PairedBoard(s) => truth(rank_counts(self.shown(*s)).iter().any(|&n| n >= 2)),
            Func::StraightBoard(s) => truth(straight_board(self.shown(*s))),
            Func::BoardCard(i) => self.board[*i].index() as f64,
            Func::BoardRanks(s) => f64::from(rank_set(self.shown(*s).iter().copied())),
            Func::HandRanks(p) => f64::from(rank_set(self.hands[*p].iter())),
            Func::MaxRank(x) | Func::MinRank(x) | Func::RankCount(x) => {
                let set = ranks_of(x.value(self));
                match func {
                    Func::RankCount(_) => f64::from(set.count_ones()),
                    _ if set == 0 => 0.0,
                    Func::MaxRank(_) => rank_number(15 - set.leading_zeros() as u8),
                    _ => rank_number(set.trailing_zeros() as u8),
                }
            }
            Func::NthRank(n, x) => {
                let n = n.value(self);
                let set = ranks_of(x.value(self));
                let ranks: Vec<u8> = (0..13u8).rev().filter(|r| set >> r & 1 == 1).collect();
                let i = n as usize;
                if n.fract() == 0.0 && (1..=ranks.len()).contains(&i) {
                    rank_number(ranks[i - 1])
                } else {
                    0.0
                }
            }
            Func::PocketPair(p) => truth(rank_counts(&self.hole(*p)).iter().any(|&n| n >= 2)),
            Func::Overpair(p, s) => {
                let top = self.shown(*s).iter().map(|c| c.rank()).max().unwrap_or(0);
                let ranks = rank_counts(&self.hole(*p));
                truth((0..13u8).any(|r| ranks[r as usize] >= 2 && r > top))
            }
            Func::HasTopBoardRank(p, s) | Func::HasSecondBoardRank(p, s) => {
                let mut ranks: Vec<u8> = self.shown(*s).iter().map(|c| c.rank()).collect();
                ranks.sort_unstable_by(|a, b| b.cmp(a));
                ranks.dedup();
                let k = usize::from(matches!(func, Func::HasSecondBoardRank(..)));
                let Some(&rank) = ranks.get(k) else {
                    return 0.0;
                };
                truth(self.hands[*p].iter().any(|c| c.rank() == rank))
            }
            Func::InRange(p, hands) => truth(hands.binary_search(&self.hands[*p].bits()).is_ok()),
        }
    }

    /// A street figure, from the cache when these hands saw this street's board before.
    fn cached(
        &mut self,
        key: CacheKey,
        street: Street,
        compute: impl FnOnce(&Deal<'_>) -> f64,
    ) -> f64 {
        let seen = self.shown_set(street);
        if let Some(v) = self.cache.lookup(key, self.hands, seen) {
            return v;
        }
        let v = compute(self);
        self.cache.store(key, seen, v);
        v
    }

    /// Cards among the unseen that lift the player's hand type at `street` to `target`
    /// or more on the next street (0 when it is there already).
    fn outs(&self, player: usize, street: Street, target: u8) -> f64 {
        let hole = self.hole(player);
        let shown = self.shown(street);
        if game_value(self.game, &hole, shown).category as u8 >= target {
            return 0.0;
        }
        let mut board = shown.to_vec();
        board.push(shown[0]);
        let last = board.len() - 1;
        self.unseen(street)
            .into_iter()
            .filter(|&c| {
                board[last] = c;
                game_value(self.game, &hole, &board).category as u8 >= target
            })
            .count() as f64
    }

    /// Whether no hand of unseen cards beats the player's high hand (or, for `low`,
    /// its qualifying low) at `street`.
    fn nut(&self, player: usize, street: Street, low: bool) -> bool {
        let shown = self.shown(street);
        let own = self.value_of(player, shown);
        if low && own.low == 0 {
            return false;
        }
        // High cards first: a hand that beats this one is found sooner.
        let mut unseen = self.unseen(street);
        unseen.reverse();
        let mut beaten = false;
        let mut hole = Vec::with_capacity(self.game.hole_cards());
        for_each_subset(&unseen, self.game.hole_cards(), &mut |set| {
            if beaten {
                return;
            }
            hole.clear();
            hole.extend(set.iter());
            let other = game_value(self.game, &hole, shown);
            beaten = if low {
                other.low > own.low
            } else {
                other.value > own.value
            };
        });
        !beaten
    }

    /// The player's mean share over every way the board can finish after `street`.
    fn equity_at(&self, player: usize, street: Street) -> f64 {
        let shown = street as usize;
        let live = self.unseen(street);
        let mut board = self.board;
        let (mut sum, mut runouts) = (0.0, 0u64);
        // Each runout values every hand: their cards are listed once, not per runout;
        // in Hold'em each hand with the board so far is kept as the evaluator's hand,
        // and a runout adds its cards to it.
        let holes: Vec<Vec<Card>> = (0..self.hands.len()).map(|p| self.hole(p)).collect();
        let fast: Option<Vec<Hand>> = self.game.plays_as_holdem().then(|| {
            holes
                .iter()
                .map(|h| Hand::from_cards(h).combine(Hand::from_cards(&self.board[..shown])))
                .collect()
        });
        let mut values: Vec<GameValue> = Vec::with_capacity(holes.len());
        let mut visit = |board: &[Card; 5]| {
            values.clear();
            match &fast {
                Some(hands) => values.extend(hands.iter().map(|h| {
                    let v = board[shown..].iter().fold(*h, |h, &c| h.add(c)).evaluate();
                    GameValue {
                        category: v.category(),
                        value: u32::from(v.get()),
                        low: 0,
                    }
                })),
                None => values.extend(holes.iter().map(|hole| game_value(self.game, hole, board))),
            }
            sum += share_of(&values, self.game.is_hi_lo(), player);
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

impl Expr {
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

/// Whether player `p` holds the best of `values` alone (`sole`) or shares it.
fn sole_or_shared(values: impl Iterator<Item = u32> + Clone, p: usize, sole: bool) -> bool {
    let best = values.clone().max().unwrap_or(0);
    let at_best = values.clone().filter(|v| *v == best).count();
    values.clone().nth(p) == Some(best) && (at_best == 1) == sole
}

/// One player's share of the pot: the best high value splits the pot (or its high half
/// when someone has a qualifying low, whose best splits the other half).
fn share_of(values: &[GameValue], hi_lo: bool, player: usize) -> f64 {
    let best = values.iter().map(|v| v.value).max().unwrap_or(0);
    let best_low = values.iter().map(|v| v.low).max().unwrap_or(0);
    let high_part = if hi_lo && best_low > 0 { 0.5 } else { 1.0 };
    let mut share = 0.0;
    if values[player].value == best {
        share += high_part / values.iter().filter(|v| v.value == best).count() as f64;
    }
    if high_part < 1.0 && values[player].low == best_low {
        share += 0.5 / values.iter().filter(|v| v.low == best_low).count() as f64;
    }
    share
}

/// The most cards of one suit among `cards`.
fn most_of_a_suit(cards: &[Card]) -> u8 {
    let mut n = [0u8; 4];
    for c in cards {
        n[c.suit() as usize] += 1;
    }
    n.into_iter().max().unwrap_or(0)
}

fn rank_counts(cards: &[Card]) -> [u8; 13] {
    let mut n = [0u8; 13];
    for c in cards {
        n[c.rank() as usize] += 1;
    }
    n
}

/// A rank set: bit r for rank r (0 the deuce).
fn rank_set(cards: impl Iterator<Item = Card>) -> u16 {
    cards.fold(0, |m, c| m | 1 << c.rank())
}

/// A value read back as a rank set (anything else holds no rank).
fn ranks_of(x: f64) -> u16 {
    if x.fract() == 0.0 && (0.0..8192.0).contains(&x) {
        x as u16
    } else {
        0
    }
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
