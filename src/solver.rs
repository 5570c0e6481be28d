//! [`Solver`]: open a tables directory once, then solve cubes optimally.
//!
//! Opening decides which tables bound the search (the one rule is
//! [`HeuristicKind::preferred`]), builds missing small tables on first use when allowed
//! (never a large one: those name the command instead), loads them, and, unless asked
//! not to, opens the two-phase solver that feeds the search upper bounds.

use crate::cube::{Cube, MaskedCube};
use crate::error::Error;
use crate::goal::{Goal, GoalOutcome};
use crate::search::slice_turns::SliceTurnTables;
use crate::search::{self, Estimate, HeuristicKind, Options, Outcome, Snapshot, TableSet};
use crate::tables::{self, Descriptor, Header, Integrity, Progress, Residency, Table, TableKind};
use crate::twophase::{FastOptions, TwoPhase};
use crate::units::human_bytes;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// What opening tables reports while it builds missing ones (see [`SolverConfig::on_build`]).
#[derive(Debug)]
pub enum BuildEvent<'a> {
    /// First use: `tables` are missing from `dir` and will be generated now (`bytes` of
    /// disk, about `seconds` on the development machine); `what` names them for people.
    Planned {
        /// What is being built, for people: "pattern databases" or "two-phase tables".
        what: &'a str,
        /// The tables to build, in order.
        tables: &'a [TableKind],
        /// Where.
        dir: &'a Path,
        /// Disk space they take.
        bytes: u64,
        /// Rough build time.
        seconds: u64,
    },
    /// Another korf is building tables in `dir`; this one waits for it to finish.
    Waiting {
        /// The tables directory.
        dir: &'a Path,
    },
    /// One table's generation begins.
    Started(TableKind),
    /// Progress within that table's generation.
    Progress(TableKind, Progress),
    /// One table was written to `path`.
    Written {
        /// Which.
        table: TableKind,
        /// Its file.
        path: &'a Path,
        /// The header written.
        header: &'a Header,
    },
}

/// A receiver of [`BuildEvent`]s.
pub type BuildObserver<'a> = &'a (dyn Fn(BuildEvent) + Sync);

/// How [`Solver::open_with`] chooses, builds and holds its tables, and how it searches.
#[derive(Clone, Copy)]
pub struct SolverConfig<'a> {
    /// The tables that bound the search; `None`: [`HeuristicKind::preferred`] for the
    /// files present.
    pub heuristic: Option<HeuristicKind>,
    /// How the loaded tables are held in memory.
    pub residency: Residency,
    /// Whether each table is hashed and checked against its header as it loads (the
    /// default): a solution is proven optimal only with checked tables.
    pub integrity: Integrity,
    /// Build missing tables that may be built on first use (otherwise fail with the
    /// command that builds them).  Large tables are never built here.
    pub generate: bool,
    /// Open the two-phase solver to feed the search upper bounds (built with the other
    /// tables if `generate`, else used only when present).
    pub upper_bounds: bool,
    /// Threads, depth and time limits of every solve.
    pub search: &'a Options,
    /// Told about tables being built; `None` builds quietly.
    pub on_build: Option<BuildObserver<'a>>,
    /// Also open the tables that bound searches with slices in slice turns
    /// ([`crate::search::slice_turns`]), built first if missing and `generate` allows
    /// (without leave to build and with their files missing, opening goes on without
    /// them).  Without it they are used when their files are already there.
    pub slice_turns: bool,
}

impl Default for SolverConfig<'_> {
    fn default() -> Self {
        static DEFAULT_OPTIONS: std::sync::OnceLock<Options> = std::sync::OnceLock::new();
        SolverConfig {
            heuristic: None,
            residency: Residency::HugePages,
            integrity: Integrity::Check,
            generate: true,
            upper_bounds: true,
            search: DEFAULT_OPTIONS.get_or_init(Options::default),
            on_build: None,
            slice_turns: false,
        }
    }
}

/// An optimal solver with its tables loaded: open once, solve many cubes (from several
/// threads too: `Solver` is `Sync`).
///
/// ```no_run
/// let solver = korf::Solver::open("tables")?;
/// let cube = korf::Cube::from_moves(&korf::cube::parse_moves("R U R' U'")?);
/// let outcome = solver.solve(&cube)?;
/// println!("{}", korf::cube::format_moves(outcome.moves().unwrap()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    dir: PathBuf,
    tables: TableSet,
    upper_bounds: Option<TwoPhase>,
    /// Why the upper bounds were wanted but cannot be had (damaged two-phase tables).
    without_upper_bounds: Option<String>,
    options: Options,
    /// The slice-turn tables: opened with the rest when asked, else on the first search
    /// that can use them if their files are there (`None`: not there).
    slice_turns: OnceLock<Option<SliceTurnTables>>,
    /// How tables opened later are held and checked.
    residency: Residency,
    integrity: Integrity,
}

impl Solver {
    /// Open the tables in `dir` with the default configuration: the preferred heuristic
    /// for what is there, missing small tables built first, upper bounds on, all cores.
    pub fn open(dir: impl AsRef<Path>) -> Result<Solver, Error> {
        Self::open_with(dir, &SolverConfig::default())
    }

    /// Open the tables in `dir` as `config` says.
    pub fn open_with(dir: impl AsRef<Path>, config: &SolverConfig) -> Result<Solver, Error> {
        let dir = dir.as_ref().to_path_buf();
        // In quarter turns the quarter-turn tables bound the search far more tightly
        // than any face-turn table: small, built on first use.
        let kind = config
            .heuristic
            .unwrap_or_else(|| match config.search.rules.metric {
                crate::cube::Metric::Qtm => HeuristicKind::preferred_qtm_in(&dir),
                crate::cube::Metric::Htm | crate::cube::Metric::Stm => {
                    HeuristicKind::preferred_in(&dir)
                }
            });
        if kind.spec().metric == crate::cube::Metric::Qtm
            && config.search.rules.metric != crate::cube::Metric::Qtm
        {
            let heuristic = kind.name();
            return Err(crate::search::SearchError::MetricMismatch { heuristic }.into());
        }
        // The large tables take many minutes and gigabytes of memory to build: never
        // started behind the user's back.
        let mut large = Vec::new();
        for &table in kind.tables() {
            if !table.descriptor().on_demand && absent(table, &dir)? {
                large.push(table.descriptor());
            }
        }
        if !large.is_empty() {
            // The smaller tables it lacks too, built in the same command.
            let small: Vec<&Descriptor> = kind
                .tables()
                .iter()
                .filter(|t| t.descriptor().on_demand && absent(**t, &dir).unwrap_or(false))
                .map(|t| t.descriptor())
                .collect();
            return Err(Error::TablesMissing(missing_tables(
                kind, &large, &small, &dir,
            )));
        }
        ensure_tables(
            kind.tables(),
            &dir,
            config.generate,
            "pattern databases",
            config.on_build,
        )?;
        let tables = TableSet::open_checked(&dir, config.residency, kind, config.integrity)?;
        // Without permission to build, the upper bounds are used only when their tables
        // are already there.
        let metric = config.search.rules.metric;
        let wanted = config.upper_bounds
            && (config.generate || present(tables::two_phase_set(metric), &dir));
        let mut without_upper_bounds = None;
        let upper_bounds = if !wanted {
            None
        } else {
            let phase1 = tables.table(TableKind::Phase1);
            match open_two_phase_beside(&dir, metric, config.generate, config.on_build, phase1) {
                Ok(tp) => Some(tp),
                // Damaged two-phase tables cost the optimal search its upper bounds, not
                // its answers: it goes on without them, and says why.
                Err(Error::Table(e)) => {
                    without_upper_bounds = Some(e.to_string());
                    None
                }
                Err(e) => return Err(e),
            }
        };
        let slice_turns = OnceLock::new();
        let kinds = &search::slice_turns::SLICE_TURN_TABLES;
        // Without leave to build, missing slice-turn tables are done without: they only
        // make such searches faster.
        if config.slice_turns && (config.generate || present(kinds, &dir)) {
            ensure_tables(
                kinds,
                &dir,
                config.generate,
                "slice-turn tables",
                config.on_build,
            )?;
            let opened = SliceTurnTables::open(&dir, config.residency, config.integrity)?;
            let _ = slice_turns.set(Some(opened));
        }
        Ok(Solver {
            dir,
            tables,
            upper_bounds,
            without_upper_bounds,
            options: config.search.clone(),
            slice_turns,
            residency: config.residency,
            integrity: config.integrity,
        })
    }

    /// A solver over tables already loaded, with no tables directory: tables held in
    /// memory ([`Table::from_image`](crate::tables::Table::from_image)) where there is no
    /// file system, as in a browser.  `upper_bounds` feeds the search two-phase upper
    /// bounds, as [`SolverConfig::upper_bounds`] does; `options` are every solve's.
    pub fn from_tables(
        tables: TableSet,
        upper_bounds: Option<TwoPhase>,
        options: Options,
    ) -> Solver {
        Solver {
            dir: PathBuf::new(),
            tables,
            upper_bounds,
            without_upper_bounds: None,
            options,
            // No directory to find the slice-turn tables in.
            slice_turns: OnceLock::from(None),
            residency: Residency::Mapped,
            integrity: Integrity::Check,
        }
    }

    /// The two-phase solver that feeds the search its upper bounds, if it has one.
    pub fn two_phase(&self) -> Option<&TwoPhase> {
        self.upper_bounds.as_ref()
    }

    /// The heuristic the search uses.
    pub fn heuristic(&self) -> HeuristicKind {
        self.tables.kind()
    }

    /// Why this solver searches without the two-phase upper bounds it was asked to use
    /// (their tables are damaged: the message names the command that rebuilds them), if
    /// so.  Its answers are as optimal as ever; long solves may take longer.
    pub fn upper_bounds_unavailable(&self) -> Option<&str> {
        self.without_upper_bounds.as_deref()
    }

    /// The tables directory (empty for a solver made by [`Solver::from_tables`]).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The loaded tables.
    pub fn tables(&self) -> &TableSet {
        &self.tables
    }

    /// The search options every solve uses.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The tables' lower bound on the solution length of `cube`.
    pub fn lower_bound(&self, cube: &Cube) -> u8 {
        search::lower_bound(&self.tables, cube)
    }

    /// Worker threads a solve uses (the option's 0 resolved to the core count).
    pub fn threads(&self) -> usize {
        crate::threads::count(self.options.threads)
    }

    /// What solving `cube` is expected to cost, before searching: its lower bound, a
    /// solution length the two-phase search finds within a few milliseconds (its first
    /// pass is exhaustive up to 10 moves), and the time model's estimate
    /// ([`crate::search::estimate`]) at the likeliest optimal length: 18 moves (two random
    /// positions in three), kept between those two bounds.
    pub fn predict(&self, cube: &Cube) -> Prediction {
        let lower_bound = self.lower_bound(cube);
        let upper_bound = self.upper_bounds.as_ref().and_then(|tp| {
            let quick = FastOptions {
                timeout: Some(std::time::Duration::from_millis(50)),
                ..FastOptions::default()
            };
            let out = tp.solve(cube, &quick).ok()?;
            out.solution.map(|s| s.len() as u8)
        });
        let likely = LIKELY_LENGTH
            .min(upper_bound.unwrap_or(u8::MAX))
            .max(lower_bound);
        Prediction {
            lower_bound,
            upper_bound,
            likely: self.heuristic().estimate(likely, self.threads()),
        }
    }

    /// A faster heuristic than this one for positions of `length` moves whose missing
    /// tables this machine can build now (memory and disk as `--memory auto` sees them):
    /// the one with the least build time plus ten positions' estimated time (a table is
    /// built once and used for many).  `None` if nothing at least halves the estimate.
    pub fn faster_option(&self, length: u8) -> Option<Suggestion> {
        if self.dir.as_os_str().is_empty() {
            return None; // tables held in memory: nothing to build beside them
        }
        let budget = crate::tables::Budget::available(&self.dir).ok()?;
        let now = self.heuristic().estimate(length, self.threads());
        let options: Vec<Suggestion> = HeuristicKind::fastest_first()
            .into_iter()
            .filter_map(|h| {
                let estimate = h.estimate(length, self.threads());
                if estimate.seconds >= now.seconds / 2.0 {
                    return None;
                }
                let build: Vec<TableKind> = h
                    .tables()
                    .iter()
                    .copied()
                    .filter(|k| !self.dir.join(k.file_name()).exists())
                    .collect();
                build.iter().all(|&k| budget.fits(k)).then(|| Suggestion {
                    heuristic: h,
                    build_seconds: build.iter().map(|k| k.descriptor().build_seconds).sum(),
                    build,
                    estimate,
                })
            })
            .collect();
        let cost = |s: &Suggestion| s.build_seconds as f64 + AMORTISED_OVER * s.estimate.seconds;
        options
            .into_iter()
            .min_by(|a, b| cost(a).total_cmp(&cost(b)))
    }

    /// Find a shortest solution of `cube`.  A solution in the outcome has been checked
    /// against the position and is proven optimal.
    pub fn solve(&self, cube: &Cube) -> Result<Outcome, Error> {
        self.solve_with_progress(cube, None)
    }

    /// [`Solver::solve`], reporting progress about ten times a second to `progress`.
    pub(crate) fn solve_with_progress(
        &self,
        cube: &Cube,
        progress: Option<&(dyn Fn(Snapshot) + Sync)>,
    ) -> Result<Outcome, Error> {
        self.solve_using(cube, &self.options, progress)
    }

    /// [`Solver::solve_with_progress`] with search options of its own for this one solve
    /// (threads, time limit, stop flag, every solution…) instead of the solver's: one
    /// loaded solver can serve callers that each want their own.
    pub(crate) fn solve_using(
        &self,
        cube: &Cube,
        options: &Options,
        progress: Option<&(dyn Fn(Snapshot) + Sync)>,
    ) -> Result<Outcome, Error> {
        let find = self
            .upper_bounds
            .as_ref()
            .map(|b| b.upper_bound_source(*cube, options.threads, options.rules.metric));
        let hooks = search::Hooks {
            progress,
            upper_bound: find.as_ref().map(|f| f as search::UpperBoundFn),
            upper_bound_budget: search::UpperBoundBudget::for_search(
                self.heuristic(),
                options.rules.metric,
            ),
        };
        Ok(search::solve_with(&self.tables, cube, options, hooks)?)
    }
}

impl Solver {
    /// Find a shortest sequence that takes `cube` to `goal` (another position, and up to
    /// a turn of U before or after: [`Goal`]), with search options of its own as in
    /// `Solver::solve_using`.  Every solution in the outcome has been checked against
    /// the position and the goal.
    pub fn solve_goal(
        &self,
        cube: &Cube,
        goal: &Goal,
        options: &Options,
        progress: Option<&(dyn Fn(Snapshot) + Sync)>,
    ) -> Result<GoalOutcome, Error> {
        self.solve_masked(&MaskedCube::from(*cube), goal, options, progress)
    }

    /// [`Solver::solve_goal`] for a position some of whose stickers do not matter (`X` in
    /// its facelets, [`MaskedCube`]): the shortest sequences after which every given
    /// sticker is on the face of its colour, found by solving each cube that agrees with
    /// the given stickers.  With more such cubes than [`crate::cube::MAX_COMPLETIONS`]
    /// (shared among the AUF choices), one of them is searched, bound by
    /// tables built for the question ([`crate::search::pinned`]).  Refused (an input
    /// error) with a target other than the solved cube.
    pub fn solve_masked(
        &self,
        position: &MaskedCube,
        goal: &Goal,
        options: &Options,
        progress: Option<&(dyn Fn(Snapshot) + Sync)>,
    ) -> Result<GoalOutcome, Error> {
        if goal.too_many_cases(position)? {
            // An open mask: one completion, with tables built for the question.
            let turns = options.rules.moves.into();
            let found = crate::turn_search::solve_pinned(position, goal, turns, options, true)?;
            return Ok(crate::turn_search::as_goal_outcome(found, options));
        }
        crate::goal::solve(self, position, goal, options, progress)
    }
}

impl Solver {
    /// [`Solver::solve_masked`] with slices or wide turns allowed ([`crate::cube::TurnSet`]):
    /// the cheapest sequences in `options.rules.metric` (which may be
    /// [`crate::cube::Metric::Stm`]), written in WCA notation, each ending with the
    /// rotation that brings the centres home if it leaves them turned
    /// ([`crate::turn_search`]).  One thread.  `options.rules.moves` is not read.
    pub fn solve_turns(
        &self,
        position: &MaskedCube,
        goal: &Goal,
        turns: crate::cube::TurnSet,
        options: &Options,
    ) -> Result<crate::turn_search::TurnOutcome, Error> {
        let slice_turns =
            match crate::turn_search::counts_slices_as_one(turns, options.rules.metric) {
                true => self.slice_turn_tables(),
                false => None,
            };
        crate::turn_search::solve_turns(&self.tables, slice_turns, position, goal, turns, options)
    }

    /// The slice-turn tables, if opened or present in the tables directory (a file that
    /// fails to load is left out: the search then bounds with the face-turn tables).
    fn slice_turn_tables(&self) -> Option<&SliceTurnTables> {
        self.slice_turns
            .get_or_init(|| {
                let kinds = &search::slice_turns::SLICE_TURN_TABLES;
                match present(kinds, &self.dir) {
                    true => SliceTurnTables::open(&self.dir, self.residency, self.integrity).ok(),
                    false => None,
                }
            })
            .as_ref()
    }
}

impl crate::goal::CaseSolver for Solver {
    fn solve_case(
        &self,
        position: &Cube,
        options: &Options,
        progress: Option<&(dyn Fn(Snapshot) + Sync)>,
    ) -> Result<Outcome, Error> {
        self.solve_using(position, options, progress)
    }

    fn bound(&self, position: &Cube) -> u8 {
        self.lower_bound(position)
    }
}

/// Positions a table's build time is spread over when [`Solver::faster_option`] weighs it.
const AMORTISED_OVER: f64 = 10.0;

/// The optimal length [`Solver::predict`] assumes when the bounds allow: two random
/// positions in three need 18 moves.
const LIKELY_LENGTH: u8 = 18;

/// What a solve is expected to cost ([`Solver::predict`]).
#[derive(Clone, Copy, Debug)]
pub struct Prediction {
    /// The tables' lower bound on the optimal length.
    pub lower_bound: u8,
    /// The length of a solution found at once by the two-phase search, if any: the
    /// optimum is at most this.
    pub upper_bound: Option<u8>,
    /// The estimate at the likeliest optimal length within those bounds.
    pub likely: Estimate,
}

/// A faster heuristic worth building tables for ([`Solver::faster_option`]).
#[derive(Clone, Debug)]
pub struct Suggestion {
    /// The heuristic.
    pub heuristic: HeuristicKind,
    /// Its tables that are not built yet.
    pub build: Vec<TableKind>,
    /// Time to build them on the reference machine.
    pub build_seconds: u64,
    /// Its estimate at the same length.
    pub estimate: Estimate,
}

/// Open the two-phase solver in `dir`, generating its tables first if they are missing
/// and `generate` allows; its tables are always checked against their checksums.  It
/// answers in both metrics; for quarter turns see [`open_two_phase_for`].
pub fn open_two_phase(
    dir: &Path,
    generate: bool,
    on_build: Option<BuildObserver>,
) -> Result<TwoPhase, Error> {
    open_two_phase_for(dir, crate::cube::Metric::Htm, generate, on_build)
}

/// [`open_two_phase`], with the tables a search in `metric` reads
/// ([`tables::two_phase_set`]) generated too if missing.  (A solver opened for face turns
/// searches quarter turns with the face-turn phase-1 table unless the quarter-turn one is
/// present: the same answers, found more slowly.)
pub fn open_two_phase_for(
    dir: &Path,
    metric: crate::cube::Metric,
    generate: bool,
    on_build: Option<BuildObserver>,
) -> Result<TwoPhase, Error> {
    open_two_phase_beside(dir, metric, generate, on_build, None)
}

/// [`open_two_phase_for`], reading `phase1` (a heuristic's, already loaded) if given
/// rather than loading the phase-1 table again: the process then holds it once.
fn open_two_phase_beside(
    dir: &Path,
    metric: crate::cube::Metric,
    generate: bool,
    on_build: Option<BuildObserver>,
    phase1: Option<&Table>,
) -> Result<TwoPhase, Error> {
    let set = tables::two_phase_set(metric);
    ensure_tables(set, dir, generate, "two-phase tables", on_build)?;
    Ok(TwoPhase::open_beside(dir, phase1)?)
}

/// Whether every table of `kinds` has a file in `dir`.
fn present(kinds: &[TableKind], dir: &Path) -> bool {
    kinds.iter().all(|&k| absent(k, dir).is_ok_and(|a| !a))
}

/// Whether `kind`'s file is absent from `dir`: only when the directory says so.  What keeps
/// korf from knowing (permission denied) is an error, never taken for absence.
fn absent(kind: TableKind, dir: &Path) -> Result<bool, Error> {
    let path = dir.join(kind.file_name());
    match std::fs::symlink_metadata(&path) {
        Ok(_) => Ok(outdated(kind, &path)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
        Err(source) => Err(Error::TableAccess { path, source }),
    }
}

/// Whether the file at `path` is table `kind` as another korf laid it out (its entries
/// differ: the coset tables before they lost their twins) and `kind` is built on first
/// use.  Such a file is korf's own cache, unreadable by this korf: it is built again as a
/// missing one is, where a large table is refused with the command that rebuilds it.
fn outdated(kind: TableKind, path: &Path) -> bool {
    let d = kind.descriptor();
    d.on_demand
        && matches!(Header::read(path), Ok(h)
            if h.name == d.name && h.bits_per_entry == d.bits && h.entries != d.entries)
}

/// The commands that build `missing` into `dir`: the default set's in one, each table
/// outside it by name (`korf tables generate` alone does not build those).
fn build_commands(missing: &[TableKind], dir: &Path) -> String {
    let (default, named): (Vec<TableKind>, Vec<TableKind>) =
        missing.iter().partition(|k| k.descriptor().default_build);
    let mut commands = Vec::new();
    if !default.is_empty() {
        commands.push(format!("`korf tables generate --dir {}`", dir.display()));
    }
    commands.extend(named.iter().map(|k| {
        format!(
            "`korf tables generate --only {} --dir {}`",
            k.name(),
            dir.display()
        )
    }));
    commands.join(" and ")
}

/// Make sure `kinds` are present in `dir`, generating missing ones unless `!generate`.
fn ensure_tables(
    kinds: &[TableKind],
    dir: &Path,
    generate: bool,
    what: &str,
    on_build: Option<BuildObserver>,
) -> Result<(), Error> {
    if dir.exists() && !dir.is_dir() {
        return Err(Error::Input(format!(
            "the tables path {} is not a directory; give a directory with --tables (or $KORF_TABLES)",
            dir.display()
        )));
    }
    // What is at a table's path but cannot be read is not missing: loading it says why.
    let missing = |kinds: &[TableKind]| -> Result<Vec<TableKind>, Error> {
        let mut missing = Vec::new();
        for &k in kinds {
            if absent(k, dir)? {
                missing.push(k);
            }
        }
        Ok(missing)
    };
    if missing(kinds)?.is_empty() {
        return Ok(());
    }
    if !generate {
        let missing = missing(kinds)?;
        let names: Vec<&str> = missing.iter().map(|k| k.name()).collect();
        return Err(Error::TablesMissing(format!(
            "{what} missing in {}: {}; build them with {} (or choose another --heuristic)",
            dir.display(),
            names.join(", "),
            build_commands(&missing, dir)
        )));
    }
    let quiet = |_: BuildEvent| {};
    let on_build = on_build.unwrap_or(&quiet);
    let _lock = lock(dir, on_build)?;
    // Another korf may have built some of them while this one waited.
    let missing = missing(kinds)?;
    if missing.is_empty() {
        return Ok(());
    }
    on_build(BuildEvent::Planned {
        what,
        tables: &missing,
        dir,
        bytes: missing.iter().map(|k| k.file_size()).sum(),
        seconds: missing.iter().map(|k| k.descriptor().build_seconds).sum(),
    });
    build_locked(&missing, dir, on_build)
}

/// Hold `dir` for building (see [`tables::GenerationLock`]), telling `on_build` if another
/// korf holds it first.
fn lock(dir: &Path, on_build: BuildObserver) -> Result<tables::GenerationLock, Error> {
    Ok(tables::GenerationLock::acquire(dir, &|| {
        on_build(BuildEvent::Waiting { dir })
    })?)
}

/// Generate `kinds` into `dir` (created if needed), one after another, reporting to
/// `on_build`.  Two korf processes never build into one directory at once: the second
/// waits for the first (and is told so through `on_build`).
pub fn build_tables(kinds: &[TableKind], dir: &Path, on_build: BuildObserver) -> Result<(), Error> {
    let _lock = lock(dir, on_build)?;
    build_locked(kinds, dir, on_build)
}

/// Build those of `kinds` that `dir` does not hold in usable form, deciding once the
/// directory's lock is held: a table another korf built while this one waited for the
/// lock is not built again.  Returns the tables found present then, and not built.
pub fn build_missing_tables(
    kinds: &[TableKind],
    dir: &Path,
    on_build: BuildObserver,
) -> Result<Vec<TableKind>, Error> {
    let _lock = lock(dir, on_build)?;
    let (present, todo): (Vec<TableKind>, Vec<TableKind>) = kinds
        .iter()
        .partition(|&&k| tables::Table::open(k, dir, false).is_ok());
    build_locked(&todo, dir, on_build)?;
    Ok(present)
}

/// [`build_tables`] with the directory's lock held.
fn build_locked(kinds: &[TableKind], dir: &Path, on_build: BuildObserver) -> Result<(), Error> {
    for &kind in kinds {
        on_build(BuildEvent::Started(kind));
        let header = tables::build_file(kind, dir, &|p| on_build(BuildEvent::Progress(kind, p)))?;
        on_build(BuildEvent::Written {
            table: kind,
            path: &dir.join(kind.file_name()),
            header: &header,
        });
    }
    Ok(())
}

/// What a heuristic whose large tables `large` are missing from `dir` says: each of them,
/// and the one command that builds them with the smaller ones it also lacks (`small`,
/// which a solve would build on first use).
fn missing_tables(
    kind: HeuristicKind,
    large: &[&Descriptor],
    small: &[&Descriptor],
    dir: &Path,
) -> String {
    let files: Vec<String> = large
        .iter()
        .map(|d| format!("{} ({})", dir.join(d.file_name()).display(), build_cost(d)))
        .collect();
    let names: Vec<&str> = large.iter().chain(small).map(|d| d.name).collect();
    let them = if large.len() == 1 {
        "which is"
    } else {
        "which are"
    };
    let it = if names.len() == 1 { "it" } else { "them" };
    format!(
        "--heuristic {} needs {}, {them} not built; build {it} once with `korf tables generate --only {} --dir {}`",
        kind.name(),
        files.join(" and "),
        names.join(","),
        dir.display()
    )
}

/// "about 30 minutes on 2 cores, 7.4 GB of memory": what building a table costs.
pub fn build_cost(d: &Descriptor) -> String {
    let secs = d.build_seconds;
    let time = if secs < 2 {
        "about a second".to_string()
    } else if secs < 90 {
        format!("about {secs} seconds")
    } else if secs < 90 * 60 {
        format!("about {} minutes", secs.div_ceil(60))
    } else {
        format!("about {:.1} hours", secs as f64 / 3600.0)
    };
    format!(
        "{time} on 2 cores, {} of memory",
        human_bytes(d.generation_peak())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::write_table_header;

    #[test]
    fn an_on_demand_table_of_another_layout_counts_as_missing_and_a_large_one_does_not() {
        let dir = tempfile::tempdir().unwrap();
        let payload = [0u8; 64];
        // coset-cp as korf laid it out before 2026-12-05: built again on first use.
        write_table_header(dir.path(), "coset-cp", 235_134_900, 2, &payload);
        assert!(absent(TableKind::CosetCp, dir.path()).unwrap());
        // full-edge is never built behind the user's back: loading it says what to do.
        write_table_header(dir.path(), "full-edge", 1, 2, &payload);
        assert!(!absent(TableKind::FullEdge, dir.path()).unwrap());
        // A damaged file of today's layout is not missing either: loading it says why.
        let d = TableKind::EdgeSlices.descriptor();
        write_table_header(dir.path(), d.name, d.entries, d.bits, &payload);
        assert!(!absent(TableKind::EdgeSlices, dir.path()).unwrap());
        assert!(absent(TableKind::Corners, dir.path()).unwrap());
    }
}
