//! The Range view's question in a game other than Hold'em (reference §7 and §9): what
//! a range holds on a board by the game's rule (its hand categories, flush and straight
//! draws, and in hi/lo games the low made or one card away), every hand's exact equity
//! against the other seats, and what each next card does.
//!
//! Hold'em's analysis (`equity::breakdown`, `equity::by_combo`) sorts and sweeps two-card
//! combos; here every hand of the range is one exact enumeration against the others and
//! every next card one enumeration of the whole matchup, so the work is estimated first
//! and refused past the exact bound, as everywhere else.

use super::{exact, exact_valuations, GameMatchup, VALUATIONS_PER_SECOND};
use crate::cards::{Card, CardSet, Game};
use crate::equity::breakdown::Line;
use crate::equity::by_combo::NextCard;
use crate::equity::run::MAX_EXACT_SECONDS;
use crate::equity::{EquityError, RunControl};
use crate::eval::{evaluate, evaluate_short_deck, omaha_high, omaha_low, HandCategory};
use crate::range::HoleRange;
use rayon::prelude::*;

/// What to analyse in a game: a range, the other seats' ranges (or none), board and dead
/// cards, checked.
#[derive(Clone, Debug)]
pub struct GameRangeSpec {
    /// The game.
    pub game: Game,
    /// The range analysed.
    pub range: HoleRange,
    /// The other seats' ranges (none: the breakdown alone).
    pub vs: Vec<HoleRange>,
    /// No board (preflop) or a flop, turn or river.
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
}

impl PartialEq for GameRangeSpec {
    fn eq(&self, o: &GameRangeSpec) -> bool {
        let same = |a: &HoleRange, b: &HoleRange| {
            a.game() == b.game() && a.is_random() == b.is_random() && a.hands() == b.hands()
        };
        self.game == o.game
            && self.board == o.board
            && self.dead == o.dead
            && same(&self.range, &o.range)
            && self.vs.len() == o.vs.len()
            && self.vs.iter().zip(&o.vs).all(|(a, b)| same(a, b))
    }
}

impl GameRangeSpec {
    /// The analysis of `range` (against `vs`) in `game`; refused when a card is not in the
    /// game's deck, the seats are more than the game deals, or a range has no live hand.
    pub fn new(
        game: Game,
        range: HoleRange,
        vs: Vec<HoleRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<GameRangeSpec, EquityError> {
        super::check_cards(game, board, dead)?;
        if vs.len() + 1 > game.max_seats() {
            return Err(EquityError::SeatsForGame {
                game,
                max: game.max_seats(),
                got: vs.len() + 1,
            });
        }
        let blocked = board.union(dead);
        for (i, r) in std::iter::once(&range).chain(&vs).enumerate() {
            if r.live_count(blocked) == 0 {
                return Err(EquityError::EmptySeat {
                    seat: crate::equity::range_analysis::range_seat_name(i),
                });
            }
        }
        Ok(GameRangeSpec {
            game,
            range,
            vs,
            board,
            dead,
        })
    }

    /// The cards the range cannot hold: board, dead cards and the other seats' known
    /// hands.
    pub fn blocked(&self) -> CardSet {
        self.vs
            .iter()
            .filter_map(HoleRange::known_hand)
            .fold(self.board.union(self.dead), |a, h| a.union(h))
    }
}

/// A line of a game's breakdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandLine {
    /// The best high hand by the game's rule is of this category.
    Made(HandCategory),
    /// No flush yet; one next card makes one.
    FlushDraw,
    /// No straight or better yet; cards of two or more ranks make a straight (open-ended
    /// draws and wraps).
    StraightDraw,
    /// No straight or better yet; cards of one rank make a straight.
    Gutshot,
    /// A qualifying low (8 or better) already (hi/lo games).
    Low,
    /// No low yet; one next card makes one (hi/lo games).
    LowDraw,
}

impl HandLine {
    /// The CSV / JSON name.
    pub fn key(self) -> &'static str {
        match self {
            HandLine::Made(c) => c.key(),
            HandLine::FlushDraw => "flush_draw",
            HandLine::StraightDraw => "straight_draw",
            HandLine::Gutshot => "gutshot",
            HandLine::Low => "low",
            HandLine::LowDraw => "low_draw",
        }
    }

    /// The name people read.
    pub fn name(self) -> &'static str {
        match self {
            HandLine::Made(c) => c.name(),
            HandLine::FlushDraw => "Flush draw",
            HandLine::StraightDraw => "Straight draw (two ranks or more)",
            HandLine::Gutshot => "Gutshot (one rank)",
            HandLine::Low => "Low made (8 or better)",
            HandLine::LowDraw => "Low draw (one card)",
        }
    }

    /// Whether the line is a draw (else a made hand).
    pub fn is_draw(self) -> bool {
        !matches!(self, HandLine::Made(_) | HandLine::Low)
    }
}

/// The categories of `game`, strongest first (short deck: a flush beats a full house and
/// three of a kind beats a straight).
pub fn categories_strongest_first(game: Game) -> [HandCategory; 9] {
    use HandCategory::*;
    if game.has_short_deck_order() {
        [
            StraightFlush,
            FourOfAKind,
            Flush,
            FullHouse,
            ThreeOfAKind,
            Straight,
            TwoPair,
            Pair,
            HighCard,
        ]
    } else {
        let mut all = HandCategory::ALL;
        all.reverse();
        all
    }
}

/// How strong a category is in `game` (higher is stronger).
fn strength(game: Game, category: HandCategory) -> usize {
    9 - categories_strongest_first(game)
        .iter()
        .position(|&c| c == category)
        .unwrap_or(8)
}

/// The high-hand category of `hole` on `board` (3 to 5 cards) by the game's rule.
pub fn high_category(game: Game, hole: &[Card], board: &[Card]) -> HandCategory {
    if game.is_omaha() {
        return omaha_high(hole, board).category();
    }
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    if game.has_short_deck_order() {
        evaluate_short_deck(&all).category()
    } else {
        evaluate(&all).category()
    }
}

/// Whether `hole` makes a qualifying low on `board` (hi/lo games).
fn has_low(hole: &[Card], board: &[Card]) -> bool {
    omaha_low(hole, board) != 0
}

/// The lines one hand is on: its made category, and its draws when a card is to come.
pub fn hand_lines(game: Game, hole: &[Card], board: &[Card], next: &[Card]) -> Vec<HandLine> {
    let made = high_category(game, hole, board);
    let mut lines = vec![HandLine::Made(made)];
    let low_now = game.is_hi_lo() && has_low(hole, board);
    if low_now {
        lines.push(HandLine::Low);
    }
    if board.len() == 5 {
        return lines;
    }
    let now = strength(game, made);
    let (flush, straight) = (
        strength(game, HandCategory::Flush),
        strength(game, HandCategory::Straight),
    );
    let mut flush_draw = false;
    let mut straight_ranks = 0u16;
    let mut low_draw = false;
    let mut after: Vec<Card> = board.to_vec();
    after.push(board[0]);
    for &card in next {
        if hole.contains(&card) {
            continue;
        }
        *after.last_mut().expect("a card was pushed") = card;
        let c = high_category(game, hole, &after);
        flush_draw |= now < flush
            && matches!(c, HandCategory::Flush | HandCategory::StraightFlush)
            && !matches!(made, HandCategory::Flush);
        if now < straight && matches!(c, HandCategory::Straight | HandCategory::StraightFlush) {
            straight_ranks |= 1 << card.rank();
        }
        low_draw |= game.is_hi_lo() && !low_now && has_low(hole, &after);
    }
    if flush_draw {
        lines.push(HandLine::FlushDraw);
    }
    match straight_ranks.count_ones() {
        0 => {}
        1 => lines.push(HandLine::Gutshot),
        _ => lines.push(HandLine::StraightDraw),
    }
    if low_draw {
        lines.push(HandLine::LowDraw);
    }
    lines
}

/// Every line of `game` in display order: made hands strongest first, the low, the draws.
pub fn all_lines(game: Game) -> Vec<HandLine> {
    let mut lines: Vec<HandLine> = categories_strongest_first(game)
        .into_iter()
        .map(HandLine::Made)
        .collect();
    if game.is_hi_lo() {
        lines.push(HandLine::Low);
    }
    lines.extend([
        HandLine::FlushDraw,
        HandLine::StraightDraw,
        HandLine::Gutshot,
    ]);
    if game.is_hi_lo() {
        lines.push(HandLine::LowDraw);
    }
    lines
}

/// What a range holds on a board in a game: a line per category and draw.
#[derive(Clone, Debug, PartialEq)]
pub struct HandBreakdown {
    /// The range's hands left (board, dead and known cards removed).
    pub hands: usize,
    /// Their total weight.
    pub weight: f64,
    /// Every line of the game ([`all_lines`] order).
    pub lines: Vec<(HandLine, Line)>,
}

/// Hand valuations one breakdown costs: each hand on the board and on every next board.
fn breakdown_valuations(game: Game, hands: usize, board: CardSet) -> f64 {
    let per = if game.is_omaha() {
        let pairs = (game.hole_cards() * (game.hole_cards() - 1) / 2) as f64;
        pairs * 4.0
    } else {
        1.0
    };
    let next = if board.len() < 5 { 47.0 } else { 1.0 };
    hands as f64 * per * next
}

/// The breakdown of `spec`'s range on its board (3 to 5 cards); `Err` says why not.
pub fn game_breakdown(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
) -> Result<HandBreakdown, String> {
    let game = spec.game;
    if !(3..=5).contains(&spec.board.len()) {
        return Err("the breakdown needs a flop, turn or river".into());
    }
    let blocked = spec.blocked();
    let count = spec.range.live_count(blocked);
    let seconds = crate::equity::run::exact_seconds(
        breakdown_valuations(game, count as usize, spec.board),
        VALUATIONS_PER_SECOND,
        threads,
    );
    if count > crate::range::MAX_LISTED_HANDS as u64 || seconds > MAX_EXACT_SECONDS {
        return Err(EquityError::TooLarge {
            seconds,
            threads: threads.max(1),
        }
        .to_string());
    }
    let hands = spec.range.live_hands(blocked);
    if hands.is_empty() {
        return Err("every hand of the range is blocked".into());
    }
    let board: Vec<Card> = spec.board.iter().collect();
    let next: Vec<Card> = game.deck().difference(blocked).iter().collect();
    let lines = all_lines(game);
    let per_hand: Vec<Vec<HandLine>> = hands
        .par_iter()
        .map(|(h, _)| {
            if control.is_cancelled() {
                return Vec::new();
            }
            let hole: Vec<Card> = h.iter().collect();
            hand_lines(game, &hole, &board, &next)
        })
        .collect();
    if control.is_cancelled() {
        return Err("stopped".into());
    }
    let weight: f64 = hands.iter().map(|h| h.1 as f64).sum();
    let mut out: Vec<(HandLine, Line)> = lines.iter().map(|&l| (l, Line::default())).collect();
    for ((_, w), on) in hands.iter().zip(&per_hand) {
        for l in on {
            if let Some((_, line)) = out.iter_mut().find(|(k, _)| k == l) {
                line.combos += 1;
                line.weight += *w as f64;
            }
        }
    }
    for (_, line) in &mut out {
        line.share = line.weight / weight;
    }
    Ok(HandBreakdown {
        hands: hands.len(),
        weight,
        lines: out,
    })
}

/// One hand's exact equity against the other seats.
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
}

/// Every hand's equity.
#[derive(Clone, Debug, PartialEq)]
pub struct ByHand {
    /// One entry per hand of the range that can be dealt.
    pub hands: Vec<HandEquity>,
}

impl ByHand {
    /// The range's equity: the share-weighted mean of its hands'.
    pub fn equity(&self) -> f64 {
        self.hands.iter().map(|h| h.share * h.equity).sum()
    }
}

/// A stopped run (as Hold'em's analysis says it).
fn stopped() -> EquityError {
    EquityError::Impossible("stopped".into())
}

/// The weight scale exact runs apply to a seat (its largest live weight: they scale each
/// seat's weights so the largest is 1), to compare totals across runs.
fn scale(r: &HoleRange, blocked: CardSet) -> f64 {
    r.live_hands(blocked)
        .iter()
        .map(|h| h.1 as f64)
        .fold(0.0, f64::max)
}

/// Refuses `valuations` of work past the exact bound on `threads` cores.
fn check_valuations(valuations: f64, threads: usize) -> Result<(), EquityError> {
    let seconds = crate::equity::run::exact_seconds(valuations, VALUATIONS_PER_SECOND, threads);
    if seconds > MAX_EXACT_SECONDS {
        return Err(EquityError::TooLarge {
            seconds,
            threads: threads.max(1),
        });
    }
    Ok(())
}

/// Refuses `runs` enumerations like `one` past the exact bound on `threads` cores.
fn check_runs(one: &GameMatchup, runs: usize, threads: usize) -> Result<(), EquityError> {
    let valuations = exact_valuations(one);
    if valuations.is_infinite() {
        return Err(super::too_many_hands(one.game));
    }
    check_valuations(valuations * runs as f64, threads)
}

/// The matchup of one hand of the range against the other seats.
fn hand_matchup(spec: &GameRangeSpec, hand: CardSet) -> Result<GameMatchup, EquityError> {
    let mut ranges = vec![HoleRange::single(spec.game, hand)];
    ranges.extend(spec.vs.iter().cloned());
    GameMatchup::new(spec.game, ranges, spec.board, spec.dead)
}

/// Every seat's range, and the cards that can come next (none is a known hand's).
fn next_card_candidates(spec: &GameRangeSpec) -> (Vec<HoleRange>, Vec<Card>) {
    let ranges: Vec<HoleRange> = std::iter::once(&spec.range)
        .chain(&spec.vs)
        .cloned()
        .collect();
    let known = ranges
        .iter()
        .filter_map(HoleRange::known_hand)
        .fold(spec.board.union(spec.dead), |a, h| a.union(h));
    let cards = spec.game.deck().difference(known).iter().collect();
    (ranges, cards)
}

/// The matchup of every seat with `card` added to the board, if every seat has a hand.
fn next_card_matchup(
    spec: &GameRangeSpec,
    ranges: &[HoleRange],
    card: Card,
) -> Option<GameMatchup> {
    let board = spec.board.union(CardSet::single(card));
    GameMatchup::new(spec.game, ranges.to_vec(), board, spec.dead).ok()
}

/// The valuations the parts that will run (not refused) take, in the unit exact runs
/// report their work in: what the time left and the fraction done are measured against.
pub fn estimated_valuations(spec: &GameRangeSpec, threads: usize) -> f64 {
    let affordable = |v: f64| {
        if v.is_finite() && check_valuations(v, threads).is_ok() {
            v
        } else {
            0.0
        }
    };
    let mut total = 0.0;
    let blocked = spec.blocked();
    if !spec.vs.is_empty()
        && spec.range.live_count(blocked) <= crate::range::MAX_LISTED_HANDS as u64
    {
        if let Some(v) = heads_up_work(spec) {
            total += affordable(v);
        } else {
            let hands = spec.range.live_hands(blocked);
            if let Some(Ok(one)) = hands.first().map(|&(h, _)| hand_matchup(spec, h)) {
                total += affordable(exact_valuations(&one) * hands.len() as f64);
            }
        }
    }
    if !spec.vs.is_empty() && (3..=4).contains(&spec.board.len()) {
        let (ranges, cards) = next_card_candidates(spec);
        if let Some(one) = cards
            .iter()
            .find_map(|&c| next_card_matchup(spec, &ranges, c))
        {
            total += affordable(exact_valuations(&one) * cards.len() as f64);
        }
    }
    total
}

/// Work of [`by_hand_heads_up`] in valuations: each board values every hand of both seats
/// once (ten three-card parts per pair of hole cards in Omaha) and compares every pair of
/// hands (a comparison about two valuations' time).
fn heads_up_valuations(game: Game, boards: f64, hands: usize, others: usize) -> f64 {
    let per_hand = if game.is_omaha() {
        10.0 * (game.hole_cards() * (game.hole_cards() - 1) / 2) as f64
    } else {
        4.0
    };
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
                let mut values = vec![super::SeatValue::default(); at.len()];
                super::valuation::value_all(game, &chosen, &five, &mut values);
                values
            };
            let (hero, other) = (value(&hero_at, &hero_holes), value(&other_at, &other_holes));
            // The hand's sums are seat 0's of each showdown (seat 1's, the other
            // hand's, are not kept).
            let mut pair = [super::Sums::default(), super::Sums::default()];
            for (&i, &hv) in hero_at.iter().zip(&hero) {
                let h = hands[i].0;
                pair[0] = super::Sums::default();
                for (&j, &ov) in other_at.iter().zip(&other) {
                    let (o, w) = others[j];
                    if !o.intersects(h) {
                        super::credit(&[hv, ov], hi_lo, w as f64, &mut pair);
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
    fn add(&mut self, s: &super::Sums) {
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
pub fn by_hand(
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
    let mut total = 0.0;
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
        let dealt = w as f64 * n;
        total += dealt;
        out.push(HandEquity {
            hand,
            weight: w as f64,
            share: dealt,
            equity: seat.equity.s / n,
            win: seat.win.s / n,
            tie: seat.tie.s / n,
            scoop: game.is_hi_lo().then(|| t.low[0][2].s / n),
        });
    }
    if control.is_cancelled() {
        return Err(stopped());
    }
    if total <= 0.0 {
        return Err(EquityError::Impossible(
            "no hand of the range meets the others".into(),
        ));
    }
    for h in &mut out {
        h.share /= total;
    }
    Ok(ByHand { hands: out })
}

/// The valuations of [`by_hand_heads_up`] when it applies: one other seat and a flop, turn
/// or river.
fn heads_up_work(spec: &GameRangeSpec) -> Option<f64> {
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
    let mut total = 0.0;
    for (&(hand, w), s) in hands.iter().zip(sums) {
        if s.weight <= 0.0 {
            continue;
        }
        let dealt = w as f64 * s.weight;
        total += dealt;
        out.push(HandEquity {
            hand,
            weight: w as f64,
            share: dealt,
            equity: s.equity / s.weight,
            win: s.win / s.weight,
            tie: s.tie / s.weight,
            scoop: game.is_hi_lo().then(|| s.scoop / s.weight),
        });
    }
    if total <= 0.0 {
        return Err(EquityError::Impossible(
            "no hand of the range meets the others".into(),
        ));
    }
    for h in &mut out {
        h.share /= total;
    }
    Ok(ByHand { hands: out })
}

/// For every card that can come on a flop or turn, its probability and every seat's exact
/// equity: one enumeration of the matchup per card, refused past the exact bound.
pub fn game_next_cards(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
) -> Result<Vec<NextCard>, EquityError> {
    let (ranges, cards) = next_card_candidates(spec);
    let matchup = |card: Card| next_card_matchup(spec, &ranges, card);
    let Some(one) = cards.iter().find_map(|&c| matchup(c)) else {
        return Err(EquityError::Impossible(
            "no next card leaves every seat a hand".into(),
        ));
    };
    check_runs(&one, cards.len(), threads)?;
    let mut out = Vec::new();
    let mut total = 0.0;
    for &card in &cards {
        if control.is_cancelled() {
            return Err(stopped());
        }
        let Some(m) = matchup(card) else { continue };
        let t = exact::run(&m, control)?;
        let n = t.seats[0].equity.n;
        if n <= 0.0 {
            continue;
        }
        let blocked = m.board.union(m.dead);
        let weight = n * ranges.iter().map(|r| scale(r, blocked)).product::<f64>();
        total += weight;
        out.push(NextCard {
            card,
            probability: weight,
            equity: t.seats.iter().map(|s| s.equity.s / s.equity.n).collect(),
        });
    }
    if control.is_cancelled() {
        return Err(stopped());
    }
    if total <= 0.0 {
        return Err(EquityError::Impossible(
            "no next card leaves every seat a hand".into(),
        ));
    }
    for n in &mut out {
        n.probability /= total;
    }
    Ok(out)
}

/// A game's answers: each part, or why it does not apply (shown as n/a).
#[derive(Clone, Debug, PartialEq)]
pub struct GameRangeAnalysis {
    /// The game.
    pub game: Game,
    /// Categories and draws (a flop, turn or river).
    pub breakdown: Result<HandBreakdown, String>,
    /// Every hand's equity against the other seats.
    pub by_hand: Result<ByHand, String>,
    /// Every next card (a flop or turn).
    pub next: Result<Vec<NextCard>, String>,
}

/// Runs every part that applies.
pub fn analyse_game(
    spec: &GameRangeSpec,
    control: &RunControl,
    threads: usize,
) -> GameRangeAnalysis {
    let no_vs = || "give the other seats' ranges".to_string();
    let breakdown = game_breakdown(spec, control, threads);
    let by_hand = if spec.vs.is_empty() {
        Err(no_vs())
    } else {
        by_hand(spec, control, threads)
            .map_err(|e| crate::equity::range_analysis::range_view_message(&e))
    };
    let next = if spec.vs.is_empty() {
        Err(no_vs())
    } else if !(3..=4).contains(&spec.board.len()) {
        Err("the next card needs a flop or a turn".to_string())
    } else {
        game_next_cards(spec, control, threads)
            .map_err(|e| crate::equity::range_analysis::range_view_message(&e))
    };
    GameRangeAnalysis {
        game: spec.game,
        breakdown,
        by_hand,
        next,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::games::tests::{plain_high, subsets};
    use crate::equity::games::{run_game, GameMatchup};
    use crate::equity::run::RunSettings;
    use crate::equity::Method;

    fn spec(game: Game, range: &str, vs: &[&str], board: &str, dead: &str) -> GameRangeSpec {
        let r = |t: &str| HoleRange::parse(t, game).unwrap();
        GameRangeSpec::new(
            game,
            r(range),
            vs.iter().map(|t| r(t)).collect(),
            CardSet::parse(board).unwrap(),
            CardSet::parse(dead).unwrap(),
        )
        .unwrap()
    }

    /// The category of the best five by a plain walk over every legal selection.
    fn plain_category(game: Game, hole: &[Card], board: &[Card]) -> HandCategory {
        let best = plain_high(game, hole, board);
        let fives: Vec<Vec<Card>> = if game.is_omaha() {
            let mut v = Vec::new();
            for two in subsets(hole, 2) {
                for three in subsets(board, 3) {
                    v.push([two.clone(), three].concat());
                }
            }
            v
        } else {
            subsets(&[hole, board].concat(), 5)
        };
        for five in fives {
            let (value, category) = if game.has_short_deck_order() {
                let v = evaluate_short_deck(&five);
                (v.get(), v.category())
            } else {
                let v = evaluate(&five);
                (v.get() as u32, v.category())
            };
            if value == best {
                return category;
            }
        }
        unreachable!("the best five is one of the fives")
    }

    /// The lines of one hand by the definitions in plain words, every next board valued
    /// by the plain walk.
    fn plain_lines(game: Game, hole: &[Card], board: &[Card], next: &[Card]) -> Vec<HandLine> {
        let rank = |c: HandCategory| {
            categories_strongest_first(game)
                .iter()
                .rev()
                .position(|&x| x == c)
                .unwrap()
        };
        let made = plain_category(game, hole, board);
        let mut out = vec![HandLine::Made(made)];
        let low = |b: &[Card]| {
            subsets(hole, 2).iter().any(|two| {
                subsets(b, 3).iter().any(|three| {
                    let mut ranks: Vec<u8> = two
                        .iter()
                        .chain(three)
                        .map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 })
                        .collect();
                    ranks.sort_unstable();
                    ranks.dedup();
                    ranks.len() == 5 && ranks[4] <= 8
                })
            })
        };
        let low_now = game.is_hi_lo() && low(board);
        if low_now {
            out.push(HandLine::Low);
        }
        if board.len() == 5 {
            return out;
        }
        let (mut flush, mut ranks, mut low_draw) = (false, Vec::new(), false);
        for &c in next.iter().filter(|c| !hole.contains(c)) {
            let b = [board, &[c]].concat();
            let after = plain_category(game, hole, &b);
            let flushy = matches!(after, HandCategory::Flush | HandCategory::StraightFlush);
            if flushy && rank(made) < rank(HandCategory::Flush) {
                flush = true;
            }
            let straighty = matches!(after, HandCategory::Straight | HandCategory::StraightFlush);
            if straighty && rank(made) < rank(HandCategory::Straight) && !ranks.contains(&c.rank())
            {
                ranks.push(c.rank());
            }
            low_draw |= game.is_hi_lo() && !low_now && low(&b);
        }
        if flush {
            out.push(HandLine::FlushDraw);
        }
        match ranks.len() {
            0 => {}
            1 => out.push(HandLine::Gutshot),
            _ => out.push(HandLine::StraightDraw),
        }
        if low_draw {
            out.push(HandLine::LowDraw);
        }
        out
    }

    #[test]
    fn breakdown_lines_match_a_plain_count() {
        let cases = [
            (
                Game::OMAHA,
                "AhKh5c6d, AsKs5c6d, 9h8h7c6c, AAKK, JT98 ds",
                "Qh 7h 2s",
                "",
            ),
            (Game::OMAHA, "KKQQ, JT98", "Qh Th 2s 8d", "Ac"),
            (Game::OMAHA_HILO, "A23K, 345K ds", "5h 7h Ks", ""),
            (Game::OMAHA5, "AAKQJ ds", "Ah 7h 2s 3c", ""),
            (Game::SHORT_DECK, "random", "6h 7h 9s", ""),
            (Game::SHORT_DECK, "AK, 88+, T9s", "Ah 8h 7d Ts", "6c"),
        ];
        for (game, range, board, dead) in cases {
            let s = spec(game, range, &[], board, dead);
            let b = game_breakdown(&s, &RunControl::new(), 2).unwrap();
            let blocked = s.blocked();
            let board: Vec<Card> = s.board.iter().collect();
            let next: Vec<Card> = game.deck().difference(blocked).iter().collect();
            let hands = s.range.live_hands(blocked);
            assert_eq!(b.hands, hands.len());
            for (line, got) in &b.lines {
                let mut want = Line::default();
                for (h, w) in &hands {
                    let hole: Vec<Card> = h.iter().collect();
                    if plain_lines(game, &hole, &board, &next).contains(line) {
                        want.combos += 1;
                        want.weight += *w as f64;
                    }
                }
                assert_eq!(got.combos, want.combos, "{game} {range} {line:?}");
                assert!((got.weight - want.weight).abs() < 1e-9);
            }
            let made: usize = b
                .lines
                .iter()
                .filter(|(l, _)| matches!(l, HandLine::Made(_)))
                .map(|(_, l)| l.combos)
                .sum();
            assert_eq!(made, b.hands, "every hand has one made line");
        }
    }

    #[test]
    fn omaha_draws_follow_the_two_card_rule() {
        let lines = |game: Game, hand: &str, board: &str| {
            let s = spec(game, hand, &[], board, "");
            let b = game_breakdown(&s, &RunControl::new(), 1).unwrap();
            b.lines
                .into_iter()
                .filter(|(_, l)| l.combos > 0)
                .map(|(k, _)| k)
                .collect::<Vec<_>>()
        };
        // Two hearts in the hand and two on the board: a flush draw; one heart is none.
        assert!(lines(Game::OMAHA, "AhKh5c6d", "Qh 7h 2s").contains(&HandLine::FlushDraw));
        assert!(!lines(Game::OMAHA, "AhKs5c6d", "Qh 7h 2s").contains(&HandLine::FlushDraw));
        // Four hearts on the board and one in the hand is a flush in Hold'em, not here.
        assert_eq!(
            lines(Game::OMAHA, "Ah2c3d4s", "Kh Qh 7h 5h")[0],
            HandLine::Made(HandCategory::HighCard)
        );
        // A wrap: 9-8 with 6-5 on T-7-2 makes a straight with a J, 9, 8, 6 or 5... and 4.
        assert!(lines(Game::OMAHA, "9c8d6s5h", "Td 7c 2s").contains(&HandLine::StraightDraw));
        // Short deck: A-6-7-8-9 is a straight; trips beat it.
        assert_eq!(
            lines(Game::SHORT_DECK, "Ah6c", "7d 8s 9h")[0],
            HandLine::Made(HandCategory::Straight)
        );
        assert_eq!(
            categories_strongest_first(Game::SHORT_DECK)[..6],
            [
                HandCategory::StraightFlush,
                HandCategory::FourOfAKind,
                HandCategory::Flush,
                HandCategory::FullHouse,
                HandCategory::ThreeOfAKind,
                HandCategory::Straight
            ]
        );
        // Hi/lo: A-2 with 5-7 on the board and one low card to come.
        let l = lines(Game::OMAHA_HILO, "Ah2cKdKs", "5h 7s Qc");
        assert!(l.contains(&HandLine::LowDraw) && !l.contains(&HandLine::Low));
        assert!(lines(Game::OMAHA_HILO, "Ah2cKdKs", "5h 7s 3c").contains(&HandLine::Low));
    }

    fn exact(game: Game, seats: Vec<HoleRange>, board: CardSet, dead: CardSet) -> Vec<f64> {
        let m = GameMatchup::new(game, seats, board, dead).unwrap();
        let settings = RunSettings {
            method: Method::Exact,
            ..RunSettings::default()
        };
        let r = run_game(&m, &settings, |_| true).unwrap();
        r.seats.iter().map(|s| s.equity).collect()
    }

    #[test]
    fn every_hand_and_every_card_agree_with_whole_enumerations() {
        let cases = [
            (
                Game::OMAHA,
                "AAKK ds, KsQsJdTd",
                vec!["KKJJ, KK98 ds"],
                "Kd 7c 2s 9h",
                "",
            ),
            (
                Game::OMAHA_HILO,
                "A23K ds",
                vec!["AsKs3h4h, 5h6h7d8d:0.5"],
                "3c 7h Qd",
                "2h",
            ),
            (Game::OMAHA5, "AAKQJ ds", vec!["KKQQT"], "Ac 9d 4h Ts", ""),
            (
                Game::SHORT_DECK,
                "AK, TT+:0.5",
                vec!["99+, AQs", "KQ, 87s"],
                "Ah 9d 7c",
                "",
            ),
        ];
        for (game, range, vs, board, dead) in cases {
            let s = spec(game, range, &vs, board, dead);
            let control = RunControl::new();
            let r = by_hand(&s, &control, 2).unwrap();
            let seats: Vec<HoleRange> = std::iter::once(&s.range).chain(&s.vs).cloned().collect();
            let whole = exact(game, seats.clone(), s.board, s.dead);
            assert!(
                (r.equity() - whole[0]).abs() < 1e-9,
                "{game}: {} vs {}",
                r.equity(),
                whole[0]
            );
            let shares: f64 = r.hands.iter().map(|h| h.share).sum();
            assert!((shares - 1.0).abs() < 1e-9);
            for h in r.hands.iter().step_by(r.hands.len() / 3 + 1) {
                let mut one = vec![HoleRange::single(game, h.hand)];
                one.extend(s.vs.iter().cloned());
                let e = exact(game, one, s.board, s.dead)[0];
                assert!((h.equity - e).abs() < 1e-9);
            }
            if s.board.len() == 3 || s.board.len() == 4 {
                let next = game_next_cards(&s, &control, 2).unwrap();
                let p: f64 = next.iter().map(|n| n.probability).sum();
                assert!((p - 1.0).abs() < 1e-9);
                for (seat, e) in whole.iter().enumerate() {
                    let mean: f64 = next.iter().map(|n| n.probability * n.equity[seat]).sum();
                    assert!((mean - e).abs() < 1e-9, "{game} seat {seat}: {mean} vs {e}");
                }
                let n = &next[next.len() / 2];
                let board = s.board.union(CardSet::single(n.card));
                let e = exact(game, seats, board, s.dead);
                assert!((n.equity[0] - e[0]).abs() < 1e-9);
                // The estimate the Range view's progress is measured against bounds the
                // work the runs report from above (it counts every combination of hands,
                // those that share a card too, as the refusal does).
                let (est, done) = (
                    estimated_valuations(&s, 2),
                    control.progress().work_done() as f64,
                );
                assert!(
                    done > 0.0 && done <= est,
                    "{game}: work {done} against the estimate {est}"
                );
            }
        }
    }

    #[test]
    fn out_of_reach_work_and_bad_inputs_are_refused_by_name() {
        let s = spec(Game::OMAHA, "AAxx", &["random"], "Kd 7c 2s", "");
        let e = by_hand(&s, &RunControl::new(), 2).unwrap_err().to_string();
        assert!(e.contains("would take about"), "{e}");
        // The Range view says what it can do: narrow the ranges (it has no Monte Carlo).
        let shown = analyse_game(&s, &RunControl::new(), 2).by_hand.unwrap_err();
        assert!(
            shown.contains("would take about")
                && shown.contains("narrow the ranges (the Range view is exact"),
            "{shown}"
        );
        let r = |t: &str| HoleRange::parse(t, Game::OMAHA6).unwrap();
        let e = GameRangeSpec::new(
            Game::OMAHA6,
            r("random"),
            vec![r("random"); 7],
            CardSet::EMPTY,
            CardSet::EMPTY,
        )
        .unwrap_err();
        assert!(e.to_string().contains("7"), "{e}");
        let e = GameRangeSpec::new(
            Game::SHORT_DECK,
            HoleRange::parse("AK", Game::SHORT_DECK).unwrap(),
            vec![],
            CardSet::parse("2c 7d 8d").unwrap(),
            CardSet::EMPTY,
        )
        .unwrap_err();
        assert!(e.to_string().contains("2c"), "{e}");
        let none = analyse_game(
            &spec(Game::OMAHA, "AAxx", &[], "", ""),
            &RunControl::new(),
            1,
        );
        assert!(none.breakdown.unwrap_err().contains("flop"));
        assert!(none.by_hand.unwrap_err().contains("other seats"));
    }
}
