//! Equity in the games without a board — seven-card stud, stud hi/lo and razz (reference
//! §9) — read from the game's data like every other game: each seat's known down and up
//! cards, a range for 3rd street's two down cards when they are not known, the rest of
//! its seven cards dealt at random; folded seats' up cards are dead cards. When the deck
//! cannot give every seat its own last card, that card is one community card for all.
//!
//! Exact enumeration lists each seat's completions once (every range hand and every draw
//! of its missing cards, valued once) and visits every combination of disjoint
//! completions; Monte Carlo deals them at random. Both credit the pot as the board games
//! do (`credit`): high, 8-or-better hi/lo, or razz's A-5 low (valued so that higher wins).

mod enumeration;
use enumeration::exact;

use super::{credit, exact_result, monte_carlo_result, GameTally, SeatValue, Sums};
use crate::cards::{Card, CardSet, Game};
use crate::equity::monte_carlo::{batch_rng, below, AliasTable};
use crate::equity::run::RunSettings;
use crate::equity::{
    exists_deal, seat_name, EquityError, Feasibility, MatchupResult, Method, SeatCombos,
    DEAL_SEARCH_BUDGET,
};
use crate::eval::draw::ace_five_best;
use crate::eval::{any_five_low_score, Hand};
use crate::range::HandRange;

/// Completions visited per second on one core, measured and rounded down, for time
/// estimates (a visit is a disjointness test; a showdown credits the pot).
pub const STUD_VISITS_PER_SECOND: f64 = 1.0e8;

/// Visits `auto` enumerates before it chooses Monte Carlo (about a second on two cores).
pub const STUD_AUTO_EXACT_VISITS: f64 = 3.0e8;

/// Completions a seat may list for exact work (about 100 MB at most).
const MAX_LISTED: f64 = 4.0e6;

/// One seat's cards so far: the down cards it knows, its up cards, and a range for its
/// first two down cards when they are not known.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StudSeat {
    /// Known down cards, in deal order (the third is 7th street's).
    pub down: Vec<Card>,
    /// Up cards, in deal order (3rd to 6th street).
    pub up: Vec<Card>,
    /// The first two down cards as a weighted two-card range, when not known (then
    /// `down` is empty).
    pub range: Option<HandRange>,
}

impl StudSeat {
    /// A seat of known cards.
    pub fn known(down: Vec<Card>, up: Vec<Card>) -> StudSeat {
        StudSeat {
            down,
            up,
            range: None,
        }
    }

    /// The known cards, down and up.
    pub fn cards(&self) -> CardSet {
        self.down.iter().chain(&self.up).copied().collect()
    }

    /// Cards the seat holds or will hold from its range (the range counts two).
    fn held(&self) -> usize {
        self.down.len() + self.up.len() + if self.range.is_some() { 2 } else { 0 }
    }

    /// `(As Kd) 7c`, `(QQ+,AKs) 7c`, `(? ?) 7c`: the seat in §9's notation.
    pub fn describe(&self) -> String {
        let down = match &self.range {
            Some(r) => r.to_string(),
            None if self.down.is_empty() => "? ?".to_string(),
            None => crate::cards::format_cards(&self.down),
        };
        let up = crate::cards::format_cards(&self.up);
        if up.is_empty() {
            format!("({down})")
        } else {
            format!("({down}) {up}")
        }
    }
}

/// Which input of a stud seat an error is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPart {
    /// The down cards (or the range for them).
    Down,
    /// The up cards.
    Up,
}

/// A stud seat's input that does not read: which part, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StudSeatError {
    /// The part at fault.
    pub part: SeatPart,
    /// What is wrong, naming the token.
    pub message: String,
}

/// Whether a token stands for a card not known (`?`, `x`, `*`, `??`, `xx`).
fn is_unknown(token: &str) -> bool {
    !token.is_empty() && token.chars().all(|c| matches!(c, '?' | 'x' | 'X' | '*'))
}

impl StudSeat {
    /// A seat from its two inputs: `down` is its known down cards (`As Kd`), a two-card
    /// range for its first two (`QQ+, AKs`), or empty / `? ?` when they are not known;
    /// `up` is its up cards in deal order.
    pub fn parse(down: &str, up: &str) -> Result<StudSeat, StudSeatError> {
        let up_cards = crate::cards::parse_card_list(up).map_err(|e| StudSeatError {
            part: SeatPart::Up,
            message: format!("up cards: {e}"),
        })?;
        let down = down.trim();
        let known: String = down
            .split_whitespace()
            .filter(|t| !is_unknown(t))
            .collect::<Vec<_>>()
            .join(" ");
        if known.is_empty() {
            return Ok(StudSeat::known(Vec::new(), up_cards));
        }
        let range_seat = |range| StudSeat {
            down: Vec::new(),
            up: up_cards.clone(),
            range: Some(range),
        };
        // A comma separates a range's terms (`AsKs, AhKh` is two combos, not four cards).
        if down.contains(',') {
            if let Ok(range) = HandRange::parse(down) {
                return Ok(range_seat(range));
            }
        }
        if let Ok(cards) = crate::cards::parse_card_list(&known) {
            return Ok(StudSeat::known(cards, up_cards));
        }
        match HandRange::parse(down) {
            Ok(range) => Ok(range_seat(range)),
            Err(e) => Err(StudSeatError {
                part: SeatPart::Down,
                message: format!(
                    "down cards: '{down}' is neither cards nor a two-card range ({} at '{}')",
                    e.kind, e.token
                ),
            }),
        }
    }

    /// The down and up inputs of a seat written as §9 writes it: `(As Kd) 7c` (down cards
    /// or a range in brackets, then the up cards) or `As Kd 7c` in deal order (two down,
    /// up to four up, the seventh down).
    pub fn split_written(text: &str) -> Result<(String, String), StudSeatError> {
        let text = text.trim();
        if let Some(inside) = text.strip_prefix('(') {
            let Some(close) = inside.find(')') else {
                return Err(StudSeatError {
                    part: SeatPart::Down,
                    message: format!("'{text}': the bracket of the down cards is not closed"),
                });
            };
            return Ok((
                inside[..close].trim().to_string(),
                inside[close + 1..].trim().to_string(),
            ));
        }
        let cards = crate::cards::parse_card_list(text).map_err(|e| StudSeatError {
            part: SeatPart::Down,
            message: format!(
                "'{text}': {e} (write a range for the down cards in brackets: (QQ+, AKs) 7c)"
            ),
        })?;
        let words = |cards: &[Card]| crate::cards::format_cards(cards);
        let (first, rest) = cards.split_at(cards.len().min(2));
        let (up, seventh) = rest.split_at(rest.len().min(4));
        let down: Vec<Card> = first.iter().chain(seventh).copied().collect();
        Ok((words(&down), words(up)))
    }
}

/// A validated stud matchup: 2 to the game's seats, dead cards, whether the last card is
/// a community card.
#[derive(Clone, Debug)]
pub struct StudMatchup {
    /// The game (one without a board).
    pub game: Game,
    /// The seats that show down.
    pub seats: Vec<StudSeat>,
    /// Cards out of play: folded seats' up cards, cards seen elsewhere.
    pub dead: CardSet,
    /// Whether the last card is one community card for every seat (the deck cannot give
    /// every seat its own).
    pub community: bool,
    /// The deck less dead and known cards.
    live: Vec<Card>,
    /// Each seat's live range hands (cards, weight), empty for a seat of known cards.
    combos: Vec<Vec<(CardSet, f64)>>,
}

impl StudMatchup {
    /// Checks and builds a matchup; seats are named `seat 1`, `seat 2`… in errors.
    ///
    /// One function because it is the list of a stud matchup's checks in the order a user
    /// reads their messages.
    pub fn new(
        game: Game,
        seats: Vec<StudSeat>,
        dead: CardSet,
    ) -> Result<StudMatchup, EquityError> {
        let d = game.dealing();
        if !game.is_stud() {
            return Err(EquityError::BadSeat(format!(
                "{game} is not a stud game: its seats are not stud's down and up cards"
            )));
        }
        if seats.len() < 2 || seats.len() > game.max_seats() {
            return Err(EquityError::SeatsForGame {
                game,
                max: game.max_seats(),
                got: seats.len(),
            });
        }
        let hole = game.hole_cards();
        let (down_max, up_max) = (d.down_cards as usize, d.up_cards as usize);
        if let Some(card) = dead.difference(game.deck()).iter().next() {
            return Err(EquityError::NotInDeck {
                card,
                place: "dead cards".into(),
                game,
            });
        }
        let mut seen = dead;
        let mut owner = vec![String::from("dead cards"); 52];
        for (i, s) in seats.iter().enumerate() {
            let name = seat_name(i);
            let bad = |why: String| Err(EquityError::BadSeat(format!("{name}: {why}")));
            if s.range.is_some() && !s.down.is_empty() {
                return bad("a range stands for the first two down cards; give either the range or the down cards".into());
            }
            if s.down.len() > down_max {
                return bad(format!(
                    "{} down cards; a seat gets {down_max}",
                    s.down.len()
                ));
            }
            if s.up.len() > up_max {
                return bad(format!("{} up cards; a seat gets {up_max}", s.up.len()));
            }
            if s.held() > hole {
                return bad(format!("{} cards; a seat gets {hole}", s.held()));
            }
            let downs = s.down.len() + if s.range.is_some() { 2 } else { 0 };
            if downs == down_max && s.up.len() < up_max {
                return bad(format!(
                    "{down_max} down cards with {} up: the last down card comes after every up card",
                    s.up.len()
                ));
            }
            for &card in s.down.iter().chain(&s.up) {
                if !game.has_card(card) {
                    return Err(EquityError::NotInDeck {
                        card,
                        place: name.clone(),
                        game,
                    });
                }
                if !seen.insert(card) {
                    if owner[card.index()] == name {
                        return bad(format!("{card} is given twice"));
                    }
                    return Err(EquityError::CardTwice {
                        card,
                        first: owner[card.index()].clone(),
                        second: name,
                    });
                }
                owner[card.index()] = name.clone();
            }
        }
        let live: Vec<Card> = game.deck().difference(seen).iter().collect();
        let combos: Vec<Vec<(CardSet, f64)>> = seats
            .iter()
            .map(|s| match &s.range {
                Some(r) => r
                    .iter()
                    .filter(|(c, _)| !c.card_set().intersects(seen))
                    .filter(|(c, _)| c.card_set().difference(game.deck()).is_empty())
                    .map(|(c, w)| (c.card_set(), f64::from(w)))
                    .collect(),
                None => Vec::new(),
            })
            .collect();
        for (i, (s, c)) in seats.iter().zip(&combos).enumerate() {
            if s.range.is_some() && c.is_empty() {
                return Err(EquityError::EmptySeat { seat: seat_name(i) });
            }
        }
        // Cards each seat still needs, its range's two among them.
        let needs: usize = seats.iter().map(|s| hole - s.down.len() - s.up.len()).sum();
        let community = needs > live.len();
        if community {
            if let Some(i) = seats.iter().position(|s| s.held() == hole) {
                return Err(EquityError::NotEnoughCards(format!(
                    "{} seats need {needs} cards and {} are left, so the last card is a community card; {} holds its own",
                    seats.len(),
                    live.len(),
                    seat_name(i)
                )));
            }
            let with_community = needs - seats.len() + 1;
            if with_community > live.len() {
                return Err(EquityError::NotEnoughCards(format!(
                    "{} seats need {with_community} cards even with a community last card; {} are left",
                    seats.len(),
                    live.len()
                )));
            }
        }
        // Range seats whose hands cannot all be dealt at once (three seats of AA): refused
        // now, not sampled for ever.
        let ranged: Vec<SeatCombos> = seats
            .iter()
            .filter_map(|s| s.range.as_ref())
            .map(|r| SeatCombos::of(r, seen))
            .collect();
        if !ranged.is_empty() {
            let to_deal = if community {
                needs - seats.len() + 1
            } else {
                needs
            };
            let random = to_deal - 2 * ranged.len();
            if exists_deal(&ranged, seen, random, DEAL_SEARCH_BUDGET) == Feasibility::Impossible {
                return Err(EquityError::Impossible(
                    "every way of giving each range seat its two down cards shares a card".into(),
                ));
            }
        }
        Ok(StudMatchup {
            game,
            seats,
            dead,
            community,
            live,
            combos,
        })
    }

    /// Random cards each seat is dealt (its range's two not counted; the community card
    /// not counted).
    fn draws(&self) -> Vec<usize> {
        let hole = self.game.hole_cards() - usize::from(self.community);
        self.seats.iter().map(|s| hole - s.held()).collect()
    }

    /// Exact enumeration's work, in visits: the subset index's lookups where it serves and
    /// is cheaper, otherwise every combination of the seats' completions (times the
    /// community cards).
    pub fn exact_visits(&self) -> f64 {
        self.index_plan().map_or_else(|| self.visits(), |p| p.work)
    }

    /// Every combination of the seats' completions (times the community cards).
    fn visits(&self) -> f64 {
        let live = self.live.len() - usize::from(self.community);
        let product: f64 = self.list_sizes(live).iter().product();
        product
            * if self.community {
                self.live.len() as f64
            } else {
                1.0
            }
    }

    /// The completions of the seat with the most: what exact work lists at once.
    fn most_listed(&self) -> f64 {
        self.list_sizes(self.live.len())
            .into_iter()
            .fold(0.0, f64::max)
    }

    fn list_sizes(&self, live: usize) -> Vec<f64> {
        self.draws()
            .iter()
            .zip(&self.combos)
            .map(|(&draw, combos)| {
                let (hands, left) = if combos.is_empty() {
                    (1.0, live)
                } else {
                    (combos.len() as f64, live.saturating_sub(2))
                };
                hands * crate::equity::choose(left as u64, draw as u64) as f64
            })
            .collect()
    }

    /// Each seat's live hands: its range's hands clear of every known and dead card, or 1.
    pub fn seat_hands(&self) -> Vec<u64> {
        self.combos
            .iter()
            .map(|c| if c.is_empty() { 1 } else { c.len() as u64 })
            .collect()
    }

    /// Each seat as §9 writes it, for titles.
    pub fn describe(&self) -> Vec<String> {
        self.seats.iter().map(StudSeat::describe).collect()
    }

    /// A seat's value: high (with the 8-or-better low in hi/lo) or razz's A-5 low.
    fn value(&self, cards: &[Card]) -> SeatValue {
        stud_value(self.game, cards)
    }
}

/// A seat's value in a game without a board: its best five high (and its best any-five
/// 8-or-better low in hi/lo), or in razz its best A-5 low turned so that higher wins.
fn stud_value(game: Game, cards: &[Card]) -> SeatValue {
    if game.is_low_only() {
        let low = ace_five_best(cards);
        // Razz's hand types are its lows by rank (wheel … 9-low or worse, paired).
        SeatValue {
            high: (1 << 24) - low,
            low: 0,
            category: crate::eval::HandTypes::ace_five_slot(low),
        }
    } else {
        let h = cards.iter().fold(Hand::new(), |h, &c| h.add(c)).evaluate();
        SeatValue {
            high: u32::from(h.get()),
            low: if game.is_hi_lo() {
                any_five_low_score(cards)
            } else {
                0
            },
            category: h.category() as u8,
        }
    }
}

/// One Monte Carlo batch of `deals` deals: each range seat's hand drawn by weight (a deal
/// whose range hands collide is drawn again, counted as an attempt), then every missing
/// card from a shuffle of what is left.
fn batch(m: &StudMatchup, seed: u64, index: u64, deals: u32) -> GameTally {
    let mut rng = batch_rng(seed, index);
    let seats = m.seats.len();
    let hi_lo = m.game.is_hi_lo();
    let draws = m.draws();
    let total: usize = draws.iter().sum::<usize>() + usize::from(m.community);
    // Each range seat's hands, drawn by weight.
    let tables: Vec<Option<AliasTable>> = m
        .combos
        .iter()
        .map(|c| {
            (!c.is_empty()).then(|| AliasTable::new(&c.iter().map(|h| h.1).collect::<Vec<f64>>()))
        })
        .collect();
    let mut sums = vec![Sums::default(); seats];
    let mut values = vec![SeatValue::default(); seats];
    let mut hands = vec![CardSet::EMPTY; seats];
    let mut deck: Vec<Card> = Vec::with_capacity(m.live.len());
    let mut cards: Vec<Card> = Vec::with_capacity(7);
    let mut done = 0u32;
    // A batch starved of valid deals (range hands that rarely fit together) ends with
    // what it has; the run then stops as starved rather than loop.
    let mut tries = super::sampler::DrawCount::for_deals(u64::from(deals));
    while done < deals && tries.another(u64::from(done)) {
        let mut used = CardSet::EMPTY;
        let mut clash = false;
        for i in 0..seats {
            hands[i] = CardSet::EMPTY;
            if let Some(table) = &tables[i] {
                let hand = m.combos[i][table.draw(&mut rng)].0;
                clash |= hand.intersects(used);
                used = used.union(hand);
                hands[i] = hand;
            }
        }
        if clash {
            continue;
        }
        deck.clear();
        deck.extend(m.live.iter().copied().filter(|&c| !used.contains(c)));
        // The first `total` places of a partial shuffle are the cards dealt.
        for i in 0..total {
            let j = i + below(&mut rng, (deck.len() - i) as u32) as usize;
            deck.swap(i, j);
        }
        let community = m.community.then(|| deck[total - 1]);
        let mut at = 0;
        for (i, seat) in m.seats.iter().enumerate() {
            cards.clear();
            cards.extend(seat.down.iter().chain(&seat.up).copied());
            cards.extend(hands[i].iter());
            cards.extend_from_slice(&deck[at..at + draws[i]]);
            cards.extend(community);
            at += draws[i];
            values[i] = m.value(&cards);
        }
        credit(&values, hi_lo, 1.0, &mut sums);
        done += 1;
    }
    GameTally::of_sums(&sums, u64::from(done), tries.attempts, true)
}

/// Whether a run of `m` with `method` enumerates (auto by cost and by the memory its
/// lists take against `memory_budget`), and its visits.
pub fn plan(m: &StudMatchup, method: Method, memory_budget: u64) -> (Method, f64) {
    let visits = m.exact_visits();
    let listed = m.most_listed();
    let fits = m.exact_bytes() <= memory_budget as f64;
    let chosen = match method {
        Method::Auto if visits <= STUD_AUTO_EXACT_VISITS && listed <= MAX_LISTED && fits => {
            Method::Exact
        }
        Method::Auto => Method::MonteCarlo,
        other => other,
    };
    (chosen, if chosen == Method::Exact { visits } else { 0.0 })
}

/// Refuses exact work over [`crate::equity::run::MAX_EXACT_SECONDS`] on `threads` cores,
/// or whose lists would not fit in memory (the list cap, or `memory_budget`).
pub fn check_affordable(
    m: &StudMatchup,
    method: Method,
    threads: usize,
    memory_budget: u64,
) -> Result<f64, EquityError> {
    let (chosen, visits) = plan(m, method, memory_budget);
    if chosen != Method::Exact {
        return Ok(0.0);
    }
    let listed = m.most_listed();
    if listed > MAX_LISTED {
        return Err(EquityError::ExactNotOffered(format!(
            "a seat here has {listed:.3e} ways to complete its seven cards: too many to list; use Monte Carlo"
        )));
    }
    let bytes = m.exact_bytes();
    if bytes > memory_budget as f64 {
        return Err(EquityError::TooMuchMemory {
            bytes,
            budget: memory_budget,
        });
    }
    crate::equity::run::check_exact_time(visits, STUD_VISITS_PER_SECOND, threads)?;
    Ok(visits)
}

/// Runs a stud matchup: exact or Monte Carlo (auto by cost); `progress` sees Monte Carlo
/// estimates and may stop the run by returning false.
pub fn run_stud(
    m: &StudMatchup,
    settings: &RunSettings,
    progress: impl FnMut(&MatchupResult) -> bool,
) -> Result<MatchupResult, EquityError> {
    let (method, visits) = plan(m, settings.method, settings.memory_budget);
    let mut r = if method == Method::Exact {
        check_affordable(
            m,
            Method::Exact,
            rayon::current_num_threads(),
            settings.memory_budget,
        )?;
        let tally = exact(m, settings, true);
        exact_result(&tally, m.game, settings, visits)
    } else {
        monte_carlo_result(
            m.game,
            settings,
            |seed, i, deals| batch(m, seed, i, deals),
            progress,
        )
    };
    // The rule that changes every figure is said wherever the result is shown.
    if m.community {
        r.status.note = Some(COMMUNITY_NOTE.into());
    }
    Ok(r)
}

/// The note of a matchup whose last card is one community card.
pub const COMMUNITY_NOTE: &str = "the deck cannot give every seat its own 7th-street card: one community card is dealt face up for all (the stud rule)";

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(text: &str) -> StudSeat {
        let (down, up) = StudSeat::split_written(text).unwrap();
        StudSeat::parse(&down, &up).unwrap()
    }

    /// The subset index against visiting every combination, where the index is the
    /// plan: three and four seats, a range seat, razz.
    #[test]
    fn the_subset_index_equals_visiting_every_combination() {
        for (game, seats, dead) in [
            // Heads-up, a range seat on 5th street.
            (
                Game::STUD,
                vec!["(QQ+, AKs:0.5) 7c 8d 9h", "(As Kd) 2c 3c 4c"],
                "Qc",
            ),
            // Three seats: one on 4th street, two on 6th.
            (
                Game::STUD,
                vec![
                    "(As Kd) 7c 8c",
                    "(Qh Qs) 2d 2h 5s 5c",
                    "(Jc Tc) 9h 8h 3s 3d",
                ],
                "",
            ),
            (
                Game::RAZZ,
                vec!["(2c 3c) 5h", "(3h 4d) 6s 7d Kc 8h", "(5c 6c) 7h 8s Js 2d"],
                "Kh",
            ),
            // Hi/lo heads-up on 4th street (with more seats, or a range, the second pass
            // costs more than visiting: the plan visits).
            (
                Game::STUD_HILO,
                vec!["(As 2d) 3c 4h", "(Kh Kd) Qs 7d"],
                "6s 8h",
            ),
            (
                Game::STUD_HILO,
                vec!["(Ah 3h) 5c 6d", "(2c 4c) 7s 8d"],
                "Kd Ks",
            ),
            // Four seats with a range.
            (
                Game::STUD,
                vec![
                    "(QQ+, AKs:0.5) 7c 8d",
                    "(As Kd) 2c 3c 4c 5h",
                    "(Jh Js) 6d 6s 2h 3h",
                    "(Tc Td) Ac Ad 4s 5s",
                ],
                "",
            ),
        ] {
            let m = StudMatchup::new(
                game,
                seats.iter().map(|s| seat(s)).collect(),
                CardSet::parse(dead).unwrap(),
            )
            .unwrap();
            assert!(
                m.index_plan().is_some(),
                "{game} {seats:?}: the index is the plan"
            );
            let settings = RunSettings::default();
            let indexed = exact(&m, &settings, true).result(game, Method::Exact, None);
            let visited = exact(&m, &settings, false).result(game, Method::Exact, None);
            assert_eq!(indexed.deals, visited.deals);
            for (a, b) in indexed.seats.iter().zip(&visited.seats) {
                for (x, y) in [(a.equity, b.equity), (a.win, b.win), (a.tie, b.tie)] {
                    assert!((x - y).abs() < 1e-12, "{game} {seats:?}: {x} vs {y}");
                }
                for (x, y) in a.hand_types.iter().zip(&b.hand_types) {
                    assert!((x - y).abs() < 1e-12);
                }
            }
            assert_eq!(indexed.low.len(), visited.low.len());
            for (a, b) in indexed.low.iter().zip(&visited.low) {
                for (x, y) in [
                    (a.low_win, b.low_win),
                    (a.low_tie, b.low_tie),
                    (a.scoop, b.scoop),
                ] {
                    assert!((x - y).abs() < 1e-12, "{game} {seats:?}: low {x} vs {y}");
                }
            }
        }
    }
}
