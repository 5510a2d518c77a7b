//! The query language's functions against oracles written here: a plain evaluator
//! (`reference_best`) over every runout, closed-form counts, and the open PQL runner's
//! documented examples, whose published or exact values the Monte Carlo answers meet
//! within four standard errors.

mod common;

use common::query::{answer, assert_within_four_errors, settings, value};
use common::{cards, reference_best};
use multiodds_engine::cards::{Card, CardSet};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::Method;
use multiodds_engine::query::Query;

/// The cards not in `known`.
fn unseen(known: &[Card]) -> Vec<Card> {
    let used = CardSet::from_cards(known).unwrap();
    CardSet::FULL.difference(used).iter().collect()
}

fn joined(parts: &[&[Card]]) -> Vec<Card> {
    parts.iter().flat_map(|p| p.iter().copied()).collect()
}

/// Whether no two cards of `unseen` make a better hand with `board` than `hand` does.
fn reference_nuts(hand: &[Card], board: &[Card], unseen: &[Card]) -> bool {
    let own = reference_best(&joined(&[hand, board]));
    unseen.iter().enumerate().all(|(i, &a)| {
        unseen[i + 1..]
            .iter()
            .all(|&b| reference_best(&joined(&[&[a, b], board])) <= own)
    })
}

/// Cards of `unseen` that lift `hand` on `board` to category `target` or more.
fn reference_outs(hand: &[Card], board: &[Card], unseen: &[Card], target: u8) -> f64 {
    if reference_best(&joined(&[hand, board])).0 >= target {
        return 0.0;
    }
    unseen
        .iter()
        .filter(|&&c| reference_best(&joined(&[hand, board, &[c]])).0 >= target)
        .count() as f64
}

#[test]
fn street_rank_and_card_functions_against_a_brute_force() {
    let text = "select avg(outsToHandType(hero, flop, flush)), count(nutHi(hero, turn)), \
                avg(maxRank(boardRanks(river))), count(turnCard() = toCard('As')), \
                histogram(handType(hero, river)), avg(nthRank(2, boardRanks(turn))), \
                avg(outsToHandType(villain, turn, trips)), count(minHandType(hero, river, flush)), \
                avg(rankCount(handRanks(hero))), count(inRange(villain, 'QQ+')), \
                count(riverCard() = toCard('Ah')), avg(minRank(boardRanks(river))) \
                from hero='AhKh', villain='QsQd', board='2h7h9c'";
    let a = answer(text, Method::Auto);
    assert_eq!(a.method, Method::Exact);
    assert_eq!(a.deals, 45 * 44);
    let (hero, villain, flop) = (cards("Ah Kh"), cards("Qs Qd"), cards("2h 7h 9c"));
    let live = unseen(&joined(&[&hero, &villain, &flop]));
    // Per turn (each comes with 44 rivers, so a turn's figure weighs 1/45).
    let (mut nuts, mut second, mut villain_outs, mut spade_ace) = (0.0, 0.0, 0.0, 0.0);
    // Per ordered runout.
    let (mut max_rank, mut min_rank, mut flushes, mut n) = (0.0, 0.0, 0.0, 0.0);
    let mut types = [0.0; 9];
    for &turn in &live {
        let board4 = joined(&[&flop, &[turn]]);
        let after_turn = unseen(&joined(&[&hero, &villain, &board4]));
        nuts += f64::from(u8::from(reference_nuts(&hero, &board4, &after_turn)));
        let mut ranks: Vec<u8> = board4.iter().map(|c| c.rank()).collect();
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        ranks.dedup();
        second += f64::from(ranks[1]) + 2.0;
        villain_outs += reference_outs(&villain, &board4, &after_turn, 3);
        spade_ace += f64::from(u8::from(turn == cards("As")[0]));
        for &river in after_turn.iter() {
            let board = joined(&[&board4, &[river]]);
            n += 1.0;
            max_rank += f64::from(board.iter().map(|c| c.rank()).max().unwrap()) + 2.0;
            min_rank += f64::from(board.iter().map(|c| c.rank()).min().unwrap()) + 2.0;
            let category = reference_best(&joined(&[&hero, &board])).0;
            types[category as usize] += 1.0;
            flushes += f64::from(u8::from(category >= 5));
        }
    }
    let turns = live.len() as f64;
    let close = |i: usize, want: f64| {
        assert!(
            (value(&a, i) - want).abs() < 1e-12,
            "{}: {} against {want}",
            a.figures[i].name,
            value(&a, i)
        );
    };
    close(0, reference_outs(&hero, &flop, &live, 5));
    assert_eq!(value(&a, 0), 9.0, "nine hearts make the flush");
    close(1, nuts / turns);
    close(2, max_rank / n);
    close(3, spade_ace / turns);
    close(5, second / turns);
    close(6, villain_outs / turns);
    close(7, flushes / n);
    close(8, 2.0);
    close(9, 1.0);
    close(10, 0.0);
    close(11, min_rank / n);
    let histogram = &a.figures[4].buckets;
    let seen: Vec<usize> = (0..9).filter(|&t| types[t] > 0.0).collect();
    assert_eq!(histogram.len(), seen.len());
    for (b, &t) in histogram.iter().zip(&seen) {
        assert_eq!(b.value, t as f64);
        assert!((b.chance.value - types[t] / n).abs() < 1e-12, "{b:?}");
        assert_eq!(b.chance.std_error, 0.0, "exact");
    }
    assert_eq!(histogram[1].label, "Pair");
    // Monte Carlo meets each chance within four errors (the chances alone: an average
    // rank needs far more deals for the same error).
    let s = answer(
        "select count(nutHi(hero, turn)), count(turnCard() = toCard('As')), \
         count(minHandType(hero, river, flush)), histogram(handType(hero, river)) \
         from hero='AhKh', villain='QsQd', board='2h7h9c'",
        Method::MonteCarlo,
    );
    for (i, exact) in [1, 3, 7].into_iter().enumerate() {
        let e = s.figures[i].estimate.unwrap();
        assert_within_four_errors(&s.figures[i].name, e.value, value(&a, exact), e.std_error);
    }
    for (b, exact) in s.figures[3].buckets.iter().zip(histogram) {
        assert_eq!(b.value, exact.value);
        assert_within_four_errors(
            &b.label,
            b.chance.value,
            exact.chance.value,
            b.chance.std_error,
        );
    }
}

#[test]
fn range_view_lines_and_flop_categories() {
    // Queen-high flop: QQ has a set, AQ top pair, 99 an overpair... of nothing: 9 < Q.
    let a = answer(
        "select count(flopHandCategory(p1) = flopSet), count(flopHandCategory(p2) = flopTopPair), \
         count(hasLine(p3, flop, nutFlushDraw)), count(hasLine(p3, flop, flushDrawOrBetter)), \
         count(minFlopHandCategory(p2, flopTopPair)), count(flopHandCategory(p2) >= flopOverpair), \
         count(hasLine(p4, flop, pocketPairBelowTop)), count(flopHandCategory(p4) = flopPocket12) \
         from p1='QsQd', p2='AcQc', p3='AhKh', p4='JsJc', board='Qh7h2h'",
        Method::Auto,
    );
    for (i, want) in [1.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0, 1.0]
        .into_iter()
        .enumerate()
    {
        assert_eq!(value(&a, i), want, "{}", a.figures[i].name);
    }
    // The nut flush draw on the flop is a made flush on the turn, no longer a draw.
    let b = answer(
        "select count(hasLine(hero, turn, flush)), count(hasLine(hero, flop, nutFlushDraw)), \
         count(hasLine(hero, turn, flushDraw)) from hero='AhKh', board='Qh7h2c3h'",
        Method::Auto,
    );
    assert_eq!((value(&b, 0), value(&b, 1), value(&b, 2)), (1.0, 1.0, 0.0));
    let c = answer(
        "select count(hasLine(hero, flop, nutFlushDraw)), count(hasLine(hero, flop, openEnded)) \
         from hero='AhKh', board='Qh7h2c'",
        Method::Auto,
    );
    assert_eq!((value(&c, 0), value(&c, 1)), (1.0, 0.0));
}

#[test]
fn generic_ranges_equal_their_classic_spelling() {
    for (pql, classic) in [
        ("AwKw", "AKs"),
        ("AwKx", "AKo"),
        ("AwKw:0.5, AxKy", "AKs:0.5, AKo"),
        ("QQ+, AwKw", "QQ+, AKs"),
    ] {
        let q = |hero: &str| {
            value(
                &answer(
                    &format!("select avg(riverEquity(hero)) from hero='{hero}', villain='JJ', board='Jc 8d 3s'"),
                    Method::Exact,
                ),
                0,
            )
        };
        assert!(
            (q(pql) - q(classic)).abs() < 1e-12,
            "{pql} against {classic}"
        );
    }
    let omaha = |hero: &str| {
        answer(
            &format!("select avg(riverEquity(hero)) from game='omahahi', hero='{hero}', villain='KsKdQsQd', board='Jc 8d 3s 2h'"),
            Method::Exact,
        )
    };
    assert_eq!(omaha("AA**"), omaha("AAxx"));
    // `where inRange` on any hand is the range itself; its chance is the range's share.
    let a = answer(
        "select count(winsHi(hero)) from hero='**', villain='QsQd', board='2c3d4h5s9c' \
         where inRange(hero, 'AwKw, AxKy')",
        Method::Auto,
    );
    assert!(
        (a.condition.unwrap().value - 16.0 / 990.0).abs() < 1e-12,
        "{a:?}"
    );
    assert_eq!(value(&a, 0), 1.0, "A-5 straight against a pair of queens");
    // One-argument equity is the river's; hvhEquity is equity at a street; a bare
    // selector is averaged.
    let b = answer(
        "select equity(hero), riverEquity(hero), hvhEquity(hero, turn), avg(equity(hero, turn)), \
         count(minHvhEquity(hero, turn, 0.5)), count(equity(hero, turn) >= 0.5) \
         from hero='AsKs', villain='7h7d', board='Kd 8h 2c'",
        Method::Exact,
    );
    assert_eq!(value(&b, 0), value(&b, 1));
    assert_eq!(value(&b, 2), value(&b, 3));
    assert_eq!(value(&b, 4), value(&b, 5));
    assert_eq!(b.figures[0].name, "equity(hero)");
}

#[test]
fn low_halves_in_omaha_hi_lo() {
    // A2 with 6-7-8 on board makes 8-7-6-2-A, the best low there is; A3 makes 8-7-6-3-A.
    let a = answer(
        "select count(winsLo(hero)), count(tiesLo(hero)), count(nutLo(hero, river)), \
         count(winsLo(villain)), count(nutLo(villain, river)), riverEquity(hero) \
         from game='omaha8', hero='As2sKhKd', villain='Ac3c4h5h', board='6d7c8sJhQh'",
        Method::Auto,
    );
    for (i, want) in [1.0, 0.0, 1.0, 0.0, 0.0].into_iter().enumerate() {
        assert_eq!(value(&a, i), want, "{}", a.figures[i].name);
    }
    // The high half: villain's 8-high straight (4-5 with 6-7-8) beats hero's kings.
    assert_eq!(value(&a, 5), 0.5);
    // On the turn, counted and drawn agree.
    let text = "select count(winsLo(hero)), count(tiesLo(hero)), count(nutLo(hero, river)) \
                from game='omaha8', hero='As2sKhKd', villain='Ac3c4h5h', board='6d7c8sJh'";
    let exact = answer(text, Method::Exact);
    let drawn = answer(text, Method::MonteCarlo);
    for i in 0..3 {
        let e = drawn.figures[i].estimate.unwrap();
        assert_within_four_errors(
            &drawn.figures[i].name,
            e.value,
            value(&exact, i),
            e.std_error,
        );
    }
}

/// The open PQL runner's documented examples (its book and its README), each answered,
/// with the published or closed-form value where there is one.
#[test]
fn the_open_pql_runners_documented_examples() {
    let budget = RunSettings {
        max_deals: 200_000,
        ..settings(Method::Auto)
    };
    let run = |text: &str| {
        Query::parse(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .answer(&budget, 2)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .remove(0)
    };
    let check = |text: &str, want: f64| {
        let a = run(text);
        let e = a.figures[0].estimate.unwrap();
        assert_within_four_errors(text, e.value, want, e.std_error.max(1e-12));
    };
    // Aces against a random hand: 85.20 % (PokerStove's published figure, 85.204 %).
    check(
        "select avg(equity(hero)) from game='holdem', hero='AwAx', villain='*'",
        0.85204,
    );
    // A pocket pair flops a set: one of its rank and no pair beside it.
    check(
        "select count(flopHandCategory(hero) = flopset) as pct_set from game='holdem', hero='TT', villain='*'",
        (2.0 * 1128.0 - 2.0 * 72.0) / 19600.0,
    );
    // Five cards of one suit: 4 · C(13,5) / C(52,5).
    check(
        "select count(monotoneBoard(river)) as pct_monotone from game='holdem', hero='*', villain='*'",
        4.0 * 1287.0 / 2_598_960.0,
    );
    // At least one ace on the river: 1 − C(48,5) / C(52,5).
    check(
        "select count(maxRank(boardRanks(river)) = toRank('A')) as pct_ace_high_river from game='holdem', hero='*', villain='*'",
        1.0 - 1_712_304.0 / 2_598_960.0,
    );
    // The book's flop example deals the ace of hearts twice (in the hand and on the
    // board): refused at hero's text rather than answered.
    let e = Query::parse(
        "select equity(hero) from game='holdem', hero='AhKh', villain='QQ+', board='Ah9s2c'",
    )
    .unwrap_err();
    assert!(e.message.contains("every hand is blocked"), "{e:?}");
    // With the king of hearts and the ace of spades it is counted exactly.
    let exact = run("select equity(hero), count(winsHi(hero)) as heroWins from game='holdem', hero='AsKh', villain='QQ+', board='Ah9s2c'");
    assert_eq!(exact.method, Method::Exact);
    assert!(value(&exact, 1) <= value(&exact, 0));
    for text in [
        "select count(nutHi(hero, flop)) as pct_flopped_nuts from game='holdem', hero='AwKw', villain='*', board=''",
        "select avg(equity(hero)) from game='holdem', hero='**', villain='**' where inRange(hero, 'AwKw, AxKy, QQ+')",
        "select equity(hero) from game='omaha', hero='AhAsKhKs', villain='**'",
        "select equity(hero) from game='shortdeck', hero='AwAx', villain='**'",
        "select avg(riverEquity(p1)) from game = 'holdem', p1 = 'AxKx', p2 = 'QQ+', board = '*'",
    ] {
        let a = run(text);
        assert!(a.figures[0].estimate.is_some_and(|e| (0.0..=1.0).contains(&e.value)), "{text}: {a:?}");
    }
}

#[test]
fn an_exact_count_deals_the_board_only_as_far_as_its_figures_look() {
    // Flop figures only: every flop once, 19,600 of them for one pocket pair.
    let a = answer(
        "select count(flopHandCategory(hero) = flopSet), count(pairedBoard(flop)) from hero='TsTd'",
        Method::Auto,
    );
    assert_eq!((a.method, a.deals), (Method::Exact, 19_600));
    // Exactly one ten and no pair beside it (the closed form of the documented example).
    assert!((value(&a, 0) - (2.0 * 1128.0 - 2.0 * 72.0) / 19_600.0).abs() < 1e-12);
    // A turn figure: every flop and turn; hole cards alone: no board at all.
    let b = answer(
        "select count(pairedBoard(turn)) from hero='AsKs', board='2s7h9c'",
        Method::Auto,
    );
    assert_eq!(b.deals, 47);
    // Three cards left of each of the board's three ranks.
    assert!((value(&b, 0) - 9.0 / 47.0).abs() < 1e-12, "{b:?}");
    let c = answer(
        "select count(pocketPair(hero)), count(inRange(hero, 'AwKw')) from hero='**'",
        Method::Auto,
    );
    assert_eq!(c.deals, 1326);
    assert!((value(&c, 0) - 78.0 / 1326.0).abs() < 1e-12);
    assert!((value(&c, 1) - 4.0 / 1326.0).abs() < 1e-12);
}

#[test]
fn a_hand_type_counted_as_the_matchups_hand_type_table_counts_it() {
    use multiodds_engine::equity::games::MatchupJob;
    // The table's hero column: the chance the hero wins or ties holding each category.
    let job = MatchupJob::from(common::matchup(&["AhKh", "QsQd"], "2h 7h 9c"));
    let exact = RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    };
    let m = job.run(&exact, |_| true).unwrap();
    let a = answer(
        "select count((winsHi(hero) or tiesHi(hero)) and handType(hero, river) = flush), \
         count((winsHi(hero) or tiesHi(hero)) and handType(hero, river) = pair) \
         from hero='AhKh', villain='QsQd', board='2h7h9c'",
        Method::Exact,
    );
    assert!(
        (value(&a, 0) - m.seats[0].hand_types[5]).abs() < 1e-12,
        "{a:?} {:?}",
        m.seats[0].hand_types
    );
    assert!((value(&a, 1) - m.seats[0].hand_types[1]).abs() < 1e-12);
}
