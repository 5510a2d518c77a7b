//! The command line's arguments (clap's derive): the commands and their flags.

use super::{chart_figure_arg, Args, Game, Parser, Subcommand};
#[derive(Parser, Debug)]
#[command(
    name = "multiodds",
    version,
    about = "Poker odds analysis in every game MultiOdds knows: equity, hand strength and \
             potentials, ranges, charts, every flop, hand histories"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
}

/// Board and dead cards, shared by several commands.
#[derive(Args, Debug, Clone, Default)]
pub struct CardsArgs {
    /// Board cards (0 to 5), e.g. "Qs Ts 5c".
    #[arg(long, default_value = "")]
    pub board: String,
    /// Dead cards, known to be out of play.
    #[arg(long, default_value = "")]
    pub dead: String,
    /// The game: holdem, shortdeck, omaha, omaha5, omaha6, omaha-hilo, omaha5-hilo,
    /// omaha6-hilo (every command; `table` charts the two-card games); stud, stud-hilo,
    /// razz (`equity` only: seats as "(As Kd) 7c", --dead the folded up cards); 2-7-draw,
    /// a-5-draw, badugi (`equity` only: each seat's kept cards, `-` for none).
    #[arg(long, default_value = "holdem")]
    pub game: Game,
}

impl CardsArgs {
    /// Refuses a game without a board (stud) for `command`, a command that reads a board:
    /// stud's equity is `multiodds equity --game stud` (reference §9).
    pub fn need_board(&self, command: &str) -> Result<(), super::CliError> {
        let game = self.game;
        if game.has_board() {
            return Ok(());
        }
        let example = if game.is_draw() {
            "\"7c 5d 4h 3s\" \"8c 6d 2h\" (each seat's kept cards)"
        } else {
            "\"(As Kd) 7c\" \"(Qh Qs) 2d\""
        };
        Err(super::CliError::Usage(format!(
            "--game: {command} is for games with a board and {} has none; its equity is `multiodds equity --game {} {example}`",
            game.name(),
            game.key()
        )))
    }
}

/// How to compute: method, precision and budgets.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Enumerate every deal.
    #[arg(long, conflicts_with = "mc")]
    pub exact: bool,
    /// Monte Carlo sampling.
    #[arg(long)]
    pub mc: bool,
    /// Stop Monte Carlo when win, tie, equity and hand strength have a standard error
    /// of at most this.
    #[arg(long, default_value_t = multiodds::equity::run::DEFAULT_TARGET_SE)]
    pub target_se: f64,
    /// The standard-error target of PPot and NPot (sweep).
    #[arg(long, default_value_t = multiodds::equity::run::DEFAULT_POTENTIAL_TARGET_SE)]
    pub potential_target_se: f64,
    /// Stop Monte Carlo after this many deals.
    #[arg(long)]
    pub trials: Option<u64>,
    /// Stop Monte Carlo after this many milliseconds.
    #[arg(long)]
    pub time_ms: Option<u64>,
    /// Monte Carlo seed (same seed and inputs, same numbers).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = threads_arg)]
    pub threads: Option<usize>,
    /// Most memory a run may hold, in MiB (exact work over it is refused, or `auto`
    /// runs Monte Carlo instead).
    #[arg(long, default_value_t = multiodds::equity::memory::DEFAULT_MEMORY_BUDGET >> 20)]
    pub memory_mb: u64,
    /// No progress bar.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Subcommand, Debug)]
pub enum CliCommand {
    /// Open the window (the default with no command), optionally with a scenario.
    Gui {
        /// A scenario file (.ron) to open.
        file: Option<std::path::PathBuf>,
    },
    /// A short summary of the commands.
    Usage,
    /// The value of a 1- to 7-card hand (fewer than 5: the partial ranking); in Omaha
    /// games the hole cards first, then 3 to 5 board cards.
    Eval {
        /// The cards, e.g. "As Ks Qs Js Ts" or AsKsQsJsTs.
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
        /// The game whose rule values the hand: a game (`holdem`, `omaha-hilo`…) or a
        /// lowball or badugi rule (`2-7`, `a-5`, `razz`: A-5's best five of seven, `badugi`).
        #[arg(long, default_value = "holdem")]
        game: String,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Parse a range and list its combos.
    Range {
        /// The range, e.g. "QQ+, AKs" or "Group1-Group3 Suited".
        expr: String,
        #[command(flatten)]
        cards: CardsArgs,
        #[arg(long)]
        json: bool,
    },
    /// Equity of 2 to 23 seats (what the deck allows), each a hand or a range.
    Equity {
        /// One range per seat.
        #[arg(required = true, num_args = 2..=multiodds::equity::MAX_SEATS)]
        ranges: Vec<String>,
        /// A folded seat's range (repeatable): dealt from its range, out of the showdown
        /// (card bunching; Hold'em).
        #[arg(long, value_name = "RANGE")]
        folded: Vec<String>,
        #[command(flatten)]
        cards: CardsArgs,
        /// Two boards (Hold'em and the Omaha games): each board wins half the pot.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
        boards: u8,
        /// The second board's known cards (implies --boards 2).
        #[arg(long, default_value = "")]
        board2: String,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
    },
    /// Hero against 1 to N opponents (1-9 unless --opponents says): win, tie, equity, hand
    /// strength, potentials.
    Sweep {
        /// The hero's hand or range.
        hero: String,
        /// The opponents' range.
        #[arg(long, default_value = "random")]
        vs: String,
        /// Opponent counts, e.g. 1-9 or 3.
        #[arg(long, default_value = "1-9")]
        opponents: String,
        #[command(flatten)]
        cards: CardsArgs,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
        /// Print CSV (a `#` block of the inputs, then the same columns as the app's).
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// CSV figures in percent (58.51) rather than fractions (0.5851).
        #[arg(long, requires = "csv")]
        percent: bool,
    },
    /// What a range holds on a board (made hands and draws); with --vs, every combo's
    /// exact equity against that range, the equity buckets and the classes.
    Breakdown {
        /// The range, e.g. "22+,A2s+,KTs+,QTs+,JTs,ATo+".
        range: String,
        #[command(flatten)]
        cards: CardsArgs,
        /// Another seat's range (repeat for several seats).
        #[arg(long = "vs")]
        vs: Vec<String>,
        #[arg(long)]
        json: bool,
        /// Comma-separated values: every line (and every combo with --vs).
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
    /// For every card that can come next on a flop or turn, its probability and each
    /// seat's equity when it comes (heads-up, exact).
    Runouts {
        /// One range per seat (two or more).
        #[arg(required = true, num_args = 2..=multiodds::equity::MAX_SEATS)]
        ranges: Vec<String>,
        #[command(flatten)]
        cards: CardsArgs,
        /// Most memory one card's exact enumeration may hold, in MiB (three or more
        /// seats in Hold'em).
        #[arg(long, default_value_t = multiodds::equity::memory::DEFAULT_MEMORY_BUDGET >> 20)]
        memory_mb: u64,
        #[arg(long)]
        json: bool,
    },
    /// Outs and draws one card ahead, on a flop or turn.
    Outs {
        /// The hero's hand, e.g. "Ah Kh".
        hero: String,
        #[command(flatten)]
        cards: CardsArgs,
        /// An opponent's known hand (repeat for several).
        #[arg(long = "vs")]
        vs: Vec<String>,
        #[arg(long)]
        json: bool,
    },
    /// All 169 starting hands against opponents (1-9 unless --opponents says) holding a range (any two cards by
    /// default); heads-up preflop the one-opponent column is exact from the preflop table.
    Table {
        /// Opponent counts, e.g. 1-9 or 3.
        #[arg(long, default_value = "1-9")]
        opponents: String,
        /// The opponents' range.
        #[arg(long, default_value = "random")]
        vs: String,
        #[command(flatten)]
        cards: CardsArgs,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
        /// Print CSV (a `#` block of the inputs, then
        /// hand,opponents,win,tie,equity,std_error,win_odds).
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// CSV figures in percent (58.51) rather than fractions (0.5851).
        #[arg(long, requires = "csv")]
        percent: bool,
        /// The figure of the text table: equity, win, tie, or win-odds (win + ties
        /// counted half, the classic programs' published table).
        #[arg(long, default_value = "equity", value_parser = chart_figure_arg)]
        figure: multiodds::scenario::ChartFigure,
    },
    /// Answers a query in the poker query language: `select avg(riverEquity(hero))
    /// from hero='AKs', villain='QQ+' where flushingBoard(turn)` (reference §11); exact
    /// where every deal can be counted, Monte Carlo with a standard error otherwise.
    Query {
        /// The query: one or more `select … from …` statements separated by `;`.
        #[arg(required_unless_present = "file", conflicts_with = "file")]
        text: Option<String>,
        /// Read the query from this file instead (statements separated by `;`).
        #[arg(long, short = 'f')]
        file: Option<std::path::PathBuf>,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
        /// Print CSV: one row per statement and figure.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
    /// Two ranges across every flop: each flop's weight, equities, nut advantage and
    /// what each range holds, grouped by texture (exact, Hold'em heads-up).
    Flops {
        /// Two or more ranges, e.g. "22+,A2s+,KTs+" "TT+,AQ+" (Hold'em heads-up is
        /// exact; other games and more ranges by Monte Carlo).
        #[arg(required = true, num_args = 2..=multiodds::equity::MAX_SEATS)]
        ranges: Vec<String>,
        /// Dead cards, known to be out of play.
        #[arg(long, default_value = "")]
        dead: String,
        /// The game.
        #[arg(long, default_value = "holdem")]
        game: Game,
        /// Monte Carlo (other games, three or more ranges): deals per flop.
        #[arg(long, default_value_t = multiodds::equity::flops::DEFAULT_DEALS_PER_FLOP)]
        deals_per_flop: u64,
        /// Monte Carlo seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Run every flop even where one per suit pattern would do.
        #[arg(long)]
        all_flops: bool,
        /// Compute part i of n of the flops and print it as JSON for `flops-merge`.
        #[arg(long)]
        shard: Option<String>,
        /// Worker threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = threads_arg)]
        threads: Option<usize>,
        #[arg(long)]
        json: bool,
        /// One row per flop.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Equity in a draw game for stated keeps: each seat keeps the cards it names and
    /// draws the rest of its hand once (exact where affordable, else Monte Carlo).
    Draw {
        /// The rule: 2-7, a-5 or badugi.
        #[arg(long)]
        game: String,
        /// Each seat's kept cards, e.g. "7c 5d 4h 3s" (draws one in 2-7); "-" keeps none.
        #[arg(required = true, num_args = 2..)]
        keeps: Vec<String>,
        /// Cards out of play (discards seen, folded hands shown).
        #[arg(long, default_value = "")]
        dead: String,
        #[command(flatten)]
        run: RunArgs,
        #[arg(long)]
        json: bool,
    },
    /// Hand histories: every hand's result and all-in adjusted result for the hero,
    /// session totals, and every hand not read with its file, line and why. `hands
    /// import` keeps them in the local database; `hands list` and `hands show` read it.
    #[command(args_conflicts_with_subcommands = true)]
    Hands {
        #[command(subcommand)]
        db: Option<HandsDb>,
        /// Hand-history files or folders (searched for files holding hands).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// The player whose results to total (default: the player each hand was dealt to).
        #[arg(long)]
        hero: Option<String>,
        #[arg(long)]
        json: bool,
        /// One row per hand.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
    /// Merge the parts `flops --shard i/n` wrote into the report one run gives.
    FlopsMerge {
        /// The part files (every part once).
        #[arg(required = true)]
        parts: Vec<std::path::PathBuf>,
        #[arg(long)]
        json: bool,
        /// One row per flop.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
    /// Run a saved scenario file.
    Run {
        /// The scenario (.ron).
        file: std::path::PathBuf,
        #[arg(long)]
        json: bool,
        /// Worker threads, 1 to 256 (default: all cores).
        #[arg(long, value_parser = threads_arg)]
        threads: Option<usize>,
        /// No progress bar.
        #[arg(long, short)]
        quiet: bool,
    },
    /// Regenerate the shipped table of heads-up preflop results of every class of hand
    /// pairs (exact).
    #[command(hide = true)]
    PreflopPairs {
        /// Where to write the table (`src/equity/preflop_pairs.bin`).
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Regenerate a shipped preflop ranking as CSV: the equity of the 169 classes
    /// against one random hand (exact), or against N random hands (Monte Carlo, seed 1,
    /// SE 0.0002).
    #[command(hide = true)]
    PreflopTable {
        #[arg(long, default_value_t = 1)]
        opponents: usize,
    },
}

/// `--threads`' value: 1 to [`super::MAX_THREADS`], for every command that takes it.
fn threads_arg(text: &str) -> Result<usize, String> {
    let max = super::MAX_THREADS;
    match text.trim().parse::<usize>() {
        Ok(t) if (1..=max).contains(&t) => Ok(t),
        _ => Err(format!(
            "from 1 to {max} worker threads (default: every core), not `{text}`"
        )),
    }
}

/// The local hand database's commands.
#[derive(Subcommand, Debug)]
pub enum HandsDb {
    /// Import files or folders into the database: each hand once (by site and hand
    /// number); a file imported before adds only its new hands.
    Import {
        /// Hand-history files or folders.
        #[arg(required = true)]
        paths: Vec<std::path::PathBuf>,
        /// The player whose results to keep (default: the player each hand was dealt to).
        #[arg(long)]
        hero: Option<String>,
        #[command(flatten)]
        db: DbArgs,
        #[arg(long)]
        json: bool,
    },
    /// List stored hands chosen by the filters, with totals per currency.
    List {
        #[command(flatten)]
        filter: HandFilterArgs,
        #[command(flatten)]
        db: DbArgs,
        #[arg(long)]
        json: bool,
        /// One row per hand.
        #[arg(long, conflicts_with = "json")]
        csv: bool,
    },
    /// One stored hand: every seated player's figures, the rake, the currency, its text.
    Show {
        /// The hand's number in the database (the list's first column).
        id: i64,
        #[command(flatten)]
        db: DbArgs,
        #[arg(long)]
        json: bool,
    },
}

/// Where the database is.
#[derive(Args, Debug, Clone, Default)]
pub struct DbArgs {
    /// The database file (default: hands.sqlite in the user's data folder).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
}

/// The filters of `hands list`.
#[derive(Args, Debug, Clone, Default)]
pub struct HandFilterArgs {
    /// The site (Winamax, PokerStars, GGPoker …).
    #[arg(long, default_value = "")]
    pub site: String,
    /// The game: a key (holdem, omaha …) or words of the site's name for it.
    #[arg(long, default_value = "")]
    pub game: String,
    /// The stakes as written, or part of them ("0.10/0.25").
    #[arg(long, default_value = "")]
    pub stakes: String,
    /// The currency: $, €, £ … or chips.
    #[arg(long, default_value = "")]
    pub currency: String,
    /// The first day, e.g. 2012-11-28.
    #[arg(long, default_value = "")]
    pub from: String,
    /// The last day (included).
    #[arg(long, default_value = "")]
    pub to: String,
    /// The hero's position: BTN, SB, BB, UTG, UTG+1, UTG+2, LJ, HJ, CO, MP.
    #[arg(long, default_value = "")]
    pub position: String,
    /// Only hands with an all-in.
    #[arg(long)]
    pub all_in: bool,
    /// Only hands that went to showdown.
    #[arg(long)]
    pub showdown: bool,
    /// The hero's cards in this range ("QQ+, AKs").
    #[arg(long, default_value = "")]
    pub cards: String,
    /// The hero by name.
    #[arg(long, default_value = "")]
    pub hero: String,
}
