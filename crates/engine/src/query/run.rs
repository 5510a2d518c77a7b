//! A statement's bindings read (game, board, dead cards, each player's range) and its
//! answer: every deal and runout counted, weighted by the players' range weights, where
//! the count fits [`EXACT_BUDGET`]; deals drawn by weight otherwise, in seeded batches
//! (the numbers do not depend on the thread count), until every average and chance has
//! its standard error within the target or a budget ends the run.

use super::answer::{Answer, Bucket, Estimate, Figure, MAX_BUCKETS};
use super::bindings::Bound;
use super::deal::{Deal, StreetCache};
use super::expr::{Expr, Func, Street};
use super::functions::Scope;
use super::sums::{add_to_bucket, bucket_of, precise, Sums};
use super::syntax::{Aggregate, Binding, RawStatement};
use super::QueryError;
use crate::cards::{Card, CardSet, Game};
use crate::equity::monte_carlo::{batch_rng, below, AliasTable};
use crate::equity::run::{RunSettings, StopRule};
use crate::equity::Method;
use rand::rngs::Xoshiro256PlusPlus;
use rayon::prelude::*;
use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

thread_local! {
    /// Each worker's street figures, kept across the Monte Carlo batches it draws (the
    /// numbers never depend on it, only the time).
    static STREET_CACHE: RefCell<StreetCache> = RefCell::new(StreetCache::default());
}

/// Numbers statements, so a worker's cache knows whose figures it holds.
static STATEMENTS: AtomicU64 = AtomicU64::new(1);

/// The most work an exact answer may take: deals times the board valuations each needs
/// (about ten seconds on two cores).
pub const EXACT_BUDGET: f64 = 3e8;

/// The most deals of a Monte Carlo batch; a batch holds about [`BATCH_WORK`] board
/// valuations (tens of milliseconds), so a query whose deals are costly (a street's
/// equity) still reports and stops on time.
const BATCH: u64 = 2048;

/// Pieces an exact count is shared out in, at least (enough for every core to stay busy).
const PIECES: usize = 64;

/// The most hand prefixes an exact count lists to share its work out.
const MAX_PREFIXES: usize = 2_000_000;

/// Board valuations a Monte Carlo batch aims at.
const BATCH_WORK: f64 = 1e6;

/// Where a street's figure is counted: per flop (1), per turn (2) or per deal (0).
fn street_slot(street: Street) -> usize {
    match street {
        Street::Flop => 1,
        Street::Turn => 2,
        Street::River => 0,
    }
}

/// A statement ready to answer.
#[derive(Clone, Debug)]
pub(super) struct Statement {
    /// This statement's number (for the street-figure caches).
    id: u64,
    game: Game,
    board: Vec<Card>,
    dead: CardSet,
    /// Each player's live hands and weights, in binding order.
    hands: Vec<Vec<(CardSet, f32)>>,
    selectors: Vec<(String, Aggregate, Expr)>,
    condition: Option<Expr>,
    /// Whether some figure tells the turn from the river (a turn figure, the turn or
    /// river card); an exact count deals them in order only then.
    turn_matters: bool,
    /// The most board cards a figure looks at (0 preflop … 5 the river); an exact
    /// count deals the board that far.
    board_needed: usize,
}

impl Statement {
    pub(super) fn new(raw: &RawStatement) -> Result<Statement, QueryError> {
        let bound = Bound::read(raw)?;
        let game = bound.game;
        // A card error points into the binding's text.
        let cards = |b: Option<&Binding>, what: &str| -> Result<CardSet, QueryError> {
            match b {
                None => Ok(CardSet::EMPTY),
                Some(b) => CardSet::parse(&b.text).map_err(|e| {
                    QueryError::at(b.text_column + e.column - 1, format!("{what}: {}", e.kind))
                }),
            }
        };
        // PQL writes an unknown board as `*`.
        let board_binding = bound.board.filter(|b| b.text.trim() != "*");
        let board_set = cards(board_binding, "board")?;
        let dead = cards(bound.dead, "dead")?;
        let board: Vec<Card> = match board_binding {
            // The board's cards in the order written: the flop, then the turn and river.
            Some(b) => crate::cards::parse_card_list(&b.text).unwrap_or_default(),
            None => Vec::new(),
        };
        let board_column = bound.board.map_or(1, |b| b.text_column);
        if board.len() > 5 || (1..3).contains(&board.len()) {
            return Err(QueryError::at(
                board_column,
                format!(
                    "board: a flop, turn or river (3 to 5 cards), or none; got {}",
                    board.len()
                ),
            ));
        }
        if board_set.intersects(dead) || !board_set.union(dead).difference(game.deck()).is_empty() {
            return Err(QueryError::at(
                board_column,
                format!("board and dead cards: a card twice, or one {game} does not deal"),
            ));
        }
        let blocked = board_set.union(dead);
        let mut hands = Vec::new();
        for b in &bound.players {
            let live =
                super::pql_range::live_hands(&b.text, game, blocked, b.text_column, &b.name)?;
            if live.is_empty() {
                return Err(QueryError::at(
                    b.text_column,
                    format!(
                        "{}: every hand is blocked by the board or dead cards",
                        b.name
                    ),
                ));
            }
            hands.push(live);
        }
        let names: Vec<String> = bound.players.iter().map(|p| p.name.clone()).collect();
        let scope = Scope {
            players: &names,
            game,
        };
        let selectors = raw
            .selectors
            .iter()
            .map(|s| Ok((s.name.clone(), s.aggregate, scope.resolve(&s.expression)?)))
            .collect::<Result<Vec<_>, QueryError>>()?;
        let condition = raw
            .condition
            .as_ref()
            .map(|c| scope.resolve(c))
            .transpose()?;
        let needed = hands.len() * game.hole_cards() + 5 - board.len();
        let live = game.deck().difference(blocked).len();
        if needed > live {
            return Err(QueryError::whole(format!(
                "{} players and the board need {needed} cards; {live} are live",
                hands.len()
            )));
        }
        let mut statement = Statement {
            turn_matters: false,
            board_needed: 0,
            id: STATEMENTS.fetch_add(1, Ordering::Relaxed),
            game,
            board,
            dead,
            hands,
            selectors,
            condition,
        };
        let (mut turn_matters, mut board_needed) = (false, 0);
        for e in statement.expressions() {
            e.functions(&mut |f| {
                turn_matters |= f.sees_the_turn_alone();
                board_needed = board_needed.max(f.board_cards_seen());
            });
        }
        (statement.turn_matters, statement.board_needed) = (turn_matters, board_needed);
        Ok(statement)
    }

    /// Every expression of the statement, the condition last.
    fn expressions(&self) -> impl Iterator<Item = &Expr> {
        self.selectors.iter().map(|s| &s.2).chain(&self.condition)
    }

    /// Cards a deal leaves for the board's missing cards: the deck less the dead cards,
    /// the known board and every player's hand.
    fn cards_left(&self) -> f64 {
        (self.game.deck().len()
            - self.dead.len()
            - self.board.len()
            - self.hands.len() * self.game.hole_cards()) as f64
    }

    /// Board valuations the statement's figures take: per deal, per flop and per turn
    /// (a street's equity, the nuts and outs at a street are worked out once per board
    /// of that street in an exact count, once per deal in a drawn one).
    fn work(&self) -> [f64; 3] {
        let live = self.cards_left();
        let players = self.hands.len() as f64;
        let hands_of_unseen = (0..self.game.hole_cards())
            .fold(1.0, |n: f64, i| n * (live - i as f64) / (i + 1) as f64);
        let mut work = [players, 0.0, 0.0];
        for e in self.expressions() {
            e.functions(&mut |f| {
                let (street, cost) = match f {
                    Func::Equity(_, Street::Flop) => (1, players * live * (live - 1.0) / 2.0),
                    Func::Equity(_, Street::Turn) => (2, players * live),
                    Func::NutHi(_, s) | Func::NutLo(_, s) => (street_slot(*s), hands_of_unseen),
                    Func::OutsToHandType(_, s, _) => (street_slot(*s), live),
                    _ => (0, 1.0),
                };
                work[street] += cost;
            });
        }
        work
    }

    /// Board valuations one drawn deal takes.
    fn work_per_deal(&self) -> f64 {
        self.work().iter().sum()
    }

    /// Board valuations an exact answer takes: each player's hands (overlaps not
    /// removed, an upper bound) times the boards it deals (as far as the figures look;
    /// turn and river in order only when a figure tells them apart), each with its
    /// figures.
    fn exact_work(&self) -> f64 {
        let hands: f64 = self.hands.iter().map(|h| h.len() as f64).product();
        let mut live = self.cards_left();
        let mut flops = 1.0;
        for i in 0..self.flop_missing() {
            flops *= (live - i as f64) / (i + 1) as f64;
        }
        live -= self.flop_missing() as f64;
        let need = self.board_needed.max(self.board.len());
        let (turns, rivers) = match (need, self.board.len()) {
            (0..=3, _) | (_, 5) => (1.0, 1.0),
            (4, _) | (_, 4) => (
                if self.board.len() == 4 { 1.0 } else { live },
                if need == 5 { live } else { 1.0 },
            ),
            _ if self.turn_matters => (live, live - 1.0),
            _ => (live, (live - 1.0) / 2.0),
        };
        let [per_deal, per_flop, per_turn] = self.work();
        hands * flops * (per_flop + turns * (per_turn + rivers * per_deal))
    }

    /// Flop cards an exact count deals: those missing, when a figure looks at the flop.
    fn flop_missing(&self) -> usize {
        if self.board_needed >= 3 {
            3usize.saturating_sub(self.board.len())
        } else {
            0
        }
    }

    /// The answer under `settings`; a Monte Carlo run streams its estimate to `update`
    /// after every round of batches (false from it stops the run).
    pub(super) fn answer(
        &self,
        settings: &RunSettings,
        threads: usize,
        update: &mut dyn FnMut(&Answer) -> bool,
    ) -> Result<Answer, QueryError> {
        let work = self.exact_work();
        let exact = match settings.method {
            Method::MonteCarlo => false,
            Method::Exact if work > EXACT_BUDGET => {
                return Err(QueryError::whole(format!(
                    "counting every deal would take about {} on {threads} cores; use Monte Carlo",
                    crate::equity::describe_duration(work / 3e7 / threads.max(1) as f64)
                )))
            }
            Method::Exact => true,
            Method::Auto => work <= EXACT_BUDGET,
        };
        let (sums, method, stopped) = if exact {
            let (sums, stopped) = self.exact(&settings.control);
            (sums, Method::Exact, stopped)
        } else {
            let (sums, stopped) = self.monte_carlo(settings, update);
            (sums, Method::MonteCarlo, stopped)
        };
        if sums.deals == 0 && stopped != StopRule::Cancelled {
            return Err(QueryError::whole(match method {
                Method::Exact => "no deal exists: the players' ranges, the board and the dead \
                                  cards cannot all be dealt at once"
                    .to_string(),
                _ => format!(
                    "{} random draws found no valid deal: the players' ranges overlap too much \
                     to sample, or no deal exists",
                    sums.draws
                ),
            }));
        }
        if let Some(k) = sums.not_finite {
            return Err(QueryError::whole(format!(
                "{} is not a finite number on some deal (its arithmetic overflowed)",
                self.selectors[k].0
            )));
        }
        if let Some(k) = sums.too_many_buckets {
            return Err(QueryError::whole(format!(
                "{} has more than {MAX_BUCKETS} buckets: histogram a coarser value (a count, a hand type, a rounded share)",
                self.selectors[k].0
            )));
        }
        Ok(self.answer_from(&sums, method, stopped))
    }

    /// Every deal counted; a cancelled count stops between the first player's hands and
    /// says so (its figures are over the deals counted, not final).
    fn exact(&self, control: &crate::equity::RunControl) -> (Sums, StopRule) {
        // The work is shared out by the first players' hands, as many players as it
        // takes to have enough pieces for every core; a statement of single hands is
        // shared out by its flops instead.
        let mut prefixes: Vec<(Vec<CardSet>, f64, CardSet)> = vec![(Vec::new(), 1.0, self.dead)];
        for range in &self.hands {
            if prefixes.len() >= PIECES || prefixes.len() * range.len() > MAX_PREFIXES {
                break;
            }
            prefixes = prefixes
                .iter()
                .flat_map(|(chosen, weight, used)| {
                    range
                        .iter()
                        .filter(|(h, _)| !h.intersects(*used))
                        .map(move |&(h, w)| {
                            let mut c = chosen.clone();
                            c.push(h);
                            (c, weight * f64::from(w), used.union(h))
                        })
                })
                .collect();
        }
        let by_flops = prefixes.len() < PIECES;
        let sums = prefixes
            .into_par_iter()
            .map(|(mut chosen, weight, used)| {
                let mut sums = Sums::new(self.selectors.len());
                if !control.is_cancelled() {
                    self.deal_rest(&mut chosen, weight, used, by_flops, control, &mut sums);
                }
                sums
            })
            .reduce(|| Sums::new(self.selectors.len()), Sums::merge);
        let stopped = if control.is_cancelled() {
            StopRule::Cancelled
        } else {
            StopRule::ExactDone
        };
        (sums, stopped)
    }

    /// The other players' hands, then every board, for the hands `chosen` so far (the
    /// flops in parallel when `by_flops`).
    fn deal_rest(
        &self,
        chosen: &mut Vec<CardSet>,
        weight: f64,
        used: CardSet,
        by_flops: bool,
        control: &crate::equity::RunControl,
        sums: &mut Sums,
    ) {
        if chosen.len() < self.hands.len() {
            for &(hand, w) in &self.hands[chosen.len()] {
                if !hand.intersects(used) {
                    chosen.push(hand);
                    let (w, used) = (weight * f64::from(w), used.union(hand));
                    self.deal_rest(chosen, w, used, by_flops, control, sums);
                    chosen.pop();
                }
            }
            return;
        }
        let mut known = CardSet::EMPTY;
        for &c in &self.board {
            known.insert(c);
        }
        let live: Vec<Card> = self
            .game
            .deck()
            .difference(used.union(known))
            .iter()
            .collect();
        let mut flops: Vec<CardSet> = Vec::new();
        crate::range::for_each_subset(&live, self.flop_missing(), &mut |flop| flops.push(flop));
        let need = self.board_needed.max(self.board.len());
        let one_flop = |flop: CardSet, sums: &mut Sums, cache: &mut StreetCache| {
            let mut board = [Card::new(0, 0); 5];
            board[..self.board.len()].copy_from_slice(&self.board);
            for (i, c) in flop.iter().enumerate() {
                board[self.board.len() + i] = c;
            }
            let rest: Vec<Card> = live
                .iter()
                .copied()
                .filter(|c| !flop.contains(*c))
                .collect();
            let from = self.board.len().max(3);
            if need <= from {
                // No figure looks further: the board stops here.
                self.tally(chosen, board, weight, sums, cache);
                return;
            }
            if need == 4 {
                for &t in &rest {
                    board[3] = t;
                    self.tally(chosen, board, weight, sums, cache);
                }
                return;
            }
            if from == 3 && !self.turn_matters {
                // Nothing tells the turn from the river: each pair once, for both orders.
                for (i, &t) in rest.iter().enumerate() {
                    for &r in &rest[i + 1..] {
                        board[3] = t;
                        board[4] = r;
                        self.tally(chosen, board, 2.0 * weight, sums, cache);
                    }
                }
                return;
            }
            // The turn and river in order, from what the flop left.
            self.ordered(&mut board, from, &rest, CardSet::EMPTY, &mut |b| {
                self.tally(chosen, *b, weight, sums, cache)
            });
        };
        if by_flops && flops.len() > 1 {
            let parts = flops
                .par_iter()
                .map(|&flop| {
                    let mut part = Sums::new(self.selectors.len());
                    if !control.is_cancelled() {
                        one_flop(flop, &mut part, &mut StreetCache::default());
                    }
                    part
                })
                .reduce(|| Sums::new(self.selectors.len()), Sums::merge);
            *sums = std::mem::replace(sums, Sums::new(0)).merge(parts);
            return;
        }
        // Street figures of these hands, shared by the runouts of each flop and turn.
        let mut cache = StreetCache::default();
        for flop in flops {
            one_flop(flop, sums, &mut cache);
        }
    }

    /// Fills `board[at..]` with every ordered choice of `rest`'s cards (`placed`: those
    /// already on the board from `rest`).
    fn ordered(
        &self,
        board: &mut [Card; 5],
        at: usize,
        rest: &[Card],
        placed: CardSet,
        f: &mut dyn FnMut(&[Card; 5]),
    ) {
        if at == 5 {
            f(board);
            return;
        }
        for &c in rest.iter().filter(|&&c| !placed.contains(c)) {
            board[at] = c;
            self.ordered(board, at + 1, rest, placed.union(CardSet::single(c)), f);
        }
    }

    /// Values every expression on one deal of `weight` and adds it to `sums`.
    fn tally(
        &self,
        hands: &[CardSet],
        board: [Card; 5],
        weight: f64,
        sums: &mut Sums,
        cache: &mut StreetCache,
    ) {
        let mut deal = Deal::new(self.game, hands, board, self.dead, cache);
        sums.deals += 1;
        sums.weight += weight;
        if let Some(c) = &self.condition {
            if c.value(&mut deal) == 0.0 {
                return;
            }
        }
        sums.kept += 1;
        sums.kept_weight += weight;
        for (k, (_, aggregate, e)) in self.selectors.iter().enumerate() {
            let mut x = e.value(&mut deal);
            if *aggregate == Aggregate::Count {
                x = if x != 0.0 { 1.0 } else { 0.0 };
            }
            if !x.is_finite() {
                sums.not_finite.get_or_insert(k);
                continue;
            }
            let s = &mut sums.figures[k];
            if *aggregate == Aggregate::Histogram {
                let b = bucket_of(x);
                if !add_to_bucket(&mut s.buckets, b, weight) {
                    sums.too_many_buckets.get_or_insert(k);
                }
            }
            s.sum += weight * x;
            s.squares += weight * x * x;
            s.min = s.min.min(x);
            s.max = s.max.max(x);
        }
    }

    fn monte_carlo(
        &self,
        settings: &RunSettings,
        update: &mut dyn FnMut(&Answer) -> bool,
    ) -> (Sums, StopRule) {
        let tables: Vec<AliasTable> = self
            .hands
            .iter()
            .map(|h| AliasTable::new(&h.iter().map(|(_, w)| f64::from(*w)).collect::<Vec<_>>()))
            .collect();
        let start = std::time::Instant::now();
        let mut sums = Sums::new(self.selectors.len());
        let mut next_batch = 0u64;
        let stopped = loop {
            let round: Vec<u64> = (next_batch..next_batch + 16).collect();
            next_batch += 16;
            let batches: Vec<Sums> = round
                .par_iter()
                .map(|&b| self.batch(&tables, settings.seed, b))
                .collect();
            for b in batches {
                sums = sums.merge(b);
            }
            let mut so_far = self.answer_from(&sums, Method::MonteCarlo, StopRule::TargetReached);
            so_far.running = true;
            if !update(&so_far) || settings.control.is_cancelled() {
                break StopRule::Cancelled;
            }
            if sums.deals == 0 || sums.draws > sums.deals.saturating_mul(10_000) {
                break StopRule::Starved;
            }
            if sums.kept >= 1000 && precise(&so_far, settings.target_se) {
                break StopRule::TargetReached;
            }
            if sums.deals >= settings.max_deals {
                break StopRule::DealBudget;
            }
            if settings.time_limit.is_some_and(|t| start.elapsed() >= t) {
                break StopRule::TimeBudget;
            }
        };
        (sums, stopped)
    }

    /// One batch of deals drawn by weight (hands by their alias tables, overlaps drawn
    /// again, then the board's missing cards uniformly).
    fn batch(&self, tables: &[AliasTable], seed: u64, index: u64) -> Sums {
        let mut rng = batch_rng(seed, index);
        let mut sums = Sums::new(self.selectors.len());
        let deals = ((BATCH_WORK / self.work_per_deal()) as u64).clamp(16, BATCH);
        let mut known = self.dead;
        for &c in &self.board {
            known.insert(c);
        }
        STREET_CACHE.with_borrow_mut(|cache| {
            cache.keep_for(self.id);
            self.draw_deals(tables, &mut rng, deals, known, &mut sums, cache)
        });
        sums
    }

    /// Draws deals into `sums` until it holds `deals` of them (or its draws run out).
    fn draw_deals(
        &self,
        tables: &[AliasTable],
        rng: &mut Xoshiro256PlusPlus,
        deals: u64,
        known: CardSet,
        sums: &mut Sums,
        cache: &mut StreetCache,
    ) {
        let deck: Vec<Card> = self.game.deck().difference(known).iter().collect();
        let mut hands = vec![CardSet::EMPTY; self.hands.len()];
        let mut board = [Card::new(0, 0); 5];
        board[..self.board.len()].copy_from_slice(&self.board);
        while sums.deals < deals && sums.draws < deals * 10_000 {
            sums.draws += 1;
            let mut used = known;
            let mut clash = false;
            for (p, table) in tables.iter().enumerate() {
                let hand = self.hands[p][table.draw(rng)].0;
                if hand.intersects(used) {
                    clash = true;
                    break;
                }
                used = used.union(hand);
                hands[p] = hand;
            }
            if clash {
                continue;
            }
            for slot in board.iter_mut().skip(self.board.len()) {
                let card = loop {
                    let c = deck[below(rng, deck.len() as u32) as usize];
                    if !used.contains(c) {
                        break c;
                    }
                };
                used.insert(card);
                *slot = card;
            }
            // Drawn by weight: each deal counts once.
            self.tally(&hands, board, 1.0, sums, cache);
        }
    }

    fn answer_from(&self, sums: &Sums, method: Method, stopped: StopRule) -> Answer {
        let exact = method == Method::Exact;
        let error = |variance: f64, n: u64| {
            if exact || n == 0 {
                0.0
            } else {
                (variance.max(0.0) / n as f64).sqrt()
            }
        };
        let condition = self.condition.as_ref().map(|_| {
            let p = if sums.weight > 0.0 {
                sums.kept_weight / sums.weight
            } else {
                0.0
            };
            Estimate {
                value: p,
                std_error: error(p * (1.0 - p), sums.deals),
            }
        });
        let figures = self
            .selectors
            .iter()
            .zip(&sums.figures)
            .map(|((name, aggregate, expression), s)| {
                let estimate = (sums.kept_weight > 0.0).then(|| {
                    let mean = s.sum / sums.kept_weight;
                    let variance = s.squares / sums.kept_weight - mean * mean;
                    match aggregate {
                        Aggregate::Avg | Aggregate::Count | Aggregate::Histogram => Estimate {
                            value: mean,
                            std_error: error(variance, sums.kept),
                        },
                        Aggregate::Min => Estimate {
                            value: s.min,
                            std_error: 0.0,
                        },
                        Aggregate::Max => Estimate {
                            value: s.max,
                            std_error: 0.0,
                        },
                    }
                });
                let mut buckets: Vec<Bucket> = s
                    .buckets
                    .iter()
                    .map(|&(value, w)| {
                        let p = w / sums.kept_weight;
                        Bucket {
                            value,
                            label: expression.bucket_label(value),
                            chance: Estimate {
                                value: p,
                                std_error: error(p * (1.0 - p), sums.kept),
                            },
                        }
                    })
                    .collect();
                buckets.sort_by(|a, b| a.value.total_cmp(&b.value));
                Figure {
                    name: name.clone(),
                    aggregate: *aggregate,
                    estimate,
                    buckets,
                }
            })
            .collect();
        Answer {
            game: self.game.key(),
            method,
            deals: sums.deals,
            stopped,
            running: false,
            condition,
            figures,
        }
    }
}
