//! The Query view: a question of the deals in the poker query language (`select
//! avg(riverEquity(hero)) from hero='AKs', villain='QQ+' where flushingBoard(turn)`),
//! answered by the same job as `multiodds query`: each statement's figures, exact or
//! with their standard errors, and how the answer was reached.

use super::command::{CommandSender, ViewCommand};
use super::library::{library_menu, LibraryKind};
use super::picture::Drawing;
use super::view::{Computed, CsvOptions, FieldErrors, RunTracker, View, ViewContext, ViewStatus};
use super::widgets::{run_footer, run_settings, ERROR_COLOR, PARTIAL_COLOR};
use crate::equity::Method;
use crate::query::{Answer, Query};
use crate::scenario::{QueryInputs, Scenario, ViewKind};
use crate::worker::JobManager;
use egui::{Color32, RichText};

/// The Query view: its inputs (persisted) and runtime.
pub struct QueryView {
    /// What the user typed (persisted).
    pub(crate) inputs: QueryInputs,
    /// The query's answers on screen, with the text they answer.
    pub(crate) answers: Computed<Query, String>,
    /// Debounce, running, stale, clock.
    pub(crate) tracker: RunTracker,
    /// Problems at their fields.
    pub(crate) errors: FieldErrors,
    /// The name typed in the library menu to save the query under.
    save_name: String,
}

super::view::inputs_accessors!(QueryView, QueryInputs);

impl QueryView {
    /// The view with the scenario's query.
    pub(crate) fn from_scenario(scenario: &Scenario) -> QueryView {
        QueryView {
            inputs: scenario.query.clone(),
            answers: Computed::default(),
            tracker: RunTracker::default(),
            errors: FieldErrors::default(),
            save_name: String::new(),
        }
    }

    /// The answers on screen.
    pub fn shown(&self) -> Option<&Vec<Answer>> {
        self.answers.result()
    }

    fn validate(&self) -> Result<Query, FieldErrors> {
        FieldErrors::validate(&self.inputs)
    }
}

impl View for QueryView {
    fn kind(&self) -> ViewKind {
        ViewKind::Query
    }

    fn inputs_panel(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        ui.heading("Query view");
        ui.label(
            RichText::new(
                "select … from player='range', board='…' [where …]; Help lists the functions",
            )
            .weak(),
        );
        let label = ui.label("Query");
        // Examples to start from, and the user's own queries saved by name.
        let mut edited = library_menu(
            ui,
            LibraryKind::Query,
            &mut self.inputs.text,
            cx.queries,
            &mut self.save_name,
            cx.commands,
        );
        // The word a refusal points at is underlined in the text itself.
        let at = self.errors.column_at("text");
        let mut layouter = |ui: &egui::Ui, text: &dyn egui::TextBuffer, wrap_width: f32| {
            let mut job = underlined(ui, text.as_str(), at);
            job.wrap.max_width = wrap_width;
            ui.fonts_mut(|f| f.layout_job(job))
        };
        let edit = ui
            .add(
                egui::TextEdit::multiline(&mut self.inputs.text)
                    .id_salt("query_text")
                    .font(egui::TextStyle::Monospace)
                    .desired_rows(8)
                    .desired_width(f32::INFINITY)
                    .layouter(&mut layouter),
            )
            .labelled_by(label.id);
        edited |= edit.changed();
        if let Some(message) = self.errors.at("text") {
            ui.label(RichText::new(message).color(ERROR_COLOR));
        }
        ui.add_space(6.0);
        edited |= run_settings(ui, &mut self.inputs.run, &self.errors, true);
        if edited {
            cx.commands.view(ViewKind::Query, ViewCommand::Edited);
        }
    }

    fn footer(&mut self, ui: &mut egui::Ui, cx: &ViewContext<'_>) {
        ui.separator();
        run_footer(
            ui,
            ViewKind::Query,
            &self.tracker,
            &self.errors,
            (0, 0),
            self.has_result(),
            cx.commands,
        );
    }

    fn central_panel(&mut self, ui: &mut egui::Ui, _commands: &CommandSender) {
        let Some(answers) = self.shown() else {
            ui.label(if self.errors.is_empty() {
                "Computing…"
            } else {
                "Fix the query to compute."
            });
            return;
        };
        let stale = self.tracker.stale;
        egui::ScrollArea::both()
            .id_salt("query_answers")
            .show(ui, |ui| {
                for (i, a) in answers.iter().enumerate() {
                    answer(ui, i, a, stale);
                    ui.add_space(10.0);
                }
            });
    }

    fn submit(&mut self, jobs: &JobManager) {
        let validated = self.validate();
        let inputs = &self.inputs;
        self.answers
            .submit(jobs, &mut self.tracker, &mut self.errors, validated, || {
                (inputs.run.settings(), inputs.text.clone())
            });
    }

    fn poll(&mut self) -> bool {
        self.answers.poll_into(&mut self.tracker, &mut self.errors)
    }

    fn cancel_jobs(&mut self) {
        self.answers.cancel();
    }

    fn stop_jobs(&mut self) {
        self.answers.request_stop();
    }

    fn revalidate(&mut self) {
        self.errors = self.validate().err().unwrap_or_default();
    }

    fn apply_own(&mut self, _command: ViewCommand) {}

    fn tracker(&self) -> &RunTracker {
        &self.tracker
    }

    fn tracker_mut(&mut self) -> &mut RunTracker {
        &mut self.tracker
    }

    fn status(&self) -> ViewStatus {
        let figures = self.shown().map_or(String::new(), |answers| {
            let deals: u64 = answers.iter().map(|a| a.deals).sum();
            let exact = answers.iter().all(|a| a.method == Method::Exact);
            format!(
                "{} statement{} · {deals} deals · {}",
                answers.len(),
                if answers.len() == 1 { "" } else { "s" },
                if exact {
                    "exact"
                } else {
                    "Monte Carlo where marked"
                }
            )
        });
        ViewStatus {
            phase: self.tracker.phase(!self.errors.is_empty()),
            detail: self.tracker.detail(&self.errors, None),
            figures,
            elapsed: self.tracker.elapsed(),
            first_result: self.tracker.first_result,
            stale: self.tracker.stale,
        }
    }

    fn table_csv(&self, _options: &CsvOptions) -> Option<String> {
        let shown = self.answers.shown.as_ref()?;
        Some(crate::query::answers_csv(
            &shown.result,
            &shown.label,
            self.inputs.run.seed,
        ))
    }

    fn picture(&self) -> Option<Drawing> {
        None
    }

    fn save(&self, scenario: &mut Scenario) {
        scenario.query = self.inputs.clone();
    }

    fn load(&mut self, scenario: &Scenario) {
        self.inputs = scenario.query.clone();
    }

    fn has_result(&self) -> bool {
        self.answers.shown.is_some()
    }

    fn help(&self, ui: &mut egui::Ui) -> bool {
        ui.heading("Query view");
        ui.label(
            "Ask a question of the deals in the poker query language: select avg(x), \
             count(condition), min(x), max(x) or histogram(x), each optionally 'as name', \
             from bindings (game='omaha', board='Ah9h2c', dead='…', and each player's \
             range: hero='AKs', villain='QQ+,AK', or PQL's AwKw, AA**, *), where an \
             optional condition. Every deal is counted where that fits the exact budget; \
             otherwise deals are drawn by weight and each figure carries ± its standard \
             error. 'where' makes every figure conditional and shows how often it holds. \
             The Library menu holds a dozen examples and the queries you save. The same \
             query runs as `multiodds query`.",
        );
        egui::Grid::new("query_functions_help")
            .striped(true)
            .show(ui, |ui| {
                for (form, meaning) in crate::query::FUNCTIONS {
                    ui.label(RichText::new(form).monospace());
                    ui.label(meaning);
                    ui.end_row();
                }
            });
        true
    }
}

/// The query's text laid out in monospace, the word starting at 1-based character
/// `column` underlined in the error colour (to the next space or punctuation; one
/// character at least).
fn underlined(ui: &egui::Ui, text: &str, column: Option<usize>) -> egui::text::LayoutJob {
    let font = egui::TextStyle::Monospace.resolve(ui.style());
    let plain = egui::TextFormat::simple(font.clone(), ui.visuals().text_color());
    let mut job = egui::text::LayoutJob::default();
    let start = column.and_then(|c| text.char_indices().nth(c - 1).map(|(i, _)| i));
    let Some(start) = start else {
        job.append(text, 0.0, plain);
        return job;
    };
    let word = text[start..]
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_whitespace() || "(),;'=".contains(*c))
        .map_or(text.len(), |(i, _)| start + i);
    let mut marked = plain.clone();
    marked.underline = egui::Stroke::new(2.0, ERROR_COLOR);
    marked.color = ERROR_COLOR;
    job.append(&text[..start], 0.0, plain.clone());
    job.append(&text[start..word], 0.0, marked);
    job.append(&text[word..], 0.0, plain);
    job
}

/// One statement's answer: how it was reached, its condition, and its figures.
fn answer(ui: &mut egui::Ui, i: usize, a: &Answer, stale: bool) {
    let exact = a.method == Method::Exact;
    let partial = a.stopped_early();
    let color = if stale {
        Color32::GRAY
    } else if partial {
        PARTIAL_COLOR
    } else {
        ui.visuals().text_color()
    };
    ui.horizontal_wrapped(|ui| {
        ui.heading(format!("Statement {}", i + 1));
        ui.label(format!(
            "{} · {} · {} deals · {}",
            a.game,
            a.method,
            a.deals,
            if a.running {
                "running…"
            } else {
                a.stopped.describe()
            }
        ));
        if partial {
            ui.colored_label(PARTIAL_COLOR, "PARTIAL: over the deals counted");
        }
        if stale {
            ui.colored_label(Color32::from_rgb(200, 120, 0), "(stale)");
        }
    });
    let number = |v: f64, se: f64| {
        if exact {
            format!("{v:.6}")
        } else {
            format!("{v:.6} ± {se:.6}")
        }
    };
    if let Some(c) = a.condition {
        ui.label(format!(
            "where holds on {} of the deals",
            number(c.value, c.std_error)
        ));
    }
    egui::Grid::new(("query_answer", i))
        .striped(true)
        .spacing([16.0, 4.0])
        .show(ui, |ui| {
            ui.label(RichText::new("figure").strong());
            ui.label(RichText::new("value").strong());
            ui.end_row();
            for f in &a.figures {
                ui.label(RichText::new(&f.name).monospace());
                let text = f
                    .estimate
                    .map_or("n/a: no deal meets the condition".to_string(), |e| {
                        number(e.value, e.std_error)
                    });
                ui.label(RichText::new(text).monospace().color(color));
                ui.end_row();
                for b in &f.buckets {
                    ui.label(RichText::new(format!("  = {}", b.label)).monospace());
                    let chance = number(b.chance.value, b.chance.std_error);
                    ui.label(RichText::new(chance).monospace().color(color));
                    ui.end_row();
                }
            }
        });
}
