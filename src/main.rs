//! The `multiodds` binary: a thin command-line front end over the library (the engine
//! in `multiodds`, the window in `multiodds::app`). Its dependencies (clap, indicatif,
//! ctrlc, serde_json) belong to the binary alone: the engine library builds without them.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
