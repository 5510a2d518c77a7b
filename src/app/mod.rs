//! The desktop app (eframe + egui + egui_plot): the MultiOdds view.
//!
//! One persisted state struct ([`MultiOddsApp`], `#[serde(default)]`) with its runtime
//! parts `#[serde(skip)]`. `logic()` drains the job manager's messages under a time
//! budget and submits debounced edits; `ui()` only draws and collects [`Command`]s, which
//! are applied after layout. Workers never share state with the UI: results arrive as
//! messages.

pub mod chart;
mod files;
pub mod grid;
mod help;
mod inputs;
pub mod matchup;
mod outs_panel;
mod plot;
mod table;

use crate::equity::run::{RunSettings, SweepResult};
use crate::equity::Method;
use crate::scenario::{Scenario, View};
use crate::worker::{Job, JobManager, JobOutput, Slot, StopReason};
pub use inputs::{FieldErrors, Inputs};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How long an edit waits for the next keystroke before it starts a job.
const DEBOUNCE: Duration = Duration::from_millis(100);
/// Most time `logic()` spends draining messages per frame.
const DRAIN_BUDGET: Duration = Duration::from_millis(4);

/// What widgets ask for; applied after the frame's layout.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// An input changed: validate, and submit after the debounce.
    Edited,
    Stop,
    Resume,
    Pin,
    Unpin,
    New,
    Open(PathBuf),
    Save,
    SaveAs(PathBuf),
    ExportCsv(PathBuf),
    /// The plot as a PNG (from a screenshot of the window, cropped to the plot).
    ExportPng(PathBuf),
    OpenDialog(files::DialogPurpose),
    CloseDialog,
    DismissMessage,
    SelectOpponents(usize),
    /// Copy the current view's table to the clipboard as text (CSV).
    CopyTable,
    /// Switch between the MultiOdds and Matchup views.
    ShowView(ViewTab),
    /// Open the Help window.
    ShowHelp,
}

/// The view on screen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ViewTab {
    #[default]
    MultiOdds,
    Matchup,
    Chart,
}

/// A finished or running result, with the inputs it belongs to.
#[derive(Clone, Debug)]
pub struct Shown {
    pub result: SweepResult,
    pub title: String,
}

/// A finished export: the file written, or the message to show.
type ExportOutcome = Result<PathBuf, String>;

/// What the app holds while running (not saved).
pub struct Runtime {
    jobs: Option<JobManager>,
    pub shown: Option<Shown>,
    pub pinned: Option<Shown>,
    /// The shown results belong to older inputs (the inputs are invalid or changed).
    pub stale: bool,
    pub running: bool,
    pub errors: FieldErrors,
    edited_at: Option<Instant>,
    started_at: Option<Instant>,
    /// The title of the inputs the running job computes.
    job_title: String,
    pub elapsed: Duration,
    pub selected_opponents: usize,
    pub dialog: Option<files::Dialog>,
    /// A message for the user (a failed load, a failed save…), shown in a window.
    pub message: Option<String>,
    commands: Vec<Command>,
    threads: Option<usize>,
    /// From the last submit to its first result on screen (ms).
    pub first_result_ms: Option<f32>,
    /// Range grids of the hero and opponent fields.
    pub hero_grid: grid::GridState,
    pub opponents_grid: grid::GridState,
    /// How long the last frames took to lay out and draw (exponential average, ms).
    pub frame_ms: f32,
    /// The running exact enumeration's fraction done and time left.
    pub exact_progress: Option<(f64, Option<f64>)>,
    /// The Help window is open.
    pub help_open: bool,
    /// Outs and draws of a known hero hand on a flop or turn (an outs job's answer).
    pub outs: Option<Result<Box<crate::equity::outs::Outs>, String>>,
    /// Where the plot was drawn last frame (for PNG export).
    pub plot_rect: Option<egui::Rect>,
    /// Outcomes of PNG exports, written off the UI thread.
    png_done: (
        std::sync::mpsc::Sender<ExportOutcome>,
        std::sync::mpsc::Receiver<ExportOutcome>,
    ),
}

impl Default for Runtime {
    fn default() -> Runtime {
        Runtime {
            jobs: None,
            shown: None,
            pinned: None,
            stale: false,
            running: false,
            errors: FieldErrors::default(),
            // A fresh app computes its inputs right away.
            edited_at: Some(Instant::now() - DEBOUNCE),
            started_at: None,
            job_title: String::new(),
            elapsed: Duration::ZERO,
            selected_opponents: 1,
            dialog: None,
            message: None,
            commands: Vec::new(),
            threads: None,
            first_result_ms: None,
            hero_grid: grid::GridState::default(),
            opponents_grid: grid::GridState::default(),
            frame_ms: 0.0,
            outs: None,
            exact_progress: None,
            help_open: false,
            plot_rect: None,
            png_done: std::sync::mpsc::channel(),
        }
    }
}

/// The app: persisted inputs and preferences, plus runtime state.
#[derive(Default, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct MultiOddsApp {
    pub view: ViewTab,
    pub inputs: Inputs,
    pub matchup: matchup::MatchupInputs,
    pub chart: chart::ChartInputs,
    /// Optional figures of the MultiOdds view (win odds, joint potentials).
    pub figures: plot::FigureOptions,
    pub recent: Vec<PathBuf>,
    pub file: Option<PathBuf>,
    #[serde(skip)]
    pub rt: Runtime,
    #[serde(skip)]
    pub matchup_rt: matchup::MatchupRuntime,
    #[serde(skip)]
    pub chart_rt: chart::ChartRuntime,
}

impl MultiOddsApp {
    /// An app with `threads` workers (all cores when `None`).
    pub fn with_threads(threads: Option<usize>) -> MultiOddsApp {
        let mut app = MultiOddsApp::default();
        app.rt.threads = threads;
        app
    }

    /// The app from its saved state, or from defaults for the parts that no longer
    /// validate (hostile or corrupted saved text, a card in two places…), with a
    /// message saying so: a bad saved state never stops the app from starting.
    pub fn restored(saved: MultiOddsApp) -> MultiOddsApp {
        let mut app = saved;
        let mut reset = Vec::new();
        if !app.inputs.is_sane() || app.inputs.validate().is_err() {
            app.inputs = Inputs::default();
            reset.push("MultiOdds view");
        }
        if app.matchup.validate().is_err() || app.matchup.seats.len() > crate::equity::MAX_SEATS {
            app.matchup = matchup::MatchupInputs::default();
            reset.push("Matchup view");
        }
        if app.chart.spec().is_err() {
            app.chart = chart::ChartInputs::default();
            reset.push("Chart view");
        }
        if !reset.is_empty() {
            app.rt.message = Some(format!(
                "The saved inputs of the {} did not validate; they start from the defaults.",
                reset.join(" and the ")
            ));
        }
        app
    }

    /// Queues a command (widgets call this; it runs after layout).
    pub fn command(&mut self, c: Command) {
        self.rt.commands.push(c);
    }

    fn jobs(&mut self, ctx: &egui::Context) -> &mut JobManager {
        if self.rt.jobs.is_none() {
            // A system that cannot start the threads asked for gets one worker and a
            // message, not a crash.
            let mut jobs = match JobManager::new(self.rt.threads) {
                Ok(jobs) => jobs,
                Err(e) => {
                    self.rt.message = Some(format!(
                        "Could not start the worker threads ({e}); computing on one thread."
                    ));
                    JobManager::new(Some(1)).expect("one worker thread")
                }
            };
            let ctx = ctx.clone();
            jobs.set_wake(move || ctx.request_repaint());
            self.rt.jobs = Some(jobs);
        }
        self.rt.jobs.as_mut().expect("just set")
    }

    /// Drains worker messages (under a time budget) and submits debounced edits.
    pub fn logic(&mut self, ctx: &egui::Context) {
        let start = Instant::now();
        if let Some(jobs) = self.rt.jobs.as_mut() {
            while start.elapsed() < DRAIN_BUDGET {
                let Some(p) = jobs.try_recv() else { break };
                if p.slot == Slot::Chart {
                    let c = &mut self.chart_rt;
                    match p.output {
                        JobOutput::Chart(result) => c.shown = Some(result),
                        JobOutput::Failed(e) => c.error = Some(e.to_string()),
                        _ => {}
                    }
                    if p.stopped.is_some() {
                        c.running = false;
                    }
                    continue;
                }
                if p.slot == Slot::Outs {
                    match p.output {
                        JobOutput::Outs(o) => self.rt.outs = Some(Ok(o)),
                        JobOutput::Failed(e) => self.rt.outs = Some(Err(e.to_string())),
                        _ => {}
                    }
                    continue;
                }
                if p.slot == Slot::Matchup {
                    let m = &mut self.matchup_rt;
                    if let JobOutput::ExactProgress {
                        fraction,
                        seconds_left,
                    } = p.output
                    {
                        m.exact_progress = Some((fraction, seconds_left));
                        continue;
                    }
                    m.exact_progress = None;
                    match p.output {
                        JobOutput::Matchup(result) => {
                            m.shown = Some((result, m.job_seats.clone()));
                            m.stale = false;
                        }
                        // A failed job (refused exact work, an engine fault) says why in
                        // its view; the rest of the app goes on.
                        JobOutput::Failed(e) => {
                            m.errors.scenario = Some(e.to_string());
                            m.stale = m.shown.is_some();
                        }
                        _ => {}
                    }
                    if let Some(reason) = p.stopped {
                        m.running = false;
                        m.stale |= reason == StopReason::Cancelled;
                    }
                    continue;
                }
                if let JobOutput::Failed(e) = &p.output {
                    self.rt.errors.scenario = Some(e.to_string());
                    self.rt.stale = self.rt.shown.is_some();
                }
                if let JobOutput::ExactProgress {
                    fraction,
                    seconds_left,
                } = p.output
                {
                    self.rt.exact_progress = Some((fraction, seconds_left));
                    continue;
                }
                self.rt.exact_progress = None;
                if let JobOutput::Sweep(result) = p.output {
                    if self.rt.first_result_ms.is_none() {
                        if let Some(s) = self.rt.started_at {
                            self.rt.first_result_ms = Some(s.elapsed().as_secs_f32() * 1000.0);
                        }
                    }
                    let title = self.rt.job_title.clone();
                    self.rt.shown = Some(Shown { result, title });
                    self.rt.stale = false;
                }
                self.rt.elapsed = p.elapsed;
                if let Some(reason) = p.stopped {
                    self.rt.running = false;
                    if reason == StopReason::Cancelled {
                        self.rt.stale = true;
                    }
                }
            }
        }
        while let Ok(outcome) = self.rt.png_done.1.try_recv() {
            if let Err(e) = outcome {
                self.rt.message = Some(e);
            }
        }
        if let Some(at) = self.rt.edited_at {
            let wait = DEBOUNCE.saturating_sub(at.elapsed());
            if wait.is_zero() {
                self.rt.edited_at = None;
                self.submit(ctx);
            } else {
                ctx.request_repaint_after(wait);
            }
        }
        if self.rt.running {
            if let Some(s) = self.rt.started_at {
                self.rt.elapsed = s.elapsed();
            }
        }
    }

    /// Validates the current view's inputs; starts its job when they are valid, else
    /// marks its results stale.
    fn submit(&mut self, ctx: &egui::Context) {
        match self.view {
            ViewTab::Matchup => return self.submit_matchup(ctx),
            ViewTab::Chart => return self.submit_chart(ctx),
            ViewTab::MultiOdds => {}
        }
        match self.inputs.validate() {
            Ok(sweep) => {
                self.rt.errors = FieldErrors::default();
                self.submit_outs(&sweep, ctx);
                let settings = self.inputs.settings();
                self.rt.job_title = self.inputs.title();
                self.jobs(ctx)
                    .submit(Slot::Sweep, Job::Sweep(sweep), settings);
                self.rt.running = true;
                self.rt.stale = self.rt.shown.is_some();
                self.rt.started_at = Some(Instant::now());
                self.rt.first_result_ms = None;
                self.rt.exact_progress = None;
            }
            Err(errors) => {
                self.rt.errors = *errors;
                if let Some(jobs) = self.rt.jobs.as_mut() {
                    jobs.cancel(Slot::Sweep);
                }
                self.rt.running = false;
                self.rt.stale = self.rt.shown.is_some();
            }
        }
    }

    /// Outs and draws go with a known hero hand on a flop or turn (against the opponent
    /// when the opponent range is one known hand).
    fn submit_outs(&mut self, sweep: &crate::equity::sweep::Sweep, ctx: &egui::Context) {
        let applies = sweep.hero.len() == 1 && (3..=4).contains(&sweep.board.len());
        if !applies {
            self.rt.outs = None;
            if let Some(jobs) = self.rt.jobs.as_mut() {
                jobs.cancel(Slot::Outs);
            }
            return;
        }
        let opponents = if sweep.opponents.len() == 1 {
            sweep.opponents.combos.clone()
        } else {
            Vec::new()
        };
        let spec = crate::worker::OutsSpec {
            hero: sweep.hero.combos[0],
            board: sweep.board,
            dead: sweep.dead,
            opponents,
        };
        let settings = self.inputs.settings();
        self.jobs(ctx).submit(Slot::Outs, Job::Outs(spec), settings);
    }

    fn submit_matchup(&mut self, ctx: &egui::Context) {
        match self.matchup.validate() {
            Ok(m) => {
                self.matchup_rt.errors = matchup::MatchupErrors::default();
                let settings = settings_for(
                    self.matchup.mode,
                    self.matchup.target_se(),
                    self.matchup.seed,
                    Some(self.matchup.time_budget_s),
                );
                self.matchup_rt.job_seats = self.matchup.seats.clone();
                self.matchup_rt.exact_progress = None;
                self.matchup_rt.job_combos = m.seats.iter().map(|s| s.len()).collect();
                self.jobs(ctx)
                    .submit(Slot::Matchup, Job::Matchup(m), settings);
                self.matchup_rt.running = true;
                self.matchup_rt.stale = self.matchup_rt.shown.is_some();
            }
            Err(errors) => {
                self.matchup_rt.errors = *errors;
                if let Some(jobs) = self.rt.jobs.as_mut() {
                    jobs.cancel(Slot::Matchup);
                }
                self.matchup_rt.running = false;
                self.matchup_rt.stale = self.matchup_rt.shown.is_some();
            }
        }
    }

    fn submit_chart(&mut self, ctx: &egui::Context) {
        match self.chart.spec() {
            Ok(spec) => {
                self.chart_rt.error = None;
                // The chart has no time budget: its 169 sweeps each stop at the target.
                let settings = settings_for(
                    Method::MonteCarlo,
                    self.chart.target_se(),
                    self.chart.seed,
                    None,
                );
                self.jobs(ctx)
                    .submit(Slot::Chart, Job::Chart(spec), settings);
                self.chart_rt.running = true;
            }
            Err(e) => {
                self.chart_rt.error = Some(e);
                if let Some(jobs) = self.rt.jobs.as_mut() {
                    jobs.cancel(Slot::Chart);
                }
                self.chart_rt.running = false;
            }
        }
    }

    /// The job slot of the current view.
    fn slot(&self) -> Slot {
        match self.view {
            ViewTab::MultiOdds => Slot::Sweep,
            ViewTab::Matchup => Slot::Matchup,
            ViewTab::Chart => Slot::Chart,
        }
    }

    /// Draws everything; widgets only queue commands.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let frame_start = Instant::now();
        self.shortcuts(ui.ctx());
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui));
        egui::Panel::left("inputs")
            .resizable(true)
            .default_size(320.0)
            .size_range(260.0..=460.0)
            .show(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| match self.view {
                    ViewTab::MultiOdds => inputs::inputs_panel(self, ui),
                    ViewTab::Matchup => matchup::inputs_panel(self, ui),
                    ViewTab::Chart => chart::inputs_panel(self, ui),
                });
            });
        egui::CentralPanel::default().show(ui, |ui| match self.view {
            ViewTab::MultiOdds => {
                let plot_height = (ui.available_height() * 0.55).max(200.0);
                plot::sweep_plot(self, ui, plot_height);
                ui.separator();
                egui::ScrollArea::vertical().show(ui, |ui| {
                    table::results_table(self, ui);
                    outs_panel::outs_panel(self, ui);
                });
            }
            ViewTab::Matchup => {
                egui::ScrollArea::vertical().show(ui, |ui| matchup::results(self, ui));
            }
            ViewTab::Chart => chart::heat_map(self, ui),
        });
        files::dialogs(self, ui.ctx());
        if self.rt.help_open {
            help::help_window(ui.ctx(), &mut self.rt.help_open);
        }
        let commands = std::mem::take(&mut self.rt.commands);
        for c in commands {
            self.apply(c, ui.ctx());
        }
        let ms = frame_start.elapsed().as_secs_f32() * 1000.0;
        self.rt.frame_ms = if self.rt.frame_ms == 0.0 {
            ms
        } else {
            0.9 * self.rt.frame_ms + 0.1 * ms
        };
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let shortcut = |key| KeyboardShortcut::new(Modifiers::COMMAND, key);
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Key::N))) {
            self.command(Command::New);
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Key::O))) {
            self.command(Command::OpenDialog(files::DialogPurpose::Open));
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Key::S))) {
            self.command(Command::Save);
        }
        if ctx.input(|i| i.key_pressed(Key::F1)) {
            self.command(Command::ShowHelp);
        }
    }

    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                if ui.button("New (Ctrl+N)").clicked() {
                    self.command(Command::New);
                }
                if ui.button("Open… (Ctrl+O)").clicked() {
                    self.command(Command::OpenDialog(files::DialogPurpose::Open));
                }
                if ui.button("Save (Ctrl+S)").clicked() {
                    self.command(Command::Save);
                }
                if ui.button("Save As…").clicked() {
                    self.command(Command::OpenDialog(files::DialogPurpose::SaveAs));
                }
                ui.menu_button("Recent", |ui| {
                    if self.recent.is_empty() {
                        ui.label("(none)");
                    }
                    for path in self.recent.clone() {
                        if ui.button(path.display().to_string()).clicked() {
                            self.command(Command::Open(path));
                        }
                    }
                });
                ui.separator();
                if ui.button("Export table as CSV…").clicked() {
                    self.command(Command::OpenDialog(files::DialogPurpose::ExportCsv));
                }
                if ui.button("Copy table as text").clicked() {
                    self.command(Command::CopyTable);
                }
                if ui.button("Export plot or chart as PNG…").clicked() {
                    self.command(Command::OpenDialog(files::DialogPurpose::ExportPng));
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Help (F1)").clicked() {
                    self.command(Command::ShowHelp);
                }
            });
            ui.separator();
            for (tab, name) in [
                (ViewTab::MultiOdds, "MultiOdds view"),
                (ViewTab::Matchup, "Matchup view"),
                (ViewTab::Chart, "Chart view"),
            ] {
                if ui.selectable_label(self.view == tab, name).clicked() && self.view != tab {
                    self.command(Command::ShowView(tab));
                }
            }
            if let Some(file) = &self.file {
                ui.label(file.display().to_string());
            }
        });
    }

    fn status_line(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let threads = self.rt.jobs.as_ref().map_or(0, |j| j.threads());
            let (deals, worst) = match self.view {
                ViewTab::MultiOdds => self.rt.shown.as_ref().map_or((0, 0.0), |s| {
                    let points = &s.result.points;
                    let deals: u64 = points.iter().map(|p| p.deals).max().unwrap_or(0);
                    let worst = points.iter().map(|p| p.std_error.equity).fold(0.0, f64::max);
                    (deals, worst)
                }),
                ViewTab::Matchup => self.matchup_rt.shown.as_ref().map_or((0, 0.0), |(r, _)| {
                    (r.deals, r.seats.iter().map(|s| s.equity_se).fold(0.0, f64::max))
                }),
                ViewTab::Chart => (self.chart_rt.shown.as_ref().map_or(0, |c| c.done as u64), 0.0),
            };
            let (running, errors, stale) = match self.view {
                ViewTab::MultiOdds => (self.rt.running, !self.rt.errors.is_empty(), self.rt.stale),
                ViewTab::Matchup => (
                    self.matchup_rt.running,
                    !self.matchup_rt.errors.is_empty(),
                    self.matchup_rt.stale,
                ),
                ViewTab::Chart => (self.chart_rt.running, self.chart_rt.error.is_some(), false),
            };
            let state = if running {
                "computing"
            } else if errors {
                "fix the inputs"
            } else if stale {
                "stopped"
            } else {
                "done"
            };
            // Why the run stopped, or which figure holds it back (SPEC §5); an exact
            // run's fraction done and time left.
            let exact = match self.view {
                ViewTab::MultiOdds => self.rt.exact_progress,
                ViewTab::Matchup => self.matchup_rt.exact_progress,
                ViewTab::Chart => None,
            };
            let why = match self.view {
                ViewTab::MultiOdds => self.rt.shown.as_ref().map(|s| s.result.status.describe()),
                ViewTab::Matchup => self.matchup_rt.shown.as_ref().map(|(r, _)| r.status.describe()),
                ViewTab::Chart => None,
            };
            let state = match (exact, why) {
                (Some((f, left)), _) if running => format!(
                    "{state} · {}",
                    crate::equity::run::describe_exact_progress(f, left)
                ),
                (_, Some(why)) if !errors && !stale => format!("{state} · {why}"),
                _ => state.to_string(),
            };
            ui.label(format!(
                "{state} · {deals} {} · worst equity SE {:.3}% · {:.1} s · {threads} threads · first result {} · frame {:.1} ms",
                if self.view == ViewTab::Chart { "of 169 hands" } else { "deals" },
                100.0 * worst,
                self.rt.elapsed.as_secs_f64(),
                self.rt.first_result_ms.map_or("-".to_string(), |ms| format!("{ms:.0} ms")),
                self.rt.frame_ms
            ));
            if stale {
                ui.colored_label(egui::Color32::from_rgb(200, 120, 0), "results are stale");
            }
        });
    }

    /// Applies one command.
    pub fn apply(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::Edited if self.view == ViewTab::Chart => {
                self.rt.edited_at = Some(Instant::now());
                if let Some(jobs) = self.rt.jobs.as_mut() {
                    jobs.cancel(Slot::Chart);
                }
                self.chart_rt.running = false;
                self.chart_rt.error = self.chart.spec().err();
                ctx.request_repaint_after(DEBOUNCE);
            }
            Command::Edited if self.view == ViewTab::Matchup => {
                self.rt.edited_at = Some(Instant::now());
                let slot = self.slot();
                if let Some(jobs) = self.rt.jobs.as_mut() {
                    jobs.cancel(slot);
                }
                let m = &mut self.matchup_rt;
                m.running = false;
                m.stale = m.shown.is_some();
                m.errors = match self.matchup.validate() {
                    Ok(_) => matchup::MatchupErrors::default(),
                    Err(e) => *e,
                };
                ctx.request_repaint_after(DEBOUNCE);
            }
            Command::Edited => {
                self.rt.edited_at = Some(Instant::now());
                // The running job computes the old inputs: stop it now, so none of its
                // results reach the screen; the new job starts after the debounce.
                if let Some(jobs) = self.rt.jobs.as_mut() {
                    jobs.cancel(Slot::Sweep);
                }
                self.rt.running = false;
                self.rt.stale = self.rt.shown.is_some();
                // Show field errors at once; the job waits for the debounce.
                self.rt.errors = match self.inputs.validate() {
                    Ok(_) => FieldErrors::default(),
                    Err(e) => *e,
                };
                if !self.rt.errors.is_empty() {
                    self.rt.stale = self.rt.shown.is_some();
                }
                ctx.request_repaint_after(DEBOUNCE);
            }
            Command::Stop => {
                let slot = self.slot();
                if let Some(jobs) = self.rt.jobs.as_mut() {
                    jobs.cancel(slot);
                }
                self.rt.running &= slot != Slot::Sweep;
                self.matchup_rt.running &= slot != Slot::Matchup;
                self.chart_rt.running &= slot != Slot::Chart;
            }
            Command::ShowHelp => self.rt.help_open = true,
            Command::ShowView(tab) => {
                self.view = tab;
                let needs_run = match tab {
                    ViewTab::MultiOdds => self.rt.shown.is_none() && !self.rt.running,
                    ViewTab::Matchup => self.matchup_rt.shown.is_none() && !self.matchup_rt.running,
                    ViewTab::Chart => self.chart_rt.shown.is_none() && !self.chart_rt.running,
                };
                if needs_run {
                    self.submit(ctx);
                }
            }
            Command::Resume => self.submit(ctx),
            Command::Pin => match self.view {
                ViewTab::Matchup => self.matchup_rt.pinned = self.matchup_rt.shown.clone(),
                _ => self.rt.pinned = self.rt.shown.clone(),
            },
            Command::Unpin => match self.view {
                ViewTab::Matchup => self.matchup_rt.pinned = None,
                _ => self.rt.pinned = None,
            },
            Command::New => {
                match self.view {
                    ViewTab::MultiOdds => self.inputs = Inputs::default(),
                    ViewTab::Matchup => self.matchup = matchup::MatchupInputs::default(),
                    ViewTab::Chart => self.chart = chart::ChartInputs::default(),
                }
                self.file = None;
                self.apply(Command::Edited, ctx);
            }
            Command::Open(path) => match Scenario::load(&path) {
                Ok(scenario) => {
                    if scenario.view == View::Chart {
                        self.chart.board = scenario.board.clone();
                        self.chart.dead = scenario.dead.clone();
                        self.chart.seed = scenario.seed;
                        self.chart.precision = Inputs::from_scenario(&scenario).precision;
                        self.view = ViewTab::Chart;
                    } else if scenario.view == View::Matchup {
                        self.matchup = matchup::MatchupInputs::from_scenario(&scenario);
                        self.view = ViewTab::Matchup;
                    } else {
                        self.inputs = Inputs::from_scenario(&scenario);
                        self.view = ViewTab::MultiOdds;
                    }
                    self.file = Some(path.clone());
                    self.remember(path);
                    self.apply(Command::Edited, ctx);
                }
                Err(e) => self.rt.message = Some(format!("Could not open the scenario:\n{e}")),
            },
            Command::Save => match self.file.clone() {
                Some(path) => self.save_to(path),
                None => self.apply(Command::OpenDialog(files::DialogPurpose::SaveAs), ctx),
            },
            Command::SaveAs(path) => self.save_to(path),
            Command::CopyTable => ctx.copy_text(self.table_text().unwrap_or_default()),
            Command::ExportCsv(path) => {
                let csv = self.table_text().unwrap_or_default();
                if let Err(e) = crate::scenario::write_atomically(&path, csv.as_bytes()) {
                    self.rt.message = Some(format!("Could not export to {}:\n{e}", path.display()));
                }
            }
            Command::ExportPng(path) => {
                let Some(rect) = self.rt.plot_rect else {
                    self.rt.message = Some("No plot to export yet".into());
                    return;
                };
                let ppp = ctx.pixels_per_point();
                let done = self.rt.png_done.0.clone();
                let ctx2 = ctx.clone();
                ctx.request_screenshot(move |image| {
                    // Encode and write off the UI thread.
                    std::thread::spawn(move || {
                        let (w, h, rgba) = files::crop(&image, rect, ppp);
                        let png = files::encode_png(w, h, &rgba);
                        let outcome = crate::scenario::write_atomically(&path, &png)
                            .map(|()| path.clone())
                            .map_err(|e| format!("Could not export to {}:\n{e}", path.display()));
                        let _ = done.send(outcome);
                        ctx2.request_repaint();
                    });
                });
            }
            Command::OpenDialog(purpose) => {
                self.rt.dialog = Some(files::Dialog::new(purpose, self.file.as_deref()))
            }
            Command::CloseDialog => self.rt.dialog = None,
            Command::DismissMessage => self.rt.message = None,
            Command::SelectOpponents(n) => self.rt.selected_opponents = n,
        }
    }

    /// The current view's table as CSV text.
    fn table_text(&self) -> Option<String> {
        match self.view {
            ViewTab::Chart => self.chart_rt.shown.as_ref().map(|c| c.to_csv()),
            ViewTab::Matchup => self
                .matchup_rt
                .shown
                .as_ref()
                .map(|(r, seats)| matchup::to_csv(r, seats)),
            ViewTab::MultiOdds => self.rt.shown.as_ref().map(|s| table::to_csv(&s.result)),
        }
    }

    fn save_to(&mut self, path: PathBuf) {
        let scenario = match self.view {
            ViewTab::MultiOdds => self.inputs.to_scenario(),
            ViewTab::Matchup => self.matchup.to_scenario(),
            ViewTab::Chart => Scenario {
                view: View::Chart,
                board: self.chart.board.clone(),
                dead: self.chart.dead.clone(),
                target_se: self.chart.target_se(),
                seed: self.chart.seed,
                ..Scenario::default()
            },
        };
        match scenario.save(&path) {
            Ok(()) => {
                self.file = Some(path.clone());
                self.remember(path);
            }
            Err(e) => self.rt.message = Some(format!("Could not save:\n{e}")),
        }
    }

    fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(8);
    }

    /// Whether a job is running.
    pub fn is_running(&self) -> bool {
        self.rt.running
    }
}

impl eframe::App for MultiOddsApp {
    fn logic(&mut self, ctx: &egui::Context, _frame: &mut eframe::Frame) {
        MultiOddsApp::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        MultiOddsApp::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, self);
    }
}

/// Opens the window; `scenario` is loaded first when given.
pub fn run(scenario: Option<PathBuf>) -> Result<(), String> {
    let icon = eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon.png")).ok();
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([1280.0, 800.0])
        .with_title("MultiOdds");
    if let Some(icon) = icon {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        "MultiOdds",
        options,
        Box::new(move |cc| {
            let saved: MultiOddsApp = cc
                .storage
                .and_then(|s| eframe::get_value(s, eframe::APP_KEY))
                .unwrap_or_default();
            let mut app = MultiOddsApp::restored(saved);
            if let Some(path) = scenario {
                app.apply(Command::Open(path), &cc.egui_ctx);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}

/// Settings for a sweep from the inputs.
fn settings_for(
    mode: Method,
    target_se: f64,
    seed: u64,
    time_budget_s: Option<f64>,
) -> RunSettings {
    RunSettings {
        method: mode,
        target_se,
        seed,
        time_limit: time_budget_s.map(|s| Duration::from_secs_f64(s.clamp(0.1, 86_400.0))),
        ..RunSettings::default()
    }
}
