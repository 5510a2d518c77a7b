//! Hold'em's heads-up results preflop against a random hand: each of the 169 classes'
//! wins and ties over every deal, shipped as exact counts (checked against the preflop
//! pair table by the tests). A fast path: the Monte Carlo control variates need the
//! hero's equity against one random hand, and this answers it for any range without
//! decoding the pair table (about 12 ms on first use).

use super::preflop_table::BOARDS;
use super::SeatCombos;
use crate::range::HandClass;

mod data;
use data::HEADS_UP_COUNTS;

/// Deals of one hand against a random hand preflop: 1,225 hands times C(48, 5) boards.
pub const DEALS: u64 = 1_225 * BOARDS;

/// A class's (wins, ties) over [`DEALS`] against one random hand preflop, no dead card.
pub fn class_counts(class: HandClass) -> (u64, u64) {
    HEADS_UP_COUNTS[class.index()]
}

/// A class's equity against one random hand preflop (no dead card).
pub fn class_equity(class: HandClass) -> f64 {
    let (wins, ties) = class_counts(class);
    (wins as f64 + ties as f64 / 2.0) / DEALS as f64
}

/// The equity of a seat's range against one random hand preflop with no board and no
/// dead card: every combo meets as many random hands, so it is the weighted mean of
/// its combos' class equities.
pub(crate) fn range_equity(seat: &SeatCombos) -> Option<f64> {
    let (mut weight, mut sum) = (0.0, 0.0);
    for (combo, &w) in seat.combos.iter().zip(&seat.weights) {
        weight += w;
        sum += w * class_equity(combo.class());
    }
    (weight > 0.0).then(|| sum / weight)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::equity::preflop_table::PreflopTable;
    use crate::range::Combo;

    /// Every class's counts are the pair table's, summed over the 1,225 hands its first
    /// combo meets (the table itself was enumerated deal by deal).
    #[test]
    fn counts_are_the_pair_tables() {
        let table = PreflopTable::get().expect("the shipped pair table");
        for class in HandClass::all() {
            let hero = class.combos()[0];
            let (mut wins, mut ties, mut deals) = (0u64, 0u64, 0u64);
            for villain in Combo::all() {
                if let Some(r) = table.pair(hero, villain) {
                    wins += r.win;
                    ties += r.tie;
                    deals += r.win + r.lose + r.tie;
                }
            }
            assert_eq!(deals, DEALS, "{class}");
            assert_eq!(class_counts(class), (wins, ties), "{class}");
        }
    }
}
