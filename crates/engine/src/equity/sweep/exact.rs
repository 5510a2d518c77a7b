//! Exact points of a sweep: by canonical preflops, or every hero combo, opponent set and board.

use super::sampler::Holes;
use super::tally::*;
use super::{Sweep, MAX_OPPONENTS, PREFLOP_WORK_SCALE};
use crate::cards::{Card, CardSet};
use crate::equity::preflops::{value_classes, BoardCredit, PreflopClass};
use crate::equity::Showdown;
use crate::eval::{Hand, HandValue};
use rayon::prelude::*;

/// Exact enumeration of one opponent count `n`, by the cheaper of the two ways
/// (`Sweep::exact_plan`): canonical preflops, or every hero combo, every set of `n`
/// opponent combos (unordered: opponents are interchangeable), every board.
pub fn exact_point(sweep: &Sweep, n: usize) -> PointTally {
    exact_point_cancellable(sweep, n, &crate::equity::RunControl::new())
}

/// [`exact_point`], stopping early (with partial sums) once `cancel` is set.
pub fn exact_point_cancellable(
    sweep: &Sweep,
    n: usize,
    cancel: &crate::equity::RunControl,
) -> PointTally {
    if sweep.exact_plan(n).0 {
        exact_point_by_preflops(sweep, n, cancel)
    } else {
        exact_point_direct(sweep, n, cancel)
    }
}

/// The sweep's tally of one canonical preflop: its hero at each position in turn, the
/// other hands the opponents (weighted afterwards by the deals that seat the hero there).
pub(super) struct ClassCounts {
    /// Positions the hero holds in some deal of the class.
    pub(super) hero_at: Vec<usize>,
    /// Each position's standing on the current board.
    pub(super) now: Vec<Standing>,
    pub(super) counts: Vec<PointCounts>,
}

impl ClassCounts {
    pub(super) fn new(sweep: &Sweep, class: &PreflopClass) -> ClassCounts {
        let seats = class.combos.len();
        let now_values: Vec<u32> = class
            .combos
            .iter()
            .map(|&c| sweep.now_value[c as usize])
            .collect();
        let now = (0..seats)
            .map(|p| {
                let mut others = now_values
                    .iter()
                    .enumerate()
                    .filter(|&(q, _)| q != p)
                    .map(|(_, &v)| v);
                let mut best = BestOf::first(others.next().expect("an opponent"));
                others.for_each(|v| best.push(v));
                best.standing(now_values[p])
            })
            .collect();
        ClassCounts {
            hero_at: (0..seats)
                .filter(|&p| class.first_seat_deals[p] > 0)
                .collect(),
            now,
            counts: vec![PointCounts::default(); seats],
        }
    }
}

impl BoardCredit for ClassCounts {
    #[inline]
    fn credit(&mut self, values: &[HandValue], count: u64) {
        let Showdown { best, winners, .. } = Showdown::of(values);
        let best_category = best.category() as usize;
        for &p in &self.hero_at {
            let v = values[p];
            let river = if v != best {
                Standing::Behind
            } else if winners == 1 {
                Standing::Ahead
            } else {
                Standing::Tied(winners)
            };
            let standing = PrefixStanding {
                n: values.len() - 1,
                now: self.now[p],
                river,
                hero_category: v.category() as usize,
                best_category,
                // Exact points carry no error, so no control variate.
                heads_up_halves: 0,
            };
            // A preflop's boards number at most C(50, 5), well inside u32.
            self.counts[p].credit_times(standing, count as u32);
        }
    }
}

/// [`exact_point`] by canonical preflops (`preflops`): the hero and `n` opponents as a
/// matchup, each class valued once with the hero at each of its positions.
pub(super) fn exact_point_by_preflops(
    sweep: &Sweep,
    n: usize,
    cancel: &crate::equity::RunControl,
) -> PointTally {
    let m = sweep.as_matchup(n);
    let mut total = PointSums::default();
    let folded = value_classes(
        &m,
        cancel,
        crate::equity::memory::DEFAULT_MEMORY_BUDGET,
        PREFLOP_WORK_SCALE,
        |class| ClassCounts::new(sweep, class),
        |class, counts: ClassCounts| {
            for &p in &counts.hero_at {
                let sums = counts.counts[p].into_sums();
                total.add(&sums.scaled(class.weight[p], class.first_seat_deals[p]));
            }
        },
    );
    if folded.is_err() {
        // More classes than the plan expected: the direct enumeration holds none.
        return exact_point_direct(sweep, n, cancel);
    }
    // The matchup orders the opponents; the sweep counts each set of them once.
    let orders: u128 = (1..=n as u128).product();
    let unordered = |d: u64| (d as u128 / orders) as u64;
    total.deals = unordered(total.deals);
    total.ppot_deals = unordered(total.ppot_deals);
    total.npot_deals = unordered(total.npot_deals);
    total.into_tally()
}

/// [`exact_point`] directly: every hero combo, every set of `n` opponent combos, every
/// board; stops early (with partial sums) once `cancel` is set.
pub(super) fn exact_point_direct(
    sweep: &Sweep,
    n: usize,
    cancel: &crate::equity::RunControl,
) -> PointTally {
    let hero = Holes::of(&sweep.hero);
    let opps = Holes::of(&sweep.opponents);
    let board_cards: Vec<Card> = sweep.board.iter().collect();
    let board_hand = Hand::from_cards(&board_cards);
    let base = sweep.board.union(sweep.dead);
    let k = sweep.to_come();
    // Parallel over (hero combo, first opponent).
    let starts: Vec<(usize, usize)> = (0..hero.combos.len())
        .flat_map(|h| (0..opps.combos.len()).map(move |o| (h, o)))
        .filter(|&(h, o)| !sweep.hero.sets[h].intersects(sweep.opponents.sets[o]))
        .collect();
    // Each fold state credits prefixes too (N' < n); only index n − 1 is kept.
    let sums = starts
        .par_iter()
        .fold(
            || [PointSums::default(); MAX_OPPONENTS],
            |mut per_n, &(h, o)| {
                if cancel.is_cancelled() {
                    return per_n;
                }
                let used = base
                    .union(sweep.hero.sets[h])
                    .union(sweep.opponents.sets[o]);
                let w = sweep.hero.weights[h] * sweep.opponents.weights[o];
                let mut chosen = vec![o];
                let mut combos = Vec::with_capacity(n);
                let mut holes = Vec::with_capacity(n);
                let mut boards = 0u64;
                rest_of_sets(
                    &sweep.opponents.sets,
                    &|o| sweep.opponents.weights[o],
                    n,
                    used,
                    w,
                    &mut chosen,
                    &mut |used, w, chosen| {
                        combos.clear();
                        holes.clear();
                        combos.extend(chosen.iter().map(|&i| opps.combos[i]));
                        holes.extend(chosen.iter().map(|&i| opps.hands[i]));
                        let deck: Vec<Card> = used.complement().iter().collect();
                        for_each_completion(&deck, k, board_hand, &mut |board| {
                            boards += 1;
                            credit_deal(
                                sweep,
                                hero.combos[h],
                                hero.hands[h],
                                &combos,
                                &holes,
                                board,
                                w,
                                &mut per_n[..n],
                            );
                        });
                    },
                );
                cancel.progress().add_work(boards * (n as u64 + 1));
                per_n
            },
        )
        .map(|per_n| per_n[n - 1])
        .reduce(PointSums::default, |mut a, b| {
            a.add(&b);
            a
        });
    sums.into_tally()
}

/// Chooses hands of `sets` after those in `chosen`, with increasing indices (each set of
/// `n` hands counted once: opponents are interchangeable), none sharing a card with
/// `used` or with each other; `visit` sees each full choice with its cards and its
/// weight (`w` times each chosen hand's `weight`). Every game's exact sweep points.
pub(crate) fn rest_of_sets(
    sets: &[CardSet],
    weight: &dyn Fn(usize) -> f64,
    n: usize,
    used: CardSet,
    w: f64,
    chosen: &mut Vec<usize>,
    visit: &mut dyn FnMut(CardSet, f64, &[usize]),
) {
    if chosen.len() == n {
        visit(used, w, chosen);
        return;
    }
    let last = *chosen.last().expect("first opponent");
    for o in last + 1..sets.len() {
        if !sets[o].intersects(used) {
            chosen.push(o);
            rest_of_sets(
                sets,
                weight,
                n,
                used.union(sets[o]),
                w * weight(o),
                chosen,
                visit,
            );
            chosen.pop();
        }
    }
}

pub(super) fn for_each_completion(
    deck: &[Card],
    k: usize,
    board: Hand,
    visit: &mut dyn FnMut(Hand),
) {
    pub(super) fn go(
        deck: &[Card],
        start: usize,
        k: usize,
        hand: Hand,
        visit: &mut dyn FnMut(Hand),
    ) {
        if k == 0 {
            visit(hand);
            return;
        }
        for i in start..deck.len() + 1 - k {
            go(deck, i + 1, k - 1, hand.add(deck[i]), visit);
        }
    }
    go(deck, 0, k, board, visit);
}
