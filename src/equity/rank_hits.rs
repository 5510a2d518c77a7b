//! Heads-up preflop Monte Carlo, post-stratified on how the board hits the two hands'
//! ranks (reference §5).
//!
//! Most of a heads-up deal's outcome is decided by whether the hole cards' ranks show
//! on the board: the player whose rank pairs (or trips) usually wins. Given the two
//! hands, the chance of every such outcome is exact arithmetic (how many cards of each
//! rank are left among the 48 unseen, of which the board is five), and it depends only
//! on the **pattern** of the hands' ranks: how many distinct ranks the four hole cards
//! have and, in rank order, which of them each player holds (AKo against QJ and 98
//! against 76 share one; 66 against A6 another). So each deal is filed under its
//! pattern and its **cell** (each of those ranks on the board: not, once, or twice or
//! more), and each figure is estimated as
//!
//! > mean over deals of  y − β(cell),  plus  Σ_p P(p) Σ_c π(p, c) β(c)
//!
//! where π is the exact chance of cell c given pattern p, P(p) the exact chance of
//! pattern p under the two ranges (their weights and card removal, counted once per
//! run by [`PatternChances::of`]), and β(c) the mean of the figure over the deals
//! seen in that cell of that pattern. Whatever β is, the correction has mean zero, so
//! the estimate is that of the deals; with β the cell means it is each pattern's
//! post-stratified mean weighted by the pattern's exact chance. So neither which
//! cell a deal's board fell in nor which pattern its hands drew adds to the error:
//! only kickers, flushes and straights are left to chance. A pattern too rare to have
//! settled cell means yet (few deals expected in it) keeps β = 0: its deals count
//! plainly.
//!
//! Used only where it is exact as stated: two seats that both show down, Hold'em,
//! no board and no dead cards (every unseen card is equally likely to be on the board).

use super::matchup::SeatCombos;
use crate::eval::{Hand, HandValue};
use std::sync::{Arc, OnceLock};

/// Patterns: (ranks seat 1 holds, ranks seat 2 holds) as masks over the distinct ranks
/// of the four hole cards in rank order, 4 bits each (see [`BatchHits::add`]).
const KEYS: usize = 256;

/// Deals per (pattern, cell) over a run: how many, and how many each seat won outright.
/// A batch's come as the few cells it filled; a run's total holds every cell.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HitCells {
    /// Every cell (empty until something is merged in).
    dense: Vec<[u64; 3]>,
    /// Filled cells of one batch: (cell, counts).
    sparse: Vec<(u32, [u16; 3])>,
    /// The exact chance of each pattern under the ranges the deals came from.
    patterns: Option<PatternChances>,
}

/// The exact chance of each pattern (in the order of the pattern table) when the two
/// seats' hands are dealt from their ranges: reference §4's deal probability, the
/// product of the two weights over the pairs of hands that share no card.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternChances(Arc<[f64]>);

impl PatternChances {
    /// The pattern chances of hands dealt to seats `first` and `second`.
    pub fn of(first: &SeatCombos, second: &SeatCombos) -> PatternChances {
        let t = tables();
        // The second seat's weight by the ranks its combos hold (at most 91 kinds),
        // and which of its combos hold each card.
        let mut kind_of = vec![usize::MAX; 1 << 13];
        let (mut kinds, mut kind_weight) = (Vec::new(), Vec::new());
        let mut holding: Vec<Vec<usize>> = vec![Vec::new(); 52];
        let second_kinds: Vec<usize> = (0..second.combos.len())
            .map(|j| {
                let ranks = combo_ranks(second, j);
                if kind_of[ranks as usize] == usize::MAX {
                    kind_of[ranks as usize] = kinds.len();
                    kinds.push(ranks);
                    kind_weight.push(0.0);
                }
                let k = kind_of[ranks as usize];
                kind_weight[k] += second.weights[j];
                let (a, b) = second.combos[j].cards();
                holding[a.index()].push(j);
                holding[b.index()].push(j);
                k
            })
            .collect();
        // The pattern of each first-seat rank kind against each second-seat kind.
        let mut rows: Vec<Option<Vec<usize>>> = vec![None; 1 << 13];
        let mut chance = vec![0.0; t.patterns.len()];
        for i in 0..first.combos.len() {
            let r0 = combo_ranks(first, i);
            let row = rows[r0 as usize].get_or_insert_with(|| {
                kinds
                    .iter()
                    .map(|&r1| t.pattern_index[pattern_key(r0, r1, crate::cards::extract_bits)])
                    .collect()
            });
            // The second seat's weight by kind, less its combos sharing a card with
            // this one (a combo holding both cards is this very hand: taken out once).
            let mut weight = kind_weight.clone();
            let (a, b) = first.combos[i].cards();
            for &j in &holding[a.index()] {
                weight[second_kinds[j]] -= second.weights[j];
            }
            for &j in &holding[b.index()] {
                if !second.sets[j].contains(a) {
                    weight[second_kinds[j]] -= second.weights[j];
                }
            }
            for (&p, w) in row.iter().zip(weight) {
                chance[p] += first.weights[i] * w.max(0.0);
            }
        }
        let total: f64 = chance.iter().sum();
        if total > 0.0 {
            chance.iter_mut().for_each(|c| *c /= total);
        }
        PatternChances(chance.into())
    }
}

/// The ranks (bit r for rank r) of combo `i` of `seat`.
fn combo_ranks(seat: &SeatCombos, i: usize) -> u64 {
    let (a, b) = seat.combos[i].cards();
    rank_bits(Hand::new().add(a).add(b))
}

/// A deal's pattern key from its two hands' ranks: the ranks each holds, as masks
/// over the distinct ranks of the four hole cards in rank order, 4 bits each.
#[inline(always)]
fn pattern_key(r0: u64, r1: u64, extract: impl Fn(u64, u64) -> u64) -> usize {
    let ranks = r0 | r1;
    (extract(r0, ranks) | extract(r1, ranks) << 4) as usize
}

/// [`HitCells`] of one batch, filed deal by deal: 16-bit counts (a batch holds at most
/// [`BATCH_HIT_DEALS`] deals) keep the cells within the first-level cache beside the
/// evaluator's, and each thread reuses its cells from batch to batch.
pub struct BatchHits {
    cells: Box<[[u16; 3]]>,
    tables: &'static Tables,
}

/// Most deals a [`BatchHits`] may file.
pub const BATCH_HIT_DEALS: u32 = u16::MAX as u32;

thread_local! {
    /// The thread's zeroed batch cells, between batches.
    static SPARE_CELLS: std::cell::Cell<Option<Box<[[u16; 3]]>>> =
        const { std::cell::Cell::new(None) };
}

impl Default for BatchHits {
    fn default() -> BatchHits {
        let tables = tables();
        let cells = SPARE_CELLS
            .take()
            .unwrap_or_else(|| vec![[0; 3]; tables.cells].into_boxed_slice());
        BatchHits { cells, tables }
    }
}

/// One figure's post-stratified estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StratifiedEstimate {
    /// The estimate.
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
}

/// The six figures of a heads-up deal (seat 1's equity, win and tie, then seat 2's),
/// as (Σy, Σy²) over a cell's `n` deals of which seat 1 won `w0` and seat 2 `w1`.
#[inline]
fn figure_sums(n: f64, w0: f64, w1: f64) -> [(f64, f64); 6] {
    let t = n - w0 - w1;
    [
        (w0 + t / 2.0, w0 + t / 4.0),
        (w0, w0),
        (t, t),
        (w1 + t / 2.0, w1 + t / 4.0),
        (w1, w1),
        (t, t),
    ]
}

/// Each seat's (equity, win, tie) estimates.
pub type SeatEstimates = [[Option<StratifiedEstimate>; 3]; 2];

/// The ranks (bit r for rank r) of a hand's cards.
#[inline(always)]
fn rank_bits(hand: Hand) -> u64 {
    let m = hand.card_mask();
    (m | m >> 16 | m >> 32 | m >> 48) & 0x1FFF
}

impl BatchHits {
    /// Files one deal: the two hole hands, the five-card board, their two values, and
    /// `extract` (BMI2 `pext` or [`crate::cards::extract_bits`]).
    #[inline(always)]
    pub fn add(
        &mut self,
        holes: [Hand; 2],
        board: Hand,
        values: [HandValue; 2],
        extract: impl Fn(u64, u64) -> u64,
    ) {
        let (r0, r1) = (rank_bits(holes[0]), rank_bits(holes[1]));
        let ranks = r0 | r1;
        // The board's ranks seen at least once (any suit lane) and at least twice (two
        // lanes), side by side.
        let b = board.card_mask();
        let (l0, l1, l2, l3) = (b, b >> 16, b >> 32, b >> 48);
        let (low, high) = (l0 | l1, l2 | l3);
        let once = (low | high) & 0x1FFF;
        let twice = ((l0 & l1) | (l2 & l3) | (low & high)) & 0x1FFF;
        // Cell: the hole ranks' "once" bits, then their "twice" bits, in rank order;
        // then whether another rank pairs on the board.
        let key = pattern_key(r0, r1, &extract);
        let t = self.tables;
        let (start, pair_bit) = t.offset[key];
        let cell = extract(once | twice << 16, ranks | ranks << 16)
            | ((twice & !ranks != 0) as u64) << pair_bit;
        let index = start as usize + cell as usize;
        // Only real hands give a pattern; anything else lands past the cells and is not
        // filed (checked in debug builds).
        debug_assert!(index < t.cells, "pattern {key:08b}");
        if let Some(c) = self.cells.get_mut(index) {
            c[0] += 1;
            c[1] += (values[0] > values[1]) as u16;
            c[2] += (values[1] > values[0]) as u16;
        }
    }
}

impl BatchHits {
    /// The batch's filled cells, with the pattern chances of the ranges its deals came
    /// from; its cells, zeroed again, go back to the thread.
    pub fn into_cells(mut self, patterns: Option<&PatternChances>) -> HitCells {
        let mut sparse = Vec::new();
        for (i, c) in self.cells.iter_mut().enumerate() {
            if c[0] > 0 {
                sparse.push((i as u32, *c));
                *c = [0; 3];
            }
        }
        SPARE_CELLS.set(Some(self.cells));
        HitCells {
            dense: Vec::new(),
            sparse,
            patterns: patterns.cloned(),
        }
    }
}

impl HitCells {
    /// Adds another tally's cells.
    pub fn merge(&mut self, other: &HitCells) {
        if self.patterns.is_none() {
            self.patterns.clone_from(&other.patterns);
        }
        if self.dense.is_empty() {
            self.dense = vec![[0; 3]; tables().cells];
        }
        for (a, b) in self.dense.iter_mut().zip(&other.dense) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for &(i, c) in &other.sparse {
            for (x, y) in self.dense[i as usize].iter_mut().zip(c) {
                *x += u64::from(y);
            }
        }
    }

    /// Deals filed.
    pub fn deals(&self) -> u64 {
        let sparse: u64 = self.sparse.iter().map(|(_, c)| u64::from(c[0])).sum();
        self.dense.iter().map(|c| c[0]).sum::<u64>() + sparse
    }

    /// Every cell's counts, whichever way they are held.
    fn all_cells(&self) -> std::borrow::Cow<'_, [[u64; 3]]> {
        if self.sparse.is_empty() && !self.dense.is_empty() {
            return std::borrow::Cow::Borrowed(&self.dense);
        }
        let mut total = HitCells::default();
        total.merge(self);
        std::borrow::Cow::Owned(total.dense)
    }

    /// Each seat's post-stratified (equity, win, tie), all `None` until some pattern
    /// has enough deals expected to trust its cell means (or when the pattern chances
    /// are not known).
    pub fn estimates(&self) -> SeatEstimates {
        const NONE: SeatEstimates = [[None; 3]; 2];
        let Some(PatternChances(chance)) = &self.patterns else {
            return NONE;
        };
        let t = tables();
        let all = self.all_cells();
        let n = all.iter().map(|c| c[0]).sum::<u64>() as f64;
        // Σ over stratified patterns of P(p)·(its post-stratified mean); Σy over the
        // deals counted plainly; Σ(y − β)² over all deals; cell means fitted.
        let (mut known, mut plain, mut squares) = ([0.0; 6], [0.0; 6], [0.0; 6]);
        let (mut fitted, mut stratified) = (0.0, 0);
        for ((p, &possible), &p_chance) in t.patterns.iter().zip(&t.possible).zip(chance.iter()) {
            let cells = &all[p.clone()];
            let pi = &t.cell_chance[p.clone()];
            // Decided by the deals expected, not those seen, so which deals count
            // plainly does not depend on the draw.
            let expected = p_chance * n;
            if expected < MIN_DEALS_PER_CELL * possible as f64 {
                for c in cells.iter().filter(|c| c[0] > 0) {
                    let sums = figure_sums(c[0] as f64, c[1] as f64, c[2] as f64);
                    for f in 0..6 {
                        plain[f] += sums[f].0;
                        squares[f] += sums[f].1;
                    }
                }
                continue;
            }
            let (mut n_p, mut s_p, mut pi_seen, mut pi_beta) = (0.0, [0.0; 6], 0.0, [0.0; 6]);
            for (c, &cell_chance) in cells.iter().zip(pi) {
                if c[0] == 0 {
                    continue;
                }
                let k = c[0] as f64;
                let sums = figure_sums(k, c[1] as f64, c[2] as f64);
                n_p += k;
                pi_seen += cell_chance;
                for f in 0..6 {
                    let (s, q) = sums[f];
                    s_p[f] += s;
                    pi_beta[f] += cell_chance * s / k;
                    // The cell's spread about its own mean.
                    squares[f] += q - s * s / k;
                }
                fitted += 1.0;
            }
            if n_p == 0.0 {
                // Thousands of deals expected and none seen: nothing to stand on.
                return NONE;
            }
            stratified += 1;
            for f in 0..6 {
                // A cell not seen yet takes its pattern's mean (its chance is then small).
                known[f] += p_chance * (pi_beta[f] + (1.0 - pi_seen) * s_p[f] / n_p);
            }
        }
        if stratified == 0 || n <= fitted + 1.0 {
            return NONE;
        }
        let estimate = |f: usize| {
            let v = plain[f] / n;
            let variance = ((squares[f] - n * v * v) / (n - fitted)).max(0.0);
            Some(StratifiedEstimate {
                mean: (known[f] + v).clamp(0.0, 1.0),
                std_error: (variance / n).sqrt(),
            })
        };
        [
            [estimate(0), estimate(1), estimate(2)],
            [estimate(3), estimate(4), estimate(5)],
        ]
    }
}

/// Deals expected per possible cell of a pattern before its deals are weighed by its
/// cell means.
const MIN_DEALS_PER_CELL: f64 = 16.0;

/// The patterns and each pattern's exact cell chances.
struct Tables {
    /// Pattern key → where its cells start (past every cell for keys no hands give),
    /// and its cell bit that says another rank pairs on the board.
    offset: [(u32, u32); KEYS],
    /// Pattern key → the pattern's place in `patterns` (0 for keys no hands give).
    pattern_index: [usize; KEYS],
    /// Each pattern's cells.
    patterns: Vec<std::ops::Range<usize>>,
    /// Each pattern's cells of nonzero chance.
    possible: Vec<usize>,
    /// Cells in all.
    cells: usize,
    /// The chance of each cell given its pattern.
    cell_chance: Vec<f64>,
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build_tables)
}

fn build_tables() -> Tables {
    let mut offset = [(u32::MAX / 2, 0); KEYS];
    let mut pattern_index = [0; KEYS];
    let mut patterns = Vec::new();
    let mut cell_chance = Vec::new();
    for (key, (start_of, index)) in offset.iter_mut().zip(&mut pattern_index).enumerate() {
        let (first, second) = (key & 0xF, key >> 4);
        let union = first | second;
        // Each player holds one or two of the distinct ranks, and together all of them.
        let holds = |m: usize| (1..=2).contains(&m.count_ones());
        if !holds(first) || !holds(second) || union & (union + 1) != 0 {
            continue;
        }
        let distinct = union.count_ones() as usize;
        // Cards of each rank in the two hands: a pair holds its one rank twice.
        let held: Vec<u64> = (0..distinct)
            .map(|r| {
                let of = |m: usize| (m >> r & 1) as u64 * (3 - m.count_ones() as u64);
                of(first) + of(second)
            })
            .collect();
        let start = cell_chance.len();
        *start_of = (start as u32, 2 * distinct as u32);
        cell_chance.resize(start + (2 << (2 * distinct)), 0.0);
        fill_cell_chances(&held, &mut cell_chance[start..]);
        *index = patterns.len();
        patterns.push(start..cell_chance.len());
    }
    let possible = patterns
        .iter()
        .map(|p| cell_chance[p.clone()].iter().filter(|&&c| c > 0.0).count())
        .collect();
    Tables {
        offset,
        pattern_index,
        patterns,
        possible,
        cells: cell_chance.len(),
        cell_chance,
    }
}

/// Each cell's chance for distinct hole ranks held `held[r]` times: rank r has
/// `4 − held[r]` cards among the 48 unseen, and the board is five of those 48
/// (multivariate hypergeometric). Cell bit r: rank r seen; bit k + r: seen twice or more.
fn fill_cell_chances(held: &[u64], out: &mut [f64]) {
    let k = held.len();
    let left: Vec<u64> = held.iter().map(|h| 4 - h).collect();
    let others = 48 - left.iter().sum::<u64>();
    let total = binomial(48, 5) as f64;
    let mut counts = vec![0u64; k];
    loop {
        let drawn: u64 = counts.iter().sum();
        if drawn <= 5 {
            let ways = counts
                .iter()
                .zip(&left)
                .map(|(&c, &l)| binomial(l, c))
                .product::<u64>();
            // The other board cards: `m` of the 4 × (13 − k) cards of other ranks, all
            // of distinct ranks or not.
            let m = 5 - drawn;
            let other_ranks = 13 - k as u64;
            let distinct = binomial(other_ranks, m) * 4u64.pow(m as u32);
            let paired = binomial(others, m) - distinct;
            let cell = counts.iter().enumerate().fold(0, |cell, (r, &c)| {
                cell | ((c >= 1) as usize) << r | ((c >= 2) as usize) << (k + r)
            });
            out[cell] += (ways * distinct) as f64 / total;
            out[cell | 1 << (2 * k)] += (ways * paired) as f64 / total;
        }
        // Next count vector (odometer), each rank up to the cards it has left.
        let mut r = 0;
        loop {
            if r == k {
                return;
            }
            counts[r] += 1;
            if counts[r] <= left[r] {
                break;
            }
            counts[r] = 0;
            r += 1;
        }
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{extract_bits, Card, CardSet};

    /// 26 patterns (one to four distinct ranks, each player holding one or two),
    /// 4,840 cells, each pattern's chances summing to one.
    #[test]
    fn every_pattern_has_cell_chances_summing_to_one() {
        let t = tables();
        assert_eq!(t.patterns.len(), 26);
        assert_eq!(t.cells, 2 * (6 * 256 + 12 * 64 + 7 * 16 + 4));
        for p in &t.patterns {
            let s: f64 = t.cell_chance[p.clone()].iter().sum();
            assert!((s - 1.0).abs() < 1e-12, "{p:?}: {s}");
        }
    }

    fn hand(text: &str) -> Hand {
        Hand::from_cards(&CardSet::parse(text).unwrap().iter().collect::<Vec<Card>>())
    }

    /// The cell chances against a count of every board (all 1,712,304) for hands of
    /// several patterns: a shared ace, a pair against two overcards, a pair against a
    /// hand holding its rank, the same hand twice over, and four distinct ranks.
    #[test]
    fn cell_chances_equal_a_count_of_every_board() {
        let pairs = [
            ("AsKs", "Ah7h"),
            ("QcQd", "JhTh"),
            ("9s9h", "9c2d"),
            ("AsKd", "AhKc"),
            ("8c7c", "5d4h"),
            ("3c3d", "3h3s"),
        ];
        for (a, b) in pairs {
            let (ha, hb) = (hand(a), hand(b));
            let used = CardSet::parse(&format!("{a}{b}")).unwrap();
            let unseen: Vec<Card> = used.complement().iter().collect();
            // 1,712,304 boards overflow a batch's 16-bit counts: batches of 50,000.
            let (mut cells, mut batch, mut filed) = (HitCells::default(), BatchHits::default(), 0);
            let v = [HandValue::default(); 2];
            crate::range::for_each_subset(&unseen, 5, &mut |board| {
                let cards: Vec<Card> = board.iter().collect();
                batch.add([ha, hb], Hand::from_cards(&cards), v, extract_bits);
                filed += 1;
                if filed % 50_000 == 0 {
                    cells.merge(&std::mem::take(&mut batch).into_cells(None));
                }
            });
            cells.merge(&batch.into_cells(None));
            assert_eq!(cells.deals(), 1_712_304);
            let t = tables();
            let filled: Vec<_> = t
                .patterns
                .iter()
                .filter(|p| cells.dense[(*p).clone()].iter().any(|c| c[0] > 0))
                .collect();
            assert_eq!(filled.len(), 1, "{a} vs {b}: one pattern");
            for i in filled[0].clone() {
                let counted = cells.dense[i][0] as f64 / 1_712_304.0;
                let chance = t.cell_chance[i];
                assert!(
                    (counted - chance).abs() < 1e-12,
                    "{a} vs {b} cell {i}: {counted} {chance}"
                );
            }
        }
    }

    /// The pattern chances against a plain sum over every pair of combos that share no
    /// card (weights multiplied), for weighted, overlapping and random ranges.
    #[test]
    fn pattern_chances_equal_a_sum_over_every_pair_of_hands() {
        use crate::range::HandRange;
        let pairs = [
            ("AsKs", "random"),
            ("QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo"),
            ("AK:0.5,QQ:0.25,76s", "random"),
            ("33", "33"),
            ("AhAd", "AsAc,KK:0.3"),
            ("random", "random"),
        ];
        let t = tables();
        for (a, b) in pairs {
            let seat = |r: &str| SeatCombos::of(&HandRange::parse(r).unwrap(), CardSet::EMPTY);
            let (first, second) = (seat(a), seat(b));
            let fast = PatternChances::of(&first, &second);
            let mut plain = vec![0.0; t.patterns.len()];
            for i in 0..first.combos.len() {
                for j in 0..second.combos.len() {
                    if first.sets[i].intersects(second.sets[j]) {
                        continue;
                    }
                    let key = pattern_key(
                        combo_ranks(&first, i),
                        combo_ranks(&second, j),
                        extract_bits,
                    );
                    plain[t.pattern_index[key]] += first.weights[i] * second.weights[j];
                }
            }
            let total: f64 = plain.iter().sum();
            for (p, (x, y)) in fast.0.iter().zip(&plain).enumerate() {
                assert!(
                    (x - y / total).abs() < 1e-12,
                    "{a} vs {b} pattern {p}: {x} {}",
                    y / total
                );
            }
            let sum: f64 = fast.0.iter().sum();
            assert!((sum - 1.0).abs() < 1e-12, "{a} vs {b}: {sum}");
        }
    }
}
