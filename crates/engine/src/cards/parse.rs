//! Card text: `As`, `td`, `10h`, lists with or without separators.

use super::Card;
use thiserror::Error;

/// What is wrong with a piece of card text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardErrorKind {
    /// A rank character that is not 2–9, T, J, Q, K, A (or 10).
    UnknownRank(char),
    /// A suit character that is not c, d, h or s.
    UnknownSuit(char),
    /// A rank with no suit after it.
    MissingSuit,
    /// The same card twice in one list.
    Duplicate,
    /// Text that should be one card and is not.
    NotOneCard,
    /// A card that appears in two places of one scenario (hero and board, …).
    UsedTwice {
        /// Where the card was given first ("hero", "board"…).
        first: &'static str,
        /// Where it was given again.
        second: &'static str,
    },
    /// Too few or too many cards for what they are (a hand to evaluate, a board…).
    Count {
        /// What the cards are for ("a hand", "the board").
        what: &'static str,
        /// The fewest cards it takes.
        min: usize,
        /// The most cards it takes.
        max: usize,
        /// How many were given.
        got: usize,
    },
}

impl std::fmt::Display for CardErrorKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardErrorKind::UnknownRank(c) => write!(f, "unknown rank '{c}'"),
            CardErrorKind::UnknownSuit(c) => write!(f, "unknown suit '{c}'"),
            CardErrorKind::MissingSuit => write!(f, "a rank without a suit"),
            CardErrorKind::Duplicate => write!(f, "card given twice"),
            CardErrorKind::NotOneCard => write!(f, "expected exactly one card"),
            CardErrorKind::UsedTwice { first, second } => {
                write!(
                    f,
                    "card is in {} and in {}",
                    the_place(first),
                    the_place(second)
                )
            }
            CardErrorKind::Count {
                what,
                min,
                max,
                got,
            } if min == max => write!(f, "{what} takes exactly {min} cards, got {got}"),
            CardErrorKind::Count {
                what,
                min,
                max,
                got,
            } => write!(f, "{what} takes {min} to {max} cards, got {got}"),
        }
    }
}

/// A card-text error: what is wrong, the offending token, and its 1-based column.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("\"{token}\" at column {column}: {kind}")]
pub struct CardError {
    /// What is wrong.
    pub kind: CardErrorKind,
    /// The text at fault.
    pub token: String,
    /// 1-based character column of the token in the input.
    pub column: usize,
}

impl CardError {
    /// The input line with a caret under the bad token (for terminals and the UI).
    pub fn caret(&self, input: &str) -> String {
        caret_line(input, self.column, &self.kind.to_string())
    }
}

/// Renders `input` and, below it, a caret under 1-based `column` followed by `reason`.
///
/// Only the line of the input holding `column` is shown, and the padding repeats its
/// tabs, so the caret sits under the token however the input was laid out.
pub fn caret_line(input: &str, column: usize, reason: &str) -> String {
    // Enough context either side of the caret to see the token; a pasted 40 KB range
    // shows its neighbourhood, not the whole line.
    const CONTEXT: usize = 40;
    let chars: Vec<char> = input.chars().collect();
    let at = column.saturating_sub(1).min(chars.len());
    let is_break = |c: &char| *c == '\n' || *c == '\r';
    let line_start = chars[..at].iter().rposition(is_break).map_or(0, |p| p + 1);
    let line_end = chars[at..]
        .iter()
        .position(is_break)
        .map_or(chars.len(), |p| at + p);
    let start = line_start.max(at.saturating_sub(CONTEXT));
    let end = line_end.min(at + CONTEXT);
    let (before, after) = (start > line_start, end < line_end);
    let line: String = chars[start..end].iter().collect();
    let pad: String = chars[start..at]
        .iter()
        .map(|&c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    let (lead, pad_lead) = if before { ("…", " ") } else { ("", "") };
    let tail = if after { "…" } else { "" };
    format!("{lead}{line}{tail}\n{pad_lead}{pad}^ {reason}")
}

/// A place a card can be, with "the" where English wants one: "the board", "the hero",
/// but "seat 1" and "folded 2" as they are.
pub fn the_place(place: &str) -> String {
    let named = ["seat ", "seats ", "folded "]
        .iter()
        .any(|p| place.starts_with(p));
    if named {
        place.to_string()
    } else {
        format!("the {place}")
    }
}

/// The rank index of a rank character, if it is one (`1` is handled by the caller for `10`).
pub(crate) fn rank_of_char(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    super::RANK_CHARS
        .iter()
        .position(|&r| r == upper)
        .map(|r| r as u8)
}

pub(crate) fn suit_of_char(c: char) -> Option<u8> {
    let lower = c.to_ascii_lowercase();
    super::SUIT_CHARS
        .iter()
        .position(|&s| s == lower)
        .map(|s| s as u8)
}

/// Parses a card list; duplicates are allowed here (see [`super::CardSet::parse`]).
pub fn parse_card_list(text: &str) -> Result<Vec<Card>, CardError> {
    Ok(parse_card_list_with_columns(text)?
        .into_iter()
        .map(|(c, _)| c)
        .collect())
}

/// Parses a card list, keeping each card's 1-based column.
pub(crate) fn parse_card_list_with_columns(text: &str) -> Result<Vec<(Card, usize)>, CardError> {
    let chars: Vec<char> = text.chars().collect();
    let mut cards = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' {
            i += 1;
            continue;
        }
        let start = i;
        let rank = if c == '1' && chars.get(i + 1) == Some(&'0') {
            i += 2;
            8
        } else if let Some(r) = rank_of_char(c) {
            i += 1;
            r
        } else {
            return Err(CardError {
                kind: CardErrorKind::UnknownRank(c),
                token: token_at(&chars, start),
                column: start + 1,
            });
        };
        let Some(&suit_char) = chars.get(i) else {
            return Err(CardError {
                kind: CardErrorKind::MissingSuit,
                token: chars[start..].iter().collect(),
                column: start + 1,
            });
        };
        let Some(suit) = suit_of_char(suit_char) else {
            let kind = if suit_char.is_whitespace() || suit_char == ',' {
                CardErrorKind::MissingSuit
            } else {
                CardErrorKind::UnknownSuit(suit_char)
            };
            let column = if kind == CardErrorKind::MissingSuit {
                start + 1
            } else {
                i + 1
            };
            return Err(CardError {
                kind,
                token: token_at(&chars, start),
                column,
            });
        };
        i += 1;
        cards.push((Card::new(rank, suit), start + 1));
    }
    Ok(cards)
}

/// The whitespace/comma-delimited token starting at `start`.
fn token_at(chars: &[char], start: usize) -> String {
    chars[start..]
        .iter()
        .take_while(|c| !c.is_whitespace() && **c != ',')
        .collect()
}

#[cfg(test)]
mod caret_tests {
    use super::caret_line;

    #[test]
    fn carets_line_up_with_tabs_and_newlines() {
        assert_eq!(caret_line("As\tKx", 5, "bad"), "As\tKx\n  \t ^ bad");
        // The second line of the input is shown alone, the caret under its token.
        assert_eq!(caret_line("AA,\nKx+", 6, "bad"), "Kx+\n ^ bad");
        assert_eq!(caret_line("", 1, "empty"), "\n^ empty");
        // A long line shows 40 characters either side of the caret, cut with "…".
        let long = format!("{}Kx{}", "A".repeat(100), "Q".repeat(100));
        let shown = caret_line(&long, 101, "bad");
        let (line, caret) = shown.split_once('\n').unwrap();
        assert_eq!(line, format!("…{}Kx{}…", "A".repeat(40), "Q".repeat(38)));
        assert_eq!(caret, format!(" {}^ bad", " ".repeat(40)));
    }
}

#[cfg(test)]
mod tests {
    use super::super::CardSet;
    use super::*;

    #[test]
    fn separators_and_case() {
        let a = CardSet::parse("AsKs").unwrap();
        assert_eq!(a, CardSet::parse("As Ks").unwrap());
        assert_eq!(a, CardSet::parse("As,Ks").unwrap());
        assert_eq!(a, CardSet::parse("aS kS").unwrap());
        assert_eq!(
            CardSet::parse("10h td").unwrap().to_string(),
            "Th Td",
            "10 is ten, canonical output"
        );
        assert_eq!(CardSet::parse("").unwrap(), CardSet::EMPTY);
    }

    #[test]
    fn errors_name_token_and_column() {
        let e = CardSet::parse("As Xd").unwrap_err();
        assert_eq!(e.kind, CardErrorKind::UnknownRank('X'));
        assert_eq!(e.column, 4);
        assert_eq!(e.to_string(), "\"Xd\" at column 4: unknown rank 'X'");
        let e = CardSet::parse("As Kx").unwrap_err();
        assert_eq!(e.kind, CardErrorKind::UnknownSuit('x'));
        assert_eq!(e.column, 5);
        let e = CardSet::parse("As K").unwrap_err();
        assert_eq!(e.kind, CardErrorKind::MissingSuit);
        assert_eq!(e.column, 4);
        let e = CardSet::parse("As Kd as").unwrap_err();
        assert_eq!(e.kind, CardErrorKind::Duplicate);
        assert_eq!(e.token, "As");
        assert_eq!(e.column, 7);
        assert_eq!(e.caret("As Kd as"), "As Kd as\n      ^ card given twice");
    }

    #[test]
    fn never_panics_on_odd_text() {
        for text in ["1", "10", "é", "Aé", "♠", ",,,", "A", "  1x"] {
            let _ = CardSet::parse(text);
        }
    }
}
