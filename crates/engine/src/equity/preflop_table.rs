//! Heads-up preflop results of every pair of hands, from a table shipped with the
//! program: range against range, preflop, in milliseconds and exactly.
//!
//! - **What is stored.** Two hands against each other preflop have the same result as
//!   any relabelling of their suits, so one entry serves a class of pairs: 812,175
//!   pairs of disjoint hands fold into the classes listed in `preflop_pairs.bin`, each
//!   with the first hand's wins, the ties and both hands' winning categories over the
//!   1,712,304 boards (integers, computed by MultiOdds itself:
//!   `multiodds preflop-pairs --out src/equity/preflop_pairs.bin`). The classes are in the
//!   order of their canonical pair (the smallest image of the two hands under the 24
//!   relabellings, sorted), so the file needs no keys: they are enumerated again here.
//! - **Checked at load.** The file's checksum (FNV-1a over its payload) must match the
//!   one in its header and the class count the enumeration of canonical pairs, or the
//!   table is not used (exact work falls back to enumeration, which says nothing
//!   different, only slower).
//! - **Loaded on first use**: the classes' figures, and an index of every ordered pair
//!   of hands to its class and side (7 MB, about 60 ms once), so a range against a
//!   range is one pass over its pairs.
//! - **Exact with weights and card removal**: a deal's probability is the product of
//!   the two hands' weights, over the pairs that share no card (reference §4), as
//!   enumeration computes it. Dead cards and boards are outside the table: those runs
//!   enumerate.

use super::symmetry::SuitSymmetry;
use super::{Matchup, MatchupTally, SeatCombos, SeatSums};
use crate::cards::CardSet;
use crate::range::{Combo, COMBOS};

/// The shipped table.
static DATA: &[u8] = include_bytes!("preflop_pairs.bin");

/// The table once loaded (or why it cannot be used).
static TABLE: std::sync::OnceLock<Result<PreflopTable, String>> = std::sync::OnceLock::new();

/// The file's first bytes and version.
const MAGIC: &[u8; 8] = b"MOPAIRS1";

/// Boards of a heads-up preflop deal: C(48, 5).
pub const BOARDS: u64 = 1_712_304;

/// Numbers per class: the first hand's wins, the ties, then the first and the second
/// hand's winning (or tying) categories, 9 each.
const FIELDS: usize = 20;

/// The loaded table: each class's figures and each ordered pair's class.
pub struct PreflopTable {
    classes: Vec<[u32; FIELDS]>,
    /// `pair[a * COMBOS + b]`: the class of hands `a` and `b` (bit 31 set when `a` is
    /// the class's second hand); `u32::MAX` when they share a card.
    pair: Vec<u32>,
}

/// One ordered pair's result: the first hand's wins, losses and ties over [`BOARDS`],
/// and each hand's winning categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PairResult {
    /// Boards the first hand wins.
    pub win: u64,
    /// Boards it loses.
    pub lose: u64,
    /// Boards they tie.
    pub tie: u64,
    /// Per hand, boards it wins or ties by its final category.
    pub hand_types: [[u64; 9]; 2],
}

const SECOND: u32 = 1 << 31;

/// A class's wins from one side: the wins of the hand on `side` (0: the class's first
/// hand, 1: its second), the other hand's wins, and the ties.
fn wins(c: &[u32; FIELDS], side: usize) -> (u64, u64, u64) {
    let (first_wins, tie) = (c[0] as u64, c[1] as u64);
    let second_wins = BOARDS - first_wins - tie;
    if side == 0 {
        (first_wins, second_wins, tie)
    } else {
        (second_wins, first_wins, tie)
    }
}

/// A class's winning categories of the hand on `side` and of the other hand.
fn hand_types(c: &[u32; FIELDS], side: usize) -> [[u64; 9]; 2] {
    let of = |at: usize| std::array::from_fn(|i| c[at + i] as u64);
    let (first, second) = (of(2), of(11));
    if side == 0 {
        [first, second]
    } else {
        [second, first]
    }
}

/// FNV-1a, 64 bits: a checksum for the shipped file (not a defence against malice).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The index of every ordered pair of disjoint hands: its class (classes numbered in the
/// order of their canonical pairs, the smallest sorted image of a pair under the 24 suit
/// relabellings) and, in the top bit, which of the class's hands comes second. Walks
/// the canonical pairs only and fills each one's orbit: a pair's first hand must be the
/// smallest of its own orbit (169 hands are), so about 200,000 candidates are tested
/// instead of canonicalising all 812,175 pairs (3× fewer relabellings at first use).
/// Returns the index and the number of classes.
fn pair_index(perms: &SuitSymmetry) -> (Vec<u32>, usize) {
    let mut pair = vec![u32::MAX; COMBOS * COMBOS];
    let mut class = 0u32;
    let perms = &perms.permutations;
    for x in 0..COMBOS as u16 {
        if perms.iter().any(|p| p.combo_index(x) < x) {
            continue; // a relabelling makes a smaller first hand
        }
        let xs = combo(x).card_set();
        for y in x + 1..COMBOS as u16 {
            if xs.intersects(combo(y).card_set()) {
                continue;
            }
            let canonical = perms.iter().all(|p| {
                let (u, v) = (p.combo_index(x), p.combo_index(y));
                (u.min(v), u.max(v)) >= (x, y)
            });
            if !canonical {
                continue;
            }
            for p in perms {
                // The image of the class's first hand comes first.
                let (u, v) = (p.combo_index(x) as usize, p.combo_index(y) as usize);
                pair[u * COMBOS + v] = class;
                pair[v * COMBOS + u] = class | SECOND;
            }
            class += 1;
        }
    }
    (pair, class as usize)
}

fn combo(i: u16) -> Combo {
    Combo::from_index(i as usize).expect("a combo index")
}

/// Writes the table file from exact classes (see `preflops::heads_up_pair_classes`).
pub(crate) fn encode(classes: &[super::preflops::PairClass]) -> Vec<u8> {
    let mut payload = Vec::with_capacity(classes.len() * FIELDS * 4);
    for c in classes {
        let mut fields = vec![c.win[0], c.tie];
        fields.extend(c.hand_types[0]);
        fields.extend(c.hand_types[1]);
        for f in fields {
            payload.extend((f as u32).to_le_bytes());
        }
    }
    let mut out = MAGIC.to_vec();
    out.extend((classes.len() as u32).to_le_bytes());
    out.extend(fnv1a(&payload).to_le_bytes());
    out.extend(payload);
    out
}

/// Computes the whole table exactly and returns the file's bytes (a few seconds on two
/// cores; `multiodds preflop-pairs --out FILE`). `None` when cancelled.
pub fn build_file(cancel: &super::RunControl) -> Option<Vec<u8>> {
    super::preflops::heads_up_pair_classes(cancel).map(|classes| encode(&classes))
}

/// Why the table cannot be used.
fn decode(bytes: &[u8]) -> Result<Vec<[u32; FIELDS]>, String> {
    let header = MAGIC.len() + 4 + 8;
    if bytes.len() < header || &bytes[..MAGIC.len()] != MAGIC {
        return Err("not a preflop table (bad header)".into());
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let count = word(MAGIC.len()) as usize;
    let checksum = u64::from_le_bytes(bytes[MAGIC.len() + 4..header].try_into().expect("8 bytes"));
    let payload = &bytes[header..];
    if payload.len() != count * FIELDS * 4 {
        return Err(format!(
            "{} bytes of data for {count} classes",
            payload.len()
        ));
    }
    if fnv1a(payload) != checksum {
        return Err("checksum mismatch".into());
    }
    Ok(payload
        .chunks_exact(FIELDS * 4)
        .map(|c| {
            std::array::from_fn(|i| u32::from_le_bytes(c[4 * i..4 * i + 4].try_into().expect("4")))
        })
        .collect())
}

impl PreflopTable {
    /// The shipped table, loaded and checked on first use; `Err` says why it cannot be
    /// used (callers then enumerate).
    pub fn get() -> Result<&'static PreflopTable, &'static str> {
        TABLE
            .get_or_init(|| PreflopTable::load(DATA))
            .as_ref()
            .map_err(|e| e.as_str())
    }

    /// Whether the table is loaded already (a question it answers costs nothing more).
    pub fn is_loaded() -> bool {
        TABLE.get().is_some()
    }

    fn load(bytes: &[u8]) -> Result<PreflopTable, String> {
        let classes = decode(bytes)?;
        let perms = SuitSymmetry::of(CardSet::EMPTY, CardSet::EMPTY, &[]);
        let (pair, count) = pair_index(&perms);
        if count != classes.len() {
            return Err(format!(
                "{} classes in the file, {count} canonical pairs",
                classes.len()
            ));
        }
        Ok(PreflopTable { classes, pair })
    }

    /// Classes in the table.
    pub fn classes(&self) -> usize {
        self.classes.len()
    }

    /// Hand `a` against hand `b` preflop; `None` when they share a card.
    pub fn pair(&self, a: Combo, b: Combo) -> Option<PairResult> {
        let (c, side) = self.entry(a.index(), b.index())?;
        let (win, lose, tie) = wins(c, side);
        Some(PairResult {
            win,
            lose,
            tie,
            hand_types: hand_types(c, side),
        })
    }

    /// The class of hands `a` and `b` (combo indices) and the side `a` is on; `None`
    /// when they share a card.
    fn entry(&self, a: usize, b: usize) -> Option<(&[u32; FIELDS], usize)> {
        let entry = self.pair[a * COMBOS + b];
        (entry != u32::MAX).then(|| {
            (
                &self.classes[(entry & !SECOND) as usize],
                (entry >> 31) as usize,
            )
        })
    }

    /// The exact tally of a heads-up preflop matchup without dead cards (the same sums
    /// enumeration makes); `None` for any other matchup.
    pub fn matchup(&self, m: &Matchup) -> Option<MatchupTally> {
        if !applies(m) {
            return None;
        }
        let (a, b) = (&m.seats[0], &m.seats[1]);
        // First the weight each class gets on each side (one add per pair of hands),
        // then each class's figures once: 1.76 million pairs of `random` against
        // `random` cost a load and an add each.
        let mut weight = vec![0.0f64; 2 * self.classes.len()];
        let mut pairs = 0u64;
        for i in 0..a.len() {
            let row = &self.pair[a.combos[i].index() * COMBOS..][..COMBOS];
            let wa = a.weights[i];
            for j in 0..b.len() {
                let entry = row[b.combos[j].index()];
                if entry == u32::MAX {
                    continue;
                }
                pairs += 1;
                let side = (entry >> 31) as usize;
                weight[2 * (entry & !SECOND) as usize + side] += wa * b.weights[j];
            }
        }
        let deals = pairs * BOARDS;
        let mut sums = [SeatSums::new(), SeatSums::new()];
        for (class, c) in self.classes.iter().enumerate() {
            for side in 0..2 {
                let w = weight[2 * class + side];
                if w == 0.0 {
                    continue;
                }
                // `side`: which of the class's hands the first seat holds.
                let (mine, theirs, tie) = wins(c, side);
                let types = hand_types(c, side);
                for (seat, won) in [mine, theirs].into_iter().enumerate() {
                    let s = &mut sums[seat];
                    s.weight += w * BOARDS as f64;
                    s.win += w * won as f64;
                    s.tie += w * tie as f64;
                    s.equity += w * (won as f64 + tie as f64 / 2.0);
                    for (h, &n) in s.hand_types.iter_mut().zip(&types[seat]) {
                        *h += w * n as f64;
                    }
                }
            }
        }
        Some(MatchupTally {
            attempts: 0,
            deals,
            seats: sums.into_iter().map(SeatSums::into_tally).collect(),
            hits: None,
        })
    }

    /// Every combo of `hero` against `villain` preflop (heads-up, no dead cards): its
    /// exact equity and its share of the hero's deals (weight times the villain's
    /// weight it can face), in the hero's order; combos that face no villain hand are
    /// left out. The share-weighted mean of the equities is the hero's equity.
    pub fn combo_equities(&self, hero: &SeatCombos, villain: &SeatCombos) -> Vec<ComboEquity> {
        let mut out = Vec::with_capacity(hero.len());
        let mut total = 0.0;
        for i in 0..hero.len() {
            let (mut weight, mut won) = (0.0, 0.0);
            for j in 0..villain.len() {
                let Some((c, side)) = self.entry(hero.combos[i].index(), villain.combos[j].index())
                else {
                    continue;
                };
                let (mine, _, tie) = wins(c, side);
                weight += villain.weights[j];
                won += villain.weights[j] * (mine as f64 + tie as f64 / 2.0);
            }
            if weight > 0.0 {
                let share = hero.weights[i] * weight;
                total += share;
                out.push(ComboEquity {
                    combo: hero.combos[i],
                    equity: won / (weight * BOARDS as f64),
                    share,
                });
            }
        }
        for c in &mut out {
            c.share /= total;
        }
        out
    }
}

/// One combo's equity against a range, and its share of the range's deals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComboEquity {
    /// The combo.
    pub combo: Combo,
    /// Its exact equity against the range.
    pub equity: f64,
    /// Its share of the range's deals (the shares add up to 1).
    pub share: f64,
}

/// Whether the table answers `m`: two seats, no board, no dead cards.
pub fn applies(m: &Matchup) -> bool {
    m.seats.len() == 2 && m.board.is_empty() && m.dead.is_empty()
}

/// The exact tally of `m` from the table when it applies and the table loads (it is
/// loaded only for a matchup it answers: other exact runs never pay its first use).
pub fn tally(m: &Matchup) -> Option<MatchupTally> {
    if !applies(m) {
        return None;
    }
    PreflopTable::get().ok()?.matchup(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index against canonicalising every pair under all 24 relabellings: pairs in
    /// one class exactly when their smallest sorted images agree, classes numbered in
    /// the order of those images, and the side bit says which hand maps to the image's
    /// first (either, for a pair a relabelling swaps, whose hands fare alike).
    #[test]
    fn the_pair_index_equals_canonicalising_every_pair() {
        let perms = SuitSymmetry::of(CardSet::EMPTY, CardSet::EMPTY, &[]);
        let (pair, count) = pair_index(&perms);
        let mut keys = std::collections::BTreeMap::new();
        let mut seen = 0;
        for a in 0..COMBOS as u16 {
            for b in 0..COMBOS as u16 {
                let disjoint = !combo(a).card_set().intersects(combo(b).card_set());
                let entry = pair[a as usize * COMBOS + b as usize];
                if !disjoint {
                    assert_eq!(entry, u32::MAX, "{a} {b}");
                    continue;
                }
                seen += 1;
                let images: Vec<(u16, u16)> = perms
                    .permutations
                    .iter()
                    .map(|p| (p.combo_index(a), p.combo_index(b)))
                    .collect();
                let key = images
                    .iter()
                    .map(|&(u, v)| (u.min(v), u.max(v)))
                    .min()
                    .unwrap();
                let class = entry & !SECOND;
                assert_eq!(*keys.entry(key).or_insert(class), class, "{a} {b}");
                // `a` is first when some relabelling sends it to the key's first hand.
                let a_can_be_first = images.iter().any(|&(u, v)| (u, v) == key);
                let a_can_be_second = images.iter().any(|&(u, v)| (v, u) == key);
                let second = entry & SECOND != 0;
                assert!(
                    if second {
                        a_can_be_second
                    } else {
                        a_can_be_first
                    },
                    "{a} {b}"
                );
            }
        }
        assert_eq!(seen, 2 * 812_175);
        assert_eq!(keys.len(), count);
        // Classes numbered in key order.
        assert!(keys.values().enumerate().all(|(i, &c)| c as usize == i));
    }

    #[test]
    fn the_shipped_table_loads_and_its_checksum_guards_it() {
        let table = PreflopTable::get().expect("the shipped table loads");
        assert!(table.classes() > 10_000 && table.classes() < 100_000);
        let mut bad = DATA.to_vec();
        let last = bad.len() - 1;
        bad[last] ^= 1;
        assert_eq!(
            PreflopTable::load(&bad).err().as_deref(),
            Some("checksum mismatch")
        );
        assert!(PreflopTable::load(&DATA[..100]).is_err());
    }

    #[test]
    fn a_pair_and_its_mirror_agree() {
        let table = PreflopTable::get().unwrap();
        let hand = |text| {
            crate::range::HandRange::parse(text)
                .unwrap()
                .iter()
                .next()
                .unwrap()
                .0
        };
        let (aa, kk) = (hand("AsAh"), hand("KdKc"));
        let ab = table.pair(aa, kk).unwrap();
        let ba = table.pair(kk, aa).unwrap();
        assert_eq!((ab.win, ab.lose, ab.tie), (ba.lose, ba.win, ba.tie));
        assert_eq!(ab.hand_types, [ba.hand_types[1], ba.hand_types[0]]);
        assert_eq!(ab.win + ab.lose + ab.tie, BOARDS);
        assert!(table.pair(aa, aa).is_none());
    }
}
