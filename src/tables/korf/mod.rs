//! The sub-problems the pattern databases solve, each with its index (rank), unrank and
//! move action.
//!
//! Every pattern is *positional* on the state the search tracks, which is the inverse of the
//! position being solved (see [`Cube::premove`]): it looks at the pieces sitting in a fixed
//! set of positions of that state.  For the position itself that is "where did these pieces
//! go", the classic Korf pattern.  Moves act on these states by relabelling pieces
//! ([`Cube::premove`]), so a pattern state changes by one table lookup per piece.

use crate::cube::coord;
use crate::cube::Metric;
use crate::cube::{premove_corner, premove_edge, Cube, Move};
use crate::tables::generate::Space;
#[cfg(test)]
use crate::tables::generate::{generate_space, Generated, Progress};

/// A pattern: a projection of the cube with a dense index.
pub trait Pattern: Sync {
    /// The projected state.
    type State: Copy + Send;
    /// Number of distinct projected states (table entries).
    fn entries(&self) -> u64;
    /// Dense index of a projected state.
    fn rank(&self, s: &Self::State) -> u64;
    /// Inverse of [`Pattern::rank`].
    fn unrank(&self, index: u64) -> Self::State;
    /// Relabel the pieces of `s` by move `m`.
    fn premove(&self, s: &Self::State, m: Move) -> Self::State;
    /// Project a full (inverse-tracked) cube state.
    fn project(&self, cube: &Cube) -> Self::State;
}

/// All 8 corners, position and twist: 8!·3^7 entries.
pub struct Corners;

impl Pattern for Corners {
    type State = [u8; 8];
    fn entries(&self) -> u64 {
        coord::CORNER_STATES
    }
    #[inline(always)]
    fn rank(&self, s: &[u8; 8]) -> u64 {
        coord::corner_index(s)
    }
    fn unrank(&self, index: u64) -> [u8; 8] {
        coord::unrank_corners(index)
    }
    #[inline(always)]
    fn premove(&self, s: &[u8; 8], m: Move) -> [u8; 8] {
        s.map(|b| premove_corner(m, b))
    }
    fn project(&self, cube: &Cube) -> [u8; 8] {
        cube.corners()
    }
}

/// `K` edge positions, the pieces in them and their flips: 12!/(12-K)!·2^K entries.
pub struct EdgeGroup<const K: usize> {
    /// The positions looked at, in index order.
    pub positions: [u8; K],
}

impl<const K: usize> Pattern for EdgeGroup<K> {
    type State = [u8; K];
    fn entries(&self) -> u64 {
        coord::pick(12, K as u64) << K
    }
    #[inline(always)]
    fn rank(&self, s: &[u8; K]) -> u64 {
        coord::edge_group_index(s)
    }
    fn unrank(&self, index: u64) -> [u8; K] {
        coord::unrank_edge_group::<K>(index)
    }
    #[inline(always)]
    fn premove(&self, s: &[u8; K], m: Move) -> [u8; K] {
        s.map(|b| premove_edge(m, b))
    }
    #[inline(always)]
    fn project(&self, cube: &Cube) -> [u8; K] {
        self.positions.map(|p| cube.edges()[p as usize])
    }
}

/// The permutation of all 12 edges, flips ignored: 12! entries.
pub struct EdgePerm;

impl Pattern for EdgePerm {
    type State = [u8; 12];
    fn entries(&self) -> u64 {
        coord::EDGE_PERMS as u64
    }
    #[inline(always)]
    fn rank(&self, s: &[u8; 12]) -> u64 {
        coord::edge_perm_index(s)
    }
    fn unrank(&self, index: u64) -> [u8; 12] {
        coord::unrank_perm::<12>(index as u32)
    }
    #[inline(always)]
    fn premove(&self, s: &[u8; 12], m: Move) -> [u8; 12] {
        // Flips are ignored: keep only the piece bits.
        s.map(|b| premove_edge(m, b) & 15)
    }
    fn project(&self, cube: &Cube) -> [u8; 12] {
        cube.edges().map(|b| b & 15)
    }
}

/// The first 7-edge group: UR UF UL UB FR FL BR.
pub const EDGES7_A: EdgeGroup<7> = EdgeGroup {
    positions: [0, 1, 2, 3, 8, 9, 11],
};

/// The edge relabelling of a half turn of the whole cube about the F–B axis (z2):
/// UR↔DL, UF↔DF, UL↔DR, UB↔DB, FR↔FL, BL↔BR.  It keeps every edge's orientation.
pub const Z2_EDGES: [u8; 12] = [6, 5, 4, 7, 2, 1, 0, 3, 9, 8, 11, 10];
/// The corner relabelling of z2: URF↔DLF, UFL↔DFR, ULB↔DRB, UBR↔DBL (twists kept).
#[cfg(test)]
pub const Z2_CORNERS: [u8; 8] = [5, 4, 7, 6, 1, 0, 3, 2];

/// The second 7-edge group, the z2 image of the first: DL DF DR DB FL FR BL.  Looked up in
/// the first group's table through the symmetry (see [`edges7_b_state`]).
pub const EDGES7_B_POSITIONS: [u8; 7] = {
    let mut p = [0u8; 7];
    let mut i = 0;
    while i < 7 {
        p[i] = Z2_EDGES[EDGES7_A.positions[i] as usize];
        i += 1;
    }
    p
};

/// z2 applied to a packed edge byte (piece relabelled, flip kept).
const Z2_PACKED: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut b = 0;
    while b < 32 {
        let p = b & 15;
        t[b] = if p < 12 {
            Z2_EDGES[p] | (b as u8 & 16)
        } else {
            b as u8
        };
        b += 1;
    }
    t
};

/// The group-A pattern state of `z2 · cube · z2`, whose distance equals the distance of the
/// group-B pattern of `cube`, so one table serves both groups.
#[inline(always)]
pub fn edges7_b_state(cube: &Cube) -> [u8; 7] {
    EDGES7_B_POSITIONS.map(|p| Z2_PACKED[cube.edges()[p as usize] as usize])
}

/// The whole-cube z2 rotation as a cubie position (used by tests to check the symmetry).
#[cfg(test)]
pub fn z2_cube() -> Cube {
    Cube::from_packed(Z2_CORNERS, Z2_EDGES)
}

/// A [`Pattern`] as a [`Space`]: neighbours by relabelling with each move of the metric
/// (all 18 turns, or the 12 quarter turns: the distances are then in quarter turns; in
/// slice turns also each slice's pair of opposite face turns, [`Metric::slice_pairs`]).
pub struct PatternSpace<'a, P: Pattern> {
    pub pattern: &'a P,
    pub goal: u64,
    pub metric: Metric,
}

impl<P: Pattern> Space for PatternSpace<'_, P> {
    fn entries(&self) -> u64 {
        self.pattern.entries()
    }
    fn goal(&self) -> u64 {
        self.goal
    }
    #[inline(always)]
    fn neighbours(&self, i: u64, mut visit: impl FnMut(u64) -> bool) {
        let s = self.pattern.unrank(i);
        for &m in self.metric.generators() {
            if visit(self.pattern.rank(&self.pattern.premove(&s, m))) {
                return;
            }
        }
        for &(a, b) in self.metric.slice_pairs() {
            let moved = self.pattern.premove(&self.pattern.premove(&s, a), b);
            if visit(self.pattern.rank(&moved)) {
                return;
            }
        }
    }
}

/// Generate the table of pattern `p`, starting from the solved state `solved`.
#[cfg(test)]
pub fn generate<P: Pattern>(
    p: &P,
    solved: &P::State,
    progress: &(dyn Fn(Progress) + Sync),
) -> Generated {
    generate_in(p, solved, Metric::Htm, progress)
}

/// [`generate`], distances in `metric`.
#[cfg(test)]
pub fn generate_in<P: Pattern>(
    p: &P,
    solved: &P::State,
    metric: Metric,
    progress: &(dyn Fn(Progress) + Sync),
) -> Generated {
    let goal = p.rank(solved);
    let space = PatternSpace {
        pattern: p,
        goal,
        metric,
    };
    generate_space(&space, progress)
}

mod descriptor;
pub use descriptor::*;
