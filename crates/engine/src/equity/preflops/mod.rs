//! Multiway exact enumeration by canonical preflops (three or more seats).
//!
//! - **Preflops, not deals.** A deal's result depends only on its hole cards, up to a
//!   relabelling of suits that leaves the board and the dead cards alone; and putting
//!   the same hands in other seats only permutes the seats' results. So deals are
//!   folded into classes keyed by their canonical preflop (the hands sorted, under the
//!   relabelling that gives the smallest list), each class is valued once, and every
//!   deal of it is credited with its weight (the product of its seats' combo weights).
//! - **Boards by rank where suits cannot matter.** In a given preflop, suit `s` can
//!   give someone a flush only once `t_s` of the cards to come are of that suit. A
//!   completion below every threshold ("plain") is worth only its ranks, so plain
//!   completions are valued once per rank multiset, weighted by how many there are.
//!   A completion at or above a threshold (at most one suit can be, or we visit every
//!   board) is visited with that suit's cards exactly and the others by rank, and is
//!   taken off its rank multiset's count.
//! - **Interchangeable seats dealt as sets.** Seats holding the same combos at the same
//!   weights take their hands in increasing order, each set once, standing for all its
//!   orderings (their weights credited evenly): ten seats of AA–TT are 243 sets, not
//!   243 × 10! deals.
//! - Classes are visited in a fixed pseudo-random order, so a run stopped part-way is
//!   a fair estimate; they are valued in parallel rounds and merged in order, so the
//!   sums do not depend on the thread count.

use super::deals::{completions_from, count_deals};
use super::memory::ExactCost;
use super::symmetry::{SuitPermutation, SuitSymmetry};
use super::{EquityError, Matchup, MatchupTally, RunControl, SeatSums, Showdown, MAX_SEATS};
use crate::cards::{Card, CardSet};
use crate::eval::{Hand, HandValue};
use crate::range::Combo;
use rayon::prelude::*;
use std::collections::HashMap;

/// Deals an estimate folds into classes itself; past this it extrapolates.
const COUNTED_DEALS: u64 = 400_000;

/// Classes valued per parallel round before their sums are merged (in order).
const CLASSES_PER_ROUND: usize = 256;

/// Work of a class beyond its evaluations (folding, merging), in evaluations.
const CLASS_OVERHEAD: f64 = 64.0;

/// Binomial coefficients C(n, r) for n ≤ 52, r ≤ 7 (cards to come and suit counts).
const BINOMIAL: [[u64; 8]; 53] = {
    let mut t = [[0u64; 8]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut r = 1;
        while r < 8 {
            t[n][r] = if n == 0 {
                0
            } else {
                t[n - 1][r - 1] + t[n - 1][r]
            };
            r += 1;
        }
        n += 1;
    }
    t
};

#[inline]
fn binomial(n: usize, r: usize) -> u64 {
    if r > 7 {
        super::choose(n as u64, r as u64)
    } else {
        BINOMIAL[n][r]
    }
}

/// Rank multisets of `size` cards (13 ranks, repetition allowed).
fn multisets(size: usize) -> usize {
    binomial(12 + size, size) as usize
}

/// The index of a non-decreasing list of ranks among [`multisets`] of its size.
#[inline]
fn multiset_index(sorted_ranks: &[u8]) -> usize {
    sorted_ranks
        .iter()
        .enumerate()
        .map(|(i, &r)| binomial(r as usize + i, i + 1) as usize)
        .sum()
}

/// Least common multiple of 1..=n: a tie among w seats credits each `LCM / w` units,
/// so equity shares stay integers until a class is merged.
fn lcm_up_to(n: usize) -> u64 {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    (1..=n as u64).fold(1, |l, i| l / gcd(l, i) * i)
}

/// What every class of one matchup shares.
struct Context {
    seats: usize,
    /// Cards to come.
    k: usize,
    /// Board and dead cards.
    base: CardSet,
    board_hand: Hand,
    board_suits: [u8; 4],
    /// Suit relabellings that leave the board and the dead cards in place.
    perms: Vec<SuitPermutation>,
    /// Seats with the same combos at the same weights, as groups (seats increasing).
    groups: Vec<Vec<usize>>,
    /// The previous seat of each seat's group: a group's combos are dealt in
    /// increasing order, each set of them once.
    previous_in_group: Vec<Option<usize>>,
    /// The ordered deals one folded deal stands for: the product of the groups' sizes'
    /// factorials (saturating; past 20 interchangeable seats nothing is enumerated).
    orderings: u64,
}

impl Context {
    fn of(m: &Matchup) -> Context {
        let board: Vec<Card> = m.board.iter().collect();
        let mut board_suits = [0u8; 4];
        for c in &board {
            board_suits[c.suit() as usize] += 1;
        }
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut previous_in_group = vec![None; m.seats.len()];
        for (seat, combos) in m.seats.iter().enumerate() {
            let same = |g: &&mut Vec<usize>| {
                let first = &m.seats[g[0]];
                first.combos == combos.combos && first.weights == combos.weights
            };
            match groups.iter_mut().find(same) {
                Some(group) => {
                    previous_in_group[seat] = group.last().copied();
                    group.push(seat);
                }
                None => groups.push(vec![seat]),
            }
        }
        let orderings = groups
            .iter()
            .flat_map(|g| 1..=g.len() as u64)
            .fold(1u64, u64::saturating_mul);
        Context {
            groups,
            previous_in_group,
            orderings,
            seats: m.seats.len(),
            k: m.cards_to_come(),
            base: m.board.union(m.dead),
            board_hand: Hand::from_cards(&board),
            board_suits,
            perms: SuitSymmetry::of(m.board, m.dead, &[]).permutations,
        }
    }

    /// How the boards of one preflop split (see the module doc), or `None` when every
    /// board must be visited.
    fn split(&self, combos: &[u16]) -> (CardSet, Option<[usize; 4]>) {
        let mut used = self.base;
        let mut most_held = [0u8; 4];
        for &c in combos {
            let combo = Combo::from_index(c as usize).expect("combo");
            used = used.union(combo.card_set());
            let (a, b) = combo.cards();
            let mut held = [0u8; 4];
            held[a.suit() as usize] += 1;
            held[b.suit() as usize] += 1;
            for s in 0..4 {
                most_held[s] = most_held[s].max(held[s]);
            }
        }
        let live = used.complement();
        let mut thresholds = [0usize; 4];
        for s in 0..4 {
            let have = (self.board_suits[s] + most_held[s]) as usize;
            if have >= 5 || self.k == 0 {
                return (live, None);
            }
            thresholds[s] = 5 - have;
        }
        for s in 0..4 {
            for t in s + 1..4 {
                if thresholds[s] + thresholds[t] <= self.k {
                    return (live, None);
                }
            }
        }
        (live, Some(thresholds))
    }

    /// Work of valuing one class, in evaluations (the same count `value` adds to the
    /// progress, so the fraction done is exact).
    fn class_cost(&self, combos: &[u16]) -> f64 {
        let (live, split) = self.split(combos);
        self.cost_of_split(live, split)
    }

    /// [`Context::class_cost`] of a preflop already split.
    fn cost_of_split(&self, live: CardSet, split: Option<[usize; 4]>) -> f64 {
        let boards = match split {
            None => binomial(live.len(), self.k) as f64,
            Some(thresholds) => {
                let mut boards = multisets(self.k) as f64;
                for (s, &t) in thresholds.iter().enumerate() {
                    let suited = (0..13u8)
                        .filter(|&r| live.contains(Card::new(r, s as u8)))
                        .count();
                    for j in t..=self.k {
                        boards += binomial(suited, j) as f64 * multisets(self.k - j) as f64;
                    }
                }
                boards
            }
        };
        boards * self.seats as f64 + CLASS_OVERHEAD
    }

    /// The canonical preflop of a deal (combo indices per seat): its sorted smallest
    /// image under the relabellings, written to `key`, and the position there of each
    /// seat's hand, written to `positions`.
    fn canonical(&self, deal: &[u16], key: &mut [u16], positions: &mut [u8]) {
        let n = deal.len();
        let mut image = [0u16; MAX_SEATS];
        let mut best = 0;
        for (p, perm) in self.perms.iter().enumerate() {
            for (x, &c) in image.iter_mut().zip(deal) {
                *x = perm.combo_index(c);
            }
            image[..n].sort_unstable();
            if p == 0 || image[..n] < key[..n] {
                key[..n].copy_from_slice(&image[..n]);
                best = p;
            }
        }
        for (pos, &c) in positions.iter_mut().zip(deal) {
            let mapped = self.perms[best].combo_index(c);
            *pos = key[..n]
                .binary_search(&mapped)
                .expect("hand in its preflop") as u8;
        }
    }
}

/// A canonical preflop packed 11 bits per combo (23 seats fit in 253 bits): a key
/// that hashes and compares without allocating.
type PackedPreflop = [u64; 4];

fn pack(combos: &[u16]) -> PackedPreflop {
    let mut key = [0u64; 4];
    for (i, &c) in combos.iter().enumerate() {
        let bit = 11 * i;
        key[bit / 64] |= (c as u64) << (bit % 64);
        if bit % 64 > 53 {
            key[bit / 64 + 1] |= (c as u64) >> (64 - bit % 64);
        }
    }
    key
}

/// A multiply-and-rotate hasher for packed preflops: they are not attacker-chosen, and
/// SipHash would cost more than the rest of folding a deal.
#[derive(Default)]
struct PreflopHasher(u64);

impl std::hash::Hasher for PreflopHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

type PreflopIndex = HashMap<PackedPreflop, usize, std::hash::BuildHasherDefault<PreflopHasher>>;

/// One canonical preflop and the deals folded into it.
pub(super) struct PreflopClass {
    /// The hands, sorted; a hand's index here is its position.
    pub(super) combos: Vec<u16>,
    /// `weight[seat * n + position]`: the weight of the class's deals in which `seat`
    /// holds the hand at `position`.
    pub(super) weight: Vec<f64>,
    pub(super) deals: u64,
    /// Deals of the class by the position of the first seat's hand (the sweep's hero).
    pub(super) first_seat_deals: Vec<u64>,
}

/// Deals (or steps, or new classes) between two looks at the shared counts (the
/// limits) and the cancel flag.
const FOLD_CHECK_EVERY: u64 = 1024;

/// Steps of the walk (combos looked at) allowed per deal of the limit.
/// Interchangeable seats take their combos in increasing order, and a walk can spend
/// long in branches that end before every seat has a hand (23 seats of any two cards):
/// the steps are bounded too, not only the deals reached.
const FOLD_STEPS_PER_DEAL: u64 = 64;

/// Memory an estimate may fold into classes before it extrapolates instead (fixed, so
/// the estimate cached on a matchup does not depend on the run's budget).
const ESTIMATE_MEMORY: u64 = 64 << 20;

/// Bytes one class takes while folding, all included: the class and its three
/// vectors (with the allocator's overhead), and its entry in a task's index (a hash
/// map at its worst load, just grown). Measured against peak RSS in
/// `tests/memory_budget.rs`.
pub(super) fn class_bytes(seats: usize) -> u64 {
    const ALLOCATION: usize = 16;
    let class = std::mem::size_of::<PreflopClass>()
        + (2 * seats).next_multiple_of(8)
        + 8 * seats * seats
        + 8 * seats
        + 3 * ALLOCATION;
    let entry = 2 * (std::mem::size_of::<PackedPreflop>() + std::mem::size_of::<usize>() + 1);
    (class + entry) as u64
}

/// Why folding stopped before every deal was in its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum FoldStop {
    /// More deals (or walk steps) than the limit: the estimate extrapolates.
    Deals,
    /// The classes would outgrow the memory limit.
    Memory,
    Cancelled,
}

mod fold;
pub(crate) use fold::fold_cache;
use fold::*;

/// What an exact run of `m` by canonical preflops costs: its evaluations (the units of
/// its progress) and the memory its folded classes take; computed once per matchup
/// (in bounded time and memory: past [`COUNTED_DEALS`] deals or [`ESTIMATE_MEMORY`] of
/// classes it extrapolates).
pub(super) fn estimated_cost(m: &Matchup) -> ExactCost {
    *fold_cache(m).estimate.get_or_init(|| estimate(m))
}

fn estimate(m: &Matchup) -> ExactCost {
    let ctx = Context::of(m);
    let limits = FoldLimits {
        deals: COUNTED_DEALS,
        bytes: ESTIMATE_MEMORY,
    };
    let per_class = class_bytes(m.seats.len()) as f64;
    if let Ok(classes) = cached_classes(m, &ctx, limits, &RunControl::new()) {
        return ExactCost {
            evaluations: classes.iter().map(|c| ctx.class_cost(&c.combos)).sum(),
            bytes: classes.len() as f64 * per_class,
        };
    }
    // Too many deals to fold here: a class gathers the deals that differ by a
    // relabelling of suits and by the order of interchangeable seats (seats of other
    // ranges rarely swap hands: ten seats AA, KK, …, 55 fold 24 ways, not 24 × 10!),
    // and a preflop of offsuit hands is typical of its cost.
    let deals = count_deals(m, 20_000_000)
        .map(|d| d as f64)
        .unwrap_or_else(|| m.seats.iter().map(|s| s.len() as f64).product());
    let folded = (ctx.perms.len() as f64 * ctx.orderings as f64).min(deals.max(1.0));
    let typical: Vec<u16> = typical_preflop(m);
    let classes = deals / folded;
    ExactCost {
        evaluations: classes * ctx.class_cost(&typical),
        // The folding tasks' copies and the merged classes: twice the classes.
        bytes: 2.0 * classes * per_class,
    }
}

/// The cost of valuing a typical class of `m` (see [`typical_preflop`]).
pub(super) fn typical_class_cost(m: &Matchup) -> f64 {
    Context::of(m).class_cost(&typical_preflop(m))
}

/// Offsuit hands of distinct ranks, one per seat (a typical preflop for costs).
fn typical_preflop(m: &Matchup) -> Vec<u16> {
    let mut live = m.board.union(m.dead).complement();
    let mut combos = Vec::new();
    for _ in 0..m.seats.len() {
        let mut cards = live.iter();
        match (cards.next(), cards.find(|c| c.suit() != 0)) {
            (Some(a), Some(b)) if a.suit() != b.suit() => {
                let combo = Combo::new(a, b).expect("distinct");
                live = live.difference(combo.card_set());
                combos.push(combo.index() as u16);
            }
            _ => break,
        }
    }
    combos
}

/// What is tallied of one preflop's boards: the matchup's results per position
/// ([`PreflopTally`]) or the sweep's (its hero at each position).
pub(super) trait BoardCredit {
    /// Credits `count` boards on which the positions' hands are worth `values`.
    fn credit(&mut self, values: &[HandValue], count: u64);
}

/// Integer results of one preflop over all its boards, per position.
struct PreflopTally {
    boards: u64,
    win: Vec<u64>,
    tie: Vec<u64>,
    /// Equity in units of 1 / LCM(1..=seats) of a board.
    share: Vec<u64>,
    hand_types: Vec<[u64; 9]>,
    lcm: u64,
}

impl PreflopTally {
    fn new(n: usize, lcm: u64) -> PreflopTally {
        PreflopTally {
            boards: 0,
            win: vec![0; n],
            tie: vec![0; n],
            share: vec![0; n],
            hand_types: vec![[0; 9]; n],
            lcm,
        }
    }
}

impl BoardCredit for PreflopTally {
    #[inline]
    fn credit(&mut self, values: &[HandValue], count: u64) {
        let Showdown {
            best,
            winners,
            first,
        } = Showdown::of(values);
        let category = best.category() as usize;
        if winners == 1 {
            self.win[first] += count;
            self.share[first] += count * self.lcm;
            self.hand_types[first][category] += count;
        } else {
            let share = count * (self.lcm / winners as u64);
            for (i, &v) in values.iter().enumerate().skip(first) {
                if v == best {
                    self.tie[i] += count;
                    self.share[i] += share;
                    self.hand_types[i][category] += count;
                }
            }
        }
        self.boards += count;
    }
}

/// Reusable buffers of one worker.
struct Scratch {
    hands: Vec<Hand>,
    values: Vec<HandValue>,
    /// Per rank multiset of the cards to come: completions that are not plain.
    not_plain: Vec<u64>,
}

/// Values one preflop over every completion of the board, given its split
/// ([`Context::split`]: `live` cards and the suits' thresholds), into `tally`.
fn value<C: BoardCredit>(
    ctx: &Context,
    combos: &[u16],
    (live, split): (CardSet, Option<[usize; 4]>),
    scratch: &mut Scratch,
    tally: &mut C,
) {
    let n = combos.len();
    scratch.hands.clear();
    for &c in combos {
        let (a, b) = Combo::from_index(c as usize).expect("combo").cards();
        scratch.hands.push(ctx.board_hand.add(a).add(b));
    }
    scratch.values.resize(n, HandValue::default());
    let Scratch {
        hands,
        values,
        not_plain,
    } = scratch;
    let Some(thresholds) = split else {
        let deck: Vec<Card> = live.iter().collect();
        completions_from(&deck, 0, ctx.k, Hand::new(), CardSet::EMPTY, &mut |h, _| {
            for (v, hand) in values.iter_mut().zip(hands.iter()) {
                *v = hand.combine(h).evaluate();
            }
            tally.credit(values, 1);
        });
        return;
    };
    let k = ctx.k;
    let live_suits = |r: u8| ((live.bits() >> (4 * r as u32)) & 0xF) as u8;
    not_plain.clear();
    not_plain.resize(multisets(k), 0);
    let mut ranks = [0u8; 8];
    // Boards credited: every completion exactly once (checked in debug builds).
    let mut boards = 0u64;
    // Completions with at least `t` cards of suit `s`: those cards exactly, the rest
    // (which cannot flush) by rank, drawn as stand-ins of the other suits.
    for (s, &t) in thresholds.iter().enumerate() {
        let s = s as u8;
        let suited: Vec<u8> = (0..13u8)
            .filter(|&r| live_suits(r) & (1 << s) != 0)
            .collect();
        let mut others = [0u8; 13];
        for (r, o) in others.iter_mut().enumerate() {
            *o = (live_suits(r as u8) & !(1 << s)).count_ones() as u8;
        }
        let stand_in_suits: Vec<u8> = (0..4u8).filter(|&x| x != s).collect();
        for j in t..=k {
            for_each_subset(&suited, j, &mut |flush_ranks| {
                let flush_hand = flush_ranks
                    .iter()
                    .fold(Hand::new(), |h, &r| h.add(Card::new(r, s)));
                for_each_multiset(&others, k - j, &mut |rest, count| {
                    let mut board = flush_hand;
                    let mut copy = 0;
                    for (i, &r) in rest.iter().enumerate() {
                        copy = if i > 0 && rest[i - 1] == r {
                            copy + 1
                        } else {
                            0
                        };
                        board = board.add(Card::new(r, stand_in_suits[copy]));
                    }
                    for (v, hand) in values.iter_mut().zip(hands.iter()) {
                        *v = hand.combine(board).evaluate();
                    }
                    tally.credit(values, count);
                    boards += count;
                    ranks[..j].copy_from_slice(flush_ranks);
                    ranks[j..k].copy_from_slice(rest);
                    ranks[..k].sort_unstable();
                    not_plain[multiset_index(&ranks[..k])] += count;
                });
            });
        }
    }
    // Plain completions: once per rank multiset.
    let mut live_count = [0u8; 13];
    for (r, c) in live_count.iter_mut().enumerate() {
        *c = live_suits(r as u8).count_ones() as u8;
    }
    for_each_multiset(&live_count, k, &mut |rest, count| {
        let plain = count - not_plain[multiset_index(rest)];
        if plain == 0 {
            return;
        }
        let board = rest
            .iter()
            .fold(Hand::new(), |h, &r| h.add(Card::new(r, 0)));
        for (v, hand) in values.iter_mut().zip(hands.iter()) {
            *v = hand.combine(board).evaluate_ignoring_suits();
        }
        tally.credit(values, plain);
        boards += plain;
    });
    debug_assert_eq!(boards, binomial(live.len(), k));
}

/// Calls `visit` with every `size`-subset of `items` (in increasing order).
/// Generic rather than `dyn`: the visit inlines into the walk (it is the hot loop).
fn for_each_subset<F: FnMut(&[u8])>(items: &[u8], size: usize, visit: &mut F) {
    fn go<F: FnMut(&[u8])>(
        items: &[u8],
        start: usize,
        chosen: &mut Vec<u8>,
        size: usize,
        visit: &mut F,
    ) {
        if chosen.len() == size {
            visit(chosen);
            return;
        }
        let need = size - chosen.len();
        for i in start..items.len() {
            if items.len() - i < need {
                break;
            }
            chosen.push(items[i]);
            go(items, i + 1, chosen, size, visit);
            chosen.pop();
        }
    }
    go(items, 0, &mut Vec::with_capacity(size), size, visit);
}

/// Calls `visit(ranks, count)` for every multiset of `size` ranks with at most
/// `available[r]` of rank `r` (ranks non-decreasing), `count` being the number of card
/// sets it stands for: the product of C(available[r], copies of r).
fn for_each_multiset<F: FnMut(&[u8], u64)>(available: &[u8; 13], size: usize, visit: &mut F) {
    fn go<F: FnMut(&[u8], u64)>(
        available: &[u8; 13],
        start: u8,
        ranks: &mut Vec<u8>,
        size: usize,
        count: u64,
        visit: &mut F,
    ) {
        if ranks.len() == size {
            visit(ranks, count);
            return;
        }
        for r in start..13 {
            let most = (available[r as usize] as usize).min(size - ranks.len());
            for copies in 1..=most {
                for _ in 0..copies {
                    ranks.push(r);
                }
                let c = count * binomial(available[r as usize] as usize, copies);
                go(available, r + 1, ranks, size, c, visit);
                ranks.truncate(ranks.len() - copies);
            }
        }
    }
    go(available, 0, &mut Vec::with_capacity(size), size, 1, visit);
}

/// Values every class of `m`, each into a fresh tally from `new_tally`, in parallel
/// rounds; `merge` then sees each class with its tally in the classes' fixed order,
/// so sums do not depend on the thread count. Once `cancel` is set it stops, having
/// merged the classes valued so far. Each class adds its cost
/// ([`Context::class_cost`]) times `work_scale` to `cancel`'s work counter. Refused
/// when the classes would take more than `memory_budget` bytes.
pub(super) fn value_classes<C: BoardCredit + Send>(
    m: &Matchup,
    cancel: &RunControl,
    memory_budget: u64,
    work_scale: f64,
    new_tally: impl Fn(&PreflopClass) -> C + Sync,
    mut merge: impl FnMut(&PreflopClass, C),
) -> Result<(), EquityError> {
    let n = m.seats.len();
    let ctx = Context::of(m);
    let limits = FoldLimits {
        deals: u64::MAX,
        bytes: memory_budget,
    };
    let classes = match cached_classes(m, &ctx, limits, cancel) {
        Ok(classes) => classes,
        Err(FoldStop::Cancelled) => return Ok(()),
        Err(FoldStop::Memory | FoldStop::Deals) => {
            return Err(EquityError::TooMuchMemory {
                bytes: estimated_cost(m).bytes.max(memory_budget as f64 * 1.01),
                budget: memory_budget,
            })
        }
    };
    // Each class is a unit of the resume ledger (its place in the fixed order).
    let units = cancel.units();
    for (r, round) in classes.chunks(CLASSES_PER_ROUND).enumerate() {
        if cancel.is_cancelled() {
            break;
        }
        let first = r * CLASSES_PER_ROUND;
        let tallies: Vec<Option<C>> = round
            .par_iter()
            .enumerate()
            .map_init(
                || Scratch {
                    hands: Vec::with_capacity(n),
                    values: Vec::with_capacity(n),
                    not_plain: Vec::new(),
                },
                |scratch, (i, class)| {
                    if cancel.is_cancelled() || units.skip(first + i) {
                        return None;
                    }
                    let (live, split) = ctx.split(&class.combos);
                    let mut tally = new_tally(class);
                    value(&ctx, &class.combos, (live, split), scratch, &mut tally);
                    cancel
                        .progress()
                        .add_work((ctx.cost_of_split(live, split) * work_scale) as u64);
                    Some(tally)
                },
            )
            .collect();
        for (i, (class, tally)) in round.iter().zip(tallies).enumerate() {
            if let Some(t) = tally {
                merge(class, t);
                units.finished(first + i);
            }
        }
    }
    Ok(())
}

/// Runs the enumeration (three or more seats), stopping early with the classes valued
/// so far once `cancel` is set.
pub(super) fn run(
    m: &Matchup,
    cancel: &RunControl,
    memory_budget: u64,
) -> Result<MatchupTally, EquityError> {
    let n = m.seats.len();
    let lcm = lcm_up_to(n);
    let mut sums = vec![SeatSums::new(); n];
    let mut deals = 0u64;
    value_classes(
        m,
        cancel,
        memory_budget,
        1.0,
        |_| PreflopTally::new(n, lcm),
        |class, t| {
            deals += class.deals * t.boards;
            for (seat, sum) in sums.iter_mut().enumerate() {
                for pos in 0..n {
                    let w = class.weight[seat * n + pos];
                    if w == 0.0 {
                        continue;
                    }
                    sum.weight += w * t.boards as f64;
                    sum.win += w * t.win[pos] as f64;
                    sum.tie += w * t.tie[pos] as f64;
                    sum.equity += w * (t.share[pos] as f64 / lcm as f64);
                    for (h, &c) in sum.hand_types.iter_mut().zip(&t.hand_types[pos]) {
                        *h += w * c as f64;
                    }
                }
            }
        },
    )?;
    Ok(MatchupTally {
        attempts: 0,
        deals,
        seats: sums.into_iter().map(SeatSums::into_tally).collect(),
        hits: None,
    })
}

/// The heads-up preflop result of one class of hand pairs (hands equal up to a
/// relabelling of suits): `combos` its canonical pair (the smallest image, sorted),
/// and for each of the two hands its wins and the categories it wins or ties with,
/// over all `boards` (C(48, 5)); ties are shared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PairClass {
    pub combos: [u16; 2],
    pub boards: u64,
    pub win: [u64; 2],
    pub tie: u64,
    pub hand_types: [[u64; 9]; 2],
}

/// Every class of heads-up preflop hand pairs with its exact result, sorted by
/// canonical pair: any two hands against any two hands, folded by suit symmetry,
/// each class valued once over its boards (by rank where suits cannot matter). The
/// source of the shipped preflop table (`preflop_table`). `None` when cancelled.
pub(crate) fn heads_up_pair_classes(cancel: &RunControl) -> Option<Vec<PairClass>> {
    let m = Matchup::new(
        vec![crate::range::HandRange::random(); 2],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .expect("two random hands can be dealt");
    let lcm = lcm_up_to(2);
    let mut out = Vec::new();
    value_classes(
        &m,
        cancel,
        u64::MAX,
        1.0,
        |_| PreflopTally::new(2, lcm),
        |class, t| {
            out.push(PairClass {
                combos: [class.combos[0], class.combos[1]],
                boards: t.boards,
                win: [t.win[0], t.win[1]],
                tie: t.tie[0],
                hand_types: [t.hand_types[0], t.hand_types[1]],
            })
        },
    )
    .ok()?;
    if cancel.is_cancelled() {
        return None;
    }
    out.sort_by_key(|c| c.combos);
    Some(out)
}

#[cfg(test)]
mod tests;
