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
