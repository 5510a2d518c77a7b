//! How the app applies a command ([`MultiOddsApp::apply`]): split by concern — views and
//! undo, files, exports, dialogs and the range library, inputs sent between views.

use super::command::SentHands;
use super::view::HandsTaken;
use super::{
    files, library, picture, tab_separated, table_title, view, Command, DialogPurpose, Instant,
    MultiOddsApp, PathBuf, Scenario, ViewCommand, ViewKind,
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
            Command::SaveNamed(kind, entry) => {
                let note = format!("Saved the {} \"{}\"", kind.noun(), entry.name);
                library::save(self.shell.library_mut(kind), entry);
                self.shell.note = Some((note, Instant::now()));
            }
            Command::Forget(kind, name) => self.shell.library_mut(kind).retain(|r| r.name != name),
            Command::SendTo(kind, sent) => self.apply_send(kind, sent, ctx),
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

    /// Hands sent from one view to another: the other view takes them, is shown and
    /// recomputes.
    fn apply_send(&mut self, kind: ViewKind, sent: SentHands, ctx: &egui::Context) {
        let HandsTaken::Taken(note) = self.views.get_mut(kind).receive(sent) else {
            return;
        };
        if let Some(note) = note {
            self.shell.note = Some((note, Instant::now()));
        }
        self.view = kind;
        self.apply(Command::ToView(kind, ViewCommand::Edited), ctx);
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
