use super::*;

#[test]
fn decks_and_seats() {
    assert_eq!(Game::SHORT_DECK.deck().len(), 36);
    assert!(!Game::SHORT_DECK.has_card("5s".parse().unwrap()));
    assert!(Game::SHORT_DECK.has_card("6c".parse().unwrap()));
    assert_eq!(Game::SHORT_DECK.lowest_rank(), 4);
    assert_eq!(Game::SHORT_DECK.deck_words(), "sixes to aces");
    assert_eq!(Game::OMAHA.deck_words(), "deuces to aces");
    let seats: Vec<usize> = Game::ALL.iter().map(|g| g.max_seats()).collect();
    assert_eq!(seats, [23, 15, 11, 9, 7, 11, 9, 7, 8, 8, 8, 10, 10, 13]);
    for g in Game::ALL {
        assert_eq!(g.key().parse::<Game>(), Ok(g));
    }
    assert_eq!("stud8".parse::<Game>(), Ok(Game::STUD_HILO));
    assert!(Game::RAZZ.is_low_only() && !Game::RAZZ.is_hi_lo() && !Game::RAZZ.has_board());
    assert!(Game::BADUGI.is_draw() && !Game::BADUGI.is_stud() && Game::STUD.is_stud());
    assert!("lowball"
        .parse::<Game>()
        .unwrap_err()
        .to_string()
        .contains("omaha-hilo"));
}

#[test]
fn defined_games_are_checked_and_round_trip() {
    let deck =
        CardSet::parse("Ts Th Td Tc Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As Ah Ad Ac").unwrap();
    let g = Game::define("Twenty", deck, board_game(2), HIGH).unwrap();
    assert_eq!((g.key(), g.max_seats(), g.lowest_rank()), ("twenty", 7, 8));
    assert_eq!(g.deck_words(), "tens to aces");
    assert!(!g.is_default() && g.heading("x") == "Twenty: x");
    let text = ron::to_string(&g).unwrap();
    assert_eq!(ron::from_str::<Game>(&text).unwrap(), g);
    assert_eq!(ron::to_string(&Game::OMAHA).unwrap(), "\"omaha\"");
    assert_eq!(ron::from_str::<Game>("\"plo8\"").unwrap(), Game::OMAHA_HILO);
    // What the engine cannot deal or value is refused with why.
    let tiny = CardSet::parse("As Ks Qs Js Ts 9s 8s").unwrap();
    assert!(Game::define("Tiny", tiny, board_game(2), HIGH)
        .unwrap_err()
        .to_string()
        .contains("two seats"));
    let stud = Dealing {
        up_cards: 4,
        ..board_game(3)
    };
    assert!(Game::define("Stud", CardSet::FULL, stud, HIGH).is_err());
    let holdem_hi_lo = Valuation {
        low: LowRule::EightOrBetter,
        ..HIGH
    };
    assert!(
        Game::define("Hold'em hi/lo", CardSet::FULL, board_game(2), holdem_hi_lo)
            .unwrap_err()
            .to_string()
            .contains("8-or-better")
    );
}
