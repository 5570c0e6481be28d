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
//! pieces of slice `k` (E, M, S), bit 3 the corner permutation's parity, bit `4 + k` the
//! parity of the order in which slice `k`'s pieces stand ([`permutation_parities`]).  The
//! flip parities sum to 0 (the flips of all twelve edges do), so a table keeps at most two
//! of them.  Moves and symmetries act on the bits as xors that depend only on the slice
//! value ([`ParityTables`]), read off the cube model at start-up; the tests check every
//! formula against the cube.
//!
//! The order parities are homomorphisms of `H` too (an element of `H` permutes each
//! slice's pieces among themselves), and every symmetry permutes them with the slices, but
//! a half turn is not in their kernel: `U2` swaps two M pieces and two S pieces.  So the
//! table that reads them ([`Parities::FlipsAndPermutations`], 32 values: two flip parities
//! and the three order parities, which fix the corner parity) is the one parity table whose
//! subgroup leaves the half turns out: a half turn's child does not keep its parent's
//! value, and a tight bound rules half turns out only through the coarser value of the
//! flip- and corner-parity subgroup, read off four entries that lie beside each other
//! (`SymmetricTable::half_turn_floor`).

use super::{edge_cube, EdgeMasks, EDGE_SLICE, EDGE_SLICES};
use crate::cube::symmetry::{conjugate, symmetries};
use crate::cube::{Cube, ALL_MOVES, MOVE_COUNT};
use rayon::prelude::*;

/// Which parity bits refine the k = 0 coset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Parities {
    /// The corner permutation's parity: 2 values.
    Corners,
    /// The flip parities of the E and M pieces (the S pieces' follows): 4 values.
    Flips,
    /// Both: 8 values.
    FlipsAndCorners,
    /// The E and M pieces' flip parities and the order parities of all three slices' pieces
    /// (which, with the slice value, fix the corner parity): 32 values.  Half turns leave
    /// this subgroup.
    FlipsAndPermutations,
}

impl Parities {
    /// Values of the parity part.
    pub const fn values(self) -> usize {
        match self {
            Parities::Corners => 2,
            Parities::Flips => 4,
            Parities::FlipsAndCorners => 8,
            Parities::FlipsAndPermutations => 32,
        }
    }

    /// The parity part of the bits `b` ([`parity_bits`]): the corner parity, if read,
    /// lowest (no symmetry changes it: `super::packing` keeps it beside the orbits).
    pub const fn compact(self, b: u8) -> u8 {
        match self {
            Parities::Corners => b >> 3 & 1,
            Parities::Flips => b & 3,
            Parities::FlipsAndCorners => (b & 3) << 1 | (b >> 3 & 1),
            Parities::FlipsAndPermutations => (b & 3) << 3 | (b >> 4 & 7),
        }
    }

    /// Where the parities a table keeps beside the edge masks sit in the bits, and how
    /// many: the corner parity (bit 3), or with the order parities those (bits 4–6).
    const fn beside(self) -> (u8, u8) {
        match self {
            Parities::FlipsAndPermutations => (4, 7),
            _ => (3, 1),
        }
    }

    /// The bits of a position with edge masks' flip parities `flips` and the parities
    /// beside them `extra` ([`Self::beside`]).
    pub const fn with_beside(self, flips: u8, extra: u8) -> u8 {
        flips | extra << self.beside().0
    }

    /// The parities beside the edge masks in bits `b` ([`Self::beside`]).
    pub const fn beside_of(self, b: u8) -> u8 {
        let (shift, mask) = self.beside();
        b >> shift & mask
    }

    /// A full set of bits whose parity part is `v` (the S flip parity completed; with the
    /// order parities, the corner parity, which they fix, left 0: no table reads it then).
    pub const fn expand(self, v: u8) -> u8 {
        let (flips, corners, orders) = match self {
            Parities::Corners => (0, v & 1, 0),
            Parities::Flips => (v & 3, 0, 0),
            Parities::FlipsAndCorners => (v >> 1 & 3, v & 1, 0),
            Parities::FlipsAndPermutations => (v >> 3 & 3, 0, v & 7),
        };
        let s = (flips ^ flips >> 1) & 1;
        flips | s << 2 | corners << 3 | orders << 4
    }
}

/// The flip parities of the three slices' pieces, from the edge masks (bits 0–2).
#[inline(always)]
pub fn flip_parities(m: &EdgeMasks) -> u8 {
    let p = |k: usize| ((m.flips & m.slice[k]).count_ones() & 1) as u8;
    p(0) | p(1) << 1 | p(2) << 2
}

/// `ABOVE[p]`: the pieces of `p`'s slice numbered above `p` (bit per piece).
const ABOVE: [u16; 12] = {
    let mut above = [0u16; 12];
    let mut p = 0;
    while p < 12 {
        let mut q = p + 1;
        while q < 12 {
            if EDGE_SLICE[q] == EDGE_SLICE[p] {
                above[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    above
};

/// The order parities of the three slices' pieces (bit `k` for slice `k`, E M S): the
/// parity of the inversions among slice `k`'s pieces read in position order, their
/// numbers compared.  The slice values' positions ([`edge_cube`]) place each slice's pieces
/// in increasing order, so theirs are 0.
#[inline(always)]
pub fn permutation_parities(c: &Cube) -> u8 {
    let (mut seen, mut bits) = (0u16, 0u8);
    for i in 0..12 {
        let p = c.edge(i) as usize;
        let inversions = (seen & ABOVE[p]).count_ones() as u8;
        bits ^= (inversions & 1) << EDGE_SLICE[p];
        seen |= 1 << p;
    }
    bits
}

/// The seven parity bits of `c` (see the module documentation).
#[inline(always)]
pub fn parity_bits(c: &Cube) -> u8 {
    flip_parities(&EdgeMasks::of(c)) | c.corner_parity() << 3 | permutation_parities(c) << 4
}

/// The slice each slice's positions go to under symmetry `s`'s position map.
fn destinations(s: usize) -> [usize; 3] {
    let e = &symmetries().elements[s];
    std::array::from_fn(|k| {
        let p = (0..12).find(|&p| EDGE_SLICE[p] as usize == k).unwrap();
        EDGE_SLICE[e.ep[p] as usize] as usize
    })
}

/// How a symmetry acts on the order parities, read off the positions each slice's pieces
/// stand on: the search's view, which has a position's edge masks, not its slice value.
///
/// Conjugating by `s` carries slice `k`'s pieces to slice `d = s(k)`'s, renumbered, onto
/// the images of their positions, reordered: the order parity of slice `d` after is that
/// of slice `k` before, toggled by the renumbering (a fact of `s` and `k`) and by the
/// reordering (a fact of `s` and the four positions).  Both are read off the cube model and
/// the split checked on every slice value.
pub struct OrderSymmetries {
    /// Bit `s * 4096 + mask`: whether `s` reorders the four positions `mask` oddly.
    reorder: Vec<u64>,
    /// `renumber[s]`: the renumbering toggles, at the destination bits.
    renumber: [u8; 48],
    /// `destination[s][k]`: where `s` takes slice `k`.
    destination: [[u8; 3]; 48],
    /// `half_turns[s][f]`: the order parities of the conjugate by `s` of face `f`'s half
    /// turn (two of the three bits: the slices off its axis).
    half_turns: [[u8; 6]; 48],
}

impl OrderSymmetries {
    /// Read both toggles off every slice value's conjugates (a fraction of a second).
    pub fn build() -> OrderSymmetries {
        let n = symmetries().elements.len();
        let destination: [[u8; 3]; 48] = std::array::from_fn(|s| destinations(s).map(|d| d as u8));
        // Each slice value's masks, and the order parities of its conjugate by each s.
        let values: Vec<([usize; 3], Vec<u8>)> = (0..EDGE_SLICES)
            .into_par_iter()
            .map(|v| {
                let c = edge_cube(v);
                let toggles = (0..n).map(|s| permutation_parities(&conjugate(&c, s)));
                (EdgeMasks::of(&c).slice, toggles.collect())
            })
            .collect();
        let toggle = |t: &[u8], s: usize, k: usize| t[s] >> destination[s][k] & 1;
        // A slice value's E toggle is the reordering of its E mask plus E's renumbering:
        // read the reordering of every mask from E (E's renumbering folded in), then the
        // other slices' renumbering (relative to E's) from slice value 0.
        let mut reorder = vec![0u64; n * 64];
        for (masks, t) in &values {
            let e = masks[0];
            for s in 0..n {
                reorder[(s << 12 | e) >> 6] |= u64::from(toggle(t, s, 0)) << (e & 63);
            }
        }
        let mut orders = OrderSymmetries {
            reorder,
            renumber: [0; 48],
            destination,
            half_turns: std::array::from_fn(|s| {
                std::array::from_fn(|f| {
                    let half_turn = Cube::SOLVED.apply_move(ALL_MOVES[f * 3 + 1]);
                    permutation_parities(&conjugate(&half_turn, s))
                })
            }),
        };
        let (masks, t) = &values[0];
        for (s, d) in destination.iter().enumerate() {
            for k in 1..3 {
                let r = toggle(t, s, k) ^ orders.reordered(s, masks[k]);
                orders.renumber[s] |= r << d[k];
            }
        }
        // The split holds on every slice value: the toggles it gives are those read.
        for (v, &(slice, ref t)) in values.iter().enumerate() {
            for (s, d) in destination.iter().enumerate() {
                let read = (0..3).fold(0, |acc, k| acc | toggle(t, s, k) << d[k]);
                let split = orders.conjugated(0, &EdgeMasks { slice, flips: 0 }, s);
                assert_eq!(
                    read, split,
                    "the order parities' toggles (slice value {v}, symmetry {s})"
                );
            }
        }
        orders
    }

    /// Whether `s` reorders the four positions `mask` oddly.
    #[inline(always)]
    fn reordered(&self, s: usize, mask: usize) -> u8 {
        let at = s << 12 | mask;
        (self.reorder[at >> 6] >> (at & 63)) as u8 & 1
    }

    /// The order parities of the conjugate by `s` of face `face`'s half turn.
    #[inline(always)]
    pub fn half_turn(&self, s: usize, face: usize) -> u8 {
        self.half_turns[s][face]
    }

    /// The order parities of the conjugate by `s` of a position with order parities
    /// `orders` and edge masks `masks`.
    #[inline(always)]
    pub fn conjugated(&self, orders: u8, masks: &EdgeMasks, s: usize) -> u8 {
        let mut out = self.renumber[s];
        for (k, (&d, &mask)) in self.destination[s].iter().zip(&masks.slice).enumerate() {
            out ^= (orders >> k & 1 ^ self.reordered(s, mask)) << d;
        }
        out
    }
}

/// How moves and symmetries act on the parity bits.
pub struct ParityTables {
    /// `moved[slices * 18 + m]`: the bits move `m` toggles, from slice value `slices`.
    pub moved: Vec<u8>,
    /// `conj[s * EDGE_SLICES + slices]`: the bits conjugating by `s` toggles after
    /// permuting them (a slab per symmetry, as [`super::CosetCoords`]'s slice values).
    pub conj: Vec<u8>,
    /// `permute[s][b]`: bits `b` with the slices' bits carried where `s` takes the slices.
    pub permute: Vec<[u8; 128]>,
}

impl ParityTables {
    /// Read every action off the cube model (the slice values' positions carry no flips
    /// and no corner twist, so their bits are 0 and what a move or symmetry makes of them
    /// is the toggle).
    pub fn build() -> ParityTables {
        let syms = symmetries();
        let mut moved = Vec::with_capacity(EDGE_SLICES * MOVE_COUNT);
        let mut conj = vec![0; EDGE_SLICES * syms.elements.len()];
        for v in 0..EDGE_SLICES {
            let c = edge_cube(v);
            debug_assert_eq!(parity_bits(&c), 0);
            moved.extend(ALL_MOVES.map(|m| parity_bits(&c.apply_move(m))));
            for s in 0..syms.elements.len() {
                conj[s * EDGE_SLICES + v] = parity_bits(&conjugate(&c, s));
            }
        }
        let permute = (0..syms.elements.len())
            .map(|s| {
                let dst = destinations(s);
                std::array::from_fn(|b| {
                    let mut out = b as u8 & 8;
                    for (k, &d) in dst.iter().enumerate() {
                        out |= (b as u8 >> k & 1) << d;
                        out |= (b as u8 >> (4 + k) & 1) << (4 + d);
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
        self.permute[s][b as usize] ^ self.conj[s * EDGE_SLICES + slices]
    }
}
