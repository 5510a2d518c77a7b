//! A statement's bindings sorted out: the game (PQL's names too), the board's and dead
//! cards' texts, and the players in the order bound.

use super::syntax::{Binding, RawStatement};
use super::QueryError;
use crate::cards::Game;

/// A statement's bindings sorted: the game, the board's and dead cards' texts, and the
/// players in the order bound.
pub(super) struct Bound<'a> {
    pub(super) game: Game,
    pub(super) board: Option<&'a Binding>,
    pub(super) dead: Option<&'a Binding>,
    pub(super) players: Vec<&'a Binding>,
}

impl<'a> Bound<'a> {
    /// Sorts `raw`'s bindings, refusing a name bound twice, an unknown game, a game
    /// without a board and a statement without a player.
    pub(super) fn read(raw: &'a RawStatement) -> Result<Bound<'a>, QueryError> {
        let mut bound = Bound {
            game: Game::HOLDEM,
            board: None,
            dead: None,
            players: Vec::new(),
        };
        let mut game_column = 1;
        for b in &raw.bindings {
            let times = |n: &str| {
                raw.bindings
                    .iter()
                    .filter(|o| o.name.eq_ignore_ascii_case(n))
                    .count()
            };
            if times(&b.name) > 1 {
                return Err(QueryError::at(
                    b.column,
                    format!("'{}' is bound twice", b.name),
                ));
            }
            match b.name.to_ascii_lowercase().as_str() {
                "game" => {
                    game_column = b.text_column;
                    bound.game = pql_game(&b.text)
                        .parse::<Game>()
                        .map_err(|e| QueryError::at(b.text_column, e.to_string()))?
                }
                // PQL's choice of range syntax: both are read, classic and generic.
                "syntax" => {
                    if !["generic", "classic"]
                        .contains(&b.text.trim().to_ascii_lowercase().as_str())
                    {
                        return Err(QueryError::at(
                            b.text_column,
                            format!("syntax '{}': use 'generic' or 'classic' (both forms are read either way)", b.text),
                        ));
                    }
                }
                "board" => bound.board = Some(b),
                "dead" => bound.dead = Some(b),
                _ => bound.players.push(b),
            }
        }
        if !bound.game.has_board() {
            return Err(QueryError::at(
                game_column,
                format!(
                    "{} has no board: queries are answered for the board games yet",
                    bound.game
                ),
            ));
        }
        if bound.players.is_empty() {
            return Err(QueryError::whole(
                "name at least one player: hero='AKs'".into(),
            ));
        }
        Ok(bound)
    }
}

/// PQL's game names as MultiOdds names them (`omahahi` is Omaha, `omaha85` 5-card
/// Omaha hi/lo).
fn pql_game(name: &str) -> &str {
    match name.trim().to_ascii_lowercase().as_str() {
        "omahahi" => "omaha",
        "omahahi5" => "omaha5",
        "omaha85" => "omaha5-hilo",
        "studhi" => "stud",
        _ => name,
    }
}
