//! The views, registered once: the tab bar, the menus, persistence, undo and the
//! message loop all iterate [`Views`], built by `make` for every [`ViewKind`]. Adding a
//! view is its file (or folder) implementing [`View`], its kind (a `ViewKind` variant,
//! listed in `ViewKind::ALL`), and one arm of `make`'s match, which the compiler asks for.

use super::view::View;
use crate::scenario::{Scenario, ViewKind};

/// Makes the view of `kind`, its inputs taken from a scenario. The match has an arm for
/// every kind, so a view without its registration does not compile.
fn make(kind: ViewKind, s: &Scenario) -> Box<dyn View> {
    match kind {
        ViewKind::MultiOdds => Box::new(super::multiodds::MultiOddsView::from_scenario(s)),
        ViewKind::Matchup => Box::new(super::matchup::MatchupView::from_scenario(s)),
        ViewKind::Chart => Box::new(super::chart::ChartView::from_scenario(s)),
        ViewKind::Range => Box::new(super::range_view::RangeView::from_scenario(s)),
        ViewKind::Flops => Box::new(super::flops_view::FlopsView::from_scenario(s)),
        ViewKind::Hand => Box::new(super::hand_view::HandView::from_scenario(s)),
        ViewKind::Query => Box::new(super::query_view::QueryView::from_scenario(s)),
    }
}

/// The app's views, in tab order.
pub struct Views(Vec<Box<dyn View>>);

impl Default for Views {
    fn default() -> Views {
        Views::from_scenario(&Scenario::default())
    }
}

impl Views {
    /// Every registered view, its inputs taken from `scenario`.
    pub(crate) fn from_scenario(scenario: &Scenario) -> Views {
        let views: Vec<Box<dyn View>> = ViewKind::ALL.iter().map(|&k| make(k, scenario)).collect();
        // Each view says its own kind; a view made for the wrong kind is a bug caught here
        // (and by the registry test), not a view that silently takes another's commands.
        debug_assert!(views.iter().zip(ViewKind::ALL).all(|(v, k)| v.kind() == k));
        Views(views)
    }

    /// The registered views' kinds, in tab order.
    pub fn kinds(&self) -> impl Iterator<Item = ViewKind> + '_ {
        self.0.iter().map(|v| v.kind())
    }

    /// The views, in tab order.
    pub fn iter(&self) -> impl Iterator<Item = &dyn View> {
        self.0.iter().map(|v| v.as_ref())
    }

    /// The views, in tab order, to change.
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = &mut Box<dyn View>> {
        self.0.iter_mut()
    }

    /// The view of `kind` (every kind has one: `make` matches every kind).
    pub fn get(&self, kind: ViewKind) -> &dyn View {
        self.0[Self::index(kind)].as_ref()
    }

    /// The view of `kind`, to change.
    pub(crate) fn get_mut(&mut self, kind: ViewKind) -> &mut dyn View {
        self.0[Self::index(kind)].as_mut()
    }

    /// Where the view of `kind` sits: its place in [`ViewKind::ALL`].
    fn index(kind: ViewKind) -> usize {
        ViewKind::ALL
            .iter()
            .position(|&k| k == kind)
            .expect("ViewKind::ALL lists every kind")
    }

    /// The view of type `T` (tests and typed callers read its fields).
    pub fn of<T: View>(&self) -> &T {
        let any: &dyn std::any::Any = self
            .0
            .iter()
            .find(|v| (v.as_ref() as &dyn std::any::Any).is::<T>())
            .map(|v| v.as_ref() as &dyn std::any::Any)
            .expect("a registered view");
        any.downcast_ref().expect("checked above")
    }

    /// The view of type `T`, to change.
    pub fn of_mut<T: View>(&mut self) -> &mut T {
        let v = self
            .0
            .iter_mut()
            .find(|v| (v.as_ref() as &dyn std::any::Any).is::<T>())
            .expect("a registered view");
        (v.as_mut() as &mut dyn std::any::Any)
            .downcast_mut()
            .expect("checked above")
    }

    /// Every view's inputs in one scenario showing `shown`.
    pub(crate) fn scenario(&self, shown: ViewKind) -> Scenario {
        let mut s = Scenario {
            view: shown,
            ..Scenario::default()
        };
        for v in self.iter() {
            v.save(&mut s);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_view_in_tab_order() {
        let views = Views::default();
        assert_eq!(views.kinds().collect::<Vec<_>>(), ViewKind::ALL);
        for kind in ViewKind::ALL {
            assert_eq!(views.get(kind).kind(), kind);
        }
    }
}
