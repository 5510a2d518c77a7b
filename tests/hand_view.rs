//! The Hand view, headless (egui_kittest): a corpus file opened, its hand stepped
//! through street by street, a player's range typed and the equity changing, the turn
//! sent to the Matchup view; a session of the whole corpus read with its graph and
//! totals.
#![cfg(feature = "gui")]

mod common;
use common::app::*;
use egui_kittest::kittest::{NodeT, Queryable};
use multiodds::app::command::{Command, ViewCommand};
use multiodds::app::hand_view::HandView;
use multiodds::app::matchup::MatchupView;
use multiodds::app::{MultiOddsApp, View};
use multiodds::scenario::ViewKind;

/// Player0 and Player2 see a flop (6s 2c 4h) with cards never shown; Hero folded Jc 4s.
const FILE: &str =
    "tests/data/hands/cash/Stars/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.export.raiseTo.txt";

fn hand_app() -> MultiOddsApp {
    let mut app = MultiOddsApp::with_threads(Some(2));
    app.view = ViewKind::Hand;
    app
}

fn settled(app: &MultiOddsApp) -> bool {
    let v = app.views.of::<HandView>();
    v.has_spot() && !v.tracker().running && !v.tracker().pending() && v.equity().is_some()
}

fn equities(app: &MultiOddsApp) -> Vec<f64> {
    let v = app.views.of::<HandView>();
    v.equity()
        .map(|r| r.seats.iter().map(|s| s.equity).collect())
        .unwrap_or_default()
}

#[test]
fn open_step_change_a_range_and_send_the_turn() {
    let mut h = harness(hand_app());
    h.state().command(Command::ToView(
        ViewKind::Hand,
        ViewCommand::OpenHands(FILE.into()),
    ));
    step_until(&mut h, "the hand and its preflop equity", settled);
    h.run();
    assert!(shows(&h, "PokerStars hand #1003659126"));
    assert_eq!(h.state().views.of::<HandView>().inputs().street, 0);
    // Preflop: the equity of the players still in when its betting closed — Player0 and
    // Player2, both unknown (Hero folded Jc 4s, now dead) — not all six as random hands.
    assert_eq!(equities(h.state()).len(), 2);
    // The flop: Player0 and Player2, both random, Hero's cards dead: 50 % each, exact.
    h.get_by_label("Flop").click();
    step_until(&mut h, "the flop's equity", |a| {
        settled(a) && a.views.of::<HandView>().inputs().street == 1 && equities(a).len() == 2
    });
    h.run();
    let eq = equities(h.state());
    assert!(
        (eq[0] - 0.5).abs() < 1e-12 && (eq[1] - 0.5).abs() < 1e-12,
        "{eq:?}"
    );
    assert!(shows(&h, "Player2 checks"));
    // Player2's range typed in its field: the equity moves to the stronger range.
    let field = h
        .query_all_by_label("Player2")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::TextInput)
        .expect("Player2's range field");
    field.focus();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.step();
    h.query_all_by_label("Player2")
        .find(|n| n.accesskit_node().role() == egui::accesskit::Role::TextInput)
        .unwrap()
        .type_text("QQ+, AK");
    step_until(&mut h, "the new range's equity", |a| {
        settled(a) && equities(a).get(1).is_some_and(|&e| e > 0.6)
    });
    let eq = equities(h.state());
    assert!((eq[0] + eq[1] - 1.0).abs() < 1e-9 && eq[1] > 0.6, "{eq:?}");
    assert_eq!(
        h.state()
            .views
            .of::<HandView>()
            .inputs()
            .range_of("Player2"),
        "QQ+, AK"
    );
    // The turn (3s), sent to the Matchup view: the same players, board and dead cards.
    h.get_by_label("Turn").click();
    step_until(&mut h, "the turn", |a| {
        settled(a) && a.views.of::<HandView>().inputs().street == 2
    });
    h.run();
    h.get_by_label("Send to Matchup view").click();
    h.run();
    assert_eq!(h.state().view, ViewKind::Matchup);
    let m = &h.state().views.of::<MatchupView>().inputs();
    assert_eq!(m.seats, vec!["random".to_string(), "QQ+, AK".to_string()]);
    assert_eq!(m.board, "6s 2c 4h 3s");
    assert_eq!(m.dead, "Jc 4s");
}

#[test]
fn a_session_of_the_corpus_has_its_totals_list_and_graph() {
    let db = tempfile::tempdir().unwrap();
    let mut app = hand_app();
    let inputs = app.views.of_mut::<HandView>().inputs_mut();
    inputs.session = vec!["tests/data/hands".into()];
    inputs.database = db.path().join("hands.sqlite").display().to_string();
    let mut h = harness(app);
    h.state()
        .command(Command::ToView(ViewKind::Hand, ViewCommand::ReadSession));
    step_until(&mut h, "the whole session", |a| {
        let v = a.views.of::<HandView>();
        !v.session_running() && v.session().is_some_and(|s| s.complete())
    });
    h.run();
    let v = h.state().views.of::<HandView>();
    let read = v.session().unwrap();
    // 505 hands, two of them in two files each: stored once.
    assert_eq!(read.session.rows.len(), 503);
    assert_eq!(read.session.refused.len(), 4);
    assert!(shows(&h, "115 of 115 files imported · 503 hands stored"));
    assert!(shows(&h, "4 not read"));
    // The graph's two lines are drawn (their legend entries), and the list's rows.
    assert!(shows(&h, "all-in adjusted"));
    // The list is in date order, from the database: its first hand is shown.
    let first = format!("#{}", read.session.rows[0].id);
    assert!(shows(&h, &first), "{first}");
    // The filter keeps only all-in hands.
    h.get_by_label("All-in").click();
    h.run();
    let v = h.state().views.of::<HandView>();
    assert!(v.inputs().filter.all_in);
    let rows = v.shown_rows();
    assert_eq!(rows.len(), 88);
    assert!(rows.iter().all(|r| r.all_in));
    // The session's CSV: a row per hand shown.
    let csv = h.state().current().table_csv(&Default::default()).unwrap();
    assert_eq!(csv.lines().filter(|l| !l.starts_with('#')).count(), 88 + 1);
}

/// A tracker's day: a folder of five sites imported into the database with progress;
/// the list filtered to all-in hands in euros (typed into the filter fields); one of
/// them opened by a click and replayed; a second import adds nothing, and a new view
/// with no files listed lists the stored hands from the database alone.
#[test]
fn a_folder_is_imported_filtered_to_all_in_euro_hands_and_one_replayed() {
    let db = tempfile::tempdir().unwrap();
    let db_path = db.path().join("hands.sqlite").display().to_string();
    let mut app = hand_app();
    let inputs = app.views.of_mut::<HandView>().inputs_mut();
    inputs.session = vec!["tests/data/hands".into(), "tests/data/hands_tour".into()];
    inputs.database = db_path.clone();
    let mut h = harness(app);
    h.get_by_label("Import and list").click();
    let saw_progress = std::cell::Cell::new(false);
    step_until(&mut h, "the import", |a| {
        let v = a.views.of::<HandView>();
        saw_progress.set(saw_progress.get() || v.session_running());
        !v.session_running() && v.session().is_some_and(|s| s.complete())
    });
    assert!(saw_progress.get());
    h.run();
    let stored = h
        .state()
        .views
        .of::<HandView>()
        .session()
        .unwrap()
        .session
        .rows
        .len();
    assert!(stored > 1500, "{stored}");
    set_field(&mut h, "Currency", "€");
    h.get_by_label("All-in").click();
    h.run();
    let v = h.state().views.of::<HandView>();
    let rows = v.shown_rows();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r.all_in && r.currency == "€"));
    let first = format!("#{}", rows[0].id);
    let count = rows.len();
    assert!(shows(&h, &format!("€: {count} hands")) || shows(&h, &format!("{count} hands")));
    // Open the first hand: its replay shows its streets and the equity runs.
    let row = h
        .query_all_by(|n| n.label().is_some_and(|l| l.starts_with(&first)))
        .next()
        .expect("the hand's row");
    row.click();
    step_until(&mut h, "the hand's replay", |a| {
        let v = a.views.of::<HandView>();
        v.has_spot() && v.equity().is_some()
    });
    let v = h.state().views.of::<HandView>();
    assert!(v.inputs().text.contains(&first[1..]));
    // A fresh window with no files listed lists every stored hand from the database.
    let mut app = hand_app();
    app.views.of_mut::<HandView>().inputs_mut().database = db_path;
    let mut h = harness(app);
    h.get_by_label("Import and list").click();
    step_until(&mut h, "the stored hands", |a| {
        let v = a.views.of::<HandView>();
        !v.session_running() && v.session().is_some()
    });
    let v = h.state().views.of::<HandView>();
    assert_eq!(v.session().unwrap().session.rows.len(), stored);
}

/// The empty Hand view greets with its hints, not with errors: no red "paste a hand
/// history" at the field, no "Not computed", and the status line waits.
#[test]
fn the_empty_hand_view_waits_without_errors() {
    let mut h = harness(hand_app());
    h.run_steps(4);
    let v = h.state().views.of::<HandView>();
    let status = v.status();
    assert_eq!(status.phase, "waiting");
    assert!(
        !texts(&h)
            .iter()
            .any(|t| t.starts_with("Not computed") || t == "paste a hand history or open a file"),
        "{:?}",
        texts(&h)
    );
    assert!(shows(&h, "Add folder…"));
}
