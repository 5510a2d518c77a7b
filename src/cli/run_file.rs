//! `multiodds run FILE`: a scenario file's views run as the app would run them (the file's
//! active view, or every view that computes), each answer printed as text or JSON.

use super::progress::run_with_progress;
use super::CliError;
use super::{flops, output};
use multiodds::scenario::{Scenario, ScenarioJob};

/// `multiodds run FILE`: the saved scenario's view, run as the window would.
///
/// One function because it is one match over the views a scenario file opens, each arm one
/// run and one output.
pub(super) fn run_command(
    path: &std::path::Path,
    json: bool,
    threads: Option<usize>,
    quiet: bool,
) -> Result<String, CliError> {
    let scenario_error =
        |scenario: Option<&Scenario>, e: multiodds::scenario::ScenarioError| CliError::Scenario {
            caret: scenario.and_then(|s| e.caret(s)),
            error: Box::new(e),
        };
    let text =
        multiodds::scenario::read_scenario_file(path).map_err(|e| scenario_error(None, e))?;
    let scenario = Scenario::from_ron(&text, path).map_err(|e| scenario_error(None, e))?;
    // The window keeps a second board's text while Boards is One (nothing typed is
    // dropped); a file run must not answer one board silently when it names two.
    if scenario.view == multiodds::scenario::ViewKind::Matchup
        && scenario.matchup.boards == 1
        && !scenario.matchup.board2.trim().is_empty()
    {
        return Err(CliError::Usage(format!(
            "{}: matchup.board2 is `{}` but matchup.boards is 1: set `boards: 2` to deal two boards, or remove board2",
            path.display(),
            scenario.matchup.board2.trim()
        )));
    }
    let job = scenario
        .validate()
        .map_err(|e| scenario_error(Some(&scenario), e))?;
    let settings = scenario.settings();
    let progress = !(json || quiet);
    match job {
        ScenarioJob::Sweep(sweep) => {
            let (result, _) = run_with_progress(sweep.clone(), settings, threads, progress)?;
            Ok(output::sweep(
                &scenario.multiodds.hero_label(),
                &scenario.multiodds.opponents_label(),
                &sweep,
                &result,
                json,
                None,
            ))
        }
        ScenarioJob::Matchup(matchup) => {
            let (result, elapsed) =
                run_with_progress(matchup.clone(), settings, threads, progress)?;
            // The Hand view's matchup is its hand's players still in, not the Matchup
            // view's seats.
            let (labels, folded) = match scenario.view {
                multiodds::scenario::ViewKind::Hand => (scenario.hand.seat_labels(), Vec::new()),
                _ => (
                    scenario.matchup.seat_labels(),
                    scenario.matchup.folded.clone(),
                ),
            };
            Ok(output::equity(
                &labels, &folded, &matchup, &result, elapsed, json,
            ))
        }
        ScenarioJob::Range(spec) => {
            // `run` prints the lines and every hand's equity (the next cards are the
            // view's own table).
            let parts = multiodds::equity::range_analysis::RangeParts {
                next: false,
                ..multiodds::equity::range_analysis::RangeParts::ALL
            };
            let a = spec.analyse_parts(
                &multiodds::equity::RunControl::new(),
                rayon::current_num_threads(),
                parts,
            );
            let vs = scenario.range.vs.join(" vs ");
            output::range_answer(&a, &scenario.range.range, &vs, spec.board(), json, false)
                .map_err(CliError::Usage)
        }
        ScenarioJob::Query(query) => {
            let (answers, _) = run_with_progress(query, settings, threads, progress)?;
            Ok(super::query::print(&answers, json))
        }
        ScenarioJob::Flops(job) => {
            let (report, elapsed) = run_with_progress(*job, settings, threads, progress)?;
            let format = if json {
                flops::FlopsFormat::Json
            } else {
                flops::FlopsFormat::Text
            };
            let seconds = (!json).then_some(elapsed.as_secs_f64());
            Ok(flops::print_report(
                &scenario.flops,
                &report,
                format,
                seconds,
            ))
        }
        ScenarioJob::Chart(spec) => {
            let (result, _) = run_with_progress(spec.clone(), settings, threads, progress)?;
            Ok(output::chart(
                &spec,
                &result,
                scenario.chart.figure,
                json,
                None,
                scenario.chart.run.target_se,
            ))
        }
    }
}
