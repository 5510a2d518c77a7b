//! A player's position at the table, from the button and who was dealt in: `BTN`, `SB`,
//! `BB`, `UTG` … `CO`, as trackers name them. Games without a button (stud) and hands
//! whose button is not written have none.

use super::model::Hand;

/// The seats between `UTG` and the button, named from the button back.
const MIDDLE_FROM_BUTTON: [&str; 5] = ["CO", "HJ", "LJ", "UTG+2", "UTG+1"];

/// The position of player `p` (an index into [`Hand::players`]), `None` without a
/// button, for a player not dealt in, or in stud (no button).
pub fn position(hand: &Hand, p: usize) -> Option<&'static str> {
    let button = hand.button?;
    if hand.game.game.is_some_and(|g| g.is_stud()) {
        return None;
    }
    let dealt: Vec<usize> = (0..hand.players.len())
        .filter(|&i| !hand.players[i].sitting_out)
        .collect();
    let at = dealt.iter().position(|&i| i == p)?;
    let n = dealt.len();
    if n < 2 {
        return None;
    }
    // The button, or the first seat after it when the button's seat is empty.
    let btn = dealt
        .iter()
        .position(|&i| hand.players[i].seat == button)
        .or_else(|| {
            dealt
                .iter()
                .rposition(|&i| hand.players[i].seat < button)
                .or(Some(n - 1))
        })?;
    let from_button = (at + n - btn) % n;
    Some(match (n, from_button) {
        (2, 0) => "BTN",
        (2, _) => "BB",
        (_, 0) => "BTN",
        (_, 1) => "SB",
        (_, 2) => "BB",
        (_, 3) => "UTG",
        // Later seats, named from the button back (`CO` is the seat before it).
        (n, k) => MIDDLE_FROM_BUTTON.get(n - 1 - k).copied().unwrap_or("MP"),
    })
}
