//! The game being played: its deck, how many hole cards a seat holds, and how a hand is
//! valued. One value ([`Game`]) that flows from the inputs (scenario files, the CLI's
//! `--game`, each view's selector) to the evaluator (reference §9).

use super::{Card, CardSet};
use std::fmt;

/// A poker game MultiOdds analyses.
///
/// Written in files as its key, a string (`game: "omaha-hilo"`).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(into = "String", try_from = "String")]
pub enum Game {
    /// Texas Hold'em: 52 cards, 2 hole cards, best five of seven.
    #[default]
    Holdem,
    /// Short deck (6-plus) Hold'em: 36 cards (6 to A), 2 hole cards; A-6-7-8-9 is the
    /// lowest straight; three of a kind beats a straight and a flush beats a full house.
    ShortDeck,
    /// Omaha: 4 hole cards, exactly two of them with exactly three board cards.
    Omaha,
    /// Five-card Omaha.
    Omaha5,
    /// Six-card Omaha.
    Omaha6,
    /// Omaha hi/lo (8 or better).
    OmahaHiLo,
    /// Five-card Omaha hi/lo.
    Omaha5HiLo,
    /// Six-card Omaha hi/lo.
    Omaha6HiLo,
}

/// The short deck: sixes to aces (ranks 4 to 12), 36 cards.
pub const SHORT_DECK: CardSet = CardSet::from_bits(((1u64 << 52) - 1) & !((1u64 << 16) - 1));

impl Game {
    /// Every game, in menu order.
    pub const ALL: [Game; 8] = [
        Game::Holdem,
        Game::ShortDeck,
        Game::Omaha,
        Game::Omaha5,
        Game::Omaha6,
        Game::OmahaHiLo,
        Game::Omaha5HiLo,
        Game::Omaha6HiLo,
    ];

    /// The name on the command line and in files (`holdem`, `omaha-hilo`…).
    pub const fn key(self) -> &'static str {
        match self {
            Game::Holdem => "holdem",
            Game::ShortDeck => "shortdeck",
            Game::Omaha => "omaha",
            Game::Omaha5 => "omaha5",
            Game::Omaha6 => "omaha6",
            Game::OmahaHiLo => "omaha-hilo",
            Game::Omaha5HiLo => "omaha5-hilo",
            Game::Omaha6HiLo => "omaha6-hilo",
        }
    }

    /// The name people read (`Omaha hi/lo`).
    pub const fn name(self) -> &'static str {
        match self {
            Game::Holdem => "Hold'em",
            Game::ShortDeck => "Short deck",
            Game::Omaha => "Omaha",
            Game::Omaha5 => "5-card Omaha",
            Game::Omaha6 => "6-card Omaha",
            Game::OmahaHiLo => "Omaha hi/lo",
            Game::Omaha5HiLo => "5-card Omaha hi/lo",
            Game::Omaha6HiLo => "6-card Omaha hi/lo",
        }
    }

    /// Hole cards per seat.
    pub const fn hole_cards(self) -> usize {
        match self {
            Game::Holdem | Game::ShortDeck => 2,
            Game::Omaha | Game::OmahaHiLo => 4,
            Game::Omaha5 | Game::Omaha5HiLo => 5,
            Game::Omaha6 | Game::Omaha6HiLo => 6,
        }
    }

    /// The cards in play.
    pub const fn deck(self) -> CardSet {
        match self {
            Game::ShortDeck => SHORT_DECK,
            _ => CardSet::FULL,
        }
    }

    /// Whether `card` is in this game's deck.
    pub const fn has_card(self, card: Card) -> bool {
        self.deck().contains(card)
    }

    /// Most seats the deck allows: hole cards × seats + 5 board cards ≤ deck
    /// (Hold'em 23, short deck 15, Omaha 11, 5-card 9, 6-card 7).
    pub const fn max_seats(self) -> usize {
        (self.deck().len() - 5) / self.hole_cards()
    }

    /// Whether a hand is made of exactly two hole cards and three board cards.
    pub const fn is_omaha(self) -> bool {
        self.hole_cards() > 2
    }

    /// Whether the pot is split with the best 8-or-better low.
    pub const fn is_hi_lo(self) -> bool {
        matches!(self, Game::OmahaHiLo | Game::Omaha5HiLo | Game::Omaha6HiLo)
    }

    /// Whether ranges are written in Hold'em's two-card notation (and the 13×13 grid applies).
    pub const fn has_two_card_ranges(self) -> bool {
        self.hole_cards() == 2
    }

    /// The game's rules in a few sentences, for Help and the CLI.
    pub const fn rules(self) -> &'static str {
        match self {
            Game::Holdem => "52 cards; two hole cards each; the best five of the seven cards (hole and board) wins.",
            Game::ShortDeck => "36 cards (sixes to aces); two hole cards each; the best five of seven. A-6-7-8-9 is the lowest straight; three of a kind beats a straight and a flush beats a full house.",
            Game::Omaha => "52 cards; four hole cards each; a hand is exactly two hole cards and exactly three board cards.",
            Game::Omaha5 => "52 cards; five hole cards each; exactly two hole cards and three board cards.",
            Game::Omaha6 => "52 cards; six hole cards each; exactly two hole cards and three board cards.",
            Game::OmahaHiLo => "Omaha (four hole cards) with the pot split between the best high hand and the best low: five different ranks of 8 or lower (ace low), two from the hole and three from the board; straights and flushes do not spoil a low. With no qualifying low the high hand takes the whole pot.",
            Game::Omaha5HiLo => "5-card Omaha with the pot split high and 8-or-better low, as Omaha hi/lo.",
            Game::Omaha6HiLo => "6-card Omaha with the pot split high and 8-or-better low, as Omaha hi/lo.",
        }
    }
}

impl From<Game> for String {
    fn from(game: Game) -> String {
        game.key().to_string()
    }
}

impl TryFrom<String> for Game {
    type Error = UnknownGame;

    fn try_from(text: String) -> Result<Game, UnknownGame> {
        text.parse()
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game name that is not one of [`Game::ALL`]'s keys.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}': use one of holdem, shortdeck, omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo, omaha6-hilo")]
pub struct UnknownGame(pub String);

impl std::str::FromStr for Game {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<Game, UnknownGame> {
        let t = text.trim().to_ascii_lowercase();
        // Common spellings of the same games.
        let t = match t.as_str() {
            "hold'em" | "nlhe" | "nl" | "texas" => "holdem",
            "short-deck" | "6plus" | "6+" | "sixplus" => "shortdeck",
            "plo" | "omaha4" => "omaha",
            "plo5" => "omaha5",
            "plo6" => "omaha6",
            "omaha8" | "o8" | "omaha-hi-lo" | "plo8" => "omaha-hilo",
            other => other,
        };
        Game::ALL
            .into_iter()
            .find(|g| g.key() == t)
            .ok_or_else(|| UnknownGame(text.trim().to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_and_seats() {
        assert_eq!(Game::ShortDeck.deck().len(), 36);
        assert!(!Game::ShortDeck.has_card("5s".parse().unwrap()));
        assert!(Game::ShortDeck.has_card("6c".parse().unwrap()));
        let seats: Vec<usize> = Game::ALL.iter().map(|g| g.max_seats()).collect();
        assert_eq!(seats, [23, 15, 11, 9, 7, 11, 9, 7]);
        for g in Game::ALL {
            assert_eq!(g.key().parse::<Game>(), Ok(g));
        }
        assert!("razz"
            .parse::<Game>()
            .unwrap_err()
            .to_string()
            .contains("omaha-hilo"));
    }
}
