//! The Hand view's session page: every hand of a history file with its result and its
//! all-in adjusted result, filtered, and the winnings graph of both over the session.

use super::{money_f64, HandView};
use crate::command::{CommandSender, ViewCommand};
use crate::scenario::{HandInputs, SessionFilter, ViewKind};
use crate::widgets::{shorten, ERROR_COLOR, PARTIAL_COLOR};
use egui::{Color32, RichText};
use multiodds_engine::history::session::{HandRow, Totals};
use std::path::PathBuf;

/// The session: progress, filters, totals, graph, list, refusals.
pub(super) fn session_page(view: &mut HandView, ui: &mut egui::Ui, commands: &CommandSender) {
    let Some(read) = view.session() else {
        ui.label(if view.session_tracker.running {
            "Reading…"
        } else {
            "Open a hand history, or list files and folders under Session and click Read session."
        });
        return;
    };
    let partial = !read.complete();
    let progress = format!(
        "{} of {} files read{}",
        read.session.files,
        read.files_total,
        if view.session_tracker.running {
            " · reading…"
        } else if partial {
            " · stopped: partial"
        } else {
            ""
        }
    );
    ui.label(if partial {
        RichText::new(progress).color(PARTIAL_COLOR)
    } else {
        RichText::new(progress)
    });
    if let Some(why) = &read.session.stopped {
        ui.label(RichText::new(format!("Partial: {why}")).color(PARTIAL_COLOR));
    }
    filters(ui, &mut view.inputs.filter);
    let rows = view.shown_rows();
    totals(ui, &rows);
    let graph_height = (ui.available_height() * 0.3).clamp(100.0, 220.0);
    winnings_graph(ui, cumulative(&rows), graph_height);
    ui.separator();
    hand_list(ui, &rows, commands);
    let refused = view.session().map_or(&[][..], |r| &r.session.refused[..]);
    if !refused.is_empty() {
        egui::CollapsingHeader::new(format!("{} not read", refused.len()))
            .id_salt("session_refused")
            .show(ui, |ui| {
                for r in refused {
                    ui.label(RichText::new(r.to_string()).color(ERROR_COLOR));
                }
            });
    }
}

/// Which hands are listed: game and stakes (words they contain), all-in, showdown, and
/// hands the hero was dealt into.
fn filters(ui: &mut egui::Ui, f: &mut SessionFilter) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Game");
        ui.add(
            egui::TextEdit::singleline(&mut f.game)
                .desired_width(90.0)
                .hint_text("any"),
        );
        ui.label("Stakes");
        ui.add(
            egui::TextEdit::singleline(&mut f.stakes)
                .desired_width(70.0)
                .hint_text("any"),
        );
        ui.checkbox(&mut f.all_in, "All-in");
        ui.checkbox(&mut f.showdown, "Showdown");
        ui.checkbox(&mut f.hero, "Hero in hand").on_hover_text(
            "Only hands the hero (the name given, or the player dealt to) was dealt into",
        );
    });
}

/// The hands' count, all-ins and the hero's result and all-in adjusted result, per
/// currency: dollars, euros and play chips are not added together.
fn totals(ui: &mut egui::Ui, rows: &[&HandRow]) {
    let mut currencies: Vec<&str> = rows.iter().map(|r| r.currency.as_str()).collect();
    currencies.sort_unstable();
    currencies.dedup();
    for c in &currencies {
        let totals = Totals::of(rows.iter().copied().filter(|r| r.currency == *c));
        ui.label(format!(
            "{}{} hands · {} with an all-in, {} adjusted · hero {}, all-in adjusted {}",
            if currencies.len() > 1 {
                format!("{}: ", if c.is_empty() { "chips" } else { c })
            } else {
                String::new()
            },
            totals.hands,
            totals.all_in_hands,
            totals.adjusted_hands,
            money_f64(c, totals.hero_net),
            money_f64(c, totals.hero_adjusted)
        ));
    }
    if currencies.len() > 1 {
        ui.label(
            RichText::new("The graph adds every currency; filter by stakes to see one.").weak(),
        );
    }
}

/// One line per hand, never wrapped (a narrow window scrolls sideways); a click replays
/// the hand.
fn hand_list(ui: &mut egui::Ui, rows: &[&HandRow], commands: &CommandSender) {
    let list_height = (ui.available_height() - 24.0).max(140.0);
    egui::ScrollArea::horizontal()
        .id_salt("session_columns")
        .max_height(list_height)
        .show(ui, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            ui.label(
                RichText::new(format!(
                    "{:<22} {:<26} {:<12} {:<12} {:>10} {:>10}",
                    "hand", "game", "stakes", "hero", "result", "adjusted"
                ))
                .monospace()
                .strong(),
            );
            let row_height = ui.text_style_height(&egui::TextStyle::Monospace) + 6.0;
            egui::ScrollArea::vertical()
                .id_salt("session_rows")
                .max_height((list_height - 40.0).max(100.0))
                .show_rows(ui, row_height, rows.len(), |ui, range| {
                    for r in &rows[range] {
                        let text = format!(
                            "{:<22} {:<26} {:<12} {:<12} {:>10} {:>10} {}",
                            format!("#{}", r.id),
                            shorten(&r.game, 26),
                            r.stakes,
                            shorten(r.hero.as_deref().unwrap_or("-"), 12),
                            money_f64(&r.currency, r.hero_net),
                            if r.adjusted {
                                money_f64(&r.currency, r.hero_adjusted)
                            } else {
                                String::new()
                            },
                            if r.all_in { "all-in" } else { "" }
                        );
                        if ui
                            .selectable_label(false, RichText::new(text).monospace())
                            .on_hover_text(format!("{}:{}", r.file, r.line))
                            .clicked()
                        {
                            commands.view(
                                ViewKind::Hand,
                                ViewCommand::ShowHand(PathBuf::from(&r.file), r.line),
                            );
                        }
                    }
                });
        });
}

/// The hero's actual and all-in adjusted winnings cumulated over the hands.
pub(super) fn cumulative(rows: &[&HandRow]) -> [Vec<[f64; 2]>; 2] {
    let mut actual = vec![[0.0, 0.0]];
    let mut adjusted = vec![[0.0, 0.0]];
    let (mut a, mut b) = (0.0, 0.0);
    for (i, r) in rows.iter().enumerate() {
        a += r.hero_net;
        b += r.hero_adjusted;
        actual.push([(i + 1) as f64, a]);
        adjusted.push([(i + 1) as f64, b]);
    }
    [actual, adjusted]
}

/// The two cumulated lines: actual against all-in adjusted.
pub(super) fn winnings_graph(
    ui: &mut egui::Ui,
    [actual, adjusted]: [Vec<[f64; 2]>; 2],
    height: f32,
) {
    use egui_plot::{Legend, Line, Plot, PlotPoints};
    Plot::new("session_winnings")
        .height(height.max(120.0))
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .x_axis_label("hands")
        .y_axis_label("won")
        .allow_scroll(false)
        .show(ui, |plot| {
            plot.line(
                Line::new("actual", PlotPoints::from(actual)).color(Color32::from_rgb(46, 160, 67)),
            );
            plot.line(
                Line::new("all-in adjusted", PlotPoints::from(adjusted))
                    .color(Color32::from_rgb(240, 140, 40)),
            );
        });
}

crate::view::inputs_accessors!(HandView, HandInputs);
