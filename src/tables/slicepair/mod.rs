//! The coset coordinate of the sliceperm subgroup cut in half: the
//! [`crate::tables::sliceperm`] coordinate plus one bit, the flip parity of the E edges FR
//! and BL (the two opposite E edges; with the U/D-layer flips it also gives that of FL and
//! BR).
//!
//! The subgroup `H'` holds every position of the sliceperm subgroup `H` (U corners in the
//! U layer, no corner twisted, the E edges at home in order, no U/D-layer edge flipped) in
//! which FR and BL are both flipped or both not.  The E flips of an element of `H` form a
//! homomorphism onto the even patterns of four bits, and U and D turns flip no E edge, so
//! `H'` is a subgroup of index 2 in `H` that still holds every U and D turn.  Each of the
//! 16 symmetries that keep the U–D axis permutes the four E positions as a symmetry of a
//! square, taking opposite positions to opposite positions; conjugating an element that
//! keeps the E edges at home only permutes their flips, so the symmetries map `H'` to
//! itself.  The coset `H' x` is read as sliceperm's, plus the flip of the edge FR wherever
//! it stands, XOR that of BL.
//!
//! `9,930 · 495 · 24 · 256 · 2 = 60,399,820,800` entries, 14.3 GiB at two bits each (the
//! 64-byte line layout of [`crate::tables::packed`]), twice the sliceperm table.  Every
//! coordinate table is sliceperm's; this module adds one 12-bit mask per (E set, E order):
//! the positions holding FR and BL.

use crate::cube::symmetry::{visit_twins, Twins};
use crate::cube::Cube;
use crate::tables::flipslice::{Parts, CORNER_CLASSES, E_SETS};
use crate::tables::sliceperm::{self, sliceperm_coords, SlicePermCoords, ORDERS};
use std::sync::OnceLock;

/// Edge values per corner class: sliceperm's, times the flip parity of FR and BL.
pub const EDGE_VALUES: usize = sliceperm::EDGE_VALUES * 2;
/// Entries of the table.
pub const ENTRIES: u64 = CORNER_CLASSES as u64 * EDGE_VALUES as u64;

/// Move and symmetry tables of the coordinate.
pub struct SlicePairCoords {
    /// The sliceperm tables (and through them flipslice's).
    pub sliceperm: &'static SlicePermCoords,
    /// `pair_mask[e * 24 + r]`: the two positions holding FR and BL (E labels 0 and 2) in
    /// a position with E-set rank `e` and E-order rank `r`.
    pair_mask: Vec<u16>,
}

impl SlicePairCoords {
    /// Build the tables (sliceperm's, plus a few kilobytes).
    pub fn build() -> SlicePairCoords {
        let sliceperm = sliceperm_coords();
        let mut pair_mask = Vec::with_capacity(E_SETS * ORDERS);
        for &mask in &sliceperm.layers.e_mask {
            for r in 0..ORDERS {
                let order = sliceperm.order_of_rank(r);
                let (mut rest, mut pair) = (mask, 0u16);
                for k in 0..4 {
                    let i = rest.trailing_zeros();
                    if order >> (2 * k) & 1 == 0 {
                        // Labels 0 (FR) and 2 (BL) have their low bit clear.
                        pair |= 1 << i;
                    }
                    rest &= rest - 1;
                }
                pair_mask.push(pair);
            }
        }
        SlicePairCoords {
            sliceperm,
            pair_mask,
        }
    }

    /// The FR–BL flip parity of a position with E-set rank `e`, E-order rank `r` and
    /// twelve flips `flips`.
    #[inline(always)]
    fn pair_parity(&self, e: usize, r: usize, flips: usize) -> usize {
        (flips & self.pair_mask[e * ORDERS + r] as usize).count_ones() as usize & 1
    }

    /// Edge value of the conjugate by `s` of a position with E-set rank `e`, E-order rank
    /// `r` and twelve flips `flips`.
    #[inline(always)]
    fn conj_edge(&self, e: usize, r: usize, flips: usize, s: usize) -> usize {
        let (e2, r2, f) = self.sliceperm.conj_parts(e, r, flips, s);
        self.sliceperm.edge_value(e2, r2, f) * 2 + self.pair_parity(e2, r2, f)
    }

    /// Table index of a position's parts.
    #[inline(always)]
    pub fn index_of_parts(&self, p: &Parts) -> u64 {
        let (class, s, e, r) = self.sliceperm.class_and_ranks(p);
        class * EDGE_VALUES as u64 + self.conj_edge(e, r, p.flips, s) as u64
    }

    /// Table index of position `c`.
    #[inline(always)]
    pub fn index(&self, c: &Cube) -> u64 {
        self.axis_index(c, 0)
    }

    /// Table index of `S · c · S⁻¹` for `S = AXIS_SYMMETRIES[a]`.
    #[inline(always)]
    pub fn axis_index(&self, c: &Cube, a: usize) -> u64 {
        self.index_of_parts(&self.sliceperm.layers.axis_parts(c, a))
    }

    /// The (E set, E order, twelve flips) of an entry's edge value: sliceperm's, with FR
    /// flipped when the pair parity is odd, and FL flipped to keep the count even.
    fn edge_parts(&self, edge: usize) -> (usize, usize, usize) {
        let (e, r, mut flips) = self.sliceperm.edge_parts(edge / 2);
        let mask = self.sliceperm.layers.e_mask[e] as usize;
        let order = self.sliceperm.order_of_rank(r);
        let (mut rest, mut fr, mut fl) = (mask, 0, 0);
        for k in 0..4 {
            let i = rest.trailing_zeros();
            match order >> (2 * k) & 3 {
                0 => fr = 1 << i,
                1 => fl = 1 << i,
                _ => {}
            }
            rest &= rest - 1;
        }
        if edge & 1 == 1 {
            flips |= fr;
        }
        if flips.count_ones() & 1 == 1 {
            flips |= fl;
        }
        (e, r, flips)
    }

    #[cfg(test)]
    /// A position standing for entry `i` (the class representative's corners).
    pub fn entry_cube(&self, i: u64) -> Cube {
        let class = (i / EDGE_VALUES as u64) as usize;
        let (e, r, flips) = self.edge_parts((i % EDGE_VALUES as u64) as usize);
        let l = self.sliceperm.layers;
        let corners = crate::tables::flipslice::corner_cube(l.class_rep[class] as usize);
        let edges = crate::tables::flipslice::edge_cube_ordered(
            l.e_mask[e] as usize,
            self.sliceperm.order_of_rank(r),
            flips,
        );
        Cube::from_packed(corners.corners(), edges.edges())
    }
}

impl Twins for SlicePairCoords {
    /// Entries of the same corner class whose edges one of its symmetries maps together.
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        let class = (i / EDGE_VALUES as u64) as usize;
        let image = || {
            let (e, r, flips) = self.edge_parts((i % EDGE_VALUES as u64) as usize);
            move |s| class as u64 * EDGE_VALUES as u64 + self.conj_edge(e, r, flips, s) as u64
        };
        let stabilizer = self.sliceperm.layers.class_stabilizer[class];
        visit_twins(i, stabilizer as u64, image, visit)
    }
}

/// The tables, built on first use.
pub fn slicepair_coords() -> &'static SlicePairCoords {
    static COORDS: OnceLock<SlicePairCoords> = OnceLock::new();
    COORDS.get_or_init(SlicePairCoords::build)
}

/// The table as a breadth-first search space.
pub struct SlicePairSpace<'a>(pub &'a SlicePairCoords);

impl crate::tables::generate::Space for SlicePairSpace<'_> {
    fn entries(&self) -> u64 {
        ENTRIES
    }
    fn goal(&self) -> u64 {
        self.0.index(&Cube::SOLVED)
    }
    #[inline(always)]
    fn neighbours(&self, i: u64, mut visit: impl FnMut(u64) -> bool) {
        let c = self.0;
        let class = (i / EDGE_VALUES as u64) as usize;
        let (e, r, flips) = c.edge_parts((i % EDGE_VALUES as u64) as usize);
        c.sliceperm
            .visit_moved(class, e, r, flips, |p| visit(c.index_of_parts(p)));
    }
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.0.twins(i, visit)
    }
}

mod descriptor;
pub use descriptor::*;

/// The family as the registry names a three-axis family (`crate::tables::registry`).
pub use descriptor::SLICEPAIR as TABLE;
/// Its coordinate.
pub type Coords = SlicePairCoords;
/// Its coordinate's tables, built on first use.
pub fn coords() -> &'static Coords {
    slicepair_coords()
}
mod probe;

#[cfg(test)]
mod tests;
