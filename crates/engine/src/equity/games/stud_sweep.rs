//! The MultiOdds sweep in a game without a board (stud, stud hi/lo, razz): the hero's
//! cards against 1 to N opponents, each showing the up cards given for it or dealt at
//! random. Each opponent count is one stud matchup (exact where affordable, Monte Carlo
//! otherwise) whose first seat's figures make the point; hand strength and the
//! potentials need a board's next card and are n/a.

use super::stud::{run_stud, StudMatchup, StudSeat};
use crate::cards::{CardSet, Game};
use crate::equity::run::{RunSettings, RunStatus, StopRule, SweepResult};
use crate::equity::sweep::{SweepErrors, SweepPoint};
use crate::equity::{EquityError, MatchupResult, Method};
use std::time::Instant;

/// A validated stud sweep: every opponent count's matchup checked at construction.
#[derive(Clone, Debug)]
pub struct StudSweep {
    /// The game.
    pub game: Game,
    /// The hero's cards.
    pub hero: StudSeat,
    /// The opponents given (their up cards), in order; opponents past them are dealt at
    /// random.
    pub opponents: Vec<StudSeat>,
    /// Cards out of play (folded players' up cards).
    pub dead: CardSet,
    /// Opponent counts asked for.
    pub counts: std::ops::RangeInclusive<usize>,
}

impl StudSweep {
    /// Checks and builds a sweep: counts within what the game deals, no more opponents
    /// given than the last count, each count's matchup valid.
    pub fn new(
        game: Game,
        hero: StudSeat,
        opponents: Vec<StudSeat>,
        dead: CardSet,
        counts: std::ops::RangeInclusive<usize>,
    ) -> Result<StudSweep, EquityError> {
        let (lo, hi) = (*counts.start(), *counts.end());
        if lo < 1 || lo > hi {
            return Err(EquityError::OpponentCount(lo));
        }
        if hi + 1 > game.max_seats() {
            return Err(EquityError::SeatsForGame {
                game,
                max: game.max_seats(),
                got: hi + 1,
            });
        }
        if opponents.len() > hi {
            return Err(EquityError::BadSeat(format!(
                "up cards are given for {} opponents; the sweep goes to {hi}",
                opponents.len()
            )));
        }
        let sweep = StudSweep {
            game,
            hero,
            opponents,
            dead,
            counts,
        };
        // Every count's matchup is checked now: a bad card shows before any run.
        for n in sweep.counts.clone() {
            sweep.matchup(n)?;
        }
        Ok(sweep)
    }

    /// The matchup of the hero against `n` opponents.
    pub fn matchup(&self, n: usize) -> Result<StudMatchup, EquityError> {
        let mut seats = vec![self.hero.clone()];
        seats.extend(self.opponents.iter().take(n).cloned());
        seats.resize(n + 1, StudSeat::default());
        StudMatchup::new(self.game, seats, self.dead)
    }

    /// Exact work of the counts that `method` enumerates; refused past the bound.
    pub fn check_affordable(&self, method: Method, threads: usize) -> Result<f64, EquityError> {
        let mut work = 0.0;
        for n in self.counts.clone() {
            work += super::stud::check_affordable(
                &self.matchup(n)?,
                method,
                threads,
                crate::equity::memory::DEFAULT_MEMORY_BUDGET,
            )?;
        }
        Ok(work)
    }

    /// Runs every count in turn, each with the time left shared among the counts still
    /// to run; `progress` sees the points so far and may stop the sweep.
    pub fn run(
        &self,
        settings: &RunSettings,
        mut progress: impl FnMut(&SweepResult) -> bool,
    ) -> Result<SweepResult, EquityError> {
        let start = Instant::now();
        let counts: Vec<usize> = self.counts.clone().collect();
        let mut result = SweepResult {
            seed: None,
            points: Vec::new(),
            missing: Vec::new(),
            status: RunStatus::default(),
        };
        let mut stopped = StopRule::ExactDone;
        for (k, &n) in counts.iter().enumerate() {
            if settings.control.is_cancelled() {
                stopped = StopRule::Cancelled;
                break;
            }
            let mut run = settings.clone();
            if let Some(limit) = settings.time_limit {
                let left = limit.saturating_sub(start.elapsed());
                run.time_limit = Some(left / (counts.len() - k) as u32);
            }
            let r = run_stud(&self.matchup(n)?, &run, |_| {
                !settings.control.is_cancelled()
            })?;
            if r.method != Method::Exact {
                result.seed = Some(settings.seed);
            }
            // The sweep stops for the first reason a point stopped short of its target.
            if let Some(rule) = r
                .status
                .stopped
                .filter(|s| !matches!(s, StopRule::ExactDone | StopRule::TargetReached))
            {
                stopped = rule;
            } else if r.method != Method::Exact && stopped == StopRule::ExactDone {
                stopped = StopRule::TargetReached;
            }
            // An exact count stopped part-way has sums over some deals only: no figure.
            if r.status.partial_exact().is_some() || r.seats.is_empty() {
                stopped = StopRule::Cancelled;
                break;
            }
            result.points.push(point(n, &r));
            if !progress(&result) {
                stopped = StopRule::Cancelled;
                break;
            }
        }
        for &n in &counts {
            if !result.points.iter().any(|p| p.opponents == n) {
                result.missing.push(crate::equity::run::MissingPoint {
                    opponents: n,
                    reason: format!("not computed: {}", stopped.describe()),
                });
            }
        }
        result.status = RunStatus {
            stopped: Some(stopped),
            ..RunStatus::default()
        };
        Ok(result)
    }
}

/// The hero's figures of one count's matchup as a sweep point.
fn point(n: usize, r: &MatchupResult) -> SweepPoint {
    let hero = &r.seats[0];
    let low = r.low.first();
    let win_odds_se = (hero.win_se.powi(2) + (hero.tie_se / 2.0).powi(2)).sqrt();
    SweepPoint {
        std_error: SweepErrors {
            win: hero.win_se,
            tie: hero.tie_se,
            equity: hero.equity_se,
            win_odds: win_odds_se,
            hand_strength: 0.0,
            ppot: None,
            npot: None,
            ppot_joint: None,
            npot_joint: None,
            scoop: low.map(|l| l.scoop_se),
            low: low.map(|l| (l.low_win_se.powi(2) + l.low_tie_se.powi(2)).sqrt()),
        },
        scoop: low.map(|l| l.scoop),
        low: low.map(|l| l.low_win + l.low_tie),
        hero_types: hero.hand_types,
        // The opponents' winning (or tying) hands, summed over the opponents.
        opponent_types: std::array::from_fn(|c| r.seats[1..].iter().map(|s| s.hand_types[c]).sum()),
        ..SweepPoint::showdown(n, r.method, r.deals, (hero.win, hero.tie, hero.equity))
    }
}
