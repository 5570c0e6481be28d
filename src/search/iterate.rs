//! The IDA* iterations of one solve: for each bound, the upper-bound source asked first
//! (between long iterations), then every root task searched on the pool, then what the
//! bound's end means (a solution, the end of an all-solutions list, a stop, the next
//! bound).  [`super::driver::solve_with`] sets a solve up and assembles its outcome.

use super::canonical::Turns;
use super::checkpoint::Saved;
use super::isa::Isa;
use super::lanes;
use super::options::{AllSolutions, Hooks, Options, UpperBoundFn};
use super::stats::{DepthStats, Unsolved};
use super::tasks::{order_tasks, Task, NEAR_BUDGETS};
use super::upper_bound::Spend;
use super::worker::{Shared, Worker};
use super::SPLIT_DEPTH;
use crate::cube::{Cube, Move};
use crate::tables::heuristic::Heuristic;
use crate::tables::probe::{AxisCoords, AxisTable, ExactDepth, PlainProbe, ProbeVisitor};
use crate::tables::Walk;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use web_time::Instant;

/// The deepest bound a search runs (the stack holds [`super::MAX_DEPTH`] moves).
pub(super) const MAX_BOUND: usize = 22;

/// One solve's iterations: what stays fixed across bounds, and what they accumulate.
pub(super) struct Iterations<'a> {
    pub(super) cube: &'a Cube,
    pub(super) inverse: Cube,
    pub(super) opts: &'a Options,
    pub(super) hooks: &'a Hooks<'a>,
    /// The upper-bound source, unless every solution is wanted.
    pub(super) upper_bound_source: Option<UpperBoundFn<'a>>,
    pub(super) pool: &'a crate::threads::Pool,
    pub(super) h: Heuristic<'a>,
    pub(super) shared: &'a Shared,
    /// The root tasks (most promising first at the first bound).
    pub(super) tasks: &'a [Task],
    /// The order in which the current bound takes them: indices into `tasks`.
    order: Vec<u32>,
    /// What a checkpoint of this very solve had proven.
    pub(super) resumed: Option<&'a Saved>,
    /// The shortest solution known (from the upper-bound source or a checkpoint).
    pub(super) best_known: Option<Vec<Move>>,
    /// One entry per bound searched.
    pub(super) depths: Vec<DepthStats>,
    /// Time spent in the upper-bound source.
    pub(super) bound_seconds: f64,
    /// Nodes the upper-bound source generated.
    pub(super) bound_nodes: u64,
    /// The best known solution was proven optimal by the bound reaching its length.
    pub(super) proved_by_bound: bool,
    /// No solution is shorter than this (every lower bound searched to the end).
    pub(super) proven_lower: u8,
    /// Of the bound being searched when the search was stopped: the share of its tasks
    /// taken.
    pub(super) taken_share: Option<f64>,
    /// Nodes generated before this split search began (the quick phase's).
    pub(super) searched_before: u64,
    /// The search's nodes (with [`Iterations::searched_before`]) at which the upper-bound
    /// source is next asked.
    next_ask: u64,
    /// The nodes the last ask of the upper-bound source might spend (0 before the first).
    last_spend: u64,
    /// Search every bound from the root on the calling thread, without the root tasks,
    /// and stop before a bound expected to generate more nodes than this: the root split
    /// then pays for itself (`quick::quick_solve`).
    pub(super) unsplit: Option<u64>,
}

impl<'a> Iterations<'a> {
    /// The iterations of a solve, none run yet; `proven_lower` is the first bound.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        cube: &'a Cube,
        opts: &'a Options,
        hooks: &'a Hooks<'a>,
        pool: &'a crate::threads::Pool,
        h: Heuristic<'a>,
        shared: &'a Shared,
        tasks: &'a [Task],
        resumed: Option<&'a Saved>,
    ) -> Self {
        // The upper-bound source ends a search at the first solution it proves optimal: of
        // no use when every solution is wanted, since the last bound must run to the end;
        // and its solutions may use any turn, so not with a restricted move set.
        let upper_bound_source = hooks
            .upper_bound
            .filter(|_| opts.all.is_none() && opts.rules.moves.is_all());
        let inverse = cube.inverse();
        let first_bound = resumed.map_or(h.value(&inverse), |r| r.bound.max(h.value(&inverse)));
        // In QTM only bounds of the position's parity can be met.
        let first_bound = opts.rules.metric.first_bound(cube, first_bound as usize) as u8;
        let best_known = resumed.and_then(|r| Saved::moves(&r.best));
        if let Some(b) = &best_known {
            shared
                .upper
                .store(opts.rules.length(b).min(255) as u8, Relaxed);
            *shared.best.lock().unwrap() = Some(b.clone());
        }
        Iterations {
            cube,
            inverse,
            opts,
            hooks,
            upper_bound_source,
            pool,
            h,
            shared,
            tasks,
            order: (0..tasks.len() as u32).collect(),
            resumed,
            best_known,
            depths: Vec::new(),
            bound_seconds: 0.0,
            bound_nodes: 0,
            proved_by_bound: false,
            proven_lower: first_bound,
            taken_share: None,
            searched_before: 0,
            next_ask: hooks.upper_bound_budget.first_after,
            last_spend: 0,
            unsplit: None,
        }
    }

    /// Search bound after bound until a solution (an empty one: the all-solutions list is
    /// complete), a stop, or the deepest bound allowed.
    pub(super) fn run(&mut self) -> Result<Vec<Move>, Unsolved> {
        // The last bound to search: the deepest allowed, until an all-solutions search
        // finds the optimum and adds `within` to it.
        let mut limit = self.opts.max_depth as usize;
        let step = self.opts.rules.metric.bound_step();
        for bound in (self.proven_lower as usize..=self.max_bound()).step_by(step) {
            if bound > limit {
                break;
            }
            self.begin_bound(bound);
            if let Some(sol) = self.ask_upper_bound(bound, false) {
                return Ok(sol);
            }
            let before = self.shared.nodes.load(Relaxed);
            self.shared.bound_base.store(before, Relaxed);
            let t = Instant::now();
            let asking_before = self.bound_seconds;
            let searched = self.search_bound_asking(bound);
            let seconds = t.elapsed().as_secs_f64() - (self.bound_seconds - asking_before);
            self.depths.push(DepthStats {
                bound: bound as u8,
                nodes: self.shared.nodes.load(Relaxed) - before,
                seconds,
            });
            let taken = match searched {
                Ok(taken) => taken,
                Err(proven) => return Ok(proven),
            };
            if let Some(sol) = self.shared.solution.lock().unwrap().take() {
                return Ok(sol);
            }
            if let Some(all) = self.opts.all {
                if self.all_listed(all, bound, &mut limit) {
                    // The set is filled in by the caller.
                    return Ok(Vec::new());
                }
            }
            if let Some(stop) = self.stopped(bound, taken) {
                return Err(stop);
            }
            // In QTM the next bound, of the other parity, cannot be met either.
            self.proven_lower = (bound + step) as u8;
            if self
                .unsplit
                .is_some_and(|limit| self.next_bound_nodes() > limit)
            {
                // The quick phase hands over on any unsolved end, this one included; it
                // reads how far it got from `proven_lower`.
                return Err(Unsolved::MaxDepth);
            }
            order_tasks(self.tasks, &self.shared.task_counts, &mut self.order);
            let searched = self.shared.nodes.load(Relaxed) - before;
            self.shared.previous_bound.store(searched, Relaxed);
        }
        Err(Unsolved::MaxDepth)
    }

    /// The nodes the next bound is expected to generate: the last bound's, times the
    /// growth from the bound before it (13 a face turn, before two bounds of a hundred
    /// nodes or more are known).
    fn next_bound_nodes(&self) -> u64 {
        let last = self.depths.last().map_or(0, |d| d.nodes);
        let growth = match self.depths.iter().rev().nth(1) {
            Some(before) if before.nodes >= 100 => last.div_ceil(before.nodes),
            _ => 13u64.pow(self.opts.rules.metric.bound_step() as u32),
        };
        last.saturating_mul(growth)
    }

    /// The deepest bound this search can run.
    fn max_bound(&self) -> usize {
        if self.opts.rules.is_default() {
            MAX_BOUND
        } else if Turns::walk_takes(self.h.walk(), self.opts.rules) {
            // The staged walk's stack below a task's prefix (at least one quarter turn
            // per move): deeper than any position needs (26 quarter turns).
            (super::MAX_DEPTH + self.split_depth()).min(super::ruled::RULED_MAX_BOUND)
        } else {
            super::ruled::RULED_MAX_BOUND
        }
    }

    /// How many moves each task's prefix has (`tasks::split_depth`).
    fn split_depth(&self) -> usize {
        self.tasks.first().map_or(SPLIT_DEPTH, |t| t.prefix.len())
    }

    /// The length of `seq` under the search's move rules.
    fn length(&self, seq: &[Move]) -> usize {
        self.opts.rules.length(seq)
    }

    /// A new bound: no task of it is finished yet, except those an earlier run finished at
    /// the bound it is resumed at.
    fn begin_bound(&self, bound: usize) {
        let shared = self.shared;
        let _change = shared.bound_change.lock().unwrap();
        let resumed = self.resumed.filter(|r| r.bound as usize == bound);
        for (w, word) in shared.finished.iter().enumerate() {
            let mut bits = 0u64;
            if let Some(r) = resumed {
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

    /// The nodes the search has generated so far.
    fn searched(&self) -> u64 {
        self.searched_before + self.shared.nodes.load(Relaxed)
    }

    /// Ask the upper-bound source for a solution shorter than the best known, if an ask is
    /// due before (`inside` false) or inside `bound`
    /// ([`UpperBoundBudget`](super::UpperBoundBudget)).  Returns the best known
    /// solution when the bound has reached its length (every shorter bound came up empty:
    /// it is optimal).
    fn ask_upper_bound(&mut self, bound: usize, inside: bool) -> Option<Vec<Move>> {
        let find = self.upper_bound_source?;
        let shared = self.shared;
        let searched = self.searched();
        let shorter_than = self
            .best_known
            .as_ref()
            .map_or(usize::MAX, |b| self.length(b));
        let budget = &self.hooks.upper_bound_budget;
        // Before a bound the source may reach its length for the first time: asked at
        // every bound once the search is long enough; inside one, at each quadrupling.
        let due = match inside {
            false => searched >= budget.first_after,
            true => searched >= self.next_ask,
        };
        if due && shorter_than > bound {
            self.next_ask = budget.next_ask(searched);
            let asked = Instant::now();
            let nodes = budget.nodes_after(bound, inside, searched, self.last_spend);
            self.last_spend = nodes;
            let spend = Spend {
                nodes: Some(nodes),
                time: shared.deadline.map(|d| d.saturating_duration_since(asked)),
            };
            let answer = find(bound, shorter_than, spend, shared.cancel.clone());
            self.bound_seconds += asked.elapsed().as_secs_f64();
            self.bound_nodes += answer.nodes;
            if let Some(sol) = answer.solution {
                let length = self.length(&sol);
                if length < shorter_than && self.cube.apply_moves(&sol).is_solved() {
                    shared.upper.store(length.min(255) as u8, Relaxed);
                    *shared.best.lock().unwrap() = Some(sol.clone());
                    self.best_known = Some(sol);
                }
            }
        }
        let proven = self
            .best_known
            .clone()
            .filter(|b| self.length(b) <= bound)?;
        self.proved_by_bound = true;
        Some(proven)
    }

    /// Search `bound`, pausing whenever the upper-bound source is due to be asked (only
    /// where the bound is split into tasks: a pause leaves the unfinished ones for after
    /// it).  Returns how many tasks were taken, or the source's solution of `bound` moves,
    /// proven optimal by the bounds before.
    fn search_bound_asking(&mut self, bound: usize) -> Result<usize, Vec<Move>> {
        let shared = self.shared;
        loop {
            let pausable = self.upper_bound_source.is_some() && self.splits(bound);
            let pause_at = match pausable {
                true => self.next_ask.saturating_sub(self.searched_before),
                false => u64::MAX,
            };
            shared.pause_at.store(pause_at, Relaxed);
            let taken = self.search_bound(bound);
            shared.pause_at.store(u64::MAX, Relaxed);
            if !shared.paused.swap(false, Relaxed) {
                return Ok(taken);
            }
            let ended = shared.solution.lock().unwrap().is_some()
                || shared.interrupted.load(Relaxed)
                || shared.timed_out.load(Relaxed);
            if ended {
                return Ok(taken);
            }
            shared.stop.store(false, Relaxed);
            // The pause came at `next_ask`, so an ask is due: it runs and moves
            // `next_ask` on, or a known solution already meets the bound.
            if let Some(proven) = self.ask_upper_bound(bound, true) {
                return Err(proven);
            }
        }
    }

    /// Whether `bound` is searched as root tasks, in parallel (not from the root alone).
    fn splits(&self, bound: usize) -> bool {
        self.unsplit.is_none() && bound >= self.split_depth() * self.opts.rules.metric.bound_step()
    }

    /// Search every task at `bound`; returns how many tasks were taken.
    fn search_bound(&self, bound: usize) -> usize {
        let shared = self.shared;
        // Below this, a solution may have fewer moves than a task's prefix (in QTM, two
        // half turns cost 4).
        if !self.splits(bound) {
            let mut w = Worker {
                h: self.h,
                shared,
                nodes: 0,
                near: [0; NEAR_BUDGETS],
            };
            let found = w.dfs(&self.inverse, &[], bound, None);
            shared.nodes.fetch_add(w.nodes, Relaxed);
            if let Some(sol) = found.and_then(|s| shared.keep(s)) {
                *shared.solution.lock().unwrap() = Some(sol);
            }
            return 0;
        }
        let next_task = AtomicUsize::new(0);
        // Every thread takes the next task in order, so that all of them work on the front
        // of the list.
        self.pool.broadcast(|| {
            if !self.interleaved(bound, &next_task) {
                work_through(self.h, shared, self.tasks, &self.order, &next_task, bound);
            }
        });
        next_task.load(Relaxed).min(self.tasks.len())
    }

    /// The three-axis coset tables interleave several tasks per thread (`lanes`): run
    /// them so and return `true`, or `false` for the other walks.
    fn interleaved(&self, bound: usize, next_task: &AtomicUsize) -> bool {
        if self.h.walk() != Walk::Axis || !Turns::walk_takes(Walk::Axis, self.opts.rules) {
            return false;
        }
        self.h.visit(Interleave {
            iterations: self,
            bound,
            next_task,
        })
    }

    /// With every solution wanted: whether the list is complete after `bound` (the first
    /// bound with solutions sets the last one, `within` moves on, in `limit`).
    fn all_listed(&self, all: AllSolutions, bound: usize, limit: &mut usize) -> bool {
        let shared = self.shared;
        let Some(c) = &shared.collected else {
            return false;
        };
        let found = shared.solutions_found() > 0;
        if found && *limit == self.opts.max_depth as usize {
            // The first bound with solutions: the optimum.
            *limit = (bound + all.within as usize).min(MAX_BOUND);
        }
        // A time limit or an interrupt inside the last bound leaves the list incomplete:
        // that is said by the caller, not taken for the end of the list.
        let stopped = shared.interrupted.load(Relaxed) || shared.timed_out.load(Relaxed);
        !stopped && (c.capped() || (found && bound >= *limit))
    }

    /// Whether the search was stopped (interrupt or time limit) during `bound`, of whose
    /// tasks `taken` were begun.
    fn stopped(&mut self, bound: usize, taken: usize) -> Option<Unsolved> {
        let interrupted = self.shared.interrupted.load(Relaxed);
        if !interrupted && !self.shared.timed_out.load(Relaxed) {
            return None;
        }
        if bound >= self.split_depth() {
            self.taken_share = Some(taken as f64 / self.tasks.len().max(1) as f64);
        }
        Some(if interrupted {
            Unsolved::Interrupted
        } else {
            Unsolved::Timeout
        })
    }
}

/// One thread's share of a bound, one task at a time: take the next task (in `order`),
/// prune its prefix like any node, search below it, until the list is done or the search
/// stops.
fn work_through(
    h: Heuristic<'_>,
    shared: &Shared,
    tasks: &[Task],
    order: &[u32],
    next_task: &AtomicUsize,
    bound: usize,
) {
    loop {
        // The stop flag, the caller's and the deadline, checked per task: the early
        // bounds' tasks are too small to reach a check inside the walk, and a stop would
        // otherwise wait for a bound with larger ones (150-230 ms measured).
        let Some(&i) = order.get(next_task.fetch_add(1, Relaxed)) else {
            return;
        };
        if shared.should_stop() {
            return;
        }
        let i = i as usize;
        let task = &tasks[i];
        if shared.is_finished(i) || task.cost as usize + task.value as usize > bound {
            continue;
        }
        let busy = Instant::now();
        let mut w = Worker {
            h,
            shared,
            nodes: 0,
            near: [0; NEAR_BUDGETS],
        };
        let state = task.state(&shared.start);
        let found = w.dfs(&state, &task.prefix, bound, task.edge_depths);
        shared.nodes.fetch_add(w.nodes, Relaxed);
        let busy_nanos = busy.elapsed().as_nanos() as u64;
        shared.busy_nanos.fetch_add(busy_nanos, Relaxed);
        if let Some(sol) = found.and_then(|s| shared.keep(s)) {
            let mut slot = shared.solution.lock().unwrap();
            if slot.is_none() {
                *slot = Some(sol);
            }
            shared.stop.store(true, Relaxed);
        } else if !shared.stop.load(Relaxed) {
            // Not stopped: this task was searched to the end.
            shared.finish(i, w.nodes, &w.near);
        }
    }
}

/// One thread's share of a bound on a three-axis table, several tasks interleaved.
struct Interleave<'i, 'a> {
    iterations: &'i Iterations<'a>,
    bound: usize,
    next_task: &'i AtomicUsize,
}

impl<'a> ProbeVisitor<'a> for Interleave<'_, 'a> {
    /// Whether the tasks ran interleaved (only a three-axis table's walk does).
    type Out = bool;
    fn plain<P: PlainProbe>(self, _: P) -> bool {
        false
    }
    fn exact<E: ExactDepth>(self, _: E) -> bool {
        false
    }
    fn axis_and_exact<C: AxisCoords, E: ExactDepth>(self, _: AxisTable<'a, C>, _: E) -> bool {
        false
    }
    fn axis<C: AxisCoords>(self, table: AxisTable<'a, C>) -> bool {
        let it = self.iterations;
        let lanes = it.opts.lanes;
        let work = lanes::Share {
            tasks: it.tasks,
            order: &it.order,
            next_task: self.next_task,
            bound: self.bound,
            lanes,
        };
        lanes::run_tasks(Isa::detected(), &table, work, it.shared);
        true
    }
}
