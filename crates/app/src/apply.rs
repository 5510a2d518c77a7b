//! How the app applies a command ([`MultiOddsApp::apply`]): split by concern — views and
//! undo, files, exports, dialogs and the range library, inputs sent between views.

use super::{
    files, game_inputs, library, matchup, multiodds, picture, range_view, tab_separated,
    table_title, view, Command, DialogPurpose, Instant, MultiOddsApp, PathBuf, Scenario,
    ViewCommand, ViewKind,
};
impl MultiOddsApp {
    /// Applies one command: each concern in its own method (views, undo, files,
    /// exports, dialogs and the range library, sending inputs between views).
    pub fn apply(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::ToView(tab, c) => {
                if c == ViewCommand::Edited {
                    let now = self.views.get(tab).snapshot();
                    self.shell.history.edited(tab, now);
                }
                let jobs = self.shell.jobs(ctx);
                self.views.get_mut(tab).apply(c, jobs);
                if tab == self.view {
                    ctx.request_repaint_after(view::DEBOUNCE);
                }
            }
            // A view never computed starts in the next `logic()`.
            Command::ShowView(tab) => self.view = tab,
            Command::ShowHelp => self.shell.help_open = true,
            Command::Undo | Command::Redo => self.undo_or_redo(command == Command::Undo),
            Command::New
            | Command::Open(_)
            | Command::Save
            | Command::SaveAs(_)
            | Command::Chosen(..) => self.apply_file(command, ctx),
            Command::CopyTable | Command::ExportCsv(_) | Command::ExportPng(_) => {
                self.apply_export(command, ctx)
            }
            Command::OpenDialog(purpose) => {
                self.shell.dialog = Some(files::Dialog::new(purpose, self.shell.file.as_deref()))
            }
            Command::CloseDialog => self.shell.dialog = None,
            Command::DismissMessage => self.shell.message = None,
            Command::DismissOverwrite => self.shell.overwrite = None,
            Command::SaveRange(range) => {
                let name = range.name.clone();
                library::save(&mut self.shell.ranges, range);
                self.shell.note = Some((format!("Range \"{name}\" saved"), Instant::now()));
            }
            Command::ForgetRange(name) => self.shell.ranges.retain(|r| r.name != name),
            Command::SendToRange(_) | Command::SendToMatchup(_) | Command::SendToMultiOdds(_) => {
                self.apply_send(command, ctx)
            }
        }
    }

    /// Undo (or redo) the last edit, showing its view.
    fn undo_or_redo(&mut self, undo: bool) {
        let views = &self.views;
        let current = |tab| views.get(tab).snapshot();
        let step = if undo {
            self.shell.history.undo(current)
        } else {
            self.shell.history.redo(current)
        };
        if let Some(step) = step {
            self.view = step.tab;
            let view = self.views.get_mut(step.tab);
            view.load(&step.inputs);
            view.edited();
        }
    }

    /// New, Open, Save, Save as and a chosen file.
    fn apply_file(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            // A new scenario: every view back to its defaults (Save writes them all).
            Command::New => {
                self.load_every_view(&Scenario::default(), ctx);
                self.shell.file = None;
                self.shell.scenario_note.clear();
            }
            // Every view takes its inputs from the file; the file's view is shown.
            Command::Open(path) => match Scenario::load(&path) {
                Ok(scenario) => {
                    self.load_every_view(&scenario, ctx);
                    self.view = scenario.view;
                    self.shell.scenario_note = scenario.note;
                    self.shell.file = Some(path.clone());
                    self.shell.remember(path);
                }
                Err(e) => self.shell.message = Some(format!("Could not open the scenario:\n{e}")),
            },
            Command::Save => match self.shell.file.clone() {
                Some(path) => self.save_to(path),
                None => self.apply(Command::OpenDialog(DialogPurpose::SaveAs), ctx),
            },
            Command::SaveAs(path) => self.save_to(path),
            Command::Chosen(purpose, path) => {
                if purpose.writes() && path.exists() {
                    self.shell.overwrite = Some(files::Overwrite { purpose, path });
                } else {
                    self.apply(purpose.command(path), ctx);
                }
            }
            _ => {}
        }
    }

    /// Copying and exporting the table or the picture.
    fn apply_export(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::CopyTable => match self.current().table_csv(&self.shell.csv) {
                Some(csv) => {
                    // One line saying what the table is (the `#` block's lines in one
                    // cell), then the table tab-separated: it pastes into a
                    // spreadsheet as cells (through the system clipboard).
                    let table = tab_separated(&csv);
                    let rows = table.lines().count().saturating_sub(1);
                    ctx.copy_text(format!("{}\n{table}", table_title(&csv)));
                    self.shell.note = Some((
                        format!("Copied the table ({rows} rows, tab-separated)"),
                        Instant::now(),
                    ));
                }
                None => self.shell.message = Some("No results to copy yet.".into()),
            },
            Command::ExportCsv(path) => match self.current().table_csv(&self.shell.csv) {
                Some(csv) => match crate::scenario::write_atomically(&path, csv.as_bytes()) {
                    Ok(()) => self.shell.saved(&path),
                    Err(e) => {
                        self.shell.message =
                            Some(format!("Could not export to {}:\n{e}", path.display()))
                    }
                },
                None => self.shell.message = Some("No results to export yet.".into()),
            },
            Command::ExportPng(path) => {
                let Some(mut drawing) = self.current().picture() else {
                    self.shell.message = Some("No plot to export yet.".into());
                    return;
                };
                let size = self.shell.png_size;
                let done = self.shell.exports.0.clone();
                let ctx = ctx.clone();
                // Render, encode and write off the UI thread.
                std::thread::spawn(move || {
                    // A fault while drawing becomes a message, never a silent wait.
                    let rendered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        picture::render(size, &mut drawing)
                    }))
                    .map_err(|_| "the picture could not be drawn (internal error)".to_string());
                    let outcome = rendered
                        .and_then(|image| picture::encode_png(&image).map_err(|e| e.to_string()))
                        .and_then(|png| {
                            crate::scenario::write_atomically(&path, &png)
                                .map_err(|e| e.to_string())
                        })
                        .map(|()| path.clone())
                        .map_err(|e| format!("Could not export to {}:\n{e}", path.display()));
                    let _ = done.send(outcome);
                    ctx.request_repaint();
                });
            }
            _ => {}
        }
    }

    /// Inputs sent from one view to another; the other view is shown and recomputes.
    fn apply_send(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::SendToRange(inputs) => {
                self.views.of_mut::<range_view::RangeView>().inputs = inputs;
                self.view = ViewKind::Range;
                self.apply(Command::ToView(ViewKind::Range, ViewCommand::Edited), ctx);
            }
            Command::SendToMatchup(sent) => {
                let m = &mut self.views.of_mut::<matchup::MatchupView>().inputs;
                m.game = sent.game;
                m.seats = sent.ranges;
                m.up = sent.up;
                m.board = sent.board;
                m.dead = sent.dead;
                game_inputs::carry_folded(&mut m.folded, m.seats.len(), m.game);
                self.view = ViewKind::Matchup;
                self.apply(Command::ToView(ViewKind::Matchup, ViewCommand::Edited), ctx);
            }
            Command::SendToMultiOdds(sent) => {
                let others = sent.ranges.len().saturating_sub(1).max(1);
                let differ = sent
                    .ranges
                    .iter()
                    .skip(2)
                    .any(|r| Some(r) != sent.ranges.get(1));
                let i = &mut self.views.of_mut::<multiodds::MultiOddsView>().inputs;
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
                if differ && sent.game.has_board() {
                    // The MultiOdds view gives every opponent one range: say whose.
                    self.shell.note = Some((
                        "Sent to the MultiOdds view: every opponent holds seat 2's range"
                            .to_string(),
                        Instant::now(),
                    ));
                } else if !dropped.is_empty() {
                    self.shell.note = Some((
                        format!(
                            "Sent to the MultiOdds view: the opponents show their up cards; their down cards ({}) are dealt at random there",
                            dropped.join(", ")
                        ),
                        Instant::now(),
                    ));
                }
                self.view = ViewKind::MultiOdds;
                self.apply(
                    Command::ToView(ViewKind::MultiOdds, ViewCommand::Edited),
                    ctx,
                );
            }
            _ => {}
        }
    }

    /// Every view takes its inputs from `scenario`; those that changed recompute (and
    /// their edit can be undone).
    fn load_every_view(&mut self, scenario: &Scenario, ctx: &egui::Context) {
        let kinds: Vec<ViewKind> = self.views.kinds().collect();
        for kind in kinds {
            let before = self.views.get(kind).snapshot();
            self.views.get_mut(kind).load(scenario);
            if self.views.get(kind).snapshot() != before {
                self.apply(Command::ToView(kind, ViewCommand::Edited), ctx);
            }
        }
    }

    /// Saves every view's inputs, showing the current view.
    fn save_to(&mut self, path: PathBuf) {
        match self.scenario().save(&path) {
            Ok(()) => {
                self.shell.file = Some(path.clone());
                self.shell.saved(&path);
                self.shell.remember(path);
            }
            Err(e) => self.shell.message = Some(format!("Could not save:\n{e}")),
        }
    }

    /// Every view's inputs and the file's note, showing the current view: what Save
    /// writes.
    pub(crate) fn scenario(&self) -> Scenario {
        Scenario {
            note: self.shell.scenario_note.clone(),
            ..self.views.scenario(self.view)
        }
    }
}
