//! Equity in any game (reference §9), read from the game's data (its deck, deal and
//! valuation): short deck, the Omaha games high and hi/lo, and any game `Game::define`
//! makes. Hold'em's fast paths (`equity::exact`, `equity::monte_carlo`, the pair table)
//! serve Hold'em's ranges; `any` chooses between them and this engine, so callers never
//! do. The same stop rules, cancel and progress everywhere.
//!
//! - [`GameMatchup`]: 2 to the deck's seats (folded seats included), each a
//!   [`HoleRange`], board and dead cards.
//! - `valuation`: a seat's hand value on a board by the game's rule; Omaha values come
//!   from a table of every three-card part of the board, built once per deal of hands.
//! - `exact`: every hand combination and every board, in parallel.
//! - `sampler`: Monte Carlo batches (a batch depends only on seed and index), dealt from a
//!   list of live cards.
//! - `sweep`, `range_analysis` (with `hand_lines` and `by_hand`), `outs`: the MultiOdds
//!   view's sweep, the Range view's question and the outs, by the game's rules.
//! - `stud` (and `stud_sweep`): the games without a board — seats of down and up cards,
//!   each seat's completions listed once, the subset index; `draw`: the draw games' kept
//!   cards; `double_board`: two boards from one deck.
//! - `exact_result` and `monte_carlo_result`: how every one of these ends a run.

pub(crate) mod any;
mod by_flop;
mod by_hand;
pub mod counting;
pub mod double_board;
pub mod draw;
mod exact;
mod hand_lines;
pub mod outs;
pub mod range_analysis;
mod range_spec;
mod sampler;
pub mod short_deck_heads_up;
mod short_deck_table;
pub mod stud;
pub mod stud_sweep;
mod sweep;
mod sweep_exact;
mod valuation;

pub use any::{MatchupJob, MatchupSeats, SweepJob};
pub use by_flop::{batch_by_flop, FlopDeals};
pub use sweep::GameSweep;
pub use sweep_exact::{auto_sweep_valuations, sweep_valuations_per_second, AUTO_SWEEP_SECONDS};

use super::run::{monte_carlo_rounds, Precision, RunSettings, RunStatus, StopRule};
use super::stats::BatchStat;
pub use super::tally::LowResult;
use super::{check_board, seat_name, EquityError, MatchupResult, Method, SeatTally};
use crate::cards::{CardSet, Game};
use crate::range::{HandRange, HoleRange, SeatRange};

pub use exact::exact_valuations;

/// Exact work units ([`exact_valuations`]) per second on one core, measured and rounded
/// down, for time estimates.
pub const VALUATIONS_PER_SECOND: f64 = 2.0e8;

/// Work units `auto` enumerates before it chooses Monte Carlo (about a second on two cores).
pub const AUTO_EXACT_VALUATIONS: f64 = 4.0e8;

/// A validated matchup in a game other than Hold'em: 2 to [`Game::max_seats`] seats (the
/// folded ones counted), a board of 0–5 cards, dead cards; every card in the game's deck, none in two places, every
/// seat with a live hand.
#[derive(Clone, Debug)]
pub struct GameMatchup {
    /// The game.
    pub game: Game,
    /// Each seat's range: the showdown seats', then the folded seats'.
    pub ranges: Vec<HoleRange>,
    /// How many of `ranges` show down; the rest folded (dealt, so their cards are out,
    /// but not in the showdown).
    pub showdown_seats: usize,
    /// Known board cards.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
}

/// Checks board and dead cards for `game`: at most 5 board cards, none in both, every
/// card in the game's deck (a 2 in short deck is named with its place).
pub(crate) fn check_cards(game: Game, board: CardSet, dead: CardSet) -> Result<(), EquityError> {
    check_board(board, dead)?;
    for (what, cards) in [("board", board), ("dead cards", dead)] {
        if let Some(card) = cards.difference(game.deck()).iter().next() {
            return Err(EquityError::NotInDeck {
                card,
                place: what.into(),
                game,
            });
        }
    }
    Ok(())
}

impl GameMatchup {
    /// Checks and builds a matchup; seats are named `seat 1`, `seat 2`… in errors.
    pub fn new(
        game: Game,
        ranges: Vec<HoleRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<GameMatchup, EquityError> {
        GameMatchup::with_folded(game, ranges, Vec::new(), board, dead)
    }

    /// A matchup with folded seats: their hands are dealt from their ranges (so their
    /// cards are out of the deck) but do not show down. Folded seats are named
    /// `folded seat 1`… in errors.
    pub fn with_folded(
        game: Game,
        mut ranges: Vec<HoleRange>,
        folded: Vec<HoleRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<GameMatchup, EquityError> {
        let showdown_seats = ranges.len();
        if showdown_seats < 2 || showdown_seats + folded.len() > game.max_seats() {
            return Err(EquityError::SeatsForGame {
                game,
                max: game.max_seats(),
                got: showdown_seats + folded.len(),
            });
        }
        ranges.extend(folded);
        let name = |i: usize| {
            if i < showdown_seats {
                seat_name(i)
            } else {
                format!("folded seat {}", i - showdown_seats + 1)
            }
        };
        check_cards(game, board, dead)?;
        let mut known = CardSet::EMPTY;
        let mut known_owner = vec![String::new(); 52];
        for (i, r) in ranges.iter().enumerate() {
            debug_assert_eq!(r.game(), game, "a range of another game");
            let Some(hand) = r.known_hand() else { continue };
            for card in hand.iter() {
                let (first, second) = if board.contains(card) {
                    (name(i), "board".to_string())
                } else if dead.contains(card) {
                    (name(i), "dead cards".to_string())
                } else if known.contains(card) {
                    (known_owner[card.index()].clone(), name(i))
                } else {
                    known.insert(card);
                    known_owner[card.index()] = name(i);
                    continue;
                };
                return Err(EquityError::CardTwice {
                    card,
                    first,
                    second,
                });
            }
        }
        let blocked = board.union(dead);
        // A seat with every hand meeting the board, dead cards or another seat's known
        // hand (a folded `AsAcxx` beside a known `AsAd..`) has no deal: refused by name
        // now, not after a run of rejected draws.
        for (i, r) in ranges.iter().enumerate() {
            let others = known.difference(r.known_hand().unwrap_or(CardSet::EMPTY));
            if r.live_count(blocked.union(others)) == 0 {
                return Err(EquityError::EmptySeat { seat: name(i) });
            }
        }
        let live = game.deck().difference(blocked).len();
        let to_come = game.board_cards() - board.len();
        let needed = ranges.len() * game.hole_cards() + to_come;
        if needed > live {
            return Err(EquityError::NotEnoughCards(format!(
                "{} seats of {} cards and {to_come} board cards need {needed} cards; {live} are left",
                ranges.len(),
                game.hole_cards(),
            )));
        }
        if let Some(reason) = counting::too_few_of_ranks(&ranges, game.deck().difference(blocked)) {
            return Err(EquityError::Impossible(reason));
        }
        Ok(GameMatchup {
            game,
            ranges,
            showdown_seats,
            board,
            dead,
        })
    }

    /// Cards still to come on the board.
    pub fn cards_to_come(&self) -> usize {
        self.game.board_cards() - self.board.len()
    }

    /// The seats that show down.
    pub fn showdown(&self) -> &[HoleRange] {
        &self.ranges[..self.showdown_seats]
    }

    /// The folded seats.
    pub fn folded(&self) -> &[HoleRange] {
        &self.ranges[self.showdown_seats..]
    }
}

/// One seat's sums inside a batch or an exact run.
#[derive(Clone, Debug, Default)]
struct Sums {
    weight: f64,
    win: f64,
    tie: f64,
    equity: f64,
    equity_squares: f64,
    low_win: f64,
    low_tie: f64,
    scoop: f64,
    hand_types: [f64; 9],
    low_types: [f64; 9],
}

impl Sums {
    fn add(&mut self, o: &Sums) {
        self.weight += o.weight;
        self.win += o.win;
        self.tie += o.tie;
        self.equity += o.equity;
        self.equity_squares += o.equity_squares;
        self.low_win += o.low_win;
        self.low_tie += o.low_tie;
        self.scoop += o.scoop;
        for (a, b) in self.hand_types.iter_mut().zip(o.hand_types) {
            *a += b;
        }
        for (a, b) in self.low_types.iter_mut().zip(o.low_types) {
            *a += b;
        }
    }
}

/// Mergeable tallies of a game's matchup (one exact run or Monte Carlo batches).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameTally {
    /// Deals visited or sampled.
    pub deals: u64,
    /// Monte Carlo draws, valid or not.
    pub attempts: u64,
    /// The high side per seat.
    pub seats: Vec<SeatTally>,
    /// Low win, low tie and scoop per seat.
    pub low: Vec<[BatchStat; 3]>,
    /// Weight of deals each seat won or tied the low half of, by its low's type.
    pub low_types: Vec<[f64; 9]>,
}

impl GameTally {
    fn merge(&mut self, o: &GameTally) {
        self.deals += o.deals;
        self.attempts += o.attempts;
        if self.seats.len() < o.seats.len() {
            self.seats.resize(o.seats.len(), SeatTally::default());
            self.low.resize(o.low.len(), Default::default());
            self.low_types.resize(o.low_types.len(), [0.0; 9]);
        }
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.win.merge(&b.win);
            a.tie.merge(&b.tie);
            a.equity.merge(&b.equity);
            for (x, y) in a.hand_types.iter_mut().zip(b.hand_types) {
                *x += y;
            }
        }
        for (a, b) in self.low.iter_mut().zip(&o.low) {
            for (x, y) in a.iter_mut().zip(b) {
                x.merge(y);
            }
        }
        for (a, b) in self.low_types.iter_mut().zip(&o.low_types) {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
    }

    /// Sums of one exact run (weighted deals: errors from nothing, 0) or one Monte
    /// Carlo batch of independent deals of weight 1.
    fn of_sums(sums: &[Sums], deals: u64, attempts: u64, independent: bool) -> GameTally {
        let mut t = GameTally {
            deals,
            attempts,
            ..GameTally::default()
        };
        for s in sums {
            let mut seat = SeatTally::default();
            let mut low: [BatchStat; 3] = Default::default();
            if independent {
                seat.win.add_deals(s.weight, s.win, s.win);
                seat.tie.add_deals(s.weight, s.tie, s.tie);
                seat.equity.add_deals(s.weight, s.equity, s.equity_squares);
                low[0].add_deals(s.weight, s.low_win, s.low_win);
                low[1].add_deals(s.weight, s.low_tie, s.low_tie);
                low[2].add_deals(s.weight, s.scoop, s.scoop);
            } else {
                seat.win.add_batch(s.weight, s.win);
                seat.tie.add_batch(s.weight, s.tie);
                seat.equity.add_batch(s.weight, s.equity);
                low[0].add_batch(s.weight, s.low_win);
                low[1].add_batch(s.weight, s.low_tie);
                low[2].add_batch(s.weight, s.scoop);
            }
            seat.hand_types = s.hand_types;
            t.seats.push(seat);
            t.low.push(low);
            t.low_types.push(s.low_types);
        }
        t
    }

    /// The figures, with standard errors for Monte Carlo (equity is the pot share; win
    /// and tie are of the high hand; hi/lo games add each seat's low figures).
    pub fn result(&self, game: Game, method: Method, seed: Option<u64>) -> MatchupResult {
        let base = super::MatchupTally {
            deals: self.deals,
            attempts: self.attempts,
            seats: self.seats.clone(),
            hits: None,
        };
        let mut result = base.result(method, seed);
        result.low = if game.is_hi_lo() {
            self.low
                .iter()
                .zip(&self.seats)
                .zip(&self.low_types)
                .map(|(([w, t, s], seat), types)| {
                    let se = |b: &BatchStat| {
                        if method == Method::Exact {
                            0.0
                        } else {
                            b.std_error().unwrap_or(0.0)
                        }
                    };
                    let (low_win, low_tie) = (w.mean().unwrap_or(0.0), t.mean().unwrap_or(0.0));
                    // Shares of every deal the seat saw, as the high hand types are.
                    let total = seat.equity.n;
                    let mut low_types = types.map(|x| if total > 0.0 { x / total } else { 0.0 });
                    if method != Method::Exact {
                        super::rescale_hand_types(&mut low_types, low_win + low_tie);
                    }
                    LowResult {
                        low_win,
                        low_tie,
                        scoop: s.mean().unwrap_or(0.0),
                        low_win_se: se(w),
                        low_tie_se: se(t),
                        scoop_se: se(s),
                        low_types,
                    }
                })
                .collect()
        } else {
            Vec::new()
        };
        result
    }
}

/// One showdown's values per seat: the high value (higher wins) and the low score
/// (higher wins; 0 is no qualifying low).
#[derive(Clone, Copy, Debug, Default)]
struct SeatValue {
    high: u32,
    low: u8,
    /// The high hand's category (`HandCategory` code), for hand types.
    category: u8,
}

/// Credits one showdown of weight `w` to the seats' sums: the pot split between the
/// best high hands, or in half between the best highs and the best qualifying lows.
#[inline]
fn credit(values: &[SeatValue], hi_lo: bool, w: f64, sums: &mut [Sums]) {
    let best_high = values.iter().map(|v| v.high).max().unwrap_or(0);
    let high_winners = values.iter().filter(|v| v.high == best_high).count() as f64;
    let best_low = if hi_lo {
        values.iter().map(|v| v.low).max().unwrap_or(0)
    } else {
        0
    };
    let low_winners = values
        .iter()
        .filter(|v| best_low > 0 && v.low == best_low)
        .count() as f64;
    let (high_pot, low_pot) = if best_low > 0 { (0.5, 0.5) } else { (1.0, 0.0) };
    for (s, v) in sums.iter_mut().zip(values) {
        s.weight += w;
        let mut share = 0.0;
        let high = v.high == best_high;
        if high {
            share += high_pot / high_winners;
            if high_winners == 1.0 {
                s.win += w;
            } else {
                s.tie += w;
            }
            s.hand_types[v.category as usize] += w;
        }
        let low = best_low > 0 && v.low == best_low;
        if low {
            if let Some(slot) = crate::eval::HandTypes::eight_low_slot(v.low) {
                s.low_types[slot] += w;
            }
            share += low_pot / low_winners;
            if low_winners == 1.0 {
                s.low_win += w;
            } else {
                s.low_tie += w;
            }
        }
        if share == 1.0 {
            s.scoop += w;
        }
        s.equity += w * share;
        s.equity_squares += w * share * share;
    }
}

/// Whether a run of `m` with `method` (auto decided) enumerates, and its valuations.
pub fn plan(m: &GameMatchup, method: Method) -> (Method, f64) {
    let valuations = exact_valuations(m);
    let chosen = match method {
        Method::Auto if valuations <= AUTO_EXACT_VALUATIONS => Method::Exact,
        Method::Auto => Method::MonteCarlo,
        other => other,
    };
    (
        chosen,
        if chosen == Method::Exact {
            valuations
        } else {
            0.0
        },
    )
}

/// Why exact work is refused when a seat's live hands are too many to list.
fn too_many_hands(game: Game) -> EquityError {
    EquityError::ExactNotOffered(format!(
        "a seat here holds more than {} hands (any {game} hand): too many to enumerate; use Monte Carlo or narrow the range",
        crate::range::MAX_LISTED_HANDS
    ))
}

/// Refuses exact work over [`super::run::MAX_EXACT_SECONDS`] on `threads` cores.
pub fn check_affordable(
    m: &GameMatchup,
    method: Method,
    threads: usize,
) -> Result<f64, EquityError> {
    let (_, valuations) = plan(m, method);
    if valuations.is_infinite() {
        return Err(too_many_hands(m.game));
    }
    super::run::check_exact_time(valuations, VALUATIONS_PER_SECOND, threads)?;
    Ok(valuations)
}

/// Runs a game's matchup: exact or Monte Carlo (auto by cost); `progress` sees Monte
/// Carlo estimates and may stop the run by returning false.
pub fn run_game(
    m: &GameMatchup,
    settings: &RunSettings,
    progress: impl FnMut(&MatchupResult) -> bool,
) -> Result<MatchupResult, EquityError> {
    let (method, valuations) = plan(m, settings.method);
    if method == Method::Exact {
        let tally = exact::run(m, &settings.control)?;
        return Ok(exact_result(&tally, m.game, settings, valuations));
    }
    let sampler = sampler::Sampler::new(m);
    Ok(monte_carlo_result(
        m.game,
        settings,
        |seed, i, deals| sampler.batch(seed, i, deals),
        progress,
    ))
}

/// An exact run's figures: finished, or cancelled part-way with the share of its `work`
/// done (the same units the run counted).
pub(crate) fn exact_result(
    tally: &GameTally,
    game: Game,
    settings: &RunSettings,
    work: f64,
) -> MatchupResult {
    let mut r = tally.result(game, Method::Exact, None);
    let cancelled = settings.control.is_cancelled();
    r.status.stopped = Some(if cancelled {
        StopRule::Cancelled
    } else {
        StopRule::ExactDone
    });
    if cancelled {
        let done = settings.control.progress().work_done() as f64;
        r.status.fraction_done = Some((done / work.max(1.0)).clamp(0.0, 0.999));
    }
    r
}

/// A Monte Carlo run of a game's batches (`batch(seed, index, deals)`) in the usual
/// rounds, with its stop rules; `progress` sees the estimates and may stop the run.
pub(crate) fn monte_carlo_result(
    game: Game,
    settings: &RunSettings,
    batch: impl Fn(u64, u64, u32) -> GameTally + Sync,
    mut progress: impl FnMut(&MatchupResult) -> bool,
) -> MatchupResult {
    let seed = settings.seed;
    let with_status = |t: &GameTally, status: RunStatus| {
        let mut r = t.result(game, Method::MonteCarlo, Some(seed));
        r.status = status;
        r
    };
    let (tally, rule) = monte_carlo_rounds(
        settings,
        |i, deals, _| batch(seed, i, deals),
        |a: &mut GameTally, b| a.merge(b),
        |t| precision(t, settings.target_se),
        |t, status| progress(&with_status(t, status.clone())),
    );
    with_status(
        &tally,
        RunStatus {
            stopped: Some(rule),
            ..RunStatus::default()
        },
    )
}

/// How far a game's tally is from its target: the seat figure with the largest error.
fn precision(t: &GameTally, target: f64) -> Precision {
    let mut figures: Vec<(&'static str, usize, &BatchStat)> = Vec::new();
    for (i, s) in t.seats.iter().enumerate() {
        figures.push(("equity", i, &s.equity));
        figures.push(("win", i, &s.win));
        figures.push(("tie", i, &s.tie));
    }
    super::run::precision_of(
        t.deals,
        t.attempts,
        figures
            .into_iter()
            .map(|(figure, seat, stat)| (figure, seat + 1, stat)),
        target,
        t.seats.first().map_or(0, |s| s.equity.batches),
    )
}

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

#[cfg(test)]
mod tests;
