//! The job manager: runs engine jobs on one rayon pool and streams their messages back,
//! typed per kind of job.
//!
//! A [`Job`] says what it streams while it runs ([`Job::Update`]) and what it answers
//! with at the end ([`Job::Output`]). [`JobManager::start`] returns a [`Running`] handle
//! with a channel of its own: whoever started the job reads only that job's messages,
//! typed, so no consumer matches on outputs it cannot receive. Dropping the handle (a
//! new job replacing it, a view closing) cancels the job, and its later messages go
//! nowhere: stale results never reach the caller as current. A wake-up callback (the
//! GUI's `request_repaint`) is called after each message is sent.

mod flops_job;
mod hand_jobs;
pub use flops_job::{FlopsJob, FlopsUpdate};
pub use hand_jobs::{AllInJob, AllInOutcome, HandTextJob, SessionJob, SessionRead, SessionUpdate};

use crate::cards::CardSet;
use crate::equity::chart::{run_chart, ChartCell, ChartResult, ChartSpec};
use crate::equity::games::{MatchupJob, SweepJob};
use crate::equity::outs::{outs, Outs};
use crate::equity::range_analysis::RangeJob;
use crate::equity::run::{check_exact_cost, run_matchup, RunSettings, SweepResult};
use crate::equity::{EquityError, Matchup, MatchupResult, RunControl};
use crate::range::Combo;
use crossbeam_channel::{Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Work for the engine: what it streams, what it answers, how it runs.
pub trait Job: Send + 'static {
    /// What the job streams while it runs (better estimates, one more chart class).
    type Update: Send + 'static;
    /// What the job answers with at the end.
    type Output: Send + 'static;

    /// Refuses exact work that would take longer than the bound or hold more than the
    /// run's memory budget; the evaluations the job's exact part will take.
    fn check_affordable(
        &self,
        _settings: &RunSettings,
        _threads: usize,
    ) -> Result<f64, EquityError> {
        Ok(0.0)
    }

    /// The seconds `work` (what [`Job::check_affordable`] answered) takes on `threads`
    /// cores by the cost model the refusal used; the time left starts from it.
    fn exact_seconds(&self, work: f64, threads: usize) -> f64 {
        crate::equity::run::exact_seconds(work, crate::equity::run::EVALUATIONS_PER_SECOND, threads)
    }

    /// What identifies the question for resuming a stopped exact run ("Run again"
    /// goes on from where it stopped): the same key, the same enumeration. `None`
    /// for jobs that do not resume.
    fn resume_key(&self, _settings: &RunSettings) -> Option<u64> {
        None
    }

    /// Whether the job's exact part reports its fraction done (a chart reports by
    /// class instead).
    fn reports_exact_progress(&self) -> bool {
        true
    }

    /// Runs the job; `update` streams what it has so far and returns false when the
    /// job should stop (cancelled, or nobody listens any more).
    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(Self::Update) -> bool,
    ) -> Result<Self::Output, EquityError>;

    /// Folds one update into what the job has done so far (the answer to show before
    /// the job ends, or when it is stopped). `seed` is the run's.
    fn collect(so_far: &mut Option<Self::Output>, update: Self::Update, seed: u64);
}

/// The question of an outs job: a known hero hand on a flop or turn, and any known
/// opponent hands.
#[derive(Clone, Debug, PartialEq)]
pub struct OutsSpec {
    /// The game.
    pub game: crate::cards::Game,
    /// The hero's known hand.
    pub hero: CardSet,
    /// The flop or turn.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
    /// Known opponent hands (none: outs against any hand).
    pub opponents: Vec<CardSet>,
}

impl Job for Matchup {
    type Update = MatchupResult;
    type Output = MatchupResult;

    fn check_affordable(&self, settings: &RunSettings, threads: usize) -> Result<f64, EquityError> {
        crate::equity::run::check_matchup_affordable(self, settings, threads)
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(MatchupResult) -> bool,
    ) -> Result<MatchupResult, EquityError> {
        run_matchup(&self, settings, |r| update(r.clone()))
    }

    fn collect(so_far: &mut Option<MatchupResult>, update: MatchupResult, _seed: u64) {
        *so_far = Some(update);
    }
}

impl Job for MatchupJob {
    type Update = MatchupResult;
    type Output = MatchupResult;

    fn check_affordable(&self, settings: &RunSettings, threads: usize) -> Result<f64, EquityError> {
        MatchupJob::check_affordable(self, settings, threads)
    }

    fn exact_seconds(&self, work: f64, threads: usize) -> f64 {
        MatchupJob::exact_seconds(self, work, threads)
    }

    fn resume_key(&self, settings: &RunSettings) -> Option<u64> {
        MatchupJob::resume_key(self, settings)
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(MatchupResult) -> bool,
    ) -> Result<MatchupResult, EquityError> {
        MatchupJob::run(&self, settings, |r| update(r.clone()))
    }

    fn collect(so_far: &mut Option<MatchupResult>, update: MatchupResult, _seed: u64) {
        *so_far = Some(update);
    }
}

/// A query: every statement answered in turn (its refusal, such as exact work past the
/// budget, is the job's error).
impl Job for crate::query::Query {
    type Update = Vec<crate::query::Answer>;
    type Output = Vec<crate::query::Answer>;

    fn reports_exact_progress(&self) -> bool {
        false
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(Vec<crate::query::Answer>) -> bool,
    ) -> Result<Vec<crate::query::Answer>, EquityError> {
        self.answer_streaming(settings, rayon::current_num_threads(), update)
            .map_err(|e| EquityError::Unsupported(e.to_string()))
    }

    fn collect(so_far: &mut Option<Self::Output>, update: Self::Update, _seed: u64) {
        *so_far = Some(update);
    }
}

impl Job for crate::equity::games::draw::DrawMatchup {
    type Update = MatchupResult;
    type Output = MatchupResult;

    fn reports_exact_progress(&self) -> bool {
        false
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(MatchupResult) -> bool,
    ) -> Result<MatchupResult, EquityError> {
        crate::equity::games::draw::run_draw(&self, settings, |r| update(r.clone()))
    }

    fn collect(so_far: &mut Option<MatchupResult>, update: MatchupResult, _seed: u64) {
        *so_far = Some(update);
    }
}

impl Job for crate::equity::games::double_board::DoubleBoard {
    type Update = crate::equity::games::double_board::DoubleBoardResult;
    type Output = crate::equity::games::double_board::DoubleBoardResult;

    fn reports_exact_progress(&self) -> bool {
        false
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(Self::Update) -> bool,
    ) -> Result<Self::Output, EquityError> {
        crate::equity::games::double_board::run_double_board(&self, settings, |r| update(r.clone()))
    }

    fn collect(so_far: &mut Option<Self::Output>, update: Self::Update, _seed: u64) {
        *so_far = Some(update);
    }
}

impl Job for SweepJob {
    type Update = SweepResult;
    type Output = SweepResult;

    fn check_affordable(&self, settings: &RunSettings, threads: usize) -> Result<f64, EquityError> {
        SweepJob::check_affordable(self, settings.method, threads)
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(SweepResult) -> bool,
    ) -> Result<SweepResult, EquityError> {
        Ok(SweepJob::run(&self, settings, |r| update(r.clone())))
    }

    fn collect(so_far: &mut Option<SweepResult>, update: SweepResult, _seed: u64) {
        *so_far = Some(update);
    }
}

impl Job for ChartSpec {
    type Update = ChartCell;
    type Output = ChartResult;

    fn check_affordable(&self, settings: &RunSettings, threads: usize) -> Result<f64, EquityError> {
        let evaluations = crate::equity::chart::exact_evaluations(self, settings.method);
        check_exact_cost(evaluations, threads)?;
        Ok(evaluations)
    }

    fn reports_exact_progress(&self) -> bool {
        false
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(ChartCell) -> bool,
    ) -> Result<ChartResult, EquityError> {
        run_chart(&self, settings, update)
    }

    /// A running chart sends one class at a time.
    fn collect(so_far: &mut Option<ChartResult>, cell: ChartCell, seed: u64) {
        so_far
            .get_or_insert_with(|| ChartResult::empty(seed))
            .apply(cell);
    }
}

impl OutsSpec {
    /// The outs, on the engine the game's data chooses: a game that plays as Hold'em
    /// with two-card hands gets the classic library's rules as well; any other, the
    /// game's own. The one place that chooses (the window and the command line ask here).
    pub fn outs(&self) -> Result<Outs, EquityError> {
        let combo = |set: CardSet| {
            let cards: Vec<_> = set.iter().collect();
            (cards.len() == 2)
                .then(|| Combo::new(cards[0], cards[1]))
                .flatten()
        };
        let holdem: Option<(Combo, Vec<Combo>)> = self
            .game
            .plays_as_holdem()
            .then(|| {
                Some((
                    combo(self.hero)?,
                    self.opponents
                        .iter()
                        .map(|&o| combo(o))
                        .collect::<Option<_>>()?,
                ))
            })
            .flatten();
        match holdem {
            Some((hero, opponents)) => outs(hero, self.board, self.dead, &opponents),
            None => crate::equity::games::outs::game_outs(
                self.game,
                self.hero,
                self.board,
                self.dead,
                &self.opponents,
            ),
        }
    }
}

impl Job for OutsSpec {
    /// Outs are computed in one piece: nothing streams.
    type Update = std::convert::Infallible;
    type Output = Box<Outs>;

    fn run(
        self,
        _settings: &RunSettings,
        _update: &mut dyn FnMut(std::convert::Infallible) -> bool,
    ) -> Result<Box<Outs>, EquityError> {
        self.outs().map(Box::new)
    }

    fn collect(_: &mut Option<Box<Outs>>, update: std::convert::Infallible, _: u64) {
        match update {}
    }
}

impl Job for RangeJob {
    /// The analysis is exact and fast (milliseconds in Hold'em): it answers in one piece.
    type Update = std::convert::Infallible;
    type Output = Box<crate::equity::range_analysis::RangeAnalysis>;

    /// Nothing is refused here (each part refuses itself and shows why); another game's
    /// enumerations report their work, so its fraction done and time left show.
    fn check_affordable(&self, _: &RunSettings, threads: usize) -> Result<f64, EquityError> {
        Ok(self.estimated_valuations(threads))
    }

    fn exact_seconds(&self, work: f64, threads: usize) -> f64 {
        crate::equity::run::exact_seconds(
            work,
            crate::equity::games::VALUATIONS_PER_SECOND,
            threads,
        )
    }

    fn run(
        self,
        settings: &RunSettings,
        _update: &mut dyn FnMut(std::convert::Infallible) -> bool,
    ) -> Result<Self::Output, EquityError> {
        Ok(Box::new(
            self.analyse(&settings.control, rayon::current_num_threads()),
        ))
    }

    fn collect(_: &mut Option<Self::Output>, update: std::convert::Infallible, _: u64) {
        match update {}
    }
}

/// How far an exact enumeration has come: the fraction of its evaluations done and the
/// time left (the cost model's estimate at first, the measured pace later:
/// [`crate::equity::run::exact_seconds_left`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactProgress {
    /// The fraction of the evaluations done, 0 to 1.
    pub fraction: f64,
    /// The time left, in seconds.
    pub seconds_left: f64,
}

/// Why a job stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Exact enumeration finished, or Monte Carlo reached its target or budget.
    Finished,
    /// Stopped by its caller (Stop, a new input, Ctrl-C).
    Cancelled,
}

/// What a job says.
#[derive(Clone, Debug, PartialEq)]
pub enum Event<U, O> {
    /// What it has so far.
    Update(U),
    /// An exact enumeration's progress (no figures).
    ExactProgress(ExactProgress),
    /// The job's last message: its answer (what it had done when cancelled) or why it
    /// failed, and why it stopped.
    Finished(Result<O, EquityError>, StopReason),
}

/// One message of a job, with the time since it started.
#[derive(Clone, Debug, PartialEq)]
pub struct Message<U, O> {
    /// What the job says.
    pub event: Event<U, O>,
    /// Time since the job started.
    pub elapsed: Duration,
}

/// The messages of a job of kind `J`.
pub type JobMessage<J> = Message<<J as Job>::Update, <J as Job>::Output>;

/// A started job: its messages, and a way to cancel it. Dropping it cancels the job.
pub struct Running<J: Job> {
    receiver: Receiver<JobMessage<J>>,
    cancel: RunControl,
    /// Cancelled with its messages dropped (not a stop that waits for the last one).
    dropped: bool,
}

impl<J: Job> Running<J> {
    /// Cancels the job; its messages are dropped from now on.
    pub fn cancel(&mut self) {
        self.cancel.cancel();
        self.dropped = true;
    }

    /// Asks the job to stop but keeps listening: its last message holds what it had
    /// done (a Monte Carlo total, an exact run's partial sums, marked as cancelled).
    pub fn request_stop(&self) {
        self.cancel.cancel();
    }

    /// Whether the job was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// Monte Carlo batches the job has finished (it stops counting once it stops).
    pub fn batches(&self) -> u64 {
        self.cancel.progress().batches()
    }

    /// The job's next message, without waiting (`None` once cancelled; after
    /// [`Running::request_stop`] the last message still comes).
    pub fn try_recv(&mut self) -> Option<JobMessage<J>> {
        if self.dropped {
            return None;
        }
        self.receiver.try_recv().ok()
    }

    /// The job's next message, waiting up to `timeout` (`None` once cancelled).
    pub fn recv_timeout(&mut self, timeout: Duration) -> Option<JobMessage<J>> {
        if self.dropped {
            return None;
        }
        self.receiver.recv_timeout(timeout).ok()
    }

    /// Waits up to `timeout` for the job's end, skipping its updates: its answer (or
    /// why it failed) and why it stopped. `None` when it did not end in time.
    pub fn wait(
        &mut self,
        timeout: Duration,
    ) -> Option<(Result<J::Output, EquityError>, StopReason)> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv_timeout(left)?.event {
                Event::Finished(output, reason) => return Some((output, reason)),
                Event::Update(_) | Event::ExactProgress(_) => continue,
            }
        }
    }

    /// Cancels the job and waits up to `timeout` for its last message, which holds what
    /// it had done (a Monte Carlo total, an exact run's partial sums). `None` when the
    /// job sent nothing in time.
    pub fn stop_and_collect(&mut self, timeout: Duration) -> Option<JobMessage<J>> {
        self.cancel.cancel();
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.receiver.recv_timeout(left) {
                Ok(m) if matches!(m.event, Event::Finished(..)) => return Some(m),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }
}

impl<J: Job> Drop for Running<J> {
    fn drop(&mut self) {
        self.cancel.cancel();
    }
}

type Wake = Arc<dyn Fn() + Send + Sync>;

/// Owns the worker pool; lives on the UI (or CLI) thread.
pub struct JobManager {
    pool: Arc<rayon::ThreadPool>,
    wake: Option<Wake>,
    threads: usize,
}

impl JobManager {
    /// A manager with `threads` workers (all cores when `None`); an error when the
    /// system cannot start them.
    pub fn new(threads: Option<usize>) -> Result<JobManager, rayon::ThreadPoolBuildError> {
        let mut builder =
            rayon::ThreadPoolBuilder::new().thread_name(|i| format!("multiodds-worker-{i}"));
        if let Some(n) = threads.filter(|&n| n > 0) {
            builder = builder.num_threads(n);
        }
        let pool = builder.build()?;
        Ok(JobManager {
            threads: pool.current_num_threads(),
            pool: Arc::new(pool),
            wake: None,
        })
    }

    /// Calls `wake` after every message (e.g. `ctx.request_repaint()`).
    pub fn set_wake(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        self.wake = Some(Arc::new(wake));
    }

    /// The worker threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Starts `job`; its messages arrive on the returned handle.
    pub fn start<J: Job>(&self, job: J, settings: RunSettings) -> Running<J> {
        self.start_resuming(job, settings, None)
    }

    /// Starts `job`, resuming what an earlier stopped exact run of the same job and
    /// settings left in `resume` (and leaving there what this one does, if stopped).
    pub fn start_resuming<J: Job>(
        &self,
        job: J,
        settings: RunSettings,
        resume: Option<Arc<crate::equity::resume::ExactResume>>,
    ) -> Running<J> {
        let (sender, receiver) = crossbeam_channel::unbounded();
        let cancel = RunControl::new().with_resume(resume);
        let settings = RunSettings {
            control: cancel.clone(),
            ..settings
        };
        let wake = self.wake.clone();
        let threads = self.threads;
        self.pool
            .spawn(move || run_job(job, settings, threads, sender, wake));
        Running {
            receiver,
            cancel,
            dropped: false,
        }
    }
}

/// Runs `job` to its end on the calling thread, its messages waiting on the returned
/// handle: a one-thread pool made of this thread, so no thread is started (nor its
/// memory arena set up). For work so small that starting a worker is most of its cost
/// (the command line's smallest runs, [`threads_for`]); it cannot be stopped midway.
pub fn run_on_this_thread<J: Job>(
    job: J,
    settings: RunSettings,
) -> Result<Running<J>, rayon::ThreadPoolBuildError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()?;
    let (sender, receiver) = crossbeam_channel::unbounded();
    let cancel = RunControl::new();
    let settings = RunSettings {
        control: cancel.clone(),
        ..settings
    };
    pool.install(|| run_job(job, settings, 1, sender, None));
    Ok(Running {
        receiver,
        cancel,
        dropped: false,
    })
}

/// Exact work shorter than this on one core (seconds) runs on one thread when no thread
/// count is asked for: starting each further worker costs about 0.1 ms of CPU (16
/// threads added 1.7 ms to a 2 ms run on the project's machine), more than such work
/// gains from them.
pub const SMALL_EXACT_SECONDS: f64 = 0.002;

/// The worker threads to start for `job` when the caller asks for none: one for small
/// exact work (exact, and under [`SMALL_EXACT_SECONDS`] on one core), all cores
/// otherwise (`None`). Monte Carlo and work the check refuses keep every core (the
/// refusal is the run's to report).
pub fn threads_for<J: Job>(job: &J, settings: &RunSettings) -> Option<usize> {
    let work = job.check_affordable(settings, 1).ok()?;
    (work > 0.0 && job.exact_seconds(work, 1) < SMALL_EXACT_SECONDS).then_some(1)
}

/// Exact work long enough to report its progress (about half a second).
const REPORT_EXACT_EVALUATIONS: f64 = 5e7;

/// While an exact enumeration runs, a small thread (it sleeps, it does not compute)
/// reads the work counter and streams the fraction done and the time left.
fn exact_reporter(
    evaluations: f64,
    model_seconds: f64,
    cancel: RunControl,
    finished: Arc<std::sync::atomic::AtomicBool>,
    report: impl Fn(ExactProgress) + Send + 'static,
) -> Option<std::thread::JoinHandle<()>> {
    use std::sync::atomic::Ordering;
    let start = Instant::now();
    // Work a resumed run carries from the runs before it.
    let already = (cancel.progress().work_done() as f64).min(evaluations);
    std::thread::Builder::new()
        .name("multiodds-progress".into())
        .spawn(move || {
            let mut last = Instant::now();
            while !finished.load(Ordering::Relaxed) && !cancel.is_cancelled() {
                std::thread::sleep(Duration::from_millis(25));
                if last.elapsed() < Duration::from_millis(250) {
                    continue;
                }
                last = Instant::now();
                let done = cancel.progress().work_done() as f64;
                if done >= evaluations {
                    continue; // the exact part is over (a sweep's Monte Carlo follows)
                }
                let fraction = (done / evaluations).clamp(0.0, 0.999);
                let elapsed = start.elapsed().as_secs_f64();
                // A resumed run's pace is this run's work over this run's time; the
                // model's time is for the part left.
                let left = (evaluations - already).max(1.0);
                let this_run = ((done - already) / left).clamp(0.0, 0.999);
                let seconds_left = crate::equity::run::exact_seconds_left(
                    model_seconds * left / evaluations,
                    elapsed,
                    this_run,
                );
                report(ExactProgress {
                    fraction,
                    seconds_left,
                });
            }
        })
        .ok()
}

/// Sends a job's messages, stamped with the time since it started, and wakes the UI.
struct Outbox<U, O> {
    sender: Sender<Message<U, O>>,
    wake: Option<Wake>,
    start: Instant,
}

impl<U, O> Outbox<U, O> {
    /// Whether anybody still listens.
    fn send(&self, event: Event<U, O>) -> bool {
        let ok = self
            .sender
            .send(Message {
                event,
                elapsed: self.start.elapsed(),
            })
            .is_ok();
        if let Some(w) = &self.wake {
            w();
        }
        ok
    }
}

fn run_job<J: Job>(
    job: J,
    settings: RunSettings,
    threads: usize,
    sender: Sender<JobMessage<J>>,
    wake: Option<Wake>,
) {
    let outbox = Arc::new(Outbox {
        sender,
        wake,
        start: Instant::now(),
    });
    let cancel = settings.control.clone();
    // A resumed run holds its ledger for its whole life, after the run it resumes.
    let _ledger = cancel.resume().map(|r| r.acquire(cancel.progress()));
    let evaluations = match job.check_affordable(&settings, threads) {
        Ok(e) => e,
        Err(e) => {
            outbox.send(Event::Finished(Err(e), StopReason::Finished));
            return;
        }
    };
    let finished = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reporter = (evaluations >= REPORT_EXACT_EVALUATIONS && job.reports_exact_progress())
        .then(|| {
            let outbox = outbox.clone();
            let model_seconds = job.exact_seconds(evaluations, threads);
            exact_reporter(
                evaluations,
                model_seconds,
                cancel.clone(),
                finished.clone(),
                move |p| {
                    outbox.send(Event::ExactProgress(p));
                },
            )
        })
        .flatten();
    // A panic in the engine becomes this job's error, not the end of the program.
    let run = std::panic::AssertUnwindSafe(|| {
        job.run(&settings, &mut |u| {
            outbox.send(Event::Update(u)) && !cancel.is_cancelled()
        })
    });
    let output = std::panic::catch_unwind(run).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        Err(EquityError::Internal(what))
    });
    // No progress message after the final one.
    finished.store(true, std::sync::atomic::Ordering::Relaxed);
    if let Some(r) = reporter {
        let _ = r.join();
    }
    let reason = if cancel.is_cancelled() {
        StopReason::Cancelled
    } else {
        StopReason::Finished
    };
    outbox.send(Event::Finished(output, reason));
}
