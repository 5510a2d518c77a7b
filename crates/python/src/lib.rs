//! MultiOdds' engine for Python: the native half of the `multiodds` package. Each
//! function fills the same inputs the window, the command line and scenario files fill
//! (the one scenario model), validates them (a problem becomes `multiodds.InputError`
//! with its field and column), runs the one job interface on worker threads with the GIL
//! released, and answers plain Python values (dicts, lists, bytes); the package's Python
//! half wraps them in result classes.

use multiodds_engine::cards::{parse_card_list, Card, CardSet, Game};
use multiodds_engine::equity::metrics::{SeatFigure, SWEEP_METRICS};
use multiodds_engine::equity::run::RunSettings;
use multiodds_engine::equity::{MatchupResult, Method};
use multiodds_engine::eval::{evaluate as evaluate_holdem, game_value};
use multiodds_engine::query::Answer;
use multiodds_engine::range::{HandClass, HandRange, HoleRange};
use multiodds_engine::scenario::inputs::{
    ChartInputs, MatchupInputs, QueryInputs, RangeInputs, RunInputs, SweepInputs,
};
use multiodds_engine::scenario::ScenarioError;
use multiodds_engine::worker::{Event, Job, JobManager, StopReason};
use pyo3::exceptions::PyKeyboardInterrupt;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use rayon::prelude::*;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

/// `multiodds.InputError(message, field, column)`: a problem of the inputs at its field.
fn input_error(py: Python<'_>, message: String, field: &str, column: Option<usize>) -> PyErr {
    let made = py
        .import("multiodds._errors")
        .and_then(|m| m.getattr("InputError"))
        .and_then(|class| class.call1((message.clone(), field, column)));
    match made {
        Ok(e) => PyErr::from_value(e),
        Err(e) => e,
    }
}

/// The first problem of a validation as an `InputError` (the others follow in its text).
fn problems_error(
    py: Python<'_>,
    problems: &[ScenarioError],
    text_of: impl Fn(&str) -> Option<String>,
) -> PyErr {
    let first = &problems[0];
    let field = first.field().to_string();
    let column = first.column();
    let mut message = format!("{field}: {}", first.at_field(text_of(&field).as_deref()));
    for p in &problems[1..] {
        message.push_str(&format!("; {}: {}", p.field(), p.at_field(None)));
    }
    input_error(py, message, &field, column)
}

/// How a run goes: the package's `method`, `target_se`, `seed`, `max_deals` and
/// `time_limit` keyword arguments, handed over as one dict.
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct RunArgs {
    method: String,
    target_se: f64,
    seed: u64,
    max_deals: Option<u64>,
    time_limit: Option<f64>,
}

impl RunArgs {
    fn inputs(&self, py: Python<'_>) -> PyResult<RunInputs> {
        let mode = match self
            .method
            .to_ascii_lowercase()
            .replace(['-', ' '], "_")
            .as_str()
        {
            "auto" => Method::Auto,
            "exact" => Method::Exact,
            "mc" | "monte_carlo" | "montecarlo" => Method::MonteCarlo,
            _ => {
                return Err(input_error(
                    py,
                    format!(
                        "method: '{}' is not auto, exact or monte_carlo",
                        self.method
                    ),
                    "method",
                    None,
                ))
            }
        };
        if let Some(t) = self.time_limit {
            if !(t.is_finite() && t > 0.0) {
                return Err(input_error(
                    py,
                    format!("time_limit: {t} is not a number of seconds above 0"),
                    "time_limit",
                    None,
                ));
            }
        }
        Ok(RunInputs {
            mode,
            target_se: self.target_se,
            seed: self.seed,
            // The time limit is applied below (seconds, not the views' milliseconds).
            time_budget_ms: 0,
            ..RunInputs::default()
        })
    }

    fn settings(&self, run: &RunInputs) -> RunSettings {
        let mut settings = run.settings();
        if let Some(n) = self.max_deals {
            settings.max_deals = n.max(1);
        }
        settings.time_limit = self.time_limit.map(Duration::from_secs_f64);
        settings
    }
}

/// The worker pools started, by thread count (`None`: all cores).
type Pools = Mutex<Vec<(Option<usize>, Arc<JobManager>)>>;

/// The worker pool for `threads` (all cores when `None`), started once and kept: a call
/// answered in a millisecond must not pay for starting threads.
fn manager(threads: Option<usize>) -> Result<Arc<JobManager>, rayon::ThreadPoolBuildError> {
    static MANAGERS: OnceLock<Pools> = OnceLock::new();
    let mut kept = MANAGERS
        .get_or_init(|| Mutex::new(Vec::new()))
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some((_, m)) = kept.iter().find(|(t, _)| *t == threads) {
        return Ok(Arc::clone(m));
    }
    let m = Arc::new(JobManager::new(threads)?);
    kept.push((threads, Arc::clone(&m)));
    Ok(m)
}

/// Runs `job` on `threads` workers with the GIL released, calling `progress` (a Python
/// callable, if any) with each update; Ctrl-C (KeyboardInterrupt) stops the job and
/// answers what it had done. The answer, and whether the run was stopped before its end.
fn drive<J: Job>(
    py: Python<'_>,
    job: J,
    settings: RunSettings,
    threads: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
    update_to_py: impl Fn(Python<'_>, &J::Update) -> PyResult<PyObject>,
) -> PyResult<(J::Output, bool)> {
    let manager = manager(threads).map_err(|e| {
        input_error(
            py,
            format!("threads: cannot start the workers: {e}"),
            "threads",
            None,
        )
    })?;
    let seed = settings.seed;
    let mut running = manager.start(job, settings);
    let mut so_far: Option<J::Output> = None;
    loop {
        let message = py.allow_threads(|| running.recv_timeout(Duration::from_millis(50)));
        let mut signal = py.check_signals().err();
        if let Some(Event::Update(u)) = message.as_ref().map(|m| &m.event) {
            if let Some(callback) = progress {
                // The callback may raise too (KeyboardInterrupt above all).
                if let Err(e) = update_to_py(py, u).and_then(|v| callback.call1((v,))) {
                    signal = Some(e);
                }
            }
        }
        if let Some(e) = signal {
            if !e.is_instance_of::<PyKeyboardInterrupt>(py) {
                running.cancel();
                return Err(e);
            }
            // Interrupted: the job's last message holds what it did.
            let last = py.allow_threads(|| running.stop_and_collect(Duration::from_secs(10)));
            return match last.map(|m| m.event) {
                Some(Event::Finished(Ok(output), _)) => Ok((output, true)),
                _ => so_far.map(|o| (o, true)).ok_or(e),
            };
        }
        let Some(message) = message else { continue };
        match message.event {
            Event::Update(u) => J::collect(&mut so_far, u, seed),
            Event::ExactProgress(_) => {}
            Event::Finished(output, reason) => {
                let output = output.map_err(|e| input_error(py, e.to_string(), "", None))?;
                return Ok((output, reason == StopReason::Cancelled));
            }
        }
    }
}

/// A matchup's answer as a dict: how it ran, and each seat's figures by the keys the
/// CLI's JSON and CSV use (`equity`, `win`, `tie`, `win_odds` … each with `{key}_se`).
fn matchup_dict<'py>(
    py: Python<'py>,
    r: &MatchupResult,
    seats: &[String],
    hands: &[u64],
    stopped_early: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("method", r.method.key())?;
    d.set_item("deals", r.deals)?;
    d.set_item("seed", r.seed)?;
    d.set_item("stopped", r.status.stopped.map(|s| s.describe()))?;
    d.set_item("status", r.status.describe())?;
    d.set_item("partial", stopped_early || r.status.fraction_done.is_some())?;
    d.set_item("has_figures", r.has_figures())?;
    let list = PyList::empty(py);
    for (i, text) in seats.iter().enumerate().take(r.seats.len()) {
        let s = PyDict::new(py);
        s.set_item("range", text.trim())?;
        s.set_item("hands", hands.get(i).copied().unwrap_or(0))?;
        for (f, _) in SeatFigure::of(r) {
            let (v, se) = (f.value)(r, i);
            s.set_item(f.key, v)?;
            s.set_item(format!("{}_se", f.key), se)?;
        }
        list.append(s)?;
    }
    d.set_item("seats", list)?;
    Ok(d)
}

/// Equity of each seat: the Matchup view's and `multiodds equity`'s question.
#[pyfunction]
#[pyo3(signature = (seats, board="", dead="", game="holdem", *, run, threads=None, folded=Vec::new(), board2=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn equity(
    py: Python<'_>,
    seats: Vec<String>,
    board: &str,
    dead: &str,
    game: &str,
    run: RunArgs,
    threads: Option<usize>,
    folded: Vec<String>,
    board2: Option<String>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let game = parse_game(py, game)?;
    let inputs = MatchupInputs {
        game,
        seats,
        up: Vec::new(),
        folded,
        board: board.to_string(),
        boards: if board2.is_some() { 2 } else { 1 },
        board2: board2.unwrap_or_default(),
        dead: dead.to_string(),
        run: run.inputs(py)?,
    };
    let job = inputs.validate().map_err(|problems| {
        problems_error(py, &problems, |f| inputs.field_text(f).map(str::to_string))
    })?;
    let hands = job.seat_hands();
    let labels = inputs.seat_labels();
    let settings = run.settings(&inputs.run);
    let (r, stopped) = drive(py, job, settings, threads, progress.as_ref(), |py, u| {
        Ok(matchup_dict(py, u, &labels, &hands, false)?
            .into_any()
            .unbind())
    })?;
    let d = matchup_dict(py, &r, &labels, &hands, stopped)?;
    d.set_item("game", game.key())?;
    d.set_item("board", board.trim())?;
    d.set_item("dead", dead.trim())?;
    Ok(d.into_any().unbind())
}

/// A query's answers as dicts, one per statement.
fn answers_list<'py>(
    py: Python<'py>,
    answers: &[Answer],
    stopped: bool,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for a in answers {
        let d = PyDict::new(py);
        d.set_item("game", a.game)?;
        d.set_item("method", a.method.key())?;
        d.set_item("deals", a.deals)?;
        d.set_item("stopped", a.stopped.describe())?;
        d.set_item("partial", a.running || stopped || a.stopped_early())?;
        d.set_item("condition", a.condition.map(|c| (c.value, c.std_error)))?;
        let figures = PyList::empty(py);
        for f in &a.figures {
            let fd = PyDict::new(py);
            fd.set_item("name", &f.name)?;
            fd.set_item("aggregate", f.aggregate.key())?;
            fd.set_item("value", f.estimate.map(|e| e.value))?;
            fd.set_item("std_error", f.estimate.map(|e| e.std_error))?;
            let buckets = PyList::empty(py);
            for b in &f.buckets {
                buckets.append((
                    b.value,
                    b.label.as_str(),
                    b.chance.value,
                    b.chance.std_error,
                ))?;
            }
            fd.set_item("buckets", buckets)?;
            figures.append(fd)?;
        }
        d.set_item("figures", figures)?;
        list.append(d)?;
    }
    Ok(list)
}

/// A query in the poker query language (reference §11), every statement answered.
#[pyfunction]
#[pyo3(signature = (text, *, run, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn query(
    py: Python<'_>,
    text: &str,
    run: RunArgs,
    threads: Option<usize>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let inputs = QueryInputs {
        text: text.to_string(),
        run: run.inputs(py)?,
    };
    let q = inputs.validate().map_err(|problems| {
        problems_error(py, &problems, |f| inputs.field_text(f).map(str::to_string))
    })?;
    let settings = run.settings(&inputs.run);
    let (answers, stopped) = drive(py, q, settings, threads, progress.as_ref(), |py, u| {
        Ok(answers_list(py, u, false)?.into_any().unbind())
    })?;
    Ok(answers_list(py, &answers, stopped)?.into_any().unbind())
}

fn parse_game(py: Python<'_>, game: &str) -> PyResult<Game> {
    game.parse::<Game>()
        .map_err(|e| input_error(py, format!("game: {e}"), "game", None))
}

fn parse_cards(py: Python<'_>, text: &str, field: &str) -> PyResult<Vec<Card>> {
    parse_card_list(text).map_err(|e| {
        input_error(
            py,
            format!("{field}: {}", e.caret(text)),
            field,
            Some(e.column),
        )
    })
}

/// A hand's value: (value, category name); a higher value is a better hand. In Hold'em
/// and short deck `cards` holds 5 to 7 cards (or the hole cards, with `board`); in
/// Omaha the hole cards, with 3 to 5 `board` cards; in stud 5 to 7 cards.
#[pyfunction]
#[pyo3(signature = (cards, board="", game="holdem"))]
fn evaluate(py: Python<'_>, cards: &str, board: &str, game: &str) -> PyResult<(u32, String)> {
    let g = parse_game(py, game)?;
    let hole = parse_cards(py, cards, "cards")?;
    let board_cards = parse_cards(py, board, "board")?;
    let total = hole.len() + board_cards.len();
    let fits = if g.is_omaha() {
        hole.len() == g.hole_cards() && (3..=5).contains(&board_cards.len())
    } else {
        (g.has_board() || g.is_stud()) && !g.is_low_only() && (5..=7).contains(&total)
    };
    if !fits {
        return Err(input_error(
            py,
            format!(
                "cards: {} cards with {} board cards is not a {} hand this reads (Hold'em, short deck and stud: 5 to 7 cards; Omaha: the hole cards and 3 to 5 board cards; lowball and draw games are valued by `equity`)",
                hole.len(),
                board_cards.len(),
                g.name()
            ),
            "cards",
            None,
        ));
    }
    let mut all = hole.clone();
    all.extend(&board_cards);
    if CardSet::from_cards(&all).is_none() {
        return Err(input_error(
            py,
            "cards: a card appears twice".into(),
            "cards",
            None,
        ));
    }
    let v = game_value(g, &hole, &board_cards);
    Ok((v.value, v.category.name().to_string()))
}

/// Hold'em values of many hands at once: `codes` holds `width` card indices (0 … 51,
/// `4 * rank + suit`, the deuce 0 and clubs 0) per hand, 5 to 7 per row; the answer is
/// one little-endian u16 value per row (higher is better). The GIL is released and the
/// rows shared across the cores.
#[pyfunction]
fn evaluate_many<'py>(
    py: Python<'py>,
    codes: &[u8],
    width: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    if !(5..=7).contains(&width) || !codes.len().is_multiple_of(width) {
        return Err(input_error(
            py,
            format!(
                "codes: rows of 5 to 7 cards, got a width of {width} for {} codes",
                codes.len()
            ),
            "codes",
            None,
        ));
    }
    if let Some(i) = codes.iter().position(|&c| c >= 52) {
        return Err(input_error(
            py,
            format!(
                "codes: {} at row {}, column {} is not a card index (0 to 51)",
                codes[i],
                i / width,
                i % width
            ),
            "codes",
            None,
        ));
    }
    // Blocks of rows on every core, each writing its own part of the answer.
    const ROWS: usize = 16_384;
    let mut values = vec![0u8; codes.len() / width * 2];
    py.allow_threads(|| {
        values
            .par_chunks_mut(ROWS * 2)
            .zip(codes.par_chunks(ROWS * width))
            .for_each(|(out, block)| {
                for (slot, row) in out.chunks_mut(2).zip(block.chunks(width)) {
                    let mut cards = [Card::new(0, 0); 7];
                    for (c, &code) in cards.iter_mut().zip(row) {
                        *c = Card::from_index(code).expect("checked");
                    }
                    slot.copy_from_slice(&evaluate_holdem(&cards[..row.len()]).get().to_le_bytes());
                }
            })
    });
    Ok(PyBytes::new(py, &values))
}

/// A range's hands and weights: (canonical text, [(cards, weight)]).
#[pyfunction]
#[pyo3(signature = (text, game="holdem"))]
fn range_hands(py: Python<'_>, text: &str, game: &str) -> PyResult<(String, Vec<(String, f32)>)> {
    let g = parse_game(py, game)?;
    let error = |e: multiodds_engine::range::RangeError| {
        input_error(
            py,
            format!("range: {}", e.caret(text)),
            "range",
            Some(e.column),
        )
    };
    if g.plays_as_holdem() {
        let r = HandRange::parse(text).map_err(error)?;
        let hands = r.iter().map(|(c, w)| (c.to_string(), w)).collect();
        return Ok((r.to_string(), hands));
    }
    let r = HoleRange::parse(text, g).map_err(error)?;
    let hands = r
        .live_hands(CardSet::EMPTY)
        .into_iter()
        .map(|(h, w)| (h.to_string(), w))
        .collect();
    Ok((text.trim().to_string(), hands))
}

/// Sweep points as columns: each figure of `SWEEP_METRICS` by its key (and `{key}_se`),
/// `None` where a point has no such figure.
fn points_dict<'py>(
    py: Python<'py>,
    points: &[multiodds_engine::equity::sweep::SweepPoint],
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(
        "opponents",
        points.iter().map(|p| p.opponents).collect::<Vec<_>>(),
    )?;
    d.set_item(
        "method",
        points.iter().map(|p| p.method.key()).collect::<Vec<_>>(),
    )?;
    d.set_item("deals", points.iter().map(|p| p.deals).collect::<Vec<_>>())?;
    for m in &SWEEP_METRICS {
        let values: Vec<Option<(f64, f64)>> = points.iter().map(|p| (m.value)(p)).collect();
        if values.iter().all(Option::is_none) {
            continue;
        }
        d.set_item(
            m.key,
            values.iter().map(|v| v.map(|v| v.0)).collect::<Vec<_>>(),
        )?;
        d.set_item(
            format!("{}_se", m.key),
            values.iter().map(|v| v.map(|v| v.1)).collect::<Vec<_>>(),
        )?;
    }
    Ok(d)
}

/// The MultiOdds view's curves: the hero's figures against 1 … n opponents.
#[pyfunction]
#[pyo3(signature = (hero, opponents="random", board="", dead="", game="holdem", min_opponents=1, max_opponents=9, *, run, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn sweep(
    py: Python<'_>,
    hero: &str,
    opponents: &str,
    board: &str,
    dead: &str,
    game: &str,
    min_opponents: usize,
    max_opponents: usize,
    run: RunArgs,
    threads: Option<usize>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let inputs = SweepInputs {
        game: parse_game(py, game)?,
        hero: hero.to_string(),
        opponents: opponents.to_string(),
        opponent_counts: (min_opponents, max_opponents),
        board: board.to_string(),
        dead: dead.to_string(),
        run: run.inputs(py)?,
        ..SweepInputs::default()
    };
    let job = inputs.validate().map_err(|problems| {
        problems_error(py, &problems, |f| inputs.field_text(f).map(str::to_string))
    })?;
    let settings = run.settings(&inputs.run);
    let (r, stopped) = drive(py, job, settings, threads, progress.as_ref(), |py, u| {
        Ok(points_dict(py, &u.points)?.into_any().unbind())
    })?;
    let d = points_dict(py, &r.points)?;
    d.set_item("seed", r.seed)?;
    d.set_item("status", r.status.describe())?;
    d.set_item("partial", stopped || r.status.fraction_done.is_some())?;
    d.set_item(
        "missing",
        r.missing
            .iter()
            .map(|m| (m.opponents, m.reason.clone()))
            .collect::<Vec<_>>(),
    )?;
    Ok(d.into_any().unbind())
}

/// The Chart view's table: every starting hand against 1 … n opponents.
#[pyfunction]
#[pyo3(signature = (opponents="random", board="", dead="", game="holdem", min_opponents=1, max_opponents=1, *, run, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn table(
    py: Python<'_>,
    opponents: &str,
    board: &str,
    dead: &str,
    game: &str,
    min_opponents: usize,
    max_opponents: usize,
    run: RunArgs,
    threads: Option<usize>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    let inputs = ChartInputs {
        game: parse_game(py, game)?,
        opponents: opponents.to_string(),
        board: board.to_string(),
        dead: dead.to_string(),
        opponent_counts: (min_opponents, max_opponents),
        shown_opponents: min_opponents,
        run: run.inputs(py)?,
        ..ChartInputs::default()
    };
    let spec = inputs.validate().map_err(|problems| {
        problems_error(py, &problems, |f| inputs.field_text(f).map(str::to_string))
    })?;
    let settings = run.settings(&inputs.run);
    let (r, stopped) = drive(
        py,
        spec,
        settings,
        threads,
        progress.as_ref(),
        |py, cell| {
            Ok(cell
                .class
                .to_string()
                .into_pyobject(py)?
                .into_any()
                .unbind())
        },
    )?;
    let d = PyDict::new(py);
    let classes = PyList::empty(py);
    for (i, cell) in r.cells.iter().enumerate() {
        let row = PyDict::new(py);
        row.set_item("hand", HandClass::from_index(i).to_string())?;
        match cell {
            Some(points) => row.set_item("points", points_dict(py, points)?)?,
            None => row.set_item("points", py.None())?,
        }
        classes.append(row)?;
    }
    d.set_item("classes", classes)?;
    d.set_item(
        "opponents",
        (min_opponents..=max_opponents).collect::<Vec<_>>(),
    )?;
    d.set_item("seed", r.seed)?;
    d.set_item("partial", stopped || r.done < r.cells.len())?;
    Ok(d.into_any().unbind())
}

/// Hand histories read (files, or folders searched for them): each hand's row as the
/// CLI's JSON writes it, the hands not read (each with its file, line and why), the totals
/// per currency (never summed across currencies) and how many files were read. The GIL is
/// released while reading; Ctrl-C stops after the file in hand.
#[pyfunction]
#[pyo3(signature = (paths, hero=None))]
#[allow(clippy::type_complexity)]
fn hands(
    py: Python<'_>,
    paths: Vec<std::path::PathBuf>,
    hero: Option<String>,
) -> PyResult<(
    Vec<String>,
    Vec<String>,
    Vec<(String, usize, usize, usize, f64, f64)>,
    usize,
    bool,
)> {
    use multiodds_engine::history::allin::AdjustSettings;
    use multiodds_engine::history::session::{files_under, CurrencyTotals, SessionReader};
    if let Some((i, missing)) = paths.iter().enumerate().find(|(_, p)| !p.exists()) {
        return Err(input_error(
            py,
            format!("paths[{i}]: {} does not exist", missing.display()),
            "paths",
            None,
        ));
    }
    let files = files_under(&paths);
    if files.is_empty() {
        return Err(input_error(
            py,
            "paths: no hand-history files there (folders are searched for files holding hands)"
                .into(),
            "paths",
            None,
        ));
    }
    let settings = AdjustSettings::default();
    let mut reader = SessionReader::new(hero.as_deref(), &settings);
    let (mut rows, mut refused, mut totals) = (Vec::new(), Vec::new(), CurrencyTotals::default());
    let mut files_read = 0;
    for f in &files {
        if py.check_signals().is_err() {
            break;
        }
        py.allow_threads(|| {
            reader.read_file(f, |item| match item {
                Ok(row) => {
                    totals.add(&row);
                    rows.push(serde_json::to_string(&row).expect("plain data"));
                }
                Err(r) => refused.push(r.to_string()),
            })
        });
        files_read += 1;
    }
    let totals = totals
        .currencies
        .iter()
        .map(|(c, t)| {
            (
                c.name.clone(),
                t.hands,
                t.all_in_hands,
                t.adjusted_hands,
                t.hero_net,
                t.hero_adjusted,
            )
        })
        .collect();
    Ok((rows, refused, totals, files_read, files_read == files.len()))
}

/// A breakdown line as a dict: its name, combos (or hands), weight and share.
fn line_dict<'py>(
    py: Python<'py>,
    name: &str,
    line: &multiodds_engine::equity::breakdown::Line,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("name", name)?;
    d.set_item("combos", line.combos)?;
    d.set_item("weight", line.weight)?;
    d.set_item("share", line.share)?;
    Ok(d)
}

/// The Range view's question: what a range holds on a board (its lines), every hand's
/// equity against the other seats, and what each next card does.
#[pyfunction]
#[pyo3(signature = (range, vs=Vec::new(), board="", dead="", game="holdem", threads=None))]
fn range_analysis(
    py: Python<'_>,
    range: &str,
    vs: Vec<String>,
    board: &str,
    dead: &str,
    game: &str,
    threads: Option<usize>,
) -> PyResult<PyObject> {
    use multiodds_engine::equity::range_analysis::RangeLines;
    let inputs = RangeInputs {
        game: parse_game(py, game)?,
        range: range.to_string(),
        vs,
        board: board.to_string(),
        dead: dead.to_string(),
    };
    let job = inputs.validate().map_err(|problems| {
        problems_error(py, &problems, |f| inputs.field_text(f).map(str::to_string))
    })?;
    let (a, stopped) = drive(
        py,
        job,
        RunSettings::default(),
        threads,
        None,
        |_, u| match *u {},
    )?;
    let d = PyDict::new(py);
    d.set_item("game", a.game.key())?;
    d.set_item("partial", stopped)?;
    let lines = PyDict::new(py);
    match &a.breakdown {
        Ok(RangeLines::Holdem(b)) => {
            lines.set_item("combos", b.combos)?;
            lines.set_item("weight", b.weight)?;
            let list = |items: Vec<(&str, &multiodds_engine::equity::breakdown::Line)>| {
                items
                    .into_iter()
                    .map(|(name, l)| line_dict(py, name, l))
                    .collect::<PyResult<Vec<_>>>()
            };
            lines.set_item(
                "made",
                list(b.made.iter().map(|(m, l)| (m.key(), l)).collect())?,
            )?;
            lines.set_item(
                "draws",
                list(b.draws.iter().map(|(x, l)| (x.key(), l)).collect())?,
            )?;
            lines.set_item(
                "rollups",
                list(b.rollups.iter().map(|(r, l)| (r.key(), l)).collect())?,
            )?;
        }
        Ok(RangeLines::Game(g)) => {
            lines.set_item("combos", g.hands)?;
            lines.set_item("weight", g.weight)?;
            let list = g
                .lines
                .iter()
                .map(|(h, l)| line_dict(py, h.key(), l))
                .collect::<PyResult<Vec<_>>>()?;
            lines.set_item("lines", list)?;
        }
        Err(why) => lines.set_item("error", why)?,
    }
    d.set_item("lines", lines)?;
    let by_hand = PyDict::new(py);
    match &a.by_hand {
        Ok(b) => {
            let hands = PyList::empty(py);
            for h in &b.hands {
                let e = PyDict::new(py);
                e.set_item("hand", h.hand.to_string().replace(' ', ""))?;
                e.set_item("weight", h.weight)?;
                e.set_item("share", h.share)?;
                e.set_item("equity", h.equity)?;
                e.set_item("win", h.win)?;
                e.set_item("tie", h.tie)?;
                e.set_item("scoop", h.scoop)?;
                hands.append(e)?;
            }
            by_hand.set_item("hands", hands)?;
            by_hand.set_item("exact", b.sampled.is_none())?;
        }
        Err(why) => by_hand.set_item("error", why)?,
    }
    d.set_item("by_hand", by_hand)?;
    match &a.next {
        Ok(cards) => d.set_item(
            "next",
            cards
                .iter()
                .map(|c| (c.card.to_string(), c.probability, c.equity.clone()))
                .collect::<Vec<_>>(),
        )?,
        Err(why) => d.set_item("next", why)?,
    }
    Ok(d.into_any().unbind())
}

/// Two (or more) ranges across every flop: each flop's weight, texture and each range's
/// equity, win, tie, nut shares, equity buckets and lines (the Flops view's report).
#[pyfunction]
#[pyo3(signature = (range1, range2, more=Vec::new(), dead="", game="holdem", all_flops=false, deals_per_flop=None, seed=1, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn flops(
    py: Python<'_>,
    range1: &str,
    range2: &str,
    more: Vec<String>,
    dead: &str,
    game: &str,
    all_flops: bool,
    deals_per_flop: Option<u64>,
    seed: u64,
    threads: Option<usize>,
    progress: Option<Bound<'_, PyAny>>,
) -> PyResult<PyObject> {
    use multiodds_engine::equity::flops::FlopLine;
    use multiodds_engine::scenario::inputs::FlopsInputs;
    let defaults = FlopsInputs::default();
    let inputs = FlopsInputs {
        game: parse_game(py, game)?,
        range1: range1.to_string(),
        range2: range2.to_string(),
        more,
        dead: dead.to_string(),
        all_flops,
        deals_per_flop: deals_per_flop.unwrap_or(defaults.deals_per_flop),
        seed,
        ..defaults
    };
    let job = inputs.validate().map_err(|problems| {
        problems_error(py, &problems, |f| inputs.field_text(f).map(str::to_string))
    })?;
    let settings = RunSettings {
        seed,
        ..RunSettings::default()
    };
    let (report, stopped) = drive(py, job, settings, threads, progress.as_ref(), |py, _| {
        Ok(py.None())
    })?;
    let rows = PyList::empty(py);
    for (flop, result) in report.flops.iter().zip(&report.results) {
        let Some(r) = result else { continue };
        let row = PyDict::new(py);
        row.set_item("flop", flop.name())?;
        row.set_item("count", flop.count)?;
        row.set_item("deal_weight", r.deal_weight)?;
        row.set_item("suits", flop.texture.suits.key())?;
        row.set_item("pairing", flop.texture.pairing.key())?;
        row.set_item("high", flop.texture.high.key())?;
        row.set_item("connected", flop.texture.connected.key())?;
        let seats = PyList::empty(py);
        for seat in &r.seats {
            let d = PyDict::new(py);
            d.set_item("equity", seat.equity)?;
            d.set_item("win", seat.win)?;
            d.set_item("tie", seat.tie)?;
            d.set_item("std_error", seat.std_error)?;
            d.set_item("nut80", seat.nut80)?;
            d.set_item("nut90", seat.nut90)?;
            d.set_item("buckets", seat.buckets.to_vec())?;
            let lines = PyDict::new(py);
            for (line, share) in FlopLine::ALL.iter().zip(&seat.lines) {
                lines.set_item(line.key(), share)?;
            }
            d.set_item("lines", lines)?;
            seats.append(d)?;
        }
        row.set_item("ranges", seats)?;
        rows.append(row)?;
    }
    let d = PyDict::new(py);
    d.set_item("flops", rows)?;
    d.set_item("exact", report.exact)?;
    d.set_item(
        "preflop",
        match &report.preflop {
            Some(Ok(e)) => Some(*e),
            _ => None,
        },
    )?;
    let done = report.results.iter().filter(|r| r.is_some()).count();
    d.set_item("partial", stopped || done < report.flops.len())?;
    Ok(d.into_any().unbind())
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(query, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_many, m)?)?;
    m.add_function(wrap_pyfunction!(range_hands, m)?)?;
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(hands, m)?)?;
    m.add_function(wrap_pyfunction!(range_analysis, m)?)?;
    m.add_function(wrap_pyfunction!(flops, m)?)?;
    Ok(())
}
