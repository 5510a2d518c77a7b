//! Running a query in the tests: settings with a fixed seed, the first statement's answer,
//! a figure's value and the Monte Carlo check.

use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::Method;
use multiodds_engine::query::{Answer, Query};

/// `method` at a standard error of 0.003 with seed 7.
pub fn settings(method: Method) -> RunSettings {
    RunSettings {
        method,
        target_se: 0.003,
        seed: 7,
        ..RunSettings::default()
    }
}

/// The first statement's answer on two threads.
pub fn answer(text: &str, method: Method) -> Answer {
    let q = Query::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    q.answer(&settings(method), 2).unwrap().remove(0)
}

/// Figure `i`'s value.
pub fn value(a: &Answer, i: usize) -> f64 {
    a.figures[i].estimate.unwrap().value
}

/// A Monte Carlo estimate within four of its standard errors of the exact value.
pub fn assert_within_four_errors(what: &str, estimate: f64, exact: f64, std_error: f64) {
    assert!(
        (estimate - exact).abs() <= 4.0 * std_error + 1e-9,
        "{what}: {estimate} ± {std_error} against exact {exact}"
    );
}
