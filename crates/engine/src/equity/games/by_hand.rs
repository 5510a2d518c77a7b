//! Every hand's equity against the other seats in a game's Range view (reference §7, §9):
//! exact where the work is within the exact bound — heads-up on a board by boards outside
//! and hands inside, else one enumeration per hand — and otherwise a Monte Carlo estimate
//! with each hand's standard error, so the view answers at once rather than refuse.

use super::range_spec::{check_runs, check_valuations, hand_matchup, stopped, GameRangeSpec};
use super::sampler::{DealCards, SeatDraw};
use super::valuation::value_all;
use super::{credit, exact, SeatValue, Sums, VALUATIONS_PER_SECOND};
use crate::cards::{Card, CardSet, Game};
use crate::equity::monte_carlo::batch_rng;
use crate::equity::{EquityError, RunControl};
use rayon::prelude::*;

/// One hand's equity against the other seats (exact, or estimated with its error).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandEquity {
    /// The hand.
    pub hand: CardSet,
    /// Its weight in its range.
    pub weight: f64,
    /// Its share of the deals; the shares add up to 1.
    pub share: f64,
    /// Its equity (pot share; hi/lo pots split).
    pub equity: f64,
    /// Its chance to win the high outright.
    pub win: f64,
    /// Its chance to tie for the high.
    pub tie: f64,
    /// Its chance to take the whole pot (hi/lo games; else `None`).
    pub scoop: Option<f64>,
    /// The standard error of its equity (0 when exact).
    pub std_error: f64,
}

impl HandEquity {
    /// The hand as a combo, in the two-card games.
    pub fn combo(&self) -> Option<crate::range::Combo> {
        let mut cards = self.hand.iter();
        match (cards.next(), cards.next(), cards.next()) {
            (Some(a), Some(b), None) => crate::range::Combo::new(a, b),
            _ => None,
        }
    }
}

/// Every hand's equity.
#[derive(Clone, Debug, PartialEq)]
pub struct ByHand {
    /// One entry per hand of the range that can be dealt.
    pub hands: Vec<HandEquity>,
    /// How the figures were found: `None` exact, else the Monte Carlo estimate's size.
    pub sampled: Option<Sampled>,
}

/// The size of a Monte Carlo estimate of every hand's equity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampled {
    /// Deals dealt to each hand (the same for every hand).
    pub deals_per_hand: u64,
    /// Deals in all.
    pub deals: u64,
    /// Why it is an estimate: the exact work it stands for.
    pub exact_seconds: f64,
}

impl ByHand {
    /// The range's equity: the share-weighted mean of its hands'.
    pub fn equity(&self) -> f64 {
        self.hands.iter().map(|h| h.share * h.equity).sum()
    }

    /// Every hand with its share of the deals so far unscaled (its weight times the weight
    /// of the deals it meets), shares scaled to add up to 1; refused when no hand meets
    /// the others.
    fn normalised(
        mut hands: Vec<HandEquity>,
        sampled: Option<Sampled>,
    ) -> Result<ByHand, EquityError> {
        let total: f64 = hands.iter().map(|h| h.share).sum();
        if total <= 0.0 {
            return Err(EquityError::Impossible(
                "no hand of the range meets the others".into(),
            ));
        }
        for h in &mut hands {
            h.share /= total;
        }
        Ok(ByHand { hands, sampled })
    }

    /// The standard error of [`ByHand::equity`] (0 when exact): the hands' estimates are
    /// independent, so their errors add in quadrature, each scaled by its share.
    pub fn std_error(&self) -> f64 {
        self.hands
            .iter()
            .map(|h| (h.share * h.std_error).powi(2))
            .sum::<f64>()
            .sqrt()
    }
}

/// Work of [`by_hand_heads_up`] in valuations: each board values every hand of both seats
/// once (ten three-card parts per pair of hole cards in Omaha) and compares every pair of
/// hands (a comparison about two valuations' time).
fn heads_up_valuations(game: Game, boards: f64, hands: usize, others: usize) -> f64 {
    let per_hand = deal_cost(game, 1);
    boards * ((hands + others) as f64 * per_hand + 2.0 * (hands * others) as f64)
}

/// The completions of the board (its cards to come from `live`), as lists of cards.
fn completions(live: &[Card], to_come: usize) -> Vec<Vec<Card>> {
    match to_come {
        0 => vec![Vec::new()],
        1 => live.iter().map(|&c| vec![c]).collect(),
        _ => {
            let mut out = Vec::new();
            for i in 0..live.len() {
                for j in i + 1..live.len() {
                    out.push(vec![live[i], live[j]]);
                }
            }
            out
        }
    }
}

/// Heads-up with a flop, turn or river: boards outside, hands inside. Each completion of
/// the board values every hand of both seats once, then every pair of hands that share no
/// card (nor a card with that board) is credited as the engine credits a showdown, at the
/// other hand's weight. The same sums as one enumeration per hand (tested), with H + V
/// valuations per board instead of H × V. Each hand's sums as seat 0's, in `hands`' order.
fn by_hand_heads_up(
    spec: &GameRangeSpec,
    hands: &[(CardSet, f32)],
    control: &RunControl,
) -> Result<Vec<HandSums>, EquityError> {
    let game = spec.game;
    let others = spec.vs[0].live_hands(spec.board.union(spec.dead));
    let live: Vec<Card> = game
        .deck()
        .difference(spec.board.union(spec.dead))
        .iter()
        .collect();
    let boards = completions(&live, 5 - spec.board.len());
    let known: Vec<Card> = spec.board.iter().collect();
    let hi_lo = game.is_hi_lo();
    let holes = |list: &[(CardSet, f32)]| -> Vec<Vec<Card>> {
        list.iter().map(|(h, _)| h.iter().collect()).collect()
    };
    let (hero_holes, other_holes) = (holes(hands), holes(&others));
    let per_board = heads_up_valuations(game, 1.0, hands.len(), others.len()) as u64;
    let zero = || vec![HandSums::default(); hands.len()];
    // One accumulator per thread, not per split: with 1.5 million 5-card Omaha hands
    // each is tens of megabytes (1.4 GB before, with every split's own full sums).
    let per_thread = boards
        .len()
        .div_ceil(rayon::current_num_threads().max(1))
        .max(1);
    let sums = boards
        .par_iter()
        .with_min_len(per_thread)
        .fold(zero, |mut sums, extra| {
            if control.is_cancelled() {
                return sums;
            }
            let cards = extra
                .iter()
                .fold(CardSet::EMPTY, |a, &c| a.union(CardSet::single(c)));
            let mut five = [known.first().copied().unwrap_or(live[0]); 5];
            for (slot, &c) in five.iter_mut().zip(known.iter().chain(extra)) {
                *slot = c;
            }
            // Only hands clear of this board's cards are valued and paired.
            let clear = |list: &[(CardSet, f32)]| -> Vec<usize> {
                (0..list.len())
                    .filter(|&k| !list[k].0.intersects(cards))
                    .collect()
            };
            let (hero_at, other_at) = (clear(hands), clear(&others));
            let value = |at: &[usize], holes: &[Vec<Card>]| {
                let chosen: Vec<&[Card]> = at.iter().map(|&k| holes[k].as_slice()).collect();
                let mut values = vec![SeatValue::default(); at.len()];
                value_all(game, &chosen, &five, &mut values);
                values
            };
            let (hero, other) = (value(&hero_at, &hero_holes), value(&other_at, &other_holes));
            // The hand's sums are seat 0's of each showdown (seat 1's, the other
            // hand's, are not kept).
            let mut pair = [Sums::default(), Sums::default()];
            for (&i, &hv) in hero_at.iter().zip(&hero) {
                let h = hands[i].0;
                pair[0] = Sums::default();
                for (&j, &ov) in other_at.iter().zip(&other) {
                    let (o, w) = others[j];
                    if !o.intersects(h) {
                        credit(&[hv, ov], hi_lo, w as f64, &mut pair);
                    }
                }
                sums[i].add(&pair[0]);
            }
            control.progress().add_work(per_board);
            sums
        })
        .reduce(zero, |mut a, b| {
            for (x, y) in a.iter_mut().zip(&b) {
                x.merge(y);
            }
            a
        });
    if control.is_cancelled() {
        return Err(stopped());
    }
    Ok(sums)
}

/// One hand's sums in [`by_hand_heads_up`]: only what its figures need (40 bytes a hand
/// rather than a matchup seat's 136).
#[derive(Clone, Copy, Debug, Default)]
struct HandSums {
    weight: f64,
    win: f64,
    tie: f64,
    equity: f64,
    scoop: f64,
}

impl HandSums {
    fn add(&mut self, s: &Sums) {
        self.weight += s.weight;
        self.win += s.win;
        self.tie += s.tie;
        self.equity += s.equity;
        self.scoop += s.scoop;
    }

    fn merge(&mut self, o: &HandSums) {
        self.weight += o.weight;
        self.win += o.win;
        self.tie += o.tie;
        self.equity += o.equity;
        self.scoop += o.scoop;
    }
}

/// Every hand's exact equity against the other seats: one enumeration per hand, refused
/// with its estimate past the exact bound.
fn exact_by_hand(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
) -> Result<ByHand, EquityError> {
    let game = spec.game;
    let blocked = spec.blocked();
    if spec.range.live_count(blocked) > crate::range::MAX_LISTED_HANDS as u64 {
        return Err(super::too_many_hands(game));
    }
    let hands = spec.range.live_hands(blocked);
    let matchup = |hand: CardSet| hand_matchup(spec, hand);
    let Some(&(first, _)) = hands.first() else {
        return Err(EquityError::EmptySeat {
            seat: "range".into(),
        });
    };
    if let Some(valuations) = heads_up_work(spec) {
        check_valuations(valuations, threads)?;
        let sums = by_hand_heads_up(spec, &hands, control)?;
        return by_hand_from_sums(game, &hands, &sums);
    }
    check_runs(&matchup(first)?, hands.len(), threads)?;
    let mut out = Vec::with_capacity(hands.len());
    // One after another: each enumeration is parallel itself.
    for &(hand, w) in &hands {
        if control.is_cancelled() {
            return Err(stopped());
        }
        // A hand every combination of the others meets a card of has no deal.
        let Ok(m) = matchup(hand) else { continue };
        let t = exact::run(&m, control)?;
        let seat = &t.seats[0];
        let n = seat.equity.n;
        if n <= 0.0 {
            continue;
        }
        out.push(HandEquity {
            hand,
            weight: w as f64,
            share: w as f64 * n,
            equity: seat.equity.s / n,
            win: seat.win.s / n,
            tie: seat.tie.s / n,
            scoop: game.is_hi_lo().then(|| t.low[0][2].s / n),
            std_error: 0.0,
        });
    }
    if control.is_cancelled() {
        return Err(stopped());
    }
    ByHand::normalised(out, None)
}

/// The valuations of [`by_hand_heads_up`] when it applies: one other seat and a flop, turn
/// or river.
pub(super) fn heads_up_work(spec: &GameRangeSpec) -> Option<f64> {
    if spec.vs.len() != 1 || spec.board.len() < 3 {
        return None;
    }
    let blocked = spec.board.union(spec.dead);
    let others = spec.vs[0].live_count(blocked);
    if others > crate::range::MAX_LISTED_HANDS as u64 {
        return None;
    }
    let live = spec.game.deck().difference(blocked).len() as u64;
    let boards = crate::equity::choose(live, 5 - spec.board.len() as u64) as f64;
    let hands = spec.range.live_count(spec.blocked()) as usize;
    Some(heads_up_valuations(
        spec.game,
        boards,
        hands,
        others as usize,
    ))
}

/// Each hand's figures from its sums (seat 0's): its share of the deals is its weight
/// times the weight of the deals it meets.
fn by_hand_from_sums(
    game: Game,
    hands: &[(CardSet, f32)],
    sums: &[HandSums],
) -> Result<ByHand, EquityError> {
    let mut out = Vec::with_capacity(hands.len());
    for (&(hand, w), s) in hands.iter().zip(sums) {
        if s.weight <= 0.0 {
            continue;
        }
        out.push(HandEquity {
            hand,
            weight: w as f64,
            share: w as f64 * s.weight,
            equity: s.equity / s.weight,
            win: s.win / s.weight,
            tie: s.tie / s.weight,
            scoop: game.is_hi_lo().then(|| s.scoop / s.weight),
            std_error: 0.0,
        });
    }
    ByHand::normalised(out, None)
}

/// Every hand's equity against the other seats: exact within the exact bound, else a
/// Monte Carlo estimate with each hand's standard error (the same deals for every hand,
/// seeded by the hand's place in the range, so the numbers repeat). A range too wide to
/// list (any 5- or 6-card Omaha hand) is refused.
pub fn by_hand(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
) -> Result<ByHand, EquityError> {
    match exact_by_hand(spec, control, threads) {
        Err(EquityError::TooLarge { seconds, .. }) => {
            by_hand_sampled(spec, control, threads, seconds)
        }
        other => other,
    }
}

/// Wall-clock seconds the estimate aims to take on the threads given.
const SAMPLED_SECONDS: f64 = 2.0;
/// Fewest and most deals per hand: enough for an error of a few points on each hand,
/// and no more than the time asks.
const MIN_DEALS_PER_HAND: u64 = 256;
const MAX_DEALS_PER_HAND: u64 = 50_000;
/// Draws per deal a hand may take before it is left out (every deal of the others
/// meets its cards).
const MAX_ATTEMPTS_PER_DEAL: u64 = 64;

/// Valuation units of valuing `seats` hands once on a full board (ten three-card parts
/// per pair of hole cards in Omaha; a few table reads elsewhere).
fn deal_cost(game: Game, seats: usize) -> f64 {
    let per_seat = if game.is_omaha() {
        10.0 * (game.hole_cards() * (game.hole_cards() - 1) / 2) as f64
    } else {
        4.0
    };
    per_seat * seats as f64
}

/// Deals per hand of the estimate for `hands` hands on `threads` threads.
pub(super) fn sampled_deals_per_hand(spec: &GameRangeSpec, hands: usize, threads: usize) -> u64 {
    let cost = deal_cost(spec.game, 1 + spec.vs.len());
    let deals = SAMPLED_SECONDS * VALUATIONS_PER_SECOND * threads.max(1) as f64 / cost;
    ((deals / hands.max(1) as f64) as u64).clamp(MIN_DEALS_PER_HAND, MAX_DEALS_PER_HAND)
}

/// The valuations of the estimate (for progress).
pub(super) fn sampled_work(spec: &GameRangeSpec, hands: usize, threads: usize) -> f64 {
    let per_hand = sampled_deals_per_hand(spec, hands, threads);
    per_hand as f64 * hands as f64 * deal_cost(spec.game, 1 + spec.vs.len())
}

/// The Monte Carlo estimate: for each hand, deals of the other seats' hands (by weight,
/// draws meeting a card already out rejected) and the board. A hand's share of the deals
/// is its weight times the chance the others' draws miss its cards, as exact weighs it.
fn by_hand_sampled(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
    exact_seconds: f64,
) -> Result<ByHand, EquityError> {
    let game = spec.game;
    let blocked = spec.blocked();
    let hands = spec.range.live_hands(blocked);
    let per_hand = sampled_deals_per_hand(spec, hands.len(), threads);
    let table_blocked = spec.board.union(spec.dead);
    let others: Vec<SeatDraw> = spec
        .vs
        .iter()
        .map(|r| SeatDraw::of(r, table_blocked))
        .collect();
    let known: Vec<Card> = spec.board.iter().collect();
    let deck = game.deck();
    let hi_lo = game.is_hi_lo();
    let seats = 1 + others.len();
    let cost = deal_cost(game, seats) as u64;
    let estimate = |(i, &(hand, w)): (usize, &(CardSet, f32))| -> Option<HandEquity> {
        if control.is_cancelled() {
            return None;
        }
        let mut rng = batch_rng(1, i as u64);
        let mut sums = vec![Sums::default(); seats];
        let mut values = vec![SeatValue::default(); seats];
        let mut holes: Vec<Vec<Card>> = vec![Vec::with_capacity(6); seats];
        holes[0] = hand.iter().collect();
        let (mut dealt, mut attempts) = (0u64, 0u64);
        let start = DealCards::new(deck, table_blocked.union(hand));
        'deal: while dealt < per_hand && attempts < per_hand * MAX_ATTEMPTS_PER_DEAL {
            attempts += 1;
            let mut cards = start.clone();
            for (seat, hole) in others.iter().zip(holes.iter_mut().skip(1)) {
                if !seat.draw(&mut rng, game, &mut cards, hole) {
                    continue 'deal;
                }
            }
            let board = cards.complete_board(&mut rng, &known);
            value_all(game, &holes, &board, &mut values);
            credit(&values, hi_lo, 1.0, &mut sums);
            dealt += 1;
        }
        control.progress().add_work(dealt * cost);
        if dealt < 2 {
            return None;
        }
        let s = &sums[0];
        let n = dealt as f64;
        let mean = s.equity / n;
        let variance = ((s.equity_squares / n - mean * mean) * n / (n - 1.0)).max(0.0);
        Some(HandEquity {
            hand,
            weight: w as f64,
            // The chance the others' draws miss this hand's cards, times its weight.
            share: w as f64 * n / attempts as f64,
            equity: mean,
            win: s.win / n,
            tie: s.tie / n,
            scoop: hi_lo.then(|| s.scoop / n),
            std_error: (variance / n).sqrt(),
        })
    };
    let out: Vec<HandEquity> = hands.par_iter().enumerate().filter_map(estimate).collect();
    if control.is_cancelled() {
        return Err(stopped());
    }
    let sampled = Sampled {
        deals_per_hand: per_hand,
        deals: per_hand * out.len() as u64,
        exact_seconds,
    };
    ByHand::normalised(out, Some(sampled))
}
