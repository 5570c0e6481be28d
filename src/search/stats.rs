//! What a search reports: its outcome and its statistics.

use crate::cube::{Move, MoveRules};
use std::time::Duration;

/// Why a search ended without a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unsolved {
    /// No solution of at most `max_depth` moves exists.
    MaxDepth,
    /// The time limit ran out.
    Timeout,
    /// The caller stopped it ([`crate::search::Options::cancel`], e.g. Ctrl-C).
    Interrupted,
    /// The allowed moves ([`crate::search::Options::rules`]) cannot solve the position:
    /// an invariant of theirs rules it out ([`crate::cube::MoveSet::unreachable`] says
    /// which).
    Unreachable,
}

impl Unsolved {
    /// The status records give it: `max_depth`, `timeout`, `interrupted`, `unreachable`.
    pub fn name(self) -> &'static str {
        match self {
            Unsolved::MaxDepth => "max_depth",
            Unsolved::Timeout => "timeout",
            Unsolved::Interrupted => "interrupted",
            Unsolved::Unreachable => "unreachable",
        }
    }
}

/// Statistics of one IDA* iteration.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DepthStats {
    /// The depth bound of the iteration.
    pub bound: u8,
    /// Nodes generated in it.
    pub nodes: u64,
    /// Its wall time.
    pub seconds: f64,
}

/// The outcome of an optimal solve.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The solution (moves to apply to the position), if found: a shortest one, proven so
    /// when [`Outcome::tables_checked`].
    pub solution: Result<Vec<Move>, Unsolved>,
    /// Every table the search used passed its checksum when loaded, or has a passing
    /// `korf tables verify` on record ([`crate::tables::Table::checked`]).  Without it a
    /// solution is the shortest these tables allow, not a proof.
    pub tables_checked: bool,
    /// Nodes generated, in all iterations.
    pub nodes: u64,
    /// Nodes the upper-bound source (the two-phase search) generated, in all its asks.
    pub upper_bound_nodes: u64,
    /// Wall time of the whole solve.
    pub seconds: f64,
    /// One entry per IDA* iteration run.
    pub depths: Vec<DepthStats>,
    /// Summed busy time of the worker tasks, for measuring thread imbalance.
    pub busy_seconds: f64,
    /// Worker threads used.
    pub threads: usize,
    /// Set when an upper-bound hook found a solution.
    pub upper_bound: Option<UpperBound>,
    /// What the position's symmetries saved (see `merge_symmetric_tasks`).
    pub symmetry: TaskMerge,
    /// A search stopped before its proof (timeout, interrupt): the shortest solution known
    /// then (from the upper-bound source; checked against the position), not proven
    /// optimal.  `None` otherwise.
    pub unproven: Option<Vec<Move>>,
    /// No solution has fewer moves than this: every smaller bound was searched to the end.
    /// With a solution, its length.
    pub proven_lower: u8,
    /// A search stopped inside a bound: the share of that bound's tasks begun (a rough
    /// measure of how far it got).
    pub taken_share: Option<f64>,
    /// With [`crate::search::Options::all`]: every solution found.  [`Outcome::solution`]
    /// is then the first of them.
    pub all: Option<SolutionSet>,
    /// What counted as a move ([`crate::search::Options::rules`]): lengths, bounds and
    /// `proven_lower` are in its metric.
    pub rules: MoveRules,
    /// The bound was tables built for this query over the pieces a masked position pins
    /// ([`crate::search::pinned`]), not the tables on disk.
    pub query_tables: bool,
}

/// What a search for every solution found ([`crate::search::Options::all`]).
#[derive(Debug, Clone)]
pub struct SolutionSet {
    /// The solutions, each checked against the position, each in canonical form
    /// ([`crate::cube::canonical_form`]) and listed once, sorted by length and then move by
    /// move in the order U U2 U' R R2 R' F F2 F' D D2 D' L L2 L' B B2 B'.
    pub solutions: Vec<Vec<Move>>,
    /// The optimal length.
    pub optimal_length: u8,
    /// Solutions of up to `optimal_length + within` moves were looked for.
    pub within: u8,
    /// Whether the list is every such solution, or why not.
    pub listing: Listing,
}

impl SolutionSet {
    /// Every solution of the lengths looked for is listed.
    pub fn is_complete(&self) -> bool {
        self.listing == Listing::Complete
    }

    /// How many solutions have `length` in `metric` (the metric they were searched in).
    pub fn count_of_length(&self, metric: crate::cube::Metric, length: usize) -> usize {
        self.solutions
            .iter()
            .filter(|s| metric.length(s) == length)
            .count()
    }
}

/// Whether a [`SolutionSet`] is complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Listing {
    /// Every solution of the lengths looked for.
    Complete,
    /// [`crate::search::AllSolutions::max_solutions`] was reached: there are at least
    /// this many.
    Capped,
    /// The time limit ran out: these were found, there may be more.
    Timeout,
    /// The caller stopped the search: these were found, there may be more.
    Interrupted,
}

impl Outcome {
    /// The solution, if one was found (checked against the position; optimal if
    /// [`Outcome::is_proven`]).
    pub fn moves(&self) -> Option<&[Move]> {
        self.solution.as_deref().ok()
    }

    /// A solution was found and is proven optimal: the search ended and its tables were
    /// checked.
    pub fn is_proven(&self) -> bool {
        self.solution.is_ok() && self.tables_checked
    }
}

/// How many symmetries a position has (1 for most), and how many of the parallel driver's
/// tasks were left after merging those a symmetry makes equivalent, of how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct TaskMerge {
    /// Symmetries of the position (1 for most).
    pub symmetries: usize,
    /// Tasks searched.
    pub tasks: usize,
    /// Tasks before merging.
    pub all_tasks: usize,
}

/// A live view of a running search, for progress displays.
#[derive(Debug, Clone, Copy)]
pub struct Snapshot {
    /// The current depth bound.
    pub bound: u8,
    /// Nodes generated so far.
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// Length of the shortest solution known so far (from the upper-bound hook), if any.
    pub upper: Option<u8>,
    /// Nodes generated in the current bound so far.
    pub bound_nodes: u64,
    /// Nodes of the last complete bound, if any.
    pub previous_bound_nodes: Option<u64>,
    /// Solutions found so far (with [`crate::search::Options::all`]; else 0).
    pub solutions: usize,
}

/// How an upper bound shaped the search.
#[derive(Debug, Clone, serde::Serialize)]
pub struct UpperBound {
    /// Length of the shortest solution the hook found.
    pub length: u8,
    /// Seconds spent in the hook, in all.
    pub seconds: f64,
    /// Whether the answer was proven by exhausting every shorter bound, so that the IDA*
    /// iteration at this length never ran.
    pub proved_by_bound: bool,
}
