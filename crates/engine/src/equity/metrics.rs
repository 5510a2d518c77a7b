//! The sweep's figures described once (name, key, colour, definition, how a point
//! yields it): the app's plot, results table, tooltips and Help, and every sweep CSV
//! (app and CLI) read this table, so a new figure is one entry here plus its tally.

use super::sweep::SweepPoint;

/// A figure of the sweep: name, CSV/JSON key, colour, definition, when it is shown, and
/// the value and standard error of a point (None: n/a).
pub struct Metric {
    /// The figure's name on screen ("Hand Strength").
    pub name: &'static str,
    /// Its key in CSV and JSON (`hand_strength`).
    pub key: &'static str,
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
        rgb: [46, 160, 67],
        definition: "The chance the hero alone has the best hand at the river.",
        group: MetricGroup::Core,
        value: |p| Some((p.win, p.std_error.win)),
    },
    Metric {
        name: "Tie",
        key: "tie",
        rgb: [150, 150, 150],
        definition: "The chance the hero shares the best hand at the river.",
        group: MetricGroup::Core,
        value: |p| Some((p.tie, p.std_error.tie)),
    },
    Metric {
        name: "Equity",
        key: "equity",
        rgb: [66, 133, 244],
        definition: "The hero's share of the pot: 1 for a sole win, 1/k for a k-way tie.",
        group: MetricGroup::Core,
        value: |p| Some((p.equity, p.std_error.equity)),
    },
    Metric {
        name: "Win odds",
        key: "win_odds",
        rgb: [0, 150, 136],
        definition: "Classic scoring: win + ties counted as half a win, however many tie \
                     (the figure of the classic programs and their published 169-hand table).",
        group: MetricGroup::WinOdds,
        value: |p| Some((p.win_odds, p.std_error.win_odds)),
    },
    Metric {
        name: "Hand Strength",
        key: "hand_strength",
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
        rgb: [255, 167, 38],
        definition: "Positive potential (conditional): the chance to end ahead by the river \
                     when behind now, ties half: (BA + BT/2 + TA/2) / (B + T/2).",
        group: MetricGroup::Conditional,
        value: |p| p.ppot.map(|v| (v, p.std_error.ppot.unwrap_or(0.0))),
    },
    Metric {
        name: "NPot",
        key: "npot",
        rgb: [229, 57, 53],
        definition: "Negative potential (conditional): the chance to fall behind by the \
                     river when ahead now, ties half: (AB + AT/2 + TB/2) / (A + T/2).",
        group: MetricGroup::Conditional,
        value: |p| p.npot.map(|v| (v, p.std_error.npot.unwrap_or(0.0))),
    },
    Metric {
        name: "PPot (joint)",
        key: "ppot_joint",
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
        rgb: [0, 188, 212],
        definition: "Hi/lo games: the chance the hero takes the whole pot (the best high \
                     alone, and the best low alone or no qualifying low).",
        group: MetricGroup::HiLo,
        value: |p| p.scoop.map(|v| (v, p.std_error.scoop.unwrap_or(0.0))),
    },
    Metric {
        name: "Low",
        key: "low",
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
