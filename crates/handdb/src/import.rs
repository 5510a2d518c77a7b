//! Importing files: each read on the worker pool (the hands, their rows and their text),
//! then written in one transaction per file, in the order given. A file unchanged since
//! its last import (same size and modification time) is not read again; a file that has
//! grown is read again and only its new hands are added (hands are unique by site and
//! hand number).

use super::{error, DbError, HandDb, SeatFigures};
use multiodds_engine::cards::format_cards;
use multiodds_engine::history::allin::{adjust, AdjustSettings};
use multiodds_engine::history::pots::money;
use multiodds_engine::history::session::{files_under, hand_row, HandRow};
use multiodds_engine::history::{decode_owned, read_text_checked, Hand, Refusal};
use rayon::prelude::*;
use rusqlite::params;
use std::path::{Path, PathBuf};

/// Where an import stands, after each file.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct ImportProgress {
    /// Files done (read or skipped as unchanged).
    pub files_done: usize,
    /// Files found.
    pub files_total: usize,
    /// Hands added so far.
    pub added: usize,
    /// Hands found already stored so far.
    pub repeated: usize,
    /// Hands (or files) refused so far.
    pub refused: usize,
}

/// What an import did.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct ImportReport {
    /// Files found under the paths.
    pub files: usize,
    /// Files gone through (read, or skipped as unchanged): all of them unless stopped.
    pub files_done: usize,
    /// Files not read again: unchanged since they were imported.
    pub unchanged: usize,
    /// Hands read.
    pub read: usize,
    /// Hands added to the database.
    pub added: usize,
    /// Hands read that were stored already (the same site and hand number).
    pub repeated: usize,
    /// Hands and files refused, with file, line and why (the first
    /// 10,000; `refused_count` counts them all).
    pub refused: Vec<Refusal>,
    /// Every refusal.
    pub refused_count: usize,
    /// Why the import stopped before the last file (asked to stop), if it did; what was
    /// committed before stays.
    pub stopped: Option<String>,
}

/// Refusals listed one by one in a report.
pub const LISTED_REFUSALS: usize = 10_000;

/// One hand ready to store.
struct Ready {
    row: HandRow,
    played_at: Option<String>,
    table: String,
    position: Option<String>,
    hero_cards: String,
    rake: f64,
    text: String,
}

/// One file read.
struct FileDone {
    path: PathBuf,
    size: i64,
    modified: i64,
    hands: Vec<Ready>,
    refused: Vec<Refusal>,
}

impl HandDb {
    /// Imports the hand-history files under `paths` (files, or folders searched by
    /// content). `hero` names the player whose results are kept (default: the player
    /// each hand was dealt to). `progress` after each file may stop the import by
    /// returning false; every file committed by then stays.
    pub fn import(
        &mut self,
        paths: &[PathBuf],
        hero: Option<&str>,
        mut progress: impl FnMut(&ImportProgress) -> bool,
    ) -> Result<ImportReport, DbError> {
        let files = files_under(paths);
        let mut report = ImportReport {
            files: files.len(),
            ..ImportReport::default()
        };
        let mut at = ImportProgress {
            files_total: files.len(),
            ..ImportProgress::default()
        };
        let settings = AdjustSettings::default();
        // Files in batches across the cores; each batch written in order.
        let batch = 2 * rayon::current_num_threads().max(1);
        for chunk in files.chunks(batch) {
            let todo: Vec<&PathBuf> = chunk
                .iter()
                .filter(|p| {
                    let unchanged = self.unchanged(p).unwrap_or(false);
                    if unchanged {
                        report.unchanged += 1;
                    }
                    !unchanged
                })
                .collect();
            let done: Vec<FileDone> = todo
                .par_iter()
                .map(|p| read_one(p, hero, &settings))
                .collect();
            at.files_done += chunk.len() - done.len();
            report.files_done = at.files_done;
            for file in done {
                report.read += file.hands.len();
                let added = self.store(&file)?;
                report.added += added;
                report.repeated += file.hands.len() - added;
                report.refused_count += file.refused.len();
                for r in file.refused {
                    if report.refused.len() < LISTED_REFUSALS {
                        report.refused.push(r);
                    }
                }
                at.files_done += 1;
                at.added = report.added;
                at.repeated = report.repeated;
                at.refused = report.refused_count;
                report.files_done = at.files_done;
                if !progress(&at) {
                    report.stopped = Some(format!(
                        "stopped after {} of {} files; the hands of those files are kept",
                        at.files_done, at.files_total
                    ));
                    return Ok(report);
                }
            }
        }
        Ok(report)
    }

    /// Whether `path` was imported as it is now (same size and modification time).
    fn unchanged(&self, path: &Path) -> Result<bool, DbError> {
        let Some((size, modified)) = stamp(path) else {
            return Ok(false);
        };
        let key = path.display().to_string();
        let found: Option<(i64, i64)> = {
            use rusqlite::OptionalExtension;
            self.conn
                .query_row(
                    "SELECT size, modified FROM files WHERE path = ?1",
                    [&key],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()
                .map_err(|e| self.err(e))?
        };
        Ok(found == Some((size, modified)))
    }

    /// Writes one file's hands and its stamp in one transaction; the hands added.
    fn store(&mut self, file: &FileDone) -> Result<usize, DbError> {
        let path = self.path.clone();
        let err = |e| error(&path, e);
        let tx = self.conn.transaction().map_err(err)?;
        let mut added = 0;
        {
            let mut insert = tx
                .prepare(
                    "INSERT OR IGNORE INTO hands (site, hand_id, file, line, game, game_key, stakes,
                     currency, date, played_at, table_name, players, pot, rake, hero, position,
                     hero_cards, hero_net, hero_adjusted, adjusted, adjustment_note, all_in,
                     showdown, warnings, text)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                     ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25)",
                )
                .map_err(err)?;
            for h in &file.hands {
                let r = &h.row;
                added += insert
                    .execute(params![
                        r.site,
                        r.id,
                        r.file,
                        r.line as i64,
                        r.game,
                        r.game_key,
                        r.stakes,
                        r.currency,
                        r.date,
                        h.played_at,
                        h.table,
                        r.players as i64,
                        r.pot,
                        h.rake,
                        r.hero,
                        h.position,
                        h.hero_cards,
                        r.hero_net,
                        r.hero_adjusted,
                        r.adjusted,
                        r.adjustment_note,
                        r.all_in,
                        r.showdown,
                        r.warnings.join("\n"),
                        h.text,
                    ])
                    .map_err(err)?;
            }
            tx.execute(
                "INSERT OR REPLACE INTO files (path, size, modified, hands, refused)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    file.path.display().to_string(),
                    file.size,
                    file.modified,
                    file.hands.len() as i64,
                    file.refused.len() as i64
                ],
            )
            .map_err(err)?;
        }
        tx.commit().map_err(err)?;
        Ok(added)
    }
}

/// A file's size and modification time (seconds), when it can be read.
fn stamp(path: &Path) -> Option<(i64, i64)> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_nanos() as i64;
    Some((meta.len() as i64, modified))
}

/// Reads one file: every hand with its row and its text, and the refusals.
fn read_one(path: &Path, hero: Option<&str>, settings: &AdjustSettings) -> FileDone {
    let (size, modified) = stamp(path).unwrap_or((-1, -1));
    let name = path.display().to_string();
    let mut done = FileDone {
        path: path.to_path_buf(),
        size,
        modified,
        hands: Vec::new(),
        refused: Vec::new(),
    };
    let bytes =
        match multiodds_engine::files::read_capped(path, multiodds_engine::history::MAX_FILE_BYTES)
        {
            Ok(b) => b,
            Err(_) => {
                // The reader words every way a file fails to read; let it say why.
                let r = multiodds_engine::history::read_file(path);
                done.refused = r.refused;
                return done;
            }
        };
    let text = match decode_owned(bytes) {
        Ok((text, _)) => text,
        Err(e) => {
            done.refused.push(Refusal {
                source: multiodds_engine::history::Source {
                    file: name.clone(),
                    line: 0,
                },
                line: 0,
                hand_id: None,
                reason: e.to_string(),
            });
            return done;
        }
    };
    let mut hands: Vec<Hand> = Vec::new();
    let mut starts: Vec<usize> = Vec::new();
    read_text_checked(&name, &text, |h| match h {
        Ok(hand) => {
            starts.push(hand.source.line);
            hands.push(hand);
        }
        Err(r) => {
            starts.push(r.source.line);
            done.refused.push(r);
        }
    });
    starts.sort_unstable();
    starts.dedup();
    let lines: Vec<&str> = text.lines().collect();
    let xml = text.contains("<session") && text.contains("<game gamecode=");
    for hand in hands {
        let kept = if xml {
            multiodds_engine::history::xml_game_at(&text, hand.source.line)
                .map(|(_, game)| game)
                .unwrap_or_default()
        } else {
            hand_text(&lines, &starts, hand.source.line)
        };
        done.hands.push(ready(&hand, hero, settings, kept));
    }
    done
}

/// The hand's lines as the file holds them: from its header to the next hand's.
fn hand_text(lines: &[&str], starts: &[usize], line: usize) -> String {
    let end = starts
        .iter()
        .find(|&&s| s > line)
        .map_or(lines.len(), |&s| s - 1);
    let from = line.saturating_sub(1).min(lines.len());
    let mut kept: Vec<&str> = lines[from..end.max(from)].to_vec();
    // A hand cut into by the next one's header on its line starts at that header.
    if let Some(first) = kept.first_mut() {
        let clean = first.trim_start_matches('\u{feff}');
        *first = match multiodds_engine::history::header_start(clean) {
            Some(at) => &clean[at..],
            None => clean,
        };
    }
    let mut text = kept.join("\n");
    while text.ends_with('\n') {
        text.pop();
    }
    text.push('\n');
    text
}

fn ready(hand: &Hand, hero: Option<&str>, settings: &AdjustSettings, text: String) -> Ready {
    let row = hand_row(hand, hero, settings);
    Ready {
        played_at: row.played_at.clone(),
        table: hand.table.clone(),
        position: row.position.clone(),
        hero_cards: row.hero_cards.clone(),
        rake: hand.summary.taken().as_f64(),
        text,
        row,
    }
}

/// Every seated player's figures in `hand`.
pub(crate) fn seat_figures(hand: &Hand) -> Vec<SeatFigures> {
    let m = money(hand);
    let adjusted = adjust(hand, &m, &AdjustSettings::default()).ok();
    hand.players
        .iter()
        .enumerate()
        .map(|(p, pl)| SeatFigures {
            seat: pl.seat,
            name: pl.name.clone(),
            stack: pl.stack.as_f64(),
            cards: format_cards(&pl.cards),
            invested: m.invested[p].as_f64(),
            received: m.received[p].as_f64(),
            net: m.net[p].as_f64(),
            adjusted: adjusted
                .as_ref()
                .map_or(m.net[p].as_f64(), |a| a.adjusted_net[p]),
            sitting_out: pl.sitting_out,
            prize: hand
                .prizes
                .iter()
                .filter(|(q, _)| *q == p)
                .map(|(_, a)| a.as_f64())
                .reduce(|a, b| a + b),
        })
        .collect()
}
