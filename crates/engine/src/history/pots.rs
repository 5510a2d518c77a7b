//! The money of a hand: what each player put in, the main pot and every side pot rebuilt
//! from the actions, and each player's result.

use super::amount::Amount;
use super::model::Hand;

/// One pot: its chips and the players who can win it (in, not folded, covering it).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Pot {
    /// Chips in it, before the site's take.
    pub amount: Amount,
    /// Who can win it (indexes into [`Hand::players`]).
    pub eligible: Vec<usize>,
}

/// The hand's money.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Money {
    /// What each player put in (uncalled bets returned are taken off).
    pub invested: Vec<Amount>,
    /// Who folded.
    pub folded: Vec<bool>,
    /// The main pot first, then each side pot.
    pub pots: Vec<Pot>,
    /// What each player took: the summary's winnings (unless not paid for a cash-out)
    /// plus a cash-out.
    pub received: Vec<Amount>,
    /// Each player's result: received less invested (0 in a cancelled hand).
    pub net: Vec<Amount>,
}

impl Money {
    /// Every pot's chips (the site's added money in the last pot).
    pub fn total(&self) -> Amount {
        self.pots.iter().map(|p| p.amount).sum()
    }
}

/// Rebuilds the pots: the distinct amounts the players still in put in are the pots'
/// levels; each pot takes every player's chips between its level and the one below, and
/// is won among the players still in who reached its level. Pots with the same players
/// are one pot.
pub fn money(hand: &Hand) -> Money {
    let n = hand.players.len();
    let running = super::model::Running::through(n, &hand.streets);
    let (invested, returned, folded) = (running.bets, running.returned, running.folded);
    // Each player's bets less what came back, read three ways, the first the summary's
    // total agrees with kept (the rule of the game when none does):
    // 1. a return is the bet nobody called: at most the excess over the next most put in,
    //    and when no return is written at all, that excess comes back anyway (old
    //    PokerStars files leave the line out and count the pot without it);
    // 2. returns as written (some converters return a whole walk's big blind), no more
    //    than was bet;
    // 3. no return written and none made (converted walks count the big blind in full).
    let written = returned.iter().any(|&r| r > Amount::ZERO);
    let stated = hand.summary.pot_before_take() - hand.site_added;
    let readings = [
        uncalled_returned(&invested, &returned, !written),
        invested
            .iter()
            .zip(&returned)
            .map(|(&i, &r)| i - r.min(i))
            .collect(),
        invested.clone(),
    ];
    let chosen = readings
        .iter()
        .position(|r| r.iter().copied().sum::<Amount>() == stated)
        .unwrap_or(0);
    let invested = readings[chosen].clone();
    // A player all-in for a blind or an ante who then folds still caps a pot, as the
    // sites count it: the main pot is what every player matched of that all-in, and the
    // rest a side pot (its players may be the same).
    let folded_all_in: Vec<Amount> = (0..n)
        .filter(|&p| {
            folded[p] && invested[p] > Amount::ZERO && invested[p] == hand.players[p].stack
        })
        .map(|p| invested[p])
        .collect();
    let mut levels: Vec<Amount> = (0..n)
        .filter(|&p| !folded[p] && invested[p] > Amount::ZERO)
        .map(|p| invested[p])
        .chain(folded_all_in.iter().copied())
        .collect();
    levels.sort();
    levels.dedup();
    let in_hand: Vec<usize> = (0..n)
        .filter(|&p| !folded[p] && !hand.players[p].sitting_out)
        .collect();
    let mut pots: Vec<Pot> = Vec::new();
    let mut below = Amount::ZERO;
    for &level in &levels {
        let amount: Amount = invested.iter().map(|&i| i.min(level) - i.min(below)).sum();
        let eligible: Vec<usize> = (0..n)
            .filter(|&p| !folded[p] && invested[p] >= level)
            .collect();
        match pots.last_mut() {
            Some(last) if last.eligible == eligible && !folded_all_in.contains(&below) => {
                last.amount += amount
            }
            _ if eligible.is_empty() => {
                // Above every live player's chips: folded money, added below.
                break;
            }
            _ => pots.push(Pot { amount, eligible }),
        }
        below = level;
    }
    // Chips above every live player's level (folded money past the last call) and a hand
    // nobody still in put chips into go to the last pot.
    let rest: Amount = invested.iter().map(|&i| i - i.min(below)).sum::<Amount>() + hand.site_added;
    if rest > Amount::ZERO {
        match pots.last_mut() {
            Some(last) => last.amount += rest,
            None => pots.push(Pot {
                amount: rest,
                eligible: in_hand,
            }),
        }
    }
    let mut received = hand.summary.won.clone();
    received.resize(n, Amount::ZERO);
    for &p in &hand.summary.not_awarded {
        received[p] = Amount::ZERO;
    }
    for &(p, amount, _) in &hand.cash_outs {
        received[p] += amount;
    }
    let net = if hand.cancelled {
        vec![Amount::ZERO; n]
    } else {
        (0..n).map(|p| received[p] - invested[p]).collect()
    };
    Money {
        invested,
        folded,
        pots,
        received,
        net,
    }
}

/// Bets less the uncalled part: a written return counts up to the excess of the player's
/// bets over everyone else's; with `implicit`, the largest bet's excess comes back even
/// unwritten.
fn uncalled_returned(invested: &[Amount], returned: &[Amount], implicit: bool) -> Vec<Amount> {
    (0..invested.len())
        .map(|p| {
            let others = (0..invested.len())
                .filter(|&q| q != p)
                .map(|q| invested[q])
                .max()
                .unwrap_or(Amount::ZERO);
            let excess = (invested[p] - others).max(Amount::ZERO);
            let back = if implicit {
                excess
            } else {
                returned[p].min(excess)
            };
            invested[p] - back
        })
        .collect()
}

/// Where the rebuilt money disagrees with what the text says, in words; empty when it
/// agrees: the pots' total against the summary's, the winnings plus the site's take
/// against the total, the summary's winnings against the chips collected in the body,
/// and nobody putting in more than they sat with.
pub fn disagreements(hand: &Hand, money: &Money) -> Vec<String> {
    let mut out = Vec::new();
    if hand.cancelled {
        return out;
    }
    let total = money.total();
    let stated = hand.summary.pot_before_take();
    if total != stated {
        out.push(format!(
            "the actions put {total} in the pot; the summary says {stated}"
        ));
    }
    let won: Amount = hand.summary.won.iter().copied().sum();
    let taken = hand.summary.taken();
    if won + taken != stated {
        out.push(format!(
            "the summary's winnings {won} and the site's take {taken} are not its total {stated}"
        ));
    }
    if !hand.summary.pots.is_empty() {
        let mut ours: Vec<Amount> = money.pots.iter().map(|p| p.amount).collect();
        if let Some(last) = ours.last_mut() {
            *last -= hand.site_added;
        }
        // PokerStars lists pots after the rake (taken from the main pot, or from each in
        // proportion, by era); Run It Once lists them before it.
        let after_take = ours.iter().copied().sum::<Amount>()
            - hand.summary.pots.iter().copied().sum::<Amount>()
            == hand.summary.taken();
        let agree = ours == hand.summary.pots
            || (ours.len() == hand.summary.pots.len()
                && after_take
                && ours.iter().zip(&hand.summary.pots).all(|(o, t)| t <= o));
        if !agree {
            let list = |v: &[Amount]| {
                v.iter()
                    .map(|a| a.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            out.push(format!(
                "the pots rebuilt are {}; the summary lists {}",
                list(&ours),
                list(&hand.summary.pots)
            ));
        }
    }
    let collected: Amount = hand.collected.iter().map(|c| c.amount).sum();
    // Run It Once's collected lines can count its Splash the Pot money a second time
    // while its summary does not; the summary is what the results go by.
    if !hand.collected.is_empty() && collected != won && collected != won + hand.site_added {
        out.push(format!(
            "{collected} was collected in the hand; the summary says {won} was won"
        ));
    }
    for (p, player) in hand.players.iter().enumerate() {
        if money.invested[p] > player.stack {
            out.push(format!(
                "{} put in {} with a stack of {}",
                player.name, money.invested[p], player.stack
            ));
        }
    }
    out
}
