//! What each view computes from: one serde type per view, holding every field a user
//! can set, and its one `validate` — the only way from inputs to an engine job, for
//! the app's views, `multiodds run` and the files alike.
//!
//! Validation collects every problem, each at its field (`hero`, `seats[1]`, `board`,
//! … or `inputs` for a problem of the fields together), so the app can show each under
//! its field and the command line can report the first.

mod flops;
mod hand;
pub use flops::{FlopsColumn, FlopsInputs};
pub use hand::{HandInputs, HandSpot, PlayerRange, SessionFilter, MAX_HAND_TEXT_BYTES};

use super::ScenarioError;
use crate::cards::{CardSet, Game};
use crate::equity::chart::ChartSpec;
use crate::equity::games::{MatchupJob, SweepJob};
use crate::equity::memory;
use crate::equity::metrics::{self, Metric};
use crate::equity::range_analysis::RangeJob;
use crate::equity::run::{RunSettings, DEFAULT_POTENTIAL_TARGET_SE, TARGET_SE_RANGE};
use crate::equity::sweep::SweepPoint;
use crate::equity::sweep::{DEFAULT_OPPONENTS, MAX_OPPONENTS};
use crate::equity::{check_board, Method};
use crate::range::SeatRange;
use crate::range::{HandRange, HoleRange};
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
            target_se: 0.001,
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
        _ => Vec::new(),
    };
    let fields: Vec<String> = names.into_iter().filter_map(&field_of).collect();
    if fields.is_empty() {
        problems.push(ScenarioError::Equity(e));
        return;
    }
    let message = e.to_string();
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

/// Opponent counts `(lo, hi)` within 1 to [`MAX_OPPONENTS`].
fn check_counts(counts: (usize, usize), problems: &mut Vec<ScenarioError>) -> bool {
    check_counts_within(
        counts,
        (
            MAX_OPPONENTS,
            "with the hero they hold 46 cards, the board 5 more".to_string(),
        ),
        problems,
    )
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

/// The MultiOdds view: a hero against 1–N opponents holding one range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SweepInputs {
    /// The game (Hold'em when a file has none).
    pub game: Game,
    /// Hero's hand, range or pocket query.
    pub hero: String,
    /// The opponents' range (each opponent holds it).
    pub opponents: String,
    /// In a game without a board (stud): the hero's up cards (`hero` holds its down
    /// cards or the range of its first two).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub hero_up: String,
    /// In a game without a board: each opponent's up cards, opponents split by `/`
    /// (`Kd / 7c 8c`); opponents not given show random cards.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub opponents_up: String,
    /// Opponent counts swept, inclusive.
    pub opponent_counts: (usize, usize),
    /// Known board cards.
    pub board: String,
    /// Cards out of play.
    pub dead: String,
    /// How the sweep runs.
    pub run: RunInputs,
}

impl Default for SweepInputs {
    fn default() -> SweepInputs {
        SweepInputs {
            game: Game::HOLDEM,
            hero: "AKs".into(),
            opponents: "random".into(),
            hero_up: String::new(),
            opponents_up: String::new(),
            opponent_counts: (1, DEFAULT_OPPONENTS),
            board: String::new(),
            dead: String::new(),
            run: RunInputs::default(),
        }
    }
}

impl SweepInputs {
    /// The text of a field (for the caret under a bad token).
    pub fn field_text(&self, field: &str) -> Option<&str> {
        match field {
            "hero" => Some(&self.hero),
            "opponents" => Some(&self.opponents),
            "hero_up" => Some(&self.hero_up),
            "opponents_up" => Some(&self.opponents_up),
            "board" => Some(&self.board),
            "dead" => Some(&self.dead),
            _ => None,
        }
    }

    /// The opponent counts swept, in order, within 1 to [`MAX_OPPONENTS`].
    pub fn opponent_span(&self) -> (usize, usize) {
        let (a, b) = self.opponent_counts;
        let (a, b) = (a.clamp(1, MAX_OPPONENTS), b.clamp(1, MAX_OPPONENTS));
        (a.min(b), a.max(b))
    }

    /// The hero as tables name it: its range, or in stud its cards (`(Kh Kd) 9c`).
    pub fn hero_label(&self) -> String {
        if self.game.has_board() {
            return self.hero.clone();
        }
        let down = if self.hero.trim().is_empty() {
            "? ?"
        } else {
            self.hero.trim()
        };
        format!("({down}) {}", self.hero_up.trim())
            .trim_end()
            .to_string()
    }

    /// The opponents as tables name them: their range, or in stud their up cards
    /// (`showing Ac / 7d`, `random`).
    pub fn opponents_label(&self) -> String {
        if self.game.has_board() {
            self.opponents.clone()
        } else if self.opponents_up.trim().is_empty() {
            "random".into()
        } else {
            format!("showing {}", self.opponents_up.trim())
        }
    }

    /// "AKs vs random — Jh 4c 3h" (or "preflop"), and the dead cards; in stud the
    /// hero's cards against the opponents' up cards.
    pub fn title(&self) -> String {
        if !self.game.has_board() {
            let hero = format!("({}) {}", self.hero.trim(), self.hero_up.trim());
            let opponents = if self.opponents_up.trim().is_empty() {
                "random opponents".to_string()
            } else {
                format!("opponents showing {}", self.opponents_up.trim())
            };
            let dead = if self.dead.trim().is_empty() {
                String::new()
            } else {
                format!(" (dead {})", self.dead.trim())
            };
            return self
                .game
                .heading(&format!("{} vs {opponents}{dead}", hero.trim()));
        }
        let board = CardSet::parse(&self.board)
            .map(|b| b.to_string())
            .unwrap_or_else(|_| self.board.clone());
        let title =
            crate::equity::table_csv::sweep_title(&self.hero, &self.opponents, &board, &self.dead);
        self.game.heading(&title)
    }

    /// Every problem, each at its field; the sweep to run when there is none.
    pub fn validate(&self) -> Result<SweepJob, Vec<ScenarioError>> {
        let mut problems = Vec::new();
        self.run.check(&mut problems);
        if self.game.is_draw() {
            problems.push(invalid(
                "game",
                format!(
                    "the sweep is not offered in {}: its equity is in the Matchup view",
                    self.game
                ),
            ));
            return Err(problems);
        }
        if !self.game.has_board() {
            return self.validate_stud(problems);
        }
        let field_of = |name: &str| match name {
            "hero" => Some("hero".to_string()),
            "opponents" | "opponent range" => Some("opponents".to_string()),
            _ => card_field(name),
        };
        let (lo, hi) = self.opponent_counts;
        let hero = seat_range("hero", &self.hero, self.game, &mut problems);
        let opponents = seat_range("opponents", &self.opponents, self.game, &mut problems);
        let cards = board_and_dead(&self.board, &self.dead, &mut problems);
        let counts = check_counts(self.opponent_counts, &mut problems);
        let job = match (hero, opponents, cards) {
            (Some(hero), Some(opponents), Some((board, dead))) if counts => {
                SweepJob::new(self.game, hero, opponents, board, dead, lo..=hi)
                    .map_err(|e| placed(e, field_of, &mut problems))
                    .ok()
            }
            _ => None,
        };
        job_or(job, problems)
    }
}

impl SweepInputs {
    /// A game without a board: the hero's down and up cards against opponents showing
    /// the up cards given (random past them), folded players' up cards dead; no board.
    fn validate_stud(
        &self,
        mut problems: Vec<ScenarioError>,
    ) -> Result<SweepJob, Vec<ScenarioError>> {
        use crate::equity::games::stud::{SeatPart, StudSeat};
        use crate::equity::games::stud_sweep::StudSweep;
        let game = self.game;
        refuse_board_and_folded(
            &self.board,
            &[],
            (
                format!("{game} has no board: put folded players' up cards in the dead cards"),
                String::new(),
            ),
            &mut problems,
        );
        let hero = match StudSeat::parse(&self.hero, &self.hero_up) {
            Ok(h) => Some(h),
            Err(e) => {
                let field = match e.part {
                    SeatPart::Down => "hero",
                    SeatPart::Up => "hero_up",
                };
                problems.push(invalid(field, e.message));
                None
            }
        };
        let mut opponents = Vec::new();
        if !self.opponents_up.trim().is_empty() {
            for (k, up) in self.opponents_up.split('/').enumerate() {
                match StudSeat::parse("", up) {
                    Ok(seat) => opponents.push(seat),
                    Err(e) => problems.push(invalid(
                        "opponents_up",
                        format!("opponent {}: {}", k + 1, e.message),
                    )),
                }
            }
        }
        let dead = dead_cards(&self.dead, &mut problems);
        let most = game.max_seats() - 1;
        let counts = check_counts_within(
            self.opponent_counts,
            (
                most,
                format!("{game} deals at most {} seats", game.max_seats()),
            ),
            &mut problems,
        );
        let (lo, hi) = self.opponent_counts;
        let job = match (hero, dead) {
            (Some(hero), Some(dead)) if counts && problems.is_empty() => {
                // "seat 1" is the hero; "seat 2" on are the opponents.
                let field_of = |name: &str| match name.strip_prefix("seat ") {
                    Some("1") => Some("hero".to_string()),
                    Some(_) => Some("opponents_up".to_string()),
                    None => card_field(name),
                };
                StudSweep::new(game, hero, opponents, dead, lo..=hi)
                    .map_err(|e| match &e {
                        crate::equity::EquityError::BadSeat(why) => {
                            let (seat, rest) = why.split_once(": ").unwrap_or(("", why));
                            match field_of(seat) {
                                Some(field) => problems.push(invalid(&field, rest.to_string())),
                                None => problems.push(invalid("opponents_up", why.clone())),
                            }
                        }
                        crate::equity::EquityError::SeatsForGame { .. } => {
                            problems.push(invalid("opponent_counts", e.to_string()))
                        }
                        _ => placed(e.clone(), field_of, &mut problems),
                    })
                    .ok()
                    .map(SweepJob::from)
            }
            _ => None,
        };
        job_or(job, problems)
    }
}

/// The Matchup view: 2–23 seats, each a hand or a weighted range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MatchupInputs {
    /// The game (Hold'em when a file has none).
    pub game: Game,
    /// One range per seat; in a game without a board (stud), each seat's down cards or
    /// the range of its first two down cards.
    pub seats: Vec<String>,
    /// In a game without a board, each seat's up cards. A seat without an entry here is
    /// read whole in §9's notation (`(As Kd) 7c`, or `As Kd 7c` in deal order), as the
    /// command line writes it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub up: Vec<String>,
    /// Folded seats' ranges: dealt, not in the showdown (none in older files).
    pub folded: Vec<String>,
    /// Known board cards (the first board's, with two boards).
    pub board: String,
    /// Community boards: 1, or 2 for a double board (Hold'em and the Omaha games).
    #[serde(skip_serializing_if = "is_one_board")]
    pub boards: u8,
    /// The second board's known cards, with two boards.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub board2: String,
    /// Cards out of play.
    pub dead: String,
    /// How the matchup runs.
    pub run: RunInputs,
}

fn is_one_board(boards: &u8) -> bool {
    *boards == 1
}

impl Default for MatchupInputs {
    fn default() -> MatchupInputs {
        MatchupInputs {
            game: Game::HOLDEM,
            seats: vec!["AKs".into(), "QQ".into()],
            up: Vec::new(),
            folded: Vec::new(),
            board: String::new(),
            boards: 1,
            board2: String::new(),
            dead: String::new(),
            run: RunInputs::default(),
        }
    }
}

impl MatchupInputs {
    /// The text of a field (`seats[2]`, `folded[0]`, `board`…).
    pub fn field_text(&self, field: &str) -> Option<&str> {
        let index = |prefix: &str| {
            field
                .strip_prefix(prefix)
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|i| i.parse::<usize>().ok())
        };
        match field {
            "board" => Some(&self.board),
            "board2" => Some(&self.board2),
            "dead" => Some(&self.dead),
            _ => index("seats[")
                .and_then(|i| self.seats.get(i))
                .or_else(|| index("up[").and_then(|i| self.up.get(i)))
                .or_else(|| index("folded[").and_then(|i| self.folded.get(i)))
                .map(String::as_str),
        }
    }

    /// The board as titles and tables name it: its cards, or with two boards both
    /// (`Qs Ts 5c / 9h 8h 2d`, `-` for a board not dealt yet).
    pub fn board_label(&self) -> String {
        if self.boards != 2 {
            return self.board.trim().to_string();
        }
        let or_dash = |b: &str| {
            if b.trim().is_empty() {
                "-".to_string()
            } else {
                b.trim().to_string()
            }
        };
        format!("{} / {}", or_dash(&self.board), or_dash(&self.board2))
    }

    /// Each seat as titles and tables name it: its range, or in a game without a board
    /// its down and up cards in §9's notation (`(As Kd) 7c`, `(? ?) 7c` when unknown).
    pub fn seat_labels(&self) -> Vec<String> {
        if self.game.has_board() {
            return self.seats.clone();
        }
        if self.game.is_draw() {
            // "7c 5d 4h 3s + draw 1", "7c 5d 4h 3s 2c (pat)", "draw 5".
            let size = self.game.hole_cards();
            return self
                .seats
                .iter()
                .map(|text| {
                    let keep = text.trim().trim_matches('-').trim();
                    match crate::cards::parse_card_list(keep) {
                        Ok(cards) if cards.len() == size => format!("{keep} (pat)"),
                        Ok(cards) if cards.is_empty() => format!("draw {size}"),
                        Ok(cards) => format!("{keep} + draw {}", size.saturating_sub(cards.len())),
                        Err(_) => text.clone(),
                    }
                })
                .collect();
        }
        self.seats
            .iter()
            .enumerate()
            .map(|(i, down)| match self.up.get(i) {
                None => down.trim().to_string(),
                Some(up) => {
                    let down = if down.trim().is_empty() {
                        "? ?"
                    } else {
                        down.trim()
                    };
                    format!("({down}) {}", up.trim()).trim_end().to_string()
                }
            })
            .collect()
    }

    /// Every problem, each at its field; the matchup to run when there is none.
    pub fn validate(&self) -> Result<MatchupJob, Vec<ScenarioError>> {
        let mut problems = Vec::new();
        self.run.check(&mut problems);
        let max = self.game.max_seats();
        let seats_ok = (2..=max).contains(&self.seats.len());
        if !seats_ok {
            problems.push(invalid(
                "seats",
                format!(
                    "{} deals 2 to {max} seats, got {}",
                    self.game.name(),
                    self.seats.len()
                ),
            ));
        }
        // Seats past what any deal holds are refused before any range is read: a saved
        // file of 400,000 seats must not parse 400,000 ranges first.
        if self.seats.len() > max || self.folded.len() > max {
            if self.folded.len() > max {
                problems.push(invalid(
                    "folded[0]",
                    format!(
                        "{} folded seats: a deal holds at most {max} hands",
                        self.folded.len()
                    ),
                ));
            }
            return Err(problems);
        }
        if !(1..=2).contains(&self.boards) {
            problems.push(invalid(
                "boards",
                format!(
                    "{} boards: a matchup deals 1 board, or 2 (double board)",
                    self.boards
                ),
            ));
            return Err(problems);
        }
        if !self.game.has_board() {
            if self.boards != 1 {
                problems.push(invalid(
                    "boards",
                    format!("{} has no board to double", self.game),
                ));
            }
            if self.game.is_draw() {
                return self.validate_draw(problems);
            }
            return self.validate_stud(problems);
        }
        // "seat 2" is `seats[1]`, "folded seat 1" `folded[0]`.
        let field_of = |name: &str| {
            let number = |prefix: &str| {
                name.strip_prefix(prefix)
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|&n| n > 0)
            };
            seat_field(name)
                .or_else(|| number("folded seat ").map(|n| format!("folded[{}]", n - 1)))
                .or_else(|| card_field(name))
        };
        let parse_all = |texts: &[String], name: &str, problems: &mut Vec<ScenarioError>| {
            let ranges: Vec<Option<SeatRange>> = texts
                .iter()
                .enumerate()
                .map(|(i, s)| seat_range(&format!("{name}[{i}]"), s, self.game, problems))
                .collect();
            ranges.into_iter().collect::<Option<Vec<SeatRange>>>()
        };
        let ranges = parse_all(&self.seats, "seats", &mut problems);
        let folded = parse_all(&self.folded, "folded", &mut problems);
        let cards = board_and_dead(&self.board, &self.dead, &mut problems);
        let board2 = if self.boards == 2 {
            if !self.folded.is_empty() {
                problems.push(invalid(
                    "folded[0]",
                    "folded seats are not taken with two boards".into(),
                ));
            }
            match CardSet::parse(&self.board2) {
                Ok(b) => Some(b),
                Err(error) => {
                    problems.push(ScenarioError::Cards {
                        field: "board2".into(),
                        error,
                    });
                    None
                }
            }
        } else {
            Some(CardSet::EMPTY)
        };
        let job = match (ranges, folded, cards, board2) {
            (Some(ranges), Some(_), Some((board, dead)), Some(board2))
                if seats_ok && self.boards == 2 && problems.is_empty() =>
            {
                let field_of = |name: &str| match name {
                    "first board" => Some("board".to_string()),
                    "second board" => Some("board2".to_string()),
                    _ => field_of(name),
                };
                crate::equity::games::double_board::DoubleBoard::new(
                    self.game, ranges, board, board2, dead,
                )
                .map_err(|e| placed(e, field_of, &mut problems))
                .ok()
                .map(MatchupJob::from)
            }
            (Some(ranges), Some(folded), Some((board, dead)), _)
                if seats_ok && self.boards == 1 =>
            {
                MatchupJob::new(self.game, ranges, folded, board, dead)
                    .map_err(|e| placed(e, field_of, &mut problems))
                    .ok()
            }
            _ => None,
        };
        job_or(job, problems)
    }
}

impl MatchupInputs {
    /// A draw game: each seat's kept cards (empty or `-` keeps none), the dead cards
    /// (discards seen, folded hands shown); no board, no folded seats of their own.
    fn validate_draw(
        &self,
        mut problems: Vec<ScenarioError>,
    ) -> Result<MatchupJob, Vec<ScenarioError>> {
        use crate::equity::games::draw::DrawMatchup;
        use crate::eval::draw::DrawRule;
        let game = self.game;
        let rule = DrawRule::of_game(game).expect("a draw game has a draw rule");
        refuse_board_and_folded(
            &self.board,
            &self.folded,
            (
                format!("{game} has no board: each seat keeps cards and draws the rest"),
                format!("in {game} a folded hand that was shown goes in the dead cards"),
            ),
            &mut problems,
        );
        let mut keeps = Vec::new();
        for (i, text) in self.seats.iter().enumerate() {
            let text = if text.trim() == "-" {
                ""
            } else {
                text.as_str()
            };
            match crate::cards::parse_card_list(text) {
                Ok(cards) => keeps.push(cards),
                Err(error) => problems.push(ScenarioError::Cards {
                    field: format!("seats[{i}]"),
                    error,
                }),
            }
        }
        let dead = dead_cards(&self.dead, &mut problems);
        let job = match dead {
            Some(dead) if problems.is_empty() => {
                DrawMatchup::new(rule, keeps, dead)
                    .map_err(|e| match &e {
                        // "seat 2 keeps 6 cards; …": at seat 2's field.
                        crate::equity::EquityError::BadSeat(why) => {
                            let seat = why.split(" keeps").next().unwrap_or("");
                            match seat_field(seat) {
                                // The field names the seat; the message says the rest.
                                Some(field) => problems.push(invalid(
                                    &field,
                                    why[seat.len()..].trim_start().to_string(),
                                )),
                                None => problems.push(invalid("seats", why.clone())),
                            }
                        }
                        _ => placed(
                            e.clone(),
                            |name| seat_field(name).or_else(|| card_field(name)),
                            &mut problems,
                        ),
                    })
                    .ok()
                    .map(MatchupJob::from)
            }
            _ => None,
        };
        job_or(job, problems)
    }

    /// A game without a board (stud): each seat's down and up cards, the dead cards (folded
    /// seats' up cards); no board, no folded seats of their own.
    fn validate_stud(
        &self,
        mut problems: Vec<ScenarioError>,
    ) -> Result<MatchupJob, Vec<ScenarioError>> {
        use crate::equity::games::stud::{SeatPart, StudMatchup, StudSeat};
        let game = self.game;
        refuse_board_and_folded(
            &self.board,
            &self.folded,
            (
                format!("{game} has no board: each seat's cards are its own (put folded seats' up cards in the dead cards)"),
                format!("in {game} a folded seat is its up cards: put them in the dead cards"),
            ),
            &mut problems,
        );
        if self.up.len() > self.seats.len() {
            let extra = self.seats.len();
            problems.push(invalid(
                &format!("up[{extra}]"),
                format!(
                    "up cards for {} seats; there are {} (add the seats or remove the up cards)",
                    self.up.len(),
                    self.seats.len()
                ),
            ));
        }
        let mut seats = Vec::new();
        for (i, text) in self.seats.iter().enumerate() {
            let (down, up, up_field) = match self.up.get(i) {
                Some(up) => (text.clone(), up.clone(), format!("up[{i}]")),
                None => match StudSeat::split_written(text) {
                    Ok((down, up)) => (down, up, format!("seats[{i}]")),
                    Err(e) => {
                        problems.push(invalid(&format!("seats[{i}]"), e.message));
                        continue;
                    }
                },
            };
            match StudSeat::parse(&down, &up) {
                Ok(seat) => seats.push(seat),
                Err(e) => {
                    let field = match e.part {
                        SeatPart::Down => format!("seats[{i}]"),
                        SeatPart::Up => up_field,
                    };
                    problems.push(invalid(&field, e.message));
                }
            }
        }
        let dead = dead_cards(&self.dead, &mut problems);
        let job = match dead {
            Some(dead) if seats.len() == self.seats.len() && problems.is_empty() => {
                // "seat 2" is `seats[1]`; a card in two places is shown at the up cards'
                // field when it is an up card there.
                let up_cards: Vec<CardSet> = seats
                    .iter()
                    .map(|s| s.up.iter().copied().collect())
                    .collect();
                let field_for = |name: &str, card: Option<crate::cards::Card>| {
                    let n = seat_index(name)?;
                    Some(match card {
                        Some(c) if self.up.get(n).is_some() && up_cards[n].contains(c) => {
                            format!("up[{n}]")
                        }
                        _ => format!("seats[{n}]"),
                    })
                };
                StudMatchup::new(game, seats.clone(), dead)
                    .map_err(|e| match &e {
                        crate::equity::EquityError::BadSeat(why) => {
                            let (seat, rest) = why.split_once(": ").unwrap_or(("", why));
                            match seat_field(seat) {
                                // The field names the seat; the message says the rest.
                                Some(field) => problems.push(invalid(&field, rest.to_string())),
                                None => problems.push(ScenarioError::Equity(e.clone())),
                            }
                        }
                        crate::equity::EquityError::CardTwice { card, .. } => {
                            let card = *card;
                            placed(
                                e.clone(),
                                |name| field_for(name, Some(card)).or_else(|| card_field(name)),
                                &mut problems,
                            )
                        }
                        _ => placed(
                            e.clone(),
                            |name| field_for(name, None).or_else(|| card_field(name)),
                            &mut problems,
                        ),
                    })
                    .ok()
                    .map(MatchupJob::from)
            }
            _ => None,
        };
        job_or(job, problems)
    }
}

/// Which figure the Chart view's heat map (and `multiodds table`) shows: one of the
/// sweep's figures ([`crate::equity::metrics::SWEEP_METRICS`]), which names and defines it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChartFigure {
    /// The share of the pot.
    #[default]
    Equity,
    /// Alone best.
    Win,
    /// Sharing the best hand.
    Tie,
    /// Classic win odds: win + ties counted half (the published table's figure).
    WinOdds,
}

impl ChartFigure {
    /// Every figure, in menu order.
    pub const ALL: [ChartFigure; 4] = [
        ChartFigure::Equity,
        ChartFigure::Win,
        ChartFigure::Tie,
        ChartFigure::WinOdds,
    ];

    /// The figure's entry in the one table of figures.
    pub fn metric(self) -> &'static Metric {
        let key = match self {
            ChartFigure::Equity => "equity",
            ChartFigure::Win => "win",
            ChartFigure::Tie => "tie",
            ChartFigure::WinOdds => "win_odds",
        };
        metrics::by_key(key).expect("every chart figure is a sweep figure")
    }

    /// The figure's value and standard error at a point.
    pub fn of(self, p: &SweepPoint) -> (f64, f64) {
        (self.metric().value)(p).expect("win, tie, equity and win odds are defined at every point")
    }

    /// Its name in lower case ("win odds").
    pub fn name(self) -> String {
        self.metric().name.to_lowercase()
    }
}

/// The Chart view: the 169 starting hands against 1–N opponents holding one range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChartInputs {
    /// Hold'em or short deck (the games with a class chart).
    pub game: Game,
    /// The opponents' range (any two cards: `random`).
    pub opponents: String,
    /// Known board cards.
    pub board: String,
    /// Cards out of play.
    pub dead: String,
    /// Opponent counts computed, inclusive.
    pub opponent_counts: (usize, usize),
    /// The opponent count the heat map shows.
    pub shown_opponents: usize,
    /// The figure the heat map shows.
    pub figure: ChartFigure,
    /// The chart's run: its classes each stop at the target (no time budget).
    pub run: RunInputs,
}

impl Default for ChartInputs {
    fn default() -> ChartInputs {
        ChartInputs {
            game: Game::HOLDEM,
            opponents: "random".into(),
            board: String::new(),
            dead: String::new(),
            opponent_counts: (1, DEFAULT_OPPONENTS),
            shown_opponents: 1,
            figure: ChartFigure::Equity,
            run: RunInputs {
                target_se: 0.005,
                time_budget_ms: 0,
                ..RunInputs::default()
            },
        }
    }
}

impl ChartInputs {
    /// The text of a field.
    pub fn field_text(&self, field: &str) -> Option<&str> {
        match field {
            "opponents" => Some(&self.opponents),
            "board" => Some(&self.board),
            "dead" => Some(&self.dead),
            _ => None,
        }
    }

    /// The opponent count shown, within the counts computed.
    pub fn shown(&self) -> usize {
        let (lo, hi) = self.opponent_counts;
        self.shown_opponents.clamp(lo.max(1), hi.max(lo).max(1))
    }

    /// The chart's run settings: no time budget (each class stops at the target), no
    /// potentials.
    pub fn settings(&self) -> RunSettings {
        RunSettings {
            time_limit: None,
            potential_target_se: None,
            ..self.run.settings()
        }
    }

    /// Every problem, each at its field; the chart to run when there is none.
    pub fn validate(&self) -> Result<ChartSpec, Vec<ScenarioError>> {
        let mut problems = Vec::new();
        self.run.check(&mut problems);
        if !board_game_only(self.game, "The chart", &mut problems) {
            return Err(problems);
        }
        if !self.game.has_two_card_ranges() {
            problems.push(invalid(
                "game",
                format!(
                    "the chart of starting-hand classes is Hold'em's and short deck's, not {}'s",
                    self.game
                ),
            ));
        }
        let vs = range("opponents", &self.opponents, &mut problems);
        // A smaller deck may deal none of the range's hands.
        if let Some(vs) = &vs {
            if HoleRange::from_two_card(vs, self.game).hands().is_empty() {
                problems.push(invalid(
                    "opponents",
                    format!(
                        "{} has no cards below {} (it is {})",
                        self.game,
                        self.game.lowest_rank_name(),
                        self.game.deck_words()
                    ),
                ));
            }
        }
        let cards = board_and_dead(&self.board, &self.dead, &mut problems);
        if let Some((board, dead)) = cards {
            for (field, set) in [("board", board), ("dead", dead)] {
                if let Some(card) = set.difference(self.game.deck()).iter().next() {
                    problems.push(invalid(
                        field,
                        format!(
                            "{card} is not dealt in {} (its deck is {})",
                            self.game,
                            self.game.deck_words()
                        ),
                    ));
                }
            }
        }
        let mut counts = check_counts(self.opponent_counts, &mut problems);
        let most = self.game.max_seats() - 1;
        if counts && self.opponent_counts.1 > most {
            problems.push(invalid(
                "opponent_counts",
                format!(
                    "{} opponents: {} deals at most {most} beside the hero ({} cards, the board 5 of them)",
                    self.opponent_counts.1,
                    self.game,
                    self.game.deck().len()
                ),
            ));
            counts = false;
        }
        let job = match (vs, cards) {
            (Some(vs), Some((board, dead))) if counts && problems.is_empty() => {
                let (lo, hi) = self.opponent_counts;
                Some(ChartSpec {
                    game: self.game,
                    board,
                    dead,
                    counts: lo..=hi,
                    vs,
                })
            }
            _ => None,
        };
        job_or(job, problems)
    }
}

/// The Range view: what one range holds on a board, every combo's equity against the
/// other seat's range, and what each next card does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RangeInputs {
    /// The game (Hold'em when a file has none).
    pub game: Game,
    /// The range analysed.
    pub range: String,
    /// The other seats' ranges, one per seat (none: the breakdown alone).
    pub vs: Vec<String>,
    /// Known board cards (none, or 3 to 5).
    pub board: String,
    /// Cards out of play.
    pub dead: String,
}

impl Default for RangeInputs {
    fn default() -> RangeInputs {
        RangeInputs {
            game: Game::HOLDEM,
            range: "22+, A2s+, KTs+, QTs+, JTs, ATo+".into(),
            vs: vec!["TT+, AQ+".into()],
            board: "Kd 7c 2s".into(),
            dead: String::new(),
        }
    }
}

impl RangeInputs {
    /// The text of a field.
    pub fn field_text(&self, field: &str) -> Option<&str> {
        match field {
            "range" => Some(&self.range),
            "board" => Some(&self.board),
            "dead" => Some(&self.dead),
            _ => field
                .strip_prefix("vs[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|i| i.parse::<usize>().ok())
                .and_then(|i| self.vs.get(i).map(String::as_str)),
        }
    }

    /// Every problem, each at its field; the analysis to run when there is none.
    pub fn validate(&self) -> Result<RangeJob, Vec<ScenarioError>> {
        let mut problems = Vec::new();
        if !board_game_only(self.game, "The range analysis", &mut problems) {
            return Err(problems);
        }
        let max = self.game.max_seats();
        if self.vs.len() + 1 > max {
            problems.push(invalid(
                "inputs",
                format!(
                    "{} deals 2 to {max} seats, got {}",
                    self.game.name(),
                    self.vs.len() + 1
                ),
            ));
            // Refused before any range is read (a saved view of 100,000 seats).
            return Err(problems);
        }
        // Empty fields are seats not filled in yet.
        let others = || {
            self.vs
                .iter()
                .enumerate()
                .filter(|(_, t)| !t.trim().is_empty())
        };
        let cards = board_and_dead(&self.board, &self.dead, &mut problems);
        if let Some((board, _)) = cards {
            if !(board.is_empty() || (3..=5).contains(&board.len())) {
                problems.push(invalid(
                    "board",
                    format!(
                        "a flop, turn or river (3 to 5 cards), or none for preflop; got {}",
                        board.len()
                    ),
                ));
            }
        }
        let field_of = |name: &str| match name {
            "range" => Some(name.to_string()),
            _ => name
                .strip_prefix("seat ")
                .and_then(|n| n.parse::<usize>().ok())
                .map(|n| format!("vs[{}]", n - 2))
                .or_else(|| card_field(name)),
        };
        let analysed = seat_range("range", &self.range, self.game, &mut problems);
        let vs: Option<Vec<SeatRange>> = others()
            .map(|(i, t)| seat_range(&format!("vs[{i}]"), t, self.game, &mut problems))
            .collect();
        let job = match (analysed, vs, cards) {
            (Some(analysed), Some(vs), Some((board, dead))) if problems.is_empty() => {
                RangeJob::new(self.game, analysed, vs, board, dead)
                    .map_err(|e| placed(e, field_of, &mut problems))
                    .ok()
            }
            _ => None,
        };
        job_or(job, problems)
    }
}
