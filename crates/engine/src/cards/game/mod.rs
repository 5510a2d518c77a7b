//! The game being played, as data ([`Game`]): its deck, how its cards are dealt
//! ([`Dealing`]) and how a hand is valued ([`Valuation`]). One value flows from the inputs
//! (scenario files, the CLI's `--game`, each view's selector) to the evaluator
//! (reference §9); everything else reads these fields and never asks which game it is.
//! The games MultiOdds offers are constants ([`Game::ALL`]); [`Game::define`] makes
//! another from its parts (the tests play Hold'em on a 20-card deck that way).

use super::{Card, CardSet};
use std::fmt;
use std::sync::Mutex;

/// How a game's cards are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Dealing {
    /// Cards each seat holds face down.
    pub down_cards: u8,
    /// Cards each seat holds face up (stud; none in the board games).
    pub up_cards: u8,
    /// Community boards.
    pub boards: u8,
    /// Cards on each board when it is complete.
    pub board_cards: u8,
    /// Draws: a draw game's seats keep some cards and draw the rest (none in the others).
    #[serde(default)]
    pub draws: u8,
}

/// Which of a seat's cards make its five-card hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum HandRule {
    /// The best five of the seat's cards and the board's (Hold'em).
    BestFive,
    /// Exactly two of the seat's cards and exactly three of the board's (Omaha).
    TwoPlusThree,
}

/// How high hands rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum HighOrder {
    /// The usual order: straight flush, quads, full house, flush, straight, trips…
    Standard,
    /// Short deck's: a flush beats a full house, trips beat a straight, A-6-7-8-9 is the
    /// lowest straight.
    ShortDeck,
}

/// Whether (and how) the pot is split with a low hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LowRule {
    /// High only: the best high hand takes the pot.
    HighOnly,
    /// Half the pot to the best five different ranks of 8 or lower (ace low, straights
    /// and flushes do not spoil it); with no such low the high hand takes it all.
    EightOrBetter,
    /// The whole pot to the best A-5 low (razz): no qualifier, aces low, straights and
    /// flushes ignored, pairs count against; the high order plays no part.
    AceToFive,
    /// The whole pot to the best 2-7 low: aces high, straights and flushes count against
    /// (7-5-4-3-2 of mixed suits is the best).
    DeuceToSeven,
    /// The whole pot to the best badugi: the largest subset of distinct ranks and suits,
    /// aces low (A-2-3-4 of four suits is the best).
    Badugi,
}

/// How a hand is valued: which cards make it, how high hands rank, and the low half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Valuation {
    /// Which cards make a hand.
    pub hand: HandRule,
    /// How high hands rank.
    pub high: HighOrder,
    /// The low half of the pot, if any.
    pub low: LowRule,
}

/// A poker game: its names, deck, dealing and valuation.
///
/// Invariant (kept by [`Game::define`]): the deck deals the board and at least two seats,
/// and the evaluators value the combination of rules.
/// Written in files as its key (`game: "omaha-hilo"`) when it is one of [`Game::ALL`],
/// else as its definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    key: &'static str,
    name: &'static str,
    rules: &'static str,
    deck: CardSet,
    dealing: Dealing,
    valuation: Valuation,
}

/// The short deck: sixes to aces (ranks 4 to 12), 36 cards.
pub const SHORT_DECK: CardSet = CardSet::from_bits(((1u64 << 52) - 1) & !((1u64 << 16) - 1));

/// A board game's dealing: `down` hole cards, one five-card board.
const fn board_game(down: u8) -> Dealing {
    Dealing {
        down_cards: down,
        up_cards: 0,
        boards: 1,
        board_cards: 5,
        draws: 0,
    }
}

const HIGH: Valuation = Valuation {
    hand: HandRule::BestFive,
    high: HighOrder::Standard,
    low: LowRule::HighOnly,
};
const OMAHA_HIGH: Valuation = Valuation {
    hand: HandRule::TwoPlusThree,
    high: HighOrder::Standard,
    low: LowRule::HighOnly,
};
const OMAHA_HI_LO: Valuation = Valuation {
    hand: HandRule::TwoPlusThree,
    high: HighOrder::Standard,
    low: LowRule::EightOrBetter,
};

/// Seven-card stud's dealing: two down cards and one up (3rd street), three more up
/// (4th to 6th), one down (7th); no board.
const STUD_DEALING: Dealing = Dealing {
    down_cards: 3,
    up_cards: 4,
    boards: 0,
    board_cards: 0,
    draws: 0,
};

/// A single-draw game's dealing: `down` cards each, one draw, no board.
const fn draw_game(down: u8) -> Dealing {
    Dealing {
        down_cards: down,
        up_cards: 0,
        boards: 0,
        board_cards: 0,
        draws: 1,
    }
}

/// A draw game's valuation: the whole pot to the lowest hand by `low`.
const fn lowball(low: LowRule) -> Valuation {
    Valuation {
        hand: HandRule::BestFive,
        high: HighOrder::Standard,
        low,
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::HOLDEM
    }
}

impl Game {
    /// Texas Hold'em: 52 cards, 2 hole cards, best five of seven.
    pub const HOLDEM: Game = Game {
        key: "holdem",
        name: "Hold'em",
        rules:
            "52 cards; two hole cards each; the best five of the seven cards (hole and board) wins.",
        deck: CardSet::FULL,
        dealing: board_game(2),
        valuation: HIGH,
    };
    /// Short deck (6-plus) Hold'em: 36 cards (6 to A), 2 hole cards; A-6-7-8-9 is the
    /// lowest straight; three of a kind beats a straight and a flush beats a full house.
    pub const SHORT_DECK: Game = Game {
        key: "shortdeck",
        name: "Short deck",
        rules: "36 cards (sixes to aces); two hole cards each; the best five of seven. A-6-7-8-9 is the lowest straight; three of a kind beats a straight and a flush beats a full house.",
        deck: SHORT_DECK,
        dealing: board_game(2),
        valuation: Valuation {
            hand: HandRule::BestFive,
            high: HighOrder::ShortDeck,
            low: LowRule::HighOnly,
        },
    };
    /// Omaha: 4 hole cards, exactly two of them with exactly three board cards.
    pub const OMAHA: Game = Game {
        key: "omaha",
        name: "Omaha",
        rules: "52 cards; four hole cards each; a hand is exactly two hole cards and exactly three board cards.",
        deck: CardSet::FULL,
        dealing: board_game(4),
        valuation: OMAHA_HIGH,
    };
    /// Five-card Omaha.
    pub const OMAHA5: Game = Game {
        key: "omaha5",
        name: "5-card Omaha",
        rules: "52 cards; five hole cards each; exactly two hole cards and three board cards.",
        deck: CardSet::FULL,
        dealing: board_game(5),
        valuation: OMAHA_HIGH,
    };
    /// Six-card Omaha.
    pub const OMAHA6: Game = Game {
        key: "omaha6",
        name: "6-card Omaha",
        rules: "52 cards; six hole cards each; exactly two hole cards and three board cards.",
        deck: CardSet::FULL,
        dealing: board_game(6),
        valuation: OMAHA_HIGH,
    };
    /// Omaha hi/lo (8 or better).
    pub const OMAHA_HILO: Game = Game {
        key: "omaha-hilo",
        name: "Omaha hi/lo",
        rules: "Omaha (four hole cards) with the pot split between the best high hand and the best low: five different ranks of 8 or lower (ace low), two from the hole and three from the board; straights and flushes do not spoil a low. With no qualifying low the high hand takes the whole pot.",
        deck: CardSet::FULL,
        dealing: board_game(4),
        valuation: OMAHA_HI_LO,
    };
    /// Five-card Omaha hi/lo.
    pub const OMAHA5_HILO: Game = Game {
        key: "omaha5-hilo",
        name: "5-card Omaha hi/lo",
        rules: "5-card Omaha with the pot split high and 8-or-better low, as Omaha hi/lo.",
        deck: CardSet::FULL,
        dealing: board_game(5),
        valuation: OMAHA_HI_LO,
    };
    /// Six-card Omaha hi/lo.
    pub const OMAHA6_HILO: Game = Game {
        key: "omaha6-hilo",
        name: "6-card Omaha hi/lo",
        rules: "6-card Omaha with the pot split high and 8-or-better low, as Omaha hi/lo.",
        deck: CardSet::FULL,
        dealing: board_game(6),
        valuation: OMAHA_HI_LO,
    };
    /// Seven-card stud: seven cards each (three down, four up), no board; the best five
    /// of seven, high.
    pub const STUD: Game = Game {
        key: "stud",
        name: "Stud",
        rules: "Seven-card stud: 52 cards; each seat gets two down cards and one up card (3rd street), three more up cards (4th to 6th) and a last down card (7th); no board. The best five of the seven wins. With more seats than the deck can give seven cards, the 7th street card is one community card for all.",
        deck: CardSet::FULL,
        dealing: STUD_DEALING,
        valuation: HIGH,
    };
    /// Seven-card stud hi/lo (8 or better).
    pub const STUD_HILO: Game = Game {
        key: "stud-hilo",
        name: "Stud hi/lo",
        rules: "Seven-card stud (as Stud) with the pot split between the best high hand and the best low: five different ranks of 8 or lower (ace low) from any five of the seven cards (the high and the low may use different cards); straights and flushes do not spoil a low. With no qualifying low the high hand takes the whole pot.",
        deck: CardSet::FULL,
        dealing: STUD_DEALING,
        valuation: Valuation {
            hand: HandRule::BestFive,
            high: HighOrder::Standard,
            low: LowRule::EightOrBetter,
        },
    };
    /// Razz: seven-card stud for the best A-5 low.
    pub const RAZZ: Game = Game {
        key: "razz",
        name: "Razz",
        rules: "Seven-card stud (as Stud) played for low: the best A-5 low of any five of the seven cards takes the whole pot. Aces are low, straights and flushes do not count, pairs count against; 5-4-3-2-A is the best hand and any unpaired hand beats any paired one.",
        deck: CardSet::FULL,
        dealing: STUD_DEALING,
        valuation: Valuation {
            hand: HandRule::BestFive,
            high: HighOrder::Standard,
            low: LowRule::AceToFive,
        },
    };

    /// 2-7 single draw: five cards, one draw, the lowest 2-7 hand wins.
    pub const DRAW_27: Game = Game {
        key: "2-7-draw",
        name: "2-7 single draw",
        rules: "2-7 (deuce-to-seven) single draw: 52 cards; five cards each, one draw (each seat keeps the cards it names and draws the rest); the lowest hand wins: aces high, straights and flushes count against, 7-5-4-3-2 of mixed suits is the best.",
        deck: CardSet::FULL,
        dealing: draw_game(5),
        valuation: lowball(LowRule::DeuceToSeven),
    };
    /// A-5 single draw: five cards, one draw, the lowest A-5 hand wins.
    pub const DRAW_A5: Game = Game {
        key: "a-5-draw",
        name: "A-5 single draw",
        rules: "A-5 (ace-to-five) single draw: 52 cards; five cards each, one draw; the lowest hand wins: aces low, straights and flushes do not count, pairs count against, 5-4-3-2-A is the best.",
        deck: CardSet::FULL,
        dealing: draw_game(5),
        valuation: lowball(LowRule::AceToFive),
    };
    /// Badugi: four cards, one draw, the best badugi wins.
    pub const BADUGI: Game = Game {
        key: "badugi",
        name: "Badugi",
        rules: "Badugi (single draw): 52 cards; four cards each, one draw; aces low; the hand is the largest subset of different ranks and different suits (four cards beat any three), then the lowest from its highest card down; A-2-3-4 of four suits is the best.",
        deck: CardSet::FULL,
        dealing: draw_game(4),
        valuation: lowball(LowRule::Badugi),
    };

    /// Every game offered, in menu order.
    pub const ALL: [Game; 14] = [
        Game::HOLDEM,
        Game::SHORT_DECK,
        Game::OMAHA,
        Game::OMAHA5,
        Game::OMAHA6,
        Game::OMAHA_HILO,
        Game::OMAHA5_HILO,
        Game::OMAHA6_HILO,
        Game::STUD,
        Game::STUD_HILO,
        Game::RAZZ,
        Game::DRAW_27,
        Game::DRAW_A5,
        Game::BADUGI,
    ];

    /// The games of [`Game::ALL`] that deal a board, for the views that read one (the
    /// Range, Flops and MultiOdds views).
    pub fn with_board() -> Vec<Game> {
        Game::ALL.into_iter().filter(|g| g.has_board()).collect()
    }

    /// A game from its parts: `name` (its key is the name in lower case, spaces as `-`),
    /// its deck, dealing and valuation. Refused when the deck cannot deal the board and
    /// two seats, or when the engine does not deal or value that combination yet.
    ///
    /// One function because it is the list of rules a defined game must keep, each refusal
    /// with its reason.
    pub fn define(
        name: &str,
        deck: CardSet,
        dealing: Dealing,
        valuation: Valuation,
    ) -> Result<Game, InvalidGame> {
        let refuse = |why: &str| Err(InvalidGame(format!("{name}: {why}")));
        if name.trim().is_empty() {
            return Err(InvalidGame("a game needs a name".into()));
        }
        if dealing.down_cards == 0 {
            return refuse("a seat needs at least one card");
        }
        let seat = (dealing.down_cards + dealing.up_cards) as usize;
        let lowball = matches!(valuation.low, LowRule::DeuceToSeven | LowRule::Badugi);
        if dealing.draws > 0 {
            // A draw game: the seats' own cards, one draw, the lowest hand wins.
            if dealing.draws != 1 {
                return refuse("the engine deals one draw");
            }
            if dealing.boards != 0 || dealing.board_cards != 0 || dealing.up_cards != 0 {
                return refuse("a draw game deals no board and no up cards");
            }
            let needs = if valuation.low == LowRule::Badugi {
                4
            } else {
                5
            };
            if !(lowball || valuation.low == LowRule::AceToFive) || dealing.down_cards != needs {
                return refuse("a draw game is 2-7 or A-5 with five cards, or badugi with four");
            }
        } else if lowball {
            return refuse("2-7 and badugi values are for draw games");
        } else if dealing.boards == 0 {
            // A stud game: every card is a seat's own (up to one community card).
            if dealing.board_cards != 0 {
                return refuse("a game without a board has no board cards");
            }
            if !(5..=7).contains(&seat) || dealing.up_cards == 0 {
                return refuse("a game without a board deals 5 to 7 cards each, some of them up");
            }
            if valuation.hand != HandRule::BestFive || valuation.high != HighOrder::Standard {
                return refuse(
                    "a game without a board is valued as the best five, in the usual order",
                );
            }
        } else {
            if dealing.up_cards > 0 {
                return refuse("up cards are dealt in games without a board (stud) only");
            }
            if dealing.boards != 1 || dealing.board_cards != 5 {
                return refuse("the engine deals one five-card board");
            }
            if valuation.hand == HandRule::TwoPlusThree && dealing.down_cards < 2 {
                return refuse("two hole cards and three board cards need at least two hole cards");
            }
            if dealing.down_cards > 6 {
                return refuse("at most six hole cards");
            }
            if valuation.high == HighOrder::ShortDeck && valuation.hand == HandRule::TwoPlusThree {
                return refuse("short deck's order is valued for the best five only");
            }
            if valuation.low == LowRule::EightOrBetter && valuation.hand != HandRule::TwoPlusThree {
                return refuse(
                    "an 8-or-better low with a board is valued for two hole and three board cards only",
                );
            }
            if valuation.low == LowRule::AceToFive {
                return refuse("an A-5 low is valued in games without a board (razz) only");
            }
        }
        if deck.len() < 2 * seat + (dealing.boards * dealing.board_cards) as usize {
            return refuse("the deck cannot deal the board and two seats");
        }
        let key = intern(name.trim().to_lowercase().replace(' ', "-"));
        let low = match valuation.low {
            LowRule::HighOnly => "",
            LowRule::EightOrBetter => "; the pot split with an 8-or-better low",
            LowRule::AceToFive => "; the whole pot to the best A-5 low",
            LowRule::DeuceToSeven => "; the whole pot to the best 2-7 low",
            LowRule::Badugi => "; the whole pot to the best badugi",
        };
        let rules = intern(if dealing.draws > 0 {
            format!(
                "{} cards; {} cards each and one draw{low}.",
                deck.len(),
                dealing.down_cards
            )
        } else if dealing.boards == 0 {
            format!(
                "{} cards; {} down and {} up cards each, no board; the best five of them{low}.",
                deck.len(),
                dealing.down_cards,
                dealing.up_cards,
            )
        } else {
            format!(
                "{} cards; {} hole cards each; {}{low}.",
                deck.len(),
                dealing.down_cards,
                match valuation.hand {
                    HandRule::BestFive => "the best five of hole and board cards",
                    HandRule::TwoPlusThree => "exactly two hole cards and three board cards",
                },
            )
        });
        Ok(Game {
            key,
            name: intern(name.trim().to_string()),
            rules,
            deck,
            dealing,
            valuation,
        })
    }

    /// The name on the command line and in files (`holdem`, `omaha-hilo`…).
    pub const fn key(self) -> &'static str {
        self.key
    }

    /// The name people read (`Omaha hi/lo`).
    pub const fn name(self) -> &'static str {
        self.name
    }

    /// The game's rules in a few sentences, for Help and the CLI.
    pub const fn rules(self) -> &'static str {
        self.rules
    }

    /// The cards in play.
    pub const fn deck(self) -> CardSet {
        self.deck
    }

    /// How the cards are dealt.
    pub const fn dealing(self) -> Dealing {
        self.dealing
    }

    /// How a hand is valued.
    pub const fn valuation(self) -> Valuation {
        self.valuation
    }

    /// Whether `card` is in this game's deck.
    pub const fn has_card(self, card: Card) -> bool {
        self.deck.contains(card)
    }

    /// The lowest rank in the deck (0 for deuces; 4 for short deck's sixes).
    pub fn lowest_rank(self) -> u8 {
        self.deck.iter().map(|c| c.rank()).min().unwrap_or(0)
    }

    /// The deck in words: "sixes to aces" for every card from the lowest rank up,
    /// "20 cards" for any other deck.
    pub fn deck_words(self) -> String {
        const PLURAL: [&str; 13] = [
            "deuces", "treys", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces",
        ];
        let lowest = self.lowest_rank();
        let from_lowest = (lowest..13).flat_map(|r| (0..4).map(move |s| Card::new(r, s)));
        if from_lowest.clone().count() == self.deck.len()
            && from_lowest.into_iter().all(|c| self.deck.contains(c))
        {
            format!("{} to aces", PLURAL[lowest as usize])
        } else {
            format!("{} cards", self.deck.len())
        }
    }

    /// The lowest rank's name ("six"), for "no cards below six".
    pub fn lowest_rank_name(self) -> &'static str {
        const NAME: [&str; 13] = [
            "deuce", "trey", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace",
        ];
        NAME[self.lowest_rank() as usize]
    }

    /// Cards each seat holds (down and up).
    pub const fn hole_cards(self) -> usize {
        (self.dealing.down_cards + self.dealing.up_cards) as usize
    }

    /// Cards on the board when it is complete (every board's).
    pub const fn board_cards(self) -> usize {
        (self.dealing.boards * self.dealing.board_cards) as usize
    }

    /// Most seats the deck allows: hole cards × seats + board cards ≤ deck (Hold'em 23,
    /// short deck 15, Omaha 11, 5-card 9, 6-card 7); in a game without a board, with the
    /// last card one community card for all when the deck runs short (stud 8).
    pub const fn max_seats(self) -> usize {
        if self.is_draw() {
            // Every seat's hand from the deck; what the draws need is checked by the draw.
            self.deck.len() / self.hole_cards()
        } else if self.has_board() {
            (self.deck.len() - self.board_cards()) / self.hole_cards()
        } else {
            (self.deck.len() - 1) / (self.hole_cards() - 1)
        }
    }

    /// Whether the game deals a community board (not stud's games).
    pub const fn has_board(self) -> bool {
        self.dealing.boards > 0
    }

    /// Whether the whole pot goes to the best A-5 low (razz).
    pub const fn is_low_only(self) -> bool {
        matches!(self.valuation.low, LowRule::AceToFive)
    }

    /// Whether seats keep some cards and draw the rest (2-7 and A-5 single draw, badugi).
    pub const fn is_draw(self) -> bool {
        self.dealing.draws > 0
    }

    /// Whether seats hold down and up cards and no board (stud, stud hi/lo, razz).
    pub const fn is_stud(self) -> bool {
        !self.has_board() && !self.is_draw()
    }

    /// Whether a hand is made of exactly two hole cards and three board cards.
    pub const fn is_omaha(self) -> bool {
        matches!(self.valuation.hand, HandRule::TwoPlusThree)
    }

    /// Whether high hands rank in short deck's order.
    pub const fn has_short_deck_order(self) -> bool {
        matches!(self.valuation.high, HighOrder::ShortDeck)
    }

    /// Whether the pot is split with the best 8-or-better low.
    pub const fn is_hi_lo(self) -> bool {
        matches!(self.valuation.low, LowRule::EightOrBetter)
    }

    /// Whether the game is Hold'em in all but its name: 52 cards, two hole cards, one
    /// five-card board, the best five in the usual order, high only. The engine's Hold'em
    /// paths (combos, the preflop table, the Range view's lines) compute exactly such a
    /// game, whatever it is called; every other test of "is this Hold'em" reads this.
    pub fn plays_as_holdem(self) -> bool {
        self.deck.len() == 52 && self.dealing == board_game(2) && self.valuation == HIGH
    }

    /// Whether the game is short deck in all but its name (sixes to aces, two hole
    /// cards, one board, short deck's order, high only): its shipped tables apply.
    pub fn plays_as_short_deck(self) -> bool {
        self.deck == SHORT_DECK
            && self.dealing == board_game(2)
            && self.valuation == Game::SHORT_DECK.valuation
    }

    /// Whether ranges are written in Hold'em's two-card notation (and the 13×13 grid applies).
    pub const fn has_two_card_ranges(self) -> bool {
        self.hole_cards() == 2
    }

    /// Whether this is the game every view opens in (Hold'em), whose headings need no
    /// game name.
    pub fn is_default(self) -> bool {
        self == Game::default()
    }

    /// The game's name and `separator` ("Omaha: ") to put in front of a title, or nothing
    /// in the default game.
    pub fn prefix(self, separator: &str) -> String {
        if self.is_default() {
            String::new()
        } else {
            format!("{}{separator}", self.name)
        }
    }

    /// A heading with the game's name in front ("Omaha: AAxx vs random"), or as it is in
    /// the default game.
    pub fn heading(self, text: &str) -> String {
        format!("{}{text}", self.prefix(": "))
    }
}

/// A name made `'static` once (games defined at run time are few and live for the
/// process; each distinct name is kept once).
fn intern(text: String) -> &'static str {
    static NAMES: Mutex<Vec<&'static str>> = Mutex::new(Vec::new());
    let mut names = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&known) = names.iter().find(|&&n| n == text) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.into_boxed_str());
    names.push(leaked);
    leaked
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game definition the engine cannot play (see [`Game::define`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidGame(pub String);

/// A game name that is not one of [`Game::ALL`]'s keys.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{name}': use one of {}", Game::ALL.map(|g| g.key()).join(", "), name = .0)]
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
            "2-7" | "27" | "2-7-single-draw" | "deuce-seven" => "2-7-draw",
            "a-5" | "a5" | "a-5-single-draw" | "ace-five" => "a-5-draw",
            "7-stud" | "seven-card-stud" | "7cs" | "stud-high" => "stud",
            "stud8" | "stud/8" | "stud-hi-lo" | "stud-8" => "stud-hilo",
            other => other,
        };
        Game::ALL
            .into_iter()
            .find(|g| g.key() == t)
            .ok_or_else(|| UnknownGame(text.trim().to_string()))
    }
}

/// A game written out in full, for a game that is not one of [`Game::ALL`]. Its rules
/// are words (`"two-plus-three"`), so a file reads as the reference states them.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Definition {
    name: String,
    deck: String,
    down_cards: u8,
    up_cards: u8,
    boards: u8,
    board_cards: u8,
    #[serde(default)]
    draws: u8,
    hand: String,
    high: String,
    low: String,
}

/// The words a definition writes for each rule, and back.
const HAND_WORDS: [(HandRule, &str); 2] = [
    (HandRule::BestFive, "best-five"),
    (HandRule::TwoPlusThree, "two-plus-three"),
];
const HIGH_WORDS: [(HighOrder, &str); 2] = [
    (HighOrder::Standard, "standard"),
    (HighOrder::ShortDeck, "short-deck"),
];
const LOW_WORDS: [(LowRule, &str); 5] = [
    (LowRule::HighOnly, "high-only"),
    (LowRule::EightOrBetter, "eight-or-better"),
    (LowRule::AceToFive, "ace-to-five"),
    (LowRule::DeuceToSeven, "deuce-to-seven"),
    (LowRule::Badugi, "badugi"),
];

fn word_of<T: PartialEq + Copy>(words: &[(T, &'static str)], value: T) -> &'static str {
    words.iter().find(|w| w.0 == value).map_or("", |w| w.1)
}

fn value_of<T: Copy>(words: &[(T, &'static str)], what: &str, text: &str) -> Result<T, String> {
    words
        .iter()
        .find(|w| w.1 == text.trim())
        .map(|w| w.0)
        .ok_or_else(|| {
            let known: Vec<&str> = words.iter().map(|w| w.1).collect();
            format!("the game's {what} '{text}': use {}", known.join(" or "))
        })
}

/// A game as files write it: a key, or a definition.
#[derive(serde::Deserialize)]
#[serde(
    untagged,
    expecting = "a game: its key (holdem, shortdeck, omaha…) or a definition {\"name\", \"deck\", \"down_cards\", \"up_cards\", \"boards\", \"board_cards\" (each 0 to 255), optional \"draws\", \"hand\", \"high\", \"low\"}"
)]
enum Written {
    Key(String),
    Defined(Definition),
}

impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if Game::ALL.contains(self) {
            return s.serialize_str(self.key);
        }
        // Written as a map, not a named struct: RON reads a named struct back only when
        // it knows the type, and a game field is a key or a definition.
        use serde::ser::SerializeMap;
        let d = self.dealing;
        let v = self.valuation;
        let mut m = s.serialize_map(Some(10))?;
        m.serialize_entry("name", self.name)?;
        m.serialize_entry("deck", &self.deck.to_string())?;
        m.serialize_entry("down_cards", &d.down_cards)?;
        m.serialize_entry("up_cards", &d.up_cards)?;
        m.serialize_entry("boards", &d.boards)?;
        m.serialize_entry("board_cards", &d.board_cards)?;
        m.serialize_entry("draws", &d.draws)?;
        m.serialize_entry("hand", word_of(&HAND_WORDS, v.hand))?;
        m.serialize_entry("high", word_of(&HIGH_WORDS, v.high))?;
        m.serialize_entry("low", word_of(&LOW_WORDS, v.low))?;
        m.end()
    }
}

impl<'de> serde::Deserialize<'de> for Game {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        use serde::de::Error;
        let g = match Written::deserialize(d)? {
            Written::Key(key) => return key.parse().map_err(D::Error::custom),
            Written::Defined(g) => g,
        };
        let deck = CardSet::parse(&g.deck)
            .map_err(|e| D::Error::custom(format!("the game's deck: {e}")))?;
        let valuation = Valuation {
            hand: value_of(&HAND_WORDS, "hand", &g.hand).map_err(D::Error::custom)?,
            high: value_of(&HIGH_WORDS, "high", &g.high).map_err(D::Error::custom)?,
            low: value_of(&LOW_WORDS, "low", &g.low).map_err(D::Error::custom)?,
        };
        let dealing = Dealing {
            down_cards: g.down_cards,
            up_cards: g.up_cards,
            boards: g.boards,
            board_cards: g.board_cards,
            draws: g.draws,
        };
        Game::define(&g.name, deck, dealing, valuation).map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests;
