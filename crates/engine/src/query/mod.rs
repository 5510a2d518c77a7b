//! The poker query language (PQL, as Odds Oracle's users write it): `select avg(
//! riverEquity(hero)), count(handType(hero, flop) >= twopair) from game='holdem',
//! hero='AKs', villain='QQ+,AK', board='Ah9s2c' where flushingBoard(turn)`. A query is
//! parsed (`syntax`), its names resolved against its players (`expr`), and each
//! statement answered over its deals (`run`): counted over every deal and runout where
//! that fits the exact budget, estimated by Monte Carlo with a standard error otherwise.
//! The answer says which, and how many deals.

mod answer;
mod bindings;
mod deal;
mod expr;
mod functions;
mod lexer;
mod pql_range;
mod run;
mod sums;
mod syntax;

pub use answer::{Answer, Bucket, Estimate, Figure, MAX_BUCKETS};
pub use functions::FUNCTIONS;
pub use syntax::Aggregate;

/// Why a query cannot be read or answered: the message, and where in the query's text
/// (1-based column) or in which binding's text the fault is.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{}{message}", column.map(|c| format!("column {c}: ")).unwrap_or_default())]
pub struct QueryError {
    /// What is wrong.
    pub message: String,
    /// The column of the query's text it is at, when it has one place.
    pub column: Option<usize>,
}

impl QueryError {
    pub(crate) fn at(column: usize, message: String) -> QueryError {
        QueryError {
            message,
            column: Some(column),
        }
    }

    pub(crate) fn whole(message: String) -> QueryError {
        QueryError {
            message,
            column: None,
        }
    }
}

/// A query read and checked: its statements, each answerable.
#[derive(Clone, Debug)]
pub struct Query {
    statements: Vec<run::Statement>,
}

impl Query {
    /// Reads `text`: the grammar, every binding (game, board, dead cards, players'
    /// ranges) and every name, so a query that reads runs.
    pub fn parse(text: &str) -> Result<Query, QueryError> {
        let raw = syntax::parse(text)?;
        let statements = raw
            .iter()
            .map(run::Statement::new)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Query { statements })
    }

    /// How many statements the query holds.
    pub fn len(&self) -> usize {
        self.statements.len()
    }

    /// Whether it holds none (never, once parsed).
    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Answers every statement in turn under `settings` (method, seed, precision target,
    /// deal and time budgets) on `threads` cores.
    pub fn answer(
        &self,
        settings: &crate::equity::run::RunSettings,
        threads: usize,
    ) -> Result<Vec<Answer>, QueryError> {
        self.answer_streaming(settings, threads, &mut |_| true)
    }

    /// Answers as [`Query::answer`] does, sending the answers so far (the statement
    /// being estimated last) to `update` as a Monte Carlo run goes; false from it stops
    /// the run, which answers with what it has.
    pub fn answer_streaming(
        &self,
        settings: &crate::equity::run::RunSettings,
        threads: usize,
        update: &mut dyn FnMut(Vec<Answer>) -> bool,
    ) -> Result<Vec<Answer>, QueryError> {
        let mut done: Vec<Answer> = Vec::new();
        for s in &self.statements {
            let answer = s.answer(settings, threads, &mut |partial| {
                let mut so_far = done.clone();
                so_far.push(partial.clone());
                update(so_far)
            })?;
            done.push(answer);
        }
        Ok(done)
    }
}

/// A query's answers: one row per statement and selector (and per histogram bucket, its
/// chance), with the method, the deals, why it stopped and the `where` condition's
/// probability. Values are written as the
/// query computes them (a count is a fraction; an average of hand types is not one), so
/// the percent option does not apply.
pub fn answers_csv(answers: &[Answer], text: &str, seed: u64) -> String {
    use crate::equity::table_csv::{table, CsvOptions};
    let header = [
        ("view", "Query".to_string()),
        ("query", text.trim().to_string()),
        ("seed", seed.to_string()),
    ];
    let mut rows = vec![[
        "statement",
        "name",
        "aggregate",
        "bucket",
        "value",
        "std_error",
        "method",
        "deals",
        "stopped",
        "condition",
        "condition_se",
    ]
    .map(String::from)
    .to_vec()];
    let number = |x: Option<f64>| x.map_or("n/a".to_string(), |v| format!("{v:.6}"));
    for (i, a) in answers.iter().enumerate() {
        let row = |name: &str, bucket: &str, value: Option<f64>, se: Option<f64>, f: &Figure| {
            vec![
                (i + 1).to_string(),
                name.to_string(),
                f.aggregate.key().to_string(),
                bucket.to_string(),
                number(value),
                number(se),
                a.method.key().to_string(),
                a.deals.to_string(),
                if a.running {
                    "running: not final".to_string()
                } else {
                    a.stopped.describe().to_string()
                },
                a.condition
                    .map_or(String::new(), |c| format!("{:.6}", c.value)),
                a.condition
                    .map_or(String::new(), |c| format!("{:.6}", c.std_error)),
            ]
        };
        for f in &a.figures {
            let (value, se) = (f.estimate.map(|e| e.value), f.estimate.map(|e| e.std_error));
            rows.push(row(&f.name, "", value, se, f));
            // A histogram's buckets follow its mean, one row each: the chance of each.
            for b in &f.buckets {
                rows.push(row(
                    &f.name,
                    &b.label,
                    Some(b.chance.value),
                    Some(b.chance.std_error),
                    f,
                ));
            }
        }
    }
    table(&header, &CsvOptions::default(), rows)
}
