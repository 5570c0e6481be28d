//! Every size's probe: its coordinate seen along three axes.

use super::coords::LayerCoords;
use crate::cube::Cube;
use crate::tables::probe::AxisCoords;

impl<const ORDERED: bool, const F: u8> AxisCoords for LayerCoords<ORDERED, F> {
    type Parts = ();
    const NO_PARTS: Self::Parts = ();
    /// The turns of the two faces of each tight axis (every subgroup holds U and D turns).
    #[inline(always)]
    fn excluded(&self, tight_axes: u8) -> u32 {
        self.base().excluded_by_axes[tight_axes as usize & 7]
    }
    #[inline(always)]
    fn inherited(&self, mi: usize) -> u8 {
        self.base().inherited_by_move[mi]
    }
    #[inline(always)]
    fn parts(&self, _x: &Cube) -> Self::Parts {}
    #[inline(always)]
    fn axis_index(&self, x: &Cube, _p: &Self::Parts, a: usize) -> u64 {
        LayerCoords::axis_index(self, x, a)
    }
}
