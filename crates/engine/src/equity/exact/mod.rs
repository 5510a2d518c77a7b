//! Exact enumeration of matchups: every deal, weighted by the product of the seats'
//! combo weights, with suit symmetry folding boards (or deals) that only differ by a
//! swap of interchangeable suits.
//!
//! - Two seats: boards outside, seats inside. Each board is evaluated once per combo;
//!   the seats' combos are then paired by sorting by value and sweeping, with per-card
//!   corrections for pairs that share a card (cost O(n log n) per board, not O(n²)).
//! - Two known hands: nested loops, preflop by board ranks (`two_hands`).
//! - More seats: boards outside with the widest seat counted (`counted`) or two random
//!   seats counted together (`two_random`), or preflop,
//!   where cheaper and small, canonical preflops (`preflops`).

use super::deals::par_completions;
pub use super::memory::ExactCost;
use super::symmetry::SuitSymmetry;
use super::{choose, credit_showdown, Matchup, MatchupTally, RunControl, SeatSums};
use crate::cards::{Card, CardSet};
use crate::eval::{Hand, HandValue};

/// Estimated hand evaluations an exact run of `m` needs (for `auto`).
pub fn estimated_evaluations(m: &Matchup) -> f64 {
    estimated_cost(m).evaluations
}

/// Estimated evaluations and memory of an exact run of `m`.
pub fn estimated_cost(m: &Matchup) -> ExactCost {
    if m.has_folded() {
        return folded::estimated_cost(m);
    }
    // Two known hands skip the table unless it is loaded already (run_cancellable), so
    // asking their cost must not load it.
    let table_used = super::preflop_table::PreflopTable::is_loaded() || !two_hands::applies(m);
    if super::preflop_table::applies(m)
        && table_used
        && super::preflop_table::PreflopTable::get().is_ok()
    {
        // One look-up per pair of combos (a few nanoseconds each).
        return ExactCost {
            evaluations: (m.seats[0].len() * m.seats[1].len()) as f64 / 100.0,
            bytes: 0.0,
        };
    }
    if m.seats.len() == 2 {
        let fixed: CardSet = fixed_cards(m);
        let deck = 52 - m.board.union(m.dead).union(fixed).len() as u64;
        let sym = SuitSymmetry::of(m.board, m.dead, &m.ranges.iter().collect::<Vec<_>>());
        let boards = choose(deck, m.cards_to_come() as u64) as f64 / sym.order() as f64;
        ExactCost {
            evaluations: boards * heads_up_cost_per_board(m),
            // Per thread, each combo's value and index on one board (sorted twice).
            bytes: 64.0 * (m.seats[0].len() + m.seats[1].len()) as f64,
        }
    } else {
        multiway_plan(m).1
    }
}

/// The most memory the fold by canonical preflops may plan to hold: the smallest
/// budget a user may set. Past it the board-outside enumeration, whose memory does not
/// grow with the deals, runs instead, so whether an exact run answers is a question of
/// time alone (issue 41).
const FOLD_MEMORY: f64 = super::memory::MIN_MEMORY_BUDGET as f64;

/// How an exact run of three or more seats enumerates.
#[derive(Clone, Copy, Debug, PartialEq)]
enum MultiwayPlan {
    /// Board outside, the widest seat counted (`counted`).
    Counted,
    /// Board outside, two random seats counted together (`two_random`).
    TwoRandom,
    /// The fold by canonical preflops (`preflops`).
    Folded,
}

/// Three or more seats: the cheapest of the board-outside enumerations and the fold by
/// canonical preflops, with its cost; folding only within [`FOLD_MEMORY`].
/// With two cards or fewer to come a board-outside enumeration always runs: a class
/// of the fold is a handful of deals each valued on every runout, where the counted
/// seat's hundreds of combos cost a few operations per deal (and on the river a class
/// is about one deal: its folding is all cost). The
/// costs are cached on the matchup: the estimate, the worker's check and the run each
/// ask.
fn multiway_plan(m: &Matchup) -> (MultiwayPlan, ExactCost) {
    let cache = super::preflops::fold_cache(m);
    let counted = cache.counted_cost(|| counted::cost(m));
    let board_outside = match cache.two_random_cost(|| two_random::cost(m)) {
        Some(paired) if paired.evaluations < counted.evaluations => {
            (MultiwayPlan::TwoRandom, paired)
        }
        _ => (MultiwayPlan::Counted, counted),
    };
    if m.cards_to_come() <= 2 {
        return board_outside;
    }
    let folded = super::preflops::estimated_cost(m);
    if folded.bytes > FOLD_MEMORY || board_outside.1.evaluations <= folded.evaluations {
        board_outside
    } else {
        (MultiwayPlan::Folded, folded)
    }
}

/// A seat of at most this many combos against one of at least `WIDE_COMBOS` is walked
/// hand by hand (`few_against_random_by_ranks`, `fixed_against_wide`).
const FEW_COMBOS: usize = 16;
const WIDE_COMBOS: usize = 200;

/// The seat of at most `FEW_COMBOS` combos facing one of at least `WIDE_COMBOS`, if any:
/// that seat is walked hand by hand.
fn few_against_wide(m: &Matchup) -> Option<usize> {
    (0..2).find(|&f| m.seats[f].len() <= FEW_COMBOS && m.seats[1 - f].len() >= WIDE_COMBOS)
}

/// The cost of one board of a heads-up enumeration, in evaluations' worth of work, for
/// the path `heads_up` takes (measured: see docs/benchmarks-history.md, "Exact cost model").
fn heads_up_cost_per_board(m: &Matchup) -> f64 {
    let (a, b) = (m.seats[0].len() as f64, m.seats[1].len() as f64);
    let few = few_against_wide(m);
    match few {
        // 91 rank-pair values per board, then per fixed hand a pass over the deck and
        // the 91 tallies.
        Some(f) if m.seats[1 - f].is_random => 91.0 + 250.0 * m.seats[f].len() as f64,
        // Per fixed hand: 13 values per sixth card and a pass over the earlier cards
        // (cheap adds).
        Some(f) => 300.0 * m.seats[f].len() as f64,
        // Few pairs: every combo evaluated, every pair compared.
        None if a.min(b) <= 8.0 || a * b <= 1024.0 => a + b + 0.3 * a * b,
        // Sort both sides and sweep.
        None => (a + b) * (2.0 + (a + b).log2() / 2.0),
    }
}

/// The whole board of a runout and its suit-symmetry class size, when the run goes on
/// and the runout is its class's representative (`None`: skip it).
fn canonical_runout(
    m: &Matchup,
    sym: &SuitSymmetry,
    cancel: &RunControl,
    completion: CardSet,
) -> Option<(CardSet, u32)> {
    if cancel.is_cancelled() {
        return None;
    }
    let full = m.board.union(completion);
    let class = sym.board_class_size(full);
    (class > 0).then_some((full, class))
}

/// The cards every runout is drawn from: those not on the board, dead or held in every
/// deal by a one-combo seat.
pub(super) fn runout_deck(m: &Matchup) -> Vec<Card> {
    m.board
        .union(m.dead)
        .union(fixed_cards(m))
        .complement()
        .iter()
        .collect()
}

/// The suit symmetry of the board, dead cards and every seat's range.
pub(super) fn symmetry(m: &Matchup) -> SuitSymmetry {
    SuitSymmetry::of(m.board, m.dead, &m.ranges.iter().collect::<Vec<_>>())
}

/// About how many runouts are visited: those of `deck_len` cards, one per suit class
/// (at least one).
pub(super) fn runout_classes(m: &Matchup, deck_len: usize, sym: &SuitSymmetry) -> f64 {
    (choose(deck_len as u64, m.cards_to_come() as u64) as f64 / sym.order() as f64).max(1.0)
}

/// The best value of a deal and how many seats hold it, once one more seat shows
/// `value` (`first`: it is the deal's first seat).
#[inline(always)]
fn best_after(first: bool, best: HandValue, ties: u32, value: HandValue) -> (HandValue, u32) {
    if first || value > best {
        (value, 1)
    } else if value == best {
        (best, ties + 1)
    } else {
        (best, ties)
    }
}

/// One exact run's tally from its threads' per-seat sums and deal counts.
fn merge_threads<'a>(
    seats: usize,
    threads: impl Iterator<Item = (&'a [SeatSums], u64)>,
) -> MatchupTally {
    let mut sums = vec![SeatSums::new(); seats];
    let mut deals = 0;
    for (thread_sums, thread_deals) in threads {
        for (a, b) in sums.iter_mut().zip(thread_sums) {
            a.add(b);
        }
        deals += thread_deals;
    }
    MatchupTally {
        attempts: 0,
        deals,
        seats: sums.into_iter().map(SeatSums::into_tally).collect(),
        hits: None,
    }
}

/// Cards held in every deal: those of one-combo seats.
fn fixed_cards(m: &Matchup) -> CardSet {
    m.seats
        .iter()
        .filter(|s| s.len() == 1)
        .fold(CardSet::EMPTY, |acc, s| acc.union(s.sets[0]))
}

/// The first seat's exact equity in a heads-up matchup, when it is cheap to know: against
/// a random hand preflop from the shipped class counts (`holdem_heads_up`), else from the
/// preflop table where that applies, else by enumeration within `max_evaluations`.
/// Monte Carlo uses it as the known mean of a control variate: against random
/// opponents each one is a uniformly random hand of the cards the others leave, so the
/// hero's heads-up result against each has exactly this mean.
pub(crate) fn cheap_heads_up_equity(m: &Matchup, max_evaluations: f64) -> Option<f64> {
    debug_assert_eq!(m.seats.len(), 2);
    // Against a random hand preflop, the shipped class counts answer without the
    // pair table.
    if m.board.is_empty() && m.dead.is_empty() && m.seats[1].is_random && !m.has_folded() {
        return super::holdem_heads_up::range_equity(&m.seats[0]);
    }
    let tally = match super::preflop_table::tally(m) {
        Some(tally) => tally,
        None if estimated_cost(m).evaluations <= max_evaluations => run(m).ok()?,
        None => return None,
    };
    Some(tally.result(super::Method::Exact, None).seats[0].equity)
}

/// Runs the exact enumeration within the default memory budget.
pub fn run(m: &Matchup) -> Result<MatchupTally, super::EquityError> {
    run_cancellable(m, &RunControl::new(), super::memory::DEFAULT_MEMORY_BUDGET)
}

/// Runs the exact enumeration, stopping early (with partial sums) once `cancel` is set;
/// refused when it would hold more than `memory_budget` bytes.
pub fn run_cancellable(
    m: &Matchup,
    cancel: &RunControl,
    memory_budget: u64,
) -> Result<MatchupTally, super::EquityError> {
    if m.has_folded() {
        // One enumeration of the showdown seats per folded deal.
        return folded::run(m, &cancel.without_resume(), memory_budget);
    }
    // Two known hands enumerate faster than the pair table decodes on first use; once
    // it is loaded (a window's session), the table answers at once.
    let table_ready = super::preflop_table::PreflopTable::is_loaded();
    if table_ready || !two_hands::applies(m) {
        if let Some(tally) = super::preflop_table::tally(m) {
            // Heads-up preflop without dead cards: every pair's result is in the table.
            return Ok(tally);
        }
    }
    run_enumerating(m, cancel, memory_budget)
}

/// [`run_cancellable`] without the preflop table: every deal enumerated (the table's
/// oracle in tests, and its source).
pub fn run_enumerating(
    m: &Matchup,
    cancel: &RunControl,
    memory_budget: u64,
) -> Result<MatchupTally, super::EquityError> {
    if let Some(tally) = two_hands::run(m, cancel) {
        Ok(tally)
    } else if m.seats.len() == 2 {
        Ok(heads_up(m, cancel))
    } else {
        match multiway_plan(m).0 {
            MultiwayPlan::Counted => Ok(counted::run(m, cancel)),
            MultiwayPlan::TwoRandom => Ok(two_random::run(m, cancel)),
            MultiwayPlan::Folded => super::preflops::run(m, cancel, memory_budget),
        }
    }
}

/// A seat's combos ready for one board: hole hand, cards, weight, combo index.
#[derive(Clone)]
struct Hole {
    hand: Hand,
    set: CardSet,
    cards: [u8; 2],
    combo: u16,
    weight: f64,
}

fn holes(m: &Matchup, seat: usize) -> Vec<Hole> {
    let s = &m.seats[seat];
    (0..s.len())
        .map(|i| {
            let (a, b) = s.combos[i].cards();
            Hole {
                hand: Hand::new().add(a).add(b),
                set: s.sets[i],
                cards: [a.index() as u8, b.index() as u8],
                combo: s.combos[i].index() as u16,
                weight: s.weights[i],
            }
        })
        .collect()
}

/// A live combo's value on one board and its index in its seat, packed into one word
/// (value above, index below) so that sorting by value sorts plain integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Scored(u32);

impl Scored {
    #[inline(always)]
    fn new(value: HandValue, index: usize) -> Scored {
        debug_assert!(index < 1 << 16, "a seat holds at most 1,326 combos");
        Scored((value.get() as u32) << 16 | index as u32)
    }

    #[inline(always)]
    fn value(self) -> HandValue {
        HandValue::from_raw((self.0 >> 16) as u16)
    }

    #[inline(always)]
    fn index(self) -> usize {
        (self.0 & 0xFFFF) as usize
    }
}

/// Per-thread scratch for the two-seat sweep.
struct HeadsUpState {
    sums: [SeatSums; 2],
    deals: u64,
    scored: [Vec<Scored>; 2],
    /// Scratch for sorting `scored` by radix.
    sort_scratch: Vec<Scored>,
    outcome: [Vec<(f64, f64, f64)>; 2],
    /// Value and weight of the other seat's combo, by combo index (None: absent).
    combo_value: Vec<Option<(HandValue, f64)>>,
}

fn heads_up(m: &Matchup, cancel: &RunControl) -> MatchupTally {
    let sym = SuitSymmetry::of(m.board, m.dead, &m.ranges.iter().collect::<Vec<_>>());
    let fixed = fixed_cards(m);
    let deck: Vec<Card> = m
        .board
        .union(m.dead)
        .union(fixed)
        .complement()
        .iter()
        .collect();
    let board_hand = Hand::from_cards(&m.board.iter().collect::<Vec<_>>());
    let seats = [holes(m, 0), holes(m, 1)];
    // A few hands against a wide range: walk the wide side's combos as pairs of live
    // cards for each of the few (incremental adds, no per-combo blocking test).
    let few_vs_wide = few_against_wide(m);
    let wide = match few_vs_wide {
        Some(f) if m.seats[1 - f].is_random => WideWeights::Uniform(1.0),
        Some(f) => {
            let mut w = vec![0.0; crate::range::COMBOS];
            for h in &seats[1 - f] {
                w[h.combo as usize] = h.weight;
            }
            WideWeights::PerCombo(w)
        }
        None => WideWeights::PerCombo(Vec::new()),
    };
    let k = m.cards_to_come();
    // Progress in the units of the cost estimate, so the fraction done is honest.
    let board_cost = heads_up_cost_per_board(m).round() as u64;
    let states = par_completions(
        &deck,
        k,
        cancel,
        || HeadsUpState {
            sums: [SeatSums::new(), SeatSums::new()],
            deals: 0,
            scored: [Vec::new(), Vec::new()],
            sort_scratch: Vec::new(),
            outcome: [Vec::new(), Vec::new()],
            combo_value: vec![None; crate::range::COMBOS],
        },
        |state, completion, completion_set| {
            let Some((full, class)) = canonical_runout(m, &sym, cancel, completion_set) else {
                return;
            };
            let board = board_hand.combine(completion);
            cancel.progress().add_work(board_cost);
            match few_vs_wide {
                Some(f)
                    if matches!(wide, WideWeights::Uniform(_))
                        && few_against_random_by_ranks(
                            f,
                            &seats[f],
                            &deck,
                            board,
                            full,
                            class as f64,
                            state,
                        ) => {}
                Some(f) => {
                    for hole in seats[f].iter().filter(|h| !h.set.intersects(full)) {
                        let blocked = full.union(hole.set);
                        fixed_against_wide(
                            f,
                            hole,
                            &wide,
                            &deck,
                            board,
                            blocked,
                            class as f64,
                            state,
                        );
                    }
                }
                None => heads_up_board(&seats, board, full, class as f64, state),
            }
        },
    );
    let mut sums = [SeatSums::new(), SeatSums::new()];
    let mut deals = 0;
    for s in &states {
        sums[0].add(&s.sums[0]);
        sums[1].add(&s.sums[1]);
        deals += s.deals;
    }
    let [a, b] = sums;
    MatchupTally {
        attempts: 0,
        deals,
        seats: vec![a.into_tally(), b.into_tally()],
        hits: None,
    }
}

mod counted;
mod folded;
mod two_hands;
mod two_random;
mod wide;
use wide::*;

fn heads_up_board(
    seats: &[Vec<Hole>; 2],
    board: Hand,
    full: CardSet,
    class: f64,
    st: &mut HeadsUpState,
) {
    for (scored, seat) in st.scored.iter_mut().zip(seats) {
        scored.clear();
        for (i, hole) in seat.iter().enumerate() {
            if !hole.set.intersects(full) {
                // SAFETY: five board cards and two hole cards.
                let value = unsafe { board.combine(hole.hand).evaluate_unchecked() };
                scored.push(Scored::new(value, i));
            }
        }
    }
    let (na, nb) = (st.scored[0].len(), st.scored[1].len());
    if na == 0 || nb == 0 {
        return;
    }
    if na.min(nb) <= 8 || na * nb <= 1024 {
        // Few pairs: compare them directly.
        let mut deals = 0u64;
        for a in &st.scored[0] {
            let ha = &seats[0][a.index()];
            for b in &st.scored[1] {
                let hb = &seats[1][b.index()];
                if ha.set.intersects(hb.set) {
                    continue;
                }
                deals += 1;
                let w = class * ha.weight * hb.weight;
                credit_showdown(&[a.value(), b.value()], w, &mut st.sums);
            }
        }
        st.deals += deals * class as u64;
        return;
    }
    // Many pairs: sort by value and sweep, once from each side.
    for side in 0..2 {
        sort_by_value(&mut st.scored[side], &mut st.sort_scratch);
    }
    for side in 0..2 {
        let other = 1 - side;
        sweep(
            &st.scored[side],
            &seats[side],
            &st.scored[other],
            &seats[other],
            &mut st.combo_value,
            &mut st.outcome[side],
        );
    }
    // Seat `side` wins against `less`, ties `eq`, of `total` compatible weight.
    for (side, seat) in seats.iter().enumerate() {
        let sums = &mut st.sums[side];
        for (x, &(less, eq, total)) in st.scored[side].iter().zip(&st.outcome[side]) {
            let w = class * seat[x.index()].weight;
            sums.weight += w * total;
            sums.win += w * less;
            sums.tie += w * eq;
            sums.equity += w * (less + eq / 2.0);
            sums.hand_types[x.value().category() as usize] += w * (less + eq);
        }
    }
    // Deals: all pairs less those sharing a card (a pair sharing both cards is one
    // combo in both ranges, counted on each of its two cards).
    let mut per_card = [[0u64; 52]; 2];
    for side in 0..2 {
        for x in &st.scored[side] {
            let h = &seats[side][x.index()];
            per_card[side][h.cards[0] as usize] += 1;
            per_card[side][h.cards[1] as usize] += 1;
        }
    }
    for y in &st.scored[1] {
        st.combo_value[seats[1][y.index()].combo as usize] = Some((y.value(), 0.0));
    }
    let same_combo = st.scored[0]
        .iter()
        .filter(|x| st.combo_value[seats[0][x.index()].combo as usize].is_some())
        .count() as u64;
    for y in &st.scored[1] {
        st.combo_value[seats[1][y.index()].combo as usize] = None;
    }
    let overlapping: u64 = (0..52)
        .map(|c| per_card[0][c] * per_card[1][c])
        .sum::<u64>()
        - same_combo;
    st.deals += ((na * nb) as u64 - overlapping) * class as u64;
}

/// Values each of `holes` not touching `blocked` on the complete `board`, into `scored`
/// sorted by value (`scratch`: the sort's buffer).
fn score_sorted(
    holes: &[Hole],
    board: Hand,
    blocked: CardSet,
    scored: &mut Vec<Scored>,
    scratch: &mut Vec<Scored>,
) {
    scored.clear();
    for (i, hole) in holes.iter().enumerate() {
        if !hole.set.intersects(blocked) {
            // SAFETY: five board cards and two hole cards.
            let value = unsafe { board.combine(hole.hand).evaluate_unchecked() };
            scored.push(Scored::new(value, i));
        }
    }
    sort_by_value(scored, scratch);
}

/// Sorts by value (ties in any order). A range's few hundred values on a board are
/// sorted by their two bytes, least significant first: four linear passes and no
/// branch on the data, where a comparison sort mispredicts about every other compare.
fn sort_by_value(items: &mut Vec<Scored>, scratch: &mut Vec<Scored>) {
    if items.len() < 64 {
        items.sort_unstable();
        return;
    }
    scratch.clear();
    scratch.resize(items.len(), Scored(0));
    for shift in [16, 24] {
        let mut starts = [0usize; 256];
        for x in items.iter() {
            starts[(x.0 >> shift) as usize & 0xFF] += 1;
        }
        let mut at = 0;
        for s in starts.iter_mut() {
            let count = *s;
            *s = at;
            at += count;
        }
        for &x in items.iter() {
            let b = (x.0 >> shift) as usize & 0xFF;
            scratch[starts[b]] = x;
            starts[b] += 1;
        }
        std::mem::swap(items, scratch);
    }
}

/// For each x (sorted by value): the weight of the ys (sorted by value) that share no
/// card with it and have a lower value, an equal value, and any value.
///
/// Sums over all ys minus those holding either of x's cards, plus the y that holds
/// both (the same combo, subtracted twice).
fn sweep(
    xs: &[Scored],
    x_holes: &[Hole],
    ys: &[Scored],
    y_holes: &[Hole],
    combo_value: &mut [Option<(HandValue, f64)>],
    out: &mut Vec<(f64, f64, f64)>,
) {
    out.clear();
    let mut total = 0.0;
    let mut card_total = [0.0f64; 52];
    for y in ys {
        let h = &y_holes[y.index()];
        total += h.weight;
        card_total[h.cards[0] as usize] += h.weight;
        card_total[h.cards[1] as usize] += h.weight;
        combo_value[h.combo as usize] = Some((y.value(), h.weight));
    }
    let mut less_total = 0.0;
    let mut less_card = [0.0f64; 52];
    let mut eq_card = [0.0f64; 52];
    let (mut i, mut j) = (0, 0);
    while i < xs.len() {
        let v = xs[i].value();
        while j < ys.len() && ys[j].value() < v {
            let h = &y_holes[ys[j].index()];
            less_total += h.weight;
            less_card[h.cards[0] as usize] += h.weight;
            less_card[h.cards[1] as usize] += h.weight;
            j += 1;
        }
        let mut eq_total = 0.0;
        let mut j2 = j;
        while j2 < ys.len() && ys[j2].value() == v {
            let h = &y_holes[ys[j2].index()];
            eq_total += h.weight;
            eq_card[h.cards[0] as usize] += h.weight;
            eq_card[h.cards[1] as usize] += h.weight;
            j2 += 1;
        }
        while i < xs.len() && xs[i].value() == v {
            let h = &x_holes[xs[i].index()];
            let [c0, c1] = [h.cards[0] as usize, h.cards[1] as usize];
            let (mut less, mut eq, mut all) = (
                less_total - less_card[c0] - less_card[c1],
                eq_total - eq_card[c0] - eq_card[c1],
                total - card_total[c0] - card_total[c1],
            );
            if let Some((y_value, y_weight)) = combo_value[h.combo as usize] {
                all += y_weight;
                if y_value < v {
                    less += y_weight;
                } else if y_value == v {
                    eq += y_weight;
                }
            }
            out.push((less.max(0.0), eq.max(0.0), all.max(0.0)));
            i += 1;
        }
        for y in &ys[j..j2] {
            let h = &y_holes[y.index()];
            eq_card[h.cards[0] as usize] = 0.0;
            eq_card[h.cards[1] as usize] = 0.0;
        }
    }
    for y in ys {
        combo_value[y_holes[y.index()].combo as usize] = None;
    }
}

/// The preflop ranking data (reference §3.4): the exact equity of each of the 169 classes
/// against one random hand, by exact enumeration of one representative combo (every
/// combo of a class has the same equity against a random hand, by suit symmetry).
pub fn preflop_equity_table() -> Vec<(crate::range::HandClass, f64)> {
    use super::Method;
    use crate::range::HandRange;
    crate::range::HandClass::all()
        .map(|class| {
            let hero = HandRange::single(class.combos()[0]);
            let matchup = Matchup::new(
                vec![hero, HandRange::random()],
                CardSet::EMPTY,
                CardSet::EMPTY,
            )
            .expect("a class against a random hand is always dealable");
            // Heads-up enumeration holds next to nothing: never over a budget.
            let result = run(&matchup)
                .expect("heads-up exact work fits any budget")
                .result(Method::Exact, None);
            (class, result.seats[0].equity)
        })
        .collect()
}

#[cfg(test)]
/// Two exact tallies agree: the same deals, and every seat's equity, win, tie and
/// hand types within 1e-9 (sums in another order).
fn assert_same_tallies(a: &MatchupTally, b: &MatchupTally, what: &str) {
    assert_eq!(a.deals, b.deals, "{what}");
    let (a, b) = (
        a.result(crate::equity::Method::Exact, None),
        b.result(crate::equity::Method::Exact, None),
    );
    let close = |p: f64, q: f64| (p - q).abs() < 1e-9;
    for (x, y) in a.seats.iter().zip(&b.seats) {
        assert!(
            close(x.equity, y.equity) && close(x.win, y.win) && close(x.tie, y.tie),
            "{what}: {x:?} vs {y:?}"
        );
        for (p, q) in x.hand_types.iter().zip(&y.hand_types) {
            assert!(close(*p, *q), "{what}: hand types {p} vs {q}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board-outside enumeration and the fold by canonical preflops are both exact:
    /// on flops, turns and rivers, with weights, dead cards, known hands, a seat of any
    /// two and a shared range, they give the same figures (1e-9) from the same number of
    /// deals.
    #[test]
    fn board_outside_equals_the_preflop_fold() {
        use crate::range::HandRange;
        let cases: &[(&[&str], &str, &str)] = &[
            (&["QQ+:0.5, AK", "22+, A2s+", "JJ+, KQs"], "3c 8d Jh 4s", ""),
            (
                &["AhKh, 99", "JJ+, AQs:0.3", "JJ+, AQs:0.3", "T9s"],
                "2h 7h 9d Qc",
                "Ac",
            ),
            (&["AA, KK", "random", "QQ:0.2, 76s"], "Ah 8c 5d 5s 2c", "Kd"),
            (&["random", "Ad2c", "random"], "9s Kc 6d Qs", "Js Td"),
            (&["AhKh", "Qs Qd", "T9s, 55"], "Kc 5h 2d", ""),
            (
                &["TT+, AQs+", "9s7d", "22+, A2s+, KTo+"],
                "3d Kd 8s",
                "2c 4h",
            ),
            (
                &[
                    "AA, KK",
                    "QQ, JJ",
                    "AKs, AQs",
                    "TT, 99:0.5",
                    "KQs, QJs",
                    "76s, 65s",
                ],
                "2c 7d 9h 3s",
                "",
            ),
            (
                &["AA, KK:0.5", "6c3h", "99+, AJs+", "99+, AJs+", "Ts9s"],
                "2c 5c 4d 5h",
                "2s",
            ),
        ];
        for (seats, board, dead) in cases {
            let m = Matchup::new(
                seats.iter().map(|s| HandRange::parse(s).unwrap()).collect(),
                CardSet::parse(board).unwrap(),
                CardSet::parse(dead).unwrap(),
            )
            .unwrap();
            let direct = counted::run(&m, &RunControl::new());
            assert!(direct.deals > 0, "{seats:?}");
            let folded = super::super::preflops::run(&m, &RunControl::new(), u64::MAX).unwrap();
            assert_same_tallies(&direct, &folded, &format!("{seats:?} on {board}"));
        }
    }

    #[test]
    fn radix_sort_orders_by_value_and_keeps_every_item() {
        // Values of real hands on random boards (every category), a few hundred at a
        // time like a range's, and short lists (the comparison-sort path).
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut scratch = Vec::new();
        for len in [0, 1, 5, 63, 64, 300, 1326] {
            let mut items: Vec<Scored> = (0..len)
                .map(|i| {
                    let mut hand = Hand::new();
                    let mut used = CardSet::EMPTY;
                    while hand.len() < 7 {
                        let card = Card::from_index((next() % 52) as u8).unwrap();
                        if used.insert(card) {
                            hand = hand.add(card);
                        }
                    }
                    Scored::new(hand.evaluate(), i)
                })
                .collect();
            let mut expected = items.clone();
            expected.sort_unstable();
            sort_by_value(&mut items, &mut scratch);
            assert!(items.windows(2).all(|w| w[0].value() <= w[1].value()));
            let mut again = items.clone();
            again.sort_unstable();
            assert_eq!(again, expected, "the same items, len {len}");
        }
    }
}
