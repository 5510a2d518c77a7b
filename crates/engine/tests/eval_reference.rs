//! The fast evaluator against a plain best-5-of-7 reference and against public crates.

mod common;

use common::{cards, reference_best, reference_cmp, Dealer};
use multiodds_engine::cards::Card;
use multiodds_engine::eval::{evaluate, HandCategory};

fn fast_category(hand: &[Card]) -> u8 {
    evaluate(hand).category() as u8
}

#[test]
fn agrees_with_reference_on_a_million_random_hands_and_pairs() {
    let mut dealer = Dealer::new(2026);
    for i in 0..1_000_000 {
        let size = 5 + i % 3;
        let a = dealer.deal(size);
        let b = dealer.deal(size);
        // Category of each, and the order of the pair.
        assert_eq!(fast_category(&a), reference_best(&a).0, "{a:?}");
        assert_eq!(
            evaluate(&a).cmp(&evaluate(&b)),
            reference_cmp(&a, &b),
            "{a:?} vs {b:?}"
        );
    }
}

#[test]
fn agrees_with_reference_on_hands_sharing_a_board() {
    // Realistic showdowns: two pockets on one board, where ties and kickers matter.
    let mut dealer = Dealer::new(7);
    let mut ties = 0;
    for _ in 0..300_000 {
        let deal = dealer.deal(9);
        let a: Vec<Card> = deal[0..7].to_vec();
        let b: Vec<Card> = [&deal[2..7], &deal[7..9]].concat();
        let fast = evaluate(&a).cmp(&evaluate(&b));
        assert_eq!(fast, reference_cmp(&a, &b), "{a:?} vs {b:?}");
        ties += (fast == std::cmp::Ordering::Equal) as u32;
    }
    assert!(ties > 1000, "the sample should exercise ties, got {ties}");
}

fn order(a: &str, b: &str) -> std::cmp::Ordering {
    evaluate(&cards(a)).cmp(&evaluate(&cards(b)))
}

#[test]
fn named_edge_cases() {
    use std::cmp::Ordering::*;
    // Wheel: A-2-3-4-5 is the lowest straight.
    assert_eq!(
        evaluate(&cards("Ah 2c 3d 4s 5h 9c Kd")).category(),
        HandCategory::Straight
    );
    assert_eq!(order("Ah 2c 3d 4s 5h 9c Kd", "2c 3d 4s 5h 6d 9c Kd"), Less);
    // Steel wheel: the lowest straight flush, still above quads.
    let steel = "Ah 2h 3h 4h 5h Ac Ad";
    assert_eq!(
        evaluate(&cards(steel)).category(),
        HandCategory::StraightFlush
    );
    assert_eq!(order(steel, "Ac Ad Ah As Kd 2c 3c"), Greater);
    assert_eq!(order(steel, "2h 3h 4h 5h 6h 9c 9d"), Less);
    // Board plays for both.
    assert_eq!(order("Ah Kh Qh Jh Th 2c 3d", "Ah Kh Qh Jh Th 4c 5d"), Equal);
    assert_eq!(order("9c 8d 7h 6s 5c 2c 3d", "9c 8d 7h 6s 5c 2h 3s"), Equal);
    // Kicker decides.
    assert_eq!(
        order("Ac Ad Kh 9s 7c 4d 2h", "Ac Ad Qh 9s 7c 4d 2h"),
        Greater
    );
    // A sixth or seventh card beyond the best five does not count.
    assert_eq!(order("Ac Ad Kh Qs Jc 4d 2h", "Ac Ad Kh Qs Jc 3d 2s"), Equal);
    assert_eq!(order("Kc Kd Ks Kh Ac 2d 3h", "Kc Kd Ks Kh Ad Qd Jh"), Equal);
    // Flush beats straight with six suited cards; the best five suited count.
    // (7-6-5-4-3 is a straight here, but six spades make a flush, which wins.)
    let six_suited = "2s 4s 5s 6s 7s 9s 3d";
    assert_eq!(evaluate(&cards(six_suited)).category(), HandCategory::Flush);
    assert_eq!(order(six_suited, "2s 4s 5s 6s 7c 9s 3d"), Greater);
    let straight_flush = "2s 3s 4s 5s 6s 9s 7d";
    assert_eq!(
        evaluate(&cards(straight_flush)).category(),
        HandCategory::StraightFlush
    );
    let flush_six = "2s 4s 5s 6s 8s Ts 7d";
    assert_eq!(evaluate(&cards(flush_six)).category(), HandCategory::Flush);
    assert_eq!(order(flush_six, "2s 4s 5s 6s 8s 9s 7d"), Greater);
    // Two trips make a full house, the higher trips on top.
    let two_trips = "9c 9d 9h 5c 5d 5h Ks";
    assert_eq!(
        evaluate(&cards(two_trips)).category(),
        HandCategory::FullHouse
    );
    assert_eq!(order(two_trips, "9c 9d 9h 5c 5d Ah Ks"), Equal);
    // Three pairs make two pair, the best two plus the best kicker.
    let three_pairs = "Kc Kd 8h 8s 4c 4d 2h";
    assert_eq!(
        evaluate(&cards(three_pairs)).category(),
        HandCategory::TwoPair
    );
    assert_eq!(order(three_pairs, "Kc Kd 8h 8s 4c 3d 2h"), Equal);
    assert_eq!(order("Kc Kd 8h 8s 4c 4d Ah", three_pairs), Greater);
    // Quads with a pair on board: kicker is the best other card.
    assert_eq!(order("7c 7d 7h 7s Qc Qd 2h", "7c 7d 7h 7s Qc Qd Ah"), Less);
    assert_eq!(order("7c 7d 7h 7s Qc Qd 2h", "7c 7d 7h 7s Qc Jd Th"), Equal);
}

fn to_rs_poker(card: Card) -> rs_poker::core::Card {
    let text = card.to_string();
    let mut chars = text.chars();
    let value = rs_poker::core::Value::from_char(chars.next().unwrap()).unwrap();
    let suit = rs_poker::core::Suit::from_char(chars.next().unwrap()).unwrap();
    rs_poker::core::Card::new(value, suit)
}

fn to_aya(cards: &[Card]) -> aya_poker::base::Hand {
    let text = multiodds_engine::cards::format_cards(cards);
    text.parse().unwrap()
}

#[test]
fn same_order_as_rs_poker_and_aya_poker_on_a_million_hands() {
    use rs_poker::core::Rankable;
    let mut dealer = Dealer::new(99);
    for _ in 0..1_000_000 {
        let deal = dealer.deal(9);
        let a = &deal[0..7];
        let b: Vec<Card> = [&deal[2..7], &deal[7..9]].concat();
        let ours = evaluate(a).cmp(&evaluate(&b));
        let rs = |h: &[Card]| h.iter().map(|&c| to_rs_poker(c)).collect::<Vec<_>>().rank();
        assert_eq!(ours, rs(a).cmp(&rs(&b)), "rs_poker: {a:?} vs {b:?}");
        let aya = |h: &[Card]| aya_poker::poker_rank(&to_aya(h));
        assert_eq!(ours, aya(a).cmp(&aya(&b)), "aya_poker: {a:?} vs {b:?}");
    }
}
