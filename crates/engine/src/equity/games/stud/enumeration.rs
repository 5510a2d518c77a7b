//! Stud's exact enumeration: each seat's completions listed once, then every combination of
//! disjoint completions visited — plainly, or through a subset index of the later seats'
//! completions by the cards they use when that is cheaper (`IndexPlan`).

use super::StudMatchup;
use crate::cards::{Card, CardSet};
use crate::equity::games::{credit, GameTally, SeatValue, Sums};
use crate::equity::run::RunSettings;
use crate::range::for_each_subset;
use rayon::prelude::*;

/// One way a seat's unknown cards can come.
#[derive(Clone, Copy, Debug)]
pub(super) struct Completion {
    mask: u64,
    weight: f64,
    value: SeatValue,
}

/// A walk over every combination of disjoint completions, and what it sums.
struct Visit<'a> {
    lists: &'a [Vec<Completion>],
    hi_lo: bool,
    values: Vec<SeatValue>,
    sums: Vec<Sums>,
    deals: u64,
}

impl<'a> Visit<'a> {
    fn new(lists: &'a [Vec<Completion>], hi_lo: bool) -> Visit<'a> {
        Visit {
            lists,
            hi_lo,
            values: vec![SeatValue::default(); lists.len()],
            sums: vec![Sums::default(); lists.len()],
            deals: 0,
        }
    }

    /// Every combination from seat `k` on, the seats before holding `used` with the
    /// product of their weights `weight`.
    fn from(&mut self, k: usize, used: u64, weight: f64) {
        if k == self.lists.len() {
            credit(&self.values, self.hi_lo, weight, &mut self.sums);
            self.deals += 1;
            return;
        }
        for c in &self.lists[k] {
            if c.mask & used == 0 {
                self.values[k] = c.value;
                self.from(k + 1, used | c.mask, weight * c.weight);
            }
        }
    }
}

impl StudMatchup {
    /// Every completion of seat `i` from `live` (with `extra`, the community card, added):
    /// the cards it adds (range hand and draw), their weight and the seat's value.
    pub(super) fn completions(
        &self,
        i: usize,
        live: &[Card],
        extra: Option<Card>,
    ) -> Vec<Completion> {
        let draw = self.draws()[i];
        let seat = &self.seats[i];
        let hands: Vec<(CardSet, f64)> = if self.combos[i].is_empty() {
            vec![(CardSet::EMPTY, 1.0)]
        } else {
            self.combos[i]
                .iter()
                .filter(|(c, _)| extra.is_none_or(|e| !c.contains(e)))
                .copied()
                .collect()
        };
        let mut out = Vec::new();
        let mut cards: Vec<Card> = Vec::with_capacity(7);
        for (hand, weight) in hands {
            let rest: Vec<Card> = live
                .iter()
                .copied()
                .filter(|&c| !hand.contains(c))
                .collect();
            for_each_subset(&rest, draw, &mut |drawn: CardSet| {
                cards.clear();
                cards.extend(seat.down.iter().chain(&seat.up).copied());
                cards.extend(hand.iter());
                cards.extend(drawn.iter());
                cards.extend(extra);
                out.push(Completion {
                    mask: hand.union(drawn).bits(),
                    weight,
                    value: self.value(&cards),
                });
            });
        }
        out
    }

    /// How the subset index runs, when it serves: no community card, the seats indexed
    /// small enough to hold, and cheaper than visiting every combination. The index walks
    /// the other seats' combinations and looks up every subset of their cards; the seat
    /// indexed is the one that makes this cheapest (the one with the most completions, as
    /// a rule). Hi/lo takes a second pass, another seat indexed, for the first one's hand
    /// types, and each lookup runs through the group's low scores.
    /// Bytes the exact run holds at its peak: every seat's completion list, and the
    /// subset index where the run builds one, with the raw groups it is built from
    /// (measured: `(As Kd) 7c` against `(Qh Qc) 8d` peaks at 125 MB of process memory,
    /// about 110 MB of it the index; 35 bytes an entry matches that).
    pub(super) fn exact_bytes(&self) -> f64 {
        const INDEX_ENTRY_BYTES: f64 = 35.0;
        let sizes = self.list_sizes(self.live.len());
        let lists: f64 = sizes.iter().sum::<f64>() * std::mem::size_of::<Completion>() as f64;
        let index = self.index_plan().map_or(0.0, |plan| {
            let bits = |k: usize| {
                let combos = &self.combos[k];
                self.draws()[k] as i32 + if combos.is_empty() { 0 } else { 2 }
            };
            [Some(plan.indexed), plan.second]
                .into_iter()
                .flatten()
                .map(|k| sizes[k] * 2f64.powi(bits(k)) * INDEX_ENTRY_BYTES)
                .fold(0.0, f64::max)
        });
        lists + index
    }

    pub(super) fn index_plan(&self) -> Option<IndexPlan> {
        if self.community {
            return None;
        }
        let sizes = self.list_sizes(self.live.len());
        let bits: Vec<i32> = self
            .draws()
            .iter()
            .zip(&self.combos)
            .map(|(&draw, combos)| (draw + if combos.is_empty() { 0 } else { 2 }) as i32)
            .collect();
        let per_lookup = VISITS_PER_LOOKUP
            * if self.game.is_hi_lo() {
                HI_LO_LOOKUP_FACTOR
            } else {
                1.0
            };
        let cost = |indexed: usize| -> Option<f64> {
            if sizes[indexed] * 2f64.powi(bits[indexed]) > MAX_INDEXED {
                return None;
            }
            let walked: f64 = (0..sizes.len())
                .filter(|&i| i != indexed)
                .map(|i| sizes[i])
                .product();
            let subsets: i32 = (0..bits.len())
                .filter(|&i| i != indexed)
                .map(|i| bits[i])
                .sum();
            let build = sizes[indexed] * 2f64.powi(bits[indexed]);
            Some(walked * 2f64.powi(subsets) * per_lookup + build * VISITS_PER_LOOKUP)
        };
        let mut costs: Vec<(usize, f64)> = (0..sizes.len())
            .filter_map(|k| cost(k).map(|c| (k, c)))
            .collect();
        costs.sort_by(|a, b| a.1.total_cmp(&b.1));
        let (indexed, first) = *costs.first()?;
        let (second, work) = if self.game.is_hi_lo() {
            let (k, c) = *costs.get(1)?;
            (Some(k), first + c)
        } else {
            (None, first)
        };
        (work < self.visits()).then_some(IndexPlan {
            indexed,
            second,
            work,
        })
    }
}

/// How the subset index runs (`StudMatchup::index_plan`).
#[derive(Clone, Copy, Debug)]
pub(super) struct IndexPlan {
    /// The seat looked up.
    indexed: usize,
    /// Hi/lo: the seat looked up in the second pass, for the first one's hand types.
    second: Option<usize>,
    /// The work, in visits.
    pub(super) work: f64,
}

/// A hi/lo lookup's cost against a high-only one (it runs through the group's low scores;
/// measured on 3rd street heads-up: 0.87 s a pass against 0.61 s).
const HI_LO_LOOKUP_FACTOR: f64 = 1.5;

/// Completions × subsets the heads-up index may hold (about 150 MB).
const MAX_INDEXED: f64 = 1.2e7;

/// Exact work of one subset lookup of the heads-up index, in visits (measured: hashing
/// and two binary searches).
const VISITS_PER_LOOKUP: f64 = 30.0;

/// A seat's completions grouped by every subset of their cards: for each subset, the
/// values of the completions holding it, sorted, with running weights. With it, the
/// completions of one seat that avoid the cards of the other's are counted by inclusion
/// and exclusion over the subsets of those cards, a few binary searches each, instead of
/// visiting them one by one.
struct SubsetIndex {
    groups: std::collections::HashMap<u64, Group>,
}

/// The completions holding one subset of cards.
struct Group {
    /// Values, ascending.
    values: Vec<u32>,
    /// Weight of the completions before each place (one more entry than `values`).
    weight_before: Vec<f64>,
    /// Each hand category's places `[start, end)` among `values` (a category is a run of
    /// values: a value has one category, and categories rise or fall with the value).
    /// High-only games (one run of lows) only.
    categories: [(u32, u32); 9],
    /// Hi/lo: the completions sorted by low score, then by value; each low score's places
    /// `(low, start, end)` (one run of low 0 in high-only games).
    lows: Vec<(u8, u32, u32)>,
}

impl Group {
    /// The place of the first value not below `v`, and of the first above it.
    fn places(&self, v: u32) -> (usize, usize) {
        let lo = self.values.partition_point(|&x| x < v);
        (lo, lo + self.values[lo..].partition_point(|&x| x <= v))
    }

    /// Weight of the completions in places `[from, to)`.
    fn weight(&self, from: usize, to: usize) -> f64 {
        self.weight_before[to] - self.weight_before[from]
    }
}

/// Every subset of `mask`'s cards (the empty one included), with its size.
fn for_each_submask(mask: u64, mut each: impl FnMut(u64, u32)) {
    let mut sub = mask;
    loop {
        each(sub, sub.count_ones());
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & mask;
    }
}

impl SubsetIndex {
    fn new(list: &[Completion]) -> SubsetIndex {
        let mut raw: std::collections::HashMap<u64, Vec<(u32, f64, u8, u8)>> = Default::default();
        for c in list {
            for_each_submask(c.mask, |sub, _| {
                raw.entry(sub).or_default().push((
                    c.value.high,
                    c.weight,
                    c.value.category,
                    c.value.low,
                ))
            });
        }
        let groups = raw
            .into_iter()
            .map(|(sub, mut entries)| {
                entries.sort_unstable_by_key(|e| (e.3, e.0));
                let mut lows: Vec<(u8, u32, u32)> = Vec::new();
                for (i, e) in entries.iter().enumerate() {
                    match lows.last_mut() {
                        Some(run) if run.0 == e.3 => run.2 = i as u32 + 1,
                        _ => lows.push((e.3, i as u32, i as u32 + 1)),
                    }
                }
                let mut weight_before = Vec::with_capacity(entries.len() + 1);
                let mut acc = 0.0;
                weight_before.push(0.0);
                let mut categories = [(u32::MAX, 0u32); 9];
                for (i, e) in entries.iter().enumerate() {
                    acc += e.1;
                    weight_before.push(acc);
                    let c = &mut categories[e.2 as usize];
                    c.0 = c.0.min(i as u32);
                    c.1 = i as u32 + 1;
                }
                for c in categories.iter_mut().filter(|c| c.0 == u32::MAX) {
                    *c = (0, 0);
                }
                let values = entries.into_iter().map(|e| e.0).collect();
                (
                    sub,
                    Group {
                        values,
                        weight_before,
                        categories,
                        lows,
                    },
                )
            })
            .collect();
        SubsetIndex { groups }
    }
}

/// A walk over every combination of the seats but the indexed one, each settled against
/// the indexed seat's completions through its subset index.
struct IndexWalk<'a> {
    lists: &'a [Vec<Completion>],
    /// Whether the pot splits with an 8-or-better low.
    hi_lo: bool,
    /// The seat looked up in the index.
    indexed: usize,
    /// The seats walked, in order (every seat but the indexed one).
    outer: &'a [usize],
    index: &'a SubsetIndex,
    values: Vec<SeatValue>,
    sums: Vec<Sums>,
    deals: u64,
    lookups: u64,
}

impl IndexWalk<'_> {
    /// Every combination of the outer seats from the `k`-th on.
    fn from(&mut self, k: usize, used: u64, weight: f64) {
        if k == self.outer.len() {
            self.settle(used, weight);
            return;
        }
        let seat = self.outer[k];
        for c in &self.lists[seat] {
            if c.mask & used == 0 {
                self.values[seat] = c.value;
                self.from(k + 1, used | c.mask, weight * c.weight);
            }
        }
    }

    /// One combination of the outer seats (holding `used`, of weight `w`): the indexed
    /// seat's completions that avoid `used`, weighed below, level with and above the
    /// outer seats' best value (and, above or level, by category) by inclusion and
    /// exclusion over the subsets of `used`. The best outer seats share what the indexed
    /// seat does not beat and tie with it where it is level; the indexed seat takes what
    /// it beats.
    fn settle(&mut self, used: u64, w: f64) {
        if self.hi_lo {
            self.settle_hi_lo(used, w);
            return;
        }
        let best = self
            .outer
            .iter()
            .map(|&s| self.values[s].high)
            .max()
            .unwrap_or(0);
        let level = self
            .outer
            .iter()
            .filter(|&&s| self.values[s].high == best)
            .count() as f64;
        let (mut below, mut equal, mut all, mut all_n) = (0.0, 0.0, 0.0, 0i64);
        // The indexed seat's weight at or above the best, by its category.
        let mut types = [0.0f64; 9];
        for_each_submask(used, |sub, size| {
            let Some(g) = self.index.groups.get(&sub) else {
                return;
            };
            let sign = if size % 2 == 0 { 1.0 } else { -1.0 };
            let (lo, hi) = g.places(best);
            let n = g.values.len();
            below += sign * g.weight(0, lo);
            equal += sign * g.weight(lo, hi);
            all += sign * g.weight(0, n);
            all_n += if size % 2 == 0 { n as i64 } else { -(n as i64) };
            for (t, &(start, end)) in types.iter_mut().zip(&g.categories) {
                let (start, end) = (start as usize, end as usize);
                if end > lo {
                    *t += sign * g.weight(start.max(lo), end);
                }
            }
        });
        self.lookups += 1 << used.count_ones();
        self.deals += all_n as u64;
        let above = all - below - equal;
        for &seat in self.outer {
            let s = &mut self.sums[seat];
            s.weight += w * all;
            let v = self.values[seat];
            if v.high != best {
                continue;
            }
            s.equity += w * (below / level + equal / (level + 1.0));
            if level == 1.0 {
                s.win += w * below;
                s.scoop += w * below;
            } else {
                s.tie += w * below;
            }
            s.tie += w * equal;
            s.hand_types[v.category as usize] += w * (below + equal);
        }
        let s = &mut self.sums[self.indexed];
        s.weight += w * all;
        s.win += w * above;
        s.scoop += w * above;
        s.tie += w * equal;
        s.equity += w * (above + equal / (level + 1.0));
        for (h, t) in s.hand_types.iter_mut().zip(types) {
            *h += w * t;
        }
    }

    /// Hi/lo: the indexed seat's completions that avoid `used`, weighed in twelve classes
    /// — its value below, level with or above the outer seats' best, and its low none,
    /// worse than, level with or better than their best low — by inclusion and exclusion
    /// over the subsets of `used`. Each class is credited as one showdown with a stand-in
    /// for the indexed seat that compares the same way, so the pot splits by the same rule
    /// as every other showdown. The outer seats' sums are right; the indexed seat's hand
    /// types are not (the stand-in has none), so its sums come from another pass.
    fn settle_hi_lo(&mut self, used: u64, w: f64) {
        let outer = || self.outer.iter().map(|&s| self.values[s]);
        let best = outer().map(|v| v.high).max().unwrap_or(0);
        let best_low = outer().map(|v| v.low).max().unwrap_or(0);
        // [value below, level, above][low none, worse, level, better].
        let mut classes = [[0.0f64; 4]; 3];
        let mut all_n = 0i64;
        for_each_submask(used, |sub, size| {
            let Some(g) = self.index.groups.get(&sub) else {
                return;
            };
            let sign = if size % 2 == 0 { 1.0 } else { -1.0 };
            let n = g.values.len() as i64;
            all_n += if size % 2 == 0 { n } else { -n };
            for &(low, start, end) in &g.lows {
                let (start, end) = (start as usize, end as usize);
                let run = &g.values[start..end];
                let lo = start + run.partition_point(|&x| x < best);
                let hi = lo + g.values[lo..end].partition_point(|&x| x <= best);
                let class = match low {
                    0 => 0,
                    l if l < best_low => 1,
                    l if l == best_low => 2,
                    _ => 3,
                };
                classes[0][class] += sign * g.weight(start, lo);
                classes[1][class] += sign * g.weight(lo, hi);
                classes[2][class] += sign * g.weight(hi, end);
            }
        });
        self.lookups += 1 << used.count_ones();
        self.deals += all_n as u64;
        for (h, row) in classes.iter().enumerate() {
            for (l, &weight) in row.iter().enumerate() {
                if weight == 0.0 {
                    continue;
                }
                self.values[self.indexed] = SeatValue {
                    high: [best.saturating_sub(1), best, best + 1][h],
                    low: [
                        0,
                        best_low.saturating_sub(1),
                        best_low,
                        best_low.saturating_add(1),
                    ][l],
                    category: 0,
                };
                credit(&self.values, true, w * weight, &mut self.sums);
            }
        }
    }
}

/// The subset index's enumeration with `indexed` the seat looked up: every combination of
/// the other seats (the first of them shared among the threads) settled against it. Every
/// seat's sums.
fn indexed_pass(
    lists: &[Vec<Completion>],
    indexed: usize,
    hi_lo: bool,
    control: &crate::equity::RunControl,
) -> (Vec<Sums>, u64) {
    let index = SubsetIndex::new(&lists[indexed]);
    let outer: Vec<usize> = (0..lists.len()).filter(|&i| i != indexed).collect();
    let first = outer[0];
    let empty = || (vec![Sums::default(); lists.len()], 0u64);
    lists[first]
        .par_chunks(64)
        .map(|chunk| {
            if control.is_cancelled() {
                return empty();
            }
            let mut walk = IndexWalk {
                lists,
                hi_lo,
                indexed,
                outer: &outer,
                index: &index,
                values: vec![SeatValue::default(); lists.len()],
                sums: vec![Sums::default(); lists.len()],
                deals: 0,
                lookups: 0,
            };
            for c in chunk {
                walk.values[first] = c.value;
                walk.from(1, c.mask, c.weight);
            }
            control
                .progress()
                .add_work(walk.lookups * VISITS_PER_LOOKUP as u64);
            (walk.sums, walk.deals)
        })
        .reduce(empty, |mut a, b| {
            for (x, y) in a.0.iter_mut().zip(&b.0) {
                x.add(y);
            }
            a.1 += b.1;
            a
        })
}

/// Exact: every completion of every seat (the first seat's shared among the threads, or
/// the community cards when there is one); heads-up without a low half, by the subset
/// index.
pub(super) fn exact(m: &StudMatchup, settings: &RunSettings, use_index: bool) -> GameTally {
    let seats = m.seats.len();
    let hi_lo = m.game.is_hi_lo();
    let control = &settings.control;
    let merge = |mut a: (Vec<Sums>, u64), b: (Vec<Sums>, u64)| {
        for (x, y) in a.0.iter_mut().zip(&b.0) {
            x.add(y);
        }
        a.1 += b.1;
        a
    };
    let empty = || (vec![Sums::default(); seats], 0u64);
    let (sums, deals) = if m.community {
        m.live
            .par_iter()
            .map(|&c| {
                if control.is_cancelled() {
                    return empty();
                }
                let live: Vec<Card> = m.live.iter().copied().filter(|&x| x != c).collect();
                let lists: Vec<Vec<Completion>> = (0..seats)
                    .map(|i| m.completions(i, &live, Some(c)))
                    .collect();
                let mut walk = Visit::new(&lists, hi_lo);
                walk.from(0, 0, 1.0);
                control.progress().add_work(walk.deals);
                (walk.sums, walk.deals)
            })
            .reduce(empty, merge)
    } else {
        let lists: Vec<Vec<Completion>> = (0..seats)
            .into_par_iter()
            .map(|i| m.completions(i, &m.live, None))
            .collect();
        if let Some(plan) = m.index_plan().filter(|_| use_index) {
            let (mut sums, deals) = indexed_pass(&lists, plan.indexed, hi_lo, control);
            // Hi/lo: the indexed seat's own sums from a pass that walks it.
            if let Some(second) = plan.second {
                let (others, _) = indexed_pass(&lists, second, hi_lo, control);
                sums[plan.indexed] = others[plan.indexed].clone();
            }
            return GameTally::of_sums(&sums, deals, deals, false);
        }
        lists[0]
            .par_chunks(64)
            .map(|chunk| {
                if control.is_cancelled() {
                    return empty();
                }
                let mut walk = Visit::new(&lists, hi_lo);
                for c in chunk {
                    walk.values[0] = c.value;
                    walk.from(1, c.mask, c.weight);
                }
                control.progress().add_work(walk.deals);
                (walk.sums, walk.deals)
            })
            .reduce(empty, merge)
    };
    GameTally::of_sums(&sums, deals, deals, false)
}
