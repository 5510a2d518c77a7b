//! Outs and draws, one card ahead (flop or turn).
//!
//! An out is an unseen card that improves the hero's category (not only a kicker),
//! leaves the hero stronger than the board alone, and, when opponents are listed,
//! beats every one of them. Discounted outs drop those that pair the board or newly
//! allow a flush or straight the hero does not make.

use super::{choose, EquityError};
use crate::cards::{Card, CardSet};
use crate::eval::{evaluate, rank_partial, HandCategory};
use crate::range::Combo;

/// A draw's cards and chances.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Draw {
    pub outs: usize,
    /// Exact chance that at least one of the outs comes by the river.
    pub hit_by_river: f64,
    /// The rule of 4 and 2: 4% per out on the flop, 2% on the turn.
    pub rule_of_4_and_2: f64,
}

/// What the hero can hope for from the next card(s).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Outs {
    pub hero: String,
    pub board: String,
    pub category: HandCategory,
    pub outs: Vec<Card>,
    pub discounted: Vec<Card>,
    pub all: Draw,
    pub discounted_draw: Draw,
    pub flush_draw: bool,
    pub backdoor_flush_draw: bool,
    pub open_ended: bool,
    pub gutshot: bool,
    pub flush: Draw,
    pub straight: Draw,
}

fn draw(outs: usize, unseen: usize, to_come: usize) -> Draw {
    let miss = choose((unseen - outs) as u64, to_come as u64) as f64;
    let all = choose(unseen as u64, to_come as u64) as f64;
    Draw {
        outs,
        hit_by_river: if all > 0.0 { 1.0 - miss / all } else { 0.0 },
        rule_of_4_and_2: (outs as f64 * if to_come == 2 { 0.04 } else { 0.02 }).min(1.0),
    }
}

/// The category of the board alone (4 cards: pairs, trips, quads only).
fn board_category(board: &[Card]) -> HandCategory {
    if board.len() >= 5 {
        evaluate(board).category()
    } else {
        match rank_partial(board) >> 20 {
            7 => HandCategory::FourOfAKind,
            3 => HandCategory::ThreeOfAKind,
            2 => HandCategory::TwoPair,
            1 => HandCategory::Pair,
            _ => HandCategory::HighCard,
        }
    }
}

fn flush_possible(board: &[Card]) -> bool {
    (0..4).any(|s| board.iter().filter(|c| c.suit() == s).count() >= 3)
}

fn rank_mask(cards: &[Card]) -> u16 {
    cards.iter().fold(0, |m, c| m | 1 << c.rank())
}

/// True if some five-rank window (the wheel too) holds at least `need` of the ranks.
fn window_with(mask: u16, need: u32) -> bool {
    let with_low_ace = ((mask as u32) << 1) | ((mask as u32 >> 12) & 1);
    (0..10).any(|low| ((with_low_ace >> low) & 0b11111).count_ones() >= need)
}

/// Ranks that would give a straight (with at least one hole card in it) that the
/// hero does not already have.
fn straight_ranks(hole: &[Card], board: &[Card]) -> Vec<u8> {
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let has_straight = |mask: u16| crate::eval::table_builder::straight_top(mask as u32);
    let mask = rank_mask(&all);
    let board_mask = rank_mask(board);
    if has_straight(mask).is_some() {
        return Vec::new();
    }
    (0..13u8)
        .filter(|&r| {
            let top = has_straight(mask | 1 << r);
            // The board alone plus this rank must not make the same straight.
            top.is_some() && has_straight(board_mask | 1 << r) != top
        })
        .collect()
}

/// Outs and draws for `hero` on a flop or turn `board`.
pub fn outs(
    hero: Combo,
    board: CardSet,
    dead: CardSet,
    opponents: &[Combo],
) -> Result<Outs, EquityError> {
    if !(3..=4).contains(&board.len()) {
        return Err(EquityError::NotEnoughCards(format!(
            "outs need a flop or a turn (3 or 4 board cards), got {}",
            board.len()
        )));
    }
    let mut seen = board.union(dead);
    let mut check = |set: CardSet, who: String| -> Result<(), EquityError> {
        if let Some(card) = set.iter().find(|&c| seen.contains(c)) {
            return Err(EquityError::CardTwice {
                card,
                first: who,
                second: "board, dead cards or another hand".into(),
            });
        }
        seen = seen.union(set);
        Ok(())
    };
    check(hero.card_set(), "hero".into())?;
    for (i, o) in opponents.iter().enumerate() {
        check(o.card_set(), format!("opponent {}", i + 1))?;
    }
    let (a, b) = hero.cards();
    let hole = [a, b];
    let board_cards: Vec<Card> = board.to_vec_desc();
    let now: Vec<Card> = hole.iter().chain(&board_cards).copied().collect();
    let hero_now = evaluate(&now);
    let unseen: Vec<Card> = seen.complement().iter().collect();
    let to_come = 5 - board.len();
    let mut outs = Vec::new();
    let mut discounted = Vec::new();
    for &card in &unseen {
        let mut next_board = board_cards.clone();
        next_board.push(card);
        let mut cards = now.clone();
        cards.push(card);
        let hero_next = evaluate(&cards);
        let category = hero_next.category();
        if category <= hero_now.category() || category <= board_category(&next_board) {
            continue;
        }
        let beats_all = opponents.iter().all(|o| {
            let (x, y) = o.cards();
            let mut theirs = next_board.clone();
            theirs.push(x);
            theirs.push(y);
            hero_next > evaluate(&theirs)
        });
        if !beats_all {
            continue;
        }
        outs.push(card);
        let pairs_board = board_cards.iter().any(|c| c.rank() == card.rank());
        let new_flush = flush_possible(&next_board)
            && !flush_possible(&board_cards)
            && category < HandCategory::Flush;
        let new_straight = window_with(rank_mask(&next_board), 3)
            && !window_with(rank_mask(&board_cards), 3)
            && category < HandCategory::Straight;
        if !(pairs_board || new_flush || new_straight) {
            discounted.push(card);
        }
    }
    // Flush draws: four (or, on the flop, three) to a suit with a hole card in it.
    let flush_now = hero_now.category() >= HandCategory::Flush;
    let suited_count = |s: u8| now.iter().filter(|c| c.suit() == s).count();
    let flush_suit = (0..4u8).find(|&s| suited_count(s) == 4 && hole.iter().any(|c| c.suit() == s));
    let backdoor = board.len() == 3
        && !flush_now
        && (0..4u8).any(|s| suited_count(s) == 3 && hole.iter().any(|c| c.suit() == s));
    let flush_outs = match flush_suit {
        Some(s) if !flush_now => unseen.iter().filter(|c| c.suit() == s).count(),
        _ => 0,
    };
    let ranks = straight_ranks(&hole, &board_cards);
    let straight_outs = unseen.iter().filter(|c| ranks.contains(&c.rank())).count();
    Ok(Outs {
        hero: format!("{a} {b}"),
        board: board.to_string(),
        category: hero_now.category(),
        all: draw(outs.len(), unseen.len(), to_come),
        discounted_draw: draw(discounted.len(), unseen.len(), to_come),
        outs,
        discounted,
        flush_draw: flush_outs > 0,
        backdoor_flush_draw: backdoor,
        open_ended: ranks.len() >= 2,
        gutshot: ranks.len() == 1,
        flush: draw(flush_outs, unseen.len(), to_come),
        straight: draw(straight_outs, unseen.len(), to_come),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn combo(t: &str) -> Combo {
        let c = crate::cards::parse_card_list(t).unwrap();
        Combo::new(c[0], c[1]).unwrap()
    }

    fn set(t: &str) -> CardSet {
        CardSet::parse(t).unwrap()
    }

    #[test]
    fn nut_flush_draw_with_overcards() {
        let o = outs(combo("Ah Kh"), set("7h 2h 9c"), CardSet::EMPTY, &[]).unwrap();
        assert!(o.flush_draw);
        assert_eq!(o.flush.outs, 9);
        // 9 hearts + 3 aces + 3 kings improve the category (high card → pair/flush).
        assert_eq!(o.all.outs, 15);
        assert!((o.flush.hit_by_river - (1.0 - (38.0 * 37.0) / (47.0 * 46.0))).abs() < 1e-12);
        assert!((o.flush.rule_of_4_and_2 - 0.36).abs() < 1e-12);
        assert!(!o.open_ended && !o.gutshot);
    }

    #[test]
    fn straight_draws() {
        let oesd = outs(combo("8c 9d"), set("Ts Jh 2c"), CardSet::EMPTY, &[]).unwrap();
        assert!(oesd.open_ended);
        assert_eq!(oesd.straight.outs, 8);
        let gut = outs(combo("8c 9d"), set("Js Qh 2c"), CardSet::EMPTY, &[]).unwrap();
        assert!(gut.gutshot);
        assert_eq!(gut.straight.outs, 4);
        assert!(!gut.backdoor_flush_draw);
        let backdoor = outs(combo("8c 9c"), set("Jc Qh 2d"), CardSet::EMPTY, &[]).unwrap();
        assert!(backdoor.backdoor_flush_draw);
    }

    #[test]
    fn outs_must_beat_listed_opponents() {
        // Against a set, the hero's pair outs do not count; the eight hearts win, but
        // not the 9h, which gives the set quads.
        let o = outs(
            combo("Ah Kh"),
            set("7h 2h 9c"),
            CardSet::EMPTY,
            &[combo("9s 9d")],
        )
        .unwrap();
        assert_eq!(o.all.outs, 8, "{:?}", o.outs);
        assert!(o.outs.iter().all(|c| c.suit() == 2));
    }

    #[test]
    fn turn_uses_one_card() {
        let o = outs(combo("Ah Kh"), set("7h 2h 9c 3s"), CardSet::EMPTY, &[]).unwrap();
        assert_eq!(o.flush.outs, 9);
        assert!((o.flush.hit_by_river - 9.0 / 46.0).abs() < 1e-12);
        assert!(outs(combo("Ah Kh"), set("7h 2h"), CardSet::EMPTY, &[]).is_err());
    }
}
