//! 888's hands (888poker, Pacific, Cassava, 888.ro): `#Game No : N`, then `*****
//! Cassava Hand History for Game N *****`, the stakes, game and date on one line
//! (`$75/$150 Blinds No Limit Holdem - *** 23 05 2012 20:12:22`), the table, the button,
//! the seats (`Seat 1: name ( $18,872 )`), then actions whose bracketed amount is the
//! chips the action adds (`raises [$450]`), streets as `** Dealing flop ** [ 4d, Qs, 7s
//! ]`, and a summary of what each player collected. 888 writes no pot total: the
//! winnings are the total, and in cash games the site's take is the pot less them.

use super::site_amount as amount;
use super::{Facts, Reader, Refusal, Shape};

use crate::history::amount::Amount;
use crate::history::model::{ActionKind, Collected, Hand, HandGame, StreetName};

/// 888's shape.
pub(super) struct Pacific;

const MARK: &str = "Hand History for Game ";

/// The site's words before `Hand History`, when the line is 888's header (PartyPoker
/// writes the same line with no site word).
fn site_word(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("*****")?;
    let at = rest.find(MARK)?;
    let word = rest[..at].trim();
    (!word.is_empty()).then_some(word)
}

impl Shape for Pacific {
    fn header_at(&self, line: &str) -> Option<usize> {
        let at = line.find("*****")?;
        site_word(&line[at..]).map(|_| at)
    }
    fn hand_id(&self, header: &str) -> Option<String> {
        let after = header.split_once(MARK)?.1;
        Some(after.split_whitespace().next()?.to_string())
    }
    fn read(&self, file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
        read_hand(file, lines)
    }
    fn header_hint(&self) -> &'static str {
        "an 888 hand starts with `#Game No : …` and `***** 888poker Hand History for Game …`"
    }
    fn ignorable_before(&self, line: &str) -> bool {
        line.starts_with("#Game No")
    }
}

/// The amount inside the first `[…]` of `text`.
fn bracketed(text: &str) -> Option<Amount> {
    let open = text.find('[')?;
    let close = text[open..].find(']')? + open;
    amount(&text[open + 1..close])
}

fn read_hand(file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
    let (first, head) = lines[0];
    let id = Pacific.hand_id(head);
    let refuse = super::refusal_of(file, first, id.clone());
    // 888poker, Pacific, Cassava and 888.ro number their hands as one network.
    let site = "888/Pacific";
    let Some(&(n, stakes_line)) = lines.get(1) else {
        return Err(refuse(
            first,
            "the hand ends after its header (truncated?)".into(),
        ));
    };
    // `$75/$150 Blinds No Limit Holdem - *** 23 05 2012 20:12:22`
    let (left, date) = stakes_line
        .split_once(" - ")
        .map_or((stakes_line, ""), |(l, d)| (l, d));
    let (stakes, desc) = left
        .split_once("Blinds")
        .map_or(("", left), |(s, g)| (s.trim(), g.trim()));
    let game = super::game_by_words(desc)
        .ok_or_else(|| refuse(n, format!("888 {desc} is not read yet")))?;
    let big_blind = stakes.rsplit('/').next().and_then(amount);
    let sign = Amount::sign_in(stakes)
        .map(String::from)
        .unwrap_or_default();
    let tournament = lines
        .get(2)
        .is_some_and(|(_, l)| l.starts_with("Tournament #"));
    let facts = Facts {
        site: site.into(),
        id: id.clone().unwrap_or_default(),
        game: HandGame {
            text: desc.to_string(),
            game: Some(game),
            no_equity: None,
            board_card_first: false,
        },
        stakes: stakes.to_string(),
        currency: if tournament { String::new() } else { sign },
        date: date.trim_start_matches('*').trim().to_string(),
        big_blind,
    };
    let mut reader = Reader::blank(file, first, facts);
    let mut last = n;
    for &(n, line) in &lines[2..] {
        last = n;
        body_line(&mut reader, n, line.trim()).map_err(|r| refuse(n, r))?;
    }
    if !reader.seen_summary {
        return Err(refuse(
            last,
            "the hand ends before its `** Summary **` (truncated?)".into(),
        ));
    }
    reader.check_two_seated().map_err(|r| refuse(last, r))?;
    // No total is written: the winnings are the pot; in a cash game the site's take is
    // what the pot holds beyond them.
    let won: Amount = reader.hand.collected.iter().map(|c| c.amount).sum();
    reader.won_from_collected();
    reader.hand.summary.total = won;
    if !tournament {
        let rebuilt = crate::history::pots::money(&reader.hand).total();
        if rebuilt > won {
            reader
                .hand
                .summary
                .fees
                .push(("Rake".into(), rebuilt - won));
            reader.hand.summary.total = rebuilt;
        }
    }
    reader.seen_total = true;
    reader.finish().map_err(|r| refuse(last, r))
}

fn body_line(reader: &mut Reader, n: usize, line: &str) -> Result<(), String> {
    if line.is_empty() || line.starts_with("#Game No") || line.starts_with("Total number") {
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("Seat ") {
        if let Some(b) = rest.strip_suffix(" is the button") {
            reader.hand.button = b.trim().parse().ok();
            return Ok(());
        }
        if !reader.hand.streets.is_empty() {
            return Ok(());
        }
        return seat_line(reader, rest);
    }
    if line.starts_with("Tournament #") || line.starts_with("Table ") {
        let table = line.split(" - Table ").nth(1).unwrap_or(line);
        reader.hand.table = table
            .trim_start_matches("Table ")
            .split(" (")
            .next()
            .unwrap_or("")
            .trim()
            .to_string();
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("** ") {
        return marker(reader, rest);
    }
    if reader.by_length.len() != reader.hand.players.len() {
        reader.index_names();
    }
    if let Some(rest) = line.strip_prefix("Dealt to ") {
        let (p, cards) = reader
            .who(rest, " ")
            .ok_or_else(|| format!("cards dealt to `{rest}`, who is not seated"))?;
        if reader.dealt_to.is_none() {
            reader.dealt_to = Some(p);
        }
        return reader.learn_cards(n, p, cards);
    }
    let Some((p, rest)) = reader.who(line, " ") else {
        // Chat and table notes.
        return Ok(());
    };
    let verb = rest.split_whitespace().next().unwrap_or("");
    let all_in = rest.contains("all-in");
    let adds = || bracketed(rest).ok_or_else(|| format!("`{line}`: no amount in `[…]`"));
    match verb {
        "posts" => {
            let a = adds()?;
            let what = rest.to_ascii_lowercase();
            if what.contains("ante") || what.contains("dead") {
                reader.act(n, p, ActionKind::PostDead, a, all_in)
            } else {
                reader.round_bets[p] += a;
                reader.act(n, p, ActionKind::PostLive, a, all_in)
            }
        }
        "folds" => reader.act(n, p, ActionKind::Fold, Amount::ZERO, false),
        "checks" => reader.act(n, p, ActionKind::Check, Amount::ZERO, false),
        "calls" | "bets" | "raises" => {
            let a = adds()?;
            reader.round_bets[p] += a;
            let kind = match verb {
                "calls" => ActionKind::Call,
                "bets" => ActionKind::Bet,
                _ => ActionKind::Raise {
                    to: reader.round_bets[p],
                },
            };
            reader.act(n, p, kind, a, all_in)
        }
        "shows" | "mucks" => reader.learn_cards(n, p, rest),
        "collected" => {
            let a = adds()?;
            reader.hand.collected.push(Collected {
                player: p,
                amount: a,
            });
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `** Dealing flop ** [ 4d, Qs, 7s ]`, `** Dealing down cards **`, `** Summary **`.
fn marker(reader: &mut Reader, rest: &str) -> Result<(), String> {
    let (label, after) = rest.split_once("**").unwrap_or((rest, ""));
    let label = label.trim();
    let name = match label.to_ascii_lowercase().as_str() {
        "dealing down cards" => StreetName::Preflop,
        "dealing flop" => StreetName::Flop,
        "dealing turn" => StreetName::Turn,
        "dealing river" => StreetName::River,
        "summary" => {
            reader.seen_summary = true;
            return Ok(());
        }
        _ => return Err(format!("`** {rest}`: a street this reader does not know")),
    };
    reader.deal_street(name, label, after, &format!("** {rest}"))
}

/// `Seat 1: name ( $18,872 )`.
fn seat_line(reader: &mut Reader, rest: &str) -> Result<(), String> {
    let (num, who) = rest
        .split_once(": ")
        .ok_or_else(|| format!("a seat line without `: `: `Seat {rest}`"))?;
    let seat: u8 = num
        .trim()
        .parse()
        .map_err(|_| format!("seat number `{num}` is not a number"))?;
    let open = who
        .rfind(" (")
        .ok_or_else(|| format!("seat {seat}'s line has no `( stack )`"))?;
    let name = who[..open].trim().to_string();
    let inside = who[open + 2..].trim_end().trim_end_matches(')');
    let stack = amount(inside)
        .ok_or_else(|| format!("seat {seat}'s stack `{}` is not an amount", inside.trim()))?;
    reader.seat(seat, name, stack)
}
