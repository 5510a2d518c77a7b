//! Resuming a stopped exact run: the work units it finished (a chunk of runouts, a
//! class of preflops), their tally and their work, kept for the next run of the same
//! question, which skips those units and adds the tally back.
//!
//! Only the engines that split their enumeration into fixed, numbered units take part
//! (the Hold'em board enumerations and the preflop fold); a run on any other engine
//! leaves nothing to resume, so its next run starts afresh rather than count twice.

use super::MatchupTally;
use std::collections::HashSet;
use std::sync::{Arc, Condvar, Mutex};

/// What a stopped exact run leaves for the next run of the same question. Whoever
/// keeps it (a view) must hand it only to a run of the same matchup and settings.
#[derive(Debug, Default)]
pub struct ExactResume {
    state: Mutex<Carried>,
    /// Whether a run holds the ledger; the next waits for it (a stopped run still
    /// finishing its last unit must store what it did before the next one reads it).
    busy: Mutex<bool>,
    released: Condvar,
}

#[derive(Debug, Default)]
struct Carried {
    /// The units finished, whose sums are in `tally`.
    done: HashSet<u32>,
    tally: Option<MatchupTally>,
    /// The work counted by the runs so far (for the fraction done).
    work: u64,
    /// Whether the current run's engine numbers its units.
    units_used: bool,
}

impl ExactResume {
    /// Nothing carried yet.
    pub fn new() -> Arc<ExactResume> {
        Arc::new(ExactResume::default())
    }

    /// Holds the ledger for one run, waiting for the run before it to finish, and
    /// counts the work carried as done in `progress`; released when the guard drops.
    pub fn acquire(&self, progress: &super::RunProgress) -> ResumeGuard<'_> {
        let mut busy = self.busy.lock().unwrap_or_else(|e| e.into_inner());
        while *busy {
            busy = self.released.wait(busy).unwrap_or_else(|e| e.into_inner());
        }
        *busy = true;
        progress.add_work(self.work());
        ResumeGuard(self)
    }

    fn state(&self) -> std::sync::MutexGuard<'_, Carried> {
        // A run that panicked while holding the lock leaves consistent data (each
        // update is one assignment): use it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The exact work done by the runs so far (0 when there is nothing to resume).
    pub fn work(&self) -> u64 {
        let s = self.state();
        if s.tally.is_some() {
            s.work
        } else {
            0
        }
    }

    /// Whether a stopped run left units to skip.
    pub fn has_progress(&self) -> bool {
        self.state().tally.is_some()
    }

    /// The units a run may skip, and the ledger it marks finished units in.
    pub(crate) fn units(&self) -> HashSet<u32> {
        let mut s = self.state();
        s.units_used = true;
        if s.tally.is_some() {
            s.done.clone()
        } else {
            HashSet::new()
        }
    }

    /// Marks a unit finished; its sums are in the run's tally.
    pub(crate) fn mark(&self, unit: u32) {
        self.state().done.insert(unit);
    }

    /// Ends a run: its tally plus what earlier runs carried (when its engine numbers
    /// its units; any other engine's run stands alone). A stopped run's whole tally is
    /// kept for the next; a finished one clears the ledger.
    pub(crate) fn finish(&self, tally: MatchupTally, stopped: bool, work: u64) -> MatchupTally {
        let mut s = self.state();
        if !std::mem::take(&mut s.units_used) {
            // No units numbered: an engine that has none stands alone (and clears the
            // ledger); a run stopped before its units began (while folding the
            // preflops) keeps what was carried, which is what there is to show.
            return match (&s.tally, stopped) {
                (Some(carried), true) => carried.clone(),
                _ => {
                    *s = Carried::default();
                    tally
                }
            };
        }
        let mut total = tally;
        if let Some(carried) = &s.tally {
            total.merge(carried);
        }
        if stopped {
            s.tally = Some(total.clone());
            s.work = work;
        } else {
            *s = Carried::default();
        }
        total
    }
}

/// A run's hold on an [`ExactResume`] (see [`ExactResume::acquire`]).
pub struct ResumeGuard<'a>(&'a ExactResume);

impl Drop for ResumeGuard<'_> {
    fn drop(&mut self) {
        *self.0.busy.lock().unwrap_or_else(|e| e.into_inner()) = false;
        self.0.released.notify_all();
    }
}

/// One run's view of the ledger: the units to skip and where to mark the ones it
/// finishes; empty and inert when the run resumes nothing.
pub(crate) struct Units<'a> {
    skip: HashSet<u32>,
    ledger: Option<&'a ExactResume>,
}

impl<'a> Units<'a> {
    pub(crate) fn of(ledger: Option<&'a ExactResume>) -> Units<'a> {
        Units {
            skip: ledger.map(ExactResume::units).unwrap_or_default(),
            ledger,
        }
    }

    /// Whether an earlier run finished `unit`.
    #[inline]
    pub(crate) fn skip(&self, unit: usize) -> bool {
        !self.skip.is_empty() && self.skip.contains(&(unit as u32))
    }

    /// Whether a unit cut short by a stop must be dropped whole (a resumable run
    /// keeps only whole units; any other keeps what it did for its partial figures).
    #[inline]
    pub(crate) fn whole_only(&self) -> bool {
        self.ledger.is_some()
    }

    /// Marks `unit` finished.
    pub(crate) fn finished(&self, unit: usize) {
        if let Some(l) = self.ledger {
            l.mark(unit as u32);
        }
    }
}
