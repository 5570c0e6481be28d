//! The k = 4 coset table's probe: its coordinate seen along three axes.

use super::{coords_for, corner_raw, symmetric_variant, CosetCoords, EdgeMasks};
use crate::cube::Cube;
use crate::tables::descriptor::Descriptor;
use crate::tables::packed;
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

/// A loaded 48-symmetry coset table (k = 0, 4 bits; or a parity refinement, 2 bits),
/// read on one side of the search: the position or its inverse.
#[derive(Clone, Copy)]
pub struct SymmetricTable<'a> {
    payload: &'a [u8],
    /// The 2-bit encoding's base; `None` for a 4-bit table.
    base: Option<u8>,
    /// Its coordinate.
    pub coords: &'static CosetCoords,
}

impl<'a> SymmetricTable<'a> {
    /// The reader of `table` (payload `payload`, 2-bit base `base`), if it is a
    /// 48-symmetry coset table.
    pub fn new(table: &Descriptor, payload: &'a [u8], base: u8) -> Option<Self> {
        let variant = symmetric_variant(table)?;
        Some(SymmetricTable {
            payload,
            base: (table.bits == 2).then_some(base),
            coords: coords_for(variant),
        })
    }

    /// The value at index `i`.
    #[inline(always)]
    pub fn at(&self, i: u64) -> u8 {
        match self.base {
            None => (self.payload[(i >> 1) as usize] >> ((i & 1) * 4)) & 15,
            Some(base) => packed::get(self.payload, base, i),
        }
    }

    /// Hint that index `i` will be read soon.
    #[inline(always)]
    pub fn prefetch(&self, i: u64) {
        let byte = match self.base {
            None => (i >> 1) as usize,
            Some(_) => packed::line_offset(i),
        };
        crate::tables::prefetch(self.payload, byte)
    }

    /// For the order-parity table: the least value over the entries of `i`'s slice value,
    /// flips and corner class whose order parities sum as `i`'s do.  Those are the cosets
    /// that make up `i`'s coset of the flip- and corner-parity subgroup (whose elements'
    /// order parities sum to their corner parity, 0), so this is that coset's distance
    /// (or a lower bound of it, from the 2-bit encoding) and every half turn keeps it.
    /// Entries of a symmetric class lie by orbit, not in groups of eight: 0 for them, which
    /// rules nothing out.
    #[inline(always)]
    pub fn half_turn_floor(&self, i: u64) -> u8 {
        if !self.coords.is_flat_index(i) {
            return 0;
        }
        let (group, own) = (i & !7, (i & 7) as u32);
        (0..8u64)
            .filter(|&j| (j as u32 ^ own).count_ones() & 1 == 0)
            .map(|j| self.at(group | j))
            .min()
            .unwrap_or(0)
    }

    /// The value of position `c`.
    #[inline(always)]
    pub fn value(&self, c: &Cube) -> u8 {
        self.at(self.coords.index(c))
    }
}
