//! Heads-up exact enumeration where one seat holds a few hands and the other a wide
//! range (any two cards, or weights per combo): the wide side tallied by rank, not combo
//! by combo, away from the flush.

use super::{Card, CardSet, Hand, HandValue, HeadsUpState, Hole};

/// The wide side of a heads-up matchup: one weight for every live combo (any two
/// cards), or a weight per combo index.
pub(super) enum WideWeights {
    Uniform(f64),
    PerCombo(Vec<f64>),
}

/// What one fixed hand meets on one board: the wide side's weight it beats, ties, in
/// all, the wide side's categories when it wins or ties, and the live pairs.
#[derive(Default)]
pub(super) struct WideTally {
    beaten: f64,
    tied: f64,
    total: f64,
    types: [f64; 9],
    deals: u64,
}

impl WideTally {
    /// `w` of wide weight, over `n` live pairs, all holding value `v`.
    #[inline]
    pub(super) fn add(&mut self, hero: HandValue, v: HandValue, w: f64, n: u64) {
        self.total += w;
        self.beaten += w * (hero > v) as u8 as f64;
        self.tied += w * (hero == v) as u8 as f64;
        self.types[v.category() as usize] += w * (v >= hero) as u8 as f64;
        self.deals += n;
    }
}

/// Seat `fixed` holds `hole`; the other seat's combos are every pair of live cards
/// (`deck` less `blocked`: the board and the hole's cards), weighted by `wide`.
///
/// Without a flush in play, a seventh card's suit does not matter: for each sixth card
/// the wide side's value depends only on the seventh card's rank, so the showdowns of a
/// rank are tallied at once (13 comparisons per sixth card, plus the cards of a suit
/// that can still make a flush). With uniform weights the count of earlier cards by
/// rank and suit is kept as the sixth card advances, so no seventh card is visited.
#[allow(clippy::too_many_arguments)]
pub(super) fn fixed_against_wide(
    fixed: usize,
    hole: &Hole,
    wide: &WideWeights,
    deck: &[Card],
    board: Hand,
    blocked: CardSet,
    class: f64,
    st: &mut HeadsUpState,
) {
    let hero = board.combine(hole.hand).evaluate();
    let mut live = [Card::from_index(0).expect("card"); 52];
    let mut n = 0;
    for &c in deck {
        if !blocked.contains(c) {
            live[n] = c;
            n += 1;
        }
    }
    let mut t = WideTally::default();
    // Earlier live cards (those below the sixth card), by suit and rank.
    let mut seen = [[false; 13]; 4];
    for i in 0..n {
        let hi = live[i];
        if i > 0 {
            let six = board.add(hi);
            let row = hi.index() * (hi.index() - 1) / 2;
            if i < 16 {
                // Few earlier cards: evaluate each.
                for &lo in &live[..i] {
                    let w = match wide {
                        WideWeights::Uniform(w) => *w,
                        WideWeights::PerCombo(ws) => ws[row + lo.index()],
                    };
                    // SAFETY: a five-card board and two cards.
                    let v = unsafe { six.add(lo).evaluate_unchecked() };
                    t.add(hero, v, w, (w > 0.0) as u64);
                }
            } else {
                let flush_suit = (0..4u8).find(|&s| six.suit_count(s) >= 4);
                let spare_suit = (0..4u8).min_by_key(|&s| six.suit_count(s)).unwrap_or(0);
                // The value of the seventh card of each rank (a rank the six cards
                // hold four times has no live card left).
                let by_rank: [HandValue; 13] = std::array::from_fn(|r| {
                    let r = r as u8;
                    if six.rank_count(r) < 4 {
                        // SAFETY: six cards and one more of a rank they hold fewer than four times: seven, at most four of a rank.
                        unsafe { six.add(Card::new(r, spare_suit)).evaluate_unchecked() }
                    } else {
                        HandValue::default()
                    }
                });
                match wide {
                    WideWeights::Uniform(w) => {
                        for (r, &v) in by_rank.iter().enumerate() {
                            let count = (0..4u8)
                                .filter(|&s| Some(s) != flush_suit && seen[s as usize][r])
                                .count() as u64;
                            if count > 0 {
                                t.add(hero, v, *w * count as f64, count);
                            }
                        }
                        if let Some(fs) = flush_suit {
                            for r in 0..13u8 {
                                if seen[fs as usize][r as usize] {
                                    let seven = six.add(Card::new(r, fs));
                                    // SAFETY: six cards and one more of a live rank: seven, at most four of a rank.
                                    t.add(hero, unsafe { seven.evaluate_unchecked() }, *w, 1);
                                }
                            }
                        }
                    }
                    WideWeights::PerCombo(ws) => {
                        let mut by_rank_weight = [0.0f64; 13];
                        let mut by_rank_deals = [0u64; 13];
                        for &lo in &live[..i] {
                            let w = ws[row + lo.index()];
                            if Some(lo.suit()) == flush_suit {
                                // SAFETY: six cards (a board of five and the hero's card) and one more: seven.
                                let v = unsafe { six.add(lo).evaluate_unchecked() };
                                t.add(hero, v, w, (w > 0.0) as u64);
                            } else {
                                by_rank_weight[lo.rank() as usize] += w;
                                by_rank_deals[lo.rank() as usize] += (w > 0.0) as u64;
                            }
                        }
                        for r in 0..13 {
                            if by_rank_deals[r] > 0 {
                                t.add(hero, by_rank[r], by_rank_weight[r], by_rank_deals[r]);
                            }
                        }
                    }
                }
            }
        }
        seen[hi.suit() as usize][hi.rank() as usize] = true;
    }
    credit_fixed(fixed, hole, hero, &t, class, st);
}

/// Credits the fixed seat's showdowns on one board (`t`, from its hand `hero`) to both
/// seats.
pub(super) fn credit_fixed(
    fixed: usize,
    hole: &Hole,
    hero: HandValue,
    t: &WideTally,
    class: f64,
    st: &mut HeadsUpState,
) {
    let wf = hole.weight * class;
    let lost = t.total - t.beaten - t.tied;
    let f = &mut st.sums[fixed];
    f.weight += wf * t.total;
    f.win += wf * t.beaten;
    f.tie += wf * t.tied;
    f.equity += wf * (t.beaten + t.tied / 2.0);
    f.hand_types[hero.category() as usize] += wf * (t.beaten + t.tied);
    let o = &mut st.sums[1 - fixed];
    o.weight += wf * t.total;
    o.win += wf * lost;
    o.tie += wf * t.tied;
    o.equity += wf * (lost + t.tied / 2.0);
    for (x, y) in o.hand_types.iter_mut().zip(t.types) {
        *x += wf * y;
    }
    st.deals += t.deals * class as u64;
}

/// A few fixed hands against any two cards on a board with at most three cards of a
/// suit: away from the flush the wide side's value depends only on its two ranks, so
/// each of the 91 rank pairs is evaluated once per board (and shared by the fixed
/// hands) and weighted by how many live combos hold it; the combos that make a flush
/// (both cards of the board's three-card suit) are evaluated one by one.
/// Returns false, doing nothing, on a board with four or five cards of a suit.
pub(super) fn few_against_random_by_ranks(
    fixed: usize,
    holes: &[Hole],
    deck: &[Card],
    board: Hand,
    full: CardSet,
    class: f64,
    st: &mut HeadsUpState,
) -> bool {
    let suit_counts: [u8; 4] = std::array::from_fn(|s| board.suit_count(s as u8));
    if suit_counts.iter().any(|&c| c >= 4) {
        return false;
    }
    let flush_suit = (0..4u8).find(|&s| suit_counts[s as usize] == 3);
    // The value of each rank pair away from the flush (computed on first use).
    let mut values = [[None::<HandValue>; 13]; 13];
    let mut value = |r1: u8, r2: u8| -> HandValue {
        let (lo, hi) = (r1.min(r2), r1.max(r2));
        *values[lo as usize][hi as usize].get_or_insert_with(|| {
            // Two distinct cards of these ranks, off the board, not both of the flush
            // suit: any such pair has the same value.
            let off_board = |r: u8, s: u8| !full.contains(Card::new(r, s));
            let mut best = None;
            'outer: for sa in 0..4u8 {
                if !off_board(lo, sa) {
                    continue;
                }
                for sb in 0..4u8 {
                    let distinct = lo != hi || sa != sb;
                    let flush = Some(sa) == flush_suit && Some(sb) == flush_suit;
                    if distinct && !flush && off_board(hi, sb) {
                        best = Some((sa, sb));
                        break 'outer;
                    }
                }
            }
            let (sa, sb) = best.expect("a live rank pair has two such cards");
            board
                .add(Card::new(lo, sa))
                .add(Card::new(hi, sb))
                .evaluate()
        })
    };
    for hole in holes.iter().filter(|h| !h.set.intersects(full)) {
        let hero = board.combine(hole.hand).evaluate();
        let blocked = full.union(hole.set);
        // Live cards by rank, and whether the flush suit's card of a rank is live.
        let mut by_rank = [0u64; 13];
        let mut flush_live = [false; 13];
        let mut flush_cards = [Card::new(0, 0); 13];
        let mut n_flush = 0;
        for &c in deck {
            if !blocked.contains(c) {
                by_rank[c.rank() as usize] += 1;
                if Some(c.suit()) == flush_suit {
                    flush_live[c.rank() as usize] = true;
                    flush_cards[n_flush] = c;
                    n_flush += 1;
                }
            }
        }
        let mut t = WideTally::default();
        for r1 in 0..13u8 {
            let n1 = by_rank[r1 as usize];
            if n1 == 0 {
                continue;
            }
            // A pair: two cards of one rank are never both of the flush suit.
            let pairs = n1 * (n1 - 1) / 2;
            if pairs > 0 {
                t.add(hero, value(r1, r1), pairs as f64, pairs);
            }
            for r2 in r1 + 1..13u8 {
                let both_flush = (flush_live[r1 as usize] && flush_live[r2 as usize]) as u64;
                let count = n1 * by_rank[r2 as usize] - both_flush;
                if count > 0 {
                    t.add(hero, value(r1, r2), count as f64, count);
                }
            }
        }
        for i in 0..n_flush {
            for j in 0..i {
                let v = board.add(flush_cards[i]).add(flush_cards[j]).evaluate();
                t.add(hero, v, 1.0, 1);
            }
        }
        credit_fixed(fixed, hole, hero, &t, class, st);
    }
    true
}
