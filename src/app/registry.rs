//! The views, registered once: the tab bar, the menus, persistence, undo and the
//! message loop all iterate [`Views`], built from `REGISTRY`. Adding a view is its
//! file (or folder) implementing [`View`] plus one line here (and its inputs' section
//! in [`crate::scenario`], when it computes from saved inputs).

use super::view::View;
use crate::scenario::{Scenario, ViewKind};

/// Makes a view, its inputs taken from a scenario.
type MakeView = fn(&Scenario) -> Box<dyn View>;

/// Every view, in tab order.
const REGISTRY: &[MakeView] = &[
    |s| Box::new(super::multiodds::MultiOddsView::from_scenario(s)),
    |s| Box::new(super::matchup::MatchupView::from_scenario(s)),
    |s| Box::new(super::chart::ChartView::from_scenario(s)),
    |s| Box::new(super::range_view::RangeView::from_scenario(s)),
];

/// The app's views, in tab order.
pub struct Views(Vec<Box<dyn View>>);

impl Default for Views {
    fn default() -> Views {
        Views::from_scenario(&Scenario::default())
    }
}

impl Views {
    /// Every registered view, its inputs taken from `scenario`.
    pub fn from_scenario(scenario: &Scenario) -> Views {
        Views(REGISTRY.iter().map(|make| make(scenario)).collect())
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
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Box<dyn View>> {
        self.0.iter_mut()
    }

    /// The view of `kind` (the first one, when none is registered for it).
    pub fn get(&self, kind: ViewKind) -> &dyn View {
        let i = self.0.iter().position(|v| v.kind() == kind).unwrap_or(0);
        self.0[i].as_ref()
    }

    /// The view of `kind`, to change.
    pub fn get_mut(&mut self, kind: ViewKind) -> &mut dyn View {
        let i = self.0.iter().position(|v| v.kind() == kind).unwrap_or(0);
        self.0[i].as_mut()
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
    pub fn scenario(&self, shown: ViewKind) -> Scenario {
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
