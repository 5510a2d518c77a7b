//! The inputs panel: hero, opponents, board, dead cards, opponent counts, mode,
//! precision and seed; each field validates as you type.

use super::MultiOddsView;
use crate::app::view::{ViewContext, ViewTab};
use crate::app::widgets::{
    blocked_cards, board_and_dead, parsed, precision_of, range_field, run_footer, run_settings,
    settings_for, target_se, time_budget_from, DEFAULT_TIME_BUDGET_S, ERROR_COLOR,
};
use crate::cards::CardSet;
use crate::equity::sweep::{Sweep, MAX_OPPONENTS};
use crate::equity::Method;
use crate::range::HandRange;
use crate::scenario::{Scenario, View};
use egui::RichText;

/// What the user typed (persisted between sessions).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Inputs {
    pub hero: String,
    pub opponents: String,
    pub board: String,
    pub dead: String,
    pub min_opponents: usize,
    pub max_opponents: usize,
    pub mode: Method,
    /// Index into [`PRECISION_STEPS`].
    pub precision: usize,
    pub seed: u64,
    /// A Monte Carlo run ends after this many seconds at most.
    pub time_budget_s: f64,
    pub note: String,
}

impl Default for Inputs {
    fn default() -> Inputs {
        Inputs {
            hero: "AKs".into(),
            opponents: "random".into(),
            board: String::new(),
            dead: String::new(),
            min_opponents: 1,
            max_opponents: 9,
            mode: Method::Auto,
            precision: 2,
            seed: 1,
            time_budget_s: DEFAULT_TIME_BUDGET_S,
            note: String::new(),
        }
    }
}

/// Per-field messages (with a caret line under the bad token).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FieldErrors {
    pub hero: Option<String>,
    pub opponents: Option<String>,
    pub board: Option<String>,
    pub dead: Option<String>,
    /// A problem of the whole scenario (a card in two places, an impossible deal).
    pub scenario: Option<String>,
}

impl FieldErrors {
    pub fn is_empty(&self) -> bool {
        *self == FieldErrors::default()
    }
}

impl Inputs {
    /// Fields of a size a person types (a saved state of megabytes is not restored).
    pub fn is_sane(&self) -> bool {
        [&self.hero, &self.opponents, &self.board, &self.dead]
            .iter()
            .all(|t| t.len() <= crate::range::MAX_RANGE_TEXT)
    }

    pub fn target_se(&self) -> f64 {
        target_se(self.precision)
    }

    /// The opponent counts swept, in order.
    pub fn opponent_span(&self) -> (usize, usize) {
        let (a, b) = (
            self.min_opponents.clamp(1, MAX_OPPONENTS),
            self.max_opponents.clamp(1, MAX_OPPONENTS),
        );
        (a.min(b), a.max(b))
    }

    pub fn settings(&self) -> crate::equity::run::RunSettings {
        settings_for(
            self.mode,
            self.target_se(),
            self.seed,
            Some(self.time_budget_s),
        )
    }

    /// "AKs vs random — Jh 4c 3h" (or "preflop"), and the dead cards.
    pub fn title(&self) -> String {
        let board = CardSet::parse(&self.board)
            .map(|b| b.to_string())
            .unwrap_or_else(|_| self.board.clone());
        crate::equity::table_csv::sweep_title(&self.hero, &self.opponents, &board, &self.dead)
    }

    pub fn to_scenario(&self) -> Scenario {
        Scenario {
            view: View::MultiOdds,
            hero: self.hero.clone(),
            opponents: self.opponents.clone(),
            opponent_counts: (self.min_opponents, self.max_opponents),
            board: self.board.clone(),
            dead: self.dead.clone(),
            mode: self.mode,
            target_se: self.target_se(),
            time_budget_ms: (self.time_budget_s * 1000.0) as u64,
            seed: self.seed,
            note: self.note.clone(),
            ..Scenario::default()
        }
    }

    pub fn from_scenario(s: &Scenario) -> Inputs {
        let precision = precision_of(s.target_se);
        Inputs {
            hero: s.hero.clone(),
            opponents: s.opponents.clone(),
            board: s.board.clone(),
            dead: s.dead.clone(),
            min_opponents: s.opponent_counts.0,
            max_opponents: s.opponent_counts.1,
            mode: s.mode,
            precision,
            seed: s.seed,
            time_budget_s: time_budget_from(s.time_budget_ms),
            note: s.note.clone(),
        }
    }

    /// Checks every field; the sweep to run, or every field's problem.
    pub fn validate(&self) -> Result<Sweep, Box<FieldErrors>> {
        let mut errors = FieldErrors::default();
        let range =
            |text: &str, slot: &mut Option<String>| parsed(HandRange::parse(text), text, slot);
        let hero = range(&self.hero, &mut errors.hero);
        let opponents = range(&self.opponents, &mut errors.opponents);
        let cards =
            |text: &str, slot: &mut Option<String>| parsed(CardSet::parse(text), text, slot);
        let board = cards(&self.board, &mut errors.board);
        let dead = cards(&self.dead, &mut errors.dead);
        if let Some(b) = board {
            if b.len() > 5 {
                errors.board = Some(format!("the board holds at most 5 cards, got {}", b.len()));
            }
        }
        if !errors.is_empty() {
            return Err(Box::new(errors));
        }
        let (Some(hero), Some(opponents), Some(board), Some(dead)) = (hero, opponents, board, dead)
        else {
            unreachable!("no field error means every field parsed")
        };
        let (lo, hi) = self.opponent_span();
        Sweep::new(hero, opponents, board, dead, lo..=hi).map_err(|e| {
            Box::new(FieldErrors {
                scenario: Some(e.to_string()),
                ..FieldErrors::default()
            })
        })
    }
}

/// The left panel.
pub fn inputs_panel(view: &mut MultiOddsView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.heading("MultiOdds view");
    ui.add_space(4.0);
    let errors = view.errors.clone();
    let mut edited = false;
    let i = &mut view.inputs;
    let blocked = blocked_cards(&i.board, &i.dead);
    edited |= range_field(
        ui,
        "Hero",
        &mut i.hero,
        errors.hero.as_ref(),
        "AKs, Ah Kh, QQ+, Group1 Suited…",
        &mut view.hero_grid,
        blocked,
        cx,
    );
    edited |= range_field(
        ui,
        "Opponents",
        &mut i.opponents,
        errors.opponents.as_ref(),
        "random, 22+, 15%…",
        &mut view.opponents_grid,
        blocked,
        cx,
    );
    // A known hero hand's cards are taken too.
    let hero_cards = CardSet::parse(&i.hero)
        .ok()
        .filter(|c| c.len() == 2)
        .unwrap_or_default();
    edited |= board_and_dead(
        ui,
        &mut i.board,
        &mut i.dead,
        (errors.board.as_ref(), errors.dead.as_ref()),
        hero_cards,
        "MultiOdds",
    );
    if let Some(message) = &errors.scenario {
        ui.label(RichText::new(message).color(ERROR_COLOR));
    }
    ui.horizontal(|ui| {
        let l = ui.label("Opponents from");
        edited |= ui
            .add(egui::DragValue::new(&mut i.min_opponents).range(1..=MAX_OPPONENTS))
            .labelled_by(l.id)
            .changed();
        let l = ui.label("to");
        edited |= ui
            .add(egui::DragValue::new(&mut i.max_opponents).range(1..=MAX_OPPONENTS))
            .labelled_by(l.id)
            .changed();
    });
    edited |= run_settings(
        ui,
        &mut i.mode,
        &mut i.precision,
        &mut i.seed,
        &mut i.time_budget_s,
    );
    run_footer(
        ui,
        ViewTab::MultiOdds,
        &view.tracker,
        view.pinned.is_some(),
        view.shown.is_some(),
        edited,
        cx.commands,
    );
}
