//! The Query view, headless (egui_kittest): the example query answers as `multiodds
//! query` does; a query typed with a mistake shows it at the text and computes nothing;
//! the answers export as CSV.
#![cfg(feature = "gui")]

mod common;
use common::app::*;
use multiodds::app::command::{Command, ViewCommand};
use multiodds::app::query_view::QueryView;
use multiodds::app::{MultiOddsApp, View};
use multiodds::equity::run::RunSettings;
use multiodds::query::Query;
use multiodds::scenario::inputs::EXAMPLE_QUERY;
use multiodds::scenario::ViewKind;

#[test]
fn the_query_view_answers_as_the_engine_does() {
    let mut app = MultiOddsApp::with_threads(Some(2));
    app.view = ViewKind::Query;
    let mut h = harness(app);
    step_until(&mut h, "the example's answer", |app| {
        app.views.of::<QueryView>().shown().is_some()
            && !app.views.of::<QueryView>().tracker().running
    });
    let shown = h.state().views.of::<QueryView>().shown().unwrap().clone();
    let engine = Query::parse(EXAMPLE_QUERY)
        .unwrap()
        .answer(&RunSettings::default(), 2)
        .unwrap();
    assert_eq!(shown[0].figures, engine[0].figures);
    assert_eq!(shown[0].method, multiodds::equity::Method::Exact);
    h.run_steps(2);
    assert!(shows(&h, "Statement 1"), "{:?}", texts(&h));
    assert!(shows(&h, "two_pair_or_better"));
    assert!(shows(&h, "where holds on"));
    let csv = h
        .state()
        .views
        .of::<QueryView>()
        .table_csv(&Default::default())
        .unwrap();
    assert!(csv.contains("# view: Query"), "{csv}");
    assert!(csv.contains("1,equity,avg,"), "{csv}");

    // A mistake shows at the text; nothing new is computed.
    let ctx = h.ctx.clone();
    h.state_mut().views.of_mut::<QueryView>().inputs_mut().text =
        "select avg(riverEquity(hero)) from hero='AKs', villain='QQ,ZZ'".into();
    h.state_mut()
        .apply(Command::ToView(ViewKind::Query, ViewCommand::Edited), &ctx);
    h.run_steps(3);
    assert!(shows(&h, "villain: \"ZZ\""), "{:?}", texts(&h));
}
