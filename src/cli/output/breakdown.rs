//! `breakdown`'s report in any game: the lines, every hand's equity (exact or estimated),
//! the buckets and Hold'em's classes, as JSON, CSV or a table.

use super::{json, range_analysis, Game};
/// One line of a breakdown as the CLI prints it: key, name and counts.
pub type ReportLine = (
    &'static str,
    &'static str,
    multiodds::equity::breakdown::Line,
);

/// A hand of a breakdown with its weight, share and equity.
/// One hand with the other seats given: (hand, weight, share, equity, its tags — its
/// made-hand line first, then its draws, as the breakdown's lines are keyed — and its
/// equity's standard error, 0 when exact).
pub type HandEquity = (String, f64, f64, f64, Vec<&'static str>, f64);

/// A breakdown in any game, as `breakdown` and `run` print it.
pub struct BreakdownReport<'a> {
    /// The game (named in the output when not Hold'em).
    pub game: Game,
    /// The range's text.
    pub range: &'a str,
    /// The board.
    pub board: multiodds::cards::CardSet,
    /// Hands (combos) left and their weight.
    pub combos: usize,
    /// Their weight.
    pub weight: f64,
    /// Made-hand lines.
    pub made: Vec<ReportLine>,
    /// Draw lines.
    pub draws: Vec<ReportLine>,
    /// Cumulative lines (Hold'em's roll-ups: two pair or better, any draw …).
    pub rollups: Vec<ReportLine>,
    /// The other seats' text, the range's equity and every hand's (hand, weight, share,
    /// equity), with the other seats given.
    pub vs: Option<(&'a str, f64, Vec<HandEquity>)>,
    /// Hold'em's classes (class, combos, mean equity).
    pub classes: Option<Vec<(String, usize, f64)>>,
    /// A Monte Carlo estimate of every hand's equity (past the exact bound): deals per
    /// hand and the range equity's standard error.
    pub sampled: Option<(u64, f64)>,
}

impl<'a> BreakdownReport<'a> {
    /// Hold'em's breakdown and equity by combo (each combo's tags when `tags`).
    pub fn holdem(
        range: &'a str,
        board: multiodds::cards::CardSet,
        b: &multiodds::equity::breakdown::Breakdown,
        vs: Option<(&'a str, &multiodds::equity::range_analysis::ByHand)>,
        tags: bool,
    ) -> BreakdownReport<'a> {
        let classes = vs.map(|(_, r)| {
            let mut by_class: Vec<(usize, f64, f64)> = vec![(0, 0.0, 0.0); 169];
            for (combo, c) in combos(r) {
                let e = &mut by_class[combo.class().index()];
                e.0 += 1;
                e.1 += c.share * c.equity;
                e.2 += c.share;
            }
            multiodds::range::HandClass::all()
                .filter_map(|class| {
                    let (n, sum, share) = by_class[class.index()];
                    (n > 0 && share > 0.0).then(|| (class.to_string(), n, sum / share))
                })
                .collect()
        });
        BreakdownReport {
            game: Game::HOLDEM,
            range,
            board,
            combos: b.combos,
            weight: b.weight,
            made: b
                .made
                .iter()
                .map(|(m, l)| (m.key(), m.name(), *l))
                .collect(),
            draws: b
                .draws
                .iter()
                .map(|(d, l)| (d.key(), d.name(), *l))
                .collect(),
            rollups: b
                .rollups
                .iter()
                .map(|(r, l)| (r.key(), r.name(), *l))
                .collect(),
            vs: vs.map(|(v, r)| {
                // Each combo's tags from the class the breakdown already gave it (the
                // same `classify`).
                let mut class_of = vec![None; multiodds::range::COMBOS];
                for &(c, _, class) in &b.by_combo {
                    class_of[c.index()] = Some(class);
                }
                let hands = combos(r)
                    .map(|(combo, c)| {
                        // Preflop a combo has no line to be tagged with.
                        let tags = if tags && !board.is_empty() {
                            let class = class_of[combo.index()].unwrap_or_else(|| {
                                multiodds::equity::breakdown::classify(combo, board)
                            });
                            std::iter::once(class.made.key())
                                .chain(class.draws.iter().map(|d| d.key()))
                                .collect()
                        } else {
                            Vec::new()
                        };
                        (combo.to_string(), c.weight, c.share, c.equity, tags, 0.0)
                    })
                    .collect();
                (v, r.equity(), hands)
            }),
            classes,
            sampled: None,
        }
    }

    /// Another game's breakdown and equity by hand (each hand's tags when `tags`).
    pub fn game(
        game: Game,
        range: &'a str,
        board: multiodds::cards::CardSet,
        b: &multiodds::equity::games::range_analysis::HandBreakdown,
        vs: Option<(&'a str, &multiodds::equity::games::range_analysis::ByHand)>,
        tags: bool,
    ) -> BreakdownReport<'a> {
        let lines = |draw: bool| {
            b.lines
                .iter()
                .filter(|(k, _)| k.is_draw() == draw)
                .map(|(k, l)| (k.key(), k.name(), *l))
                .collect()
        };
        BreakdownReport {
            game,
            range,
            board,
            combos: b.hands,
            weight: b.weight,
            made: lines(false),
            draws: lines(true),
            rollups: Vec::new(),
            vs: vs.map(|(v, r)| {
                use rayon::prelude::*;
                // The cards that can come (the hand's own are passed over by
                // `hand_lines`), the same for every hand.
                let board_cards: Vec<_> = board.iter().collect();
                let next: Vec<_> = if board_cards.len() < 5 {
                    game.deck().difference(board).iter().collect()
                } else {
                    Vec::new()
                };
                // Each hand's tags look one card ahead: shared among the threads.
                let hands = r
                    .hands
                    .par_iter()
                    .map(|h| {
                        let cards: Vec<_> = h.hand.iter().collect();
                        // Tags only where they are written (JSON, CSV).
                        let tags = if tags {
                            range_analysis::hand_lines(game, &cards, &board_cards, &next)
                                .into_iter()
                                .map(|l| l.key())
                                .collect()
                        } else {
                            Vec::new()
                        };
                        (
                            multiodds::cards::format_cards(&cards).replace(' ', ""),
                            h.weight,
                            h.share,
                            h.equity,
                            tags,
                            h.std_error,
                        )
                    })
                    .collect();
                (v, r.equity(), hands)
            }),
            classes: None,
            sampled: vs.and_then(|(_, r)| r.sampled.map(|s| (s.deals_per_hand, r.std_error()))),
        }
    }
}

/// `breakdown`: what a range holds on a board, and with other ranges every combo's
/// equity, the buckets and (Hold'em) the classes (as JSON, CSV or a table).
///
/// One function because JSON, CSV and the table write the same report's parts in the same
/// order.
pub fn breakdown(report: &BreakdownReport<'_>, json: bool, csv: bool) -> String {
    let r = report;
    // The hands strongest first, by reference: a 5-card Omaha range holds 1.7 million,
    // and a sorted copy of each (with its name and tags) was hundreds of megabytes.
    let by_combo = r.vs.as_ref().map(|(_, _, hands)| {
        let mut hands: Vec<&HandEquity> = hands.iter().collect();
        hands.sort_by(|x, y| y.3.total_cmp(&x.3));
        hands
    });
    // An empty quarter is 0, not the -0 an empty float sum gives.
    let buckets = by_combo.as_ref().map(|hands| {
        let shares = multiodds::equity::equity_buckets(hands.iter().map(|c| (c.2, c.3)));
        (0..4)
            .map(|k| (k as f64 * 0.25, (k + 1) as f64 * 0.25, shares[k]))
            .collect::<Vec<_>>()
    });
    if json {
        let line = |&(key, _, l): &ReportLine| json::BreakdownLine {
            name: key,
            combos: l.combos,
            weight: l.weight,
            share: l.share,
        };
        return json::line(&json::Breakdown {
            game: (!r.game.is_default()).then(|| r.game.key()),
            range: r.range,
            board: r.board.to_string(),
            combos: r.combos,
            weight: r.weight,
            made: r.made.iter().map(line).collect(),
            draws: r.draws.iter().map(line).collect(),
            rollups: r.rollups.iter().map(line).collect(),
            vs: r.vs.as_ref().map(|v| v.0),
            equity: r.vs.as_ref().map(|v| v.1),
            equity_method: r.vs.as_ref().map(|_| {
                if r.sampled.is_some() {
                    "monte_carlo"
                } else {
                    "exact"
                }
            }),
            equity_std_error: r.sampled.map(|s| s.1),
            deals_per_hand: r.sampled.map(|s| s.0),
            by_combo: by_combo.as_ref().map(|hands| {
                hands
                    .iter()
                    .map(|c| json::ComboLine {
                        hand: &c.0,
                        weight: c.1,
                        share: c.2,
                        equity: c.3,
                        tags: &c.4,
                        std_error: r.sampled.map(|_| c.5),
                    })
                    .collect()
            }),
            buckets: buckets.as_ref().map(|bs| {
                bs.iter()
                    .map(|&(from, to, share)| json::Bucket { from, to, share })
                    .collect()
            }),
            classes: r.classes.as_ref().map(|cs| {
                cs.iter()
                    .map(|(class, combos, equity)| json::ClassLine {
                        class: class.clone(),
                        combos: *combos,
                        equity: *equity,
                    })
                    .collect()
            }),
        });
    }
    if csv {
        let mut w = ::csv::Writer::from_writer(Vec::new());
        let _ = w.write_record([
            "kind", "name", "combos", "weight", "share", "equity", "tags",
        ]);
        for (kind, lines) in [
            ("made", &r.made),
            ("draw", &r.draws),
            ("rollup", &r.rollups),
        ] {
            for (key, _, l) in lines {
                let _ = w.write_record([
                    kind.to_string(),
                    key.to_string(),
                    l.combos.to_string(),
                    format!("{:.6}", l.weight),
                    format!("{:.6}", l.share),
                    String::new(),
                    String::new(),
                ]);
            }
        }
        for c in by_combo.iter().flatten() {
            let _ = w.write_record([
                "combo".to_string(),
                c.0.clone(),
                "1".to_string(),
                format!("{:.6}", c.1),
                format!("{:.6}", c.2),
                format!("{:.6}", c.3),
                c.4.join(" "),
            ]);
        }
        return String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default();
    }
    let game = r.game.prefix(": ");
    let unit = if r.game.has_two_card_ranges() {
        "combos"
    } else {
        "hands"
    };
    // Preflop there are no made hands to list: the equities alone.
    let on = if r.board.is_empty() {
        "preflop".to_string()
    } else {
        format!("on {}", r.board)
    };
    let mut out = format!(
        "{game}{} {on}: {} {unit}, weight {:.2}\n",
        r.range, r.combos, r.weight
    );
    if !r.made.is_empty() {
        out += &format!(
            "\n{:<34} {:>7} {:>9} {:>7}\n",
            "made hand", unit, "weight", "share"
        );
    }
    for (heading, lines) in [
        ("", &r.made),
        ("draw", &r.draws),
        ("cumulative", &r.rollups),
    ] {
        if !heading.is_empty() && !lines.is_empty() {
            out += &format!(
                "\n{:<34} {:>7} {:>9} {:>7}\n",
                heading, unit, "weight", "share"
            );
        }
        for (_, name, l) in lines.iter().filter(|(_, _, l)| l.combos > 0) {
            out += &format!(
                "{name:<34} {:>7} {:>9.2} {:>6.1}%\n",
                l.combos,
                l.weight,
                100.0 * l.share
            );
        }
    }
    if let (Some((v, equity, _)), Some(buckets)) = (&r.vs, &buckets) {
        out += &match r.sampled {
            None => format!("\nequity against {v}: {:.2}%\n", 100.0 * equity),
            Some((deals, se)) => format!(
                "\nequity against {v}: {:.2}% ± {:.2} (Monte Carlo estimate, {deals} deals a hand: exact is past the bound)\n",
                100.0 * equity,
                100.0 * se
            ),
        };
        for (from, to, share) in buckets {
            out += &format!(
                "  {:>3.0}-{:<3.0}% of equity: {:>5.1}% of the range\n",
                100.0 * from,
                100.0 * to,
                100.0 * share
            );
        }
    }
    out
}

/// Every hand of a two-card range's equities with its combo.
fn combos(
    r: &multiodds::equity::range_analysis::ByHand,
) -> impl Iterator<
    Item = (
        multiodds::range::Combo,
        &multiodds::equity::range_analysis::HandEquity,
    ),
> {
    r.hands.iter().filter_map(|h| h.combo().map(|c| (c, h)))
}

/// The Range question's answer (lines and every hand's equity) as `breakdown` and `run`
/// print it, in any game: the one rendering of a [`RangeAnalysis`] on the command line.
/// Preflop, where there are no lines, each hand's equity under an empty breakdown, as
/// the Range view shows it. Why a part asked for is missing is the error.
///
/// [`RangeAnalysis`]: multiodds::equity::range_analysis::RangeAnalysis
pub fn range_answer(
    a: &multiodds::equity::range_analysis::RangeAnalysis,
    range: &str,
    against: &str,
    board: multiodds::cards::CardSet,
    json: bool,
    csv: bool,
) -> Result<String, String> {
    use multiodds::equity::range_analysis::RangeLines;
    let by_hand = match &a.by_hand {
        Ok(r) => Some((against, r)),
        // No other seat: the lines alone.
        Err(_) if against.is_empty() => None,
        Err(why) => return Err(why.clone()),
    };
    let preflop = (board.is_empty() && a.game.has_two_card_ranges())
        .then(|| {
            by_hand.map(|(_, r)| {
                RangeLines::Holdem(multiodds::equity::breakdown::Breakdown {
                    combos: r.hands.len(),
                    weight: r.hands.iter().map(|h| h.weight).sum(),
                    made: Vec::new(),
                    draws: Vec::new(),
                    rollups: Vec::new(),
                    by_combo: Vec::new(),
                })
            })
        })
        .flatten();
    let lines = match (&a.breakdown, &preflop) {
        (Ok(lines), _) => lines,
        (Err(_), Some(lines)) => lines,
        (Err(why), None) => return Err(why.clone()),
    };
    let report = match lines {
        RangeLines::Holdem(b) => BreakdownReport::holdem(range, board, b, by_hand, json || csv),
        RangeLines::Game(b) => BreakdownReport::game(a.game, range, board, b, by_hand, json || csv),
    };
    Ok(super::breakdown(&report, json, csv))
}
