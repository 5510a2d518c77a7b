//! The sums one deal adds to each opponent count, and where the hero stands in it.

use super::{Sweep, MAX_OPPONENTS};
use crate::equity::stats::{BatchStat, ControlSums};
use crate::eval::Hand;
use crate::range::Combo;

/// Sums for one opponent count.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PointTally {
    /// Deals counted (or their weight, exact).
    pub deals: u64,
    /// Deals behind or tied now (PPot's condition) and ahead or tied now (NPot's).
    pub ppot_deals: u64,
    /// Deals ahead or tied now (NPot's condition).
    pub npot_deals: u64,
    /// Sums of wins.
    pub win: BatchStat,
    /// Sums of ties.
    pub tie: BatchStat,
    /// Sums of pot shares.
    pub equity: BatchStat,
    /// Classic win odds: wins plus ties counted half, however many tie.
    pub win_odds: BatchStat,
    /// Sums of showdown-now shares.
    pub hand_strength: BatchStat,
    /// Sums for PPot.
    pub ppot: BatchStat,
    /// Sums for NPot.
    pub npot: BatchStat,
    /// PPot and NPot as unconditional probabilities (over all deals): the classic plot.
    pub ppot_joint: BatchStat,
    /// Sums for the joint NPot.
    pub npot_joint: BatchStat,
    /// Hi/lo games: deals the hero takes the whole pot (empty in other games).
    pub scoop: BatchStat,
    /// Hi/lo games: deals the hero wins or shares the best qualifying low.
    pub low: BatchStat,
    /// Weight of deals the hero wins or ties, by the hero's final category.
    pub hero_types: [f64; 9],
    /// Weight of deals an opponent wins outright, by that opponent's category.
    pub opponent_types: [f64; 9],
}

impl PointTally {
    /// Adds another tally of the same opponent count.
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
        self.scoop.merge(&o.scoop);
        self.low.merge(&o.low);
        for i in 0..9 {
            self.hero_types[i] += o.hero_types[i];
            self.opponent_types[i] += o.opponent_types[i];
        }
    }
}

/// Running sums inside one batch (or one exact run) for one N.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PointSums {
    pub(super) deals: u64,
    pub(super) ppot_deals: u64,
    pub(super) npot_deals: u64,
    pub(super) weight: f64,
    pub(super) win: f64,
    pub(super) tie: f64,
    pub(super) equity: f64,
    pub(super) win_odds: f64,
    pub(super) hs: f64,
    pub(super) ppot_num: f64,
    pub(super) ppot_den: f64,
    pub(super) npot_num: f64,
    pub(super) npot_den: f64,
    /// Hi/lo: whole pots taken and lows won or shared (`hi_lo_weight` deals counted).
    pub(super) scoop: f64,
    pub(super) low: f64,
    pub(super) hi_lo_weight: f64,
    pub(super) hero_types: [f64; 9],
    pub(super) opponent_types: [f64; 9],
}

impl PointSums {
    pub(crate) fn add(&mut self, o: &PointSums) {
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
        self.scoop += o.scoop;
        self.low += o.low;
        self.hi_lo_weight += o.hi_lo_weight;
        for i in 0..9 {
            self.hero_types[i] += o.hero_types[i];
            self.opponent_types[i] += o.opponent_types[i];
        }
    }

    /// These sums with every weight times `w` and every deal count times `deals`.
    pub(super) fn scaled(self, w: f64, deals: u64) -> PointSums {
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
            scoop: self.scoop * w,
            low: self.low * w,
            hi_lo_weight: self.hi_lo_weight * w,
            hero_types: self.hero_types.map(|x| x * w),
            opponent_types: self.opponent_types.map(|x| x * w),
        }
    }

    pub(crate) fn into_tally(self) -> PointTally {
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
        // Deals of weight 1 scoop or not, win the low or not: their squares are themselves.
        t.scoop.add_deals(self.hi_lo_weight, self.scoop, self.scoop);
        t.low.add_deals(self.hi_lo_weight, self.low, self.low);
        t
    }

    /// Credits a hi/lo deal of weight `w`: whether the hero took the whole pot and
    /// whether it won or shared the low.
    #[inline]
    pub(crate) fn credit_hi_lo(&mut self, w: f64, scoop: bool, low: bool) {
        self.hi_lo_weight += w;
        self.scoop += w * f64::from(u8::from(scoop));
        self.low += w * f64::from(u8::from(low));
    }

    /// Credits one deal of weight `w` where the hero faced `ties`/`beaten` now and at
    /// the river, given as (state now, state at river, hero's share, categories).
    #[inline]
    pub(super) fn credit(
        &mut self,
        w: f64,
        now: Standing,
        river: Standing,
        hero_cat: usize,
        best_opp_cat: usize,
    ) {
        self.credit_with_share(w, now, river, river.share(), hero_cat, best_opp_cat);
    }

    /// [`PointSums::credit`] with the hero's pot share given (a hi/lo pot is split
    /// between the high and the low; the standings are the high hand's).
    #[inline]
    pub(crate) fn credit_with_share(
        &mut self,
        w: f64,
        now: Standing,
        river: Standing,
        share: f64,
        hero_cat: usize,
        best_opp_cat: usize,
    ) {
        self.deals += 1;
        self.weight += w;
        self.equity += w * share;
        match river {
            Standing::Ahead => {
                self.win += w;
                self.win_odds += w;
                self.hero_types[hero_cat] += w;
            }
            Standing::Tied(_) => {
                self.tie += w;
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
pub(crate) enum Standing {
    Ahead,
    Tied(u32),
    Behind,
}

impl Standing {
    pub(crate) fn share(self) -> f64 {
        match self {
            Standing::Ahead => 1.0,
            Standing::Tied(k) => 1.0 / k as f64,
            Standing::Behind => 0.0,
        }
    }
}

/// Tracks the best opponent value and how many hold it, adding one opponent at a time.
#[derive(Clone, Copy)]
pub(crate) struct BestOf<V: Copy + Ord> {
    pub(crate) best: V,
    pub(crate) count: u32,
}

impl<V: Copy + Ord> BestOf<V> {
    pub(crate) fn first(v: V) -> Self {
        BestOf { best: v, count: 1 }
    }
    pub(crate) fn push(&mut self, v: V) {
        if v > self.best {
            self.best = v;
            self.count = 1;
        } else if v == self.best {
            self.count += 1;
        }
    }
    pub(crate) fn standing(&self, hero: V) -> Standing {
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
    /// Adds another sweep tally, count by count.
    pub fn merge(&mut self, o: &SweepTally) {
        self.attempts += o.attempts;
        if self.points.len() < o.points.len() {
            self.points.resize(o.points.len(), PointTally::default());
        }
        for (a, b) in self.points.iter_mut().zip(&o.points) {
            a.merge(b);
        }
    }

    /// A batch's tally from integer counts (deals of weight 1), with the control variate
    /// whose mean is `heads_up_equity` ([`PointCounts::into_tally`]).
    pub(crate) fn from_counts(
        counts: Vec<PointCounts>,
        attempts: u64,
        heads_up_equity: f64,
    ) -> SweepTally {
        SweepTally {
            points: counts
                .into_iter()
                .enumerate()
                .map(|(i, c)| c.into_tally(i + 1, Some(heads_up_equity), false))
                .collect(),
            attempts,
        }
    }

    pub(crate) fn from_sums(sums: Vec<PointSums>, attempts: u64) -> SweepTally {
        SweepTally {
            points: sums.into_iter().map(PointSums::into_tally).collect(),
            attempts,
        }
    }
}

/// Where the hero stands in one deal against its first N opponents, for each N.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PrefixStanding {
    pub(crate) n: usize,
    pub(crate) now: Standing,
    pub(crate) river: Standing,
    pub(crate) hero_category: usize,
    /// The category of the best opponent hand at the river.
    pub(crate) best_category: usize,
    /// The hero's heads-up results at the river against each of these N opponents, in
    /// half points: 2 per opponent beaten, 1 per opponent tied (the control variate).
    pub(crate) heads_up_halves: u32,
}

/// Walks the opponents of one deal in order and calls `visit` for each prefix length N
/// (opponents' now-values from `now_value`, river values evaluated on `board`). Without
/// `NOW` the standing now is not looked at (reported as behind): for runs that show
/// only the showdown figures.
#[inline]
pub(super) fn for_each_prefix<const NOW: bool>(
    sweep: &Sweep,
    hero_combo: Combo,
    hero_hole: Hand,
    opp_combos: &[Combo],
    opp_holes: &[Hand],
    board: Hand,
    mut visit: impl FnMut(PrefixStanding),
) {
    // SAFETY: five board cards and two hole cards: seven cards.
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
    // SAFETY: a five-card board and two hole cards: seven cards.
    let v0 = unsafe { board.combine(h0).evaluate_unchecked() };
    let halves = |v| 2 * u32::from(hero_river > v) + u32::from(hero_river == v);
    let mut heads_up_halves = halves(v0);
    let mut river = BestOf::first(v0);
    let mut best_category = v0.category() as usize;
    let mut now = BestOf::first(if NOW { sweep.now_value[c0.index()] } else { 0 });
    for n in 1..=opp_combos.len() {
        if n > 1 {
            // SAFETY: a five-card board and two hole cards: seven cards.
            let v = unsafe { board.combine(opp_holes[n - 1]).evaluate_unchecked() };
            if v > river.best {
                best_category = v.category() as usize;
            }
            river.push(v);
            heads_up_halves += halves(v);
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
                heads_up_halves,
            });
        }
    }
}

/// Credits one weighted deal (exact enumeration) to every N it covers.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(super) fn credit_deal(
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
pub(super) const TIE_SIZES: usize = MAX_OPPONENTS + 2;

/// Integer counts of one Monte Carlo batch for one N (every sampled deal has weight 1,
/// so counting is exact and cheap; shares of k-way ties are kept by k).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PointCounts {
    pub(super) deals: u32,
    pub(super) win: u32,
    pub(super) tie_by_k: [u32; TIE_SIZES],
    pub(super) now_ahead: u32,
    pub(super) now_tie_by_k: [u32; TIE_SIZES],
    /// Deals by standing now (rows) and at the river (columns): ahead, tied, behind.
    pub(super) transitions: [[u32; 3]; 3],
    pub(super) hero_types: [u32; 9],
    pub(super) opponent_types: [u32; 9],
    /// Σ and Σ² over the deals of [`PrefixStanding::heads_up_halves`].
    pub(super) halves: u64,
    pub(super) halves_squared: u64,
}

impl Standing {
    pub(super) fn index(self) -> usize {
        match self {
            Standing::Ahead => 0,
            Standing::Tied(_) => 1,
            Standing::Behind => 2,
        }
    }
}

impl PointCounts {
    /// Credits one sampled deal, with its control variate's sums (exact counts need none).
    #[inline(always)]
    pub(crate) fn credit(&mut self, p: PrefixStanding) {
        self.credit_times(p, 1);
        let halves = p.heads_up_halves as u64;
        self.halves += halves;
        self.halves_squared += halves * halves;
    }

    /// Credits `count` deals that stand as `p` (boards of one rank pattern, exact).
    /// (Always inlined: a sampler's batch holds four builds of its loop, and a call
    /// per opponent count of every deal cost 13% more instructions.)
    #[inline(always)]
    pub(super) fn credit_times(&mut self, p: PrefixStanding, count: u32) {
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

    /// A Monte Carlo batch's tally for `n` opponents. Its deals are independent, so win,
    /// tie, equity and win odds keep their deals' squares (standard errors from every
    /// deal). With `heads_up_equity` — the hero's exact heads-up equity against one
    /// opponent, known when every opponent is a uniformly random hand and it is cheap
    /// (see `Sweep::heads_up_equity`) — they also carry the control variate x = the hero's mean heads-up
    /// result against each of the `n` opponents, whose mean is exactly that equity: a
    /// multiway result follows it closely (the hero wins only by beating everyone),
    /// so the figures' errors shrink by that much (reference §5).
    ///
    /// `river_standing` says the standing now is the showdown (the river, standings
    /// ranked): hand strength is then the equity, deal for deal, and keeps its estimate.
    pub(super) fn into_tally(
        self,
        n: usize,
        heads_up_equity: Option<f64>,
        river_standing: bool,
    ) -> PointTally {
        let f = |x: u32| x as f64;
        let mut tally = self.into_sums().into_tally();
        let deals = f(self.deals);
        let wins = f(self.win);
        let ties_by_k = || (2..TIE_SIZES).map(|k| (k as f64, f(self.tie_by_k[k])));
        let ties: f64 = ties_by_k().map(|(_, t)| t).sum();
        let shares: f64 = ties_by_k().map(|(k, t)| t / k).sum();
        let share_squares: f64 = ties_by_k().map(|(k, t)| t / (k * k)).sum();
        let (win, tie, equity, win_odds) = (
            (wins, wins),
            (ties, ties),
            (wins + shares, wins + share_squares),
            (wins + ties / 2.0, wins + ties / 4.0),
        );
        // Where a k-way tie leaves x: the k − 1 tied opponents tie, the rest are beaten.
        let two_n = 2.0 * n as f64;
        let x_when_tied = |k: f64| (two_n - k + 1.0) / two_n;
        let control = heads_up_equity.filter(|_| n >= 2).map(|mean| {
            let x = self.halves as f64 / two_n;
            let xx = self.halves_squared as f64 / (two_n * two_n);
            // x is 1 whenever the hero wins alone.
            let at_ties = |y: &dyn Fn(f64) -> f64| -> f64 {
                ties_by_k().map(|(k, t)| t * y(k) * x_when_tied(k)).sum()
            };
            let with = |xy: f64| ControlSums { mean, x, xx, xy };
            [
                with(wins),
                with(at_ties(&|_| 1.0)),
                with(wins + at_ties(&|k| 1.0 / k)),
                with(wins + at_ties(&|_| 0.5)),
            ]
        });
        for (i, (stat, (sum, squares))) in [
            (&mut tally.win, win),
            (&mut tally.tie, tie),
            (&mut tally.equity, equity),
            (&mut tally.win_odds, win_odds),
        ]
        .into_iter()
        .enumerate()
        {
            *stat = BatchStat::default();
            match control {
                Some(c) => stat.add_controlled_deals(deals, sum, squares, c[i]),
                None => stat.add_deals(deals, sum, squares),
            }
        }
        if river_standing {
            tally.hand_strength = tally.equity;
        }
        tally
    }

    pub(super) fn into_sums(self) -> PointSums {
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
            // Hold'em has no low: its hi/lo sums stay empty.
            scoop: 0.0,
            low: 0.0,
            hi_lo_weight: 0.0,
            hero_types: self.hero_types.map(f),
            opponent_types: self.opponent_types.map(f),
        }
    }
}
