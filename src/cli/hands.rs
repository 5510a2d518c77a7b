//! `multiodds hands FILE…`: hand histories read into per-hand rows (actual and all-in
//! adjusted results for the hero), totals per currency, and each hand not read with its
//! file, line and why — as text, JSON or CSV.
//!
//! Rows are written as they are read, never gathered: a month of hands (or a million)
//! takes the memory of one file's text, and no hand is dropped for want of room. The
//! refusals are listed up to [`LISTED_REFUSALS`] and counted past that, which the output
//! says. Ctrl-C ends the reading after the file in hand, and every format says so.

use super::progress::INTERRUPTED;
use super::CliError;
use multiodds::history::allin::AdjustSettings;
use multiodds::history::session::{files_under, rows_table, CurrencyTotals, SessionReader};
use multiodds::history::Refusal;
use serde_json::json;
use std::io::Write;
use std::sync::atomic::Ordering;

/// The refusals listed one by one; past these they are counted (600,000 refusals of a
/// broken file would otherwise take a gigabyte).
pub(super) const LISTED_REFUSALS: usize = 10_000;

/// The output's shape.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Csv,
}

/// Runs the command, writing to stdout as it reads; returns an empty string (the
/// output is already written).
pub(super) fn hands_command(
    paths: &[std::path::PathBuf],
    hero: Option<&str>,
    json: bool,
    csv: bool,
) -> Result<String, CliError> {
    let files = files_under(paths);
    if files.is_empty() {
        return Err(CliError::Usage(
            "no hand-history files there (folders are searched for files holding hands)".into(),
        ));
    }
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let format = match (json, csv) {
        (true, _) => Format::Json,
        (_, true) => Format::Csv,
        _ => Format::Text,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match write_session(&mut out, &files, hero, format).and_then(|()| out.flush()) {
        Ok(()) => Ok(String::new()),
        // `| head` closed the pipe: it wanted no more.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(String::new()),
        Err(e) => Err(CliError::Usage(format!("cannot write the output: {e}"))),
    }
}

/// Reads `files` one at a time and writes each row as it comes, then the totals, the
/// refusals and why the reading stopped early, if it did.
///
/// One function because the rows stream out as they are read, then the totals and refusals,
/// in one pass over the files.
fn write_session(
    out: &mut impl Write,
    files: &[std::path::PathBuf],
    hero: Option<&str>,
    format: Format,
) -> std::io::Result<()> {
    let settings = AdjustSettings::default();
    let mut reader = SessionReader::new(hero, &settings);
    let mut totals = CurrencyTotals::default();
    let mut refused: Vec<Refusal> = Vec::new();
    let mut refused_count = 0usize;
    let mut files_read = 0usize;
    let mut stopped: Option<String> = None;
    let mut first_row = true;
    match format {
        Format::Json => out.write_all(b"{\n\"hands\": [")?,
        Format::Csv => write_csv_row(out, &rows_table(std::iter::empty())[0])?,
        Format::Text => {}
    }
    let mut failed: Option<std::io::Error> = None;
    for f in files {
        if INTERRUPTED.load(Ordering::SeqCst) {
            stopped = Some(format!(
                "interrupted by Ctrl-C after {files_read} of {} files; the hands listed are those read",
                files.len()
            ));
            break;
        }
        reader.read_file(f, |item| {
            if failed.is_some() {
                return;
            }
            let written = match item {
                Ok(row) => {
                    totals.add(&row);
                    let r = write_row(out, &row, format, first_row);
                    first_row = false;
                    r
                }
                Err(r) => {
                    refused_count += 1;
                    if refused.len() < LISTED_REFUSALS {
                        refused.push(r);
                    }
                    Ok(())
                }
            };
            if let Err(e) = written {
                failed = Some(e);
            }
        });
        if let Some(e) = failed.take() {
            return Err(e);
        }
        files_read += 1;
    }
    let unlisted = refused_count - refused.len();
    match format {
        Format::Json => {
            out.write_all(b"\n],\n\"refused\": ")?;
            serde_json::to_writer_pretty(&mut *out, &refused)?;
            let tail = json!({
                "refused_count": refused_count,
                "refused_not_listed": unlisted,
                "files": files_read,
                "files_given": files.len(),
                "totals": totals_json(&totals),
                "complete": stopped.is_none(),
                "stopped": stopped,
            });
            let tail = serde_json::to_string_pretty(&tail).expect("plain data");
            // The tail's fields join the open object.
            out.write_all(b",\n")?;
            out.write_all(tail.trim_start_matches('{').as_bytes())?;
            out.write_all(b"\n")?;
        }
        Format::Csv => {
            // Comment lines after the rows, as the other CSV exports carry their notes.
            for (c, t) in &totals.currencies {
                writeln!(
                    out,
                    "# total {}: {} hands, hero net {:.2}, all-in adjusted {:.2}",
                    c.name, t.hands, t.hero_net, t.hero_adjusted
                )?;
            }
            if refused_count > 0 {
                writeln!(
                    out,
                    "# {refused_count} hands not read (run without --csv for each reason)"
                )?;
            }
            if let Some(why) = &stopped {
                writeln!(out, "# partial: {why}")?;
            }
        }
        Format::Text => {
            let hands = totals.hands();
            let all_in: usize = totals.currencies.iter().map(|(_, t)| t.all_in_hands).sum();
            let adjusted: usize = totals
                .currencies
                .iter()
                .map(|(_, t)| t.adjusted_hands)
                .sum();
            writeln!(
                out,
                "\n{hands} hands from {files_read} files: {all_in} with an all-in, {adjusted} adjusted"
            )?;
            for (c, t) in &totals.currencies {
                writeln!(
                    out,
                    "{}: {} hands, hero net {:+.2}, all-in adjusted {:+.2}",
                    c.name, t.hands, t.hero_net, t.hero_adjusted
                )?;
            }
            if let Some(why) = &stopped {
                writeln!(out, "\npartial: {why}")?;
            }
            if refused_count > 0 {
                writeln!(out, "\n{refused_count} not read:")?;
                for r in &refused {
                    writeln!(out, "  {r}")?;
                }
                if unlisted > 0 {
                    writeln!(out, "  … and {unlisted} more, not listed")?;
                }
            }
        }
    }
    Ok(())
}

/// The totals in JSON: one object per currency, never a sum across them.
pub(super) fn totals_json(totals: &CurrencyTotals) -> serde_json::Value {
    json!({
        "hands": totals.hands(),
        "by_currency": totals.currencies.iter().map(|(c, t)| json!({
            "currency": c.name,
            "hands": t.hands,
            "all_in_hands": t.all_in_hands,
            "adjusted_hands": t.adjusted_hands,
            "hero_net": t.hero_net,
            "hero_adjusted": t.hero_adjusted,
        })).collect::<Vec<_>>(),
    })
}

fn write_row(
    out: &mut impl Write,
    r: &multiodds::history::session::HandRow,
    format: Format,
    first: bool,
) -> std::io::Result<()> {
    match format {
        Format::Json => {
            out.write_all(if first { b"\n" } else { b",\n" })?;
            serde_json::to_writer(&mut *out, r)?;
            Ok(())
        }
        Format::Csv => write_csv_row(out, &rows_table([r])[1]),
        Format::Text => writeln!(
            out,
            "{}:{}  #{}  {}  {}  hero {}  net {:+.2}{}",
            r.file,
            r.line,
            r.id,
            r.game,
            r.stakes,
            r.hero.as_deref().unwrap_or("-"),
            r.hero_net,
            if r.adjusted {
                format!("  all-in adjusted {:+.2}", r.hero_adjusted)
            } else {
                r.adjustment_note
                    .as_ref()
                    .map(|n| format!("  ({n})"))
                    .unwrap_or_default()
            },
        ),
    }
}

fn write_csv_row(out: &mut impl Write, cells: &[String]) -> std::io::Result<()> {
    out.write_all(multiodds::equity::table_csv::rows_text(vec![cells.to_vec()]).as_bytes())
}
