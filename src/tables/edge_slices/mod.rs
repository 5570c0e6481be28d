//! The edge-slices table: for every edge position, which slice (E, M or S) its piece
//! belongs to and whether it is flipped, reduced by all 48 symmetries — about 0.8 MB.
//!
//! It is the coset space of the subgroup in which every edge sits in its own slice and
//! is oriented (corners free).  Every symmetry keeps that subgroup: an edge in its own
//! slice is oriented or not whatever the axis it is read along.  So the table is small
//! and knows nothing of corners, which is what the coset tables lack: a position whose
//! corners are solved or nearly so and whose edges sit in their slices (the pretty
//! patterns built from half turns, the E-slice flips) reads 0 in the coset tables, and
//! here reads the moves its edge flips and slices still need.  The search probes it
//! beside a coset table, on the position and its inverse.
//!
//! Index: the slice value (34,650, as in [`crate::tables::coset`]) falls into 782
//! classes under the 48 symmetries; a position's flips are conjugated by the symmetry
//! that takes its slice value to the class representative, and the entry is
//! `class · 2048 + the first 11 of those flips` (the twelfth follows from the others).
//! A symmetry moves flips position to position and flips an edge according to the
//! position and the slice of its piece alone ([`EdgeSlicesCoords::conjugate_flips`]; the
//! tests check it against conjugating whole positions).  When a class representative is
//! itself symmetric, its entries have *twins* that the table keeps equal.

use crate::cube::symmetry::{visit_twins, Twins, SYMMETRIES};
use crate::cube::{Cube, Metric};
use crate::tables::slices::{
    edge_cube, mask_symmetries, symmetry_classes, ClassSyms, EdgeMasks, MaskSymmetries, EDGE_SLICES,
};
use std::sync::OnceLock;

mod descriptor;
pub use descriptor::*;

/// Free flip values: the twelfth flip is fixed by the other eleven.
pub const FLIPS: usize = 2048;
/// Slice-value classes under the 48 symmetries.
pub const CLASSES: usize = 782;
/// Table entries (twins included).
pub const ENTRIES: u64 = (CLASSES * FLIPS) as u64;

/// The coordinate's tables (a few hundred kilobytes, built in milliseconds).
pub struct EdgeSlicesCoords {
    /// `class << 8 | s` for each slice value: conjugating by `s` takes it to its class
    /// representative.
    class_sym: ClassSyms,
    /// Slice value of each class representative.
    rep: Vec<u16>,
    /// Symmetries that fix each representative's slice value (bit `s`).
    stabilizer: Vec<u64>,
    /// How the symmetries act on edge masks (shared with the coset tables).
    actions: &'static MaskSymmetries,
}

impl EdgeSlicesCoords {
    /// Build the tables (milliseconds): the slice values' classes, and each symmetry's
    /// action on flips read off the cube model.
    pub fn build() -> EdgeSlicesCoords {
        let classes = symmetry_classes(EDGE_SLICES, edge_cube, SYMMETRIES, |c| {
            EdgeMasks::of(c).slices()
        });
        assert_eq!(
            classes.rep.len(),
            CLASSES,
            "slice classes under the 48 symmetries"
        );
        EdgeSlicesCoords {
            class_sym: classes.class_sym(),
            rep: classes.rep.iter().map(|&v| v as u16).collect(),
            stabilizer: classes.stabilizer,
            actions: mask_symmetries(),
        }
    }

    /// The flips (12-bit set by position) of `S · x · S⁻¹`, from the masks of `x`.
    #[inline(always)]
    pub fn conjugate_flips(&self, masks: &EdgeMasks, s: usize) -> usize {
        self.actions.conjugate_flips(masks, s)
    }

    /// Table index of a position given its edge masks.
    #[inline(always)]
    pub fn index_of(&self, masks: &EdgeMasks) -> u64 {
        self.index_with_slices(masks, masks.slices())
    }

    /// Table index of a position given its edge masks and their slice value.
    #[inline(always)]
    pub fn index_with_slices(&self, masks: &EdgeMasks, slices: usize) -> u64 {
        let cs = self.class_sym.get(slices);
        let flips = self.conjugate_flips(masks, (cs & 255) as usize);
        (cs >> 8) as u64 * FLIPS as u64 + (flips & (FLIPS - 1)) as u64
    }

    /// Table index of position `x`.
    #[inline(always)]
    pub fn index(&self, x: &Cube) -> u64 {
        self.index_of(&EdgeMasks::of(x))
    }

    /// A position of entry `i`: its class representative's slices, its flips (the
    /// twelfth making the total even), corners solved.
    pub fn entry_cube(&self, i: u64) -> Cube {
        let class = (i / FLIPS as u64) as usize;
        let flips = (i % FLIPS as u64) as usize;
        let c = edge_cube(self.rep[class] as usize);
        let mut eo = [0u8; 12];
        for (p, f) in eo.iter_mut().enumerate().take(11) {
            *f = (flips >> p & 1) as u8;
        }
        eo[11] = (flips.count_ones() & 1) as u8;
        Cube::from_parts(c.corner_perm(), c.corner_twists(), c.edge_perm(), eo)
    }

    /// Number of classes.
    #[cfg(test)]
    pub fn classes(&self) -> usize {
        self.rep.len()
    }
}

impl Twins for EdgeSlicesCoords {
    /// Entries of a symmetric class representative that one of its symmetries maps
    /// together.
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        let class = (i / FLIPS as u64) as usize;
        let image = || {
            let masks = EdgeMasks::of(&self.entry_cube(i));
            move |s| {
                let flips = self.conjugate_flips(&masks, s);
                class as u64 * FLIPS as u64 + (flips & (FLIPS - 1)) as u64
            }
        };
        visit_twins(i, self.stabilizer[class], image, visit)
    }
}

/// The coordinate's tables, built on first use.
pub fn edge_slices_coords() -> &'static EdgeSlicesCoords {
    static COORDS: OnceLock<EdgeSlicesCoords> = OnceLock::new();
    COORDS.get_or_init(EdgeSlicesCoords::build)
}

/// The table as a breadth-first search space, stepped by the moves of a metric.
pub struct EdgeSlicesSpace<'a> {
    pub coords: &'a EdgeSlicesCoords,
    pub metric: Metric,
}

impl crate::tables::generate::Space for EdgeSlicesSpace<'_> {
    fn entries(&self) -> u64 {
        ENTRIES
    }
    fn goal(&self) -> u64 {
        self.coords.index(&Cube::SOLVED)
    }
    #[inline(always)]
    fn neighbours(&self, i: u64, mut visit: impl FnMut(u64) -> bool) {
        let c = self.coords.entry_cube(i);
        for &m in self.metric.generators() {
            if visit(self.coords.index(&c.apply_move(m))) {
                return;
            }
        }
    }
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.coords.twins(i, visit)
    }
}

/// A loaded edge-slices table: its 4-bit payload and coordinate.
#[derive(Clone, Copy)]
pub struct EdgeSlicesTable<'a> {
    pub(crate) payload: &'a [u8],
    pub(crate) coords: &'static EdgeSlicesCoords,
}

impl EdgeSlicesTable<'_> {
    /// The table's value of position `x`: a lower bound on its distance.
    #[inline(always)]
    pub fn value(&self, x: &Cube) -> u8 {
        self.at(self.coords.index(x))
    }

    /// The table's values of `x` and of its inverse, the larger.
    #[inline(always)]
    pub fn value_both(&self, x: &Cube) -> u8 {
        self.value(x).max(self.value(&x.inverse()))
    }

    /// The value at entry `i`.
    #[inline(always)]
    pub fn at(&self, i: u64) -> u8 {
        (self.payload[(i >> 1) as usize] >> ((i & 1) * 4)) & 15
    }

    /// Hint that entry `i` will be read soon.
    #[inline(always)]
    pub fn prefetch(&self, i: u64) {
        crate::tables::prefetch(self.payload, (i >> 1) as usize)
    }
}

#[cfg(test)]
mod tests;
