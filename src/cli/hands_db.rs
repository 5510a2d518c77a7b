//! `multiodds hands import|list|show`: the local hand database from the command line.
//! Import reports what it added, what was there already and what it refused; list
//! filters as a tracker does and totals per currency (never across them); show gives
//! one hand with every seated player's figures.

use super::args::{DbArgs, HandFilterArgs, HandsDb};
use super::hands::totals_json;
use super::progress::INTERRUPTED;
use super::CliError;
use multiodds::history::session::{rows_table, CurrencyTotals};
use multiodds_handdb::{Filter, HandDb, StoredHand};
use serde_json::json;
use std::sync::atomic::Ordering;

/// Runs one of the database's commands; the text to print.
pub(super) fn command(cmd: HandsDb) -> Result<String, CliError> {
    match cmd {
        HandsDb::Import {
            paths,
            hero,
            db,
            json,
        } => import(&paths, hero.as_deref(), &db, json),
        HandsDb::List {
            filter,
            db,
            json,
            csv,
        } => list(&filter, &db, json, csv),
        HandsDb::Show { id, db, json } => show(id, &db, json),
    }
}

fn open(db: &DbArgs) -> Result<HandDb, CliError> {
    let path = db.db.clone().unwrap_or_else(HandDb::default_path);
    HandDb::open(&path).map_err(|e| CliError::Usage(e.to_string()))
}

fn import(
    paths: &[std::path::PathBuf],
    hero: Option<&str>,
    db: &DbArgs,
    json: bool,
) -> Result<String, CliError> {
    let mut db = open(db)?;
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let started = std::time::Instant::now();
    let mut last_note = std::time::Instant::now();
    let report = db
        .import(paths, hero, |p| {
            if !json && last_note.elapsed().as_millis() >= 500 {
                eprintln!(
                    "{} of {} files: {} hands added, {} already there, {} refused",
                    p.files_done, p.files_total, p.added, p.repeated, p.refused
                );
                last_note = std::time::Instant::now();
            }
            !INTERRUPTED.load(Ordering::SeqCst)
        })
        .map_err(|e| CliError::Usage(e.to_string()))?;
    if report.files == 0 {
        return Err(CliError::Usage(
            "no hand-history files there (folders are searched for files holding hands)".into(),
        ));
    }
    let stored = db.count().map_err(|e| CliError::Usage(e.to_string()))?;
    if json {
        let mut v = serde_json::to_value(&report).expect("plain data");
        v["database"] = json!(db.path().display().to_string());
        v["stored"] = json!(stored);
        v["complete"] = json!(report.stopped.is_none());
        return Ok(serde_json::to_string_pretty(&v).expect("plain data"));
    }
    let mut out = format!(
        "{} files ({} unchanged since their last import): {} hands read, {} added, {} already stored; {} refused\n{} hands in {} ({:.1} s)\n",
        report.files,
        report.unchanged,
        report.read,
        report.added,
        report.repeated,
        report.refused_count,
        stored,
        db.path().display(),
        started.elapsed().as_secs_f64()
    );
    if let Some(why) = &report.stopped {
        out.push_str(&format!("partial: {why}\n"));
    }
    if report.refused_count > 0 {
        out.push_str(&format!("\n{} not read:\n", report.refused_count));
        for r in &report.refused {
            out.push_str(&format!("  {r}\n"));
        }
        let unlisted = report.refused_count - report.refused.len();
        if unlisted > 0 {
            out.push_str(&format!("  … and {unlisted} more, not listed\n"));
        }
    }
    Ok(out)
}

fn filter_of(a: &HandFilterArgs) -> Filter {
    Filter {
        site: a.site.clone(),
        game: a.game.clone(),
        stakes: a.stakes.clone(),
        currency: a.currency.clone(),
        from: a.from.clone(),
        to: a.to.clone(),
        position: a.position.clone(),
        all_in: a.all_in,
        showdown: a.showdown,
        cards: a.cards.clone(),
        hero: a.hero.clone(),
    }
}

fn list(a: &HandFilterArgs, db: &DbArgs, json: bool, csv: bool) -> Result<String, CliError> {
    let filter = filter_of(a);
    filter
        .check()
        .map_err(|e| CliError::Usage(format!("--{}", e)))?;
    let db = open(db)?;
    let hands = db
        .list(&filter)
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let totals = CurrencyTotals::of(hands.iter().map(|h| &h.row));
    if json {
        let v = json!({
            "database": db.path().display().to_string(),
            "hands": hands,
            "totals": totals_json(&totals),
        });
        return Ok(serde_json::to_string_pretty(&v).expect("plain data"));
    }
    if csv {
        let mut table = rows_table(hands.iter().map(|h| &h.row));
        for (cells, h) in table
            .iter_mut()
            .zip(std::iter::once(None).chain(hands.iter().map(Some)))
        {
            let extra = match h {
                None => ["id", "played_at", "position", "hero_cards", "rake"].map(String::from),
                Some(h) => [
                    h.db_id.to_string(),
                    h.played_at.clone().unwrap_or_default(),
                    h.position.clone().unwrap_or_default(),
                    h.hero_cards.clone(),
                    format!("{:.2}", h.rake),
                ],
            };
            cells.splice(0..0, extra);
        }
        return Ok(multiodds::equity::table_csv::rows_text(table));
    }
    let mut out = String::new();
    for h in &hands {
        out.push_str(&text_row(h));
        out.push('\n');
    }
    let all_in: usize = totals.currencies.iter().map(|(_, t)| t.all_in_hands).sum();
    out.push_str(&format!(
        "\n{} hands ({} with an all-in)\n",
        totals.hands(),
        all_in
    ));
    for (c, t) in &totals.currencies {
        out.push_str(&format!(
            "{}: {} hands, hero net {:+.2}, all-in adjusted {:+.2}\n",
            c.name, t.hands, t.hero_net, t.hero_adjusted
        ));
    }
    Ok(out)
}

fn text_row(h: &StoredHand) -> String {
    let r = &h.row;
    format!(
        "{:>7}  {}  {:<10} #{}  {}  {}  {:<4} {:<12} net {:+.2}{}",
        h.db_id,
        h.played_at.as_deref().unwrap_or(&r.date),
        r.site,
        r.id,
        r.game,
        r.stakes,
        h.position.as_deref().unwrap_or("-"),
        if h.hero_cards.is_empty() {
            "-"
        } else {
            &h.hero_cards
        },
        r.hero_net,
        if r.adjusted {
            format!("  all-in adjusted {:+.2}", r.hero_adjusted)
        } else {
            String::new()
        }
    )
}

fn show(id: i64, db: &DbArgs, json: bool) -> Result<String, CliError> {
    let db = open(db)?;
    let Some((stored, hand, seats)) = db.show(id).map_err(|e| CliError::Usage(e.to_string()))?
    else {
        return Err(CliError::Usage(format!(
            "no hand {id} in {} (`multiodds hands list` gives the numbers)",
            db.path().display()
        )));
    };
    let text = db
        .text(id)
        .map_err(|e| CliError::Usage(e.to_string()))?
        .unwrap_or_default();
    let currency = multiodds::history::session::Currency::of(&hand.currency).name;
    if json {
        let v = json!({
            "id": id,
            "hand": stored,
            "currency": currency,
            "rake": hand.summary.rake().as_f64(),
            "taken": hand.summary.taken().as_f64(),
            "pot": stored.row.pot,
            "players": seats,
            "text": text,
        });
        return Ok(serde_json::to_string_pretty(&v).expect("plain data"));
    }
    let mut out = format!(
        "{}\n{} in {}; pot {:.2}, site's take {:.2}\n\n",
        text_row(&stored),
        stored.row.game,
        currency,
        stored.row.pot,
        hand.summary.taken().as_f64()
    );
    for s in &seats {
        out.push_str(&format!(
            "seat {:>2}  {:<20} {:<12} in {:>10.2}  won {:>10.2}  net {:>+10.2}  adjusted {:>+10.2}{}\n",
            s.seat,
            s.name,
            if s.cards.is_empty() { "-" } else { &s.cards },
            s.invested,
            s.received,
            s.net,
            s.adjusted,
            if s.sitting_out { "  (sat out)" } else { "" }
        ));
    }
    out.push('\n');
    out.push_str(&text);
    Ok(out)
}
