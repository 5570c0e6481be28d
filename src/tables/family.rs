//! What a family folder tells the rest of korf about a heuristic it offers
//! ([`HeuristicSpec`]): its name and help, the tables it takes the maximum over, which
//! walk of the search reads them, and the figures measured with it (the `tables list`
//! column and the time model of `korf::search::estimate`).  The registry
//! ([`super::registry`]) collects them.

use super::descriptor::Descriptor;

/// The shape of probe a heuristic is searched by (`crate::tables::probe`): which walk of
/// the search runs, and under which move rules.  The probe type named in the heuristic's
/// registry line is of this shape (a test checks), and the walk is compiled for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Walk {
    /// Tables read per child (`PlainProbe`): Korf's tables, the 48-symmetry coset tables.
    Plain,
    /// A three-axis coset table beside the corners, probed in stages, several tasks
    /// interleaved per thread; it also takes the quarter-turn metric itself.
    Axis,
    /// An exact-depth table behind a first table (`ExactDepth`: the full-edge table
    /// behind the corners).
    Exact,
    /// A three-axis coset table and an exact-depth table.
    AxisAndExact,
}

/// A heuristic a family offers: everything korf needs to choose it, load it, search with
/// it and predict its time.
#[derive(Debug)]
pub struct HeuristicSpec {
    /// Name on the command line and in Python (`--heuristic NAME`).
    pub name: &'static str,
    /// One line for `--heuristic`'s help.
    pub help: &'static str,
    /// Listed in the help (research combinations are accepted but not listed).
    pub listed: bool,
    /// The tables it takes the maximum over; the corners first.
    pub tables: &'static [&'static Descriptor],
    /// How the search reads them.
    pub walk: Walk,
    /// The metric its tables count distances in.  A quarter-turn table bounds only
    /// searches in quarter turns (a face-turn table bounds both).
    pub metric: crate::cube::Metric,
    /// Place among the heuristics offered by `tables list` and the faster-table hints,
    /// fastest first (`None`: not offered).
    pub(crate) speed_rank: Option<u8>,
    /// `--heuristic auto` takes it, by speed rank, when its tables are present (Korf's and
    /// the k = 0 coset tables are chosen by the rule of `HeuristicKind::preferred`).
    pub auto: bool,
    /// Time measured on the published lists.
    pub measured: Measured,
    /// The time model's constants.
    pub model: Model,
    /// In face turns, how much the two-phase upper bound may spend when asked for a
    /// solution before each bound, as a share of the search so far
    /// ([`crate::search::UpperBoundBudget`]; inside a bound at most a tenth): the faster
    /// the tables search, the less of its time the two-phase search earns back.
    pub(crate) upper_bound_share: f64,
}

/// The upper-bound share of the tables slower than the U/D-layer ladder: the whole time
/// of the iteration just finished (on the published 16-move list 0.5 gave a mean of 8.9 s
/// against 7.2 s with 1.0).
pub const UPPER_BOUND_SHARE_SLOW: f64 = 1.0;

/// Mean time per position of the published 17- and 18-move lists
/// (`../shared/data/scrambles/optimal-{17,18}.txt`), as measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measured {
    /// Mean seconds per 17-move position; `None`: not measured.
    pub seventeen: Option<f64>,
    /// Mean seconds per 18-move position; `None`: not measured.
    pub eighteen: Option<f64>,
    /// Threads of those runs.
    pub threads: u32,
    /// Date of the runs.
    pub date: &'static str,
}

impl Measured {
    /// Nothing measured.
    pub(crate) const NONE: Measured = Measured {
        seventeen: None,
        eighteen: None,
        threads: 1,
        date: "",
    };
}

/// Time-model constants of one heuristic (see `korf::search::estimate`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    /// Typical nodes of a whole solve of a 17-move position.
    pub(crate) nodes_17: f64,
    /// Factor per move of optimal length above 17 (the 18- over the 17-move list).  Lower
    /// than below 17: at 18 moves the two-phase upper bound often proves the answer
    /// without the last iteration.
    pub(crate) per_move_up: f64,
    /// Factor per move of optimal length below 17 (the 17- over the 16-move list).
    pub(crate) per_move_down: f64,
    /// Factor per IDA* bound within one solve (the next complete bound's nodes over this
    /// one's).
    pub(crate) per_bound: f64,
    /// Nodes per second per thread measured with this heuristic.
    pub rate: f64,
}

impl Measured {
    /// Seconds per 17- and 18-move position, on `threads` threads, measured on `date`.
    pub const fn new(
        seventeen: Option<f64>,
        eighteen: Option<f64>,
        threads: u32,
        date: &'static str,
    ) -> Measured {
        Measured {
            seventeen,
            eighteen,
            threads,
            date,
        }
    }
}

impl Model {
    /// The model of `nodes_17` nodes at 17 moves, `(below, above)` per move of length,
    /// `per_bound` per IDA* bound, and `rate` nodes per second per thread.
    pub const fn new(
        nodes_17: f64,
        (below, above): (f64, f64),
        per_bound: f64,
        rate: f64,
    ) -> Model {
        Model {
            nodes_17,
            per_move_up: above,
            per_move_down: below,
            per_bound,
            rate,
        }
    }
}
