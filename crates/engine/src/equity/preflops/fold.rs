//! Folding every deal of the seats' combos into canonical preflop classes (suit
//! symmetry and interchangeable seats), within deal and memory limits, and the cache a
//! matchup keeps of them.

use super::{
    class_bytes, pack, CardSet, Context, ExactCost, FoldStop, Matchup, PackedPreflop, PreflopClass,
    PreflopIndex, RunControl, FOLD_CHECK_EVERY, FOLD_STEPS_PER_DEAL,
};
use rayon::prelude::*;

/// The bounds of one folding: deals (and walk steps) and bytes of classes.
#[derive(Clone, Copy, Debug)]
pub(super) struct FoldLimits {
    pub(super) deals: u64,
    pub(super) bytes: u64,
}

/// What the folding tasks count together.
#[derive(Default)]
pub(super) struct FoldShared {
    deals: std::sync::atomic::AtomicU64,
    steps: std::sync::atomic::AtomicU64,
    /// Classes created by all tasks (a class found by two tasks counts twice, as it
    /// is held twice until they are merged).
    classes: std::sync::atomic::AtomicU64,
    /// Why a task stopped, once one has (the others then stop too).
    stop: std::sync::OnceLock<FoldStop>,
}

/// Starts (combos of the first two seats) folded per parallel task; the tasks' classes
/// are merged in order, so the weights' sums do not depend on the thread count.
pub(super) const STARTS_PER_TASK: usize = 16;

/// Deals folded into classes by one task.
pub(super) struct Fold<'a> {
    m: &'a Matchup,
    ctx: &'a Context,
    cancel: &'a RunControl,
    limits: FoldLimits,
    /// Deals, steps and classes of all tasks so far (updated every
    /// [`FOLD_CHECK_EVERY`]).
    shared: &'a FoldShared,
    /// Deals folded, and how many of them are already in `shared.deals`.
    deals: u64,
    deals_shared: u64,
    /// Combos looked at, and how many of them are already in `shared.steps`.
    steps: u64,
    steps_shared: u64,
    /// Classes of this task already in `shared.classes`.
    classes_shared: u64,
    deal: Vec<u16>,
    /// Each seat's combo as an index into its own list (a group deals these increasing).
    chosen: Vec<usize>,
    key: Vec<u16>,
    positions: Vec<u8>,
    index: PreflopIndex,
    classes: Vec<PreflopClass>,
}

impl<'a> Fold<'a> {
    pub(super) fn new(
        m: &'a Matchup,
        ctx: &'a Context,
        cancel: &'a RunControl,
        limits: FoldLimits,
        shared: &'a FoldShared,
    ) -> Fold<'a> {
        let n = m.seats.len();
        Fold {
            m,
            ctx,
            cancel,
            limits,
            shared,
            deals: 0,
            deals_shared: 0,
            steps: 0,
            steps_shared: 0,
            classes_shared: 0,
            deal: vec![0; n],
            chosen: vec![0; n],
            key: vec![0; n],
            positions: vec![0; n],
            index: PreflopIndex::default(),
            classes: Vec::new(),
        }
    }

    /// Adds this task's new deals, steps and classes to the shared counts and checks
    /// the limits; false (with the reason recorded) once any is passed.
    pub(super) fn share_counts(&mut self) -> bool {
        use std::sync::atomic::Ordering::Relaxed;
        let deals = self.deals - self.deals_shared;
        let steps = self.steps - self.steps_shared;
        let classes = self.classes.len() as u64 - self.classes_shared;
        (self.deals_shared, self.steps_shared, self.classes_shared) =
            (self.deals, self.steps, self.classes.len() as u64);
        let all_deals = self.shared.deals.fetch_add(deals, Relaxed) + deals;
        let all_steps = self.shared.steps.fetch_add(steps, Relaxed) + steps;
        let all_classes = self.shared.classes.fetch_add(classes, Relaxed) + classes;
        // The tasks' classes and their merged copy live together at the end: each
        // side may take half the memory.
        let class_memory = all_classes.saturating_mul(class_bytes(self.m.seats.len()));
        let stop = if self.cancel.is_cancelled() {
            Some(FoldStop::Cancelled)
        } else if class_memory > self.limits.bytes / 2 {
            Some(FoldStop::Memory)
        } else if all_deals > self.limits.deals
            || all_steps > self.limits.deals.saturating_mul(FOLD_STEPS_PER_DEAL)
        {
            Some(FoldStop::Deals)
        } else {
            None
        };
        match stop {
            Some(reason) => {
                let _ = self.shared.stop.set(reason);
                false
            }
            None => self.shared.stop.get().is_none(),
        }
    }

    /// Folds every deal from `seat` on; false once stopped (a limit or cancel).
    pub(super) fn seat(&mut self, seat: usize, used: CardSet, weight: f64) -> bool {
        let n = self.m.seats.len();
        if self.steps - self.steps_shared >= FOLD_CHECK_EVERY && !self.share_counts() {
            return false;
        }
        if seat == n {
            // Deals and classes grow only here: their counts are looked at here too.
            if (self.deals - self.deals_shared >= FOLD_CHECK_EVERY
                || self.classes.len() as u64 - self.classes_shared >= FOLD_CHECK_EVERY)
                && !self.share_counts()
            {
                return false;
            }
            self.deals += 1;
            self.ctx
                .canonical(&self.deal, &mut self.key, &mut self.positions);
            let at = self.class_of(pack(&self.key));
            let class = &mut self.classes[at];
            // This deal stands for `orderings` ordered ones: a group's seats take its
            // hands in every order, so each seat holds each of them in a |group|-th.
            let orderings = self.ctx.orderings;
            class.deals = class.deals.saturating_add(orderings);
            for group in &self.ctx.groups {
                let share = orderings / group.len() as u64;
                let w = weight * share as f64;
                for &t in group {
                    let p = self.positions[t] as usize;
                    for &s in group {
                        class.weight[s * n + p] += w;
                    }
                    if group[0] == 0 {
                        class.first_seat_deals[p] += share;
                    }
                }
            }
            return true;
        }
        let s = &self.m.seats[seat];
        let from = self.ctx.previous_in_group[seat].map_or(0, |p| self.chosen[p] + 1);
        self.steps += (s.len().saturating_sub(from)) as u64 + 1;
        for i in from..s.len() {
            if !s.sets[i].intersects(used) {
                self.deal[seat] = s.combos[i].index() as u16;
                self.chosen[seat] = i;
                if !self.seat(seat + 1, used.union(s.sets[i]), weight * s.weights[i]) {
                    return false;
                }
            }
        }
        true
    }

    /// The index of the class of `self.key` (packed as `packed`), added if new.
    pub(super) fn class_of(&mut self, packed: PackedPreflop) -> usize {
        let n = self.m.seats.len();
        let next = self.classes.len();
        let at = *self.index.entry(packed).or_insert(next);
        if at == next {
            self.classes.push(PreflopClass {
                combos: self.key.clone(),
                weight: vec![0.0; n * n],
                deals: 0,
                first_seat_deals: vec![0; n],
            });
        }
        at
    }

    /// Adds another task's classes to these.
    pub(super) fn absorb(&mut self, other: Fold) {
        self.deals += other.deals;
        for class in other.classes {
            self.key.copy_from_slice(&class.combos);
            let at = self.class_of(pack(&class.combos));
            let mine = &mut self.classes[at];
            mine.deals += class.deals;
            for (a, b) in mine
                .first_seat_deals
                .iter_mut()
                .zip(&class.first_seat_deals)
            {
                *a += b;
            }
            for (a, b) in mine.weight.iter_mut().zip(&class.weight) {
                *a += b;
            }
        }
    }
}

/// Folds every deal into its class, or says why it stopped first (`limits` or
/// cancel). Parallel over the combos of the first two seats.
pub(super) fn classes(
    m: &Matchup,
    ctx: &Context,
    limits: FoldLimits,
    cancel: &RunControl,
) -> Result<Vec<PreflopClass>, FoldStop> {
    let shared = FoldShared::default();
    let (first, second) = (&m.seats[0], &m.seats[1]);
    // The second seat in the first's group deals after it (see `Fold::seat`).
    let ordered = ctx.previous_in_group[1] == Some(0);
    let starts: Vec<(usize, usize)> = (0..first.len())
        .flat_map(|i| (0..second.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| !first.sets[i].intersects(second.sets[j]) && (!ordered || j > i))
        .collect();
    let folds: Vec<Option<Fold>> = starts
        .par_chunks(STARTS_PER_TASK)
        .map(|chunk| {
            let mut fold = Fold::new(m, ctx, cancel, limits, &shared);
            for &(i, j) in chunk {
                // Every start shares its counts: a task of few deals per start still
                // sees the limits (and another task's stop) before the next.
                if !fold.share_counts() {
                    return None;
                }
                fold.deal[0] = first.combos[i].index() as u16;
                fold.deal[1] = second.combos[j].index() as u16;
                fold.chosen[0] = i;
                fold.chosen[1] = j;
                let used = ctx.base.union(first.sets[i]).union(second.sets[j]);
                if !fold.seat(2, used, first.weights[i] * second.weights[j]) {
                    return None;
                }
            }
            fold.share_counts().then_some(fold)
        })
        .collect();
    if let Some(&reason) = shared.stop.get() {
        return Err(reason);
    }
    let mut all = Fold::new(m, ctx, cancel, limits, &shared);
    for fold in folds {
        all.absorb(fold.ok_or(FoldStop::Cancelled)?);
    }
    let mut classes = all.classes;
    // A fixed pseudo-random order (by a hash of the preflop): a partial run then
    // covers a fair sample of classes, not the lowest combos first.
    classes.sort_by_cached_key(|c| {
        c.combos.iter().fold(0x9e37_79b9_7f4a_7c15u64, |h, &x| {
            let mut z = (h ^ x as u64).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z ^= z >> 31;
            z.wrapping_mul(0x94d0_49bb_1331_11eb)
        })
    });
    Ok(classes)
}

/// What a matchup's estimate and run share, kept on the (immutable) matchup so the
/// worker's check, the `auto` choice and the run fold the deals once: the folded
/// classes once complete, the estimate, and the cost of the board-outside enumeration
/// that competes with folding (it counts the deals).
#[derive(Default)]
pub(crate) struct FoldCache {
    pub(super) classes: std::sync::OnceLock<std::sync::Arc<Vec<PreflopClass>>>,
    pub(super) estimate: std::sync::OnceLock<ExactCost>,
    counted_cost: std::sync::OnceLock<ExactCost>,
    two_random_cost: std::sync::OnceLock<Option<ExactCost>>,
}

/// The exact engine's cache on `m`.
pub(crate) fn fold_cache(m: &Matchup) -> &FoldCache {
    m.fold_cache.get::<FoldCache>()
}

impl FoldCache {
    /// The board-outside enumeration's cost from the cache, or `compute`d now and cached.
    pub(crate) fn counted_cost(&self, compute: impl FnOnce() -> ExactCost) -> ExactCost {
        *self.counted_cost.get_or_init(compute)
    }

    /// The enumeration counting two random seats together: its cost from the cache, or
    /// `compute`d now and cached (`None`: it does not apply).
    pub(crate) fn two_random_cost(
        &self,
        compute: impl FnOnce() -> Option<ExactCost>,
    ) -> Option<ExactCost> {
        *self.two_random_cost.get_or_init(compute)
    }
}

impl std::fmt::Debug for FoldCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.classes.get() {
            Some(classes) => write!(f, "FoldCache({} classes)", classes.len()),
            None => f.write_str("FoldCache(empty)"),
        }
    }
}

/// The classes of `m` from its cache, or folded now within `limits` (and cached when
/// complete).
pub(super) fn cached_classes(
    m: &Matchup,
    ctx: &Context,
    limits: FoldLimits,
    cancel: &RunControl,
) -> Result<std::sync::Arc<Vec<PreflopClass>>, FoldStop> {
    if let Some(classes) = fold_cache(m).classes.get() {
        return Ok(classes.clone());
    }
    let classes = std::sync::Arc::new(classes(m, ctx, limits, cancel)?);
    Ok(fold_cache(m).classes.get_or_init(|| classes).clone())
}
