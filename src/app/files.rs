//! File dialogs (an egui window with a path field, which works on any Linux desktop
//! without GTK or a portal), the message window, and atomic writes.

use super::{Command, MultiOddsApp};
use std::path::{Path, PathBuf};

/// What a file dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    Open,
    SaveAs,
    ExportCsv,
}

impl DialogPurpose {
    fn title(self) -> &'static str {
        match self {
            DialogPurpose::Open => "Open scenario",
            DialogPurpose::SaveAs => "Save scenario as",
            DialogPurpose::ExportCsv => "Export table as CSV",
        }
    }
}

/// An open file dialog.
#[derive(Clone, Debug)]
pub struct Dialog {
    pub purpose: DialogPurpose,
    pub path: String,
}

impl Dialog {
    pub fn new(purpose: DialogPurpose, current: Option<&Path>) -> Dialog {
        let dir = current
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        let name = match purpose {
            DialogPurpose::ExportCsv => "multiodds.csv",
            _ => current
                .and_then(Path::file_name)
                .and_then(|n| n.to_str())
                .unwrap_or("scenario.ron"),
        };
        Dialog {
            purpose,
            path: dir.join(name).display().to_string(),
        }
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}

/// Shows the open dialog and the message window, if any.
pub fn dialogs(app: &mut MultiOddsApp, ctx: &egui::Context) {
    if let Some(dialog) = app.rt.dialog.as_mut() {
        let mut confirmed = false;
        let mut cancelled = false;
        egui::Window::new(dialog.purpose.title())
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                let label = ui.label("File path");
                let response = ui
                    .add(egui::TextEdit::singleline(&mut dialog.path).desired_width(420.0))
                    .labelled_by(label.id);
                if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                    confirmed = true;
                }
                ui.horizontal(|ui| {
                    let verb = match dialog.purpose {
                        DialogPurpose::Open => "Open",
                        _ => "Save",
                    };
                    if ui.button(verb).clicked() {
                        confirmed = true;
                    }
                    if ui.button("Cancel").clicked() {
                        cancelled = true;
                    }
                });
            });
        if confirmed {
            let path = PathBuf::from(dialog.path.trim());
            let command = match dialog.purpose {
                DialogPurpose::Open => Command::Open(path),
                DialogPurpose::SaveAs => Command::SaveAs(path),
                DialogPurpose::ExportCsv => Command::ExportCsv(path),
            };
            app.command(Command::CloseDialog);
            app.command(command);
        } else if cancelled {
            app.command(Command::CloseDialog);
        }
    }
    if let Some(message) = app.rt.message.clone() {
        egui::Window::new("MultiOdds")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(message);
                if ui.button("OK").clicked() {
                    app.command(Command::DismissMessage);
                }
            });
    }
}
