//! The command line (SPEC §6): parses arguments with clap, runs the engine, prints a
//! table or one JSON object on stdout; errors go to stderr with a non-zero status.

mod output;

use crate::cards::{CardError, CardErrorKind, CardSet};
use crate::equity::run::{run_matchup, run_sweep, RunSettings};
use crate::equity::sweep::Sweep;
use crate::equity::{EquityError, Matchup, Method};
use crate::eval;
use crate::range::{HandRange, RangeError};
use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use thiserror::Error;

#[derive(Parser, Debug)]
#[command(
    name = "multiodds",
    version,
    about = "Texas Hold'em odds analysis: equity, hand strength and potentials"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
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
    /// Stop Monte Carlo when every standard error is at most this.
    #[arg(long, default_value_t = 0.0005)]
    pub target_se: f64,
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
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// The value of a 5- to 7-card hand.
    Eval {
        /// The cards, e.g. "As Ks Qs Js Ts" or AsKsQsJsTs.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
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
    /// Equity of two to ten seats, each a hand or a range.
    Equity {
        /// One range per seat.
        #[arg(required = true, num_args = 2..=10)]
        ranges: Vec<String>,
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
        /// Print CSV.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
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
    /// Regenerate the shipped preflop ranking (exact equity of the 169 classes
    /// against one random hand) as CSV.
    #[command(hide = true)]
    PreflopTable,
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

/// Runs the binary: parses `std::env::args`, reports errors on stderr.
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
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
        Ok(output) => {
            print!("{output}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::from(1)
        }
    }
}

/// Runs a parsed command and returns what goes to stdout.
pub fn run(cli: Cli) -> Result<String, CliError> {
    match cli.command {
        None => Ok(format!(
            "MultiOdds {}: Texas Hold'em odds analysis.\n\
             The window arrives in a later release; the engine is here now.\n\n\
             usage: multiodds eval CARDS [--json]          value of a 5-7 card hand\n\
             \x20      multiodds range EXPR [--json]          combos of a range\n\
             \x20      multiodds equity RANGE RANGE... [--board B] [--json]\n\
             \x20      multiodds sweep HERO [--vs RANGE] [--opponents 1-9] [--json]\n\
             \x20      multiodds --help                       all commands and options\n",
            env!("CARGO_PKG_VERSION")
        )),
        Some(Command::Eval { cards, json }) => eval_command(&cards.join(" "), json),
        Some(Command::Range { expr, cards, json }) => range_command(&expr, &cards, json),
        Some(Command::Equity {
            ranges,
            cards,
            run,
            json,
        }) => with_threads(run.threads, || equity_command(&ranges, &cards, &run, json)),
        Some(Command::Sweep {
            hero,
            vs,
            opponents,
            cards,
            run,
            json,
            csv,
        }) => with_threads(run.threads, || {
            sweep_command(&hero, &vs, &opponents, &cards, &run, json, csv)
        }),
        Some(Command::Outs {
            hero,
            cards,
            vs,
            json,
        }) => outs_command(&hero, &cards, &vs, json),
        Some(Command::PreflopTable) => {
            let mut out = String::from("class,equity\n");
            for (class, equity) in crate::equity::preflop_equity_table() {
                out.push_str(&format!("{class},{equity:.9}\n"));
            }
            Ok(out)
        }
    }
}

/// Runs `f` on a pool of `threads` workers (or the global pool).
fn with_threads<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> T {
    match threads {
        Some(n) if n > 0 => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => pool.install(f),
            Err(_) => f(),
        },
        _ => f(),
    }
}

fn eval_command(text: &str, json: bool) -> Result<String, CliError> {
    let set = CardSet::parse(text).map_err(|e| CliError::cards("cards", text, e))?;
    if !(5..=7).contains(&set.len()) {
        let error = CardError {
            kind: CardErrorKind::Count {
                what: "a hand to evaluate",
                min: 5,
                max: 7,
                got: set.len(),
            },
            token: text.trim().to_string(),
            column: 1,
        };
        return Err(CliError::cards("cards", text, error));
    }
    let cards = set.to_vec_desc();
    let value = eval::evaluate(&cards);
    let canonical = set.to_string();
    if json {
        let object = serde_json::json!({
            "cards": canonical,
            "category": value.category().key(),
            "value": value.get(),
        });
        Ok(format!("{object}\n"))
    } else {
        Ok(format!(
            "{canonical}: {} (value {})\n",
            value.category(),
            value.get()
        ))
    }
}

/// Parses board and dead cards, each naming its own errors.
fn parse_cards(args: &CardsArgs) -> Result<(CardSet, CardSet), CliError> {
    let board =
        CardSet::parse(&args.board).map_err(|e| CliError::cards("board", &args.board, e))?;
    let dead =
        CardSet::parse(&args.dead).map_err(|e| CliError::cards("dead cards", &args.dead, e))?;
    if board.len() > 5 {
        return Err(EquityError::BoardTooLong(board.len()).into());
    }
    crate::equity::check_board(board, dead)?;
    Ok((board, dead))
}

fn parse_range(what: String, text: &str) -> Result<HandRange, CliError> {
    HandRange::parse(text).map_err(|e| CliError::range(what, text, e))
}

fn range_command(expr: &str, cards: &CardsArgs, json: bool) -> Result<String, CliError> {
    let (board, dead) = parse_cards(cards)?;
    let parsed = parse_range("range".into(), expr)?;
    let blocked = board.union(dead);
    let range = parsed.remove_cards(blocked).map_err(|_| {
        CliError::Equity(EquityError::EmptySeat {
            seat: "the range".into(),
        })
    })?;
    Ok(output::range(expr, &range, json))
}

fn settings(run: &RunArgs) -> RunSettings {
    let mut s = RunSettings {
        method: if run.exact {
            Method::Exact
        } else if run.mc {
            Method::MonteCarlo
        } else {
            Method::Auto
        },
        seed: run.seed,
        target_se: run.target_se,
        ..RunSettings::default()
    };
    if let Some(t) = run.trials {
        s.max_deals = t;
    }
    s.time_limit = run.time_ms.map(Duration::from_millis);
    s
}

fn equity_command(
    ranges: &[String],
    cards: &CardsArgs,
    run: &RunArgs,
    json: bool,
) -> Result<String, CliError> {
    let (board, dead) = parse_cards(cards)?;
    let parsed = ranges
        .iter()
        .enumerate()
        .map(|(i, text)| parse_range(format!("seat {}", i + 1), text))
        .collect::<Result<Vec<_>, _>>()?;
    let matchup = Matchup::new(parsed, board, dead)?;
    if run.exact {
        crate::equity::exact::check_affordable(&matchup)?;
    }
    let start = Instant::now();
    let result = run_matchup(&matchup, &settings(run), |_| true);
    let elapsed = start.elapsed();
    Ok(output::equity(ranges, &matchup, &result, elapsed, json))
}

/// Parses `1-9` or `3` into an inclusive range of opponent counts.
fn opponent_counts(text: &str) -> Result<std::ops::RangeInclusive<usize>, CliError> {
    let bad = || {
        CliError::Usage(format!(
            "--opponents: \"{text}\" is not a count 1-9 or a span like 1-9"
        ))
    };
    let (a, b) = match text.split_once('-') {
        Some((a, b)) => (a.trim(), b.trim()),
        None => (text.trim(), text.trim()),
    };
    let a: usize = a.parse().map_err(|_| bad())?;
    let b: usize = b.parse().map_err(|_| bad())?;
    if !(1..=9).contains(&a) || !(1..=9).contains(&b) || a > b {
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
    csv: bool,
) -> Result<String, CliError> {
    let (board, dead) = parse_cards(cards)?;
    let counts = opponent_counts(opponents)?;
    let hero_range = parse_range("hero".into(), hero)?;
    let vs_range = parse_range("--vs".into(), vs)?;
    let sweep = Sweep::new(hero_range, vs_range, board, dead, counts)?;
    if run.exact {
        let n = (*sweep.counts.end()).min(sweep.feasible);
        let evaluations = sweep.exact_cost(n);
        if evaluations > crate::equity::exact::MAX_EVALUATIONS {
            return Err(EquityError::TooLarge { evaluations }.into());
        }
    }
    let result = run_sweep(&sweep, &settings(run), |_| true);
    Ok(output::sweep(hero, vs, &sweep, &result, json, csv))
}

/// One exact hand (two cards) from text.
fn parse_hand(what: &'static str, text: &str) -> Result<crate::range::Combo, CliError> {
    let set = CardSet::parse(text).map_err(|e| CliError::cards(what, text, e))?;
    let cards = set.to_vec_desc();
    match cards.as_slice() {
        [a, b] => Ok(crate::range::Combo::new(*a, *b).expect("distinct cards")),
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

fn outs_command(
    hero: &str,
    cards: &CardsArgs,
    vs: &[String],
    json: bool,
) -> Result<String, CliError> {
    let (board, dead) = parse_cards(cards)?;
    let hero = parse_hand("hero", hero)?;
    let opponents = vs
        .iter()
        .map(|v| parse_hand("--vs", v))
        .collect::<Result<Vec<_>, _>>()?;
    let result = crate::equity::outs::outs(hero, board, dead, &opponents)?;
    Ok(output::outs(&result, json))
}
