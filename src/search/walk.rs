//! The explicit-stack depth-first walk of one task for the tables probed in stages: the
//! surviving children per level, the side each move was made on, and the solution
//! assembled from both ends.

use super::canonical::{canonical_runs, Turns};
use super::isa::dispatch_walk;
use super::worker::Worker;
use super::{MAX_CHILDREN, MAX_DEPTH, ROOT};
use crate::cube::{Cube, Move, ALL_MOVES};
use crate::tables::probe::{AxisCoords, AxisTable, ExactDepth};
use std::sync::atomic::Ordering::Relaxed;

/// One level of the k = 4 search's stack: the children of a node that survived every
/// probe, with what their own expansion needs.
#[derive(Clone, Copy)]
pub(super) struct Survivors {
    /// Inverse-tracked children.
    pub(super) children: [Cube; MAX_CHILDREN],
    /// The same children as positions (not inverted).
    pub(super) forwards: [Cube; MAX_CHILDREN],
    /// With the full-edge table: the exact edge depths of each child and of its
    /// position (what the next level's codes are read against).
    pub(super) edge_depths: [[u8; 2]; MAX_CHILDREN],
    pub(super) moves: [u8; MAX_CHILDREN],
    /// Moves child `i`'s next move cannot be, on the side the search continues on: a
    /// tight bound rules out the moves of the subgroup as the solution's next move on the
    /// inverse, or as its last move on the position (see [`AxisCoords::excluded`]).
    pub(super) excluded: [u32; MAX_CHILDREN],
    /// With a three-axis coset table: child `i`'s value on each axis, for the tracked
    /// inverse and for the position (0 where not read), which its own children may share.
    pub(super) axis_values: [[[u8; 3]; 2]; MAX_CHILDREN],
    /// Bit `i`: the position's tight bound rules out more moves than the inverse's, so the
    /// search below child `i` switches sides and extends the solution from its end.
    pub(super) switch: u32,
    /// Which end of the solution this frame's moves extend: 0 = after the moves so far
    /// (the position is the cube's), 1 = before the end (the search has switched to the
    /// inverse).
    pub(super) side: u8,
    /// The last move made on this frame's side and on the other side, as [`Turns`]
    /// remembers them.
    pub(super) last: usize,
    pub(super) other_last: usize,
    pub(super) len: u8,
    pub(super) next: u8,
}

pub(super) const EMPTY_SURVIVORS: Survivors = Survivors {
    children: [Cube::SOLVED; MAX_CHILDREN],
    forwards: [Cube::SOLVED; MAX_CHILDREN],
    edge_depths: [[0; 2]; MAX_CHILDREN],
    moves: [0; MAX_CHILDREN],
    excluded: [0; MAX_CHILDREN],
    axis_values: [[[0; 3]; 2]; MAX_CHILDREN],
    switch: 0,
    side: 0,
    last: ROOT,
    other_last: ROOT,
    len: 0,
    next: 0,
};

impl Worker<'_> {
    dispatch_walk! {
        /// The depth-first search below `start` for the tables probed in stages
        /// (three-axis coset tables; exact-depth tables), see [`Worker::dfs`], in the code
        /// for `isa`.
        fn dfs_staged / dfs_staged_wide / dfs_staged_body
            <T: Staged>(
                c: &T, start: &Cube, prefix: &[Move], bound: usize,
                edge_depths: Option<[u8; 2]>
            ) -> Option<Vec<Move>>
    }

    /// [`Self::dfs_staged`]'s walk, inlined into each instruction set's copy.
    #[inline(always)]
    fn dfs_staged_body<T: Staged>(
        &mut self,
        c: &T,
        start: &Cube,
        prefix: &[Move],
        bound: usize,
        edge_depths: Option<[u8; 2]>,
    ) -> Option<Vec<Move>> {
        let turns = Turns::of(self.shared.rules).expect("a staged walk's move rules");
        let g0 = self.shared.rules.length(prefix);
        if g0 >= bound {
            return (g0 == bound && start.is_solved()).then(|| prefix.to_vec());
        }
        let mut walk = Stack::new();
        let root = walk.root(start, bound - g0, turns, turns.after_prefix(prefix));
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
                // Looking for every solution, the walk goes on after one.
                Descent::Solved(len) => match self.shared.keep(walk.solution(prefix, len)) {
                    Some(sol) => return Some(sol),
                    None if self.shared.stop.load(Relaxed) => return None,
                    None => {}
                },
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
pub(super) struct Node {
    pub(super) state: Cube,
    pub(super) forward: Cube,
    /// The exact full-edge depths on both sides, when that table takes part.
    pub(super) depths: [u8; 2],
    /// A three-axis coset table's values on the tracked side (0 = unknown).
    pub(super) values: [u8; 3],
    pub(super) allowed: u32,
    pub(super) budget: u8,
}

/// What a depth-first walk does next.
pub(super) enum Descent {
    /// Every child of the task's root has been searched.
    Exhausted,
    /// The walk's first `.0` moves solve the cube.
    Solved(usize),
    /// Expand this node into [`Stack::top`].
    Expand(Node),
}

/// The explicit stack of one task's depth-first search: per level, the node's surviving
/// children, and the move taken (and on which side) so far.  No allocation: fixed arrays.
pub(super) struct Stack {
    pub(super) turns: Turns,
    /// Moves left after the task's prefix.
    pub(super) remaining: usize,
    pub(super) sp: usize,
    pub(super) path: [u8; MAX_DEPTH],
    pub(super) sides: [u8; MAX_DEPTH],
    pub(super) stack: [Survivors; MAX_DEPTH],
}

impl Stack {
    pub(super) const fn new() -> Self {
        Stack {
            turns: Turns::Face,
            remaining: 0,
            sp: 0,
            path: [0; MAX_DEPTH],
            sides: [0; MAX_DEPTH],
            stack: [EMPTY_SURVIVORS; MAX_DEPTH],
        }
    }

    /// Start a task at `state` (inverse-tracked) with `remaining` (at least 1) moves of
    /// `turns` to make, the first to follow `last` (see [`Turns::after_prefix`]): the
    /// root node, to be expanded into [`Stack::top`].
    pub(super) fn root(
        &mut self,
        state: &Cube,
        remaining: usize,
        turns: Turns,
        last: usize,
    ) -> Node {
        self.turns = turns;
        self.remaining = remaining;
        self.sp = 0;
        self.stack[0].side = 0;
        self.stack[0].last = last;
        self.stack[0].other_last = turns.start();
        Node {
            state: *state,
            forward: state.inverse(),
            depths: [0; 2],
            values: [0; 3],
            allowed: turns.after(last),
            budget: (remaining - 1) as u8,
        }
    }

    /// The frame the next expansion fills.
    #[inline(always)]
    pub(super) fn top(&mut self) -> &mut Survivors {
        &mut self.stack[self.sp]
    }

    /// Take the next child off the stack: backtrack past exhausted frames, and descend into
    /// the child, on the side its tight bounds chose.
    #[inline(always)]
    pub(super) fn next(&mut self) -> Descent {
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
            let turns = self.turns;
            let [d0, d1] = frame.edge_depths[k];
            let [v0, v1] = frame.axis_values[k];
            let (node, side, last, other_last) = if frame.switch & (1 << k) != 0 {
                // The position's tight bounds rule out more moves as the solution's *last*
                // than the inverse's do as its next: continue from that end, on the
                // inverse, where it is the next move.
                let node = Node {
                    state: frame.forwards[k],
                    forward: frame.children[k],
                    depths: [d1, d0],
                    values: v1,
                    allowed: turns.after(frame.other_last) & !frame.excluded[k],
                    budget: (budget - 1) as u8,
                };
                let this = turns.step(frame.last, mi as usize);
                (node, frame.side ^ 1, frame.other_last, this)
            } else {
                let last = turns.step(frame.last, mi as usize);
                let node = Node {
                    state: frame.children[k],
                    forward: frame.forwards[k],
                    depths: [d0, d1],
                    values: v0,
                    allowed: turns.after(last) & !frame.excluded[k],
                    budget: (budget - 1) as u8,
                };
                (node, frame.side, last, frame.other_last)
            };
            self.sp += 1;
            self.stack[self.sp].side = side;
            self.stack[self.sp].last = last;
            self.stack[self.sp].other_last = other_last;
            return Descent::Expand(node);
        }
    }

    /// The full solution when the walk's first `len` moves solve the task.
    pub(super) fn solution(&self, prefix: &[Move], len: usize) -> Vec<Move> {
        let sol = assemble(prefix, &self.path[..len], &self.sides[..len]);
        match self.turns {
            Turns::Face => sol,
            Turns::Quarter => canonical_runs(sol),
        }
    }
}

/// A table searched by [`Worker::dfs_staged`]: its own expansion of a node into the
/// children that survive its probes (statically dispatched: one copy of the search per
/// table).
pub(super) trait Staged {
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

impl<C: AxisCoords> Staged for AxisTable<'_, C> {
    #[inline(always)]
    fn expand(&self, w: &mut Worker, out: &mut Survivors, node: &Node) {
        w.expand_three_axes(self, out, node)
    }

    fn root_values(&self, state: &Cube) -> [u8; 3] {
        AxisTable::root_values(self, state)
    }
}

/// A three-axis coset table and an exact-depth table together.
#[derive(Clone, Copy)]
pub(super) struct AxisAndExact<'a, C: AxisCoords, E: ExactDepth> {
    pub(super) axis: AxisTable<'a, C>,
    pub(super) exact: E,
}

impl<C: AxisCoords, E: ExactDepth> Staged for AxisAndExact<'_, C, E> {
    #[inline(always)]
    fn expand(&self, w: &mut Worker, out: &mut Survivors, node: &Node) {
        w.expand_three_axes(&self.axis, out, node);
        w.filter_exact(&self.exact, out, node.depths, node.budget);
    }

    fn root_depths(&self, state: &Cube, forward: &Cube) -> [u8; 2] {
        [self.exact.depth(state), self.exact.depth(forward)]
    }

    fn root_values(&self, state: &Cube) -> [u8; 3] {
        self.axis.root_values(state)
    }
}

/// An exact-depth table behind its first table, walked alone.
#[derive(Clone, Copy)]
pub(super) struct Exact<E: ExactDepth>(pub(super) E);

impl<E: ExactDepth> Staged for Exact<E> {
    #[inline(always)]
    fn expand(&self, w: &mut Worker, out: &mut Survivors, node: &Node) {
        w.expand_exact(&self.0, out, node)
    }

    fn root_depths(&self, state: &Cube, forward: &Cube) -> [u8; 2] {
        [self.0.depth(state), self.0.depth(forward)]
    }
}

/// The solution of a search that extends it at both ends (the staged walks and the plain
/// walk on both sides): the task's prefix, the moves made on the cube's side in
/// order, then those made on the inverse's side, last first and inverted (a move `m` turned
/// on the inverse is `m⁻¹` at that end of the solution).
pub(super) fn assemble(prefix: &[Move], path: &[u8], sides: &[u8]) -> Vec<Move> {
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
