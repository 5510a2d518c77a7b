//! What is wrong with a range ([`RangeError`]): the kind, the token and its column.

use super::{fmt, CardErrorKind, MAX_NESTING};

/// What is wrong with a range.
#[derive(Debug, Clone, PartialEq)]
pub enum RangeErrorKind {
    /// Nothing written.
    Empty,
    /// A range that holds no combo.
    EmptyResult,
    /// Empty because a space means "and": the text with commas instead.
    SpaceMeansAnd(String),
    /// A rank character that is not one.
    UnknownRank(char),
    /// A pocket pair written with a suit letter (`88s`): its rank.
    PairWithSuit(char),
    /// Two `+` on one term.
    PlusTwice,
    /// A word the notation does not have.
    UnknownWord,
    /// One card where a hand takes two.
    SingleCard,
    /// A card that does not read.
    Card(CardErrorKind),
    /// A span whose ends are not of one shape (`AKs-QJo`).
    SpanMismatch,
    /// A span with a `+` on it.
    SpanWithPlus,
    /// A weight that is not a number in (0, 1].
    BadWeight,
    /// A percentage that is not one from 0 to 100.
    BadPercent,
    /// An equity filter that does not read.
    BadEquity,
    /// A `(` never closed.
    MissingCloseParen,
    /// A `)` with no `(`.
    UnmatchedCloseParen,
    /// A term missing (after an operator).
    ExpectedTerm,
    /// Something where it cannot stand.
    Unexpected,
    /// Parentheses nested too deep.
    TooDeep,
    /// A comparison that does not read.
    BadComparison,
    /// The text is longer than [`MAX_RANGE_TEXT`] bytes (its length).
    TooLong(usize),
    /// Something a game's hands cannot be (a 4-card hand in 5-card Omaha, a suit
    /// qualifier the pattern already breaks): what, in words.
    GameRule(String),
    /// An Equilab weight tag (`[80]`, `[/80]`) that does not read.
    BadTag,
    /// An Equilab weight tag opened and never closed: the tag that closes it.
    TagNotClosed(String),
    /// An Equilab closing tag that is not the one opened: the one expected.
    TagMismatch(String),
}

/// The longest range text accepted, in bytes (256 KiB). Every one of the 1,326 combos
/// written out in the longest notation a tool exports (Equilab's `[12.3456]AsKs[/12.3456], `
/// is 27 bytes, a solver's `AsKs:0.123456789, ` 18) takes about 36 KB, so any real export
/// fits seven times over; the parser reads it in milliseconds and a few megabytes. Past
/// it a field is refused at once, whole and with this limit named, in the window, the CLI
/// and scenario files alike: nothing is ever cut.
pub const MAX_RANGE_TEXT: usize = 256 * 1024;

impl fmt::Display for RangeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RangeErrorKind::*;
        match self {
            Empty => write!(f, "no range given: type a hand, a range or random"),
            EmptyResult => write!(f, "the range holds no combo"),
            SpaceMeansAnd(commas) => write!(
                f,
                "the range holds no combo: a space between terms means \"and\" here; did you mean `{commas}`?"
            ),
            UnknownRank(c) => write!(f, "unknown rank '{c}'"),
            PairWithSuit(rank) => write!(
                f,
                "a pair has no suit: its two cards are always of two suits (write {rank}{rank})"
            ),
            PlusTwice => write!(f, "'+' twice"),
            UnknownWord => write!(f, "not a hand, a range or a keyword"),
            SingleCard => write!(f, "one card: an exact hand needs two (AhKh)"),
            Card(kind) => write!(f, "{kind}"),
            SpanMismatch => write!(
                f,
                "the two ends of a span must be alike (TT-77, A5s-A2s, T9s-65s, G2-G4)"
            ),
            SpanWithPlus => write!(f, "a span cannot also have '+'"),
            BadWeight => write!(
                f,
                "a weight is a number in (0, 1], at least {:e} (AKs:0.5)",
                crate::range::MIN_WEIGHT
            ),
            BadPercent => write!(f, "a percentage is a number from 0 to 100 followed by %"),
            BadEquity => write!(f, "an equity is a fraction in [0, 1] or a percentage"),
            MissingCloseParen => write!(f, "'(' is never closed"),
            UnmatchedCloseParen => write!(f, "')' without '('"),
            ExpectedTerm => write!(f, "a hand or range is missing here"),
            Unexpected => write!(f, "unexpected here"),
            TooLong(len) => write!(
                f,
                "{len} bytes: a range is at most {MAX_RANGE_TEXT} bytes (256 KiB) of text"
            ),
            GameRule(message) => f.write_str(message),
            BadTag => write!(
                f,
                "an Equilab weight tag is [w] before the hands and [/w] after them, w a percentage (0, 100] or a fraction like 0.8 ([80]55-22[/80])"
            ),
            TagNotClosed(close) => write!(f, "this weight is never closed: end its hands with {close}"),
            TagMismatch(close) => write!(f, "this closes another weight: the open one ends with {close}"),
            TooDeep => write!(
                f,
                "nested more than {MAX_NESTING} levels deep: simplify the expression"
            ),
            BadComparison => write!(
                f,
                "compare against an equity (60%, 0.6), a hand class (TT, AKs) or a group (G3)"
            ),
        }
    }
}

/// A range error: what, the offending token, and its 1-based column in the input.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("\"{token}\" at column {column}: {kind}")]
pub struct RangeError {
    /// What is wrong.
    pub kind: RangeErrorKind,
    /// The text at fault.
    pub token: String,
    /// Where it starts (1-based, in characters).
    pub column: usize,
}

impl RangeError {
    /// The input with a caret under the error (`QQ++` / `   ^ '+' twice`).
    pub fn caret(&self, input: &str) -> String {
        crate::cards::caret_line(input, self.column, &self.kind.to_string())
    }
}
