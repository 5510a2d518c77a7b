//! One job type per question whatever the game: Hold'em's engine for Hold'em, the
//! games engine for the others. What the views, the CLI and scenario files run.

use super::double_board::{run_double_board, DoubleBoard, DOUBLE_BOARD_EXACT_DEALS};
use super::draw::{run_draw, DrawMatchup};
use super::stud::{self, StudMatchup};
use super::stud_sweep::StudSweep;
use super::{check_affordable, run_game, GameMatchup, GameSweep};
use crate::cards::{CardSet, Game};
use crate::equity::run::{RunSettings, SweepResult};
use crate::equity::sweep::Sweep;
use crate::equity::{EquityError, Matchup, MatchupResult, Method};
use crate::range::{HandRange, HoleRange, SeatRange};

/// Seats' ranges as the games engine takes them.
pub(crate) fn hands_of(
    game: Game,
    seats: Result<Vec<HandRange>, Vec<SeatRange>>,
) -> Vec<HoleRange> {
    match seats {
        Ok(combos) => combos
            .iter()
            .map(|c| HoleRange::from_two_card(c, game))
            .collect(),
        Err(seats) => seats.into_iter().map(|s| s.hands(game)).collect(),
    }
}

/// A matchup in any game: Hold'em runs on its own engine, the other games on this one.
/// What the Matchup view, `multiodds equity` and scenario files compute.
#[derive(Clone, Debug)]
pub enum AnyMatchup {
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

impl AnyMatchup {
    /// A matchup of `seats` (and `folded` seats) in `game`: the engine runs it on its
    /// Hold'em paths where the ranges are Hold'em's, on the games engine otherwise.
    pub fn new(
        game: Game,
        seats: Vec<SeatRange>,
        folded: Vec<SeatRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<AnyMatchup, EquityError> {
        if !game.has_board() {
            return Err(EquityError::BadSeat(format!(
                "{game} seats are down and up cards, not hole-card ranges"
            )));
        }
        match (SeatRange::all_combos(seats), SeatRange::all_combos(folded)) {
            (Ok(seats), Ok(folded)) if game == Game::HOLDEM => {
                Matchup::with_folded(seats, folded, board, dead).map(AnyMatchup::Holdem)
            }
            (seats, folded) => GameMatchup::with_folded(
                game,
                hands_of(game, seats),
                hands_of(game, folded),
                board,
                dead,
            )
            .map(AnyMatchup::Other),
        }
    }

    /// The game.
    pub fn game(&self) -> Game {
        match self {
            AnyMatchup::Holdem(_) => Game::HOLDEM,
            AnyMatchup::Other(m) => m.game,
            AnyMatchup::Stud(m) => m.game,
            AnyMatchup::Double(m) => m.matchup.game,
            AnyMatchup::Draw(m) => m.rule.game(),
        }
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
        match self {
            AnyMatchup::Holdem(m) => {
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
            AnyMatchup::Other(m) | AnyMatchup::Double(DoubleBoard { matchup: m, .. }) => {
                let blocked = m.board.union(m.dead);
                let known: Vec<Option<CardSet>> = m.ranges.iter().map(|r| r.known_hand()).collect();
                m.showdown()
                    .iter()
                    .enumerate()
                    .map(|(i, r)| r.live_count(blocked.union(known_elsewhere(&known, i))))
                    .collect()
            }
            AnyMatchup::Stud(m) => m.seat_hands(),
            AnyMatchup::Draw(m) => vec![1; m.keeps.len()],
        }
    }

    /// Each folded seat's live hands (combos in Hold'em).
    pub fn folded_hands(&self) -> Vec<u64> {
        match self {
            AnyMatchup::Holdem(m) => m.seats[m.showdown_seats..]
                .iter()
                .map(|s| s.len() as u64)
                .collect(),
            AnyMatchup::Other(m) => {
                let blocked = m.board.union(m.dead);
                m.folded().iter().map(|r| r.live_count(blocked)).collect()
            }
            // Folded stud seats are their up cards, among the dead cards; two boards take
            // no folded seats.
            AnyMatchup::Stud(_) | AnyMatchup::Double(_) | AnyMatchup::Draw(_) => Vec::new(),
        }
    }

    /// The known board cards.
    pub fn board(&self) -> CardSet {
        match self {
            AnyMatchup::Holdem(m) => m.board,
            AnyMatchup::Other(m) => m.board,
            AnyMatchup::Stud(_) | AnyMatchup::Draw(_) => CardSet::EMPTY,
            AnyMatchup::Double(m) => m.matchup.board,
        }
    }

    /// The dead cards.
    pub fn dead(&self) -> CardSet {
        match self {
            AnyMatchup::Holdem(m) => m.dead,
            AnyMatchup::Other(m) => m.dead,
            AnyMatchup::Stud(m) => m.dead,
            AnyMatchup::Double(m) => m.dead,
            AnyMatchup::Draw(m) => m.dead,
        }
    }

    /// Refuses exact work over the time bound (or, in Hold'em, the memory budget); the
    /// exact work it will take.
    pub fn check_affordable(
        &self,
        settings: &RunSettings,
        threads: usize,
    ) -> Result<f64, EquityError> {
        match self {
            AnyMatchup::Holdem(m) => {
                crate::equity::run::check_matchup_affordable(m, settings, threads)
            }
            AnyMatchup::Other(m) => check_affordable(m, settings.method, threads),
            AnyMatchup::Stud(m) => stud::check_affordable(m, settings.method, threads),
            AnyMatchup::Double(m) => match (settings.method, m.exact_deals()) {
                (Method::MonteCarlo, _) => Ok(0.0),
                (Method::Exact, None) => Err(EquityError::ExactNotOffered(
                    "two boards are enumerated exactly with every seat's hand known; use Monte Carlo for ranges".into(),
                )),
                (Method::Auto, Some(d)) if d > DOUBLE_BOARD_EXACT_DEALS => Ok(0.0),
                (Method::Auto, None) => Ok(0.0),
                (_, Some(d)) => {
                    let seconds = self.exact_seconds(d, threads);
                    if seconds > crate::equity::run::MAX_EXACT_SECONDS {
                        return Err(EquityError::TooLarge {
                            seconds,
                            threads: threads.max(1),
                        });
                    }
                    Ok(d)
                }
            },
            AnyMatchup::Draw(m) => m.check_affordable(settings.method),
        }
    }

    /// Seconds `work` of this matchup's exact work takes on `threads` cores: each engine
    /// counts its work in its own units, at its own rate.
    pub fn exact_seconds(&self, work: f64, threads: usize) -> f64 {
        let per_second = match self {
            AnyMatchup::Holdem(_) => crate::equity::run::EVALUATIONS_PER_SECOND,
            AnyMatchup::Other(_) => super::VALUATIONS_PER_SECOND,
            AnyMatchup::Stud(_) => stud::STUD_VISITS_PER_SECOND,
            // A pair of runouts values every seat on two boards.
            AnyMatchup::Double(m) => {
                super::VALUATIONS_PER_SECOND / (2 * m.matchup.ranges.len()).max(1) as f64
            }
            // A draw values every seat once per deal.
            AnyMatchup::Draw(m) => super::VALUATIONS_PER_SECOND / m.keeps.len().max(1) as f64,
        };
        crate::equity::run::exact_seconds(work, per_second, threads)
    }

    /// Runs the matchup; `progress` sees Monte Carlo estimates and may stop the run.
    pub fn run(
        &self,
        settings: &RunSettings,
        progress: impl FnMut(&MatchupResult) -> bool,
    ) -> Result<MatchupResult, EquityError> {
        match self {
            AnyMatchup::Holdem(m) => crate::equity::run::run_matchup(m, settings, progress),
            AnyMatchup::Other(m) => run_game(m, settings, progress),
            AnyMatchup::Stud(m) => stud::run_stud(m, settings, progress),
            AnyMatchup::Double(m) => {
                let mut progress = progress;
                run_double_board(m, settings, |r| progress(&r.clone().into_matchup()))
                    .map(|r| r.into_matchup())
            }
            AnyMatchup::Draw(m) => run_draw(m, settings, progress),
        }
    }
}

/// A MultiOdds sweep in any game.
#[derive(Clone, Debug)]
pub enum AnySweep {
    /// Hold'em: exact points where affordable, its fast sampler otherwise.
    Holdem(Sweep),
    /// Another game with a board: exact points where affordable, Monte Carlo otherwise.
    Other(GameSweep),
    /// A game without a board: one stud matchup per opponent count.
    Stud(StudSweep),
}

impl AnySweep {
    /// A sweep of `hero` against 1–N opponents holding `opponents` in `game` (counts
    /// `counts`), on the engine's Hold'em paths where the ranges are Hold'em's.
    pub fn new(
        game: Game,
        hero: SeatRange,
        opponents: SeatRange,
        board: CardSet,
        dead: CardSet,
        counts: std::ops::RangeInclusive<usize>,
    ) -> Result<AnySweep, EquityError> {
        match SeatRange::all_combos(vec![hero, opponents]) {
            Ok(mut both) if game == Game::HOLDEM => {
                let opponents = both.pop().expect("two ranges");
                let hero = both.pop().expect("two ranges");
                Sweep::new(hero, opponents, board, dead, counts).map(AnySweep::Holdem)
            }
            both => {
                let mut both = hands_of(game, both);
                let opponents = both.pop().expect("two ranges");
                let hero = both.pop().expect("two ranges");
                GameSweep::new(game, hero, opponents, board, dead, counts).map(AnySweep::Other)
            }
        }
    }

    /// The game.
    pub fn game(&self) -> Game {
        match self {
            AnySweep::Holdem(_) => Game::HOLDEM,
            AnySweep::Other(s) => s.game,
            AnySweep::Stud(s) => s.game,
        }
    }

    /// The known board cards.
    pub fn board(&self) -> CardSet {
        match self {
            AnySweep::Holdem(s) => s.board,
            AnySweep::Other(s) => s.board,
            AnySweep::Stud(_) => CardSet::EMPTY,
        }
    }

    /// The dead cards.
    pub fn dead(&self) -> CardSet {
        match self {
            AnySweep::Holdem(s) => s.dead,
            AnySweep::Other(s) => s.dead,
            AnySweep::Stud(s) => s.dead,
        }
    }

    /// The hero's hand and the opponents' hand, each when its range is one known hand.
    pub fn known_hands(&self) -> (Option<CardSet>, Option<CardSet>) {
        match self {
            AnySweep::Holdem(s) => {
                let one =
                    |r: &crate::equity::SeatCombos| (r.len() == 1).then(|| r.combos[0].card_set());
                (one(&s.hero), one(&s.opponents))
            }
            AnySweep::Other(s) => (s.hero.known_hand(), s.opponents.known_hand()),
            AnySweep::Stud(s) => {
                let known = s.hero.range.is_none().then(|| s.hero.cards());
                (known, None)
            }
        }
    }

    /// The Hold'em sweep, for what only Hold'em has (outs, exact points).
    pub fn holdem(&self) -> Option<&Sweep> {
        match self {
            AnySweep::Holdem(s) => Some(s),
            AnySweep::Other(_) | AnySweep::Stud(_) => None,
        }
    }

    /// Refuses exact work over the time bound; the exact evaluations (valuations in
    /// games other than Hold'em) it will take.
    pub fn check_affordable(&self, method: Method, threads: usize) -> Result<f64, EquityError> {
        match self {
            AnySweep::Holdem(s) => {
                let evaluations = crate::equity::run::sweep_exact_evaluations(s, method);
                crate::equity::run::check_exact_cost(evaluations, threads)?;
                Ok(evaluations)
            }
            AnySweep::Other(s) => {
                let counts = *s.counts.start()..=s.feasible;
                let exact = crate::equity::run::choose_exact_counts(
                    counts,
                    |n| s.exact_valuations(n),
                    method,
                    super::auto_sweep_valuations(s.game),
                );
                let valuations: f64 = exact.iter().map(|&n| s.exact_valuations(n)).sum();
                if valuations.is_infinite() {
                    return Err(EquityError::ExactNotOffered(format!(
                        "a range here holds more than {} {} hands: too many to enumerate; use Monte Carlo or auto, or narrow the range",
                        crate::range::MAX_LISTED_HANDS,
                        s.game
                    )));
                }
                let seconds = crate::equity::run::exact_seconds(
                    valuations,
                    super::sweep_valuations_per_second(s.game),
                    threads,
                );
                if seconds > crate::equity::run::MAX_EXACT_SECONDS {
                    return Err(EquityError::TooLarge {
                        seconds,
                        threads: threads.max(1),
                    });
                }
                Ok(valuations)
            }
            AnySweep::Stud(s) => s.check_affordable(method, threads),
        }
    }

    /// Runs the sweep; `progress` sees the estimates and may stop the run.
    pub fn run(
        &self,
        settings: &RunSettings,
        progress: impl FnMut(&SweepResult) -> bool,
    ) -> SweepResult {
        match self {
            AnySweep::Holdem(s) => crate::equity::run::run_sweep(s, settings, progress),
            AnySweep::Other(s) => crate::equity::run::run_sweep_within(
                s,
                settings,
                super::auto_sweep_valuations(s.game),
                crate::equity::sweep::SweepFigures::All,
                progress,
            ),
            AnySweep::Stud(s) => s.run(settings, progress).unwrap_or_else(|e| SweepResult {
                seed: None,
                points: Vec::new(),
                status: crate::equity::run::RunStatus {
                    note: Some(e.to_string()),
                    ..Default::default()
                },
            }),
        }
    }
}
