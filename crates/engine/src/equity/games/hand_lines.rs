//! The lines of a game's range breakdown (reference §7, §9): each hand's made category by
//! the game's order and the finer lines under it (set or trips, top two), its draws (flush
//! draws, nut or not; straight draws and Omaha's wraps by out count; gutshots) and in
//! hi/lo games the low made, the nut low, counterfeit risk and low draws.

use crate::cards::{Card, Game};
use crate::eval::{omaha_low, HandCategory};

/// A line of a game's breakdown. A hand is on every line that describes it: its made
/// category and the finer lines under it (a set is also three of a kind), its draws and
/// the finer draws (a nut flush draw is also a flush draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandLine {
    /// The best high hand by the game's rule is of this category.
    Made(HandCategory),
    /// Three of a kind from a pair in the hole and one board card.
    Set,
    /// Three of a kind from one hole card and a pair on the board.
    Trips,
    /// Two pair of the board's two highest ranks (an unpaired board's).
    TopTwo,
    /// No flush yet; one next card makes one.
    FlushDraw,
    /// A flush draw holding the highest card of its suit not on the board.
    NutFlushDraw,
    /// A flush draw without it.
    NonNutFlushDraw,
    /// No straight or better yet; cards of two or more ranks make a straight (open-ended
    /// draws and wraps).
    StraightDraw,
    /// A straight draw of 9 or more outs (cards, not ranks): Omaha's wraps.
    Wrap,
    /// A straight draw of 13 or more outs.
    BigWrap,
    /// No straight or better yet; cards of one rank make a straight.
    Gutshot,
    /// A qualifying low (8 or better) already (hi/lo games).
    Low,
    /// The best low any hand can hold on this board (hi/lo games).
    NutLow,
    /// The nut low now, which some next card takes off the nuts (a card pairing one of
    /// its low cards: counterfeit).
    CounterfeitRisk,
    /// No low yet; one next card makes one (hi/lo games).
    LowDraw,
    /// No low yet; some next card makes this hand the best low on that board.
    NutLowDraw,
}

impl HandLine {
    /// The CSV / JSON name.
    pub fn key(self) -> &'static str {
        match self {
            HandLine::Made(c) => c.key(),
            HandLine::Set => "set",
            HandLine::Trips => "trips",
            HandLine::TopTwo => "top_two",
            HandLine::FlushDraw => "flush_draw",
            HandLine::NutFlushDraw => "nut_flush_draw",
            HandLine::NonNutFlushDraw => "non_nut_flush_draw",
            HandLine::StraightDraw => "straight_draw",
            HandLine::Wrap => "wrap",
            HandLine::BigWrap => "big_wrap",
            HandLine::Gutshot => "gutshot",
            HandLine::Low => "low",
            HandLine::NutLow => "nut_low",
            HandLine::CounterfeitRisk => "low_counterfeit_risk",
            HandLine::LowDraw => "low_draw",
            HandLine::NutLowDraw => "nut_low_draw",
        }
    }

    /// The name people read.
    pub fn name(self) -> &'static str {
        match self {
            HandLine::Made(c) => c.name(),
            HandLine::Set => "· set (pair in the hole)",
            HandLine::Trips => "· trips (pair on the board)",
            HandLine::TopTwo => "· top two pair",
            HandLine::FlushDraw => "Flush draw",
            HandLine::NutFlushDraw => "· nut flush draw",
            HandLine::NonNutFlushDraw => "· non-nut flush draw",
            HandLine::StraightDraw => "Straight draw (two ranks or more)",
            HandLine::Wrap => "· wrap (9+ outs)",
            HandLine::BigWrap => "· big wrap (13+ outs)",
            HandLine::Gutshot => "Gutshot (one rank)",
            HandLine::Low => "Low made (8 or better)",
            HandLine::NutLow => "· nut low",
            HandLine::CounterfeitRisk => "· low at risk of counterfeit",
            HandLine::LowDraw => "Low draw (one card)",
            HandLine::NutLowDraw => "· nut low draw",
        }
    }

    /// The line this one refines (every hand on it is on its parent too), if any.
    pub fn parent(self) -> Option<HandLine> {
        Some(match self {
            HandLine::Set | HandLine::Trips => HandLine::Made(HandCategory::ThreeOfAKind),
            HandLine::TopTwo => HandLine::Made(HandCategory::TwoPair),
            HandLine::NutFlushDraw | HandLine::NonNutFlushDraw => HandLine::FlushDraw,
            HandLine::Wrap => HandLine::StraightDraw,
            HandLine::BigWrap => HandLine::Wrap,
            HandLine::NutLow => HandLine::Low,
            HandLine::CounterfeitRisk => HandLine::NutLow,
            HandLine::NutLowDraw => HandLine::LowDraw,
            _ => return None,
        })
    }

    /// Whether the line is a draw (else a made hand).
    pub fn is_draw(self) -> bool {
        !matches!(
            self,
            HandLine::Made(_)
                | HandLine::Set
                | HandLine::Trips
                | HandLine::TopTwo
                | HandLine::Low
                | HandLine::NutLow
                | HandLine::CounterfeitRisk
        )
    }
}

/// The categories of `game`, strongest first (short deck: a flush beats a full house and
/// three of a kind beats a straight).
pub fn categories_strongest_first(game: Game) -> [HandCategory; 9] {
    use HandCategory::*;
    if game.has_short_deck_order() {
        [
            StraightFlush,
            FourOfAKind,
            Flush,
            FullHouse,
            ThreeOfAKind,
            Straight,
            TwoPair,
            Pair,
            HighCard,
        ]
    } else {
        let mut all = HandCategory::ALL;
        all.reverse();
        all
    }
}

/// How strong a category is in `game` (higher is stronger).
pub(crate) fn strength(game: Game, category: HandCategory) -> usize {
    9 - categories_strongest_first(game)
        .iter()
        .position(|&c| c == category)
        .unwrap_or(8)
}

/// The high-hand category of `hole` on `board` (3 to 5 cards) by the game's rule.
pub fn high_category(game: Game, hole: &[Card], board: &[Card]) -> HandCategory {
    crate::eval::game_value(game, hole, board).category
}

/// How many cards of each rank `cards` hold.
pub(super) fn rank_counts(cards: &[Card]) -> [u8; 13] {
    let mut counts = [0u8; 13];
    for c in cards {
        counts[c.rank() as usize] += 1;
    }
    counts
}

/// Whether three of a kind comes from a pair in the hole (a set) rather than a pair on
/// the board (trips): the highest rank that makes three of a kind by the game's rule.
pub(super) fn is_set(game: Game, hole: &[Card], board: &[Card]) -> Option<bool> {
    let (h, b) = (rank_counts(hole), rank_counts(board));
    // Two hole cards at most play in Omaha; any number in the best-five games.
    (0..13).rev().find_map(|r| {
        let set = h[r] >= 2 && b[r] >= 1;
        let trips = h[r] >= 1 && b[r] >= 2;
        let any_hole = !game.is_omaha() && h[r] + b[r] >= 3 && h[r] >= 1;
        (set || trips || any_hole).then_some(h[r] >= 2)
    })
}

/// Two pair of an unpaired board's two highest ranks, one hole card of each.
pub(super) fn is_top_two(hole: &[Card], board: &[Card]) -> bool {
    let b = rank_counts(board);
    if b.iter().any(|&n| n >= 2) {
        return false;
    }
    let mut ranks = (0..13).rev().filter(|&r| b[r] > 0);
    let (Some(first), Some(second)) = (ranks.next(), ranks.next()) else {
        return false;
    };
    let h = rank_counts(hole);
    h[first] >= 1 && h[second] >= 1
}

/// The best low any two hole cards can make with `board` (0: none).
pub(super) fn best_low(board: &[Card]) -> u8 {
    let board_mask = crate::eval::low_mask(board);
    let mut best = 0;
    for a in 0..8 {
        for b in a + 1..8 {
            best = best.max(crate::eval::low_score(1 << a | 1 << b, board_mask));
        }
    }
    best
}

/// The lines one hand is on: its made category (and the finer made lines), and its draws
/// when a card is to come.
///
/// One function because a hand's lines are one list in priority order, made hands then
/// draws, as the reference writes them.
pub fn hand_lines(game: Game, hole: &[Card], board: &[Card], next: &[Card]) -> Vec<HandLine> {
    let made = high_category(game, hole, board);
    let mut lines = vec![HandLine::Made(made)];
    match made {
        HandCategory::ThreeOfAKind => match is_set(game, hole, board) {
            Some(true) => lines.push(HandLine::Set),
            Some(false) => lines.push(HandLine::Trips),
            None => {}
        },
        HandCategory::TwoPair if is_top_two(hole, board) => lines.push(HandLine::TopTwo),
        _ => {}
    }
    let low_now = if game.is_hi_lo() {
        omaha_low(hole, board)
    } else {
        0
    };
    // Whether the low now is the best any hand holds (its counterfeit risk is asked only
    // then, for each next card).
    let nut_low_now = low_now > 0 && low_now == best_low(board);
    if low_now > 0 {
        lines.push(HandLine::Low);
        if nut_low_now {
            lines.push(HandLine::NutLow);
        }
    }
    if board.len() == 5 {
        return lines;
    }
    let now = strength(game, made);
    let (flush, straight) = (
        strength(game, HandCategory::Flush),
        strength(game, HandCategory::Straight),
    );
    let mut flush_suits = 0u8;
    let mut straight_ranks = 0u16;
    let mut straight_outs = 0;
    let (mut low_draw, mut nut_low_draw, mut counterfeit) = (false, false, false);
    let mut after: Vec<Card> = board.to_vec();
    after.push(board[0]);
    for &card in next {
        if hole.contains(&card) {
            continue;
        }
        *after.last_mut().expect("a card was pushed") = card;
        let c = high_category(game, hole, &after);
        if now < flush
            && matches!(c, HandCategory::Flush | HandCategory::StraightFlush)
            && !matches!(made, HandCategory::Flush)
        {
            flush_suits |= 1 << card.suit();
        }
        if now < straight && matches!(c, HandCategory::Straight | HandCategory::StraightFlush) {
            straight_ranks |= 1 << card.rank();
            straight_outs += 1;
        }
        if game.is_hi_lo() {
            let low = omaha_low(hole, &after);
            if low_now == 0 && low > 0 {
                low_draw = true;
                nut_low_draw |= low == best_low(&after);
            }
            // Omaha's own low never gets worse with a card more; it is counterfeited
            // when a card pairing one of its low cards lets other hands under it.
            counterfeit |= nut_low_now && low < best_low(&after);
        }
    }
    if counterfeit {
        lines.push(HandLine::CounterfeitRisk);
    }
    if flush_suits != 0 {
        lines.push(HandLine::FlushDraw);
        // The nut card of a drawing suit: its highest rank in the deck, not on the board.
        let holds_nut = (0..4u8).filter(|s| flush_suits & 1 << s != 0).any(|suit| {
            game.deck()
                .iter()
                .filter(|c| c.suit() == suit && !board.contains(c))
                .max_by_key(|c| c.rank())
                .is_some_and(|top| hole.contains(&top))
        });
        lines.push(if holds_nut {
            HandLine::NutFlushDraw
        } else {
            HandLine::NonNutFlushDraw
        });
    }
    match straight_ranks.count_ones() {
        0 => {}
        1 => lines.push(HandLine::Gutshot),
        _ => {
            lines.push(HandLine::StraightDraw);
            if game.is_omaha() && straight_outs >= 9 {
                lines.push(HandLine::Wrap);
            }
            if game.is_omaha() && straight_outs >= 13 {
                lines.push(HandLine::BigWrap);
            }
        }
    }
    if low_draw {
        lines.push(HandLine::LowDraw);
        if nut_low_draw {
            lines.push(HandLine::NutLowDraw);
        }
    }
    lines
}

/// Every line of `game` in display order: made hands strongest first (each with its
/// finer lines under it), the low, the draws.
pub fn all_lines(game: Game) -> Vec<HandLine> {
    let mut lines = Vec::new();
    for c in categories_strongest_first(game) {
        lines.push(HandLine::Made(c));
        match c {
            HandCategory::ThreeOfAKind => lines.extend([HandLine::Set, HandLine::Trips]),
            HandCategory::TwoPair => lines.push(HandLine::TopTwo),
            _ => {}
        }
    }
    if game.is_hi_lo() {
        lines.extend([HandLine::Low, HandLine::NutLow, HandLine::CounterfeitRisk]);
    }
    lines.extend([
        HandLine::FlushDraw,
        HandLine::NutFlushDraw,
        HandLine::NonNutFlushDraw,
        HandLine::StraightDraw,
    ]);
    if game.is_omaha() {
        lines.extend([HandLine::Wrap, HandLine::BigWrap]);
    }
    lines.push(HandLine::Gutshot);
    if game.is_hi_lo() {
        lines.extend([HandLine::LowDraw, HandLine::NutLowDraw]);
    }
    lines
}
