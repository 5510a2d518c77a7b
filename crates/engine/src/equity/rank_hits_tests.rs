//! Tests of `rank_hits` (in their own file: the module stays short).
use super::*;
use crate::cards::{extract_bits, Card, CardSet};

/// 26 patterns (one to four distinct ranks, each player holding one or two),
/// 4,840 cells, each pattern's chances summing to one.
#[test]
fn every_pattern_has_cell_chances_summing_to_one() {
    let t = tables();
    assert_eq!(t.patterns.len(), 26);
    assert_eq!(t.cells, 2 * (6 * 256 + 12 * 64 + 7 * 16 + 4));
    for p in &t.patterns {
        let s: f64 = t.cell_chance[p.clone()].iter().sum();
        assert!((s - 1.0).abs() < 1e-12, "{p:?}: {s}");
    }
}

fn hand(text: &str) -> Hand {
    Hand::from_cards(&CardSet::parse(text).unwrap().iter().collect::<Vec<Card>>())
}

/// The cell chances against a count of every board (all 1,712,304) for hands of
/// several patterns: a shared ace, a pair against two overcards, a pair against a
/// hand holding its rank, the same hand twice over, and four distinct ranks.
#[test]
fn cell_chances_equal_a_count_of_every_board() {
    let pairs = [
        ("AsKs", "Ah7h"),
        ("QcQd", "JhTh"),
        ("9s9h", "9c2d"),
        ("AsKd", "AhKc"),
        ("8c7c", "5d4h"),
        ("3c3d", "3h3s"),
        ("AsKs", "Qs2h"),
    ];
    for (a, b) in pairs {
        let (ha, hb) = (hand(a), hand(b));
        let used = CardSet::parse(&format!("{a}{b}")).unwrap();
        let unseen: Vec<Card> = used.complement().iter().collect();
        // 1,712,304 boards overflow a batch's 16-bit counts: batches of 50,000.
        let (mut cells, mut batch, mut filed) = (HitCells::default(), BatchHits::default(), 0);
        let v = [HandValue::default(); 2];
        crate::range::for_each_subset(&unseen, 5, &mut |board| {
            let cards: Vec<Card> = board.iter().collect();
            batch.add([ha, hb], Hand::from_cards(&cards), v, extract_bits);
            filed += 1;
            if filed % 50_000 == 0 {
                cells.merge(&std::mem::take(&mut batch).into_cells(None));
            }
        });
        cells.merge(&batch.into_cells(None));
        assert_eq!(cells.deals(), 1_712_304);
        let t = tables();
        // Each rank cell's deals over its flush states.
        let rank_cell = |i: usize| -> u64 {
            cells.dense[i * FLUSH_STATES..][..FLUSH_STATES]
                .iter()
                .map(|c| c[0])
                .sum()
        };
        let filled: Vec<_> = t
            .patterns
            .iter()
            .filter(|p| (*p).clone().any(|i| rank_cell(i) > 0))
            .collect();
        assert_eq!(filled.len(), 1, "{a} vs {b}: one pattern");
        for i in filled[0].clone() {
            let counted = rank_cell(i) as f64 / 1_712_304.0;
            let chance = t.cell_chance[i];
            assert!(
                (counted - chance).abs() < 1e-12,
                "{a} vs {b} cell {i}: {counted} {chance}"
            );
        }
        // The flush states against the chances from the two hands' suits.
        let suits = |h: &str| {
            let c: Vec<Card> = CardSet::parse(h).unwrap().iter().collect();
            suit_kind(c[0].suit(), c[1].suit())
        };
        let chances = t.flush_chance[suits(a) * SUIT_KINDS + suits(b)];
        for (state, chance) in chances.iter().enumerate() {
            let counted = (0..t.cells)
                .map(|i| cells.dense[i * FLUSH_STATES + state][0])
                .sum::<u64>() as f64
                / 1_712_304.0;
            assert!(
                (counted - chance).abs() < 1e-12,
                "{a} vs {b} flush state {state}: {counted} {chance}"
            );
        }
        assert!((chances.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}

/// The pattern chances, and their split by flush state, against a plain sum over
/// every pair of combos that share no card (weights multiplied), for weighted,
/// overlapping and random ranges.
#[test]
fn pattern_chances_equal_a_sum_over_every_pair_of_hands() {
    use crate::range::HandRange;
    let pairs = [
        ("AsKs", "random"),
        ("QQ+,AKs,AKo", "22+,A2s+,K9s+,QTs+,JTs,ATo+,KTo+,QJo"),
        ("AK:0.5,QQ:0.25,76s", "random"),
        ("33", "33"),
        ("AhAd", "AsAc,KK:0.3"),
        ("random", "random"),
    ];
    let t = tables();
    for (a, b) in pairs {
        let seat = |r: &str| SeatCombos::of(&HandRange::parse(r).unwrap(), CardSet::EMPTY);
        let (first, second) = (seat(a), seat(b));
        let fast = PatternChances::of(&first, &second);
        let mut plain = vec![0.0; t.patterns.len()];
        let mut plain_flush = vec![[0.0; FLUSH_STATES]; t.patterns.len()];
        for i in 0..first.combos.len() {
            for j in 0..second.combos.len() {
                if first.sets[i].intersects(second.sets[j]) {
                    continue;
                }
                let key = pattern_key(
                    combo_ranks(&first, i),
                    combo_ranks(&second, j),
                    extract_bits,
                );
                let p = t.pattern_index[key];
                let w = first.weights[i] * second.weights[j];
                plain[p] += w;
                let states = flush_state_chances(combo_suits(&first, i), combo_suits(&second, j));
                for (x, c) in plain_flush[p].iter_mut().zip(states) {
                    *x += w * c;
                }
            }
        }
        let total: f64 = plain.iter().sum();
        for (p, y) in plain.iter().enumerate() {
            let x = fast.pattern(p);
            assert!(
                (x - y / total).abs() < 1e-12,
                "{a} vs {b} pattern {p}: {x} {}",
                y / total
            );
            for (state, (f, g)) in fast.0[p].iter().zip(&plain_flush[p]).enumerate() {
                assert!(
                    (f - g / total).abs() < 1e-12,
                    "{a} vs {b} pattern {p} flush state {state}: {f} {}",
                    g / total
                );
            }
            // The flush states split the pattern's chance.
            assert!((plain_flush[p].iter().sum::<f64>() - y).abs() < 1e-12 * total);
        }
        let sum: f64 = (0..plain.len()).map(|p| fast.pattern(p)).sum();
        assert!((sum - 1.0).abs() < 1e-12, "{a} vs {b}: {sum}");
    }
}

/// Each suit kind names its own pair of suits, either way round.
#[test]
fn suit_kinds_are_the_ten_pairs_of_suits() {
    for (kind, &(a, b)) in SUIT_PAIRS.iter().enumerate() {
        assert_eq!(suit_kind(a as u8, b as u8), kind);
        assert_eq!(suit_kind(b as u8, a as u8), kind);
    }
}
