//! One opponent count's figures, as results, tables and JSON show them.

use super::tally::*;
use super::{Combo, MIN_CONDITION_DEALS};
use crate::equity::stats::BatchStat;
use crate::equity::Method;

/// One opponent count's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SweepPoint {
    /// How many opponents.
    pub opponents: usize,
    /// Exact or Monte Carlo.
    pub method: Method,
    /// Deals the figures rest on.
    pub deals: u64,
    /// The hero alone has the best hand.
    pub win: f64,
    /// The hero shares the best hand.
    pub tie: f64,
    /// The hero's share of the pot.
    pub equity: f64,
    /// Classic win odds (reference §4): win + ties counted half.
    pub win_odds: f64,
    /// The hero's equity if the hands were shown down now.
    pub hand_strength: f64,
    /// Whether hand strength is defined (not in Omaha preflop, where no hand is made
    /// yet): when false it shows as "n/a".
    #[serde(skip)]
    pub has_hand_strength: bool,
    /// Positive potential (conditional): `None` is n/a.
    pub ppot: Option<f64>,
    /// Negative potential (conditional): `None` is n/a.
    pub npot: Option<f64>,
    /// Joint (unconditional) potentials, the classic plot's form.
    pub ppot_joint: Option<f64>,
    /// Joint negative potential.
    pub npot_joint: Option<f64>,
    /// Deals PPot and NPot rest on (their conditions); below [`MIN_CONDITION_DEALS`]
    /// a Monte Carlo potential is `None` ("n/a").
    pub ppot_deals: u64,
    /// Deals ahead or tied now (NPot's condition).
    pub npot_deals: u64,
    /// Each figure's standard error.
    pub std_error: SweepErrors,
    /// Hi/lo games: the chance the hero takes the whole pot (`None` in other games).
    pub scoop: Option<f64>,
    /// Hi/lo games: the chance the hero wins or shares the best qualifying low.
    pub low: Option<f64>,
    /// By final category: the chance the hero wins or ties holding it.
    pub hero_types: [f64; 9],
    /// By final category: the chance the winning opponent holds it.
    pub opponent_types: [f64; 9],
}

impl SweepPoint {
    /// A point of the showdown figures alone (win, tie, equity and win odds): no hand
    /// strength or potentials (n/a), no errors or hand types yet. For sources that know
    /// only how the hand ends (a table of equities, a stud matchup).
    pub(crate) fn showdown(
        opponents: usize,
        method: Method,
        deals: u64,
        (win, tie, equity): (f64, f64, f64),
    ) -> SweepPoint {
        SweepPoint {
            opponents,
            method,
            deals,
            win,
            tie,
            equity,
            win_odds: win + tie / 2.0,
            hand_strength: 0.0,
            has_hand_strength: false,
            ppot: None,
            npot: None,
            ppot_joint: None,
            npot_joint: None,
            ppot_deals: 0,
            npot_deals: 0,
            std_error: SweepErrors::default(),
            scoop: None,
            low: None,
            hero_types: [0.0; 9],
            opponent_types: [0.0; 9],
        }
    }
}

/// Standard errors of a point's figures (0 for exact).
#[derive(Clone, Debug, PartialEq, serde::Serialize, Default)]
pub struct SweepErrors {
    /// Of the win.
    pub win: f64,
    /// Of the tie.
    pub tie: f64,
    /// Of the equity.
    pub equity: f64,
    /// Of the win odds.
    pub win_odds: f64,
    /// Of the hand strength.
    pub hand_strength: f64,
    /// Of PPot.
    pub ppot: Option<f64>,
    /// Of NPot.
    pub npot: Option<f64>,
    /// Of the joint PPot.
    pub ppot_joint: Option<f64>,
    /// Of the joint NPot.
    pub npot_joint: Option<f64>,
    /// Of the scoop.
    pub scoop: Option<f64>,
    /// Of the low.
    pub low: Option<f64>,
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
        let (win, tie) = (
            self.win.mean().unwrap_or(0.0),
            self.tie.mean().unwrap_or(0.0),
        );
        // Equity and win odds lie between win and win + tie in every deal of a high-only
        // game (hi/lo equity adds the low half). Each figure's control-variate fit (or
        // its fallback) is its own, so a figure may come out a hair outside (within its
        // error); the nearest possible value is never further from the truth.
        let hi_lo = self.scoop.mean().is_some();
        let within_win_and_tie = |x: f64| {
            if hi_lo {
                x
            } else {
                x.clamp(win, (win + tie).max(win))
            }
        };
        let mut hero_types = self.hero_types.map(share);
        let mut opponent_types = self.opponent_types.map(share);
        if !exact && !hi_lo {
            // The control variates adjust win and tie; the tables take their totals
            // (see `tally::rescale_to`): the hero's wins and ties, the opponents' wins.
            crate::equity::rescale_hand_types(&mut hero_types, win + tie);
            crate::equity::rescale_hand_types(&mut opponent_types, 1.0 - win - tie);
        }
        SweepPoint {
            opponents,
            method,
            deals: self.deals,
            win,
            tie,
            equity: within_win_and_tie(self.equity.mean().unwrap_or(0.0)),
            win_odds: within_win_and_tie(self.win_odds.mean().unwrap_or(0.0)),
            hand_strength: self.hand_strength.mean().unwrap_or(0.0),
            has_hand_strength: true,
            ppot: value(ppot_shown, &self.ppot),
            npot: value(npot_shown, &self.npot),
            ppot_joint: value(ppot_shown, &self.ppot_joint),
            npot_joint: value(npot_shown, &self.npot_joint),
            scoop: self.scoop.mean(),
            low: self.low.mean(),
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
                scoop: self.scoop.mean().map(|_| se(&self.scoop)),
                low: self.low.mean().map(|_| se(&self.low)),
            },
            hero_types,
            opponent_types,
        }
    }
}

/// The sweep's point for one opponent from the shipped pair table (heads-up preflop, no dead cards; `None`
/// otherwise), exact: win, tie, equity and win odds, hand strength (how often the
/// hero's two cards rank above the opponent's now, ties half) and both sides'
/// winning categories. Potentials are left out (the chart does not show them).
pub fn heads_up_point(
    table: &crate::equity::preflop_table::PreflopTable,
    m: &crate::equity::Matchup,
) -> Option<SweepPoint> {
    let tally = table.matchup(m)?;
    let r = tally.result(Method::Exact, None);
    let (hero, villain) = (&m.seats[0], &m.seats[1]);
    let rank = |c: Combo| {
        let (x, y) = c.cards();
        crate::eval::rank_partial(&[x, y])
    };
    let (mut weight, mut strength) = (0.0, 0.0);
    for (a, wa) in hero.combos.iter().zip(&hero.weights) {
        let ra = rank(*a);
        for (b, wb) in villain.combos.iter().zip(&villain.weights) {
            if a.card_set().intersects(b.card_set()) {
                continue;
            }
            let rb = rank(*b);
            let w = wa * wb;
            weight += w;
            strength += w * if ra > rb {
                1.0
            } else if ra == rb {
                0.5
            } else {
                0.0
            };
        }
    }
    let s = &r.seats[0];
    Some(SweepPoint {
        opponents: 1,
        method: Method::Exact,
        deals: tally.deals,
        win: s.win,
        tie: s.tie,
        equity: s.equity,
        win_odds: s.win + s.tie / 2.0,
        hand_strength: if weight > 0.0 { strength / weight } else { 0.0 },
        has_hand_strength: true,
        ppot: None,
        npot: None,
        ppot_joint: None,
        npot_joint: None,
        scoop: None,
        low: None,
        ppot_deals: 0,
        npot_deals: 0,
        std_error: SweepErrors::default(),
        hero_types: s.hand_types,
        opponent_types: r.seats[1].hand_types,
    })
}
