//! Monte Carlo heads-up against a random hand, each deal's unseen cards shared out
//! several ways (conditional Monte Carlo over an exchangeable set of cards).
//!
//! Against one random hand, its two cards and the board cards still to come are together
//! one uniform set of unseen cards, and every choice of which two of them are the random
//! hand's is equally likely. The random hand's value does not depend on the choice: it
//! makes its best five of all of them and the known board. So one deal is valued under
//! several disjoint choices — pairs (1st, 2nd), (3rd, 4th), (5th, 6th) of the cards as
//! dealt — for one evaluation of the random hand and one of the other hand per choice.
//! The deal's figures are the averages over its choices: each choice alone is an exact
//! sample, so the average is unbiased, and deals stay independent, so the standard errors
//! are those of independent deals, from each deal's squared average. Preflop, three
//! choices leave 0.60 of one showdown's variance for AsKs against a random hand.

use super::{CardDraws, Dealing, Holes, Sampler, ATTEMPTS_PER_DEAL};
use crate::cards::CardSet;
use crate::equity::{MatchupTally, SeatTally};
use crate::eval::{Hand, HandValue};

/// The two seats of a heads-up matchup against a random hand.
#[derive(Clone, Copy, Debug)]
pub(super) struct SplitSeats {
    /// The seat with a hand or a range (the other one holds any two live cards).
    pub other: usize,
}

/// One seat's counts in a batch, in units of one choice; `*_squares` sum each deal's
/// count squared (a deal's figure is its count over the choices made).
#[derive(Clone, Copy, Default)]
struct SplitSeatCounts {
    win: u32,
    win_squares: u32,
    /// Pot shares in halves (a win 2, a tie 1).
    halves: u32,
    halves_squares: u32,
    hand_types: [u32; 9],
}

impl SplitSeatCounts {
    #[inline(always)]
    fn add(&mut self, wins: u32, ties: u32) {
        self.win += wins;
        self.win_squares += wins * wins;
        let halves = 2 * wins + ties;
        self.halves += halves;
        self.halves_squares += halves * halves;
    }

    /// The seat's tally over `deals` deals of `choices` choices each (`ties` and
    /// `tie_squares` are the seats' shared counts).
    fn into_tally(self, deals: u32, choices: u32, ties: u32, tie_squares: u32) -> SeatTally {
        let k = choices as f64;
        let n = deals as f64;
        let mut t = SeatTally::default();
        t.win
            .add_deals(n, self.win as f64 / k, self.win_squares as f64 / (k * k));
        t.tie.add_deals(n, ties as f64 / k, tie_squares as f64 / (k * k));
        t.equity.add_deals(
            n,
            self.halves as f64 / (2.0 * k),
            self.halves_squares as f64 / (4.0 * k * k),
        );
        t.hand_types = self.hand_types.map(|x| x as f64 / k);
        t
    }
}

/// A batch's counts: the seat with a hand or range, the random seat, and their ties.
#[derive(Default)]
struct SplitCounts {
    other: SplitSeatCounts,
    random: SplitSeatCounts,
    ties: u32,
    tie_squares: u32,
}

/// A deal's unseen cards: `CHOICES` disjoint pairs, each a possible random hand, and
/// the rest (at most one card), as hands.
#[derive(Clone, Copy)]
struct Unseen<const CHOICES: usize> {
    pairs: [Hand; CHOICES],
    rest: Hand,
}

impl<const CHOICES: usize> Unseen<CHOICES> {
    /// `UNSEEN` cards of one deal, out of `live` (holding `count` cards).
    #[inline(always)]
    fn deal<const UNSEEN: usize>(
        dealing: impl Dealing,
        draws: &mut CardDraws,
        live: &mut CardSet,
        count: &mut u32,
    ) -> Unseen<CHOICES> {
        const { assert!(2 * CHOICES <= UNSEEN && UNSEEN <= 2 * CHOICES + 1) };
        let pairs = std::array::from_fn(|_| dealing.deal(draws, live, count, 2));
        let rest = dealing.deal(draws, live, count, UNSEEN - 2 * CHOICES);
        Unseen { pairs, rest }
    }

    /// `UNSEEN` cards of each of two deals, dealt in turn (two independent chains of
    /// selections in flight).
    #[inline(always)]
    fn deal_two<const UNSEEN: usize>(
        dealing: impl Dealing,
        draws: &mut CardDraws,
        (live_a, count_a): (&mut CardSet, &mut u32),
        (live_b, count_b): (&mut CardSet, &mut u32),
    ) -> (Unseen<CHOICES>, Unseen<CHOICES>) {
        const { assert!(2 * CHOICES <= UNSEEN && UNSEEN <= 2 * CHOICES + 1) };
        let mut a = Unseen {
            pairs: [Hand::new(); CHOICES],
            rest: Hand::new(),
        };
        let mut b = a;
        for (pa, pb) in a.pairs.iter_mut().zip(&mut b.pairs) {
            (*pa, *pb) = dealing.deal_two::<2>(
                draws,
                (&mut *live_a, &mut *count_a),
                (&mut *live_b, &mut *count_b),
            );
        }
        if UNSEEN > 2 * CHOICES {
            (a.rest, b.rest) =
                dealing.deal_two::<1>(draws, (live_a, count_a), (live_b, count_b));
        }
        (a, b)
    }
}

impl SplitCounts {
    /// Values one deal: `unseen` are the random hand's cards and the board's to come,
    /// `other_hole` the other seat's hand, `board` the known board.
    #[inline(always)]
    fn credit<const CHOICES: usize>(
        &mut self,
        board: Hand,
        unseen: Unseen<CHOICES>,
        other_hole: Hand,
    ) {
        let table = unseen
            .pairs
            .iter()
            .fold(board.combine(unseen.rest), |hand, &pair| hand.combine(pair));
        // SAFETY (both evaluations): the known board and the unseen cards are five
        // board cards and two hole cards, all distinct.
        let random_value = unsafe { table.evaluate_unchecked() };
        // The other hand with every unseen card: more than seven cards, never
        // evaluated, only reduced by each choice's two cards.
        let other_all = table.combine(other_hole);
        let (mut wins, mut ties) = (0u32, 0u32);
        for pair in unseen.pairs {
            let other_value: HandValue = unsafe { other_all.without(pair).evaluate_unchecked() };
            wins += (other_value > random_value) as u32;
            ties += (other_value == random_value) as u32;
            self.other.hand_types[other_value.category() as usize] +=
                (other_value >= random_value) as u32;
        }
        let random_wins = CHOICES as u32 - wins - ties;
        self.other.add(wins, ties);
        self.random.add(random_wins, ties);
        self.random.hand_types[random_value.category() as usize] += random_wins + ties;
        self.ties += ties;
        self.tie_squares += ties * ties;
    }

    /// The two seats' tallies over `deals` deals, in seat order.
    fn into_tallies(self, seats: SplitSeats, deals: u32, choices: u32) -> Vec<SeatTally> {
        let other = self
            .other
            .into_tally(deals, choices, self.ties, self.tie_squares);
        let random = self
            .random
            .into_tally(deals, choices, self.ties, self.tie_squares);
        if seats.other == 0 {
            vec![other, random]
        } else {
            vec![random, other]
        }
    }
}

impl Sampler<'_> {
    /// A batch of `deals` heads-up deals against the random seat, each valued under
    /// every disjoint choice of the random hand's two cards (see the module docs).
    #[inline(always)]
    pub(super) fn split_batch(
        &self,
        seats: SplitSeats,
        dealing: impl Dealing,
        seed: u64,
        index: u64,
        deals: u32,
    ) -> MatchupTally {
        // The random hand's two cards and the board's to come, dealt together: the
        // number is known per matchup, so each case unrolls.
        match self.to_come + 2 {
            7 => self.split_deals::<7, 3>(seats, dealing, seed, index, deals),
            6 => self.split_deals::<6, 3>(seats, dealing, seed, index, deals),
            5 => self.split_deals::<5, 2>(seats, dealing, seed, index, deals),
            4 => self.split_deals::<4, 2>(seats, dealing, seed, index, deals),
            3 => self.split_deals::<3, 1>(seats, dealing, seed, index, deals),
            _ => self.split_deals::<2, 1>(seats, dealing, seed, index, deals),
        }
    }

    /// [`Sampler::split_batch`] with `UNSEEN` cards dealt per deal and `CHOICES` disjoint
    /// pairs of them tried as the random hand. Two deals at a time where two remain,
    /// their cards dealt in turn (two independent chains of selections).
    #[inline(always)]
    fn split_deals<const UNSEEN: usize, const CHOICES: usize>(
        &self,
        seats: SplitSeats,
        dealing: impl Dealing,
        seed: u64,
        index: u64,
        deals: u32,
    ) -> MatchupTally {
        let mut draws = CardDraws::new(super::batch_rng(seed, index));
        let (mut holes_a, mut holes_b) = ([Hand::new(); 2], [Hand::new(); 2]);
        for &(seat, hand) in &self.fixed {
            holes_a[seat] = hand;
            holes_b[seat] = hand;
        }
        let mut state = Holes {
            max_attempts: deals as u64 * ATTEMPTS_PER_DEAL,
            attempts: 0,
            next_row: 0,
        };
        let mut counts = SplitCounts::default();
        let board = self.board_hand;
        // One deal alone (a batch's last, when odd).
        let one_deal = |counts: &mut SplitCounts, draws: &mut CardDraws, used: CardSet, hole| {
            let (mut live, mut count) = (used.complement(), self.live_cards);
            let unseen = Unseen::<CHOICES>::deal::<UNSEEN>(dealing, draws, &mut live, &mut count);
            counts.credit(board, unseen, hole);
        };
        let mut done = 0;
        while done + 2 <= deals {
            let Some(used_a) = self.draw_holes(&mut state, &mut draws, &mut holes_a) else {
                break;
            };
            let Some(used_b) = self.draw_holes(&mut state, &mut draws, &mut holes_b) else {
                one_deal(&mut counts, &mut draws, used_a, holes_a[seats.other]);
                done += 1;
                break;
            };
            let (mut live_a, mut live_b) = (used_a.complement(), used_b.complement());
            let (mut count_a, mut count_b) = (self.live_cards, self.live_cards);
            let (unseen_a, unseen_b) = Unseen::<CHOICES>::deal_two::<UNSEEN>(
                dealing,
                &mut draws,
                (&mut live_a, &mut count_a),
                (&mut live_b, &mut count_b),
            );
            counts.credit(board, unseen_a, holes_a[seats.other]);
            counts.credit(board, unseen_b, holes_b[seats.other]);
            done += 2;
        }
        if done < deals {
            if let Some(used) = self.draw_holes(&mut state, &mut draws, &mut holes_a) {
                one_deal(&mut counts, &mut draws, used, holes_a[seats.other]);
                done += 1;
            }
        }
        let attempts = if self.weighted.is_empty() {
            done as u64
        } else {
            state.attempts
        };
        MatchupTally {
            deals: done as u64,
            attempts,
            seats: counts.into_tallies(seats, done, CHOICES as u32),
        }
    }
}
