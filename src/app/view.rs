//! What every view is to the shell: the [`View`] trait, the commands its widgets send
//! ([`ViewCommand`]), and the run bookkeeping each view owns ([`RunTracker`]: debounce,
//! running/stale, clock, exact progress) so its status line speaks of its own job.

use super::picture::Drawing;
pub use crate::equity::table_csv::CsvOptions;
use crate::scenario::Scenario;
use crate::worker::{JobManager, JobOutput, Progress, Slot, StopReason};
use std::time::{Duration, Instant};

/// How long an edit waits for the next keystroke before it starts a job.
pub const DEBOUNCE: Duration = Duration::from_millis(100);

/// The views, in menu order.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum ViewTab {
    #[default]
    MultiOdds,
    Matchup,
    Chart,
}

impl ViewTab {
    pub const ALL: [ViewTab; 3] = [ViewTab::MultiOdds, ViewTab::Matchup, ViewTab::Chart];

    pub fn name(self) -> &'static str {
        match self {
            ViewTab::MultiOdds => "MultiOdds view",
            ViewTab::Matchup => "Matchup view",
            ViewTab::Chart => "Chart view",
        }
    }

    /// The view a scenario file belongs to.
    pub fn of_scenario(s: &Scenario) -> ViewTab {
        match s.view {
            crate::scenario::View::MultiOdds => ViewTab::MultiOdds,
            crate::scenario::View::Matchup => ViewTab::Matchup,
            crate::scenario::View::Chart => ViewTab::Chart,
        }
    }
}

/// What a view's widgets ask of their view; applied after layout.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewCommand {
    /// An input changed: stale work stops now, the new job starts after the debounce.
    Edited,
    Stop,
    /// Compute the inputs again.
    Resume,
    Pin,
    Unpin,
    /// Show the hand types of this many opponents (MultiOdds) or of this seat (Matchup).
    Select(usize),
}

/// A view's status line, built from its own job.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewStatus {
    /// "computing", "done", "stopped", "fix the inputs".
    pub phase: &'static str,
    /// Why the run stopped, what holds it back, or an exact run's progress.
    pub detail: Option<String>,
    /// "1,234,567 deals · worst equity SE 0.100%" and the like.
    pub figures: String,
    /// Time since the job started (ticking while it runs).
    pub elapsed: Duration,
    /// From the submit to the first result on screen.
    pub first_result: Option<Duration>,
    pub stale: bool,
}

/// What a view's input panel may use of the shell: the command sender and the range
/// library.
pub struct ViewContext<'a> {
    pub commands: &'a super::CommandSender,
    pub library: &'a [super::library::NamedRange],
}

/// A component of the app: its inputs, its jobs and how it shows their results.
pub trait View {
    fn tab(&self) -> ViewTab;
    /// The left panel: the inputs. Widgets send commands, never compute.
    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>);
    /// The central panel: plot, tables.
    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &super::CommandSender);
    /// Validates the inputs and starts the view's jobs, or shows why it cannot.
    fn submit(&mut self, jobs: &mut JobManager);
    /// The slots of the view's jobs.
    fn slots(&self) -> &'static [Slot];
    /// A result (or the failure) of the view's main job: show it.
    fn show(&mut self, output: JobOutput);
    /// The view's commands beyond Edited, Stop and Resume (Pin, Unpin, Select).
    fn apply_own(&mut self, command: ViewCommand);
    /// After an edit: check the inputs at once (field errors show before the debounce
    /// ends) and keep what the check found for the submit.
    fn revalidate(&mut self);
    /// Messages of side jobs (outs); the main job's pass through.
    fn side_progress(&mut self, progress: Progress) -> Option<Progress> {
        Some(progress)
    }
    fn tracker(&self) -> &RunTracker;
    fn tracker_mut(&mut self) -> &mut RunTracker;
    fn status(&self) -> ViewStatus;
    /// The shown results as CSV (a `#` header block, then the table).
    fn table_csv(&self, options: &CsvOptions) -> Option<String>;
    /// The shown results as a picture, to render off the UI thread.
    fn picture(&self) -> Option<Drawing>;
    fn scenario(&self) -> Scenario;
    fn load(&mut self, scenario: &Scenario);
    /// Back to the default inputs.
    fn reset(&mut self);
    fn has_result(&self) -> bool;

    /// One message of one of the view's jobs: the tracker's bookkeeping, the result
    /// shown, a failure marking what is shown stale, the stop.
    fn on_progress(&mut self, progress: Progress) {
        let Some(progress) = self.side_progress(progress) else {
            return;
        };
        let Some((output, stopped)) = self.tracker_mut().on_progress(progress) else {
            return;
        };
        let failed = matches!(output, JobOutput::Failed(_));
        self.show(output);
        let has_result = self.has_result();
        if failed {
            self.tracker_mut().stale = has_result;
        }
        if let Some(reason) = stopped {
            self.tracker_mut().stopped(reason, has_result);
        }
    }

    /// Applies a command of the view's widgets.
    fn apply(&mut self, command: ViewCommand, jobs: &mut JobManager) {
        match command {
            ViewCommand::Edited => self.edited(jobs),
            ViewCommand::Stop => self.stop(jobs),
            ViewCommand::Resume => self.submit(jobs),
            own => self.apply_own(own),
        }
    }

    /// An edit: cancel the view's jobs (none of their results may reach the screen),
    /// start the debounce, check the inputs.
    fn edited(&mut self, jobs: &mut JobManager) {
        for &slot in self.slots() {
            jobs.cancel(slot);
        }
        let has_result = self.has_result();
        self.tracker_mut().edited(has_result);
        self.revalidate();
    }

    /// Stop: cancel the view's jobs; what is shown stays, marked stopped.
    fn stop(&mut self, jobs: &mut JobManager) {
        for &slot in self.slots() {
            jobs.cancel(slot);
        }
        let has_result = self.has_result();
        self.tracker_mut()
            .stopped(StopReason::Cancelled, has_result);
    }

    /// Submits the view when its debounce is over; how long until it is otherwise.
    fn tick(&mut self, jobs: &mut JobManager) -> Option<Duration> {
        match self.tracker_mut().due() {
            Some(Duration::ZERO) => {
                self.submit(jobs);
                None
            }
            wait => wait,
        }
    }
}

/// A view's run bookkeeping: its debounce, whether its job runs, whether what it shows
/// belongs to older inputs, its clock and an exact run's progress.
#[derive(Clone, Debug)]
pub struct RunTracker {
    pub running: bool,
    /// The shown results belong to older inputs (changed, invalid or stopped).
    pub stale: bool,
    edited_at: Option<Instant>,
    started_at: Option<Instant>,
    /// The job's run time, frozen when it stops.
    elapsed: Duration,
    pub first_result: Option<Duration>,
    /// The running exact enumeration's fraction done and time left.
    pub exact_progress: Option<(f64, Option<f64>)>,
    /// The view has submitted (or tried to) at least once.
    submitted: bool,
}

impl Default for RunTracker {
    fn default() -> RunTracker {
        RunTracker {
            running: false,
            stale: false,
            // A fresh view computes its inputs once it is shown.
            edited_at: None,
            started_at: None,
            elapsed: Duration::ZERO,
            first_result: None,
            exact_progress: None,
            submitted: false,
        }
    }
}

impl RunTracker {
    /// An input changed.
    pub fn edited(&mut self, has_result: bool) {
        self.edited_at = Some(Instant::now());
        self.running = false;
        self.stale = has_result;
        self.exact_progress = None;
    }

    /// Asks for a submit now (a view shown for the first time, Resume).
    pub fn due_now(&mut self) {
        self.edited_at = Some(Instant::now() - DEBOUNCE);
    }

    /// `Some(ZERO)` when the debounce is over (and clears it), `Some(wait)` while it
    /// runs, `None` when no edit waits.
    pub fn due(&mut self) -> Option<Duration> {
        let at = self.edited_at?;
        let wait = DEBOUNCE.saturating_sub(at.elapsed());
        if wait.is_zero() {
            self.edited_at = None;
        }
        Some(wait)
    }

    /// A view on screen that never computed asks for its first run.
    pub fn first_run_due(&self) -> bool {
        !self.submitted && self.edited_at.is_none()
    }

    /// Whether an edit waits for its debounce.
    pub fn pending(&self) -> bool {
        self.edited_at.is_some()
    }

    /// A job started.
    pub fn started(&mut self, has_result: bool) {
        self.submitted = true;
        self.edited_at = None;
        self.running = true;
        self.stale = has_result;
        self.started_at = Some(Instant::now());
        self.elapsed = Duration::ZERO;
        self.first_result = None;
        self.exact_progress = None;
    }

    /// The inputs do not validate: nothing runs, what is shown is stale.
    pub fn rejected(&mut self, has_result: bool) {
        self.submitted = true;
        self.edited_at = None;
        self.running = false;
        self.stale = has_result;
        self.exact_progress = None;
    }

    /// The job stopped.
    pub fn stopped(&mut self, reason: StopReason, has_result: bool) {
        if self.running {
            self.elapsed = self.started_at.map_or(Duration::ZERO, |s| s.elapsed());
        }
        self.running = false;
        self.exact_progress = None;
        if reason == StopReason::Cancelled {
            self.stale = has_result;
        }
    }

    /// Bookkeeping common to every job message; returns the output for the view
    /// (`None` for progress only the tracker keeps).
    pub fn on_progress(&mut self, p: Progress) -> Option<(JobOutput, Option<StopReason>)> {
        if let JobOutput::ExactProgress {
            fraction,
            seconds_left,
        } = p.output
        {
            self.exact_progress = Some((fraction, seconds_left));
            return None;
        }
        if !matches!(p.output, JobOutput::Failed(_)) {
            if self.first_result.is_none() {
                self.first_result = self.started_at.map(|s| s.elapsed());
            }
            self.stale = false;
        }
        Some((p.output, p.stopped))
    }

    /// Time since the job started: ticking while it runs, frozen once it stopped.
    pub fn elapsed(&self) -> Duration {
        match (self.running, self.started_at) {
            (true, Some(s)) => s.elapsed(),
            _ => self.elapsed,
        }
    }

    /// The phase word of the status line.
    pub fn phase(&self, has_errors: bool) -> &'static str {
        if self.running {
            "computing"
        } else if has_errors {
            "fix the inputs"
        } else if self.stale {
            "stopped"
        } else {
            "done"
        }
    }

    /// The status line's detail: exact progress while running, else `why` (the stop
    /// reason) for a current result.
    pub fn detail(&self, has_errors: bool, why: Option<String>) -> Option<String> {
        match (self.exact_progress, why) {
            (Some((f, left)), _) if self.running => {
                Some(crate::equity::run::describe_exact_progress(f, left))
            }
            (_, Some(why)) if !has_errors && !self.stale => Some(why),
            _ => None,
        }
    }
}
