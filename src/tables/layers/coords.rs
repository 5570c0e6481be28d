//! The coordinate of one size: [`LayerCoords`], generic over how much of the E slice and
//! the flips it keeps.  Every size reads a position through the same [`Parts`] and shares
//! the [`Base`] tables; only the edge value differs.

use super::base::Base;
use super::parts::{
    full_flips, layer_flips, spread_flips, Parts, CORNER_CLASSES, E_SETS, FLIPS, LAYER_FLIPS,
    ORDERS,
};
use crate::cube::symmetry::{visit_twins, Twins, UD_SYMMETRIES};
use crate::cube::{Cube, Metric, Move, MOVE_COUNT};
use crate::tables::slices::COMBINATION_RANK;

/// The `FLIPS` parameter that keeps every flip (eleven bits by position).
pub const ALL_FLIPS: u8 = 3;

/// The coset coordinate of one U/D-layer subgroup.  `ORDERED`: the E edges' order is kept
/// (else only which positions hold them).  `FLIPS`: [`ALL_FLIPS`] keeps every edge's flip;
/// `0`, `1` or `2` keep the flips of the eight U/D-layer edges and that many bits of the E
/// edges' flips, read by piece (so only with `ORDERED`): the flip parity of the opposite
/// pair FR–BL, then that of FR–FL.  Where the E flips are kept only in part, the subgroup
/// holds the E-flip patterns the kept bits cannot see: each is a subgroup of the square's
/// symmetries' action on four flips, so the 16 symmetries keep it.
///
/// Each size holds its own copy of the shared tables (about 13 MB, built in a fraction of
/// a second, only for the sizes a process uses): read through a pointer to one shared copy
/// they cost the search 4 % of its node rate (flipslice, the published 17-move list,
/// 2026-11-26), one more load on the path of every probe.
pub struct LayerCoords<const ORDERED: bool, const FLIPS: u8> {
    base: Base,
}

impl<const ORDERED: bool, const F: u8> LayerCoords<ORDERED, F> {
    /// Slice values: E-set ranks, times E-order ranks when ordered.
    pub const SLICE_VALUES: usize = if ORDERED { E_SETS * ORDERS } else { E_SETS };
    /// Flip values per slice value.
    pub const FLIP_VALUES: usize = if F == ALL_FLIPS {
        FLIPS
    } else {
        LAYER_FLIPS << F
    };
    /// Edge values per corner class.
    pub const EDGE_VALUES: usize = Self::SLICE_VALUES * Self::FLIP_VALUES;
    /// Entries of the table.
    pub const ENTRIES: u64 = CORNER_CLASSES as u64 * Self::EDGE_VALUES as u64;
    /// E-flip bits read by piece need the E order.
    const SHAPE_IS_VALID: () = assert!(
        F == ALL_FLIPS || (F <= 2 && (ORDERED || F == 0)),
        "E-flip bits by piece need the E order"
    );

    /// The coordinate, its tables built.
    pub fn new() -> Self {
        #[allow(clippy::let_unit_value)]
        let () = Self::SHAPE_IS_VALID;
        LayerCoords {
            base: Base::build(),
        }
    }

    /// The tables every size shares.
    pub fn base(&self) -> &Base {
        &self.base
    }

    /// Table index of a position's parts.
    #[inline(always)]
    pub fn index_of_parts(&self, p: &Parts) -> u64 {
        let cs = self.base.corner_class_sym.get(p.corner);
        let (class, s) = ((cs >> 8) as u64, (cs & 255) as usize);
        let e = COMBINATION_RANK[p.e_mask] as usize;
        let r = if ORDERED { self.base.order_rank(p) } else { 0 };
        class * Self::EDGE_VALUES as u64 + self.conj_edge(e, r, p.flips, s) as u64
    }

    /// The conjugate by `s` of E-set rank `e`, E-order rank `r` and twelve flips `flips`:
    /// its E-set rank, E-order rank and twelve flips.
    #[inline(always)]
    fn conj_parts(&self, e: usize, r: usize, flips: usize, s: usize) -> (usize, usize, usize) {
        let b = &self.base;
        let k = e * UD_SYMMETRIES + s;
        let f = b.flip_perm[s].apply(flips) ^ b.flip_fix[k] as usize;
        let r2 = if ORDERED { b.order_conj(e, r, s) } else { 0 };
        (b.e_conj[k] as usize, r2, f)
    }

    /// Edge value of E-set rank `e`, E-order rank `r` and twelve flips `flips`.
    #[inline(always)]
    fn edge_value(&self, e: usize, r: usize, flips: usize) -> usize {
        let slice = if ORDERED { e * ORDERS + r } else { e };
        if F == ALL_FLIPS {
            return slice * FLIPS + (flips & (FLIPS - 1));
        }
        let layers = slice * LAYER_FLIPS + layer_flips(flips, self.base.e_mask[e] as usize);
        if F == 0 {
            return layers;
        }
        let [fr, fl, bl] = self
            .base
            .piece_masks_of(e, r)
            .map(|m| flips & m as usize != 0);
        let pair = (fr ^ bl) as usize;
        let bits = if F == 1 {
            pair
        } else {
            pair | ((fr ^ fl) as usize) << 1
        };
        layers << F | bits
    }

    /// Edge value of the conjugate by `s` of E-set rank `e`, E-order rank `r` and flips.
    #[inline(always)]
    fn conj_edge(&self, e: usize, r: usize, flips: usize, s: usize) -> usize {
        let (e2, r2, f) = self.conj_parts(e, r, flips, s);
        self.edge_value(e2, r2, f)
    }

    /// The (E set, E order, twelve flips) of a position standing for an edge value.
    pub(crate) fn edge_parts(&self, edge: usize) -> (usize, usize, usize) {
        let slice_of = |slice: usize| {
            if ORDERED {
                (slice / ORDERS, slice % ORDERS)
            } else {
                (slice, 0)
            }
        };
        if F == ALL_FLIPS {
            let (e, r) = slice_of(edge / FLIPS);
            return (e, r, full_flips(edge % FLIPS));
        }
        let layers = edge >> F;
        let (e, r) = slice_of(layers / LAYER_FLIPS);
        let mask = self.base.e_mask[e] as usize;
        let mut flips = spread_flips(layers % LAYER_FLIPS, mask);
        if F > 0 {
            // FR flipped for an odd FR–BL parity, FL for an odd FR–FL one; BL unflipped;
            // the last free E edge (FL with one bit, BR with two) keeps the count even.
            let [fr, fl, bl] = self.base.piece_masks_of(e, r).map(|m| m as usize);
            let (pair, first) = (edge & 1, edge >> 1 & 1);
            flips |= fr * pair;
            let free = if F == 1 {
                fl
            } else {
                flips |= fl * (pair ^ first);
                mask & !(fr | fl | bl)
            };
            if flips.count_ones() & 1 == 1 {
                flips |= free;
            }
        }
        (e, r, flips)
    }

    /// Table index of position `c`.
    #[inline(always)]
    pub fn index(&self, c: &Cube) -> u64 {
        self.axis_index(c, 0)
    }

    /// Table index of `S · c · S⁻¹` for `S = AXIS_SYMMETRIES[a]`.
    #[inline(always)]
    pub fn axis_index(&self, c: &Cube, a: usize) -> u64 {
        self.index_of_parts(&self.base.axis_parts(c, a))
    }

    /// The parts of each position a move of `moves` makes of the one standing for an entry
    /// (the class representative's corners), move by move, until `visit` returns `true`.
    #[inline(always)]
    pub(crate) fn visit_moved(
        &self,
        i: u64,
        moves: &[Move],
        mut visit: impl FnMut(&Parts) -> bool,
    ) {
        let b = &self.base;
        let class = (i / Self::EDGE_VALUES as u64) as usize;
        let (e, r, flips) = self.edge_parts((i % Self::EDGE_VALUES as u64) as usize);
        let corner = b.class_rep[class] as usize;
        let mask = b.e_mask[e] as usize;
        let order = if ORDERED { b.order_of_rank(r) } else { 0 };
        for m in moves.iter().map(|m| m.index()) {
            let p = &b.move_perm[m];
            let parts = Parts {
                corner: b.corner_move[corner * MOVE_COUNT + m] as usize,
                e_mask: p.apply(mask),
                flips: p.apply(flips) ^ b.move_flip[m] as usize,
                labels: if ORDERED {
                    b.moved_labels(m, mask, order)
                } else {
                    0
                },
            };
            if visit(&parts) {
                return;
            }
        }
    }

    #[cfg(test)]
    /// A position standing for entry `i` (the class representative's corners).
    pub fn entry_cube(&self, i: u64) -> Cube {
        use super::parts::{corner_cube, edge_cube_ordered};
        let b = &self.base;
        let class = (i / Self::EDGE_VALUES as u64) as usize;
        let (e, r, mut flips) = self.edge_parts((i % Self::EDGE_VALUES as u64) as usize);
        let corners = corner_cube(b.class_rep[class] as usize);
        let mask = b.e_mask[e] as usize;
        // Where the E flips are free, the twelfth keeps the count even on an E edge.
        flips |= (flips.count_ones() as usize & 1) << mask.trailing_zeros();
        let order = if ORDERED {
            b.order_of_rank(r)
        } else {
            0b11_10_01_00
        };
        let edges = edge_cube_ordered(mask, order, flips);
        Cube::from_parts(
            corners.corner_perm(),
            corners.corner_twists(),
            edges.edge_perm(),
            edges.edge_flips(),
        )
    }
}

impl<const ORDERED: bool, const F: u8> Default for LayerCoords<ORDERED, F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const ORDERED: bool, const F: u8> Twins for LayerCoords<ORDERED, F> {
    /// Entries of the same corner class whose edges one of its symmetries maps together.
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        let values = Self::EDGE_VALUES as u64;
        let class = (i / values) as usize;
        let image = || {
            let (e, r, flips) = self.edge_parts((i % values) as usize);
            move |s| class as u64 * values + self.conj_edge(e, r, flips, s) as u64
        };
        visit_twins(i, self.base.class_stabilizer[class] as u64, image, visit)
    }
}

/// The table as a breadth-first search space, stepped by the moves of a metric (all 18
/// turns, or the 12 quarter turns: distances in quarter turns).
pub struct LayerSpace<'a, const ORDERED: bool, const F: u8>(
    pub &'a LayerCoords<ORDERED, F>,
    pub Metric,
);

impl<const ORDERED: bool, const F: u8> crate::tables::generate::Space
    for LayerSpace<'_, ORDERED, F>
{
    fn entries(&self) -> u64 {
        LayerCoords::<ORDERED, F>::ENTRIES
    }
    fn goal(&self) -> u64 {
        self.0.index(&Cube::SOLVED)
    }
    #[inline(always)]
    fn neighbours(&self, i: u64, mut visit: impl FnMut(u64) -> bool) {
        let c = self.0;
        c.visit_moved(i, self.1.generators(), |p| visit(c.index_of_parts(p)));
    }
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.0.twins(i, visit)
    }
}
