//! The depth-first walk for Korf's tables and the k = 0 coset table: one frame of
//! children per level, their first two table entries prefetched together.

use super::heuristic::{nibble, prefetch_nibble as prefetch};
use super::worker::Worker;
use super::{MAX_CHILDREN, MAX_DEPTH, ROOT};
use crate::cube::{Cube, Move, ALLOWED_AFTER, ALL_MOVES};
use crate::tables::korf::{Pattern, EDGES7_A};
use crate::tables::probe::QUARTER_TURNS;
use std::sync::atomic::Ordering::Relaxed;

pub(super) const KORF: u8 = 0;
pub(super) const COSET: u8 = 1;
pub(super) const ALL: u8 = 2;
/// The coset table without the corner table.
pub(super) const COSET_ALONE: u8 = 3;

/// Whether mode `k` reads a coset table as its second table (not Korf's edges).
const fn coset_mode(k: u8) -> bool {
    k == COSET || k == COSET_ALONE
}

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
    /// The edge-slices table's index (coset modes, when that table takes part): read
    /// off the edge masks the coset index computes anyway.
    edge_index: [u64; MAX_CHILDREN],
    len: u8,
    next: u8,
}

const EMPTY_FRAME: Frame = Frame {
    children: [Cube::SOLVED; MAX_CHILDREN],
    forward: Cube::SOLVED,
    moves: [0; MAX_CHILDREN],
    corner_index: [0; MAX_CHILDREN],
    second_index: [0; MAX_CHILDREN],
    edge_index: [0; MAX_CHILDREN],
    len: 0,
    next: 0,
};

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
                let ci = if K == COSET_ALONE {
                    0
                } else {
                    let ci = child.corner_coord();
                    prefetch(self.h.corners, ci);
                    ci
                };
                let ei = if coset_mode(K) {
                    let t = self.h.coset.expect("coset mode has the coset table");
                    let (i, masks, slices) = t.coords.index_and_masks(&child);
                    t.prefetch(i);
                    if let Some(e) = self.h.edge_slices {
                        frame.edge_index[n] = e.coords.index_with_slices(&masks, slices);
                        e.prefetch(frame.edge_index[n]);
                    }
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
    /// total, with Korf's tables (`K = KORF`), the k = 0 coset table (`COSET`) or both
    /// (`ALL`).  Returns the full solution if found.
    pub(super) fn dfs_with<const K: u8>(
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
                    // Looking for every solution, the walk goes on after one.
                    match self.shared.keep(sol) {
                        Some(sol) => return Some(sol),
                        None if self.shared.stop.load(Relaxed) => return None,
                        None => {}
                    }
                }
                continue;
            }
            let mut child_forward = Cube::SOLVED;
            // The coset value of the tracked inverse x.  When it equals the budget, the next
            // move cannot be a half turn: the solution read backwards solves x by right
            // moves ending in that half turn, which lies in the subgroup, so x would be one
            // move closer to the subgroup than the table says.
            let mut inverse_coset = 0u8;
            let pruned = if coset_mode(K) {
                let t = self.h.coset.expect("coset mode has the coset table");
                (K == COSET && nibble(self.h.corners, frame.corner_index[k] as u64) > budget)
                    || {
                        inverse_coset = t.at(frame.second_index[k]);
                        inverse_coset > budget
                    }
                    || self
                        .h
                        .edge_slices
                        .is_some_and(|e| e.at(frame.edge_index[k]) > budget)
                    || {
                        child_forward = frame.forward.apply_move(ALL_MOVES[mi as usize]);
                        let (coset, edges) = self.h.coset_k0_and_edges(&child_forward);
                        coset > budget || edges > budget
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
            let quarter_only = (coset_mode(K) || K == ALL) && inverse_coset == budget;
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
}
