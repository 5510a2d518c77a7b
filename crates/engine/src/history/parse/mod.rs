//! Reading the text of PokerStars-style hand histories: PokerStars itself (cash, Zoom,
//! Home Games, old exports in capitals), GGPoker (`Poker Hand #…`), Full Tilt, Run It Once,
//! PokerMaster and PokerBros, which all write the same shape of text. A hand that cannot
//! be read is refused with its line and why; the next hand is read as if nothing happened.

mod actions;
mod bovada;
mod ipoker;
mod pacific;
mod party;
mod shape;
mod summary;
mod winamax;

use shape::{game_by_words, site_amount, uncalled_paid_as_won, Shape};
pub(crate) use shape::{header_start, is_any_header};
use shape::{read_blocks, shape_of};

use crate::cards::{Card, Game};
use crate::history::amount::Amount;
use crate::history::model::{ActionKind, Hand, HandGame, Source, StreetName, Summary};

/// A hand (or a stretch of text) that was not read: where and why.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Refusal {
    /// The file and the line of the hand's header (or of the text, without one).
    pub source: Source,
    /// The line the problem is on.
    pub line: usize,
    /// The site's hand number, when the header was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_id: Option<String>,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: ", self.source.file, self.line)?;
        if let Some(id) = &self.hand_id {
            write!(f, "hand #{id}: ")?;
        }
        f.write_str(&self.reason)
    }
}

/// How a hand whose header is on line `first` is refused: at a line, with why, naming
/// its number when the header was read.
fn refusal_of(
    file: &str,
    first: usize,
    hand_id: Option<String>,
) -> impl Fn(usize, String) -> Refusal + '_ {
    move |line, reason| Refusal {
        source: Source {
            file: file.into(),
            line: first,
        },
        line,
        hand_id: hand_id.clone(),
        reason,
    }
}

/// The hands read from a text, and those refused, in the order they appear.
pub fn read_text(file: &str, text: &str) -> (Vec<Hand>, Vec<Refusal>) {
    let mut hands = Vec::new();
    let mut refused = Vec::new();
    read_text_each(file, text, |h| match h {
        Ok(hand) => hands.push(hand),
        Err(r) => refused.push(r),
    });
    (hands, refused)
}

/// Each hand of a text (read or refused) handed to `each` in order as soon as it is
/// read, so a session holds one hand at a time, not a file's worth. The site's shape is
/// told by the first hand header in the text (a file holds one site's hands).
pub fn read_text_each(file: &str, text: &str, mut each: impl FnMut(Result<Hand, Refusal>)) {
    let shape = shape_of(text);
    if shape.whole_text() {
        return shape.read_whole(file, text, &mut each);
    }
    read_blocks(file, text, shape, each);
}

/// Where a header starts inside a line after other text (`Player25: PokerStars Hand
/// #…: …`). Only the sites' own header words count there, so that chat quoting a hand
/// number is not taken for a hand.
pub(super) fn embedded_header(line: &str) -> Option<usize> {
    const STARTS: [&str; 5] = [
        "PokerStars ",
        "Poker Hand #",
        "Full Tilt ",
        "Run It Once ",
        "POKERSTARS ",
    ];
    STARTS
        .iter()
        .filter_map(|s| line.find(s))
        .filter(|&at| at > 0)
        .min()
        .filter(|&at| header(&line[at..]).is_some())
}

/// Lines archives put between hands (`*********** # 1 **************`).
pub(super) fn is_separator(line: &str) -> bool {
    line.starts_with("***") && line.contains('#') && !line.contains("Hand #")
}

/// The parts of a header line: site, hand number, the rest.
pub(super) struct Header<'a> {
    site: String,
    id: &'a str,
    rest: &'a str,
}

/// A hand's first line: `<site> Hand #<id>: <game> (<stakes>) - <date>` (also `Game #`).
pub(super) fn header(line: &str) -> Option<Header<'_>> {
    let upper = line.to_ascii_uppercase();
    let at = upper.find("HAND #").or_else(|| upper.find("GAME #"))?;
    let site_words = line[..at].trim();
    if site_words.is_empty() || site_words.len() > 40 || site_words.contains(':') {
        return None;
    }
    let after = &line[at + 6..];
    let colon = after.find(':')?;
    let id = after[..colon].trim();
    if id.is_empty() || id.contains(' ') {
        return None;
    }
    let lower = site_words.to_ascii_lowercase();
    let site = if lower.starts_with("pokerstars") {
        "PokerStars"
    } else if lower.starts_with("full tilt") {
        "Full Tilt"
    } else if lower.starts_with("run it once") {
        "Run It Once"
    } else if lower == "poker" {
        "GGPoker"
    } else {
        site_words
    };
    Some(Header {
        site: site.to_string(),
        id,
        rest: &after[colon + 1..],
    })
}

/// The game a header names, most specific words first.
fn game_of(desc: &str) -> HandGame {
    let d = desc.to_ascii_lowercase();
    let known: &[(&str, Option<Game>, bool)] = &[
        ("split hold'em", None, false),
        ("courchevel hi/lo", Some(Game::OMAHA5_HILO), true),
        ("courchevel", Some(Game::OMAHA5), true),
        ("6+ hold'em", Some(Game::SHORT_DECK), false),
        ("shortdeck", Some(Game::SHORT_DECK), false),
        ("short deck", Some(Game::SHORT_DECK), false),
        ("6 card omaha hi/lo", Some(Game::OMAHA6_HILO), false),
        ("6 card omaha", Some(Game::OMAHA6), false),
        ("plo-6", Some(Game::OMAHA6), false),
        ("5 card omaha hi/lo", Some(Game::OMAHA5_HILO), false),
        ("5 card omaha", Some(Game::OMAHA5), false),
        ("plo-5", Some(Game::OMAHA5), false),
        ("omaha hi/lo", Some(Game::OMAHA_HILO), false),
        ("plo8", Some(Game::OMAHA_HILO), false),
        ("omaha", Some(Game::OMAHA), false),
        ("plo", Some(Game::OMAHA), false),
        ("hold'em", Some(Game::HOLDEM), false),
        // The draw games: equity counts the next draw as the last (a triple draw's
        // first two draws are valued as if one remained; reference §10).
        ("single draw 2-7", Some(Game::DRAW_27), false),
        ("triple draw 2-7", Some(Game::DRAW_27), false),
        ("2-7 single draw", Some(Game::DRAW_27), false),
        ("2-7 triple draw", Some(Game::DRAW_27), false),
        ("triple draw a-5", Some(Game::DRAW_A5), false),
        ("a-5 triple draw", Some(Game::DRAW_A5), false),
        ("badugi", Some(Game::BADUGI), false),
        ("7 card stud hi/lo", Some(Game::STUD_HILO), false),
        ("7 card stud", Some(Game::STUD), false),
        ("razz", Some(Game::RAZZ), false),
        ("holdem", Some(Game::HOLDEM), false),
    ];
    for &(words, game, first) in known {
        if d.contains(words) {
            return HandGame {
                text: desc.to_string(),
                game,
                no_equity: game.is_none().then(|| {
                    format!("{desc}: two boards, which the engine does not value yet (pots and results are shown)")
                }),
                board_card_first: first,
            };
        }
    }
    HandGame {
        text: desc.to_string(),
        game: None,
        no_equity: Some(format!(
            "{desc}: a game the engine does not value yet (pots and results are shown, equity is not)"
        )),
        board_card_first: false,
    }
}

/// What a hand's header states, in any site's words.
pub(super) struct Facts {
    pub site: String,
    pub id: String,
    pub game: HandGame,
    pub stakes: String,
    pub currency: String,
    pub date: String,
    pub big_blind: Option<Amount>,
}

/// A hand's lines being read.
struct Reader {
    hand: Hand,
    /// Player indexes by name length, longest first (names may contain spaces and colons).
    by_length: Vec<usize>,
    /// Each player's live bet this round.
    round_bets: Vec<Amount>,
    /// Where each known card was first seen.
    card_lines: Vec<(Card, usize, String)>,
    big_blind: Option<Amount>,
    summary_boards: Vec<(usize, Vec<Card>)>,
    seen_summary: bool,
    seen_total: bool,
    /// The first player the deal showed cards of.
    dealt_to: Option<usize>,
    /// A run named on the line before its summary board.
    run_named: Option<String>,
    /// `raises X to Y` adds Y (see [`read_hand`]).
    raise_adds: bool,
    board_game: bool,
    /// The deal's line has been read (what comes before it are posts).
    dealt_seen: bool,
}

type LineResult = Result<(), (usize, String)>;

/// Reads one hand. Run It Once wrote `raises X to Y` two ways (Y the player's bet for the
/// round, or the chips the raise adds); its summary's total says which, so a hand that
/// does not add up the usual way is read the other way and kept if that adds up.
pub(super) fn read_hand(file: &str, lines: &[(usize, &str)]) -> Result<Hand, Refusal> {
    let hand = read_hand_as(file, lines, false)?;
    if hand.site == "Run It Once" {
        let money = super::pots::money(&hand);
        if !super::pots::disagreements(&hand, &money).is_empty() {
            if let Ok(other) = read_hand_as(file, lines, true) {
                let m = super::pots::money(&other);
                if super::pots::disagreements(&other, &m).is_empty() {
                    return Ok(other);
                }
            }
        }
    }
    Ok(hand)
}

fn read_hand_as(file: &str, lines: &[(usize, &str)], raise_adds: bool) -> Result<Hand, Refusal> {
    let (first, head) = lines[0];
    let h = header(head).expect("a block starts with a header");
    let id = h.id.to_string();
    let refuse = refusal_of(file, first, Some(id.clone()));
    let mut reader = Reader::new(file, first, &h).map_err(|r| refuse(first, r))?;
    reader.raise_adds = raise_adds;
    let body = &lines[1..];
    let mut i = 0;
    // Table and seat lines, up to the first `***` line.
    while i < body.len() && !body[i].1.starts_with("***") {
        let (n, line) = body[i];
        reader.setup_line(n, line).map_err(|r| refuse(n, r))?;
        i += 1;
    }
    let deal_line = body.get(i).map_or(first, |l| l.0);
    reader.index_names();
    for &(n, line) in &body[i..] {
        reader.line(n, line).map_err(|(at, r)| refuse(at, r))?;
    }
    let last = body.last().map_or(first, |l| l.0);
    if reader.hand.players.len() < 2 && !reader.hand.cancelled {
        return Err(refuse(
            deal_line,
            format!(
                "{} seated before the deal; a hand needs two (truncated?)",
                reader.hand.players.len()
            ),
        ));
    }
    reader.finish().map_err(|r| refuse(last, r))
}

impl Reader {
    fn new(file: &str, line: usize, h: &Header<'_>) -> Result<Reader, String> {
        let rest = h.rest.trim();
        // `{club}` before the game in Home Games.
        let rest = match rest.strip_prefix('{') {
            Some(r) => r.split_once('}').map_or(r, |(_, after)| after).trim(),
            None => rest,
        };
        let (before, paren) = match rest.find('(') {
            Some(p) => {
                let close = rest[p..]
                    .find(')')
                    .map(|c| p + c)
                    .ok_or("the header's stakes have no closing `)`")?;
                (rest[..p].trim(), &rest[p + 1..close])
            }
            None => (rest.split(" - ").next().unwrap_or(rest).trim(), ""),
        };
        // Mixed games name the game inside the parentheses: `Mixed NLH/PLO (Hold'em No
        // Limit, $0.10/$0.25 USD)`.
        let (desc, stakes) = match paren.split_once(',') {
            Some((g, s)) if g.chars().any(|c| c.is_ascii_alphabetic()) => (g.trim(), s.trim()),
            _ => (before, paren.trim()),
        };
        if desc.is_empty() {
            return Err("the header names no game".into());
        }
        // `$0.10/$0.25 USD`, `Button Blind $0.50 - Ante $0.50  USD`, `5/10`: the
        // currency code at the end is dropped, the words kept.
        let words: Vec<&str> = stakes.split_whitespace().collect();
        let code = |w: &str| w.len() == 3 && w.chars().all(|c| c.is_ascii_uppercase());
        let stakes_amounts = match words.split_last() {
            Some((last, rest)) if code(last) && !rest.is_empty() => rest.join(" "),
            _ => words.join(" "),
        };
        let big_blind = stakes_amounts
            .split('/')
            .nth(1)
            .and_then(|b| Amount::parse(b.split_whitespace().next().unwrap_or("")));
        let currency = Amount::sign_in(stakes)
            .map(String::from)
            .unwrap_or_default();
        let date = rest
            .split_once(") - ")
            .map(|(_, d)| d.trim().to_string())
            .or_else(|| rest.split_once(" - ").map(|(_, d)| d.trim().to_string()))
            .unwrap_or_default();
        let game = game_of(desc);
        Ok(Reader::blank(
            file,
            line,
            Facts {
                site: h.site.clone(),
                id: h.id.to_string(),
                game,
                stakes: stakes_amounts.to_string(),
                currency,
                date,
                big_blind,
            },
        ))
    }

    /// A reader of a hand whose header has been read (by any site's shape).
    pub(super) fn blank(file: &str, line: usize, facts: Facts) -> Reader {
        let board_game = facts.game.game.is_some_and(|g| g.board_cards() > 0)
            || facts.game.text.to_ascii_lowercase().contains("hold'em");
        Reader {
            hand: Hand {
                source: Source {
                    file: file.into(),
                    line,
                },
                site: facts.site,
                id: facts.id,
                game: facts.game,
                stakes: facts.stakes,
                currency: facts.currency,
                date: facts.date,
                table: String::new(),
                button: None,
                players: Vec::new(),
                streets: Vec::new(),
                collected: Vec::new(),
                cash_outs: Vec::new(),
                summary: Summary::default(),
                cancelled: false,
                hero: None,
                site_added: Amount::ZERO,
                prizes: Vec::new(),
            },
            by_length: Vec::new(),
            round_bets: Vec::new(),
            card_lines: Vec::new(),
            big_blind: facts.big_blind,
            summary_boards: Vec::new(),
            seen_summary: false,
            seen_total: false,
            dealt_to: None,
            run_named: None,
            raise_adds: false,
            board_game,
            dealt_seen: false,
        }
    }

    /// The table line and the seat lines.
    fn setup_line(&mut self, n: usize, line: &str) -> Result<(), String> {
        if let Some(rest) = line.strip_prefix("Table ") {
            let mut parts = rest.splitn(3, '\'');
            let _ = parts.next();
            self.hand.table = parts.next().unwrap_or("").to_string();
            if let Some(b) = rest.split("Seat #").nth(1) {
                self.hand.button = b.split_whitespace().next().and_then(|s| s.parse().ok());
            }
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Seat ") {
            let Some((num, who)) = rest.split_once(": ") else {
                return Err(format!("a seat line without `: `: `{line}`"));
            };
            let seat: u8 = num
                .trim()
                .parse()
                .map_err(|_| format!("seat number `{num}` is not a number"))?;
            let chips = who
                .rfind(" in chips")
                .ok_or_else(|| format!("seat {seat}'s line has no `(… in chips)`"))?;
            let open = who[..chips]
                .rfind('(')
                .ok_or_else(|| format!("seat {seat}'s line has no `(` before its chips"))?;
            let name = who[..open].trim().to_string();
            let stack_text = &who[open + 1..chips];
            let stack = Amount::parse(stack_text)
                .ok_or_else(|| format!("seat {seat}'s stack `{stack_text}` is not an amount"))?;
            let after = &who[chips..];
            let sitting_out = after.contains("sitting out") || after.contains("out of hand");
            self.seat(seat, name, stack)?;
            if let Some(p) = self.hand.players.last_mut() {
                p.sitting_out = sitting_out;
            }
            return Ok(());
        }
        // Anything else before the deal: players joining, posts (they open the first
        // round), notes.
        if !self.hand.players.is_empty() {
            self.index_names();
            // The first round opens before its first post, so the posts count as the
            // players' bets in it (a raise later is "to" an amount over them).
            if self.hand.streets.is_empty() {
                self.open_street(StreetName::Preflop, "HOLE CARDS".into(), 0, Vec::new());
            }
            return self.line(n, line).map_err(|(_, r)| r);
        }
        Ok(())
    }

    fn index_names(&mut self) {
        let mut order: Vec<usize> = (0..self.hand.players.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.hand.players[i].name.len()));
        self.by_length = order;
        if self.round_bets.len() != self.hand.players.len() {
            self.round_bets = vec![Amount::ZERO; self.hand.players.len()];
        }
    }

    /// The seated player `line` starts with, followed by `sep`, and the rest.
    fn who<'l>(&self, line: &'l str, sep: &str) -> Option<(usize, &'l str)> {
        self.by_length.iter().find_map(|&i| {
            line.strip_prefix(self.hand.players[i].name.as_str())
                .and_then(|r| r.strip_prefix(sep))
                .map(|r| (i, r))
        })
    }

    fn line(&mut self, n: usize, line: &str) -> LineResult {
        let err = |r: String| (n, r);
        if line.is_empty() {
            return Ok(());
        }
        if line.starts_with("***") {
            return self.marker(line).map_err(err);
        }
        if self.seen_summary {
            return self.summary_line(n, line).map_err(err);
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            let found = self
                .who(rest, " [")
                .map(|(p, r)| (p, Some(r)))
                .or_else(|| self.index_of(rest).map(|p| (p, None)));
            let Some((p, cards)) = found else {
                let name = rest.split(" [").next().unwrap_or(rest);
                return Err(err(format!("cards dealt to `{name}`, who is not seated")));
            };
            if let Some(cards) = cards {
                if self.is_stud() {
                    return self.stud_dealt(n, p, &format!("[{cards}")).map_err(err);
                }
                if self.is_draw() {
                    return self.draw_dealt(p, &format!("[{cards}")).map_err(err);
                }
                if self.dealt_to.is_none() {
                    self.dealt_to = Some(p);
                }
                self.learn_cards(n, p, &format!("[{cards}")).map_err(err)?;
            }
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Uncalled bet (") {
            let (amount, to) = rest
                .split_once(") returned to ")
                .ok_or_else(|| err(format!("`{line}`: no `returned to`")))?;
            let amount = Amount::parse(amount)
                .ok_or_else(|| err(format!("uncalled bet `{amount}` is not an amount")))?;
            let player = self.index_of(to).ok_or_else(|| {
                err(format!(
                    "uncalled bet returned to `{to}`, who is not seated"
                ))
            })?;
            return self
                .act(n, player, ActionKind::Returned, amount, false)
                .map_err(err);
        }
        if let Some((player, rest)) = self.who(line, ": ") {
            return self.action(n, player, rest).map_err(err);
        }
        if let Some((player, rest)) = self.who(line, " ") {
            return self.note(n, player, rest).map_err(err);
        }
        for prefix in ["STP added:", "Cash Drop to Pot : total"] {
            if let Some(a) = line.strip_prefix(prefix) {
                let a = Amount::parse(a).ok_or_else(|| err(format!("`{line}`: not an amount")))?;
                self.hand.site_added += a;
                return Ok(());
            }
        }
        const NOTES: [&str; 8] = [
            "Hand cancelled",
            "The deck is reshuffled",
            "Pair on board",
            "No low hand qualified",
            "Hand was run",
            "Board [",
            "Cash Drop",
            "Betting is capped",
        ];
        if NOTES.iter().any(|p| line.starts_with(p)) {
            if line.starts_with("Hand cancelled") {
                self.hand.cancelled = true;
            }
            return Ok(());
        }
        // A betting word after `name: ` from someone not seated is an error, not a note.
        if let Some((name, rest)) = line.split_once(": ") {
            const VERBS: [&str; 9] = [
                "folds", "checks", "calls", "bets", "raises", "posts", "shows", "mucks", "straddle",
            ];
            if VERBS.iter().any(|v| rest.starts_with(v)) {
                return Err(err(format!(
                    "`{name}` acts ({rest}) but is not seated at this table"
                )));
            }
        }
        if line.contains(" collected ") || line.contains(" cashed out") {
            return Err(err(format!(
                "`{line}`: the player is not seated at this table"
            )));
        }
        // Joins, leaves and other table notes by people not in the hand.
        Ok(())
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.hand.players.iter().position(|p| p.name == name.trim())
    }

    /// `*** … ***` lines: streets, showdowns, the summary.
    fn marker(&mut self, line: &str) -> Result<(), String> {
        let inner = line.trim_start_matches('*').trim_start();
        let end = inner.find("***").unwrap_or(inner.len());
        let label = inner[..end].trim().to_string();
        let after = &inner[end..];
        let (run, word) = match label.split_once(' ') {
            Some(("FIRST", w)) => (0, w),
            Some(("SECOND", w)) => (1, w),
            Some(("THIRD", w)) => (2, w),
            _ => (0, label.as_str()),
        };
        let name = match word {
            "HOLE CARDS" | "DEALING HANDS" | "PRE-FLOP" | "ANTE/BLINDS" | "3rd STREET" => {
                Some(StreetName::Preflop)
            }
            "FLOP" if self.board_game => Some(StreetName::Flop),
            "TURN" if self.board_game => Some(StreetName::Turn),
            "RIVER" if self.board_game => Some(StreetName::River),
            "SHOW DOWN" | "SHOWDOWN" => None,
            "SUMMARY" => {
                self.seen_summary = true;
                return Ok(());
            }
            _ if self.board_game => {
                return Err(format!("`{line}`: a street this reader does not know"))
            }
            // Stud's streets and the draws: one more betting round each.
            _ => {
                let round = self.hand.streets.len() as u8 + 1;
                self.open_street(StreetName::Round(round), label.clone(), 0, Vec::new());
                return Ok(());
            }
        };
        let Some(name) = name else { return Ok(()) };
        let cards = if self.board_game {
            bracket_cards(after).map_err(|e| format!("`{line}`: {e}"))?
        } else {
            Vec::new()
        };
        if name == StreetName::Preflop && !self.hand.streets.is_empty() {
            // Posts came first; the deal's line opens no new round. Courchevel's card.
            let street = &mut self.hand.streets[0];
            for c in cards {
                if !street.boards[0].contains(&c) {
                    street.boards[0].push(c);
                }
            }
            return Ok(());
        }
        // A later run's street (`SECOND FLOP`) joins the street of that name; its board
        // grows from the street before it, for that run.
        let streets = &self.hand.streets;
        let existing = streets.iter().position(|s| s.name == name);
        let grows_from = match existing {
            Some(at) => at.checked_sub(1).map(|i| &streets[i]),
            None => streets.last(),
        };
        let mut board = grows_from
            .map(|s| s.boards.get(run).unwrap_or(&s.boards[0]).clone())
            .unwrap_or_default();
        for c in cards {
            if !board.contains(&c) {
                board.push(c);
            }
        }
        if board.len() > name.board_cards() {
            return Err(format!(
                "`{line}`: {} board cards on the {}; it has {}",
                board.len(),
                name.title().to_lowercase(),
                name.board_cards()
            ));
        }
        match existing {
            Some(at) if run > 0 => {
                let street = &mut self.hand.streets[at];
                while street.boards.len() < run {
                    let copy = street.boards[0].clone();
                    street.boards.push(copy);
                }
                street.boards.truncate(run);
                street.boards.push(board);
            }
            Some(_) => {
                return Err(format!(
                    "`{line}`: the {} again",
                    name.title().to_lowercase()
                ))
            }
            None => self.open_street(name, label, run, board),
        }
        Ok(())
    }
}

/// The cards in every `[…]` group of `text`, each once, in order. Tolerates cards run
/// together (`[2s3d 3c]`) and `10` for ten.
fn bracket_cards(text: &str) -> Result<Vec<Card>, String> {
    let mut cards = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let close = rest[open..]
            .find(']')
            .map(|c| open + c)
            .ok_or("a `[` without its `]`")?;
        // `X` marks a card the site did not show.
        let inside: String = rest[open + 1..close]
            .replace("10", "T")
            .replace(',', " ")
            .split_whitespace()
            .filter(|w| !w.eq_ignore_ascii_case("xx"))
            .collect();
        if !inside.len().is_multiple_of(2) {
            return Err(format!(
                "`{}` is not a list of cards",
                &rest[open + 1..close]
            ));
        }
        for pair in inside.as_bytes().chunks(2) {
            let s = std::str::from_utf8(pair).unwrap_or("??");
            let card: Card = s.parse().map_err(|_| format!("`{s}` is not a card"))?;
            if !cards.contains(&card) {
                cards.push(card);
            }
        }
        rest = &rest[close + 1..];
    }
    Ok(cards)
}
