//! Ranges: a weight in (0, 1] for each of the 1,326 two-card combos (reference §3), the
//! 169 hand classes and their 13×13 grid, canonical text, and the one parser for
//! classic notation and the pocket query language (`parse`).

mod canonical;
mod groups;
mod holes;
mod parse;
mod seat;

pub use groups::{preflop_equity, preflop_order, PreflopRanking, GROUPS};
pub use holes::{for_each_subset, HoleRange, MAX_LISTED_HANDS};
pub use parse::top_percent_by;
pub use parse::{RangeError, RangeErrorKind, MAX_RANGE_TEXT};
pub use seat::SeatRange;

use crate::cards::{Card, CardSet, RANK_CHARS};
use std::fmt;

/// Number of two-card combos.
pub const COMBOS: usize = 1326;

/// One of the 1,326 two-card combos. Invariant: index below 1,326.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Combo(u16);

const COMBO_CARDS: [(u8, u8); COMBOS] = {
    let mut table = [(0u8, 0u8); COMBOS];
    let mut high = 1;
    let mut i = 0;
    while high < 52 {
        let mut low = 0;
        while low < high {
            table[i] = (high as u8, low as u8);
            i += 1;
            low += 1;
        }
        high += 1;
    }
    table
};

impl Combo {
    /// The combo of two distinct cards (either order).
    pub fn new(a: Card, b: Card) -> Option<Combo> {
        let (high, low) = match a.index().cmp(&b.index()) {
            std::cmp::Ordering::Greater => (a.index(), b.index()),
            std::cmp::Ordering::Less => (b.index(), a.index()),
            std::cmp::Ordering::Equal => return None,
        };
        Some(Combo((high * (high - 1) / 2 + low) as u16))
    }

    /// The combo of two cards known to differ (dealt from one deck): no check in
    /// release builds, no branch — for samplers' inner loops.
    #[inline(always)]
    pub fn of_distinct(a: Card, b: Card) -> Combo {
        debug_assert_ne!(a, b, "a combo needs two distinct cards");
        let (x, y) = (a.index(), b.index());
        let (high, low) = (x.max(y), x.min(y));
        Combo((high * (high - 1) / 2 + low) as u16)
    }

    /// The combo of index 0–1325 (`None` past it).
    pub fn from_index(index: usize) -> Option<Combo> {
        (index < COMBOS).then_some(Combo(index as u16))
    }

    /// The combo's index, 0–1325.
    #[inline(always)]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The two cards, higher index first.
    #[inline(always)]
    pub fn cards(self) -> (Card, Card) {
        let (a, b) = COMBO_CARDS[self.0 as usize];
        (
            Card::from_index(a).expect("table card"),
            Card::from_index(b).expect("table card"),
        )
    }

    /// The combo's two cards as a set.
    #[inline(always)]
    pub fn card_set(self) -> CardSet {
        let (a, b) = COMBO_CARDS[self.0 as usize];
        CardSet::from_bits((1u64 << a) | (1u64 << b))
    }

    /// The starting-hand class (AKs, 77, T9o…) of the combo.
    pub fn class(self) -> HandClass {
        let (a, b) = self.cards();
        HandClass::of_ranks(a.rank(), b.rank(), a.suit() == b.suit())
    }

    /// Every one of the 1,326 combos.
    pub fn all() -> impl Iterator<Item = Combo> {
        (0..COMBOS as u16).map(Combo)
    }
}

impl fmt::Display for Combo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.cards();
        write!(f, "{a}{b}")
    }
}

/// Pair, suited or offsuit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ClassKind {
    /// A pocket pair (6 combos).
    Pair,
    /// Two cards of one suit (4 combos).
    Suited,
    /// Two cards of two suits (12 combos).
    Offsuit,
}

/// One of the 169 starting-hand classes (`AA`, `AKs`, `AKo`), identified by its cell in
/// the 13×13 grid: row and column 0 = ace; pairs on the diagonal, suited above it,
/// offsuit below.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct HandClass {
    row: u8,
    col: u8,
}

impl HandClass {
    /// The class of two ranks (0 = deuce … 12 = ace).
    pub fn of_ranks(a: u8, b: u8, suited: bool) -> HandClass {
        let (high, low) = if a >= b { (a, b) } else { (b, a) };
        let (rh, rl) = (12 - high, 12 - low);
        if high == low || !suited {
            HandClass { row: rl, col: rh }
        } else {
            HandClass { row: rh, col: rl }
        }
    }

    /// The class in a grid cell (row, col in 0..13).
    pub fn at(row: usize, col: usize) -> HandClass {
        assert!(row < 13 && col < 13);
        HandClass {
            row: row as u8,
            col: col as u8,
        }
    }

    /// Index 0..169 (row-major over the grid).
    pub fn index(self) -> usize {
        self.row as usize * 13 + self.col as usize
    }

    /// The class at grid index 0–168.
    pub fn from_index(index: usize) -> HandClass {
        HandClass::at(index / 13, index % 13)
    }

    /// Every one of the 169 classes, in grid order.
    pub fn all() -> impl Iterator<Item = HandClass> {
        (0..169).map(HandClass::from_index)
    }

    /// Its row on the 13×13 grid (0: aces).
    pub fn row(self) -> usize {
        self.row as usize
    }

    /// Its column on the 13×13 grid (0: aces).
    pub fn col(self) -> usize {
        self.col as usize
    }

    /// Pair, suited or offsuit.
    pub fn kind(self) -> ClassKind {
        match self.row.cmp(&self.col) {
            std::cmp::Ordering::Equal => ClassKind::Pair,
            std::cmp::Ordering::Less => ClassKind::Suited,
            std::cmp::Ordering::Greater => ClassKind::Offsuit,
        }
    }

    /// Higher rank (0 = deuce … 12 = ace).
    pub fn high(self) -> u8 {
        12 - self.row.min(self.col)
    }

    /// Lower rank.
    pub fn low(self) -> u8 {
        12 - self.row.max(self.col)
    }

    /// The combos of this class: 6 for a pair, 4 suited, 12 offsuit.
    pub fn combos(self) -> Vec<Combo> {
        let (high, low, kind) = (self.high(), self.low(), self.kind());
        let mut out = Vec::with_capacity(12);
        for s1 in 0..4 {
            for s2 in 0..4 {
                let keep = match kind {
                    ClassKind::Pair => s1 < s2,
                    ClassKind::Suited => s1 == s2,
                    ClassKind::Offsuit => s1 != s2,
                };
                if keep {
                    let combo = Combo::new(Card::new(high, s1), Card::new(low, s2));
                    out.push(combo.expect("distinct cards"));
                }
            }
        }
        out
    }

    /// Combos in the class: 6, 4 or 12.
    pub fn combo_count(self) -> usize {
        match self.kind() {
            ClassKind::Pair => 6,
            ClassKind::Suited => 4,
            ClassKind::Offsuit => 12,
        }
    }
}

impl fmt::Display for HandClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = RANK_CHARS[self.high() as usize];
        let l = RANK_CHARS[self.low() as usize];
        match self.kind() {
            ClassKind::Pair => write!(f, "{h}{l}"),
            ClassKind::Suited => write!(f, "{h}{l}s"),
            ClassKind::Offsuit => write!(f, "{h}{l}o"),
        }
    }
}

/// The smallest weight a range accepts (`AKs:1e-45`, the smallest positive `f32`):
/// only ratios of a seat's weights matter, and seats are scaled before weights of
/// several seats multiply, so even this never underflows a deal's probability.
pub const MIN_WEIGHT: f32 = 1e-45;

/// A weighted set of two-card combos: each combo has a weight in [0, 1], 0 = absent.
#[derive(Clone, PartialEq)]
pub struct HandRange {
    weights: Box<[f32; COMBOS]>,
}

impl fmt::Debug for HandRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "HandRange({self})")
    }
}

impl Default for HandRange {
    fn default() -> HandRange {
        HandRange::empty()
    }
}

/// A cell of the 13×13 grid projection.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct GridCell {
    /// Combos present (weight > 0).
    pub present: u8,
    /// Combos the class has (6, 4 or 12).
    pub possible: u8,
    /// Sum of the present combos' weights.
    pub weight_sum: f32,
}

impl HandRange {
    /// A range with no combo.
    pub fn empty() -> HandRange {
        HandRange {
            weights: Box::new([0.0; COMBOS]),
        }
    }

    /// All 1,326 combos at weight 1.
    pub fn random() -> HandRange {
        HandRange {
            weights: Box::new([1.0; COMBOS]),
        }
    }

    /// A range of one combo.
    pub fn single(combo: Combo) -> HandRange {
        let mut range = HandRange::empty();
        range.set(combo, 1.0);
        range
    }

    /// Parses any notation of reference §3.
    pub fn parse(text: &str) -> Result<HandRange, RangeError> {
        parse::parse_range(text)
    }

    /// The combo's weight (0 when not in the range).
    #[inline(always)]
    pub fn weight(&self, combo: Combo) -> f32 {
        self.weights[combo.index()]
    }

    /// Sets a weight, clamped into [0, 1] (NaN counts as 0).
    pub fn set(&mut self, combo: Combo, weight: f32) {
        let w = if weight.is_nan() {
            0.0
        } else {
            weight.clamp(0.0, 1.0)
        };
        self.weights[combo.index()] = w;
    }

    /// Whether the combo is in the range.
    pub fn contains(&self, combo: Combo) -> bool {
        self.weight(combo) > 0.0
    }

    /// Combos present and their weights.
    pub fn iter(&self) -> impl Iterator<Item = (Combo, f32)> + '_ {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, &w)| w > 0.0)
            .map(|(i, &w)| (Combo(i as u16), w))
    }

    /// Number of combos present.
    pub fn combo_count(&self) -> usize {
        self.weights.iter().filter(|&&w| w > 0.0).count()
    }

    /// Sum of the weights.
    pub fn total_weight(&self) -> f64 {
        self.weights.iter().map(|&w| w as f64).sum()
    }

    /// Whether the range holds no combo.
    pub fn is_empty(&self) -> bool {
        self.weights.iter().all(|&w| w == 0.0)
    }

    /// Union: a combo named twice keeps the larger weight.
    pub fn union(&self, other: &HandRange) -> HandRange {
        self.zip(other, f32::max)
    }

    /// Intersection: a combo in both keeps the smaller weight.
    pub fn intersect(&self, other: &HandRange) -> HandRange {
        self.zip(other, f32::min)
    }

    /// Complement: the combos absent here, at weight 1.
    pub fn complement(&self) -> HandRange {
        let mut out = HandRange::empty();
        for (o, &w) in out.weights.iter_mut().zip(self.weights.iter()) {
            *o = if w > 0.0 { 0.0 } else { 1.0 };
        }
        out
    }

    /// Every weight multiplied by `factor` (in (0, 1]).
    /// Weights never fall below [`MIN_WEIGHT`]: nested weights that multiply below it
    /// stay at it (a combo in the range never silently leaves it).
    pub fn scaled(&self, factor: f32) -> HandRange {
        let mut out = self.clone();
        for w in out.weights.iter_mut().filter(|w| **w > 0.0) {
            *w = (*w * factor).max(MIN_WEIGHT);
        }
        out
    }

    /// Keeps the combos for which `keep` is true.
    pub fn filter(&self, mut keep: impl FnMut(Combo) -> bool) -> HandRange {
        let mut out = self.clone();
        for (i, w) in out.weights.iter_mut().enumerate() {
            if !keep(Combo(i as u16)) {
                *w = 0.0;
            }
        }
        out
    }

    /// The combos of a predicate, at weight 1.
    pub fn from_fn(pred: impl FnMut(Combo) -> bool) -> HandRange {
        HandRange::random().filter(pred)
    }

    fn zip(&self, other: &HandRange, f: impl Fn(f32, f32) -> f32) -> HandRange {
        let mut out = HandRange::empty();
        for i in 0..COMBOS {
            out.weights[i] = f(self.weights[i], other.weights[i]);
        }
        out
    }

    /// The range without the combos that touch `cards` (board and dead cards).
    pub fn without_cards(&self, cards: CardSet) -> HandRange {
        self.filter(|c| !c.card_set().intersects(cards))
    }

    /// Like [`HandRange::without_cards`], but an empty result is an error that says so.
    pub fn remove_cards(&self, cards: CardSet) -> Result<HandRange, EmptyRangeError> {
        let out = self.without_cards(cards);
        if out.is_empty() {
            Err(EmptyRangeError {
                blocked_by: cards.to_string(),
            })
        } else {
            Ok(out)
        }
    }

    /// The 13×13 grid projection: per class, combos present, possible and weight sum.
    pub fn grid(&self) -> [[GridCell; 13]; 13] {
        let mut grid = [[GridCell::default(); 13]; 13];
        for class in HandClass::all() {
            let cell = &mut grid[class.row()][class.col()];
            cell.possible = class.combo_count() as u8;
            for combo in class.combos() {
                let w = self.weight(combo);
                if w > 0.0 {
                    cell.present += 1;
                    cell.weight_sum += w;
                }
            }
        }
        grid
    }

    /// Share of all 1,326 combos present, weighted (0 to 1).
    pub fn fraction_of_all(&self) -> f64 {
        self.total_weight() / COMBOS as f64
    }
}

/// A range left with no combo once the board and dead cards are removed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("every combo of the range is blocked by {blocked_by}")]
pub struct EmptyRangeError {
    /// What removed the combos ("the board Ah Kh Qh").
    pub blocked_by: String,
}

/// Whose notation a range is written in for another tool (Copy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeNotation {
    /// Classic text at weight 1, `0.4(AKs)` groups for other weights (MultiOdds, eval7
    /// and Flop Ferret read them).
    MultiOdds,
    /// Classic text at weight 1, `[40]AKs[/40]` tags for other weights, as Equilab
    /// writes them.
    Equilab,
    /// Classic text of every combo held, weights dropped: PokerStove has none.
    PokerStove,
}

impl RangeNotation {
    /// Every notation, in menu order.
    pub const ALL: [RangeNotation; 3] = [Self::MultiOdds, Self::Equilab, Self::PokerStove];

    /// The tool's name and an example, for a menu.
    pub fn label(self) -> &'static str {
        match self {
            Self::MultiOdds => "MultiOdds, eval7: 0.4(AKs)",
            Self::Equilab => "Equilab: [40]AKs[/40]",
            Self::PokerStove => "PokerStove: no weights",
        }
    }
}

impl HandRange {
    /// The range as other tools write it (see `canonical`): classic text at weight 1,
    /// `0.4(…)` groups for other weights; it parses back to the same range.
    pub fn to_other_tools_text(&self) -> String {
        canonical::to_other_tools_text(self)
    }

    /// The range in `tool`'s notation; MultiOdds' and Equilab's parse back to the same
    /// combos and weights (Equilab's within 5e-7), PokerStove's to the same combos.
    pub fn to_notation(&self, tool: RangeNotation) -> String {
        canonical::to_notation(self, tool)
    }
}

impl fmt::Display for HandRange {
    /// Compact canonical notation (`QQ+, AKs, AKo`); see `canonical`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&canonical::to_text(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combos_and_classes() {
        let mut seen = std::collections::HashSet::new();
        for combo in Combo::all() {
            let (a, b) = combo.cards();
            assert_eq!(Combo::new(a, b), Some(combo));
            assert_eq!(Combo::new(b, a), Some(combo));
            assert_eq!(Combo::of_distinct(a, b), combo);
            assert_eq!(Combo::of_distinct(b, a), combo);
            assert!(combo.class().combos().contains(&combo));
            seen.insert(combo.card_set());
        }
        assert_eq!(seen.len(), COMBOS);
        let total: usize = HandClass::all().map(|c| c.combos().len()).sum();
        assert_eq!(total, COMBOS);
        assert_eq!(HandClass::at(0, 0).to_string(), "AA");
        assert_eq!(HandClass::at(0, 1).to_string(), "AKs");
        assert_eq!(HandClass::at(1, 0).to_string(), "AKo");
        assert_eq!(HandClass::at(12, 11).to_string(), "32o");
    }

    #[test]
    fn grid_counts() {
        let grid = HandRange::random().grid();
        assert_eq!(grid[0][0].possible, 6);
        assert_eq!(grid[0][1].present, 4);
        assert_eq!(grid[1][0].present, 12);
    }
}
