//! Helpers of the window's tests (egui_kittest): a harness of the app, stepping frames
//! until a condition holds, typing a field's text, and the texts on screen.
#![cfg(feature = "gui")]

use egui_kittest::kittest::{NodeT, Queryable};
use egui_kittest::Harness;
use multiodds::app::MultiOddsApp;
use std::time::{Duration, Instant};

pub fn harness(app: MultiOddsApp) -> Harness<'static, MultiOddsApp> {
    sized_harness(app, egui::vec2(1280.0, 900.0))
}

/// Steps frames until `done` holds (or fails after 60 s).
pub fn step_until(
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
pub fn texts(h: &Harness<'static, MultiOddsApp>) -> Vec<String> {
    h.query_all(egui_kittest::kittest::By::new())
        .flat_map(|n| {
            let node = n.accesskit_node();
            [node.label(), node.value()]
        })
        .flatten()
        .collect()
}

pub fn shows(h: &Harness<'static, MultiOddsApp>, text: &str) -> bool {
    texts(h).iter().any(|t| t.contains(text))
}

pub fn sized_harness(app: MultiOddsApp, size: egui::Vec2) -> Harness<'static, MultiOddsApp> {
    Harness::builder().with_size(size).build_ui_state(
        |ui, app: &mut MultiOddsApp| {
            app.logic(ui.ctx());
            app.ui(ui);
        },
        app,
    )
}

/// Replaces the text of the field labelled `label` as a user does: focus, select all, type.
pub fn set_field(h: &mut Harness<'static, MultiOddsApp>, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.step();
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    h.step();
    h.get_by_label(label).type_text(text);
    h.step();
}
