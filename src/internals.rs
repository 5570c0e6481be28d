//! Internals the crate's criterion benchmarks time (index computations of the tables'
//! coordinates).  Not part of the API: no stability promise, no documentation.  (Its own
//! file, outside `.ci/table-sources`: it reads the probes, which decide no table's bytes.)

pub use crate::tables::full_edge::FullEdgeCoords;
pub use crate::tables::korf::{edges7_b_state, Pattern, EDGES7_A};

use crate::cube::Cube;
use crate::tables::probe::{AxisCoords, AxisTable};
use crate::tables::{AxisProbe, AxisVisitor, TableKind};

/// The index of `S·x·S⁻¹` along axis `axis` of the three-axis table `kind` (any family
/// of the registry), for each of `cubes`, summed: one loop compiled for that table, so
/// that what a benchmark times is the index as the search computes it.  `None` if
/// `kind` is not a three-axis table.
pub fn axis_index_sum(kind: TableKind, cubes: &[Cube], axis: usize) -> Option<u64> {
    struct IndexSum<'c>(&'c [Cube], usize);
    impl<'a> AxisVisitor<'a> for IndexSum<'_> {
        type Out = u64;
        fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) -> u64 {
            let IndexSum(cubes, axis) = self;
            cubes.iter().fold(0u64, |sum, x| {
                let parts = table.coords.parts(x);
                sum.wrapping_add(table.coords.axis_index(x, &parts, axis))
            })
        }
    }
    AxisProbe::new(kind, &[], 0).map(|probe| probe.visit(IndexSum(cubes, axis)))
}
