//! The Flops report against independent references: each flop against the plain
//! by-combo enumeration (every board sorted and swept) on that flop alone, the flops' weighted mean against the
//! preflop equity, one flop per suit pattern against every flop, texture classes
//! against a plain classifier, and shards against one run.

use multiodds_engine::cards::{Card, CardSet, Game};
use multiodds_engine::equity::by_combo::by_combo_enumerated as by_combo;
use multiodds_engine::equity::flops::report::{FlopsReport, TextureFilter};
use multiodds_engine::equity::flops::texture::{Connectedness, Texture};
use multiodds_engine::equity::flops::{
    flop_result, preflop_equity, run_flops, FlopSet, FlopsSpec, Shard,
};
use multiodds_engine::equity::RunControl;
use multiodds_engine::eval::straight_top;
use multiodds_engine::range::{HandRange, SeatRange};

fn spec_in(game: Game, ranges: &[&str], dead: &str) -> FlopsSpec {
    FlopsSpec::new(
        game,
        ranges
            .iter()
            .map(|r| SeatRange::parse(r, game).unwrap())
            .collect(),
        CardSet::parse(dead).unwrap(),
    )
    .unwrap()
}

fn spec(a: &str, b: &str, dead: &str) -> FlopsSpec {
    spec_in(Game::HOLDEM, &[a, b], dead)
}

fn full_report(spec: &FlopsSpec) -> FlopsReport {
    let mut report = FlopsReport::new(spec);
    let (results, sampled) =
        run_flops(spec, None, &RunControl::new(), 2, &mut |_, _| true).unwrap();
    report.add(results).unwrap();
    report.sampled = sampled;
    assert!(report.is_complete());
    report
}

fn ranges(spec: &FlopsSpec) -> &[HandRange; 2] {
    spec.exact_ranges().expect("Hold'em heads-up is exact")
}

#[test]
fn each_flop_equals_the_by_combo_enumeration_on_it() {
    let cases = [
        ("QQ+,AKs,AKo:0.5,T9s", "random", ""),
        ("22+,A2s+:0.3,KTo+", "JJ-88,AQ+,KQs:0.75", "2c"),
        ("AhKh,7d7s,QQ", "AA,KK,AKs,76s", ""),
    ];
    for (a, b, dead) in cases {
        let spec = spec(a, b, dead);
        let (_, flops) = spec.flops();
        for place in [0, 7, flops.len() / 3, flops.len() / 2, flops.len() - 1] {
            let flop = &flops[place];
            let board = CardSet::from_cards(&flop.cards).unwrap();
            let result = flop_result(ranges(&spec), spec.dead, place, flop);
            for seat in 0..2 {
                let (me, other) = (&ranges(&spec)[seat], &ranges(&spec)[1 - seat]);
                let Ok(reference) = by_combo(me, other, board, spec.dead, &RunControl::new())
                else {
                    assert!(result.seats.is_empty(), "{a} v {b} on {}", flop.name());
                    continue;
                };
                let got = &result.seats[seat];
                let expected_win: f64 = reference.combos.iter().map(|c| c.share * c.win).sum();
                assert!(
                    (got.equity - reference.equity()).abs() < 1e-12,
                    "{a} v {b} on {} seat {seat}: {} against {}",
                    flop.name(),
                    got.equity,
                    reference.equity()
                );
                assert!((got.win - expected_win).abs() < 1e-12);
                let nut80: f64 = reference
                    .combos
                    .iter()
                    .filter(|c| c.equity >= 0.8)
                    .map(|c| c.share)
                    .sum();
                assert!((got.nut80 - nut80).abs() < 1e-9, "{}", flop.name());
            }
        }
    }
}

#[test]
fn the_flops_weighted_mean_equals_the_preflop_equity() {
    let cases = [
        ("AA,KK,AKs", "QQ+,AK", ""),
        ("TT+,AQs+:0.5,KQo", "99-66,AJs+,KJs:0.25", ""),
        ("AA-QQ,AKs", "AK,KQ:0.5,QQ", "Ah"),
        ("JJ+,AQ+", "AhKh,QcQd,T9s", "2c3d"),
    ];
    for (a, b, dead) in cases {
        let spec = spec(a, b, dead);
        let report = full_report(&spec);
        let mut report = report;
        report.preflop = Some(Ok(preflop_equity(&spec, &RunControl::new(), 2).unwrap()));
        let check = report.check().unwrap();
        assert!(
            check.difference().abs() < 1e-9,
            "{a} v {b} dead {dead}: flops {} preflop {}",
            check.flops_mean,
            check.preflop
        );
        // The dealt weights add up to one, the raw weights too.
        let all = report.group(&TextureFilter::default());
        assert!((all.dealt_weight - 1.0).abs() < 1e-12);
        assert!((all.raw_weight - 1.0).abs() < 1e-12);
        // Heads-up, the two ranges' equities add up to one on every flop.
        for (_, r, _) in report.done_flops() {
            if let [x, y] = r.seats.as_slice() {
                assert!((x.equity + y.equity - 1.0).abs() < 1e-9);
                assert!((x.tie - y.tie).abs() < 1e-9);
            }
        }
    }
}

#[test]
fn one_flop_per_suit_pattern_equals_every_flop() {
    let mut iso = spec("QQ+,AKs,T9s:0.5", "JJ-99,AQ+", "");
    assert!(iso.isomorphic());
    let (set, flops) = iso.flops();
    assert_eq!(
        (set, flops.len()),
        (FlopSet::Isomorphic { renamings: 24 }, 1755)
    );
    assert_eq!(flops.iter().map(|f| f.count).sum::<u32>(), 22_100);
    let a = full_report(&iso);
    iso.all_flops = true;
    let (set, flops) = iso.flops();
    assert_eq!((set, flops.len()), (FlopSet::All, 22_100));
    let b = full_report(&iso);
    same_groups(&a, &b);
    // A range that is not suit-symmetric, or a dead card, runs every flop.
    assert!(!spec("AhKh", "QQ", "").isomorphic());
    assert!(!spec("AK", "QQ", "2c").isomorphic());
}

#[test]
fn one_flop_per_pattern_the_inputs_allow_equals_every_flop() {
    // A known hand keeps the renamings of the other three suits; a dead card the
    // renamings fixing its suit; two suits named, the swap of the other two.
    for (a, b, dead, renamings) in [
        ("AhKh, QQ", "JJ-99, AQs", "", 6),
        ("AK, TT", "QQ-88", "2c", 6),
        ("AhKh", "Qs Qd, JJ", "", 2),
    ] {
        let mut s = spec(a, b, dead);
        assert_eq!(s.suit_renamings().len(), renamings, "{a} v {b} dead {dead}");
        let (set, flops) = s.flops();
        assert_eq!(set, FlopSet::Isomorphic { renamings });
        let all = 22_100 - if dead.is_empty() { 0 } else { 1_275 };
        assert_eq!(flops.iter().map(|f| f.count).sum::<u32>(), all);
        let fewer = full_report(&s);
        s.all_flops = true;
        let every = full_report(&s);
        same_groups(&fewer, &every);
    }
}

/// Every group of two reports has the same figures.
fn same_groups(a: &FlopsReport, b: &FlopsReport) {
    for filter in std::iter::once(TextureFilter::default()).chain(TextureFilter::by_axis()) {
        let (x, y) = (a.group(&filter), b.group(&filter));
        assert_eq!(x.count, y.count, "{}", x.name);
        assert!((x.raw_weight - y.raw_weight).abs() < 1e-12, "{}", x.name);
        assert!(
            (x.dealt_weight - y.dealt_weight).abs() < 1e-12,
            "{}",
            x.name
        );
        for (s, t) in x.seats.iter().zip(&y.seats) {
            for (p, q) in [(s.equity, t.equity), (s.nut80, t.nut80), (s.nut90, t.nut90)]
                .into_iter()
                .chain(s.lines.iter().copied().zip(t.lines.iter().copied()))
            {
                assert!((p - q).abs() < 1e-9, "{}: {p} against {q}", x.name);
            }
        }
    }
}

/// A plain classifier from the definitions: ranks that two hole cards could add, and
/// the ranks then completing a straight, read by the evaluator's straight test.
fn plain_connectedness(flop: [Card; 3]) -> Connectedness {
    let board: u16 = flop.iter().fold(0, |m, c| m | 1 << c.rank());
    let mut straight = false;
    let mut most_completing = 0;
    for a in 0..13u8 {
        for b in 0..13u8 {
            let held = board | 1 << a | 1 << b;
            if straight_top(held).is_some() {
                straight = true;
            }
            let completing = (0..13u8)
                .filter(|&x| held & 1 << x == 0 && straight_top(held | 1 << x).is_some())
                .count();
            if straight_top(held).is_none() {
                most_completing = most_completing.max(completing);
            }
        }
    }
    if straight {
        Connectedness::Straight
    } else if most_completing >= 2 {
        Connectedness::OpenEnded
    } else if most_completing == 1 {
        Connectedness::Gutshot
    } else {
        Connectedness::None
    }
}

#[test]
fn texture_classes_match_a_plain_classifier_on_every_flop() {
    let cards: Vec<Card> = Card::all().collect();
    let mut counts = std::collections::BTreeMap::new();
    for i in 0..52 {
        for j in i + 1..52 {
            for k in j + 1..52 {
                let flop = [cards[i], cards[j], cards[k]];
                let t = Texture::of(flop, Game::HOLDEM);
                let suits: std::collections::BTreeSet<u8> = flop.iter().map(|c| c.suit()).collect();
                let ranks: std::collections::BTreeSet<u8> = flop.iter().map(|c| c.rank()).collect();
                assert_eq!(t.suits as usize, 3 - suits.len(), "{flop:?}");
                assert_eq!(t.pairing as usize, 3 - ranks.len(), "{flop:?}");
                let high = *ranks.iter().max().unwrap();
                assert_eq!(t.high as usize, (12 - high.max(7)) as usize, "{flop:?}");
                assert_eq!(t.connected, plain_connectedness(flop), "{flop:?}");
                *counts.entry(t.connected).or_insert(0) += 1;
            }
        }
    }
    // Every class occurs.
    assert_eq!(counts.len(), 4, "{counts:?}");
    assert_eq!(counts.values().sum::<i32>(), 22_100);
}

#[test]
fn shards_together_equal_one_run() {
    let spec = spec("AA-TT,AKs", "KK-88,AQ", "");
    let one = full_report(&spec);
    let mut merged = FlopsReport::new(&spec);
    for i in 1..=3 {
        let shard = Shard::new(i, 3).unwrap();
        let (part, _) =
            run_flops(&spec, Some(shard), &RunControl::new(), 2, &mut |_, _| true).unwrap();
        assert!(part.iter().all(|r| shard.holds(r.index)));
        merged.add(part).unwrap();
    }
    assert_eq!(merged, one);
    assert!(Shard::new(0, 3).is_err() && Shard::new(4, 3).is_err());
}

#[test]
fn stopping_keeps_what_is_done() {
    let spec = spec("QQ+", "JJ-99", "");
    let control = RunControl::new();
    let mut batches = 0;
    let (results, _) = run_flops(&spec, None, &control, 2, &mut |_, _| {
        batches += 1;
        batches < 3
    })
    .unwrap();
    let mut report = FlopsReport::new(&spec);
    report.add(results).unwrap();
    assert!(report.done() > 0 && !report.is_complete());
    report.preflop = Some(Ok(0.5));
    assert!(
        report.check().is_none(),
        "no check line on a partial report"
    );
}

/// The sampled report of a Hold'em heads-up spec (the exact one's ranges, dealt by
/// Monte Carlo instead).
fn sampled(spec: &FlopsSpec, deals_per_flop: u64) -> FlopsSpec {
    use multiodds_engine::equity::flops::{FlopsEngine, Sampling};
    use multiodds_engine::equity::games::GameMatchup;
    use multiodds_engine::range::HoleRange;
    let hands = ranges(spec)
        .iter()
        .map(|r| HoleRange::from_two_card(r, Game::HOLDEM))
        .collect();
    let mut s = spec.clone();
    s.engine = FlopsEngine::Sampled(Sampling {
        matchup: GameMatchup::new(Game::HOLDEM, hands, CardSet::EMPTY, spec.dead).unwrap(),
        deals_per_flop,
        seed: 7,
    });
    s
}

#[test]
fn monte_carlo_flops_are_within_four_standard_errors_of_exact() {
    let exact_spec = spec("QQ+, AKs, T9s:0.5", "JJ-77, AQs+, KQo", "");
    let exact = full_report(&exact_spec);
    let estimate = full_report(&sampled(&exact_spec, 400));
    assert!(!estimate.exact && exact.exact);
    let mut worst: f64 = 0.0;
    for filter in std::iter::once(TextureFilter::default()).chain(TextureFilter::by_axis()) {
        let (x, y) = (exact.group(&filter), estimate.group(&filter));
        for (s, t) in x.seats.iter().zip(&y.seats) {
            let se = t.std_error.expect("a sampled report has errors");
            assert!(se > 0.0, "{}", x.name);
            let z = (t.equity - s.equity) / se;
            worst = worst.max(z.abs());
            assert!(
                z.abs() < 4.0,
                "{}: {} against {} ± {se}",
                x.name,
                t.equity,
                s.equity
            );
        }
        // The dealt weight is estimated by the deals' share.
        assert!((x.dealt_weight - y.dealt_weight).abs() < 0.01, "{}", x.name);
    }
    eprintln!("worst group |z| {worst:.2}");
}

#[test]
fn other_games_and_more_ranges_are_sampled_and_match_the_preflop_equity() {
    for (game, hands) in [
        (Game::OMAHA, vec!["AsAhKsKh", "QdQcJdJc"]),
        (Game::HOLDEM, vec!["AsKs", "QhQd", "7c6c"]),
        (Game::SHORT_DECK, vec!["AsKs", "QhQd"]),
    ] {
        let s = spec_in(game, &hands, "");
        assert!(!s.is_exact());
        let mut report = full_report(&s);
        report.preflop = Some(Ok(preflop_equity(&s, &RunControl::new(), 2).unwrap()));
        let check = report.check().unwrap();
        let se = report.group(&TextureFilter::default()).seats[0]
            .std_error
            .unwrap();
        assert!(
            check.difference().abs() < 4.0 * se,
            "{game}: {} against {} ± {se}",
            check.flops_mean,
            check.preflop
        );
        assert_eq!(
            report.group(&TextureFilter::default()).seats.len(),
            hands.len()
        );
        assert!(report.describe_check().contains("SE"));
    }
}

#[test]
fn a_report_over_the_memory_budget_is_refused_with_its_estimate() {
    use multiodds_engine::equity::run::RunSettings;
    use multiodds_engine::equity::EquityError;
    use multiodds_engine::worker::{FlopsJob, Job};
    let mut s = spec("random", "random", "");
    s.all_flops = true;
    let job = FlopsJob {
        spec: s,
        shard: None,
    };
    let tight = RunSettings {
        memory_budget: 64 << 20,
        ..Default::default()
    };
    match job.check_affordable(&tight, 2) {
        Err(EquityError::TooMuchMemory { bytes, budget }) => {
            assert_eq!(budget, 64 << 20);
            // 22,100 flops at about 8.5 KB each, over the program's base.
            assert!(bytes > 150e6 && bytes < 250e6, "{bytes}");
        }
        other => panic!("expected a memory refusal, got {other:?}"),
    }
    // Within the default budget it is affordable.
    assert!(job.check_affordable(&RunSettings::default(), 2).is_ok());
}

/// The estimate reads as one phrase: "about 10 s and about 34 MiB", never "about about".
#[test]
fn the_estimate_says_about_once() {
    let e = multiodds_engine::equity::flops::report::Estimate {
        seconds: 10.0,
        bytes: 36e6,
    };
    let text = e.describe();
    assert!(text.starts_with("about 10 s and "), "{text}");
    assert!(!text.contains("about about"), "{text}");
}
