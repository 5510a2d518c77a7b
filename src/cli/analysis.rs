//! The commands that analyse one hand or range: `eval`, `breakdown`, `runouts`, `outs`.

use super::{
    eval, json, output, parse_cards, parse_hand, CardError, CardErrorKind, CardSet, CardsArgs,
    CliError, Game,
};
use multiodds::equity::range_analysis::{RangeJob, RangeParts};
use multiodds::equity::RunControl;
use multiodds::scenario::RangeInputs;
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
    let job = range_job(range, vs, cards, |field| match field {
        "range" => "range".into(),
        "inputs" => "--vs".into(),
        "board" | "dead" => format!("--{field}"),
        other => vs_index(other).map_or_else(|| other.into(), |i| format!("--vs {}", i + 1)),
    })?;
    let parts = RangeParts {
        next: false,
        ..RangeParts::ALL
    };
    let a = job.analyse_parts(&RunControl::new(), rayon::current_num_threads(), parts);
    output::range_answer(&a, range, &vs.join(" vs "), job.board(), json, csv)
        .map_err(CliError::Usage)
}

/// The Range view's inputs from the command line, checked by its own validation: the
/// one way from a range and the seats it faces to a [`RangeJob`]. `name` says how the
/// command line calls a field of [`RangeInputs`]. An empty seat is refused (the view
/// skips a field not filled in yet; here it was typed).
fn range_job(
    range: &str,
    vs: &[String],
    cards: &CardsArgs,
    name: impl Fn(&str) -> String,
) -> Result<RangeJob, CliError> {
    if let Some(i) = vs.iter().position(|v| v.trim().is_empty()) {
        return Err(CliError::Usage(format!(
            "{}: empty; give a range",
            name(&format!("vs[{i}]"))
        )));
    }
    let inputs = RangeInputs {
        game: cards.game,
        range: range.to_string(),
        vs: vs.to_vec(),
        board: cards.board.clone(),
        dead: cards.dead.clone(),
    };
    inputs
        .validate()
        .map_err(|problems| super::first_problem(problems, name, |f| inputs.field_text(f)))
}

/// The seat index of a `vs[i]` field.
fn vs_index(field: &str) -> Option<usize> {
    field.strip_prefix("vs[")?.strip_suffix(']')?.parse().ok()
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
    let (board, _) = parse_cards(cards)?;
    if !(3..=4).contains(&board.len()) {
        return Err(CliError::Usage(format!(
            "--board: the next card needs a flop or a turn (3 or 4 cards), got {}",
            board.len()
        )));
    }
    let Some((first, rest)) = ranges.split_first().filter(|(_, rest)| !rest.is_empty()) else {
        return Err(CliError::Usage("give two or more ranges".into()));
    };
    let job = range_job(first, rest, cards, |field| match field {
        "range" => "seat 1".into(),
        "inputs" => "ranges".into(),
        "board" | "dead" => format!("--{field}"),
        other => vs_index(other).map_or_else(|| other.into(), |i| format!("seat {}", i + 2)),
    })?;
    let parts = RangeParts {
        lines: false,
        by_hand: false,
        next: true,
        memory_budget,
    };
    let a = job.analyse_parts(&RunControl::new(), rayon::current_num_threads(), parts);
    let next = a.next.map_err(CliError::Usage)?;
    let names: Vec<&str> = ranges.iter().map(String::as_str).collect();
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
