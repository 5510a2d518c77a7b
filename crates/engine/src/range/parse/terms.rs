//! Hand-class terms of the classic notation: a class or hand (`AKs`, `AhKh`, `T9`), and
//! spans between two of them (`TT-77`, `A2s-A5s`, `KQo-K9o`, `T9s-65s`).

use super::{HandClass, HandRange, RangeError, RangeErrorKind, RANK_CHARS};

#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Suitedness {
    Any,
    Suited,
    Offsuit,
}

/// The second rank of a hand term: a rank, `x` (9 down to 2) or `?` (any).
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Second {
    Rank(u8),
    Small,
    Any,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct HandSpec {
    high: u8,
    second: Second,
    suited: Suitedness,
    /// `Ax` with no suffix is offsuit; remember whether a suffix was written.
    explicit_suffix: bool,
}

/// Reads a rank at `chars[i]` (`10` is ten). Returns (rank, chars used).
pub(super) fn read_rank(chars: &[char], i: usize) -> Option<(u8, usize)> {
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
pub(super) fn hand_spec(chars: &[char], offset: usize, word: &str) -> Result<HandSpec, RangeError> {
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
            return Err(err(
                RangeErrorKind::PairWithSuit(RANK_CHARS[high as usize]),
                i - 1,
            ));
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
pub(super) fn class_combos(high: u8, low: u8, suited: Suitedness, range: &mut HandRange) {
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

pub(super) fn spec_range(spec: HandSpec) -> HandRange {
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
pub(super) fn class_term(word: &str, start: usize) -> Result<HandRange, RangeError> {
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
pub(super) fn span(a: HandSpec, b: HandSpec) -> Option<HandRange> {
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
