//! The 48 symmetries of the cube (24 rotations, each with or without a mirror) acting on
//! positions by conjugation.
//!
//! A symmetry is stored as a cubie-level element `S`, like a position, except that a
//! mirror reverses the sense of every corner twist.  Mirrored corner orientations are
//! written 3, 4, 5 (after Kociemba's cubie model); composing two mirrored elements gives a
//! regular one again, so the conjugate `S · c · S⁻¹` of a position `c` is always a
//! position.
//!
//! Symmetry `s` (0..48) is `URF3^a · F2^b · U4^c · LR2^d` with `s = 16a + 8b + 2c + d`:
//!
//! * `URF3` — rotation by 120° about the URF–DBL corner diagonal (U → R → F → U);
//! * `F2` — half turn about the F–B axis;
//! * `U4` — quarter turn about the U–D axis;
//! * `LR2` — reflection in the plane between L and R.
//!
//! The first 16 (`a = 0`) keep the U–D axis in place; the two-phase search reduces its
//! phase-1 table by them.  `tests/integration/symmetry.rs` pins all of this against a 3-D sticker model.

use crate::cube::{Cube, Move, ALL_MOVES, MOVE_COUNT};
use std::sync::OnceLock;

/// Number of symmetries.
pub const SYMMETRIES: usize = 48;
/// Number of symmetries that keep the U–D axis (the first 16).
pub const UD_SYMMETRIES: usize = 16;

/// A cubie-level element whose corner orientations may be mirrored (3..6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SymCube {
    /// Corner permutation: the corner at each position.
    pub cp: [u8; 8],
    /// Corner orientation at each position, 0–5 (3–5: mirrored).
    pub co: [u8; 8],
    /// Edge permutation: the edge at each position.
    pub ep: [u8; 12],
    /// Edge flip at each position.
    pub eo: [u8; 12],
}

impl SymCube {
    /// The identity.
    pub const IDENTITY: SymCube = SymCube {
        cp: [0, 1, 2, 3, 4, 5, 6, 7],
        co: [0; 8],
        ep: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        eo: [0; 12],
    };

    /// A position as a (regular) element.
    pub(crate) fn from_cube(c: &Cube) -> SymCube {
        SymCube {
            cp: c.corner_perm(),
            co: c.corner_twists(),
            ep: c.edge_perm(),
            eo: c.edge_flips(),
        }
    }

    /// Back to a position.  `None` if the element is mirrored.
    pub(crate) fn to_cube(self) -> Option<Cube> {
        if self.is_mirrored() {
            return None;
        }
        Some(Cube::from_parts(self.cp, self.co, self.ep, self.eo))
    }

    /// `true` if this element reverses orientation (contains a reflection).
    pub fn is_mirrored(&self) -> bool {
        self.co[0] >= 3
    }

    /// `self * other`: first `self`, then `other` (the convention of [`Cube::compose`]).
    pub fn compose(&self, other: &SymCube) -> SymCube {
        let mut r = SymCube::IDENTITY;
        for i in 0..8 {
            let from = other.cp[i] as usize;
            r.cp[i] = self.cp[from];
            let (a, b) = (self.co[from], other.co[i]);
            r.co[i] = match (a >= 3, b >= 3) {
                (false, false) => (a + b) % 3,
                // A regular orientation followed by a mirror: mirrored.
                (false, true) => 3 + (a + b - 3) % 3,
                // A mirrored orientation followed by a regular element: twists subtract.
                (true, false) => 3 + (a + 3 - b) % 3,
                // Two mirrors cancel.
                (true, true) => (a + 3 - b) % 3,
            };
        }
        for i in 0..12 {
            let from = other.ep[i] as usize;
            r.ep[i] = self.ep[from];
            r.eo[i] = self.eo[from] ^ other.eo[i];
        }
        r
    }

    /// The inverse element.
    pub fn inverse(&self) -> SymCube {
        let mut r = SymCube::IDENTITY;
        for i in 0..8 {
            let p = self.cp[i] as usize;
            r.cp[p] = i as u8;
            let o = self.co[i];
            r.co[p] = if o >= 3 { o } else { (3 - o) % 3 };
        }
        for i in 0..12 {
            let p = self.ep[i] as usize;
            r.ep[p] = i as u8;
            r.eo[p] = self.eo[i];
        }
        r
    }
}

/// The four generators (see the module documentation).
fn generators() -> [SymCube; 4] {
    // Corners URF UFL ULB UBR DFR DLF DBL DRB = 0..8;
    // edges UR UF UL UB DR DF DL DB FR FL BL BR = 0..12.
    let urf3 = SymCube {
        cp: [0, 4, 5, 1, 3, 7, 6, 2],
        co: [1, 2, 1, 2, 2, 1, 2, 1],
        ep: [1, 8, 5, 9, 3, 11, 7, 10, 0, 4, 6, 2],
        eo: [1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1],
    };
    let f2 = SymCube {
        cp: [5, 4, 7, 6, 1, 0, 3, 2],
        co: [0; 8],
        ep: [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10],
        eo: [0; 12],
    };
    let u4 = SymCube {
        cp: [3, 0, 1, 2, 7, 4, 5, 6],
        co: [0; 8],
        ep: [3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10],
        eo: [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1],
    };
    let lr2 = SymCube {
        cp: [1, 0, 3, 2, 5, 4, 7, 6],
        co: [3; 8],
        ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
        eo: [0; 12],
    };
    [urf3, f2, u4, lr2]
}

/// All symmetry data, computed once.
pub struct Symmetries {
    /// The 48 elements, indexed as in the module documentation.
    pub elements: [SymCube; SYMMETRIES],
    /// `inverse[s]`: the index of `S_s⁻¹`.
    pub inverse: [u8; SYMMETRIES],
    /// `product[a][b]`: the index of `S_a · S_b`.
    pub product: [[u8; SYMMETRIES]; SYMMETRIES],
    /// `move_conj[s][m]`: the move equal to `S_s · m · S_s⁻¹`.
    pub move_conj: [[Move; MOVE_COUNT]; SYMMETRIES],
}

/// The symmetry tables (built on first use, in microseconds).
pub fn symmetries() -> &'static Symmetries {
    static SYMS: OnceLock<Symmetries> = OnceLock::new();
    SYMS.get_or_init(build)
}

fn build() -> Symmetries {
    let [urf3, f2, u4, lr2] = generators();
    let mut elements = [SymCube::IDENTITY; SYMMETRIES];
    let mut a_pow = SymCube::IDENTITY;
    for a in 0..3 {
        let mut b_pow = a_pow;
        for b in 0..2 {
            let mut c_pow = b_pow;
            for c in 0..4 {
                let mut d_pow = c_pow;
                for d in 0..2 {
                    elements[16 * a + 8 * b + 2 * c + d] = d_pow;
                    d_pow = d_pow.compose(&lr2);
                }
                c_pow = c_pow.compose(&u4);
            }
            b_pow = b_pow.compose(&f2);
        }
        a_pow = a_pow.compose(&urf3);
    }
    let index_of = |x: &SymCube| -> u8 {
        elements
            .iter()
            .position(|e| e == x)
            .expect("the symmetries are closed under products") as u8
    };
    let mut inverse = [0u8; SYMMETRIES];
    let mut product = [[0u8; SYMMETRIES]; SYMMETRIES];
    for a in 0..SYMMETRIES {
        inverse[a] = index_of(&elements[a].inverse());
        for b in 0..SYMMETRIES {
            product[a][b] = index_of(&elements[a].compose(&elements[b]));
        }
    }
    let move_elements = ALL_MOVES.map(|m| SymCube::from_cube(&Cube::from_moves(&[m])));
    let mut move_conj = [[Move::from_index(0); MOVE_COUNT]; SYMMETRIES];
    for s in 0..SYMMETRIES {
        let inv = elements[s].inverse();
        for m in 0..MOVE_COUNT {
            let x = elements[s].compose(&move_elements[m]).compose(&inv);
            let j = move_elements
                .iter()
                .position(|e| *e == x)
                .expect("a symmetry maps every face turn to a face turn");
            move_conj[s][m] = ALL_MOVES[j];
        }
    }
    Symmetries {
        elements,
        inverse,
        product,
        move_conj,
    }
}

/// `S_s · c · S_s⁻¹`: the position `c` seen through symmetry `s`.
pub fn conjugate(c: &Cube, s: usize) -> Cube {
    let syms = symmetries();
    let e = &syms.elements[s];
    let inv = &syms.elements[syms.inverse[s] as usize];
    e.compose(&SymCube::from_cube(c))
        .compose(inv)
        .to_cube()
        .expect("the conjugate of a position by a symmetry is a position")
}

/// The symmetries of a position: every `s` with `S_s · c · S_s⁻¹ = c` (always including the
/// identity, 0).  A random position has only the identity; the superflip has all 48.
pub fn stabilizer(c: &Cube) -> Vec<usize> {
    (0..SYMMETRIES).filter(|&s| conjugate(c, s) == *c).collect()
}

/// The move sequence `seq` seen through symmetry `s`: `S_s · m · S_s⁻¹` for each move.  If
/// `seq` solves `c`, the result solves `conjugate(c, s)`.
pub fn conjugate_moves(seq: &[Move], s: usize) -> Vec<Move> {
    let conj = &symmetries().move_conj[s];
    seq.iter().map(|m| conj[m.index()]).collect()
}

/// The move set `moves` (bit `m` for move `m`) seen through symmetry `s`: bit
/// `S_s · m · S_s⁻¹` for every bit `m`.
pub fn conjugate_move_set(moves: u32, s: usize) -> u32 {
    let conj = &symmetries().move_conj[s];
    let mut out = 0;
    let mut rest = moves;
    while rest != 0 {
        let m = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out |= 1 << conj[m].index();
    }
    out
}

/// Coordinates of a table reduced by symmetry, where an entry whose class representative
/// has symmetries of its own shares its states with other entries: its *twins*, which must
/// hold the same value.
pub trait Twins {
    /// Call `visit` with every other index that stands for the same states as `i`.
    fn twins(&self, i: u64, visit: impl FnMut(u64));

    /// The smallest of an index and its twins: the same for every symmetric image.
    fn canonical_index(&self, i: u64) -> u64 {
        let mut min = i;
        self.twins(i, |t| min = min.min(t));
        min
    }
}

/// The twins loop every symmetry-reduced coordinate shares: for each symmetry `s` in
/// `stabilizer` (bit `s`; the identity, bit 0, skipped) call `visit` with `image(s)`, the
/// index entry `i` takes under `s`, unless that is `i` itself.  `image` is built only
/// when there is a symmetry to apply, since unpacking the entry costs more than most
/// entries need.
#[inline(always)]
pub(crate) fn visit_twins<F: FnMut(usize) -> u64>(
    i: u64,
    stabilizer: u64,
    image: impl FnOnce() -> F,
    mut visit: impl FnMut(u64),
) {
    let mut rest = stabilizer & !1;
    if rest == 0 {
        return;
    }
    let mut image = image();
    while rest != 0 {
        let s = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let twin = image(s);
        if twin != i {
            visit(twin);
        }
    }
}
