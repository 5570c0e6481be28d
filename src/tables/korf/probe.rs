//! Korf's tables as the search reads them: the corners, both 7-edge groups and the edge
//! permutation, 4-bit entries, probed on the tracked inverse alone.

use super::{edges7_b_state, Pattern, CORNERS, CORNERS_QTM, EDGEPERM, EDGES7, EDGES7_A};
use crate::cube::{coord, Cube};
use crate::tables::probe::{
    corner_value, nibble, payload_of, prefetch_nibble, FromTables, LoadedTable, PlainProbe, Probe,
    ProbeVisitor, Survivor,
};

/// Korf's three tables, loaded (the corners, the 7-edge table read for both groups, the
/// edge permutation).
#[derive(Clone, Copy)]
pub struct KorfProbe<'a> {
    pub(crate) corners: &'a [u8],
    pub(crate) edges7: &'a [u8],
    pub(crate) edgeperm: &'a [u8],
}

impl<'a> KorfProbe<'a> {
    /// The corner table among `tables` (in quarter turns if that is there; empty when
    /// neither is): every heuristic names at most one.
    pub(crate) fn corners_of(tables: &[LoadedTable<'a>]) -> &'a [u8] {
        match payload_of(tables, &CORNERS_QTM) {
            [] => payload_of(tables, &CORNERS),
            qtm => qtm,
        }
    }

    /// The corner table's value of `s` (0 when it is not loaded).
    #[inline(always)]
    pub fn corners(&self, s: &Cube) -> u8 {
        corner_value(self.corners, s)
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
    /// The three edge tables' largest value of `s` (0 when they do not take part).
    #[inline(always)]
    pub(crate) fn edges(&self, s: &Cube) -> u8 {
        if self.edges7.is_empty() {
            return 0;
        }
        self.edges7a(s).max(self.edges7b(s)).max(self.edgeperm(s))
    }

    /// Whether one of the three edge tables puts `s` beyond `budget` (none does when
    /// they do not take part).
    #[inline(always)]
    pub(crate) fn edges_exceed(&self, s: &Cube, budget: u8) -> bool {
        !self.edges7.is_empty()
            && (self.edges7a(s) > budget || self.edges7b(s) > budget || self.edgeperm(s) > budget)
    }

    /// The first reads of `child`: its corner entry and its first 7-edge group's, both
    /// asked for.
    #[inline(always)]
    pub(crate) fn first_reads(&self, child: &Cube) -> (u32, u32) {
        let ci = child.corner_coord();
        prefetch_nibble(self.corners, ci);
        let i = EDGES7_A.rank(&EDGES7_A.project(child));
        prefetch_nibble(self.edges7, i);
        (ci as u32, i as u32)
    }

    /// Whether the first reads put a child beyond `budget`.
    #[inline(always)]
    pub(crate) fn first_exceed(&self, &(ci, ei): &(u32, u32), budget: u8) -> bool {
        nibble(self.corners, ci as u64) > budget || nibble(self.edges7, ei as u64) > budget
    }
}

impl PlainProbe for KorfProbe<'_> {
    const BOTH_SIDES: bool = false;
    /// The corner and first 7-edge indices (fewer than 2^32 entries each).
    type First = (u32, u32);
    const NO_FIRST: (u32, u32) = (0, 0);

    #[inline(always)]
    fn first(&self, child: &Cube) -> (u32, u32) {
        self.first_reads(child)
    }

    /// Read on one side only: no position, and nothing to ask for before the last reads.
    type Second = ();
    const NO_SECOND: () = ();

    #[inline(always)]
    fn second(
        &self,
        _child: &Cube,
        first: &(u32, u32),
        _position: impl FnOnce() -> Cube,
        budget: u8,
    ) -> Option<(Cube, ())> {
        (!self.first_exceed(first, budget)).then_some((Cube::SOLVED, ()))
    }

    #[inline(always)]
    fn survives(&self, child: &Cube, _: &Cube, _: &(), budget: u8) -> Option<Survivor> {
        if self.edges7b(child) > budget || self.edgeperm(child) > budget {
            return None;
        }
        Some(Survivor {
            quarter_turns_only: false,
            other_end_quarter_turns_only: false,
            values: [0; 2],
        })
    }
}

impl<'a> FromTables<'a> for KorfProbe<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        KorfProbe {
            corners: Self::corners_of(tables),
            edges7: payload_of(tables, &EDGES7),
            edgeperm: payload_of(tables, &EDGEPERM),
        }
    }
}

impl<'a> Probe<'a> for KorfProbe<'a> {
    fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out {
        visitor.plain(self)
    }
    fn value(&self, s: &Cube) -> u8 {
        self.corners(s).max(self.edges(s))
    }
    #[inline(always)]
    fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        self.corners(s) > budget || self.edges_exceed(s, budget)
    }
    #[inline(always)]
    fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        self.exceeds(s, budget)
    }
}
