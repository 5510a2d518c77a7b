//! What widgets ask for: the app's [`Command`]s and a view's [`ViewCommand`]s, sent
//! through a cloneable [`CommandSender`] while drawing and applied after the frame's
//! layout, so no widget changes state under the ones drawn after it.

use crate::scenario::ViewKind;
use std::path::PathBuf;

/// What the app's widgets ask for; applied after the frame's layout.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A command for one view (its inputs changed, Stop, Pin…).
    ToView(ViewKind, ViewCommand),
    /// Switch views.
    ShowView(ViewKind),
    /// Back to the default inputs of the current view.
    New,
    /// Open a scenario file.
    Open(PathBuf),
    /// Save to the current file (or ask where).
    Save,
    /// Write the scenario here (replacing any file: asked before, see `Chosen`).
    SaveAs(PathBuf),
    /// The current view's table as CSV here.
    ExportCsv(PathBuf),
    /// The current view's plot as a PNG of the chosen size.
    ExportPng(PathBuf),
    /// A file dialog's answer; a write to an existing file asks first.
    Chosen(DialogPurpose, PathBuf),
    /// Show a file dialog.
    OpenDialog(DialogPurpose),
    /// Close the file dialog.
    CloseDialog,
    /// Close the message window.
    DismissMessage,
    /// The "Replace the file?" question was answered (or dismissed).
    DismissOverwrite,
    /// Copy the current view's table to the clipboard (tab-separated).
    CopyTable,
    /// Restore the inputs before the last edit (Ctrl+Z).
    Undo,
    /// Restore the inputs undone last (Ctrl+Shift+Z, Ctrl+Y).
    Redo,
    /// Keep a named range or query in its library (replacing one of the same name).
    SaveNamed(LibraryKind, NamedRange),
    /// Remove a named range or query from its library.
    Forget(LibraryKind, String),
    /// Open the Help window.
    ShowHelp,
    /// Show these hands in a view ("Send to Matchup view"): the view takes them as its
    /// inputs ([`crate::view::View::receive`]), is shown and recomputes.
    SendTo(ViewKind, SentHands),
}

/// What one view sends another: the game, the seats' ranges (the hero's first), board and
/// dead cards. The receiving view keeps its own run settings.
///
/// Each view reads them its way: the Matchup view one seat per range; the MultiOdds view
/// the first range as the hero's, the second as the opponents', as many opponents as
/// the other ranges; the Range view the first range against the others.
#[derive(Clone, Debug, PartialEq)]
pub struct SentHands {
    /// The game.
    pub game: crate::cards::Game,
    /// Each seat's range text, the first seat's (the hero's) first; in stud each seat's
    /// down cards.
    pub ranges: Vec<String>,
    /// In stud, each seat's up cards (empty in the other games).
    pub up: Vec<String>,
    /// Board cards.
    pub board: String,
    /// Dead cards.
    pub dead: String,
}

impl From<crate::scenario::RangeInputs> for SentHands {
    /// The Range view's inputs as hands: the range analysed first, then those it faces.
    fn from(r: crate::scenario::RangeInputs) -> SentHands {
        SentHands {
            game: r.game,
            ranges: std::iter::once(r.range).chain(r.vs).collect(),
            up: Vec::new(),
            board: r.board,
            dead: r.dead,
        }
    }
}

/// What a view's widgets ask of their view; applied after layout.
#[derive(Clone, Debug, PartialEq)]
pub enum ViewCommand {
    /// An input changed: stale work stops now, the new job starts after the debounce.
    Edited,
    /// Stop the running job (what is shown stays, marked stopped).
    Stop,
    /// Compute the inputs again.
    Resume,
    /// Keep what is shown as a baseline.
    Pin,
    /// Drop the baseline.
    Unpin,
    /// Show the hand types of this many opponents (MultiOdds) or of this seat (Matchup),
    /// or select a breakdown line (Range).
    Select(usize),
    /// A click on a breakdown line (Range view; numbered as `LineKey::all`): `toggle`
    /// (Ctrl) adds or drops it from the selection, `extend` (Shift) selects a run.
    SelectLine {
        /// The line's number.
        line: usize,
        /// Ctrl: add or drop this line.
        toggle: bool,
        /// Shift: the lines from the last one clicked to this one.
        extend: bool,
    },
    /// Take the table's deltas against the pinned baseline of this index.
    DeltasAgainst(usize),
    /// Keep only the selected combos in the range (Range view).
    KeepSelected,
    /// Remove the selected combos from the range (Range view).
    RemoveSelected,
    /// Show this texture group (Flops view).
    ShowGroup(crate::equity::flops::report::TextureFilter),
    /// Sort the flops by this column, highest first or not (Flops view).
    SortFlops(crate::scenario::FlopsColumn, bool),
    /// The next CSV export holds every flop (true) or the group shown as sorted (Flops
    /// view).
    CsvEveryFlop(bool),
    /// Open a hand-history file: its hands join the session, its first hand shows (Hand
    /// view).
    OpenHands(PathBuf),
    /// Show the hand whose header is on this line of this file (Hand view).
    ShowHand(PathBuf, usize),
    /// Read the session's files (Hand view).
    ReadSession,
    /// Add a folder of hand histories to the session and read it (Hand view).
    AddSessionFolder(PathBuf),
    /// Stop reading the session; what was read stays, marked partial (Hand view).
    StopSession,
}

/// Widgets send commands through this (cheap to clone, never blocks).
#[derive(Clone)]
pub struct CommandSender(crossbeam_channel::Sender<Command>);

impl CommandSender {
    /// A sender and the receiver the app drains after layout.
    pub(crate) fn channel() -> (CommandSender, crossbeam_channel::Receiver<Command>) {
        let (sender, receiver) = crossbeam_channel::unbounded();
        (CommandSender(sender), receiver)
    }

    /// Queues a command.
    pub(crate) fn send(&self, command: Command) {
        // The receiver lives as long as the app: a send cannot fail while drawing.
        let _ = self.0.send(command);
    }

    /// A command for one view.
    pub(crate) fn view(&self, kind: ViewKind, command: ViewCommand) {
        self.send(Command::ToView(kind, command));
    }
}

/// What a file dialog is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogPurpose {
    /// Open a scenario.
    Open,
    /// Save the scenario under a new name.
    SaveAs,
    /// Export the table as CSV.
    ExportCsv,
    /// Export the plot as PNG.
    ExportPng,
    /// Open a hand-history file (Hand view).
    OpenHands,
    /// Choose a folder of hand histories for the session (Hand view).
    SessionFolder,
}

impl DialogPurpose {
    /// The dialog's title.
    pub(crate) fn title(self) -> &'static str {
        match self {
            DialogPurpose::Open => "Open scenario",
            DialogPurpose::SaveAs => "Save scenario as",
            DialogPurpose::ExportCsv => "Export table as CSV",
            DialogPurpose::ExportPng => "Export plot as PNG",
            DialogPurpose::OpenHands => "Open hand history",
            DialogPurpose::SessionFolder => "Add a folder of hand histories",
        }
    }

    /// The file extension the dialog lists and adds.
    pub(crate) fn extension(self) -> &'static str {
        match self {
            DialogPurpose::Open | DialogPurpose::SaveAs => "ron",
            DialogPurpose::ExportCsv => "csv",
            DialogPurpose::ExportPng => "png",
            DialogPurpose::OpenHands | DialogPurpose::SessionFolder => "txt",
        }
    }

    /// Whether the dialog writes a file (and so asks before replacing one).
    pub(crate) fn writes(self) -> bool {
        !matches!(
            self,
            DialogPurpose::Open | DialogPurpose::OpenHands | DialogPurpose::SessionFolder
        )
    }

    /// The command that acts on the chosen path.
    pub(crate) fn command(self, path: PathBuf) -> Command {
        match self {
            DialogPurpose::Open => Command::Open(path),
            DialogPurpose::SaveAs => Command::SaveAs(path),
            DialogPurpose::ExportCsv => Command::ExportCsv(path),
            DialogPurpose::ExportPng => Command::ExportPng(path),
            DialogPurpose::OpenHands => {
                Command::ToView(ViewKind::Hand, ViewCommand::OpenHands(path))
            }
            DialogPurpose::SessionFolder => {
                Command::ToView(ViewKind::Hand, ViewCommand::AddSessionFolder(path))
            }
        }
    }
}

/// Which library: the named ranges or the saved queries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LibraryKind {
    /// Range texts, beside every range field.
    Range,
    /// Queries, in the Query view.
    Query,
}

impl LibraryKind {
    /// What one entry is called ("range", "query").
    pub fn noun(self) -> &'static str {
        match self {
            LibraryKind::Range => "range",
            LibraryKind::Query => "query",
        }
    }
}

/// A range (or a query) with a name.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct NamedRange {
    /// Its name in the library menu.
    pub name: String,
    /// The range's (or query's) text.
    pub text: String,
}
