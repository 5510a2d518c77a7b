//! The Flops view: two ranges across every flop. Its inputs (two ranges, dead cards),
//! the texture group chosen (four axes, each any or one value), the group's figures,
//! a chart of the group split by each texture axis, the heat map of a range's class
//! equity over the group, and the group's flops in a sortable table; a flop opens in
//! the Range view. Flops stream in as they finish; a stop keeps what is done, marked
//! partial.

mod report;
use report::{axis_chart, combine, group_figures, heat_map, report_panels};

use super::command::{Command, CommandSender, ViewCommand};
use super::picture::Drawing;
use super::view::{Computed, CsvOptions, FieldErrors, RunTracker, View, ViewContext, ViewStatus};
use super::widgets::ERROR_COLOR;
use crate::cards::{CardSet, Game};
use crate::equity::flops::report::{FlopsReport, GroupFigures, TextureFilter};
use crate::equity::flops::texture::{Connectedness, HighCard, Pairing, Suits};
use crate::equity::flops::{Flop, FlopResult};
use crate::scenario::{FlopsColumn, FlopsInputs, Scenario, ViewKind};
use crate::worker::{FlopsJob, JobManager};
use egui::RichText;

/// The Flops view: its inputs (persisted) and runtime.
pub struct FlopsView {
    /// What the user set (persisted).
    pub(crate) inputs: FlopsInputs,
    /// The report of the inputs, and the one on screen with the inputs it used.
    pub(crate) report: Computed<FlopsJob, FlopsInputs>,
    /// Debounce, running, stale, clock.
    pub(crate) tracker: RunTracker,
    /// Problems at their fields.
    pub(crate) errors: FieldErrors,
    grids: Vec<super::grid::GridState>,
    /// What the last change of game reset, said beside the selector.
    game_note: Vec<String>,
    /// The figures on screen, kept until the report or the group changes: each group
    /// is a pass over every flop and its 169 class equities, too much for every frame.
    figures: Option<(FiguresKey, GroupsShown)>,
    /// The CSV export's rows: every flop, or (the first choice) the group as sorted.
    csv_every_flop: bool,
}

/// What the shown figures were computed from: the report's inputs, how far it had
/// come, and the group chosen.
#[derive(PartialEq)]
struct FiguresKey {
    inputs: FlopsInputs,
    done: usize,
    deals: Option<u64>,
    filter: TextureFilter,
}

/// The chosen group's figures, and the group split by each texture value (those with
/// flops): (filter, name, figures).
struct GroupsShown {
    group: GroupFigures,
    split: Vec<(TextureFilter, String, GroupFigures)>,
}

impl GroupsShown {
    fn of(report: &FlopsReport, filter: TextureFilter) -> GroupsShown {
        GroupsShown {
            group: report.group(&filter),
            // The group split along the axes it leaves open: the monotone group is not
            // split into rainbow and two-tone (those are other groups).
            split: TextureFilter::by_axis()
                .into_iter()
                .filter(|axis| {
                    !((axis.suits.is_some() && filter.suits.is_some())
                        || (axis.pairing.is_some() && filter.pairing.is_some())
                        || (axis.high.is_some() && filter.high.is_some())
                        || (axis.connected.is_some() && filter.connected.is_some()))
                })
                .map(|axis| {
                    let combined = combine(filter, axis);
                    (combined, axis.name(), report.group(&combined))
                })
                .filter(|(_, _, g)| g.flops > 0)
                .collect(),
        }
    }
}

impl FlopsView {
    /// The view with the scenario's Flops inputs.
    pub(crate) fn from_scenario(scenario: &Scenario) -> FlopsView {
        FlopsView {
            inputs: scenario.flops.clone(),
            report: Computed::default(),
            tracker: RunTracker::default(),
            errors: FieldErrors::default(),
            grids: Vec::new(),
            game_note: Vec::new(),
            figures: None,
            csv_every_flop: false,
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
    pub fn rows(&self) -> Vec<(usize, &Flop, &FlopResult, f64)> {
        let Some(report) = self.shown() else {
            return Vec::new();
        };
        sorted_rows(report, &self.inputs)
    }
}

fn sorted_rows<'r>(
    report: &'r FlopsReport,
    inputs: &FlopsInputs,
) -> Vec<(usize, &'r Flop, &'r FlopResult, f64)> {
    let total: f64 = report.done_flops().map(|(_, _, w)| w).sum();
    let mut rows: Vec<(usize, &Flop, &FlopResult, f64)> = report
        .done_flops()
        .filter(|(f, _, _)| inputs.filter.holds(&f.texture))
        .map(|(f, r, w)| (r.index, f, r, if total > 0.0 { w / total } else { 0.0 }))
        .collect();
    let (column, descending) = inputs.sort;
    let key = |row: &(usize, &Flop, &FlopResult, f64)| -> f64 {
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
        let inputs = self.shown_inputs();
        // The report field alone: the figures' cache beside it is written below.
        let (Some(report), Some(inputs)) = (self.report.result(), inputs) else {
            ui.label(if self.errors.is_empty() {
                "Computing…"
            } else {
                "Fix the inputs to compute."
            });
            return;
        };
        let key = FiguresKey {
            inputs: self
                .report
                .shown
                .as_ref()
                .map(|s| s.label.clone())
                .unwrap_or_default(),
            done: report.done(),
            deals: report.sampled.map(|d| d.deals),
            filter: inputs.filter,
        };
        if self.figures.as_ref().is_none_or(|(k, _)| *k != key) {
            self.figures = Some((key, GroupsShown::of(report, inputs.filter)));
        }
        let Some((_, figures)) = &self.figures else {
            return;
        };
        let stale = self.tracker.stale;
        egui::ScrollArea::vertical()
            .id_salt("flops_view")
            .show(ui, |ui| {
                report_panels(ui, report, figures, &inputs, stale, commands)
            });
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
            ViewCommand::CsvEveryFlop(every) => self.csv_every_flop = every,
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
            Some(r) if r.is_complete() => format!("{} flops · {}", r.flops.len(), r.method()),
            Some(r) => format!(
                "{} of {} flops · {} · PARTIAL",
                r.done(),
                r.flops.len(),
                r.method()
            ),
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
        // What the user chose: the group shown, sorted as the table is (said in the
        // header), or every flop.
        let places: Vec<usize> = self.rows().iter().map(|r| r.0).collect();
        let (column, descending) = self.inputs.sort;
        let words = format!(
            "{}, sorted by {} {}",
            self.inputs.filter.name(),
            column.name(),
            if descending {
                "highest first"
            } else {
                "lowest first"
            }
        );
        let chosen = (!self.csv_every_flop).then_some((&places[..], words.as_str()));
        Some(crate::equity::flops::report::flops_csv_of(
            report,
            &inputs.csv_title(),
            chosen,
        ))
    }

    fn picture(&self) -> Option<Drawing> {
        let report = self.shown()?.clone();
        let inputs = self.shown_inputs()?;
        // A picture has no tooltip to hover: it states its inputs in full (wrapped), and
        // every row of the chart below the map (the picture shrinks to fit them all).
        Some(Box::new(move |ui: &mut egui::Ui| {
            ui.add(egui::Label::new(RichText::new(title(&inputs, None)).heading()).wrap());
            let figures = GroupsShown::of(&report, inputs.filter);
            let group = &figures.group;
            ui.label(RichText::new(summary_line(&report, group)).size(15.0));
            let size = (ui.available_height() * 0.45).min(ui.available_width() * 0.4);
            ui.horizontal_top(|ui| {
                if report.exact {
                    ui.vertical(|ui| {
                        ui.set_width(size);
                        heat_map(ui, group, &inputs, size, false);
                    });
                    ui.add_space(16.0);
                }
                ui.vertical(|ui| group_figures(ui, &report, group));
            });
            ui.add_space(8.0);
            axis_chart(ui, &report, &figures, ui.available_height() - 4.0);
        }))
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.flops = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.flops.clone();
    }

    fn help(&self, ui: &mut egui::Ui) -> bool {
        flops_view(ui);
        true
    }

    fn has_result(&self) -> bool {
        self.report.shown.is_some()
    }
}

/// "Flops: range 1 … against range 2 …, dead …" (each range shortened to `limit`
/// characters, or in full).
fn title(inputs: &FlopsInputs, limit: Option<usize>) -> String {
    let short = |t: &str| match limit {
        Some(n) => super::widgets::shorten(t.trim(), n),
        None => t.trim().to_string(),
    };
    let dead = if inputs.dead.trim().is_empty() {
        String::new()
    } else {
        format!(", dead {}", inputs.dead.trim())
    };
    let more: String = inputs
        .more
        .iter()
        .enumerate()
        .map(|(k, r)| format!(" and range {} {}", k + 3, short(r)))
        .collect();
    format!(
        "{}Flops: range 1 {} against range 2 {}{more}{dead}",
        inputs.game.prefix(": "),
        short(&inputs.range1),
        short(&inputs.range2)
    )
}

/// A range's equity on screen: "41.2%", or "41.2% ± 0.3" when sampled.
fn equity_text(equity: f64, std_error: Option<f64>) -> String {
    match std_error {
        Some(se) => format!("{} ± {:.2}", pct(equity), 100.0 * se),
        None => pct(equity),
    }
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
    if group.seats.is_empty() {
        return format!("{}: no flop with a deal of the ranges{partial}", group.name);
    }
    let equities: Vec<String> = group
        .seats
        .iter()
        .map(|s| equity_text(s.equity, s.std_error))
        .collect();
    let nuts = match (report.exact, group.seats.as_slice()) {
        (true, [a, b]) => format!(" · ≥80%: {} against {}", pct(a.nut80), pct(b.nut80)),
        _ => String::new(),
    };
    format!(
        "{}: {} flops, {} of all flops, {} of the deals · equity {}{nuts}{partial}",
        group.name,
        group.count,
        pct(group.raw_weight),
        pct(group.dealt_weight),
        equities.join(" against ")
    )
}

/// The left panel.
fn inputs_panel(view: &mut FlopsView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.heading("Flops view");
    ui.label(
        RichText::new(
            "Every flop, grouped by texture: Hold'em heads-up exact, other games and more ranges by Monte Carlo",
        )
        .weak(),
    );
    let switched = switch_game(view, ui);
    super::game_inputs::game_notes(ui, &mut view.game_note);
    let mut edited = switched | range_fields(view, ui, cx);
    let errors = view.errors.clone();
    let i = &mut view.inputs;
    edited |= run_fields(ui, i, &errors);
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
        for (label, every, hint) in [
            (
                "Export these flops as CSV…",
                false,
                "The group shown, sorted as the table is",
            ),
            (
                "Export every flop as CSV…",
                true,
                "Every flop of the report, in its order",
            ),
        ] {
            if ui.button(label).on_hover_text(hint).clicked() {
                cx.commands
                    .view(ViewKind::Flops, ViewCommand::CsvEveryFlop(every));
                cx.commands.send(Command::OpenDialog(
                    super::command::DialogPurpose::ExportCsv,
                ));
            }
        }
    });
    if edited && !switched {
        view.game_note.clear();
    }
    if edited {
        cx.commands.view(ViewKind::Flops, ViewCommand::Edited);
    }
}

/// The game menu; a new game carries the ranges and dead cards over (what no longer
/// applies is named in the game note) and drops ranges past its seat limit. Returns true
/// when the game changed.
fn switch_game(view: &mut FlopsView, ui: &mut egui::Ui) -> bool {
    let games = Game::with_board();
    if !super::game_inputs::game_selector(ui, "flops", &mut view.inputs.game, &games) {
        return false;
    }
    let i = &mut view.inputs;
    let game = i.game;
    let mut fields: Vec<(String, &mut String)> = vec![
        ("range 1".into(), &mut i.range1),
        ("range 2".into(), &mut i.range2),
    ];
    fields.extend(
        i.more
            .iter_mut()
            .enumerate()
            .map(|(k, t)| (format!("range {}", k + 3), t)),
    );
    view.game_note = super::game_inputs::carry_ranges(&mut fields, game);
    let mut board = String::new();
    view.game_note.extend(super::game_inputs::carry_cards(
        &mut board,
        &mut i.dead,
        game,
    ));
    if i.more.len() + 2 > game.max_seats() {
        i.more.truncate(game.max_seats() - 2);
    }
    true
}

/// A range field (with its grid) per range, a remove button from the third on, and "Add
/// range" up to the game's seat limit. Returns true when a range changed.
fn range_fields(view: &mut FlopsView, ui: &mut egui::Ui, cx: &ViewContext<'_>) -> bool {
    let mut edited = false;
    let errors = view.errors.clone();
    let i = &mut view.inputs;
    let game = i.game;
    let blocked = CardSet::parse(&i.dead).unwrap_or_default();
    view.grids.resize(i.more.len() + 2, Default::default());
    let mut remove = None;
    for k in 0..i.more.len() + 2 {
        let (label, field) = (
            format!("Range {}", k + 1),
            match k {
                0 => "range1".to_string(),
                1 => "range2".to_string(),
                k => format!("more[{}]", k - 2),
            },
        );
        let text = match k {
            0 => &mut i.range1,
            1 => &mut i.range2,
            k => &mut i.more[k - 2],
        };
        edited |= super::game_inputs::game_range_field(
            ui,
            game,
            &label,
            text,
            errors.at(&field),
            &mut view.grids[k],
            blocked,
            cx,
        );
        if k >= 2 && ui.small_button(format!("Remove range {}", k + 1)).clicked() {
            remove = Some(k - 2);
        }
    }
    if let Some(k) = remove {
        i.more.remove(k);
        view.grids.remove(k + 2);
        edited = true;
    }
    if ui
        .add_enabled(
            i.more.len() + 2 < game.max_seats(),
            egui::Button::new("Add range"),
        )
        .on_hover_text("A third (fourth…) range: the report is then sampled")
        .clicked()
    {
        i.more.push("random".into());
        edited = true;
    }
    edited
}

/// Dead cards, every flop or one per suit pattern, and the Monte Carlo deals per flop, with
/// the problems of the fields that have no field of their own. Returns true when one
/// changed.
fn run_fields(ui: &mut egui::Ui, i: &mut FlopsInputs, errors: &FieldErrors) -> bool {
    let mut edited = false;
    edited |= super::widgets::text_field(
        ui,
        "Dead cards",
        &mut i.dead,
        errors.at("dead"),
        "cards out of play",
    );
    // The game's deck decides how many flops there are (22,100 in Hold'em, 7,140 in short
    // deck).
    let n = i.game.deck().len();
    let flops = (n * (n - 1) * (n - 2) / 6).to_string();
    let (head, tail) = flops.split_at(flops.len().saturating_sub(3));
    let flops = if head.is_empty() {
        tail.to_string()
    } else {
        format!("{head},{tail}")
    };
    edited |= ui
        .checkbox(&mut i.all_flops, format!("Every flop ({flops})"))
        .on_hover_text(
            "Run every flop even when both ranges are suit-symmetric and one flop per suit pattern would give the same figures",
        )
        .changed();
    ui.horizontal(|ui| {
        let l = ui.label("Monte Carlo deals per flop");
        edited |= ui
            .add(egui::DragValue::new(&mut i.deals_per_flop).range(100..=1_000_000).speed(50))
            .labelled_by(l.id)
            .on_hover_text("Other games and three or more ranges are sampled: more deals per flop, smaller errors, longer runs")
            .changed();
    });
    for field in ["game", "inputs", "heat_map_range", "deals_per_flop"] {
        if let Some(e) = errors.at(field) {
            ui.label(RichText::new(e).color(ERROR_COLOR));
        }
    }
    edited
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

/// The Flops view's figures and textures.
fn flops_view(ui: &mut egui::Ui) {
    use crate::equity::flops::texture::Connectedness;
    use crate::equity::flops::FlopLine;
    ui.heading("Flops view");
    ui.label(
        "Two ranges across every flop (Hold'em, heads-up, exact): 1,755 flops, one per \
         suit pattern, when both ranges are written without suits and no card is dead; \
         all 22,100 otherwise. Raw weight: how often a flop comes at all. Dealt weight: \
         how often it comes given both ranges (card removal); every figure of a group \
         is averaged by it. ≥80% / ≥90%: the share of a range at that equity or more \
         against the other; nut advantage: range 1's ≥80% share less range 2's. The \
         check line: the flops' mean equity equals the preflop equity.",
    );
    let textures = Connectedness::ALL
        .iter()
        .map(|c| (egui::RichText::new(c.name()).strong(), c.definition()));
    let lines = FlopLine::ALL
        .iter()
        .map(|l| (egui::RichText::new(l.name()).strong(), l.definition()));
    crate::widgets::definitions(ui, "help_flops", textures.chain(lines));
}
