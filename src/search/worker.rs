//! The state a search's threads share ([`Shared`]: the bound, the node count, the stop
//! flags, the solutions found) and one thread's pass below a task ([`Worker`]), which each
//! walk extends with its own `impl Worker` block.  A leaf of the walks: it calls none.

use super::all::Collected;
use super::options::Options;
use super::tasks;
use crate::cube::{Cube, Move, MoveRules};
use crate::tables::heuristic::Heuristic;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use web_time::Instant;

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
    /// The position's inverse, from which every task's prefix leads ([`tasks::Task::state`]).
    pub(super) start: Cube,
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
    /// The nodes the plain walk expanded close to a solution ([`tasks::NearMisses`]),
    /// which order the next bound's tasks.
    pub(super) near: tasks::NearMisses,
}

impl Worker<'_> {
    #[cold]
    pub(super) fn should_stop(&self) -> bool {
        self.shared.should_stop()
    }
}

impl Shared {
    /// The state of a solve of `cube` about to start, with `tasks` root tasks.
    pub(super) fn new(opts: &Options, cube: &Cube, start_time: Instant, tasks: usize) -> Shared {
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
            start: cube.inverse(),
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
