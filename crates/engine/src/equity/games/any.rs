//! One job type per question whatever the game: Hold'em's engine for Hold'em, the
//! games engine for the others. What the views, the CLI and scenario files run.

use super::double_board::{run_double_board, DoubleBoard, DOUBLE_BOARD_EXACT_DEALS};
use super::draw::{run_draw, DrawMatchup};
use super::stud::{self, StudMatchup};
use super::stud_sweep::StudSweep;
use super::{check_affordable, hands_of, run_game, GameMatchup, GameSweep};
use crate::cards::{CardSet, Game};
use crate::equity::run::{RunSettings, SweepResult};
use crate::equity::sweep::Sweep;
use crate::equity::{EquityError, Matchup, MatchupResult, Method};
use crate::range::SeatRange;

/// A matchup in any game: what the Matchup view, the Hand view, `multiodds equity` and
/// scenario files compute. Which engine runs it (Hold'em's fast paths, the board games',
/// stud's, two boards', the draws') is chosen at construction and private: callers ask
/// the matchup, never its engine.
#[derive(Clone, Debug)]
pub struct MatchupJob(MatchupEngine, Game);

/// The engine a [`MatchupJob`] runs on.
#[derive(Clone, Debug)]
enum MatchupEngine {
    /// A Hold'em matchup.
    Holdem(Matchup),
    /// A matchup in another game with a board.
    Other(GameMatchup),
    /// A matchup in a game without a board (stud, stud hi/lo, razz).
    Stud(StudMatchup),
    /// Two boards from one deck, each for half the pot (Hold'em and the Omaha games).
    Double(DoubleBoard),
    /// A draw game: each seat's kept cards, the rest drawn once.
    Draw(DrawMatchup),
}

/// A matchup's seats in the terms of the game's family: what [`MatchupJob::build`] reads.
#[derive(Clone, Debug)]
pub enum MatchupSeats {
    /// A board game's: each seat's range, the folded seats' ranges, the board, and a
    /// second board when two are dealt (then without folded seats).
    Board {
        /// The showdown seats' ranges.
        seats: Vec<SeatRange>,
        /// The folded seats' ranges (dealt, not in the showdown).
        folded: Vec<SeatRange>,
        /// The board's known cards.
        board: CardSet,
        /// The second board's known cards, with two boards.
        board2: Option<CardSet>,
    },
    /// Stud's: each seat's down cards (or a 3rd-street range) and up cards.
    Stud(Vec<super::stud::StudSeat>),
    /// A draw game's: each seat's kept cards.
    Draw(Vec<Vec<crate::cards::Card>>),
}

impl MatchupJob {
    /// The one way to a matchup in any game: `seats` in the game's family's terms, and
    /// the dead cards. The game's data chooses the engine (the Hold'em paths for a game
    /// that plays as Hold'em; the games engine, stud's, two boards' or the draws'); seats
    /// of another family are refused by name.
    pub fn build(
        game: Game,
        seats: MatchupSeats,
        dead: CardSet,
    ) -> Result<MatchupJob, EquityError> {
        match seats {
            MatchupSeats::Board {
                seats,
                folded,
                board,
                board2: None,
            } => MatchupJob::new(game, seats, folded, board, dead),
            MatchupSeats::Board {
                seats,
                folded,
                board,
                board2: Some(board2),
            } => {
                if !folded.is_empty() {
                    return Err(EquityError::FoldedWithTwoBoards);
                }
                DoubleBoard::new(game, seats, board, board2, dead).map(MatchupJob::from)
            }
            // Each engine's matchup holds the game it was built in: the job names it.
            MatchupSeats::Stud(seats) => StudMatchup::new(game, seats, dead).map(MatchupJob::from),
            MatchupSeats::Draw(keeps) => {
                DrawMatchup::in_game(game, keeps, dead).map(MatchupJob::from)
            }
        }
    }

    /// A matchup of `seats` (and `folded` seats) in a board game: the engine runs it on
    /// its Hold'em paths where the game plays as Hold'em, on the games engine otherwise.
    pub fn new(
        game: Game,
        seats: Vec<SeatRange>,
        folded: Vec<SeatRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<MatchupJob, EquityError> {
        if !game.has_board() {
            return Err(EquityError::BadSeat(format!(
                "{game} seats are down and up cards, not hole-card ranges"
            )));
        }
        match (SeatRange::all_combos(seats), SeatRange::all_combos(folded)) {
            (Ok(seats), Ok(folded)) if game.plays_as_holdem() => {
                Matchup::with_folded(seats, folded, board, dead)
                    .map(|m| MatchupJob(MatchupEngine::Holdem(m), game))
            }
            (seats, folded) => GameMatchup::with_folded(
                game,
                hands_of(game, seats),
                hands_of(game, folded),
                board,
                dead,
            )
            .map(MatchupJob::from),
        }
    }

    /// The game (its own name, also where the Hold'em paths run it).
    pub fn game(&self) -> Game {
        self.1
    }

    /// Each showdown seat's live hands (combos in Hold'em): none holding a board or dead
    /// card or a card of another seat's known hand.
    pub fn seat_hands(&self) -> Vec<u64> {
        // Another seat's known hand blocks its cards as the board does.
        let known_elsewhere = |known: &[Option<CardSet>], i: usize| {
            known
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .filter_map(|(_, k)| *k)
                .fold(CardSet::EMPTY, |a, b| a.union(b))
        };
        match &self.0 {
            MatchupEngine::Holdem(m) => {
                let known: Vec<Option<CardSet>> = m
                    .seats
                    .iter()
                    .map(|s| (s.len() == 1).then(|| s.sets[0]))
                    .collect();
                m.seats[..m.showdown_seats]
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        let others = known_elsewhere(&known, i);
                        s.sets.iter().filter(|c| !c.intersects(others)).count() as u64
                    })
                    .collect()
            }
            MatchupEngine::Other(m) | MatchupEngine::Double(DoubleBoard { matchup: m, .. }) => {
                let blocked = m.board.union(m.dead);
                let known: Vec<Option<CardSet>> = m.ranges.iter().map(|r| r.known_hand()).collect();
                m.showdown()
                    .iter()
                    .enumerate()
                    .map(|(i, r)| r.live_count(blocked.union(known_elsewhere(&known, i))))
                    .collect()
            }
            MatchupEngine::Stud(m) => m.seat_hands(),
            MatchupEngine::Draw(m) => vec![1; m.keeps.len()],
        }
    }

    /// Each folded seat's live hands (combos in Hold'em).
    pub fn folded_hands(&self) -> Vec<u64> {
        match &self.0 {
            MatchupEngine::Holdem(m) => m.seats[m.showdown_seats..]
                .iter()
                .map(|s| s.len() as u64)
                .collect(),
            MatchupEngine::Other(m) => {
                let blocked = m.board.union(m.dead);
                m.folded().iter().map(|r| r.live_count(blocked)).collect()
            }
            // Folded stud seats are their up cards, among the dead cards; two boards take
            // no folded seats.
            MatchupEngine::Stud(_) | MatchupEngine::Double(_) | MatchupEngine::Draw(_) => {
                Vec::new()
            }
        }
    }

    /// The known board cards.
    pub fn board(&self) -> CardSet {
        match &self.0 {
            MatchupEngine::Holdem(m) => m.board,
            MatchupEngine::Other(m) => m.board,
            MatchupEngine::Stud(_) | MatchupEngine::Draw(_) => CardSet::EMPTY,
            MatchupEngine::Double(m) => m.matchup.board,
        }
    }

    /// The dead cards.
    pub fn dead(&self) -> CardSet {
        match &self.0 {
            MatchupEngine::Holdem(m) => m.dead,
            MatchupEngine::Other(m) => m.dead,
            MatchupEngine::Stud(m) => m.dead,
            MatchupEngine::Double(m) => m.dead,
            MatchupEngine::Draw(m) => m.dead,
        }
    }

    /// Refuses exact work over the time bound (or, in Hold'em, the memory budget); the
    /// exact work it will take.
    pub fn check_affordable(
        &self,
        settings: &RunSettings,
        threads: usize,
    ) -> Result<f64, EquityError> {
        match &self.0 {
            MatchupEngine::Holdem(m) => {
                crate::equity::run::check_matchup_affordable(m, settings, threads)
            }
            MatchupEngine::Other(m) => check_affordable(m, settings.method, threads),
            MatchupEngine::Stud(m) => {
                stud::check_affordable(m, settings.method, threads, settings.memory_budget)
            }
            MatchupEngine::Double(m) => match (settings.method, m.exact_deals()) {
                (Method::MonteCarlo, _) => Ok(0.0),
                (Method::Exact, None) => Err(EquityError::ExactNotOffered(
                    "two boards are enumerated exactly with every seat's hand known; use Monte Carlo for ranges".into(),
                )),
                (Method::Auto, Some(d)) if d > DOUBLE_BOARD_EXACT_DEALS => Ok(0.0),
                (Method::Auto, None) => Ok(0.0),
                (_, Some(d)) => {
                    crate::equity::run::check_exact_time(d, double_board_rate(m), threads)?;
                    Ok(d)
                }
            },
            MatchupEngine::Draw(m) => m.check_affordable(settings.method),
        }
    }

    /// Seconds `work` of this matchup's exact work takes on `threads` cores: each engine
    /// counts its work in its own units, at its own rate.
    pub fn exact_seconds(&self, work: f64, threads: usize) -> f64 {
        let per_second = match &self.0 {
            MatchupEngine::Holdem(_) => crate::equity::run::EVALUATIONS_PER_SECOND,
            MatchupEngine::Other(_) => super::VALUATIONS_PER_SECOND,
            MatchupEngine::Stud(_) => stud::STUD_VISITS_PER_SECOND,
            MatchupEngine::Double(m) => double_board_rate(m),
            // A draw values every seat once per deal.
            MatchupEngine::Draw(m) => super::VALUATIONS_PER_SECOND / m.keeps.len().max(1) as f64,
        };
        crate::equity::run::exact_seconds(work, per_second, threads)
    }

    /// Runs the matchup; `progress` sees Monte Carlo estimates and may stop the run.
    pub fn run(
        &self,
        settings: &RunSettings,
        progress: impl FnMut(&MatchupResult) -> bool,
    ) -> Result<MatchupResult, EquityError> {
        match &self.0 {
            MatchupEngine::Holdem(m) => crate::equity::run::run_matchup(m, settings, progress),
            MatchupEngine::Other(m) => run_game(m, settings, progress),
            MatchupEngine::Stud(m) => stud::run_stud(m, settings, progress),
            MatchupEngine::Double(m) => {
                let mut progress = progress;
                run_double_board(m, settings, |r| progress(&r.clone().into_matchup()))
                    .map(|r| r.into_matchup())
            }
            MatchupEngine::Draw(m) => run_draw(m, settings, progress),
        }
    }
}

/// A MultiOdds sweep in any game: what the MultiOdds view, `multiodds sweep` and
/// scenario files compute; its engine is chosen at construction and private.
#[derive(Clone, Debug)]
pub struct SweepJob(SweepEngine, Game);

/// The engine a [`SweepJob`] runs on.
#[derive(Clone, Debug)]
enum SweepEngine {
    /// Hold'em: exact points where affordable, its fast sampler otherwise.
    Holdem(Sweep),
    /// Another game with a board: exact points where affordable, Monte Carlo otherwise.
    Other(GameSweep),
    /// A game without a board: one stud matchup per opponent count.
    Stud(StudSweep),
}

impl SweepJob {
    /// A sweep of `hero` against 1–N opponents holding `opponents` in `game` (counts
    /// `counts`), on the engine's Hold'em paths where the ranges are Hold'em's.
    pub fn new(
        game: Game,
        hero: SeatRange,
        opponents: SeatRange,
        board: CardSet,
        dead: CardSet,
        counts: std::ops::RangeInclusive<usize>,
    ) -> Result<SweepJob, EquityError> {
        match SeatRange::all_combos(vec![hero, opponents]) {
            Ok(mut both) if game.plays_as_holdem() => {
                let opponents = both.pop().expect("two ranges");
                let hero = both.pop().expect("two ranges");
                Sweep::new(hero, opponents, board, dead, counts)
                    .map(|s| SweepJob(SweepEngine::Holdem(s), game))
            }
            both => {
                let mut both = hands_of(game, both);
                let opponents = both.pop().expect("two ranges");
                let hero = both.pop().expect("two ranges");
                GameSweep::new(game, hero, opponents, board, dead, counts).map(SweepJob::from)
            }
        }
    }

    /// The game (its own name, also where the Hold'em paths run it).
    pub fn game(&self) -> Game {
        self.1
    }

    /// The known board cards.
    pub fn board(&self) -> CardSet {
        match &self.0 {
            SweepEngine::Holdem(s) => s.board,
            SweepEngine::Other(s) => s.board,
            SweepEngine::Stud(_) => CardSet::EMPTY,
        }
    }

    /// The dead cards.
    pub fn dead(&self) -> CardSet {
        match &self.0 {
            SweepEngine::Holdem(s) => s.dead,
            SweepEngine::Other(s) => s.dead,
            SweepEngine::Stud(s) => s.dead,
        }
    }

    /// The hero's hand and the opponents' hand, each when its range is one known hand.
    pub fn known_hands(&self) -> (Option<CardSet>, Option<CardSet>) {
        match &self.0 {
            SweepEngine::Holdem(s) => {
                let one =
                    |r: &crate::equity::SeatCombos| (r.len() == 1).then(|| r.combos[0].card_set());
                (one(&s.hero), one(&s.opponents))
            }
            SweepEngine::Other(s) => (s.hero.known_hand(), s.opponents.known_hand()),
            SweepEngine::Stud(s) => {
                let known = s.hero.range.is_none().then(|| s.hero.cards());
                (known, None)
            }
        }
    }

    /// The Hold'em sweep, for what only Hold'em has (outs, exact points).
    pub fn holdem(&self) -> Option<&Sweep> {
        match &self.0 {
            SweepEngine::Holdem(s) => Some(s),
            SweepEngine::Other(_) | SweepEngine::Stud(_) => None,
        }
    }

    /// Refuses exact work over the time bound; the exact evaluations (valuations in
    /// games other than Hold'em) it will take.
    pub fn check_affordable(&self, method: Method, threads: usize) -> Result<f64, EquityError> {
        match &self.0 {
            SweepEngine::Holdem(s) => {
                let evaluations = crate::equity::run::sweep_exact_evaluations(s, method);
                crate::equity::run::check_exact_cost(evaluations, threads)?;
                Ok(evaluations)
            }
            SweepEngine::Other(s) => {
                let valuations = s.exact_work(method, super::auto_sweep_valuations(s.game));
                if valuations.is_infinite() {
                    return Err(super::too_many_hands(s.game));
                }
                let rate = super::sweep_valuations_per_second(s.game);
                crate::equity::run::check_exact_time(valuations, rate, threads)?;
                Ok(valuations)
            }
            SweepEngine::Stud(s) => s.check_affordable(method, threads),
        }
    }

    /// Runs the sweep; `progress` sees the estimates and may stop the run.
    pub fn run(
        &self,
        settings: &RunSettings,
        progress: impl FnMut(&SweepResult) -> bool,
    ) -> SweepResult {
        match &self.0 {
            SweepEngine::Holdem(s) => crate::equity::run::run_sweep(s, settings, progress),
            SweepEngine::Other(s) => crate::equity::run::run_sweep_within(
                s,
                settings,
                super::auto_sweep_valuations(s.game),
                crate::equity::sweep::SweepFigures::All,
                progress,
            ),
            SweepEngine::Stud(s) => s.run(settings, progress).unwrap_or_else(|e| SweepResult {
                seed: None,
                points: Vec::new(),
                missing: s
                    .counts
                    .clone()
                    .map(|n| crate::equity::run::MissingPoint {
                        opponents: n,
                        reason: e.to_string(),
                    })
                    .collect(),
                status: crate::equity::run::RunStatus {
                    note: Some(e.to_string()),
                    ..Default::default()
                },
            }),
        }
    }
}

/// Valuations per second per core of a two-board matchup: a pair of runouts values
/// every seat on two boards.
fn double_board_rate(m: &DoubleBoard) -> f64 {
    super::VALUATIONS_PER_SECOND / (2 * m.matchup.ranges.len()).max(1) as f64
}

/// Wraps each engine's matchup: the engines' constructors check their own inputs. The
/// job's game is the engine's (Hold'em for the Hold'em paths); `new` names its own.
macro_rules! into_job {
    ($job:ident, $engine:ident, $($variant:ident($inner:ty)),+) => {
        $(impl From<$inner> for $job {
            fn from(inner: $inner) -> $job {
                let engine = $engine::$variant(inner);
                let game = engine.game();
                $job(engine, game)
            }
        })+
    };
}

impl MatchupEngine {
    /// The game the engine's matchup holds.
    fn game(&self) -> Game {
        match self {
            MatchupEngine::Holdem(_) => Game::HOLDEM,
            MatchupEngine::Other(m) => m.game,
            MatchupEngine::Stud(m) => m.game,
            MatchupEngine::Double(m) => m.matchup.game,
            MatchupEngine::Draw(m) => m.game,
        }
    }
}

impl SweepEngine {
    /// The game the engine's sweep holds.
    fn game(&self) -> Game {
        match self {
            SweepEngine::Holdem(_) => Game::HOLDEM,
            SweepEngine::Other(s) => s.game,
            SweepEngine::Stud(s) => s.game,
        }
    }
}

into_job!(
    MatchupJob,
    MatchupEngine,
    Holdem(Matchup),
    Other(GameMatchup),
    Stud(StudMatchup),
    Double(DoubleBoard),
    Draw(DrawMatchup)
);
into_job!(
    SweepJob,
    SweepEngine,
    Holdem(Sweep),
    Other(GameSweep),
    Stud(StudSweep)
);

impl MatchupJob {
    /// What identifies the question for resuming a stopped exact run: the seats'
    /// combos and weights, board, dead cards and showdown seats as the Hold'em engine
    /// holds them, and what chooses its path (the method, the memory budget). `None` on
    /// the other engines, which number no units to resume. Hashed from the numbers, in
    /// microseconds: the window asks it on every submit.
    pub fn resume_key(&self, settings: &RunSettings) -> Option<u64> {
        use std::hash::{Hash, Hasher};
        let MatchupEngine::Holdem(m) = &self.0 else {
            return None;
        };
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for seat in &m.seats {
            seat.combos.len().hash(&mut h);
            for (c, w) in seat.combos.iter().zip(&seat.weights) {
                (c.index(), w.to_bits()).hash(&mut h);
            }
        }
        (m.board.bits(), m.dead.bits(), m.showdown_seats).hash(&mut h);
        (settings.method.key(), settings.memory_budget).hash(&mut h);
        Some(h.finish())
    }

    /// The two boards' matchup, when this matchup deals two boards (their per-board
    /// report reads it).
    pub fn double_board(&self) -> Option<&DoubleBoard> {
        match &self.0 {
            MatchupEngine::Double(d) => Some(d),
            _ => None,
        }
    }
}

impl SweepJob {
    /// The stud sweep, when this is one (each opponent count's own stud matchup).
    pub fn stud(&self) -> Option<&StudSweep> {
        match &self.0 {
            SweepEngine::Stud(s) => Some(s),
            _ => None,
        }
    }
}
