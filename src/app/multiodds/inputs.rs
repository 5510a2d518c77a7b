//! The inputs panel: hero, opponents, board, dead cards, opponent counts, mode,
//! precision and seed; each field validates as you type.

use super::MultiOddsView;
use crate::app::view::{View, ViewContext};
use crate::app::widgets::{
    blocked_cards, board_and_dead, range_field, run_footer, run_settings, ERROR_COLOR,
};
use crate::cards::CardSet;
use crate::scenario::ViewKind;
use egui::RichText;

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
        errors.at("hero"),
        "AKs, Ah Kh, QQ+, Group1 Suited…",
        &mut view.hero_grid,
        blocked,
        cx,
    );
    // A known hero hand's cards are taken too (greyed in the opponents' pickers).
    let hero_cards = CardSet::parse(&i.hero)
        .ok()
        .filter(|c| c.len() == 2)
        .unwrap_or_default();
    edited |= range_field(
        ui,
        "Opponents",
        &mut i.opponents,
        errors.at("opponents"),
        "random, 22+, 15%…",
        &mut view.opponents_grid,
        blocked.union(hero_cards),
        cx,
    );
    edited |= board_and_dead(
        ui,
        &mut i.board,
        &mut i.dead,
        (errors.at("board"), errors.at("dead")),
        hero_cards,
        "MultiOdds",
    );
    for field in ["inputs", "opponent_counts"] {
        if let Some(message) = errors.at(field) {
            ui.label(RichText::new(message).color(ERROR_COLOR));
        }
    }
    edited |= crate::app::widgets::opponent_span(ui, "Opponents from", &mut i.opponent_counts);
    edited |= run_settings(ui, &mut i.run, &errors, true);
    run_footer(
        ui,
        ViewKind::MultiOdds,
        &view.tracker,
        (view.pinned.len(), super::MAX_PINS),
        view.has_result(),
        edited,
        cx.commands,
    );
    let i = &view.inputs;
    crate::app::widgets::send_to_range(
        ui,
        crate::scenario::RangeInputs {
            range: i.hero.clone(),
            vs: vec![i.opponents.clone()],
            board: i.board.clone(),
            dead: i.dead.clone(),
        },
        cx.commands,
    );
}
