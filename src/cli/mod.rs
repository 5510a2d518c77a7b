//! The command line (reference §6): parses arguments with clap, runs the engine, prints a
//! table or one JSON object on stdout; errors go to stderr with a non-zero status.

mod json;
mod output;

use clap::{Args, Parser, Subcommand};
use multiodds::cards::Game;
use multiodds::cards::{CardError, CardErrorKind, CardSet};
use multiodds::equity::chart::ChartSpec;
use multiodds::equity::games::{AnyMatchup, AnySweep};
use multiodds::equity::run::SweepResult;
use multiodds::equity::run::{RunSettings, StopRule};
use multiodds::equity::sweep::MAX_OPPONENTS;
use multiodds::equity::table_csv::CsvOptions;
use multiodds::equity::{EquityError, MatchupResult, Method};
use multiodds::eval;
use multiodds::range::{HandRange, RangeError};
use multiodds::scenario::{Scenario, ScenarioJob};
use multiodds::worker::{Event, Job, JobManager, Message};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use thiserror::Error;

#[derive(Parser, Debug)]
#[command(
    name = "multiodds",
    version,
    about = "Texas Hold'em odds analysis: equity, hand strength and potentials"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

/// Board and dead cards, shared by several commands.
#[derive(Args, Debug, Clone, Default)]
pub struct CardsArgs {
    /// Board cards (0 to 5), e.g. "Qs Ts 5c".
    #[arg(long, default_value = "")]
    pub board: String,
    /// Dead cards, known to be out of play.
    #[arg(long, default_value = "")]
    pub dead: String,
    /// The game: holdem, shortdeck, omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo,
    /// omaha6-hilo (every command; `table` charts the two-card games).
    #[arg(long, default_value = "holdem")]
    pub game: Game,
}

/// How to compute: method, precision and budgets.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Enumerate every deal.
    #[arg(long, conflicts_with = "mc")]
    pub exact: bool,
    /// Monte Carlo sampling.
    #[arg(long)]
    pub mc: bool,
    /// Stop Monte Carlo when win, tie, equity and hand strength have a standard error
    /// of at most this.
    #[arg(long, default_value_t = multiodds::equity::run::DEFAULT_TARGET_SE)]
    pub target_se: f64,
    /// The standard-error target of PPot and NPot (sweep).
    #[arg(long, default_value_t = multiodds::equity::run::DEFAULT_POTENTIAL_TARGET_SE)]
    pub potential_target_se: f64,
    /// Stop Monte Carlo after this many deals.
    #[arg(long)]
    pub trials: Option<u64>,
    /// Stop Monte Carlo after this many milliseconds.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Monte Carlo seed (same seed and inputs, same numbers).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Most memory a run may hold, in MiB (exact work over it is refused, or `auto`
    /// runs Monte Carlo instead).
    #[arg(long, default_value_t = multiodds::equity::memory::DEFAULT_MEMORY_BUDGET >> 20)]
    pub memory_mb: u64,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Subcommand, Debug)]
pub enum CliCommand {
    /// Open the window (the default with no command), optionally with a scenario.
    Gui {
        /// A scenario file (.ron) to open.
        file: Option<std::path::PathBuf>,
    },
    /// A short summary of the commands.
    Usage,
    /// The value of a 1- to 7-card hand (fewer than 5: the partial ranking); in Omaha
    /// games the hole cards first, then 3 to 5 board cards.
    Eval {
        /// The cards, e.g. "As Ks Qs Js Ts" or AsKsQsJsTs.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
        /// The game whose rule values the hand.
        #[arg(long, default_value = "holdem")]
        game: Game,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Parse a range and list its combos.
    Range {
        /// The range, e.g. "QQ+, AKs" or "Group1-Group3 Suited".
        expr: String,
        #[command(flatten)]
        cards: CardsArgs,
        #[arg(long)]
        json: bool,
    },
    /// Equity of 2 to 23 seats (what the deck allows), each a hand or a range.
    Equity {
        /// One range per seat.
        #[arg(required = true, num_args = 2..=multiodds::equity::MAX_SEATS)]
        ranges: Vec<String>,
        /// A folded seat's range (repeatable): dealt from its range, out of the showdown
        /// (card bunching; Hold'em).
        #[arg(long, value_name = "RANGE")]
        folded: Vec<String>,
        #[command(flatten)]
        cards: CardsArgs,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
    },
    /// Hero against 1-9 opponents: win, tie, equity, hand strength, potentials.
    Sweep {
        /// The hero's hand or range.
        hero: String,
        /// The opponents' range.
        #[arg(long, default_value = "random")]
        vs: String,
        /// Opponent counts, e.g. 1-9 or 3.
        #[arg(long, default_value = "1-9")]
        opponents: String,
        #[command(flatten)]
        cards: CardsArgs,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
        /// Print CSV (a `#` block of the inputs, then the same columns as the app's).
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// CSV figures in percent (58.51) rather than fractions (0.5851).
        #[arg(long, requires = "csv")]
        percent: bool,
    },
    /// What a range holds on a board (made hands and draws); with --vs, every combo's
    /// exact equity against that range, the equity buckets and the classes.
    Breakdown {
        /// The range, e.g. "22+,A2s+,KTs+,QTs+,JTs,ATo+".
        range: String,
        #[command(flatten)]
        cards: CardsArgs,
        /// Another seat's range (repeat for several seats).
        #[arg(long = "vs")]
        vs: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Comma-separated values: every line (and every combo with --vs).
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
    /// For every card that can come next on a flop or turn, its probability and each
    /// seat's equity when it comes (heads-up, exact).
    Runouts {
        /// One range per seat (two or more).
        #[arg(required = true, num_args = 2..=multiodds::equity::MAX_SEATS)]
        ranges: Vec<String>,
        #[command(flatten)]
        cards: CardsArgs,
        /// Most memory one card's exact enumeration may hold, in MiB (three or more
        /// seats in Hold'em).
        #[arg(long, default_value_t = multiodds::equity::memory::DEFAULT_MEMORY_BUDGET >> 20)]
        memory_mb: u64,
        #[arg(long)]
        json: bool,
    },
    /// Outs and draws one card ahead, on a flop or turn.
    Outs {
        /// The hero's hand, e.g. "Ah Kh".
        hero: String,
        #[command(flatten)]
        cards: CardsArgs,
        /// An opponent's known hand (repeat for several).
        #[arg(long = "vs")]
        vs: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// All 169 starting hands against 1-9 opponents holding a range (any two cards by
    /// default); heads-up preflop the one-opponent column is exact from the preflop table.
    Table {
        /// Opponent counts, e.g. 1-9 or 3.
        #[arg(long, default_value = "1-9")]
        opponents: String,
        /// The opponents' range.
        #[arg(long, default_value = "random")]
        vs: String,
        #[command(flatten)]
        cards: CardsArgs,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
        /// Print CSV (a `#` block of the inputs, then
        /// hand,opponents,win,tie,equity,std_error,win_odds).
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// CSV figures in percent (58.51) rather than fractions (0.5851).
        #[arg(long, requires = "csv")]
        percent: bool,
        /// The figure of the text table: equity, win, tie, or win-odds (win + ties
        /// counted half, the classic programs' published table).
        #[arg(long, default_value = "equity", value_parser = chart_figure_arg)]
        figure: multiodds::scenario::ChartFigure,
    },
    /// Run a saved scenario file.
    Run {
        /// The scenario (.ron).
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Regenerate the shipped table of heads-up preflop results of every class of hand
    /// pairs (exact).
    #[command(hide = true)]
    PreflopPairs {
        /// Where to write the table (`src/equity/preflop_pairs.bin`).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Regenerate a shipped preflop ranking as CSV: the equity of the 169 classes
    /// against one random hand (exact), or against N random hands (Monte Carlo, seed 1,
    /// SE 0.0002).
    #[command(hide = true)]
    PreflopTable {
        #[arg(long, default_value_t = 1)]
        opponents: usize,
    },
}

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
pub fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        None => open_window(None),
        Some(CliCommand::Gui { file }) => open_window(file),
        Some(CliCommand::Usage) => Ok(format!(
            "MultiOdds {}: Texas Hold'em odds analysis.\n\n\
             usage: multiodds eval CARDS [--json]          value of a 1-7 card hand\n\
             \x20      multiodds range EXPR [--json]          combos of a range\n\
             \x20      multiodds equity RANGE RANGE... [--board B] [--json]\n\
             \x20      multiodds sweep HERO [--vs RANGE] [--opponents 1-9] [--json]\n\
             \x20      multiodds --help                       all commands and options\n",
            env!("CARGO_PKG_VERSION")
        )),
        Some(CliCommand::Eval { cards, game, json }) => eval_command(&cards.join(" "), game, json),
        Some(CliCommand::Range { expr, cards, json }) => range_command(&expr, &cards, json),
        Some(CliCommand::Equity {
            ranges,
            folded,
            cards,
            run,
            json,
        }) => equity_command(&ranges, &folded, &cards, &run, json),
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
        Some(CliCommand::PreflopPairs { out }) => {
            // The shipped table of heads-up preflop results (every class of hand pairs).
            let pool = rayon::ThreadPoolBuilder::new()
                .build()
                .map_err(|e| CliError::Usage(format!("cannot start the worker threads: {e}")))?;
            let bytes = pool
                .install(|| {
                    multiodds::equity::preflop_table::build_file(
                        &multiodds::equity::RunControl::new(),
                    )
                })
                .ok_or_else(|| CliError::Usage("interrupted".into()))?;
            multiodds::scenario::write_atomically(&out, &bytes)
                .map_err(|e| CliError::Usage(format!("cannot write {}: {e}", out.display())))?;
            Ok(format!(
                "{} bytes written to {}\n",
                bytes.len(),
                out.display()
            ))
        }
        Some(CliCommand::PreflopTable { opponents: 1 }) => {
            let mut out = String::from("class,equity\n");
            for (class, equity) in multiodds::equity::preflop_equity_table() {
                out.push_str(&format!("{class},{equity:.9}\n"));
            }
            Ok(out)
        }
        Some(CliCommand::PreflopTable { opponents }) => {
            let counts = opponent_counts(&opponents.to_string())?;
            let spec = ChartSpec {
                game: multiodds::cards::Game::HOLDEM,
                board: CardSet::EMPTY,
                dead: CardSet::EMPTY,
                counts,
                vs: HandRange::random(),
            };
            let settings = RunSettings {
                method: Method::MonteCarlo,
                target_se: 0.0002,
                seed: 1,
                ..RunSettings::default()
            };
            let (result, _) = run_with_progress(spec, settings, None, true)?;
            let mut out = String::from("class,equity\n");
            for class in multiodds::range::HandClass::all() {
                if let Some(p) = result.cells[class.index()].iter().flatten().next() {
                    out.push_str(&format!("{class},{:.9}\n", p.equity));
                }
            }
            Ok(out)
        }
    }
}

/// `eval`: 5–7 cards get their full value by the game's valuation (the engine's
/// `eval::game_value`); in the games where the board can play alone, 1–4 cards the partial
/// ranking of reference §2 (pairs, trips and quads by multiplicity, then ranks), as the
/// classic library ranked any number of cards; in Omaha, the hole cards then 3 to 5 board
/// cards (with the low in hi/lo games).
fn eval_command(text: &str, game: Game, json: bool) -> Result<String, CliError> {
    // A card given twice is refused at its second place.
    let set = CardSet::parse(text).map_err(|e| CliError::cards("cards", text, e))?;
    let cards =
        multiodds::cards::parse_card_list(text).map_err(|e| CliError::cards("cards", text, e))?;
    let count_error = |min: usize, max: usize, what: &'static str| {
        CliError::cards(
            "cards",
            text,
            CardError {
                kind: CardErrorKind::Count {
                    what,
                    min,
                    max,
                    got: cards.len(),
                },
                token: text.trim().to_string(),
                column: 1,
            },
        )
    };
    if let Some(card) = cards.iter().find(|c| !game.has_card(**c)) {
        return Err(CliError::Usage(format!(
            "{card} is not dealt in {game} (its deck is {})",
            game.deck_words()
        )));
    }
    let hole = if game.is_omaha() {
        game.hole_cards()
    } else {
        0
    };
    let (min, what) = if game.is_omaha() {
        (
            hole + 3,
            "an Omaha hand to evaluate (hole cards, then 3 to 5 board cards)",
        )
    } else {
        (1, "a hand to evaluate")
    };
    let max = if game.is_omaha() { hole + 5 } else { 7 };
    if !(min..=max).contains(&cards.len()) {
        return Err(count_error(min, max, what));
    }
    // Fewer than five cards: the partial ranking (pairs, trips, quads, then ranks).
    let partial = cards.len() < 5;
    let (category, value, low) = if partial {
        let sorted = set.to_vec_desc();
        let category = multiodds::equity::outs::category_and_top(&sorted).0;
        (category, eval::rank_partial(&sorted) as u64, None)
    } else {
        let v = eval::game_value(game, &cards[..hole], &cards[hole..]);
        let low = game.is_hi_lo().then(|| eval::describe_low(v.low));
        (v.category, v.value as u64, low)
    };
    if game.is_default() {
        let canonical = set.to_string();
        return Ok(if json {
            json::line(&json::Eval {
                cards: canonical,
                category: category.key(),
                value,
                partial,
            })
        } else if partial {
            format!(
                "{canonical}: {category} (partial ranking of {} cards, value {value}; \
                 comparable only with hands of as many cards)\n",
                cards.len()
            )
        } else {
            format!("{canonical}: {category} (value {value})\n")
        });
    }
    let shown = multiodds::cards::format_cards(&cards);
    if json {
        return Ok(json::line(&json::GameEval {
            game: game.key(),
            cards: shown,
            category: category.key(),
            value,
            low: low.clone().flatten(),
        }));
    }
    let low_text = match low {
        Some(Some(l)) => format!(" · low {l}"),
        Some(None) => " · no qualifying low".to_string(),
        None => String::new(),
    };
    Ok(format!(
        "{shown} ({game}): {category} (value {value}){low_text}\n"
    ))
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
    let (board, dead) = parse_cards(cards)?;
    if cards.game != Game::HOLDEM {
        let range = multiodds::range::HoleRange::parse(expr, cards.game)
            .map_err(|e| CliError::range("range".into(), expr, e))?;
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
    run: &RunArgs,
    json: bool,
) -> Result<String, CliError> {
    // The Matchup view's inputs: the one way from inputs to a matchup.
    let inputs = multiodds::scenario::MatchupInputs {
        game: cards.game,
        seats: ranges.to_vec(),
        folded: folded.to_vec(),
        board: cards.board.clone(),
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

fn breakdown_command(
    range: &str,
    cards: &CardsArgs,
    vs: &[String],
    json: bool,
    csv: bool,
) -> Result<String, CliError> {
    let (board, dead) = parse_cards(cards)?;
    if !(3..=5).contains(&board.len()) {
        return Err(CliError::Usage(format!(
            "--board: a breakdown needs a flop, turn or river (3 to 5 cards), got {}",
            board.len()
        )));
    }
    let max = cards.game.max_seats();
    if vs.len() + 1 > max {
        return Err(CliError::Usage(format!(
            "--vs: {} deals at most {max} seats, so at most {} other seats",
            cards.game.name(),
            max - 1
        )));
    }
    let against = vs.join(" vs ");
    if cards.game != Game::HOLDEM {
        let spec = game_range_spec(range, vs, cards.game, board, dead)?;
        let threads = rayon::current_num_threads();
        let control = multiodds::equity::RunControl::new();
        let b = multiodds::equity::games::range_analysis::game_breakdown(&spec, &control, threads)
            .map_err(CliError::Usage)?;
        let by_hand = if vs.is_empty() {
            None
        } else {
            Some(multiodds::equity::games::range_analysis::by_hand(
                &spec, &control, threads,
            )?)
        };
        let report = output::BreakdownReport::game(
            cards.game,
            range,
            board,
            &b,
            by_hand.as_ref().map(|r| (against.as_str(), r)),
            json || csv,
        );
        return Ok(output::breakdown(&report, json, csv));
    }
    let parsed = parse_range("range".into(), range)?;
    let others = vs
        .iter()
        .map(|v| parse_range("--vs".into(), v))
        .collect::<Result<Vec<_>, _>>()?;
    // The Range view's question: its checks, the other seats' known hands out of the
    // range's reach, and its equity by combo.
    let spec = multiodds::equity::range_analysis::RangeSpec::new(parsed, others, board, dead)?;
    let b = multiodds::equity::breakdown::breakdown(&spec.range, board, spec.blocked())
        .expect("the board has 3 to 5 cards");
    if b.combos == 0 {
        return Err(CliError::Equity(EquityError::EmptySeat {
            seat: "the range".into(),
        }));
    }
    let control = multiodds::equity::RunControl::new();
    let by_combo = multiodds::equity::range_analysis::equity_by_combo(
        &spec,
        &control,
        rayon::current_num_threads(),
    )
    .transpose()?;
    let report = output::BreakdownReport::holdem(
        range,
        board,
        &b,
        by_combo.as_ref().map(|r| (against.as_str(), r)),
        json || csv,
    );
    Ok(output::breakdown(&report, json, csv))
}

/// A game's Range question from the command line: the range, then each `--vs` seat.
fn game_range_spec(
    range: &str,
    vs: &[String],
    game: Game,
    board: CardSet,
    dead: CardSet,
) -> Result<multiodds::equity::games::range_analysis::GameRangeSpec, CliError> {
    let hole = |what: String, text: &str| {
        multiodds::range::HoleRange::parse(text, game).map_err(|e| CliError::range(what, text, e))
    };
    let parsed = hole("range".into(), range)?;
    let others = vs
        .iter()
        .map(|v| hole("--vs".into(), v))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(
        multiodds::equity::games::range_analysis::GameRangeSpec::new(
            game, parsed, others, board, dead,
        )?,
    )
}

/// `--memory-mb` as bytes, or the error naming its bounds.
fn memory_budget_of(memory_mb: u64) -> Result<u64, CliError> {
    use multiodds::equity::memory::{budget_from_mib, MAX_MEMORY_BUDGET, MIN_MEMORY_BUDGET};
    budget_from_mib(memory_mb).ok_or_else(|| {
        CliError::Usage(format!(
            "--memory-mb {memory_mb}: from {} to {} (MiB; default {})",
            MIN_MEMORY_BUDGET >> 20,
            MAX_MEMORY_BUDGET >> 20,
            multiodds::equity::memory::DEFAULT_MEMORY_BUDGET >> 20
        ))
    })
}

fn runouts_command(
    ranges: &[String],
    cards: &CardsArgs,
    memory_mb: u64,
    json: bool,
) -> Result<String, CliError> {
    let memory_budget = memory_budget_of(memory_mb)?;
    let (board, dead) = parse_cards(cards)?;
    if !(3..=4).contains(&board.len()) {
        return Err(CliError::Usage(format!(
            "--board: the next card needs a flop or a turn (3 or 4 cards), got {}",
            board.len()
        )));
    }
    let names: Vec<&str> = ranges.iter().map(String::as_str).collect();
    if cards.game != Game::HOLDEM {
        let Some((first, rest)) = ranges.split_first() else {
            return Err(CliError::Usage("give two or more ranges".into()));
        };
        let spec = game_range_spec(first, rest, cards.game, board, dead)?;
        let next = multiodds::equity::games::range_analysis::game_next_cards(
            &spec,
            &multiodds::equity::RunControl::new(),
            rayon::current_num_threads(),
        )?;
        return Ok(output::runouts(&names, board, &next, json));
    }
    let parsed = ranges
        .iter()
        .enumerate()
        .map(|(i, t)| parse_range(format!("seat {}", i + 1), t))
        .collect::<Result<Vec<_>, _>>()?;
    let refs: Vec<&HandRange> = parsed.iter().collect();
    let next = multiodds::equity::by_combo::next_cards(
        &refs,
        board,
        dead,
        &multiodds::equity::RunControl::new(),
        rayon::current_num_threads(),
        memory_budget,
    )?;
    Ok(output::runouts(&names, board, &next, json))
}

fn outs_command(
    hero: &str,
    cards: &CardsArgs,
    vs: &[String],
    json: bool,
) -> Result<String, CliError> {
    let (board, dead) = parse_cards(cards)?;
    let game = cards.game;
    if game.is_default() {
        let hero = parse_hand("hero", hero)?;
        let opponents = vs
            .iter()
            .map(|v| parse_hand("--vs", v))
            .collect::<Result<Vec<_>, _>>()?;
        let result = multiodds::equity::outs::outs(hero, board, dead, &opponents)?;
        return Ok(output::outs(&result, json));
    }
    // Another game: each hand one known hand of its size.
    let known = |field: &str, text: &str| -> Result<CardSet, CliError> {
        let range = multiodds::range::HoleRange::parse(text, game)
            .map_err(|e| CliError::range(field.into(), text, e))?;
        range.known_hand().ok_or_else(|| {
            CliError::Usage(format!(
                "{field}: outs need one known {game} hand of {} cards, not a range: {text}",
                game.hole_cards()
            ))
        })
    };
    let hero = known("hero", hero)?;
    let opponents = vs
        .iter()
        .map(|v| known("--vs", v))
        .collect::<Result<Vec<_>, _>>()?;
    let result = multiodds::equity::games::outs::game_outs(game, hero, board, dead, &opponents)?;
    Ok(output::outs(&result, json))
}

/// Set by Ctrl-C: the running job stops and what is done is printed.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What the command line says of a running job, and how it marks a stopped answer.
trait CliJob: Job {
    /// The progress bar's text for an update.
    fn describe(update: &Self::Update, elapsed: Duration) -> String;
    /// An answer cut short by Ctrl-C says so.
    fn mark_cancelled(_output: &mut Self::Output) {}
}

impl CliJob for AnyMatchup {
    fn describe(r: &MatchupResult, elapsed: Duration) -> String {
        let se = r.seats.iter().map(|s| s.equity_se).fold(0.0, f64::max);
        format!(
            "{} deals · worst SE {:.5} · {:.1} s",
            r.deals,
            se,
            elapsed.as_secs_f64()
        )
    }

    fn mark_cancelled(r: &mut MatchupResult) {
        r.status.stopped = Some(StopRule::Cancelled);
    }
}

impl CliJob for AnySweep {
    fn describe(r: &SweepResult, elapsed: Duration) -> String {
        let deals = r.points.first().map_or(0, |p| p.deals);
        let se = r
            .points
            .iter()
            .map(|p| p.std_error.equity)
            .fold(0.0, f64::max);
        format!(
            "{deals} deals · worst equity SE {se:.5} · {:.1} s",
            elapsed.as_secs_f64()
        )
    }

    fn mark_cancelled(r: &mut SweepResult) {
        r.status.stopped = Some(StopRule::Cancelled);
    }
}

impl CliJob for ChartSpec {
    fn describe(c: &multiodds::equity::chart::ChartCell, elapsed: Duration) -> String {
        format!("{} of 169 hands · {:.1} s", c.done, elapsed.as_secs_f64())
    }
}

/// Runs a job on the job manager, with a progress bar on stderr for runs longer than
/// half a second (when `show_progress` and stderr is a terminal). Ctrl-C stops the job;
/// what it had done is returned as the result.
fn run_with_progress<J: CliJob>(
    job: J,
    settings: RunSettings,
    threads: Option<usize>,
    show_progress: bool,
) -> Result<(J::Output, Duration), CliError> {
    use std::io::IsTerminal;
    let _ = ctrlc::set_handler(|| INTERRUPTED.store(true, Ordering::SeqCst));
    let manager = JobManager::new(threads)
        .map_err(|e| CliError::Usage(format!("cannot start the worker threads: {e}")))?;
    let seed = settings.seed;
    let mut running = manager.start(job, settings);
    let show = show_progress && std::io::stderr().is_terminal();
    let mut bar: Option<indicatif::ProgressBar> = None;
    // What the job has done so far, from its updates.
    let mut so_far: Option<J::Output> = None;
    let mut elapsed = Duration::ZERO;
    let finished = loop {
        if INTERRUPTED.load(Ordering::SeqCst) {
            // The job's last message holds what it did (an exact run's partial sums
            // too); the last update is kept if it does not come in time.
            let last = running.stop_and_collect(Duration::from_secs(10));
            if let Some(b) = &bar {
                b.finish_and_clear();
            }
            say("interrupted: printing what is done");
            let answer = match last {
                Some(Message {
                    event: Event::Finished(Ok(output), _),
                    elapsed: at,
                }) => Some((output, at)),
                _ => so_far.map(|o| (o, elapsed)),
            };
            // What was done so far is the result, and it says it was cancelled.
            break answer.map(|(mut output, at)| {
                J::mark_cancelled(&mut output);
                Ok((output, at))
            });
        }
        let Some(m) = running.recv_timeout(Duration::from_millis(50)) else {
            continue;
        };
        let text = match &m.event {
            Event::Update(u) => Some(J::describe(u, m.elapsed)),
            Event::ExactProgress(p) => Some(multiodds::equity::run::describe_exact_progress(
                p.fraction,
                p.seconds_left,
            )),
            Event::Finished(..) => None,
        };
        if let Some(text) = text.filter(|_| show && m.elapsed > Duration::from_millis(500)) {
            bar.get_or_insert_with(|| {
                let b = indicatif::ProgressBar::new_spinner();
                b.enable_steady_tick(Duration::from_millis(120));
                b
            })
            .set_message(text);
        }
        match m.event {
            Event::Update(u) => {
                J::collect(&mut so_far, u, seed);
                elapsed = m.elapsed;
            }
            Event::ExactProgress(_) => {}
            Event::Finished(output, _) => break Some(output.map(|o| (o, m.elapsed))),
        }
    };
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    match finished {
        Some(Ok(done)) => Ok(done),
        Some(Err(e)) => Err(e.into()),
        None => Err(CliError::Usage("interrupted before any result".into())),
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

fn run_command(
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
    let job = scenario
        .validate()
        .map_err(|e| scenario_error(Some(&scenario), e))?;
    let settings = scenario.settings();
    let progress = !(json || quiet);
    match job {
        ScenarioJob::Sweep(sweep) => {
            let (result, _) = run_with_progress(sweep.clone(), settings, threads, progress)?;
            Ok(output::sweep(
                &scenario.multiodds.hero,
                &scenario.multiodds.opponents,
                &sweep,
                &result,
                json,
                None,
            ))
        }
        ScenarioJob::Matchup(matchup) => {
            let (result, elapsed) =
                run_with_progress(matchup.clone(), settings, threads, progress)?;
            Ok(output::equity(
                &scenario.matchup.seats,
                &scenario.matchup.folded,
                &matchup,
                &result,
                elapsed,
                json,
            ))
        }
        ScenarioJob::Range(spec) => {
            use multiodds::equity::range_analysis::{analyse_any, AnyRangeAnalysis};
            let a = analyse_any(
                &spec,
                &multiodds::equity::RunControl::new(),
                rayon::current_num_threads(),
            );
            let vs = scenario.range.vs.join(" vs ");
            let (range, board) = (scenario.range.range.as_str(), spec.board());
            let report = match &a {
                AnyRangeAnalysis::Holdem(a) => {
                    let b = a
                        .breakdown
                        .as_ref()
                        .map_err(|e| CliError::Usage(e.clone()))?;
                    output::BreakdownReport::holdem(
                        range,
                        board,
                        b,
                        a.by_combo.as_ref().ok().map(|r| (vs.as_str(), r)),
                        json,
                    )
                }
                AnyRangeAnalysis::Game(a) => {
                    let b = a
                        .breakdown
                        .as_ref()
                        .map_err(|e| CliError::Usage(e.clone()))?;
                    output::BreakdownReport::game(
                        a.game,
                        range,
                        board,
                        b,
                        a.by_hand.as_ref().ok().map(|r| (vs.as_str(), r)),
                        json,
                    )
                }
            };
            Ok(output::breakdown(&report, json, false))
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
