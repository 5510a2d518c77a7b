//! The desktop app (eframe + egui + egui_plot): a shell around the views.
//!
//! Each view ([`view::View`]: MultiOdds, Matchup, Chart) is a component that owns its
//! inputs, its jobs, its shown and pinned results and its status; the views are listed
//! once, in `registry`. The shell ([`Shell`]) holds only what is shared: the job
//! manager, dialogs, messages, the command queue and settings. What is persisted is a
//! separate [`State`], so runtime data cannot be saved by mistake. `logic()` lets each
//! view take its jobs' messages under a time budget (asking for another frame when the
//! budget runs out); `ui()` only draws, and widgets send [`Command`]s through a
//! cloneable [`CommandSender`], applied after layout. Workers never share state with
//! the UI: results arrive as messages.

// The engine's modules, named as they were when the app lived in the engine's crate.
use multiodds_engine::{cards, equity, eval, query, range, scenario, worker};

mod apply;
mod card_picker;
pub mod chart;
pub mod command;
mod files;
pub mod flops_view;
mod fonts;
mod game_inputs;
pub mod grid;
pub mod hand_view;
mod help;
mod history;
pub mod library;
pub mod matchup;
pub mod multiodds;
mod persist;
mod picture;
pub mod query_view;
mod range_lines;
pub mod range_view;
mod registry;
pub mod view;
pub mod widgets;

use crate::scenario::{Scenario, ViewKind};
use crate::worker::JobManager;
pub use command::{Command, CommandSender, DialogPurpose, ViewCommand};
pub use registry::Views;
use std::path::PathBuf;
use std::time::{Duration, Instant};
pub use view::{CsvOptions, View};

/// Most time `logic()` spends taking messages per frame.
const DRAIN_BUDGET: Duration = Duration::from_millis(4);
/// How often a running view's clock ticks on screen.
const CLOCK_TICK: Duration = Duration::from_millis(250);

/// What the app saves between sessions (and nothing else).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct State {
    /// The view on screen.
    pub view: ViewKind,
    /// Every view's inputs (the same model as a scenario file).
    pub scenario: Scenario,
    /// Which figures the MultiOdds plot shows.
    pub figures: multiodds::FigureOptions,
    /// Scenario files opened lately, newest first.
    pub recent: Vec<PathBuf>,
    /// The scenario file being edited.
    pub file: Option<PathBuf>,
    /// How tables are exported.
    pub csv: CsvOptions,
    /// Width and height of exported plots, in pixels.
    pub png_size: [u32; 2],
    /// The user's named ranges.
    pub ranges: Vec<library::NamedRange>,
    /// The user's saved queries.
    pub queries: Vec<library::NamedRange>,
}

impl Default for State {
    fn default() -> State {
        State {
            view: ViewKind::default(),
            scenario: Scenario::default(),
            figures: multiodds::FigureOptions::default(),
            recent: Vec::new(),
            file: None,
            csv: CsvOptions::default(),
            png_size: picture::DEFAULT_SIZE,
            ranges: Vec::new(),
            queries: Vec::new(),
        }
    }
}

/// A saved scenario's run settings that a person could have set out of range (a NaN
/// precision in a hand-edited state) take their defaults; returns which, by name. Each
/// view checks the rest of its saved inputs itself ([`View::saved_inputs_hold`]).
fn sane_run_settings(mut s: Scenario) -> (Scenario, Vec<&'static str>) {
    let defaults = Scenario::default();
    let mut reset = Vec::new();
    for (run, default, name) in [
        (
            &mut s.multiodds.run,
            &defaults.multiodds.run,
            "MultiOdds view's run settings",
        ),
        (
            &mut s.matchup.run,
            &defaults.matchup.run,
            "Matchup view's run settings",
        ),
        (
            &mut s.chart.run,
            &defaults.chart.run,
            "Chart view's run settings",
        ),
    ] {
        let mut problems = Vec::new();
        run.check(&mut problems);
        if !problems.is_empty() {
            *run = default.clone();
            reset.push(name);
        }
    }
    (s, reset)
}

/// What a table is, in one line, from its CSV's `#` block ("view: MultiOdds · inputs:
/// AKs vs random — preflop · method: exact …"), the date left out.
pub fn table_title(csv: &str) -> String {
    csv.lines()
        .filter_map(|l| l.strip_prefix("# "))
        .filter(|l| !l.starts_with("date"))
        .map(|l| l.replace('\t', " "))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// A finished export: the file written, or the message to show.
type ExportOutcome = Result<PathBuf, String>;

/// What the views share: jobs, dialogs, messages, commands, settings.
pub struct Shell {
    jobs: Option<JobManager>,
    threads: Option<usize>,
    sender: CommandSender,
    receiver: crossbeam_channel::Receiver<Command>,
    /// The open file dialog.
    pub(crate) dialog: Option<files::Dialog>,
    /// A write waiting for "Replace the file?".
    pub(crate) overwrite: Option<files::Overwrite>,
    /// A message for the user (a failed load, a failed save…), shown in a window.
    pub message: Option<String>,
    /// A short note ("Saved to …") and when it was posted.
    pub note: Option<(String, Instant)>,
    /// Whether the Help window is open.
    pub help_open: bool,
    /// The note of the scenario file opened (kept when it is saved again).
    pub scenario_note: String,
    /// How long the last frames took to lay out and draw (exponential average, ms).
    pub frame_ms: f32,
    /// Scenario files opened lately, newest first.
    pub recent: Vec<PathBuf>,
    /// The scenario file being edited.
    pub file: Option<PathBuf>,
    /// How tables are exported.
    pub csv: CsvOptions,
    /// Width and height of exported plots, in pixels.
    pub png_size: [u32; 2],
    /// The user's named ranges.
    pub ranges: Vec<library::NamedRange>,
    /// The user's saved queries.
    pub queries: Vec<library::NamedRange>,
    history: history::History,
    /// F10 or Alt+F asked for the File menu.
    open_file_menu: bool,
    exports: (
        crossbeam_channel::Sender<ExportOutcome>,
        crossbeam_channel::Receiver<ExportOutcome>,
    ),
}

impl Shell {
    /// The named ranges or the saved queries.
    fn library_mut(&mut self, kind: library::LibraryKind) -> &mut Vec<library::NamedRange> {
        match kind {
            library::LibraryKind::Range => &mut self.ranges,
            library::LibraryKind::Query => &mut self.queries,
        }
    }

    /// Whether a file dialog is open.
    pub fn dialog_open(&self) -> bool {
        self.dialog.is_some()
    }

    /// Whether a write waits for "Replace the file?".
    pub fn overwrite_asked(&self) -> bool {
        self.overwrite.is_some()
    }

    fn new(threads: Option<usize>) -> Shell {
        let (sender, receiver) = CommandSender::channel();
        Shell {
            jobs: None,
            threads,
            sender,
            receiver,
            dialog: None,
            overwrite: None,
            message: None,
            note: None,
            help_open: false,
            scenario_note: String::new(),
            frame_ms: 0.0,
            recent: Vec::new(),
            file: None,
            csv: CsvOptions::default(),
            png_size: picture::DEFAULT_SIZE,
            ranges: Vec::new(),
            queries: Vec::new(),
            history: history::History::default(),
            open_file_menu: false,
            exports: crossbeam_channel::unbounded(),
        }
    }

    /// The job manager, started on first use (its wake-up repaints `ctx`).
    fn jobs(&mut self, ctx: &egui::Context) -> &mut JobManager {
        if self.jobs.is_none() {
            // A system that cannot start the threads asked for gets one worker and a
            // message, not a crash.
            let mut jobs = match JobManager::new(self.threads) {
                Ok(jobs) => jobs,
                Err(e) => {
                    self.message = Some(format!(
                        "Could not start the worker threads ({e}); computing on one thread."
                    ));
                    JobManager::new(Some(1)).expect("one worker thread")
                }
            };
            let ctx = ctx.clone();
            jobs.set_wake(move || ctx.request_repaint());
            self.jobs = Some(jobs);
        }
        self.jobs.as_mut().expect("just set")
    }

    fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        self.recent.insert(0, path);
        self.recent.truncate(8);
    }

    fn saved(&mut self, path: &std::path::Path) {
        self.note = Some((format!("Saved to {}", path.display()), Instant::now()));
    }
}

/// The app: the views and the shell.
pub struct MultiOddsApp {
    /// The view on screen.
    pub view: ViewKind,
    /// Every registered view.
    pub views: Views,
    /// What the views share.
    pub shell: Shell,
}

impl Default for MultiOddsApp {
    fn default() -> MultiOddsApp {
        MultiOddsApp::from_state(State::default(), None)
    }
}

impl MultiOddsApp {
    /// An app with `threads` workers (all cores when `None`).
    pub fn with_threads(threads: Option<usize>) -> MultiOddsApp {
        MultiOddsApp::from_state(State::default(), threads)
    }

    /// The app from a saved state, as it is (see [`MultiOddsApp::restored`]).
    pub fn from_state(state: State, threads: Option<usize>) -> MultiOddsApp {
        let mut shell = Shell::new(threads);
        shell.scenario_note = state.scenario.note.clone();
        shell.recent = state.recent;
        shell.file = state.file;
        shell.csv = state.csv;
        shell.png_size = state.png_size;
        shell.ranges = state.ranges;
        shell.queries = state.queries;
        let mut views = Views::from_scenario(&state.scenario);
        views.of_mut::<multiodds::MultiOddsView>().figures = state.figures;
        for v in views.iter() {
            shell.history.baseline(v.kind(), v.snapshot());
        }
        MultiOddsApp {
            view: state.view,
            views,
            shell,
        }
    }

    /// What is saved between sessions.
    pub fn state(&self) -> State {
        State {
            view: self.view,
            scenario: self.scenario(),
            figures: self.views.of::<multiodds::MultiOddsView>().figures,
            recent: self.shell.recent.clone(),
            file: self.shell.file.clone(),
            csv: self.shell.csv,
            png_size: self.shell.png_size,
            ranges: self.shell.ranges.clone(),
            queries: self.shell.queries.clone(),
        }
    }

    /// The app from its saved state, or from defaults for the parts that no longer
    /// validate (hostile or corrupted saved text, a card in two places…), with a
    /// message saying so: a bad saved state never stops the app from starting.
    pub fn restored(mut saved: State, threads: Option<usize>) -> MultiOddsApp {
        let (scenario, mut reset) = sane_run_settings(saved.scenario);
        saved.scenario = scenario;
        let sides = picture::SIDE_RANGE;
        saved.png_size = saved
            .png_size
            .map(|s| s.clamp(*sides.start(), *sides.end()));
        // Saved ranges and queries of a sane size only.
        let dropped = library::keep_sane(&mut saved.ranges, library::LibraryKind::Range)
            + library::keep_sane(&mut saved.queries, library::LibraryKind::Query);
        let mut app = MultiOddsApp::from_state(saved, threads);
        // Each view says whether its saved inputs hold (the registry reaches every one).
        for v in app.views.iter_mut() {
            if !v.saved_inputs_hold() {
                v.reset();
                app.shell.history.baseline(v.kind(), v.snapshot());
                reset.push(v.name());
            }
        }
        let mut lines = Vec::new();
        if dropped > 0 {
            lines.push(format!(
                "{dropped} saved ranges or queries were left out (at most {} of each are kept, each name at most 200 bytes, each range at most {} bytes, each query at most {} bytes).",
                library::MAX_SAVED,
                crate::range::MAX_RANGE_TEXT,
                crate::scenario::inputs::MAX_QUERY_BYTES
            ));
        }
        if !reset.is_empty() {
            lines.push(format!(
                "The saved inputs of the {} did not validate; they start from the defaults.",
                reset.join(" and the ")
            ));
        }
        if !lines.is_empty() {
            app.shell.message = Some(lines.join("\n"));
        }
        app
    }

    /// The app from eframe's storage, read leniently (`persist`): fields that do not
    /// read start from their defaults, the file is backed up first, and a message says
    /// what happened.
    pub fn from_storage(
        storage: Option<&dyn eframe::Storage>,
        state_file: Option<&std::path::Path>,
        threads: Option<usize>,
    ) -> MultiOddsApp {
        let text = storage.and_then(|s| s.get_string(eframe::APP_KEY));
        let file_has_content = state_file
            .and_then(|f| std::fs::metadata(f).ok())
            .is_some_and(|m| m.len() > 0);
        let restored = match &text {
            Some(text) => persist::restore(text),
            // The file is there but eframe could not read it (or it lacks our key).
            None if file_has_content => persist::Restored {
                state: State::default(),
                problems: vec!["the state file is not readable".into()],
            },
            None => persist::Restored::default(),
        };
        let problems = restored.problems;
        let mut app = MultiOddsApp::restored(restored.state, threads);
        if !problems.is_empty() {
            let (backup, error) = match state_file.map(persist::back_up) {
                Some(Ok(path)) => (Some(path), None),
                Some(Err(e)) => (None, Some(e.to_string())),
                None => (None, None),
            };
            let first = persist::describe(&problems, backup.as_deref(), error);
            app.shell.message = Some(match app.shell.message.take() {
                Some(more) => format!("{first}\n{more}"),
                None => first,
            });
        }
        app
    }

    /// Queues a command (as a widget would; it runs after the next layout).
    pub fn command(&self, c: Command) {
        self.shell.sender.send(c);
    }

    /// The view on screen.
    pub fn current(&self) -> &dyn View {
        self.views.get(self.view)
    }

    /// The job manager (started on first use), e.g. to submit test jobs.
    pub fn jobs(&mut self, ctx: &egui::Context) -> &mut JobManager {
        self.shell.jobs(ctx)
    }

    /// Routes worker messages to their views (under a time budget) and submits the
    /// views whose debounce is over.
    pub fn logic(&mut self, ctx: &egui::Context) {
        let start = Instant::now();
        // Each view takes its own jobs' messages, one at a time in turn.
        loop {
            if start.elapsed() >= DRAIN_BUDGET {
                // Messages wait: come back next frame rather than at the next input.
                ctx.request_repaint();
                break;
            }
            let mut any = false;
            for view in self.views.iter_mut() {
                any |= view.poll();
            }
            if !any {
                break;
            }
        }
        while let Ok(outcome) = self.shell.exports.1.try_recv() {
            match outcome {
                Ok(path) => self.shell.saved(&path),
                Err(e) => self.shell.message = Some(e),
            }
        }
        // The view on screen computes its inputs once it is first shown.
        let current = self.views.get_mut(self.view);
        if current.tracker().first_run_due() {
            current.tracker_mut().due_now();
        }
        let jobs = self.shell.jobs(ctx);
        for view in self.views.iter_mut() {
            if let Some(wait) = view.tick(jobs) {
                ctx.request_repaint_after(wait);
            }
        }
        if self.current().tracker().running {
            ctx.request_repaint_after(CLOCK_TICK);
        }
    }

    /// Draws everything; widgets only send commands, applied at the end.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let frame_start = Instant::now();
        let ctx = ui.ctx().clone();
        let commands = self.shell.sender.clone();
        self.shortcuts(&ctx);
        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_line(ui));
        let view = self.views.get_mut(self.view);
        let cx = view::ViewContext {
            commands: &commands,
            library: &self.shell.ranges,
            queries: &self.shell.queries,
        };
        egui::Panel::left("inputs")
            .resizable(true)
            .default_size(320.0)
            .size_range(240.0..=460.0)
            .show(ui, |ui| {
                // The run controls below, always in sight; the inputs scroll above them.
                egui::Panel::bottom("inputs_footer")
                    .resizable(false)
                    .show(ui, |ui| view.footer(ui, &cx));
                egui::ScrollArea::vertical()
                    .id_salt("inputs_scroll")
                    .show(ui, |ui| view.inputs_panel(ui, &cx));
            });
        egui::CentralPanel::default().show(ui, |ui| view.central_panel(ui, &commands));
        if let Some(dialog) = self.shell.dialog.as_mut() {
            dialog.show(&ctx, &commands);
        }
        if let Some(question) = &self.shell.overwrite {
            files::overwrite_question(&ctx, question, &commands);
        }
        if let Some(message) = &self.shell.message {
            files::message_window(&ctx, message, &commands);
        }
        if self.shell.help_open {
            help::help_window(&ctx, &mut self.shell.help_open, &self.views);
        }
        if let Some((text, since)) = &self.shell.note {
            files::note(&ctx, text, *since);
        }
        while let Ok(c) = self.shell.receiver.try_recv() {
            self.apply(c, &ctx);
        }
        let ms = frame_start.elapsed().as_secs_f32() * 1000.0;
        self.shell.frame_ms = if self.shell.frame_ms == 0.0 {
            ms
        } else {
            0.9 * self.shell.frame_ms + 0.1 * ms
        };
    }

    fn shortcuts(&mut self, ctx: &egui::Context) {
        use egui::{Key, KeyboardShortcut, Modifiers};
        let shortcut = |key| KeyboardShortcut::new(Modifiers::COMMAND, key);
        let modal = self.shell.dialog.is_some() || self.shell.overwrite.is_some();
        if modal {
            return;
        }
        if ctx.input_mut(|i| {
            i.consume_key(Modifiers::NONE, Key::F10) || i.consume_key(Modifiers::ALT, Key::F)
        }) {
            self.shell.open_file_menu = true;
        }
        // While a text field has focus, Ctrl+Z undoes typing in it (egui's own undo).
        if !ctx.egui_wants_keyboard_input() {
            let redo = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
            if ctx.input_mut(|i| i.consume_shortcut(&redo) || i.consume_shortcut(&shortcut(Key::Y)))
            {
                self.command(Command::Redo);
            }
            if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Key::Z))) {
                self.command(Command::Undo);
            }
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Key::N))) {
            self.command(Command::New);
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Key::O))) {
            self.command(Command::OpenDialog(DialogPurpose::Open));
        }
        if ctx.input_mut(|i| i.consume_shortcut(&shortcut(Key::S))) {
            self.command(Command::Save);
        }
        if ctx.input(|i| i.key_pressed(Key::F1)) {
            self.command(Command::ShowHelp);
        }
    }

    /// The menu bar: File, Edit, View, Help. One function because it is a list of menu
    /// items, each a line or two that sends its command; splitting it would only scatter
    /// the menus a user reads together.
    fn menu_bar(&mut self, ui: &mut egui::Ui) {
        let commands = self.shell.sender.clone();
        let open_file_menu = std::mem::take(&mut self.shell.open_file_menu);
        let (can_undo, can_redo) = (self.shell.history.can_undo(), self.shell.history.can_redo());
        egui::MenuBar::new().ui(ui, |ui| {
            let (file_button, _) = egui::containers::menu::MenuButton::new("File").ui(ui, |ui| {
                if ui.button("New (Ctrl+N)").clicked() {
                    commands.send(Command::New);
                }
                if ui.button("Open… (Ctrl+O)").clicked() {
                    commands.send(Command::OpenDialog(DialogPurpose::Open));
                }
                if ui.button("Save (Ctrl+S)").clicked() {
                    commands.send(Command::Save);
                }
                if ui.button("Save As…").clicked() {
                    commands.send(Command::OpenDialog(DialogPurpose::SaveAs));
                }
                ui.menu_button("Recent", |ui| {
                    if self.shell.recent.is_empty() {
                        ui.label("(none)");
                    }
                    for path in &self.shell.recent {
                        if ui.button(path.display().to_string()).clicked() {
                            commands.send(Command::Open(path.clone()));
                        }
                    }
                });
                ui.separator();
                if ui.button("Export table as CSV…").clicked() {
                    commands.send(Command::OpenDialog(DialogPurpose::ExportCsv));
                }
                if ui.button("Copy table as text").clicked() {
                    commands.send(Command::CopyTable);
                }
                if ui.button("Export plot as PNG…").clicked() {
                    commands.send(Command::OpenDialog(DialogPurpose::ExportPng));
                }
                ui.menu_button("Export settings", |ui| {
                    ui.checkbox(&mut self.shell.csv.percent, "CSV figures in percent")
                        .on_hover_text("58.51 rather than 0.5851");
                    ui.horizontal(|ui| {
                        let l = ui.label("PNG size");
                        ui.add(
                            egui::DragValue::new(&mut self.shell.png_size[0])
                                .range(picture::SIDE_RANGE),
                        )
                        .labelled_by(l.id);
                        ui.label("x");
                        ui.add(
                            egui::DragValue::new(&mut self.shell.png_size[1])
                                .range(picture::SIDE_RANGE),
                        );
                    });
                });
                ui.separator();
                if ui.button("Quit (Ctrl+Q)").clicked() {
                    // Closing saves the state, as closing the window does.
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
                }
            });
            if open_file_menu {
                // F10 / Alt+F: the File menu opens with keyboard focus on its button.
                egui::Popup::open_id(ui.ctx(), egui::Popup::default_response_id(&file_button));
                file_button.request_focus();
                ui.ctx().request_repaint();
            }
            ui.menu_button("Edit", |ui| {
                if ui
                    .add_enabled(can_undo, egui::Button::new("Undo (Ctrl+Z)"))
                    .clicked()
                {
                    commands.send(Command::Undo);
                }
                if ui
                    .add_enabled(can_redo, egui::Button::new("Redo (Ctrl+Shift+Z)"))
                    .clicked()
                {
                    commands.send(Command::Redo);
                }
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Help (F1)").clicked() {
                    commands.send(Command::ShowHelp);
                }
            });
            ui.separator();
            for view in self.views.iter() {
                let kind = view.kind();
                if ui
                    .selectable_label(self.view == kind, view.name())
                    .clicked()
                    && self.view != kind
                {
                    commands.send(Command::ShowView(kind));
                }
            }
            if let Some(file) = &self.shell.file {
                ui.label(file.display().to_string());
            }
        });
    }

    /// The status line of the view on screen: its own job's phase, figures and clock.
    fn status_line(&mut self, ui: &mut egui::Ui) {
        let status = self.current().status();
        let threads = self.shell.jobs.as_ref().map_or(0, |j| j.threads());
        ui.horizontal_wrapped(|ui| {
            let phase = match &status.detail {
                Some(detail) => format!("{} · {detail}", status.phase),
                None => status.phase.to_string(),
            };
            ui.label(format!(
                "{phase} · {} · {:.1} s · first result {} · {threads} threads · frame {:.1} ms",
                status.figures,
                status.elapsed.as_secs_f64(),
                status.first_result.map_or("-".to_string(), |d| format!(
                    "{:.0} ms",
                    d.as_secs_f64() * 1e3
                )),
                self.shell.frame_ms
            ));
            if status.stale {
                ui.colored_label(egui::Color32::from_rgb(200, 120, 0), "results are stale");
            }
        });
    }

    /// Whether the view on screen is computing.
    pub fn is_running(&self) -> bool {
        self.current().tracker().running
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
        eframe::set_value(storage, eframe::APP_KEY, &self.state());
    }
}

/// A table's CSV (with its `#` block) as tab-separated text for the clipboard: the
/// header row and the rows, fields unquoted (a tab or newline inside a field becomes a
/// space).
pub fn tab_separated(csv: &str) -> String {
    let body: String = csv
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut reader = ::csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(body.as_bytes());
    let mut out = String::new();
    for record in reader.records().flatten() {
        let fields: Vec<String> = record
            .iter()
            .map(|f| f.replace(['\t', '\n', '\r'], " "))
            .collect();
        out.push_str(&fields.join("\t"));
        out.push('\n');
    }
    out
}

/// The app's name: the window title and eframe's storage folder (`multiodds`).
const APP_NAME: &str = "MultiOdds";

/// Opens the window; `scenario` is loaded first when given.
pub fn run(scenario: Option<PathBuf>) -> Result<(), String> {
    let icon = eframe::icon_data::from_png_bytes(include_bytes!("../../../assets/icon.png")).ok();
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([800.0, 560.0])
        .with_title("MultiOdds");
    if let Some(icon) = icon {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..Default::default()
    };
    eframe::run_native(
        APP_NAME,
        options,
        Box::new(move |cc| {
            // Solid scroll bars: always drawn beside the content, so a table wider than
            // a small window shows that it scrolls (egui's floating bars stay invisible
            // until the pointer comes near).
            cc.egui_ctx
                .all_styles_mut(|s| s.spacing.scroll = egui::style::ScrollStyle::solid());
            fonts::add_fallbacks(&cc.egui_ctx);
            let file = persist::state_file(APP_NAME);
            let mut app = MultiOddsApp::from_storage(cc.storage, file.as_deref(), None);
            if let Some(path) = scenario {
                app.apply(Command::Open(path), &cc.egui_ctx);
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| e.to_string())
}
