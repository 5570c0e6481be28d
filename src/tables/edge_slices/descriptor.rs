//! The descriptor of the edge-slices table (4 bits an entry, 0.8 MB, built on first use
//! in well under a second).

use super::{edge_slices_coords, EdgeSlicesSpace, ENTRIES};
use crate::cube::Metric;
use crate::tables::descriptor::Descriptor;
use crate::tables::generate::generate_resumable;

/// Edge-slices entries by depth (twins included), as first generated on 2026-12-04;
/// depths 0–5 equal a breadth-first search over raw (slices, flips) values
/// (`src/tables/edge_slices/tests.rs`).
const EXPECTED: [u64; 12] = [
    1, 1, 3, 23, 235, 2281, 22069, 182776, 767847, 617858, 8439, 3,
];

/// Every edge's slice and flip, 48-symmetry classes.
pub const TABLE: Descriptor = Descriptor {
    name: "edge-slices",
    description: "each edge position's slice (E/M/S) and flip, 48-symmetry classes",
    entries: ENTRIES,
    bits: 4,
    mod3: false,
    default_build: true,
    expected: &EXPECTED,
    expected_states: &[],
    base: None,
    base_before_recorded: None,
    used_by: "--heuristic coset, coset3, coset4, coset-cp, coset-fp, coset-fcp and coset-fpp",
    on_demand: true,
    build_seconds: 1,
    built_here: true,
    generate: |layout, progress, cp| {
        let space = EdgeSlicesSpace {
            coords: edge_slices_coords(),
            metric: Metric::Htm,
        };
        generate_resumable(&space, layout, progress, cp)
    },
    states_per_entry: None,
    prepare: || {
        edge_slices_coords();
    },
};
