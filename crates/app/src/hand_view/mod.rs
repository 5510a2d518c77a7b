//! The Hand view: a real hand as the site wrote it (pasted or opened), replayed street
//! by street with each player's equity (players with unknown cards hold a range you
//! choose), the pots and the all-in adjusted results; and a session of files read by a
//! job into a filtered list with totals and a graph of actual against all-in adjusted
//! winnings. Any street goes to the Matchup or the Range view.

mod import_job;
mod replay;
mod session;
use session::{cumulative, session_fields, session_page, winnings_graph};

use super::command::{Command, CommandSender, DialogPurpose, SentHands, ViewCommand};
use super::game_inputs::game_range_field;
use super::grid::GridState;
use super::picture::Drawing;
use super::view::{Computed, CsvOptions, FieldErrors, RunTracker, View, ViewContext, ViewStatus};
use super::widgets::{run_footer, suit_color, ERROR_COLOR};
use crate::cards::{format_cards, Card, CardSet};
use crate::equity::games::MatchupJob;
use crate::equity::run::RunSettings;
use crate::equity::{MatchupResult, Method};
use crate::scenario::{HandInputs, HandSpot, PlayerRange, Scenario, ViewKind};
use crate::worker::{AllInJob, HandTextJob, JobManager, SessionRead};
use egui::RichText;
use import_job::ImportJob;
use multiodds_engine::history::replay::{spot, Spot};
use multiodds_engine::history::session::{files_under, HandRow};
use multiodds_engine::history::Hand;
use std::path::PathBuf;

/// Which half of the view is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Page {
    /// The hand, street by street.
    #[default]
    Replay,
    /// The session's list, totals and graph.
    Session,
}

/// The Hand view: its inputs (persisted) and runtime.
pub struct HandView {
    /// What the user set (persisted): the hand's text, street, ranges, session.
    pub(crate) inputs: HandInputs,
    /// The equity of the players still in at the street shown.
    pub(crate) equity: Computed<MatchupJob, Vec<usize>>,
    /// The equity job's bookkeeping.
    pub(crate) tracker: RunTracker,
    /// Problems at their fields.
    pub(crate) errors: FieldErrors,
    /// The hand and street read from the inputs (the text is read on each edit; it is
    /// at most `MAX_HAND_TEXT_BYTES`).
    pub(crate) spot: Option<HandSpot>,
    /// The session read so far.
    pub(crate) session: Computed<ImportJob, ()>,
    /// The session job's bookkeeping.
    pub(crate) session_tracker: RunTracker,
    /// Fetching one hand's text from a session file.
    text_job: Computed<HandTextJob, ()>,
    text_tracker: RunTracker,
    /// The shown hand's money and all-in adjustment.
    pub(crate) allin: Computed<AllInJob, String>,
    allin_tracker: RunTracker,
    /// Which half is shown.
    pub(crate) page: Page,
    /// Why the last session or hand could not be read (beside its control).
    pub(crate) session_note: Option<String>,
    grids: Vec<GridState>,
    /// A session read asked for (started in the next submit, where jobs are at hand).
    session_wanted: bool,
    /// A hand asked for from a file (started where jobs are at hand).
    text_wanted: Option<(PathBuf, usize)>,
    /// Hands in the text (read with the spot, once per edit).
    hand_count: usize,
    /// The inputs validated once per edit, for the next submit.
    validated: Option<Result<MatchupJob, FieldErrors>>,
}

/// What the window shows, read by the tests.
impl HandView {
    /// Whether a hand and street are read from the inputs.
    pub fn has_spot(&self) -> bool {
        self.spot.is_some()
    }

    /// The equity shown for the players still in.
    pub fn equity(&self) -> Option<&MatchupResult> {
        self.equity.result()
    }

    /// Whether the session is still being read.
    pub fn session_running(&self) -> bool {
        self.session_tracker.running
    }
}

impl HandView {
    /// Nothing to show yet: no hand text (the session page has its own hint).
    fn is_empty(&self) -> bool {
        self.inputs.text.trim().is_empty()
    }

    /// The view with the scenario's Hand inputs.
    pub(crate) fn from_scenario(scenario: &Scenario) -> HandView {
        let mut view = HandView {
            inputs: scenario.hand.clone(),
            equity: Computed::default(),
            tracker: RunTracker::default(),
            errors: FieldErrors::default(),
            spot: None,
            session: Computed::default(),
            session_tracker: RunTracker::default(),
            text_job: Computed::default(),
            text_tracker: RunTracker::default(),
            allin: Computed::default(),
            allin_tracker: RunTracker::default(),
            page: Page::default(),
            session_note: None,
            grids: Vec::new(),
            session_wanted: false,
            text_wanted: None,
            hand_count: 0,
            validated: None,
        };
        view.read_spot();
        view
    }

    /// The hand database sessions are imported into: the one named, else the user's.
    pub fn database_path(&self) -> PathBuf {
        let named = self.inputs.database.trim();
        if named.is_empty() {
            multiodds_handdb::HandDb::default_path()
        } else {
            PathBuf::from(named)
        }
    }

    /// The session on screen.
    pub fn session(&self) -> Option<&SessionRead> {
        self.session.result()
    }

    /// The session's rows the filter keeps.
    pub fn shown_rows(&self) -> Vec<&HandRow> {
        self.session()
            .map(|s| self.inputs.filter.rows(&s.session.rows))
            .unwrap_or_default()
    }

    /// Reads the text into the hand and street shown (or keeps why not).
    fn read_spot(&mut self) {
        // The text is read once per edit: the hand count, the spot and the matchup of
        // the players still in all come from this one reading.
        let hands = self.inputs.hands().map_err(|e| vec![e]);
        self.hand_count = hands.as_ref().map_or(0, Vec::len);
        let spot = match hands.and_then(|h| self.inputs.spot_of(h)) {
            Ok(spot) => spot,
            Err(problems) => {
                self.spot = None;
                self.validated = Some(Err(self.field_errors(&problems)));
                return;
            }
        };
        // Every player whose cards are unknown gets a range field, `random` at first.
        let game_cards = spot.hand.game.game.map_or(0, |g| g.hole_cards());
        for p in &spot.hand.players {
            // A stud player whose down cards the text shows needs no range.
            let stud_known = p.dealt.iter().any(|d| !d.up);
            if p.cards.len() != game_cards
                && !stud_known
                && !p.sitting_out
                && !self.inputs.ranges.iter().any(|r| r.player == p.name)
            {
                self.inputs.ranges.push(PlayerRange {
                    player: p.name.clone(),
                    range: "random".into(),
                });
            }
        }
        let matchup = self.inputs.matchup_of(&spot);
        self.validated = Some(matchup.map_err(|p| self.field_errors(&p)));
        self.spot = Some(spot);
    }

    fn field_errors(&self, problems: &[crate::scenario::ScenarioError]) -> FieldErrors {
        FieldErrors::new(problems, |f| self.inputs.field_text(f))
    }

    /// The hand on screen, at its street.
    pub(crate) fn shown_spot(&self) -> Option<(&Hand, Spot)> {
        let s = self.spot.as_ref()?;
        Some((&s.hand, spot(&s.hand, s.street)))
    }

    /// What the Matchup view gets: each player still in, the board, the dead cards.
    fn sent(&self) -> Option<SentHands> {
        let s = self.spot.as_ref()?;
        Some(SentHands {
            game: s.hand.game.game?,
            ranges: s.ranges.clone(),
            up: Vec::new(),
            board: s.board.clone(),
            dead: s.dead.clone(),
        })
    }
}

impl Default for HandView {
    fn default() -> HandView {
        HandView::from_scenario(&Scenario::default())
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// An amount with its currency, the sign first (`-$14.36`).
fn money(currency: &str, amount: multiodds_engine::history::Amount) -> String {
    let text = amount.to_string();
    match text.strip_prefix('-') {
        Some(abs) => format!("-{currency}{abs}"),
        None => format!("{currency}{text}"),
    }
}

/// A fractional amount (an expectation) with its currency, to the cent.
fn money_f64(currency: &str, amount: f64) -> String {
    let sign = if amount < -0.005 { "-" } else { "" };
    format!("{sign}{currency}{:.2}", amount.abs())
}

impl View for HandView {
    fn kind(&self) -> ViewKind {
        ViewKind::Hand
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        inputs_panel(self, ui, cx);
    }

    fn footer(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        run_footer(
            ui,
            ViewKind::Hand,
            &self.tracker,
            &self.errors,
            (0, 0),
            self.has_result(),
            cx.commands,
        );
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, commands: &CommandSender) {
        ui.horizontal(|ui| {
            for (page, name) in [(Page::Replay, "Hand"), (Page::Session, "Session")] {
                if ui.selectable_label(self.page == page, name).clicked() {
                    self.page = page;
                }
            }
        });
        ui.separator();
        match self.page {
            Page::Replay => {
                egui::ScrollArea::vertical()
                    .id_salt("hand_replay")
                    .show(ui, |ui| replay::replay(self, ui, commands));
            }
            Page::Session => session_page(self, ui, commands),
        }
    }

    fn submit(&mut self, jobs: &JobManager) {
        if let Some((file, line)) = self.text_wanted.take() {
            self.text_job
                .start(jobs, HandTextJob { file, line }, RunSettings::default(), ());
            self.text_tracker.started(false);
        }
        if std::mem::take(&mut self.session_wanted) {
            let paths: Vec<PathBuf> = self
                .inputs
                .session
                .iter()
                .filter(|p| !p.trim().is_empty())
                .map(|p| PathBuf::from(p.trim()))
                .collect();
            if !paths.is_empty() && files_under(&paths).is_empty() {
                self.session_note = Some(
                    "no hand-history files there (folders are searched for files holding hands)"
                        .into(),
                );
            } else {
                self.session_note = None;
                let hero = Some(self.inputs.hero.trim().to_string()).filter(|h| !h.is_empty());
                let db = self.database_path();
                // The files are imported into the database, then every stored hand is
                // listed from it.
                self.session.start(
                    jobs,
                    ImportJob { paths, hero, db },
                    RunSettings::default(),
                    (),
                );
                self.session_tracker.started(self.session.shown.is_some());
            }
        }
        if let Some(s) = &self.spot {
            self.allin.start(
                jobs,
                AllInJob {
                    hand: s.hand.clone(),
                },
                RunSettings::default(),
                s.hand.id.clone(),
            );
            self.allin_tracker.started(false);
        }
        let validated = match self.validated.take() {
            Some(v) => v,
            None => {
                self.read_spot();
                self.validated.take().expect("read_spot validates")
            }
        };
        let seats = self
            .spot
            .as_ref()
            .map(|s| s.seats.clone())
            .unwrap_or_default();
        // Nothing pasted: nothing to compute and nothing wrong (the view waits).
        let validated = match validated {
            Err(_) if self.is_empty() => Err(FieldErrors::default()),
            v => v,
        };
        self.equity
            .submit(jobs, &mut self.tracker, &mut self.errors, validated, || {
                (
                    RunSettings {
                        time_limit: Some(std::time::Duration::from_secs(10)),
                        ..RunSettings::default()
                    },
                    seats,
                )
            });
    }

    fn poll(&mut self) -> bool {
        if self.equity.poll_into(&mut self.tracker, &mut self.errors) {
            return true;
        }
        if self.session.poll(&mut self.session_tracker).is_some() {
            return true;
        }
        if let Some(r) = self.text_job.poll(&mut self.text_tracker) {
            match r {
                super::view::Received::Failed(e) => self.session_note = Some(e.to_string()),
                _ => {
                    if let Some((source, text)) = self.text_job.shown.take().map(|s| s.result) {
                        self.inputs.text = text;
                        self.inputs.source = source;
                        self.inputs.selected = 0;
                        self.inputs.street = 0;
                        self.page = Page::Replay;
                        self.edited();
                    }
                }
            }
            return true;
        }
        self.allin.poll(&mut self.allin_tracker).is_some()
    }

    fn stop_jobs(&mut self) {
        self.equity.request_stop();
        self.session.request_stop();
    }

    fn cancel_jobs(&mut self) {
        self.equity.cancel();
        self.allin.cancel();
    }

    fn apply_own(&mut self, command: ViewCommand) {
        match command {
            ViewCommand::Select(street) => {
                self.inputs.street = street;
                self.edited();
            }
            ViewCommand::OpenHands(path) => {
                let path = path.display().to_string();
                if !self.inputs.session.contains(&path) {
                    self.inputs.session.push(path.clone());
                }
                self.text_wanted = Some((PathBuf::from(&path), 1));
                self.session_wanted = true;
                self.tracker.due_now();
            }
            ViewCommand::ShowHand(file, line) => {
                self.text_wanted = Some((file, line));
                self.tracker.due_now();
            }
            ViewCommand::AddSessionFolder(path) => {
                let path = path.display().to_string();
                if !self.inputs.session.contains(&path) {
                    self.inputs.session.push(path);
                }
                self.session_wanted = true;
                self.page = Page::Session;
                self.tracker.due_now();
            }
            ViewCommand::ReadSession => {
                self.session_wanted = true;
                self.page = Page::Session;
                self.tracker.due_now();
            }
            ViewCommand::StopSession => self.session.request_stop(),
            _ => {}
        }
    }

    fn revalidate(&mut self) {
        self.read_spot();
        self.errors = match &self.validated {
            // Nothing pasted yet is no error: the view waits, with its hint.
            Some(Err(_)) if self.is_empty() => FieldErrors::default(),
            Some(Err(e)) => e.clone(),
            _ => FieldErrors::default(),
        };
    }

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let has_errors = !self.errors.is_empty();
        let result = self.equity.result();
        let figures = match result {
            Some(r) if r.method == Method::Exact => format!("{} deals · exact", r.deals),
            Some(r) => format!(
                "{} deals · worst equity SE {:.3}%",
                r.deals,
                100.0 * r.seats.iter().map(|s| s.equity_se).fold(0.0, f64::max)
            ),
            None => String::new(),
        };
        if self.is_empty() {
            return ViewStatus {
                phase: "waiting",
                detail: Some(
                    "paste a hand history, open a file or add a folder to the session".into(),
                ),
                figures,
                elapsed: self.tracker.elapsed(),
                first_result: None,
                stale: false,
            };
        }
        ViewStatus {
            phase: self.tracker.phase(has_errors),
            detail: self
                .tracker
                .detail(&self.errors, result.map(|r| r.status.describe())),
            figures,
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, options: &CsvOptions) -> Option<String> {
        use crate::equity::table_csv;
        match self.page {
            Page::Session => {
                let read = self.session()?;
                let f = &self.inputs.filter;
                let header = [
                    ("view", "Hand (session)".to_string()),
                    (
                        "files",
                        format!(
                            "{} of {}{}",
                            read.session.files,
                            read.files_total,
                            if read.complete() { "" } else { " (partial)" }
                        ),
                    ),
                    (
                        "filter",
                        format!(
                            "game {:?}, stakes {:?}, all-in {}, showdown {}, hero in hand {}",
                            f.game, f.stakes, f.all_in, f.showdown, f.hero
                        ),
                    ),
                ];
                let rows = multiodds_engine::history::session::rows_table(self.shown_rows());
                Some(table_csv::table(&header, options, rows))
            }
            Page::Replay => {
                // The figures on screen, each seat named with its cards or range.
                let (hand, s) = self.shown_spot()?;
                let shown = self.equity.shown.as_ref()?;
                let spot = self.spot.as_ref()?;
                let seats: Vec<String> = shown
                    .label
                    .iter()
                    .map(|&p| {
                        let held = spot.seats.iter().position(|&q| q == p).map_or_else(
                            || format_cards(&hand.players[p].cards),
                            |k| spot.ranges[k].clone(),
                        );
                        format!("{} ({held})", hand.players[p].name)
                    })
                    .collect();
                let header = [
                    ("view", "Hand".to_string()),
                    ("hand", format!("{} #{}", hand.site, hand.id)),
                    ("game", hand.game.text.clone()),
                    ("street", s.name.title().to_string()),
                    ("board", format_cards(&s.board)),
                    ("stopped", shown.result.status.describe()),
                    (
                        "stale",
                        (self.tracker.stale || self.tracker.running).to_string(),
                    ),
                ];
                Some(table_csv::matchup(
                    hand.game.game?,
                    &shown.result,
                    &seats,
                    &header,
                    options,
                ))
            }
        }
    }

    fn picture(&self) -> Option<Drawing> {
        let rows = self.shown_rows();
        if rows.is_empty() {
            return None;
        }
        let lines = cumulative(&rows);
        let partial = self.session().is_some_and(|s| !s.complete());
        let title = format!(
            "Hand view · session: {} hands{} · actual against all-in adjusted",
            rows.len(),
            if partial { " (partial)" } else { "" }
        );
        Some(Box::new(move |ui: &mut egui::Ui| {
            ui.heading(&title);
            winnings_graph(ui, lines.clone(), ui.available_height());
        }))
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.hand = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.hand.clone();
        self.read_spot();
    }

    fn help(&self, ui: &mut egui::Ui) -> bool {
        hand_view(ui);
        true
    }

    fn has_result(&self) -> bool {
        self.equity.shown.is_some()
    }

    /// A hand's street need not validate (one player left has no equity to show, and
    /// a text that is not a hand says so at its field): the saved text is kept unless
    /// it is longer than the view reads.
    fn saved_inputs_hold(&self) -> bool {
        self.inputs.fits()
    }
}

/// Cards in the four-colour deck, in a row.
fn cards_row(ui: &mut egui::Ui, cards: &[Card]) {
    ui.horizontal(|ui| {
        for c in cards {
            ui.label(
                RichText::new(c.to_string())
                    .monospace()
                    .strong()
                    .size(18.0)
                    .color(suit_color(c.suit())),
            );
        }
    });
}

/// The left panel.
fn inputs_panel(view: &mut HandView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.heading("Hand view");
    let mut edited = hand_text(view, ui, cx);
    edited |= unknown_ranges(view, ui, cx);
    session_fields(view, ui, cx);
    if edited {
        cx.commands.view(ViewKind::Hand, ViewCommand::Edited);
    }
}

/// The hand's text (pasted or opened from a file), its problem, where it came from, and
/// which hand of several. Returns true when the hand shown changed.
fn hand_text(view: &mut HandView, ui: &mut egui::Ui, cx: &ViewContext<'_>) -> bool {
    let mut edited = false;
    ui.horizontal(|ui| {
        if ui
            .button("Open hand history…")
            .on_hover_text("A file as the site wrote it: its hands join the session, its first hand shows here")
            .clicked()
        {
            cx.commands.send(Command::OpenDialog(DialogPurpose::OpenHands));
        }
    });
    ui.label(RichText::new("Hand text").strong())
        .on_hover_text("Paste a hand as PokerStars, GGPoker, Full Tilt, Run It Once, PokerMaster or PokerBros wrote it");
    let error = view.errors.at("text").cloned();
    let mut edit = egui::TextEdit::multiline(&mut view.inputs.text)
        .id(super::widgets::field_id(ui, "Hand text"))
        .hint_text("Paste a hand history here")
        .font(egui::TextStyle::Monospace)
        .desired_rows(6)
        .desired_width(f32::INFINITY);
    if error.is_some() {
        edit = edit.text_color(ERROR_COLOR);
    }
    let text_changed = egui::ScrollArea::vertical()
        .id_salt("hand_text_scroll")
        .max_height(160.0)
        .show(ui, |ui| ui.add(edit).changed())
        .inner;
    if text_changed {
        view.page = Page::Replay;
        view.inputs.source.clear();
        view.inputs.selected = 0;
        view.inputs.street = 0;
        edited = true;
    }
    if let Some(e) = &error {
        ui.label(RichText::new(e).color(ERROR_COLOR));
    }
    if !view.inputs.source.is_empty() {
        ui.label(RichText::new(format!("From {}", view.inputs.source)).weak());
    }
    // A text of several hands: which one.
    let count = view.hand_count;
    if count > 1 {
        ui.horizontal(|ui| {
            ui.label(format!("Hand {} of {count}", view.inputs.selected + 1));
            if ui
                .add_enabled(view.inputs.selected > 0, egui::Button::new("◀"))
                .clicked()
            {
                view.inputs.selected -= 1;
                view.inputs.street = 0;
                edited = true;
            }
            if ui
                .add_enabled(view.inputs.selected + 1 < count, egui::Button::new("▶"))
                .clicked()
            {
                view.inputs.selected += 1;
                view.inputs.street = 0;
                edited = true;
            }
        });
    }
    edited
}

/// A range field (with its grid) per player still in whose cards the text does not show.
/// Returns true when a range changed.
fn unknown_ranges(view: &mut HandView, ui: &mut egui::Ui, cx: &ViewContext<'_>) -> bool {
    let mut edited = false;
    // Ranges of the players whose cards are unknown, while the hand shows them.
    // What the fields need of the spot, borrowed (not the whole hand copied each frame).
    let unknown_hands = view.spot.as_ref().and_then(|spot| {
        // A draw game's unseen hand draws as a random one: no range to give.
        let game = spot.hand.game.game.filter(|g| !g.is_draw())?;
        // Players still in at the street shown (the others' ranges change nothing).
        let unknown: Vec<String> = spot
            .seats
            .iter()
            .map(|&p| &spot.hand.players[p])
            .filter(|p| p.cards.len() != game.hole_cards())
            .map(|p| p.name.clone())
            .collect();
        let blocked = CardSet::parse(&spot.board)
            .unwrap_or_default()
            .union(spot.hand.known_cards());
        Some((game, unknown, blocked))
    });
    if let Some((game, unknown, blocked)) = unknown_hands {
        if !unknown.is_empty() {
            ui.separator();
            ui.label(RichText::new("Unknown hands").strong())
                .on_hover_text("Each player whose cards the text does not show holds this range (kept with the hand)");
        }
        view.grids
            .resize(view.inputs.ranges.len(), GridState::default());
        for name in unknown {
            let Some(i) = view.inputs.ranges.iter().position(|r| r.player == name) else {
                continue;
            };
            let field_error = view.errors.at(&format!("ranges[{i}]")).cloned();
            edited |= game_range_field(
                ui,
                game,
                &name,
                &mut view.inputs.ranges[i].range,
                field_error.as_ref(),
                &mut view.grids[i],
                blocked,
                cx,
            );
        }
    }
    edited
}

/// The Hand view: the sites read, the replay, all-in adjusted results, sessions.
fn hand_view(ui: &mut egui::Ui) {
    ui.heading("Hand view");
    ui.label(
        "Paste a hand as the site wrote it, or open a file: PokerStars (and GGPoker, Full \
         Tilt, Run It Once, PokerMaster and PokerBros, which write its shape), Winamax, \
         PartyPoker, 888/Pacific, Bovada/Ignition and iPoker's XML; UTF-8, with or \
         without a byte-order mark, Windows-1252 or UTF-16. Click a street to see the \
         board, what each player has behind, the pot and each player's equity at that \
         street's start (stud: the cards dealt by then); a player whose cards the text \
         does not show holds the range in their field (random until changed; kept with \
         the hand). Results: the main and side pots rebuilt from the actions, what each \
         put in and won, and the all-in adjusted result: when the betting ended with a \
         player all-in before the river and every player still in showed cards, each \
         pot is shared by equity at that moment (after the site's take, in proportion), \
         less what they put in. No adjustment for an all-in on the river or when a live \
         hand is unknown. A session: Import and list puts the files and folders listed \
         into the hand database (each hand once; a file imported before adds only its \
         new hands; Stop import keeps what is in) and lists every stored hand; filter by \
         game, stakes, site, currency, all-in and showdown; click a hand to replay it. \
         Hands that cannot be read are listed with their file, line and why.",
    );
}
