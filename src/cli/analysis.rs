//! The commands that analyse one hand or range: `eval`, `breakdown`, `runouts`, `outs`.

use super::{
    eval, json, output, parse_cards, parse_hand, parse_range, CardError, CardErrorKind, CardSet,
    CardsArgs, CliError, EquityError, Game, HandRange,
};
/// `eval`: 5–7 cards get their full value by the game's valuation (the engine's
/// `eval::game_value`); in the games where the board can play alone, 1–4 cards the partial
/// ranking of reference §2 (pairs, trips and quads by multiplicity, then ranks), as the
/// classic library ranked any number of cards; in Omaha, the hole cards then 3 to 5 board
/// cards (with the low in hi/lo games).
/// `eval --game 2-7|a-5|razz|badugi`: the hand's lowball or badugi value (lower is
/// better), the cards that make it and its kind.
pub(super) fn draw_eval_command(
    text: &str,
    rule: multiodds::eval::draw::DrawRule,
    json: bool,
) -> Result<String, CliError> {
    // A card given twice is refused at its second place.
    CardSet::parse(text).map_err(|e| CliError::cards("cards", text, e))?;
    let cards =
        multiodds::cards::parse_card_list(text).map_err(|e| CliError::cards("cards", text, e))?;
    let (min, max) = rule.card_counts();
    if !(min..=max).contains(&cards.len()) {
        return Err(CliError::cards(
            "cards",
            text,
            CardError {
                kind: CardErrorKind::Count {
                    what: "a hand to evaluate",
                    min,
                    max,
                    got: cards.len(),
                },
                token: text.trim().to_string(),
                column: 1,
            },
        ));
    }
    let v = rule.value(&cards);
    Ok(if json {
        serde_json::to_string(&serde_json::json!({
            "game": rule.key(),
            "cards": multiodds::cards::format_cards(&cards),
            "best": multiodds::cards::format_cards(&v.cards),
            "kind": v.kind,
            "value": v.value,
            "lower_is_better": true,
        }))
        .expect("plain data")
    } else {
        format!("{}: {v} · value {} (lower is better)", rule.name(), v.value)
    })
}

pub(super) fn eval_command(text: &str, game: Game, json: bool) -> Result<String, CliError> {
    // A card given twice is refused at its second place.
    let set = CardSet::parse(text).map_err(|e| CliError::cards("cards", text, e))?;
    let cards =
        multiodds::cards::parse_card_list(text).map_err(|e| CliError::cards("cards", text, e))?;
    let count_error = |min: usize, max: usize, what: &'static str| {
        CliError::cards(
            "cards",
            text,
            CardError {
                kind: CardErrorKind::Count {
                    what,
                    min,
                    max,
                    got: cards.len(),
                },
                token: text.trim().to_string(),
                column: 1,
            },
        )
    };
    if let Some(card) = cards.iter().find(|c| !game.has_card(**c)) {
        return Err(CliError::Usage(format!(
            "{card} is not dealt in {game} (its deck is {})",
            game.deck_words()
        )));
    }
    let hole = if game.is_omaha() {
        game.hole_cards()
    } else {
        0
    };
    let (min, what) = if game.is_omaha() {
        (
            hole + 3,
            "an Omaha hand to evaluate (hole cards, then 3 to 5 board cards)",
        )
    } else {
        (1, "a hand to evaluate")
    };
    let max = if game.is_omaha() { hole + 5 } else { 7 };
    if !(min..=max).contains(&cards.len()) {
        return Err(count_error(min, max, what));
    }
    // Fewer than five cards: the partial ranking (pairs, trips, quads, then ranks).
    let partial = cards.len() < 5;
    let (category, value, low) = if partial {
        let sorted = set.to_vec_desc();
        let category = multiodds::equity::outs::category_and_top(&sorted).0;
        (category, eval::rank_partial(&sorted) as u64, None)
    } else {
        let v = eval::game_value(game, &cards[..hole], &cards[hole..]);
        let low = game.is_hi_lo().then(|| eval::describe_low(v.low));
        (v.category, v.value as u64, low)
    };
    if game.plays_as_holdem() {
        let canonical = set.to_string();
        return Ok(if json {
            json::line(&json::Eval {
                cards: canonical,
                category: category.key(),
                value,
                partial,
            })
        } else if partial {
            format!(
                "{canonical}: {category} (partial ranking of {} cards, value {value}; \
                 comparable only with hands of as many cards)\n",
                cards.len()
            )
        } else {
            format!("{canonical}: {category} (value {value})\n")
        });
    }
    let shown = multiodds::cards::format_cards(&cards);
    if json {
        return Ok(json::line(&json::GameEval {
            game: game.key(),
            cards: shown,
            category: category.key(),
            value,
            low: low.clone().flatten(),
        }));
    }
    let low_text = match low {
        Some(Some(l)) => format!(" · low {l}"),
        Some(None) => " · no qualifying low".to_string(),
        None => String::new(),
    };
    Ok(format!(
        "{shown} ({game}): {category} (value {value}){low_text}\n"
    ))
}

pub(super) fn breakdown_command(
    range: &str,
    cards: &CardsArgs,
    vs: &[String],
    json: bool,
    csv: bool,
) -> Result<String, CliError> {
    cards.need_board("breakdown")?;
    let (board, dead) = parse_cards(cards)?;
    if !(3..=5).contains(&board.len()) {
        return Err(CliError::Usage(format!(
            "--board: a breakdown needs a flop, turn or river (3 to 5 cards), got {}",
            board.len()
        )));
    }
    let max = cards.game.max_seats();
    if vs.len() + 1 > max {
        return Err(CliError::Usage(format!(
            "--vs: {} deals at most {max} seats, so at most {} other seats",
            cards.game.name(),
            max - 1
        )));
    }
    let against = vs.join(" vs ");
    if !cards.game.plays_as_holdem() {
        let spec = game_range_spec(range, vs, cards.game, board, dead)?;
        let threads = rayon::current_num_threads();
        let control = multiodds::equity::RunControl::new();
        let b = multiodds::equity::games::range_analysis::game_breakdown(&spec, &control, threads)
            .map_err(CliError::Usage)?;
        let by_hand = if vs.is_empty() {
            None
        } else {
            Some(multiodds::equity::games::range_analysis::by_hand(
                &spec, &control, threads,
            )?)
        };
        let report = output::BreakdownReport::game(
            cards.game,
            range,
            board,
            &b,
            by_hand.as_ref().map(|r| (against.as_str(), r)),
            json || csv,
        );
        return Ok(output::breakdown(&report, json, csv));
    }
    let parsed = parse_range("range".into(), range)?;
    let others = vs
        .iter()
        .map(|v| parse_range("--vs".into(), v))
        .collect::<Result<Vec<_>, _>>()?;
    // The Range view's question: its checks, the other seats' known hands out of the
    // range's reach, and its equity by combo.
    let spec = multiodds::equity::range_analysis::RangeSpec::new(parsed, others, board, dead)?;
    let b = multiodds::equity::breakdown::breakdown(&spec.range, board, spec.blocked())
        .expect("the board has 3 to 5 cards");
    if b.combos == 0 {
        return Err(CliError::Equity(EquityError::EmptySeat {
            seat: "the range".into(),
        }));
    }
    let control = multiodds::equity::RunControl::new();
    let by_hand = multiodds::equity::range_analysis::equity_by_hand(
        &spec,
        &control,
        rayon::current_num_threads(),
    )
    .transpose()?;
    let report = output::BreakdownReport::holdem(
        range,
        board,
        &b,
        by_hand.as_ref().map(|r| (against.as_str(), r)),
        json || csv,
    );
    Ok(output::breakdown(&report, json, csv))
}

/// A game's Range question from the command line: the range, then each `--vs` seat.
pub(super) fn game_range_spec(
    range: &str,
    vs: &[String],
    game: Game,
    board: CardSet,
    dead: CardSet,
) -> Result<multiodds::equity::games::range_analysis::GameRangeSpec, CliError> {
    let hole = |what: String, text: &str| {
        multiodds::range::HoleRange::parse(text, game).map_err(|e| CliError::range(what, text, e))
    };
    let parsed = hole("range".into(), range)?;
    let others = vs
        .iter()
        .map(|v| hole("--vs".into(), v))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(
        multiodds::equity::games::range_analysis::GameRangeSpec::new(
            game, parsed, others, board, dead,
        )?,
    )
}

/// `--memory-mb` as bytes, or the error naming its bounds.
pub(super) fn memory_budget_of(memory_mb: u64) -> Result<u64, CliError> {
    use multiodds::equity::memory::{budget_from_mib, MAX_MEMORY_BUDGET, MIN_MEMORY_BUDGET};
    budget_from_mib(memory_mb).ok_or_else(|| {
        CliError::Usage(format!(
            "--memory-mb {memory_mb}: from {} to {} (MiB; default {})",
            MIN_MEMORY_BUDGET >> 20,
            MAX_MEMORY_BUDGET >> 20,
            multiodds::equity::memory::DEFAULT_MEMORY_BUDGET >> 20
        ))
    })
}

pub(super) fn runouts_command(
    ranges: &[String],
    cards: &CardsArgs,
    memory_mb: u64,
    json: bool,
) -> Result<String, CliError> {
    cards.need_board("runouts")?;
    let memory_budget = memory_budget_of(memory_mb)?;
    let (board, dead) = parse_cards(cards)?;
    if !(3..=4).contains(&board.len()) {
        return Err(CliError::Usage(format!(
            "--board: the next card needs a flop or a turn (3 or 4 cards), got {}",
            board.len()
        )));
    }
    let names: Vec<&str> = ranges.iter().map(String::as_str).collect();
    if !cards.game.plays_as_holdem() {
        let Some((first, rest)) = ranges.split_first() else {
            return Err(CliError::Usage("give two or more ranges".into()));
        };
        let spec = game_range_spec(first, rest, cards.game, board, dead)?;
        let next = multiodds::equity::games::range_analysis::game_next_cards(
            &spec,
            &multiodds::equity::RunControl::new(),
            rayon::current_num_threads(),
        )?;
        return Ok(output::runouts(&names, board, &next, json));
    }
    let parsed = ranges
        .iter()
        .enumerate()
        .map(|(i, t)| parse_range(format!("seat {}", i + 1), t))
        .collect::<Result<Vec<_>, _>>()?;
    let refs: Vec<&HandRange> = parsed.iter().collect();
    let next = multiodds::equity::by_combo::next_cards(
        &refs,
        board,
        dead,
        &multiodds::equity::RunControl::new(),
        rayon::current_num_threads(),
        memory_budget,
    )?;
    Ok(output::runouts(&names, board, &next, json))
}

pub(super) fn outs_command(
    hero: &str,
    cards: &CardsArgs,
    vs: &[String],
    json: bool,
) -> Result<String, CliError> {
    cards.need_board("outs")?;
    let (board, dead) = parse_cards(cards)?;
    let game = cards.game;
    // Each hand one known hand of the game's size (Hold'em's read as before, with its
    // messages); the engine chooses how to count.
    let known = |field: &'static str, text: &str| -> Result<CardSet, CliError> {
        if game.plays_as_holdem() {
            return parse_hand(field, text).map(|c| c.card_set());
        }
        let range = multiodds::range::HoleRange::parse(text, game)
            .map_err(|e| CliError::range(field.into(), text, e))?;
        range.known_hand().ok_or_else(|| {
            CliError::Usage(format!(
                "{field}: outs need one known {game} hand of {} cards, not a range: {text}",
                game.hole_cards()
            ))
        })
    };
    let hero = known("hero", hero)?;
    let opponents = vs
        .iter()
        .map(|v| known("--vs", v))
        .collect::<Result<Vec<_>, _>>()?;
    let spec = multiodds::worker::OutsSpec {
        game,
        hero,
        board,
        dead,
        opponents,
    };
    Ok(output::outs(&spec.outs()?, json))
}
