//! `multiodds query`: a query in the poker query language answered by the engine
//! (`multiodds::query`), each statement's figures as a table or one JSON object.

use super::progress::run_with_progress;
use super::{args::RunArgs, json, settings, CliError};
use multiodds::equity::run::StopRule;
use multiodds::equity::Method;
use multiodds::query::{Answer, Query};
use std::time::Duration;

/// How long a query may run when `--time-ms` does not say: every run ends.
const DEFAULT_QUERY_TIME: Duration = Duration::from_secs(30);

pub(super) fn query_command(text: &str, run: &RunArgs, as_json: bool) -> Result<String, CliError> {
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
    Ok(print(&answers, as_json))
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
        "partial": partial(a),
        "condition": estimate(a.condition),
        "figures": a.figures.iter().map(|f| serde_json::json!({
            "name": f.name,
            "aggregate": f.aggregate.key(),
            "value": f.estimate.map(|e| json::exact(e.value)),
            "std_error": f.estimate.map(|e| json::exact(e.std_error)),
        })).collect::<Vec<_>>(),
    })
}

/// An exact count stopped before its end: its figures are over the deals counted.
fn partial(a: &Answer) -> bool {
    a.method == Method::Exact && a.stopped != StopRule::ExactDone
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
        if partial(a) { " · PARTIAL" } else { "" }
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
    }
    out
}
