//! The MultiOdds view's inputs: a hero against 1–N opponents holding one range, and their
//! one `validate` into a [`SweepJob`].

use super::{
    board_and_dead, card_field, check_counts, check_counts_within, dead_cards, invalid, job_or,
    placed, refuse_board_and_folded, seat_range, RunInputs,
};
use crate::cards::{CardSet, Game};
use crate::equity::games::SweepJob;
use crate::equity::sweep::{DEFAULT_OPPONENTS, MAX_OPPONENTS};
use crate::scenario::ScenarioError;
use serde::{Deserialize, Serialize};

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
        let counts = check_counts(self.opponent_counts, self.game, &mut problems);
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
