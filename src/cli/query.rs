//! `multiodds query`: a query in the poker query language answered by the engine
//! (`multiodds::query`), each statement's figures as a table or one JSON object.

use super::progress::run_with_progress;
use super::{args::RunArgs, json, settings, CliError};
use multiodds::equity::Method;
use multiodds::query::{Answer, Query};
use std::time::Duration;

/// How long a query may run when `--time-ms` does not say: every run ends.
const DEFAULT_QUERY_TIME: Duration = Duration::from_secs(30);

/// The longest query file read (a query is a few lines).
const MAX_QUERY_FILE: u64 = multiodds::scenario::inputs::MAX_QUERY_BYTES as u64;

pub(super) fn query_command(
    text: Option<String>,
    file: Option<std::path::PathBuf>,
    run: &RunArgs,
    (as_json, as_csv): (bool, bool),
) -> Result<String, CliError> {
    let text = match (text, file) {
        (Some(text), _) => text,
        (None, Some(path)) => read_query_file(&path)?,
        (None, None) => return Err(CliError::Usage("give a query, or --file FILE".into())),
    };
    let text = text.as_str();
    let query = Query::parse(text).map_err(|e| refused(text, e))?;
    let mut settings = settings(run)?;
    if run.time_ms.is_none() {
        settings.time_limit = Some(DEFAULT_QUERY_TIME);
    }
    let (answers, _) = run_with_progress(query, settings, run.threads, !(as_json || run.quiet))
        .map_err(|e| match e {
            // The engine's refusal of a statement (exact work past the budget).
            CliError::Equity(e) => CliError::Query {
                error: multiodds::query::QueryError {
                    message: e.to_string(),
                    column: None,
                },
                caret: None,
            },
            other => other,
        })?;
    if as_csv {
        return Ok(multiodds::query::answers_csv(&answers, text, run.seed));
    }
    Ok(print(&answers, as_json))
}

/// A query file's text: a regular file of at most [`MAX_QUERY_FILE`] bytes of UTF-8.
fn read_query_file(path: &std::path::Path) -> Result<String, CliError> {
    use multiodds::files::Refused;
    let why = match multiodds::files::read_capped(path, MAX_QUERY_FILE) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => return Ok(text),
            Err(_) => "not UTF-8 text".to_string(),
        },
        Err(Refused::Io(e)) => e.to_string(),
        Err(Refused::Folder | Refused::NotRegular) => "not a regular file".to_string(),
        Err(Refused::TooLarge(bytes)) => {
            format!("{bytes} bytes; a query file is at most {MAX_QUERY_FILE} bytes")
        }
        Err(Refused::Grew) => format!("it grew past {MAX_QUERY_FILE} bytes while read"),
    };
    Err(CliError::Usage(format!("--file {}: {why}", path.display())))
}

/// A query's refusal, with a caret under its column in `text`.
fn refused(text: &str, error: multiodds::query::QueryError) -> CliError {
    CliError::Query {
        caret: error
            .column
            .map(|c| multiodds::cards::caret_line(text, c, &error.message)),
        error,
    }
}

/// Every statement's answer: one JSON object, or a table per statement.
pub(super) fn print(answers: &[Answer], as_json: bool) -> String {
    if as_json {
        let answers: Vec<serde_json::Value> = answers.iter().map(answer_json).collect();
        return json::line(&serde_json::json!({ "answers": answers }));
    }
    answers
        .iter()
        .enumerate()
        .map(|(i, a)| table(i, a))
        .collect()
}

/// An answer as JSON: exact numbers in full, a partial run marked.
fn answer_json(a: &Answer) -> serde_json::Value {
    let estimate = |e: Option<multiodds::query::Estimate>| {
        e.map(|e| serde_json::json!({ "value": json::exact(e.value), "std_error": json::exact(e.std_error) }))
    };
    serde_json::json!({
        "game": a.game,
        "method": a.method.key(),
        "deals": a.deals,
        "stopped": a.stopped,
        "partial": a.stopped_early(),
        "condition": estimate(a.condition),
        "figures": a.figures.iter().map(|f| serde_json::json!({
            "name": f.name,
            "aggregate": f.aggregate.key(),
            "value": f.estimate.map(|e| json::exact(e.value)),
            "std_error": f.estimate.map(|e| json::exact(e.std_error)),
            "buckets": (!f.buckets.is_empty()).then(|| f.buckets.iter().map(|b| serde_json::json!({
                "value": json::exact(b.value),
                "label": b.label,
                "chance": json::exact(b.chance.value),
                "std_error": json::exact(b.chance.std_error),
            })).collect::<Vec<_>>()),
        })).collect::<Vec<_>>(),
    })
}

/// An answer as a table: how it was reached, the condition's probability, each figure.
fn table(i: usize, a: &Answer) -> String {
    let mut out = format!(
        "statement {} · {} · {} · {} deals · {}{}\n",
        i + 1,
        a.game,
        a.method,
        a.deals,
        a.stopped.describe(),
        if a.stopped_early() { " · PARTIAL" } else { "" }
    );
    let number = |v: f64, se: f64| {
        if a.method == Method::Exact {
            format!("{v:.6}")
        } else {
            format!("{v:.6} ± {se:.6}")
        }
    };
    if let Some(c) = a.condition {
        out.push_str(&format!(
            "where holds on {} of the deals\n",
            number(c.value, c.std_error)
        ));
    }
    let width = a
        .figures
        .iter()
        .map(|f| f.name.chars().count())
        .max()
        .unwrap_or(0);
    for f in &a.figures {
        let value = match f.estimate {
            Some(e) => number(e.value, e.std_error),
            None => "n/a: no deal meets the condition".to_string(),
        };
        out.push_str(&format!("{:<width$}  {value}\n", f.name));
        for b in &f.buckets {
            let label = format!("  = {}", b.label);
            out.push_str(&format!(
                "{label:<width$}  {}\n",
                number(b.chance.value, b.chance.std_error)
            ));
        }
    }
    out
}
