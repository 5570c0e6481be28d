//! The k = 4 coset table's probe: its coordinate seen along three axes.

use super::{corner_raw, CosetCoords, EdgeMasks};
use crate::cube::Cube;
use crate::tables::probe::{AxisCoords, ALL_MOVE_BITS, QUARTER_TURNS};

impl AxisCoords for CosetCoords {
    type Parts = (EdgeMasks, usize);
    const NO_PARTS: Self::Parts = (
        EdgeMasks {
            slice: [0; 3],
            flips: 0,
        },
        0,
    );
    /// Every half turn is in the subgroup, whatever the axis.
    #[inline(always)]
    fn excluded(&self, tight_axes: u8) -> u32 {
        if tight_axes != 0 {
            !QUARTER_TURNS & ALL_MOVE_BITS
        } else {
            0
        }
    }
    /// A half turn is in the subgroup of every axis.
    #[inline(always)]
    fn inherited(&self, mi: usize) -> u8 {
        if QUARTER_TURNS >> mi & 1 == 0 {
            7
        } else {
            0
        }
    }
    #[inline(always)]
    fn parts(&self, x: &Cube) -> Self::Parts {
        (EdgeMasks::of(x), corner_raw(x))
    }
    #[inline(always)]
    fn edge_masks(p: &Self::Parts) -> Option<&EdgeMasks> {
        Some(&p.0)
    }
    #[inline(always)]
    fn axis_index(&self, _x: &Cube, p: &Self::Parts, a: usize) -> u64 {
        CosetCoords::axis_index(self, &p.0, p.1, a)
    }
}
