//! The local hand database: hand histories imported once into SQLite and read back in a
//! moment, as trackers keep them.
//!
//! - Each hand is stored once, by site and hand number: importing the same file twice,
//!   or a file that has grown since, adds only the hands not yet there.
//! - Every file is imported in one transaction, committed before the next file: a
//!   killed import loses no hand of a file already committed, and the database opens.
//! - A hand keeps its text, so that it can be shown and replayed without its file, and
//!   its row of figures (the hero's actual and all-in adjusted result, position, cards,
//!   the pot, the rake and every seated player's figures).
//! - [`Filter`] selects hands as a tracker does (site, game, stakes, dates, position,
//!   all-in, showdown, the hero's cards in a range); totals are kept per currency.

mod filter;
mod import;
mod schema;

pub use filter::{Filter, FilterError};
pub use import::{ImportProgress, ImportReport};

use multiodds_engine::history::session::HandRow;
use multiodds_engine::history::{read_text, Hand};
use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// Why the database could not be used.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The file is not a MultiOdds hand database (another program's file, or damaged).
    #[error("{path}: not a MultiOdds hand database, or damaged ({why}); nothing was changed")]
    NotADatabase {
        /// The database's path.
        path: String,
        /// SQLite's words.
        why: String,
    },
    /// Another program holds the database (an import running elsewhere).
    #[error("{path}: the database is locked by another program (an import running?); try again when it ends")]
    Locked {
        /// The database's path.
        path: String,
    },
    /// Any other SQLite failure, with SQLite's words.
    #[error("{path}: {why}")]
    Sqlite {
        /// The database's path.
        path: String,
        /// SQLite's words.
        why: String,
    },
    /// The database's folder could not be made.
    #[error("cannot make the folder {path}: {why}")]
    Folder {
        /// The folder.
        path: String,
        /// Why.
        why: String,
    },
}

/// One hand as stored: its database number and its row of figures.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StoredHand {
    /// The database's number for the hand (`multiodds hands show ID`).
    pub db_id: i64,
    /// The date in sortable form (`2012-11-28 13:05:32`), when the text's date was read.
    pub played_at: Option<String>,
    /// The hero's position (`BTN`, `SB` …), when the game has a button and it is known.
    pub position: Option<String>,
    /// The hero's cards as text (`As Kd`), when known.
    pub hero_cards: String,
    /// The site's take (rake and other fees), in the hand's currency.
    pub rake: f64,
    /// The figures the list, graph, CSV and JSON show.
    pub row: HandRow,
}

/// A seated player's figures in one hand.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeatFigures {
    /// Seat number.
    pub seat: u8,
    /// Name.
    pub name: String,
    /// Chips at the start.
    pub stack: f64,
    /// Cards shown, as text.
    pub cards: String,
    /// Put in the pot.
    pub invested: f64,
    /// Taken from the pot.
    pub received: f64,
    /// The actual result.
    pub net: f64,
    /// The all-in adjusted result (the actual one when the hand is not adjusted).
    pub adjusted: f64,
    /// Sat out the hand.
    pub sitting_out: bool,
    /// Tournament prize money the hand states this player received (paid by the
    /// tournament, not part of `net`).
    pub prize: Option<f64>,
}

/// The database.
pub struct HandDb {
    conn: Connection,
    path: PathBuf,
}

impl HandDb {
    /// Where the database lives unless told: the user's data folder
    /// (`$XDG_DATA_HOME/multiodds/hands.sqlite`, else `~/.local/share/multiodds/…`).
    pub fn default_path() -> PathBuf {
        let base = std::env::var_os("XDG_DATA_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
            .unwrap_or_else(|| PathBuf::from("."));
        base.join("multiodds").join("hands.sqlite")
    }

    /// Opens (or makes) the database at `path`, its folder too. A file that is not a
    /// hand database is refused, never overwritten.
    pub fn open(path: &Path) -> Result<HandDb, DbError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| DbError::Folder {
                path: dir.display().to_string(),
                why: e.to_string(),
            })?;
        }
        let conn = Connection::open(path).map_err(|e| error(path, e))?;
        let db = HandDb {
            conn,
            path: path.to_path_buf(),
        };
        schema::prepare(&db.conn).map_err(|e| match error(path, e) {
            DbError::Sqlite { path, why } => DbError::NotADatabase { path, why },
            other => other,
        })?;
        Ok(db)
    }

    /// The database's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Hands stored.
    pub fn count(&self) -> Result<usize, DbError> {
        self.conn
            .query_row("SELECT COUNT(*) FROM hands", [], |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
            .map_err(|e| self.err(e))
    }

    /// The hands `filter` selects, oldest first (then by site and hand number; hands
    /// whose date was not read last).
    pub fn list(&self, filter: &Filter) -> Result<Vec<StoredHand>, DbError> {
        filter::list(&self.conn, filter).map_err(|e| self.err(e))
    }

    /// The hand stored as `db_id`: its row, the hand read again from its stored text,
    /// and every seated player's figures. `None` when there is no such hand.
    pub fn show(
        &self,
        db_id: i64,
    ) -> Result<Option<(StoredHand, Hand, Vec<SeatFigures>)>, DbError> {
        let Some(stored) = filter::one(&self.conn, db_id).map_err(|e| self.err(e))? else {
            return Ok(None);
        };
        let text: String = self
            .conn
            .query_row("SELECT text FROM hands WHERE id = ?1", [db_id], |r| {
                r.get(0)
            })
            .map_err(|e| self.err(e))?;
        let (mut hands, _) = read_text(&stored.row.file, &text);
        let Some(mut hand) = hands.pop() else {
            return Err(DbError::Sqlite {
                path: self.path.display().to_string(),
                why: format!("hand {db_id}'s stored text no longer reads as a hand"),
            });
        };
        hand.source.line = stored.row.line;
        let seats = import::seat_figures(&hand);
        Ok(Some((stored, hand, seats)))
    }

    /// The stored text of hand `db_id`, as the site wrote it.
    pub fn text(&self, db_id: i64) -> Result<Option<String>, DbError> {
        use rusqlite::OptionalExtension;
        self.conn
            .query_row("SELECT text FROM hands WHERE id = ?1", [db_id], |r| {
                r.get(0)
            })
            .optional()
            .map_err(|e| self.err(e))
    }

    fn err(&self, e: rusqlite::Error) -> DbError {
        error(&self.path, e)
    }
}

fn error(path: &Path, e: rusqlite::Error) -> DbError {
    let path = path.display().to_string();
    match &e {
        rusqlite::Error::SqliteFailure(f, _)
            if matches!(
                f.code,
                rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
            ) =>
        {
            DbError::Locked { path }
        }
        rusqlite::Error::SqliteFailure(f, _)
            if matches!(
                f.code,
                rusqlite::ErrorCode::NotADatabase | rusqlite::ErrorCode::DatabaseCorrupt
            ) =>
        {
            DbError::NotADatabase {
                path,
                why: e.to_string(),
            }
        }
        _ => DbError::Sqlite {
            path,
            why: e.to_string(),
        },
    }
}
