//! Scenario files of version 1: one flat set of fields, read for the one view the file
//! was saved from. They load into today's model ([`ScenarioV1::upgrade`]): the file's
//! fields fill every view's section, so what the file said is what each view shows.

use super::inputs::{ChartInputs, MatchupInputs, RunInputs, SweepInputs};
use super::{Scenario, ViewKind, SCENARIO_VERSION};
use crate::equity::Method;
use serde::Deserialize;

/// A version 1 file, as that version wrote it.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename = "Scenario")]
pub(super) struct ScenarioV1 {
    version: u32,
    view: ViewKind,
    hero: String,
    opponents: String,
    opponent_counts: (usize, usize),
    seats: Vec<String>,
    board: String,
    dead: String,
    mode: Method,
    target_se: f64,
    potential_target_se: f64,
    time_budget_ms: u64,
    memory_budget_mb: u64,
    seed: u64,
    note: String,
}

impl Default for ScenarioV1 {
    fn default() -> ScenarioV1 {
        ScenarioV1 {
            version: 1,
            view: ViewKind::MultiOdds,
            hero: "AKs".into(),
            opponents: "random".into(),
            opponent_counts: (1, 9),
            seats: vec!["AKs".into(), "QQ".into()],
            board: String::new(),
            dead: String::new(),
            mode: Method::Auto,
            target_se: crate::equity::run::DEFAULT_TARGET_SE,
            potential_target_se: crate::equity::run::DEFAULT_POTENTIAL_TARGET_SE,
            time_budget_ms: 0,
            memory_budget_mb: 0,
            seed: 1,
            note: String::new(),
        }
    }
}

impl ScenarioV1 {
    /// Today's scenario with this file's fields in every view's section.
    pub(super) fn upgrade(self) -> Scenario {
        debug_assert_eq!(self.version, 1);
        let run = RunInputs {
            mode: self.mode,
            target_se: self.target_se,
            potential_target_se: self.potential_target_se,
            time_budget_ms: self.time_budget_ms,
            memory_budget_mb: self.memory_budget_mb,
            seed: self.seed,
        };
        Scenario {
            version: SCENARIO_VERSION,
            view: self.view,
            multiodds: SweepInputs {
                game: crate::cards::Game::HOLDEM,
                hero: self.hero,
                opponents: self.opponents.clone(),
                hero_up: String::new(),
                opponents_up: String::new(),
                opponent_counts: self.opponent_counts,
                board: self.board.clone(),
                dead: self.dead.clone(),
                run: run.clone(),
            },
            matchup: MatchupInputs {
                game: crate::cards::Game::HOLDEM,
                seats: self.seats,
                up: Vec::new(),
                folded: Vec::new(),
                board: self.board.clone(),
                boards: 1,
                board2: String::new(),
                dead: self.dead.clone(),
                run: run.clone(),
            },
            chart: ChartInputs {
                opponents: self.opponents,
                board: self.board,
                dead: self.dead,
                opponent_counts: self.opponent_counts,
                run,
                ..ChartInputs::default()
            },
            note: self.note,
            // The views version 1 did not have start from their defaults.
            ..Scenario::default()
        }
    }
}
