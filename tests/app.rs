//! The app, headless (egui_kittest): typing starts a job and the table fills; an invalid
//! range shows its error and starts nothing; pin keeps a baseline; save then open
//! restores every input; a corrupt file changes nothing and says why.
#![cfg(feature = "gui")]

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use multiodds::app::chart::ChartView;
use multiodds::app::matchup::MatchupView;
use multiodds::app::multiodds::MultiOddsView;
use multiodds::app::{Command, MultiOddsApp, View, ViewCommand};
use multiodds::scenario::ViewKind;
use std::time::{Duration, Instant};

mod common;
use common::app::*;

/// The app on the Range view with its default inputs analysed.
fn range_view_harness() -> Harness<'static, MultiOddsApp> {
    use multiodds::app::range_view::RangeView;
    let mut app = quick_app();
    app.view = ViewKind::Range;
    let mut h = harness(app);
    step_until(&mut h, "the range analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running && v.has_result()
    });
    h
}

/// The texts the last frame put on the system clipboard.
fn copied_texts(h: &Harness<'static, MultiOddsApp>) -> Vec<String> {
    h.output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn quick_app() -> MultiOddsApp {
    let mut app = MultiOddsApp::with_threads(Some(2));
    // Fast precision and a small opponent span keep the tests quick.
    app.views
        .of_mut::<MultiOddsView>()
        .inputs_mut()
        .run
        .target_se = 0.005;
    app.views
        .of_mut::<MultiOddsView>()
        .inputs_mut()
        .opponent_counts
        .1 = 3;
    app
}

#[test]
fn typing_a_hero_and_board_fills_the_table() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "Ad Qc");
    set_field(&mut h, "Board", "3h 4c Jh");
    assert_eq!(h.state().views.of::<MultiOddsView>().inputs().hero, "Ad Qc");
    assert_eq!(
        h.state().views.of::<MultiOddsView>().inputs().board,
        "3h 4c Jh"
    );
    step_until(&mut h, "the flop results", |app| {
        !app.is_running()
            && app
                .views
                .of::<MultiOddsView>()
                .shown()
                .is_some_and(|s| s.label.contains("Jh 4c 3h") && s.result.points.len() == 3)
    });
    let shown = h
        .state()
        .views
        .of::<MultiOddsView>()
        .shown()
        .cloned()
        .unwrap();
    // One opponent on the flop is enumerated exactly: the reference's worked example (docs/reference.md §4).
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
        app.views.of::<MultiOddsView>().has_result() && !app.is_running()
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
        h.state().views.of::<MultiOddsView>().tracker().stale,
        "the last good results stay, marked stale"
    );
    let error = h
        .state()
        .views
        .of::<MultiOddsView>()
        .errors()
        .at("hero")
        .cloned()
        .expect("a hero error");
    assert!(error.contains("unknown rank 'x'"), "{error}");
    assert!(shows(&h, "unknown rank 'x'"), "{:?}", texts(&h));
}

#[test]
fn pin_keeps_a_baseline() {
    let mut h = harness(quick_app());
    step_until(&mut h, "the first results", |app| {
        app.views.of::<MultiOddsView>().has_result() && !app.is_running()
    });
    h.get_by_label("Pin").click();
    h.step();
    h.step();
    let pinned = h
        .state()
        .views
        .of::<MultiOddsView>()
        .pinned()
        .first()
        .cloned()
        .expect("pinned");
    assert!(pinned.label.starts_with("AKs"), "{}", pinned.label);
    set_field(&mut h, "Hero", "72o");
    step_until(&mut h, "the new results", |app| {
        !app.is_running()
            && app
                .views
                .of::<MultiOddsView>()
                .shown()
                .is_some_and(|s| s.label.starts_with("72o"))
    });
    // The baseline is still AKs, and the table shows deltas against it.
    assert!(h.state().views.of::<MultiOddsView>().pinned()[0]
        .label
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
        let i = h.state_mut().views.of_mut::<MultiOddsView>().inputs_mut();
        i.hero = "QQ+, AKs".into();
        i.opponents = "22+, A2s+".into();
        i.board = "Ah 7d 2c".into();
        i.dead = "Ks".into();
        i.opponent_counts = (2, 4);
        i.run.seed = 99;
        i.run.target_se = 0.002;
    }
    let saved = h.state().views.of::<MultiOddsView>().inputs().clone();
    let path = temp_path("saved.ron");
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveAs(path.clone()), &ctx);
    assert!(path.exists());
    h.state_mut().apply(Command::New, &ctx);
    assert_ne!(*h.state().views.of::<MultiOddsView>().inputs(), saved);
    h.state_mut().apply(Command::Open(path.clone()), &ctx);
    assert_eq!(*h.state().views.of::<MultiOddsView>().inputs(), saved);
    assert_eq!(h.state().shell.file.as_deref(), Some(path.as_path()));
    assert_eq!(h.state().shell.recent.first(), Some(&path));
}

#[test]
fn opening_a_corrupt_file_changes_nothing_and_says_why() {
    let mut h = harness(quick_app());
    let before = h.state().views.of::<MultiOddsView>().inputs().clone();
    let path = temp_path("corrupt.ron");
    std::fs::write(&path, "Scenario(version: 1, hero: ").unwrap();
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::Open(path), &ctx);
    assert_eq!(*h.state().views.of::<MultiOddsView>().inputs(), before);
    let message = h.state().shell.message.clone().expect("a message");
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
            range_grid(ui, text, grid, multiodds::cards::CardSet::default());
        },
        (String::new(), GridState::default()),
    );
    h.run();
    let rect = h.state().1.rect().expect("drawn");
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
    app.view = ViewKind::Matchup;
    app.views.of_mut::<MatchupView>().inputs_mut().seats = vec!["AsKs".into(), "5h Tc".into()];
    app.views.of_mut::<MatchupView>().inputs_mut().board = "Qs Ts 5c".into();
    let mut h = harness(app);
    step_until(&mut h, "the matchup", |app| {
        !app.views.of::<MatchupView>().tracker().running
            && app.views.of::<MatchupView>().has_result()
    });
    let shown = h
        .state()
        .views
        .of::<MatchupView>()
        .shown()
        .cloned()
        .unwrap();
    let (result, seats) = (shown.result, shown.label.texts);
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
    app.view = ViewKind::Chart;
    app.views.of_mut::<ChartView>().inputs_mut().board = "Ah Kd 7c 7s 2h".into();
    app.views.of_mut::<ChartView>().inputs_mut().run.target_se = 0.005;
    let mut h = harness(app);
    step_until(&mut h, "the chart", |app| {
        !app.views.of::<ChartView>().tracker().running
            && app
                .views
                .of::<ChartView>()
                .shown()
                .is_some_and(|c| c.done == 169)
    });
    let path = temp_path("chart.csv");
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::ExportCsv(path.clone()), &ctx);
    let text = std::fs::read_to_string(&path).unwrap();
    // A block of `#` lines says what the table is; then the header row and the rows.
    assert!(
        text.starts_with(
            "# view: Chart\n# game: Hold'em\n# opponents_range: random\n# board: Ah Kd 7c 7s 2h\n"
        ),
        "{text}"
    );
    assert!(text.contains("\n# written: 20"), "{text}");
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
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
            range_grid(ui, text, grid, multiodds::cards::CardSet::default());
        },
        ("AKs".to_string(), GridState::default()),
    );
    h.run();
    let rect = h.state().1.rect().expect("drawn");
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
        h.state().1.drilled().map(|c| c.to_string()),
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
    app.view = ViewKind::Matchup;
    app.views.of_mut::<MatchupView>().inputs_mut().seats = vec!["AsKs".into(), "5h Tc".into()];
    app.views.of_mut::<MatchupView>().inputs_mut().board = "Qs Ts 5c".into();
    let mut h = harness(app);
    step_until(&mut h, "the matchup", |app| {
        !app.views.of::<MatchupView>().tracker().running
            && app.views.of::<MatchupView>().has_result()
    });
    h.get_by_label("Pin").click();
    h.run_steps(2);
    assert!(h.state().views.of::<MatchupView>().has_pin());
    // Change the board: the river comes Js.
    let ctx = h.ctx.clone();
    h.state_mut()
        .views
        .of_mut::<MatchupView>()
        .inputs_mut()
        .board = "Qs Ts 5c Js".into();
    h.state_mut().apply(
        Command::ToView(ViewKind::Matchup, ViewCommand::Edited),
        &ctx,
    );
    step_until(&mut h, "the new matchup", |app| {
        !app.views.of::<MatchupView>().tracker().running
            && app
                .views
                .of::<MatchupView>()
                .shown()
                .is_some_and(|s| s.result.deals == 44)
    });
    h.run_steps(2);
    let result = h
        .state()
        .views
        .of::<MatchupView>()
        .shown()
        .cloned()
        .unwrap()
        .result;
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
        |app| matches!(app.views.of::<MultiOddsView>().outs(), Some(Ok(o)) if o.board == "9d 6c 2d"),
    );
    h.step();
    let Some(Ok(o)) = h.state().views.of::<MultiOddsView>().outs() else {
        unreachable!()
    };
    assert_eq!(o.classic.as_ref().unwrap().discounted.len(), 15);
    assert_eq!((o.straight.outs, o.flush.outs), (6, 9));
    assert!(shows(&h, "Outs and draws"), "{:?}", texts(&h));
    assert!(shows(&h, "makes Flush"));
    assert!(shows(&h, "discounted"));
    assert!(shows(&h, "open-ended straight draw (6 cards)"));
    assert!(
        shows(&h, "Outs and draws: below the table"),
        "a pointer to the panel"
    );
    // A range hero has no outs panel.
    set_field(&mut h, "Hero", "AK");
    step_until(&mut h, "the outs to go", |app| {
        app.views.of::<MultiOddsView>().outs().is_none()
    });
    h.step();
    assert!(!shows(&h, "Outs and draws"));
}

/// The outs panel in Omaha and short deck: a known hand on a flop gets its outs by the
/// game's rules (the engine's game outs, the same cards), and no classic Hold'em rows.
#[test]
fn outs_panel_in_omaha_and_short_deck() {
    use multiodds::cards::{CardSet, Game};
    for (game, hero, board, flushes) in [
        (Game::OMAHA, "Ah Kh 9c 8c", "Qh 7h 2s", 9),
        (Game::SHORT_DECK, "Ah Kh", "Qh 7h 6s", 5),
    ] {
        let mut app = quick_app();
        {
            let i = app.views.of_mut::<MultiOddsView>().inputs_mut();
            i.game = game;
            i.hero = hero.into();
            i.opponents = "random".into();
            i.board = board.into();
        }
        let mut h = harness(app);
        step_until(
            &mut h,
            "the outs job",
            |app| matches!(app.views.of::<MultiOddsView>().outs(), Some(Ok(o)) if o.game == game),
        );
        h.run_steps(2);
        let Some(Ok(o)) = h.state().views.of::<MultiOddsView>().outs() else {
            unreachable!()
        };
        let want = multiodds::equity::games::outs::game_outs(
            game,
            CardSet::parse(hero).unwrap(),
            CardSet::parse(board).unwrap(),
            CardSet::EMPTY,
            &[],
        )
        .unwrap();
        assert_eq!(o.outs, want.outs);
        assert!(o.classic.is_none());
        assert_eq!(o.flush.outs, flushes, "{game}");
        assert!(shows(&h, "Outs and draws"), "{:?}", texts(&h));
        assert!(shows(&h, "makes Flush"), "{game}: {:?}", texts(&h));
        assert!(shows(&h, "Outs by this game's rules"));
        assert!(!texts(&h)
            .iter()
            .any(|t| t == "second rule" || t == "discounted"));
    }
}

/// Win odds are off by default; the switch adds their column, and joint potentials
/// replace the conditional columns.
#[test]
fn figure_switches_add_win_odds_and_joint_potentials() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "Ad Qc");
    set_field(&mut h, "Board", "3h 4c Jh");
    step_until(&mut h, "results", |app| {
        !app.is_running() && app.views.of::<MultiOddsView>().has_result()
    });
    h.step();
    assert!(!shows(&h, "Win odds %"));
    assert!(shows(&h, "PPot %"));
    h.get_by_label("Win odds (classic)").click();
    h.step();
    h.get_by_label("joint (classic)").click();
    h.step();
    h.step();
    assert!(
        h.state().views.of::<MultiOddsView>().figures.win_odds
            && h.state()
                .views
                .of::<MultiOddsView>()
                .figures
                .joint_potentials
    );
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
        !app.is_running()
            && app.views.of::<MultiOddsView>().has_result()
            && !app.views.of::<MultiOddsView>().tracker().stale
    });
    h.run_steps(2);
    let status = h
        .state()
        .views
        .of::<MultiOddsView>()
        .shown()
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
    assert!(h.state().shell.help_open);
    for text in [
        "Hand Strength",
        "Positive potential (conditional)",
        "Classic scoring",
        "G2 To G5, TT Through 77, G2 - G5",
        "a lower group number is stronger",
        "Folded seats (card bunching)",
        "Ctrl+O",
    ] {
        assert!(shows(&h, text), "{text} missing");
    }
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    assert!(!h.state().shell.help_open);
}

/// Every paragraph of the Help window wraps inside it, at the widths the brief names: the
/// long paragraphs after the games' table (the Hand view's, folded seats') end inside the
/// window, which is never wider than the screen less its 32-point margin.
#[test]
fn help_paragraphs_wrap_inside_the_window() {
    for size in [
        egui::vec2(1400.0, 900.0),
        egui::vec2(1000.0, 700.0),
        egui::vec2(800.0, 600.0),
    ] {
        let mut h = sized_harness(quick_app(), size);
        h.run_steps(2);
        h.key_press(egui::Key::F1);
        h.run_steps(3);
        // Scroll the window to its end, as a wheel does over it.
        h.hover_at(egui::pos2(size.x / 2.0, 200.0));
        for _ in 0..20 {
            h.event(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta: egui::vec2(0.0, -400.0),
                phase: egui::TouchPhase::Move,
                source: egui::MouseWheelSource::Wheel,
                modifiers: egui::Modifiers::NONE,
            });
            h.run_steps(2);
        }
        for paragraph in ["Paste a hand as the site wrote it", "In the Matchup view"] {
            let edge = h
                .query_all(egui_kittest::kittest::By::new())
                .filter(|n| {
                    let node = n.accesskit_node();
                    [node.label(), node.value()]
                        .iter()
                        .flatten()
                        .any(|t| t.starts_with(paragraph))
                })
                .map(|n| n.rect().max.x)
                .next()
                .unwrap_or_else(|| panic!("{paragraph} shown at {size:?}"));
            assert!(
                edge <= size.x - 32.0,
                "{paragraph} ends at {edge}, past the window ({size:?})"
            );
        }
    }
}

/// Steps until the view on screen has finished a run of its inputs.
fn settle(h: &mut Harness<'static, MultiOddsApp>, what: &str) {
    step_until(h, what, |app| {
        let t = app.current().tracker();
        app.current().has_result() && !t.running && !t.pending() && !t.stale
    });
}

fn status_text(h: &Harness<'static, MultiOddsApp>) -> String {
    texts(h)
        .into_iter()
        .find(|t| t.contains(" threads · frame"))
        .expect("a status line")
}

/// An edit in one view followed at once by a switch to another: the edited view submits
/// when its debounce ends, the other keeps its results, and each status line speaks of
/// its own job.
#[test]
fn switching_views_during_the_debounce_submits_only_the_edited_view() {
    let mut app = quick_app();
    app.views.of_mut::<MatchupView>().inputs_mut().seats = vec!["AsKs".into(), "5h Tc".into()];
    app.views.of_mut::<MatchupView>().inputs_mut().board = "Qs Ts 5c".into();
    let mut h = harness(app);
    settle(&mut h, "the MultiOdds view");
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(Command::ShowView(ViewKind::Matchup), &ctx);
    settle(&mut h, "the Matchup view");
    let matchup_before = h
        .state()
        .views
        .of::<MatchupView>()
        .shown()
        .cloned()
        .unwrap();
    h.state_mut()
        .apply(Command::ShowView(ViewKind::MultiOdds), &ctx);
    h.run_steps(2);
    // Edit, then switch within the same frame.
    set_field(&mut h, "Hero", "QQ");
    h.state_mut()
        .apply(Command::ShowView(ViewKind::Matchup), &ctx);
    step_until(&mut h, "the edited view's new results", |app| {
        let v = &app.views.of::<MultiOddsView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.starts_with("QQ"))
    });
    let m = &h.state().views.of::<MatchupView>();
    assert!(
        !m.tracker().running && !m.tracker().stale,
        "the Matchup view was left alone"
    );
    assert_eq!(m.shown().unwrap().result, matchup_before.result);
    h.run_steps(2);
    // The Matchup view's status line: its own deals (990 river cards), not the sweep's.
    let status = status_text(&h);
    assert!(status.starts_with("done"), "{status}");
    assert!(status.contains("990 deals ·"), "{status}");
    h.state_mut()
        .apply(Command::ShowView(ViewKind::MultiOdds), &ctx);
    h.run_steps(2);
    let status = status_text(&h);
    assert!(
        status.contains("deals per Monte Carlo row") || status.contains(" exact"),
        "{status}"
    );
    assert!(!status.contains("990 deals ·"), "{status}");
}

/// Pixels of `color` (within a small tolerance) in a decoded RGBA image.
fn count_color(rgba: &[u8], color: [u8; 3]) -> usize {
    rgba.chunks(4)
        .filter(|p| (0..3).all(|k| (p[k] as i32 - color[k] as i32).abs() <= 6))
        .count()
}

fn decode_png(path: &std::path::Path) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    buf.truncate(info.buffer_size());
    assert_eq!(info.color_type, png::ColorType::Rgba);
    (info.width, info.height, buf)
}

/// Every view exports its plot as a PNG of the chosen size, rendered off screen: the
/// MultiOdds curves in their colours, the Matchup bars, the Chart heat map.
#[test]
fn each_view_exports_its_plot_as_a_png_of_the_chosen_size() {
    let mut app = quick_app();
    app.views.of_mut::<MatchupView>().inputs_mut().seats = vec!["AsKs".into(), "5h Tc".into()];
    app.views.of_mut::<MatchupView>().inputs_mut().board = "Qs Ts 5c".into();
    app.views.of_mut::<ChartView>().inputs_mut().board = "Ah Kd 7c 7s 2h".into();
    app.shell.png_size = [1200, 800];
    let mut h = harness(app);
    let ctx = h.ctx.clone();
    let equity_rgb = multiodds::equity::metrics::SWEEP_METRICS
        .iter()
        .find(|m| m.key == "equity")
        .unwrap()
        .rgb;
    for (tab, color) in [
        (ViewKind::MultiOdds, equity_rgb),
        // The Matchup view's win bars.
        (ViewKind::Matchup, [46, 160, 67]),
        // The Chart view's weakest cell and the key's low end (the shade at 0).
        (ViewKind::Chart, [240, 40, 60]),
        // The Flops view's range 1 equity bars.
        (ViewKind::Flops, [66, 133, 244]),
    ] {
        h.state_mut().apply(Command::ShowView(tab), &ctx);
        settle(&mut h, tab.name());
        let path = temp_path(&format!("{tab:?}.png"));
        let _ = std::fs::remove_file(&path);
        h.state_mut().apply(Command::ExportPng(path.clone()), &ctx);
        step_until(&mut h, "the PNG note", |app| {
            app.shell
                .note
                .as_ref()
                .is_some_and(|(n, _)| n.contains(&format!("{tab:?}.png")))
        });
        let (w, h_px, rgba) = decode_png(&path);
        assert_eq!((w, h_px), (1200, 800), "{tab:?}");
        let colored = count_color(&rgba, color);
        assert!(colored > 500, "{tab:?}: {colored} pixels of {color:?}");
        // Not a screenshot of a pane: a light picture, mostly background.
        let light = rgba
            .chunks(4)
            .filter(|p| p[0] > 200 && p[1] > 200 && p[2] > 200)
            .count();
        assert!(
            light > (w * h_px / 4) as usize,
            "{tab:?}: {light} light pixels"
        );
    }
}

/// The app's CSV and the CLI's `--csv` for the same sweep: the same `#` keys, header row
/// and columns; the percent option scales the figures.
#[test]
#[cfg(feature = "cli")]
fn app_and_cli_csv_share_header_and_columns() {
    let mut app = quick_app();
    app.views.of_mut::<MultiOddsView>().inputs_mut().hero = "AKs".into();
    app.views
        .of_mut::<MultiOddsView>()
        .inputs_mut()
        .opponent_counts
        .1 = 2;
    let mut h = harness(app);
    settle(&mut h, "the sweep");
    let options = multiodds::app::CsvOptions::default();
    let app_csv = h.state().current().table_csv(&options).unwrap();
    let out = std::process::Command::new(assert_cmd::cargo::cargo_bin("multiodds"))
        .args([
            "sweep",
            "AKs",
            "--opponents",
            "1-2",
            "--target-se",
            "0.005",
            "--csv",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let cli_csv = String::from_utf8(out.stdout).unwrap();
    let keys = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with('#'))
            .map(|l| l.split(':').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(keys(&app_csv), keys(&cli_csv));
    assert!(keys(&app_csv).contains(&"# seed".to_string()));
    let table = |text: &str| -> (Vec<String>, Vec<Vec<f64>>) {
        let mut reader = csv::ReaderBuilder::new()
            .comment(Some(b'#'))
            .from_reader(text.as_bytes());
        let header = reader.headers().unwrap().iter().map(String::from).collect();
        let rows = reader
            .records()
            .map(|r| {
                let r = r.unwrap();
                // Figures only (n/a cells are empty).
                r.iter()
                    .skip(3)
                    .map(|x| x.parse().unwrap_or(f64::NAN))
                    .collect()
            })
            .collect();
        (header, rows)
    };
    let (app_header, app_rows) = table(&app_csv);
    let (cli_header, cli_rows) = table(&cli_csv);
    assert_eq!(app_header, cli_header);
    assert_eq!(app_rows.len(), 2);
    assert_eq!(cli_rows.len(), 2);
    // Both estimate the same figures: equity at one opponent within a few SE.
    let equity = app_header.iter().position(|c| c == "equity").unwrap() - 3;
    assert!((app_rows[0][equity] - cli_rows[0][equity]).abs() < 0.03);
    let percent = multiodds::app::CsvOptions { percent: true };
    let (_, pct_rows) = table(&h.state().current().table_csv(&percent).unwrap());
    assert!((pct_rows[0][equity] - 100.0 * app_rows[0][equity]).abs() < 1e-3);
}

/// Save As onto an existing file asks first; RunControl keeps the file, Replace writes it.
#[test]
fn save_as_onto_an_existing_file_asks_first() {
    let mut h = harness(quick_app());
    h.run_steps(2);
    let path = temp_path("existing.ron");
    std::fs::write(&path, "old").unwrap();
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        Command::Chosen(multiodds::app::DialogPurpose::SaveAs, path.clone()),
        &ctx,
    );
    h.run_steps(2);
    assert!(h.state().shell.overwrite_asked());
    assert!(shows(&h, "already exists. Replace it?"), "{:?}", texts(&h));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    h.get_by_label("RunControl").click();
    h.run_steps(2);
    assert!(!h.state().shell.overwrite_asked());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
    h.state_mut().apply(
        Command::Chosen(multiodds::app::DialogPurpose::SaveAs, path.clone()),
        &ctx,
    );
    h.run_steps(2);
    h.get_by_label("Replace").click();
    h.run_steps(2);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("hero: \"AKs\""), "{text}");
    let note = &h.state().shell.note.as_ref().expect("a note").0;
    assert!(note.starts_with("Saved to"), "{note}");
    // A new path writes at once.
    let fresh = temp_path("fresh.ron");
    let _ = std::fs::remove_file(&fresh);
    h.state_mut().apply(
        Command::Chosen(multiodds::app::DialogPurpose::SaveAs, fresh.clone()),
        &ctx,
    );
    assert!(fresh.exists() && !h.state().shell.overwrite_asked());
}

/// A save that fails leaves the old file (or directory) as it was and no temporary file,
/// and says why.
#[test]
fn a_failed_save_changes_nothing_and_leaves_no_temporary_file() {
    let mut h = harness(quick_app());
    h.run_steps(2);
    let ctx = h.ctx.clone();
    let dir = temp_path("failed-save");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let entries = |dir: &std::path::Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    // A read-only directory (root ignores permissions, so this half runs for others).
    use std::os::unix::fs::PermissionsExt;
    let old = dir.join("old.ron");
    std::fs::write(&old, "old").unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o555)).unwrap();
    let is_root = std::fs::write(dir.join("probe"), "x").is_ok();
    if !is_root {
        h.state_mut().apply(Command::SaveAs(old.clone()), &ctx);
        let message = h.state_mut().shell.message.take().expect("a message");
        assert!(message.starts_with("Could not save"), "{message}");
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "old");
        assert_eq!(entries(&dir), ["old.ron"]);
    }
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let _ = std::fs::remove_file(dir.join("probe"));
    // A directory where the file should go: the final rename fails, even for root.
    let taken = dir.join("taken.ron");
    std::fs::create_dir_all(taken.join("inside")).unwrap();
    h.state_mut().apply(Command::SaveAs(taken.clone()), &ctx);
    let message = h.state().shell.message.clone().expect("a message");
    assert!(message.starts_with("Could not save"), "{message}");
    assert!(taken.join("inside").is_dir());
    assert_eq!(entries(&dir), ["old.ron", "taken.ron"]);
    assert_eq!(
        h.state().shell.file,
        None,
        "a failed save is not the current file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A job that fails (exact work refused as unaffordable) shows why in its view, at
/// the inputs; the app goes on computing. (A panicking job becomes such a failure: the
/// worker's tests.)
#[test]
fn a_failed_job_shows_an_error_and_the_app_stays_responsive() {
    let mut h = harness(quick_app());
    settle(&mut h, "the first results");
    {
        let i = h.state_mut().views.of_mut::<MultiOddsView>().inputs_mut();
        i.opponents = "random".into();
        i.opponent_counts = (1, 9);
        i.run.mode = multiodds::equity::Method::Exact;
    }
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        Command::ToView(ViewKind::MultiOdds, ViewCommand::Edited),
        &ctx,
    );
    step_until(&mut h, "the error", |app| {
        app.views.of::<MultiOddsView>().errors().whole().is_some()
    });
    let error = h
        .state()
        .views
        .of::<MultiOddsView>()
        .errors()
        .whole()
        .cloned()
        .unwrap();
    assert!(error.contains("exact enumeration would"), "{error}");
    assert!(!h.state().is_running());
    h.run_steps(2);
    assert!(shows(&h, "exact enumeration would"), "{:?}", texts(&h));
    // The app still computes a new input.
    h.state_mut()
        .views
        .of_mut::<MultiOddsView>()
        .inputs_mut()
        .run
        .mode = multiodds::equity::Method::Auto;
    set_field(&mut h, "Hero", "JJ");
    step_until(&mut h, "results after the failure", |app| {
        let v = &app.views.of::<MultiOddsView>();
        !v.tracker().running
            && v.errors().is_empty()
            && v.shown().is_some_and(|s| s.label.starts_with("JJ"))
    });
}

/// At 1000×700 and 1600×1000 every column of every view's table can be scrolled into the
/// window, and the plot keeps its height inside the window.
#[test]
fn every_column_is_reachable_at_1000x700_and_1600x1000() {
    for size in [egui::vec2(1000.0, 700.0), egui::vec2(1600.0, 1000.0)] {
        let mut app = quick_app();
        app.views
            .of_mut::<MultiOddsView>()
            .inputs_mut()
            .opponent_counts
            .1 = 9;
        app.views.of_mut::<MultiOddsView>().figures.win_odds = true;
        app.views.of_mut::<MatchupView>().inputs_mut().seats =
            vec!["AsKs".into(), "5h Tc".into(), "QQ".into()];
        app.views.of_mut::<MatchupView>().inputs_mut().board = "Qs Ts 5c".into();
        let mut h = sized_harness(app, size);
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, size);
        let ctx = h.ctx.clone();
        let columns: [(ViewKind, &[&str]); 2] = [
            (
                ViewKind::MultiOdds,
                &[
                    "opponents",
                    "Win %",
                    "Tie %",
                    "Equity %",
                    "Win odds %",
                    "Hand Strength %",
                    "PPot %",
                    "NPot %",
                    "method",
                    "deals",
                ],
            ),
            (
                ViewKind::Matchup,
                &["seat", "range", "combos", "equity %", "win %", "tie %"],
            ),
        ];
        for (tab, headers) in columns {
            h.state_mut().apply(Command::ShowView(tab), &ctx);
            settle(&mut h, tab.name());
            h.run_steps(2);
            for header in headers {
                let node = h.get_by_label(header);
                node.scroll_to_me();
                h.run_steps(3);
                let rect = h.get_by_label(header).rect();
                assert!(
                    window.contains_rect(rect),
                    "{size:?} {tab:?}: column {header:?} at {rect:?} cannot be brought into view"
                );
            }
        }
        h.state_mut()
            .apply(Command::ShowView(ViewKind::MultiOdds), &ctx);
        h.run_steps(3);
        let plot = h
            .state()
            .views
            .of::<MultiOddsView>()
            .layout_rects()
            .0
            .expect("a plot");
        assert!(plot.height() >= 160.0, "{size:?}: plot {plot:?}");
        // The tables' scroll area (its scroll bars at its edges) lies inside the window.
        let tables = h
            .state()
            .views
            .of::<MultiOddsView>()
            .layout_rects()
            .1
            .expect("the tables");
        assert!(window.contains_rect(tables), "{size:?}: tables {tables:?}");
        assert!(window.contains_rect(plot), "{size:?}: plot {plot:?}");
    }
}

/// The board picker keeps the order cards were clicked in (the turn after the flop) and
/// disables cards another field holds.
#[test]
fn the_card_picker_keeps_click_order_and_disables_taken_cards() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "As Ks");
    h.get_by_label("Pick board cards").click();
    h.run_steps(2);
    for card in ["Qh", "2c", "Jd", "9s"] {
        h.get_by_label(card).click();
        h.run_steps(2);
    }
    assert_eq!(
        h.state().views.of::<MultiOddsView>().inputs().board,
        "Qh 2c Jd 9s"
    );
    // The hero's cards cannot go on the board.
    assert!(h.get_by_label("As").accesskit_node().is_disabled());
    assert!(!h.get_by_label("Ah").accesskit_node().is_disabled());
    // Clicking a board card again takes it off, the others keep their order.
    h.get_by_label("2c").click();
    h.run_steps(2);
    assert_eq!(
        h.state().views.of::<MultiOddsView>().inputs().board,
        "Qh Jd 9s"
    );
}

/// A range saved in the library comes back from its menu, and is kept in the state.
#[test]
fn the_range_library_saves_and_restores_a_named_range() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "TT+, AQs+");
    h.query_all_by_label("Library").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label("Name").focus();
    h.run_steps(1);
    h.get_by_label("Name").type_text("my value range");
    h.run_steps(1);
    h.get_by_label("Save this range").click();
    h.run_steps(2);
    let saved = &h.state().shell.ranges;
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].name, "my value range");
    assert_eq!(saved[0].text, "TT+, AQs+");
    assert_eq!(h.state().state().ranges, *saved);
    set_field(&mut h, "Hero", "72o");
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    h.query_all_by_label("Library").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label("my value range").click();
    h.run_steps(2);
    assert_eq!(
        h.state().views.of::<MultiOddsView>().inputs().hero,
        "TT+, AQs+"
    );
    // A preset fills the field too.
    h.query_all_by_label("Library").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label("Sklansky groups 1-2").click();
    h.run_steps(2);
    assert_eq!(h.state().views.of::<MultiOddsView>().inputs().hero, "G1-G2");
    // The same name again asks first: Enter alone does not replace the saved range,
    // the button that says so does.
    h.query_all_by_label("Library").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label("Name").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Name").type_text("my value range");
    h.run_steps(1);
    assert!(shows_in(&h, "is saved: replace it?"), "{:?}", all_texts(&h));
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().shell.ranges[0].text, "TT+, AQs+");
    if h.query_by_label("Replace the saved range").is_none() {
        h.query_all_by_label("Library").next().unwrap().click();
        h.run_steps(2);
    }
    h.get_by_label("Replace the saved range").click();
    h.run_steps(2);
    let saved = &h.state().shell.ranges;
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].text, "G1-G2");
}

/// Ctrl+Z (with no text field focused) restores the input before the last edit, and
/// Ctrl+Shift+Z brings the edit back.
#[test]
fn undo_restores_the_previous_input() {
    let mut h = harness(quick_app());
    settle(&mut h, "the first results");
    set_field(&mut h, "Hero", "QQ");
    step_until(&mut h, "QQ's results", |app| {
        let v = &app.views.of::<MultiOddsView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.starts_with("QQ"))
    });
    h.ctx.memory_mut(|m| {
        if let Some(id) = m.focused() {
            m.surrender_focus(id)
        }
    });
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(2);
    assert_eq!(h.state().views.of::<MultiOddsView>().inputs().hero, "AKs");
    step_until(&mut h, "AKs computed again", |app| {
        let v = &app.views.of::<MultiOddsView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.starts_with("AKs"))
    });
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(2);
    assert_eq!(h.state().views.of::<MultiOddsView>().inputs().hero, "QQ");
}

/// Escape closes a file dialog; F10 opens the File menu.
#[test]
fn escape_closes_a_dialog_and_f10_opens_the_menu() {
    let mut h = harness(quick_app());
    h.run_steps(2);
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        Command::OpenDialog(multiodds::app::DialogPurpose::Open),
        &ctx,
    );
    h.run_steps(2);
    assert!(h.state().shell.dialog_open());
    assert!(shows(&h, "Open scenario"), "{:?}", texts(&h));
    h.key_press(egui::Key::Escape);
    h.run_steps(3);
    assert!(!h.state().shell.dialog_open());
    assert!(!shows(&h, "Save As…"));
    h.key_press(egui::Key::F10);
    h.run_steps(3);
    assert!(shows(&h, "Save As…"), "the File menu: {:?}", texts(&h));
}

/// A hostile saved state (a huge export size, a flood of saved ranges, giant names)
/// is trimmed on start, and the app still draws.
#[test]
fn a_hostile_saved_state_is_trimmed() {
    let mut state = multiodds::app::State {
        png_size: [u32::MAX, 0],
        ..Default::default()
    };
    for i in 0..10_000 {
        state.ranges.push(multiodds::app::library::NamedRange {
            name: format!("r{i}"),
            text: "AA".into(),
        });
    }
    state.ranges.push(multiodds::app::library::NamedRange {
        name: "x".repeat(100_000),
        text: "KK".into(),
    });
    let app = MultiOddsApp::restored(state, Some(1));
    assert_eq!(app.shell.png_size, [4096, 16]);
    assert_eq!(app.shell.ranges.len(), multiodds::app::library::MAX_SAVED);
    assert!(app.shell.ranges.iter().all(|r| r.name.len() <= 200));
    let mut h = harness(app);
    h.run_steps(3);
    assert!(shows(&h, "MultiOdds view"));
}

/// A running chart streams one class at a time; a new job starts a new chart (no cell of
/// the old board survives an edit).
#[test]
fn an_edited_chart_starts_afresh() {
    let mut app = quick_app();
    app.view = ViewKind::Chart;
    app.views.of_mut::<ChartView>().inputs_mut().board = "Ah Kd 7c 7s 2h".into();
    let mut h = harness(app);
    let done = |app: &MultiOddsApp| {
        !app.views.of::<ChartView>().tracker().running
            && app
                .views
                .of::<ChartView>()
                .shown()
                .is_some_and(|c| c.done == 169)
    };
    step_until(&mut h, "the first chart", done);
    let aa = multiodds::range::HandClass::all()
        .find(|c| c.to_string() == "AA")
        .unwrap();
    let equity = |app: &MultiOddsApp| {
        app.views.of::<ChartView>().shown().unwrap().cells[aa.index()]
            .as_ref()
            .unwrap()[0]
            .equity
    };
    let before = equity(h.state());
    let ctx = h.ctx.clone();
    h.state_mut().views.of_mut::<ChartView>().inputs_mut().board = "2c 3d 8h 9s Js".into();
    h.state_mut()
        .apply(Command::ToView(ViewKind::Chart, ViewCommand::Edited), &ctx);
    step_until(&mut h, "the new chart's first classes", |app| {
        app.views.of::<ChartView>().tracker().running
            && app
                .views
                .of::<ChartView>()
                .shown()
                .is_some_and(|c| c.done < 169)
    });
    step_until(&mut h, "the new chart", done);
    // AA: trips on the first board, an overpair on the second.
    assert!((equity(h.state()) - before).abs() > 0.01, "{before}");
}

/// Every view checks its own saved inputs, reached through the registry: the Flops
/// view's (which the shell's list once missed) start from their defaults when they do
/// not validate, a Hand view whose street has no equity keeps its text, and the
/// message names the view reset, no other.
#[test]
fn each_view_checks_its_saved_inputs() {
    let defaults = multiodds::scenario::Scenario::default();
    // Defaults hold everywhere: no message.
    let app = MultiOddsApp::restored(multiodds::app::State::default(), Some(1));
    assert_eq!(app.shell.message, None);
    let mut state = multiodds::app::State::default();
    state.scenario.flops.range1 = "AA, ZZ".into();
    state.scenario.hand.text = "not a hand, but the user's text".into();
    state.scenario.matchup.seats = vec!["QQ".into(), "JJ".into()];
    let app = MultiOddsApp::restored(state, Some(1));
    let flops = app.views.get(ViewKind::Flops).snapshot();
    assert_eq!(flops.flops, defaults.flops);
    assert_eq!(
        app.views.get(ViewKind::Hand).snapshot().hand.text,
        "not a hand, but the user's text"
    );
    assert_eq!(app.views.of::<MatchupView>().inputs().seats, ["QQ", "JJ"]);
    let message = app.shell.message.clone().unwrap_or_default();
    assert!(message.contains("Flops view"), "{message}");
    assert!(
        !message.contains("Hand view") && !message.contains("Matchup view"),
        "{message}"
    );
}

/// Saved run settings a person could not have set (a NaN precision, a memory budget
/// out of range) no longer stop the app from starting: that view's run settings take
/// their defaults, its other inputs stay, the message says so, and a run starts.
#[test]
fn saved_numbers_out_of_range_take_their_defaults_and_run() {
    let mut state = multiodds::app::State::default();
    state.scenario.multiodds.run.target_se = f64::NAN;
    state.scenario.multiodds.hero = "QQ".into();
    state.scenario.matchup.run.memory_budget_mb = 5;
    let app = MultiOddsApp::restored(state, Some(2));
    let defaults = multiodds::scenario::Scenario::default();
    let m = &app.views.of::<MultiOddsView>().inputs();
    assert_eq!(m.run, defaults.multiodds.run);
    assert_eq!(m.hero, "QQ");
    assert_eq!(
        app.views.of::<MatchupView>().inputs().run,
        defaults.matchup.run
    );
    let message = app.shell.message.clone().unwrap_or_default();
    assert!(
        message.contains("MultiOdds view's run settings")
            && message.contains("Matchup view's run settings"),
        "{message}"
    );
    let mut h = harness(app);
    step_until(&mut h, "a run from the restored inputs", |app| {
        app.views.of::<MultiOddsView>().has_result()
    });
    // A NaN target given straight to the settings is safe too.
    let run = multiodds::scenario::RunInputs {
        target_se: f64::NAN,
        ..Default::default()
    };
    assert_eq!(
        run.settings().target_se,
        multiodds::scenario::RunInputs::default().target_se
    );
}

/// Storage for [`MultiOddsApp::from_storage`]: one key, as eframe keeps it.
struct SavedText(Option<String>);

impl eframe::Storage for SavedText {
    fn get_string(&self, key: &str) -> Option<String> {
        (key == eframe::APP_KEY).then(|| self.0.clone()).flatten()
    }
    fn set_string(&mut self, _key: &str, value: String) {
        self.0 = Some(value);
    }
    fn remove_string(&mut self, _key: &str) {
        self.0 = None;
    }
    fn flush(&mut self) {}
}

/// One wrong-typed field (as after a release changes a field's type) costs only that
/// field: the user's named ranges and other inputs survive, the state file is backed
/// up beside itself before anything can overwrite it, and the message names both.
#[test]
fn a_wrong_typed_saved_field_keeps_the_ranges_and_leaves_a_backup() {
    let mut state = multiodds::app::State::default();
    state.scenario.multiodds.hero = "JJ+".into();
    state.ranges.push(multiodds::app::library::NamedRange {
        name: "my 3-bet".into(),
        text: "QQ+,AKs".into(),
    });
    let good = ron::to_string(&state).unwrap();
    let text = good.replacen("seed:1", "seed:\"one\"", 1);
    assert_ne!(text, good);
    let dir = std::env::temp_dir().join(format!("multiodds-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("app.ron");
    std::fs::write(&file, format!("{{\"app\":{text:?}}}")).unwrap();
    let storage = SavedText(Some(text));
    let app = MultiOddsApp::from_storage(Some(&storage), Some(&file), Some(1));
    assert_eq!(app.shell.ranges, state.ranges);
    assert_eq!(app.views.of::<MultiOddsView>().inputs().hero, "JJ+");
    let message = app.shell.message.clone().unwrap();
    assert!(message.contains("multiodds.run.seed"), "{message}");
    assert_eq!(
        app.views.of::<MultiOddsView>().inputs().run.seed,
        1,
        "the default seed"
    );
    let backups: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("app.ron.backup-"))
        .collect();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert!(
        message.contains(&backups[0].display().to_string()),
        "{message}"
    );
    assert_eq!(
        std::fs::read(&backups[0]).unwrap(),
        std::fs::read(&file).unwrap()
    );
    // A state that reads whole leaves no backup and says nothing.
    let clean = MultiOddsApp::from_storage(Some(&SavedText(Some(good))), Some(&file), Some(1));
    assert!(clean.shell.message.is_none(), "{:?}", clean.shell.message);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A whole weighted export pasted (40 KB, every combo with a six-decimal weight) is
/// taken whole and computed; a paste that would take the field past the longest range
/// text is refused whole, with the limit named at the field, and the text stays as it
/// was: nothing is ever cut.
#[test]
fn a_long_paste_is_taken_whole_or_refused_whole() {
    let mut h = harness(quick_app());
    settle(&mut h, "the first results");
    let export: Vec<String> = multiodds::range::Combo::all()
        .enumerate()
        .map(|(i, c)| {
            let p = format!("{:.4}", ((i * 7919) % 999_999 + 1) as f64 / 1e4);
            format!("[{p}]{c}[/{p}]")
        })
        .collect();
    let export = export.join(", ");
    assert!(export.len() > 30_000, "{}", export.len());
    let paste = |h: &mut Harness<'static, MultiOddsApp>, text: &str| {
        h.get_by_label("Opponents").focus();
        h.step();
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
        h.step();
        h.event(egui::Event::Paste(text.into()));
        h.run_steps(2);
    };
    paste(&mut h, &export);
    let opponents = |h: &Harness<'static, MultiOddsApp>| {
        h.state()
            .views
            .of::<MultiOddsView>()
            .inputs()
            .opponents
            .clone()
    };
    assert_eq!(opponents(&h), export);
    step_until(&mut h, "the export's results", |app| {
        let v = app.views.of::<MultiOddsView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.len() > 20_000)
    });
    // Past the limit: refused whole, the field unchanged, the limit named.
    let novel = "QQ+, ".repeat(60_000);
    paste(&mut h, &novel);
    assert_eq!(opponents(&h), export);
    h.get_by_label_contains(
        "Nothing pasted: the text would be 300000 bytes, and a field takes at most 262144 bytes",
    );
    // A saved state with a longer field starts that view from its defaults.
    let mut state = multiodds::app::State::default();
    state.scenario.multiodds.opponents = novel;
    let app = MultiOddsApp::restored(state, Some(1));
    assert_eq!(app.views.of::<MultiOddsView>().inputs().opponents, "random");
    assert!(app.shell.message.unwrap().contains("MultiOdds view"));
}

/// "Copy table as text" puts the table on the system clipboard tab-separated (it pastes
/// into a spreadsheet as cells), header row first, without the `#` block, and says so.
#[test]
fn copy_table_as_text_is_tab_separated() {
    let mut h = harness(quick_app());
    step_until(&mut h, "the first result", |app| {
        !app.views.of::<MultiOddsView>().tracker().running
            && app.views.of::<MultiOddsView>().has_result()
    });
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::CopyTable, &ctx);
    h.step();
    let copied = copied_texts(&h);
    let text = copied.last().expect("a copy command");
    let mut lines = text.lines();
    // First a line saying what the table is (one cell), then the table.
    let title = lines.next().unwrap();
    assert!(
        title.starts_with("view: MultiOdds · inputs: AKs vs random — preflop · "),
        "{title}"
    );
    assert!(!title.contains('\t') && !title.contains("date"), "{title}");
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    assert_eq!(header[0], "opponents", "{text}");
    assert!(header.len() > 5);
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 3, "{text}");
    assert!(rows.iter().all(|r| r.len() == header.len()));
    assert!(!text.contains('#') && !text.contains(','), "{text}");
    assert!(h
        .state()
        .shell
        .note
        .as_ref()
        .unwrap()
        .0
        .starts_with("Copied the table (3 rows"));
    // Quoted fields with commas stay one cell.
    assert_eq!(
        multiodds::app::tab_separated("# a\nx,\"y, z\"\n1,2\n"),
        "x\ty, z\n1\t2\n"
    );
}

/// Two clicks on "Add seat" add two seats: the button stays where it is (it used to
/// move down, and the second click removed a seat).
#[test]
fn two_clicks_on_add_seat_add_two_seats() {
    let mut app = quick_app();
    app.view = ViewKind::Matchup;
    let mut h = harness(app);
    h.run_steps(2);
    let before = h.get_by_label("Add seat").rect();
    h.get_by_label("Add seat").click();
    h.run_steps(2);
    assert_eq!(
        h.get_by_label("Add seat").rect(),
        before,
        "the button stays put"
    );
    h.get_by_label("Add seat").click();
    h.run_steps(2);
    assert_eq!(h.state().views.of::<MatchupView>().inputs().seats.len(), 4);
    assert!(shows(&h, "4 of 23 seats"));
}

/// Every input of every view, set to something other than its default, is saved and
/// restored exactly by Save As and Open in a fresh app (precision, potential target,
/// opponent counts, seats, weights, dead cards, time and memory budgets, seed, the
/// chart's shown count and figure), and the file opens on the view it was saved from.
#[test]
fn save_as_then_open_in_a_fresh_app_restores_every_view() {
    use multiodds::equity::Method;
    use multiodds::scenario::{ChartFigure, RunInputs};
    let run = |seed| RunInputs {
        mode: Method::MonteCarlo,
        target_se: 0.0015,
        potential_target_se: 0.01,
        time_budget_ms: 3_500,
        memory_budget_mb: 256,
        seed,
    };
    let mut app = quick_app();
    {
        let m = app.views.of_mut::<MultiOddsView>().inputs_mut();
        m.hero = "QQ+, AKs:0.5".into();
        m.opponents = "22+, A2s+".into();
        m.opponent_counts = (2, 4);
        m.board = "Ah 7d 2c".into();
        m.dead = "Ks".into();
        m.run = run(11);
    }
    {
        let m = app.views.of_mut::<MatchupView>().inputs_mut();
        m.seats = vec!["AsKs".into(), "TT+:0.7, AQs".into(), "random".into()];
        m.board = "Qs Ts 5c".into();
        m.dead = "2d 3d".into();
        m.run = run(12);
    }
    {
        let c = app.views.of_mut::<ChartView>().inputs_mut();
        c.opponents = "TT+, AQ+".into();
        c.dead = "2c".into();
        c.opponent_counts = (1, 3);
        c.shown_opponents = 2;
        c.figure = ChartFigure::WinOdds;
        c.run = RunInputs {
            mode: Method::Auto,
            ..run(13)
        };
    }
    *app.views
        .of_mut::<multiodds::app::range_view::RangeView>()
        .inputs_mut() = multiodds::scenario::RangeInputs {
        range: "QQ+, AKs:0.5".into(),
        vs: vec!["AA, KK".into(), "random".into()],
        board: "Ah 7d 2c 9s".into(),
        dead: "3c".into(),
        ..Default::default()
    };
    app.view = ViewKind::Matchup;
    let before: Vec<_> = app.views.iter().map(|v| v.snapshot()).collect();
    let mut h = harness(app);
    let path = temp_path("every-view.ron");
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveAs(path.clone()), &ctx);
    let mut fresh = harness(MultiOddsApp::with_threads(Some(2)));
    let ctx = fresh.ctx.clone();
    fresh.state_mut().apply(Command::Open(path.clone()), &ctx);
    let after: Vec<_> = fresh.state().views.iter().map(|v| v.snapshot()).collect();
    assert_eq!(after, before);
    assert_eq!(fresh.state().view, ViewKind::Matchup);
    let m = &fresh.state().views.of::<MultiOddsView>().inputs();
    assert_eq!(
        (
            m.opponent_counts,
            m.run.target_se,
            m.run.potential_target_se
        ),
        ((2, 4), 0.0015, 0.01)
    );
    let c = &fresh.state().views.of::<ChartView>().inputs();
    assert_eq!((c.shown_opponents, c.figure), (2, ChartFigure::WinOdds));
    let _ = std::fs::remove_file(&path);
}

/// `multiodds run FILE --json` on a file the app saved computes the job the app ran:
/// the same figures for the same seed.
#[test]
fn the_cli_runs_a_file_saved_by_the_app_to_the_same_figures() {
    let mut app = quick_app();
    {
        let m = app.views.of_mut::<MatchupView>().inputs_mut();
        m.seats = vec!["AKs".into(), "QQ, JJ".into(), "22+".into()];
        m.run.mode = multiodds::equity::Method::MonteCarlo;
        m.run.target_se = 0.003;
        m.run.time_budget_ms = 0;
        m.run.seed = 5;
    }
    app.view = ViewKind::Matchup;
    let mut h = harness(app);
    step_until(&mut h, "the matchup", |app| {
        let v = app.views.of::<MatchupView>();
        !v.tracker().running && v.has_result()
    });
    let shown = h
        .state()
        .views
        .of::<MatchupView>()
        .shown()
        .cloned()
        .unwrap();
    let path = temp_path("cli-run.ron");
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveAs(path.clone()), &ctx);
    let out = assert_cmd::Command::cargo_bin("multiodds")
        .unwrap()
        .args(["run", path.to_str().unwrap(), "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["deals"].as_u64(), Some(shown.result.deals));
    assert_eq!(json["seed"].as_u64(), Some(5));
    let players = json["players"].as_array().unwrap();
    assert_eq!(players.len(), 3);
    for (p, seat) in players.iter().zip(&shown.result.seats) {
        // JSON prints six decimals.
        assert!(
            (p["equity"].as_f64().unwrap() - seat.equity).abs() < 1e-6,
            "{p} {seat:?}"
        );
        assert!((p["win"].as_f64().unwrap() - seat.win).abs() < 1e-6);
    }
    let _ = std::fs::remove_file(&path);
}

/// Every registered view has its tab, shows when its tab is clicked, and is the view
/// the app comes back on after its state is saved and restored.
#[test]
fn every_registered_view_has_a_tab_and_persists() {
    let mut h = harness(quick_app());
    let kinds: Vec<ViewKind> = h.state().views.kinds().collect();
    assert_eq!(kinds, ViewKind::ALL);
    for kind in kinds {
        // The tab comes first (the menu bar is drawn before the panels and their headings).
        h.query_all_by_label(kind.name())
            .next()
            .expect("a tab")
            .click();
        h.step();
        h.step();
        assert_eq!(h.state().view, kind);
        let state = h.state().state();
        assert_eq!(state.view, kind);
        let back = MultiOddsApp::from_state(state, Some(1));
        assert_eq!(back.view, kind);
        for (a, b) in back.views.iter().zip(h.state().views.iter()) {
            assert_eq!(a.snapshot(), b.snapshot(), "{}", a.name());
        }
    }
}

/// File → New starts a new scenario: every view back to its defaults (Save writes them
/// all), not only the one on screen.
#[test]
fn new_resets_every_view() {
    let mut app = quick_app();
    app.views
        .of_mut::<MatchupView>()
        .inputs_mut()
        .seats
        .push("22+".into());
    app.views.of_mut::<ChartView>().inputs_mut().board = "Ah Kd 7c".into();
    let mut h = harness(app);
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::New, &ctx);
    let defaults = multiodds::scenario::Scenario::default();
    assert_eq!(
        *h.state().views.of::<MatchupView>().inputs(),
        defaults.matchup
    );
    assert_eq!(*h.state().views.of::<ChartView>().inputs(), defaults.chart);
    assert_eq!(
        *h.state().views.of::<MultiOddsView>().inputs(),
        defaults.multiodds
    );
}

/// The Range view computes its inputs when shown; a breakdown line selects its combos
/// (outlined on the grid), "Keep only these" edits the range and Undo restores it; the
/// equity curve, the class grid and the next-card table draw; its exports decode.
#[test]
fn the_range_view_selects_keeps_and_undoes() {
    use multiodds::app::range_view::{LineKey, RangeView};
    use multiodds::equity::breakdown::MadeHand;
    let mut h = range_view_harness();
    let before = h.state().views.of::<RangeView>().inputs().range.clone();
    let a = h.state().views.of::<RangeView>().shown().unwrap().clone();
    let b = a
        .breakdown
        .as_ref()
        .unwrap()
        .holdem()
        .expect("Hold'em's lines");
    // The default: 22+, A2s+, KTs+, QTs+, JTs, ATo+ on Kd 7c 2s against TT+, AQ+.
    let sets = b.made.iter().find(|(m, _)| *m == MadeHand::Set).unwrap().1;
    assert_eq!(sets.combos, 9);
    assert!(a.by_hand.is_ok() && a.next.is_ok());
    h.run_steps(2);
    for text in [
        "What the range holds",
        "Equity by combo",
        "Next card",
        "Set",
        "Kh ",
    ] {
        assert!(shows(&h, text), "{text}: {:?}", texts(&h));
    }
    // Select the sets, keep only them.
    let ctx = h.ctx.clone();
    let set_line = LineKey::all()
        .position(|k| k == LineKey::Made(MadeHand::Set))
        .unwrap();
    h.state_mut().apply(
        Command::ToView(ViewKind::Range, ViewCommand::Select(set_line)),
        &ctx,
    );
    assert_eq!(h.state().views.of::<RangeView>().selected_combos().len(), 9);
    h.get_by_label("Keep only these").click();
    h.run_steps(3);
    let kept = h.state().views.of::<RangeView>().inputs().range.clone();
    assert_ne!(kept, before);
    // Whole classes where every live combo of a class is kept: the nine sets on
    // Kd 7c 2s are KK, 77 and 22 (the combos holding a board card come along, dead).
    assert_eq!(kept, "KK, 77, 22");
    step_until(&mut h, "the kept range's analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running
            && v.shown()
                .and_then(|a| a.breakdown.as_ref().ok())
                .is_some_and(|b| b.hands() == 9)
    });
    h.state_mut().apply(Command::Undo, &ctx);
    assert_eq!(h.state().views.of::<RangeView>().inputs().range, before);
    // Exports: the CSV parses back; the PNG decodes at the chosen size.
    step_until(&mut h, "the restored analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running && v.has_result() && !v.tracker().stale
    });
    let csv = h
        .state()
        .current()
        .table_csv(&multiodds::app::CsvOptions::default())
        .unwrap();
    let body: String = csv
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    assert!(rows
        .iter()
        .any(|r| &r[0] == "made" && &r[1] == "set" && &r[2] == "9"));
    assert!(rows.iter().filter(|r| &r[0] == "next_card").count() == 49);
    let path = temp_path("range.png");
    h.state_mut().apply(Command::ExportPng(path.clone()), &ctx);
    let start = Instant::now();
    while !path.exists() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
        h.step();
    }
    let (w, hgt, _) = decode_png(&path);
    assert_eq!((w, hgt), (1600, 1000));
    let _ = std::fs::remove_file(&path);
}

/// "Send to Range view" carries the MultiOdds view's hero, opponents and board over and
/// shows the Range view computing them.
#[test]
fn send_to_range_view_carries_the_inputs() {
    use multiodds::app::range_view::RangeView;
    let mut app = quick_app();
    app.views.of_mut::<MultiOddsView>().inputs_mut().hero = "QQ+, AKs".into();
    app.views.of_mut::<MultiOddsView>().inputs_mut().board = "Jh 4c 3h".into();
    let mut h = harness(app);
    h.run_steps(2);
    h.get_by_label("Send to Range view").click();
    h.run_steps(2);
    assert_eq!(h.state().view, ViewKind::Range);
    let r = &h.state().views.of::<RangeView>().inputs();
    assert_eq!(
        (r.range.as_str(), r.board.as_str()),
        ("QQ+, AKs", "Jh 4c 3h")
    );
    assert_eq!(r.vs, ["random"]);
    step_until(&mut h, "the range analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running && v.shown().is_some_and(|a| a.by_hand.is_ok())
    });
}

/// Clicking the library's Name field keeps the menu open (a click inside the menu no
/// longer closes it), and Enter saves the range typed after it.
#[test]
fn library_name_field_takes_a_click_and_enter_saves() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "TT+, AQs+");
    h.query_all_by_label("Library").next().unwrap().click();
    h.run_steps(2);
    h.get_by_label("Name").click();
    h.run_steps(2);
    h.get_by_label("Name").type_text("clicked name");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(2);
    let saved = &h.state().shell.ranges;
    assert_eq!(saved.len(), 1, "the menu stayed open and Enter saved");
    assert_eq!(saved[0].name, "clicked name");
    assert_eq!(saved[0].text, "TT+, AQs+");
}

/// One or two board cards are not called a flop.
#[test]
fn a_partial_board_is_not_called_a_flop() {
    let cards = |t: &str| multiodds::cards::parse_card_list(t).unwrap();
    assert_eq!(
        multiodds::app::widgets::streets(&cards("9d 6c")),
        "partial board 9d 6c (a flop is 3 cards)"
    );
    assert_eq!(
        multiodds::app::widgets::streets(&cards("Qh 2c Jd 9s")),
        "flop Qh 2c Jd · turn 9s"
    );
}

/// A third seat in the Range view: equity by combo and the next card against both other
/// ranges (exact, one enumeration per combo and per card).
#[test]
fn the_range_view_takes_more_seats() {
    use multiodds::app::range_view::RangeView;
    let mut app = quick_app();
    app.view = ViewKind::Range;
    *app.views.of_mut::<RangeView>().inputs_mut() = multiodds::scenario::RangeInputs {
        range: "QQ+, AKs".into(),
        vs: vec!["TT+, AQs+".into()],
        board: "Jh 4c 3h 9s".into(),
        dead: String::new(),
        ..Default::default()
    };
    let mut h = harness(app);
    step_until(&mut h, "the heads-up analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running && v.has_result()
    });
    h.get_by_label("Add seat").click();
    h.run_steps(2);
    assert_eq!(h.state().views.of::<RangeView>().inputs().vs.len(), 2);
    step_until(&mut h, "the three-seat analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running
            && v.shown().is_some_and(|a| {
                a.next
                    .as_ref()
                    .is_ok_and(|n| n.first().is_some_and(|c| c.equity.len() == 3))
            })
    });
    let a = h.state().views.of::<RangeView>().shown().unwrap().clone();
    let r = a.by_hand.as_ref().unwrap();
    let p: f64 = a
        .next
        .as_ref()
        .unwrap()
        .iter()
        .map(|n| n.probability * n.equity[0])
        .sum();
    assert!((p - r.equity()).abs() < 1e-9, "{p} {}", r.equity());
}

/// An exported MultiOdds plot with a pinned baseline names it, as the window does: the
/// caption's colour is in the picture with a pin, far more than without one.
#[test]
fn an_exported_plot_names_its_pinned_curves() {
    let caption = multiodds::app::multiodds::plot::PINNED_COLOR;
    let rgb = [caption.r(), caption.g(), caption.b()];
    let mut h = harness(quick_app());
    settle(&mut h, "the first results");
    let ctx = h.ctx.clone();
    let export = |h: &mut Harness<'static, MultiOddsApp>, name: &str| {
        let path = temp_path(name);
        let _ = std::fs::remove_file(&path);
        h.state_mut().apply(Command::ExportPng(path.clone()), &ctx);
        step_until(h, "the PNG note", |app| {
            app.shell
                .note
                .as_ref()
                .is_some_and(|(n, _)| n.contains(name))
        });
        let (_, _, rgba) = decode_png(&path);
        let _ = std::fs::remove_file(&path);
        count_color(&rgba, rgb)
    };
    let plain = export(&mut h, "plain-plot.png");
    h.state_mut()
        .apply(Command::ToView(ViewKind::MultiOdds, ViewCommand::Pin), &ctx);
    h.run_steps(2);
    let with_pin = export(&mut h, "with-pin.png");
    assert!(
        with_pin > plain + 20,
        "{with_pin} against {plain} pixels of the caption's colour"
    );
}

/// A press and release within one frame (a touchpad's tap-to-click) toggles a grid
/// cell, as a slower click does; a slow click still toggles it once.
#[test]
fn a_quick_click_toggles_a_grid_cell() {
    use multiodds::app::grid::{range_grid, GridState};
    let mut h = Harness::new_ui_state(
        |ui, (text, grid): &mut (String, GridState)| {
            range_grid(ui, text, grid, multiodds::cards::CardSet::default());
        },
        (String::new(), GridState::default()),
    );
    h.run();
    let rect = h.state().1.rect().expect("drawn");
    let cell = rect.width() / 13.0;
    let kk = rect.min + egui::vec2(1.5 * cell, 1.5 * cell);
    let tap = |h: &mut Harness<'static, (String, GridState)>| {
        h.hover_at(kk);
        h.run();
        for pressed in [true, false] {
            h.input_mut().events.push(egui::Event::PointerButton {
                pos: kk,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: egui::Modifiers::NONE,
            });
        }
        h.run();
    };
    tap(&mut h);
    assert_eq!(h.state().0, "KK");
    tap(&mut h);
    assert_eq!(h.state().0, "");
    // A slow click (press, a frame, release) toggles once, not twice.
    h.drag_at(kk);
    h.run();
    h.drop_at(kk);
    h.run();
    assert_eq!(h.state().0, "KK");
}

/// A range field's Copy menu puts the range on the clipboard in the notation of the
/// tool chosen: MultiOdds' `0.5(AKs)`, Equilab's `[50]AKs[/50]`, PokerStove's classes.
#[test]
fn copy_range_writes_the_notation_of_the_tool_named() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "QQ+, AKs:0.5");
    h.run_steps(2);
    for (item, expected) in [
        ("MultiOdds, eval7: 0.4(AKs)", "QQ+, 0.5(AKs)"),
        ("Equilab: [40]AKs[/40]", "QQ+, [50]AKs[/50]"),
        ("PokerStove: no weights", "QQ+, AKs"),
    ] {
        // The Hero field's Copy comes first.
        h.query_all_by_label("Copy")
            .next()
            .expect("a Copy menu")
            .click();
        h.run_steps(2);
        h.get_by_label(item).click();
        h.step();
        let copied = copied_texts(&h);
        assert_eq!(copied.last().map(String::as_str), Some(expected), "{item}");
    }
}

/// Stop keeps what an exact run had enumerated: the partial result is shown, says it is
/// partial and not final, and the status line says stopped.
#[test]
fn stop_keeps_the_enumerated_part_of_an_exact_run() {
    let mut app = quick_app();
    {
        let m = app.views.of_mut::<MatchupView>().inputs_mut();
        m.seats = vec!["AsKs".into(), "random".into()];
        m.dead = "2c".into();
        m.run.mode = multiodds::equity::Method::Exact;
    }
    app.view = ViewKind::Matchup;
    let mut h = harness(app);
    step_until(&mut h, "the exact run to start", |app| {
        app.views.of::<MatchupView>().tracker().running
    });
    std::thread::sleep(Duration::from_millis(400));
    h.step();
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(Command::ToView(ViewKind::Matchup, ViewCommand::Stop), &ctx);
    step_until(&mut h, "the partial result", |app| {
        app.views
            .of::<MatchupView>()
            .shown()
            .is_some_and(|s| s.result.status.fraction_done.is_some())
    });
    let v = h.state().views.of::<MatchupView>();
    let s = v.shown().unwrap();
    let why = s.result.status.describe();
    assert!(why.contains("partial, not final"), "{why}");
    assert!(
        !v.tracker().stale,
        "the partial result belongs to these inputs"
    );
    let status = v.status();
    assert_eq!(status.phase, "stopped");
    assert!(status.detail.unwrap_or_default().contains("partial"));
    // Never in the colour or words of a final exact result: the header says PARTIAL with
    // the share enumerated, the figures carry "~", and the export says so too.
    h.run_steps(2);
    assert!(shows(&h, "exact, PARTIAL: "), "{:?}", texts(&h));
    assert!(shows(&h, "enumerated, not final"));
    assert!(texts(&h).iter().any(|t| t.starts_with('~')));
    // The hand-type table under the figures says it too.
    assert!(
        texts(&h)
            .iter()
            .any(|t| t.starts_with("Seat 1: the hands it wins or ties with (PARTIAL: ")),
        "{:?}",
        texts(&h)
    );
    let csv = h
        .state()
        .current()
        .table_csv(&multiodds::app::CsvOptions::default())
        .unwrap();
    assert!(csv.contains(",exact_partial,"), "{csv}");
    assert!(csv.contains("# method: exact_partial"), "{csv}");
}

/// An error of two fields shows under both: a known hero hand holding a dead card is
/// named under Hero and under Dead cards.
#[test]
fn a_card_in_two_places_shows_at_both_fields() {
    let mut h = harness(quick_app());
    set_field(&mut h, "Hero", "Ah Kh");
    set_field(&mut h, "Dead cards", "Ah");
    h.run_steps(3);
    let v = h.state().views.of::<MultiOddsView>();
    let at_hero = v.errors().at("hero").cloned().unwrap_or_default();
    let at_dead = v.errors().at("dead").cloned().unwrap_or_default();
    assert!(
        at_hero.contains("Ah is in the hero and in the dead cards"),
        "{at_hero}"
    );
    assert_eq!(at_hero, at_dead);
    assert!(shows(&h, "Ah is in the hero and in the dead cards"));
}

/// Up to four pinned baselines, each with its caption and line style; a fifth drops the
/// oldest; the CSV names each; "Unpin all" clears them.
#[test]
fn four_pins_with_captions_in_the_window_and_the_csv() {
    let mut h = harness(quick_app());
    let pin_after = |h: &mut Harness<'static, MultiOddsApp>, hero: &str| {
        set_field(h, "Hero", hero);
        let hero = hero.to_string();
        step_until(h, "the results", move |app| {
            let v = app.views.of::<MultiOddsView>();
            !v.tracker().running && v.shown().is_some_and(|s| s.label.starts_with(&hero))
        });
        let ctx = h.ctx.clone();
        h.state_mut()
            .apply(Command::ToView(ViewKind::MultiOdds, ViewCommand::Pin), &ctx);
        h.run_steps(2);
    };
    for hero in ["AKs", "QQ", "JJ", "72o", "55"] {
        pin_after(&mut h, hero);
    }
    let labels: Vec<String> = h
        .state()
        .views
        .of::<MultiOddsView>()
        .pinned()
        .iter()
        .map(|p| p.label.clone())
        .collect();
    assert_eq!(labels.len(), 4, "{labels:?}");
    assert!(
        labels[0].starts_with("QQ") && labels[3].starts_with("55"),
        "{labels:?}"
    );
    assert!(shows(&h, "Pin 4"), "{:?}", texts(&h));
    assert!(shows(&h, "Unpin all"));
    let csv = h
        .state()
        .current()
        .table_csv(&multiodds::app::CsvOptions::default())
        .unwrap();
    for k in 1..=4 {
        assert!(csv.contains(&format!("pinned_{k}")), "{csv}");
    }
    // The table's deltas are against the pin chosen: the first, then the third.
    let delta = |h: &Harness<'static, MultiOddsApp>, k: usize| {
        let v = h.state().views.of::<MultiOddsView>();
        let now = &v.shown().unwrap().result.points[0];
        let base = &v.pinned()[k].result.points[0];
        format!("({:+.2})", 100.0 * (now.equity - base.equity))
    };
    h.run_steps(2);
    let first = delta(&h, 0);
    assert!(shows(&h, &first), "{first}: {:?}", texts(&h));
    assert!(shows(&h, "Pin 1 (- - -): QQ"), "{:?}", texts(&h));
    h.get_by_label("Δ pin 3").click();
    h.run_steps(3);
    assert_eq!(h.state().views.of::<MultiOddsView>().delta_pin(), 2);
    let third = delta(&h, 2);
    assert_ne!(first, third);
    assert!(shows(&h, &third), "{third}: {:?}", texts(&h));
    assert!(!shows(&h, &first), "{first} still shown");
    h.get_by_label("Unpin all").click();
    h.run_steps(2);
    assert!(h.state().views.of::<MultiOddsView>().pinned().is_empty());
}

/// A saved Range view with text longer than a field takes starts from its defaults,
/// named in the message, like every other view.
#[test]
fn a_hostile_saved_range_view_is_reset() {
    let mut state = multiodds::app::State::default();
    state.scenario.range.range = "AA, ".repeat(10_000);
    let app = MultiOddsApp::restored(state, Some(1));
    assert_eq!(
        *app.views
            .of::<multiodds::app::range_view::RangeView>()
            .inputs(),
        multiodds::scenario::Scenario::default().range
    );
    let message = app.shell.message.clone().unwrap_or_default();
    assert!(message.contains("Range view"), "{message}");
}

/// Picks a game from a view's Game menu, as a user clicks it.
fn pick_game(h: &mut Harness<'static, MultiOddsApp>, _from: &str, to: &str) {
    h.get_by_label("Game").click();
    h.run_steps(2);
    h.get_by_label(to).click();
    h.run_steps(2);
}

#[test]
fn switching_the_game_recomputes_and_says_what_it_cleared() {
    use multiodds::cards::Game;
    // The Matchup view: a seat that reads in Omaha stays; a Hold'em range becomes random.
    let mut app = quick_app();
    app.view = ViewKind::Matchup;
    app.views.of_mut::<MatchupView>().inputs_mut().seats = vec!["AsKsQhJh".into(), "QQ+".into()];
    app.views.of_mut::<MatchupView>().inputs_mut().board = "7c 8d 2h".into();
    let mut h = harness(app);
    step_until(&mut h, "the Hold'em matchup refused", |app| {
        !app.views.of::<MatchupView>().errors().is_empty()
    });
    pick_game(&mut h, "Hold'em", "Omaha");
    let view = h.state().views.of::<MatchupView>();
    assert_eq!(view.inputs().game, Game::OMAHA);
    assert_eq!(view.inputs().seats, ["AsKsQhJh", "random"]);
    assert_eq!(view.inputs().board, "7c 8d 2h", "the board still applies");
    h.run_steps(2);
    assert!(shows(&h, "seat 2 (QQ+) is now random"), "{:?}", texts(&h));
    step_until(&mut h, "the Omaha matchup", |app| {
        let v = app.views.of::<MatchupView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.game == Game::OMAHA)
    });
    let shown = h
        .state()
        .views
        .of::<MatchupView>()
        .shown()
        .cloned()
        .unwrap();
    // A known hand against every Omaha hand on a flop: auto samples.
    assert_eq!(shown.result.method, multiodds::equity::Method::MonteCarlo);
    let sum: f64 = shown.result.seats.iter().map(|s| s.equity).sum();
    assert!((sum - 1.0).abs() < 1e-9);
    // To short deck: the board's 2 and the Omaha hands do not apply.
    pick_game(&mut h, "Omaha", "Short deck");
    let view = h.state().views.of::<MatchupView>();
    assert_eq!(view.inputs().seats, ["random", "random"]);
    assert_eq!(view.inputs().board, "");
    assert!(
        view.game_note().iter().any(|n| n.contains("board cleared")),
        "{:?}",
        view.game_note()
    );
    // The notes go at the next edit of another input.
    set_field(&mut h, "Board", "Ah Kd 7c");
    h.run_steps(2);
    assert!(
        h.state().views.of::<MatchupView>().game_note().is_empty(),
        "{:?}",
        h.state().views.of::<MatchupView>().game_note()
    );

    // The MultiOdds view: Omaha preflop has no hand strength; the sweep recomputes.
    let mut app = quick_app();
    app.views.of_mut::<MultiOddsView>().inputs_mut().hero = "AsKsQhJh".into();
    let mut h = harness(app);
    pick_game(&mut h, "Hold'em", "Omaha");
    assert_eq!(
        h.state().views.of::<MultiOddsView>().inputs().hero,
        "AsKsQhJh"
    );
    step_until(&mut h, "the Omaha sweep", |app| {
        let v = app.views.of::<MultiOddsView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.starts_with("Omaha"))
    });
    let shown = h
        .state()
        .views
        .of::<MultiOddsView>()
        .shown()
        .cloned()
        .unwrap();
    assert!(shown.result.points.iter().all(|p| !p.has_hand_strength));
    assert!(shown.result.points[0].equity > shown.result.points[2].equity);
}

#[test]
fn the_chart_in_short_deck_is_its_81_classes() {
    use multiodds::cards::Game;
    use multiodds::range::HandClass;
    let mut app = quick_app();
    app.view = ViewKind::Chart;
    app.views.of_mut::<ChartView>().inputs_mut().opponent_counts = (1, 1);
    app.views.of_mut::<ChartView>().inputs_mut().board = "5c 9d Th".into();
    let mut h = harness(app);
    pick_game(&mut h, "Hold'em", "Short deck");
    let view = h.state().views.of::<ChartView>();
    assert_eq!(view.inputs().game, Game::SHORT_DECK);
    assert_eq!(view.inputs().board, "", "the 5 is not dealt in short deck");
    assert!(view.game_note().iter().any(|n| n.contains("board cleared")));
    step_until(&mut h, "the short-deck chart", |app| {
        let v = app.views.of::<ChartView>();
        !v.tracker().running && v.shown().is_some_and(|r| r.done == 81)
    });
    let result = h.state().views.of::<ChartView>().shown().cloned().unwrap();
    for class in HandClass::all() {
        let charted = class.low() >= 4;
        assert_eq!(result.cells[class.index()].is_some(), charted, "{class}");
    }
    let aa = &result.cells[HandClass::at(0, 0).index()].as_ref().unwrap()[0];
    assert!(
        aa.equity > 0.7 && aa.equity < 0.8,
        "AA in short deck: {}",
        aa.equity
    );
    h.run_steps(2);
    assert!(shows(&h, "81-hand chart"), "{:?}", texts(&h));
}

#[test]
fn an_omaha_scenario_saves_and_opens() {
    use multiodds::cards::Game;
    let mut h = harness(quick_app());
    {
        let i = h.state_mut().views.of_mut::<MatchupView>().inputs_mut();
        i.game = Game::OMAHA_HILO;
        i.seats = vec![
            "As2sKhQh".into(),
            "AAxx ds:0.5, KKxx".into(),
            "random".into(),
        ];
        i.board = "3c 4d Ks".into();
    }
    {
        let i = h.state_mut().views.of_mut::<MultiOddsView>().inputs_mut();
        i.game = Game::OMAHA5;
        i.hero = "AAxxx ds".into();
    }
    let saved = h.state().views.of::<MatchupView>().inputs().clone();
    let path = temp_path("omaha.ron");
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveAs(path.clone()), &ctx);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("game: \"omaha-hilo\""), "{text}");
    h.state_mut().apply(Command::New, &ctx);
    assert_eq!(
        h.state().views.of::<MatchupView>().inputs().game,
        Game::HOLDEM
    );
    h.state_mut().apply(Command::Open(path), &ctx);
    assert_eq!(*h.state().views.of::<MatchupView>().inputs(), saved);
    assert_eq!(
        h.state().views.of::<MultiOddsView>().inputs().game,
        Game::OMAHA5
    );
}

/// Folded seats (card bunching): "Add folded seat" adds a folded range under the seats;
/// typing a known hand there gives the same equities as those dead cards; the row
/// under the table names it.
#[test]
fn a_folded_seat_is_dealt_and_left_out_of_the_showdown() {
    let mut app = quick_app();
    app.view = ViewKind::Matchup;
    app.views.of_mut::<MatchupView>().inputs_mut().seats = vec!["AsKs".into(), "QQ".into()];
    app.views.of_mut::<MatchupView>().inputs_mut().board = "Kd 7c 2s".into();
    let mut h = harness(app);
    let done = |app: &MultiOddsApp| {
        let v = app.views.of::<MatchupView>();
        !v.tracker().running && !v.tracker().stale && v.has_result()
    };
    step_until(&mut h, "the matchup", done);
    h.get_by_label("Add folded seat").click();
    h.run_steps(2);
    assert_eq!(h.state().views.of::<MatchupView>().inputs().folded.len(), 1);
    set_field(&mut h, "Folded 1", "Qh Qc");
    step_until(&mut h, "the matchup with a folded seat", |app| {
        done(app)
            && app
                .views
                .of::<MatchupView>()
                .shown()
                .is_some_and(|s| s.label.folded == ["Qh Qc"])
    });
    let with_folded = h
        .state()
        .views
        .of::<MatchupView>()
        .shown()
        .cloned()
        .unwrap();
    let dead = multiodds::equity::Matchup::new(
        vec![
            multiodds::range::HandRange::parse("AsKs").unwrap(),
            multiodds::range::HandRange::parse("QQ").unwrap(),
        ],
        multiodds::cards::CardSet::parse("Kd 7c 2s").unwrap(),
        multiodds::cards::CardSet::parse("Qh Qc").unwrap(),
    )
    .unwrap();
    let want = multiodds::equity::run::run_matchup(
        &dead,
        &multiodds::equity::run::RunSettings {
            method: multiodds::equity::Method::Exact,
            ..Default::default()
        },
        |_| true,
    )
    .unwrap();
    assert_eq!(with_folded.result.seats.len(), 2);
    assert!((with_folded.result.seats[0].equity - want.seats[0].equity).abs() < 1e-12);
    h.run_steps(2);
    assert!(
        shows(&h, "Folded 1: Qh Qc (dealt, not in the showdown)"),
        "{:?}",
        texts(&h)
    );
    // Every game deals folded seats: in Omaha a folded Omaha range validates.
    let mut omaha = h.state().views.of::<MatchupView>().inputs().clone();
    omaha.game = multiodds::cards::Game::OMAHA;
    omaha.seats = vec!["AAxx".into(), "random".into()];
    omaha.folded = vec!["KKxx".into(), "random".into()];
    assert!(omaha.validate().is_ok());
    // A Hold'em range left in a folded Omaha seat is refused at its field.
    omaha.folded[0] = "AA".into();
    let e = omaha.validate().unwrap_err();
    assert_eq!(e[0].field(), "folded[0]", "{e:?}");
}

/// A folded seat in Omaha and in short deck, through the window: "Add folded seat" offers
/// the game's `random`; a known hand typed there gives the equities of those dead cards.
#[test]
fn a_folded_seat_in_omaha_and_short_deck() {
    use multiodds::cards::{CardSet, Game};
    use multiodds::equity::games::{run_game, GameMatchup};
    use multiodds::range::HoleRange;
    for (game, seats, board, folded) in [
        (
            Game::OMAHA,
            ["AhAd9s8s", "KhQhJc5d"],
            "Kd 7c 2s",
            "Ks Kc 7d 6d",
        ),
        (Game::SHORT_DECK, ["AhAd", "KhQh"], "Kd 7c 6s", "Ks Kc"),
    ] {
        let mut app = quick_app();
        app.view = ViewKind::Matchup;
        {
            let i = app.views.of_mut::<MatchupView>().inputs_mut();
            i.game = game;
            i.seats = seats.iter().map(|s| s.to_string()).collect();
            i.board = board.into();
        }
        let mut h = harness(app);
        let done = |app: &MultiOddsApp| {
            let v = app.views.of::<MatchupView>();
            !v.tracker().running && !v.tracker().stale && v.has_result()
        };
        step_until(&mut h, "the matchup", done);
        h.get_by_label("Add folded seat").click();
        h.run_steps(2);
        assert_eq!(
            h.state().views.of::<MatchupView>().inputs().folded,
            if game.has_two_card_ranges() {
                vec!["22+, A2s+, K9s+, Q9s+, J9s+, T9s, ATo+, KJo+".to_string()]
            } else {
                vec!["random".to_string()]
            }
        );
        set_field(&mut h, "Folded 1", folded);
        step_until(&mut h, "the matchup with a folded seat", |app| {
            done(app)
                && app
                    .views
                    .of::<MatchupView>()
                    .shown()
                    .is_some_and(|s| s.label.folded == [folded])
        });
        let shown = h
            .state()
            .views
            .of::<MatchupView>()
            .shown()
            .cloned()
            .unwrap();
        let dead = GameMatchup::new(
            game,
            seats
                .iter()
                .map(|s| HoleRange::parse(s, game).unwrap())
                .collect(),
            CardSet::parse(board).unwrap(),
            CardSet::parse(folded).unwrap(),
        )
        .unwrap();
        let want = run_game(
            &dead,
            &multiodds::equity::run::RunSettings {
                method: multiodds::equity::Method::Exact,
                ..Default::default()
            },
            |_| true,
        )
        .unwrap();
        assert_eq!(shown.result.seats.len(), 2);
        assert!(
            (shown.result.seats[0].equity - want.seats[0].equity).abs() < 1e-12,
            "{game}: {} against {}",
            shown.result.seats[0].equity,
            want.seats[0].equity
        );
        h.run_steps(2);
        assert!(
            shows(
                &h,
                &format!("Folded 1: {folded} (dealt, not in the showdown)")
            ),
            "{game}: {:?}",
            texts(&h)
        );
    }
}

/// "Send to …" between the MultiOdds and Matchup views: the hero and the opponents become
/// seats (as many as the sweep's first count), and back; board and dead cards go along.
#[test]
fn send_between_the_multiodds_and_matchup_views() {
    let mut app = quick_app();
    {
        let i = app.views.of_mut::<MultiOddsView>().inputs_mut();
        i.hero = "AhKh".into();
        i.opponents = "TT+, AQs+".into();
        i.opponent_counts = (2, 3);
        i.board = "Qh 7h 2c".into();
    }
    let mut h = harness(app);
    settle(&mut h, "the sweep");
    h.get_by_label("Send to Matchup view").click();
    h.run_steps(3);
    assert_eq!(h.state().view, ViewKind::Matchup);
    let m = h.state().views.of::<MatchupView>().inputs().clone();
    assert_eq!(m.seats, ["AhKh", "TT+, AQs+", "TT+, AQs+"]);
    assert_eq!(m.board, "Qh 7h 2c");
    step_until(&mut h, "the matchup", |app| {
        let v = app.views.of::<MatchupView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.texts.len() == 3)
    });
    // Back: seat 1 is the hero, every opponent holds seat 2's range.
    let ctx = h.ctx.clone();
    h.state_mut()
        .views
        .of_mut::<MatchupView>()
        .inputs_mut()
        .seats[2] = "22+".into();
    h.state_mut().apply(
        Command::ToView(ViewKind::Matchup, ViewCommand::Edited),
        &ctx,
    );
    h.run_steps(2);
    h.get_by_label("Send to MultiOdds view").click();
    h.run_steps(3);
    assert_eq!(h.state().view, ViewKind::MultiOdds);
    let i = h.state().views.of::<MultiOddsView>().inputs().clone();
    assert_eq!(
        (i.hero.as_str(), i.opponents.as_str()),
        ("AhKh", "TT+, AQs+")
    );
    assert_eq!(i.opponent_counts, (2, 2));
    assert!(
        h.state()
            .shell
            .note
            .as_ref()
            .is_some_and(|(n, _)| n.contains("seat 2's range")),
        "the note says whose range the opponents hold"
    );
}

/// Text pasted from the system clipboard (egui's paste event, as eframe delivers Ctrl+V
/// or the Paste button's request) replaces the selected range text, other tools'
/// notation included, and the view recomputes with it.
#[test]
fn pasting_from_the_clipboard_replaces_the_range() {
    let mut h = harness(quick_app());
    settle(&mut h, "the first results");
    h.get_by_label("Opponents").focus();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.step();
    h.event(egui::Event::Paste("TT+, 0.4(AQs), 80%(22-55)".into()));
    h.run_steps(2);
    assert_eq!(
        h.state().views.of::<MultiOddsView>().inputs().opponents,
        "TT+, 0.4(AQs), 80%(22-55)"
    );
    step_until(&mut h, "the pasted range's results", |app| {
        let v = app.views.of::<MultiOddsView>();
        !v.tracker().running && v.shown().is_some_and(|s| s.label.contains("80%(22-55)"))
    });
}

/// The Range view as a Flopzilla user works it: click a line, Ctrl-click another, and
/// the selection's combos and share show, equal to a plain count of the classes; the
/// roll-ups ("Two pair or better") are lines like the others, defined on hover.
#[test]
fn the_range_view_selects_several_lines_and_rolls_them_up() {
    use multiodds::app::range_view::{LineKey, RangeView};
    use multiodds::equity::breakdown::{MadeHand, RollUp};
    let mut h = range_view_harness();
    h.run_steps(2);
    assert!(shows(&h, "Two pair or better"), "{:?}", texts(&h));
    assert!(shows(&h, "draws (across every made hand)"));
    h.get_by_label("Set").click();
    h.run_steps(2);
    h.get_by_label("Top pair")
        .click_modifiers(egui::Modifiers::COMMAND);
    h.run_steps(2);
    let v = h.state().views.of::<RangeView>();
    assert_eq!(
        v.selected_lines(),
        [
            LineKey::Made(MadeHand::Set),
            LineKey::Made(MadeHand::TopPair)
        ]
    );
    let lines = v.shown().unwrap().breakdown.as_ref().unwrap().clone();
    let b = lines.holdem().expect("Hold'em's lines");
    let plain = b
        .by_combo
        .iter()
        .filter(|(_, _, k)| k.made == MadeHand::Set || k.made == MadeHand::TopPair)
        .count();
    assert_eq!(v.selected_combos().len(), plain);
    assert!(
        shows(&h, &format!("Selected: Set or Top pair: {plain} combos")),
        "{:?}",
        texts(&h)
    );
    // A roll-up counts each combo once: two pair or better on Kd 7c 2s.
    let two_pair_up = b
        .rollups
        .iter()
        .find(|(r, _)| *r == RollUp::TwoPairOrBetter)
        .unwrap()
        .1;
    let plain_up = b
        .by_combo
        .iter()
        .filter(|(_, _, k)| k.made <= MadeHand::TwoPair)
        .count();
    assert_eq!(two_pair_up.combos, plain_up);
}

/// Tab in a text field goes to the next text field with its text selected, not through
/// the buttons between: type the hero, Tab, type the opponents.
#[test]
fn tab_goes_from_field_to_field() {
    let mut h = harness(quick_app());
    settle(&mut h, "the first results");
    set_field(&mut h, "Hero", "AKs");
    h.key_press(egui::Key::Tab);
    h.run_steps(2);
    h.event(egui::Event::Text("QQ+".into()));
    h.run_steps(2);
    let v = h.state().views.of::<MultiOddsView>();
    assert_eq!(v.inputs().hero, "AKs");
    assert_eq!(v.inputs().opponents, "QQ+");
    // Shift+Tab goes back.
    h.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Tab);
    h.run_steps(2);
    h.event(egui::Event::Text("JJ".into()));
    h.run_steps(2);
    assert_eq!(h.state().views.of::<MultiOddsView>().inputs().hero, "JJ");
}

/// The chart's PNG fills a wide picture: the heat map as tall as the picture and, beside
/// it, the strongest and weakest classes with their figures (the right side was empty).
#[test]
fn the_chart_png_fills_a_wide_picture() {
    let mut app = quick_app();
    app.views.of_mut::<ChartView>().inputs_mut().board = "Ah Kd 7c 7s 2h".into();
    app.shell.png_size = [1600, 1000];
    app.view = ViewKind::Chart;
    let mut h = harness(app);
    let ctx = h.ctx.clone();
    settle(&mut h, "the chart");
    let path = temp_path("wide-chart.png");
    let _ = std::fs::remove_file(&path);
    h.state_mut().apply(Command::ExportPng(path.clone()), &ctx);
    step_until(&mut h, "the PNG note", |app| {
        app.shell
            .note
            .as_ref()
            .is_some_and(|(n, _)| n.contains("wide-chart.png"))
    });
    let (w, h_px, rgba) = decode_png(&path);
    assert_eq!((w, h_px), (1600, 1000));
    // Ink (dark pixels) in the right third: the ranked classes' text.
    let ink = rgba
        .chunks(4)
        .enumerate()
        .filter(|(i, p)| {
            (i % w as usize) > (w as usize * 2 / 3) && p[0] < 120 && p[1] < 120 && p[2] < 120
        })
        .count();
    assert!(ink > 3_000, "{ink} dark pixels in the right third");
}

/// A refusal is in sight: Omaha three-way Exact (days of work) names why in red above
/// the run controls and in the status line, and Run again is disabled (it would do
/// nothing) until the inputs change.
#[test]
fn a_refusal_shows_above_the_run_controls_and_in_the_status_line() {
    let mut app = quick_app();
    {
        let m = app.views.of_mut::<MatchupView>().inputs_mut();
        m.game = multiodds::cards::Game::OMAHA;
        m.seats = vec!["random".into(), "random".into(), "random".into()];
        m.run.mode = multiodds::equity::Method::Exact;
    }
    app.view = ViewKind::Matchup;
    let mut h = harness(app);
    step_until(&mut h, "the refusal", |app| {
        !app.views.of::<MatchupView>().errors().is_empty()
    });
    h.run_steps(2);
    let status = h.state().views.of::<MatchupView>().status();
    assert_eq!(status.phase, "not computed");
    let detail = status.detail.unwrap_or_default();
    assert!(detail.contains("exact enumeration would take"), "{detail}");
    assert!(
        shows(&h, "Not computed: exact enumeration would take"),
        "{:?}",
        texts(&h)
    );
    let again = h.get_by_label("Run again");
    assert!(
        again.accesskit_node().is_disabled(),
        "Run again must be disabled"
    );
}

/// The Range view in Omaha past the exact bound (every AAxx hand against random on a
/// flop, about 15 minutes exact): each hand's equity is estimated at once, shown with its
/// ± and named a Monte Carlo estimate; the game's draws are listed. In short deck the
/// draws come by short deck's rules (A-6-7-8-9 is a straight draw's wheel).
#[test]
fn the_range_view_estimates_past_the_exact_bound_and_lists_the_games_draws() {
    use multiodds::app::range_view::RangeView;
    use multiodds::cards::Game;
    let mut app = quick_app();
    app.view = ViewKind::Range;
    *app.views.of_mut::<RangeView>().inputs_mut() = multiodds::scenario::RangeInputs {
        game: Game::OMAHA,
        range: "AAxx".into(),
        vs: vec!["random".into()],
        board: "Kh 7h 2s".into(),
        dead: String::new(),
    };
    let mut h = harness(app);
    step_until(&mut h, "the Omaha analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running && v.shown().is_some_and(|a| a.by_hand.is_ok())
    });
    h.run_steps(2);
    let a = h.state().views.of::<RangeView>().shown().unwrap().clone();
    let r = a.by_hand.as_ref().unwrap();
    assert!(r.sampled.is_some(), "an estimate, not exact");
    assert!(r.std_error() > 0.0 && r.std_error() < 0.005);
    let heading = format!(
        "Monte Carlo estimate: {:.2}% ± {:.2} for the range",
        100.0 * r.equity(),
        100.0 * r.std_error()
    );
    assert!(shows(&h, &heading), "{heading} not in {:?}", texts(&h));
    h.get_by_label_contains("Strongest and weakest hands")
        .click();
    h.run_steps(2);
    assert!(
        texts(&h)
            .iter()
            .any(|t| t.contains('%') && t.contains(" ± ")),
        "each hand with its ±: {:?}",
        texts(&h)
    );
    // The draws of the game: AhAxxx on Kh 7h 2s holds the nut flush draw's suit.
    let b = a.breakdown.as_ref().unwrap().game().expect("Omaha's lines");
    assert!(b
        .lines
        .iter()
        .any(|(k, l)| k.is_draw() && l.combos > 0 && shows(&h, k.name())));
    // Short deck: its categories in its order, its draws.
    {
        let v = h.state_mut().views.of_mut::<RangeView>();
        v.inputs_mut().game = Game::SHORT_DECK;
        v.inputs_mut().range = "AK, 99".into();
        v.inputs_mut().vs = vec!["random".into()];
        v.inputs_mut().board = "6h 7d 8c".into();
    }
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(Command::ToView(ViewKind::Range, ViewCommand::Edited), &ctx);
    step_until(&mut h, "the short-deck analysis", |app| {
        let v = app.views.of::<RangeView>();
        !v.tracker().running
            && v.shown()
                .is_some_and(|a| a.game == Game::SHORT_DECK && a.by_hand.is_ok())
    });
    h.run_steps(2);
    let a = h.state().views.of::<RangeView>().shown().unwrap().clone();
    // 9-9 on 6-7-8 holds an open-ended straight draw (5 is not in the deck: only a ten
    // makes it, and A-6-7-8-9 is a straight).
    let b = a
        .breakdown
        .as_ref()
        .unwrap()
        .game()
        .expect("short deck's lines");
    let draws: Vec<&str> = b
        .lines
        .iter()
        .filter(|(k, l)| k.is_draw() && l.combos > 0)
        .map(|(k, _)| k.name())
        .collect();
    assert!(!draws.is_empty(), "{:?}", b.lines);
    for name in draws {
        assert!(shows(&h, name), "{name} not shown");
    }
    assert!(
        a.by_hand.as_ref().unwrap().sampled.is_none(),
        "exact in short deck"
    );
}

/// A problem appearing under a field as the user types moves nothing below it: the
/// controls under the MultiOdds view's Hero field stay where they were, so the next
/// click lands where it was aimed.
#[test]
fn a_field_error_moves_no_control_below_it() {
    let mut app = quick_app();
    app.view = ViewKind::MultiOdds;
    let mut h = harness(app);
    h.run_steps(2);
    set_field(&mut h, "Hero", "AKs");
    h.run_steps(4);
    let before = h.get_by_label("Board").rect();
    set_field(&mut h, "Hero", "AKz");
    h.run_steps(4);
    assert!(
        !h.state()
            .views
            .of::<multiodds::app::multiodds::MultiOddsView>()
            .errors()
            .is_empty(),
        "the hero field is refused"
    );
    // Within a pixel (a stroke's rounding): a long refusal used to push it by lines.
    let after = h.get_by_label("Board").rect();
    assert!(
        (after.min.y - before.min.y).abs() < 1.0,
        "Board stays put: {before:?} -> {after:?}"
    );
}

/// Opening a card picker does not widen the left panel: the fields keep their width (a
/// click aimed at the results does not land on a field that grew under it).
#[test]
fn a_card_picker_opens_inside_the_panel() {
    let mut app = quick_app();
    app.view = ViewKind::MultiOdds;
    let mut h = harness(app);
    h.run_steps(2);
    let before = h.get_by_label("Board").rect();
    h.get_by_label("Pick board cards").click();
    h.run_steps(4);
    assert!(
        shows(&h, "A♠") || texts(&h).iter().any(|t| t == "As"),
        "the picker is open"
    );
    let after = h.get_by_label("Board").rect();
    assert!(
        (after.width() - before.width()).abs() < 1.0,
        "the panel kept its width: {before:?} -> {after:?}"
    );
}
