//! The Flops view's report: the summary of each texture group, the chart of equity along a
//! texture axis, the heat map of the 13×13 grid, the table of groups, the table of flops
//! and one flop's details. Everything here draws a finished (or partial) report; nothing
//! computes.

use super::{equity_text, pct, sorted_rows, summary_line, title, FlopsView, GroupsShown};
use crate::command::SentHands;
use crate::command::{Command, CommandSender, ViewCommand};
use crate::equity::flops::report::{FlopsReport, GroupFigures, SeatOverFlops, TextureFilter};
use crate::equity::flops::{Flop, FlopLine, FlopResult};
use crate::range::HandClass;
use crate::scenario::{FlopsColumn, FlopsInputs, ViewKind};
use egui::{Color32, RichText, Sense};

/// Everything on the right, top to bottom.
pub(super) fn report_panels(
    ui: &mut egui::Ui,
    report: &FlopsReport,
    figures: &GroupsShown,
    inputs: &FlopsInputs,
    stale: bool,
    commands: &CommandSender,
) {
    ui.horizontal_wrapped(|ui| {
        crate::widgets::title_heading(ui, &title(inputs, Some(48)));
        if stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    ui.label(format!("{} · {}", report.describe_set(), report.method()));
    if !report.is_complete() {
        let deals = report
            .sampled
            .map(|d| format!(", {} of {} deals", d.deals, d.target))
            .unwrap_or_default();
        ui.colored_label(
            Color32::from_rgb(200, 120, 0),
            format!(
                "PARTIAL: {} of {} flops done{deals}; every figure is of what is done",
                report.done(),
                report.flops.len()
            ),
        );
    }
    if let (false, Some(e)) = (report.is_complete(), report.estimate) {
        ui.label(RichText::new(format!("Estimated before it started: {}", e.describe())).weak());
    }
    ui.label(RichText::new(report.describe_check()).weak());
    ui.label(
        RichText::new(
            "Figures are averaged by how often each flop comes given the ranges (dealt weight); raw weight: how often it comes at all.",
        )
        .weak(),
    );
    if !report.exact {
        ui.label(
            RichText::new(
                "Monte Carlo: equity, win and tie with ± one standard error. Nut shares, lines and the class heat map need each hand's equity: Hold'em heads-up (exact) only.",
            )
            .weak(),
        );
    }
    let group = &figures.group;
    ui.label(RichText::new(summary_line(report, group)).strong());
    ui.separator();
    let wide = ui.available_width() >= 900.0;
    let map_size = if wide {
        (ui.available_width() * 0.4).min(13.0 * 30.0)
    } else {
        ui.available_width().min(13.0 * 30.0)
    };
    let parts = |ui: &mut egui::Ui, first: bool| {
        if first {
            group_figures(ui, report, group);
        } else if report.exact {
            heat_map(ui, group, inputs, map_size, true);
        }
    };
    if wide {
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| parts(ui, true));
            ui.add_space(16.0);
            ui.vertical(|ui| parts(ui, false));
        });
    } else {
        parts(ui, true);
        parts(ui, false);
    }
    ui.separator();
    ui.label(
        RichText::new(if report.exact {
            "The group split by texture (equity and ≥80% share)"
        } else {
            "The group split by texture (equity)"
        })
        .strong(),
    );
    axis_chart(ui, report, figures, 340.0);
    ui.separator();
    groups_table(ui, report, figures, inputs, commands);
    ui.separator();
    flops_table(ui, report, inputs, commands);
}

/// The group's figures for every range, line by line.
pub(super) fn group_figures(ui: &mut egui::Ui, report: &FlopsReport, group: &GroupFigures) {
    if group.seats.is_empty() {
        ui.label("No flop of this group has a deal of the ranges.");
        return;
    }
    let heads_up_exact = report.exact && group.seats.len() == 2;
    egui::Grid::new("flops_group_figures")
        .striped(true)
        .num_columns(group.seats.len() + 2)
        .show(ui, |ui| {
            ui.label("");
            for k in 1..=group.seats.len() {
                ui.label(RichText::new(format!("Range {k}")).strong());
            }
            if heads_up_exact {
                ui.label(RichText::new("1 − 2").strong());
            }
            ui.end_row();
            let mut row = |name: &str, value: &dyn Fn(&SeatOverFlops) -> f64, se: bool| {
                ui.label(name);
                for s in &group.seats {
                    ui.label(if se {
                        equity_text(value(s), s.std_error)
                    } else {
                        pct(value(s))
                    });
                }
                if heads_up_exact {
                    let d = value(&group.seats[0]) - value(&group.seats[1]);
                    ui.label(format!("{:+.1}", 100.0 * d));
                }
                ui.end_row();
            };
            row("Equity", &|s| s.equity, true);
            row("Win", &|s| s.win, false);
            row("Tie", &|s| s.tie, false);
            if report.exact {
                row("≥ 80% equity", &|s| s.nut80, false);
                row("≥ 90% equity", &|s| s.nut90, false);
                for (k, name) in ["0–25%", "25–50%", "50–75%", "75–100%"].iter().enumerate()
                {
                    row(&format!("equity {name}"), &|s| s.buckets[k], false);
                }
                for (k, line) in FlopLine::ALL.iter().enumerate() {
                    row(line.name(), &|s| s.lines[k], false);
                }
            }
        });
}

/// One series of the texture chart: its name, colour and figure of a group.
type Series = (String, Color32, Box<dyn Fn(&GroupFigures) -> f64>);

/// Colours of the ranges' bars (a lighter one of each for the ≥80% share).
const RANGE_COLORS: [Color32; 6] = [
    Color32::from_rgb(66, 133, 244),
    Color32::from_rgb(219, 68, 55),
    Color32::from_rgb(15, 157, 88),
    Color32::from_rgb(244, 180, 0),
    Color32::from_rgb(171, 71, 188),
    Color32::from_rgb(0, 172, 193),
];

/// Bars per texture value within the group, one row per value with its name, so every
/// name stays readable at any width: each range's equity, and in the exact report the
/// ≥80% share of both. `height` is the most it may take.
pub(super) fn axis_chart(
    ui: &mut egui::Ui,
    report: &FlopsReport,
    figures: &GroupsShown,
    height: f32,
) {
    let groups: Vec<&(TextureFilter, String, GroupFigures)> = figures
        .split
        .iter()
        .filter(|(_, _, g)| !g.seats.is_empty())
        .collect();
    let seats = report.seats;
    let mut series: Vec<Series> = (0..seats)
        .map(|k| {
            (
                format!("equity {}", k + 1),
                RANGE_COLORS[k % RANGE_COLORS.len()],
                Box::new(move |g: &GroupFigures| g.seats.get(k).map_or(0.0, |s| s.equity))
                    as Box<dyn Fn(&GroupFigures) -> f64>,
            )
        })
        .collect();
    if report.exact {
        for (k, color) in RANGE_COLORS.iter().enumerate().take(seats.min(2)) {
            series.push((
                format!("≥80% {}", k + 1),
                color.gamma_multiply(0.55),
                Box::new(move |g: &GroupFigures| g.seats.get(k).map_or(0.0, |s| s.nut80)),
            ));
        }
    }
    // The key, then the rows in what is left of `height` (a picture gives the space
    // left on its page: every row and the axis fit in it).
    let top = ui.cursor().top();
    chart_key(ui, &series);
    let rows_height = height - (ui.cursor().top() - top) - 16.0;
    let per_row = rows_height / groups.len().max(1) as f32 - 6.0;
    let bar = (per_row / series.len() as f32).clamp(1.5, 8.0);
    let row = bar * series.len() as f32 + 6.0;
    let label_width = 150.0;
    let width = ui.available_width().max(label_width + 100.0);
    let (rect, response) = ui.allocate_exact_size(
        egui::vec2(width, row * groups.len() as f32 + 16.0),
        Sense::hover(),
    );
    let painter = ui.painter_at(rect);
    let scale = rect.width() - label_width - 24.0;
    let x0 = rect.min.x + label_width;
    let text_color = ui.visuals().text_color();
    // Grid lines at 0, 25, 50, 75 and 100 %.
    for q in 0..=4 {
        let x = x0 + scale * q as f32 / 4.0;
        painter.line_segment(
            [egui::pos2(x, rect.min.y), egui::pos2(x, rect.max.y - 14.0)],
            egui::Stroke::new(1.0, Color32::from_gray(70)),
        );
        painter.text(
            egui::pos2(x, rect.max.y),
            egui::Align2::CENTER_BOTTOM,
            format!("{}%", q * 25),
            egui::FontId::proportional(11.0),
            text_color,
        );
    }
    let mut hovered = None;
    for (i, (_, name, g)) in groups.iter().enumerate() {
        let top = rect.min.y + i as f32 * row + 3.0;
        painter.text(
            egui::pos2(rect.min.x, top + row / 2.0 - 3.0),
            egui::Align2::LEFT_CENTER,
            name,
            egui::FontId::proportional(12.0),
            text_color,
        );
        for (k, (_, color, value)) in series.iter().enumerate() {
            let y = top + k as f32 * bar;
            let r = egui::Rect::from_min_size(
                egui::pos2(x0, y),
                egui::vec2(scale * value(g).clamp(0.0, 1.0) as f32, bar - 1.0),
            );
            painter.rect_filled(r, 0.0, *color);
        }
        if response
            .hover_pos()
            .is_some_and(|p| p.y >= top && p.y < top + row)
        {
            hovered = Some(i);
        }
    }
    if let Some(i) = hovered {
        let (_, name, g) = groups[i];
        let lines: Vec<String> = series
            .iter()
            .map(|(s, _, value)| format!("{s}: {}", pct(value(g))))
            .collect();
        response.on_hover_text(format!("{name}\n{}", lines.join("\n")));
    }
}

/// The chart's key: a swatch and a name per series.
fn chart_key(ui: &mut egui::Ui, series: &[Series]) {
    ui.horizontal_wrapped(|ui| {
        for (name, color, _) in series {
            let (r, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), Sense::hover());
            ui.painter().rect_filled(r, 2.0, *color);
            ui.label(name);
        }
    });
}

/// `filter` with the axis `one` sets replaced by its value.
pub(super) fn combine(filter: TextureFilter, one: TextureFilter) -> TextureFilter {
    TextureFilter {
        suits: one.suits.or(filter.suits),
        pairing: one.pairing.or(filter.pairing),
        high: one.high.or(filter.high),
        connected: one.connected.or(filter.connected),
    }
}

/// The 13×13 grid of the chosen range's class equity across the group's flops.
/// `on_screen`: the window (a cell's figure on hover), not a picture.
pub(super) fn heat_map(
    ui: &mut egui::Ui,
    group: &GroupFigures,
    inputs: &FlopsInputs,
    size: f32,
    on_screen: bool,
) {
    let seat = inputs.heat_map_range.min(1);
    ui.label(
        RichText::new(format!(
            "Range {}: equity by class across {}{}",
            seat + 1,
            inputs.filter.name(),
            if on_screen {
                " (hover for the figure)"
            } else {
                ""
            }
        ))
        .strong(),
    );
    let Some(figures) = group.seats.get(seat) else {
        ui.label("No deal of the ranges on these flops.");
        return;
    };
    let cell = size / 13.0;
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), Sense::hover());
    let painter = ui.painter_at(rect);
    for class in HandClass::all() {
        let at = rect.min + egui::vec2(class.col() as f32 * cell, class.row() as f32 * cell);
        let r = egui::Rect::from_min_size(at, egui::vec2(cell - 1.0, cell - 1.0));
        let (fill, text) = match figures.class_equity.get(class.index()).copied().flatten() {
            Some(e) => {
                let t = e.clamp(0.0, 1.0) as f32;
                (
                    Color32::from_rgb((220.0 * (1.0 - t)) as u8 + 20, (180.0 * t) as u8 + 40, 60),
                    Color32::WHITE,
                )
            }
            None => (Color32::from_gray(60), Color32::from_gray(140)),
        };
        painter.rect_filled(r, 2.0, fill);
        painter.text(
            r.center(),
            egui::Align2::CENTER_CENTER,
            class.to_string(),
            egui::FontId::proportional((cell * 0.32).clamp(7.0, 14.0)),
            text,
        );
    }
    if let Some(pos) = response.hover_pos() {
        let col = ((pos.x - rect.min.x) / cell) as usize;
        let row = ((pos.y - rect.min.y) / cell) as usize;
        if row < 13 && col < 13 {
            let class = HandClass::at(row, col);
            let text = match figures.class_equity.get(class.index()).copied().flatten() {
                Some(e) => format!("{class}: {} equity across the group", pct(e)),
                None => format!("{class}: not in range {} on these flops", seat + 1),
            };
            response.on_hover_text(text);
        }
    }
}

/// The texture groups of the chosen group, one per axis value, sortable by a click on a
/// heading (again: the other way; the sort is the window's, kept in egui's memory); a
/// click on a group narrows the chosen group to it.
fn groups_table(
    ui: &mut egui::Ui,
    report: &FlopsReport,
    figures: &GroupsShown,
    inputs: &FlopsInputs,
    commands: &CommandSender,
) {
    ui.label(
        RichText::new(
            "Groups (click a heading to sort, a group to narrow the texture group to it)",
        )
        .strong(),
    );
    let heads_up_exact = report.exact && report.seats == 2;
    let mut headings: Vec<String> = ["Group", "Flops", "Raw", "Dealt"]
        .map(String::from)
        .to_vec();
    headings.extend((1..=report.seats).map(|k| format!("Equity {k}")));
    if heads_up_exact {
        headings.extend(["≥80% 1", "≥80% 2", "Nut adv."].map(String::from));
    }
    // Each row: the filter, its name, the figures in heading order after the name.
    let mut rows: Vec<(TextureFilter, &String, &GroupFigures, Vec<f64>)> = figures
        .split
        .iter()
        .map(|(combined, name, g)| {
            let mut values = vec![g.count as f64, g.raw_weight, g.dealt_weight];
            values.extend(g.seats.iter().map(|s| s.equity));
            if let (true, [a, b]) = (heads_up_exact, g.seats.as_slice()) {
                values.extend([a.nut80, b.nut80, a.nut80 - b.nut80]);
            }
            (*combined, name, g, values)
        })
        .collect();
    let sort_id = egui::Id::unique("flops_groups_sort");
    let sort: Option<(usize, bool)> = ui.data(|d| d.get_temp(sort_id));
    if let Some((column, descending)) = sort.filter(|(c, _)| *c > 0) {
        rows.sort_by(|a, b| {
            let key = |r: &(TextureFilter, &String, &GroupFigures, Vec<f64>)| {
                r.3.get(column - 1).copied().unwrap_or(f64::NEG_INFINITY)
            };
            let order = key(a).total_cmp(&key(b));
            if descending {
                order.reverse()
            } else {
                order
            }
        });
    }
    egui::Grid::new("flops_groups")
        .striped(true)
        .show(ui, |ui| {
            for (column, h) in headings.iter().enumerate() {
                let arrow = match sort {
                    Some((c, true)) if c == column => " ⬇",
                    Some((c, false)) if c == column => " ⬆",
                    _ => "",
                };
                let button =
                    egui::Button::new(RichText::new(format!("{h}{arrow}")).strong()).frame(false);
                if ui.add(button).clicked() {
                    let next = match sort {
                        Some((c, descending)) if c == column => (column, !descending),
                        _ => (column, column > 0),
                    };
                    ui.data_mut(|d| d.insert_temp(sort_id, next));
                }
            }
            ui.end_row();
            for (combined, name, g, _) in &rows {
                if ui
                    .selectable_label(inputs.filter == *combined, name.as_str())
                    .clicked()
                {
                    commands.send(Command::ToView(
                        ViewKind::Flops,
                        ViewCommand::ShowGroup(*combined),
                    ));
                }
                ui.label(g.count.to_string());
                ui.label(pct(g.raw_weight));
                ui.label(pct(g.dealt_weight));
                if g.seats.is_empty() {
                    ui.label("no deal");
                }
                for s in &g.seats {
                    ui.label(equity_text(s.equity, s.std_error));
                }
                if let (true, [a, b]) = (heads_up_exact, g.seats.as_slice()) {
                    ui.label(pct(a.nut80));
                    ui.label(pct(b.nut80));
                    ui.label(format!("{:+.1}", 100.0 * (a.nut80 - b.nut80)));
                }
                ui.end_row();
            }
        });
}

/// The group's flops, sortable by a click on a heading (again: the other way), each
/// flop a button that opens it in the Range view. One function because its headings and
/// its rows share the column list and the sort: drawn apart, they would drift.
fn flops_table(
    ui: &mut egui::Ui,
    report: &FlopsReport,
    inputs: &FlopsInputs,
    commands: &CommandSender,
) {
    let rows = sorted_rows(report, inputs);
    ui.label(
        RichText::new(format!(
            "Flops of the group: {} (click a flop to open it in the Range view)",
            rows.len()
        ))
        .strong(),
    );
    // The exact heads-up report sorts by every column; a sampled one by its flop,
    // weight and range 1's equity.
    let columns: Vec<FlopsColumn> = if report.exact && report.seats == 2 {
        FlopsColumn::ALL.to_vec()
    } else {
        vec![FlopsColumn::Flop, FlopsColumn::Weight, FlopsColumn::Equity]
    };
    let width = |c: FlopsColumn| if c == FlopsColumn::Flop { 96.0 } else { 84.0 };
    ui.horizontal(|ui| {
        for &column in &columns {
            let (sorted, descending) = inputs.sort;
            let arrow = match (sorted == column, descending) {
                (true, true) => " ⬇",
                (true, false) => " ⬆",
                _ => "",
            };
            let button = egui::Button::new(format!("{}{arrow}", column.name())).frame(false);
            if ui.add_sized([width(column), 18.0], button).clicked() {
                let descending = if sorted == column {
                    !descending
                } else {
                    column != FlopsColumn::Flop
                };
                commands.send(Command::ToView(
                    ViewKind::Flops,
                    ViewCommand::SortFlops(column, descending),
                ));
            }
        }
        for k in 2..=report.seats.max(2) {
            if !(report.exact && report.seats == 2) {
                ui.add_sized(
                    [84.0, 18.0],
                    egui::Label::new(RichText::new(format!("Equity {k}")).strong()),
                );
            }
        }
        // The last column takes what the window leaves (its words cut with "…" and
        // whole on hover, never clipped unseen at the window's edge).
        ui.add_sized(
            [ui.available_width().clamp(120.0, 260.0), 18.0],
            egui::Label::new(RichText::new("Texture").strong()),
        );
    });
    let row_height = 20.0;
    // Its own height inside the view's scrolling: a nested area otherwise shrinks to
    // what is left of the window when the view is scrolled to its end.
    let table_height = (rows.len() as f32 * (row_height + 4.0)).clamp(row_height, 420.0);
    egui::ScrollArea::vertical()
        .id_salt("flops_table")
        .max_height(420.0)
        .min_scrolled_height(table_height)
        .show_rows(ui, row_height, rows.len(), |ui, range| {
            for (_, flop, result, share) in &rows[range] {
                ui.horizontal(|ui| {
                    let name = flop.name();
                    if ui
                        .add_sized(
                            [width(FlopsColumn::Flop), row_height],
                            egui::Button::new(&name),
                        )
                        .on_hover_ui(|ui| flop_details(ui, report, flop, result))
                        .clicked()
                    {
                        commands.send(Command::SendTo(
                            ViewKind::Range,
                            SentHands {
                                game: inputs.game,
                                ranges: [&inputs.range1, &inputs.range2]
                                    .into_iter()
                                    .chain(&inputs.more)
                                    .cloned()
                                    .collect(),
                                up: Vec::new(),
                                board: name.clone(),
                                dead: inputs.dead.clone(),
                            },
                        ));
                    }
                    let mut cells = vec![format!("{:.3}%", 100.0 * share)];
                    match (report.exact && report.seats == 2, result.seats.as_slice()) {
                        (_, []) => cells.push("no deal".into()),
                        (true, [a, b]) => cells.extend([
                            pct(a.equity),
                            pct(a.nut80),
                            pct(b.nut80),
                            format!("{:+.1}", 100.0 * (a.nut80 - b.nut80)),
                            pct(a.lines[0]),
                        ]),
                        (_, seats) => {
                            cells.extend(seats.iter().map(|s| equity_text(s.equity, s.std_error)))
                        }
                    }
                    for text in &cells {
                        ui.add_sized([84.0, row_height], egui::Label::new(text));
                    }
                    ui.add_sized(
                        [ui.available_width().clamp(120.0, 260.0), row_height],
                        egui::Label::new(RichText::new(flop.texture.describe()).weak()).truncate(),
                    );
                });
            }
        });
}

/// A flop's details on hover: its texture and each range's equity; in the exact report
/// the four buckets and the sorted equity curve of both ranges.
fn flop_details(ui: &mut egui::Ui, report: &FlopsReport, flop: &Flop, result: &FlopResult) {
    ui.label(
        RichText::new(format!(
            "{} — click to open it in the Range view",
            flop.name()
        ))
        .strong(),
    );
    ui.label(flop.texture.describe());
    if result.seats.is_empty() {
        ui.label("No deal of the ranges on this flop.");
        return;
    }
    for (k, s) in result.seats.iter().enumerate() {
        let mut line = format!(
            "Range {}: equity {}, win {}, tie {}",
            k + 1,
            equity_text(s.equity, s.std_error),
            pct(s.win),
            pct(s.tie)
        );
        if report.exact {
            line.push_str(&format!(
                " · ≥80% {} · 0–25/25–50/50–75/75–100%: {}",
                pct(s.nut80),
                s.buckets.map(pct).join(" / ")
            ));
        }
        ui.label(line);
    }
    if !report.exact {
        return;
    }
    ui.label(RichText::new("Each range sorted by equity (x: share of the range)").weak());
    egui_plot::Plot::new(("flop_curve", flop.name()))
        .width(320.0)
        .height(160.0)
        .include_y(0.0)
        .include_y(1.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .legend(egui_plot::Legend::default())
        .show(ui, |plot| {
            for (k, s) in result.seats.iter().enumerate() {
                let points = crate::equity::flops::report::curve_points(&s.curve);
                plot.line(
                    egui_plot::Line::new(
                        format!("range {}", k + 1),
                        egui_plot::PlotPoints::from(points),
                    )
                    .color(RANGE_COLORS[k % RANGE_COLORS.len()]),
                );
            }
        });
}

crate::view::inputs_accessors!(FlopsView, FlopsInputs);
