//! What a caller asks of a search: its [`Options`], the [`Hooks`] it is given (progress and
//! an upper-bound source), what "every solution" means ([`AllSolutions`]), and the errors
//! that are bugs ([`SearchError`]).  A leaf: the walks and the driver read it.

use super::checkpoint::CheckpointFile;
use super::stats::Snapshot;
use super::upper_bound::{Answer, Spend, UpperBoundBudget};
use super::DEFAULT_LANES;
use crate::cube::MoveRules;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Options for [`solve`](super::solve).
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
    /// [`Unsolved::Interrupted`](super::Unsolved::Interrupted), keeping what it found,
    /// like a timeout.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Save what the search has proven to this file every few seconds, and resume from
    /// it if it holds this very solve ([`super::checkpoint`]).  Not with [`Options::all`].
    pub checkpoint: Option<CheckpointFile>,
    /// Find every solution of the optimal length (and up to `within` moves longer)
    /// instead of stopping at the first: [`Outcome::all`](super::Outcome::all).
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
    /// [`Listing::Capped`](super::Listing::Capped)).
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
    /// search so far; `UpperBoundBudget::for_search` gives each search's).
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
