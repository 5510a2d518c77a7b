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
    ExportPng,
}

impl DialogPurpose {
    fn title(self) -> &'static str {
        match self {
            DialogPurpose::Open => "Open scenario",
            DialogPurpose::SaveAs => "Save scenario as",
            DialogPurpose::ExportCsv => "Export table as CSV",
            DialogPurpose::ExportPng => "Export plot as PNG",
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
            DialogPurpose::ExportPng => "multiodds.png",
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
                DialogPurpose::ExportPng => Command::ExportPng(path),
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

/// Encodes 8-bit RGBA pixels as a PNG (zlib "stored" blocks: no compression library
/// needed, and plots are small).
pub fn encode_png(width: usize, height: usize, rgba: &[u8]) -> Vec<u8> {
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= b as u32;
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend((data.len() as u32).to_be_bytes());
        let start = out.len();
        out.extend(kind);
        out.extend(data);
        let crc = crc32(&out[start..]);
        out.extend(crc.to_be_bytes());
    }
    // Scanlines, each led by filter type 0.
    let mut raw = Vec::with_capacity(height * (width * 4 + 1));
    for row in rgba.chunks(width * 4).take(height) {
        raw.push(0);
        raw.extend(row);
    }
    let mut zlib = vec![0x78, 0x01];
    for (i, block) in raw.chunks(65_535).enumerate() {
        let last = (i + 1) * 65_535 >= raw.len();
        zlib.push(last as u8);
        zlib.extend((block.len() as u16).to_le_bytes());
        zlib.extend((!(block.len() as u16)).to_le_bytes());
        zlib.extend(block);
    }
    if raw.is_empty() {
        zlib.extend([1, 0, 0, 0xFF, 0xFF]);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in &raw {
        a = (a + byte as u32) % 65_521;
        b = (b + a) % 65_521;
    }
    zlib.extend(((b << 16) | a).to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend((width as u32).to_be_bytes());
    header.extend((height as u32).to_be_bytes());
    header.extend([8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &header);
    chunk(&mut out, b"IDAT", &zlib);
    chunk(&mut out, b"IEND", &[]);
    out
}

/// Crops `image` to `rect` (in points) and returns its RGBA bytes and size.
pub fn crop(
    image: &egui::ColorImage,
    rect: egui::Rect,
    pixels_per_point: f32,
) -> (usize, usize, Vec<u8>) {
    let [w, h] = image.size;
    let x0 = ((rect.min.x * pixels_per_point).round().max(0.0) as usize).min(w);
    let y0 = ((rect.min.y * pixels_per_point).round().max(0.0) as usize).min(h);
    let x1 = ((rect.max.x * pixels_per_point).round().max(0.0) as usize).clamp(x0, w);
    let y1 = ((rect.max.y * pixels_per_point).round().max(0.0) as usize).clamp(y0, h);
    let mut rgba = Vec::with_capacity((x1 - x0) * (y1 - y0) * 4);
    for y in y0..y1 {
        for x in x0..x1 {
            rgba.extend(image.pixels[y * w + x].to_array());
        }
    }
    (x1 - x0, y1 - y0, rgba)
}
