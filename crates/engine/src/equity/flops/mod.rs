//! The Flops report (reference §7.4): two ranges across every flop at once — each
//! flop's weight, both ranges' equity, win and tie, their shares at 80 % and 90 %
//! equity (nut advantage), the equity distribution, what each range holds on the flop
//! and its equity per starting-hand class — grouped by texture ([`texture`]) in
//! [`report`].
//!
//! Which flops run: one per set of flops that the renamings of suits keeping every
//! range and the dead cards map onto each other ([`FlopsSpec::suit_renamings`]): one
//! per suit pattern (1,755 in Hold'em) for ranges written without suits, every flop
//! (22,100) when nothing is kept; each stands for its set (`count`).
//!
//! How: Hold'em heads-up is exact (the private `heads_up` kernel: every combo of both
//! ranges over every runout, flop by flop, in parallel batches handed to the caller as
//! they finish, so a view streams them and a stop keeps what is done); any other game
//! or seat count is sampled (`sampled`: deals filed by their flop, equity with errors).

pub mod report;
mod sampled;
pub use sampled::SampledDeals;
pub mod texture;

use super::breakdown::{classify, ComboClass, Draw, MadeHand};
use super::{EquityError, RunControl};
use crate::cards::{Card, CardSet, Game};
use crate::range::{HandRange, SeatRange, COMBOS};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
pub use texture::Texture;

/// Points of each range's sorted equity curve: the equity at 0 %, 5 % … 100 % of the
/// range (by share of the deals), strongest first.
pub const CURVE_POINTS: usize = 21;

/// The report's question: two or more ranges and the dead cards, in a game.
#[derive(Clone, Debug)]
pub struct FlopsSpec {
    /// The game.
    pub game: Game,
    /// Every seat's range, as given.
    pub seats: Vec<SeatRange>,
    /// Cards out of play.
    pub dead: CardSet,
    /// Run every flop even where one per suit pattern would do (a check, or a part
    /// list that does not depend on the ranges).
    pub all_flops: bool,
    /// How the flops are valued.
    pub engine: FlopsEngine,
}

/// How a report values its flops, chosen by [`FlopsSpec::new`].
#[derive(Clone, Debug)]
pub enum FlopsEngine {
    /// Hold'em heads-up: both ranges' combos against each other over every runout.
    Exact([HandRange; 2]),
    /// Any other game or seat count: deals sampled and filed by their flop.
    Sampled(Sampling),
}

/// The sampled engine's matchup and how many deals it takes.
#[derive(Clone, Debug)]
pub struct Sampling {
    /// Every seat's hands, no board.
    pub matchup: crate::equity::games::GameMatchup,
    /// Deals per flop of the report (the run's target is this times the flops).
    pub deals_per_flop: u64,
    /// The Monte Carlo seed (same seed and inputs, same numbers).
    pub seed: u64,
}

/// Deals per flop a sampled report takes by default: about 1.3 % standard error on a
/// flop's equity, far less on a group's.
pub const DEFAULT_DEALS_PER_FLOP: u64 = 2_000;

impl FlopsSpec {
    /// The report of `seats` with `dead` cards out in `game`, checked: two or more
    /// ranges, each with a hand left beside the dead cards, and some deal of all.
    /// Hold'em heads-up is exact; anything else sampled.
    pub fn new(game: Game, seats: Vec<SeatRange>, dead: CardSet) -> Result<FlopsSpec, EquityError> {
        if seats.len() < 2 {
            return Err(EquityError::SeatCount(seats.len()));
        }
        let engine = match SeatRange::all_combos(seats.clone()) {
            Ok(ranges) if game.plays_as_holdem() && ranges.len() == 2 => {
                let ranges: [HandRange; 2] = ranges.try_into().expect("two ranges");
                check_heads_up(&ranges, dead)?;
                FlopsEngine::Exact(ranges)
            }
            _ => {
                let hands = seats.iter().map(|s| s.clone().hands(game)).collect();
                let matchup =
                    crate::equity::games::GameMatchup::new(game, hands, CardSet::EMPTY, dead)
                        .map_err(|e| match e {
                            EquityError::EmptySeat { seat } => EquityError::EmptySeat {
                                seat: seat.replace("seat", "range"),
                            },
                            e => e,
                        })?;
                FlopsEngine::Sampled(Sampling {
                    matchup,
                    deals_per_flop: DEFAULT_DEALS_PER_FLOP,
                    seed: 1,
                })
            }
        };
        Ok(FlopsSpec {
            game,
            seats,
            dead,
            all_flops: false,
            engine,
        })
    }

    /// Both ranges' combos, when the report is exact.
    pub fn exact_ranges(&self) -> Option<&[HandRange; 2]> {
        match &self.engine {
            FlopsEngine::Exact(r) => Some(r),
            FlopsEngine::Sampled(_) => None,
        }
    }

    /// Whether every flop's figures are exact (each hand's equity known: nut shares,
    /// lines and class equities shown), or sampled (equity, win and tie with errors).
    pub fn is_exact(&self) -> bool {
        self.exact_ranges().is_some()
    }

    /// The renamings of suits that leave both ranges and the dead cards as they are
    /// (each a map from suit to suit): all 24 for suit-symmetric ranges without dead
    /// cards, the six of the other three suits for `AhKh` against `random`, only the
    /// identity when every flop is asked for. A flop and its renamings by these have the
    /// same figures, so one of them runs for all.
    pub fn suit_renamings(&self) -> Vec<[u8; 4]> {
        if self.all_flops {
            return vec![[0, 1, 2, 3]];
        }
        // Each seat's hands and weights, to look renamed hands up in.
        let weights: Vec<Option<std::collections::HashMap<u64, f32>>> = self
            .seats
            .iter()
            .map(|s| {
                let hands = s.clone().hands(self.game);
                (!hands.is_random())
                    .then(|| hands.hands().iter().map(|(h, w)| (h.bits(), *w)).collect())
            })
            .collect();
        let keeps = |p: &[u8; 4]| {
            let rename = |x: Card| Card::new(x.rank(), p[x.suit() as usize]);
            self.dead.iter().all(|c| self.dead.contains(rename(c)))
                && weights.iter().flatten().all(|seat| {
                    seat.iter().all(|(&hand, &w)| {
                        let renamed = CardSet::from_bits(hand)
                            .iter()
                            .fold(0u64, |bits, c| bits | CardSet::single(rename(c)).bits());
                        seat.get(&renamed) == Some(&w)
                    })
                })
        };
        // A renaming keeps a range when it maps every hand of it to one of the same
        // weight: hands outside the range then map outside it too (a renaming is a
        // bijection of the hands and the range's hands map into themselves).
        super::symmetry::all_permutations()
            .into_iter()
            .filter(keeps)
            .collect()
    }

    /// Whether one flop per suit pattern stands for all: both ranges suit-symmetric and
    /// no dead card.
    pub fn isomorphic(&self) -> bool {
        self.suit_renamings().len() == 24
    }

    /// The flops this report runs, in a fixed order (shards and merges rely on it): one
    /// per set of flops the [`FlopsSpec::suit_renamings`] map onto each other.
    pub fn flops(&self) -> (FlopSet, Vec<Flop>) {
        let renamings = self.suit_renamings();
        if renamings.len() == 1 {
            (FlopSet::All, all_flops(self.game, self.dead))
        } else {
            let set = FlopSet::Isomorphic {
                renamings: renamings.len(),
            };
            (set, flops_up_to(self.game, self.dead, &renamings))
        }
    }
}

/// Hold'em heads-up: each range has a combo beside the dead cards, and some combo of
/// range 1 meets one of range 2.
fn check_heads_up(ranges: &[HandRange; 2], dead: CardSet) -> Result<(), EquityError> {
    if dead.len() > 52 - 3 - 4 - 2 {
        return Err(EquityError::NotEnoughCards(format!(
            "a flop, a turn, a river and two hands beside {} dead cards",
            dead.len()
        )));
    }
    for (i, r) in ranges.iter().enumerate() {
        if r.without_cards(dead).is_empty() {
            return Err(EquityError::EmptySeat {
                seat: format!("range {}", i + 1),
            });
        }
    }
    let meet = ranges[0]
        .iter()
        .filter(|(c, _)| !c.card_set().intersects(dead))
        .any(|(c, _)| {
            ranges[1]
                .iter()
                .any(|(v, _)| !v.card_set().intersects(dead.union(c.card_set())))
        });
    if !meet {
        return Err(EquityError::Impossible(
            "every hand of range 1 shares a card with every hand of range 2 or the dead cards"
                .into(),
        ));
    }
    Ok(())
}

/// Range 1's exact equity against range 2 before the flop, the reference the flops'
/// weighted mean must equal: from the shipped table of every hand pair without dead
/// cards, by exact enumeration with them (refused with its estimate past the bound).
pub fn preflop_equity(
    spec: &FlopsSpec,
    control: &RunControl,
    threads: usize,
) -> Result<f64, EquityError> {
    let Some(ranges) = spec.exact_ranges() else {
        // Any game: the preflop matchup exactly, when that is affordable.
        let m = super::games::MatchupJob::new(
            spec.game,
            spec.seats.clone(),
            Vec::new(),
            CardSet::EMPTY,
            spec.dead,
        )?;
        let settings = super::run::RunSettings {
            method: super::Method::Exact,
            control: control.clone(),
            ..Default::default()
        };
        let work = m.check_affordable(&settings, threads)?;
        // The reference is a check, not the report: at most a few seconds of it.
        let seconds = m.exact_seconds(work, threads);
        if seconds > PREFLOP_CHECK_SECONDS {
            return Err(EquityError::Unsupported(format!(
                "the preflop equity exactly would take {}",
                super::describe_duration(seconds)
            )));
        }
        let result = m.run(&settings, |_| true)?;
        return Ok(result.seats[0].equity);
    };
    if spec.dead.is_empty() {
        let by = super::by_combo::by_combo(
            &ranges[0],
            &ranges[1],
            CardSet::EMPTY,
            CardSet::EMPTY,
            control,
        )?;
        return Ok(by.equity());
    }
    let m = super::Matchup::new(ranges.to_vec(), CardSet::EMPTY, spec.dead)?;
    super::run::check_exact_cost(super::exact::estimated_evaluations(&m), threads)?;
    let tally = super::exact::run_enumerating(&m, control, super::memory::DEFAULT_MEMORY_BUDGET)?;
    let seat = &tally.seats[0];
    Ok(seat.equity.s / seat.equity.n)
}

/// The longest exact preflop enumeration a sampled report's check line waits for.
const PREFLOP_CHECK_SECONDS: f64 = 5.0;

/// Which flops ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlopSet {
    /// One flop per set of flops that suit renamings keeping the inputs map onto each
    /// other (24 renamings: one per suit pattern, 1,755 in Hold'em).
    Isomorphic {
        /// How many renamings keep the inputs (2 to 24).
        renamings: usize,
    },
    /// Every flop.
    All,
}

impl FlopSet {
    /// The key in files.
    pub fn key(self) -> &'static str {
        match self {
            FlopSet::Isomorphic { .. } => "isomorphic",
            FlopSet::All => "all",
        }
    }
}

/// One flop of the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flop {
    /// Its cards, highest first.
    pub cards: [Card; 3],
    /// How many flops it stands for (its suit renamings; 1 when every flop runs).
    pub count: u32,
    /// Its texture.
    pub texture: Texture,
}

impl Flop {
    /// "AsKd7h".
    pub fn name(&self) -> String {
        crate::cards::format_cards(&self.cards)
    }
}

fn sorted_desc(mut cards: [Card; 3]) -> [Card; 3] {
    cards.sort_unstable_by(|a, b| b.cmp(a));
    cards
}

/// Every flop of the game's deck without the dead cards, each once.
fn all_flops(game: Game, dead: CardSet) -> Vec<Flop> {
    let deck: Vec<Card> = game.deck().difference(dead).iter().collect();
    let mut out = Vec::new();
    for i in 0..deck.len() {
        for j in i + 1..deck.len() {
            for k in j + 1..deck.len() {
                let cards = sorted_desc([deck[i], deck[j], deck[k]]);
                out.push(Flop {
                    cards,
                    count: 1,
                    texture: Texture::of(cards, game),
                });
            }
        }
    }
    out.sort_unstable_by_key(|f| f.cards);
    out
}

/// The flop of the report that `cards` counts for: the last, in card order, of its
/// renamings by `renamings` (a group, so every flop of a set gets the same one).
pub(super) fn report_flop(cards: [Card; 3], renamings: &[[u8; 4]]) -> [Card; 3] {
    renamings
        .iter()
        .map(|p| sorted_desc(cards.map(|c| Card::new(c.rank(), p[c.suit() as usize]))))
        .max()
        .expect("the identity at least")
}

/// One flop per set of flops the `renamings` (a group) map onto each other: the last
/// of its renamings in card order, with how many flops it stands for.
fn flops_up_to(game: Game, dead: CardSet, renamings: &[[u8; 4]]) -> Vec<Flop> {
    let mut counts: std::collections::BTreeMap<[Card; 3], u32> = Default::default();
    for flop in all_flops(game, dead) {
        *counts
            .entry(report_flop(flop.cards, renamings))
            .or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(cards, count)| Flop {
            cards,
            count,
            texture: Texture::of(cards, game),
        })
        .collect()
}

/// What a range holds on a flop, summed in the report (shares of the range's deals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlopLine {
    /// A set, trips or better.
    SetOrBetter,
    /// Two pair or better.
    TwoPairOrBetter,
    /// Top pair, an overpair or better.
    TopPairOrBetter,
    /// A flush draw (four to a flush with a hole card).
    FlushDraw,
    /// An open-ended straight draw, a double gutshot or a gutshot.
    StraightDraw,
}

impl FlopLine {
    /// Every line, in report order.
    pub const ALL: [FlopLine; 5] = [
        FlopLine::SetOrBetter,
        FlopLine::TwoPairOrBetter,
        FlopLine::TopPairOrBetter,
        FlopLine::FlushDraw,
        FlopLine::StraightDraw,
    ];

    /// The key in files.
    pub fn key(self) -> &'static str {
        [
            "set_or_better",
            "two_pair_or_better",
            "top_pair_or_better",
            "flush_draw",
            "straight_draw",
        ][self as usize]
    }

    /// The name on screen.
    pub fn name(self) -> &'static str {
        [
            "set+",
            "two pair+",
            "top pair+",
            "flush draw",
            "straight draw",
        ][self as usize]
    }

    /// What it counts, for Help.
    pub fn definition(self) -> &'static str {
        [
            "a set, trips or any stronger made hand",
            "two pair or any stronger made hand",
            "top pair, an overpair or any stronger made hand",
            "four to a flush with at least one hole card",
            "an open-ended straight draw, a double gutshot or a gutshot",
        ][self as usize]
    }

    /// Whether a combo of this class is on the line (the Range view's classes).
    pub fn holds(self, class: &ComboClass) -> bool {
        match self {
            FlopLine::SetOrBetter => class.made <= MadeHand::Trips,
            FlopLine::TwoPairOrBetter => class.made <= MadeHand::TwoPair,
            FlopLine::TopPairOrBetter => class.made <= MadeHand::TopPair,
            FlopLine::FlushDraw => class.draws.has(Draw::FlushDraw),
            FlopLine::StraightDraw => {
                class.draws.has(Draw::OpenEnded) || class.draws.has(Draw::Gutshot)
            }
        }
    }
}

/// One range on one flop. Shares are of the range's deals on the flop (card removal by
/// the other range counted). A sampled report has equity, win and tie with the
/// equity's standard error; the rest (each hand's equity) is the exact report's only,
/// and left empty.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeatOnFlop {
    /// Equity against the other ranges: its share of the pot.
    pub equity: f64,
    /// Chance to win outright.
    pub win: f64,
    /// Chance to tie.
    pub tie: f64,
    /// A sampled report: the equity's standard error.
    #[serde(default)]
    pub std_error: Option<f64>,
    /// Share of the range at 80 % equity or more.
    pub nut80: f64,
    /// Share of the range at 90 % equity or more.
    pub nut90: f64,
    /// Shares at 0–25 %, 25–50 %, 50–75 % and 75–100 % equity.
    pub buckets: [f64; 4],
    /// The sorted curve: equity at 0 %, 5 % … 100 % of the range, strongest first.
    pub curve: Vec<f64>,
    /// Share on each [`FlopLine`], in `FlopLine::ALL` order.
    pub lines: Vec<f64>,
    /// Per starting-hand class (169, grid order): its equity (0 when absent).
    pub class_equity: Vec<f32>,
    /// Per class: its share of the range's deals on the flop.
    pub class_share: Vec<f32>,
}

/// One flop's result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FlopResult {
    /// The flop's place in the report's flop list.
    pub index: usize,
    /// The weight of the deals of both ranges on this flop: the sum over pairs of combos
    /// that miss the flop, the dead cards and each other of their weights' product.
    /// 0 when the ranges cannot meet on it (then `seats` is empty).
    pub deal_weight: f64,
    /// Each range on the flop.
    pub seats: Vec<SeatOnFlop>,
}

/// The result of one flop.
pub fn flop_result(
    ranges: &[HandRange; 2],
    dead: CardSet,
    index: usize,
    flop: &Flop,
) -> FlopResult {
    let sums = super::flop_heads_up::flop_sums([&ranges[0], &ranges[1]], flop.cards, dead);
    let runouts = {
        let rest = 52 - 3 - dead.len() as u64;
        super::choose(rest - 4, 2) as f64
    };
    let deal_weight: f64 = (0..sums.combos.len())
        .map(|k| sums.weight[0][k] * sums.total[0][k])
        .sum::<f64>()
        / runouts;
    if deal_weight <= 0.0 {
        return FlopResult {
            index,
            deal_weight: 0.0,
            seats: Vec::new(),
        };
    }
    let board = CardSet::from_cards(&flop.cards).expect("distinct");
    let classes: Vec<ComboClass> = sums.combos.iter().map(|&c| classify(c, board)).collect();
    let seats = (0..2)
        .map(|r| {
            // (combo, share, equity, win) of the range's combos that meet the other.
            let weight_total: f64 = (0..sums.combos.len())
                .map(|k| sums.weight[r][k] * sums.total[r][k])
                .sum();
            let combos: Vec<(usize, f64, f64, f64)> = (0..sums.combos.len())
                .filter(|&k| sums.weight[r][k] > 0.0 && sums.total[r][k] > 0.0)
                .map(|k| {
                    let t = sums.total[r][k];
                    (
                        k,
                        sums.weight[r][k] * t / weight_total,
                        sums.equity[r][k] / t,
                        sums.win[r][k] / t,
                    )
                })
                .collect();
            seat_on_flop(&combos, &sums.combos, &classes)
        })
        .collect();
    FlopResult {
        index,
        deal_weight,
        seats,
    }
}

/// A range's figures on a flop from its combos' (index, share, equity, win).
fn seat_on_flop(
    combos: &[(usize, f64, f64, f64)],
    all: &[crate::range::Combo],
    classes: &[ComboClass],
) -> SeatOnFlop {
    let equity: f64 = combos.iter().map(|c| c.1 * c.2).sum();
    let win: f64 = combos.iter().map(|c| c.1 * c.3).sum();
    let at_least = |x: f64| combos.iter().filter(|c| c.2 >= x).map(|c| c.1).sum();
    let buckets = super::equity_buckets(combos.iter().map(|c| (c.1, c.2)));
    let mut sorted: Vec<(f64, f64)> = combos.iter().map(|c| (c.2, c.1)).collect();
    sorted.sort_unstable_by(|a, b| b.0.total_cmp(&a.0));
    let curve = (0..CURVE_POINTS)
        .map(|j| {
            let p = j as f64 / (CURVE_POINTS - 1) as f64;
            let mut cumulative = 0.0;
            for &(e, s) in &sorted {
                cumulative += s;
                if cumulative >= p - 1e-12 {
                    return e;
                }
            }
            sorted.last().map_or(0.0, |x| x.0)
        })
        .collect();
    let lines = FlopLine::ALL
        .iter()
        .map(|line| {
            combos
                .iter()
                .filter(|c| line.holds(&classes[c.0]))
                .map(|c| c.1)
                .sum()
        })
        .collect();
    let mut class_sum = vec![0.0f64; 169];
    let mut class_share = vec![0.0f64; 169];
    for c in combos {
        let class = all[c.0].class().index();
        class_sum[class] += c.1 * c.2;
        class_share[class] += c.1;
    }
    SeatOnFlop {
        equity,
        win,
        tie: (2.0 * (equity - win)).max(0.0),
        std_error: None,
        nut80: at_least(0.8),
        nut90: at_least(0.9),
        buckets,
        curve,
        lines,
        class_equity: class_sum
            .iter()
            .zip(&class_share)
            .map(|(s, w)| if *w > 0.0 { (s / w) as f32 } else { 0.0 })
            .collect(),
        class_share: class_share.iter().map(|&w| w as f32).collect(),
    }
}

/// Which part of the flops a run computes: part `index` (1-based) of `of`, the flops
/// whose place in the list is `index − 1` modulo `of`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This part, 1 to `of`.
    pub index: usize,
    /// How many parts.
    pub of: usize,
}

impl Shard {
    /// Part `index` of `of`, checked (1 ≤ index ≤ of).
    pub fn new(index: usize, of: usize) -> Result<Shard, String> {
        if of == 0 || index == 0 || index > of {
            return Err(format!("a shard is i/n with 1 ≤ i ≤ n (got {index}/{of})"));
        }
        Ok(Shard { index, of })
    }

    /// Whether the flop at `place` is in this part.
    pub fn holds(self, place: usize) -> bool {
        place % self.of == self.index - 1
    }
}

/// The work a report takes, in evaluations (the engine's exact cost unit): exact, per
/// flop its runouts times the live rank pairs and combos; sampled, per deal each seat's
/// valuation.
pub fn estimated_work(spec: &FlopsSpec, flops: usize) -> f64 {
    match &spec.engine {
        FlopsEngine::Exact(ranges) => {
            let live = (0..COMBOS)
                .filter_map(crate::range::Combo::from_index)
                .filter(|&c| ranges[0].weight(c) > 0.0 || ranges[1].weight(c) > 0.0)
                .count() as f64;
            // Measured (test profile, this machine's kind): a flop of 1,326 live combos
            // takes about 5.3 ms of one core, what 0.8 M evaluations take at the engine's
            // rate; 570 against 588 combos (about 700 live) 3.4 ms. Per runout: the rank
            // pairs' sums, and the combos a turn or river card or a flush sets apart.
            let per_flop = 1081.0 * (100.0 + 0.6 * live);
            flops as f64 * per_flop
        }
        FlopsEngine::Sampled(s) => {
            // Measured: a Hold'em seat costs about what 20 evaluations do per deal
            // (drawing, valuing, filing); a seat of more hole cards 40 more for every six
            // pairs of them it is valued with (Omaha's six: 60 in all).
            let per_seat = match spec.game.hole_cards() {
                2 => 20.0,
                k => 20.0 + 40.0 * (k * (k - 1) / 2) as f64 / 6.0,
            };
            let deals = s.deals_per_flop as f64 * flops as f64;
            deals * per_seat * s.matchup.showdown_seats as f64
        }
    }
}

/// Refuses a report of `flops` flops that would take longer than the bound on `threads`
/// cores, saying what to change: the exact report's ranges, a sampled one's deals.
pub fn check_cost(spec: &FlopsSpec, flops: usize, threads: usize) -> Result<(), EquityError> {
    let work = estimated_work(spec, flops);
    match (&spec.engine, super::run::check_exact_cost(work, threads)) {
        (FlopsEngine::Sampled(s), Err(EquityError::TooLarge { seconds, threads })) => {
            Err(EquityError::Unsupported(format!(
                "the sampled report would take {} on {threads} core{} ({} deals per flop over {flops} flops); lower the deals per flop",
                super::describe_duration(seconds),
                if threads == 1 { "" } else { "s" },
                s.deals_per_flop
            )))
        }
        (_, checked) => checked,
    }
}

/// The peak memory a report of `flops` flops holds, in bytes: measured, about 8.5 KB a
/// flop for the exact report (its figures, the 169 class equities of each range, held
/// by the job and by whoever shows them) and four sums per flop and seat for each
/// partial sum of a sampled one, over a base of about 20 MB (the program).
pub fn estimated_bytes(spec: &FlopsSpec, flops: usize, threads: usize) -> f64 {
    let per_flop = match &spec.engine {
        FlopsEngine::Exact(_) => 8_500.0,
        FlopsEngine::Sampled(s) => {
            let seats = s.matchup.showdown_seats as f64;
            // Per flop: its figures, and the sums of the run and of each live batch.
            100.0 * seats + 32.0 * seats * (threads as f64 + 2.0)
        }
    };
    20e6 + per_flop * flops as f64
}

/// Runs the flops of `shard` (all when `None`) on `threads` cores, handing each batch
/// of finished flops to `on_batch` (which returns false to stop) with, for a sampled
/// report, how many deals it has taken; returns every result in flop order. Refused
/// with its estimate when longer than the bound; a sampled report has no parts.
pub fn run_flops(
    spec: &FlopsSpec,
    shard: Option<Shard>,
    control: &RunControl,
    threads: usize,
    on_batch: &mut dyn FnMut(&[FlopResult], Option<SampledDeals>) -> bool,
) -> Result<(Vec<FlopResult>, Option<SampledDeals>), EquityError> {
    let (_, flops) = spec.flops();
    let ranges = match &spec.engine {
        FlopsEngine::Exact(ranges) => ranges,
        FlopsEngine::Sampled(sampling) => {
            if shard.is_some() {
                return Err(EquityError::Unsupported(
                    "a sampled report (another game, or three or more ranges) runs whole: parts are for the exact report".into(),
                ));
            }
            check_cost(spec, flops.len(), threads)?;
            let (results, deals) =
                sampled::run(spec, sampling, &flops, control, threads, &mut |r, d| {
                    on_batch(r, Some(d))
                })?;
            return Ok((results, Some(deals)));
        }
    };
    let places: Vec<usize> = (0..flops.len())
        .filter(|&p| shard.is_none_or(|s| s.holds(p)))
        .collect();
    check_cost(spec, places.len(), threads)?;
    let batch = (threads.max(1) * 8).max(8);
    let mut out = Vec::with_capacity(places.len());
    for chunk in places.chunks(batch) {
        if control.is_cancelled() {
            break;
        }
        let done: Vec<FlopResult> = chunk
            .par_iter()
            .map(|&p| flop_result(ranges, spec.dead, p, &flops[p]))
            .collect();
        control
            .progress()
            .add_work(estimated_work(spec, done.len()) as u64);
        let go_on = on_batch(&done, None);
        out.extend(done);
        if !go_on {
            break;
        }
    }
    Ok((out, None))
}
