//! The Flops view's inputs: two ranges, the dead cards and the game (what is computed),
//! and the texture group, sort and heat-map range shown (chosen without recomputing).

use super::{invalid, job_or, placed, range, ScenarioError};
use crate::cards::{CardSet, Game};
use crate::equity::flops::report::TextureFilter;
use crate::equity::flops::FlopsSpec;
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
    /// The game (Hold'em: the only one the report runs in for now).
    pub game: Game,
    /// Range 1.
    pub range1: String,
    /// Range 2.
    pub range2: String,
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
            _ => None,
        }
    }

    /// Whether `other` asks for the same report (only what is shown differs).
    pub fn same_report(&self, other: &FlopsInputs) -> bool {
        (
            &self.game,
            &self.range1,
            &self.range2,
            &self.dead,
            self.all_flops,
        ) == (
            &other.game,
            &other.range1,
            &other.range2,
            &other.dead,
            other.all_flops,
        )
    }

    /// Every problem, each at its field; the report to run when there is none.
    pub fn validate(&self) -> Result<FlopsJob, Vec<ScenarioError>> {
        let mut problems = Vec::new();
        if self.game != Game::HOLDEM {
            problems.push(invalid(
                "game",
                format!(
                    "the Flops report runs in Hold'em only for now, not {}",
                    self.game
                ),
            ));
        }
        let r1 = range("range1", &self.range1, &mut problems);
        let r2 = range("range2", &self.range2, &mut problems);
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
        let job = match (r1, r2, dead) {
            (Some(a), Some(b), Some(dead)) if problems.is_empty() => {
                match FlopsSpec::new(self.game, vec![a, b], dead) {
                    Ok(mut spec) => {
                        spec.all_flops = self.all_flops;
                        Some(FlopsJob { spec, shard: None })
                    }
                    Err(e) => {
                        placed(
                            e,
                            |name| match name {
                                "range 1" => Some("range1".into()),
                                "range 2" => Some("range2".into()),
                                _ => None,
                            },
                            &mut problems,
                        );
                        None
                    }
                }
            }
            _ => None,
        };
        job_or(job, problems)
    }
}
