//! The Matchup view (PokerStove-style): 2–10 seats, each a hand or a weighted range
//! (typed or painted on a grid), board and dead cards; per seat equity, win and tie
//! with standard errors, combos, exact/MC, and the hand types each seat wins with.

use super::grid::{range_grid, GridState};
use super::{Command, MultiOddsApp};
use crate::cards::CardSet;
use crate::equity::{Matchup, MatchupResult, Method, MAX_SEATS};
use crate::eval::HandCategory;
use crate::range::HandRange;
use crate::scenario::{Scenario, View};
use egui::{Color32, RichText};

/// What the user typed in the Matchup view (persisted).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct MatchupInputs {
    pub seats: Vec<String>,
    pub board: String,
    pub dead: String,
    pub mode: Method,
    /// Index into the precision steps of the MultiOdds view.
    pub precision: usize,
    pub seed: u64,
    /// A Monte Carlo run ends after this many seconds at most.
    pub time_budget_s: f64,
}

impl Default for MatchupInputs {
    fn default() -> MatchupInputs {
        MatchupInputs {
            seats: vec!["AKs".into(), "QQ".into()],
            board: String::new(),
            dead: String::new(),
            mode: Method::Auto,
            precision: 2,
            seed: 1,
            time_budget_s: super::inputs::DEFAULT_TIME_BUDGET_S,
        }
    }
}

/// Per-field messages of the Matchup view.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchupErrors {
    pub seats: Vec<Option<String>>,
    pub board: Option<String>,
    pub dead: Option<String>,
    pub scenario: Option<String>,
}

impl MatchupErrors {
    pub fn is_empty(&self) -> bool {
        self.seats.iter().all(Option::is_none)
            && self.board.is_none()
            && self.dead.is_none()
            && self.scenario.is_none()
    }
}

impl MatchupInputs {
    pub fn target_se(&self) -> f64 {
        super::inputs::PRECISION_STEPS[self.precision.min(4)].0
    }

    /// Checks every field; the matchup to run, or every field's problem.
    pub fn validate(&self) -> Result<Matchup, Box<MatchupErrors>> {
        let mut errors = MatchupErrors {
            seats: vec![None; self.seats.len()],
            ..MatchupErrors::default()
        };
        let mut ranges = Vec::new();
        for (i, text) in self.seats.iter().enumerate() {
            match HandRange::parse(text) {
                Ok(r) => ranges.push(r),
                Err(e) => errors.seats[i] = Some(format!("{e}\n{}", e.caret(text))),
            }
        }
        let board = CardSet::parse(&self.board)
            .map_err(|e| errors.board = Some(format!("{e}\n{}", e.caret(&self.board))));
        let dead = CardSet::parse(&self.dead)
            .map_err(|e| errors.dead = Some(format!("{e}\n{}", e.caret(&self.dead))));
        if !errors.is_empty() {
            return Err(Box::new(errors));
        }
        let (Ok(board), Ok(dead)) = (board, dead) else {
            unreachable!("no field error means the cards parsed")
        };
        Matchup::new(ranges, board, dead).map_err(|e| {
            errors.scenario = Some(e.to_string());
            Box::new(errors)
        })
    }

    pub fn to_scenario(&self) -> Scenario {
        Scenario {
            view: View::Matchup,
            seats: self.seats.clone(),
            board: self.board.clone(),
            dead: self.dead.clone(),
            mode: self.mode,
            target_se: self.target_se(),
            time_budget_ms: (self.time_budget_s * 1000.0) as u64,
            seed: self.seed,
            ..Scenario::default()
        }
    }

    pub fn from_scenario(s: &Scenario) -> MatchupInputs {
        let precision = super::inputs::Inputs::from_scenario(s).precision;
        MatchupInputs {
            seats: s.seats.clone(),
            board: s.board.clone(),
            dead: s.dead.clone(),
            mode: s.mode,
            precision,
            seed: s.seed,
            time_budget_s: super::inputs::time_budget_from(s.time_budget_ms),
        }
    }
}

/// The Matchup view's runtime state.
#[derive(Default)]
pub struct MatchupRuntime {
    pub shown: Option<(MatchupResult, Vec<String>)>,
    /// The running exact enumeration's fraction done and time left.
    pub exact_progress: Option<(f64, Option<f64>)>,
    pub running: bool,
    pub stale: bool,
    pub errors: MatchupErrors,
    pub grids: Vec<GridState>,
    pub selected_seat: usize,
    /// The seats the running job computes, and their live combo counts.
    pub job_seats: Vec<String>,
    pub job_combos: Vec<usize>,
    /// A baseline to compare against (Pin).
    pub pinned: Option<(MatchupResult, Vec<String>)>,
}

/// The left panel of the Matchup view.
pub fn inputs_panel(app: &mut MultiOddsApp, ui: &mut egui::Ui) {
    ui.heading("Matchup view");
    let errors = app.matchup_rt.errors.clone();
    let mut edited = false;
    let seats = app.matchup.seats.len();
    app.matchup_rt.grids.resize(seats, GridState::default());
    let mut remove = None;
    for i in 0..seats {
        let label = ui.label(RichText::new(format!("Seat {}", i + 1)).strong());
        ui.horizontal(|ui| {
            let edit = egui::TextEdit::singleline(&mut app.matchup.seats[i])
                .font(egui::TextStyle::Monospace)
                .desired_width(ui.available_width() - 30.0);
            edited |= ui.add(edit).labelled_by(label.id).changed();
            if seats > 2 && ui.button("x").on_hover_text("Remove this seat").clicked() {
                remove = Some(i);
            }
        });
        if let Some(Some(message)) = errors.seats.get(i) {
            ui.label(
                RichText::new(message)
                    .monospace()
                    .small()
                    .color(Color32::from_rgb(220, 60, 60)),
            );
        }
        egui::CollapsingHeader::new(format!("Seat {} grid", i + 1))
            .default_open(false)
            .show(ui, |ui| {
                edited |= range_grid(ui, &mut app.matchup.seats[i], &mut app.matchup_rt.grids[i]);
            });
    }
    if let Some(i) = remove {
        app.matchup.seats.remove(i);
        app.matchup_rt.grids.remove(i);
        edited = true;
    }
    if seats < MAX_SEATS && ui.button("Add seat").clicked() {
        app.matchup.seats.push("random".into());
        edited = true;
    }
    ui.separator();
    for (name, text, error) in [
        ("Board", &mut app.matchup.board, &errors.board),
        ("Dead cards", &mut app.matchup.dead, &errors.dead),
    ] {
        let label = ui.label(RichText::new(name).strong());
        edited |= ui
            .add(egui::TextEdit::singleline(text).font(egui::TextStyle::Monospace))
            .labelled_by(label.id)
            .changed();
        if let Some(message) = error {
            ui.label(
                RichText::new(message)
                    .monospace()
                    .small()
                    .color(Color32::from_rgb(220, 60, 60)),
            );
        }
    }
    if let Some(message) = &errors.scenario {
        ui.label(RichText::new(message).color(Color32::from_rgb(220, 60, 60)));
    }
    let m = &mut app.matchup;
    edited |= super::inputs::run_settings(
        ui,
        &mut m.mode,
        &mut m.precision,
        &mut m.seed,
        &mut m.time_budget_s,
    );
    let rt = &app.matchup_rt;
    let commands = super::inputs::run_controls(
        ui,
        rt.running,
        rt.stale,
        rt.pinned.is_some(),
        rt.shown.is_some(),
    );
    for c in commands {
        app.command(c);
    }
    if edited {
        app.command(Command::Edited);
    }
}

/// The results of the Matchup view.
pub fn results(app: &mut MultiOddsApp, ui: &mut egui::Ui) {
    let Some((result, seats)) = app.matchup_rt.shown.clone() else {
        ui.label(if app.matchup_rt.errors.is_empty() {
            "Computing…"
        } else {
            "Fix the inputs to compute."
        });
        return;
    };
    let color = if app.matchup_rt.stale {
        Color32::GRAY
    } else {
        ui.visuals().text_color()
    };
    let method = match result.method {
        Method::Exact => RichText::new("exact").color(Color32::from_rgb(46, 160, 67)),
        _ => RichText::new("Monte Carlo").color(Color32::from_rgb(66, 133, 244)),
    };
    ui.horizontal(|ui| {
        ui.heading("Matchup");
        ui.label(method);
        ui.label(format!("· {} deals", result.deals));
        if let Some(seed) = result.seed {
            ui.label(format!("· seed {seed}"));
        }
        if app.matchup_rt.stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    let exact = result.method == Method::Exact;
    let pinned = app.matchup_rt.pinned.clone();
    // Deltas against the baseline, seat by seat, when it has as many seats.
    let delta = |i: usize, v: f64| {
        pinned
            .as_ref()
            .filter(|(b, _)| b.seats.len() == result.seats.len())
            .map(|(b, _)| format!(" ({:+.2})", 100.0 * (v - b.seats[i].equity)))
            .unwrap_or_default()
    };
    let pct = |v: f64, se: f64| {
        if exact {
            format!("{:.3}", 100.0 * v)
        } else {
            format!("{:.3} ± {:.3}", 100.0 * v, 100.0 * se)
        }
    };
    egui::Grid::new("matchup_results")
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            for h in ["seat", "range", "combos", "equity %", "win %", "tie %"] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for (i, (s, text)) in result.seats.iter().zip(&seats).enumerate() {
                if ui
                    .selectable_label(app.matchup_rt.selected_seat == i, format!("{}", i + 1))
                    .clicked()
                {
                    app.matchup_rt.selected_seat = i;
                }
                ui.label(RichText::new(text).monospace());
                let combos = app.matchup_rt.job_combos.get(i).copied().unwrap_or(0);
                ui.label(RichText::new(combos.to_string()).monospace());
                ui.label(
                    RichText::new(pct(s.equity, s.equity_se) + &delta(i, s.equity))
                        .monospace()
                        .color(color),
                );
                ui.label(RichText::new(pct(s.win, s.win_se)).monospace().color(color));
                ui.label(RichText::new(pct(s.tie, s.tie_se)).monospace().color(color));
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    let seat = app
        .matchup_rt
        .selected_seat
        .min(result.seats.len().saturating_sub(1));
    if let Some(s) = result.seats.get(seat) {
        ui.label(
            RichText::new(format!("Seat {}: the hands it wins or ties with", seat + 1)).strong(),
        );
        egui::Grid::new("matchup_types")
            .striped(true)
            .show(ui, |ui| {
                for (i, c) in HandCategory::ALL.iter().enumerate().rev() {
                    ui.label(c.name());
                    ui.label(
                        RichText::new(format!("{:.2} %", 100.0 * s.hand_types[i])).monospace(),
                    );
                    ui.end_row();
                }
            });
    }
}

/// The matchup table as CSV.
pub fn to_csv(r: &MatchupResult, seats: &[String]) -> String {
    let mut out = String::from("seat,range,equity,equity_se,win,win_se,tie,tie_se,method,deals\n");
    for (i, (s, text)) in r.seats.iter().zip(seats).enumerate() {
        out.push_str(&format!(
            "{},\"{}\",{:.6},{:.6},{:.6},{:.6},{:.6},{:.6},{},{}\n",
            i + 1,
            text.replace('"', "\"\""),
            s.equity,
            s.equity_se,
            s.win,
            s.win_se,
            s.tie,
            s.tie_se,
            r.method.key(),
            r.deals
        ));
    }
    out
}
