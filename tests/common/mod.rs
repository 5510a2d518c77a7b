//! Helpers shared by the integration tests: a deliberately plain reference evaluator
//! and a seeded card dealer.
#![allow(dead_code)]

use multiodds::cards::Card;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::cmp::Ordering;

/// Category (0 = high card … 8 = straight flush) and tie-break ranks of exactly 5 cards,
/// computed the way a person would: sort, count, look for a flush and a straight.
pub fn reference_five(cards: &[Card]) -> (u8, Vec<u8>) {
    assert_eq!(cards.len(), 5);
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let mut distinct = ranks.clone();
    distinct.dedup();
    let straight_top = if distinct.len() == 5 && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if distinct == [12, 3, 2, 1, 0] {
        Some(3) // the wheel: five-high
    } else {
        None
    };
    // Groups by (count, rank), biggest first: the tie-break order of every category.
    let mut groups: Vec<(usize, u8)> = distinct
        .iter()
        .map(|&r| (ranks.iter().filter(|&&x| x == r).count(), r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let by_groups: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let counts: Vec<usize> = groups.iter().map(|g| g.0).collect();
    match (straight_top, flush, counts.as_slice()) {
        (Some(top), true, _) => (8, vec![top]),
        (_, _, [4, 1]) => (7, by_groups),
        (_, _, [3, 2]) => (6, by_groups),
        (_, true, _) => (5, ranks),
        (Some(top), false, _) => (4, vec![top]),
        (_, _, [3, 1, 1]) => (3, by_groups),
        (_, _, [2, 2, 1]) => (2, by_groups),
        (_, _, [2, 1, 1, 1]) => (1, by_groups),
        _ => (0, ranks),
    }
}

/// The best 5 of 5 to 7 cards, by trying every five-card subset.
pub fn reference_best(cards: &[Card]) -> (u8, Vec<u8>) {
    let n = cards.len();
    let mut best: Option<(u8, Vec<u8>)> = None;
    for skip_mask in 0u32..(1 << n) {
        if skip_mask.count_ones() as usize != n - 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| skip_mask & (1 << i) == 0)
            .map(|i| cards[i])
            .collect();
        let value = reference_five(&five);
        if best.as_ref().is_none_or(|b| value > *b) {
            best = Some(value);
        }
    }
    best.expect("at least five cards")
}

pub fn reference_cmp(a: &[Card], b: &[Card]) -> Ordering {
    reference_best(a).cmp(&reference_best(b))
}

/// A seeded dealer of distinct cards.
pub struct Dealer(Xoshiro256PlusPlus);

impl Dealer {
    pub fn new(seed: u64) -> Dealer {
        Dealer(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// `n` distinct random cards.
    pub fn deal(&mut self, n: usize) -> Vec<Card> {
        let mut used = 0u64;
        let mut cards = Vec::with_capacity(n);
        while cards.len() < n {
            let i: u8 = self.0.random_range(0..52);
            if used & (1 << i) == 0 {
                used |= 1 << i;
                cards.push(Card::from_index(i).unwrap());
            }
        }
        cards
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

pub fn cards(text: &str) -> Vec<Card> {
    multiodds::cards::parse_card_list(text).unwrap()
}

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

/// A validated matchup from range texts and a board (no dead cards).
pub fn matchup(seats: &[&str], board: &str) -> multiodds::equity::Matchup {
    multiodds::equity::Matchup::new(
        seats
            .iter()
            .map(|s| multiodds::range::HandRange::parse(s).unwrap())
            .collect(),
        multiodds::cards::CardSet::parse(board).unwrap(),
        multiodds::cards::CardSet::EMPTY,
    )
    .unwrap()
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
