//! The equity engine (reference §4–§5): deals, exact enumeration, unbiased Monte Carlo,
//! the MultiOdds sweep metrics and outs. Pure library code: no GUI types, no threads
//! of its own beyond rayon's pool.
//!
//! - [`Matchup`]: 2–23 seats, each a weighted range, plus board and dead cards.
//! - [`exact`]: visits every deal (suit symmetry where it applies; three or more seats
//!   by canonical preflop, in `preflops`).
//! - [`monte_carlo`]: batches of sampled deals (alias tables, joined combinations);
//!   batch `i` depends only on (scenario, seed, i), so results do not depend on the
//!   thread count.
//! - [`sweep`]: hero against 1–22 opponents (1–9 by default) from one range, every metric at once.

pub mod chart;
pub mod exact;
pub mod memory;
pub mod metrics;
pub mod monte_carlo;
pub mod outs;
pub mod preflop_table;
mod preflops;
pub mod run;
pub mod stats;
pub mod sweep;
pub mod symmetry;
pub mod table_csv;

use crate::cards::{Card, CardSet};
use crate::eval::HandValue;
use crate::range::{Combo, HandRange};
use stats::BatchStat;
use std::fmt;
use thiserror::Error;

/// A cancellation flag shared between whoever starts a run and the run itself. Runs
/// check it once per board, deal or batch and return early (with partial sums that
/// the caller discards) once it is set. Exact runs also count the evaluations they have
/// done on it, so whoever started them can report the fraction done.
#[derive(Clone, Debug, Default)]
pub struct Cancel(std::sync::Arc<CancelState>);

#[derive(Debug, Default)]
pub struct CancelState {
    cancelled: std::sync::atomic::AtomicBool,
    work_done: std::sync::atomic::AtomicU64,
    batches: std::sync::atomic::AtomicU64,
}

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    pub fn cancel(&self) {
        self.0
            .cancelled
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.cancelled.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Counts `evaluations` of exact work as done (called once per board or deal, not
    /// per evaluation, so the shared counter stays cheap).
    #[inline]
    pub fn add_work(&self, evaluations: u64) {
        self.0
            .work_done
            .fetch_add(evaluations, std::sync::atomic::Ordering::Relaxed);
    }

    /// Counts one finished Monte Carlo batch.
    pub fn count_batch(&self) {
        self.0
            .batches
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// Monte Carlo batches finished so far (lets a caller see that a cancelled run
    /// really stopped).
    pub fn batches(&self) -> u64 {
        self.0.batches.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Evaluations of exact work done so far.
    pub fn work_done(&self) -> u64 {
        self.0.work_done.load(std::sync::atomic::Ordering::Relaxed)
    }
}

impl PartialEq for Cancel {
    fn eq(&self, other: &Cancel) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

/// Steps the deal-existence search may take (milliseconds).
pub const DEAL_SEARCH_BUDGET: u64 = 2_000_000;

/// Most seats in a matchup: 23 hands and a 5-card board use 51 of the 52 cards.
pub const MAX_SEATS: usize = 23;

/// Why a scenario cannot be computed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum EquityError {
    #[error("a matchup needs 2 to {MAX_SEATS} seats, got {0}")]
    SeatCount(usize),
    #[error("the board holds at most 5 cards, got {0}")]
    BoardTooLong(usize),
    #[error("{card} is in the {first} and in the {second}")]
    CardTwice {
        card: Card,
        first: String,
        second: String,
    },
    #[error("{seat}: every combo of the range is blocked by the board and dead cards")]
    EmptySeat { seat: String },
    #[error("no deal exists: the seats' ranges cannot all be dealt at once ({0})")]
    Impossible(String),
    #[error("not enough cards left to deal {0}")]
    NotEnoughCards(String),
    #[error("the opponent count must be 1 to {max}, got {0}", max = sweep::MAX_OPPONENTS)]
    OpponentCount(usize),
    #[error(
        "exact enumeration would take {} on {threads} core{}; use Monte Carlo or narrow the ranges",
        run::describe_duration(*seconds),
        if *threads == 1 { "" } else { "s" }
    )]
    TooLarge { seconds: f64, threads: usize },
    #[error(
        "exact enumeration would need {} of memory, over the {} budget; use Monte Carlo, narrow the ranges or raise the memory budget",
        memory::describe_bytes(*bytes),
        memory::describe_budget(*budget)
    )]
    TooMuchMemory { bytes: f64, budget: u64 },
    #[error("internal error in the engine ({0}); the rest of the program goes on")]
    Internal(String),
}

/// How results were computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, Default)]
pub enum Method {
    /// Exact when affordable, otherwise Monte Carlo.
    #[default]
    Auto,
    Exact,
    MonteCarlo,
}

impl Method {
    /// The JSON name (`exact`, `monte_carlo`, `auto`).
    pub fn key(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Exact => "exact",
            Method::MonteCarlo => "monte_carlo",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Auto => "auto",
            Method::Exact => "exact",
            Method::MonteCarlo => "Monte Carlo",
        })
    }
}

/// One seat's dealable combos (board and dead cards removed), with their hole hands.
#[derive(Clone, Debug)]
pub struct SeatCombos {
    pub combos: Vec<Combo>,
    pub weights: Vec<f64>,
    pub sets: Vec<CardSet>,
    /// True when the seat may hold any two live cards at weight 1 (sampled from the deck).
    pub is_random: bool,
}

impl SeatCombos {
    fn of(range: &HandRange, blocked: CardSet) -> SeatCombos {
        let live = range.without_cards(blocked);
        let mut out = SeatCombos {
            combos: Vec::new(),
            weights: Vec::new(),
            sets: Vec::new(),
            is_random: false,
        };
        // Only ratios of a seat's weights matter (reference §4); scaling the largest to 1
        // keeps tiny weights (1e-45) from underflowing in products of several seats.
        let max = live.iter().map(|(_, w)| w as f64).fold(0.0, f64::max);
        for (combo, w) in live.iter() {
            out.combos.push(combo);
            out.weights
                .push(if max > 0.0 { w as f64 / max } else { 1.0 });
            out.sets.push(combo.card_set());
        }
        let live_cards = 52 - blocked.len();
        out.is_random = out.combos.len() == live_cards * (live_cards - 1) / 2
            && out.weights.iter().all(|&w| w == 1.0);
        out
    }

    pub fn len(&self) -> usize {
        self.combos.len()
    }

    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }
}

/// A validated matchup: 2–23 seats, a board of 0–5 cards, dead cards, no card in two
/// places, no seat left without a combo.
#[derive(Clone, Debug)]
pub struct Matchup {
    pub ranges: Vec<HandRange>,
    pub board: CardSet,
    pub dead: CardSet,
    pub seats: Vec<SeatCombos>,
    /// The deals folded into canonical preflops, once an estimate or a run has folded
    /// them all (a matchup is not changed after construction, so this stays valid).
    pub(crate) folded: preflops::FoldCache,
}

/// The name of seat `i` in messages.
pub fn seat_name(i: usize) -> String {
    format!("seat {}", i + 1)
}

/// A known hand (a one-combo range) holding a board or dead card is a card in two
/// places: an error naming it, not a silently empty seat.
pub(crate) fn check_known_hand(
    range: &HandRange,
    board: CardSet,
    dead: CardSet,
    who: impl FnOnce() -> String,
) -> Result<(), EquityError> {
    if range.combo_count() != 1 {
        return Ok(());
    }
    let (combo, _) = range.iter().next().expect("one combo");
    match combo
        .card_set()
        .iter()
        .find(|&c| board.union(dead).contains(c))
    {
        Some(card) => Err(EquityError::CardTwice {
            card,
            first: who(),
            second: if board.contains(card) {
                "board"
            } else {
                "dead cards"
            }
            .into(),
        }),
        None => Ok(()),
    }
}

/// Checks board and dead cards: at most 5 board cards, none in both.
pub fn check_board(board: CardSet, dead: CardSet) -> Result<(), EquityError> {
    if board.len() > 5 {
        return Err(EquityError::BoardTooLong(board.len()));
    }
    if let Some(card) = board.iter().find(|&c| dead.contains(c)) {
        return Err(EquityError::CardTwice {
            card,
            first: "board".into(),
            second: "dead cards".into(),
        });
    }
    Ok(())
}

impl Matchup {
    pub fn new(
        ranges: Vec<HandRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<Matchup, EquityError> {
        if !(2..=MAX_SEATS).contains(&ranges.len()) {
            return Err(EquityError::SeatCount(ranges.len()));
        }
        check_board(board, dead)?;
        let blocked = board.union(dead);
        let mut seats = Vec::with_capacity(ranges.len());
        for (i, range) in ranges.iter().enumerate() {
            check_known_hand(range, board, dead, || seat_name(i))?;
            let seat = SeatCombos::of(range, blocked);
            if seat.is_empty() {
                return Err(EquityError::EmptySeat { seat: seat_name(i) });
            }
            seats.push(seat);
        }
        // Two one-combo seats sharing a card.
        for i in 0..seats.len() {
            for j in i + 1..seats.len() {
                if seats[i].len() == 1
                    && seats[j].len() == 1
                    && seats[i].sets[0].intersects(seats[j].sets[0])
                {
                    let card = seats[i].sets[0]
                        .iter()
                        .find(|&c| seats[j].sets[0].contains(c))
                        .expect("shared card");
                    return Err(EquityError::CardTwice {
                        card,
                        first: seat_name(i),
                        second: seat_name(j),
                    });
                }
            }
        }
        let matchup = Matchup {
            ranges,
            board,
            dead,
            seats,
            folded: preflops::FoldCache::default(),
        };
        let needed = 2 * matchup.seats.len() + 5 - board.len();
        let live = 52 - blocked.len();
        if needed > live {
            return Err(EquityError::NotEnoughCards(format!(
                "{} seats and the board need {needed} cards, {live} are live",
                matchup.seats.len()
            )));
        }
        if let Some(reason) = too_few_cards(&matchup.seats) {
            return Err(EquityError::Impossible(reason));
        }
        if exists_deal(&matchup.seats, blocked, 5 - board.len(), DEAL_SEARCH_BUDGET)
            == Feasibility::Impossible
        {
            return Err(EquityError::Impossible(
                "every way of giving each seat a combo shares a card".into(),
            ));
        }
        Ok(matchup)
    }

    /// Cards to deal to complete the board.
    pub fn cards_to_come(&self) -> usize {
        5 - self.board.len()
    }
}

/// A quick proof by counting that no deal exists, before any search: some seats whose
/// ranges hold only cards of one set need more cards than the set has (ten seats of
/// `TT+,AT+,KT+,QT+,JT` need 20 of the 20 broadway cards; with `As` dead, 19 are
/// left). Checks, for each seat, the seats whose live cards all lie among its own,
/// and all seats together. `None` when counting proves nothing.
pub fn too_few_cards(seats: &[SeatCombos]) -> Option<String> {
    let unions: Vec<CardSet> = seats
        .iter()
        .map(|s| s.sets.iter().fold(CardSet::EMPTY, |a, &b| a.union(b)))
        .collect();
    let everything = unions.iter().fold(CardSet::EMPTY, |a, &b| a.union(b));
    let candidates: Vec<CardSet> = unions.iter().copied().chain([everything]).collect();
    candidates.into_iter().find_map(|cards| {
        let within: Vec<usize> = (0..seats.len())
            .filter(|&j| unions[j].difference(cards).is_empty())
            .collect();
        (cards.len() < 2 * within.len()).then(|| {
            format!(
                "{} can only hold {} live cards between them and need {}",
                describe_seats(&within),
                cards.len(),
                2 * within.len()
            )
        })
    })
}

/// "seat 3", "seats 1–11", "seats 1, 4 and 6".
fn describe_seats(seats: &[usize]) -> String {
    match seats {
        [one] => seat_name(*one),
        [first, .., last] if last - first + 1 == seats.len() => {
            format!("seats {}–{}", first + 1, last + 1)
        }
        [rest @ .., last] => format!(
            "seats {} and {}",
            rest.iter()
                .map(|s| (s + 1).to_string())
                .collect::<Vec<_>>()
                .join(", "),
            last + 1
        ),
        [] => "no seat".to_string(),
    }
}

/// Whether some deal exists (see [`exists_deal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feasibility {
    Exists,
    Impossible,
    /// The search ran out of its step budget (the sampler then finds out, and stops as
    /// starved rather than loop if valid deals are too rare).
    Unknown,
}

/// Decides whether one combo per seat can be chosen with no card shared, the board
/// completed with `to_come` more cards: a depth-first search that always extends the
/// seat with the fewest combos still possible (so a seat left with none fails at
/// once), remembering dead ends (seats left, cards used) so no state is searched
/// twice. Seats of any two cards go last: they only need two cards each. Bounded by
/// `budget` steps.
pub fn exists_deal(
    seats: &[SeatCombos],
    used: CardSet,
    to_come: usize,
    budget: u64,
) -> Feasibility {
    let random = seats.iter().filter(|s| s.is_random).count();
    let narrow: Vec<&SeatCombos> = seats.iter().filter(|s| !s.is_random).collect();
    if narrow.len() > 63 {
        return Feasibility::Unknown;
    }
    struct Search<'a> {
        seats: Vec<&'a SeatCombos>,
        random: usize,
        to_come: usize,
        steps: u64,
        budget: u64,
        dead_ends: std::collections::HashSet<(u64, u64)>,
    }
    impl Search<'_> {
        /// `left`: bit i set while seat i has no combo yet.
        fn go(&mut self, left: u64, used: CardSet) -> Option<bool> {
            if left == 0 {
                return Some(52 - used.len() >= 2 * self.random + self.to_come);
            }
            if self.dead_ends.contains(&(left, used.bits())) {
                return Some(false);
            }
            // The seat with the fewest combos still free of used cards.
            let mut best: Option<(usize, usize)> = None;
            for i in (0..self.seats.len()).filter(|i| left >> i & 1 == 1) {
                let free = self.seats[i]
                    .sets
                    .iter()
                    .filter(|s| !s.intersects(used))
                    .count();
                if free == 0 {
                    return Some(false);
                }
                if best.is_none_or(|(_, n)| free < n) {
                    best = Some((i, free));
                }
            }
            let (seat, _) = best?;
            for k in 0..self.seats[seat].sets.len() {
                let set = self.seats[seat].sets[k];
                if set.intersects(used) {
                    continue;
                }
                self.steps += 1;
                if self.steps > self.budget {
                    return None;
                }
                if self.go(left & !(1 << seat), used.union(set))? {
                    return Some(true);
                }
            }
            // At most a million remembered dead ends (about 40 MB at the set's peak).
            if self.dead_ends.len() < 1_000_000 {
                self.dead_ends.insert((left, used.bits()));
            }
            Some(false)
        }
    }
    let mut search = Search {
        seats: narrow,
        random,
        to_come,
        steps: 0,
        budget,
        dead_ends: Default::default(),
    };
    let all = (1u64 << search.seats.len()) - 1;
    match search.go(all, used) {
        Some(true) => Feasibility::Exists,
        Some(false) => Feasibility::Impossible,
        None => Feasibility::Unknown,
    }
}

/// Per-seat sums over deals: win, tie, equity share, and the categories it won with.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatTally {
    pub win: BatchStat,
    pub tie: BatchStat,
    pub equity: BatchStat,
    /// Weight of deals the seat won or tied, by its final category.
    pub hand_types: [f64; 9],
}

/// Mergeable results of a matchup run (one exact run, or any number of MC batches).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchupTally {
    /// Deals visited (exact: distinct deals; Monte Carlo: sampled deals).
    pub deals: u64,
    /// Monte Carlo draws, valid or not (for the acceptance rate).
    pub attempts: u64,
    pub seats: Vec<SeatTally>,
}

impl MatchupTally {
    pub fn new(seats: usize) -> MatchupTally {
        MatchupTally {
            deals: 0,
            attempts: 0,
            seats: vec![SeatTally::default(); seats],
        }
    }

    pub fn merge(&mut self, other: &MatchupTally) {
        self.deals += other.deals;
        self.attempts += other.attempts;
        if self.seats.len() < other.seats.len() {
            self.seats.resize(other.seats.len(), SeatTally::default());
        }
        for (a, b) in self.seats.iter_mut().zip(&other.seats) {
            a.win.merge(&b.win);
            a.tie.merge(&b.tie);
            a.equity.merge(&b.equity);
            for (x, y) in a.hand_types.iter_mut().zip(b.hand_types) {
                *x += y;
            }
        }
    }

    /// Batches merged so far (Monte Carlo).
    pub fn batches(&self) -> u32 {
        self.seats.first().map_or(0, |s| s.equity.batches)
    }
}

/// Running per-seat sums inside one batch or one exact run, turned into a tally at the end.
#[derive(Clone, Debug)]
pub(crate) struct SeatSums {
    pub weight: f64,
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    pub hand_types: [f64; 9],
}

impl SeatSums {
    pub fn new() -> SeatSums {
        SeatSums {
            weight: 0.0,
            win: 0.0,
            tie: 0.0,
            equity: 0.0,
            hand_types: [0.0; 9],
        }
    }

    pub fn add(&mut self, other: &SeatSums) {
        self.weight += other.weight;
        self.win += other.win;
        self.tie += other.tie;
        self.equity += other.equity;
        for (a, b) in self.hand_types.iter_mut().zip(other.hand_types) {
            *a += b;
        }
    }

    /// The tally of a batch of independent deals of weight 1, each figure with its
    /// deals' squared values (win and tie are 0 or 1, so their squares are themselves).
    pub fn into_deal_tally(self, equity_squares: f64) -> SeatTally {
        let mut t = SeatTally::default();
        t.win.add_deals(self.weight, self.win, self.win);
        t.tie.add_deals(self.weight, self.tie, self.tie);
        t.equity.add_deals(self.weight, self.equity, equity_squares);
        t.hand_types = self.hand_types;
        t
    }

    pub fn into_tally(self) -> SeatTally {
        let mut t = SeatTally::default();
        t.win.add_batch(self.weight, self.win);
        t.tie.add_batch(self.weight, self.tie);
        t.equity.add_batch(self.weight, self.equity);
        t.hand_types = self.hand_types;
        t
    }
}

/// The outcome of a showdown: the best value, how many seats hold it, and the first
/// seat that does. One pass, so a lone winner (the usual case) needs no second.
#[derive(Clone, Copy)]
pub(crate) struct Showdown {
    pub best: HandValue,
    pub winners: u32,
    pub first: usize,
}

impl Showdown {
    #[inline(always)]
    pub fn of(values: &[HandValue]) -> Showdown {
        let (mut best, mut winners, mut first) = (values[0], 1, 0);
        for (i, &v) in values.iter().enumerate().skip(1) {
            if v > best {
                (best, winners, first) = (v, 1, i);
            } else if v == best {
                winners += 1;
            }
        }
        Showdown {
            best,
            winners,
            first,
        }
    }
}

/// Credits a showdown of `values` (one per seat) with weight `w` to `sums`.
#[inline]
pub(crate) fn credit_showdown(values: &[HandValue], w: f64, sums: &mut [SeatSums]) {
    let Showdown { best, winners, .. } = Showdown::of(values);
    let share = w / winners as f64;
    for (seat, &v) in sums.iter_mut().zip(values) {
        seat.weight += w;
        if v == best {
            if winners == 1 {
                seat.win += w;
            } else {
                seat.tie += w;
            }
            seat.equity += share;
            seat.hand_types[v.category() as usize] += w;
        }
    }
}

/// One seat's figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeatResult {
    pub equity: f64,
    pub win: f64,
    pub tie: f64,
    pub equity_se: f64,
    pub win_se: f64,
    pub tie_se: f64,
    /// Chance the seat wins or ties holding each category (weakest first).
    pub hand_types: [f64; 9],
}

/// A Monte Carlo figure resting on fewer deals than this is "n/a" (reference §4's rule for
/// conditional figures, applied to every figure): a handful of deals is no estimate,
/// and its spread can be 0 (a seat that won none of 14 deals is not 0 ± 0).
pub const MIN_FIGURE_DEALS: u64 = 100;

/// Finished or in-progress figures of a matchup.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchupResult {
    pub method: Method,
    pub deals: u64,
    pub seed: Option<u64>,
    pub seats: Vec<SeatResult>,
    /// Why the run stopped, or what holds it back.
    pub status: run::RunStatus,
}

impl MatchupResult {
    /// Whether the figures rest on enough deals to be shown (always, when exact);
    /// otherwise every figure is "n/a".
    pub fn has_figures(&self) -> bool {
        match self.method {
            // An exact run stopped before its first class was valued has none.
            Method::Exact => self.deals > 0,
            _ => self.deals >= MIN_FIGURE_DEALS,
        }
    }

    /// Why the figures are "n/a", with the count, when they are (see [`has_figures`]).
    ///
    /// [`has_figures`]: MatchupResult::has_figures
    pub fn figures_not_applicable(&self) -> Option<String> {
        (!self.has_figures()).then(|| {
            if self.method == Method::Exact {
                return "n/a: stopped before any deal was enumerated".to_string();
            }
            format!(
                "n/a: the figures rest on {} deals; at least {MIN_FIGURE_DEALS} are needed",
                self.deals
            )
        })
    }
}

impl MatchupTally {
    /// Fractions with standard errors (0 for exact results).
    pub fn result(&self, method: Method, seed: Option<u64>) -> MatchupResult {
        let se = |s: &BatchStat| {
            if method == Method::Exact {
                0.0
            } else {
                s.std_error().unwrap_or(0.0)
            }
        };
        let seats = self
            .seats
            .iter()
            .map(|s| {
                let total = s.equity.n;
                let mut hand_types = [0.0; 9];
                if total > 0.0 {
                    for (h, &x) in hand_types.iter_mut().zip(&s.hand_types) {
                        *h = x / total;
                    }
                }
                SeatResult {
                    equity: s.equity.mean().unwrap_or(0.0),
                    win: s.win.mean().unwrap_or(0.0),
                    tie: s.tie.mean().unwrap_or(0.0),
                    equity_se: se(&s.equity),
                    win_se: se(&s.win),
                    tie_se: se(&s.tie),
                    hand_types,
                }
            })
            .collect();
        MatchupResult {
            method,
            deals: self.deals,
            seed,
            seats,
            status: run::RunStatus::default(),
        }
    }
}

/// The number of ways to choose `k` of `n`.
pub fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// The preflop ranking data (reference §3.4): the exact equity of each of the 169 classes
/// against one random hand, by exact enumeration of one representative combo (every
/// combo of a class has the same equity against a random hand, by suit symmetry).
pub fn preflop_equity_table() -> Vec<(crate::range::HandClass, f64)> {
    crate::range::HandClass::all()
        .map(|class| {
            let hero = HandRange::single(class.combos()[0]);
            let matchup = Matchup::new(
                vec![hero, HandRange::random()],
                CardSet::EMPTY,
                CardSet::EMPTY,
            )
            .expect("a class against a random hand is always dealable");
            // Heads-up enumeration holds next to nothing: never over a budget.
            let result = exact::run(&matchup)
                .expect("heads-up exact work fits any budget")
                .result(Method::Exact, None);
            (class, result.seats[0].equity)
        })
        .collect()
}
