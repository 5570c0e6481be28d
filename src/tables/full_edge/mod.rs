//! The full-edge coordinate: every arrangement of the 12 edges (permutation and flips,
//! 12!·2^11 = 980,995,276,800 states), reduced by the 48 symmetries of the cube.
//!
//! An edge state splits into two parts:
//!
//! * the **outer** part: which slice (E, M or S) the piece in each position belongs to
//!   (34,650 values, as in [`crate::tables::coset`]) and the 11 free flips (2,048), together
//!   70,963,200 raw values;
//! * the **arrangement**: which piece of each slice stands in each of that slice's four
//!   positions, in position order (24³ = 13,824 values).
//!
//! A symmetry maps slices to slices, and its own edge flips are the same on all four
//! positions of a slice (`symmetry_flips_are_constant_per_slice` pins this), so the outer
//! part of a conjugate depends only on the outer part and the symmetry.  The outer values
//! therefore fall into classes under the 48 symmetries (about 1.5 million), and a
//! raw-to-class table gives each raw value its class and a symmetry that takes it to the
//! class representative.  The index of an edge state is
//! `class · 13,824 + arrangement(S · e · S⁻¹)`: about 2.05·10^10 entries, 5.1 GB at 2 bits.
//! When a representative is itself symmetric, one state has several such indices ("twins",
//! [`FullEdgeCoords::twins`]); a table stores the same value in all of them.

use crate::cube::symmetry::{symmetries, visit_twins, Twins, SYMMETRIES};
use crate::cube::{Cube, Cubies, EdgeAction, ALL_MOVES, MOVE_COUNT};
use crate::tables::slices::{edge_cube, EdgeMasks, EDGE_SLICES};
use std::sync::OnceLock;

/// An edge state: the twelve edges' cubies, by position.
pub type Edges = Cubies<12>;

/// Free flip values (the twelfth flip is fixed by the others).
pub const FLIPS: usize = 2048;
/// Raw outer values: `slices · FLIPS + flips`.
pub const OUTER_RAW: usize = EDGE_SLICES * FLIPS;
/// Arrangements of the pieces within their slices' positions: 24³.
pub const ARRANGEMENTS: usize = 24 * 24 * 24;
/// Outer classes under the 48 symmetries (`classes_account_for_every_outer_value` recounts
/// it).
pub const CLASSES: usize = 1_482_170;
/// Table entries: classes × arrangements.
pub const ENTRIES: u64 = CLASSES as u64 * ARRANGEMENTS as u64;
/// Edge states: 12! · 2^11.
#[cfg(test)]
pub const EDGE_STATES: u64 = 980_995_276_800;
/// Edge states by depth, thesis Table 4.1 (depths 0–14).
pub const EXPECTED_STATES: [u64; 15] = [
    1,
    18,
    243,
    3240,
    42807,
    555866,
    7070103,
    87801812,
    1050559626,
    11588911021,
    110409721989,
    552734197682,
    304786076626,
    330335518,
    248,
];

/// Index of each edge piece within its slice (E: FR FL BL BR; M: UF UB DF DB; S: UR UL DL
/// DR, each in piece order).
const LOCAL: [u8; 12] = [0, 0, 1, 1, 2, 2, 3, 3, 0, 1, 2, 3];
/// Slice of each piece: 0 = E, 1 = M, 2 = S (as [`crate::tables::slices::EDGE_SLICE`]).
const SLICE: [u8; 12] = crate::tables::slices::EDGE_SLICE;
/// The pieces of each slice, by local index.
const PIECES: [[u8; 4]; 3] = [[8, 9, 10, 11], [1, 3, 5, 7], [0, 2, 4, 6]];

/// `PERM4_RANK[a | b << 2 | c << 4 | d << 6]`: rank (0..24) of the permutation `[a, b, c,
/// d]` of 0..4 (255 for codes that are not permutations).
static PERM4_RANK: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut rank = 0u8;
    let mut code = 0;
    while code < 256 {
        let (a, b, c, d) = (code & 3, (code >> 2) & 3, (code >> 4) & 3, (code >> 6) & 3);
        if a != b && a != c && a != d && b != c && b != d && c != d {
            t[code] = rank;
            rank += 1;
        }
        code += 1;
    }
    t
};

/// `PERM4[r]`: the permutation of rank `r`, as its code.
static PERM4: [u8; 24] = {
    let mut t = [0u8; 24];
    let mut code = 0;
    while code < 256 {
        if PERM4_RANK[code] != 255 {
            t[PERM4_RANK[code] as usize] = code as u8;
        }
        code += 1;
    }
    t
};

/// The outer raw value of an edge state.
#[inline(always)]
pub fn outer(edges: &Edges) -> usize {
    outer_of(&EdgeMasks::of(&Cube::with_edge_cubies(edges)))
}

/// The outer value of an edge state from its masks.
#[inline(always)]
pub fn outer_of(masks: &EdgeMasks) -> usize {
    masks.slices() * FLIPS + (masks.flips & (FLIPS - 1))
}

/// The arrangement value of an edge state.
#[inline(always)]
pub fn arrangement(edges: &Edges) -> usize {
    let mut code = [0usize; 3];
    let mut shift = [0usize; 3];
    for p in edges.edge_pieces() {
        let p = p as usize;
        let s = SLICE[p] as usize;
        code[s] |= (LOCAL[p] as usize) << shift[s];
        shift[s] += 2;
    }
    (PERM4_RANK[code[0]] as usize * 24 + PERM4_RANK[code[1]] as usize) * 24
        + PERM4_RANK[code[2]] as usize
}

/// The symmetry-reduced full-edge coordinate: the raw-to-class table and what indexing
/// and generation need.
pub struct FullEdgeCoords {
    /// `outer_class_sym[raw] = class << 6 | s`: conjugating by symmetry `s` takes a state
    /// with outer value `raw` to one with its class representative's.
    outer_class_sym: Vec<u32>,
    /// Outer raw value of each class's representative.
    class_rep: Vec<u32>,
    /// Symmetries that fix each representative's outer value (bit `s`).
    class_stabilizer: Vec<u64>,
    /// The edges of each slice value, pieces in slice order and unflipped.
    slice_edges: Vec<Edges>,
    edge_syms: [EdgeAction; SYMMETRIES],
    edge_moves: [EdgeAction; MOVE_COUNT],
    /// `class_move[class * 18 + m]`: `outer_class_sym` of the representative's outer value
    /// after move `m` (the outer value of a move's result depends only on the outer value).
    /// Built for generation only ([`FullEdgeCoords::with_moves`]).
    class_move: Vec<u32>,
}

impl FullEdgeCoords {
    /// Build the tables (about 300 MB; a few seconds).
    pub fn build() -> FullEdgeCoords {
        let edge_syms: [EdgeAction; SYMMETRIES] = std::array::from_fn(EdgeAction::symmetry);
        let slice_edges: Vec<Edges> = (0..EDGE_SLICES)
            .map(|v| edge_cube(v).all_edge_cubies())
            .collect();
        let inverse = symmetries().inverse;
        let mut outer_class_sym = vec![u32::MAX; OUTER_RAW];
        let mut class_rep = Vec::new();
        let mut class_stabilizer = Vec::new();
        for raw in 0..OUTER_RAW {
            if outer_class_sym[raw] != u32::MAX {
                continue;
            }
            let class = class_rep.len() as u32;
            let e = outer_edges(&slice_edges, raw);
            let mut stabilizer = 0u64;
            for (s, sym) in edge_syms.iter().enumerate() {
                let image = outer(&sym.apply(&e));
                if image == raw {
                    stabilizer |= 1 << s;
                }
                if outer_class_sym[image] == u32::MAX {
                    outer_class_sym[image] = class << 6 | inverse[s] as u32;
                }
            }
            class_rep.push(raw as u32);
            class_stabilizer.push(stabilizer);
        }
        FullEdgeCoords {
            outer_class_sym,
            class_rep,
            class_stabilizer,
            slice_edges,
            edge_syms,
            edge_moves: ALL_MOVES.map(EdgeAction::turn),
            class_move: Vec::new(),
        }
    }

    /// [`FullEdgeCoords::build`] plus the class move table generation uses (107 MB, built
    /// in parallel).
    pub fn with_moves() -> FullEdgeCoords {
        use rayon::prelude::*;
        let mut c = FullEdgeCoords::build();
        let mut class_move = vec![0u32; c.classes() * MOVE_COUNT];
        class_move
            .par_chunks_mut(MOVE_COUNT)
            .enumerate()
            .for_each(|(class, row)| {
                let e = outer_edges(&c.slice_edges, c.class_rep[class] as usize);
                for (m, slot) in row.iter_mut().enumerate() {
                    *slot = c.outer_class_sym[outer(&c.edge_moves[m].apply(&e))];
                }
            });
        c.class_move = class_move;
        c
    }

    /// Number of outer classes.
    pub fn classes(&self) -> usize {
        self.class_rep.len()
    }

    /// Number of table entries: classes × arrangements.
    pub fn entries(&self) -> u64 {
        self.classes() as u64 * ARRANGEMENTS as u64
    }

    /// Symmetries fixing the outer value of class `class`'s representative.
    pub fn stabilizer(&self, class: usize) -> u64 {
        self.class_stabilizer[class]
    }

    /// `S · e · S⁻¹` on the edges.
    #[inline(always)]
    pub fn conjugate(&self, edges: &Edges, s: usize) -> Edges {
        self.edge_syms[s].apply(edges)
    }

    /// Table index of an edge state.
    #[inline(always)]
    pub fn index(&self, edges: &Edges) -> u64 {
        self.index_with_outer(edges, outer(edges))
    }

    /// Hint that [`Self::index_with_outer`] will soon look up outer value `raw` (the
    /// class table is 284 MB: a lookup is a cache miss worth starting early).
    #[inline(always)]
    pub(crate) fn prefetch_outer(&self, raw: usize) {
        crate::tables::prefetch(&self.outer_class_sym, raw);
    }

    /// [`Self::index`] of an edge state whose outer value `raw` is already known.
    #[inline(always)]
    pub(crate) fn index_with_outer(&self, edges: &Edges, raw: usize) -> u64 {
        let cs = self.outer_class_sym[raw];
        let rep = self.edge_syms[(cs & 63) as usize].apply(edges);
        (cs >> 6) as u64 * ARRANGEMENTS as u64 + arrangement(&rep) as u64
    }

    /// The representative edge state of entry `i`.
    pub(crate) fn entry_edges(&self, i: u64) -> Edges {
        let class = (i / ARRANGEMENTS as u64) as usize;
        let arr = (i % ARRANGEMENTS as u64) as usize;
        let base = outer_edges(&self.slice_edges, self.class_rep[class] as usize);
        // Put each slice's pieces in the order the arrangement names, keeping the flips.
        let codes = [arr / 576, arr / 24 % 24, arr % 24].map(|r| PERM4[r]);
        let mut next = [0usize; 3];
        let pieces = base.edge_pieces().map(|p| {
            let s = SLICE[p as usize] as usize;
            let local = (codes[s] >> (2 * next[s])) & 3;
            next[s] += 1;
            PIECES[s][local as usize]
        });
        Edges::edges_from(pieces, base.edge_flip_bits())
    }

    /// Edge states entry `i` stands for, counted once over it and its twins: 48 divided by
    /// the size of the representative's stabilizer.  Summing it over every entry of a table
    /// gives the number of edge states.
    pub(crate) fn states_per_entry(&self, i: u64) -> u64 {
        let class = (i / ARRANGEMENTS as u64) as usize;
        SYMMETRIES as u64 / self.class_stabilizer[class].count_ones() as u64
    }

    /// Indices of the 18 neighbours of entry `i`, in move order.
    #[inline(always)]
    pub fn neighbours(&self, i: u64) -> [u64; MOVE_COUNT] {
        let e = self.entry_edges(i);
        std::array::from_fn(|m| self.index(&self.edge_moves[m].apply(&e)))
    }

    /// Call `visit` with the index of each neighbour of entry `i`, in move order, until it
    /// returns `true`.  Needs [`FullEdgeCoords::with_moves`].
    #[inline(always)]
    pub fn visit_neighbours(&self, i: u64, mut visit: impl FnMut(u64) -> bool) {
        let class = (i / ARRANGEMENTS as u64) as usize;
        let e = self.entry_edges(i);
        let row = &self.class_move[class * MOVE_COUNT..(class + 1) * MOVE_COUNT];
        for (m, &cs) in row.iter().enumerate() {
            let moved = self.edge_moves[m].apply(&e);
            let rep = self.edge_syms[(cs & 63) as usize].apply(&moved);
            let j = (cs >> 6) as u64 * ARRANGEMENTS as u64 + arrangement(&rep) as u64;
            if visit(j) {
                return;
            }
        }
    }
}

impl Twins for FullEdgeCoords {
    /// Entries of the same class whose arrangements one of its symmetries maps together.
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        let class = (i / ARRANGEMENTS as u64) as usize;
        let image = || {
            let e = self.entry_edges(i);
            let base = class as u64 * ARRANGEMENTS as u64;
            move |s: usize| base + arrangement(&self.edge_syms[s].apply(&e)) as u64
        };
        visit_twins(i, self.class_stabilizer[class], image, visit)
    }
}

/// Edges with outer value `raw`: the slice value's pieces in slice order, flipped as the
/// flip bits say (the twelfth keeps the total even).
fn outer_edges(slice_edges: &[Edges], raw: usize) -> Edges {
    let base = slice_edges[raw / FLIPS];
    let flips = raw % FLIPS;
    let last = (flips.count_ones() & 1) as usize;
    Edges::edges_from(base.edge_pieces(), flips | last << 11)
}

/// The full-edge coordinate tables, built on first use.
pub fn full_edge_coords() -> &'static FullEdgeCoords {
    static C: OnceLock<FullEdgeCoords> = OnceLock::new();
    C.get_or_init(FullEdgeCoords::build)
}

/// The full-edge table as a breadth-first search space (coordinates built
/// [`FullEdgeCoords::with_moves`]).
pub struct FullEdgeSpace<'a>(pub &'a FullEdgeCoords);

impl crate::tables::generate::Space for FullEdgeSpace<'_> {
    fn entries(&self) -> u64 {
        self.0.entries()
    }
    fn goal(&self) -> u64 {
        self.0.index(&Cube::SOLVED.all_edge_cubies())
    }
    #[inline(always)]
    fn neighbours(&self, i: u64, visit: impl FnMut(u64) -> bool) {
        self.0.visit_neighbours(i, visit)
    }
    #[inline(always)]
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.0.twins(i, visit)
    }
    #[inline(always)]
    fn weight(&self, i: u64) -> u64 {
        self.0.states_per_entry(i)
    }
}

mod descriptor;
pub use descriptor::*;
mod probe;
pub use probe::*;

#[cfg(test)]
mod tests;
