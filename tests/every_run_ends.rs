//! Every run ends, and says why (issue "Every run ends"): stop rules, impossible and
//! sparse deals, unaffordable exact work, hostile input, faults in jobs, Ctrl-C.

mod common;

#[cfg(feature = "cli")]
use assert_cmd::Command;
use multiodds::cards::CardSet;
use multiodds::equity::run::{run_matchup, run_sweep, RunSettings, StopRule};
use multiodds::equity::sweep::Sweep;
use multiodds::equity::{EquityError, Matchup, Method};
use multiodds::range::HandRange;
use multiodds::worker::{Event, JobManager};
use proptest::prelude::*;
use std::time::Duration;

fn ranges(texts: &[&str]) -> Vec<HandRange> {
    texts.iter().map(|t| HandRange::parse(t).unwrap()).collect()
}

fn cards(text: &str) -> CardSet {
    CardSet::parse(text).unwrap()
}

fn mc(target_se: f64, time_ms: u64) -> RunSettings {
    RunSettings {
        method: Method::MonteCarlo,
        target_se,
        time_limit: Some(Duration::from_millis(time_ms)),
        ..RunSettings::default()
    }
}

#[test]
fn impossible_deals_of_many_narrow_seats_are_refused() {
    // Ten seats of big pairs: only the 20 cards of AA-TT, and 4 of each rank.
    let r = Matchup::new(ranges(&["AA,KK"; 10]), CardSet::EMPTY, CardSet::EMPTY);
    assert!(matches!(r, Err(EquityError::Impossible(_))), "{r:?}");
    // Nine seats of one pair each, two of them the same pair three times.
    let r = Matchup::new(
        ranges(&["AA", "AA", "AA", "KK", "QQ", "JJ", "TT", "99", "88"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    );
    assert!(matches!(r, Err(EquityError::Impossible(_))), "{r:?}");
    // A range blocked by another seat's only combos.
    let r = Matchup::new(
        ranges(&["AsAh", "AdAc", "AA"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    );
    assert!(matches!(r, Err(EquityError::Impossible(_))), "{r:?}");
}

#[test]
fn a_full_board_and_43_dead_cards_still_deal() {
    // 52 − 5 − 43 = 4 live cards: exactly two hands.
    let board = cards("2c 3c 4c 5c 6c");
    let dead = board.union(cards("As Ad Kh Kc")).complement();
    assert_eq!(dead.len(), 43);
    let live: Vec<_> = board.union(dead).complement().iter().collect();
    assert_eq!(live.len(), 4);
    let m = Matchup::new(vec![HandRange::random(); 2], board, dead).unwrap();
    let r = run_matchup(&m, &RunSettings::default(), |_| true).unwrap();
    assert_eq!(r.status.stopped, Some(StopRule::ExactDone));
    let total: f64 = r.seats.iter().map(|s| s.equity).sum();
    assert!((total - 1.0).abs() < 1e-9);
    // Three hands cannot be dealt from four cards.
    assert!(Matchup::new(vec![HandRange::random(); 3], board, dead).is_err());
}

#[test]
fn unaffordable_exact_work_is_refused_with_its_estimate() {
    let m = Matchup::new(vec![HandRange::random(); 6], CardSet::EMPTY, CardSet::EMPTY).unwrap();
    let manager = JobManager::new(Some(2)).unwrap();
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let m = manager
        .start(m, settings.clone())
        .recv_timeout(Duration::from_secs(30))
        .unwrap();
    let Event::Finished(Err(e), _) = &m.event else {
        panic!("refused, not run: {:?}", m.event)
    };
    let text = e.to_string();
    assert!(
        text.contains("exact enumeration would take about"),
        "{text}"
    );
    assert!(text.contains("on 2 cores"), "{text}");
    assert!(text.contains("use Monte Carlo"), "{text}");
    // The chart in exact mode preflop is refused too, and so is an exact sweep.
    let spec = multiodds::equity::chart::ChartSpec {
        game: multiodds::cards::Game::HOLDEM,
        board: CardSet::EMPTY,
        dead: CardSet::EMPTY,
        counts: 1..=9,
        vs: HandRange::random(),
    };
    let p = manager
        .start(spec, settings.clone())
        .recv_timeout(Duration::from_secs(60))
        .unwrap();
    assert!(matches!(
        p.event,
        Event::Finished(Err(EquityError::TooLarge { .. }), _)
    ));
    let sweep = Sweep::new(
        HandRange::parse("AKs").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=9,
    )
    .unwrap();
    let p = manager
        .start(multiodds::equity::games::SweepJob::from(sweep), settings)
        .recv_timeout(Duration::from_secs(60))
        .unwrap();
    assert!(matches!(
        p.event,
        Event::Finished(Err(EquityError::TooLarge { .. }), _)
    ));
}

#[test]
fn a_sparse_ten_seat_matchup_ends_and_says_why() {
    // Every seat a big pair: the 20 cards of AA-TT exactly fill ten hands.
    let m = Matchup::new(
        ranges(&["AA,KK,QQ,JJ,TT"; 10]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let r = run_matchup(&m, &mc(0.001, 3_000), |_| true).unwrap();
    let stopped = r.status.stopped.expect("a finished run says why");
    assert!(
        matches!(
            stopped,
            StopRule::Starved | StopRule::TimeBudget | StopRule::TargetReached
        ),
        "{stopped:?}"
    );
    if r.deals > 0 {
        let total: f64 = r.seats.iter().map(|s| s.equity).sum();
        assert!((total - 1.0).abs() < 1e-6, "{total}");
    }
    assert!(!stopped.describe().is_empty());
    // A handful of deals is no estimate: its figures are n/a, not "0 ± 0".
    assert_eq!(
        r.has_figures(),
        r.deals >= multiodds::equity::MIN_FIGURE_DEALS,
        "{} deals",
        r.deals
    );
}

#[test]
fn ten_seats_of_distinct_pairs_are_sampled_under_auto() {
    // Six combos a seat, 6^10 deals that no seat order folds (each seat its own pair):
    // millions of classes, minutes of enumeration, so `auto` samples.
    let m = Matchup::new(
        ranges(&["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    assert_eq!(
        multiodds::equity::run::matchup_exact_evaluations(
            &m,
            Method::Auto,
            multiodds::equity::memory::DEFAULT_MEMORY_BUDGET
        ),
        Ok(0.0),
        "auto picks Monte Carlo"
    );
}

#[test]
fn ten_seats_of_big_pairs_are_enumerated_exactly_under_auto() {
    // The 20 cards of AA-TT exactly fill ten hands: sampling starves (above), but
    // interchangeable seats are dealt as sets, so there are only 3^5 = 243 of them (each
    // rank's four cards paired in one of 3 ways), standing for 243 × 10! deals.
    let m = Matchup::new(
        ranges(&["AA,KK,QQ,JJ,TT"; 10]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let r = run_matchup(&m, &RunSettings::default(), |_| true).unwrap();
    assert_eq!(r.method, Method::Exact, "auto enumerates it");
    assert_eq!(r.status.stopped, Some(StopRule::ExactDone));
    let boards = 201_376; // C(32, 5)
    assert_eq!(r.deals, 243 * 3_628_800 * boards);
    for s in &r.seats {
        // Seats with one range are alike: a tenth of the pot each.
        assert!((s.equity - 0.1).abs() < 1e-12, "{}", s.equity);
        assert!((s.win - r.seats[0].win).abs() < 1e-12);
        assert!((s.tie - r.seats[0].tie).abs() < 1e-12);
        assert!(s.win > 0.0 && s.tie > 0.0 && s.win + s.tie <= 1.0);
    }
}

#[cfg(feature = "cli")]
#[test]
fn figures_on_a_handful_of_deals_are_not_applicable_in_every_output() {
    let ten = ["AA,KK,QQ,JJ,TT"; 10];
    let run = |format: &[&str]| {
        common::stdout_of(
            multiodds()
                .args(["equity", "--mc", "-q", "--threads", "1"])
                .args(ten)
                .args(format)
                .output()
                .unwrap(),
        )
    };
    let text = run(&[]);
    assert!(
        text.contains("starved") || text.contains("almost no random deal"),
        "{text}"
    );
    let seat_rows: Vec<&str> = text.lines().filter(|l| l.starts_with("AA,KK")).collect();
    assert_eq!(seat_rows.len(), 10, "{text}");
    for row in seat_rows {
        // Equity, its error, win, tie and win odds.
        assert_eq!(row.matches("n/a").count(), 5, "{row}");
    }
    assert!(text.contains("n/a: the figures rest on"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&run(&["--json"])).unwrap();
    assert!(json["deals"].as_u64().unwrap() < multiodds::equity::MIN_FIGURE_DEALS);
    for player in json["players"].as_array().unwrap() {
        for key in ["equity", "win", "tie", "std_error", "hand_types"] {
            assert!(player[key].is_null(), "{key}: {player}");
        }
    }
}

#[test]
fn sparse_sweep_points_are_never_zero_plus_minus_zero() {
    // Four opponents can only hold KK, KK, QQ, QQ: the largest counts are rarely dealt.
    let s = Sweep::new(
        HandRange::parse("AA").unwrap(),
        HandRange::parse("KK,QQ").unwrap(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=4,
    )
    .unwrap();
    assert_eq!(s.feasible, 4);
    let r = run_sweep(&s, &mc(0.002, 1_500), |r| {
        for p in &r.points {
            assert!(p.deals > 0, "a point without deals is not shown");
        }
        true
    });
    assert!(r.status.stopped.is_some());
    for p in &r.points {
        assert!(p.deals > 0);
        for v in [p.win, p.tie, p.equity, p.hand_strength] {
            assert!((0.0..=1.0).contains(&v));
        }
        // A potential resting on too few deals is n/a, never a number.
        if p.ppot_deals < 100 {
            assert_eq!(p.ppot, None);
        }
        if p.npot_deals < 100 {
            assert_eq!(p.npot, None);
        }
    }
}

#[test]
fn potentials_have_their_own_target_and_the_stop_reason_is_given() {
    let s = Sweep::new(
        HandRange::parse("AsKs").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=9,
    )
    .unwrap();
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.003,
        potential_target_se: Some(0.02),
        ..RunSettings::default()
    };
    let mut saw_limiting = false;
    let r = run_sweep(&s, &settings, |r| {
        if let Some(l) = &r.status.limiting {
            saw_limiting = true;
            assert!(l.to_string().starts_with("limited by "), "{l}");
        }
        true
    });
    assert!(
        saw_limiting,
        "a running sweep names the figure holding it back"
    );
    assert_eq!(r.status.stopped, Some(StopRule::TargetReached));
    for p in &r.points {
        assert!(p.std_error.equity <= 0.003 + 1e-12);
        if let Some(se) = p.std_error.ppot {
            assert!(se <= 0.02 + 1e-12, "{se}");
        }
    }
}

#[test]
fn tiny_weights_do_not_underflow() {
    let m = Matchup::new(
        ranges(&["AA:1e-45, KK:1e-45", "QQ:1e-45", "JJ:1e-40"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let r = run_matchup(&m, &mc(0.01, 5_000), |_| true).unwrap();
    let total: f64 = r.seats.iter().map(|s| s.equity).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!(r.seats[0].equity > 0.5);
}

#[cfg(feature = "cli")]
fn multiodds() -> Command {
    Command::cargo_bin("multiodds").unwrap()
}

#[cfg(feature = "cli")]
fn fails(args: &[&str], needle: &str) {
    let out = multiodds().args(args).output().unwrap();
    assert!(!out.status.success(), "{args:?} should fail");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
}

#[cfg(feature = "cli")]
#[test]
fn hostile_command_lines_are_refused_by_name() {
    // A single argument is at most 128 KiB on Linux.
    let deep = format!("{}AA{}", "(".repeat(8_000), ")".repeat(8_000));
    fails(&["range", &deep], "nested more than 64 levels");
    // Deep nesting within the length limit is refused by depth (a command-line
    // argument cannot reach the 256 KiB limit: Linux caps one at 128 KiB; scenario
    // files test the limit).
    let long = format!("{}AA{}", "(".repeat(30_000), ")".repeat(30_000));
    fails(&["range", &long], "nested more than 64 levels");
    let nots = format!("{}AA", "!".repeat(16_000));
    let out = multiodds().args(["range", &nots]).output().unwrap();
    assert!(out.status.success());
    for (option, value) in [
        ("--target-se", "0"),
        ("--target-se", "NaN"),
        ("--target-se", "1e-300"),
        ("--potential-target-se", "2"),
        ("--trials", "0"),
        ("--time-ms", "0"),
        ("--threads", "100000"),
        ("--memory-mb", "1"),
    ] {
        fails(&["equity", "AA", "KK", "--mc", option, value], option);
    }
}

#[cfg(feature = "cli")]
#[test]
fn scenario_paths_that_are_not_small_regular_files_are_refused() {
    let dir = std::env::temp_dir().join(format!("multiodds-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.ron");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    if made {
        fails(&["run", fifo.to_str().unwrap()], "not a regular file");
    }
    fails(&["run", dir.to_str().unwrap()], "not a regular file");
    let huge = dir.join("huge.ron");
    std::fs::write(&huge, vec![b' '; 2 << 20]).unwrap();
    fails(&["run", huge.to_str().unwrap()], "at most");
    let deep = dir.join("deep.ron");
    std::fs::write(
        &deep,
        format!(
            "Scenario(version: 1, view: MultiOdds, hero: \"{}AA{}\")",
            "(".repeat(5_000),
            ")".repeat(5_000)
        ),
    )
    .unwrap();
    fails(
        &["run", deep.to_str().unwrap()],
        "nested more than 64 levels",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(feature = "cli")]
#[test]
fn ctrl_c_prints_partial_results_and_exits_130() {
    let exe = assert_cmd::cargo::cargo_bin("multiodds");
    let child = std::process::Command::new(exe)
        .args([
            "equity",
            "AA",
            "KK",
            "QQ",
            "--mc",
            "--target-se",
            "0.00001",
            "--threads",
            "1",
            "--json",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["partial"], true);
    assert_eq!(v["stopped"], "cancelled");
    assert!(v["deals"].as_u64().unwrap() > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Random small scenarios: a result whose equities sum to 1, or a clear refusal —
    /// never a hang (each run has a time budget and the sampler cannot loop).
    #[test]
    fn random_scenarios_end_with_a_result_or_a_refusal(
        seats in proptest::collection::vec(0usize..8, 2..6),
        board_len in 0usize..6,
        dead_len in 0usize..6,
        seed in 0u64..1000,
    ) {
        const RANGES: [&str; 8] = ["AA", "KK,QQ", "AKs", "random", "AsKs", "22+", "T9s-54s", "Group1"];
        let deck: Vec<_> = CardSet::EMPTY.complement().iter().collect();
        let pick = |i: usize| deck[(seed as usize * 7 + i * 5) % 52];
        let mut board = CardSet::EMPTY;
        let mut dead = CardSet::EMPTY;
        let mut i = 0;
        while board.len() < board_len { board.insert(pick(i)); i += 1; }
        while dead.len() < dead_len {
            let c = pick(i);
            if !board.contains(c) { dead.insert(c); }
            i += 1;
        }
        let texts: Vec<&str> = seats.iter().map(|&s| RANGES[s]).collect();
        match Matchup::new(ranges(&texts), board, dead) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            Ok(m) => {
                let settings = RunSettings { seed, ..mc(0.01, 400) };
                let r = run_matchup(&m, &settings, |_| true).unwrap();
                prop_assert!(r.status.stopped.is_some());
                if r.deals > 0 {
                    let total: f64 = r.seats.iter().map(|s| s.equity).sum();
                    prop_assert!((total - 1.0).abs() < 1e-6, "{}", total);
                }
            }
        }
    }
}

#[test]
fn exact_runs_stream_their_fraction_done_and_time_left() {
    // A dead card keeps it out of the preflop table: boards are enumerated.
    let m = Matchup::new(ranges(&["AsKs", "random"]), CardSet::EMPTY, cards("2c")).unwrap();
    let reference = multiodds::equity::exact::run_enumerating(
        &m,
        &multiodds::equity::RunControl::new(),
        u64::MAX,
    )
    .unwrap()
    .result(Method::Exact, None)
    .seats[0]
        .equity;
    let manager = JobManager::new(Some(2)).unwrap();
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let mut running = manager.start(m, settings);
    let mut fractions = Vec::new();
    loop {
        let p = running.recv_timeout(Duration::from_secs(120)).unwrap();
        match p.event {
            Event::ExactProgress(multiodds::worker::ExactProgress {
                fraction,
                seconds_left,
            }) => {
                assert!((0.0..1.0).contains(&fraction));
                assert!(seconds_left.is_finite() && seconds_left >= 0.0);
                fractions.push(fraction);
            }
            Event::Finished(r, _) => {
                let r = r.unwrap();
                assert_eq!(r.status.stopped, Some(StopRule::ExactDone));
                assert!((r.seats[0].equity - reference).abs() < 1e-12);
                assert!(
                    (r.seats[0].equity - 0.6704).abs() < 0.01,
                    "{}",
                    r.seats[0].equity
                );
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(
        !fractions.is_empty(),
        "a run of seconds reports its progress"
    );
    assert!(fractions.windows(2).all(|w| w[0] <= w[1]), "{fractions:?}");
}

/// A loose target stops a run once its first round is in when every figure's error comes
/// from its deals' own spread (4 batches of 4,096 deals: a Monte Carlo matchup, the
/// chart's showdown figures); hand strength before the river (its error from batch
/// means) still holds a sweep to 32 batches.
#[test]
fn errors_from_every_deal_stop_a_loose_run_after_its_first_round() {
    use multiodds::equity::run::{run_sweep_within, AUTO_EXACT_EVALUATIONS};
    use multiodds::equity::sweep::SweepFigures;
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.01,
        potential_target_se: None,
        ..RunSettings::default()
    };
    let m = Matchup::new(
        ranges(&["AA", "KK", "random"]),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let r = run_matchup(&m, &settings, |_| true).unwrap();
    assert_eq!(r.status.stopped, Some(StopRule::TargetReached));
    assert_eq!(r.deals, 4 * 4096);
    assert!(r
        .seats
        .iter()
        .all(|s| s.equity_se < 0.01 && s.equity_se > 0.0));

    let s = Sweep::new(
        HandRange::parse("AKs").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        2..=4,
    )
    .unwrap();
    let run = |figures| run_sweep_within(&s, &settings, AUTO_EXACT_EVALUATIONS, figures, |_| true);
    let showdown = run(SweepFigures::Showdown);
    assert_eq!(showdown.status.stopped, Some(StopRule::TargetReached));
    assert!(
        showdown.points.iter().all(|p| p.deals == 4 * 4096),
        "{showdown:?}"
    );
    let all = run(SweepFigures::All);
    assert_eq!(all.status.stopped, Some(StopRule::TargetReached));
    assert!(all.points.iter().all(|p| p.deals >= 32 * 4096));
}
