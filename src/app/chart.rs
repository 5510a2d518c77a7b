//! The Chart view: the 169 starting hands against N random opponents as a heat map on
//! the 13×13 grid, filled in class by class by the same job as `multiodds table`.

use super::picture::Drawing;
use super::view::{CsvOptions, RunTracker, View, ViewCommand, ViewContext, ViewStatus, ViewTab};
use super::widgets::{precision_of, settings_for, target_se, ERROR_COLOR};
use super::CommandSender;
use crate::cards::CardSet;
use crate::equity::chart::{ChartResult, ChartSpec};
use crate::equity::Method;
use crate::range::HandClass;
use crate::scenario::Scenario;
use crate::worker::{Job, JobManager, JobOutput, Slot};
use egui::{Color32, RichText, Sense};

/// Which figure the heat map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChartMetric {
    #[default]
    Equity,
    Win,
    Tie,
    /// Classic win odds: win + ties counted half.
    WinOdds,
}

/// The Chart view's inputs (persisted).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ChartInputs {
    /// The opponents' range (any two cards: `random`).
    pub vs: String,
    pub board: String,
    pub dead: String,
    /// Opponent count shown (1–9); the job computes all nine.
    pub opponents: usize,
    pub metric: ChartMetric,
    pub precision: usize,
    pub seed: u64,
}

impl Default for ChartInputs {
    fn default() -> ChartInputs {
        ChartInputs {
            vs: "random".into(),
            board: String::new(),
            dead: String::new(),
            opponents: 1,
            metric: ChartMetric::Equity,
            precision: 0,
            seed: 1,
        }
    }
}

impl ChartInputs {
    pub fn spec(&self) -> Result<ChartSpec, String> {
        let board = CardSet::parse(&self.board).map_err(|e| format!("board: {e}"))?;
        let dead = CardSet::parse(&self.dead).map_err(|e| format!("dead cards: {e}"))?;
        crate::equity::check_board(board, dead).map_err(|e| e.to_string())?;
        let vs = crate::range::HandRange::parse(&self.vs)
            .map_err(|e| format!("{VS_ERROR}{e}\n{}", e.caret(&self.vs)))?;
        Ok(ChartSpec {
            board,
            dead,
            counts: 1..=9,
            vs,
        })
    }

    pub fn target_se(&self) -> f64 {
        target_se(self.precision)
    }
}

/// How an error of the opponents' range starts (it is shown at that field).
const VS_ERROR: &str = "opponents' range: ";

/// The 169 × 1–9 chart of the inputs.
const CHART: Slot = Slot(20);

/// The Chart view: its inputs (persisted through the app's `State`) and runtime.
#[derive(Default)]
pub struct ChartView {
    pub inputs: ChartInputs,
    pub shown: Option<ChartResult>,
    pub tracker: RunTracker,
    pub error: Option<String>,
    /// A job was submitted and none of its classes has arrived yet.
    fresh: bool,
    /// The opponents' range grid window.
    vs_grid: super::grid::GridState,
}

impl ChartView {
    pub fn new(inputs: ChartInputs) -> ChartView {
        ChartView {
            inputs,
            ..ChartView::default()
        }
    }

    /// The shown figure of a class at the chosen opponent count: value, SE, point.
    fn cell(&self, class: HandClass) -> Option<(f64, f64, &crate::equity::sweep::SweepPoint)> {
        cell(self.shown.as_ref()?, &self.inputs, class)
    }
}

fn cell<'r>(
    result: &'r ChartResult,
    inputs: &ChartInputs,
    class: HandClass,
) -> Option<(f64, f64, &'r crate::equity::sweep::SweepPoint)> {
    let p = result.cells[class.index()]
        .as_ref()?
        .iter()
        .find(|p| p.opponents == inputs.opponents)?;
    Some(match inputs.metric {
        ChartMetric::Equity => (p.equity, p.std_error.equity, p),
        ChartMetric::Win => (p.win, p.std_error.win, p),
        ChartMetric::Tie => (p.tie, p.std_error.tie, p),
        ChartMetric::WinOdds => (p.win_odds, p.std_error.win_odds, p),
    })
}

impl View for ChartView {
    fn tab(&self) -> ViewTab {
        ViewTab::Chart
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs_panel(self, ui, cx);
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, _commands: &CommandSender) {
        egui::ScrollArea::both()
            .id_salt("chart_map")
            .show(ui, |ui| match &self.shown {
                Some(result) => {
                    let size = ui
                        .available_width()
                        .min(ui.available_height() - 60.0)
                        .max(13.0 * 24.0);
                    heat_map(ui, result, &self.inputs, size);
                }
                None => {
                    ui.label(if self.error.is_some() {
                        "Fix the inputs to compute."
                    } else {
                        "Computing…"
                    });
                }
            });
    }

    fn submit(&mut self, jobs: &mut JobManager) {
        let has_result = self.has_result();
        match self.inputs.spec() {
            Ok(spec) => {
                self.error = None;
                // The chart has no time budget: its 169 sweeps each stop at the target.
                let i = &self.inputs;
                let settings = settings_for(Method::MonteCarlo, i.target_se(), i.seed, None);
                jobs.submit(CHART, Job::Chart(spec), settings);
                self.fresh = true;
                self.tracker.started(has_result);
            }
            Err(e) => {
                self.error = Some(e);
                jobs.cancel(CHART);
                self.tracker.rejected(has_result);
            }
        }
    }

    fn slots(&self) -> &'static [Slot] {
        &[CHART]
    }

    fn show(&mut self, output: JobOutput) {
        match output {
            JobOutput::Chart(result) => self.shown = Some(result),
            JobOutput::ChartCell(cell) => {
                // The first class of a new job starts a new chart.
                if std::mem::take(&mut self.fresh) || self.shown.is_none() {
                    self.shown = Some(ChartResult::empty(self.inputs.seed));
                }
                if let Some(chart) = &mut self.shown {
                    chart.apply(cell);
                }
            }
            JobOutput::Failed(e) => self.error = Some(e.to_string()),
            _ => {}
        }
    }

    fn revalidate(&mut self) {
        self.error = self.inputs.spec().err();
    }

    fn apply_own(&mut self, _command: ViewCommand) {}

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let has_errors = self.error.is_some();
        let done = self.shown.as_ref().map_or(0, |c| c.done);
        // The worst standard error among the cells on screen (the chosen figure and
        // opponent count), as their tooltips show it.
        let shown: Vec<_> = HandClass::all().filter_map(|c| self.cell(c)).collect();
        let worst = shown.iter().map(|(_, se, _)| *se).fold(0.0, f64::max);
        let all_exact = !shown.is_empty()
            && shown
                .iter()
                .all(|(_, _, p)| p.method == crate::equity::Method::Exact);
        let precision = if all_exact {
            "exact".to_string()
        } else {
            format!("worst SE shown {:.3}%", 100.0 * worst)
        };
        ViewStatus {
            phase: self.tracker.phase(has_errors),
            detail: None,
            figures: format!("{done} of 169 hands · {precision}"),
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        let result = self.shown.as_ref()?;
        let header = crate::equity::table_csv::chart_header(
            &self.inputs.vs,
            &self.inputs.board,
            &self.inputs.dead,
            self.inputs.seed,
            result.method_key(),
            self.inputs.target_se(),
        );
        Some(crate::equity::table_csv::chart(result, &header, options))
    }

    fn picture(&self) -> Option<Drawing> {
        let result = self.shown.clone()?;
        let inputs = self.inputs.clone();
        Some(Box::new(move |ui: &mut egui::Ui| {
            let size = ui.available_width().min(ui.available_height() - 40.0);
            heat_map(ui, &result, &inputs, size);
        }))
    }

    fn scenario(&self) -> Scenario {
        Scenario {
            view: crate::scenario::View::Chart,
            opponents: self.inputs.vs.clone(),
            board: self.inputs.board.clone(),
            dead: self.inputs.dead.clone(),
            target_se: self.inputs.target_se(),
            seed: self.inputs.seed,
            ..Scenario::default()
        }
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs.vs = scenario.opponents.clone();
        self.inputs.board = scenario.board.clone();
        self.inputs.dead = scenario.dead.clone();
        self.inputs.seed = scenario.seed;
        self.inputs.precision = precision_of(scenario.target_se);
    }

    fn reset(&mut self) {
        self.inputs = ChartInputs::default();
    }

    fn has_result(&self) -> bool {
        self.shown.is_some()
    }
}

/// The left panel of the Chart view.
fn inputs_panel(view: &mut ChartView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    let commands = cx.commands;
    ui.heading("169-hand chart");
    let mut edited = false;
    let vs_error = view
        .error
        .as_ref()
        .and_then(|e| e.strip_prefix(VS_ERROR))
        .map(str::to_string);
    let c = &mut view.inputs;
    edited |= super::widgets::range_field(
        ui,
        "Opponents' range",
        &mut c.vs,
        vs_error.as_ref(),
        "random, 22+, 15%…",
        &mut view.vs_grid,
        super::widgets::blocked_cards(&c.board, &c.dead),
        cx,
    );
    edited |= super::widgets::board_and_dead(
        ui,
        &mut c.board,
        &mut c.dead,
        (None, None),
        CardSet::default(),
        "Chart",
    );
    if let Some(e) = view.error.as_ref().filter(|e| !e.starts_with(VS_ERROR)) {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    ui.horizontal(|ui| {
        let l = ui.label("Opponents");
        ui.add(egui::Slider::new(&mut c.opponents, 1..=9))
            .labelled_by(l.id);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Show");
        ui.radio_value(&mut c.metric, ChartMetric::Equity, "equity");
        ui.radio_value(&mut c.metric, ChartMetric::Win, "win");
        ui.radio_value(&mut c.metric, ChartMetric::Tie, "tie");
        ui.radio_value(&mut c.metric, ChartMetric::WinOdds, "win odds")
            .on_hover_text("Classic scoring: win + ties counted as half a win, however many tie.");
    });
    ui.horizontal(|ui| {
        let l = ui.label("Precision");
        let name = super::widgets::PRECISION_STEPS[c.precision.min(4)].1;
        edited |= ui
            .add(
                egui::Slider::new(&mut c.precision, 0..=4)
                    .show_value(false)
                    .text(name),
            )
            .labelled_by(l.id)
            .changed();
    });
    ui.separator();
    if view.tracker.running {
        if ui.button("Stop").clicked() {
            commands.view(ViewTab::Chart, ViewCommand::Stop);
        }
    } else if ui
        .button(if view.tracker.stale {
            "Resume"
        } else {
            "Run again"
        })
        .clicked()
    {
        commands.view(ViewTab::Chart, ViewCommand::Resume);
    }
    if ui.button("Export chart as CSV…").clicked() {
        commands.send(super::Command::OpenDialog(
            super::files::DialogPurpose::ExportCsv,
        ));
    }
    if edited {
        commands.view(ViewTab::Chart, ViewCommand::Edited);
    }
}

/// The heat map with its title and colour key, `size` points wide.
pub fn heat_map(ui: &mut egui::Ui, result: &ChartResult, inputs: &ChartInputs, size: f32) {
    let n = inputs.opponents;
    let metric = inputs.metric;
    let figure = match metric {
        ChartMetric::Equity => "Equity",
        ChartMetric::Win => "Win",
        ChartMetric::Tie => "Tie",
        ChartMetric::WinOdds => "Win odds",
    };
    let board = if inputs.board.trim().is_empty() {
        "preflop".to_string()
    } else {
        inputs.board.trim().to_string()
    };
    let holding = match inputs.vs.trim() {
        "random" => "random opponent(s)".to_string(),
        vs => format!("opponent(s) holding {vs}"),
    };
    ui.heading(format!(
        "{figure} against {n} {holding}, {board} ({} of 169 hands)",
        result.done
    ));
    let value = |class: HandClass| cell(result, inputs, class);
    let (lo, hi) = HandClass::all()
        .filter_map(|c| value(c).map(|v| v.0))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    let shade = |v: f64| {
        let t = if hi > lo {
            ((v - lo) / (hi - lo)) as f32
        } else {
            0.5
        };
        Color32::from_rgb((220.0 * (1.0 - t)) as u8 + 20, (180.0 * t) as u8 + 40, 60)
    };
    // The colour key: lowest to highest figure on the map.
    if lo.is_finite() {
        ui.horizontal(|ui| {
            ui.label(format!("{:.1}%", 100.0 * lo));
            let (bar, _) = ui.allocate_exact_size(egui::vec2(160.0, 12.0), Sense::hover());
            for k in 0..32 {
                let t = k as f64 / 31.0;
                let x0 = bar.min.x + bar.width() * k as f32 / 32.0;
                let r = egui::Rect::from_min_max(
                    egui::pos2(x0, bar.min.y),
                    egui::pos2(x0 + bar.width() / 32.0 + 0.5, bar.max.y),
                );
                ui.painter().rect_filled(r, 0.0, shade(lo + t * (hi - lo)));
            }
            ui.label(format!("{:.1}%", 100.0 * hi));
        });
    }
    let cell = (size / 13.0).clamp(24.0, 72.0);
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(13.0 * cell, 13.0 * cell), Sense::hover());
    let painter = ui.painter_at(rect);
    for class in HandClass::all() {
        let r = egui::Rect::from_min_size(
            rect.min + egui::vec2(class.col() as f32 * cell, class.row() as f32 * cell),
            egui::vec2(cell - 1.0, cell - 1.0),
        );
        let (fill, label) = match value(class) {
            Some((v, _, _)) => (shade(v), format!("{class}\n{:.1}", 100.0 * v)),
            None => (Color32::from_gray(40), class.to_string()),
        };
        painter.rect_filled(r, 2.0, fill);
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional((cell / 3.6).clamp(8.0, 16.0)),
            Color32::WHITE,
        );
    }
    if let Some(pos) = response.hover_pos() {
        let rel = pos - rect.min;
        let (col, row) = ((rel.x / cell) as usize, (rel.y / cell) as usize);
        if col < 13 && row < 13 {
            let class = HandClass::at(row, col);
            if let Some((_, _, p)) = value(class) {
                response.on_hover_text(format!(
                    "{class} vs {n}: equity {:.2}% ± {:.2}, win {:.2}% ± {:.2}, tie {:.2}% ± {:.2}",
                    100.0 * p.equity,
                    100.0 * p.std_error.equity,
                    100.0 * p.win,
                    100.0 * p.std_error.win,
                    100.0 * p.tie,
                    100.0 * p.std_error.tie
                ));
            }
        }
    }
}
