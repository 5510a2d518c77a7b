//! The plot: Win, Tie, Equity, Hand Strength, PPot and NPot against the opponent count,
//! in percent, with ±1 standard error bands, and the pinned baseline dashed.

use super::{MultiOddsView, Shown};
use crate::command::CommandSender;
use crate::command::ViewCommand;
use crate::equity::run::SweepResult;
use crate::equity::sweep::MAX_OPPONENTS;
use crate::scenario::ViewKind;
use egui::{Color32, RichText};
use egui_plot::{FilledArea, HoverPosition, Line, LineStyle, Plot, PlotPoints, Points};

use crate::equity::metrics::{by_key, Metric, MetricGroup, SWEEP_METRICS};

/// The view's choice of figures (persisted with the app state).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct FigureOptions {
    /// Show the classic win odds (win + ties counted half).
    pub win_odds: bool,
    /// Show potentials as joint probabilities instead of conditional ones.
    pub joint_potentials: bool,
    /// The result on screen has hi/lo figures (set from it each frame, not a switch).
    #[serde(skip)]
    pub hi_lo: bool,
}

/// The plot's view of a metric: its colour and whether the switches show it.
pub(crate) trait MetricStyle {
    /// The figure's colour.
    fn color(&self) -> Color32;
    /// Whether the switches show the figure.
    fn visible(&self, options: FigureOptions) -> bool;
}

impl MetricStyle for Metric {
    fn color(&self) -> Color32 {
        let [r, g, b] = self.rgb;
        Color32::from_rgb(r, g, b)
    }

    fn visible(&self, options: FigureOptions) -> bool {
        match self.group {
            MetricGroup::Core => true,
            MetricGroup::WinOdds => options.win_odds,
            MetricGroup::Conditional => !options.joint_potentials,
            MetricGroup::Joint => options.joint_potentials,
            MetricGroup::HiLo => options.hi_lo,
        }
    }
}

/// What a sweep plot draws: the shown and pinned results, the figures switched on, the
/// opponent span of the x axis.
pub(crate) struct PlotData<'a> {
    /// The result on screen.
    pub(crate) shown: Option<&'a Shown>,
    /// The pinned baselines, oldest first.
    pub(crate) pinned: &'a [Shown],
    /// The figures switched on.
    pub(crate) figures: FigureOptions,
    /// The opponent counts of the x axis.
    pub(crate) span: (usize, usize),
    /// The plot's height in points.
    pub(crate) height: f32,
    /// The plot's egui id.
    pub(crate) id: &'static str,
}

/// The plot of the view: title, figure switches, the curves; a click picks the opponent
/// count whose hand types show.
pub(crate) fn sweep_plot(
    view: &mut MultiOddsView,
    ui: &mut egui::Ui,
    height: f32,
    commands: &CommandSender,
) {
    let title = view
        .shown()
        .map_or_else(|| view.inputs.title(), |s| s.label.clone());
    ui.horizontal_wrapped(|ui| {
        crate::widgets::title_heading(ui, &title);
        if view.tracker.stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    figure_switches(ui, &mut view.figures);
    for (k, p) in view.pinned.iter().enumerate() {
        ui.horizontal(|ui| {
            // With two pins or more, which one the table's deltas are against.
            if view.pinned.len() > 1
                && ui
                    .selectable_label(k == view.delta_pin, format!("Δ pin {}", k + 1))
                    .on_hover_text("Take the table's deltas against this pinned baseline")
                    .clicked()
            {
                commands.view(ViewKind::MultiOdds, ViewCommand::DeltasAgainst(k));
            }
            pinned_caption(ui, k, p, k == view.delta_pin);
        });
    }
    let response = draw_plot(
        ui,
        &PlotData {
            shown: view.shown(),
            pinned: &view.pinned,
            figures: view.figures,
            span: view.inputs.opponent_span(),
            height,
            id: "sweep_plot",
        },
    );
    view.plot_rect = Some(response.response.rect);
    if response.response.clicked() {
        if let Some(pos) = response.response.interact_pointer_pos() {
            let value = response.transform.value_from_position(pos);
            let n = value.x.round().clamp(1.0, MAX_OPPONENTS as f64) as usize;
            commands.view(ViewKind::MultiOdds, ViewCommand::Select(n));
        }
    }
}

/// How the `k`-th pinned baseline's curves are drawn, and its name for that style.
fn pin_style(k: usize) -> (LineStyle, &'static str) {
    [
        (LineStyle::dashed_loose(), "- - -"),
        (LineStyle::dotted_loose(), "· · ·"),
        (LineStyle::dashed_dense(), "---"),
        (LineStyle::dotted_dense(), "···"),
    ][k % 4]
}

/// What the `k`-th pinned baseline's curves are: the window shows it above the plot,
/// and an exported picture carries it too.
pub(crate) fn pinned_caption(ui: &mut egui::Ui, k: usize, pinned: &Shown, deltas: bool) {
    let (_, style) = pin_style(k);
    let deltas = if deltas { " (the table's deltas)" } else { "" };
    ui.label(
        RichText::new(format!(
            "Pin {} ({style}): {}{deltas}",
            k + 1,
            crate::widgets::short_title(&pinned.label)
        ))
        .italics()
        .color(PINNED_COLOR),
    );
}

/// The colour of what is said about the pinned baseline.
pub const PINNED_COLOR: Color32 = Color32::from_rgb(140, 140, 160);

/// The legend, above the plot so it hides no curve: the figures in the table's order,
/// each with its definition on hover, and the pinned baseline's line style.
fn legend(ui: &mut egui::Ui, options: FigureOptions, pinned: bool) {
    ui.horizontal_wrapped(|ui| {
        for series in SWEEP_METRICS.iter().filter(|s| s.visible(options)) {
            let (swatch, _) = ui.allocate_exact_size(egui::vec2(18.0, 10.0), egui::Sense::hover());
            ui.painter().line_segment(
                [swatch.left_center(), swatch.right_center()],
                egui::Stroke::new(3.0, series.color()),
            );
            ui.label(RichText::new(series.name).color(series.color()))
                .on_hover_text(series.definition);
            ui.add_space(6.0);
        }
        if pinned {
            ui.label(RichText::new("- - - pinned").color(PINNED_COLOR));
        }
    });
}

/// Draws the curves with their error bands (and the pinned baseline dashed); the plot
/// keeps 1..N opponents and 0–100 % (no drag or zoom).
pub(crate) fn draw_plot(ui: &mut egui::Ui, data: &PlotData<'_>) -> egui_plot::PlotResponse<()> {
    let options = data.figures;
    let shown = data.shown;
    let pinned = data.pinned;
    // Borrowed, not cloned: the formatter lives only as long as this frame's plot.
    let hover_result = shown.map(|s| &s.result);
    let (lo_x, hi_x) = data.span;
    legend(ui, options, !pinned.is_empty());
    Plot::new(data.id)
        .height((data.height - 24.0).max(160.0))
        .include_x(lo_x as f64 - 0.2)
        .include_x(hi_x as f64 + 0.2)
        .include_y(0.0)
        .include_y(100.0)
        // Opponent counts are one or two digits: their labels fit closer together than
        // egui_plot's default (60 points), so a narrow window keeps its axis numbers.
        .custom_x_axes(vec![egui_plot::AxisHints::new_x()
            .label("opponents")
            .label_spacing(20.0..=30.0)])
        .custom_y_axes(vec![egui_plot::AxisHints::new_y()
            .label("%")
            .label_spacing(12.0..=20.0)])
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_boxed_zoom(false)
        .label_formatter(move |hover| hover_label(hover, hover_result))
        .show(ui, |plot| {
            for series in SWEEP_METRICS.iter().filter(|s| s.visible(options)) {
                for (k, base) in pinned.iter().enumerate() {
                    let points: Vec<[f64; 2]> = base
                        .result
                        .points
                        .iter()
                        .filter_map(|p| {
                            (series.value)(p).map(|(v, _)| [p.opponents as f64, 100.0 * v])
                        })
                        .collect();
                    // Each pin's curves share one legend entry and one line style.
                    plot.line(
                        Line::new(format!("pin {}", k + 1), PlotPoints::from(points))
                            .color(series.color().gamma_multiply(0.7))
                            .style(pin_style(k).0)
                            .allow_hover(false),
                    );
                }
                let Some(s) = shown else { continue };
                let mut xs = Vec::new();
                let mut ys = Vec::new();
                let mut lo = Vec::new();
                let mut hi = Vec::new();
                for p in &s.result.points {
                    if let Some((v, se)) = (series.value)(p) {
                        xs.push(p.opponents as f64);
                        ys.push(100.0 * v);
                        lo.push(100.0 * (v - se).max(0.0));
                        hi.push(100.0 * (v + se).min(1.0));
                    }
                }
                if xs.is_empty() {
                    continue;
                }
                plot.add(
                    FilledArea::new("", &xs, &lo, &hi)
                        .fill_color(series.color().gamma_multiply(0.25)),
                );
                let points: Vec<[f64; 2]> = xs.iter().zip(&ys).map(|(&x, &y)| [x, y]).collect();
                plot.line(
                    Line::new(series.name, PlotPoints::from(points.clone()))
                        .color(series.color())
                        .width(2.0),
                );
                plot.points(
                    Points::new(series.name, PlotPoints::from(points))
                        .color(series.color())
                        .radius(3.0),
                );
            }
        })
}

/// The switches for the optional figures, each with its definition as a tooltip.
fn figure_switches(ui: &mut egui::Ui, options: &mut FigureOptions) {
    ui.horizontal(|ui| {
        let win_odds = SWEEP_METRICS
            .iter()
            .find(|s| s.group == MetricGroup::WinOdds);
        ui.checkbox(&mut options.win_odds, "Win odds (classic)")
            .on_hover_text(win_odds.map_or("", |s| s.definition));
        ui.label("Potentials:");
        ui.radio_value(&mut options.joint_potentials, false, "conditional")
            .on_hover_text(by_key("ppot").map_or("", |m| m.definition));
        ui.radio_value(&mut options.joint_potentials, true, "joint (classic)")
            .on_hover_text(by_key("ppot_joint").map_or("", |m| m.definition));
    });
}

/// The hover text: the figure's value ± SE and deals at the nearest point.
fn hover_label(hover: &HoverPosition<'_>, result: Option<&SweepResult>) -> Option<String> {
    match hover {
        HoverPosition::NearDataPoint {
            plot_name,
            position,
            ..
        } => {
            let n = position.x.round() as usize;
            let found = SWEEP_METRICS
                .iter()
                .find(|s| s.name == *plot_name)
                .and_then(|s| {
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
            Some(
                found
                    .unwrap_or_else(|| format!("{plot_name}\n{n} opponent(s): {:.2}%", position.y)),
            )
        }
        // Away from a point there is nothing to read ("3.7 opponents" means nothing).
        HoverPosition::Elsewhere { .. } => None,
    }
}
