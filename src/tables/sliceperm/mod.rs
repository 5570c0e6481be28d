//! The coset coordinate of a smaller subgroup that keeps the U and D layers: the
//! [`crate::tables::flipslice`] corners and E slice, plus the order of the four E edges, with the
//! flips of the eight U/D-layer edges only (Rokicki's nxopt calls the subgroup EO2·EP2).
//!
//! The subgroup `H` holds every position in which the U corners sit in the U layer, no
//! corner is twisted, the E-slice edges stand in their own positions FR FL BL BR (in that
//! order), and none of the other eight edges is flipped; the E edges' own flips are free.
//! U and D turns are in `H`, and so is the image of `H` under each of the 16 symmetries
//! that keep the U–D axis.  The coset `H x` is read position by position: which positions
//! hold U corners and the twists (as for flipslice), which positions hold E edges
//! (C(12,4) = 495), which E edge stands in each of them, in position order (4! = 24), and
//! the flips of the eight positions that hold the other edges, in position order (2^8).
//!
//! Against flipslice this trades three E-edge flips (a factor 8) for the E edges' order (a
//! factor 24): `9,930 · 495 · 24 · 256 = 30,199,910,400` entries, 7.15 GiB at two bits
//! each, three times the flipslice table.  The corner classes, the symmetry tables and the
//! per-axis cubie lookups are flipslice's ([`FlipSliceCoords`]); this module adds the E
//! order and the compression of the flips.

use crate::cube::symmetry::{conjugate, visit_twins, Twins, UD_SYMMETRIES};
use crate::cube::{Cube, MOVE_COUNT};
use crate::tables::coset::COMBINATION_RANK;
use crate::tables::flipslice::{
    edge_cube_ordered, flipslice_coords, FlipSliceCoords, Parts, CORNER_CLASSES, E_SETS,
};
use std::sync::OnceLock;

/// Orders of the four E edges.
pub const ORDERS: usize = 24;
/// Flip values of the eight U/D-layer edges.
pub const LAYER_FLIPS: usize = 256;
/// Edge values per corner class.
pub const EDGE_VALUES: usize = E_SETS * ORDERS * LAYER_FLIPS;
/// Entries of the table.
pub const ENTRIES: u64 = CORNER_CLASSES as u64 * EDGE_VALUES as u64;

/// `COMPRESS[m][b]`: the bits of the 6-bit value `b` outside the 6-bit mask `m`, packed
/// downwards (what `pext(b, !m)` computes).
static COMPRESS: [[u8; 64]; 64] = {
    let mut t = [[0u8; 64]; 64];
    let mut m = 0;
    while m < 64 {
        let mut b = 0;
        while b < 64 {
            let (mut out, mut k, mut i) = (0u8, 0, 0);
            while i < 6 {
                if m >> i & 1 == 0 {
                    out |= ((b >> i & 1) as u8) << k;
                    k += 1;
                }
                i += 1;
            }
            t[m][b] = out;
            b += 1;
        }
        m += 1;
    }
    t
};

/// The flips of the positions outside `e_mask` (the eight non-E edges), in position order.
#[inline(always)]
pub fn layer_flips(flips: usize, e_mask: usize) -> usize {
    let lo = COMPRESS[e_mask & 63][flips & 63] as usize;
    let hi = COMPRESS[e_mask >> 6 & 63][flips >> 6 & 63] as usize;
    lo | hi << (6 - (e_mask & 63).count_ones())
}

/// The inverse of [`layer_flips`]: eight flips spread over the positions outside `e_mask`
/// (zero on the E positions).
pub fn spread_flips(f8: usize, e_mask: usize) -> usize {
    let (mut out, mut k) = (0usize, 0);
    for i in 0..12 {
        if e_mask >> i & 1 == 0 {
            out |= (f8 >> k & 1) << i;
            k += 1;
        }
    }
    out
}

/// The E labels of the positions in `e_mask`, in position order, two bits each.
#[inline(always)]
pub fn order_of(e_mask: usize, labels: u32) -> usize {
    let (mut m, mut out) = (e_mask, 0usize);
    for k in 0..4 {
        let i = m.trailing_zeros();
        out |= ((labels >> (2 * i)) as usize & 3) << (2 * k);
        m &= m - 1;
    }
    out
}

/// Move and symmetry tables of the coordinate.
pub struct SlicePermCoords {
    /// The flipslice tables: corners, E sets, flips, symmetries, axes.
    pub layers: &'static FlipSliceCoords,
    /// `order_rank[o]`: rank (0..24) of an E order `o` (two bits per E position); 255 for
    /// values that are not orders.
    order_rank: [u8; 256],
    /// The E order of each rank.
    order_of_rank: [u8; ORDERS],
    /// `order_conj[(e * 24 + r) * 16 + s]`: the order rank of the conjugate by `s`.
    order_conj: Vec<u8>,
    /// `move_to[m][i]`: where move `m` takes the edge at position `i`.
    move_to: [[u8; 12]; MOVE_COUNT],
}

impl SlicePermCoords {
    /// Build the tables (flipslice's, plus a fraction of a second).
    pub fn build() -> SlicePermCoords {
        let layers = flipslice_coords();
        let mut order_rank = [255u8; 256];
        let mut order_of_rank = [0u8; ORDERS];
        let mut r = 0;
        for (o, rank) in order_rank.iter_mut().enumerate() {
            let digits = [o & 3, o >> 2 & 3, o >> 4 & 3, o >> 6 & 3];
            if (0..4).all(|d| digits.contains(&d)) {
                *rank = r as u8;
                order_of_rank[r] = o as u8;
                r += 1;
            }
        }
        assert_eq!(r, ORDERS);
        let mut order_conj = Vec::with_capacity(E_SETS * ORDERS * UD_SYMMETRIES);
        for &mask in &layers.e_mask {
            for &o in &order_of_rank {
                let c = edge_cube_ordered(mask as usize, o as usize, 0);
                for s in 0..UD_SYMMETRIES {
                    let p = crate::tables::flipslice::parts(&conjugate(&c, s));
                    order_conj.push(order_rank[order_of(p.e_mask, p.labels)]);
                }
            }
        }
        let move_to = crate::cube::ALL_MOVES.map(|m| {
            let mc = Cube::from_moves(&[m]);
            let mut to = [0u8; 12];
            for i in 0..12 {
                to[mc.edge(i) as usize] = i as u8;
            }
            to
        });
        SlicePermCoords {
            layers,
            order_rank,
            order_of_rank,
            order_conj,
            move_to,
        }
    }

    /// Table index of a position's parts.
    #[inline(always)]
    pub fn index_of_parts(&self, p: &Parts) -> u64 {
        let (class, s, e, r) = self.class_and_ranks(p);
        class * EDGE_VALUES as u64 + self.conj_edge(e, r, p.flips, s) as u64
    }

    /// The corner class of a position's parts, the symmetry taking its corners to the
    /// class representative, its E-set rank and its E-order rank.
    #[inline(always)]
    pub(crate) fn class_and_ranks(&self, p: &Parts) -> (u64, usize, usize, usize) {
        let cs = self.layers.corner_class_sym[p.corner];
        let e = COMBINATION_RANK[p.e_mask] as usize;
        let r = self.order_rank[order_of(p.e_mask, p.labels)] as usize;
        ((cs >> 8) as u64, (cs & 255) as usize, e, r)
    }

    /// The conjugate by `s` of a position with E-set rank `e`, E-order rank `r` and twelve
    /// flips `flips`: its E-set rank, E-order rank and twelve flips.
    #[inline(always)]
    pub(crate) fn conj_parts(
        &self,
        e: usize,
        r: usize,
        flips: usize,
        s: usize,
    ) -> (usize, usize, usize) {
        let l = self.layers;
        let k = e * UD_SYMMETRIES + s;
        let f = l.flip_perm[s].apply(flips) ^ l.flip_fix[k] as usize;
        let e2 = l.e_conj[k] as usize;
        let r2 = self.order_conj[(e * ORDERS + r) * UD_SYMMETRIES + s] as usize;
        (e2, r2, f)
    }

    /// Edge value (E set, E order, eight flips) of E-set rank `e`, E-order rank `r` and
    /// twelve flips `flips` (those on the E positions ignored).
    #[inline(always)]
    pub(crate) fn edge_value(&self, e: usize, r: usize, flips: usize) -> usize {
        (e * ORDERS + r) * LAYER_FLIPS + layer_flips(flips, self.layers.e_mask[e] as usize)
    }

    /// Edge value (E set, E order, eight flips) of the conjugate by `s` of a position with
    /// E-set rank `e`, E-order rank `r` and twelve flips `flips`.
    #[inline(always)]
    fn conj_edge(&self, e: usize, r: usize, flips: usize, s: usize) -> usize {
        let (e2, r2, f) = self.conj_parts(e, r, flips, s);
        self.edge_value(e2, r2, f)
    }

    /// The E order (two bits per E position, lowest position first) of E-order rank `r`.
    pub(crate) fn order_of_rank(&self, r: usize) -> usize {
        self.order_of_rank[r] as usize
    }

    /// The parts of each position a move makes of the one standing for an entry of
    /// corner class `class`, E-set rank `e`, E-order rank `r` and twelve flips `flips` (the
    /// class representative's corners), move by move, until `visit` returns `true`: the
    /// breadth-first neighbours of this table and of the tables built on its coordinate.
    #[inline(always)]
    pub(crate) fn visit_moved(
        &self,
        class: usize,
        e: usize,
        r: usize,
        flips: usize,
        mut visit: impl FnMut(&Parts) -> bool,
    ) {
        let l = self.layers;
        let corner = l.class_rep[class] as usize;
        let mask = l.e_mask[e] as usize;
        let order = self.order_of_rank(r);
        for m in 0..MOVE_COUNT {
            let p = &l.move_perm[m];
            let (mut labels, mut rest, mut k) = (0u32, mask, 0);
            while rest != 0 {
                let from = rest.trailing_zeros() as usize;
                labels |= ((order >> (2 * k) & 3) as u32) << (2 * self.move_to[m][from]);
                rest &= rest - 1;
                k += 1;
            }
            let parts = Parts {
                corner: l.corner_move[corner * MOVE_COUNT + m] as usize,
                e_mask: p.apply(mask),
                flips: p.apply(flips) ^ l.move_flip[m] as usize,
                labels,
            };
            if visit(&parts) {
                return;
            }
        }
    }

    /// Table index of position `c`.
    #[inline(always)]
    pub fn index(&self, c: &Cube) -> u64 {
        self.axis_index(c, 0)
    }

    /// Table index of `S · c · S⁻¹` for `S = AXIS_SYMMETRIES[a]`.
    #[inline(always)]
    pub fn axis_index(&self, c: &Cube, a: usize) -> u64 {
        self.index_of_parts(&self.layers.axis_parts(c, a))
    }

    /// The (E set, E order, twelve flips) of an entry's edge value.
    pub(crate) fn edge_parts(&self, edge: usize) -> (usize, usize, usize) {
        let e = edge / (ORDERS * LAYER_FLIPS);
        let r = edge / LAYER_FLIPS % ORDERS;
        let flips = spread_flips(edge % LAYER_FLIPS, self.layers.e_mask[e] as usize);
        (e, r, flips)
    }

    #[cfg(test)]
    /// A position standing for entry `i` (the class representative's corners, E flips 0).
    pub fn entry_cube(&self, i: u64) -> Cube {
        let class = (i / EDGE_VALUES as u64) as usize;
        let (e, r, flips) = self.edge_parts((i % EDGE_VALUES as u64) as usize);
        let corners = crate::tables::flipslice::corner_cube(self.layers.class_rep[class] as usize);
        let mask = self.layers.e_mask[e] as usize;
        // The twelfth flip keeps the count even: put the parity on an E edge.
        let parity = (flips.count_ones() as usize & 1) << mask.trailing_zeros();
        let edges = edge_cube_ordered(mask, self.order_of_rank[r] as usize, flips | parity);
        Cube::from_packed(corners.corners(), edges.edges())
    }
}

impl Twins for SlicePermCoords {
    /// Entries of the same corner class whose edges one of its symmetries maps together.
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        let class = (i / EDGE_VALUES as u64) as usize;
        let image = || {
            let (e, r, flips) = self.edge_parts((i % EDGE_VALUES as u64) as usize);
            move |s| class as u64 * EDGE_VALUES as u64 + self.conj_edge(e, r, flips, s) as u64
        };
        visit_twins(i, self.layers.class_stabilizer[class] as u64, image, visit)
    }
}

/// The tables, built on first use.
pub fn sliceperm_coords() -> &'static SlicePermCoords {
    static COORDS: OnceLock<SlicePermCoords> = OnceLock::new();
    COORDS.get_or_init(SlicePermCoords::build)
}

/// The table as a breadth-first search space.
pub struct SlicePermSpace<'a>(pub &'a SlicePermCoords);

impl crate::tables::generate::Space for SlicePermSpace<'_> {
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
        c.visit_moved(class, e, r, flips, |p| visit(c.index_of_parts(p)));
    }
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.0.twins(i, visit)
    }
}

mod descriptor;
pub use descriptor::*;

/// The family as the registry names a three-axis family (`crate::tables::registry`).
pub use descriptor::SLICEPERM as TABLE;
/// Its coordinate.
pub type Coords = SlicePermCoords;
/// Its coordinate's tables, built on first use.
pub fn coords() -> &'static Coords {
    sliceperm_coords()
}
mod probe;

#[cfg(test)]
mod tests;
