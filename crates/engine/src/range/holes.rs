//! Ranges of any game's hole cards ([`HoleRange`]): a weighted list of hands of 2, 4, 5 or
//! 6 cards. Hold'em and short deck read the classic two-card notation (short deck keeps
//! the combos its 36-card deck deals); the Omaha games read reference §9's notation:
//! hands (`AsKsQhJh`, `As Ks Qh Jh`), `random`, rank patterns with `x` or `*` for any
//! rank (`AAxx`, `KKQQ`), explicit cards inside a pattern (`AsKsxx`), suit qualifiers
//! (`ds` two suits of two cards, `ss` exactly one suited pair, `r` no two of a suit), `,`
//! for union and `:w` weights.

use super::{HandRange, RangeError, RangeErrorKind, MAX_RANGE_TEXT};
use crate::cards::{Card, CardSet, Game, RANK_CHARS, SUIT_CHARS};

/// Most hands a pattern may list (a `random` seat is never listed: it is dealt from the
/// deck). `AAxxxx` in 6-card Omaha holds 1.4 million.
pub const MAX_LISTED_HANDS: usize = 3_000_000;

/// A seat's possible hole cards in one game, each with a weight in (0, 1].
/// Invariants: every hand holds the game's number of hole cards, all in its deck, listed
/// once; a random range lists none (any hand of live cards at weight 1).
#[derive(Clone, Debug, PartialEq)]
pub struct HoleRange {
    game: Game,
    hands: Vec<(CardSet, f32)>,
    random: bool,
}

/// A suit qualifier after an Omaha pattern.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Suits {
    /// Two suits of exactly two cards each, no suit with more.
    DoubleSuited,
    /// Exactly one suit with two cards, none with more.
    SingleSuited,
    /// No two cards of a suit.
    Rainbow,
}

impl Suits {
    fn accepts(self, hand: CardSet) -> bool {
        let counts: Vec<u32> = (0..4)
            .map(|s| (hand.bits() & suit_bits(s)).count_ones())
            .collect();
        let twos = counts.iter().filter(|&&c| c == 2).count();
        let more = counts.iter().any(|&c| c > 2);
        match self {
            Suits::DoubleSuited => twos == 2 && !more,
            Suits::SingleSuited => twos == 1 && !more,
            Suits::Rainbow => twos == 0 && !more,
        }
    }
}

/// The bits of one suit's 13 cards in a card set.
const fn suit_bits(suit: u64) -> u64 {
    let mut bits = 0u64;
    let mut rank = 0;
    while rank < 13 {
        bits |= 1 << (rank * 4 + suit);
        rank += 1;
    }
    bits
}

impl HoleRange {
    /// Reads `text` as a range of `game`'s hands.
    pub fn parse(text: &str, game: Game) -> Result<HoleRange, RangeError> {
        if text.len() > MAX_RANGE_TEXT {
            return Err(error(RangeErrorKind::TooLong(text.len()), text, 1));
        }
        // A control character (a NUL from a binary paste) is never part of a range.
        if let Some((at, c)) = text
            .chars()
            .enumerate()
            .find(|(_, c)| c.is_control() && !c.is_whitespace())
        {
            return Err(game_error(
                &format!(
                    "a control character (U+{:04X}) is not part of a range",
                    c as u32
                ),
                &c.to_string(),
                at + 1,
            ));
        }
        if game.has_two_card_ranges() {
            return Self::parse_two_card(text, game);
        }
        let mut hands: Vec<(CardSet, f32)> = Vec::new();
        let mut random = false;
        let mut column = 1;
        let mut any_term = false;
        for term in text.split(',') {
            let start = column + (term.len() - term.trim_start().len());
            column += term.chars().count() + 1;
            let term = term.trim();
            if term.is_empty() {
                continue;
            }
            any_term = true;
            let (body, weight) = split_weight(term, start)?;
            // `xxxx` (as many x as hole cards, no suit rule) is every hand: random, dealt
            // as random is rather than listed (1.5 million 5-card hands).
            let all_x = weight == 1.0
                && body.len() == game.hole_cards()
                && body.chars().all(|c| c.eq_ignore_ascii_case(&'x'));
            if all_x || body.eq_ignore_ascii_case("random") || body.eq_ignore_ascii_case("any") {
                if weight < 1.0 {
                    return Err(game_error(
                        "random takes no weight: it is every hand at weight 1",
                        term,
                        start,
                    ));
                }
                random = true;
                continue;
            }
            for hand in expand_pattern(body, game, start)? {
                hands.push((hand, weight));
            }
            if hands.len() > MAX_LISTED_HANDS {
                return Err(game_error(
                    &format!("the range lists more than {MAX_LISTED_HANDS} hands: use random or narrow the patterns"),
                    term,
                    start,
                ));
            }
        }
        if !any_term {
            return Err(error(RangeErrorKind::Empty, text, 1));
        }
        if random {
            return Ok(HoleRange::random(game));
        }
        // A hand listed twice keeps its highest weight (as a union does).
        hands.sort_unstable_by(|a, b| a.0.bits().cmp(&b.0.bits()).then(b.1.total_cmp(&a.1)));
        hands.dedup_by_key(|h| h.0);
        Ok(HoleRange {
            game,
            hands,
            random: false,
        })
    }

    /// A two-card range in a two-card game: the combos its deck deals, with their
    /// weights (possibly none).
    pub fn from_two_card(range: &HandRange, game: Game) -> HoleRange {
        debug_assert!(game.has_two_card_ranges());
        let deck = game.deck();
        let hands: Vec<(CardSet, f32)> = range
            .iter()
            .map(|(c, w)| (c.card_set(), w))
            .filter(|(set, _)| set.difference(deck).is_empty())
            .collect();
        let random = hands.len() == deck.len() * (deck.len() - 1) / 2
            && hands.iter().all(|&(_, w)| w == 1.0);
        HoleRange {
            game,
            hands,
            random,
        }
    }

    /// Hold'em notation, keeping what the game's deck deals.
    fn parse_two_card(text: &str, game: Game) -> Result<HoleRange, RangeError> {
        let range = HoleRange::from_two_card(&HandRange::parse(text)?, game);
        if range.hands.is_empty() {
            let column = text
                .char_indices()
                .find(|(_, ch)| "2345".contains(*ch))
                .map_or(1, |(i, _)| text[..i].chars().count() + 1);
            return Err(game_error(
                &format!(
                    "{} has no cards below {} (it is {})",
                    game.name(),
                    game.lowest_rank_name(),
                    game.deck_words()
                ),
                text,
                column,
            ));
        }
        Ok(range)
    }

    /// Every hand of the game at weight 1.
    pub fn random(game: Game) -> HoleRange {
        HoleRange {
            game,
            hands: Vec::new(),
            random: !game.has_two_card_ranges(),
        }
        .with_two_card_random()
    }

    fn with_two_card_random(mut self) -> HoleRange {
        if self.game.has_two_card_ranges() {
            let deck: Vec<Card> = self.game.deck().iter().collect();
            for (i, &a) in deck.iter().enumerate() {
                for &b in &deck[i + 1..] {
                    self.hands
                        .push((CardSet::single(a).union(CardSet::single(b)), 1.0));
                }
            }
            self.random = true;
        }
        self
    }

    /// A range of one known hand.
    pub fn single(game: Game, hand: CardSet) -> HoleRange {
        HoleRange {
            game,
            hands: vec![(hand, 1.0)],
            random: false,
        }
    }

    /// The game.
    pub fn game(&self) -> Game {
        self.game
    }

    /// Whether the range is every hand at weight 1.
    pub fn is_random(&self) -> bool {
        self.random
    }

    /// The listed hands with their weights (none for an Omaha `random`).
    pub fn hands(&self) -> &[(CardSet, f32)] {
        &self.hands
    }

    /// The one hand of a one-hand range.
    pub fn known_hand(&self) -> Option<CardSet> {
        (!self.random && self.hands.len() == 1).then(|| self.hands[0].0)
    }

    /// How many hands the range holds with none of `blocked`'s cards (random: every hand
    /// of the live cards).
    pub fn live_count(&self, blocked: CardSet) -> u64 {
        if self.random && self.hands.is_empty() {
            let live = self.game.deck().difference(blocked).len() as u64;
            choose(live, self.game.hole_cards() as u64)
        } else {
            self.hands
                .iter()
                .filter(|(h, _)| !h.intersects(blocked))
                .count() as u64
        }
    }

    /// The hands without `blocked`'s cards, with their weights (a random range lists every
    /// hand of the live cards: callers check [`HoleRange::live_count`] first).
    pub fn live_hands(&self, blocked: CardSet) -> Vec<(CardSet, f32)> {
        if self.random && self.hands.is_empty() {
            let live: Vec<Card> = self.game.deck().difference(blocked).iter().collect();
            let mut out = Vec::new();
            for_each_subset(&live, self.game.hole_cards(), &mut |set| {
                out.push((set, 1.0))
            });
            out
        } else {
            self.hands
                .iter()
                .copied()
                .filter(|(h, _)| !h.intersects(blocked))
                .collect()
        }
    }
}

/// The number of ways to choose `k` of `n` (saturating).
fn choose(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// Calls `f` with every `k`-card subset of `cards`.
pub fn for_each_subset(cards: &[Card], k: usize, f: &mut impl FnMut(CardSet)) {
    fn walk(cards: &[Card], k: usize, from: usize, set: CardSet, f: &mut impl FnMut(CardSet)) {
        if k == 0 {
            f(set);
            return;
        }
        for i in from..=cards.len().saturating_sub(k) {
            walk(cards, k - 1, i + 1, set.union(CardSet::single(cards[i])), f);
        }
    }
    walk(cards, k, 0, CardSet::EMPTY, f);
}

fn error(kind: RangeErrorKind, token: &str, column: usize) -> RangeError {
    RangeError {
        kind,
        token: token.to_string(),
        column,
    }
}

fn game_error(message: &str, token: &str, column: usize) -> RangeError {
    error(RangeErrorKind::GameRule(message.to_string()), token, column)
}

/// Splits `AAxx:0.5` into the pattern and its weight.
fn split_weight(term: &str, column: usize) -> Result<(&str, f32), RangeError> {
    match term.rsplit_once(':') {
        None => Ok((term, 1.0)),
        Some((body, w)) => {
            let weight: f32 = w.trim().parse().map_err(|_| {
                error(
                    RangeErrorKind::BadWeight,
                    w,
                    column + body.chars().count() + 1,
                )
            })?;
            if !(super::MIN_WEIGHT..=1.0).contains(&weight) {
                return Err(error(
                    RangeErrorKind::BadWeight,
                    w,
                    column + body.chars().count() + 1,
                ));
            }
            Ok((body.trim(), weight))
        }
    }
}

/// One symbol of a pattern.
#[derive(Clone, Copy, Debug)]
enum Symbol {
    Rank(u8),
    Any,
    Card(Card),
}

/// Every hand a pattern (`AAxx ds`, `AsKsQhJh`, `KKQQ`) stands for: the pattern read,
/// its explicit cards checked, its hands listed.
fn expand_pattern(body: &str, game: Game, column: usize) -> Result<Vec<CardSet>, RangeError> {
    let pattern = read_pattern(body, game, column)?;
    let fixed = explicit_cards(&pattern, game)?;
    pattern_hands(&pattern, fixed, body, game, column)
}

/// A pattern read: its symbols (each with its column) and its suit qualifier, with the
/// qualifier's text and column for errors.
struct Pattern<'a> {
    symbols: Vec<(Symbol, usize)>,
    qualifier: Option<Suits>,
    rest: &'a str,
    rest_column: usize,
}

/// Reads a pattern's symbols (ranks, `x`, cards) and its qualifier, refusing a wrong
/// count of symbols or an unknown or impossible qualifier.
///
/// One function because it is one scan of the pattern's text and the messages of what it
/// found wrong, at their columns.
fn read_pattern(body: &str, game: Game, column: usize) -> Result<Pattern<'_>, RangeError> {
    let want = game.hole_cards();
    let chars: Vec<char> = body.chars().collect();
    let mut symbols: Vec<(Symbol, usize)> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let at = column + i;
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if symbols.len() == want {
            break;
        }
        if c == 'x' || c == 'X' || c == '*' {
            symbols.push((Symbol::Any, at));
            i += 1;
            continue;
        }
        let upper = c.to_ascii_uppercase();
        let rank = if c == '1' && chars.get(i + 1) == Some(&'0') {
            i += 1;
            Some(8)
        } else {
            RANK_CHARS.iter().position(|&r| r == upper).map(|r| r as u8)
        };
        let Some(rank) = rank else {
            return Err(error(RangeErrorKind::UnknownRank(c), &c.to_string(), at));
        };
        i += 1;
        let suit = chars
            .get(i)
            .and_then(|s| SUIT_CHARS.iter().position(|&x| x == s.to_ascii_lowercase()));
        // A suit letter after a rank makes a card, unless the pattern is complete and
        // the letters are a qualifier (`AAKKds`).
        let qualifier_follows = symbols.len() + 1 == want;
        match suit {
            Some(s) if !(qualifier_follows && is_qualifier(&chars[i..])) => {
                symbols.push((Symbol::Card(Card::new(rank, s as u8)), at));
                i += 1;
            }
            _ => symbols.push((Symbol::Rank(rank), at)),
        }
    }
    // The text after the symbols (a byte offset: `i` counts characters).
    let rest_start: usize = chars[..i].iter().map(|c| c.len_utf8()).sum();
    let rest_raw = &body[rest_start..];
    let rest_column =
        column + i + (rest_raw.chars().count() - rest_raw.trim_start().chars().count());
    let rest = rest_raw.trim();
    // Count every symbol the text holds, to say how many there are when too many.
    if symbols.len() < want
        || (!rest.is_empty() && !is_qualifier(&rest.chars().collect::<Vec<_>>()))
    {
        let given = body.chars().filter(|c| !c.is_whitespace()).count();
        let cards_given = parse_cards_loosely(body);
        let message = if symbols.len() < want {
            if cards_given == Some(2) {
                format!(
                    "{} hands take {want} cards; this is {} (a Hold'em hand?)",
                    game.name(),
                    cards_given.unwrap_or(0)
                )
            } else {
                format!(
                    "{} hands take {want} cards (or pattern symbols such as A, x); this has {}",
                    game.name(),
                    symbols.len()
                )
            }
        } else if symbols.len() == want
            && given > want
            && rest
                .chars()
                .next()
                .is_some_and(|c| "xX*1".contains(c) || RANK_CHARS.contains(&c.to_ascii_uppercase()))
        {
            format!(
                "{} hands take {want} cards (or pattern symbols); this has more (or '{rest}' is meant as a suit qualifier: use ds, ss or r)",
                game.name()
            )
        } else {
            format!("unknown suit qualifier '{rest}': use ds (double-suited), ss (single-suited) or r (rainbow)")
        };
        let (token, at) = if symbols.len() < want {
            (body, column)
        } else {
            (rest, rest_column)
        };
        return Err(game_error(&message, token, at));
    }
    let qualifier = match rest.to_ascii_lowercase().as_str() {
        "" => None,
        "ds" => Some(Suits::DoubleSuited),
        "ss" => Some(Suits::SingleSuited),
        _ => Some(Suits::Rainbow),
    };
    if qualifier == Some(Suits::SingleSuited) && want > 5 {
        return Err(game_error(
            &format!("ss (one suited pair, no other) cannot hold with {want} cards and four suits"),
            rest,
            rest_column,
        ));
    }
    if qualifier == Some(Suits::Rainbow) && want > 4 {
        return Err(game_error(
            &format!(
                "r (rainbow: no two cards of a suit) cannot hold with {want} cards and four suits"
            ),
            rest,
            rest_column,
        ));
    }
    Ok(Pattern {
        symbols,
        qualifier,
        rest,
        rest_column,
    })
}

/// The pattern's explicit cards: each in the deck and named once; a qualifier they
/// already break is refused.
fn explicit_cards(pattern: &Pattern, game: Game) -> Result<CardSet, RangeError> {
    let (symbols, qualifier) = (&pattern.symbols, pattern.qualifier);
    let (rest, rest_column) = (pattern.rest, pattern.rest_column);
    // Explicit cards: in the deck, not twice; a qualifier they already break.
    let mut fixed = CardSet::EMPTY;
    for &(s, at) in symbols {
        if let Symbol::Card(card) = s {
            if !game.has_card(card) {
                return Err(game_error(
                    &format!(
                        "{card} is not dealt in {} (its deck is {})",
                        game.name(),
                        game.deck_words()
                    ),
                    &card.to_string(),
                    at,
                ));
            }
            if !fixed.insert(card) {
                return Err(error(
                    RangeErrorKind::Card(crate::cards::CardErrorKind::Duplicate),
                    &card.to_string(),
                    at,
                ));
            }
        }
    }
    if let Some(q) = qualifier {
        let most = (0..4)
            .map(|s| (fixed.bits() & suit_bits(s)).count_ones())
            .max()
            .unwrap_or(0);
        if most > 2 {
            return Err(game_error(
                &format!("'{rest}' allows at most two cards of a suit; the pattern already has {most} of one"),
                rest,
                rest_column,
            ));
        }
        if q == Suits::SingleSuited
            && (0..4)
                .filter(|&s| (fixed.bits() & suit_bits(s)).count_ones() == 2)
                .count()
                > 1
        {
            return Err(game_error(
                "'ss' is one suited pair; the pattern already has two",
                rest,
                rest_column,
            ));
        }
    }
    Ok(fixed)
}

/// Every hand that holds the pattern's explicit cards (`fixed`) and its named ranks and
/// wild cards, within its qualifier; refused when it would list too many or none.
fn pattern_hands(
    pattern: &Pattern,
    fixed: CardSet,
    body: &str,
    game: Game,
    column: usize,
) -> Result<Vec<CardSet>, RangeError> {
    let (symbols, qualifier) = (&pattern.symbols, pattern.qualifier);
    // Every hand that holds the explicit cards and, beside them, at least as many cards
    // of each rank as the pattern names (`x` takes any card, so a hand may hold more).
    let mut need = [0u8; 13];
    let mut wild = 0;
    for &(s, _) in symbols {
        match s {
            Symbol::Rank(r) => need[r as usize] += 1,
            Symbol::Any => wild += 1,
            Symbol::Card(_) => {}
        }
    }
    let mut out = Vec::new();
    if let Some(&(_, at)) = need
        .iter()
        .enumerate()
        .find(|(_, &n)| n > 4)
        .and_then(|(r, _)| {
            symbols
                .iter()
                .find(|(s, _)| matches!(s, Symbol::Rank(x) if *x as usize == r))
        })
    {
        return Err(game_error("more than four cards of one rank", body, at));
    }
    let live: Vec<Card> = game.deck().difference(fixed).iter().collect();
    let mut by_rank: Vec<Vec<Card>> = vec![Vec::new(); 13];
    for &c in &live {
        by_rank[c.rank() as usize].push(c);
    }
    // Choose each named rank's cards, then the wild cards from what is left; a hand
    // reached twice (a wild card of a named rank) is removed by sorting.
    let mut partial = vec![fixed];
    for r in 0..13 {
        if need[r] == 0 {
            continue;
        }
        let mut next = Vec::new();
        for &p in &partial {
            let cards: Vec<Card> = by_rank[r]
                .iter()
                .copied()
                .filter(|&c| !p.contains(c))
                .collect();
            for_each_subset(&cards, need[r] as usize, &mut |s| next.push(p.union(s)));
        }
        partial = next;
    }
    // The estimate counts a hand once per way it is reached (a wild card of a named rank),
    // so patterns whose hands fit are generated in full before duplicates go: bounded here
    // (at most six million sets, a fifth of a second) so a typed pattern never stalls.
    let estimate = partial.len() as u64 * choose(live.len() as u64, wild as u64);
    if estimate > 2 * MAX_LISTED_HANDS as u64 {
        return Err(game_error(
            &format!("the pattern stands for more than {MAX_LISTED_HANDS} hands: use random or narrow it"),
            body,
            column,
        ));
    }
    for p in partial {
        let rest_cards: Vec<Card> = live.iter().copied().filter(|&c| !p.contains(c)).collect();
        for_each_subset(&rest_cards, wild, &mut |s| {
            let hand = p.union(s);
            if qualifier.is_none_or(|q| q.accepts(hand)) {
                out.push(hand)
            }
        });
    }
    out.sort_unstable_by_key(|h| h.bits());
    out.dedup();
    if out.is_empty() {
        return Err(game_error("no hand matches the pattern", body, column));
    }
    Ok(out)
}

fn is_qualifier(chars: &[char]) -> bool {
    let s: String = chars.iter().collect::<String>().trim().to_ascii_lowercase();
    matches!(s.as_str(), "ds" | "ss" | "r")
}

/// How many cards a text is when read as a plain card list (for "a Hold'em hand?").
fn parse_cards_loosely(text: &str) -> Option<usize> {
    crate::cards::parse_card_list(text).ok().map(|c| c.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str, game: Game) -> usize {
        HoleRange::parse(text, game).unwrap().hands().len()
    }

    fn message(text: &str, game: Game) -> String {
        let e = HoleRange::parse(text, game).unwrap_err();
        e.caret(text)
    }

    #[test]
    fn omaha_patterns_count_as_combinatorics_says() {
        let o = Game::OMAHA;
        assert_eq!(count("AsKsQhJh", o), 1);
        assert_eq!(count("As Ks Qh Jh", o), 1);
        // AAxx: at least two aces. C(4,2)·C(48,2) + C(4,3)·48 + 1 = 6768 + 192 + 1.
        assert_eq!(count("AAxx", o), 6 * 1128 + 4 * 48 + 1);
        assert_eq!(count("AKQJ", o), 256);
        assert_eq!(count("KKQQ", o), 36);
        // Double-suited AAxx: the aces of two suits, one card of each of those suits.
        assert_eq!(count("AAxx ds", o), 6 * 12 * 12);
        assert_eq!(count("AAxxds", o), 6 * 12 * 12);
        assert_eq!(count("AsKsxx", o), 1225);
        assert_eq!(count("AKQJ r", o), 24);
        // ss: which two ranks share a suit (6), that suit (4), the others apart (3 · 2).
        assert_eq!(count("AKQJ ss", o), 6 * 4 * 6);
        assert_eq!(count("AAxx, KKxx", o), 2 * 6961 - 36);
        // `xxxx` is every hand: random, not listed.
        let any = HoleRange::parse("xxxx", o).unwrap();
        assert!(any.is_random());
        assert_eq!(any.live_count(CardSet::EMPTY), 270_725);
        assert!(HoleRange::parse("random", o).unwrap().is_random());
        assert_eq!(
            HoleRange::parse("random", o)
                .unwrap()
                .live_count(CardSet::EMPTY),
            270_725
        );
        // At least two aces among five cards: C(52,5) − C(48,5) − 4·C(48,4).
        assert_eq!(
            count("AAxxx", Game::OMAHA5),
            2_598_960 - 1_712_304 - 4 * 194_580
        );
        let r = HoleRange::parse("AAxx:0.5, AAKK", o).unwrap();
        let weight_of = |text: &str| {
            let set = CardSet::parse(text).unwrap();
            r.hands().iter().find(|(h, _)| *h == set).unwrap().1
        };
        assert_eq!(
            weight_of("AsAhKsKh"),
            1.0,
            "a union keeps the highest weight"
        );
        assert_eq!(weight_of("AsAhKsQh"), 0.5);
    }

    #[test]
    fn short_deck_ranges_keep_its_deck() {
        assert_eq!(count("random", Game::SHORT_DECK), 630);
        assert_eq!(count("AA", Game::SHORT_DECK), 6);
        assert_eq!(count("22+", Game::SHORT_DECK), 9 * 6);
        assert!(message("55", Game::SHORT_DECK).contains("no cards below six"));
    }

    #[test]
    fn omaha_errors_name_the_problem() {
        let o = Game::OMAHA;
        assert!(
            message("AhKh", o).contains("take 4 cards"),
            "{}",
            message("AhKh", o)
        );
        assert!(message("AhKh", o).contains("Hold'em hand"));
        assert!(message("AsKsQhJh", Game::OMAHA5).contains("take 5"));
        assert!(
            message("AAxxx", o).contains("take 4"),
            "{}",
            message("AAxxx", o)
        );
        let ds = message("AsKsQsx ds", o);
        assert!(ds.contains("already has 3"), "{ds}");
        assert!(message("AAxx zz", o).contains("unknown suit qualifier"));
        assert!(message("AAxx:2", o).contains("weight"));
        assert!(message("AKQJT r", Game::OMAHA5).contains("r (rainbow"));
        assert!(message("AsAsxx", o).contains("twice"));
        assert!(message("Axxxxx", Game::OMAHA6).contains("more than 3000000 hands"));
        // The caret sits under the token.
        let m = message("AAxx, AhKh", o);
        assert!(m.starts_with("AAxx, AhKh\n      ^"), "{m}");
    }
}
