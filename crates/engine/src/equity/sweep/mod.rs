//! The MultiOdds sweep: a hero against N = 1…22 opponents (1–9 by default), all from one opponent range,
//! with Win, Tie, Equity, Hand Strength, Positive and Negative Potential and the
//! hand-type table for every N at once (reference §4).
//!
//! Monte Carlo deals once for the most opponents asked and credits each N with the first N
//! of them: the hero is drawn by weight, the board from the cards left, then opponents
//! one by one. With a weighted opponent range an opponent that clashes ends the deal,
//! and the deal counts for every N below the clash: for each N that is exactly whole-
//! deal rejection, so no N is biased. Opponents whose range is every live combo at
//! weight 1 are drawn from the cards left and never clash. The cards left are dealt by
//! selection where the CPU has a fast `pdep` (the r-th live card), else from a copied
//! deck (Fisher–Yates): both uniform, different cards from one seed.
//!
//! The module is split by responsibility: `tally` (the sums a deal adds to each
//! opponent count), `sampler` (Monte Carlo batches), `shared` (batches whose deals
//! serve many heroes at once: the chart), `exact` (exact points) and `point` (a
//! count's figures, as the result shows them).

mod exact;
mod point;
mod sampler;
mod shared;
mod tally;

pub(crate) use exact::rest_of_sets;
pub use exact::{exact_point, exact_point_cancellable};
pub use point::{heads_up_point, SweepErrors, SweepPoint};
pub use sampler::{SweepFigures, SweepSampler};
pub use shared::{SharedBatch, SharedSweeps};
pub(crate) use tally::{BestOf, PointCounts, PointSums, PrefixStanding, Standing};
pub use tally::{PointTally, SweepTally};

use super::symmetry::SuitSymmetry;
use super::{
    check_board, check_known_hand, choose, exists_deal, EquityError, Feasibility, Matchup,
    SeatCombos, DEAL_SEARCH_BUDGET,
};
use crate::cards::{Card, CardSet};
use crate::eval::rank_partial;
use crate::range::{Combo, HandRange, COMBOS};

pub use super::MAX_OPPONENTS;

/// Most evaluations spent enumerating the hero's heads-up equity for Monte Carlo's
/// control variate (a tenth of a second or so on one core); beyond it the figures are
/// sampled without one.
pub const HEADS_UP_CONTROL_EVALUATIONS: f64 = 1.5e7;

/// Opponent counts shown by default (the classic programs' 1–9).
pub const DEFAULT_OPPONENTS: usize = 9;

/// A Monte Carlo PPot or NPot resting on fewer deals in its condition (behind or tied
/// now, ahead or tied now) is "n/a" (reference §4), never a number from a handful of deals.
pub const MIN_CONDITION_DEALS: u64 = 100;

/// A validated sweep scenario.
#[derive(Clone, Debug)]
pub struct Sweep {
    /// The hero's range as given.
    pub hero_range: HandRange,
    /// The opponents' range as given.
    pub opponent_range: HandRange,
    /// Known board cards (0 to 5).
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
    /// The hero's dealable combos.
    pub hero: SeatCombos,
    /// The opponents' dealable combos.
    pub opponents: SeatCombos,
    /// Opponent counts computed, e.g. 1..=9.
    pub counts: std::ops::RangeInclusive<usize>,
    /// Most opponents for which a deal exists (≤ the end of `counts`).
    pub feasible: usize,
    /// Showdown value on the current board of each combo (0 where blocked).
    now_value: Vec<u32>,
    /// Estimated evaluations of each opponent count's enumeration by canonical
    /// preflops (index N − 1), computed when first asked for.
    preflop_costs: Vec<std::sync::OnceLock<f64>>,
    /// The hero's exact heads-up equity against one random opponent, when it is cheap
    /// to know (see [`Sweep::heads_up_equity`]).
    heads_up_equity: std::sync::OnceLock<Option<f64>>,
}

impl Sweep {
    /// A sweep of `hero` against `counts` opponents holding `opponents`, checked: a deal exists for the most opponents (fewer where the cards run out).
    pub fn new(
        hero: HandRange,
        opponents: HandRange,
        board: CardSet,
        dead: CardSet,
        counts: std::ops::RangeInclusive<usize>,
    ) -> Result<Sweep, EquityError> {
        let (lo, hi) = (*counts.start(), *counts.end());
        if lo < 1 || hi > MAX_OPPONENTS || lo > hi {
            return Err(EquityError::OpponentCount(if lo < 1 { lo } else { hi }));
        }
        check_board(board, dead)?;
        let blocked = board.union(dead);
        check_known_hand(&hero, board, dead, || "hero".into())?;
        let hero_seat = SeatCombos::of(&hero, blocked);
        if hero_seat.is_empty() {
            return Err(EquityError::EmptySeat {
                seat: "hero".into(),
            });
        }
        let opp_seat = SeatCombos::of(&opponents, blocked);
        if opp_seat.is_empty() {
            return Err(EquityError::EmptySeat {
                seat: "opponent range".into(),
            });
        }
        // The largest N that can be dealt at all.
        let mut feasible = 0;
        for n in 1..=hi {
            let mut seats = vec![hero_seat.clone()];
            seats.extend(std::iter::repeat_n(opp_seat.clone(), n));
            let live = 52 - blocked.len();
            if 2 + 2 * n + 5 - board.len() > live
                || exists_deal(&seats, blocked, 5 - board.len(), DEAL_SEARCH_BUDGET / 8)
                    == Feasibility::Impossible
            {
                break;
            }
            feasible = n;
        }
        if feasible < lo {
            return Err(EquityError::Impossible(format!(
                "the hero and {lo} opponent(s) cannot all be dealt from these ranges"
            )));
        }
        let board_cards: Vec<Card> = board.iter().collect();
        let now_value = (0..COMBOS)
            .map(|i| {
                let combo = Combo::from_index(i).expect("combo");
                if combo.card_set().intersects(blocked) {
                    return 0;
                }
                let (a, b) = combo.cards();
                let mut cards = board_cards.clone();
                cards.push(a);
                cards.push(b);
                if cards.len() >= 5 {
                    crate::eval::evaluate(&cards).get() as u32
                } else {
                    rank_partial(&cards)
                }
            })
            .collect();
        Ok(Sweep {
            hero_range: hero,
            opponent_range: opponents,
            board,
            dead,
            hero: hero_seat,
            opponents: opp_seat,
            counts,
            feasible,
            now_value,
            preflop_costs: (0..MAX_OPPONENTS).map(|_| Default::default()).collect(),
            heads_up_equity: Default::default(),
        })
    }

    /// The hero's exact heads-up equity against one opponent, when every opponent is a
    /// uniformly random hand and that equity is cheap to know: preflop with no dead
    /// card from the preflop table, else by enumeration within
    /// [`HEADS_UP_CONTROL_EVALUATIONS`] (or from the run's own exact one-opponent
    /// point). Against N random opponents each one is a uniformly random hand of the
    /// cards the hero and the board leave, so the hero's heads-up result against each
    /// has exactly this mean: Monte Carlo uses it as a control variate.
    pub fn heads_up_equity(&self) -> Option<f64> {
        *self.heads_up_equity.get_or_init(|| {
            if !self.opponents.is_random {
                return None;
            }
            super::exact::cheap_heads_up_equity(&self.as_matchup(1), HEADS_UP_CONTROL_EVALUATIONS)
        })
    }

    /// Keeps a whole exact one-opponent point's equity as [`Sweep::heads_up_equity`]
    /// (random opponents only), so Monte Carlo does not enumerate it again.
    pub(crate) fn remember_heads_up(&self, point: &PointTally) {
        if let Some(equity) = point.equity.mean() {
            self.remember_heads_up_equity(equity);
        }
    }

    /// Keeps an exact heads-up equity found another way (the chart values every combo
    /// on a board at once) as [`Sweep::heads_up_equity`] (random opponents only).
    pub(crate) fn remember_heads_up_equity(&self, equity: f64) {
        if self.opponents.is_random {
            let _ = self.heads_up_equity.set(Some(equity));
        }
    }

    fn to_come(&self) -> usize {
        5 - self.board.len()
    }

    /// The asked-for opponent counts that no deal exists for (left out of every
    /// result), said in a line; `None` when every count can be dealt.
    pub fn undealt_counts(&self) -> Option<String> {
        let hi = *self.counts.end();
        (self.feasible < hi).then(|| {
            let from = self.feasible + 1;
            let which = if from == hi {
                format!("{hi} opponents")
            } else {
                format!("{from}–{hi} opponents")
            };
            format!("{which} cannot be dealt from these ranges and cards; left out")
        })
    }

    /// Potentials look ahead to the river; on the river they are undefined.
    pub fn has_potential(&self) -> bool {
        self.board.len() < 5
    }

    /// Estimated evaluations to compute N opponents exactly (by the cheaper of the two
    /// enumerations, see `Sweep::exact_plan`).
    pub fn exact_cost(&self, n: usize) -> f64 {
        self.exact_plan(n).1
    }

    /// How N opponents are enumerated (true: by canonical preflops) and its cost.
    fn exact_plan(&self, n: usize) -> (bool, f64) {
        let direct = self.direct_cost(n);
        let by_preflops = self.preflop_cost(n);
        if by_preflops < direct {
            (true, by_preflops)
        } else {
            (false, direct)
        }
    }

    /// Estimated evaluations of the direct enumeration: every hero combo, every set of
    /// N opponent combos, every board.
    fn direct_cost(&self, n: usize) -> f64 {
        let live = 52 - self.board.union(self.dead).len() as u64;
        let mut tuples = self.hero.len() as f64;
        for i in 0..n {
            tuples *= self.opponents.len() as f64 / (i + 1) as f64;
        }
        let boards = choose(live.saturating_sub(2 + 2 * n as u64), self.to_come() as u64) as f64;
        tuples * boards * (n + 1) as f64
    }

    /// Estimated work of the enumeration by canonical preflops, in the direct
    /// enumeration's units: its classes' evaluations plus folding every (ordered) deal.
    /// Infinite where the direct enumeration is cheap anyway or there are too many
    /// deals to fold.
    fn preflop_cost(&self, n: usize) -> f64 {
        if n == 0 || n > MAX_OPPONENTS {
            return f64::INFINITY;
        }
        *self.preflop_costs[n - 1].get_or_init(|| {
            let ordered_deals =
                self.hero.len() as f64 * (self.opponents.len() as f64).powi(n as i32);
            if self.direct_cost(n) <= DIRECT_ALWAYS || ordered_deals > MAX_FOLDED_DEALS {
                return f64::INFINITY;
            }
            // A class gathers the deals that differ by a relabelling of suits keeping
            // board, dead cards and the hero's range, and by the opponents' order.
            let hero_symmetry = SuitSymmetry::of(self.board, self.dead, &[&self.hero_range])
                .permutations
                .len() as f64;
            let orders: f64 = (1..=n).map(|i| i as f64).product();
            let classes = (ordered_deals / (orders * hero_symmetry)).max(1.0);
            // Folding holds every class (twice at its peak): past the default memory
            // budget the direct enumeration, which holds nothing, is the way.
            let bytes = 2.0 * classes * super::preflops::class_bytes(n + 1) as f64;
            if bytes > crate::equity::memory::DEFAULT_MEMORY_BUDGET as f64 {
                return f64::INFINITY;
            }
            let relabellings = SuitSymmetry::of(self.board, self.dead, &[])
                .permutations
                .len() as f64;
            let fold = ordered_deals * relabellings * (n + 1) as f64 * FOLD_COST_PER_IMAGE;
            let m = self.as_matchup(n);
            classes * super::preflops::typical_class_cost(&m) * PREFLOP_WORK_SCALE + fold
        })
    }

    /// The hero and N opponents as a matchup (seat 0 the hero).
    fn as_matchup(&self, n: usize) -> Matchup {
        let mut ranges = vec![self.hero_range.clone()];
        ranges.extend(std::iter::repeat_n(self.opponent_range.clone(), n));
        let mut seats = vec![self.hero.clone()];
        seats.extend(std::iter::repeat_n(self.opponents.clone(), n));
        Matchup {
            ranges,
            board: self.board,
            dead: self.dead,
            showdown_seats: n + 1,
            seats,
            fold_cache: Default::default(),
        }
    }
}

/// Below this many evaluations the direct enumeration is used as it is: folding the
/// deals and setting up the classes would not pay.
const DIRECT_ALWAYS: f64 = 2e7;

/// More ordered deals than this are not folded into classes: a class holds its hands,
/// weights and counts (about 250 bytes for three seats), and with little symmetry
/// (a flop of three suits) there are half as many classes as deals. Two million covers
/// one opponent preflop for any hero range, two against a known hand on the flop or turn.
const MAX_FOLDED_DEALS: f64 = 2e6;

/// Folding a deal maps each of its hands under every suit relabelling and sorts the
/// images: about this many evaluations' worth of work per hand and relabelling.
const FOLD_COST_PER_IMAGE: f64 = 0.5;

/// A unit of the preflop enumeration's cost model costs about this many units of the
/// direct one's (measured: AKo against one random opponent, 0.84 s of CPU for 4.3e7
/// units; AsKs against two on Qs Jh 2c directly, 8.85 s for 1.87e9): boards by rank,
/// the hero's standing at each of its positions.
const PREFLOP_WORK_SCALE: f64 = 4.0;

#[cfg(test)]
mod tests {
    use super::exact::{exact_point_by_preflops, exact_point_direct};
    use super::*;
    use crate::cards::Pdep;
    use crate::equity::Method;

    fn sweep(hero: &str, opponents: &str, board: &str, dead: &str, most: usize) -> Sweep {
        let cards = |s: &str| CardSet::parse(s).expect("cards");
        Sweep::new(
            HandRange::parse(hero).expect("hero"),
            HandRange::parse(opponents).expect("opponents"),
            cards(board),
            cards(dead),
            1..=most,
        )
        .expect("sweep")
    }

    /// Both enumerations give the same figures (1e-9) and the same deal counts.
    fn assert_same(s: &Sweep, n: usize) {
        let cancel = crate::equity::RunControl::new();
        let direct = exact_point_direct(s, n, &cancel).point(n, Method::Exact, true);
        let folded = exact_point_by_preflops(s, n, &cancel).point(n, Method::Exact, true);
        assert_eq!(direct.deals, folded.deals, "deals, N = {n}");
        assert_eq!(direct.ppot_deals, folded.ppot_deals, "PPot deals, N = {n}");
        assert_eq!(direct.npot_deals, folded.npot_deals, "NPot deals, N = {n}");
        let close = |a: f64, b: f64, what: &str| {
            assert!((a - b).abs() < 1e-9, "{what}, N = {n}: {a} vs {b}");
        };
        close(direct.win, folded.win, "win");
        close(direct.tie, folded.tie, "tie");
        close(direct.equity, folded.equity, "equity");
        close(direct.win_odds, folded.win_odds, "win odds");
        close(direct.hand_strength, folded.hand_strength, "HS");
        for (a, b, what) in [
            (direct.ppot, folded.ppot, "PPot"),
            (direct.npot, folded.npot, "NPot"),
            (direct.ppot_joint, folded.ppot_joint, "joint PPot"),
            (direct.npot_joint, folded.npot_joint, "joint NPot"),
        ] {
            assert_eq!(a.is_some(), b.is_some(), "{what} shown, N = {n}");
            close(a.unwrap_or(0.0), b.unwrap_or(0.0), what);
        }
        for c in 0..9 {
            close(direct.hero_types[c], folded.hero_types[c], "hero types");
            close(
                direct.opponent_types[c],
                folded.opponent_types[c],
                "opponent types",
            );
        }
    }

    #[test]
    fn preflop_classes_match_the_direct_enumeration() {
        // A known hand against any two cards on a flop with two suits (flush draws
        // on both sides), one and two opponents.
        let s = sweep("AsKs", "random", "Qs7s2h", "", 2);
        assert_same(&s, 1);
        // Weighted hero and opponent ranges sharing cards, on the turn, up to three
        // opponents: interchangeable seats, ties among several, weights multiplying.
        let s = sweep("AKs,QQ:0.5,T9s", "22+:0.7,AJs+,KQo:0.3", "Ts9d4c2h", "", 3);
        for n in 1..=3 {
            assert_same(&s, n);
        }
        // A monotone flop with a dead card (two interchangeable suits left), a range
        // hero: boards by rank where no flush can come.
        let s = sweep("JJ+,AK", "A2s+,K9s+,QJs,77+", "8c5c3c", "Ad", 2);
        assert_same(&s, 1);
        assert_same(&s, 2);
        // The river: no cards to come, potentials undefined.
        let s = sweep("AhKh", "random", "Qh2c7d9sTs", "", 1);
        let river = |n| {
            let c = crate::equity::RunControl::new();
            (
                exact_point_direct(&s, n, &c).point(n, Method::Exact, false),
                exact_point_by_preflops(&s, n, &c).point(n, Method::Exact, false),
            )
        };
        let (a, b) = river(1);
        assert!((a.equity - b.equity).abs() < 1e-12 && a.deals == b.deals);
        assert!(a.ppot.is_none() && b.ppot.is_none());
    }

    /// Both ways of dealing a sweep (a copied deck on any CPU; the r-th live card where
    /// the CPU has `pdep`) land within 4 standard errors of exact enumeration, for each
    /// figure and opponent count: any two cards on the turn, and a weighted range that
    /// clashes on the flop.
    #[test]
    fn both_ways_of_dealing_agree_with_exact_enumeration() {
        fn merged(batch: impl Fn(u64) -> SweepTally) -> SweepTally {
            let mut tally = batch(0);
            for i in 1..48 {
                tally.merge(&batch(i));
            }
            tally
        }
        for (hero, opponents, board) in [
            ("AsKs", "random", "Qs7s2h9d"),
            ("AKs,QQ", "22+:0.7,AJs+,KQo", "Jh8s3c"),
        ] {
            let s = sweep(hero, opponents, board, "", 2);
            let sampler = SweepSampler::new(&s, SweepFigures::All);
            let mut ways = vec![(
                "deck",
                merged(|i| sampler.batch_with(|h| sampler.decks[h], 5, i, 4096, 2)),
            )];
            if let Some(pdep) = Pdep::detect() {
                ways.push((
                    "selection",
                    merged(|i| sampler.batch_with(|h| sampler.selection(pdep, h), 5, i, 4096, 2)),
                ));
            }
            for n in 1..=2 {
                let exact = exact_point(&s, n).point(n, Method::Exact, true);
                for (way, tally) in &ways {
                    let point = &tally.points[n - 1];
                    assert!(point.deals > 100_000, "{way}: {} deals", point.deals);
                    for (stat, truth, what) in [
                        (&point.win, exact.win, "win"),
                        (&point.tie, exact.tie, "tie"),
                        (&point.equity, exact.equity, "equity"),
                        (&point.hand_strength, exact.hand_strength, "HS"),
                    ] {
                        let (mean, se) = (stat.mean().unwrap(), stat.std_error().unwrap());
                        assert!(
                            (mean - truth).abs() < 4.0 * se,
                            "{hero} vs {opponents} on {board}, N = {n}, {way}: {what} \
                             {mean} ± {se}, exact {truth}"
                        );
                    }
                }
            }
        }
    }

    /// Against random opponents Monte Carlo carries the control variate (the hero's
    /// mean heads-up result, whose exact mean is the heads-up equity): over 30 seeds
    /// its estimates sit around exact enumeration as their standard errors say (about
    /// two thirds within one, nearly all within two, none beyond 4.5), and those errors
    /// are well under the plain ones √(p(1 − p)/deals) for win and equity.
    #[test]
    fn the_control_variate_is_unbiased_and_its_errors_honest() {
        for (hero, board, n) in [("AhKh", "Qh7c2s9d", 2), ("AA,KK:0.5,T9s", "Qh7c2s9d3h", 2)] {
            let s = Sweep {
                counts: n..=n,
                ..sweep(hero, "random", board, "", n)
            };
            assert!(s.heads_up_equity().is_some(), "{hero} on {board}");
            let exact = exact_point(&s, n).point(n, Method::Exact, true);
            let sampler = SweepSampler::new(&s, SweepFigures::Showdown);
            let (mut within_one, mut within_two, mut total) = (0, 0, 0);
            let mut plain_ratio: f64 = 0.0;
            for seed in 0..30 {
                let mut tally = sampler.batch(seed, 0, 4096, n);
                for i in 1..8 {
                    tally.merge(&sampler.batch(seed, i, 4096, n));
                }
                let p = &tally.points[n - 1];
                for (stat, truth, what) in [
                    (&p.win, exact.win, "win"),
                    (&p.tie, exact.tie, "tie"),
                    (&p.equity, exact.equity, "equity"),
                ] {
                    let (mean, se) = (stat.mean().unwrap(), stat.std_error().unwrap());
                    let z = (mean - truth).abs() / se;
                    assert!(
                        z < 4.5,
                        "{hero} on {board}, seed {seed}: {what} {mean} ± {se}, exact {truth}"
                    );
                    within_one += usize::from(z < 1.0);
                    within_two += usize::from(z < 2.0);
                    total += 1;
                    if what != "tie" {
                        let plain = (truth * (1.0 - truth) / p.deals as f64).sqrt();
                        plain_ratio = plain_ratio.max(se / plain);
                    }
                }
            }
            let (one, two) = (
                within_one as f64 / total as f64,
                within_two as f64 / total as f64,
            );
            assert!((0.5..0.85).contains(&one), "{hero}: {one} within one error");
            assert!(two >= 0.88, "{hero}: {two} within two errors");
            assert!(
                plain_ratio < 0.8,
                "{hero}: errors {plain_ratio} of the plain ones"
            );
        }
    }

    /// With a weighted opponent range (or no cheap heads-up equity) there is no control:
    /// the errors are the plain ones of independent deals.
    #[test]
    fn no_control_without_random_opponents() {
        let s = sweep("AKs", "22+,AJs+", "", "", 3);
        assert_eq!(s.heads_up_equity(), None);
        let sampler = SweepSampler::new(&s, SweepFigures::Showdown);
        let p = &sampler.batch(3, 0, 50_000, 3).points[1];
        let win = p.win.mean().unwrap();
        let plain = (win * (1.0 - win) / (p.deals as f64 - 1.0)).sqrt();
        assert!((p.win.std_error().unwrap() - plain).abs() < 1e-12);
    }

    #[test]
    fn showdown_only_sampling_gives_the_same_showdown_figures() {
        // The same random stream: every showdown figure equal deal for deal, with a
        // random and a weighted (clashing) opponent range; hand strength only in full.
        for (hero, opponents) in [("T9s", "random"), ("AKo,22", "22+:0.5,AJs+,KQo")] {
            let s = sweep(hero, opponents, "", "", 9);
            let (full, bare) = (
                SweepSampler::new(&s, SweepFigures::All),
                SweepSampler::new(&s, SweepFigures::Showdown),
            );
            for i in 0..3 {
                let (a, b) = (full.batch(7, i, 4096, 9), bare.batch(7, i, 4096, 9));
                assert_eq!(a.attempts, b.attempts);
                for (p, q) in a.points.iter().zip(&b.points) {
                    assert_eq!(p.deals, q.deals);
                    assert_eq!(p.win, q.win);
                    assert_eq!(p.tie, q.tie);
                    assert_eq!(p.equity, q.equity);
                    assert_eq!(p.win_odds, q.win_odds);
                    assert_eq!(p.hero_types, q.hero_types);
                    assert_eq!(p.opponent_types, q.opponent_types);
                }
                // One opponent: the full sampler ranks the deals now as well.
                let hs = a.points[0].hand_strength.mean().unwrap();
                assert!(hs > 0.0 && hs < 1.0, "{hs}");
            }
        }
    }
}
