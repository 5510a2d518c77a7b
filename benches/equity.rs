//! Engine speed: exact enumeration, Monte Carlo to a precision target, the MultiOdds
//! sweep, range parsing, and the job manager's latencies. Single-threaded figures run
//! on a one-thread pool; the sweep runs on two threads as the app does on this machine.

use criterion::{criterion_group, criterion_main, Criterion};
use multiodds::cards::CardSet;
use multiodds::equity::run::{run_matchup, run_sweep, RunSettings};
use multiodds::equity::sweep::Sweep;
use multiodds::equity::{exact, Matchup, Method};
use multiodds::range::HandRange;
use multiodds::worker::JobManager;
use std::hint::black_box;
use std::time::{Duration, Instant};

fn matchup(seats: &[&str]) -> Matchup {
    Matchup::new(
        seats.iter().map(|s| HandRange::parse(s).unwrap()).collect(),
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap()
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

fn mc_settings(target_se: f64) -> RunSettings {
    RunSettings {
        method: Method::MonteCarlo,
        target_se,
        seed: 1,
        ..RunSettings::default()
    }
}

fn exact_runs(c: &mut Criterion) {
    let one = pool(1);
    let mut group = c.benchmark_group("exact_1_thread");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let aks = matchup(&["AsKs", "random"]);
    group.bench_function("AsKs_vs_random", |b| {
        b.iter(|| one.install(|| exact::run(black_box(&aks)).unwrap()))
    });
    let ranges = matchup(&["QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo"]);
    group.bench_function("QQ+AK_vs_wide", |b| {
        b.iter(|| one.install(|| exact::run(black_box(&ranges)).unwrap()))
    });
    group.finish();
}

fn monte_carlo_runs(c: &mut Criterion) {
    let one = pool(1);
    let mut group = c.benchmark_group("mc_se_0.0005_1_thread");
    group.sample_size(10);
    for opponents in [1usize, 5, 9] {
        let mut seats = vec!["AsKs"];
        seats.extend(std::iter::repeat_n("random", opponents));
        let m = matchup(&seats);
        group.bench_function(format!("AsKs_vs_{opponents}_random"), |b| {
            b.iter(|| {
                one.install(|| run_matchup(black_box(&m), &mc_settings(0.0005), |_| true).unwrap())
            })
        });
    }
    group.finish();
}

fn sweep_runs(c: &mut Criterion) {
    let two = pool(2);
    let mut group = c.benchmark_group("sweep_2_threads");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    let sweep = Sweep::new(
        HandRange::parse("AsKs").unwrap(),
        HandRange::random(),
        CardSet::EMPTY,
        CardSet::EMPTY,
        1..=9,
    )
    .unwrap();
    group.bench_function("AsKs_1-9_every_metric_se_0.0005", |b| {
        b.iter(|| two.install(|| run_sweep(black_box(&sweep), &mc_settings(0.0005), |_| true)))
    });
    let equity_only = RunSettings {
        potential_target_se: None,
        ..mc_settings(0.0005)
    };
    group.bench_function("AsKs_1-9_win_tie_equity_hs_se_0.0005", |b| {
        b.iter(|| two.install(|| run_sweep(black_box(&sweep), &equity_only, |_| true)))
    });
    group.finish();
}

fn parsing(c: &mut Criterion) {
    let text = "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo,T9s-65s:0.5,Group3 Suited";
    c.bench_function("parse_long_range", |b| {
        b.iter(|| HandRange::parse(black_box(text)).unwrap())
    });
}

/// Submit → first progress, and cancel → silence, for a preflop 9-opponent sweep.
fn latencies(c: &mut Criterion) {
    let job = || {
        multiodds::equity::games::SweepJob::from(
            Sweep::new(
                HandRange::parse("AKs").unwrap(),
                HandRange::random(),
                CardSet::EMPTY,
                CardSet::EMPTY,
                1..=9,
            )
            .unwrap(),
        )
    };
    let mut group = c.benchmark_group("job_manager");
    group.sample_size(20);
    let manager = JobManager::new(Some(2)).unwrap();
    group.bench_function("submit_to_first_progress", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                let mut running = manager.start(job(), mc_settings(1e-9));
                running
                    .recv_timeout(Duration::from_secs(10))
                    .expect("progress");
                total += start.elapsed();
                running.cancel();
            }
            total
        })
    });
    // RunControl latency: from cancel() to the worker pool being free again (a new job's
    // first message arrives after the old job has given its threads back).
    group.bench_function("cancel_then_next_first_progress", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let mut running = manager.start(job(), mc_settings(1e-9));
                running
                    .recv_timeout(Duration::from_secs(10))
                    .expect("progress");
                let start = Instant::now();
                // Replacing the handle cancels the old job.
                running = manager.start(job(), mc_settings(1e-9));
                running
                    .recv_timeout(Duration::from_secs(10))
                    .expect("progress");
                total += start.elapsed();
            }
            total
        })
    });
    group.finish();
}

/// Other games through the scenario model (as the CLI and the Matchup view ask): exact
/// Omaha and Omaha hi/lo heads-up preflop, and a million Monte Carlo deals of Omaha ranges.
fn game_runs(c: &mut Criterion) {
    use multiodds::cards::Game;
    use multiodds::equity::Method;
    let one = pool(1);
    let inputs = |game: Game, seats: &[&str]| {
        multiodds::scenario::MatchupInputs {
            game,
            seats: seats.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }
        .validate()
        .unwrap()
    };
    let mut group = c.benchmark_group("games_1_thread");
    group.sample_size(10);
    for (name, game, seats) in [
        (
            "omaha_exact_hu_preflop",
            Game::OMAHA,
            ["AsAhKsKh", "QdQcJdJc"],
        ),
        (
            "omaha_hilo_exact_hu_preflop",
            Game::OMAHA_HILO,
            ["Ac2cKsKd", "Ad3d9h9s"],
        ),
    ] {
        let m = inputs(game, &seats);
        let settings = RunSettings {
            method: Method::Exact,
            ..RunSettings::default()
        };
        group.bench_function(name, |b| {
            b.iter(|| one.install(|| m.run(black_box(&settings), |_| true).unwrap()))
        });
    }
    let m = inputs(Game::OMAHA, &["AAxx", "random"]);
    let settings = RunSettings {
        method: Method::MonteCarlo,
        max_deals: 1_000_000,
        target_se: 1e-6,
        ..RunSettings::default()
    };
    group.bench_function("omaha_mc_AAxx_vs_random_1M_deals", |b| {
        b.iter(|| one.install(|| m.run(black_box(&settings), |_| true).unwrap()))
    });
    group.finish();
}

criterion_group!(
    benches,
    game_runs,
    parsing,
    latencies,
    exact_runs,
    monte_carlo_runs,
    sweep_runs
);
criterion_main!(benches);
