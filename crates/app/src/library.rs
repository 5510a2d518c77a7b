//! The libraries: for ranges, classic presets (the Sklansky groups, standard opening
//! ranges) and the user's named ranges, offered beside every range field; for queries,
//! a dozen examples and the user's saved queries, in the Query view. Both are saved with
//! the app state.

use super::command::{Command, CommandSender};

pub use super::command::{LibraryKind, NamedRange};

/// Presets: (name, range text). Every text parses (tested).
pub(crate) const PRESETS: &[(&str, &str)] = &[
    ("Sklansky group 1", "Group1"),
    ("Sklansky groups 1-2", "G1-G2"),
    ("Sklansky groups 1-3", "G1-G3"),
    ("Sklansky groups 1-4", "G1-G4"),
    ("Sklansky groups 1-5", "G1-G5"),
    ("Sklansky groups 1-8", "G1-G8"),
    ("Premium: QQ+, AK", "QQ+, AK"),
    (
        "Early position open",
        "66+, ATs+, KJs+, QJs, JTs, AJo+, KQo",
    ),
    (
        "Middle position open",
        "44+, A9s+, A5s-A4s, KTs+, QTs+, J9s+, T9s, 98s, ATo+, KJo+",
    ),
    (
        "Cutoff open",
        "22+, A2s+, K8s+, Q9s+, J9s+, T8s+, 97s+, 87s, 76s, 65s, A8o+, KTo+, QTo+, JTo",
    ),
    (
        "Button open",
        "22+, A2s+, K5s+, Q7s+, J7s+, T7s+, 96s+, 85s+, 75s+, 64s+, 54s, A2o+, K9o+, Q9o+, \
         J9o+, T9o, 98o",
    ),
    ("Top 10% (by equity vs one random hand)", "10%"),
    ("Top 20% (by equity vs one random hand)", "20%"),
    ("Any two cards", "random"),
];

/// Longest name kept for a saved range or query.
const MAX_NAME: usize = 60;
/// Most saved ranges (or queries) kept.
pub const MAX_SAVED: usize = 200;

/// The entries offered before the saved ones.
fn presets(kind: LibraryKind) -> &'static [(&'static str, &'static str)] {
    match kind {
        LibraryKind::Range => PRESETS,
        LibraryKind::Query => &crate::scenario::inputs::EXAMPLE_QUERIES,
    }
}

/// The longest text an entry keeps (a longer saved one is dropped on start-up).
pub fn max_text(kind: LibraryKind) -> usize {
    match kind {
        LibraryKind::Range => crate::range::MAX_RANGE_TEXT,
        LibraryKind::Query => crate::scenario::inputs::MAX_QUERY_BYTES,
    }
}

/// The library menu of one field: a preset or saved entry replaces `text`; "Save"
/// stores `text` under the typed name. True when `text` changed.
pub(crate) fn library_menu(
    ui: &mut egui::Ui,
    kind: LibraryKind,
    text: &mut String,
    saved: &[NamedRange],
    name: &mut String,
    commands: &CommandSender,
) -> bool {
    let noun = kind.noun();
    let mut changed = false;
    // Clicks inside the menu (the name field above all) keep it open; its buttons close
    // it themselves.
    let config = egui::containers::menu::MenuConfig::new()
        .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
    egui::containers::menu::MenuButton::new("Library")
        .config(config)
        .ui(ui, |ui| {
            ui.label(
                egui::RichText::new(match kind {
                    LibraryKind::Range => "Presets",
                    LibraryKind::Query => "Examples",
                })
                .strong(),
            );
            for (preset, range) in presets(kind) {
                if ui.button(*preset).on_hover_text(*range).clicked() {
                    *text = range.to_string();
                    changed = true;
                    ui.close();
                }
            }
            ui.separator();
            ui.label(
                egui::RichText::new(match kind {
                    LibraryKind::Range => "Saved ranges",
                    LibraryKind::Query => "Saved queries",
                })
                .strong(),
            );
            if saved.is_empty() {
                ui.label("(none yet)");
            }
            for r in saved {
                ui.horizontal(|ui| {
                    if ui.button(&r.name).on_hover_text(&r.text).clicked() {
                        *text = r.text.clone();
                        changed = true;
                        ui.close();
                    }
                    if ui
                        .small_button("x")
                        .on_hover_text(format!("Forget this {noun}"))
                        .clicked()
                    {
                        commands.send(Command::Forget(kind, r.name.clone()));
                    }
                });
            }
            ui.separator();
            ui.horizontal(|ui| {
                let l = ui.label("Name");
                let field = ui
                    .add(egui::TextEdit::singleline(name).desired_width(140.0))
                    .labelled_by(l.id);
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let valid = !name.trim().is_empty() && !text.trim().is_empty();
                // A name already saved asks before its range is replaced: the button
                // says so, and Enter alone does not replace it.
                let taken = saved.iter().any(|r| r.name == name.trim());
                let button = if taken {
                    egui::Button::new(format!("Replace the saved {noun}"))
                } else {
                    egui::Button::new(format!("Save this {noun}"))
                };
                let clicked = ui.add_enabled(valid, button).clicked();
                if taken {
                    ui.label(
                        egui::RichText::new(format!(
                            "\u{201c}{}\u{201d} is saved: replace it?",
                            name.trim()
                        ))
                        .color(egui::Color32::from_rgb(200, 120, 0)),
                    );
                }
                if valid && (clicked || (enter && !taken)) {
                    let name: String = name.trim().chars().take(MAX_NAME).collect();
                    let entry = NamedRange {
                        name,
                        text: text.clone(),
                    };
                    commands.send(Command::SaveNamed(kind, entry));
                    ui.close();
                }
            });
        });
    changed
}

/// Adds or replaces (same name) a saved entry, newest first; at most [`MAX_SAVED`] kept.
pub(crate) fn save(library: &mut Vec<NamedRange>, range: NamedRange) {
    library.retain(|r| r.name != range.name);
    library.insert(0, range);
    library.truncate(MAX_SAVED);
}

/// Keeps the saved entries of a sane size (a hostile or corrupted state is trimmed);
/// how many were dropped.
pub(crate) fn keep_sane(library: &mut Vec<NamedRange>, kind: LibraryKind) -> usize {
    let before = library.len();
    library.retain(|r| r.name.len() <= 200 && r.text.len() <= max_text(kind) && !r.name.is_empty());
    library.truncate(MAX_SAVED);
    before - library.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::range::HandRange;

    #[test]
    fn every_preset_parses_to_a_nonempty_range() {
        for (name, text) in PRESETS {
            let range = HandRange::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!range.is_empty(), "{name}");
        }
        // Spot checks: group 1 is AA, KK, QQ, JJ, AKs (28 combos); 10% is near 133.
        assert_eq!(HandRange::parse("Group1").unwrap().combo_count(), 28);
        let ten = HandRange::parse("10%").unwrap().combo_count();
        assert!((120..=140).contains(&ten), "{ten}");
    }

    #[test]
    fn saving_replaces_by_name_newest_first() {
        let mut lib = Vec::new();
        let r = |n: &str, t: &str| NamedRange {
            name: n.into(),
            text: t.into(),
        };
        save(&mut lib, r("a", "AA"));
        save(&mut lib, r("b", "KK"));
        save(&mut lib, r("a", "QQ"));
        assert_eq!(lib, vec![r("a", "QQ"), r("b", "KK")]);
    }
}
