//! The Hand view's replay of one hand: street by street, each action with the pot and each
//! player's equity at that point, and the all-in box (equity when the money went in, the
//! adjusted result).

use super::{cards_row, money, money_f64, pct, HandView};
use crate::cards::format_cards;
use crate::command::{Command, CommandSender, SentHands, ViewCommand};
use crate::equity::Method;
use crate::scenario::ViewKind;
use crate::widgets::{send_to, PARTIAL_COLOR};
use crate::worker::AllInOutcome;
use egui::RichText;
use multiodds_engine::history::allin::NotAdjusted;
use multiodds_engine::history::replay::Spot;
use multiodds_engine::history::Hand;

/// The hand at its street: board, players, pot, actions, equity; the all-in box.
pub(super) fn replay(view: &HandView, ui: &mut egui::Ui, commands: &CommandSender) {
    let Some((hand, s)) = view.shown_spot() else {
        ui.label(match view.errors.at("text") {
            Some(e) => format!("No hand to show: {e}"),
            None => "Paste a hand history or open a file.".into(),
        });
        return;
    };
    ui.heading(format!(
        "{} hand #{} · {} {} · {}",
        hand.site, hand.id, hand.game.text, hand.stakes, hand.table
    ));
    ui.label(RichText::new(format!("{} · {}", hand.date, hand.source)).weak());
    if let Some(why) = &hand.game.no_equity {
        ui.label(RichText::new(why).color(PARTIAL_COLOR));
    }
    street_tabs(ui, hand, &s, commands);
    // The pot, then the board; two or three runs' boards each on a line of their own
    // (side by side they ran past the edge of an 800-point window).
    ui.horizontal(|ui| {
        // The pot as the street starts; the bets column is what goes in during it.
        ui.label(format!(
            "Pot at the street's start {}",
            money(&hand.currency, s.pot)
        ));
        if s.boards.len() == 1 && !s.board.is_empty() {
            ui.label("· Board");
            cards_row(ui, &s.boards[0]);
        }
    });
    if s.boards.len() > 1 {
        for (run, board) in s.boards.iter().enumerate() {
            ui.horizontal(|ui| {
                ui.label(format!("Board, run {}:", run + 1));
                cards_row(ui, board);
            });
        }
    }
    players_table(view, ui, hand, &s);
    if !s.actions.is_empty() {
        ui.add_space(6.0);
        ui.label(RichText::new(format!("{} actions", s.name.title())).strong());
        for a in &s.actions {
            ui.label(a);
        }
    }
    ui.add_space(6.0);
    if let Some(sent) = view.sent() {
        ui.horizontal(|ui| send_buttons(ui, sent, commands));
    }
    ui.add_space(6.0);
    allin_box(view, ui, hand);
}

/// A tab per street (a run's own name when the board was run more than once); a click
/// shows that street.
fn street_tabs(ui: &mut egui::Ui, hand: &Hand, s: &Spot, commands: &CommandSender) {
    ui.horizontal(|ui| {
        for (i, street) in hand.streets.iter().enumerate() {
            let boardless = hand.game.game.is_some_and(|g| !g.has_board());
            let name = match street.name {
                multiodds_engine::history::StreetName::Round(_) => street.label.to_lowercase(),
                // Stud's first round is 3rd street, a draw game's the deal, not a preflop.
                _ if boardless => street.label.to_lowercase(),
                n => n.title().to_string(),
            };
            if ui.selectable_label(i == s.street, name).clicked() && i != s.street {
                commands.view(ViewKind::Hand, ViewCommand::Select(i));
            }
        }
    });
}

/// A player's cards at a street: stud's dealt by then, the cards the text shows, or
/// the range they hold.
fn cards_cell(
    ui: &mut egui::Ui,
    player: &multiodds_engine::history::Player,
    street: usize,
    view: &HandView,
    ranges: &[String],
    index: usize,
    draw: bool,
) {
    if draw {
        // A draw game: the hand held in this round, when the text shows it.
        match player.draw_hand_at(street) {
            Some(hand) => cards_row(ui, &hand),
            None => {
                ui.label(RichText::new("?").italics());
            }
        }
    } else if !player.dealt.is_empty() {
        let by_now: Vec<_> = player
            .dealt
            .iter()
            .filter(|d| d.street <= street)
            .map(|d| d.card)
            .collect();
        cards_row(ui, &by_now);
    } else if player.cards.is_empty() {
        let k = view
            .spot
            .as_ref()
            .and_then(|x| x.seats.iter().position(|&q| q == index));
        ui.label(RichText::new(k.map_or("?".to_string(), |k| ranges[k].clone())).italics());
    } else {
        cards_row(ui, &player.cards);
    }
}

/// A row per player at the street's start: seat, name, cards (or the range they hold),
/// stack, what they bet on this street, and their equity (orange while stale).
fn players_table(view: &HandView, ui: &mut egui::Ui, hand: &Hand, s: &Spot) {
    let result = view.equity.result();
    let seats = view
        .equity
        .shown
        .as_ref()
        .map(|x| x.label.clone())
        .unwrap_or_default();
    let stale = view.tracker.stale || view.tracker.running;
    let ranges = view
        .spot
        .as_ref()
        .map(|x| x.ranges.clone())
        .unwrap_or_default();
    egui::Grid::new("hand_players")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for h in [
                "Seat",
                "Player",
                "Cards",
                "Stack at start",
                "Put in this street",
                "Equity",
            ] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            let draw = hand.game.game.is_some_and(|g| g.is_draw());
            for p in &s.players {
                let player = &hand.players[p.index];
                let button = hand.button == Some(player.seat);
                ui.label(format!(
                    "{}{}",
                    player.seat,
                    if button { " (BTN)" } else { "" }
                ));
                let name = if hand.hero == Some(p.index) {
                    RichText::new(&player.name).strong()
                } else {
                    RichText::new(&player.name)
                };
                ui.label(if p.in_hand { name } else { name.weak() });
                cards_cell(ui, player, s.street, view, &ranges, p.index, draw);
                ui.label(
                    if p.stack == multiodds_engine::history::Amount::ZERO && p.in_hand {
                        "all-in".to_string()
                    } else {
                        money(&hand.currency, p.stack)
                    },
                );
                ui.label(if p.street_bets > multiodds_engine::history::Amount::ZERO {
                    money(&hand.currency, p.street_bets)
                } else if p.folds_here {
                    "folds".into()
                } else {
                    String::new()
                });
                let k = seats.iter().position(|&q| q == p.index);
                let text = match (k, result) {
                    (Some(k), Some(r)) if r.has_figures() => {
                        let seat = &r.seats[k];
                        let se = if r.method == Method::Exact {
                            String::new()
                        } else {
                            format!(" ± {:.2}", 100.0 * seat.equity_se)
                        };
                        format!("{}{se}", pct(seat.equity))
                    }
                    _ if !p.in_hand || p.folds_here => "folded".into(),
                    _ => String::new(),
                };
                let text = RichText::new(text);
                ui.label(if stale {
                    text.color(PARTIAL_COLOR)
                } else {
                    text
                });
                ui.end_row();
            }
        });
    table_notes(ui, stale && result.is_some());
}

/// What the players' table shows when, and whether its equities are not final.
fn table_notes(ui: &mut egui::Ui, stale: bool) {
    ui.add(
        egui::Label::new(
            RichText::new(
                "Stacks and pot as the street starts; equity of the players still in when its betting closed (at its start when the betting ended the hand)",
            )
            .weak(),
        )
        .wrap(),
    );
    if stale {
        ui.label(
            RichText::new("Equity still computing or stale: shown in orange").color(PARTIAL_COLOR),
        );
    }
}

/// The street's players sent to the Matchup view, or the first one's range against the
/// others' to the Range view.
fn send_buttons(ui: &mut egui::Ui, sent: SentHands, commands: &CommandSender) {
    send_to(
        ui,
        "Send to Matchup view",
        "These players' hands and ranges on this street's board",
        Command::SendTo(ViewKind::Matchup, sent.clone()),
        commands,
    );
    send_to(
        ui,
        "Send to Range view",
        "The first player's range against the others on this street's board",
        Command::SendTo(ViewKind::Range, sent),
        commands,
    );
}

/// The pots and results, actual and all-in adjusted.
fn allin_box(view: &HandView, ui: &mut egui::Ui, hand: &Hand) {
    let Some(shown) = view.allin.shown.as_ref().filter(|s| s.label == hand.id) else {
        if view.allin_tracker.running {
            ui.label("Results: computing…");
        }
        return;
    };
    let AllInOutcome {
        money: outcome,
        adjusted,
    } = &shown.result;
    ui.label(RichText::new("Results").strong());
    let pots: Vec<String> = outcome
        .pots
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let who: Vec<&str> = p
                .eligible
                .iter()
                .map(|&q| hand.players[q].name.as_str())
                .collect();
            format!(
                "{} {} ({})",
                if i == 0 { "main pot" } else { "side pot" },
                money(&hand.currency, p.amount),
                who.join(", ")
            )
        })
        .collect();
    ui.label(format!(
        "{}; the site took {}",
        pots.join(" · "),
        money(&hand.currency, hand.summary.taken())
    ));
    match adjusted {
        Ok(a) => {
            ui.label(format!(
                "All-in on the {} ({}): each player's share of each pot by equity",
                a.street.title().to_lowercase(),
                if a.board.is_empty() {
                    "no board".into()
                } else {
                    format_cards(&a.board)
                }
            ));
            for (i, pot) in a.pots.iter().enumerate() {
                let shares: Vec<String> = pot
                    .eligible
                    .iter()
                    .zip(&pot.equity)
                    .map(|(&q, e)| format!("{} {}", hand.players[q].name, pct(*e)))
                    .collect();
                let how = if pot.method == Method::Exact {
                    "exact"
                } else {
                    "Monte Carlo"
                };
                ui.label(format!(
                    "{}: {} ({how})",
                    if i == 0 { "Main pot" } else { "Side pot" },
                    shares.join(", ")
                ));
            }
        }
        Err(NotAdjusted::NoAllIn) => {}
        Err(e) => {
            ui.label(RichText::new(format!("Not all-in adjusted: {e}")).weak());
        }
    }
    egui::Grid::new("hand_results")
        .striped(true)
        .show(ui, |ui| {
            for h in ["Player", "Put in", "Result", "All-in adjusted"] {
                ui.label(RichText::new(h).strong());
            }
            ui.end_row();
            for (p, player) in hand.players.iter().enumerate() {
                if outcome.invested[p] == multiodds_engine::history::Amount::ZERO
                    && outcome.received[p] == multiodds_engine::history::Amount::ZERO
                {
                    continue;
                }
                ui.label(&player.name);
                ui.label(money(&hand.currency, outcome.invested[p]));
                ui.label(money(&hand.currency, outcome.net[p]));
                ui.label(match adjusted {
                    Ok(a) => money_f64(&hand.currency, a.adjusted_net[p]),
                    Err(_) => String::new(),
                });
                ui.end_row();
            }
        });
}
