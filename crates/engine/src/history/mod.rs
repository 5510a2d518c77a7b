//! Hand histories: real hands as the sites wrote them, read into [`Hand`]s, their pots
//! rebuilt ([`pots`]), and all-in adjusted results ([`allin`]) on the equity engine.
//!
//! - `text`: bytes to text in the sites' encodings.
//! - `parse`: PokerStars-shaped text (PokerStars, GGPoker, Full Tilt, Run It Once,
//!   PokerMaster, PokerBros); one unreadable hand is refused with its line, the rest read.
//! - `model`: the hand as the text states it.
//! - [`pots`]: invested, main and side pots, results, and checks against the summary.
//! - [`allin`]: each player's share of each pot at the all-in, and the adjusted result.
//! - [`session`]: many files read one at a time into rows, totals and refusals.

pub mod allin;
mod amount;
mod model;
mod parse;
pub mod pots;
pub mod session;
mod text;

pub use amount::Amount;
pub use model::{
    Action, ActionKind, Collected, Hand, HandGame, Player, Source, Street, StreetName, Summary,
};
pub use parse::{read_text, Refusal};
pub use text::{decode, Encoding, TextError};

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

/// Reads `bytes` as a file named `file`: an empty file, binary data or text without a
/// hand is one refusal naming the file; otherwise every hand read or refused.
pub fn read_bytes(file: &str, bytes: &[u8]) -> FileRead {
    let refusal = |line: usize, reason: String| Refusal {
        source: Source {
            file: file.into(),
            line,
        },
        line,
        hand_id: None,
        reason,
    };
    let (text, encoding) = match decode(bytes) {
        Ok(t) => t,
        Err(e) => {
            return FileRead {
                file: file.into(),
                encoding: None,
                hands: Vec::new(),
                refused: vec![refusal(0, e.to_string())],
            }
        }
    };
    let (hands, mut refused) = read_text(file, &text);
    if hands.is_empty() && refused.is_empty() {
        let why = if text.trim().is_empty() {
            "the file is empty: no hands".to_string()
        } else {
            "no hand found (a hand starts with a line like `PokerStars Hand #…:`)".to_string()
        };
        refused.push(refusal(1, why));
    }
    FileRead {
        file: file.into(),
        encoding: Some(encoding),
        hands,
        refused,
    }
}

/// Reads a file from disk; a file that cannot be opened is one refusal saying why.
pub fn read_file(path: &Path) -> FileRead {
    let name = path.display().to_string();
    match std::fs::read(path) {
        Ok(bytes) => read_bytes(&name, &bytes),
        Err(e) => FileRead {
            file: name.clone(),
            encoding: None,
            hands: Vec::new(),
            refused: vec![Refusal {
                source: Source {
                    file: name,
                    line: 0,
                },
                line: 0,
                hand_id: None,
                reason: format!("cannot read the file: {e}"),
            }],
        },
    }
}
