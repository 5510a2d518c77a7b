//! Canonical range text: compact classic notation that parses back to the same range.
//!
//! Full classes with one weight are grouped into `QQ+`, `TT-77`, `AJs+`, `A5s-A2s`;
//! classes only partly present are listed combo by combo; `:w` marks weights below 1.

use super::{HandClass, HandRange, RangeNotation};
use crate::cards::RANK_CHARS;

/// A class's state in a range.
#[derive(Clone, Copy, PartialEq)]
enum ClassState {
    Absent,
    /// Every combo present, all with this weight.
    Full(f32),
    Partial,
}

fn state(range: &HandRange, class: HandClass) -> ClassState {
    let weights: Vec<f32> = class.combos().iter().map(|&c| range.weight(c)).collect();
    if weights.iter().all(|&w| w == 0.0) {
        ClassState::Absent
    } else if weights.iter().all(|&w| w == weights[0]) {
        ClassState::Full(weights[0])
    } else {
        ClassState::Partial
    }
}

fn with_weight(term: String, weight: f32) -> String {
    if weight == 1.0 {
        term
    } else {
        format!("{term}:{weight}")
    }
}

fn rank(r: u8) -> char {
    RANK_CHARS[r as usize]
}

/// Runs of consecutive items (by position) sharing one full weight: (first, last, weight).
fn runs(states: &[(u8, ClassState)]) -> Vec<(u8, u8, f32)> {
    let mut out: Vec<(u8, u8, f32)> = Vec::new();
    let mut prev_full = false;
    for &(key, state) in states {
        match state {
            ClassState::Full(w) => {
                match out.last_mut() {
                    Some(run) if prev_full && run.2 == w => run.1 = key,
                    _ => out.push((key, key, w)),
                }
                prev_full = true;
            }
            _ => prev_full = false,
        }
    }
    out
}

pub(super) fn to_text(range: &HandRange) -> String {
    if range.iter().count() == super::COMBOS && range.iter().all(|(_, w)| w == 1.0) {
        return "random".to_string();
    }
    let mut terms: Vec<String> = Vec::new();
    // Pairs, aces down.
    let pairs: Vec<(u8, ClassState)> = (0..13u8)
        .rev()
        .map(|r| (r, state(range, HandClass::of_ranks(r, r, false))))
        .collect();
    for (top, bottom, w) in runs(&pairs) {
        let (t, b) = (rank(top), rank(bottom));
        let term = if top == 12 && bottom < 12 {
            format!("{b}{b}+")
        } else if top == bottom {
            format!("{t}{t}")
        } else {
            format!("{t}{t}-{b}{b}")
        };
        terms.push(with_weight(term, w));
    }
    // Suited, then offsuit; by top card, kickers down.
    for (suited, suffix) in [(true, 's'), (false, 'o')] {
        for high in (1..13u8).rev() {
            let kickers: Vec<(u8, ClassState)> = (0..high)
                .rev()
                .map(|k| (k, state(range, HandClass::of_ranks(high, k, suited))))
                .collect();
            for (first, last, w) in runs(&kickers) {
                let (h, f, l) = (rank(high), rank(first), rank(last));
                let term = if first == high - 1 && last < first {
                    format!("{h}{l}{suffix}+")
                } else if first == last {
                    format!("{h}{f}{suffix}")
                } else {
                    format!("{h}{f}{suffix}-{h}{l}{suffix}")
                };
                terms.push(with_weight(term, w));
            }
        }
    }
    // Partial classes, combo by combo, in grid order.
    for class in HandClass::all() {
        if state(range, class) == ClassState::Partial {
            for combo in class.combos() {
                let w = range.weight(combo);
                if w > 0.0 {
                    terms.push(with_weight(combo.to_string(), w));
                }
            }
        }
    }
    terms.join(", ")
}

/// The range in the notation of `tool` (see [`RangeNotation`]).
pub(super) fn to_notation(range: &HandRange, tool: RangeNotation) -> String {
    match tool {
        RangeNotation::MultiOdds => to_other_tools_text(range),
        RangeNotation::Equilab => by_weight(range, |w, text| {
            format!("[{p}]{text}[/{p}]", p = percent_text(w))
        }),
        // PokerStove has no weights: every combo the range holds, at full weight.
        RangeNotation::PokerStove => to_text(&HandRange::from_fn(|c| range.weight(c) > 0.0)),
    }
}

/// A weight as a percentage of at most four decimals, trailing zeros dropped (`80`,
/// `12.5`), as Equilab writes its tags: enough that the weight reads back within 5e-7.
fn percent_text(weight: f32) -> String {
    let text = format!("{:.4}", f64::from(weight) * 100.0);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The range as groups of one weight each, heaviest first, full weight plain and the
/// others written by `weighted(weight, group text)`, joined by commas.
fn by_weight(range: &HandRange, weighted: impl Fn(f32, &str) -> String) -> String {
    let mut weights: Vec<f32> = range.iter().map(|(_, w)| w).collect();
    weights.sort_by(|a, b| b.total_cmp(a));
    weights.dedup();
    weights
        .into_iter()
        .map(|w| {
            let group = HandRange::from_fn(|c| range.weight(c) == w);
            let text = to_text(&group);
            if w == 1.0 {
                text
            } else {
                weighted(w, &text)
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The range as other tools write it: at weight 1 plain classic text (PokerStove and
/// Equilab read it), other weights as `0.4(…)` groups (eval7 and Flop Ferret read
/// them), heaviest first. It parses back to the same combos and weights.
pub(super) fn to_other_tools_text(range: &HandRange) -> String {
    by_weight(range, |w, text| format!("{w}({text})"))
}
