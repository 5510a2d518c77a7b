//! Every CSV the app and the CLI write, through the `csv` crate: a block of `#` comment
//! lines (the inputs, seed, method, stop reason, units and date), then one header row
//! and the table. The same function serves the app and the CLI, so their columns agree.
//! Readers skip the block with a comment character (`csv::ReaderBuilder::comment`,
//! pandas `comment='#'`).

use super::chart::ChartResult;
use super::metrics::SWEEP_METRICS;
use super::run::SweepResult;
use super::MatchupResult;
use crate::range::HandClass;

/// How a CSV writes its figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct CsvOptions {
    /// Percentages (58.51) rather than fractions (0.5851).
    pub percent: bool,
}

impl CsvOptions {
    /// A fraction as the options write it (58.5100 or 0.585100).
    pub fn number(&self, fraction: f64) -> String {
        if self.percent {
            format!("{:.4}", 100.0 * fraction)
        } else {
            format!("{fraction:.6}")
        }
    }
}

/// The `#` lines of a sweep: its inputs (`title`), seed, method and stop reason. The
/// app and the CLI both call this, so their blocks match.
pub fn sweep_header(title: &str, r: &SweepResult) -> Vec<(&'static str, String)> {
    vec![
        ("view", "MultiOdds".to_string()),
        ("inputs", title.to_string()),
        ("seed", r.seed.map_or("-".into(), |s| s.to_string())),
        ("method", r.method_key().to_string()),
        ("stopped", r.status.describe()),
    ]
}

/// The `#` lines of a 169-hand chart (`method`: [`super::chart::ChartResult::method_key`]).
pub fn chart_header(
    game: crate::cards::Game,
    vs: &str,
    board: &str,
    dead: &str,
    seed: u64,
    method: &str,
    target_se: f64,
) -> Vec<(&'static str, String)> {
    let or_none = |s: &str| {
        if s.trim().is_empty() {
            "none".to_string()
        } else {
            s.trim().to_string()
        }
    };
    vec![
        ("view", "Chart".to_string()),
        ("game", game.name().to_string()),
        ("opponents_range", vs.trim().to_string()),
        ("board", or_none(board)),
        ("dead", or_none(dead)),
        ("seed", seed.to_string()),
        ("method", method.to_string()),
        ("target_se", target_se.to_string()),
    ]
}

/// The title of a sweep's inputs: `AKs vs random — Jh 4c 3h · dead 2c` (or `preflop`).
pub fn sweep_title(hero: &str, opponents: &str, board: &str, dead: &str) -> String {
    let board = if board.trim().is_empty() {
        "preflop"
    } else {
        board.trim()
    };
    let mut title = format!("{} vs {} — {board}", hero.trim(), opponents.trim());
    if !dead.trim().is_empty() {
        title.push_str(&format!(" · dead {}", dead.trim()));
    }
    title
}

/// The `#` block: the caller's lines, then the units and the date (UTC).
fn header_block(header: &[(&str, String)], options: &CsvOptions) -> String {
    let mut out = String::new();
    for (key, value) in header {
        // One line per entry whatever the value holds.
        let value = value.replace(['\n', '\r'], " ");
        out.push_str(&format!("# {key}: {value}\n"));
    }
    out.push_str(&format!(
        "# figures: {}\n",
        if options.percent {
            "percent"
        } else {
            "fractions"
        }
    ));
    out.push_str(&format!("# written: {}\n", utc_now()));
    out
}

/// Rows through the csv crate (quoting, escaping), the first row the headings.
pub fn rows_text(rows: Vec<Vec<String>>) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    for row in rows {
        // Writing to memory cannot fail.
        w.write_record(&row).expect("in-memory CSV");
    }
    String::from_utf8(w.into_inner().expect("in-memory CSV")).expect("UTF-8 CSV")
}

/// A table as every view exports it: the `#` header block, then the rows.
pub fn table(header: &[(&str, String)], options: &CsvOptions, rows: Vec<Vec<String>>) -> String {
    header_block(header, options) + &rows_text(rows)
}

/// The sweep: one row per opponent count, every figure of [`SWEEP_METRICS`] with its
/// standard error (empty when n/a).
pub fn sweep(r: &SweepResult, header: &[(&str, String)], options: &CsvOptions) -> String {
    // Hi/lo figures are columns only when the result has them.
    let metrics: Vec<&super::metrics::Metric> = SWEEP_METRICS
        .iter()
        .filter(|m| {
            m.group != super::metrics::MetricGroup::HiLo
                || r.points.iter().any(|p| (m.value)(p).is_some())
        })
        .collect();
    let mut names = vec!["opponents".to_string(), "method".into(), "deals".into()];
    for m in &metrics {
        names.push(m.key.to_string());
        names.push(format!("{}_se", m.key));
    }
    names.push("note".into());
    let width = names.len();
    let mut rows = vec![names];
    for row in r.rows() {
        let p = match row {
            Ok(p) => p,
            // A count without figures is a row too: n/a, and why.
            Err(m) => {
                let mut row = vec![m.opponents.to_string(), "n/a".into(), "0".into()];
                row.resize(width - 1, String::new());
                row.push(m.reason.clone());
                rows.push(row);
                continue;
            }
        };
        let mut row = vec![
            p.opponents.to_string(),
            p.method.key().to_string(),
            p.deals.to_string(),
        ];
        for m in &metrics {
            match (m.value)(p) {
                Some((v, se)) => row.extend([options.number(v), options.number(se)]),
                None => row.extend([String::new(), String::new()]),
            }
        }
        row.push(String::new());
        rows.push(row);
    }
    table(header, options, rows)
}

/// The matchup: one row per seat; each of the result's seat figures
/// ([`super::metrics::SEAT_FIGURES`]) with its standard error, the method and deals, then
/// the chance the seat wins or ties holding each of `game`'s hand types (razz's lows by
/// rank; none in the draw games), in hi/lo each low type, and with two boards each
/// board's equity.
pub fn matchup(
    game: crate::cards::Game,
    r: &MatchupResult,
    seats: &[String],
    header: &[(&str, String)],
    options: &CsvOptions,
) -> String {
    let figures: Vec<_> = super::metrics::SeatFigure::of(r).map(|(f, _)| f).collect();
    let mut names: Vec<String> = vec!["seat".into(), "range".into()];
    for f in &figures {
        names.extend([f.key.to_string(), format!("{}_se", f.key)]);
    }
    names.extend(["method".to_string(), "deals".to_string()]);
    // The game's hand types and, in hi/lo, its low types: (slot, key) each, once.
    let slots = |t: Option<crate::eval::HandTypes>| -> Vec<(usize, &'static str)> {
        t.map_or(Vec::new(), |t| {
            t.used().map(|(i, key, _)| (i, key)).collect()
        })
    };
    let high = slots(crate::eval::HandTypes::of(game));
    let low = if r.low.is_empty() {
        Vec::new()
    } else {
        slots(crate::eval::HandTypes::low_of(game))
    };
    names.extend(high.iter().map(|(_, key)| key.to_string()));
    names.extend(low.iter().map(|(_, key)| format!("low_{key}")));
    for b in 1..=r.boards.len() {
        names.extend([format!("board{b}_equity"), format!("board{b}_equity_se")]);
    }
    let mut rows = vec![names];
    for (i, text) in seats.iter().enumerate().take(r.seats.len()) {
        let mut row = vec![(i + 1).to_string(), text.clone()];
        // Too few deals: every figure "n/a", as on screen.
        let figure = |v: f64| {
            if r.has_figures() {
                options.number(v)
            } else {
                "n/a".to_string()
            }
        };
        for f in &figures {
            let (v, se) = (f.value)(r, i);
            row.extend([figure(v), figure(se)]);
        }
        row.push(method_key(r).to_string());
        row.push(r.deals.to_string());
        row.extend(high.iter().map(|&(t, _)| figure(r.seats[i].hand_types[t])));
        if let Some(l) = r.low.get(i) {
            row.extend(low.iter().map(|&(t, _)| figure(l.low_types[t])));
        }
        for b in &r.boards {
            let seat = &b.seats[i];
            row.extend([seat.equity, seat.equity_se].map(figure));
        }
        rows.push(row);
    }
    table(header, options, rows)
}

/// The method as a table names it: `exact_partial` for an exact enumeration that did
/// not finish (its figures are over the part enumerated, not final).
pub fn method_key(r: &MatchupResult) -> &'static str {
    match r.status.partial_exact() {
        Some(_) => "exact_partial",
        None => r.method.key(),
    }
}

/// The chart: `hand,opponents,win,tie,equity,std_error,win_odds` (reference §6 plus the
/// classic win odds), classes in grid order.
pub fn chart(r: &ChartResult, header: &[(&str, String)], options: &CsvOptions) -> String {
    let names = [
        "hand",
        "opponents",
        "win",
        "tie",
        "equity",
        "std_error",
        "win_odds",
    ];
    let mut rows = vec![names.map(String::from).to_vec()];
    for class in HandClass::all() {
        for p in r.cells[class.index()].iter().flatten() {
            rows.push(vec![
                class.to_string(),
                p.opponents.to_string(),
                options.number(p.win),
                options.number(p.tie),
                options.number(p.equity),
                options.number(p.std_error.equity),
                options.number(p.win_odds),
            ]);
        }
    }
    table(header, options, rows)
}

/// The current time as `2026-11-23 14:05 UTC` (no time-zone database needed).
pub fn utc_now() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_780), (2026, 11, 23));
    }

    #[test]
    fn header_lines_stay_one_line_each() {
        let block = header_block(&[("inputs", "a\nb".into())], &CsvOptions::default());
        assert!(block.starts_with("# inputs: a b\n# figures: fractions\n# written: "));
        assert_eq!(block.lines().count(), 3);
    }
}
