//! A flop's texture (reference §7, the Flops report): its suits, its pairing, its high
//! card and how connected its ranks are, each a small enum with a key for files and a
//! name for the screen. Connectedness is read from the straights two hole cards could
//! make or draw to, so it follows the deck (short deck's A-6-7-8-9 wheel included).

use crate::cards::{Card, Game};
use serde::{Deserialize, Serialize};

/// How many suits the flop shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Suits {
    /// Three suits.
    Rainbow,
    /// Two cards of one suit.
    TwoTone,
    /// All three of one suit.
    Monotone,
}

/// Whether the flop pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pairing {
    /// Three ranks.
    Unpaired,
    /// Two cards of one rank.
    Paired,
    /// Three of a rank.
    Trips,
}

/// The flop's highest rank: ace down to ten, then everything nine or lower.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HighCard {
    /// Ace-high.
    Ace,
    /// King-high.
    King,
    /// Queen-high.
    Queen,
    /// Jack-high.
    Jack,
    /// Ten-high.
    Ten,
    /// Nine-high or lower.
    NineOrLower,
}

/// How connected the flop's ranks are, the strongest that applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Connectedness {
    /// Some two hole cards make a straight.
    Straight,
    /// No straight, but some two hole cards leave two ranks that would each make one
    /// (an open-ended draw or a double gutshot).
    OpenEnded,
    /// The best two hole cards can do is one rank that makes a straight.
    Gutshot,
    /// No two hole cards draw to a straight.
    None,
}

/// A flop's texture on the four axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Texture {
    /// Its suits.
    pub suits: Suits,
    /// Its pairing.
    pub pairing: Pairing,
    /// Its high card.
    pub high: HighCard,
    /// Its connectedness.
    pub connected: Connectedness,
}

impl Suits {
    /// Every value, in report order.
    pub const ALL: [Suits; 3] = [Suits::Rainbow, Suits::TwoTone, Suits::Monotone];
    /// The key in files.
    pub fn key(self) -> &'static str {
        ["rainbow", "two_tone", "monotone"][self as usize]
    }
    /// The name on screen.
    pub fn name(self) -> &'static str {
        ["rainbow", "two-tone", "monotone"][self as usize]
    }
    /// A short name (chart axes).
    pub fn short(self) -> &'static str {
        ["rainbow", "2-tone", "mono"][self as usize]
    }
}

impl Pairing {
    /// Every value, in report order.
    pub const ALL: [Pairing; 3] = [Pairing::Unpaired, Pairing::Paired, Pairing::Trips];
    /// The key in files.
    pub fn key(self) -> &'static str {
        ["unpaired", "paired", "trips"][self as usize]
    }
    /// The name on screen.
    pub fn name(self) -> &'static str {
        ["unpaired", "paired", "trips"][self as usize]
    }
    /// A short name (chart axes).
    pub fn short(self) -> &'static str {
        ["unpaired", "paired", "trips"][self as usize]
    }
}

impl HighCard {
    /// Every value, in report order.
    pub const ALL: [HighCard; 6] = [
        HighCard::Ace,
        HighCard::King,
        HighCard::Queen,
        HighCard::Jack,
        HighCard::Ten,
        HighCard::NineOrLower,
    ];
    /// The key in files.
    pub fn key(self) -> &'static str {
        [
            "a_high",
            "k_high",
            "q_high",
            "j_high",
            "t_high",
            "9_high_or_lower",
        ][self as usize]
    }
    /// The name on screen.
    pub fn name(self) -> &'static str {
        [
            "A-high",
            "K-high",
            "Q-high",
            "J-high",
            "T-high",
            "9-high or lower",
        ][self as usize]
    }
    /// A short name (chart axes).
    pub fn short(self) -> &'static str {
        ["A", "K", "Q", "J", "T", "≤9"][self as usize]
    }
    /// The high card of a flop whose highest rank is `rank` (0 = deuce … 12 = ace).
    pub fn of_rank(rank: u8) -> HighCard {
        match rank {
            12 => HighCard::Ace,
            11 => HighCard::King,
            10 => HighCard::Queen,
            9 => HighCard::Jack,
            8 => HighCard::Ten,
            _ => HighCard::NineOrLower,
        }
    }
}

impl Connectedness {
    /// Every value, in report order.
    pub const ALL: [Connectedness; 4] = [
        Connectedness::Straight,
        Connectedness::OpenEnded,
        Connectedness::Gutshot,
        Connectedness::None,
    ];
    /// The key in files.
    pub fn key(self) -> &'static str {
        [
            "straight_possible",
            "open_ended_possible",
            "gutshot_only",
            "unconnected",
        ][self as usize]
    }
    /// The name on screen.
    pub fn name(self) -> &'static str {
        [
            "straight possible",
            "open-ender possible",
            "gutshots only",
            "no straight draw",
        ][self as usize]
    }
    /// A short name (chart axes).
    pub fn short(self) -> &'static str {
        ["straight", "OESD", "gutshot", "no draw"][self as usize]
    }
    /// What it means, for hover text and Help.
    pub fn definition(self) -> &'static str {
        [
            "some two hole cards make a straight with the flop",
            "no straight, but some two hole cards leave two or more ranks that would each make one (an open-ended draw or a double gutshot)",
            "the best any two hole cards do is one rank that would make a straight",
            "no two hole cards draw to a straight",
        ][self as usize]
    }
}

/// The rank masks of the deck's straights (bit r for rank r): five in a row from the
/// deck's lowest rank up, and the wheel with the ace below the lowest rank.
pub fn straight_windows(game: Game) -> Vec<u16> {
    let low = game.lowest_rank();
    let mut windows = vec![1 << 12 | 0b1111 << low];
    windows.extend((low..=8).map(|bottom| 0b11111 << bottom));
    windows
}

/// The connectedness of a flop of these ranks (a 13-bit mask of its distinct ranks),
/// looked up: every mask of one to three ranks, worked out once per deck.
pub fn connectedness(board_ranks: u16, game: Game) -> Connectedness {
    use std::sync::OnceLock;
    static TABLES: [OnceLock<Vec<Connectedness>>; 13] = [const { OnceLock::new() }; 13];
    let low = game.lowest_rank() as usize;
    let table = TABLES[low].get_or_init(|| {
        (0..1u32 << 13)
            .map(|mask| {
                if mask.count_ones() <= 3 {
                    work_out_connectedness(mask as u16, game)
                } else {
                    Connectedness::None
                }
            })
            .collect()
    });
    table[board_ranks as usize & 0x1FFF]
}

fn work_out_connectedness(board_ranks: u16, game: Game) -> Connectedness {
    let windows = straight_windows(game);
    let most_in_a_window = windows
        .iter()
        .map(|w| (w & board_ranks).count_ones())
        .max()
        .unwrap_or(0);
    if most_in_a_window >= 3 {
        return Connectedness::Straight;
    }
    // With no straight possible, two hole cards can add at most two ranks to a window
    // the board has two of; a rank then makes a straight when it fills a window that
    // already holds four. So count, for each pair of added ranks, the ranks that fill.
    let ranks: Vec<u8> = (game.lowest_rank()..13).collect();
    let mut best = 0;
    for (i, &a) in ranks.iter().enumerate() {
        for &b in &ranks[i..] {
            let held = board_ranks | 1 << a | 1 << b;
            let filling = ranks
                .iter()
                .filter(|&&x| held & 1 << x == 0)
                .filter(|&&x| windows.iter().any(|w| w & (held | 1 << x) == *w))
                .count();
            best = best.max(filling);
        }
    }
    match best {
        0 => Connectedness::None,
        1 => Connectedness::Gutshot,
        _ => Connectedness::OpenEnded,
    }
}

impl Texture {
    /// The texture of a flop in `game`.
    pub fn of(flop: [Card; 3], game: Game) -> Texture {
        let suits = {
            let distinct = flop
                .iter()
                .map(|c| 1u8 << c.suit())
                .fold(0, |m, s| m | s)
                .count_ones();
            [Suits::Monotone, Suits::TwoTone, Suits::Rainbow][distinct as usize - 1]
        };
        let rank_mask = flop.iter().fold(0u16, |m, c| m | 1 << c.rank());
        let pairing = [Pairing::Trips, Pairing::Paired, Pairing::Unpaired]
            [rank_mask.count_ones() as usize - 1];
        let high = HighCard::of_rank(flop.iter().map(|c| c.rank()).max().unwrap_or(0));
        Texture {
            suits,
            pairing,
            high,
            connected: connectedness(rank_mask, game),
        }
    }

    /// "monotone, A-high, unpaired, straight possible".
    pub fn describe(&self) -> String {
        format!(
            "{}, {}, {}, {}",
            self.suits.name(),
            self.high.name(),
            self.pairing.name(),
            self.connected.name()
        )
    }
}
