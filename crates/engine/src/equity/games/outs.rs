//! Outs in any game, by its rules (reference §4, §9): on a flop or turn, each unseen card
//! the hand would take, grouped by the hand it makes — in Omaha with exactly two hole and
//! three board cards, in short deck by its order. The classic library's Hold'em rules
//! (discounted outs, the second rule, hand distance) describe Hold'em's hands only and are
//! left out here ([`Outs::classic`] is `None`).

use super::hand_lines::{high_category, strength};
use crate::cards::{format_cards, Card, CardSet, Game};
use crate::equity::outs::{category_and_top, check_flop_or_turn, draw, Outs, OutsGroup};
use crate::equity::EquityError;
use crate::eval::HandCategory;

/// A hand's value by the game's rule on a board of 3 to 5 cards (higher is better).
fn value(game: Game, hole: &[Card], board: &[Card]) -> u32 {
    crate::eval::game_value(game, hole, board).value
}

/// Checks the cards: the hand and opponents' hands of the game's size, a flop or turn,
/// every card in the deck and in one place only.
fn check(
    game: Game,
    hole: CardSet,
    board: CardSet,
    dead: CardSet,
    opponents: &[CardSet],
) -> Result<(), EquityError> {
    check_flop_or_turn(board)?;
    super::check_cards(game, board, dead)?;
    let mut seen = board.union(dead);
    for (i, hand) in std::iter::once(&hole).chain(opponents).enumerate() {
        let who = if i == 0 {
            "hero".to_string()
        } else {
            format!("opponent {i}")
        };
        if hand.len() != game.hole_cards() {
            return Err(EquityError::Impossible(format!(
                "outs: the {who} holds {} cards; {game} hands hold {}",
                hand.len(),
                game.hole_cards()
            )));
        }
        if let Some(card) = hand.difference(game.deck()).iter().next() {
            return Err(EquityError::Impossible(format!(
                "outs: {card} ({who}) is not in {game}'s deck"
            )));
        }
        if let Some(card) = hand.iter().find(|&c| seen.contains(c)) {
            return Err(EquityError::CardTwice {
                card,
                first: who,
                second: "board, dead cards or another hand".into(),
            });
        }
        seen = seen.union(*hand);
    }
    Ok(())
}

/// Outs and draws of `hole` on a flop or turn in `game`, against the known `opponents`
/// (none: against any hand). A card is an out when it raises the hand's category by the
/// game's order, beats every opponent, and makes more than the board and that card make
/// by themselves (a card pairing the board gives every hand that pair).
pub fn game_outs(
    game: Game,
    hole: CardSet,
    board: CardSet,
    dead: CardSet,
    opponents: &[CardSet],
) -> Result<Outs, EquityError> {
    check(game, hole, board, dead, opponents)?;
    let hole_cards: Vec<Card> = hole.iter().collect();
    let board_cards: Vec<Card> = board.iter().collect();
    let opponent_cards: Vec<Vec<Card>> = opponents.iter().map(|o| o.iter().collect()).collect();
    let out = opponents
        .iter()
        .fold(hole.union(board).union(dead), |a, &o| a.union(o));
    let unseen: Vec<Card> = game.deck().difference(out).iter().collect();
    let to_come = 5 - board.len();
    let now = high_category(game, &hole_cards, &board_cards);
    let rank = |c: HandCategory| strength(game, c);
    let mut outs = Vec::new();
    let mut by_category: Vec<OutsGroup> = Vec::new();
    let mut draw_counts = [0usize; 9];
    let mut straight_ranks = 0u16;
    let mut after = board_cards.clone();
    after.push(board_cards[0]);
    for &card in &unseen {
        *after.last_mut().expect("pushed") = card;
        let made = high_category(game, &hole_cards, &after);
        // No more than the board and this card make by themselves (a card pairing the
        // board gives every hand that pair, in Omaha too).
        let board_alone = rank(made) <= rank(category_and_top(&after).0);
        if rank(made) <= rank(now) || board_alone {
            continue;
        }
        draw_counts[made as usize] += 1;
        if made == HandCategory::Straight {
            straight_ranks |= 1 << card.rank();
        }
        let mine = value(game, &hole_cards, &after);
        if opponent_cards
            .iter()
            .any(|o| value(game, o, &after) >= mine)
        {
            continue;
        }
        outs.push(card);
        match by_category.iter_mut().find(|g| g.category == made) {
            Some(group) => group.cards.push(card),
            None => by_category.push(OutsGroup {
                category: made,
                cards: vec![card],
            }),
        }
    }
    by_category.sort_by_key(|g| rank(g.category));
    let suited = |cards: &[Card], suit: u8| cards.iter().filter(|c| c.suit() == suit).count();
    // Three to a flush on the flop that two more cards complete, by the game's rule.
    let backdoor = board.len() == 3
        && rank(now) < rank(HandCategory::Flush)
        && (0..4u8).any(|s| {
            let (h, b) = (suited(&hole_cards, s), suited(&board_cards, s));
            if game.is_omaha() {
                h >= 2 && b == 1
            } else {
                h >= 1 && h + b == 3
            }
        });
    let straights = draw_counts[HandCategory::Straight as usize];
    let flushes = draw_counts[HandCategory::Flush as usize];
    Ok(Outs {
        game,
        hero: format_cards(&hole_cards),
        board: board.to_string(),
        category: now,
        all: draw(outs.len(), unseen.len(), to_come),
        classic: None,
        by_category,
        outs,
        flush_draw: flushes > 0,
        backdoor_flush_draw: backdoor,
        open_ended: straight_ranks.count_ones() >= 2,
        gutshot: straight_ranks.count_ones() == 1,
        flush: draw(flushes, unseen.len(), to_come),
        straight: draw(straights, unseen.len(), to_come),
        draw_counts,
        unseen: unseen.len(),
        to_come,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> CardSet {
        CardSet::parse(text).unwrap()
    }

    /// Each out against a plain count: every unseen card valued by the game's evaluator,
    /// kept when its category is stronger by the game's order and it beats the opponent.
    fn plain(game: Game, hole: &str, board: &str, vs: &[&str]) -> Vec<Card> {
        let hole: Vec<Card> = set(hole).iter().collect();
        let board: Vec<Card> = set(board).iter().collect();
        let vs: Vec<Vec<Card>> = vs.iter().map(|v| set(v).iter().collect()).collect();
        let out: Vec<Card> = hole
            .iter()
            .chain(&board)
            .chain(vs.iter().flatten())
            .copied()
            .collect();
        let now = strength(game, high_category(game, &hole, &board));
        game.deck()
            .iter()
            .filter(|c| !out.contains(c))
            .filter(|&c| {
                let mut after = board.clone();
                after.push(c);
                let made = strength(game, high_category(game, &hole, &after));
                // The board and the card must not make as much by themselves.
                let alone = made <= strength(game, category_and_top(&after).0);
                made > now
                    && !alone
                    && vs
                        .iter()
                        .all(|o| value(game, &hole, &after) > value(game, o, &after))
            })
            .collect()
    }

    #[test]
    fn omaha_outs_by_the_hand_they_make_with_two_hole_cards() {
        let o = game_outs(
            Game::OMAHA,
            set("Ah Kh 9c 8c"),
            set("Qh 7h 2s"),
            CardSet::EMPTY,
            &[set("Qs Qd 5c 4d")],
        )
        .unwrap();
        // Nine hearts make the nut flush; the 2h also pairs the board and fills the
        // queens up, so eight are outs.
        let flushes = o
            .by_category
            .iter()
            .find(|g| g.category == HandCategory::Flush)
            .unwrap();
        assert_eq!(flushes.cards.len(), 8);
        assert!(!flushes.cards.contains(&"2h".parse().unwrap()));
        assert_eq!(o.flush.outs, 9, "the draw counts every card that makes it");
        assert!(o.flush_draw && o.classic.is_none());
        let mut want = plain(Game::OMAHA, "Ah Kh 9c 8c", "Qh 7h 2s", &["Qs Qd 5c 4d"]);
        let mut got = o.outs.clone();
        want.sort();
        got.sort();
        assert_eq!(got, want);
        // A card pairing the board gives every hand that pair: not an out; an ace is.
        let alone = game_outs(
            Game::OMAHA,
            set("Ah Kh 9c 8c"),
            set("Qh 7h 2s"),
            CardSet::EMPTY,
            &[],
        )
        .unwrap();
        assert!(!alone.outs.contains(&"Qs".parse().unwrap()));
        assert!(alone.outs.contains(&"As".parse().unwrap()));
        // One heart in the hand and three on the board is no flush draw in Omaha.
        let one = game_outs(
            Game::OMAHA,
            set("Ah Kc 9c 8d"),
            set("Qh 7h 2h"),
            CardSet::EMPTY,
            &[],
        )
        .unwrap();
        assert!(!one.flush_draw);
        assert!(one
            .by_category
            .iter()
            .all(|g| g.category != HandCategory::Flush));
    }

    #[test]
    fn short_deck_outs_follow_its_order() {
        // A flush beats a full house: on a two-flush board the hearts are outs to the
        // best hand class short deck has below quads.
        for (hole, board, vs) in [
            ("Ah Kh", "Qh 7h 6s", &["Qs Qd"][..]),
            ("9c 8d", "Ts 7h 6d", &[][..]),
            ("As 6c", "7d 8h Ks", &[][..]),
        ] {
            let o = game_outs(
                Game::SHORT_DECK,
                set(hole),
                set(board),
                CardSet::EMPTY,
                &vs.iter().map(|v| set(v)).collect::<Vec<_>>(),
            )
            .unwrap();
            let mut want = plain(Game::SHORT_DECK, hole, board, vs);
            let mut got = o.outs.clone();
            want.sort();
            got.sort();
            assert_eq!(got, want, "{hole} on {board}");
            assert_eq!(o.unseen, 36 - 2 - board.split(' ').count() - 2 * vs.len());
        }
        // A-6 on 7-8: a nine makes A-6-7-8-9, short deck's lowest straight.
        let o = game_outs(
            Game::SHORT_DECK,
            set("As 6c"),
            set("7d 8h Ks"),
            CardSet::EMPTY,
            &[],
        )
        .unwrap();
        assert!(o.gutshot || o.open_ended);
        assert!(
            o.by_category
                .iter()
                .any(|g| g.category == HandCategory::Straight
                    && g.cards.iter().any(|c| c.rank() == 7))
        );
    }

    #[test]
    fn bad_hands_are_refused_by_name() {
        let e = game_outs(
            Game::OMAHA,
            set("Ah Kh"),
            set("Qh 7h 2s"),
            CardSet::EMPTY,
            &[],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("hero holds 2 cards"), "{e}");
        let e = game_outs(
            Game::SHORT_DECK,
            set("Ah 5h"),
            set("Qh 7h 6s"),
            CardSet::EMPTY,
            &[],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("5h"), "{e}");
        let e = game_outs(
            Game::OMAHA,
            set("Ah Kh 9c 8c"),
            set("Qh 7h"),
            CardSet::EMPTY,
            &[],
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("flop or a turn"), "{e}");
    }
}
