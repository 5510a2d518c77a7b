use super::*;

#[test]
fn multiset_indices_are_dense_and_distinct() {
    for size in 0..=5 {
        let mut seen = vec![false; multisets(size)];
        // Caps of 5: every multiset, five of a rank included.
        for_each_multiset(&[5; 13], size, &mut |ranks, _| {
            let i = multiset_index(ranks);
            assert!(!seen[i], "index {i} twice");
            seen[i] = true;
        });
        assert!(seen.iter().all(|&s| s), "size {size}");
    }
}

#[test]
fn multisets_count_every_card_set_once() {
    // Σ over multisets of Π C(avail, copies) = C(Σ avail, size).
    let mut available = [4u8; 13];
    available[0] = 1;
    available[5] = 0;
    available[12] = 3;
    let cards: usize = available.iter().map(|&a| a as usize).sum();
    for size in 0..=5 {
        let mut total = 0;
        for_each_multiset(&available, size, &mut |_, c| total += c);
        assert_eq!(total, binomial(cards, size), "size {size}");
    }
}

#[test]
fn subsets_are_all_there() {
    let items = [1u8, 4, 6, 9, 11];
    for size in 0..=5 {
        let mut count = 0;
        for_each_subset(&items, size, &mut |s| {
            assert!(s.windows(2).all(|w| w[0] < w[1]));
            count += 1;
        });
        assert_eq!(count, binomial(5, size), "size {size}");
    }
}

#[test]
fn a_walk_through_dead_ends_stops_at_its_step_budget() {
    // 23 interchangeable seats of any two cards take their combos in increasing
    // order and meet long dead ends before any deal: the walk gives up (the
    // estimate then extrapolates) instead of searching for ever.
    let m = Matchup::new(
        vec![crate::range::HandRange::random(); 23],
        CardSet::parse("2c 7d 9h 3s 4c").unwrap(),
        CardSet::EMPTY,
    )
    .unwrap();
    let ctx = Context::of(&m);
    assert_eq!(ctx.groups, vec![(0..23).collect::<Vec<_>>()]);
    let limits = FoldLimits {
        deals: COUNTED_DEALS,
        bytes: ESTIMATE_MEMORY,
    };
    assert!(classes(&m, &ctx, limits, &RunControl::new()).is_err());
}

#[test]
fn lcm_of_small_counts() {
    assert_eq!(lcm_up_to(3), 6);
    assert_eq!(lcm_up_to(10), 2520);
    assert_eq!(lcm_up_to(23), 5_354_228_880);
}
