//! The tables every size of the U/D-layer family reads, built once per size in use: the corners' move
//! table and symmetry classes, how symmetries and moves act on the E slice and the flips,
//! the E edges' orders and the masks that read the E edges' flips by piece.

use super::parts::{
    corner_cube, edge_cube, edge_cube_ordered, order_of, parts, BitPerm, Frame, Parts,
    AXIS_SYMMETRIES, CORNER_CLASSES, CORNER_RAW, E_SETS, ORDERS,
};
use crate::cube::symmetry::{conjugate, symmetries, UD_SYMMETRIES};
use crate::cube::{Cube, ALL_MOVES, MOVE_COUNT};
use crate::tables::slices::{self, unrank_combination, ClassSyms, COMBINATION_RANK};
use rayon::prelude::*;

/// Move and symmetry tables shared by every size.
pub struct Base {
    /// `corner_move[raw * 18 + m]`: raw corner value after move `m`.
    pub corner_move: Vec<u32>,
    /// `class << 8 | sym` of each raw corner value, `sym` taking it to the representative.
    pub corner_class_sym: ClassSyms,
    /// Raw value of each class representative.
    pub class_rep: Vec<u32>,
    /// Symmetries that fix each representative (bit `s`), identity included.
    pub class_stabilizer: Vec<u16>,
    /// `e_conj[e * 16 + s]`: E-set rank of the conjugate by `s`.
    pub e_conj: Vec<u16>,
    /// `flip_fix[e * 16 + s]`: the flips of the conjugate by `s` are
    /// `flip_perm[s](flips) ^ flip_fix[e * 16 + s]`.
    pub flip_fix: Vec<u16>,
    pub flip_perm: Vec<BitPerm>,
    /// A move acts on E bits and flips by a bit permutation (then flips by a constant).
    pub move_perm: Vec<BitPerm>,
    pub move_flip: [u16; MOVE_COUNT],
    /// The mask of each E-set rank.
    pub e_mask: Vec<u16>,
    /// `excluded_by_axes[t]`: the moves of the subgroup of each axis in `t` (bit `a` for
    /// axis `a`), as move bits: the turns `m` with `S_a · m · S_a⁻¹` a U or D turn.
    pub excluded_by_axes: [u32; 8],
    /// `inherited_by_move[m]`: the axes (bit `a`) whose subgroup holds move `m`.
    pub inherited_by_move: [u8; MOVE_COUNT],
    /// `order_rank[o]`: rank (0..24) of an E order `o` (two bits per E position); 255 for
    /// values that are not orders.
    order_rank: [u8; 256],
    /// The E order of each rank.
    order_of_rank: [u8; ORDERS],
    /// `order_conj[(e * 24 + r) * 16 + s]`: the order rank of the conjugate by `s`.
    order_conj: Vec<u8>,
    /// `move_to[m][i]`: where move `m` takes the edge at position `i`.
    move_to: [[u8; 12]; MOVE_COUNT],
    /// `piece_masks[e * 24 + r]`: the positions holding FR, FL and BL (E labels 0, 1, 2),
    /// one bit each, in a position with E-set rank `e` and E-order rank `r`.
    piece_masks: Vec<[u16; 3]>,
    frames: [Frame; 3],
}

/// The E orders (two bits per E position) and their ranks.
fn order_ranks() -> ([u8; 256], [u8; ORDERS]) {
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
    (order_rank, order_of_rank)
}

/// The move sets of each axis' subgroup: which moves each set of axes excludes, and which
/// axes each move keeps.
fn axis_moves() -> ([u32; 8], [u8; MOVE_COUNT]) {
    let syms = symmetries();
    let axis_moves = AXIS_SYMMETRIES.map(|s| {
        (0..MOVE_COUNT)
            .filter(|&m| matches!(syms.move_conj[s][m].face_index(), 0 | 3))
            .fold(0u32, |acc, m| acc | 1 << m)
    });
    let excluded_by_axes = std::array::from_fn(|t| {
        (0..3)
            .filter(|a| t >> a & 1 == 1)
            .fold(0u32, |acc, a| acc | axis_moves[a])
    });
    let inherited_by_move = std::array::from_fn(|m| {
        (0..3)
            .filter(|&a| axis_moves[a] >> m & 1 == 1)
            .fold(0u8, |acc, a| acc | 1 << a)
    });
    (excluded_by_axes, inherited_by_move)
}

impl Base {
    /// Build every table.
    pub fn build() -> Base {
        let syms = symmetries();
        let corner_cubes: Vec<Cube> = (0..CORNER_RAW).into_par_iter().map(corner_cube).collect();
        let corner_move: Vec<u32> = corner_cubes
            .par_iter()
            .flat_map_iter(|c| ALL_MOVES.map(|m| parts(&c.apply_move(m)).corner as u32))
            .collect();
        let classes =
            slices::symmetry_classes(CORNER_RAW, corner_cube, UD_SYMMETRIES, |c| parts(c).corner);
        assert_eq!(
            classes.rep.len(),
            CORNER_CLASSES,
            "U/D-layer corner classes"
        );
        let e_mask: Vec<u16> = (0..E_SETS).map(|r| unrank_combination(r, 4, 12)).collect();
        let mut e_conj = Vec::with_capacity(E_SETS * UD_SYMMETRIES);
        let mut flip_fix = Vec::with_capacity(E_SETS * UD_SYMMETRIES);
        let flip_perm: Vec<BitPerm> = (0..UD_SYMMETRIES)
            .map(|s| BitPerm::new(std::array::from_fn(|j| syms.elements[s].ep[j] as usize)))
            .collect();
        for &mask in &e_mask {
            let c = edge_cube(mask as usize, 0);
            for s in 0..UD_SYMMETRIES {
                let p = parts(&conjugate(&c, s));
                e_conj.push(COMBINATION_RANK[p.e_mask]);
                flip_fix.push(p.flips as u16);
            }
        }
        let mut move_flip = [0u16; MOVE_COUNT];
        let mut move_to = [[0u8; 12]; MOVE_COUNT];
        let move_perm = ALL_MOVES
            .iter()
            .enumerate()
            .map(|(mi, &m)| {
                let mc = Cube::from_moves(&[m]);
                let mut to = [0usize; 12];
                for i in 0..12 {
                    to[mc.edge(i) as usize] = i;
                    move_to[mi][mc.edge(i) as usize] = i as u8;
                    move_flip[mi] |= (mc.flip(i) as u16) << i;
                }
                BitPerm::new(to)
            })
            .collect();
        let frames = AXIS_SYMMETRIES
            .map(|s| Frame::new(&syms.elements[s], &syms.elements[syms.inverse[s] as usize]));
        let (excluded_by_axes, inherited_by_move) = axis_moves();
        let (order_rank, order_of_rank) = order_ranks();
        let mut base = Base {
            corner_move,
            corner_class_sym: classes.class_sym(),
            class_rep: classes.rep,
            // Only the 16 U/D symmetries are counted: their bits fit.
            class_stabilizer: classes.stabilizer.iter().map(|&s| s as u16).collect(),
            e_conj,
            flip_fix,
            flip_perm,
            move_perm,
            move_flip,
            e_mask,
            excluded_by_axes,
            inherited_by_move,
            order_rank,
            order_of_rank,
            order_conj: Vec::new(),
            move_to,
            piece_masks: Vec::new(),
            frames,
        };
        base.order_conj = base.order_conjugates();
        base.piece_masks = base.piece_masks();
        base
    }

    /// `order_conj`: the E-order rank of each (E set, E order)'s conjugate by each symmetry.
    fn order_conjugates(&self) -> Vec<u8> {
        let mut order_conj = Vec::with_capacity(E_SETS * ORDERS * UD_SYMMETRIES);
        for &mask in &self.e_mask {
            for &o in &self.order_of_rank {
                let c = edge_cube_ordered(mask as usize, o as usize, 0);
                for s in 0..UD_SYMMETRIES {
                    let p = parts(&conjugate(&c, s));
                    order_conj.push(self.order_rank[order_of(p.e_mask, p.labels)]);
                }
            }
        }
        order_conj
    }

    /// `piece_masks`: where FR, FL and BL stand, for each (E set, E order).
    fn piece_masks(&self) -> Vec<[u16; 3]> {
        let mut masks = Vec::with_capacity(E_SETS * ORDERS);
        for &mask in &self.e_mask {
            for r in 0..ORDERS {
                let order = self.order_of_rank(r);
                let (mut rest, mut at) = (mask, [0u16; 3]);
                for k in 0..4 {
                    let i = rest.trailing_zeros();
                    let label = order >> (2 * k) & 3;
                    if label < 3 {
                        at[label] = 1 << i;
                    }
                    rest &= rest - 1;
                }
                masks.push(at);
            }
        }
        masks
    }

    /// The E order (two bits per E position, lowest position first) of E-order rank `r`.
    #[inline(always)]
    pub(crate) fn order_of_rank(&self, r: usize) -> usize {
        self.order_of_rank[r] as usize
    }

    /// The E-order rank of a position's parts.
    #[inline(always)]
    pub(crate) fn order_rank(&self, p: &Parts) -> usize {
        self.order_rank[order_of(p.e_mask, p.labels)] as usize
    }

    /// The E-order rank of the conjugate by `s` of E-set rank `e`, E-order rank `r`.
    #[inline(always)]
    pub(crate) fn order_conj(&self, e: usize, r: usize, s: usize) -> usize {
        self.order_conj[(e * ORDERS + r) * UD_SYMMETRIES + s] as usize
    }

    /// The positions of FR, FL and BL for E-set rank `e` and E-order rank `r`.
    #[inline(always)]
    pub(crate) fn piece_masks_of(&self, e: usize, r: usize) -> [u16; 3] {
        self.piece_masks[e * ORDERS + r]
    }

    /// The parts of `S · c · S⁻¹` for `S = AXIS_SYMMETRIES[a]`.
    #[inline(always)]
    pub fn axis_parts(&self, c: &Cube, a: usize) -> Parts {
        self.frames[a].parts(c)
    }

    /// The labels (two bits per position) that move `m` gives the E edges standing at
    /// `mask` in order `order`.
    #[inline(always)]
    pub(crate) fn moved_labels(&self, m: usize, mask: usize, order: usize) -> u32 {
        let (mut labels, mut rest, mut k) = (0u32, mask, 0);
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            labels |= ((order >> (2 * k) & 3) as u32) << (2 * self.move_to[m][from]);
            rest &= rest - 1;
            k += 1;
        }
        labels
    }
}
