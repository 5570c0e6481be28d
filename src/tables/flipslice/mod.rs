//! The coset coordinate of a subgroup that keeps the U and D layers: corners in their own
//! layer and oriented, E-slice edges in the E slice, every edge oriented.
//!
//! The subgroup `H` holds every position in which the four U corners sit in the U layer
//! (so the D corners in the D layer), every corner is twisted 0, the four E-slice edges
//! (FR FL BL BR) sit in the E slice, and every edge is unflipped.  Every U and D turn is in
//! `H` (they move no corner between layers, twist nothing, keep the E slice and flip
//! nothing), and the 16 symmetries that keep the U–D axis map `H` to itself.  The right
//! coset `H x` is read position by position, as for [`crate::tables::coset`]: which positions hold
//! U corners (C(8,4) = 70), the twists (3^7), which positions hold E edges (C(12,4) = 495)
//! and the flips (2^11).  This is Kociemba's phase-1 coordinate (twist, flip, E slice)
//! with the corners' layer split added; Rokicki's nxopt calls the subgroup EO3·EP1.
//!
//! The corner part (70 · 2,187 = 153,090 raw values) falls into 9,930 classes under the 16
//! symmetries.  [`FlipSliceCoords::index`] conjugates the edge part by the symmetry that
//! takes the corner part to its class representative: `9,930 · 495 · 2,048 =
//! 10,066,636,800` entries, 2.34 GiB at two bits each.  The search probes the table along
//! all three axes on both sides of the search (the position conjugated so that each axis in
//! turn plays U–D), computed straight from the cubies through small per-axis tables
//! ([`FlipSliceCoords::axis_index`]).
//!
//! Because `H` holds U and D turns, a value `v` for the U–D probe also says that no
//! solution of length `v` ends in a U or D turn (dropping that turn would reach `H` in
//! `v - 1` moves); the search uses this on the probes of each axis (see
//! [`crate::search`]).

use crate::cube::symmetry::{conjugate, symmetries, visit_twins, SymCube, Twins, UD_SYMMETRIES};
use crate::cube::{Cube, ALL_MOVES, MOVE_COUNT};
use crate::tables::coset::{unrank_combination, COMBINATION_RANK};
use rayon::prelude::*;
use std::sync::OnceLock;

/// Corner twist values.
pub const TWISTS: usize = 2187;
/// Ways to place the four U corners: C(8,4).
pub const SPLITS: usize = 70;
/// Raw corner values: `split * TWISTS + twist`.
pub const CORNER_RAW: usize = SPLITS * TWISTS;
/// Corner classes under the 16 symmetries that keep the U–D axis.
pub const CORNER_CLASSES: usize = 9930;
/// Ways to place the four E-slice edges: C(12,4).
pub const E_SETS: usize = 495;
/// Flip values (the twelfth flip follows from the other eleven).
pub const FLIPS: usize = 2048;
/// Edge values per corner class.
pub const EDGE_VALUES: usize = E_SETS * FLIPS;
/// Entries of the table.
pub const ENTRIES: u64 = CORNER_CLASSES as u64 * EDGE_VALUES as u64;
/// Symmetries that carry each axis onto the U–D axis: identity, `URF3`, `URF3²`.
pub const AXIS_SYMMETRIES: [usize; 3] = crate::tables::coset::AXIS_SYMMETRIES;

/// E-slice edge pieces FR FL BL BR as a bit set over piece numbers.
const E_PIECES: u16 = 0xF00;

/// A permutation of 12 bits, applied as two 6-bit lookups.
#[derive(Clone, Copy)]
pub struct BitPerm {
    lo: [u16; 64],
    hi: [u16; 64],
}

impl BitPerm {
    /// The permutation sending bit `j` to bit `to[j]`.
    fn new(to: [usize; 12]) -> BitPerm {
        let mut p = BitPerm {
            lo: [0; 64],
            hi: [0; 64],
        };
        for v in 0..64usize {
            for b in 0..6 {
                if v >> b & 1 == 1 {
                    p.lo[v] |= 1 << to[b];
                    p.hi[v] |= 1 << to[b + 6];
                }
            }
        }
        p
    }

    #[inline(always)]
    pub fn apply(&self, bits: usize) -> usize {
        (self.lo[bits & 63] | self.hi[bits >> 6 & 63]) as usize
    }
}

/// The parts of a position the coordinate reads: raw corner value, the positions holding E
/// edges and the flips (bit `i` for position `i`), and which E edge each position holds
/// (bits `2i..2i+2`: 0–3 for FR FL BL BR; 0 where no E edge stands), which
/// [`crate::tables::sliceperm`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Parts {
    pub corner: usize,
    pub e_mask: usize,
    pub flips: usize,
    pub labels: u32,
}

/// The parts of `c` directly (the U–D axis).
pub fn parts(c: &Cube) -> Parts {
    let mut split = 0usize;
    for i in 0..8 {
        split |= ((c.corner(i) < 4) as usize) << i;
    }
    let (mut e, mut f, mut labels) = (0usize, 0usize, 0u32);
    for i in 0..12 {
        let is_e = E_PIECES >> c.edge(i) & 1;
        e |= (is_e as usize) << i;
        f |= (c.flip(i) as usize) << i;
        if is_e == 1 {
            labels |= ((c.edge(i) - 8) as u32) << (2 * i);
        }
    }
    Parts {
        corner: COMBINATION_RANK[split] as usize * TWISTS + c.twist_coord() as usize,
        e_mask: e,
        flips: f,
        labels,
    }
}

/// Per-position lookups giving the parts of `S · c · S⁻¹` for one rotation `S`:
/// `corner[j][c.corners()[j]]` adds the twist digit (low 16 bits) and the U-corner bit (from
/// bit 16) that position `j` contributes; `edge[j][c.edges()[j]]` ORs in the E bit (low 12
/// bits), the flip bit (from bit 16) and the E label (from bit 32, two bits per position).
#[derive(Clone, Copy)]
struct Frame {
    corner: [[u32; 32]; 8],
    edge: [[u64; 32]; 12],
}

impl Frame {
    /// Built from `S · c · S⁻¹` cubie by cubie: the piece `q` twisted `o` in position `j`
    /// lands in position `S.cp[j]` as piece `S.cp[q]` twisted `S.co[q] + o + S⁻¹.co[i]`
    /// (and likewise for edges).  `S` must be a rotation.
    fn new(s: &SymCube, inv: &SymCube) -> Frame {
        let mut f = Frame {
            corner: [[0; 32]; 8],
            edge: [[0; 32]; 12],
        };
        for j in 0..8 {
            for q in 0..8u8 {
                for o in 0..3u8 {
                    let i = s.cp[j] as usize;
                    let piece = s.cp[q as usize];
                    let twist = (s.co[q as usize] + o + inv.co[i]) % 3;
                    let digit = if i < 7 {
                        twist as u32 * 3u32.pow(6 - i as u32)
                    } else {
                        0
                    };
                    let split = ((piece < 4) as u32) << (16 + i);
                    f.corner[j][crate::cube::pack_corner(q, o) as usize] = digit | split;
                }
            }
        }
        for j in 0..12 {
            for q in 0..12u8 {
                for o in 0..2u8 {
                    let i = s.ep[j] as usize;
                    let piece = s.ep[q as usize];
                    let flip = s.eo[q as usize] ^ o ^ inv.eo[i];
                    let is_e = E_PIECES >> piece & 1;
                    let label = if is_e == 1 { piece as u64 - 8 } else { 0 };
                    f.edge[j][crate::cube::pack_edge(q, o) as usize] =
                        (is_e as u64) << i | (flip as u64) << (16 + i) | label << (32 + 2 * i);
                }
            }
        }
        f
    }

    #[inline(always)]
    fn parts(&self, c: &Cube) -> Parts {
        let mut cs = 0u32;
        for j in 0..8 {
            cs += self.corner[j][c.corners()[j] as usize];
        }
        let mut es = 0u64;
        for j in 0..12 {
            es |= self.edge[j][c.edges()[j] as usize];
        }
        Parts {
            corner: COMBINATION_RANK[(cs >> 16) as usize] as usize * TWISTS
                + (cs & 0xFFFF) as usize,
            e_mask: (es & 0xFFF) as usize,
            flips: (es >> 16 & 0xFFF) as usize,
            labels: (es >> 32) as u32,
        }
    }
}

/// A position with the given raw corner value (edges solved).
pub fn corner_cube(raw: usize) -> Cube {
    let split = unrank_combination(raw / TWISTS, 4, 8);
    let twists = crate::cube::coord::unrank_twist((raw % TWISTS) as u32);
    let (mut u, mut d) = (0u8..4, 4u8..8);
    let cp: [u8; 8] = std::array::from_fn(|i| {
        if split & (1 << i) != 0 {
            u.next().unwrap()
        } else {
            d.next().unwrap()
        }
    });
    let solved = Cube::SOLVED;
    Cube::from_parts(cp, twists, solved.edge_perm(), solved.edge_flips())
}

/// A position whose E edges stand at the positions of `e_mask` and whose flips are
/// `flips` (an even number of bits; corners solved, other edges in order).
pub fn edge_cube(e_mask: usize, flips: usize) -> Cube {
    edge_cube_ordered(e_mask, 0b11_10_01_00, flips)
}

/// As [`edge_cube`], with the E edges in the order `order` (two bits per E position, lowest
/// position first: 0–3 for FR FL BL BR).
pub fn edge_cube_ordered(e_mask: usize, order: usize, flips: usize) -> Cube {
    let (mut k, mut other) = (0usize, 0u8..8);
    let ep: [u8; 12] = std::array::from_fn(|i| {
        if e_mask >> i & 1 == 1 {
            k += 1;
            8 + (order >> (2 * (k - 1)) & 3) as u8
        } else {
            other.next().unwrap()
        }
    });
    let eo: [u8; 12] = std::array::from_fn(|i| (flips >> i & 1) as u8);
    let solved = Cube::SOLVED;
    Cube::from_parts(solved.corner_perm(), solved.corner_twists(), ep, eo)
}

/// The twelve flip bits from the eleven of an index (the last keeps the count even).
#[inline(always)]
pub fn full_flips(f11: usize) -> usize {
    f11 | ((f11.count_ones() as usize & 1) << 11)
}

/// Move and symmetry tables of the coordinate.
pub struct FlipSliceCoords {
    /// `corner_move[raw * 18 + m]`: raw corner value after move `m`.
    pub corner_move: Vec<u32>,
    /// `class << 8 | sym` of each raw corner value, `sym` taking it to the representative.
    pub corner_class_sym: Vec<u32>,
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
    frames: [Frame; 3],
}

impl FlipSliceCoords {
    /// Build every table (a fraction of a second).
    pub fn build() -> FlipSliceCoords {
        let syms = symmetries();
        let corner_cubes: Vec<Cube> = (0..CORNER_RAW).into_par_iter().map(corner_cube).collect();
        let corner_move: Vec<u32> = corner_cubes
            .par_iter()
            .flat_map_iter(|c| ALL_MOVES.map(|m| parts(&c.apply_move(m)).corner as u32))
            .collect();
        let mut corner_class = vec![u16::MAX; CORNER_RAW];
        let mut corner_sym = vec![0u8; CORNER_RAW];
        let mut class_rep = Vec::with_capacity(CORNER_CLASSES);
        let mut class_stabilizer = Vec::with_capacity(CORNER_CLASSES);
        for raw in 0..CORNER_RAW {
            if corner_class[raw] != u16::MAX {
                continue;
            }
            let class = class_rep.len() as u16;
            let mut stabilizer = 0u16;
            for s in 0..UD_SYMMETRIES {
                let image = parts(&conjugate(&corner_cubes[raw], s)).corner;
                if image == raw {
                    stabilizer |= 1 << s;
                }
                if corner_class[image] == u16::MAX {
                    corner_class[image] = class;
                    // S_s · rep · S_s⁻¹ = image, so conjugating image by s⁻¹ gives rep.
                    corner_sym[image] = syms.inverse[s];
                }
            }
            class_rep.push(raw as u32);
            class_stabilizer.push(stabilizer);
        }
        assert_eq!(class_rep.len(), CORNER_CLASSES, "flipslice corner classes");
        let corner_class_sym = (0..CORNER_RAW)
            .map(|r| (corner_class[r] as u32) << 8 | corner_sym[r] as u32)
            .collect();

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
        let move_perm = ALL_MOVES
            .iter()
            .enumerate()
            .map(|(mi, &m)| {
                let mc = Cube::from_moves(&[m]);
                let mut to = [0usize; 12];
                for i in 0..12 {
                    to[mc.edge(i) as usize] = i;
                    move_flip[mi] |= (mc.flip(i) as u16) << i;
                }
                BitPerm::new(to)
            })
            .collect();
        let frames = AXIS_SYMMETRIES
            .map(|s| Frame::new(&syms.elements[s], &syms.elements[syms.inverse[s] as usize]));
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
        FlipSliceCoords {
            excluded_by_axes,
            inherited_by_move,
            corner_move,
            corner_class_sym,
            class_rep,
            class_stabilizer,
            e_conj,
            flip_fix,
            flip_perm,
            move_perm,
            move_flip,
            e_mask,
            frames,
        }
    }

    /// Table index of a (raw corner, E-set rank, twelve flips) triple.
    #[inline(always)]
    pub fn index_of(&self, corner: usize, e: usize, flips: usize) -> u64 {
        let cs = self.corner_class_sym[corner];
        let (class, s) = ((cs >> 8) as u64, (cs & 255) as usize);
        class * EDGE_VALUES as u64 + self.conj_edge(e, flips, s) as u64
    }

    /// Edge value (E set · 11 flips) of the conjugate by `s`.
    #[inline(always)]
    fn conj_edge(&self, e: usize, flips: usize, s: usize) -> usize {
        let k = e * UD_SYMMETRIES + s;
        let f = self.flip_perm[s].apply(flips) ^ self.flip_fix[k] as usize;
        self.e_conj[k] as usize * FLIPS + (f & (FLIPS - 1))
    }

    /// Table index of given parts.
    #[inline(always)]
    pub fn index_of_parts(&self, p: &Parts) -> u64 {
        self.index_of(p.corner, COMBINATION_RANK[p.e_mask] as usize, p.flips)
    }

    /// Table index of position `c`.
    #[inline(always)]
    pub fn index(&self, c: &Cube) -> u64 {
        self.axis_index(c, 0)
    }

    /// The parts of `S · c · S⁻¹` for `S = AXIS_SYMMETRIES[a]`.
    #[inline(always)]
    pub fn axis_parts(&self, c: &Cube, a: usize) -> Parts {
        self.frames[a].parts(c)
    }

    /// Table index of `S · c · S⁻¹` for `S = AXIS_SYMMETRIES[a]`.
    #[inline(always)]
    pub fn axis_index(&self, c: &Cube, a: usize) -> u64 {
        self.index_of_parts(&self.axis_parts(c, a))
    }

    #[cfg(test)]
    /// A position standing for entry `i` (the class representative's corners).
    pub fn entry_cube(&self, i: u64) -> Cube {
        let class = (i / EDGE_VALUES as u64) as usize;
        let edge = (i % EDGE_VALUES as u64) as usize;
        let corners = corner_cube(self.class_rep[class] as usize);
        let edges = edge_cube(self.e_mask[edge / FLIPS] as usize, full_flips(edge % FLIPS));
        Cube::from_packed(corners.corners(), edges.edges())
    }
}

impl Twins for FlipSliceCoords {
    /// Entries of the same corner class whose edges one of its symmetries maps together.
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        let class = (i / EDGE_VALUES as u64) as usize;
        let image = || {
            let edge = (i % EDGE_VALUES as u64) as usize;
            let (e, flips) = (edge / FLIPS, full_flips(edge % FLIPS));
            move |s| class as u64 * EDGE_VALUES as u64 + self.conj_edge(e, flips, s) as u64
        };
        visit_twins(i, self.class_stabilizer[class] as u64, image, visit)
    }
}

/// The tables, built on first use.
pub fn flipslice_coords() -> &'static FlipSliceCoords {
    static COORDS: OnceLock<FlipSliceCoords> = OnceLock::new();
    COORDS.get_or_init(FlipSliceCoords::build)
}

/// The table as a breadth-first search space.
pub struct FlipSliceSpace<'a>(pub &'a FlipSliceCoords);

impl crate::tables::generate::Space for FlipSliceSpace<'_> {
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
        let edge = (i % EDGE_VALUES as u64) as usize;
        let corner = c.class_rep[class] as usize;
        let mask = c.e_mask[edge / FLIPS] as usize;
        let flips = full_flips(edge % FLIPS);
        for m in 0..MOVE_COUNT {
            let p = &c.move_perm[m];
            let corner = c.corner_move[corner * MOVE_COUNT + m] as usize;
            let e = COMBINATION_RANK[p.apply(mask)] as usize;
            let f = p.apply(flips) ^ c.move_flip[m] as usize;
            if visit(c.index_of(corner, e, f)) {
                return;
            }
        }
    }
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.0.twins(i, visit)
    }
}

mod descriptor;
pub use descriptor::*;

/// The family as the registry names a three-axis family (`crate::tables::registry`).
pub use descriptor::FLIPSLICE as TABLE;
/// Its coordinate.
pub type Coords = FlipSliceCoords;
/// Its coordinate's tables, built on first use.
pub fn coords() -> &'static Coords {
    flipslice_coords()
}
mod probe;

#[cfg(test)]
mod tests;
