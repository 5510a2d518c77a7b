//! The Hand view's inputs: a hand's text (pasted, or one hand of a session), the street
//! shown, a range for each player whose cards are unknown, and the session: its files
//! and folders, its hero and its filters.

use super::{invalid, placed, seat_range, ScenarioError};
use crate::cards::{format_cards, CardSet};
use crate::equity::games::MatchupJob;
use crate::history::replay::spot;
use crate::history::{read_text, Hand};
use serde::{Deserialize, Serialize};

/// The longest hand text the view reads as typed (a few hands; files of many hands
/// open as a session, read by a job).
pub const MAX_HAND_TEXT_BYTES: usize = 256 * 1024;

/// A player's range while their cards are unknown, kept by name with the hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRange {
    /// The player's name in the hand.
    pub player: String,
    /// The range (`random` unless changed).
    pub range: String,
}

/// Which rows of a session the list shows.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SessionFilter {
    /// The game's words contain this (any when empty).
    pub game: String,
    /// The stakes contain this (any when empty).
    pub stakes: String,
    /// Only hands with an all-in.
    pub all_in: bool,
    /// Only hands shown down.
    pub showdown: bool,
    /// Only hands the hero was dealt into.
    pub hero: bool,
    /// The site (any when empty; any case).
    pub site: String,
    /// The currency's sign, or `chips` (any when empty).
    pub currency: String,
    /// The first day (`2012-11-28`, or with a time; any when empty).
    pub from: String,
    /// The last day, included (`2012-11-30`, or with a time; any when empty).
    pub to: String,
    /// The hero's position (`BTN`, `SB`, `BB`, `UTG` … `CO`; any when empty).
    pub position: String,
    /// The hero's cards in this range (`QQ+, AKs`; in Omaha `AA**`; any when empty).
    pub cards: String,
}

impl SessionFilter {
    /// The rows of `rows` the filter shows, in order (the cards' range read once).
    pub fn rows<'r>(
        &self,
        rows: impl IntoIterator<Item = &'r crate::history::session::HandRow>,
    ) -> Vec<&'r crate::history::session::HandRow> {
        let mut cards = crate::history::session::CardsFilter::new(&self.cards);
        rows.into_iter()
            .filter(|r| self.holds(r) && cards.holds(r.game_key.as_deref(), &r.hero_cards))
            .collect()
    }

    /// The first field that does not read, and why: a date that is not one, a range of
    /// cards that reads in no game. A field that does not read filters nothing.
    pub fn problem(&self) -> Option<(&'static str, String)> {
        for (field, text, end) in [("from", &self.from, false), ("to", &self.to, true)] {
            if let Err(why) = crate::history::date::day_bound(text, end) {
                return Some((field, why));
            }
        }
        crate::history::session::CardsFilter::problem(&self.cards).map(|why| ("cards", why))
    }

    /// Whether `row` is shown by every field but the cards ([`SessionFilter::rows`]
    /// applies those too).
    pub fn holds(&self, row: &crate::history::session::HandRow) -> bool {
        // A day that does not read bounds nothing (`problem` names it).
        let day = |t: &str, end| crate::history::date::day_bound(t, end).ok().flatten();
        let has = |text: &str, part: &str| {
            part.trim().is_empty() || text.to_lowercase().contains(&part.trim().to_lowercase())
        };
        has(&row.game, &self.game)
            && has(&row.stakes, &self.stakes)
            && (!self.all_in || row.all_in)
            && (!self.showdown || row.showdown)
            && (!self.hero || row.hero.is_some())
            && (self.site.trim().is_empty() || row.site.eq_ignore_ascii_case(self.site.trim()))
            && (self.currency.trim().is_empty()
                || crate::history::session::Currency::of(&row.currency).name
                    == self.currency.trim())
            && day(&self.from, false)
                .is_none_or(|from| row.played_at.as_ref().is_some_and(|p| *p >= from))
            && day(&self.to, true).is_none_or(|to| row.played_at.as_ref().is_some_and(|p| *p <= to))
            && (self.position.trim().is_empty()
                || row
                    .position
                    .as_ref()
                    .is_some_and(|p| p.eq_ignore_ascii_case(self.position.trim())))
    }
}

/// The Hand view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct HandInputs {
    /// The hand's text as the site wrote it (one hand, or a few: `selected` picks one).
    pub text: String,
    /// Where the text came from (a file and line), for titles; empty when pasted.
    pub source: String,
    /// Which hand of the text.
    pub selected: usize,
    /// Which street (0: preflop).
    pub street: usize,
    /// Ranges for players whose cards are unknown (`random` when none is kept).
    pub ranges: Vec<PlayerRange>,
    /// The session's files and folders.
    pub session: Vec<String>,
    /// The session's hero (empty: the player each hand was dealt to).
    pub hero: String,
    /// The session list's filter.
    pub filter: SessionFilter,
    /// The hand database the session is imported into and read from (empty: the
    /// user's data folder).
    pub database: String,
}

/// A hand's street, read: the hand, and the players the equity is computed for.
#[derive(Clone, Debug)]
pub struct HandSpot {
    /// The hand.
    pub hand: Hand,
    /// The street shown.
    pub street: usize,
    /// The players still in, in seat order (indexes into the hand's players).
    pub seats: Vec<usize>,
    /// Each seat's range text: the known cards, or the player's range.
    pub ranges: Vec<String>,
    /// The board at the street.
    pub board: String,
    /// Known cards of players no longer in.
    pub dead: String,
}

impl HandInputs {
    /// Whether every text is within what its field takes: the hand's text at most
    /// [`MAX_HAND_TEXT_BYTES`], each range, the hero, the filter and each session
    /// path at most a range's length.
    pub fn fits(&self) -> bool {
        let short = |t: &str| t.len() <= crate::range::MAX_RANGE_TEXT;
        self.text.len() <= MAX_HAND_TEXT_BYTES
            && self
                .ranges
                .iter()
                .all(|r| short(&r.player) && short(&r.range))
            && self.session.iter().all(|p| short(p))
            && [
                &self.hero,
                &self.source,
                &self.filter.game,
                &self.filter.stakes,
                &self.filter.site,
                &self.filter.currency,
                &self.filter.from,
                &self.filter.to,
                &self.filter.position,
                &self.filter.cards,
            ]
            .iter()
            .all(|t| short(t))
    }

    /// The text of a field (`text`, `ranges[2]`, `hero`…).
    pub fn field_text(&self, field: &str) -> Option<&str> {
        match field {
            "text" => Some(&self.text),
            "hero" => Some(&self.hero),
            _ => field
                .strip_prefix("ranges[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|i| i.parse::<usize>().ok())
                .and_then(|i| self.ranges.get(i))
                .map(|r| r.range.as_str()),
        }
    }

    /// The range kept for `player` (`random` when none).
    pub fn range_of(&self, player: &str) -> &str {
        self.ranges
            .iter()
            .find(|r| r.player == player)
            .map_or("random", |r| r.range.as_str())
    }

    /// Reads the text: the hands in it, or why none is shown (at `text`).
    pub fn hands(&self) -> Result<Vec<Hand>, ScenarioError> {
        if self.text.len() > MAX_HAND_TEXT_BYTES {
            return Err(invalid(
                "text",
                format!(
                    "{} KiB of text; paste a hand or a few (at most {} KiB) and open files of many hands as a session",
                    self.text.len() / 1024,
                    MAX_HAND_TEXT_BYTES / 1024
                ),
            ));
        }
        if self.text.trim().is_empty() {
            return Err(invalid(
                "text",
                "paste a hand history or open a file".into(),
            ));
        }
        let (hands, refused) = read_text(&self.source_name(), &self.text);
        if hands.is_empty() {
            let why = refused.first().map_or_else(
                || {
                    "no hand found (a hand starts with a line like `PokerStars Hand #…:`)"
                        .to_string()
                },
                |r| format!("line {}: {}", r.line, r.reason),
            );
            return Err(invalid("text", why));
        }
        Ok(hands)
    }

    fn source_name(&self) -> String {
        if self.source.is_empty() {
            "pasted text".into()
        } else {
            self.source.clone()
        }
    }

    /// The hand and street shown, with each player still in when the street's betting
    /// closed and their range.
    pub fn spot(&self) -> Result<HandSpot, Vec<ScenarioError>> {
        self.spot_of(self.hands().map_err(|e| vec![e])?)
    }

    /// [`HandInputs::spot`] of hands already read from the text (the view reads it
    /// once per edit).
    pub fn spot_of(&self, hands: Vec<Hand>) -> Result<HandSpot, Vec<ScenarioError>> {
        let Some(hand) = hands.into_iter().nth(self.selected) else {
            return Err(vec![invalid(
                "selected",
                format!("the text holds fewer than {} hands", self.selected + 1),
            )]);
        };
        let s = spot(&hand, self.street);
        let mut seats = Vec::new();
        let mut ranges = Vec::new();
        let mut dead = CardSet::EMPTY;
        // The equity of the players still in when the street's betting closed: those who
        // fold on it are out of the matchup (their shown cards dead), so an all-in
        // preflop shows the all-in's players, not everyone dealt as random hands. A
        // street whose betting ended the hand (one player left) keeps its start.
        let closing = s
            .players
            .iter()
            .filter(|p| p.in_hand && !p.folds_here)
            .count();
        let stud = hand.game.game.is_some_and(|g| g.is_stud());
        let draw = hand.game.game.is_some_and(|g| g.is_draw());
        let mut kept = CardSet::EMPTY;
        let hole = hand.game.game.map_or(0, |g| g.hole_cards());
        for p in &s.players {
            let player = &hand.players[p.index];
            if draw {
                let keeps = draw_keeps(player, s.street, hole, &mut dead);
                if p.in_hand && (!p.folds_here || closing < 2) {
                    seats.push(p.index);
                    kept = kept.union(keeps.iter().copied().collect());
                    ranges.push(if keeps.is_empty() {
                        "-".to_string()
                    } else {
                        format_cards(&keeps)
                    });
                } else {
                    for c in player.draw_hand_at(s.street).unwrap_or_default() {
                        dead.insert(c);
                    }
                }
                continue;
            }
            if stud {
                // Stud: each player's cards dealt by this street, up and down.
                let by_now: Vec<_> = player
                    .dealt
                    .iter()
                    .filter(|d| d.street <= s.street)
                    .collect();
                let in_matchup = p.in_hand && (!p.folds_here || closing < 2);
                if in_matchup {
                    let down: Vec<_> = by_now.iter().filter(|d| !d.up).map(|d| d.card).collect();
                    let up: Vec<_> = by_now.iter().filter(|d| d.up).map(|d| d.card).collect();
                    let down_text = if down.is_empty() {
                        match self.range_of(&player.name) {
                            "random" | "" => "? ?".to_string(),
                            r => r.to_string(),
                        }
                    } else {
                        format_cards(&down)
                    };
                    seats.push(p.index);
                    ranges.push(
                        format!("({down_text}) {}", format_cards(&up))
                            .trim()
                            .to_string(),
                    );
                } else {
                    for d in by_now {
                        dead.insert(d.card);
                    }
                }
                continue;
            }
            let known = player.cards.len() == hole;
            if p.in_hand && (!p.folds_here || closing < 2) {
                seats.push(p.index);
                ranges.push(if known {
                    format_cards(&player.cards)
                } else {
                    self.range_of(&player.name).to_string()
                });
            } else {
                for &c in &player.cards {
                    dead.insert(c);
                }
            }
        }
        // A card thrown and dealt again after a reshuffle is held, not dead.
        let dead = dead.difference(kept);
        Ok(HandSpot {
            street: s.street,
            seats,
            ranges,
            board: format_cards(&s.board),
            dead: format_cards(&dead.to_vec_desc()),
            hand,
        })
    }

    /// Each player still in at the street shown, as results label them: the name and the
    /// cards or range (`Hero AcAs`); empty when the hand cannot be read.
    pub fn seat_labels(&self) -> Vec<String> {
        let Ok(spot) = self.spot() else {
            return Vec::new();
        };
        spot.seats
            .iter()
            .zip(&spot.ranges)
            .map(|(&p, range)| format!("{} {range}", spot.hand.players[p].name))
            .collect()
    }

    /// The equity of the players still in at the street shown.
    pub fn validate(&self) -> Result<MatchupJob, Vec<ScenarioError>> {
        self.matchup_of(&self.spot()?)
    }

    /// The matchup of the players still in at a spot read from these inputs.
    pub fn matchup_of(&self, spot: &HandSpot) -> Result<MatchupJob, Vec<ScenarioError>> {
        let Some(game) = spot.hand.game.game else {
            let why = spot.hand.game.no_equity.clone().unwrap_or_default();
            return Err(vec![invalid("text", why)]);
        };
        if spot.seats.len() < 2 {
            return Err(vec![invalid(
                "street",
                "one player is left: the pot is theirs, there is no equity to compute".into(),
            )]);
        }
        if game.is_stud() {
            return stud_matchup(spot, game);
        }
        if game.is_draw() {
            return draw_matchup(spot, game);
        }
        let mut problems = Vec::new();
        let mut seats = Vec::new();
        for (k, &p) in spot.seats.iter().enumerate() {
            let name = &spot.hand.players[p].name;
            let field = self
                .ranges
                .iter()
                .position(|r| &r.player == name)
                .map_or_else(|| "text".to_string(), |i| format!("ranges[{i}]"));
            if let Some(r) = seat_range(&field, &spot.ranges[k], game, &mut problems) {
                seats.push(r);
            }
        }
        let board = CardSet::parse(&spot.board).unwrap_or(CardSet::EMPTY);
        let dead = CardSet::parse(&spot.dead).unwrap_or(CardSet::EMPTY);
        if !problems.is_empty() {
            return Err(problems);
        }
        MatchupJob::new(game, seats, Vec::new(), board, dead).map_err(hand_problems)
    }
}

/// A stud street's matchup: each player still in as the cards dealt by then (down cards
/// unknown where the text does not show them), the folded players' cards dead.
fn stud_matchup(
    spot: &HandSpot,
    game: crate::cards::Game,
) -> Result<MatchupJob, Vec<ScenarioError>> {
    use crate::equity::games::stud::StudSeat;
    use crate::equity::games::MatchupSeats;
    if let Some(&p) = spot
        .seats
        .iter()
        .find(|&&p| spot.hand.players[p].dealt.is_empty())
    {
        return Err(vec![invalid(
            "text",
            format!(
                "{} stud hands are read for their money; which of {}'s cards were dealt up is not read from them yet",
                spot.hand.site, spot.hand.players[p].name
            ),
        )]);
    }
    let mut problems = Vec::new();
    let mut seats = Vec::new();
    for text in &spot.ranges {
        match StudSeat::split_written(text).and_then(|(down, up)| StudSeat::parse(&down, &up)) {
            Ok(seat) => seats.push(seat),
            Err(e) => problems.push(invalid("text", e.message)),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let dead = CardSet::parse(&spot.dead).unwrap_or(CardSet::EMPTY);
    MatchupJob::build(game, MatchupSeats::Stud(seats), dead).map_err(hand_problems)
}

/// What a draw game's player keeps for the draw after betting round `street`: the
/// observer's hand less the cards it throws next (those become dead), a shown hand that
/// stands pat whole, and nothing for a hand the text does not show (drawing all five is
/// how an unseen hand looks from outside). After the last draw a known hand keeps all.
/// The cards thrown by now that the text shows are dead. A hand the text garbles (not
/// `hole` cards, or throwing a card it does not hold) counts as unseen.
fn draw_keeps(
    player: &crate::history::Player,
    street: usize,
    hole: usize,
    dead: &mut CardSet,
) -> Vec<crate::cards::Card> {
    for d in player.discards.iter().filter(|d| d.street <= street) {
        for &c in &d.cards {
            dead.insert(c);
        }
    }
    let Some(now) = player.draw_hand_at(street).filter(|h| h.len() == hole) else {
        return Vec::new();
    };
    match player.draw_at(street + 1) {
        None => now,
        Some(d) if d.count == 0 => now,
        Some(d) if d.cards.len() == d.count && d.cards.iter().all(|c| now.contains(c)) => {
            for &c in &d.cards {
                dead.insert(c);
            }
            now.into_iter().filter(|c| !d.cards.contains(c)).collect()
        }
        Some(_) => Vec::new(),
    }
}

/// A draw game's matchup: each player still in as the cards it keeps (`-`: none), the
/// cards seen thrown or folded dead.
fn draw_matchup(
    spot: &HandSpot,
    game: crate::cards::Game,
) -> Result<MatchupJob, Vec<ScenarioError>> {
    use crate::equity::games::MatchupSeats;
    let mut seats = Vec::new();
    for text in &spot.ranges {
        let keeps = if text == "-" {
            Vec::new()
        } else {
            match CardSet::parse(text) {
                Ok(set) => set.to_vec_desc(),
                Err(e) => return Err(vec![invalid("text", e.to_string())]),
            }
        };
        seats.push(keeps);
    }
    let dead = CardSet::parse(&spot.dead).unwrap_or(CardSet::EMPTY);
    MatchupJob::build(game, MatchupSeats::Draw(seats), dead).map_err(hand_problems)
}

/// A matchup's refusal as the Hand view's problems: none of its fields is a seat's own
/// (the hand's text is where every seat comes from).
fn hand_problems(e: crate::equity::EquityError) -> Vec<ScenarioError> {
    let mut problems = Vec::new();
    placed(e, |_| None, &mut problems);
    problems
}
