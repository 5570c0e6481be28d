//! Phase-2 distances in quarter turns, for `--fast --metric qtm`.
//!
//! Phase 2's moves cost 1 (quarter turns of U and D) or 2 (U2, D2 and the half turns of R,
//! L, F, B), so these distances come from a breadth-first search by cost, level by
//! level, rather than the unit-step search of the table files.  The two
//! projections are those of the `phase2` file — (corner permutation, slice permutation)
//! then (U/D edge permutation, slice permutation), in the same order — but a byte per
//! entry: these distances reach 22, past what a nibble holds (38 % of entries are 15 or
//! more), and capping them would weaken the bound where phase 2 is longest.  At 1.9
//! million entries they take about 70 ms to compute on two cores (100 ms on one), so
//! they are built in memory on first use, like the move tables, and never stored: only
//! quarter-turn searches pay for them, once per process.

use super::coords::{Coords, PHASE2_MOVES, SLICE_PERMS};
use super::prune::PHASE2_HALF;
use crate::cube::{Metric, ALL_MOVES};
use std::sync::OnceLock;

/// The quarter-turn phase-2 table (a byte per entry, indexed as the `phase2` file), built
/// once.
pub(crate) fn phase2_quarter_turns() -> &'static [u8] {
    static T: OnceLock<Vec<u8>> = OnceLock::new();
    T.get_or_init(|| distances(super::coords()))
}

/// Exact quarter-turn distance of every entry of both projections.
pub(crate) fn distances(c: &Coords) -> Vec<u8> {
    // The two projections at once, where there are threads.
    crate::threads::run_each(2, |side| {
        let perm_move = if side == 0 {
            &c.corner_perm_move
        } else {
            &c.ud_edge_perm_move
        };
        side_distances(c, perm_move)
    })
    .concat()
}

/// One projection's distances, indexed (permutation, slice permutation), the permutation
/// moved by `perm_move`.
///
/// Level by level: every entry at cost `d` is final once all cheaper ones have been
/// expanded (every move costs at least 1), so one pass per cost relaxes the neighbours of
/// the entries at `d`.  The pass works slice-major: a move sends all the entries of one
/// slice permutation into one other slice permutation's 40,320 bytes, which stay in the
/// cache while that move is applied to the whole list.  (Walking the search's order
/// instead scatters the writes across the table: on one core a queue of entries took
/// about 270 ms, a pass in the search's order 120 ms, this one 100 ms.)
fn side_distances(c: &Coords, perm_move: &[u16]) -> Vec<u8> {
    let perms = PHASE2_HALF as usize / SLICE_PERMS;
    let moves = PHASE2_MOVES.len();
    let costs = PHASE2_MOVES.map(|m| Metric::Qtm.cost(ALL_MOVES[m]) as u8);
    // by_slice[s * perms + p]
    let mut by_slice = vec![u8::MAX; PHASE2_HALF as usize];
    by_slice[0] = 0;
    let mut at_d: Vec<u16> = Vec::with_capacity(perms);
    // Passes run up to the deepest cost written so far.
    let (mut d, mut deepest) = (0u8, 0u8);
    while d <= deepest {
        for slice in 0..SLICE_PERMS {
            at_d.clear();
            let block = &by_slice[slice * perms..(slice + 1) * perms];
            at_d.extend((0..perms as u16).filter(|&p| block[p as usize] == d));
            for slot in 0..moves {
                let next = c.slice_perm_move[slice * moves + slot] as usize * perms;
                let cost = d + costs[slot];
                let target = &mut by_slice[next..next + perms];
                // Branch-free: whether a write lowers an entry is a coin toss.
                let mut lowered = false;
                for &p in &at_d {
                    let e = &mut target[perm_move[p as usize * moves + slot] as usize];
                    lowered |= cost < *e;
                    *e = (*e).min(cost);
                }
                if lowered {
                    deepest = deepest.max(cost);
                }
            }
        }
        d += 1;
    }
    let mut table = vec![0u8; PHASE2_HALF as usize];
    for (i, &e) in by_slice.iter().enumerate() {
        table[(i % perms) * SLICE_PERMS + i / perms] = e;
    }
    table
}
