//! Exact points of a sweep in a game other than Hold'em: every hero hand, every set of
//! `n` opponent hands (unordered: opponents are interchangeable), every completion of
//! the board, each deal credited by the same rule as the Monte Carlo deals
//! ([`super::sweep::credit_showdowns`]), weighted by the hands' weights.

use super::sweep::{credit_showdowns, GameSweep};
use super::valuation::{
    completion_key, completion_slots, full_board, value_all, values_on_completions,
};
use super::SeatValue;
use crate::cards::{Card, CardSet};
use crate::equity::run::choose_exact_counts;
use crate::equity::sweep::{rest_of_sets, PointSums, PointTally};
use crate::equity::{choose, Method, RunControl};
use crate::range::{for_each_subset, MAX_LISTED_HANDS};
use rayon::prelude::*;

/// Valuations per second per core of this enumeration (each seat valued on each board),
/// measured on this project's reference machine (BENCHMARKS.md, "Exact sweep points in
/// every game"): Omaha's two-plus-three rule tries every pair of hole cards with every
/// three board cards, so its rate falls with the pairs a hand holds (6 in Omaha: 5.7
/// million a second); a best-of-seven valuation is one evaluation.
pub fn sweep_valuations_per_second(game: crate::cards::Game) -> f64 {
    let hole = game.hole_cards() as f64;
    match game.valuation().hand {
        crate::cards::HandRule::TwoPlusThree => 5.5e6 * 6.0 / (hole * (hole - 1.0) / 2.0),
        crate::cards::HandRule::BestFive => 6.0e7,
    }
}

/// `auto` enumerates counts exactly within this many seconds of one core's work (a Monte
/// Carlo run answers every other count at once, in about as long).
pub const AUTO_SWEEP_SECONDS: f64 = 0.25;

/// The valuations `auto` may spend on exact points of a sweep in `game`.
pub fn auto_sweep_valuations(game: crate::cards::Game) -> f64 {
    AUTO_SWEEP_SECONDS * sweep_valuations_per_second(game)
}

/// Most hero values kept per sweep point (hero hands times completions of the board):
/// 8 million, 64 MiB.
const MAX_HERO_VALUES: usize = 1 << 23;

/// The hero's value on every completion of the board, when one or two cards are to come
/// and the table is small: the hero's value on a board does not depend on the opponents,
/// so each is valued once, not once per set of opponents (heads-up that is half the
/// work). Indexed by hero hand, then by the completion's cards (`completion_key`).
struct HeroValues {
    stride: usize,
    values: Vec<SeatValue>,
}

impl HeroValues {
    /// The table for `hero`'s hands on the completions of `known` from `live`, when it
    /// pays and fits.
    fn of(
        game: crate::cards::Game,
        hero: &[Listed],
        known: &[Card],
        live: CardSet,
        to_come: usize,
    ) -> Option<HeroValues> {
        let stride = completion_slots(to_come)?;
        if hero.len().saturating_mul(stride) > MAX_HERO_VALUES {
            return None;
        }
        let rows: Vec<Vec<SeatValue>> = hero
            .par_iter()
            .map(|h| values_on_completions(game, &h.cards, known, live, to_come))
            .collect::<Option<_>>()?;
        let values = rows.concat();
        Some(HeroValues { stride, values })
    }

    fn get(&self, hero: usize, more: CardSet) -> SeatValue {
        self.values[hero * self.stride + completion_key(more.iter())]
    }
}

/// One hand of a range: its cards (in order and as a set), weight and value now.
struct Listed {
    cards: Vec<Card>,
    set: CardSet,
    weight: f64,
    now: u32,
}

impl GameSweep {
    /// The valuations enumerating `n` opponents exactly would take (an upper bound: hands
    /// that share cards are counted as if they did not); infinite when a range's hands
    /// are too many to list.
    pub fn exact_valuations(&self, n: usize) -> f64 {
        let blocked = self.board.union(self.dead);
        let (hero, opps) = (
            self.hero.live_count(blocked),
            self.opponents.live_count(blocked),
        );
        if hero > MAX_LISTED_HANDS as u64 || opps > MAX_LISTED_HANDS as u64 {
            return f64::INFINITY;
        }
        let mut tuples = hero as f64;
        for i in 0..n {
            tuples *= (opps as f64 - i as f64).max(0.0) / (i + 1) as f64;
        }
        let live = self.game.deck().difference(blocked).len();
        let left = live.saturating_sub((n + 1) * self.game.hole_cards()) as u64;
        let boards = choose(left, self.to_come() as u64) as f64;
        // With one or two cards to come the hero is valued once per board (`HeroValues`).
        let hero_table = completion_slots(self.to_come())
            .is_some_and(|slots| hero.saturating_mul(slots as u64) <= MAX_HERO_VALUES as u64);
        if hero_table {
            let hero_boards = hero as f64 * choose(live as u64, self.to_come() as u64) as f64;
            hero_boards + tuples * boards * n as f64
        } else {
            tuples * boards * (n + 1) as f64
        }
    }

    /// The counts enumerated exactly for `requested`, `auto` held to `budget` valuations
    /// (the rule every sweep shares: `choose_exact_counts`).
    pub fn exact_counts_within(&self, requested: Method, budget: f64) -> Vec<usize> {
        choose_exact_counts(
            *self.counts.start()..=self.feasible,
            |n| self.exact_valuations(n),
            requested,
            budget,
        )
    }

    /// The valuations of the counts [`GameSweep::exact_counts_within`] chooses.
    pub fn exact_work(&self, requested: Method, budget: f64) -> f64 {
        self.exact_counts_within(requested, budget)
            .iter()
            .map(|&n| self.exact_valuations(n))
            .sum()
    }

    /// Board cards still to come.
    pub(super) fn to_come(&self) -> usize {
        5 - self.board.len()
    }

    /// The exact tally of `n` opponents; stops early (partial sums) once `control` is
    /// cancelled. Callers check [`GameSweep::exact_valuations`] first.
    pub(super) fn exact_point(&self, n: usize, control: &RunControl) -> PointTally {
        let blocked = self.board.union(self.dead);
        let known: Vec<Card> = self.board.iter().collect();
        let now_known = self.values_now();
        let list = |range: &crate::range::HoleRange| -> Vec<Listed> {
            range
                .live_hands(blocked)
                .into_iter()
                .map(|(set, weight)| {
                    let cards: Vec<Card> = set.iter().collect();
                    let now = if now_known {
                        self.now_value(&cards, &known)
                    } else {
                        0
                    };
                    Listed {
                        cards,
                        set,
                        weight: f64::from(weight),
                        now,
                    }
                })
                .collect()
        };
        let (hero, opps) = (list(&self.hero), list(&self.opponents));
        let opp_sets: Vec<CardSet> = opps.iter().map(|o| o.set).collect();
        let opp_weight = |o: usize| opps[o].weight;
        let starts: Vec<(usize, usize)> = (0..hero.len())
            .flat_map(|h| (0..opps.len()).map(move |o| (h, o)))
            .filter(|&(h, o)| !hero[h].set.intersects(opps[o].set))
            .collect();
        let hi_lo = self.game.is_hi_lo();
        let live = self.game.deck().difference(blocked);
        let to_come = self.to_come();
        let hero_values = HeroValues::of(self.game, &hero, &known, live, to_come);
        let sums = starts
            .par_iter()
            .fold(
                || vec![PointSums::default(); n],
                |mut sums, &(h, o)| {
                    if control.is_cancelled() {
                        return sums;
                    }
                    let mut chosen = vec![o];
                    let mut valued = 0u64;
                    let mut values = vec![SeatValue::default(); n + 1];
                    let mut now = vec![0u32; n + 1];
                    let mut holes: Vec<&[Card]> = Vec::with_capacity(n + 1);
                    let used = hero[h].set.union(opps[o].set);
                    let w = hero[h].weight * opps[o].weight;
                    rest_of_sets(
                        &opp_sets,
                        &opp_weight,
                        n,
                        used,
                        w,
                        &mut chosen,
                        &mut |used, w, chosen| {
                            holes.clear();
                            holes.push(&hero[h].cards);
                            now[0] = hero[h].now;
                            for (i, &c) in chosen.iter().enumerate() {
                                holes.push(&opps[c].cards);
                                now[i + 1] = opps[c].now;
                            }
                            let deck: Vec<Card> = live.difference(used).iter().collect();
                            for_each_subset(&deck, to_come, &mut |more| {
                                let board = full_board(&known, more, deck[0]);
                                match &hero_values {
                                    Some(table) => {
                                        values[0] = table.get(h, more);
                                        value_all(self.game, &holes[1..], &board, &mut values[1..]);
                                        valued += n as u64;
                                    }
                                    None => {
                                        value_all(self.game, &holes, &board, &mut values);
                                        valued += (n + 1) as u64;
                                    }
                                }
                                credit_showdowns(
                                    hi_lo,
                                    &values,
                                    now_known.then_some(&now[..]),
                                    w,
                                    &mut sums,
                                );
                            });
                        },
                    );
                    control.progress().add_work(valued);
                    sums
                },
            )
            .map(|sums| sums[n - 1])
            .reduce(PointSums::default, |mut a, b| {
                a.add(&b);
                a
            });
        sums.into_tally()
    }
}
