//! The plot: Win, Tie, Equity, Hand Strength, PPot and NPot against the opponent count,
//! in percent, with ±1 standard error bands, and the pinned baseline dashed.

use super::{Command, MultiOddsApp};
use crate::equity::run::SweepResult;
use crate::equity::sweep::{SweepPoint, MAX_OPPONENTS};
use egui::Color32;
use egui_plot::{FilledArea, HoverPosition, Legend, Line, LineStyle, Plot, PlotPoints, Points};

/// A plotted figure: name, CSV key, colour, definition, when it is shown, and the value
/// and standard error of a point (None: n/a). Plot, table, tooltips and CSV read this
/// one table.
pub struct Series {
    pub name: &'static str,
    pub key: &'static str,
    pub color: Color32,
    pub definition: &'static str,
    pub group: SeriesGroup,
    pub value: fn(&SweepPoint) -> Option<(f64, f64)>,
}

/// Which figures a series belongs with, for the view's switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesGroup {
    /// Always shown.
    Core,
    /// The classic win odds (off by default).
    WinOdds,
    /// Potentials as conditional probabilities (Billings; the default).
    Conditional,
    /// Potentials as joint probabilities (the classic plot).
    Joint,
}

/// The view's choice of figures (persisted with the app state).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct FigureOptions {
    /// Show the classic win odds (win + ties counted half).
    pub win_odds: bool,
    /// Show potentials as joint probabilities instead of conditional ones.
    pub joint_potentials: bool,
}

impl Series {
    pub fn visible(&self, options: FigureOptions) -> bool {
        match self.group {
            SeriesGroup::Core => true,
            SeriesGroup::WinOdds => options.win_odds,
            SeriesGroup::Conditional => !options.joint_potentials,
            SeriesGroup::Joint => options.joint_potentials,
        }
    }
}

pub const SERIES: [Series; 9] = [
    Series {
        name: "Win",
        key: "win",
        color: Color32::from_rgb(46, 160, 67),
        definition: "The chance the hero alone has the best hand at the river.",
        group: SeriesGroup::Core,
        value: |p| Some((p.win, p.std_error.win)),
    },
    Series {
        name: "Tie",
        key: "tie",
        color: Color32::from_rgb(150, 150, 150),
        definition: "The chance the hero shares the best hand at the river.",
        group: SeriesGroup::Core,
        value: |p| Some((p.tie, p.std_error.tie)),
    },
    Series {
        name: "Equity",
        key: "equity",
        color: Color32::from_rgb(66, 133, 244),
        definition: "The hero's share of the pot: 1 for a sole win, 1/k for a k-way tie.",
        group: SeriesGroup::Core,
        value: |p| Some((p.equity, p.std_error.equity)),
    },
    Series {
        name: "Win odds",
        key: "win_odds",
        color: Color32::from_rgb(0, 150, 136),
        definition: "Classic scoring: win + ties counted as half a win, however many tie \
                     (the figure of the classic programs and their published 169-hand table).",
        group: SeriesGroup::WinOdds,
        value: |p| Some((p.win_odds, p.std_error.win_odds)),
    },
    Series {
        name: "Hand Strength",
        key: "hand_strength",
        color: Color32::from_rgb(171, 71, 188),
        definition: "The hero's equity if the hands were shown down now, on the current \
                     board with no more cards.",
        group: SeriesGroup::Core,
        value: |p| Some((p.hand_strength, p.std_error.hand_strength)),
    },
    Series {
        name: "PPot",
        key: "ppot",
        color: Color32::from_rgb(255, 167, 38),
        definition: "Positive potential (conditional): the chance to end ahead by the river \
                     when behind now, ties half: (BA + BT/2 + TA/2) / (B + T/2).",
        group: SeriesGroup::Conditional,
        value: |p| p.ppot.map(|v| (v, p.std_error.ppot.unwrap_or(0.0))),
    },
    Series {
        name: "NPot",
        key: "npot",
        color: Color32::from_rgb(229, 57, 53),
        definition: "Negative potential (conditional): the chance to fall behind by the \
                     river when ahead now, ties half: (AB + AT/2 + TB/2) / (A + T/2).",
        group: SeriesGroup::Conditional,
        value: |p| p.npot.map(|v| (v, p.std_error.npot.unwrap_or(0.0))),
    },
    Series {
        name: "PPot (joint)",
        key: "ppot_joint",
        color: Color32::from_rgb(255, 167, 38),
        definition: "Positive potential as the classic plot drew it: the chance to be \
                     behind now and ahead at the river, over all deals: PPot × (B + T/2) / deals.",
        group: SeriesGroup::Joint,
        value: |p| {
            p.ppot_joint
                .map(|v| (v, p.std_error.ppot_joint.unwrap_or(0.0)))
        },
    },
    Series {
        name: "NPot (joint)",
        key: "npot_joint",
        color: Color32::from_rgb(229, 57, 53),
        definition: "Negative potential as the classic plot drew it: the chance to be \
                     ahead now and behind at the river, over all deals: NPot × (A + T/2) / deals.",
        group: SeriesGroup::Joint,
        value: |p| {
            p.npot_joint
                .map(|v| (v, p.std_error.npot_joint.unwrap_or(0.0)))
        },
    },
];

/// Draws the plot `height` points tall.
pub fn sweep_plot(app: &mut MultiOddsApp, ui: &mut egui::Ui, height: f32) {
    let top_left = ui.cursor().min;
    let title = app
        .rt
        .shown
        .as_ref()
        .map_or_else(|| app.inputs.title(), |s| s.title.clone());
    ui.horizontal(|ui| {
        ui.heading(title);
        if app.rt.stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    figure_switches(ui, &mut app.figures);
    let options = app.figures;
    let shown = app.rt.shown.clone();
    let pinned = app.rt.pinned.clone();
    let hover_result = shown.as_ref().map(|s| s.result.clone());
    let response = Plot::new("sweep_plot")
        .height(height)
        .legend(Legend::default())
        .include_x(app.inputs.min_opponents.min(app.inputs.max_opponents) as f64 - 0.2)
        .include_x(app.inputs.max_opponents.max(app.inputs.min_opponents) as f64 + 0.2)
        .include_y(0.0)
        .include_y(100.0)
        .x_axis_label("opponents")
        .y_axis_label("%")
        .allow_scroll(false)
        .label_formatter(move |hover| Some(hover_label(hover, hover_result.as_ref())))
        .show(ui, |plot| {
            for series in SERIES.iter().filter(|s| s.visible(options)) {
                if let Some(base) = &pinned {
                    let points: Vec<[f64; 2]> = base
                        .result
                        .points
                        .iter()
                        .filter_map(|p| {
                            (series.value)(p).map(|(v, _)| [p.opponents as f64, 100.0 * v])
                        })
                        .collect();
                    plot.line(
                        Line::new(series.name, PlotPoints::from(points))
                            .color(series.color.gamma_multiply(0.6))
                            .style(LineStyle::dashed_loose())
                            .allow_hover(false),
                    );
                }
                let Some(s) = &shown else { continue };
                let mut xs = Vec::new();
                let mut ys = Vec::new();
                let mut lo = Vec::new();
                let mut hi = Vec::new();
                for p in &s.result.points {
                    if let Some((v, se)) = (series.value)(p) {
                        xs.push(p.opponents as f64);
                        ys.push(100.0 * v);
                        // A band never leaves 0–100 %.
                        lo.push(100.0 * (v - se).max(0.0));
                        hi.push(100.0 * (v + se).min(1.0));
                    }
                }
                if xs.is_empty() {
                    continue;
                }
                // Unnamed, so the legend lists each figure once (its line).
                plot.add(
                    FilledArea::new("", &xs, &lo, &hi)
                        .fill_color(series.color.gamma_multiply(0.25)),
                );
                let points: Vec<[f64; 2]> = xs.iter().zip(&ys).map(|(&x, &y)| [x, y]).collect();
                plot.line(
                    Line::new(series.name, PlotPoints::from(points.clone()))
                        .color(series.color)
                        .width(2.0),
                );
                plot.points(
                    Points::new(series.name, PlotPoints::from(points))
                        .color(series.color)
                        .radius(3.0),
                );
            }
        });
    // The PNG export takes the title, the plot and its axes.
    app.rt.plot_rect = Some(egui::Rect::from_min_max(
        top_left,
        egui::pos2(ui.max_rect().max.x, ui.min_rect().max.y),
    ));
    // Clicking the plot selects the nearest opponent count for the hand-type table.
    if response.response.clicked() {
        if let Some(pos) = response.response.interact_pointer_pos() {
            let value = response.transform.value_from_position(pos);
            let n = value.x.round().clamp(1.0, MAX_OPPONENTS as f64) as usize;
            app.command(Command::SelectOpponents(n));
        }
    }
}

/// The switches for the optional figures, each with its definition as a tooltip.
fn figure_switches(ui: &mut egui::Ui, options: &mut FigureOptions) {
    ui.horizontal(|ui| {
        let win_odds = SERIES.iter().find(|s| s.group == SeriesGroup::WinOdds);
        ui.checkbox(&mut options.win_odds, "Win odds (classic)")
            .on_hover_text(win_odds.map_or("", |s| s.definition));
        ui.label("Potentials:");
        ui.radio_value(&mut options.joint_potentials, false, "conditional")
            .on_hover_text(SERIES[5].definition);
        ui.radio_value(&mut options.joint_potentials, true, "joint (classic)")
            .on_hover_text(SERIES[7].definition);
    });
}

/// The hover text: the figure's value ± SE and deals at the nearest point.
fn hover_label(hover: &HoverPosition<'_>, result: Option<&SweepResult>) -> String {
    match hover {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => {
            let n = position.x.round() as usize;
            let found = SERIES.iter().find(|s| s.name == *plot_name).and_then(|s| {
                let p = result?.points.iter().find(|p| p.opponents == n)?;
                let (v, se) = (s.value)(p)?;
                Some(format!(
                    "{plot_name} · {n} opponent(s)\n{:.2}% ± {:.2}%\n{} deals ({})",
                    100.0 * v,
                    100.0 * se,
                    p.deals,
                    p.method
                ))
            });
            found.unwrap_or_else(|| format!("{plot_name}\n{n} opponent(s): {:.2}%", position.y))
        }
        HoverPosition::Elsewhere { position } => {
            format!("{:.1} opponents\n{:.1}%", position.x, position.y)
        }
    }
}
