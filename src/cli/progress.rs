//! Running a job from the command line: its progress bar, Ctrl-C, and the answer it ends with.

use super::{
    say, AtomicBool, ChartSpec, CliError, Duration, Event, Job, JobManager, MatchupJob,
    MatchupResult, Message, Ordering, RunSettings, StopRule, SweepJob, SweepResult,
};
/// Set by Ctrl-C: the running job stops and what is done is printed.
pub(super) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What the command line says of a running job, and how it marks a stopped answer.
pub(super) trait CliJob: Job {
    /// The progress bar's text for an update.
    fn describe(update: &Self::Update, elapsed: Duration) -> String;
    /// An answer cut short by Ctrl-C says so.
    fn mark_cancelled(_output: &mut Self::Output) {}
}

/// Jobs answering with a matchup's figures (a matchup in any game, a draw): the deals
/// and the worst standard error as they come; a cut-short answer marked cancelled.
macro_rules! matchup_cli_job {
    ($($job:ty),*) => {$(
        impl CliJob for $job {
            fn describe(r: &MatchupResult, elapsed: Duration) -> String {
                let se = r.seats.iter().map(|s| s.equity_se).fold(0.0, f64::max);
                format!(
                    "{} deals · worst SE {:.5} · {:.1} s",
                    r.deals,
                    se,
                    elapsed.as_secs_f64()
                )
            }

            fn mark_cancelled(r: &mut MatchupResult) {
                r.status.stopped = Some(StopRule::Cancelled);
            }
        }
    )*};
}
matchup_cli_job!(MatchupJob, multiodds::equity::games::draw::DrawMatchup);

/// A double board's progress: its overall figures, as a matchup's.
impl CliJob for multiodds::equity::games::double_board::DoubleBoard {
    fn describe(r: &Self::Update, elapsed: Duration) -> String {
        <MatchupJob as CliJob>::describe(&r.overall, elapsed)
    }

    fn mark_cancelled(r: &mut Self::Output) {
        r.overall.status.stopped = Some(StopRule::Cancelled);
    }
}

impl CliJob for multiodds::query::Query {
    fn describe(answers: &Vec<multiodds::query::Answer>, elapsed: Duration) -> String {
        let deals: u64 = answers.iter().map(|a| a.deals).sum();
        format!("{deals} deals · {:.1} s", elapsed.as_secs_f64())
    }

    fn mark_cancelled(answers: &mut Vec<multiodds::query::Answer>) {
        for a in answers {
            a.stopped = StopRule::Cancelled;
        }
    }
}

impl CliJob for SweepJob {
    fn describe(r: &SweepResult, elapsed: Duration) -> String {
        let deals = r.points.first().map_or(0, |p| p.deals);
        let se = r
            .points
            .iter()
            .map(|p| p.std_error.equity)
            .fold(0.0, f64::max);
        format!(
            "{deals} deals · worst equity SE {se:.5} · {:.1} s",
            elapsed.as_secs_f64()
        )
    }

    fn mark_cancelled(r: &mut SweepResult) {
        r.status.stopped = Some(StopRule::Cancelled);
    }
}

impl CliJob for ChartSpec {
    fn describe(c: &multiodds::equity::chart::ChartCell, elapsed: Duration) -> String {
        format!("{} of 169 hands · {:.1} s", c.done, elapsed.as_secs_f64())
    }
}

/// Runs a job on the job manager, with a progress bar on stderr for runs longer than
/// half a second (when `show_progress` and stderr is a terminal). Ctrl-C stops the job;
/// what it had done is returned as the result.
pub(super) fn run_with_progress<J: CliJob>(
    job: J,
    settings: RunSettings,
    threads: Option<usize>,
    show_progress: bool,
) -> Result<(J::Output, Duration), CliError> {
    use std::io::IsTerminal;
    let cannot_start = |e| CliError::Usage(format!("cannot start the worker threads: {e}"));
    let seed = settings.seed;
    // The smallest exact runs (about a millisecond) run on this thread: starting a
    // worker, its memory arena and the Ctrl-C thread would be most of their cost.
    let small = threads.is_none() && multiodds::worker::threads_for(&job, &settings) == Some(1);
    let _manager;
    let mut running = if small {
        multiodds::worker::run_on_this_thread(job, settings).map_err(cannot_start)?
    } else {
        let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
        let manager = JobManager::new(threads).map_err(cannot_start)?;
        let running = manager.start(job, settings);
        _manager = manager;
        running
    };
    let show = show_progress && std::io::stderr().is_terminal();
    let mut bar: Option<indicatif::ProgressBar> = None;
    // What the job has done so far, from its updates.
    let mut so_far: Option<J::Output> = None;
    let mut elapsed = Duration::ZERO;
    let finished = loop {
        if INTERRUPTED.load(Ordering::SeqCst) {
            // The job's last message holds what it did (an exact run's partial sums
            // too); the last update is kept if it does not come in time.
            let last = running.stop_and_collect(Duration::from_secs(10));
            if let Some(b) = &bar {
                b.finish_and_clear();
            }
            say("interrupted: printing what is done");
            let answer = match last {
                Some(Message {
                    event: Event::Finished(Ok(output), _),
                    elapsed: at,
                }) => Some((output, at)),
                _ => so_far.map(|o| (o, elapsed)),
            };
            // What was done so far is the result, and it says it was cancelled.
            break answer.map(|(mut output, at)| {
                J::mark_cancelled(&mut output);
                Ok((output, at))
            });
        }
        let Some(m) = running.recv_timeout(Duration::from_millis(50)) else {
            continue;
        };
        let text = match &m.event {
            Event::Update(u) => Some(J::describe(u, m.elapsed)),
            Event::ExactProgress(p) => Some(multiodds::equity::run::describe_exact_progress(
                p.fraction,
                p.seconds_left,
            )),
            Event::Finished(..) => None,
        };
        if let Some(text) = text.filter(|_| show && m.elapsed > Duration::from_millis(500)) {
            bar.get_or_insert_with(|| {
                let b = indicatif::ProgressBar::new_spinner();
                b.enable_steady_tick(Duration::from_millis(120));
                b
            })
            .set_message(text);
        }
        match m.event {
            Event::Update(u) => {
                J::collect(&mut so_far, u, seed);
                elapsed = m.elapsed;
            }
            Event::ExactProgress(_) => {}
            Event::Finished(output, _) => break Some(output.map(|o| (o, m.elapsed))),
        }
    };
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    match finished {
        Some(Ok(done)) => Ok(done),
        Some(Err(e)) => Err(e.into()),
        None => Err(CliError::Usage("interrupted before any result".into())),
    }
}
