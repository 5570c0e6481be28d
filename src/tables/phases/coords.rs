//! The coordinates of the two-phase search, their move tables (`XMove`), and the
//! symmetry reduction of phase 1.
//!
//! Phase 1 (all 18 moves): `twist` (corner orientations, 3^7), `flip` (edge orientations,
//! 2^11) and `slice` (which 4 positions hold the UD-slice edges FR FL BL BR, C(12,4) = 495,
//! 0 when they are in the slice).  The phase-1 goal ⟨U, D, R2, L2, F2, B2⟩ is
//! `twist = flip = slice = 0`.
//!
//! Phase 2 (the 10 moves U U2 U' D D2 D' R2 L2 F2 B2, which keep a position in that
//! subgroup): `corner_perm` (8!), `ud_edge_perm` (the 8 U and D edges, 8!) and
//! `slice_perm` (the 4 slice edges among themselves, 4!).  All are 0 when solved.
//!
//! Phase 1 is reduced by the 16 symmetries that keep the U–D axis: the pair (flip, slice)
//! is replaced by its class under conjugation (64,430 classes out of 1,013,760), and the
//! twist is carried along by the same symmetry.

use crate::cube::coord;
use crate::cube::coord::binomial;
use crate::cube::symmetry::{conjugate, UD_SYMMETRIES};
use crate::cube::{Cube, Move, ALL_MOVES, MOVE_COUNT};

/// Corner-orientation values.
pub const TWISTS: usize = 2187;
/// Edge-orientation values.
pub const FLIPS: usize = 2048;
/// Positions of the four slice edges.
pub const SLICES: usize = 495;
/// Raw (flip, slice) pairs: `slice * FLIPS + flip`.
pub const FLIP_SLICES: usize = FLIPS * SLICES;
/// Corner permutations.
pub const CORNER_PERMS: usize = 40320;
/// Permutations of the 8 U/D edges.
pub const UD_EDGE_PERMS: usize = 40320;
/// Permutations of the 4 slice edges.
pub const SLICE_PERMS: usize = 24;

/// The phase-2 moves, by index into [`ALL_MOVES`]: U U2 U' R2 F2 D D2 D' L2 B2.
pub const PHASE2_MOVES: [usize; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];
/// Bit set of the phase-2 moves.
pub const PHASE2_MASK: u32 = {
    let mut m = 0u32;
    let mut i = 0;
    while i < PHASE2_MOVES.len() {
        m |= 1 << PHASE2_MOVES[i];
        i += 1;
    }
    m
};
/// Slot of each move in [`PHASE2_MOVES`] (255 for the others).
pub const PHASE2_SLOT: [u8; MOVE_COUNT] = {
    let mut s = [255u8; MOVE_COUNT];
    let mut i = 0;
    while i < PHASE2_MOVES.len() {
        s[PHASE2_MOVES[i]] = i as u8;
        i += 1;
    }
    s
};

/// The slice coordinate of a cube: a colex rank of the set of positions (counted from BR
/// down) holding the pieces FR FL BL BR.
pub fn slice_coord(c: &Cube) -> u16 {
    let mut rank = 0;
    let mut k = 0;
    for q in 0..12 {
        if c.edge(11 - q) >= 8 {
            k += 1;
            rank += binomial(q, k);
        }
    }
    rank as u16
}

/// Positions (0..12) of the slice edges for slice coordinate `rank`, ascending.
fn slice_positions(rank: u16) -> [usize; 4] {
    let mut rank = rank as usize;
    let mut out = [0; 4];
    let mut k = 4;
    for q in (0..12).rev() {
        if k > 0 && binomial(q, k) <= rank {
            rank -= binomial(q, k);
            k -= 1;
            out[k] = 11 - q;
        }
    }
    out.sort_unstable();
    out
}

/// A cube with the given phase-1 coordinates (corners solved but for the twist; the slice
/// edges in the given positions in ascending order, the others likewise).
pub fn phase1_cube(twist: u16, flip: u16, slice: u16) -> Cube {
    let positions = slice_positions(slice);
    let mut ep = [0u8; 12];
    let (mut next_slice, mut next_other) = (8u8, 0u8);
    for (p, e) in ep.iter_mut().enumerate() {
        if positions.contains(&p) {
            *e = next_slice;
            next_slice += 1;
        } else {
            *e = next_other;
            next_other += 1;
        }
    }
    Cube::from_parts(
        [0, 1, 2, 3, 4, 5, 6, 7],
        coord::unrank_twist(twist as u32),
        ep,
        coord::unrank_flip(flip as u32),
    )
}

/// Phase-2 coordinates of a cube in the phase-1 goal: (corner_perm, ud_edge_perm,
/// slice_perm).
pub fn phase2_coords(c: &Cube) -> (u16, u16, u8) {
    let e = c.edge_perm();
    let slice: [u8; 4] = std::array::from_fn(|i| e[8 + i].wrapping_sub(8));
    (
        c.corner_perm_coord() as u16,
        coord::rank_perm(&e[..8]) as u16,
        coord::rank_perm(&slice) as u8,
    )
}

/// A cube in the phase-1 goal with the given phase-2 coordinates.
pub fn phase2_cube(corner_perm: u16, ud_edge_perm: u16, slice_perm: u8) -> Cube {
    let cp = coord::unrank_perm::<8>(corner_perm as u32);
    let ud = coord::unrank_perm::<8>(ud_edge_perm as u32);
    let sl = coord::unrank_perm::<4>(slice_perm as u32);
    let ep: [u8; 12] = std::array::from_fn(|i| if i < 8 { ud[i] } else { sl[i - 8] + 8 });
    Cube::from_parts(cp, [0; 8], ep, [0; 12])
}

/// All move and symmetry tables of the two-phase search (about 6 MB, built in memory at
/// load time).
pub struct Coords {
    /// `twist_move[t * 18 + m]`.
    pub twist_move: Vec<u16>,
    /// `flip_move[f * 18 + m]`.
    pub flip_move: Vec<u16>,
    /// `slice_move[s * 18 + m]`.
    pub slice_move: Vec<u16>,
    /// `corner_perm_move[p * 10 + slot]` over the phase-2 moves.
    pub corner_perm_move: Vec<u16>,
    /// `ud_edge_perm_move[p * 10 + slot]`.
    pub ud_edge_perm_move: Vec<u16>,
    /// `slice_perm_move[p * 10 + slot]`.
    pub slice_perm_move: Vec<u8>,
    /// `twist_conj[t * 16 + s]`: the twist of `S_s · c · S_s⁻¹`.
    pub twist_conj: Vec<u16>,
    /// Class of each raw (flip, slice) pair.
    pub flip_slice_class: Vec<u16>,
    /// Symmetry `s` with `S_s · c · S_s⁻¹` = the class representative.
    pub flip_slice_sym: Vec<u8>,
    /// Raw (flip, slice) of each class representative.
    pub flip_slice_rep: Vec<u32>,
    /// Symmetries that fix each representative (bit `s`).
    pub flip_slice_stabilizer: Vec<u16>,
    /// Raw pairs in each class.
    #[cfg_attr(not(test), allow(dead_code))] // read by the unit tests
    pub flip_slice_class_size: Vec<u8>,
}

/// Number of (flip, slice) classes under the 16 UD symmetries.
pub const FLIP_SLICE_CLASSES: usize = 64430;

fn move_table(n: usize, moves: &[usize], coord_of: impl Fn(usize, Move) -> usize) -> Vec<u16> {
    let mut t = Vec::with_capacity(n * moves.len());
    for i in 0..n {
        for &m in moves {
            t.push(coord_of(i, ALL_MOVES[m]) as u16);
        }
    }
    t
}

impl Coords {
    /// Build every table (a few hundred milliseconds).
    pub fn build() -> Coords {
        let all: Vec<usize> = (0..MOVE_COUNT).collect();
        let twist_move = move_table(TWISTS, &all, |t, m| {
            phase1_cube(t as u16, 0, 0).apply_move(m).twist_coord() as usize
        });
        let flip_move = move_table(FLIPS, &all, |f, m| {
            phase1_cube(0, f as u16, 0).apply_move(m).flip_coord() as usize
        });
        let slice_move = move_table(SLICES, &all, |s, m| {
            slice_coord(&phase1_cube(0, 0, s as u16).apply_move(m)) as usize
        });
        let corner_perm_move = move_table(CORNER_PERMS, &PHASE2_MOVES, |p, m| {
            phase2_cube(p as u16, 0, 0)
                .apply_move(m)
                .corner_perm_coord() as usize
        });
        let ud_edge_perm_move = move_table(UD_EDGE_PERMS, &PHASE2_MOVES, |p, m| {
            phase2_coords(&phase2_cube(0, p as u16, 0).apply_move(m)).1 as usize
        });
        let slice_perm_move = move_table(SLICE_PERMS, &PHASE2_MOVES, |p, m| {
            phase2_coords(&phase2_cube(0, 0, p as u8).apply_move(m)).2 as usize
        })
        .into_iter()
        .map(|x| x as u8)
        .collect();

        let mut twist_conj = vec![0u16; TWISTS * UD_SYMMETRIES];
        for t in 0..TWISTS {
            let c = phase1_cube(t as u16, 0, 0);
            for s in 0..UD_SYMMETRIES {
                twist_conj[t * UD_SYMMETRIES + s] = conjugate(&c, s).twist_coord() as u16;
            }
        }

        const UNSET: u16 = u16::MAX;
        let mut flip_slice_class = vec![UNSET; FLIP_SLICES];
        let mut flip_slice_sym = vec![0u8; FLIP_SLICES];
        let mut flip_slice_rep = Vec::with_capacity(FLIP_SLICE_CLASSES);
        let mut flip_slice_stabilizer = Vec::with_capacity(FLIP_SLICE_CLASSES);
        let mut flip_slice_class_size = Vec::with_capacity(FLIP_SLICE_CLASSES);
        let inverse = &crate::cube::symmetry::symmetries().inverse;
        for raw in 0..FLIP_SLICES {
            if flip_slice_class[raw] != UNSET {
                continue;
            }
            // The smallest raw value of a class is met first: it is the representative.
            let class = flip_slice_rep.len() as u16;
            let c = phase1_cube(0, (raw % FLIPS) as u16, (raw / FLIPS) as u16);
            let mut stabilizer = 0u16;
            let mut size = 0u8;
            for (s, &undo) in inverse.iter().enumerate().take(UD_SYMMETRIES) {
                let image = conjugate(&c, s);
                let y = slice_coord(&image) as usize * FLIPS + image.flip_coord() as usize;
                if y == raw {
                    stabilizer |= 1 << s;
                }
                if flip_slice_class[y] == UNSET {
                    // image = S c S⁻¹, so S⁻¹ · image · S = c, the representative.
                    flip_slice_class[y] = class;
                    flip_slice_sym[y] = undo;
                    size += 1;
                }
            }
            flip_slice_rep.push(raw as u32);
            flip_slice_stabilizer.push(stabilizer);
            flip_slice_class_size.push(size);
        }
        assert_eq!(flip_slice_rep.len(), FLIP_SLICE_CLASSES);
        Coords {
            twist_move,
            flip_move,
            slice_move,
            corner_perm_move,
            ud_edge_perm_move,
            slice_perm_move,
            twist_conj,
            flip_slice_class,
            flip_slice_sym,
            flip_slice_rep,
            flip_slice_stabilizer,
            flip_slice_class_size,
        }
    }

    /// Index into the phase-1 pruning table: class of (flip, slice) × twist seen through
    /// the same symmetry.
    #[inline(always)]
    pub fn phase1_index(&self, twist: u16, flip: u16, slice: u16) -> u32 {
        let raw = slice as usize * FLIPS + flip as usize;
        let class = self.flip_slice_class[raw] as u32;
        let s = self.flip_slice_sym[raw] as usize;
        class * TWISTS as u32 + self.twist_conj[twist as usize * UD_SYMMETRIES + s] as u32
    }
}
