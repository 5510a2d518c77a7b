//! The lowball and badugi evaluators (reference §9, "draw evaluators"): 2-7 lowball,
//! A-5 lowball (razz's low), and badugi. Each value is a number where **lower is better**,
//! so hands compare with `<` whatever the rule; a hand of more cards than the rule plays
//! (razz's seven) takes its best subset.

use crate::cards::Card;
use std::fmt;

/// A lowball or badugi rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawRule {
    /// 2-7 (deuce-to-seven) lowball: aces always high, straights and flushes count
    /// against; the best hand is 7-5-4-3-2 of mixed suits. Five cards (the best five of
    /// up to seven).
    DeuceSeven,
    /// A-5 (ace-to-five) lowball, razz's low: aces low, straights and flushes ignored,
    /// pairs count against; the best hand is 5-4-3-2-A. The best five of five to seven.
    AceFive,
    /// Badugi: four cards, aces low; the hand is the largest subset of distinct ranks and
    /// distinct suits (four cards beat any three…), then the lowest, compared from the
    /// highest card down; the best is A-2-3-4 of four suits.
    Badugi,
}

impl DrawRule {
    /// Every rule, in menu order.
    pub const ALL: [DrawRule; 3] = [DrawRule::DeuceSeven, DrawRule::AceFive, DrawRule::Badugi];

    /// Its key on the command line (`--game 2-7`).
    pub fn key(self) -> &'static str {
        match self {
            DrawRule::DeuceSeven => "2-7",
            DrawRule::AceFive => "a-5",
            DrawRule::Badugi => "badugi",
        }
    }

    /// Its name.
    pub fn name(self) -> &'static str {
        match self {
            DrawRule::DeuceSeven => "2-7 lowball",
            DrawRule::AceFive => "A-5 lowball",
            DrawRule::Badugi => "Badugi",
        }
    }

    /// The rule a name means: its key, or `deuce-seven`, `27`, `ace-five`, `a5`, `razz`.
    pub fn from_name(name: &str) -> Option<DrawRule> {
        match name.to_ascii_lowercase().as_str() {
            "2-7" | "27" | "deuce-seven" | "2-7-lowball" => Some(DrawRule::DeuceSeven),
            "a-5" | "a5" | "ace-five" | "a-5-lowball" | "razz" => Some(DrawRule::AceFive),
            "badugi" => Some(DrawRule::Badugi),
            _ => None,
        }
    }

    /// The rule of a draw game (`None` for a game that is not one).
    pub fn of_game(game: crate::cards::Game) -> Option<DrawRule> {
        use crate::cards::LowRule;
        if !game.is_draw() {
            return None;
        }
        match game.valuation().low {
            LowRule::DeuceToSeven => Some(DrawRule::DeuceSeven),
            LowRule::AceToFive => Some(DrawRule::AceFive),
            LowRule::Badugi => Some(DrawRule::Badugi),
            LowRule::HighOnly | LowRule::EightOrBetter => None,
        }
    }

    /// The draw game played by this rule (single draw).
    pub fn game(self) -> crate::cards::Game {
        use crate::cards::Game;
        match self {
            DrawRule::DeuceSeven => Game::DRAW_27,
            DrawRule::AceFive => Game::DRAW_A5,
            DrawRule::Badugi => Game::BADUGI,
        }
    }

    /// How many cards it values: (fewest, most).
    pub fn card_counts(self) -> (usize, usize) {
        match self {
            DrawRule::DeuceSeven | DrawRule::AceFive => (5, 7),
            DrawRule::Badugi => (4, 4),
        }
    }

    /// The value alone of `cards` (lower is better), without the cards that make it: what
    /// equity runs call for every hand.
    pub fn value_of(self, cards: &[Card]) -> u32 {
        match (self, cards) {
            (DrawRule::DeuceSeven, &[a, b, c, d, e]) => deuce_seven_five([a, b, c, d, e]).0,
            (DrawRule::AceFive, _) if (5..=7).contains(&cards.len()) => ace_five_best(cards),
            _ => self.value(cards).value,
        }
    }

    /// The value of `cards` (a count within [`DrawRule::card_counts`]).
    pub fn value(self, cards: &[Card]) -> DrawValue {
        match self {
            DrawRule::DeuceSeven => best_five(self, cards, deuce_seven_five),
            DrawRule::AceFive => best_five(self, cards, ace_five_five),
            DrawRule::Badugi => badugi(cards),
        }
    }
}

/// A hand's value under a [`DrawRule`]: lower is better.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DrawValue {
    /// The rule.
    pub rule: DrawRule,
    /// The value: lower beats higher.
    pub value: u32,
    /// The cards that make it (the best five; a badugi's subset), highest first.
    #[serde(serialize_with = "cards_text")]
    pub cards: Vec<Card>,
    /// Its kind: `high card`, `pair`, … (2-7); `no pair`, `pair`, …; `4-card`… (badugi).
    pub kind: &'static str,
}

fn cards_text<S: serde::Serializer>(c: &[Card], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&crate::cards::format_cards(c))
}

/// A rank in A-5's order: ace 0 (lowest), deuce 1 … king 12.
fn ace_low(card: Card) -> u8 {
    (card.rank() + 1) % 13
}

/// The ranks of five cards grouped: (count, rank) by count, then rank, highest first;
/// held in place (equity values millions of hands).
#[derive(Clone, Copy)]
struct Groups {
    g: [(u8, u8); 5],
    len: usize,
}

impl std::ops::Deref for Groups {
    type Target = [(u8, u8)];
    fn deref(&self) -> &[(u8, u8)] {
        &self.g[..self.len]
    }
}

fn groups(ranks: [u8; 5]) -> Groups {
    let mut counts = [0u8; 13];
    for r in ranks {
        counts[r as usize] += 1;
    }
    let mut out = Groups {
        g: [(0, 0); 5],
        len: 0,
    };
    for r in (0..13u8).rev() {
        if counts[r as usize] > 0 {
            out.g[out.len] = (counts[r as usize], r);
            out.len += 1;
        }
    }
    // Ranks are in descending order already; a stable sort by count keeps them so.
    out.g[..out.len].sort_by_key(|g| std::cmp::Reverse(g.0));
    out
}

/// The pattern of counts: 0 no pair, 1 one pair, 2 two pair, 3 trips, 4 full house, 5 quads.
fn pattern(g: &[(u8, u8)]) -> u32 {
    match (g[0].0, g.get(1).map_or(0, |x| x.0)) {
        (1, _) => 0,
        (2, 1) => 1,
        (2, 2) => 2,
        (3, 1) => 3,
        (3, 2) => 4,
        _ => 5,
    }
}

/// Group ranks as nibbles, first group highest.
fn nibbles(g: &[(u8, u8)]) -> u32 {
    g.iter().fold(0u32, |v, &(_, r)| (v << 4) | u32::from(r)) << (4 * (5 - g.len()))
}

/// Kinds of an A-5 value by its pattern.
const ACE_FIVE_KINDS: [&str; 6] = [
    "no pair",
    "pair",
    "two pair",
    "three of a kind",
    "full house",
    "four of a kind",
];

/// Five cards under A-5: the pattern, then the ranks from the most-repeated and highest.
fn ace_five_five(cards: [Card; 5]) -> (u32, &'static str) {
    let g = groups(cards.map(ace_low));
    let p = pattern(&g);
    ((p << 20) | nibbles(&g), ACE_FIVE_KINDS[p as usize])
}

/// The best A-5 value (lower is better, as [`DrawRule::AceFive`] values it) of five to
/// seven cards, without trying every five: razz values every seat of every deal. Suits
/// play no part, so the best five is built from the rank counts: the lowest distinct
/// ranks first; when there are fewer than five, the cheapest repeats (the lowest pair;
/// two pair before trips; a full house before quads).
pub fn ace_five_best(cards: &[Card]) -> u32 {
    debug_assert!((5..=7).contains(&cards.len()));
    // Five different ranks or more (most of razz's hands): the five lowest, no pair; the
    // value is their ranks from the highest down.
    let mut present = 0u16;
    for &c in cards {
        present |= 1 << ace_low(c);
    }
    if present.count_ones() >= 5 {
        while present.count_ones() > 5 {
            present &= !(1 << (15 - present.leading_zeros()));
        }
        let mut value = 0u32;
        for _ in 0..5 {
            let r = 15 - present.leading_zeros();
            value = (value << 4) | r;
            present &= !(1 << r);
        }
        return value;
    }
    let mut counts = [0u8; 13];
    for &c in cards {
        counts[ace_low(c) as usize] += 1;
    }
    // How many of each rank the five take: one of each rank from the lowest, up to five.
    let mut take = [0u8; 13];
    let mut left = 5u8;
    for r in 0..13 {
        if counts[r] > 0 && left > 0 {
            take[r] = 1;
            left -= 1;
        }
    }
    // The lowest rank with at least `n` cards and none taken beyond `taken`.
    let lowest = |n: u8, skip: usize| (0..13).find(|&r| r != skip && counts[r] >= n);
    match left {
        0 => {}
        // Four ranks: a pair of the lowest rank that has one.
        1 => take[lowest(2, 13).expect("a repeat")] = 2,
        // Three ranks: two pair of the lowest two repeats, else trips.
        2 => match lowest(2, 13) {
            Some(p) => match lowest(2, p) {
                Some(q) => {
                    take[p] = 2;
                    take[q] = 2;
                }
                None => take[lowest(3, 13).expect("trips")] = 3,
            },
            None => take[lowest(3, 13).expect("trips")] = 3,
        },
        // Two ranks: a full house (trips of the lowest rank that can make it), else quads.
        _ => {
            let full = (0..13).find(|&t| counts[t] >= 3 && lowest(2, t).is_some());
            match full {
                Some(t) => {
                    take[t] = 3;
                    take[lowest(2, t).expect("the pair")] = 2;
                }
                None => take[lowest(4, 13).expect("quads")] = 4,
            }
        }
    }
    // The five taken, valued as `ace_five_five` values five (ranks already ace-low).
    let mut ranks = [0u8; 5];
    let mut at = 0;
    for (r, &n) in take.iter().enumerate() {
        for _ in 0..n {
            ranks[at] = r as u8;
            at += 1;
        }
    }
    let g = groups(ranks);
    (pattern(&g) << 20) | nibbles(&g)
}

/// Kinds of a 2-7 value by its category.
const DEUCE_SEVEN_KINDS: [&str; 9] = [
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
];

/// Five cards under 2-7: the high hand's category (aces high only, so A-2-3-4-5 is no
/// straight), then the ranks; lower is better.
fn deuce_seven_five(cards: [Card; 5]) -> (u32, &'static str) {
    let g = groups(cards.map(|c| c.rank()));
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let straight = g.len() == 5 && g[0].1 - g[4].1 == 4;
    let category = match (straight, flush, pattern(&g)) {
        (true, true, _) => 8,
        (_, _, 5) => 7,
        (_, _, 4) => 6,
        (false, true, _) => 5,
        (true, false, _) => 4,
        (_, _, 3) => 3,
        (_, _, 2) => 2,
        (_, _, 1) => 1,
        _ => 0,
    };
    (
        (category << 20) | nibbles(&g),
        DEUCE_SEVEN_KINDS[category as usize],
    )
}

/// The best (lowest) five of five to seven cards.
fn best_five(
    rule: DrawRule,
    cards: &[Card],
    five: fn([Card; 5]) -> (u32, &'static str),
) -> DrawValue {
    let n = cards.len();
    assert!(
        (5..=7).contains(&n),
        "{} values five to seven cards",
        rule.name()
    );
    let mut best: Option<(u32, &'static str, [Card; 5])> = None;
    // Every way to leave n - 5 cards out.
    for out in 0u32..(1 << n) {
        if out.count_ones() as usize != n - 5 {
            continue;
        }
        let mut hand = [cards[0]; 5];
        let mut k = 0;
        for (i, &c) in cards.iter().enumerate() {
            if out & (1 << i) == 0 {
                hand[k] = c;
                k += 1;
            }
        }
        let (v, kind) = five(hand);
        if best.is_none_or(|b| v < b.0) {
            best = Some((v, kind, hand));
        }
    }
    let (value, kind, hand) = best.expect("at least one five");
    let mut cards = hand.to_vec();
    // Highest first in the rule's order.
    match rule {
        DrawRule::AceFive => cards.sort_by_key(|&c| std::cmp::Reverse(ace_low(c))),
        _ => cards.sort_by_key(|&c| std::cmp::Reverse(c.rank())),
    }
    DrawValue {
        rule,
        value,
        cards,
        kind,
    }
}

const BADUGI_KINDS: [&str; 4] = ["4-card badugi", "3-card hand", "2-card hand", "1-card hand"];

/// Badugi: the largest subset of distinct ranks and suits, then the lowest from its
/// highest card down (aces low).
fn badugi(cards: &[Card]) -> DrawValue {
    assert_eq!(cards.len(), 4, "badugi values four cards");
    let mut best: Option<(u32, Vec<Card>)> = None;
    for subset in 1u32..16 {
        let chosen: Vec<Card> = (0..4)
            .filter(|i| subset & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        let (mut ranks, mut suits) = (0u16, 0u8);
        let distinct = chosen.iter().all(|&c| {
            let fresh = ranks & (1 << ace_low(c)) == 0 && suits & (1 << c.suit()) == 0;
            ranks |= 1 << ace_low(c);
            suits |= 1 << c.suit();
            fresh
        });
        if !distinct {
            continue;
        }
        let mut low: Vec<u8> = chosen.iter().map(|&c| ace_low(c)).collect();
        low.sort_unstable_by(|a, b| b.cmp(a));
        let ranks_value =
            low.iter().fold(0u32, |v, &r| (v << 4) | u32::from(r)) << (4 * (4 - low.len()));
        let value = ((4 - chosen.len() as u32) << 16) | ranks_value;
        if best.as_ref().is_none_or(|b| value < b.0) {
            best = Some((value, chosen));
        }
    }
    let (value, mut chosen) = best.expect("one card is always a hand");
    chosen.sort_by_key(|&c| std::cmp::Reverse(ace_low(c)));
    DrawValue {
        rule: DrawRule::Badugi,
        kind: BADUGI_KINDS[(value >> 16) as usize],
        value,
        cards: chosen,
    }
}

/// `7-5-4-3-2 (high card)`, `5-4-3-2-A (no pair)`, `4-3-2-A (4-card badugi)`.
impl fmt::Display for DrawValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ranks: Vec<String> = self
            .cards
            .iter()
            .map(|c| crate::cards::RANK_CHARS[c.rank() as usize].to_string())
            .collect();
        write!(f, "{} ({})", ranks.join("-"), self.kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        crate::cards::parse_card_list(text).unwrap()
    }

    fn v(rule: DrawRule, text: &str) -> u32 {
        rule.value(&cards(text)).value
    }

    /// The fast A-5 value against the best of every five, on every multiset of five to
    /// seven ranks (suits assigned in turn; A-5 ignores them).
    #[test]
    fn fast_ace_five_is_the_best_of_every_five() {
        fn walk(rank: u8, left: usize, counts: &mut [u8; 13], each: &mut dyn FnMut(&[u8; 13])) {
            if left == 0 {
                each(counts);
                return;
            }
            if rank == 13 {
                return;
            }
            for n in (0..=left.min(4)).rev() {
                counts[rank as usize] = n as u8;
                walk(rank + 1, left - n, counts, each);
            }
            counts[rank as usize] = 0;
        }
        let mut checked = 0;
        for size in 5..=7 {
            walk(0, size, &mut [0; 13], &mut |counts| {
                let hand: Vec<Card> = (0..13u8)
                    .flat_map(|r| (0..counts[r as usize]).map(move |s| Card::new(r, s)))
                    .collect();
                assert_eq!(
                    ace_five_best(&hand),
                    DrawRule::AceFive.value(&hand).value,
                    "{}",
                    crate::cards::format_cards(&hand)
                );
                checked += 1;
            });
        }
        // Multisets of 5, 6 and 7 of 13 ranks, at most four of each.
        assert_eq!(checked, 6175 + 18395 + 49205);
    }

    #[test]
    fn the_rules_in_words() {
        use DrawRule::*;
        // 2-7: 7-5-4-3-2 unsuited is the best; a straight, a flush or A-high are not.
        assert!(v(DeuceSeven, "7c 5d 4h 3s 2c") < v(DeuceSeven, "7c 6d 4h 3s 2c"));
        assert!(v(DeuceSeven, "7c 6d 4h 3s 2c") < v(DeuceSeven, "8c 5d 4h 3s 2c"));
        assert!(v(DeuceSeven, "Kc Qd Jh 9s 8c") < v(DeuceSeven, "Ac 5d 4h 3s 2c"));
        assert!(v(DeuceSeven, "Ac Kd Qh Js 9c") < v(DeuceSeven, "6c 5d 4h 3s 2c"));
        assert!(v(DeuceSeven, "Ac Kd Qh Js 9c") < v(DeuceSeven, "7c 5c 4c 3c 2c"));
        assert_eq!(DeuceSeven.value(&cards("Ac 5d 4h 3s 2c")).kind, "high card");
        // the wheel is the best, suited or not; any unpaired beats any paired.
        assert_eq!(v(AceFive, "5c 4d 3h 2s Ac"), v(AceFive, "5c 4c 3c 2c Ac"));
        assert!(v(AceFive, "5c 4d 3h 2s Ac") < v(AceFive, "6c 4d 3h 2s Ac"));
        assert!(v(AceFive, "Kc Qd Jh Ts 8c") < v(AceFive, "Ac Ad 2h 3s 4c"));
        assert!(v(AceFive, "Ac Ad 2h 3s 4c") < v(AceFive, "2c 2d Ah 3s 4c"));
        // Razz: the best five of seven.
        let razz = AceFive.value(&cards("Kc Kd 7h 5s 4c 2d Ah"));
        assert_eq!(razz.to_string(), "7-5-4-2-A (no pair)");
        // Badugi: four beat three, then lowest.
        assert!(v(Badugi, "Kc Qd Jh Ts") < v(Badugi, "Ac 2d 3h 4h"));
        assert!(v(Badugi, "4c 3d 2h As") < v(Badugi, "5c 3d 2h As"));
        let b = Badugi.value(&cards("Ac 2c 3d 4h"));
        assert_eq!(b.to_string(), "4-3-A (3-card hand)");
    }
}
