//! The 52-card picker beside the board and dead-card fields, and the four-colour deck's
//! suit colours it draws with.

use crate::cards::{Card, CardSet};
use egui::{Color32, RichText};

/// A 52-card picker: click a card to add it to (or remove it from) `cards` (at most
/// `max`), in the order clicked (a board's turn lands after its flop); cards in `other`
/// (taken by another field) are disabled. Typing in the field stays first-class: the
/// picker reads and writes the same text.
pub(crate) fn card_picker(
    ui: &mut egui::Ui,
    label: &str,
    cards: &mut String,
    blocked: CardSet,
    max: usize,
    id: &str,
) -> bool {
    let mut changed = false;
    let current = crate::cards::parse_card_list(cards).unwrap_or_default();
    egui::CollapsingHeader::new(label)
        .id_salt(id)
        .default_open(false)
        .show(ui, |ui| {
            ui.spacing_mut().button_padding = egui::vec2(3.0, 2.0);
            // Thirteen cards a row in the panel's width: the text shrinks, the panel
            // does not grow (two monospace characters of 0.6 size a card, 6 of padding).
            let per_card = (ui.available_width() - 12.0 * 2.0) / 13.0 - 6.0;
            let size = (per_card / 1.25).clamp(8.0, 14.0);
            egui::Grid::new(id)
                .spacing([2.0, 2.0])
                .min_col_width(0.0)
                .show(ui, |ui| {
                    for suit in (0..4u8).rev() {
                        for rank in (0..13u8).rev() {
                            let card = Card::new(rank, suit);
                            let selected = current.contains(&card);
                            let text = RichText::new(card.to_string())
                                .monospace()
                                .size(size)
                                .color(suit_color(suit));
                            let button = egui::Button::selectable(selected, text);
                            let taken = blocked.contains(card);
                            let response = ui.add_enabled(!taken, button);
                            if response.clicked() {
                                let mut list = current.clone();
                                if selected {
                                    list.retain(|&c| c != card);
                                } else if list.len() < max {
                                    list.push(card);
                                }
                                *cards = crate::cards::format_cards(&list);
                                changed = true;
                            }
                        }
                        ui.end_row();
                    }
                });
        });
    changed
}

/// The four-colour deck: clubs green, diamonds blue, hearts red, spades grey.
pub(crate) fn suit_color(suit: u8) -> Color32 {
    match suit {
        0 => Color32::from_rgb(40, 140, 60),
        1 => Color32::from_rgb(40, 90, 200),
        2 => Color32::from_rgb(200, 50, 50),
        _ => Color32::from_gray(150),
    }
}
