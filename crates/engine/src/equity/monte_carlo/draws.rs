//! How Monte Carlo draws: per-batch generators, alias tables for weighted ranges, uniform
//! integers below n, the live-card deck, and dealing by rejection or by selection (BMI2
//! `pdep`, where the CPU has it).

use super::{extract_bits, Card, CardSet, Hand, Pdep, SeatCombos, Xoshiro256PlusPlus};
use rand::{RngExt, SeedableRng};

/// The generator of batch `index` for `seed`.
pub fn batch_rng(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    // SplitMix64 of (seed, index): neighbouring batches get unrelated streams.
    let mut z = seed
        ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// Walker's alias table: draws index `i` with probability `weights[i] / Σ weights` in
/// constant time (one bounded integer and one uniform per draw, no search).
#[derive(Clone, Debug)]
pub struct AliasTable {
    /// Chance of keeping the drawn column (else its alias), in [0, 1].
    keep: Vec<f64>,
    alias: Vec<u32>,
    /// All weights equal: a uniform index is the draw (no coin).
    uniform: bool,
}

impl AliasTable {
    /// A table for positive `weights` (at least one).
    pub fn new(weights: &[f64]) -> AliasTable {
        let n = weights.len();
        let total: f64 = weights.iter().sum();
        let mut keep: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let (mut small, mut large): (Vec<u32>, Vec<u32>) =
            (0..n as u32).partition(|&i| keep[i as usize] < 1.0);
        while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
            small.pop();
            alias[s as usize] = l;
            keep[l as usize] -= 1.0 - keep[s as usize];
            if keep[l as usize] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // What is left is 1 up to rounding.
        for i in small.into_iter().chain(large) {
            keep[i as usize] = 1.0;
        }
        let uniform = weights.iter().all(|&w| w == weights[0]);
        AliasTable {
            keep,
            alias,
            uniform,
        }
    }

    /// How many entries the table draws from.
    pub fn len(&self) -> usize {
        self.keep.len()
    }

    /// Whether the table has no entry.
    pub fn is_empty(&self) -> bool {
        self.keep.is_empty()
    }

    /// The probability of index `i` (for tests).
    pub fn probability(&self, i: usize) -> f64 {
        let n = self.len() as f64;
        let own = self.keep[i];
        let aliased: f64 = (0..self.len())
            .filter(|&j| j != i && self.alias[j] as usize == i)
            .map(|j| 1.0 - self.keep[j])
            .sum();
        (own + aliased) / n
    }

    /// Draws an entry with probability proportional to its weight.
    #[inline(always)]
    pub fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        // A known hand needs no randomness.
        if self.keep.len() == 1 {
            return 0;
        }
        let i = below(rng, self.keep.len() as u32) as usize;
        if self.uniform || rng.random::<f64>() < self.keep[i] {
            i
        } else {
            self.alias[i] as usize
        }
    }
}

/// A seat's combos ready to draw by weight.
#[derive(Clone, Debug)]
pub struct WeightedCombos {
    table: AliasTable,
    /// Each combo's cards and hole hand side by side: one bounds check, one cache line.
    entries: Vec<(CardSet, Hand)>,
}

impl WeightedCombos {
    /// The seat's combos, ready to be drawn by weight.
    pub fn new(seat: &SeatCombos) -> WeightedCombos {
        let entries = seat
            .combos
            .iter()
            .zip(&seat.sets)
            .map(|(c, &set)| {
                let (a, b) = c.cards();
                (set, Hand::new().add(a).add(b))
            })
            .collect();
        WeightedCombos {
            table: AliasTable::new(&seat.weights),
            entries,
        }
    }

    /// A combo index drawn in proportion to its weight.
    #[inline(always)]
    pub fn draw(&self, rng: &mut Xoshiro256PlusPlus) -> usize {
        self.table.draw(rng)
    }

    /// Number of combos.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there is no combo to draw.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Combo `i`'s cards and hole hand.
    #[inline(always)]
    pub fn entry(&self, i: usize) -> (CardSet, Hand) {
        self.entries[i]
    }
}

/// Asks the CPU to start loading `value`'s cache line (no effect where unsupported).
#[inline(always)]
pub(super) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it reads nothing into the program and cannot fault
    // (and `value` is a valid reference anyway). SSE is part of every x86-64 CPU.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>((value as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}

/// A uniform integer below `n` (Lemire's multiply-and-reject: exact, and nearly
/// always one 32-bit draw).
#[inline]
pub fn below(rng: &mut Xoshiro256PlusPlus, n: u32) -> u32 {
    use rand::Rng;
    lemire_below(n, || rng.next_u32())
}

/// Lemire's multiply-and-reject over 32-bit draws from `next`: a product whose low word
/// falls below 2^32 mod n is drawn again, so every result is equally likely.
#[inline]
pub(super) fn lemire_below(n: u32, mut next: impl FnMut() -> u32) -> u32 {
    let mut m = next() as u64 * n as u64;
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = next() as u64 * n as u64;
        }
    }
    (m >> 32) as u32
}

/// The live cards of a deal, dealt without replacement by a partial Fisher–Yates
/// shuffle: one random number per card, no rejection.
#[derive(Clone, Copy)]
pub struct Deck {
    cards: [Card; 52],
    len: u8,
    dealt: u8,
}

impl Deck {
    /// A deck of the cards not in `used`.
    pub fn without(used: CardSet) -> Deck {
        let mut cards = [Card::new(0, 0); 52];
        let mut len = 0;
        for card in used.complement().iter() {
            cards[len] = card;
            len += 1;
        }
        Deck {
            cards,
            len: len as u8,
            dealt: 0,
        }
    }

    /// Cards left to deal.
    pub fn left(&self) -> usize {
        (self.len - self.dealt) as usize
    }

    /// Deals a uniformly random card of those left. The caller checks [`Deck::left`].
    #[inline]
    pub fn deal(&mut self, draws: &mut CardDraws) -> Card {
        let i = self.dealt as usize;
        let j = i + draws.below((self.len - self.dealt) as u32) as usize;
        self.cards.swap(i, j);
        self.dealt += 1;
        self.cards[i]
    }
}

/// Random numbers for dealing: cards four to a 64-bit draw (16 bits each, Lemire's
/// multiply, exact: the 16 lowest products of 65,536 are drawn again), and 32-bit
/// numbers two to a draw.
pub struct CardDraws {
    /// The generator the draws come from.
    pub rng: Xoshiro256PlusPlus,
    spare: Option<u32>,
    /// Unused 16-bit chunks of the last draw for cards, lowest first.
    chunks: u64,
    chunks_left: u32,
}

impl CardDraws {
    /// Draws from `rng`.
    pub fn new(rng: Xoshiro256PlusPlus) -> CardDraws {
        CardDraws {
            rng,
            spare: None,
            chunks: 0,
            chunks_left: 0,
        }
    }

    #[inline]
    fn next_u32(&mut self) -> u32 {
        use rand::Rng;
        match self.spare.take() {
            Some(x) => x,
            None => {
                let r = self.rng.next_u64();
                self.spare = Some((r >> 32) as u32);
                r as u32
            }
        }
    }

    /// The next 16 random bits for a card.
    #[inline(always)]
    fn chunk(&mut self) -> u32 {
        use rand::Rng;
        if self.chunks_left == 0 {
            self.chunks = self.rng.next_u64();
            self.chunks_left = 4;
        }
        let chunk = self.chunks as u16;
        self.chunks >>= 16;
        self.chunks_left -= 1;
        chunk as u32
    }

    /// A uniform integer below `n` from the 32 random bits `x` (Lemire's multiply; in
    /// the rare case that rejects it, from further draws: exact).
    #[inline(always)]
    pub fn below_given(&mut self, x: u32, n: u32) -> u32 {
        let mut m = x as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// A uniform integer below `n` (Lemire's multiply-and-reject, exact).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        lemire_below(n, || self.next_u32())
    }

    /// A uniform integer below `n` (1..=65,536) from 16-bit chunks, exact: a product
    /// whose low half falls below 2^16 mod n is drawn again.
    #[inline(always)]
    pub fn chunk_below(&mut self, n: u32) -> u32 {
        let mut m = self.chunk() * n;
        if m & 0xFFFF < n {
            let threshold = (1 << 16) % n;
            while m & 0xFFFF < threshold {
                m = self.chunk() * n;
            }
        }
        m >> 16
    }
}

/// How a batch deals the cards nobody holds yet. Both ways are exact (every live card
/// equally likely) but take different cards from the same random numbers: a seed gives
/// the same numbers on every machine that deals the same way (those with a fast `pdep`,
/// and the others).
pub trait Dealing: Copy {
    /// The bits of `x` at `mask`'s set bits, packed down ([`extract_bits`]).
    #[inline(always)]
    fn extract(self, x: u64, mask: u64) -> u64 {
        extract_bits(x, mask)
    }

    /// `k` uniform cards taken out of `live` (which holds `count` cards), as a hand.
    fn deal(self, draws: &mut CardDraws, live: &mut CardSet, count: &mut u32, k: usize) -> Hand;

    /// `K` cards for each of two deals (their live sets and counts), as [`Dealing::deal`]
    /// twice: the first deal's cards first.
    #[inline(always)]
    fn deal_two<const K: usize>(
        self,
        draws: &mut CardDraws,
        (live_a, count_a): (&mut CardSet, &mut u32),
        (live_b, count_b): (&mut CardSet, &mut u32),
    ) -> (Hand, Hand) {
        (
            self.deal(draws, live_a, count_a, K),
            self.deal(draws, live_b, count_b, K),
        )
    }
}

/// One of the 52 cards per 16-bit chunk, drawn again when it is not live: any CPU.
#[derive(Clone, Copy, Debug)]
pub struct ByRejection;

/// The `r`-th live card, `r` uniform below the live count (16 random bits a card, or 32
/// when two deals are dealt together): no card is drawn twice, and no mispredicted
/// branch on a clash (AA vs JJ+ ×4 1.25× faster, AsKs vs 5 random 1.43×).
#[derive(Clone, Copy, Debug)]
pub struct BySelection(pub Pdep);

impl Dealing for ByRejection {
    #[inline(always)]
    fn deal(self, draws: &mut CardDraws, live: &mut CardSet, count: &mut u32, k: usize) -> Hand {
        let mut hand = Hand::new();
        let mut left = k;
        while left > 0 {
            let card = Card::from_index(draws.chunk_below(52) as u8).expect("card index");
            if live.contains(card) {
                live.remove(card);
                hand = hand.add(card);
                left -= 1;
            }
        }
        *count -= k as u32;
        hand
    }
}

impl Dealing for BySelection {
    #[inline(always)]
    fn extract(self, x: u64, mask: u64) -> u64 {
        self.0.extract_bits(x, mask)
    }

    /// The two deals' cards taken in turn: each deal's selections wait on its previous
    /// one (the live set), so two chains in flight keep the CPU busy. (`K` is known, so
    /// the loop unrolls.)
    #[inline(always)]
    fn deal_two<const K: usize>(
        self,
        draws: &mut CardDraws,
        (live_a, count_a): (&mut CardSet, &mut u32),
        (live_b, count_b): (&mut CardSet, &mut u32),
    ) -> (Hand, Hand) {
        use rand::Rng;
        let (mut a, mut b) = (Hand::new(), Hand::new());
        for _ in 0..K {
            // One 64-bit draw per pair of cards, 32 bits each: fewer steps than 16-bit
            // chunks, whose bookkeeping the unrolled loop would repeat per card.
            let x = draws.rng.next_u64();
            let ra = draws.below_given(x as u32, *count_a);
            let rb = draws.below_given((x >> 32) as u32, *count_b);
            a = a.add(self.take(live_a, count_a, ra));
            b = b.add(self.take(live_b, count_b, rb));
        }
        (a, b)
    }

    #[inline(always)]
    fn deal(self, draws: &mut CardDraws, live: &mut CardSet, count: &mut u32, k: usize) -> Hand {
        let mut hand = Hand::new();
        for _ in 0..k {
            hand = hand.add(self.deal_card(draws, live, count));
        }
        hand
    }
}

impl BySelection {
    /// One uniform card taken out of `live` (which holds `count` cards, at least one).
    #[inline(always)]
    pub fn deal_card(self, draws: &mut CardDraws, live: &mut CardSet, count: &mut u32) -> Card {
        let r = draws.chunk_below(*count);
        self.take(live, count, r)
    }

    /// The `r`-th card of `live` (`r` below `count`, its size) taken out of it.
    #[inline(always)]
    fn take(self, live: &mut CardSet, count: &mut u32, r: u32) -> Card {
        debug_assert!(r < *count, "no live card left");
        *count -= 1;
        live.take_nth(self.0, r)
    }
}
