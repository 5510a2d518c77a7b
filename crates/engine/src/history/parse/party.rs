//! PartyPoker's hands (also its skins, and files it wrote as UTF-16): `***** Hand
//! History for Game N *****` (after `#Game No : N` or `Game #N starts.`), a game line
//! (`NL Texas Hold'em $11 USD Buy-in Trny: 5965 Level: 7 Blinds(300/600) - Friday,
//! April 01, 11:44:00 CEST 2011`), seats as `Seat 5: name ( 4,520 )`, then actions whose
//! amount is what they add (`calls [40]`, `bets (751624)`; newer files `raises 294000 to
//! 294000`), and results as `wins 560 chips` or `balance …, collected N, net +N`.
//!
//! Party's tournament files often leave the blinds unwritten: the game line's blinds
//! are posted by the seats after the button (the button itself heads-up). Like
//! Winamax, a bet nobody called comes back inside the winner's chips.

use super::site_amount as amount;
use super::{Facts, Reader, Refusal, Shape};

use crate::history::amount::Amount;
use crate::history::model::{ActionKind, Collected, Hand, HandGame, StreetName};

/// PartyPoker's shape.
pub(super) struct Party;

const MARK: &str = "hand history for game ";

impl Shape for Party {
    fn header_at(&self, line: &str) -> Option<usize> {
        let at = line.find("*****")?;
        let rest = line[at..].trim_start_matches('*').trim_start();
        rest.to_ascii_lowercase().starts_with(MARK).then_some(at)
    }
    fn hand_id(&self, header: &str) -> Option<String> {
        let lower = header.to_ascii_lowercase();
        let at = lower.find(MARK)? + MARK.len();
        Some(header[at..].split_whitespace().next()?.to_string())
    }
    fn read(&self, file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
        read_hand(file, lines)
    }
    fn header_hint(&self) -> &'static str {
        "a PartyPoker hand starts with `***** Hand History for Game …`"
    }
    fn ignorable_before(&self, line: &str) -> bool {
        line.starts_with("#Game No") || (line.starts_with("Game #") && line.ends_with("starts."))
    }
}

/// The amount in the first `[…]` or `(…)` of `text`.
fn grouped(text: &str) -> Option<Amount> {
    let open = text.find(['[', '('])?;
    let close = text[open..].find([']', ')'])? + open;
    amount(&text[open + 1..close])
}

/// `Blinds(300/600)`, `Blinds-Antes(60/120 -10)`: the small and big blind. Fixed-limit
/// games write `Stakes(60/120)`, the small and big bet: their blinds are half the small
/// bet and the small bet.
fn blinds(line: &str) -> Option<(Amount, Amount)> {
    let (at, stakes) = match line.find("Blinds") {
        Some(at) => (at, false),
        None => (line.find("Stakes")?, true),
    };
    let open = line[at..].find('(')? + at;
    let close = line[open..].find(')')? + open;
    let inside = &line[open + 1..close];
    let (low, rest) = inside.split_once('/')?;
    let high = rest.split(['-', ' ']).find(|w| !w.is_empty())?;
    let (low, high) = (amount(low)?, amount(high)?);
    if stakes {
        let half = Amount::from_ten_thousandths(low.ten_thousandths() / 2);
        return Some((half, low));
    }
    Some((low, high))
}

/// One function because a hand is read in one pass: the game line, the lines in order
/// (with the unwritten blinds posted at the deal), then the winnings as the total.
fn read_hand(file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
    let (first, head) = lines[0];
    let id = Party.hand_id(head);
    let refuse = super::refusal_of(file, first, id.clone());
    let Some(&(n, game_line)) = lines.get(1) else {
        return Err(refuse(
            first,
            "the hand ends after its header (truncated?)".into(),
        ));
    };
    let game = super::game_by_words(game_line)
        .ok_or_else(|| refuse(n, format!("PartyPoker `{game_line}` is not read yet")))?;
    let desc = game_line.split(" - ").next().unwrap_or(game_line).trim();
    let date = game_line
        .rsplit(" - ")
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    let tournament = ["Trny", "Tourney", "Tournament", "Buy-in"]
        .iter()
        .any(|w| game_line.contains(w));
    let mut stakes = blinds(game_line);
    let facts = Facts {
        site: "PartyPoker".into(),
        id: id.clone().unwrap_or_default(),
        game: HandGame {
            text: desc.to_string(),
            game: Some(game),
            no_equity: None,
            board_card_first: false,
        },
        stakes: String::new(),
        currency: if tournament {
            String::new()
        } else {
            Amount::sign_in(game_line)
                .map(String::from)
                .unwrap_or_default()
        },
        date,
        big_blind: stakes.map(|s| s.1),
    };
    let mut reader = Reader::blank(file, first, facts);
    let mut blinds_written = false;
    let mut blinds_posted = false;
    let mut last = n;
    for &(n, line) in &lines[2..] {
        last = n;
        let line = line.trim();
        // A level that changes during the hand writes its new blinds before the deal.
        if reader.hand.streets.is_empty() {
            if let Some(b) = blinds(line) {
                stakes = Some(b);
            }
        }
        if line.contains("posts small blind") || line.contains("posts big blind") {
            blinds_written = true;
        }
        if line.starts_with("** Dealing") && !blinds_written && !blinds_posted {
            post_unwritten_blinds(&mut reader, stakes, n, &lines[2..]);
        }
        blinds_posted |= line.starts_with("** Dealing");
        body_line(&mut reader, n, line).map_err(|r| refuse(n, r))?;
    }
    if let Some((sb, bb)) = stakes {
        reader.hand.stakes = format!("{sb}/{bb}");
        reader.big_blind = Some(bb);
    }
    if reader.hand.streets.is_empty() || reader.hand.collected.is_empty() {
        return Err(refuse(
            last,
            "the hand ends before anyone wins the pot (truncated?)".into(),
        ));
    }
    reader.check_two_seated().map_err(|r| refuse(last, r))?;
    // No total is written: what the players won is the pot.
    reader.won_from_collected();
    reader.hand.summary.total = reader.hand.summary.won.iter().copied().sum();
    reader.seen_summary = true;
    reader.seen_total = true;
    super::uncalled_paid_as_won(&mut reader.hand);
    reader.finish().map_err(|r| refuse(last, r))
}

/// The blinds Party's tournament files leave out, posted by the seats after the button
/// (the button posts the small blind heads-up), each at most its stack.
fn post_unwritten_blinds(
    reader: &mut Reader,
    stakes: Option<(Amount, Amount)>,
    n: usize,
    lines: &[(usize, &str)],
) {
    let (Some((sb, bb)), Some(button)) = (stakes, reader.hand.button) else {
        return;
    };
    if !reader.board_game {
        // Stud posts antes and a bring-in, written.
        return;
    }
    // Only players the hand shows acting were dealt in (one just moved to the table
    // waits for the big blind).
    let acts = |name: &str| {
        lines.iter().any(|(_, l)| {
            l.strip_prefix(name).is_some_and(|r| {
                r.starts_with(' ') && !r.starts_with(" (") && !r.starts_with(" finished")
            })
        })
    };
    let mut order: Vec<usize> = (0..reader.hand.players.len())
        .filter(|&i| acts(&reader.hand.players[i].name))
        .collect();
    order.sort_by_key(|&i| reader.hand.players[i].seat);
    if order.len() < 2 {
        return;
    }
    let after = order
        .iter()
        .position(|&i| reader.hand.players[i].seat > button)
        .unwrap_or(0);
    let (small, big) = if order.len() == 2 {
        let btn = order
            .iter()
            .position(|&i| reader.hand.players[i].seat == button)
            .unwrap_or(after);
        (order[btn], order[(btn + 1) % 2])
    } else {
        (order[after], order[(after + 1) % order.len()])
    };
    reader.index_names();
    for (p, blind) in [(small, sb), (big, bb)] {
        let a = blind.min(reader.hand.players[p].stack);
        reader.round_bets[p] += a;
        let all_in = a == reader.hand.players[p].stack;
        let _ = reader.act(n, p, ActionKind::PostLive, a, all_in);
    }
}

/// One line of a hand's body.
///
/// One function because it is one table of the line shapes PartyPoker writes, each arm
/// one shape.
fn body_line(reader: &mut Reader, n: usize, line: &str) -> Result<(), String> {
    if line.is_empty() {
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("Seat ") {
        if let Some(b) = rest.strip_suffix(" is the button") {
            reader.hand.button = b.trim().parse().ok();
            return Ok(());
        }
        if reader.hand.streets.is_empty() && rest.contains(": ") {
            return seat_line(reader, rest);
        }
        return Ok(());
    }
    if let Some(rest) = line.strip_prefix("Table ") {
        if let Some((t, b)) = rest.split_once(" -- Seat ") {
            reader.hand.button = b.split_whitespace().next().and_then(|s| s.parse().ok());
            reader.hand.table = t.split(" (Real").next().unwrap_or(t).trim().to_string();
        } else {
            reader.hand.table = rest.split(" (").next().unwrap_or(rest).trim().to_string();
        }
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
    // `Player Hero finished in 1 place and received $3 USD`: the prize, where stated.
    if let Some((p, r)) = line
        .strip_prefix("Player ")
        .and_then(|r| reader.who(r, " "))
    {
        if reader.prize(p, r) {
            return Ok(());
        }
    }
    let Some((p, rest)) = reader.who(line, " ") else {
        return Ok(());
    };
    let rest = rest.trim();
    let adds = || grouped(rest).ok_or_else(|| format!("`{line}`: no amount"));
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.first().copied().unwrap_or("") {
        "posts" => {
            let a = adds()?;
            if rest.contains("ante") || rest.contains("dead") {
                reader.act(n, p, ActionKind::PostDead, a, false)
            } else {
                reader.round_bets[p] += a;
                reader.act(n, p, ActionKind::PostLive, a, false)
            }
        }
        "bring-ins" | "brings" => {
            let a = adds()?;
            reader.round_bets[p] += a;
            reader.act(n, p, ActionKind::PostLive, a, false)
        }
        "folds" | "folds." => reader.act(n, p, ActionKind::Fold, Amount::ZERO, false),
        "checks" | "checks." => reader.act(n, p, ActionKind::Check, Amount::ZERO, false),
        "calls" => {
            let a = adds()?;
            reader.round_bets[p] += a;
            reader.act(n, p, ActionKind::Call, a, false)
        }
        "bets" | "double" => {
            let a = adds()?;
            reader.round_bets[p] += a;
            reader.act(n, p, ActionKind::Bet, a, false)
        }
        "raises" => {
            // `raises [240]` adds 240; newer files write `raises 294000 to 294000`.
            let added = match (words.get(1), words.get(2), words.get(3)) {
                (_, Some(&"to"), Some(to)) => {
                    amount(to).ok_or_else(|| format!("`{to}` is not an amount"))?
                        - reader.round_bets[p]
                }
                _ => adds()?,
            };
            reader.round_bets[p] += added;
            let to = reader.round_bets[p];
            reader.act(n, p, ActionKind::Raise { to }, added, false)
        }
        "is" if rest.starts_with("is all-In") || rest.starts_with("is all-in") => {
            // `is all-In [4,220]` adds 4,220; `is all-In.` after the amount was written.
            let Some(a) = grouped(rest) else {
                if let Some(last) = reader
                    .hand
                    .streets
                    .last_mut()
                    .and_then(|s| s.actions.last_mut())
                {
                    if last.player == p {
                        last.all_in = true;
                    }
                }
                return Ok(());
            };
            let facing = reader.round_bets.iter().copied().max().unwrap_or_default();
            let before = reader.round_bets[p];
            reader.round_bets[p] += a;
            let kind = if reader.round_bets[p] > facing {
                if facing > Amount::ZERO {
                    ActionKind::Raise {
                        to: reader.round_bets[p],
                    }
                } else {
                    ActionKind::Bet
                }
            } else {
                let _ = before;
                ActionKind::Call
            };
            reader.act(n, p, kind, a, true)
        }
        "shows" | "doesn't" | "mucks" => {
            if rest.contains('[') {
                reader.learn_cards(n, p, &rest[rest.find('[').unwrap_or(0)..])?;
            }
            Ok(())
        }
        "wins" => {
            // `wins 560 chips`, `wins Lo (640 chips)`.
            let text = words.get(1).copied().unwrap_or("");
            let text = if text == "Lo" || text == "Hi" {
                words.get(2).copied().unwrap_or("").trim_start_matches('(')
            } else {
                text
            };
            let a = amount(text).ok_or_else(|| format!("wins `{text}`: not an amount"))?;
            reader.hand.collected.push(Collected {
                player: p,
                amount: a,
            });
            Ok(())
        }
        "balance" => {
            // `balance 17104640, bet 6971125, collected 10501750, net +3530625`
            if let Some(c) = rest
                .split(", ")
                .find_map(|part| part.strip_prefix("collected "))
            {
                let c = c.split_whitespace().next().unwrap_or(c);
                let a = amount(c).ok_or_else(|| format!("collected `{c}`: not an amount"))?;
                reader.hand.collected.push(Collected {
                    player: p,
                    amount: a,
                });
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `** Dealing Flop ** [ 9d, 8d, Tc ]`, `** Dealing down cards **`, `** Dealing Fourth
/// street **`, `** Summary **`.
fn marker(reader: &mut Reader, rest: &str) -> Result<(), String> {
    let (label, after) = rest.split_once("**").unwrap_or((rest, ""));
    let label = label.trim();
    let lower = label.to_ascii_lowercase();
    let name = match lower.as_str() {
        "dealing down cards" | "dealing" => StreetName::Preflop,
        "dealing flop" if reader.board_game => StreetName::Flop,
        "dealing turn" if reader.board_game => StreetName::Turn,
        "dealing river" if reader.board_game => StreetName::River,
        "summary" => return Ok(()),
        _ if reader.board_game => {
            return Err(format!("`** {rest}`: a street this reader does not know"))
        }
        _ => {
            let round = reader.hand.streets.len() as u8 + 1;
            reader.open_street(StreetName::Round(round), label.to_string(), 0, Vec::new());
            return Ok(());
        }
    };
    reader.deal_street(name, label, after, &format!("** {rest}"))
}

/// `Seat 5: name ( 4,520 )`, `Seat 1: Player1 (5049052)`.
fn seat_line(reader: &mut Reader, rest: &str) -> Result<(), String> {
    let (num, who) = rest
        .split_once(": ")
        .ok_or_else(|| format!("a seat line without `: `: `Seat {rest}`"))?;
    let seat: u8 = num
        .trim()
        .parse()
        .map_err(|_| format!("seat number `{num}` is not a number"))?;
    // Trackers' converters add notes after the stack (`( 1232368 ) - VPIP: 27, …`).
    let open = who
        .rfind(" (")
        .or_else(|| who.find('('))
        .ok_or_else(|| format!("seat {seat}'s line has no `( stack )`"))?;
    let name = who[..open].trim().to_string();
    let after = &who[open..];
    let inside = after[after.find('(').map_or(0, |i| i + 1)..]
        .split(')')
        .next()
        .unwrap_or("");
    let stack = amount(inside)
        .ok_or_else(|| format!("seat {seat}'s stack `{}` is not an amount", inside.trim()))?;
    reader.seat(seat, name, stack)
}
