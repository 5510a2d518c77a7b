//! Heads-up preflop Monte Carlo, post-stratified on how the board hits the two hands'
//! ranks and whether it makes either a flush (reference §5).
//!
//! Most of a heads-up deal's outcome is decided by whether the hole cards' ranks show
//! on the board (the player whose rank pairs or trips usually wins) and by flushes.
//! Given the two hands, the chance of every such outcome is exact arithmetic: of each
//! rank and each suit, how many cards are left among the 48 unseen, of which the board
//! is five. The rank part depends only on the **pattern** of the hands' ranks: how many
//! distinct ranks the four hole cards have and, in rank order, which of them each player
//! holds (AKo against QJ and 98 against 76 share one; 66 against A6 another); the flush
//! part only on the hands' suits. So each deal is filed under its pattern, its **cell**
//! (each of those ranks on the board: not, once, or twice or more; and whether another
//! rank pairs) and its **flush state** (whether each player has five of a suit), and
//! each figure is estimated as
//!
//! > mean over deals of  y − g(cell, state),  plus  Σ_p P(p)·E[g | p]
//!
//! with g = β(cell) + δ(state) fitted per pattern by least squares, and E[g | p] =
//! Σ_c π(p, c) β(c) + Σ_s P(s | p) δ(s) from the exact chances: π of a cell given the
//! pattern, P(p) of the pattern and P(s | p) of a flush state given it under the two
//! ranges (their weights and card removal, counted once per run by
//! [`PatternChances::of`]). Whatever β and δ are, the correction has mean zero, so the
//! estimate is that of the deals; fitted, it leaves mostly kickers and straights to
//! chance. A pattern too rare to have settled cell values yet (few deals expected in
//! it) keeps g = 0: its deals count plainly.
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
    /// The estimates once worked out (the stop rule and the progress both ask).
    estimated: EstimateCache,
}

/// [`HitCells::estimates`] kept until the cells change; not part of what the cells are
/// (equal whatever it holds; a clone starts empty).
#[derive(Debug, Default)]
struct EstimateCache(OnceLock<SeatEstimates>);

impl Clone for EstimateCache {
    fn clone(&self) -> EstimateCache {
        EstimateCache::default()
    }
}

impl PartialEq for EstimateCache {
    fn eq(&self, _: &EstimateCache) -> bool {
        true
    }
}

/// The exact chance of each pattern (in the order of the pattern table) together with
/// each flush state, when the two seats' hands are dealt from their ranges: reference
/// §4's deal probability, the product of the two weights over the pairs of hands that
/// share no card. The hands' suits give each state's chance; a pattern's chance is the
/// sum over its states.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternChances(Arc<[[f64; FLUSH_STATES]]>);

impl PatternChances {
    /// P(pattern `i`).
    fn pattern(&self, i: usize) -> f64 {
        self.0[i].iter().sum()
    }

    /// The chances of hands dealt to seats `first` and `second`.
    pub fn of(first: &SeatCombos, second: &SeatCombos) -> PatternChances {
        // Random against random is the widest case and always the same: counted once.
        if first.is_random && second.is_random && first.combos.len() == 1326 {
            static RANDOM: OnceLock<PatternChances> = OnceLock::new();
            return RANDOM.get_or_init(|| count_chances(first, second)).clone();
        }
        count_chances(first, second)
    }
}

/// A seat's combos by the ranks they hold (at most 91 sets) and their suits (a suit
/// kind), with the total weight of each.
struct Kinds {
    /// The distinct rank sets (bit r for rank r).
    rank_sets: Vec<u64>,
    /// Weight by rank set and suit kind.
    weight: Vec<[f64; SUIT_KINDS]>,
    /// Each combo's rank set (its place in `rank_sets`) and suit kind.
    of_combo: Vec<(usize, usize)>,
}

impl Kinds {
    fn of(seat: &SeatCombos) -> Kinds {
        let mut place = vec![usize::MAX; 1 << 13];
        let (mut rank_sets, mut weight) = (Vec::new(), Vec::new());
        let of_combo = (0..seat.combos.len())
            .map(|j| {
                let ranks = combo_ranks(seat, j);
                if place[ranks as usize] == usize::MAX {
                    place[ranks as usize] = rank_sets.len();
                    rank_sets.push(ranks);
                    weight.push([0.0; SUIT_KINDS]);
                }
                let (r, suits) = (place[ranks as usize], combo_suits(seat, j));
                weight[r][suits] += seat.weights[j];
                (r, suits)
            })
            .collect();
        Kinds {
            rank_sets,
            weight,
            of_combo,
        }
    }
}

/// [`PatternChances::of`], counted: the weight of hands by pattern and pair of suit
/// kinds, over every pair of combos (a product of the two seats' weights by rank set
/// and suit kind), less the pairs of combos that share a card; each pair of suit kinds
/// has its flush-state chances.
fn count_chances(first: &SeatCombos, second: &SeatCombos) -> PatternChances {
    let t = tables();
    let (a, b) = (Kinds::of(first), Kinds::of(second));
    // The pattern of each pair of rank sets.
    let nb = b.rank_sets.len();
    let pattern_of: Vec<usize> = a
        .rank_sets
        .iter()
        .flat_map(|&r0| {
            b.rank_sets
                .iter()
                .map(move |&r1| t.pattern_index[pattern_key(r0, r1, crate::cards::extract_bits)])
        })
        .collect();
    let cell = |p: usize, s0: usize, s1: usize| (p * SUIT_KINDS + s0) * SUIT_KINDS + s1;
    let mut by_suits = vec![0.0; t.patterns.len() * SUIT_KINDS * SUIT_KINDS];
    for (r0, w0) in a.weight.iter().enumerate() {
        // The second seat's weight by suit kind over its rank sets giving each pattern
        // with this one, then the product with this rank set's weights.
        let mut by_pattern = vec![[0.0; SUIT_KINDS]; t.patterns.len()];
        for (r1, w1) in b.weight.iter().enumerate() {
            let sum = &mut by_pattern[pattern_of[r0 * nb + r1]];
            for (x, y) in sum.iter_mut().zip(w1) {
                *x += y;
            }
        }
        for (p, w1) in by_pattern.iter().enumerate() {
            for (s0, &x) in w0.iter().enumerate().filter(|(_, &x)| x > 0.0) {
                let row = &mut by_suits[cell(p, s0, 0)..][..SUIT_KINDS];
                for (y, &z) in row.iter_mut().zip(w1) {
                    *y += x * z;
                }
            }
        }
    }
    // Less the pairs sharing a card (a combo holding both cards of the first is that
    // very hand: taken out once).
    let mut holding: Vec<Vec<usize>> = vec![Vec::new(); 52];
    for (j, combo) in second.combos.iter().enumerate() {
        let (x, y) = combo.cards();
        holding[x.index()].push(j);
        holding[y.index()].push(j);
    }
    for (i, combo) in first.combos.iter().enumerate() {
        let (x, y) = combo.cards();
        let (r0, s0) = a.of_combo[i];
        let sharing = holding[x.index()].iter().chain(
            holding[y.index()]
                .iter()
                .filter(|&&j| !second.sets[j].contains(x)),
        );
        for &j in sharing {
            let (r1, s1) = b.of_combo[j];
            by_suits[cell(pattern_of[r0 * nb + r1], s0, s1)] -=
                first.weights[i] * second.weights[j];
        }
    }
    let mut flush = vec![[0.0; FLUSH_STATES]; t.patterns.len()];
    for (p, weights) in by_suits.chunks_exact(SUIT_KINDS * SUIT_KINDS).enumerate() {
        for (&w, states) in weights.iter().zip(&t.flush_chance) {
            // What rounding leaves of a weight taken out in full.
            let w = w.max(0.0);
            for (x, chance) in flush[p].iter_mut().zip(states) {
                *x += w * chance;
            }
        }
    }
    let total: f64 = flush.iter().flatten().sum();
    if total > 0.0 {
        flush.iter_mut().flatten().for_each(|c| *c /= total);
    }
    PatternChances(flush.into())
}

/// The suits of combo `i` of `seat` as one of [`SUIT_KINDS`] kinds.
fn combo_suits(seat: &SeatCombos, i: usize) -> usize {
    let (a, b) = seat.combos[i].cards();
    suit_kind(a.suit(), b.suit())
}

/// The two suits of each suit kind: a pair of suits, unordered.
const SUIT_PAIRS: [(usize, usize); SUIT_KINDS] = [
    (0, 0),
    (0, 1),
    (0, 2),
    (0, 3),
    (1, 1),
    (1, 2),
    (1, 3),
    (2, 2),
    (2, 3),
    (3, 3),
];

/// Kinds of two suits: four suited, six not.
const SUIT_KINDS: usize = 10;

/// The kind of suits `a` and `b` (its place in [`SUIT_PAIRS`]).
fn suit_kind(a: u8, b: u8) -> usize {
    const KIND: [[u8; 4]; 4] = [[0, 1, 2, 3], [1, 4, 5, 6], [2, 5, 7, 8], [3, 6, 8, 9]];
    KIND[a as usize & 3][b as usize & 3] as usize
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

/// Flush states of a deal, bit k set when player k holds five cards of a suit (seven
/// cards: a flush or better is made).
const FLUSH_STATES: usize = 4;

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
            .unwrap_or_else(|| vec![[0; 3]; tables.cells * FLUSH_STATES].into_boxed_slice());
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
        // Beside the cell, whether each player holds five cards of a suit.
        let flushes = board.combine(holes[0]).has_flush() as usize
            | (board.combine(holes[1]).has_flush() as usize) << 1;
        let index = (start as usize + cell as usize) * FLUSH_STATES + flushes;
        // Only real hands give a pattern; anything else lands past the cells and is not
        // filed (checked in debug builds).
        debug_assert!(index < t.cells * FLUSH_STATES, "pattern {key:08b}");
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
        // A cell's flush states side by side: most cells are empty, skipped four at once.
        for (g, group) in self.cells.chunks_exact_mut(FLUSH_STATES).enumerate() {
            if group.iter().fold(0, |any, c| any | c[0]) == 0 {
                continue;
            }
            for (k, c) in group.iter_mut().enumerate() {
                if c[0] > 0 {
                    sparse.push(((g * FLUSH_STATES + k) as u32, *c));
                    *c = [0; 3];
                }
            }
        }
        SPARE_CELLS.set(Some(self.cells));
        HitCells {
            dense: Vec::new(),
            sparse,
            patterns: patterns.cloned(),
            estimated: EstimateCache::default(),
        }
    }
}

impl HitCells {
    /// Adds another tally's cells.
    pub fn merge(&mut self, other: &HitCells) {
        self.estimated = EstimateCache::default();
        if self.patterns.is_none() {
            self.patterns.clone_from(&other.patterns);
        }
        if self.dense.is_empty() {
            self.dense = vec![[0; 3]; tables().cells * FLUSH_STATES];
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
        *self.estimated.0.get_or_init(|| self.work_out_estimates())
    }

    fn work_out_estimates(&self) -> SeatEstimates {
        const NONE: SeatEstimates = [[None; 3]; 2];
        let Some(chances) = &self.patterns else {
            return NONE;
        };
        let t = tables();
        let all = self.all_cells();
        let n = all.iter().map(|c| c[0]).sum::<u64>() as f64;
        // Σ over stratified patterns of E[g]; Σ(y − g) and Σ(y − g)² over the deals
        // (g = 0 for the deals counted plainly); parameters fitted.
        let (mut known, mut residual, mut squares) = ([0.0; 6], [0.0; 6], [0.0; 6]);
        let (mut fitted, mut stratified) = (0.0, 0);
        // The patterns counted plainly, as one group: their chance, deals, Σy and Σy².
        let (mut plain_chance, mut plain_deals) = (0.0, 0.0);
        let (mut plain_sum, mut plain_squares) = ([0.0; 6], [0.0; 6]);
        for (i, p) in t.patterns.iter().enumerate() {
            let joint = &all[p.start * FLUSH_STATES..p.end * FLUSH_STATES];
            // Decided by the deals expected, not those seen, so which deals count
            // plainly does not depend on the draw.
            let expected = chances.pattern(i) * n;
            if expected < MIN_DEALS_PER_CELL * t.possible[i] as f64 {
                plain_chance += chances.pattern(i);
                for c in joint.iter().filter(|c| c[0] > 0) {
                    plain_deals += c[0] as f64;
                    let sums = figure_sums(c[0] as f64, c[1] as f64, c[2] as f64);
                    for f in 0..6 {
                        plain_sum[f] += sums[f].0;
                        plain_squares[f] += sums[f].1;
                    }
                }
                continue;
            }
            let Some(fit) = PatternFit::of(joint, &t.cell_chance[p.clone()]) else {
                // Thousands of deals expected and none seen: nothing to stand on.
                return NONE;
            };
            stratified += 1;
            fitted += fit.parameters;
            for f in 0..6 {
                known[f] += fit.expected(f, chances.pattern(i), &chances.0[i]);
                residual[f] += fit.residual[f];
                squares[f] += fit.squares[f];
            }
        }
        // The plain group's g is its own mean, weighed by its exact chance (one more
        // parameter): like every stratified pattern's, so the estimate of a figure that
        // is the same in every deal is that figure, and the two seats' equities sum to 1
        // exactly (with g = 0 there, its share came from the deals seen: 0.9997).
        if plain_deals > 0.0 {
            fitted += 1.0;
            for f in 0..6 {
                let mean = plain_sum[f] / plain_deals;
                known[f] += plain_chance * mean;
                squares[f] += (plain_squares[f] - plain_deals * mean * mean).max(0.0);
            }
        }
        if stratified == 0 || n <= fitted + 1.0 {
            return NONE;
        }
        let estimate = |f: usize| {
            let v = residual[f] / n;
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

/// One pattern's fitted g(cell, flush state) = β(cell) + δ(state) for each figure
/// (δ = 0 without a flush), by least squares over its deals.
struct PatternFit {
    /// The rank cells seen (their places in the pattern) and their exact chances.
    seen: Vec<(usize, f64)>,
    beta: Vec<[f64; 6]>,
    delta: [[f64; 6]; FLUSH_STATES],
    /// β of a cell not seen: the pattern's mean of y − δ (its chance is small).
    unseen_beta: [f64; 6],
    /// Σ(y − g), Σ(y − g)² over the pattern's deals, and the parameters fitted.
    residual: [f64; 6],
    squares: [f64; 6],
    parameters: f64,
}

/// Rounds of fitting β given δ and δ given β. Flushes are rare beside the cells, so
/// the two are nearly apart and two rounds settle them; any β and δ keep the estimate
/// unbiased, the fit only makes the error small.
const FIT_ROUNDS: usize = 2;

impl PatternFit {
    /// The fit over a pattern's cells (`FLUSH_STATES` per rank cell, chances `pi`),
    /// `None` when it has no deal.
    fn of(joint: &[[u64; 3]], pi: &[f64]) -> Option<PatternFit> {
        let groups: Vec<&[[u64; 3]]> = joint.chunks_exact(FLUSH_STATES).collect();
        let seen: Vec<(usize, f64)> = (0..groups.len())
            .filter(|&c| groups[c].iter().any(|j| j[0] > 0))
            .map(|c| (c, pi[c]))
            .collect();
        if seen.is_empty() {
            return None;
        }
        // A seen cell's filled states: (state, deals, figure sums).
        let states = |c: usize| {
            groups[c]
                .iter()
                .enumerate()
                .filter(|(_, j)| j[0] > 0)
                .map(|(state, j)| {
                    let k = j[0] as f64;
                    (state, k, figure_sums(k, j[1] as f64, j[2] as f64))
                })
        };
        let mut fit = PatternFit {
            beta: vec![[0.0; 6]; seen.len()],
            seen,
            delta: [[0.0; 6]; FLUSH_STATES],
            unseen_beta: [0.0; 6],
            residual: [0.0; 6],
            squares: [0.0; 6],
            parameters: 0.0,
        };
        let fit_beta = |fit: &mut PatternFit| {
            for (beta, &(c, _)) in fit.beta.iter_mut().zip(&fit.seen) {
                let (mut k, mut sum) = (0.0, [0.0; 6]);
                for (state, m, sums) in states(c) {
                    k += m;
                    for f in 0..6 {
                        sum[f] += sums[f].0 - m * fit.delta[state][f];
                    }
                }
                *beta = sum.map(|x| x / k);
            }
        };
        fit_beta(&mut fit);
        for _ in 0..FIT_ROUNDS {
            let (mut k, mut sum) = ([0.0; FLUSH_STATES], [[0.0; 6]; FLUSH_STATES]);
            for (beta, &(c, _)) in fit.beta.iter().zip(&fit.seen) {
                for (state, m, sums) in states(c) {
                    k[state] += m;
                    for f in 0..6 {
                        sum[state][f] += sums[f].0 - m * beta[f];
                    }
                }
            }
            // No flush is the reference state: δ there stays 0.
            for state in 1..FLUSH_STATES {
                if k[state] > 0.0 {
                    fit.delta[state] = sum[state].map(|x| x / k[state]);
                }
            }
            // β last: each cell's residuals then sum to zero.
            fit_beta(&mut fit);
        }
        let mut n_p = 0.0;
        let mut states_seen = [false; FLUSH_STATES];
        let mut less_delta = [0.0; 6];
        for (beta, &(c, _)) in fit.beta.iter().zip(&fit.seen) {
            for (state, m, sums) in states(c) {
                states_seen[state] = true;
                n_p += m;
                for f in 0..6 {
                    let (s, q) = sums[f];
                    let g = beta[f] + fit.delta[state][f];
                    fit.residual[f] += s - m * g;
                    fit.squares[f] += q - 2.0 * g * s + m * g * g;
                    less_delta[f] += s - m * fit.delta[state][f];
                }
            }
        }
        fit.unseen_beta = less_delta.map(|x| x / n_p);
        fit.parameters = (fit.seen.len() + states_seen[1..].iter().filter(|&&x| x).count()) as f64;
        Some(fit)
    }

    /// P(pattern)·E[g | pattern] for figure `f`: Σ_c π(c)·β(c) + Σ_s P(s | pattern)·δ(s),
    /// from the pattern's chance and its joint chances with the flush states.
    fn expected(&self, f: usize, pattern: f64, flush: &[f64; FLUSH_STATES]) -> f64 {
        let pi_seen: f64 = self.seen.iter().map(|s| s.1).sum();
        let cells: f64 = self
            .seen
            .iter()
            .zip(&self.beta)
            .map(|(s, b)| s.1 * b[f])
            .sum();
        let flushes: f64 = flush.iter().zip(&self.delta).map(|(p, d)| p * d[f]).sum();
        pattern * (cells + (1.0 - pi_seen) * self.unseen_beta[f]) + flushes
    }
}

/// Deals expected per possible cell of a pattern before its deals are weighed by its
/// cell means.
const MIN_DEALS_PER_CELL: f64 = 8.0;

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
    /// The chance of each flush state given the two hands' suit kinds (first ×
    /// [`SUIT_KINDS`] + second).
    flush_chance: Vec<[f64; FLUSH_STATES]>,
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
    let flush_chance = (0..SUIT_KINDS * SUIT_KINDS)
        .map(|k| flush_state_chances(k / SUIT_KINDS, k % SUIT_KINDS))
        .collect();
    Tables {
        flush_chance,
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

/// The chance of each flush state for hands of suit kinds `first` and `second`: of
/// suit s, 13 less the hole cards of s are among the 48 unseen, the board five of
/// those 48 (multivariate hypergeometric over the suits); a player holds a flush when
/// the board and their hand have five of one suit.
fn flush_state_chances(first: usize, second: usize) -> [f64; FLUSH_STATES] {
    let held = |kind: usize| -> [u64; 4] {
        let (a, b) = SUIT_PAIRS[kind];
        let mut h = [0; 4];
        h[a] += 1;
        h[b] += 1;
        h
    };
    let (h0, h1) = (held(first), held(second));
    let left: [u64; 4] = std::array::from_fn(|s| 13 - h0[s] - h1[s]);
    let total = binomial(48, 5) as f64;
    let mut out = [0.0; FLUSH_STATES];
    for k0 in 0..=5 {
        for k1 in 0..=5 - k0 {
            for k2 in 0..=5 - k0 - k1 {
                let k = [k0, k1, k2, 5 - k0 - k1 - k2];
                let ways: u64 = (0..4).map(|s| binomial(left[s], k[s])).product();
                let flush = |h: &[u64; 4]| (0..4).any(|s| k[s] + h[s] >= 5) as usize;
                out[flush(&h0) | flush(&h1) << 1] += ways as f64 / total;
            }
        }
    }
    out
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[cfg(test)]
#[path = "rank_hits_tests.rs"]
mod tests;
