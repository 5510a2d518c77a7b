//! MultiOdds: Texas Hold'em odds analysis.
//!
//! The engine is layered, each module depending only on the ones before it:
//! [`cards`] → [`eval`] → [`range`] → [`equity`] → [`worker`]; [`scenario`] (saved
//! files) and the command line ([`cli`]) sit beside the front ends over it.

pub mod cards;
pub mod cli;
pub mod equity;
pub mod eval;
pub mod range;
pub mod scenario;
pub mod worker;
