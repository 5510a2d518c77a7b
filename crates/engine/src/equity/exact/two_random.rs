//! Three or more seats, two of them any two cards (`random`), board outside: the two
//! random seats are *counted together*, not walked.
//!
//! On a runout the live combos are valued once and sorted. For each deal of the other
//! (walked) seats, with best value `B` held by `t` of them, one ascending sweep over
//! the combos the deal leaves counts the ordered pairs of disjoint combos the random
//! seats can hold, by how each pair's values fall against `B` and each other. A pair
//! (x, y) disjoint from each other is counted by inclusion–exclusion on cards: of the
//! combos below x's value, those holding one of x's two cards are taken off (none holds
//! both: that is x itself). Pairs of a set A with a set B (ordered, sharing no card)
//! number `|A|·|B| − Σ_c A_c·B_c + |A ∩ B|`, with `A_c` the members holding card c.
//!
//! So a runout costs one evaluation per combo and one pass over them per walked deal,
//! where walking one random seat and counting the other costs a search per combo
//! (`counted`): three-way preflop against two random hands in seconds, not minutes.

use super::{
    best_after, canonical_runout, holes, merge_threads, runout_classes, runout_deck, score_sorted,
    symmetry, Hole, Scored,
};
use crate::cards::CardSet;
use crate::equity::deals::{count_deals_of, par_completions};
use crate::equity::memory::ExactCost;
use crate::equity::{Matchup, MatchupTally, RunControl, SeatSums};
use crate::eval::{Hand, HandValue};

/// One sorted combo in a pass per walked deal, in evaluations' worth of work (measured:
/// about 2 ns, on `AKs` against two random hands preflop, four passes a runout).
const PASS_COMBO_COST: f64 = 0.35;

/// Valuing and sorting one combo on a runout, in evaluations' worth (about 9 ns,
/// measured with `AsKs`, one pass a runout).
const SORT_COMBO_COST: f64 = 1.4;

/// A runout's fixed work, in evaluations' worth.
const RUNOUT_COST: f64 = 40.0;

/// The two random seats counted together, when this enumeration applies: three or
/// more seats, all in the showdown, two of them random.
fn counted_pair(m: &Matchup) -> Option<[usize; 2]> {
    let mut random = (0..m.seats.len()).filter(|&i| m.seats[i].is_random);
    let pair = [random.next()?, random.next()?];
    (m.seats.len() >= 3 && m.showdown_seats == m.seats.len()).then_some(pair)
}

/// The seats walked deal by deal (every seat but the counted pair), narrowest first.
fn walked_seats(m: &Matchup, pair: [usize; 2]) -> Vec<usize> {
    let mut walked: Vec<usize> = (0..m.seats.len()).filter(|i| !pair.contains(i)).collect();
    walked.sort_by_key(|&i| m.seats[i].len());
    walked
}

/// What a run costs, `None` when it does not apply: per runout class, the random
/// combos valued and sorted, and one pass over them per walked deal (counted up to
/// 20 million; past that the product of the walked seats' combos).
pub(super) fn cost(m: &Matchup) -> Option<ExactCost> {
    let pair = counted_pair(m)?;
    let walked: Vec<_> = walked_seats(m, pair).iter().map(|&i| &m.seats[i]).collect();
    let deals = count_deals_of(&walked, m.board.union(m.dead), 20_000_000)
        .map(|d| d as f64)
        .unwrap_or_else(|| walked.iter().map(|s| s.len() as f64).product());
    let runouts = runout_classes(m, runout_deck(m).len(), &symmetry(m));
    let combos = m.seats[pair[0]].len() as f64;
    let walked_combos: usize = walked.iter().map(|s| s.len()).sum();
    Some(ExactCost {
        evaluations: runouts
            * (RUNOUT_COST
                + walked_combos as f64
                + combos * SORT_COMBO_COST
                + deals * combos * PASS_COMBO_COST),
        // Per thread: the sorted combos (value, cards, set) and the walked seats' live
        // combos.
        bytes: ((combos as usize * 24 + walked_combos * 48) * rayon::current_num_threads()) as f64,
    })
}

/// The random seats' live combos on one runout, sorted by value.
#[derive(Default)]
struct Sorted {
    scored: Vec<Scored>,
    scratch: Vec<Scored>,
    values: Vec<HandValue>,
    sets: Vec<CardSet>,
    cards: Vec<[u8; 2]>,
}

impl Sorted {
    fn prepare(&mut self, holes: &[Hole], board: Hand, blocked: CardSet) {
        score_sorted(holes, board, blocked, &mut self.scored, &mut self.scratch);
        self.values.clear();
        self.sets.clear();
        self.cards.clear();
        for s in &self.scored {
            let hole = &holes[s.index()];
            self.values.push(s.value());
            self.sets.push(hole.set);
            self.cards.push(hole.cards);
        }
    }
}

/// How the random pair falls against one walked deal: ordered pairs of disjoint combos
/// in all, those the walked best wins or shares (by how many random hands share it),
/// and one random seat's own figures (the other's are the same: the pairs are ordered).
#[derive(Default)]
struct PairCounts {
    pairs: u64,
    /// Both random hands below the walked best, one at it and one below (both
    /// orders), both at it.
    both_below: u64,
    one_at: u64,
    both_at: u64,
    /// One random seat: pairs it wins alone, shares, and its share of the pot; the
    /// pairs it wins or shares by its category.
    win: u64,
    tie: u64,
    equity: f64,
    hand_types: [u64; 9],
}

/// Per-card counts of the combos passed so far, and of the current value's group.
struct Pass {
    below: [u32; 52],
    group: [u32; 52],
}

/// Σ_c a_c · b_c over the 52 cards.
fn card_dot(a: &[u32; 52], b: &[u32; 52]) -> u64 {
    a.iter().zip(b).map(|(&x, &y)| x as u64 * y as u64).sum()
}

/// Ordered pairs of disjoint combos of one set: `n² − Σ_c n_c² + n`.
fn self_pairs(n: u64, cards: &[u32; 52]) -> u64 {
    n * n + n - card_dot(cards, cards)
}

/// One ascending pass over the random combos the deal leaves (none of `used`), against
/// the walked best `best` held by `ties` walked seats.
fn count_pairs(
    s: &Sorted,
    used: CardSet,
    best: HandValue,
    ties: u32,
    pass: &mut Pass,
) -> PairCounts {
    let mut out = PairCounts::default();
    pass.below = [0; 52];
    let mut below = 0u64;
    let mut reached_best = false;
    let n = s.values.len();
    let mut i = 0;
    let t = ties as f64;
    while i < n {
        let v = s.values[i];
        let mut j = i + 1;
        while j < n && s.values[j] == v {
            j += 1;
        }
        let live = (i..j).filter(|&k| !s.sets[k].intersects(used));
        let mut group = 0u64;
        for k in live.clone() {
            let [a, b] = s.cards[k];
            pass.group[a as usize] += 1;
            pass.group[b as usize] += 1;
            group += 1;
        }
        if group > 0 {
            if !reached_best && v >= best {
                reached_best = true;
                let l = self_pairs(below, &pass.below);
                out.both_below = l;
                if v == best {
                    out.one_at = 2 * (below * group - card_dot(&pass.below, &pass.group));
                    out.both_at = self_pairs(group, &pass.group);
                }
            }
            if v >= best {
                // Each combo of the group against the combos below it and beside it.
                let (mut less, mut equal) = (0u64, 0u64);
                for k in live.clone() {
                    let [a, b] = s.cards[k];
                    let (a, b) = (a as usize, b as usize);
                    less += below - (pass.below[a] + pass.below[b]) as u64;
                    equal += group + 1 - (pass.group[a] + pass.group[b]) as u64;
                }
                let (less_f, equal_f) = (less as f64, equal as f64);
                if v > best {
                    out.win += less;
                    out.tie += equal;
                    out.equity += less_f + equal_f / 2.0;
                } else {
                    out.tie += less + equal;
                    out.equity += less_f / (t + 1.0) + equal_f / (t + 2.0);
                }
                out.hand_types[v.category() as usize] += less + equal;
            }
            for k in live {
                let [a, b] = s.cards[k];
                pass.group[a as usize] = 0;
                pass.group[b as usize] = 0;
                pass.below[a as usize] += 1;
                pass.below[b as usize] += 1;
            }
            below += group;
        }
        i = j;
    }
    out.pairs = self_pairs(below, &pass.below);
    if !reached_best {
        // Every combo is below the walked best.
        out.both_below = out.pairs;
    }
    out
}

/// A walked seat's combo live on the current runout.
#[derive(Clone, Copy)]
struct Live {
    set: CardSet,
    weight: f64,
    value: HandValue,
}

/// One thread's sums and scratch.
struct Thread {
    sums: Vec<SeatSums>,
    deals: u64,
    sorted: Sorted,
    pass: Pass,
    live: Vec<Vec<Live>>,
    values: Vec<HandValue>,
}

/// The walk over one runout's deals of the walked seats.
struct Walk<'a> {
    walked: &'a [usize],
    pair: [usize; 2],
    live: &'a [Vec<Live>],
    sorted: &'a Sorted,
    pass: &'a mut Pass,
    sums: &'a mut [SeatSums],
    values: &'a mut [HandValue],
    deals: u64,
}

impl Walk<'_> {
    fn walk(&mut self, depth: usize, used: CardSet, w: f64, best: HandValue, ties: u32) {
        if depth == self.walked.len() {
            return self.credit(used, w, best, ties);
        }
        for x in &self.live[depth] {
            if x.set.intersects(used) {
                continue;
            }
            self.values[depth] = x.value;
            let (best, ties) = best_after(depth == 0, best, ties, x.value);
            self.walk(depth + 1, used.union(x.set), w * x.weight, best, ties);
        }
    }

    /// Credits one walked deal of weight `w` (its cards `used`) against every pair.
    fn credit(&mut self, used: CardSet, w: f64, best: HandValue, ties: u32) {
        let c = count_pairs(self.sorted, used, best, ties, self.pass);
        if c.pairs == 0 {
            return;
        }
        self.deals += c.pairs;
        let all = w * c.pairs as f64;
        let t = ties as f64;
        for (depth, &seat) in self.walked.iter().enumerate() {
            let sums = &mut self.sums[seat];
            sums.weight += all;
            if self.values[depth] == best {
                let (below, at, both_at) = (c.both_below as f64, c.one_at as f64, c.both_at as f64);
                if ties == 1 {
                    sums.win += w * below;
                } else {
                    sums.tie += w * below;
                }
                sums.tie += w * (at + both_at);
                sums.equity += w * (below / t + at / (t + 1.0) + both_at / (t + 2.0));
                sums.hand_types[best.category() as usize] += w * (below + at + both_at);
            }
        }
        for seat in self.pair {
            let sums = &mut self.sums[seat];
            sums.weight += all;
            sums.win += w * c.win as f64;
            sums.tie += w * c.tie as f64;
            sums.equity += w * c.equity;
            for (h, &n) in sums.hand_types.iter_mut().zip(&c.hand_types) {
                *h += w * n as f64;
            }
        }
    }
}

/// Runs the enumeration; cancel is checked on every runout. Panics when it does not
/// apply (`counted_pair`).
pub(super) fn run(m: &Matchup, cancel: &RunControl) -> MatchupTally {
    let n = m.seats.len();
    let pair = counted_pair(m).expect("two random seats");
    let walked = walked_seats(m, pair);
    let seat_holes: Vec<Vec<Hole>> = (0..n).map(|s| holes(m, s)).collect();
    let (deck, sym) = (runout_deck(m), symmetry(m));
    let board_hand = Hand::from_cards(&m.board.iter().collect::<Vec<_>>());
    let total = cost(m).expect("two random seats").evaluations;
    let runout_cost = (total / runout_classes(m, deck.len(), &sym)).round() as u64;
    let threads = par_completions(
        &deck,
        m.cards_to_come(),
        cancel,
        || Thread {
            sums: vec![SeatSums::new(); n],
            deals: 0,
            sorted: Sorted::default(),
            pass: Pass {
                below: [0; 52],
                group: [0; 52],
            },
            live: vec![Vec::new(); walked.len()],
            values: vec![HandValue::default(); walked.len()],
        },
        |t, completion, completion_set| {
            let Some((full, class)) = canonical_runout(m, &sym, cancel, completion_set) else {
                return;
            };
            cancel.progress().add_work(runout_cost);
            let board = board_hand.combine(completion);
            let blocked = full.union(m.dead);
            for (live, &seat) in t.live.iter_mut().zip(&walked) {
                live.clear();
                for hole in seat_holes[seat]
                    .iter()
                    .filter(|h| !h.set.intersects(blocked))
                {
                    live.push(Live {
                        set: hole.set,
                        weight: hole.weight,
                        // SAFETY: five board cards and two hole cards.
                        value: unsafe { board.combine(hole.hand).evaluate_unchecked() },
                    });
                }
            }
            t.sorted.prepare(&seat_holes[pair[0]], board, blocked);
            let mut walk = Walk {
                walked: &walked,
                pair,
                live: &t.live,
                sorted: &t.sorted,
                pass: &mut t.pass,
                sums: &mut t.sums,
                values: &mut t.values,
                deals: 0,
            };
            walk.walk(0, blocked, class as f64, HandValue::default(), 0);
            t.deals += walk.deals * class as u64;
        },
    );
    merge_threads(n, threads.iter().map(|t| (&t.sums[..], t.deals)))
}

#[cfg(test)]
mod tests {
    use super::super::assert_same_tallies;
    use super::*;
    use crate::cards::Card;
    use crate::equity::tally::credit_showdown;
    use crate::range::HandRange;

    fn matchup(ranges: &[&str], board: &str, dead: &str) -> Matchup {
        Matchup::new(
            ranges
                .iter()
                .map(|s| HandRange::parse(s).unwrap())
                .collect(),
            CardSet::parse(board).unwrap(),
            CardSet::parse(dead).unwrap(),
        )
        .unwrap()
    }

    /// Every runout and every deal of every seat, one showdown at a time: the oracle.
    fn brute_force(m: &Matchup) -> MatchupTally {
        struct Oracle<'a> {
            m: &'a Matchup,
            values: Vec<HandValue>,
            sums: Vec<SeatSums>,
            deals: u64,
        }
        impl Oracle<'_> {
            fn deal(&mut self, board: Hand, seat: usize, used: CardSet, w: f64) {
                if seat == self.m.seats.len() {
                    credit_showdown(&self.values, w, &mut self.sums);
                    self.deals += 1;
                    return;
                }
                let s = &self.m.seats[seat];
                for i in 0..s.len() {
                    if s.sets[i].intersects(used) {
                        continue;
                    }
                    let (a, b) = s.combos[i].cards();
                    self.values.push(board.add(a).add(b).evaluate());
                    self.deal(board, seat + 1, used.union(s.sets[i]), w * s.weights[i]);
                    self.values.pop();
                }
            }
        }
        let mut oracle = Oracle {
            m,
            values: Vec::new(),
            sums: vec![SeatSums::new(); m.seats.len()],
            deals: 0,
        };
        let blocked = m.board.union(m.dead);
        let board: Vec<Card> = m.board.iter().collect();
        match m.cards_to_come() {
            0 => oracle.deal(Hand::from_cards(&board), 0, blocked, 1.0),
            1 => {
                for c in blocked.complement().iter() {
                    let full: Vec<Card> = board.iter().copied().chain([c]).collect();
                    oracle.deal(
                        Hand::from_cards(&full),
                        0,
                        blocked.union(CardSet::from_cards(&[c]).unwrap()),
                        1.0,
                    );
                }
            }
            _ => unreachable!("tests enumerate turns and rivers"),
        }
        MatchupTally {
            attempts: 0,
            deals: oracle.deals,
            seats: oracle.sums.into_iter().map(SeatSums::into_tally).collect(),
            hits: None,
        }
    }

    /// Known hands and narrow ranges against two random hands on rivers and a turn, with
    /// dead cards, boards that split (a straight flush on board, quads), and the random
    /// seats anywhere: the same deals and figures as every showdown one by one.
    #[test]
    fn counts_every_deal_as_the_brute_force_does() {
        let cases: &[(&[&str], &str, &str)] = &[
            (&["AsKs", "random", "random"], "Qs Ts 5c 2d 2h", ""),
            (&["random", "7h7d", "random"], "7c 2s 2d 9h 9c", "Ah"),
            (&["22, AKs", "random", "random"], "Kd Qd Jd Td 9d", ""),
            (
                &["random", "random", "QQ:0.5, KhQh"],
                "Qs Qc 5h 5d 3c",
                "2c 2d",
            ),
            (&["JJ", "random", "Th9h", "random"], "Jh Ts 2c 3c 8d", ""),
            (
                &["AhKh", "random", "random"],
                "Qh Th 5c 2d",
                "3s 4s 5s 6s 7s 8s 9s",
            ),
        ];
        for (seats, board, dead) in cases {
            let m = matchup(seats, board, dead);
            assert!(counted_pair(&m).is_some(), "{seats:?}");
            let what = format!("{seats:?} on {board}");
            assert_same_tallies(&run(&m, &RunControl::new()), &brute_force(&m), &what);
        }
    }

    /// Where the brute force is too slow (flops, three random seats, wide ranges), the
    /// board-outside enumeration that walks one random seat is the oracle.
    #[test]
    fn agrees_with_walking_one_random_seat() {
        let cases: &[(&[&str], &str, &str)] = &[
            (&["AsKs", "random", "random"], "Qs Ts 5c", "2h 2d 2c"),
            (&["random", "QQ+, AK:0.4", "random"], "Kd 7c 2s 9h", ""),
            (&["random", "random", "AA", "random"], "As Kh Qs Js 9d", ""),
        ];
        for (seats, board, dead) in cases {
            let m = matchup(seats, board, dead);
            let what = format!("{seats:?} on {board}");
            assert_same_tallies(
                &run(&m, &RunControl::new()),
                &super::super::counted::run(&m, &RunControl::new()),
                &what,
            );
        }
    }
}
