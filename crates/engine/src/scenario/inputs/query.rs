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

/// Queries to start from, as the Query view's Examples menu offers them: (what it asks,
/// the query).
pub const EXAMPLE_QUERIES: [(&str, &str); 12] = [
    ("AKs on a flushing turn", EXAMPLE_QUERY),
    (
        "AK flops a pair or better",
        "select count(handType(hero, flop) >= pair) as pair_or_better from hero='AK'",
    ),
    (
        "What a pocket pair flops",
        "select histogram(flopHandCategory(hero)) as flop, count(minFlopHandCategory(hero, flopSet)) \
         as set_or_better from hero='77'",
    ),
    (
        "Flop textures",
        "select count(monotoneBoard(flop)) as monotone, count(rainbowBoard(flop)) as rainbow, \
         count(pairedBoard(flop)) as paired, count(straightBoard(flop)) as connected from hero='AKs'",
    ),
    (
        "Top pair on the flop that still wins",
        "select count(hasTopBoardRank(hero, flop) and winsHi(hero)) as top_pair_wins \
         from hero='AK', villain='QQ+,AK'",
    ),
    (
        "Equity on the flop against a 3-bet range",
        "select avg(equity(hero, flop)) as flop_equity, avg(riverEquity(hero)) as equity \
         from hero='AKs', villain='QQ+,AK', board='Kd7c2s'",
    ),
    (
        "Flush draws: outs, and how often they get there",
        "select avg(outsToHandType(hero, flop, flush)) as outs, count(handType(hero, river) >= flush) \
         as flush_by_river from hero='AwKw', villain='QQ+' where hasLine(hero, flop, flushDraw)",
    ),
    (
        "Villain's hand on a paired board",
        "select avg(handType(villain, river)) as mean_type, \
         count(handType(villain, river) >= fullhouse) as full_house_or_better \
         from hero='AK', villain='77+', board='7d7c2s'",
    ),
    (
        "Omaha hi/lo scoops",
        "select count(scoops(hero)) as scoop, avg(riverEquity(hero)) as equity \
         from game='omaha-hilo', hero='As2sKhQh', villain='AAxx', board='3c4d7h'",
    ),
    (
        "Short deck: a flush on the river",
        "select count(handType(hero, river) = flush) as flush, avg(riverEquity(hero)) as equity \
         from game='shortdeck', hero='AhKh', villain='QQ', board='Th8h6c'",
    ),
    (
        "Flopping the nuts, and what wins at showdown",
        "select count(nutHi(hero, flop)) as flopped_nuts, histogram(winningHandType()) as winner \
         from hero='AwKw', villain='*', v2='*'",
    ),
    (
        "Preflop, then on the flop",
        "select avg(riverEquity(hero)) as preflop from hero='AKs', villain='QQ'; \
         select avg(riverEquity(hero)) as on_the_flop from hero='AKs', villain='QQ', board='Ks7d2c'",
    ),
];

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
            .map_err(|error| {
                problems.push(ScenarioError::Query {
                    field: "text".into(),
                    error,
                })
            })
            .ok();
        job_or(query, problems)
    }
}
