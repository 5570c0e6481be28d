//! Korf's tables as the search reads them: the corners, both 7-edge groups and the edge
//! permutation, 4-bit entries, probed on the tracked inverse alone.

use super::{edges7_b_state, Pattern, EDGES7_A};
use crate::cube::{coord, Cube};
use crate::tables::probe::{nibble, prefetch_nibble, PlainProbe, Survivor};

/// Korf's three tables, loaded (the corners, the 7-edge table read for both groups, the
/// edge permutation).
#[derive(Clone, Copy)]
pub struct KorfProbe<'a> {
    pub(crate) corners: &'a [u8],
    pub(crate) edges7: &'a [u8],
    pub(crate) edgeperm: &'a [u8],
}

impl KorfProbe<'_> {
    /// The corner table's value of `s` (0 when it is not loaded).
    #[inline(always)]
    pub fn corners(&self, s: &Cube) -> u8 {
        if self.corners.is_empty() {
            return 0;
        }
        nibble(self.corners, s.corner_coord())
    }
    /// First 7-edge group.
    #[inline(always)]
    pub fn edges7a(&self, s: &Cube) -> u8 {
        nibble(self.edges7, EDGES7_A.rank(&EDGES7_A.project(s)))
    }
    /// Second 7-edge group, through the z2 symmetry.
    #[inline(always)]
    pub fn edges7b(&self, s: &Cube) -> u8 {
        nibble(self.edges7, coord::edge_group_index(&edges7_b_state(s)))
    }
    /// Edge permutation table.
    #[inline(always)]
    pub fn edgeperm(&self, s: &Cube) -> u8 {
        nibble(self.edgeperm, s.edge_perm_coord() as u64)
    }
    /// The first reads of `child`: its corner entry and its first 7-edge group's, both
    /// asked for.
    #[inline(always)]
    pub(crate) fn first_reads(&self, child: &Cube) -> (u32, u64) {
        let ci = child.corner_coord();
        prefetch_nibble(self.corners, ci);
        let i = EDGES7_A.rank(&EDGES7_A.project(child));
        prefetch_nibble(self.edges7, i);
        (ci as u32, i)
    }

    /// Whether the first reads put a child beyond `budget`.
    #[inline(always)]
    pub(crate) fn first_exceed(&self, &(ci, ei): &(u32, u64), budget: u8) -> bool {
        nibble(self.corners, ci as u64) > budget || nibble(self.edges7, ei) > budget
    }
}

impl PlainProbe for KorfProbe<'_> {
    const BOTH_SIDES: bool = false;
    type First = (u32, u64);
    const NO_FIRST: (u32, u64) = (0, 0);

    #[inline(always)]
    fn first(&self, child: &Cube) -> (u32, u64) {
        self.first_reads(child)
    }

    #[inline(always)]
    fn survives(
        &self,
        child: &Cube,
        first: &(u32, u64),
        _position: impl FnOnce() -> Cube,
        budget: u8,
    ) -> Option<Survivor> {
        if self.first_exceed(first, budget)
            || self.edges7b(child) > budget
            || self.edgeperm(child) > budget
        {
            return None;
        }
        Some(Survivor {
            position: Cube::SOLVED,
            quarter_turns_only: false,
        })
    }
}
