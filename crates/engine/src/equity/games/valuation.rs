//! A seat's value on a board by its game's rule, for exact enumeration (tables built once
//! per deal of hands) and for sampled deals.

use super::SeatValue;
use crate::cards::{Card, Game};
use crate::eval::{low_bit, low_score, short_deck_from_holdem, Hand};

/// Every two of a hole's cards, as hands (6 for four cards, 10 for five, 15 for six),
/// held without allocating: sampled deals build them for every seat of every deal.
pub(super) struct HolePairs {
    pairs: [Hand; 15],
    len: usize,
}

impl HolePairs {
    pub(super) fn of(hole: &[Card]) -> HolePairs {
        let mut out = HolePairs {
            pairs: [Hand::new(); 15],
            len: 0,
        };
        crate::eval::for_each_two(hole, |h| {
            out.pairs[out.len] = h;
            out.len += 1;
        });
        out
    }

    pub(super) fn as_slice(&self) -> &[Hand] {
        &self.pairs[..self.len]
    }
}

/// The best Omaha high value (raw `HandValue`) of two of the hole's pairs with three given
/// board cards.
#[inline(always)]
pub(super) fn best_with_three(pairs: &[Hand], three: Hand) -> u16 {
    pairs
        .iter()
        .map(|p| p.combine(three).evaluate().get())
        .max()
        .unwrap_or(0)
}

/// The ten three-card parts of a five-card board, as index triples into it.
pub(super) const TRIPLES: [[usize; 3]; 10] = [
    [0, 1, 2],
    [0, 1, 3],
    [0, 1, 4],
    [0, 2, 3],
    [0, 2, 4],
    [0, 3, 4],
    [1, 2, 3],
    [1, 2, 4],
    [1, 3, 4],
    [2, 3, 4],
];

/// Every seat's value on a full board (the board's three-card parts shared by the seats).
pub(super) fn value_all(
    game: Game,
    holes: &[impl AsRef<[Card]>],
    board: &[Card; 5],
    out: &mut [SeatValue],
) {
    if game.is_omaha() {
        let threes = TRIPLES.map(|t| {
            Hand::new()
                .add(board[t[0]])
                .add(board[t[1]])
                .add(board[t[2]])
        });
        let board_low = board.iter().fold(0, |m, &c| m | low_bit(c));
        for (v, hole) in out.iter_mut().zip(holes) {
            let hole = hole.as_ref();
            let pairs = HolePairs::of(hole);
            let high = threes
                .iter()
                .map(|&t| best_with_three(pairs.as_slice(), t))
                .max()
                .unwrap_or(0);
            *v = SeatValue {
                high: high as u32,
                low: if game.is_hi_lo() {
                    low_score(hole.iter().fold(0, |m, &c| m | low_bit(c)), board_low)
                } else {
                    0
                },
                category: (high >> 12) as u8,
            };
        }
    } else if game.has_short_deck_order() {
        // The board's part of Hold'em's hand once, each seat's two cards added to it.
        let board_hand = Hand::from_cards(board);
        for (v, hole) in out.iter_mut().zip(holes) {
            let hole = hole.as_ref();
            let seven = [
                hole[0], hole[1], board[0], board[1], board[2], board[3], board[4],
            ];
            let holdem = board_hand.add(hole[0]).add(hole[1]).evaluate();
            let s = short_deck_from_holdem(holdem, &seven);
            *v = SeatValue {
                high: s.get(),
                low: 0,
                category: s.category() as u8,
            };
        }
    } else {
        for (v, hole) in out.iter_mut().zip(holes) {
            let h = hole
                .as_ref()
                .iter()
                .chain(board)
                .fold(Hand::new(), |h, &c| h.add(c))
                .evaluate();
            *v = SeatValue {
                high: h.get() as u32,
                low: 0,
                category: h.category() as u8,
            };
        }
    }
}

/// Whether exact enumeration values `game` from a table of three-card parts: Omaha with
/// three or more board cards to come (thousands of boards per deal of hands); with fewer,
/// building the table would cost more than valuing the boards.
pub(super) fn uses_table(game: Game, fixed: usize) -> bool {
    game.is_omaha() && fixed < 3
}

/// Per deal of hands in exact enumeration: each seat's value on any board drawn from
/// `cards` (the known board cards first, then the live cards).
pub(super) enum Valuer {
    /// Omaha: for every three of `cards` (as indices i < j < l) and every seat, the best
    /// high value of two hole cards with them — a board's value is then the best of its
    /// ten three-card parts, ten loads per seat instead of sixty evaluations.
    Omaha {
        n: usize,
        seats: usize,
        table: Vec<u16>,
        hole_low: Vec<u8>,
        card_low: Vec<u8>,
        hi_lo: bool,
    },
    /// Any other game: the seats' holes, valued on each board.
    Direct {
        game: Game,
        holes: Vec<Vec<Card>>,
        cards: Vec<Card>,
    },
}

impl Valuer {
    /// The valuer of `holes` on boards from `cards`, whose first `fixed` cards are on every
    /// board.
    pub(super) fn new(game: Game, holes: &[Vec<Card>], cards: &[Card], fixed: usize) -> Valuer {
        if !uses_table(game, fixed) {
            return Valuer::Direct {
                game,
                holes: holes.to_vec(),
                cards: cards.to_vec(),
            };
        }
        let n = cards.len();
        let seats = holes.len();
        let pairs: Vec<HolePairs> = holes.iter().map(|h| HolePairs::of(h)).collect();
        let mut table = vec![0u16; n * n * n * seats];
        // (The table is built with at most two board cards known, so every three-card
        // part of the cards can be on some board.)
        for i in 0..n {
            for j in i + 1..n {
                let ij = Hand::new().add(cards[i]).add(cards[j]);
                for (l, &card) in cards.iter().enumerate().skip(j + 1) {
                    let three = ij.add(card);
                    let at = ((i * n + j) * n + l) * seats;
                    for (s, p) in pairs.iter().enumerate() {
                        table[at + s] = best_with_three(p.as_slice(), three);
                    }
                }
            }
        }
        Valuer::Omaha {
            n,
            seats,
            table,
            hole_low: holes
                .iter()
                .map(|h| h.iter().fold(0, |m, &c| m | low_bit(c)))
                .collect(),
            card_low: cards.iter().map(|&c| low_bit(c)).collect(),
            hi_lo: game.is_hi_lo(),
        }
    }

    /// Each seat's value on the board of `cards` at `board` (ascending indices).
    #[inline]
    pub(super) fn values(&self, board: &[usize; 5], out: &mut [SeatValue]) {
        match self {
            Valuer::Omaha {
                n,
                seats,
                table,
                hole_low,
                card_low,
                hi_lo,
            } => {
                let (n, seats) = (*n, *seats);
                let mut at = [0usize; 10];
                for (a, t) in at.iter_mut().zip(TRIPLES) {
                    *a = ((board[t[0]] * n + board[t[1]]) * n + board[t[2]]) * seats;
                }
                let board_low = if *hi_lo {
                    board.iter().fold(0, |m, &i| m | card_low[i])
                } else {
                    0
                };
                for (s, v) in out.iter_mut().enumerate() {
                    let high = at.iter().map(|&a| table[a + s]).max().unwrap_or(0);
                    *v = SeatValue {
                        high: high as u32,
                        low: if *hi_lo {
                            low_score(hole_low[s], board_low)
                        } else {
                            0
                        },
                        category: (high >> 12) as u8,
                    };
                }
            }
            Valuer::Direct { game, holes, cards } => {
                value_all(*game, holes, &board.map(|i| cards[i]), out);
            }
        }
    }
}

/// Completions of the board a one-hand table covers: one or two cards to come, indexed
/// below 52^cards (`completion_key`); `None` for more.
pub(super) fn completion_slots(to_come: usize) -> Option<usize> {
    match to_come {
        1 => Some(52),
        2 => Some(52 * 52),
        _ => None,
    }
}

/// The five board cards: the known ones, then `more`.
pub(super) fn full_board(known: &[Card], more: crate::cards::CardSet, filler: Card) -> [Card; 5] {
    // Any card fills the array first: the known cards and `more` overwrite all five.
    let mut board = [known.first().copied().unwrap_or(filler); 5];
    for (slot, card) in board
        .iter_mut()
        .zip(known.iter().copied().chain(more.iter()))
    {
        *slot = card;
    }
    board
}

/// A completion of one or two cards, in ascending order, as an index below 52².
#[inline]
pub(super) fn completion_key(cards: impl Iterator<Item = Card>) -> usize {
    cards.fold(0, |key, card| key * 52 + card.index())
}

/// One hand's value on every completion of `known` by `to_come` cards from `live` (less
/// the hand's own cards), indexed by `completion_key`: a hand whose value does not depend
/// on the other seats is valued once per board this way, not once per deal of the others.
/// `None` beyond two cards to come.
pub(super) fn values_on_completions(
    game: Game,
    hole: &[Card],
    known: &[Card],
    live: crate::cards::CardSet,
    to_come: usize,
) -> Option<Vec<SeatValue>> {
    let slots = completion_slots(to_come)?;
    let mut table = vec![SeatValue::default(); slots];
    let hand: crate::cards::CardSet = hole.iter().copied().collect();
    let deck: Vec<Card> = live.difference(hand).iter().collect();
    crate::range::for_each_subset(&deck, to_come, &mut |more| {
        let board = full_board(known, more, deck[0]);
        let mut v = [SeatValue::default()];
        value_all(game, &[hole], &board, &mut v);
        table[completion_key(more.iter())] = v[0];
    });
    Some(table)
}
