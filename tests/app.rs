//! The app, headless (egui_kittest): typing starts a job and the table fills; an invalid
//! range shows its error and starts nothing; pin keeps a baseline; save then open
//! restores every input; a corrupt file changes nothing and says why.
#![cfg(feature = "gui")]

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use multiodds::app::{Command, MultiOddsApp};
use std::time::{Duration, Instant};

fn harness(app: MultiOddsApp) -> Harness<'static, MultiOddsApp> {
    Harness::builder()
        .with_size(egui::vec2(1280.0, 900.0))
        .build_ui_state(
            |ui, app: &mut MultiOddsApp| {
                app.logic(ui.ctx());
                app.ui(ui);
            },
            app,
        )
}

/// Steps frames until `done` holds (or fails after 60 s).
fn step_until(
    h: &mut Harness<'static, MultiOddsApp>,
    what: &str,
    done: impl Fn(&MultiOddsApp) -> bool,
) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
}

/// Every text on screen (accessibility labels and values).
fn texts(h: &Harness<'static, MultiOddsApp>) -> Vec<String> {
    h.query_all(egui_kittest::kittest::By::new())
        .flat_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .collect()
}

fn shows(h: &Harness<'static, MultiOddsApp>, text: &str) -> bool {
    texts(h).iter().any(|t| t.contains(text))
}

fn quick_app() -> MultiOddsApp {
    let mut app = MultiOddsApp::with_threads(Some(2));
    // Fast precision and a small opponent span keep the tests quick.
    app.inputs.precision = 0;
    app.inputs.max_opponents = 3;
    app
}

fn set_field(h: &mut Harness<'static, MultiOddsApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.step();
    h.get_by_label(label).type_text(text);
    h.step();
}

#[test]
fn typing_a_hero_and_board_fills_the_table() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "Ad Qc");
    set_field(&mut h, "Board", "3h 4c Jh");
    assert_eq!(h.state().inputs.hero, "Ad Qc");
    assert_eq!(h.state().inputs.board, "3h 4c Jh");
    step_until(&mut h, "the flop results", |app| {
        !app.is_running()
            && app
                .rt
                .shown
                .as_ref()
                .is_some_and(|s| s.title.contains("Jh 4c 3h") && s.result.points.len() == 3)
    });
    let shown = h.state().rt.shown.clone().unwrap();
    // One opponent on the flop is enumerated exactly: the SPEC's worked example.
    let p = &shown.result.points[0];
    assert!(
        (p.hand_strength - 0.585106).abs() < 1e-6,
        "{}",
        p.hand_strength
    );
    assert!((p.ppot.unwrap() - 0.208324).abs() < 1e-6);
    h.run_steps(3);
    // The table shows it.
    assert!(shows(&h, "58.51"), "{:?}", texts(&h));
}

#[test]
fn an_invalid_range_shows_its_error_and_starts_nothing() {
    let mut h = harness(quick_app());
    step_until(&mut h, "the first results", |app| {
        app.rt.shown.is_some() && !app.is_running()
    });
    set_field(&mut h, "Hero", "AKx+");
    // Wait past the debounce.
    for _ in 0..10 {
        std::thread::sleep(Duration::from_millis(20));
        h.step();
    }
    assert!(
        !h.state().is_running(),
        "an invalid input never starts a job"
    );
    assert!(
        h.state().rt.stale,
        "the last good results stay, marked stale"
    );
    let error = h.state().rt.errors.hero.clone().expect("a hero error");
    assert!(error.contains("unknown rank 'x'"), "{error}");
    assert!(shows(&h, "unknown rank 'x'"), "{:?}", texts(&h));
}

#[test]
fn pin_keeps_a_baseline() {
    let mut h = harness(quick_app());
    step_until(&mut h, "the first results", |app| {
        app.rt.shown.is_some() && !app.is_running()
    });
    h.get_by_label("Pin").click();
    h.step();
    h.step();
    let pinned = h.state().rt.pinned.clone().expect("pinned");
    assert!(pinned.title.starts_with("AKs"), "{}", pinned.title);
    set_field(&mut h, "Hero", "72o");
    step_until(&mut h, "the new results", |app| {
        !app.is_running()
            && app
                .rt
                .shown
                .as_ref()
                .is_some_and(|s| s.title.starts_with("72o"))
    });
    // The baseline is still AKs, and the table shows deltas against it.
    assert!(h
        .state()
        .rt
        .pinned
        .as_ref()
        .unwrap()
        .title
        .starts_with("AKs"));
    h.step();
    assert!(
        shows(&h, "(-"),
        "deltas against the baseline: {:?}",
        texts(&h)
    );
}

fn temp_path(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("multiodds-app-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn save_then_open_restores_every_input() {
    let mut h = harness(quick_app());
    {
        let i = &mut h.state_mut().inputs;
        i.hero = "QQ+, AKs".into();
        i.opponents = "22+, A2s+".into();
        i.board = "Ah 7d 2c".into();
        i.dead = "Ks".into();
        i.min_opponents = 2;
        i.max_opponents = 4;
        i.seed = 99;
        i.precision = 1;
    }
    let saved = h.state().inputs.clone();
    let path = temp_path("saved.ron");
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveAs(path.clone()), &ctx);
    assert!(path.exists());
    h.state_mut().apply(Command::New, &ctx);
    assert_ne!(h.state().inputs, saved);
    h.state_mut().apply(Command::Open(path.clone()), &ctx);
    assert_eq!(h.state().inputs, saved);
    assert_eq!(h.state().file.as_deref(), Some(path.as_path()));
    assert_eq!(h.state().recent.first(), Some(&path));
}

#[test]
fn opening_a_corrupt_file_changes_nothing_and_says_why() {
    let mut h = harness(quick_app());
    let before = h.state().inputs.clone();
    let path = temp_path("corrupt.ron");
    std::fs::write(&path, "Scenario(version: 1, hero: ").unwrap();
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::Open(path), &ctx);
    assert_eq!(h.state().inputs, before);
    let message = h.state().rt.message.clone().expect("a message");
    assert!(message.contains("corrupt.ron"), "{message}");
    // The message window itself was checked by eye under Xvfb (egui windows are not in
    // the harness's accessibility tree).
    assert!(
        message.starts_with("Could not open the scenario"),
        "{message}"
    );
}

/// The grid: clicking and dragging writes canonical range text; text shows in the grid.
#[test]
fn grid_cells_and_range_text_stay_in_sync() {
    use multiodds::app::grid::{range_grid, GridState};
    let mut h = Harness::new_ui_state(
        |ui, (text, grid): &mut (String, GridState)| {
            range_grid(ui, text, grid);
        },
        (String::new(), GridState::default()),
    );
    h.run();
    let rect = h.state().1.rect.expect("drawn");
    let cell = rect.width() / 13.0;
    let at = |row: usize, col: usize| {
        rect.min + egui::vec2((col as f32 + 0.5) * cell, (row as f32 + 0.5) * cell)
    };
    // Click AA (row 0, column 0).
    h.hover_at(at(0, 0));
    h.run();
    h.drag_at(at(0, 0));
    h.run();
    h.drop_at(at(0, 0));
    h.run();
    assert_eq!(h.state().0, "AA");
    // Drag across AKs, AQs, AJs (suited, above the diagonal).
    h.hover_at(at(0, 1));
    h.run();
    h.drag_at(at(0, 1));
    h.run();
    for col in 2..=3 {
        h.hover_at(at(0, col));
        h.run();
    }
    h.drop_at(at(0, 3));
    h.run();
    assert_eq!(h.state().0, "AA, AJs+");
    // Clicking a painted class removes it.
    h.hover_at(at(0, 0));
    h.run();
    h.drag_at(at(0, 0));
    h.run();
    h.drop_at(at(0, 0));
    h.run();
    assert_eq!(h.state().0, "AJs+");
    // Text typed elsewhere shows in the grid (its combo count).
    h.state_mut().0 = "QQ+, AKo".into();
    h.run();
    assert!(shows_in(&h, "30 combos"), "{:?}", all_texts(&h));
}

fn all_texts<S>(h: &Harness<'static, S>) -> Vec<String> {
    h.query_all(egui_kittest::kittest::By::new())
        .flat_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .collect()
}

fn shows_in<S>(h: &Harness<'static, S>, text: &str) -> bool {
    all_texts(h).iter().any(|t| t.contains(text))
}

#[test]
fn a_matchup_of_known_hands_shows_the_exact_equities() {
    let mut app = quick_app();
    app.view = multiodds::app::ViewTab::Matchup;
    app.matchup.seats = vec!["AsKs".into(), "5h Tc".into()];
    app.matchup.board = "Qs Ts 5c".into();
    let mut h = harness(app);
    step_until(&mut h, "the matchup", |app| {
        !app.matchup_rt.running && app.matchup_rt.shown.is_some()
    });
    let (result, seats) = h.state().matchup_rt.shown.clone().unwrap();
    assert_eq!(seats, ["AsKs", "5h Tc"]);
    assert_eq!(result.method, multiodds::equity::Method::Exact);
    assert_eq!(result.deals, 990);
    assert!((result.seats[0].equity - 0.426263).abs() < 5e-7);
    h.run_steps(2);
    assert!(shows(&h, "42.626"), "{:?}", texts(&h));
    assert!(shows(&h, "57.374"), "{:?}", texts(&h));
}

#[test]
fn chart_csv_export_parses_back_with_169_times_9_rows() {
    let mut app = quick_app();
    app.view = multiodds::app::ViewTab::Chart;
    app.chart.board = "Ah Kd 7c 7s 2h".into();
    app.chart.precision = 0;
    let mut h = harness(app);
    step_until(&mut h, "the chart", |app| {
        !app.chart_rt.running && app.chart_rt.shown.as_ref().is_some_and(|c| c.done == 169)
    });
    let path = temp_path("chart.csv");
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::ExportCsv(path.clone()), &ctx);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("hand,opponents,win,tie,equity,std_error,win_odds")
    );
    let rows: Vec<Vec<String>> = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 169 * 9);
    for row in &rows {
        assert_eq!(row.len(), 7);
        let n: usize = row[1].parse().unwrap();
        assert!((1..=9).contains(&n));
        for x in &row[2..] {
            let v: f64 = x.parse().unwrap();
            assert!((0.0..=1.0).contains(&v), "{row:?}");
        }
        // Win odds lie between win and win + tie.
        let (win, tie, odds): (f64, f64, f64) = (
            row[2].parse().unwrap(),
            row[3].parse().unwrap(),
            row[6].parse().unwrap(),
        );
        assert!(odds >= win - 1e-6 && odds <= win + tie + 1e-6, "{row:?}");
    }
    h.run_steps(2);
    assert!(shows(&h, "169 of 169 hands"), "{:?}", texts(&h));
}

#[test]
fn grid_drill_down_picks_exact_combos() {
    use multiodds::app::grid::{range_grid, GridState};
    let mut h = Harness::new_ui_state(
        |ui, (text, grid): &mut (String, GridState)| {
            range_grid(ui, text, grid);
        },
        ("AKs".to_string(), GridState::default()),
    );
    h.run();
    let rect = h.state().1.rect.expect("drawn");
    let cell = rect.width() / 13.0;
    let aks = rect.min + egui::vec2(1.5 * cell, 0.5 * cell);
    h.hover_at(aks);
    h.run();
    for pressed in [true, false] {
        h.event(egui::Event::PointerButton {
            pos: aks,
            button: egui::PointerButton::Secondary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
        h.run();
    }
    assert_eq!(
        h.state().1.drill.map(|c| c.to_string()),
        Some("AKs".to_string())
    );
    h.get_by_label("AsKs").click();
    h.run();
    let text = h.state().0.clone();
    let range = multiodds::range::HandRange::parse(&text).unwrap();
    assert_eq!(range.combo_count(), 3, "{text}");
    assert!(!text.contains("AsKs"), "{text}");
}

#[test]
fn matchup_pin_shows_deltas() {
    let mut app = quick_app();
    app.view = multiodds::app::ViewTab::Matchup;
    app.matchup.seats = vec!["AsKs".into(), "5h Tc".into()];
    app.matchup.board = "Qs Ts 5c".into();
    let mut h = harness(app);
    step_until(&mut h, "the matchup", |app| {
        !app.matchup_rt.running && app.matchup_rt.shown.is_some()
    });
    h.get_by_label("Pin").click();
    h.run_steps(2);
    assert!(h.state().matchup_rt.pinned.is_some());
    // Change the board: the river comes Js.
    let ctx = h.ctx.clone();
    h.state_mut().matchup.board = "Qs Ts 5c Js".into();
    h.state_mut().apply(Command::Edited, &ctx);
    step_until(&mut h, "the new matchup", |app| {
        !app.matchup_rt.running
            && app
                .matchup_rt
                .shown
                .as_ref()
                .is_some_and(|(r, _)| r.deals == 44)
    });
    h.run_steps(2);
    let (result, _) = h.state().matchup_rt.shown.clone().unwrap();
    let delta = 100.0 * (result.seats[0].equity - 0.426263);
    assert!(shows(&h, &format!("({delta:+.2})")), "{:?}", texts(&h));
}

/// The outs panel on a flop: the classic reference hand's outs, drawn from the outs job.
#[test]
fn outs_panel_shows_the_draws_on_a_flop() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "8d 7d");
    set_field(&mut h, "Board", "9d 6c 2d");
    step_until(
        &mut h,
        "the outs job",
        |app| matches!(&app.rt.outs, Some(Ok(o)) if o.board == "9d 6c 2d"),
    );
    h.step();
    let Some(Ok(o)) = &h.state().rt.outs else {
        unreachable!()
    };
    assert_eq!(o.discounted.len(), 15);
    assert_eq!((o.straight.outs, o.flush.outs), (6, 9));
    assert!(shows(&h, "Outs and draws"), "{:?}", texts(&h));
    assert!(shows(&h, "makes Flush"));
    assert!(shows(&h, "discounted"));
    assert!(shows(&h, "open-ended straight draw (6 cards)"));
    // A range hero has no outs panel.
    set_field(&mut h, "Hero", "AK");
    step_until(&mut h, "the outs to go", |app| app.rt.outs.is_none());
    h.step();
    assert!(!shows(&h, "Outs and draws"));
}

/// Win odds are off by default; the switch adds their column, and joint potentials
/// replace the conditional columns.
#[test]
fn figure_switches_add_win_odds_and_joint_potentials() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "Ad Qc");
    set_field(&mut h, "Board", "3h 4c Jh");
    step_until(&mut h, "results", |app| {
        !app.is_running() && app.rt.shown.is_some()
    });
    h.step();
    assert!(!shows(&h, "Win odds %"));
    assert!(shows(&h, "PPot %"));
    h.get_by_label("Win odds (classic)").click();
    h.step();
    h.get_by_label("joint (classic)").click();
    h.step();
    h.step();
    assert!(h.state().figures.win_odds && h.state().figures.joint_potentials);
    assert!(shows(&h, "Win odds %"));
    assert!(shows(&h, "PPot (joint) %"));
    assert!(!shows(&h, "PPot %"));
}

/// The default scenario (AKs against 1–9 random opponents) reaches "done" on its own and
/// the status line says why it stopped.
#[test]
fn the_default_sweep_ends_and_shows_why() {
    let mut h = harness(MultiOddsApp::with_threads(Some(2)));
    step_until(&mut h, "the default sweep to end", |app| {
        !app.is_running() && app.rt.shown.is_some() && !app.rt.stale
    });
    h.run_steps(2);
    let status = h
        .state()
        .rt
        .shown
        .as_ref()
        .and_then(|s| s.result.status.stopped)
        .expect("a stop reason");
    assert!(
        matches!(
            status,
            multiodds::equity::run::StopRule::TargetReached
                | multiodds::equity::run::StopRule::TimeBudget
                | multiodds::equity::run::StopRule::ExactDone
        ),
        "{status:?}"
    );
    assert!(
        shows(&h, &format!("done · {}", status.describe())),
        "{:?}",
        texts(&h)
    );
}

/// F1 opens the Help window with every figure's definition and the query words; Escape
/// closes it.
#[test]
fn help_window_explains_figures_and_notation() {
    let mut h = harness(quick_app());
    h.run_steps(2);
    h.key_press(egui::Key::F1);
    h.run_steps(2);
    assert!(h.state().rt.help_open);
    for text in [
        "Hand Strength",
        "Positive potential (conditional)",
        "Classic scoring",
        "G2 To G5, TT Through 77, G2 - G5",
        "a lower group number is stronger",
        "Ctrl+O",
    ] {
        assert!(shows(&h, text), "{text} missing");
    }
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().rt.help_open);
}
