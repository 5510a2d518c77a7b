//! The Hand view's session as a tracker keeps it: the files and folders listed are
//! imported into the local hand database (each hand once; a file imported before adds
//! only its new hands), then every stored hand is listed from it. Progress streams a
//! file at a time; Stop keeps every file imported by then.

use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::EquityError;
use multiodds_engine::history::session::Session;
use multiodds_engine::worker::{Job, SessionRead};
use multiodds_handdb::{Filter, HandDb};
use std::path::PathBuf;

/// Import `paths` into the database at `db`, then list it.
#[derive(Clone, Debug)]
pub struct ImportJob {
    /// Files and folders to import (none: list what is stored).
    pub paths: Vec<PathBuf>,
    /// The hero's name (`None`: the player each hand was dealt to).
    pub hero: Option<String>,
    /// The database file.
    pub db: PathBuf,
}

/// One file imported.
#[derive(Clone, Debug)]
pub struct ImportUpdate {
    /// Files done.
    pub files_done: usize,
    /// Files found.
    pub files_total: usize,
}

impl Job for ImportJob {
    type Update = ImportUpdate;
    type Output = SessionRead;

    fn reports_exact_progress(&self) -> bool {
        false
    }

    fn run(
        self,
        settings: &RunSettings,
        update: &mut dyn FnMut(ImportUpdate) -> bool,
    ) -> Result<SessionRead, EquityError> {
        let failed = |e: multiodds_handdb::DbError| EquityError::Unsupported(e.to_string());
        let mut db = HandDb::open(&self.db).map_err(failed)?;
        let report = db
            .import(&self.paths, self.hero.as_deref(), |p| {
                !settings.control.is_cancelled()
                    && update(ImportUpdate {
                        files_done: p.files_done,
                        files_total: p.files_total,
                    })
            })
            .map_err(failed)?;
        // Every stored hand, this import's and earlier ones'.
        let filter = Filter {
            hero: self.hero.clone().unwrap_or_default(),
            ..Filter::default()
        };
        let rows = db
            .list(&filter)
            .map_err(failed)?
            .into_iter()
            .map(|h| h.row)
            .collect();
        Ok(SessionRead {
            session: Session {
                files: report.files_done,
                rows,
                refused: report.refused,
                stopped: report.stopped,
            },
            files_total: report.files,
        })
    }

    fn collect(so_far: &mut Option<SessionRead>, update: ImportUpdate, _seed: u64) {
        let read = so_far.get_or_insert_with(SessionRead::default);
        read.files_total = update.files_total;
        read.session.files = update.files_done;
    }
}
