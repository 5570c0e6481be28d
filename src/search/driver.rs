//! The parallel driver: the root split into tasks (`tasks`), sorted; IDA* iterations
//! over them on a thread pool; the upper-bound hook between iterations; every solution
//! collected when all are wanted (`all`); every answer checked before it is returned.

use super::all::Collected;
use super::checkpoint::{self, CheckpointFile};
use super::heuristic::{Heuristic, HeuristicKind, TableSet};
use super::lanes;
use super::plain::{ALL, COSET, KORF};
use super::stats::{DepthStats, Listing, Outcome, Snapshot, TaskMerge, Unsolved, UpperBound};
use super::tasks::{merge_symmetric_tasks, prefixes, Task};
use super::walk::Coset4FullEdge;
use super::{DEFAULT_LANES, SPLIT_DEPTH};
use crate::cube::{Cube, Move};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The deepest bound a search runs (the stack holds [`super::MAX_DEPTH`] moves).
const MAX_BOUND: usize = 22;

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
        }
    }
}

/// A source of solutions that need not be optimal (the two-phase search), asked between
/// IDA* iterations for an upper bound.  Called as `find(lower, shorter_than, budget)`:
/// every solution shorter than `lower` has been ruled out, so a solution of `lower` moves is
/// optimal; only solutions shorter than `shorter_than` are of use; spend at most `budget`,
/// and stop at once when `stop` (the caller's stop flag, [`Options::cancel`]) is set.
/// It must return a sequence that solves the position (it is checked, and ignored if not).
/// A stopped search asks once more, briefly and without `stop`, for a solution to show.
pub type UpperBoundFn<'a> =
    &'a (dyn Fn(usize, usize, Duration, Option<Arc<AtomicBool>>) -> Option<Vec<Move>> + Sync);

/// Hooks into a search: a live progress callback and an upper-bound source.
#[derive(Clone, Copy)]
pub struct Hooks<'a> {
    /// Called about ten times a second with the search's state.
    pub progress: Option<&'a (dyn Fn(Snapshot) + Sync)>,
    /// Asked between iterations for a solution shorter than the best known.
    pub upper_bound: Option<UpperBoundFn<'a>>,
    /// Ask the upper-bound source only after an iteration that took at least this long
    /// (default 200 ms: short searches finish sooner without it).
    pub upper_bound_after: Duration,
    /// The upper-bound source's budget, as a share of the time of the iteration just
    /// finished (default 1.0: on the published 16-move list 0.5 gave a mean of 8.9 s
    /// against 7.2 s).
    pub upper_bound_share: f64,
}

impl Default for Hooks<'_> {
    fn default() -> Self {
        Hooks {
            progress: None,
            upper_bound: None,
            upper_bound_after: Duration::from_millis(200),
            upper_bound_share: 1.0,
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
    /// A checkpoint saves the proof of one solution; it cannot resume a list of them.
    #[error("a checkpoint cannot resume a search for every solution: leave out the checkpoint, or ask for one solution")]
    CheckpointWithAll,
}

pub(super) struct Shared {
    pub(super) stop: AtomicBool,
    pub(super) nodes: AtomicU64,
    pub(super) busy_nanos: AtomicU64,
    pub(super) bound: std::sync::atomic::AtomicU8,
    /// Length of the best known solution (0 = none).
    pub(super) upper: std::sync::atomic::AtomicU8,
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
    /// Held while the bound changes, so that a checkpoint sees a bound and its bits.
    pub(super) bound_change: Mutex<()>,
    /// The best solution known (from the upper-bound source), for checkpoints.
    pub(super) best: Mutex<Option<Vec<Move>>>,
    /// With [`Options::all`]: every solution found so far.
    pub(super) collected: Option<Collected>,
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
        // One copy of the loop per heuristic: no per-node dispatch.
        let h = self.h;
        let table = "the heuristic's tables are loaded";
        match h.kind {
            HeuristicKind::Coset4FullEdge => {
                let both = Coset4FullEdge {
                    coset4: h.coset4.expect(table),
                    full_edge: h.full_edge.expect(table),
                };
                self.dfs_staged(&both, start, prefix, bound, edge_depths)
            }
            HeuristicKind::Coset4 => {
                self.dfs_staged(&h.coset4.expect(table), start, prefix, bound, None)
            }
            HeuristicKind::FlipSlice => {
                self.dfs_staged(&h.flipslice.expect(table), start, prefix, bound, None)
            }
            HeuristicKind::SlicePerm => {
                self.dfs_staged(&h.sliceperm.expect(table), start, prefix, bound, None)
            }
            HeuristicKind::SlicePair => {
                self.dfs_staged(&h.slicepair.expect(table), start, prefix, bound, None)
            }
            HeuristicKind::FullEdge => {
                let f = h.full_edge.expect(table);
                self.dfs_staged(&f, start, prefix, bound, edge_depths)
            }
            HeuristicKind::Korf => self.dfs_with::<KORF>(start, prefix, bound),
            HeuristicKind::Coset => self.dfs_with::<COSET>(start, prefix, bound),
            HeuristicKind::All => self.dfs_with::<ALL>(start, prefix, bound),
        }
    }

    #[cold]
    pub(super) fn should_stop(&self) -> bool {
        self.shared.should_stop()
    }
}

impl Shared {
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
    fn solutions_found(&self) -> usize {
        self.collected.as_ref().map_or(0, Collected::count)
    }

    /// Record that task `i` of the current bound was searched to the end.
    pub(super) fn finish(&self, i: usize) {
        if let Some(w) = self.finished.get(i / 64) {
            w.fetch_or(1 << (i % 64), Relaxed);
        }
    }

    /// Whether task `i` of the current bound was searched to the end (by this run or, for
    /// the bound a checkpoint was resumed at, an earlier one).
    pub(super) fn is_finished(&self, i: usize) -> bool {
        self.finished
            .get(i / 64)
            .is_some_and(|w| w.load(Relaxed) & (1 << (i % 64)) != 0)
    }

    /// Whether to stop: another thread found a solution, or the deadline passed (which
    /// this call then records).
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

/// [`solve`] with an upper-bound source as well.  Before each IDA* iteration that follows
/// a long one (see [`Hooks::upper_bound_after`]), the hook is asked for a solution shorter
/// than the best known, with a budget equal to the time of the iteration just finished (the
/// next one costs about 13 times as much).  When the IDA* bound reaches the length of the
/// best known solution, every shorter length has been ruled out: that solution is returned
/// as optimal and the last, most expensive iteration never runs.
pub fn solve_with(
    tables: &TableSet,
    cube: &Cube,
    opts: &Options,
    hooks: Hooks,
) -> Result<Outcome, SearchError> {
    if opts.all.is_some() && opts.checkpoint.is_some() {
        return Err(SearchError::CheckpointWithAll);
    }
    let progress = hooks.progress;
    // The upper-bound source ends a search at the first solution it proves optimal: of no
    // use when every solution is wanted, since the last bound must run to the end anyway.
    let upper_bound_source = if opts.all.is_some() {
        None
    } else {
        hooks.upper_bound
    };
    let threads = if opts.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        opts.threads
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SearchError::Threads(e.to_string()))?;
    let h = Heuristic::new(tables);
    let start_time = Instant::now();
    let mut shared = Shared {
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        busy_nanos: AtomicU64::new(0),
        bound: std::sync::atomic::AtomicU8::new(0),
        upper: std::sync::atomic::AtomicU8::new(0),
        deadline: crate::limits::deadline(start_time, opts.timeout),
        timed_out: AtomicBool::new(false),
        cancel: opts.cancel.clone(),
        interrupted: AtomicBool::new(false),
        solution: Mutex::new(None),
        bound_base: AtomicU64::new(0),
        previous_bound: AtomicU64::new(0),
        finished: Vec::new(),
        bound_change: Mutex::new(()),
        best: Mutex::new(None),
        collected: opts.all.map(Collected::new),
    };
    let inverse = cube.inverse();
    let h0 = h.value(&inverse);
    // The tasks, most promising first: the prefixes whose end is closest to solved by the
    // tables (stable sort: canonical order among equals).  Only the last iteration, which
    // stops at the first solution, cares; it dominates the time, and on the published
    // 17-move list this order cut its nodes by 14 % (mean 49.6 M to 42.6 M, one thread).
    // Each with its table value and, with the full-edge table, its exact edge depths on
    // both sides: computed once per solve, not once per iteration (a depth costs a
    // descent of up to 14 steps).
    // In the pool: the descents are worth spreading over the threads.
    let mut split: Vec<Task> = pool.install(|| {
        use rayon::prelude::*;
        prefixes(&inverse, SPLIT_DEPTH)
            .into_par_iter()
            .map(|(prefix, state)| {
                let edge_depths = h
                    .full_edge
                    .map(|f| [f.depth(&state), f.depth(&state.inverse())]);
                let full_edge = edge_depths.map_or(0, |[a, b]| a.max(b));
                Task {
                    value: h.value_with_full_edge(&state, full_edge),
                    edge_depths,
                    prefix,
                    state,
                }
            })
            .collect()
    });
    split.sort_by_key(|task| task.value);
    let all_tasks = split.len();
    let symmetries = if opts.merge_symmetries {
        merge_symmetric_tasks(&mut split, cube)
    } else {
        crate::cube::symmetry::stabilizer(cube).len()
    };
    shared.finished = (0..split.len().div_ceil(64))
        .map(|_| AtomicU64::new(0))
        .collect();
    let shared = shared;
    // A checkpoint of this very solve: resume at its bound, its finished tasks skipped.
    let identity = opts.checkpoint.as_ref().map(|_| {
        checkpoint::Identity::new(cube, h.kind.name(), split.iter().map(|t| &t.prefix[..]))
    });
    let resumed = match (&opts.checkpoint, &identity) {
        (Some(c), Some(id)) => id.load(&c.path, cube)?,
        _ => None,
    };
    if let Some(sol) = resumed
        .as_ref()
        .and_then(|r| checkpoint::Saved::moves(&r.solution))
    {
        // Proven by an earlier run (and checked again against the position on load).
        return Ok(Outcome {
            proven_lower: sol.len() as u8,
            solution: Ok(sol),
            tables_checked: tables.checked(),
            nodes: 0,
            seconds: start_time.elapsed().as_secs_f64(),
            depths: Vec::new(),
            busy_seconds: 0.0,
            threads,
            unproven: None,
            taken_share: None,
            upper_bound: None,
            all: None,
            symmetry: TaskMerge {
                symmetries,
                tasks: split.len(),
                all_tasks,
            },
        });
    }
    let first_bound = resumed.as_ref().map_or(h0, |r| r.bound.max(h0));
    let mut best_known: Option<Vec<Move>> = resumed
        .as_ref()
        .and_then(|r| checkpoint::Saved::moves(&r.best));
    if let Some(b) = &best_known {
        shared.upper.store(b.len().min(255) as u8, Relaxed);
        *shared.best.lock().unwrap() = Some(b.clone());
    }
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
    let save = |solution: Option<&[Move]>| -> Result<(), SearchError> {
        if let (Some(c), Some(state)) = (&opts.checkpoint, snapshot(solution)) {
            state.save(&c.path)?;
        }
        Ok(())
    };
    let mut depths = Vec::new();
    let done = AtomicBool::new(false);
    let mut bound_seconds = 0.0;
    let mut proved_by_bound = false;
    // No solution is shorter than this (every lower bound searched to the end).
    let mut proven_lower = first_bound;
    // Of the bound being searched when the search was stopped: the share of its tasks
    // taken.
    let mut taken_share = None;

    let result = std::thread::scope(|scope| {
        if let Some(report) = progress {
            let (shared, done) = (&shared, &done);
            scope.spawn(move || {
                while !done.load(Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    let nodes = shared.nodes.load(Relaxed);
                    report(Snapshot {
                        bound: shared.bound.load(Relaxed),
                        nodes,
                        elapsed: start_time.elapsed(),
                        upper: Some(shared.upper.load(Relaxed)).filter(|&u| u > 0),
                        bound_nodes: nodes.saturating_sub(shared.bound_base.load(Relaxed)),
                        previous_bound_nodes: Some(shared.previous_bound.load(Relaxed))
                            .filter(|&n| n > 0),
                        solutions: shared.solutions_found(),
                    });
                }
            });
        }
        if let Some(c) = &opts.checkpoint {
            let (done, snapshot) = (&done, &snapshot);
            scope.spawn(move || {
                let mut last = Instant::now();
                while !done.load(Relaxed) {
                    std::thread::sleep(Duration::from_millis(20));
                    if last.elapsed() >= c.every {
                        last = Instant::now();
                        // A failed save is retried at the next; the final one reports.
                        if let Some(state) = snapshot(None) {
                            let _ = state.save(&c.path);
                        }
                    }
                }
            });
        }
        let mut outcome: Result<Vec<Move>, Unsolved> = Err(Unsolved::MaxDepth);
        let mut last_iteration = Duration::ZERO;
        // The last bound to search: the deepest allowed, until an all-solutions search
        // finds the optimum and adds `within` to it.
        let mut limit = opts.max_depth as usize;
        for bound in first_bound as usize..=MAX_BOUND {
            if bound > limit {
                break;
            }
            {
                // A new bound: no task of it is finished yet, except those an earlier run
                // finished at the bound it is resumed at.
                let _change = shared.bound_change.lock().unwrap();
                for (w, word) in shared.finished.iter().enumerate() {
                    let mut bits = 0u64;
                    if let Some(r) = resumed.as_ref().filter(|r| r.bound as usize == bound) {
                        for b in 0..64 {
                            if r.is_finished(w * 64 + b) {
                                bits |= 1 << b;
                            }
                        }
                    }
                    word.store(bits, Relaxed);
                }
                shared.bound.store(bound as u8, Relaxed);
            }
            if let Some(find) = upper_bound_source {
                if last_iteration >= hooks.upper_bound_after
                    && best_known.as_ref().is_none_or(|b| b.len() > bound)
                {
                    let shorter_than = best_known.as_ref().map_or(usize::MAX, |b| b.len());
                    let asked = Instant::now();
                    let share = last_iteration.mul_f64(hooks.upper_bound_share);
                    let budget = match shared.deadline {
                        Some(d) => share.min(d.saturating_duration_since(asked)),
                        None => share,
                    };
                    let found = find(bound, shorter_than, budget, shared.cancel.clone());
                    bound_seconds += asked.elapsed().as_secs_f64();
                    if let Some(sol) = found {
                        if sol.len() < shorter_than && cube.apply_moves(&sol).is_solved() {
                            shared.upper.store(sol.len().min(255) as u8, Relaxed);
                            *shared.best.lock().unwrap() = Some(sol.clone());
                            best_known = Some(sol);
                        }
                    }
                }
                if let Some(sol) = best_known.as_ref().filter(|b| b.len() <= bound) {
                    // Every bound below its length came up empty: it is optimal.
                    proved_by_bound = true;
                    outcome = Ok(sol.clone());
                    break;
                }
            }
            let before = shared.nodes.load(Relaxed);
            shared.bound_base.store(before, Relaxed);
            let t = Instant::now();
            let next_task = AtomicUsize::new(0);
            if bound < SPLIT_DEPTH {
                let mut w = Worker {
                    h,
                    shared: &shared,
                    nodes: 0,
                };
                let found = w.dfs(&inverse, &[], bound, None);
                shared.nodes.fetch_add(w.nodes, Relaxed);
                if let Some(sol) = found.and_then(|s| shared.keep(s)) {
                    *shared.solution.lock().unwrap() = Some(sol);
                }
            } else {
                // Every thread takes the next task in order, so that all of them work on
                // the front of the list.
                pool.broadcast(|_| {
                    // The three-axis coset tables interleave several tasks per thread.
                    let (n, tasks) = (opts.lanes, &split[..]);
                    let table = "the heuristic's tables are loaded";
                    match h.kind {
                        HeuristicKind::Coset4 => {
                            let c = h.coset4.expect(table);
                            return lanes::run_tasks(&c, tasks, &next_task, bound, n, &shared);
                        }
                        HeuristicKind::FlipSlice => {
                            let c = h.flipslice.expect(table);
                            return lanes::run_tasks(&c, tasks, &next_task, bound, n, &shared);
                        }
                        HeuristicKind::SlicePerm => {
                            let c = h.sliceperm.expect(table);
                            return lanes::run_tasks(&c, tasks, &next_task, bound, n, &shared);
                        }
                        HeuristicKind::SlicePair => {
                            let c = h.slicepair.expect(table);
                            return lanes::run_tasks(&c, tasks, &next_task, bound, n, &shared);
                        }
                        _ => {}
                    }
                    loop {
                        let i = next_task.fetch_add(1, Relaxed);
                        // The stop flag, the caller's and the deadline, checked per task:
                        // the early bounds' tasks are too small to reach a check inside
                        // the walk, and a stop would otherwise wait for a bound with
                        // larger ones (150-230 ms measured).
                        if i >= split.len() || shared.should_stop() {
                            return;
                        }
                        if shared.is_finished(i) {
                            continue;
                        }
                        let Task {
                            prefix,
                            state,
                            value,
                            edge_depths,
                        } = &split[i];
                        {
                            // Prune the prefix itself like any other node.
                            let budget = bound - prefix.len();
                            if *value as usize > budget {
                                continue;
                            }
                            let busy = Instant::now();
                            let mut w = Worker {
                                h,
                                shared: &shared,
                                nodes: 0,
                            };
                            let found = w.dfs(state, prefix, bound, *edge_depths);
                            shared.nodes.fetch_add(w.nodes, Relaxed);
                            shared
                                .busy_nanos
                                .fetch_add(busy.elapsed().as_nanos() as u64, Relaxed);
                            if let Some(sol) = found.and_then(|s| shared.keep(s)) {
                                let mut slot = shared.solution.lock().unwrap();
                                if slot.is_none() {
                                    *slot = Some(sol);
                                }
                                shared.stop.store(true, Relaxed);
                            } else if !shared.stop.load(Relaxed) {
                                // Not stopped: this task was searched to the end.
                                shared.finish(i);
                            }
                        }
                    }
                });
            }
            last_iteration = t.elapsed();
            depths.push(DepthStats {
                bound: bound as u8,
                nodes: shared.nodes.load(Relaxed) - before,
                seconds: last_iteration.as_secs_f64(),
            });
            if let Some(sol) = shared.solution.lock().unwrap().take() {
                outcome = Ok(sol);
                break;
            }
            if let (Some(c), Some(all)) = (&shared.collected, opts.all) {
                let found = shared.solutions_found() > 0;
                if found && limit == opts.max_depth as usize {
                    // The first bound with solutions: the optimum.
                    limit = (bound + all.within as usize).min(MAX_BOUND);
                }
                // A time limit or an interrupt inside the last bound leaves the list
                // incomplete: that is said below, not taken for the end of the list.
                let stopped = shared.interrupted.load(Relaxed) || shared.timed_out.load(Relaxed);
                if !stopped && (c.capped() || (found && bound >= limit)) {
                    // The set is filled in below.
                    outcome = Ok(Vec::new());
                    break;
                }
            }
            let interrupted = shared.interrupted.load(Relaxed);
            if interrupted || shared.timed_out.load(Relaxed) {
                if bound >= SPLIT_DEPTH {
                    let taken = next_task.load(Relaxed).min(split.len());
                    taken_share = Some(taken as f64 / split.len().max(1) as f64);
                }
                outcome = Err(if interrupted {
                    Unsolved::Interrupted
                } else {
                    Unsolved::Timeout
                });
                break;
            }
            proven_lower = bound as u8 + 1;
            shared
                .previous_bound
                .store(shared.nodes.load(Relaxed) - before, Relaxed);
        }
        done.store(true, Relaxed);
        outcome
    });
    // The last word of the checkpoint: the proof, or where the search stopped.
    match &result {
        Ok(sol) if cube.apply_moves(sol).is_solved() => save(Some(sol))?,
        Err(Unsolved::Timeout | Unsolved::Interrupted) => save(None)?,
        _ => {}
    }
    // Stopped without a proof: keep the best solution known, and if the upper-bound
    // source never ran, ask it briefly for one (a stopped solve still answers).
    let unproven = match &result {
        Err(Unsolved::Timeout | Unsolved::Interrupted) => best_known.clone().or_else(|| {
            let find = upper_bound_source?;
            let sol = find(proven_lower as usize, usize::MAX, LAST_ASK, None)?;
            cube.apply_moves(&sol).is_solved().then_some(sol)
        }),
        _ => None,
    };

    // Every solution, when asked for: what the walks kept, completed under the position's
    // symmetries, each checked.
    let mut result = result;
    let all = match (shared.collected, opts.all) {
        (Some(c), Some(all)) => {
            let listing = match &result {
                _ if c.capped() => Listing::Capped,
                Err(Unsolved::Timeout) => Listing::Timeout,
                Err(Unsolved::Interrupted) => Listing::Interrupted,
                _ => Listing::Complete,
            };
            let set = c.into_set(cube, all, listing)?;
            if let Some(first) = set.as_ref().and_then(|s| s.solutions.first()) {
                // Optimal: every shorter bound was searched to the end.
                result = Ok(first.clone());
            }
            set
        }
        _ => None,
    };
    if let Ok(sol) = &result {
        proven_lower = sol.len() as u8;
        // Every answer is checked against the position before anyone sees it.
        if !cube.apply_moves(sol).is_solved() {
            return Err(SearchError::InvalidSolution(crate::cube::format_moves(sol)));
        }
    }
    Ok(Outcome {
        solution: result,
        tables_checked: tables.checked(),
        nodes: shared.nodes.load(Relaxed),
        seconds: start_time.elapsed().as_secs_f64(),
        depths,
        busy_seconds: shared.busy_nanos.load(Relaxed) as f64 / 1e9,
        threads,
        unproven,
        proven_lower,
        taken_share,
        all,
        upper_bound: best_known.map(|b| UpperBound {
            length: b.len() as u8,
            seconds: bound_seconds,
            proved_by_bound,
        }),
        symmetry: TaskMerge {
            symmetries,
            tasks: split.len(),
            all_tasks,
        },
    })
}
