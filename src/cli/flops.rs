//! `multiodds flops` and `multiodds flops-merge`: the Flops report from the command line
//! (text, JSON or CSV), a part of it (`--shard i/n`, always JSON), and parts merged back
//! into exactly the report one process gives.

use super::{
    first_problem, json, run_with_progress, CliError, CliJob, Duration, Ordering, RunSettings,
    INTERRUPTED,
};
use multiodds::equity::flops::report::{FlopsReport, GroupFigures, TextureFilter};
use multiodds::equity::flops::{FlopLine, FlopResult, FlopsSpec, Shard};
use multiodds::scenario::FlopsInputs;
use multiodds::worker::{FlopsJob, FlopsUpdate};
use serde::{Deserialize, Serialize};
use serde_json::json;

impl CliJob for FlopsJob {
    fn describe(update: &FlopsUpdate, elapsed: Duration) -> String {
        match update {
            FlopsUpdate::Start(r) => format!(
                "{} flops to run{}",
                r.flops.len(),
                r.estimate
                    .map(|e| format!(", {}", e.describe()))
                    .unwrap_or_default()
            ),
            FlopsUpdate::Batch(_, Some(d)) => format!(
                "{} of {} deals · {:.1} s",
                d.deals,
                d.target,
                elapsed.as_secs_f64()
            ),
            FlopsUpdate::Batch(b, None) => format!(
                "flop {} done · {:.1} s",
                b.last().map_or(0, |r| r.index + 1),
                elapsed.as_secs_f64()
            ),
        }
    }
}

/// The spec of the inputs, or their first problem named as the command line names it.
fn spec_of(inputs: &FlopsInputs) -> Result<FlopsSpec, CliError> {
    let name = |field: &str| match field {
        "range1" => "range 1".to_string(),
        "range2" => "range 2".to_string(),
        "dead" => "--dead".to_string(),
        other => match other
            .strip_prefix("more[")
            .and_then(|k| k.strip_suffix(']')?.parse::<usize>().ok())
        {
            Some(k) => format!("range {}", k + 3),
            None => format!("--{}", other.replace('_', "-")),
        },
    };
    inputs
        .validate()
        .map(|job| job.spec)
        .map_err(|p| first_problem(p, name, |f| inputs.field_text(f)))
}

/// A part's file: the inputs, which part, and its flops' results.
#[derive(Debug, Serialize, Deserialize)]
pub struct FlopsPart {
    /// Always "multiodds-flops-part".
    pub kind: String,
    /// The part format's version ([`PART_VERSION`]); parts of another are refused.
    #[serde(default)]
    pub version: u32,
    /// [`results_checksum`] of `results` when written: an edited or damaged part fails it.
    #[serde(default)]
    pub checksum: String,
    /// The inputs.
    pub inputs: FlopsInputs,
    /// Which part.
    pub shard: Shard,
    /// The flops in the whole report.
    pub flops: usize,
    /// This part's flops.
    pub results: Vec<FlopResult>,
}

const PART_KIND: &str = "multiodds-flops-part";

/// The part format's version: 2 added the version and the checksum.
const PART_VERSION: u32 = 2;

/// The largest part file read (a whole Hold'em report is about 60 MB as one part).
const MAX_PART_BYTES: u64 = 1 << 30;

/// FNV-1a (64 bits) over the results' JSON: not a signature, a check that the numbers are
/// those the run wrote.
fn results_checksum(results: &[FlopResult]) -> String {
    let text = serde_json::to_string(results).expect("plain data");
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Every figure of a part's results in its range, and each flop's seats those of the
/// inputs; the first that is not, named.
fn check_results(results: &[FlopResult], seats: usize) -> Result<(), String> {
    let share = |what: &str, x: f64| -> Result<(), String> {
        if x.is_finite() && (-1e-9..=1.0 + 1e-9).contains(&x) {
            Ok(())
        } else {
            Err(format!("{what} is {x}, outside 0..1"))
        }
    };
    for r in results {
        let at = |e: String| format!("flop {}: {e}", r.index);
        if !(r.deal_weight.is_finite() && r.deal_weight >= 0.0) {
            return Err(at(format!(
                "its deal weight is {}, not a finite weight ≥ 0",
                r.deal_weight
            )));
        }
        if r.deal_weight > 0.0 && r.seats.len() != seats {
            return Err(at(format!(
                "{} ranges where the inputs have {seats}",
                r.seats.len()
            )));
        }
        for (k, s) in r.seats.iter().enumerate() {
            let at = |e: String| at(format!("range {}: {e}", k + 1));
            for (what, x) in [
                ("equity", s.equity),
                ("win", s.win),
                ("tie", s.tie),
                ("win + tie", s.win + s.tie),
                ("the ≥80% share", s.nut80),
                ("the ≥90% share", s.nut90),
            ] {
                share(what, x).map_err(at)?;
            }
            if let Some(se) = s.std_error {
                if !(se.is_finite() && (0.0..=1.0).contains(&se)) {
                    return Err(at(format!("the standard error is {se}")));
                }
            }
            let many = s
                .buckets
                .iter()
                .chain(&s.curve)
                .chain(&s.lines)
                .copied()
                .chain(
                    s.class_equity
                        .iter()
                        .chain(&s.class_share)
                        .map(|&x| f64::from(x)),
                );
            for x in many {
                share("a share or an equity", x).map_err(at)?;
            }
        }
    }
    Ok(())
}

/// What `flops` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlopsFormat {
    /// A text summary with the texture table.
    Text,
    /// One JSON object.
    Json,
    /// One row per flop.
    Csv,
}

/// The format the flags ask for.
pub(super) fn format(json: bool, csv: bool) -> FlopsFormat {
    match (json, csv) {
        (true, _) => FlopsFormat::Json,
        (_, true) => FlopsFormat::Csv,
        _ => FlopsFormat::Text,
    }
}

/// `multiodds flops`.
pub(super) fn flops_command(
    inputs: FlopsInputs,
    shard: Option<&str>,
    threads: Option<usize>,
    format: FlopsFormat,
    quiet: bool,
) -> Result<String, CliError> {
    let spec = spec_of(&inputs)?;
    let shard = shard
        .map(|s| {
            let (i, n) = s
                .split_once('/')
                .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)))
                .ok_or_else(|| {
                    CliError::Usage(format!("--shard: expected i/n such as 2/8, got {s:?}"))
                })?;
            Shard::new(i, n).map_err(|e| CliError::Usage(format!("--shard: {e}")))
        })
        .transpose()?;
    let job = FlopsJob {
        spec: spec.clone(),
        shard,
    };
    let (report, elapsed) = run_with_progress(job, RunSettings::default(), threads, !quiet)?;
    if let Some(shard) = shard {
        let results: Vec<FlopResult> = report.results.into_iter().flatten().collect();
        let part = FlopsPart {
            kind: PART_KIND.into(),
            version: PART_VERSION,
            checksum: results_checksum(&results),
            inputs,
            shard,
            flops: report.flops.len(),
            results,
        };
        return Ok(json::line(&part));
    }
    let seconds = (!INTERRUPTED.load(Ordering::SeqCst)).then_some(elapsed.as_secs_f64());
    Ok(print_report(&inputs, &report, format, seconds))
}

/// A part file's text: regular files only (a FIFO would block, `/dev/zero` never end),
/// at most [`MAX_PART_BYTES`].
fn read_part_file(path: &std::path::Path) -> Result<String, String> {
    use multiodds::files::Refused;
    let bytes = multiodds::files::read_capped(path, MAX_PART_BYTES).map_err(|why| match why {
        Refused::Io(e) => e.to_string(),
        Refused::Folder | Refused::NotRegular => {
            "not a regular file (parts are files `flops --shard` wrote)".into()
        }
        Refused::TooLarge(bytes) => format!(
            "{} MiB, more than a part can be ({} MiB)",
            bytes >> 20,
            MAX_PART_BYTES >> 20
        ),
        Refused::Grew => format!(
            "it grew past {} MiB while it was read",
            MAX_PART_BYTES >> 20
        ),
    })?;
    String::from_utf8(bytes).map_err(|e| format!("not UTF-8 text: {e}"))
}

/// `multiodds flops-merge`.
///
/// One function because it is the order a merge must keep: read every part, check each
/// against the others, merge, write.
pub(super) fn flops_merge_command(
    files: &[std::path::PathBuf],
    format: FlopsFormat,
) -> Result<String, CliError> {
    let mut parts = Vec::new();
    for f in files {
        let text = read_part_file(f)
            .map_err(|e| CliError::Usage(format!("{}: cannot read: {e}", f.display())))?;
        let part: FlopsPart = serde_json::from_str(&text).map_err(|e| {
            CliError::Usage(format!(
                "{}: not a part of a Flops report: {e}",
                f.display()
            ))
        })?;
        let bad = |why: String| CliError::Usage(format!("{}: {why}", f.display()));
        if part.kind != PART_KIND {
            return Err(bad(format!(
                "not a part of a Flops report (kind {:?})",
                part.kind
            )));
        }
        if part.version != PART_VERSION {
            return Err(bad(format!(
                "a part of format version {} (this version reads {PART_VERSION}): run `flops --shard` again",
                part.version
            )));
        }
        // Deserialised fields skip `Shard::new`'s checks: they are made here, and a part
        // count past the flops is refused before anything is sized by it.
        Shard::new(part.shard.index, part.shard.of).map_err(|e| bad(format!("its shard: {e}")))?;
        // C(52, 3): no report has more flops.
        if part.flops > 22_100 {
            return Err(bad(format!(
                "it claims {} flops; a report has at most 22,100",
                part.flops
            )));
        }
        if part.shard.of > part.flops.max(1) {
            return Err(bad(format!(
                "its shard: {} parts of a report of {} flops",
                part.shard.of, part.flops
            )));
        }
        if part.checksum != results_checksum(&part.results) {
            return Err(bad(
                "its results do not match its checksum: the part was edited or damaged; run its shard again".into(),
            ));
        }
        parts.push((f, part));
    }
    let Some((first_file, first)) = parts.first() else {
        return Err(CliError::Usage("give the parts to merge".into()));
    };
    let inputs = first.inputs.clone();
    let of = first.shard.of;
    let mut seen = vec![None; of];
    for (f, p) in &parts {
        if p.inputs != inputs || p.shard.of != of || p.flops != first.flops {
            return Err(CliError::Usage(format!(
                "{}: a part of another report than {} (inputs or part count differ)",
                f.display(),
                first_file.display()
            )));
        }
        if let Some(other) = seen[p.shard.index - 1].replace(f) {
            return Err(CliError::Usage(format!(
                "{}: part {}/{of} given twice (also {})",
                f.display(),
                p.shard.index,
                other.display()
            )));
        }
    }
    let missing: Vec<String> = (1..=of)
        .filter(|i| seen[i - 1].is_none())
        .map(|i| format!("{i}/{of}"))
        .collect();
    if !missing.is_empty() {
        return Err(CliError::Usage(format!(
            "missing parts: {}",
            missing.join(", ")
        )));
    }
    let spec = spec_of(&inputs)?;
    for (f, p) in &parts {
        check_results(&p.results, spec.seats.len())
            .map_err(|e| CliError::Usage(format!("{}: {e}", f.display())))?;
    }
    let mut report = FlopsReport::new(&spec);
    if report.flops.len() != first.flops {
        return Err(CliError::Usage(format!(
            "{}: the parts have {} flops, this version lists {}",
            first_file.display(),
            first.flops,
            report.flops.len()
        )));
    }
    for (f, p) in parts {
        let shard = p.shard;
        if let Some(r) = p.results.iter().find(|r| !shard.holds(r.index)) {
            return Err(CliError::Usage(format!(
                "{}: flop {} is not in part {}/{}",
                f.display(),
                r.index,
                shard.index,
                shard.of
            )));
        }
        report
            .add(p.results)
            .map_err(|e| CliError::Usage(format!("{}: {e}", f.display())))?;
    }
    report.preflop = Some(
        multiodds::equity::flops::preflop_equity(
            &spec,
            &multiodds::equity::RunControl::new(),
            rayon::current_num_threads(),
        )
        .map_err(|e| e.to_string()),
    );
    Ok(print_report(&inputs, &report, format, None))
}

fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// The report as text, JSON or CSV. `seconds` (text only) is the run's time.
pub(super) fn print_report(
    inputs: &FlopsInputs,
    report: &FlopsReport,
    format: FlopsFormat,
    seconds: Option<f64>,
) -> String {
    let partial = !report.is_complete();
    match format {
        FlopsFormat::Json => json::line(&report_json(inputs, report, partial)),
        FlopsFormat::Csv => {
            multiodds::equity::flops::report::flops_csv(report, &inputs.csv_title())
        }
        FlopsFormat::Text => report_text(inputs, report, partial, seconds),
    }
}

fn report_text(
    inputs: &FlopsInputs,
    report: &FlopsReport,
    partial: bool,
    seconds: Option<f64>,
) -> String {
    let mut out = format!("Flops: {} ({})\n", inputs.ranges_words(), inputs.game);
    out.push_str(&format!("{}; {}", report.describe_set(), report.method()));
    if let Some(s) = seconds {
        out.push_str(&format!(" in {s:.2} s"));
    }
    out.push('\n');
    if partial {
        out.push_str(&format!(
            "PARTIAL: {} of {} flops done{}; the figures are of what is done\n",
            report.done(),
            report.flops.len(),
            report
                .sampled
                .map(|d| format!(", {} of {} deals", d.deals, d.target))
                .unwrap_or_default()
        ));
    }
    out.push_str(&report.describe_check());
    out.push_str(
        "\nweights: raw = how often the flops come at all; dealt = how often given the ranges (card removal); every figure is averaged by the dealt weight\n",
    );
    if !report.exact {
        out.push_str("Monte Carlo: equity ± its standard error; nut shares and lines need each hand's equity (the exact report, Hold'em heads-up)\n");
    }
    out.push('\n');
    let mut header = format!("{:<28} {:>6} {:>7} {:>7}", "group", "flops", "raw", "dealt");
    for k in 1..=report.seats {
        header.push_str(&format!(" {:>16}", format!("eq {k}")));
    }
    if report.exact {
        header.push_str(&format!(
            " {:>8} {:>8} {:>8} {:>8}",
            "≥80% 1", "≥80% 2", "nut adv", "set+ 1"
        ));
    }
    out.push_str(&header);
    out.push('\n');
    let groups = std::iter::once(TextureFilter::default()).chain(TextureFilter::by_axis());
    for filter in groups {
        let g = report.group(&filter);
        out.push_str(&group_row(&g, report.exact));
    }
    out
}

fn group_row(g: &GroupFigures, exact: bool) -> String {
    let mut row = format!(
        "{:<28} {:>6} {:>7} {:>7}",
        g.name,
        g.count,
        pct(g.raw_weight),
        pct(g.dealt_weight)
    );
    if g.seats.is_empty() {
        return row + "  (no deal of the ranges)\n";
    }
    for s in &g.seats {
        let figure = match s.std_error {
            Some(se) => format!("{} ± {:.2}", pct(s.equity), 100.0 * se),
            None => pct(s.equity),
        };
        row.push_str(&format!(" {figure:>16}"));
    }
    if let (true, [a, b]) = (exact, g.seats.as_slice()) {
        row.push_str(&format!(
            " {:>8} {:>8} {:>+8.2} {:>8}",
            pct(a.nut80),
            pct(b.nut80),
            100.0 * (a.nut80 - b.nut80),
            pct(a.lines[0])
        ));
    }
    row + "\n"
}

/// One range's figures in JSON: equity, win and tie, with the standard error of a
/// sampled report or the exact report's per-hand figures.
fn seat_json(
    exact: bool,
    (equity, win, tie, std_error): (f64, f64, f64, Option<f64>),
    per_hand: impl FnOnce() -> serde_json::Value,
) -> serde_json::Value {
    let mut v = json!({
        "equity": json::exact(equity),
        "win": json::exact(win),
        "tie": json::exact(tie),
    });
    if let Some(se) = std_error {
        v["std_error"] = json!(json::exact(se));
    }
    if exact {
        if let (Some(map), serde_json::Value::Object(more)) = (v.as_object_mut(), per_hand()) {
            map.extend(more);
        }
    }
    v
}

fn group_json(g: &GroupFigures, exact: bool) -> serde_json::Value {
    let seats: Vec<serde_json::Value> = g
        .seats
        .iter()
        .map(|s| {
            seat_json(exact, (s.equity, s.win, s.tie, s.std_error), || {
                let mut v = hand_figures_json(s.nut80, s.nut90, s.buckets, &s.lines);
                v["class_equity"] = json!(s.class_equity);
                v
            })
        })
        .collect();
    let mut v = json!({
        "name": g.name,
        "flops": g.flops,
        "count": g.count,
        "raw_weight": json::exact(g.raw_weight),
        "dealt_weight": json::exact(g.dealt_weight),
        "ranges": seats,
    });
    if let (true, [a, b]) = (exact, g.seats.as_slice()) {
        v["nut_advantage"] = json!(json::exact(a.nut80 - b.nut80));
    }
    v
}

/// The exact report's figures of each hand's equity: nut shares, buckets and lines.
fn hand_figures_json(
    nut80: f64,
    nut90: f64,
    buckets: [f64; 4],
    lines: &[f64],
) -> serde_json::Value {
    json!({
        "nut80": json::exact(nut80),
        "nut90": json::exact(nut90),
        "buckets": buckets.map(json::exact),
        "lines": lines_json(lines),
    })
}

fn lines_json(lines: &[f64]) -> serde_json::Value {
    FlopLine::ALL
        .iter()
        .zip(lines)
        .map(|(l, v)| (l.key().to_string(), json!(json::exact(*v))))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

fn report_json(inputs: &FlopsInputs, report: &FlopsReport, partial: bool) -> serde_json::Value {
    let exact = report.exact;
    let flops: Vec<serde_json::Value> = report
        .done_flops()
        .map(|(f, r, _)| {
            let seats: Vec<serde_json::Value> = r
                .seats
                .iter()
                .map(|s| {
                    seat_json(exact, (s.equity, s.win, s.tie, s.std_error), || {
                        let mut v = hand_figures_json(s.nut80, s.nut90, s.buckets, &s.lines);
                        v["curve"] = json!(s.curve);
                        v
                    })
                })
                .collect();
            json!({
                "flop": f.name(),
                "count": f.count,
                "suits": f.texture.suits.key(),
                "pairing": f.texture.pairing.key(),
                "high": f.texture.high.key(),
                "connected": f.texture.connected.key(),
                "deal_weight": json::exact(r.deal_weight),
                "ranges": seats,
            })
        })
        .collect();
    let check = report.check();
    // A sampled report's check allows for range 1's standard error.
    let check_se = (!report.exact).then(|| {
        report
            .group(&TextureFilter::default())
            .seats
            .first()
            .and_then(|s| s.std_error)
            .unwrap_or(0.0)
    });
    let mut ranges = vec![&inputs.range1, &inputs.range2];
    ranges.extend(&inputs.more);
    json!({
        "ranges": ranges,
        "dead": inputs.dead,
        "game": inputs.game.key(),
        "flop_set": report.set.key(),
        "suit_renamings": match report.set {
            multiodds::equity::flops::FlopSet::Isomorphic { renamings } => renamings,
            multiodds::equity::flops::FlopSet::All => 1,
        },
        "flops_total": report.flops.len(),
        "flops_done": report.done(),
        "partial": partial,
        "method": if exact { "exact" } else { "monte_carlo" },
        "deals": report.sampled.map(|d| d.deals),
        "seed": report.sampled.map(|d| d.seed),
        "weighting": "every group figure is averaged by the dealt weight (how often the flop comes given the ranges); raw_weight is how often it comes at all",
        "check": {
            "preflop_equity": report.preflop.as_ref().and_then(|p| p.as_ref().ok()).map(|x| json::exact(*x)),
            "flops_mean_equity": check.map(|c| json::exact(c.flops_mean)),
            "difference": check.map(|c| json::exact(c.difference())),
            "passes": check.map(|c| c.holds(check_se)),
            "unavailable": report.preflop.as_ref().and_then(|p| p.as_ref().err()),
        },
        "all": group_json(&report.group(&TextureFilter::default()), exact),
        "groups": TextureFilter::by_axis().iter().map(|f| group_json(&report.group(f), exact)).collect::<Vec<_>>(),
        "flops": flops,
    })
}
