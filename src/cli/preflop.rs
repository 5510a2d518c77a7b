//! The shipped preflop tables' builders: `multiodds preflop-pairs` writes the heads-up
//! table of every pair of hand classes, `multiodds preflop-table` prints each class's
//! equity against random hands (exact heads-up, Monte Carlo past one opponent).

use super::progress::run_with_progress;
use super::{opponent_counts, CliError};
use multiodds::cards::{CardSet, Game};
use multiodds::equity::chart::ChartSpec;
use multiodds::equity::run::RunSettings;
use multiodds::equity::{Method, RunControl};
use multiodds::range::{HandClass, HandRange};

/// Builds the heads-up preflop table of every class of hand pairs and writes it to `out`
/// (atomically).
pub(super) fn pairs_command(out: &std::path::Path) -> Result<String, CliError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .build()
        .map_err(|e| CliError::Usage(format!("cannot start the worker threads: {e}")))?;
    let bytes = pool
        .install(|| multiodds::equity::preflop_table::build_file(&RunControl::new()))
        .ok_or_else(|| CliError::Usage("interrupted".into()))?;
    multiodds::scenario::write_atomically(out, &bytes)
        .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", out.display())))?;
    Ok(format!(
        "{} bytes written to {}\n",
        bytes.len(),
        out.display()
    ))
}

/// Every class's equity against `opponents` random hands, as CSV: one opponent from the
/// exact table, more by Monte Carlo to a standard error of 0.0002.
pub(super) fn table_command(opponents: usize) -> Result<String, CliError> {
    let mut out = String::from("class,equity\n");
    if opponents == 1 {
        for (class, equity) in multiodds::equity::preflop_equity_table() {
            out.push_str(&format!("{class},{equity:.9}\n"));
        }
        return Ok(out);
    }
    let spec = ChartSpec {
        game: Game::HOLDEM,
        board: CardSet::EMPTY,
        dead: CardSet::EMPTY,
        counts: opponent_counts(&opponents.to_string())?,
        vs: HandRange::random(),
    };
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.0002,
        seed: 1,
        ..RunSettings::default()
    };
    let (result, _) = run_with_progress(spec, settings, None, true)?;
    for class in HandClass::all() {
        if let Some(p) = result.cells[class.index()].iter().flatten().next() {
            out.push_str(&format!("{class},{:.9}\n", p.equity));
        }
    }
    Ok(out)
}
