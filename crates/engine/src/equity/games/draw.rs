//! Equity in a draw game for stated keeps (reference §9): each seat keeps the cards it
//! names and draws the rest of its hand at random, once; hands are valued by the game's
//! lowball or badugi rule ([`DrawRule`]: lower wins, ties split the pot). Exact over every
//! draw where affordable, Monte Carlo otherwise — with the games engine's tallies, stop
//! rules, precision targets and figures.

use super::{exact_result, monte_carlo_result, GameTally, Sums};
use crate::cards::{format_cards, Card, CardSet};
use crate::equity::monte_carlo::{batch_rng, below};
use crate::equity::run::RunSettings;
use crate::equity::{choose, EquityError, MatchupResult, Method};
use crate::eval::draw::DrawRule;
use crate::range::for_each_subset;
use rayon::prelude::*;

/// Draws enumerated exactly at most (a few seconds on two cores); past it, Monte Carlo.
pub const DRAW_EXACT_DEALS: f64 = 5.0e6;

/// A validated draw: the rule, each seat's kept cards and how many it draws, dead cards.
#[derive(Clone, Debug)]
pub struct DrawMatchup {
    /// The game: its deck deals the draws, its name is the result's.
    pub game: crate::cards::Game,
    /// The rule hands are valued by (the game's).
    pub rule: DrawRule,
    /// Each seat's kept cards.
    pub keeps: Vec<Vec<Card>>,
    /// Cards out of play (discards seen, folded hands shown).
    pub dead: CardSet,
    /// The cards the seats may draw: the deck less every kept and dead card.
    live: Vec<Card>,
}

/// Cards in a hand under `rule`.
fn hand_size(rule: DrawRule) -> usize {
    rule.card_counts().0
}

impl DrawMatchup {
    /// Checks and builds a draw of the built-in game of `rule` (see [`DrawMatchup::in_game`]).
    pub fn new(
        rule: DrawRule,
        keeps: Vec<Vec<Card>>,
        dead: CardSet,
    ) -> Result<DrawMatchup, EquityError> {
        DrawMatchup::in_game(rule.game(), keeps, dead)
    }

    /// Checks and builds a draw in `game` (a draw game: its rule, deck and name): 2 or
    /// more seats, each keeping at most a hand's cards of the deck, no card in two places,
    /// enough cards left in the deck for every draw.
    pub fn in_game(
        game: crate::cards::Game,
        keeps: Vec<Vec<Card>>,
        dead: CardSet,
    ) -> Result<DrawMatchup, EquityError> {
        let rule = DrawRule::of_game(game)
            .ok_or_else(|| EquityError::Impossible(format!("{game} is not a draw game")))?;
        let size = hand_size(rule);
        if keeps.len() < 2 {
            return Err(EquityError::BadSeat(format!(
                "a draw needs two seats or more, got {}",
                keeps.len()
            )));
        }
        let mut seen = dead;
        let mut owner: Vec<(Card, String)> =
            dead.iter().map(|c| (c, "dead cards".to_string())).collect();
        for (i, keep) in keeps.iter().enumerate() {
            let name = crate::equity::seat_name(i);
            if keep.len() > size {
                return Err(EquityError::BadSeat(format!(
                    "{name} keeps {} cards; a {} hand holds {size}",
                    keep.len(),
                    rule.name()
                )));
            }
            for &c in keep {
                if !game.has_card(c) {
                    return Err(EquityError::BadSeat(format!(
                        "{name} keeps {c}, which {game} does not deal ({})",
                        game.deck_words()
                    )));
                }
                if keep.iter().filter(|&&k| k == c).count() > 1 {
                    return Err(EquityError::BadSeat(format!("{name} keeps {c} twice")));
                }
                if !seen.insert(c) {
                    let first = owner
                        .iter()
                        .find(|(k, _)| *k == c)
                        .map_or(String::new(), |o| o.1.clone());
                    return Err(EquityError::CardTwice {
                        card: c,
                        first,
                        second: name,
                    });
                }
                owner.push((c, name.clone()));
            }
        }
        let live: Vec<Card> = game.deck().difference(seen).iter().collect();
        let needed: usize = keeps.iter().map(|k| size - k.len()).sum();
        if needed > live.len() {
            return Err(EquityError::NotEnoughCards(format!(
                "the seats draw {needed} cards; {} are left",
                live.len()
            )));
        }
        Ok(DrawMatchup {
            game,
            rule,
            keeps,
            dead,
            live,
        })
    }

    /// Cards each seat draws.
    pub fn draws(&self) -> Vec<usize> {
        self.keeps
            .iter()
            .map(|k| hand_size(self.rule) - k.len())
            .collect()
    }

    /// Every way the draws can come: the product over seats of the ways to draw from what
    /// the seats before left.
    pub fn exact_deals(&self) -> f64 {
        let mut left = self.live.len();
        let mut deals = 1.0;
        for d in self.draws() {
            // Each factor fits a u64 (at most C(52, 5)); their product may not.
            deals *= choose(left as u64, d as u64) as f64;
            left -= d;
        }
        deals
    }

    /// Whether a run with `method` enumerates (auto: at most [`DRAW_EXACT_DEALS`]).
    fn enumerates(&self, method: Method) -> bool {
        match method {
            Method::Exact => true,
            Method::MonteCarlo => false,
            Method::Auto => self.exact_deals() <= DRAW_EXACT_DEALS,
        }
    }

    /// The deals exact work visits (0 for Monte Carlo); an exact request past fifty times
    /// the auto bound is refused, saying so.
    pub fn check_affordable(&self, method: Method) -> Result<f64, EquityError> {
        if !self.enumerates(method) {
            return Ok(0.0);
        }
        let deals = self.exact_deals();
        if deals > 50.0 * DRAW_EXACT_DEALS {
            return Err(EquityError::ExactNotOffered(format!(
                "{deals:.3e} draws to visit; use Monte Carlo"
            )));
        }
        Ok(deals)
    }

    /// The seats' texts (`7c 5d 4h 3s + 1`), for titles.
    pub fn describe(&self) -> Vec<String> {
        self.keeps
            .iter()
            .zip(self.draws())
            .map(|(k, d)| match d {
                0 => format!("{} (pat)", format_cards(k)),
                d => format!("{} + draw {d}", format_cards(k)),
            })
            .collect()
    }

    /// One deal's shares: each seat's hand (keeps and its drawn cards) valued, the lowest
    /// winning, ties splitting.
    fn settle(&self, drawn: &[Vec<Card>], sums: &mut [Sums], hand: &mut Vec<Card>) {
        // At most 13 seats (badugi's four cards each from 52).
        let mut values = [0u32; 13];
        let values = &mut values[..self.keeps.len()];
        for ((keep, got), v) in self.keeps.iter().zip(drawn).zip(values.iter_mut()) {
            hand.clear();
            hand.extend_from_slice(keep);
            hand.extend_from_slice(got);
            *v = self.rule.value_of(hand);
        }
        let best = *values.iter().min().expect("two seats or more");
        let winners = values.iter().filter(|&&v| v == best).count();
        let share = 1.0 / winners as f64;
        for (s, &v) in sums.iter_mut().zip(values.iter()) {
            s.weight += 1.0;
            if v == best {
                if winners == 1 {
                    s.win += 1.0;
                } else {
                    s.tie += 1.0;
                }
                s.equity += share;
                s.equity_squares += share * share;
            }
        }
    }
}

/// Every `k` of `cards` (through the ranges' [`for_each_subset`]), each handed to `each`
/// with the cards left.
fn for_each_draw(cards: &[Card], k: usize, each: &mut dyn FnMut(&[Card], &[Card])) {
    for_each_subset(cards, k, &mut |set: CardSet| {
        let chosen: Vec<Card> = set.iter().collect();
        let rest: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|&c| !set.contains(c))
            .collect();
        each(&chosen, &rest);
    });
}

/// Exact: every draw of every seat, the first seat's draws shared among the threads.
fn exact(m: &DrawMatchup) -> GameTally {
    let draws = m.draws();
    let seats = m.keeps.len();
    let mut firsts: Vec<(Vec<Card>, Vec<Card>)> = Vec::new();
    for_each_draw(&m.live, draws[0], &mut |chosen, rest| {
        firsts.push((chosen.to_vec(), rest.to_vec()))
    });
    let parts: Vec<(Vec<Sums>, u64)> = firsts
        .par_iter()
        .map(|(first, rest)| {
            let mut sums = vec![Sums::default(); seats];
            let mut deals = 0u64;
            let mut drawn: Vec<Vec<Card>> = vec![first.clone()];
            let mut hand = Vec::with_capacity(7);
            rest_of(
                m, &draws, 1, rest, &mut drawn, &mut sums, &mut deals, &mut hand,
            );
            (sums, deals)
        })
        .collect();
    let mut sums = vec![Sums::default(); seats];
    let mut deals = 0;
    for (part, n) in &parts {
        for (a, b) in sums.iter_mut().zip(part) {
            a.add(b);
        }
        deals += n;
    }
    GameTally::of_sums(&sums, deals, deals, false)
}

#[allow(clippy::too_many_arguments)]
fn rest_of(
    m: &DrawMatchup,
    draws: &[usize],
    seat: usize,
    live: &[Card],
    drawn: &mut Vec<Vec<Card>>,
    sums: &mut [Sums],
    deals: &mut u64,
    hand: &mut Vec<Card>,
) {
    if seat == draws.len() {
        m.settle(drawn, sums, hand);
        *deals += 1;
        return;
    }
    for_each_draw(live, draws[seat], &mut |chosen, rest| {
        drawn.push(chosen.to_vec());
        rest_of(m, draws, seat + 1, rest, drawn, sums, deals, hand);
        drawn.pop();
    });
}

/// One Monte Carlo batch: `deals` draws from a shuffle of the live cards.
fn batch(m: &DrawMatchup, seed: u64, index: u64, deals: u32) -> GameTally {
    let mut rng = batch_rng(seed, index);
    let draws = m.draws();
    let total: usize = draws.iter().sum();
    let mut live = m.live.clone();
    let mut sums = vec![Sums::default(); m.keeps.len()];
    let mut drawn: Vec<Vec<Card>> = vec![Vec::new(); m.keeps.len()];
    let mut hand = Vec::with_capacity(7);
    for _ in 0..deals {
        // The first `total` places of a partial shuffle are the cards drawn.
        for i in 0..total {
            let j = i + below(&mut rng, (live.len() - i) as u32) as usize;
            live.swap(i, j);
        }
        let mut at = 0;
        for (seat, &d) in draws.iter().enumerate() {
            drawn[seat].clear();
            drawn[seat].extend_from_slice(&live[at..at + d]);
            at += d;
        }
        m.settle(&drawn, &mut sums, &mut hand);
    }
    GameTally::of_sums(&sums, deals as u64, deals as u64, true)
}

/// Runs a draw: exact when every draw can be visited within [`DRAW_EXACT_DEALS`] (or
/// when asked), Monte Carlo otherwise; `progress` sees Monte Carlo estimates.
pub fn run_draw(
    m: &DrawMatchup,
    settings: &RunSettings,
    progress: impl FnMut(&MatchupResult) -> bool,
) -> Result<MatchupResult, EquityError> {
    let game = m.game;
    if m.enumerates(settings.method) {
        let deals = m.check_affordable(Method::Exact)?;
        return Ok(exact_result(&exact(m), game, settings, deals));
    }
    Ok(monte_carlo_result(
        game,
        settings,
        |seed, i, n| batch(m, seed, i, n),
        progress,
    ))
}
