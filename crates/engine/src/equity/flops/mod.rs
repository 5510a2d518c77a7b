//! The Flops report (reference §7.4): two ranges across every flop at once — each
//! flop's weight, both ranges' equity, win and tie, their shares at 80 % and 90 %
//! equity (nut advantage), the equity distribution, what each range holds on the flop
//! and its equity per starting-hand class — grouped by texture ([`texture`]) in
//! [`report`].
//!
//! Which flops run: when both ranges give every suit the same weight and no card is
//! dead, one flop per suit pattern (1,755 in Hold'em), each standing for the flops its
//! suits can be renamed to (`count`); otherwise every flop (22,100). Hold'em heads-up is
//! exact ([`heads_up`]); other games and more ranges are refused for now with the reason.
//! Flops run in parallel batches; each batch is handed to the caller as it finishes, so
//! a view streams them and a stop keeps what is done.

mod heads_up;
pub mod report;
pub mod texture;

use super::breakdown::{classify, ComboClass, Draw, MadeHand};
use super::{EquityError, RunControl};
use crate::cards::{Card, CardSet, Game};
use crate::range::{HandRange, COMBOS};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
pub use texture::Texture;

/// Points of each range's sorted equity curve: the equity at 0 %, 5 % … 100 % of the
/// range (by share of the deals), strongest first.
pub const CURVE_POINTS: usize = 21;

/// The report's question: two ranges and the dead cards, in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopsSpec {
    /// The game.
    pub game: Game,
    /// The two ranges.
    pub ranges: [HandRange; 2],
    /// Cards out of play.
    pub dead: CardSet,
    /// Run every flop even where one per suit pattern would do (a check, or a part
    /// list that does not depend on the ranges).
    pub all_flops: bool,
}

impl FlopsSpec {
    /// The report of `ranges` with `dead` cards out in `game`, checked: Hold'em, two
    /// ranges, each with a combo left beside the dead cards, and some deal of both.
    pub fn new(
        game: Game,
        ranges: Vec<HandRange>,
        dead: CardSet,
    ) -> Result<FlopsSpec, EquityError> {
        if game != Game::HOLDEM {
            return Err(EquityError::Unsupported(format!(
                "the Flops report runs in Hold'em only for now ({} is not supported yet)",
                game.name()
            )));
        }
        let ranges: [HandRange; 2] = ranges.try_into().map_err(|r: Vec<HandRange>| {
            EquityError::Unsupported(format!(
                "the Flops report compares two ranges ({} given)",
                r.len()
            ))
        })?;
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
        Ok(FlopsSpec {
            game,
            ranges,
            dead,
            all_flops: false,
        })
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
        let keeps = |p: &[u8; 4]| {
            let rename = |x: Card| Card::new(x.rank(), p[x.suit() as usize]);
            self.dead.iter().all(|c| self.dead.contains(rename(c)))
                && self.ranges.iter().all(|range| {
                    range.iter().all(|(c, w)| {
                        let (a, b) = c.cards();
                        let renamed =
                            crate::range::Combo::new(rename(a), rename(b)).expect("distinct");
                        range.weight(renamed) == w
                    })
                })
        };
        // A renaming keeps a range when it maps every combo of it to one of the same
        // weight: combos outside the range then map outside it too (a renaming is a
        // bijection of the combos and the range's combos map into themselves).
        suit_permutations().into_iter().filter(keeps).collect()
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

/// Range 1's exact equity against range 2 before the flop, the reference the flops'
/// weighted mean must equal: from the shipped table of every hand pair without dead
/// cards, by exact enumeration with them (refused with its estimate past the bound).
pub fn preflop_equity(
    spec: &FlopsSpec,
    control: &RunControl,
    threads: usize,
) -> Result<f64, EquityError> {
    if spec.dead.is_empty() {
        let by = super::by_combo::by_combo(
            &spec.ranges[0],
            &spec.ranges[1],
            CardSet::EMPTY,
            CardSet::EMPTY,
            control,
        )?;
        return Ok(by.equity());
    }
    let m = super::Matchup::new(spec.ranges.to_vec(), CardSet::EMPTY, spec.dead)?;
    super::run::check_exact_cost(super::exact::estimated_evaluations(&m), threads)?;
    let tally = super::exact::run_enumerating(&m, control, super::memory::DEFAULT_MEMORY_BUDGET)?;
    let seat = &tally.seats[0];
    Ok(seat.equity.s / seat.equity.n)
}

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

/// The 24 renamings of the four suits.
fn suit_permutations() -> Vec<[u8; 4]> {
    let mut perms = Vec::with_capacity(24);
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                for d in 0..4u8 {
                    let p = [a, b, c, d];
                    let mut seen = [false; 4];
                    if p.iter()
                        .all(|&x| !std::mem::replace(&mut seen[x as usize], true))
                    {
                        perms.push(p);
                    }
                }
            }
        }
    }
    perms
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

/// One flop per set of flops the `renamings` (a group) map onto each other: the last
/// of its renamings in card order, with how many flops it stands for.
fn flops_up_to(game: Game, dead: CardSet, renamings: &[[u8; 4]]) -> Vec<Flop> {
    let mut counts: std::collections::BTreeMap<[Card; 3], u32> = Default::default();
    for flop in all_flops(game, dead) {
        let canonical = renamings
            .iter()
            .map(|p| {
                sorted_desc(
                    flop.cards
                        .map(|c| Card::new(c.rank(), p[c.suit() as usize])),
                )
            })
            .max()
            .expect("the identity at least");
        *counts.entry(canonical).or_default() += 1;
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
/// the other range counted).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatOnFlop {
    /// Equity against the other range: wins plus half the ties.
    pub equity: f64,
    /// Chance to win outright.
    pub win: f64,
    /// Chance to tie.
    pub tie: f64,
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
pub fn flop_result(spec: &FlopsSpec, index: usize, flop: &Flop) -> FlopResult {
    let sums = heads_up::flop_sums([&spec.ranges[0], &spec.ranges[1]], flop.cards, spec.dead);
    let runouts = {
        let rest = 52 - 3 - spec.dead.len() as u64;
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
    let mut buckets = [0.0; 4];
    for c in combos {
        buckets[((c.2 * 4.0) as usize).min(3)] += c.1;
    }
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

/// The work a report takes, in evaluations (the engine's exact cost unit): per flop,
/// its runouts times the live rank pairs and combos.
pub fn estimated_work(spec: &FlopsSpec, flops: usize) -> f64 {
    let live = (0..COMBOS)
        .filter_map(crate::range::Combo::from_index)
        .filter(|&c| spec.ranges[0].weight(c) > 0.0 || spec.ranges[1].weight(c) > 0.0)
        .count() as f64;
    // Measured (test profile, this machine's kind): a flop of 1,326 live combos takes
    // about 5.3 ms of one core, what 0.8 M evaluations take at the engine's rate; 570
    // against 588 combos (about 700 live) 3.4 ms. Per runout: the rank pairs' sums, and
    // the combos a turn or river card or a flush sets apart.
    let per_flop = 1081.0 * (100.0 + 0.6 * live);
    flops as f64 * per_flop
}

/// Runs the flops of `shard` (all when `None`) on `threads` cores, handing each batch
/// of finished flops to `on_batch` (which returns false to stop); returns every result
/// in flop order. Refused with its estimate when longer than the exact bound.
pub fn run_flops(
    spec: &FlopsSpec,
    shard: Option<Shard>,
    control: &RunControl,
    threads: usize,
    on_batch: &mut dyn FnMut(&[FlopResult]) -> bool,
) -> Result<Vec<FlopResult>, EquityError> {
    let (_, flops) = spec.flops();
    let places: Vec<usize> = (0..flops.len())
        .filter(|&p| shard.is_none_or(|s| s.holds(p)))
        .collect();
    super::run::check_exact_cost(estimated_work(spec, places.len()), threads)?;
    let batch = (threads.max(1) * 8).max(8);
    let mut out = Vec::with_capacity(places.len());
    for chunk in places.chunks(batch) {
        if control.is_cancelled() {
            break;
        }
        let done: Vec<FlopResult> = chunk
            .par_iter()
            .map(|&p| flop_result(spec, p, &flops[p]))
            .collect();
        control
            .progress()
            .add_work(estimated_work(spec, done.len()) as u64);
        let go_on = on_batch(&done);
        out.extend(done);
        if !go_on {
            break;
        }
    }
    Ok(out)
}
