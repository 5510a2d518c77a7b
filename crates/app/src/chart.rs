//! The Chart view: the 169 starting hands against N random opponents as a heat map on
//! the 13×13 grid (short deck: its 81 classes on a 9×9 grid), filled in class by class by
//! the same job as `multiodds table`.

use super::command::{Command, CommandSender, ViewCommand};
use super::picture::Drawing;
use super::view::{Computed, CsvOptions, FieldErrors, RunTracker, View, ViewContext, ViewStatus};
use super::widgets::ERROR_COLOR;
use crate::cards::{CardSet, Game};
use crate::equity::chart::{ChartResult, ChartSpec};
use crate::equity::sweep::SweepPoint;
use crate::range::HandClass;
use crate::scenario::{ChartFigure, ChartInputs, Scenario, ViewKind};
use crate::worker::JobManager;
use egui::{Color32, RichText, Sense};

/// The Chart view: its inputs (persisted through the app's `State`) and runtime.
pub struct ChartView {
    /// What the user set (persisted).
    pub(crate) inputs: ChartInputs,
    /// The chart of the inputs, and the result on screen with the inputs it used.
    pub(crate) chart: Computed<ChartSpec, ChartInputs>,
    /// Debounce, running, stale, clock.
    pub(crate) tracker: RunTracker,
    /// Problems at their fields.
    pub(crate) errors: FieldErrors,
    /// The opponents' range grid window.
    vs_grid: super::grid::GridState,
    /// What the last change of game cleared, said beside the selector.
    pub(crate) game_note: Vec<String>,
}

impl ChartView {
    /// What the last change of game cleared (read by the tests).
    pub fn game_note(&self) -> &[String] {
        &self.game_note
    }

    /// The view with the scenario's Chart inputs.
    pub(crate) fn from_scenario(scenario: &Scenario) -> ChartView {
        ChartView {
            inputs: scenario.chart.clone(),
            chart: Computed::default(),
            tracker: RunTracker::default(),
            errors: FieldErrors::default(),
            vs_grid: super::grid::GridState::default(),
            game_note: Vec::new(),
        }
    }

    /// The chart on screen.
    pub fn shown(&self) -> Option<&ChartResult> {
        self.chart.result()
    }

    /// The inputs the shown chart was computed from, with the count and figure chosen
    /// now (choosing them does not recompute).
    fn shown_inputs(&self) -> Option<ChartInputs> {
        let label = &self.chart.shown.as_ref()?.label;
        Some(ChartInputs {
            shown_opponents: self.inputs.shown_opponents,
            figure: self.inputs.figure,
            ..label.clone()
        })
    }

    /// The shown figure of a class at the chosen opponent count: value, SE, point.
    fn cell(&self, class: HandClass) -> Option<(f64, f64, &SweepPoint)> {
        cell(self.shown()?, &self.inputs, class)
    }

    fn validate(&self) -> Result<ChartSpec, FieldErrors> {
        FieldErrors::validate(&self.inputs)
    }
}

impl Default for ChartView {
    fn default() -> ChartView {
        ChartView::from_scenario(&Scenario::default())
    }
}

fn cell<'r>(
    result: &'r ChartResult,
    inputs: &ChartInputs,
    class: HandClass,
) -> Option<(f64, f64, &'r SweepPoint)> {
    let p = result.cells[class.index()]
        .as_ref()?
        .iter()
        .find(|p| p.opponents == inputs.shown())?;
    let (value, se) = inputs.figure.of(p);
    Some((value, se, p))
}

impl View for ChartView {
    fn kind(&self) -> ViewKind {
        ViewKind::Chart
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs_panel(self, ui, cx);
    }

    fn footer(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        footer(self, ui, cx.commands);
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, _commands: &CommandSender) {
        let shown = self.shown_inputs();
        egui::ScrollArea::both()
            .id_salt("chart_map")
            .show(ui, |ui| match (self.shown(), shown) {
                (Some(result), Some(inputs)) => {
                    let size = ui
                        .available_width()
                        .min(ui.available_height() - 60.0)
                        .max(13.0 * 24.0);
                    heat_map(ui, result, &inputs, size);
                }
                _ => {
                    ui.label(if self.errors.is_empty() {
                        "Computing…"
                    } else {
                        "Fix the inputs to compute."
                    });
                }
            });
    }

    fn submit(&mut self, jobs: &JobManager) {
        let validated = self.validate();
        let inputs = &self.inputs;
        self.chart
            .submit(jobs, &mut self.tracker, &mut self.errors, validated, || {
                (inputs.settings(), inputs.clone())
            });
    }

    fn poll(&mut self) -> bool {
        self.chart.poll_into(&mut self.tracker, &mut self.errors)
    }

    fn cancel_jobs(&mut self) {
        self.chart.cancel();
    }

    fn revalidate(&mut self) {
        self.errors = self.validate().err().unwrap_or_default();
    }

    fn apply_own(&mut self, _command: ViewCommand) {}

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let has_errors = !self.errors.is_empty();
        let done = self.shown().map_or(0, |c| c.done);
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
            detail: self.tracker.detail(&self.errors, None),
            figures: format!(
                "{done} of {} hands · {precision}",
                side(self.inputs.game).pow(2)
            ),
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        let result = self.shown()?;
        let inputs = self.shown_inputs()?;
        let header = crate::equity::table_csv::chart_header(
            inputs.game,
            &inputs.opponents,
            &inputs.board,
            &inputs.dead,
            inputs.run.seed,
            result.method_key(),
            inputs.run.target_se,
        );
        Some(crate::equity::table_csv::chart(result, &header, options))
    }

    fn picture(&self) -> Option<Drawing> {
        let result = self.shown()?.clone();
        let inputs = self.shown_inputs()?;
        Some(Box::new(move |ui: &mut egui::Ui| {
            // The map as tall as the picture, and beside it the strongest and weakest
            // classes with their figures: a wide picture is filled, not half empty.
            let size = (ui.available_height() - 90.0).min(ui.available_width() * 0.6);
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| heat_map(ui, &result, &inputs, size));
                ui.add_space(24.0);
                ui.vertical(|ui| ranked_classes(ui, &result, &inputs));
            });
        }))
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.chart = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.chart.clone();
    }

    fn has_result(&self) -> bool {
        self.chart.shown.is_some()
    }
}

/// The left panel of the Chart view.
fn inputs_panel(view: &mut ChartView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    let commands = cx.commands;
    ui.heading(format!("{}-hand chart", side(view.inputs.game).pow(2)));
    let mut edited = false;
    // A class chart is for the two-card games.
    let two_card: Vec<Game> = Game::ALL
        .into_iter()
        .filter(|g| g.has_two_card_ranges())
        .collect();
    if super::game_inputs::game_selector(ui, "chart", &mut view.inputs.game, &two_card) {
        let c = &mut view.inputs;
        view.game_note = super::game_inputs::carry_ranges(
            &mut [("opponents' range".to_string(), &mut c.opponents)],
            c.game,
        );
        view.game_note.extend(super::game_inputs::carry_cards(
            &mut c.board,
            &mut c.dead,
            c.game,
        ));
        edited = true;
    }
    super::game_inputs::game_notes(ui, &mut view.game_note);
    // The notes say what the change of game reset: they go at the next other edit.
    let switched = edited;
    let errors = view.errors.clone();
    let c = &mut view.inputs;
    edited |= super::game_inputs::game_range_field(
        ui,
        c.game,
        "Opponents' range",
        &mut c.opponents,
        errors.at("opponents"),
        &mut view.vs_grid,
        super::widgets::blocked_cards(&c.board, &c.dead),
        cx,
    );
    edited |= super::widgets::board_and_dead(
        ui,
        &mut c.board,
        &mut c.dead,
        (errors.at("board"), errors.at("dead")),
        CardSet::default(),
        "Chart",
    );
    for field in ["inputs", "opponent_counts"] {
        if let Some(e) = errors.at(field) {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
    }
    edited |= super::widgets::opponent_span(ui, "Compute against", &mut c.opponent_counts, c.game);
    ui.horizontal(|ui| {
        let (lo, hi) = c.opponent_counts;
        let l = ui.label("Show");
        let mut shown = c.shown();
        if ui
            .add(
                egui::Slider::new(&mut shown, lo..=hi.max(lo))
                    .custom_formatter(|n, _| match n as usize {
                        1 => "1 opponent".to_string(),
                        n => format!("{n} opponents"),
                    })
                    .custom_parser(|text| text.split_whitespace().next()?.parse().ok()),
            )
            .labelled_by(l.id)
            .changed()
        {
            c.shown_opponents = shown;
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Figure");
        for figure in ChartFigure::ALL {
            ui.radio_value(&mut c.figure, figure, figure.name())
                .on_hover_text(figure.metric().definition);
        }
    });
    ui.horizontal(|ui| edited |= super::widgets::precision_slider(ui, &mut c.run.target_se));
    for field in ["target_se", "memory_budget_mb"] {
        if let Some(e) = errors.at(field) {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
    }
    if edited && !switched {
        view.game_note.clear();
    }
    if edited {
        commands.view(ViewKind::Chart, ViewCommand::Edited);
    }
}

/// Stop/Resume and the CSV export, below the inputs.
fn footer(view: &ChartView, ui: &mut egui::Ui, commands: &CommandSender) {
    ui.separator();
    super::widgets::problem_line(ui, &view.errors);
    ui.horizontal_wrapped(|ui| {
        let state = super::widgets::RunState {
            running: view.tracker.running,
            stale: view.tracker.stale,
            can_run: view.errors.is_empty(),
        };
        if let Some(command) = super::widgets::stop_and_run_again(ui, state) {
            commands.view(ViewKind::Chart, command);
        }
        if ui.button("Export chart as CSV…").clicked() {
            commands.send(Command::OpenDialog(
                super::command::DialogPurpose::ExportCsv,
            ));
        }
    });
}

/// The rows (and columns) of a game's chart: one per rank in its deck (13, or short
/// deck's 9, A to 6).
fn side(game: Game) -> usize {
    13 - game.lowest_rank() as usize
}

/// The strongest and weakest classes by the chart's figure, with their values, in two
/// columns side by side, as many as fit (a picture's side column).
fn ranked_classes(ui: &mut egui::Ui, result: &ChartResult, inputs: &ChartInputs) {
    let mut ranked: Vec<(HandClass, f64, f64)> = HandClass::all()
        .filter_map(|c| cell(result, inputs, c).map(|(v, se, _)| (c, v, se)))
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    let rows = ((ui.available_height() - 60.0) / 22.0).max(4.0) as usize;
    let each = rows.min(ranked.len().div_ceil(2));
    let figure = inputs.figure.metric().name;
    let column = |ui: &mut egui::Ui, title: String, lines: &[(HandClass, f64, f64)]| {
        ui.vertical(|ui| {
            ui.label(RichText::new(title).strong().size(16.0));
            for &(class, v, se) in lines {
                let text = if se > 0.0 {
                    format!("{class:<4} {:>6.2}% ± {:.2}", 100.0 * v, 100.0 * se)
                } else {
                    format!("{class:<4} {:>6.2}%", 100.0 * v)
                };
                ui.label(RichText::new(text).monospace().size(15.0));
            }
        });
    };
    let weakest: Vec<_> = ranked.iter().rev().take(each).copied().collect();
    ui.horizontal_top(|ui| {
        column(ui, format!("Strongest by {figure}"), &ranked[..each]);
        ui.add_space(32.0);
        column(ui, format!("Weakest by {figure}"), &weakest);
    });
}

/// The heat map with its title and colour key, `size` points wide.
pub(crate) fn heat_map(ui: &mut egui::Ui, result: &ChartResult, inputs: &ChartInputs, size: f32) {
    heat_map_title(ui, result, inputs);
    let n = inputs.shown();
    let side = side(inputs.game);
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
    if lo.is_finite() {
        colour_key(ui, lo, hi, shade);
    }
    // The grid's first `side` rows and columns: aces down to deuces, or to sixes.
    let cell = (size / side as f32).clamp(24.0, 72.0);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(side as f32 * cell, side as f32 * cell),
        Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    for class in HandClass::all().filter(|c| c.row() < side && c.col() < side) {
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
        if col < side && row < side {
            let class = HandClass::at(row, col);
            // The tooltip belongs to the cell under the pointer, not to the whole map
            // (whose tooltip sat below the map, far from the cell).
            let cell_rect = egui::Rect::from_min_size(
                rect.min + egui::vec2(col as f32 * cell, row as f32 * cell),
                egui::vec2(cell, cell),
            );
            let cell_response = ui.interact(
                cell_rect,
                response.id.with(("chart cell", row, col)),
                Sense::hover(),
            );
            if let Some((_, _, p)) = value(class) {
                cell_response.on_hover_text(cell_tip(class, n, p));
            }
        }
    }
}

/// The map's title: the game, the figure, the opponents and their range (the whole range
/// on hover when shortened), the board, and how many hands are done.
fn heat_map_title(ui: &mut egui::Ui, result: &ChartResult, inputs: &ChartInputs) {
    let n = inputs.shown();
    let figure = inputs.figure.metric().name;
    let board = if inputs.board.trim().is_empty() {
        "preflop".to_string()
    } else {
        inputs.board.trim().to_string()
    };
    let holding = match inputs.opponents.trim() {
        "random" => "random opponent(s)".to_string(),
        vs => format!("opponent(s) holding {vs}"),
    };
    let game = inputs.game;
    let side = side(game);
    let holding_short = match inputs.opponents.trim() {
        "random" => holding.clone(),
        vs => format!("opponent(s) holding {}", super::widgets::shorten(vs, 48)),
    };
    // The hands shown at this count (the cells with a figure), not the classes finished
    // at every count: a full grid never reads "0 of 169".
    let shown = result
        .cells
        .iter()
        .flatten()
        .filter(|points| points.iter().any(|p| p.opponents == n))
        .count()
        .max(result.done);
    let heading = ui.heading(format!(
        "{}{figure} against {n} {holding_short}, {board} ({shown} of {} hands)",
        game.prefix(": "),
        side * side
    ));
    if holding_short != holding {
        heading.on_hover_text(super::widgets::shorten(&holding, 4_000));
    }
}

/// The colour key: the lowest figure on the map to the highest.
fn colour_key(ui: &mut egui::Ui, lo: f64, hi: f64, shade: impl Fn(f64) -> Color32) {
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

/// A cell's tooltip: its figures, each with its error (an exact point has none to show:
/// it says so instead of "± 0.00").
fn cell_tip(class: HandClass, n: usize, p: &SweepPoint) -> String {
    if p.method == crate::equity::Method::Exact {
        format!(
            "{class} vs {n}: equity {:.2}%, win {:.2}%, tie {:.2}% (exact)",
            100.0 * p.equity,
            100.0 * p.win,
            100.0 * p.tie
        )
    } else {
        format!(
            "{class} vs {n}: equity {:.2}% ± {:.2}, win {:.2}% ± {:.2}, tie {:.2}% ± {:.2}",
            100.0 * p.equity,
            100.0 * p.std_error.equity,
            100.0 * p.win,
            100.0 * p.std_error.win,
            100.0 * p.tie,
            100.0 * p.std_error.tie
        )
    }
}

crate::view::inputs_accessors!(ChartView, ChartInputs);
