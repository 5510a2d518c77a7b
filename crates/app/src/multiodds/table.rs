//! The results table (one row per opponent count, figures as % ± SE, deltas against
//! the pinned baseline) and the hand-type table of the selected count.

use super::plot::MetricStyle;
use super::MultiOddsView;
use crate::command::CommandSender;
use crate::command::ViewCommand;
use crate::equity::metrics::SWEEP_METRICS;
use crate::equity::Method;
use crate::scenario::ViewKind;
use egui::{Color32, RichText};

/// Why a figure is n/a (reference §4): undefined on the river, or too few deals in its
/// condition.
fn na_reason(key: &str, p: &crate::equity::sweep::SweepPoint) -> String {
    let in_condition = if key.starts_with("ppot") {
        p.ppot_deals
    } else {
        p.npot_deals
    };
    if p.deals == 0 {
        "no deal yet".to_string()
    } else if in_condition < crate::equity::sweep::MIN_CONDITION_DEALS {
        format!(
            "n/a: rests on {in_condition} deals (behind/ahead now); at least {} are needed",
            crate::equity::sweep::MIN_CONDITION_DEALS
        )
    } else {
        "n/a: no cards to come on the river".to_string()
    }
}

/// A count asked for without figures: n/a in every column, why on hover and after it.
fn missing_row(ui: &mut egui::Ui, m: &crate::equity::run::MissingPoint, figures: usize) {
    ui.label(m.opponents.to_string()).on_hover_text(&m.reason);
    for _ in 0..figures {
        ui.label(RichText::new("n/a").monospace().weak())
            .on_hover_text(&m.reason);
    }
    ui.label(RichText::new("n/a").weak())
        .on_hover_text(&m.reason);
    ui.label(RichText::new(crate::widgets::shorten(&m.reason, 60)).weak())
        .on_hover_text(&m.reason);
    ui.end_row();
}

/// The MultiOdds view's table: a row per opponent count, a column per figure of
/// `SWEEP_METRICS` with its error, the pinned baseline's change beside it. One function
/// because the headings and the rows walk the same figure list together.
pub(crate) fn results_table(view: &MultiOddsView, ui: &mut egui::Ui, commands: &CommandSender) {
    let Some(shown) = view.shown() else {
        ui.label(if view.errors.is_empty() {
            "Computing…"
        } else {
            "Fix the inputs to compute."
        });
        return;
    };
    // Deltas against the chosen pinned baseline.
    let pinned = view.pinned.get(view.delta_pin);
    let text_color = if view.tracker.stale {
        Color32::GRAY
    } else {
        ui.visuals().text_color()
    };
    egui::Grid::new("results")
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            ui.label(RichText::new("opponents").strong());
            let options = view.figures;
            for s in SWEEP_METRICS.iter().filter(|s| s.visible(options)) {
                ui.label(
                    RichText::new(format!("{} %", s.name))
                        .strong()
                        .color(s.color()),
                )
                .on_hover_text(s.definition);
            }
            ui.label(RichText::new("method").strong());
            ui.label(RichText::new("deals").strong());
            ui.end_row();
            for row in shown.result.rows() {
                let p = match row {
                    Ok(p) => p,
                    Err(m) => {
                        missing_row(
                            ui,
                            m,
                            SWEEP_METRICS.iter().filter(|s| s.visible(options)).count(),
                        );
                        continue;
                    }
                };
                let selected = view.selected_opponents == p.opponents;
                if ui
                    .selectable_label(selected, format!("{}", p.opponents))
                    .clicked()
                {
                    commands.view(ViewKind::MultiOdds, ViewCommand::Select(p.opponents));
                }
                let base = pinned
                    .as_ref()
                    .and_then(|b| b.result.points.iter().find(|q| q.opponents == p.opponents));
                for s in SWEEP_METRICS.iter().filter(|s| s.visible(options)) {
                    let cell = match (s.value)(p) {
                        Some((v, se)) => {
                            let mut text = if p.method == Method::Exact {
                                format!("{:.2}", 100.0 * v)
                            } else {
                                format!("{:.2} ± {:.2}", 100.0 * v, 100.0 * se)
                            };
                            if let Some((b, _)) = base.and_then(|b| (s.value)(b)) {
                                // The delta on a second line keeps the column narrow.
                                text.push_str(&format!("\n({:+.2})", 100.0 * (v - b)));
                            }
                            text
                        }
                        None => "n/a".to_string(),
                    };
                    let label = ui.label(RichText::new(cell).monospace().color(text_color));
                    if (s.value)(p).is_none() {
                        label.on_hover_text(na_reason(s.key, p));
                    }
                }
                let badge = match p.method {
                    Method::Exact => RichText::new("exact").color(Color32::from_rgb(46, 160, 67)),
                    _ => RichText::new("MC").color(Color32::from_rgb(66, 133, 244)),
                };
                ui.label(badge);
                ui.label(RichText::new(p.deals.to_string()).monospace());
                ui.end_row();
            }
        });
    ui.add_space(8.0);
    let n = view.selected_opponents;
    let Some(p) = shown.result.points.iter().find(|p| p.opponents == n) else {
        return;
    };
    // The game's hand types: high categories, razz's lows by rank; none in draw games.
    let Some(types) = crate::eval::HandTypes::of(view.inputs.game) else {
        return;
    };
    ui.label(
        RichText::new(format!(
            "Hand types with {n} opponent(s): how the hand ends"
        ))
        .strong(),
    );
    egui::Grid::new("hand_types")
        .striped(true)
        .spacing([14.0, 2.0])
        .show(ui, |ui| {
            ui.label(RichText::new("category").strong());
            ui.label(RichText::new("hero wins or ties %").strong());
            ui.label(RichText::new("an opponent wins %").strong());
            ui.end_row();
            for (i, _, name) in types.used().rev() {
                ui.label(name);
                ui.label(RichText::new(format!("{:.2}", 100.0 * p.hero_types[i])).monospace());
                ui.label(RichText::new(format!("{:.2}", 100.0 * p.opponent_types[i])).monospace());
                ui.end_row();
            }
        });
}
