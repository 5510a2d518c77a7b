//! Hand histories: real hands as the sites wrote them, read into [`Hand`]s, their pots
//! rebuilt ([`pots`]), and all-in adjusted results ([`allin`]) on the equity engine.
//!
//! - `text`: bytes to text in the sites' encodings.
//! - `parse`: the sites' texts, one shape each: PokerStars' (also GGPoker, Full Tilt,
//!   Run It Once, PokerMaster, PokerBros), Winamax's, PartyPoker's, 888's,
//!   Bovada/Ignition's and iPoker's XML; one unreadable hand is refused with its line,
//!   the rest read, and a game a site's reader does not know is refused by name.
//! - [`date`]: every site's date in one sortable form; [`position`]: seats by the button.
//! - `model`: the hand as the text states it.
//! - [`pots`]: invested, main and side pots, results, and checks against the summary.
//! - [`allin`]: each player's share of each pot at the all-in, and the adjusted result.
//! - [`replay`]: the hand at each street's start, for stepping through it.
//! - [`session`]: many files read one at a time into rows, totals and refusals.

pub mod allin;
mod amount;
pub mod date;
mod model;
mod parse;
pub mod position;
pub mod pots;
pub mod replay;
pub mod session;
mod text;

pub use amount::Amount;
pub use model::{
    Action, ActionKind, Collected, DealtCard, Discard, Hand, HandGame, Player, Source, Street,
    StreetName, Summary,
};
pub use parse::{read_text, read_text_each, Refusal};
pub use text::{decode, decode_owned, Encoding, TextError};

use std::path::Path;

/// A file's hands and refusals.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FileRead {
    /// The file as named.
    pub file: String,
    /// The encoding it was read in (`None` when it could not be read).
    pub encoding: Option<Encoding>,
    /// Hands read, in file order.
    pub hands: Vec<Hand>,
    /// Hands (or the whole file) refused, with line and reason.
    pub refused: Vec<Refusal>,
}

/// Whether `line` is a hand's first line (`PokerStars Hand #…:`).
pub fn parse_header_line(line: &str) -> bool {
    parse::is_any_header(line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}'))
}

/// In an iPoker XML session, the first game whose `<game>` starts on `line` or after:
/// its line, and the game as a session of its own (the session's facts, the one game),
/// which reads alone. `None` when the text is not such a session or has no game there.
pub fn xml_game_at(text: &str, line: usize) -> Option<(usize, String)> {
    if !(text.contains("<session") && text.contains("<game gamecode=")) {
        return None;
    }
    let mut at_line = 1;
    let mut from = 0;
    loop {
        let at = from + text[from..].find("<game gamecode=")?;
        at_line += text[from..at].matches('\n').count();
        if at_line >= line {
            let session = text.find("<game ").map_or("", |s| &text[..s]);
            let end = text[at..]
                .find("</game>")
                .map_or(text.len(), |e| at + e + 7);
            let game = &text[at..end];
            return Some((
                at_line,
                format!("{}\n{game}\n</session>\n", session.trim_end()),
            ));
        }
        from = at + 1;
    }
}

/// Where a hand's header starts in `line`, for any site read (`None`: no header there).
pub fn header_start(line: &str) -> Option<usize> {
    parse::header_start(line)
}

/// Reads `bytes` as a file named `file`: an empty file, binary data or text without a
/// hand is one refusal naming the file; otherwise every hand read or refused.
pub fn read_bytes(file: &str, bytes: &[u8]) -> FileRead {
    collect(file, |each| read_decoded(file, decode(bytes), each))
}

/// Reads a file from disk; a file that cannot be opened is one refusal saying why.
pub fn read_file(path: &Path) -> FileRead {
    let name = path.display().to_string();
    collect(&name, |each| read_file_each(path, each))
}

/// The largest hand-history file read (a month of hands at one site is well under this;
/// a larger file is split by the site anyway). Checked before reading, so `/dev/zero` or
/// a disk image is refused at once.
pub const MAX_FILE_BYTES: u64 = 512 << 20;

/// Each hand of a file, read or refused, handed to `each` as it is read (a session
/// holds one hand at a time); the encoding, when the file was text. Only regular files
/// are read (a FIFO would block, a device never end), and none over [`MAX_FILE_BYTES`].
pub fn read_file_each(path: &Path, each: impl FnMut(Result<Hand, Refusal>)) -> Option<Encoding> {
    let name = path.display().to_string();
    let mut each = each;
    match read_regular_file(path) {
        Ok(bytes) => read_decoded(&name, decode_owned(bytes), each),
        Err(why) => {
            each(Err(file_refusal(&name, 0, why)));
            None
        }
    }
}

/// A regular file's bytes, at most [`MAX_FILE_BYTES`] of them; why not, otherwise.
fn read_regular_file(path: &Path) -> Result<Vec<u8>, String> {
    use crate::files::Refused;
    crate::files::read_capped(path, MAX_FILE_BYTES).map_err(|why| match why {
        Refused::Io(e) => format!("cannot read the file: {e}"),
        Refused::Folder => "a folder, not a file".into(),
        Refused::NotRegular => {
            "not a regular file (a pipe, socket or device): hand histories are read from files"
                .into()
        }
        Refused::TooLarge(bytes) => format!(
            "the file is {} MiB; hand-history files are read up to {} MiB (split it)",
            bytes >> 20,
            MAX_FILE_BYTES >> 20
        ),
        Refused::Grew => format!(
            "the file grew past {} MiB while it was read",
            MAX_FILE_BYTES >> 20
        ),
    })
}

fn collect(
    file: &str,
    read: impl FnOnce(&mut dyn FnMut(Result<Hand, Refusal>)) -> Option<Encoding>,
) -> FileRead {
    let mut hands = Vec::new();
    let mut refused = Vec::new();
    let encoding = read(&mut |h| match h {
        Ok(hand) => hands.push(hand),
        Err(r) => refused.push(r),
    });
    FileRead {
        file: file.into(),
        encoding,
        hands,
        refused,
    }
}

fn file_refusal(file: &str, line: usize, reason: String) -> Refusal {
    Refusal {
        source: Source {
            file: file.into(),
            line,
        },
        line,
        hand_id: None,
        reason,
    }
}

fn read_decoded(
    file: &str,
    decoded: Result<(String, Encoding), TextError>,
    mut each: impl FnMut(Result<Hand, Refusal>),
) -> Option<Encoding> {
    let (text, encoding) = match decoded {
        Ok(t) => t,
        Err(e) => {
            each(Err(file_refusal(file, 0, e.to_string())));
            return None;
        }
    };
    read_text_checked(file, &text, each);
    Some(encoding)
}

/// Every hand of a file's text, read or refused, handed to `each`; a text without any
/// hand is one refusal saying so.
pub fn read_text_checked(file: &str, text: &str, mut each: impl FnMut(Result<Hand, Refusal>)) {
    let mut any = false;
    parse::read_text_each(file, text, |h| {
        any = true;
        each(h)
    });
    if !any {
        let why = if text.trim().is_empty() {
            "the file is empty: no hands"
        } else {
            "no hand found: the sites read are PokerStars, GGPoker, Full Tilt, Run It Once, PokerMaster, PokerBros, Winamax, PartyPoker, 888/Pacific, Bovada/Ignition and iPoker (a hand starts with a line like `PokerStars Hand #…:` or `Winamax Poker - …`)"
        };
        each(Err(file_refusal(file, 1, why.into())));
    }
}
