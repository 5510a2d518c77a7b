//! The Help window: every figure's definition (read from the one metric table the plot,
//! the table and the CSV use), the range notation with the classic query words, the
//! games, each view's own section ([`super::view::View::help`]) and the keyboard
//! shortcuts. Opened with F1 or Help → Help; Escape closes it.

use super::multiodds::plot::MetricStyle;
use crate::equity::metrics::SWEEP_METRICS;
use crate::widgets::definitions;
use egui::RichText;

/// Range notation, reference §3 summarised: (what you write, what it means).
const NOTATION: &[(&str, &str)] = &[
    ("AsKs, Ah Kh", "one exact combo"),
    (
        "AKs / AKo / AK",
        "suited / offsuit / both (4 / 12 / 16 combos)",
    ),
    (
        "77+, AJs+, KJo+",
        "a pair and up; kicker up to one below the top card",
    ),
    (
        "TT-77, A5s-A2s, T9s-65s",
        "spans, either order; connector spans step both ranks",
    ),
    ("random, any, ??, ?", "all 1,326 combos"),
    (
        "15%",
        "the best classes by equity against one random hand, to 15% of all combos",
    ),
    ("AKs:0.5, (QQ+,AK):0.25", "weights in (0, 1]"),
    (
        "0.4(AKs), 80%(22-55), [80]55-22[/80]",
        "weights as eval7 and Equilab write them ([0.8], below 1 with a decimal point, is a fraction); Copy writes MultiOdds', Equilab's or PokerStove's notation; a range is at most 256 KiB of text",
    ),
    (
        "Group1 … Group8, G2-G4, GN",
        "Sklansky-style groups; GN / GNone = unranked",
    ),
    ("Suited (S), Offsuit (O), Pair (Paired)", "two-card shapes"),
    (
        "Connected (C), Gap1-Gap3, Gap",
        "rank gaps (A2 is connected; Gap = Gap1, Gap2 or Gap3)",
    ),
    (
        "Ax, Axs, A?, A?s",
        "ace with 9 down to 2 (offsuit unless suffixed); ace with any card",
    ),
    ("G2 To G5, TT Through 77, G2 - G5", "spans written as words"),
    ("Or , | Union", "union"),
    (
        "And & In Intersect Intersection, juxtaposition",
        "intersection (Connected Suited)",
    ),
    (
        "Not !",
        "complement, binding tight: Not AA, KK = all but AA, plus KK",
    ),
    (
        "E > 60%, E >= 0.6",
        "keep combos whose equity against one random hand passes",
    ),
    (
        "Pair > TT, E <= AK",
        "compare with a class by the preflop ranking (Pair > TT = AA-JJ)",
    ),
    (
        "? > G3, ? >= G3",
        "compare with a group: a lower group number is stronger",
    ),
];

/// Omaha range notation, reference §9 summarised.
const OMAHA_NOTATION: &[(&str, &str)] = &[
    (
        "AsKsQhJh, As Ks Qh Jh",
        "one exact hand (5 or 6 cards in 5- and 6-card Omaha)",
    ),
    ("random, any", "every hand"),
    (
        "AAxx, KKQQ, AKQJ",
        "rank patterns: x or * is any rank (AAxx: at least two aces)",
    ),
    ("AsKsxx", "cards inside a pattern"),
    (
        "AAxx ds, JT98ss, AKQJ r",
        "double-suited, single-suited, rainbow",
    ),
    ("AAxx:0.5, KKxx", "weights; commas join terms"),
];

const SHORTCUTS: &[(&str, &str)] = &[
    ("F1", "this Help window (Escape closes it)"),
    ("Ctrl+N", "new scenario"),
    ("Ctrl+O", "open a scenario"),
    ("Ctrl+S", "save the scenario"),
    (
        "Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y)",
        "undo / redo an input edit (inside a text field: its own typing)",
    ),
    ("F10, Alt+F", "open the File menu"),
    ("Ctrl+Q", "quit (the inputs are kept for the next start)"),
    ("Enter / Escape", "confirm / close a dialog or question"),
];

/// Draws the Help window while `open`: every section in turn, each wrapped to the
/// window's width.
pub(crate) fn help_window(ctx: &egui::Context, open: &mut bool, views: &super::Views) {
    if ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        *open = false;
    }
    // Never wider than the window: long definitions wrap instead of running off it.
    let max_width = (ctx.content_rect().width() - 32.0).max(200.0);
    egui::Window::new("Help")
        .open(open)
        .default_size([640.0_f32.min(max_width), 560.0])
        .max_width(max_width)
        .vscroll(true)
        .show(ctx, |ui| {
            // Every section wraps within the window: a wide grid row must not widen the
            // content past it (paragraphs below were clipped at the right edge).
            ui.set_max_width(max_width - 24.0);
            for section in SECTIONS {
                section(ui);
                ui.add_space(8.0);
            }
            // Each view's own section, in tab order (the registry reaches every view).
            for view in views.iter() {
                if view.help(ui) {
                    ui.add_space(8.0);
                }
            }
            keyboard(ui);
        });
}

/// The Help window's sections before the views' own, top to bottom.
const SECTIONS: [fn(&mut egui::Ui); 3] = [figures, range_notation, games];

/// Every figure of the sweep (the one list plot, table, CSV and JSON read), and how
/// Monte Carlo errors are shown and made smaller.
fn figures(ui: &mut egui::Ui) {
    ui.heading("Figures");
    definitions(
        ui,
        "help_metrics",
        SWEEP_METRICS.iter().map(|s| {
            (
                RichText::new(s.name).strong().color(s.color()),
                s.definition,
            )
        }),
    );
    ui.label(
        "A Monte Carlo figure carries ± its standard error. PPot and NPot are n/a on \
         the river, and when fewer than 100 deals fall in their condition. Against \
         random opponents, win, tie and equity are corrected by the hero's average \
         heads-up result in each deal, whose exact value is known (a control \
         variate): the same answer with errors up to three times smaller, so the \
         chart and the sweep finish sooner. The chart deals each board and the \
         opponents' hands once for all its hands: each hand joins the deal with \
         one of its combos wherever no card clashes. A heads-up matchup run by \
         Monte Carlo before the flop weighs each deal by how the board hits the two \
         hands' ranks, whether it makes either a flush, and which ranks the hands \
         hold, whose chances are known exactly: the same answer with about four \
         times fewer deals.",
    );
}

/// Hold'em's range notation.
fn range_notation(ui: &mut egui::Ui) {
    ui.heading("Range notation");
    definitions(
        ui,
        "help_notation",
        NOTATION
            .iter()
            .map(|(text, meaning)| (RichText::new(*text).monospace(), *meaning)),
    );
}

/// Every game with its rules and seat limit, and Omaha's range notation.
fn games(ui: &mut egui::Ui) {
    ui.heading("Games");
    ui.label(
        "Each view's Game menu picks the game; inputs that no longer apply are reset and \
         named beside it.",
    );
    egui::Grid::new("help_games")
        .striped(true)
        .num_columns(2)
        .show(ui, |ui| {
            for game in crate::cards::Game::ALL {
                ui.label(RichText::new(game.name()).strong());
                // Wrapped: an unwrapped row widened everything below past the window
                // (the Hand view's and folded seats' paragraphs ran off its right edge).
                let rules = format!("{} Up to {} seats.", game.rules(), game.max_seats());
                ui.add(egui::Label::new(rules).wrap());
                ui.end_row();
            }
        });
    ui.label(RichText::new("Omaha ranges").strong());
    definitions(
        ui,
        "help_omaha_notation",
        OMAHA_NOTATION
            .iter()
            .map(|(text, meaning)| (RichText::new(*text).monospace(), *meaning)),
    );
}

/// The keyboard shortcuts.
fn keyboard(ui: &mut egui::Ui) {
    ui.heading("Keyboard");
    egui::Grid::new("help_keys").num_columns(2).show(ui, |ui| {
        for (key, what) in SHORTCUTS {
            ui.label(RichText::new(*key).monospace());
            ui.add(egui::Label::new(*what).wrap());
            ui.end_row();
        }
    });
}
