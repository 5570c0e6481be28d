//! The parallel driver: the root split into tasks (`tasks`), sorted; IDA* iterations
//! over them on a thread pool; the upper-bound hook between iterations; every solution
//! collected when all are wanted (`all`); every answer checked before it is returned.

use super::checkpoint::{self, CheckpointFile, Saved};
use super::iterate::Iterations;
use super::options::{Hooks, Options, SearchError};
use super::quick::{quick_solve, Quick};
use super::stats::{Listing, Outcome, Snapshot, SolutionSet, TaskMerge, Unsolved, UpperBound};
use super::tasks::{self, children, merge_symmetric_tasks, prefixes, Prefix, Task};
use super::upper_bound::Spend;
use super::worker::Shared;
use crate::cube::{Cube, Metric, Move, MoveRules};
use crate::tables::heuristic::{Heuristic, TableSet};
use crate::threads::Pool;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Duration;
use web_time::Instant;

/// How long a stopped search may ask the upper-bound source for a solution when it has
/// none to show.
const LAST_ASK: Duration = Duration::from_millis(100);

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
/// whenever the search has four times its nodes at the last ask ([`UpperBoundBudget`](super::UpperBoundBudget)),
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
    let shared = Shared::new(opts, cube, start_time, tasks.len());
    // A checkpoint of this very solve: resume at its bound, its finished tasks skipped.
    let identity = opts.checkpoint.as_ref().map(|_| {
        let tag = opts.rules.tag();
        let name = match tag.is_empty() {
            true => h.kind().name().to_string(),
            false => format!("{} {tag}", h.kind().name()),
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
    // Made a parent (a prefix one move shorter) at a time, so that no list of every
    // prefix and its state is held beside the tasks (1.2 MB at four moves).  A split is
    // at least one move deep (`tasks::split_depth`).
    let moves = rules.moves.mask();
    let parents = prefixes(&cube.inverse(), depth - 1, moves);
    let mut tasks: Vec<Task> = pool.install(|| {
        use rayon::prelude::*;
        parents
            .into_par_iter()
            .flat_map_iter(|(prefix, state)| {
                tasks_of(h, children(prefix, state, moves).collect(), rules)
            })
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

/// The tasks of `batch`'s prefixes and the states they reach (a parent's children: up to
/// 15, lines enough in flight to cover a miss), valued.
fn tasks_of(h: &Heuristic, batch: Vec<(Prefix, Cube)>, rules: MoveRules) -> Vec<Task> {
    let task = |(prefix, _): (Prefix, Cube), value, axis_values, edge_depths| Task {
        value,
        axis_values,
        cost: rules.length(&prefix) as u8,
        edge_depths,
        prefix,
    };
    if !h.has_exact_depths() {
        let states: Vec<Cube> = batch.iter().map(|(_, s)| *s).collect();
        let mut values = Vec::with_capacity(batch.len());
        h.task_values_of(&states, &mut values);
        let valued = batch.into_iter().zip(values);
        return valued
            .map(|(p, (v, axes))| task(p, v, axes, None))
            .collect();
    }
    let with_depths = |(prefix, state): (Prefix, Cube)| {
        let depths = h
            .exact_depths(&state)
            .expect("an exact-depth table takes part");
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
