//! A matchup: seats, each a weighted range of dealable combos, with the board and the dead
//! cards; the checks that a deal exists (by counting, then by a bounded search).

use super::{EquityError, DEAL_SEARCH_BUDGET, MAX_SEATS};
use crate::cards::CardSet;
use crate::range::{Combo, HandRange};

/// One seat's dealable combos (board and dead cards removed), with their hole hands.
#[derive(Clone, Debug)]
pub struct SeatCombos {
    /// The combos the seat can be dealt.
    pub combos: Vec<Combo>,
    /// Each combo's weight, scaled so the largest is 1.
    pub weights: Vec<f64>,
    /// Each combo's two cards as a set.
    pub sets: Vec<CardSet>,
    /// True when the seat may hold any two live cards at weight 1 (sampled from the deck).
    pub is_random: bool,
}

impl SeatCombos {
    pub(crate) fn of(range: &HandRange, blocked: CardSet) -> SeatCombos {
        let live = range.without_cards(blocked);
        let mut out = SeatCombos {
            combos: Vec::new(),
            weights: Vec::new(),
            sets: Vec::new(),
            is_random: false,
        };
        // Only ratios of a seat's weights matter (reference §4); scaling the largest to 1
        // keeps tiny weights (1e-45) from underflowing in products of several seats.
        let max = live.iter().map(|(_, w)| w as f64).fold(0.0, f64::max);
        for (combo, w) in live.iter() {
            out.combos.push(combo);
            out.weights
                .push(if max > 0.0 { w as f64 / max } else { 1.0 });
            out.sets.push(combo.card_set());
        }
        let live_cards = 52 - blocked.len();
        out.is_random = out.combos.len() == live_cards * (live_cards - 1) / 2
            && out.weights.iter().all(|&w| w == 1.0);
        out
    }

    /// How many combos the seat can be dealt.
    pub fn len(&self) -> usize {
        self.combos.len()
    }

    /// Whether the seat can be dealt no combo.
    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }
}

/// A validated matchup: 2–23 seats, a board of 0–5 cards, dead cards, no card in two
/// places, no seat left without a combo.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// Each seat's range as given.
    pub ranges: Vec<HandRange>,
    /// Known board cards (0 to 5).
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
    /// Each seat's dealable combos (board and dead cards removed).
    pub seats: Vec<SeatCombos>,
    /// Seats `0..showdown_seats` show down; the seats after them are folded: dealt
    /// from their ranges (their cards are out of play, weighted as every seat's,
    /// reference §4) but not in the showdown ("card bunching").
    pub showdown_seats: usize,
    /// What the engines keep on the matchup (the deals folded into canonical preflops,
    /// once an estimate or a run has folded them all; their costs): a matchup is not
    /// changed after construction, so this stays valid.
    pub(crate) fold_cache: EngineCache,
}

/// Work an engine keeps on a matchup so its estimate, the `auto` choice and the run do
/// it once, typed by the engine that fills it (`preflops::FoldCache`): the matchup, below
/// the engines, names none of them. Clones share what was filled before the clone.
#[derive(Clone, Default)]
pub(crate) struct EngineCache(std::sync::OnceLock<std::sync::Arc<dyn std::any::Any + Send + Sync>>);

impl EngineCache {
    /// The cache of type `T`, made empty on first use. One engine fills a matchup's
    /// cache, so one type is ever asked for.
    pub(crate) fn get<T: std::any::Any + Send + Sync + Default>(&self) -> &T {
        self.0
            .get_or_init(|| std::sync::Arc::new(T::default()))
            .downcast_ref()
            .expect("a matchup's cache is of one engine's type")
    }
}

impl std::fmt::Debug for EngineCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.get().is_some() {
            "EngineCache(filled)"
        } else {
            "EngineCache(empty)"
        })
    }
}

/// The name of seat `i` in messages.
pub fn seat_name(i: usize) -> String {
    format!("seat {}", i + 1)
}

/// A known hand (a one-combo range) holding a board or dead card is a card in two
/// places: an error naming it, not a silently empty seat.
pub(crate) fn check_known_hand(
    range: &HandRange,
    board: CardSet,
    dead: CardSet,
    who: impl FnOnce() -> String,
) -> Result<(), EquityError> {
    if range.combo_count() != 1 {
        return Ok(());
    }
    let (combo, _) = range.iter().next().expect("one combo");
    match combo
        .card_set()
        .iter()
        .find(|&c| board.union(dead).contains(c))
    {
        Some(card) => Err(EquityError::CardTwice {
            card,
            first: who(),
            second: if board.contains(card) {
                "board"
            } else {
                "dead cards"
            }
            .into(),
        }),
        None => Ok(()),
    }
}

/// Checks board and dead cards: at most 5 board cards, none in both.
pub fn check_board(board: CardSet, dead: CardSet) -> Result<(), EquityError> {
    if board.len() > 5 {
        return Err(EquityError::BoardTooLong(board.len()));
    }
    if let Some(card) = board.iter().find(|&c| dead.contains(c)) {
        return Err(EquityError::CardTwice {
            card,
            first: "board".into(),
            second: "dead cards".into(),
        });
    }
    Ok(())
}

impl Matchup {
    /// A matchup of `ranges` on `board` with `dead` cards out, checked: every seat can be dealt, a deal exists, cards are not in two places.
    pub fn new(
        ranges: Vec<HandRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<Matchup, EquityError> {
        Matchup::with_folded(ranges, Vec::new(), board, dead)
    }

    /// A matchup of `ranges` with `folded` seats besides them: each folded seat is
    /// dealt a hand from its range (so its cards are out of play, in proportion to its
    /// weights) and does not show down. A folded known hand is the same as those dead
    /// cards. Checked as [`Matchup::new`], folded seats named "folded seat 1", ….
    pub fn with_folded(
        mut ranges: Vec<HandRange>,
        folded: Vec<HandRange>,
        board: CardSet,
        dead: CardSet,
    ) -> Result<Matchup, EquityError> {
        let showdown_seats = ranges.len();
        if !(2..=MAX_SEATS).contains(&showdown_seats) {
            return Err(EquityError::SeatCount(showdown_seats));
        }
        if showdown_seats + folded.len() > MAX_SEATS {
            return Err(EquityError::NotEnoughCards(format!(
                "{showdown_seats} seats and {} folded seats (a deck deals at most \
                 {MAX_SEATS} hands besides a board)",
                folded.len()
            )));
        }
        ranges.extend(folded);
        let name = |i: usize| {
            if i < showdown_seats {
                seat_name(i)
            } else {
                format!("folded seat {}", i - showdown_seats + 1)
            }
        };
        check_board(board, dead)?;
        let blocked = board.union(dead);
        let mut seats = Vec::with_capacity(ranges.len());
        for (i, range) in ranges.iter().enumerate() {
            check_known_hand(range, board, dead, || name(i))?;
            let seat = SeatCombos::of(range, blocked);
            if seat.is_empty() {
                return Err(EquityError::EmptySeat { seat: name(i) });
            }
            seats.push(seat);
        }
        // Two one-combo seats sharing a card.
        for i in 0..seats.len() {
            for j in i + 1..seats.len() {
                if seats[i].len() == 1
                    && seats[j].len() == 1
                    && seats[i].sets[0].intersects(seats[j].sets[0])
                {
                    let card = seats[i].sets[0]
                        .iter()
                        .find(|&c| seats[j].sets[0].contains(c))
                        .expect("shared card");
                    return Err(EquityError::CardTwice {
                        card,
                        first: name(i),
                        second: name(j),
                    });
                }
            }
        }
        let matchup = Matchup {
            ranges,
            board,
            dead,
            seats,
            showdown_seats,
            fold_cache: EngineCache::default(),
        };
        let needed = 2 * matchup.seats.len() + 5 - board.len();
        let live = 52 - blocked.len();
        if needed > live {
            return Err(EquityError::NotEnoughCards(format!(
                "{} seats and the board need {needed} cards, {live} are live",
                matchup.seats.len()
            )));
        }
        if let Some(reason) = too_few_cards(&matchup.seats) {
            return Err(EquityError::Impossible(reason));
        }
        if exists_deal(&matchup.seats, blocked, 5 - board.len(), DEAL_SEARCH_BUDGET)
            == Feasibility::Impossible
        {
            return Err(EquityError::Impossible(
                "every way of giving each seat a combo shares a card".into(),
            ));
        }
        Ok(matchup)
    }

    /// Cards to deal to complete the board.
    pub fn cards_to_come(&self) -> usize {
        5 - self.board.len()
    }

    /// Whether some seats are folded (dealt, not in the showdown).
    pub fn has_folded(&self) -> bool {
        self.showdown_seats < self.seats.len()
    }
}

/// A quick proof by counting that no deal exists, before any search: some seats whose
/// ranges hold only cards of one set need more cards than the set has (ten seats of
/// `TT+,AT+,KT+,QT+,JT` need 20 of the 20 broadway cards; with `As` dead, 19 are
/// left). Checks, for each seat, the seats whose live cards all lie among its own,
/// and all seats together. `None` when counting proves nothing.
pub fn too_few_cards(seats: &[SeatCombos]) -> Option<String> {
    let unions: Vec<CardSet> = seats
        .iter()
        .map(|s| s.sets.iter().fold(CardSet::EMPTY, |a, &b| a.union(b)))
        .collect();
    let everything = unions.iter().fold(CardSet::EMPTY, |a, &b| a.union(b));
    let candidates: Vec<CardSet> = unions.iter().copied().chain([everything]).collect();
    candidates.into_iter().find_map(|cards| {
        let within: Vec<usize> = (0..seats.len())
            .filter(|&j| unions[j].difference(cards).is_empty())
            .collect();
        (cards.len() < 2 * within.len()).then(|| {
            format!(
                "{} can only hold {} live cards between them and need {}",
                describe_seats(&within),
                cards.len(),
                2 * within.len()
            )
        })
    })
}

/// "seat 3", "seats 1–11", "seats 1, 4 and 6".
pub(crate) fn describe_seats(seats: &[usize]) -> String {
    match seats {
        [one] => seat_name(*one),
        [first, .., last] if last - first + 1 == seats.len() => {
            format!("seats {}–{}", first + 1, last + 1)
        }
        [rest @ .., last] => format!(
            "seats {} and {}",
            rest.iter()
                .map(|s| (s + 1).to_string())
                .collect::<Vec<_>>()
                .join(", "),
            last + 1
        ),
        [] => "no seat".to_string(),
    }
}

/// Whether some deal exists (see [`exists_deal`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feasibility {
    /// At least one deal exists.
    Exists,
    /// No deal exists.
    Impossible,
    /// The search ran out of its step budget (the sampler then finds out, and stops as
    /// starved rather than loop if valid deals are too rare).
    Unknown,
}

/// Decides whether one combo per seat can be chosen with no card shared, the board
/// completed with `to_come` more cards: a depth-first search that always extends the
/// seat with the fewest combos still possible (so a seat left with none fails at
/// once), remembering dead ends (seats left, cards used) so no state is searched
/// twice. Seats of any two cards go last: they only need two cards each. Bounded by
/// `budget` steps.
pub fn exists_deal(
    seats: &[SeatCombos],
    used: CardSet,
    to_come: usize,
    budget: u64,
) -> Feasibility {
    let random = seats.iter().filter(|s| s.is_random).count();
    let narrow: Vec<&SeatCombos> = seats.iter().filter(|s| !s.is_random).collect();
    if narrow.len() > 63 {
        return Feasibility::Unknown;
    }
    struct Search<'a> {
        seats: Vec<&'a SeatCombos>,
        random: usize,
        to_come: usize,
        steps: u64,
        budget: u64,
        dead_ends: std::collections::HashSet<(u64, u64)>,
    }
    impl Search<'_> {
        /// `left`: bit i set while seat i has no combo yet.
        fn go(&mut self, left: u64, used: CardSet) -> Option<bool> {
            if left == 0 {
                return Some(52 - used.len() >= 2 * self.random + self.to_come);
            }
            if self.dead_ends.contains(&(left, used.bits())) {
                return Some(false);
            }
            // The seat with the fewest combos still free of used cards.
            let mut best: Option<(usize, usize)> = None;
            for i in (0..self.seats.len()).filter(|i| left >> i & 1 == 1) {
                let free = self.seats[i]
                    .sets
                    .iter()
                    .filter(|s| !s.intersects(used))
                    .count();
                if free == 0 {
                    return Some(false);
                }
                if best.is_none_or(|(_, n)| free < n) {
                    best = Some((i, free));
                }
            }
            let (seat, _) = best?;
            for k in 0..self.seats[seat].sets.len() {
                let set = self.seats[seat].sets[k];
                if set.intersects(used) {
                    continue;
                }
                self.steps += 1;
                if self.steps > self.budget {
                    return None;
                }
                if self.go(left & !(1 << seat), used.union(set))? {
                    return Some(true);
                }
            }
            // At most a million remembered dead ends (about 40 MB at the set's peak).
            if self.dead_ends.len() < 1_000_000 {
                self.dead_ends.insert((left, used.bits()));
            }
            Some(false)
        }
    }
    let mut search = Search {
        seats: narrow,
        random,
        to_come,
        steps: 0,
        budget,
        dead_ends: Default::default(),
    };
    let all = (1u64 << search.seats.len()) - 1;
    match search.go(all, used) {
        Some(true) => Feasibility::Exists,
        Some(false) => Feasibility::Impossible,
        None => Feasibility::Unknown,
    }
}
