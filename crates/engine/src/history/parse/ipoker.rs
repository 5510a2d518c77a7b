//! iPoker's hands (its skins write one XML file a session): the session's `<general>`
//! names the game (`Holdem NL`, `7 Card Stud L`), the currency, the table and, in
//! tournaments, the tournament; each `<game gamecode="N">` holds its players (seat,
//! name, chips, the dealer's button, what each won and bet in all) and its rounds of
//! `<action no=… player=… type=… sum=…/>` (the sum is the chips the action adds, a
//! raise's the player's whole bet this round; numbered, not always in order) and
//! `<cards type="Flop">D7 S4 H3</cards>` (suit before rank).

use super::site_amount as amount;
use super::{Facts, Reader, Refusal, Shape};
use crate::cards::Card;
use crate::history::amount::Amount;
use crate::history::model::{ActionKind, Collected, Hand, HandGame, Source, StreetName};

/// iPoker's shape.
pub(super) struct IPoker;

impl Shape for IPoker {
    fn header_at(&self, line: &str) -> Option<usize> {
        line.find("<game gamecode=")
    }
    fn hand_id(&self, header: &str) -> Option<String> {
        attr(header, "gamecode")
    }
    fn read(&self, file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
        let text: String = lines.iter().map(|(_, l)| *l).collect::<Vec<_>>().join("\n");
        let mut out = None;
        read_games(file, &text, lines.first().map_or(1, |l| l.0), &mut |h| {
            if out.is_none() {
                out = Some(h)
            }
        });
        out.unwrap_or_else(|| {
            Err(Refusal {
                source: Source {
                    file: file.into(),
                    line: lines.first().map_or(1, |l| l.0),
                },
                line: lines.first().map_or(1, |l| l.0),
                hand_id: None,
                reason: "no `<game>` in the text".into(),
            })
        })
    }
    fn header_hint(&self) -> &'static str {
        "an iPoker hand is a `<game gamecode=…>` element of a `<session>`"
    }
    fn whole_text(&self) -> bool {
        true
    }
    fn read_whole(&self, file: &str, text: &str, each: &mut dyn FnMut(Result<Hand, Refusal>)) {
        read_games(file, text, 1, each)
    }
}

/// One XML tag: its name (`/game` for a closing tag), its text, and its line.
struct Tag<'a> {
    name: &'a str,
    text: &'a str,
    line: usize,
    /// The text after the tag, up to the next tag.
    after: &'a str,
}

/// The tags of `text` in order (comments and declarations skipped), lines counted from
/// `first_line`.
fn tags(text: &str, first_line: usize) -> Vec<Tag<'_>> {
    let mut out = Vec::new();
    let mut line = first_line;
    let mut at = 0;
    let bytes = text.as_bytes();
    while let Some(open) = text[at..].find('<').map(|o| at + o) {
        line += bytes[at..open].iter().filter(|&&b| b == b'\n').count();
        let Some(close) = text[open..].find('>').map(|c| open + c) else {
            break;
        };
        let inner = &text[open + 1..close];
        let next = text[close + 1..]
            .find('<')
            .map_or(text.len(), |n| close + 1 + n);
        if !inner.starts_with('?') && !inner.starts_with('!') {
            let name = inner
                .split(|c: char| c.is_whitespace() || c == '/' && !inner.starts_with('/'))
                .next()
                .unwrap_or("");
            out.push(Tag {
                name,
                text: inner,
                line,
                after: &text[close + 1..next],
            });
        }
        line += bytes[open..close].iter().filter(|&&b| b == b'\n').count();
        at = close + 1;
    }
    out
}

/// An attribute's value (`seat="1"`), entities decoded.
fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!("{name}=\"");
    let mut from = 0;
    while let Some(i) = tag[from..].find(&key).map(|i| from + i) {
        // The attribute's name must start there (`sum=` is not `checksum=`).
        if i == 0 || tag.as_bytes()[i - 1].is_ascii_whitespace() {
            let rest = &tag[i + key.len()..];
            let end = rest.find('"')?;
            return Some(unescape(&rest[..end]));
        }
        from = i + key.len();
    }
    None
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// `S7`, `CJ`, `H10`: suit first, then rank.
fn card(text: &str) -> Option<Card> {
    let mut chars = text.chars();
    let suit = chars.next()?.to_ascii_lowercase();
    let rank = match chars.as_str() {
        "10" => "T",
        r => r,
    };
    format!("{rank}{suit}").parse().ok()
}

/// The session's facts every game shares.
#[derive(Default)]
struct Session {
    gametype: String,
    currency: String,
    table: String,
    hero: String,
    tournament: bool,
}

fn read_games(
    file: &str,
    text: &str,
    first_line: usize,
    each: &mut dyn FnMut(Result<Hand, Refusal>),
) {
    let all = tags(text, first_line);
    let mut session = Session::default();
    let mut i = 0;
    while i < all.len() {
        let t = &all[i];
        match t.name {
            "gametype" => session.gametype = unescape(t.after.trim()),
            "currency" => session.currency = t.after.trim().to_string(),
            "tablename" => session.table = unescape(t.after.trim()),
            "nickname" => session.hero = unescape(t.after.trim()),
            "tournamentname" | "tournamentcode" => session.tournament = true,
            "game" => {
                let end = all[i..]
                    .iter()
                    .position(|t| t.name == "/game")
                    .map_or(all.len(), |e| i + e);
                each(read_game(file, &session, &all[i..end]));
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
}

/// One `<game>` read into a hand.
///
/// One function because it is one table of the game's elements (players, rounds, cards,
/// actions), each arm one element, read in one pass.
fn read_game(file: &str, session: &Session, tags: &[Tag<'_>]) -> Result<Hand, Refusal> {
    let head = &tags[0];
    let id = attr(head.text, "gamecode");
    let refuse = super::refusal_of(file, head.line, id.clone());
    let game = super::game_by_words(&session.gametype).ok_or_else(|| {
        refuse(
            head.line,
            format!("iPoker {} is not read yet", session.gametype),
        )
    })?;
    let date = tags
        .iter()
        .find(|t| t.name == "startdate")
        .map(|t| t.after.trim().to_string())
        .unwrap_or_default();
    let currency = match session.currency.as_str() {
        _ if session.tournament => String::new(),
        "USD" => "$".into(),
        "EUR" => "€".into(),
        "GBP" => "£".into(),
        _ => String::new(),
    };
    let facts = Facts {
        site: "iPoker".into(),
        id: id.clone().unwrap_or_default(),
        game: HandGame {
            text: session.gametype.clone(),
            game: Some(game),
            no_equity: None,
            board_card_first: false,
        },
        stakes: String::new(),
        currency,
        date,
        big_blind: None,
    };
    let mut reader = Reader::blank(file, head.line, facts);
    reader.hand.table = session.table.clone();
    // What each player won and bet in all, by the game's own count.
    let mut won: Vec<Amount> = Vec::new();
    let mut last = head.line;
    // Within a round the actions are numbered, not always written in order.
    let mut ordered: Vec<&Tag<'_>> = Vec::new();
    let mut k = 0;
    while k < tags.len() {
        if tags[k].name == "round" {
            let end = tags[k..]
                .iter()
                .position(|t| t.name == "/round")
                .map_or(tags.len(), |e| k + e);
            ordered.push(&tags[k]);
            let inner = &tags[k + 1..end];
            ordered.extend(inner.iter().filter(|t| t.name != "action"));
            let mut actions: Vec<&Tag<'_>> = inner.iter().filter(|t| t.name == "action").collect();
            actions.sort_by_key(|t| {
                attr(t.text, "no")
                    .and_then(|n| n.parse::<u32>().ok())
                    .unwrap_or(0)
            });
            ordered.extend(actions);
            k = end + 1;
        } else {
            ordered.push(&tags[k]);
            k += 1;
        }
    }
    for t in ordered {
        last = t.line;
        match t.name {
            "player" => {
                let name = attr(t.text, "name").unwrap_or_default();
                let seat: u8 = attr(t.text, "seat")
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                let chips = attr(t.text, "chips").unwrap_or_default();
                let stack = amount(&chips).ok_or_else(|| {
                    refuse(
                        t.line,
                        format!("{name}'s chips `{chips}` are not an amount"),
                    )
                })?;
                if attr(t.text, "dealer").as_deref() == Some("1") {
                    reader.hand.button = Some(seat);
                }
                // An empty seat (`name=""`, no chips) can hold the button, nothing else.
                if name.is_empty() && stack == Amount::ZERO {
                    continue;
                }
                reader
                    .seat(seat, name, stack)
                    .map_err(|r| refuse(t.line, r))?;
                won.push(
                    attr(t.text, "win")
                        .and_then(|w| amount(&w))
                        .unwrap_or_default(),
                );
            }
            "round" => {
                let no: u8 = attr(t.text, "no").and_then(|s| s.parse().ok()).unwrap_or(0);
                reader.index_names();
                // Board games bet first in round 1; stud antes in round 0 and deals
                // third street in round 2.
                let first = if reader.board_game { 1 } else { 2 };
                match no {
                    n if n <= first && reader.hand.streets.is_empty() => {
                        reader.open_street(StreetName::Preflop, "PREFLOP".into(), 0, Vec::new())
                    }
                    n if n <= first => {}
                    n if reader.board_game => {
                        let name = match n {
                            2 => StreetName::Flop,
                            3 => StreetName::Turn,
                            _ => StreetName::River,
                        };
                        let board = reader
                            .hand
                            .streets
                            .last()
                            .map(|s| s.boards[0].clone())
                            .unwrap_or_default();
                        reader.open_street(name, name.title().to_uppercase(), 0, board);
                    }
                    n => {
                        const STUD: [&str; 4] =
                            ["4TH STREET", "5TH STREET", "6TH STREET", "7TH STREET"];
                        let round = reader.hand.streets.len() as u8 + 1;
                        let label = STUD
                            .get(usize::from(n.saturating_sub(3)))
                            .map_or(format!("ROUND {n}"), |l| l.to_string());
                        reader.open_street(StreetName::Round(round), label, 0, Vec::new())
                    }
                }
            }
            "cards" => {
                let kind = attr(t.text, "type").unwrap_or_default();
                let cards: Vec<Card> = t
                    .after
                    .split_whitespace()
                    .filter(|w| *w != "X")
                    .map(|w| card(w).ok_or_else(|| refuse(t.line, format!("`{w}` is not a card"))))
                    .collect::<Result<_, _>>()?;
                if reader.board_game && matches!(kind.as_str(), "Flop" | "Turn" | "River") {
                    if let Some(street) = reader.hand.streets.last_mut() {
                        street.boards[0].extend(cards);
                    }
                } else if let Some(name) = attr(t.text, "player") {
                    let p = reader
                        .hand
                        .players
                        .iter()
                        .position(|p| p.name == name)
                        .ok_or_else(|| {
                            refuse(t.line, format!("cards for `{name}`, who is not seated"))
                        })?;
                    if reader.is_stud() {
                        if name == session.hero && reader.dealt_to.is_none() {
                            reader.dealt_to = Some(p);
                        }
                        // `X X DA` on third street: two down (unknown as X), one up;
                        // fourth to sixth street one up; seventh one down.
                        let street = reader.hand.streets.len().saturating_sub(1);
                        for (i, w) in t.after.split_whitespace().enumerate() {
                            if w == "X" {
                                continue;
                            }
                            let c = card(w)
                                .ok_or_else(|| refuse(t.line, format!("`{w}` is not a card")))?;
                            let up = match kind.as_str() {
                                "Third Street" => i == 2,
                                "Seventh Street" | "River" => false,
                                _ => true,
                            };
                            reader
                                .stud_card(t.line, p, c, street, up)
                                .map_err(|r| refuse(t.line, r))?;
                        }
                    } else if !cards.is_empty() && reader.board_game {
                        if name == session.hero && reader.dealt_to.is_none() {
                            reader.dealt_to = Some(p);
                        }
                        let text = format!("[{}]", crate::cards::format_cards(&cards));
                        reader
                            .learn_cards(t.line, p, &text)
                            .map_err(|r| refuse(t.line, r))?;
                    } else if name == session.hero && reader.dealt_to.is_none() {
                        reader.dealt_to = Some(p);
                    }
                }
            }
            "action" => {
                let name = attr(t.text, "player").unwrap_or_default();
                let p = reader
                    .hand
                    .players
                    .iter()
                    .position(|p| p.name == name)
                    .ok_or_else(|| refuse(t.line, format!("`{name}` acts but is not seated")))?;
                let sum = attr(t.text, "sum")
                    .and_then(|s| amount(&s))
                    .unwrap_or_default();
                let kind = match attr(t.text, "type").as_deref() {
                    Some("0") => ActionKind::Fold,
                    Some("1" | "2" | "16") => ActionKind::PostLive,
                    Some("15") => ActionKind::PostDead,
                    Some("3") => ActionKind::Call,
                    Some("4") => ActionKind::Check,
                    Some("5") => ActionKind::Bet,
                    // A raise's sum is the player's whole bet this round.
                    Some("23") => ActionKind::Raise { to: sum },
                    Some("7") => ActionKind::Call,
                    // Sitting out, joining, chat: no chips move.
                    _ => continue,
                };
                if reader.hand.streets.is_empty() {
                    reader.open_street(StreetName::Preflop, "PREFLOP".into(), 0, Vec::new());
                }
                let all_in = attr(t.text, "type").as_deref() == Some("7")
                    || sum == reader.hand.players[p].stack;
                let added = match kind {
                    ActionKind::Raise { to } => to - reader.round_bets[p],
                    _ => sum,
                };
                if !matches!(kind, ActionKind::PostDead) {
                    reader.round_bets[p] += added;
                }
                reader
                    .act(t.line, p, kind, added, all_in)
                    .map_err(|r| refuse(t.line, r))?;
            }
            _ => {}
        }
    }
    reader.check_two_seated().map_err(|r| refuse(last, r))?;
    reader.hand.summary.total = won.iter().copied().sum();
    for (p, &w) in won.iter().enumerate() {
        if w > Amount::ZERO {
            reader.hand.collected.push(Collected {
                player: p,
                amount: w,
            });
        }
    }
    reader.hand.summary.won = won;
    reader.seen_summary = true;
    reader.seen_total = true;
    super::uncalled_paid_as_won(&mut reader.hand);
    reader.finish().map_err(|r| refuse(last, r))
}
