//! The MultiOdds engine: cards, evaluators, ranges, exact and Monte Carlo equity, the jobs
//! that run them, and the scenario model that saved files, the window and the command line
//! share. It has no GUI or CLI dependency.
//!
//! The modules are layered, each depending only on the ones before it:
//! [`cards`] → [`eval`] → [`range`] → [`equity`] → [`history`] → [`worker`]; [`scenario`] (the inputs
//! every front end reads and writes) sits on top.

pub mod cards;
pub mod equity;
pub mod eval;
pub mod files;
pub mod history;
pub mod names;
pub mod query;
pub mod range;
pub mod scenario;
pub mod worker;
