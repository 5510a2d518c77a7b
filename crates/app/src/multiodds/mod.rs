//! The MultiOdds view: a hero against 1–N opponents; Win, Tie, Equity, HS, PPot and
//! NPot plotted against the opponent count with their error bands, the results table,
//! the hand types, and outs and draws on a flop or turn.

pub(crate) mod inputs;
mod outs_panel;
pub mod plot;
mod table;

use super::command::{CommandSender, ViewCommand};
use super::grid::GridState;
use super::picture::Drawing;
use super::view::{
    Computed, CsvOptions, FieldErrors, Received, RunTracker, View, ViewContext, ViewStatus,
};
use crate::equity::games::SweepJob;
use crate::equity::outs::Outs;
use crate::equity::run::SweepResult;
use crate::equity::Method;
use crate::scenario::{Scenario, SweepInputs, ViewKind};
use crate::worker::{JobManager, OutsSpec};
pub(crate) use plot::FigureOptions;

/// The most baselines pinned at once.
pub(crate) const MAX_PINS: usize = 4;

/// A sweep's result on screen, with the title of the inputs it belongs to.
pub(crate) type Shown = super::view::Shown<SweepResult, String>;

/// The MultiOdds view: its inputs (persisted through the app's `State`) and runtime.
pub struct MultiOddsView {
    /// What the user set (persisted).
    pub(crate) inputs: SweepInputs,
    /// Which figures the plot shows.
    pub figures: FigureOptions,
    /// The sweep of the inputs, and its result on screen.
    pub(crate) sweep: Computed<SweepJob, String>,
    /// Outs and draws of a known hero hand on a flop or turn.
    outs_job: Computed<OutsSpec, ()>,
    /// Baselines to compare against (Pin), oldest first, at most `MAX_PINS`.
    pub(crate) pinned: Vec<Shown>,
    /// The pinned baseline the table's deltas are against (an index into `pinned`).
    pub(crate) delta_pin: usize,
    /// What the last change of game cleared, said beside the selector.
    pub(crate) game_note: Vec<String>,
    /// Problems at their fields.
    pub(crate) errors: FieldErrors,
    /// Debounce, running, stale, clock.
    pub(crate) tracker: RunTracker,
    /// The opponent count whose hand types are shown.
    pub(crate) selected_opponents: usize,
    /// The hero field's grid window.
    pub(crate) hero_grid: GridState,
    /// The opponents field's grid window.
    pub(crate) opponents_grid: GridState,
    /// Outs and draws (an outs job's answer).
    pub(crate) outs: Option<Result<Box<Outs>, String>>,
    /// Where the plot's frame was drawn last (the layout tests read it).
    pub(crate) plot_rect: Option<egui::Rect>,
    /// Where the tables' scroll area was drawn last, scroll bars included.
    pub(crate) tables_rect: Option<egui::Rect>,
    /// The inputs validated once per edit (the check may search for a possible deal).
    validated: Option<Result<SweepJob, FieldErrors>>,
}

/// What the window shows, read by the tests and the other views.
impl MultiOddsView {
    /// Problems at their fields.
    pub fn errors(&self) -> &FieldErrors {
        &self.errors
    }

    /// The pinned baselines, oldest first.
    pub fn pinned(&self) -> &[Shown] {
        &self.pinned
    }

    /// The pinned baseline the table's deltas are against.
    pub fn delta_pin(&self) -> usize {
        self.delta_pin
    }

    /// The outs panel's answer, or why there is none (`None`: nothing asked).
    pub fn outs(&self) -> Option<Result<&Outs, &str>> {
        self.outs
            .as_ref()
            .map(|r| r.as_ref().map(|o| o.as_ref()).map_err(String::as_str))
    }

    /// Where the plot's frame and the tables' scroll area were drawn last.
    pub fn layout_rects(&self) -> (Option<egui::Rect>, Option<egui::Rect>) {
        (self.plot_rect, self.tables_rect)
    }
}

impl MultiOddsView {
    /// The view with the scenario's MultiOdds inputs.
    pub(crate) fn from_scenario(scenario: &Scenario) -> MultiOddsView {
        MultiOddsView {
            inputs: scenario.multiodds.clone(),
            figures: FigureOptions::default(),
            sweep: Computed::default(),
            outs_job: Computed::default(),
            pinned: Vec::new(),
            delta_pin: 0,
            game_note: Vec::new(),
            errors: FieldErrors::default(),
            tracker: RunTracker::default(),
            selected_opponents: 1,
            hero_grid: GridState::default(),
            opponents_grid: GridState::default(),
            outs: None,
            plot_rect: None,
            tables_rect: None,
            validated: None,
        }
    }

    /// The result on screen.
    pub fn shown(&self) -> Option<&Shown> {
        self.sweep.shown.as_ref()
    }

    fn validate(&self) -> Result<SweepJob, FieldErrors> {
        FieldErrors::validate(&self.inputs)
    }

    /// Outs and draws go with a known hero hand on a flop or turn (against the opponent
    /// when the opponent range is one known hand), in any game.
    fn submit_outs(&mut self, sweep: &SweepJob, jobs: &JobManager) {
        let (hero, opponent) = sweep.known_hands();
        let board = sweep.board();
        let Some(hero) = hero.filter(|_| (3..=4).contains(&board.len())) else {
            self.outs = None;
            self.outs_job.cancel();
            return;
        };
        let spec = OutsSpec {
            game: sweep.game(),
            hero,
            board,
            dead: sweep.dead(),
            opponents: opponent.into_iter().collect(),
        };
        self.outs_job
            .start(jobs, spec, self.inputs.run.settings(), ());
    }
}

impl Default for MultiOddsView {
    fn default() -> MultiOddsView {
        MultiOddsView::from_scenario(&Scenario::default())
    }
}

impl View for MultiOddsView {
    fn kind(&self) -> ViewKind {
        ViewKind::MultiOdds
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs::inputs_panel(self, ui, cx);
    }

    fn footer(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs::footer(self, ui, cx);
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        self.figures.hi_lo = self
            .shown()
            .is_some_and(|s| s.result.points.iter().any(|p| p.scoop.is_some()));
        let plot_height = (ui.available_height() * 0.5).max(220.0);
        plot::sweep_plot(self, ui, plot_height, commands);
        ui.separator();
        if self.outs.is_some() {
            // The outs panel sits below the table, often below the fold: say so.
            ui.label(
                egui::RichText::new("Outs and draws: below the table")
                    .italics()
                    .weak(),
            );
        }
        let output = egui::ScrollArea::both()
            .id_salt("multiodds_tables")
            .show(ui, |ui| {
                table::results_table(self, ui, commands);
                outs_panel::outs_panel(self, ui);
            });
        self.tables_rect = Some(output.inner_rect);
    }

    fn submit(&mut self, jobs: &JobManager) {
        let validated = self.validated.take().unwrap_or_else(|| self.validate());
        if let Ok(sweep) = &validated {
            self.submit_outs(sweep, jobs);
        }
        let inputs = &self.inputs;
        self.sweep
            .submit(jobs, &mut self.tracker, &mut self.errors, validated, || {
                (inputs.run.settings(), inputs.title())
            });
    }

    fn poll(&mut self) -> bool {
        if let Some(received) = self.outs_job.poll(&mut RunTracker::default()) {
            match received {
                Received::Failed(e) => self.outs = Some(Err(e.to_string())),
                _ => self.outs = self.outs_job.shown.take().map(|s| Ok(s.result)),
            }
            return true;
        }
        self.sweep.poll_into(&mut self.tracker, &mut self.errors)
    }

    fn stop_jobs(&mut self) {
        self.sweep.request_stop();
    }

    fn cancel_jobs(&mut self) {
        self.sweep.cancel();
        self.outs_job.cancel();
    }

    fn revalidate(&mut self) {
        let validated = self.validate();
        self.errors = validated.as_ref().err().cloned().unwrap_or_default();
        self.validated = Some(validated);
    }

    fn apply_own(&mut self, command: ViewCommand) {
        match command {
            ViewCommand::Pin => {
                if let Some(shown) = self.shown().cloned() {
                    if !self.pinned.iter().any(|p| p.label == shown.label) {
                        self.pinned.push(shown);
                    }
                    if self.pinned.len() > MAX_PINS {
                        self.pinned.remove(0);
                        self.delta_pin = self.delta_pin.saturating_sub(1);
                    }
                }
            }
            ViewCommand::Unpin => {
                self.pinned.clear();
                self.delta_pin = 0;
            }
            ViewCommand::DeltasAgainst(k) if k < self.pinned.len() => self.delta_pin = k,
            ViewCommand::Select(n) => self.selected_opponents = n,
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
        let has_errors = !self.errors.is_empty();
        // Monte Carlo rows' deals and worst error apart from the exact rows' counts
        // (an exact row's billions of deals beside 250,000 per sampled row misled).
        let (mc_deals, worst, exact_rows) = self.shown().map_or((0, 0.0, 0), |s| {
            let points = &s.result.points;
            let mc = points.iter().filter(|p| p.method != Method::Exact);
            let mc_deals: u64 = mc.clone().map(|p| p.deals).max().unwrap_or(0);
            let worst = mc.map(|p| p.std_error.equity).fold(0.0, f64::max);
            let exact_rows = points.iter().filter(|p| p.method == Method::Exact).count();
            (mc_deals, worst, exact_rows)
        });
        let missing = self.shown().map_or(0, |s| s.result.missing.len());
        let why = self.shown().map(|s| s.result.status.describe());
        let mut figures = Vec::new();
        if exact_rows > 0 {
            figures.push(format!("{exact_rows} exact"));
        }
        if mc_deals > 0 {
            figures.push(format!(
                "{mc_deals} deals per Monte Carlo row · worst equity SE {:.3}%",
                100.0 * worst
            ));
        }
        if missing > 0 {
            figures.push(format!("{missing} n/a"));
        }
        ViewStatus {
            phase: self.tracker.phase(has_errors),
            detail: self.tracker.detail(&self.errors, why),
            figures: figures.join(" · "),
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        let shown = self.shown()?;
        let mut header = crate::equity::table_csv::sweep_header(&shown.label, &shown.result);
        // What each pinned baseline is.
        const PIN_KEYS: [&str; MAX_PINS] = ["pinned_1", "pinned_2", "pinned_3", "pinned_4"];
        for (key, p) in PIN_KEYS.iter().zip(&self.pinned) {
            header.push((key, p.label.clone()));
        }
        Some(crate::equity::table_csv::sweep(
            &shown.result,
            &header,
            options,
        ))
    }

    fn picture(&self) -> Option<Drawing> {
        let shown = self.shown()?.clone();
        let pinned = self.pinned.clone();
        let delta_pin = self.delta_pin;
        let figures = self.figures;
        let span = self.inputs.opponent_span();
        Some(Box::new(move |ui: &mut egui::Ui| {
            ui.heading(format!(
                "MultiOdds: {}",
                crate::widgets::short_title(&shown.label)
            ));
            for (k, p) in pinned.iter().enumerate() {
                plot::pinned_caption(ui, k, p, k == delta_pin);
            }
            let height = ui.available_height();
            plot::draw_plot(
                ui,
                &plot::PlotData {
                    shown: Some(&shown),
                    pinned: &pinned,
                    figures,
                    span,
                    height,
                    id: "sweep_picture",
                },
            );
        }))
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.multiodds = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.multiodds.clone();
    }

    fn receive(&mut self, sent: crate::command::SentHands) -> crate::view::HandsTaken {
        inputs::receive(self, sent)
    }

    fn has_result(&self) -> bool {
        self.sweep.shown.is_some()
    }
}

crate::view::inputs_accessors!(MultiOddsView, SweepInputs);
