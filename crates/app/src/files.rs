//! File dialogs (through `egui_file`: browsing, filters, Enter and Escape), the question
//! before a file is replaced, messages, and the short "Saved to …" notes.

use super::command::{Command, CommandSender, DialogPurpose};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// An open file dialog.
pub(crate) struct Dialog {
    pub(crate) purpose: DialogPurpose,
    file: egui_file::FileDialog,
}

impl Dialog {
    /// A dialog in the folder of `current` (or the working folder), with a file name
    /// suggested for saves and exports.
    pub(crate) fn new(purpose: DialogPurpose, current: Option<&Path>) -> Dialog {
        let dir = current
            .and_then(Path::parent)
            .filter(|d| d.is_dir())
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let extension = purpose.extension();
        let shows = move |path: &Path| {
            path.is_dir()
                || path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case(extension))
        };
        let mut file = match purpose {
            DialogPurpose::Open | DialogPurpose::OpenHands => egui_file::FileDialog::open_file(),
            DialogPurpose::SessionFolder => egui_file::FileDialog::select_folder(),
            _ => egui_file::FileDialog::save_file(),
        }
        .initial_path(dir)
        .title(purpose.title())
        .show_files_filter(Box::new(shows))
        .show_new_folder(false)
        .show_rename(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_size([560.0, 380.0]);
        if purpose.writes() {
            let name = match purpose {
                DialogPurpose::SaveAs => current
                    .and_then(Path::file_name)
                    .and_then(|n| n.to_str())
                    .unwrap_or("scenario.ron")
                    .to_string(),
                _ => format!("multiodds.{extension}"),
            };
            file = file.default_filename(name);
        }
        file.open();
        Dialog { purpose, file }
    }

    /// Draws the dialog; sends the chosen path (with the extension added when missing),
    /// or closes it on RunControl and Escape.
    pub(crate) fn show(&mut self, ctx: &egui::Context, commands: &CommandSender) {
        self.file.show(ctx);
        match self.file.state() {
            egui_file::State::Selected => {
                if let Some(path) = self.file.path() {
                    let mut path = path.to_path_buf();
                    if self.purpose.writes() && path.extension().is_none() {
                        path.set_extension(self.purpose.extension());
                    }
                    commands.send(Command::CloseDialog);
                    commands.send(Command::Chosen(self.purpose, path));
                }
            }
            egui_file::State::Cancelled | egui_file::State::Closed => {
                commands.send(Command::CloseDialog)
            }
            egui_file::State::Open => {}
        }
    }
}

/// A write that waits for "Replace?" to be answered.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Overwrite {
    pub(crate) purpose: DialogPurpose,
    pub(crate) path: PathBuf,
}

/// Asks before replacing a file. Enter replaces, Escape cancels.
pub(crate) fn overwrite_question(
    ctx: &egui::Context,
    question: &Overwrite,
    commands: &CommandSender,
) {
    let (enter, escape) = ctx.input(|i| {
        (
            i.key_pressed(egui::Key::Enter),
            i.key_pressed(egui::Key::Escape),
        )
    });
    egui::Window::new("Replace the file?")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "{} already exists. Replace it?",
                question.path.display()
            ));
            ui.horizontal(|ui| {
                let replace = ui.button("Replace");
                if replace.clicked() || enter {
                    commands.send(Command::DismissOverwrite);
                    commands.send(question.purpose.command(question.path.clone()));
                }
                if ui.button("RunControl").clicked() || escape {
                    commands.send(Command::DismissOverwrite);
                }
            });
        });
}

/// A message window (a failed load or save…); OK, Enter or Escape closes it.
pub(crate) fn message_window(ctx: &egui::Context, message: &str, commands: &CommandSender) {
    let close = ctx.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Escape));
    egui::Window::new("MultiOdds")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(message).size(15.0));
            if ui.button("OK").clicked() || close {
                commands.send(Command::DismissMessage);
            }
        });
}

/// How long a note stays on screen.
pub(crate) const NOTE_TIME: Duration = Duration::from_secs(4);

/// A short note in the bottom right corner ("Saved to …").
pub(crate) fn note(ctx: &egui::Context, text: &str, since: Instant) {
    if since.elapsed() > NOTE_TIME {
        return;
    }
    egui::Area::new(egui::Id::unique("multiodds_note"))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -36.0])
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(text);
            });
        });
    ctx.request_repaint_after(NOTE_TIME.saturating_sub(since.elapsed()));
}
