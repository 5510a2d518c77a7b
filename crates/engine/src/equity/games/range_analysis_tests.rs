//! Tests of `range_analysis` (in their own file: the module stays short).
use super::*;
use crate::equity::games::hand_lines::best_low;
use crate::equity::games::tests::{plain_high, subsets};
use crate::equity::games::{run_game, GameMatchup};
use crate::equity::run::RunSettings;
use crate::equity::Method;
use crate::eval::{evaluate, evaluate_short_deck, omaha_high, HandCategory};

fn spec(game: Game, range: &str, vs: &[&str], board: &str, dead: &str) -> GameRangeSpec {
    let r = |t: &str| HoleRange::parse(t, game).unwrap();
    GameRangeSpec::new(
        game,
        r(range),
        vs.iter().map(|t| r(t)).collect(),
        CardSet::parse(board).unwrap(),
        CardSet::parse(dead).unwrap(),
    )
    .unwrap()
}

/// The category of the best five by a plain walk over every legal selection.
fn plain_category(game: Game, hole: &[Card], board: &[Card]) -> HandCategory {
    let best = plain_high(game, hole, board);
    let fives: Vec<Vec<Card>> = if game.is_omaha() {
        let mut v = Vec::new();
        for two in subsets(hole, 2) {
            for three in subsets(board, 3) {
                v.push([two.clone(), three].concat());
            }
        }
        v
    } else {
        subsets(&[hole, board].concat(), 5)
    };
    for five in fives {
        let (value, category) = if game.has_short_deck_order() {
            let v = evaluate_short_deck(&five);
            (v.get(), v.category())
        } else {
            let v = evaluate(&five);
            (v.get() as u32, v.category())
        };
        if value == best {
            return category;
        }
    }
    unreachable!("the best five is one of the fives")
}

/// The lines of one hand by the definitions in plain words, every next board valued
/// by the plain walk.
fn plain_lines(game: Game, hole: &[Card], board: &[Card], next: &[Card]) -> Vec<HandLine> {
    let rank = |c: HandCategory| {
        categories_strongest_first(game)
            .iter()
            .rev()
            .position(|&x| x == c)
            .unwrap()
    };
    let made = plain_category(game, hole, board);
    let mut out = vec![HandLine::Made(made)];
    let low = |b: &[Card]| {
        subsets(hole, 2).iter().any(|two| {
            subsets(b, 3).iter().any(|three| {
                let mut ranks: Vec<u8> = two
                    .iter()
                    .chain(three)
                    .map(|c| if c.rank() == 12 { 1 } else { c.rank() + 2 })
                    .collect();
                ranks.sort_unstable();
                ranks.dedup();
                ranks.len() == 5 && ranks[4] <= 8
            })
        })
    };
    let low_now = game.is_hi_lo() && low(board);
    if low_now {
        out.push(HandLine::Low);
    }
    if board.len() == 5 {
        return out;
    }
    let (mut flush, mut ranks, mut low_draw) = (false, Vec::new(), false);
    for &c in next.iter().filter(|c| !hole.contains(c)) {
        let b = [board, &[c]].concat();
        let after = plain_category(game, hole, &b);
        let flushy = matches!(after, HandCategory::Flush | HandCategory::StraightFlush);
        if flushy && rank(made) < rank(HandCategory::Flush) {
            flush = true;
        }
        let straighty = matches!(after, HandCategory::Straight | HandCategory::StraightFlush);
        if straighty && rank(made) < rank(HandCategory::Straight) && !ranks.contains(&c.rank()) {
            ranks.push(c.rank());
        }
        low_draw |= game.is_hi_lo() && !low_now && low(&b);
    }
    if flush {
        out.push(HandLine::FlushDraw);
    }
    match ranks.len() {
        0 => {}
        1 => out.push(HandLine::Gutshot),
        _ => out.push(HandLine::StraightDraw),
    }
    if low_draw {
        out.push(HandLine::LowDraw);
    }
    out
}

#[test]
fn breakdown_lines_match_a_plain_count() {
    let cases = [
        (
            Game::OMAHA,
            "AhKh5c6d, AsKs5c6d, 9h8h7c6c, AAKK, JT98 ds",
            "Qh 7h 2s",
            "",
        ),
        (Game::OMAHA, "KKQQ, JT98", "Qh Th 2s 8d", "Ac"),
        (Game::OMAHA_HILO, "A23K, 345K ds", "5h 7h Ks", ""),
        (Game::OMAHA5, "AAKQJ ds", "Ah 7h 2s 3c", ""),
        (Game::SHORT_DECK, "random", "6h 7h 9s", ""),
        (Game::SHORT_DECK, "AK, 88+, T9s", "Ah 8h 7d Ts", "6c"),
    ];
    for (game, range, board, dead) in cases {
        let s = spec(game, range, &[], board, dead);
        let b = game_breakdown(&s, &RunControl::new(), 2).unwrap();
        let blocked = s.blocked();
        let board: Vec<Card> = s.board.iter().collect();
        let next: Vec<Card> = game.deck().difference(blocked).iter().collect();
        let hands = s.range.live_hands(blocked);
        assert_eq!(b.hands, hands.len());
        let count = |l: HandLine| b.lines.iter().find(|(k, _)| *k == l).map(|(_, c)| c.combos);
        for (line, got) in &b.lines {
            // The finer lines (tested on their own) sit inside their parents.
            if let Some(parent) = line.parent() {
                assert!(
                    got.combos <= count(parent).unwrap(),
                    "{game} {range} {line:?}"
                );
                continue;
            }
            let mut want = Line::default();
            for (h, w) in &hands {
                let hole: Vec<Card> = h.iter().collect();
                if plain_lines(game, &hole, &board, &next).contains(line) {
                    want.combos += 1;
                    want.weight += *w as f64;
                }
            }
            assert_eq!(got.combos, want.combos, "{game} {range} {line:?}");
            assert!((got.weight - want.weight).abs() < 1e-9);
        }
        let made: usize = b
            .lines
            .iter()
            .filter(|(l, _)| matches!(l, HandLine::Made(_)))
            .map(|(_, l)| l.combos)
            .sum();
        assert_eq!(made, b.hands, "every hand has one made line");
        if let Some(flush) = count(HandLine::FlushDraw) {
            let nut = count(HandLine::NutFlushDraw).unwrap();
            let other = count(HandLine::NonNutFlushDraw).unwrap();
            assert_eq!(
                nut + other,
                flush,
                "{game} {range}: a flush draw is nut or not"
            );
        }
    }
}

#[test]
fn omaha_draws_follow_the_two_card_rule() {
    let lines = |game: Game, hand: &str, board: &str| {
        let s = spec(game, hand, &[], board, "");
        let b = game_breakdown(&s, &RunControl::new(), 1).unwrap();
        b.lines
            .into_iter()
            .filter(|(_, l)| l.combos > 0)
            .map(|(k, _)| k)
            .collect::<Vec<_>>()
    };
    // Two hearts in the hand and two on the board: a flush draw; one heart is none.
    assert!(lines(Game::OMAHA, "AhKh5c6d", "Qh 7h 2s").contains(&HandLine::FlushDraw));
    assert!(!lines(Game::OMAHA, "AhKs5c6d", "Qh 7h 2s").contains(&HandLine::FlushDraw));
    // Four hearts on the board and one in the hand is a flush in Hold'em, not here.
    assert_eq!(
        lines(Game::OMAHA, "Ah2c3d4s", "Kh Qh 7h 5h")[0],
        HandLine::Made(HandCategory::HighCard)
    );
    // A wrap: 9-8 with 6-5 on T-7-2 makes a straight with a J, 9, 8, 6 or 5... and 4.
    assert!(lines(Game::OMAHA, "9c8d6s5h", "Td 7c 2s").contains(&HandLine::StraightDraw));
    // Short deck: A-6-7-8-9 is a straight; trips beat it.
    assert_eq!(
        lines(Game::SHORT_DECK, "Ah6c", "7d 8s 9h")[0],
        HandLine::Made(HandCategory::Straight)
    );
    assert_eq!(
        categories_strongest_first(Game::SHORT_DECK)[..6],
        [
            HandCategory::StraightFlush,
            HandCategory::FourOfAKind,
            HandCategory::Flush,
            HandCategory::FullHouse,
            HandCategory::ThreeOfAKind,
            HandCategory::Straight
        ]
    );
    // Hi/lo: A-2 with 5-7 on the board and one low card to come.
    let l = lines(Game::OMAHA_HILO, "Ah2cKdKs", "5h 7s Qc");
    assert!(l.contains(&HandLine::LowDraw) && !l.contains(&HandLine::Low));
    assert!(lines(Game::OMAHA_HILO, "Ah2cKdKs", "5h 7s 3c").contains(&HandLine::Low));
}

/// The finer lines, each against a plain count: the cards that make a straight are
/// counted one by one with the Omaha evaluator, the best low over every two low ranks.
#[test]
fn omaha_sets_top_two_wraps_nut_draws_and_counterfeits() {
    let on = |game: Game, hand: &str, board: &str| {
        let hole = crate::cards::parse_card_list(hand).unwrap();
        let board = crate::cards::parse_card_list(board).unwrap();
        let used: Vec<Card> = hole.iter().chain(&board).copied().collect();
        let next: Vec<Card> = game.deck().iter().filter(|c| !used.contains(c)).collect();
        hand_lines(game, &hole, &board, &next)
    };
    let o = Game::OMAHA;
    assert!(on(o, "KcKd5s6h", "Kh 7c 2s").contains(&HandLine::Set));
    assert!(on(o, "Kc9d5s6h", "Kh Ks 2s").contains(&HandLine::Trips));
    // Three kings on the board and one in the hand is not trips in Omaha (two hole
    // cards must play): no three of a kind from the hand.
    assert!(!on(o, "Kc9d5s6h", "Kh Ks Kd").contains(&HandLine::Trips));
    assert!(on(o, "Kc7d5s6h", "Kh 7c 2s").contains(&HandLine::TopTwo));
    assert!(!on(o, "Kc2d5s6h", "Kh 7c 2s").contains(&HandLine::TopTwo));
    // Hold'em's rule in short deck: a pocket pair is a set.
    assert!(on(Game::SHORT_DECK, "9c9d", "9h 7c 6s").contains(&HandLine::Set));
    // The nut flush draw holds the ace of the suit (the king when the ace is out).
    let nut = on(o, "AhTh5s6c", "Kh 7h 2s");
    assert!(nut.contains(&HandLine::NutFlushDraw) && nut.contains(&HandLine::FlushDraw));
    assert!(on(o, "QhTh5s6c", "Kh 7h 2s").contains(&HandLine::NonNutFlushDraw));
    assert!(on(o, "KhTh5s6c", "Ah 7h 2s").contains(&HandLine::NutFlushDraw));
    // Wraps by out count, counted plainly.
    for (hand, board) in [
        ("9c8d6s5h", "Td 7c 2s"),
        ("JcTd8s7h", "9d 6c 2s"),
        ("Qc9d8s5h", "Td 7c 2s"),
        ("AcKdQs2h", "Td 7c 3s"),
    ] {
        let hole = crate::cards::parse_card_list(hand).unwrap();
        let b = crate::cards::parse_card_list(board).unwrap();
        let outs = o
            .deck()
            .iter()
            .filter(|c| !hole.contains(c) && !b.contains(c))
            .filter(|&c| {
                let mut after = b.clone();
                after.push(c);
                omaha_high(&hole, &after).category() == HandCategory::Straight
            })
            .count();
        let l = on(o, hand, board);
        assert_eq!(
            l.contains(&HandLine::Wrap),
            outs >= 9,
            "{hand} on {board}: {outs}"
        );
        assert_eq!(l.contains(&HandLine::BigWrap), outs >= 13, "{hand}: {outs}");
    }
    assert!(on(o, "JcTd8s7h", "9d 6c 2s").contains(&HandLine::BigWrap));
    // Hi/lo: A-2 on 3-5-7 holds the nut low (7-5-3-2-A); a 2 on the turn lets A-4
    // make 5-4-3-2-A under it: counterfeit risk. A-4 there holds a low, not the nut.
    let hl = Game::OMAHA_HILO;
    let l = on(hl, "Ah2cKdQs", "3c 5d 7s");
    assert!(
        l.contains(&HandLine::Low) && l.contains(&HandLine::NutLow),
        "{l:?}"
    );
    assert!(l.contains(&HandLine::CounterfeitRisk));
    let l = on(hl, "Ah4cKdQs", "3c 5d 7s");
    assert!(l.contains(&HandLine::Low) && !l.contains(&HandLine::NutLow));
    assert!(!l.contains(&HandLine::CounterfeitRisk));
    // No low yet: A-2 on 7-8-K draws to the nut low; 6-7 draws to a low, not the nut.
    let l = on(hl, "Ah2cKdQs", "7c 8d Ks");
    assert!(l.contains(&HandLine::LowDraw) && l.contains(&HandLine::NutLowDraw));
    let l = on(hl, "6h7cKdQs", "2c 8d Ks");
    assert!(l.contains(&HandLine::LowDraw) && !l.contains(&HandLine::NutLowDraw));
    // The best low any hand holds on 3-5-7 is 7-5-3-2-A; with a 2 added, 5-4-3-2-A.
    let best =
        |b: &str| crate::eval::describe_low(best_low(&crate::cards::parse_card_list(b).unwrap()));
    assert_eq!(best("3c 5d 7s").as_deref(), Some("7-5-3-2-A"));
    assert_eq!(best("3c 5d 7s 2h").as_deref(), Some("5-4-3-2-A"));
}

fn exact(game: Game, seats: Vec<HoleRange>, board: CardSet, dead: CardSet) -> Vec<f64> {
    let m = GameMatchup::new(game, seats, board, dead).unwrap();
    let settings = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let r = run_game(&m, &settings, |_| true).unwrap();
    r.seats.iter().map(|s| s.equity).collect()
}

#[test]
fn every_hand_and_every_card_agree_with_whole_enumerations() {
    let cases = [
        (
            Game::OMAHA,
            "AAKK ds, KsQsJdTd",
            vec!["KKJJ, KK98 ds"],
            "Kd 7c 2s 9h",
            "",
        ),
        (
            Game::OMAHA_HILO,
            "A23K ds",
            vec!["AsKs3h4h, 5h6h7d8d:0.5"],
            "3c 7h Qd",
            "2h",
        ),
        (Game::OMAHA5, "AAKQJ ds", vec!["KKQQT"], "Ac 9d 4h Ts", ""),
        (
            Game::SHORT_DECK,
            "AK, TT+:0.5",
            vec!["99+, AQs", "KQ, 87s"],
            "Ah 9d 7c",
            "",
        ),
    ];
    for (game, range, vs, board, dead) in cases {
        let s = spec(game, range, &vs, board, dead);
        let control = RunControl::new();
        let r = by_hand(&s, &control, 2).unwrap();
        let seats: Vec<HoleRange> = std::iter::once(&s.range).chain(&s.vs).cloned().collect();
        let whole = exact(game, seats.clone(), s.board, s.dead);
        assert!(
            (r.equity() - whole[0]).abs() < 1e-9,
            "{game}: {} vs {}",
            r.equity(),
            whole[0]
        );
        let shares: f64 = r.hands.iter().map(|h| h.share).sum();
        assert!((shares - 1.0).abs() < 1e-9);
        for h in r.hands.iter().step_by(r.hands.len() / 3 + 1) {
            let mut one = vec![HoleRange::single(game, h.hand)];
            one.extend(s.vs.iter().cloned());
            let e = exact(game, one, s.board, s.dead)[0];
            assert!((h.equity - e).abs() < 1e-9);
        }
        if s.board.len() == 3 || s.board.len() == 4 {
            let next = game_next_cards(&s, &control, 2).unwrap();
            let p: f64 = next.iter().map(|n| n.probability).sum();
            assert!((p - 1.0).abs() < 1e-9);
            for (seat, e) in whole.iter().enumerate() {
                let mean: f64 = next.iter().map(|n| n.probability * n.equity[seat]).sum();
                assert!((mean - e).abs() < 1e-9, "{game} seat {seat}: {mean} vs {e}");
            }
            let n = &next[next.len() / 2];
            let board = s.board.union(CardSet::single(n.card));
            let e = exact(game, seats, board, s.dead);
            assert!((n.equity[0] - e[0]).abs() < 1e-9);
            // The estimate the Range view's progress is measured against bounds the
            // work the runs report from above (it counts every combination of hands,
            // those that share a card too, as the refusal does).
            let (est, done) = (
                estimated_valuations(&s, 2),
                control.progress().work_done() as f64,
            );
            assert!(
                done > 0.0 && done <= est,
                "{game}: work {done} against the estimate {est}"
            );
        }
    }
}

#[test]
fn out_of_reach_work_and_bad_inputs_are_refused_by_name() {
    // Every AAxx hand against random on a flop is past the exact bound: estimated
    // instead, each hand with its error, the range's equity within 4 SE of a plain
    // Monte Carlo run of the whole matchup.
    let s = spec(Game::OMAHA, "AAxx", &["random"], "Kd 7c 2s", "");
    let r = by_hand(&s, &RunControl::new(), 2).unwrap();
    let sampled = r.sampled.expect("an estimate");
    assert!(sampled.exact_seconds > crate::equity::run::MAX_EXACT_SECONDS);
    assert!(sampled.deals_per_hand >= 256);
    assert_eq!(r.hands.len() as u64, s.range.live_count(s.blocked()));
    assert!(r
        .hands
        .iter()
        .all(|h| h.std_error > 0.0 && h.std_error < 0.05));
    let m = GameMatchup::new(
        Game::OMAHA,
        vec![s.range.clone(), s.vs[0].clone()],
        s.board,
        s.dead,
    )
    .unwrap();
    let settings = crate::equity::run::RunSettings {
        method: crate::equity::Method::MonteCarlo,
        target_se: 0.001,
        ..Default::default()
    };
    let whole = super::super::run_game(&m, &settings, |_| true).unwrap();
    let (e, se) = (whole.seats[0].equity, whole.seats[0].equity_se);
    let bound = 4.0 * (se * se + r.std_error().powi(2)).sqrt();
    assert!(
        (r.equity() - e).abs() < bound,
        "{} against {e} ± {se}",
        r.equity()
    );
    // Deals repeat: the same inputs give the same estimate.
    assert_eq!(by_hand(&s, &RunControl::new(), 2).unwrap(), r);
    let r = |t: &str| HoleRange::parse(t, Game::OMAHA6).unwrap();
    let e = GameRangeSpec::new(
        Game::OMAHA6,
        r("random"),
        vec![r("random"); 7],
        CardSet::EMPTY,
        CardSet::EMPTY,
    )
    .unwrap_err();
    assert!(e.to_string().contains("7"), "{e}");
    let e = GameRangeSpec::new(
        Game::SHORT_DECK,
        HoleRange::parse("AK", Game::SHORT_DECK).unwrap(),
        vec![],
        CardSet::parse("2c 7d 8d").unwrap(),
        CardSet::EMPTY,
    )
    .unwrap_err();
    assert!(e.to_string().contains("2c"), "{e}");
    let none = analyse_game(
        &spec(Game::OMAHA, "AAxx", &[], "", ""),
        &RunControl::new(),
        1,
        crate::equity::range_analysis::RangeParts::ALL,
    );
    assert!(none.breakdown.unwrap_err().contains("flop"));
    assert!(none.by_hand.unwrap_err().contains("other seats"));
}
