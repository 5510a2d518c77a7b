//! The Range view's pictures: the class grid coloured by equity, the equity curve and its
//! buckets, the next-card table and list.

use super::{
    holdem_lines, Card, Color32, Combo, Game, HandClass, HandEquity, NextCard, RangeAnalysis,
    RichText, Sense, Stroke,
};
/// Red (0 %) through amber to green (100 %).
pub(super) fn equity_color(equity: f64) -> Color32 {
    let t = equity.clamp(0.0, 1.0) as f32;
    Color32::from_rgb((220.0 * (1.0 - t)) as u8 + 20, (180.0 * t) as u8 + 40, 60)
}

/// One combo's share of the deals and equity, as a class's entry lists it.
#[derive(Clone, Copy, Debug)]
pub(super) struct ComboFigures {
    pub(super) combo: Combo,
    pub(super) share: f64,
    pub(super) equity: f64,
}

/// Per class: its combos' share-weighted mean equity and the combos (two-card hands).
pub(super) fn class_equities(hands: &[HandEquity]) -> Vec<Option<(f64, Vec<ComboFigures>)>> {
    let mut by_class: Vec<Option<(f64, Vec<ComboFigures>)>> = vec![None; 169];
    for h in hands {
        let Some(combo) = h.combo() else { continue };
        let e = by_class[combo.class().index()].get_or_insert((0.0, Vec::new()));
        e.1.push(ComboFigures {
            combo,
            share: h.share,
            equity: h.equity,
        });
    }
    for entry in by_class.iter_mut().flatten() {
        let share: f64 = entry.1.iter().map(|c| c.share).sum();
        entry.0 = if share > 0.0 {
            entry.1.iter().map(|c| c.share * c.equity).sum::<f64>() / share
        } else {
            entry.1.iter().map(|c| c.equity).sum::<f64>() / entry.1.len() as f64
        };
    }
    by_class
}

/// The 13×13 grid: each class coloured by its mean equity (grey when the range does not
/// hold it), the selected line's classes outlined; hover lists a class's combos.
pub(super) fn class_grid(
    ui: &mut egui::Ui,
    analysis: &RangeAnalysis,
    selected: &[(Combo, f64)],
    size: f32,
) {
    let equities = analysis
        .by_hand
        .as_ref()
        .ok()
        .map(|r| class_equities(&r.hands));
    let held: Vec<bool> = {
        let mut h = vec![false; 169];
        if let Some(b) = holdem_lines(analysis) {
            for (c, _, _) in &b.by_combo {
                h[c.class().index()] = true;
            }
        }
        if let Some(eq) = &equities {
            for (i, e) in eq.iter().enumerate() {
                h[i] |= e.is_some();
            }
        }
        h
    };
    let mut outlined = [false; 169];
    for (c, _) in selected {
        outlined[c.class().index()] = true;
    }
    let cell = (size / 13.0).clamp(20.0, 48.0);
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(13.0 * cell, 13.0 * cell), Sense::hover());
    let painter = ui.painter_at(rect);
    for class in HandClass::all() {
        let r = egui::Rect::from_min_size(
            rect.min + egui::vec2(class.col() as f32 * cell, class.row() as f32 * cell),
            egui::vec2(cell - 1.0, cell - 1.0),
        );
        let eq = equities
            .as_ref()
            .and_then(|e| e[class.index()].as_ref())
            .map(|e| e.0);
        let fill = match eq {
            Some(e) => equity_color(e),
            None if held[class.index()] => Color32::from_gray(90),
            None => Color32::from_gray(35),
        };
        painter.rect_filled(r, 2.0, fill);
        if outlined[class.index()] {
            painter.rect_stroke(
                r.shrink(1.0),
                2.0,
                Stroke::new(2.5, Color32::WHITE),
                egui::StrokeKind::Inside,
            );
        }
        let label = match eq {
            Some(e) => format!("{class}\n{:.0}", 100.0 * e),
            None => class.to_string(),
        };
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional((cell / 3.4).clamp(7.0, 13.0)),
            Color32::WHITE,
        );
    }
    if let (Some(pos), Some(eq)) = (response.hover_pos(), &equities) {
        let rel = pos - rect.min;
        let (col, row) = ((rel.x / cell) as usize, (rel.y / cell) as usize);
        if col < 13 && row < 13 {
            let class = HandClass::at(row, col);
            if let Some((mean, combos)) = &eq[class.index()] {
                let lines: Vec<String> = combos
                    .iter()
                    .map(|c| format!("{}: {:.1}%", c.combo, 100.0 * c.equity))
                    .collect();
                response.on_hover_text(format!(
                    "{class}: {:.1}% on average\n{}",
                    100.0 * mean,
                    lines.join("\n")
                ));
            }
        }
    }
}

/// Each hand's (share, equity) for the curve and buckets.
pub(super) fn shares(hands: &[HandEquity]) -> Vec<(f64, f64)> {
    hands.iter().map(|h| (h.share, h.equity)).collect()
}

/// The combos (hands) sorted by equity: x the share of the range so far, y the equity.
pub(super) fn equity_curve(ui: &mut egui::Ui, combos: &[(f64, f64)], height: f32, id: &str) {
    use egui_plot::{Line, Plot, PlotPoints};
    let mut sorted = combos.to_vec();
    sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut x = 0.0;
    let mut points = Vec::with_capacity(2 * sorted.len());
    for &(share, equity) in &sorted {
        points.push([100.0 * x, 100.0 * equity]);
        x += share;
        points.push([100.0 * x, 100.0 * equity]);
    }
    Plot::new(id)
        .height(height)
        .include_x(0.0)
        .include_x(100.0)
        .include_y(0.0)
        .include_y(100.0)
        .x_axis_label("share of the range, strongest first (%)")
        .y_axis_label("equity %")
        .allow_scroll(false)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_boxed_zoom(false)
        .show(ui, |plot| {
            plot.line(
                Line::new("equity", PlotPoints::from(points))
                    .color(Color32::from_rgb(66, 133, 244)),
            );
        });
}

/// A range's equity and each of its combos' (share, equity).
pub(super) type EquityPoints = (f64, Vec<(f64, f64)>);

/// The equity line and the curve of every combo's (share, equity), or "n/a" and why.
pub(super) fn equity_section(ui: &mut egui::Ui, by_combo: Result<EquityPoints, &String>) {
    match by_combo {
        Ok((equity, points)) => {
            let b = crate::equity::equity_buckets(points.iter().copied());
            ui.label(format!(
                "equity {:.2}% · 0–25%: {:.1}% of the range · 25–50%: {:.1}% · 50–75%: {:.1}% · 75–100%: {:.1}%",
                100.0 * equity,
                100.0 * b[0],
                100.0 * b[1],
                100.0 * b[2],
                100.0 * b[3]
            ));
            equity_curve(ui, &points, 220.0, "range_curve");
        }
        Err(why) => {
            ui.label(RichText::new(format!("n/a: {why}")).weak());
        }
    }
}

/// The next cards and the analysed range's equity now, or "n/a" and why.
pub(super) fn next_and_now<'a>(
    ui: &mut egui::Ui,
    next: &'a Result<Vec<NextCard>, String>,
    now: Result<f64, &'a String>,
) -> Option<(&'a [NextCard], f64)> {
    match (next, now) {
        (Ok(cards), Ok(now)) => Some((cards, now)),
        (Err(why), _) | (_, Err(why)) => {
            ui.label(RichText::new(format!("n/a: {why}")).weak());
            None
        }
    }
}

/// The next cards as a 4×13 table (4×9 in short deck; suits by row, aces first), each
/// coloured by the analysed range's equity change; hover: probability and both equities.
pub(super) fn next_card_table(ui: &mut egui::Ui, cards: &[NextCard], now: f64, game: Game) {
    let lowest = game.lowest_rank();
    egui::Grid::new("next_card_table")
        .spacing([2.0, 2.0])
        .show(ui, |ui| {
            for suit in (0..4u8).rev() {
                for rank in (lowest..13u8).rev() {
                    let card = Card::new(rank, suit);
                    let cell = egui::vec2(44.0, 34.0);
                    let (rect, response) = ui.allocate_exact_size(cell, Sense::hover());
                    match cards.iter().find(|n| n.card == card) {
                        Some(n) => {
                            let change = n.equity[0] - now;
                            // Screen readers (and the tests) read the cell's card.
                            let label = format!("{card} {:+.1}", 100.0 * change);
                            response.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Label, true, &label)
                            });
                            let t = (0.5 + change * 2.5).clamp(0.0, 1.0);
                            ui.painter().rect_filled(rect, 2.0, equity_color(t));
                            ui.painter().text(
                                rect.center(),
                                egui::Align2::CENTER_CENTER,
                                format!("{card}\n{:+.1}", 100.0 * change),
                                egui::FontId::proportional(11.0),
                                Color32::WHITE,
                            );
                            response.on_hover_text(format!(
                                "{card}: probability {:.2}%, equity {:.2}% (now {:.2}%), the other seat {:.2}%",
                                100.0 * n.probability,
                                100.0 * n.equity[0],
                                100.0 * now,
                                100.0 * n.equity[1]
                            ));
                        }
                        None => {
                            ui.painter().rect_filled(rect, 2.0, Color32::from_gray(35));
                            ui.painter().text(
                                rect.center(),
                                egui::Align2::CENTER_CENTER,
                                card.to_string(),
                                egui::FontId::proportional(11.0),
                                Color32::from_gray(120),
                            );
                        }
                    }
                }
                ui.end_row();
            }
        });
}

/// The next cards as a list, the best for the analysed range first.
pub(super) fn next_card_list(ui: &mut egui::Ui, cards: &[NextCard], now: f64) {
    let mut sorted = cards.to_vec();
    sorted.sort_by(|a, b| b.equity[0].total_cmp(&a.equity[0]));
    egui::Grid::new("next_card_list")
        .striped(true)
        .spacing([16.0, 2.0])
        .show(ui, |ui| {
            for h in ["card", "probability", "range", "other seat", "change"] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for n in &sorted {
                ui.label(n.card.to_string());
                ui.label(format!("{:.2}%", 100.0 * n.probability));
                ui.label(format!("{:.2}%", 100.0 * n.equity[0]));
                ui.label(format!("{:.2}%", 100.0 * n.equity[1]));
                ui.label(format!("{:+.2}", 100.0 * (n.equity[0] - now)));
                ui.end_row();
            }
        });
}

/// The next-card heading, its list toggle, and the table or the sorted list.
pub(super) fn next_section(
    ui: &mut egui::Ui,
    sort_next: &mut bool,
    next: &Result<Vec<NextCard>, String>,
    now: Result<f64, &String>,
    game: Game,
) {
    ui.horizontal(|ui| {
        ui.label(RichText::new("Next card (the range's equity change)").strong());
        ui.toggle_value(sort_next, "Sorted list")
            .on_hover_text("The cards as a list, the best for the range first");
    });
    if let Some((cards, now)) = next_and_now(ui, next, now) {
        if *sort_next {
            next_card_list(ui, cards, now);
        } else {
            next_card_table(ui, cards, now, game);
        }
    }
}
