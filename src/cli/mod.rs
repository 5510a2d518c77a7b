//! The command line (SPEC §6): parses arguments with clap, runs the engine, prints a
//! table or one JSON object on stdout; errors go to stderr with a non-zero status.

use crate::cards::{CardError, CardErrorKind, CardSet};
use crate::eval;
use clap::{Parser, Subcommand};
use std::process::ExitCode;
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
}

/// Everything that can stop a command.
#[derive(Debug, Error)]
pub enum CliError {
    #[error("{error}\n{caret}")]
    Cards { error: CardError, caret: String },
    #[error("{0}")]
    Usage(String),
}

impl CliError {
    fn cards(input: &str, error: CardError) -> CliError {
        CliError::Cards {
            caret: error.caret(input),
            error,
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
             usage: multiodds eval CARDS [--json]     value of a 5-7 card hand\n\
             \x20      multiodds --help                  all commands\n",
            env!("CARGO_PKG_VERSION")
        )),
        Some(Command::Eval { cards, json }) => eval_command(&cards.join(" "), json),
    }
}

fn eval_command(text: &str, json: bool) -> Result<String, CliError> {
    let set = CardSet::parse(text).map_err(|e| CliError::cards(text, e))?;
    if !(5..=7).contains(&set.len()) {
        return Err(CliError::cards(
            text,
            CardError {
                kind: CardErrorKind::Count {
                    what: "a hand to evaluate",
                    min: 5,
                    max: 7,
                    got: set.len(),
                },
                token: text.trim().to_string(),
                column: 1,
            },
        ));
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
