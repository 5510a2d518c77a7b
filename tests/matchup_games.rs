//! The Matchup and MultiOdds views in stud and with two boards, headless (egui_kittest). Stud: the game
//! chosen from the menu, a matchup typed with down cards, a 3rd-street range, up cards
//! and a folded player's up card as a dead card; the figures are the engine's exact ones;
//! an up card that is also dead is an error at its field; saved and opened in a fresh app,
//! every input is back. Two boards: an Omaha hi/lo matchup with per-board columns whose
//! figures are each board's own.
//! The MultiOdds view in razz: a hero against opponents showing up cards, each point that
//! opponent count's matchup; a shared card an error at the opponents' field.
#![cfg(feature = "gui")]

mod common;
use common::app::*;
use egui_kittest::kittest::Queryable;
use multiodds::app::command::Command;
use multiodds::app::matchup::MatchupView;
use multiodds::app::{MultiOddsApp, View};
use multiodds::cards::{CardSet, Game};
use multiodds::equity::games::stud::{run_stud, StudMatchup, StudSeat};
use multiodds::equity::run::RunSettings;
use multiodds::equity::Method;
use multiodds::scenario::ViewKind;

fn exact_settings() -> RunSettings {
    RunSettings {
        method: Method::Exact,
        ..RunSettings::default()
    }
}

/// An app on the Matchup view, its inputs set by `edit` (as a file would set them), in
/// a 1400×900 window.
fn matchup_harness(
    edit: impl FnOnce(&mut multiodds::scenario::MatchupInputs),
) -> egui_kittest::Harness<'static, MultiOddsApp> {
    let mut app = MultiOddsApp::with_threads(Some(2));
    app.view = ViewKind::Matchup;
    edit(app.views.of_mut::<MatchupView>().inputs_mut());
    sized_harness(app, egui::vec2(1400.0, 900.0))
}

/// The Matchup view's result on screen, with its seats' labels.
fn shown_matchup(
    h: &egui_kittest::Harness<'static, MultiOddsApp>,
) -> multiodds::app::view::Shown<multiodds::equity::MatchupResult, multiodds::app::matchup::Seats> {
    h.state()
        .views
        .of::<MatchupView>()
        .shown()
        .cloned()
        .expect("a matchup on screen")
}

fn settled(app: &MultiOddsApp) -> bool {
    let v = app.views.of::<MatchupView>();
    !v.tracker().running && !v.tracker().pending() && v.has_result()
}

#[test]
fn a_stud_matchup_typed_with_up_cards_and_a_dead_card_saved_and_opened() {
    let mut h = matchup_harness(|_| {});
    h.run_steps(2);
    // The game from its menu, as a user picks it.
    h.get_by_label("Game").click();
    h.run_steps(2);
    h.get_by_label("Stud").click();
    h.run_steps(3);
    assert_eq!(
        h.state().views.of::<MatchupView>().inputs().game,
        Game::STUD
    );
    assert!(shows(&h, "Seat 1 up cards"), "{:?}", texts(&h));
    assert!(shows(&h, "Dead cards (folded players' up cards)"));
    set_field(&mut h, "Seat 1 down cards", "Kh Kd");
    set_field(&mut h, "Seat 1 up cards", "9c Tc");
    set_field(&mut h, "Seat 2 down cards", "QQ+, AKs");
    set_field(&mut h, "Seat 2 up cards", "Ac 3d");
    set_field(&mut h, "Dead cards (folded players' up cards)", "Ks 7c");
    step_until(&mut h, "the stud matchup", settled);
    let shown = shown_matchup(&h);
    assert_eq!(shown.label.texts, ["(Kh Kd) 9c Tc", "(QQ+, AKs) Ac 3d"]);
    // The engine's exact figures for the same seats.
    let m = StudMatchup::new(
        Game::STUD,
        vec![
            StudSeat::parse("Kh Kd", "9c Tc").unwrap(),
            StudSeat::parse("QQ+, AKs", "Ac 3d").unwrap(),
        ],
        CardSet::parse("Ks 7c").unwrap(),
    )
    .unwrap();
    let exact = run_stud(&m, &exact_settings(), |_| true).unwrap();
    assert_eq!(shown.result.method, Method::Exact);
    for (a, b) in shown.result.seats.iter().zip(&exact.seats) {
        assert!(
            (a.equity - b.equity).abs() < 1e-12,
            "{} vs {}",
            a.equity,
            b.equity
        );
    }
    h.run_steps(2);
    let first = format!("{:.3}", 100.0 * exact.seats[0].equity);
    assert!(shows(&h, &first), "{first} not in {:?}", texts(&h));

    // An up card that is also dead: the error at the up cards' field, nothing computed.
    set_field(&mut h, "Seat 2 up cards", "Ac 3d Ks");
    h.run_steps(3);
    let errors = h.state().views.of::<MatchupView>().errors().clone();
    assert_eq!(
        errors.at("up[1]").map(String::as_str),
        Some("Ks is in the dead cards and in seat 2")
    );
    assert!(shows(&h, "Ks is in the dead cards and in seat 2"));
    set_field(&mut h, "Seat 2 up cards", "Ac 3d");
    step_until(&mut h, "the matchup again", settled);

    // Saved, and opened in a fresh app: the same inputs, the same figures.
    let saved = h.state().views.of::<MatchupView>().inputs().clone();
    assert_eq!(saved.up, ["9c Tc", "Ac 3d"]);
    let path = std::env::temp_dir().join(format!("multiodds-stud-{}.ron", std::process::id()));
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveAs(path.clone()), &ctx);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("game: \"stud\"") && text.contains("up: ["),
        "{text}"
    );
    let mut fresh = sized_harness(
        MultiOddsApp::with_threads(Some(2)),
        egui::vec2(1400.0, 900.0),
    );
    let ctx = fresh.ctx.clone();
    fresh.state_mut().apply(Command::Open(path.clone()), &ctx);
    assert_eq!(*fresh.state().views.of::<MatchupView>().inputs(), saved);
    assert_eq!(fresh.state().view, ViewKind::Matchup);
    step_until(&mut fresh, "the opened matchup", settled);
    let opened = shown_matchup(&fresh);
    assert_eq!(opened.result.seats, shown.result.seats);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_double_board_omaha_hi_lo_matchup_shows_each_board() {
    let mut h = matchup_harness(|i| {
        i.game = Game::OMAHA_HILO;
        i.seats = vec!["As 2s Kh Kd".into(), "Ad 3d Qc Jc".into()];
    });
    h.run_steps(2);
    set_field(&mut h, "Board", "3c 4d Ks 9h");
    h.get_by_label("Two").click();
    h.run_steps(2);
    set_field(&mut h, "Second board", "7h 8c 2d Th");
    step_until(&mut h, "the double board", settled);
    let shown = shown_matchup(&h);
    let r = &shown.result;
    assert_eq!((r.method, r.boards.len()), (Method::Exact, 2));
    assert_eq!(shown.label.board, "3c 4d Ks 9h / 7h 8c 2d Th");
    // Each board's figures are that board's own single-board matchup, the other board's
    // cards out of the deck; the whole pot's equity is their mean.
    for (k, (board, other)) in [
        ("3c 4d Ks 9h", "7h 8c 2d Th"),
        ("7h 8c 2d Th", "3c 4d Ks 9h"),
    ]
    .into_iter()
    .enumerate()
    {
        let single = multiodds::scenario::MatchupInputs {
            game: Game::OMAHA_HILO,
            seats: vec!["As 2s Kh Kd".into(), "Ad 3d Qc Jc".into()],
            board: board.into(),
            dead: other.into(),
            ..Default::default()
        }
        .validate()
        .unwrap()
        .run(&exact_settings(), |_| true)
        .unwrap();
        for (a, b) in r.boards[k].seats.iter().zip(&single.seats) {
            assert!(
                (a.equity - b.equity).abs() < 1e-12,
                "board {}: {} vs {}",
                k + 1,
                a.equity,
                b.equity
            );
        }
    }
    for (i, s) in r.seats.iter().enumerate() {
        let mean = (r.boards[0].seats[i].equity + r.boards[1].seats[i].equity) / 2.0;
        assert!((s.equity - mean).abs() < 1e-12);
    }
    h.run_steps(2);
    for column in [
        "board 1 %",
        "board 2 %",
        "scoop %",
        "b1 high %",
        "b1 low %",
        "b2 high %",
        "b2 low %",
    ] {
        assert!(shows(&h, column), "{column} not in {:?}", texts(&h));
    }
    // Each board's high and low halves: won or shared, as the board's own matchup says.
    let b2 = &r.boards[1];
    let low = format!("{:.3}", 100.0 * (b2.low[0].low_win + b2.low[0].low_tie));
    assert!(shows(&h, &low), "{low} not in {:?}", texts(&h));
    let board2 = format!("{:.3}", 100.0 * r.boards[1].seats[0].equity);
    assert!(shows(&h, &board2), "{board2} not in {:?}", texts(&h));
    // The CSV carries each board's equity.
    let csv = h
        .state()
        .views
        .of::<MatchupView>()
        .table_csv(&multiodds::app::CsvOptions::default())
        .unwrap();
    assert!(
        csv.contains("board1_equity,board1_equity_se,board2_equity,board2_equity_se"),
        "{csv}"
    );
}

#[test]
fn the_multiodds_view_sweeps_a_stud_hand_against_shown_up_cards() {
    use multiodds::app::multiodds::MultiOddsView;
    let mut app = MultiOddsApp::with_threads(Some(2));
    app.view = ViewKind::MultiOdds;
    {
        let i = app.views.of_mut::<MultiOddsView>().inputs_mut();
        i.game = Game::RAZZ;
        i.opponent_counts = (1, 2);
        i.run.target_se = 0.003;
    }
    let mut h = sized_harness(app, egui::vec2(1400.0, 900.0));
    h.run_steps(2);
    set_field(&mut h, "Hero down cards", "As 2d");
    set_field(&mut h, "Hero up cards", "3c 4h");
    set_field(&mut h, "Opponents' up cards", "Kd 5s / 6c 7c");
    set_field(&mut h, "Dead cards (folded players' up cards)", "8d");
    step_until(&mut h, "the stud sweep", |app| {
        let v = app.views.of::<MultiOddsView>();
        !v.tracker().running && !v.tracker().pending() && v.has_result()
    });
    let v = h.state().views.of::<MultiOddsView>();
    let sweep = v.inputs().validate().unwrap();
    let points = v.shown().unwrap().result.points.clone();
    assert_eq!(points.len(), 2);
    // Each point is the matchup of the hero against that many of the opponents shown.
    let stud = sweep.stud().expect("a razz sweep runs on the stud engine");
    for p in &points {
        let m = stud.matchup(p.opponents).unwrap();
        let alone = run_stud(&m, &v.inputs().run.settings(), |_| true).unwrap();
        assert_eq!(p.equity, alone.seats[0].equity);
    }
    h.run_steps(2);
    assert!(
        shows(
            &h,
            "Razz: (As 2d) 3c 4h vs opponents showing Kd 5s / 6c 7c (dead 8d)"
        ),
        "{:?}",
        texts(&h)
    );
    // An opponent's up card that is the hero's: the error at the opponents' field.
    set_field(&mut h, "Opponents' up cards", "Kd 5s / 6c 3c");
    h.run_steps(3);
    let errors = h.state().views.of::<MultiOddsView>().errors().clone();
    assert!(errors.at("opponents_up").is_some(), "{errors:?}");
}

#[test]
fn a_badugi_draw_typed_in_the_matchup_view() {
    use multiodds::equity::games::draw::{run_draw, DrawMatchup};
    use multiodds::eval::draw::DrawRule;
    // The menu's last entries sit below its scrolled list: the game set as a file would.
    let mut h = matchup_harness(|i| {
        i.game = Game::BADUGI;
        i.seats = vec![String::new(), String::new()];
    });
    h.run_steps(2);
    set_field(&mut h, "Seat 1 keeps", "Ac 2d 3h");
    set_field(&mut h, "Seat 2 keeps", "2c 4s");
    set_field(
        &mut h,
        "Dead cards (discards seen, folded hands shown)",
        "Kd Kc",
    );
    step_until(&mut h, "the badugi draw", settled);
    let shown = shown_matchup(&h);
    assert_eq!(shown.label.texts, ["Ac 2d 3h + draw 1", "2c 4s + draw 2"]);
    let m = DrawMatchup::new(
        DrawRule::Badugi,
        vec![
            multiodds::cards::parse_card_list("Ac 2d 3h").unwrap(),
            multiodds::cards::parse_card_list("2c 4s").unwrap(),
        ],
        CardSet::parse("Kd Kc").unwrap(),
    )
    .unwrap();
    let exact = run_draw(&m, &exact_settings(), |_| true).unwrap();
    assert_eq!(shown.result.method, Method::Exact);
    for (a, b) in shown.result.seats.iter().zip(&exact.seats) {
        assert!((a.equity - b.equity).abs() < 1e-12);
    }
    // Five kept cards: the error at that seat's field.
    set_field(&mut h, "Seat 2 keeps", "2c 4s 5h 6d 7c");
    h.run_steps(3);
    let errors = h.state().views.of::<MatchupView>().errors().clone();
    assert_eq!(
        errors.at("seats[1]").map(String::as_str),
        Some("keeps 5 cards; a Badugi hand holds 4")
    );
}

#[test]
fn stud_seats_go_to_the_multiodds_view_and_back() {
    use multiodds::app::multiodds::MultiOddsView;
    let mut h = matchup_harness(|i| {
        i.game = Game::STUD;
        i.seats = vec!["Kh Kd".into(), String::new(), String::new()];
        i.up = vec!["9c Tc".into(), "Ac 3d".into(), "5s".into()];
        i.dead = "Ks 7c".into();
    });
    step_until(&mut h, "the stud matchup", settled);
    h.get_by_label("Send to MultiOdds view").click();
    h.run_steps(3);
    assert_eq!(h.state().view, ViewKind::MultiOdds);
    let i = h.state().views.of::<MultiOddsView>().inputs().clone();
    assert_eq!(
        (
            i.game,
            i.hero.as_str(),
            i.hero_up.as_str(),
            i.opponents_up.as_str(),
            i.dead.as_str()
        ),
        (Game::STUD, "Kh Kd", "9c Tc", "Ac 3d / 5s", "Ks 7c")
    );
    assert_eq!(i.opponent_counts, (2, 2));
    // Nothing typed was dropped here (the opponents' down cards were unknown): no note.
    assert!(h.state().shell.note.is_none());
    step_until(&mut h, "the stud sweep", |app| {
        let v = app.views.of::<MultiOddsView>();
        !v.tracker().running && !v.tracker().pending() && v.has_result()
    });
    // The sweep's point is the matchup's first seat.
    let point = h
        .state()
        .views
        .of::<MultiOddsView>()
        .shown()
        .unwrap()
        .result
        .points[0]
        .clone();
    let matchup = shown_matchup(&h);
    assert_eq!(point.equity, matchup.result.seats[0].equity);
    h.get_by_label("Send to Matchup view").click();
    h.run_steps(3);
    let m = h.state().views.of::<MatchupView>().inputs().clone();
    assert_eq!(m.seats, ["Kh Kd", "", ""]);
    assert_eq!(m.up, ["9c Tc", "Ac 3d", "5s"]);
}

#[test]
fn sending_stud_opponents_down_cards_says_they_are_dealt_at_random() {
    let mut h = matchup_harness(|i| {
        i.game = Game::STUD;
        i.seats = vec!["Kh Kd".into(), "QQ+".into()];
        i.up = vec!["9c".into(), "Ac".into()];
    });
    step_until(&mut h, "the stud matchup", settled);
    h.get_by_label("Send to MultiOdds view").click();
    h.run_steps(3);
    let note = h
        .state()
        .shell
        .note
        .clone()
        .map(|n| n.0)
        .unwrap_or_default();
    assert!(
        note.contains("seat 2's QQ+") && note.contains("dealt at random"),
        "{note}"
    );
}

/// From stud to Omaha hi/lo, the folded players' up cards stay dead, and a note under the
/// game says so (they would change the figures unseen).
#[test]
fn stud_dead_cards_carried_into_omaha_are_said() {
    let mut h = matchup_harness(|i| {
        i.game = Game::STUD;
        i.dead = "Ks 7c".into();
    });
    h.run_steps(2);
    h.get_by_label("Game").click();
    h.run_steps(2);
    h.get_by_label("Omaha hi/lo").click();
    h.run_steps(3);
    let v = h.state().views.of::<MatchupView>();
    assert_eq!(v.inputs().game, Game::OMAHA_HILO);
    assert_eq!(v.inputs().dead, "Ks 7c");
    assert!(
        texts(&h)
            .iter()
            .any(|t| t.starts_with("dead cards Ks 7c kept from Stud")),
        "{:?}",
        texts(&h)
    );
}

/// The current view's CSV without its `#` block: the header, then the rows.
fn csv_table(h: &egui_kittest::Harness<'static, MultiOddsApp>) -> Vec<String> {
    let csv = h
        .state()
        .current()
        .table_csv(&multiodds::app::CsvOptions::default())
        .unwrap();
    csv.lines()
        .filter(|l| !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Stud/8 lists the high hands and the low halves a seat wins or ties with, by type, on
/// screen and in the CSV; razz's CSV names its lows, not Hold'em's categories.
#[test]
fn stud_hi_lo_shows_high_and_low_hand_types() {
    let mut h = matchup_harness(|i| {
        i.game = Game::STUD_HILO;
        i.seats = vec!["As 2d".into(), "Kh Kd".into()];
        i.up = vec!["3c 4h 9s".into(), "Qs 7d 7c".into()];
        i.dead = "6s 8h".into();
    });
    step_until(&mut h, "the stud/8 matchup", settled);
    let shown = shown_matchup(&h);
    let low = &shown.result.low[0];
    // The low types split the low halves won or tied.
    let types: f64 = low.low_types.iter().sum();
    assert!((types - (low.low_win + low.low_tie)).abs() < 1e-12);
    assert!(low.low_types[3] > 0.0 && low.low_types[0] > 0.0);
    h.run_steps(2);
    assert!(shows(&h, "and the low halves it wins or ties with"));
    assert!(shows(&h, "Wheel (5-low)") && shows(&h, "8-low") && shows(&h, "Two Pair"));
    let csv = csv_table(&h);
    let header = &csv[0];
    assert!(
        header.contains("tie,tie_se,low_win,low_win_se,low_tie,low_tie_se,scoop,scoop_se,method")
            && header.ends_with("straight_flush,low_8_low,low_7_low,low_6_low,low_wheel"),
        "{header}"
    );
    let row = &csv[1];
    let wheel: f64 = row.rsplit(',').next().unwrap().parse().unwrap();
    assert!((wheel - low.low_types[3]).abs() < 1e-6, "{row}");

    // Razz: its lows by rank, no high-hand keys.
    let mut h = matchup_harness(|i| {
        i.game = Game::RAZZ;
        i.seats = vec!["As 2d".into(), "Kh Kd".into()];
        i.up = vec!["3c".into(), "Qs".into()];
    });
    step_until(&mut h, "the razz matchup", settled);
    let header = &csv_table(&h)[0];
    assert!(
        header.contains(",paired,9_low_or_worse,8_low,7_low,6_low,wheel"),
        "{header}"
    );
    assert!(!header.contains("high_card"), "{header}");
}

/// Stop, then Run again on the same inputs: the exact run goes on from where it stopped
/// (its first progress is at least the stopped share, not 0 %), and ends with the
/// figures of a run never stopped.
#[test]
fn run_again_resumes_a_stopped_exact_matchup() {
    // Any two cards at every seat, two of them with pairs at half weight: a few seconds
    // of the walk with one counted seat (three plain `random` seats now count two
    // together and end in a tenth of a second, before a stop can land).
    let every_hand = "22+:0.5,A2+,K2+,Q2+,J2+,T2+,92+,82+,72+,62+,52+,42+,32";
    let seats = ["random", every_hand, every_hand];
    let mut h = matchup_harness(|i| {
        i.seats = seats.iter().map(|s| s.to_string()).collect();
        i.board = "Kd 7c 2s 3h".into();
        i.run.mode = Method::Exact;
    });
    step_until(&mut h, "a fifth of the enumeration", |app| {
        let t = app.views.of::<MatchupView>().tracker();
        t.exact_progress.as_ref().is_some_and(|p| p.fraction >= 0.2)
    });
    h.get_by_label("Stop").click();
    h.run_steps(1);
    step_until(&mut h, "the stopped run", |app| {
        let v = app.views.of::<MatchupView>();
        !v.tracker().running && v.has_result()
    });
    let stopped = shown_matchup(&h).result;
    let done = stopped.status.partial_exact().expect("a partial result");
    assert!(done >= 0.2, "{done}");
    // The button reads Resume or Run again after a stop; either goes on.
    let again = if shows(&h, "Resume") {
        "Resume"
    } else {
        "Run again"
    };
    h.get_by_label(again).click();
    h.run_steps(1);
    step_until(&mut h, "the resumed run's progress", |app| {
        let t = app.views.of::<MatchupView>();
        t.tracker().exact_progress.is_some() || !t.tracker().running
    });
    if let Some(p) = &h.state().views.of::<MatchupView>().tracker().exact_progress {
        assert!(
            p.fraction >= 0.9 * done,
            "resumed at {} after {done}",
            p.fraction
        );
    }
    step_until(&mut h, "the resumed run's end", settled);
    let resumed = shown_matchup(&h).result;
    assert_eq!(resumed.status.partial_exact(), None);
    let m = multiodds::equity::Matchup::new(
        seats
            .iter()
            .map(|s| multiodds::range::HandRange::parse(s).unwrap())
            .collect(),
        CardSet::parse("Kd 7c 2s 3h").unwrap(),
        CardSet::EMPTY,
    )
    .unwrap();
    let whole = multiodds::equity::run::run_matchup(&m, &exact_settings(), |_| true).unwrap();
    assert_eq!(resumed.deals, whole.deals);
    for (a, b) in resumed.seats.iter().zip(&whole.seats) {
        assert!(
            (a.equity - b.equity).abs() < 1e-12,
            "{} vs {}",
            a.equity,
            b.equity
        );
    }
}
