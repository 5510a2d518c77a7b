//! The command line (reference §6): parses arguments with clap, runs the engine, prints a
//! table or one JSON object on stdout; errors go to stderr with a non-zero status.

mod analysis;
mod args;
mod flops;
mod hands;
mod hands_db;
mod json;
mod output;
mod preflop;
mod progress;
mod query;
mod run_file;
use run_file::run_command;

use analysis::*;
pub use args::*;
use progress::*;

use clap::{Args, Parser, Subcommand};
use multiodds::cards::Game;
use multiodds::cards::{CardError, CardErrorKind, CardSet};
use multiodds::equity::chart::ChartSpec;
use multiodds::equity::games::{MatchupJob, SweepJob};
use multiodds::equity::run::SweepResult;
use multiodds::equity::run::{RunSettings, StopRule};
use multiodds::equity::sweep::MAX_OPPONENTS;
use multiodds::equity::table_csv::CsvOptions;
use multiodds::equity::{EquityError, MatchupResult, Method};
use multiodds::eval;
use multiodds::range::{HandRange, RangeError};
use multiodds::worker::{Event, Job, JobManager, Message};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use thiserror::Error;

/// Everything that can stop a command.
#[derive(Debug, Error)]
pub enum CliError {
    #[error("{what}: {error}\n{caret}")]
    Cards {
        what: &'static str,
        error: Box<CardError>,
        caret: String,
    },
    #[error("{what}: {error}\n{caret}")]
    Range {
        what: String,
        error: Box<RangeError>,
        caret: String,
    },
    #[error("{0}")]
    Equity(#[from] EquityError),
    #[error("{error}{}", caret.as_ref().map(|c| format!("\n{c}")).unwrap_or_default())]
    Scenario {
        error: Box<multiodds::scenario::ScenarioError>,
        caret: Option<String>,
    },
    #[error("{0}")]
    Usage(String),
    #[error("query: {error}{}", caret.as_ref().map(|c| format!("\n{c}")).unwrap_or_default())]
    Query {
        error: multiodds::query::QueryError,
        caret: Option<String>,
    },
}

impl CliError {
    fn cards(what: &'static str, input: &str, error: CardError) -> CliError {
        CliError::Cards {
            what,
            caret: error.caret(input),
            error: Box::new(error),
        }
    }

    fn range(what: String, input: &str, error: RangeError) -> CliError {
        CliError::Range {
            what,
            caret: error.caret(input),
            error: Box::new(error),
        }
    }
}

/// The first problem the scenario model found in a command's inputs, named as the
/// command line names them (`seat 2`, `--vs`, `board`): `name` maps a model field to
/// its name here, `text_of` gives the text the user typed for it.
fn first_problem<'a>(
    problems: Vec<multiodds::scenario::ScenarioError>,
    name: impl Fn(&str) -> String,
    text_of: impl Fn(&str) -> Option<&'a str>,
) -> CliError {
    use multiodds::scenario::ScenarioError;
    let Some(problem) = problems.into_iter().next() else {
        return CliError::Usage("the inputs do not validate".into());
    };
    match problem {
        ScenarioError::Range { field, error } => {
            let text = text_of(&field).unwrap_or_default();
            CliError::range(name(&field), text, error)
        }
        ScenarioError::Cards { field, error } => {
            let text = text_of(&field).unwrap_or_default();
            let what = if field == "board" {
                "board"
            } else {
                "dead cards"
            };
            CliError::cards(what, text, error)
        }
        ScenarioError::Invalid { field, message } => {
            CliError::Usage(format!("{}: {message}", name(&field)))
        }
        ScenarioError::Query { field, error } => {
            CliError::Usage(format!("{}: {error}", name(&field)))
        }
        ScenarioError::Equity(e) => CliError::Equity(e),
        other => CliError::Usage(other.to_string()),
    }
}

/// `--figure`'s value: the chart figure's key with `-` for `_` (`win-odds`).
fn chart_figure_arg(text: &str) -> Result<multiodds::scenario::ChartFigure, String> {
    use multiodds::scenario::ChartFigure;
    ChartFigure::ALL
        .into_iter()
        .find(|f| f.metric().key.replace('_', "-") == text.trim().to_ascii_lowercase())
        .ok_or_else(|| format!("unknown figure '{text}': use equity, win, tie or win-odds"))
}

/// Runs the binary: parses `std::env::args`, reports errors on stderr — or, when the
/// command line asks for `--json`, as one JSON object on stdout (reference §6), with
/// the same exit codes: 2 for a command line that does not parse, 1 for any other.
pub fn main() -> ExitCode {
    let wants_json = std::env::args_os()
        .skip(1)
        .take_while(|a| a != "--")
        .any(|a| a == "--json");
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() && wants_json => {
            let message = e.kind().to_string();
            let detail = e.render().to_string();
            let error = json::Error::usage(&message, detail.trim());
            return write_stdout(&json::line(&error), ExitCode::from(2));
        }
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match run(cli) {
        // A command that wrote its own output as it went (`hands`) has said it stopped.
        Ok(output) if INTERRUPTED.load(Ordering::SeqCst) && output.is_empty() => {
            ExitCode::from(130)
        }
        Ok(output) if INTERRUPTED.load(Ordering::SeqCst) => {
            // Ctrl-C: what was done, marked partial, and the shell's code for SIGINT.
            write_stdout(&mark_partial(&output), ExitCode::from(130))
        }
        Ok(output) => write_stdout(&output, ExitCode::SUCCESS),
        Err(error) if wants_json => {
            write_stdout(&json::line(&json::Error::of(&error)), ExitCode::from(1))
        }
        Err(error) => {
            say(&format!("error: {error}"));
            ExitCode::from(1)
        }
    }
}

/// Writes the command's output to stdout: the one checked path every command's output
/// takes. A reader that closed the pipe early (`| head`) wanted no more: the command
/// ends quietly with `done` (0 after a normal run), as `cat` and `grep` users expect
/// in pipelines under `set -o pipefail`. Any other failure (a full disk) is an error,
/// exit 1.
fn write_stdout(text: &str, done: ExitCode) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => done,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => done,
        Err(e) => {
            say(&format!("error: cannot write the output: {e}"));
            ExitCode::from(1)
        }
    }
}

/// A line on stderr that never panics (a closed stderr loses the line, nothing else).
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Marks interrupted output: a `"partial": true` field in JSON, a `#` comment line
/// first in CSV and text.
fn mark_partial(output: &str) -> String {
    match output.strip_prefix('{') {
        Some(rest) => format!("{{\"partial\":true,{rest}"),
        None => {
            format!("# partial: interrupted by Ctrl-C; the figures are what was done\n{output}")
        }
    }
}

/// Most worker threads `--threads` may ask for.
pub const MAX_THREADS: usize = 256;

/// Runs a parsed command and returns what goes to stdout.
///
/// One function because it is the dispatch table: one arm per command, each a call.
pub fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        None => open_window(None),
        Some(CliCommand::Gui { file }) => open_window(file),
        Some(CliCommand::Usage) => Ok(usage()),
        Some(CliCommand::Eval { cards, game, json }) => eval_any(&cards.join(" "), &game, json),
        Some(CliCommand::Range { expr, cards, json }) => range_command(&expr, &cards, json),
        Some(CliCommand::Equity {
            ranges,
            folded,
            cards,
            boards,
            board2,
            run,
            json,
        }) => {
            // A second board given means two boards.
            let boards = if boards == 1 && !board2.trim().is_empty() {
                2
            } else {
                boards
            };
            equity_command(&ranges, &folded, &cards, (boards, &board2), &run, json)
        }
        Some(CliCommand::Query {
            text,
            file,
            run,
            json,
            csv,
        }) => query::query_command(text, file, &run, (json, csv)),
        Some(CliCommand::Sweep {
            hero,
            vs,
            opponents,
            cards,
            run,
            json,
            csv,
            percent,
        }) => sweep_command(
            &hero,
            &vs,
            &opponents,
            &cards,
            &run,
            json,
            csv.then_some(CsvOptions { percent }),
        ),
        Some(CliCommand::Table {
            opponents,
            vs,
            cards,
            run,
            json,
            csv,
            percent,
            figure,
        }) => table_command(
            &opponents,
            &vs,
            &cards,
            &run,
            figure,
            json,
            csv.then_some(CsvOptions { percent }),
        ),
        Some(CliCommand::Run {
            file,
            json,
            threads,
            quiet,
        }) => run_command(&file, json, threads, quiet),
        Some(CliCommand::Outs {
            hero,
            cards,
            vs,
            json,
        }) => outs_command(&hero, &cards, &vs, json),
        Some(CliCommand::Breakdown {
            range,
            cards,
            vs,
            json,
            csv,
        }) => breakdown_command(&range, &cards, &vs, json, csv),
        Some(CliCommand::Runouts {
            ranges,
            cards,
            memory_mb,
            json,
        }) => runouts_command(&ranges, &cards, memory_mb, json),
        Some(CliCommand::Flops {
            ranges,
            dead,
            game,
            deals_per_flop,
            seed,
            all_flops,
            shard,
            threads,
            json,
            csv,
            quiet,
        }) => flops::flops_command(
            multiodds::scenario::FlopsInputs {
                range1: ranges[0].clone(),
                range2: ranges[1].clone(),
                more: ranges[2..].to_vec(),
                dead,
                game,
                deals_per_flop,
                seed,
                all_flops,
                ..Default::default()
            },
            shard.as_deref(),
            threads,
            flops::format(json, csv),
            quiet,
        ),
        Some(CliCommand::Draw {
            game,
            keeps,
            dead,
            run,
            json,
        }) => draw_command(&game, &keeps, &dead, &run, json),
        Some(CliCommand::Hands { db: Some(db), .. }) => hands_db::command(db),
        Some(CliCommand::Hands {
            db: None,
            files,
            hero,
            json,
            csv,
        }) => hands::hands_command(&files, hero.as_deref(), json, csv),
        Some(CliCommand::FlopsMerge { parts, json, csv }) => {
            flops::flops_merge_command(&parts, flops::format(json, csv))
        }
        Some(CliCommand::PreflopPairs { out }) => preflop::pairs_command(&out),
        Some(CliCommand::PreflopTable { opponents }) => preflop::table_command(opponents),
    }
}

/// The short usage `multiodds usage` prints.
fn usage() -> String {
    format!(
        "MultiOdds {}: poker odds analysis (multiodds --help lists every game and command).\n\n\
         usage: multiodds eval CARDS [--json]          value of a 1-7 card hand\n\
         \x20      multiodds range EXPR [--json]          combos of a range\n\
         \x20      multiodds equity RANGE RANGE... [--board B] [--json]\n\
         \x20      multiodds sweep HERO [--vs RANGE] [--opponents 1-9] [--json]\n\
         \x20      multiodds --help                       all commands and options\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// `eval` in any game: the draw games' rules by their names, the others by the game's.
fn eval_any(cards: &str, game: &str, json: bool) -> Result<String, CliError> {
    match multiodds::eval::draw::DrawRule::from_name(game) {
        Some(rule) => draw_eval_command(cards, rule, json),
        None => {
            let game: Game = game.parse().map_err(|e: multiodds::cards::UnknownGame| {
                CliError::Usage(format!(
                    "{e}; lowball and badugi rules: 2-7, a-5, razz, badugi"
                ))
            })?;
            eval_command(cards, game, json)
        }
    }
}

/// Parses board and dead cards, each naming its own errors.
fn parse_cards(args: &CardsArgs) -> Result<(CardSet, CardSet), CliError> {
    let board =
        CardSet::parse(&args.board).map_err(|e| CliError::cards("board", &args.board, e))?;
    let dead =
        CardSet::parse(&args.dead).map_err(|e| CliError::cards("dead cards", &args.dead, e))?;
    multiodds::equity::check_board(board, dead)?;
    Ok((board, dead))
}

fn parse_range(what: String, text: &str) -> Result<HandRange, CliError> {
    HandRange::parse(text).map_err(|e| CliError::range(what, text, e))
}

fn range_command(expr: &str, cards: &CardsArgs, json: bool) -> Result<String, CliError> {
    cards.need_board("range")?;
    let (board, dead) = parse_cards(cards)?;
    if !cards.game.plays_as_holdem() {
        let range = multiodds::range::HoleRange::parse(expr, cards.game)
            .map_err(|e| CliError::range("range".into(), expr, e))?;
        // As in Hold'em: a range the cards block entirely is refused, not "0 hands".
        if range.live_count(board.union(dead)) == 0 {
            return Err(CliError::Equity(EquityError::EmptySeat {
                seat: "the range".into(),
            }));
        }
        return Ok(output::hole_range(expr, &range, board.union(dead), json));
    }
    let parsed = parse_range("range".into(), expr)?;
    let blocked = board.union(dead);
    let range = parsed.remove_cards(blocked).map_err(|_| {
        CliError::Equity(EquityError::EmptySeat {
            seat: "the range".into(),
        })
    })?;
    Ok(output::range(expr, &range, json))
}

/// The run settings of `run`, each option checked like a scenario field.
fn settings(run: &RunArgs) -> Result<RunSettings, CliError> {
    use multiodds::equity::run::TARGET_SE_RANGE;
    let (lo, hi) = (TARGET_SE_RANGE.start(), TARGET_SE_RANGE.end());
    for (name, value) in [
        ("--target-se", run.target_se),
        ("--potential-target-se", run.potential_target_se),
    ] {
        if !TARGET_SE_RANGE.contains(&value) {
            return Err(CliError::Usage(format!(
                "{name} {value}: a standard error from {lo} to {hi} (0.0005 is 0.05 percentage points)"
            )));
        }
    }
    if let Some(t) = run.trials.filter(|t| !(1..=1_000_000_000_000).contains(t)) {
        return Err(CliError::Usage(format!(
            "--trials {t}: a number of deals from 1 to 1,000,000,000,000"
        )));
    }
    if let Some(t) = run.time_ms.filter(|t| !(1..=86_400_000).contains(t)) {
        return Err(CliError::Usage(format!(
            "--time-ms {t}: milliseconds from 1 to 86,400,000 (a day)"
        )));
    }
    if let Some(t) = run.threads.filter(|t| !(1..=MAX_THREADS).contains(t)) {
        return Err(CliError::Usage(format!(
            "--threads {t}: from 1 to {MAX_THREADS} (default: every core)"
        )));
    }
    let memory_budget = memory_budget_of(run.memory_mb)?;
    let mut s = RunSettings {
        memory_budget,
        method: if run.exact {
            Method::Exact
        } else if run.mc {
            Method::MonteCarlo
        } else {
            Method::Auto
        },
        seed: run.seed,
        target_se: run.target_se,
        potential_target_se: Some(run.potential_target_se),
        ..RunSettings::default()
    };
    if let Some(t) = run.trials {
        s.max_deals = t;
    }
    s.time_limit = run.time_ms.map(Duration::from_millis);
    Ok(s)
}

fn equity_command(
    ranges: &[String],
    folded: &[String],
    cards: &CardsArgs,
    (boards, board2): (u8, &str),
    run: &RunArgs,
    json: bool,
) -> Result<String, CliError> {
    // The Matchup view's inputs: the one way from inputs to a matchup.
    let inputs = multiodds::scenario::MatchupInputs {
        game: cards.game,
        seats: ranges.to_vec(),
        folded: folded.to_vec(),
        board: cards.board.clone(),
        boards,
        board2: board2.to_string(),
        dead: cards.dead.clone(),
        ..Default::default()
    };
    let matchup = inputs.validate().map_err(|problems| {
        let index = |i: &str| i.trim_end_matches(']').parse::<usize>().unwrap_or(0) + 1;
        let name = |field: &str| {
            if let Some(i) = field.strip_prefix("seats[") {
                format!("seat {}", index(i))
            } else if let Some(i) = field.strip_prefix("folded[") {
                format!("--folded {}", index(i))
            } else if field == "boards" || field == "board2" {
                format!("--{field}")
            } else {
                field.to_string()
            }
        };
        first_problem(problems, name, |f| inputs.field_text(f))
    })?;
    let (result, elapsed) = run_with_progress(
        matchup.clone(),
        settings(run)?,
        run.threads,
        !(json || run.quiet),
    )?;
    Ok(output::equity(
        ranges, folded, &matchup, &result, elapsed, json,
    ))
}

/// `multiodds draw`: equity for stated keeps in a lowball or badugi game.
fn draw_command(
    game: &str,
    keeps: &[String],
    dead: &str,
    run: &RunArgs,
    json: bool,
) -> Result<String, CliError> {
    use multiodds::eval::draw::DrawRule;
    let rule = DrawRule::from_name(game).ok_or_else(|| {
        CliError::Usage(format!(
            "--game: unknown draw game '{game}': use 2-7, a-5 or badugi"
        ))
    })?;
    // The same question as `equity --game <draw game>`: the same path, figures and JSON.
    let game: Game = match rule {
        DrawRule::DeuceSeven => "2-7-draw",
        DrawRule::AceFive => "a-5-draw",
        DrawRule::Badugi => "badugi",
    }
    .parse()
    .map_err(|e| CliError::Usage(format!("--game: {e}")))?;
    let cards = CardsArgs {
        board: String::new(),
        dead: dead.to_string(),
        game,
    };
    equity_command(keeps, &[], &cards, (1, ""), run, json)
}

/// A model field as the sweep and table commands name it.
fn cli_field_name(field: &str) -> String {
    match field {
        "opponents" => "--vs".into(),
        "opponent_counts" => "--opponents".into(),
        other => other.into(),
    }
}

/// Parses `1-9` or `3` into an inclusive range of opponent counts.
fn opponent_counts(text: &str) -> Result<std::ops::RangeInclusive<usize>, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--opponents: \"{text}\" is not a count 1-{MAX_OPPONENTS} or a span like 1-9"
        ))
    };
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (text.trim(), text.trim()),
    };
    let a: usize = a.parse().map_err(|_| bad())?;
    let b: usize = b.parse().map_err(|_| bad())?;
    if !(1..=MAX_OPPONENTS).contains(&a) || !(1..=MAX_OPPONENTS).contains(&b) || a > b {
        return Err(bad());
    }
    Ok(a..=b)
}

fn sweep_command(
    hero: &str,
    vs: &str,
    opponents: &str,
    cards: &CardsArgs,
    run: &RunArgs,
    json: bool,
    csv: Option<CsvOptions>,
) -> Result<String, CliError> {
    cards.need_board("sweep")?;
    let counts = opponent_counts(opponents)?;
    // The MultiOdds view's inputs: the one way from inputs to a sweep.
    let inputs = multiodds::scenario::SweepInputs {
        game: cards.game,
        hero: hero.to_string(),
        opponents: vs.to_string(),
        opponent_counts: (*counts.start(), *counts.end()),
        board: cards.board.clone(),
        dead: cards.dead.clone(),
        ..Default::default()
    };
    let sweep = inputs
        .validate()
        .map_err(|problems| first_problem(problems, cli_field_name, |f| inputs.field_text(f)))?;
    let (result, _) = run_with_progress(
        sweep.clone(),
        settings(run)?,
        run.threads,
        !(json || run.quiet),
    )?;
    Ok(output::sweep(hero, vs, &sweep, &result, json, csv.as_ref()))
}

/// One exact hand (two cards) from text.
fn parse_hand(what: &'static str, text: &str) -> Result<multiodds::range::Combo, CliError> {
    let set = CardSet::parse(text).map_err(|e| CliError::cards(what, text, e))?;
    let cards = set.to_vec_desc();
    match cards.as_slice() {
        [a, b] => Ok(multiodds::range::Combo::new(*a, *b).expect("distinct cards")),
        _ => Err(CliError::cards(
            what,
            text,
            CardError {
                kind: CardErrorKind::Count {
                    what: "a hand",
                    min: 2,
                    max: 2,
                    got: cards.len(),
                },
                token: text.trim().to_string(),
                column: 1,
            },
        )),
    }
}

fn table_command(
    opponents: &str,
    vs: &str,
    cards: &CardsArgs,
    run: &RunArgs,
    figure: multiodds::scenario::ChartFigure,
    json: bool,
    csv: Option<CsvOptions>,
) -> Result<String, CliError> {
    cards.need_board("table")?;
    let counts = opponent_counts(opponents)?;
    // The Chart view's inputs: the one way from inputs to a chart.
    let inputs = multiodds::scenario::ChartInputs {
        game: cards.game,
        opponents: vs.to_string(),
        board: cards.board.clone(),
        dead: cards.dead.clone(),
        opponent_counts: (*counts.start(), *counts.end()),
        ..Default::default()
    };
    let spec = inputs
        .validate()
        .map_err(|problems| first_problem(problems, cli_field_name, |f| inputs.field_text(f)))?;
    let settings = settings(run)?;
    let target_se = settings.target_se;
    let (result, _) = run_with_progress(spec.clone(), settings, run.threads, !(json || run.quiet))?;
    Ok(output::chart(
        &spec,
        &result,
        figure,
        json,
        csv.as_ref(),
        target_se,
    ))
}

/// Opens the app's window (when built with the `gui` feature).
#[cfg(feature = "gui")]
fn open_window(file: Option<std::path::PathBuf>) -> Result<String, CliError> {
    multiodds::app::run(file)
        .map_err(|e| CliError::Usage(format!("cannot open the window: {e}")))?;
    Ok(String::new())
}

#[cfg(not(feature = "gui"))]
fn open_window(_file: Option<std::path::PathBuf>) -> Result<String, CliError> {
    Err(CliError::Usage(
        "this build has no window (built without the `gui` feature); see `multiodds --help`".into(),
    ))
}
