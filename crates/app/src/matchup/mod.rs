//! The Matchup view (PokerStove-style): 2–23 seats, each a hand or a weighted range
//! (typed or painted on a grid), board and dead cards; per seat equity, win and tie
//! with standard errors, combos, exact/MC, and the hand types each seat wins with.

mod draw_seats;
mod results;
mod stud_seats;
pub(crate) use results::results;
use results::{equity_bars, partial_words};

use crate::cards::{CardSet, Game};
use crate::command::{CommandSender, SentHands, ViewCommand};
use crate::equity::games::MatchupJob;
use crate::equity::{MatchupResult, Method};
use crate::game_inputs::{
    carry_cards, carry_folded, carry_seats, game_notes, game_range_field, game_selector,
};
use crate::grid::GridState;
use crate::picture::Drawing;
use crate::scenario::{MatchupInputs, Scenario, ViewKind};
use crate::view::{
    Computed, CsvOptions, FieldErrors, HandsTaken, RunTracker, View, ViewContext, ViewStatus,
};
use crate::widgets::shorten;
use crate::widgets::{blocked_cards, board_and_dead, run_footer, run_settings, ERROR_COLOR};
use crate::worker::JobManager;
use egui::RichText;

/// The inputs a matchup result was computed from: each seat's text and its live
/// combo count, and the board.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seats {
    /// The game.
    pub game: crate::cards::Game,
    /// Each seat's range text.
    pub texts: Vec<String>,
    /// Each seat's live combos.
    pub combos: Vec<usize>,
    /// Each folded seat's range text (dealt, not in the showdown).
    pub folded: Vec<String>,
    /// The board.
    pub board: String,
    /// The dead cards.
    pub dead: String,
}

/// A matchup's result on screen, with the seats it belongs to.
pub(crate) type SeatResults = crate::view::Shown<MatchupResult, Seats>;

/// The Matchup view: its inputs (persisted through the app's `State`) and runtime.
pub struct MatchupView {
    /// What the user set (persisted).
    pub(crate) inputs: MatchupInputs,
    /// The matchup of the inputs, and its result on screen.
    pub(crate) matchup: Computed<MatchupJob, Seats>,
    /// Debounce, running, stale, clock.
    pub(crate) tracker: RunTracker,
    /// Problems at their fields.
    pub(crate) errors: FieldErrors,
    /// Each seat's grid window.
    pub(crate) grids: Vec<GridState>,
    /// Each folded seat's grid window.
    pub(crate) folded_grids: Vec<GridState>,
    /// The seat whose hand types show.
    pub(crate) selected_seat: usize,
    /// A baseline to compare against (Pin).
    pub(crate) pinned: Option<SeatResults>,
    /// What the last change of game cleared, said beside the selector.
    pub(crate) game_note: Vec<String>,
    /// The inputs validated once per edit.
    validated: Option<Result<MatchupJob, FieldErrors>>,
}

/// What the window shows, read by the tests.
impl MatchupView {
    /// Problems at their fields.
    pub fn errors(&self) -> &FieldErrors {
        &self.errors
    }

    /// Whether a baseline is pinned.
    pub fn has_pin(&self) -> bool {
        self.pinned.is_some()
    }

    /// What the last change of game cleared.
    pub fn game_note(&self) -> &[String] {
        &self.game_note
    }
}

impl MatchupView {
    /// The view with the scenario's Matchup inputs.
    pub(crate) fn from_scenario(scenario: &Scenario) -> MatchupView {
        MatchupView {
            inputs: scenario.matchup.clone(),
            matchup: Computed::default(),
            tracker: RunTracker::default(),
            errors: FieldErrors::default(),
            grids: Vec::new(),
            folded_grids: Vec::new(),
            selected_seat: 0,
            pinned: None,
            game_note: Vec::new(),
            validated: None,
        }
    }

    /// The result on screen.
    pub fn shown(&self) -> Option<&SeatResults> {
        self.matchup.shown.as_ref()
    }

    fn validate(&self) -> Result<MatchupJob, FieldErrors> {
        FieldErrors::validate(&self.inputs)
    }
}

impl Default for MatchupView {
    fn default() -> MatchupView {
        MatchupView::from_scenario(&Scenario::default())
    }
}

impl View for MatchupView {
    fn kind(&self) -> ViewKind {
        ViewKind::Matchup
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs_panel(self, ui, cx);
    }

    fn footer(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        footer(self, ui, cx);
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        egui::ScrollArea::both()
            .id_salt("matchup_results")
            .show(ui, |ui| {
                results(self, ui, commands);
                if let Some(shown) = self.shown() {
                    ui.add_space(8.0);
                    let height = (ui.available_height() - 8.0).clamp(200.0, 420.0);
                    equity_bars(ui, &shown.result, &shown.label.texts, height);
                }
            });
    }

    fn submit(&mut self, jobs: &JobManager) {
        let validated = self.validated.take().unwrap_or_else(|| self.validate());
        let i = &self.inputs;
        let seats = |m: &MatchupJob| Seats {
            game: m.game(),
            texts: i.seat_labels(),
            combos: m.seat_hands().iter().map(|&n| n as usize).collect(),
            folded: i.folded.clone(),
            board: i.board_label(),
            dead: i.dead.clone(),
        };
        let label = validated.as_ref().map(seats).unwrap_or_default();
        self.matchup
            .submit(jobs, &mut self.tracker, &mut self.errors, validated, || {
                (i.run.settings(), label)
            });
    }

    fn poll(&mut self) -> bool {
        self.matchup.poll_into(&mut self.tracker, &mut self.errors)
    }

    fn stop_jobs(&mut self) {
        self.matchup.request_stop();
    }

    fn cancel_jobs(&mut self) {
        self.matchup.cancel();
    }

    fn revalidate(&mut self) {
        let validated = self.validate();
        self.errors = validated.as_ref().err().cloned().unwrap_or_default();
        self.validated = Some(validated);
    }

    fn apply_own(&mut self, command: ViewCommand) {
        match command {
            ViewCommand::Pin => self.pinned = self.shown().cloned(),
            ViewCommand::Unpin => self.pinned = None,
            ViewCommand::Select(seat) => self.selected_seat = seat,
            _ => {}
        }
    }

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let has_errors = !self.errors.is_empty();
        let result = self.shown().map(|s| &s.result);
        let (deals, worst) = result.map_or((0, 0.0), |r| {
            (
                r.deals,
                r.seats.iter().map(|s| s.equity_se).fold(0.0, f64::max),
            )
        });
        let why = result.map(|r| r.status.describe());
        ViewStatus {
            phase: self.tracker.phase(has_errors),
            detail: self.tracker.detail(&self.errors, why),
            figures: match result.map(|r| (r.method, r.has_figures())) {
                Some((Method::Exact, _)) => format!("{deals} deals · exact"),
                Some((_, false)) => format!("{deals} deals · figures n/a"),
                _ => format!("{deals} deals · worst equity SE {:.3}%", 100.0 * worst),
            },
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        let shown = self.shown()?;
        let (result, seats) = (&shown.result, &shown.label);
        let header = [
            ("view", "Matchup".to_string()),
            ("game", seats.game.name().to_string()),
            ("seats", seats.texts.join(" | ")),
            ("board", seats.board.clone()),
            ("dead", seats.dead.clone()),
            ("seed", result.seed.map_or("-".into(), |s| s.to_string())),
            (
                "method",
                crate::equity::table_csv::method_key(result).to_string(),
            ),
            ("stopped", result.status.describe()),
        ];
        Some(crate::equity::table_csv::matchup(
            seats.game,
            result,
            &seats.texts,
            &header,
            options,
        ))
    }

    fn picture(&self) -> Option<Drawing> {
        let shown = self.shown()?.clone();
        let board = shown.label.board.trim();
        let partial = match shown.result.status.partial_exact() {
            Some(done) => format!(" · {}", partial_words(done)),
            None => String::new(),
        };
        let title = format!(
            "{}Matchup: {}{}{partial}",
            shown.label.game.prefix(" · "),
            shown
                .label
                .texts
                .iter()
                .map(|t| shorten(t, 40))
                .collect::<Vec<_>>()
                .join(" vs "),
            if !shown.label.game.has_board() {
                String::new()
            } else if board.is_empty() {
                " on preflop".to_string()
            } else {
                format!(" on {board}")
            }
        );
        Some(Box::new(move |ui: &mut egui::Ui| {
            ui.heading(&title);
            equity_bars(ui, &shown.result, &shown.label.texts, ui.available_height());
        }))
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.matchup = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.matchup.clone();
    }

    /// One seat per range; the folded seats carried over as the game allows.
    fn receive(&mut self, sent: SentHands) -> HandsTaken {
        let m = &mut self.inputs;
        m.game = sent.game;
        m.seats = sent.ranges;
        m.up = sent.up;
        m.board = sent.board;
        m.dead = sent.dead;
        crate::game_inputs::carry_folded(&mut m.folded, m.seats.len(), m.game);
        HandsTaken::Taken(None)
    }

    fn help(&self, ui: &mut egui::Ui) -> bool {
        seat_figures(ui);
        ui.add_space(8.0);
        folded_seats_help(ui);
        true
    }

    fn has_result(&self) -> bool {
        self.matchup.shown.is_some()
    }
}

/// The left panel of the Matchup view.
pub(crate) fn inputs_panel(view: &mut MatchupView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.heading("Matchup view");
    let mut edited = false;
    let before = view.inputs.game;
    let game_changed = game_selector(ui, "matchup", &mut view.inputs.game, &Game::ALL);
    if game_changed {
        let i = &mut view.inputs;
        // Into or out of stud or a draw game, the seats change shape (down and up cards,
        // kept cards).
        view.game_note = if i.game.is_draw() {
            draw_seats::carry_draw(i)
        } else {
            stud_seats::carry_stud(i, before)
        };
        if i.game.has_board() {
            view.game_note.extend(carry_seats(&mut i.seats, i.game));
            view.game_note
                .extend(carry_cards(&mut i.board, &mut i.dead, i.game));
            view.game_note
                .extend(carry_folded(&mut i.folded, i.seats.len(), i.game));
            // Stud's dead cards are folded players' up cards: kept out of the new game's
            // deck, and said so (they would otherwise change its figures unseen).
            if before.is_stud() && !i.dead.trim().is_empty() {
                view.game_note.push(format!(
                    "dead cards {} kept from {before} (folded up cards): clear them if they are not out of play here",
                    i.dead.trim()
                ));
            }
        }
        // A pin of another game is no baseline for this one.
        if view.pinned.take().is_some() {
            view.game_note
                .push("the pin was removed: it was computed in another game".into());
        }
        edited = true;
    }
    game_notes(ui, &mut view.game_note);
    // The notes say what the change of game reset: they go at the next other edit.
    let switched = edited;
    let game = view.inputs.game;
    if game.has_board() {
        edited |= board_game_seats(view, ui, cx);
    } else if game.is_draw() {
        edited |= draw_seats::draw_inputs(view, ui);
    } else {
        edited |= stud_seats::stud_inputs(view, ui, cx);
    }
    let errors = view.errors.clone();
    edited |= run_settings(ui, &mut view.inputs.run, &errors, true);
    if edited && !switched {
        view.game_note.clear();
    }
    if edited {
        cx.commands.view(ViewKind::Matchup, ViewCommand::Edited);
    }
}

/// The seats, folded seats, board and dead cards of a game with a board; true when edited.
fn board_game_seats(view: &mut MatchupView, ui: &mut egui::Ui, cx: &ViewContext<'_>) -> bool {
    let mut edited = false;
    let game = view.inputs.game;
    let max_seats = game.max_seats();
    let errors = view.errors.clone();
    let seats = view.inputs.seats.len();
    view.grids.resize(seats, GridState::default());
    let mut remove = None;
    let blocked = blocked_cards(&view.inputs.board, &view.inputs.dead);
    let at_limit = format!(
        "At most {max_seats} seats in {game}: {max_seats} hands of {} cards and a board of 5 fit in its {}-card deck",
        game.hole_cards(),
        game.deck().len()
    );
    if crate::widgets::add_seat_row(ui, seats, max_seats, &at_limit) {
        view.inputs.seats.push("random".into());
        edited = true;
    }
    ui.separator();
    // Each seat's pickers grey the board, the dead cards and the other seats' known hands.
    let known: Vec<CardSet> = view
        .inputs
        .seats
        .iter()
        .map(|t| {
            CardSet::parse(t)
                .ok()
                .filter(|c| c.len() == game.hole_cards())
                .unwrap_or_default()
        })
        .collect();
    for i in 0..seats {
        let label = format!("Seat {}", i + 1);
        let others = crate::widgets::others_than(i, &known, blocked);
        edited |= game_range_field(
            ui,
            game,
            &label,
            &mut view.inputs.seats[i],
            errors.at(&format!("seats[{i}]")),
            &mut view.grids[i],
            others,
            cx,
        );
        if seats > 2 && ui.small_button(format!("Remove seat {}", i + 1)).clicked() {
            remove = Some(i);
        }
        ui.separator();
    }
    if let Some(i) = remove {
        view.inputs.seats.remove(i);
        view.grids.remove(i);
        edited = true;
    }
    edited |= folded_seats(view, ui, cx, blocked);
    // Known seat hands take their cards.
    let known = view
        .inputs
        .seats
        .iter()
        .filter_map(|t| {
            CardSet::parse(t)
                .ok()
                .filter(|c| c.len() == game.hole_cards())
        })
        .fold(CardSet::default(), |a, c| a.union(c));
    edited |= board_and_dead(
        ui,
        &mut view.inputs.board,
        &mut view.inputs.dead,
        (errors.at("board"), errors.at("dead")),
        known,
        "Matchup",
    );
    edited |= second_board(view, ui, known);
    for field in ["inputs", "seats"] {
        if let Some(message) = errors.at(field) {
            ui.label(RichText::new(message).color(ERROR_COLOR));
        }
    }
    edited
}

/// One board or two: with two (a double board, each for half the pot), the second
/// board's field and picker; true when edited.
fn second_board(view: &mut MatchupView, ui: &mut egui::Ui, known: CardSet) -> bool {
    let mut edited = false;
    let i = &mut view.inputs;
    ui.horizontal(|ui| {
        ui.label("Boards");
        edited |= ui.radio_value(&mut i.boards, 1, "One").changed();
        edited |= ui
            .radio_value(&mut i.boards, 2, "Two")
            .on_hover_text("Double board: two boards from one deck, each for half the pot; each seat's equity overall and on each board, and its scoop of both")
            .changed();
    });
    if i.boards != 2 {
        return edited;
    }
    edited |= crate::widgets::text_field(
        ui,
        "Second board",
        &mut i.board2,
        view.errors.at("board2"),
        "none (preflop); e.g. 9c 8c 2d",
    );
    let taken = [&i.board, &i.dead]
        .iter()
        .map(|t| CardSet::parse(t).unwrap_or_default())
        .fold(known, |a, c| a.union(c));
    edited |= crate::widgets::card_picker(
        ui,
        "Pick second board cards",
        &mut i.board2,
        taken,
        5,
        "Matchup second board picker",
    );
    edited
}

/// Run controls and "Send to Range view" (seat 1 against every other seat, in the
/// matchup's game), below the inputs.
pub(crate) fn footer(view: &mut MatchupView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    run_footer(
        ui,
        ViewKind::Matchup,
        &view.tracker,
        &view.errors,
        (usize::from(view.pinned.is_some()), 1),
        view.has_result(),
        cx.commands,
    );
    let m = &view.inputs;
    // The Range view reads a board; the MultiOdds view sweeps stud too, not the draws.
    if m.game.is_draw() {
        return;
    }
    let to_multiodds = |ui: &mut egui::Ui| {
        crate::widgets::send_to(
            ui,
            "Send to MultiOdds view",
            if m.game.has_board() {
                "Seat 1 as the hero against the other seats (every opponent holding seat 2's range), with board and dead cards"
            } else {
                "Seat 1 as the hero against the other seats showing their up cards, with the dead cards"
            },
            crate::Command::SendTo(
                ViewKind::MultiOdds,
                crate::command::SentHands {
                    game: m.game,
                    ranges: m.seats.clone(),
                    up: m.up.clone(),
                    board: m.board.clone(),
                    dead: m.dead.clone(),
                },
            ),
            cx.commands,
        );
    };
    ui.horizontal_wrapped(|ui| {
        if m.game.has_board() {
            crate::widgets::send_to_range(
                ui,
                crate::scenario::RangeInputs {
                    game: m.game,
                    range: m.seats.first().cloned().unwrap_or_default(),
                    vs: m.seats.iter().skip(1).cloned().collect(),
                    board: m.board.clone(),
                    dead: m.dead.clone(),
                },
                cx.commands,
            );
        }
        to_multiodds(ui);
    });
}

/// Folded seats (card bunching): ranges dealt but not in the showdown. "Add folded
/// seat" sits above them, so it stays under the pointer.
fn folded_seats(
    view: &mut MatchupView,
    ui: &mut egui::Ui,
    cx: &ViewContext<'_>,
    blocked: CardSet,
) -> bool {
    let mut edited = false;
    let errors = view.errors.clone();
    let game = view.inputs.game;
    let total = view.inputs.seats.len() + view.inputs.folded.len();
    let folded = view.inputs.folded.len();
    view.folded_grids.resize(folded, GridState::default());
    ui.horizontal(|ui| {
        let add = ui
            .add_enabled(
                total < game.max_seats(),
                egui::Button::new("Add folded seat"),
            )
            .on_hover_text(
                "A player who folded: dealt a hand from the range given, so those cards \
                 are out of play in proportion to its weights, but not in the showdown \
                 (card bunching). A known hand here is the same as dead cards.",
            )
            .on_disabled_hover_text(format!(
                "Seats and folded seats together are at most {} in {game} (a deck deals no more)",
                game.max_seats()
            ));
        if add.clicked() {
            // A typical opening range where ranges are two cards; any hand elsewhere.
            let range = if game.has_two_card_ranges() {
                "22+, A2s+, K9s+, Q9s+, J9s+, T9s, ATo+, KJo+"
            } else {
                "random"
            };
            view.inputs.folded.push(range.into());
            edited = true;
        }
        if folded > 0 {
            ui.label(format!("{folded} folded"));
        }
    });
    let mut remove = None;
    for i in 0..folded {
        edited |= game_range_field(
            ui,
            game,
            &format!("Folded {}", i + 1),
            &mut view.inputs.folded[i],
            errors.at(&format!("folded[{i}]")),
            &mut view.folded_grids[i],
            blocked,
            cx,
        );
        if ui
            .small_button(format!("Remove folded {}", i + 1))
            .clicked()
        {
            remove = Some(i);
        }
    }
    if let Some(i) = remove {
        view.inputs.folded.remove(i);
        view.folded_grids.remove(i);
        edited = true;
    }
    ui.separator();
    edited
}

crate::view::inputs_accessors!(MatchupView, MatchupInputs);

/// Every figure of a matchup seat (the one list the Matchup view's table, its CSV and
/// the CLI read), under each name it takes: hi/lo's "high win", two boards' "scoop".
fn seat_figures(ui: &mut egui::Ui) {
    use crate::equity::metrics::{MatchupShape, SEAT_FIGURES};
    ui.heading("Matchup figures");
    let shapes = [
        MatchupShape::High,
        MatchupShape::HiLo,
        MatchupShape::TwoBoards,
    ];
    crate::widgets::definitions(
        ui,
        "help_seat_figures",
        SEAT_FIGURES.iter().map(|f| {
            let mut names: Vec<&str> = shapes.iter().filter_map(|&s| (f.name)(s)).collect();
            names.dedup();
            (
                egui::RichText::new(names.join(" / ")).strong(),
                f.definition,
            )
        }),
    );
}

/// Folded seats: what they are and how each method deals them.
fn folded_seats_help(ui: &mut egui::Ui) {
    ui.heading("Folded seats (card bunching)");
    ui.label(
        "In the Matchup view (every game with one board), Add folded seat adds a player \
         who folded: dealt a hand from the range given, so those cards are out of play in \
         proportion to its weights, but not in the showdown. A deal's probability is the \
         product of every seat's weights, folded seats included; a folded known hand is \
         the same as dead cards. Exact enumeration runs once per way of dealing the \
         folded seats; Monte Carlo deals them with every deal. In stud, folded players' up \
         cards go in the dead cards.",
    );
}
