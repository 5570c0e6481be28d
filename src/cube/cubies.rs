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
    pub(crate) fn premove_corners(&self, m: Move) -> Self {
        Cubies(self.0.map(|b| moves::premove_corner(m, b)))
    }

    /// Edge cubies relabelled by move `m`, as [`Cube::premove`] relabels the edges.
    #[inline(always)]
    pub(crate) fn premove_edges(&self, m: Move) -> Self {
        Cubies(self.0.map(|b| moves::premove_edge(m, b)))
    }

    /// The edge cubies with every flip cleared: the pieces alone.
    #[inline(always)]
    pub(crate) fn without_flips(&self) -> Self {
        Cubies(self.0.map(|b| b & PIECE_MASK_E))
    }

    /// Edge cubies with each piece `p` renamed `to[p]` and its flip kept: the action of a
    /// whole-cube rotation that keeps every edge's orientation (z2, say).
    #[inline(always)]
    pub(crate) fn relabel_edges(&self, to: &[u8; EDGES]) -> Self {
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

impl Cubies<EDGES> {
    /// Twelve edge cubies: piece `pieces[i]` in position `i`, flipped where bit `i` of
    /// `flips` is set.
    pub(crate) fn edges_from(pieces: [u8; EDGES], flips: usize) -> Self {
        Cubies(std::array::from_fn(|i| {
            super::pack_edge(pieces[i], ((flips >> i) & 1) as u8)
        }))
    }

    /// The piece in each position (flips dropped).
    #[inline(always)]
    pub(crate) fn edge_pieces(&self) -> [u8; EDGES] {
        self.0.map(|b| b & PIECE_MASK_E)
    }

    /// The flips, bit `i` for position `i`.
    #[inline(always)]
    pub(crate) fn edge_flip_bits(&self) -> usize {
        (0..EDGES).fold(0, |f, i| f | (((self.0[i] & FLIP_BIT) >> 4) as usize) << i)
    }
}

impl Cube {
    /// The position with these edges and every corner solved.
    #[inline(always)]
    pub(crate) fn with_edge_cubies(edges: &Cubies<EDGES>) -> Cube {
        Cube {
            corners: Cube::SOLVED.corners,
            edges: edges.0,
        }
    }
}

/// An action on twelve edge cubies of the form `r[i] = relabel(e[source[i]]) ⊕ flip[i]`:
/// conjugation `S · e · S⁻¹` by a symmetry, or a move.  One table lookup per edge.
#[derive(Clone, Copy)]
pub struct EdgeAction {
    source: [u8; EDGES],
    /// The relabelling of each stored cubie.
    map: [u8; 32],
    flip: [u8; EDGES],
}

impl EdgeAction {
    /// Conjugation by symmetry `s`: `e ↦ S · e · S⁻¹`.
    pub fn symmetry(s: usize) -> EdgeAction {
        let syms = super::symmetry::symmetries();
        let e = &syms.elements[s];
        let inv = &syms.elements[syms.inverse[s] as usize];
        let mut map = [0u8; 32];
        for p in 0..EDGES as u8 {
            for o in 0..2 {
                map[super::pack_edge(p, o) as usize] =
                    super::pack_edge(e.ep[p as usize], (e.eo[p as usize] + o) & 1);
            }
        }
        EdgeAction {
            source: inv.ep,
            map,
            flip: inv.eo,
        }
    }

    /// Move `m`, as [`Cube::apply_move`] acts on the edges.
    pub fn turn(m: Move) -> EdgeAction {
        let mv = Cube::SOLVED.apply_move(m);
        EdgeAction {
            source: mv.edge_perm(),
            map: std::array::from_fn(|v| v as u8),
            flip: mv.edge_flips(),
        }
    }

    /// The action on `edges`.
    #[inline(always)]
    pub fn apply(&self, edges: &Cubies<EDGES>) -> Cubies<EDGES> {
        Cubies(std::array::from_fn(|i| {
            self.map[(edges.0[self.source[i] as usize] & 31) as usize] ^ (self.flip[i] << 4)
        }))
    }
}
