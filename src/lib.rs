//! MultiOdds: Texas Hold'em odds analysis.
//!
//! The engine is layered, each module depending only on the ones before it:
//! [`cards`] → [`eval`] → [`range`] → [`equity`] → [`worker`]; [`scenario`] (saved
//! files) and the desktop app (`app`, feature `gui`) sit beside them, and the command
//! line is the binary (`src/main.rs`, `src/cli/`, feature `cli`). The engine builds and
//! tests without any GUI or CLI crate (`--no-default-features`).

#[cfg(feature = "gui")]
pub mod app;
pub mod cards;
pub mod equity;
pub mod eval;
pub mod range;
pub mod scenario;
pub mod worker;
