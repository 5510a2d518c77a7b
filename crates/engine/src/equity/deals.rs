//! Walking deals and board completions: the helpers that exact enumeration and the
//! canonical-preflop enumeration both use.

use super::{Matchup, SeatCombos};
use crate::cards::{Card, CardSet};
use crate::eval::Hand;
use rayon::prelude::*;

/// The number of deals (one combo per seat, no shared card), or `None` past `limit`
/// deals or `limit` steps of the search.
pub(crate) fn count_deals(m: &Matchup, limit: u64) -> Option<u64> {
    let seats: Vec<&SeatCombos> = m.seats.iter().collect();
    count_deals_of(&seats, m.board.union(m.dead), limit)
}

/// The number of deals of `seats` (one combo each, no shared card, none of `blocked`),
/// or `None` past `limit` deals or `limit` steps of the search.
pub(crate) fn count_deals_of(seats: &[&SeatCombos], blocked: CardSet, limit: u64) -> Option<u64> {
    fn go(
        seats: &[&SeatCombos],
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
        if seat + 1 == seats.len() {
            let s = seats[seat];
            *count += s.sets.iter().filter(|set| !set.intersects(used)).count() as u64;
            return *count <= limit;
        }
        for set in &seats[seat].sets {
            if !set.intersects(used) && !go(seats, seat + 1, used.union(*set), count, steps, limit)
            {
                return false;
            }
        }
        true
    }
    if seats.is_empty() {
        return Some(1);
    }
    let (mut count, mut steps) = (0, 0);
    go(seats, 0, blocked, &mut count, &mut steps, limit).then_some(count)
}

/// Calls `visit(hand_of_completion, completion_set)` for every way to choose `k`
/// cards from `deck`, in parallel; one state per chunk of the completions, returned in
/// the completions' order. The chunks do not depend on the threads or on how they
/// share the work, so the sums merged from the states are the same, to the last digit,
/// on every run and any number of threads.
///
/// Each chunk is a unit of `control`'s resume ledger: one an earlier run finished is
/// skipped, one this run finishes is marked, and when a resumable run stops, a chunk
/// cut short is dropped whole (it is done again on resuming).
pub(crate) fn par_completions<T: Send, I, F>(
    deck: &[Card],
    k: usize,
    control: &super::RunControl,
    init: I,
    visit: F,
) -> Vec<T>
where
    I: Fn() -> T + Sync + Send,
    F: Fn(&mut T, Hand, CardSet) + Sync + Send,
{
    /// Chunks of the first cards: enough for two to sixteen threads to share evenly.
    const CHUNKS: usize = 64;
    /// First cards a chunk takes at least: a chunk's state is set up afresh (a turn's
    /// 44 rivers in 44 states cost more than the rivers themselves).
    const MIN_CHUNK: usize = 4;
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
    let chunk = starts.len().div_ceil(CHUNKS).max(MIN_CHUNK);
    let units = control.units();
    starts
        .par_chunks(chunk)
        .enumerate()
        .map(|(unit, chunk)| {
            let mut state = init();
            if units.skip(unit) {
                return state;
            }
            for &(first, second) in chunk {
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
            }
            if control.is_cancelled() && units.whole_only() {
                return init();
            }
            units.finished(unit);
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
