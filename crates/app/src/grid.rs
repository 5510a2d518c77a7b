//! The 13×13 range grid: pairs on the diagonal, suited above, offsuit below. Click or
//! drag to paint classes in or out at the chosen weight; the grid shows partial and
//! weighted classes by shading, and writes canonical range text back to the field.

use crate::cards::CardSet;
use crate::range::{HandClass, HandRange, PreflopRanking};
use egui::{Color32, Sense, Stroke};

/// What a drag is doing: adding classes or removing them (decided by the first cell).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Paint {
    Add,
    Remove,
}

/// Grid state kept between frames (per field).
#[derive(Clone, Debug, Default)]
pub struct GridState {
    paint: Option<Paint>,
    /// Weight given to painted classes, in (0, 1].
    pub(crate) weight: f32,
    /// Where the grid was drawn last frame.
    pub(crate) rect: Option<egui::Rect>,
    /// The class whose exact combos are shown for picking (right-click a cell).
    pub(crate) drill: Option<HandClass>,
    /// The top-x% slider's value.
    pub(crate) top_percent: f32,
    /// The ranking of the top-n% slider.
    pub(crate) ranking: PreflopRanking,
    /// The grid's window is open.
    pub(crate) open: bool,
    /// The name typed to save the range in the library.
    pub(crate) save_name: String,
    /// The range of the text last seen, parsed once per change of the text rather than
    /// once per frame.
    parsed: Option<(String, HandRange)>,
}

impl GridState {
    /// Where the grid was drawn last frame (none before it is first drawn).
    pub fn rect(&self) -> Option<egui::Rect> {
        self.rect
    }

    /// The class whose exact combos are shown for picking (right-click a cell).
    pub fn drilled(&self) -> Option<HandClass> {
        self.drill
    }

    /// The range `text` holds (an empty range when it does not parse).
    fn range_of(&mut self, text: &str) -> HandRange {
        match &self.parsed {
            Some((seen, range)) if seen == text => range.clone(),
            _ => {
                let range = HandRange::parse(text).unwrap_or_default();
                self.parsed = Some((text.to_string(), range.clone()));
                range
            }
        }
    }
}

/// Quick selections above the grid: (button, range text, what it selects).
const QUICK: &[(&str, &str, &str)] = &[
    ("Clear", "", "no hands"),
    ("All", "random", "all 169 classes"),
    ("Pairs", "22+", "every pocket pair"),
    ("Suited", "Suited", "every suited hand"),
    (
        "Broadways",
        "TT+,AKs,AQs,AJs,ATs,KQs,KJs,KTs,QJs,QTs,JTs,AKo,AQo,AJo,ATo,KQo,KJo,KTo,QJo,QTo,JTo",
        "both cards ten or higher",
    ),
    ("Aces", "AA,A2s+,A2o+", "every hand holding an ace"),
];

/// Side of one cell of the grid, in points.
const CELL: f32 = 30.0;

/// Draws the grid for `text` (a range). Returns true when it changed `text`.
/// Combos holding a card of `blocked` (the board, dead cards) are greyed in the suit
/// drill-down.
pub fn range_grid(
    ui: &mut egui::Ui,
    text: &mut String,
    state: &mut GridState,
    blocked: CardSet,
) -> bool {
    if state.weight <= 0.0 {
        state.weight = 1.0;
    }
    if let Some(range_text) = quick_buttons(ui) {
        *text = range_text.to_string();
        return true;
    }
    let mut range = state.range_of(text);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(13.0 * CELL, 13.0 * CELL),
        Sense::click_and_drag(),
    );
    state.rect = Some(rect);
    let class_at = |pos: egui::Pos2| {
        let rel = pos - rect.min;
        let (col, row) = ((rel.x / CELL).floor(), (rel.y / CELL).floor());
        ((0.0..13.0).contains(&col) && (0.0..13.0).contains(&row))
            .then(|| HandClass::at(row as usize, col as usize))
    };
    if response.secondary_clicked() {
        state.drill = ui.input(|i| i.pointer.interact_pos()).and_then(class_at);
    }
    let mut changed = paint(ui, &response, state, &mut range, class_at);
    draw_cells(&ui.painter_at(rect), rect, &range);
    live_count_line(ui, &range, blocked);
    changed |= weight_and_top(ui, state, &mut range);
    changed |= drill_down(ui, state, &mut range, blocked);
    if changed {
        *text = if range.is_empty() {
            String::new()
        } else {
            range.to_string()
        };
    }
    changed
}

/// The quick-range buttons above the grid; the range of the one clicked.
fn quick_buttons(ui: &mut egui::Ui) -> Option<&'static str> {
    let mut quick = None;
    ui.horizontal_wrapped(|ui| {
        for (name, range_text, what) in QUICK {
            if ui.small_button(*name).on_hover_text(*what).clicked() {
                quick = Some(*range_text);
            }
        }
    });
    quick
}

/// Painting with the pointer: a press on a cell adds its class at the paint weight (or
/// removes it, when present) and a drag paints the same way over every cell it crosses.
/// Returns true when `range` changed.
fn paint(
    ui: &egui::Ui,
    response: &egui::Response,
    state: &mut GridState,
    range: &mut HandRange,
    class_at: impl Fn(egui::Pos2) -> Option<HandClass>,
) -> bool {
    let grid = range.grid();
    let mut changed = false;
    let (down, pointer) = ui.input(|i| (i.pointer.primary_down(), i.pointer.interact_pos()));
    let painting = down && (response.is_pointer_button_down_on() || state.paint.is_some());
    // A press that painted in an earlier frame ends with a click that must not toggle
    // again; a press and release within one frame (a touchpad tap) paints nothing while
    // down, so its click toggles the cell.
    let painted_this_press = state.paint.is_some();
    if !down {
        state.paint = None;
    }
    let quick_click = response.clicked() && !painted_this_press && !painting;
    if let Some(class) = pointer
        .filter(|_| painting || quick_click)
        .and_then(class_at)
    {
        let present = grid[class.row()][class.col()].present > 0;
        let paint = *state
            .paint
            .get_or_insert(if present { Paint::Remove } else { Paint::Add });
        let want = if paint == Paint::Add {
            state.weight
        } else {
            0.0
        };
        if class.combos().iter().any(|&c| range.weight(c) != want) {
            for combo in class.combos() {
                range.set(combo, want);
            }
            changed = true;
        }
    }
    if quick_click {
        state.paint = None;
    }
    changed
}

/// The 13×13 cells: each class's share of its combos present as the fill's height, their
/// average weight as its strength.
fn draw_cells(painter: &egui::Painter, rect: egui::Rect, range: &HandRange) {
    let grid = range.grid();
    for class in HandClass::all() {
        let c = grid[class.row()][class.col()];
        let cell_rect = egui::Rect::from_min_size(
            rect.min + egui::vec2(class.col() as f32 * CELL, class.row() as f32 * CELL),
            egui::vec2(CELL - 1.0, CELL - 1.0),
        );
        let base = match class.kind() {
            crate::range::ClassKind::Pair => Color32::from_gray(70),
            crate::range::ClassKind::Suited => Color32::from_gray(55),
            crate::range::ClassKind::Offsuit => Color32::from_gray(45),
        };
        painter.rect_filled(cell_rect, 2.0, base);
        if c.present > 0 {
            let share = c.present as f32 / c.possible as f32;
            let weight = c.weight_sum / c.present as f32;
            let mut filled = cell_rect;
            filled.min.y = filled.max.y - filled.height() * share;
            let color = Color32::from_rgb(46, 160, 67).gamma_multiply(0.35 + 0.65 * weight);
            painter.rect_filled(filled, 2.0, color);
        }
        painter.text(
            cell_rect.center(),
            egui::Align2::CENTER_CENTER,
            class.to_string(),
            egui::FontId::proportional(10.0),
            Color32::WHITE,
        );
    }
    painter.rect_stroke(
        rect,
        0.0,
        Stroke::new(1.0, Color32::from_gray(90)),
        egui::StrokeKind::Outside,
    );
}

/// The count under the grid. Combos holding a board or dead card cannot be dealt: the
/// count says how many can.
fn live_count_line(ui: &mut egui::Ui, range: &HandRange, blocked: CardSet) {
    let combos = range.combo_count();
    let live = range
        .iter()
        .filter(|(c, _)| !c.card_set().intersects(blocked))
        .count();
    let count = if live == combos {
        format!("{combos} combos")
    } else {
        format!(
            "{live} live combos ({combos} in the range, {} hold a board or dead card)",
            combos - live
        )
    };
    ui.label(format!(
        "{count} · {:.1}% of all hands",
        100.0 * range.fraction_of_all()
    ));
}

/// The paint weight, and the top-n% slider with its ranking (which replace the range).
/// Returns true when `range` changed.
fn weight_and_top(ui: &mut egui::Ui, state: &mut GridState, range: &mut HandRange) -> bool {
    let mut changed = false;
    ui.horizontal(|ui| {
        let l = ui.label("Paint weight");
        ui.add(egui::Slider::new(&mut state.weight, 0.05..=1.0))
            .labelled_by(l.id);
    });
    ui.horizontal(|ui| {
        let l = ui.label("Top").on_hover_text(
            "The strongest classes first, by the ranking chosen below (the n% notation \
             ranks by equity against one random hand)",
        );
        let slider = egui::Slider::new(&mut state.top_percent, 0.0..=100.0).suffix("%");
        if ui.add(slider).labelled_by(l.id).changed() {
            *range = crate::range::top_percent_by(state.top_percent as f64, state.ranking);
            changed = true;
        }
    });
    ui.horizontal(|ui| {
        ui.label("ranked by");
        for ranking in PreflopRanking::ALL {
            if ui
                .radio_value(&mut state.ranking, ranking, ranking.describe())
                .changed()
                && state.top_percent > 0.0
            {
                *range = crate::range::top_percent_by(state.top_percent as f64, ranking);
                changed = true;
            }
        }
    });
    changed
}

/// The drilled class's combos as check boxes (a combo holding a board or dead card can
/// never be dealt, so its box is disabled), or the hint how to drill. Returns true when
/// `range` changed.
fn drill_down(
    ui: &mut egui::Ui,
    state: &mut GridState,
    range: &mut HandRange,
    blocked: CardSet,
) -> bool {
    let Some(class) = state.drill else {
        ui.label(egui::RichText::new("Right-click a cell to pick its exact combos.").small());
        return false;
    };
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("{class}:"));
        for combo in class.combos() {
            let mut on = range.contains(combo);
            let dealable = !combo.card_set().intersects(blocked);
            let checkbox = egui::Checkbox::new(&mut on, combo.to_string());
            let response = ui.add_enabled(dealable, checkbox);
            let response = if dealable {
                response
            } else {
                response.on_disabled_hover_text("holds a board or dead card")
            };
            if response.changed() {
                range.set(combo, if on { state.weight } else { 0.0 });
                changed = true;
            }
        }
        if ui.button("close").clicked() {
            state.drill = None;
        }
    });
    changed
}
