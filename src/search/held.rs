//! The search for move sets with slices or wide turns ([`TurnSet`]): IDA* over the cube
//! *as held*, its pieces relative to the centres and where the centres are
//! ([`crate::cube::Held`]).
//!
//! **Sequences searched.** Turns of one axis commute, so a sequence is a series of
//! *blocks* (`AxisBlock`), no two in a row on the same axis.  Each block that the
//! allowed turns can make is written one way: its cheapest in the metric, then the one
//! of fewest turns, then faces before slices before wide turns.  So `R L'` is never
//! written where `M` is cheaper (they differ: `M` also turns the centres), and no
//! sequence is listed twice.
//!
//! **Goal.** The pieces solved relative to the centres, whichever way the centres face:
//! a solution that leaves them turned ends with the rotation that brings the cube back
//! (`Frame::home_rotation`), which no metric counts.
//!
//! **Bound.** A block is at most two face turns relative to the centres, so the tables'
//! value `h` of those (a face-turn or quarter-turn distance, read on the position and on
//! its inverse) bounds the cost left by `h / r`, where `r` is the most the tables' metric
//! can move per unit of the search's metric in one turn: 2 for a slice in the slice-turn
//! metric with face-turn tables, 1 for the rest.  The tests check this against a search
//! without tables.
//!
//! All roots (the cases of a goal) are searched together, bound by bound; each bound's
//! tasks (a root and its first block) are shared among the threads, and the solutions
//! put back in one thread's order.

use super::{TableSet, Unsolved};
use crate::cube::{AxisBlock, Cube, Frame, Metric, Move, Turn, TurnSet};
use crate::tables::heuristic::Heuristic;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use web_time::{Duration, Instant};

/// One block the allowed turns make, as written.
#[derive(Clone, Debug)]
pub(crate) struct BlockOption {
    /// What it does to the three layers of its axis.
    pub block: AxisBlock,
    /// Its cost in the metric.
    pub cost: usize,
    /// How it is written (1–5 turns).
    pub turns: Vec<Turn>,
}

/// The blocks of each axis the allowed turns make, each written its one way.
pub(crate) fn block_options(turns: TurnSet, metric: Metric) -> [Vec<BlockOption>; 3] {
    std::array::from_fn(|axis| {
        // Each layer kind of the axis (near face, far face, slice, near wide, far wide)
        // with the amounts allowed; a kind used twice is never cheaper than once.
        let kinds: Vec<Vec<Turn>> = [
            Turn::face_turn(Move::new(crate::cube::Face::ALL[axis], 1)),
            Turn::face_turn(Move::new(crate::cube::Face::ALL[axis + 3], 1)),
            Turn::slice(axis, 1),
            Turn::wide(crate::cube::Face::ALL[axis], 1),
            Turn::wide(crate::cube::Face::ALL[axis + 3], 1),
        ]
        .iter()
        .map(|layer| {
            (0..3)
                .map(|q| Turn::from_index(layer.index() + q))
                .filter(|&t| turns.contains(t))
                .collect()
        })
        .collect();
        let mut best: Vec<Option<BlockOption>> = vec![None; 64];
        let mut choice = vec![None; kinds.len()];
        collect_blocks(&kinds, 0, &mut choice, axis, metric, &mut best);
        best.into_iter()
            .flatten()
            .filter(|o| !o.block.is_none())
            .collect()
    })
}

/// Every choice of at most one turn per layer kind from `kinds[k..]`: the cheapest way
/// (then the fewest turns) to make each block, kept in `best` by the block's amounts.
fn collect_blocks(
    kinds: &[Vec<Turn>],
    k: usize,
    choice: &mut Vec<Option<Turn>>,
    axis: usize,
    metric: Metric,
    best: &mut [Option<BlockOption>],
) {
    if k == kinds.len() {
        let turns: Vec<Turn> = choice.iter().flatten().copied().collect();
        let block = turns.iter().fold(AxisBlock::none(axis), |b, &t| b.then(t));
        let cost = turns.iter().map(|t| t.cost(metric)).sum();
        let [a, b, c] = block.amounts();
        let slot = &mut best[(a * 16 + b * 4 + c) as usize];
        let better = slot
            .as_ref()
            .is_none_or(|o| (cost, turns.len()) < (o.cost, o.turns.len()));
        if better {
            *slot = Some(BlockOption { block, cost, turns });
        }
        return;
    }
    choice[k] = None;
    collect_blocks(kinds, k + 1, choice, axis, metric, best);
    for &t in &kinds[k] {
        choice[k] = Some(t);
        collect_blocks(kinds, k + 1, choice, axis, metric, best);
    }
    choice[k] = None;
}

/// How far one unit of `metric` can move the tables' measure relative to the centres,
/// as a fraction `(num, den)`: the most over the allowed turns.
fn reach_per_cost(turns: TurnSet, metric: Metric, tables: Metric) -> (usize, usize) {
    let mut best = (1, 1);
    for t in turns.turns() {
        let (moves, _) = Frame::HOME.turn(t.layers());
        let reach: usize = moves.into_iter().flatten().map(|m| tables.cost(m)).sum();
        let cost = t.cost(metric);
        if reach * best.1 > best.0 * cost {
            best = (reach, cost);
        }
    }
    best
}

/// One solution found: the root it solves and its blocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HeldSolution {
    /// Which root (case) it solves.
    pub root: usize,
    /// The turns, as written.
    pub turns: Vec<Turn>,
    /// The rotation that brings the cube back at the end (empty if the centres are home).
    pub rotation: Vec<Turn>,
}

/// What a held search found.
#[derive(Debug)]
pub(crate) struct HeldOutcome {
    /// The solutions, cheapest first (with `within`, all of up to that much more than the
    /// cheapest; otherwise one).
    pub solutions: Vec<HeldSolution>,
    /// Every bound below this was searched to the end with no solution.
    pub proven_lower: usize,
    /// Why it stopped short, if it did.
    pub stopped: Option<Unsolved>,
    /// Nodes generated.
    pub nodes: u64,
}

/// What a held search is asked.
pub(crate) struct HeldQuery<'a> {
    /// The allowed turns.
    pub turns: TurnSet,
    /// How lengths are counted.
    pub metric: Metric,
    /// Also list every solution of up to this much more than the cheapest (`None`: one
    /// solution).
    pub within: Option<usize>,
    /// Stop listing after this many.
    pub max_solutions: Option<usize>,
    /// Give up beyond this cost.
    pub max_cost: usize,
    /// Give up after this long.
    pub timeout: Option<Duration>,
    /// Stop when set.
    pub cancel: Option<&'a AtomicBool>,
    /// Also list sequences that reach the goal before their end and come back to it (a
    /// masked goal that a final turn of U keeps, say): what face-turn searches of masked
    /// positions list.  Otherwise such a sequence is left out.
    pub through_goal: bool,
    /// Threads to search with (0: every core).
    pub threads: usize,
}

/// What bounds a held search and says when it is done: the full-cube tables (the goal
/// the solved cube), a bound built for the query ([`super::pinned::PinnedBound`]), or
/// the larger of two ([`Both`]).  Values are lower bounds on the cost left in the
/// search's metric.
pub trait Bound {
    /// A lower bound on the cost left from `cube` (with its `inverse`); `u8::MAX` if the
    /// goal cannot be reached at all.
    fn value(&self, cube: &Cube, inverse: &Cube) -> u8;
    /// Whether the bound is above `budget`.
    fn exceeds(&self, cube: &Cube, inverse: &Cube, budget: u8) -> bool {
        self.value(cube, inverse) > budget
    }
    /// Whether `cube` is at the goal.
    fn reached(&self, cube: &Cube) -> bool;
}

/// The full-cube tables, read on the cube and on its inverse, their value divided by the
/// most one unit of the search's metric can move it (2 for a slice in the slice-turn
/// metric, else 1); the goal the solved cube.
pub struct TablesBound<'a> {
    h: Heuristic<'a>,
    reach: (usize, usize),
}

impl<'a> TablesBound<'a> {
    /// The bound of `tables` for a search of `turns` counted in `metric`.
    pub fn new(tables: &'a TableSet, turns: TurnSet, metric: Metric) -> TablesBound<'a> {
        let tables_metric = tables.kind().spec().metric;
        TablesBound {
            h: Heuristic::new(tables),
            reach: reach_per_cost(turns, metric, tables_metric),
        }
    }

    /// The bound of tables whose value bounds the search's cost as it is (the slice-turn
    /// tables in a slice-turn search, [`super::slice_turns`]).
    pub(super) fn whole(h: Heuristic<'a>) -> TablesBound<'a> {
        TablesBound { h, reach: (1, 1) }
    }
}

impl Bound for TablesBound<'_> {
    fn value(&self, cube: &Cube, inverse: &Cube) -> u8 {
        let h = self.h.value(cube).max(self.h.value(inverse)) as usize;
        (h * self.reach.1).div_ceil(self.reach.0).min(254) as u8
    }

    fn exceeds(&self, cube: &Cube, inverse: &Cube, budget: u8) -> bool {
        let budget = (budget as usize * self.reach.0 / self.reach.1).min(254) as u8;
        self.h.exceeds_on(cube, budget) || self.h.exceeds_on(inverse, budget)
    }

    fn reached(&self, cube: &Cube) -> bool {
        cube.is_solved()
    }
}

/// The larger of two bounds of one goal (the first's goal test is used).
pub struct Both<A, B>(pub A, pub B);

impl<A: Bound, B: Bound> Bound for Both<A, B> {
    fn value(&self, cube: &Cube, inverse: &Cube) -> u8 {
        self.0.value(cube, inverse).max(self.1.value(cube, inverse))
    }

    fn exceeds(&self, cube: &Cube, inverse: &Cube, budget: u8) -> bool {
        self.1.exceeds(cube, inverse, budget) || self.0.exceeds(cube, inverse, budget)
    }

    fn reached(&self, cube: &Cube) -> bool {
        self.0.reached(cube)
    }
}

/// Deepest a held search goes, in turns.
const MAX_TURNS: usize = 40;

struct HeldWalk<'a, B> {
    h: &'a B,
    options: &'a [Vec<BlockOption>; 3],
    through_goal: bool,
    path: Vec<(usize, usize)>,
    found: Vec<HeldSolution>,
    list: bool,
    max_solutions: usize,
    nodes: u64,
    next_check: u64,
    deadline: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
    stopped: Option<Unsolved>,
    root: usize,
}

/// Search `roots` (cubes relative to their centres, held with the centres at home)
/// together for the cheapest sequences of `query.turns` that solve one of them.
pub(crate) fn search_held(tables: &TableSet, roots: &[Cube], query: &HeldQuery) -> HeldOutcome {
    let bound = TablesBound::new(tables, query.turns, query.metric);
    search_held_with(bound, roots, query)
}

/// [`search_held`] with another bound and goal.
///
/// Each cost bound is one pass over *tasks*, a root and its first block each, shared out
/// to `query.threads` threads; the solutions are put back in the order one thread would
/// have found them (root, then first block, then depth first), so the answer does not
/// depend on the thread count.
pub(crate) fn search_held_with<B: Bound + Sync>(
    bound: B,
    roots: &[Cube],
    query: &HeldQuery,
) -> HeldOutcome {
    let options = block_options(query.turns, query.metric);
    let lower = |c: &Cube| match bound.value(c, &c.inverse()) {
        u8::MAX => usize::MAX,
        h => h as usize,
    };
    // Each root's bound, read once: a root is searched from the first bound it meets.
    let lowers: Vec<usize> = roots.iter().map(lower).collect();
    let mut cost = lowers.iter().copied().min().unwrap_or(0);
    if cost == usize::MAX {
        // The bound proves no root can reach the goal.
        return HeldOutcome {
            solutions: Vec::new(),
            proven_lower: 0,
            stopped: Some(Unsolved::Unreachable),
            nodes: 0,
        };
    }
    let pass = Pass {
        bound: &bound,
        options: &options,
        query,
        deadline: query.timeout.map(|t| Instant::now() + t),
        roots,
        lowers: &lowers,
    };
    let (mut found, mut nodes, mut stopped, mut cheapest) = (Vec::new(), 0, None, None);
    while cost <= query.max_cost {
        let room = query.max_solutions.unwrap_or(usize::MAX) - found.len();
        let (more, n, why) = pass.run(cost, room);
        found.extend(more);
        nodes += n;
        stopped = why;
        if stopped.is_some() {
            break;
        }
        if cheapest.is_none() && !found.is_empty() {
            cheapest = Some(cost);
        }
        if cheapest.is_some_and(|c| query.within.is_none() || cost >= c + query.within.unwrap_or(0))
        {
            break;
        }
        cost += 1;
    }
    let stopped = match stopped {
        None if found.is_empty() => Some(Unsolved::MaxDepth),
        s => s,
    };
    HeldOutcome {
        solutions: found,
        proven_lower: cheapest.filter(|_| stopped.is_none()).unwrap_or(cost),
        stopped,
        nodes,
    }
}

/// What every pass of one search shares.
struct Pass<'a, B> {
    bound: &'a B,
    options: &'a [Vec<BlockOption>; 3],
    query: &'a HeldQuery<'a>,
    deadline: Option<Instant>,
    roots: &'a [Cube],
    lowers: &'a [usize],
}

/// One task's result: its solutions, nodes, and why it stopped short.
type TaskResult = (Vec<HeldSolution>, u64, Option<Unsolved>);

impl<B: Bound + Sync> Pass<'_, B> {
    /// A walk for root `root`, keeping at most `room` solutions.
    fn walk(&self, root: usize, room: usize) -> HeldWalk<'_, B> {
        HeldWalk {
            h: self.bound,
            options: self.options,
            through_goal: self.query.through_goal,
            path: Vec::with_capacity(MAX_TURNS),
            found: Vec::new(),
            list: self.query.within.is_some(),
            max_solutions: room,
            nodes: 0,
            next_check: 4096,
            deadline: self.deadline,
            cancel: self.query.cancel,
            stopped: None,
            root,
        }
    }

    /// Search every root at cost bound `cost`, keeping at most `room` solutions: the
    /// solutions in order, the nodes, and why it stopped short.
    fn run(&self, cost: usize, room: usize) -> TaskResult {
        let mut tasks = Vec::new();
        let mut found = Vec::new();
        for (r, root) in self.roots.iter().enumerate() {
            if self.lowers[r] > cost {
                continue;
            }
            if self.bound.reached(root) {
                if cost == 0 {
                    let mut w = self.walk(r, room);
                    w.keep(Frame::HOME);
                    found.extend(w.found);
                }
                if cost == 0 || !self.query.through_goal {
                    continue;
                }
            }
            for axis in 0..3 {
                tasks.extend((0..self.options[axis].len()).map(|i| (r, axis, i)));
            }
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let threads = crate::threads::count(self.query.threads).min(tasks.len().max(1));
        let done: Vec<Vec<(usize, TaskResult)>> = crate::threads::run_each(threads, |_| {
            let mut mine = Vec::new();
            loop {
                let t = next.fetch_add(1, Relaxed);
                let Some(&(r, axis, i)) = tasks.get(t) else {
                    break mine;
                };
                let mut w = self.walk(r, room);
                let root = self.roots[r];
                w.child(root, root.inverse(), Frame::HOME, (axis, i), cost);
                let stop = w.stopped.is_some();
                mine.push((t, (w.found, w.nodes, w.stopped)));
                if stop {
                    // Time, cancel or the list's limit: the other threads see it too.
                    break mine;
                }
            }
        });
        let mut done: Vec<(usize, TaskResult)> = done.into_iter().flatten().collect();
        done.sort_by_key(|(t, _)| *t);
        let (mut nodes, mut stopped) = (0, None);
        for (_, (more, n, why)) in done {
            nodes += n;
            stopped = stopped.or(why);
            found.extend(more);
        }
        if self.query.within.is_none() {
            found.truncate(1);
        } else if found.len() > room {
            found.truncate(room);
            stopped = Some(Unsolved::Interrupted);
        }
        (found, nodes, stopped)
    }
}

impl<B: Bound> HeldWalk<'_, B> {
    /// Whether the search must stop (time, cancel), checked every 4096 nodes.
    fn must_stop(&mut self) -> bool {
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 4096;
            if self.cancel.is_some_and(|c| c.load(Relaxed)) {
                self.stopped = Some(Unsolved::Interrupted);
            } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = Some(Unsolved::Timeout);
            }
        }
        self.stopped.is_some()
    }

    /// The children of one node: `cube` relative to the centres (and its inverse), held
    /// in `frame`, reached by a block of axis `last`, with `left` to spend.
    fn node(&mut self, cube: Cube, inverse: Cube, frame: Frame, last: usize, left: usize) {
        if self.h.reached(&cube) {
            if left == 0 {
                self.keep(frame);
                return;
            }
            if !self.through_goal {
                // A sequence that reaches the goal before its end is not listed.
                return;
            }
        }
        if self.must_stop() || self.path.len() >= MAX_TURNS {
            return;
        }
        for axis in (0..3).filter(|&a| a != last) {
            for i in 0..self.options[axis].len() {
                self.child(cube, inverse, frame, (axis, i), left);
                if self.stopped.is_some() || (!self.list && !self.found.is_empty()) {
                    return;
                }
            }
        }
    }

    /// The child of a node by block `i` of `axis`, and what lies below it.
    fn child(
        &mut self,
        cube: Cube,
        inverse: Cube,
        frame: Frame,
        (axis, i): (usize, usize),
        left: usize,
    ) {
        let cost = self.options[axis][i].cost;
        if cost > left {
            return;
        }
        self.nodes += 1;
        let (moves, next_frame) = frame.turn(self.options[axis][i].block);
        let (mut c, mut inv) = (cube, inverse);
        for m in moves.into_iter().flatten() {
            c = c.apply_move(m);
            inv = inv.premove(m.inverse());
        }
        let rest = left - cost;
        if rest > 0 && self.h.exceeds(&c, &inv, rest.min(254) as u8) {
            return;
        }
        if rest == 0 && !self.h.reached(&c) {
            return;
        }
        self.path.push((axis, i));
        self.node(c, inv, next_frame, axis, rest);
        self.path.pop();
    }

    /// Keep the path as a solution ending in `frame`.
    fn keep(&mut self, frame: Frame) {
        if self.found.len() >= self.max_solutions {
            self.stopped = Some(Unsolved::Interrupted);
            return;
        }
        let turns = self
            .path
            .iter()
            .flat_map(|&(axis, i)| self.options[axis][i].turns.iter().copied())
            .collect();
        self.found.push(HeldSolution {
            root: self.root,
            turns,
            rotation: frame.home_rotation(),
        });
    }
}
