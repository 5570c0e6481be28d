//! IDA* over the pattern databases, and its parallel driver.
//!
//! The search tracks the *inverse* of the position being solved: turning `m` on the
//! position is `premove(m⁻¹)` on its inverse, one table lookup per piece (see
//! [`Cube::premove`](crate::Cube::premove)), and every pattern then reads pieces at fixed positions.  Distances are
//! the same for a position and its inverse, so the tables bound either.
//!
//! Per IDA* iteration with bound `b`, a node at depth `g` is expanded only if every table
//! value is at most `b - g`; tables are probed in a fixed order and the probe stops at the
//! first value that prunes.  Only canonical sequences are generated: a face never follows
//! itself, and of two opposite faces only the order U before D, R before L, F before B.
//!
//! The inner loop is an explicit stack of fixed size: no allocation, no locks, no atomics
//! per node (the stop flag is read every 4096 nodes).  With a three-axis coset table (k = 4,
//! flipslice, sliceperm) a node's children are probed together, one table probe at a time
//! over all of them, so that their cache misses overlap (see `lanes::Expansion`).
//!
//! Work is split across threads at a fixed depth (`SPLIT_DEPTH`): every canonical prefix of
//! that length is one task.  The first bound takes them lowest table value first; every
//! later one takes first the tasks whose search at the bound before came closest to a
//! solution, then those that generated the most nodes (`tasks::order_tasks`), and every
//! thread takes the next task from the front of that
//! order.  With a three-axis coset table
//! each thread runs several tasks at once, interleaved a probe stage at a time (see
//! `lanes`).

//!
//! The files follow the concerns: `heuristic` (which tables, loaded, and the maximum over
//! their probes), `tasks` (the root split and symmetric-task merging), `driver`
//! (a solve set up, its outcome checked and assembled), `quick` (the first bounds from the
//! root alone, before the split), `iterate` (the IDA* bounds over
//! the tasks on a thread pool, the upper-bound hook between them), `all` (every
//! solution: what the walks keep, the list returned), the walks (`plain` for Korf's and the k = 0 coset tables, `walk` with
//! `expand` for the tables probed in stages, `lanes` to interleave several walks per
//! thread), `stats` (what a search reports) and `reference` (heuristic-free search,
//! the oracle of the tests).

mod all;
mod canonical;
pub mod checkpoint;
mod children;
mod descend;
mod driver;
pub mod estimate;
mod expand;
pub mod held;
mod isa;
mod iterate;
mod lanes;
mod options;
pub mod pinned;
mod plain;
mod quick;
mod reference;
mod ruled;
pub mod slice_turns;
mod stats;
mod tasks;
mod upper_bound;
mod walk;
mod worker;

pub use crate::tables::heuristic::{Heuristic, TableSet};
pub use crate::tables::HeuristicKind;
pub use crate::tables::Measured;
pub use driver::{lower_bound, solve, solve_with};
pub use estimate::Estimate;
pub use isa::instruction_set;
pub use options::{AllSolutions, Hooks, Options, SearchError, UpperBoundFn};
pub use reference::{
    all_solutions_under, all_solutions_without_heuristic, ball, distance_counts,
    distance_without_heuristic, solve_without_heuristic,
};
pub use stats::{
    DepthStats, Listing, Outcome, Snapshot, SolutionSet, TaskMerge, Unsolved, UpperBound,
};
pub use upper_bound::{Answer, Spend, UpperBoundBudget, TWO_PHASE_NODES_PER_NODE};

use crate::cube::NO_PREVIOUS;

/// Longest solution ever needed (God's number) plus slack for the stack.
pub const MAX_DEPTH: usize = 24;
/// Depth of the prefixes the parallel driver hands out as tasks: the 3,240 canonical
/// prefixes of three moves, or with a three-axis coset table in face turns the 43,254 of
/// four ([`DEEP_SPLIT_DEPTH`]; `tasks::split_depth` chooses).
pub(crate) const SPLIT_DEPTH: usize = 3;
/// The deeper root split, for the three-axis coset tables in face turns: ordered by the
/// nodes at the bound before, the smaller tasks find the last bound's solution sooner
/// (one thread, flipslice, paired on 2026-12-02: 16 % less time on the published 16- and
/// 17-move lists, 6 % on 20 random 17-move states, 22 % on 10 random 18-move states), at
/// 12–55 ms a solve to make them, which the quick phase (`quick`) spares easy positions.
pub(crate) const DEEP_SPLIT_DEPTH: usize = 4;
/// Tasks a thread interleaves by default (see `lanes`).
pub const DEFAULT_LANES: usize = 4;

/// Most children a node can have: 15 after the first move (18 at the root).
const MAX_CHILDREN: usize = 18;

/// The "last face" of a task's root: every move is allowed.
const ROOT: usize = NO_PREVIOUS;
