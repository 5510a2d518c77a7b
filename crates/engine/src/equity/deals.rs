//! Walking deals and board completions: the helpers that exact enumeration and the
//! canonical-preflop enumeration both use.

use super::Matchup;
use crate::cards::{Card, CardSet};
use crate::eval::Hand;
use rayon::prelude::*;

/// The number of deals (one combo per seat, no shared card), or `None` past `limit`
/// deals or `limit` steps of the search.
pub(crate) fn count_deals(m: &Matchup, limit: u64) -> Option<u64> {
    fn go(
        m: &Matchup,
        seat: usize,
        used: CardSet,
        count: &mut u64,
        steps: &mut u64,
        limit: u64,
    ) -> bool {
        *steps += 1;
        if *steps > limit {
            return false;
        }
        if seat + 1 == m.seats.len() {
            let s = &m.seats[seat];
            *count += s.sets.iter().filter(|set| !set.intersects(used)).count() as u64;
            return *count <= limit;
        }
        let s = &m.seats[seat];
        for set in &s.sets {
            if !set.intersects(used) && !go(m, seat + 1, used.union(*set), count, steps, limit) {
                return false;
            }
        }
        true
    }
    let (mut count, mut steps) = (0, 0);
    go(m, 0, m.board.union(m.dead), &mut count, &mut steps, limit).then_some(count)
}

/// Calls `visit(hand_of_completion, completion_set)` for every way to choose `k`
/// cards from `deck`, parallel over the first card.
pub(crate) fn par_completions<T: Send, I, F>(deck: &[Card], k: usize, init: I, visit: F) -> Vec<T>
where
    I: Fn() -> T + Sync + Send,
    F: Fn(&mut T, Hand, CardSet) + Sync + Send,
{
    if k == 0 {
        let mut state = init();
        visit(&mut state, Hand::new(), CardSet::EMPTY);
        return vec![state];
    }
    // Parallel over the first two cards (over the first alone when one comes): the
    // first card alone splits the work too unevenly for the threads to share it (the
    // boards with the lowest first card are most of them, and suit symmetry keeps
    // only some first cards).
    let starts: Vec<(usize, usize)> = if k >= 2 {
        (0..deck.len())
            .flat_map(|i| (i + 1..deck.len()).map(move |j| (i, j)))
            .collect()
    } else {
        (0..deck.len()).map(|i| (i, usize::MAX)).collect()
    };
    starts
        .into_par_iter()
        .fold(&init, |mut state, (first, second)| {
            let mut hand = Hand::new().add(deck[first]);
            let mut set = CardSet::single(deck[first]);
            let (next, left) = if second == usize::MAX {
                (first + 1, k - 1)
            } else {
                hand = hand.add(deck[second]);
                set.insert(deck[second]);
                (second + 1, k - 2)
            };
            completions_from(deck, next, left, hand, set, &mut |h, s| {
                visit(&mut state, h, s)
            });
            state
        })
        .collect()
}

pub(crate) fn completions_from(
    deck: &[Card],
    start: usize,
    k: usize,
    hand: Hand,
    set: CardSet,
    visit: &mut dyn FnMut(Hand, CardSet),
) {
    if k == 0 {
        visit(hand, set);
        return;
    }
    for i in start..deck.len() + 1 - k {
        let card = deck[i];
        let mut s = set;
        s.insert(card);
        completions_from(deck, i + 1, k - 1, hand.add(card), s, visit);
    }
}
