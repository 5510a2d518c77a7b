//! Scenario files: what a user saves and loads (and `multiodds run` runs). Versioned,
//! human-readable RON. Loading checks everything and reports the first problem with
//! its place; saving writes a temporary file beside the target and renames it, so a
//! failed save never leaves a half-written file.

use crate::cards::{CardError, CardSet};
use crate::equity::chart::ChartSpec;
use crate::equity::run::RunSettings;
use crate::equity::sweep::Sweep;
use crate::equity::{check_board, EquityError, Matchup, Method, MAX_SEATS};
use crate::range::{HandRange, RangeError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The longest note a scenario keeps (16 KiB), like a range field.
pub const MAX_NOTE_BYTES: usize = 16 * 1024;

/// The file format version this build writes and the newest it reads.
pub const SCENARIO_VERSION: u32 = 1;

/// Which view a scenario belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum View {
    /// Hero against 1–22 opponents (1–9 by default).
    #[default]
    MultiOdds,
    /// 2–10 seats, each a hand or range.
    Matchup,
    /// The 169 starting hands against 1–22 random opponents (1–9 by default).
    Chart,
}

/// A saved scenario. Every field has a default, so hand-written files may leave
/// fields out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Scenario {
    pub version: u32,
    pub view: View,
    /// Hero's hand, range or pocket query (MultiOdds view).
    pub hero: String,
    /// Opponents' range (MultiOdds and Chart views).
    pub opponents: String,
    /// Opponent counts, inclusive (MultiOdds and Chart views).
    pub opponent_counts: (usize, usize),
    /// One range per seat (Matchup view).
    pub seats: Vec<String>,
    pub board: String,
    pub dead: String,
    pub mode: Method,
    /// Monte Carlo precision target (standard error) of win, tie, equity, HS.
    pub target_se: f64,
    /// The precision target of PPot and NPot (looser: their conditions can be rare).
    pub potential_target_se: f64,
    /// Stop Monte Carlo after this many milliseconds (0: no time budget).
    pub time_budget_ms: u64,
    /// Most memory a run may hold, in MiB (0: the default, 512 MiB).
    pub memory_budget_mb: u64,
    pub seed: u64,
    pub note: String,
}

impl Default for Scenario {
    fn default() -> Scenario {
        Scenario {
            version: SCENARIO_VERSION,
            view: View::MultiOdds,
            hero: "AKs".into(),
            opponents: "random".into(),
            opponent_counts: (1, 9),
            seats: vec!["AKs".into(), "QQ".into()],
            board: String::new(),
            dead: String::new(),
            mode: Method::Auto,
            target_se: 0.0005,
            potential_target_se: crate::equity::run::DEFAULT_POTENTIAL_TARGET_SE,
            time_budget_ms: 0,
            memory_budget_mb: 0,
            seed: 1,
            note: String::new(),
        }
    }
}

/// Why a scenario cannot be loaded, saved or run; each names the field or place.
#[derive(Debug, Error)]
pub enum ScenarioError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: line {line}, column {column}: {message}")]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path} was written by a newer MultiOdds (file version {found}); this one reads up to version {supported}")]
    Newer {
        path: PathBuf,
        found: u32,
        supported: u32,
    },
    #[error("{field}: {error}")]
    Cards { field: String, error: CardError },
    #[error("{field}: {error}")]
    Range { field: String, error: RangeError },
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },
    #[error("{0}")]
    Equity(#[from] EquityError),
}

impl ScenarioError {
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
    let closest = known
        .iter()
        .map(|k| (edit_distance(found, k), *k))
        .min()
        .filter(|&(d, k)| d <= 2.max(k.len() / 3));
    match closest {
        Some((_, k)) => format!("unknown field `{found}`; did you mean `{k}`?"),
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

/// Levenshtein distance (characters inserted, removed or changed).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
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

/// The engine jobs a scenario describes, validated.
#[derive(Clone, Debug)]
pub enum ScenarioJob {
    Sweep(Sweep),
    Matchup(Matchup),
    Chart(ChartSpec),
}

impl Scenario {
    fn field_text(&self, field: &str) -> Option<&str> {
        match field {
            "hero" => Some(&self.hero),
            "opponents" => Some(&self.opponents),
            "board" => Some(&self.board),
            "dead" => Some(&self.dead),
            _ => field
                .strip_prefix("seats[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|i| i.parse::<usize>().ok())
                .and_then(|i| self.seats.get(i).map(String::as_str)),
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
                message: "missing or 0; this build writes version 1".into(),
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

    /// Checks every field; the first problem wins.
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
        let (board, dead) = self.cards()?;
        let range = |field: &str, text: &str| {
            HandRange::parse(text).map_err(|error| ScenarioError::Range {
                field: field.to_string(),
                error,
            })
        };
        let targets = crate::equity::run::TARGET_SE_RANGE;
        for (field, value) in [
            ("target_se", self.target_se),
            ("potential_target_se", self.potential_target_se),
        ] {
            if !targets.contains(&value) {
                return Err(ScenarioError::Invalid {
                    field: field.into(),
                    message: format!(
                        "{value} is not a standard error from {} to {}",
                        targets.start(),
                        targets.end()
                    ),
                });
            }
        }
        if self.memory_budget().is_none() {
            let (min_mb, max_mb) = (
                crate::equity::memory::MIN_MEMORY_BUDGET >> 20,
                crate::equity::memory::MAX_MEMORY_BUDGET >> 20,
            );
            return Err(ScenarioError::Invalid {
                field: "memory_budget_mb".into(),
                message: format!(
                    "{} MiB is not a budget from {min_mb} to {max_mb} MiB (0 means the default, 512)",
                    self.memory_budget_mb
                ),
            });
        }
        if self.time_budget_ms > 86_400_000 {
            return Err(ScenarioError::Invalid {
                field: "time_budget_ms".into(),
                message: format!(
                    "{} ms is more than a day (0 means no time budget)",
                    self.time_budget_ms
                ),
            });
        }
        let (lo, hi) = self.opponent_counts;
        let max = crate::equity::sweep::MAX_OPPONENTS;
        let counts_ok = (1..=max).contains(&lo) && (1..=max).contains(&hi) && lo <= hi;
        match self.view {
            View::MultiOdds | View::Chart if !counts_ok => Err(ScenarioError::Invalid {
                field: "opponent_counts".into(),
                message: format!("({lo}, {hi}) is not a span within 1 to {max}"),
            }),
            View::MultiOdds => {
                let hero = range("hero", &self.hero)?;
                let opponents = range("opponents", &self.opponents)?;
                Ok(ScenarioJob::Sweep(Sweep::new(
                    hero,
                    opponents,
                    board,
                    dead,
                    lo..=hi,
                )?))
            }
            View::Matchup => {
                if !(2..=MAX_SEATS).contains(&self.seats.len()) {
                    return Err(ScenarioError::Invalid {
                        field: "seats".into(),
                        message: format!(
                            "a matchup needs 2 to {MAX_SEATS} seats, got {}",
                            self.seats.len()
                        ),
                    });
                }
                let ranges = self
                    .seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| range(&format!("seats[{i}]"), s))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(ScenarioJob::Matchup(Matchup::new(ranges, board, dead)?))
            }
            View::Chart => Ok(ScenarioJob::Chart(ChartSpec {
                board,
                dead,
                counts: lo..=hi,
                vs: range("opponents", &self.opponents)?,
            })),
        }
    }

    fn cards(&self) -> Result<(CardSet, CardSet), ScenarioError> {
        let cards = |field: &str, text: &str| {
            CardSet::parse(text).map_err(|error| ScenarioError::Cards {
                field: field.to_string(),
                error,
            })
        };
        let board = cards("board", &self.board)?;
        let dead = cards("dead", &self.dead)?;
        check_board(board, dead)?;
        Ok((board, dead))
    }

    /// The memory budget in bytes: the default for 0, `None` when out of range.
    fn memory_budget(&self) -> Option<u64> {
        match self.memory_budget_mb {
            0 => Some(crate::equity::memory::DEFAULT_MEMORY_BUDGET),
            mb => crate::equity::memory::budget_from_mib(mb),
        }
    }

    /// Run settings from the scenario's mode, precision and seed.
    pub fn settings(&self) -> RunSettings {
        RunSettings {
            method: self.mode,
            seed: self.seed,
            target_se: self.target_se,
            potential_target_se: Some(self.potential_target_se),
            time_limit: (self.time_budget_ms > 0)
                .then(|| std::time::Duration::from_millis(self.time_budget_ms)),
            memory_budget: self
                .memory_budget()
                .unwrap_or(crate::equity::memory::DEFAULT_MEMORY_BUDGET),
            ..RunSettings::default()
        }
    }
}

/// The largest scenario file read: real ones are a few hundred bytes.
pub const MAX_SCENARIO_BYTES: u64 = 1 << 20;

/// Reads a scenario file's text: only a regular file (a FIFO or a device would block or
/// never end) of at most [`MAX_SCENARIO_BYTES`].
pub fn read_scenario_file(path: &Path) -> Result<String, ScenarioError> {
    use std::io::Read;
    let refuse = |message: String| ScenarioError::Read {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidInput, message),
    };
    let io = |source| ScenarioError::Read {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(refuse("not a regular file".into()));
    }
    if meta.len() > MAX_SCENARIO_BYTES {
        return Err(refuse(format!(
            "{} bytes; a scenario file is at most {MAX_SCENARIO_BYTES} bytes",
            meta.len()
        )));
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(MAX_SCENARIO_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(io)?;
    if text.len() as u64 > MAX_SCENARIO_BYTES {
        return Err(refuse(
            "the file grew past the size limit while read".into(),
        ));
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_every_view() {
        for view in [View::MultiOdds, View::Matchup, View::Chart] {
            let s = Scenario {
                view,
                note: "a \"quoted\" note\nwith two lines".into(),
                board: "Ah 7d 2c".into(),
                ..Scenario::default()
            };
            let back = Scenario::from_ron(&s.to_ron(), Path::new("x.ron")).unwrap();
            assert_eq!(back, s);
            back.validate().unwrap();
        }
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
        let s = Scenario {
            hero: "AKx+".into(),
            ..Scenario::default()
        };
        let e = s.validate().unwrap_err();
        assert!(e.to_string().starts_with("hero: "), "{e}");
        assert_eq!(e.caret(&s).unwrap(), "AKx+\n  ^ unknown rank 'x'");
        let s = Scenario {
            board: "Ah Ah".into(),
            ..Scenario::default()
        };
        assert!(s.validate().unwrap_err().to_string().starts_with("board: "));
        let e =
            Scenario::from_ron("Scenario(version: 1, hero: 5)", Path::new("bad.ron")).unwrap_err();
        assert!(matches!(e, ScenarioError::Syntax { line: 1, .. }), "{e}");
    }
}
