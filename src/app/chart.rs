//! The Chart view: the 169 starting hands against N random opponents as a heat map on
//! the 13×13 grid, filled in class by class by the same job as `multiodds table`.

use super::{Command, MultiOddsApp};
use crate::cards::CardSet;
use crate::equity::chart::{ChartResult, ChartSpec};
use crate::range::HandClass;
use egui::{Color32, RichText, Sense};

/// Which figure the heat map shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ChartMetric {
    #[default]
    Equity,
    Win,
    Tie,
    /// Classic win odds: win + ties counted half.
    WinOdds,
}

/// The Chart view's inputs (persisted).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ChartInputs {
    pub board: String,
    pub dead: String,
    /// Opponent count shown (1–9); the job computes all nine.
    pub opponents: usize,
    pub metric: ChartMetric,
    pub precision: usize,
    pub seed: u64,
}

impl Default for ChartInputs {
    fn default() -> ChartInputs {
        ChartInputs {
            board: String::new(),
            dead: String::new(),
            opponents: 1,
            metric: ChartMetric::Equity,
            precision: 0,
            seed: 1,
        }
    }
}

impl ChartInputs {
    pub fn spec(&self) -> Result<ChartSpec, String> {
        let board = CardSet::parse(&self.board).map_err(|e| format!("board: {e}"))?;
        let dead = CardSet::parse(&self.dead).map_err(|e| format!("dead cards: {e}"))?;
        crate::equity::check_board(board, dead).map_err(|e| e.to_string())?;
        Ok(ChartSpec {
            board,
            dead,
            counts: 1..=9,
        })
    }

    pub fn target_se(&self) -> f64 {
        super::inputs::PRECISION_STEPS[self.precision.min(4)].0
    }
}

/// The Chart view's runtime state.
#[derive(Default)]
pub struct ChartRuntime {
    pub shown: Option<ChartResult>,
    pub running: bool,
    pub error: Option<String>,
}

pub fn inputs_panel(app: &mut MultiOddsApp, ui: &mut egui::Ui) {
    ui.heading("169-hand chart");
    let mut edited = false;
    let c = &mut app.chart;
    for (name, text) in [("Board", &mut c.board), ("Dead cards", &mut c.dead)] {
        let label = ui.label(RichText::new(name).strong());
        edited |= ui
            .add(egui::TextEdit::singleline(text).font(egui::TextStyle::Monospace))
            .labelled_by(label.id)
            .changed();
    }
    if let Some(e) = &app.chart_rt.error {
        ui.label(RichText::new(e).color(Color32::from_rgb(220, 60, 60)));
    }
    ui.horizontal(|ui| {
        let l = ui.label("Opponents");
        ui.add(egui::Slider::new(&mut c.opponents, 1..=9))
            .labelled_by(l.id);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Show");
        ui.radio_value(&mut c.metric, ChartMetric::Equity, "equity");
        ui.radio_value(&mut c.metric, ChartMetric::Win, "win");
        ui.radio_value(&mut c.metric, ChartMetric::Tie, "tie");
        ui.radio_value(&mut c.metric, ChartMetric::WinOdds, "win odds")
            .on_hover_text("Classic scoring: win + ties counted as half a win, however many tie.");
    });
    ui.horizontal(|ui| {
        let l = ui.label("Precision");
        let name = super::inputs::PRECISION_STEPS[c.precision.min(4)].1;
        edited |= ui
            .add(
                egui::Slider::new(&mut c.precision, 0..=4)
                    .show_value(false)
                    .text(name),
            )
            .labelled_by(l.id)
            .changed();
    });
    ui.separator();
    if app.chart_rt.running {
        if ui.button("Stop").clicked() {
            app.command(Command::Stop);
        }
    } else if ui.button("Resume").clicked() {
        app.command(Command::Resume);
    }
    if ui.button("Export chart as CSV…").clicked() {
        app.command(Command::OpenDialog(super::files::DialogPurpose::ExportCsv));
    }
    if edited {
        app.command(Command::Edited);
    }
}

/// The heat map.
pub fn heat_map(app: &mut MultiOddsApp, ui: &mut egui::Ui) {
    let n = app.chart.opponents;
    let metric = app.chart.metric;
    let Some(result) = app.chart_rt.shown.clone() else {
        ui.label("Computing…");
        return;
    };
    let heading_top = ui.cursor().min;
    ui.heading(format!(
        "{} against {n} random opponent(s) — {} of 169 hands",
        match metric {
            ChartMetric::Equity => "Equity",
            ChartMetric::Win => "Win",
            ChartMetric::Tie => "Tie",
            ChartMetric::WinOdds => "Win odds",
        },
        result.done
    ));
    let value = |class: HandClass| {
        let p = result.cells[class.index()]
            .as_ref()?
            .iter()
            .find(|p| p.opponents == n)?;
        Some(match metric {
            ChartMetric::Equity => (p.equity, p.std_error.equity, p),
            ChartMetric::Win => (p.win, p.std_error.win, p),
            ChartMetric::Tie => (p.tie, p.std_error.tie, p),
            ChartMetric::WinOdds => (p.win_odds, p.std_error.win_odds, p),
        })
    };
    let values: Vec<f64> = HandClass::all()
        .filter_map(|c| value(c).map(|v| v.0))
        .collect();
    let (lo, hi) = values
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    let cell = ((ui.available_width().min(ui.available_height() - 40.0)) / 13.0).clamp(24.0, 56.0);
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(13.0 * cell, 13.0 * cell), Sense::hover());
    // The PNG export takes the heading and the map.
    app.rt.plot_rect = Some(egui::Rect::from_min_max(heading_top, rect.max));
    let painter = ui.painter_at(rect);
    for class in HandClass::all() {
        let r = egui::Rect::from_min_size(
            rect.min + egui::vec2(class.col() as f32 * cell, class.row() as f32 * cell),
            egui::vec2(cell - 1.0, cell - 1.0),
        );
        let (fill, label) = match value(class) {
            Some((v, _, _)) => {
                let t = if hi > lo {
                    ((v - lo) / (hi - lo)) as f32
                } else {
                    0.5
                };
                let color =
                    Color32::from_rgb((220.0 * (1.0 - t)) as u8 + 20, (180.0 * t) as u8 + 40, 60);
                (color, format!("{class}\n{:.1}", 100.0 * v))
            }
            None => (Color32::from_gray(40), class.to_string()),
        };
        painter.rect_filled(r, 2.0, fill);
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional((cell / 3.6).clamp(8.0, 13.0)),
            Color32::WHITE,
        );
    }
    if let Some(pos) = response.hover_pos() {
        let rel = pos - rect.min;
        let (col, row) = ((rel.x / cell) as usize, (rel.y / cell) as usize);
        if col < 13 && row < 13 {
            let class = HandClass::at(row, col);
            if let Some((_, _, p)) = value(class) {
                response.on_hover_text(format!(
                    "{class} vs {n}: equity {:.2}% ± {:.2}, win {:.2}% ± {:.2}, tie {:.2}% ± {:.2}",
                    100.0 * p.equity,
                    100.0 * p.std_error.equity,
                    100.0 * p.win,
                    100.0 * p.std_error.win,
                    100.0 * p.tie,
                    100.0 * p.std_error.tie
                ));
            }
        }
    }
}
