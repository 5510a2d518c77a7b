//! The Flops view, headless (egui_kittest): it runs, a click narrows it to monotone
//! flops, a click on a heading sorts the flops by nut advantage, a click on a flop opens
//! it in the Range view; its CSV is the command line's.
#![cfg(feature = "gui")]

mod common;
use common::app::*;
use egui_kittest::kittest::Queryable;
use multiodds::app::command::{Command, ViewCommand};
use multiodds::app::flops_view::FlopsView;
use multiodds::app::range_view::RangeView;
use multiodds::app::{MultiOddsApp, View};
use multiodds::equity::flops::texture::Suits;
use multiodds::scenario::{FlopsColumn, ViewKind};

const RANGE1: &str = "QQ+, AKs";
const RANGE2: &str = "JJ-99, AQs+";

fn flops_app() -> MultiOddsApp {
    let mut app = MultiOddsApp::with_threads(Some(2));
    let v = app.views.of_mut::<FlopsView>();
    v.inputs_mut().range1 = RANGE1.into();
    v.inputs_mut().range2 = RANGE2.into();
    app.view = ViewKind::Flops;
    app
}

fn done(app: &MultiOddsApp) -> bool {
    let v = app.views.of::<FlopsView>();
    !v.tracker().running && v.shown().is_some_and(|r| r.is_complete())
}

#[test]
fn the_flops_view_filters_sorts_and_opens_a_flop() {
    let mut h = harness(flops_app());
    step_until(&mut h, "the Flops report", done);
    h.run();
    assert!(shows(&h, "1755 flops, one per suit pattern"));
    assert!(shows(&h, "check: the flops' weighted mean equity"));
    // Narrow to monotone flops: the filter's button, the first of that name.
    h.query_all_by_label("monotone")
        .next()
        .expect("a monotone button")
        .click();
    h.run();
    let v = h.state().views.of::<FlopsView>();
    assert_eq!(v.inputs().filter.suits, Some(Suits::Monotone));
    let rows = v.rows();
    let report = v.shown().unwrap();
    let monotone = report
        .flops
        .iter()
        .filter(|f| f.texture.suits == Suits::Monotone)
        .count();
    assert_eq!(rows.len(), monotone);
    assert!(rows.iter().all(|r| r.1.texture.suits == Suits::Monotone));
    assert!(shows(&h, &format!("Flops of the group: {monotone}")));
    // The groups table sorts by a heading: highest first, then lowest first.
    h.query_all_by_label("Equity 1")
        .next()
        .expect("the groups' heading")
        .scroll_to_me();
    h.run();
    h.query_all_by_label("Equity 1").next().unwrap().click();
    h.run();
    assert!(shows(&h, "Equity 1 ⬇"));
    h.query_all_by_label("Equity 1 ⬇").next().unwrap().click();
    h.run();
    assert!(shows(&h, "Equity 1 ⬆"));
    // Sort the flops by nut advantage, highest first: the heading of the flops table
    // (the last text of that name; the groups table's comes first).
    // Below the fold at this size: scrolled to first, as a user would.
    h.query_all_by_label("Nut adv.")
        .last()
        .expect("the heading")
        .scroll_to_me();
    h.run();
    h.query_all_by_label("Nut adv.")
        .last()
        .expect("the heading")
        .click();
    h.run();
    let v = h.state().views.of::<FlopsView>();
    assert_eq!(v.inputs().sort, (FlopsColumn::NutAdvantage, true));
    let advantage: Vec<f64> = v
        .rows()
        .iter()
        .map(|r| r.2.seats[0].nut80 - r.2.seats[1].nut80)
        .collect();
    assert!(advantage.windows(2).all(|w| w[0] >= w[1]), "{advantage:?}");
    // Open the top flop in the Range view.
    let top = v.rows()[0].1.name();
    h.get_by_label(&top).scroll_to_me();
    h.run();
    h.get_by_label(&top).click();
    step_until(&mut h, "the Range view", |app| app.view == ViewKind::Range);
    let r = &h.state().views.of::<RangeView>().inputs();
    assert_eq!(r.board, top);
    assert_eq!(
        (r.range.as_str(), r.vs.clone()),
        (RANGE1, vec![RANGE2.to_string()])
    );
}

#[test]
fn a_stop_keeps_the_flops_done_marked_partial() {
    let mut app = flops_app();
    app.views.of_mut::<FlopsView>().inputs_mut().range1 = "random".into();
    app.views.of_mut::<FlopsView>().inputs_mut().range2 = "random".into();
    let mut h = harness(app);
    step_until(&mut h, "some flops", |app| {
        app.views
            .of::<FlopsView>()
            .shown()
            .is_some_and(|r| r.done() > 0)
    });
    h.get_by_label("Stop").click();
    step_until(&mut h, "the stop", |app| {
        !app.views.of::<FlopsView>().tracker().running
    });
    // The last messages of the stopped run may take a few frames to land and lay out:
    // step past them rather than ask the harness to settle within its default four.
    h.run_steps(10);
    let v = h.state().views.of::<FlopsView>();
    let report = v.shown().unwrap();
    assert!(report.done() > 0 && !report.is_complete());
    assert!(shows(&h, "PARTIAL"));
    assert!(v.status().figures.contains("PARTIAL"));
    let csv = v.table_csv(&Default::default()).unwrap();
    assert!(csv.contains("PARTIAL"));
    assert_eq!(
        csv.lines().filter(|l| !l.starts_with('#')).count(),
        report.done() + 1
    );
}

#[test]
#[cfg(feature = "cli")]
fn the_views_csv_is_the_command_lines() {
    let mut h = harness(flops_app());
    step_until(&mut h, "the Flops report", done);
    // The first choice: the group shown as sorted, said in the header; with the
    // default group (every flop) and sort (by flop) the same rows as every flop.
    let shown = h
        .state()
        .views
        .of::<FlopsView>()
        .table_csv(&Default::default())
        .unwrap();
    assert!(
        shown.contains("# rows: all flops, sorted by"),
        "{}",
        &shown[..400]
    );
    // The second: every flop, as the command line writes it.
    h.state().command(Command::ToView(
        ViewKind::Flops,
        ViewCommand::CsvEveryFlop(true),
    ));
    h.run();
    let csv = h
        .state()
        .views
        .of::<FlopsView>()
        .table_csv(&Default::default())
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_multiodds"))
        .args(["flops", RANGE1, RANGE2, "--csv", "-q"])
        .output()
        .unwrap();
    let cli = common::stdout_of(out);
    assert_eq!(csv, cli);
    let mut rows = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(csv.as_bytes());
    assert_eq!(rows.records().count(), 1755);
}

/// The CSV holds what the user chose: a group's flops in the table's order, with the
/// choice in its header and the nut advantage beside the ranges' figures.
#[test]
fn the_csv_writes_the_group_and_sort_chosen() {
    let mut h = harness(flops_app());
    step_until(&mut h, "the Flops report", done);
    {
        let v = h.state_mut().views.of_mut::<FlopsView>();
        v.inputs_mut().filter.suits = Some(Suits::Monotone);
        v.inputs_mut().sort = (FlopsColumn::NutAdvantage, true);
    }
    h.run();
    let v = h.state().views.of::<FlopsView>();
    let csv = v.table_csv(&Default::default()).unwrap();
    let rows = v.rows();
    assert!(
        csv.contains("# rows: monotone, sorted by"),
        "{}",
        &csv[..500]
    );
    let mut reader = csv::ReaderBuilder::new()
        .comment(Some(b'#'))
        .from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    let adv = header
        .iter()
        .position(|h| h == "nut_advantage")
        .expect("a nut_advantage column");
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), rows.len());
    // In the table's order: nut advantage highest first, every flop monotone.
    let values: Vec<f64> = records.iter().map(|r| r[adv].parse().unwrap()).collect();
    assert!(
        values.windows(2).all(|w| w[0] >= w[1]),
        "sorted by nut advantage"
    );
    assert!(records.iter().all(|r| &r[2] == "monotone"));
}
