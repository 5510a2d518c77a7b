//! MultiOdds: poker odds analysis. This package is the `multiodds` binary (window and
//! command line, `src/main.rs`, `src/cli/`); the engine is the `multiodds-engine` crate
//! (`crates/engine`: cards → eval → range → equity → history → worker, and the scenario model) and
//! the window the `multiodds-app` crate (`crates/app`, feature `gui`). This library
//! re-exports both under one name for the binary's tests, benches and examples.

pub use multiodds_engine::{cards, equity, eval, files, history, query, range, scenario, worker};

#[cfg(feature = "gui")]
pub use multiodds_app as app;
