//! Helpers of the binary's tests: the engine's test helpers (the reference evaluator,
//! a seeded dealer, card parsing) and running the binary.
#![allow(dead_code)]

#[path = "../../crates/engine/tests/common/mod.rs"]
mod engine;
#[allow(unused_imports)]
pub use engine::*;
#[cfg(feature = "gui")]
pub mod app;

/// What a finished command printed, after checking that it succeeded (else the test
/// fails with what it said on stderr).
pub fn stdout_of(out: std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// Runs the binary: its exit status, standard output and standard error.
pub fn cli(args: &[&str]) -> (Option<i32>, String, String) {
    let out = assert_cmd::Command::cargo_bin("multiodds")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// The Hand view's inputs showing hand `selected` of `text` at `street` (every other
/// field as a new view has it).
pub fn hand_at(text: &str, selected: usize, street: usize) -> multiodds::scenario::HandInputs {
    multiodds::scenario::HandInputs {
        text: text.to_string(),
        selected,
        street,
        ..Default::default()
    }
}

/// `multiodds equity --game GAME SEAT… [--dead DEAD] EXTRA… --json`, its answer read
/// (the test fails on an error): the command line's side of the replay tests.
pub fn equity_json(game: &str, seats: &[String], dead: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["equity".to_string(), "--game".into(), game.into()];
    args.extend(seats.iter().cloned());
    if !dead.is_empty() {
        args.extend(["--dead".into(), dead.into()]);
    }
    args.extend(extra.iter().map(|a| a.to_string()));
    args.push("--json".into());
    let out = assert_cmd::Command::cargo_bin("multiodds")
        .unwrap()
        .args(&args)
        .output()
        .unwrap();
    serde_json::from_str(&stdout_of(out)).expect("JSON")
}

/// The players' equities of an `equity --json` answer, summed (1 up to rounding).
pub fn equity_sum(v: &serde_json::Value) -> f64 {
    v["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["equity"].as_f64().unwrap())
        .sum()
}

// Running the binary with its peak memory measured (the memory tests).
use std::io::Read;
use std::process::{Command, Stdio};

pub fn exe() -> std::path::PathBuf {
    assert_cmd::cargo::cargo_bin("multiodds")
}

/// Starts the binary with stdout and stderr piped.
pub fn spawn_piped(args: &[&str]) -> std::process::Child {
    Command::new(exe())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Runs the binary to its end: exit code, stdout, stderr and peak resident memory in
/// bytes (the child's own maximum, as the kernel counted it).
// The child is reaped by `wait4` (which also reads its peak memory), not `Child::wait`.
#[allow(clippy::zombie_processes)]
pub fn run_measured(args: &[&str]) -> (i32, String, String, u64) {
    let mut child = spawn_piped(args);
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        out.read_to_string(&mut text).unwrap();
        text
    });
    let error_reader = std::thread::spawn(move || {
        let mut text = String::new();
        err.read_to_string(&mut text).unwrap();
        text
    });
    let mut status = 0;
    // SAFETY: a zeroed `rusage` is a valid value for `wait4` to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, once; `status` and `usage` outlive the call.
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32);
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (
        code,
        reader.join().unwrap(),
        error_reader.join().unwrap(),
        usage.ru_maxrss as u64 * 1024,
    )
}
