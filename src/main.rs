//! The `multiodds` binary: a thin front end over the library (see `multiodds::cli`).

fn main() -> std::process::ExitCode {
    multiodds::cli::main()
}
