//! All-in adjusted results, as the trackers define them (reference §10): when the
//! betting ended with a player all-in before the river and every player still in has
//! known cards, each player's share of each pot is their equity in it at that moment,
//! and the adjusted result is Σ over pots of equity × pot (after the site's take) less
//! what they put in. Run-it-twice hands use the equity, not the boards that came.

use super::amount::Amount;
use super::model::{Hand, StreetName};
use super::pots::Money;
use crate::cards::{format_cards, Card, CardSet, Game};
use crate::equity::games::MatchupJob;
use crate::equity::run::RunSettings;
use crate::equity::{Method, RunControl};
use crate::range::SeatRange;
use std::time::Duration;

/// Why a hand has no all-in adjustment.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, thiserror::Error)]
#[serde(rename_all = "snake_case", tag = "kind", content = "detail")]
pub enum NotAdjusted {
    /// Nobody was all-in when the betting ended, or it ended without a showdown.
    #[error("no all-in with two or more players still in")]
    NoAllIn,
    /// The all-in came on the river: the cards were all out, nothing to adjust.
    #[error("the all-in came on the river (no adjustment, as the trackers do)")]
    River,
    /// A player still in showed no cards.
    #[error("{0}'s cards are unknown (no adjustment, as the trackers do)")]
    UnknownCards(String),
    /// A game the engine does not value.
    #[error("{0}")]
    Game(String),
    /// The equity run failed (cards the engine refuses).
    #[error("equity not computed: {0}")]
    Equity(String),
}

/// One pot at the all-in.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PotShare {
    /// The pot's chips.
    pub amount: Amount,
    /// The pot after the site's take, taken from every pot in proportion.
    pub after_take: f64,
    /// Who could win it.
    pub eligible: Vec<usize>,
    /// Each eligible player's expected share of it (their equity), in `eligible`'s order.
    pub equity: Vec<f64>,
    /// The standard error of each equity (0 when exact).
    pub equity_se: Vec<f64>,
    /// Exact or Monte Carlo.
    pub method: Method,
}

/// A hand's all-in adjustment.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Adjusted {
    /// The street the betting ended on.
    pub street: StreetName,
    /// The board then.
    #[serde(serialize_with = "super::model::cards_text")]
    pub board: Vec<Card>,
    /// The main pot and the side pots, with each player's equity.
    pub pots: Vec<PotShare>,
    /// Each player's expected take: Σ equity × pot after the take.
    pub expected: Vec<f64>,
    /// Each player's adjusted result: expected take less what they put in.
    pub adjusted_net: Vec<f64>,
}

/// How an adjustment is computed: threads and the longest a pot's Monte Carlo may run
/// when exact enumeration is not affordable.
#[derive(Clone, Debug)]
pub struct AdjustSettings {
    /// Worker threads.
    pub threads: usize,
    /// The most a pot's Monte Carlo runs.
    pub time_limit: Duration,
    /// The standard error a Monte Carlo run stops at.
    pub target_se: f64,
    /// Cancels the runs.
    pub control: RunControl,
}

impl Default for AdjustSettings {
    fn default() -> AdjustSettings {
        AdjustSettings {
            threads: rayon::current_num_threads(),
            time_limit: Duration::from_secs(2),
            target_se: crate::equity::run::VIEW_TARGET_SE,
            control: RunControl::new(),
        }
    }
}

/// The street the betting ended on with a player all-in and at most one player still in
/// holding chips: the all-in moment. `None` when the hand never got there.
pub fn all_in_street(hand: &Hand) -> Option<usize> {
    let n = hand.players.len();
    let mut running = super::model::Running::new(n);
    for (s, street) in hand.streets.iter().enumerate() {
        for a in &street.actions {
            running.apply(a);
        }
        let live: Vec<usize> = (0..n)
            .filter(|&p| !running.folded[p] && !hand.players[p].sitting_out)
            .collect();
        // A player is all-in when the text says so or nothing is left of the stack.
        let out_of_chips =
            |p: usize| running.all_in[p] || running.put_in(p) >= hand.players[p].stack;
        let with_chips = live.iter().filter(|&&p| !out_of_chips(p)).count();
        let betting_later = hand.streets[s + 1..].iter().any(|st| {
            st.actions
                .iter()
                .any(|a| !matches!(a.kind, super::ActionKind::Returned))
        });
        if live.len() >= 2
            && live.iter().any(|&p| out_of_chips(p))
            && with_chips <= 1
            && !betting_later
        {
            return Some(s);
        }
    }
    None
}

/// The all-in adjustment of `hand`, or why there is none.
pub fn adjust(
    hand: &Hand,
    money: &Money,
    settings: &AdjustSettings,
) -> Result<Adjusted, NotAdjusted> {
    let Some(game) = hand.game.game else {
        return Err(NotAdjusted::Game(
            hand.game
                .no_equity
                .clone()
                .unwrap_or_else(|| "a game the engine does not value".into()),
        ));
    };
    if hand.cancelled {
        return Err(NotAdjusted::NoAllIn);
    }
    let s = all_in_street(hand).ok_or(NotAdjusted::NoAllIn)?;
    if !game.has_board() {
        // Stud's streets are replayed with equity; its all-in moment is not adjusted yet.
        return Err(NotAdjusted::Game(format!(
            "{}: all-in adjusted results are computed in games with a board",
            hand.game.text
        )));
    }
    let street = &hand.streets[s];
    let board = street.boards[0].clone();
    if board.len() >= 5 || street.name == StreetName::River {
        return Err(NotAdjusted::River);
    }
    for pot in &money.pots {
        for &p in &pot.eligible {
            if hand.players[p].cards.len() != game.hole_cards() {
                return Err(NotAdjusted::UnknownCards(hand.players[p].name.clone()));
            }
        }
    }
    let total = money.total().as_f64();
    let taken = hand.summary.taken().as_f64();
    let keep = if total > 0.0 {
        (total - taken) / total
    } else {
        1.0
    };
    let mut pots = Vec::new();
    for pot in &money.pots {
        let (equity, equity_se, method) = if pot.eligible.len() == 1 {
            (vec![1.0], vec![0.0], Method::Exact)
        } else {
            pot_equity(hand, game, &pot.eligible, &board, settings)?
        };
        pots.push(PotShare {
            amount: pot.amount,
            after_take: pot.amount.as_f64() * keep,
            eligible: pot.eligible.clone(),
            equity,
            equity_se,
            method,
        });
    }
    let n = hand.players.len();
    let mut expected = vec![0.0; n];
    for pot in &pots {
        for (i, &p) in pot.eligible.iter().enumerate() {
            expected[p] += pot.equity[i] * pot.after_take;
        }
    }
    let adjusted_net = (0..n)
        .map(|p| expected[p] - money.invested[p].as_f64())
        .collect();
    Ok(Adjusted {
        street: street.name,
        board,
        pots,
        expected,
        adjusted_net,
    })
}

/// The eligible players' equities in one pot: their cards against each other on the
/// board, every other card the hand shows out of the deck.
fn pot_equity(
    hand: &Hand,
    game: Game,
    eligible: &[usize],
    board: &[Card],
    settings: &AdjustSettings,
) -> Result<(Vec<f64>, Vec<f64>, Method), NotAdjusted> {
    let fail = |e: String| NotAdjusted::Equity(e);
    let mut seats = Vec::new();
    let mut dead = CardSet::EMPTY;
    for (p, player) in hand.players.iter().enumerate() {
        if eligible.contains(&p) {
            let range = SeatRange::parse(&format_cards(&player.cards), game)
                .map_err(|e| fail(e.to_string()))?;
            seats.push(range);
        } else {
            for &c in &player.cards {
                dead.insert(c);
            }
        }
    }
    let board_set = CardSet::from_cards(board).ok_or_else(|| fail("a board card twice".into()))?;
    let matchup = MatchupJob::new(game, seats, Vec::new(), board_set, dead)
        .map_err(|e| fail(e.to_string()))?;
    let mut run = RunSettings {
        method: Method::Auto,
        seed: 1,
        target_se: settings.target_se,
        potential_target_se: None,
        time_limit: Some(settings.time_limit),
        control: settings.control.clone(),
        ..RunSettings::default()
    };
    if matchup.check_affordable(&run, settings.threads).is_err() {
        run.method = Method::MonteCarlo;
    }
    let result = matchup
        .run(&run, |_| true)
        .map_err(|e| fail(e.to_string()))?;
    Ok((
        result.seats.iter().map(|s| s.equity).collect(),
        result.seats.iter().map(|s| s.equity_se).collect(),
        result.method,
    ))
}
