//! What every staged expansion does with a node's children: keep those a table's stage
//! lets through ([`filter_live`], [`keep_live`]), and at the last level look for a solved
//! one alone ([`solved_child`]).  A leaf that both the one-task expansion (`expand`) and
//! the lanes (`lanes`) call.

use super::walk::Survivors;
use super::MAX_CHILDREN;
use crate::cube::{Cube, ALL_MOVES};
use crate::tables::packed;
use crate::tables::probe::{AxisCoords, AxisTable};

/// Keep the live children (`live[..n]`) whose value on `axis` is within `budget`: read
/// from the table at `idx[i][axis]`, or carried over from the node when `inherit[i]` has
/// the axis' bit (then `values[i][axis]` already holds it).  Records each value in
/// `values` and whether it is tight in `tight`; returns how many are kept.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn filter_live<C: AxisCoords>(
    c: &AxisTable<C>,
    live: &mut [u8; MAX_CHILDREN],
    n: usize,
    idx: &[[u64; 3]; MAX_CHILDREN],
    inherit: &[u8; MAX_CHILDREN],
    values: &mut [[u8; 3]; MAX_CHILDREN],
    tight: &mut [u8; MAX_CHILDREN],
    axis: usize,
    budget: u8,
) -> usize {
    keep_live(live, n, |i| {
        let v = if inherit[i] >> axis & 1 != 0 {
            values[i][axis]
        } else {
            packed::get(c.payload, c.base, idx[i][axis])
        };
        values[i][axis] = v;
        tight[i] |= ((v == budget) as u8) << axis;
        v <= budget
    })
}

/// At the last level only a solved child can take part: keep the first of `state`'s
/// children by `allowed` that is solved, if any.  Returns how many children were made.
pub(super) fn solved_child(out: &mut Survivors, state: &Cube, mut allowed: u32) -> u64 {
    // The frame may hold an earlier node's children (a lane's previous task).
    out.len = 0;
    out.next = 0;
    out.switch = 0;
    let mut made = 0;
    while allowed != 0 {
        let mi = allowed.trailing_zeros() as usize;
        allowed &= allowed - 1;
        made += 1;
        let child = state.premove(ALL_MOVES[mi].inverse());
        if child.is_solved() {
            out.children[0] = child;
            out.moves[0] = mi as u8;
            out.len = 1;
            break;
        }
    }
    made
}

/// Keep the live children (`live[..m]`) that pass `ok`; returns how many are kept.
#[inline(always)]
pub(super) fn keep_live(
    live: &mut [u8; MAX_CHILDREN],
    m: usize,
    mut ok: impl FnMut(usize) -> bool,
) -> usize {
    let mut kept = 0;
    for j in 0..m {
        let i = live[j] as usize;
        if ok(i) {
            live[kept] = i as u8;
            kept += 1;
        }
    }
    kept
}
