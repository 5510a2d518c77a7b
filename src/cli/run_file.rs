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
            use multiodds::equity::range_analysis::RangeLines;
            let a = spec.analyse(
                &multiodds::equity::RunControl::new(),
                rayon::current_num_threads(),
            );
            let vs = scenario.range.vs.join(" vs ");
            let (range, board) = (scenario.range.range.as_str(), spec.board());
            let by_hand = a.by_hand.as_ref().ok().map(|r| (vs.as_str(), r));
            // Preflop the view answers each hand's equity without made-hand lines: so
            // does `run` (an empty breakdown, the equities below it).
            let preflop =
                (spec.board().is_empty() && by_hand.is_some() && a.game.has_two_card_ranges())
                    .then(|| {
                        RangeLines::Holdem(multiodds::equity::breakdown::Breakdown {
                            combos: a.by_hand.as_ref().map_or(0, |r| r.hands.len()),
                            weight: a
                                .by_hand
                                .as_ref()
                                .map_or(0.0, |r| r.hands.iter().map(|h| h.weight).sum()),
                            made: Vec::new(),
                            draws: Vec::new(),
                            rollups: Vec::new(),
                            by_combo: Vec::new(),
                        })
                    });
            let lines = match (&a.breakdown, &preflop) {
                (Ok(lines), _) => lines,
                (Err(_), Some(lines)) => lines,
                (Err(e), None) => return Err(CliError::Usage(e.clone())),
            };
            let report = match lines {
                RangeLines::Holdem(b) => {
                    output::BreakdownReport::holdem(range, board, b, by_hand, json)
                }
                RangeLines::Game(b) => {
                    output::BreakdownReport::game(a.game, range, board, b, by_hand, json)
                }
            };
            Ok(output::breakdown(&report, json, false))
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
