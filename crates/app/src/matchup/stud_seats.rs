//! The Matchup view's seats in a game without a board (stud, stud hi/lo, razz): each
//! seat's down cards (or a range for 3rd street's two) and its up cards, and the dead
//! cards labelled for what they mostly are in stud — folded players' up cards — each
//! with a card picker that greys the cards already out. What a change into or out of
//! such a game keeps.

use super::MatchupView;
use crate::cards::{CardSet, Game};
use crate::range::HandRange;
use crate::view::ViewContext;
use crate::widgets::{
    add_seat_row, card_picker, dead_cards_field, field_messages, others_than, text_field,
};
use egui::RichText;

/// The cards a field names, or none while it does not read.
fn cards_of(text: &str) -> CardSet {
    CardSet::parse(text).unwrap_or_default()
}

/// The stud seats, the dead cards and the problems of the inputs' own; true when edited.
pub(crate) fn stud_inputs(
    view: &mut MatchupView,
    ui: &mut egui::Ui,
    _cx: &ViewContext<'_>,
) -> bool {
    let game = view.inputs.game;
    let errors = view.errors.clone();
    let inputs = &mut view.inputs;
    inputs.up.resize(inputs.seats.len(), String::new());
    let max = game.max_seats();
    let seats = inputs.seats.len();
    let mut edited = false;
    let at_limit = format!(
        "At most {max} seats in {game}: with more, the deck could not deal the seventh card even as one community card"
    );
    if add_seat_row(ui, seats, max, &at_limit) {
        inputs.seats.push(String::new());
        inputs.up.push(String::new());
        edited = true;
    }
    ui.label(
        RichText::new(
            "Down: the seat's hidden cards (As Kd), a range for its first two (QQ+, AKs), or empty when unknown. Up: its face-up cards in deal order. Cards not given are dealt at random.",
        )
        .small()
        .weak(),
    );
    ui.separator();
    let seat_cards: Vec<CardSet> = (0..seats)
        .map(|k| cards_of(&inputs.seats[k]).union(cards_of(&inputs.up[k])))
        .collect();
    let dead = cards_of(&inputs.dead);
    let up_max = game.dealing().up_cards as usize;
    let mut remove = None;
    for k in 0..seats {
        let others = others_than(k, &seat_cards, dead);
        let n = k + 1;
        edited |= text_field(
            ui,
            &format!("Seat {n} down cards"),
            &mut inputs.seats[k],
            errors.at(&format!("seats[{k}]")),
            "As Kd · QQ+, AKs · empty: unknown",
        );
        edited |= text_field(
            ui,
            &format!("Seat {n} up cards"),
            &mut inputs.up[k],
            errors.at(&format!("up[{k}]")),
            "7c · 7c Kd 2s 9h (3rd to 6th street)",
        );
        edited |= card_picker(
            ui,
            "Pick up cards",
            &mut inputs.up[k],
            others.union(cards_of(&inputs.seats[k])),
            up_max,
            &format!("stud seat {n} up picker"),
        );
        if seats > 2 && ui.small_button(format!("Remove seat {n}")).clicked() {
            remove = Some(k);
        }
        ui.separator();
    }
    if let Some(k) = remove {
        inputs.seats.remove(k);
        inputs.up.remove(k);
        edited = true;
    }
    let every_seat = seat_cards.iter().fold(CardSet::EMPTY, |a, c| a.union(*c));
    edited |= dead_cards_field(
        ui,
        (
            "Dead cards (folded players' up cards)",
            "the up cards of players who folded, any card seen",
        ),
        &mut inputs.dead,
        errors.at("dead"),
        every_seat,
        "stud dead card picker",
    );
    let out = every_seat.union(dead).len();
    ui.label(
        RichText::new(format!(
            "{out} cards out (seats' known cards and dead cards), {} in the deck",
            game.deck().len() - out.min(game.deck().len())
        ))
        .small()
        .weak(),
    );
    field_messages(ui, &errors, &["inputs", "seats", "board", "folded[0]"]);
    edited
}

/// Carries a matchup's inputs across a change into or out of a game without a board;
/// the notes saying what changed. Into one: seats keep the down cards or two-card ranges
/// they hold (others become unknown), each gets an empty up field, and the board and
/// folded seats go (stud has neither; folded up cards are dead cards). Out of one: the
/// up cards go. `from` is the game before the change.
pub(crate) fn carry_stud(inputs: &mut crate::scenario::MatchupInputs, from: Game) -> Vec<String> {
    let to = inputs.game;
    let mut notes = Vec::new();
    if !to.has_board() {
        // From a board game or a draw game, the seats take stud's shape.
        if from.has_board() || from.is_draw() {
            for (k, text) in inputs.seats.iter_mut().enumerate() {
                let reads = crate::cards::parse_card_list(text).is_ok_and(|c| c.len() <= 3)
                    || HandRange::parse(text).is_ok();
                if !reads {
                    notes.push(format!("seat {} ({text}) is now unknown down cards", k + 1));
                    text.clear();
                }
            }
            inputs.up = vec![String::new(); inputs.seats.len()];
        }
        notes.extend(leave_board_and_folded(
            inputs,
            "folded seats removed: in stud their up cards go in the dead cards",
        ));
    } else if !from.has_board() {
        notes.extend(clear_up_cards(inputs));
        for text in inputs.seats.iter_mut() {
            if text.trim().is_empty() {
                *text = "random".into();
            }
        }
    }
    notes
}

/// Into a game without a board: the board and folded seats go (`folded_note` says where
/// their cards belong now), and the seats past what the game deals; the notes.
pub(crate) fn leave_board_and_folded(
    inputs: &mut crate::scenario::MatchupInputs,
    folded_note: &str,
) -> Vec<String> {
    let to = inputs.game;
    let mut notes = Vec::new();
    if !inputs.board.trim().is_empty() {
        notes.push(format!("board cleared ({to} has none)"));
        inputs.board.clear();
    }
    if !inputs.folded.is_empty() {
        notes.push(folded_note.to_string());
        inputs.folded.clear();
    }
    notes.extend(crate::game_inputs::trim_seats(&mut inputs.seats, to));
    inputs.up.truncate(inputs.seats.len());
    notes
}

/// Into a game without up cards: they go; the note when there were any.
pub(crate) fn clear_up_cards(inputs: &mut crate::scenario::MatchupInputs) -> Option<String> {
    let had = inputs.up.iter().any(|u| !u.trim().is_empty());
    inputs.up.clear();
    had.then(|| format!("up cards cleared ({} has none)", inputs.game))
}
