//! Two known hands heads-up, exact: every board from the cards left by nested loops,
//! each hand valued by adding the board's cards to it one at a time. No visitor, no
//! per-board allocation and no table to load: a hand against a hand preflop (1.7
//! million boards) takes a few milliseconds, less than decoding the shipped pair table
//! on first use, and with dead cards (which the table does not know) far less than the
//! general heads-up enumeration's 13 ns a board.
//!
//! Preflop, boards are taken by their ranks: on a board without a flush for either
//! hand the values depend on the ranks alone, so each multiset of five board ranks is
//! valued once and counted as many times as suits can be assigned to it; the boards
//! that may give a hand a flush (enough cards of a suit it holds, or five of any) are
//! then walked one by one, each taking back its rank-only outcome and adding its true
//! one. Against Kh5s v 8sKd: 6,188 rank multisets and about 56,000 flush boards
//! instead of 1.7 million boards.

use super::super::deals::completions_from;
use super::super::{Matchup, MatchupTally, RunControl, SeatSums};
use crate::cards::{Card, CardSet};
use crate::eval::{Hand, HandValue};
use rayon::prelude::*;

/// Whether `m` is two seats of one combo each, nobody folded.
pub(in crate::equity) fn applies(m: &Matchup) -> bool {
    m.seats.len() == 2 && m.seats.iter().all(|s| s.combos.len() == 1) && !m.has_folded()
}

/// Boards won by each hand and tied, by the category of the hand that wins or ties.
#[derive(Clone, Copy, Default)]
struct Counts {
    boards: u64,
    /// [first hand wins, second hand wins, tie] by category.
    by_category: [[u64; 9]; 3],
}

/// Which hand wins (0, 1; 2 for a tie) and with what value.
#[inline(always)]
fn outcome(va: HandValue, vb: HandValue) -> (usize, HandValue) {
    match va.cmp(&vb) {
        std::cmp::Ordering::Greater => (0, va),
        std::cmp::Ordering::Less => (1, vb),
        std::cmp::Ordering::Equal => (2, va),
    }
}

impl Counts {
    fn add(mut self, other: Counts) -> Counts {
        self.boards += other.boards;
        for (a, b) in self.by_category.iter_mut().zip(other.by_category) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        self
    }
}

/// Every way to draw `k` more cards from `deck[start..]`, each hand with the board so
/// far added, counted.
fn walk(deck: &[Card], start: usize, k: usize, a: Hand, b: Hand, counts: &mut Counts) {
    if k == 0 {
        // SAFETY: each hand holds its two cards and the five board cards, all distinct.
        let (va, vb) = unsafe { (a.evaluate_unchecked(), b.evaluate_unchecked()) };
        let (side, value) = outcome(va, vb);
        counts.boards += 1;
        counts.by_category[side][value.category() as usize] += 1;
        return;
    }
    for i in start..deck.len() + 1 - k {
        walk(deck, i + 1, k - 1, a.add(deck[i]), b.add(deck[i]), counts);
    }
}

/// Every five-card board from `deck` (no board known), counted by ranks: each multiset
/// of board ranks valued once ignoring suits and weighted by its suit assignments, then
/// every board that may hold a flush for either hand walked and corrected from its
/// rank-only outcome to its true one.
fn by_ranks(deck: &[Card], a: Hand, b: Hand) -> Counts {
    let mut live_of_rank = [0u8; 13];
    let mut live_of_suit: [Vec<Card>; 4] = Default::default();
    for &card in deck {
        live_of_rank[card.rank() as usize] += 1;
        live_of_suit[card.suit() as usize].push(card);
    }
    // Signed while corrections are taken off, then every count is a number of boards.
    let mut signed = [[0i64; 9]; 3];
    let mut boards = 0i64;
    ranks_from(0, 5, a, b, 1, &live_of_rank, &mut signed, &mut boards);
    // A board gives a hand a flush only with at least 5 − (its cards of that suit) of
    // the suit; with five board cards, at most one suit can reach three.
    for suit in 0..4u8 {
        let need = 5 - a.suit_count(suit).max(b.suit_count(suit)) as usize;
        let others: Vec<Card> = deck.iter().copied().filter(|c| c.suit() != suit).collect();
        let of_suit_live = &live_of_suit[suit as usize];
        for suited in need..=5.min(of_suit_live.len()) {
            completions_from(
                of_suit_live,
                0,
                suited,
                Hand::new(),
                CardSet::EMPTY,
                &mut |of_suit, _| {
                    completions_from(
                        &others,
                        0,
                        5 - suited,
                        Hand::new(),
                        CardSet::EMPTY,
                        &mut |rest, _| {
                            let board = of_suit.combine(rest);
                            let (ba, bb) = (a.combine(board), b.combine(board));
                            let (rank_side, rank_value) =
                                outcome(ba.evaluate_ignoring_suits(), bb.evaluate_ignoring_suits());
                            // SAFETY: two hole cards and five distinct board cards.
                            let (side, value) = unsafe {
                                outcome(ba.evaluate_unchecked(), bb.evaluate_unchecked())
                            };
                            signed[rank_side][rank_value.category() as usize] -= 1;
                            signed[side][value.category() as usize] += 1;
                        },
                    );
                },
            );
        }
    }
    let mut counts = Counts {
        boards: boards as u64,
        ..Counts::default()
    };
    for (out, row) in counts.by_category.iter_mut().zip(signed) {
        for (x, n) in out.iter_mut().zip(row) {
            debug_assert!(n >= 0, "a count of boards");
            *x = n as u64;
        }
    }
    counts
}

/// Rank multisets of `left` more board cards from ranks `rank..`, each valued ignoring
/// suits and counted `ways` (its suit assignments) times.
#[allow(clippy::too_many_arguments)]
fn ranks_from(
    rank: u8,
    left: usize,
    a: Hand,
    b: Hand,
    ways: i64,
    live_of_rank: &[u8; 13],
    signed: &mut [[i64; 9]; 3],
    boards: &mut i64,
) {
    if left == 0 {
        let (side, value) = outcome(a.evaluate_ignoring_suits(), b.evaluate_ignoring_suits());
        signed[side][value.category() as usize] += ways;
        *boards += ways;
        return;
    }
    if rank == 13 {
        return;
    }
    // Any card of the rank stands for it when suits are ignored.
    let card = Card::new(rank, 0);
    let (mut ha, mut hb) = (a, b);
    let live = live_of_rank[rank as usize] as usize;
    for taken in 0..=live.min(left) {
        let ways = ways * super::super::choose(live as u64, taken as u64) as i64;
        ranks_from(
            rank + 1,
            left - taken,
            ha,
            hb,
            ways,
            live_of_rank,
            signed,
            boards,
        );
        ha = ha.add(card);
        hb = hb.add(card);
    }
}

/// The exact tally of two known hands (the sums the general enumeration makes); `None`
/// when `m` is not two known hands.
pub(in crate::equity) fn run(m: &Matchup, cancel: &RunControl) -> Option<MatchupTally> {
    if !applies(m) {
        return None;
    }
    let (sa, sb) = (&m.seats[0], &m.seats[1]);
    let board: Vec<Card> = m.board.iter().collect();
    let hand = |set: CardSet| {
        Hand::from_cards(&set.iter().chain(board.iter().copied()).collect::<Vec<_>>())
    };
    let (a, b) = (hand(sa.sets[0]), hand(sb.sets[0]));
    let deck: Vec<Card> = m
        .board
        .union(m.dead)
        .union(sa.sets[0])
        .union(sb.sets[0])
        .complement()
        .iter()
        .collect();
    let k = 5 - board.len();
    let counts = if k == 5 {
        by_ranks(&deck, a, b)
    } else if k == 0 {
        let mut c = Counts::default();
        walk(&deck, 0, 0, a, b, &mut c);
        c
    } else {
        // One task per first card drawn; a stop is seen between them.
        (0..deck.len() + 1 - k)
            .into_par_iter()
            .map(|i| {
                let mut c = Counts::default();
                if !cancel.is_cancelled() {
                    walk(&deck, i + 1, k - 1, a.add(deck[i]), b.add(deck[i]), &mut c);
                }
                c
            })
            .reduce(Counts::default, Counts::add)
    };
    cancel.progress().add_work(counts.boards);
    let w = sa.weights[0] * sb.weights[0];
    let seat = |wins: &[u64; 9]| {
        let won: u64 = wins.iter().sum();
        let tied: u64 = counts.by_category[2].iter().sum();
        let mut s = SeatSums::new();
        s.weight = counts.boards as f64 * w;
        s.win = won as f64 * w;
        s.tie = tied as f64 * w;
        s.equity = (won as f64 + tied as f64 / 2.0) * w;
        for (h, (x, t)) in s
            .hand_types
            .iter_mut()
            .zip(wins.iter().zip(&counts.by_category[2]))
        {
            *h = (x + t) as f64 * w;
        }
        s.into_tally()
    };
    Some(MatchupTally {
        attempts: 0,
        deals: counts.boards,
        seats: vec![seat(&counts.by_category[0]), seat(&counts.by_category[1])],
        hits: None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::heads_up;
    use super::*;
    use crate::range::HandRange;

    /// Two known hands against the general heads-up enumeration: every figure, on
    /// every street, with and without dead cards (and weights).
    #[test]
    fn equals_the_general_enumeration() {
        let cases = [
            ("AsKs", "QhQd", "", ""),
            ("Jd2h", "9h7c", "", "Td 5c"),
            ("AhAd:0.5", "KcKs", "2c 7d 9h", ""),
            ("8s7s", "Ac2c", "9s Ts 2d Kh", "3c"),
            ("5c5d", "5h5s", "Ah Kd Qc Jd 2h", ""),
            ("6c6d", "Ah2h", "", ""),
            ("Kh5s", "8sKd", "", ""),
            ("3sAc", "Qd2d", "", "Td"),
            ("7h6h", "5h4h", "", "Ah Kh 2c"),
            ("AcAd", "AhAs", "", ""),
            ("Tc9c", "8c7c", "", ""),
        ];
        for (a, b, board, dead) in cases {
            let m = Matchup::new(
                vec![HandRange::parse(a).unwrap(), HandRange::parse(b).unwrap()],
                CardSet::parse(board).unwrap(),
                CardSet::parse(dead).unwrap(),
            )
            .unwrap();
            let control = RunControl::new();
            let fast = run(&m, &control).expect("two known hands");
            let general = heads_up(&m, &control);
            let figures = |t: &MatchupTally| -> Vec<Vec<f64>> {
                let r = t.result(crate::equity::Method::Exact, None);
                r.seats
                    .iter()
                    .map(|s| {
                        let mut v = vec![s.equity, s.win, s.tie];
                        v.extend(s.hand_types);
                        v
                    })
                    .collect()
            };
            assert_eq!(fast.deals, general.deals, "{a} v {b}");
            for (x, y) in figures(&fast).iter().zip(&figures(&general)) {
                for (p, q) in x.iter().zip(y) {
                    assert!((p - q).abs() < 1e-12, "{a} v {b} on {board}: {x:?} {y:?}");
                }
            }
        }
    }
}
