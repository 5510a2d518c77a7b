//! Three or more seats, board outside: every runout (one per class of suit symmetry)
//! values each live combo once, the seats but the widest are walked deal by deal, and
//! the widest seat is *counted*, not walked.
//!
//! The counted seat's combos are sorted by value on the runout, so the weight it holds
//! below, at and above a deal's best value is a prefix sum; its combos that share a card
//! with the deal are taken off by per-card prefix sums, and those sharing two cards
//! (counted off twice) put back one by one (inclusion–exclusion). Its own hand types,
//! which need each winning combo's category, are credited lazily: a deal adds its weight
//! at the position where winning starts (difference arrays, per card too), and the end
//! of the runout resolves every combo once.
//!
//! Memory is a few arrays of the seats' combos per thread, whatever the inputs: the
//! exact path whose size does not grow with the deals (issue 41).

use super::{
    best_after, canonical_runout, holes, merge_threads, runout_classes, runout_deck, score_sorted,
    symmetry, Hole, Scored,
};
use crate::cards::{Card, CardSet};
use crate::equity::deals::{count_deals_of, par_completions};
use crate::equity::memory::ExactCost;
use crate::equity::{Matchup, MatchupTally, RunControl, SeatSums};
use crate::eval::{Hand, HandValue};
use crate::range::{Combo, COMBOS};

/// A walked deal in evaluations' worth of work: the counted seat's binary searches and
/// prefix sums for each dealt card, the pairs of dealt cards, and every seat's credit
/// (measured: see BENCHMARKS.md, "Multiway exact in fixed memory").
const DEAL_COST: f64 = 6.0;

/// Sorting and resolving one counted combo on a runout, in evaluations' worth.
const COUNTED_COMBO_COST: f64 = 2.0;

/// A runout's fixed work (the counted seat's per-card tables for 52 cards, clearing
/// them), in evaluations' worth: about 250 ns (measured on five seats of known hands
/// and a narrow range preflop, 850,000 runouts).
const RUNOUT_COST: f64 = 40.0;

/// No position (a combo not in the counted seat on this runout).
const NONE: u16 = u16::MAX;

/// The seat counted rather than walked: the one with most combos.
fn counted_seat(m: &Matchup) -> usize {
    (0..m.seats.len())
        .max_by_key(|&i| (m.seats[i].len(), std::cmp::Reverse(i)))
        .expect("a matchup has seats")
}

/// The seats walked deal by deal, the widest last: the innermost walk pays for the
/// earlier seats' cards once per run of its combos, so the longer its runs the better.
fn walked_seats(m: &Matchup) -> Vec<usize> {
    let counted = counted_seat(m);
    let mut walked: Vec<usize> = (0..m.seats.len()).filter(|&i| i != counted).collect();
    walked.sort_by_key(|&i| m.seats[i].len());
    walked
}

/// What a run costs: per runout class, every combo valued, every walked deal, every
/// counted combo sorted and resolved. The walked deals are counted (up to 20 million,
/// past that the product of the walked seats' combos).
pub(super) fn cost(m: &Matchup) -> ExactCost {
    let walked = walked_seats(m);
    let seats: Vec<_> = walked.iter().map(|&i| &m.seats[i]).collect();
    let deals = count_deals_of(&seats, m.board.union(m.dead), 20_000_000)
        .map(|d| d as f64)
        .unwrap_or_else(|| seats.iter().map(|s| s.len() as f64).product());
    let runouts = runout_classes(m, runout_deck(m).len(), &symmetry(m));
    let combos: usize = m.seats.iter().map(|s| s.len()).sum();
    let counted = m.seats[counted_seat(m)].len() as f64;
    ExactCost {
        evaluations: runouts
            * (RUNOUT_COST + combos as f64 + deals * DEAL_COST + counted * COUNTED_COMBO_COST),
        bytes: bytes_per_thread(m) * rayon::current_num_threads() as f64,
    }
}

/// One thread's arrays: every seat's live combos and the counted seat's tables.
fn bytes_per_thread(m: &Matchup) -> f64 {
    let combos: usize = m.seats.iter().map(|s| s.len()).sum();
    (combos * 48 + COMBOS * 8 + m.seats[counted_seat(m)].len() * 64) as f64
}

/// A walked seat's combo live on the current runout.
#[derive(Clone, Copy)]
struct Live {
    set: CardSet,
    weight: f64,
    value: HandValue,
    cards: [u8; 2],
}

/// The counted seat on one runout: its live combos sorted by value, with prefix sums
/// of weight overall and per card, and the lazy credits of its wins.
#[derive(Default)]
struct Counted {
    scored: Vec<Scored>,
    scratch: Vec<Scored>,
    /// Sorted values and their combos' weights.
    values: Vec<HandValue>,
    weights: Vec<f64>,
    /// `prefix[p]`: the weight of positions `0..p`.
    prefix: Vec<f64>,
    total: f64,
    /// The positions holding each card, ascending: card `c`'s are
    /// `card_pos[card_start[c]..card_start[c + 1]]`.
    card_start: Vec<usize>,
    card_pos: Vec<u16>,
    /// Per card, the prefix weights of its positions (`len + 1` entries, from
    /// `card_start[c] + c`).
    card_prefix: Vec<f64>,
    /// Each combo's position (`NONE`: not live in the counted seat).
    pos_of_combo: Vec<u16>,
    /// Lazy win credits: a deal adds its weight where winning starts, overall
    /// (`gt_from`), per card (`card_gt_from`, taken off) and per doubly-blocked combo
    /// (`pair_gt`, put back).
    gt_from: Vec<f64>,
    card_gt_from: Vec<f64>,
    pair_gt: Vec<f64>,
    /// Scratch: each position's resolved win credit.
    credit: Vec<f64>,
}

impl Counted {
    /// Fills the tables for one runout from the seat's combos not on it.
    fn prepare(&mut self, holes: &[Hole], board: Hand, full: CardSet) {
        score_sorted(holes, board, full, &mut self.scored, &mut self.scratch);
        let n = self.scored.len();
        self.values.clear();
        self.weights.clear();
        self.prefix.clear();
        self.prefix.push(0.0);
        let mut per_card = [0usize; 52];
        if self.pos_of_combo.len() != COMBOS {
            self.pos_of_combo = vec![NONE; COMBOS];
        }
        for (p, s) in self.scored.iter().enumerate() {
            let hole = &holes[s.index()];
            self.values.push(s.value());
            self.weights.push(hole.weight);
            self.prefix.push(self.prefix[p] + hole.weight);
            per_card[hole.cards[0] as usize] += 1;
            per_card[hole.cards[1] as usize] += 1;
            self.pos_of_combo[hole.combo as usize] = p as u16;
        }
        self.total = self.prefix[n];
        self.card_start.clear();
        let mut at = 0;
        for &count in &per_card {
            self.card_start.push(at);
            at += count;
        }
        self.card_start.push(at);
        self.card_pos.clear();
        self.card_pos.resize(2 * n, 0);
        self.card_prefix.clear();
        self.card_prefix.resize(2 * n + 52, 0.0);
        let mut fill: [usize; 52] = std::array::from_fn(|c| self.card_start[c]);
        for (p, s) in self.scored.iter().enumerate() {
            let hole = &holes[s.index()];
            for card in hole.cards {
                let c = card as usize;
                let q = fill[c] - self.card_start[c];
                self.card_pos[fill[c]] = p as u16;
                let base = self.card_start[c] + c;
                self.card_prefix[base + q + 1] = self.card_prefix[base + q] + hole.weight;
                fill[c] += 1;
            }
        }
        self.gt_from.clear();
        self.gt_from.resize(n + 1, 0.0);
        self.card_gt_from.clear();
        self.card_gt_from.resize(2 * n + 52, 0.0);
        self.pair_gt.clear();
        self.pair_gt.resize(n, 0.0);
    }

    /// Clears the combo positions this runout set.
    fn finish(&mut self, holes: &[Hole]) {
        for s in &self.scored {
            self.pos_of_combo[holes[s.index()].combo as usize] = NONE;
        }
    }

    /// The positions below `best` and up to it (inclusive).
    #[inline]
    fn bounds(&self, best: HandValue) -> Bounds {
        let lt = self.values.partition_point(|&v| v < best);
        let le = lt + self.values[lt..].partition_point(|&v| v == best);
        Bounds { lt, le }
    }

    /// Every combo of the seat against a threshold at `b`, before any card is taken
    /// off; the deal's weight `w` is recorded where the seat's wins start.
    #[inline]
    fn start(&mut self, b: Bounds, w: f64) -> Against {
        self.gt_from[b.le] += w;
        Against {
            below: self.prefix[b.lt],
            up_to: self.prefix[b.le],
            all: self.total,
            count: self.values.len() as i64,
        }
    }

    /// Takes off the combos holding a dealt card (and their recorded wins).
    #[inline]
    fn take_card(&mut self, a: &mut Against, card: u8, b: Bounds, w: f64) {
        let c = card as usize;
        let (start, end) = (self.card_start[c], self.card_start[c + 1]);
        let positions = &self.card_pos[start..end];
        let q_lt = positions.partition_point(|&p| (p as usize) < b.lt);
        let q_le = q_lt + positions[q_lt..].partition_point(|&p| (p as usize) < b.le);
        let base = start + c;
        a.below -= self.card_prefix[base + q_lt];
        a.up_to -= self.card_prefix[base + q_le];
        a.all -= self.card_prefix[base + positions.len()];
        a.count -= positions.len() as i64;
        self.card_gt_from[base + q_le] += w;
    }

    /// Puts back the combo of two dealt cards, taken off once for each.
    #[inline]
    fn put_back(&mut self, a: &mut Against, x: u8, y: u8, b: Bounds, w: f64) {
        let p = self.pos_of_combo[Combo::of_distinct(card(x), card(y)).index()];
        if p == NONE {
            return;
        }
        let p = p as usize;
        let weight = self.weights[p];
        a.all += weight;
        a.count += 1;
        if p < b.lt {
            a.below += weight;
        }
        if p < b.le {
            a.up_to += weight;
        } else {
            self.pair_gt[p] += w;
        }
    }

    /// The counted seat against one walked deal holding `cards`, whose best value is
    /// `best`: the weight of its compatible combos below `best`, up to `best`
    /// (inclusive), overall, and their number; the deal's weight `w` is recorded where
    /// the counted seat's wins start.
    #[inline]
    fn against(&mut self, cards: &[u8], b: Bounds, w: f64) -> Against {
        let mut a = self.start(b, w);
        for &card in cards {
            self.take_card(&mut a, card, b, w);
        }
        for (i, &x) in cards.iter().enumerate() {
            for &y in &cards[i + 1..] {
                self.put_back(&mut a, x, y, b, w);
            }
        }
        a
    }

    /// Resolves the lazy win credits: each combo's hand type is credited with its
    /// weight times the weight of the deals it beat.
    fn resolve_wins(&mut self, hand_types: &mut [f64; 9]) {
        let n = self.values.len();
        let credit = &mut self.credit;
        credit.clear();
        let mut running = 0.0;
        for (from, pair) in self.gt_from[..n].iter().zip(&self.pair_gt) {
            running += from;
            credit.push(running + pair);
        }
        for c in 0..52 {
            let (start, end) = (self.card_start[c], self.card_start[c + 1]);
            let base = start + c;
            let mut running = 0.0;
            for q in 0..end - start {
                running += self.card_gt_from[base + q];
                credit[self.card_pos[start + q] as usize] -= running;
            }
        }
        for ((value, weight), &credit) in self.values.iter().zip(&self.weights).zip(credit.iter()) {
            if credit > 0.0 {
                hand_types[value.category() as usize] += weight * credit;
            }
        }
    }
}

fn card(index: u8) -> Card {
    Card::from_index(index).expect("a dealt card")
}

/// Where a deal's best value falls among the counted seat's sorted values.
#[derive(Clone, Copy)]
struct Bounds {
    lt: usize,
    le: usize,
}

/// The counted seat's compatible weight against one deal: below its best value, up to
/// it (inclusive), overall, and the number of combos.
#[derive(Clone, Copy)]
struct Against {
    below: f64,
    up_to: f64,
    all: f64,
    count: i64,
}

/// One thread's sums and scratch.
struct Thread {
    sums: Vec<SeatSums>,
    deals: u64,
    counted: Counted,
    /// Each walked seat's live combos on the current runout.
    live: Vec<Vec<Live>>,
    /// Values by combo index on the current runout (`stamp` says which runout), so
    /// seats sharing a combo value it once.
    value: Vec<HandValue>,
    stamp: Vec<u32>,
    runout: u32,
    /// The walk's current deal: its cards and each walked seat's value.
    deal_cards: Vec<u8>,
    deal_values: Vec<HandValue>,
}

/// The walk over one runout's deals, with the current deal's cards and values.
struct Deal<'a> {
    live: &'a [Vec<Live>],
    walked: &'a [usize],
    counted_seat: usize,
    counted: &'a mut Counted,
    sums: &'a mut [SeatSums],
    cards: &'a mut [u8],
    values: &'a mut [HandValue],
    deals: u64,
}

impl Deal<'_> {
    fn walk(&mut self, depth: usize, used: CardSet, w: f64, best: HandValue, ties: u32) {
        if depth == self.walked.len() {
            let a = self
                .counted
                .against(self.cards, self.counted.bounds(best), w);
            self.credit(a, w, best, ties);
            return;
        }
        if depth > 0 && depth + 1 == self.walked.len() {
            return self.innermost(used, w, best, ties);
        }
        for x in &self.live[depth] {
            if x.set.intersects(used) {
                continue;
            }
            self.cards[2 * depth] = x.cards[0];
            self.cards[2 * depth + 1] = x.cards[1];
            self.values[depth] = x.value;
            let (best, ties) = best_after(depth == 0, best, ties, x.value);
            self.walk(depth + 1, used.union(x.set), w * x.weight, best, ties);
        }
    }

    /// The last walked seat, whose combos are sorted by value. Those below the best
    /// value so far (the usual case with many seats) leave the deal's best and the
    /// counted seat's bounds unchanged: the earlier seats' cards are taken off once,
    /// and each combo takes off its own two cards and the pairs they make. The rest
    /// set a new best and go the general way.
    fn innermost(&mut self, used: CardSet, w0: f64, best: HandValue, ties: u32) {
        let depth = self.walked.len() - 1;
        let outer = 2 * depth;
        let seats_live = self.live;
        let live = &seats_live[depth];
        let split = live.partition_point(|x| x.value < best);
        if split > 0 {
            let b = self.counted.bounds(best);
            // At most 22 earlier seats.
            let mut outer_buf = [0u8; 44];
            outer_buf[..outer].copy_from_slice(&self.cards[..outer]);
            let outer_cards = &outer_buf[..outer];
            // The earlier seats' part, recorded once for all the combos below (the sum
            // of their weights) after the loop.
            let base = self.counted.against(outer_cards, b, 0.0);
            let mut w_sum = 0.0;
            for x in &live[..split] {
                if x.set.intersects(used) {
                    continue;
                }
                let w = w0 * x.weight;
                let mut a = base;
                let c = &mut *self.counted;
                c.take_card(&mut a, x.cards[0], b, w);
                c.take_card(&mut a, x.cards[1], b, w);
                c.put_back(&mut a, x.cards[0], x.cards[1], b, w);
                for &u in outer_cards {
                    c.put_back(&mut a, x.cards[0], u, b, w);
                    c.put_back(&mut a, x.cards[1], u, b, w);
                }
                self.values[depth] = x.value;
                w_sum += w;
                self.credit(a, w, best, ties);
            }
            self.counted.against(&self.cards[..outer], b, w_sum);
        }
        for x in &live[split..] {
            if x.set.intersects(used) {
                continue;
            }
            self.cards[outer] = x.cards[0];
            self.cards[outer + 1] = x.cards[1];
            self.values[depth] = x.value;
            let ties = if x.value == best { ties + 1 } else { 1 };
            let w = w0 * x.weight;
            let a = self
                .counted
                .against(self.cards, self.counted.bounds(x.value), w);
            self.credit(a, w, x.value, ties);
        }
    }

    /// Credits one deal of weight `w` against the counted seat's combos `a`.
    #[inline]
    fn credit(&mut self, a: Against, w: f64, best: HandValue, ties: u32) {
        if a.count <= 0 {
            return;
        }
        self.deals += a.count as u64;
        // Rounding can leave a sum a hair below zero.
        let below = a.below.max(0.0);
        let at = (a.up_to - a.below).max(0.0);
        let all = a.all.max(0.0);
        let above = (all - below - at).max(0.0);
        let t = ties as f64;
        for (depth, &seat) in self.walked.iter().enumerate() {
            let sums = &mut self.sums[seat];
            sums.weight += w * all;
            if self.values[depth] == best {
                if ties == 1 {
                    sums.win += w * below;
                } else {
                    sums.tie += w * below;
                }
                sums.tie += w * at;
                sums.equity += w * (below / t + at / (t + 1.0));
                sums.hand_types[best.category() as usize] += w * (below + at);
            }
        }
        let sums = &mut self.sums[self.counted_seat];
        sums.weight += w * all;
        sums.win += w * above;
        sums.tie += w * at;
        sums.equity += w * (above + at / (t + 1.0));
        sums.hand_types[best.category() as usize] += w * at;
    }
}

/// Runs the enumeration; cancel is checked on every runout.
pub(super) fn run(m: &Matchup, cancel: &RunControl) -> MatchupTally {
    let n = m.seats.len();
    let counted_seat = counted_seat(m);
    let walked = walked_seats(m);
    let seat_holes: Vec<Vec<Hole>> = (0..n).map(|s| holes(m, s)).collect();
    let sym = symmetry(m);
    let deck = runout_deck(m);
    let board_hand = Hand::from_cards(&m.board.iter().collect::<Vec<_>>());
    // The plan's cost, cached on the matchup (counting the walked deals again would
    // repeat up to 20 million steps), spread over the runouts for progress.
    let total = super::super::preflops::fold_cache(m)
        .counted_cost(|| cost(m))
        .evaluations;
    let runout_cost = (total / runout_classes(m, deck.len(), &sym)).round() as u64;
    let threads = par_completions(
        &deck,
        m.cards_to_come(),
        cancel,
        || Thread {
            sums: vec![SeatSums::new(); n],
            deals: 0,
            counted: Counted::default(),
            live: vec![Vec::new(); walked.len()],
            value: vec![HandValue::default(); COMBOS],
            stamp: vec![u32::MAX; COMBOS],
            runout: 0,
            deal_cards: vec![0; 2 * walked.len()],
            deal_values: vec![HandValue::default(); walked.len()],
        },
        |t, completion, completion_set| {
            let Some((full, class)) = canonical_runout(m, &sym, cancel, completion_set) else {
                return;
            };
            cancel.progress().add_work(runout_cost);
            let board = board_hand.combine(completion);
            t.runout = t.runout.wrapping_add(1);
            for (live, &seat) in t.live.iter_mut().zip(&walked) {
                live.clear();
                for hole in seat_holes[seat].iter().filter(|h| !h.set.intersects(full)) {
                    let c = hole.combo as usize;
                    if t.stamp[c] != t.runout {
                        t.stamp[c] = t.runout;
                        // SAFETY: five board cards and two hole cards.
                        t.value[c] = unsafe { board.combine(hole.hand).evaluate_unchecked() };
                    }
                    live.push(Live {
                        set: hole.set,
                        weight: hole.weight,
                        value: t.value[c],
                        cards: hole.cards,
                    });
                }
            }
            if let Some(last) = t.live.last_mut() {
                // The innermost walk takes the last seat's combos in value order.
                last.sort_unstable_by_key(|x| x.value);
            }
            let counted_holes = &seat_holes[counted_seat];
            t.counted.prepare(counted_holes, board, full);
            let mut deal = Deal {
                live: &t.live,
                walked: &walked,
                counted_seat,
                counted: &mut t.counted,
                sums: &mut t.sums,
                cards: &mut t.deal_cards,
                values: &mut t.deal_values,
                deals: 0,
            };
            deal.walk(0, full.union(m.dead), class as f64, HandValue::default(), 0);
            t.deals += deal.deals * class as u64;
            let mut wins = [0.0; 9];
            t.counted.resolve_wins(&mut wins);
            for (h, w) in t.sums[counted_seat].hand_types.iter_mut().zip(wins) {
                *h += w;
            }
            t.counted.finish(counted_holes);
        },
    );
    merge_threads(n, threads.iter().map(|t| (&t.sums[..], t.deals)))
}
