//! The Flops view: two ranges across every flop. Its inputs (two ranges, dead cards),
//! the texture group chosen (four axes, each any or one value), the group's figures,
//! a chart of the group split by each texture axis, the heat map of a range's class
//! equity over the group, and the group's flops in a sortable table; a flop opens in
//! the Range view. Flops stream in as they finish; a stop keeps what is done, marked
//! partial.

use super::command::{Command, CommandSender, ViewCommand};
use super::picture::Drawing;
use super::view::{Computed, CsvOptions, FieldErrors, RunTracker, View, ViewContext, ViewStatus};
use super::widgets::ERROR_COLOR;
use crate::cards::{CardSet, Game};
use crate::equity::flops::report::{FlopsReport, GroupFigures, TextureFilter};
use crate::equity::flops::texture::{Connectedness, HighCard, Pairing, Suits};
use crate::equity::flops::{Flop, FlopLine, FlopResult};
use crate::range::HandClass;
use crate::scenario::{FlopsColumn, FlopsInputs, RangeInputs, Scenario, ViewKind};
use crate::worker::{FlopsJob, JobManager};
use egui::{Color32, RichText, Sense};
use egui_plot::{Bar, BarChart, Legend, Plot};

/// The Flops view: its inputs (persisted) and runtime.
pub struct FlopsView {
    /// What the user set (persisted).
    pub inputs: FlopsInputs,
    /// The report of the inputs, and the one on screen with the inputs it used.
    pub report: Computed<FlopsJob, FlopsInputs>,
    /// Debounce, running, stale, clock.
    pub tracker: RunTracker,
    /// Problems at their fields.
    pub errors: FieldErrors,
    grids: [super::grid::GridState; 2],
}

impl FlopsView {
    /// The view with the scenario's Flops inputs.
    pub fn from_scenario(scenario: &Scenario) -> FlopsView {
        FlopsView {
            inputs: scenario.flops.clone(),
            report: Computed::default(),
            tracker: RunTracker::default(),
            errors: FieldErrors::default(),
            grids: Default::default(),
        }
    }

    /// The report on screen.
    pub fn shown(&self) -> Option<&FlopsReport> {
        self.report.result()
    }

    /// The shown report's inputs with the group, sort and heat map chosen now.
    fn shown_inputs(&self) -> Option<FlopsInputs> {
        let label = &self.report.shown.as_ref()?.label;
        Some(FlopsInputs {
            filter: self.inputs.filter,
            sort: self.inputs.sort,
            heat_map_range: self.inputs.heat_map_range,
            ..label.clone()
        })
    }

    /// The group's flops on screen, sorted as chosen: (place, flop, result, dealt share).
    pub fn rows(&self) -> Vec<(usize, Flop, FlopResult, f64)> {
        let Some(report) = self.shown() else {
            return Vec::new();
        };
        sorted_rows(report, &self.inputs)
    }
}

fn sorted_rows(report: &FlopsReport, inputs: &FlopsInputs) -> Vec<(usize, Flop, FlopResult, f64)> {
    let total: f64 = report.done_flops().map(|(_, _, w)| w).sum();
    let mut rows: Vec<(usize, Flop, FlopResult, f64)> = report
        .done_flops()
        .filter(|(f, _, _)| inputs.filter.holds(&f.texture))
        .map(|(f, r, w)| {
            (
                r.index,
                *f,
                r.clone(),
                if total > 0.0 { w / total } else { 0.0 },
            )
        })
        .collect();
    let (column, descending) = inputs.sort;
    let key = |row: &(usize, Flop, FlopResult, f64)| -> f64 {
        let seat = |s: usize| row.2.seats.get(s);
        match column {
            FlopsColumn::Flop => -(row.0 as f64),
            FlopsColumn::Weight => row.3,
            FlopsColumn::Equity => seat(0).map_or(-1.0, |s| s.equity),
            FlopsColumn::Nuts1 => seat(0).map_or(-1.0, |s| s.nut80),
            FlopsColumn::Nuts2 => seat(1).map_or(-1.0, |s| s.nut80),
            FlopsColumn::NutAdvantage => match row.2.seats.as_slice() {
                [a, b] => a.nut80 - b.nut80,
                _ => -2.0,
            },
            FlopsColumn::SetOrBetter => seat(0).map_or(-1.0, |s| s.lines[0]),
        }
    };
    rows.sort_by(|a, b| {
        let order = key(a).total_cmp(&key(b));
        if descending {
            order.reverse()
        } else {
            order
        }
    });
    rows
}

impl Default for FlopsView {
    fn default() -> FlopsView {
        FlopsView::from_scenario(&Scenario::default())
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

impl View for FlopsView {
    fn kind(&self) -> ViewKind {
        ViewKind::Flops
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs_panel(self, ui, cx);
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        let (Some(report), Some(inputs)) = (self.shown(), self.shown_inputs()) else {
            ui.label(if self.errors.is_empty() {
                "Computing…"
            } else {
                "Fix the inputs to compute."
            });
            return;
        };
        let stale = self.tracker.stale;
        egui::ScrollArea::vertical()
            .id_salt("flops_view")
            .show(ui, |ui| report_panels(ui, report, &inputs, stale, commands));
    }

    fn submit(&mut self, jobs: &JobManager) {
        let validated = FieldErrors::validate(&self.inputs);
        let inputs = &self.inputs;
        self.report
            .submit(jobs, &mut self.tracker, &mut self.errors, validated, || {
                (Default::default(), inputs.clone())
            });
    }

    fn poll(&mut self) -> bool {
        self.report.poll_into(&mut self.tracker, &mut self.errors)
    }

    fn cancel_jobs(&mut self) {
        self.report.cancel();
    }

    fn stop_jobs(&mut self) {
        self.report.request_stop();
    }

    fn revalidate(&mut self) {
        self.errors = FieldErrors::validate(&self.inputs)
            .err()
            .unwrap_or_default();
    }

    /// The group and the sort change what is shown, not what is computed.
    fn apply_own(&mut self, command: ViewCommand) {
        match command {
            ViewCommand::ShowGroup(filter) => self.inputs.filter = filter,
            ViewCommand::SortFlops(column, descending) => {
                self.inputs.sort = (column, descending);
            }
            _ => {}
        }
    }

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let figures = match self.shown() {
            Some(r) if r.is_complete() => format!("{} flops · exact", r.flops.len()),
            Some(r) => format!("{} of {} flops · exact · PARTIAL", r.done(), r.flops.len()),
            None => String::new(),
        };
        ViewStatus {
            phase: self.tracker.phase(!self.errors.is_empty()),
            detail: self.tracker.detail(&self.errors, None),
            figures,
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, _options: &CsvOptions) -> Option<String> {
        let report = self.shown()?;
        let inputs = self.shown_inputs()?;
        Some(crate::equity::flops::report::flops_csv(
            report,
            &format!(
                "flops: range 1 {} against range 2 {}; dead {}; game {}",
                inputs.range1.trim(),
                inputs.range2.trim(),
                if inputs.dead.trim().is_empty() {
                    "none"
                } else {
                    inputs.dead.trim()
                },
                inputs.game.key()
            ),
        ))
    }

    fn picture(&self) -> Option<Drawing> {
        let report = self.shown()?.clone();
        let inputs = self.shown_inputs()?;
        Some(Box::new(move |ui: &mut egui::Ui| {
            super::widgets::title_heading(ui, &title(&inputs));
            let group = report.group(&inputs.filter);
            ui.label(RichText::new(summary_line(&report, &group)).size(15.0));
            let size = (ui.available_height() - 40.0).min(ui.available_width() * 0.45);
            ui.horizontal_top(|ui| {
                ui.vertical(|ui| {
                    ui.set_width(size);
                    heat_map(ui, &report, &inputs, size);
                });
                ui.add_space(16.0);
                ui.vertical(|ui| {
                    group_figures(ui, &group);
                    axis_chart(ui, &report, &inputs, ui.available_height().min(360.0));
                });
            });
        }))
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.flops = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.flops.clone();
    }

    fn has_result(&self) -> bool {
        self.report.shown.is_some()
    }
}

/// "Flops: range 1 … against range 2 …, dead …" (each range shortened).
fn title(inputs: &FlopsInputs) -> String {
    let short = |t: &str| super::widgets::shorten(t.trim(), 48);
    let dead = if inputs.dead.trim().is_empty() {
        String::new()
    } else {
        format!(", dead {}", inputs.dead.trim())
    };
    format!(
        "{}Flops: range 1 {} against range 2 {}{dead}",
        inputs.game.prefix(": "),
        short(&inputs.range1),
        short(&inputs.range2)
    )
}

/// The group's weight and both ranges' equity in one line.
fn summary_line(report: &FlopsReport, group: &GroupFigures) -> String {
    let partial = if report.is_complete() {
        String::new()
    } else {
        format!(
            " · PARTIAL: {} of {} flops done",
            report.done(),
            report.flops.len()
        )
    };
    match group.seats.as_slice() {
        [a, b] => format!(
            "{}: {} flops, {} of all flops, {} of the deals · equity {} against {} · ≥80%: {} against {}{partial}",
            group.name,
            group.count,
            pct(group.raw_weight),
            pct(group.dealt_weight),
            pct(a.equity),
            pct(b.equity),
            pct(a.nut80),
            pct(b.nut80)
        ),
        _ => format!("{}: no flop with a deal of both ranges{partial}", group.name),
    }
}

/// The left panel.
fn inputs_panel(view: &mut FlopsView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.heading("Flops view");
    ui.label(RichText::new("Hold'em, heads-up, exact: every flop, grouped by texture").weak());
    let errors = view.errors.clone();
    let mut edited = false;
    let i = &mut view.inputs;
    let blocked = CardSet::parse(&i.dead).unwrap_or_default();
    edited |= super::game_inputs::game_range_field(
        ui,
        Game::HOLDEM,
        "Range 1",
        &mut i.range1,
        errors.at("range1"),
        &mut view.grids[0],
        blocked,
        cx,
    );
    edited |= super::game_inputs::game_range_field(
        ui,
        Game::HOLDEM,
        "Range 2",
        &mut i.range2,
        errors.at("range2"),
        &mut view.grids[1],
        blocked,
        cx,
    );
    edited |= super::widgets::text_field(
        ui,
        "Dead cards",
        &mut i.dead,
        errors.at("dead"),
        "cards out of play",
    );
    edited |= ui
        .checkbox(&mut i.all_flops, "Every flop (22,100)")
        .on_hover_text(
            "Run every flop even when both ranges are suit-symmetric and one flop per suit pattern (1,755) would give the same figures",
        )
        .changed();
    for field in ["game", "inputs", "heat_map_range"] {
        if let Some(e) = errors.at(field) {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
    }
    ui.separator();
    ui.label(RichText::new("Texture group").strong());
    filter_buttons(ui, &mut i.filter);
    ui.horizontal(|ui| {
        ui.label("Heat map of");
        ui.selectable_value(&mut i.heat_map_range, 0, "Range 1");
        ui.selectable_value(&mut i.heat_map_range, 1, "Range 2");
    });
    ui.separator();
    super::widgets::problem_line(ui, &view.errors);
    let state = super::widgets::RunState {
        running: view.tracker.running,
        stale: view.tracker.stale,
        can_run: view.errors.is_empty(),
    };
    ui.horizontal_wrapped(|ui| {
        if let Some(command) = super::widgets::stop_and_run_again(ui, state) {
            cx.commands.view(ViewKind::Flops, command);
        }
        if ui.button("Export flops as CSV…").clicked() {
            cx.commands.send(Command::OpenDialog(
                super::command::DialogPurpose::ExportCsv,
            ));
        }
    });
    if edited {
        cx.commands.view(ViewKind::Flops, ViewCommand::Edited);
    }
}

/// One row of buttons per texture axis: "any" and each value.
fn filter_buttons(ui: &mut egui::Ui, filter: &mut TextureFilter) {
    fn axis<T: Copy + PartialEq>(
        ui: &mut egui::Ui,
        value: &mut Option<T>,
        all: &[T],
        name: fn(T) -> &'static str,
    ) {
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(value, None, "any");
            for &v in all {
                ui.selectable_value(value, Some(v), name(v));
            }
        });
    }
    axis(ui, &mut filter.suits, &Suits::ALL, Suits::name);
    axis(ui, &mut filter.pairing, &Pairing::ALL, Pairing::name);
    axis(ui, &mut filter.high, &HighCard::ALL, HighCard::name);
    axis(
        ui,
        &mut filter.connected,
        &Connectedness::ALL,
        Connectedness::name,
    );
}

/// Everything on the right, top to bottom.
fn report_panels(
    ui: &mut egui::Ui,
    report: &FlopsReport,
    inputs: &FlopsInputs,
    stale: bool,
    commands: &CommandSender,
) {
    ui.horizontal_wrapped(|ui| {
        super::widgets::title_heading(ui, &title(inputs));
        if stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    ui.label(report.describe_set());
    if !report.is_complete() {
        ui.colored_label(
            Color32::from_rgb(200, 120, 0),
            format!(
                "PARTIAL: {} of {} flops done; every figure is of those",
                report.done(),
                report.flops.len()
            ),
        );
    }
    ui.label(RichText::new(report.describe_check()).weak());
    ui.label(
        RichText::new(
            "Figures are averaged by how often each flop comes given both ranges (dealt weight); raw weight: how often it comes at all.",
        )
        .weak(),
    );
    let group = report.group(&inputs.filter);
    ui.label(RichText::new(summary_line(report, &group)).strong());
    ui.separator();
    let wide = ui.available_width() >= 900.0;
    let map_size = if wide {
        (ui.available_width() * 0.4).min(13.0 * 30.0)
    } else {
        ui.available_width().min(13.0 * 30.0)
    };
    let parts = |ui: &mut egui::Ui, first: bool| {
        if first {
            group_figures(ui, &group);
        } else {
            heat_map(ui, report, inputs, map_size);
        }
    };
    if wide {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| parts(ui, true));
            ui.add_space(16.0);
            ui.vertical(|ui| parts(ui, false));
        });
    } else {
        parts(ui, true);
        parts(ui, false);
    }
    ui.separator();
    ui.label(RichText::new("The group split by texture (equity and ≥80% share)").strong());
    axis_chart(ui, report, inputs, 260.0);
    ui.separator();
    groups_table(ui, report, inputs, commands);
    ui.separator();
    flops_table(ui, report, inputs, commands);
}

/// The group's figures for both ranges, line by line.
fn group_figures(ui: &mut egui::Ui, group: &GroupFigures) {
    let [a, b] = group.seats.as_slice() else {
        ui.label("No flop of this group has a deal of both ranges.");
        return;
    };
    egui::Grid::new("flops_group_figures")
        .striped(true)
        .num_columns(4)
        .show(ui, |ui| {
            for h in ["", "Range 1", "Range 2", "1 − 2"] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            let mut row = |name: &str, x: f64, y: f64| {
                ui.label(name);
                ui.label(pct(x));
                ui.label(pct(y));
                ui.label(format!("{:+.1}", 100.0 * (x - y)));
                ui.end_row();
            };
            row("Equity", a.equity, b.equity);
            row("Win", a.win, b.win);
            row("Tie", a.tie, b.tie);
            row("≥ 80% equity", a.nut80, b.nut80);
            row("≥ 90% equity", a.nut90, b.nut90);
            for (k, name) in ["0–25%", "25–50%", "50–75%", "75–100%"].iter().enumerate() {
                row(&format!("equity {name}"), a.buckets[k], b.buckets[k]);
            }
            for (k, line) in FlopLine::ALL.iter().enumerate() {
                row(line.name(), a.lines[k], b.lines[k]);
            }
        });
}

/// One series of the texture chart: its name, colour and figure of a group.
type Series = (&'static str, Color32, fn(&GroupFigures) -> f64);

/// Bars per texture value within the group: both ranges' equity and ≥80% share.
fn axis_chart(ui: &mut egui::Ui, report: &FlopsReport, inputs: &FlopsInputs, height: f32) {
    let groups: Vec<(String, GroupFigures)> = TextureFilter::by_axis()
        .into_iter()
        .map(|axis| {
            let combined = combine(inputs.filter, axis);
            (axis.short_name(), report.group(&combined))
        })
        .filter(|(_, g)| g.seats.len() == 2)
        .collect();
    let series: [Series; 4] = [
        ("equity 1", Color32::from_rgb(66, 133, 244), |g| {
            g.seats[0].equity
        }),
        ("equity 2", Color32::from_rgb(219, 68, 55), |g| {
            g.seats[1].equity
        }),
        ("≥80% 1", Color32::from_rgb(130, 177, 255), |g| {
            g.seats[0].nut80
        }),
        ("≥80% 2", Color32::from_rgb(255, 138, 128), |g| {
            g.seats[1].nut80
        }),
    ];
    let names: Vec<String> = groups.iter().map(|(n, _)| n.clone()).collect();
    let count = groups.len();
    Plot::new("flops_axis_chart")
        // A mark, and so a name, under every group.
        .x_grid_spacer(move |_| {
            (0..count)
                .map(|i| egui_plot::GridMark {
                    value: i as f64,
                    step_size: 1.0,
                })
                .collect()
        })
        .height(height)
        .legend(Legend::default())
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .y_axis_formatter(|m, _| format!("{:.0}%", 100.0 * m.value))
        .x_axis_formatter(move |m, _| {
            let i = m.value.round();
            if (m.value - i).abs() < 1e-6 && i >= 0.0 {
                names.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .show(ui, |plot| {
            for (k, (name, color, value)) in series.iter().enumerate() {
                let bars: Vec<Bar> = groups
                    .iter()
                    .enumerate()
                    .map(|(i, (group, g))| {
                        Bar::new(i as f64 + (k as f64 - 1.5) * 0.2, value(g))
                            .width(0.18)
                            .name(format!("{group}: {name} {}", pct(value(g))))
                    })
                    .collect();
                plot.bar_chart(BarChart::new(*name, bars).color(*color));
            }
        });
}

/// `filter` with the axis `one` sets replaced by its value.
fn combine(filter: TextureFilter, one: TextureFilter) -> TextureFilter {
    TextureFilter {
        suits: one.suits.or(filter.suits),
        pairing: one.pairing.or(filter.pairing),
        high: one.high.or(filter.high),
        connected: one.connected.or(filter.connected),
    }
}

/// The 13×13 grid of the chosen range's class equity across the group's flops.
fn heat_map(ui: &mut egui::Ui, report: &FlopsReport, inputs: &FlopsInputs, size: f32) {
    let seat = inputs.heat_map_range.min(1);
    ui.label(
        RichText::new(format!(
            "Range {}: equity by class across {} (hover for the figure)",
            seat + 1,
            inputs.filter.name()
        ))
        .strong(),
    );
    let group = report.group(&inputs.filter);
    let Some(figures) = group.seats.get(seat) else {
        ui.label("No deal of both ranges on these flops.");
        return;
    };
    let cell = size / 13.0;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), Sense::hover());
    let painter = ui.painter_at(rect);
    for class in HandClass::all() {
        let at = rect.min + egui::vec2(class.col() as f32 * cell, class.row() as f32 * cell);
        let r = egui::Rect::from_min_size(at, egui::vec2(cell - 1.0, cell - 1.0));
        let (fill, text) = match figures.class_equity[class.index()] {
            Some(e) => {
                let t = e.clamp(0.0, 1.0) as f32;
                (
                    Color32::from_rgb((220.0 * (1.0 - t)) as u8 + 20, (180.0 * t) as u8 + 40, 60),
                    Color32::WHITE,
                )
            }
            None => (Color32::from_gray(60), Color32::from_gray(140)),
        };
        painter.rect_filled(r, 2.0, fill);
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            class.to_string(),
            egui::FontId::proportional((cell * 0.32).clamp(7.0, 14.0)),
            text,
        );
    }
    if let Some(pos) = response.hover_pos() {
        let col = ((pos.x - rect.min.x) / cell) as usize;
        let row = ((pos.y - rect.min.y) / cell) as usize;
        if row < 13 && col < 13 {
            let class = HandClass::at(row, col);
            let text = match figures.class_equity[class.index()] {
                Some(e) => format!("{class}: {} equity across the group", pct(e)),
                None => format!("{class}: not in range {} on these flops", seat + 1),
            };
            response.on_hover_text(text);
        }
    }
}

/// The texture groups of the chosen group, one per axis value, sortable; a click on a
/// group narrows the chosen group to it.
fn groups_table(
    ui: &mut egui::Ui,
    report: &FlopsReport,
    inputs: &FlopsInputs,
    commands: &CommandSender,
) {
    ui.label(RichText::new("Groups (click one to narrow the texture group to it)").strong());
    egui::Grid::new("flops_groups")
        .striped(true)
        .show(ui, |ui| {
            for h in [
                "Group", "Flops", "Raw", "Dealt", "Equity 1", "Equity 2", "≥80% 1", "≥80% 2",
                "Nut adv.",
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for axis in TextureFilter::by_axis() {
                let combined = combine(inputs.filter, axis);
                let g = report.group(&combined);
                if g.flops == 0 {
                    continue;
                }
                if ui
                    .selectable_label(inputs.filter == combined, axis.name())
                    .clicked()
                {
                    commands.send(Command::ToView(
                        ViewKind::Flops,
                        ViewCommand::ShowGroup(combined),
                    ));
                }
                ui.label(g.count.to_string());
                ui.label(pct(g.raw_weight));
                ui.label(pct(g.dealt_weight));
                match g.seats.as_slice() {
                    [a, b] => {
                        for x in [a.equity, b.equity, a.nut80, b.nut80] {
                            ui.label(pct(x));
                        }
                        ui.label(format!("{:+.1}", 100.0 * (a.nut80 - b.nut80)));
                    }
                    _ => {
                        ui.label("no deal");
                    }
                }
                ui.end_row();
            }
        });
}

/// The group's flops, sortable by a click on a heading (again: the other way), each
/// flop a button that opens it in the Range view.
fn flops_table(
    ui: &mut egui::Ui,
    report: &FlopsReport,
    inputs: &FlopsInputs,
    commands: &CommandSender,
) {
    let rows = sorted_rows(report, inputs);
    ui.label(
        RichText::new(format!(
            "Flops of the group: {} (click a flop to open it in the Range view)",
            rows.len()
        ))
        .strong(),
    );
    let widths = [96.0, 70.0, 70.0, 70.0, 70.0, 70.0, 70.0, 260.0];
    ui.horizontal(|ui| {
        for (k, column) in FlopsColumn::ALL.iter().enumerate() {
            let (sorted, descending) = inputs.sort;
            let arrow = if sorted == *column {
                if descending {
                    " ⬇"
                } else {
                    " ⬆"
                }
            } else {
                ""
            };
            let button = egui::Button::new(format!("{}{arrow}", column.name())).frame(false);
            if ui.add_sized([widths[k], 18.0], button).clicked() {
                let descending = if sorted == *column {
                    !descending
                } else {
                    *column != FlopsColumn::Flop
                };
                commands.send(Command::ToView(
                    ViewKind::Flops,
                    ViewCommand::SortFlops(*column, descending),
                ));
            }
        }
        ui.add_sized(
            [widths[7], 18.0],
            egui::Label::new(RichText::new("Texture").strong()),
        );
    });
    let row_height = 20.0;
    egui::ScrollArea::vertical()
        .id_salt("flops_table")
        .max_height(420.0)
        .show_rows(ui, row_height, rows.len(), |ui, range| {
            for (_, flop, result, share) in &rows[range] {
                ui.horizontal(|ui| {
                    let name = flop.name();
                    if ui
                        .add_sized([widths[0], row_height], egui::Button::new(&name))
                        .on_hover_text(format!("Open {name} in the Range view"))
                        .clicked()
                    {
                        commands.send(Command::SendToRange(RangeInputs {
                            game: inputs.game,
                            range: inputs.range1.clone(),
                            vs: vec![inputs.range2.clone()],
                            board: name.clone(),
                            dead: inputs.dead.clone(),
                        }));
                    }
                    let cells: Vec<String> = match result.seats.as_slice() {
                        [a, b] => vec![
                            format!("{:.3}%", 100.0 * share),
                            pct(a.equity),
                            pct(a.nut80),
                            pct(b.nut80),
                            format!("{:+.1}", 100.0 * (a.nut80 - b.nut80)),
                            pct(a.lines[0]),
                        ],
                        _ => vec![format!("{:.3}%", 100.0 * share), "no deal".into()],
                    };
                    for (k, text) in cells.iter().enumerate() {
                        ui.add_sized([widths[k + 1], row_height], egui::Label::new(text));
                    }
                    ui.add_sized(
                        [widths[7], row_height],
                        egui::Label::new(RichText::new(flop.texture.describe()).weak()),
                    );
                });
            }
        });
}
