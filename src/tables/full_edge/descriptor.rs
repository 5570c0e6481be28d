//! The descriptor of the full-edge table: depth mod 3, checked against thesis Table 4.1
//! through the states each entry stands for.

use super::{full_edge_coords, FullEdgeCoords, FullEdgeSpace, ENTRIES, EXPECTED_STATES};
use crate::tables::descriptor::Descriptor;
use crate::tables::generate::generate_resumable;
/// Full-edge entries by depth (twins included), as generated on the development machine
/// (README); weighted by the states each entry stands for they give thesis Table 4.1
/// exactly, which `korf tables verify` checks.
const FULL_EDGE_EXPECTED: [u64; 15] = [
    1,
    8,
    45,
    282,
    2075,
    17435,
    171347,
    1921932,
    22276898,
    243097994,
    2307256686,
    11540646870,
    6367102845,
    7023590,
    72,
];

/// All 12 edges, reduced by the 48 symmetries.
pub const FULL_EDGE: Descriptor = Descriptor {
    name: "full-edge",
    description: "all 12 edges, position and flip, 48-symmetry classes, depth mod 3",
    entries: ENTRIES,
    bits: 2,
    mod3: true,
    default_build: false,
    expected: &FULL_EDGE_EXPECTED,
    expected_states: &EXPECTED_STATES,
    base: None,
    used_by: "--heuristic full-edge (and coset4+full-edge)",
    on_demand: false,
    build_seconds: 2687,
    generate: |layout, progress, cp| {
        let coords = FullEdgeCoords::with_moves();
        generate_resumable(&FullEdgeSpace(&coords), layout, progress, cp)
    },
    states_per_entry: Some(|| {
        let c = full_edge_coords();
        Box::new(move |i| c.states_per_entry(i))
    }),
    prepare: || {
        full_edge_coords();
    },
};
