//! The inputs panel: hero, opponents, board, dead cards, opponent counts, mode,
//! precision and seed; each field validates as you type.

use super::MultiOddsView;
use crate::cards::{CardSet, Game};
use crate::command::{SentHands, ViewCommand};
use crate::game_inputs::{carry_cards, carry_ranges, game_notes, game_range_field, game_selector};
use crate::scenario::ViewKind;
use crate::view::{HandsTaken, View, ViewContext};
use crate::widgets::{blocked_cards, board_and_dead, run_footer, run_settings, ERROR_COLOR};
use egui::RichText;

/// The left panel.
pub(crate) fn inputs_panel(view: &mut MultiOddsView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.heading("MultiOdds view");
    ui.add_space(4.0);
    let mut edited = false;
    let before = view.inputs.game;
    // The sweep deals opponents' hands: every game but the draw games.
    let games: Vec<Game> = Game::ALL.into_iter().filter(|g| !g.is_draw()).collect();
    if game_selector(ui, "multiodds", &mut view.inputs.game, &games) {
        let i = &mut view.inputs;
        view.game_note = carry_stud_hero(i, before);
        view.game_note.extend(carry_ranges(
            &mut [
                ("hero".to_string(), &mut i.hero),
                ("opponents".to_string(), &mut i.opponents),
            ],
            i.game,
        ));
        view.game_note
            .extend(carry_cards(&mut i.board, &mut i.dead, i.game));
        // Pins of another game are no baseline for this one.
        if !view.pinned.is_empty() {
            view.pinned.clear();
            view.game_note
                .push("the pins were removed: they were computed in another game".into());
        }
        edited = true;
    }
    game_notes(ui, &mut view.game_note);
    // The notes say what the change of game reset: they go at the next other edit.
    let switched = edited;
    let errors = view.errors.clone();
    let i = &mut view.inputs;
    let game = i.game;
    if !game.has_board() {
        edited |= stud_fields(i, ui, &errors);
        edited |=
            crate::widgets::opponent_span(ui, "Opponents from", &mut i.opponent_counts, i.game);
        edited |= run_settings(ui, &mut i.run, &errors, true);
        if edited && !switched {
            view.game_note.clear();
        }
        if edited {
            cx.commands.view(ViewKind::MultiOdds, ViewCommand::Edited);
        }
        return;
    }
    let blocked = blocked_cards(&i.board, &i.dead);
    edited |= game_range_field(
        ui,
        game,
        "Hero",
        &mut i.hero,
        errors.at("hero"),
        &mut view.hero_grid,
        blocked,
        cx,
    );
    // A known hero hand's cards are taken too (greyed in the opponents' pickers).
    let hero_cards = CardSet::parse(&i.hero)
        .ok()
        .filter(|c| c.len() == game.hole_cards())
        .unwrap_or_default();
    edited |= game_range_field(
        ui,
        game,
        "Opponents",
        &mut i.opponents,
        errors.at("opponents"),
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
    edited |= crate::widgets::opponent_span(ui, "Opponents from", &mut i.opponent_counts, i.game);
    edited |= run_settings(ui, &mut i.run, &errors, true);
    if edited && !switched {
        view.game_note.clear();
    }
    if edited {
        cx.commands.view(ViewKind::MultiOdds, ViewCommand::Edited);
    }
}

/// A game without a board (stud): the hero's down and up cards, the opponents' up cards
/// (opponents split by `/`, the rest random), the dead cards; true when edited.
fn stud_fields(
    i: &mut crate::scenario::SweepInputs,
    ui: &mut egui::Ui,
    errors: &crate::view::FieldErrors,
) -> bool {
    use crate::widgets::{card_picker, text_field};
    let cards = |t: &str| CardSet::parse(&t.replace('/', " ")).unwrap_or_default();
    let mut edited = text_field(
        ui,
        "Hero down cards",
        &mut i.hero,
        errors.at("hero"),
        "As Kd · QQ+, AKs · empty: unknown",
    );
    edited |= text_field(
        ui,
        "Hero up cards",
        &mut i.hero_up,
        errors.at("hero_up"),
        "7c · 7c Kd 2s 9h",
    );
    let taken = cards(&i.hero)
        .union(cards(&i.opponents_up))
        .union(cards(&i.dead));
    edited |= card_picker(
        ui,
        "Pick up cards",
        &mut i.hero_up,
        taken,
        i.game.dealing().up_cards as usize,
        "multiodds hero up picker",
    );
    edited |= text_field(
        ui,
        "Opponents' up cards",
        &mut i.opponents_up,
        errors.at("opponents_up"),
        "Kd / 7c 8c (one opponent per /; empty: random)",
    );
    let taken = cards(&i.hero)
        .union(cards(&i.hero_up))
        .union(cards(&i.opponents_up));
    edited |= crate::widgets::dead_cards_field(
        ui,
        (
            "Dead cards (folded players' up cards)",
            "the up cards of players who folded",
        ),
        &mut i.dead,
        errors.at("dead"),
        taken,
        "multiodds stud dead picker",
    );
    crate::widgets::field_messages(ui, errors, &["inputs", "board", "opponent_counts"]);
    edited
}

/// Carries the hero across a change into or out of a game without a board; the notes.
/// Into one: the hero keeps down cards or a two-card range, else it is unknown; the board
/// goes. Out of one: the up cards stay in the file, unused, and an unknown hero is random.
fn carry_stud_hero(i: &mut crate::scenario::SweepInputs, from: Game) -> Vec<String> {
    let mut notes = Vec::new();
    if !i.game.has_board() && from.has_board() {
        let reads = crate::cards::parse_card_list(&i.hero).is_ok_and(|c| c.len() <= 3)
            || crate::range::HandRange::parse(&i.hero).is_ok();
        if !reads {
            notes.push(format!("hero ({}) is now unknown down cards", i.hero));
            i.hero.clear();
        }
        if !i.board.trim().is_empty() {
            notes.push(format!("board cleared ({} has none)", i.game));
            i.board.clear();
        }
    } else if i.game.has_board() && !from.has_board() && i.hero.trim().is_empty() {
        i.hero = "random".into();
    }
    notes
}

/// Run controls and "Send to Range view", below the inputs.
pub(crate) fn footer(view: &mut MultiOddsView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    run_footer(
        ui,
        ViewKind::MultiOdds,
        &view.tracker,
        &view.errors,
        (view.pinned.len(), super::MAX_PINS),
        view.has_result(),
        cx.commands,
    );
    let i = &view.inputs;
    ui.horizontal_wrapped(|ui| {
        if i.game.has_board() {
            crate::widgets::send_to_range(
                ui,
                crate::scenario::RangeInputs {
                    game: i.game,
                    range: i.hero.clone(),
                    vs: vec![i.opponents.clone()],
                    board: i.board.clone(),
                    dead: i.dead.clone(),
                },
                cx.commands,
            );
        }
        // The hero against as many opponents as the sweep's first count; in stud each
        // opponent with the up cards given for it (down cards unknown).
        let count = i.opponent_counts.0.max(1);
        let (ranges, up) = if i.game.has_board() {
            let mut ranges = vec![i.hero.clone()];
            ranges.extend(std::iter::repeat_n(i.opponents.clone(), count));
            (ranges, Vec::new())
        } else {
            let mut shown: Vec<String> = i
                .opponents_up
                .split('/')
                .map(|u| u.trim().to_string())
                .filter(|u| !u.is_empty())
                .collect();
            shown.resize(count.max(shown.len()), String::new());
            let mut up = vec![i.hero_up.clone()];
            up.extend(shown);
            let mut ranges = vec![i.hero.clone()];
            ranges.resize(up.len(), String::new());
            (ranges, up)
        };
        crate::widgets::send_to(
            ui,
            "Send to Matchup view",
            "The hero and the sweep's first opponent count as seats, with board and dead cards",
            crate::Command::SendTo(
                ViewKind::Matchup,
                crate::command::SentHands {
                    game: i.game,
                    ranges,
                    up,
                    board: i.board.clone(),
                    dead: i.dead.clone(),
                },
            ),
            cx.commands,
        );
    });
}

/// Hands sent from another view: the first range the hero's, the second every
/// opponent's, as many opponents as the other ranges (within the game's seats); in stud
/// each seat's up cards. A note says what could not be taken as sent.
pub(super) fn receive(view: &mut MultiOddsView, sent: SentHands) -> HandsTaken {
    let others = sent.ranges.len().saturating_sub(1).max(1);
    let differ = sent
        .ranges
        .iter()
        .skip(2)
        .any(|r| Some(r) != sent.ranges.get(1));
    let i = &mut view.inputs;
    i.game = sent.game;
    i.hero = sent.ranges.first().cloned().unwrap_or_default();
    i.opponents = sent
        .ranges
        .get(1)
        .cloned()
        .unwrap_or_else(|| "random".into());
    let most = crate::equity::sweep::MAX_OPPONENTS.min(sent.game.max_seats() - 1);
    i.opponent_counts = (others.min(most), others.min(most));
    i.board = sent.board;
    i.dead = sent.dead;
    // Stud: the hero's up cards, and each opponent's (split by `/`).
    i.hero_up = sent.up.first().cloned().unwrap_or_default();
    i.opponents_up = if sent.up.iter().skip(1).all(|u| u.trim().is_empty()) {
        String::new()
    } else {
        sent.up
            .iter()
            .skip(1)
            .map(|u| u.trim())
            .collect::<Vec<_>>()
            .join(" / ")
    };
    // Stud opponents are their up cards there: down cards given are not taken.
    let dropped: Vec<String> = sent
        .ranges
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, r)| !r.trim().is_empty() && !sent.game.has_board())
        .map(|(k, r)| format!("seat {}'s {}", k + 1, r.trim()))
        .collect();
    HandsTaken::Taken(if differ && sent.game.has_board() {
        // The MultiOdds view gives every opponent one range: say whose.
        Some("Sent to the MultiOdds view: every opponent holds seat 2's range".to_string())
    } else if !dropped.is_empty() {
        Some(format!(
            "Sent to the MultiOdds view: the opponents show their up cards; their down cards ({}) are dealt at random there",
            dropped.join(", ")
        ))
    } else {
        None
    })
}
