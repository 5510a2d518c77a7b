//! Input widgets every view uses: a text field with its error under a caret, the run
//! settings (mode, precision, seed, time budget), the run controls, the card picker.

pub(crate) use super::card_picker::{card_picker, suit_color};
use super::command::ViewCommand;
use super::grid::{range_grid, GridState};
use super::library::{library_menu, LibraryKind};
use super::view::ViewContext;
use crate::cards::{Card, CardSet};
use crate::equity::Method;
use egui::{Color32, RichText};

/// Precision steps, Fast to Precise, as standard-error targets.
pub(crate) const PRECISION_STEPS: [(f64, &str); 5] = [
    (0.005, "Fast (±0.5%)"),
    (0.002, "Quick (±0.2%)"),
    (0.001, "Normal (±0.1%)"),
    (0.0005, "Fine (±0.05%)"),
    (0.0002, "Precise (±0.02%)"),
];

/// The colour of error text and frames.
pub(crate) const ERROR_COLOR: Color32 = Color32::from_rgb(220, 60, 60);

/// The first `chars` characters of `text`, with "…" when cut.
pub(crate) fn shorten(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Most characters of one range shown in a title or caption.
const TITLE_PART_CHARS: usize = 48;

/// A title with each of its parts (the ranges and board between ` vs `, ` — ` and
/// ` · `) shortened with "…", so a 13 KB range leaves the figures on screen; the whole
/// title is the hover text ([`title_heading`]).
pub(crate) fn short_title(title: &str) -> String {
    let mut out = String::new();
    let mut rest = title;
    while !rest.is_empty() {
        let next = [" vs ", " — ", " · "]
            .iter()
            .filter_map(|sep| rest.find(sep).map(|at| (at, sep.len())))
            .min();
        let (part, sep_len) = next.map_or((rest, 0), |(at, len)| (&rest[..at], len));
        out.push_str(&shorten(part, TITLE_PART_CHARS));
        out.push_str(&rest[part.len()..part.len() + sep_len]);
        rest = &rest[part.len() + sep_len..];
    }
    out
}

/// A heading of a title whose ranges may be long: shortened ([`short_title`]), and the
/// whole title (up to 4,000 characters) on hover.
pub(crate) fn title_heading(ui: &mut egui::Ui, title: &str) {
    let short = short_title(title);
    let response = ui.heading(&short);
    if short != title {
        response.on_hover_text(shorten(title, 4_000));
    }
}

/// The precision step nearest a standard-error target.
pub(crate) fn nearest_step(target_se: f64) -> usize {
    PRECISION_STEPS
        .iter()
        .enumerate()
        .min_by(|a, b| {
            let da = (a.1 .0.ln() - target_se.ln()).abs();
            let db = (b.1 .0.ln() - target_se.ln()).abs();
            da.total_cmp(&db)
        })
        .map_or(2, |(i, _)| i)
}

/// The precision slider: five steps; a target from a file that is not a step is shown
/// as it is ("±0.030% (from the file)") and kept until the slider moves.
pub(crate) fn precision_slider(ui: &mut egui::Ui, target_se: &mut f64) -> bool {
    let mut step = nearest_step(*target_se);
    let on_step = PRECISION_STEPS[step].0 == *target_se;
    let name = if on_step {
        PRECISION_STEPS[step].1.to_string()
    } else {
        format!("±{:.3}% (from the file)", 100.0 * *target_se)
    };
    let l = ui.label("Precision");
    let changed = ui
        .add(
            egui::Slider::new(&mut step, 0..=PRECISION_STEPS.len() - 1)
                .show_value(false)
                .text(name),
        )
        .labelled_by(l.id)
        .changed();
    if changed {
        *target_se = PRECISION_STEPS[step].0;
    }
    changed
}

/// The board and dead cards (what parses of them): combos holding one cannot be dealt.
pub(crate) fn blocked_cards(board: &str, dead: &str) -> CardSet {
    let cards = |t: &str| CardSet::parse(t).unwrap_or_default();
    cards(board).union(cards(dead))
}

/// A labelled single-line text field with its error (red frame and caret) below.
///
/// Nothing typed or pasted is ever cut: a paste that would take the field past the
/// longest range text ([`MAX_RANGE_TEXT`](crate::range::MAX_RANGE_TEXT)) is refused whole,
/// with a message at the field naming its length and the limit, and the text stays as
/// it was.
pub(crate) fn text_field(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    error: Option<&String>,
    hint: &str,
) -> bool {
    let label_response = ui.label(RichText::new(label).strong());
    let id = field_id(ui, label);
    tab_between_fields(ui, id);
    select_all_after_tab(ui, id, text);
    let refused_id = id.with("refused paste");
    if let Some(refusal) = refuse_long_paste(ui, id, text) {
        ui.data_mut(|d| d.insert_temp(refused_id, refusal));
    }
    let refused: Option<String> = ui.data(|d| d.get_temp(refused_id));
    let error = error.or(refused.as_ref());
    let mut edit = egui::TextEdit::singleline(text)
        .id(id)
        // Tab stays ours (tab_between_fields), not egui's walk through every button.
        .lock_focus(true)
        .hint_text(hint)
        .font(egui::TextStyle::Monospace)
        .desired_width(f32::INFINITY);
    if error.is_some() {
        edit = edit.text_color(ERROR_COLOR);
    }
    // The stroke is always there (transparent without a problem): a frame's stroke
    // takes space, and a problem must move nothing.
    let frame = egui::Frame::new()
        .stroke(egui::Stroke::new(
            1.5,
            if error.is_some() {
                ERROR_COLOR
            } else {
                Color32::TRANSPARENT
            },
        ))
        .inner_margin(1.0);
    let changed = frame
        .show(ui, |ui| {
            ui.add(edit).labelled_by(label_response.id).changed()
        })
        .inner;
    if changed {
        ui.data_mut(|d| d.remove::<String>(refused_id));
    }
    // One line is always kept for the problem, so one appearing as the user types moves
    // nothing below it; a longer message shows its first line, the whole on hover.
    let line = ui.text_style_height(&egui::TextStyle::Monospace);
    match error {
        Some(message) => {
            ui.add(
                egui::Label::new(RichText::new(message).monospace().color(ERROR_COLOR)).truncate(),
            );
        }
        None => {
            ui.allocate_space(egui::vec2(1.0, line));
        }
    }
    ui.add_space(4.0);
    changed
}

/// The text fields drawn this frame, in order, and those of the last frame (whose
/// order Tab follows).
#[derive(Clone, Default)]
struct FieldOrder {
    frame: u64,
    this: Vec<egui::Id>,
    last: Vec<egui::Id>,
}

/// Tab and Shift+Tab in a text field go to the next or previous text field (the last
/// frame's order), not through every button between: type, Tab, type.
fn tab_between_fields(ui: &egui::Ui, id: egui::Id) {
    let order_id = egui::Id::unique("text field order");
    let frame = ui.ctx().cumulative_frame_nr();
    let order = ui.data_mut(|d| {
        let order = d.get_temp_mut_or_default::<FieldOrder>(order_id);
        if order.frame != frame {
            order.last = std::mem::take(&mut order.this);
            order.frame = frame;
        }
        order.this.push(id);
        order.last.clone()
    });
    if !ui.memory(|m| m.has_focus(id)) {
        return;
    }
    let back = ui.input_mut(|i| i.consume_key(egui::Modifiers::SHIFT, egui::Key::Tab));
    let forward = !back && ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Tab));
    let Some(at) = order.iter().position(|&f| f == id) else {
        return;
    };
    let next = match (forward, back) {
        (true, _) => order.get(at + 1).or(order.first()),
        (_, true) => at
            .checked_sub(1)
            .and_then(|i| order.get(i))
            .or(order.last()),
        _ => None,
    };
    if let Some(&next) = next {
        ui.memory_mut(|m| m.request_focus(next));
        // Its text selected, so typing replaces it (as Tab does in other programs).
        ui.data_mut(|d| d.insert_temp(next.with("select all"), true));
    }
}

/// Selects all of a field's text when Tab has just moved to it.
fn select_all_after_tab(ui: &egui::Ui, id: egui::Id, text: &str) {
    let flag = id.with("select all");
    if ui.data_mut(|d| d.remove_temp::<bool>(flag)).is_some() {
        let mut state = egui::TextEdit::load_state(ui.ctx(), id).unwrap_or_default();
        state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
        egui::TextEdit::store_state(ui.ctx(), id, state);
    }
}

/// Takes out of this frame's input a paste into the focused field `id` that would make
/// its text longer than a range may be, and says why: the field keeps what it had.
fn refuse_long_paste(ui: &egui::Ui, id: egui::Id, text: &str) -> Option<String> {
    if !ui.memory(|m| m.has_focus(id)) {
        return None;
    }
    let limit = crate::range::MAX_RANGE_TEXT;
    // The selection a paste replaces is at most the whole text, so a paste longer than
    // the limit less the text kept is refused; the bound is exact when all is selected.
    let selected = egui::TextEdit::load_state(ui.ctx(), id)
        .and_then(|s| s.cursor.char_range())
        .map_or(0, |r| {
            let (a, b): (usize, usize) = (r.primary.index.into(), r.secondary.index.into());
            let (a, b) = (a.min(b), a.max(b));
            text.chars()
                .skip(a)
                .take(b - a)
                .map(char::len_utf8)
                .sum::<usize>()
        });
    let kept = text.len() - selected.min(text.len());
    let mut refusal = None;
    ui.ctx().input_mut(|input| {
        input.events.retain(|event| match event {
            egui::Event::Paste(pasted) if kept + pasted.len() > limit => {
                refusal = Some(format!(
                    "Nothing pasted: the text would be {} bytes, and a field takes at most {limit} bytes ({} KiB). Shorten it (classes like AKs, spans like TT-77) or split it.",
                    kept + pasted.len(),
                    limit / 1024
                ));
                false
            }
            _ => true,
        })
    });
    refusal
}

/// Mode, precision and seed, shared by the views. True when one changed.
/// A range field: the text (with its error under a caret), the range library, the
/// 13×13 grid in its own window (so the side panel keeps its width), and a two-card
/// picker for a known hand. `blocked`: board and dead cards. True when `text` changed.
#[allow(clippy::too_many_arguments)]
pub(crate) fn range_field(
    ui: &mut egui::Ui,
    label: &str,
    text: &mut String,
    error: Option<&String>,
    hint: &str,
    state: &mut GridState,
    blocked: CardSet,
    cx: &ViewContext<'_>,
) -> bool {
    let field = field_id(ui, label);
    let mut edited = text_field(ui, label, text, error, hint);
    ui.horizontal(|ui| {
        edited |= library_menu(
            ui,
            LibraryKind::Range,
            text,
            cx.library,
            &mut state.save_name,
            cx.commands,
        );
        ui.toggle_value(&mut state.open, "Grid")
            .on_hover_text("Paint the range on the 13x13 grid (opens a window)");
        copy_range_button(ui, text);
        paste_range_button(ui, field, text);
    });
    if state.open {
        let mut open = true;
        egui::Window::new(format!("{label} grid"))
            .id(ui.scope_id().with(("grid window", label)))
            .open(&mut open)
            .resizable(false)
            .default_width(400.0)
            // Beside the side panel, so the field it paints stays in view.
            .default_pos(ui.max_rect().right_top() + egui::vec2(16.0, 0.0))
            .show(ui.ctx(), |ui| {
                edited |= range_grid(ui, text, state, blocked);
            });
        state.open &= open;
    }
    edited |= card_picker(
        ui,
        "Pick a hand",
        text,
        blocked,
        2,
        &format!("{label} hand picker"),
    );
    edited
}

/// The id of the text box of the field labelled `label` in `ui` (so a button beside it
/// can focus it).
pub(crate) fn field_id(ui: &egui::Ui, label: &str) -> egui::Id {
    ui.make_persistent_id(("field text", label))
}

/// "Paste": the system clipboard's text replaces the field's (whatever tool wrote it; the
/// parser reads other tools' range text). The field is focused with its text selected
/// and the window asked to paste, as Ctrl+A Ctrl+V would.
pub(crate) fn paste_range_button(ui: &mut egui::Ui, field: egui::Id, text: &str) {
    let response = ui
        .small_button("Paste")
        .on_hover_text("Replace the range with the clipboard's text (PokerStove, Equilab, eval7 and Flop Ferret text reads as it is)");
    if response.clicked() {
        let ctx = ui.ctx();
        let mut state = egui::TextEdit::load_state(ctx, field).unwrap_or_default();
        state
            .cursor
            .set_char_range(Some(egui::text::CCursorRange::select_all_str(text)));
        egui::TextEdit::store_state(ctx, field, state);
        ctx.memory_mut(|m| m.request_focus(field));
        ctx.send_viewport_cmd(egui::ViewportCommand::RequestPaste);
    }
}

/// "Copy": the range on the system clipboard in the notation of the tool chosen from
/// its menu (MultiOdds and eval7's `0.4(AKs)`, Equilab's `[40]AKs[/40]`, PokerStove's
/// weightless classes). A text that does not parse is copied as it is.
fn copy_range_button(ui: &mut egui::Ui, text: &str) {
    use crate::range::{HandRange, RangeNotation};
    ui.menu_button("Copy", |ui| {
        for tool in RangeNotation::ALL {
            let hover = match tool {
                RangeNotation::PokerStove => {
                    "PokerStove reads no weights: every hand in the range, at full weight"
                }
                _ => "The same combos and weights, in this tool's notation",
            };
            if ui.button(tool.label()).on_hover_text(hover).clicked() {
                let out = HandRange::parse(text)
                    .map(|r| r.to_notation(tool))
                    .unwrap_or_else(|_| text.to_string());
                ui.ctx().copy_text(out);
                ui.close();
            }
        }
    })
    .response
    .on_hover_text("Copy the range for another tool: MultiOdds, Equilab or PokerStove notation");
}

/// The board and dead-card fields, each with its card picker; cards in `taken` (known
/// hands) and in the other field are disabled in the pickers. True when one changed.
pub(crate) fn board_and_dead(
    ui: &mut egui::Ui,
    board: &mut String,
    dead: &mut String,
    errors: (Option<&String>, Option<&String>),
    taken: CardSet,
    id: &str,
) -> bool {
    // A hint that cannot be read as a real board.
    let mut edited = text_field(
        ui,
        "Board",
        board,
        errors.0,
        "none (preflop); e.g. Jh 4c 3h",
    );
    let cards = |t: &str| CardSet::parse(t).unwrap_or_default();
    let taken_by_others = cards(dead).union(taken);
    edited |= card_picker(
        ui,
        "Pick board cards",
        board,
        taken_by_others,
        5,
        &format!("{id} board picker"),
    );
    if let Ok(list) = crate::cards::parse_card_list(board) {
        if !list.is_empty() {
            ui.label(RichText::new(streets(&list)).weak());
        }
    }
    edited |= text_field(ui, "Dead cards", dead, errors.1, "cards out of play");
    let taken_by_others = cards(board).union(taken);
    edited |= card_picker(
        ui,
        "Pick dead cards",
        dead,
        taken_by_others,
        45,
        &format!("{id} dead card picker"),
    );
    edited
}

/// "Add seat" and the count of seats, above the seats so that it stays under the pointer
/// however many there are (below them, a second click landed on the new "Remove seat"
/// button). At the limit it stays, disabled, and says `why_at_limit`. True when clicked.
pub(crate) fn add_seat_row(
    ui: &mut egui::Ui,
    seats: usize,
    max: usize,
    why_at_limit: &str,
) -> bool {
    ui.horizontal(|ui| {
        let add = ui
            .add_enabled(seats < max, egui::Button::new("Add seat"))
            .on_disabled_hover_text(why_at_limit);
        ui.label(format!("{seats} of {max} seats"));
        add.clicked()
    })
    .inner
}

/// The cards of every seat but seat `k`, with `base` (the cards out of play already):
/// what seat `k`'s pickers grey.
pub(crate) fn others_than(k: usize, seats: &[CardSet], base: CardSet) -> CardSet {
    seats
        .iter()
        .enumerate()
        .filter(|&(j, _)| j != k)
        .fold(base, |a, (_, c)| a.union(*c))
}

/// A dead-card field labelled for what it holds in the game (folded up cards, discards
/// seen), with a picker that greys `taken`; true when edited.
pub(crate) fn dead_cards_field(
    ui: &mut egui::Ui,
    (label, hint): (&str, &str),
    dead: &mut String,
    error: Option<&String>,
    taken: CardSet,
    id: &str,
) -> bool {
    let mut edited = text_field(ui, label, dead, error, hint);
    edited |= card_picker(ui, "Pick dead cards", dead, taken, 45, id);
    edited
}

/// The problems of `fields` that have no field of their own on screen, in red.
pub(crate) fn field_messages(
    ui: &mut egui::Ui,
    errors: &super::view::FieldErrors,
    fields: &[&str],
) {
    for field in fields {
        if let Some(message) = errors.at(field) {
            ui.label(RichText::new(message).color(ERROR_COLOR));
        }
    }
}

/// The board by street, in the order its cards were given: "flop Qh 2c Jd · turn 9s".
pub fn streets(board: &[Card]) -> String {
    let text = |cards: &[Card]| crate::cards::format_cards(cards);
    if board.len() < 3 {
        // One or two cards are not a flop yet.
        return format!("partial board {} (a flop is 3 cards)", text(board));
    }
    let mut parts = vec![format!("flop {}", text(&board[..3]))];
    for (i, street) in [(3, "turn"), (4, "river")] {
        if let Some(card) = board.get(i) {
            parts.push(format!("{street} {card}"));
        }
    }
    parts.join(" · ")
}

/// An inclusive span of opponent counts ("Opponents from 1 to 9"), swapped back into
/// order when dragged past each other. A count typed past
/// [`MAX_OPPONENTS`](crate::equity::MAX_OPPONENTS) is kept as typed, so validation
/// refuses it at the field by name instead of it silently becoming the most there
/// can be. True when it changed.
pub(crate) fn opponent_span(
    ui: &mut egui::Ui,
    label: &str,
    span: &mut (usize, usize),
    game: crate::cards::Game,
) -> bool {
    let (most, why) = crate::scenario::inputs::opponent_limit(game);
    // Typed counts up to this are kept (and refused by name when over the game's most).
    const TYPED_MOST: usize = 999;
    let mut edited = false;
    ui.horizontal(|ui| {
        let (lo, hi) = (&mut span.0, &mut span.1);
        let l = ui.label(label);
        edited |= ui
            .add(egui::DragValue::new(lo).range(1..=TYPED_MOST))
            .labelled_by(l.id)
            .changed();
        let l = ui.label("to");
        edited |= ui
            .add(egui::DragValue::new(hi).range(1..=TYPED_MOST))
            .labelled_by(l.id)
            .on_hover_text(format!("At most {most} opponents: {why}"))
            .changed();
        if *lo > *hi {
            std::mem::swap(lo, hi);
        }
    });
    edited
}

/// Mode, precision, seed and (when `time_budget`) the time budget of a view's run,
/// each with its problem below it. True when one changed.
pub(crate) fn run_settings(
    ui: &mut egui::Ui,
    run: &mut crate::scenario::RunInputs,
    errors: &super::view::FieldErrors,
    time_budget: bool,
) -> bool {
    let mut edited = false;
    ui.horizontal(|ui| {
        ui.label("Mode");
        for (m, name) in [
            (Method::Auto, "Auto"),
            (Method::Exact, "Exact"),
            (Method::MonteCarlo, "Monte Carlo"),
        ] {
            edited |= ui.radio_value(&mut run.mode, m, name).changed();
        }
    });
    ui.horizontal(|ui| edited |= precision_slider(ui, &mut run.target_se));
    ui.horizontal(|ui| {
        let l = ui.label("Seed");
        edited |= ui
            .add(egui::DragValue::new(&mut run.seed))
            .labelled_by(l.id)
            .changed();
    });
    if time_budget {
        ui.horizontal(|ui| {
            let l = ui.label("Time budget").on_hover_text(
                "A Monte Carlo run stops after this long even if short of its precision",
            );
            let mut seconds = run.time_budget_ms as f64 / 1000.0;
            if ui
                .add(
                    egui::DragValue::new(&mut seconds)
                        .range(1.0..=3600.0)
                        .speed(0.5)
                        .suffix(" s"),
                )
                .labelled_by(l.id)
                .changed()
            {
                run.time_budget_ms = (seconds * 1000.0).round() as u64;
                edited = true;
            }
        });
    }
    for field in [
        "target_se",
        "potential_target_se",
        "time_budget_ms",
        "memory_budget_mb",
    ] {
        if let Some(message) = errors.at(field) {
            ui.label(RichText::new(message).color(ERROR_COLOR));
        }
    }
    edited
}

/// A view's footer (below its inputs): the first problem of the inputs in red (a
/// refusal shown by a control further up stays in sight here), and the run controls,
/// whose clicks go to view `tab`.
pub(crate) fn run_footer(
    ui: &mut egui::Ui,
    tab: crate::scenario::ViewKind,
    tracker: &super::view::RunTracker,
    errors: &super::view::FieldErrors,
    pins: (usize, usize),
    has_result: bool,
    commands: &super::CommandSender,
) {
    problem_line(ui, errors);
    let state = RunState {
        running: tracker.running,
        stale: tracker.stale,
        can_run: errors.is_empty(),
    };
    for c in run_controls(ui, state, pins, has_result) {
        commands.view(tab, c);
    }
}

/// The first problem of the inputs, in red, when there is one.
pub(crate) fn problem_line(ui: &mut egui::Ui, errors: &super::view::FieldErrors) {
    if let Some(summary) = errors.summary() {
        ui.label(RichText::new(format!("Not computed: {summary}")).color(ERROR_COLOR));
    }
}

/// What the run controls show: a run going on, results stale, inputs that validate.
#[derive(Clone, Copy)]
pub(crate) struct RunState {
    /// A run goes on.
    pub(crate) running: bool,
    /// The results on screen are not those of the inputs.
    pub(crate) stale: bool,
    /// The inputs validate (Run again has something to run).
    pub(crate) can_run: bool,
}

/// A "Send to …" button: sends `command` when clicked.
pub(crate) fn send_to(
    ui: &mut egui::Ui,
    label: &str,
    hover: &str,
    command: super::Command,
    commands: &super::CommandSender,
) {
    if ui.button(label).on_hover_text(hover).clicked() {
        commands.send(command);
    }
}

/// "Send to Range view": the range analysed, the other seat's, board and dead cards.
pub(crate) fn send_to_range(
    ui: &mut egui::Ui,
    inputs: crate::scenario::RangeInputs,
    commands: &super::CommandSender,
) {
    send_to(
        ui,
        "Send to Range view",
        "What this range holds on the board, each combo's equity, each next card",
        super::Command::SendTo(crate::scenario::ViewKind::Range, inputs.into()),
        commands,
    );
}

/// Stop and Run again as two buttons that never trade places or meanings: Stop is
/// enabled only while a run goes on, Run again (Resume after a Stop or a change) only
/// when none does, so a Stop clicked just as a run ends does nothing instead of
/// starting another. The command clicked.
pub(crate) fn stop_and_run_again(ui: &mut egui::Ui, state: RunState) -> Option<ViewCommand> {
    let RunState {
        running,
        stale,
        can_run,
    } = state;
    let mut clicked = None;
    if ui
        .add_enabled(running, egui::Button::new("Stop"))
        .on_hover_text("Stop the run and keep what it has done")
        .on_disabled_hover_text("Nothing is running")
        .clicked()
    {
        clicked = Some(ViewCommand::Stop);
    }
    if ui
        .add_enabled(
            !running && can_run,
            egui::Button::new(if stale { "Resume" } else { "Run again" }),
        )
        .on_hover_text("Compute these inputs again, from the start")
        .on_disabled_hover_text(if running {
            "A run is going on: Stop it first"
        } else {
            "The inputs have a problem (in red): fix it to compute"
        })
        .clicked()
    {
        clicked = Some(ViewCommand::Resume);
    }
    clicked
}

/// Stop/Resume and Pin/Unpin, shared by the views; the commands clicked. `pins`: how
/// many baselines are pinned and the most the view keeps.
pub(crate) fn run_controls(
    ui: &mut egui::Ui,
    state: RunState,
    pins: (usize, usize),
    has_result: bool,
) -> Vec<ViewCommand> {
    let (pinned, most) = pins;
    let mut commands = Vec::new();
    ui.separator();
    ui.horizontal(|ui| {
        commands.extend(stop_and_run_again(ui, state));
        if pinned < most
            && ui
                .add_enabled(
                    has_result,
                    egui::Button::new(if pinned == 0 { "Pin" } else { "Pin another" }),
                )
                .on_hover_text(format!(
                    "Keep these figures as a baseline to compare against (up to {most})"
                ))
                .clicked()
        {
            commands.push(ViewCommand::Pin);
        }
        if pinned > 0
            && ui
                .button(if pinned == 1 { "Unpin" } else { "Unpin all" })
                .clicked()
        {
            commands.push(ViewCommand::Unpin);
        }
    });
    commands
}

/// The colour of figures that are not final or not exact where exact is the rule: an
/// exact run that did not finish, the Range view's estimate past the exact bound.
pub(crate) const PARTIAL_COLOR: egui::Color32 = egui::Color32::from_rgb(200, 120, 0);

/// A two-column table of names and their wrapped definitions.
pub(crate) fn definitions<'a>(
    ui: &mut egui::Ui,
    id: &str,
    rows: impl IntoIterator<Item = (egui::RichText, &'a str)>,
) {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for (name, definition) in rows {
                ui.label(name);
                ui.add(egui::Label::new(definition).wrap());
                ui.end_row();
            }
        });
}
