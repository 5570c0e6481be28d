//! Command-line definitions (clap) and the user-facing error type with its exit codes.

use clap::{Args, Parser, Subcommand, ValueEnum};
use korf::cube::{Metric, MoveRules, MoveSet, TurnSet};
use korf::search::HeuristicKind;
use korf::tables::TableKind;
use std::path::PathBuf;
use std::sync::LazyLock;

/// `0.1.0 (commit 1a2b3c4d5e6f, table format 1)`: the version, the commit it was built
/// from (when the build knew it: see build.rs) and the table file format it reads and writes.
static VERSION: LazyLock<String> = LazyLock::new(|| {
    let commit = option_env!("KORF_BUILD_COMMIT").unwrap_or("unknown");
    format!(
        "{} (commit {commit}, table format {})",
        env!("CARGO_PKG_VERSION"),
        korf::tables::FORMAT_VERSION
    )
});

/// korf finds provably shortest solutions (half-turn metric) to any Rubik's Cube position,
/// with Korf's IDA* over memory-mapped pattern databases.
///
/// Positions are 54-character facelet strings in Kociemba's order (U1..U9 R1..R9 F1..F9
/// D1..D9 L1..L9 B1..B9; any six distinct characters, each face's centre naming its
/// colour) or, with --scramble, move sequences such as "R U R' U'" applied to a solved cube.
///
/// Exit status: 0 success, 1 failure (missing tables, no solution within limits), 2 bad
/// input or usage.
#[derive(Parser, Debug)]
#[command(name = "korf", version = VERSION.as_str(), about, long_about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve positions optimally (generates the pattern databases on first use).
    Solve(SolveArgs),
    /// Solve every position of scramble-list files and summarise time and nodes.
    Bench(BenchArgs),
    /// Print a position as an unfolded net and as a facelet string.
    Show(ShowArgs),
    /// Print uniformly random solvable positions.
    Scramble(ScrambleArgs),
    /// Check whether a facelet string is a solvable position, and say what is wrong if not.
    Check(CheckArgs),
    /// Every optimal algorithm of each case of a list: one case a line (`[NAME: ]` then
    /// facelets with `X` for grey stickers, moves, or a mask — `oll`, `pll`, `f2l-pair`,
    /// `lse`, `oll-edges`, `pll-corners` — and the moves that set the case up), one JSON
    /// line (or CSV rows) a case with each solution's length in every metric.
    Algs(AlgsArgs),
    /// Print a case set korf generates, one case a line for `korf algs`: `oll` (the 57
    /// orientation cases of the last layer), `pll` (its 21 permutation cases), or the
    /// 2-look subsets `oll-edges` (3), `oll-corners` (7), `pll-corners` (2), `pll-edges`
    /// (4).
    Cases(CasesArgs),
    /// Combine the result files of a list's shards (`--out` of `bench`/`solve -`), check
    /// that they cover the list exactly once, and print the summary `bench` prints.
    Merge(MergeArgs),
    /// Serve the solver over HTTP: a JSON API (/v1) and a page to enter a cube and watch
    /// its solution (http://127.0.0.1:8080/).
    Serve(ServeArgs),
    /// Generate, verify and list the pattern databases.
    Tables {
        #[command(subcommand)]
        command: TablesCommand,
    },
    /// Print a shell completion script: `korf completions bash > ~/.local/share/bash-completion/completions/korf`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `korf man > ~/.local/share/man/man1/korf.1`.
    Man,
}

/// A position given as a facelet string or, with --scramble, as moves.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The position as a 54-character facelet string.
    #[arg(value_name = "FACELETS", required_unless_present = "scramble")]
    pub facelets: Option<String>,
    /// The position reached by applying these moves to a solved cube, e.g. "R U R' U'".
    #[arg(long, short = 's', value_name = "MOVES", conflicts_with = "facelets")]
    pub scramble: Option<String>,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// What to print.
    #[arg(long, value_enum, default_value_t = ShowFormat::Net)]
    pub format: ShowFormat,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShowFormat {
    /// The unfolded net (coloured on a terminal) followed by the facelet string.
    Net,
    /// Only the facelet string.
    Facelets,
}

#[derive(Args, Debug)]
pub struct ScrambleArgs {
    /// How many positions.
    #[arg(allow_hyphen_values = true, short = 'n', long, default_value_t = 1)]
    pub count: usize,
    /// Seed for reproducible output (any 64-bit number); random if omitted.
    #[arg(allow_hyphen_values = true, long)]
    pub seed: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ScrambleFormat::Both)]
    pub format: ScrambleFormat,
    /// Directory holding the two-phase tables, generated there on first use [default:
    /// $KORF_TABLES or ./tables].
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScrambleFormat {
    /// Facelet strings only (no tables needed).
    Facelets,
    /// A move sequence of at most 20 moves that produces each state from a solved cube
    /// (the inverse of a two-phase solution).
    Moves,
    /// The move sequence, a tab, and the facelet string.
    Both,
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address and port to listen on.  Any address but loopback needs --token (or
    /// --no-token).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:8080")]
    pub listen: std::net::SocketAddr,
    /// Directory holding the tables, opened and checked once at start [default:
    /// $KORF_TABLES or ./tables].
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// The optimal search's tables.
    #[arg(long, value_name = "NAME", default_value = "auto", value_parser = heuristic_parser(), hide_possible_values = true)]
    pub heuristic: HeuristicArg,
    /// Threads of each optimal solve (default: all cores).
    #[arg(allow_hyphen_values = true, long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Optimal solves run at once (each on --threads threads).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub workers: usize,
    /// Optimal solves that may wait for a worker; past that a request gets 429.
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub queue: usize,
    /// Clients must send `Authorization: Bearer TOKEN` (all of /v1 but health and the
    /// OpenAPI document).
    #[arg(long, value_name = "TOKEN", env = "KORF_TOKEN", hide_env_values = true)]
    pub token: Option<String>,
    /// Listen on a non-loopback address without a token: anyone who can reach the port may
    /// use this machine's CPU.
    #[arg(long, conflicts_with = "token")]
    pub no_token: bool,
    /// Let pages of this origin (e.g. https://cube.example) call the API; repeatable.
    /// Other origins are refused.
    #[arg(long, value_name = "ORIGIN")]
    pub cors: Vec<String>,
    /// The longest any solve may run, in seconds; a request's own timeout may be shorter.
    #[arg(
        allow_hyphen_values = true,
        long,
        value_name = "SECONDS",
        default_value_t = 3600.0
    )]
    pub max_timeout: f64,
    /// Most positions in one list (POST /v1/solve/list); more get 413.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_list: usize,
    /// Largest request body in bytes; larger get 413.
    #[arg(long, value_name = "BYTES", default_value_t = 1 << 20)]
    pub max_body: usize,
    /// Fail instead of building missing small tables at start (a large table is never
    /// built by the server).
    #[arg(long)]
    pub no_generate: bool,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub position: PositionArgs,
}

/// Options shared by `solve` and `bench`.
#[derive(Args, Debug, Clone)]
pub struct SearchArgs {
    /// Worker threads (default: all cores).
    #[arg(allow_hyphen_values = true, long, short = 'j', value_name = "N")]
    pub threads: Option<usize>,
    /// Tasks each thread searches at once, interleaved so that their table reads overlap
    /// (with the three-axis coset tables: coset4 and the U/D-layer cosets); 1 = one
    /// at a time.
    #[arg(allow_hyphen_values = true, long, value_name = "N", default_value_t = korf::search::DEFAULT_LANES,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=64))]
    pub lanes: usize,
    /// Directory holding the pattern databases [default: $KORF_TABLES or ./tables].
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// Give up when no solution of at most D moves exists, counted in the --metric
    /// [default: 20 face turns, 26 quarter turns: God's number].
    #[arg(allow_hyphen_values = true, long, value_name = "D", value_parser = clap::value_parser!(u8).range(0..=30))]
    pub max_depth: Option<u8>,
    /// How solution lengths are counted: `htm`, every face turn counts 1 (quarter or
    /// half; a slice 2); `qtm`, a half turn counts 2 (a slice quarter turn 2); `stm`,
    /// every face, slice or wide turn counts 1.  Printed lengths end in `f`, `q` or `s`.
    #[arg(long, value_name = "METRIC", default_value = "htm", value_parser = metric_parser())]
    pub metric: Metric,
    /// Only these turns: faces (`R,U,F`: every turn of each), slices (`M,E,S`), wide
    /// turns (`Rw` or `r`), or half turns alone (`R,U,F2`, `M2`), comma-separated.  Any
    /// table serves; a position face turns cannot solve is refused.  With slices or
    /// wide turns (`korf solve` only) a solution that leaves the centres turned ends
    /// with the rotation (`x`, `y2` …) that brings the cube back, counted in no metric.
    #[arg(long, value_name = "SET", value_parser = move_set_parser)]
    pub moves: Option<TurnSet>,
    /// Give up on a position after this many seconds.
    #[arg(allow_hyphen_values = true, long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Fail if the tables are missing instead of generating them.
    #[arg(long)]
    pub no_generate: bool,
    /// Skip checking each pattern database against its checksum as it loads (a faster
    /// start, for tables already checked with `korf tables verify`; a solution is proven
    /// only if they were).  A table recorded as failing verification is refused all the
    /// same, and the small two-phase tables are always checked.
    #[arg(long)]
    pub trust_tables: bool,
    /// Search the memory-mapped table files in place instead of copying them into
    /// huge-page-backed memory (slower search, no copy at start-up).
    #[arg(long)]
    pub no_huge_pages: bool,
    /// Keep one copy of each table per machine: map the files in place, shared through
    /// the page cache by every korf process (and Python) that uses them, with huge pages
    /// advised and every page read in at start, instead of a private copy per process.
    /// For several processes on one machine (job arrays).
    #[arg(long, conflicts_with = "no_huge_pages")]
    pub share_tables: bool,
    /// Optimal search: do not ask the two-phase search for upper bounds (by default it is
    /// asked between long IDA* iterations, and a solution it finds at the proven lower
    /// bound ends the search early).
    #[arg(long)]
    pub no_upper_bound: bool,
    /// Tables the optimal search takes the maximum over; `korf tables list` shows each
    /// one's size, build time and speed.  `auto`: the fastest whose tables are present
    /// (the largest three-axis coset table, else the largest parity table, else
    /// coset-cp).
    #[arg(long, value_name = "KIND", default_value_t = HeuristicArg::AUTO,
          value_parser = heuristic_parser())]
    pub heuristic: HeuristicArg,
    /// Every optimal solution, not just the first: canonical sequences (no face turned
    /// twice in a row; of two opposite faces in a row only U before D, R before L, F before
    /// B), each once, sorted, then the count.  Finishes the last depth bound, so takes
    /// longer than one solution.
    #[arg(long, conflicts_with = "fast")]
    pub all: bool,
    /// With --all (implied): also every solution up to K moves longer than the optimum.
    #[arg(allow_hyphen_values = true, long, value_name = "K", conflicts_with = "fast",
          value_parser = clap::value_parser!(u8).range(0..=korf::limits::MAX_WITHIN as i64))]
    pub within: Option<u8>,
    /// With --all (implied): stop after N solutions (the count is then "at least N").
    #[arg(allow_hyphen_values = true, long, value_name = "N", conflicts_with = "fast",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub max_solutions: Option<usize>,
}

/// `--metric`: the metrics' names, with a help line each.
fn metric_parser() -> impl clap::builder::TypedValueParser<Value = Metric> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    PossibleValuesParser::new([
        PossibleValue::new("htm").help("Face turns: a half turn counts 1 (the default)"),
        PossibleValue::new("qtm").help("Quarter turns: a half turn counts 2"),
        PossibleValue::new("stm")
            .help("Slice turns: a turn of a face, slice or wide layer counts 1"),
    ])
    .map(|name| Metric::from_name(&name).expect("listed"))
}

/// `--moves`: a set of turns, or why it is not one.
/// `--max-ratio`: a ratio of at least 1 (a bound on how much worse a position may get).
fn ratio_parser(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(r) if r.is_finite() && r >= 1.0 => Ok(r),
        _ => Err(format!("'{text}' is not a ratio of 1 or more (e.g. 1.25)")),
    }
}

fn move_set_parser(text: &str) -> Result<TurnSet, String> {
    TurnSet::parse(text).map_err(|e| e.to_string())
}

impl SearchArgs {
    /// What counts as a move: --metric and --moves.
    pub fn rules(&self) -> MoveRules {
        MoveRules {
            metric: self.metric,
            moves: self
                .moves
                .and_then(TurnSet::face_moves)
                .unwrap_or(MoveSet::ALL),
        }
    }

    /// The turns of --moves when they include slices or wide turns (searched by the held
    /// search, `korf solve` only).
    pub fn slice_turns(&self) -> Option<TurnSet> {
        self.moves.filter(|t| t.face_moves().is_none())
    }

    /// Refuse slices and wide turns in --moves for a command that does not search them.
    pub fn face_turns_only(&self, command: &str) -> Result<(), CliError> {
        match self.slice_turns() {
            None => Ok(()),
            Some(t) => Err(CliError::Input(format!(
                "--moves {t}: slices and wide turns are searched by `korf solve` only; `korf {command}` takes face turns (U R F D L B)"
            ))),
        }
    }

    /// --max-depth, or God's number in the metric.
    pub fn max_depth(&self) -> u8 {
        self.max_depth.unwrap_or(self.metric.gods_number())
    }

    /// What --all, --within and --max-solutions ask for, if any.
    pub fn all_solutions(&self) -> Option<korf::search::AllSolutions> {
        (self.all || self.within.is_some() || self.max_solutions.is_some()).then(|| {
            korf::search::AllSolutions {
                within: self.within.unwrap_or(0),
                max_solutions: self.max_solutions,
            }
        })
    }
}

/// `--heuristic NAME` and `--compare A,B`: a heuristic of the registry, or `auto` (the
/// fastest whose tables are present).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeuristicArg(Option<HeuristicKind>);

impl HeuristicArg {
    /// `auto`.
    pub const AUTO: HeuristicArg = HeuristicArg(None);

    /// The library's heuristic of this name; `None` for `auto`.
    pub fn kind(self) -> Option<HeuristicKind> {
        self.0
    }
}

impl std::fmt::Display for HeuristicArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.map_or("auto", HeuristicKind::name))
    }
}

/// The heuristics' names and help lines, from the registry; those not listed (research
/// combinations) accepted but hidden.
fn heuristic_parser() -> impl clap::builder::TypedValueParser<Value = HeuristicArg> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let listed = HeuristicKind::listed();
    let hidden = HeuristicKind::ALL
        .iter()
        .copied()
        .filter(|k| !listed.contains(k));
    let auto = PossibleValue::new("auto").help("The fastest heuristic whose tables are present");
    let all = std::iter::once(auto).chain(listed.iter().copied().chain(hidden).map(|k| {
        let spec = k.spec();
        let bytes: u64 = k.tables().iter().map(|t| t.file_size()).sum();
        PossibleValue::new(spec.name)
            .help(format!(
                "{} ({})",
                spec.help,
                korf::units::human_bytes(bytes)
            ))
            .hide(!spec.listed)
    }));
    PossibleValuesParser::new(all).map(|name| HeuristicArg(HeuristicKind::from_name(&name)))
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The position: a 54-character facelet string, or `-` to read one position per line
    /// from stdin (facelets or moves; blank lines and `#` comments are skipped).
    #[arg(value_name = "FACELETS|-", required_unless_present = "scramble")]
    pub position: Option<String>,
    /// Solve the position these moves produce from a solved cube.
    #[arg(long, short = 's', value_name = "MOVES", conflicts_with = "position")]
    pub scramble: Option<String>,
    #[command(flatten)]
    pub search: SearchArgs,
    #[command(flatten)]
    pub goal: GoalArgs,
    /// Print one JSON object per position.
    #[arg(long)]
    pub json: bool,
    /// Print search statistics (nodes, rate, time per depth) to stdout.
    #[arg(long)]
    pub stats: bool,
    /// Save what the search has proven to FILE every few seconds and after each depth
    /// bound; run the same command again to resume from it (it is refused if it belongs to
    /// another position or heuristic).  Once solved, FILE holds the proven solution.  One
    /// position only.
    #[arg(long, value_name = "FILE", conflicts_with = "fast")]
    pub checkpoint: Option<PathBuf>,
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub fast: FastArgs,
}

/// `korf algs`.
#[derive(Args, Debug)]
pub struct AlgsArgs {
    /// The case list, or `-` for stdin (blank lines and `#` comments are skipped).
    #[arg(value_name = "FILE|-")]
    pub file: String,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Allow one turn of U before each algorithm, not counted (speedcubers' AUF).
    #[arg(long)]
    pub start_auf: bool,
    /// Allow one turn of U after each algorithm, not counted (up to AUF).
    #[arg(long)]
    pub end_auf: bool,
    /// Output: `json` (one line a case) or `csv` (a header, then one row a solution).
    #[arg(long, value_name = "FORMAT", default_value = "json", value_parser = ["json", "csv"])]
    pub format: String,
    /// Append each case's JSON line to FILE as it is solved; run again, the cases FILE
    /// holds (each checked) are not solved again.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub fast: FastArgs,
}

/// `korf cases`.
#[derive(Args, Debug)]
pub struct CasesArgs {
    /// The set: `oll`, `pll`, `oll-edges`, `oll-corners`, `pll-corners` or `pll-edges`.
    #[arg(value_name = "SET", value_parser = ["oll", "pll", "oll-edges", "oll-corners", "pll-corners", "pll-edges"])]
    pub set: String,
}

/// What a solution must reach, when it is not the solved cube.
#[derive(Args, Debug, Clone)]
pub struct GoalArgs {
    /// Reach this position instead of the solved cube: a facelet string, or moves that
    /// make it from solved (`--target "R U R' U'"`).  The solution takes the position to
    /// it.
    #[arg(long, value_name = "POSITION")]
    pub target: Option<String>,
    /// Allow one turn of U before the solution, not counted in its length (speedcubers'
    /// AUF); it is printed in brackets, `(U) R U R' …`.
    #[arg(long, conflicts_with = "fast")]
    pub start_auf: bool,
    /// Allow one turn of U after the solution, not counted in its length: solved "up to
    /// AUF", as for a last-layer algorithm.
    #[arg(long, conflicts_with = "fast")]
    pub end_auf: bool,
}

impl GoalArgs {
    /// The goal these arguments ask for; a target that is no position is an input error
    /// naming the option.
    pub fn goal(&self) -> Result<korf::Goal, CliError> {
        let target = match &self.target {
            Some(t) => korf::cube::parse_position(t)
                .map_err(|e| CliError::Input(format!("--target: {e}")))?,
            None => korf::Cube::SOLVED,
        };
        Ok(korf::Goal::to(target)
            .with_start_auf(self.start_auf)
            .with_end_auf(self.end_auf))
    }
}

/// Lists bigger than one run: result files that resume, and shards for job arrays.
#[derive(Args, Debug, Clone)]
pub struct BatchArgs {
    /// Append one JSON line per finished position to FILE (line number, input, solution,
    /// length, nodes, seconds, host) as it finishes; run the same command again and the
    /// positions already in FILE are skipped, so a killed run loses only the positions in
    /// flight.  `{shard}` in the name becomes the shard's number.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Solve only every N-th position of the list, starting at the K-th (from 0): the
    /// shards 0/N … N-1/N are disjoint and cover it.  Default: from a job array's
    /// variables, if set (Slurm's $SLURM_ARRAY_TASK_ID, Kubernetes' $JOB_COMPLETION_INDEX).
    #[arg(allow_hyphen_values = true, long, value_name = "K/N")]
    pub shard: Option<String>,
    /// The number of shards when it comes from the environment: a Kubernetes Indexed
    /// Job's completions (with $JOB_COMPLETION_INDEX), or instead of
    /// $SLURM_ARRAY_TASK_COUNT.
    #[arg(allow_hyphen_values = true, long, value_name = "N", env = "KORF_SHARDS",
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    pub shards: Option<usize>,
}

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The scramble list the shards solved.
    #[arg(long, value_name = "LIST")]
    pub list: PathBuf,
    /// The shards' result files (`--out` of `korf bench` or `korf solve -`).
    #[arg(required = true, value_name = "RESULTS")]
    pub results: Vec<PathBuf>,
    /// Write the combined rows as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the combined rows as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
}

/// Near-optimal solving with the two-phase search.
#[derive(Args, Debug, Clone)]
pub struct FastArgs {
    /// Near-optimal solutions in milliseconds with Kociemba's two-phase search (not proven
    /// optimal; printed as e.g. "(19f)").  Uses its own small tables (about 70 MB).
    #[arg(long)]
    pub fast: bool,
    /// With --fast: accept solutions of at most L moves, in the --metric [default: 20
    /// face turns, 30 quarter turns].
    #[arg(allow_hyphen_values = true, long, value_name = "L", requires = "fast",
          value_parser = clap::value_parser!(u8).range(1..=korf::limits::MAX_FAST_LENGTH as i64))]
    pub max_length: Option<u8>,
    /// With --fast: keep looking for shorter solutions for this many seconds instead of
    /// stopping at the first one within --max-length.  With --max-length 20 (the default)
    /// a search that has found nothing by then goes on to its first solution; with a
    /// shorter --max-length, which may have none, it ends there.
    #[arg(
        allow_hyphen_values = true,
        long,
        value_name = "SECONDS",
        requires = "fast"
    )]
    pub time: Option<f64>,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Scramble-list files: one position per line (moves or facelets; `#` comments and
    /// blank lines skipped).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub search: SearchArgs,
    /// Write the per-position rows as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the per-position rows as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Fail (exit 1) if a solution's length differs from this.
    #[arg(allow_hyphen_values = true, long, value_name = "L")]
    pub expect_length: Option<usize>,
    /// Run the list once per heuristic (comma separated, e.g. `korf,coset4`) and print
    /// them side by side: solved, mean and median time, mean nodes, nodes/s.
    #[arg(long, value_delimiter = ',', value_name = "H1,H2,...",
          value_parser = heuristic_parser(), conflicts_with_all = ["heuristic", "fast"])]
    pub compare: Vec<HeuristicArg>,
    /// Compare each position with an earlier run's records (a `--json` or `--out` file,
    /// e.g. of the build before a change): its work and time ratios, their mean and the
    /// worst.
    #[arg(long, value_name = "FILE")]
    pub baseline: Option<PathBuf>,
    /// With --baseline: fail (exit 1) if any position's work (nodes, the two-phase
    /// search's included) is more than R times the baseline's.
    #[arg(long, value_name = "R", requires = "baseline", value_parser = ratio_parser)]
    pub max_ratio: Option<f64>,
    #[command(flatten)]
    pub batch: BatchArgs,
    #[command(flatten)]
    pub fast: FastArgs,
    /// --target, --start-auf, --end-auf: each position solved towards that goal.
    #[command(flatten)]
    pub goal: GoalArgs,
}

#[derive(Subcommand, Debug)]
pub enum TablesCommand {
    /// Build tables: by default the small set (corners, the coset tables, edge-slices,
    /// Korf's edge tables, the two-phase tables; about a minute), or one table (--only), or
    /// the fastest set that fits in memory and disk (--memory).  `korf tables list` shows
    /// them all.
    Generate(GenerateArgs),
    /// Recount each table's checksum and depth histogram and compare with the published
    /// distributions.
    Verify(VerifyArgs),
    /// Show the catalogue: every table (present or not, size, build time and memory, the
    /// command that builds it) and every solver mode with its measured speed.
    List(DirArgs),
    /// Download tables from a host that publishes `korf tables generate`'s files (each at
    /// URL/NAME.pdb, the page's layout) instead of building them: resumed where a transfer
    /// stopped, each file verified before it is used.
    Fetch(FetchArgs),
}

#[derive(Args, Debug)]
pub struct FetchArgs {
    #[command(flatten)]
    pub dir: DirArgs,
    /// The folder where the tables are published (http:// or https://); each table is
    /// NAME.pdb under it.
    #[arg(value_name = "URL")]
    pub url: String,
    /// Fetch only these tables (comma-separated) [default: what a first `korf solve`
    /// builds: coset-cp, edge-slices, phase1, phase2].
    #[arg(long, value_name = "NAME", value_parser = table_parser(), value_delimiter = ',',
          conflicts_with = "memory")]
    pub only: Vec<TableKind>,
    /// Fetch the fastest set of tables a search can use in this much memory, e.g. `8G`;
    /// `auto`: from the free memory and disk, leaving headroom ($KORF_AVAILABLE_MEMORY
    /// overrides the memory seen).  Unlike `korf tables generate --memory`, a table whose
    /// build would not fit is chosen when its use does.
    #[arg(allow_hyphen_values = true, long, value_name = "SIZE|auto")]
    pub memory: Option<String>,
    /// Say what would be fetched and fetch nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Fetch tables even when a verified copy is present.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub struct DirArgs {
    /// Tables directory [default: $KORF_TABLES or ./tables]; `--tables` says the same, as
    /// in `korf solve` and `korf bench`.
    #[arg(long, value_name = "DIR", visible_alias = "tables")]
    pub dir: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub dir: DirArgs,
    /// Build only these tables (comma-separated, e.g. `coset3,layerflips`).
    #[arg(long, value_name = "NAME", value_parser = table_parser(), value_delimiter = ',',
          conflicts_with_all = ["coset", "memory"])]
    pub only: Vec<TableKind>,
    /// Older spelling of `--only coset` (K = 0) and `--only coset4` (K = 4).
    #[arg(long, value_name = "K", hide = true, conflicts_with = "memory")]
    pub coset: Option<u32>,
    /// Build the fastest set of tables whose generation fits in this much memory, e.g.
    /// `8G`, `500M`, `6GiB`; `auto`: from the free memory and the free disk, leaving
    /// headroom ($KORF_AVAILABLE_MEMORY overrides the memory seen).
    #[arg(allow_hyphen_values = true, long, value_name = "SIZE|auto")]
    pub memory: Option<String>,
    /// Rebuild tables that are already present and valid.
    #[arg(long)]
    pub force: bool,
    /// Say what would be built (size, time, memory) and build nothing.
    #[arg(long)]
    pub dry_run: bool,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    pub dir: DirArgs,
    /// Print a JSON array with one object per table.
    #[arg(long)]
    pub json: bool,
    /// Verify only these tables (comma-separated).
    #[arg(long, value_name = "NAME", value_parser = table_parser(), value_delimiter = ',')]
    pub only: Vec<TableKind>,
}

/// A failure the user sees: the message says what is wrong and how to fix it.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input or usage: exit status 2.
    #[error("{0}")]
    Input(String),
    /// A runtime failure (tables, I/O, limits): exit status 1.
    #[error("{0}")]
    Failure(String),
    /// Stopped by Ctrl-C, SIGTERM or SIGHUP: exit status 128 + the signal's number (130,
    /// 143, 129), as a shell reports a process the signal ended.
    #[error("{}", crate::interrupt::how())]
    Interrupted,
}

impl CliError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Input(_) => 2,
            CliError::Failure(_) => 1,
            CliError::Interrupted => crate::interrupt::exit_code(),
        }
    }
}

impl From<korf::Error> for CliError {
    fn from(e: korf::Error) -> Self {
        if e.is_input() {
            CliError::Input(e.to_string())
        } else {
            CliError::Failure(e.to_string())
        }
    }
}

impl From<korf::limits::LimitError> for CliError {
    fn from(e: korf::limits::LimitError) -> Self {
        CliError::Input(e.to_string())
    }
}

impl From<korf::cube::FaceletError> for CliError {
    fn from(e: korf::cube::FaceletError) -> Self {
        korf::Error::from(e).into()
    }
}

impl From<korf::cube::MoveParseError> for CliError {
    fn from(e: korf::cube::MoveParseError) -> Self {
        korf::Error::from(e).into()
    }
}

impl From<korf::tables::TableError> for CliError {
    fn from(e: korf::tables::TableError) -> Self {
        CliError::Failure(e.to_string())
    }
}

/// An I/O or other failure with its context (`cannot write rows.csv: …`): exit status 1.
impl From<anyhow::Error> for CliError {
    fn from(e: anyhow::Error) -> Self {
        CliError::Failure(format!("{e:#}"))
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> Self {
        CliError::Failure(e.to_string())
    }
}

/// `--only NAME`: the table names of the catalogue (`edges7a` and `edges7b`, older names
/// of `edges7`, still accepted but not listed).
fn table_parser() -> impl clap::builder::TypedValueParser<Value = TableKind> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let values = TableKind::ALL
        .iter()
        .map(|k| PossibleValue::new(k.name()).help(k.descriptor().description))
        .chain(["edges7a", "edges7b"].map(|n| PossibleValue::new(n).hide(true)));
    PossibleValuesParser::new(values)
        .map(|name| TableKind::from_name(&name).expect("a listed table name"))
}

/// `--memory SIZE|auto` as a budget: `auto` reads the free memory and disk of `dir`'s file
/// system, leaving headroom ([`Budget::available`]); a size is memory alone.
pub fn memory_budget(size: &str, dir: &std::path::Path) -> Result<korf::tables::Budget, CliError> {
    use korf::tables::Budget;
    if size == "auto" {
        return Budget::available(dir).map_err(|e| {
            CliError::Failure(format!(
                "--memory auto: cannot read the free memory or disk ({e}); give a size instead, e.g. --memory 8G"
            ))
        });
    }
    let memory = korf::tables::parse_size(size).ok_or_else(|| {
        CliError::Input(format!(
            "--memory {size}: not a size; write it like 8G, 4.5GB, 500M or 6GiB, or `auto`"
        ))
    })?;
    Ok(Budget { memory, disk: None })
}
