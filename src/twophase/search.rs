//! The two-phase search proper.
//!
//! Six searches run interleaved: the position seen along each of the three axes (conjugated
//! by the URF3 rotation 0, 1 or 2 times) and the same for its inverse.  For each phase-1
//! length `d1` = 0, 1, 2, … every direction enumerates its phase-1 solutions of exactly `d1`
//! moves ending in a quarter turn of R, L, F or B (any other last move would leave a
//! sequence already tried with a shorter phase 1), and for each runs phase 2 by IDA* within
//! what is left of the length bound.  Each solution lowers the bound; the search ends when
//! a solution meets the target, when the time budget runs out, or when `d1` passes the
//! bound.

use crate::cube::symmetry::{conjugate, symmetries};
use crate::cube::{Cube, Metric, Move, ALLOWED_AFTER, ALL_MOVES, MOVE_COUNT, NO_PREVIOUS};
use crate::tables::phases::coords::{
    phase2_coords, Coords, PHASE2_MASK, PHASE2_MOVES, PHASE2_SLOT, SLICE_PERMS,
};
use crate::tables::phases::prune::PHASE2_HALF;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::time::Duration;
use web_time::Instant;

/// Longest phase-2 tail tried after a phase-1 solution, in face turns.  Longer tails are
/// rarely part of a short solution and cost far more to search; a longer phase 1 covers
/// them.
pub const PHASE2_CAP: usize = 12;

/// [`PHASE2_CAP`] in `metric`: 12 face turns, 18 quarter turns (a phase-2 tail is half
/// turns of R, L, F, B and turns of U and D).
pub const fn phase2_cap(metric: Metric) -> usize {
    match metric {
        Metric::Htm | Metric::Stm => PHASE2_CAP,
        Metric::Qtm => 18,
    }
}
/// Longest sequence the search can hold.
const MAX_LENGTH: usize = 40;

/// The longest solution `--fast` accepts unless told otherwise: God's number in face
/// turns (20), and 30 quarter turns (a quarter-turn two-phase solution is rarely under 26).
pub const fn default_max_length(metric: Metric) -> usize {
    match metric {
        Metric::Htm | Metric::Stm => 20,
        Metric::Qtm => 30,
    }
}

/// What the caller asks of the two-phase search.
#[derive(Clone, Debug)]
pub struct FastOptions {
    /// Accept solutions of at most this many moves (in `metric`).
    pub max_length: usize,
    /// Without a budget, stop at the first acceptable solution; with one, keep looking for
    /// shorter solutions until it runs out (or no shorter one is left to try).  With
    /// `max_length` 20 or more (every position has a solution of 20 moves) the budget does
    /// not end a search that has found nothing yet: it goes on to its first solution, and
    /// only `timeout` ends it empty-handed.  With a shorter `max_length`, which a position
    /// may have no solution within, the budget ends the search found or not.
    pub time: Option<Duration>,
    /// Worker threads (the six directions are dealt out among them).
    pub threads: usize,
    /// With a time budget: stop as soon as a solution of at most this many moves is found
    /// (a known lower bound, so nothing shorter exists).
    pub target: usize,
    /// Give up after this long even without a solution (a hard limit; `time` is the budget
    /// for improving).
    pub timeout: Option<Duration>,
    /// First look, exhaustively, for a solution of at most this many moves (0: skip): a
    /// position a few moves from solved then gets a shortest solution, never a longer one
    /// ([`crate::twophase::TwoPhase::solve`]).
    pub short_pass: usize,
    /// Stop as soon as this flag is set (Ctrl-C, SIGTERM, a client gone), found or not,
    /// with [`FastOutcome::interrupted`] set.
    pub cancel: Option<std::sync::Arc<AtomicBool>>,
    /// Stop after about this many nodes (checked every 64 phase-1 ends), found or not,
    /// with [`FastOutcome::timed_out`] set: a budget that, unlike the times above, gives
    /// the same search on every run (with one thread).
    pub max_nodes: Option<u64>,
    /// What lengths count: face turns (default) or quarter turns, a half turn 2.  Both
    /// phases search by cost in it (the face-turn pruning tables bound quarter turns too).
    pub metric: Metric,
}

/// The default [`FastOptions::short_pass`]: solutions of up to 10 moves are searched
/// exhaustively first.  On a random position that pass finds nothing and costs a small
/// part of a millisecond (`lab/2026-11-25-fast-length-against-time-budget.md`).
pub const SHORT_PASS: usize = 10;

impl Default for FastOptions {
    fn default() -> Self {
        FastOptions {
            max_length: 20,
            time: None,
            threads: 1,
            target: 0,
            timeout: None,
            short_pass: SHORT_PASS,
            cancel: None,
            max_nodes: None,
            metric: Metric::Htm,
        }
    }
}

/// The result of a two-phase search.
#[derive(Clone, Debug)]
pub struct FastOutcome {
    /// The shortest solution found (verified), if any.
    pub solution: Option<Vec<Move>>,
    /// Whether the time budget ran out (the search stopped early).
    pub timed_out: bool,
    /// Whether [`FastOptions::cancel`] stopped the search.
    pub interrupted: bool,
    /// Nodes generated in both phases.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
}

/// One of the six views of the position.
#[derive(Clone, Copy)]
struct Direction {
    cube: Cube,
    /// Index of the symmetry that maps this view's moves back to the position's moves.
    back: usize,
    /// Whether this view is of the inverse.
    inverse: bool,
}

impl Direction {
    fn all(c: &Cube) -> Vec<Direction> {
        let syms = symmetries();
        let inv = c.inverse();
        let mut out: Vec<Direction> = Vec::with_capacity(6);
        for inverse in [false, true] {
            for a in 0..3 {
                let s = 16 * a;
                let base = if inverse { &inv } else { c };
                let d = Direction {
                    cube: conjugate(base, s),
                    back: syms.inverse[s] as usize,
                    inverse,
                };
                // A symmetric position gives the same view twice: search it once.
                if !out.iter().any(|o| o.cube == d.cube) {
                    out.push(d);
                }
            }
        }
        out
    }

    /// Translate a solution of this view into a solution of the position.
    fn translate(&self, seq: &[Move]) -> Vec<Move> {
        let conj = &symmetries().move_conj[self.back];
        let mapped: Vec<Move> = seq.iter().map(|m| conj[m.index()]).collect();
        if self.inverse {
            mapped.iter().rev().map(|m| m.inverse()).collect()
        } else {
            mapped
        }
    }
}

/// State shared by the workers.
struct Shared {
    /// Solutions must have at most this many moves.
    bound: AtomicUsize,
    keep_improving: bool,
    target: usize,
    stop: AtomicBool,
    timed_out: AtomicBool,
    /// The hard limit (`timeout`): stop, found or not.
    deadline: Option<Instant>,
    /// The end of the improving budget (`time`): stop once a solution is known.
    improve_until: Option<Instant>,
    /// Whether a solution has been found (by any worker).
    found: AtomicBool,
    /// The caller's stop flag.
    cancel: Option<std::sync::Arc<AtomicBool>>,
    /// Whether it stopped the search.
    interrupted: AtomicBool,
    /// `max_length` is at least God's number: a solution surely exists.
    surely_solvable: bool,
    metric: Metric,
    /// Nodes generated so far (each worker adds its own at every check and at its end).
    nodes: AtomicU64,
    /// Stop once `nodes` reaches this ([`FastOptions::max_nodes`]).
    max_nodes: u64,
}

/// One direction's search.  `QUARTER`: phase 2 is pruned by the quarter-turn table (a byte
/// per entry) rather than the face-turn `phase2` file (a nibble per entry).
struct Worker<'a, const QUARTER: bool> {
    coords: &'a Coords,
    phase1: &'a [u8],
    phase2: &'a [u8],
    shared: &'a Shared,
    dir: Direction,
    path: [u8; MAX_LENGTH],
    nodes: u64,
    /// Of `nodes`, those already added to [`Shared::nodes`].
    flushed: u64,
    checks: u32,
    best: Option<Vec<Move>>,
    /// Where the last phase-2 search that solved ended (moves in `path`).
    end: usize,
    /// The cost of the phase-1 solutions being enumerated (exactly `d1` of [`Worker::run`]).
    cost1: usize,
}

/// Whether `c` is in phase 2's subgroup: no twist, no flip, the E-slice edges in the
/// E slice.
fn in_phase2_group(c: &Cube) -> bool {
    c.twist_coord() == 0 && c.flip_coord() == 0 && c.edge_perm()[8..].iter().all(|&e| e >= 8)
}

#[inline(always)]
fn nibble(table: &[u8], index: usize) -> usize {
    ((table[index >> 1] >> ((index & 1) * 4)) & 15) as usize
}

/// Quarter turns of R, F, L, B: the only moves phase 1 may end with.
const PHASE1_LAST: u32 = {
    let mut m = 0u32;
    let mut i = 0;
    while i < MOVE_COUNT {
        let face = i / 3;
        if face % 3 != 0 && i % 3 != 1 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

impl<const QUARTER: bool> Worker<'_, QUARTER> {
    fn phase1_distance(&self, c: &Cube) -> usize {
        let idx = self.coords.phase1_index(
            c.twist_coord() as u16,
            c.flip_coord() as u16,
            crate::tables::phases::coords::slice_coord(c),
        );
        nibble(self.phase1, idx as usize)
    }

    /// Run phase 1 of this worker's direction at exactly `d1` moves.  Returns true when the
    /// whole search must stop.
    fn run(&mut self, d1: usize) -> bool {
        self.cost1 = d1;
        let c = self.dir.cube;
        if d1 == 0 {
            return self.phase2_start(0);
        }
        let (t, f, s) = (
            c.twist_coord() as u16,
            c.flip_coord() as u16,
            crate::tables::phases::coords::slice_coord(&c),
        );
        self.phase1(t, f, s, 0, d1, NO_PREVIOUS)
    }

    fn phase1(
        &mut self,
        twist: u16,
        flip: u16,
        slice: u16,
        depth: usize,
        togo: usize,
        last_face: usize,
    ) -> bool {
        let co = self.coords;
        let metric = self.shared.metric;
        let mut allowed = ALLOWED_AFTER[last_face];
        while allowed != 0 {
            let m = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let cost = metric.cost(ALL_MOVES[m]);
            // Phase 1 ends on a quarter turn of R, F, L or B.
            if cost > togo || (cost == togo && PHASE1_LAST & (1 << m) == 0) {
                continue;
            }
            let rest = togo - cost;
            let t = co.twist_move[twist as usize * MOVE_COUNT + m];
            let f = co.flip_move[flip as usize * MOVE_COUNT + m];
            let s = co.slice_move[slice as usize * MOVE_COUNT + m];
            let h = nibble(self.phase1, co.phase1_index(t, f, s) as usize);
            self.nodes += 1;
            if h > rest {
                continue;
            }
            self.path[depth] = m as u8;
            let stop = if rest == 0 {
                self.phase2_start(depth + 1)
            } else {
                self.phase1(t, f, s, depth + 1, rest, m / 3)
            };
            if stop {
                return true;
            }
        }
        false
    }

    fn out_of_time(&mut self) -> bool {
        if self.shared.stop.load(Relaxed) {
            return true;
        }
        self.checks += 1;
        if self.checks % 64 == 0 {
            let all = self
                .shared
                .nodes
                .fetch_add(self.nodes - self.flushed, Relaxed)
                + (self.nodes - self.flushed);
            self.flushed = self.nodes;
            if all >= self.shared.max_nodes {
                self.shared.timed_out.store(true, Relaxed);
                self.shared.stop.store(true, Relaxed);
                return true;
            }
            if self.shared.cancel.as_ref().is_some_and(|c| c.load(Relaxed)) {
                self.shared.interrupted.store(true, Relaxed);
                self.shared.stop.store(true, Relaxed);
                return true;
            }
            let improve_over = (self.shared.found.load(Relaxed) || !self.shared.surely_solvable)
                && self
                    .shared
                    .improve_until
                    .is_some_and(|t| Instant::now() >= t);
            if improve_over {
                if !self.shared.found.load(Relaxed) {
                    // Out of time with nothing found: as a hard limit would end it.
                    self.shared.timed_out.store(true, Relaxed);
                }
                self.shared.stop.store(true, Relaxed);
                return true;
            }
            if let Some(deadline) = self.shared.deadline {
                if Instant::now() >= deadline {
                    self.shared.timed_out.store(true, Relaxed);
                    self.shared.stop.store(true, Relaxed);
                    return true;
                }
            }
        }
        false
    }

    /// Phase 1 ended after `d1` moves: search phase 2 within the bound.
    fn phase2_start(&mut self, d1: usize) -> bool {
        if self.out_of_time() {
            return true;
        }
        let bound = self.shared.bound.load(Relaxed);
        let metric = self.shared.metric;
        let cost1 = self.cost1;
        if cost1 > bound {
            return false;
        }
        let mut c = self.dir.cube;
        for &m in &self.path[..d1] {
            c = c.apply_move(ALL_MOVES[m as usize]);
        }
        // The phase-1 table says `c` is in the subgroup; a damaged table (loaded with
        // --trust-tables) can say so wrongly, and phase 2's coordinates exist only there.
        if !in_phase2_group(&c) {
            return false;
        }
        let (cp, ep, sp) = phase2_coords(&c);
        let max2 = (bound - cost1).min(phase2_cap(metric));
        let h = self.phase2_distance(cp, ep, sp);
        if h > max2 {
            return false;
        }
        let last_face = if d1 == 0 {
            NO_PREVIOUS
        } else {
            self.path[d1 - 1] as usize / 3
        };
        for len2 in h..=max2 {
            if self.phase2(cp, ep, sp, d1, len2, last_face) {
                return self.found(self.end, cost1 + len2);
            }
        }
        false
    }

    #[inline(always)]
    fn phase2_distance(&self, cp: u16, ep: u16, sp: u8) -> usize {
        let i = cp as usize * SLICE_PERMS + sp as usize;
        let j = PHASE2_HALF as usize + ep as usize * SLICE_PERMS + sp as usize;
        if QUARTER {
            (self.phase2[i] as usize).max(self.phase2[j] as usize)
        } else {
            nibble(self.phase2, i).max(nibble(self.phase2, j))
        }
    }

    fn phase2(
        &mut self,
        cp: u16,
        ep: u16,
        sp: u8,
        depth: usize,
        togo: usize,
        last_face: usize,
    ) -> bool {
        if togo == 0 {
            self.end = depth;
            return cp == 0 && ep == 0 && sp == 0;
        }
        let co = self.coords;
        let metric = self.shared.metric;
        let mut allowed = ALLOWED_AFTER[last_face] & PHASE2_MASK;
        const N: usize = PHASE2_MOVES.len();
        while allowed != 0 {
            let m = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let cost = metric.cost(ALL_MOVES[m]);
            if cost > togo {
                continue;
            }
            let slot = PHASE2_SLOT[m] as usize;
            let cp2 = co.corner_perm_move[cp as usize * N + slot];
            let ep2 = co.ud_edge_perm_move[ep as usize * N + slot];
            let sp2 = co.slice_perm_move[sp as usize * N + slot];
            self.nodes += 1;
            if self.phase2_distance(cp2, ep2, sp2) > togo - cost {
                continue;
            }
            self.path[depth] = m as u8;
            if self.phase2(cp2, ep2, sp2, depth + 1, togo - cost, m / 3) {
                return true;
            }
        }
        false
    }

    /// A solution of `len` moves costing `cost` is in `path`.  Returns true when the
    /// search must stop.
    fn found(&mut self, len: usize, cost: usize) -> bool {
        let seq: Vec<Move> = self.path[..len]
            .iter()
            .map(|&m| ALL_MOVES[m as usize])
            .collect();
        self.best = Some(self.dir.translate(&seq));
        self.shared.found.store(true, Relaxed);
        // Only shorter solutions are of interest from now on.
        self.shared.bound.fetch_min(cost.saturating_sub(1), Relaxed);
        if !self.shared.keep_improving || cost <= self.shared.target {
            self.shared.stop.store(true, Relaxed);
            return true;
        }
        false
    }
}

/// Which views of the position a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Views {
    /// All six (the usual search: each view finds other solutions first).
    All,
    /// Only the view with the largest phase-1 distance: enough for an exhaustive search,
    /// since one view's solutions are all the position's solutions, and the cheapest.  If
    /// that distance already exceeds the length bound, nothing is searched.
    Strongest,
}

/// Run the two-phase search on `cube` with the given tables: `phase1` that of the metric
/// searched (or the face-turn one, a weaker bound in quarter turns), `phase2` the face-turn
/// `phase2` file (a quarter-turn search reads the distances of `quarter.rs` instead).
pub fn solve(
    coords: &Coords,
    phase1: &[u8],
    phase2: &[u8],
    cube: &Cube,
    options: &FastOptions,
    views: Views,
) -> FastOutcome {
    let start = Instant::now();
    let keep_improving = options.time.is_some();
    let shared = Shared {
        bound: AtomicUsize::new(options.max_length.min(MAX_LENGTH - 1)),
        keep_improving,
        target: options.target,
        stop: AtomicBool::new(false),
        timed_out: AtomicBool::new(false),
        // The improving budget ends a search that has no solution yet only when a solution
        // within `max_length` may not exist (see `FastOptions::time`).
        deadline: crate::limits::deadline(start, options.timeout),
        improve_until: crate::limits::deadline(start, options.time),
        found: AtomicBool::new(false),
        cancel: options.cancel.clone(),
        interrupted: AtomicBool::new(false),
        surely_solvable: options.max_length >= options.metric.gods_number() as usize,
        nodes: AtomicU64::new(0),
        max_nodes: options.max_nodes.unwrap_or(u64::MAX),
        metric: options.metric,
    };
    let mut directions = Direction::all(cube);
    if views == Views::Strongest {
        let distance = |d: &Direction| {
            let idx = coords.phase1_index(
                d.cube.twist_coord() as u16,
                d.cube.flip_coord() as u16,
                crate::tables::phases::coords::slice_coord(&d.cube),
            );
            nibble(phase1, idx as usize)
        };
        let strongest = *directions
            .iter()
            .max_by_key(|d| distance(d))
            .expect("a position has at least one view");
        if distance(&strongest) > options.max_length {
            return FastOutcome {
                solution: None,
                timed_out: false,
                interrupted: false,
                nodes: 0,
                seconds: start.elapsed().as_secs_f64(),
            };
        }
        directions = vec![strongest];
    }
    let threads = options.threads.clamp(1, directions.len());
    // Phase 2 is pruned by its distances in the metric searched.
    let results = match options.metric {
        Metric::Htm | Metric::Stm => {
            search_directions::<false>(coords, phase1, phase2, &shared, &directions, threads)
        }
        Metric::Qtm => {
            let quarter = crate::tables::phases::quarter::phase2_quarter_turns();
            search_directions::<true>(coords, phase1, quarter, &shared, &directions, threads)
        }
    };
    let solution = results
        .into_iter()
        .flatten()
        .min_by_key(|s| options.metric.length(s));
    FastOutcome {
        solution,
        timed_out: shared.timed_out.load(Relaxed),
        interrupted: shared.interrupted.load(Relaxed),
        nodes: shared.nodes.load(Relaxed),
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// Run the directions' searches, dealt out among `threads` threads; each thread's best
/// solution.
fn search_directions<const QUARTER: bool>(
    coords: &Coords,
    phase1: &[u8],
    phase2: &[u8],
    shared: &Shared,
    directions: &[Direction],
    threads: usize,
) -> Vec<Option<Vec<Move>>> {
    let new_worker = |dir: Direction| Worker {
        coords,
        phase1,
        phase2,
        shared,
        dir,
        path: [0; MAX_LENGTH],
        nodes: 0,
        flushed: 0,
        checks: 0,
        best: None,
        end: 0,
        cost1: 0,
    };
    crate::threads::run_each(threads, |j| {
        let mine: Vec<Direction> = directions
            .iter()
            .enumerate()
            .filter(|(k, _)| k % threads == j)
            .map(|(_, d)| *d)
            .collect();
        let mut workers: Vec<Worker<QUARTER>> = mine.into_iter().map(new_worker).collect();
        let bounds: Vec<usize> = workers
            .iter()
            .map(|w| w.phase1_distance(&w.dir.cube))
            .collect();
        let mut best: Option<Vec<Move>> = None;
        'lengths: for d1 in 0..MAX_LENGTH {
            if d1 > shared.bound.load(Relaxed) {
                break;
            }
            for (w, &h) in workers.iter_mut().zip(&bounds) {
                if h > d1 {
                    continue;
                }
                if w.run(d1) {
                    break 'lengths;
                }
            }
        }
        let mut nodes = 0;
        for w in workers {
            nodes += w.nodes - w.flushed;
            if let Some(s) = w.best {
                let length = |s: &[Move]| shared.metric.length(s);
                if best.as_ref().is_none_or(|b| length(&s) < length(b)) {
                    best = Some(s);
                }
            }
        }
        shared.nodes.fetch_add(nodes, Relaxed);
        best
    })
}
