//! The MultiOdds view: a hero against 1–N opponents; Win, Tie, Equity, HS, PPot and
//! NPot plotted against the opponent count with their error bands, the results table,
//! the hand types, and outs and draws on a flop or turn.

pub mod inputs;
mod outs_panel;
pub mod plot;
mod table;

use super::grid::GridState;
use super::picture::Drawing;
use super::view::{CsvOptions, RunTracker, View, ViewCommand, ViewContext, ViewStatus, ViewTab};
use super::CommandSender;
use crate::equity::outs::Outs;
use crate::equity::run::SweepResult;
use crate::equity::sweep::Sweep;
use crate::scenario::Scenario;
use crate::worker::{Job, JobManager, JobOutput, OutsSpec, Progress, Slot};
pub use inputs::{FieldErrors, Inputs};
pub use plot::FigureOptions;

/// The sweep of the inputs.
const SWEEP: Slot = Slot(1);
/// Outs and draws of a known hero hand on a flop or turn.
const OUTS: Slot = Slot(2);

/// A finished or running result, with the inputs it belongs to.
#[derive(Clone, Debug)]
pub struct Shown {
    pub result: SweepResult,
    pub title: String,
}

/// The MultiOdds view: its inputs (persisted through the app's `State`) and runtime.
pub struct MultiOddsView {
    pub inputs: Inputs,
    pub figures: FigureOptions,
    pub shown: Option<Shown>,
    /// A baseline to compare against (Pin).
    pub pinned: Option<Shown>,
    pub errors: FieldErrors,
    pub tracker: RunTracker,
    /// The opponent count whose hand types are shown.
    pub selected_opponents: usize,
    pub hero_grid: GridState,
    pub opponents_grid: GridState,
    /// Outs and draws (an outs job's answer).
    pub outs: Option<Result<Box<Outs>, String>>,
    /// Where the plot's frame was drawn last (the layout tests read it).
    pub plot_rect: Option<egui::Rect>,
    /// The inputs validated once per edit (the check may search for a possible deal).
    validated: Option<Result<Sweep, Box<FieldErrors>>>,
    /// The title of the inputs the running job computes.
    job_title: String,
}

impl MultiOddsView {
    pub fn new(inputs: Inputs, figures: FigureOptions) -> MultiOddsView {
        MultiOddsView {
            inputs,
            figures,
            shown: None,
            pinned: None,
            errors: FieldErrors::default(),
            tracker: RunTracker::default(),
            selected_opponents: 1,
            hero_grid: GridState::default(),
            opponents_grid: GridState::default(),
            outs: None,
            plot_rect: None,
            validated: None,
            job_title: String::new(),
        }
    }

    fn validate(&mut self) -> Result<Sweep, Box<FieldErrors>> {
        self.validated
            .take()
            .unwrap_or_else(|| self.inputs.validate())
    }

    /// Outs and draws go with a known hero hand on a flop or turn (against the opponent
    /// when the opponent range is one known hand).
    fn submit_outs(&mut self, sweep: &Sweep, jobs: &mut JobManager) {
        let applies = sweep.hero.len() == 1 && (3..=4).contains(&sweep.board.len());
        if !applies {
            self.outs = None;
            jobs.cancel(OUTS);
            return;
        }
        let opponents = if sweep.opponents.len() == 1 {
            sweep.opponents.combos.clone()
        } else {
            Vec::new()
        };
        let spec = OutsSpec {
            hero: sweep.hero.combos[0],
            board: sweep.board,
            dead: sweep.dead,
            opponents,
        };
        jobs.submit(OUTS, Job::Outs(spec), self.inputs.settings());
    }
}

impl Default for MultiOddsView {
    fn default() -> MultiOddsView {
        MultiOddsView::new(Inputs::default(), FigureOptions::default())
    }
}

impl View for MultiOddsView {
    fn tab(&self) -> ViewTab {
        ViewTab::MultiOdds
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs::inputs_panel(self, ui, cx);
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        let plot_height = (ui.available_height() * 0.5).max(220.0);
        plot::sweep_plot(self, ui, plot_height, commands);
        ui.separator();
        egui::ScrollArea::both()
            .id_salt("multiodds_tables")
            .show(ui, |ui| {
                table::results_table(self, ui, commands);
                outs_panel::outs_panel(self, ui);
            });
    }

    fn submit(&mut self, jobs: &mut JobManager) {
        let has_result = self.has_result();
        match self.validate() {
            Ok(sweep) => {
                self.errors = FieldErrors::default();
                self.submit_outs(&sweep, jobs);
                self.job_title = self.inputs.title();
                jobs.submit(SWEEP, Job::Sweep(sweep), self.inputs.settings());
                self.tracker.started(has_result);
            }
            Err(errors) => {
                self.errors = *errors;
                jobs.cancel(SWEEP);
                self.tracker.rejected(has_result);
            }
        }
    }

    fn slots(&self) -> &'static [Slot] {
        &[SWEEP, OUTS]
    }

    fn side_progress(&mut self, p: Progress) -> Option<Progress> {
        if p.slot != OUTS {
            return Some(p);
        }
        match p.output {
            JobOutput::Outs(o) => self.outs = Some(Ok(o)),
            JobOutput::Failed(e) => self.outs = Some(Err(e.to_string())),
            _ => {}
        }
        None
    }

    fn show(&mut self, output: JobOutput) {
        match output {
            JobOutput::Sweep(result) => {
                let title = self.job_title.clone();
                self.shown = Some(Shown { result, title });
            }
            // A failed job (refused exact work, an engine fault) says why in its view;
            // the rest of the app goes on.
            JobOutput::Failed(e) => self.errors.scenario = Some(e.to_string()),
            _ => {}
        }
    }

    fn revalidate(&mut self) {
        let validated = self.inputs.validate();
        self.errors = match &validated {
            Ok(_) => FieldErrors::default(),
            Err(e) => (**e).clone(),
        };
        self.validated = Some(validated);
    }

    fn apply_own(&mut self, command: ViewCommand) {
        match command {
            ViewCommand::Pin => self.pinned = self.shown.clone(),
            ViewCommand::Unpin => self.pinned = None,
            ViewCommand::Select(n) => self.selected_opponents = n,
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
        let (deals, worst) = self.shown.as_ref().map_or((0, 0.0), |s| {
            let points = &s.result.points;
            let deals: u64 = points.iter().map(|p| p.deals).max().unwrap_or(0);
            let worst = points
                .iter()
                .map(|p| p.std_error.equity)
                .fold(0.0, f64::max);
            (deals, worst)
        });
        let why = self.shown.as_ref().map(|s| s.result.status.describe());
        ViewStatus {
            phase: self.tracker.phase(has_errors),
            detail: self.tracker.detail(has_errors, why),
            figures: if self
                .shown
                .as_ref()
                .is_some_and(|s| s.result.method_key() == "exact")
            {
                format!("{deals} deals per point · exact")
            } else {
                format!(
                    "{deals} deals per point · worst equity SE {:.3}%",
                    100.0 * worst
                )
            },
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        let shown = self.shown.as_ref()?;
        let header = crate::equity::table_csv::sweep_header(&shown.title, &shown.result);
        Some(crate::equity::table_csv::sweep(
            &shown.result,
            &header,
            options,
        ))
    }

    fn picture(&self) -> Option<Drawing> {
        let shown = self.shown.clone()?;
        let pinned = self.pinned.clone();
        let figures = self.figures;
        let span = self.inputs.opponent_span();
        Some(Box::new(move |ui: &mut egui::Ui| {
            ui.heading(format!("MultiOdds: {}", shown.title));
            let height = ui.available_height();
            plot::draw_plot(
                ui,
                &plot::PlotData {
                    shown: Some(&shown),
                    pinned: pinned.as_ref(),
                    figures,
                    span,
                    height,
                    id: "sweep_picture",
                },
            );
        }))
    }

    fn scenario(&self) -> Scenario {
        self.inputs.to_scenario()
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = Inputs::from_scenario(scenario);
    }

    fn reset(&mut self) {
        self.inputs = Inputs::default();
    }

    fn has_result(&self) -> bool {
        self.shown.is_some()
    }
}
