//! The root split: every canonical prefix of [`split_depth`] moves is one task of the
//! parallel driver; tasks that a symmetry of the position makes redundant are merged away.

use super::{DEEP_SPLIT_DEPTH, ROOT};
use crate::cube::{Cube, Move, MoveRules, ALLOWED_AFTER, ALL_MOVES};
use crate::tables::heuristic::Heuristic;
use crate::tables::Walk;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

/// A task's prefix, kept inline: a root split holds 43,254 of them, and a `Vec` each
/// cost more than the task itself.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Prefix {
    moves: [Move; DEEP_SPLIT_DEPTH],
    len: u8,
}

impl Prefix {
    /// No moves.
    pub(super) const EMPTY: Prefix = Prefix {
        moves: [ALL_MOVES[0]; DEEP_SPLIT_DEPTH],
        len: 0,
    };

    /// This prefix followed by `m` (it has fewer than [`DEEP_SPLIT_DEPTH`] moves).
    pub(super) fn then(mut self, m: Move) -> Prefix {
        self.moves[self.len as usize] = m;
        self.len += 1;
        self
    }

    /// The prefix of `moves` (at most [`DEEP_SPLIT_DEPTH`] of them).
    #[cfg(test)]
    pub(super) fn of(moves: &[Move]) -> Prefix {
        moves.iter().fold(Prefix::EMPTY, |p, &m| p.then(m))
    }
}

impl std::ops::Deref for Prefix {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

/// One task of the parallel driver: a prefix of the solution, with what every iteration
/// needs of the (inverse-tracked) state it leads to.  The state itself is made again where
/// a task starts ([`Task::state`]: four moves), not kept: 20 bytes a task, 865 KB of a
/// root split, which a solve in 64 MiB cannot spare.
pub(super) struct Task {
    pub(super) prefix: Prefix,
    /// The heuristic value of the task's state.
    pub(super) value: u8,
    /// The three-axis table's values of `state` on each axis (`[0; 3]` without one): the
    /// task's root starts from them at every bound.
    pub(super) axis_values: [u8; 3],
    /// What the prefix costs under the search's move rules (its length in face turns).
    pub(super) cost: u8,
    /// With the full-edge table: the exact edge depths of `state` and of its inverse.
    pub(super) edge_depths: Option<[u8; 2]>,
}

impl Task {
    /// The (inverse-tracked) state the prefix leads to from `start`, the position's
    /// inverse: as [`prefixes`] made it.
    pub(super) fn state(&self, start: &Cube) -> Cube {
        self.prefix
            .iter()
            .fold(*start, |s, m| s.premove(m.inverse()))
    }
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
///
/// With a restricted move set (`moves`, a bit per allowed move) only the symmetries that
/// map the set onto itself may merge: another would map a solution to one with turns
/// outside it.  Every symmetry keeps a turn's cost in either metric.
pub(super) fn merge_symmetric_tasks(split: &mut Vec<Task>, cube: &Cube, moves: u32) -> usize {
    let symmetries = move_set_symmetries(cube, moves);
    if symmetries.len() == 1 {
        return 1;
    }
    let start = cube.inverse();
    let index = StateIndex::of(split, &start);
    // Covered by a task with strictly more moves allowed.
    let mut dropped: Vec<bool> = (0..split.len())
        .map(|i| {
            let mut covered = false;
            index.visit_images(split, i, &symmetries, moves, |_, exact| covered |= !exact);
            covered
        })
        .collect();
    // Matched exactly: the first uncovered task of each class of exact matches stays and
    // drops the others (a task covered by a wider one is never exactly matched by an
    // uncovered one).
    let mut matched = Vec::new();
    for i in 0..split.len() {
        if !dropped[i] {
            matched.clear();
            index.visit_images(split, i, &symmetries, moves, |j, exact| {
                if exact {
                    matched.push(j);
                }
            });
            for &j in &matched {
                dropped[j] = true;
            }
        }
    }
    let mut keep = dropped.iter().map(|d| !d);
    split.retain(|_| keep.next().unwrap_or(true));
    symmetries.len()
}

/// The tasks by a hash of their states, so that the tasks reaching a state are found
/// without a table of states beside the split: 12 bytes a task, where a map of states to
/// task lists took 7 MB for a four-move split (2026-12-05; it set the peak resident memory
/// of every symmetric position).  A task's state is made again from its prefix when a hash
/// matches (four moves).
struct StateIndex {
    /// (hash of the state, task), sorted.
    by_hash: Vec<(u64, u32)>,
    start: Cube,
}

impl StateIndex {
    fn of(split: &[Task], start: &Cube) -> StateIndex {
        let mut by_hash: Vec<(u64, u32)> = split
            .iter()
            .enumerate()
            .map(|(i, t)| (state_hash(&t.state(start)), i as u32))
            .collect();
        by_hash.sort_unstable();
        StateIndex {
            by_hash,
            start: *start,
        }
    }

    /// Call `f(j, exact)` for every other task `j` whose state is the image of task `i`'s
    /// under one of `symmetries` and whose allowed moves hold the images of `i`'s: `exact`
    /// when they are exactly those images.
    fn visit_images(
        &self,
        split: &[Task],
        i: usize,
        symmetries: &[usize],
        moves: u32,
        mut f: impl FnMut(usize, bool),
    ) {
        use crate::cube::symmetry::{conjugate, conjugate_move_set};
        let state = split[i].state(&self.start);
        let allowed_i = allowed_after(&split[i], moves);
        for &s in symmetries {
            let image_moves = conjugate_move_set(allowed_i, s);
            let image = conjugate(&state, s);
            let hash = state_hash(&image);
            let from = self.by_hash.partition_point(|&(h, _)| h < hash);
            for &(_, j) in self.by_hash[from..].iter().take_while(|&&(h, _)| h == hash) {
                let j = j as usize;
                let allowed = allowed_after(&split[j], moves);
                if j != i
                    && allowed & image_moves == image_moves
                    && split[j].state(&self.start) == image
                {
                    f(j, allowed == image_moves);
                }
            }
        }
    }
}

/// The moves a task's search may start with (a bit per move).
fn allowed_after(t: &Task, moves: u32) -> u32 {
    ALLOWED_AFTER[t.prefix.last().map_or(ROOT, |m| m.face_index())] & moves
}

fn state_hash(c: &Cube) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::hash::DefaultHasher::new();
    c.hash(&mut h);
    h.finish()
}

/// The symmetries of `cube` that map the move set `moves` (a bit per move) onto itself
/// (all of its symmetries when every move is allowed).
pub(super) fn move_set_symmetries(cube: &Cube, moves: u32) -> Vec<usize> {
    use crate::cube::symmetry::{conjugate_move_set, stabilizer};
    let mut symmetries = stabilizer(cube);
    symmetries.retain(|&s| conjugate_move_set(moves, s) == moves);
    symmetries
}

/// Every canonical move sequence of length `len` made of the moves in `moves` (a bit per
/// move), with the inverse-tracked state it reaches from `start`.
pub(super) fn prefixes(start: &Cube, len: usize, moves: u32) -> Vec<(Prefix, Cube)> {
    let mut out = vec![(Prefix::EMPTY, *start)];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|(seq, s)| children(seq, s, moves))
            .collect();
    }
    out
}

/// The canonical one-move extensions of `prefix` (which leads to `state`) by the moves in
/// `moves`, in move order, with the states they lead to.
pub(super) fn children(
    prefix: Prefix,
    state: Cube,
    moves: u32,
) -> impl Iterator<Item = (Prefix, Cube)> {
    let last = prefix.last().map_or(ROOT, |m: &Move| m.face_index());
    ALL_MOVES
        .into_iter()
        .filter(move |m| ALLOWED_AFTER[last] & moves & (1 << m.index()) != 0)
        .map(move |m| (prefix.then(m), state.premove(m.inverse())))
}

/// How many canonical prefixes of `len` of the `moves` there are: the tasks of a root split
/// before symmetric ones merge ([`prefixes`] makes them), counted without making them.
pub(super) fn prefix_count(len: usize, moves: u32) -> u64 {
    // By the face of the last move (`ROOT`: the empty prefix).
    let mut ending = [0u64; ALLOWED_AFTER.len()];
    ending[ROOT] = 1;
    for _ in 0..len {
        let mut next = [0u64; ALLOWED_AFTER.len()];
        for (last, &count) in ending.iter().enumerate() {
            for m in ALL_MOVES {
                if ALLOWED_AFTER[last] & moves & (1 << m.index()) != 0 {
                    next[m.face_index()] += count;
                }
            }
        }
        ending = next;
    }
    ending.iter().sum()
}

/// How many moves each task's prefix has: [`DEEP_SPLIT_DEPTH`](super::DEEP_SPLIT_DEPTH)
/// for the walks whose tables a task reads cheaply (three-axis coset tables and the plain
/// walk's tables) under the face-turn rules, where the last bound's order matters the
/// most: 43,254 tasks order the last bound finer than 3,240, which found the solution of
/// the first six of the published 16-move list in 35 M nodes a position with `coset-cp`
/// where 3,240 took 65 M (2026-12-05, `lab/2026-12-05-both-ends-and-a-finer-split.md`);
/// [`SPLIT_DEPTH`](super::SPLIT_DEPTH) otherwise: with the full-edge table (a task's
/// exact depth is a descent of up to 14 steps), under move rules (quarter turns,
/// restricted sets), and for every-solution lists, which finish their last bound
/// whatever the order.
pub(super) fn split_depth(h: &Heuristic, rules: MoveRules, all_solutions: bool) -> usize {
    let cheap = matches!(h.walk(), Walk::Axis | Walk::Plain);
    let deep = cheap && rules.is_default() && !all_solutions;
    if deep {
        super::DEEP_SPLIT_DEPTH
    } else {
        super::SPLIT_DEPTH
    }
}

/// The budgets (moves left after a node's children) at which a task's expansions are
/// counted as near misses: [`NearMisses`].
pub(super) const NEAR_BUDGETS: usize = 10;

/// A task's expansions at one bound, by budget, for the budgets below [`NEAR_BUDGETS`]:
/// how close its search came to a solution.  With a large table nodes that deep are rare
/// (flipslice, a 17-move position's bound 16: none below budget 7, 34 at 7, 136 at 8, 5,693
/// at 9, 156,413 at 10), and they lie where the table's values ran out only a few moves
/// from solved.  The staged walk of the three-axis tables counts them (`search::lanes`);
/// the other walks leave them at 0.
pub(super) type NearMisses = [u32; NEAR_BUDGETS];

/// What a task's last search to the end measured (0 until it has one): the nodes it
/// generated and its [`NearMisses`], from which the next bound's order is drawn.  Each
/// count is kept as a [`Tally`] (16 bits, where exact counts took 48 bytes a task: 2.1 MB
/// of a root split, which a solve in 64 MiB cannot spare).
pub(super) struct TaskCounts {
    nodes: AtomicU16,
    near: [AtomicU16; NEAR_BUDGETS],
}

impl TaskCounts {
    pub(super) fn new() -> Self {
        TaskCounts {
            nodes: AtomicU16::new(0),
            near: [0; NEAR_BUDGETS].map(AtomicU16::new),
        }
    }

    /// Record a search of the task to the end.
    pub(super) fn store(&self, nodes: u64, near: &NearMisses) {
        self.nodes.store(Tally::of(nodes).0, Relaxed);
        for (c, &n) in self.near.iter().zip(near) {
            c.store(Tally::of(u64::from(n)).0, Relaxed);
        }
    }

    /// The task's place in the next bound's order, highest first: its near misses, then
    /// its nodes weighted by the moves that may follow `prefix`.
    fn rank(&self, prefix: &[Move]) -> ([u16; NEAR_BUDGETS], u64) {
        let near = self.near.each_ref().map(|n| n.load(Relaxed));
        let nodes = Tally(self.nodes.load(Relaxed)).approximate();
        (near, nodes.saturating_mul(successor_weight(prefix)))
    }
}

/// A count in 16 bits that keeps the order of counts: exact below 2,048; above, its 11
/// leading bits and their place (a 5-bit exponent), so within a part in 1,024, up to
/// 2^42; larger counts read as the largest.  Counts that differ by less than that tie,
/// and ties keep the order the tasks had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Tally(u16);

impl Tally {
    /// The tally of `n`.
    pub(super) fn of(n: u64) -> Tally {
        if n < 2048 {
            return Tally(n as u16);
        }
        let shift = 53 - n.leading_zeros(); // bits past the leading 11
        if shift > 31 {
            return Tally(u16::MAX);
        }
        Tally((shift << 11) as u16 | (n >> shift) as u16)
    }

    /// The count, its bits past the leading 11 read as 0.
    fn approximate(self) -> u64 {
        let shift = u32::from(self.0 >> 11);
        let lead = u64::from(self.0 & 2047);
        lead << shift
    }
}

/// The order in which the next bound takes the tasks (`order`, a permutation of their
/// indices), from what each cost at the bound just searched to the end: the closest
/// misses first (most expansions at the smallest budget reached, then at the next, and so
/// on), then the largest ([`TaskCounts`]).
///
/// A solution one move longer lies below a task in proportion to how many nodes the task
/// has near the bound, which its last search measured; the list built before any search
/// (lowest table value first) knows much less.  (The idea of ordering by nodes is Chen
/// Shuang's, used by vcube and H48; the node counts are exact, so the order is the same
/// whatever the threads and lanes.)  A task whose search went deeper is likelier still:
/// the path to a solution of the next length is one whose values stayed below the bound
/// almost to its end.  Replayed offline over every task's counts with the next bound
/// searched to the end (flipslice, 4-move tasks, `lab/2026-12-02-near-misses-first-eighteenth-session.md`, *Near misses
/// first*), the nodes the last bound spends before its first solution went 7.12 M → 6.22 M
/// a position on the published 17-move list, 0.905 M → 0.843 M on the 16-move list and
/// 47.0 M → 35.7 M on ten of the 18-move list, but 12.13 M → 12.59 M on 20 random 17-move
/// states.  Ties keep the current order.  A task pruned at its root last time counts 0
/// and goes last.
pub(super) fn order_tasks(tasks: &[Task], counts: &[TaskCounts], order: &mut [u32]) {
    // Ranked as compared rather than collected: 43,254 ranks would take 2 MB, which a
    // solve in 64 MiB cannot spare.
    let rank = |i: u32| counts[i as usize].rank(&tasks[i as usize].prefix);
    // A stable sort: ties keep the current order.
    order.sort_by_key(|&i| std::cmp::Reverse(rank(i)));
}

/// A task's nodes at one bound, weighted for how its subtree grows at the next: by how
/// many moves may follow the prefix's last turn (15 after U, R or F, whose opposite face
/// may still come; 12 after D, L or B).  On the published 17-move list (one thread,
/// `flipslice`) this weighting took 10.15 M nodes a position where unweighted counts took
/// 10.33 M and the opposite weighting 10.88 M.
fn successor_weight(prefix: &[Move]) -> u64 {
    let last = prefix.last().map_or(ROOT, |m| m.face_index());
    u64::from(ALLOWED_AFTER[last].count_ones())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::{parse_moves, MoveSet};

    fn task(prefix: &str) -> Task {
        let prefix = parse_moves(prefix).unwrap();
        Task {
            cost: prefix.len() as u8,
            prefix: Prefix::of(&prefix),
            value: 0,
            axis_values: [0; 3],
            edge_depths: None,
        }
    }

    #[test]
    fn prefixes_are_counted_as_made() {
        // 18 · 15 · 13.3…: the canonical sequences of face turns.
        assert_eq!(prefix_count(3, u32::MAX), 3_240);
        assert_eq!(prefix_count(4, u32::MAX), 43_254);
        let rules = [u32::MAX, MoveSet::parse("R,U,F").unwrap().mask(), 0b111];
        for moves in rules {
            for len in 0..=4 {
                let made = prefixes(&Cube::SOLVED, len, moves).len() as u64;
                assert_eq!(prefix_count(len, moves), made, "{len} moves of {moves:#x}");
            }
        }
    }

    #[test]
    fn a_task_makes_again_the_state_its_prefix_reached() {
        let start = Cube::SOLVED.apply_moves(&parse_moves("R U2 F' L D B2").unwrap());
        let made = prefixes(&start, 3, u32::MAX);
        assert_eq!(made.len(), 3_240);
        for (prefix, state) in made {
            let t = Task { prefix, ..task("") };
            assert_eq!(t.state(&start), state, "after {:?}", &prefix[..]);
        }
    }

    /// Counts of tasks searched to the end with these nodes and near misses
    /// (`(task, budget, expansions)`).
    fn counts(nodes: [u64; 4], near: &[(usize, usize, u32)]) -> Vec<TaskCounts> {
        let mut misses = [[0; NEAR_BUDGETS]; 4];
        for &(task, budget, n) in near {
            misses[task][budget] = n;
        }
        (0..4)
            .map(|i| {
                let c = TaskCounts::new();
                c.store(nodes[i], &misses[i]);
                c
            })
            .collect()
    }

    #[test]
    fn the_next_bound_takes_the_largest_tasks_first() {
        let tasks = [task("U R F"), task("U R D"), task("R U F"), task("F U B")];
        let mut order = vec![0, 1, 2, 3];
        order_tasks(&tasks, &counts([100, 0, 5_000, 100], &[]), &mut order);
        // 5,000 nodes first; of the two with 100 the one ending in F (15 moves may
        // follow) before the one ending in B (12); the task pruned at its root last.
        assert_eq!(order, [2, 0, 3, 1]);
        // Ties keep the order they had: tasks 0 and 2 both end in F (105 each; task 1: 108).
        let mut order = vec![3, 2, 1, 0];
        order_tasks(&tasks, &counts([7, 9, 7, 0], &[]), &mut order);
        assert_eq!(order, [1, 2, 0, 3]);
    }

    #[test]
    fn tallies_keep_the_order_of_counts_and_are_exact_below_2048() {
        let mut last = Tally::of(0);
        let mut n = 0u64;
        while n < 1 << 44 {
            let t = Tally::of(n);
            assert!(t >= last, "{n}");
            let back = t.approximate();
            if n < 2048 {
                assert_eq!(back, n);
            } else if n < 1 << 42 {
                assert!(back <= n && n - back <= n / 1024, "{n} read back as {back}");
            }
            last = t;
            n = n + 1 + n / 7;
        }
        assert_eq!(Tally::of(u64::MAX), Tally(u16::MAX));
        assert!(Tally::of(2047) < Tally::of(2048));
        assert!(Tally::of(4095) < Tally::of(4096));
    }

    #[test]
    fn the_closest_misses_go_before_the_largest_tasks() {
        let tasks = [task("U R F"), task("U R D"), task("R U F"), task("F U B")];
        // Task 3 reached budget 7 once; task 1 budget 8 twice, task 0 budget 8 once.
        let near = [(3, 7, 1), (1, 8, 2), (0, 8, 1), (0, 9, 40)];
        let mut order = vec![0, 1, 2, 3];
        order_tasks(&tasks, &counts([100, 50, 5_000, 10], &near), &mut order);
        assert_eq!(order, [3, 1, 0, 2]);
    }

    /// The merge as first written: a map from each task's state to its tasks, and a list
    /// of exact matches per task (7 MB for a four-move split).
    fn merged_through_a_map(split: &[Task], cube: &Cube, moves: u32) -> Vec<bool> {
        use crate::cube::symmetry::{conjugate, conjugate_move_set};
        let symmetries = move_set_symmetries(cube, moves);
        let start = cube.inverse();
        let states: Vec<Cube> = split.iter().map(|t| t.state(&start)).collect();
        let allowed: Vec<u32> = split.iter().map(|t| allowed_after(t, moves)).collect();
        let mut by_state: std::collections::HashMap<Cube, Vec<usize>> = Default::default();
        for (i, &state) in states.iter().enumerate() {
            by_state.entry(state).or_default().push(i);
        }
        let mut dropped = vec![false; split.len()];
        let mut equal = vec![Vec::new(); split.len()];
        for i in 0..split.len() {
            for &s in &symmetries {
                let image_moves = conjugate_move_set(allowed[i], s);
                let image = conjugate(&states[i], s);
                for &j in by_state.get(&image).into_iter().flatten() {
                    if j != i && allowed[j] & image_moves == image_moves {
                        if allowed[j] == image_moves {
                            equal[i].push(j);
                        } else {
                            dropped[i] = true;
                        }
                    }
                }
            }
        }
        for i in 0..split.len() {
            if !dropped[i] {
                for &j in &equal[i] {
                    dropped[j] = true;
                }
            }
        }
        dropped.iter().map(|d| !d).collect()
    }

    #[test]
    fn the_merge_through_hashes_keeps_the_tasks_a_map_of_states_kept() {
        let positions = [
            // The superflip (48 symmetries), the E-slice edges flipped (16), a position
            // symmetric under the half turn about the U-D axis (2), cube in a cube (6).
            "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2",
            "F R' U B2 L' F U D' L' B R2 U' F L' U' D",
            "D' F2 B2 R L F2 B2 D' R' L' D F2 B2 R2 L2 D2 U",
            "F L F U' R U F2 L2 U' L' B D' B' L2 U",
        ];
        let move_sets = [
            MoveSet::ALL.mask(),
            MoveSet::parse("R,L,U,D").unwrap().mask(),
        ];
        for text in positions {
            let cube = Cube::from_moves(&parse_moves(text).unwrap());
            for moves in move_sets {
                let all: Vec<Prefix> = prefixes(&cube.inverse(), 3, moves)
                    .into_iter()
                    .map(|(prefix, _)| prefix)
                    .collect();
                let split_of = || -> Vec<Task> {
                    all.iter()
                        .map(|&prefix| Task { prefix, ..task("") })
                        .collect()
                };
                let split = split_of();
                let kept_before = merged_through_a_map(&split, &cube, moves);
                let mut merged = split_of();
                let symmetries = merge_symmetric_tasks(&mut merged, &cube, moves);
                assert!(symmetries > 1, "{text}");
                let kept: Vec<Prefix> = all
                    .iter()
                    .zip(&kept_before)
                    .filter(|(_, &k)| k)
                    .map(|(&p, _)| p)
                    .collect();
                let now: Vec<Prefix> = merged.iter().map(|t| t.prefix).collect();
                assert!(now.len() < split.len(), "{text}: nothing merged");
                assert!(
                    now == kept,
                    "{text}, moves {moves:#x}: {} kept, {} before",
                    now.len(),
                    kept.len()
                );
            }
        }
    }
}
