//! The Hand view's session page: every hand of a history file with its result and its
//! all-in adjusted result, filtered, and the winnings graph of both over the session.

use super::{money_f64, HandView};
use crate::command::{Command, CommandSender, DialogPurpose, ViewCommand};
use crate::scenario::{HandInputs, SessionFilter, ViewKind};
use crate::view::ViewContext;
use crate::widgets::{shorten, ERROR_COLOR, PARTIAL_COLOR};
use egui::{Color32, RichText};
use multiodds_engine::history::session::{Currency, CurrencyTotals, HandRow};
use std::path::PathBuf;

/// The session: progress, filters, totals, graph, list, refusals.
pub(super) fn session_page(view: &mut HandView, ui: &mut egui::Ui, commands: &CommandSender) {
    let Some(read) = view.session() else {
        ui.label(if view.session_tracker.running {
            "Importing…"
        } else {
            "Open a hand history, or list files and folders under Session and click Import and list (with none listed, every stored hand is listed)."
        });
        return;
    };
    let partial = !read.complete();
    let progress = format!(
        "{} of {} files imported · {} hands stored{}",
        read.session.files,
        read.files_total,
        read.session.rows.len(),
        if view.session_tracker.running {
            " · importing…"
        } else if partial {
            " · stopped: partial"
        } else {
            ""
        }
    );
    ui.label(if partial {
        RichText::new(progress).color(PARTIAL_COLOR)
    } else {
        RichText::new(progress)
    });
    if let Some(why) = &read.session.stopped {
        ui.label(RichText::new(format!("Partial: {why}")).color(PARTIAL_COLOR));
    }
    filters(ui, &mut view.inputs.filter);
    let rows = view.shown_rows();
    totals(ui, &rows);
    let graph_height = (ui.available_height() * 0.3).clamp(100.0, 220.0);
    winnings_graph(ui, cumulative(&rows), graph_height);
    ui.separator();
    hand_list(ui, &rows, commands);
    let refused = view.session().map_or(&[][..], |r| &r.session.refused[..]);
    if !refused.is_empty() {
        egui::CollapsingHeader::new(format!("{} not read", refused.len()))
            .id_salt("session_refused")
            .show(ui, |ui| {
                for r in refused {
                    ui.label(RichText::new(r.to_string()).color(ERROR_COLOR));
                }
            });
    }
}

/// Which hands are listed: game, stakes, site and currency, a date range, the hero's
/// position and cards, all-in, showdown, and hands the hero was dealt into.
fn filters(ui: &mut egui::Ui, f: &mut SessionFilter) {
    ui.horizontal_wrapped(|ui| {
        let fields: [(&str, &mut String, f32, &str); 8] = [
            (
                "Game",
                &mut f.game,
                90.0,
                "Words of the game's name: hold'em, omaha, stud",
            ),
            (
                "Stakes",
                &mut f.stakes,
                70.0,
                "Part of the stakes as written: $1/$2",
            ),
            (
                "Site",
                &mut f.site,
                80.0,
                "PokerStars, Winamax, PartyPoker, 888/Pacific …",
            ),
            ("Currency", &mut f.currency, 50.0, "$, €, £ … or chips"),
            (
                "From",
                &mut f.from,
                80.0,
                "The first day: 2012-11-28, or 2012-11-28 13:05",
            ),
            ("To", &mut f.to, 80.0, "The last day, included"),
            (
                "Position",
                &mut f.position,
                40.0,
                "The hero's position: BTN, SB, BB, UTG … CO",
            ),
            (
                "Cards",
                &mut f.cards,
                90.0,
                "The hero's cards in a range: QQ+, AKs (Omaha: AA**)",
            ),
        ];
        for (label, text, width, tip) in fields {
            // A label and its field wrap together: the row ends first when both would
            // not fit in what is left of it.
            let label_width = ui
                .painter()
                .layout_no_wrap(
                    label.to_string(),
                    egui::TextStyle::Body.resolve(ui.style()),
                    Color32::WHITE,
                )
                .size()
                .x;
            let spacing = ui.spacing().item_spacing.x;
            // The field's frame adds its margins to the text width.
            let needed =
                label_width + width + 2.0 * spacing + 2.0 * ui.spacing().button_padding.x + 16.0;
            if ui.available_size_before_wrap().x < needed {
                ui.end_row();
            }
            let l = ui.label(label);
            ui.add(
                egui::TextEdit::singleline(text)
                    .desired_width(width)
                    .hint_text("any"),
            )
            .labelled_by(l.id)
            .on_hover_text(tip);
        }
        ui.checkbox(&mut f.all_in, "All-in");
        ui.checkbox(&mut f.showdown, "Showdown");
        ui.checkbox(&mut f.hero, "Hero in hand").on_hover_text(
            "Only hands the hero (the name given, or the player dealt to) was dealt into",
        );
    });
    // A field that does not read is named at once and filters nothing.
    if let Some((field, why)) = f.problem() {
        ui.colored_label(ui.visuals().error_fg_color, format!("{field}: {why}"));
    }
}

/// The hands' count, all-ins and the hero's result and all-in adjusted result, per
/// currency: dollars, euros and play chips are not added together.
fn totals(ui: &mut egui::Ui, rows: &[&HandRow]) {
    let totals = CurrencyTotals::of(rows.iter().copied());
    let several = totals.currencies.len() > 1;
    for (c, t) in &totals.currencies {
        ui.label(format!(
            "{}{} hands · {} with an all-in, {} adjusted · hero {}, all-in adjusted {}",
            if several {
                format!("{}: ", c.name)
            } else {
                String::new()
            },
            t.hands,
            t.all_in_hands,
            t.adjusted_hands,
            money_f64(&c.sign, t.hero_net),
            money_f64(&c.sign, t.hero_adjusted)
        ));
    }
}

/// One line per hand, never wrapped (a narrow window scrolls sideways); a click replays
/// the hand.
fn hand_list(ui: &mut egui::Ui, rows: &[&HandRow], commands: &CommandSender) {
    let list_height = (ui.available_height() - 24.0).max(140.0);
    egui::ScrollArea::horizontal()
        .id_salt("session_columns")
        .max_height(list_height)
        .show(ui, |ui| {
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            ui.label(
                RichText::new(format!(
                    "{:<22} {:<26} {:<12} {:<12} {:>10} {:>10}",
                    "hand", "game", "stakes", "hero", "result", "adjusted"
                ))
                .monospace()
                .strong(),
            );
            let row_height = ui.text_style_height(&egui::TextStyle::Monospace) + 6.0;
            egui::ScrollArea::vertical()
                .id_salt("session_rows")
                .max_height((list_height - 40.0).max(100.0))
                .show_rows(ui, row_height, rows.len(), |ui, range| {
                    for r in &rows[range] {
                        let text = format!(
                            "{:<22} {:<26} {:<12} {:<12} {:>10} {:>10} {}",
                            format!("#{}", r.id),
                            shorten(&r.game, 26),
                            // Long stakes (`Button Blind $0.50 - Ante $0.50`) would push
                            // the columns after them out of line.
                            shorten(&r.stakes, 12),
                            shorten(r.hero.as_deref().unwrap_or("-"), 12),
                            money_f64(&r.currency, r.hero_net),
                            if r.adjusted {
                                money_f64(&r.currency, r.hero_adjusted)
                            } else {
                                String::new()
                            },
                            if r.all_in { "all-in" } else { "" }
                        );
                        if ui
                            .selectable_label(false, RichText::new(text).monospace())
                            .on_hover_text(format!("{}:{}", r.file, r.line))
                            .clicked()
                        {
                            commands.view(
                                ViewKind::Hand,
                                ViewCommand::ShowHand(PathBuf::from(&r.file), r.line),
                            );
                        }
                    }
                });
        });
}

/// One currency's lines: the hero's actual and all-in adjusted winnings cumulated over
/// that currency's hands.
#[derive(Clone)]
pub(super) struct CurrencyLines {
    /// The currency's name (`$`, `€`, `chips`).
    pub name: String,
    /// Actual, then all-in adjusted.
    pub lines: [Vec<[f64; 2]>; 2],
}

/// The hero's actual and all-in adjusted winnings cumulated over the hands, a pair of
/// lines per currency (never summed across currencies), each over its own hands.
pub(super) fn cumulative(rows: &[&HandRow]) -> Vec<CurrencyLines> {
    let mut out: Vec<(String, CurrencyLines)> = Vec::new();
    for r in rows {
        let i = match out.iter().position(|(c, _)| *c == r.currency) {
            Some(i) => i,
            None => {
                out.push((
                    r.currency.clone(),
                    CurrencyLines {
                        name: Currency::of(&r.currency).name,
                        lines: [vec![[0.0, 0.0]], vec![[0.0, 0.0]]],
                    },
                ));
                out.len() - 1
            }
        };
        let [actual, adjusted] = &mut out[i].1.lines;
        let n = actual.len() as f64;
        let (a, b) = (actual[actual.len() - 1][1], adjusted[adjusted.len() - 1][1]);
        actual.push([n, a + r.hero_net]);
        adjusted.push([n, b + r.hero_adjusted]);
    }
    out.into_iter().map(|(_, l)| l).collect()
}

/// The cumulated lines: actual against all-in adjusted, per currency (named in the
/// legend when there are several; each currency in its own shade).
pub(super) fn winnings_graph(ui: &mut egui::Ui, currencies: Vec<CurrencyLines>, height: f32) {
    use egui_plot::{Legend, Line, Plot, PlotPoints};
    let several = currencies.len() > 1;
    Plot::new("session_winnings")
        .height(height.max(120.0))
        .legend(Legend::default().position(egui_plot::Corner::LeftTop))
        .x_axis_label("hands")
        .y_axis_label(if several {
            "won (each currency on its own)"
        } else {
            "won"
        })
        .allow_scroll(false)
        .show(ui, |plot| {
            for (i, c) in currencies.into_iter().enumerate() {
                let [actual, adjusted] = c.lines;
                let prefix = if several {
                    format!("{}: ", c.name)
                } else {
                    String::new()
                };
                // Each further currency a little darker, so the pairs tell apart.
                let shade = |rgb: [u8; 3]| {
                    let k = 1.0 - 0.25 * (i % 3) as f32;
                    Color32::from_rgb(
                        (rgb[0] as f32 * k) as u8,
                        (rgb[1] as f32 * k) as u8,
                        (rgb[2] as f32 * k) as u8,
                    )
                };
                plot.line(
                    Line::new(format!("{prefix}actual"), PlotPoints::from(actual))
                        .color(shade([46, 160, 67])),
                );
                plot.line(
                    Line::new(
                        format!("{prefix}all-in adjusted"),
                        PlotPoints::from(adjusted),
                    )
                    .color(shade([240, 140, 40])),
                );
            }
        });
}

crate::view::inputs_accessors!(HandView, HandInputs);

/// The session's files and folders, the hero's name, and reading (or stopping) it.
pub(super) fn session_fields(view: &mut HandView, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
    ui.separator();
    ui.label(RichText::new("Session").strong()).on_hover_text(
        "Hand-history files or folders, one per line (folders are searched for .txt files)",
    );
    let mut paths = view.inputs.session.join("\n");
    if ui
        .add(
            egui::TextEdit::multiline(&mut paths)
                .id(crate::widgets::field_id(ui, "Session"))
                .hint_text("/path/to/HandHistory/")
                .desired_rows(2)
                .desired_width(f32::INFINITY),
        )
        .changed()
    {
        view.inputs.session = paths.lines().map(str::to_string).collect();
    }
    ui.horizontal(|ui| {
        ui.label("Hero");
        ui.add(
            egui::TextEdit::singleline(&mut view.inputs.hero)
                .hint_text("the player dealt to")
                .desired_width(140.0),
        );
    });
    ui.horizontal(|ui| {
        ui.label("Database").on_hover_text(
            "The hand database the session is imported into: each hand once, a file \
             imported before adds only its new hands. Empty: hands.sqlite in your data folder.",
        );
        ui.add(
            egui::TextEdit::singleline(&mut view.inputs.database)
                .id(crate::widgets::field_id(ui, "Database"))
                .hint_text("your data folder")
                .desired_width(f32::INFINITY),
        );
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .button("Add folder…")
            .on_hover_text(
                "Choose a folder of hand histories: it joins the session, which is read again",
            )
            .clicked()
        {
            cx.commands
                .send(Command::OpenDialog(DialogPurpose::SessionFolder));
        }
        if ui
            .button("Import and list")
            .on_hover_text(
                "Import the files and folders above into the database, then list every stored hand",
            )
            .clicked()
        {
            cx.commands.view(ViewKind::Hand, ViewCommand::ReadSession);
        }
        if ui
            .add_enabled(
                view.session_tracker.running,
                egui::Button::new("Stop import"),
            )
            .clicked()
        {
            cx.commands.view(ViewKind::Hand, ViewCommand::StopSession);
        }
    });
    if let Some(note) = &view.session_note {
        ui.label(RichText::new(note).color(ERROR_COLOR));
    }
}
