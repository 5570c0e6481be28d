//! IDA* over the pattern databases, and its parallel driver.
//!
//! The search tracks the *inverse* of the position being solved: turning `m` on the
//! position is `premove(m⁻¹)` on its inverse, one table lookup per piece (see
//! [`Cube::premove`]), and every pattern then reads pieces at fixed positions.  Distances are
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
//! over all of them, so that their cache misses overlap (see [`lanes::Expansion`]).
//!
//! Work is split across threads at a fixed depth ([`SPLIT_DEPTH`]): every canonical prefix of
//! that length is one task.  The tasks are sorted once, lowest table value first, and every
//! thread takes the next one from the front of that list.  With a three-axis coset table
//! each thread runs several tasks at once, interleaved a probe stage at a time (see
//! [`lanes`]).

mod lanes;

use crate::coord;
use crate::coset::{self, CosetCoords, EdgeMasks};
use crate::cube::{Cube, Move, ALLOWED_AFTER, ALL_MOVES, NO_PREVIOUS};
use crate::flipslice::FlipSliceCoords;
use crate::full_edge::FullEdgeCoords;
use crate::sliceperm::SlicePermCoords;
use crate::tables::packed;
use crate::tables::pattern::{edges7_b_state, Pattern, EDGES7_A};
use crate::tables::TableSet;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Longest solution ever needed (God's number) plus slack for the stack.
pub const MAX_DEPTH: usize = 24;
/// Depth of the prefixes the parallel driver hands out as tasks.
pub const SPLIT_DEPTH: usize = 3;
/// Tasks a thread interleaves by default (see `lanes`).
pub const DEFAULT_LANES: usize = 4;

const ROOT: usize = NO_PREVIOUS;

pub use crate::tables::HeuristicKind;

/// All 18 moves, as a move bit set.
const ALL_MOVE_BITS: u32 = (1 << 18) - 1;

/// The quarter turns, as a move bit set.
const QUARTER_TURNS: u32 = {
    let mut m = 0u32;
    let mut i = 0;
    while i < 18 {
        if i % 3 != 1 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

const KORF: u8 = 0;
const COSET: u8 = 1;
const ALL: u8 = 2;

/// The coordinates of a 2-bit coset table reduced by the 16 symmetries that keep the U–D
/// axis and probed along all three axes.
pub trait AxisCoords: Sync + 'static {
    /// What a probe computes once per position and shares among its three axes.
    type Parts: Copy;
    /// A placeholder value of `Parts`.
    const NO_PARTS: Self::Parts;
    /// The moves a solution of exactly the probed length cannot end with, given which
    /// axes' probes were tight (bit `a` for axis `a`): moves of the subgroup (of that
    /// axis' frame) could be dropped from the end, giving a shorter way into it.
    fn excluded(&self, tight_axes: u8) -> u32;
    /// The axes whose inverse-side value a child made by move `mi` shares with its node
    /// (bit `a`): those whose subgroup holds the move, which then acts on the tracked
    /// inverse from the left and leaves its coset unchanged.
    fn inherited(&self, mi: usize) -> u8;
    fn parts(&self, x: &Cube) -> Self::Parts;
    /// Table index of `S · x · S⁻¹` for the `a`-th axis symmetry, `p = parts(x)`.
    fn axis_index(&self, x: &Cube, p: &Self::Parts, a: usize) -> u64;
}

impl AxisCoords for CosetCoords {
    type Parts = (EdgeMasks, usize);
    const NO_PARTS: Self::Parts = (
        EdgeMasks {
            slice: [0; 3],
            flips: 0,
        },
        0,
    );
    /// Every half turn is in the subgroup, whatever the axis.
    #[inline(always)]
    fn excluded(&self, tight_axes: u8) -> u32 {
        if tight_axes != 0 {
            !QUARTER_TURNS & ALL_MOVE_BITS
        } else {
            0
        }
    }
    /// A half turn is in the subgroup of every axis.
    #[inline(always)]
    fn inherited(&self, mi: usize) -> u8 {
        if QUARTER_TURNS >> mi & 1 == 0 {
            7
        } else {
            0
        }
    }
    #[inline(always)]
    fn parts(&self, x: &Cube) -> Self::Parts {
        (EdgeMasks::of(x), coset::corner_raw(x))
    }
    #[inline(always)]
    fn axis_index(&self, _x: &Cube, p: &Self::Parts, a: usize) -> u64 {
        CosetCoords::axis_index(self, &p.0, p.1, a)
    }
}

impl AxisCoords for FlipSliceCoords {
    type Parts = ();
    const NO_PARTS: Self::Parts = ();
    /// The turns of the two faces of each tight axis.
    #[inline(always)]
    fn excluded(&self, tight_axes: u8) -> u32 {
        self.excluded_by_axes[tight_axes as usize & 7]
    }
    #[inline(always)]
    fn inherited(&self, mi: usize) -> u8 {
        self.inherited_by_move[mi]
    }
    #[inline(always)]
    fn parts(&self, _x: &Cube) -> Self::Parts {}
    #[inline(always)]
    fn axis_index(&self, x: &Cube, _p: &Self::Parts, a: usize) -> u64 {
        FlipSliceCoords::axis_index(self, x, a)
    }
}

impl AxisCoords for SlicePermCoords {
    type Parts = ();
    const NO_PARTS: Self::Parts = ();
    /// The turns of the two faces of each tight axis (the subgroup holds U and D turns).
    #[inline(always)]
    fn excluded(&self, tight_axes: u8) -> u32 {
        self.layers.excluded_by_axes[tight_axes as usize & 7]
    }
    #[inline(always)]
    fn inherited(&self, mi: usize) -> u8 {
        self.layers.inherited_by_move[mi]
    }
    #[inline(always)]
    fn parts(&self, _x: &Cube) -> Self::Parts {}
    #[inline(always)]
    fn axis_index(&self, x: &Cube, _p: &Self::Parts, a: usize) -> u64 {
        SlicePermCoords::axis_index(self, x, a)
    }
}

/// A loaded 2-bit three-axis coset table: payload, base depth, coordinates.
pub struct AxisTable<'a, C: AxisCoords> {
    payload: &'a [u8],
    base: u8,
    coords: &'static C,
}

impl<C: AxisCoords> Clone for AxisTable<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: AxisCoords> Copy for AxisTable<'_, C> {}

/// The k = 4 coset table.
pub type Coset4<'a> = AxisTable<'a, CosetCoords>;
/// The flipslice coset table.
pub type FlipSlice<'a> = AxisTable<'a, FlipSliceCoords>;
/// The sliceperm coset table.
pub type SlicePerm<'a> = AxisTable<'a, SlicePermCoords>;

impl<C: AxisCoords> AxisTable<'_, C> {
    /// The largest value over the three axes.
    #[inline(always)]
    pub fn value(&self, x: &Cube) -> u8 {
        let p = self.coords.parts(x);
        (0..3)
            .map(|a| packed::get(self.payload, self.base, self.coords.axis_index(x, &p, a)))
            .max()
            .unwrap_or(0)
    }
}

/// A loaded full-edge table (depth mod 3): payload, coordinates.
#[derive(Clone, Copy)]
pub struct FullEdge<'a> {
    payload: &'a [u8],
    coords: &'static FullEdgeCoords,
}

impl FullEdge<'_> {
    /// Table index of the edges of `x`.
    #[inline(always)]
    fn index(&self, x: &Cube) -> u64 {
        self.coords.index(&x.edges)
    }

    /// The table's code of entry `i`: the depth mod 3.
    #[inline(always)]
    fn code(&self, i: u64) -> u8 {
        packed::code_of(self.payload, i)
    }

    /// The exact depth of a state one move away from one at exact depth `parent`, whose
    /// entry holds `code`: of `parent - 1`, `parent` and `parent + 1`, the one congruent to
    /// `code` mod 3.  (A move on either side changes an edge state's distance from solved
    /// by at most one.)
    #[inline(always)]
    fn step(parent: u8, code: u8) -> u8 {
        match (code + 3 - parent % 3) % 3 {
            0 => parent,
            1 => parent + 1,
            _ => parent.saturating_sub(1),
        }
    }

    /// Exact depth of the edges of `x`, by descending: from a state at depth `d`, a
    /// neighbour whose code is `d - 1` mod 3 lies at `d - 1`.  At most 14 steps of up to
    /// 18 probes; used once per search task, not per node.
    pub fn depth(&self, x: &Cube) -> u8 {
        let mut y = *x;
        let mut d = 0u8;
        while y.edges != Cube::SOLVED.edges && d < 20 {
            let lower = (self.code(self.index(&y)) + 2) % 3;
            match ALL_MOVES
                .iter()
                .map(|&m| y.apply_move(m))
                .find(|z| self.code(self.index(z)) == lower)
            {
                Some(z) => {
                    y = z;
                    d += 1;
                }
                None => break,
            }
        }
        d
    }

    /// First stage of a probe: the outer value of `x`, its class entry prefetched.
    #[inline(always)]
    fn start_probe(&self, x: &Cube) -> usize {
        let raw = crate::full_edge::outer_of(&EdgeMasks::of(x));
        self.coords.prefetch_outer(raw);
        raw
    }

    /// Second stage: the table index, its line prefetched.
    #[inline(always)]
    fn locate(&self, x: &Cube, raw: usize) -> u64 {
        let i = self.coords.index_with_outer(&x.edges, raw);
        prefetch_line(self.payload, packed::line_offset(i));
        i
    }
}

/// The maximum-of-tables heuristic, borrowing the mapped payloads.
#[derive(Clone, Copy)]
pub struct Heuristic<'a> {
    corners: &'a [u8],
    edges7: &'a [u8],
    edgeperm: &'a [u8],
    /// The coset table's payload and coordinates, when it takes part.
    coset: Option<(&'a [u8], &'static CosetCoords)>,
    /// The k = 4 coset table, when it takes part.
    coset4: Option<Coset4<'a>>,
    /// The full-edge table, when it takes part.
    full_edge: Option<FullEdge<'a>>,
    /// The flipslice coset table, when it takes part.
    flipslice: Option<FlipSlice<'a>>,
    /// The sliceperm coset table, when it takes part.
    sliceperm: Option<SlicePerm<'a>>,
    /// Whether the three edge tables take part (always, unless the coset table replaces
    /// them).
    korf_edges: bool,
}

#[inline(always)]
fn nibble(table: &[u8], index: u64) -> u8 {
    (table[(index >> 1) as usize] >> ((index & 1) * 4)) & 15
}

impl<'a> Heuristic<'a> {
    /// Borrow the tables of a loaded set: Korf's four, and the coset table if loaded.
    pub fn new(set: &'a TableSet) -> Self {
        Heuristic {
            corners: set.corners.payload(),
            edges7: set.edges7.as_ref().map_or(&[][..], |t| t.payload()),
            edgeperm: set.edgeperm.as_ref().map_or(&[][..], |t| t.payload()),
            coset: set
                .coset
                .as_ref()
                .map(|t| (t.payload(), crate::coset::coset_coords())),
            coset4: set.coset4.as_ref().map(|t| Coset4 {
                payload: t.payload(),
                base: t.base(),
                coords: coset::coords_for(coset::Variant::SliceFlips),
            }),
            flipslice: set.flipslice.as_ref().map(|t| FlipSlice {
                payload: t.payload(),
                base: t.base(),
                coords: crate::flipslice::flipslice_coords(),
            }),
            sliceperm: set.sliceperm.as_ref().map(|t| SlicePerm {
                payload: t.payload(),
                base: t.base(),
                coords: crate::sliceperm::sliceperm_coords(),
            }),
            full_edge: set.full_edge.as_ref().map(|t| FullEdge {
                payload: t.payload(),
                coords: crate::full_edge::full_edge_coords(),
            }),
            korf_edges: set.edges7.is_some() && set.edgeperm.is_some(),
        }
    }

    /// Coset table value of the inverse of `s` (0 when the table is not loaded).
    #[inline(always)]
    pub fn coset_inverse(&self, s: &Cube) -> u8 {
        match self.coset {
            Some(_) => self.coset(&s.inverse()),
            None => 0,
        }
    }

    /// Coset table value (0 when the table is not loaded); with the k = 4 table, the
    /// largest over its three axes.
    #[inline(always)]
    pub fn coset(&self, s: &Cube) -> u8 {
        let k0 = match self.coset {
            Some((t, co)) => nibble(t, co.index(s)),
            None => 0,
        };
        let k4 = match self.coset4 {
            Some(c) => k0.max(c.value(s)),
            None => k0,
        };
        let fs = match self.flipslice {
            Some(c) => k4.max(c.value(s)),
            None => k4,
        };
        match self.sliceperm {
            Some(c) => fs.max(c.value(s)),
            None => fs,
        }
    }

    /// Corner table value of an inverse-tracked state.
    #[inline(always)]
    pub fn corners(&self, s: &Cube) -> u8 {
        nibble(self.corners, coord::corner_index(&s.corners))
    }
    /// First 7-edge group.
    #[inline(always)]
    pub fn edges7a(&self, s: &Cube) -> u8 {
        nibble(self.edges7, EDGES7_A.rank(&EDGES7_A.project(s)))
    }
    /// Second 7-edge group, through the z2 symmetry.
    #[inline(always)]
    pub fn edges7b(&self, s: &Cube) -> u8 {
        nibble(self.edges7, coord::edge_group_index(&edges7_b_state(s)))
    }
    /// Edge permutation table.
    #[inline(always)]
    pub fn edgeperm(&self, s: &Cube) -> u8 {
        nibble(self.edgeperm, coord::edge_perm_index(&s.edges))
    }

    /// Full-edge table value of `s` and of its inverse, the larger (0 when the table is
    /// not loaded).
    #[inline(always)]
    pub fn full_edge(&self, s: &Cube) -> u8 {
        match self.full_edge {
            Some(f) => f.depth(s).max(f.depth(&s.inverse())),
            None => 0,
        }
    }

    /// The full heuristic value (maximum over all tables).
    pub fn value(&self, s: &Cube) -> u8 {
        self.value_with_full_edge(s, self.full_edge(s))
    }

    /// [`Heuristic::value`] with the full-edge part already known.
    fn value_with_full_edge(&self, s: &Cube, full_edge: u8) -> u8 {
        let v = self
            .corners(s)
            .max(self.coset(s))
            .max(self.coset_inverse(s))
            .max(full_edge);
        if !self.korf_edges {
            return v;
        }
        v.max(self.edges7a(s))
            .max(self.edges7b(s))
            .max(self.edgeperm(s))
    }

    /// `true` if some table proves more than `budget` moves are needed.  Stops at the
    /// first table that does.
    #[inline(always)]
    pub fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        self.corners(s) > budget
            || self.coset(s) > budget
            || self.coset_inverse(s) > budget
            || self.full_edge(s) > budget
            || (self.korf_edges
                && (self.edges7a(s) > budget
                    || self.edges7b(s) > budget
                    || self.edgeperm(s) > budget))
    }
}

/// One task of the parallel driver: a prefix of the solution and the (inverse-tracked)
/// state it leads to, with what every iteration needs of it.
struct Task {
    prefix: Vec<Move>,
    state: Cube,
    /// The heuristic value of `state`.
    value: u8,
    /// With the full-edge table: the exact edge depths of `state` and of its inverse.
    edge_depths: Option<[u8; 2]>,
}

/// Drop the tasks that a symmetry of the position makes redundant; returns how many
/// symmetries the position has.
///
/// A task's search depends only on its (inverse-tracked) state and on the moves allowed
/// next, `ALLOWED_AFTER[last face]`.  Say a symmetry `S` maps task `a`'s state to task
/// `b`'s, `S·a·S⁻¹ = b`, and maps `a`'s allowed moves into `b`'s.  Then every solution `q`
/// below `a` gives the solution `S·q·S⁻¹` below `b`, move by move: its first move is
/// allowed, and putting it in canonical form only swaps two turns of one axis, both allowed
/// after `a` (so after `b`) whenever they can start `q`.  So `b`'s search finds a solution
/// whenever `a`'s does, and `a` can go; when the moves correspond exactly the two tasks
/// decide for each other and the first in search order stays.  For a symmetry of the
/// position (`S·x·S⁻¹ = x`) the image of a task is the task of the conjugated prefix, so
/// a position with `n` symmetries keeps about one task in `n` (the superflip: 48).
fn merge_symmetric_tasks(split: &mut Vec<Task>, cube: &Cube) -> usize {
    use crate::symmetry::{conjugate, conjugate_move_set, stabilizer};
    let symmetries = stabilizer(cube);
    if symmetries.len() == 1 {
        return 1;
    }
    let allowed: Vec<u32> = split
        .iter()
        .map(|t| ALLOWED_AFTER[t.prefix.last().map_or(ROOT, |m| m.face_index())])
        .collect();
    let mut by_state: std::collections::HashMap<Cube, Vec<usize>> = Default::default();
    for (i, t) in split.iter().enumerate() {
        by_state.entry(t.state).or_default().push(i);
    }
    // Covered by a task with strictly more moves allowed, or by one that matches exactly.
    let mut dropped = vec![false; split.len()];
    let mut equal = vec![Vec::new(); split.len()];
    for i in 0..split.len() {
        for &s in &symmetries {
            let moves = conjugate_move_set(allowed[i], s);
            let image = conjugate(&split[i].state, s);
            for &j in by_state.get(&image).into_iter().flatten() {
                if j != i && allowed[j] & moves == moves {
                    if allowed[j] == moves {
                        equal[i].push(j);
                    } else {
                        dropped[i] = true;
                    }
                }
            }
        }
    }
    // A task covered by a wider one is never exactly matched by an uncovered one: the
    // first uncovered task of each class of exact matches stays.
    for i in 0..split.len() {
        if !dropped[i] {
            for &j in &equal[i] {
                dropped[j] = true;
            }
        }
    }
    let mut keep = dropped.iter().map(|d| !d);
    split.retain(|_| keep.next().unwrap_or(true));
    symmetries.len()
}

/// Why a search ended without a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Unsolved {
    /// No solution of at most `max_depth` moves exists.
    MaxDepth,
    /// The time limit ran out.
    Timeout,
}

/// Statistics of one IDA* iteration.
#[derive(Debug, Clone, serde::Serialize)]
pub struct DepthStats {
    pub bound: u8,
    pub nodes: u64,
    pub seconds: f64,
}

/// The outcome of an optimal solve.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The solution (moves to apply to the position), if found.  Proven optimal.
    pub solution: Result<Vec<Move>, Unsolved>,
    pub nodes: u64,
    pub seconds: f64,
    pub depths: Vec<DepthStats>,
    /// Summed busy time of the worker tasks, for measuring thread imbalance.
    pub busy_seconds: f64,
    pub threads: usize,
    /// Set when an upper-bound hook found a solution.
    pub upper_bound: Option<UpperBound>,
    /// What the position's symmetries saved (see `merge_symmetric_tasks`).
    pub symmetry: TaskMerge,
}

/// How many symmetries a position has (1 for most), and how many of the parallel driver's
/// tasks were left after merging those a symmetry makes equivalent, of how many.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct TaskMerge {
    pub symmetries: usize,
    pub tasks: usize,
    pub all_tasks: usize,
}

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
}

impl Default for Options {
    fn default() -> Self {
        Options {
            threads: 0,
            max_depth: 20,
            timeout: None,
            lanes: DEFAULT_LANES,
        }
    }
}

/// A live view of a running search, for progress displays.
#[derive(Debug, Clone, Copy)]
pub struct Snapshot {
    pub bound: u8,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Length of the shortest solution known so far (from the upper-bound hook), if any.
    pub upper: Option<u8>,
}

/// A source of solutions that need not be optimal (the two-phase search), asked between
/// IDA* iterations for an upper bound.  Called as `find(lower, shorter_than, budget)`:
/// every solution shorter than `lower` has been ruled out, so a solution of `lower` moves is
/// optimal; only solutions shorter than `shorter_than` are of use; spend at most `budget`.
/// It must return a sequence that solves the position (it is checked, and ignored if not).
pub type UpperBoundFn<'a> = &'a (dyn Fn(usize, usize, Duration) -> Option<Vec<Move>> + Sync);

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

/// Hooks into a search: a live progress callback and an upper-bound source.
#[derive(Clone, Copy)]
pub struct Hooks<'a> {
    pub progress: Option<&'a (dyn Fn(Snapshot) + Sync)>,
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
    #[error("internal error: the search produced `{0}`, which does not solve the position; please report this")]
    InvalidSolution(String),
    #[error("cannot start worker threads: {0}")]
    Threads(String),
}

struct Shared {
    stop: AtomicBool,
    nodes: AtomicU64,
    busy_nanos: AtomicU64,
    bound: std::sync::atomic::AtomicU8,
    /// Length of the best known solution (0 = none).
    upper: std::sync::atomic::AtomicU8,
    deadline: Option<Instant>,
    timed_out: AtomicBool,
    solution: Mutex<Option<Vec<Move>>>,
}

/// One depth-first pass below a prefix.
struct Worker<'a> {
    h: Heuristic<'a>,
    shared: &'a Shared,
    nodes: u64,
}

/// Most children a node can have: 15 after the first move (18 at the root).
const MAX_CHILDREN: usize = 18;

/// One level of the explicit DFS stack: all children of a node, generated at once so that
/// their first table entries can be prefetched together (the search is bound by memory
/// latency; overlapping the misses of sibling nodes is what makes it fast).
#[derive(Clone, Copy)]
struct Frame {
    children: [Cube; MAX_CHILDREN],
    /// The parent as a position (not inverted), tracked when the coset table is probed on
    /// both sides; a child's is computed only if it survives the other probes.
    forward: Cube,
    moves: [u8; MAX_CHILDREN],
    corner_index: [u32; MAX_CHILDREN],
    second_index: [u64; MAX_CHILDREN],
    len: u8,
    next: u8,
}

const EMPTY_FRAME: Frame = Frame {
    children: [Cube::SOLVED; MAX_CHILDREN],
    forward: Cube::SOLVED,
    moves: [0; MAX_CHILDREN],
    corner_index: [0; MAX_CHILDREN],
    second_index: [0; MAX_CHILDREN],
    len: 0,
    next: 0,
};

#[inline(always)]
fn prefetch(table: &[u8], index: u64) {
    prefetch_line(table, (index >> 1) as usize)
}

#[inline(always)]
fn prefetch_line(table: &[u8], offset: usize) {
    crate::tables::prefetch(table, offset)
}

impl Worker<'_> {
    /// Fill `frame` with the children of `state` (reached by a move of face `last`).  When
    /// the children will be probed (`probe`), compute their first two table indices
    /// (corners, then edges7-A, or the coset table in `COSET` mode) and prefetch those
    /// entries.
    #[inline(always)]
    fn expand<const K: u8>(
        &self,
        frame: &mut Frame,
        state: &Cube,
        forward: &Cube,
        last: usize,
        probe: bool,
        quarter_only: bool,
    ) {
        let mut allowed = ALLOWED_AFTER[last];
        if quarter_only {
            allowed &= QUARTER_TURNS;
        }
        let mut n = 0;
        while allowed != 0 {
            let mi = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let child = state.premove(ALL_MOVES[mi].inverse());
            if probe {
                let ci = coord::corner_index(&child.corners);
                prefetch(self.h.corners, ci);
                let ei = if K == COSET {
                    let (t, co) = self.h.coset.expect("coset mode has the coset table");
                    let i = co.index(&child);
                    prefetch(t, i);
                    i
                } else {
                    let i = EDGES7_A.rank(&EDGES7_A.project(&child));
                    prefetch(self.h.edges7, i);
                    i
                };
                frame.corner_index[n] = ci as u32;
                frame.second_index[n] = ei;
            }
            frame.children[n] = child;
            frame.moves[n] = mi as u8;
            n += 1;
        }
        frame.forward = *forward;
        frame.len = n as u8;
        frame.next = 0;
    }

    /// Search below `start` (reached by `prefix`) for a solution of exactly `bound` moves in
    /// total.  Returns the full solution if found.
    /// `edge_depths`: the exact full-edge depths of `start` on both sides, if known.
    fn dfs(
        &mut self,
        start: &Cube,
        prefix: &[Move],
        bound: usize,
        edge_depths: Option<[u8; 2]>,
    ) -> Option<Vec<Move>> {
        // One copy of the loop per table combination: no per-node dispatch.
        if let (Some(coset4), Some(full_edge)) = (self.h.coset4, self.h.full_edge) {
            let both = Coset4FullEdge { coset4, full_edge };
            return self.dfs_staged(&both, start, prefix, bound, edge_depths);
        }
        if let Some(c) = self.h.coset4 {
            return self.dfs_staged(&c, start, prefix, bound, None);
        }
        if let Some(c) = self.h.flipslice {
            return self.dfs_staged(&c, start, prefix, bound, None);
        }
        if let Some(c) = self.h.sliceperm {
            return self.dfs_staged(&c, start, prefix, bound, None);
        }
        if let Some(f) = self.h.full_edge {
            return self.dfs_staged(&f, start, prefix, bound, edge_depths);
        }
        match (self.h.coset.is_some(), self.h.korf_edges) {
            (false, _) => self.dfs_with::<KORF>(start, prefix, bound),
            (true, false) => self.dfs_with::<COSET>(start, prefix, bound),
            (true, true) => self.dfs_with::<ALL>(start, prefix, bound),
        }
    }

    fn dfs_with<const K: u8>(
        &mut self,
        start: &Cube,
        prefix: &[Move],
        bound: usize,
    ) -> Option<Vec<Move>> {
        let g0 = prefix.len();
        let last = prefix.last().map_or(ROOT, |m| m.face_index());
        if g0 == bound {
            return start.is_solved().then(|| prefix.to_vec());
        }
        let remaining = bound - g0;
        let mut path = [0u8; MAX_DEPTH];
        let mut stack = [EMPTY_FRAME; MAX_DEPTH];
        let start_forward = if K == KORF {
            Cube::SOLVED
        } else {
            start.inverse()
        };
        self.expand::<K>(
            &mut stack[0],
            start,
            &start_forward,
            last,
            remaining > 1,
            false,
        );
        let mut sp = 0usize;
        let mut check = 0u32;
        loop {
            let frame = &mut stack[sp];
            if frame.next == frame.len {
                if sp == 0 {
                    return None;
                }
                sp -= 1;
                continue;
            }
            let k = frame.next as usize;
            frame.next += 1;
            let child = frame.children[k];
            let mi = frame.moves[k];
            self.nodes += 1;
            check += 1;
            if check >= 4096 {
                check = 0;
                if self.should_stop() {
                    return None;
                }
            }
            // Moves still allowed after this child.
            let budget = (remaining - (sp + 1)) as u8;
            if budget == 0 {
                if child.is_solved() {
                    path[sp] = mi;
                    let mut sol = prefix.to_vec();
                    sol.extend(path[..sp + 1].iter().map(|&m| ALL_MOVES[m as usize]));
                    return Some(sol);
                }
                continue;
            }
            let mut child_forward = Cube::SOLVED;
            // The coset value of the tracked inverse x.  When it equals the budget, the next
            // move cannot be a half turn: the solution read backwards solves x by right
            // moves ending in that half turn, which lies in the subgroup, so x would be one
            // move closer to the subgroup than the table says.
            let mut inverse_coset = 0u8;
            let pruned = if K == COSET {
                let (t, _) = self.h.coset.expect("coset mode has the coset table");
                nibble(self.h.corners, frame.corner_index[k] as u64) > budget
                    || {
                        inverse_coset = nibble(t, frame.second_index[k]);
                        inverse_coset > budget
                    }
                    || {
                        child_forward = frame.forward.apply_move(ALL_MOVES[mi as usize]);
                        self.h.coset(&child_forward) > budget
                    }
            } else {
                nibble(self.h.corners, frame.corner_index[k] as u64) > budget
                    || nibble(self.h.edges7, frame.second_index[k]) > budget
                    || (K == ALL
                        && ({
                            inverse_coset = self.h.coset(&child);
                            inverse_coset > budget
                        } || {
                            child_forward = frame.forward.apply_move(ALL_MOVES[mi as usize]);
                            self.h.coset(&child_forward) > budget
                        }))
                    || self.h.edges7b(&child) > budget
                    || self.h.edgeperm(&child) > budget
            };
            if pruned {
                continue;
            }
            path[sp] = mi;
            sp += 1;
            let face = mi as usize / 3;
            let (_, upper) = stack.split_at_mut(sp);
            let quarter_only = (K == COSET || K == ALL) && inverse_coset == budget;
            self.expand::<K>(
                &mut upper[0],
                &child,
                &child_forward,
                face,
                budget > 1,
                quarter_only,
            );
        }
    }

    #[cold]
    fn should_stop(&self) -> bool {
        self.shared.should_stop()
    }
}

impl Shared {
    /// Whether to stop: another thread found a solution, or the deadline passed (which
    /// this call then records).
    #[cold]
    fn should_stop(&self) -> bool {
        if self.stop.load(Relaxed) {
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

/// Every canonical move sequence of length `len`, with the inverse-tracked state it reaches
/// from `start`.
fn prefixes(start: &Cube, len: usize) -> Vec<(Vec<Move>, Cube)> {
    let mut out = vec![(Vec::new(), *start)];
    for _ in 0..len {
        let mut next = Vec::new();
        for (seq, s) in &out {
            let last = seq.last().map_or(ROOT, |m: &Move| m.face_index());
            for m in ALL_MOVES {
                if ALLOWED_AFTER[last] & (1 << m.index()) != 0 {
                    let mut q = seq.clone();
                    q.push(m);
                    next.push((q, s.premove(m.inverse())));
                }
            }
        }
        out = next;
    }
    out
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
    let progress = hooks.progress;
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
    let shared = Shared {
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        busy_nanos: AtomicU64::new(0),
        bound: std::sync::atomic::AtomicU8::new(0),
        upper: std::sync::atomic::AtomicU8::new(0),
        deadline: opts.timeout.map(|t| start_time + t),
        timed_out: AtomicBool::new(false),
        solution: Mutex::new(None),
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
    let symmetries = merge_symmetric_tasks(&mut split, cube);
    let mut depths = Vec::new();
    let done = AtomicBool::new(false);
    let mut best_known: Option<Vec<Move>> = None;
    let mut bound_seconds = 0.0;
    let mut proved_by_bound = false;

    let result = std::thread::scope(|scope| {
        if let Some(report) = progress {
            let (shared, done) = (&shared, &done);
            scope.spawn(move || {
                while !done.load(Relaxed) {
                    std::thread::sleep(Duration::from_millis(100));
                    report(Snapshot {
                        bound: shared.bound.load(Relaxed),
                        nodes: shared.nodes.load(Relaxed),
                        elapsed: start_time.elapsed(),
                        upper: Some(shared.upper.load(Relaxed)).filter(|&u| u > 0),
                    });
                }
            });
        }
        let mut outcome: Result<Vec<Move>, Unsolved> = Err(Unsolved::MaxDepth);
        let mut last_iteration = Duration::ZERO;
        for bound in h0 as usize..=opts.max_depth as usize {
            shared.bound.store(bound as u8, Relaxed);
            if let Some(find) = hooks.upper_bound {
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
                    let found = find(bound, shorter_than, budget);
                    bound_seconds += asked.elapsed().as_secs_f64();
                    if let Some(sol) = found {
                        if sol.len() < shorter_than && cube.apply_moves(&sol).is_solved() {
                            shared.upper.store(sol.len().min(255) as u8, Relaxed);
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
            let t = Instant::now();
            if bound < SPLIT_DEPTH {
                let mut w = Worker {
                    h,
                    shared: &shared,
                    nodes: 0,
                };
                let found = w.dfs(&inverse, &[], bound, None);
                shared.nodes.fetch_add(w.nodes, Relaxed);
                if let Some(sol) = found {
                    *shared.solution.lock().unwrap() = Some(sol);
                }
            } else {
                // Every thread takes the next task in order, so that all of them work on
                // the front of the list.
                let next_task = AtomicUsize::new(0);
                pool.broadcast(|_| {
                    // The three-axis coset tables interleave several tasks per thread (the
                    // same order of precedence as `Worker::dfs`).
                    let (n, tasks) = (opts.lanes, &split[..]);
                    match (h.coset4, h.full_edge, h.flipslice, h.sliceperm) {
                        (Some(c), None, _, _) => {
                            return lanes::run_tasks(&c, tasks, &next_task, bound, n, &shared)
                        }
                        (None, _, Some(c), _) => {
                            return lanes::run_tasks(&c, tasks, &next_task, bound, n, &shared)
                        }
                        (None, _, None, Some(c)) => {
                            return lanes::run_tasks(&c, tasks, &next_task, bound, n, &shared)
                        }
                        _ => {}
                    }
                    loop {
                        let i = next_task.fetch_add(1, Relaxed);
                        if i >= split.len() || shared.stop.load(Relaxed) {
                            return;
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
                            if let Some(sol) = found {
                                let mut slot = shared.solution.lock().unwrap();
                                if slot.is_none() {
                                    *slot = Some(sol);
                                }
                                shared.stop.store(true, Relaxed);
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
            if shared.timed_out.load(Relaxed) {
                outcome = Err(Unsolved::Timeout);
                break;
            }
        }
        done.store(true, Relaxed);
        outcome
    });

    if let Ok(sol) = &result {
        // Every answer is checked against the position before anyone sees it.
        if !cube.apply_moves(sol).is_solved() {
            return Err(SearchError::InvalidSolution(crate::cube::format_moves(sol)));
        }
    }
    Ok(Outcome {
        solution: result,
        nodes: shared.nodes.load(Relaxed),
        seconds: start_time.elapsed().as_secs_f64(),
        depths,
        busy_seconds: shared.busy_nanos.load(Relaxed) as f64 / 1e9,
        threads,
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

/// Plain iterative deepening with no heuristic (only the canonical-sequence rule): the
/// reference the optimal solver is tested against on short positions.
pub fn solve_without_heuristic(cube: &Cube, max_depth: usize) -> Option<Vec<Move>> {
    fn go(s: &Cube, last: usize, left: usize, path: &mut Vec<Move>) -> bool {
        if left == 0 {
            return s.is_solved();
        }
        for m in ALL_MOVES {
            if ALLOWED_AFTER[last] & (1 << m.index()) == 0 {
                continue;
            }
            path.push(m);
            if go(&s.apply_move(m), m.face_index(), left - 1, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    (0..=max_depth).find_map(|d| {
        let mut path = Vec::new();
        go(cube, ROOT, d, &mut path).then_some(path)
    })
}

/// One level of the k = 4 search's stack: the children of a node that survived every
/// probe, with what their own expansion needs.
#[derive(Clone, Copy)]
struct Survivors {
    /// Inverse-tracked children.
    children: [Cube; MAX_CHILDREN],
    /// The same children as positions (not inverted).
    forwards: [Cube; MAX_CHILDREN],
    /// With the full-edge table: the exact edge depths of each child and of its
    /// position (what the next level's codes are read against).
    edge_depths: [[u8; 2]; MAX_CHILDREN],
    moves: [u8; MAX_CHILDREN],
    /// Moves child `i`'s next move cannot be, on the side the search continues on: a
    /// tight bound rules out the moves of the subgroup as the solution's next move on the
    /// inverse, or as its last move on the position (see [`AxisCoords::excluded`]).
    excluded: [u32; MAX_CHILDREN],
    /// With a three-axis coset table: child `i`'s value on each axis, for the tracked
    /// inverse and for the position (0 where not read), which its own children may share.
    axis_values: [[[u8; 3]; 2]; MAX_CHILDREN],
    /// Bit `i`: the position's tight bound rules out more moves than the inverse's, so the
    /// search below child `i` switches sides and extends the solution from its end.
    switch: u32,
    /// Which end of the solution this frame's moves extend: 0 = after the moves so far
    /// (the position is the cube's), 1 = before the end (the search has switched to the
    /// inverse).
    side: u8,
    /// The face of the last move made on the other side ([`ROOT`] if none).
    other_last: usize,
    len: u8,
    next: u8,
}

const EMPTY_SURVIVORS: Survivors = Survivors {
    children: [Cube::SOLVED; MAX_CHILDREN],
    forwards: [Cube::SOLVED; MAX_CHILDREN],
    edge_depths: [[0; 2]; MAX_CHILDREN],
    moves: [0; MAX_CHILDREN],
    excluded: [0; MAX_CHILDREN],
    axis_values: [[[0; 3]; 2]; MAX_CHILDREN],
    switch: 0,
    side: 0,
    other_last: ROOT,
    len: 0,
    next: 0,
};

/// Keep the live children (`live[..n]`) whose value on `axis` is within `budget`: read
/// from the table at `idx[i][axis]`, or carried over from the node when `inherit[i]` has
/// the axis' bit (then `values[i][axis]` already holds it).  Records each value in
/// `values` and whether it is tight in `tight`; returns how many are kept.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn filter_live<C: AxisCoords>(
    c: &AxisTable<C>,
    live: &mut [u8; MAX_CHILDREN],
    n: usize,
    idx: &[[u64; 3]; MAX_CHILDREN],
    inherit: &[u8; MAX_CHILDREN],
    values: &mut [[u8; 3]; MAX_CHILDREN],
    tight: &mut [u8; MAX_CHILDREN],
    axis: usize,
    budget: u8,
) -> usize {
    keep_live(live, n, |i| {
        let v = if inherit[i] >> axis & 1 != 0 {
            values[i][axis]
        } else {
            packed::get(c.payload, c.base, idx[i][axis])
        };
        values[i][axis] = v;
        tight[i] |= ((v == budget) as u8) << axis;
        v <= budget
    })
}

/// At the last level only a solved child can take part: keep the first of `state`'s
/// children by `allowed` that is solved, if any.  Returns how many children were made.
fn solved_child(out: &mut Survivors, state: &Cube, mut allowed: u32) -> u64 {
    out.len = 0;
    let mut made = 0;
    while allowed != 0 {
        let mi = allowed.trailing_zeros() as usize;
        allowed &= allowed - 1;
        made += 1;
        let child = state.premove(ALL_MOVES[mi].inverse());
        if child.is_solved() {
            out.children[0] = child;
            out.moves[0] = mi as u8;
            out.len = 1;
            break;
        }
    }
    made
}

/// Keep the live children (`live[..m]`) that pass `ok`; returns how many are kept.
#[inline(always)]
fn keep_live(live: &mut [u8; MAX_CHILDREN], m: usize, mut ok: impl FnMut(usize) -> bool) -> usize {
    let mut kept = 0;
    for j in 0..m {
        let i = live[j] as usize;
        if ok(i) {
            live[kept] = i as u8;
            kept += 1;
        }
    }
    kept
}

impl Worker<'_> {
    /// Fill `out` with the children of `node` that survive every probe of a three-axis
    /// coset table.  The node's own values on the tracked side (0 where unknown, still a
    /// lower bound) are shared by the children made by a move of an axis' subgroup.  The probes run in stages over all children at once
    /// (see [`lanes::Expansion`]); this runs the stages back to back.
    #[inline(always)]
    fn expand_three_axes<C: AxisCoords>(
        &mut self,
        c: &AxisTable<C>,
        out: &mut Survivors,
        node: &Node,
    ) {
        if node.budget == 0 {
            out.switch = 0;
            out.next = 0;
            self.nodes += solved_child(out, &node.state, node.allowed);
            return;
        }
        self.nodes += lanes::Expansion::new().run(c, out, node) as u64;
    }

    /// Like [`Worker::expand_three_axes`] for the corner and full-edge tables, in stages:
    /// every child's corner entry and full-edge class entry prefetched, then the corner
    /// test, then the inverse side's table line (prefetched for all survivors, then read),
    /// then the same two stages for the children as positions, with the corner table
    /// probed on that side too.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)] // the node on both sides, as `Staged::expand` passes it
    fn expand_full_edge(&mut self, f: &FullEdge, out: &mut Survivors, node: &Node) {
        let Node {
            state,
            forward,
            depths,
            mut allowed,
            budget,
            ..
        } = *node;
        out.excluded = [0; MAX_CHILDREN];
        out.switch = 0;
        out.next = 0;
        if budget == 0 {
            self.nodes += solved_child(out, &state, allowed);
            return;
        }
        let mut n = 0;
        let mut edge = [[0u8; 2]; MAX_CHILDREN];
        let mut corner = [0u64; MAX_CHILDREN];
        let mut raw = [0usize; MAX_CHILDREN];
        let mut idx = [0u64; MAX_CHILDREN];
        let mut live = [0u8; MAX_CHILDREN];
        while allowed != 0 {
            let mi = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let child = state.premove(ALL_MOVES[mi].inverse());
            corner[n] = coord::corner_index(&child.corners);
            prefetch(self.h.corners, corner[n]);
            raw[n] = f.start_probe(&child);
            out.children[n] = child;
            out.moves[n] = mi as u8;
            n += 1;
        }
        self.nodes += n as u64;
        let corners = self.h.corners;
        for (i, l) in live.iter_mut().enumerate().take(n) {
            *l = i as u8;
        }
        let mut m = keep_live(&mut live, n, |i| nibble(corners, corner[i]) <= budget);
        for &i in &live[..m] {
            let i = i as usize;
            idx[i] = f.locate(&out.children[i], raw[i]);
        }
        m = keep_live(&mut live, m, |i| {
            edge[i][0] = FullEdge::step(depths[0], f.code(idx[i]));
            edge[i][0] <= budget
        });
        // The children as positions.
        for &i in &live[..m] {
            let i = i as usize;
            let x = forward.apply_move(ALL_MOVES[out.moves[i] as usize]);
            corner[i] = coord::corner_index(&x.corners);
            prefetch(corners, corner[i]);
            raw[i] = f.start_probe(&x);
            out.forwards[i] = x;
        }
        for &i in &live[..m] {
            let i = i as usize;
            idx[i] = f.locate(&out.forwards[i], raw[i]);
        }
        m = keep_live(&mut live, m, |i| {
            edge[i][1] = FullEdge::step(depths[1], f.code(idx[i]));
            nibble(corners, corner[i]) <= budget && edge[i][1] <= budget
        });
        for (j, &i) in live[..m].iter().enumerate() {
            let i = i as usize;
            out.children[j] = out.children[i];
            out.forwards[j] = out.forwards[i];
            out.moves[j] = out.moves[i];
            out.edge_depths[j] = edge[i];
        }
        out.len = m as u8;
    }

    /// Drop the children in `out` (filled by [`Worker::expand_three_axes`]) that the full-edge
    /// table rules out on either side, keeping their flags: both sides' class entries
    /// prefetched, then both lines, then the reads.
    #[inline(always)]
    fn filter_full_edge(&mut self, f: &FullEdge, out: &mut Survivors, depths: [u8; 2], budget: u8) {
        let n = out.len as usize;
        if budget == 0 || n == 0 {
            return;
        }
        let mut raw = [[0usize; 2]; MAX_CHILDREN];
        let mut idx = [[0u64; 2]; MAX_CHILDREN];
        for (i, r) in raw.iter_mut().enumerate().take(n) {
            *r = [
                f.start_probe(&out.children[i]),
                f.start_probe(&out.forwards[i]),
            ];
        }
        for (i, x) in idx.iter_mut().enumerate().take(n) {
            *x = [
                f.locate(&out.children[i], raw[i][0]),
                f.locate(&out.forwards[i], raw[i][1]),
            ];
        }
        let (mut kept, mut switch) = (0, 0u32);
        for (i, x) in idx.iter().enumerate().take(n) {
            let edge = [0, 1].map(|side| FullEdge::step(depths[side], f.code(x[side])));
            if edge[0] <= budget && edge[1] <= budget {
                out.children[kept] = out.children[i];
                out.forwards[kept] = out.forwards[i];
                out.moves[kept] = out.moves[i];
                out.edge_depths[kept] = edge;
                out.excluded[kept] = out.excluded[i];
                out.axis_values[kept] = out.axis_values[i];
                switch |= (out.switch >> i & 1) << kept;
                kept += 1;
            }
        }
        out.len = kept as u8;
        out.switch = switch;
    }

    /// The depth-first search below `start` for the tables probed in stages (the k = 4
    /// coset table; corners with full-edge), see [`Worker::dfs`].
    fn dfs_staged<T: Staged>(
        &mut self,
        c: &T,
        start: &Cube,
        prefix: &[Move],
        bound: usize,
        edge_depths: Option<[u8; 2]>,
    ) -> Option<Vec<Move>> {
        let g0 = prefix.len();
        let last = prefix.last().map_or(ROOT, |m| m.face_index());
        if g0 == bound {
            return start.is_solved().then(|| prefix.to_vec());
        }
        let mut walk = Walk::new();
        let root = walk.root(start, bound - g0, ALLOWED_AFTER[last]);
        let root = Node {
            depths: edge_depths.unwrap_or_else(|| c.root_depths(start, &root.forward)),
            values: c.root_values(start),
            ..root
        };
        c.expand(self, walk.top(), &root);
        let mut next_check = self.nodes + 4096;
        loop {
            match walk.next() {
                Descent::Exhausted => return None,
                Descent::Solved(len) => return Some(walk.solution(prefix, len)),
                Descent::Expand(node) => {
                    if self.nodes >= next_check {
                        next_check = self.nodes + 4096;
                        if self.should_stop() {
                            return None;
                        }
                    }
                    c.expand(self, walk.top(), &node);
                }
            }
        }
    }
}

/// A node to expand: the inverse-tracked state and the same node as a position, what its
/// children may share with it, the moves allowed next and the moves left after them.
#[derive(Clone, Copy)]
struct Node {
    state: Cube,
    forward: Cube,
    /// The exact full-edge depths on both sides, when that table takes part.
    depths: [u8; 2],
    /// A three-axis coset table's values on the tracked side (0 = unknown).
    values: [u8; 3],
    allowed: u32,
    budget: u8,
}

/// What a depth-first walk does next.
enum Descent {
    /// Every child of the task's root has been searched.
    Exhausted,
    /// The walk's first `.0` moves solve the cube.
    Solved(usize),
    /// Expand this node into [`Walk::top`].
    Expand(Node),
}

/// The explicit stack of one task's depth-first search: per level, the node's surviving
/// children, and the move taken (and on which side) so far.  No allocation: fixed arrays.
struct Walk {
    /// Moves left after the task's prefix.
    remaining: usize,
    sp: usize,
    path: [u8; MAX_DEPTH],
    sides: [u8; MAX_DEPTH],
    stack: [Survivors; MAX_DEPTH],
}

impl Walk {
    const fn new() -> Self {
        Walk {
            remaining: 0,
            sp: 0,
            path: [0; MAX_DEPTH],
            sides: [0; MAX_DEPTH],
            stack: [EMPTY_SURVIVORS; MAX_DEPTH],
        }
    }

    /// Start a task at `state` (inverse-tracked) with `remaining` (at least 1) moves to
    /// make, the first from `allowed`: the root node, to be expanded into [`Walk::top`].
    fn root(&mut self, state: &Cube, remaining: usize, allowed: u32) -> Node {
        self.remaining = remaining;
        self.sp = 0;
        self.stack[0].side = 0;
        self.stack[0].other_last = ROOT;
        Node {
            state: *state,
            forward: state.inverse(),
            depths: [0; 2],
            values: [0; 3],
            allowed,
            budget: (remaining - 1) as u8,
        }
    }

    /// The frame the next expansion fills.
    #[inline(always)]
    fn top(&mut self) -> &mut Survivors {
        &mut self.stack[self.sp]
    }

    /// Take the next child off the stack: backtrack past exhausted frames, and descend into
    /// the child, on the side its tight bounds chose.
    #[inline(always)]
    fn next(&mut self) -> Descent {
        loop {
            let sp = self.sp;
            let frame = &mut self.stack[sp];
            if frame.next == frame.len {
                if sp == 0 {
                    return Descent::Exhausted;
                }
                self.sp -= 1;
                continue;
            }
            let k = frame.next as usize;
            frame.next += 1;
            let mi = frame.moves[k];
            self.path[sp] = mi;
            self.sides[sp] = frame.side;
            // Moves still allowed after this child.
            let budget = self.remaining - (sp + 1);
            if budget == 0 {
                // Only solved children survive at the last level.
                return Descent::Solved(sp + 1);
            }
            let face = mi as usize / 3;
            let [d0, d1] = frame.edge_depths[k];
            let [v0, v1] = frame.axis_values[k];
            let (node, side, other_last) = if frame.switch & (1 << k) != 0 {
                // The position is exactly as far from the subgroup as its budget, so the
                // solution's *last* move is a quarter turn: continue from that end, on the
                // inverse, where it is the next move.
                let node = Node {
                    state: frame.forwards[k],
                    forward: frame.children[k],
                    depths: [d1, d0],
                    values: v1,
                    allowed: ALLOWED_AFTER[frame.other_last] & !frame.excluded[k],
                    budget: (budget - 1) as u8,
                };
                (node, frame.side ^ 1, face)
            } else {
                let node = Node {
                    state: frame.children[k],
                    forward: frame.forwards[k],
                    depths: [d0, d1],
                    values: v0,
                    allowed: ALLOWED_AFTER[face] & !frame.excluded[k],
                    budget: (budget - 1) as u8,
                };
                (node, frame.side, frame.other_last)
            };
            self.sp += 1;
            self.stack[self.sp].side = side;
            self.stack[self.sp].other_last = other_last;
            return Descent::Expand(node);
        }
    }

    /// The full solution when the walk's first `len` moves solve the task.
    fn solution(&self, prefix: &[Move], len: usize) -> Vec<Move> {
        assemble(prefix, &self.path[..len], &self.sides[..len])
    }
}

/// A table searched by [`Worker::dfs_staged`]: its own expansion of a node into the
/// children that survive its probes (statically dispatched: one copy of the search per
/// table).
trait Staged {
    /// Fill `out` with the children of `node` that survive its probes.
    fn expand(&self, w: &mut Worker, out: &mut Survivors, node: &Node);

    /// The exact full-edge depths of a task's root (both sides), if the table takes part.
    fn root_depths(&self, _state: &Cube, _forward: &Cube) -> [u8; 2] {
        [0, 0]
    }

    /// A three-axis coset table's values of a task's root (tracked inverse), which its
    /// children may share; 0 (always a lower bound) when no such table takes part.
    fn root_values(&self, _state: &Cube) -> [u8; 3] {
        [0; 3]
    }
}

impl<C: AxisCoords> AxisTable<'_, C> {
    /// The values of `state` on the three axes.
    fn root_values(&self, state: &Cube) -> [u8; 3] {
        let p = self.coords.parts(state);
        [0, 1, 2].map(|a| {
            packed::get(
                self.payload,
                self.base,
                self.coords.axis_index(state, &p, a),
            )
        })
    }
}

impl<C: AxisCoords> Staged for AxisTable<'_, C> {
    #[inline(always)]
    fn expand(&self, w: &mut Worker, out: &mut Survivors, node: &Node) {
        w.expand_three_axes(self, out, node)
    }

    fn root_values(&self, state: &Cube) -> [u8; 3] {
        AxisTable::root_values(self, state)
    }
}

/// The k = 4 coset table and the full-edge table together.
#[derive(Clone, Copy)]
struct Coset4FullEdge<'a> {
    coset4: Coset4<'a>,
    full_edge: FullEdge<'a>,
}

impl Staged for Coset4FullEdge<'_> {
    #[inline(always)]
    fn expand(&self, w: &mut Worker, out: &mut Survivors, node: &Node) {
        w.expand_three_axes(&self.coset4, out, node);
        w.filter_full_edge(&self.full_edge, out, node.depths, node.budget);
    }

    fn root_depths(&self, state: &Cube, forward: &Cube) -> [u8; 2] {
        self.full_edge.root_depths(state, forward)
    }

    fn root_values(&self, state: &Cube) -> [u8; 3] {
        self.coset4.root_values(state)
    }
}

impl Staged for FullEdge<'_> {
    #[inline(always)]
    fn expand(&self, w: &mut Worker, out: &mut Survivors, node: &Node) {
        w.expand_full_edge(self, out, node)
    }

    fn root_depths(&self, state: &Cube, forward: &Cube) -> [u8; 2] {
        [self.depth(state), self.depth(forward)]
    }
}

/// The solution of a k = 4 search: the task's prefix, the moves made on the cube's side in
/// order, then those made on the inverse's side, last first and inverted (a move `m` turned
/// on the inverse is `m⁻¹` at that end of the solution).
fn assemble(prefix: &[Move], path: &[u8], sides: &[u8]) -> Vec<Move> {
    let mut sol = prefix.to_vec();
    let moves = path.iter().zip(sides);
    sol.extend(
        moves
            .clone()
            .filter(|(_, &s)| s == 0)
            .map(|(&m, _)| ALL_MOVES[m as usize]),
    );
    sol.extend(
        moves
            .rev()
            .filter(|(_, &s)| s == 1)
            .map(|(&m, _)| ALL_MOVES[m as usize].inverse()),
    );
    sol
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::parse_moves;

    #[test]
    fn a_neighbours_depth_follows_from_its_parents_and_its_code_mod_3() {
        for parent in 0u8..15 {
            for child in parent.saturating_sub(1)..=parent + 1 {
                assert_eq!(
                    FullEdge::step(parent, child % 3),
                    child,
                    "{parent} -> {child}"
                );
            }
        }
    }

    #[test]
    fn a_switched_search_assembles_the_inverse_side_last_first_and_inverted() {
        let prefix = parse_moves("R").unwrap();
        let path: Vec<u8> = parse_moves("U F D' B2")
            .unwrap()
            .iter()
            .map(|m| m.index() as u8)
            .collect();
        // U on the cube's side, then F on the inverse's, D' on the cube's, B2 on the
        // inverse's: the solution ends with B2⁻¹ F⁻¹.
        let sol = assemble(&prefix, &path, &[0, 1, 0, 1]);
        assert_eq!(sol, parse_moves("R U D' B2 F'").unwrap());
        // And such a solution does solve its position: the cube's moves, then the
        // inverse's, both lead to the same middle.
        let cube = Cube::from_moves(&parse_moves("F B2 D U' R'").unwrap());
        assert!(cube.apply_moves(&sol).is_solved());
    }
}
