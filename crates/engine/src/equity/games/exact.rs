//! Exact enumeration for a game: every combination of the seats' hands (weights
//! multiplied, overlapping hands skipped) and every board.

use super::valuation::{
    completion_key, completion_slots, uses_table, values_on_completions, Valuer,
};
use super::{credit, GameMatchup, GameTally, SeatValue, Sums};
use crate::cards::{Card, CardSet};
use crate::equity::{choose, EquityError, RunControl};
use crate::range::MAX_LISTED_HANDS;
use rayon::prelude::*;

/// The work of an exact run in evaluation units (one five- to seven-card evaluation):
/// hand combinations (before overlaps are skipped) × boards × seats × each valuation's
/// cost, plus the Omaha tables built per combination; infinite when a seat's live hands
/// are too many to list.
pub fn exact_valuations(m: &GameMatchup) -> f64 {
    let blocked = m.board.union(m.dead);
    let mut combinations = 1.0;
    for r in &m.ranges {
        let live = r.live_count(blocked);
        if live > MAX_LISTED_HANDS as u64 {
            return f64::INFINITY;
        }
        combinations *= live as f64;
    }
    let live = m.game.deck().difference(blocked).len();
    let after_hands = live.saturating_sub(m.ranges.len() * m.game.hole_cards());
    let boards = choose(after_hands as u64, m.cards_to_come() as u64) as f64;
    let seats = m.showdown_seats as f64;
    let pairs = choose(m.game.hole_cards() as u64, 2) as f64;
    let fixed = m.board.len();
    let per_deal = if uses_table(m.game, fixed) {
        // Ten loads per seat and board; the table: every three of the cards, per seat.
        let n = (after_hands + fixed) as u64;
        boards * seats * 2.0 + choose(n, 3) as f64 * pairs * seats
    } else if m.game.is_omaha() {
        boards * seats * 10.0 * pairs
    } else {
        // The short-deck evaluator works from rank counts: a few table evaluations' time.
        boards * seats * 4.0
    };
    combinations * per_deal
}

/// Most values kept for the one-hand seats (seats times completions of the board).
const MAX_FIXED_VALUES: usize = 1 << 20;

/// The values of the seats that hold one hand in every deal on every completion of the
/// board, when one or two cards are to come: such a seat's value on a board does not
/// depend on the other seats' hands, so it is valued once per board, not once per deal
/// of hands (a known hand against a range: half the work). Indexed by the completion's
/// cards (`completion_key`).
struct FixedSeatValues {
    /// Per showdown seat, its values when it holds one hand.
    seats: Vec<Option<Vec<SeatValue>>>,
}

impl FixedSeatValues {
    fn of(m: &GameMatchup, seats: &[Vec<(CardSet, f64)>]) -> Option<FixedSeatValues> {
        let to_come = m.cards_to_come();
        let slots = completion_slots(to_come)?;
        let one_hand = |s: &Vec<(CardSet, f64)>| s.len() == 1;
        let count = seats[..m.showdown_seats]
            .iter()
            .filter(|s| one_hand(s))
            .count();
        if count == 0 || count == m.showdown_seats || count * slots > MAX_FIXED_VALUES {
            return None;
        }
        let known: Vec<Card> = m.board.iter().collect();
        let live = m.game.deck().difference(m.board.union(m.dead));
        let values = seats[..m.showdown_seats]
            .iter()
            .map(|s| {
                one_hand(s)
                    .then(|| {
                        let hole: Vec<Card> = s[0].0.iter().collect();
                        values_on_completions(m.game, &hole, &known, live, to_come)
                    })
                    .flatten()
            })
            .collect();
        Some(FixedSeatValues { seats: values })
    }
}

/// Most hand prefixes listed before the work is shared out (a few hundred KB).
const MAX_PREFIXES: usize = 4096;

/// One assignment of hands to the seats, with its weight.
struct Assignment {
    hands: Vec<CardSet>,
    weight: f64,
}

/// Enumerates every deal; a cancelled run returns what it summed so far.
pub(super) fn run(m: &GameMatchup, control: &RunControl) -> Result<GameTally, EquityError> {
    let blocked = m.board.union(m.dead);
    if exact_valuations(m).is_infinite() {
        return Err(super::too_many_hands(m.game));
    }
    // Each seat's live hands, weights scaled so the largest is 1 (only ratios matter).
    let seats: Vec<Vec<(CardSet, f64)>> = m
        .ranges
        .iter()
        .map(|r| {
            let hands = r.live_hands(blocked);
            let max = hands.iter().map(|h| h.1 as f64).fold(0.0, f64::max);
            hands
                .into_iter()
                .map(|(h, w)| (h, w as f64 / max))
                .collect()
        })
        .collect();
    // Expand seats into prefixes until there are enough to share among threads, never
    // past MAX_PREFIXES: a seat too wide to list against every prefix (a random 5-card
    // Omaha seat has 1.5 million hands) is split into chunks instead, so memory stays
    // small and fixed whatever the ranges.
    let mut prefixes = vec![Assignment {
        hands: Vec::new(),
        weight: 1.0,
    }];
    let mut expanded = 0;
    while expanded < seats.len()
        && prefixes.len() < 64
        && prefixes.len().saturating_mul(seats[expanded].len()) <= MAX_PREFIXES
    {
        prefixes = extend(prefixes, &seats[expanded]);
        expanded += 1;
    }
    // Work items: a prefix, and (when the next seat is split) a chunk of its hands.
    let items: Vec<(usize, Option<std::ops::Range<usize>>)> =
        if expanded < seats.len() && prefixes.len() < 64 {
            let len = seats[expanded].len();
            let parts = (64 / prefixes.len()).clamp(1, len.max(1));
            (0..prefixes.len())
                .flat_map(|p| {
                    (0..parts).map(move |i| (p, Some(i * len / parts..(i + 1) * len / parts)))
                })
                .collect()
        } else {
            (0..prefixes.len()).map(|p| (p, None)).collect()
        };
    // Folded seats are enumerated with the others but have no sums.
    let n_seats = m.showdown_seats;
    let fixed_values = FixedSeatValues::of(m, &seats);
    // Few deals of hands (known hands above all): share each one's boards among threads.
    let share_boards = items.len() < 8;
    let work = |&(p, ref chunk): &(usize, Option<std::ops::Range<usize>>)| -> (Vec<Sums>, u64) {
        let mut sums = vec![Sums::default(); n_seats];
        let mut deals = 0;
        let mut deal = |a: &Assignment| {
            if control.is_cancelled() {
                return;
            }
            deals += deal_boards(
                m,
                a,
                fixed_values.as_ref(),
                &mut sums,
                share_boards,
                control,
            );
        };
        let prefix = &prefixes[p];
        match chunk {
            None => for_each_completion(prefix, &seats[expanded..], &mut deal),
            Some(range) => for_each_hand(
                prefix,
                &seats[expanded][range.clone()],
                &seats[expanded + 1..],
                &mut deal,
            ),
        }
        (sums, deals)
    };
    // Summed as they finish: no list of every item's sums is kept.
    let (total, deals) = items.par_iter().map(work).reduce(
        || (vec![Sums::default(); n_seats], 0),
        |(mut total, deals), (sums, d)| {
            for (t, s) in total.iter_mut().zip(&sums) {
                t.add(s);
            }
            (total, deals + d)
        },
    );
    Ok(GameTally::of_sums(&total, deals, deals, false))
}

fn extend(prefixes: Vec<Assignment>, seat: &[(CardSet, f64)]) -> Vec<Assignment> {
    let mut out = Vec::new();
    for p in &prefixes {
        let used = p.hands.iter().fold(CardSet::EMPTY, |u, &h| u.union(h));
        for &(h, w) in seat {
            if !h.intersects(used) {
                let mut hands = p.hands.clone();
                hands.push(h);
                out.push(Assignment {
                    hands,
                    weight: p.weight * w,
                });
            }
        }
    }
    out
}

/// Calls `f` with every completion of `prefix` by the remaining seats' hands.
fn for_each_completion(
    prefix: &Assignment,
    rest: &[Vec<(CardSet, f64)>],
    f: &mut impl FnMut(&Assignment),
) {
    match rest.split_first() {
        Some((seat, more)) => for_each_hand(prefix, seat, more, f),
        None => f(prefix),
    }
}

/// Calls `f` with every completion of `prefix` by one of `hands` (the next seat's, or a
/// chunk of them) and then the `more` seats' hands.
fn for_each_hand(
    prefix: &Assignment,
    hands: &[(CardSet, f64)],
    more: &[Vec<(CardSet, f64)>],
    f: &mut impl FnMut(&Assignment),
) {
    let used = prefix.hands.iter().fold(CardSet::EMPTY, |u, &h| u.union(h));
    let mut next = Assignment {
        hands: prefix.hands.clone(),
        weight: 0.0,
    };
    next.hands.push(CardSet::EMPTY);
    for &(h, w) in hands {
        if h.intersects(used) {
            continue;
        }
        *next.hands.last_mut().expect("pushed") = h;
        next.weight = prefix.weight * w;
        for_each_completion(&next, more, f);
    }
}

/// Every board for one assignment of hands, credited with its weight; the boards
/// visited. `parallel`: share the boards among threads (a single deal of hands).
fn deal_boards(
    m: &GameMatchup,
    a: &Assignment,
    fixed_values: Option<&FixedSeatValues>,
    sums: &mut [Sums],
    parallel: bool,
    control: &RunControl,
) -> u64 {
    let used = a
        .hands
        .iter()
        .fold(m.board.union(m.dead), |u, &h| u.union(h));
    // The board's known cards first, then the live ones: boards are index sets whose
    // first `fixed` entries are 0..fixed.
    let mut cards: Vec<Card> = m.board.iter().collect();
    let fixed = cards.len();
    cards.extend(m.game.deck().difference(used).iter());
    // The seats valued on each board; one-hand seats' values come from their tables.
    let cached = |s: usize| fixed_values.and_then(|f| f.seats[s].as_deref());
    let valued: Vec<usize> = (0..m.showdown_seats)
        .filter(|&s| cached(s).is_none())
        .collect();
    let tables: Vec<(usize, &[SeatValue])> = (0..m.showdown_seats)
        .filter_map(|s| cached(s).map(|t| (s, t)))
        .collect();
    let holes: Vec<Vec<Card>> = valued
        .iter()
        .map(|&s| a.hands[s].iter().collect())
        .collect();
    let valuer = Valuer::new(m.game, &holes, &cards, fixed);
    let n = cards.len();
    let hi_lo = m.game.is_hi_lo();
    let seats = m.showdown_seats;
    // Progress in the units `exact_valuations` counts (the table's building aside).
    let unit_cost = if uses_table(m.game, fixed) {
        2
    } else if m.game.is_omaha() {
        10 * choose(m.game.hole_cards() as u64, 2)
    } else {
        4
    };
    let one_range = |first: std::ops::Range<usize>, sums: &mut [Sums]| -> u64 {
        let mut values = vec![SeatValue::default(); seats];
        let mut walked = vec![SeatValue::default(); valued.len()];
        let mut count = 0u64;
        for_each_board(n, fixed, first, &mut |board| {
            if tables.is_empty() {
                valuer.values(board, &mut values);
            } else {
                valuer.values(board, &mut walked);
                for (&s, &v) in valued.iter().zip(&walked) {
                    values[s] = v;
                }
                let key = completion_key(board[fixed..].iter().map(|&i| cards[i]));
                for &(s, table) in &tables {
                    values[s] = table[key];
                }
            }
            credit(&values, hi_lo, a.weight, sums);
            count += 1;
        });
        control
            .progress()
            .add_work(count * valued.len() as u64 * unit_cost);
        count
    };
    if fixed == 5 {
        return one_range(0..1, sums);
    }
    let last_first = n - (5 - fixed);
    if !parallel {
        return one_range(fixed..last_first + 1, sums);
    }
    let parts: Vec<(Vec<Sums>, u64)> = (fixed..=last_first)
        .into_par_iter()
        .map(|first| {
            let mut s = vec![Sums::default(); seats];
            if control.is_cancelled() {
                return (s, 0);
            }
            let c = one_range(first..first + 1, &mut s);
            (s, c)
        })
        .collect();
    let mut count = 0;
    for (s, c) in parts {
        for (t, x) in sums.iter_mut().zip(&s) {
            t.add(x);
        }
        count += c;
    }
    count
}

/// Calls `f` with every five-index board of `n` cards whose first `fixed` indices are
/// 0..fixed and whose first dealt index lies in `first` (unused when `fixed` is 5).
fn for_each_board(
    n: usize,
    fixed: usize,
    first: std::ops::Range<usize>,
    f: &mut impl FnMut(&[usize; 5]),
) {
    let mut board = [0usize, 1, 2, 3, 4];
    if fixed == 5 {
        f(&board);
        return;
    }
    fn rest(
        board: &mut [usize; 5],
        slot: usize,
        from: usize,
        n: usize,
        f: &mut impl FnMut(&[usize; 5]),
    ) {
        if slot == 5 {
            f(board);
            return;
        }
        for x in from..=n - (5 - slot) {
            board[slot] = x;
            rest(board, slot + 1, x + 1, n, f);
        }
    }
    for a in first {
        board[fixed] = a;
        rest(&mut board, fixed + 1, a + 1, n, f);
    }
}
