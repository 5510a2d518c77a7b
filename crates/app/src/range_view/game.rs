//! The Range view in the games other than Hold'em: its panels (lines, every hand's equity,
//! exact or estimated, the next cards) and its CSV rows.

use super::{
    equity_section, next_section, shares, ByHand, CardSet, Color32, NextCard, RangeAnalysis,
    RichText,
};
/// A hand's cards without spaces (`AsKsQhJh`).
pub(super) fn hand_text(hand: CardSet) -> String {
    hand.iter().map(|c| c.to_string()).collect()
}

/// Short deck's and Omaha's panels: the game's categories and draws, every hand's
/// equity (line, curve, the strongest and weakest hands), the next card.
pub(super) fn game_panels(
    ui: &mut egui::Ui,
    a: &RangeAnalysis,
    title: &str,
    stale: bool,
    sort_next: &mut bool,
) {
    ui.horizontal_wrapped(|ui| {
        crate::widgets::title_heading(ui, title);
        if stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    ui.label(
        RichText::new(format!(
            "What the range holds ({}'s hand order)",
            a.game.name()
        ))
        .strong(),
    );
    game_lines(ui, a);
    ui.separator();
    ui.label(RichText::new("Equity by hand").strong());
    if let Ok(ByHand {
        sampled: Some(sampled),
        ..
    }) = &a.by_hand
    {
        let r = a.by_hand.as_ref().expect("matched");
        ui.label(
            RichText::new(format!(
                "Monte Carlo estimate: {:.2}% ± {:.2} for the range; {} deals for each hand, \
                 each hand's equity ± its standard error (exact would take {})",
                100.0 * r.equity(),
                100.0 * r.std_error(),
                sampled.deals_per_hand,
                crate::equity::describe_duration(sampled.exact_seconds),
            ))
            .color(crate::widgets::PARTIAL_COLOR),
        );
    }
    equity_section(
        ui,
        a.by_hand.as_ref().map(|r| (r.equity(), shares(&r.hands))),
    );
    if let Ok(r) = &a.by_hand {
        strongest_and_weakest(ui, r);
    }
    ui.separator();
    next_section(
        ui,
        sort_next,
        &a.next,
        a.by_hand.as_ref().map(|r| r.equity()),
        a.game,
    );
}

/// The range's lines by the game's rules: each category and draw with its hands, weight
/// and share (draws indented under the made hands).
fn game_lines(ui: &mut egui::Ui, a: &RangeAnalysis) {
    match a.breakdown.as_ref().map(|lines| lines.game()) {
        Ok(None) => {}
        Ok(Some(b)) => {
            ui.label(format!("{} hands, weight {:.2}", b.hands, b.weight));
            egui::Grid::new("game_breakdown_lines")
                .striped(true)
                .spacing([12.0, 2.0])
                .show(ui, |ui| {
                    for h in ["line", "hands", "weight", "share"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for (key, line) in b.lines.iter().filter(|(_, l)| l.combos > 0) {
                        let name = if key.is_draw() {
                            format!("  {}", key.name())
                        } else {
                            key.name().to_string()
                        };
                        ui.label(name);
                        ui.label(line.combos.to_string());
                        ui.label(format!("{:.2}", line.weight));
                        ui.label(format!("{:.1}%", 100.0 * line.share));
                        ui.end_row();
                    }
                });
        }
        Err(why) => {
            ui.label(RichText::new(format!("n/a: {why}")).weak());
        }
    }
}

/// The eight strongest and eight weakest hands by equity (each ± its error when
/// estimated), folded away by default.
fn strongest_and_weakest(ui: &mut egui::Ui, r: &ByHand) {
    let mut sorted = r.hands.clone();
    sorted.sort_by(|x, y| y.equity.total_cmp(&x.equity));
    let shown = 8.min(sorted.len());
    ui.collapsing(
        format!("Strongest and weakest hands ({} in all)", sorted.len()),
        |ui| {
            egui::Grid::new("game_hands")
                .striped(true)
                .spacing([16.0, 2.0])
                .show(ui, |ui| {
                    let sampled = r.sampled.is_some();
                    for h in ["hand", "equity", "win", "tie", "share"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    let weakest = sorted.len().saturating_sub(shown).max(shown);
                    for h in sorted[..shown].iter().chain(&sorted[weakest..]) {
                        ui.label(hand_text(h.hand));
                        ui.label(if sampled {
                            format!("{:.2}% ± {:.2}", 100.0 * h.equity, 100.0 * h.std_error)
                        } else {
                            format!("{:.2}%", 100.0 * h.equity)
                        });
                        ui.label(format!("{:.2}%", 100.0 * h.win));
                        ui.label(format!("{:.2}%", 100.0 * h.tie));
                        ui.label(format!("{:.2}%", 100.0 * h.share));
                        ui.end_row();
                    }
                });
        },
    );
}

/// A game's analysis as CSV rows (lines, every hand, next cards).
/// The next cards' CSV rows: each card's probability and the range's equity after it.
pub(super) fn write_next_cards(
    w: &mut ::csv::Writer<Vec<u8>>,
    next: &[NextCard],
    pct: &dyn Fn(f64) -> String,
) {
    for n in next {
        let _ = w.write_record([
            "next_card",
            &n.card.to_string(),
            "",
            "",
            &pct(n.probability),
            &pct(n.equity[0]),
        ]);
    }
}

pub(super) fn game_csv(
    w: &mut ::csv::Writer<Vec<u8>>,
    a: &RangeAnalysis,
    pct: &dyn Fn(f64) -> String,
) {
    if let Some(b) = a.breakdown.as_ref().ok().and_then(|lines| lines.game()) {
        for (k, l) in &b.lines {
            let _ = w.write_record([
                if k.is_draw() { "draw" } else { "made" },
                k.key(),
                &l.combos.to_string(),
                &format!("{:.6}", l.weight),
                &pct(l.share),
                "",
            ]);
        }
    }
    if let Ok(r) = &a.by_hand {
        for h in &r.hands {
            let _ = w.write_record([
                "hand",
                &hand_text(h.hand),
                "1",
                &format!("{:.6}", h.weight),
                &pct(h.share),
                &pct(h.equity),
            ]);
        }
    }
    if let Ok(next) = &a.next {
        write_next_cards(w, next, pct);
    }
}
