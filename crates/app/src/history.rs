//! Undo and redo of input edits, across views: each step is a view's inputs (as a
//! scenario) before an edit. Keystrokes in quick succession make one step.

use crate::scenario::Scenario;
use crate::scenario::ViewKind;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Edits of one view closer together than this are one step.
const COALESCE: Duration = Duration::from_millis(800);
/// Steps kept.
const MAX_STEPS: usize = 200;

/// One view's inputs at some moment.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Step {
    pub(crate) tab: ViewKind,
    pub(crate) inputs: Scenario,
}

#[derive(Default)]
pub(crate) struct History {
    undo: Vec<Step>,
    redo: Vec<Step>,
    /// Each view's inputs as of its last recorded edit.
    last: HashMap<ViewKind, Scenario>,
    /// The view and time of the last step pushed (for coalescing).
    last_push: Option<(ViewKind, Instant)>,
}

impl History {
    /// The inputs a view starts from (before any edit).
    pub(crate) fn baseline(&mut self, tab: ViewKind, inputs: Scenario) {
        self.last.insert(tab, inputs);
    }

    /// A view's inputs changed to `now`.
    pub(crate) fn edited(&mut self, tab: ViewKind, now: Scenario) {
        let Some(before) = self.last.insert(tab, now.clone()) else {
            return;
        };
        if before == now {
            return;
        }
        let coalesce =
            matches!(self.last_push, Some((t, at)) if t == tab && at.elapsed() < COALESCE);
        if !coalesce {
            self.undo.push(Step {
                tab,
                inputs: before,
            });
            if self.undo.len() > MAX_STEPS {
                self.undo.remove(0);
            }
        }
        self.last_push = Some((tab, Instant::now()));
        self.redo.clear();
    }

    pub(crate) fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub(crate) fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The step to restore; `current` gives a view's inputs now (kept for redo).
    pub(crate) fn undo(&mut self, current: impl Fn(ViewKind) -> Scenario) -> Option<Step> {
        let step = self.undo.pop()?;
        self.redo.push(Step {
            tab: step.tab,
            inputs: current(step.tab),
        });
        self.restored(&step);
        Some(step)
    }

    /// The step undone last, to restore again.
    pub(crate) fn redo(&mut self, current: impl Fn(ViewKind) -> Scenario) -> Option<Step> {
        let step = self.redo.pop()?;
        self.undo.push(Step {
            tab: step.tab,
            inputs: current(step.tab),
        });
        self.restored(&step);
        Some(step)
    }

    fn restored(&mut self, step: &Step) {
        self.last.insert(step.tab, step.inputs.clone());
        self.last_push = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hero(text: &str) -> Scenario {
        let mut s = Scenario::default();
        s.multiodds.hero = text.into();
        s
    }

    #[test]
    fn undo_and_redo_walk_the_edits() {
        let mut h = History::default();
        h.baseline(ViewKind::MultiOdds, hero("AKs"));
        h.edited(ViewKind::MultiOdds, hero("QQ"));
        h.last_push = None; // as if a second passed
        h.edited(ViewKind::MultiOdds, hero("72o"));
        let now = |_| hero("72o");
        assert_eq!(h.undo(now).unwrap().inputs, hero("QQ"));
        assert_eq!(h.undo(|_| hero("QQ")).unwrap().inputs, hero("AKs"));
        assert!(h.undo(|_| hero("AKs")).is_none());
        assert_eq!(h.redo(|_| hero("AKs")).unwrap().inputs, hero("QQ"));
        // A new edit drops what could be redone.
        h.edited(ViewKind::MultiOdds, hero("JJ"));
        assert!(!h.can_redo());
    }

    #[test]
    fn quick_keystrokes_are_one_step() {
        let mut h = History::default();
        h.baseline(ViewKind::MultiOdds, hero(""));
        for text in ["Q", "QQ", "QQ+"] {
            h.edited(ViewKind::MultiOdds, hero(text));
        }
        assert_eq!(h.undo(|_| hero("QQ+")).unwrap().inputs, hero(""));
        assert!(!h.can_undo());
    }
}
