//! The Range view's breakdown lines as a Flopzilla user works them: made hands, the
//! draws (counted across every made hand), and cumulative roll-ups ("two pair or
//! better", "any draw"), each defined on hover; several lines selected at once (click,
//! Ctrl-click to add or drop one, Shift-click for a run of lines), the selection's
//! combos, weight and share; "Keep only these" and "Remove these" edit the range.
//!
//! A selection joins lines of one kind by "or" and the made-hand side with the draw side
//! by "and": "Top pair" with "Flush draw" is top pair holding a flush draw.

use super::command::{CommandSender, ViewCommand};
use crate::cards::CardSet;
use crate::equity::breakdown::{Breakdown, ComboClass, Draw, Line, MadeHand, RollUp};
use crate::range::{Combo, HandClass, HandRange};
use crate::scenario::ViewKind;
use egui::RichText;

/// A line of the breakdown: a made hand, a draw or a roll-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKey {
    /// A made hand.
    Made(MadeHand),
    /// A draw.
    Draw(Draw),
    /// A cumulative line.
    RollUp(RollUp),
}

impl LineKey {
    /// Every line, made hands, draws, then roll-ups, as [`ViewCommand::SelectLine`]
    /// numbers them.
    pub fn all() -> impl Iterator<Item = LineKey> {
        MadeHand::ALL
            .into_iter()
            .map(LineKey::Made)
            .chain(Draw::ALL.into_iter().map(LineKey::Draw))
            .chain(RollUp::ALL.into_iter().map(LineKey::RollUp))
    }

    /// Its number in [`LineKey::all`].
    pub(crate) fn number(self) -> usize {
        LineKey::all().position(|k| k == self).unwrap_or(0)
    }

    /// The name on screen.
    pub(crate) fn name(self) -> &'static str {
        match self {
            LineKey::Made(m) => m.name(),
            LineKey::Draw(d) => d.name(),
            LineKey::RollUp(r) => r.name(),
        }
    }

    /// What the line counts (hover text and Help).
    pub(crate) fn definition(self) -> &'static str {
        match self {
            LineKey::Made(m) => m.definition(),
            LineKey::Draw(d) => d.definition(),
            LineKey::RollUp(r) => r.definition(),
        }
    }

    /// Whether a combo of this class is on the line.
    pub(crate) fn holds(self, class: &ComboClass) -> bool {
        match self {
            LineKey::Made(m) => class.made == m,
            LineKey::Draw(d) => class.draws.has(d),
            LineKey::RollUp(r) => r.holds(class),
        }
    }

    /// Whether the line joins the draw side of a selection.
    fn is_draw(self) -> bool {
        match self {
            LineKey::Made(_) => false,
            LineKey::Draw(_) => true,
            LineKey::RollUp(r) => r.is_draw(),
        }
    }
}

/// The selected lines, and the one a Shift-click runs from.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Selection {
    /// The lines selected, in the order chosen.
    pub(crate) lines: Vec<LineKey>,
    anchor: Option<LineKey>,
}

impl Selection {
    /// Nothing selected.
    pub(crate) fn clear(&mut self) {
        self.lines.clear();
        self.anchor = None;
    }

    /// A click on `key`: alone (a second click on the only line clears it); `toggle`
    /// (Ctrl) adds or drops it; `extend` (Shift) selects the run of `shown` lines from
    /// the last line clicked to it.
    pub(crate) fn click(&mut self, key: LineKey, toggle: bool, extend: bool, shown: &[LineKey]) {
        let at = |k: LineKey| shown.iter().position(|&s| s == k);
        match (extend, self.anchor.and_then(at), at(key)) {
            (true, Some(from), Some(to)) => {
                let (a, b) = (from.min(to), from.max(to));
                self.lines = shown[a..=b].to_vec();
                return;
            }
            _ if toggle => {
                if let Some(i) = self.lines.iter().position(|&l| l == key) {
                    self.lines.remove(i);
                } else {
                    self.lines.push(key);
                }
            }
            _ if self.lines == [key] => self.lines.clear(),
            _ => self.lines = vec![key],
        }
        self.anchor = Some(key);
    }

    /// Whether a combo of this class is selected: on some selected made-hand line (if
    /// any is selected) and on some selected draw line (if any is).
    pub(crate) fn holds(&self, class: &ComboClass) -> bool {
        if self.lines.is_empty() {
            return false;
        }
        let side = |draw: bool| {
            let mut on = self.lines.iter().filter(|l| l.is_draw() == draw).peekable();
            on.peek().is_none() || on.any(|l| l.holds(class))
        };
        side(false) && side(true)
    }

    /// The condition the selection stands for, as [`Selection::holds`] reads it: each
    /// side's lines joined by "or", the two sides by "and" ("(Overpair or Top pair) and
    /// Flush draw").
    pub(crate) fn describe(&self) -> String {
        let side = |draw: bool| -> Option<String> {
            let names: Vec<&str> = self
                .lines
                .iter()
                .filter(|l| l.is_draw() == draw)
                .map(|l| l.name())
                .collect();
            match names.len() {
                0 => None,
                1 => Some(names[0].to_string()),
                _ => Some(format!("({})", names.join(" or "))),
            }
        };
        match (side(false), side(true)) {
            (Some(made), Some(draw)) => format!("{made} and {draw}"),
            (Some(one), None) | (None, Some(one)) => one
                .trim_start_matches('(')
                .trim_end_matches(')')
                .to_string(),
            (None, None) => String::new(),
        }
    }

    /// The selected combos of `b` with their weights.
    pub(crate) fn combos(&self, b: &Breakdown) -> Vec<(Combo, f64)> {
        b.by_combo
            .iter()
            .filter(|(_, _, class)| self.holds(class))
            .map(|&(c, w, _)| (c, w))
            .collect()
    }
}

/// The lines shown (those holding a combo) with their counts, in display order: made
/// hands, draws, roll-ups.
fn lines_shown(b: &Breakdown) -> Vec<(LineKey, Line)> {
    let made = b.made.iter().map(|(m, l)| (LineKey::Made(*m), *l));
    let draws = b.draws.iter().map(|(d, l)| (LineKey::Draw(*d), *l));
    let rollups = b.rollups.iter().map(|(r, l)| (LineKey::RollUp(*r), *l));
    made.chain(draws)
        .chain(rollups)
        .filter(|(_, l)| l.combos > 0)
        .collect()
}

/// The keys of the lines shown, in display order: Shift-click runs over this order.
pub(crate) fn shown_lines(b: &Breakdown) -> Vec<LineKey> {
    lines_shown(b).into_iter().map(|(k, _)| k).collect()
}

/// The width of the lines' names: the longest ("Pair or better, or a draw") fits.
const NAME_WIDTH: f32 = 190.0;

/// One line above the table: the condition the selected lines combine into and its
/// combos, weight and share (or how to select), never wider than the table.
fn selection_summary(ui: &mut egui::Ui, selection: &Selection, chosen: &Line) {
    // Always one line here, so the table below never moves as lines are selected.
    let condition = selection.describe();
    let summary = if selection.lines.is_empty() {
        "Click lines to select their combos (Ctrl: add one, Shift: a run)".to_string()
    } else {
        // The condition the lines combine into, written out: "and" explains a total
        // of 0 that "Overpair, Top pair, Flush draw" alone would not.
        format!(
            "Selected: {}: {} combos, weight {:.2}, {:.1}% of the range",
            crate::widgets::shorten(&condition, 60),
            chosen.combos,
            chosen.weight,
            100.0 * chosen.share
        )
    };
    // Never wider than the table below it: a long condition would widen the table and
    // push the class grid beside it (it shows whole on hover).
    let width = ui.available_width().min(350.0);
    ui.add_sized(
        [width, ui.text_style_height(&egui::TextStyle::Body)],
        egui::Label::new(summary).truncate(),
    )
    .on_hover_text(format!(
        "{condition}\nLines of one kind join by \"or\"; a made hand and a draw join by \"and\" (top pair with a flush draw)"
    ));
}

/// The lines' table: a heading per group, each line selectable with its definition on
/// hover, the selection's totals, and the buttons that edit the range.
pub(crate) fn lines_table(
    ui: &mut egui::Ui,
    b: &Breakdown,
    selection: &Selection,
    commands: &CommandSender,
) {
    // The selection and its buttons first: in sight above a long table.
    let chosen = b.line_where(|k| selection.holds(k));
    selection_summary(ui, selection, &chosen);
    ui.horizontal(|ui| {
        let any = chosen.combos > 0;
        if ui
            .add_enabled(any, egui::Button::new("Keep only these"))
            .on_hover_text("The range becomes the selected combos (whole classes where every live combo of a class is selected)")
            .clicked()
        {
            commands.view(ViewKind::Range, ViewCommand::KeepSelected);
            commands.view(ViewKind::Range, ViewCommand::Edited);
        }
        if ui
            .add_enabled(any, egui::Button::new("Remove these"))
            .clicked()
        {
            commands.view(ViewKind::Range, ViewCommand::RemoveSelected);
            commands.view(ViewKind::Range, ViewCommand::Edited);
        }
    });
    egui::Grid::new("breakdown_lines")
        .striped(true)
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            let mut group = "";
            for (key, line) in &lines_shown(b) {
                let heading = match key {
                    LineKey::Made(_) => "made hand",
                    LineKey::Draw(_) => "draws (across every made hand)",
                    LineKey::RollUp(_) => "together (each combo once)",
                };
                if heading != group {
                    group = heading;
                    ui.label(RichText::new(heading).strong());
                    for h in ["combos", "weight", "share"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                }
                // The whole name column is the click target, not just the name's
                // letters ("Set" was a 30-point target).
                let response = ui
                    .add(
                        egui::Button::selectable(
                            selection.lines.contains(key),
                            (key.name(), egui::Atom::grow()),
                        )
                        .min_size(egui::vec2(NAME_WIDTH, 0.0)),
                    )
                    .on_hover_text(format!(
                        "{}.\nClick: select its combos (outlined on the grid); Ctrl-click: add or drop it; Shift-click: a run of lines.",
                        key.definition()
                    ));
                if response.clicked() {
                    let modifiers = ui.input(|i| i.modifiers);
                    commands.view(
                        ViewKind::Range,
                        ViewCommand::SelectLine {
                            line: key.number(),
                            toggle: modifiers.command || modifiers.ctrl,
                            extend: modifiers.shift,
                        },
                    );
                }
                ui.label(line.combos.to_string());
                ui.label(format!("{:.2}", line.weight));
                ui.label(format!("{:.1}%", 100.0 * line.share));
                ui.end_row();
            }
        });
}

/// The range kept to the `chosen` combos (`keep`), or with them removed. A class whose
/// every live combo (none of `blocked`'s cards) is kept is kept whole, its blocked combos
/// with it, so the text reads in classes (`AKs`, `QQ+`) rather than combo by combo.
pub(crate) fn edited_range(
    current: &HandRange,
    chosen: &[(Combo, f64)],
    blocked: CardSet,
    keep: bool,
) -> HandRange {
    if !keep {
        let mut out = current.clone();
        for &(c, _) in chosen {
            out.set(c, 0.0);
        }
        return out;
    }
    let chosen_set: std::collections::HashSet<Combo> = chosen.iter().map(|&(c, _)| c).collect();
    let mut out = HandRange::empty();
    for &(c, w) in chosen {
        out.set(c, w as f32);
    }
    for class in HandClass::all() {
        let combos = class.combos();
        let live: Vec<&Combo> = combos
            .iter()
            .filter(|c| current.weight(**c) > 0.0 && !c.card_set().intersects(blocked))
            .collect();
        if !live.is_empty() && live.iter().all(|c| chosen_set.contains(c)) {
            for &c in combos.iter() {
                out.set(c, current.weight(c));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The condition is written as it is read: "or" within a side, "and" between them.
    #[test]
    fn a_selection_writes_its_condition() {
        let mut s = Selection::default();
        assert_eq!(s.describe(), "");
        s.lines = vec![LineKey::Made(MadeHand::Overpair)];
        assert_eq!(s.describe(), "Overpair");
        s.lines.push(LineKey::Made(MadeHand::TopPair));
        assert_eq!(s.describe(), "Overpair or Top pair");
        s.lines.push(LineKey::Draw(Draw::FlushDraw));
        assert_eq!(s.describe(), "(Overpair or Top pair) and Flush draw");
    }
    use crate::equity::breakdown::breakdown;

    fn setup() -> (HandRange, CardSet, Breakdown) {
        let range = HandRange::parse("22+, A2s+, KTs+, QTs+, JTs, ATo+").unwrap();
        let board = CardSet::parse("Kd 7c 2s").unwrap();
        let b = breakdown(&range, board, CardSet::EMPTY).unwrap();
        (range, board, b)
    }

    #[test]
    fn clicks_select_one_add_and_run() {
        let (_, _, b) = setup();
        let shown = shown_lines(&b);
        let mut s = Selection::default();
        s.click(shown[0], false, false, &shown);
        assert_eq!(s.lines, [shown[0]]);
        s.click(shown[2], true, false, &shown);
        assert_eq!(s.lines, [shown[0], shown[2]]);
        s.click(shown[0], true, false, &shown);
        assert_eq!(s.lines, [shown[2]]);
        // Shift runs from the last line clicked (shown[0], just dropped) to this one.
        s.click(shown[4], false, true, &shown);
        assert_eq!(s.lines, shown[0..=4]);
        s.click(shown[3], false, false, &shown);
        s.click(shown[1], false, true, &shown);
        assert_eq!(s.lines, shown[1..=3]);
        s.click(shown[1], false, false, &shown);
        s.click(shown[1], false, false, &shown);
        assert!(s.lines.is_empty());
    }

    /// A selection's combos against a plain filter of every combo's class: lines of a
    /// kind by "or", made hands with draws by "and".
    #[test]
    fn a_selection_equals_a_plain_count() {
        let (_, board, b) = setup();
        let mut s = Selection::default();
        let sets = LineKey::Made(MadeHand::Set);
        let top = LineKey::Made(MadeHand::TopPair);
        let backdoor = LineKey::Draw(Draw::BackdoorFlushDraw);
        let shown = shown_lines(&b);
        s.click(sets, false, false, &shown);
        s.click(top, true, false, &shown);
        let plain = |keep: &dyn Fn(&ComboClass) -> bool| {
            b.by_combo.iter().filter(|(_, _, k)| keep(k)).count()
        };
        assert_eq!(
            s.combos(&b).len(),
            plain(&|k| k.made == MadeHand::Set || k.made == MadeHand::TopPair)
        );
        s.click(backdoor, true, false, &shown);
        let both = plain(&|k| {
            (k.made == MadeHand::Set || k.made == MadeHand::TopPair)
                && k.draws.has(Draw::BackdoorFlushDraw)
        });
        assert_eq!(s.combos(&b).len(), both);
        assert!(both > 0);
        let line = b.line_where(|k| s.holds(k));
        assert_eq!(line.combos, both);
        // The classes of each selected combo agree with classify.
        for (c, _) in s.combos(&b) {
            let k = crate::equity::breakdown::classify(c, board);
            assert!(k.draws.has(Draw::BackdoorFlushDraw));
        }
    }

    /// Keeping the sets on Kd 7c 2s keeps KK, 77 and 22 as whole classes (each has
    /// three live combos, all selected), not nine combos by name.
    #[test]
    fn keep_only_writes_whole_classes() {
        let (range, board, b) = setup();
        let mut s = Selection::default();
        s.click(LineKey::Made(MadeHand::Set), false, false, &shown_lines(&b));
        let chosen = s.combos(&b);
        assert_eq!(chosen.len(), 9);
        let kept = edited_range(&range, &chosen, board, true);
        assert_eq!(kept.to_string(), "KK, 77, 22");
        // Dealt on this board the kept range holds exactly the nine sets.
        let again = breakdown(&kept, board, CardSet::EMPTY).unwrap();
        assert_eq!(again.combos, 9);
        let removed = edited_range(&range, &chosen, board, false);
        assert_eq!(removed.combo_count(), range.combo_count() - 9);
    }
}
