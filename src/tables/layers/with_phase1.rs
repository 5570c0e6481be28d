//! The ordered U/D-layer sizes with the two-phase search's phase-1 table read beside them:
//! `sliceperm+phase1` (what `auto` takes at the ≤ 7.5 GiB rung) and `slicepair+phase1`.
//!
//! `sliceperm` (7.03 GiB) keeps the E edges' order and the U/D-layer edges' flips but none
//! of the E edges' flips (`slicepair` one parity of them, which four flips leave even), so
//! a position whose E edges are flipped in place reads near solved there: the E-slice
//! flips (16 moves) read 5 at `sliceperm`'s root and took 160 times a random 16-mover.
//! Phase 1's coordinate (twist, every flip, the E slice's positions) keeps those flips and
//! reads 10 there, as `flipslice` does.  Its table (67 MiB, 4 bits an entry over
//! flip-slice symmetry classes) is the one the two-phase upper bound loads anyway, and the
//! solver hands the heuristic's copy to it, so the pair costs the process nothing more.
//!
//! The walk reads the side table last, on the children that survive every other probe,
//! three axes on both sides ([`AxisCoords::SIDE_TABLE`](crate::tables::probe::AxisCoords::SIDE_TABLE)), and only while the budget is
//! under phase 1's largest distance (12): above it the table cannot prune
//! ([`AxisCoords::SIDE_MAX`](crate::tables::probe::AxisCoords::SIDE_MAX)).  The side index comes from the same per-axis parts the
//! U/D-layer coordinate reads (twist, E-slice positions, flips).

use super::parts::{Frame, AXIS_SYMMETRIES};
use super::{slicepair, sliceperm, LayerCoords};
use crate::cube::symmetry::symmetries;
use crate::cube::Cube;
use crate::tables::coset::{k3, COSET3_HEURISTIC};
use crate::tables::descriptor::Descriptor;
use crate::tables::edge_slices::TABLE as EDGE_SLICES;
use crate::tables::family::HeuristicSpec;
use crate::tables::korf::CORNERS;
use crate::tables::phases::{coords::Coords as PhaseCoords, PHASE1};
use crate::tables::probe::{nibble, AxisHeuristic, Beside, FromTables, LoadedTable, SideTable};
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

/// An ordered U/D-layer size's coordinate (`sliceperm`: `F` = 0, `slicepair`: 1) with
/// phase 1's beside it: the walk indexes the size's table by the first and reads the
/// phase-1 table by the second ([`AxisCoords::SIDE_TABLE`](crate::tables::probe::AxisCoords::SIDE_TABLE)).
pub type OrderedBeside<const F: u8> = Beside<LayerCoords<true, F>, Phase1Side>;

/// `sliceperm`'s paired coordinate, built on first use.
pub fn coords() -> &'static OrderedBeside<0> {
    static COORDS: OnceLock<OrderedBeside<0>> = OnceLock::new();
    COORDS.get_or_init(|| Beside {
        main: sliceperm::coords(),
        side: phase1_side(),
    })
}

/// `slicepair`'s paired coordinate, built on first use.
pub fn slicepair_coords() -> &'static OrderedBeside<1> {
    static COORDS: OnceLock<OrderedBeside<1>> = OnceLock::new();
    COORDS.get_or_init(|| Beside {
        main: slicepair::coords(),
        side: phase1_side(),
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

/// The phase-1 table's index of a position along each axis, from the per-axis cubie
/// lookups of the U/D-layer family ([`Frame`]: twist, E-slice positions, flips).
pub struct Phase1Side {
    frames: [Frame; 3],
    phase1: &'static PhaseCoords,
}

/// The phase-1 side index, built on first use.
pub fn phase1_side() -> &'static Phase1Side {
    static SIDE: OnceLock<Phase1Side> = OnceLock::new();
    SIDE.get_or_init(|| {
        let syms = symmetries();
        Phase1Side {
            frames: AXIS_SYMMETRIES
                .map(|s| Frame::new(&syms.elements[s], &syms.elements[syms.inverse[s] as usize])),
            phase1: crate::tables::phases::coords(),
        }
    })
}

impl SideTable for Phase1Side {
    const TABLE: &'static Descriptor = &PHASE1;
    const MAX: u8 = PHASE1_MAX;
    /// The phase-1 table's index of `S · x · S⁻¹` for the `a`-th axis symmetry.
    #[inline(always)]
    fn index(&self, x: &Cube, a: usize) -> u64 {
        let p = self.frames[a].parts(x);
        let twist = (p.corner % super::parts::TWISTS) as u16;
        let slice = SLICE_OF_MASK[p.e_mask];
        self.phase1
            .phase1_index(twist, flip_of_mask(p.flips), slice) as u64
    }
    #[inline(always)]
    fn entry(side: &[u8], _base: u8, i: u64) -> u8 {
        nibble(side, i)
    }
    #[inline(always)]
    fn offset(i: u64) -> usize {
        (i >> 1) as usize
    }
    #[inline(always)]
    fn slack(&self) -> u8 {
        SIDE_SLACK
    }
}

/// The corners, `sliceperm` and phase-1 tables, three axes, position and inverse: the
/// ≤ 7.5 GiB rung, symmetric positions included.
pub const WITH_SLICEPERM: HeuristicSpec = HeuristicSpec {
    name: "sliceperm+phase1",
    help: "The sliceperm table with the phase-1 table beside it (7.2 GiB; sees patterns)",
    tables: &[
        super::corners_in(crate::cube::Metric::Htm),
        &PHASE1,
        &sliceperm::TABLE,
    ],
    // Not yet timed on the published lists (its nodes there are sliceperm's to 0.01 %).
    measured: crate::tables::family::Measured::NONE,
    ..sliceperm::HEURISTIC
};

/// The corners, `slicepair` and phase-1 tables: `slicepair` keeps one parity of the E
/// edges' flips (FR with BL), which the E-slice flips leave even, so it is as blind there
/// as `sliceperm`.
pub const WITH_SLICEPAIR: HeuristicSpec = HeuristicSpec {
    name: "slicepair+phase1",
    help: "The slicepair table with the phase-1 table beside it (14.4 GiB; sees patterns)",
    tables: &[
        super::corners_in(crate::cube::Metric::Htm),
        &PHASE1,
        &slicepair::TABLE,
    ],
    measured: crate::tables::family::Measured::NONE,
    ..slicepair::HEURISTIC
};

/// The probe of [`WITH_SLICEPERM`]: `sliceperm`'s three-axis walk, which reads the phase-1
/// table last.
pub type SlicePermAndPhase1<'a> = AxisHeuristic<'a, OrderedBeside<0>>;

impl<'a> FromTables<'a> for SlicePermAndPhase1<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        AxisHeuristic::load_for(tables, &sliceperm::TABLE, coords())
    }
}

/// The probe of [`WITH_SLICEPAIR`].
pub type SlicePairAndPhase1<'a> = AxisHeuristic<'a, OrderedBeside<1>>;

impl<'a> FromTables<'a> for SlicePairAndPhase1<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        AxisHeuristic::load_for(tables, &slicepair::TABLE, slicepair_coords())
    }
}

/// The k = 3 coset coordinate with phase 1's beside it: `coset3` keeps the E edges' flips
/// only relative to one another, so the E-slice flips lie in its subgroup and read near
/// solved there, as with `sliceperm`.
pub type Coset3Beside = Beside<k3::Coords, Phase1Side>;

/// `coset3`'s paired coordinate, built on first use.
pub fn coset3_coords() -> &'static Coset3Beside {
    static COORDS: OnceLock<Coset3Beside> = OnceLock::new();
    COORDS.get_or_init(|| Beside {
        main: k3::coords(),
        side: phase1_side(),
    })
}

/// The corners, edge-slices, k = 3 coset and phase-1 tables: the ≤ 1 GiB rung, symmetric
/// positions included.
pub const WITH_COSET3: HeuristicSpec = HeuristicSpec {
    name: "coset3+phase1",
    help: "The k = 3 coset table with the phase-1 table beside it (738 MiB; sees patterns)",
    tables: &[&CORNERS, &EDGE_SLICES, &PHASE1, &k3::TABLE],
    measured: crate::tables::family::Measured::NONE,
    ..COSET3_HEURISTIC
};

/// The probe of [`WITH_COSET3`].
pub type Coset3AndPhase1<'a> = AxisHeuristic<'a, Coset3Beside>;

impl<'a> FromTables<'a> for Coset3AndPhase1<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        AxisHeuristic::load_for(tables, &k3::TABLE, coset3_coords())
    }
}
