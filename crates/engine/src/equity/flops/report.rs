//! The Flops report as a whole: the flops with their results, and what is read off
//! them — any texture group's probability-weighted figures, and the check that the
//! flops' weighted mean equity is the preflop equity.
//!
//! Weights: a flop's **raw** weight is how often it comes at all (the flops it stands
//! for, over all flops); its **dealt** weight is how often it comes given both ranges
//! (those flops times the weight of the deals of both ranges on it, normalised). Every
//! figure of a group is averaged by the dealt weight; the raw weight is shown beside it.

use super::texture::{Connectedness, HighCard, Pairing, Suits, Texture};
use super::{Flop, FlopLine, FlopResult, FlopSet, FlopsSpec, CURVE_POINTS};
use serde::{Deserialize, Serialize};

/// The flops and every result so far.
#[derive(Clone, Debug, PartialEq)]
pub struct FlopsReport {
    /// Which flops run.
    pub set: FlopSet,
    /// The flops, in the report's order.
    pub flops: Vec<Flop>,
    /// Each flop's result, once done (by place in `flops`).
    pub results: Vec<Option<FlopResult>>,
    /// Range 1's exact preflop equity (the check line's reference), or why there is
    /// none; `None` before it is computed.
    pub preflop: Option<Result<f64, String>>,
    /// Whether each hand's equity is known (the exact report): nut shares, buckets,
    /// lines and class equities exist only then.
    pub exact: bool,
    /// A sampled report: how many deals its figures rest on, of how many it aims at.
    pub sampled: Option<super::SampledDeals>,
    /// How many ranges (seats) it compares.
    pub seats: usize,
    /// What the run was expected to take before it started.
    pub estimate: Option<Estimate>,
}

/// A report's time and memory, estimated before it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Seconds on the run's threads.
    pub seconds: f64,
    /// Peak bytes.
    pub bytes: f64,
}

impl Estimate {
    /// "about 4 s and 36 MB" (the duration says "about" itself).
    pub fn describe(&self) -> String {
        format!(
            "{} and {}",
            crate::equity::describe_duration(self.seconds),
            crate::equity::memory::describe_bytes(self.bytes)
        )
    }
}

/// A filter of textures: each axis one value or any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TextureFilter {
    /// Suits, or any.
    pub suits: Option<Suits>,
    /// Pairing, or any.
    pub pairing: Option<Pairing>,
    /// High card, or any.
    pub high: Option<HighCard>,
    /// Connectedness, or any.
    pub connected: Option<Connectedness>,
}

impl TextureFilter {
    /// Whether a flop of this texture is in the group.
    pub fn holds(&self, t: &Texture) -> bool {
        self.suits.is_none_or(|s| s == t.suits)
            && self.pairing.is_none_or(|p| p == t.pairing)
            && self.high.is_none_or(|h| h == t.high)
            && self.connected.is_none_or(|c| c == t.connected)
    }

    /// "monotone, A-high", or "all flops".
    pub fn name(&self) -> String {
        let parts: Vec<&str> = [
            self.suits.map(|s| s.name()),
            self.high.map(|h| h.name()),
            self.pairing.map(|p| p.name()),
            self.connected.map(|c| c.name()),
        ]
        .into_iter()
        .flatten()
        .collect();
        if parts.is_empty() {
            "all flops".into()
        } else {
            parts.join(", ")
        }
    }

    /// The short name of a filter of one axis value (chart axes); its name otherwise.
    pub fn short_name(&self) -> String {
        match (self.suits, self.pairing, self.high, self.connected) {
            (Some(s), None, None, None) => s.short().into(),
            (None, Some(p), None, None) => p.short().into(),
            (None, None, Some(h), None) => h.short().into(),
            (None, None, None, Some(c)) => c.short().into(),
            _ => self.name(),
        }
    }

    /// Every group of one axis value, in report order (the texture table's rows).
    pub fn by_axis() -> Vec<TextureFilter> {
        let none = TextureFilter::default();
        let mut out = Vec::new();
        out.extend(Suits::ALL.map(|s| TextureFilter {
            suits: Some(s),
            ..none
        }));
        out.extend(Pairing::ALL.map(|p| TextureFilter {
            pairing: Some(p),
            ..none
        }));
        out.extend(HighCard::ALL.map(|h| TextureFilter {
            high: Some(h),
            ..none
        }));
        out.extend(Connectedness::ALL.map(|c| TextureFilter {
            connected: Some(c),
            ..none
        }));
        out
    }
}

/// One range's figures over a group of flops, each averaged by the flops' dealt weight.
/// A sampled report's equity has its standard error, and its per-hand figures (nut
/// shares, buckets, lines, class equities) are left at zero: [`FlopsReport::exact`]
/// says whether to show them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatOverFlops {
    /// Equity.
    pub equity: f64,
    /// Win.
    pub win: f64,
    /// Tie.
    pub tie: f64,
    /// A sampled report: the equity's standard error (the flops' errors combined by
    /// their weights).
    pub std_error: Option<f64>,
    /// Share at 80 % equity or more.
    pub nut80: f64,
    /// Share at 90 % equity or more.
    pub nut90: f64,
    /// Shares in the four equity buckets.
    pub buckets: [f64; 4],
    /// Share on each [`FlopLine`].
    pub lines: Vec<f64>,
    /// Per class (169, grid order): its equity across the group, `None` when the range
    /// never holds it there.
    #[serde(skip)]
    pub class_equity: Vec<Option<f64>>,
}

/// A group's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupFigures {
    /// The group's name.
    pub name: String,
    /// Flops of the report in it (suit patterns when isomorphic).
    pub flops: usize,
    /// Actual flops they stand for.
    pub count: u64,
    /// Its raw weight: share of all flops (those done).
    pub raw_weight: f64,
    /// Its dealt weight: share of the deals of both ranges (those done).
    pub dealt_weight: f64,
    /// Both ranges (empty when the ranges never meet on these flops).
    pub seats: Vec<SeatOverFlops>,
}

/// The check line: the flops' weighted mean equity of range 1 against the preflop
/// equity computed on its own.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Check {
    /// Range 1's equity preflop, exact.
    pub preflop: f64,
    /// The dealt-weighted mean of its equity over every flop.
    pub flops_mean: f64,
}

impl Check {
    /// Their difference.
    pub fn difference(&self) -> f64 {
        self.flops_mean - self.preflop
    }

    /// Whether the flops add up to the preflop equity: to 1e-9 when exact (sums of
    /// the same deals differ by rounding alone), within 4 standard errors when sampled.
    pub fn holds(&self, std_error: Option<f64>) -> bool {
        match std_error {
            Some(se) => self.difference().abs() <= 4.0 * se + 1e-12,
            None => self.difference().abs() <= 1e-9,
        }
    }
}

/// What a failing check line adds: the figures do not add up, so something is wrong.
pub const CHECK_FAILS: &str =
    " — FAILS: the flops do not add up to the preflop equity; do not trust these figures";

impl FlopsReport {
    /// An empty report of `spec`'s flops.
    pub fn new(spec: &FlopsSpec) -> FlopsReport {
        let (set, flops) = spec.flops();
        FlopsReport {
            set,
            results: vec![None; flops.len()],
            flops,
            preflop: None,
            exact: spec.is_exact(),
            sampled: None,
            seats: spec.seats.len(),
            estimate: None,
        }
    }

    /// Files results in (a batch streamed, a merged part); a result for a place past
    /// the flops is an error naming it.
    pub fn add(&mut self, results: impl IntoIterator<Item = FlopResult>) -> Result<(), String> {
        for r in results {
            let len = self.results.len();
            let slot = self
                .results
                .get_mut(r.index)
                .ok_or_else(|| format!("flop {} is past the report's {len} flops", r.index))?;
            *slot = Some(r);
        }
        Ok(())
    }

    /// How many flops are done.
    pub fn done(&self) -> usize {
        self.results.iter().filter(|r| r.is_some()).count()
    }

    /// Whether every flop is done (a sampled report: every deal it aims at taken).
    pub fn is_complete(&self) -> bool {
        self.done() == self.flops.len() && self.sampled.is_none_or(|s| s.deals >= s.target)
    }

    /// "exact", or "Monte Carlo, 3,510,000 deals (seed 1)".
    pub fn method(&self) -> String {
        match self.sampled {
            None => "exact".into(),
            Some(s) => format!(
                "Monte Carlo, {} of {} deals (seed {})",
                s.deals, s.target, s.seed
            ),
        }
    }

    /// Each done flop with its result and dealt weight (count × deal weight).
    pub fn done_flops(&self) -> impl Iterator<Item = (&Flop, &FlopResult, f64)> {
        self.flops
            .iter()
            .zip(&self.results)
            .filter_map(|(f, r)| r.as_ref().map(|r| (f, r, f.count as f64 * r.deal_weight)))
    }

    /// The figures of the flops `filter` holds, among those done.
    pub fn group(&self, filter: &TextureFilter) -> GroupFigures {
        let all_raw: f64 = self.done_flops().map(|(f, _, _)| f.count as f64).sum();
        let all_dealt: f64 = self.done_flops().map(|(_, _, w)| w).sum();
        let members: Vec<(&Flop, &FlopResult, f64)> = self
            .done_flops()
            .filter(|(f, _, _)| filter.holds(&f.texture))
            .collect();
        let raw: f64 = members.iter().map(|(f, _, _)| f.count as f64).sum();
        let dealt: f64 = members.iter().map(|(_, _, w)| w).sum();
        let seats = if dealt > 0.0 {
            let seats = members
                .iter()
                .map(|(_, r, _)| r.seats.len())
                .max()
                .unwrap_or(0);
            (0..seats).map(|s| seat_over(&members, s, dealt)).collect()
        } else {
            Vec::new()
        };
        GroupFigures {
            name: filter.name(),
            flops: members.len(),
            count: members.iter().map(|(f, _, _)| u64::from(f.count)).sum(),
            raw_weight: if all_raw > 0.0 { raw / all_raw } else { 0.0 },
            dealt_weight: if all_dealt > 0.0 {
                dealt / all_dealt
            } else {
                0.0
            },
            seats,
        }
    }

    /// "1,755 flops, one per suit pattern (…), standing for 22,100" or "all 22,100 flops".
    pub fn describe_set(&self) -> String {
        match self.set {
            FlopSet::Isomorphic { renamings: 24 } => format!(
                "{} flops, one per suit pattern (both ranges suit-symmetric, no dead cards), standing for {}",
                self.flops.len(),
                self.flops.iter().map(|f| u64::from(f.count)).sum::<u64>()
            ),
            FlopSet::Isomorphic { renamings } => format!(
                "{} flops, one per suit pattern the inputs allow ({renamings} renamings of suits leave both ranges and the dead cards as they are), standing for {}",
                self.flops.len(),
                self.flops.iter().map(|f| u64::from(f.count)).sum::<u64>()
            ),
            FlopSet::All => format!("all {} flops", self.flops.len()),
        }
    }

    /// The check line in words: the flops' mean against the preflop equity, or why it
    /// is not shown.
    pub fn describe_check(&self) -> String {
        match (&self.preflop, self.check()) {
            (_, Some(c)) if !self.exact => {
                let se = self
                    .group(&TextureFilter::default())
                    .seats
                    .first()
                    .and_then(|s| s.std_error)
                    .unwrap_or(0.0);
                format!(
                    "check: the flops' mean equity {:.4} ± {:.4} against preflop {:.4} exact (difference {:.1} SE){}",
                    c.flops_mean,
                    se,
                    c.preflop,
                    if se > 0.0 { c.difference() / se } else { 0.0 },
                    if c.holds(Some(se)) { "" } else { CHECK_FAILS }
                )
            }
            (_, Some(c)) => format!(
                "check: the flops' weighted mean equity {:.12} against preflop {:.12} (difference {:.1e}){}",
                c.flops_mean,
                c.preflop,
                c.difference(),
                if c.holds(None) { "" } else { CHECK_FAILS }
            ),
            (Some(Err(why)), _) => format!("check: no preflop reference ({why})"),
            _ => format!(
                "check: once every flop is done ({} of {} so far)",
                self.done(),
                self.flops.len()
            ),
        }
    }

    /// The check line, once complete and the preflop equity is known.
    pub fn check(&self) -> Option<Check> {
        let preflop = *self.preflop.as_ref()?.as_ref().ok()?;
        if !self.is_complete() {
            return None;
        }
        let all = self.group(&TextureFilter::default());
        all.seats.first().map(|s| Check {
            preflop,
            flops_mean: s.equity,
        })
    }
}

/// Seat `s`'s figures over `members` (dealt weights summing to `dealt`).
fn seat_over(members: &[(&Flop, &FlopResult, f64)], s: usize, dealt: f64) -> SeatOverFlops {
    let mean = |f: &dyn Fn(&super::SeatOnFlop) -> f64| -> f64 {
        members
            .iter()
            .filter(|(_, r, _)| !r.seats.is_empty())
            .filter_map(|(_, r, w)| r.seats.get(s).map(|seat| w * f(seat)))
            .sum::<f64>()
            / dealt
    };
    let mut class_sum = vec![0.0f64; 169];
    let mut class_weight = vec![0.0f64; 169];
    let mut variance = Some(0.0f64);
    for (r, w) in members
        .iter()
        .filter_map(|(_, r, w)| Some((r.seats.get(s)?, w)))
    {
        let seat = r;
        for (k, (share, equity)) in seat.class_share.iter().zip(&seat.class_equity).enumerate() {
            let share = f64::from(*share) * w;
            class_sum[k] += share * f64::from(*equity);
            class_weight[k] += share;
        }
        variance = variance
            .zip(seat.std_error)
            .map(|(v, se)| v + (w * se).powi(2));
    }
    SeatOverFlops {
        equity: mean(&|x| x.equity),
        win: mean(&|x| x.win),
        tie: mean(&|x| x.tie),
        std_error: variance.map(|v| v.sqrt() / dealt),
        nut80: mean(&|x| x.nut80),
        nut90: mean(&|x| x.nut90),
        buckets: [0, 1, 2, 3].map(|b| mean(&|x| x.buckets[b])),
        lines: (0..FlopLine::ALL.len())
            .map(|l| mean(&|x| x.lines.get(l).copied().unwrap_or(0.0)))
            .collect(),
        class_equity: class_sum
            .iter()
            .zip(&class_weight)
            .map(|(s, w)| (*w > 0.0).then(|| s / w))
            .collect(),
    }
}

/// The sorted curve's points as (share of the range, equity), for plots.
pub fn curve_points(curve: &[f64]) -> Vec<[f64; 2]> {
    curve
        .iter()
        .enumerate()
        .map(|(j, &e)| [j as f64 / (CURVE_POINTS - 1) as f64, e])
        .collect()
}

/// The report as CSV: a `#` block (`title`, which flops ran and how, partial or not,
/// the check line, the weighting), then one row per flop done: its texture, dealt
/// weight (share), and each range's equity, win and tie, then the exact report's nut
/// shares and lines or a sampled report's standard error.
pub fn flops_csv(report: &FlopsReport, title: &str) -> String {
    flops_csv_of(report, title, None)
}

/// [`flops_csv`] of the flops `chosen` lists (their places in the report), in that
/// order, its words (the group and the sort) said in the `#` header; every flop in the
/// report's order when `None`.
pub fn flops_csv_of(report: &FlopsReport, title: &str, chosen: Option<(&[usize], &str)>) -> String {
    let mut out = format!(
        "# {title}\n# {}; {}{}\n# {}\n# weights: dealt_weight is how often the flop comes given the ranges (card removal), as a share of all; count is how many flops it stands for\n",
        report.describe_set(),
        report.method(),
        if report.is_complete() { "" } else { "; PARTIAL: only what is done" },
        report.describe_check()
    );
    out.push_str(&match chosen {
        Some((places, words)) => format!("# rows: {words} ({} flops)\n", places.len()),
        None => "# rows: every flop, in the report's order\n".to_string(),
    });
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "flop",
        "count",
        "suits",
        "pairing",
        "high",
        "connected",
        "dealt_weight",
    ]
    .map(String::from)
    .to_vec();
    let per_seat: Vec<&str> = if report.exact {
        let mut keys = vec!["equity", "win", "tie", "nut80", "nut90"];
        keys.extend(FlopLine::ALL.iter().map(|l| l.key()));
        keys
    } else {
        vec!["equity", "win", "tie", "std_error"]
    };
    for r in 1..=report.seats {
        header.extend(per_seat.iter().map(|k| format!("{k}_{r}")));
    }
    // Heads-up exact: range 1's nut share less range 2's (the view's "nut adv").
    let nut_advantage = report.exact && report.seats == 2;
    if nut_advantage {
        header.push("nut_advantage".into());
    }
    // Writing to memory cannot fail.
    let _ = w.write_record(&header);
    let total: f64 = report.done_flops().map(|(_, _, w)| w).sum();
    let text = |v: f64| format!("{}", if v == 0.0 { 0.0 } else { v });
    let done: Vec<(&Flop, &FlopResult, f64)> = report.done_flops().collect();
    let rows: Vec<(&Flop, &FlopResult, f64)> = match chosen {
        Some((places, _)) => places
            .iter()
            .filter_map(|&p| done.iter().find(|(_, r, _)| r.index == p).copied())
            .collect(),
        None => done,
    };
    for (f, r, dealt) in rows {
        let mut row = vec![
            f.name(),
            f.count.to_string(),
            f.texture.suits.key().into(),
            f.texture.pairing.key().into(),
            f.texture.high.key().into(),
            f.texture.connected.key().into(),
            text(if total > 0.0 { dealt / total } else { 0.0 }),
        ];
        for k in 0..report.seats {
            let Some(s) = r.seats.get(k) else {
                // No deal of the ranges on this flop: its figures left empty.
                row.extend(per_seat.iter().map(|_| String::new()));
                continue;
            };
            row.extend([s.equity, s.win, s.tie].map(text));
            if report.exact {
                row.extend([s.nut80, s.nut90].map(text));
                row.extend(s.lines.iter().map(|&v| text(v)));
            } else {
                row.push(text(s.std_error.unwrap_or(0.0)));
            }
        }
        if nut_advantage {
            row.push(match r.seats.as_slice() {
                [a, b] => text(a.nut80 - b.nut80),
                _ => String::new(),
            });
        }
        let _ = w.write_record(&row);
    }
    out.push_str(&String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default());
    out
}
