//! The CLI's JSON objects (reference §6) as serde types: each field named once, figures
//! at full precision (the shortest text that reads back to the same `f64`, never `-0`)
//! by `serialize_with`, hand types keyed by category.

use serde::{Serialize, Serializer};

/// A figure as computed, at full precision: a script can sum shares and probabilities
/// to 1 within rounding of `f64`. Negative zero (a rounding artefact, never a value a
/// figure means) is written as `0`.
pub fn exact(x: f64) -> f64 {
    if x == 0.0 {
        0.0
    } else {
        x
    }
}

fn full<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(exact(*x))
}

fn opt_full<S: Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(v) => s.serialize_some(&exact(*v)),
        None => s.serialize_none(),
    }
}

/// One line of JSON.
pub fn line(value: &impl Serialize) -> String {
    // Plain data (strings, numbers, maps with string keys) always serialises.
    serde_json::to_string(value).expect("JSON of plain data") + "\n"
}

/// A figure per hand category (weakest first), keyed `high_card` … `straight_flush`.
pub struct ByCategory<T>(pub multiodds::eval::HandTypes, pub [T; 9]);

impl<T: Serialize + Copy> Serialize for ByCategory<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(None)?;
        for (i, key, _) in self.0.used() {
            map.serialize_entry(key, &self.1[i])?;
        }
        map.end()
    }
}

/// Hand-type fractions of a matchup's seat, in the one shape every command writes
/// (`{"pair": {"wins": …}}`; a sweep adds `opponent_wins`), keyed by the game's hand
/// types (razz's lows by rank); `None` in a game that tallies none (the draw games).
pub fn types(game: multiodds::cards::Game, fractions: &[f64; 9]) -> Option<ByCategory<TypeShare>> {
    Some(shares(multiodds::eval::HandTypes::of(game)?, fractions))
}

/// Fractions keyed by `types`, in the shape of [`types`].
pub fn shares(types: multiodds::eval::HandTypes, fractions: &[f64; 9]) -> ByCategory<TypeShare> {
    ByCategory(
        types,
        fractions.map(|wins| TypeShare {
            wins,
            opponent_wins: None,
        }),
    )
}

#[derive(Serialize)]
pub struct Range<'a> {
    pub input: &'a str,
    pub canonical: String,
    pub combos: usize,
    #[serde(serialize_with = "full")]
    pub weight: f64,
    pub hands: Vec<String>,
}

#[derive(Serialize)]
pub struct Eval {
    pub cards: String,
    pub category: &'static str,
    pub value: u64,
    pub partial: bool,
}

#[derive(Serialize)]
pub struct GameEval {
    pub game: &'static str,
    pub cards: String,
    pub category: &'static str,
    pub value: u64,
    /// The best 8-or-better low (`8-5-4-2-A`) in hi/lo games; absent without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<String>,
}

#[derive(Serialize)]
pub struct HoleRange<'a> {
    pub input: &'a str,
    pub game: &'static str,
    /// Hands with none of the board's or dead cards.
    pub hands: u64,
    /// The first hands listed (at most 1,000; none for `random`).
    pub listed: Vec<String>,
}

/// A matchup seat's figures, or their standard errors, keyed and ordered as the one
/// table of seat figures (`SEAT_FIGURES`) has them for the result's shape: a figure
/// added there appears here. `null` while the figures rest on too few deals
/// ([`multiodds::equity::MIN_FIGURE_DEALS`]); errors are `null` on a partial
/// enumeration too (its sample is of classes, not of independent deals).
pub struct SeatFigures<'a> {
    pub result: &'a multiodds::equity::MatchupResult,
    pub seat: usize,
    /// The standard errors instead of the values.
    pub errors: bool,
}

impl Serialize for SeatFigures<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use multiodds::equity::metrics::SeatFigure;
        use serde::ser::SerializeMap;
        let r = self.result;
        let shown = r.has_figures() && !(self.errors && r.status.fraction_done.is_some());
        let mut map = s.serialize_map(None)?;
        for (f, _) in SeatFigure::of(r) {
            let (v, se) = (f.value)(r, self.seat);
            let figure = shown.then_some(exact(if self.errors { se } else { v }));
            map.serialize_entry(f.key, &figure)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
pub struct Player<'a> {
    pub range: &'a str,
    pub combos: usize,
    #[serde(flatten)]
    pub figures: SeatFigures<'a>,
    /// The equity's standard error (every figure's is in `std_errors`).
    #[serde(serialize_with = "opt_full")]
    pub std_error: Option<f64>,
    pub std_errors: SeatFigures<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_types: Option<ByCategory<TypeShare>>,
    /// Hi/lo games: the low halves won or tied, by the low's type (`wheel` … `8_low`);
    /// `null` while the figures are n/a.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low_types: Option<Option<ByCategory<TypeShare>>>,
}

#[derive(Serialize)]
pub struct Equity<'a> {
    pub game: &'static str,
    pub method: &'static str,
    pub deals: u64,
    pub seed: Option<u64>,
    pub board: String,
    pub dead: String,
    pub elapsed_ms: u64,
    pub stopped: Option<multiodds::equity::run::StopRule>,
    /// An exact run stopped part-way: the share of its work done.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fraction_done: Option<f64>,
    /// Why `auto` ran Monte Carlo when it was not for time (memory).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub players: Vec<Player<'a>>,
    /// Folded seats (dealt, not in the showdown), when there are any.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub folded: Vec<Folded<'a>>,
}

/// A folded seat of `equity --json`.
#[derive(Serialize)]
pub struct Folded<'a> {
    pub range: &'a str,
    pub combos: usize,
}

#[derive(Serialize, Clone, Copy)]
pub struct TypeShare {
    /// The chance the seat (the hero, in a sweep) wins or ties holding the category.
    #[serde(serialize_with = "full")]
    pub wins: f64,
    /// In a sweep: the chance the winning opponent holds it.
    #[serde(serialize_with = "opt_full", skip_serializing_if = "Option::is_none")]
    pub opponent_wins: Option<f64>,
}

/// The figures of a sweep point: their values, and again their standard errors.
/// A point's figures, or their standard errors, keyed and ordered as the one table of
/// figures (`SWEEP_METRICS`) has them: a figure added there appears here. A figure
/// that does not apply is `null`.
pub struct Figures<'a> {
    point: &'a multiodds::equity::sweep::SweepPoint,
    /// The standard errors instead of the values.
    errors: bool,
}

impl Serialize for Figures<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use multiodds::equity::metrics::SWEEP_METRICS;
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(SWEEP_METRICS.len()))?;
        for m in &SWEEP_METRICS {
            let figure =
                (m.value)(self.point).map(|(v, se)| exact(if self.errors { se } else { v }));
            map.serialize_entry(m.key, &figure)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
pub struct PointJson<'a> {
    pub opponents: usize,
    pub method: &'static str,
    pub deals: u64,
    #[serde(flatten)]
    pub figures: Figures<'a>,
    pub ppot_deals: u64,
    pub npot_deals: u64,
    pub std_error: Figures<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_types: Option<ByCategory<TypeShare>>,
}

impl PointJson<'_> {
    pub fn of(
        game: multiodds::cards::Game,
        p: &multiodds::equity::sweep::SweepPoint,
    ) -> PointJson<'_> {
        PointJson {
            opponents: p.opponents,
            method: p.method.key(),
            deals: p.deals,
            figures: Figures {
                point: p,
                errors: false,
            },
            ppot_deals: p.ppot_deals,
            npot_deals: p.npot_deals,
            std_error: Figures {
                point: p,
                errors: true,
            },
            hand_types: multiodds::eval::HandTypes::of(game).map(|types| {
                ByCategory(
                    types,
                    std::array::from_fn(|i| TypeShare {
                        wins: p.hero_types[i],
                        opponent_wins: Some(p.opponent_types[i]),
                    }),
                )
            }),
        }
    }
}

#[derive(Serialize)]
pub struct Sweep<'a> {
    pub game: &'static str,
    pub hero: &'a str,
    pub vs: &'a str,
    pub board: String,
    pub dead: String,
    pub method: &'static str,
    pub seed: Option<u64>,
    pub stopped: Option<multiodds::equity::run::StopRule>,
    /// What the result leaves out and why (opponent counts no deal exists for).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    pub points: Vec<PointJson<'a>>,
    /// Every count asked for without a point, with why (`n/a` rows).
    pub missing: &'a [multiodds::equity::run::MissingPoint],
}

#[derive(Serialize)]
pub struct Draw {
    pub outs: usize,
    #[serde(serialize_with = "full")]
    pub hit_by_river: f64,
    #[serde(serialize_with = "full")]
    pub rule_of_4_and_2: f64,
}

impl Draw {
    pub fn of(d: &multiodds::equity::outs::Draw) -> Draw {
        Draw {
            outs: d.outs,
            hit_by_river: d.hit_by_river,
            rule_of_4_and_2: d.rule_of_4_and_2,
        }
    }
}

#[derive(Serialize)]
pub struct OutsGroup {
    pub category: &'static str,
    pub cards: Vec<String>,
    pub draw: Draw,
}

#[derive(Serialize)]
pub struct Draws {
    pub flush_draw: bool,
    pub backdoor_flush_draw: bool,
    pub open_ended_straight_draw: bool,
    pub gutshot: bool,
    pub flush: Draw,
    pub straight: Draw,
}

#[derive(Serialize)]
pub struct Outs<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<&'static str>,
    pub hero: &'a str,
    pub board: &'a str,
    pub category: &'static str,
    pub outs: Vec<String>,
    pub count: usize,
    #[serde(serialize_with = "full")]
    pub hit_by_river: f64,
    #[serde(serialize_with = "full")]
    pub rule_of_4_and_2: f64,
    /// The classic library's Hold'em rules (absent in the other games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discounted_outs: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub discounted: Option<Draw>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outs_ex_cards: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outs_ex: Option<Draw>,
    pub by_category: Vec<OutsGroup>,
    pub draw_count: ByCategory<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_distance: Option<usize>,
    pub draws: Draws,
}

#[derive(Serialize)]
pub struct ChartRow {
    pub hand: String,
    pub opponents: usize,
    #[serde(serialize_with = "full")]
    pub win: f64,
    #[serde(serialize_with = "full")]
    pub tie: f64,
    #[serde(serialize_with = "full")]
    pub equity: f64,
    #[serde(serialize_with = "full")]
    pub win_odds: f64,
    #[serde(serialize_with = "full")]
    pub std_error: f64,
    #[serde(serialize_with = "full")]
    pub win_odds_std_error: f64,
}

#[derive(Serialize)]
pub struct Chart {
    pub game: &'static str,
    pub board: String,
    pub dead: String,
    pub seed: u64,
    pub hands_done: usize,
    pub rows: Vec<ChartRow>,
}

/// One line of a breakdown.
#[derive(Serialize)]
pub struct BreakdownLine {
    pub name: &'static str,
    pub combos: usize,
    #[serde(serialize_with = "full")]
    pub weight: f64,
    #[serde(serialize_with = "full")]
    pub share: f64,
}

/// One combo's equity against the other range.
#[derive(Serialize)]
pub struct ComboLine<'a> {
    pub hand: &'a str,
    #[serde(serialize_with = "full")]
    pub weight: f64,
    #[serde(serialize_with = "full")]
    pub share: f64,
    #[serde(serialize_with = "full")]
    pub equity: f64,
    /// Its made-hand line, then its draws, keyed as the breakdown's lines.
    pub tags: &'a [&'static str],
    /// Its equity's standard error, when every hand's equity is a Monte Carlo estimate.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "opt_full")]
    pub std_error: Option<f64>,
}

/// A starting-hand class's combos and their mean equity.
#[derive(Serialize)]
pub struct ClassLine {
    pub class: String,
    pub combos: usize,
    #[serde(serialize_with = "full")]
    pub equity: f64,
}

/// An equity bucket's share of the range.
#[derive(Serialize)]
pub struct Bucket {
    pub from: f64,
    pub to: f64,
    #[serde(serialize_with = "full")]
    pub share: f64,
}

/// `breakdown --json`.
#[derive(Serialize)]
pub struct Breakdown<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<&'static str>,
    pub range: &'a str,
    pub board: String,
    pub combos: usize,
    #[serde(serialize_with = "full")]
    pub weight: f64,
    pub made: Vec<BreakdownLine>,
    pub draws: Vec<BreakdownLine>,
    /// Cumulative lines (Hold'em): each counts a combo once however many of its lines
    /// apply.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rollups: Vec<BreakdownLine>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "opt_full")]
    pub equity: Option<f64>,
    /// `exact`, or `monte_carlo` when every hand's equity is an estimate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub equity_method: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "opt_full")]
    pub equity_std_error: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deals_per_hand: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_combo: Option<Vec<ComboLine<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buckets: Option<Vec<Bucket>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<ClassLine>>,
}

/// One next card.
#[derive(Serialize)]
pub struct NextCardLine {
    pub card: String,
    #[serde(serialize_with = "full")]
    pub probability: f64,
    pub equity: Vec<f64>,
}

/// `runouts --json`.
#[derive(Serialize)]
pub struct Runouts<'a> {
    pub ranges: Vec<&'a str>,
    pub board: String,
    /// Each seat's equity now: the next cards' equities weighed by their probabilities.
    pub equity_now: Vec<f64>,
    pub cards: Vec<NextCardLine>,
}

/// An error under `--json`: one object, `{"error": {"message", "field", "column",
/// "detail"}}`. `field` names the input at fault as the command line names it (`seat
/// 2`, `board`, `--target-se`) and `column` is 1-based in that input's text; either is
/// `null` when the error has no single place.
#[derive(Serialize)]
pub struct Error {
    error: ErrorBody,
}

#[derive(Serialize)]
struct ErrorBody {
    message: String,
    field: Option<String>,
    column: Option<usize>,
    /// The whole text the terminal would show (with the caret line), for a person.
    detail: String,
}

impl Error {
    /// A command line that does not parse.
    pub fn usage(message: &str, detail: &str) -> Error {
        Error {
            error: ErrorBody {
                message: message.to_string(),
                field: None,
                column: None,
                detail: detail.to_string(),
            },
        }
    }

    /// A command's error, with its field and column where it has them.
    pub fn of(error: &super::CliError) -> Error {
        use super::CliError;
        let (message, field, column) = match error {
            CliError::Cards { what, error, .. } => (
                error.kind.to_string(),
                Some(what.to_string()),
                Some(error.column),
            ),
            CliError::Range { what, error, .. } => (
                format!("\"{}\": {}", error.token, error.kind),
                Some(what.clone()),
                Some(error.column),
            ),
            CliError::Scenario { error, .. } => {
                let field = error.field();
                let column = error.column();
                let field =
                    (field != multiodds::scenario::inputs::WHOLE).then(|| field.to_string());
                (error.to_string(), field, column)
            }
            CliError::Equity(e) => (e.to_string(), None, None),
            CliError::Query { error, .. } => (
                error.message.clone(),
                Some("query".to_string()),
                error.column,
            ),
            CliError::Usage(message) => match message.split_once(": ") {
                Some((field, rest)) if !field.contains(' ') || field.starts_with("seat ") => {
                    (rest.to_string(), Some(field.to_string()), None)
                }
                _ => (message.clone(), None, None),
            },
        };
        Error {
            error: ErrorBody {
                message,
                field,
                column,
                detail: error.to_string(),
            },
        }
    }
}
