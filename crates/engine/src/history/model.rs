//! A hand as it was played: who sat where with what, each street's board and actions,
//! what each player showed, collected and cashed out, and the summary's totals — the
//! facts a hand-history text states, before any arithmetic on them.

use super::amount::Amount;
use crate::cards::{Card, CardSet, Game};

/// Where a hand came from: its file and the line its header is on (from 1).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Source {
    /// The file as it was named to the reader.
    pub file: String,
    /// The header's line.
    pub line: usize,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// The game as the site named it, and the engine's game when the engine values it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct HandGame {
    /// The site's words (`Hold'em No Limit`, `5 Card Omaha Hi/Lo Pot Limit`).
    pub text: String,
    /// The engine's game; `None` when equity is not offered in it.
    #[serde(serialize_with = "game_key")]
    pub game: Option<Game>,
    /// Why equity is not offered (the game the engine does not value), when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub no_equity: Option<String>,
    /// Hold'em with one card of the flop dealt face up before the first bet (Courchevel):
    /// the first flop card is on the board from the start.
    #[serde(skip)]
    pub board_card_first: bool,
}

fn game_key<S: serde::Serializer>(g: &Option<Game>, s: S) -> Result<S::Ok, S::Error> {
    match g {
        Some(g) => s.serialize_str(g.key()),
        None => s.serialize_none(),
    }
}

/// A seated player.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Player {
    /// The seat number the site gives.
    pub seat: u8,
    /// The name (anonymised names are kept as written).
    pub name: String,
    /// Chips at the start of the hand.
    pub stack: Amount,
    /// Sat out this hand (dealt no cards, posted nothing, or marked so on the seat line).
    pub sitting_out: bool,
    /// The cards the text shows this player holding (dealt to the observer, shown,
    /// mucked face up), in the order written; empty when unknown.
    #[serde(serialize_with = "cards_text")]
    pub cards: Vec<Card>,
    /// In stud games, the cards the text shows this player dealt, each with its street
    /// (an index into [`Hand::streets`]) and whether it was dealt face up: what the
    /// replay's equity at each street knows. Empty in other games.
    #[serde(skip)]
    pub dealt: Vec<DealtCard>,
    /// In draw games, each draw this player made (how many cards thrown, and which when
    /// the text shows them), in order. Empty in other games.
    #[serde(skip)]
    pub discards: Vec<Discard>,
}

impl Player {
    /// In a draw game, the hand this player held in betting round `street` (an index
    /// into [`Hand::streets`]) when the text shows it: the observer's from its deals and
    /// discards; another player's when it was shown and stood pat on every later draw.
    pub fn draw_hand_at(&self, street: usize) -> Option<Vec<Card>> {
        if self.dealt.is_empty() {
            let draws_later = self
                .discards
                .iter()
                .any(|d| d.street > street && d.count > 0);
            return (!self.cards.is_empty() && !draws_later).then(|| self.cards.clone());
        }
        let mut hand: Vec<Card> = Vec::new();
        for s in 0..=street {
            for d in self.discards.iter().filter(|d| d.street == s) {
                hand.retain(|c| !d.cards.contains(c));
            }
            hand.extend(self.dealt.iter().filter(|d| d.street == s).map(|d| d.card));
        }
        Some(hand)
    }

    /// The draw this player made to open betting round `street`, if any.
    pub fn draw_at(&self, street: usize) -> Option<&Discard> {
        self.discards.iter().find(|d| d.street == street)
    }
}

/// One draw of a draw game's player: the cards thrown for new ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discard {
    /// The betting round the draw opens (an index into [`Hand::streets`]).
    pub street: usize,
    /// How many cards were thrown; 0 stood pat.
    pub count: usize,
    /// The cards thrown when the text shows them (the observer's own); empty otherwise.
    pub cards: Vec<Card>,
}

/// A card as dealt: on which street, face up or down (stud), or in a draw game the
/// first deal's cards (street 0) and each draw's new ones (always down).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealtCard {
    /// The street it came on (an index into [`Hand::streets`]).
    pub street: usize,
    /// The card.
    pub card: Card,
    /// Dealt face up.
    pub up: bool,
}

pub(crate) fn cards_text<S: serde::Serializer>(c: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&crate::cards::format_cards(c))
}

/// A betting round (or the cards before the first one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StreetName {
    /// Blinds, antes, straddles and the first round (hole cards).
    Preflop,
    /// After three board cards.
    Flop,
    /// After the fourth.
    Turn,
    /// After the fifth.
    River,
    /// A later betting round of a game without a board (stud's streets, the draws),
    /// counted from 2 (round 1 is [`StreetName::Preflop`]'s place).
    Round(u8),
}

impl StreetName {
    /// The street's name in the views.
    pub fn title(self) -> &'static str {
        match self {
            StreetName::Preflop => "Preflop",
            StreetName::Flop => "Flop",
            StreetName::Turn => "Turn",
            StreetName::River => "River",
            StreetName::Round(_) => "Later round",
        }
    }

    /// Board cards on this street.
    pub fn board_cards(self) -> usize {
        match self {
            StreetName::Preflop => 0,
            StreetName::Flop => 3,
            StreetName::Turn => 4,
            StreetName::River | StreetName::Round(_) => 5,
        }
    }
}

/// What a player did.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// A forced bet that counts toward the player's bet this round (blinds, straddles,
    /// a bring-in).
    PostLive,
    /// A forced bet that does not (antes, the dead part of a missed blind).
    PostDead,
    /// Folded.
    Fold,
    /// Checked.
    Check,
    /// Called.
    Call,
    /// Bet.
    Bet,
    /// Raised to `to` this round.
    Raise {
        /// The player's whole bet this round after the raise.
        to: Amount,
    },
    /// An uncalled bet came back to the player.
    Returned,
}

/// One action: who, what, the chips it put in (or took back), and where it is written.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Action {
    /// Index into [`Hand::players`].
    pub player: usize,
    /// What it was.
    pub kind: ActionKind,
    /// Chips moved: into the pot for bets, out of it for [`ActionKind::Returned`].
    pub amount: Amount,
    /// The text said the player is all-in.
    pub all_in: bool,
    /// The line in the file.
    pub line: usize,
}

/// A street: its board cards (one list per run when the board was run more than once
/// from this street on) and its actions.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Street {
    /// Which street.
    pub name: StreetName,
    /// The site's words for it (`FLOP`, `3rd STREET`, `FIRST DRAW`).
    pub label: String,
    /// The whole board on this street, per run (one entry unless run twice or thrice).
    #[serde(serialize_with = "boards_text")]
    pub boards: Vec<Vec<Card>>,
    /// The actions, in order.
    pub actions: Vec<Action>,
}

fn boards_text<S: serde::Serializer>(b: &[Vec<Card>], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(b.len()))?;
    for board in b {
        seq.serialize_element(&crate::cards::format_cards(board))?;
    }
    seq.end()
}

/// Chips a player took from a pot.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Collected {
    /// Index into [`Hand::players`].
    pub player: usize,
    /// How much.
    pub amount: Amount,
}

/// The summary's figures.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Summary {
    /// `Total pot`.
    pub total: Amount,
    /// `Main pot` and each `Side pot`, when the site lists them.
    pub pots: Vec<Amount>,
    /// Everything the site took from the pot: `Rake`, and `Jackpot`, `Bingo`, `Fortune`,
    /// `Tax` where written, by name.
    pub fees: Vec<(String, Amount)>,
    /// What each player won, by the summary's seat lines (index into [`Hand::players`]).
    pub won: Vec<Amount>,
    /// Players whose winnings were not paid because they cashed out (`pot not awarded`).
    pub not_awarded: Vec<usize>,
}

impl Summary {
    /// The site's take: every fee.
    pub fn taken(&self) -> Amount {
        self.fees.iter().map(|(_, a)| *a).sum()
    }

    /// The pot before the site's take. Some exports (Hold'em Manager 1) wrote the total
    /// after the rake (`Total pot $12.35 | Rake $0.65` for a $13 pot, winnings $12.35):
    /// read as the pot it was.
    pub fn pot_before_take(&self) -> Amount {
        let won: Amount = self.won.iter().copied().sum();
        let taken = self.taken();
        if taken > Amount::ZERO && won == self.total {
            self.total + taken
        } else {
            self.total
        }
    }

    /// The rake alone.
    pub fn rake(&self) -> Amount {
        self.fees
            .iter()
            .filter(|(n, _)| n == "Rake")
            .map(|(_, a)| *a)
            .sum()
    }
}

/// One hand, read.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Hand {
    /// File and line.
    pub source: Source,
    /// The site (`PokerStars`, `GGPoker`, `Full Tilt`, `Run It Once`…).
    pub site: String,
    /// The site's hand number.
    pub id: String,
    /// The game.
    pub game: HandGame,
    /// The stakes as written (`$0.10/$0.25`).
    pub stakes: String,
    /// The currency sign amounts carry (`$`, `€`), empty for chips.
    pub currency: String,
    /// The date and time as written.
    pub date: String,
    /// The table's name.
    pub table: String,
    /// The button's seat number, when stated.
    pub button: Option<u8>,
    /// The players, in seat order.
    pub players: Vec<Player>,
    /// The streets played, in order.
    pub streets: Vec<Street>,
    /// Chips collected from the pot (every run's).
    pub collected: Vec<Collected>,
    /// Players who cashed out (index, amount, fee): paid by the site, not from the pot.
    pub cash_outs: Vec<(usize, Amount, Amount)>,
    /// The summary.
    pub summary: Summary,
    /// The site cancelled the hand (chips went back).
    pub cancelled: bool,
    /// Money the site put in the pot (Splash the Pot, Cash Drop), not any player's.
    pub site_added: Amount,
    /// The player the text dealt cards to face up (the observer, usually the file's
    /// owner); `None` for an observed hand.
    pub hero: Option<usize>,
    /// Tournament prize money the text states a player received (`finished in 1 place
    /// and received $3 USD`), in the order written: paid by the tournament, not the pot.
    pub prizes: Vec<(usize, Amount)>,
}

impl Hand {
    /// The final board of each run (the last street's boards, completed from the summary
    /// where the body left a card out).
    pub fn final_boards(&self) -> Vec<Vec<Card>> {
        self.streets
            .last()
            .map(|s| s.boards.clone())
            .unwrap_or_default()
    }

    /// Every card the text shows (boards and players' cards).
    pub fn known_cards(&self) -> CardSet {
        let mut set = CardSet::EMPTY;
        for p in &self.players {
            for &c in &p.cards {
                set.insert(c);
            }
        }
        for s in &self.streets {
            for b in &s.boards {
                for &c in b {
                    set.insert(c);
                }
            }
        }
        set
    }
}

/// A hand's actions added up as they come: each player's bets (every post, call, bet and
/// raise), what came back uncalled, who folded and who was said to be all-in. The pots,
/// the all-in moment and each street's spot all read the actions through it.
#[derive(Clone, Debug)]
pub(crate) struct Running {
    /// Chips each player put in, returns not taken off.
    pub bets: Vec<Amount>,
    /// Chips that came back to each player uncalled.
    pub returned: Vec<Amount>,
    /// Who folded.
    pub folded: Vec<bool>,
    /// Who the text said is all-in.
    pub all_in: Vec<bool>,
}

impl Running {
    /// Nothing yet, for `players` players.
    pub fn new(players: usize) -> Running {
        Running {
            bets: vec![Amount::ZERO; players],
            returned: vec![Amount::ZERO; players],
            folded: vec![false; players],
            all_in: vec![false; players],
        }
    }

    /// Adds one action.
    pub fn apply(&mut self, a: &Action) {
        match a.kind {
            ActionKind::Returned => self.returned[a.player] += a.amount,
            ActionKind::Fold => self.folded[a.player] = true,
            _ => self.bets[a.player] += a.amount,
        }
        self.all_in[a.player] |= a.all_in;
    }

    /// Adds every action of `streets`.
    pub fn through(players: usize, streets: &[Street]) -> Running {
        let mut r = Running::new(players);
        for a in streets.iter().flat_map(|s| &s.actions) {
            r.apply(a);
        }
        r
    }

    /// What player `p` has in: bets less returns.
    pub fn put_in(&self, p: usize) -> Amount {
        self.bets[p] - self.returned[p]
    }
}
