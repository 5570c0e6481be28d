//! Per-position lookup tables over a cube's cubies, for coordinates read piece by piece.
//!
//! A coordinate that sums (or ORs) one term per position, the term depending on the piece
//! there and its orientation, is fastest as one table lookup per position.  These tables
//! are built from the terms (`position, piece, orientation → value`) and read from a
//! [`Cube`]; how the cube stores a piece, and so how the tables are indexed, stays inside
//! this module.

use super::{pack_corner, pack_edge, Cube, CORNERS, EDGES};

/// Slots per position: every packed piece is below 32.
const SLOTS: usize = 32;

/// One value for every cubie each of `N` positions can hold (`N` pieces of the kind, each
/// in every orientation), read position by position.
#[derive(Clone, Copy)]
pub(crate) struct Lookup<T, const N: usize> {
    by_position: [[T; SLOTS]; N],
}

/// Over the corners: terms of `(position, piece, twist)`.
pub(crate) type CornerLookup<T> = Lookup<T, CORNERS>;
/// Over the edges: terms of `(position, piece, flip)`.
pub(crate) type EdgeLookup<T> = Lookup<T, EDGES>;

impl<T: Copy + Default, const N: usize> Lookup<T, N> {
    fn build(orientations: u8, pack: fn(u8, u8) -> u8, term: impl Fn(usize, u8, u8) -> T) -> Self {
        let mut by_position = [[T::default(); SLOTS]; N];
        for (j, slots) in by_position.iter_mut().enumerate() {
            for piece in 0..N as u8 {
                for o in 0..orientations {
                    slots[pack(piece, o) as usize] = term(j, piece, o);
                }
            }
        }
        Lookup { by_position }
    }

    /// The term of the packed cubie `b` in position `j`.
    #[inline(always)]
    fn read(&self, j: usize, b: u8) -> T {
        // The mask only spares the bounds check: a packed cubie is below 32.
        self.by_position[j][(b & 31) as usize]
    }
}

impl<T: Copy + Default> Lookup<T, CORNERS> {
    /// The table of `term(position, piece, twist)` (position and piece 0..8, twist 0..3).
    pub(crate) fn new(term: impl Fn(usize, u8, u8) -> T) -> Self {
        Self::build(3, pack_corner, term)
    }

    /// The term of what `c` holds in corner position `j`.
    #[inline(always)]
    pub(crate) fn at(&self, c: &Cube, j: usize) -> T {
        self.read(j, c.corners[j])
    }
}

impl<T: Copy + Default> Lookup<T, EDGES> {
    /// The table of `term(position, piece, flip)` (position and piece 0..12, flip 0..2).
    pub(crate) fn new(term: impl Fn(usize, u8, u8) -> T) -> Self {
        Self::build(2, pack_edge, term)
    }

    /// The term of what `c` holds in edge position `j`.
    #[inline(always)]
    pub(crate) fn at(&self, c: &Cube, j: usize) -> T {
        self.read(j, c.edges[j])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::random_cube;
    use rand::SeedableRng;

    #[test]
    fn a_lookup_reads_the_piece_and_orientation_in_each_position() {
        let corners = CornerLookup::new(|j, piece, twist| {
            (j * 100 + piece as usize * 10) as u32 + twist as u32
        });
        let edges =
            EdgeLookup::new(|j, piece, flip| (j * 100 + piece as usize * 10) as u32 + flip as u32);
        let mut rng = rand::rngs::StdRng::seed_from_u64(56);
        for _ in 0..100 {
            let c = random_cube(&mut rng);
            for j in 0..CORNERS {
                let want = (j * 100 + c.corner(j) as usize * 10) as u32 + c.twist(j) as u32;
                assert_eq!(corners.at(&c, j), want);
            }
            for j in 0..EDGES {
                let want = (j * 100 + c.edge(j) as usize * 10) as u32 + c.flip(j) as u32;
                assert_eq!(edges.at(&c, j), want);
            }
        }
    }
}
