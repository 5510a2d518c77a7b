//! The Matchup view (PokerStove-style): 2–10 seats, each a hand or a weighted range
//! (typed or painted on a grid), board and dead cards; per seat equity, win and tie
//! with standard errors, combos, exact/MC, and the hand types each seat wins with.

use super::grid::GridState;
use super::picture::Drawing;
use super::view::{CsvOptions, RunTracker, View, ViewCommand, ViewContext, ViewStatus, ViewTab};
use super::widgets::{
    blocked_cards, board_and_dead, parsed, precision_of, range_field, run_footer, run_settings,
    settings_for, target_se, time_budget_from, DEFAULT_TIME_BUDGET_S, ERROR_COLOR,
};
use super::CommandSender;
use crate::cards::CardSet;
use crate::equity::{Matchup, MatchupResult, Method, MAX_SEATS};
use crate::eval::HandCategory;
use crate::range::HandRange;
use crate::scenario::Scenario;
use crate::worker::{Job, JobManager, JobOutput, Slot};
use egui::{Color32, RichText};

/// What the user typed in the Matchup view (persisted).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct MatchupInputs {
    pub seats: Vec<String>,
    pub board: String,
    pub dead: String,
    pub mode: Method,
    /// Index into the precision steps of the MultiOdds view.
    pub precision: usize,
    pub seed: u64,
    /// A Monte Carlo run ends after this many seconds at most.
    pub time_budget_s: f64,
}

impl Default for MatchupInputs {
    fn default() -> MatchupInputs {
        MatchupInputs {
            seats: vec!["AKs".into(), "QQ".into()],
            board: String::new(),
            dead: String::new(),
            mode: Method::Auto,
            precision: 2,
            seed: 1,
            time_budget_s: DEFAULT_TIME_BUDGET_S,
        }
    }
}

/// Per-field messages of the Matchup view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchupErrors {
    pub seats: Vec<Option<String>>,
    pub board: Option<String>,
    pub dead: Option<String>,
    pub scenario: Option<String>,
}

impl MatchupErrors {
    pub fn is_empty(&self) -> bool {
        self.seats.iter().all(Option::is_none)
            && self.board.is_none()
            && self.dead.is_none()
            && self.scenario.is_none()
    }
}

impl MatchupInputs {
    pub fn target_se(&self) -> f64 {
        target_se(self.precision)
    }

    /// Checks every field; the matchup to run, or every field's problem.
    pub fn validate(&self) -> Result<Matchup, Box<MatchupErrors>> {
        let mut errors = MatchupErrors {
            seats: vec![None; self.seats.len()],
            ..MatchupErrors::default()
        };
        let mut ranges = Vec::new();
        for (text, slot) in self.seats.iter().zip(&mut errors.seats) {
            ranges.extend(parsed(HandRange::parse(text), text, slot));
        }
        let board = parsed(CardSet::parse(&self.board), &self.board, &mut errors.board);
        let dead = parsed(CardSet::parse(&self.dead), &self.dead, &mut errors.dead);
        if !errors.is_empty() {
            return Err(Box::new(errors));
        }
        let (Some(board), Some(dead)) = (board, dead) else {
            unreachable!("no field error means the cards parsed")
        };
        Matchup::new(ranges, board, dead).map_err(|e| {
            errors.scenario = Some(e.to_string());
            Box::new(errors)
        })
    }

    pub fn to_scenario(&self) -> Scenario {
        Scenario {
            view: crate::scenario::View::Matchup,
            seats: self.seats.clone(),
            board: self.board.clone(),
            dead: self.dead.clone(),
            mode: self.mode,
            target_se: self.target_se(),
            time_budget_ms: (self.time_budget_s * 1000.0) as u64,
            seed: self.seed,
            ..Scenario::default()
        }
    }

    pub fn from_scenario(s: &Scenario) -> MatchupInputs {
        let precision = precision_of(s.target_se);
        MatchupInputs {
            seats: s.seats.clone(),
            board: s.board.clone(),
            dead: s.dead.clone(),
            mode: s.mode,
            precision,
            seed: s.seed,
            time_budget_s: time_budget_from(s.time_budget_ms),
        }
    }
}

/// The seats' results, with the seat texts they belong to.
pub type SeatResults = (MatchupResult, Vec<String>);

/// The matchup of the inputs.
const MATCHUP: Slot = Slot(10);

/// The Matchup view: its inputs (persisted through the app's `State`) and runtime.
#[derive(Default)]
pub struct MatchupView {
    pub inputs: MatchupInputs,
    pub shown: Option<SeatResults>,
    pub tracker: RunTracker,
    pub errors: MatchupErrors,
    pub grids: Vec<GridState>,
    pub selected_seat: usize,
    /// The seats the running job computes, and their live combo counts.
    pub job_seats: Vec<String>,
    pub job_combos: Vec<usize>,
    /// A baseline to compare against (Pin).
    pub pinned: Option<SeatResults>,
    /// The inputs validated once per edit.
    validated: Option<Result<Matchup, Box<MatchupErrors>>>,
}

impl MatchupView {
    pub fn new(inputs: MatchupInputs) -> MatchupView {
        MatchupView {
            inputs,
            ..MatchupView::default()
        }
    }
}

impl View for MatchupView {
    fn tab(&self) -> ViewTab {
        ViewTab::Matchup
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs_panel(self, ui, cx);
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        egui::ScrollArea::both()
            .id_salt("matchup_results")
            .show(ui, |ui| {
                results(self, ui, commands);
                if let Some((result, seats)) = &self.shown {
                    ui.add_space(8.0);
                    let height = (ui.available_height() - 8.0).clamp(200.0, 420.0);
                    equity_bars(ui, result, seats, height);
                }
            });
    }

    fn submit(&mut self, jobs: &mut JobManager) {
        let has_result = self.has_result();
        let validated = self
            .validated
            .take()
            .unwrap_or_else(|| self.inputs.validate());
        match validated {
            Ok(m) => {
                self.errors = MatchupErrors::default();
                let i = &self.inputs;
                let settings = settings_for(i.mode, i.target_se(), i.seed, Some(i.time_budget_s));
                self.job_seats = i.seats.clone();
                self.job_combos = m.seats.iter().map(|s| s.len()).collect();
                jobs.submit(MATCHUP, Job::Matchup(m), settings);
                self.tracker.started(has_result);
            }
            Err(errors) => {
                self.errors = *errors;
                jobs.cancel(MATCHUP);
                self.tracker.rejected(has_result);
            }
        }
    }

    fn slots(&self) -> &'static [Slot] {
        &[MATCHUP]
    }

    fn show(&mut self, output: JobOutput) {
        match output {
            JobOutput::Matchup(result) => self.shown = Some((result, self.job_seats.clone())),
            // A failed job (refused exact work, an engine fault) says why in its view.
            JobOutput::Failed(e) => self.errors.scenario = Some(e.to_string()),
            _ => {}
        }
    }

    fn revalidate(&mut self) {
        let validated = self.inputs.validate();
        self.errors = match &validated {
            Ok(_) => MatchupErrors::default(),
            Err(e) => (**e).clone(),
        };
        self.validated = Some(validated);
    }

    fn apply_own(&mut self, command: ViewCommand) {
        match command {
            ViewCommand::Pin => self.pinned = self.shown.clone(),
            ViewCommand::Unpin => self.pinned = None,
            ViewCommand::Select(seat) => self.selected_seat = seat,
            ViewCommand::Edited | ViewCommand::Stop | ViewCommand::Resume => {}
        }
    }

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let has_errors = !self.errors.is_empty();
        let (deals, worst) = self.shown.as_ref().map_or((0, 0.0), |(r, _)| {
            (
                r.deals,
                r.seats.iter().map(|s| s.equity_se).fold(0.0, f64::max),
            )
        });
        let why = self.shown.as_ref().map(|(r, _)| r.status.describe());
        ViewStatus {
            phase: self.tracker.phase(has_errors),
            detail: self.tracker.detail(has_errors, why),
            figures: match self
                .shown
                .as_ref()
                .map(|(r, _)| (r.method, r.has_figures()))
            {
                Some((Method::Exact, _)) => format!("{deals} deals · exact"),
                Some((_, false)) => format!("{deals} deals · figures n/a"),
                _ => format!("{deals} deals · worst equity SE {:.3}%", 100.0 * worst),
            },
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        let (result, seats) = self.shown.as_ref()?;
        let header = [
            ("view", "Matchup".to_string()),
            ("seats", seats.join(" | ")),
            ("board", self.inputs.board.clone()),
            ("dead", self.inputs.dead.clone()),
            ("seed", result.seed.map_or("-".into(), |s| s.to_string())),
            ("method", result.method.key().to_string()),
            ("stopped", result.status.describe()),
        ];
        Some(crate::equity::table_csv::matchup(
            result, seats, &header, options,
        ))
    }

    fn picture(&self) -> Option<Drawing> {
        let (result, seats) = self.shown.clone()?;
        let title = format!(
            "Matchup: {} on {}",
            seats.join(" vs "),
            if self.inputs.board.trim().is_empty() {
                "preflop"
            } else {
                self.inputs.board.trim()
            }
        );
        Some(Box::new(move |ui: &mut egui::Ui| {
            ui.heading(&title);
            equity_bars(ui, &result, &seats, ui.available_height());
        }))
    }

    fn scenario(&self) -> Scenario {
        self.inputs.to_scenario()
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = MatchupInputs::from_scenario(scenario);
    }

    fn reset(&mut self) {
        self.inputs = MatchupInputs::default();
    }

    fn has_result(&self) -> bool {
        self.shown.is_some()
    }
}

/// Equity per seat as bars, win and tie stacked inside (the Matchup view's plot).
fn equity_bars(ui: &mut egui::Ui, result: &MatchupResult, seats: &[String], height: f32) {
    use egui_plot::{Bar, BarChart, Legend, Plot};
    // Too few deals: no bars rather than bars drawn from a handful of deals.
    let shown = result.has_figures();
    let bars = |value: &dyn Fn(&crate::equity::SeatResult) -> f64| -> Vec<Bar> {
        result
            .seats
            .iter()
            .enumerate()
            .filter(|_| shown)
            .map(|(i, s)| Bar::new((i + 1) as f64, 100.0 * value(s)).width(0.6))
            .collect()
    };
    let win = BarChart::new("win", bars(&|s| s.win)).color(Color32::from_rgb(46, 160, 67));
    let tie = BarChart::new("tie share", bars(&|s| s.equity - s.win))
        .color(Color32::from_rgb(240, 180, 40))
        .stack_on(&[&win]);
    let labels: Vec<String> = seats.to_vec();
    Plot::new("matchup_bars")
        .height(height.max(160.0))
        .legend(Legend::default().position(egui_plot::Corner::RightTop))
        .include_y(0.0)
        .include_y(100.0)
        .include_x(0.4)
        .include_x(result.seats.len() as f64 + 0.6)
        .x_axis_label("seat")
        .y_axis_label("equity %")
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round() as usize;
            if (mark.value - i as f64).abs() < 1e-6 && (1..=labels.len()).contains(&i) {
                format!("{i}: {}", labels[i - 1])
            } else {
                String::new()
            }
        })
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_boxed_zoom(false)
        .show(ui, |plot| {
            plot.bar_chart(win);
            plot.bar_chart(tie);
        });
}

/// The left panel of the Matchup view.
pub fn inputs_panel(view: &mut MatchupView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.heading("Matchup view");
    let errors = view.errors.clone();
    let mut edited = false;
    let seats = view.inputs.seats.len();
    view.grids.resize(seats, GridState::default());
    let mut remove = None;
    let blocked = blocked_cards(&view.inputs.board, &view.inputs.dead);
    // "Add seat" above the seats: it stays under the pointer however many seats there
    // are (below them, a second click landed on the new "Remove seat" button). At the
    // limit it stays, disabled, and says why.
    ui.horizontal(|ui| {
        let add = ui
            .add_enabled(seats < MAX_SEATS, egui::Button::new("Add seat"))
            .on_disabled_hover_text(format!(
                "At most {MAX_SEATS} seats: 23 hands and a board use 51 of the 52 cards"
            ));
        if add.clicked() {
            view.inputs.seats.push("random".into());
            edited = true;
        }
        ui.label(format!("{seats} of {MAX_SEATS} seats"));
    });
    ui.separator();
    for i in 0..seats {
        let label = format!("Seat {}", i + 1);
        edited |= range_field(
            ui,
            &label,
            &mut view.inputs.seats[i],
            errors.seats.get(i).and_then(Option::as_ref),
            "AKs, Ah Kh, QQ+, random…",
            &mut view.grids[i],
            blocked,
            cx,
        );
        if seats > 2 && ui.small_button(format!("Remove seat {}", i + 1)).clicked() {
            remove = Some(i);
        }
        ui.separator();
    }
    if let Some(i) = remove {
        view.inputs.seats.remove(i);
        view.grids.remove(i);
        edited = true;
    }
    // Known seat hands take their cards.
    let known = view
        .inputs
        .seats
        .iter()
        .filter_map(|t| CardSet::parse(t).ok().filter(|c| c.len() == 2))
        .fold(CardSet::default(), |a, c| a.union(c));
    edited |= board_and_dead(
        ui,
        &mut view.inputs.board,
        &mut view.inputs.dead,
        (errors.board.as_ref(), errors.dead.as_ref()),
        known,
        "Matchup",
    );
    if let Some(message) = &errors.scenario {
        ui.label(RichText::new(message).color(ERROR_COLOR));
    }
    let m = &mut view.inputs;
    edited |= run_settings(
        ui,
        &mut m.mode,
        &mut m.precision,
        &mut m.seed,
        &mut m.time_budget_s,
    );
    run_footer(
        ui,
        ViewTab::Matchup,
        &view.tracker,
        view.pinned.is_some(),
        view.shown.is_some(),
        edited,
        cx.commands,
    );
}

/// The results of the Matchup view.
pub fn results(view: &MatchupView, ui: &mut egui::Ui, commands: &CommandSender) {
    let Some((result, seats)) = view.shown.as_ref() else {
        ui.label(if view.errors.is_empty() {
            "Computing…"
        } else {
            "Fix the inputs to compute."
        });
        return;
    };
    let color = if view.tracker.stale {
        Color32::GRAY
    } else {
        ui.visuals().text_color()
    };
    let method = match result.method {
        Method::Exact => RichText::new("exact").color(Color32::from_rgb(46, 160, 67)),
        _ => RichText::new("Monte Carlo").color(Color32::from_rgb(66, 133, 244)),
    };
    ui.horizontal(|ui| {
        ui.heading("Matchup");
        ui.label(method);
        ui.label(format!("· {} deals", result.deals));
        if let Some(seed) = result.seed {
            ui.label(format!("· seed {seed}"));
        }
        if view.tracker.stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    let exact = result.method == Method::Exact;
    let pinned = view.pinned.as_ref();
    let shown = result.has_figures();
    // Deltas against the baseline, seat by seat, when it has as many seats (none
    // beside n/a figures).
    let delta = |i: usize, v: f64| {
        pinned
            .as_ref()
            .filter(|_| shown)
            .filter(|(b, _)| b.seats.len() == result.seats.len())
            .map(|(b, _)| format!(" ({:+.2})", 100.0 * (v - b.seats[i].equity)))
            .unwrap_or_default()
    };
    if let Some(why) = result.figures_not_applicable() {
        ui.colored_label(Color32::from_rgb(200, 120, 0), why);
    }
    let pct = |v: f64, se: f64| {
        if !shown {
            "n/a".to_string()
        } else if exact {
            format!("{:.3}", 100.0 * v)
        } else {
            format!("{:.3} ± {:.3}", 100.0 * v, 100.0 * se)
        }
    };
    egui::Grid::new("matchup_results")
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for h in ["seat", "range", "combos", "equity %", "win %", "tie %"] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for (i, (s, text)) in result.seats.iter().zip(seats.iter()).enumerate() {
                if ui
                    .selectable_label(view.selected_seat == i, format!("{}", i + 1))
                    .clicked()
                {
                    commands.view(ViewTab::Matchup, ViewCommand::Select(i));
                }
                // A long range keeps the figures on screen: its first characters, the
                // whole text on hover.
                let short = shorten(text, 40);
                let label = ui.label(RichText::new(&short).monospace());
                if short.len() < text.len() {
                    label.on_hover_text(shorten(text, 2_000));
                }
                let combos = view.job_combos.get(i).copied().unwrap_or(0);
                ui.label(RichText::new(combos.to_string()).monospace());
                ui.label(
                    RichText::new(pct(s.equity, s.equity_se) + &delta(i, s.equity))
                        .monospace()
                        .color(color),
                );
                ui.label(RichText::new(pct(s.win, s.win_se)).monospace().color(color));
                ui.label(RichText::new(pct(s.tie, s.tie_se)).monospace().color(color));
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    let seat = view.selected_seat.min(result.seats.len().saturating_sub(1));
    if let Some(s) = result.seats.get(seat) {
        ui.label(
            RichText::new(format!("Seat {}: the hands it wins or ties with", seat + 1)).strong(),
        );
        egui::Grid::new("matchup_types")
            .striped(true)
            .show(ui, |ui| {
                for (i, c) in HandCategory::ALL.iter().enumerate().rev() {
                    ui.label(c.name());
                    let share = if shown {
                        format!("{:.2} %", 100.0 * s.hand_types[i])
                    } else {
                        "n/a".to_string()
                    };
                    ui.label(RichText::new(share).monospace());
                    ui.end_row();
                }
            });
    }
}

/// The first `chars` characters of `text`, with "…" when cut.
fn shorten(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}
