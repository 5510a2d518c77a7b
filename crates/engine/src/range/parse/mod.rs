//! The range parser: classic notation and the pocket query language in one grammar.
//!
//! Precedence, loosest first (reference §3.2):
//! ```text
//! expr     := union (cmp operand | ',' union)*     comparisons filter all on their left
//! operand  := equity | class | group               `E > 60%`, `Pair > TT`, `? >= G3`
//! union    := inter ((Or | Union | '|' | ',') inter)*
//! inter    := negation ((And | In | Intersect(ion) | '&')? negation)*
//! negation := (Not | '!')* postfix                 a loop: no recursion per `!`
//! postfix  := primary filter* (':' weight)?        `AK Suited`, `AKs:0.5`
//! primary  := word (span word)? | keyword | '(' expr ')'   at most MAX_NESTING deep
//! span     := To | Through | ' - '                 `G2 To G5` is the word `G2-G5`
//! ```
//! Spans (`TT-77`, `G2-G4`) and `+` are part of a term's word. Short forms and
//! aliases of the classic query language (`S`, `O`, `C`, `Gap`, `Paired`, `GN`, `?`)
//! are read where their long forms are.

use super::groups::{preflop_equity, GROUP_OF};
use super::{Combo, HandClass, HandRange, COMBOS};
use crate::cards::{parse_card_list, CardErrorKind, RANK_CHARS};
use std::fmt;

mod error;
pub use error::{RangeError, RangeErrorKind, MAX_RANGE_TEXT};

#[derive(Debug, Clone, Copy, PartialEq)]
enum CmpOp {
    Greater,
    GreaterEq,
    Less,
    LessEq,
}

/// Deepest nesting of parentheses the parser accepts: far beyond any real range, and
/// shallow enough that the recursive descent never runs out of stack.
pub const MAX_NESTING: usize = 64;

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Word(String),
    /// `To`, `Through` or a spaced `-`: a span between the words either side.
    Span,
    Open,
    Close,
    Or,
    And,
    Not,
    Colon,
    Cmp(CmpOp),
    /// Equilab's `[80]` (or `[0.8]`): the weight of the hands up to its `[/80]`.
    TagOpen(f32),
    /// Equilab's `[/80]`: the number as written, to match its opening tag.
    TagClose(String),
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
    let is_special = |c: char| "(),|&!:<>=[".contains(c) || c.is_whitespace();
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
        if c == '[' {
            // Equilab's weight tags: `[80]…[/80]`.
            let Some(len) = chars[i..].iter().position(|&c| c == ']') else {
                return Err(RangeError {
                    kind: RangeErrorKind::BadTag,
                    token: chars[i..].iter().take(12).collect(),
                    column: start + 1,
                });
            };
            i += len + 1;
            let text: String = chars[start..i].iter().collect();
            let inner = &text[1..text.len() - 1];
            let tok = match inner.strip_prefix('/') {
                Some(number) => Tok::TagClose(number.trim().to_string()),
                None => match tag_weight(inner) {
                    Some(w) => Tok::TagOpen(w),
                    None => {
                        return Err(RangeError {
                            kind: RangeErrorKind::BadTag,
                            token: text,
                            column: start + 1,
                        })
                    }
                },
            };
            tokens.push(Token { tok, text, start });
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
            "or" | "union" => Tok::Or,
            "and" | "intersection" | "intersect" | "in" => Tok::And,
            "not" => Tok::Not,
            "to" | "through" | "-" => Tok::Span,
            _ => Tok::Word(text.clone()),
        };
        tokens.push(Token { tok, text, start });
    }
    Ok(tokens)
}

/// The weight an Equilab tag's number means: a number below 1 written with a decimal
/// point is a fraction (`[0.8]`), any other a percentage (`[80]`, `[12.5]`, `[1]` and
/// `[1.0000]` = 1 %), as Equilab writes both (full weight is never tagged); `None`
/// outside (0, 1] after that.
fn tag_weight(number: &str) -> Option<f32> {
    let number = number.trim();
    let value: f64 = number.parse().ok().filter(|v: &f64| v.is_finite())?;
    let weight = if number.contains('.') && value < 1.0 {
        value
    } else {
        value / 100.0
    };
    let weight = weight as f32;
    (super::MIN_WEIGHT..=1.0)
        .contains(&weight)
        .then_some(weight)
}

/// Parses a range expression (see the module docs).
pub(crate) fn parse_range(input: &str) -> Result<HandRange, RangeError> {
    if input.len() > MAX_RANGE_TEXT {
        // Refused before any work: a pasted novel must not take the window's frames.
        let cut = (0..=MAX_RANGE_TEXT)
            .rev()
            .find(|&i| input.is_char_boundary(i))
            .unwrap_or(0);
        return Err(RangeError {
            kind: RangeErrorKind::TooLong(input.len()),
            token: input[cut..].chars().take(12).collect(),
            column: input[..cut].chars().count() + 1,
        });
    }
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
        depth: 0,
    };
    let range = parser.expr()?;
    if let Some(token) = parser.peek_token() {
        let kind = if token.tok == Tok::Close {
            RangeErrorKind::UnmatchedCloseParen
        } else if matches!(token.tok, Tok::TagClose(_)) {
            RangeErrorKind::BadTag
        } else {
            RangeErrorKind::Unexpected
        };
        return Err(parser.error_at(kind, &token.clone()));
    }
    if range.is_empty() {
        return Err(RangeError {
            kind: comma_hint(input)
                .map_or(RangeErrorKind::EmptyResult, RangeErrorKind::SpaceMeansAnd),
            token: input.trim().to_string(),
            column: 1,
        });
    }
    Ok(range)
}

/// For a range that holds nothing because a space joined two terms ("and", as the
/// classic query language reads it: `QQ+ AKs` is empty), the same terms joined by
/// commas, when that reads to some combos: what PokerStove and Equilab users meant.
fn comma_hint(input: &str) -> Option<String> {
    let words: Vec<&str> = input.split_whitespace().collect();
    if words.len() < 2 || words.iter().any(|w| w.contains(['(', ')', ','])) {
        return None;
    }
    let joined = words.join(", ");
    // The joined text has commas, so this asks for no hint in turn.
    parse_range(&joined).is_ok().then_some(joined)
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    input_len: usize,
    /// Parentheses open around the current position (bounded by [`MAX_NESTING`]).
    depth: usize,
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
    // The classic query language's short forms and aliases (reference §3.2) map here too.
    Some(match lower.as_str() {
        "suited" | "s" => HandRange::from_fn(|c| {
            let (a, b) = c.cards();
            a.suit() == b.suit()
        }),
        "offsuit" | "offsuited" | "o" => HandRange::from_fn(|c| {
            let (a, b) = c.cards();
            a.suit() != b.suit()
        }),
        "pair" | "pairs" | "paired" => HandRange::from_fn(|c| {
            let (a, b) = c.cards();
            a.rank() == b.rank()
        }),
        "connected" | "connectors" | "c" => gap(0),
        "gap1" | "gapped1" => gap(1),
        "gap2" | "gapped2" => gap(2),
        "gap3" | "gapped3" => gap(3),
        "gap" | "gapped" => gap(1).union(&gap(2)).union(&gap(3)),
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
                    let keep = self.comparison(op)?;
                    range = range.filter(|c| keep(c.class()));
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

    /// The right side of a comparison: an equity (`60%`, `0.6`), a hand class (`TT`,
    /// `AKs`, `AK`) or a group (`G3`). Returns which classes pass.
    ///
    /// Classes compare by the preflop ranking (reference §3.4). A term of several classes
    /// (`AK` = AKs and AKo) gives `>` "stronger than all of them", `>=` "at least as
    /// strong as one", `<` "weaker than all", `<=` "at most as strong as one". Groups
    /// compare by number, a lower number being stronger; Group 9 (unranked) is never
    /// "at least" any group.
    fn comparison(&mut self, op: CmpOp) -> Result<Box<dyn Fn(HandClass) -> bool>, RangeError> {
        let Some(token) = self.next_token() else {
            return Err(self.error_at_end(RangeErrorKind::BadComparison));
        };
        let Tok::Word(word) = &token.tok else {
            return Err(self.error_at(RangeErrorKind::BadComparison, &token));
        };
        // `66` is a pair, not 66 as an equity: a class wins over a bare number.
        let lower = word.to_ascii_lowercase();
        let is_group = matches!(group_span(&lower), Some(Ok(_)));
        let class = (!is_group)
            .then(|| class_term(word, token.start).ok())
            .flatten();
        let number = match word.strip_suffix('%') {
            Some(p) => p.parse::<f64>().map(|v| v / 100.0).ok(),
            None if class.is_none() && !is_group => word.parse::<f64>().ok(),
            None => None,
        };
        if let Some(threshold) = number {
            if !(0.0..=1.0).contains(&threshold) {
                return Err(self.error_at(RangeErrorKind::BadEquity, &token));
            }
            return Ok(Box::new(move |class| {
                let e = preflop_equity(class);
                match op {
                    CmpOp::Greater => e > threshold,
                    CmpOp::GreaterEq => e >= threshold,
                    CmpOp::Less => e < threshold,
                    CmpOp::LessEq => e <= threshold,
                }
            }));
        }
        if let Some(Ok((low, high))) = group_span(&lower) {
            if low == high {
                let k = low;
                return Ok(Box::new(move |class| {
                    let g = GROUP_OF[class.index()];
                    match op {
                        CmpOp::Greater => g < k && g != 9,
                        CmpOp::GreaterEq => g <= k && g != 9,
                        CmpOp::Less => g > k,
                        CmpOp::LessEq => g >= k,
                    }
                }));
            }
        }
        let Some(classes) = class else {
            return Err(self.error_at(RangeErrorKind::BadComparison, &token));
        };
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for (combo, _) in classes.iter() {
            let e = preflop_equity(combo.class());
            lo = lo.min(e);
            hi = hi.max(e);
        }
        Ok(Box::new(move |class| {
            let e = preflop_equity(class);
            match op {
                CmpOp::Greater => e > hi,
                CmpOp::GreaterEq => e >= lo,
                CmpOp::Less => e < lo,
                CmpOp::LessEq => e <= hi,
            }
        }))
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
        matches!(
            tok,
            Some(Tok::Word(_) | Tok::Open | Tok::Not | Tok::TagOpen(_))
        )
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
        // A loop, not recursion: thousands of `!` cannot exhaust the stack.
        let mut nots = 0usize;
        while self.peek() == Some(&Tok::Not) {
            self.pos += 1;
            nots += 1;
        }
        let range = self.postfix()?;
        Ok(if nots % 2 == 1 {
            range.complement()
        } else {
            range
        })
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
                Some(w) if (super::MIN_WEIGHT..=1.0).contains(&w) => range = range.scaled(w),
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
                let inner = self.nested(&token)?;
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
                if self.peek() == Some(&Tok::Span) {
                    return self.spaced_span(&word, &token);
                }
                if let Some(weight) = self.prefix_weight(&word, &token)? {
                    // `80%(22-55)`, `0.4(AsKs)`, `.2(4s9s)`: a weight on the group that
                    // follows (as eval7 and Flop Ferret write them).
                    let group = self.primary()?;
                    return Ok(group.scaled(weight));
                }
                self.word(&word, &token)
            }
            Tok::TagOpen(weight) => {
                let weight = *weight;
                let inner = self.nested(&token)?;
                let number = token.text[1..token.text.len() - 1].trim();
                let close = format!("[/{number}]");
                match self.next_token() {
                    Some(Token {
                        tok: Tok::TagClose(n),
                        ..
                    }) if n == number => Ok(inner.scaled(weight)),
                    Some(
                        other @ Token {
                            tok: Tok::TagClose(_),
                            ..
                        },
                    ) => Err(self.error_at(RangeErrorKind::TagMismatch(close), &other)),
                    Some(other) => Err(self.error_at(RangeErrorKind::Unexpected, &other)),
                    None => Err(self.error_at(RangeErrorKind::TagNotClosed(close), &token)),
                }
            }
            Tok::Close => Err(self.error_at(RangeErrorKind::UnmatchedCloseParen, &token)),
            _ => Err(self.error_at(RangeErrorKind::ExpectedTerm, &token)),
        }
    }

    /// The expression inside a group opened by `open` (a parenthesis or an Equilab
    /// tag), at most [`MAX_NESTING`] groups deep.
    fn nested(&mut self, open: &Token) -> Result<HandRange, RangeError> {
        if self.depth >= MAX_NESTING {
            return Err(self.error_at(RangeErrorKind::TooDeep, open));
        }
        self.depth += 1;
        let inner = self.expr();
        self.depth -= 1;
        inner
    }

    /// A weight written before a parenthesis with nothing between (`80%(`, `0.4(`,
    /// `.2(`): `Some(weight)`; a weight out of (0, 1] there is an error; any other word
    /// (`15% (…)` with a space is the top 15 % and that group) is `None`.
    fn prefix_weight(&self, word: &str, token: &Token) -> Result<Option<f32>, RangeError> {
        let adjacent = matches!(
            self.peek_token(),
            Some(Token { tok: Tok::Open, start, .. }) if *start == token.start + word.chars().count()
        );
        if !adjacent {
            return Ok(None);
        }
        let weight = match word.strip_suffix('%') {
            Some(percent) => percent.parse::<f32>().ok().map(|p| p / 100.0),
            None if word.starts_with(|c: char| c == '.' || c.is_ascii_digit()) => {
                word.parse::<f32>().ok()
            }
            None => return Ok(None),
        };
        match weight {
            Some(w) if (super::MIN_WEIGHT..=1.0).contains(&w) => Ok(Some(w)),
            _ => Err(self.error_at(RangeErrorKind::BadWeight, token)),
        }
    }

    /// `G2 To G5`, `TT Through 77`, `A5s - A2s`: the same as the word `G2-G5`.
    fn spaced_span(&mut self, first: &str, token: &Token) -> Result<HandRange, RangeError> {
        let op = self.next_token().expect("peeked");
        let second = match self.next_token() {
            Some(Token {
                tok: Tok::Word(w),
                start,
                ..
            }) => (w, start),
            Some(other) => return Err(self.error_at(RangeErrorKind::ExpectedTerm, &other)),
            None => return Err(self.error_at(RangeErrorKind::ExpectedTerm, &op)),
        };
        let joined = format!("{first}-{}", second.0);
        let first_len = first.chars().count();
        // Columns in the joined word map back to the first word, the operator or the
        // second word of the input.
        let remap = |mut e: RangeError| {
            let i = e.column.saturating_sub(1 + token.start);
            e.column = if i < first_len {
                token.start + i + 1
            } else if i == first_len {
                op.start + 1
            } else {
                second.1 + (i - first_len - 1) + 1
            };
            e.token = format!("{first} {} {}", op.text, second.0);
            e
        };
        let lower = joined.to_ascii_lowercase();
        if let Some(groups) = group_term(&lower) {
            return groups.map_err(|_| {
                remap(RangeError {
                    kind: RangeErrorKind::SpanMismatch,
                    token: joined.clone(),
                    column: token.start + first_len + 1,
                })
            });
        }
        class_term(&joined, token.start).map_err(remap)
    }

    fn word(&mut self, word: &str, token: &Token) -> Result<HandRange, RangeError> {
        let lower = word.to_ascii_lowercase();
        if matches!(
            lower.as_str(),
            "random" | "any" | "xxxx" | "??" | "?" | "all"
        ) {
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
                // `AhKhQh`: more cards than a hand takes.
                cards if cards.len() > 2 => {
                    return Err(card_error(
                        CardErrorKind::Count {
                            what: "a hand",
                            min: 2,
                            max: 2,
                            got: cards.len(),
                        },
                        token.start + 1,
                    ));
                }
                _ => {}
            }
        }
        class_term(word, token.start)
    }
}

/// `Group3`, `G3`, `GroupNone`, `GN`, `G2-G4`: `Some(Ok((low, high)))` for groups,
/// `Some(Err(i))` for a bad span whose '-' is char `i` of the word.
fn group_span(lower: &str) -> Option<Result<(u8, u8), usize>> {
    fn one(text: &str) -> Option<u8> {
        let rest = text
            .strip_prefix("group")
            .or_else(|| text.strip_prefix('g'))?;
        match rest {
            "none" | "n" => Some(9),
            _ => rest.parse::<u8>().ok().filter(|g| (1..=9).contains(g)),
        }
    }
    Some(Ok(match lower.split_once('-') {
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
    }))
}

/// The range of a group term (see [`group_span`]).
fn group_term(lower: &str) -> Option<Result<HandRange, usize>> {
    Some(group_span(lower)?.map(|(low, high)| {
        HandRange::from_fn(|c| (low..=high).contains(&GROUP_OF[c.class().index()]))
    }))
}

/// The best classes by preflop equity against one random hand until their combos reach
/// `percent`% of all (the `n%` notation).
pub(crate) fn top_percent(percent: f64) -> HandRange {
    top_percent_by(percent, super::PreflopRanking::VsOneRandom)
}

/// The best classes under `ranking` until their combos reach `percent`% of all.
pub fn top_percent_by(percent: f64, ranking: super::PreflopRanking) -> HandRange {
    let target = percent / 100.0 * COMBOS as f64;
    let mut range = HandRange::empty();
    let mut count = 0usize;
    for class in ranking.order() {
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

mod terms;
use terms::*;
