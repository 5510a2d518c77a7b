//! Equity in draw games for stated keeps: exact against a plain enumeration written here,
//! a case counted by hand, Monte Carlo within four standard errors of exact and the same
//! on 1, 2 and 4 threads, and the refusals.

mod common;
use common::on_threads;

use multiodds_engine::cards::{parse_card_list, Card, CardSet};
use multiodds_engine::equity::games::draw::{run_draw, DrawMatchup};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::{EquityError, Method};
use multiodds_engine::eval::draw::DrawRule;

fn cards(t: &str) -> Vec<Card> {
    parse_card_list(t).unwrap()
}

fn exact(m: &DrawMatchup) -> Vec<f64> {
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let r = run_draw(m, &settings, |_| true).unwrap();
    assert_eq!(r.method, Method::Exact);
    r.seats.iter().map(|s| s.equity).collect()
}

/// Heads-up, one draw each in turn: every card for seat 1, then every pair for seat 2.
fn plain(rule: DrawRule, a: &[Card], b: &[Card], dead: &[Card]) -> Vec<f64> {
    let used: Vec<Card> = a.iter().chain(b).chain(dead).copied().collect();
    let live: Vec<Card> = Card::all().filter(|c| !used.contains(c)).collect();
    let size = rule.card_counts().0;
    let (da, db) = (size - a.len(), size - b.len());
    let mut eq = [0.0f64; 2];
    let mut n = 0.0;
    fn pick(
        from: &[Card],
        k: usize,
        start: usize,
        cur: &mut Vec<Card>,
        each: &mut dyn FnMut(&[Card]),
    ) {
        if cur.len() == k {
            each(cur);
            return;
        }
        for i in start..from.len() {
            cur.push(from[i]);
            pick(from, k, i + 1, cur, each);
            cur.pop();
        }
    }
    let mut firsts = Vec::new();
    pick(&live, da, 0, &mut Vec::new(), &mut |x| {
        firsts.push(x.to_vec())
    });
    for first in firsts {
        let rest: Vec<Card> = live
            .iter()
            .copied()
            .filter(|c| !first.contains(c))
            .collect();
        let mut seconds = Vec::new();
        pick(&rest, db, 0, &mut Vec::new(), &mut |x| {
            seconds.push(x.to_vec())
        });
        for second in seconds {
            let ha: Vec<Card> = a.iter().chain(&first).copied().collect();
            let hb: Vec<Card> = b.iter().chain(&second).copied().collect();
            let (va, vb) = (rule.value(&ha).value, rule.value(&hb).value);
            match va.cmp(&vb) {
                std::cmp::Ordering::Less => eq[0] += 1.0,
                std::cmp::Ordering::Greater => eq[1] += 1.0,
                std::cmp::Ordering::Equal => {
                    eq[0] += 0.5;
                    eq[1] += 0.5;
                }
            }
            n += 1.0;
        }
    }
    vec![eq[0] / n, eq[1] / n]
}

#[test]
fn exact_equals_a_plain_enumeration() {
    for (rule, a, b, dead) in [
        (DrawRule::DeuceSeven, "7c 5d 4h 3s", "8c 6d 2h", "Kd"),
        (DrawRule::AceFive, "Ac 2d 3h", "4c 5d 6h 7s", ""),
        (DrawRule::Badugi, "Ac 2d 3h", "2c 4s", "9h"),
    ] {
        let m = DrawMatchup::new(
            rule,
            vec![cards(a), cards(b)],
            CardSet::parse(dead).unwrap(),
        )
        .unwrap();
        let fast = exact(&m);
        let slow = plain(rule, &cards(a), &cards(b), &cards(dead));
        for (x, y) in fast.iter().zip(&slow) {
            assert!((x - y).abs() < 1e-12, "{rule:?}: {fast:?} vs {slow:?}");
        }
    }
}

#[test]
fn a_pat_seven_five_against_a_one_card_draw_to_it() {
    // Seat 1 stands pat on the best 2-7 hand, 7c 5d 4h 3s 2c. Seat 2 keeps 7d 5c 4s 3h
    // and draws one of the 43 cards left: the three deuces left (2d 2h 2s) tie, any
    // other card makes a pair or a higher hand. Seat 2: 3/43 × 1/2 = 3/86.
    let m = DrawMatchup::new(
        DrawRule::DeuceSeven,
        vec![cards("7c 5d 4h 3s 2c"), cards("7d 5c 4s 3h")],
        CardSet::EMPTY,
    )
    .unwrap();
    assert_eq!(m.exact_deals(), 43.0);
    let eq = exact(&m);
    assert!(
        (eq[1] - 3.0 / 86.0).abs() < 1e-12 && (eq[0] - 83.0 / 86.0).abs() < 1e-12,
        "{eq:?}"
    );
}

#[test]
fn monte_carlo_within_four_standard_errors_and_the_same_on_any_thread_count() {
    let m = DrawMatchup::new(
        DrawRule::DeuceSeven,
        // 41 × 40 × C(39, 2) = 1,215,240 draws exactly.
        vec![
            cards("7c 5d 4h 3s"),
            cards("8c 6d 2h 3d"),
            cards("9s 7h 6c"),
        ],
        CardSet::EMPTY,
    )
    .unwrap();
    let truth = exact(&m);
    let settings = RunSettings {
        method: Method::MonteCarlo,
        target_se: 0.002,
        seed: 7,
        ..RunSettings::default()
    };
    let runs: Vec<_> = [1, 2, 4]
        .into_iter()
        .map(|threads| on_threads(threads, || run_draw(&m, &settings, |_| true).unwrap()))
        .collect();
    for r in &runs[1..] {
        assert_eq!(
            r.seats, runs[0].seats,
            "the same numbers on any thread count"
        );
        assert_eq!(r.deals, runs[0].deals);
    }
    for (s, t) in runs[0].seats.iter().zip(&truth) {
        assert!(s.equity_se > 0.0);
        assert!(
            (s.equity - t).abs() < 4.0 * s.equity_se,
            "{} vs {t} ± {}",
            s.equity,
            s.equity_se
        );
    }
}

#[test]
fn refusals_name_what_is_wrong() {
    let err = |keeps: Vec<&str>, dead: &str| {
        DrawMatchup::new(
            DrawRule::Badugi,
            keeps.into_iter().map(cards).collect(),
            CardSet::parse(dead).unwrap(),
        )
        .unwrap_err()
        .to_string()
    };
    assert!(err(vec!["Ac 2d 3h 4s 5c", "Kd"], "")
        .contains("seat 1 keeps 5 cards; a Badugi hand holds 4"));
    assert!(err(vec!["Ac 2d", "Ac"], "").contains("Ac"));
    assert!(err(vec!["Ac"], "").contains("two seats or more"));
    let e = DrawMatchup::new(DrawRule::DeuceSeven, vec![vec![]; 11], CardSet::EMPTY).unwrap_err();
    assert!(matches!(e, EquityError::NotEnoughCards(_)), "{e}");
}

/// 2-7 single draw dealt from a 36-card deck (sixes to aces), defined here: the draws
/// come from that deck only — the plain enumeration over the full deck with the sixteen
/// low cards dead agrees — the result carries the game's name, and a kept card the deck
/// does not hold is refused by name.
#[test]
fn a_defined_draw_game_deals_from_its_own_deck_under_its_own_name() {
    use multiodds_engine::cards::LowRule;
    use multiodds_engine::equity::games::MatchupJob;
    let low16 = "2s 2h 2d 2c 3s 3h 3d 3c 4s 4h 4d 4c 5s 5h 5d 5c";
    let deck = common::deck_from("6");
    let game = common::define_game(
        "Short 2-7",
        deck,
        common::draw_dealing(5),
        LowRule::DeuceToSeven,
    );
    let (a, b) = ("6c 7d 8h 9s", "Tc Jd Qh");
    let m = DrawMatchup::in_game(game, vec![cards(a), cards(b)], CardSet::EMPTY).unwrap();
    let fast = exact(&m);
    let slow = plain(DrawRule::DeuceSeven, &cards(a), &cards(b), &cards(low16));
    for (x, y) in fast.iter().zip(&slow) {
        assert!((x - y).abs() < 1e-12, "{fast:?} vs {slow:?}");
    }
    let job = MatchupJob::from(m);
    assert_eq!(job.game().name(), "Short 2-7");
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    assert_eq!(job.run(&settings, |_| true).unwrap().seats.len(), 2);
    let e = DrawMatchup::in_game(game, vec![cards("2c 7d"), cards(b)], CardSet::EMPTY)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("seat 1 keeps 2c, which Short 2-7 does not deal (sixes to aces)"),
        "{e}"
    );
}
