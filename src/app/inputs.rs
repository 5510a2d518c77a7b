//! The inputs panel: hero, opponents, board, dead cards, opponent counts, mode,
//! precision and seed; each field validates as you type.

use super::{Command, MultiOddsApp};
use crate::cards::{Card, CardSet};
use crate::equity::sweep::{Sweep, MAX_OPPONENTS};
use crate::equity::Method;
use crate::range::HandRange;
use crate::scenario::{Scenario, View};
use egui::{Color32, RichText};

/// Precision steps, Fast to Precise, as standard-error targets.
pub const PRECISION_STEPS: [(f64, &str); 5] = [
    (0.005, "Fast (±0.5%)"),
    (0.002, "Quick (±0.2%)"),
    (0.001, "Normal (±0.1%)"),
    (0.0005, "Fine (±0.05%)"),
    (0.0002, "Precise (±0.02%)"),
];

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

/// The app's default time budget of a Monte Carlo run (SPEC §5).
pub const DEFAULT_TIME_BUDGET_S: f64 = 10.0;

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
            .all(|t| t.len() <= 10_000)
    }

    pub fn target_se(&self) -> f64 {
        PRECISION_STEPS[self.precision.min(PRECISION_STEPS.len() - 1)].0
    }

    pub fn settings(&self) -> crate::equity::run::RunSettings {
        super::settings_for(
            self.mode,
            self.target_se(),
            self.seed,
            Some(self.time_budget_s),
        )
    }

    /// "AKs — Jh 4c 3h" (or "preflop").
    pub fn title(&self) -> String {
        let board = CardSet::parse(&self.board)
            .map(|b| {
                if b.is_empty() {
                    "preflop".to_string()
                } else {
                    b.to_string()
                }
            })
            .unwrap_or_else(|_| self.board.clone());
        format!(
            "{} vs {} — {}",
            self.hero.trim(),
            self.opponents.trim(),
            board
        )
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
        let precision = PRECISION_STEPS
            .iter()
            .enumerate()
            .min_by(|a, b| {
                let da = (a.1 .0.ln() - s.target_se.ln()).abs();
                let db = (b.1 .0.ln() - s.target_se.ln()).abs();
                da.total_cmp(&db)
            })
            .map_or(2, |(i, _)| i);
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
        let range = |text: &str, slot: &mut Option<String>| match HandRange::parse(text) {
            Ok(r) => Some(r),
            Err(e) => {
                *slot = Some(format!("{}\n{}", e, e.caret(text)));
                None
            }
        };
        let hero = range(&self.hero, &mut errors.hero);
        let opponents = range(&self.opponents, &mut errors.opponents);
        let cards = |text: &str, slot: &mut Option<String>| match CardSet::parse(text) {
            Ok(c) => Some(c),
            Err(e) => {
                *slot = Some(format!("{}\n{}", e, e.caret(text)));
                None
            }
        };
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
        let (lo, hi) = (
            self.min_opponents.clamp(1, MAX_OPPONENTS),
            self.max_opponents.clamp(1, MAX_OPPONENTS),
        );
        Sweep::new(hero, opponents, board, dead, lo.min(hi)..=hi.max(lo)).map_err(|e| {
            Box::new(FieldErrors {
                scenario: Some(e.to_string()),
                ..FieldErrors::default()
            })
        })
    }
}

/// A labelled single-line text field with its error (red frame and caret) below.
fn text_field(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    error: Option<&String>,
    hint: &str,
) -> bool {
    let label_response = ui.label(RichText::new(label).strong());
    let mut edit = egui::TextEdit::singleline(text)
        .hint_text(hint)
        .font(egui::TextStyle::Monospace)
        .desired_width(f32::INFINITY);
    if error.is_some() {
        edit = edit.text_color(Color32::from_rgb(220, 60, 60));
    }
    let frame = egui::Frame::new()
        .stroke(egui::Stroke::new(
            if error.is_some() { 1.5 } else { 0.0 },
            if error.is_some() {
                Color32::from_rgb(220, 60, 60)
            } else {
                Color32::TRANSPARENT
            },
        ))
        .inner_margin(1.0);
    let changed = frame
        .show(ui, |ui| {
            ui.add(edit).labelled_by(label_response.id).changed()
        })
        .inner;
    if let Some(message) = error {
        ui.label(
            RichText::new(message)
                .monospace()
                .color(Color32::from_rgb(220, 60, 60))
                .small(),
        );
    }
    ui.add_space(4.0);
    changed
}

/// The left panel.
pub fn inputs_panel(app: &mut MultiOddsApp, ui: &mut egui::Ui) {
    ui.heading("MultiOdds view");
    ui.add_space(4.0);
    let errors = app.rt.errors.clone();
    let mut edited = false;
    let i = &mut app.inputs;
    edited |= text_field(
        ui,
        "Hero",
        &mut i.hero,
        errors.hero.as_ref(),
        "AKs, Ah Kh, QQ+, Group1 Suited…",
    );
    egui::CollapsingHeader::new("Hero grid")
        .default_open(false)
        .show(ui, |ui| {
            edited |= super::grid::range_grid(ui, &mut i.hero, &mut app.rt.hero_grid);
        });
    edited |= text_field(
        ui,
        "Opponents",
        &mut i.opponents,
        errors.opponents.as_ref(),
        "random, 22+, 15%…",
    );
    egui::CollapsingHeader::new("Opponents grid")
        .default_open(false)
        .show(ui, |ui| {
            edited |= super::grid::range_grid(ui, &mut i.opponents, &mut app.rt.opponents_grid);
        });
    edited |= text_field(ui, "Board", &mut i.board, errors.board.as_ref(), "Jh 4c 3h");
    // A known hero hand's cards are taken too.
    let hero_cards = CardSet::parse(&i.hero)
        .ok()
        .filter(|c| c.len() == 2)
        .map(|c| c.to_string())
        .unwrap_or_default();
    let taken_by_dead = format!("{} {hero_cards}", i.dead);
    edited |= card_picker(ui, &mut i.board, &taken_by_dead, 5, "Board picker");
    edited |= text_field(
        ui,
        "Dead cards",
        &mut i.dead,
        errors.dead.as_ref(),
        "cards out of play",
    );
    let taken_by_board = format!("{} {hero_cards}", i.board);
    edited |= card_picker(ui, &mut i.dead, &taken_by_board, 52, "Dead card picker");
    if let Some(message) = &errors.scenario {
        ui.label(RichText::new(message).color(Color32::from_rgb(220, 60, 60)));
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
    let rt = &app.rt;
    for c in run_controls(
        ui,
        rt.running,
        rt.stale,
        rt.pinned.is_some(),
        rt.shown.is_some(),
    ) {
        app.command(c);
    }
    if edited {
        app.command(Command::Edited);
    }
}

/// Mode, precision and seed, shared by the views. True when one changed.
/// A scenario's time budget for the app: none (0) becomes the app's default.
pub fn time_budget_from(ms: u64) -> f64 {
    if ms == 0 {
        DEFAULT_TIME_BUDGET_S
    } else {
        ms as f64 / 1000.0
    }
}

pub fn run_settings(
    ui: &mut egui::Ui,
    mode: &mut Method,
    precision: &mut usize,
    seed: &mut u64,
    time_budget_s: &mut f64,
) -> bool {
    let mut edited = false;
    ui.horizontal(|ui| {
        ui.label("Mode");
        for (m, name) in [
            (Method::Auto, "Auto"),
            (Method::Exact, "Exact"),
            (Method::MonteCarlo, "Monte Carlo"),
        ] {
            edited |= ui.radio_value(mode, m, name).changed();
        }
    });
    ui.horizontal(|ui| {
        let l = ui.label("Precision");
        let name = PRECISION_STEPS[(*precision).min(4)].1;
        edited |= ui
            .add(
                egui::Slider::new(precision, 0..=4)
                    .show_value(false)
                    .text(name),
            )
            .labelled_by(l.id)
            .changed();
    });
    ui.horizontal(|ui| {
        let l = ui.label("Seed");
        edited |= ui
            .add(egui::DragValue::new(seed))
            .labelled_by(l.id)
            .changed();
    });
    ui.horizontal(|ui| {
        let l = ui.label("Time budget").on_hover_text(
            "A Monte Carlo run stops after this long even if short of its precision",
        );
        edited |= ui
            .add(
                egui::DragValue::new(time_budget_s)
                    .range(1.0..=3600.0)
                    .speed(0.5)
                    .suffix(" s"),
            )
            .labelled_by(l.id)
            .changed();
    });
    edited
}

/// Stop/Resume and Pin/Unpin, shared by the views; the commands clicked.
pub fn run_controls(
    ui: &mut egui::Ui,
    running: bool,
    stale: bool,
    pinned: bool,
    has_result: bool,
) -> Vec<Command> {
    let mut commands = Vec::new();
    ui.separator();
    ui.horizontal(|ui| {
        if running {
            if ui.button("Stop").clicked() {
                commands.push(Command::Stop);
            }
        } else if ui
            .button(if stale { "Resume" } else { "Run again" })
            .on_hover_text("Compute these inputs again (a stopped run resumes from scratch)")
            .clicked()
        {
            commands.push(Command::Resume);
        }
        if pinned {
            if ui.button("Unpin").clicked() {
                commands.push(Command::Unpin);
            }
        } else if ui
            .add_enabled(has_result, egui::Button::new("Pin"))
            .on_hover_text("Keep these figures as a baseline to compare against")
            .clicked()
        {
            commands.push(Command::Pin);
        }
    });
    commands
}

/// A 52-card picker: click a card to add it to (or remove it from) `cards` (at most
/// `max`); cards in `other` (the board or the dead cards) and in a known hero hand are
/// greyed out.
fn card_picker(ui: &mut egui::Ui, cards: &mut String, other: &str, max: usize, id: &str) -> bool {
    let mut changed = false;
    let current = CardSet::parse(cards).unwrap_or_default();
    let blocked = CardSet::parse(other).unwrap_or_default();
    egui::CollapsingHeader::new(id)
        .default_open(false)
        .show(ui, |ui| {
            ui.spacing_mut().button_padding = egui::vec2(2.0, 1.0);
            egui::Grid::new(id)
                .spacing([1.0, 1.0])
                .min_col_width(0.0)
                .show(ui, |ui| {
                    for suit in (0..4u8).rev() {
                        for rank in (0..13u8).rev() {
                            let card = Card::new(rank, suit);
                            let color = match suit {
                                0 => Color32::from_rgb(40, 140, 60),
                                1 => Color32::from_rgb(40, 90, 200),
                                2 => Color32::from_rgb(200, 50, 50),
                                _ => Color32::from_gray(200),
                            };
                            let selected = current.contains(card);
                            let text = RichText::new(card.to_string())
                                .monospace()
                                .small()
                                .color(color);
                            let button = egui::Button::selectable(selected, text);
                            if ui.add_enabled(!blocked.contains(card), button).clicked() {
                                let mut set = current;
                                if selected {
                                    set.remove(card);
                                } else if set.len() < max {
                                    set.insert(card);
                                }
                                *cards = set.to_string();
                                changed = true;
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    changed
}
