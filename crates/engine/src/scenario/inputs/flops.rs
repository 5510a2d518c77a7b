//! The Flops view's inputs: two ranges, the dead cards and the game (what is computed),
//! and the texture group, sort and heat-map range shown (chosen without recomputing).

use super::{invalid, job_or, placed, seat_range, ScenarioError};
use crate::cards::{CardSet, Game};
use crate::equity::flops::report::TextureFilter;
use crate::equity::flops::{FlopsEngine, FlopsSpec, DEFAULT_DEALS_PER_FLOP};
use crate::worker::FlopsJob;
use serde::{Deserialize, Serialize};

/// A column of the Flops view's table of flops, to sort by.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlopsColumn {
    /// The flop (card order).
    #[default]
    Flop,
    /// How often it comes given both ranges.
    Weight,
    /// Range 1's equity.
    Equity,
    /// Range 1's share at 80 % equity or more.
    Nuts1,
    /// Range 2's share at 80 % equity or more.
    Nuts2,
    /// Range 1's nut share less range 2's.
    NutAdvantage,
    /// Range 1's share with a set or better.
    SetOrBetter,
}

impl FlopsColumn {
    /// Every column, in table order.
    pub const ALL: [FlopsColumn; 7] = [
        FlopsColumn::Flop,
        FlopsColumn::Weight,
        FlopsColumn::Equity,
        FlopsColumn::Nuts1,
        FlopsColumn::Nuts2,
        FlopsColumn::NutAdvantage,
        FlopsColumn::SetOrBetter,
    ];

    /// The column's heading.
    pub fn name(self) -> &'static str {
        [
            "Flop", "Weight", "Equity 1", "≥80% 1", "≥80% 2", "Nut adv.", "Set+ 1",
        ][self as usize]
    }
}

/// The Flops view: two ranges across every flop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FlopsInputs {
    /// The game (Hold'em heads-up is exact; the rest sampled).
    pub game: Game,
    /// Range 1.
    pub range1: String,
    /// Range 2.
    pub range2: String,
    /// Ranges 3 and on (none: heads-up).
    pub more: Vec<String>,
    /// A sampled report's deals per flop.
    pub deals_per_flop: u64,
    /// A sampled report's seed.
    pub seed: u64,
    /// Cards out of play.
    pub dead: String,
    /// Run every flop even where one per suit pattern would do.
    pub all_flops: bool,
    /// The texture group shown.
    pub filter: TextureFilter,
    /// The flops' table: the column sorted by, and whether highest first.
    pub sort: (FlopsColumn, bool),
    /// The range whose class equity the heat map shows (0 or 1).
    pub heat_map_range: usize,
}

impl Default for FlopsInputs {
    fn default() -> FlopsInputs {
        FlopsInputs {
            game: Game::HOLDEM,
            range1: "22+, A2s+, K9s+, Q9s+, J9s+, T8s+, 98s, 87s, 76s, ATo+, KTo+, QTo+, JTo"
                .into(),
            range2: "TT+, AJs+, KQs, AQo+".into(),
            more: Vec::new(),
            deals_per_flop: DEFAULT_DEALS_PER_FLOP,
            seed: 1,
            dead: String::new(),
            all_flops: false,
            filter: TextureFilter::default(),
            sort: (FlopsColumn::Weight, true),
            heat_map_range: 0,
        }
    }
}

impl FlopsInputs {
    /// The text of a field.
    pub fn field_text(&self, field: &str) -> Option<&str> {
        match field {
            "range1" => Some(&self.range1),
            "range2" => Some(&self.range2),
            "dead" => Some(&self.dead),
            other => other
                .strip_prefix("more[")
                .and_then(|k| k.strip_suffix(']'))
                .and_then(|k| k.parse::<usize>().ok())
                .and_then(|k| self.more.get(k))
                .map(String::as_str),
        }
    }

    /// "range 1 X against range 2 Y and range 3 Z, dead D".
    pub fn ranges_words(&self) -> String {
        let mut out = format!("range 1 {} against range 2 {}", self.range1, self.range2);
        for (k, r) in self.more.iter().enumerate() {
            out.push_str(&format!(" and range {} {r}", k + 3));
        }
        if !self.dead.trim().is_empty() {
            out.push_str(&format!(", dead {}", self.dead.trim()));
        }
        out
    }

    /// The first line of the report's CSV: the inputs.
    pub fn csv_title(&self) -> String {
        format!("flops: {}; game {}", self.ranges_words(), self.game.key())
    }

    /// Every problem, each at its field; the report to run when there is none.
    pub fn validate(&self) -> Result<FlopsJob, Vec<ScenarioError>> {
        let mut problems = Vec::new();
        if !super::board_game_only(self.game, "The flops report", &mut problems) {
            return Err(problems);
        }
        let max = self.game.max_seats();
        if self.more.len() + 2 > max {
            problems.push(invalid(
                "inputs",
                format!(
                    "{} deals 2 to {max} seats, got {}",
                    self.game.name(),
                    self.more.len() + 2
                ),
            ));
            return Err(problems);
        }
        let mut seats = Vec::new();
        let fields = [
            ("range1".to_string(), &self.range1),
            ("range2".to_string(), &self.range2),
        ]
        .into_iter()
        .chain(
            self.more
                .iter()
                .enumerate()
                .map(|(k, t)| (format!("more[{k}]"), t)),
        );
        let field_names: Vec<String> = fields.clone().map(|(f, _)| f).collect();
        for (field, text) in fields {
            if let Some(r) = seat_range(&field, text, self.game, &mut problems) {
                seats.push(r);
            }
        }
        let dead = CardSet::parse(&self.dead)
            .map_err(|error| {
                problems.push(ScenarioError::Cards {
                    field: "dead".into(),
                    error,
                })
            })
            .ok();
        if self.heat_map_range > 1 {
            problems.push(invalid(
                "heat_map_range",
                format!(
                    "the heat map shows range 0 or 1, got {}",
                    self.heat_map_range
                ),
            ));
        }
        if !(100..=1_000_000).contains(&self.deals_per_flop) {
            problems.push(invalid(
                "deals_per_flop",
                format!(
                    "deals per flop must be 100 to 1,000,000, got {}",
                    self.deals_per_flop
                ),
            ));
        }
        let job = match dead {
            Some(dead) if problems.is_empty() => match FlopsSpec::new(self.game, seats, dead) {
                Ok(mut spec) => {
                    spec.all_flops = self.all_flops;
                    if let FlopsEngine::Sampled(s) = &mut spec.engine {
                        s.deals_per_flop = self.deals_per_flop;
                        s.seed = self.seed;
                    }
                    Some(FlopsJob { spec, shard: None })
                }
                Err(e) => {
                    placed(
                        e,
                        |name| {
                            let k: usize = name.strip_prefix("range ")?.parse().ok()?;
                            field_names.get(k.checked_sub(1)?).cloned()
                        },
                        &mut problems,
                    );
                    None
                }
            },
            _ => None,
        };
        job_or(job, problems)
    }
}
