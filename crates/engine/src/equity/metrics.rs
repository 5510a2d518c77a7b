//! The figures described once: the sweep's (name, key, colour, definition, how a point
//! yields it) and each matchup seat's (key, name in each result shape, definition, how a
//! result yields it). The app's plots, results tables, tooltips and Help, every CSV and
//! the CLI's text and JSON read these tables, so a new figure is one entry here (plus
//! its tally when it needs new sums).

use super::sweep::SweepPoint;
use super::tally::{LowResult, MatchupResult};

/// A figure of the sweep: name, CSV/JSON key, colour, definition, when it is shown, and
/// the value and standard error of a point (None: n/a).
pub struct Metric {
    /// The figure's name on screen ("Hand Strength").
    pub name: &'static str,
    /// Its key in CSV and JSON (`hand_strength`).
    pub key: &'static str,
    /// Its column in a narrow text table (`HS`).
    pub short: &'static str,
    /// Colour in the plot and table headers (sRGB).
    pub rgb: [u8; 3],
    /// What the figure means, for Help and tooltips.
    pub definition: &'static str,
    /// Which switch shows it.
    pub group: MetricGroup,
    /// Its value and standard error at a point (`None`: n/a).
    pub value: fn(&SweepPoint) -> Option<(f64, f64)>,
}

/// Which figures a series belongs with, for the view's switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MetricGroup {
    /// Always shown.
    Core,
    /// The classic win odds (off by default).
    WinOdds,
    /// Potentials as conditional probabilities (Billings; the default).
    Conditional,
    /// Potentials as joint probabilities (the classic plot).
    Joint,
    /// Hi/lo games' figures (shown when a result has them).
    HiLo,
}

/// Every figure of the sweep, in the order the plot, table, CSV and Help show them.
pub const SWEEP_METRICS: [Metric; 11] = [
    Metric {
        name: "Win",
        key: "win",
        short: "win",
        rgb: [46, 160, 67],
        definition: "The chance the hero alone has the best hand at the river.",
        group: MetricGroup::Core,
        value: |p| Some((p.win, p.std_error.win)),
    },
    Metric {
        name: "Tie",
        key: "tie",
        short: "tie",
        rgb: [150, 150, 150],
        definition: "The chance the hero shares the best hand at the river.",
        group: MetricGroup::Core,
        value: |p| Some((p.tie, p.std_error.tie)),
    },
    Metric {
        name: "Equity",
        key: "equity",
        short: "equity",
        rgb: [66, 133, 244],
        definition: "The hero's share of the pot: 1 for a sole win, 1/k for a k-way tie.",
        group: MetricGroup::Core,
        value: |p| Some((p.equity, p.std_error.equity)),
    },
    Metric {
        name: "Win odds",
        key: "win_odds",
        short: "w.odds",
        rgb: [0, 150, 136],
        definition: "Classic scoring: win + ties counted as half a win, however many tie \
                     (the figure of the classic programs and their published 169-hand table).",
        group: MetricGroup::WinOdds,
        value: |p| Some((p.win_odds, p.std_error.win_odds)),
    },
    Metric {
        name: "Hand Strength",
        key: "hand_strength",
        short: "HS",
        rgb: [171, 71, 188],
        definition: "The hero's equity if the hands were shown down now, on the current \
                     board with no more cards.",
        group: MetricGroup::Core,
        value: |p| {
            p.has_hand_strength
                .then_some((p.hand_strength, p.std_error.hand_strength))
        },
    },
    Metric {
        name: "PPot",
        key: "ppot",
        short: "PPot",
        rgb: [255, 167, 38],
        definition: "Positive potential (conditional): the chance to end ahead by the river \
                     when behind now, ties half: (BA + BT/2 + TA/2) / (B + T/2).",
        group: MetricGroup::Conditional,
        value: |p| p.ppot.map(|v| (v, p.std_error.ppot.unwrap_or(0.0))),
    },
    Metric {
        name: "NPot",
        key: "npot",
        short: "NPot",
        rgb: [229, 57, 53],
        definition: "Negative potential (conditional): the chance to fall behind by the \
                     river when ahead now, ties half: (AB + AT/2 + TB/2) / (A + T/2).",
        group: MetricGroup::Conditional,
        value: |p| p.npot.map(|v| (v, p.std_error.npot.unwrap_or(0.0))),
    },
    Metric {
        name: "PPot (joint)",
        key: "ppot_joint",
        short: "PPot j.",
        rgb: [255, 167, 38],
        definition: "Positive potential as the classic plot drew it: the chance to be \
                     behind now and ahead at the river, over all deals: PPot × (B + T/2) / deals.",
        group: MetricGroup::Joint,
        value: |p| {
            p.ppot_joint
                .map(|v| (v, p.std_error.ppot_joint.unwrap_or(0.0)))
        },
    },
    Metric {
        name: "NPot (joint)",
        key: "npot_joint",
        short: "NPot j.",
        rgb: [229, 57, 53],
        definition: "Negative potential as the classic plot drew it: the chance to be \
                     ahead now and behind at the river, over all deals: NPot × (A + T/2) / deals.",
        group: MetricGroup::Joint,
        value: |p| {
            p.npot_joint
                .map(|v| (v, p.std_error.npot_joint.unwrap_or(0.0)))
        },
    },
    Metric {
        name: "Scoop",
        key: "scoop",
        short: "scoop",
        rgb: [0, 188, 212],
        definition: "Hi/lo games: the chance the hero takes the whole pot (the best high \
                     alone, and the best low alone or no qualifying low).",
        group: MetricGroup::HiLo,
        value: |p| p.scoop.map(|v| (v, p.std_error.scoop.unwrap_or(0.0))),
    },
    Metric {
        name: "Low",
        key: "low",
        short: "low",
        rgb: [141, 110, 99],
        definition: "Hi/lo games: the chance the hero wins or shares the best 8-or-better low.",
        group: MetricGroup::HiLo,
        value: |p| p.low.map(|v| (v, p.std_error.low.unwrap_or(0.0))),
    },
];

/// The figure with this CSV/JSON key.
pub fn by_key(key: &str) -> Option<&'static Metric> {
    SWEEP_METRICS.iter().find(|m| m.key == key)
}

/// The shape of a matchup's result, which decides which seat figures it has and what
/// they are called: a high-only game, a hi/lo game, or two boards (whose seat figures
/// are the whole pot's: win is the scoop of both boards, tie a split).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchupShape {
    /// One board (or none), high hands only.
    High,
    /// One board, a high and a low half.
    HiLo,
    /// Two boards, each half the pot.
    TwoBoards,
}

impl MatchupShape {
    /// The shape of `r`.
    pub fn of(r: &MatchupResult) -> MatchupShape {
        if !r.boards.is_empty() {
            MatchupShape::TwoBoards
        } else if !r.low.is_empty() {
            MatchupShape::HiLo
        } else {
            MatchupShape::High
        }
    }
}

/// A figure of each seat in a matchup: the Matchup window's columns, the CLI's table and
/// JSON, the matchup CSV and Help read this one list, so a new figure is one entry here.
pub struct SeatFigure {
    /// Its key in CSV and JSON (`win_odds`); its error is `{key}_se`.
    pub key: &'static str,
    /// Its column name in a result of each shape ("win", "high win", "scoop"); `None`:
    /// not a figure of that shape.
    pub name: fn(MatchupShape) -> Option<&'static str>,
    /// What the figure means, for Help.
    pub definition: &'static str,
    /// Its value and standard error for seat `i` of a result whose shape has it.
    pub value: fn(&MatchupResult, usize) -> (f64, f64),
}

impl SeatFigure {
    /// The figures `r` has, each with its name there.
    pub fn of(r: &MatchupResult) -> impl Iterator<Item = (&'static SeatFigure, &'static str)> {
        let shape = MatchupShape::of(r);
        SEAT_FIGURES
            .iter()
            .filter_map(move |f| (f.name)(shape).map(|name| (f, name)))
    }
}

/// A hi/lo seat's low figures (a result of another shape never asks).
fn low(r: &MatchupResult, i: usize) -> &LowResult {
    &r.low[i]
}

/// Every seat figure, in the order the window, the tables and Help show them.
pub const SEAT_FIGURES: [SeatFigure; 7] = [
    SeatFigure {
        key: "equity",
        name: |_| Some("equity"),
        definition: "The seat's share of the pot: 1 for a sole win, 1/k for a k-way tie, \
                     each half of a split pot counted as half.",
        value: |r, i| (r.seats[i].equity, r.seats[i].equity_se),
    },
    SeatFigure {
        key: "win",
        name: |shape| {
            Some(match shape {
                MatchupShape::High => "win",
                MatchupShape::HiLo => "high win",
                MatchupShape::TwoBoards => "scoop",
            })
        },
        definition: "The chance the seat alone has the best (high) hand; with two boards, \
                     the chance it takes both.",
        value: |r, i| (r.seats[i].win, r.seats[i].win_se),
    },
    SeatFigure {
        key: "tie",
        name: |shape| {
            Some(match shape {
                MatchupShape::High => "tie",
                MatchupShape::HiLo => "high tie",
                MatchupShape::TwoBoards => "split",
            })
        },
        definition: "The chance the seat shares the best (high) hand; with two boards, \
                     the chance it takes part of the pot but not all of it.",
        value: |r, i| (r.seats[i].tie, r.seats[i].tie_se),
    },
    SeatFigure {
        key: "win_odds",
        name: |shape| (shape == MatchupShape::High).then_some("win odds"),
        definition: "Classic scoring: win + ties counted as half a win, however many tie. \
                     Its error is at most the win's plus half the tie's, and is shown as that.",
        value: |r, i| {
            let s = &r.seats[i];
            (s.win + s.tie / 2.0, s.win_se + s.tie_se / 2.0)
        },
    },
    SeatFigure {
        key: "low_win",
        name: |shape| (shape == MatchupShape::HiLo).then_some("low win"),
        definition: "Hi/lo games: the chance the seat alone has the best qualifying low.",
        value: |r, i| (low(r, i).low_win, low(r, i).low_win_se),
    },
    SeatFigure {
        key: "low_tie",
        name: |shape| (shape == MatchupShape::HiLo).then_some("low tie"),
        definition: "Hi/lo games: the chance the seat shares the best qualifying low.",
        value: |r, i| (low(r, i).low_tie, low(r, i).low_tie_se),
    },
    SeatFigure {
        key: "scoop",
        name: |shape| (shape == MatchupShape::HiLo).then_some("scoop"),
        definition: "Hi/lo games: the chance the seat takes the whole pot (the best high \
                     alone, and the best low alone or no qualifying low).",
        value: |r, i| (low(r, i).scoop, low(r, i).scoop_se),
    },
];
