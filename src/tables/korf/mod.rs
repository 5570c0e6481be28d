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
use crate::cube::{Cube, Cubies, Move};
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
    /// The pattern's rows, as the generator's `Space::ROW_LEN` defines them (1: none).
    const ROW_LEN: u64 = 1;
    /// The generator's `Space::in_row` for the pattern's rows.
    #[inline(always)]
    fn in_row(&self, first: u64, offset: u64) -> u64 {
        first ^ offset
    }
}

/// All 8 corners, position and twist: 8!·3^7 entries.
pub struct Corners;

impl Pattern for Corners {
    type State = Cubies<8>;
    /// A row is one placement of the corners with its 3^7 twists, the index's low part
    /// (base 3, one digit per position but the last).  A move twists the piece it takes
    /// into a position by what the piece is: it adds the same digits across the row.
    const ROW_LEN: u64 = TWISTS;
    #[inline(always)]
    fn in_row(&self, first: u64, offset: u64) -> u64 {
        let (row, by) = (first - first % TWISTS, (first % TWISTS) as usize);
        let o = offset as usize;
        let high = TRITS4_SUM[by / 27][o / 27] as u64;
        row + high * 27 + TRITS3_SUM[by % 27][o % 27] as u64
    }
    fn entries(&self) -> u64 {
        coord::CORNER_STATES
    }
    #[inline(always)]
    fn rank(&self, s: &Cubies<8>) -> u64 {
        coord::corner_index(s)
    }
    fn unrank(&self, index: u64) -> Cubies<8> {
        coord::unrank_corners(index)
    }
    #[inline(always)]
    fn premove(&self, s: &Cubies<8>, m: Move) -> Cubies<8> {
        s.premove_corners(m)
    }
    fn project(&self, cube: &Cube) -> Cubies<8> {
        cube.corner_cubies()
    }
}

/// `K` edge positions, the pieces in them and their flips: 12!/(12-K)!·2^K entries.
pub struct EdgeGroup<const K: usize> {
    /// The positions looked at, in index order.
    pub positions: [u8; K],
}

impl<const K: usize> Pattern for EdgeGroup<K> {
    type State = Cubies<K>;
    /// A row is one placement of the pieces with its 2^K flips, the index's low bits (one
    /// per position looked at).  A move flips the piece it takes into a position by what
    /// the piece is: it XORs those bits with a mask of the row's pieces.
    const ROW_LEN: u64 = 1 << K;
    fn entries(&self) -> u64 {
        coord::pick(12, K as u64) << K
    }
    #[inline(always)]
    fn rank(&self, s: &Cubies<K>) -> u64 {
        coord::edge_group_index(s)
    }
    fn unrank(&self, index: u64) -> Cubies<K> {
        coord::unrank_edge_group::<K>(index)
    }
    #[inline(always)]
    fn premove(&self, s: &Cubies<K>, m: Move) -> Cubies<K> {
        s.premove_edges(m)
    }
    #[inline(always)]
    fn project(&self, cube: &Cube) -> Cubies<K> {
        cube.edge_cubies(&self.positions)
    }
}

/// The permutation of all 12 edges, flips ignored: 12! entries.
pub struct EdgePerm;

impl Pattern for EdgePerm {
    type State = Cubies<12>;
    /// A row is one placement of seven edges in the first seven positions, with the 5!
    /// orders of the other five pieces in the last five, the index's low part (the last
    /// digits of its Lehmer code; 60 bytes, about a cache line).  A move renames those five
    /// pieces in one way across the row: it reorders their ranks by the same permutation.
    const ROW_LEN: u64 = LAST_ORDERS as u64;
    #[inline(always)]
    fn in_row(&self, first: u64, offset: u64) -> u64 {
        let by = (first % Self::ROW_LEN) as usize;
        first - by as u64 + ORDERS_AFTER[by][offset as usize] as u64
    }
    fn entries(&self) -> u64 {
        coord::EDGE_PERMS as u64
    }
    #[inline(always)]
    fn rank(&self, s: &Cubies<12>) -> u64 {
        coord::edge_perm_index(s)
    }
    fn unrank(&self, index: u64) -> Cubies<12> {
        coord::unrank_edge_perm(index)
    }
    #[inline(always)]
    fn premove(&self, s: &Cubies<12>, m: Move) -> Cubies<12> {
        // Flips are ignored: keep the pieces alone.
        s.premove_edges(m).without_flips()
    }
    fn project(&self, cube: &Cube) -> Cubies<12> {
        cube.all_edge_cubies().without_flips()
    }
}

/// Twist digits, three a position: the total of two twist indices, digit by digit.
const TWISTS: u64 = coord::TWISTS as u64;
/// `[a][b]`: the digit-wise sum mod 3 of two 4-digit base-3 numbers.
static TRITS4_SUM: [[u8; 81]; 81] = trit_sums::<81, 4>();
/// `[a][b]`: the digit-wise sum mod 3 of two 3-digit base-3 numbers.
static TRITS3_SUM: [[u8; 27]; 27] = trit_sums::<27, 3>();

const fn trit_sums<const N: usize, const DIGITS: u32>() -> [[u8; N]; N] {
    let mut t = [[0u8; N]; N];
    let mut a = 0;
    while a < N {
        let mut b = 0;
        while b < N {
            let (mut sum, mut place, mut d) = (0, 1, 0);
            while d < DIGITS {
                let digit = (a / place % 3 + b / place % 3) % 3;
                sum += digit * place;
                place *= 3;
                d += 1;
            }
            t[a][b] = sum as u8;
            b += 1;
        }
        a += 1;
    }
    t
}

/// How many of the last positions an edge permutation's row reorders ([`EdgePerm`]).
const LAST: usize = 5;
/// The orders of the last [`LAST`] pieces: 5! entries a row.
const LAST_ORDERS: usize = 120;

/// `[t][o]`: the Lehmer code of the order `o` of the last [`LAST`] pieces (their ranks,
/// as the last digits of [`coord::edge_perm_index`] code them) with each rank `r` then
/// renamed to the `r`-th entry of order `t`.
static ORDERS_AFTER: [[u8; LAST_ORDERS]; LAST_ORDERS] = {
    let mut table = [[0u8; LAST_ORDERS]; LAST_ORDERS];
    let mut t = 0;
    while t < LAST_ORDERS {
        let rename = order_of(t);
        let mut o = 0;
        while o < LAST_ORDERS {
            let order = order_of(o);
            let mut renamed = [0u8; LAST];
            let mut k = 0;
            while k < LAST {
                renamed[k] = rename[order[k] as usize];
                k += 1;
            }
            table[t][o] = lehmer_of(renamed);
            o += 1;
        }
        t += 1;
    }
    table
};

/// The order of [`LAST`] ranks whose Lehmer code (digits of radix 5, 4, 3, 2) is `code`.
const fn order_of(code: usize) -> [u8; LAST] {
    let mut digits = [0; LAST];
    let (mut rest, mut i) = (code, LAST);
    while i > 0 {
        i -= 1;
        digits[i] = rest % (LAST - i);
        rest /= LAST - i;
    }
    let mut used = [false; LAST];
    let mut order = [0u8; LAST];
    while i < LAST {
        // The digits[i]-th rank not yet used.
        let (mut r, mut seen) = (0, 0);
        loop {
            if !used[r] {
                if seen == digits[i] {
                    break;
                }
                seen += 1;
            }
            r += 1;
        }
        used[r] = true;
        order[i] = r as u8;
        i += 1;
    }
    order
}

/// Inverse of [`order_of`].
const fn lehmer_of(order: [u8; LAST]) -> u8 {
    let mut code = 0;
    let mut i = 0;
    while i < LAST {
        let mut smaller_after = 0;
        let mut j = i + 1;
        while j < LAST {
            if order[j] < order[i] {
                smaller_after += 1;
            }
            j += 1;
        }
        code = code * (LAST - i) + smaller_after;
        i += 1;
    }
    code as u8
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

/// The group-A pattern state of `z2 · cube · z2`, whose distance equals the distance of the
/// group-B pattern of `cube`, so one table serves both groups.
#[inline(always)]
pub fn edges7_b_state(cube: &Cube) -> Cubies<7> {
    cube.edge_cubies(&EDGES7_B_POSITIONS)
        .relabel_edges(&Z2_EDGES)
}

/// The whole-cube z2 rotation as a cubie position (used by tests to check the symmetry).
#[cfg(test)]
pub fn z2_cube() -> Cube {
    Cube::from_parts(Z2_CORNERS, [0; 8], Z2_EDGES, [0; 12])
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
    const ROW_LEN: u64 = P::ROW_LEN;
    #[inline(always)]
    fn in_row(&self, first: u64, offset: u64) -> u64 {
        self.pattern.in_row(first, offset)
    }
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
pub(crate) fn generate_in<P: Pattern>(
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
#[cfg(test)]
mod tests;
pub use descriptor::*;
mod probe;
pub use probe::KorfProbe;
