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
//! three axes on both sides ([`AxisCoords::SIDE_TABLE`](crate::tables::probe::AxisCoords::SIDE_TABLE)).  On random 17-movers it removes a fifth of
//! the nodes at a third of the node rate, so `coset3` alone stays the faster choice there
//! (lab/2026-12-07-layerflips-beside-coset3.md).

use super::layerflips;
use crate::cube::Cube;
use crate::tables::coset::{k3, COSET3_HEURISTIC};
use crate::tables::descriptor::Descriptor;
use crate::tables::edge_slices::TABLE as EDGE_SLICES;
use crate::tables::family::HeuristicSpec;
use crate::tables::probe::{AxisCoords, AxisHeuristic, Beside, FromTables, LoadedTable, SideTable};
use std::sync::OnceLock;

/// `layerflips` as a side table: indexed by its own coordinate along each axis, 2-bit
/// entries.
impl SideTable for layerflips::Coords {
    const TABLE: &'static Descriptor = &layerflips::TABLE;
    #[inline(always)]
    fn index(&self, x: &Cube, a: usize) -> u64 {
        AxisCoords::axis_index(self, x, &(), a)
    }
}

/// The k = 3 coset coordinate with `layerflips`'s beside it: the walk indexes the k = 3
/// table by the first and reads `layerflips` by the second ([`AxisCoords::SIDE_TABLE`](crate::tables::probe::AxisCoords::SIDE_TABLE)).
pub type Coset3Beside = Beside<k3::Coords, layerflips::Coords>;

/// The paired coordinate, built on first use.
pub fn coords() -> &'static Coset3Beside {
    static COORDS: OnceLock<Coset3Beside> = OnceLock::new();
    COORDS.get_or_init(|| Beside {
        main: k3::coords(),
        side: layerflips::coords(),
    })
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
