//! `multiodds hands FILE…`: hand histories read into per-hand rows (actual and all-in
//! adjusted results for the hero), session totals, and each hand not read with its file,
//! line and why — as text, JSON or CSV.

use super::CliError;
use multiodds::history::allin::AdjustSettings;
use multiodds::history::session::{files_under, read_session, Session, Totals};
use serde_json::json;

/// Runs the command: text by default, `--json` or `--csv`.
pub(super) fn hands_command(
    paths: &[std::path::PathBuf],
    hero: Option<&str>,
    json: bool,
    csv: bool,
) -> Result<String, CliError> {
    let files = files_under(paths);
    if files.is_empty() {
        return Err(CliError::Usage(
            "no hand-history files there (folders are searched for .txt files)".into(),
        ));
    }
    let session = read_session(
        &files,
        hero,
        &AdjustSettings::default(),
        multiodds::equity::memory::DEFAULT_MEMORY_BUDGET,
        |_, _, _, _| true,
    );
    let totals = Totals::of(&session.rows);
    if json {
        return Ok(serde_json::to_string_pretty(&json!({
            "files": session.files,
            "hands": session.rows,
            "refused": session.refused,
            "totals": totals,
        }))
        .expect("plain data"));
    }
    if csv {
        return Ok(multiodds::history::session::rows_csv(&session.rows));
    }
    Ok(text(&session, &totals))
}

fn text(session: &Session, totals: &Totals) -> String {
    let mut out = String::new();
    for r in &session.rows {
        out.push_str(&format!(
            "{}:{}  #{}  {}  {}  hero {}  net {:+.2}{}\n",
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
        ));
    }
    out.push_str(&format!(
        "\n{} hands from {} files: {} with an all-in, {} adjusted\nhero net {:+.2}, all-in adjusted {:+.2}\n",
        totals.hands,
        session.files,
        totals.all_in_hands,
        totals.adjusted_hands,
        totals.hero_net,
        totals.hero_adjusted
    ));
    if let Some(why) = &session.stopped {
        out.push_str(&format!("\npartial: {why}\n"));
    }
    if !session.refused.is_empty() {
        out.push_str(&format!("\n{} not read:\n", session.refused.len()));
        for r in &session.refused {
            out.push_str(&format!("  {r}\n"));
        }
    }
    out
}
