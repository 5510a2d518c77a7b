//! The job manager: runs engine jobs on one rayon pool and streams their progress over
//! a crossbeam channel.
//!
//! Each job goes to a [`Slot`] (a key chosen by the caller). Submitting to a slot cancels the job it
//! held and bumps the slot's generation; every message carries its job's generation, and
//! [`JobManager::try_recv`] drops messages from superseded or cancelled jobs, so stale
//! results never reach the caller as current. A wake-up callback (the GUI's
//! `request_repaint`) is called after each message is sent.

use crate::cards::CardSet;
use crate::equity::chart::{run_chart, ChartCell, ChartResult, ChartSpec};
use crate::equity::outs::{outs, Outs};
use crate::equity::run::{
    check_exact_cost, matchup_plan, run_matchup, run_sweep, sweep_exact_evaluations, RunSettings,
    SweepResult,
};
use crate::equity::sweep::Sweep;
use crate::equity::{Cancel, EquityError, Matchup, MatchupResult};
use crate::range::Combo;
use crossbeam_channel::{Receiver, Sender};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where a job's results go: a key the caller chooses (a view picks one per kind of
/// job it runs), so a new job in a slot replaces the old one. The manager knows jobs,
/// not what the slots mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot(pub u32);

/// Work for the engine.
#[derive(Clone, Debug)]
pub enum Job {
    Matchup(Matchup),
    Sweep(Sweep),
    Chart(ChartSpec),
    Outs(OutsSpec),
    /// Panics on purpose: proves a fault in a job stays in that job (tests).
    #[doc(hidden)]
    Panic,
}

/// The question of an outs job: a known hero hand on a flop or turn, and any known
/// opponent hands.
#[derive(Clone, Debug, PartialEq)]
pub struct OutsSpec {
    pub hero: Combo,
    pub board: CardSet,
    pub dead: CardSet,
    pub opponents: Vec<Combo>,
}

/// A job's figures so far.
#[derive(Clone, Debug, PartialEq)]
pub enum JobOutput {
    Matchup(MatchupResult),
    Sweep(SweepResult),
    /// A finished chart (the job's last message).
    Chart(ChartResult),
    /// One more class of a running chart (progress carries only what changed).
    ChartCell(ChartCell),
    Outs(Box<Outs>),
    /// How far an exact enumeration has come: the fraction of its evaluations done and
    /// the time left at the pace so far (`None` before any work is counted).
    ExactProgress {
        fraction: f64,
        seconds_left: Option<f64>,
    },
    Failed(EquityError),
}

/// Why a job stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Exact enumeration finished, or Monte Carlo reached its target or budget.
    Finished,
    Cancelled,
}

/// One message from a job.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub slot: Slot,
    pub generation: u64,
    pub output: JobOutput,
    pub elapsed: Duration,
    /// `Some` on the job's last message.
    pub stopped: Option<StopReason>,
}

/// A submitted job: its slot and generation, and a way to cancel it.
#[derive(Clone, Debug)]
pub struct JobHandle {
    pub slot: Slot,
    pub generation: u64,
    cancel: Cancel,
}

impl JobHandle {
    pub fn cancel(&self) {
        self.cancel.cancel();
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }

    /// Monte Carlo batches the job has finished (it stops counting once it stops).
    pub fn batches(&self) -> u64 {
        self.cancel.batches()
    }
}

type Wake = Arc<dyn Fn() + Send + Sync>;

/// Owns the worker pool and the channel; lives on the UI (or CLI) thread.
pub struct JobManager {
    pool: Arc<rayon::ThreadPool>,
    sender: Sender<Progress>,
    receiver: Receiver<Progress>,
    current: HashMap<Slot, JobHandle>,
    next_generation: u64,
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
        let (sender, receiver) = crossbeam_channel::unbounded();
        Ok(JobManager {
            threads: pool.current_num_threads(),
            pool: Arc::new(pool),
            sender,
            receiver,
            current: HashMap::new(),
            next_generation: 1,
            wake: None,
        })
    }

    /// Calls `wake` after every message (e.g. `ctx.request_repaint()`).
    pub fn set_wake(&mut self, wake: impl Fn() + Send + Sync + 'static) {
        self.wake = Some(Arc::new(wake));
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Starts `job` in `slot`, cancelling the job the slot held.
    pub fn submit(&mut self, slot: Slot, job: Job, settings: RunSettings) -> JobHandle {
        self.cancel(slot);
        let generation = self.next_generation;
        self.next_generation += 1;
        let cancel = Cancel::new();
        let handle = JobHandle {
            slot,
            generation,
            cancel: cancel.clone(),
        };
        self.current.insert(slot, handle.clone());
        let settings = RunSettings { cancel, ..settings };
        let sender = self.sender.clone();
        let wake = self.wake.clone();
        let threads = self.threads;
        self.pool
            .spawn(move || run_job(slot, generation, job, settings, threads, sender, wake));
        handle
    }

    /// Cancels the job in `slot`, if any; its messages are dropped from now on.
    pub fn cancel(&mut self, slot: Slot) {
        if let Some(old) = self.current.remove(&slot) {
            old.cancel();
        }
    }

    /// The job currently in `slot`.
    pub fn current(&self, slot: Slot) -> Option<&JobHandle> {
        self.current.get(&slot)
    }

    fn is_current(&self, p: &Progress) -> bool {
        self.current
            .get(&p.slot)
            .is_some_and(|h| h.generation == p.generation && !h.is_cancelled())
    }

    /// The next message of a current job, without waiting; stale ones are dropped.
    pub fn try_recv(&mut self) -> Option<Progress> {
        while let Ok(p) = self.receiver.try_recv() {
            if self.is_current(&p) {
                return Some(p);
            }
        }
        None
    }

    /// The next message of a current job, waiting up to `timeout`.
    pub fn recv_timeout(&mut self, timeout: Duration) -> Option<Progress> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.receiver.recv_timeout(left) {
                Ok(p) if self.is_current(&p) => return Some(p),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }

    /// Cancels `handle`'s job and waits up to `timeout` for its last message, which
    /// holds what it had done (a Monte Carlo total, an exact run's partial sums).
    /// Other messages are dropped; `None` when the job sent nothing in time.
    pub fn stop_and_collect(&mut self, handle: &JobHandle, timeout: Duration) -> Option<Progress> {
        handle.cancel();
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.receiver.recv_timeout(left) {
                Ok(p) if p.slot == handle.slot && p.generation == handle.generation => {
                    if p.stopped.is_some() {
                        self.current.remove(&handle.slot);
                        return Some(p);
                    }
                }
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }
}

impl Drop for JobManager {
    fn drop(&mut self) {
        // Stop every running job; the pool's threads exit once their jobs return.
        for handle in self.current.values() {
            handle.cancel();
        }
    }
}

/// Refuses exact work that would take longer than the bound (SPEC §5) or hold more
/// than the run's memory budget, whichever path asked for it (the app's views, the
/// CLI, scenario files). Returns the evaluations the job's exact part will take.
pub fn check_affordable(
    job: &Job,
    settings: &RunSettings,
    threads: usize,
) -> Result<f64, EquityError> {
    let method = settings.method;
    let evaluations = match job {
        Job::Matchup(m) => {
            // Time first (its message says more), then memory.
            let plan = matchup_plan(m, method, settings.memory_budget);
            check_exact_cost(plan.evaluations, threads)?;
            plan.check_memory(settings.memory_budget)?;
            plan.evaluations
        }
        Job::Sweep(s) => sweep_exact_evaluations(s, method),
        Job::Chart(spec) => crate::equity::chart::exact_evaluations(spec, method),
        Job::Outs(_) | Job::Panic => 0.0,
    };
    check_exact_cost(evaluations, threads)?;
    Ok(evaluations)
}

/// Exact work long enough to report its progress (about half a second).
const REPORT_EXACT_EVALUATIONS: f64 = 5e7;

/// While an exact enumeration runs, a small thread (it sleeps, it does not compute)
/// reads the work counter and streams the fraction done and the time left.
fn exact_reporter(
    evaluations: f64,
    cancel: Cancel,
    finished: Arc<std::sync::atomic::AtomicBool>,
    report: impl Fn(f64, Option<f64>) + Send + 'static,
) -> Option<std::thread::JoinHandle<()>> {
    use std::sync::atomic::Ordering;
    let start = Instant::now();
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
                let done = cancel.work_done() as f64;
                if done >= evaluations {
                    continue; // the exact part is over (a sweep's Monte Carlo follows)
                }
                let fraction = (done / evaluations).clamp(0.0, 0.999);
                let elapsed = start.elapsed().as_secs_f64();
                let left = (fraction > 0.0).then(|| elapsed * (1.0 - fraction) / fraction);
                report(fraction, left);
            }
        })
        .ok()
}

fn run_job(
    slot: Slot,
    generation: u64,
    job: Job,
    settings: RunSettings,
    threads: usize,
    sender: Sender<Progress>,
    wake: Option<Wake>,
) {
    let start = Instant::now();
    let send = |output: JobOutput, stopped: Option<StopReason>| {
        let p = Progress {
            slot,
            generation,
            output,
            elapsed: start.elapsed(),
            stopped,
        };
        let ok = sender.send(p).is_ok();
        if let Some(w) = &wake {
            w();
        }
        ok
    };
    let cancel = settings.cancel.clone();
    let keep_going = |ok: bool| ok && !cancel.is_cancelled();
    let evaluations = match check_affordable(&job, &settings, threads) {
        Ok(e) => e,
        Err(e) => {
            send(JobOutput::Failed(e), Some(StopReason::Finished));
            return;
        }
    };
    let finished = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let reporter = (evaluations >= REPORT_EXACT_EVALUATIONS && !matches!(job, Job::Chart(_)))
        .then(|| {
            let (sender, wake) = (sender.clone(), wake.clone());
            exact_reporter(
                evaluations,
                cancel.clone(),
                finished.clone(),
                move |f, left| {
                    let p = Progress {
                        slot,
                        generation,
                        output: JobOutput::ExactProgress {
                            fraction: f,
                            seconds_left: left,
                        },
                        elapsed: start.elapsed(),
                        stopped: None,
                    };
                    if sender.send(p).is_ok() {
                        if let Some(w) = &wake {
                            w();
                        }
                    }
                },
            )
        })
        .flatten();
    // A panic in the engine becomes this job's error, not the end of the program.
    let run = std::panic::AssertUnwindSafe(|| match job {
        Job::Matchup(m) => match run_matchup(&m, &settings, |r| {
            keep_going(send(JobOutput::Matchup(r.clone()), None))
        }) {
            Ok(r) => JobOutput::Matchup(r),
            Err(e) => JobOutput::Failed(e),
        },
        Job::Sweep(s) => JobOutput::Sweep(run_sweep(&s, &settings, |r| {
            keep_going(send(JobOutput::Sweep(r.clone()), None))
        })),
        Job::Chart(spec) => match run_chart(&spec, &settings, |cell| {
            keep_going(send(JobOutput::ChartCell(cell), None))
        }) {
            Ok(r) => JobOutput::Chart(r),
            Err(e) => JobOutput::Failed(e),
        },
        Job::Outs(q) => match outs(q.hero, q.board, q.dead, &q.opponents) {
            Ok(o) => JobOutput::Outs(Box::new(o)),
            Err(e) => JobOutput::Failed(e),
        },
        Job::Panic => panic!("a job that panics (test of the worker's fault handling)"),
    });
    let output = std::panic::catch_unwind(run).unwrap_or_else(|payload| {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".to_string());
        JobOutput::Failed(EquityError::Internal(what))
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
    send(output, Some(reason));
}
