//! MultiOdds: Texas Hold'em odds analysis.
//!
//! The engine is layered, each module depending only on the ones before it:
//! [`cards`] → [`eval`] → [`range`] → [`equity`] → [`worker`]; [`scenario`] (saved
//! files), the command line ([`cli`]) and the desktop app (`app`, feature `gui`) sit
//! beside them. The engine builds and tests without any GUI type
//! (`--no-default-features`).

#[cfg(feature = "gui")]
pub mod app;
pub mod cards;
pub mod cli;
pub mod equity;
pub mod eval;
pub mod range;
pub mod scenario;
pub mod worker;
