//! `sliceperm` with the two-phase search's phase-1 table read beside it: the ≤ 7.5 GiB
//! rung's heuristic for patterns.
//!
//! `sliceperm` (7.03 GiB) keeps the E edges' order and the U/D-layer edges' flips but none
//! of the E edges' flips, so a position whose E edges are flipped in place reads near
//! solved there: the E-slice flips (16 moves) read 5 at the root and take 160 times a
//! random 16-mover.  Phase 1's coordinate (twist, every flip, the E slice's positions)
//! keeps those flips and reads 10 there, as `flipslice` does.  Its table (67 MiB, 4 bits
//! an entry over flip-slice symmetry classes) is the one the two-phase upper bound loads
//! anyway, so the pair costs the process no more than that table once more.
//!
//! The walk reads the side table last, on the children that survive every other probe,
//! three axes on both sides ([`AxisCoords::SIDE_TABLE`]), and only while the budget is
//! under phase 1's largest distance (12): above it the table cannot prune
//! ([`AxisCoords::SIDE_MAX`]).  The side index comes from the same per-axis parts the
//! U/D-layer coordinate reads (twist, E-slice positions, flips).

use super::sliceperm;
use crate::cube::symmetry::Twins;
use crate::cube::Cube;
use crate::tables::descriptor::Descriptor;
use crate::tables::family::HeuristicSpec;
use crate::tables::phases::{coords::Coords as PhaseCoords, PHASE1};
use crate::tables::probe::{nibble, AxisCoords, AxisHeuristic, FromTables, LoadedTable};
use std::sync::OnceLock;

/// Phase 1's largest distance in face turns (a table value above a budget of at least this
/// cannot occur).
const PHASE1_MAX: u8 = 12;

/// The phase-1 table is read for a child only when `sliceperm`'s values known so far leave
/// at least this many moves of its budget: on twenty random 16- and 17-movers and the five
/// patterns (2026-12-07, one thread, `--no-upper-bound`) reading every survivor cost
/// 1.6–2.2× the time for 0.01 % fewer nodes, a slack of 1 cost nothing measurable and kept
/// the E-slice flips at 419 K nodes (360 K reading every survivor; 198 M without the
/// table), 2 at 823 K, 4 at 21.7 M.
const SIDE_SLACK: u8 = 1;

/// `sliceperm`'s coordinate with phase 1's beside it: the walk indexes `sliceperm` by the
/// first and reads the phase-1 table by the second ([`AxisCoords::SIDE_TABLE`]).
pub struct SlicePermBeside {
    main: &'static sliceperm::Coords,
    phase1: &'static PhaseCoords,
}

/// The paired coordinate, built on first use.
pub fn coords() -> &'static SlicePermBeside {
    static COORDS: OnceLock<SlicePermBeside> = OnceLock::new();
    COORDS.get_or_init(|| SlicePermBeside {
        main: sliceperm::coords(),
        phase1: crate::tables::phases::coords(),
    })
}

/// The slice coordinate (`phases::coords::slice_coord`) of the positions in `mask` (bit
/// `i` for position `i`), for every 12-bit mask with four bits set.
static SLICE_OF_MASK: [u16; 4096] = {
    let mut out = [0u16; 4096];
    let mut mask = 0;
    while mask < 4096 {
        let (mut rank, mut k, mut q) = (0, 0, 0);
        while q < 12 {
            if mask >> (11 - q) & 1 == 1 {
                k += 1;
                rank += crate::cube::coord::binomial(q, k);
            }
            q += 1;
        }
        out[mask] = rank as u16;
        mask += 1;
    }
    out
};

/// The flip coordinate (`Cube::flip_coord`: the first eleven flips, position 0 the highest
/// bit) of the flips in `mask` (bit `i` for position `i`).
#[inline(always)]
fn flip_of_mask(mask: usize) -> u16 {
    (mask as u16).reverse_bits() >> 5
}

impl SlicePermBeside {
    /// The phase-1 table's index of `S · x · S⁻¹` for the `a`-th axis symmetry.
    #[inline(always)]
    pub fn phase1_index(&self, x: &Cube, a: usize) -> u64 {
        let p = self.main.base().axis_parts(x, a);
        let twist = (p.corner % super::parts::TWISTS) as u16;
        let slice = SLICE_OF_MASK[p.e_mask & 0xFFF];
        self.phase1
            .phase1_index(twist, flip_of_mask(p.flips), slice) as u64
    }
}

impl Twins for SlicePermBeside {
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.main.twins(i, visit)
    }
}

impl AxisCoords for SlicePermBeside {
    type Parts = <sliceperm::Coords as AxisCoords>::Parts;
    const NO_PARTS: Self::Parts = <sliceperm::Coords as AxisCoords>::NO_PARTS;
    const SIDE_TABLE: Option<&'static Descriptor> = Some(&PHASE1);
    const SIDE_MAX: u8 = PHASE1_MAX;
    #[inline(always)]
    fn excluded(&self, tight_axes: u8) -> u32 {
        self.main.excluded(tight_axes)
    }
    #[inline(always)]
    fn inherited(&self, mi: usize) -> u8 {
        self.main.inherited(mi)
    }
    #[inline(always)]
    fn parts(&self, x: &Cube) -> Self::Parts {
        AxisCoords::parts(self.main, x)
    }
    #[inline(always)]
    fn axis_index(&self, x: &Cube, p: &Self::Parts, a: usize) -> u64 {
        AxisCoords::axis_index(self.main, x, p, a)
    }
    #[inline(always)]
    fn side_index(&self, x: &Cube, a: usize) -> u64 {
        self.phase1_index(x, a)
    }
    #[inline(always)]
    fn side_entry(side: &[u8], _base: u8, i: u64) -> u8 {
        nibble(side, i)
    }
    #[inline(always)]
    fn side_slack(&self) -> u8 {
        SIDE_SLACK
    }
    #[inline(always)]
    fn side_offset(i: u64) -> usize {
        (i >> 1) as usize
    }
}

/// The corners, `sliceperm` and phase-1 tables, three axes, position and inverse: the
/// ≤ 7.5 GiB rung for symmetric positions.
pub const WITH_SLICEPERM: HeuristicSpec = HeuristicSpec {
    name: "sliceperm+phase1",
    help: "The sliceperm table with the phase-1 table beside it (7.1 GiB; for patterns)",
    tables: &[
        super::corners_in(crate::cube::Metric::Htm),
        &PHASE1,
        &sliceperm::TABLE,
    ],
    // Not yet timed on the published lists (its nodes there are sliceperm's to 0.01 %).
    measured: crate::tables::family::Measured::NONE,
    ..sliceperm::HEURISTIC
};

/// The probe of [`WITH_SLICEPERM`]: `sliceperm`'s three-axis walk, which reads the phase-1
/// table last.
pub type SlicePermAndPhase1<'a> = AxisHeuristic<'a, SlicePermBeside>;

impl<'a> FromTables<'a> for SlicePermAndPhase1<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        AxisHeuristic::load_for(tables, &sliceperm::TABLE, coords())
    }
}
