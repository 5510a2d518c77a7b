//! Formatting command results: JSON objects (reference §6), readable tables and CSV.

use super::json;
use multiodds::cards::{CardSet, Game};
use multiodds::equity::games::{range_analysis, MatchupJob, SweepJob};
use multiodds::equity::metrics::{MetricGroup, SeatFigure, SWEEP_METRICS};
use multiodds::equity::run::SweepResult;
use multiodds::equity::table_csv::{self, CsvOptions};
use multiodds::equity::MatchupResult;
use multiodds::range::{HandRange, HoleRange};
use multiodds::scenario::ChartFigure;
use std::time::Duration;

pub fn range(input: &str, range: &HandRange, json: bool) -> String {
    let hands: Vec<String> = range
        .iter()
        .map(|(c, w)| {
            if w == 1.0 {
                c.to_string()
            } else {
                format!("{c}:{w}")
            }
        })
        .collect();
    let canonical = range.to_string();
    if json {
        json::line(&json::Range {
            input,
            canonical,
            combos: range.combo_count(),
            weight: range.total_weight(),
            hands,
        })
    } else {
        format!(
            "{canonical}\n{} combos, weight {:.2} ({:.1}% of all hands)\n",
            range.combo_count(),
            range.total_weight(),
            100.0 * range.fraction_of_all()
        )
    }
}

/// `range --game`: how many hands a range of another game holds, and the first of them.
pub fn hole_range(input: &str, range: &HoleRange, blocked: CardSet, json: bool) -> String {
    let hands = range.live_count(blocked);
    let listed: Vec<String> = range
        .hands()
        .iter()
        .filter(|(h, _)| !h.intersects(blocked))
        .take(1_000)
        .map(|(h, w)| {
            // One hand as one word (`AsAhKdQc`), so a list reads hand by hand.
            let hand: String = h.to_vec_desc().iter().map(|c| c.to_string()).collect();
            if *w == 1.0 {
                hand
            } else {
                format!("{hand}:{w}")
            }
        })
        .collect();
    if json {
        return json::line(&json::HoleRange {
            input,
            game: range.game().key(),
            hands,
            listed,
        });
    }
    let mut out = format!("{} · {hands} hands", range.game());
    if range.is_random() {
        out.push_str(" (random: every hand)");
    } else {
        let more = hands.saturating_sub(listed.len() as u64);
        out.push_str(&format!(
            "\n{}{}",
            listed
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join(" "),
            if more + listed.len().saturating_sub(20) as u64 > 0 {
                format!(
                    " … and {} more",
                    more + listed.len().saturating_sub(20) as u64
                )
            } else {
                String::new()
            }
        ));
    }
    out.push('\n');
    out
}

/// One function because JSON and the table write the same seats' figures in the same order.
pub fn equity(
    inputs: &[String],
    folded: &[String],
    m: &MatchupJob,
    r: &MatchupResult,
    elapsed: Duration,
    json: bool,
) -> String {
    if let Some(d) = m.double_board() {
        return double_board(inputs, d, r, elapsed, json);
    }
    let shown = r.has_figures();
    let hands = m.seat_hands();
    if json {
        let players = inputs
            .iter()
            .zip(&r.seats)
            .zip(&hands)
            .enumerate()
            .map(|(i, ((input, s), &seat))| json::Player {
                range: input.trim(),
                combos: seat as usize,
                figures: json::SeatFigures {
                    result: r,
                    seat: i,
                    errors: false,
                },
                // A partial enumeration claims no error bound (its sample is of
                // classes, not of independent deals).
                std_error: shown
                    .then_some(s.equity_se)
                    .filter(|_| r.status.fraction_done.is_none()),
                std_errors: json::SeatFigures {
                    result: r,
                    seat: i,
                    errors: true,
                },
                hand_types: shown
                    .then(|| json::types(m.game(), &s.hand_types))
                    .flatten(),
                // Hi/lo: the key always, `null` while the figures are n/a.
                low_types: r.low.get(i).map(|l| {
                    shown.then(|| json::shares(multiodds::eval::HandTypes::EIGHT_LOW, &l.low_types))
                }),
            })
            .collect();
        return json::line(&json::Equity {
            game: m.game().key(),
            method: r.method.key(),
            deals: r.deals,
            seed: r.seed,
            board: m.board().to_string(),
            dead: m.dead().to_string(),
            elapsed_ms: elapsed.as_millis() as u64,
            stopped: r.status.stopped,
            fraction_done: r.status.fraction_done.map(json::exact),
            note: r.status.note.clone(),
            players,
            folded: folded
                .iter()
                .zip(m.folded_hands())
                .map(|(range, combos)| json::Folded {
                    range: range.trim(),
                    combos: combos as usize,
                })
                .collect(),
        });
    }
    let board = m.board();
    let mut out = format!(
        "{}{} · {} deals{} · {} ms · {}{}\n",
        m.game().prefix(" · "),
        r.method,
        r.deals,
        r.seed.map_or(String::new(), |s| format!(" · seed {s}")),
        elapsed.as_millis(),
        r.status.describe(),
        if board.is_empty() {
            String::new()
        } else {
            format!(" · board {board}")
        }
    );
    // The seat figures as the one table names them; the equity's error after it.
    let figures: Vec<_> = SeatFigure::of(r).collect();
    let column = |name: &str| format!(" {:>10}", format!("{name} %"));
    out.push_str(&format!(
        "{:<28} {:>7}",
        "seat",
        if m.game().plays_as_holdem() {
            "combos"
        } else {
            "hands"
        }
    ));
    for (f, name) in &figures {
        out.push_str(&column(name));
        if f.key == "equity" {
            out.push_str(&column("± SE"));
        }
    }
    out.push('\n');
    let cell = |x: f64| {
        if shown {
            format!(" {:>10.3}", 100.0 * x)
        } else {
            format!(" {:>10}", "n/a")
        }
    };
    for (i, (input, seat)) in inputs.iter().zip(&hands).enumerate().take(r.seats.len()) {
        out.push_str(&format!("{:<28} {:>7}", truncate(input.trim(), 28), seat));
        for (f, _) in &figures {
            let (v, se) = (f.value)(r, i);
            out.push_str(&cell(v));
            if f.key == "equity" {
                out.push_str(&cell(se));
            }
        }
        out.push('\n');
    }
    for (i, (input, combos)) in folded.iter().zip(m.folded_hands()).enumerate() {
        out.push_str(&format!(
            "{:<28} {:>7} folded (dealt, not in the showdown)\n",
            truncate(&format!("folded {}: {}", i + 1, input.trim()), 28),
            combos
        ));
    }
    if let Some(why) = r.figures_not_applicable() {
        out.push_str(&why);
        out.push('\n');
    }
    out
}

/// A double board: each seat's equity overall, on each board, and the scoop of both
/// (every part of the pot).
///
/// One function because JSON and the table write the same two boards' figures in the same
/// order.
fn double_board(
    inputs: &[String],
    m: &multiodds::equity::games::double_board::DoubleBoard,
    r: &MatchupResult,
    elapsed: Duration,
    json: bool,
) -> String {
    let game = m.matchup.game;
    let board = |k: usize| &r.boards[k].seats;
    // Below the deals a figure needs, every figure is n/a (one deal is not a certainty).
    let shown = r.has_figures();
    let hi_lo = game.is_hi_lo();
    // In hi/lo each board's half splits again: the chance to win or share its high and
    // its low.
    let halves = |k: usize, i: usize| -> Option<(f64, f64)> {
        let b = &r.boards[k];
        let low = b.low.get(i)?;
        Some((b.seats[i].win + b.seats[i].tie, low.low_win + low.low_tie))
    };
    if json {
        let seats: Vec<serde_json::Value> = inputs
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let o = &r.seats[i];
                let on = |k: usize| {
                    let s = &board(k)[i];
                    let mut v = serde_json::json!({ "equity": s.equity, "equity_se": s.equity_se, "win": s.win, "tie": s.tie });
                    if let Some((high, low)) = halves(k, i) {
                        v["high"] = high.into();
                        v["low"] = low.into();
                    }
                    if shown { v } else { serde_json::Value::Null }
                };
                serde_json::json!({
                    "range": name.trim(),
                    "equity": shown.then_some(o.equity),
                    "equity_se": shown.then_some(o.equity_se),
                    "scoop_both": shown.then_some(o.win),
                    "board1": on(0),
                    "board2": on(1),
                })
            })
            .collect();
        return serde_json::to_string_pretty(&serde_json::json!({
            "game": game.key(),
            "boards": 2,
            "board1": m.matchup.board.to_string(),
            "board2": m.board2.to_string(),
            "dead": m.dead.to_string(),
            "method": r.method.key(),
            "deals": r.deals,
            "seed": r.seed,
            "stopped": r.status.stopped,
            "figures_not_applicable": r.figures_not_applicable(),
            "seats": seats,
            "elapsed_ms": elapsed.as_millis() as u64,
        }))
        .expect("plain data");
    }
    let mut out = format!(
        "{}double board · {} · {} deals · {}\n",
        game.prefix(" · "),
        r.method,
        r.deals,
        r.status.describe()
    );
    out.push_str(&format!(
        "{:<24} {:>9} {:>9} {:>9} {:>11}{}\n",
        "seat",
        "equity",
        "board 1",
        "board 2",
        if hi_lo { "scoop all" } else { "scoop both" },
        if hi_lo {
            format!(
                " {:>8} {:>8} {:>8} {:>8}",
                "b1 high", "b1 low", "b2 high", "b2 low"
            )
        } else {
            String::new()
        }
    ));
    let pct = |x: f64| {
        if shown {
            format!("{:.2}%", 100.0 * x)
        } else {
            "n/a".to_string()
        }
    };
    for (i, name) in inputs.iter().enumerate() {
        let o = &r.seats[i];
        let se = if r.method == multiodds::equity::Method::Exact || !shown {
            String::new()
        } else {
            format!(" ± {:.2}", 100.0 * o.equity_se)
        };
        let mut line = format!(
            "{:<24} {:>9} {:>9} {:>9} {:>11}",
            truncate(name.trim(), 24),
            if shown {
                format!("{:.2}{se}%", 100.0 * o.equity)
            } else {
                "n/a".into()
            },
            pct(board(0)[i].equity),
            pct(board(1)[i].equity),
            pct(o.win)
        );
        if hi_lo {
            for k in 0..2 {
                let (high, low) = halves(k, i).unwrap_or_default();
                line.push_str(&format!(" {:>8} {:>8}", pct(high), pct(low)));
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    if let Some(why) = r.figures_not_applicable() {
        out.push_str(&why);
        out.push('\n');
    }
    out
}

fn truncate(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

pub fn sweep(
    hero: &str,
    vs: &str,
    s: &SweepJob,
    r: &SweepResult,
    json: bool,
    csv: Option<&CsvOptions>,
) -> String {
    let (board, dead) = (s.board(), s.dead());
    if json {
        return json::line(&json::Sweep {
            game: s.game().key(),
            hero: hero.trim(),
            vs: vs.trim(),
            board: board.to_string(),
            dead: dead.to_string(),
            method: r.method_key(),
            seed: r.seed,
            stopped: r.status.stopped,
            note: r.status.note.clone(),
            points: r
                .points
                .iter()
                .map(|p| json::PointJson::of(s.game(), p))
                .collect(),
            missing: &r.missing,
        });
    }
    if let Some(options) = csv {
        // The same header block and columns as the app's "Export table as CSV".
        let title = table_csv::sweep_title(hero, vs, &board.to_string(), &dead.to_string());
        let title = s.game().heading(&title);
        return table_csv::sweep(r, &table_csv::sweep_header(&title, r), options);
    }
    let mut out = format!(
        "{} vs {}{} · {}{}\n",
        hero.trim(),
        vs.trim(),
        if board.is_empty() {
            String::new()
        } else {
            format!(" on {}", board)
        },
        r.method_key(),
        r.seed.map_or(String::new(), |s| format!(
            " · seed {s} · {}",
            r.status.describe()
        ))
    );
    // The figures as the one table lists them: the joint potentials are CSV's and
    // JSON's; hi/lo's only where a point has them.
    let points: Vec<_> = r.rows().into_iter().filter_map(Result::ok).collect();
    let metrics: Vec<_> = SWEEP_METRICS
        .iter()
        .filter(|m| m.group != MetricGroup::Joint)
        .filter(|m| m.group != MetricGroup::HiLo || points.iter().any(|p| (m.value)(p).is_some()))
        .collect();
    out.push_str("opps");
    for m in &metrics {
        out.push_str(&format!(" {:>8}", format!("{} %", m.short)));
    }
    out.push_str(&format!(" {:>7} {:>12}\n", "± SE %", "deals"));
    for row in r.rows() {
        let p = match row {
            Ok(p) => p,
            Err(m) => {
                out.push_str(&format!("{:>4}      n/a  ({})\n", m.opponents, m.reason));
                continue;
            }
        };
        out.push_str(&format!("{:>4}", p.opponents));
        for m in &metrics {
            match (m.value)(p) {
                Some((v, _)) => out.push_str(&format!(" {:>8.3}", 100.0 * v)),
                None => out.push_str(&format!(" {:>8}", "n/a")),
            }
        }
        out.push_str(&format!(
            " {:>7.3} {:>12}\n",
            100.0 * p.std_error.equity,
            p.deals
        ));
    }
    out
}

/// One function because JSON and the table write the same outs in the same order.
pub fn outs(o: &multiodds::equity::outs::Outs, json: bool) -> String {
    let cards =
        |cs: &[multiodds::cards::Card]| cs.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    if json {
        return json::line(&json::Outs {
            hero: &o.hero,
            board: &o.board,
            category: o.category.key(),
            outs: cards(&o.outs),
            count: o.all.outs,
            hit_by_river: o.all.hit_by_river,
            rule_of_4_and_2: o.all.rule_of_4_and_2,
            game: (!o.game.is_default()).then(|| o.game.key()),
            discounted_outs: o.classic.as_ref().map(|c| cards(&c.discounted)),
            discounted: o
                .classic
                .as_ref()
                .map(|c| json::Draw::of(&c.discounted_draw)),
            outs_ex_cards: o.classic.as_ref().map(|c| cards(&c.outs_ex)),
            outs_ex: o.classic.as_ref().map(|c| json::Draw::of(&c.outs_ex_draw)),
            by_category: o
                .by_category
                .iter()
                .map(|g| json::OutsGroup {
                    category: g.category.key(),
                    cards: cards(&g.cards),
                    draw: json::Draw::of(&multiodds::equity::outs::draw(
                        g.cards.len(),
                        o.unseen,
                        o.to_come,
                    )),
                })
                .collect(),
            draw_count: json::ByCategory(multiodds::eval::HandTypes::HIGH, o.draw_counts),
            hand_distance: o.classic.as_ref().map(|c| c.hand_distance),
            draws: json::Draws {
                flush_draw: o.flush_draw,
                backdoor_flush_draw: o.backdoor_flush_draw,
                open_ended_straight_draw: o.open_ended,
                gutshot: o.gutshot,
                flush: json::Draw::of(&o.flush),
                straight: json::Draw::of(&o.straight),
            },
        });
    }
    let line = |name: &str, d: &multiodds::equity::outs::Draw| {
        format!(
            "{name:<18} {:>3} outs  {:>6.2}% by the river (rule of 4 and 2: {:.0}%)\n",
            d.outs,
            100.0 * d.hit_by_river,
            100.0 * d.rule_of_4_and_2
        )
    };
    let mut out = format!(
        "{}{} on {}: {}\n",
        o.game.prefix(": "),
        o.hero,
        o.board,
        o.category
    );
    out += &line("outs", &o.all);
    out += &format!("  {}\n", cards(&o.outs).join(" "));
    for g in &o.by_category {
        out += &format!(
            "  {:<16} {}\n",
            g.category.name(),
            cards(&g.cards).join(" ")
        );
    }
    if let Some(c) = &o.classic {
        out += &line("discounted outs", &c.discounted_draw);
        out += &format!("  {}\n", cards(&c.discounted).join(" "));
        out += &line("outs (second rule)", &c.outs_ex_draw);
    }
    let counts = o.draw_count_names();
    if !counts.is_empty() {
        out += &format!("draw count: {}\n", counts.join(", "));
    }
    if let Some(c) = &o.classic {
        out += &format!(
            "hand distance: {} (0 is the nuts on this board)\n",
            c.hand_distance
        );
    }
    let mut flags = Vec::new();
    if o.flush_draw {
        flags.push("flush draw");
    }
    if o.backdoor_flush_draw {
        flags.push("backdoor flush draw");
    }
    if o.open_ended {
        flags.push("open-ended straight draw");
    }
    if o.gutshot {
        flags.push("gutshot");
    }
    if !flags.is_empty() {
        out += &format!("draws: {}\n", flags.join(", "));
    }
    if o.flush.outs > 0 {
        out += &line("flush draw", &o.flush);
    }
    if o.straight.outs > 0 {
        out += &line("straight draw", &o.straight);
    }
    out
}

pub fn chart(
    spec: &multiodds::equity::chart::ChartSpec,
    r: &multiodds::equity::chart::ChartResult,
    figure: ChartFigure,
    json: bool,
    csv: Option<&CsvOptions>,
    target_se: f64,
) -> String {
    if let Some(options) = csv {
        let header = table_csv::chart_header(
            spec.game,
            &spec.vs.to_string(),
            &spec.board.to_string(),
            &spec.dead.to_string(),
            r.seed,
            r.method_key(),
            target_se,
        );
        return table_csv::chart(r, &header, options);
    }
    if json {
        let mut rows = Vec::new();
        for class in multiodds::range::HandClass::all() {
            for p in r.cells[class.index()].iter().flatten() {
                rows.push(json::ChartRow {
                    hand: class.to_string(),
                    opponents: p.opponents,
                    win: p.win,
                    tie: p.tie,
                    equity: p.equity,
                    win_odds: p.win_odds,
                    std_error: p.std_error.equity,
                    win_odds_std_error: p.std_error.win_odds,
                });
            }
        }
        return json::line(&json::Chart {
            game: spec.game.key(),
            board: spec.board.to_string(),
            dead: spec.dead.to_string(),
            seed: r.seed,
            hands_done: r.done,
            rows,
        });
    }
    let counts: Vec<usize> = spec.counts.clone().collect();
    let mut out = String::from("hand  ");
    for n in &counts {
        out += &format!(" {:>6}", format!("n={n}"));
    }
    out.push('\n');
    for class in multiodds::range::HandClass::all() {
        if let Some(points) = &r.cells[class.index()] {
            out += &format!("{:<5} ", class.to_string());
            for p in points {
                out += &format!(" {:>6.2}", 100.0 * figure.of(p).0);
            }
            out.push('\n');
        }
    }
    out += &format!(
        "{}{} % against {}..{} opponents holding {} · {} of {} hands\n",
        spec.game.prefix(": "),
        figure.name(),
        spec.counts.start(),
        spec.counts.end(),
        spec.vs,
        r.done,
        spec.class_count()
    );
    out
}

mod breakdown;
pub use breakdown::*;

/// `runouts`: every card that can come next, its probability and every seat's equity.
pub fn runouts(
    ranges: &[&str],
    board: multiodds::cards::CardSet,
    cards: &[multiodds::equity::by_combo::NextCard],
    json: bool,
) -> String {
    let seats = cards.first().map_or(0, |n| n.equity.len());
    let equity_now: Vec<f64> = (0..seats)
        .map(|seat| cards.iter().map(|n| n.probability * n.equity[seat]).sum())
        .collect();
    if json {
        return json::line(&json::Runouts {
            ranges: ranges.to_vec(),
            board: board.to_string(),
            equity_now: equity_now.iter().map(|&e| json::exact(e)).collect(),
            cards: cards
                .iter()
                .map(|n| json::NextCardLine {
                    card: n.card.to_string(),
                    probability: n.probability,
                    equity: n.equity.iter().map(|&e| json::exact(e)).collect(),
                })
                .collect(),
        });
    }
    let now = equity_now.first().copied().unwrap_or(0.0);
    let mut out = format!(
        "{} on {board}: seat 1's equity now {:.2}%\n{:<5} {:>11}",
        ranges.join(" vs "),
        100.0 * now,
        "card",
        "probability"
    );
    for seat in 1..=ranges.len() {
        out += &format!(" {:>9}", format!("seat {seat}"));
    }
    out += &format!(" {:>8}\n", "change");
    for n in cards {
        out += &format!("{:<5} {:>10.2}%", n.card.to_string(), 100.0 * n.probability);
        for e in &n.equity {
            out += &format!(" {:>8.2}%", 100.0 * e);
        }
        // Rounded first, and -0 made 0: a change of -0.000001 % is no change, not "-0.00".
        let change = (100.0 * 100.0 * (n.equity[0] - now)).round() / 100.0 + 0.0;
        out += &format!(" {:>+8.2}\n", change);
    }
    out
}
