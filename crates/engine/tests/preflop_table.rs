//! The shipped table of heads-up preflop results against direct enumeration: sampled
//! pairs and every pair of a few hands, ranges against ranges with weights and shared
//! cards, the chart against a range.

use multiodds_engine::cards::CardSet;
use multiodds_engine::equity::preflop_table::{PairResult, PreflopTable, BOARDS};
use multiodds_engine::equity::{exact, Matchup, Method, RunControl};
use multiodds_engine::range::{Combo, HandRange, COMBOS};
use rayon::prelude::*;
use std::collections::HashMap;

fn combo(i: usize) -> Combo {
    Combo::from_index(i).unwrap()
}

/// The pair's class, computed here independently of the table: the smallest sorted
/// pair of combo indices over the 24 relabellings of suits.
fn class_key(a: Combo, b: Combo) -> ((usize, usize), bool) {
    let relabel = |c: Combo, p: &[u8; 4]| {
        let (x, y) = c.cards();
        Combo::new(
            multiodds_engine::cards::Card::new(x.rank(), p[x.suit() as usize]),
            multiodds_engine::cards::Card::new(y.rank(), p[y.suit() as usize]),
        )
        .unwrap()
        .index()
    };
    let mut best = ((usize::MAX, usize::MAX), true);
    for p in 0..24usize {
        // The p-th permutation of the four suits.
        let mut left = vec![0u8, 1, 2, 3];
        let mut perm = [0u8; 4];
        let mut k = p;
        for (i, slot) in perm.iter_mut().enumerate() {
            let f = (1..4 - i).product::<usize>();
            *slot = left.remove(k / f);
            k %= f;
        }
        let (x, y) = (relabel(a, &perm), relabel(b, &perm));
        let key = ((x.min(y), x.max(y)), x < y);
        if key.0 < best.0 {
            best = key;
        }
    }
    // The second value: whether `a` is the class's first hand (for a class that holds
    // a pair and its mirror, either way gives the same results).
    best
}

/// Every pair of AsAh, 7s2d and 6s5s against every other hand, and 2,500 sampled
/// pairs: each table entry equals direct enumeration, to the board (each class of
/// pairs enumerated once, its pairs found by the independent `class_key`).
#[test]
fn sampled_pairs_and_every_pair_of_three_hands_equal_enumeration() {
    let table = PreflopTable::get().expect("the shipped table loads");
    let mut pairs = Vec::new();
    for text in ["AsAh", "7s2d", "6s5s"] {
        let hero = HandRange::parse(text).unwrap().iter().next().unwrap().0;
        for b in (0..COMBOS).map(combo) {
            if !hero.card_set().intersects(b.card_set()) {
                pairs.push((hero, b));
            }
        }
    }
    // 2,500 pairs of a fixed pseudo-random sequence.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % COMBOS as u64) as usize
    };
    let mut sampled = 0;
    while sampled < 2_500 {
        let (a, b) = (combo(next()), combo(next()));
        if !a.card_set().intersects(b.card_set()) {
            pairs.push((a, b));
            sampled += 1;
        }
    }
    // One enumeration per class, oriented as its first pair.
    let mut classes: HashMap<(usize, usize), (Combo, Combo)> = HashMap::new();
    for &(a, b) in &pairs {
        classes.entry(class_key(a, b).0).or_insert((a, b));
    }
    let results: HashMap<(usize, usize), (bool, PairResult)> = classes
        .par_iter()
        .map(|(&key, &(a, b))| (key, (class_key(a, b).1, enumerate_pair(a, b))))
        .collect();
    assert!(results.len() > 2_000, "{} classes", results.len());
    for (a, b) in pairs {
        let (key, a_first) = class_key(a, b);
        let (first, e) = results[&key];
        let expected = if a_first == first {
            e
        } else {
            PairResult {
                win: e.lose,
                lose: e.win,
                tie: e.tie,
                hand_types: [e.hand_types[1], e.hand_types[0]],
            }
        };
        assert_eq!(table.pair(a, b).unwrap(), expected, "{a} vs {b}");
    }
}

/// Direct enumeration of one hand against another: a plain walk over every board of
/// the 48 other cards, both hands valued on each.
fn enumerate_pair(a: Combo, b: Combo) -> PairResult {
    use multiodds_engine::cards::Card;
    use multiodds_engine::eval::Hand;
    let held = a.card_set().union(b.card_set());
    let deck: Vec<Card> = (0..52u8)
        .map(|i| Card::new(i / 4, i % 4))
        .filter(|c| !held.contains(*c))
        .collect();
    let (a1, a2) = a.cards();
    let (b1, b2) = b.cards();
    let (hero, villain) = (Hand::new().add(a1).add(a2), Hand::new().add(b1).add(b2));
    let mut r = PairResult {
        win: 0,
        lose: 0,
        tie: 0,
        hand_types: [[0; 9]; 2],
    };
    let n = deck.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let three = Hand::new().add(deck[i]).add(deck[j]).add(deck[k]);
                for l in k + 1..n {
                    let four = three.add(deck[l]);
                    for &m in &deck[l + 1..] {
                        let board = four.add(m);
                        let (x, y) = (
                            hero.combine(board).evaluate(),
                            villain.combine(board).evaluate(),
                        );
                        if x > y {
                            r.win += 1;
                            r.hand_types[0][x.category() as usize] += 1;
                        } else if y > x {
                            r.lose += 1;
                            r.hand_types[1][y.category() as usize] += 1;
                        } else {
                            r.tie += 1;
                            r.hand_types[0][x.category() as usize] += 1;
                            r.hand_types[1][y.category() as usize] += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(r.win + r.lose + r.tie, BOARDS);
    r
}

/// Ranges against ranges from the table equal enumeration to 1e-9: weights, shared
/// cards, single hands, and random against random.
#[test]
fn ranges_against_ranges_equal_enumeration() {
    let cases = [
        ("random", "random"),
        ("AA", "KK"),
        ("AsKs", "QQ"),
        (
            "QQ+,AK",
            "22+,A2s+,K9s+,Q9s+,J9s+,T8s+,97s+,86s+,75s+,64s+,54s,ATo+,KTo+,QTo+,JTo",
        ),
        ("AKs:0.5, QQ:0.25, 76s", "random"),
        ("AA,KK:0.3", "AA,KK,AK"),
        ("AhKh", "AK"),
        ("TT-77:0.7, A5s-A2s", "JJ+:0.2, AQ+, KQs"),
        ("Group1", "G2-G4"),
        ("15%", "AK, 77"),
        ("Suited:0.2", "AA"),
        ("Pair", "AKs:0.3, 65s"),
        ("E > 75%", "KQo"),
        ("22", "33"),
        ("AsKs:0.001, 2c2d", "QsQd:0.5, 3h3c"),
        ("T9s-65s", "TT+,AJ+"),
        ("JTs", "JcTc"),
        ("AA:0.01, 72o", "KhKd"),
    ];
    cases.par_iter().for_each(|&(a, b)| {
        let m = Matchup::new(
            vec![HandRange::parse(a).unwrap(), HandRange::parse(b).unwrap()],
            CardSet::EMPTY,
            CardSet::EMPTY,
        )
        .unwrap();
        let from_table = exact::run(&m).unwrap().result(Method::Exact, None);
        let enumerated = exact::run_enumerating(&m, &RunControl::new(), u64::MAX)
            .unwrap()
            .result(Method::Exact, None);
        for (x, y) in from_table.seats.iter().zip(&enumerated.seats) {
            for (p, q) in [(x.equity, y.equity), (x.win, y.win), (x.tie, y.tie)] {
                assert!((p - q).abs() < 1e-9, "{a} vs {b}: {p} vs {q}");
            }
            for (p, q) in x.hand_types.iter().zip(&y.hand_types) {
                assert!((p - q).abs() < 1e-9, "{a} vs {b}: hand types {p} vs {q}");
            }
        }
        assert_eq!(from_table.deals, enumerated.deals, "{a} vs {b}");
    });
}

/// Each combo's equity from the table, weighted by its share, is the range's equity.
#[test]
fn combo_equities_add_up_to_the_range_equity() {
    let table = PreflopTable::get().unwrap();
    let m = Matchup::new(
        vec![
            HandRange::parse("QQ+:0.5, AK, 76s").unwrap(),
            HandRange::parse("22+, A2s+, KTo+:0.3").unwrap(),
        ],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let combos = table.combo_equities(&m.seats[0], &m.seats[1]);
    assert_eq!(combos.len(), m.seats[0].len());
    let mean: f64 = combos.iter().map(|c| c.share * c.equity).sum();
    let shares: f64 = combos.iter().map(|c| c.share).sum();
    let whole = exact::run(&m).unwrap().result(Method::Exact, None).seats[0].equity;
    assert!((shares - 1.0).abs() < 1e-12);
    assert!((mean - whole).abs() < 1e-9, "{mean} vs {whole}");
    // One combo against the range equals that hand alone against it.
    let c = combos[0];
    let alone = Matchup::new(
        vec![HandRange::single(c.combo), m.ranges[1].clone()],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap();
    let e = exact::run_enumerating(&alone, &RunControl::new(), u64::MAX)
        .unwrap()
        .result(Method::Exact, None)
        .seats[0]
        .equity;
    assert!((c.equity - e).abs() < 1e-9, "{} vs {e}", c.equity);
}

/// The chart against a range, heads-up preflop: each cell is the class's exact equity
/// against the range (checked by enumeration for a sample of classes), at once.
#[test]
fn the_chart_against_a_range_equals_enumeration() {
    use multiodds_engine::equity::chart::{run_chart, ChartSpec};
    use multiodds_engine::equity::run::RunSettings;
    let vs = HandRange::parse("TT+, AQ+:0.5, KQs, 76s").unwrap();
    let spec = ChartSpec {
        game: multiodds_engine::cards::Game::HOLDEM,
        board: CardSet::EMPTY,
        dead: CardSet::EMPTY,
        counts: 1..=1,
        vs: vs.clone(),
    };
    let chart = run_chart(&spec, &RunSettings::default(), |_| true).unwrap();
    assert_eq!(chart.done, 169);
    assert_eq!(chart.method_key(), "exact");
    for name in ["AA", "TT", "AKs", "AQo", "KQs", "76s", "72o", "22", "JTs"] {
        let class = multiodds_engine::range::HandClass::all()
            .find(|c| c.to_string() == name)
            .unwrap();
        let point = &chart.cells[class.index()].as_ref().unwrap()[0];
        let m = Matchup::new(
            vec![HandRange::parse(name).unwrap(), vs.clone()],
            CardSet::EMPTY,
            CardSet::EMPTY,
        )
        .unwrap();
        let e = exact::run_enumerating(&m, &RunControl::new(), u64::MAX)
            .unwrap()
            .result(Method::Exact, None);
        let s = &e.seats[0];
        for (p, q) in [
            (point.equity, s.equity),
            (point.win, s.win),
            (point.tie, s.tie),
        ] {
            assert!((p - q).abs() < 1e-9, "{name}: {p} vs {q}");
        }
        assert_eq!(point.method, Method::Exact);
    }
}
