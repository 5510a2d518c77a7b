//! A session: many files (or folders of them) read one file at a time, each hand kept
//! as one row of figures (never the whole hand), with the hero's actual and all-in
//! adjusted results, totals and the refusals.

use super::allin::{adjust, AdjustSettings, NotAdjusted};
use super::amount::Amount;
use super::model::Hand;
use super::parse::Refusal;
use super::pots::{disagreements, money};
use crate::cards::{CardSet, Game};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One hand of a session, as the list, the graph, CSV and JSON show it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct HandRow {
    /// File and header line.
    pub file: String,
    /// The header's line.
    pub line: usize,
    /// The site.
    pub site: String,
    /// The site's hand number.
    pub id: String,
    /// The game as the site named it.
    pub game: String,
    /// The engine's game key, when equity is offered.
    pub game_key: Option<String>,
    /// The stakes as written.
    pub stakes: String,
    /// The currency sign (empty for chips).
    pub currency: String,
    /// Date and time as written.
    pub date: String,
    /// Players dealt in.
    pub players: usize,
    /// The pot (before the site's take).
    pub pot: f64,
    /// The hero's name (the `--hero` given, else the player the hand was dealt to).
    pub hero: Option<String>,
    /// The hero's actual result.
    pub hero_net: f64,
    /// The hero's all-in adjusted result (the actual one when the hand is not adjusted).
    pub hero_adjusted: f64,
    /// The hand was adjusted (an all-in before the river with every hand known).
    pub adjusted: bool,
    /// Why not, when there was an all-in but no adjustment.
    pub adjustment_note: Option<String>,
    /// Someone was all-in.
    pub all_in: bool,
    /// Cards were shown down.
    pub showdown: bool,
    /// Where the text disagrees with itself (empty almost always).
    pub warnings: Vec<String>,
    /// The date in one sortable form (`2012-11-28 13:05:32`), when it reads.
    #[serde(skip)]
    pub played_at: Option<String>,
    /// The hero's position (`BTN`, `SB` …), when the game has a button.
    #[serde(skip)]
    pub position: Option<String>,
    /// The hero's cards as text (`As Kd`), when known.
    #[serde(skip)]
    pub hero_cards: String,
}

/// A session's rows, refusals and totals.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Session {
    /// Files read.
    pub files: usize,
    /// One row per hand read, in file order.
    pub rows: Vec<HandRow>,
    /// Hands and files not read, with file, line and why.
    pub refused: Vec<Refusal>,
    /// Why the reading stopped before the last file (the memory budget), if it did.
    pub stopped: Option<String>,
}

/// What one row holds at most, text included, for the memory budget (measured: about
/// 700 bytes a hand on a 100 MB file).
pub const ROW_BYTES: u64 = 1024;

/// A session's totals over some of its rows.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Totals {
    /// Hands.
    pub hands: usize,
    /// Hands with an all-in.
    pub all_in_hands: usize,
    /// Hands adjusted.
    pub adjusted_hands: usize,
    /// The hero's actual result.
    pub hero_net: f64,
    /// The hero's all-in adjusted result.
    pub hero_adjusted: f64,
}

impl Totals {
    /// The totals of `rows` (all in one currency: see [`CurrencyTotals`]).
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a HandRow>) -> Totals {
        let mut t = Totals::default();
        for r in rows {
            t.add(r);
        }
        t
    }

    /// Counts one more row.
    pub fn add(&mut self, r: &HandRow) {
        self.hands += 1;
        self.all_in_hands += usize::from(r.all_in);
        self.adjusted_hands += usize::from(r.adjusted);
        self.hero_net += r.hero_net;
        self.hero_adjusted += r.hero_adjusted;
    }
}

/// A session's totals kept apart by currency: dollars, euros, yen and chips (tournament
/// and play chips, written without a sign) are never added together.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct CurrencyTotals {
    /// Each currency's totals, in the order first seen.
    pub currencies: Vec<(Currency, Totals)>,
}

/// A currency as rows carry it: its sign, or chips.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Currency {
    /// The sign as written (`$`, `€`); empty for chips.
    pub sign: String,
    /// What it is called in totals and legends: the sign, or `chips`.
    pub name: String,
}

impl Currency {
    /// The currency of a row's sign.
    pub fn of(sign: &str) -> Currency {
        Currency {
            sign: sign.to_string(),
            name: if sign.is_empty() {
                "chips".into()
            } else {
                sign.to_string()
            },
        }
    }
}

impl CurrencyTotals {
    /// The totals of `rows`, per currency.
    pub fn of<'a>(rows: impl IntoIterator<Item = &'a HandRow>) -> CurrencyTotals {
        let mut t = CurrencyTotals::default();
        for r in rows {
            t.add(r);
        }
        t
    }

    /// Counts one more row in its currency.
    pub fn add(&mut self, r: &HandRow) {
        match self
            .currencies
            .iter_mut()
            .find(|(c, _)| c.sign == r.currency)
        {
            Some((_, t)) => t.add(r),
            None => {
                let mut t = Totals::default();
                t.add(r);
                self.currencies.push((Currency::of(&r.currency), t));
            }
        }
    }

    /// Hands over every currency (a count, which adds up across them).
    pub fn hands(&self) -> usize {
        self.currencies.iter().map(|(_, t)| t.hands).sum()
    }
}

/// The row of one hand for `hero` (a name; `None`: the player the hand was dealt to).
pub fn hand_row(hand: &Hand, hero: Option<&str>, settings: &AdjustSettings) -> HandRow {
    let m = money(hand);
    let hero_index = match hero {
        Some(name) => hand.players.iter().position(|p| p.name == name),
        None => hand.hero,
    };
    let all_in = hand
        .streets
        .iter()
        .flat_map(|s| &s.actions)
        .any(|a| a.all_in);
    let showdown = hand
        .players
        .iter()
        .enumerate()
        .filter(|(p, pl)| !m.folded[*p] && !pl.cards.is_empty())
        .count()
        >= 2;
    let adjustment = adjust(hand, &m, settings);
    let net = hero_index.map_or(0.0, |p| m.net[p].as_f64());
    let (adjusted, hero_adjusted, note) = match &adjustment {
        Ok(a) => (
            true,
            hero_index.map_or(0.0, |p| {
                // A cash-out is money the hero took whatever the equity: kept as is.
                let cashed: Amount = hand
                    .cash_outs
                    .iter()
                    .filter(|c| c.0 == p)
                    .map(|c| c.1)
                    .sum();
                if cashed > Amount::ZERO {
                    net
                } else {
                    a.adjusted_net[p]
                }
            }),
            None,
        ),
        Err(NotAdjusted::NoAllIn) => (false, net, None),
        Err(e) => (false, net, Some(e.to_string())),
    };
    HandRow {
        file: hand.source.file.clone(),
        line: hand.source.line,
        site: hand.site.clone(),
        id: hand.id.clone(),
        game: hand.game.text.clone(),
        game_key: hand.game.game.map(|g| g.key().to_string()),
        stakes: hand.stakes.clone(),
        currency: hand.currency.clone(),
        date: hand.date.clone(),
        players: hand.players.iter().filter(|p| !p.sitting_out).count(),
        pot: m.total().as_f64(),
        hero: hero_index.map(|p| hand.players[p].name.clone()),
        hero_net: net,
        hero_adjusted,
        adjusted,
        adjustment_note: note,
        all_in,
        showdown,
        warnings: disagreements(hand, &m),
        played_at: crate::history::date::normalized(&hand.date),
        position: hero_index
            .and_then(|p| crate::history::position::position(hand, p))
            .map(String::from),
        hero_cards: hero_index.map_or(String::new(), |p| {
            crate::cards::format_cards(&hand.players[p].cards)
        }),
    }
}

/// A hero-cards filter: the hands whose hero holds a combo of a range (`QQ+, AKs`; in
/// Omaha `AA**`), the range read once per game met. Hands without known hero cards, or
/// in a game the range does not read in, are not held; `random` and an empty range
/// hold every hand.
pub struct CardsFilter {
    text: String,
    by_game: std::collections::HashMap<String, Option<(bool, HashSet<CardSet>)>>,
}

impl CardsFilter {
    /// The filter of `range` (empty: every hand).
    pub fn new(range: &str) -> CardsFilter {
        CardsFilter {
            text: range.trim().to_string(),
            by_game: std::collections::HashMap::new(),
        }
    }

    /// Why `range` reads in neither Hold'em nor Omaha, if it does not.
    pub fn problem(range: &str) -> Option<String> {
        use crate::range::HoleRange;
        let t = range.trim();
        if t.is_empty() {
            return None;
        }
        HoleRange::parse(t, Game::HOLDEM)
            .or_else(|_| HoleRange::parse(t, Game::OMAHA))
            .err()
            .map(|e| e.to_string())
    }

    /// Whether a hand of game `game_key` whose hero holds `hero_cards` is held.
    pub fn holds(&mut self, game_key: Option<&str>, hero_cards: &str) -> bool {
        if self.text.is_empty() {
            return true;
        }
        let Some(key) = game_key else { return false };
        let Some(cards) = crate::cards::parse_card_list(hero_cards)
            .ok()
            .and_then(|c| CardSet::from_cards(&c))
        else {
            return false;
        };
        if !self.by_game.contains_key(key) {
            // Read once per game (the view filters every row each frame).
            let read = key.parse::<Game>().ok().and_then(|game| {
                let range = crate::range::HoleRange::parse(&self.text, game).ok()?;
                let set = range
                    .hands()
                    .iter()
                    .filter(|(_, w)| *w > 0.0)
                    .map(|(h, _)| *h)
                    .collect();
                Some((range.is_random(), set))
            });
            self.by_game.insert(key.to_string(), read);
        }
        match &self.by_game[key] {
            Some((true, _)) => true,
            Some((false, set)) => set.contains(&cards),
            None => false,
        }
    }
}

/// The files of `paths`: files as given; folders searched at every level for `.txt`,
/// `.xml`, `.log` and `.hh` files and for any other file whose first bytes hold a hand of
/// a site this reader knows (a name without an extension counts; pictures do not),
/// each folder's list sorted by name. A folder reached twice (through a link) is walked
/// once; links that loop end there.
pub fn files_under(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut visited = std::collections::HashSet::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            let mut stack = vec![p.clone()];
            while let Some(dir) = stack.pop() {
                let Ok(real) = std::fs::canonicalize(&dir) else {
                    continue;
                };
                if !visited.insert(real) {
                    continue;
                }
                let Ok(entries) = std::fs::read_dir(&dir) else {
                    continue;
                };
                for e in entries.flatten() {
                    let path = e.path();
                    let Ok(meta) = std::fs::metadata(&path) else {
                        continue;
                    };
                    if meta.is_dir() {
                        stack.push(path);
                    } else if meta.is_file()
                        && (has_history_extension(&path) || looks_like_hands(&path))
                    {
                        found.push(path);
                    }
                }
            }
            found.sort();
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// The extensions sites write hand histories under: always listed (and refused with
/// why when they hold no hand, so nothing in a history folder goes unmentioned).
fn has_history_extension(path: &Path) -> bool {
    path.extension().and_then(|x| x.to_str()).is_some_and(|x| {
        ["txt", "xml", "log", "hh"]
            .iter()
            .any(|e| x.eq_ignore_ascii_case(e))
    })
}

/// Whether a file's first 64 KiB hold a hand header of a site read or recognised.
fn looks_like_hands(path: &Path) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = Vec::with_capacity(64 << 10);
    if file.take(64 << 10).read_to_end(&mut head).is_err() {
        return false;
    }
    let Ok((text, _)) = super::text::decode_owned(head) else {
        return false;
    };
    let found = super::text::clean_lines(&text).any(|(_, l)| super::parse::is_any_header(l));
    found
}

/// Reads `files` one at a time, one hand at a time, into a session of at most
/// `memory_budget` bytes of rows (past it the reading stops and says so); `progress(done,
/// total, the file's rows, the file's refusals)` after each file may stop the reading
/// by returning false (what was read is kept).
pub fn read_session(
    files: &[PathBuf],
    hero: Option<&str>,
    settings: &AdjustSettings,
    memory_budget: u64,
    mut progress: impl FnMut(usize, usize, &[HandRow], &[Refusal]) -> bool,
) -> Session {
    let mut session = Session::default();
    let most = (memory_budget / ROW_BYTES) as usize;
    let mut reader = SessionReader::new(hero, settings);
    for (i, f) in files.iter().enumerate() {
        let (start, refused_start) = (session.rows.len(), session.refused.len());
        let (rows, refused) = (&mut session.rows, &mut session.refused);
        let mut over = false;
        reader.read_file(f, |item| match item {
            Ok(_) if rows.len() >= most => over = true,
            Ok(row) => rows.push(row),
            Err(r) => refused.push(r),
        });
        session.files += 1;
        if over {
            session.stopped = Some(format!(
                "stopped in {}: the memory budget ({} MiB) holds {most} hands; the first {most} are kept (raise the budget or read fewer files)",
                f.display(),
                memory_budget >> 20
            ));
            progress(
                i + 1,
                files.len(),
                &session.rows[start..],
                &session.refused[refused_start..],
            );
            break;
        }
        if !progress(
            i + 1,
            files.len(),
            &session.rows[start..],
            &session.refused[refused_start..],
        ) {
            break;
        }
    }
    session
}

/// Reads files into rows one hand at a time, for a caller that keeps or writes each row
/// as it comes (the command line streams them). A hand read before (the same site and
/// hand number, in this file or an earlier one) is refused as a repeat, so a hand never
/// counts twice.
pub struct SessionReader<'a> {
    hero: Option<&'a str>,
    settings: &'a AdjustSettings,
    seen: std::collections::HashMap<(String, String), (String, usize)>,
}

impl<'a> SessionReader<'a> {
    /// A reader for `hero` (`None`: the player each hand was dealt to).
    pub fn new(hero: Option<&'a str>, settings: &'a AdjustSettings) -> SessionReader<'a> {
        SessionReader {
            hero,
            settings,
            seen: std::collections::HashMap::new(),
        }
    }

    /// Reads one file, each hand's row or refusal handed to `each` in file order.
    pub fn read_file(&mut self, path: &Path, mut each: impl FnMut(Result<HandRow, Refusal>)) {
        let (hero, settings, seen) = (self.hero, self.settings, &mut self.seen);
        super::read_file_each(path, |h| match h {
            Ok(hand) => {
                let key = (hand.site.clone(), hand.id.clone());
                if let Some((file, line)) = seen.get(&key) {
                    each(Err(Refusal {
                        source: hand.source.clone(),
                        line: hand.source.line,
                        hand_id: Some(hand.id.clone()),
                        reason: format!(
                            "a repeat: {} hand #{} was read already at {file}:{line}; it counts once",
                            hand.site, hand.id
                        ),
                    }));
                } else {
                    seen.insert(key, (hand.source.file.clone(), hand.source.line));
                    each(Ok(hand_row(&hand, hero, settings)));
                }
            }
            Err(r) => each(Err(r)),
        });
    }
}

/// A row per hand with a row of headings: the session's table.
pub fn rows_table<'a>(rows: impl IntoIterator<Item = &'a HandRow>) -> Vec<Vec<String>> {
    let mut table = vec![[
        "file",
        "line",
        "site",
        "hand",
        "game",
        "stakes",
        "currency",
        "date",
        "players",
        "pot",
        "hero",
        "net",
        "all_in_adjusted",
        "adjusted",
        "all_in",
        "showdown",
        "note",
    ]
    .map(String::from)
    .to_vec()];
    for r in rows {
        table.push(vec![
            r.file.clone(),
            r.line.to_string(),
            r.site.clone(),
            r.id.clone(),
            r.game.clone(),
            r.stakes.clone(),
            Currency::of(&r.currency).name,
            r.date.clone(),
            r.players.to_string(),
            format!("{:.2}", r.pot),
            r.hero.clone().unwrap_or_default(),
            format!("{:.2}", r.hero_net),
            format!("{:.2}", r.hero_adjusted),
            r.adjusted.to_string(),
            r.all_in.to_string(),
            r.showdown.to_string(),
            r.adjustment_note.clone().unwrap_or_default(),
        ]);
    }
    table
}

/// The session's table as CSV, headings first (the command line's `--csv`).
pub fn rows_csv(rows: &[HandRow]) -> String {
    crate::equity::table_csv::rows_text(rows_table(rows))
}
