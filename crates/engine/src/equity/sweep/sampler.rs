//! Monte Carlo batches of a sweep: one deal for the most opponents credits every count.

use super::tally::*;
use super::{Sweep, MAX_OPPONENTS};
use crate::cards::{Card, CardSet, Pdep};
use crate::equity::monte_carlo::{batch_rng, BySelection, CardDraws, Deck, WeightedCombos};
use crate::equity::SeatCombos;
use crate::eval::Hand;
use crate::range::Combo;

/// Hands and sets of a seat's combos.
pub(super) struct Holes {
    pub(super) combos: Vec<Combo>,
    pub(super) hands: Vec<Hand>,
}

impl Holes {
    pub(super) fn of(seat: &SeatCombos) -> Holes {
        Holes {
            combos: seat.combos.clone(),
            hands: seat
                .combos
                .iter()
                .map(|c| {
                    let (a, b) = c.cards();
                    Hand::new().add(a).add(b)
                })
                .collect(),
        }
    }
}

/// A sweep prepared for Monte Carlo batches.
pub struct SweepSampler<'a> {
    pub(super) sweep: &'a Sweep,
    pub(super) hero: WeightedCombos,
    pub(super) opponents: WeightedCombos,
    pub(super) board_hand: Hand,
    pub(super) max_n: usize,
    /// Per hero combo: the live deck without the hero's cards.
    pub(super) decks: Vec<Deck>,
    /// Per hero combo: the same live cards as a set, and how many they are.
    pub(super) live: Vec<(CardSet, u32)>,
    /// What the batches compute.
    pub(super) figures: SweepFigures,
    /// [`Sweep::heads_up_equity`]: the known mean of the batches' control variate (see
    /// `PointCounts::into_tally`).
    pub(super) heads_up_equity: Option<f64>,
}

/// The figures a sweep run computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepFigures {
    /// Every figure (the MultiOdds view, `multiodds sweep`).
    All,
    /// Win, tie, equity, win odds and hand types only (the 169-hand chart): deals are
    /// not ranked now (about an eighth less work per deal), so Monte Carlo points carry
    /// no hand strength (0) and no potentials (`None`), and their run is held only by
    /// the showdown figures.
    Showdown,
}

impl<'a> SweepSampler<'a> {
    /// Prepares `sweep` for batches computing `figures`.
    pub fn new(sweep: &'a Sweep, figures: SweepFigures) -> SweepSampler<'a> {
        SweepSampler {
            figures,
            heads_up_equity: sweep.heads_up_equity(),
            sweep,
            hero: WeightedCombos::new(&sweep.hero),
            opponents: WeightedCombos::new(&sweep.opponents),
            board_hand: Hand::from_cards(&sweep.board.iter().collect::<Vec<_>>()),
            max_n: (*sweep.counts.end()).min(sweep.feasible),
            decks: sweep
                .hero
                .sets
                .iter()
                .map(|&h| Deck::without(sweep.board.union(sweep.dead).union(h)))
                .collect(),
            live: sweep
                .hero
                .sets
                .iter()
                .map(|&h| {
                    let live = sweep.board.union(sweep.dead).union(h).complement();
                    (live, live.len() as u32)
                })
                .collect(),
        }
    }

    /// Batch `index`: `attempts` deals for the first opponents (fewer for large N when
    /// a weighted opponent range clashes), each dealt at most `up_to` opponents (the
    /// largest count still short of its target: the points above it are done).
    pub fn batch(&self, seed: u64, index: u64, attempts: u32, up_to: usize) -> SweepTally {
        match Pdep::detect() {
            // SAFETY: a `Pdep` exists only where the CPU has BMI1, BMI2, POPCNT and LZCNT.
            Some(pdep) => unsafe { self.batch_bmi2(pdep, seed, index, attempts, up_to) },
            None => self.batch_with(|h| self.decks[h], seed, index, attempts, up_to),
        }
    }

    /// [`SweepSampler::batch`] dealing by selection, compiled for the CPU that has it
    /// (as `Sampler::batch`'s).
    ///
    /// # Safety
    /// The CPU has BMI1, BMI2, POPCNT and LZCNT (a `Pdep` proves it).
    #[cfg_attr(
        target_arch = "x86_64",
        target_feature(enable = "bmi1,bmi2,popcnt,lzcnt")
    )]
    unsafe fn batch_bmi2(
        &self,
        pdep: Pdep,
        seed: u64,
        index: u64,
        attempts: u32,
        up_to: usize,
    ) -> SweepTally {
        self.batch_with(|h| self.selection(pdep, h), seed, index, attempts, up_to)
    }

    /// A deal's live cards around hero combo `h`, dealt by selection.
    #[inline(always)]
    pub(super) fn selection(&self, pdep: Pdep, h: usize) -> Selection {
        let (live, count) = self.live[h];
        Selection {
            dealing: BySelection(pdep),
            live,
            count,
        }
    }

    /// [`SweepSampler::batch`] with a chosen way to deal cards: `deck(h)` gives a deal's
    /// live cards around hero combo `h`.
    #[inline(always)]
    pub(super) fn batch_with<D: LiveCards>(
        &self,
        deck: impl Fn(usize) -> D,
        seed: u64,
        index: u64,
        attempts: u32,
        up_to: usize,
    ) -> SweepTally {
        match self.figures {
            SweepFigures::All => self.run_batch::<true, D>(deck, seed, index, attempts, up_to),
            SweepFigures::Showdown => {
                self.run_batch::<false, D>(deck, seed, index, attempts, up_to)
            }
        }
    }

    #[inline(always)]
    pub(super) fn run_batch<const NOW: bool, D: LiveCards>(
        &self,
        deck: impl Fn(usize) -> D,
        seed: u64,
        index: u64,
        attempts: u32,
        up_to: usize,
    ) -> SweepTally {
        let s = self.sweep;
        let mut draws = CardDraws::new(batch_rng(seed, index));
        let mut counts = vec![PointCounts::default(); self.max_n];
        let mut opp_combos = [Combo::from_index(0).expect("combo"); MAX_OPPONENTS];
        let mut opp_holes = [Hand::new(); MAX_OPPONENTS];
        let up_to = up_to.clamp(1, self.max_n);
        // Counted once: a card count is a software popcount on baseline x86-64.
        let to_come = s.to_come();
        for _ in 0..attempts {
            let h = self.hero.draw(&mut draws.rng);
            let (hero_set, hero_hole) = self.hero.entry(h);
            let mut deck = deck(h);
            let mut board = self.board_hand;
            let mut used = s.board.union(s.dead).union(hero_set);
            for _ in 0..to_come {
                let c = deck.deal(&mut draws);
                used.insert(c);
                board = board.add(c);
            }
            let mut dealt = 0;
            while dealt < up_to {
                if s.opponents.is_random {
                    // Any two live cards: deal them from what is left.
                    let a = deck.deal(&mut draws);
                    let b = deck.deal(&mut draws);
                    opp_combos[dealt] = Combo::of_distinct(a, b);
                    opp_holes[dealt] = Hand::new().add(a).add(b);
                } else {
                    // Weighted: draw by weight; a clash ends the deal (see module docs).
                    let o = self.opponents.draw(&mut draws.rng);
                    let (set, hole) = self.opponents.entry(o);
                    if set.intersects(used) {
                        break;
                    }
                    used = used.union(set);
                    opp_combos[dealt] = s.opponents.combos[o];
                    opp_holes[dealt] = hole;
                }
                dealt += 1;
            }
            let (combos, holes) = (&opp_combos[..dealt], &opp_holes[..dealt]);
            for_each_prefix::<NOW>(s, s.hero.combos[h], hero_hole, combos, holes, board, |p| {
                counts[p.n - 1].credit(p)
            });
        }
        SweepTally {
            points: counts
                .into_iter()
                .enumerate()
                .map(|(i, c)| c.into_tally(i + 1, self.heads_up_equity, NOW && to_come == 0))
                .collect(),
            attempts: attempts as u64,
        }
    }
}

/// The live cards of one sweep deal, dealt one at a time: a copied [`Deck`] (Fisher–
/// Yates, any CPU) or a [`Selection`] (the `r`-th live card, where the CPU has `pdep`:
/// no 54-byte copy and no swaps per deal).
pub(super) trait LiveCards {
    /// A uniform card of those left (the caller deals at most as many as there are).
    fn deal(&mut self, draws: &mut CardDraws) -> Card;
}

impl LiveCards for Deck {
    #[inline(always)]
    fn deal(&mut self, draws: &mut CardDraws) -> Card {
        Deck::deal(self, draws)
    }
}

/// Live cards as a set, dealt by selection.
pub(super) struct Selection {
    pub(super) dealing: BySelection,
    pub(super) live: CardSet,
    pub(super) count: u32,
}

impl LiveCards for Selection {
    #[inline(always)]
    fn deal(&mut self, draws: &mut CardDraws) -> Card {
        self.dealing
            .deal_card(draws, &mut self.live, &mut self.count)
    }
}
