//! The depth-first walk for tables read per child ([`PlainProbe`]: Korf's tables, the
//! 48-symmetry coset tables): one frame of children per level, their first table entries
//! prefetched together.

use super::isa::dispatch_walk;
use super::walk::assemble;
use super::worker::Worker;
use super::{MAX_CHILDREN, MAX_DEPTH, ROOT};
use crate::cube::{Cube, Move, ALLOWED_AFTER, ALL_MOVES};
use crate::tables::probe::{PlainProbe, Survivor, ALL_MOVE_BITS, QUARTER_TURNS};
use std::sync::atomic::Ordering::Relaxed;

/// One level of the explicit DFS stack: all children of a node, generated at once so that
/// their first table entries can be prefetched together (the search is bound by memory
/// latency; overlapping the misses of sibling nodes is what makes it fast).
///
/// A walk whose tables are read on both sides extends the solution at either end (after
/// H48's solver, our own code): a node's children are made on the side with fewer moves
/// allowed.  On the inverse side a move `m` makes the inverse `y · m` and the position
/// `m⁻¹ · x`, which is the normal side's step with the two exchanged, so a frame keeps the
/// cube it premoves (`children`, the tracked one of its side) and the other (`forward`).
#[derive(Clone, Copy)]
struct Frame<F: Copy, S: Copy> {
    children: [Cube; MAX_CHILDREN],
    /// The parent's other cube (the position on the normal side), tracked when the tables
    /// are probed on both sides; a child's is computed only if it passes its first reads.
    forward: Cube,
    moves: [u8; MAX_CHILDREN],
    /// What each child's first reads need ([`PlainProbe::first`]).
    first: [F; MAX_CHILDREN],
    /// Each child's other cube and what its second reads need ([`PlainProbe::second`]),
    /// for the children that passed their first reads (bit `k` of `passed`).
    others: [Cube; MAX_CHILDREN],
    second: [S; MAX_CHILDREN],
    passed: u32,
    len: u8,
    next: u8,
    /// The side the children are made on.
    side: Side,
    /// The moves the parent allowed on each side ([`Side::index`]).
    allowed: [u32; 2],
}

/// Which end of the solution a move extends.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Side {
    /// The solution's start: the move acts on the position (side 0 of [`assemble`]).
    Normal = 0,
    /// The solution's end: the move acts on the inverse (side 1).
    Inverse = 1,
}

impl Side {
    const fn index(self) -> usize {
        self as usize
    }
    const fn other(self) -> Side {
        match self {
            Side::Normal => Side::Inverse,
            Side::Inverse => Side::Normal,
        }
    }
}

/// First reads not known (the root's), or not to be kept ([`Survivor::values`]).
const UNREAD: u64 = u64::MAX;

impl<F: Copy, S: Copy> Frame<F, S> {
    const fn empty(no_first: F, no_second: S) -> Self {
        Frame {
            children: [Cube::SOLVED; MAX_CHILDREN],
            forward: Cube::SOLVED,
            moves: [0; MAX_CHILDREN],
            first: [no_first; MAX_CHILDREN],
            others: [Cube::SOLVED; MAX_CHILDREN],
            second: [no_second; MAX_CHILDREN],
            passed: 0,
            len: 0,
            next: 0,
            side: Side::Normal,
            allowed: [0; 2],
        }
    }
}

/// The moves a survivor made by move `mi` on `side` allows at each end, given those its
/// parent allowed (`allowed`), and the side its children are made on: the one with fewer
/// (always the normal side when the tables are read on one side only, `both_sides`
/// false: the walk never computes the position).
#[inline(always)]
fn next_moves(
    side: Side,
    mut allowed: [u32; 2],
    mi: u8,
    survivor: &Survivor,
    both_sides: bool,
) -> ([u32; 2], Side) {
    let quarter = |only: bool| if only { QUARTER_TURNS } else { ALL_MOVE_BITS };
    allowed[side.index()] = ALLOWED_AFTER[mi as usize / 3] & quarter(survivor.quarter_turns_only);
    allowed[side.other().index()] &= quarter(survivor.other_end_quarter_turns_only);
    let [normal, inverse] = allowed;
    let next = if !both_sides || normal.count_ones() <= inverse.count_ones() {
        Side::Normal
    } else {
        Side::Inverse
    };
    (allowed, next)
}

impl Worker<'_> {
    /// Fill `frame` with the children of `state` (the cube premoved on `side`; `forward`
    /// the other), made by the moves of `allowed[side]`, each with `budget` moves left
    /// after it.  Unless they are leaves, their first reads are asked for, then read and
    /// their second reads asked for, stage by stage over all of them.  `kept`: the first
    /// reads' value of `state` ([`UNREAD`] at the root), which a half-turn child keeps
    /// ([`PlainProbe::HALF_TURNS_KEEP_FIRST`]).
    #[inline(always)]
    fn expand<P: PlainProbe>(
        p: &P,
        frame: &mut Frame<P::First, P::Second>,
        (state, forward): (&Cube, &Cube),
        side: Side,
        allowed: [u32; 2],
        (budget, kept): (u8, u64),
    ) {
        let mut moves = allowed[side.index()];
        let mut n = 0;
        let keep_half_turns = P::HALF_TURNS_KEEP_FIRST && kept != UNREAD;
        while moves != 0 {
            let mi = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            let child = state.premove(ALL_MOVES[mi].inverse());
            if budget > 0 {
                frame.first[n] = if keep_half_turns && QUARTER_TURNS >> mi & 1 == 0 {
                    p.kept(kept, mi)
                } else {
                    p.first(&child)
                };
            }
            frame.children[n] = child;
            frame.moves[n] = mi as u8;
            n += 1;
        }
        frame.forward = *forward;
        frame.len = n as u8;
        frame.next = 0;
        frame.side = side;
        frame.allowed = allowed;
        if budget > 0 {
            Self::second_reads(p, frame, budget);
        }
    }

    /// The second stage of `frame`'s probes: each child's first reads read, and for those
    /// within `budget` the other cube made and the second reads asked for.
    #[inline(always)]
    fn second_reads<P: PlainProbe>(p: &P, frame: &mut Frame<P::First, P::Second>, budget: u8) {
        let mut passed = 0u32;
        for k in 0..frame.len as usize {
            let forward = &frame.forward;
            let m = ALL_MOVES[frame.moves[k] as usize];
            let other = || forward.apply_move(m);
            if let Some((o, s)) = p.second(&frame.children[k], &frame.first[k], other, budget) {
                frame.others[k] = o;
                frame.second[k] = s;
                passed |= 1 << k;
            }
        }
        frame.passed = passed;
    }

    dispatch_walk! {
        /// Search below `start` (the inverse of the position `prefix` reaches) for a
        /// solution of exactly `bound` moves in total, pruning by `p`, in the code for
        /// `isa`.  Returns the full solution if found.
        fn dfs_plain / dfs_plain_wide / dfs_plain_body
            <P: PlainProbe>(p: &P, start: &Cube, prefix: &[Move], bound: usize)
            -> Option<Vec<Move>>
    }

    /// [`Self::dfs_plain`]'s walk, inlined into each instruction set's copy.
    #[inline(always)]
    fn dfs_plain_body<P: PlainProbe>(
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
        // The moves made, and the side each was made on (0 normal, 1 inverse).
        let mut path = [0u8; MAX_DEPTH];
        let mut sides = [0u8; MAX_DEPTH];
        let mut stack = [Frame::empty(P::NO_FIRST, P::NO_SECOND); MAX_DEPTH];
        let start_forward = if P::BOTH_SIDES {
            start.inverse()
        } else {
            Cube::SOLVED
        };
        let allowed = [ALLOWED_AFTER[last], ALL_MOVE_BITS];
        let root = (start, &start_forward);
        let budget = (remaining - 1) as u8;
        Self::expand(
            p,
            &mut stack[0],
            root,
            Side::Normal,
            allowed,
            (budget, UNREAD),
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
                    sides[sp] = frame.side as u8;
                    let sol = assemble(prefix, &path[..=sp], &sides[..=sp]);
                    // Looking for every solution, the walk goes on after one.
                    match self.shared.keep(sol) {
                        Some(sol) => return Some(sol),
                        None if self.shared.stop.load(Relaxed) => return None,
                        None => {}
                    }
                }
                continue;
            }
            if frame.passed & (1 << k) == 0 {
                continue;
            }
            let other = frame.others[k];
            let Some(survivor) = p.survives(&child, &other, &frame.second[k], budget) else {
                continue;
            };
            // Counted by the budget its children have, as the staged walks count theirs.
            if let Some(n) = self.near.get_mut(budget as usize - 1) {
                *n = n.saturating_add(1);
            }
            path[sp] = mi;
            sides[sp] = frame.side as u8;
            let (allowed, next) =
                next_moves(frame.side, frame.allowed, mi, &survivor, P::BOTH_SIDES);
            // The child's cube premoved on the next side, and the other; the first value
            // of the one premoved.
            let [tracked, other_value] = survivor.values;
            let (cubes, kept) = if next == frame.side {
                ((&child, &other), tracked)
            } else {
                ((&other, &child), other_value)
            };
            sp += 1;
            let (_, upper) = stack.split_at_mut(sp);
            Self::expand(p, &mut upper[0], cubes, next, allowed, (budget - 1, kept));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const U: u8 = 0;
    const R: u8 = 3;
    const F: u8 = 6;

    fn survivor(quarter_turns_only: bool, other_end_quarter_turns_only: bool) -> Survivor {
        Survivor {
            quarter_turns_only,
            other_end_quarter_turns_only,
            values: [0; 2],
        }
    }

    #[test]
    fn a_tight_inverse_leaves_quarter_turns_at_the_start_only() {
        let root = [ALLOWED_AFTER[ROOT], ALL_MOVE_BITS];
        let (allowed, next) = next_moves(Side::Normal, root, R, &survivor(true, false), true);
        // After R: the 15 moves of the other faces (L may follow R), 10 of them quarter
        // turns.
        assert_eq!(allowed[0], ALLOWED_AFTER[1] & QUARTER_TURNS);
        assert_eq!(allowed[0].count_ones(), 10);
        assert_eq!(allowed[1], ALL_MOVE_BITS);
        assert!(next == Side::Normal);
    }

    #[test]
    fn a_tight_position_rules_out_half_turns_at_the_end_and_the_smaller_end_is_taken() {
        // The start allows 15 moves (after U), the end had quarter turns only (12): a tight
        // value on the position keeps the end at 12 and the start at 15, so the end goes
        // next.
        let parent = [ALLOWED_AFTER[0], ALL_MOVE_BITS & QUARTER_TURNS];
        let (allowed, next) = next_moves(Side::Normal, parent, U, &survivor(false, true), true);
        assert_eq!(allowed[0], ALLOWED_AFTER[0]);
        assert_eq!(allowed[1].count_ones(), 12);
        assert!(next == Side::Inverse);
        // A move at the end sets the end's moves from its face and the rule read on the
        // tracked cube (the position there), and the other rule applies to the start.
        let (allowed, next) = next_moves(Side::Inverse, allowed, F, &survivor(true, true), true);
        assert_eq!(allowed[1], ALLOWED_AFTER[2] & QUARTER_TURNS);
        assert_eq!(allowed[0], ALLOWED_AFTER[0] & QUARTER_TURNS);
        // 10 at the start (after U, quarter turns), 10 at the end (after F): a tie goes
        // to the start.
        assert!(next == Side::Normal);
    }

    #[test]
    fn tables_read_on_one_side_keep_to_the_start() {
        let parent = [ALLOWED_AFTER[0], QUARTER_TURNS];
        let (_, next) = next_moves(Side::Normal, parent, U, &survivor(false, false), false);
        assert!(next == Side::Normal);
    }
}
