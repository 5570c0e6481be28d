//! The full-edge table's probe: exact depths from codes mod 3, read in two prefetched
//! stages.

use super::{outer_of, FullEdgeCoords};
use crate::cube::{Cube, ALL_MOVES};
use crate::tables::coset::k4;
use crate::tables::korf::KorfProbe;
use crate::tables::probe::{
    corner_value, nibble, payload_of, prefetch_nibble, AxisHeuristic, ExactDepth, FromTables,
    LoadedTable, Probe, ProbeVisitor,
};
use crate::tables::slices::EdgeMasks;
use crate::tables::{packed, prefetch};

/// A loaded full-edge table (depth mod 3): payload, coordinates.
#[derive(Clone, Copy)]
pub struct FullEdge<'a> {
    pub(crate) payload: &'a [u8],
    pub(crate) coords: &'static FullEdgeCoords,
}

impl FullEdge<'_> {
    /// Table index of the edges of `x`.
    #[inline(always)]
    pub(crate) fn index(&self, x: &Cube) -> u64 {
        self.coords.index(&x.all_edge_cubies())
    }

    /// The table's code of entry `i`: the depth mod 3.
    #[inline(always)]
    pub(crate) fn code(&self, i: u64) -> u8 {
        packed::code_of(self.payload, i)
    }

    /// Exact depth of the edges of `x`, by descending: from a state at depth `d`, a
    /// neighbour whose code is `d - 1` mod 3 lies at `d - 1`.  At most 14 steps of up to
    /// 18 probes; used once per search task, not per node.
    pub fn depth(&self, x: &Cube) -> u8 {
        let mut y = *x;
        let mut d = 0u8;
        while y.all_edge_cubies() != Cube::SOLVED.all_edge_cubies() && d < 20 {
            let lower = (self.code(self.index(&y)) + 2) % 3;
            match ALL_MOVES
                .iter()
                .map(|&m| y.apply_move(m))
                .find(|z| self.code(self.index(z)) == lower)
            {
                Some(z) => {
                    y = z;
                    d += 1;
                }
                None => break,
            }
        }
        d
    }

    /// First stage of a probe: the outer value of `x`, its class entry prefetched.
    #[inline(always)]
    pub(crate) fn start_probe(&self, x: &Cube) -> usize {
        let raw = outer_of(&EdgeMasks::of(x));
        self.coords.prefetch_outer(raw);
        raw
    }

    /// Second stage: the table index, its line prefetched.
    #[inline(always)]
    pub(crate) fn locate(&self, x: &Cube, raw: usize) -> u64 {
        let i = self.coords.index_with_outer(&x.all_edge_cubies(), raw);
        prefetch(self.payload, packed::line_offset(i));
        i
    }
}

/// The full-edge table behind the corner table, as the staged walks read them.
#[derive(Clone, Copy)]
pub struct FullEdgeProbe<'a> {
    pub(crate) corners: &'a [u8],
    pub(crate) table: FullEdge<'a>,
}

impl ExactDepth for FullEdgeProbe<'_> {
    #[inline(always)]
    fn first(&self, x: &Cube) -> u64 {
        let i = x.corner_coord();
        prefetch_nibble(self.corners, i);
        i
    }
    #[inline(always)]
    fn first_value(&self, i: u64) -> u8 {
        nibble(self.corners, i)
    }
    #[inline(always)]
    fn start_probe(&self, x: &Cube) -> usize {
        self.table.start_probe(x)
    }
    #[inline(always)]
    fn locate(&self, x: &Cube, started: usize) -> u64 {
        self.table.locate(x, started)
    }
    #[inline(always)]
    fn code(&self, i: u64) -> u8 {
        self.table.code(i)
    }
    fn depth(&self, x: &Cube) -> u8 {
        self.table.depth(x)
    }
}

impl<'a> FullEdgeProbe<'a> {
    /// The exact depth of `s` and of its inverse, the larger.
    fn depth_both(&self, s: &Cube) -> u8 {
        self.table.depth(s).max(self.table.depth(&s.inverse()))
    }
}

impl<'a> FromTables<'a> for FullEdgeProbe<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        FullEdgeProbe {
            corners: KorfProbe::corners_of(tables),
            table: FullEdge {
                payload: payload_of(tables, &super::FULL_EDGE),
                coords: super::full_edge_coords(),
            },
        }
    }
}

impl<'a> Probe<'a> for FullEdgeProbe<'a> {
    fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out {
        visitor.exact(self)
    }
    fn value(&self, s: &Cube) -> u8 {
        corner_value(self.corners, s).max(self.depth_both(s))
    }
    fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        corner_value(self.corners, s) > budget || self.depth_both(s) > budget
    }
    fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        corner_value(self.corners, s) > budget || self.table.depth(s) > budget
    }
    fn task_values(&self, s: &Cube, exact: u8) -> (u8, [u8; 3]) {
        (corner_value(self.corners, s).max(exact), [0; 3])
    }
    fn exact_depths(&self, s: &Cube) -> Option<[u8; 2]> {
        Some([self.table.depth(s), self.table.depth(&s.inverse())])
    }
}

/// The k = 4 coset table (along three axes, beside the corners) and the full-edge table.
#[derive(Clone, Copy)]
pub struct Coset4AndFullEdge<'a> {
    axis: AxisHeuristic<'a, k4::Coords>,
    exact: FullEdgeProbe<'a>,
}

impl<'a> FromTables<'a> for Coset4AndFullEdge<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        Coset4AndFullEdge {
            axis: AxisHeuristic::load_for(tables, &k4::TABLE, k4::coords()),
            exact: FullEdgeProbe::load(tables),
        }
    }
}

impl<'a> Probe<'a> for Coset4AndFullEdge<'a> {
    fn hand_to<V: ProbeVisitor<'a>>(self, visitor: V) -> V::Out {
        visitor.axis_and_exact(self.axis.table, self.exact)
    }
    fn value(&self, s: &Cube) -> u8 {
        self.axis.value(s).max(self.exact.depth_both(s))
    }
    fn exceeds(&self, s: &Cube, budget: u8) -> bool {
        self.axis.exceeds(s, budget) || self.exact.depth_both(s) > budget
    }
    fn exceeds_on(&self, s: &Cube, budget: u8) -> bool {
        self.axis.exceeds_on(s, budget) || self.exact.table.depth(s) > budget
    }
    fn task_values(&self, s: &Cube, exact: u8) -> (u8, [u8; 3]) {
        self.axis.task_values(s, exact)
    }
    fn task_values_of(&self, states: &[Cube], out: &mut Vec<(u8, [u8; 3])>) {
        self.axis.task_values_of(states, out)
    }
    fn exact_depths(&self, s: &Cube) -> Option<[u8; 2]> {
        self.exact.exact_depths(s)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_neighbours_depth_follows_from_its_parents_and_its_code_mod_3() {
        for parent in 0u8..15 {
            for child in parent.saturating_sub(1)..=parent + 1 {
                assert_eq!(
                    crate::tables::probe::exact_step(parent, child % 3),
                    child,
                    "{parent} -> {child}"
                );
            }
        }
    }
}
