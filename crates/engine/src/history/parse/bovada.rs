//! Bovada's and Ignition's hands (also Bodog): `Bovada Hand #N: HOLDEM Tournament #N
//! TBL#N, No Limit- Level N (25/50) - 2012-11-25 23:56:24`, players named by their
//! position (`Big Blind [ME]`, `UTG+2`, `Seat+4`), every line `name : what`, amounts
//! that are the chips an action adds (`Raises 1,875 to 2,025` adds 1,875), each
//! player's winnings as `Hand Result`, and the summary's `Total Pot(N)`.

use super::site_amount as amount;
use super::{bracket_cards, Facts, Reader, Refusal, Shape};

use crate::history::amount::Amount;
use crate::history::model::{ActionKind, Collected, Hand, HandGame, StreetName};

/// Bovada's shape.
pub(super) struct Bovada;

const STARTS: [&str; 4] = [
    "Bovada Hand #",
    "Ignition Hand #",
    "Bodog Hand #",
    "Bovada Poker Hand #",
];

impl Shape for Bovada {
    fn header_at(&self, line: &str) -> Option<usize> {
        STARTS.iter().filter_map(|s| line.find(s)).min()
    }
    fn hand_id(&self, header: &str) -> Option<String> {
        let after = header.split_once("Hand #")?.1;
        Some(after.split(':').next()?.trim().to_string())
    }
    fn read(&self, file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
        read_hand(file, lines)
    }
    fn header_hint(&self) -> &'static str {
        "a Bovada hand starts with a line like `Bovada Hand #…:` or `Ignition Hand #…:`"
    }
}

fn read_hand(file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
    let (first, head) = lines[0];
    let id = Bovada.hand_id(head);
    let refuse = super::refusal_of(file, first, id.clone());
    let site = if head.starts_with("Ignition") {
        "Ignition"
    } else {
        "Bovada"
    };
    // `HOLDEM Tournament #1 TBL#12, No Limit- Level 24 (24/48) - 2012-11-25 23:56:24`
    let rest = head.split_once(": ").map_or("", |(_, r)| r);
    let desc = rest.split(" Tournament").next().unwrap_or(rest);
    let desc = desc.split(" - ").next().unwrap_or(desc).trim();
    let game = super::game_by_words(desc)
        .ok_or_else(|| refuse(first, format!("Bovada {desc} is not read yet")))?;
    let tournament = rest.contains("Tournament #");
    let stakes = rest
        .rfind('(')
        .and_then(|o| rest[o + 1..].split_once(')').map(|(s, _)| s.to_string()))
        .unwrap_or_default();
    let date = rest.rsplit(" - ").next().unwrap_or("").trim().to_string();
    let limit = rest
        .split(", ")
        .nth(1)
        .and_then(|l| l.split('-').next())
        .unwrap_or("")
        .trim();
    let facts = Facts {
        site: site.into(),
        id: id.clone().unwrap_or_default(),
        game: HandGame {
            text: format!("{desc} {limit}").trim().to_string(),
            game: Some(game),
            no_equity: None,
            board_card_first: false,
        },
        big_blind: stakes.rsplit('/').next().and_then(amount),
        currency: if tournament {
            String::new()
        } else {
            Amount::sign_in(&stakes)
                .map(String::from)
                .unwrap_or_else(|| "$".into())
        },
        stakes,
        date,
    };
    let mut reader = Reader::blank(file, first, facts);
    reader.hand.table = rest
        .split("TBL#")
        .nth(1)
        .and_then(|t| t.split([',', ' ']).next())
        .unwrap_or("")
        .to_string();
    let mut last = first;
    let mut previous = "";
    for &(n, line) in &lines[1..] {
        last = n;
        let line = line.trim();
        // Bovada's files repeat some lines (`Small Blind : All-in 1405` four times in a
        // row): a player never acts, nor is paid, twice running with nothing between.
        if line == previous && line.contains(" : ") {
            continue;
        }
        previous = line;
        body_line(&mut reader, n, line).map_err(|r| refuse(n, r))?;
    }
    if !reader.seen_total {
        return Err(refuse(
            last,
            "the hand ends before its summary's `Total Pot` (truncated?)".into(),
        ));
    }
    reader.check_two_seated().map_err(|r| refuse(last, r))?;
    reader.won_from_collected();
    reader.finish().map_err(|r| refuse(last, r))
}

fn body_line(reader: &mut Reader, n: usize, line: &str) -> Result<(), String> {
    if line.is_empty() {
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("***") {
        return marker(reader, rest);
    }
    if reader.seen_summary {
        if let Some(t) = line.strip_prefix("Total Pot(") {
            let t = t.split(')').next().unwrap_or(t);
            reader.hand.summary.total =
                amount(t).ok_or_else(|| format!("total pot `{t}` is not an amount"))?;
            reader.seen_total = true;
        } else if let Some(cards) = line.strip_prefix("Board ") {
            let cards = bracket_cards(cards)?;
            reader.summary_boards.push((0, cards));
        }
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("Seat ") {
        if reader.hand.streets.is_empty() && rest.contains(" in chips)") {
            return seat_line(reader, rest);
        }
    }
    // Stud tables name seats, not positions: `Seat+4 [ME]: 1,500 in chips`.
    if line.starts_with("Seat+") && reader.hand.streets.is_empty() {
        if let Some((name, chips)) = line.split_once(": ") {
            if let Some(stack) = chips.strip_suffix(" in chips").and_then(amount) {
                let seat = name
                    .trim_start_matches("Seat+")
                    .split(' ')
                    .next()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(reader.hand.players.len() as u8 + 1);
                reader.seat(seat, name.to_string(), stack)?;
                return Ok(());
            }
        }
    }
    if reader.by_length.len() != reader.hand.players.len() {
        reader.index_names();
    }
    let Some((p, rest)) = reader.who(line, " : ") else {
        // Table notes (`Table deposit`, seating), or a name not seated: a name with an
        // action is an error.
        return Ok(());
    };
    act(reader, n, p, rest.trim())
}

/// One `name : what` line.
///
/// One function because it is one table of Bovada's action words, each arm one word.
fn act(reader: &mut Reader, n: usize, p: usize, rest: &str) -> Result<(), String> {
    let amount_at = |i: usize| -> Result<Amount, String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let w = words.get(i).ok_or_else(|| format!("`{rest}`: no amount"))?;
        amount(w).ok_or_else(|| format!("`{w}` is not an amount"))
    };
    // The verb without a `(timeout)` or `(Blind Disconnected)` note.
    let verb_end = rest
        .find(|c: char| c.is_ascii_digit() || c == '[')
        .unwrap_or(rest.len());
    let verb_full = rest[..verb_end].trim();
    let verb_words = verb_full.split('(').next().unwrap_or(verb_full).trim();
    // `Small Blind 75` and `Small blind 75` are one verb.
    let verb_cased: String = {
        let mut c = verb_words.chars();
        c.next()
            .map(|f| f.to_ascii_uppercase().to_string() + &c.as_str().to_ascii_lowercase())
            .unwrap_or_default()
    };
    // `Bets chip info(timeout) 12960`: an unknown tail after a known first word.
    let verb = match verb_cased.split_whitespace().next() {
        Some(w @ ("Bets" | "Raises" | "Checks" | "Folds" | "Call"))
            if verb_cased.len() > 12 && !verb_cased.contains('&') =>
        {
            w
        }
        _ => verb_cased.as_str(),
    };
    // Older fixed-limit files mark no street: a bet can only open a round, so a bet
    // after chips went in this round starts the next street.
    if matches!(verb, "Bets" | "Bet") && reader.dealt_seen {
        let live = reader.round_bets.iter().copied().max().unwrap_or_default();
        if live > Amount::ZERO {
            next_street(reader);
        }
    }
    let before_deal = !reader.dealt_seen;
    let last_amount = || -> Result<Amount, String> {
        let w = rest
            .split_whitespace()
            .rfind(|w| w.chars().any(|c| c.is_ascii_digit()))
            .ok_or_else(|| format!("`{rest}`: no amount"))?;
        amount(w).ok_or_else(|| format!("`{w}` is not an amount"))
    };
    match verb {
        "Ante chip" => {
            let a = last_amount()?;
            reader.act(n, p, ActionKind::PostDead, a, false)
        }
        "Small blind" | "Big blind" | "Ante/small blind" | "Big blind/bring in" | "Posts chip"
        | "Posts dead chip" => {
            let a = last_amount()?;
            let kind = if verb.starts_with("Posts dead") {
                ActionKind::PostDead
            } else {
                ActionKind::PostLive
            };
            if kind == ActionKind::PostLive {
                reader.round_bets[p] += a;
            }
            reader.act(n, p, kind, a, false)
        }
        "Folds" | "Fold" | "Folds & shows" => {
            if rest.contains('[') {
                reader.learn_cards(n, p, rest)?;
            }
            reader.act(n, p, ActionKind::Fold, Amount::ZERO, false)
        }
        "Checks" => reader.act(n, p, ActionKind::Check, Amount::ZERO, false),
        "Call" | "Calls" => {
            let a = last_amount()?;
            reader.round_bets[p] += a;
            reader.act(n, p, ActionKind::Call, a, false)
        }
        "Bets" | "Bet" => {
            let a = last_amount()?;
            reader.round_bets[p] += a;
            reader.act(n, p, ActionKind::Bet, a, false)
        }
        "Raises" | "All-in" | "Double bets" => {
            // `Raises 1,875 to 2,025` adds the first amount; older files wrote `Raises
            // 800`, the player's whole bet this round.
            let first = amount_at(rest[..verb_end].split_whitespace().count())?;
            let added = if verb == "Raises" && !rest.contains(" to ") {
                first - reader.round_bets[p]
            } else {
                first
            };
            let facing = (0..reader.round_bets.len())
                .filter(|&q| q != p)
                .map(|q| reader.round_bets[q])
                .max()
                .unwrap_or_default();
            let before = reader.round_bets[p];
            reader.round_bets[p] += added;
            let all_in = verb == "All-in";
            let raise = rest.contains(" to ") || verb_full.contains("raise") || verb == "Raises";
            let kind = if before_deal && all_in {
                // All-in for a blind before the cards are dealt.
                ActionKind::PostLive
            } else if raise && reader.round_bets[p] > facing {
                ActionKind::Raise {
                    to: reader.round_bets[p],
                }
            } else if before < facing {
                ActionKind::Call
            } else {
                ActionKind::Bet
            };
            reader.act(n, p, kind, added, all_in)
        }
        "Return uncalled portion of bet" => {
            let a = last_amount()?;
            reader.round_bets[p] -= a;
            reader.act(n, p, ActionKind::Returned, a, false)
        }
        "Hand result" | "Hand result-side pot" => {
            let a = last_amount()?;
            reader.hand.collected.push(Collected {
                player: p,
                amount: a,
            });
            Ok(())
        }
        "Card dealt to a spot" => {
            reader.dealt_seen = true;
            if reader.dealt_to.is_none() && reader.hand.players[p].name.contains("[ME]") {
                reader.dealt_to = Some(p);
            }
            if reader.is_stud() {
                return stud_deal(reader, n, p, rest);
            }
            reader.learn_cards(n, p, rest)
        }
        "Showdown" | "Does not show" | "Mucks" => {
            // `Showdown [Jd Jc As 6s 4c]` lists the best five, board cards among them: the
            // hole cards are those dealt.
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A stud deal (`Card dealt to a spot [9d Td 5c]`, then one card a street). Bovada
/// writes no street lines in stud: a deal after the street's betting starts the next
/// street. Third street deals two down and one up, fourth to sixth one up, seventh one
/// down.
fn stud_deal(reader: &mut Reader, n: usize, p: usize, rest: &str) -> Result<(), String> {
    let bet_since_deal = reader.hand.streets.last().is_some_and(|s| {
        s.actions
            .iter()
            .any(|a| !matches!(a.kind, ActionKind::PostLive | ActionKind::PostDead))
    });
    if bet_since_deal {
        next_street(reader);
    }
    let street = reader.hand.streets.len().saturating_sub(1);
    let cards = bracket_cards(rest)?;
    reader.stud_street_cards(n, p, street, &cards)
}

/// The street after the last one, its board left to the summary's.
fn next_street(reader: &mut Reader) {
    let last = reader.hand.streets.last().map(|s| s.name);
    let name = match last {
        Some(StreetName::Preflop) if reader.board_game => StreetName::Flop,
        Some(StreetName::Flop) => StreetName::Turn,
        Some(StreetName::Turn) => StreetName::River,
        _ => StreetName::Round(reader.hand.streets.len() as u8 + 1),
    };
    let board = reader
        .hand
        .streets
        .last()
        .map(|s| s.boards[0].clone())
        .unwrap_or_default();
    reader.open_street(name, name.title().to_uppercase(), 0, board);
}

/// `*** FLOP *** [Jd 6s 4c]`, `*** TURN *** [Jd 6s 4c] [3s]`, `*** 4TH STREET ***`.
fn marker(reader: &mut Reader, rest: &str) -> Result<(), String> {
    let (label, after) = rest.split_once("***").unwrap_or((rest, ""));
    let label = label.trim();
    let upper = label.to_ascii_uppercase();
    let name = match upper.as_str() {
        "HOLE CARDS" | "3RD STREET" => StreetName::Preflop,
        "FLOP" if reader.board_game => StreetName::Flop,
        "TURN" if reader.board_game => StreetName::Turn,
        "RIVER" if reader.board_game => StreetName::River,
        "SUMMARY" => {
            reader.seen_summary = true;
            return Ok(());
        }
        _ if reader.board_game => {
            return Err(format!("`***{rest}`: a street this reader does not know"))
        }
        _ => {
            let round = reader.hand.streets.len() as u8 + 1;
            reader.open_street(StreetName::Round(round), label.to_string(), 0, Vec::new());
            return Ok(());
        }
    };
    if name == StreetName::Preflop {
        reader.dealt_seen = true;
    }
    reader.deal_street(name, label, after, &format!("***{rest}"))
}

/// `Seat 65: UTG+2 (21,516 in chips)`, `Seat 1: Big Blind [ME] (166 in chips)`.
fn seat_line(reader: &mut Reader, rest: &str) -> Result<(), String> {
    let (num, who) = rest
        .split_once(": ")
        .ok_or_else(|| format!("a seat line without `: `: `Seat {rest}`"))?;
    let seat: u16 = num
        .trim()
        .parse()
        .map_err(|_| format!("seat number `{num}` is not a number"))?;
    let open = who
        .rfind(" (")
        .ok_or_else(|| format!("seat {seat}'s line has no `(… in chips)`"))?;
    let name = who[..open].trim().to_string();
    let inside = who[open + 2..].split(" in chips").next().unwrap_or("");
    let stack =
        amount(inside).ok_or_else(|| format!("seat {seat}'s stack `{inside}` is not an amount"))?;
    // Ignition's anonymous tables number seats past 255 (`Seat 146`): the order is
    // kept, a number past 255 taken by the next free one.
    let seat = u8::try_from(seat).unwrap_or(u8::MAX);
    let seat = if reader.hand.players.iter().any(|p| p.seat == seat) {
        (1..=u8::MAX)
            .find(|s| !reader.hand.players.iter().any(|p| p.seat == *s))
            .unwrap_or(seat)
    } else {
        seat
    };
    reader.seat(seat, name, stack)
}
