//! Winamax's hands: `Winamax Poker - CashGame - HandId: #…-…-… - Holdem no limit
//! (0.01€/0.02€) - 2012/01/05 20:00:00 UTC`, tournaments (`Tournament "name" buyIn: …
//! level: N`), Go Fast; seat lines without `in chips`, actions without a colon after
//! the name, amounts with the currency after the number (`0.55€`), and a summary total
//! that may be rounded to thousands (`Total pot 6.02k`).

use super::{Facts, Reader, Refusal, Shape};
use crate::cards::Game;
use crate::history::amount::Amount;
use crate::history::model::{Hand, HandGame};

/// Winamax's shape.
pub(super) struct Winamax;

const START: &str = "Winamax Poker - ";

impl Shape for Winamax {
    fn header_at(&self, line: &str) -> Option<usize> {
        line.find(START).filter(|_| line.contains("HandId: #"))
    }
    fn hand_id(&self, header: &str) -> Option<String> {
        let after = header.split_once("HandId: #")?.1;
        Some(after.split_whitespace().next()?.to_string())
    }
    fn read(&self, file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
        read_hand(file, lines)
    }
    fn header_hint(&self) -> &'static str {
        "a Winamax hand starts with a line like `Winamax Poker - … HandId: #…`"
    }
}

/// The games as Winamax names them, longest names first.
const GAMES: [(&str, Game); 14] = [
    ("5 Card Omaha Hi/Lo", Game::OMAHA5_HILO),
    ("Omaha5 Hi/Lo", Game::OMAHA5_HILO),
    ("5 Card Omaha", Game::OMAHA5),
    ("Omaha5", Game::OMAHA5),
    ("6 Card Omaha", Game::OMAHA6),
    ("Omaha Hi/Lo", Game::OMAHA_HILO),
    ("Omaha8", Game::OMAHA_HILO),
    ("Omaha", Game::OMAHA),
    ("Holdem", Game::HOLDEM),
    ("7-Card Stud Hi/Lo", Game::STUD_HILO),
    ("7stud8", Game::STUD_HILO),
    ("7-Card Stud", Game::STUD),
    ("7stud", Game::STUD),
    ("Razz", Game::RAZZ),
];

/// Amounts with the currency sign after the number (`0.55€`) or before it, read as the
/// PokerStars reader reads them: the sign dropped.
fn plain_amounts(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut prev_digit = false;
    for c in line.chars() {
        if matches!(c, '€' | '$' | '£') && prev_digit {
            continue;
        }
        prev_digit = c.is_ascii_digit();
        out.push(c);
    }
    out
}

/// `6020`, `6.02k`, `1.2M`: the amount, and the unit its last digit counts when the
/// site rounded it (`k`: the total is exact to tens only).
fn rounded_amount(text: &str) -> Option<(Amount, Amount)> {
    let t = text.trim();
    let (digits, scale) = match t.chars().last()? {
        'k' | 'K' => (&t[..t.len() - 1], 1_000i64),
        'M' => (&t[..t.len() - 1], 1_000_000),
        _ => (t, 1),
    };
    let a = Amount::parse(digits)?;
    let decimals = digits.split_once('.').map_or(0, |(_, f)| f.len()) as u32;
    let value = Amount::from_ten_thousandths(a.ten_thousandths().checked_mul(scale)?);
    let unit = if scale == 1 {
        Amount::ZERO
    } else {
        Amount::from_ten_thousandths(10_000 * scale / 10i64.pow(decimals))
    };
    Some((value, unit))
}

/// The header's facts: `<kind> - HandId: #<id> - <game> <limit> (<blinds>) - <date>`.
fn facts(head: &str) -> Result<(Facts, bool), String> {
    let rest = head
        .strip_prefix(START)
        .ok_or("the header does not start `Winamax Poker - `")?;
    let (kind, after) = rest
        .split_once(" - HandId: #")
        .ok_or("the header has no ` - HandId: #`")?;
    let (id, after) = after
        .split_once(" - ")
        .ok_or("the header has nothing after its hand number")?;
    let open = after.find('(').ok_or("the header's blinds have no `(`")?;
    let close = after[open..]
        .find(')')
        .map(|c| open + c)
        .ok_or("the header's blinds have no closing `)`")?;
    let desc = after[..open].trim();
    let blinds = &after[open + 1..close];
    let date = after[close + 1..]
        .trim_start_matches(" - ")
        .trim()
        .to_string();
    let game = GAMES
        .iter()
        .find(|(name, _)| desc.starts_with(name))
        .map(|&(_, g)| g);
    let hand_game = HandGame {
        text: desc.to_string(),
        game,
        no_equity: game.is_none().then(|| {
            format!("{desc}: a game the engine does not value yet (pots and results are shown, equity is not)")
        }),
        board_card_first: false,
    };
    if hand_game.game.is_none() && !desc.starts_with("2-7") && !desc.starts_with("Lowball") {
        return Err(format!("Winamax {desc} is not read yet"));
    }
    let tournament = kind.starts_with("Tournament");
    let currency = if tournament {
        String::new()
    } else {
        Amount::sign_in(blinds)
            .map(String::from)
            .unwrap_or_default()
    };
    let stakes = blinds.to_string();
    let big_blind = plain_amounts(blinds)
        .rsplit('/')
        .next()
        .and_then(Amount::parse);
    Ok((
        Facts {
            site: "Winamax".into(),
            id: id.trim().to_string(),
            game: hand_game,
            stakes,
            currency,
            date,
            big_blind,
        },
        tournament,
    ))
}

fn read_hand(file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
    let (first, head) = lines[0];
    let id = Winamax.hand_id(head);
    let refuse = super::refusal_of(file, first, id.clone());
    let (facts, _) = facts(head).map_err(|r| refuse(first, r))?;
    let mut reader = Reader::blank(file, first, facts);
    // The total as written, and the unit it was rounded to (`6.02k`).
    let mut total: Option<(Amount, Amount)> = None;
    let mut last = first;
    for &(n, raw) in &lines[1..] {
        last = n;
        let line = plain_amounts(raw);
        let line = line.as_str();
        if line.is_empty() {
            continue;
        }
        if reader.hand.streets.is_empty() && !line.starts_with("***") {
            setup_line(&mut reader, line).map_err(|r| refuse(n, r))?;
            continue;
        }
        if reader.by_length.len() != reader.hand.players.len() {
            reader.index_names();
        }
        if let Some(rest) = line.strip_prefix("Total pot ") {
            let (pot, fee) = rest.split_once('|').unwrap_or((rest, ""));
            total = Some(rounded_amount(pot).ok_or_else(|| {
                refuse(n, format!("total pot `{}` is not an amount", pot.trim()))
            })?);
            let fee = fee.trim();
            if let Some(rake) = fee.strip_prefix("Rake ") {
                let a = Amount::parse(rake)
                    .ok_or_else(|| refuse(n, format!("rake `{rake}` is not an amount")))?;
                reader.hand.summary.fees.push(("Rake".into(), a));
            }
            reader.seen_total = true;
            continue;
        }
        if let Some(cards) = line.strip_prefix("Board: ") {
            reader
                .line(n, &format!("Board {cards}"))
                .map_err(|(at, r)| refuse(at, r))?;
            continue;
        }
        if !reader.seen_summary && !line.starts_with("***") && !line.starts_with("Dealt to ") {
            if let Some((p, rest)) = reader.who(line, " ") {
                let verb = rest.split_whitespace().next().unwrap_or("");
                const ACTIONS: [&str; 9] = [
                    "folds", "checks", "calls", "bets", "raises", "posts", "shows", "mucks",
                    "brings",
                ];
                let done = if ACTIONS.contains(&verb) {
                    reader.action(n, p, rest)
                } else {
                    reader.note(n, p, rest)
                };
                done.map_err(|r| refuse(n, r))?;
                continue;
            }
        }
        reader.line(n, line).map_err(|(at, r)| refuse(at, r))?;
    }
    reader.check_two_seated().map_err(|r| refuse(last, r))?;
    // A total rounded to thousands is the winnings and the rake when they round to it.
    if let Some((written, unit)) = total {
        let won: Amount = reader.hand.summary.won.iter().copied().sum();
        let exact = won + reader.hand.summary.taken();
        let off = if exact > written {
            exact - written
        } else {
            written - exact
        };
        reader.hand.summary.total = if unit > Amount::ZERO && off + off <= unit {
            exact
        } else {
            written
        };
    }
    super::uncalled_paid_as_won(&mut reader.hand);
    reader.finish().map_err(|r| refuse(last, r))
}

/// The table line and the seat lines (`Seat 3: name (3000)`, `(5, 29.25 bounty)`).
fn setup_line(reader: &mut Reader, line: &str) -> Result<(), String> {
    if let Some(rest) = line.strip_prefix("Table: ") {
        let mut parts = rest.splitn(3, '\'');
        let _ = parts.next();
        reader.hand.table = parts.next().unwrap_or("").to_string();
        if let Some(b) = rest.split("Seat #").nth(1) {
            reader.hand.button = b.split_whitespace().next().and_then(|s| s.parse().ok());
        }
        return Ok(());
    }
    let Some(rest) = line.strip_prefix("Seat ") else {
        return Ok(());
    };
    let (num, who) = rest
        .split_once(": ")
        .ok_or_else(|| format!("a seat line without `: `: `{line}`"))?;
    let seat: u8 = num
        .trim()
        .parse()
        .map_err(|_| format!("seat number `{num}` is not a number"))?;
    let open = who
        .rfind(" (")
        .ok_or_else(|| format!("seat {seat}'s line has no `(stack)`"))?;
    let close = who[open..]
        .find(')')
        .map(|c| open + c)
        .ok_or_else(|| format!("seat {seat}'s stack has no closing `)`"))?;
    let name = who[..open].trim().to_string();
    let inside = &who[open + 2..close];
    let stack_text = inside.split(',').next().unwrap_or("").trim();
    let stack = Amount::parse(stack_text)
        .ok_or_else(|| format!("seat {seat}'s stack `{stack_text}` is not an amount"))?;
    let sitting_out = who[close..].contains("out");
    reader.seat(seat, name, stack)?;
    if let Some(p) = reader.hand.players.last_mut() {
        p.sitting_out = sitting_out;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_rounded_to_thousands_keep_their_unit() {
        let (a, unit) = rounded_amount("6.02k").unwrap();
        assert_eq!(a, Amount::parse("6020").unwrap());
        assert_eq!(unit, Amount::parse("10").unwrap());
        assert_eq!(rounded_amount("125").unwrap().1, Amount::ZERO);
        assert_eq!(plain_amounts("won 0.55€ with"), "won 0.55 with");
    }
}
