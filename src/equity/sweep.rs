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

use super::monte_carlo::{batch_rng, BySelection, CardDraws, Deck, WeightedCombos};
use super::preflops::{value_classes, BoardCredit, PreflopClass};
use super::stats::BatchStat;
use super::symmetry::SuitSymmetry;
use super::{
    check_board, check_known_hand, choose, exists_deal, EquityError, Feasibility, Matchup, Method,
    SeatCombos, Showdown, DEAL_SEARCH_BUDGET,
};
use crate::cards::{Card, CardSet, Pdep};
use crate::eval::{rank_partial, Hand, HandValue};
use crate::range::{Combo, HandRange, COMBOS};
use rayon::prelude::*;

/// Most opponents in a sweep: 22 opponents and the hero hold 46 cards, a board 5 more.
pub const MAX_OPPONENTS: usize = 22;

/// Opponent counts shown by default (the classic programs' 1–9).
pub const DEFAULT_OPPONENTS: usize = 9;

/// A Monte Carlo PPot or NPot resting on fewer deals in its condition (behind or tied
/// now, ahead or tied now) is "n/a" (reference §4), never a number from a handful of deals.
pub const MIN_CONDITION_DEALS: u64 = 100;

/// A validated sweep scenario.
#[derive(Clone, Debug)]
pub struct Sweep {
    pub hero_range: HandRange,
    pub opponent_range: HandRange,
    pub board: CardSet,
    pub dead: CardSet,
    pub hero: SeatCombos,
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
}

impl Sweep {
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
        })
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
    /// enumerations, see [`Sweep::exact_plan`]).
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
            if bytes > super::memory::DEFAULT_MEMORY_BUDGET as f64 {
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
            seats,
            folded: Default::default(),
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

/// Sums for one opponent count.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PointTally {
    pub deals: u64,
    /// Deals behind or tied now (PPot's condition) and ahead or tied now (NPot's).
    pub ppot_deals: u64,
    pub npot_deals: u64,
    pub win: BatchStat,
    pub tie: BatchStat,
    pub equity: BatchStat,
    /// Classic win odds: wins plus ties counted half, however many tie.
    pub win_odds: BatchStat,
    pub hand_strength: BatchStat,
    pub ppot: BatchStat,
    pub npot: BatchStat,
    /// PPot and NPot as unconditional probabilities (over all deals): the classic plot.
    pub ppot_joint: BatchStat,
    pub npot_joint: BatchStat,
    /// Weight of deals the hero wins or ties, by the hero's final category.
    pub hero_types: [f64; 9],
    /// Weight of deals an opponent wins outright, by that opponent's category.
    pub opponent_types: [f64; 9],
}

impl PointTally {
    pub fn merge(&mut self, o: &PointTally) {
        self.deals += o.deals;
        self.ppot_deals += o.ppot_deals;
        self.npot_deals += o.npot_deals;
        self.win.merge(&o.win);
        self.tie.merge(&o.tie);
        self.equity.merge(&o.equity);
        self.win_odds.merge(&o.win_odds);
        self.hand_strength.merge(&o.hand_strength);
        self.ppot.merge(&o.ppot);
        self.npot.merge(&o.npot);
        self.ppot_joint.merge(&o.ppot_joint);
        self.npot_joint.merge(&o.npot_joint);
        for i in 0..9 {
            self.hero_types[i] += o.hero_types[i];
            self.opponent_types[i] += o.opponent_types[i];
        }
    }
}

/// Running sums inside one batch (or one exact run) for one N.
#[derive(Clone, Copy, Debug, Default)]
struct PointSums {
    deals: u64,
    ppot_deals: u64,
    npot_deals: u64,
    weight: f64,
    win: f64,
    tie: f64,
    equity: f64,
    win_odds: f64,
    hs: f64,
    ppot_num: f64,
    ppot_den: f64,
    npot_num: f64,
    npot_den: f64,
    hero_types: [f64; 9],
    opponent_types: [f64; 9],
}

impl PointSums {
    fn add(&mut self, o: &PointSums) {
        self.deals += o.deals;
        self.ppot_deals += o.ppot_deals;
        self.npot_deals += o.npot_deals;
        self.weight += o.weight;
        self.win += o.win;
        self.tie += o.tie;
        self.equity += o.equity;
        self.win_odds += o.win_odds;
        self.hs += o.hs;
        self.ppot_num += o.ppot_num;
        self.ppot_den += o.ppot_den;
        self.npot_num += o.npot_num;
        self.npot_den += o.npot_den;
        for i in 0..9 {
            self.hero_types[i] += o.hero_types[i];
            self.opponent_types[i] += o.opponent_types[i];
        }
    }

    /// These sums with every weight times `w` and every deal count times `deals`.
    fn scaled(self, w: f64, deals: u64) -> PointSums {
        PointSums {
            deals: self.deals * deals,
            ppot_deals: self.ppot_deals * deals,
            npot_deals: self.npot_deals * deals,
            weight: self.weight * w,
            win: self.win * w,
            tie: self.tie * w,
            equity: self.equity * w,
            win_odds: self.win_odds * w,
            hs: self.hs * w,
            ppot_num: self.ppot_num * w,
            ppot_den: self.ppot_den * w,
            npot_num: self.npot_num * w,
            npot_den: self.npot_den * w,
            hero_types: self.hero_types.map(|x| x * w),
            opponent_types: self.opponent_types.map(|x| x * w),
        }
    }

    fn into_tally(self) -> PointTally {
        let mut t = PointTally {
            deals: self.deals,
            ppot_deals: self.ppot_deals,
            npot_deals: self.npot_deals,
            hero_types: self.hero_types,
            opponent_types: self.opponent_types,
            ..Default::default()
        };
        t.win.add_batch(self.weight, self.win);
        t.tie.add_batch(self.weight, self.tie);
        t.equity.add_batch(self.weight, self.equity);
        t.win_odds.add_batch(self.weight, self.win_odds);
        t.hand_strength.add_batch(self.weight, self.hs);
        t.ppot.add_batch(self.ppot_den, self.ppot_num);
        t.npot.add_batch(self.npot_den, self.npot_num);
        t.ppot_joint.add_batch(self.weight, self.ppot_num);
        t.npot_joint.add_batch(self.weight, self.npot_num);
        t
    }

    /// Credits one deal of weight `w` where the hero faced `ties`/`beaten` now and at
    /// the river, given as (state now, state at river, hero's share, categories).
    #[inline]
    fn credit(
        &mut self,
        w: f64,
        now: Standing,
        river: Standing,
        hero_cat: usize,
        best_opp_cat: usize,
    ) {
        self.deals += 1;
        self.weight += w;
        match river {
            Standing::Ahead => {
                self.win += w;
                self.equity += w;
                self.win_odds += w;
                self.hero_types[hero_cat] += w;
            }
            Standing::Tied(k) => {
                self.tie += w;
                self.equity += w / k as f64;
                self.win_odds += w / 2.0;
                self.hero_types[hero_cat] += w;
            }
            Standing::Behind => self.opponent_types[best_opp_cat] += w,
        }
        self.hs += w * now.share();
        let half = w / 2.0;
        self.ppot_deals += u64::from(now != Standing::Ahead);
        self.npot_deals += u64::from(now != Standing::Behind);
        match now {
            Standing::Behind => {
                self.ppot_den += w;
                self.ppot_num += match river {
                    Standing::Ahead => w,
                    Standing::Tied(_) => half,
                    Standing::Behind => 0.0,
                };
            }
            Standing::Tied(_) => {
                self.ppot_den += half;
                self.npot_den += half;
                match river {
                    Standing::Ahead => self.ppot_num += half,
                    Standing::Behind => self.npot_num += half,
                    Standing::Tied(_) => {}
                }
            }
            Standing::Ahead => {
                self.npot_den += w;
                self.npot_num += match river {
                    Standing::Behind => w,
                    Standing::Tied(_) => half,
                    Standing::Ahead => 0.0,
                };
            }
        }
    }
}

/// The hero against the best of the opponents: alone best, best with k−1 others, or behind.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Standing {
    Ahead,
    Tied(u32),
    Behind,
}

impl Standing {
    fn share(self) -> f64 {
        match self {
            Standing::Ahead => 1.0,
            Standing::Tied(k) => 1.0 / k as f64,
            Standing::Behind => 0.0,
        }
    }
}

/// Tracks the best opponent value and how many hold it, adding one opponent at a time.
#[derive(Clone, Copy)]
struct BestOf<V: Copy + Ord> {
    best: V,
    count: u32,
}

impl<V: Copy + Ord> BestOf<V> {
    fn first(v: V) -> Self {
        BestOf { best: v, count: 1 }
    }
    fn push(&mut self, v: V) {
        if v > self.best {
            self.best = v;
            self.count = 1;
        } else if v == self.best {
            self.count += 1;
        }
    }
    fn standing(&self, hero: V) -> Standing {
        match hero.cmp(&self.best) {
            std::cmp::Ordering::Greater => Standing::Ahead,
            std::cmp::Ordering::Equal => Standing::Tied(self.count + 1),
            std::cmp::Ordering::Less => Standing::Behind,
        }
    }
}

/// All N's tallies.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SweepTally {
    /// Index N − 1.
    pub points: Vec<PointTally>,
    /// Deals attempted (whether or not every opponent could be dealt).
    pub attempts: u64,
}

impl SweepTally {
    pub fn merge(&mut self, o: &SweepTally) {
        self.attempts += o.attempts;
        if self.points.len() < o.points.len() {
            self.points.resize(o.points.len(), PointTally::default());
        }
        for (a, b) in self.points.iter_mut().zip(&o.points) {
            a.merge(b);
        }
    }

    fn from_sums(sums: Vec<PointSums>, attempts: u64) -> SweepTally {
        SweepTally {
            points: sums.into_iter().map(PointSums::into_tally).collect(),
            attempts,
        }
    }
}

/// Where the hero stands in one deal against its first N opponents, for each N.
#[derive(Clone, Copy, Debug)]
struct PrefixStanding {
    n: usize,
    now: Standing,
    river: Standing,
    hero_category: usize,
    /// The category of the best opponent hand at the river.
    best_category: usize,
}

/// Walks the opponents of one deal in order and calls `visit` for each prefix length N
/// (opponents' now-values from `now_value`, river values evaluated on `board`). Without
/// `NOW` the standing now is not looked at (reported as behind): for runs that show
/// only the showdown figures.
#[inline]
fn for_each_prefix<const NOW: bool>(
    sweep: &Sweep,
    hero_combo: Combo,
    hero_hole: Hand,
    opp_combos: &[Combo],
    opp_holes: &[Hand],
    board: Hand,
    mut visit: impl FnMut(PrefixStanding),
) {
    // SAFETY (here and below): five board cards and two hole cards.
    let hero_river = unsafe { board.combine(hero_hole).evaluate_unchecked() };
    let hero_category = hero_river.category() as usize;
    let hero_now = if NOW {
        sweep.now_value[hero_combo.index()]
    } else {
        0
    };
    let first = *sweep.counts.start();
    let (Some(&c0), Some(&h0)) = (opp_combos.first(), opp_holes.first()) else {
        return;
    };
    let v0 = unsafe { board.combine(h0).evaluate_unchecked() };
    let mut river = BestOf::first(v0);
    let mut best_category = v0.category() as usize;
    let mut now = BestOf::first(if NOW { sweep.now_value[c0.index()] } else { 0 });
    for n in 1..=opp_combos.len() {
        if n > 1 {
            let v = unsafe { board.combine(opp_holes[n - 1]).evaluate_unchecked() };
            if v > river.best {
                best_category = v.category() as usize;
            }
            river.push(v);
            if NOW {
                now.push(sweep.now_value[opp_combos[n - 1].index()]);
            }
        }
        if n >= first {
            visit(PrefixStanding {
                n,
                now: if NOW {
                    now.standing(hero_now)
                } else {
                    Standing::Behind
                },
                river: river.standing(hero_river),
                hero_category,
                best_category,
            });
        }
    }
}

/// Credits one weighted deal (exact enumeration) to every N it covers.
#[allow(clippy::too_many_arguments)]
#[inline]
fn credit_deal(
    sweep: &Sweep,
    hero_combo: Combo,
    hero_hole: Hand,
    opp_combos: &[Combo],
    opp_holes: &[Hand],
    board: Hand,
    w: f64,
    sums: &mut [PointSums],
) {
    for_each_prefix::<true>(
        sweep,
        hero_combo,
        hero_hole,
        opp_combos,
        opp_holes,
        board,
        |p| {
            if let Some(s) = sums.get_mut(p.n - 1) {
                s.credit(w, p.now, p.river, p.hero_category, p.best_category);
            }
        },
    );
}

/// Ways a pot can be split: k = 2 … MAX_OPPONENTS + 1 (index k).
const TIE_SIZES: usize = MAX_OPPONENTS + 2;

/// Integer counts of one Monte Carlo batch for one N (every sampled deal has weight 1,
/// so counting is exact and cheap; shares of k-way ties are kept by k).
#[derive(Clone, Copy, Debug, Default)]
struct PointCounts {
    deals: u32,
    win: u32,
    tie_by_k: [u32; TIE_SIZES],
    now_ahead: u32,
    now_tie_by_k: [u32; TIE_SIZES],
    /// Deals by standing now (rows) and at the river (columns): ahead, tied, behind.
    transitions: [[u32; 3]; 3],
    hero_types: [u32; 9],
    opponent_types: [u32; 9],
}

impl Standing {
    fn index(self) -> usize {
        match self {
            Standing::Ahead => 0,
            Standing::Tied(_) => 1,
            Standing::Behind => 2,
        }
    }
}

impl PointCounts {
    #[inline(always)]
    fn credit(&mut self, p: PrefixStanding) {
        self.credit_times(p, 1);
    }

    /// Credits `count` deals that stand as `p` (boards of one rank pattern, exact).
    /// (Always inlined: a sampler's batch holds four builds of its loop, and a call
    /// per opponent count of every deal cost 13% more instructions.)
    #[inline(always)]
    fn credit_times(&mut self, p: PrefixStanding, count: u32) {
        self.deals += count;
        self.transitions[p.now.index()][p.river.index()] += count;
        match p.river {
            Standing::Ahead => {
                self.win += count;
                self.hero_types[p.hero_category] += count;
            }
            Standing::Tied(k) => {
                self.tie_by_k[k as usize] += count;
                self.hero_types[p.hero_category] += count;
            }
            Standing::Behind => self.opponent_types[p.best_category] += count,
        }
        match p.now {
            Standing::Ahead => self.now_ahead += count,
            Standing::Tied(k) => self.now_tie_by_k[k as usize] += count,
            Standing::Behind => {}
        }
    }

    fn into_sums(self) -> PointSums {
        let f = |x: u32| x as f64;
        let shares =
            |by_k: &[u32; TIE_SIZES]| (2..TIE_SIZES).map(|k| f(by_k[k]) / k as f64).sum::<f64>();
        let ties = f(self.tie_by_k.iter().sum());
        let t = &self.transitions;
        let row = |r: usize| f(t[r][0] + t[r][1] + t[r][2]);
        PointSums {
            deals: self.deals as u64,
            ppot_deals: (t[2].iter().sum::<u32>() + t[1].iter().sum::<u32>()) as u64,
            npot_deals: (t[0].iter().sum::<u32>() + t[1].iter().sum::<u32>()) as u64,
            weight: f(self.deals),
            win: f(self.win),
            tie: ties,
            equity: f(self.win) + shares(&self.tie_by_k),
            win_odds: f(self.win) + ties / 2.0,
            hs: f(self.now_ahead) + shares(&self.now_tie_by_k),
            ppot_num: f(t[2][0]) + f(t[2][1]) / 2.0 + f(t[1][0]) / 2.0,
            ppot_den: row(2) + row(1) / 2.0,
            npot_num: f(t[0][2]) + f(t[0][1]) / 2.0 + f(t[1][2]) / 2.0,
            npot_den: row(0) + row(1) / 2.0,
            hero_types: self.hero_types.map(f),
            opponent_types: self.opponent_types.map(f),
        }
    }
}

/// Hands and sets of a seat's combos.
struct Holes {
    combos: Vec<Combo>,
    hands: Vec<Hand>,
}

impl Holes {
    fn of(seat: &SeatCombos) -> Holes {
        Holes {
            combos: seat.combos.clone(),
            hands: seat
                .combos
                .iter()
                .map(|c| {
                    let (a, b) = c.cards();
                    Hand::new().add(a).add(b)
                })
                .collect(),
        }
    }
}

/// A sweep prepared for Monte Carlo batches.
pub struct SweepSampler<'a> {
    sweep: &'a Sweep,
    hero: WeightedCombos,
    opponents: WeightedCombos,
    board_hand: Hand,
    max_n: usize,
    /// Per hero combo: the live deck without the hero's cards.
    decks: Vec<Deck>,
    /// Per hero combo: the same live cards as a set, and how many they are.
    live: Vec<(CardSet, u32)>,
    /// What the batches compute.
    figures: SweepFigures,
}

/// The figures a sweep run computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepFigures {
    /// Every figure (the MultiOdds view, `multiodds sweep`).
    All,
    /// Win, tie, equity, win odds and hand types only (the 169-hand chart): deals are
    /// not ranked now (about an eighth less work per deal), so Monte Carlo points carry
    /// no hand strength (0) and no potentials (`None`), and their run is held only by
    /// the showdown figures.
    Showdown,
}

impl<'a> SweepSampler<'a> {
    pub fn new(sweep: &'a Sweep, figures: SweepFigures) -> SweepSampler<'a> {
        SweepSampler {
            figures,
            sweep,
            hero: WeightedCombos::new(&sweep.hero),
            opponents: WeightedCombos::new(&sweep.opponents),
            board_hand: Hand::from_cards(&sweep.board.iter().collect::<Vec<_>>()),
            max_n: (*sweep.counts.end()).min(sweep.feasible),
            decks: sweep
                .hero
                .sets
                .iter()
                .map(|&h| Deck::without(sweep.board.union(sweep.dead).union(h)))
                .collect(),
            live: sweep
                .hero
                .sets
                .iter()
                .map(|&h| {
                    let live = sweep.board.union(sweep.dead).union(h).complement();
                    (live, live.len() as u32)
                })
                .collect(),
        }
    }

    /// Batch `index`: `attempts` deals for the first opponents (fewer for large N when
    /// a weighted opponent range clashes), each dealt at most `up_to` opponents (the
    /// largest count still short of its target: the points above it are done).
    pub fn batch(&self, seed: u64, index: u64, attempts: u32, up_to: usize) -> SweepTally {
        match Pdep::detect() {
            // SAFETY: a `Pdep` exists only where the CPU has BMI1, BMI2, POPCNT and LZCNT.
            Some(pdep) => unsafe { self.batch_bmi2(pdep, seed, index, attempts, up_to) },
            None => self.batch_with(|h| self.decks[h], seed, index, attempts, up_to),
        }
    }

    /// [`SweepSampler::batch`] dealing by selection, compiled for the CPU that has it
    /// (as `Sampler::batch`'s).
    ///
    /// # Safety
    /// The CPU has BMI1, BMI2, POPCNT and LZCNT (a `Pdep` proves it).
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")
    )]
    unsafe fn batch_bmi2(
        &self,
        pdep: Pdep,
        seed: u64,
        index: u64,
        attempts: u32,
        up_to: usize,
    ) -> SweepTally {
        self.batch_with(|h| self.selection(pdep, h), seed, index, attempts, up_to)
    }

    /// A deal's live cards around hero combo `h`, dealt by selection.
    #[inline(always)]
    fn selection(&self, pdep: Pdep, h: usize) -> Selection {
        let (live, count) = self.live[h];
        Selection {
            dealing: BySelection(pdep),
            live,
            count,
        }
    }

    /// [`SweepSampler::batch`] with a chosen way to deal cards: `deck(h)` gives a deal's
    /// live cards around hero combo `h`.
    #[inline(always)]
    fn batch_with<D: LiveCards>(
        &self,
        deck: impl Fn(usize) -> D,
        seed: u64,
        index: u64,
        attempts: u32,
        up_to: usize,
    ) -> SweepTally {
        match self.figures {
            SweepFigures::All => self.run_batch::<true, D>(deck, seed, index, attempts, up_to),
            SweepFigures::Showdown => {
                self.run_batch::<false, D>(deck, seed, index, attempts, up_to)
            }
        }
    }

    #[inline(always)]
    fn run_batch<const NOW: bool, D: LiveCards>(
        &self,
        deck: impl Fn(usize) -> D,
        seed: u64,
        index: u64,
        attempts: u32,
        up_to: usize,
    ) -> SweepTally {
        let s = self.sweep;
        let mut draws = CardDraws::new(batch_rng(seed, index));
        let mut counts = vec![PointCounts::default(); self.max_n];
        let mut opp_combos = [Combo::from_index(0).expect("combo"); MAX_OPPONENTS];
        let mut opp_holes = [Hand::new(); MAX_OPPONENTS];
        let up_to = up_to.clamp(1, self.max_n);
        // Counted once: a card count is a software popcount on baseline x86-64.
        let to_come = s.to_come();
        for _ in 0..attempts {
            let h = self.hero.draw(&mut draws.rng);
            let (hero_set, hero_hole) = self.hero.entry(h);
            let mut deck = deck(h);
            let mut board = self.board_hand;
            let mut used = s.board.union(s.dead).union(hero_set);
            for _ in 0..to_come {
                let c = deck.deal(&mut draws);
                used.insert(c);
                board = board.add(c);
            }
            let mut dealt = 0;
            while dealt < up_to {
                if s.opponents.is_random {
                    // Any two live cards: deal them from what is left.
                    let a = deck.deal(&mut draws);
                    let b = deck.deal(&mut draws);
                    opp_combos[dealt] = Combo::of_distinct(a, b);
                    opp_holes[dealt] = Hand::new().add(a).add(b);
                } else {
                    // Weighted: draw by weight; a clash ends the deal (see module docs).
                    let o = self.opponents.draw(&mut draws.rng);
                    let (set, hole) = self.opponents.entry(o);
                    if set.intersects(used) {
                        break;
                    }
                    used = used.union(set);
                    opp_combos[dealt] = s.opponents.combos[o];
                    opp_holes[dealt] = hole;
                }
                dealt += 1;
            }
            let (combos, holes) = (&opp_combos[..dealt], &opp_holes[..dealt]);
            for_each_prefix::<NOW>(s, s.hero.combos[h], hero_hole, combos, holes, board, |p| {
                counts[p.n - 1].credit(p)
            });
        }
        SweepTally::from_sums(
            counts.into_iter().map(PointCounts::into_sums).collect(),
            attempts as u64,
        )
    }
}

/// The live cards of one sweep deal, dealt one at a time: a copied [`Deck`] (Fisher–
/// Yates, any CPU) or a [`Selection`] (the `r`-th live card, where the CPU has `pdep`:
/// no 54-byte copy and no swaps per deal).
trait LiveCards {
    /// A uniform card of those left (the caller deals at most as many as there are).
    fn deal(&mut self, draws: &mut CardDraws) -> Card;
}

impl LiveCards for Deck {
    #[inline(always)]
    fn deal(&mut self, draws: &mut CardDraws) -> Card {
        Deck::deal(self, draws)
    }
}

/// Live cards as a set, dealt by selection.
struct Selection {
    dealing: BySelection,
    live: CardSet,
    count: u32,
}

impl LiveCards for Selection {
    #[inline(always)]
    fn deal(&mut self, draws: &mut CardDraws) -> Card {
        self.dealing
            .deal_card(draws, &mut self.live, &mut self.count)
    }
}

/// Exact enumeration of one opponent count `n`, by the cheaper of the two ways
/// ([`Sweep::exact_plan`]): canonical preflops, or every hero combo, every set of `n`
/// opponent combos (unordered: opponents are interchangeable), every board.
pub fn exact_point(sweep: &Sweep, n: usize) -> PointTally {
    exact_point_cancellable(sweep, n, &super::Cancel::new())
}

/// [`exact_point`], stopping early (with partial sums) once `cancel` is set.
pub fn exact_point_cancellable(sweep: &Sweep, n: usize, cancel: &super::Cancel) -> PointTally {
    if sweep.exact_plan(n).0 {
        exact_point_by_preflops(sweep, n, cancel)
    } else {
        exact_point_direct(sweep, n, cancel)
    }
}

/// The sweep's tally of one canonical preflop: its hero at each position in turn, the
/// other hands the opponents (weighted afterwards by the deals that seat the hero there).
struct ClassCounts {
    /// Positions the hero holds in some deal of the class.
    hero_at: Vec<usize>,
    /// Each position's standing on the current board.
    now: Vec<Standing>,
    counts: Vec<PointCounts>,
}

impl ClassCounts {
    fn new(sweep: &Sweep, class: &PreflopClass) -> ClassCounts {
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
            };
            // A preflop's boards number at most C(50, 5), well inside u32.
            self.counts[p].credit_times(standing, count as u32);
        }
    }
}

/// [`exact_point`] by canonical preflops (`preflops`): the hero and `n` opponents as a
/// matchup, each class valued once with the hero at each of its positions.
fn exact_point_by_preflops(sweep: &Sweep, n: usize, cancel: &super::Cancel) -> PointTally {
    let m = sweep.as_matchup(n);
    let mut total = PointSums::default();
    let folded = value_classes(
        &m,
        cancel,
        super::memory::DEFAULT_MEMORY_BUDGET,
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
fn exact_point_direct(sweep: &Sweep, n: usize, cancel: &super::Cancel) -> PointTally {
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
                rest_of_opponents(
                    sweep,
                    &opps,
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
                cancel.add_work(boards * (n as u64 + 1));
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

/// Chooses opponents after `chosen` with increasing indices (each set counted once).
fn rest_of_opponents(
    sweep: &Sweep,
    opps: &Holes,
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
    for o in last + 1..opps.combos.len() {
        let set = sweep.opponents.sets[o];
        if !set.intersects(used) {
            chosen.push(o);
            rest_of_opponents(
                sweep,
                opps,
                n,
                used.union(set),
                w * sweep.opponents.weights[o],
                chosen,
                visit,
            );
            chosen.pop();
        }
    }
}

fn for_each_completion(deck: &[Card], k: usize, board: Hand, visit: &mut dyn FnMut(Hand)) {
    fn go(deck: &[Card], start: usize, k: usize, hand: Hand, visit: &mut dyn FnMut(Hand)) {
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

/// One opponent count's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SweepPoint {
    pub opponents: usize,
    pub method: Method,
    pub deals: u64,
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    /// Classic win odds (reference §4): win + ties counted half.
    pub win_odds: f64,
    pub hand_strength: f64,
    pub ppot: Option<f64>,
    pub npot: Option<f64>,
    /// Joint (unconditional) potentials, the classic plot's form.
    pub ppot_joint: Option<f64>,
    pub npot_joint: Option<f64>,
    /// Deals PPot and NPot rest on (their conditions); below [`MIN_CONDITION_DEALS`]
    /// a Monte Carlo potential is `None` ("n/a").
    pub ppot_deals: u64,
    pub npot_deals: u64,
    pub std_error: SweepErrors,
    pub hero_types: [f64; 9],
    pub opponent_types: [f64; 9],
}

/// Standard errors of a point's figures (0 for exact).
#[derive(Clone, Debug, PartialEq, serde::Serialize, Default)]
pub struct SweepErrors {
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    pub win_odds: f64,
    pub hand_strength: f64,
    pub ppot: Option<f64>,
    pub npot: Option<f64>,
    pub ppot_joint: Option<f64>,
    pub npot_joint: Option<f64>,
}

impl PointTally {
    /// Figures for `opponents` opponents; potentials `None` where undefined.
    pub fn point(&self, opponents: usize, method: Method, has_potential: bool) -> SweepPoint {
        let exact = method == Method::Exact;
        let se = |s: &BatchStat| {
            if exact {
                0.0
            } else {
                s.std_error().unwrap_or(0.0)
            }
        };
        // A potential is shown when defined (cards to come, deals in its condition) and
        // resting on enough deals; its joint form exactly when it is.
        let shown = |s: &BatchStat, in_condition: u64| {
            has_potential && s.mean().is_some() && (exact || in_condition >= MIN_CONDITION_DEALS)
        };
        let (ppot_shown, npot_shown) = (
            shown(&self.ppot, self.ppot_deals),
            shown(&self.npot, self.npot_deals),
        );
        let value = |on: bool, s: &BatchStat| if on { s.mean() } else { None };
        let error = |on: bool, s: &BatchStat| on.then(|| se(s));
        let total = self.equity.n;
        let share = |x: f64| if total > 0.0 { x / total } else { 0.0 };
        SweepPoint {
            opponents,
            method,
            deals: self.deals,
            win: self.win.mean().unwrap_or(0.0),
            tie: self.tie.mean().unwrap_or(0.0),
            equity: self.equity.mean().unwrap_or(0.0),
            win_odds: self.win_odds.mean().unwrap_or(0.0),
            hand_strength: self.hand_strength.mean().unwrap_or(0.0),
            ppot: value(ppot_shown, &self.ppot),
            npot: value(npot_shown, &self.npot),
            ppot_joint: value(ppot_shown, &self.ppot_joint),
            npot_joint: value(npot_shown, &self.npot_joint),
            ppot_deals: self.ppot_deals,
            npot_deals: self.npot_deals,
            std_error: SweepErrors {
                win: se(&self.win),
                tie: se(&self.tie),
                equity: se(&self.equity),
                win_odds: se(&self.win_odds),
                hand_strength: se(&self.hand_strength),
                ppot: error(ppot_shown, &self.ppot),
                npot: error(npot_shown, &self.npot),
                ppot_joint: error(ppot_shown, &self.ppot_joint),
                npot_joint: error(npot_shown, &self.npot_joint),
            },
            hero_types: self.hero_types.map(share),
            opponent_types: self.opponent_types.map(share),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let cancel = super::super::Cancel::new();
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
            let c = super::super::Cancel::new();
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
