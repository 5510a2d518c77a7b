//! Equity by combo and next card, heads-up (reference §7): every combo of one range gets
//! its exact equity against another range on a board, and every card that can come next
//! gets its probability and each seat's equity when it comes.
//!
//! Each completed board is valued once per combo: both ranges' combos are sorted by
//! their value and swept in order, keeping the other range's weight below and level
//! with the current value in total and per card, so a combo's wins and ties come from
//! those sums less the other range's combos that share one of its cards (card removal
//! exact, by inclusion and exclusion). A flop costs about 1,000 boards of 1,326
//! evaluations and one sort each.

use super::{EquityError, RunControl};
use crate::cards::{Card, CardSet};
use crate::eval::{Hand, HandValue};
use crate::range::{Combo, HandRange, COMBOS};

/// One combo's exact equity against the other range, and its share of the deals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ComboEquity {
    /// The combo.
    pub combo: Combo,
    /// Its weight in its range.
    pub weight: f64,
    /// Its share of the deals (its weight times the weight of the other range's combos
    /// it can meet); the shares add up to 1.
    pub share: f64,
    /// Its equity against the other range: wins plus half the ties.
    pub equity: f64,
    /// Its chance to win outright.
    pub win: f64,
    /// Its chance to tie.
    pub tie: f64,
}

/// Every combo's equity, and the weight of all deals.
#[derive(Clone, Debug, PartialEq)]
pub struct ByCombo {
    /// One entry per combo of the first range that can be dealt.
    pub combos: Vec<ComboEquity>,
    /// The weight of all deals: the sum over pairs of combos that share no card of their
    /// weights' product (board and dead cards removed).
    pub deal_weight: f64,
}

impl ByCombo {
    /// The first range's equity: the share-weighted mean of its combos'.
    pub fn equity(&self) -> f64 {
        self.combos.iter().map(|c| c.share * c.equity).sum()
    }
}

/// The live combos of a range and their weights.
fn live(range: &HandRange, blocked: CardSet) -> Vec<(Combo, f64)> {
    range
        .iter()
        .filter(|(c, _)| !c.card_set().intersects(blocked))
        .map(|(c, w)| (c, w as f64))
        .collect()
}

/// Every way to complete `board` to five cards from the cards not in `blocked`.
fn completions(board: CardSet, blocked: CardSet) -> Vec<CardSet> {
    let deck: Vec<Card> = blocked.union(board).complement().iter().collect();
    let need = 5 - board.len();
    let mut out = Vec::new();
    fn go(deck: &[Card], from: usize, need: usize, set: CardSet, out: &mut Vec<CardSet>) {
        if need == 0 {
            out.push(set);
            return;
        }
        for i in from..deck.len() + 1 - need {
            let mut s = set;
            s.insert(deck[i]);
            go(deck, i + 1, need - 1, s, out);
        }
    }
    go(&deck, 0, need, board, &mut out);
    out
}

/// Per-card sums of the other range's weight (52 cards and the total).
#[derive(Clone, Copy)]
struct CardSums {
    total: f64,
    card: [f64; 52],
}

impl CardSums {
    const ZERO: CardSums = CardSums {
        total: 0.0,
        card: [0.0; 52],
    };

    fn add(&mut self, combo: Combo, w: f64) {
        let (a, b) = combo.cards();
        self.total += w;
        self.card[a.index()] += w;
        self.card[b.index()] += w;
    }

    /// The weight of the combos that share no card with `combo` (the combo itself is
    /// added back: removed once per card).
    fn without(&self, combo: Combo, itself: f64) -> f64 {
        let (a, b) = combo.cards();
        self.total - self.card[a.index()] - self.card[b.index()] + itself
    }
}

/// Each combo of `hero` against `villain` on `board` (0 or 3 to 5 cards), with `dead`
/// cards out: exact equity, win, tie and share. Preflop without dead cards it comes
/// from the shipped table of every hand pair; preflop with dead cards is refused (its
/// 1.7 million boards per pair are not affordable here). On a flop it is the Flops
/// report's kernel (sums per rank pair, about 5 ms for `random` against `random` where
/// [`by_combo_enumerated`] takes 35); on a turn or river the plain enumeration.
pub fn by_combo(
    hero: &HandRange,
    villain: &HandRange,
    board: CardSet,
    dead: CardSet,
    control: &RunControl,
) -> Result<ByCombo, EquityError> {
    super::check_board(board, dead)?;
    if board.is_empty() {
        return preflop(hero, villain, dead);
    }
    if let [a, b, c] = board.iter().collect::<Vec<_>>()[..] {
        return on_flop(hero, villain, [a, b, c], dead);
    }
    by_combo_enumerated(hero, villain, board, dead, control)
}

/// A flop by the Flops report's kernel: `hero`'s combos, in combo order.
fn on_flop(
    hero: &HandRange,
    villain: &HandRange,
    flop: [Card; 3],
    dead: CardSet,
) -> Result<ByCombo, EquityError> {
    let sums = super::flop_heads_up::flop_sums([hero, villain], flop, dead);
    let mut order: Vec<usize> = (0..sums.combos.len())
        .filter(|&k| sums.weight[0][k] > 0.0)
        .collect();
    order.sort_unstable_by_key(|&k| sums.combos[k]);
    let heroes: Vec<(Combo, f64)> = order
        .iter()
        .map(|&k| (sums.combos[k], sums.weight[0][k]))
        .collect();
    let pick = |v: &[f64]| -> Vec<f64> { order.iter().map(|&k| v[k]).collect() };
    let (win, equity, total) = (
        pick(&sums.win[0]),
        pick(&sums.equity[0]),
        pick(&sums.total[0]),
    );
    let tie: Vec<f64> = equity
        .iter()
        .zip(&win)
        .map(|(e, w)| 2.0 * (e - w))
        .collect();
    finish_with(&heroes, &win, &tie, &equity, &total)
}

/// [`by_combo`] by plain enumeration on a flop, turn or river: every completed board
/// valued once per combo, both ranges sorted by value and swept. The turn's and river's
/// path, and on the flop the reference the faster kernel is tested against.
pub fn by_combo_enumerated(
    hero: &HandRange,
    villain: &HandRange,
    board: CardSet,
    dead: CardSet,
    control: &RunControl,
) -> Result<ByCombo, EquityError> {
    super::check_board(board, dead)?;
    if board.len() < 3 {
        return Err(EquityError::Impossible(
            "equity by combo needs a flop, turn or river, or no board at all".into(),
        ));
    }
    let blocked = board.union(dead);
    let heroes = live(hero, blocked);
    let villains = live(villain, blocked);
    let mut villain_weight = [0.0f64; COMBOS];
    for &(c, w) in &villains {
        villain_weight[c.index()] = w;
    }
    // Per hero combo: wins, ties and deal weight summed over the boards.
    let mut win = vec![0.0f64; heroes.len()];
    let mut tie = vec![0.0f64; heroes.len()];
    let mut total = vec![0.0f64; heroes.len()];
    // (value, is hero, index into its list), sorted each board.
    let mut order: Vec<(HandValue, bool, usize)> =
        Vec::with_capacity(heroes.len() + villains.len());
    for full in completions(board, dead) {
        if control.is_cancelled() {
            return Err(EquityError::Impossible("stopped".into()));
        }
        let board_hand = Hand::from_cards(&full.iter().collect::<Vec<_>>());
        order.clear();
        let mut all = CardSums::ZERO;
        for (is_hero, list) in [(true, &heroes), (false, &villains)] {
            for (i, &(c, w)) in list.iter().enumerate() {
                if c.card_set().intersects(full) {
                    continue;
                }
                let (a, b) = c.cards();
                order.push((board_hand.add(a).add(b).evaluate(), is_hero, i));
                if !is_hero {
                    all.add(c, w);
                }
            }
        }
        order.sort_unstable_by_key(|&(v, is_hero, _)| (v, is_hero));
        // The villains strictly below the current value, and level with it.
        let mut below = CardSums::ZERO;
        let mut at = 0;
        while at < order.len() {
            let v = order[at].0;
            let end = at + order[at..].iter().take_while(|o| o.0 == v).count();
            let mut level = CardSums::ZERO;
            for &(_, is_hero, i) in &order[at..end] {
                if !is_hero {
                    level.add(villains[i].0, villains[i].1);
                }
            }
            for &(_, is_hero, i) in &order[at..end] {
                if is_hero {
                    let c = heroes[i].0;
                    // The hero's own combo in the villain range shares both its cards:
                    // subtracted twice, added back once (it is level, never below).
                    let itself = villain_weight[c.index()];
                    win[i] += below.without(c, 0.0);
                    tie[i] += level.without(c, itself);
                    total[i] += all.without(c, itself);
                }
            }
            for &(_, is_hero, i) in &order[at..end] {
                if !is_hero {
                    below.add(villains[i].0, villains[i].1);
                }
            }
            at = end;
        }
    }
    finish(&heroes, &win, &tie, &total)
}

/// Equities and shares from the summed wins, ties and deal weights (heads-up: a tie is
/// half the pot).
fn finish(
    heroes: &[(Combo, f64)],
    win: &[f64],
    tie: &[f64],
    total: &[f64],
) -> Result<ByCombo, EquityError> {
    let equity: Vec<f64> = win.iter().zip(tie).map(|(w, t)| w + t / 2.0).collect();
    finish_with(heroes, win, tie, &equity, total)
}

/// Equities and shares from the summed wins, ties, pot shares and deal weights.
fn finish_with(
    heroes: &[(Combo, f64)],
    win: &[f64],
    tie: &[f64],
    equity: &[f64],
    total: &[f64],
) -> Result<ByCombo, EquityError> {
    let deal_weight: f64 = heroes.iter().zip(total).map(|((_, w), t)| w * t).sum();
    if deal_weight <= 0.0 {
        return Err(EquityError::Impossible(
            "no combo of the first range can meet one of the second".into(),
        ));
    }
    let combos = heroes
        .iter()
        .enumerate()
        .filter(|&(i, _)| total[i] > 0.0)
        .map(|(i, &(combo, weight))| ComboEquity {
            combo,
            weight,
            share: weight * total[i] / deal_weight,
            equity: equity[i] / total[i],
            win: win[i] / total[i],
            tie: tie[i] / total[i],
        })
        .collect();
    Ok(ByCombo {
        combos,
        deal_weight,
    })
}

/// Each combo of `hero` against two or more `others`: one exact enumeration per combo
/// (the combo against every other range), in parallel; refused with its estimate when
/// the whole would take longer than the bound on `threads`.
pub fn by_combo_multiway(
    hero: &HandRange,
    others: &[HandRange],
    board: CardSet,
    dead: CardSet,
    control: &RunControl,
    threads: usize,
) -> Result<ByCombo, EquityError> {
    super::check_board(board, dead)?;
    let heroes = live(hero, board.union(dead));
    // A first estimate from one combo, scaled to all of them, refuses out-of-reach work
    // before every combo's matchup is built and estimated.
    let one = heroes.iter().find_map(|&(c, _)| {
        let mut ranges = vec![HandRange::single(c)];
        ranges.extend(others.iter().cloned());
        super::Matchup::new(ranges, board, dead).ok()
    });
    let rough = one.as_ref().map_or(0.0, |m| {
        super::exact::estimated_evaluations(m) * heroes.len() as f64
    });
    // Within a factor of four of the bound, the exact sum in enumerate_all decides.
    super::run::check_exact_cost(rough / 4.0, threads)?;
    drop(one);
    // A combo that leaves the others no deal takes part in none.
    let build = |i: usize| {
        let mut ranges = vec![HandRange::single(heroes[i].0)];
        ranges.extend(others.iter().cloned());
        super::Matchup::new(ranges, board, dead).ok()
    };
    let keys: Vec<usize> = (0..heroes.len()).collect();
    let limits = (threads, super::memory::DEFAULT_MEMORY_BUDGET);
    let tallies = enumerate_all(&keys, build, rough, control, limits)?;
    if control.is_cancelled() {
        return Err(EquityError::Impossible("stopped".into()));
    }
    let n = heroes.len();
    let (mut win, mut tie, mut equity, mut total) =
        (vec![0.0; n], vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    for (i, t) in tallies {
        let s = &t.seats[0];
        win[i] = s.win.s;
        tie[i] = s.tie.s;
        equity[i] = s.equity.s;
        total[i] = s.equity.n;
    }
    finish_with(&heroes, &win, &tie, &equity, &total)
}

/// Enumerates every key's matchup exactly, one after another (each enumeration is
/// parallel itself, so one at a time holds one enumeration's memory, within the budget);
/// each tally keeps its key. A matchup is built from its key when its turn comes and
/// dropped when done: 1,326 combos' matchups held together with their canonical classes
/// took 3.3 GB. The whole must stay within the time bound on `threads`: when `rough`
/// (one matchup's estimate times their number) is within a quarter of the bound that is
/// settled; nearer it, every matchup is built and estimated first (twice the building).
/// A key whose matchup does not build (no deal) takes part in none.
fn enumerate_all<K: Copy + Send + Sync>(
    keys: &[K],
    build: impl Fn(K) -> Option<super::Matchup>,
    rough: f64,
    control: &RunControl,
    (threads, memory_budget): (usize, u64),
) -> Result<Vec<(K, super::MatchupTally)>, EquityError> {
    // Each key's estimate: its own near the bound, else an equal share of `rough`.
    let mut costs = vec![rough / keys.len().max(1) as f64; keys.len()];
    if super::run::check_exact_cost(4.0 * rough, threads).is_err() {
        for (cost, &key) in costs.iter_mut().zip(keys) {
            *cost = build(key).map_or(0.0, |m| super::exact::estimated_evaluations(&m));
        }
        super::run::check_exact_cost(costs.iter().sum(), threads)?;
    }
    let mut clock = super::run::ProjectedTime::new(costs.iter().sum(), threads);
    let mut out = Vec::with_capacity(keys.len());
    for (&key, &cost) in keys.iter().zip(&costs) {
        if let Some(m) = build(key) {
            out.push((
                key,
                super::exact::run_enumerating(&m, control, memory_budget)?,
            ));
        }
        // The estimate is a model; the time taken so far is the truth on this machine.
        clock.done(cost)?;
    }
    Ok(out)
}

/// Preflop from the table of every hand pair: each pair's wins and ties over its
/// 1,712,304 boards, weighted by the villain combo's weight.
fn preflop(hero: &HandRange, villain: &HandRange, dead: CardSet) -> Result<ByCombo, EquityError> {
    use super::preflop_table::{PreflopTable, BOARDS};
    if !dead.is_empty() {
        return Err(EquityError::Impossible(
            "equity by combo preflop with dead cards is not supported yet: give a board or \
             leave the dead cards out"
                .into(),
        ));
    }
    let table = PreflopTable::get().map_err(|e| EquityError::Internal(e.to_string()))?;
    let heroes = live(hero, CardSet::EMPTY);
    let villains = live(villain, CardSet::EMPTY);
    let mut win = vec![0.0f64; heroes.len()];
    let mut tie = vec![0.0f64; heroes.len()];
    let mut total = vec![0.0f64; heroes.len()];
    for (i, &(h, _)) in heroes.iter().enumerate() {
        for &(v, w) in &villains {
            if let Some(p) = table.pair(h, v) {
                win[i] += w * p.win as f64 / BOARDS as f64;
                tie[i] += w * p.tie as f64 / BOARDS as f64;
                total[i] += w;
            }
        }
    }
    finish(&heroes, &win, &tie, &total)
}

/// What the next card does, heads-up: for every card that can come, its probability
/// (its share of the deals) and each seat's equity when it comes.
#[derive(Clone, Debug, PartialEq)]
pub struct NextCard {
    /// The card.
    pub card: Card,
    /// Its probability: the probabilities add up to 1.
    pub probability: f64,
    /// Each seat's equity on the board with the card.
    pub equity: Vec<f64>,
}

/// For every card that can come on a flop or turn, its probability and every seat's
/// equity (exact). Σ probability × equity is each seat's equity now. Heads-up each card
/// is valued by combo; with more seats each card is one exact enumeration (each within
/// `memory_budget` bytes), refused with its estimate when all of them would take longer
/// than the bound on `threads`.
pub fn next_cards(
    ranges: &[&HandRange],
    board: CardSet,
    dead: CardSet,
    control: &RunControl,
    threads: usize,
    memory_budget: u64,
) -> Result<Vec<NextCard>, EquityError> {
    super::check_board(board, dead)?;
    if !(3..=4).contains(&board.len()) {
        return Err(EquityError::Impossible(
            "the next card needs a flop or a turn".into(),
        ));
    }
    if ranges.len() < 2 {
        return Err(EquityError::SeatCount(ranges.len()));
    }
    let cards: Vec<Card> = board.union(dead).complement().iter().collect();
    let with = |card: Card| {
        let mut b = board;
        b.insert(card);
        b
    };
    let mut out = Vec::new();
    if ranges.len() == 2 {
        for &card in &cards {
            // A card that leaves no deal has probability 0 and no equity to show.
            match by_combo(ranges[0], ranges[1], with(card), dead, control) {
                Ok(r) => {
                    let e = r.equity();
                    out.push(NextCard {
                        card,
                        probability: r.deal_weight,
                        equity: vec![e, 1.0 - e],
                    });
                }
                Err(EquityError::Impossible(why)) if why == "stopped" => {
                    return Err(EquityError::Impossible(why))
                }
                Err(_) => continue,
            }
        }
    } else {
        let owned: Vec<HandRange> = ranges.iter().map(|r| (*r).clone()).collect();
        // One card's estimate, scaled to all of them, first (see `by_combo_multiway`).
        let rough = cards
            .iter()
            .find_map(|&card| super::Matchup::new(owned.clone(), with(card), dead).ok())
            .map_or(0.0, |m| {
                super::exact::estimated_evaluations(&m) * cards.len() as f64
            });
        super::run::check_exact_cost(rough / 4.0, threads)?;
        let build = |card: Card| super::Matchup::new(owned.clone(), with(card), dead).ok();
        for (card, t) in enumerate_all(&cards, build, rough, control, (threads, memory_budget))? {
            // Every deal on this card has as many river cards: the weight of the
            // (deal, river) pairs is proportional to the weight of the deals.
            let weight = t.seats[0].equity.n;
            out.push(NextCard {
                card,
                probability: weight,
                equity: t
                    .seats
                    .iter()
                    .map(|s| s.equity.mean().unwrap_or(0.0))
                    .collect(),
            });
        }
    }
    if control.is_cancelled() {
        return Err(EquityError::Impossible("stopped".into()));
    }
    // Each deal's next card is one of the cards it leaves, all alike: a card's share is
    // the weight of the deals it can come to (their count of live cards is the same).
    let sum: f64 = out.iter().map(|n| n.probability).sum();
    if sum <= 0.0 {
        return Err(EquityError::Impossible(
            "no deal exists for these ranges and cards".into(),
        ));
    }
    for n in &mut out {
        n.probability /= sum;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::{exact, Matchup, Method};

    fn cards(text: &str) -> CardSet {
        CardSet::parse(text).unwrap()
    }

    /// The matchup's exact equity of seat 1, by the enumeration engine.
    fn exact_equity(hero: &HandRange, villain: &HandRange, board: CardSet, dead: CardSet) -> f64 {
        let m = Matchup::new(vec![hero.clone(), villain.clone()], board, dead).unwrap();
        exact::run_enumerating(&m, &RunControl::new(), u64::MAX)
            .unwrap()
            .result(Method::Exact, None)
            .seats[0]
            .equity
    }

    #[test]
    fn combos_and_their_mean_equal_enumeration() {
        let cases = [
            (
                "AA, KK:0.5, AKs, T9s, 76s",
                "22+, A2s+, KTs+, ATo+:0.3",
                "Kd 7c 2s",
                "",
            ),
            ("QQ+, AK", "random", "Jh 4c 3h 9s", "2d"),
            ("random", "TT+, AQs+:0.5", "Ah Kh 5c 5d 2s", "3c 4c"),
            ("87s, 65s, JTs", "AA, 77, 22", "9s 6s 2c", "Ah"),
        ];
        for (hero, villain, board, dead) in cases {
            let (h, v) = (
                HandRange::parse(hero).unwrap(),
                HandRange::parse(villain).unwrap(),
            );
            let (board, dead) = (cards(board), cards(dead));
            let r = by_combo(&h, &v, board, dead, &RunControl::new()).unwrap();
            let whole = exact_equity(&h, &v, board, dead);
            assert!(
                (r.equity() - whole).abs() < 1e-9,
                "{hero} vs {villain}: {} {whole}",
                r.equity()
            );
            let shares: f64 = r.combos.iter().map(|c| c.share).sum();
            assert!((shares - 1.0).abs() < 1e-9);
            // A sample of combos, each against the range alone.
            for c in r.combos.iter().step_by(7).take(6) {
                let one = exact_equity(&HandRange::single(c.combo), &v, board, dead);
                assert!(
                    (c.equity - one).abs() < 1e-9,
                    "{}: {} {one}",
                    c.combo,
                    c.equity
                );
                assert!((c.win + c.tie / 2.0 - c.equity).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn on_a_flop_the_kernel_equals_the_plain_enumeration_combo_by_combo() {
        let cases = [
            ("random", "random", "Kd 7c 2s", ""),
            (
                "AA, KK:0.5, AKs, T9s, 76s",
                "22+, A2s+, KTs+, ATo+:0.3",
                "9s 6s 2s",
                "Ah",
            ),
            ("QQ+, AK, 55", "AhKh, 5c5d, JTs", "Ah 5s 5h", "2c 3c"),
        ];
        for (hero, villain, board, dead) in cases {
            let (h, v) = (
                HandRange::parse(hero).unwrap(),
                HandRange::parse(villain).unwrap(),
            );
            let (board, dead) = (cards(board), cards(dead));
            let fast = by_combo(&h, &v, board, dead, &RunControl::new()).unwrap();
            let plain = by_combo_enumerated(&h, &v, board, dead, &RunControl::new()).unwrap();
            assert_eq!(fast.combos.len(), plain.combos.len(), "{hero} v {villain}");
            assert!((fast.deal_weight - plain.deal_weight).abs() <= 1e-9 * plain.deal_weight);
            for (a, b) in fast.combos.iter().zip(&plain.combos) {
                assert_eq!((a.combo, a.weight), (b.combo, b.weight));
                for (x, y) in [
                    (a.share, b.share),
                    (a.equity, b.equity),
                    (a.win, b.win),
                    (a.tie, b.tie),
                ] {
                    assert!((x - y).abs() < 1e-12, "{}: {x} {y}", a.combo);
                }
            }
        }
    }

    #[test]
    fn preflop_comes_from_the_table_and_equals_enumeration() {
        let (h, v) = (
            HandRange::parse("AKs, QQ").unwrap(),
            HandRange::parse("JJ+, AQs+").unwrap(),
        );
        let r = by_combo(&h, &v, CardSet::EMPTY, CardSet::EMPTY, &RunControl::new()).unwrap();
        let whole = exact_equity(&h, &v, CardSet::EMPTY, CardSet::EMPTY);
        assert!((r.equity() - whole).abs() < 1e-9, "{} {whole}", r.equity());
        assert!(by_combo(&h, &v, CardSet::EMPTY, cards("2c"), &RunControl::new()).is_err());
        assert!(by_combo(&h, &v, cards("2c 3d"), CardSet::EMPTY, &RunControl::new()).is_err());
    }

    #[test]
    fn next_cards_add_up_to_the_equity_now() {
        for (a, b, board) in [
            ("AhKh, QQ", "random", "Jh 4c 3h"),
            ("22+, A2s+", "TT+, AK", "Kd 7c 2s 9h"),
        ] {
            let (a, b) = (HandRange::parse(a).unwrap(), HandRange::parse(b).unwrap());
            let board = cards(board);
            let cards_next = next_cards(
                &[&a, &b],
                board,
                CardSet::EMPTY,
                &RunControl::new(),
                2,
                1 << 29,
            )
            .unwrap();
            let p: f64 = cards_next.iter().map(|n| n.probability).sum();
            assert!((p - 1.0).abs() < 1e-9);
            let now = exact_equity(&a, &b, board, CardSet::EMPTY);
            let expected: f64 = cards_next.iter().map(|n| n.probability * n.equity[0]).sum();
            assert!((expected - now).abs() < 1e-9, "{expected} {now}");
            for n in cards_next.iter().step_by(11) {
                let mut with = board;
                with.insert(n.card);
                let e = exact_equity(&a, &b, with, CardSet::EMPTY);
                assert!(
                    (n.equity[0] - e).abs() < 1e-9,
                    "{}: {} {e}",
                    n.card,
                    n.equity[0]
                );
                assert!((n.equity[0] + n.equity[1] - 1.0).abs() < 1e-12);
            }
        }
    }
}

#[cfg(test)]
mod multiway_tests {
    use super::*;
    use crate::equity::{exact, Matchup, Method};

    #[test]
    fn three_seats_by_combo_and_next_card_equal_enumeration() {
        let ranges: Vec<HandRange> = ["QQ+, AKs, 76s", "TT+, AQs+", "22+:0.5, A5s"]
            .iter()
            .map(|t| HandRange::parse(t).unwrap())
            .collect();
        let board = CardSet::parse("Jh 4c 3h 9s").unwrap();
        let dead = CardSet::parse("2d").unwrap();
        let control = RunControl::new();
        let whole = |board: CardSet| {
            let m = Matchup::new(ranges.clone(), board, dead).unwrap();
            exact::run_enumerating(&m, &control, u64::MAX)
                .unwrap()
                .result(Method::Exact, None)
        };
        let r = by_combo_multiway(&ranges[0], &ranges[1..], board, dead, &control, 2).unwrap();
        let now = whole(board);
        assert!(
            (r.equity() - now.seats[0].equity).abs() < 1e-9,
            "{} {}",
            r.equity(),
            now.seats[0].equity
        );
        for c in r.combos.iter().step_by(5) {
            let mut seats = vec![HandRange::single(c.combo)];
            seats.extend(ranges[1..].iter().cloned());
            let m = Matchup::new(seats, board, dead).unwrap();
            let one = exact::run_enumerating(&m, &control, u64::MAX)
                .unwrap()
                .result(Method::Exact, None)
                .seats[0]
                .equity;
            assert!((c.equity - one).abs() < 1e-9);
        }
        let refs: Vec<&HandRange> = ranges.iter().collect();
        let next = next_cards(&refs, board, dead, &control, 2, 1 << 29).unwrap();
        let p: f64 = next.iter().map(|n| n.probability).sum();
        assert!((p - 1.0).abs() < 1e-9);
        for seat in 0..3 {
            let expected: f64 = next.iter().map(|n| n.probability * n.equity[seat]).sum();
            assert!(
                (expected - now.seats[seat].equity).abs() < 1e-9,
                "seat {seat}"
            );
        }
        let n = &next[7];
        let mut with = board;
        with.insert(n.card);
        let on = whole(with);
        for seat in 0..3 {
            assert!((n.equity[seat] - on.seats[seat].equity).abs() < 1e-9);
        }
    }
}
