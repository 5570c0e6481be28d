//! Which move sequences the staged walks make, each once (canonical sequences): every face
//! turn (the face-turn metric), or quarter turns alone (the quarter-turn metric).
//!
//! In quarter turns every move of the walk costs one, as in face turns, so the walk's
//! budget still falls by one per level and its tables' tight bounds keep their meaning.  A
//! half turn is made as two clockwise quarter turns in a row (`U U`, never `U' U'`), and
//! assembled back into `U2`; otherwise the canonical rules are those of face turns: a face
//! never follows itself, and of two opposite faces only U before D, R before L, F before B.
//! Each side of a walk that switches sides keeps its own last move, so on the inverse's
//! side a half turn is `U U` there, that is `U' U'` in the solution; and where the sides
//! meet, runs such as `R L2 R` can arise. [`canonical_runs`] writes every run of one axis
//! canonically.

use super::ROOT;
use crate::cube::{Metric, Move, MoveRules, ALLOWED_AFTER, ALL_MOVES, MOVE_COUNT};
use crate::tables::probe::QUARTER_TURNS;
use crate::tables::Walk;

/// The walk's move alphabet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Turns {
    /// All 18 face turns; a side's last move is remembered by its face ([`ROOT`] at the
    /// start).
    Face,
    /// The 12 quarter turns; a side's last move is remembered by its move index, a
    /// clockwise quarter turn made twice by the index of the half turn ([`QUARTER_ROOT`]
    /// at the start).
    Quarter,
}

/// A quarter-turn side's "last move" before its first.
const QUARTER_ROOT: usize = MOVE_COUNT;

/// Bit `m` of `QUARTER_AFTER[last]`: quarter turn `m` may follow `last` (a move index, a
/// half turn's standing for a clockwise quarter turn made twice, or [`QUARTER_ROOT`]).
const QUARTER_AFTER: [u32; MOVE_COUNT + 1] = {
    let mut t = [QUARTER_TURNS; MOVE_COUNT + 1];
    let mut last = 0;
    while last < MOVE_COUNT {
        let face = last / 3;
        t[last] = ALLOWED_AFTER[face] & QUARTER_TURNS;
        if last % 3 == 0 {
            // Once more the same way: a half turn.
            t[last] |= 1 << last;
        }
        last += 1;
    }
    t
};

impl Turns {
    /// The alphabet for a search under `rules`, if a staged walk can make it: every turn
    /// allowed, in either metric.
    pub(super) fn of(rules: MoveRules) -> Option<Turns> {
        match (rules.moves.is_all(), rules.metric) {
            (false, _) => None,
            (true, Metric::Htm | Metric::Stm) => Some(Turns::Face),
            (true, Metric::Qtm) => Some(Turns::Quarter),
        }
    }

    /// Whether `walk` makes the sequences `rules` allow itself: every walk those of the
    /// default rules, the three-axis coset walk also those of the quarter-turn metric.
    /// Other rules take the walk of `ruled`.
    pub(super) fn walk_takes(walk: Walk, rules: MoveRules) -> bool {
        rules.is_default() || (walk == Walk::Axis && Turns::of(rules).is_some())
    }

    /// A side's last move before its first.
    #[inline(always)]
    pub(super) const fn start(self) -> usize {
        match self {
            Turns::Face => ROOT,
            Turns::Quarter => QUARTER_ROOT,
        }
    }

    /// The last move of a task's prefix, as the walk below it remembers it.  In quarter
    /// turns the prefix's last face is closed (as if turned twice): a prefix ending in `U`
    /// followed by `U` would be the task ending in `U2`.
    pub(super) fn after_prefix(self, prefix: &[Move]) -> usize {
        match (self, prefix.last()) {
            (_, None) => self.start(),
            (Turns::Face, Some(m)) => m.face_index(),
            (Turns::Quarter, Some(m)) => m.face_index() * 3 + 1,
        }
    }

    /// The moves that may follow `last`.
    #[inline(always)]
    pub(super) fn after(self, last: usize) -> u32 {
        match self {
            Turns::Face => ALLOWED_AFTER[last],
            Turns::Quarter => QUARTER_AFTER[last],
        }
    }

    /// What a side remembers after move `mi` follows `last`.
    #[inline(always)]
    pub(super) fn step(self, last: usize, mi: usize) -> usize {
        match self {
            Turns::Face => mi / 3,
            Turns::Quarter if last == mi => mi + 1,
            Turns::Quarter => mi,
        }
    }
}

/// Each run of turns of one axis written as a canonical sequence writes it: the quarter
/// turns of each of its two faces summed, U before D, R before L, F before B.  So `U U` and
/// `U' U'` (a half turn made on either side of the walk) become `U2`, and where the walk's
/// two sides meet, `R L2 R` becomes `R2 L2` and `U D U` becomes `U2 D` (the same cost in
/// quarter turns, which a canonical sequence of face turns never has).  Never longer in
/// either metric: a solution of the quarter-turn walk so reads like any other.
pub(super) fn canonical_runs(seq: Vec<Move>) -> Vec<Move> {
    let mut out = Vec::with_capacity(seq.len());
    let mut i = 0;
    while i < seq.len() {
        let axis = seq[i].face_index() % 3;
        // Clockwise quarter turns of the axis' first face (U, R, F) and of its opposite.
        let mut quarters = [0usize; 2];
        while i < seq.len() && seq[i].face_index() % 3 == axis {
            let m = seq[i];
            quarters[m.face_index() / 3] += m.index() % 3 + 1;
            i += 1;
        }
        for (side, q) in quarters.iter().enumerate() {
            if q % 4 != 0 {
                out.push(ALL_MOVES[(axis + 3 * side) * 3 + q % 4 - 1]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::{format_moves, parse_moves};

    #[test]
    fn a_half_turn_is_two_clockwise_quarter_turns_and_no_more() {
        let q = Turns::Quarter;
        let u = 0; // U
        let u_prime = 2;
        let after_u = q.step(q.start(), u);
        assert_ne!(q.after(after_u) & 1 << u, 0, "U U is U2");
        assert_eq!(q.after(after_u) & 1 << u_prime, 0, "U U' cancels");
        let after_uu = q.step(after_u, u);
        assert_eq!(q.after(after_uu) & 0b111, 0, "U U U is U'");
        let after_u_prime = q.step(q.start(), u_prime);
        assert_eq!(q.after(after_u_prime) & 0b111, 0, "U' U' is made as U U");
        // D after U, never U after D (D = face 3).
        assert_ne!(q.after(after_u) & 1 << 9, 0);
        assert_eq!(q.after(q.step(q.start(), 9)) & 0b111, 0);
        // Never a half turn as one move.
        assert_eq!(q.after(q.start()) & !QUARTER_TURNS, 0);
    }

    #[test]
    fn quarter_turn_sequences_are_the_canonical_ones_of_the_metric() {
        // Counted by cost: the quarter-turn walk's sequences of n moves are the canonical
        // face-turn sequences costing n quarter turns (half turns counting two).
        fn count(turns: Turns, last: usize, left: usize) -> u64 {
            if left == 0 {
                return 1;
            }
            let mut allowed = turns.after(last);
            let mut n = 0;
            while allowed != 0 {
                let mi = allowed.trailing_zeros() as usize;
                allowed &= allowed - 1;
                n += count(turns, turns.step(last, mi), left - 1);
            }
            n
        }
        fn by_cost(last: usize, left: usize) -> u64 {
            if left == 0 {
                return 1;
            }
            let mut allowed = ALLOWED_AFTER[last];
            let mut n = 0;
            while allowed != 0 {
                let mi = allowed.trailing_zeros() as usize;
                allowed &= allowed - 1;
                let cost = if mi % 3 == 1 { 2 } else { 1 };
                if cost <= left {
                    n += by_cost(mi / 3, left - cost);
                }
            }
            n
        }
        for n in 0..7 {
            let q = Turns::Quarter;
            assert_eq!(
                count(q, q.start(), n),
                by_cost(ROOT, n),
                "{n} quarter turns"
            );
        }
    }

    #[test]
    fn runs_of_one_axis_are_written_canonically() {
        let canonical = |s: &str| format_moves(&canonical_runs(parse_moves(s).unwrap()));
        assert_eq!(canonical("R U U F' F' D D L2 B"), "R U2 F2 D2 L2 B");
        assert_eq!(canonical("F R L2 R U"), "F R2 L2 U");
        assert_eq!(canonical("U D U B"), "U2 D B");
        assert_eq!(canonical("D' U U U"), "U' D'");
        assert_eq!(canonical("R U U' L"), "R L");
        assert_eq!(canonical("R2 L U D' B F2"), "R2 L U D' F2 B");
    }
}
