//! The Range view: what a range holds on a board (made hands and draws; a line selects
//! its combos, which can be kept or removed), every combo's exact equity against the
//! other seat's range (the sorted curve, four buckets, the 13×13 grid coloured by each
//! class's mean equity), and what each next card does (a 4×13 card table). In short
//! deck and the Omaha games: the game's hand categories and draws, every hand's equity
//! (curve, buckets, the hands listed) and the next-card table.

use super::command::{CommandSender, SentHands, ViewCommand};
use super::game_inputs::{carry_cards, carry_ranges, game_notes, game_range_field, game_selector};
use super::grid::GridState;
use super::picture::Drawing;
use super::view::{
    Computed, CsvOptions, FieldErrors, HandsTaken, RunTracker, View, ViewContext, ViewStatus,
};
use super::widgets::{blocked_cards, board_and_dead, ERROR_COLOR};
use crate::cards::{Card, CardSet, Game};
use crate::equity::breakdown::Breakdown;
use crate::equity::by_combo::NextCard;
use crate::equity::range_analysis::{ByHand, HandEquity, RangeAnalysis, RangeJob};
use crate::range::{Combo, HandClass, HandRange};
use crate::scenario::{RangeInputs, Scenario, ViewKind};
use crate::worker::JobManager;
use egui::{Color32, RichText, Sense, Stroke};

pub use super::range_lines::LineKey;
use super::range_lines::Selection;

/// The Range view: its inputs (persisted through the app's `State`) and runtime.
pub struct RangeView {
    /// What the user set (persisted).
    pub(crate) inputs: RangeInputs,
    /// The analysis of the inputs, and the result on screen with its title.
    pub(crate) analysis: Computed<RangeJob, String>,
    /// Debounce, running, stale, clock.
    pub(crate) tracker: RunTracker,
    /// Problems at their fields.
    pub(crate) errors: FieldErrors,
    /// The breakdown lines whose combos are selected.
    pub(crate) selection: Selection,
    /// The next cards as a list sorted by the range's equity change (else the 4×13
    /// table).
    pub(crate) sort_next: bool,
    /// What the last change of game reset.
    pub(crate) game_note: Vec<String>,
    range_grid: GridState,
    vs_grids: Vec<GridState>,
}

impl RangeView {
    /// The view with the scenario's Range inputs.
    pub(crate) fn from_scenario(scenario: &Scenario) -> RangeView {
        RangeView {
            inputs: scenario.range.clone(),
            analysis: Computed::default(),
            tracker: RunTracker::default(),
            errors: FieldErrors::default(),
            selection: Selection::default(),
            sort_next: false,
            game_note: Vec::new(),
            range_grid: GridState::default(),
            vs_grids: Vec::new(),
        }
    }

    /// The game menu; a new game carries the ranges, board and dead cards over (what no
    /// longer applies is named in the game note) and drops seats past its limit. Returns
    /// true when the game changed.
    fn switch_game(&mut self, ui: &mut egui::Ui) -> bool {
        if !game_selector(ui, "range", &mut self.inputs.game, &Game::with_board()) {
            return false;
        }
        let i = &mut self.inputs;
        let game = i.game;
        let mut fields: Vec<(String, &mut String)> = vec![("range".into(), &mut i.range)];
        fields.extend(
            i.vs.iter_mut()
                .enumerate()
                .map(|(k, t)| (format!("seat {}", k + 2), t)),
        );
        self.game_note = carry_ranges(&mut fields, game);
        if i.vs.len() + 1 > game.max_seats() {
            self.game_note.push(format!(
                "seats {} to {} removed ({} deals at most {})",
                game.max_seats() + 1,
                i.vs.len() + 1,
                game.name(),
                game.max_seats()
            ));
            i.vs.truncate(game.max_seats() - 1);
        }
        self.game_note
            .extend(carry_cards(&mut i.board, &mut i.dead, game));
        self.selection.clear();
        true
    }

    /// The other seats' range fields, "Add seat" above them (so it stays under the
    /// pointer) and a remove button each. Returns true when one changed.
    fn other_seats(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>, blocked: CardSet) -> bool {
        let mut edited = false;
        let errors = self.errors.clone();
        let i = &mut self.inputs;
        let game = i.game;
        ui.horizontal(|ui| {
            let seats = i.vs.len() + 1;
            if ui
                .add_enabled(seats < game.max_seats(), egui::Button::new("Add seat"))
                .on_disabled_hover_text(format!(
                    "{} deals at most {} seats",
                    game.name(),
                    game.max_seats()
                ))
                .clicked()
            {
                i.vs.push("random".into());
                edited = true;
            }
            ui.label(format!(
                "{seats} seats: the range and {} other{}",
                seats - 1,
                if seats == 2 { "" } else { "s" }
            ));
        });
        self.vs_grids.resize(i.vs.len(), GridState::default());
        let mut remove = None;
        for k in 0..i.vs.len() {
            let label = format!("Against (seat {})", k + 2);
            edited |= game_range_field(
                ui,
                game,
                &label,
                &mut i.vs[k],
                errors.at(&format!("vs[{k}]")),
                &mut self.vs_grids[k],
                blocked,
                cx,
            );
            if ui.small_button(format!("Remove seat {}", k + 2)).clicked() {
                remove = Some(k);
            }
        }
        if let Some(k) = remove {
            i.vs.remove(k);
            self.vs_grids.remove(k);
            edited = true;
        }
        edited
    }

    /// The breakdown lines selected (their combos highlighted), in the order chosen.
    pub fn selected_lines(&self) -> &[LineKey] {
        &self.selection.lines
    }

    /// The analysis on screen, in any game.
    pub fn shown(&self) -> Option<&RangeAnalysis> {
        self.analysis.result().map(|b| b.as_ref())
    }

    /// The combos of the selected lines (with their weights).
    pub fn selected_combos(&self) -> Vec<(Combo, f64)> {
        match self.shown().and_then(holdem_lines) {
            Some(b) => self.selection.combos(b),
            None => Vec::new(),
        }
    }

    /// The breakdown's lines (click to select their combos) and the edit buttons.
    fn breakdown_table(
        &self,
        ui: &mut egui::Ui,
        analysis: &RangeAnalysis,
        commands: &CommandSender,
    ) {
        ui.vertical(|ui| {
            ui.label(RichText::new("What the range holds").strong());
            match (&analysis.breakdown, holdem_lines(analysis)) {
                (_, Some(b)) => {
                    ui.label(format!("{} combos, weight {:.2}", b.combos, b.weight));
                    super::range_lines::lines_table(ui, b, &self.selection, commands);
                }
                (Err(why), _) => {
                    ui.label(RichText::new(format!("n/a: {why}")).weak());
                }
                (Ok(_), None) => {}
            }
        });
    }

    /// A click on line number `line` (see [`LineKey::all`]), with Ctrl (`toggle`) or
    /// Shift (`extend`).
    fn select_line(&mut self, line: usize, toggle: bool, extend: bool) {
        let Some(key) = LineKey::all().nth(line) else {
            return;
        };
        let shown = match self.shown().and_then(holdem_lines) {
            Some(b) => super::range_lines::shown_lines(b),
            None => Vec::new(),
        };
        self.selection.click(key, toggle, extend, &shown);
    }

    /// Keeps only the selected combos in the range (`keep`), or removes them.
    fn edit_range(&mut self, keep: bool) {
        let chosen = self.selected_combos();
        if chosen.is_empty() {
            return;
        }
        let Ok(current) = HandRange::parse(&self.inputs.range) else {
            return;
        };
        let blocked = blocked_cards(&self.inputs.board, &self.inputs.dead);
        let edited = super::range_lines::edited_range(&current, &chosen, blocked, keep);
        self.inputs.range = edited.to_string();
        self.selection.clear();
    }
}

impl Default for RangeView {
    fn default() -> RangeView {
        RangeView::from_scenario(&Scenario::default())
    }
}

mod draw;
mod game;
use draw::*;
use game::*;

impl View for RangeView {
    fn kind(&self) -> ViewKind {
        ViewKind::Range
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        ui.heading("Range view");
        // The notes say what the change of game reset: they go at the next other edit.
        let switched = self.switch_game(ui);
        game_notes(ui, &mut self.game_note);
        let mut edited = switched;
        let errors = self.errors.clone();
        let i = &mut self.inputs;
        let game = i.game;
        let blocked = blocked_cards(&i.board, &i.dead);
        edited |= game_range_field(
            ui,
            game,
            "Range (seat 1)",
            &mut i.range,
            errors.at("range"),
            &mut self.range_grid,
            blocked,
            cx,
        );
        edited |= self.other_seats(ui, cx, blocked);
        let i = &mut self.inputs;
        edited |= board_and_dead(
            ui,
            &mut i.board,
            &mut i.dead,
            (errors.at("board"), errors.at("dead")),
            CardSet::EMPTY,
            "Range",
        );
        if let Some(message) = errors.whole() {
            ui.label(RichText::new(message).color(ERROR_COLOR));
        }
        ui.separator();
        super::widgets::problem_line(ui, &self.errors);
        let state = super::widgets::RunState {
            running: self.tracker.running,
            stale: self.tracker.stale,
            can_run: self.errors.is_empty(),
        };
        ui.horizontal(|ui| {
            if let Some(command) = super::widgets::stop_and_run_again(ui, state) {
                cx.commands.view(ViewKind::Range, command);
            }
        });
        if edited && !switched {
            self.game_note.clear();
        }
        if edited {
            cx.commands.view(ViewKind::Range, ViewCommand::Edited);
        }
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        let Some(shown) = self.analysis.shown.as_ref() else {
            ui.label(if self.errors.is_empty() {
                "Computing…"
            } else {
                "Fix the inputs to compute."
            });
            return;
        };
        let title = shown.label.clone();
        let analysis = shown.result.as_ref();
        if !analysis.has_holdem_lines() {
            let a = analysis.clone();
            let stale = self.tracker.stale;
            egui::ScrollArea::both()
                .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
                .id_salt("range_view_game")
                .show(ui, |ui| {
                    game_panels(ui, &a, &title, stale, &mut self.sort_next)
                });
            return;
        }
        let selected = self.selected_combos();
        let mut sort_next = self.sort_next;
        egui::ScrollArea::both()
            .id_salt("range_view")
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    super::widgets::title_heading(ui, &title);
                    if self.tracker.stale {
                        ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
                    }
                });
                // Side by side where the window is wide enough, the grid below otherwise.
                let table_width = 310.0;
                let beside = ui.available_width() - table_width - 16.0;
                if beside >= 13.0 * 22.0 {
                    ui.horizontal_top(|ui| {
                        self.breakdown_table(ui, analysis, commands);
                        ui.vertical(|ui| {
                            ui.label(
                                RichText::new("Equity by class (hover for its combos)").strong(),
                            );
                            // What the table left (it may be wider than its estimate):
                            // the grid is never clipped at the window's edge.
                            let left = (ui.available_width() - 8.0).max(13.0 * 16.0);
                            class_grid(ui, analysis, &selected, left.min(13.0 * 34.0));
                        });
                    });
                } else {
                    self.breakdown_table(ui, analysis, commands);
                    ui.label(RichText::new("Equity by class (hover for its combos)").strong());
                    let size = ui.available_width().min(13.0 * 34.0);
                    class_grid(ui, analysis, &selected, size);
                }
                ui.separator();
                ui.label(RichText::new("Equity by combo").strong());
                equity_section(
                    ui,
                    analysis
                        .by_hand
                        .as_ref()
                        .map(|r| (r.equity(), shares(&r.hands))),
                );
                ui.separator();
                next_section(
                    ui,
                    &mut sort_next,
                    &analysis.next,
                    analysis.by_hand.as_ref().map(|r| r.equity()),
                    self.inputs.game,
                );
            });
        self.sort_next = sort_next;
    }

    fn submit(&mut self, jobs: &JobManager) {
        let validated = FieldErrors::validate(&self.inputs);
        let i = &self.inputs;
        let others: Vec<&str> =
            i.vs.iter()
                .map(|v| v.trim())
                .filter(|v| !v.is_empty())
                .collect();
        let title = format!(
            "{}{} vs {} — {}",
            i.game.prefix(": "),
            i.range.trim(),
            if others.is_empty() {
                "(none)".to_string()
            } else {
                others.join(" vs ")
            },
            if i.board.trim().is_empty() {
                "preflop"
            } else {
                i.board.trim()
            }
        );
        self.analysis
            .submit(jobs, &mut self.tracker, &mut self.errors, validated, || {
                (crate::equity::run::RunSettings::default(), title)
            });
    }

    fn poll(&mut self) -> bool {
        self.analysis.poll_into(&mut self.tracker, &mut self.errors)
    }

    fn cancel_jobs(&mut self) {
        self.analysis.cancel();
    }

    fn apply_own(&mut self, command: ViewCommand) {
        match command {
            ViewCommand::Select(line) => self.select_line(line, false, false),
            ViewCommand::SelectLine {
                line,
                toggle,
                extend,
            } => self.select_line(line, toggle, extend),
            ViewCommand::KeepSelected => self.edit_range(true),
            ViewCommand::RemoveSelected => self.edit_range(false),
            _ => {}
        }
    }

    fn revalidate(&mut self) {
        self.errors = FieldErrors::validate(&self.inputs)
            .err()
            .unwrap_or_default();
    }

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let has_errors = !self.errors.is_empty();
        // An estimate says so, with its error, wherever it is shown.
        let equity = |r: &ByHand| match r.sampled {
            None => format!("equity {:.2}% · exact", 100.0 * r.equity()),
            Some(_) => format!(
                "equity {:.2}% ± {:.2} · Monte Carlo estimate",
                100.0 * r.equity(),
                100.0 * r.std_error()
            ),
        };
        let figures = match self.shown() {
            Some(a) => match (&a.breakdown, &a.by_hand) {
                (Ok(b), Ok(r)) => format!("{} {} · {}", b.hands(), b.unit(), equity(r)),
                (Ok(b), Err(_)) => format!("{} {}", b.hands(), b.unit()),
                (Err(_), Ok(r)) => equity(r),
                _ => "n/a".into(),
            },
            None => String::new(),
        };
        ViewStatus {
            phase: self.tracker.phase(has_errors),
            // An exact enumeration's fraction done and time left (other games' analysis).
            detail: self.tracker.detail(&self.errors, None),
            figures,
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        let shown = self.analysis.shown.as_ref()?;
        let mut w = ::csv::Writer::from_writer(Vec::new());
        let pct = |v: f64| options.number(v);
        let _ = w.write_record(["kind", "name", "combos", "weight", "share", "equity"]);
        let a = shown.result.as_ref();
        if !a.has_holdem_lines() {
            game_csv(&mut w, a, &pct);
            let body = String::from_utf8(w.into_inner().ok()?).ok()?;
            return Some(format!(
                "# view: Range\n# game: {}\n# inputs: {}\n{body}",
                a.game.name(),
                shown.label
            ));
        }
        if let Some(b) = holdem_lines(a) {
            for (m, l) in &b.made {
                let _ = w.write_record([
                    "made",
                    m.key(),
                    &l.combos.to_string(),
                    &format!("{:.6}", l.weight),
                    &pct(l.share),
                    "",
                ]);
            }
            for (d, l) in &b.draws {
                let _ = w.write_record([
                    "draw",
                    d.key(),
                    &l.combos.to_string(),
                    &format!("{:.6}", l.weight),
                    &pct(l.share),
                    "",
                ]);
            }
        }
        if let Ok(r) = &a.by_hand {
            for c in &r.hands {
                let name = c.combo().map_or_else(String::new, |c| c.to_string());
                let _ = w.write_record([
                    "combo",
                    &name,
                    "1",
                    &format!("{:.6}", c.weight),
                    &pct(c.share),
                    &pct(c.equity),
                ]);
            }
        }
        if let Ok(next) = &a.next {
            write_next_cards(&mut w, next, &pct);
        }
        let body = String::from_utf8(w.into_inner().ok()?).ok()?;
        Some(format!("# view: Range\n# inputs: {}\n{body}", shown.label))
    }

    fn picture(&self) -> Option<Drawing> {
        let shown = self.analysis.shown.as_ref()?;
        let analysis = shown.result.clone();
        let title = shown.label.clone();
        let selected = self.selected_combos();
        let game = self.inputs.game;
        Some(Box::new(move |ui: &mut egui::Ui| {
            ui.heading(format!(
                "Range view: {}",
                super::widgets::short_title(&title)
            ));
            let size = (ui.available_height() - 200.0).min(ui.available_width() / 2.0);
            let analysis = analysis.as_ref();
            if analysis.has_holdem_lines() {
                // The class grid and the curve side by side, the next-card table below.
                ui.horizontal_top(|ui| {
                    class_grid(ui, analysis, &selected, size);
                    if let Ok(r) = &analysis.by_hand {
                        ui.vertical(|ui| {
                            equity_curve(ui, &shares(&r.hands), size, "range_picture_curve");
                        });
                    }
                });
            } else if let Ok(r) = &analysis.by_hand {
                equity_curve(ui, &shares(&r.hands), size, "range_picture_curve");
            }
            if let (Ok(cards), Ok(r)) = (&analysis.next, &analysis.by_hand) {
                next_card_table(ui, cards, r.equity(), game);
            }
        }))
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.range = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.range.clone();
        self.selection.clear();
    }

    /// The first range analysed against the others.
    fn receive(&mut self, sent: SentHands) -> HandsTaken {
        let mut ranges = sent.ranges.into_iter();
        self.inputs = RangeInputs {
            game: sent.game,
            range: ranges.next().unwrap_or_default(),
            vs: ranges.collect(),
            board: sent.board,
            dead: sent.dead,
        };
        HandsTaken::Taken(None)
    }

    fn help(&self, ui: &mut egui::Ui) -> bool {
        range_view_lines(ui);
        true
    }

    fn has_result(&self) -> bool {
        self.analysis.shown.is_some()
    }
}

/// Hold'em's lines of an analysis (made hands, draws, roll-ups, each combo's class), when
/// it has them and they apply (a flop, turn or river).
fn holdem_lines(a: &RangeAnalysis) -> Option<&Breakdown> {
    a.breakdown.as_ref().ok().and_then(|lines| lines.holdem())
}

crate::view::inputs_accessors!(RangeView, RangeInputs);

/// The Range view's made hands and draws, and how lines are selected.
fn range_view_lines(ui: &mut egui::Ui) {
    ui.heading("Range view lines (Hold'em)");
    ui.label(
        "Each combo has one made hand (the first that applies, strongest first) and \
         any number of draws, counted across every made hand; the lines together \
         count each combo once. Click a line to select its combos, Ctrl-click to \
         add or drop one, Shift-click for a run; lines of one kind join by \"or\", a \
         made hand and a draw by \"and\".",
    );
    crate::widgets::definitions(
        ui,
        "help_lines",
        super::range_lines::LineKey::all()
            .map(|key| (egui::RichText::new(key.name()).strong(), key.definition())),
    );
}
