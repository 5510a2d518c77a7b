//! The Query view, headless (egui_kittest): the example query answers as `multiodds
//! query` does; a query typed with a mistake shows it at the text and computes nothing;
//! the answers export as CSV.
#![cfg(feature = "gui")]

mod common;
use common::app::*;
use egui_kittest::kittest::Queryable;
use multiodds::app::command::{Command, ViewCommand};
use multiodds::app::library::LibraryKind;
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

#[test]
fn a_query_is_saved_by_name_and_comes_back_from_the_library() {
    let mut app = MultiOddsApp::with_threads(Some(2));
    app.view = ViewKind::Query;
    let mut h = harness(app);
    h.run_steps(2);
    // The library menu offers the examples and saves the query under a typed name.
    h.get_by_label("Library").click();
    h.run_steps(2);
    assert!(shows(&h, "Examples"), "{:?}", texts(&h));
    assert!(shows(&h, "Saved queries"));
    assert!(shows(&h, "(none yet)"));
    h.get_by_label("Name").focus();
    h.run_steps(1);
    h.get_by_label("Name").type_text("my flush question");
    h.run_steps(1);
    h.get_by_label("Save this query").click();
    h.run_steps(2);
    let saved = h.state().state().queries;
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].name, "my flush question");
    assert_eq!(saved[0].text, EXAMPLE_QUERY);
    // Another query typed, then the saved one chosen again from the menu.
    let ctx = h.ctx.clone();
    h.state_mut().views.of_mut::<QueryView>().inputs_mut().text =
        "select count(pairedBoard(flop)) from hero='AA'".into();
    h.state_mut()
        .apply(Command::ToView(ViewKind::Query, ViewCommand::Edited), &ctx);
    h.run_steps(2);
    h.get_by_label("Library").click();
    h.run_steps(2);
    h.get_by_label("my flush question").click();
    h.run_steps(2);
    assert_eq!(
        h.state().views.of::<QueryView>().inputs().text,
        EXAMPLE_QUERY
    );
    // The library is kept with the app's state, and a restored state keeps it.
    let state = h.state().state();
    let restored = MultiOddsApp::restored(state, Some(1));
    assert_eq!(restored.state().queries.len(), 1);
    // Forgetting it empties the library.
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        Command::Forget(LibraryKind::Query, "my flush question".into()),
        &ctx,
    );
    assert!(h.state().state().queries.is_empty());
}
