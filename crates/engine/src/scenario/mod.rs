//! Scenario files: what a user saves and loads (and `multiodds run` runs), and the one
//! model of "what to compute" that the app's views, the CLI and the files share.
//!
//! A [`Scenario`] holds every view's inputs ([`inputs`]: one section per view, each with
//! its one `validate`) and which view it shows. Versioned, human-readable RON; files of
//! version 1 (one flat set of fields for the one view they were saved from) still load
//! (`legacy`). Loading checks everything and reports the first problem with its
//! place; saving writes a temporary file beside the target and renames it, so a failed
//! save never leaves a half-written file.

pub mod inputs;
mod legacy;

use crate::cards::CardError;
use crate::equity::chart::ChartSpec;
use crate::equity::run::RunSettings;
use crate::equity::EquityError;
use crate::range::RangeError;
pub use inputs::{
    ChartFigure, ChartInputs, FlopsColumn, FlopsInputs, HandInputs, HandSpot, MatchupInputs,
    PlayerRange, QueryInputs, RangeInputs, RunInputs, SessionFilter, SweepInputs,
};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The longest note a scenario keeps (16 KiB); a longer one is refused, never cut.
pub const MAX_NOTE_BYTES: usize = 16 * 1024;

/// The file format version this build writes and the newest it reads.
pub const SCENARIO_VERSION: u32 = 2;

/// The views a scenario can show (and `multiodds run` computes), in menu order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum ViewKind {
    /// Hero against 1–22 opponents (1–9 by default).
    #[default]
    MultiOdds,
    /// 2–23 seats, each a hand or range.
    Matchup,
    /// The 169 starting hands against 1–22 opponents holding a range.
    Chart,
    /// What a range holds on a board, every combo's equity, what each next card does.
    Range,
    /// Two ranges across every flop, grouped by texture.
    Flops,
    /// A real hand replayed street by street, and a session of hands.
    Hand,
    /// A question of the deals in the poker query language.
    Query,
}

impl ViewKind {
    /// Every view, in tab order (the app makes one view per entry; its registry test
    /// fails when a kind is missing here).
    pub const ALL: [ViewKind; 7] = [
        ViewKind::MultiOdds,
        ViewKind::Matchup,
        ViewKind::Chart,
        ViewKind::Range,
        ViewKind::Flops,
        ViewKind::Hand,
        ViewKind::Query,
    ];

    /// The view's name in the tab bar and in titles ("Matchup view").
    pub fn name(self) -> &'static str {
        match self {
            ViewKind::MultiOdds => "MultiOdds view",
            ViewKind::Matchup => "Matchup view",
            ViewKind::Chart => "Chart view",
            ViewKind::Range => "Range view",
            ViewKind::Flops => "Flops view",
            ViewKind::Hand => "Hand view",
            ViewKind::Query => "Query view",
        }
    }
}

/// A saved scenario: every view's inputs, and the view it shows. Every field has a
/// default, so hand-written files may leave fields out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    /// The file format's version ([`SCENARIO_VERSION`]).
    pub version: u32,
    /// The view shown on opening, and the one `multiodds run` computes.
    pub view: ViewKind,
    /// The MultiOdds view's inputs.
    pub multiodds: SweepInputs,
    /// The Matchup view's inputs.
    pub matchup: MatchupInputs,
    /// The Chart view's inputs.
    pub chart: ChartInputs,
    /// The Range view's inputs.
    pub range: RangeInputs,
    /// The Flops view's inputs.
    pub flops: FlopsInputs,
    /// The Hand view's inputs.
    pub hand: HandInputs,
    /// The Query view's inputs.
    pub query: QueryInputs,
    /// The user's note (at most [`MAX_NOTE_BYTES`]).
    pub note: String,
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario {
            version: SCENARIO_VERSION,
            view: ViewKind::MultiOdds,
            multiodds: SweepInputs::default(),
            matchup: MatchupInputs::default(),
            chart: ChartInputs::default(),
            range: RangeInputs::default(),
            flops: FlopsInputs::default(),
            hand: HandInputs::default(),
            query: QueryInputs::default(),
            note: String::new(),
        }
    }
}

/// Why a scenario cannot be loaded, saved or run; each names the field or place.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// The file could not be read (or is not a regular file, or is too large).
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The text is not a scenario (RON syntax, a wrong type, an unknown field).
    #[error("{path}: line {line}, column {column}: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// Where (1-based).
        line: usize,
        /// Where (1-based).
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// A file of a newer format than this build reads.
    #[error("{path} was written by a newer MultiOdds (file version {found}); this one reads up to version {supported}")]
    Newer {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
        /// The newest this build reads.
        supported: u32,
    },
    /// Cards that do not read, at their field.
    #[error("{field}: {error}")]
    Cards {
        /// The field (`board`, `multiodds.dead`…).
        field: String,
        /// What is wrong.
        error: CardError,
    },
    /// A range that does not read, at its field.
    #[error("{field}: {error}")]
    Range {
        /// The field (`hero`, `matchup.seats[1]`…).
        field: String,
        /// What is wrong.
        error: RangeError,
    },
    /// A query that does not read or cannot be answered, at its field, with the column
    /// of the query's text it is at.
    #[error("{field}: {error}")]
    Query {
        /// The field (`text`, `query.text`).
        field: String,
        /// What is wrong, and where.
        error: crate::query::QueryError,
    },
    /// A value out of its range, at its field.
    #[error("{field}: {message}")]
    Invalid {
        /// The field.
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The fields together cannot be computed (a card in two places, no deal).
    #[error("{0}")]
    Equity(#[from] EquityError),
}

impl ScenarioError {
    /// The same problem, its field named by its place in a file (`matchup.seats[1]`).
    pub fn in_section(self, section: &str) -> ScenarioError {
        let place = |field: String| format!("{section}.{field}");
        match self {
            ScenarioError::Cards { field, error } => ScenarioError::Cards {
                field: place(field),
                error,
            },
            ScenarioError::Range { field, error } => ScenarioError::Range {
                field: place(field),
                error,
            },
            ScenarioError::Invalid { field, message } => ScenarioError::Invalid {
                field: place(field),
                message,
            },
            ScenarioError::Query { field, error } => ScenarioError::Query {
                field: place(field),
                error,
            },
            other => other,
        }
    }

    /// The field this problem is at, as a view names it (`hero`, `seats[1]`), or
    /// [`inputs::WHOLE`] for a problem of the fields together.
    pub fn field(&self) -> &str {
        match self {
            ScenarioError::Cards { field, .. }
            | ScenarioError::Range { field, .. }
            | ScenarioError::Query { field, .. }
            | ScenarioError::Invalid { field, .. } => field,
            _ => inputs::WHOLE,
        }
    }

    /// The 1-based character column of the fault in its field's text, when it has one
    /// place (a card, a range token, a query's word).
    pub fn column(&self) -> Option<usize> {
        match self {
            ScenarioError::Cards { error, .. } => Some(error.column),
            ScenarioError::Range { error, .. } => Some(error.column),
            ScenarioError::Query { error, .. } => error.column,
            _ => None,
        }
    }

    /// The message shown at the field: the text with a caret under the bad token and the
    /// reason for card and range errors (`text` is the field's), else the reason.
    pub fn at_field(&self, text: Option<&str>) -> String {
        match (self, text) {
            (ScenarioError::Cards { error, .. }, Some(t)) => error.caret(t),
            (ScenarioError::Range { error, .. }, Some(t)) => error.caret(t),
            (ScenarioError::Cards { error, .. }, None) => error.to_string(),
            (ScenarioError::Range { error, .. }, None) => error.to_string(),
            (ScenarioError::Invalid { message, .. }, _) => message.clone(),
            (ScenarioError::Query { error, .. }, _) => error.to_string(),
            (other, _) => other.to_string(),
        }
    }

    /// The caret line under the bad token for card and range errors, given the field's text.
    pub fn caret(&self, scenario: &Scenario) -> Option<String> {
        match self {
            ScenarioError::Cards { field, error } => Some(error.caret(scenario.field_text(field)?)),
            ScenarioError::Range { field, error } => Some(error.caret(scenario.field_text(field)?)),
            _ => None,
        }
    }
}

/// "unknown field `targe_se`; did you mean `target_se`?" (or the list of known
/// fields when none is close).
fn unknown_field_message(found: &str, known: &[&str]) -> String {
    match crate::names::closest(found, known) {
        Some(k) => format!("unknown field `{found}`; did you mean `{k}`?"),
        None => format!(
            "unknown field `{found}`; the fields are {}",
            known
                .iter()
                .map(|k| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so a
/// failed write never leaves a half-written file nor a temporary one. Writes through a
/// symbolic link, keeps an existing file's permissions, and syncs the file and its
/// directory. Used for scenarios and every export.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    // Write through a symbolic link: replace the file it points to, keep the link.
    let target = match std::fs::canonicalize(path) {
        Ok(real) => real,
        Err(_) => path.to_path_buf(),
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    // The temporary file sits in the same directory (so the rename is atomic) and is
    // removed by `tempfile` on every error path, a full disk included.
    let mut builder = tempfile::Builder::new();
    builder.prefix(".multiodds-").suffix(".tmp");
    // A new file gets the permissions any new file gets (0666 less the umask), not the
    // temporary file's private 0600.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(&dir)?;
    tmp.write_all(bytes)?;
    // An existing file keeps its permissions (0600 stays 0600).
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file().set_permissions(meta.permissions())?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(&target).map_err(|e| e.error)?;
    // Make the rename itself durable.
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// The engine job a scenario's view describes, validated.
#[derive(Clone, Debug)]
pub enum ScenarioJob {
    /// The MultiOdds view's sweep.
    Sweep(crate::equity::games::SweepJob),
    /// The Matchup view's matchup.
    Matchup(crate::equity::games::MatchupJob),
    /// The Chart view's chart.
    Chart(ChartSpec),
    /// The Range view's analysis.
    Range(crate::equity::range_analysis::RangeJob),
    /// The Flops view's report.
    Flops(Box<crate::worker::FlopsJob>),
    /// The Query view's query.
    Query(crate::query::Query),
}

impl Scenario {
    /// The text of a field named as in messages (`multiodds.hero`, `matchup.seats[1]`).
    fn field_text(&self, field: &str) -> Option<&str> {
        let (section, field) = field.split_once('.')?;
        match section {
            "multiodds" => self.multiodds.field_text(field),
            "matchup" => self.matchup.field_text(field),
            "chart" => self.chart.field_text(field),
            "range" => self.range.field_text(field),
            "flops" => self.flops.field_text(field),
            "hand" => self.hand.field_text(field),
            "query" => self.query.field_text(field),
            _ => None,
        }
    }

    /// Reads and checks a scenario file. On any error nothing is returned (callers keep
    /// what they had).
    pub fn load(path: &Path) -> Result<Scenario, ScenarioError> {
        let text = read_scenario_file(path)?;
        let scenario = Scenario::from_ron(&text, path)?;
        scenario.validate()?;
        Ok(scenario)
    }

    /// Parses RON text (`path` names the source in messages).
    ///
    /// Call [`read_scenario_file`] first for files: it refuses what is not a regular
    /// file or is too large.
    pub fn from_ron(text: &str, path: &Path) -> Result<Scenario, ScenarioError> {
        /// Just the version, read first so a newer file is refused by name even when
        /// it has fields this build does not know.
        #[derive(Deserialize)]
        #[serde(rename = "Scenario")]
        struct VersionOnly {
            #[serde(default)]
            version: u32,
        }
        // A UTF-8 byte-order mark (some Windows editors write one) is not content.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let syntax = |e: ron::error::SpannedError| ScenarioError::Syntax {
            path: path.to_path_buf(),
            line: e.span.start.line,
            column: e.span.start.col,
            message: match &e.code {
                // A misspelled field is named, with the closest known one.
                ron::Error::NoSuchStructField {
                    expected, found, ..
                } => unknown_field_message(found, expected),
                code => code.to_string(),
            },
        };
        let options = ron::Options::default();
        if let Ok(v) = options.from_str::<VersionOnly>(text) {
            if v.version > SCENARIO_VERSION {
                return Err(ScenarioError::Newer {
                    path: path.to_path_buf(),
                    found: v.version,
                    supported: SCENARIO_VERSION,
                });
            }
            if v.version == 1 {
                let old: legacy::ScenarioV1 = options.from_str(text).map_err(syntax)?;
                return Ok(old.upgrade());
            }
        }
        let scenario: Scenario = options.from_str(text).map_err(syntax)?;
        if scenario.version > SCENARIO_VERSION {
            return Err(ScenarioError::Newer {
                path: path.to_path_buf(),
                found: scenario.version,
                supported: SCENARIO_VERSION,
            });
        }
        if scenario.version == 0 {
            return Err(ScenarioError::Invalid {
                field: "version".into(),
                message: format!("missing or 0; this build writes version {SCENARIO_VERSION}"),
            });
        }
        Ok(scenario)
    }

    /// The scenario as RON text.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::default().struct_names(true);
        ron::ser::to_string_pretty(self, config).expect("a scenario always serializes")
    }

    /// Writes the file atomically: a temporary file beside it, then a rename.
    pub fn save(&self, path: &Path) -> Result<(), ScenarioError> {
        write_atomically(path, self.to_ron().as_bytes()).map_err(|source| ScenarioError::Write {
            path: path.to_path_buf(),
            source,
        })
    }

    /// Checks the note and the shown view's inputs; the first problem wins, named by
    /// its place in the file (`matchup.seats[1]`).
    pub fn validate(&self) -> Result<ScenarioJob, ScenarioError> {
        if self.note.len() > MAX_NOTE_BYTES {
            return Err(ScenarioError::Invalid {
                field: "note".into(),
                message: format!(
                    "{} bytes; a note is at most {MAX_NOTE_BYTES} bytes",
                    self.note.len()
                ),
            });
        }
        let first = |section: &str, problems: Vec<ScenarioError>| {
            problems
                .into_iter()
                .next()
                .map(|e| e.in_section(section))
                .unwrap_or_else(|| ScenarioError::Invalid {
                    field: section.into(),
                    message: "does not validate".into(),
                })
        };
        match self.view {
            ViewKind::MultiOdds => self
                .multiodds
                .validate()
                .map(ScenarioJob::Sweep)
                .map_err(|p| first("multiodds", p)),
            ViewKind::Matchup => self
                .matchup
                .validate()
                .map(ScenarioJob::Matchup)
                .map_err(|p| first("matchup", p)),
            ViewKind::Chart => self
                .chart
                .validate()
                .map(ScenarioJob::Chart)
                .map_err(|p| first("chart", p)),
            ViewKind::Range => self
                .range
                .validate()
                .map(ScenarioJob::Range)
                .map_err(|p| first("range", p)),
            ViewKind::Flops => self
                .flops
                .validate()
                .map(|job| ScenarioJob::Flops(Box::new(job)))
                .map_err(|p| first("flops", p)),
            ViewKind::Query => self
                .query
                .validate()
                .map(ScenarioJob::Query)
                .map_err(|p| first("query", p)),
            // A hand's street is a matchup of the players still in.
            ViewKind::Hand => self
                .hand
                .validate()
                .map(ScenarioJob::Matchup)
                .map_err(|p| first("hand", p)),
        }
    }

    /// The shown view's run settings.
    pub fn settings(&self) -> RunSettings {
        match self.view {
            ViewKind::MultiOdds => self.multiodds.run.settings(),
            ViewKind::Matchup => self.matchup.run.settings(),
            ViewKind::Chart => self.chart.settings(),
            ViewKind::Query => self.query.run.settings(),
            ViewKind::Range | ViewKind::Flops | ViewKind::Hand => RunSettings::default(),
        }
    }
}

/// The largest scenario file read: real ones are a few hundred bytes.
pub const MAX_SCENARIO_BYTES: u64 = 1 << 20;

/// Reads a scenario file's text: only a regular file (a FIFO or a device would block or
/// never end) of at most [`MAX_SCENARIO_BYTES`].
pub fn read_scenario_file(path: &Path) -> Result<String, ScenarioError> {
    use crate::files::Refused;
    let refuse = |message: String| ScenarioError::Read {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidInput, message),
    };
    let io = |source| ScenarioError::Read {
        path: path.to_path_buf(),
        source,
    };
    let bytes = crate::files::read_capped(path, MAX_SCENARIO_BYTES).map_err(|why| match why {
        Refused::Io(e) => io(e),
        Refused::Folder | Refused::NotRegular => refuse("not a regular file".into()),
        Refused::TooLarge(bytes) => refuse(format!(
            "{bytes} bytes; a scenario file is at most {MAX_SCENARIO_BYTES} bytes"
        )),
        Refused::Grew => refuse("the file grew past the size limit while read".into()),
    })?;
    String::from_utf8(bytes).map_err(|_| {
        io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_every_view() {
        for view in [ViewKind::MultiOdds, ViewKind::Matchup, ViewKind::Chart] {
            let mut s = Scenario {
                view,
                note: "a \"quoted\" note\nwith two lines".into(),
                ..Scenario::default()
            };
            s.multiodds.board = "Ah 7d 2c".into();
            s.matchup.seats.push("22+".into());
            s.chart.run.target_se = 0.0003;
            let back = Scenario::from_ron(&s.to_ron(), Path::new("x.ron")).unwrap();
            assert_eq!(back, s);
            back.validate().unwrap();
        }
    }

    #[test]
    fn version_one_files_fill_every_view() {
        let text = "Scenario(version: 1, view: Matchup, seats: [\"AA\", \"KK\", \"QQ\"], \
                    hero: \"JJ\", board: \"Ah 7d 2c\", target_se: 0.002, seed: 9)";
        let s = Scenario::from_ron(text, Path::new("old.ron")).unwrap();
        assert_eq!(s.version, SCENARIO_VERSION);
        assert_eq!(s.view, ViewKind::Matchup);
        assert_eq!(s.matchup.seats, ["AA", "KK", "QQ"]);
        assert_eq!(s.multiodds.hero, "JJ");
        for board in [&s.multiodds.board, &s.matchup.board, &s.chart.board] {
            assert_eq!(board, "Ah 7d 2c");
        }
        assert_eq!(s.matchup.run.target_se, 0.002);
        assert_eq!(s.chart.run.seed, 9);
        // Version 1 had no time budget by default: the file's 0 stays 0.
        assert_eq!(s.multiodds.run.time_budget_ms, 0);
        assert!(
            matches!(s.validate().unwrap(), ScenarioJob::Matchup(m) if m.seat_hands().len() == 3)
        );
    }

    #[test]
    fn newer_versions_are_refused_by_name() {
        let e = Scenario::from_ron("Scenario(version: 7, future_field: 3)", Path::new("f.ron"))
            .unwrap_err();
        assert!(matches!(e, ScenarioError::Newer { found: 7, .. }), "{e}");
        assert!(e.to_string().contains("newer"));
    }

    #[test]
    fn errors_name_the_field() {
        let mut s = Scenario::default();
        s.multiodds.hero = "AKx+".into();
        let e = s.validate().unwrap_err();
        assert!(e.to_string().starts_with("multiodds.hero: "), "{e}");
        assert_eq!(e.caret(&s).unwrap(), "AKx+\n  ^ unknown rank 'x'");
        let mut s = Scenario {
            view: ViewKind::Matchup,
            ..Scenario::default()
        };
        s.matchup.board = "Ah Ah".into();
        let e = s.validate().unwrap_err();
        assert!(e.to_string().starts_with("matchup.board: "), "{e}");
        let e =
            Scenario::from_ron("Scenario(version: 2, view: 5)", Path::new("bad.ron")).unwrap_err();
        assert!(matches!(e, ScenarioError::Syntax { line: 1, .. }), "{e}");
    }

    #[test]
    fn every_problem_is_kept_at_its_field() {
        let inputs = MatchupInputs {
            seats: vec!["AA".into(), "QQx".into(), "KK".into(), "Zz".into()],
            board: "Ah Ah".into(),
            ..MatchupInputs::default()
        };
        let problems = inputs.validate().unwrap_err();
        let fields: Vec<&str> = problems.iter().map(ScenarioError::field).collect();
        assert_eq!(fields, ["seats[1]", "seats[3]", "board"]);
        let at = problems[0].at_field(inputs.field_text("seats[1]"));
        assert!(at.starts_with("QQx\n  ^"), "{at}");
    }
}
