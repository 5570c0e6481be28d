//! The cubies in chosen positions of a cube: the state a pattern database over those
//! positions ranks.

use super::{moves, Cube, Move, EDGES, FLIP_BIT, PIECE_MASK_E};

/// The cubies of `N` chosen positions of a cube (corners, or edges), each with its
/// orientation, as the cube stores them.  Made from a cube ([`Cube::corner_cubies`],
/// [`Cube::edge_cubies`]), relabelled by moves, and ranked and unranked by
/// [`super::coord`]; how a cubie is stored stays inside the cube model.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Cubies<const N: usize>(pub(super) [u8; N]);

impl<const N: usize> Cubies<N> {
    /// Corner cubies relabelled by move `m`, as [`Cube::premove`] relabels the corners.
    #[inline(always)]
    pub fn premove_corners(&self, m: Move) -> Self {
        Cubies(self.0.map(|b| moves::premove_corner(m, b)))
    }

    /// Edge cubies relabelled by move `m`, as [`Cube::premove`] relabels the edges.
    #[inline(always)]
    pub fn premove_edges(&self, m: Move) -> Self {
        Cubies(self.0.map(|b| moves::premove_edge(m, b)))
    }

    /// The edge cubies with every flip cleared: the pieces alone.
    #[inline(always)]
    pub fn without_flips(&self) -> Self {
        Cubies(self.0.map(|b| b & PIECE_MASK_E))
    }

    /// Edge cubies with each piece `p` renamed `to[p]` and its flip kept: the action of a
    /// whole-cube rotation that keeps every edge's orientation (z2, say).
    #[inline(always)]
    pub fn relabel_edges(&self, to: &[u8; EDGES]) -> Self {
        Cubies(
            self.0
                .map(|b| to[(b & PIECE_MASK_E) as usize] | (b & FLIP_BIT)),
        )
    }
}

impl Cube {
    /// The eight corners' cubies, by position.
    #[inline(always)]
    pub fn corner_cubies(&self) -> Cubies<8> {
        Cubies(self.corners)
    }

    /// The cubies of the edge positions `positions`, in that order.
    #[inline(always)]
    pub fn edge_cubies<const K: usize>(&self, positions: &[u8; K]) -> Cubies<K> {
        Cubies(positions.map(|p| self.edges[p as usize]))
    }

    /// The twelve edges' cubies, by position.
    #[inline(always)]
    pub fn all_edge_cubies(&self) -> Cubies<EDGES> {
        Cubies(self.edges)
    }
}
