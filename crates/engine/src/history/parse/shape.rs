//! The sites' shapes: how each site starts a hand and which reader reads it, the text
//! cut into hands by a shape's headers (a header after other text, archive separators,
//! text before the first hand), and what the readers of the other sites share (amounts
//! as they write them, games named in words).

use super::{bovada, ipoker, pacific, party, winamax};
use super::{embedded_header, header, is_separator, read_hand, Refusal};
use crate::cards::Game;
use crate::history::amount::Amount;
use crate::history::model::{Hand, Source};
use crate::history::text::clean_lines;

/// The shape of the text's hands: the first line that starts a hand of a known site.
pub(super) fn shape_of(text: &str) -> &'static dyn Shape {
    // iPoker's XML may open its first game on the line that closes the session's facts.
    if text.contains("<session") && text.contains("<game gamecode=") {
        return &ipoker::IPoker;
    }
    for (_, line) in clean_lines(text) {
        for shape in SHAPES {
            if shape.header_at(line) == Some(0) {
                return *shape;
            }
        }
    }
    &Stars
}

/// Every shape read. Bovada's header would pass for PokerStars' (`Bovada Hand #…:`), so
/// PokerStars' shape is tried last.
const SHAPES: &[&dyn Shape] = &[
    &winamax::Winamax,
    &pacific::Pacific,
    &party::Party,
    &bovada::Bovada,
    &ipoker::IPoker,
    &Stars,
];

/// A site's way of writing hands: how a hand starts and how one is read.
pub(super) trait Shape: Sync {
    /// Where a hand's header starts in `line` (0: the line is a header).
    fn header_at(&self, line: &str) -> Option<usize>;
    /// The hand number a header line names, for refusals.
    fn hand_id(&self, header: &str) -> Option<String>;
    /// Reads one hand's lines, the header first.
    fn read(&self, file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal>;
    /// What a hand's first line looks like, for the refusal of stray text.
    fn header_hint(&self) -> &'static str;
    /// A line before a hand's header that belongs to it or to the file, not stray text
    /// (PartyPoker's `Game #… starts.`).
    fn ignorable_before(&self, _line: &str) -> bool {
        false
    }
    /// Whether hands are read from the whole text at once (iPoker's XML).
    fn whole_text(&self) -> bool {
        false
    }
    /// Reads the whole text, for a shape read that way.
    fn read_whole(&self, _file: &str, _text: &str, _each: &mut dyn FnMut(Result<Hand, Refusal>)) {}
}

/// Where a hand's header of any site read starts in `line` (after other text when a
/// hand was cut short by it).
pub(crate) fn header_start(line: &str) -> Option<usize> {
    SHAPES.iter().filter_map(|s| s.header_at(line)).min()
}

/// Whether a (cleaned) line starts a hand of any site read.
pub(crate) fn is_any_header(line: &str) -> bool {
    SHAPES.iter().any(|s| s.header_at(line) == Some(0))
}

/// PokerStars' shape (and the sites that write it).
struct Stars;

impl Shape for Stars {
    fn header_at(&self, line: &str) -> Option<usize> {
        if header(line).is_some() {
            Some(0)
        } else {
            embedded_header(line)
        }
    }
    fn hand_id(&self, line: &str) -> Option<String> {
        header(line).map(|h| h.id.to_string())
    }
    fn read(&self, file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
        read_hand(file, lines)
    }
    fn header_hint(&self) -> &'static str {
        "a hand starts with a line like `PokerStars Hand #…:` or `Poker Hand #…:`"
    }
}

/// Cuts a text into hands by `shape`'s headers and reads each. A header after other
/// text on its line starts a new hand and the hand it cut short is refused; an archive's
/// separator ends a hand without refusing it; text before the first hand is refused.
pub(super) fn read_blocks(
    file: &str,
    text: &str,
    shape: &dyn Shape,
    mut each: impl FnMut(Result<Hand, Refusal>),
) {
    let mut block: Vec<(usize, &str)> = Vec::new();
    let mut stray: Option<usize> = None;
    let mut any_hand = false;
    let flush = |block: &mut Vec<(usize, &str)>,
                 each: &mut dyn FnMut(Result<Hand, Refusal>),
                 any_hand: &mut bool| {
        if block.is_empty() {
            return;
        }
        each(shape.read(file, block));
        *any_hand = true;
        block.clear();
    };
    for (n, line) in clean_lines(text) {
        match shape.header_at(line) {
            Some(0) => {
                flush(&mut block, &mut each, &mut any_hand);
                block.push((n, line));
            }
            Some(at) => {
                // The text before a header on its line is the end of a hand cut short
                // (files joined without a line break): that hand is refused, the next
                // one read.
                if let Some(&(first, head)) = block.first() {
                    each(Err(Refusal {
                        source: Source {
                            file: file.into(),
                            line: first,
                        },
                        line: n,
                        hand_id: shape.hand_id(head),
                        reason: format!(
                            "the hand is cut short: the next hand's header starts in the middle of line {n} (after `{}`)",
                            line[..at].trim()
                        ),
                    }));
                    any_hand = true;
                    block.clear();
                } else if stray.is_none() {
                    stray = Some(n);
                }
                block.push((n, &line[at..]));
            }
            None if is_separator(line) => {
                // An archive's separator ends the hand before it.
                flush(&mut block, &mut each, &mut any_hand);
            }
            None if !block.is_empty() => block.push((n, line)),
            None => {
                if !line.is_empty() && stray.is_none() && !shape.ignorable_before(line) {
                    stray = Some(n);
                }
            }
        }
    }
    flush(&mut block, &mut each, &mut any_hand);
    if let (Some(line), true) = (stray, any_hand) {
        each(Err(Refusal {
            source: Source {
                file: file.into(),
                line,
            },
            line,
            hand_id: None,
            reason: format!(
                "text before the first hand is not a hand ({})",
                shape.header_hint()
            ),
        }));
    }
}

/// `$1,049`, `1 092 698`, `0.5 $`, `10 €`: the amount, signs and spaces dropped. 888.ro
/// and iPoker's Italian skins write thousands with dots (`167.394` chips): a dot followed by exactly three
/// digits, never two as cents are, groups thousands.
pub(super) fn site_amount(text: &str) -> Option<Amount> {
    let t: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '$' | '€' | '£'))
        .collect();
    let t = t.trim_end_matches('.');
    let dotted_thousands = t.contains('.')
        && t.split('.')
            .skip(1)
            .all(|g| g.len() == 3 && g.chars().all(|c| c.is_ascii_digit()));
    if dotted_thousands {
        return Amount::parse(&t.replace('.', ""));
    }
    Amount::parse(t)
}

/// The game that words name, as the sites other than PokerStars write them (`No Limit
/// Holdem`, `OMAHA HiLo`, `Pot Limit OmahaHL`, `7 Card Stud Hi-Lo`, `NCARD`, `Razz`).
pub(super) fn game_by_words(words: &str) -> Option<Game> {
    let d = words.to_ascii_lowercase();
    let hilo = ["hi-lo", "hi/lo", "hilo", "omahahl"]
        .iter()
        .any(|w| d.contains(w));
    if d.contains("omaha") {
        Some(if hilo { Game::OMAHA_HILO } else { Game::OMAHA })
    } else if d.contains("stud") || d.starts_with("ncard") || d.starts_with("7card") {
        Some(if hilo { Game::STUD_HILO } else { Game::STUD })
    } else if d.contains("razz") {
        Some(Game::RAZZ)
    } else if d.contains("holdem") || d.contains("hold'em") {
        Some(Game::HOLDEM)
    } else {
        None
    }
}

/// Winamax, PartyPoker and iPoker write no `Uncalled bet` line: a bet nobody called comes back inside the
/// bettor's `collected` (rounded to a chip), and the total counts it. Such a bet is
/// taken off what the bettor won and off the total, so the pot is the chips contested.
pub(super) fn uncalled_paid_as_won(hand: &mut Hand) {
    let n = hand.players.len();
    let bets = crate::history::model::Running::through(n, &hand.streets).bets;
    // The pot with the largest bet's uncalled part back.
    let mut sorted = bets.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let uncalled_top = match sorted.as_slice() {
        [top, second, ..] => *top - *second,
        _ => Amount::ZERO,
    };
    let rebuilt = bets.iter().copied().sum::<Amount>() - uncalled_top + hand.site_added;
    let stated = hand.summary.pot_before_take();
    if stated <= rebuilt {
        return;
    }
    let extra = stated - rebuilt;
    // Rounded to a chip (Winamax), or a few chips in a hundred thousand (PartyPoker's
    // summaries of big tournament pots).
    let one = Amount::parse("1")
        .expect("an amount")
        .max(Amount::from_ten_thousandths(
            extra.ten_thousandths() / 100_000,
        ));
    for p in 0..n {
        let others = (0..n)
            .filter(|&q| q != p)
            .map(|q| bets[q])
            .max()
            .unwrap_or_default();
        let uncalled = bets[p] - others;
        let off = if uncalled > extra {
            uncalled - extra
        } else {
            extra - uncalled
        };
        let won = hand.summary.won.get(p).copied().unwrap_or_default();
        if uncalled > Amount::ZERO && off <= one && won >= extra {
            hand.summary.won[p] -= extra;
            hand.summary.total -= extra;
            if let Some(c) = hand.collected.iter_mut().find(|c| c.player == p) {
                c.amount -= extra;
            }
            return;
        }
    }
}
