//! The Hand view's jobs besides its equity (an [`MatchupJob`](crate::equity::games::MatchupJob)):
//! reading a session of files, streamed a file at a time, and fetching one hand's text
//! from a file.

use super::Job;
use crate::equity::run::RunSettings;
use crate::equity::EquityError;
use crate::history::allin::AdjustSettings;
use crate::history::parse_header_line;
use crate::history::session::{read_session, HandRow, Session};
use crate::history::Refusal;
use std::path::PathBuf;

/// Read these files (folders already expanded) into a session for `hero`.
#[derive(Clone, Debug)]
pub struct SessionJob {
    /// The files.
    pub files: Vec<PathBuf>,
    /// The hero's name (`None`: the player each hand was dealt to).
    pub hero: Option<String>,
}

/// A session as far as it has been read.
#[derive(Clone, Debug, Default)]
pub struct SessionRead {
    /// Rows, refusals and files read.
    pub session: Session,
    /// Files to read in all.
    pub files_total: usize,
}

impl SessionRead {
    /// Every file was read.
    pub fn complete(&self) -> bool {
        self.session.files == self.files_total
    }
}

/// One file's rows and refusals.
#[derive(Clone, Debug)]
pub struct SessionUpdate {
    /// The file's hands.
    pub rows: Vec<HandRow>,
    /// The file's refusals.
    pub refused: Vec<Refusal>,
    /// Files to read in all.
    pub files_total: usize,
}

impl Job for SessionJob {
    type Update = SessionUpdate;
    type Output = SessionRead;

    fn reports_exact_progress(&self) -> bool {
        false
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(SessionUpdate) -> bool,
    ) -> Result<SessionRead, EquityError> {
        let adjust = AdjustSettings {
            control: settings.control.clone(),
            ..AdjustSettings::default()
        };
        let total = self.files.len();
        // Each file's rows go out as it is read; the whole session is the answer.
        let session = read_session(
            &self.files,
            self.hero.as_deref(),
            &adjust,
            settings.memory_budget,
            |_, _, rows: &[HandRow], refused: &[Refusal]| {
                !settings.control.is_cancelled()
                    && update(SessionUpdate {
                        rows: rows.to_vec(),
                        refused: refused.to_vec(),
                        files_total: total,
                    })
            },
        );
        Ok(SessionRead {
            session,
            files_total: total,
        })
    }

    fn collect(so_far: &mut Option<SessionRead>, update: SessionUpdate, _seed: u64) {
        let read = so_far.get_or_insert_with(SessionRead::default);
        read.files_total = update.files_total;
        read.session.files += 1;
        read.session.rows.extend(update.rows);
        read.session.refused.extend(update.refused);
    }
}

/// Fetch the text of the first hand whose header is on `line` of `file` or after it.
#[derive(Clone, Debug)]
pub struct HandTextJob {
    /// The file.
    pub file: PathBuf,
    /// The header's line (from 1).
    pub line: usize,
}

impl Job for HandTextJob {
    type Update = ();
    type Output = (String, String);

    fn reports_exact_progress(&self) -> bool {
        false
    }

    /// The hand's lines, from its header to the next hand's header: (source, text).
    fn run(
        self,
        _settings: &RunSettings,
        _update: &mut dyn FnMut(()) -> bool,
    ) -> Result<(String, String), EquityError> {
        let name = self.file.display().to_string();
        let bytes = std::fs::read(&self.file)
            .map_err(|e| EquityError::Unsupported(format!("cannot read {name}: {e}")))?;
        let (text, _) = crate::history::decode_owned(bytes)
            .map_err(|e| EquityError::Unsupported(format!("{name}: {e}")))?;
        if let Some(found) = crate::history::xml_game_at(&text, self.line) {
            let (start, game) = found;
            return Ok((format!("{name}:{start}"), game));
        }
        // From the first header at or after the line to the next header.
        let mut out = String::new();
        let mut start = None;
        for (n, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l)) {
            if n < self.line {
                continue;
            }
            let header = parse_header_line(line);
            match start {
                None if header => start = Some(n),
                None => continue,
                Some(_) if header => break,
                Some(_) => {}
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let Some(start) = start else {
            return Err(EquityError::Unsupported(format!(
                "{name} has no hand from line {} on",
                self.line
            )));
        };
        Ok((format!("{name}:{start}"), out))
    }

    fn collect(_so_far: &mut Option<(String, String)>, _update: (), _seed: u64) {}
}

/// The money and all-in adjustment of one hand (the adjustment runs equity, so it is a
/// job, never the UI thread's work).
#[derive(Clone, Debug)]
pub struct AllInJob {
    /// The hand.
    pub hand: crate::history::Hand,
}

/// A hand's money and its all-in adjustment, or why there is none.
#[derive(Clone, Debug)]
pub struct AllInOutcome {
    /// The pots, what each put in, each result.
    pub money: crate::history::pots::Money,
    /// The adjustment, or why there is none.
    pub adjusted: Result<crate::history::allin::Adjusted, crate::history::allin::NotAdjusted>,
}

impl Job for AllInJob {
    type Update = ();
    type Output = AllInOutcome;

    fn reports_exact_progress(&self) -> bool {
        false
    }

    fn run(
        self,
        settings: &RunSettings,
        _update: &mut dyn FnMut(()) -> bool,
    ) -> Result<AllInOutcome, EquityError> {
        let money = crate::history::pots::money(&self.hand);
        let adjust = AdjustSettings {
            control: settings.control.clone(),
            ..AdjustSettings::default()
        };
        let adjusted = crate::history::allin::adjust(&self.hand, &money, &adjust);
        Ok(AllInOutcome { money, adjusted })
    }

    fn collect(_so_far: &mut Option<AllInOutcome>, _update: (), _seed: u64) {}
}
