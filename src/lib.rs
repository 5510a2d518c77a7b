//! MultiOdds: Texas Hold'em odds analysis.
//!
//! The engine is layered, each module depending only on the ones before it:
//! [`cards`] → [`eval`] → [`range`] → [`equity`]; the command line ([`cli`]) is a thin
//! front end over it.

pub mod cards;
pub mod cli;
pub mod equity;
pub mod eval;
pub mod range;
