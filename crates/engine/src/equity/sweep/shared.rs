//! Monte Carlo for many sweeps at once (the 169-hand chart): each deal's board and
//! opponents are dealt and evaluated once, and every hero still running takes one of its
//! combos into that deal.
//!
//! Why it is exact: the sweeps share one board, dead cards and opponent range, and differ
//! only in the hero. A deal's board comes uniformly from the cards the board and dead
//! cards leave, its opponents one by one (any two cards from those left, or by weight
//! with a clash ending the deal, as in `sampler`). A hero draws one of its combos
//! uniformly (a class's combos all weigh 1) and counts the deal for every N whose board
//! and first N opponents it does not touch. Given that, the board and those opponents
//! are spread exactly as a sweep of that hero alone deals them: every valid set of cards
//! has probability proportional to the product of the opponents' weights, whether the
//! hero's cards left the deck first or are checked after. So each hero's tally is its
//! own sweep's, from fewer deals of its own (the rest clash), while the dealing and the
//! opponents' evaluations are paid once for all the heroes.
//!
//! Short deck shares deals the same way: its sweeps hold the 16 cards below the six as
//! dead cards, and its hands are valued in short deck's order read off Hold'em's table
//! (`SevenCardValue`).

use super::sampler::{LiveCards, Selection};
use super::tally::*;
use super::{SeatCombos, Sweep, MAX_OPPONENTS};
use crate::cards::HighOrder;
use crate::cards::{CardSet, Pdep};
use crate::equity::monte_carlo::{
    batch_rng, BySelection, CardDraws, Deck, WeightedCombos, BATCH_DEALS,
};
use crate::eval::{short_deck_of_hand, Hand, HandValue, ShortDeckValue};
use rayon::prelude::*;

/// Most combos a shared hero may have (a starting-hand class has 4, 6 or 12).
const MAX_HERO_COMBOS: usize = 12;

/// One hero of a shared run, inline (the heroes are read in turn every deal: one
/// contiguous array, no pointer to follow): its combos, drawn uniformly, and what its
/// tally needs.
#[derive(Clone, Copy)]
struct SharedHero {
    combos: u32,
    /// Each combo's two card indices.
    cards: [[u8; 2]; MAX_HERO_COMBOS],
    holes: [Hand; MAX_HERO_COMBOS],
    /// The first opponent count credited.
    first: usize,
    /// The most opponents it can face (its sweep's feasible count, within its counts).
    max_n: usize,
    /// Its control variate's known mean ([`Sweep::heads_up_equity`]).
    heads_up_equity: Option<f64>,
}

/// Sweeps that share their board, dead cards and opponent range (checked at
/// construction), prepared for shared Monte Carlo batches.
pub struct SharedSweeps<'a> {
    sweeps: Vec<&'a Sweep>,
    heroes: Vec<SharedHero>,
    opponents: &'a SeatCombos,
    weighted: WeightedCombos,
    board: CardSet,
    dead: CardSet,
    board_hand: Hand,
    to_come: usize,
    /// Every live card before the deal (not board, not dead), and how many.
    live: (CardSet, u32),
    deck: Deck,
    max_n: usize,
    /// Per card, before a deal: 0 for the board and dead cards, else not dealt.
    holder: [u8; 52],
    /// How seven cards are valued.
    order: HighOrder,
}

/// How a shared run values a seat's seven cards: Hold'em's table read, or short deck's
/// order read off it. Chosen once per batch, so the deal loop is compiled for each.
trait SevenCardValue: Copy + Ord + Default {
    /// The value of a hand of seven distinct cards.
    fn of(hand: Hand) -> Self;
    /// Its category's index (as `HandCategory`'s codes), for the hand types.
    fn category_index(self) -> usize;
}

impl SevenCardValue for HandValue {
    #[inline(always)]
    fn of(hand: Hand) -> HandValue {
        // SAFETY: seven distinct cards (the board's five and two hole cards).
        unsafe { hand.evaluate_unchecked() }
    }
    #[inline(always)]
    fn category_index(self) -> usize {
        self.category() as usize
    }
}

impl SevenCardValue for ShortDeckValue {
    #[inline(always)]
    fn of(hand: Hand) -> ShortDeckValue {
        short_deck_of_hand(hand)
    }
    #[inline(always)]
    fn category_index(self) -> usize {
        self.category() as usize
    }
}

/// A card no opponent count's deal holds (above every count).
const NOT_DEALT: u8 = u8::MAX;

impl<'a> SharedSweeps<'a> {
    /// Prepares `sweeps` for shared batches; `None` when they differ in board, dead
    /// cards or opponent range, or some hero's combos do not all weigh the same (a
    /// uniform draw would then be wrong) or are more than a class has.
    pub fn new(sweeps: &[&'a Sweep]) -> Option<SharedSweeps<'a>> {
        // Each hero's control variate needs its heads-up equity: found in parallel (on
        // a board it may be an enumeration per hero).
        let heads_up: Vec<Option<f64>> = sweeps.par_iter().map(|s| s.heads_up_equity()).collect();
        SharedSweeps::valued(sweeps, HighOrder::Standard, heads_up)
    }

    /// [`SharedSweeps::new`] for short deck: `sweeps` hold the cards below the six among
    /// their dead cards, hands rank in short deck's order, and each hero's control
    /// variate takes its short-deck heads-up equity from `heads_up` (none: no control).
    pub fn short_deck(
        sweeps: &[&'a Sweep],
        heads_up: Vec<Option<f64>>,
    ) -> Option<SharedSweeps<'a>> {
        SharedSweeps::valued(sweeps, HighOrder::ShortDeck, heads_up)
    }

    fn valued(
        sweeps: &[&'a Sweep],
        order: HighOrder,
        heads_up: Vec<Option<f64>>,
    ) -> Option<SharedSweeps<'a>> {
        let first = sweeps.first()?;
        let same = sweeps.iter().all(|s| {
            s.board == first.board
                && s.dead == first.dead
                && s.opponent_range == first.opponent_range
                && s.hero.weights.iter().all(|&w| w == s.hero.weights[0])
                && (1..=MAX_HERO_COMBOS).contains(&s.hero.len())
        });
        if !same {
            return None;
        }
        let heroes: Vec<SharedHero> = sweeps
            .iter()
            .zip(heads_up)
            .map(|(s, heads_up_equity)| SharedHero {
                combos: s.hero.len() as u32,
                cards: std::array::from_fn(|i| {
                    s.hero.combos.get(i).map_or([0; 2], |c| {
                        let (a, b) = c.cards();
                        [a.index_u8(), b.index_u8()]
                    })
                }),
                holes: std::array::from_fn(|i| {
                    s.hero.combos.get(i).map_or(Hand::new(), |c| {
                        let (a, b) = c.cards();
                        Hand::new().add(a).add(b)
                    })
                }),
                first: *s.counts.start(),
                max_n: (*s.counts.end()).min(s.feasible),
                heads_up_equity,
            })
            .collect();
        let out = first.board.union(first.dead);
        let mut holder = [NOT_DEALT; 52];
        for card in out.iter() {
            holder[card.index()] = 0;
        }
        Some(SharedSweeps {
            sweeps: sweeps.to_vec(),
            max_n: heroes.iter().map(|h| h.max_n).max().unwrap_or(0),
            heroes,
            opponents: &first.opponents,
            weighted: WeightedCombos::new(&first.opponents),
            board: first.board,
            dead: first.dead,
            board_hand: Hand::from_cards(&first.board.iter().collect::<Vec<_>>()),
            to_come: first.to_come(),
            live: (out.complement(), out.complement().len() as u32),
            deck: Deck::without(out),
            holder,
            order,
        })
    }

    /// The sweeps sharing the deals, in the order given.
    pub fn sweeps(&self) -> &[&'a Sweep] {
        &self.sweeps
    }

    /// Batch `index` of `deals` shared deals, each dealt at most `up_to` opponents, for
    /// the sweeps `active` (indices into the sweeps given to [`SharedSweeps::new`]), as
    /// compact counts turned into tallies when merged ([`SharedBatch::merge_into`]: a
    /// run holds a round of batches at once, and tallies are eight times the size). Each
    /// sweep's tally has the batch's deals as its attempts, and as its points' deals
    /// those its hero could join. At most [`BATCH_DEALS`] deals (more are not dealt).
    pub fn batch_counts(
        &self,
        seed: u64,
        index: u64,
        deals: u32,
        up_to: usize,
        active: &[usize],
    ) -> SharedBatch {
        match (Pdep::detect(), self.order) {
            // SAFETY: a `Pdep` exists only where the CPU has BMI1, BMI2, POPCNT and LZCNT.
            (Some(pdep), HighOrder::Standard) => unsafe {
                self.batch_bmi2::<HandValue>(pdep, seed, index, deals, up_to, active)
            },
            // SAFETY: as above.
            (Some(pdep), HighOrder::ShortDeck) => unsafe {
                self.batch_bmi2::<ShortDeckValue>(pdep, seed, index, deals, up_to, active)
            },
            (None, HighOrder::Standard) => {
                self.run_batch::<_, HandValue>(|| self.deck, seed, index, deals, up_to, active)
            }
            (None, HighOrder::ShortDeck) => {
                self.run_batch::<_, ShortDeckValue>(|| self.deck, seed, index, deals, up_to, active)
            }
        }
    }

    /// [`SharedSweeps::batch_counts`] dealing by selection, compiled for the CPU that
    /// has it.
    ///
    /// # Safety
    /// The CPU has BMI1, BMI2, POPCNT and LZCNT (a `Pdep` proves it).
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")
    )]
    unsafe fn batch_bmi2<V: SevenCardValue>(
        &self,
        pdep: Pdep,
        seed: u64,
        index: u64,
        deals: u32,
        up_to: usize,
        active: &[usize],
    ) -> SharedBatch {
        let deck = || Selection {
            dealing: BySelection(pdep),
            live: self.live.0,
            count: self.live.1,
        };
        self.run_batch::<_, V>(deck, seed, index, deals, up_to, active)
    }

    /// One function because it is the shared batch's hot loop: each deal dealt once, valued
    /// once, credited to every hero; split, its state would cross calls per deal.
    #[inline(always)]
    fn run_batch<D: LiveCards, V: SevenCardValue>(
        &self,
        deck: impl Fn() -> D,
        seed: u64,
        index: u64,
        deals: u32,
        up_to: usize,
        active: &[usize],
    ) -> SharedBatch {
        let mut draws = CardDraws::new(batch_rng(seed, index));
        let deals = deals.min(BATCH_DEALS);
        let up_to = up_to.clamp(1, self.max_n.max(1));
        // Per active hero, one row of counts per opponent count (a short row: the
        // batch's counts are most of its memory traffic).
        let stride = self.max_n.max(1);
        let mut counts = vec![ShowdownCounts::default(); active.len() * stride];
        // Per opponent count N (index N): the best of the first N opponents' values,
        // and the best one's category.
        let mut values = [V::default(); MAX_OPPONENTS];
        let mut best = [BestOf::first(V::default()); MAX_OPPONENTS + 1];
        let mut best_category = [0usize; MAX_OPPONENTS + 1];
        // Per active hero in the current deal: its value and the counts it fits.
        let mut seats = vec![(V::default(), 0usize); active.len()];
        for _ in 0..deals {
            let mut deck = deck();
            let mut board = self.board_hand;
            let mut used = self.board.union(self.dead);
            // Per card: the first opponent count whose deal holds it (0: the board or
            // dead cards; `NOT_DEALT`: no count's).
            let mut holder = self.holder;
            for _ in 0..self.to_come {
                let c = deck.deal(&mut draws);
                used.insert(c);
                holder[c.index()] = 0;
                board = board.add(c);
            }
            let mut dealt = 0;
            while dealt < up_to {
                let hole = if self.opponents.is_random {
                    let (a, b) = (deck.deal(&mut draws), deck.deal(&mut draws));
                    holder[a.index()] = dealt as u8 + 1;
                    holder[b.index()] = dealt as u8 + 1;
                    Hand::new().add(a).add(b)
                } else {
                    let o = self.weighted.draw(&mut draws.rng);
                    let (set, hole) = self.weighted.entry(o);
                    if set.intersects(used) {
                        break;
                    }
                    used = used.union(set);
                    let (a, b) = self.opponents.combos[o].cards();
                    holder[a.index()] = dealt as u8 + 1;
                    holder[b.index()] = dealt as u8 + 1;
                    hole
                };
                let v = V::of(board.combine(hole));
                values[dealt] = v;
                dealt += 1;
                if dealt == 1 {
                    best[1] = BestOf::first(v);
                    best_category[1] = v.category_index();
                } else {
                    best[dealt] = best[dealt - 1];
                    best[dealt].push(v);
                    best_category[dealt] = if v > best[dealt - 1].best {
                        v.category_index()
                    } else {
                        best_category[dealt - 1]
                    };
                }
            }
            // First every hero's combo and value, then the credits: the evaluations
            // are independent table reads, and a short loop keeps many of them in
            // flight (with the credits in the same loop, one or two were).
            for (seat, &h) in seats.iter_mut().zip(active) {
                let hero = &self.heroes[h];
                let i = draws.chunk_below(hero.combos) as usize;
                // The counts this hero's combo fits: those below the first count whose
                // deal holds one of its cards.
                let [a, b] = hero.cards[i];
                let clash = holder[a as usize].min(holder[b as usize]) as usize;
                let fits = (clash.max(1) - 1).min(dealt).min(hero.max_n);
                let value = V::of(board.combine(hero.holes[i]));
                *seat = (value, fits);
            }
            for ((slot, &h), &(hero_value, fits)) in
                counts.chunks_exact_mut(stride).zip(active).zip(&seats)
            {
                let first = self.heroes[h].first;
                if fits < first {
                    continue;
                }
                let hero_category = hero_value.category_index();
                let mut heads_up_halves = 0;
                for n in 1..=fits {
                    let v = values[n - 1];
                    heads_up_halves += 2 * u32::from(hero_value > v) + u32::from(hero_value == v);
                    if n >= first {
                        slot[n - 1].credit(
                            hero_value,
                            &best[n],
                            hero_category,
                            best_category[n],
                            heads_up_halves,
                        );
                    }
                }
            }
        }
        SharedBatch {
            active: active.to_vec(),
            stride,
            deals,
            counts,
        }
    }
}

/// One shared batch's counts for its active sweeps (a row of `stride` opponent counts
/// each), compact until merged.
#[derive(Clone, Default)]
pub struct SharedBatch {
    active: Vec<usize>,
    stride: usize,
    deals: u32,
    counts: Vec<ShowdownCounts>,
}

impl SharedBatch {
    /// Sweep `h`'s tally in this batch (empty when it was not active).
    fn tally(&self, shared: &SharedSweeps, h: usize) -> SweepTally {
        let Some(row) = self.active.iter().position(|&a| a == h) else {
            return SweepTally::default();
        };
        let hero = &shared.heroes[h];
        let counts = &self.counts[row * self.stride..][..hero.max_n];
        SweepTally {
            points: counts
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    c.into_point_counts()
                        .into_tally(i + 1, hero.heads_up_equity, false)
                })
                .collect(),
            attempts: self.deals as u64,
        }
    }

    /// Adds this batch to `totals` (one tally per sweep, in the order given to
    /// [`SharedSweeps::new`]).
    pub fn merge_into(&self, shared: &SharedSweeps, totals: &mut Vec<SweepTally>) {
        if totals.len() < shared.heroes.len() {
            totals.resize(shared.heroes.len(), SweepTally::default());
        }
        for &h in &self.active {
            totals[h].merge(&self.tally(shared, h));
        }
    }
}

/// One opponent count's showdown counts in a shared batch: what [`PointCounts`] keeps
/// of a deal when only the showdown is asked for (no standing now), in a third of the
/// bytes — a batch holds them for every hero, and they share the cache with the
/// evaluator's tables. A batch has at most [`BATCH_DEALS`] deals, so 16 bits count them.
#[derive(Clone, Copy, Default)]
struct ShowdownCounts {
    deals: u16,
    win: u16,
    tie_by_k: [u16; TIE_SIZES],
    hero_types: [u16; 9],
    opponent_types: [u16; 9],
    /// Σ and Σ² of the heads-up half points (at most 2 × 22 per deal).
    halves: u32,
    halves_squared: u32,
}

const _: () = assert!(BATCH_DEALS as usize * (2 * MAX_OPPONENTS).pow(2) <= u32::MAX as usize);

impl ShowdownCounts {
    /// Counts one deal: the hero's value against the opponents' best, its category, the
    /// best opponent's, and the control variate's heads-up half points. Without a
    /// branch on who wins (it goes either way at random); only a tie, rare, branches.
    #[inline(always)]
    fn credit<V: SevenCardValue>(
        &mut self,
        hero: V,
        best: &BestOf<V>,
        hero_category: usize,
        best_category: usize,
        halves: u32,
    ) {
        let (ahead, tied) = (hero > best.best, hero == best.best);
        self.deals += 1;
        self.win += u16::from(ahead);
        self.hero_types[hero_category] += u16::from(ahead | tied);
        self.opponent_types[best_category] += u16::from(!(ahead | tied));
        if tied {
            self.tie_by_k[best.count as usize + 1] += 1;
        }
        self.halves += halves;
        self.halves_squared += halves * halves;
    }

    /// The same counts as a sweep batch keeps them (every deal "behind now", as a
    /// showdown-only sweep credits it).
    fn into_point_counts(self) -> PointCounts {
        let wide = |x: [u16; 9]| x.map(u32::from);
        let (deals, win) = (u32::from(self.deals), u32::from(self.win));
        let ties: u32 = self.tie_by_k.iter().map(|&t| u32::from(t)).sum();
        PointCounts {
            deals,
            win,
            tie_by_k: self.tie_by_k.map(u32::from),
            transitions: [[0; 3], [0; 3], [win, ties, deals - win - ties]],
            hero_types: wide(self.hero_types),
            opponent_types: wide(self.opponent_types),
            halves: u64::from(self.halves),
            halves_squared: u64::from(self.halves_squared),
            ..PointCounts::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::sweep::exact_point;
    use crate::equity::Method;
    use crate::range::HandRange;

    /// Shared batches for `classes` against `vs` on `board`, opponents 1..=2, merged.
    fn shared_run(
        classes: &[&str],
        vs: &str,
        board: &str,
        batches: u64,
    ) -> Vec<(Sweep, SweepTally)> {
        let board = CardSet::parse(board).unwrap();
        let sweeps: Vec<Sweep> = classes
            .iter()
            .map(|c| {
                let hero = HandRange::parse(c).unwrap().without_cards(board);
                let vs = HandRange::parse(vs).unwrap();
                Sweep::new(hero, vs, board, CardSet::EMPTY, 1..=2).unwrap()
            })
            .collect();
        let refs: Vec<&Sweep> = sweeps.iter().collect();
        let shared = SharedSweeps::new(&refs).expect("classes share deals");
        let active: Vec<usize> = (0..sweeps.len()).collect();
        let mut totals = Vec::new();
        for index in 0..batches {
            shared
                .batch_counts(7, index, BATCH_DEALS, 2, &active)
                .merge_into(&shared, &mut totals);
        }
        sweeps.into_iter().zip(totals).collect()
    }

    /// Each class's shared tally against its own exact sweep: win, tie and equity
    /// within 4.5 standard errors at one and two opponents, on enough deals.
    fn check_against_exact(classes: &[&str], vs: &str, board: &str) {
        for (sweep, tally) in shared_run(classes, vs, board, 24) {
            for n in 1..=2 {
                let exact = exact_point(&sweep, n).point(n, Method::Exact, false);
                let mc = tally.points[n - 1].point(n, Method::MonteCarlo, false);
                assert!(
                    mc.deals > 10_000,
                    "{}: {} deals",
                    sweep.hero_range,
                    mc.deals
                );
                for (name, got, want, se) in [
                    ("win", mc.win, exact.win, mc.std_error.win),
                    ("tie", mc.tie, exact.tie, mc.std_error.tie),
                    ("equity", mc.equity, exact.equity, mc.std_error.equity),
                ] {
                    let z = (got - want) / se.max(1e-6);
                    assert!(
                        z.abs() < 4.5,
                        "{} vs {n}: {name} {got} exact {want} (se {se}, z {z})",
                        sweep.hero_range
                    );
                }
            }
        }
    }

    #[test]
    fn shared_deals_agree_with_exact_sweeps_against_random_hands() {
        // A river board: exact sweeps are quick. Classes the board blocks in part (AA,
        // KK, 77: one combo left) and not at all.
        check_against_exact(
            &["AA", "KK", "77", "KQo", "72s", "T9s", "32o"],
            "random",
            "Ah Kd 7c 7s 2h",
        );
    }

    #[test]
    fn shared_deals_agree_with_exact_sweeps_against_a_range() {
        // A weighted range: an opponent who clashes with the board or the one before
        // ends the deal, and a hero counts the deal only up to the first opponent
        // holding one of its cards.
        check_against_exact(
            &["AA", "KQo", "T9s", "Q5s", "22"],
            "22+, A2s+, KTs+, QJo:0.5",
            "Ah Kd 7c 7s 2h",
        );
    }

    #[test]
    fn a_hero_counts_a_deal_only_where_its_cards_are_free() {
        // Against random hands a hero's combo avoids the board and N opponents
        // (2N more cards) with a known chance: deals per count follow it.
        let runs = shared_run(&["AKo", "QQ"], "random", "Ah Kd 7c 7s 2h", 8);
        let deals = (8 * BATCH_DEALS) as f64;
        for (sweep, tally) in runs {
            let live = 47.0; // 52 − 5 board cards
            for n in 1..=2 {
                let free =
                    (live - 2.0 * n as f64) / live * (live - 1.0 - 2.0 * n as f64) / (live - 1.0);
                let got = tally.points[n - 1].deals as f64;
                let expected = deals * free;
                let sd = (deals * free * (1.0 - free)).sqrt();
                assert!(
                    (got - expected).abs() < 5.0 * sd,
                    "{}: {got} deals at {n}, expected {expected:.0}",
                    sweep.hero_range
                );
            }
            assert_eq!(tally.attempts, 8 * BATCH_DEALS as u64);
        }
    }

    #[test]
    fn heroes_that_cannot_share_are_refused() {
        let board = CardSet::EMPTY;
        let sweep = |hero: &str, vs: &str| {
            Sweep::new(
                HandRange::parse(hero).unwrap(),
                HandRange::parse(vs).unwrap(),
                board,
                CardSet::EMPTY,
                2..=3,
            )
            .unwrap()
        };
        let (a, b) = (sweep("AA", "random"), sweep("KK", "QQ+"));
        assert!(SharedSweeps::new(&[&a, &b]).is_none(), "different ranges");
        let wide = sweep("AA, KK, QQ", "random");
        assert!(SharedSweeps::new(&[&a, &wide]).is_none(), "18 combos");
        let weighted = sweep("AA:0.5, AKs", "random");
        assert!(SharedSweeps::new(&[&weighted]).is_none(), "unequal weights");
        assert!(SharedSweeps::new(&[&a, &sweep("72o", "random")]).is_some());
    }
}
