//! The reference the optimal search is tested against: iterative deepening with no
//! heuristic.

use super::ROOT;
use crate::cube::{Cube, Move, ALLOWED_AFTER, ALL_MOVES};

/// Plain iterative deepening with no heuristic (only the canonical-sequence rule): the
/// reference the optimal solver is tested against on short positions.
pub fn solve_without_heuristic(cube: &Cube, max_depth: usize) -> Option<Vec<Move>> {
    fn go(s: &Cube, last: usize, left: usize, path: &mut Vec<Move>) -> bool {
        if left == 0 {
            return s.is_solved();
        }
        for m in ALL_MOVES {
            if ALLOWED_AFTER[last] & (1 << m.index()) == 0 {
                continue;
            }
            path.push(m);
            if go(&s.apply_move(m), m.face_index(), left - 1, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    (0..=max_depth).find_map(|d| {
        let mut path = Vec::new();
        go(cube, ROOT, d, &mut path).then_some(path)
    })
}

/// Call `visit` with every canonical sequence of exactly `length` moves (after a move of
/// face `last`, or from the start with [`ROOT`]) and the state it leads to from `start`.
fn each_sequence(
    start: &Cube,
    last: usize,
    length: usize,
    path: &mut Vec<Move>,
    visit: &mut dyn FnMut(&[Move], &Cube),
) {
    if length == 0 {
        visit(path, start);
        return;
    }
    for m in ALL_MOVES {
        if ALLOWED_AFTER[last] & (1 << m.index()) != 0 {
            path.push(m);
            each_sequence(
                &start.apply_move(m),
                m.face_index(),
                length - 1,
                path,
                visit,
            );
            path.pop();
        }
    }
}

/// Every canonical sequence of exactly `length` moves that solves `cube`, sorted: the
/// reference the all-solutions search is tested against.  No heuristic: the first
/// `length - 4` moves are enumerated from the position, the last (up to) four from the
/// solved cube backwards, and the two halves meet on equal states; a pair is kept when
/// its junction is canonical too.  Practical up to about 9 moves.
pub fn all_solutions_without_heuristic(cube: &Cube, length: usize) -> Vec<Vec<Move>> {
    type Ends = std::collections::HashMap<Cube, Vec<Vec<Move>>>;
    // Per tail length 0..=4: every canonical sequence `b`, keyed by the state it solves.
    static ENDS: std::sync::OnceLock<Vec<Ends>> = std::sync::OnceLock::new();
    let ends = ENDS.get_or_init(|| {
        (0..=4)
            .map(|tail| {
                let mut ends = Ends::default();
                each_sequence(&Cube::SOLVED, ROOT, tail, &mut Vec::new(), &mut |b, _| {
                    // From `y`, `b` solves iff y = b⁻¹.
                    let undo: Vec<Move> = b.iter().rev().map(|m| m.inverse()).collect();
                    ends.entry(Cube::from_moves(&undo))
                        .or_default()
                        .push(b.to_vec());
                });
                ends
            })
            .collect()
    });
    let tail = length.min(4);
    let mut out = Vec::new();
    each_sequence(cube, ROOT, length - tail, &mut Vec::new(), &mut |a, y| {
        let last = a.last().map_or(ROOT, |m| m.face_index());
        for b in ends[tail].get(y).into_iter().flatten() {
            if b.first()
                .is_none_or(|m| ALLOWED_AFTER[last] & (1 << m.index()) != 0)
            {
                out.push([a, &b[..]].concat());
            }
        }
    });
    out.sort();
    out
}
