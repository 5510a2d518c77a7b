//! The game in the views' inputs: the selector, a range field for any game (Hold'em's
//! grid and library for two-card games; Omaha's notation with a menu of common starting
//! categories), and what a change of game keeps.

use super::grid::GridState;
use super::view::ViewContext;
use super::widgets::{card_picker, range_field, text_field};
use crate::cards::{CardSet, Game};
use crate::range::HoleRange;

/// Common Omaha starting categories (name, notation), for the range field's menu.
/// Five- and six-card games pad each pattern with `x`.
pub(crate) const OMAHA_CATEGORIES: [(&str, &str); 9] = [
    ("Aces", "AAxx"),
    ("Aces double-suited", "AAxx ds"),
    ("Kings", "KKxx"),
    ("Kings double-suited", "KKxx ds"),
    ("Broadway (four cards T+)", "AKQJ, AKQT, AKJT, AQJT, KQJT"),
    (
        "Double-suited rundowns",
        "KQJT ds, QJT9 ds, JT98 ds, T987 ds, 9876 ds, 8765 ds",
    ),
    ("Double pairs (QQ+ with a pair)", "AAKK, AAQQ, KKQQ"),
    ("Ace-deuce (low)", "A2xx"),
    ("Any hand", "random"),
];

/// An Omaha category's notation in `game`: each pattern padded with `x` to the game's
/// hole cards (`AAxx` is `AAxxx` in 5-card Omaha).
pub(crate) fn category_text(notation: &str, game: Game) -> String {
    let pad = game.hole_cards().saturating_sub(4);
    notation
        .split(',')
        .map(|term| {
            let term = term.trim();
            if term == "random" || pad == 0 {
                return term.to_string();
            }
            match term.split_once(' ') {
                Some((pattern, qualifier)) => format!("{pattern}{} {qualifier}", "x".repeat(pad)),
                None => format!("{term}{}", "x".repeat(pad)),
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The game selector: true when the game changed.
pub(crate) fn game_selector(ui: &mut egui::Ui, id: &str, game: &mut Game, games: &[Game]) -> bool {
    let before = *game;
    ui.horizontal(|ui| {
        egui::ComboBox::new(("game", id), "Game")
            .selected_text(game.name())
            .show_ui(ui, |ui| {
                for &g in games {
                    ui.selectable_value(game, g, g.name())
                        .on_hover_text(g.rules());
                }
            })
            .response
            .on_hover_text(game.rules());
    });
    *game != before
}

/// A seat's range field in `game`: Hold'em's (library, grid, picker) for two-card games,
/// otherwise the text with a menu of common starting categories and a card picker.
#[allow(clippy::too_many_arguments)]
pub(crate) fn game_range_field(
    ui: &mut egui::Ui,
    game: Game,
    label: &str,
    text: &mut String,
    error: Option<&String>,
    state: &mut GridState,
    blocked: CardSet,
    cx: &ViewContext<'_>,
) -> bool {
    if game.has_two_card_ranges() {
        let hint = match game.lowest_rank() {
            0 => "AKs, Ah Kh, QQ+, random…".to_string(),
            low => format!(
                "AKs, QQ+, random… ({}s to aces)",
                crate::cards::RANK_CHARS[low as usize]
            ),
        };
        return range_field(ui, label, text, error, &hint, state, blocked, cx);
    }
    let hint = category_text("AsKsQhJh, AAxx ds, random", game);
    let field = super::widgets::field_id(ui, label);
    let mut edited = text_field(ui, label, text, error, &hint);
    ui.horizontal(|ui| {
        ui.menu_button("Starting hands", |ui| {
            for (name, notation) in OMAHA_CATEGORIES {
                let notation = category_text(notation, game);
                if ui
                    .button(name)
                    .on_hover_text(&notation)
                    .clicked()
                {
                    *text = notation;
                    edited = true;
                    ui.close();
                }
            }
        })
        .response
        .on_hover_text("Common starting categories; the field's notation: hands, x for any rank, ds/ss/r suits, commas, :weights");
        if ui.small_button("Copy").clicked() {
            ui.ctx().copy_text(text.clone());
        }
        super::widgets::paste_range_button(ui, field, text);
    });
    edited |= card_picker(
        ui,
        "Pick a hand",
        text,
        blocked,
        game.hole_cards(),
        &format!("{label} hand picker"),
    );
    edited
}

/// Moves named range fields to `game`: a field that does not read as a range of the new
/// game becomes `random`. The notes saying so.
pub(crate) fn carry_ranges(fields: &mut [(String, &mut String)], game: Game) -> Vec<String> {
    let mut notes = Vec::new();
    for (name, text) in fields.iter_mut() {
        if HoleRange::parse(text, game).is_err() {
            notes.push(format!("{name} ({text}) is now random"));
            **text = "random".into();
        }
    }
    notes
}

/// Moves seat texts to `game` ([`carry_ranges`], seats named `seat 1`…); seats past the
/// game's limit are removed. The notes saying what changed.
pub(crate) fn carry_seats(seats: &mut Vec<String>, game: Game) -> Vec<String> {
    let mut fields: Vec<(String, &mut String)> = seats
        .iter_mut()
        .enumerate()
        .map(|(i, text)| (format!("seat {}", i + 1), text))
        .collect();
    let mut changed = carry_ranges(&mut fields, game);
    changed.extend(trim_seats(seats, game));
    changed
}

/// Removes the seats past what `game` deals; the note saying so.
pub(crate) fn trim_seats(seats: &mut Vec<String>, game: Game) -> Option<String> {
    let max = game.max_seats();
    if seats.len() <= max {
        return None;
    }
    let note = format!(
        "seats {} to {} removed ({} deals at most {max})",
        max + 1,
        seats.len(),
        game.name(),
    );
    seats.truncate(max);
    Some(note)
}

/// Carries folded seats' ranges into `game` as [`carry_seats`] does the seats', removing
/// those past what a deal holds beside `seats` showdown seats; the notes.
pub(crate) fn carry_folded(folded: &mut Vec<String>, seats: usize, game: Game) -> Vec<String> {
    let mut fields: Vec<(String, &mut String)> = folded
        .iter_mut()
        .enumerate()
        .map(|(i, text)| (format!("folded seat {}", i + 1), text))
        .collect();
    let mut changed = carry_ranges(&mut fields, game);
    let room = game.max_seats().saturating_sub(seats);
    if folded.len() > room {
        changed.push(format!(
            "folded seats {} to {} removed ({} deals at most {} hands)",
            room + 1,
            folded.len(),
            game.name(),
            game.max_seats()
        ));
        folded.truncate(room);
    }
    changed
}

/// Clears the board or dead cards when they hold cards `game` does not deal; the notes.
pub(crate) fn carry_cards(board: &mut String, dead: &mut String, game: Game) -> Vec<String> {
    let mut changed = Vec::new();
    for (name, text) in [("board", board), ("dead cards", dead)] {
        let off_deck = CardSet::parse(text)
            .map(|c| !c.difference(game.deck()).is_empty())
            .unwrap_or(false);
        if off_deck {
            changed.push(format!(
                "{name} cleared (cards {} does not deal)",
                game.name()
            ));
            text.clear();
        }
    }
    changed
}

/// What the last change of game reset, in small orange lines below the menu, with a
/// button that dismisses them (they stay until then, or until the next change of game).
pub(crate) fn game_notes(ui: &mut egui::Ui, notes: &mut Vec<String>) {
    for note in notes.iter() {
        ui.label(
            egui::RichText::new(note)
                .small()
                .color(egui::Color32::from_rgb(200, 120, 0)),
        );
    }
    if !notes.is_empty()
        && ui
            .small_button("Dismiss")
            .on_hover_text("Hide these notes on the change of game")
            .clicked()
    {
        notes.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_read_in_every_omaha_game() {
        for game in Game::ALL.into_iter().filter(|g| g.is_omaha()) {
            for (name, notation) in OMAHA_CATEGORIES {
                let text = category_text(notation, game);
                assert!(
                    HoleRange::parse(&text, game).is_ok(),
                    "{name} in {game}: {text}"
                );
            }
        }
        assert_eq!(
            category_text("AAxx ds, random", Game::OMAHA6),
            "AAxxxx ds, random"
        );
    }

    #[test]
    fn a_change_of_game_keeps_what_applies() {
        let mut seats = vec!["AsKsQhJh".to_string(), "AAxx".to_string(), "QQ+".into()];
        let note = carry_seats(&mut seats, Game::OMAHA);
        assert_eq!(seats, ["AsKsQhJh", "AAxx", "random"]);
        assert_eq!(note, ["seat 3 (QQ+) is now random"]);
        let mut seats = vec!["random".to_string(); 9];
        let note = carry_seats(&mut seats, Game::OMAHA6);
        assert_eq!(seats.len(), 7);
        assert!(note[0].contains("seats 8 to 9 removed"));
        let (mut board, mut dead) = ("5c 6d 7h".to_string(), "Ah".to_string());
        let note = carry_cards(&mut board, &mut dead, Game::SHORT_DECK);
        assert_eq!((board.as_str(), dead.as_str()), ("", "Ah"));
        assert_eq!(note.len(), 1);
    }
}
