//! The Query view's inputs: a query in the poker query language and how it runs, and
//! their one `validate` into a [`Query`].

use super::{invalid, job_or, RunInputs};
use crate::query::Query;
use crate::scenario::ScenarioError;
use serde::{Deserialize, Serialize};

/// The longest query read (a query is a few lines; a pasted file is refused, not cut).
pub const MAX_QUERY_BYTES: usize = 64 * 1024;

/// The query a new Query view opens with: a question the other views cannot ask.
pub const EXAMPLE_QUERY: &str = "select avg(riverEquity(hero)) as equity, \
count(handType(hero, river) >= twopair) as two_pair_or_better\n\
from hero='AKs', villain='QQ+,AK', board='Ah9h2c'\n\
where flushingBoard(turn)";

/// The Query view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct QueryInputs {
    /// The query: `select … from … [where …]`, statements separated by `;`.
    pub text: String,
    /// How it runs.
    pub run: RunInputs,
}

impl Default for QueryInputs {
    fn default() -> QueryInputs {
        QueryInputs {
            text: EXAMPLE_QUERY.to_string(),
            run: RunInputs::default(),
        }
    }
}

impl QueryInputs {
    /// The text of a field (`text`).
    pub fn field_text(&self, field: &str) -> Option<&str> {
        (field == "text").then_some(self.text.as_str())
    }

    /// Every problem, each at its field; the query to run when there is none.
    pub fn validate(&self) -> Result<Query, Vec<ScenarioError>> {
        let mut problems = Vec::new();
        self.run.check(&mut problems);
        if self.text.len() > MAX_QUERY_BYTES {
            problems.push(invalid(
                "text",
                format!(
                    "{} bytes; a query is at most {MAX_QUERY_BYTES} bytes",
                    self.text.len()
                ),
            ));
            return Err(problems);
        }
        let query = Query::parse(&self.text)
            .map_err(|e| problems.push(invalid("text", e.to_string())))
            .ok();
        job_or(query, problems)
    }
}
