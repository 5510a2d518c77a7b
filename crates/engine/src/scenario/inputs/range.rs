//! The Range view's inputs: the range analysed, the other seats' ranges, the board and the
//! dead cards, and their one `validate` into a [`RangeJob`].

use super::{board_and_dead, board_game_only, card_field, invalid, job_or, placed, seat_range};
use crate::cards::Game;
use crate::equity::range_analysis::RangeJob;
use crate::range::SeatRange;
use crate::scenario::ScenarioError;
use serde::{Deserialize, Serialize};

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
