//! The family's smallest size read beside another three-axis table: the ≤ 1 GiB rung's
//! heuristic for patterns.
//!
//! The k = 3 coset table (`coset3`, 671 MiB) is korf's fastest under 1 GiB on random
//! positions, but a position in its subgroup reads near solved there however far it is:
//! the E-slice flips (Reid's first X-symmetric position) take it 4–6 times a random
//! 16-mover.  `layerflips` (305 MiB) keeps another subgroup (the corners' U/D layers
//! rather than their tetrads, the U/D-layer edges' flips rather than every edge's slice),
//! so it bounds that position where `coset3` cannot.  Together, without the corner table,
//! they fit in 1 GiB (1,024,020 kB peak resident, `--no-upper-bound`).
//!
//! The walk reads the side table last, on the children that survive every other probe,
//! three axes on both sides ([`AxisCoords::SIDE_TABLE`]).  On random 17-movers it removes a fifth of
//! the nodes at a third of the node rate, so `coset3` alone stays the faster choice there
//! (lab/2026-12-07-layerflips-beside-coset3.md).

use super::layerflips;
use crate::cube::symmetry::Twins;
use crate::cube::Cube;
use crate::tables::coset::{k3, COSET3_HEURISTIC};
use crate::tables::descriptor::Descriptor;
use crate::tables::edge_slices::TABLE as EDGE_SLICES;
use crate::tables::family::HeuristicSpec;
use crate::tables::probe::{AxisCoords, AxisHeuristic, FromTables, LoadedTable};
use crate::tables::slices::EdgeMasks;
use std::sync::OnceLock;

/// The k = 3 coset coordinate with `layerflips`'s beside it: the walk indexes the k = 3
/// table by the first and reads `layerflips` by the second ([`AxisCoords::SIDE_TABLE`]).
pub struct Coset3Beside {
    main: &'static k3::Coords,
    side: &'static layerflips::Coords,
}

/// The paired coordinate, built on first use.
pub fn coords() -> &'static Coset3Beside {
    static COORDS: OnceLock<Coset3Beside> = OnceLock::new();
    COORDS.get_or_init(|| Coset3Beside {
        main: k3::coords(),
        side: layerflips::coords(),
    })
}

impl Twins for Coset3Beside {
    fn twins(&self, i: u64, visit: impl FnMut(u64)) {
        self.main.twins(i, visit)
    }
}

impl AxisCoords for Coset3Beside {
    type Parts = <k3::Coords as AxisCoords>::Parts;
    const NO_PARTS: Self::Parts = <k3::Coords as AxisCoords>::NO_PARTS;
    const SIDE_TABLE: Option<&'static Descriptor> = Some(&layerflips::TABLE);
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
    fn edge_masks(p: &Self::Parts) -> Option<&EdgeMasks> {
        <k3::Coords as AxisCoords>::edge_masks(p)
    }
    #[inline(always)]
    fn axis_index(&self, x: &Cube, p: &Self::Parts, a: usize) -> u64 {
        AxisCoords::axis_index(self.main, x, p, a)
    }
    #[inline(always)]
    fn side_index(&self, x: &Cube, a: usize) -> u64 {
        AxisCoords::axis_index(self.side, x, &(), a)
    }
}

/// The edge-slices, k = 3 coset and `layerflips` tables, three axes, position and
/// inverse: 976 MiB of tables, the ≤ 1 GiB rung for symmetric positions.
pub const WITH_COSET3: HeuristicSpec = HeuristicSpec {
    name: "coset3+layerflips",
    help: "The k = 3 coset table with the layerflips table beside it (976 MiB; for patterns)",
    tables: &[&EDGE_SLICES, &k3::TABLE, &layerflips::TABLE],
    speed_rank: None,
    auto: false,
    ..COSET3_HEURISTIC
};

/// The probe of [`WITH_COSET3`]: the k = 3 table's three-axis walk, which reads the side
/// table last.
pub type Coset3AndLayerFlips<'a> = AxisHeuristic<'a, Coset3Beside>;

impl<'a> FromTables<'a> for Coset3AndLayerFlips<'a> {
    fn load(tables: &[LoadedTable<'a>]) -> Self {
        AxisHeuristic::load_for(tables, &k3::TABLE, coords())
    }
}
