//! The end of a hand: the summary's totals, fees, boards and what each seat won, then
//! the checks that close a hand (boards completed from the summary and compared with it,
//! no card in two places).

use super::{bracket_cards, Reader};
use crate::cards::{Card, CardSet};
use crate::history::amount::Amount;
use crate::history::model::Hand;

impl Reader {
    pub(super) fn summary_line(&mut self, n: usize, line: &str) -> Result<(), String> {
        if let Some(rest) = line.strip_prefix("Total pot ") {
            let mut parts = rest.split('|');
            let pots = parts.next().unwrap_or("");
            let mut words = pots.split_whitespace();
            let total = words.next().unwrap_or("");
            self.hand.summary.total = Amount::parse(total)
                .ok_or_else(|| format!("total pot `{total}` is not an amount"))?;
            let rest: Vec<&str> = words.collect();
            for (i, w) in rest.iter().enumerate() {
                if *w == "pot" || w.starts_with("pot-") {
                    if let Some(a) = rest
                        .get(i + 1)
                        .and_then(|a| Amount::parse(a.trim_end_matches('.')))
                    {
                        self.hand.summary.pots.push(a);
                    }
                }
            }
            for fee in parts {
                let fee = fee.trim();
                if let Some((name, amount)) = fee.rsplit_once(' ') {
                    let a = Amount::parse(amount)
                        .ok_or_else(|| format!("{name} `{amount}` is not an amount"))?;
                    // `| Main pot €62.60 | Side pot €20.98 |` (Run It Once) are pots; `STP`
                    // is money the site added, read from its own line in the hand.
                    if name.starts_with("Main pot") || name.starts_with("Side pot") {
                        self.hand.summary.pots.push(a);
                    } else if name == "STP" {
                    } else {
                        self.hand.summary.fees.push((name.trim().to_string(), a));
                    }
                }
            }
            self.seen_total = true;
            return Ok(());
        }
        if matches!(line, "FIRST" | "SECOND" | "THIRD") {
            // GGPoker puts a run's name on its own line before its board.
            self.run_named = Some(line.to_string());
            return Ok(());
        }
        if let Some(i) = line.find("Board [") {
            let named = self.run_named.take();
            let word = named.as_deref().unwrap_or(line[..i].trim());
            let run = match word {
                "SECOND" => 1,
                "THIRD" => 2,
                _ => 0,
            };
            let cards =
                bracket_cards(&line[i..]).map_err(|e| format!("the summary's board: {e}"))?;
            self.summary_boards.push((run, cards));
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Seat ") {
            let Some((num, after)) = rest.split_once(": ") else {
                return Ok(());
            };
            let Ok(seat) = num.parse::<u8>() else {
                return Ok(());
            };
            // By name first; an anonymiser that renamed a player in the summary alone
            // leaves the seat number to go by.
            let (p, after) = match self.who(after, " ").or_else(|| self.who(after, "")) {
                Some(found) => found,
                None => match self.hand.players.iter().position(|pl| pl.seat == seat) {
                    Some(p) => (p, after.split_once(' ').map_or("", |(_, r)| r)),
                    None => return Err(format!("the summary names seat {seat}, where nobody sat")),
                },
            };
            if self.hand.summary.won.len() < self.hand.players.len() {
                self.hand.summary.won = vec![Amount::ZERO; self.hand.players.len()];
            }
            // PokerStars' All-in Cash Out: the pot went to the site, the player took the
            // cash-out instead.
            if after.contains("pot not awarded") {
                self.hand.summary.not_awarded.push(p);
            }
            for key in ["won ", "collected "] {
                for (i, _) in after.match_indices(key) {
                    // `won ($1.50)` mostly; `won €1.50` and `collected $10` in some sites.
                    let a = after[i + key.len()..].trim_start_matches('(');
                    let end = a.find([')', ' ']).unwrap_or(a.len());
                    let text = a[..end].trim_end_matches(',');
                    if text.is_empty() || !text.chars().any(|c| c.is_ascii_digit()) {
                        continue;
                    }
                    let amount = Amount::parse(text)
                        .ok_or_else(|| format!("seat {seat} won `{text}`: not an amount"))?;
                    self.hand.summary.won[p] += amount;
                }
            }
            if let Some(i) = after.find("showed [").or_else(|| after.find("mucked [")) {
                let end = after[i..].find(']').map_or(after.len(), |e| i + e + 1);
                self.learn_cards(n, p, &after[i..end])?;
            }
        }
        Ok(())
    }

    pub(super) fn finish(mut self) -> Result<Hand, String> {
        if !self.seen_summary {
            return Err("the hand ends before its `*** SUMMARY ***` (truncated?)".into());
        }
        if !self.seen_total && !self.hand.cancelled {
            return Err("the summary has no `Total pot` line (truncated?)".into());
        }
        if self.hand.summary.won.len() < self.hand.players.len() {
            self.hand.summary.won = vec![Amount::ZERO; self.hand.players.len()];
        }
        // The observer: the one player whose cards the deal shows.
        self.hand.hero = self.dealt_to.take();
        // Seated but not dealt in (sitting out, waiting for the big blind): no action, no
        // cards, nothing won. Such a player is in no pot and holds no range.
        let acted: Vec<usize> = self
            .hand
            .streets
            .iter()
            .flat_map(|s| &s.actions)
            .map(|a| a.player)
            .collect();
        for (p, player) in self.hand.players.iter_mut().enumerate() {
            if !acted.contains(&p)
                && player.cards.is_empty()
                && self.hand.summary.won[p] == Amount::ZERO
            {
                player.sitting_out = true;
            }
        }
        if self.board_game {
            self.complete_boards()?;
            self.check_cards()?;
        }
        Ok(self.hand)
    }

    /// Fills board cards the body left out (an empty `[]` turn) from the summary, and
    /// checks the two agree.
    fn complete_boards(&mut self) -> Result<(), String> {
        let mut finals: Vec<Vec<Card>> = Vec::new();
        for (run, cards) in &self.summary_boards {
            let mut board = cards.clone();
            if *run > 0 && board.len() < 5 {
                // GGPoker lists only a later run's own cards.
                if let Some(first) = finals.first() {
                    let keep = first.len().saturating_sub(board.len());
                    let mut b = first[..keep].to_vec();
                    b.extend(board);
                    board = b;
                }
            }
            while finals.len() <= *run {
                finals.push(Vec::new());
            }
            finals[*run] = board;
        }
        for street in &mut self.hand.streets {
            let want = street.name.board_cards();
            for (run, board) in street.boards.iter_mut().enumerate() {
                let Some(fin) = finals.get(run).or(finals.first()) else {
                    continue;
                };
                if board.len() < want && fin.len() >= want {
                    *board = fin[..want].to_vec();
                }
            }
        }
        if let Some(last) = self.hand.streets.last() {
            for (run, board) in last.boards.iter().enumerate() {
                if let Some(fin) = finals.get(run) {
                    let a = CardSet::from_cards(board);
                    let b = CardSet::from_cards(fin);
                    if fin.len() == board.len() && a != b {
                        return Err(format!(
                            "the board {} differs from the summary's {}",
                            crate::cards::format_cards(board),
                            crate::cards::format_cards(fin)
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// No card in two places: boards against every player's cards.
    fn check_cards(&self) -> Result<(), String> {
        let mut held = CardSet::EMPTY;
        for p in &self.hand.players {
            for &c in &p.cards {
                held.insert(c);
            }
        }
        for street in &self.hand.streets {
            for board in &street.boards {
                for &c in board {
                    if held.contains(c) {
                        let owner = self
                            .hand
                            .players
                            .iter()
                            .find(|p| p.cards.contains(&c))
                            .map_or("a player", |p| p.name.as_str());
                        return Err(format!("{c} dealt twice: on the board and to {owner}"));
                    }
                }
                if CardSet::from_cards(board).is_none() {
                    return Err(format!(
                        "the board {} holds a card twice",
                        crate::cards::format_cards(board)
                    ));
                }
            }
        }
        Ok(())
    }
}
