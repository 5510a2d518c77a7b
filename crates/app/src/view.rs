//! What every view is to the shell: the [`View`] trait, the run bookkeeping each view
//! owns ([`RunTracker`]: debounce, running/stale, clock, exact progress) so its status
//! line speaks of its own job, and [`Computed`]: one kind of job a view runs together
//! with the result it shows — the submit and receive logic every view shares.

use super::command::{CommandSender, ViewCommand};
use super::picture::Drawing;
pub use crate::equity::table_csv::CsvOptions;
use crate::equity::EquityError;
use crate::scenario::{Scenario, ScenarioError, ViewKind};
use crate::worker::{Event, ExactProgress, Job, JobManager, Running, StopReason};
use std::time::{Duration, Instant};

/// How long an edit waits for the next keystroke before it starts a job.
pub(crate) const DEBOUNCE: Duration = Duration::from_millis(100);

/// A view's status line, built from its own job.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewStatus {
    /// "computing", "done", "stopped", "not computed" (the detail says why), "waiting".
    pub phase: &'static str,
    /// Why the run stopped, what holds it back, or an exact run's progress.
    pub detail: Option<String>,
    /// "1,234,567 deals · worst equity SE 0.100%" and the like.
    pub figures: String,
    /// Time since the job started (ticking while it runs).
    pub elapsed: Duration,
    /// From the submit to the first result on screen.
    pub first_result: Option<Duration>,
    /// What is shown belongs to older inputs.
    pub stale: bool,
}

/// What a view's input panel may use of the shell: the command sender and the range
/// library.
pub struct ViewContext<'a> {
    /// Where widgets send commands.
    pub(crate) commands: &'a CommandSender,
    /// The user's named ranges.
    pub(crate) library: &'a [super::library::NamedRange],
    /// The user's saved queries.
    pub(crate) queries: &'a [super::library::NamedRange],
}

/// Every problem of a view's inputs, each at its field (`hero`, `seats[1]`, `board`…,
/// or [`crate::scenario::inputs::WHOLE`] for the fields together), as shown under it,
/// with the column of the fault in the field's text where it has one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FieldErrors(Vec<FieldError>);

/// One problem: its field, the message shown there and the fault's column.
#[derive(Clone, Debug, PartialEq)]
struct FieldError {
    field: String,
    message: String,
    column: Option<usize>,
}

impl FieldErrors {
    /// The problems of a validation, each shown with the text of its field.
    pub(crate) fn new<'a>(
        problems: &[ScenarioError],
        text_of: impl Fn(&str) -> Option<&'a str>,
    ) -> FieldErrors {
        FieldErrors(
            problems
                .iter()
                .map(|p| FieldError {
                    field: p.field().to_string(),
                    message: p.at_field(text_of(p.field())),
                    column: p.column(),
                })
                .collect(),
        )
    }

    /// Validates a view's inputs: the job, or every problem at its field.
    pub(crate) fn validate<I: crate::scenario::inputs::ViewInputs>(
        inputs: &I,
    ) -> Result<I::Job, FieldErrors> {
        inputs
            .validate()
            .map_err(|p| FieldErrors::new(&p, |f| inputs.field_text(f)))
    }

    /// The message at `field`.
    pub fn at(&self, field: &str) -> Option<&String> {
        self.0.iter().find(|e| e.field == field).map(|e| &e.message)
    }

    /// The 1-based column of the fault in `field`'s text, when it has one place.
    pub fn column_at(&self, field: &str) -> Option<usize> {
        self.0.iter().find(|e| e.field == field)?.column
    }

    /// A problem of the fields together (a run refused, an impossible deal).
    pub fn whole(&self) -> Option<&String> {
        self.at(crate::scenario::inputs::WHOLE)
    }

    /// Records a failed run as a problem of the fields together.
    pub(crate) fn set_whole(&mut self, message: String) {
        self.0.retain(|e| e.field != crate::scenario::inputs::WHOLE);
        self.0.push(FieldError {
            field: crate::scenario::inputs::WHOLE.to_string(),
            message,
            column: None,
        });
    }

    /// Whether there is no problem.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The first problem in one line, its field named ("seat 3: unknown rank 'x'",
    /// or just the reason for a problem of the fields together), and how many more:
    /// for the status line and the run controls, always in sight.
    pub(crate) fn summary(&self) -> Option<String> {
        let FieldError { field, message, .. } = self.0.first()?;
        // A caret message's reason is its last line, after the caret.
        let reason = message
            .lines()
            .last()
            .unwrap_or_default()
            .trim_start()
            .trim_start_matches("^ ");
        let mut line = if field == crate::scenario::inputs::WHOLE {
            reason.to_string()
        } else {
            format!("{}: {reason}", field_name(field))
        };
        if self.0.len() > 1 {
            line.push_str(&format!(
                " (and {} more, each at its field)",
                self.0.len() - 1
            ));
        }
        Some(line)
    }
}

/// A field's name as the window labels it ("seats[1]" is "seat 2").
fn field_name(field: &str) -> String {
    let indexed = |prefix: &str, name: &str| {
        field
            .strip_prefix(prefix)
            .and_then(|r| r.strip_suffix(']'))
            .and_then(|i| i.parse::<usize>().ok())
            .map(|i| format!("{name} {}", i + 1))
    };
    indexed("seats[", "seat")
        .or_else(|| indexed("folded[", "folded seat"))
        .or_else(|| indexed("vs[", "range"))
        .unwrap_or_else(|| match field {
            "opponent_counts" => "opponents".to_string(),
            "target_se" => "precision".to_string(),
            "time_budget_ms" => "time budget".to_string(),
            "memory_budget_mb" => "memory budget".to_string(),
            other => other.replace('_', " "),
        })
}

/// What a view did with hands sent to it.
#[derive(Debug, PartialEq)]
pub enum HandsTaken {
    /// The view takes no hands (it is not shown).
    NotTaken,
    /// Taken as its inputs; a note when part of them could not be (said in the status
    /// line).
    Taken(Option<String>),
}

/// A component of the app: its inputs, its jobs and how it shows their results.
/// Registered once in `registry`; the shell finds everything else here.
pub trait View: std::any::Any {
    /// Which view this is (its tab, its section of a scenario).
    fn kind(&self) -> ViewKind;
    /// Its name in the tab bar ("Matchup view").
    fn name(&self) -> &'static str {
        self.kind().name()
    }
    /// The left panel: the inputs. Widgets send commands, never compute.
    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>);

    /// The run controls (Stop/Resume, Pin, Send to…), drawn below the inputs panel's
    /// scroll area so they stay in sight in a small window. None by default.
    fn footer(&mut self, _ui: &mut egui::Ui, _cx: &ViewContext<'_>) {}
    /// The central panel: plot, tables.
    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender);
    /// Validates the inputs and starts the view's jobs, or shows why it cannot.
    fn submit(&mut self, jobs: &JobManager);
    /// Takes one message of the view's jobs, if one waits; whether one did.
    fn poll(&mut self) -> bool;
    /// Cancels every job of the view (none of their results may reach the screen).
    fn cancel_jobs(&mut self);
    /// Stop: asks the view's jobs to stop and keeps what they had done (their last
    /// message: Monte Carlo's total, an exact run's partial sums marked not final). By
    /// default the same as [`View::cancel_jobs`].
    fn stop_jobs(&mut self) {
        self.cancel_jobs();
    }
    /// The view's commands beyond Edited, Stop and Resume (Pin, Unpin, Select).
    fn apply_own(&mut self, command: ViewCommand);
    /// After an edit: check the inputs at once (field errors show before the debounce
    /// ends) and keep what the check found for the submit.
    fn revalidate(&mut self);
    /// The view's run bookkeeping.
    fn tracker(&self) -> &RunTracker;
    /// The view's run bookkeeping, to change.
    fn tracker_mut(&mut self) -> &mut RunTracker;
    /// The view's status line.
    fn status(&self) -> ViewStatus;
    /// The shown results as CSV (a `#` header block, then the table).
    fn table_csv(&self, options: &CsvOptions) -> Option<String>;
    /// The shown results as a picture, to render off the UI thread.
    fn picture(&self) -> Option<Drawing>;
    /// Writes the view's inputs into their section of `scenario`.
    fn save(&self, scenario: &mut Scenario);
    /// Takes the view's inputs from their section of `scenario`.
    fn load(&mut self, scenario: &Scenario);
    /// Whether a result is on screen.
    fn has_result(&self) -> bool;

    /// Takes hands another view sent ("Send to …") as its inputs. By default a view
    /// takes none.
    fn receive(&mut self, _sent: crate::command::SentHands) -> HandsTaken {
        HandsTaken::NotTaken
    }

    /// The view's own section of the Help window, if it has one; whether it drew one.
    fn help(&self, _ui: &mut egui::Ui) -> bool {
        false
    }

    /// Whether the inputs, restored from a saved state, can stand as they are; a view
    /// whose inputs cannot starts from its defaults, named in a message. By default:
    /// its section of a scenario validates (which also refuses text longer than a
    /// field takes).
    fn saved_inputs_hold(&self) -> bool {
        self.snapshot().validate().is_ok()
    }

    /// Back to the default inputs.
    fn reset(&mut self) {
        self.load(&Scenario::default());
    }

    /// The view's inputs alone, as a scenario (other sections default).
    fn snapshot(&self) -> Scenario {
        let mut s = Scenario {
            view: self.kind(),
            ..Scenario::default()
        };
        self.save(&mut s);
        s
    }

    /// Applies a command of the view's widgets.
    fn apply(&mut self, command: ViewCommand, jobs: &JobManager) {
        match command {
            ViewCommand::Edited => self.edited(),
            ViewCommand::Stop => self.stop(),
            ViewCommand::Resume => self.submit(jobs),
            own => self.apply_own(own),
        }
    }

    /// An edit: cancel the view's jobs, start the debounce, check the inputs.
    fn edited(&mut self) {
        self.cancel_jobs();
        let has_result = self.has_result();
        self.tracker_mut().edited(has_result);
        self.revalidate();
    }

    /// Stop: cancel the view's jobs; what is shown stays, marked stopped.
    fn stop(&mut self) {
        self.stop_jobs();
        let has_result = self.has_result();
        self.tracker_mut()
            .stopped(StopReason::Cancelled, has_result);
    }

    /// Submits the view when its debounce is over; how long until it is otherwise.
    fn tick(&mut self, jobs: &JobManager) -> Option<Duration> {
        match self.tracker_mut().due() {
            Some(Duration::ZERO) => {
                self.submit(jobs);
                None
            }
            wait => wait,
        }
    }
}

/// One kind of job a view runs, and the result it shows: the running job, the result
/// on screen with the inputs it was computed from (`L`: a title, the seats…), and the
/// label of the inputs the running job computes. A new job's first message replaces
/// what is shown, so old and new figures never mix.
pub struct Computed<J: Job, L> {
    running: Option<Running<J>>,
    /// The result on screen and the inputs it belongs to.
    pub(crate) shown: Option<Shown<J::Output, L>>,
    /// The inputs of the running job, shown with its first message.
    job_label: Option<L>,
    seed: u64,
    /// The question of the last resumable run and what it left when stopped.
    resume: Option<(u64, std::sync::Arc<crate::equity::resume::ExactResume>)>,
}

impl<J: Job, L> Default for Computed<J, L> {
    fn default() -> Self {
        Computed {
            running: None,
            shown: None,
            job_label: None,
            seed: 0,
            resume: None,
        }
    }
}

/// A result on screen and the inputs it was computed from (a title, the seats…).
#[derive(Clone, Debug, PartialEq)]
pub struct Shown<R, L> {
    /// The result.
    pub result: R,
    /// The inputs it was computed from.
    pub label: L,
}

/// What a job's message did to a [`Computed`].
pub(crate) enum Received {
    /// The shown result changed.
    Shown,
    /// The job failed (refused exact work, an engine fault): why.
    Failed(EquityError),
    /// Only the tracker learnt something (exact progress).
    Progress,
}

impl<J: Job, L: Default> Computed<J, L> {
    /// Starts `job` (cancelling the one before), to be shown with `label`.
    pub(crate) fn start(
        &mut self,
        jobs: &JobManager,
        job: J,
        settings: crate::equity::run::RunSettings,
        label: L,
    ) {
        self.seed = settings.seed;
        // The same question as a stopped exact run's: go on from where it stopped.
        let resume = match (job.resume_key(&settings), self.resume.take()) {
            (Some(key), Some((old, ledger))) if old == key => Some((key, ledger)),
            (Some(key), _) => Some((key, crate::equity::resume::ExactResume::new())),
            (None, _) => None,
        };
        self.resume = resume.clone();
        self.running = Some(jobs.start_resuming(job, settings, resume.map(|r| r.1)));
        self.job_label = Some(label);
    }

    /// Asks the running job to stop; its last message (what it had done) still comes
    /// and is shown, marked as stopped.
    pub(crate) fn request_stop(&mut self) {
        if let Some(r) = &self.running {
            r.request_stop();
        }
    }

    /// Cancels the running job; its messages are dropped.
    pub(crate) fn cancel(&mut self) {
        self.running = None;
        self.job_label = None;
    }

    /// The result on screen.
    pub fn result(&self) -> Option<&J::Output> {
        self.shown.as_ref().map(|s| &s.result)
    }

    /// What the next message builds on: nothing for a new job's first message (a new
    /// job's figures never join an old job's result), else what is shown.
    fn so_far(&mut self) -> (Option<J::Output>, L) {
        match self.job_label.take() {
            Some(label) => (None, label),
            None => match self.shown.take() {
                Some(s) => (Some(s.result), s.label),
                None => (None, L::default()),
            },
        }
    }

    /// Starts the job of `validated` inputs (its settings and label made only then), or
    /// shows why it cannot: the submit every view shares. `errors` is the view's.
    pub(crate) fn submit(
        &mut self,
        jobs: &JobManager,
        tracker: &mut RunTracker,
        errors: &mut FieldErrors,
        validated: Result<J, FieldErrors>,
        start: impl FnOnce() -> (crate::equity::run::RunSettings, L),
    ) {
        let has_result = self.shown.is_some();
        match validated {
            Ok(job) => {
                *errors = FieldErrors::default();
                let (settings, label) = start();
                self.start(jobs, job, settings, label);
                tracker.started(has_result);
            }
            Err(problems) => {
                *errors = problems;
                self.cancel();
                tracker.rejected(has_result);
            }
        }
    }

    /// Takes one message of the running job, a failure going to `errors` (at the fields
    /// together): the receive every view shares. Whether a message came.
    pub(crate) fn poll_into(&mut self, tracker: &mut RunTracker, errors: &mut FieldErrors) -> bool {
        match self.poll(tracker) {
            // A failed job (refused exact work, an engine fault) says why in its view;
            // the rest of the app goes on.
            Some(Received::Failed(e)) => errors.set_whole(e.to_string()),
            Some(_) => {}
            None => return false,
        }
        true
    }

    /// Takes one message of the running job into the shown result and the tracker.
    pub(crate) fn poll(&mut self, tracker: &mut RunTracker) -> Option<Received> {
        let message = self.running.as_mut()?.try_recv()?;
        let received = match message.event {
            Event::ExactProgress(p) => {
                tracker.exact_progress = Some(p);
                Received::Progress
            }
            Event::Update(update) => {
                let (mut so_far, label) = self.so_far();
                J::collect(&mut so_far, update, self.seed);
                self.shown = so_far.map(|result| Shown { result, label });
                tracker.received();
                Received::Shown
            }
            Event::Finished(Ok(output), reason) => {
                let (_, label) = self.so_far();
                self.shown = Some(Shown {
                    result: output,
                    label,
                });
                self.running = None;
                tracker.received();
                tracker.stopped(reason, true);
                // The job's own last answer belongs to the inputs on screen, stopped
                // or not (a stopped exact run's partial sums say so themselves).
                tracker.stale = false;
                Received::Shown
            }
            Event::Finished(Err(e), reason) => {
                self.running = None;
                self.job_label = None;
                let has_result = self.shown.is_some();
                tracker.stopped(reason, has_result);
                tracker.stale = has_result;
                Received::Failed(e)
            }
        };
        Some(received)
    }
}

/// A view's run bookkeeping: its debounce, whether its job runs, whether what it shows
/// belongs to older inputs, its clock and an exact run's progress.
#[derive(Clone, Debug)]
pub struct RunTracker {
    /// A job of the view runs.
    pub running: bool,
    /// The shown results belong to older inputs (changed, invalid or stopped).
    pub stale: bool,
    edited_at: Option<Instant>,
    started_at: Option<Instant>,
    /// The job's run time, frozen when it stops.
    elapsed: Duration,
    /// From the submit to the first result on screen.
    pub first_result: Option<Duration>,
    /// The running exact enumeration's fraction done and time left.
    pub exact_progress: Option<ExactProgress>,
    /// The view has submitted (or tried to) at least once.
    submitted: bool,
    /// The last run was stopped before its end (Stop).
    halted: bool,
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
            halted: false,
        }
    }
}

impl RunTracker {
    /// An input changed.
    pub(crate) fn edited(&mut self, has_result: bool) {
        self.edited_at = Some(Instant::now());
        self.running = false;
        self.stale = has_result;
        self.exact_progress = None;
    }

    /// Asks for a submit now (a view shown for the first time, Resume).
    pub(crate) fn due_now(&mut self) {
        self.edited_at = Some(Instant::now() - DEBOUNCE);
    }

    /// `Some(ZERO)` when the debounce is over (and clears it), `Some(wait)` while it
    /// runs, `None` when no edit waits.
    pub(crate) fn due(&mut self) -> Option<Duration> {
        let at = self.edited_at?;
        let wait = DEBOUNCE.saturating_sub(at.elapsed());
        if wait.is_zero() {
            self.edited_at = None;
        }
        Some(wait)
    }

    /// A view on screen that never computed asks for its first run.
    pub(crate) fn first_run_due(&self) -> bool {
        !self.submitted && self.edited_at.is_none()
    }

    /// Whether an edit waits for its debounce.
    pub fn pending(&self) -> bool {
        self.edited_at.is_some()
    }

    /// A job started.
    pub(crate) fn started(&mut self, has_result: bool) {
        self.submitted = true;
        self.halted = false;
        self.edited_at = None;
        self.running = true;
        self.stale = has_result;
        self.started_at = Some(Instant::now());
        self.elapsed = Duration::ZERO;
        self.first_result = None;
        self.exact_progress = None;
    }

    /// The inputs do not validate: nothing runs, what is shown is stale.
    pub(crate) fn rejected(&mut self, has_result: bool) {
        self.submitted = true;
        self.edited_at = None;
        self.running = false;
        self.stale = has_result;
        self.exact_progress = None;
    }

    /// The job stopped.
    pub(crate) fn stopped(&mut self, reason: StopReason, has_result: bool) {
        if self.running {
            self.elapsed = self.started_at.map_or(Duration::ZERO, |s| s.elapsed());
        }
        self.running = false;
        self.exact_progress = None;
        self.halted = reason == StopReason::Cancelled;
        if reason == StopReason::Cancelled {
            self.stale = has_result;
        }
    }

    /// A result of the running job arrived.
    pub(crate) fn received(&mut self) {
        if self.first_result.is_none() {
            self.first_result = self.started_at.map(|s| s.elapsed());
        }
        self.stale = false;
    }

    /// Time since the job started: ticking while it runs, frozen once it stopped.
    pub(crate) fn elapsed(&self) -> Duration {
        match (self.running, self.started_at) {
            (true, Some(s)) => s.elapsed(),
            _ => self.elapsed,
        }
    }

    /// The phase word of the status line.
    pub(crate) fn phase(&self, has_errors: bool) -> &'static str {
        if self.running {
            "computing"
        } else if has_errors {
            // The detail names the refusal and what to change: the phase only says so.
            "not computed"
        } else if self.stale || self.halted {
            "stopped"
        } else {
            "done"
        }
    }

    /// The status line's detail: exact progress while running, else the first problem
    /// of the inputs (named, so a refusal below the fold is still in sight), else `why`
    /// (the stop reason) for a current result.
    pub(crate) fn detail(&self, errors: &FieldErrors, why: Option<String>) -> Option<String> {
        let has_errors = !errors.is_empty();
        if has_errors && !self.running {
            return errors.summary();
        }
        match (self.exact_progress, why) {
            (Some(p), _) if self.running => Some(crate::equity::run::describe_exact_progress(
                p.fraction,
                p.seconds_left,
            )),
            (_, Some(why)) if !has_errors && !self.stale => Some(why),
            _ => None,
        }
    }
}

/// A view's inputs (the scenario model's section it edits), read and written by what
/// drives the view from outside (tests, scripts) without reaching into its fields.
macro_rules! inputs_accessors {
    ($view:ty, $inputs:ty) => {
        impl $view {
            /// The inputs as typed.
            pub fn inputs(&self) -> &$inputs {
                &self.inputs
            }

            /// The inputs, to edit as a user types (the view validates on its next frame).
            pub fn inputs_mut(&mut self) -> &mut $inputs {
                &mut self.inputs
            }
        }
    };
}
pub(crate) use inputs_accessors;
