//! The Matchup view's seats in a draw game (2-7 and A-5 single draw, badugi): each seat's
//! kept cards (the rest drawn once at random), and the dead cards — discards seen, folded
//! hands shown — each with a card picker that greys the cards already out. What a change
//! into a draw game keeps.

use super::MatchupView;
use crate::cards::CardSet;
use crate::widgets::{
    add_seat_row, card_picker, dead_cards_field, field_messages, others_than, text_field,
};
use egui::RichText;

/// The cards a field names, or none while it does not read.
fn cards_of(text: &str) -> CardSet {
    CardSet::parse(text.trim().trim_matches('-')).unwrap_or_default()
}

/// The draw seats, the dead cards and the inputs' own problems; true when edited.
pub(crate) fn draw_inputs(view: &mut MatchupView, ui: &mut egui::Ui) -> bool {
    let game = view.inputs.game;
    let errors = view.errors.clone();
    let inputs = &mut view.inputs;
    let max = game.max_seats();
    let seats = inputs.seats.len();
    let hand = game.hole_cards();
    let mut edited = false;
    if add_seat_row(ui, seats, max, &format!("At most {max} seats in {game}")) {
        inputs.seats.push(String::new());
        edited = true;
    }
    ui.label(
        RichText::new(format!(
            "Each seat keeps the cards given and draws the rest of its {hand} once; empty or - keeps none. The lowest hand wins."
        ))
        .small()
        .weak(),
    );
    ui.separator();
    let kept: Vec<CardSet> = inputs.seats.iter().map(|t| cards_of(t)).collect();
    let dead = cards_of(&inputs.dead);
    let mut remove = None;
    for k in 0..seats {
        let n = k + 1;
        let others = others_than(k, &kept, dead);
        edited |= text_field(
            ui,
            &format!("Seat {n} keeps"),
            &mut inputs.seats[k],
            errors.at(&format!("seats[{k}]")),
            "7c 5d 4h 3s · - to draw all",
        );
        edited |= card_picker(
            ui,
            "Pick kept cards",
            &mut inputs.seats[k],
            others,
            hand,
            &format!("draw seat {n} picker"),
        );
        if seats > 2 && ui.small_button(format!("Remove seat {n}")).clicked() {
            remove = Some(k);
        }
        ui.separator();
    }
    if let Some(k) = remove {
        inputs.seats.remove(k);
        edited = true;
    }
    let every_seat = kept.iter().fold(CardSet::EMPTY, |a, c| a.union(*c));
    edited |= dead_cards_field(
        ui,
        (
            "Dead cards (discards seen, folded hands shown)",
            "cards out of play",
        ),
        &mut inputs.dead,
        errors.at("dead"),
        every_seat,
        "draw dead card picker",
    );
    field_messages(ui, &errors, &["inputs", "seats", "board", "folded[0]"]);
    edited
}

/// Carries a matchup's inputs into a draw game; the notes saying what changed.
/// Seats keep the cards they name when they are no more than a hand (others keep none and
/// draw them all); the board, folded seats and up cards go.
pub(crate) fn carry_draw(inputs: &mut crate::scenario::MatchupInputs) -> Vec<String> {
    let to = inputs.game;
    let mut notes = Vec::new();
    if !to.is_draw() {
        return notes;
    }
    let hand = to.hole_cards();
    for (k, text) in inputs.seats.iter_mut().enumerate() {
        let keep = text.trim().trim_matches('-').trim();
        let reads = crate::cards::parse_card_list(keep).is_ok_and(|c| c.len() <= hand);
        if !reads {
            notes.push(format!("seat {} ({text}) now draws all its cards", k + 1));
            text.clear();
        }
    }
    notes.extend(super::stud_seats::clear_up_cards(inputs));
    notes.extend(super::stud_seats::leave_board_and_folded(
        inputs,
        "folded seats removed: a folded hand that was shown goes in the dead cards",
    ));
    notes
}
