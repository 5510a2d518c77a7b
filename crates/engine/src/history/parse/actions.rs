//! A hand's play, street by street: a street opened (its board, or boards when run more
//! than once), each action with its amount and the pot it builds, notes and the cards a
//! player shows or mucks.

use super::{bracket_cards, Reader};
use crate::cards::Card;
use crate::history::amount::Amount;
use crate::history::model::{
    Action, ActionKind, Collected, DealtCard, Discard, Street, StreetName,
};

impl Reader {
    pub(super) fn open_street(
        &mut self,
        name: StreetName,
        label: String,
        run: usize,
        board: Vec<Card>,
    ) {
        let mut boards = Vec::new();
        if run > 0 {
            // The first run's board for this street comes on its own line later; until
            // then each earlier run shares the board before the split.
            let before = self
                .hand
                .streets
                .last()
                .map(|s| s.boards[0].clone())
                .unwrap_or_default();
            boards.resize(run, before);
        }
        boards.push(board);
        self.hand.streets.push(Street {
            name,
            label,
            boards,
            actions: Vec::new(),
        });
        self.round_bets = vec![Amount::ZERO; self.hand.players.len()];
    }

    /// A street opened by a site's marker with its board cards (`[ 9d, 8d, Tc ]`, `[Qd]`,
    /// or the whole board again): the board grows from the street before; the first round
    /// opens once.
    /// `line` names the street in an error.
    pub(super) fn deal_street(
        &mut self,
        name: StreetName,
        label: &str,
        new_cards: &str,
        line: &str,
    ) -> Result<(), String> {
        if name == StreetName::Preflop {
            if self.hand.streets.is_empty() {
                self.open_street(name, label.to_string(), 0, Vec::new());
            }
            return Ok(());
        }
        let mut board = self
            .hand
            .streets
            .last()
            .map(|s| s.boards[0].clone())
            .unwrap_or_default();
        // Some sites write the whole board again (`[Jd 6s 4c] [3s]`).
        for c in bracket_cards(new_cards)? {
            if !board.contains(&c) {
                board.push(c);
            }
        }
        if board.len() != name.board_cards() {
            return Err(format!(
                "`{line}`: {} board cards on the {}",
                board.len(),
                name.title().to_lowercase()
            ));
        }
        self.open_street(name, label.to_string(), 0, board);
        Ok(())
    }

    /// Two players at least are seated (a hand cut short may seat fewer).
    pub(super) fn check_two_seated(&self) -> Result<(), String> {
        let n = self.hand.players.len();
        if n < 2 {
            return Err(format!("{n} seated; a hand needs two (truncated?)"));
        }
        Ok(())
    }

    /// What each player won, from the body's collected lines: for sites whose summary
    /// does not list winnings by seat.
    pub(super) fn won_from_collected(&mut self) {
        let mut won = vec![Amount::ZERO; self.hand.players.len()];
        for c in &self.hand.collected {
            won[c.player] += c.amount;
        }
        self.hand.summary.won = won;
    }

    /// A seated player, refused when the seat or the name is taken already.
    pub(super) fn seat(&mut self, seat: u8, name: String, stack: Amount) -> Result<(), String> {
        if name.is_empty() {
            return Err(format!("seat {seat} has no name"));
        }
        if let Some(other) = self
            .hand
            .players
            .iter()
            .find(|p| p.name == name || p.seat == seat)
        {
            return Err(format!(
                "seat {seat} ({name}) repeats seat {} ({})",
                other.seat, other.name
            ));
        }
        self.hand.players.push(crate::history::model::Player {
            seat,
            name,
            stack,
            sitting_out: false,
            cards: Vec::new(),
            dealt: Vec::new(),
            discards: Vec::new(),
        });
        Ok(())
    }

    pub(super) fn act(
        &mut self,
        n: usize,
        player: usize,
        kind: ActionKind,
        amount: Amount,
        all_in: bool,
    ) -> Result<(), String> {
        if self.hand.streets.is_empty() {
            self.open_street(StreetName::Preflop, "HOLE CARDS".into(), 0, Vec::new());
        }
        let street = self.hand.streets.last_mut().expect("opened");
        street.actions.push(Action {
            player,
            kind,
            amount,
            all_in,
            line: n,
        });
        Ok(())
    }

    /// `name: …` lines.
    ///
    /// One function because it is one table of the action words a line may hold, each arm
    /// one shape of line.
    pub(super) fn action(&mut self, n: usize, p: usize, rest: &str) -> Result<(), String> {
        let (rest, all_in) = match rest.find(" and is all-in") {
            Some(i) => (&rest[..i], true),
            None => (rest, false),
        };
        let rest = rest
            .split(" and has reached the")
            .next()
            .unwrap_or(rest)
            .trim();
        let amount_of =
            |text: &str| Amount::parse(text).ok_or_else(|| format!("`{text}` is not an amount"));
        let mut words = rest.split_whitespace();
        let verb = words.next().unwrap_or("");
        let last = rest.rsplit(' ').next().unwrap_or("");
        match verb {
            "folds" | "checks" => {
                let kind = if verb == "folds" {
                    ActionKind::Fold
                } else {
                    ActionKind::Check
                };
                if verb == "folds" {
                    self.learn_cards(n, p, rest)?;
                }
                self.act(n, p, kind, Amount::ZERO, all_in)
            }
            "calls" | "bets" => {
                let a = amount_of(last)?;
                self.round_bets[p] += a;
                let kind = if verb == "calls" {
                    ActionKind::Call
                } else {
                    ActionKind::Bet
                };
                self.act(n, p, kind, a, all_in)
            }
            "raises" => {
                let to = amount_of(last)?;
                let added = if self.raise_adds {
                    to
                } else {
                    to - self.round_bets[p]
                };
                let to = self.round_bets[p] + added;
                if added <= Amount::ZERO {
                    return Err(format!(
                        "raises to {to}, not more than the {} already bet this round",
                        self.round_bets[p]
                    ));
                }
                self.round_bets[p] = to;
                self.act(n, p, ActionKind::Raise { to }, added, all_in)
            }
            "straddle" => {
                // GGPoker writes a straddle as the bet it makes the player's whole bet
                // (a big blind who straddles $100 over his $50 puts in $50 more).
                let to = amount_of(last)?;
                let added = to - self.round_bets[p];
                self.round_bets[p] = to;
                self.act(n, p, ActionKind::PostLive, added.max(Amount::ZERO), all_in)
            }
            "brings" => {
                let a = amount_of(last)?;
                self.round_bets[p] += a;
                self.act(n, p, ActionKind::PostLive, a, all_in)
            }
            "posts" => {
                let a = amount_of(last)?;
                let what = rest.to_ascii_lowercase();
                if what.contains("ante") || what.contains("missed") || what.contains("dead") {
                    self.act(n, p, ActionKind::PostDead, a, all_in)
                } else if what.contains("small & big") {
                    // The big blind is live; the small blind posted with it is dead.
                    let live = self.big_blind.map_or(a, |bb| bb.min(a));
                    self.round_bets[p] += live;
                    self.act(n, p, ActionKind::PostLive, live, all_in)?;
                    if a > live {
                        self.act(n, p, ActionKind::PostDead, a - live, all_in)?;
                    }
                    Ok(())
                } else {
                    self.round_bets[p] += a;
                    self.act(n, p, ActionKind::PostLive, a, all_in)
                }
            }
            "discards" | "stands" => {
                // Single-draw games mark the draw by the discards alone: the first one
                // after a round's betting starts the next round.
                let bet_this_round = self.hand.streets.last().is_some_and(|s| {
                    s.actions
                        .iter()
                        .any(|a| !matches!(a.kind, ActionKind::PostLive | ActionKind::PostDead))
                });
                if !self.board_game && bet_this_round {
                    let round = self.hand.streets.len() as u8 + 1;
                    self.open_street(StreetName::Round(round), "DRAW".into(), 0, Vec::new());
                }
                self.discard(p, verb, rest)
            }
            "shows" | "mucks" => self.learn_cards(n, p, rest),
            _ => Ok(()), // doesn't show, sits out, is sitting out, said, timed out…
        }
    }

    /// Notes that start with a seated name and a space: collected, cashed out, left…
    pub(super) fn note(&mut self, n: usize, p: usize, rest: &str) -> Result<(), String> {
        if self.prize(p, rest) {
            return Ok(());
        }
        if rest.starts_with("shows [") {
            return self.learn_cards(n, p, rest);
        }
        if let Some(r) = rest.strip_prefix("collected ") {
            let text = r.split(" from").next().unwrap_or(r).trim();
            let text = text.trim_start_matches('(').trim_end_matches(')');
            let amount =
                Amount::parse(text).ok_or_else(|| format!("collected `{text}`: not an amount"))?;
            self.hand.collected.push(Collected { player: p, amount });
        } else if let Some(r) = rest.strip_prefix("cashed out the hand for ") {
            let (amount, fee) = match r.split_once('|') {
                Some((a, f)) => (a.trim(), f.trim().rsplit(' ').next().unwrap_or("0")),
                None => (r.trim(), "0"),
            };
            let amount = Amount::parse(amount)
                .ok_or_else(|| format!("cashed out `{amount}`: not an amount"))?;
            let fee = Amount::parse(fee).unwrap_or(Amount::ZERO);
            self.hand.cash_outs.push((p, amount, fee));
        }
        Ok(())
    }

    /// A tournament prize the line after a player's name states (PokerStars:
    /// `finished the tournament in 2nd place and received $1.80.`, `wins the tournament
    /// and receives $3.60 - congratulations!`; PartyPoker: `finished in 1 place and
    /// received $3 USD`), kept; whether the line was one.
    pub(super) fn prize(&mut self, p: usize, rest: &str) -> bool {
        let Some(i) = ["and received ", "and receives "]
            .iter()
            .find_map(|k| rest.find(k).map(|i| i + k.len()))
        else {
            return false;
        };
        let text = rest[i..].split_whitespace().next().unwrap_or("");
        let text = text.trim_end_matches(['.', ',']);
        match Amount::parse(text) {
            Some(a) => {
                self.hand.prizes.push((p, a));
                true
            }
            None => false,
        }
    }

    /// Whether the hand is stud, stud hi/lo or razz.
    pub(super) fn is_stud(&self) -> bool {
        self.hand.game.game.is_some_and(|g| g.is_stud())
    }

    /// Whether the hand is a draw game the engine values (2-7, A-5, badugi).
    pub(super) fn is_draw(&self) -> bool {
        self.hand.game.game.is_some_and(|g| g.is_draw())
    }

    /// A draw game's deal line (`[8s Td Kd Qs Qc]` first, `[Td Th 6h 4h] [Ks]` after a
    /// draw: the kept cards, then the new): the last group is what this street dealt.
    /// The player dealt cards is the observer; their hand is what they hold now.
    pub(super) fn draw_dealt(&mut self, p: usize, text: &str) -> Result<(), String> {
        let name = self.hand.players[p].name.clone();
        let mut groups = Vec::new();
        for g in text.split_inclusive(']').filter(|g| g.contains('[')) {
            groups.push(bracket_cards(g).map_err(|e| format!("{name}'s cards: {e}"))?);
        }
        let street = self.hand.streets.len().saturating_sub(1);
        if self.dealt_to.is_none() {
            self.dealt_to = Some(p);
        }
        let player = &mut self.hand.players[p];
        let held = std::mem::take(&mut player.cards);
        let new: Vec<Card> = match groups.as_slice() {
            // The new cards, or of a hand written whole what it did not hold.
            [.., last] => last.iter().filter(|c| !held.contains(c)).copied().collect(),
            [] => Vec::new(),
        };
        player.dealt.extend(new.into_iter().map(|card| DealtCard {
            street,
            card,
            up: false,
        }));
        // Kept cards then new; a file that writes the hand twice holds it once.
        player.cards = Vec::new();
        for c in groups.concat() {
            if !player.cards.contains(&c) {
                player.cards.push(c);
            }
        }
        Ok(())
    }

    /// A draw game's `discards 2 cards [8h 6s]`, `discards 1 card`, `stands pat`,
    /// `stands pat on [..]`: kept with the round the draw opens.
    fn discard(&mut self, p: usize, word: &str, rest: &str) -> Result<(), String> {
        if !self.is_draw() {
            return Ok(());
        }
        let street = self.hand.streets.len().saturating_sub(1);
        let name = self.hand.players[p].name.clone();
        let (count, cards) = if word == "stands" {
            (0, Vec::new())
        } else {
            let count = rest
                .split_whitespace()
                .nth(1)
                .and_then(|w| w.parse::<usize>().ok())
                .ok_or_else(|| format!("{name} discards `{rest}`: no count"))?;
            let cards = match rest.find('[') {
                Some(i) => {
                    bracket_cards(&rest[i..]).map_err(|e| format!("{name}'s discards: {e}"))?
                }
                None => Vec::new(),
            };
            (count, cards)
        };
        if !cards.is_empty() && cards.len() != count {
            return Err(format!(
                "{name} discards {count} cards but {} are written",
                cards.len()
            ));
        }
        let player = &mut self.hand.players[p];
        player.cards.retain(|c| !cards.contains(c));
        player.discards.push(Discard {
            street,
            count,
            cards,
        });
        Ok(())
    }

    /// A stud deal line's cards (`[Ac Kc 8c]` on 3rd street, `[Ac Kc 8c] [9c]` later):
    /// the last group is what this street dealt. On 3rd street three cards are two down
    /// and one up (one card alone is an opponent's up card); 4th to 6th street deal up,
    /// 7th down. The player dealt three cards on 3rd street is the observer.
    pub(super) fn stud_dealt(&mut self, n: usize, p: usize, text: &str) -> Result<(), String> {
        let last = text.rfind('[').map_or(text, |i| &text[i..]);
        let new = bracket_cards(last)
            .map_err(|e| format!("{}'s cards: {e}", self.hand.players[p].name))?;
        let street = self.hand.streets.len().saturating_sub(1);
        if street == 0 && new.len() == 3 && self.dealt_to.is_none() {
            self.dealt_to = Some(p);
        }
        self.stud_street_cards(n, p, street, &new)
    }

    /// The cards one stud street dealt player `p`, each face up or down by the street:
    /// on 3rd street three cards are two down and one up (one card alone is an up
    /// card), 4th to 6th deal up, 7th down.
    pub(super) fn stud_street_cards(
        &mut self,
        n: usize,
        p: usize,
        street: usize,
        cards: &[Card],
    ) -> Result<(), String> {
        for (i, &card) in cards.iter().enumerate() {
            let up = match street {
                0 => cards.len() == 1 || i == 2,
                4.. => false,
                _ => true,
            };
            self.stud_card(n, p, card, street, up)?;
        }
        Ok(())
    }

    /// One stud card of player `p`, once.
    pub(super) fn stud_card(
        &mut self,
        n: usize,
        p: usize,
        card: Card,
        street: usize,
        up: bool,
    ) -> Result<(), String> {
        if self.hand.players[p].dealt.iter().any(|d| d.card == card) {
            return Ok(());
        }
        self.set_cards(n, p, vec![card])?;
        self.hand.players[p]
            .dealt
            .push(crate::history::model::DealtCard { street, card, up });
        Ok(())
    }

    /// Cards shown down in stud, in deal order: the first two and the seventh were
    /// dealt down (3rd and 7th street), the others up.
    fn stud_shown(&mut self, n: usize, p: usize, cards: &[Card]) -> Result<(), String> {
        for (i, &card) in cards.iter().enumerate() {
            let (street, up) = match i {
                0 | 1 => (0, false),
                2 => (0, true),
                6 => (4, false),
                k => (k - 2, true),
            };
            self.stud_card(n, p, card, street, up)?;
        }
        Ok(())
    }

    /// Cards in brackets on a player's line, kept in board games (and stud's shown
    /// cards).
    pub(super) fn learn_cards(&mut self, n: usize, p: usize, text: &str) -> Result<(), String> {
        let (stud, draw) = (self.is_stud(), self.is_draw());
        if !text.contains('[') || !(stud || draw || self.board_game) {
            return Ok(());
        }
        // The hand is the first group (`shows [Ks Ah Ts 5d] for Two Pairs [Qd …]`).
        let first = &text[..text.find(']').map_or(text.len(), |e| e + 1)];
        let cards = bracket_cards(first)
            .map_err(|e| format!("{}'s cards: {e}", self.hand.players[p].name))?;
        if stud {
            // Only a whole hand shows the deal order.
            return if cards.len() == 7 {
                self.stud_shown(n, p, &cards)
            } else {
                Ok(())
            };
        }
        if draw {
            // The hand after the last draw; the observer's is known already.
            let player = &mut self.hand.players[p];
            if player.dealt.is_empty() {
                player.cards = cards;
            }
            return Ok(());
        }
        self.set_cards(n, p, cards)
    }

    fn set_cards(&mut self, n: usize, p: usize, cards: Vec<Card>) -> Result<(), String> {
        for c in cards {
            if self.hand.players[p].cards.contains(&c) {
                continue;
            }
            let name = self.hand.players[p].name.clone();
            if let Some((_, line, owner)) = self.card_lines.iter().find(|(k, _, _)| *k == c) {
                return Err(format!(
                    "{c} dealt twice: to {owner} (line {line}) and to {name}"
                ));
            }
            self.card_lines.push((c, n, name));
            self.hand.players[p].cards.push(c);
        }
        Ok(())
    }
}
