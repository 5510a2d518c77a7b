//! Choosing hands as a tracker does: site, game, stakes, currency, a date range, the
//! hero's position, all-in hands, hands that went to showdown, and the hero's cards in a
//! range. Every field is checked before the database is asked, and a bad one is named.

use super::StoredHand;
use multiodds_engine::history::date;
use multiodds_engine::history::session::{CardsFilter, HandRow};
use rusqlite::types::Value;
use rusqlite::Connection;

/// Which hands to list. Empty fields choose every hand.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Filter {
    /// The site, as the list names it (`Winamax`, `PokerStars`); any case.
    pub site: String,
    /// The game: the engine's key (`holdem`, `omaha`) or words of the site's name for it
    /// (`Hold'em No Limit`).
    pub game: String,
    /// The stakes as written (`$0.10/$0.25`), or part of them.
    pub stakes: String,
    /// The currency: its sign (`$`, `€`), or `chips` for tournament and play chips.
    pub currency: String,
    /// The first day (`2012-11-28`, or with a time).
    pub from: String,
    /// The last day, included (`2012-11-30`, or with a time).
    pub to: String,
    /// The hero's position (`BTN`, `SB`, `BB`, `UTG`, `CO` …).
    pub position: String,
    /// Only hands with an all-in.
    pub all_in: bool,
    /// Only hands that went to showdown.
    pub showdown: bool,
    /// The hero's cards in this range (`QQ+, AKs`; in Omaha `AA**`).
    pub cards: String,
    /// The hero, by name (default: whoever each hand was dealt to).
    pub hero: String,
}

/// A filter field that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {why}")]
pub struct FilterError {
    /// The field (`from`, `cards` …).
    pub field: &'static str,
    /// What is wrong with it.
    pub why: String,
}

impl Filter {
    /// Checks every field: dates read, the range reads in every game it may meet.
    pub fn check(&self) -> Result<(), FilterError> {
        day_bound(&self.from, "from", false)?;
        day_bound(&self.to, "to", true)?;
        if let Some(why) = CardsFilter::problem(&self.cards) {
            return Err(FilterError {
                field: "cards",
                why,
            });
        }
        const POSITIONS: [&str; 11] = [
            "BTN", "SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "MP", "",
        ];
        if !POSITIONS
            .iter()
            .any(|p| p.eq_ignore_ascii_case(self.position.trim()))
        {
            return Err(FilterError {
                field: "position",
                why: format!(
                    "`{}` is not a position (BTN, SB, BB, UTG, UTG+1, UTG+2, LJ, HJ, CO, MP)",
                    self.position.trim()
                ),
            });
        }
        Ok(())
    }
}

/// [`date::day_bound`], its message placed at `field`.
fn day_bound(text: &str, field: &'static str, end: bool) -> Result<Option<String>, FilterError> {
    date::day_bound(text, end).map_err(|why| FilterError { field, why })
}

const COLUMNS: &str = "id, file, line, site, hand_id, game, game_key, stakes, currency, date,
    players, pot, hero, hero_net, hero_adjusted, adjusted, adjustment_note, all_in, showdown,
    warnings, played_at, position, hero_cards, rake";

fn stored(r: &rusqlite::Row<'_>) -> rusqlite::Result<StoredHand> {
    let warnings: String = r.get(19)?;
    Ok(StoredHand {
        db_id: r.get(0)?,
        played_at: r.get(20)?,
        position: r.get(21)?,
        hero_cards: r.get(22)?,
        rake: r.get(23)?,
        row: HandRow {
            file: r.get(1)?,
            line: r.get::<_, i64>(2)? as usize,
            site: r.get(3)?,
            id: r.get(4)?,
            game: r.get(5)?,
            game_key: r.get(6)?,
            stakes: r.get(7)?,
            currency: r.get(8)?,
            date: r.get(9)?,
            players: r.get::<_, i64>(10)? as usize,
            pot: r.get(11)?,
            hero: r.get(12)?,
            hero_net: r.get(13)?,
            hero_adjusted: r.get(14)?,
            adjusted: r.get(15)?,
            adjustment_note: r.get(16)?,
            all_in: r.get(17)?,
            showdown: r.get(18)?,
            warnings: warnings
                .lines()
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect(),
            played_at: r.get(20)?,
            position: r.get(21)?,
            hero_cards: r.get(22)?,
        },
    })
}

/// The hand stored as `db_id`.
pub(crate) fn one(conn: &Connection, db_id: i64) -> rusqlite::Result<Option<StoredHand>> {
    use rusqlite::OptionalExtension;
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM hands WHERE id = ?1"),
        [db_id],
        stored,
    )
    .optional()
}

/// The hands `filter` selects, in date order. The filter is expected checked
/// ([`Filter::check`]); a field that does not read chooses nothing.
pub(crate) fn list(conn: &Connection, filter: &Filter) -> rusqlite::Result<Vec<StoredHand>> {
    let mut wheres: Vec<String> = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    // Each `?` of a clause takes the next of its values, numbered as SQLite binds them.
    let mut add = |clause: &str, vs: Vec<Value>| {
        let mut numbered = String::with_capacity(clause.len() + 4);
        let mut vs = vs.into_iter();
        for c in clause.chars() {
            if c == '?' {
                values.push(vs.next().expect("a value for every `?`"));
                numbered.push_str(&format!("?{}", values.len()));
            } else {
                numbered.push(c);
            }
        }
        wheres.push(numbered);
    };
    let site = filter.site.trim();
    if !site.is_empty() {
        add("site = ? COLLATE NOCASE", vec![Value::Text(site.into())]);
    }
    let game = filter.game.trim();
    if !game.is_empty() {
        add(
            "(game_key = ? COLLATE NOCASE OR game LIKE ?)",
            vec![Value::Text(game.into()), Value::Text(format!("%{game}%"))],
        );
    }
    let stakes = filter.stakes.trim();
    if !stakes.is_empty() {
        add("stakes LIKE ?", vec![Value::Text(format!("%{stakes}%"))]);
    }
    let currency = filter.currency.trim();
    if !currency.is_empty() {
        let sign = if currency.eq_ignore_ascii_case("chips") {
            ""
        } else {
            currency
        };
        add("currency = ?", vec![Value::Text(sign.into())]);
    }
    if let Ok(Some(from)) = day_bound(&filter.from, "from", false) {
        add("played_at >= ?", vec![Value::Text(from)]);
    }
    if let Ok(Some(to)) = day_bound(&filter.to, "to", true) {
        add("played_at <= ?", vec![Value::Text(to)]);
    }
    let position = filter.position.trim();
    if !position.is_empty() {
        add(
            "position = ? COLLATE NOCASE",
            vec![Value::Text(position.into())],
        );
    }
    let hero = filter.hero.trim();
    if !hero.is_empty() {
        add("hero = ?", vec![Value::Text(hero.into())]);
    }
    if filter.all_in {
        add("all_in = 1", Vec::new());
    }
    if filter.showdown {
        add("showdown = 1", Vec::new());
    }
    let sql = format!(
        "SELECT {COLUMNS} FROM hands {} ORDER BY played_at IS NULL, played_at, site, hand_id",
        if wheres.is_empty() {
            String::new()
        } else {
            format!("WHERE {}", wheres.join(" AND "))
        }
    );
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(rusqlite::params_from_iter(values), stored)?;
    let mut out = Vec::new();
    let mut cards = CardsFilter::new(&filter.cards);
    for r in rows {
        let r = r?;
        if cards.holds(r.row.game_key.as_deref(), &r.hero_cards) {
            out.push(r);
        }
    }
    Ok(out)
}
