//! The range parser against every row of reference §3, precedence, weights, errors, and
//! property tests: print-parse round trips and no panic on arbitrary text.

use multiodds_engine::cards::CardSet;
use multiodds_engine::range::{HandClass, HandRange, RangeErrorKind};
use proptest::prelude::*;

fn count(text: &str) -> usize {
    HandRange::parse(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .combo_count()
}

fn weight(text: &str) -> f64 {
    HandRange::parse(text).unwrap().total_weight()
}

fn same(a: &str, b: &str) {
    assert_eq!(
        HandRange::parse(a).unwrap(),
        HandRange::parse(b).unwrap(),
        "{a} should equal {b}"
    );
}

#[test]
fn classic_notation_rows() {
    let rows: &[(&str, usize)] = &[
        ("AsKs", 1),
        ("Ah Kh", 1),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("77", 6),
        ("77+", 48),
        ("AJs+", 12),
        ("AJo+", 36),
        ("AJ+", 48),
        ("KJs+", 8),
        ("TT-77", 24),
        ("A5s-A2s", 16),
        ("K9o-K6o", 48),
        ("T9s-65s", 20),
        ("random", 1326),
        ("any", 1326),
        ("XxXx", 1326),
        ("??", 1326),
        ("AA,KK", 12),
        ("10s 10h", 1),
    ];
    for &(text, combos) in rows {
        assert_eq!(count(text), combos, "{text}");
    }
    same("KJs+", "KJs, KQs");
    same("AJs+", "AJs, AQs, AKs");
    same("77-TT", "TT-77");
    same("A2s-A5s", "A5s-A2s");
    same("65s-T9s", "T9s, 98s, 87s, 76s, 65s");
    same("AK*", "AK");
    same("ak", "AK");
}

#[test]
fn percent_ranges_follow_the_preflop_ranking() {
    // The class that crosses the line is in: 15% of 1,326 is 198.9 combos.
    let r = HandRange::parse("15%").unwrap();
    assert!(r.combo_count() as f64 >= 198.9);
    assert!(HandRange::parse("AA").unwrap().intersect(&r) == HandRange::parse("AA").unwrap());
    let fifty = HandRange::parse("50%").unwrap().combo_count();
    assert!((663..663 + 12).contains(&fifty), "{fifty}");
    assert_eq!(count("100%"), 1326);
    assert!(matches!(
        HandRange::parse("0%").unwrap_err().kind,
        RangeErrorKind::EmptyResult
    ));
    // The ranking is by equity: every class in 15% beats every class outside.
    let worst_in = HandClass::all()
        .filter(|c| r.contains(c.combos()[0]))
        .map(multiodds_engine::range::preflop_equity)
        .fold(f64::INFINITY, f64::min);
    let best_out = HandClass::all()
        .filter(|c| !r.contains(c.combos()[0]))
        .map(multiodds_engine::range::preflop_equity)
        .fold(0.0, f64::max);
    assert!(worst_in > best_out);
}

#[test]
fn equity_comparisons() {
    let over60 = HandRange::parse("E > 60%").unwrap();
    for class in HandClass::all() {
        let e = multiodds_engine::range::preflop_equity(class);
        assert_eq!(over60.contains(class.combos()[0]), e > 0.6, "{class} {e}");
    }
    same("E >= 0.6", "E >= 60%");
    same("random > 60%", "E > 60%");
    // Comparisons filter everything on their left.
    let pairs = HandRange::parse("Pair, AKs < 60%").unwrap();
    for class in HandClass::all() {
        let e = multiodds_engine::range::preflop_equity(class);
        let in_left = class.high() == class.low() || class.to_string() == "AKs";
        assert_eq!(
            pairs.contains(class.combos()[0]),
            in_left && e < 0.6,
            "{class}"
        );
    }
    assert!(!HandRange::parse("AA < 60%").is_ok_and(|r| !r.is_empty()));
}

#[test]
fn pocket_query_extensions() {
    assert_eq!(count("Group1"), 28);
    assert_eq!(count("G1"), 28);
    same("G2-G4", "Group2, Group3, Group4");
    same("Group1-Group2", "G1, G2");
    assert_eq!(
        count("Group1")
            + count("G2")
            + count("G3")
            + count("G4")
            + count("G5")
            + count("G6")
            + count("G7")
            + count("G8")
            + count("Group9"),
        1326
    );
    same("GroupNone", "Group9");
    assert_eq!(count("Suited"), 312);
    assert_eq!(count("Offsuit"), 1014);
    assert_eq!(count("Pair"), 78);
    assert_eq!(count("Connected"), 13 * 16);
    same(
        "Connected Suited",
        "AKs, KQs, QJs, JTs, T9s, 98s, 87s, 76s, 65s, 54s, 43s, 32s, A2s",
    );
    same(
        "Gap1 Suited",
        "AQs, KJs, QTs, J9s, T8s, 97s, 86s, 75s, 64s, 53s, 42s, A3s",
    );
    same(
        "Gap2 Offsuit",
        "AJo, KTo, Q9o, J8o, T7o, 96o, 85o, 74o, 63o, 52o, A4o",
    );
    assert_eq!(count("Gap3"), 10 * 16);
    same("Ax", "A9o-A2o");
    same("Axo", "A9o-A2o");
    same("Axs", "A9s-A2s");
    same("Ax*", "A9s-A2s, A9o-A2o");
    assert_eq!(count("A?"), 6 + 12 * 16);
    same("A?s", "A2s+");
    same("AK Suited", "AKs");
    same("Suited AK", "AKs");
    same("QQ+ & Pair", "QQ+");
    // An intersection that leaves nothing is reported, not returned empty.
    assert_eq!(
        HandRange::parse("QQ+ And AK").unwrap_err().kind,
        RangeErrorKind::EmptyResult
    );
    same("AA | KK", "AA, KK");
    same("AA Or KK", "AA,KK");
    same("!AA", "Not AA");
    // Keywords are case-insensitive.
    same("group1 suited", "GROUP1 SUITED");
    same("NOT aa", "not AA");
}

#[test]
fn precedence() {
    // Not binds tight: everything but AA, plus KK.
    assert_eq!(count("Not AA, KK"), 1326 - 6);
    assert!(HandRange::parse("Not AA, KK").unwrap().contains(
        multiodds_engine::range::Combo::new("Kc".parse().unwrap(), "Kd".parse().unwrap()).unwrap()
    ));
    // The postfix filter binds tighter than Not: everything but AKs.
    assert_eq!(count("Not AK Suited"), 1326 - 4);
    // Juxtaposition and And bind tighter than Or.
    same("AK Suited, QQ", "AKs, QQ");
    same("Pair Group1, AKo", "JJ+, AKo");
    same("(AK, QQ) Suited", "AKs");
    same("AA, KK & Pair", "AA, KK");
}

#[test]
fn weights() {
    assert!((weight("AKs:0.5") - 2.0).abs() < 1e-6);
    assert!((weight("(QQ+,AK):0.25") - 34.0 * 0.25).abs() < 1e-6);
    // A combo named twice keeps the larger weight.
    assert!((weight("AKs:0.5, AKs:0.75") - 3.0).abs() < 1e-6);
    assert!((weight("AKs:0.5, AsKs") - 2.5).abs() < 1e-6);
    for bad in ["AKs:0", "AKs:1.5", "AKs:x", "AKs:", "AKs:-1"] {
        let e = HandRange::parse(bad).unwrap_err();
        assert_eq!(e.kind, RangeErrorKind::BadWeight, "{bad}");
    }
}

#[test]
fn board_and_dead_cards_remove_combos() {
    let r = HandRange::parse("AA").unwrap();
    let board = CardSet::parse("As 7d 2c").unwrap();
    assert_eq!(r.without_cards(board).combo_count(), 3);
    let both = CardSet::parse("As Ah Ad").unwrap();
    let e = r.remove_cards(both).unwrap_err();
    assert!(e.to_string().contains("blocked"), "{e}");
    assert_eq!(HandRange::random().without_cards(board).combo_count(), 1176);
}

#[test]
fn errors_name_token_and_column() {
    let e = HandRange::parse("AKx+").unwrap_err();
    assert_eq!(e.to_string(), "\"AKx+\" at column 3: unknown rank 'x'");
    let e = HandRange::parse("QQ++").unwrap_err();
    assert_eq!(e.caret("QQ++"), "QQ++\n   ^ '+' twice");
    let cases: &[(&str, usize, RangeErrorKind)] = &[
        ("", 1, RangeErrorKind::Empty),
        ("AA, ZZ", 5, RangeErrorKind::UnknownWord),
        ("AA,", 3, RangeErrorKind::ExpectedTerm),
        ("(AA, KK", 1, RangeErrorKind::MissingCloseParen),
        ("AA)", 3, RangeErrorKind::UnmatchedCloseParen),
        ("AKs-QJo", 4, RangeErrorKind::SpanMismatch),
        ("AK-Q2", 3, RangeErrorKind::SpanMismatch),
        ("AK+-AQ", 3, RangeErrorKind::SpanWithPlus),
        ("As", 1, RangeErrorKind::SingleCard),
        (
            "AsAs",
            3,
            RangeErrorKind::Card(multiodds_engine::cards::CardErrorKind::Duplicate),
        ),
        ("QQ, 150%", 5, RangeErrorKind::BadPercent),
        ("E > 2", 5, RangeErrorKind::BadEquity),
        ("AAs", 3, RangeErrorKind::PairWithSuit('A')),
        ("G3-G", 3, RangeErrorKind::SpanMismatch),
    ];
    for (text, column, kind) in cases {
        let e = HandRange::parse(text).unwrap_err();
        assert_eq!(&e.kind, kind, "{text}: {e}");
        assert_eq!(e.column, *column, "{text}: {e}");
    }
}

#[test]
fn canonical_text_is_compact() {
    let r = HandRange::parse("QQ+, AK").unwrap();
    assert_eq!(r.to_string(), "QQ+, AKs, AKo");
    assert_eq!(HandRange::parse("A2s-A5s").unwrap().to_string(), "A5s-A2s");
    assert_eq!(
        HandRange::parse("AsKs, AKo").unwrap().to_string(),
        "AKo, AsKs"
    );
    assert_eq!(
        HandRange::parse("AKs:0.5, 77").unwrap().to_string(),
        "77, AKs:0.5"
    );
    assert_eq!(HandRange::parse("any").unwrap().to_string(), "random");
}

#[test]
fn grid_projection() {
    let r = HandRange::parse("AKs:0.5, AsKh, QQ").unwrap();
    let grid = r.grid();
    assert_eq!((grid[0][1].present, grid[0][1].possible), (4, 4));
    assert!((grid[0][1].weight_sum - 2.0).abs() < 1e-6);
    assert_eq!((grid[1][0].present, grid[1][0].possible), (1, 12));
    assert_eq!((grid[2][2].present, grid[2][2].possible), (6, 6));
    assert_eq!(grid[5][5].present, 0);
}

/// A random weighted range: a few classes, some exact combos, some weights.
fn arb_range() -> impl Strategy<Value = HandRange> {
    prop::collection::vec(
        (
            0usize..1326,
            prop::sample::select(vec![1.0f32, 0.5, 0.25, 0.3, 0.75, 0.125]),
        ),
        1..60,
    )
    .prop_flat_map(|combos| {
        prop::collection::vec(
            (0usize..169, prop::sample::select(vec![1.0f32, 0.5, 0.1])),
            0..12,
        )
        .prop_map(move |classes| {
            let mut r = HandRange::empty();
            for (i, w) in &combos {
                r.set(multiodds_engine::range::Combo::from_index(*i).unwrap(), *w);
            }
            for (c, w) in &classes {
                for combo in HandClass::from_index(*c).combos() {
                    r.set(combo, *w);
                }
            }
            r
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]
    #[test]
    fn print_then_parse_is_identity(r in arb_range()) {
        let text = r.to_string();
        let back = HandRange::parse(&text).unwrap();
        prop_assert_eq!(back, r, "{}", text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100_000))]
    #[test]
    fn never_panics_and_errors_point_inside(text in "[AKQJT98765432xXsSoO?*+:%,|&!()<>=. 0-9a-zA-Z-]{0,24}") {
        if let Err(e) = HandRange::parse(&text) {
            let len = text.chars().count().max(1);
            prop_assert!(e.column >= 1 && e.column <= len, "{} -> {} (len {})", text, e, len);
        }
    }

    #[test]
    fn never_panics_on_any_unicode(text in "\\PC{0,16}") {
        if let Err(e) = HandRange::parse(&text) {
            prop_assert!(e.column >= 1 && e.column <= text.chars().count().max(1));
        }
    }
}

/// The grid's top-n% slider: ranked against one random hand it is the `n%` notation;
/// against three random hands it picks other classes (suited connectors rise, small
/// pairs fall: multiway they rarely win a showdown unimproved).
#[test]
fn top_percent_by_either_ranking() {
    use multiodds_engine::range::{top_percent_by, PreflopRanking};
    for percent in [5.0, 15.0, 40.0] {
        let one = top_percent_by(percent, PreflopRanking::VsOneRandom);
        assert_eq!(one, HandRange::parse(&format!("{percent}%")).unwrap());
        let three = top_percent_by(percent, PreflopRanking::VsThreeRandom);
        // Both stop at the first class that reaches the share.
        let target = percent / 100.0 * 1326.0;
        for r in [&one, &three] {
            let n = r.combo_count() as f64;
            assert!(n >= target && n < target + 12.0, "{percent}%: {n}");
        }
        assert_ne!(one, three, "{percent}%");
    }
    let one = top_percent_by(15.0, PreflopRanking::VsOneRandom);
    let three = top_percent_by(15.0, PreflopRanking::VsThreeRandom);
    let combo = |text: &str| HandRange::parse(text).unwrap().iter().next().unwrap().0;
    assert!(three.contains(combo("Js Ts")) && !one.contains(combo("Js Ts")));
    assert!(one.contains(combo("5s 5h")) && !three.contains(combo("5s 5h")));
}

/// `QQ+ AKs` (a space, as PokerStove and Equilab users type) holds nothing here, where
/// a space means "and": the message says so and offers the comma form.
#[test]
fn a_space_between_terms_that_hold_nothing_gets_the_comma_hint() {
    let e = HandRange::parse("QQ+ AKs").unwrap_err();
    assert_eq!(
        e.kind,
        multiodds_engine::range::RangeErrorKind::SpaceMeansAnd("QQ+, AKs".into())
    );
    assert!(e.to_string().contains("did you mean `QQ+, AKs`?"), "{e}");
    // Where "and" is meant and holds combos, nothing changes.
    assert_eq!(HandRange::parse("Group1 Suited").unwrap().combo_count(), 4);
    // An intersection that holds nothing gets the offer too (the union does hold
    // combos); inside parentheses the words are meant as written: no offer.
    assert_eq!(
        HandRange::parse("Pair Suited").unwrap_err().kind,
        multiodds_engine::range::RangeErrorKind::SpaceMeansAnd("Pair, Suited".into())
    );
    assert_eq!(
        HandRange::parse("(Pair Suited)").unwrap_err().kind,
        multiodds_engine::range::RangeErrorKind::EmptyResult
    );
}

/// Weights written before a group, as eval7 and Flop Ferret write them (no space before
/// the parenthesis): `80%(22-55)`, `0.4(AsKs)`, `.2(4s9s)`; with a space, `15% (…)` keeps
/// its meaning of the top 15 % and that group.
#[test]
fn weights_before_a_group_are_weights() {
    let r = HandRange::parse("80%(22-55)").unwrap();
    assert_eq!(r.combo_count(), 24);
    assert!(
        (r.total_weight() - 19.2).abs() < 1e-4,
        "{}",
        r.total_weight()
    );
    let r = HandRange::parse("ATs+, 20%(KQ)").unwrap();
    assert_eq!(r.combo_count(), 16 + 16);
    let kq = HandRange::parse("KhQd").unwrap().iter().next().unwrap().0;
    assert!((r.weight(kq) - 0.2).abs() < 1e-6);
    let r = HandRange::parse("10%(22-55)").unwrap();
    assert_eq!(r.combo_count(), 24);
    assert!((r.total_weight() - 2.4).abs() < 1e-4);
    assert!((HandRange::parse("0.4(AsKs)").unwrap().total_weight() - 0.4).abs() < 1e-6);
    assert!((HandRange::parse(".2(4s9s)").unwrap().total_weight() - 0.2).abs() < 1e-6);
    assert_eq!(HandRange::parse("15% (22-55)").unwrap().combo_count(), 6);
    let e = HandRange::parse("1.5(AK)").unwrap_err().to_string();
    assert!(e.contains("a weight is a number in (0, 1]"), "{e}");
}

#[test]
fn a_pair_with_a_suit_and_too_many_cards_say_what_to_write() {
    let e = HandRange::parse("88s").unwrap_err();
    assert_eq!(
        e.caret("88s"),
        "88s\n  ^ a pair has no suit: its two cards are always of two suits (write 88)"
    );
    let e = HandRange::parse("AhKhQh").unwrap_err().to_string();
    assert!(e.contains("a hand takes exactly 2 cards, got 3"), "{e}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Written for other tools (`0.4(…)` groups) and read back: the same combos and
    /// weights.
    #[test]
    fn other_tools_text_reads_back_the_same(
        picks in proptest::collection::vec((0usize..1326, 0usize..4), 1..60)
    ) {
        let weights = [1.0f32, 0.5, 0.25, 0.8];
        let mut range = HandRange::empty();
        for (combo, w) in picks {
            range.set(multiodds_engine::range::Combo::from_index(combo).unwrap(), weights[w]);
        }
        let text = range.to_other_tools_text();
        let back = HandRange::parse(&text).unwrap();
        for (c, w) in range.iter() {
            proptest::prop_assert_eq!(back.weight(c), w, "{}", text);
        }
        proptest::prop_assert_eq!(back.combo_count(), range.combo_count());
    }
}

#[test]
fn other_tools_text_writes_weights_as_groups() {
    let r = HandRange::parse("QQ+, AKs:0.5, 22:0.5").unwrap();
    assert_eq!(r.to_other_tools_text(), "QQ+, 0.5(22, AKs)");
}

/// Equilab's weight tags read in both forms it writes: a percentage (`[80]`) and a
/// fraction with a decimal point (`[0.8]`); a tag that does not close, or closes
/// another, is refused at its place.
#[test]
fn equilab_weight_tags() {
    let tagged = HandRange::parse("[80]55-22[/80], AKs").unwrap();
    let plain = HandRange::parse("55-22:0.8, AKs").unwrap();
    assert_eq!(tagged, plain);
    same("[0.8]55-22[/0.8]", "55-22:0.8");
    same("[12.5]AA,KK[/12.5],QQ", "AA:0.125, KK:0.125, QQ");
    same("[100]AKo[/100]", "AKo");
    // `[1]` and `[1.0000]` are one percent, as Equilab writes them.
    same("[1]AKo[/1]", "AKo:0.01");
    same("[1.0000]AKo[/1.0000]", "AKo:0.01");
    for (text, kind, column) in [
        ("[80]55-22", RangeErrorKind::TagNotClosed("[/80]".into()), 1),
        (
            "[80]55-22[/50]",
            RangeErrorKind::TagMismatch("[/80]".into()),
            10,
        ),
        ("[abc]AA[/abc]", RangeErrorKind::BadTag, 1),
        ("[0]AA[/0]", RangeErrorKind::BadTag, 1),
        ("[150]AA[/150]", RangeErrorKind::BadTag, 1),
        ("AA[/80]", RangeErrorKind::BadTag, 3),
        ("[80AA", RangeErrorKind::BadTag, 1),
    ] {
        let e = HandRange::parse(text).unwrap_err();
        assert_eq!((e.kind, e.column), (kind, column), "{text}");
    }
}

/// Copy writes the notation of the tool the user names, and each reads back: MultiOdds'
/// exactly, Equilab's within its four decimals of a percent, PokerStove's as the same
/// combos (it has no weights).
#[test]
fn every_tool_notation_reads_back() {
    use multiodds_engine::range::RangeNotation;
    let range = HandRange::parse("QQ+, AKs, [80]55-22[/80], AsKh:0.333333, T9s:0.05").unwrap();
    let equilab = range.to_notation(RangeNotation::Equilab);
    assert!(equilab.contains("[80]55-22[/80]"), "{equilab}");
    let back = HandRange::parse(&equilab).unwrap();
    for (combo, w) in range.iter() {
        assert!((back.weight(combo) - w).abs() < 5e-7, "{combo}: {equilab}");
    }
    assert_eq!(back.combo_count(), range.combo_count());
    let ours = range.to_notation(RangeNotation::MultiOdds);
    assert_eq!(HandRange::parse(&ours).unwrap(), range);
    let stove = range.to_notation(RangeNotation::PokerStove);
    assert!(!stove.contains(['(', ':', '[']), "{stove}");
    let support = HandRange::parse(&stove).unwrap();
    assert_eq!(support.combo_count(), range.combo_count());
    assert!(support.iter().all(|(_, w)| w == 1.0));
}

/// A whole weighted range as a solver or Equilab exports it — every one of the 1,326
/// combos with a six-decimal weight, about 40 KB — reads whole; text over the limit is
/// refused with its length and the limit named, never cut.
#[test]
fn whole_exports_read_and_longer_text_is_refused() {
    use multiodds_engine::range::{Combo, MAX_RANGE_TEXT};
    // Weights from 1 % up: a tag below 1 with a decimal point reads as a fraction.
    let weight_of = |i: usize| ((i * 7919) % 990_000 + 10_000) as f64 / 1e6;
    let equilab: Vec<String> = Combo::all()
        .enumerate()
        .map(|(i, c)| {
            let p = format!("{:.4}", 100.0 * weight_of(i));
            format!("[{p}]{c}[/{p}]")
        })
        .collect();
    let text = equilab.join(", ");
    assert!(text.len() > 32_000, "{}", text.len());
    let range = HandRange::parse(&text).unwrap();
    assert_eq!(range.combo_count(), 1326);
    for (i, c) in Combo::all().enumerate() {
        assert!(
            (f64::from(range.weight(c)) - weight_of(i)).abs() < 1e-6,
            "{c}"
        );
    }
    let solver: Vec<String> = Combo::all()
        .enumerate()
        .map(|(i, c)| format!("{c}:{:.6}", weight_of(i)))
        .collect();
    let solver = solver.join(",");
    assert_eq!(HandRange::parse(&solver).unwrap().combo_count(), 1326);
    // Seven such exports joined still read; past the limit the text is refused whole.
    let seven = [text.as_str(); 7].join(", ");
    assert!(seven.len() <= MAX_RANGE_TEXT, "{}", seven.len());
    assert_eq!(HandRange::parse(&seven).unwrap().combo_count(), 1326);
    let over = format!("{seven}, {}", "AA, ".repeat(MAX_RANGE_TEXT / 4));
    let e = HandRange::parse(&over).unwrap_err();
    assert_eq!(e.kind, RangeErrorKind::TooLong(over.len()));
    assert!(e
        .kind
        .to_string()
        .contains("at most 262144 bytes (256 KiB)"));
}

/// A control character (a NUL from a binary paste) is refused at its column in every
/// game's ranges, never read past.
#[test]
fn control_characters_are_refused() {
    use multiodds_engine::cards::Game;
    use multiodds_engine::range::HoleRange;
    let e = HoleRange::parse("AAxx,\u{0}KKxx", Game::OMAHA).unwrap_err();
    assert_eq!(e.column, 6);
    assert!(e.to_string().contains("control character (U+0000)"), "{e}");
    assert!(HandRange::parse("AA,\u{0}KK").is_err());
}

/// `xxxx` (as many x as hole cards) is every hand: the same range as `random`, so it is
/// dealt as random is instead of listed.
#[test]
fn all_x_patterns_are_random() {
    use multiodds_engine::cards::Game;
    use multiodds_engine::range::HoleRange;
    for (text, game) in [
        ("xxxx", Game::OMAHA),
        ("XXXXX", Game::OMAHA5),
        ("xxxxxx", Game::OMAHA6_HILO),
    ] {
        let r = HoleRange::parse(text, game).unwrap();
        assert!(r.is_random(), "{text}");
        assert_eq!(r, HoleRange::parse("random", game).unwrap());
    }
    // A weight keeps it a listed range (its weight matters beside other terms).
    assert!(!HoleRange::parse("AAxx, xxxx:0.5", Game::OMAHA)
        .unwrap()
        .is_random());
}
