//! The parallel driver: the root split into tasks (`tasks`), sorted; IDA* iterations
//! over them on a thread pool; the upper-bound hook between iterations; every solution
//! collected when all are wanted (`all`); every answer checked before it is returned.

use super::all::Collected;
use super::checkpoint::{self, CheckpointFile, Saved};
use super::heuristic::{Heuristic, TableSet};
use super::iterate::Iterations;
use super::plain::{ALL, COSET, KORF};
use super::quick::{quick_solve, Quick};
use super::stats::{Listing, Outcome, Snapshot, SolutionSet, TaskMerge, Unsolved, UpperBound};
use super::tasks::{self, merge_symmetric_tasks, prefixes, Task};
use super::turns::Turns;
use super::upper_bound::{Answer, Spend, UpperBoundBudget};
use super::walk::AxisAndFullEdge;
use super::DEFAULT_LANES;
use crate::cube::{Cube, Metric, Move, MoveRules};
use crate::tables::full_edge::FullEdge;
use crate::tables::probe::{AxisCoords, AxisTable};
use crate::tables::{AxisVisitor, PlainTables, Walk};
use crate::threads::Pool;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use web_time::Instant;

/// How long a stopped search may ask the upper-bound source for a solution when it has
/// none to show.
const LAST_ASK: Duration = Duration::from_millis(100);

/// Options for [`solve`].
#[derive(Debug, Clone)]
pub struct Options {
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// Give up after this many moves.
    pub max_depth: u8,
    /// Give up after this long.
    pub timeout: Option<Duration>,
    /// Tasks each thread runs at once, interleaved so that their memory latencies overlap
    /// (three-axis coset tables only; see `lanes`).  1 = one task at a time.
    pub lanes: usize,
    /// Set from another thread (a Ctrl-C handler) to stop the search: it ends as
    /// [`Unsolved::Interrupted`], keeping what it found, like a timeout.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Save what the search has proven to this file every few seconds, and resume from
    /// it if it holds this very solve ([`super::checkpoint`]).  Not with [`Options::all`].
    pub checkpoint: Option<CheckpointFile>,
    /// Find every solution of the optimal length (and up to `within` moves longer)
    /// instead of stopping at the first: [`Outcome::all`].
    pub all: Option<AllSolutions>,
    /// Search one task of each set that a symmetry of the position makes equivalent
    /// (default).  `false` searches them all: slower on symmetric positions, the same
    /// answers (the tests compare the two).
    pub merge_symmetries: bool,
    /// What counts as a move: the metric lengths are counted in (and `max_depth` and
    /// `within` with them) and the turns a solution may use.  Default: face turns, all
    /// 18.  For the quarter-turn metric raise `max_depth` to 26 ([`Options::for_rules`]).
    pub rules: MoveRules,
    /// Search the first bounds from the root alone before splitting the position into
    /// root tasks (default): an easy position is then solved before the split (a few
    /// milliseconds, 12.5 ms for the deep split on the Intel guest of 2026-12-02) would be made, and a hard one hands its
    /// finished bounds to the split search.  `false` splits at once (what the tests of the
    /// split and the lanes use).
    pub quick_phase: bool,
}

impl Options {
    /// The default options for searching under `rules`, `max_depth` at the metric's
    /// God's number (20 face turns, 26 quarter turns).
    pub fn for_rules(rules: MoveRules) -> Options {
        Options {
            max_depth: rules.metric.gods_number(),
            rules,
            ..Options::default()
        }
    }
}

/// What [`Options::all`] asks for.
///
/// Solutions are canonical sequences ([`crate::cube::is_canonical`]): no face turned
/// twice in a row, and of two turns of opposite faces in a row only the order U before D,
/// R before L, F before B.  Two solutions are distinct when those sequences differ.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AllSolutions {
    /// Also every solution of up to this many moves more than the optimum.
    pub within: u8,
    /// Stop after this many distinct solutions (the list is then
    /// [`Listing::Capped`]).
    pub max_solutions: Option<usize>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 0,
            max_depth: 20,
            timeout: None,
            lanes: DEFAULT_LANES,
            cancel: None,
            checkpoint: None,
            all: None,
            merge_symmetries: true,
            rules: MoveRules::HTM,
            quick_phase: true,
        }
    }
}

/// A source of solutions that need not be optimal (the two-phase search), asked during
/// the search for an upper bound ([`UpperBoundBudget`] says when).  Called as
/// `find(lower, shorter_than, spend, stop)`: every solution shorter than `lower` has been
/// ruled out, so a solution of `lower` moves is optimal; only solutions shorter than
/// `shorter_than` are of use; spend at most `spend`, and stop at once when `stop` (the
/// caller's stop flag, [`Options::cancel`]) is set.  It must return a sequence that solves
/// the position (it is checked, and ignored if not).  A stopped search asks once more,
/// briefly and without `stop`, for a solution to show.
pub type UpperBoundFn<'a> =
    &'a (dyn Fn(usize, usize, Spend, Option<Arc<AtomicBool>>) -> Answer + Sync);

/// Hooks into a search: a live progress callback and an upper-bound source.
#[derive(Clone, Copy)]
pub struct Hooks<'a> {
    /// Called about ten times a second with the search's state.
    pub progress: Option<&'a (dyn Fn(Snapshot) + Sync)>,
    /// Asked during the search for a solution shorter than the best known.
    pub upper_bound: Option<UpperBoundFn<'a>>,
    /// When the upper-bound source is asked and what it may spend (default: the whole
    /// search so far; [`UpperBoundBudget::for_search`] gives each search's).
    pub upper_bound_budget: UpperBoundBudget,
}

impl Default for Hooks<'_> {
    fn default() -> Self {
        Hooks {
            progress: None,
            upper_bound: None,
            upper_bound_budget: UpperBoundBudget::WHOLE,
        }
    }
}

/// Errors that are bugs, never user errors: reported rather than printing a wrong answer.
#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// A solution that does not solve the position: a bug, caught before printing.
    #[error("internal error: the search produced `{0}`, which does not solve the position; please report this")]
    InvalidSolution(String),
    /// The thread pool could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
    /// The checkpoint file cannot be used.
    #[error(transparent)]
    Checkpoint(#[from] super::checkpoint::CheckpointError),
    /// Tables that count quarter turns bound only a search in quarter turns.
    #[error("--heuristic {heuristic} counts quarter turns, which overstates face-turn distances: use it with --metric qtm, or choose a face-turn heuristic")]
    MetricMismatch {
        /// The heuristic's name.
        heuristic: &'static str,
    },
    /// A checkpoint saves the proof of one solution; it cannot resume a list of them.
    #[error("a checkpoint cannot resume a search for every solution: leave out the checkpoint, or ask for one solution")]
    CheckpointWithAll,
}

pub(super) struct Shared {
    pub(super) stop: AtomicBool,
    pub(super) nodes: AtomicU64,
    pub(super) busy_nanos: AtomicU64,
    pub(super) bound: AtomicU8,
    /// Length of the best known solution (0 = none).
    pub(super) upper: AtomicU8,
    pub(super) deadline: Option<Instant>,
    pub(super) timed_out: AtomicBool,
    /// The caller's stop flag ([`Options::cancel`]).
    pub(super) cancel: Option<Arc<AtomicBool>>,
    pub(super) interrupted: AtomicBool,
    pub(super) solution: Mutex<Option<Vec<Move>>>,
    /// Nodes generated before the current bound began (for progress reports).
    pub(super) bound_base: AtomicU64,
    /// Nodes of the last complete bound (0: none yet).
    pub(super) previous_bound: AtomicU64,
    /// Of the current bound's tasks, those searched to the end (one bit each).
    pub(super) finished: Vec<AtomicU64>,
    /// Per task: what its search to the end measured, at the last bound it was searched
    /// to the end — what the next bound's task order is drawn from.
    pub(super) task_counts: Vec<tasks::TaskCounts>,
    /// Held while the bound changes, so that a checkpoint sees a bound and its bits.
    pub(super) bound_change: Mutex<()>,
    /// The best solution known (from the upper-bound source), for checkpoints.
    pub(super) best: Mutex<Option<Vec<Move>>>,
    /// With [`Options::all`]: every solution found so far.
    pub(super) collected: Option<Collected>,
    /// What counts as a move ([`Options::rules`]).
    pub(super) rules: MoveRules,
    /// Pause the bound (stop the walks, their unfinished tasks left for later) once
    /// `nodes` reaches this, for the upper-bound source (`u64::MAX`: never).
    pub(super) pause_at: AtomicU64,
    /// The walks stopped for a pause, not for a solution or the caller.
    pub(super) paused: AtomicBool,
}

/// One depth-first pass below a prefix.
pub(super) struct Worker<'a> {
    pub(super) h: Heuristic<'a>,
    pub(super) shared: &'a Shared,
    pub(super) nodes: u64,
}

impl Worker<'_> {
    /// Search below `start` (reached by `prefix`) for a solution of exactly `bound` moves in
    /// total.  Returns the full solution if found.
    /// `edge_depths`: the exact full-edge depths of `start` on both sides, if known.
    pub(super) fn dfs(
        &mut self,
        start: &Cube,
        prefix: &[Move],
        bound: usize,
        edge_depths: Option<[u8; 2]>,
    ) -> Option<Vec<Move>> {
        if !Turns::walk_takes(self.h.walk(), self.shared.rules) {
            return self.dfs_ruled(start, prefix, bound);
        }
        // One copy of the loop per walk and table type: no per-node dispatch.
        let h = self.h;
        let table = "the heuristic's tables are loaded";
        match h.walk() {
            Walk::Plain(PlainTables::Korf) => self.dfs_with::<KORF>(start, prefix, bound),
            Walk::Plain(PlainTables::Coset) => self.dfs_with::<COSET>(start, prefix, bound),
            Walk::Plain(PlainTables::KorfAndCoset) => self.dfs_with::<ALL>(start, prefix, bound),
            Walk::FullEdge => {
                let f = h.full_edge.expect(table);
                self.dfs_staged(&f, start, prefix, bound, edge_depths)
            }
            Walk::Axis => h.axis.expect(table).visit(Descend {
                worker: self,
                start,
                prefix,
                bound,
                full_edge: None,
                edge_depths: None,
            }),
            Walk::AxisAndFullEdge => h.axis.expect(table).visit(Descend {
                worker: self,
                start,
                prefix,
                bound,
                full_edge: Some(h.full_edge.expect(table)),
                edge_depths,
            }),
        }
    }

    #[cold]
    pub(super) fn should_stop(&self) -> bool {
        self.shared.should_stop()
    }
}

/// A staged walk below a task's root, on a three-axis table (with the full-edge table,
/// when it takes part) of whichever family ([`AxisProbe::visit`](crate::tables::AxisProbe)).
struct Descend<'w, 'h, 's> {
    worker: &'w mut Worker<'h>,
    start: &'s Cube,
    prefix: &'s [Move],
    bound: usize,
    full_edge: Option<FullEdge<'h>>,
    edge_depths: Option<[u8; 2]>,
}

impl<'h> AxisVisitor<'h> for Descend<'_, 'h, '_> {
    type Out = Option<Vec<Move>>;
    fn visit<C: AxisCoords>(self, axis: AxisTable<'h, C>) -> Self::Out {
        let Descend {
            worker,
            start,
            prefix,
            bound,
            full_edge,
            edge_depths,
        } = self;
        match full_edge {
            None => worker.dfs_staged(&axis, start, prefix, bound, None),
            Some(full_edge) => {
                let both = AxisAndFullEdge { axis, full_edge };
                worker.dfs_staged(&both, start, prefix, bound, edge_depths)
            }
        }
    }
}

impl Shared {
    /// The state of a solve about to start, with `tasks` root tasks.
    pub(super) fn new(opts: &Options, start_time: Instant, tasks: usize) -> Shared {
        Shared {
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            busy_nanos: AtomicU64::new(0),
            bound: AtomicU8::new(0),
            upper: AtomicU8::new(0),
            deadline: crate::limits::deadline(start_time, opts.timeout),
            timed_out: AtomicBool::new(false),
            cancel: opts.cancel.clone(),
            interrupted: AtomicBool::new(false),
            solution: Mutex::new(None),
            bound_base: AtomicU64::new(0),
            previous_bound: AtomicU64::new(0),
            finished: (0..tasks.div_ceil(64)).map(|_| AtomicU64::new(0)).collect(),
            task_counts: (0..tasks).map(|_| tasks::TaskCounts::new()).collect(),
            bound_change: Mutex::new(()),
            best: Mutex::new(None),
            collected: opts.all.map(Collected::new),
            rules: opts.rules,
            pause_at: AtomicU64::new(u64::MAX),
            paused: AtomicBool::new(false),
        }
    }

    /// A walk found `sol`.  Looking for one solution: hand it back, to end the search.
    /// Looking for all: keep it (see [`Collected::keep`]) and return `None`, so that the
    /// walk goes on (unless the cap was reached: then [`Shared::stop`] is set).
    #[cold]
    pub(super) fn keep(&self, sol: Vec<Move>) -> Option<Vec<Move>> {
        let Some(c) = &self.collected else {
            return Some(sol);
        };
        if c.keep(&sol) {
            self.stop.store(true, Relaxed);
        }
        None
    }

    /// Solutions kept so far (all-solutions mode).
    pub(super) fn solutions_found(&self) -> usize {
        self.collected.as_ref().map_or(0, Collected::count)
    }

    /// Record that task `i` of the current bound was searched to the end, generating
    /// `nodes` nodes, of which `near` were expanded close to a solution
    /// ([`tasks::NearMisses`]).
    pub(super) fn finish(&self, i: usize, nodes: u64, near: &tasks::NearMisses) {
        if let Some(w) = self.finished.get(i / 64) {
            w.fetch_or(1 << (i % 64), Relaxed);
        }
        if let Some(c) = self.task_counts.get(i) {
            c.store(nodes, near);
        }
    }

    /// Whether task `i` of the current bound was searched to the end (by this run or, for
    /// the bound a checkpoint was resumed at, an earlier one).
    pub(super) fn is_finished(&self, i: usize) -> bool {
        self.finished
            .get(i / 64)
            .is_some_and(|w| w.load(Relaxed) & (1 << (i % 64)) != 0)
    }

    /// Whether to stop: another thread found a solution, the deadline passed (which this
    /// call then records), or the bound pauses for the upper-bound source
    /// ([`Shared::pause_at`]; the walks count their nodes into [`Shared::nodes`] before
    /// they ask).
    #[cold]
    pub(super) fn should_stop(&self) -> bool {
        if self.stop.load(Relaxed) {
            return true;
        }
        if self.cancel.as_ref().is_some_and(|c| c.load(Relaxed)) {
            self.interrupted.store(true, Relaxed);
            self.stop.store(true, Relaxed);
            return true;
        }
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                self.timed_out.store(true, Relaxed);
                self.stop.store(true, Relaxed);
                return true;
            }
        }
        if self.nodes.load(Relaxed) >= self.pause_at.load(Relaxed) {
            self.paused.store(true, Relaxed);
            self.stop.store(true, Relaxed);
            return true;
        }
        false
    }
}

/// Find a shortest solution of `cube` (which must be a valid position).
pub fn solve(
    tables: &TableSet,
    cube: &Cube,
    opts: &Options,
    progress: Option<&(dyn Fn(Snapshot) + Sync)>,
) -> Result<Outcome, SearchError> {
    solve_with(
        tables,
        cube,
        opts,
        Hooks {
            progress,
            ..Hooks::default()
        },
    )
}

/// The tables' lower bound on the solution length of `cube`.
pub fn lower_bound(tables: &TableSet, cube: &Cube) -> u8 {
    Heuristic::new(tables).value(&cube.inverse())
}

/// [`solve`] with an upper-bound source as well.  Before each bound, and inside one
/// whenever the search has four times its nodes at the last ask ([`UpperBoundBudget`]),
/// the hook is asked for a solution shorter than the best known.  When the IDA* bound reaches the
/// length of the best known solution, every shorter length has been ruled out: that
/// solution is returned as optimal, and the rest of the bound never runs.
pub fn solve_with(
    tables: &TableSet,
    cube: &Cube,
    opts: &Options,
    hooks: Hooks,
) -> Result<Outcome, SearchError> {
    if opts.all.is_some() && opts.checkpoint.is_some() {
        return Err(SearchError::CheckpointWithAll);
    }
    let spec = tables.kind().spec();
    if spec.metric == Metric::Qtm && opts.rules.metric != Metric::Qtm {
        return Err(SearchError::MetricMismatch {
            heuristic: spec.name,
        });
    }
    let threads = crate::threads::count(opts.threads);
    let pool = Pool::new(threads).map_err(|e| SearchError::Threads(e.to_string()))?;
    let h = Heuristic::new(tables);
    let start_time = Instant::now();
    let depth = tasks::split_depth(&h, opts.rules, opts.all.is_some());
    let quick = match quick_solve(tables, &pool, h, cube, opts, depth, start_time) {
        Quick::Solved(outcome) => return outcome,
        Quick::HandOver(quick) => quick,
    };
    let (tasks, symmetry) = root_tasks(&pool, &h, cube, depth, opts.merge_symmetries, opts.rules);
    let shared = Shared::new(opts, start_time, tasks.len());
    // A checkpoint of this very solve: resume at its bound, its finished tasks skipped.
    let identity = opts.checkpoint.as_ref().map(|_| {
        let tag = opts.rules.tag();
        let name = match tag.is_empty() {
            true => h.kind.name().to_string(),
            false => format!("{} {tag}", h.kind.name()),
        };
        checkpoint::Identity::new(cube, &name, tasks.iter().map(|t| &t.prefix[..]))
    });
    let resumed = match (&opts.checkpoint, &identity) {
        (Some(c), Some(id)) => id.load(&c.path, cube)?,
        _ => None,
    };
    let finished = |solution: Result<Vec<Move>, Unsolved>| Outcome {
        proven_lower: solution.as_ref().map_or(0, |s| opts.rules.length(s) as u8),
        solution,
        tables_checked: tables.checked(),
        nodes: 0,
        upper_bound_nodes: 0,
        seconds: start_time.elapsed().as_secs_f64(),
        depths: Vec::new(),
        busy_seconds: 0.0,
        threads,
        unproven: None,
        taken_share: None,
        upper_bound: None,
        all: None,
        symmetry,
        rules: opts.rules,
        query_tables: false,
    };
    if let Some(sol) = resumed.as_ref().and_then(|r| Saved::moves(&r.solution)) {
        // Proven by an earlier run (and checked again against the position on load).
        return Ok(finished(Ok(sol)));
    }
    if opts.rules.moves.unreachable(cube).is_some() {
        // An invariant of the allowed moves rules the position out: nothing to search.
        return Ok(finished(Err(Unsolved::Unreachable)));
    }
    let mut run = Iterations::new(
        cube,
        opts,
        &hooks,
        &pool,
        h,
        &shared,
        &tasks,
        resumed.as_ref(),
    );
    if let Some(bound) = quick.from_bound {
        run.proven_lower = run.proven_lower.max(bound);
    }
    run.searched_before = quick.nodes;
    // The current state of the search, as a checkpoint file holds it.
    let snapshot = |solution: Option<&[Move]>| {
        let _bound = shared.bound_change.lock().unwrap();
        let best = shared.best.lock().unwrap().clone();
        identity.as_ref().map(|id| {
            id.state(
                shared.bound.load(Relaxed),
                |i| shared.is_finished(i),
                best.as_deref(),
                solution,
            )
        })
    };
    let done = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        if let Some(report) = hooks.progress {
            scope.spawn(|| report_progress(report, &shared, &done, start_time));
        }
        if let Some(c) = &opts.checkpoint {
            scope.spawn(|| save_periodically(c, &snapshot, &done));
        }
        let outcome = run.run();
        done.store(true, Relaxed);
        outcome
    });
    // The last word of the checkpoint: the proof, or where the search stopped.
    if let (Some(c), true) = (&opts.checkpoint, final_word(cube, &result)) {
        if let Some(state) = snapshot(result.as_ref().ok().map(|s| &s[..])) {
            state.save(&c.path)?;
        }
    }
    let unproven = unproven_answer(&run, &result);
    let (result, all) = complete_listing(&shared, opts, cube, result)?;
    let mut proven_lower = run.proven_lower;
    if let Ok(sol) = &result {
        proven_lower = opts.rules.length(sol) as u8;
        // Every answer is checked against the position before anyone sees it.
        if !cube.apply_moves(sol).is_solved() || !opts.rules.allows(sol) {
            return Err(SearchError::InvalidSolution(crate::cube::format_moves(sol)));
        }
    }
    Ok(Outcome {
        solution: result,
        tables_checked: tables.checked(),
        nodes: quick.nodes + shared.nodes.load(Relaxed),
        upper_bound_nodes: run.bound_nodes,
        seconds: start_time.elapsed().as_secs_f64(),
        busy_seconds: shared.busy_nanos.load(Relaxed) as f64 / 1e9,
        threads,
        unproven,
        proven_lower,
        taken_share: run.taken_share,
        all,
        upper_bound: run.best_known.map(|b| UpperBound {
            length: opts.rules.length(&b) as u8,
            seconds: run.bound_seconds,
            proved_by_bound: run.proved_by_bound,
        }),
        depths: [quick.depths, run.depths].concat(),
        symmetry,
        rules: opts.rules,
        query_tables: false,
    })
}

/// The root split: every canonical prefix of `depth` moves (`tasks::split_depth`) below
/// the position's inverse, with its table value and its three axis values (and, with the
/// full-edge table, its exact edge depths on both sides: computed once per solve, not per
/// iteration, since a depth costs a descent of up to 14 steps), most promising first,
/// tasks a symmetry makes redundant merged.
///
/// Only the last iteration, which stops at the first solution, cares about the order.
/// This one, lowest value first (stable: the canonical order among equals), serves the
/// first bound; every later bound takes the tasks by the nodes they took at the bound
/// before (`tasks::order_tasks`).  The values are computed in the pool: worth
/// spreading over the threads.
fn root_tasks(
    pool: &Pool,
    h: &Heuristic,
    cube: &Cube,
    depth: usize,
    merge_symmetries: bool,
    rules: MoveRules,
) -> (Vec<Task>, TaskMerge) {
    let mut tasks: Vec<Task> = pool.install(|| {
        use rayon::prelude::*;
        prefixes(&cube.inverse(), depth, rules.moves.mask())
            .into_par_iter()
            .chunks(TASK_BATCH)
            .flat_map_iter(|batch| tasks_of(h, batch, rules))
            .collect()
    });
    tasks.sort_by_key(|task| task.value);
    let all_tasks = tasks.len();
    let symmetries = if merge_symmetries {
        merge_symmetric_tasks(&mut tasks, cube, rules.moves.mask())
    } else {
        crate::cube::symmetry::stabilizer(cube).len()
    };
    let merge = TaskMerge {
        symmetries,
        tasks: tasks.len(),
        all_tasks,
    };
    (tasks, merge)
}

/// How many tasks [`tasks_of`] values at once: enough lines in flight to cover a miss.
const TASK_BATCH: usize = 32;

/// The tasks of `batch`'s prefixes and the states they reach, valued.
fn tasks_of(h: &Heuristic, batch: Vec<(Vec<Move>, Cube)>, rules: MoveRules) -> Vec<Task> {
    let task = |(prefix, state): (Vec<Move>, Cube), value, axis_values, edge_depths| Task {
        value,
        axis_values,
        cost: rules.length(&prefix) as u8,
        edge_depths,
        prefix,
        state,
    };
    let Some(full_edge) = h.full_edge else {
        let states: Vec<Cube> = batch.iter().map(|(_, s)| *s).collect();
        let mut values = Vec::with_capacity(batch.len());
        h.task_values_of(&states, &mut values);
        let valued = batch.into_iter().zip(values);
        return valued
            .map(|(p, (v, axes))| task(p, v, axes, None))
            .collect();
    };
    let with_depths = |(prefix, state): (Vec<Move>, Cube)| {
        let depths = [full_edge.depth(&state), full_edge.depth(&state.inverse())];
        let (value, axes) = h.task_values(&state, depths[0].max(depths[1]));
        task((prefix, state), value, axes, Some(depths))
    };
    batch.into_iter().map(with_depths).collect()
}

/// Call `report` about ten times a second with the search's state, until `done`.
fn report_progress(
    report: &(dyn Fn(Snapshot) + Sync),
    shared: &Shared,
    done: &AtomicBool,
    start_time: Instant,
) {
    while !done.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let nodes = shared.nodes.load(Relaxed);
        report(Snapshot {
            bound: shared.bound.load(Relaxed),
            nodes,
            elapsed: start_time.elapsed(),
            upper: Some(shared.upper.load(Relaxed)).filter(|&u| u > 0),
            bound_nodes: nodes.saturating_sub(shared.bound_base.load(Relaxed)),
            previous_bound_nodes: Some(shared.previous_bound.load(Relaxed)).filter(|&n| n > 0),
            solutions: shared.solutions_found(),
        });
    }
}

/// Save the search's state to the checkpoint file every `c.every`, until `done`.  A failed
/// save is retried at the next; the final one (by the caller) reports.
fn save_periodically(
    c: &CheckpointFile,
    snapshot: &(dyn Fn(Option<&[Move]>) -> Option<Saved> + Sync),
    done: &AtomicBool,
) {
    let mut last = Instant::now();
    while !done.load(Relaxed) {
        std::thread::sleep(Duration::from_millis(20));
        if last.elapsed() >= c.every {
            last = Instant::now();
            if let Some(state) = snapshot(None) {
                let _ = state.save(&c.path);
            }
        }
    }
}

/// Whether a search that ended with `result` leaves a last word in its checkpoint: the
/// proof of a solution, or where a stopped search was.
fn final_word(cube: &Cube, result: &Result<Vec<Move>, Unsolved>) -> bool {
    match result {
        Ok(sol) => cube.apply_moves(sol).is_solved(),
        Err(Unsolved::Timeout | Unsolved::Interrupted) => true,
        Err(_) => false,
    }
}

/// Stopped without a proof: the best solution known, or, if the upper-bound source never
/// ran, one it finds when asked briefly (a stopped solve still answers); checked.
fn unproven_answer(run: &Iterations, result: &Result<Vec<Move>, Unsolved>) -> Option<Vec<Move>> {
    if !matches!(result, Err(Unsolved::Timeout | Unsolved::Interrupted)) {
        return None;
    }
    run.best_known.clone().or_else(|| {
        let find = run.upper_bound_source?;
        let brief = Spend {
            nodes: None,
            time: Some(LAST_ASK),
        };
        let sol = find(run.proven_lower as usize, usize::MAX, brief, None).solution?;
        run.cube.apply_moves(&sol).is_solved().then_some(sol)
    })
}

/// Every solution, when asked for: what the walks kept, completed under the position's
/// symmetries, each checked; the result is then the first of them.
#[allow(clippy::type_complexity)]
fn complete_listing(
    shared: &Shared,
    opts: &Options,
    cube: &Cube,
    result: Result<Vec<Move>, Unsolved>,
) -> Result<(Result<Vec<Move>, Unsolved>, Option<SolutionSet>), SearchError> {
    let (Some(c), Some(all)) = (&shared.collected, opts.all) else {
        return Ok((result, None));
    };
    let listing = match &result {
        _ if c.capped() => Listing::Capped,
        Err(Unsolved::Timeout) => Listing::Timeout,
        Err(Unsolved::Interrupted) => Listing::Interrupted,
        _ => Listing::Complete,
    };
    let set = c.to_set(cube, all, opts.rules, listing)?;
    match set.as_ref().and_then(|s| s.solutions.first()) {
        // Optimal: every shorter bound was searched to the end.
        Some(first) => Ok((Ok(first.clone()), set)),
        None => Ok((result, set)),
    }
}
