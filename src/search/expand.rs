//! A node's expansion in stages for the tables probed that way (three-axis coset tables,
//! full-edge): every child's entry prefetched, then read, survivors kept, stage by stage.

use super::children::{keep_live, solved_child};
use super::lanes;
use super::walk::{Node, Survivors};
use super::worker::Worker;
use super::MAX_CHILDREN;
use crate::cube::ALL_MOVES;
use crate::tables::probe::{exact_step, AxisCoords, AxisTable, ExactDepth};

impl Worker<'_> {
    /// Fill `out` with the children of `node` that survive every probe of a three-axis
    /// coset table.  The node's own values on the tracked side (0 where unknown, still a
    /// lower bound) are shared by the children made by a move of an axis' subgroup.  The probes run in stages over all children at once
    /// (see [`lanes::Expansion`]); this runs the stages back to back.
    #[inline(always)]
    pub(super) fn expand_three_axes<C: AxisCoords>(
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

    /// Like [`Worker::expand_three_axes`] for an exact-depth table behind its first table
    /// (the full-edge table behind the corners), in stages: every child's first entry and
    /// the exact table's first stage prefetched, then the first table's test, then the
    /// inverse side's exact line (prefetched for all survivors, then read), then the same
    /// two stages for the children as positions, with the first table probed on that
    /// side too.
    #[inline(always)]
    pub(super) fn expand_exact<E: ExactDepth>(&mut self, f: &E, out: &mut Survivors, node: &Node) {
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
            corner[n] = f.first(&child);
            raw[n] = f.start_probe(&child);
            out.children[n] = child;
            out.moves[n] = mi as u8;
            n += 1;
        }
        self.nodes += n as u64;
        for (i, l) in live.iter_mut().enumerate().take(n) {
            *l = i as u8;
        }
        let mut m = keep_live(&mut live, n, |i| f.first_value(corner[i]) <= budget);
        for &i in &live[..m] {
            let i = i as usize;
            idx[i] = f.locate(&out.children[i], raw[i]);
        }
        m = keep_live(&mut live, m, |i| {
            edge[i][0] = exact_step(depths[0], f.code(idx[i]));
            edge[i][0] <= budget
        });
        // The children as positions.
        for &i in &live[..m] {
            let i = i as usize;
            let x = forward.apply_move(ALL_MOVES[out.moves[i] as usize]);
            corner[i] = f.first(&x);
            raw[i] = f.start_probe(&x);
            out.forwards[i] = x;
        }
        for &i in &live[..m] {
            let i = i as usize;
            idx[i] = f.locate(&out.forwards[i], raw[i]);
        }
        m = keep_live(&mut live, m, |i| {
            edge[i][1] = exact_step(depths[1], f.code(idx[i]));
            f.first_value(corner[i]) <= budget && edge[i][1] <= budget
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

    /// Drop the children in `out` (filled by [`Worker::expand_three_axes`]) that an
    /// exact-depth table rules out on either side, keeping their flags: both sides' first
    /// stages prefetched, then both lines, then the reads.
    #[inline(always)]
    pub(super) fn filter_exact<E: ExactDepth>(
        &mut self,
        f: &E,
        out: &mut Survivors,
        depths: [u8; 2],
        budget: u8,
    ) {
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
            let edge = [0, 1].map(|side| exact_step(depths[side], f.code(x[side])));
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
}
