//! What the search needs of a coordinate to probe a 2-bit coset table along all three
//! axes, and the loaded table it probes ([`AxisTable`]).  Each three-axis family
//! implements [`AxisCoords`] in its `probe.rs`.

use super::edge_slices::EdgeSlicesTable;
use super::packed;
use super::slices::EdgeMasks;
use crate::cube::Cube;

/// All 18 moves, as a move bit set.
pub const ALL_MOVE_BITS: u32 = (1 << 18) - 1;

/// The quarter turns, as a move bit set.
pub const QUARTER_TURNS: u32 = {
    let mut m = 0u32;
    let mut i = 0;
    while i < 18 {
        if i % 3 != 1 {
            m |= 1 << i;
        }
        i += 1;
    }
    m
};

/// The coordinates of a 2-bit coset table reduced by the 16 symmetries that keep the U–D
/// axis and probed along all three axes.
pub trait AxisCoords: crate::cube::symmetry::Twins + Sync + 'static {
    /// What a probe computes once per position and shares among its three axes.
    type Parts: Copy;
    /// A placeholder value of `Parts`.
    const NO_PARTS: Self::Parts;
    /// The moves a solution of exactly the probed length cannot end with, given which
    /// axes' probes were tight (bit `a` for axis `a`): moves of the subgroup (of that
    /// axis' frame) could be dropped from the end, giving a shorter way into it.
    fn excluded(&self, tight_axes: u8) -> u32;
    /// The axes whose inverse-side value a child made by move `mi` shares with its node
    /// (bit `a`): those whose subgroup holds the move, which then acts on the tracked
    /// inverse from the left and leaves its coset unchanged.
    fn inherited(&self, mi: usize) -> u8;
    fn parts(&self, x: &Cube) -> Self::Parts;
    /// The edge masks among `p`, if the coordinate computes them (the edge-slices table
    /// reads them too).
    #[inline(always)]
    fn edge_masks(_p: &Self::Parts) -> Option<&EdgeMasks> {
        None
    }
    /// Table index of `S · x · S⁻¹` for the `a`-th axis symmetry, `p = parts(x)`.
    fn axis_index(&self, x: &Cube, p: &Self::Parts, a: usize) -> u64;
}

/// A loaded 2-bit three-axis coset table: payload, base depth, coordinates, and the
/// small edge-slices table probed after it when that takes part.
pub struct AxisTable<'a, C: AxisCoords> {
    pub(crate) payload: &'a [u8],
    pub(crate) base: u8,
    pub(crate) coords: &'static C,
    pub(crate) edge_slices: Option<EdgeSlicesTable<'a>>,
}

impl<C: AxisCoords> Clone for AxisTable<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: AxisCoords> Copy for AxisTable<'_, C> {}

impl<C: AxisCoords> AxisTable<'_, C> {
    /// The largest value over the three axes.
    #[inline(always)]
    pub fn value(&self, x: &Cube) -> u8 {
        let p = self.coords.parts(x);
        (0..3)
            .map(|a| packed::get(self.payload, self.base, self.coords.axis_index(x, &p, a)))
            .max()
            .unwrap_or(0)
    }
}

impl<C: AxisCoords> AxisTable<'_, C> {
    /// The values of `state` on the three axes.
    pub(crate) fn root_values(&self, state: &Cube) -> [u8; 3] {
        self.values_at(self.indices(state))
    }

    /// The table indices of `state` on the three axes.
    pub(crate) fn indices(&self, state: &Cube) -> [u64; 3] {
        let p = self.coords.parts(state);
        [0, 1, 2].map(|a| self.coords.axis_index(state, &p, a))
    }

    /// Hint that the lines of `indices` will be read soon.
    pub(crate) fn prefetch(&self, indices: [u64; 3]) {
        for i in indices {
            super::prefetch(self.payload, packed::line_offset(i));
        }
    }

    /// The values at `indices` (of [`AxisTable::indices`]).
    pub(crate) fn values_at(&self, indices: [u64; 3]) -> [u8; 3] {
        indices.map(|i| packed::get(self.payload, self.base, i))
    }
}
