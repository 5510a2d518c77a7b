//! Folded seats ("card bunching", reference §4): seats dealt a hand from their range that
//! do not show down. Monte Carlo deals them as it deals any seat and leaves them out of
//! the showdown (`monte_carlo`). Exact enumeration is here: every folded deal `t` (one
//! hand per folded seat, no card shared) runs the showdown seats' matchup with `t`'s
//! cards dead. A deal's probability is the product of all its seats' weights, so `t`
//! weighs the product of its own weights, `W(t)`, times `Z(t)`, the total weight of the
//! showdown seats' hands it leaves possible (every such deal leaves as many cards for the
//! board, so the boards do not change the proportion). The answer is the mixture
//! `Σ W(t) Z(t) R(t) / Σ W(t) Z(t)` of the results `R(t)`.

use super::ExactCost;
use crate::cards::CardSet;
use crate::equity::{EquityError, Matchup, MatchupTally, Method, RunControl, SeatSums};
use crate::range::HandRange;

/// Most folded deals an exact run lists; past this it is refused (Monte Carlo deals
/// folded seats at no extra cost).
pub const MAX_FOLDED_DEALS: usize = 100_000;

/// One way of dealing the folded seats: their cards and the product of their weights.
type FoldedDeal = (CardSet, f64);

/// Each folded deal's cards and weight (the product of its hands' weights, each seat's
/// scaled alike); `Err` with the deals listed so far past [`MAX_FOLDED_DEALS`].
fn folded_deals(m: &Matchup) -> Result<Vec<FoldedDeal>, Vec<FoldedDeal>> {
    fn go(
        m: &Matchup,
        seat: usize,
        used: CardSet,
        cards: CardSet,
        weight: f64,
        out: &mut Vec<FoldedDeal>,
    ) -> bool {
        if seat == m.seats.len() {
            out.push((cards, weight));
            return out.len() <= MAX_FOLDED_DEALS;
        }
        let s = &m.seats[seat];
        for (set, w) in s.sets.iter().zip(&s.weights) {
            if !set.intersects(used)
                && !go(
                    m,
                    seat + 1,
                    used.union(*set),
                    cards.union(*set),
                    weight * w,
                    out,
                )
            {
                return false;
            }
        }
        true
    }
    let mut out = Vec::new();
    let base = m.board.union(m.dead);
    if go(m, m.showdown_seats, base, CardSet::EMPTY, 1.0, &mut out) {
        Ok(out)
    } else {
        Err(out)
    }
}

/// Whether `range` is every combo at one weight: how many ways such a seat can be dealt
/// depends only on how many cards are left, which is the same for every folded deal.
fn is_any_two(range: &HandRange) -> bool {
    let mut weights = range.iter().map(|(_, w)| w);
    let first = weights.next();
    range.combo_count() == crate::range::COMBOS && weights.all(|w| Some(w) == first)
}

/// `Z(t)` up to a factor common to every folded deal: the total weight of the showdown
/// seats' hands (no card shared, none of `blocked`), seats of any two cards left out.
fn showdown_weight(m: &Matchup, blocked: CardSet) -> f64 {
    let seats: Vec<Vec<(CardSet, f64)>> = m.ranges[..m.showdown_seats]
        .iter()
        .filter(|r| !is_any_two(r))
        .map(|r| {
            r.iter()
                .map(|(c, w)| (c.card_set(), w as f64))
                .filter(|(set, _)| !set.intersects(blocked))
                .collect()
        })
        .collect();
    match seats.as_slice() {
        [] => 1.0,
        [a] => a.iter().map(|(_, w)| w).sum(),
        [a, b] => pair_weight(a, b),
        _ => {
            fn go(seats: &[Vec<(CardSet, f64)>], used: CardSet) -> f64 {
                let Some((first, rest)) = seats.split_first() else {
                    return 1.0;
                };
                first
                    .iter()
                    .filter(|(set, _)| !set.intersects(used))
                    .map(|(set, w)| w * go(rest, used.union(*set)))
                    .sum()
            }
            go(&seats, CardSet::EMPTY)
        }
    }
}

/// Σ w(a) w(b) over the pairs of hands of two seats that share no card, by
/// inclusion–exclusion: all pairs, less those sharing each card, plus those sharing
/// both (the same two cards, counted under each card).
fn pair_weight(a: &[(CardSet, f64)], b: &[(CardSet, f64)]) -> f64 {
    let by_card = |seat: &[(CardSet, f64)]| {
        let mut sums = [0.0; 52];
        for (set, w) in seat {
            for card in set.iter() {
                sums[card.index()] += w;
            }
        }
        sums
    };
    let (ca, cb) = (by_card(a), by_card(b));
    let total: f64 = a.iter().map(|x| x.1).sum::<f64>() * b.iter().map(|x| x.1).sum::<f64>();
    let one_card: f64 = ca.iter().zip(&cb).map(|(x, y)| x * y).sum();
    let same: f64 = a
        .iter()
        .map(|(set, wa)| {
            b.iter()
                .filter(|(s, _)| s == set)
                .map(|(_, wb)| wa * wb)
                .sum::<f64>()
        })
        .sum();
    total - one_card + same
}

/// The showdown seats' matchup with `folded` cards out of play, or `None` when no deal
/// of theirs is left (then `Z(t)` is 0).
fn showdown_matchup(m: &Matchup, folded: CardSet) -> Option<Matchup> {
    Matchup::new(
        m.ranges[..m.showdown_seats].to_vec(),
        m.board,
        m.dead.union(folded),
    )
    .ok()
}

/// The cost of the exact run: one showdown enumeration per folded deal (each about
/// the first one's cost), plus weighing each. Past the listing limit the deals are
/// counted as the product of the folded seats' combos (an upper bound).
pub(crate) fn estimated_cost(m: &Matchup) -> ExactCost {
    let (deals, count) = match folded_deals(m) {
        Ok(deals) => {
            let n = deals.len() as f64;
            (deals, n)
        }
        Err(some) => {
            let bound = m.seats[m.showdown_seats..]
                .iter()
                .map(|s| s.len() as f64)
                .product();
            (some, bound)
        }
    };
    let one = deals
        .iter()
        .find_map(|(t, _)| showdown_matchup(m, *t))
        .map_or(ExactCost::default(), |live| super::estimated_cost(&live));
    let weighing: f64 = m.ranges[..m.showdown_seats]
        .iter()
        .filter(|r| !is_any_two(r))
        .map(|r| r.combo_count() as f64)
        .product();
    ExactCost {
        evaluations: count * (one.evaluations * FOLDED_DEAL_FACTOR + weighing),
        bytes: one.bytes,
    }
}

/// What one folded deal's showdown enumeration really costs against the estimate of a
/// plain run of it (each deal's tables are built anew, and the dead cards shut the fast
/// paths' shortcuts). Measured on two cores: AKs against QQ with a random hand folded
/// took 286 s of CPU against an estimate of 80 s; with `TT+` folded, 0.16 s a deal
/// against 0.05 s. Without it the estimate said 40 s for a run of 156 s.
const FOLDED_DEAL_FACTOR: f64 = 4.0;

/// The exact run of a matchup with folded seats: the mixture over every folded deal.
/// Stops early (with the deals enumerated so far) once `control` is cancelled.
pub(crate) fn run(
    m: &Matchup,
    control: &RunControl,
    memory_budget: u64,
) -> Result<MatchupTally, EquityError> {
    let deals = folded_deals(m).map_err(|_| {
        EquityError::ExactNotOffered(format!(
            "the folded seats can be dealt more than {MAX_FOLDED_DEALS} ways, each an \
             enumeration of its own; choose Monte Carlo (it deals folded seats at no \
             extra cost)"
        ))
    })?;
    let mut sums = vec![SeatSums::new(); m.showdown_seats];
    let mut enumerated = 0;
    for (folded, w) in deals {
        if control.is_cancelled() {
            break;
        }
        let Some(live) = showdown_matchup(m, folded) else {
            continue;
        };
        let z = showdown_weight(m, m.board.union(m.dead).union(folded));
        if z <= 0.0 {
            continue;
        }
        let tally = super::run_cancellable(&live, control, memory_budget)?;
        if tally.deals == 0 {
            continue;
        }
        enumerated += tally.deals;
        let p = w * z;
        let r = tally.result(Method::Exact, None);
        for (s, seat) in sums.iter_mut().zip(&r.seats) {
            s.weight += p;
            s.win += p * seat.win;
            s.tie += p * seat.tie;
            s.equity += p * seat.equity;
            for (h, x) in s.hand_types.iter_mut().zip(seat.hand_types) {
                *h += p * x;
            }
        }
    }
    Ok(MatchupTally {
        deals: enumerated,
        attempts: 0,
        seats: sums.into_iter().map(SeatSums::into_tally).collect(),
        hits: None,
    })
}
