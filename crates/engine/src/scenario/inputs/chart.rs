//! The Chart view's inputs: the figure charted, the opponents' range and counts, the game,
//! and their one `validate` into a chart job.

use super::{board_and_dead, board_game_only, check_counts, invalid, job_or, range, RunInputs};
use crate::cards::Game;
use crate::equity::chart::ChartSpec;
use crate::equity::metrics::{self, Metric};
use crate::equity::run::RunSettings;
use crate::equity::sweep::SweepPoint;
use crate::equity::sweep::DEFAULT_OPPONENTS;
use crate::range::HoleRange;
use crate::scenario::ScenarioError;
use serde::{Deserialize, Serialize};

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
                target_se: crate::equity::run::CHART_TARGET_SE,
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
        // A smaller deck may deal none of the range's hands (asked only of a two-card
        // game: another is refused above).
        if let Some(vs) = vs.as_ref().filter(|_| self.game.has_two_card_ranges()) {
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
        let counts = check_counts(self.opponent_counts, self.game, &mut problems);
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
