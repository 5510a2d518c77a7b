//! The range parser: classic notation and the pocket query language in one grammar.
//!
//! Precedence, loosest first (SPEC §3.2):
//! ```text
//! expr     := union (cmp number | ',' union)*      comparisons filter all on their left
//! union    := inter ((Or | '|' | ',') inter)*
//! inter    := negation ((And | '&')? negation)*    juxtaposition intersects
//! negation := (Not | '!') negation | postfix
//! postfix  := primary filter* (':' weight)?        `AK Suited`, `AKs:0.5`
//! primary  := term | keyword | '(' expr ')'
//! ```
//! Spans (`TT-77`, `G2-G4`) and `+` are part of a term's word.

use super::groups::{preflop_equity, preflop_order, GROUP_OF};
use super::{Combo, HandClass, HandRange, COMBOS};
use crate::cards::{parse_card_list, CardErrorKind, RANK_CHARS};
use std::fmt;

/// What is wrong with a range.
#[derive(Debug, Clone, PartialEq)]
pub enum RangeErrorKind {
    Empty,
    EmptyResult,
    UnknownRank(char),
    PlusTwice,
    UnknownWord,
    SingleCard,
    Card(CardErrorKind),
    SpanMismatch,
    SpanWithPlus,
    BadWeight,
    BadPercent,
    BadEquity,
    MissingCloseParen,
    UnmatchedCloseParen,
    ExpectedTerm,
    Unexpected,
}

impl fmt::Display for RangeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RangeErrorKind::*;
        match self {
            Empty => write!(f, "no range given: type a hand, a range or random"),
            EmptyResult => write!(f, "the range holds no combo"),
            UnknownRank(c) => write!(f, "unknown rank '{c}'"),
            PlusTwice => write!(f, "'+' twice"),
            UnknownWord => write!(f, "not a hand, a range or a keyword"),
            SingleCard => write!(f, "one card: an exact hand needs two (AhKh)"),
            Card(kind) => write!(f, "{kind}"),
            SpanMismatch => write!(
                f,
                "the two ends of a span must be alike (TT-77, A5s-A2s, T9s-65s, G2-G4)"
            ),
            SpanWithPlus => write!(f, "a span cannot also have '+'"),
            BadWeight => write!(f, "a weight is a number in (0, 1]"),
            BadPercent => write!(f, "a percentage is a number from 0 to 100 followed by %"),
            BadEquity => write!(f, "an equity is a fraction in [0, 1] or a percentage"),
            MissingCloseParen => write!(f, "'(' is never closed"),
            UnmatchedCloseParen => write!(f, "')' without '('"),
            ExpectedTerm => write!(f, "a hand or range is missing here"),
            Unexpected => write!(f, "unexpected here"),
        }
    }
}

/// A range error: what, the offending token, and its 1-based column in the input.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("\"{token}\" at column {column}: {kind}")]
pub struct RangeError {
    pub kind: RangeErrorKind,
    pub token: String,
    pub column: usize,
}

impl RangeError {
    /// The input with a caret under the error (`QQ++` / `   ^ '+' twice`).
    pub fn caret(&self, input: &str) -> String {
        crate::cards::caret_line(input, self.column, &self.kind.to_string())
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum CmpOp {
    Greater,
    GreaterEq,
    Less,
    LessEq,
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    Open,
    Close,
    Or,
    And,
    Not,
    Colon,
    Cmp(CmpOp),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    text: String,
    /// 0-based char index of the token's first char.
    start: usize,
}

fn tokenize(input: &str) -> Result<Vec<Token>, RangeError> {
    let chars: Vec<char> = input.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    let is_special = |c: char| "(),|&!:<>=".contains(c) || c.is_whitespace();
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        let simple = match c {
            _ if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '(' => Some(Tok::Open),
            ')' => Some(Tok::Close),
            ',' | '|' => Some(Tok::Or),
            '&' => Some(Tok::And),
            '!' => Some(Tok::Not),
            ':' => Some(Tok::Colon),
            _ => None,
        };
        if let Some(tok) = simple {
            tokens.push(Token {
                tok,
                text: c.to_string(),
                start,
            });
            i += 1;
            continue;
        }
        if c == '<' || c == '>' || c == '=' {
            let eq = chars.get(i + 1) == Some(&'=');
            let op = match (c, eq) {
                ('>', false) => CmpOp::Greater,
                ('>', true) => CmpOp::GreaterEq,
                ('<', false) => CmpOp::Less,
                ('<', true) => CmpOp::LessEq,
                _ => {
                    return Err(RangeError {
                        kind: RangeErrorKind::Unexpected,
                        token: c.to_string(),
                        column: start + 1,
                    })
                }
            };
            i += 1 + eq as usize;
            tokens.push(Token {
                tok: Tok::Cmp(op),
                text: chars[start..i].iter().collect(),
                start,
            });
            continue;
        }
        while i < chars.len() && !is_special(chars[i]) {
            i += 1;
        }
        let text: String = chars[start..i].iter().collect();
        let tok = match text.to_ascii_lowercase().as_str() {
            "or" => Tok::Or,
            "and" => Tok::And,
            "not" => Tok::Not,
            _ => Tok::Word(text.clone()),
        };
        tokens.push(Token { tok, text, start });
    }
    Ok(tokens)
}

/// Parses a range expression (see the module docs).
pub(crate) fn parse_range(input: &str) -> Result<HandRange, RangeError> {
    let tokens = tokenize(input)?;
    if tokens.is_empty() {
        return Err(RangeError {
            kind: RangeErrorKind::Empty,
            token: input.to_string(),
            column: 1,
        });
    }
    let mut parser = Parser {
        tokens,
        pos: 0,
        input_len: input.chars().count(),
    };
    let range = parser.expr()?;
    if let Some(token) = parser.peek_token() {
        let kind = if token.tok == Tok::Close {
            RangeErrorKind::UnmatchedCloseParen
        } else {
            RangeErrorKind::Unexpected
        };
        return Err(parser.error_at(kind, &token.clone()));
    }
    if range.is_empty() {
        return Err(RangeError {
            kind: RangeErrorKind::EmptyResult,
            token: input.trim().to_string(),
            column: 1,
        });
    }
    Ok(range)
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    input_len: usize,
}

/// Keyword sets usable alone or as postfix filters.
fn keyword_set(word: &str) -> Option<HandRange> {
    let lower = word.to_ascii_lowercase();
    let gap = |n: i32| {
        HandRange::from_fn(move |c| {
            let (a, b) = c.cards();
            let (hi, lo) = (a.rank().max(b.rank()) as i32, a.rank().min(b.rank()) as i32);
            // The ace also plays low: A2 is connected, A3 has one gap.
            hi - lo == n + 1 || (hi == 12 && lo + 1 == n + 1)
        })
    };
    Some(match lower.as_str() {
        "suited" => HandRange::from_fn(|c| {
            let (a, b) = c.cards();
            a.suit() == b.suit()
        }),
        "offsuit" => HandRange::from_fn(|c| {
            let (a, b) = c.cards();
            a.suit() != b.suit()
        }),
        "pair" | "pairs" => HandRange::from_fn(|c| {
            let (a, b) = c.cards();
            a.rank() == b.rank()
        }),
        "connected" | "connectors" => gap(0),
        "gap1" => gap(1),
        "gap2" => gap(2),
        "gap3" => gap(3),
        _ => return None,
    })
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.tokens.get(self.pos).map(|t| &t.tok)
    }

    fn peek_token(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn next_token(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn error_at(&self, kind: RangeErrorKind, token: &Token) -> RangeError {
        RangeError {
            kind,
            token: token.text.clone(),
            column: token.start + 1,
        }
    }

    /// Error at the end of the input (something is missing).
    fn error_at_end(&self, kind: RangeErrorKind) -> RangeError {
        let last = self
            .tokens
            .last()
            .map(|t| t.text.clone())
            .unwrap_or_default();
        RangeError {
            kind,
            token: last,
            column: self.input_len.max(1),
        }
    }

    fn expr(&mut self) -> Result<HandRange, RangeError> {
        // `E > 60%` (or a comparison first) filters everything.
        let mut range = match (self.peek(), self.tokens.get(self.pos + 1).map(|t| &t.tok)) {
            (Some(Tok::Word(w)), Some(Tok::Cmp(_)))
                if w.eq_ignore_ascii_case("e") || w.eq_ignore_ascii_case("equity") =>
            {
                self.pos += 1;
                HandRange::random()
            }
            (Some(Tok::Cmp(_)), _) => HandRange::random(),
            _ => self.union()?,
        };
        loop {
            match self.peek() {
                Some(Tok::Cmp(op)) => {
                    let op = *op;
                    self.pos += 1;
                    let threshold = self.equity_number()?;
                    range = range.filter(|c| {
                        let e = preflop_equity(c.class());
                        match op {
                            CmpOp::Greater => e > threshold,
                            CmpOp::GreaterEq => e >= threshold,
                            CmpOp::Less => e < threshold,
                            CmpOp::LessEq => e <= threshold,
                        }
                    });
                }
                Some(Tok::Or) => {
                    self.pos += 1;
                    let right = self.union()?;
                    range = range.union(&right);
                }
                _ => return Ok(range),
            }
        }
    }

    fn equity_number(&mut self) -> Result<f64, RangeError> {
        let Some(token) = self.next_token() else {
            return Err(self.error_at_end(RangeErrorKind::BadEquity));
        };
        let Tok::Word(word) = &token.tok else {
            return Err(self.error_at(RangeErrorKind::BadEquity, &token));
        };
        let value = match word.strip_suffix('%') {
            Some(p) => p.parse::<f64>().map(|v| v / 100.0),
            None => word.parse::<f64>(),
        };
        match value {
            Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
            _ => Err(self.error_at(RangeErrorKind::BadEquity, &token)),
        }
    }

    fn union(&mut self) -> Result<HandRange, RangeError> {
        let mut range = self.intersection()?;
        while self.peek() == Some(&Tok::Or) {
            // A comparison after ',' belongs to the whole expression: leave it to expr().
            if matches!(
                self.tokens.get(self.pos + 1).map(|t| &t.tok),
                Some(Tok::Cmp(_))
            ) {
                break;
            }
            self.pos += 1;
            let right = self.intersection()?;
            range = range.union(&right);
        }
        Ok(range)
    }

    fn starts_term(tok: Option<&Tok>) -> bool {
        matches!(tok, Some(Tok::Word(_) | Tok::Open | Tok::Not))
    }

    fn intersection(&mut self) -> Result<HandRange, RangeError> {
        let mut range = self.negation()?;
        loop {
            if self.peek() == Some(&Tok::And) {
                self.pos += 1;
            } else if !Self::starts_term(self.peek()) {
                return Ok(range);
            }
            let right = self.negation()?;
            range = range.intersect(&right);
        }
    }

    fn negation(&mut self) -> Result<HandRange, RangeError> {
        if self.peek() == Some(&Tok::Not) {
            self.pos += 1;
            return Ok(self.negation()?.complement());
        }
        self.postfix()
    }

    fn postfix(&mut self) -> Result<HandRange, RangeError> {
        let mut range = self.primary()?;
        while let Some(Tok::Word(word)) = self.peek() {
            let Some(filter) = keyword_set(word) else {
                break;
            };
            self.pos += 1;
            range = range.intersect(&filter);
        }
        if self.peek() == Some(&Tok::Colon) {
            let colon = self.next_token().expect("peeked");
            let Some(token) = self.next_token() else {
                return Err(self.error_at(RangeErrorKind::BadWeight, &colon));
            };
            let weight = match &token.tok {
                Tok::Word(w) => w.parse::<f32>().ok(),
                _ => None,
            };
            match weight {
                Some(w) if w > 0.0 && w <= 1.0 => range = range.scaled(w),
                _ => return Err(self.error_at(RangeErrorKind::BadWeight, &token)),
            }
        }
        Ok(range)
    }

    fn primary(&mut self) -> Result<HandRange, RangeError> {
        let Some(token) = self.next_token() else {
            return Err(self.error_at_end(RangeErrorKind::ExpectedTerm));
        };
        match &token.tok {
            Tok::Open => {
                let inner = self.expr()?;
                match self.next_token() {
                    Some(Token {
                        tok: Tok::Close, ..
                    }) => Ok(inner),
                    Some(other) => Err(self.error_at(RangeErrorKind::Unexpected, &other)),
                    None => Err(self.error_at(RangeErrorKind::MissingCloseParen, &token)),
                }
            }
            Tok::Word(word) => {
                let word = word.clone();
                self.word(&word, &token)
            }
            Tok::Close => Err(self.error_at(RangeErrorKind::UnmatchedCloseParen, &token)),
            _ => Err(self.error_at(RangeErrorKind::ExpectedTerm, &token)),
        }
    }

    fn word(&mut self, word: &str, token: &Token) -> Result<HandRange, RangeError> {
        let lower = word.to_ascii_lowercase();
        if matches!(lower.as_str(), "random" | "any" | "xxxx" | "??" | "all") {
            return Ok(HandRange::random());
        }
        if let Some(set) = keyword_set(word) {
            return Ok(set);
        }
        if let Some(groups) = group_term(&lower) {
            return groups.map_err(|dash| RangeError {
                kind: RangeErrorKind::SpanMismatch,
                token: word.to_string(),
                column: token.start + dash + 1,
            });
        }
        if let Some(percent) = word.strip_suffix('%') {
            return match percent.parse::<f64>() {
                Ok(p) if (0.0..=100.0).contains(&p) => Ok(top_percent(p)),
                _ => Err(self.error_at(RangeErrorKind::BadPercent, token)),
            };
        }
        // Exact cards: `AsKs` in one word, or `As Ks` as two.
        if let Ok(cards) = parse_card_list(word) {
            let card_error = |kind, column| RangeError {
                kind: RangeErrorKind::Card(kind),
                token: word.to_string(),
                column,
            };
            match cards.as_slice() {
                [a, b] => {
                    return Combo::new(*a, *b)
                        .map(HandRange::single)
                        .ok_or_else(|| card_error(CardErrorKind::Duplicate, token.start + 3));
                }
                [a] => {
                    if let Some(Token {
                        tok: Tok::Word(next),
                        start,
                        ..
                    }) = self.peek_token().cloned()
                    {
                        if let Ok(second) = parse_card_list(&next) {
                            if let [b] = second.as_slice() {
                                self.pos += 1;
                                return Combo::new(*a, *b).map(HandRange::single).ok_or_else(
                                    || card_error(CardErrorKind::Duplicate, start + 1),
                                );
                            }
                        }
                    }
                    return Err(self.error_at(RangeErrorKind::SingleCard, token));
                }
                _ => {}
            }
        }
        class_term(word, token.start)
    }
}

/// `Group3`, `G3`, `GroupNone`, `G2-G4`: `Some(Ok)` for groups, `Some(Err(i))` for a
/// bad span whose '-' is char `i` of the word.
fn group_term(lower: &str) -> Option<Result<HandRange, usize>> {
    fn one(text: &str) -> Option<u8> {
        let rest = text
            .strip_prefix("group")
            .or_else(|| text.strip_prefix('g'))?;
        match rest {
            "none" => Some(9),
            _ => rest.parse::<u8>().ok().filter(|g| (1..=9).contains(g)),
        }
    }
    let (low, high) = match lower.split_once('-') {
        Some((a, b)) => {
            let a = one(a)?;
            match one(b) {
                Some(b) => (a.min(b), a.max(b)),
                None => return Some(Err(lower.chars().take_while(|&c| c != '-').count())),
            }
        }
        None => {
            let g = one(lower)?;
            (g, g)
        }
    };
    Some(Ok(HandRange::from_fn(|c| {
        (low..=high).contains(&GROUP_OF[c.class().index()])
    })))
}

/// The best classes by preflop equity until their combos reach `percent`% of all.
pub(crate) fn top_percent(percent: f64) -> HandRange {
    let target = percent / 100.0 * COMBOS as f64;
    let mut range = HandRange::empty();
    let mut count = 0usize;
    for class in preflop_order() {
        if count as f64 >= target - 1e-9 {
            break;
        }
        for combo in class.combos() {
            range.set(combo, 1.0);
        }
        count += class.combo_count();
    }
    range
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Suitedness {
    Any,
    Suited,
    Offsuit,
}

/// The second rank of a hand term: a rank, `x` (9 down to 2) or `?` (any).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Second {
    Rank(u8),
    Small,
    Any,
}

#[derive(Clone, Copy, Debug)]
struct HandSpec {
    high: u8,
    second: Second,
    suited: Suitedness,
    /// `Ax` with no suffix is offsuit; remember whether a suffix was written.
    explicit_suffix: bool,
}

/// Reads a rank at `chars[i]` (`10` is ten). Returns (rank, chars used).
fn read_rank(chars: &[char], i: usize) -> Option<(u8, usize)> {
    let c = *chars.get(i)?;
    if c == '1' && chars.get(i + 1) == Some(&'0') {
        return Some((8, 2));
    }
    let upper = c.to_ascii_uppercase();
    RANK_CHARS
        .iter()
        .position(|&r| r == upper)
        .map(|r| (r as u8, 1))
}

/// Parses `AK`, `AKs`, `77`, `Ax`, `A?s`, `AK*` starting at char 0 of `chars`;
/// `offset` is the 0-based column of `chars[0]` in the input.
fn hand_spec(chars: &[char], offset: usize, word: &str) -> Result<HandSpec, RangeError> {
    let err = |kind, i: usize| RangeError {
        kind,
        token: word.to_string(),
        column: offset + i + 1,
    };
    let bad_rank = |i: usize| {
        let c = chars.get(i).copied();
        match c {
            Some(c) => err(RangeErrorKind::UnknownRank(c), i),
            None => err(RangeErrorKind::ExpectedTerm, i.saturating_sub(1)),
        }
    };
    let (high, used) = read_rank(chars, 0).ok_or_else(|| {
        if chars.is_empty() {
            // Nothing after a span's '-': point at the character before.
            RangeError {
                kind: RangeErrorKind::ExpectedTerm,
                token: word.to_string(),
                column: offset.max(1),
            }
        } else {
            err(RangeErrorKind::UnknownWord, 0)
        }
    })?;
    let mut i = used;
    let second = match chars.get(i) {
        Some('x') | Some('X') => {
            i += 1;
            Second::Small
        }
        Some('?') => {
            i += 1;
            Second::Any
        }
        _ => {
            let (r, used) = read_rank(chars, i).ok_or_else(|| bad_rank(i))?;
            i += used;
            Second::Rank(r)
        }
    };
    let (suited, explicit_suffix) = match chars.get(i) {
        None => (Suitedness::Any, false),
        Some('s') | Some('S') => (Suitedness::Suited, true),
        Some('o') | Some('O') => (Suitedness::Offsuit, true),
        Some('*') => (Suitedness::Any, true),
        Some('+') => return Err(err(RangeErrorKind::Unexpected, i)),
        Some(_) => return Err(bad_rank(i)),
    };
    if explicit_suffix {
        i += 1;
    }
    if i < chars.len() {
        return Err(err(RangeErrorKind::Unexpected, i));
    }
    if let Second::Rank(r) = second {
        if r > high {
            // `KA` means AK: accept either order.
            return Ok(HandSpec {
                high: r,
                second: Second::Rank(high),
                suited,
                explicit_suffix,
            });
        }
        if r == high && suited == Suitedness::Suited {
            return Err(err(RangeErrorKind::UnknownRank('s'), i - 1));
        }
    }
    Ok(HandSpec {
        high,
        second,
        suited,
        explicit_suffix,
    })
}

/// All combos of ranks (high, low) with the given suitedness.
fn class_combos(high: u8, low: u8, suited: Suitedness, range: &mut HandRange) {
    for kind in [true, false] {
        let wanted = match suited {
            Suitedness::Any => true,
            Suitedness::Suited => kind,
            Suitedness::Offsuit => !kind,
        };
        if !wanted || (high == low && kind) {
            continue;
        }
        for combo in HandClass::of_ranks(high, low, kind).combos() {
            range.set(combo, 1.0);
        }
    }
}

fn spec_range(spec: HandSpec) -> HandRange {
    let mut range = HandRange::empty();
    match spec.second {
        Second::Rank(low) => class_combos(spec.high, low, spec.suited, &mut range),
        Second::Small => {
            // `Ax`: offsuit unless a suffix says otherwise; kickers 9 down to 2.
            let suited = if spec.explicit_suffix {
                spec.suited
            } else {
                Suitedness::Offsuit
            };
            for low in 0..spec.high.min(8) {
                class_combos(spec.high, low, suited, &mut range);
            }
        }
        Second::Any => {
            for low in 0..=spec.high {
                class_combos(spec.high, low, spec.suited, &mut range);
            }
            for higher in spec.high + 1..13 {
                class_combos(higher, spec.high, spec.suited, &mut range);
            }
        }
    }
    range
}

/// A classic term: `AKs`, `77+`, `AJs+`, `TT-77`, `A5s-A2s`, `T9s-65s`, `Ax`, `A?s`.
fn class_term(word: &str, start: usize) -> Result<HandRange, RangeError> {
    let chars: Vec<char> = word.chars().collect();
    let err = |kind, i: usize| RangeError {
        kind,
        token: word.to_string(),
        column: start + i + 1,
    };
    if let Some(dash) = chars.iter().position(|&c| c == '-') {
        if let Some(plus) = chars.iter().position(|&c| c == '+') {
            return Err(err(RangeErrorKind::SpanWithPlus, plus));
        }
        let a = hand_spec(&chars[..dash], start, word)?;
        let b = hand_spec(&chars[dash + 1..], start + dash + 1, word)?;
        return span(a, b).ok_or_else(|| err(RangeErrorKind::SpanMismatch, dash));
    }
    let plus_count = chars.iter().filter(|&&c| c == '+').count();
    let body_len = chars.len() - chars.iter().rev().take_while(|&&c| c == '+').count();
    if plus_count > 1 {
        let second_plus = chars
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == '+')
            .nth(1)
            .map(|(i, _)| i)
            .unwrap_or(0);
        return Err(err(RangeErrorKind::PlusTwice, second_plus));
    }
    let spec = hand_spec(&chars[..body_len], start, word)?;
    if plus_count == 0 {
        return Ok(spec_range(spec));
    }
    let Second::Rank(low) = spec.second else {
        return Err(err(RangeErrorKind::Unexpected, body_len));
    };
    let mut range = HandRange::empty();
    if low == spec.high {
        for r in low..13 {
            class_combos(r, r, Suitedness::Any, &mut range);
        }
    } else {
        for k in low..spec.high {
            class_combos(spec.high, k, spec.suited, &mut range);
        }
    }
    Ok(range)
}

/// `TT-77`, `A5s-A2s` (same top card), `T9s-65s` (same gap, both ranks step).
fn span(a: HandSpec, b: HandSpec) -> Option<HandRange> {
    let (Second::Rank(al), Second::Rank(bl)) = (a.second, b.second) else {
        return None;
    };
    if a.suited != b.suited {
        return None;
    }
    let mut range = HandRange::empty();
    let a_pair = al == a.high;
    let b_pair = bl == b.high;
    if a_pair || b_pair {
        if !(a_pair && b_pair) {
            return None;
        }
        for r in a.high.min(b.high)..=a.high.max(b.high) {
            class_combos(r, r, Suitedness::Any, &mut range);
        }
    } else if a.high == b.high {
        for k in al.min(bl)..=al.max(bl) {
            class_combos(a.high, k, a.suited, &mut range);
        }
    } else if a.high - al == b.high - bl {
        let gap = a.high - al;
        for h in a.high.min(b.high)..=a.high.max(b.high) {
            class_combos(h, h - gap, a.suited, &mut range);
        }
    } else {
        return None;
    }
    Some(range)
}
