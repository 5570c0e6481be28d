//! The reference the optimal search is tested against: iterative deepening with no
//! heuristic.

use super::ROOT;
use crate::cube::{Cube, Move, MoveRules, ALLOWED_AFTER, ALL_MOVES};
use std::collections::HashMap;

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

/// Positions within `radius` of solved under `rules`, each with its distance: a
/// breadth-first search by cost (a half turn costing 2 in QTM lands two layers on).
pub fn ball(rules: MoveRules, radius: usize) -> HashMap<Cube, u8> {
    let mut dist: HashMap<Cube, u8> = HashMap::from([(Cube::SOLVED, 0)]);
    let mut layers: Vec<Vec<Cube>> = vec![vec![Cube::SOLVED]];
    layers.resize(radius + 1, Vec::new());
    for d in 0..radius {
        let layer = std::mem::take(&mut layers[d]);
        for c in layer {
            // A position found again more cheaply was moved to an earlier layer.
            if dist[&c] as usize != d {
                continue;
            }
            for m in rules.moves.moves() {
                let to = d + rules.metric.cost(m);
                if to > radius {
                    continue;
                }
                let next = c.apply_move(m);
                if dist.get(&next).is_none_or(|&old| (old as usize) > to) {
                    dist.insert(next, to as u8);
                    layers[to].push(next);
                }
            }
        }
    }
    dist
}

/// How many positions lie at each distance 0..=`radius` from solved under `rules`.
pub fn distance_counts(rules: MoveRules, radius: usize) -> Vec<u64> {
    let mut counts = vec![0; radius + 1];
    for &d in ball(rules, radius).values() {
        counts[d as usize] += 1;
    }
    counts
}

/// The distance of `cube` from solved under `rules`, if at most `max`, with no
/// heuristic: every canonical sequence of allowed moves costing up to `max - radius + 1`
/// is walked from the position, and where it lands in `ball` (the positions within
/// `radius`, from [`ball`]) the rest is known.  The shortest prefix of an optimal
/// solution that leaves at most `radius` costs at most `max - radius + 1`, so the
/// smallest total found is the distance.
pub fn distance_without_heuristic(
    cube: &Cube,
    rules: MoveRules,
    ball: &HashMap<Cube, u8>,
    radius: usize,
    max: usize,
) -> Option<usize> {
    fn walk(
        s: &Cube,
        last: usize,
        spent: usize,
        left: usize,
        rules: MoveRules,
        ball: &HashMap<Cube, u8>,
        best: &mut usize,
    ) {
        if let Some(&d) = ball.get(s) {
            *best = (*best).min(spent + d as usize);
        }
        for m in rules.moves.moves() {
            let cost = rules.metric.cost(m);
            if ALLOWED_AFTER[last] & (1 << m.index()) != 0 && cost <= left {
                let next = s.apply_move(m);
                walk(
                    &next,
                    m.face_index(),
                    spent + cost,
                    left - cost,
                    rules,
                    ball,
                    best,
                );
            }
        }
    }
    let mut best = usize::MAX;
    let depth = (max + 1).saturating_sub(radius);
    walk(cube, ROOT, 0, depth, rules, ball, &mut best);
    (best <= max).then_some(best)
}

/// Every canonical sequence of allowed moves costing exactly `length` under `rules` that
/// solves `cube`, sorted by move order: plain enumeration, the reference of the
/// all-solutions search under move rules on short positions.
pub fn all_solutions_under(cube: &Cube, rules: MoveRules, length: usize) -> Vec<Vec<Move>> {
    fn walk(
        s: &Cube,
        last: usize,
        left: usize,
        rules: MoveRules,
        path: &mut Vec<Move>,
        out: &mut Vec<Vec<Move>>,
    ) {
        if left == 0 {
            if s.is_solved() {
                out.push(path.clone());
            }
            return;
        }
        for m in rules.moves.moves() {
            let cost = rules.metric.cost(m);
            if ALLOWED_AFTER[last] & (1 << m.index()) != 0 && cost <= left {
                path.push(m);
                walk(
                    &s.apply_move(m),
                    m.face_index(),
                    left - cost,
                    rules,
                    path,
                    out,
                );
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    walk(cube, ROOT, length, rules, &mut Vec::new(), &mut out);
    out.sort();
    out
}
