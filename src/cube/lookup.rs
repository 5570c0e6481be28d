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

/// One value for every corner cubie each corner position can hold.
#[derive(Clone, Copy)]
pub(crate) struct CornerLookup<T> {
    by_position: [[T; SLOTS]; CORNERS],
}

impl<T: Copy + Default> CornerLookup<T> {
    /// The table of `term(position, piece, twist)` (position and piece 0..8, twist 0..3).
    pub(crate) fn new(term: impl Fn(usize, u8, u8) -> T) -> Self {
        let mut by_position = [[T::default(); SLOTS]; CORNERS];
        for (j, slots) in by_position.iter_mut().enumerate() {
            for piece in 0..CORNERS as u8 {
                for twist in 0..3 {
                    slots[pack_corner(piece, twist) as usize] = term(j, piece, twist);
                }
            }
        }
        CornerLookup { by_position }
    }

    /// The term of what `c` holds in corner position `j`.
    #[inline(always)]
    pub(crate) fn at(&self, c: &Cube, j: usize) -> T {
        // The mask only spares the bounds check: a packed corner is below 32.
        self.by_position[j][(c.corners[j] & 31) as usize]
    }
}

/// One value for every edge cubie each edge position can hold.
#[derive(Clone, Copy)]
pub(crate) struct EdgeLookup<T> {
    by_position: [[T; SLOTS]; EDGES],
}

impl<T: Copy + Default> EdgeLookup<T> {
    /// The table of `term(position, piece, flip)` (position and piece 0..12, flip 0..2).
    pub(crate) fn new(term: impl Fn(usize, u8, u8) -> T) -> Self {
        let mut by_position = [[T::default(); SLOTS]; EDGES];
        for (j, slots) in by_position.iter_mut().enumerate() {
            for piece in 0..EDGES as u8 {
                for flip in 0..2 {
                    slots[pack_edge(piece, flip) as usize] = term(j, piece, flip);
                }
            }
        }
        EdgeLookup { by_position }
    }

    /// The term of what `c` holds in edge position `j`.
    #[inline(always)]
    pub(crate) fn at(&self, c: &Cube, j: usize) -> T {
        self.by_position[j][(c.edges[j] & 31) as usize]
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
