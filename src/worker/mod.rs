//! The job manager: runs engine jobs on one rayon pool and streams their progress over
//! a crossbeam channel.
//!
//! Each job goes to a [`Slot`] (one per view). Submitting to a slot cancels the job it
//! held and bumps the slot's generation; every message carries its job's generation, and
//! [`JobManager::try_recv`] drops messages from superseded or cancelled jobs, so stale
//! results never reach the caller as current. A wake-up callback (the GUI's
//! `request_repaint`) is called after each message is sent.

use crate::cards::CardSet;
use crate::equity::chart::{run_chart, ChartResult, ChartSpec};
use crate::equity::outs::{outs, Outs};
use crate::equity::run::{run_matchup, run_sweep, RunSettings, SweepResult};
use crate::equity::sweep::Sweep;
use crate::equity::{Cancel, EquityError, Matchup, MatchupResult};
use crate::range::Combo;
use crossbeam_channel::{Receiver, Sender};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where a job's results go: one slot per view, so a new job replaces the old one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    Sweep,
    Matchup,
    Chart,
    /// Outs and draws of the MultiOdds view's hand.
    Outs,
    /// Any other independent consumer (tests, batch work).
    Other(u32),
}

/// Work for the engine.
#[derive(Clone, Debug)]
pub enum Job {
    Matchup(Matchup),
    Sweep(Sweep),
    Chart(ChartSpec),
    Outs(OutsSpec),
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
    Chart(ChartResult),
    Outs(Box<Outs>),
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
    /// A manager with `threads` workers (all cores when `None`).
    pub fn new(threads: Option<usize>) -> JobManager {
        let mut builder =
            rayon::ThreadPoolBuilder::new().thread_name(|i| format!("multiodds-worker-{i}"));
        if let Some(n) = threads.filter(|&n| n > 0) {
            builder = builder.num_threads(n);
        }
        let pool = builder.build().expect("worker pool");
        let (sender, receiver) = crossbeam_channel::unbounded();
        JobManager {
            threads: pool.current_num_threads(),
            pool: Arc::new(pool),
            sender,
            receiver,
            current: HashMap::new(),
            next_generation: 1,
            wake: None,
        }
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
        self.pool
            .spawn(move || run_job(slot, generation, job, settings, sender, wake));
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
}

impl Drop for JobManager {
    fn drop(&mut self) {
        // Stop every running job; the pool's threads exit once their jobs return.
        for handle in self.current.values() {
            handle.cancel();
        }
    }
}

fn run_job(
    slot: Slot,
    generation: u64,
    job: Job,
    settings: RunSettings,
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
    let output = match job {
        Job::Matchup(m) => JobOutput::Matchup(run_matchup(&m, &settings, |r| {
            keep_going(send(JobOutput::Matchup(r.clone()), None))
        })),
        Job::Sweep(s) => JobOutput::Sweep(run_sweep(&s, &settings, |r| {
            keep_going(send(JobOutput::Sweep(r.clone()), None))
        })),
        Job::Chart(spec) => match run_chart(&spec, &settings, |r| {
            keep_going(send(JobOutput::Chart(r.clone()), None))
        }) {
            Ok(r) => JobOutput::Chart(r),
            Err(e) => JobOutput::Failed(e),
        },
        Job::Outs(q) => match outs(q.hero, q.board, q.dead, &q.opponents) {
            Ok(o) => JobOutput::Outs(Box::new(o)),
            Err(e) => JobOutput::Failed(e),
        },
    };
    let reason = if cancel.is_cancelled() {
        StopReason::Cancelled
    } else {
        StopReason::Finished
    };
    send(output, Some(reason));
}
