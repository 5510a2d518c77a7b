//! The Matchup view's inputs: 2–23 seats (known hands, weighted ranges, folded seats, stud's
//! up cards, draw hands), the board or boards, dead cards and how the run goes, and their
//! one `validate` into a [`MatchupJob`].

use super::{
    board_and_dead, card_field, dead_cards, invalid, job_or, placed, refuse_board_and_folded,
    seat_field, seat_index, seat_range, RunInputs,
};
use crate::cards::{CardSet, Game};
use crate::equity::games::{MatchupJob, MatchupSeats};
use crate::range::SeatRange;
use crate::scenario::ScenarioError;
use serde::{Deserialize, Serialize};

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
    ///
    /// One function because it is the board games' checks in field order, each problem at
    /// its field; stud and draw have their own.
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
            (Some(ranges), Some(folded), Some((board, dead)), Some(board2))
                if seats_ok && self.boards == 2 && problems.is_empty() =>
            {
                let field_of = |name: &str| match name {
                    "first board" => Some("board".to_string()),
                    "second board" => Some("board2".to_string()),
                    "folded 1" => Some("folded[0]".to_string()),
                    _ => field_of(name),
                };
                let seats = MatchupSeats::Board {
                    seats: ranges,
                    folded,
                    board,
                    board2: Some(board2),
                };
                MatchupJob::build(self.game, seats, dead)
                    .map_err(|e| placed(e, field_of, &mut problems))
                    .ok()
            }
            (Some(ranges), Some(folded), Some((board, dead)), _)
                if seats_ok && self.boards == 1 =>
            {
                let seats = MatchupSeats::Board {
                    seats: ranges,
                    folded,
                    board,
                    board2: None,
                };
                MatchupJob::build(self.game, seats, dead)
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
        let game = self.game;
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
                MatchupJob::build(game, MatchupSeats::Draw(keeps), dead)
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
        use crate::equity::games::stud::{SeatPart, StudSeat};
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
                MatchupJob::build(game, MatchupSeats::Stud(seats.clone()), dead)
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
            }
            _ => None,
        };
        job_or(job, problems)
    }
}
