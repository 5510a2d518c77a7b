//! Helpers shared by the integration tests: a deliberately plain reference evaluator,
//! a seeded card dealer, and running work on a given number of threads.
#![allow(dead_code)]

pub mod query;

use multiodds_engine::cards::Card;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::cmp::Ordering;

/// Category (0 = high card … 8 = straight flush) and tie-break ranks of exactly 5 cards,
/// computed the way a person would: sort, count, look for a flush and a straight.
pub fn reference_five(cards: &[Card]) -> (u8, Vec<u8>) {
    assert_eq!(cards.len(), 5);
    let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.rank()).collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let mut distinct = ranks.clone();
    distinct.dedup();
    let straight_top = if distinct.len() == 5 && ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if distinct == [12, 3, 2, 1, 0] {
        Some(3) // the wheel: five-high
    } else {
        None
    };
    // Groups by (count, rank), biggest first: the tie-break order of every category.
    let mut groups: Vec<(usize, u8)> = distinct
        .iter()
        .map(|&r| (ranks.iter().filter(|&&x| x == r).count(), r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let by_groups: Vec<u8> = groups.iter().map(|g| g.1).collect();
    let counts: Vec<usize> = groups.iter().map(|g| g.0).collect();
    match (straight_top, flush, counts.as_slice()) {
        (Some(top), true, _) => (8, vec![top]),
        (_, _, [4, 1]) => (7, by_groups),
        (_, _, [3, 2]) => (6, by_groups),
        (_, true, _) => (5, ranks),
        (Some(top), false, _) => (4, vec![top]),
        (_, _, [3, 1, 1]) => (3, by_groups),
        (_, _, [2, 2, 1]) => (2, by_groups),
        (_, _, [2, 1, 1, 1]) => (1, by_groups),
        _ => (0, ranks),
    }
}

/// The best 5 of 5 to 7 cards, by trying every five-card subset.
pub fn reference_best(cards: &[Card]) -> (u8, Vec<u8>) {
    let n = cards.len();
    let mut best: Option<(u8, Vec<u8>)> = None;
    for skip_mask in 0u32..(1 << n) {
        if skip_mask.count_ones() as usize != n - 5 {
            continue;
        }
        let five: Vec<Card> = (0..n)
            .filter(|i| skip_mask & (1 << i) == 0)
            .map(|i| cards[i])
            .collect();
        let value = reference_five(&five);
        if best.as_ref().is_none_or(|b| value > *b) {
            best = Some(value);
        }
    }
    best.expect("at least five cards")
}

pub fn reference_cmp(a: &[Card], b: &[Card]) -> Ordering {
    reference_best(a).cmp(&reference_best(b))
}

/// A seeded dealer of distinct cards.
pub struct Dealer(Xoshiro256PlusPlus);

impl Dealer {
    pub fn new(seed: u64) -> Dealer {
        Dealer(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// `n` distinct random cards.
    pub fn deal(&mut self, n: usize) -> Vec<Card> {
        let mut used = 0u64;
        let mut cards = Vec::with_capacity(n);
        while cards.len() < n {
            let i: u8 = self.0.random_range(0..52);
            if used & (1 << i) == 0 {
                used |= 1 << i;
                cards.push(Card::from_index(i).unwrap());
            }
        }
        cards
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0.random_range(0..n)
    }
}

pub fn cards(text: &str) -> Vec<Card> {
    multiodds_engine::cards::parse_card_list(text).unwrap()
}

/// A validated matchup from range texts and a board (no dead cards).
pub fn matchup(seats: &[&str], board: &str) -> multiodds_engine::equity::Matchup {
    multiodds_engine::equity::Matchup::new(
        seats
            .iter()
            .map(|s| multiodds_engine::range::HandRange::parse(s).unwrap())
            .collect(),
        multiodds_engine::cards::CardSet::parse(board).unwrap(),
        multiodds_engine::cards::CardSet::EMPTY,
    )
    .unwrap()
}

/// Runs `work` on a pool of `threads` threads (results must not depend on it).
pub fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(work)
}

/// The cards from rank `lowest` (`"T"`, `"6"`) up to the aces: a short deck.
pub fn deck_from(lowest: &str) -> multiodds_engine::cards::CardSet {
    let ranks = "23456789TJQKA";
    let from = ranks.find(lowest).expect("a rank");
    let text: Vec<String> = ranks[from..]
        .chars()
        .flat_map(|r| "shdc".chars().map(move |s| format!("{r}{s}")))
        .collect();
    multiodds_engine::cards::CardSet::parse(&text.join(" ")).expect("cards")
}

/// A game defined in a test: `down` cards each and one five-card board (or, with
/// `board` false, `down` down cards, `up` up cards and no board; or a single draw of
/// `down` cards when `draw`), valued by the best five in the usual order with `low`.
pub fn define_game(
    name: &str,
    deck: multiodds_engine::cards::CardSet,
    dealing: multiodds_engine::cards::Dealing,
    low: multiodds_engine::cards::LowRule,
) -> multiodds_engine::cards::Game {
    use multiodds_engine::cards::{Game, HandRule, HighOrder, Valuation};
    let valuation = Valuation {
        hand: HandRule::BestFive,
        high: HighOrder::Standard,
        low,
    };
    Game::define(name, deck, dealing, valuation).expect("a valid game")
}

/// One five-card board and `down` hole cards each.
pub fn board_dealing(down: u8) -> multiodds_engine::cards::Dealing {
    multiodds_engine::cards::Dealing {
        down_cards: down,
        up_cards: 0,
        boards: 1,
        board_cards: 5,
        draws: 0,
    }
}

/// `down` cards each and one draw, no board.
pub fn draw_dealing(down: u8) -> multiodds_engine::cards::Dealing {
    multiodds_engine::cards::Dealing {
        down_cards: down,
        up_cards: 0,
        boards: 0,
        board_cards: 0,
        draws: 1,
    }
}

/// Each seat's Monte Carlo equity within four of its standard errors of the exact one.
pub fn assert_within_four_errors(
    mc: &multiodds_engine::equity::MatchupResult,
    exact: &multiodds_engine::equity::MatchupResult,
    what: &str,
) {
    for (a, b) in mc.seats.iter().zip(&exact.seats) {
        assert!(
            (a.equity - b.equity).abs() <= 4.0 * a.equity_se + 1e-9,
            "{what}: {} ± {} against exact {}",
            a.equity,
            a.equity_se,
            b.equity
        );
    }
}
