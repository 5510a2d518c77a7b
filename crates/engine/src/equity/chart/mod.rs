//! The 169-hand chart: every starting-hand class against 1–22 opponents (1–9 by
//! default) holding a range (any two cards by default) on the current board, one sweep
//! per class (reference §6 `table`). Heads-up preflop without dead cards, the one-opponent
//! column comes exact from the preflop table (`preflop_table`) at once. The Monte Carlo
//! counts of all classes share their deals (`sweep::SharedSweeps`, reference §5) unless
//! some class has exact counts to compute, which go class by class. In short deck the
//! chart is the 81 classes of sixes to aces: the one-opponent column from short deck's
//! table, the other counts from shared deals too (the cards below the six dead, hands in
//! short deck's order), class by class past 11 opponents.

use super::run::{run_shared_sweeps, run_sweep_within, sweep_exact_counts_within, RunSettings};
use super::sweep::{SharedSweeps, Sweep, SweepFigures, SweepPoint};
use super::{check_board, EquityError};
use crate::cards::{CardSet, Game, HandRule, HighOrder, LowRule};
use crate::range::{HandClass, HandRange, HoleRange};

/// What to chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartSpec {
    /// Hold'em or short deck (the two-card games).
    pub game: Game,
    /// Known board cards (0 to 5).
    pub board: CardSet,
    /// Cards out of play.
    pub dead: CardSet,
    /// The opponent counts to compute, inclusive.
    pub counts: std::ops::RangeInclusive<usize>,
    /// The opponents' range (`HandRange::random()`: any two cards).
    pub vs: HandRange,
}

impl ChartSpec {
    /// Whether a class is in the chart: the game's deck deals it (every class in
    /// Hold'em, sixes to aces in short deck).
    pub fn charts(&self, class: HandClass) -> bool {
        class.low() >= self.game.lowest_rank()
    }

    /// How many classes the chart has (169, or 81 in short deck).
    pub fn class_count(&self) -> usize {
        HandClass::all().filter(|&c| self.charts(c)).count()
    }
}

/// The chart so far: per class (grid index), its points, or `None` until computed (or
/// when the board and dead cards block every combo of the class). Its Monte Carlo
/// points carry the showdown figures only ([`SweepFigures::Showdown`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ChartResult {
    /// Per class, by grid index ([`HandClass::index`]): its points, one per opponent count.
    pub cells: Vec<Option<Vec<SweepPoint>>>,
    /// Classes finished (computed or found blocked).
    pub done: usize,
    /// The Monte Carlo seed.
    pub seed: u64,
}

/// One class finished: what a running chart sends instead of the whole chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartCell {
    /// The starting-hand class finished.
    pub class: HandClass,
    /// The class's points (`None`: the board and dead cards block every combo).
    pub points: Option<Vec<SweepPoint>>,
    /// Classes finished so far.
    pub done: usize,
}

impl ChartResult {
    /// A chart with no class done yet.
    pub fn empty(seed: u64) -> ChartResult {
        ChartResult {
            cells: vec![None; 169],
            done: 0,
            seed,
        }
    }

    /// How the points shown were computed: `exact`, `monte_carlo`, or `mixed` (the
    /// chart's `auto` enumerates a point when it is cheap, e.g. on the river).
    pub fn method_key(&self) -> &'static str {
        let points = self.cells.iter().flatten().flatten();
        let (mut exact, mut sampled) = (false, false);
        for p in points {
            match p.method {
                super::Method::Exact => exact = true,
                _ => sampled = true,
            }
        }
        match (exact, sampled) {
            (true, false) => "exact",
            (true, true) => "mixed",
            _ => "monte_carlo",
        }
    }

    /// Adds one finished class.
    pub fn apply(&mut self, cell: ChartCell) {
        self.cells[cell.class.index()] = cell.points;
        self.done = cell.done;
    }
}

/// Under `auto` the whole chart's exact work stays within one run's budget (reference §5:
/// exact when it finishes well under a second), shared by its 169 classes.
const CLASS_AUTO_BUDGET: f64 = super::run::AUTO_EXACT_EVALUATIONS / 169.0;

/// The evaluations the chart's exact points take with `method`: three representative
/// classes (a pair, a suited and an offsuit hand) scaled by how many classes of each
/// kind there are. In other games, valuations counted as the Hold'em evaluations that
/// take as long, so one time bound refuses both.
pub fn exact_evaluations(spec: &ChartSpec, method: super::Method) -> f64 {
    if !spec.game.plays_as_holdem() {
        return game_exact_evaluations(spec, method);
    }
    let blocked = spec.board.union(spec.dead);
    let mut total = 0.0;
    for (name, classes) in [("AA", 13.0), ("AKs", 78.0), ("AKo", 78.0)] {
        let mut hero = HandRange::empty();
        let class = HandRange::parse(name).expect("class");
        for (combo, _) in class.iter() {
            if !combo.card_set().intersects(blocked) {
                hero.set(combo, 1.0);
            }
        }
        if hero.is_empty() {
            continue;
        }
        if let Ok(sweep) = Sweep::new(
            hero,
            spec.vs.clone(),
            spec.board,
            spec.dead,
            spec.counts.clone(),
        ) {
            total += classes
                * super::run::sweep_exact_evaluations_within(&sweep, method, CLASS_AUTO_BUDGET);
        }
    }
    total
}

/// [`exact_evaluations`] in a game other than Hold'em.
fn game_exact_evaluations(spec: &ChartSpec, method: super::Method) -> f64 {
    let game = spec.game;
    let blocked = spec.board.union(spec.dead);
    let vs = HoleRange::from_two_card(&spec.vs, game);
    let per_valuation =
        super::run::EVALUATIONS_PER_SECOND / super::games::sweep_valuations_per_second(game);
    let mut total = 0.0;
    // A deck of r ranks charts r pairs and r(r − 1)/2 suited and offsuit classes each.
    let ranks = (spec.class_count() as f64).sqrt();
    let kinds = [
        (HandClass::of_ranks(12, 12, false), ranks),
        (
            HandClass::of_ranks(12, 11, true),
            ranks * (ranks - 1.0) / 2.0,
        ),
        (
            HandClass::of_ranks(12, 11, false),
            ranks * (ranks - 1.0) / 2.0,
        ),
    ];
    for (class, count) in kinds {
        let hero = class_range(class, blocked);
        if hero.is_empty() {
            continue;
        }
        if let Ok(sweep) = super::games::GameSweep::new(
            game,
            HoleRange::from_two_card(&hero, game),
            vs.clone(),
            spec.board,
            spec.dead,
            spec.counts.clone(),
        ) {
            total += count * per_valuation * sweep.exact_work(method, game_class_budget(spec));
        }
    }
    total
}

/// A class's share of `auto`'s exact work in a chart of another game.
fn game_class_budget(spec: &ChartSpec) -> f64 {
    super::games::auto_sweep_valuations(spec.game) / spec.class_count().max(1) as f64
}

/// Runs the chart: the one-opponent column from a table at once where one applies, then
/// the other counts from shared deals where they pay, else class by class; `progress`
/// sees each class and may stop the chart. One flow for every two-card game: what
/// differs by game is the table (`table_point_of`) and a class's sweep
/// (`class_points`).
pub fn run_chart(
    spec: &ChartSpec,
    settings: &RunSettings,
    mut progress: impl FnMut(ChartCell) -> bool,
) -> Result<ChartResult, EquityError> {
    check_board(spec.board, spec.dead)?;
    let mut result = ChartResult::empty(settings.seed);
    let blocked = spec.board.union(spec.dead);
    // The table's column is shown whole before the other counts are sampled.
    if let Some(point_of) = table_point_of(spec) {
        for class in HandClass::all().filter(|&c| spec.charts(c)) {
            if let Some(point) = point_of(class) {
                if !show_table_cell(class, point, &mut result, &mut progress, settings) {
                    return Ok(result);
                }
            }
        }
    }
    if shared_chart(spec, settings, &mut result, &mut progress)?.is_some() {
        return Ok(result);
    }
    each_class(
        spec,
        settings,
        &mut result,
        &mut progress,
        |class, result| {
            let hero = class_range(class, blocked);
            if hero.is_empty() {
                return Ok(());
            }
            // The table's point, when the first pass gave one, is kept as it is.
            let from_table = result.cells[class.index()]
                .take()
                .and_then(|points| points.into_iter().next());
            match class_points(spec, settings, class, hero, from_table) {
                Ok(points) => result.cells[class.index()] = Some(points),
                // The class cannot face this range (its every combo shares a card).
                Err(EquityError::EmptySeat { .. } | EquityError::Impossible(_)) => {}
                Err(e) => return Err(e),
            }
            Ok(())
        },
    )?;
    Ok(result)
}

/// The chart's one-opponent point of a class straight from a table, where one applies
/// (one opponent asked for, no board and no dead cards): Hold'em's preflop table of
/// every pair of hands, or short deck's exact figures of each class against a random
/// hand (which hold no hand types or hand strength: the chart shows neither).
fn table_point_of(spec: &ChartSpec) -> Option<Box<dyn Fn(HandClass) -> Option<SweepPoint> + '_>> {
    if *spec.counts.start() != 1 || !spec.board.is_empty() || !spec.dead.is_empty() {
        return None;
    }
    let game = spec.game;
    if game.plays_as_holdem() {
        let table = super::preflop_table::PreflopTable::get().ok()?;
        return Some(Box::new(move |class| {
            let hero = class_range(class, CardSet::EMPTY);
            let m = super::Matchup::new(vec![hero, spec.vs.clone()], spec.board, spec.dead);
            super::sweep::heads_up_point(table, &m.ok()?)
        }));
    }
    if !HoleRange::from_two_card(&spec.vs, game).is_random() {
        return None;
    }
    Some(Box::new(move |class| {
        let figures = super::games::short_deck_heads_up::class_heads_up(game, class)?;
        let deals = class_deals(game, class.combos().len() as u64);
        Some(SweepPoint::showdown(
            1,
            super::Method::Exact,
            deals,
            figures,
        ))
    }))
}

/// Shows a class's point from a table at once (the column a table gives whole, before the
/// other counts are sampled), not yet counted done; false when the chart is stopped.
fn show_table_cell(
    class: HandClass,
    point: SweepPoint,
    result: &mut ChartResult,
    progress: &mut impl FnMut(ChartCell) -> bool,
    settings: &RunSettings,
) -> bool {
    let points = Some(vec![point]);
    result.cells[class.index()] = points.clone();
    let cell = ChartCell {
        class,
        points,
        done: result.done,
    };
    progress(cell) && !settings.control.is_cancelled()
}

/// Shared deals pay while a class's combo is free of a deal at the chart's most
/// opponents at least this often. Measured preflop (`table --opponents 1-N --target-se
/// 0.001`, shared against class by class): N = 9 (31 % free) 0.57 of the time, 10 (26 %)
/// 0.6, 12 (19 %) 0.77, 14 (13 %) 0.97, 16 (8 %) 1.0; 20–22 (under 1 %) twice as long.
/// So up to 13 opponents preflop (16 %).
const MIN_SHARED_FREE: f64 = 0.15;

/// [`MIN_SHARED_FREE`] in short deck, whose class-by-class sweeps run on the games engine
/// and cost more per deal. Measured preflop (`table --game shortdeck --opponents N
/// --threads 1`, CPU, shared against class by class): N = 9 (12 % free) 2.7 s against
/// 6.3 s, 10 (9 %) 3.5 against 6.4, 11 (6 %) 5.0 against 6.6, 12 (3 %) 8.1 against
/// 6.7, 14 (0.5 %) 52 against 7.1. So up to 11 opponents (5 %).
const MIN_SHARED_FREE_SHORT_DECK: f64 = 0.05;

/// The chart's Monte Carlo counts of every class at once, from shared deals
/// ([`SharedSweeps`]: a deal's board and opponents are dealt and evaluated once for all
/// the classes still running, so the chart costs about half as much as class by
/// class). Each class stops on its own targets as its lone sweep would; every class
/// still running is streamed after each round with its points so far (classes finish
/// together, near the end, so the chart fills at once and sharpens), and counted done
/// the round it stops. `None`, with nothing done, when some class has exact points to
/// compute under the chosen method (the class-by-class path computes those).
///
/// One function because it is one loop of rounds over the 169 classes' shared batches,
/// streaming each round.
fn shared_chart(
    spec: &ChartSpec,
    settings: &RunSettings,
    result: &mut ChartResult,
    progress: &mut impl FnMut(ChartCell) -> bool,
) -> Result<Option<()>, EquityError> {
    let valuation = spec.game.valuation();
    if settings.method == super::Method::Exact
        || valuation.hand != HandRule::BestFive
        || valuation.low != LowRule::HighOnly
    {
        return Ok(None);
    }
    // A smaller deck is Hold'em's with the cards it lacks dead (short deck: the 16 below
    // the six); its hands keep their own order (`SharedSweeps::short_deck`).
    let held = ChartSpec {
        dead: spec.dead.union(spec.game.deck().complement()),
        ..spec.clone()
    };
    let spec = &held;
    let short_deck = valuation.high == HighOrder::ShortDeck;
    let blocked = spec.board.union(spec.dead);
    let hi = *spec.counts.end();
    // The chance a class's combo is free of a deal at the most opponents: below
    // `MIN_SHARED_FREE`, most of a class's work is deals it cannot join.
    let live = 52.0 - blocked.len() as f64;
    let dealt = (5 - spec.board.len() + 2 * hi) as f64;
    let free = (live - dealt) * (live - dealt - 1.0) / (live * (live - 1.0));
    let min_free = if short_deck {
        MIN_SHARED_FREE_SHORT_DECK
    } else {
        MIN_SHARED_FREE
    };
    if free < min_free {
        return Ok(None);
    }
    // Per class: its sweep (with the table's point), or its final cell (blocked, only
    // the table's point, or no combo that can face the range).
    let mut sampled: Vec<(HandClass, Sweep, Option<SweepPoint>)> = Vec::new();
    let mut settled: Vec<(HandClass, Option<Vec<SweepPoint>>)> = Vec::new();
    // Short deck's heads-up equities (the control variates' means), class by class.
    let mut heads_up: Vec<Option<f64>> = Vec::new();
    for class in HandClass::all().filter(|&c| spec.charts(c)) {
        let hero = class_range(class, blocked);
        let from_table = result.cells[class.index()]
            .as_ref()
            .and_then(|points| points.first().cloned());
        let sweep = (!hero.is_empty())
            .then(|| counts_sweep(spec, hero, from_table.is_some()))
            .flatten();
        let Some(sweep) = sweep else {
            settled.push((class, from_table.map(|p| vec![p])));
            continue;
        };
        match sweep {
            Ok(sweep) => {
                let exact_counts = if short_deck {
                    let alone = game_class_sweep(spec, &sweep)?;
                    heads_up.push(alone.as_ref().and_then(|g| g.heads_up_equity));
                    alone.map_or(Vec::new(), |g| {
                        let budget = game_class_budget(spec);
                        super::run::SweepSource::exact_counts(&g, settings.method, budget)
                    })
                } else {
                    sweep_exact_counts_within(&sweep, settings.method, CLASS_AUTO_BUDGET)
                };
                if !exact_counts.is_empty() {
                    return Ok(None);
                }
                sampled.push((class, sweep, from_table));
            }
            Err(EquityError::EmptySeat { .. } | EquityError::Impossible(_)) => {
                settled.push((class, None));
            }
            Err(e) => return Err(e),
        }
    }
    let sweeps: Vec<&Sweep> = sampled.iter().map(|(_, s, _)| s).collect();
    let shared = if short_deck {
        SharedSweeps::short_deck(&sweeps, heads_up)
    } else {
        know_heads_up_equities(spec, &sweeps, settings);
        SharedSweeps::new(&sweeps)
    };
    let Some(shared) = shared else {
        return Ok(None);
    };
    let mut update = |class: HandClass, points: Option<Vec<SweepPoint>>, finished: bool| {
        result.cells[class.index()] = points.clone();
        result.done += usize::from(finished);
        progress(ChartCell {
            class,
            points,
            done: result.done,
        }) && !settings.control.is_cancelled()
    };
    for (class, points) in settled {
        if !update(class, points, true) {
            return Ok(Some(()));
        }
    }
    run_shared_sweeps(&shared, settings, |i, points, finished| {
        let (class, _, from_table) = &sampled[i];
        let all: Vec<SweepPoint> = from_table.iter().cloned().chain(points).collect();
        update(*class, Some(all), finished)
    });
    Ok(Some(()))
}

/// The games engine's sweep of the counts `sweep` samples, in the chart's game (the
/// spec's dead cards less those its deck lacks): what the class would run alone, asked
/// which counts it would enumerate and its control variate's mean. `None` when the class
/// cannot face the range.
fn game_class_sweep(
    spec: &ChartSpec,
    sweep: &Sweep,
) -> Result<Option<super::games::GameSweep>, EquityError> {
    let game = spec.game;
    let hero = HoleRange::from_two_card(&sweep.hero_range, game);
    match super::games::GameSweep::new(
        game,
        hero,
        HoleRange::from_two_card(&spec.vs, game),
        spec.board,
        spec.dead.difference(game.deck().complement()),
        sweep.counts.clone(),
    ) {
        Ok(g) => Ok(Some(g)),
        Err(EquityError::EmptySeat { .. } | EquityError::Impossible(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// On a board against random opponents, every class's heads-up equity (its control
/// variate's mean) from one valuation of every combo (`by_combo`: about a thousand
/// boards of 1,326 evaluations on a flop) instead of an enumeration per class: on a
/// flop that took most of a second before the first cells. A class's equity is the mean
/// of its combos' (each meets the same number of random hands). Left to each sweep
/// when it fails (cancelled).
fn know_heads_up_equities(spec: &ChartSpec, sweeps: &[&Sweep], settings: &RunSettings) {
    if spec.board.len() < 3 || !sweeps.iter().all(|s| s.opponents.is_random) {
        return;
    }
    let random = HandRange::random();
    let Ok(all) =
        super::by_combo::by_combo(&random, &random, spec.board, spec.dead, &settings.control)
    else {
        return;
    };
    let mut equity = vec![None; crate::range::COMBOS];
    for c in &all.combos {
        equity[c.combo.index()] = Some(c.equity);
    }
    for sweep in sweeps {
        let of_combos: Option<Vec<f64>> = sweep
            .hero
            .combos
            .iter()
            .map(|c| equity[c.index()])
            .collect();
        if let Some(e) = of_combos.filter(|e| !e.is_empty()) {
            sweep.remember_heads_up_equity(e.iter().sum::<f64>() / e.len() as f64);
        }
    }
}

/// The chart's classes one by one: `compute` fills a class's points in `result`, then
/// the class is counted done and streamed; stops when cancelled or told to.
fn each_class(
    spec: &ChartSpec,
    settings: &RunSettings,
    result: &mut ChartResult,
    progress: &mut impl FnMut(ChartCell) -> bool,
    mut compute: impl FnMut(HandClass, &mut ChartResult) -> Result<(), EquityError>,
) -> Result<(), EquityError> {
    for class in HandClass::all().filter(|&c| spec.charts(c)) {
        if settings.control.is_cancelled() {
            break;
        }
        compute(class, result)?;
        if settings.control.is_cancelled() {
            break;
        }
        result.done += 1;
        let cell = ChartCell {
            class,
            points: result.cells[class.index()].clone(),
            done: result.done,
        };
        if !progress(cell) {
            break;
        }
    }
    Ok(())
}

/// A class's combos that the board and dead cards leave, each at weight 1.
fn class_range(class: HandClass, blocked: CardSet) -> HandRange {
    let mut hero = HandRange::empty();
    for combo in class.combos() {
        if !combo.card_set().intersects(blocked) {
            hero.set(combo, 1.0);
        }
    }
    hero
}

/// One class's points: the one-opponent point from a table when there is one, the other
/// counts (or all) by its sweep in the chart's game — Hold'em's sweep, or the games
/// engine's (exact points where affordable).
fn class_points(
    spec: &ChartSpec,
    settings: &RunSettings,
    class: HandClass,
    hero: HandRange,
    from_table: Option<SweepPoint>,
) -> Result<Vec<SweepPoint>, EquityError> {
    let game = spec.game;
    let has_table_point = from_table.is_some();
    let mut points: Vec<SweepPoint> = from_table.into_iter().collect();
    if game.plays_as_holdem() {
        if let Some(sweep) = counts_sweep(spec, hero, has_table_point).transpose()? {
            points.extend(class_sweep(&sweep, class, settings, CLASS_AUTO_BUDGET));
        }
        return Ok(points);
    }
    let (lo, hi) = (*spec.counts.start(), *spec.counts.end());
    let rest = if has_table_point { 2 } else { lo };
    if rest <= hi {
        let sweep = super::games::GameSweep::new(
            game,
            HoleRange::from_two_card(&hero, game),
            HoleRange::from_two_card(&spec.vs, game),
            spec.board,
            spec.dead,
            rest..=hi,
        )?;
        points.extend(class_sweep(
            &sweep,
            class,
            settings,
            game_class_budget(spec),
        ));
    }
    Ok(points)
}

/// A class's sweep of the chart's counts not given by the preflop table (all of them
/// without a table point, from two opponents with one); `None` when none is left.
fn counts_sweep(
    spec: &ChartSpec,
    hero: HandRange,
    has_table_point: bool,
) -> Option<Result<Sweep, EquityError>> {
    let (lo, hi) = (*spec.counts.start(), *spec.counts.end());
    let rest = if has_table_point { 2 } else { lo };
    (rest <= hi).then(|| Sweep::new(hero, spec.vs.clone(), spec.board, spec.dead, rest..=hi))
}

/// A class's sweep in the chart: showdown figures only, its own seed (so classes are
/// independent samples), stopped with the chart.
fn class_sweep(
    sweep: &dyn super::run::SweepSource,
    class: HandClass,
    settings: &RunSettings,
    budget: f64,
) -> Vec<SweepPoint> {
    let class_settings = RunSettings {
        seed: settings.seed.wrapping_add(class.index() as u64),
        potential_target_se: None,
        ..settings.clone()
    };
    run_sweep_within(
        sweep,
        &class_settings,
        budget,
        SweepFigures::Showdown,
        |_| !settings.control.is_cancelled(),
    )
    .points
}

/// The deals behind a class of `combos` combos against one random hand preflop in
/// `game`: each combo meets every two of the other cards and every board of the rest.
fn class_deals(game: Game, combos: u64) -> u64 {
    use super::choose;
    let live = game.deck().len() as u64 - 2;
    combos * choose(live, 2) * choose(live - 2, 5)
}

#[cfg(test)]
mod tests;
