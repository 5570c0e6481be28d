//! The depth-first walk for tables read per child ([`PlainProbe`]: Korf's tables, the
//! 48-symmetry coset tables): one frame of children per level, their first table entries
//! prefetched together.

use super::worker::Worker;
use super::{MAX_CHILDREN, MAX_DEPTH, ROOT};
use crate::cube::{Cube, Move, ALLOWED_AFTER, ALL_MOVES};
use crate::tables::probe::{PlainProbe, QUARTER_TURNS};
use std::sync::atomic::Ordering::Relaxed;

/// One level of the explicit DFS stack: all children of a node, generated at once so that
/// their first table entries can be prefetched together (the search is bound by memory
/// latency; overlapping the misses of sibling nodes is what makes it fast).
#[derive(Clone, Copy)]
struct Frame<F: Copy> {
    children: [Cube; MAX_CHILDREN],
    /// The parent as a position (not inverted), tracked when the tables are probed on
    /// both sides; a child's is computed only if it survives the other probes.
    forward: Cube,
    moves: [u8; MAX_CHILDREN],
    /// What each child's first reads need ([`PlainProbe::first`]).
    first: [F; MAX_CHILDREN],
    len: u8,
    next: u8,
}

impl<F: Copy> Frame<F> {
    const fn empty(no_first: F) -> Self {
        Frame {
            children: [Cube::SOLVED; MAX_CHILDREN],
            forward: Cube::SOLVED,
            moves: [0; MAX_CHILDREN],
            first: [no_first; MAX_CHILDREN],
            len: 0,
            next: 0,
        }
    }
}

impl Worker<'_> {
    /// Fill `frame` with the children of `state` (reached by a move of face `last`).  When
    /// the children will be probed (`probe`), their first reads are asked for.
    #[inline(always)]
    fn expand<P: PlainProbe>(
        p: &P,
        frame: &mut Frame<P::First>,
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
                frame.first[n] = p.first(&child);
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
    /// total, pruning by `p`.  Returns the full solution if found.
    pub(super) fn dfs_plain<P: PlainProbe>(
        &mut self,
        p: &P,
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
        let mut stack = [Frame::empty(P::NO_FIRST); MAX_DEPTH];
        let start_forward = if P::BOTH_SIDES {
            start.inverse()
        } else {
            Cube::SOLVED
        };
        Self::expand(
            p,
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
            let forward = &frame.forward;
            let position = || forward.apply_move(ALL_MOVES[mi as usize]);
            let Some(survivor) = p.survives(&child, &frame.first[k], position, budget) else {
                continue;
            };
            path[sp] = mi;
            sp += 1;
            let face = mi as usize / 3;
            let (_, upper) = stack.split_at_mut(sp);
            Self::expand(
                p,
                &mut upper[0],
                &child,
                &survivor.position,
                face,
                budget > 1,
                survivor.quarter_turns_only,
            );
        }
    }
}
