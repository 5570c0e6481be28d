//! Parity refinements of the k = 0 coset: subgroups of `H` that every symmetry still keeps.
//!
//! Within `H` each slice's edges stay in their slice, so the flip parity of each slice's
//! pieces is a homomorphism `H → Z₂` (the sum of the flips of the E pieces after `h · x`
//! is that of `x` plus that of `h`); so is the corner permutation's parity.  Their common
//! kernel, or the kernel of some of them, is a subgroup of index 2, 4 or 8 whose cosets
//! split each k = 0 coset by these bits.  A symmetry permutes the three slices, so it
//! permutes the slices' flip parities (and toggles them by what its action on flips adds at
//! the positions each slice's pieces stand on); it keeps the corner parity.  The subgroups
//! are therefore kept by all 48 symmetries, the tables are reduced by all 48 like the
//! k = 0 table, and every half turn lies in them (a half turn flips no edge and is an even
//! permutation of the corners), so the search's rule for tight bounds holds unchanged.
//!
//! The bits of a position ([`parity_bits`]): bit `k` (k = 0, 1, 2) the flip parity of the
//! pieces of slice `k` (E, M, S), bit 3 the corner permutation's parity.  The flip
//! parities sum to 0 (the flips of all twelve edges do), so a table keeps at most two of
//! them.  Moves and symmetries act on the bits as xors that depend only on the slice value
//! ([`ParityTables`]), read off the cube model at start-up; the tests check every formula
//! against the cube.

use super::{edge_cube, EdgeMasks, EDGE_SLICE, EDGE_SLICES};
use crate::cube::symmetry::{conjugate, symmetries};
use crate::cube::{Cube, ALL_MOVES, MOVE_COUNT};

/// Which parity bits refine the k = 0 coset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parities {
    /// The corner permutation's parity: 2 values.
    Corners,
    /// The flip parities of the E and M pieces (the S pieces' follows): 4 values.
    Flips,
    /// Both: 8 values.
    FlipsAndCorners,
}

impl Parities {
    /// Values of the parity part.
    pub const fn values(self) -> usize {
        match self {
            Parities::Corners => 2,
            Parities::Flips => 4,
            Parities::FlipsAndCorners => 8,
        }
    }

    /// The parity part of the bits `b` ([`parity_bits`]): the corner parity, if read,
    /// lowest (no symmetry changes it: `super::packing` keeps it beside the orbits).
    pub const fn compact(self, b: u8) -> u8 {
        match self {
            Parities::Corners => b >> 3 & 1,
            Parities::Flips => b & 3,
            Parities::FlipsAndCorners => (b & 3) << 1 | (b >> 3 & 1),
        }
    }

    /// A full set of bits whose parity part is `v` (the S flip parity completed).
    pub const fn expand(self, v: u8) -> u8 {
        let (flips, corners) = match self {
            Parities::Corners => (0, v & 1),
            Parities::Flips => (v & 3, 0),
            Parities::FlipsAndCorners => (v >> 1 & 3, v & 1),
        };
        let s = (flips ^ flips >> 1) & 1;
        flips | s << 2 | corners << 3
    }
}

/// Parity of the permutation of the corners, by its Lehmer code's digit sum.
#[inline(always)]
pub fn corner_parity(c: &Cube) -> u8 {
    let mut used = 0u32;
    let mut sum = 0u32;
    for i in 0..8 {
        let v = c.corner(i) as u32;
        sum += v - (used & ((1 << v) - 1)).count_ones();
        used |= 1 << v;
    }
    (sum & 1) as u8
}

/// The flip parities of the three slices' pieces, from the edge masks (bits 0–2).
#[inline(always)]
pub fn flip_parities(m: &EdgeMasks) -> u8 {
    let p = |k: usize| ((m.flips & m.slice[k]).count_ones() & 1) as u8;
    p(0) | p(1) << 1 | p(2) << 2
}

/// The four parity bits of `c` (see the module documentation).
#[inline(always)]
pub fn parity_bits(c: &Cube) -> u8 {
    flip_parities(&EdgeMasks::of(c)) | corner_parity(c) << 3
}

/// How moves and symmetries act on the parity bits.
pub struct ParityTables {
    /// `moved[slices * 18 + m]`: the bits move `m` toggles, from slice value `slices`.
    pub moved: Vec<u8>,
    /// `conj[slices * 48 + s]`: the bits conjugating by `s` toggles after permuting them.
    pub conj: Vec<u8>,
    /// `permute[s][b]`: bits `b` with the slices' bits carried where `s` takes the slices.
    pub permute: Vec<[u8; 16]>,
}

impl ParityTables {
    /// Read every action off the cube model (the slice values' positions carry no flips
    /// and no corner twist, so their bits are 0 and what a move or symmetry makes of them
    /// is the toggle).
    pub fn build() -> ParityTables {
        let syms = symmetries();
        let mut moved = Vec::with_capacity(EDGE_SLICES * MOVE_COUNT);
        let mut conj = Vec::with_capacity(EDGE_SLICES * syms.elements.len());
        for v in 0..EDGE_SLICES {
            let c = edge_cube(v);
            debug_assert_eq!(parity_bits(&c), 0);
            moved.extend(ALL_MOVES.map(|m| parity_bits(&c.apply_move(m))));
            conj.extend((0..syms.elements.len()).map(|s| parity_bits(&conjugate(&c, s))));
        }
        let permute = syms
            .elements
            .iter()
            .map(|e| {
                // The slice whose positions S's position map sends slice k's positions to.
                let dst: [usize; 3] = std::array::from_fn(|k| {
                    let p = (0..12).find(|&p| EDGE_SLICE[p] as usize == k).unwrap();
                    EDGE_SLICE[e.ep[p] as usize] as usize
                });
                std::array::from_fn(|b| {
                    let mut out = b as u8 & 8;
                    for (k, &d) in dst.iter().enumerate() {
                        out |= (b as u8 >> k & 1) << d;
                    }
                    out
                })
            })
            .collect();
        ParityTables {
            moved,
            conj,
            permute,
        }
    }

    /// The bits of `c · m`, given the bits `b` and slice value `slices` of `c`.
    #[inline(always)]
    pub fn after_move(&self, b: u8, slices: usize, m: usize) -> u8 {
        b ^ self.moved[slices * MOVE_COUNT + m]
    }

    /// The bits of `S_s · c · S_s⁻¹`, given the bits `b` and slice value `slices` of `c`.
    #[inline(always)]
    pub fn conjugated(&self, b: u8, slices: usize, s: usize) -> u8 {
        self.permute[s][b as usize] ^ self.conj[slices * 48 + s]
    }
}
