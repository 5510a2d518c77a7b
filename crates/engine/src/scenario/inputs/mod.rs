//! What each view computes from: one serde type per view, holding every field a user
//! can set, and its one `validate` — the only way from inputs to an engine job, for
//! the app's views, `multiodds run` and the files alike.
//!
//! Validation collects every problem, each at its field (`hero`, `seats[1]`, `board`,
//! … or `inputs` for a problem of the fields together), so the app can show each under
//! its field and the command line can report the first.

mod chart;
mod flops;
mod hand;
mod matchup;
mod query;
mod range;
mod sweep;
pub use chart::{ChartFigure, ChartInputs};
pub use flops::{FlopsColumn, FlopsInputs};
pub use hand::{HandInputs, HandSpot, PlayerRange, SessionFilter, MAX_HAND_TEXT_BYTES};
pub use matchup::MatchupInputs;
pub use query::{QueryInputs, EXAMPLE_QUERIES, EXAMPLE_QUERY, MAX_QUERY_BYTES};
pub use range::RangeInputs;
pub use sweep::SweepInputs;

use super::ScenarioError;
use crate::cards::{CardSet, Game};
use crate::equity::chart::ChartSpec;
use crate::equity::games::{MatchupJob, SweepJob};
use crate::equity::memory;
use crate::equity::range_analysis::RangeJob;
use crate::equity::run::{RunSettings, DEFAULT_POTENTIAL_TARGET_SE, TARGET_SE_RANGE};
use crate::equity::sweep::MAX_OPPONENTS;
use crate::equity::{check_board, Method};
use crate::range::HandRange;
use crate::range::SeatRange;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The app's default time budget of a Monte Carlo run, in milliseconds.
pub const DEFAULT_TIME_BUDGET_MS: u64 = 10_000;

/// The longest time budget a run accepts: a day.
pub const MAX_TIME_BUDGET_MS: u64 = 86_400_000;

/// The field name of a problem of several fields together (a card in two places, no
/// possible deal, refused exact work).
pub const WHOLE: &str = "inputs";

/// A view's inputs: what they validate into, and the text of each field (for the
/// caret under a bad token).
pub trait ViewInputs {
    /// The engine job the inputs describe.
    type Job;
    /// Every problem, each at its field; the job when there is none.
    fn validate(&self) -> Result<Self::Job, Vec<ScenarioError>>;
    /// The text the user typed in `field` (`hero`, `seats[1]`…).
    fn field_text(&self, field: &str) -> Option<&str>;
}

macro_rules! view_inputs {
    ($inputs:ty => $job:ty) => {
        impl ViewInputs for $inputs {
            type Job = $job;
            fn validate(&self) -> Result<$job, Vec<ScenarioError>> {
                <$inputs>::validate(self)
            }
            fn field_text(&self, field: &str) -> Option<&str> {
                <$inputs>::field_text(self, field)
            }
        }
    };
}
view_inputs!(SweepInputs => SweepJob);
view_inputs!(MatchupInputs => MatchupJob);
view_inputs!(ChartInputs => ChartSpec);
view_inputs!(RangeInputs => RangeJob);
view_inputs!(FlopsInputs => crate::worker::FlopsJob);
view_inputs!(HandInputs => MatchupJob);
view_inputs!(QueryInputs => crate::query::Query);

/// How a view's job runs: method, precision, seed and budgets.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunInputs {
    /// Exact, Monte Carlo or auto.
    pub mode: Method,
    /// Monte Carlo precision target (standard error) of win, tie, equity, HS.
    pub target_se: f64,
    /// The precision target of PPot and NPot (looser: their conditions can be rare).
    pub potential_target_se: f64,
    /// Stop Monte Carlo after this many milliseconds (0: no time budget).
    pub time_budget_ms: u64,
    /// Most memory a run may hold, in MiB (0: the default, 512 MiB).
    pub memory_budget_mb: u64,
    /// The Monte Carlo seed.
    pub seed: u64,
}

impl Default for RunInputs {
    fn default() -> RunInputs {
        RunInputs {
            mode: Method::Auto,
            target_se: crate::equity::run::VIEW_TARGET_SE,
            potential_target_se: DEFAULT_POTENTIAL_TARGET_SE,
            time_budget_ms: DEFAULT_TIME_BUDGET_MS,
            memory_budget_mb: 0,
            seed: 1,
        }
    }
}

impl RunInputs {
    /// The memory budget in bytes: the default for 0, `None` when out of range.
    pub fn memory_budget(&self) -> Option<u64> {
        match self.memory_budget_mb {
            0 => Some(memory::DEFAULT_MEMORY_BUDGET),
            mb => memory::budget_from_mib(mb),
        }
    }

    /// The settings of a run (what does not validate takes its default: validate first).
    pub fn settings(&self) -> RunSettings {
        let target = |v: f64, default: f64| {
            if TARGET_SE_RANGE.contains(&v) {
                v
            } else {
                default
            }
        };
        RunSettings {
            method: self.mode,
            seed: self.seed,
            target_se: target(self.target_se, RunInputs::default().target_se),
            potential_target_se: Some(target(
                self.potential_target_se,
                DEFAULT_POTENTIAL_TARGET_SE,
            )),
            time_limit: (self.time_budget_ms > 0)
                .then(|| Duration::from_millis(self.time_budget_ms.min(MAX_TIME_BUDGET_MS))),
            memory_budget: self
                .memory_budget()
                .unwrap_or(memory::DEFAULT_MEMORY_BUDGET),
            ..RunSettings::default()
        }
    }

    /// Every problem of the run settings.
    pub fn check(&self, problems: &mut Vec<ScenarioError>) {
        for (field, value) in [
            ("target_se", self.target_se),
            ("potential_target_se", self.potential_target_se),
        ] {
            if !TARGET_SE_RANGE.contains(&value) {
                problems.push(invalid(
                    field,
                    format!(
                        "{value} is not a standard error from {} to {}",
                        TARGET_SE_RANGE.start(),
                        TARGET_SE_RANGE.end()
                    ),
                ));
            }
        }
        if self.memory_budget().is_none() {
            let (min_mb, max_mb) = (
                memory::MIN_MEMORY_BUDGET >> 20,
                memory::MAX_MEMORY_BUDGET >> 20,
            );
            problems.push(invalid(
                "memory_budget_mb",
                format!(
                    "{} MiB is not a budget from {min_mb} to {max_mb} MiB (0 means the default, 512)",
                    self.memory_budget_mb
                ),
            ));
        }
        if self.time_budget_ms > MAX_TIME_BUDGET_MS {
            problems.push(invalid(
                "time_budget_ms",
                format!(
                    "{} ms is more than a day (0 means no time budget)",
                    self.time_budget_ms
                ),
            ));
        }
    }
}

fn invalid(field: &str, message: String) -> ScenarioError {
    ScenarioError::Invalid {
        field: field.into(),
        message,
    }
}

/// An engine error placed at the fields it names (reference: errors show at the field
/// that caused them): a card in two places at both, an emptied seat at its own; any
/// other at the fields together. `field_of` maps the engine's names ("hero", "seat 2",
/// "dead cards") to field names.
fn placed(
    e: crate::equity::EquityError,
    field_of: impl Fn(&str) -> Option<String>,
    problems: &mut Vec<ScenarioError>,
) {
    use crate::equity::EquityError;
    let names: Vec<&str> = match &e {
        EquityError::CardTwice { first, second, .. } => vec![first, second],
        EquityError::EmptySeat { seat } => vec![seat],
        // A card the game does not deal belongs to the field it was typed in.
        EquityError::NotInDeck { place, .. } => vec![place],
        EquityError::FoldedWithTwoBoards => vec!["folded 1"],
        _ => Vec::new(),
    };
    let fields: Vec<String> = names.into_iter().filter_map(&field_of).collect();
    if fields.is_empty() {
        problems.push(ScenarioError::Equity(e));
        return;
    }
    // The field names the seat: its message need not again.
    let message = match &e {
        EquityError::EmptySeat { seat } => e
            .to_string()
            .trim_start_matches(&format!("{seat}: "))
            .to_string(),
        _ => e.to_string(),
    };
    for field in fields {
        problems.push(invalid(&field, message.clone()));
    }
}

/// Refuses a game without a board (stud) at the `game` field for `what` (the Range
/// view's analysis, the chart…), which needs one; whether the game has a board.
pub(crate) fn board_game_only(
    game: crate::cards::Game,
    what: &str,
    problems: &mut Vec<ScenarioError>,
) -> bool {
    if game.has_board() {
        return true;
    }
    problems.push(invalid(
        "game",
        format!(
            "{what} is for games with a board; {game} has none (its equity is in the Matchup view)"
        ),
    ));
    false
}

/// The seat an engine message names, from 0 (`seat 2` is 1).
fn seat_index(name: &str) -> Option<usize> {
    name.strip_prefix("seat ")?
        .parse::<usize>()
        .ok()?
        .checked_sub(1)
}

/// The field of the seat an engine message names (`seat 2` is `seats[1]`).
fn seat_field(name: &str) -> Option<String> {
    seat_index(name).map(|n| format!("seats[{n}]"))
}

/// The dead cards' field read alone (games without a board), keeping its problem.
fn dead_cards(text: &str, problems: &mut Vec<ScenarioError>) -> Option<CardSet> {
    CardSet::parse(text)
        .map_err(|error| {
            problems.push(ScenarioError::Cards {
                field: "dead".into(),
                error,
            })
        })
        .ok()
}

/// In a game without a board: a board given, and folded seats given, each refused at its
/// field saying where those cards go instead.
fn refuse_board_and_folded(
    board: &str,
    folded: &[String],
    (board_why, folded_why): (String, String),
    problems: &mut Vec<ScenarioError>,
) {
    if !board.trim().is_empty() {
        problems.push(invalid("board", board_why));
    }
    if !folded.is_empty() {
        problems.push(invalid("folded[0]", folded_why));
    }
}

/// The board's and the dead cards' fields by the engine's names for them.
fn card_field(name: &str) -> Option<String> {
    match name {
        "board" => Some("board".into()),
        "dead cards" => Some("dead".into()),
        _ => None,
    }
}

/// Parses a range field, keeping its problem.
fn range(field: &str, text: &str, problems: &mut Vec<ScenarioError>) -> Option<HandRange> {
    HandRange::parse(text)
        .map_err(|error| {
            problems.push(ScenarioError::Range {
                field: field.into(),
                error,
            })
        })
        .ok()
}

/// Parses a range field of `game`, keeping its problem.
fn seat_range(
    field: &str,
    text: &str,
    game: Game,
    problems: &mut Vec<ScenarioError>,
) -> Option<SeatRange> {
    SeatRange::parse(text, game)
        .map_err(|error| {
            problems.push(ScenarioError::Range {
                field: field.into(),
                error,
            })
        })
        .ok()
}

/// Parses the board and dead cards, keeping their problems.
fn board_and_dead(
    board: &str,
    dead: &str,
    problems: &mut Vec<ScenarioError>,
) -> Option<(CardSet, CardSet)> {
    let cards = |field: &str, text: &str, problems: &mut Vec<ScenarioError>| {
        CardSet::parse(text)
            .map_err(|error| {
                problems.push(ScenarioError::Cards {
                    field: field.into(),
                    error,
                })
            })
            .ok()
    };
    let board_cards = cards("board", board, problems);
    let dead_cards = cards("dead", dead, problems);
    if let Some(b) = board_cards.filter(|b| b.len() > 5) {
        problems.push(invalid(
            "board",
            format!("the board holds at most 5 cards, got {}", b.len()),
        ));
        return None;
    }
    let (board, dead) = (board_cards?, dead_cards?);
    match check_board(board, dead) {
        Ok(()) => Some((board, dead)),
        Err(e) => {
            placed(e, card_field, problems);
            None
        }
    }
}

/// Opponent counts `(lo, hi)` within what `game` deals beside the hero (at most
/// [`MAX_OPPONENTS`]), the reason in the game's own arithmetic.
fn check_counts(
    counts: (usize, usize),
    game: crate::cards::Game,
    problems: &mut Vec<ScenarioError>,
) -> bool {
    check_counts_within(counts, opponent_limit(game), problems)
}

/// The most opponents `game` deals beside the hero, and why no more, in its arithmetic
/// ("Omaha: 10 seats of 4 cards and a board of 5 take 45 of its 52 cards").
pub fn opponent_limit(game: crate::cards::Game) -> (usize, String) {
    let seats = game.max_seats().min(MAX_OPPONENTS + 1);
    let hole = game.hole_cards();
    let deck = game.deck().len();
    let why = if game.has_board() {
        format!(
            "{game}: {seats} seats of {hole} cards and a board of {} take {} of its {deck} cards",
            game.board_cards(),
            seats * hole + game.board_cards()
        )
    } else {
        format!("{game}: {seats} seats of {hole} cards from its {deck}")
    };
    (seats - 1, why)
}

/// [`check_counts`] within `most` opponents, `why` saying why no more.
fn check_counts_within(
    counts: (usize, usize),
    (max, why): (usize, String),
    problems: &mut Vec<ScenarioError>,
) -> bool {
    let (lo, hi) = counts;
    let ok = (1..=max).contains(&lo) && (1..=max).contains(&hi) && lo <= hi;
    if !ok {
        let message = if lo.max(hi) > max {
            format!(
                "{} opponents: at most {max} can be dealt ({why})",
                lo.max(hi)
            )
        } else {
            format!("({lo}, {hi}) is not a span within 1 to {max}")
        };
        problems.push(invalid("opponent_counts", message));
    }
    ok
}

/// The problems, or the job when there are none.
fn job_or<T>(job: Option<T>, problems: Vec<ScenarioError>) -> Result<T, Vec<ScenarioError>> {
    match job {
        Some(job) if problems.is_empty() => Ok(job),
        _ => Err(problems),
    }
}
