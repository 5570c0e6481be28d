//! A position read as the U/D-layer cosets read it: its [`Parts`] (raw corner value, where
//! the E edges stand, the flips, which E edge stands where), straight from the cubies or
//! through per-axis lookups ([`Frame`]), and the positions that stand for given parts.

use crate::cube::symmetry::SymCube;
use crate::cube::{CornerLookup, Cube, EdgeLookup};
use crate::tables::slices::{unrank_combination, COMBINATION_RANK};

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
/// Orders of the four E edges: 4!.
pub const ORDERS: usize = 24;
/// Flip values of all twelve edges (the twelfth follows from the other eleven).
pub const FLIPS: usize = 2048;
/// Flip values of the eight edges outside the E slice.
pub const LAYER_FLIPS: usize = 256;
/// Symmetries that carry each axis onto the U–D axis: identity, `URF3`, `URF3²`.
pub const AXIS_SYMMETRIES: [usize; 3] = crate::tables::slices::AXIS_SYMMETRIES;

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
    pub(crate) fn new(to: [usize; 12]) -> BitPerm {
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
/// the ordered sizes read.
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

/// Per-position lookups giving the parts of `S · c · S⁻¹` for one rotation `S`: the
/// corner lookup adds the twist digit (low 16 bits) and the U-corner bit (from bit 16)
/// that each position contributes; the edge lookup ORs in the E bit (low 12 bits), the
/// flip bit (from bit 16) and the E label (from bit 32, two bits per position).
#[derive(Clone, Copy)]
pub(crate) struct Frame {
    corner: CornerLookup<u32>,
    edge: EdgeLookup<u64>,
}

impl Frame {
    /// Built from `S · c · S⁻¹` cubie by cubie: the piece `q` twisted `o` in position `j`
    /// lands in position `S.cp[j]` as piece `S.cp[q]` twisted `S.co[q] + o + S⁻¹.co[i]`
    /// (and likewise for edges).  `S` must be a rotation.
    pub(crate) fn new(s: &SymCube, inv: &SymCube) -> Frame {
        let corner = CornerLookup::new(|j, q, o| {
            let i = s.cp[j] as usize;
            let piece = s.cp[q as usize];
            let twist = (s.co[q as usize] + o + inv.co[i]) % 3;
            let digit = if i < 7 {
                twist as u32 * 3u32.pow(6 - i as u32)
            } else {
                0
            };
            digit | ((piece < 4) as u32) << (16 + i)
        });
        let edge = EdgeLookup::new(|j, q, o| {
            let i = s.ep[j] as usize;
            let piece = s.ep[q as usize];
            let flip = s.eo[q as usize] ^ o ^ inv.eo[i];
            let is_e = E_PIECES >> piece & 1;
            let label = if is_e == 1 { piece as u64 - 8 } else { 0 };
            (is_e as u64) << i | (flip as u64) << (16 + i) | label << (32 + 2 * i)
        });
        Frame { corner, edge }
    }

    /// The corner terms' sum: twist digits, and the U-corner bits from bit 16.
    #[inline(always)]
    fn corner_sum(&self, c: &Cube) -> u32 {
        (0..8).map(|j| self.corner.at(c, j)).sum()
    }

    #[inline(always)]
    pub(crate) fn parts(&self, c: &Cube) -> Parts {
        let cs = self.corner_sum(c);
        let es = (0..12).fold(0u64, |es, j| es | self.edge.at(c, j));
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
