//! Double board (reference §9): two five-card boards from one deck; each board wins half
//! the pot (in hi/lo each half splits again: quarters and eighths). Per seat: the equity
//! overall, on each board, and the scoop of both. Exact over every pair of runouts where
//! the hands are known and the runouts few, Monte Carlo otherwise — on the games engine's
//! dealing, valuation, tallies and stop rules.

use super::sampler::{DealCards, SeatDraw};
use super::valuation::value_all;
use super::{credit, precision, GameMatchup, GameTally, SeatValue, Sums};
use crate::cards::{Card, CardSet};
use crate::equity::monte_carlo::batch_rng;
use crate::equity::run::{monte_carlo_rounds, RunSettings, RunStatus, StopRule};
use crate::equity::{choose, EquityError, MatchupResult, MatchupTally, Method};
use crate::range::for_each_subset;
use rayon::prelude::*;

/// Pairs of runouts enumerated exactly at most; past it, Monte Carlo.
pub const DOUBLE_BOARD_EXACT_DEALS: f64 = 2.0e6;

/// A double-board matchup: the seats, the first board and the dead cards (a
/// [`GameMatchup`], the second board's cards out of its deck), and the second board.
#[derive(Clone, Debug)]
pub struct DoubleBoard {
    /// Seats, board 1, and the dead cards with board 2's known cards among them.
    pub matchup: GameMatchup,
    /// Board 2's known cards.
    pub board2: CardSet,
    /// The dead cards given (without board 2).
    pub dead: CardSet,
}

/// A double board's figures: overall (equity = the pot share over both boards; win =
/// the scoop of both boards, every part of the pot), and each board's own.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct DoubleBoardResult {
    /// Overall: equity is the share of the whole pot; win is the scoop of both boards.
    pub overall: MatchupResult,
    /// Each board's figures (its half of the pot counted as a whole).
    pub boards: [MatchupResult; 2],
}

impl DoubleBoardResult {
    /// The figures as one matchup's: the whole pot's per seat, each board's in `boards`.
    pub fn into_matchup(self) -> MatchupResult {
        let mut r = self.overall;
        r.boards = self.boards.to_vec();
        r
    }
}

impl DoubleBoard {
    /// Checks and builds a double board: the seats and board 1 as any matchup, board 2's
    /// cards apart from every other card.
    pub fn new(
        game: crate::cards::Game,
        seats: Vec<crate::range::SeatRange>,
        board1: CardSet,
        board2: CardSet,
        dead: CardSet,
    ) -> Result<DoubleBoard, EquityError> {
        if !game.has_board() {
            return Err(EquityError::BadSeat(format!(
                "{game} has no board to double: two boards are for Hold'em and the Omaha games"
            )));
        }
        if let Some(card) = board2
            .iter()
            .find(|&c| board1.contains(c) || dead.contains(c))
        {
            let place = if board1.contains(card) {
                "first board"
            } else {
                "dead cards"
            };
            return Err(EquityError::CardTwice {
                card,
                first: place.into(),
                second: "second board".into(),
            });
        }
        if board2.len() > 5 {
            return Err(EquityError::BadSeat(format!(
                "the second board has {} cards; a board has at most 5",
                board2.len()
            )));
        }
        let ranges = super::hands_of(game, crate::range::SeatRange::all_combos(seats));
        // Board 2's cards sit among the matchup's dead cards: a clash with one is named
        // as the second board's.
        let matchup =
            GameMatchup::new(game, ranges, board1, dead.union(board2)).map_err(|e| match e {
                EquityError::CardTwice {
                    card,
                    first,
                    second,
                } if board2.contains(card) => {
                    let rename = |place: String| {
                        if place == "dead cards" {
                            "second board".to_string()
                        } else {
                            place
                        }
                    };
                    EquityError::CardTwice {
                        card,
                        first: rename(first),
                        second: rename(second),
                    }
                }
                other => other,
            })?;
        // Both boards' cards to come must be there too.
        let left = game
            .deck()
            .difference(board1.union(board2).union(dead))
            .len();
        let needed = matchup.ranges.len() * game.hole_cards()
            + (game.board_cards() - board1.len())
            + (game.board_cards() - board2.len());
        if needed > left {
            return Err(EquityError::NotEnoughCards(format!(
                "{} seats and two boards need {needed} cards; {left} are left",
                matchup.ranges.len()
            )));
        }
        Ok(DoubleBoard {
            matchup,
            board2,
            dead,
        })
    }

    /// Every pair of runouts when every seat's hand is known; `None` otherwise.
    pub fn exact_deals(&self) -> Option<f64> {
        let known = self
            .matchup
            .ranges
            .iter()
            .map(|r| r.known_hand())
            .collect::<Option<Vec<CardSet>>>()?;
        let held = known.iter().fold(CardSet::EMPTY, |a, &b| a.union(b));
        let game = self.matchup.game;
        let left = game
            .deck()
            .difference(self.matchup.board.union(self.matchup.dead).union(held))
            .len();
        let (k1, k2) = (
            game.board_cards() - self.matchup.board.len(),
            game.board_cards() - self.board2.len(),
        );
        let ways = |n: usize, k: usize| choose(n as u64, k as u64) as f64;
        Some(ways(left, k1) * ways(left - k1, k2))
    }
}

/// One deal's tallies: the boards' own (credited as a whole pot each) and the overall.
#[derive(Clone, Default)]
struct Tallies {
    overall: Vec<Sums>,
    boards: [Vec<Sums>; 2],
    /// One deal's sums on each board, reused from deal to deal (no allocation per deal).
    deal: [Vec<Sums>; 2],
}

impl Tallies {
    fn new(seats: usize) -> Tallies {
        Tallies {
            overall: vec![Sums::default(); seats],
            boards: [vec![Sums::default(); seats], vec![Sums::default(); seats]],
            deal: [vec![Sums::default(); seats], vec![Sums::default(); seats]],
        }
    }

    fn add(&mut self, o: &Tallies) {
        for (a, b) in self.overall.iter_mut().zip(&o.overall) {
            a.add(b);
        }
        for (mine, theirs) in self.boards.iter_mut().zip(&o.boards) {
            for (a, b) in mine.iter_mut().zip(theirs) {
                a.add(b);
            }
        }
    }

    /// Credits a deal: each board's values to its own sums, and the mean of the two
    /// boards' shares to the overall sums (a scoop: the whole of both).
    fn credit(&mut self, v1: &[SeatValue], v2: &[SeatValue], hi_lo: bool) {
        let one = &mut self.deal;
        for (sums, values) in one.iter_mut().zip([v1, v2]) {
            sums.fill(Sums::default());
            credit(values, hi_lo, 1.0, sums);
        }
        for (p, s) in self.overall.iter_mut().enumerate() {
            let share = (one[0][p].equity + one[1][p].equity) / 2.0;
            s.weight += 1.0;
            s.equity += share;
            s.equity_squares += share * share;
            if share == 1.0 {
                s.win += 1.0;
                s.scoop += 1.0;
            } else if share > 0.0 {
                s.tie += 1.0;
            }
        }
        for (mine, deal) in self.boards.iter_mut().zip(&self.deal) {
            for (a, b) in mine.iter_mut().zip(deal) {
                a.add(b);
            }
        }
    }
}

/// Tallies of a run, mergeable: overall and per board.
#[derive(Clone, Debug, Default, PartialEq)]
struct Run {
    overall: GameTally,
    boards: [GameTally; 2],
}

impl Run {
    fn of(t: &Tallies, deals: u64, attempts: u64, independent: bool) -> Run {
        Run {
            overall: GameTally::of_sums(&t.overall, deals, attempts, independent),
            boards: [
                GameTally::of_sums(&t.boards[0], deals, attempts, independent),
                GameTally::of_sums(&t.boards[1], deals, attempts, independent),
            ],
        }
    }

    fn merge(&mut self, o: &Run) {
        self.overall.merge(&o.overall);
        self.boards[0].merge(&o.boards[0]);
        self.boards[1].merge(&o.boards[1]);
    }

    fn result(
        &self,
        m: &DoubleBoard,
        method: Method,
        seed: Option<u64>,
        status: RunStatus,
    ) -> DoubleBoardResult {
        let game = m.matchup.game;
        let mut overall = MatchupTally {
            deals: self.overall.deals,
            attempts: self.overall.attempts,
            seats: self.overall.seats.clone(),
            hits: None,
        }
        .result(method, seed);
        overall.status = status.clone();
        let board = |t: &GameTally| {
            let mut r = t.result(game, method, seed);
            r.status = status.clone();
            r
        };
        DoubleBoardResult {
            overall,
            boards: [board(&self.boards[0]), board(&self.boards[1])],
        }
    }
}

/// Exact: every runout of board 1, then every runout of board 2 from what is left.
fn exact(m: &DoubleBoard) -> Run {
    let game = m.matchup.game;
    let hi_lo = game.is_hi_lo();
    let holes: Vec<Vec<Card>> = m
        .matchup
        .ranges
        .iter()
        .map(|r| {
            r.known_hand()
                .expect("exact needs known hands")
                .iter()
                .collect()
        })
        .collect();
    let held = m
        .matchup
        .ranges
        .iter()
        .filter_map(|r| r.known_hand())
        .fold(CardSet::EMPTY, |a, b| a.union(b));
    let live: Vec<Card> = game
        .deck()
        .difference(m.matchup.board.union(m.matchup.dead).union(held))
        .iter()
        .collect();
    let known1: Vec<Card> = m.matchup.board.iter().collect();
    let known2: Vec<Card> = m.board2.iter().collect();
    let (k1, k2) = (5 - known1.len(), 5 - known2.len());
    let mut firsts: Vec<CardSet> = Vec::new();
    for_each_subset(&live, k1, &mut |set| firsts.push(set));
    let seats = holes.len();
    let parts: Vec<(Tallies, u64)> = firsts
        .par_iter()
        .map(|&first| {
            let mut t = Tallies::new(seats);
            let b1 = board_of(&known1, first);
            let mut v1 = vec![SeatValue::default(); seats];
            value_all(game, &holes, &b1, &mut v1);
            let rest: Vec<Card> = live
                .iter()
                .copied()
                .filter(|&c| !first.contains(c))
                .collect();
            let mut v2 = vec![SeatValue::default(); seats];
            let mut n = 0u64;
            for_each_subset(&rest, k2, &mut |second| {
                value_all(game, &holes, &board_of(&known2, second), &mut v2);
                t.credit(&v1, &v2, hi_lo);
                n += 1;
            });
            (t, n)
        })
        .collect();
    let mut total = Tallies::new(seats);
    let mut deals = 0;
    for (t, n) in &parts {
        total.add(t);
        deals += n;
    }
    Run::of(&total, deals, deals, false)
}

/// A board of the known cards and a runout.
fn board_of(known: &[Card], runout: CardSet) -> [Card; 5] {
    let mut board = [Card::new(0, 0); 5];
    board[..known.len()].copy_from_slice(known);
    for (slot, c) in board[known.len()..].iter_mut().zip(runout.iter()) {
        *slot = c;
    }
    board
}

/// One Monte Carlo batch: hands by weight (a clash rejects the deal), then both boards.
fn batch(m: &DoubleBoard, draws: &[SeatDraw], seed: u64, index: u64, deals: u32) -> Run {
    let game = m.matchup.game;
    let hi_lo = game.is_hi_lo();
    let seats = m.matchup.ranges.len();
    let mut rng = batch_rng(seed, index);
    let known1: Vec<Card> = m.matchup.board.iter().collect();
    let known2: Vec<Card> = m.board2.iter().collect();
    let start = DealCards::new(game.deck(), m.matchup.board.union(m.matchup.dead));
    let mut holes: Vec<Vec<Card>> = vec![Vec::with_capacity(6); seats];
    let (mut v1, mut v2) = (
        vec![SeatValue::default(); seats],
        vec![SeatValue::default(); seats],
    );
    let mut t = Tallies::new(seats);
    let (mut done, mut attempts) = (0u64, 0u64);
    let limit = deals as u64 * 10_000;
    'deal: while done < deals as u64 && attempts < limit {
        attempts += 1;
        let mut cards = start.clone();
        for (seat, hole) in draws.iter().zip(holes.iter_mut()) {
            if !seat.draw(&mut rng, game, &mut cards, hole) {
                continue 'deal;
            }
        }
        let b1 = cards.complete_board(&mut rng, &known1);
        let b2 = cards.complete_board(&mut rng, &known2);
        value_all(game, &holes, &b1, &mut v1);
        value_all(game, &holes, &b2, &mut v2);
        t.credit(&v1, &v2, hi_lo);
        done += 1;
    }
    Run::of(&t, done, attempts, true)
}

/// Runs a double board: exact when the hands are known and the pairs of runouts few
/// (or when asked), Monte Carlo otherwise; `progress` sees the Monte Carlo estimates and
/// may stop the run by returning false.
pub fn run_double_board(
    m: &DoubleBoard,
    settings: &RunSettings,
    mut progress: impl FnMut(&DoubleBoardResult) -> bool,
) -> Result<DoubleBoardResult, EquityError> {
    let exact_deals = m.exact_deals();
    let exact_now = match (settings.method, exact_deals) {
        (Method::MonteCarlo, _) => false,
        (Method::Exact, None) => {
            return Err(EquityError::ExactNotOffered(
                "a double board is enumerated exactly with every seat's hand known; use Monte Carlo for ranges".into(),
            ))
        }
        (Method::Exact, Some(_)) => true,
        (Method::Auto, d) => d.is_some_and(|d| d <= DOUBLE_BOARD_EXACT_DEALS),
    };
    if exact_now {
        let status = RunStatus {
            stopped: Some(StopRule::ExactDone),
            ..RunStatus::default()
        };
        return Ok(exact(m).result(m, Method::Exact, None, status));
    }
    let blocked = m.matchup.board.union(m.matchup.dead);
    let draws: Vec<SeatDraw> = m
        .matchup
        .ranges
        .iter()
        .map(|r| SeatDraw::of(r, blocked))
        .collect();
    let seed = settings.seed;
    let (run, rule) = monte_carlo_rounds(
        settings,
        |i, n, _| batch(m, &draws, seed, i, n),
        |a: &mut Run, b| a.merge(b),
        |r| precision(&r.overall, settings.target_se),
        |r, status| progress(&r.result(m, Method::MonteCarlo, Some(seed), status.clone())),
    );
    let status = RunStatus {
        stopped: Some(rule),
        ..RunStatus::default()
    };
    Ok(run.result(m, Method::MonteCarlo, Some(seed), status))
}
