//! The Matchup view's results: the header with how the run went, each seat's win, tie,
//! equity and error (per board, and scoop with two boards), the plot of equity bars, and
//! what a result can be sent to.

use super::{MatchupView, Seats};
use crate::command::{CommandSender, ViewCommand};
use crate::equity::metrics::SeatFigure;
use crate::equity::MatchupResult;
use crate::equity::Method;
use crate::scenario::ViewKind;
use crate::widgets::{shorten, PARTIAL_COLOR};
use egui::{Color32, RichText};

/// The results of the Matchup view: the header, the seats' table, the folded seats and
/// the selected seat's hand types.
pub(crate) fn results(view: &MatchupView, ui: &mut egui::Ui, commands: &CommandSender) {
    let Some(shown) = view.shown() else {
        ui.label(if view.errors.is_empty() {
            "Computing…"
        } else {
            "Fix the inputs to compute."
        });
        return;
    };
    let (result, seats) = (&shown.result, &shown.label);
    header(view, ui, result);
    if let Some(why) = result.figures_not_applicable() {
        ui.colored_label(Color32::from_rgb(200, 120, 0), why);
    }
    seats_table(view, ui, result, seats, commands);
    for (i, text) in seats.folded.iter().enumerate() {
        ui.label(
            RichText::new(format!(
                "Folded {}: {} (dealt, not in the showdown)",
                i + 1,
                shorten(text, 60)
            ))
            .weak(),
        );
    }
    ui.add_space(8.0);
    hand_types(view, ui, result, seats);
}

/// The heading: how the answer was reached (exact, partial or Monte Carlo), its deals and
/// seed, and whether it is stale.
fn header(view: &MatchupView, ui: &mut egui::Ui, result: &MatchupResult) {
    // An exact run stopped (or still running) part-way is not exact: never in the
    // colour of a final result.
    let method = match (result.method, result.status.partial_exact()) {
        (Method::Exact, Some(done)) => RichText::new(format!("exact, {}", partial_words(done)))
            .color(PARTIAL_COLOR)
            .strong(),
        (Method::Exact, None) => RichText::new("exact").color(Color32::from_rgb(46, 160, 67)),
        _ => RichText::new("Monte Carlo").color(Color32::from_rgb(66, 133, 244)),
    };
    ui.horizontal(|ui| {
        ui.heading("Matchup");
        ui.label(method);
        ui.label(format!("· {} deals", result.deals));
        if let Some(seed) = result.seed {
            ui.label(format!("· seed {seed}"));
        }
        if view.tracker.stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
}

/// The table's column headers: the game's words for a seat's range and count, the
/// result's seat figures ([`SeatFigure`], named for its shape), and with two boards each
/// board's equity and, in hi/lo, each board's high and low.
fn column_headers(result: &MatchupResult, seats: &Seats) -> Vec<String> {
    let mut headers: Vec<String> = vec!["seat".into(), "range".into(), "hands".into()];
    if seats.game.has_two_card_ranges() {
        headers[2] = "combos".into();
    }
    // A stud seat is its cards (a range only for 3rd street's down cards); a draw seat
    // is what it keeps.
    if seats.game.is_stud() {
        headers[1] = "cards".into();
    } else if seats.game.is_draw() {
        headers[1] = "keeps".into();
    }
    headers.extend(SeatFigure::of(result).map(|(_, name)| format!("{name} %")));
    if !result.boards.is_empty() {
        headers.extend(["board 1 %", "board 2 %"].map(String::from));
        // Hi/lo: each board's half splits again; its high and low, won or shared.
        if result.boards.iter().any(|b| !b.low.is_empty()) {
            headers.extend(["b1 high %", "b1 low %", "b2 high %", "b2 low %"].map(String::from));
        }
    }
    headers
}

/// A row per seat: its number (click to select it), range, count, and figures with
/// their errors (none on an exact result; "~" on a partial one), and the change from the
/// pinned baseline.
fn seats_table(
    view: &MatchupView,
    ui: &mut egui::Ui,
    result: &MatchupResult,
    seats: &Seats,
    commands: &CommandSender,
) {
    let color = if view.tracker.stale {
        Color32::GRAY
    } else if result.status.partial_exact().is_some() {
        PARTIAL_COLOR
    } else {
        ui.visuals().text_color()
    };
    let exact = result.method == Method::Exact;
    let shown = result.has_figures();
    // Deltas against the baseline, seat by seat, when it has as many seats (none
    // beside n/a figures).
    let delta = |i: usize, v: f64| {
        view.pinned
            .as_ref()
            .filter(|_| shown)
            .filter(|b| b.result.seats.len() == result.seats.len())
            .map(|b| format!(" ({:+.2})", 100.0 * (v - b.result.seats[i].equity)))
            .unwrap_or_default()
    };
    let partial = result.status.partial_exact().is_some();
    let pct = |v: f64, se: f64| {
        if !shown {
            "n/a".to_string()
        } else if exact && partial {
            // Over the deals enumerated so far: no error bar can be claimed.
            format!("~{:.3}", 100.0 * v)
        } else if exact {
            format!("{:.3}", 100.0 * v)
        } else {
            format!("{:.3} ± {:.3}", 100.0 * v, 100.0 * se)
        }
    };
    let figure = |ui: &mut egui::Ui, text: String| {
        ui.label(RichText::new(text).monospace().color(color));
    };
    // Hi/lo's nine columns fit 1280 points only closer together (the scoop column was
    // cut off at 1280×800).
    let gap = if result.low.is_empty() { 12.0 } else { 8.0 };
    egui::Grid::new("matchup_results")
        .striped(true)
        .spacing([gap, 4.0])
        .show(ui, |ui| {
            for h in column_headers(result, seats) {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for (i, text) in seats.texts.iter().enumerate().take(result.seats.len()) {
                if ui
                    .selectable_label(view.selected_seat == i, format!("{}", i + 1))
                    .clicked()
                {
                    commands.view(ViewKind::Matchup, ViewCommand::Select(i));
                }
                // A long range keeps the figures on screen: its first characters, the
                // whole text on hover.
                let short = shorten(text, 40);
                let label = ui.label(RichText::new(&short).monospace());
                if short.len() < text.len() {
                    label.on_hover_text(shorten(text, 2_000));
                }
                let combos = seats.combos.get(i).copied().unwrap_or(0);
                ui.label(RichText::new(combos.to_string()).monospace());
                for (f, _) in SeatFigure::of(result) {
                    let (v, se) = (f.value)(result, i);
                    // The change from the pinned baseline is the equity's.
                    let change = if f.key == "equity" {
                        delta(i, v)
                    } else {
                        String::new()
                    };
                    figure(ui, pct(v, se) + &change);
                }
                for board in &result.boards {
                    figure(ui, pct(board.seats[i].equity, board.seats[i].equity_se));
                }
                for board in result.boards.iter().filter(|b| !b.low.is_empty()) {
                    let (s, low) = (&board.seats[i], &board.low[i]);
                    let high_se = (s.win_se.powi(2) + s.tie_se.powi(2)).sqrt();
                    let low_se = (low.low_win_se.powi(2) + low.low_tie_se.powi(2)).sqrt();
                    figure(ui, pct(s.win + s.tie, high_se));
                    figure(ui, pct(low.low_win + low.low_tie, low_se));
                }
                ui.end_row();
            }
        });
}

/// The selected seat's share of each hand type it wins or ties with (board 1's with two
/// boards; none in a draw game, whose lows have no high-hand categories).
fn hand_types(view: &MatchupView, ui: &mut egui::Ui, result: &MatchupResult, seats: &Seats) {
    let seat = view.selected_seat.min(result.seats.len().saturating_sub(1));
    // With two boards a seat's hands are each board's: the whole pot has none to list.
    let hands_of = result.boards.first().unwrap_or(result);
    if !result.boards.is_empty() {
        ui.label(RichText::new("Hands on board 1:").weak());
    }
    let Some(s) = hands_of.seats.get(seat) else {
        return;
    };
    // The game's hand types: high categories, razz's lows by rank; none in draw games.
    let Some(types) = crate::eval::HandTypes::of(seats.game) else {
        return;
    };
    let shown = result.has_figures();
    // A stopped exact run's shares are over the deals enumerated: said here too.
    let partial = result
        .status
        .partial_exact()
        .map(|done| format!(" ({})", partial_words(done)))
        .unwrap_or_default();
    ui.label(
        RichText::new(format!(
            "Seat {}: the hands it wins or ties with{partial}",
            seat + 1
        ))
        .strong(),
    );
    type_grid(ui, "matchup_types", types, &s.hand_types, shown);
    // Hi/lo: the low halves too, by the low's type.
    let lows = crate::eval::HandTypes::low_of(seats.game).zip(hands_of.low.get(seat));
    if let Some((low_types, low)) = lows {
        ui.label(RichText::new("and the low halves it wins or ties with").strong());
        type_grid(ui, "matchup_low_types", low_types, &low.low_types, shown);
    }
}

/// One hand-type table, strongest first: each type's share, or n/a.
fn type_grid(
    ui: &mut egui::Ui,
    id: &str,
    types: crate::eval::HandTypes,
    shares: &[f64; 9],
    shown: bool,
) {
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        for (i, _, name) in types.used().rev() {
            ui.label(name);
            let share = if shown {
                format!("{:.2} %", 100.0 * shares[i])
            } else {
                "n/a".to_string()
            };
            ui.label(RichText::new(share).monospace());
            ui.end_row();
        }
    });
}

/// How an exact run that did not finish is named, in the header and the picture's
/// title: "PARTIAL: 14% enumerated, not final".
pub(super) fn partial_words(done: f64) -> String {
    format!("PARTIAL: {:.0}% enumerated, not final", 100.0 * done)
}

/// Equity per seat as bars, win and tie stacked inside (the Matchup view's plot).
pub(super) fn equity_bars(
    ui: &mut egui::Ui,
    result: &MatchupResult,
    seats: &[String],
    height: f32,
) {
    use egui_plot::{Bar, BarChart, Legend, Plot};
    // Too few deals: no bars rather than bars drawn from a handful of deals.
    let shown = result.has_figures();
    if let Some(done) = result.status.partial_exact() {
        ui.label(RichText::new(partial_words(done)).color(PARTIAL_COLOR));
    }
    // Hi/lo: the pot share split into whole pots (scoops) and the halves and quarters of
    // split pots (a high win is not a whole pot there, so win would overstate it).
    let scoops: Vec<f64> = result.low.iter().map(|l| l.scoop).collect();
    // With two boards a seat's win is its scoop of both, and the rest split pots.
    let (whole, part) = if !scoops.is_empty() || !result.boards.is_empty() {
        ("scoop", "split-pot share")
    } else {
        ("win", "tie share")
    };
    let whole_of =
        |i: usize, s: &crate::equity::SeatResult| scoops.get(i).copied().unwrap_or(s.win);
    let bars = |value: &dyn Fn(usize, &crate::equity::SeatResult) -> f64| -> Vec<Bar> {
        result
            .seats
            .iter()
            .enumerate()
            .filter(|_| shown)
            .map(|(i, s)| Bar::new((i + 1) as f64, 100.0 * value(i, s)).width(0.6))
            .collect()
    };
    let win =
        BarChart::new(whole, bars(&|i, s| whole_of(i, s))).color(Color32::from_rgb(46, 160, 67));
    let tie = BarChart::new(part, bars(&|i, s| s.equity - whole_of(i, s)))
        .color(Color32::from_rgb(240, 180, 40))
        .stack_on(&[&win]);
    // A long range keeps its bar's label: its first characters (egui_plot drops a tick
    // label wider than the space between ticks).
    let room = (ui.available_width() / result.seats.len().max(1) as f32 / 7.5) as usize;
    let labels: Vec<String> = seats
        .iter()
        .map(|s| shorten(s, room.clamp(6, 40)))
        .collect();
    Plot::new("matchup_bars")
        .height(height.max(160.0))
        .legend(Legend::default().position(egui_plot::Corner::RightTop))
        .include_y(0.0)
        .include_y(100.0)
        .include_x(0.4)
        .include_x(result.seats.len() as f64 + 0.6)
        .x_axis_label("seat")
        // Tick numbers kept in a short plot (a small window): closer than the default.
        .custom_y_axes(vec![egui_plot::AxisHints::new_y()
            .label("equity %")
            .label_spacing(12.0..=20.0)])
        .x_axis_formatter(move |mark, _| {
            let i = mark.value.round() as usize;
            if (mark.value - i as f64).abs() < 1e-6 && (1..=labels.len()).contains(&i) {
                format!("{i}: {}", labels[i - 1])
            } else {
                String::new()
            }
        })
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_boxed_zoom(false)
        .show(ui, |plot| {
            plot.bar_chart(win);
            plot.bar_chart(tie);
        });
}
