//! A player's range as a query binding writes it: every MultiOdds notation (classic,
//! weighted, pocket queries, Omaha patterns), plus PQL's own generic forms read as PQL
//! means them. A generic term names each hole card: a rank with a suit variable (`w`, `x`,
//! `y`, `z`: one letter is one suit, two letters two different suits), a rank alone (any
//! suit), an exact card, or `*` (any card). So `AwKw` is AK suited, `AwKx` AK offsuit,
//! `AA**` Omaha's aces with any two, and `*` or `**` any hand.

use super::QueryError;
use crate::cards::{Card, CardSet, Game, RANK_CHARS, SUIT_CHARS};
use crate::range::{for_each_subset, HoleRange, MAX_LISTED_HANDS};
use std::collections::HashMap;

/// One hole card of a generic term.
#[derive(Clone, Copy, Debug, PartialEq)]
enum CardSpec {
    /// `*`: any card.
    Any,
    /// A rank (0 = deuce) and what its suit must be.
    Ranked(u8, SuitSpec),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum SuitSpec {
    Free,
    Exact(u8),
    /// Suit variable 0..4 (`w`, `x`, `y`, `z`).
    Variable(usize),
}

const VARIABLES: [char; 4] = ['w', 'x', 'y', 'z'];

/// The hands of a binding's `text` in `game` that no card of `blocked` touches, each
/// with its weight (a hand named twice keeps its larger weight). `column` is where the
/// text starts in the query; `who` names the binding in messages.
pub(super) fn live_hands(
    text: &str,
    game: Game,
    blocked: CardSet,
    column: usize,
    who: &str,
) -> Result<Vec<(CardSet, f32)>, QueryError> {
    let mut weights: HashMap<u64, f32> = HashMap::new();
    // The classic terms, each with the column it starts at in the query.
    let mut classic: Vec<(&str, usize)> = Vec::new();
    let mut random = false;
    let mut offset = 0;
    for piece in text.split(',') {
        let at = column + text[..offset].chars().count();
        offset += piece.len() + 1;
        let Some((specs, weight)) = generic_term(piece.trim(), game) else {
            if !game.has_two_card_ranges() && piece.trim().ends_with('%') {
                return Err(QueryError::at(
                    at + (piece.len() - piece.trim_start().len()),
                    format!(
                        "{who}: \"{}\": a percentage takes the strongest two-card hands; {game} hands have no such ranking here (write a pattern such as AAxx or A2**)",
                        piece.trim()
                    ),
                ));
            }
            classic.push((piece, at));
            continue;
        };
        if specs.iter().all(|s| *s == CardSpec::Any) {
            random = true;
            continue;
        }
        let hands = expand(&specs, game).ok_or_else(|| {
            QueryError::at(
                at,
                format!(
                    "{who}: \"{}\" lists more than {MAX_LISTED_HANDS} hands: narrow it",
                    piece.trim()
                ),
            )
        })?;
        for h in hands {
            let w = weights.entry(h).or_insert(0.0);
            *w = w.max(weight);
        }
    }
    if !classic.is_empty() {
        // The classic terms read as one range, as the other views read them; an error's
        // column is mapped back to the term it is in.
        let joined = classic
            .iter()
            .map(|(t, _)| *t)
            .collect::<Vec<_>>()
            .join(",");
        let range = HoleRange::parse(&joined, game).map_err(|e| {
            let mut start = 1;
            let mut at = column;
            for (t, c) in &classic {
                if e.column < start {
                    break;
                }
                at = c + (e.column - start);
                start += t.chars().count() + 1;
            }
            QueryError::at(at, format!("{who}: \"{}\": {}", e.token, e.kind))
        })?;
        random |= range.is_random();
        for (h, w) in range.live_hands(blocked) {
            let entry = weights.entry(h.bits()).or_insert(0.0);
            *entry = entry.max(w);
        }
    }
    if random {
        return Ok(HoleRange::random(game).live_hands(blocked));
    }
    let mut out: Vec<(CardSet, f32)> = Vec::from_iter(
        weights
            .into_iter()
            .map(|(bits, w)| (CardSet::from_bits(bits), w))
            .filter(|(h, _)| !h.intersects(blocked)),
    );
    out.sort_unstable_by_key(|(h, _)| h.bits());
    Ok(out)
}

/// `term` read as a generic term of `game`'s hole size, with its weight (`AwKw:0.5`):
/// none unless it names every hole card and uses `*` or a suit variable (so `AKs`,
/// `AsKs`, `Ax` and `AAxx` keep their MultiOdds meaning).
fn generic_term(term: &str, game: Game) -> Option<(Vec<CardSpec>, f32)> {
    let (body, weight) = match term.rsplit_once(':') {
        Some((b, w)) => {
            let w: f32 = w.trim().parse().ok()?;
            (b.trim(), w)
        }
        None => (term, 1.0),
    };
    if !(weight > 0.0 && weight <= 1.0) {
        return None;
    }
    let chars: Vec<char> = body.chars().filter(|c| !c.is_whitespace()).collect();
    let mut specs = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '*' {
            specs.push(CardSpec::Any);
            i += 1;
            continue;
        }
        let rank = RANK_CHARS
            .iter()
            .position(|r| *r == chars[i].to_ascii_uppercase())? as u8;
        let suit = match chars.get(i + 1) {
            Some(c) if SUIT_CHARS.contains(c) => {
                i += 1;
                SuitSpec::Exact(SUIT_CHARS.iter().position(|s| s == c)? as u8)
            }
            Some(c) if VARIABLES.contains(c) => {
                i += 1;
                SuitSpec::Variable(VARIABLES.iter().position(|v| v == c)?)
            }
            _ => SuitSpec::Free,
        };
        specs.push(CardSpec::Ranked(rank, suit));
        i += 1;
    }
    let generic = specs.iter().any(|s| {
        matches!(
            s,
            CardSpec::Any | CardSpec::Ranked(_, SuitSpec::Variable(_))
        )
    });
    // `*` alone is any hand, as the open PQL runner writes it.
    let any_hand = !specs.is_empty() && specs.iter().all(|s| *s == CardSpec::Any);
    (generic && (specs.len() == game.hole_cards() || any_hand)).then_some((specs, weight))
}

/// Every hand (as card bits) the specs name, or none past [`MAX_LISTED_HANDS`].
fn expand(specs: &[CardSpec], game: Game) -> Option<Vec<u64>> {
    let fixed: Vec<(u8, SuitSpec)> = specs
        .iter()
        .filter_map(|s| match s {
            CardSpec::Ranked(r, suit) => Some((*r, *suit)),
            CardSpec::Any => None,
        })
        .collect();
    let stars = specs.len() - fixed.len();
    let deck: Vec<Card> = game.deck().iter().collect();
    let mut partial: Vec<u64> = Vec::new();
    assign(&fixed, &deck, CardSet::EMPTY, [None; 4], &mut partial);
    partial.sort_unstable();
    partial.dedup();
    let mut hands: Vec<u64> = Vec::new();
    for p in partial {
        let rest: Vec<Card> = deck
            .iter()
            .copied()
            .filter(|c| !CardSet::from_bits(p).contains(*c))
            .collect();
        for_each_subset(&rest, stars, &mut |s| hands.push(p | s.bits()));
        if hands.len() > MAX_LISTED_HANDS {
            return None;
        }
    }
    hands.sort_unstable();
    hands.dedup();
    Some(hands)
}

/// Every choice of a card for each of `fixed`'s specs in turn, suit variables kept
/// apart (one variable one suit, two variables two suits).
fn assign(
    fixed: &[(u8, SuitSpec)],
    deck: &[Card],
    chosen: CardSet,
    suits: [Option<u8>; 4],
    out: &mut Vec<u64>,
) {
    let Some(&(rank, spec)) = fixed.first() else {
        out.push(chosen.bits());
        return;
    };
    for &c in deck
        .iter()
        .filter(|c| c.rank() == rank && !chosen.contains(**c))
    {
        let mut next = suits;
        let fits = match spec {
            SuitSpec::Free => true,
            SuitSpec::Exact(s) => c.suit() == s,
            SuitSpec::Variable(v) => match suits[v] {
                Some(s) => s == c.suit(),
                None => {
                    next[v] = Some(c.suit());
                    !suits.contains(&Some(c.suit()))
                }
            },
        };
        if fits {
            assign(
                &fixed[1..],
                deck,
                chosen.union(CardSet::single(c)),
                next,
                out,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str, game: Game) -> usize {
        live_hands(text, game, CardSet::EMPTY, 1, "hero")
            .unwrap()
            .len()
    }

    #[test]
    fn generic_terms_read_as_pql_means_them() {
        let h = Game::HOLDEM;
        assert_eq!(count("AwKw", h), 4);
        assert_eq!(count("AwKx", h), 12);
        assert_eq!(count("AwKw, AxKy", h), 16);
        assert_eq!(count("AwAx", h), 6);
        assert_eq!(count("A*", h), 4 * 51 - 6);
        assert_eq!(count("**", h), 1326);
        assert_eq!(count("*", h), 1326);
        // MultiOdds' own meanings are kept where the form is not generic.
        assert_eq!(count("Ax", h), count("A9o-A2o", h));
        assert_eq!(count("AKs", h), 4);
        assert_eq!(count("QQ+, AwKw", h), 22);
        let o = Game::OMAHA;
        assert_eq!(count("AA**", o), count("AAxx", o));
        assert_eq!(count("AwAxKwKx", o), 6);
        assert_eq!(count("****", o), 270_725);
    }

    #[test]
    fn weights_blocked_cards_and_columns() {
        let hands = live_hands(
            "AwKw:0.5, AsKs",
            Game::HOLDEM,
            CardSet::parse("Ah").unwrap(),
            1,
            "hero",
        )
        .unwrap();
        assert_eq!(hands.len(), 3);
        let spades = CardSet::parse("AsKs").unwrap();
        assert!(hands.iter().all(|(h, w)| (*w == 1.0) == (*h == spades)));
        let e = live_hands(
            "AwKw, QQ+, AhKhQh",
            Game::HOLDEM,
            CardSet::EMPTY,
            10,
            "villain",
        )
        .unwrap_err();
        assert_eq!(e.column, Some(21), "{e:?}");
        assert!(e.message.starts_with("villain: "), "{}", e.message);
    }
}
