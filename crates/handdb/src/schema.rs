//! The database's tables, made on first open and checked on every open.

use rusqlite::Connection;

/// The schema's version (SQLite's `user_version`); a database of a later version is
/// refused rather than misread.
const VERSION: i64 = 1;

const TABLES: &str = "
CREATE TABLE IF NOT EXISTS hands (
    id INTEGER PRIMARY KEY,
    site TEXT NOT NULL,
    hand_id TEXT NOT NULL,
    file TEXT NOT NULL,
    line INTEGER NOT NULL,
    game TEXT NOT NULL,
    game_key TEXT,
    stakes TEXT NOT NULL,
    currency TEXT NOT NULL,
    date TEXT NOT NULL,
    played_at TEXT,
    table_name TEXT NOT NULL,
    players INTEGER NOT NULL,
    pot REAL NOT NULL,
    rake REAL NOT NULL,
    hero TEXT,
    position TEXT,
    hero_cards TEXT NOT NULL,
    hero_net REAL NOT NULL,
    hero_adjusted REAL NOT NULL,
    adjusted INTEGER NOT NULL,
    adjustment_note TEXT,
    all_in INTEGER NOT NULL,
    showdown INTEGER NOT NULL,
    warnings TEXT NOT NULL,
    text TEXT NOT NULL,
    UNIQUE (site, hand_id)
);
CREATE INDEX IF NOT EXISTS hands_played_at ON hands (played_at, site, hand_id);
CREATE TABLE IF NOT EXISTS files (
    path TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    modified INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    refused INTEGER NOT NULL
);
";

/// Makes the tables when missing and checks the version. WAL: readers (the window's
/// list) go on while an import writes, and a write cut short is rolled back on open.
pub(crate) fn prepare(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > VERSION {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_NOTADB),
            Some(format!(
                "made by a later MultiOdds (schema {version}; this one reads {VERSION})"
            )),
        ));
    }
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.execute_batch(TABLES)?;
    conn.pragma_update(None, "user_version", VERSION)?;
    Ok(())
}
