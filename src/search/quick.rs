//! The quick phase of a solve: the first bounds searched from the root alone, on the calling
//! thread, before the position is split into root tasks.
//!
//! Making the tasks reads the tables for each of them: 3,240 tasks take a few
//! milliseconds, the 43,254 of the deep split (`tasks::split_depth`) 12.5 ms (Intel guest, 2026-12-02), more than
//! the whole search of an easy position.  So the search starts unsplit, and hands over to
//! the split search before the first bound expected to generate more nodes than the split
//! has tasks (each bound's nodes times the growth from the bound before), or, on more than
//! one thread, when its time runs out (400 ns a task: 1.3 ms and 17 ms; on one thread the
//! nodes alone decide, so that a run's counts repeat).  What it searched to the end is kept: the
//! split search begins at the last bound the quick phase finished, searched again so that
//! the next bound can take the tasks by the nodes they took there
//! (`tasks::order_tasks`), and the bounds below it are not searched twice.

use super::iterate::Iterations;
use super::options::{Hooks, Options, SearchError};
use super::stats::{DepthStats, Outcome, TaskMerge};
use super::tasks;
use super::worker::Shared;
use crate::cube::Cube;
use crate::tables::heuristic::{Heuristic, TableSet};
use crate::threads::Pool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;
use web_time::Instant;

/// The quick phase's time, per task of the split it saves making.
const TIME_PER_TASK: Duration = Duration::from_nanos(400);

/// What the quick phase leaves the split search.
#[derive(Default)]
pub(super) struct HandOver {
    /// The bound the split search begins at (the last the quick phase finished), if the
    /// quick phase finished one.
    pub(super) from_bound: Option<u8>,
    /// The bounds below it, as the quick phase searched them.
    pub(super) depths: Vec<DepthStats>,
    /// Their nodes.
    pub(super) nodes: u64,
}

/// The quick phase's end: the position solved (an optimum like any other: every shorter
/// bound was searched to the end), or handed over.
pub(super) enum Quick {
    Solved(Result<Outcome, SearchError>),
    HandOver(HandOver),
}

/// Run the quick phase of a solve split `depth` moves deep.  Not for every-solution lists,
/// checkpoints, symmetric positions (their tasks merge) or positions the allowed turns
/// cannot solve: those hand over at once, with nothing done.
pub(super) fn quick_solve(
    tables: &TableSet,
    pool: &Pool,
    h: Heuristic,
    cube: &Cube,
    opts: &Options,
    depth: usize,
    start_time: Instant,
) -> Quick {
    if !opts.quick_phase
        || opts.all.is_some()
        || opts.checkpoint.is_some()
        || opts.rules.moves.unreachable(cube).is_some()
        || crate::cube::symmetry::stabilizer(cube).len() > 1
    {
        return Quick::HandOver(HandOver::default());
    }
    let tasks = tasks::prefix_count(depth, opts.rules.moves.mask());
    let time = TIME_PER_TASK.saturating_mul(tasks.min(u32::MAX as u64) as u32);
    // On one thread the split adds no parallelism to wait for, so the quick phase hands
    // over by nodes alone: a run's node counts then do not depend on the host's speed
    // (a cold table's first page faults used up the 17 ms now and then, moving the
    // hand-over one bound and the nodes by a few hundred).
    let timeout = if crate::threads::count(opts.threads) == 1 {
        opts.timeout
    } else {
        Some(opts.timeout.map_or(time, |t| t.min(time)))
    };
    let quick = Options {
        timeout,
        max_depth: opts.max_depth.min(super::MAX_DEPTH as u8),
        ..opts.clone()
    };
    let shared = Shared::new(&quick, cube, Instant::now(), 0);
    let hooks = Hooks::default();
    let mut run = Iterations::new(cube, &quick, &hooks, pool, h, &shared, &[], None);
    let first_bound = run.proven_lower;
    run.unsplit = Some(tasks);
    match run.run() {
        Ok(sol) => Quick::Solved(solved(tables, cube, opts, sol, &run, &shared, start_time)),
        Err(_) => Quick::HandOver(hand_over(&run, first_bound, opts)),
    }
}

/// Where the split search takes over from `run`, which began at `first_bound`.
fn hand_over(run: &Iterations, first_bound: u8, opts: &Options) -> HandOver {
    let step = opts.rules.metric.bound_step() as u8;
    if run.proven_lower <= first_bound {
        return HandOver::default();
    }
    let last_finished = run.proven_lower - step;
    let depths: Vec<DepthStats> = run
        .depths
        .iter()
        .filter(|d| d.bound < last_finished)
        .cloned()
        .collect();
    HandOver {
        from_bound: Some(last_finished),
        nodes: depths.iter().map(|d| d.nodes).sum(),
        depths,
    }
}

/// The outcome of a position the quick phase solved, its answer checked.
fn solved(
    tables: &TableSet,
    cube: &Cube,
    opts: &Options,
    sol: Vec<crate::cube::Move>,
    run: &Iterations,
    shared: &Shared,
    start_time: Instant,
) -> Result<Outcome, SearchError> {
    if !cube.apply_moves(&sol).is_solved() || !opts.rules.allows(&sol) {
        return Err(SearchError::InvalidSolution(crate::cube::format_moves(
            &sol,
        )));
    }
    let seconds = start_time.elapsed().as_secs_f64();
    Ok(Outcome {
        proven_lower: opts.rules.length(&sol) as u8,
        solution: Ok(sol),
        tables_checked: tables.checked(),
        nodes: shared.nodes.load(Relaxed),
        upper_bound_nodes: 0,
        seconds,
        busy_seconds: seconds,
        threads: 1,
        unproven: None,
        taken_share: None,
        all: None,
        upper_bound: None,
        depths: run.depths.clone(),
        symmetry: TaskMerge {
            symmetries: 1,
            tasks: 0,
            all_tasks: 0,
        },
        rules: opts.rules,
        query_tables: false,
    })
}
