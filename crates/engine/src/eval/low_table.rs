//! The 8-or-better low table, built at compile time by `build.rs` (and by the tests, to
//! check the shipped bytes): for every board and hole low-rank mask (bit 0 the ace … bit
//! 7 the eight), the best low's score, `255 - mask` (0: no qualifying low). Plain Rust
//! with no crate dependencies, so the build script can include it.

/// Entry `board << 8 | hole`.
pub fn build_low_table() -> Vec<u8> {
    // The 56 five-rank lows, best (smallest mask) first.
    let mut lows: Vec<u8> = (0..=255u8).filter(|m| m.count_ones() == 5).collect();
    lows.sort_unstable();
    let mut table = vec![0u8; 65536];
    for board in 0..256usize {
        for hole in 0..256usize {
            let (b, h) = (board as u8, hole as u8);
            // A low L can be made when two of its ranks come from the hole and the other
            // three from the board: the ranks the board lacks (at most two) must be in
            // the hole, and the hole must hold at least two of L's ranks.
            let best = lows.iter().copied().find(|&l| {
                let from_hole = l & !b;
                l & !(h | b) == 0 && from_hole.count_ones() <= 2 && (l & h).count_ones() >= 2
            });
            table[board << 8 | hole] = best.map_or(0, |l| 255 - l);
        }
    }
    table
}
