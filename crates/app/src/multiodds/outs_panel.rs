//! The outs panel of the MultiOdds view: on a flop or turn with a known hero hand, the
//! outs by the hand they make, discounted outs (Baker's rule), the second outs rule,
//! the draws, and the chances by the river, exact and by the rule of 4 and 2.
//! The figures come from an outs job (`worker::Job::Outs`); this only draws them.

use super::MultiOddsView;
use crate::cards::Card;
use crate::equity::outs::{draw, Draw, Outs};
use egui::{Color32, RichText};

fn card_text(cards: &[Card]) -> String {
    let mut v = cards.to_vec();
    v.sort_by(|a, b| b.cmp(a));
    crate::cards::format_cards(&v)
}

fn chance_cells(ui: &mut egui::Ui, d: &Draw) {
    ui.label(RichText::new(d.outs.to_string()).monospace());
    ui.label(RichText::new(format!("{:.1}", 100.0 * d.hit_by_river)).monospace());
    ui.label(RichText::new(format!("{:.0}", 100.0 * d.rule_of_4_and_2)).monospace());
}

pub(crate) fn outs_panel(view: &MultiOddsView, ui: &mut egui::Ui) {
    let Some(answer) = &view.outs else {
        return;
    };
    ui.add_space(8.0);
    egui::CollapsingHeader::new(RichText::new("Outs and draws").strong())
        .id_salt("outs_panel")
        .default_open(true)
        .show(ui, |ui| match answer {
            Err(message) => {
                ui.colored_label(Color32::from_rgb(220, 60, 60), message);
            }
            Ok(o) => outs_body(ui, o),
        });
}

/// The outs panel's body: the hand now, a row per kind of out with its count, chances
/// and cards (Hold'em's classic rules too), then the draws.
fn outs_body(ui: &mut egui::Ui, o: &Outs) {
    let street = if o.to_come == 2 { "flop" } else { "turn" };
    let distance = o.classic.as_ref().map_or(String::new(), |c| {
        format!(
            " · hand distance {} (0 is the nuts on this board)",
            c.hand_distance
        )
    });
    ui.label(format!(
        "{} on the {street} ({}): {} now · {} unseen cards, {} to come{distance}",
        o.hero,
        o.board,
        o.category.name(),
        o.unseen,
        o.to_come,
    ));
    egui::Grid::new("outs_table")
        .striped(true)
        .spacing([14.0, 3.0])
        .show(ui, |ui| {
            ui.label(RichText::new("outs").strong());
            ui.label(RichText::new("count").strong());
            ui.label(RichText::new("by the river %").strong())
                .on_hover_text("Exact: the chance at least one of these cards comes.");
            ui.label(RichText::new("4 and 2 %").strong())
                .on_hover_text("The rule of 4 and 2: 4% per out on the flop, 2% on the turn.");
            ui.label(RichText::new("cards").strong());
            ui.end_row();
            let row = |ui: &mut egui::Ui, name: &str, cards: &[Card], d: &Draw, tip: &str| {
                ui.label(name).on_hover_text(tip);
                chance_cells(ui, d);
                ui.label(RichText::new(card_text(cards)).monospace());
                ui.end_row();
            };
            for g in &o.by_category {
                let d = draw(g.cards.len(), o.unseen, o.to_come);
                row(
                    ui,
                    &format!("makes {}", g.category.name()),
                    &g.cards,
                    &d,
                    "Outs that make this hand.",
                );
            }
            row(
                ui,
                "all outs",
                &o.outs,
                &o.all,
                "Cards that raise the hand's category and beat the board (and any known opponent).",
            );
            // The classic library's rules are Hold'em's.
            if let Some(c) = &o.classic {
                row(
                    ui,
                    "discounted",
                    &c.discounted,
                    &c.discounted_draw,
                    "Matt Baker's discounted outs: pair outs must be overcards; outs below a \
                     flush on a suited board, and trips or less on a connected board, are dropped.",
                );
                row(
                    ui,
                    "second rule",
                    &c.outs_ex,
                    &c.outs_ex_draw,
                    "OutsEx: the hand improves and beats the board, and the card makes more than \
                     two pair or pairs a hole card.",
                );
            }
        });
    if o.classic.is_none() {
        ui.label(
            RichText::new(
                "Outs by this game's rules; discounted outs and the second rule are the \
                 classic library's Hold'em rules.",
            )
            .weak(),
        );
    }
    draws_lines(ui, o);
}

/// The draws the hand holds (flush, backdoor flush, open-ended, gutshot, each with its
/// cards) and the draw count by hand.
fn draws_lines(ui: &mut egui::Ui, o: &Outs) {
    let mut draws = Vec::new();
    if o.flush_draw {
        draws.push(format!("flush draw ({} cards)", o.flush.outs));
    }
    if o.backdoor_flush_draw {
        draws.push("backdoor flush draw".to_string());
    }
    if o.open_ended {
        draws.push(format!(
            "open-ended straight draw ({} cards)",
            o.straight.outs
        ));
    }
    if o.gutshot {
        draws.push(format!("gutshot ({} cards)", o.straight.outs));
    }
    ui.label(if draws.is_empty() {
        "Draws: none".to_string()
    } else {
        format!("Draws: {}", draws.join(", "))
    });
    let counts = o.draw_count_names();
    if !counts.is_empty() {
        ui.label(format!("Draw count by hand: {}", counts.join(" · ")));
    }
}
