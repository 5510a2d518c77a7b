//! Hold'em heads-up, exact, on one flop: every live combo of both ranges against the
//! other range over the 1,081 turn-and-river runouts (fewer with dead cards).
//!
//! Why it is fast:
//! - On a runout a combo that cannot make a flush is worth what its two ranks are
//!   worth: one evaluation per rank pair (at most 91), plus one per combo that can make
//!   a flush, and ordering the runout sorts those few keys, not 2,652 combos.
//! - The sorted keys are swept keeping each range's weight below the current value, in
//!   total and per card. A combo's wins are that total less the weight on its two cards
//!   (the combos sharing a card), its ties the same sums just after its own level
//!   (win + tie/2 = (before + after) / 2).
//! - Those sums are gathered per rank pair, not per combo: a rank pair's combos share
//!   its level, so the runout adds the total once and each of its (at most eight) cards
//!   once, and a combo's sums are read off its pair's at the end. The few combos that
//!   differ from their pair on a runout (a card on the turn or river, or a flush
//!   possible) are corrected one by one.
//! - How often a combo meets the other range does not depend on the runout: it is
//!   counted once per flop.

use crate::cards::{Card, CardSet};
use crate::eval::Hand;
use crate::range::{Combo, HandRange, COMBOS};

/// Per card sums of both ranges' weights, and their totals ([`TOTAL`]). Lane 0 holds
/// range 2's weight and lane 1 range 1's: each lane is what the *other* range's combo
/// is measured against, so one two-lane subtraction serves a combo of either range.
/// 64 entries, so a card index masked to six bits needs no bounds check.
type CardSums = [[f64; 2]; 64];

/// Where [`CardSums`] keeps the totals.
const TOTAL: usize = 52;

/// Each live combo's sums over the runouts of one flop, per range (0 and 1).
pub(crate) struct FlopSums {
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

/// The combos of one rank pair.
struct Group {
    /// The ranks, high then low.
    ranks: (u8, u8),
    /// Its combos: `first..end` in the live list.
    first: usize,
    end: usize,
    /// Its cards that some combo holds (the first `card_count` of eight).
    cards: [u8; 8],
    card_count: usize,
    /// Per card of `cards`: the (swapped) weight of the combos holding it.
    card_weight: [[f64; 2]; 8],
    /// The (swapped) weight of all its combos.
    weight: [f64; 2],
    /// Per suit, its suited combo of that suit, if live (a flush with three on board).
    suited: [Option<u16>; 4],
}

/// Sums gathered per rank pair over the runouts: before and after its level, in total
/// and per card of the pair.
#[derive(Clone, Default)]
struct GroupSums {
    before_total: [f64; 2],
    after_total: [f64; 2],
    before: [[f64; 2]; 8],
    after: [[f64; 2]; 8],
}

/// The live combos of both ranges on a flop, grouped by rank pair.
struct Live {
    combos: Vec<Combo>,
    bits: Vec<u64>,
    cards: Vec<(u8, u8)>,
    suits: Vec<(u8, u8)>,
    /// Each combo's cards' places in its group's `cards`.
    slots: Vec<(u8, u8)>,
    group_of: Vec<u16>,
    weight: [Vec<f64>; 2],
    /// Lane 0 the weight in range 2, lane 1 in range 1 (see [`CardSums`]).
    swapped: Vec<[f64; 2]>,
    groups: Vec<Group>,
}

fn live(ranges: [&HandRange; 2], blocked: CardSet) -> Live {
    let mut list: Vec<((u8, u8), Combo)> = (0..COMBOS)
        .filter_map(Combo::from_index)
        .filter(|c| !c.card_set().intersects(blocked))
        .filter(|&c| ranges[0].weight(c) > 0.0 || ranges[1].weight(c) > 0.0)
        .map(|c| {
            let (a, b) = c.cards();
            ((a.rank().max(b.rank()), a.rank().min(b.rank())), c)
        })
        .collect();
    list.sort_unstable();
    let combos: Vec<Combo> = list.iter().map(|&(_, c)| c).collect();
    let n = combos.len();
    let weight = [0, 1].map(|r| {
        combos
            .iter()
            .map(|&c| f64::from(ranges[r].weight(c)))
            .collect()
    });
    let swapped: Vec<[f64; 2]> = combos
        .iter()
        .map(|&c| {
            [
                f64::from(ranges[1].weight(c)),
                f64::from(ranges[0].weight(c)),
            ]
        })
        .collect();
    let cards: Vec<(u8, u8)> = combos
        .iter()
        .map(|c| (c.cards().0.index_u8(), c.cards().1.index_u8()))
        .collect();
    let mut groups: Vec<Group> = Vec::new();
    let mut slots = vec![(0u8, 0u8); n];
    let mut group_of = vec![0u16; n];
    for (k, &(ranks, combo)) in list.iter().enumerate() {
        if groups.last().is_none_or(|g| g.ranks != ranks) {
            groups.push(Group {
                ranks,
                first: k,
                end: k,
                cards: [0; 8],
                card_count: 0,
                card_weight: [[0.0; 2]; 8],
                weight: [0.0; 2],
                suited: [None; 4],
            });
        }
        let g = groups.last_mut().expect("just pushed");
        g.end = k + 1;
        let w = swapped[k];
        g.weight[0] += w[0];
        g.weight[1] += w[1];
        let mut slot_of = |card: u8| -> u8 {
            let i = g.cards[..g.card_count]
                .iter()
                .position(|&c| c == card)
                .unwrap_or_else(|| {
                    g.card_count += 1;
                    g.cards[g.card_count - 1] = card;
                    g.card_count - 1
                });
            g.card_weight[i][0] += w[0];
            g.card_weight[i][1] += w[1];
            i as u8
        };
        slots[k] = (slot_of(cards[k].0), slot_of(cards[k].1));
        group_of[k] = (groups.len() - 1) as u16;
        let (a, b) = combo.cards();
        if a.suit() == b.suit() {
            groups.last_mut().expect("just pushed").suited[a.suit() as usize] = Some(k as u16);
        }
    }
    Live {
        bits: combos.iter().map(|c| c.card_set().bits()).collect(),
        suits: combos
            .iter()
            .map(|c| (c.cards().0.suit(), c.cards().1.suit()))
            .collect(),
        combos,
        cards,
        slots,
        group_of,
        weight,
        swapped,
        groups,
    }
}

/// One item of a runout's order: a rank pair's pooled combos, or one combo alone.
#[derive(Clone, Copy)]
enum Item {
    /// Group `g`; its combos set apart this runout are `excluded[from..to]`.
    Group { g: u16, from: u32, to: u32 },
    /// A combo that can make a flush, valued alone.
    Alone(u16),
}

#[inline(always)]
fn add(sums: &mut CardSums, (a, b): (u8, u8), w: [f64; 2]) {
    for x in [TOTAL, a as usize & 63, b as usize & 63] {
        sums[x][0] += w[0];
        sums[x][1] += w[1];
    }
}

#[inline(always)]
fn sub(sums: &mut CardSums, (a, b): (u8, u8), w: [f64; 2]) {
    for x in [TOTAL, a as usize & 63, b as usize & 63] {
        sums[x][0] -= w[0];
        sums[x][1] -= w[1];
    }
}

/// The weight of the sums' combos that share no card with (a, b), counting the combo
/// (a, b) itself, if summed, as −1 times its weight.
#[inline(always)]
fn without(sums: &CardSums, (a, b): (u8, u8)) -> [f64; 2] {
    let (t, x, y) = (sums[TOTAL], sums[a as usize & 63], sums[b as usize & 63]);
    [t[0] - x[0] - y[0], t[1] - x[1] - y[1]]
}

#[inline(always)]
fn accumulate(to: &mut [f64; 2], x: [f64; 2]) {
    to[0] += x[0];
    to[1] += x[1];
}

#[inline(always)]
fn take(to: &mut [f64; 2], x: [f64; 2]) {
    to[0] -= x[0];
    to[1] -= x[1];
}

/// One flop's sums: both ranges' live combos against each other over every runout
/// from the cards not on the flop and not `dead`.
///
/// One function because it is the Flops report's hot loop over runouts and rank pairs,
/// whose sums stay in registers.
pub(crate) fn flop_sums(ranges: [&HandRange; 2], flop: [Card; 3], dead: CardSet) -> FlopSums {
    let flop_set = CardSet::from_cards(&flop).expect("three distinct cards");
    let blocked = flop_set.union(dead);
    let live = live(ranges, blocked);
    let n = live.combos.len();
    // Per combo: what it gets apart from its rank pair (alone, or taken back when set
    // apart), lane r as a combo of range r + 1.
    let mut win = vec![[0.0f64; 2]; n];
    let mut equity2 = vec![[0.0f64; 2]; n];
    let mut pooled = vec![GroupSums::default(); live.groups.len()];
    let rest: Vec<Card> = blocked.complement().iter().collect();
    let flop_hand = Hand::from_cards(&flop);
    let mut flop_suits = [0u8; 4];
    for c in flop {
        flop_suits[c.suit() as usize] += 1;
    }
    let mut keys: Vec<(u32, Item)> = Vec::with_capacity(n + 169);
    let mut alone: Vec<u32> = Vec::with_capacity(n);
    let mut excluded: Vec<u16> = Vec::with_capacity(n);
    // Per group, its combos set apart on this runout (`excluded[from..to]`), valid when
    // stamped with the runout's number.
    let mut set_apart = vec![(u32::MAX, 0u32, 0u32); live.groups.len()];
    // The rank pairs' order depends only on the ranks of the turn and river: once per
    // flop and pair of ranks, each (value, group) sorted.
    let mut orders: Vec<Option<Vec<u32>>> = vec![None; 169];
    let mut runout_number = 0u32;
    for (i, &turn) in rest.iter().enumerate() {
        for &river in &rest[i + 1..] {
            runout_number += 1;
            let runout_bits = CardSet::single(turn).union(CardSet::single(river)).bits();
            let runout_ranks = 1u16 << turn.rank() | 1 << river.rank();
            let board = flop_hand.add(turn).add(river);
            let mut suits = flop_suits;
            suits[turn.suit() as usize] += 1;
            suits[river.suit() as usize] += 1;
            let flush = (0..4u8).find(|&s| suits[s as usize] >= 3);
            let flush_count = flush.map_or(0, |s| suits[s as usize]);
            alone.clear();
            excluded.clear();
            // Packed as value << 16 | combo, so sorting sorts plain integers.
            let value_alone = |k: usize, alone: &mut Vec<u32>| {
                let (a, b) = live.cards[k];
                let v = board
                    .add(Card::from_index(a).expect("a card"))
                    .add(Card::from_index(b).expect("a card"))
                    .evaluate();
                alone.push(u32::from(v.get()) << 16 | k as u32);
            };
            for (g, group) in live.groups.iter().enumerate() {
                let (hi, lo) = group.ranks;
                let touched = runout_ranks & (1 << hi | 1 << lo) != 0;
                let from = excluded.len();
                if touched || flush_count >= 4 {
                    let s = flush.unwrap_or(4);
                    for k in group.first..group.end {
                        if live.bits[k] & runout_bits != 0 {
                            excluded.push(k as u16);
                            continue;
                        }
                        let (x, y) = live.suits[k];
                        if flush_count + u8::from(x == s) + u8::from(y == s) >= 5 {
                            value_alone(k, &mut alone);
                            excluded.push(k as u16);
                        }
                    }
                } else if let Some(k) = flush.and_then(|s| group.suited[s as usize]) {
                    // Three of a suit on the board: only the suited combo of it differs.
                    value_alone(k as usize, &mut alone);
                    excluded.push(k);
                } else {
                    continue;
                }
                set_apart[g] = (runout_number, from as u32, excluded.len() as u32);
            }
            let (high, low) = (turn.rank().max(river.rank()), turn.rank().min(river.rank()));
            let order = orders[high as usize * 13 + low as usize].get_or_insert_with(|| {
                let ranks = flop_hand.add(Card::new(high, 0)).add(Card::new(low, 1));
                // Packed as value << 8 | group (at most 91 groups).
                let mut order: Vec<u32> = live
                    .groups
                    .iter()
                    .enumerate()
                    .map(|(g, group)| {
                        let v = ranks
                            .add(Card::new(group.ranks.0, 2))
                            .add(Card::new(group.ranks.1, 3))
                            .evaluate_ignoring_suits();
                        u32::from(v.get()) << 8 | g as u32
                    })
                    .collect();
                order.sort_unstable();
                order
            });
            alone.sort_unstable();
            // The pairs' order and the lone combos', merged; a pair whose every combo
            // is set apart takes no part.
            keys.clear();
            let mut lone = alone.iter().peekable();
            for &packed in order.iter() {
                let (value, g) = (packed >> 8, (packed & 0xFF) as u16);
                while let Some(&&x) = lone.peek() {
                    if x >> 16 > value {
                        break;
                    }
                    keys.push((x >> 16, Item::Alone((x & 0xFFFF) as u16)));
                    lone.next();
                }
                let group = &live.groups[g as usize];
                let (stamp, from, to) = set_apart[g as usize];
                let (from, to) = if stamp == runout_number {
                    (from, to)
                } else {
                    (0, 0)
                };
                if ((to - from) as usize) < group.end - group.first {
                    keys.push((value, Item::Group { g, from, to }));
                }
            }
            keys.extend(lone.map(|&x| (x >> 16, Item::Alone((x & 0xFFFF) as u16))));
            let mut below: CardSums = [[0.0; 2]; 64];
            sweep(
                &live,
                &keys,
                &excluded,
                &mut below,
                &mut pooled,
                &mut win,
                &mut equity2,
            );
        }
    }
    // Each combo's pair sums, plus what it got alone or gave back.
    for k in 0..n {
        let p = &pooled[live.group_of[k] as usize];
        let (sa, sb) = (live.slots[k].0 as usize, live.slots[k].1 as usize);
        for r in 0..2 {
            let before = p.before_total[r] - p.before[sa][r] - p.before[sb][r];
            let after = p.after_total[r] - p.after[sa][r] - p.after[sb][r];
            win[k][r] += before;
            equity2[k][r] += before + after;
        }
    }
    // Its own combo in the other range sits at its level on every runout it is dealt:
    // taken away once per card after the level, added back once.
    let runouts_each = crate::equity::choose(rest.len() as u64 - 2, 2) as f64;
    for (e, w) in equity2.iter_mut().zip(&live.swapped) {
        accumulate(e, [runouts_each * w[0], runouts_each * w[1]]);
    }
    // How often each combo meets the other range: every runout that misses both.
    let runouts = crate::equity::choose(rest.len() as u64 - 4, 2) as f64;
    let mut all: CardSums = [[0.0; 2]; 64];
    for k in 0..n {
        add(&mut all, live.cards[k], live.swapped[k]);
    }
    let total = [0, 1].map(|r| {
        (0..n)
            .map(|k| runouts * (without(&all, live.cards[k])[r] + live.swapped[k][r]))
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

/// Adds what is below now to a rank pair's sums: the total, and each of its cards'.
#[inline(always)]
fn gather(group: &Group, below: &CardSums, total: &mut [f64; 2], cards: &mut [[f64; 2]; 8]) {
    accumulate(total, below[TOTAL]);
    for slot in 0..group.card_count {
        accumulate(&mut cards[slot], below[group.cards[slot] as usize & 63]);
    }
}

/// One runout's sweep over its items in value order, level by level: what is below a
/// level before it and after it, gathered per rank pair or per lone combo.
fn sweep(
    live: &Live,
    keys: &[(u32, Item)],
    excluded: &[u16],
    below: &mut CardSums,
    pooled: &mut [GroupSums],
    win: &mut [[f64; 2]],
    equity2: &mut [[f64; 2]],
) {
    let mut at = 0;
    while at < keys.len() {
        let value = keys[at].0;
        let end = at + keys[at..].iter().take_while(|k| k.0 == value).count();
        let level = &keys[at..end];
        for (_, item) in level {
            match *item {
                Item::Group { g, from, to } => {
                    let p = &mut pooled[g as usize];
                    gather(
                        &live.groups[g as usize],
                        below,
                        &mut p.before_total,
                        &mut p.before,
                    );
                    // Its combos set apart this runout give back what they were counted.
                    for &k in &excluded[from as usize..to as usize] {
                        let before = without(below, live.cards[k as usize]);
                        take(&mut win[k as usize], before);
                        take(&mut equity2[k as usize], before);
                    }
                }
                Item::Alone(k) => {
                    let before = without(below, live.cards[k as usize]);
                    accumulate(&mut win[k as usize], before);
                    accumulate(&mut equity2[k as usize], before);
                }
            }
        }
        for (_, item) in level {
            match *item {
                Item::Group { g, from, to } => {
                    let group = &live.groups[g as usize];
                    accumulate(&mut below[TOTAL], group.weight);
                    for slot in 0..group.card_count {
                        accumulate(
                            &mut below[group.cards[slot] as usize & 63],
                            group.card_weight[slot],
                        );
                    }
                    for &k in &excluded[from as usize..to as usize] {
                        sub(below, live.cards[k as usize], live.swapped[k as usize]);
                    }
                }
                Item::Alone(k) => add(below, live.cards[k as usize], live.swapped[k as usize]),
            }
        }
        for (_, item) in level {
            match *item {
                Item::Group { g, from, to } => {
                    let p = &mut pooled[g as usize];
                    gather(
                        &live.groups[g as usize],
                        below,
                        &mut p.after_total,
                        &mut p.after,
                    );
                    for &k in &excluded[from as usize..to as usize] {
                        take(
                            &mut equity2[k as usize],
                            without(below, live.cards[k as usize]),
                        );
                    }
                }
                Item::Alone(k) => {
                    accumulate(
                        &mut equity2[k as usize],
                        without(below, live.cards[k as usize]),
                    );
                }
            }
        }
        at = end;
    }
}
