//! Builds the evaluator's lookup tables. Compiled twice: into `build.rs`, which writes
//! the tables as Rust statics at compile time, and into the crate's tests, which check
//! the keys really are collision free. It uses nothing but `std`.
//!
//! The scheme (after the public "rank key + perfect hash" evaluators):
//! - every rank has a base number chosen so that the sums over any multiset of at most
//!   7 ranks (each rank at most 4 times) are all different; a hand's rank key is the
//!   sum of its cards' bases, so adding a card is one addition;
//! - the keys of 5-, 6- and 7-card multisets (73,775 of them, all below 2^25) are
//!   scattered by an odd multiplier and packed into one small table by row
//!   displacement: `h = scatter(key); index = h + OFFSETS[h >> ROW_SHIFT]`;
//! - scattering is linear modulo 2^25, so cards carry their bases already scattered:
//!   the running sum is the scattered key, or it plus 2^25 (the multiplier keeps seven
//!   cards below 2^26), and the row offsets are held twice, the second copy taking 2^25
//!   off (`CARRIES`): no multiply, no mask; every row offset is kept inside the table so
//!   that the lookup needs no bounds check;
//! - flushes are looked up by the 13 rank bits of the flush suit, in the same value
//!   table after the rank part (`FLUSH_START`).
//!
//! Values are `category << 12 | order within category`, so comparing two `u16`s compares
//! two hands and `value >> 12` is the category.

#![allow(dead_code)]

/// Per-rank key bases (deuce first), found by a greedy search: the smallest increasing
/// numbers keeping all multiset sums of up to 7 cards (≤ 4 per rank) distinct.
pub const RANK_BASES: [u32; 13] = [
    1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520,
];

/// Rank keys stay below 2^25; multiplying by an odd number modulo 2^25 is a bijection
/// on them that scatters the clustered keys, so the rows pack densely (80,719 slots for
/// 73,775 keys, against 224 K for the raw keys). This multiplier, found by a scan of
/// all 2^24 odd ones, also keeps the scattered bases small enough that any seven cards
/// (at most four of a rank) sum below 2^26 (`largest_seven_card_key`): one carry past
/// 2^25 at most.
pub const HASH_MULT: u32 = 0x006E_1E6F;
pub const HASH_BITS: u32 = 25;

/// Row width of the displacement table is `1 << ROW_SHIFT`.
pub const ROW_SHIFT: u32 = 12;

/// The scattered key that indexes the displacement table.
#[inline(always)]
pub const fn scatter(rank_key: u32) -> u32 {
    rank_key.wrapping_mul(HASH_MULT) & ((1 << HASH_BITS) - 1)
}

/// Scattering is linear modulo 2^25, so a hand can sum its cards' *scattered* bases and
/// skip the multiply. The sum of up to seven is below 2 · 2^25 (see `HASH_MULT`): the
/// reduction modulo 2^25 is left to the table, which holds its row offsets twice, the
/// second copy taking 2^25 off, so `index = key + OFFSETS[key >> ROW_SHIFT]` with no
/// mask and no second shift.
pub const CARRIES: usize = 2;

/// Rows of the displacement table proper (2^13), and with their repeats.
pub const ROWS: usize = 1 << (HASH_BITS - ROW_SHIFT);
pub const WIDE_ROWS: usize = ROWS * CARRIES;

/// Sums of up to seven scattered bases (at most four of a rank) are below this.
pub const KEY_LIMIT: u32 = (CARRIES as u32) << HASH_BITS;

/// The largest sum of seven scattered bases with at most four of a rank: four of the
/// largest base and three of the next.
pub const fn largest_seven_card_key() -> u32 {
    let (mut first, mut second) = (0, 0);
    let mut rank = 0;
    while rank < 13 {
        let base = scattered_base(rank);
        if base > first {
            second = first;
            first = base;
        } else if base > second {
            second = base;
        }
        rank += 1;
    }
    4 * first + 3 * second
}

/// A card's rank part of the running key: its scattered base.
pub const fn scattered_base(rank: usize) -> u32 {
    scatter(RANK_BASES[rank])
}

/// Category codes (the `HandCategory` discriminants).
pub const HIGH_CARD: u32 = 0;
pub const PAIR: u32 = 1;
pub const TWO_PAIR: u32 = 2;
pub const THREE_OF_A_KIND: u32 = 3;
pub const STRAIGHT: u32 = 4;
pub const FLUSH: u32 = 5;
pub const FULL_HOUSE: u32 = 6;
pub const FOUR_OF_A_KIND: u32 = 7;
pub const STRAIGHT_FLUSH: u32 = 8;

/// A comparable strength of the best five cards: `category << 20 | five 4-bit ranks`.
fn raw(category: u32, ranks: &[u32]) -> u32 {
    let mut value = category << 20;
    for (i, &r) in ranks.iter().take(5).enumerate() {
        value |= (r + 1) << (16 - 4 * i);
    }
    value
}

/// The top rank of the best straight in a 13-bit rank mask (the wheel's top is the five).
pub fn straight_top(mask: u32) -> Option<u32> {
    let wheel = (1 << 12) | 0b1111;
    for top in (4..13).rev() {
        let window = 0b11111 << (top - 4);
        if mask & window == window {
            return Some(top);
        }
    }
    (mask & wheel == wheel).then_some(3)
}

/// Raw strength of the best 5 of a flush suit's rank mask (≥ 5 bits set).
fn raw_flush(mask: u32) -> u32 {
    if let Some(top) = straight_top(mask) {
        return raw(STRAIGHT_FLUSH, &[top]);
    }
    let ranks: Vec<u32> = (0..13).rev().filter(|r| mask & (1 << r) != 0).collect();
    raw(FLUSH, &ranks)
}

/// Raw strength of the best 5 cards of a rank multiset (no flush possible).
fn raw_ranks(counts: &[u32; 13]) -> u32 {
    let by_count =
        |n: u32| -> Vec<u32> { (0..13).rev().filter(|&r| counts[r as usize] >= n).collect() };
    let present = by_count(1);
    let kickers = |exclude: &[u32], n: usize| -> Vec<u32> {
        present
            .iter()
            .copied()
            .filter(|r| !exclude.contains(r))
            .take(n)
            .collect()
    };
    let quads = by_count(4);
    if let Some(&q) = quads.first() {
        let mut ranks = vec![q];
        ranks.extend(kickers(&[q], 1));
        return raw(FOUR_OF_A_KIND, &ranks);
    }
    let trips = by_count(3);
    let pairs = by_count(2);
    if let Some(&t) = trips.first() {
        if let Some(&p) = pairs.iter().find(|&&p| p != t) {
            return raw(FULL_HOUSE, &[t, p]);
        }
    }
    let mask = present.iter().fold(0, |m, r| m | (1 << r));
    if let Some(top) = straight_top(mask) {
        return raw(STRAIGHT, &[top]);
    }
    if let Some(&t) = trips.first() {
        let mut ranks = vec![t];
        ranks.extend(kickers(&[t], 2));
        return raw(THREE_OF_A_KIND, &ranks);
    }
    if pairs.len() >= 2 {
        let mut ranks = vec![pairs[0], pairs[1]];
        ranks.extend(kickers(&[pairs[0], pairs[1]], 1));
        return raw(TWO_PAIR, &ranks);
    }
    if let Some(&p) = pairs.first() {
        let mut ranks = vec![p];
        ranks.extend(kickers(&[p], 3));
        return raw(PAIR, &ranks);
    }
    raw(HIGH_CARD, &kickers(&[], 5))
}

/// Calls `visit` with every rank multiset of exactly `size` cards (≤ 4 per rank).
pub fn for_each_multiset(size: u32, visit: &mut dyn FnMut(&[u32; 13])) {
    fn go(rank: usize, left: u32, counts: &mut [u32; 13], visit: &mut dyn FnMut(&[u32; 13])) {
        if rank == 13 {
            if left == 0 {
                visit(counts);
            }
            return;
        }
        for n in 0..=left.min(4) {
            counts[rank] = n;
            go(rank + 1, left - n, counts, visit);
        }
        counts[rank] = 0;
    }
    go(0, size, &mut [0; 13], visit);
}

/// The rank key of a multiset.
pub fn rank_key(counts: &[u32; 13]) -> u32 {
    counts.iter().zip(RANK_BASES).map(|(n, b)| n * b).sum()
}

/// The finished tables.
pub struct Tables {
    pub flush: Vec<u16>,
    pub rank_lookup: Vec<u16>,
    pub rank_offsets: Vec<u32>,
}

/// Maps raw strengths to dense values `category << 12 | order`.
fn dense_values() -> std::collections::BTreeMap<u32, u16> {
    let mut raws = std::collections::BTreeSet::new();
    for_each_multiset(5, &mut |counts| {
        raws.insert(raw_ranks(counts));
    });
    for mask in 0u32..(1 << 13) {
        if mask.count_ones() == 5 {
            raws.insert(raw_flush(mask));
        }
    }
    let mut dense = std::collections::BTreeMap::new();
    let mut order = 0u16;
    let mut category = u32::MAX;
    for raw in raws {
        if raw >> 20 != category {
            category = raw >> 20;
            order = 0;
        }
        dense.insert(raw, ((category as u16) << 12) | order);
        order += 1;
    }
    dense
}

/// Builds all tables.
pub fn build() -> Tables {
    let dense = dense_values();
    let mut flush = vec![0u16; 1 << 13];
    for (mask, slot) in flush.iter_mut().enumerate() {
        if (mask as u32).count_ones() >= 5 {
            *slot = dense[&raw_flush(mask as u32)];
        }
    }

    // Group keys into rows of the displacement table.
    let mut rows: std::collections::BTreeMap<u32, Vec<(u32, u16)>> = Default::default();
    for size in 5..=7 {
        for_each_multiset(size, &mut |counts| {
            let key = scatter(rank_key(counts));
            let value = dense[&raw_ranks(counts)];
            rows.entry(key >> ROW_SHIFT)
                .or_default()
                .push((key & ((1 << ROW_SHIFT) - 1), value));
        });
    }
    // One offset per possible row, so any key below `2^HASH_BITS` indexes it unchecked.
    // A row no key uses points its whole width at the table's start: then *every* such
    // key, valid or not, lands inside the (padded) lookup table — the evaluator relies on
    // it.
    let mut rank_offsets: Vec<u32> = (0..ROWS as u32)
        .map(|row| 0u32.wrapping_sub(row << ROW_SHIFT))
        .collect();
    let mut order: Vec<(&u32, &Vec<(u32, u16)>)> = rows.iter().collect();
    order.sort_by_key(|(row, entries)| (std::cmp::Reverse(entries.len()), **row));
    let mut used: Vec<bool> = Vec::new();
    let mut rank_lookup: Vec<u16> = Vec::new();
    let mut first_free = 0usize;
    for (&row, entries) in order {
        while first_free < used.len() && used[first_free] {
            first_free += 1;
        }
        let min_col = entries.iter().map(|e| e.0).min().unwrap_or(0) as usize;
        let mut base = first_free.saturating_sub(min_col);
        loop {
            if entries
                .iter()
                .all(|&(col, _)| !used.get(base + col as usize).copied().unwrap_or(false))
            {
                break;
            }
            base += 1;
        }
        for &(col, value) in entries {
            let index = base + col as usize;
            if index >= used.len() {
                used.resize(index + 1, false);
                rank_lookup.resize(index + 1, 0);
            }
            used[index] = true;
            rank_lookup[index] = value;
        }
        rank_offsets[row as usize] = (base as u32).wrapping_sub(row << ROW_SHIFT);
    }
    // Pad so that the whole width of every row fits (see `rank_offsets`).
    let row_ends = rank_offsets
        .iter()
        .enumerate()
        .map(|(row, offset)| ((row as u32) << ROW_SHIFT).wrapping_add(*offset) as usize);
    let padded = row_ends.max().unwrap_or(0) + (1 << ROW_SHIFT);
    rank_lookup.resize(padded.max(rank_lookup.len()), 0);
    // Repeat the offsets for keys carrying k times 2^25 (see `CARRIES`).
    let rank_offsets = (0..WIDE_ROWS)
        .map(|wide| rank_offsets[wide % ROWS].wrapping_sub(((wide / ROWS) as u32) << HASH_BITS))
        .collect();
    Tables {
        flush,
        rank_lookup,
        rank_offsets,
    }
}

/// Rust source declaring the tables as statics.
pub fn to_rust_source(tables: &Tables) -> String {
    fn array<T: std::fmt::Display>(name: &str, ty: &str, values: &[T]) -> String {
        let mut out = format!("pub(super) const {name}: [{ty}; {}] = [", values.len());
        for (i, v) in values.iter().enumerate() {
            if i % 16 == 0 {
                out.push('\n');
            }
            out.push_str(&v.to_string());
            out.push(',');
        }
        out.push_str("\n];\n");
        out
    }
    let mut src =
        String::from("// Generated by build.rs from src/eval/table_builder.rs. Do not edit.\n");
    // One value table, rank part first, then the flush part: both paths of the evaluator
    // end in the same load from the same base.
    let values: Vec<u16> = tables
        .rank_lookup
        .iter()
        .chain(&tables.flush)
        .copied()
        .collect();
    src += &array("HAND_VALUES", "u16", &values);
    src += &format!(
        "pub(super) const FLUSH_START: usize = {};\n",
        tables.rank_lookup.len()
    );
    src += &array("RANK_OFFSETS", "u32", &tables.rank_offsets);
    src
}
