//! Hold'em heads-up, exact, on one flop: every live combo of both ranges against the
//! other range over the 1,081 turn-and-river runouts (fewer with dead cards).
//!
//! Why it is fast: on one runout a combo that cannot make a flush is worth what its two
//! ranks are worth, so the runout costs one evaluation per rank pair (at most 91 live
//! ones) plus one per combo that can make a flush, and ordering the runout's values
//! sorts those few keys, not 2,652 combos. The sorted keys are swept once, keeping each
//! range's weight below the current value in total and per card; a combo's wins are
//! that sum less the combos sharing one of its cards, and its ties come from the same
//! sums taken after its own level is added (win + tie/2 = (before + after) / 2). How
//! often a combo meets the other range does not depend on the runout, so it is counted
//! once per flop, not per runout.

use crate::cards::{Card, CardSet};
use crate::eval::Hand;
use crate::range::{Combo, HandRange, COMBOS};

/// Per card sums of both ranges' weights, and their totals (index 52; 64 entries so a
/// card index masked to six bits needs no bounds check). Lane 0 holds
/// range 2's weight and lane 1 range 1's: each lane is what the *other* range's combo
/// is measured against, so one two-lane subtraction serves a combo of either range.
type CardSums = [[f64; 2]; 64];

/// Each live combo's sums over the runouts of one flop, per range (0 and 1).
pub(super) struct FlopSums {
    /// The combos of either range that miss the flop and the dead cards.
    pub combos: Vec<Combo>,
    /// Each combo's weight in each range (0 when not in it).
    pub weight: [Vec<f64>; 2],
    /// The other range's weight it beats, summed over the runouts.
    pub win: [Vec<f64>; 2],
    /// The other range's weight it beats plus half what it ties, summed over runouts.
    pub equity: [Vec<f64>; 2],
    /// The other range's weight it can meet, summed over the runouts.
    pub total: [Vec<f64>; 2],
}

/// Combos grouped by rank pair, with what the runout loop reads of each.
struct Live {
    combos: Vec<Combo>,
    bits: Vec<u64>,
    cards: Vec<(u8, u8)>,
    suits: Vec<(u8, u8)>,
    weight: [Vec<f64>; 2],
    /// (rank pair id, first combo, end): the combos of one rank pair are contiguous.
    groups: Vec<(u16, usize, usize)>,
}

fn live(ranges: [&HandRange; 2], blocked: CardSet) -> Live {
    let mut list: Vec<(u16, Combo)> = (0..COMBOS)
        .filter_map(Combo::from_index)
        .filter(|c| !c.card_set().intersects(blocked))
        .filter(|&c| ranges[0].weight(c) > 0.0 || ranges[1].weight(c) > 0.0)
        .map(|c| {
            let (a, b) = c.cards();
            let (hi, lo) = (a.rank().max(b.rank()), a.rank().min(b.rank()));
            (u16::from(hi) * 13 + u16::from(lo), c)
        })
        .collect();
    list.sort_unstable();
    let mut groups: Vec<(u16, usize, usize)> = Vec::new();
    for (i, &(pair, _)) in list.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if g.0 == pair => g.2 = i + 1,
            _ => groups.push((pair, i, i + 1)),
        }
    }
    let combos: Vec<Combo> = list.iter().map(|&(_, c)| c).collect();
    Live {
        bits: combos.iter().map(|c| c.card_set().bits()).collect(),
        cards: combos
            .iter()
            .map(|c| (c.cards().0.index_u8(), c.cards().1.index_u8()))
            .collect(),
        suits: combos
            .iter()
            .map(|c| (c.cards().0.suit(), c.cards().1.suit()))
            .collect(),
        weight: [0, 1].map(|r| {
            combos
                .iter()
                .map(|&c| f64::from(ranges[r].weight(c)))
                .collect()
        }),
        combos,
        groups,
    }
}

/// Keys at or past this id are single combos that can make a flush (id − FLUSH_ID).
const FLUSH_ID: u32 = 256;

/// One flop's sums: both ranges' live combos against each other over every runout
/// from the cards not on the flop and not `dead`.
pub(super) fn flop_sums(ranges: [&HandRange; 2], flop: [Card; 3], dead: CardSet) -> FlopSums {
    let flop_set = CardSet::from_cards(&flop).expect("three distinct cards");
    let blocked = flop_set.union(dead);
    let live = live(ranges, blocked);
    let n = live.combos.len();
    // Per combo, both lanes: lane r is the combo as a hand of range r + 1.
    let mut win = vec![[0.0f64; 2]; n];
    let mut equity2 = vec![[0.0f64; 2]; n];
    let swapped: Vec<[f64; 2]> = (0..n)
        .map(|k| [live.weight[1][k], live.weight[0][k]])
        .collect();
    let rest: Vec<Card> = blocked.complement().iter().collect();
    let flop_hand = Hand::from_cards(&flop);
    let mut flop_suits = [0u8; 4];
    for c in flop {
        flop_suits[c.suit() as usize] += 1;
    }
    // Per runout scratch: members of each rank pair's level, the sorted keys, and every
    // combo in value order with the ends of its levels.
    let mut members: Vec<u16> = Vec::with_capacity(n);
    let mut span = [(0u32, 0u32); 169];
    let mut keys: Vec<u32> = Vec::with_capacity(n + 169);
    let mut order: Vec<u16> = Vec::with_capacity(n);
    let mut level_ends: Vec<u32> = Vec::with_capacity(n + 169);
    for (i, &turn) in rest.iter().enumerate() {
        for &river in &rest[i + 1..] {
            let runout_bits = CardSet::single(turn).union(CardSet::single(river)).bits();
            let board = flop_hand.add(turn).add(river);
            let mut suits = flop_suits;
            suits[turn.suit() as usize] += 1;
            suits[river.suit() as usize] += 1;
            let flush = (0..4u8).find(|&s| suits[s as usize] >= 3);
            members.clear();
            keys.clear();
            for &(pair, first, end) in &live.groups {
                let start = members.len();
                for k in first..end {
                    if live.bits[k] & runout_bits != 0 {
                        continue;
                    }
                    if let Some(s) = flush {
                        let (x, y) = live.suits[k];
                        let held = u8::from(x == s) + u8::from(y == s);
                        if suits[s as usize] + held >= 5 {
                            let (a, b) = live.cards[k];
                            let v = board
                                .add(Card::from_index(a).expect("a card"))
                                .add(Card::from_index(b).expect("a card"))
                                .evaluate();
                            keys.push(u32::from(v.get()) << 16 | (FLUSH_ID + k as u32));
                            continue;
                        }
                    }
                    members.push(k as u16);
                }
                if members.len() > start {
                    let (hi, lo) = ((pair / 13) as u8, (pair % 13) as u8);
                    let v = board
                        .add(Card::new(hi, 0))
                        .add(Card::new(lo, 1))
                        .evaluate_ignoring_suits();
                    span[pair as usize] = (start as u32, members.len() as u32);
                    keys.push(u32::from(v.get()) << 16 | u32::from(pair));
                }
            }
            keys.sort_unstable();
            order.clear();
            level_ends.clear();
            for (j, &key) in keys.iter().enumerate() {
                if j > 0 && key >> 16 != keys[j - 1] >> 16 {
                    level_ends.push(order.len() as u32);
                }
                let id = key & 0xFFFF;
                if id >= FLUSH_ID {
                    order.push((id - FLUSH_ID) as u16);
                } else {
                    let (s, e) = span[id as usize];
                    order.extend_from_slice(&members[s as usize..e as usize]);
                }
            }
            level_ends.push(order.len() as u32);
            sweep(
                &live.cards,
                &swapped,
                &order,
                &level_ends,
                &mut win,
                &mut equity2,
            );
        }
    }
    // How often each combo meets the other range: every runout that misses both.
    let runouts = crate::equity::choose(rest.len() as u64 - 4, 2) as f64;
    let mut all: CardSums = [[0.0; 2]; 64];
    for k in 0..n {
        add(&mut all, live.cards[k], swapped[k]);
    }
    let total = [0, 1].map(|r| {
        (0..n)
            .map(|k| runouts * (without(&all, live.cards[k])[r] + swapped[k][r]))
            .collect()
    });
    FlopSums {
        combos: live.combos,
        equity: [0, 1].map(|r| equity2.iter().map(|e| e[r] / 2.0).collect()),
        win: [0, 1].map(|r| win.iter().map(|w| w[r]).collect()),
        weight: live.weight,
        total,
    }
}

#[inline(always)]
fn add(sums: &mut CardSums, (a, b): (u8, u8), w: [f64; 2]) {
    for x in [TOTAL, a as usize & 63, b as usize & 63] {
        sums[x][0] += w[0];
        sums[x][1] += w[1];
    }
}

/// Where [`CardSums`] keeps the totals.
const TOTAL: usize = 52;

/// The weight of the sums' combos that share no card with (a, b), counting the combo
/// (a, b) itself, if summed, as −1 times its weight.
#[inline(always)]
fn without(sums: &CardSums, (a, b): (u8, u8)) -> [f64; 2] {
    let (t, x, y) = (sums[TOTAL], sums[a as usize & 63], sums[b as usize & 63]);
    [t[0] - x[0] - y[0], t[1] - x[1] - y[1]]
}

/// One runout's sweep over every combo in value order, level by level (`level_ends`).
fn sweep(
    cards: &[(u8, u8)],
    swapped: &[[f64; 2]],
    order: &[u16],
    level_ends: &[u32],
    win: &mut [[f64; 2]],
    equity2: &mut [[f64; 2]],
) {
    let mut below: CardSums = [[0.0; 2]; 64];
    let mut start = 0;
    for &end in level_ends {
        let level = &order[start..end as usize];
        for &k in level {
            let k = k as usize;
            let before = without(&below, cards[k]);
            for r in 0..2 {
                win[k][r] += before[r];
                equity2[k][r] += before[r];
            }
        }
        // The total in a register: summed in memory, each add would wait for the last.
        let mut total = below[TOTAL];
        for &k in level {
            let k = k as usize;
            let (a, b) = cards[k];
            let w = swapped[k];
            for x in [a as usize & 63, b as usize & 63] {
                below[x][0] += w[0];
                below[x][1] += w[1];
            }
            total[0] += w[0];
            total[1] += w[1];
        }
        below[TOTAL] = total;
        for &k in level {
            let k = k as usize;
            // The combo itself, in the other range at this level, was taken away once
            // per card: add it back once.
            let after = without(&below, cards[k]);
            for r in 0..2 {
                equity2[k][r] += after[r] + swapped[k][r];
            }
        }
        start = end as usize;
    }
}
