//! The walk under move rules other than the default
//! ([`MoveRules`](crate::cube::MoveRules)): the quarter-turn metric, a restricted set of
//! turns, or both.
//!
//! A node is reached with `left` = the bound minus what the moves so far cost; a child made
//! by move `m` has `left - cost(m)` left, and is pruned when a table read on the tracked
//! inverse or on the position proves more than that.  Any table of the whole cube bounds
//! a search with fewer turns allowed, and a face-turn table bounds a quarter-turn search
//! (a position is never fewer quarter turns than face turns from solved); a quarter-turn
//! table bounds it more tightly.  No allocation: a fixed path, recursion on the stack.

use super::worker::Worker;
use super::ROOT;
use crate::cube::{Cube, Metric, Move, ALLOWED_AFTER, ALL_MOVES};
use std::sync::atomic::Ordering::Relaxed;

/// Most moves a solution under move rules may have (a bound of at most this).
pub(super) const RULED_DEPTH: usize = 32;

/// The deepest bound a search under move rules runs.
pub(super) const RULED_MAX_BOUND: usize = 30;

/// What stays fixed along one task's walk.
struct RuledWalk<'p> {
    prefix: &'p [Move],
    path: [u8; RULED_DEPTH],
    metric: Metric,
    /// The allowed turns (bit per move).
    moves: u32,
    next_check: u64,
    /// The search was stopped (a stop flag, the deadline, or the solutions' cap).
    stopped: bool,
}

impl RuledWalk<'_> {
    /// The task's prefix followed by the walk's first `depth` moves.
    fn solution(&self, depth: usize) -> Vec<Move> {
        let mut sol = self.prefix.to_vec();
        sol.extend(self.path[..depth].iter().map(|&m| ALL_MOVES[m as usize]));
        sol
    }
}

impl Worker<'_> {
    /// Search below `start` (inverse-tracked, reached by `prefix`) for a solution costing
    /// exactly `bound` under the search's move rules.  Returns the full solution if found
    /// (when every solution is wanted, they are kept and the walk goes on).
    pub(super) fn dfs_ruled(
        &mut self,
        start: &Cube,
        prefix: &[Move],
        bound: usize,
    ) -> Option<Vec<Move>> {
        let rules = self.shared.rules;
        let spent = rules.length(prefix);
        if spent > bound || bound > RULED_MAX_BOUND {
            return None;
        }
        let last = prefix.last().map_or(ROOT, |m| m.face_index());
        let mut walk = RuledWalk {
            prefix,
            path: [0; RULED_DEPTH],
            metric: rules.metric,
            moves: rules.moves.mask(),
            next_check: self.nodes + 4096,
            stopped: false,
        };
        self.ruled_node(&mut walk, start, &start.inverse(), last, bound - spent, 0)
    }

    /// The children of one node (`state` tracked as the inverse, `forward` the position),
    /// reached by a turn of face `last`, with `left` to spend; `depth` moves made so far.
    fn ruled_node(
        &mut self,
        w: &mut RuledWalk,
        state: &Cube,
        forward: &Cube,
        last: usize,
        left: usize,
        depth: usize,
    ) -> Option<Vec<Move>> {
        if left == 0 {
            return state
                .is_solved()
                .then(|| w.solution(depth))
                .and_then(|sol| {
                    let kept = self.shared.keep(sol);
                    w.stopped |= kept.is_none() && self.shared.stop.load(Relaxed);
                    kept
                });
        }
        if self.nodes >= w.next_check {
            w.next_check = self.nodes + 4096;
            if self.should_stop() {
                w.stopped = true;
                return None;
            }
        }
        let mut allowed = ALLOWED_AFTER[last] & w.moves;
        while allowed != 0 {
            let mi = allowed.trailing_zeros() as usize;
            allowed &= allowed - 1;
            let m = ALL_MOVES[mi];
            let cost = w.metric.cost(m);
            if cost > left {
                continue;
            }
            self.nodes += 1;
            let rest = left - cost;
            let child = state.premove(m.inverse());
            if rest > 0 && self.h.exceeds_on(&child, rest as u8) {
                continue;
            }
            let child_forward = forward.apply_move(m);
            if rest > 0 && self.h.exceeds_on(&child_forward, rest as u8) {
                continue;
            }
            w.path[depth] = mi as u8;
            let found = self.ruled_node(w, &child, &child_forward, mi / 3, rest, depth + 1);
            if found.is_some() || w.stopped {
                return found;
            }
        }
        None
    }
}
