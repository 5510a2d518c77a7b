//! Monte Carlo for a game: batches of independent deals (hands by weight, overlapping
//! draws rejected, then the board), each batch seeded from (seed, index) only so the
//! numbers do not depend on the thread count.

use super::valuation::value_all;
use super::{credit, GameMatchup, GameTally, SeatValue, Sums};
use crate::cards::{Card, CardSet};
use crate::equity::monte_carlo::{batch_rng, below, AliasTable};
use rand::rngs::Xoshiro256PlusPlus;

/// How a seat's hand is drawn.
pub(super) enum SeatDraw {
    /// Any hand of live cards: its cards drawn one by one from the deck.
    Random,
    /// One of the listed hands, by weight.
    Listed {
        hands: Vec<CardSet>,
        table: AliasTable,
    },
}

/// Deals a game's matchup at random.
pub(super) struct Sampler<'a> {
    m: &'a GameMatchup,
    seats: Vec<SeatDraw>,
    blocked: CardSet,
}

/// Invalid draws a batch tolerates per deal before it stops short (the run then stops
/// as starved rather than loop); a batch whose draws alone show the run starved stops
/// sooner.
pub(super) const MAX_ATTEMPTS_PER_DEAL: u64 = 10_000;

/// A batch's draws, valid or not: at most [`MAX_ATTEMPTS_PER_DEAL`] per deal asked, and
/// none once the batch's own draws show the run starved (checked every 4,096 draws), so
/// one batch never draws for minutes before the run can stop. Every engine's rejection
/// sampler counts its draws here.
pub(super) struct DrawCount {
    limit: u64,
    /// Draws so far (the last one counted even when it stopped the batch).
    pub(super) attempts: u64,
}

impl DrawCount {
    /// The draws of a batch of `deals` deals.
    pub(super) fn for_deals(deals: u64) -> DrawCount {
        DrawCount {
            limit: deals * MAX_ATTEMPTS_PER_DEAL,
            attempts: 0,
        }
    }

    /// Counts one more draw, with `done` valid deals so far; false when the batch
    /// must stop drawing.
    #[inline]
    pub(super) fn another(&mut self, done: u64) -> bool {
        if self.attempts >= self.limit {
            return false;
        }
        self.attempts += 1;
        !(self.attempts.is_multiple_of(4096) && crate::equity::run::is_starved(done, self.attempts))
    }
}

impl SeatDraw {
    /// How to draw from `range` with `blocked` out of play.
    pub(super) fn of(range: &crate::range::HoleRange, blocked: CardSet) -> SeatDraw {
        // Every hand at weight 1 (listed or not): dealt from the cards left, so it never
        // clashes (a listed draw would reject most deals with many opponents).
        if range.is_random() {
            SeatDraw::Random
        } else {
            let live = range.live_hands(blocked);
            let weights: Vec<f64> = live.iter().map(|h| h.1 as f64).collect();
            SeatDraw::Listed {
                hands: live.iter().map(|h| h.0).collect(),
                table: AliasTable::new(&weights),
            }
        }
    }

    /// Draws a hand into `hole`, taking its cards from `cards`; false when the listed
    /// hand drawn clashes with a card already out (the deal is then rejected).
    #[inline]
    pub(super) fn draw(
        &self,
        rng: &mut Xoshiro256PlusPlus,
        game: crate::cards::Game,
        cards: &mut DealCards,
        hole: &mut Vec<Card>,
    ) -> bool {
        hole.clear();
        match self {
            SeatDraw::Random => {
                for _ in 0..game.hole_cards() {
                    hole.push(cards.draw(rng));
                }
                true
            }
            SeatDraw::Listed { hands, table } => {
                let h = hands[table.draw(rng)];
                if !cards.take(h) {
                    return false;
                }
                hole.extend(h.iter());
                true
            }
        }
    }
}

/// The cards a deal can still draw: a list (a draw takes a uniform place in it, so it
/// never retries, however few cards are left: with 36 cards and nine short-deck seats a
/// draw from the deck's 52 places retried five times) and the set of cards out (for a
/// listed hand's clash).
#[derive(Clone)]
pub(super) struct DealCards {
    list: [Card; 52],
    len: usize,
    out: CardSet,
}

impl DealCards {
    /// The cards of `deck` not in `out`.
    pub(super) fn new(deck: CardSet, out: CardSet) -> DealCards {
        let mut cards = DealCards {
            list: [Card::new(0, 0); 52],
            len: 0,
            out,
        };
        for c in deck.difference(out).iter() {
            cards.list[cards.len] = c;
            cards.len += 1;
        }
        cards
    }

    /// A card drawn uniformly from those left, and taken out.
    #[inline]
    pub(super) fn draw(&mut self, rng: &mut Xoshiro256PlusPlus) -> Card {
        debug_assert!(
            self.len > 0,
            "a deal never needs more cards than the deck holds"
        );
        let i = below(rng, self.len as u32) as usize;
        let c = self.list[i];
        self.len -= 1;
        self.list[i] = self.list[self.len];
        self.out.insert(c);
        c
    }

    /// The five-card board: the `known` cards, then cards drawn for the rest.
    #[inline]
    pub(super) fn complete_board(
        &mut self,
        rng: &mut Xoshiro256PlusPlus,
        known: &[Card],
    ) -> [Card; 5] {
        let mut board = [Card::new(0, 0); 5];
        board[..known.len()].copy_from_slice(known);
        for b in board.iter_mut().skip(known.len()) {
            *b = self.draw(rng);
        }
        board
    }

    /// Takes `hand`'s cards out; false (nothing taken) when one is out already.
    #[inline]
    pub(super) fn take(&mut self, hand: CardSet) -> bool {
        if hand.intersects(self.out) {
            return false;
        }
        for c in hand.iter() {
            if let Some(i) = self.list[..self.len].iter().position(|&x| x == c) {
                self.len -= 1;
                self.list[i] = self.list[self.len];
            }
        }
        self.out = self.out.union(hand);
        true
    }
}

impl<'a> Sampler<'a> {
    pub(super) fn new(m: &'a GameMatchup) -> Sampler<'a> {
        let blocked = m.board.union(m.dead);
        let seats = m.ranges.iter().map(|r| SeatDraw::of(r, blocked)).collect();
        Sampler { m, seats, blocked }
    }

    /// Batch `index` of `deals` deals.
    pub(super) fn batch(&self, seed: u64, index: u64, deals: u32) -> GameTally {
        let hi_lo = self.m.game.is_hi_lo();
        let mut sums = vec![Sums::default(); self.m.showdown_seats];
        let (done, attempts) = self.deal_each(seed, index, deals, |_, values| {
            credit(values, hi_lo, 1.0, &mut sums);
        });
        GameTally::of_sums(&sums, done, attempts, true)
    }

    /// Deals batch `index` of `deals` deals, handing each deal's board and showdown
    /// seats' values to `each`; the deals done and the draws tried (a batch starved of
    /// valid draws stops short).
    pub(super) fn deal_each(
        &self,
        seed: u64,
        index: u64,
        deals: u32,
        mut each: impl FnMut(&[Card; 5], &[SeatValue]),
    ) -> (u64, u64) {
        let mut rng = batch_rng(seed, index);
        let game = self.m.game;
        // Every seat is dealt; the folded ones (after the showdown seats) are not valued.
        let n = self.m.showdown_seats;
        let mut values = vec![SeatValue::default(); n];
        let mut holes: Vec<Vec<Card>> = vec![Vec::with_capacity(6); self.seats.len()];
        let known: Vec<Card> = self.m.board.iter().collect();
        let start = DealCards::new(game.deck(), self.blocked);
        let mut done = 0u64;
        let mut tries = DrawCount::for_deals(deals as u64);
        'deal: while done < deals as u64 && tries.another(done) {
            let mut cards = start.clone();
            for (seat, hole) in self.seats.iter().zip(holes.iter_mut()) {
                if !seat.draw(&mut rng, game, &mut cards, hole) {
                    continue 'deal;
                }
            }
            let board = cards.complete_board(&mut rng, &known);
            value_all(game, &holes[..n], &board, &mut values);
            each(&board, &values);
            done += 1;
        }
        (done, tries.attempts)
    }
}
