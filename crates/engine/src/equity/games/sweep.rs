//! The MultiOdds sweep in a game other than Hold'em: a hero against 1 to N opponents
//! from one range, by Monte Carlo (reference §4's figures with the game's hand values).
//!
//! As Hold'em's sweep, one deal serves every opponent count: the hero, the board, then
//! opponents one by one; an opponent that clashes ends the deal, which counts for every
//! count below the clash. Win, tie and the standings behind HS, PPot and NPot are the
//! high hand's; in hi/lo games the equity is the pot share with the low half. Counts
//! cheap enough are enumerated exactly instead (`sweep_exact`).

use super::counting::{shortfall, RankNeeds};
use super::sampler::{DealCards, SeatDraw};
use super::valuation::value_all;
use super::SeatValue;
use crate::cards::{Card, CardSet, Game};
use crate::equity::monte_carlo::batch_rng;
use crate::equity::run::SweepSource;
use crate::equity::sweep::{
    BestOf, PointCounts, PointSums, PointTally, PrefixStanding, Standing, SweepFigures, SweepPoint,
    SweepTally,
};
use crate::equity::{EquityError, Method, RunControl, MAX_OPPONENTS};
use crate::eval::{evaluate_short_deck, omaha_high, rank_partial};
use crate::range::HoleRange;

/// A validated sweep in a game other than Hold'em.
#[derive(Clone, Debug)]
pub struct GameSweep {
    /// The game.
    pub game: Game,
    /// The hero's range.
    pub hero: HoleRange,
    /// The opponents' range.
    pub opponents: HoleRange,
    /// Known board cards.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
    /// Opponent counts asked for.
    pub counts: std::ops::RangeInclusive<usize>,
    /// Most opponents the deck deals (≤ the end of `counts`).
    pub feasible: usize,
    /// The hero's exact equity against one random hand, where the engine knows it
    /// cheaply (short deck preflop: `short_deck_heads_up`): the Monte Carlo control
    /// variate of two and more opponents, as in Hold'em's sweep.
    pub heads_up_equity: Option<f64>,
}

impl GameSweep {
    /// Checks and builds a sweep (the hero named `hero`, the opponents `opponent range`).
    pub fn new(
        game: Game,
        hero: HoleRange,
        opponents: HoleRange,
        board: CardSet,
        dead: CardSet,
        counts: std::ops::RangeInclusive<usize>,
    ) -> Result<GameSweep, EquityError> {
        let (lo, hi) = (*counts.start(), *counts.end());
        let most = (game.max_seats() - 1).min(MAX_OPPONENTS);
        if lo < 1 || hi > MAX_OPPONENTS || lo > hi {
            return Err(EquityError::OpponentCount(if lo < 1 { lo } else { hi }));
        }
        if lo > most {
            return Err(EquityError::SeatsForGame {
                game,
                max: game.max_seats(),
                got: lo + 1,
            });
        }
        // The matchup checks (deck, board, known hands, live hands) on hero and one opponent.
        super::GameMatchup::new(game, vec![hero.clone(), opponents.clone()], board, dead).map_err(
            |e| match e {
                EquityError::EmptySeat { seat } if seat == "seat 1" => EquityError::EmptySeat {
                    seat: "hero".into(),
                },
                EquityError::EmptySeat { .. } => EquityError::EmptySeat {
                    seat: "opponent range".into(),
                },
                EquityError::CardTwice {
                    card,
                    first,
                    second,
                } => EquityError::CardTwice {
                    card,
                    first: first
                        .replace("seat 1", "hero")
                        .replace("seat 2", "opponent range"),
                    second: second
                        .replace("seat 1", "hero")
                        .replace("seat 2", "opponent range"),
                },
                other => other,
            },
        )?;
        let live_cards = game.deck().difference(board.union(dead));
        let live = live_cards.len();
        let feasible = (lo..=hi.min(most))
            .take_while(|&n| (n + 1) * game.hole_cards() + 5 - board.len() <= live)
            .last()
            .unwrap_or(0);
        if feasible < lo {
            return Err(EquityError::NotEnoughCards(format!(
                "the hero and {lo} opponents of {} cards",
                game.hole_cards()
            )));
        }
        // Counts no deal exists for, proved by counting ranks (three AAxx need six
        // aces): left out, the smallest refused at once rather than searched.
        // Each range's needs counted once, whatever the number of opponents.
        let (hero_needs, opponent_needs) = (
            RankNeeds::of(&hero, live_cards),
            RankNeeds::of(&opponents, live_cards),
        );
        let possible = |n: usize| {
            let seats: Vec<Option<&RankNeeds>> = std::iter::once(hero_needs.as_ref())
                .chain(std::iter::repeat_n(opponent_needs.as_ref(), n))
                .collect();
            shortfall(&seats, live_cards)
        };
        if let Some(reason) = possible(lo) {
            return Err(EquityError::Impossible(format!(
                "the hero and {lo} opponent{}: {reason} (the hero is seat 1)",
                if lo == 1 { "" } else { "s" }
            )));
        }
        let feasible = (lo..=feasible)
            .take_while(|&n| possible(n).is_none())
            .last()
            .unwrap_or(lo);
        let heads_up_equity = (board.is_empty() && dead.is_empty() && opponents.is_random())
            .then(|| super::short_deck_heads_up::range_equity(game, &hero))
            .flatten();
        Ok(GameSweep {
            game,
            hero,
            opponents,
            board,
            dead,
            counts,
            feasible,
            heads_up_equity,
        })
    }

    /// Whether a hand is made now: Omaha needs three board cards.
    pub(super) fn values_now(&self) -> bool {
        !self.game.is_omaha() || self.board.len() >= 3
    }

    /// A hole's value on the current board (higher is better; hands of equal size only).
    pub(super) fn now_value(&self, hole: &[Card], board: &[Card]) -> u32 {
        if self.game.is_omaha() {
            omaha_high(hole, board).get() as u32
        } else if board.is_empty() {
            rank_partial(hole)
        } else {
            let cards: Vec<Card> = hole.iter().chain(board).copied().collect();
            evaluate_short_deck(&cards).get()
        }
    }

    /// A batch of `deals` deals, opponents dealt up to `up_to`. A short batch (a deal
    /// budget under one full batch) is tallied in eight parts, so its figures have an
    /// error from the parts' spread instead of none; a full batch is one part, as always.
    fn batch(&self, seed: u64, index: u64, deals: u32, up_to: usize, now: bool) -> SweepTally {
        const FULL_BATCH: u32 = 4_096;
        const SHORT_PARTS: u32 = 8;
        let mut rng = batch_rng(seed, index);
        let parts = if deals < FULL_BATCH {
            SHORT_PARTS.min(deals.max(1))
        } else {
            1
        };
        let part = |k: u32| deals / parts + u32::from(k < deals % parts);
        let mut total = self.deal_part(&mut rng, part(0), up_to, now);
        for k in 1..parts {
            total.merge(&self.deal_part(&mut rng, part(k), up_to, now));
        }
        total
    }

    /// `deals` deals from `rng`, opponents dealt up to `up_to`, as one batch; the hands
    /// are ranked now (for hand strength and the potentials) only when `now`.
    fn deal_part(
        &self,
        rng: &mut rand::rngs::Xoshiro256PlusPlus,
        deals: u32,
        up_to: usize,
        now: bool,
    ) -> SweepTally {
        let game = self.game;
        let most = self.feasible.min(up_to.max(*self.counts.start()));
        let blocked = self.board.union(self.dead);
        let hero_draw = SeatDraw::of(&self.hero, blocked);
        let opp_draw = SeatDraw::of(&self.opponents, blocked);
        let known: Vec<Card> = self.board.iter().collect();
        let now_known = now && self.values_now();
        let start = DealCards::new(game.deck(), blocked);
        // With the hero's heads-up equity known (high-only games), deals are counted as
        // Hold'em's sampler counts them, with the control variate.
        let control = self.heads_up_equity.filter(|_| !game.is_hi_lo());
        let mut sums = vec![PointSums::default(); most];
        let mut counts = vec![PointCounts::default(); if control.is_some() { most } else { 0 }];
        let mut holes: Vec<Vec<Card>> = vec![Vec::with_capacity(6); most + 1];
        let mut values = vec![SeatValue::default(); most + 1];
        let mut now = vec![0u32; most + 1];
        let mut attempts = 0u64;
        for _ in 0..deals {
            attempts += 1;
            let mut cards = start.clone();
            if !hero_draw.draw(rng, game, &mut cards, &mut holes[0]) {
                continue;
            }
            let board = cards.complete_board(rng, &known);
            let mut dealt = 0;
            while dealt < most && opp_draw.draw(rng, game, &mut cards, &mut holes[dealt + 1]) {
                dealt += 1;
            }
            if dealt == 0 {
                continue;
            }
            value_all(game, &holes[..=dealt], &board, &mut values[..=dealt]);
            if now_known {
                for (v, hole) in now.iter_mut().zip(&holes[..=dealt]) {
                    *v = self.now_value(hole, &known);
                }
            }
            let now = now_known.then_some(&now[..=dealt]);
            if control.is_some() {
                for_each_count(false, &values[..=dealt], now, most, |n, o| {
                    counts[n - 1].credit(PrefixStanding {
                        n,
                        now: o.now,
                        river: o.river,
                        hero_category: o.hero_category,
                        best_category: o.best_category,
                        heads_up_halves: o.heads_up_halves,
                    })
                });
            } else {
                credit_showdowns(game.is_hi_lo(), &values[..=dealt], now, 1.0, &mut sums);
            }
        }
        match control {
            Some(mean) => SweepTally::from_counts(counts, attempts, mean),
            None => SweepTally::from_sums(sums, attempts),
        }
    }
}

/// One deal's outcome for the hero against its first `n` opponents.
#[derive(Clone, Copy)]
pub(super) struct CountOutcome {
    pub(super) now: Standing,
    pub(super) river: Standing,
    /// The hero's share of the pot (with the low half in hi/lo).
    pub(super) share: f64,
    pub(super) hero_category: usize,
    pub(super) best_category: usize,
    /// Whether the hero won or shared a qualifying low (hi/lo).
    pub(super) low: bool,
    /// The hero's heads-up results against each of the `n` opponents in half points (2
    /// beaten, 1 tied): the control variate.
    pub(super) heads_up_halves: u32,
}

/// Calls `visit(n, outcome)` for every opponent count `n` the deal seats, up to `most`
/// (`values[0]` the hero's, then the opponents' in deal order); the standing now is read
/// when `now` holds the values on the current board (else it is "behind"). One rule for
/// the Monte Carlo deals and the exact enumeration.
pub(super) fn for_each_count(
    hi_lo: bool,
    values: &[SeatValue],
    now: Option<&[u32]>,
    most: usize,
    mut visit: impl FnMut(usize, CountOutcome),
) {
    let hero = values[0];
    let now_of = |i: usize| now.map_or(0, |v| v[i]);
    let mut river = BestOf::first(values[1].high);
    let mut best_category = values[1].category;
    let mut now_best = BestOf::first(now_of(1));
    let mut best_low = hero.low.max(values[1].low);
    let mut halves = 0;
    for n in 1..values.len().min(most + 1) {
        let v = values[n];
        if n > 1 {
            if v.high > river.best {
                best_category = v.category;
            }
            river.push(v.high);
            now_best.push(now_of(n));
            best_low = best_low.max(v.low);
        }
        halves += match hero.high.cmp(&v.high) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        };
        let standing = river.standing(hero.high);
        let now_standing = if now.is_some() {
            now_best.standing(now_of(0))
        } else {
            Standing::Behind
        };
        let low = best_low > 0 && hero.low == best_low;
        let share = if hi_lo && best_low > 0 {
            let low_winners = (hero.low == best_low) as u32
                + values[1..=n].iter().filter(|v| v.low == best_low).count() as u32;
            let low_share = if low { 0.5 / low_winners as f64 } else { 0.0 };
            standing.share() / 2.0 + low_share
        } else {
            standing.share()
        };
        visit(
            n,
            CountOutcome {
                now: now_standing,
                river: standing,
                share,
                hero_category: hero.category as usize,
                best_category: best_category as usize,
                low,
                heads_up_halves: halves,
            },
        );
    }
}

/// Credits one deal of weight `w` to `sums[n − 1]` for every opponent count `n` the deal
/// seats ([`for_each_count`]).
pub(super) fn credit_showdowns(
    hi_lo: bool,
    values: &[SeatValue],
    now: Option<&[u32]>,
    w: f64,
    sums: &mut [PointSums],
) {
    for_each_count(hi_lo, values, now, sums.len(), |n, o| {
        let sums = &mut sums[n - 1];
        sums.credit_with_share(w, o.now, o.river, o.share, o.hero_category, o.best_category);
        if hi_lo {
            sums.credit_hi_lo(w, o.share == 1.0, o.low);
        }
    });
}

impl SweepSource for GameSweep {
    fn asked_counts(&self) -> Vec<usize> {
        self.counts.clone().collect()
    }
    fn dealt_counts(&self) -> Vec<usize> {
        (*self.counts.start()..=self.feasible).collect()
    }

    fn has_potential(&self) -> bool {
        self.board.len() < 5 && self.values_now()
    }

    fn has_hand_strength(&self) -> bool {
        self.values_now()
    }

    fn undealt_counts(&self) -> Option<String> {
        let hi = *self.counts.end();
        (self.feasible < hi).then(|| {
            format!(
                "{}–{hi} opponents cannot be dealt in {} (its deck, the board and these ranges deal at most {}); left out",
                self.feasible + 1,
                self.game,
                self.feasible
            )
        })
    }

    fn exact_counts(&self, requested: Method, budget: f64) -> Vec<usize> {
        self.exact_counts_within(requested, budget)
    }

    fn exact_point(&self, n: usize, control: &RunControl) -> PointTally {
        GameSweep::exact_point(self, n, control)
    }

    fn sampler(
        &self,
        figures: SweepFigures,
    ) -> Box<dyn Fn(u64, u64, u32, usize) -> SweepTally + Sync + '_> {
        let now = figures == SweepFigures::All;
        Box::new(move |seed, i, deals, up_to| self.batch(seed, i, deals, up_to, now))
    }

    fn adjust_point(&self, mut point: SweepPoint) -> SweepPoint {
        point.has_hand_strength = self.values_now();
        point
    }
}
