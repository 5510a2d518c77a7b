//! Impossibility by counting in any game: seats whose every hand needs cards of some
//! ranks the live deck does not hold enough of (three seats of `AAxx` need six aces;
//! five-card hi/lo seats of wheel cards need more low cards than are left). A proof
//! before any search or sampling, so such a matchup is refused at once instead of
//! searching for seconds and ending "starved".

use crate::cards::{CardSet, RANK_CHARS};
use crate::range::HoleRange;

/// Most distinct rank signatures a seat is counted over; a wider seat (a long list of
/// unlike hands) needs too little of any rank set to prove anything and is left out,
/// which keeps the proof sound and its cost bounded (8,191 rank sets × this).
const MAX_SIGNATURES: usize = 4_096;

/// What one range needs of each set of ranks (a 13-bit mask): the fewest cards of those
/// ranks any of its live hands holds. Computed once per range, whatever the number of
/// seats holding it (a sweep's opponents).
pub struct RankNeeds(Vec<u8>);

impl RankNeeds {
    /// The needs of `range`'s hands made of `live` cards; `None` when counting can prove
    /// nothing with it (a random seat, or more unlike hands than are counted).
    pub fn of(range: &HoleRange, live: CardSet) -> Option<RankNeeds> {
        if range.is_random() && range.hands().is_empty() {
            return None;
        }
        let blocked = CardSet::FULL.difference(live);
        let mut signatures: Vec<[u8; 13]> = range
            .hands()
            .iter()
            .filter(|(h, w)| *w > 0.0 && !h.intersects(blocked))
            .map(|(h, _)| {
                let mut counts = [0u8; 13];
                for card in h.iter() {
                    counts[card.rank() as usize] += 1;
                }
                counts
            })
            .collect();
        signatures.sort_unstable();
        signatures.dedup();
        if signatures.is_empty() || signatures.len() > MAX_SIGNATURES {
            return None;
        }
        let mut need = vec![u8::MAX; 1 << 13];
        need[0] = 0;
        let mut sums = vec![0u8; 1 << 13];
        for counts in &signatures {
            for set in 1usize..1 << 13 {
                let low = set.trailing_zeros() as usize;
                sums[set] = sums[set & (set - 1)] + counts[low];
                need[set] = need[set].min(sums[set]);
            }
        }
        Some(RankNeeds(need))
    }
}

/// Every nonempty set of ranks, fewest ranks first (and high ranks first among those):
/// the first set that proves a shortfall reads best ("six aces").
fn rank_sets() -> &'static [u16] {
    static SETS: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    SETS.get_or_init(|| {
        let mut sets: Vec<u16> = (1u16..1 << 13).collect();
        sets.sort_by_key(|s| (s.count_ones(), std::cmp::Reverse(*s)));
        sets
    })
}

/// Some ranks the seats together need more cards of than the live deck (`live`) holds:
/// the reason, naming the seats and ranks; `None` when counting proves nothing.
pub fn too_few_of_ranks(ranges: &[HoleRange], live: CardSet) -> Option<String> {
    let needs: Vec<Option<RankNeeds>> = ranges.iter().map(|r| RankNeeds::of(r, live)).collect();
    let seats: Vec<Option<&RankNeeds>> = needs.iter().map(Option::as_ref).collect();
    shortfall(&seats, live)
}

/// [`too_few_of_ranks`] from each seat's needs (`None`: the seat proves nothing).
pub fn shortfall(seats: &[Option<&RankNeeds>], live: CardSet) -> Option<String> {
    if seats.iter().all(Option::is_none) {
        return None;
    }
    let mut live_of = [0u32; 13];
    for card in live.iter() {
        live_of[card.rank() as usize] += 1;
    }
    rank_sets().iter().find_map(|&set| {
        let set = usize::from(set);
        let available: u32 = (0..13).filter(|r| set >> r & 1 == 1).map(|r| live_of[r]).sum();
        let needing: Vec<(usize, u32)> = seats
            .iter()
            .enumerate()
            .filter_map(|(i, n)| n.map(|n| (i, u32::from(n.0[set]))))
            .filter(|&(_, n)| n > 0)
            .collect();
        let needed: u32 = needing.iter().map(|&(_, n)| n).sum();
        (needed > available).then(|| {
            let ranks: String = (0..13)
                .rev()
                .filter(|r| set >> r & 1 == 1)
                .map(|r| RANK_CHARS[r].to_string())
                .collect::<Vec<_>>()
                .join("");
            let seats: Vec<usize> = needing.iter().map(|&(i, _)| i).collect();
            format!(
                "{} need at least {needed} cards of rank{} {ranks} between them, and only {available} are live",
                crate::equity::matchup::describe_seats(&seats),
                if ranks.len() == 1 { "" } else { "s" },
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Game;

    fn ranges(game: Game, texts: &[&str]) -> Vec<HoleRange> {
        texts
            .iter()
            .map(|t| HoleRange::parse(t, game).unwrap())
            .collect()
    }

    /// A plain check of the same claim for small cases: whether one hand per seat can be
    /// chosen with no card shared (every choice tried).
    fn some_deal_exists(ranges: &[HoleRange], used: CardSet) -> bool {
        let Some((first, rest)) = ranges.split_first() else {
            return true;
        };
        first
            .live_hands(used)
            .iter()
            .any(|&(h, _)| some_deal_exists(rest, used.union(h)))
    }

    #[test]
    fn three_seats_of_aces_need_six_aces() {
        let seats = ranges(Game::OMAHA, &["AAxx", "AAxx", "AAxx"]);
        let why = too_few_of_ranks(&seats, Game::OMAHA.deck()).unwrap();
        assert_eq!(
            why,
            "seats 1–3 need at least 6 cards of rank A between them, and only 4 are live"
        );
        // Two seats fit, so counting proves nothing.
        assert_eq!(too_few_of_ranks(&seats[..2], Game::OMAHA.deck()), None);
        // With an ace dead two seats no longer fit either.
        let dead = CardSet::parse("As").unwrap();
        let live = Game::OMAHA.deck().difference(dead);
        assert!(too_few_of_ranks(&seats[..2], live)
            .unwrap()
            .contains("need at least 4 cards of rank A between them, and only 3 are live"));
    }

    #[test]
    fn sets_of_ranks_count_together() {
        // Every hand holds at least one of A and K (AKxx two): with all but Ac and Kc
        // dead three seats need three of two cards, though no one rank runs short alone
        // (a KQxx hand holds no ace).
        let seats = ranges(Game::OMAHA, &["AKxx, AQxx, KQxx"; 3]);
        let dead = CardSet::parse("As Ah Ad Ks Kh Kd Qs Qh").unwrap();
        let live = Game::OMAHA.deck().difference(dead);
        let why = too_few_of_ranks(&seats, live).unwrap();
        assert!(
            why.contains("3 cards of ranks AK between them, and only 2"),
            "{why}"
        );
        assert!(!some_deal_exists(&seats, dead));
    }

    #[test]
    fn random_and_open_seats_prove_nothing() {
        let seats = ranges(Game::OMAHA, &["random", "AAxx", "AAxx"]);
        assert_eq!(too_few_of_ranks(&seats, Game::OMAHA.deck()), None);
        let seats = ranges(Game::OMAHA5, &["AAxxx", "KKxxx", "QQxxx"]);
        assert_eq!(too_few_of_ranks(&seats, Game::OMAHA5.deck()), None);
    }

    #[test]
    fn a_proof_is_never_wrong() {
        // Small cases where a plain search decides: counting may miss an impossible
        // deal, but never calls a possible one impossible.
        let dead = CardSet::parse("As Ah Ks Qd Jc").unwrap();
        let live = Game::OMAHA.deck().difference(dead);
        for texts in [
            ["AKxx", "AAKx"],
            ["AsKsxx", "AKQJ"],
            ["AdAcKK", "KKQQ"],
            ["QQJJ", "QJTT"],
        ] {
            let seats = ranges(Game::OMAHA, &texts);
            if too_few_of_ranks(&seats, live).is_some() {
                assert!(!some_deal_exists(&seats, dead), "{texts:?}");
            }
        }
        let seats = ranges(Game::OMAHA, &["AdAcKK", "KKQQ"]);
        assert!(too_few_of_ranks(&seats, live).is_some());
    }
}
