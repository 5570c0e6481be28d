//! The descriptor of the full-edge table: depth mod 3, checked against thesis Table 4.1
//! through the states each entry stands for.

use super::{full_edge_coords, FullEdgeCoords, FullEdgeSpace, ENTRIES, EXPECTED_STATES};
use crate::tables::coset::COSET4;
use crate::tables::descriptor::Descriptor;
use crate::tables::family::{HeuristicSpec, Measured, Model, Walk, UPPER_BOUND_SHARE_SLOW};
use crate::tables::generate::generate_resumable;
use crate::tables::korf::CORNERS;
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
    base_before_recorded: None,
    used_by: "--heuristic full-edge (and coset4+full-edge)",
    on_demand: false,
    build_seconds: 2687,
    built_here: true,
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

/// The corners and the full-edge table, position and inverse.
pub const HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "full-edge",
    help: "The full-edge table",
    listed: true,
    tables: &[&CORNERS, &FULL_EDGE],
    walk: Walk::Exact,
    metric: crate::cube::Metric::Htm,
    speed_rank: Some(28),
    auto: false,
    measured: Measured::new(Some(31.2), None, 2, "2026-11-23"),
    model: Model::new(2.92e8, (8.2, 4.7), 11.4, 4.7e6),
    upper_bound_share: UPPER_BOUND_SHARE_SLOW,
};

/// The corners, the k = 4 coset table and the full-edge table (a research comparison).
pub const WITH_COSET4: HeuristicSpec = HeuristicSpec {
    name: "coset4+full-edge",
    help: "The k = 4 coset table and the full-edge table together, a research comparison",
    listed: false,
    tables: &[&CORNERS, &COSET4, &FULL_EDGE],
    walk: Walk::AxisAndExact,
    metric: crate::cube::Metric::Htm,
    speed_rank: None,
    auto: false,
    measured: Measured::new(Some(7.85), None, 2, "2026-11-23"),
    model: Model::new(2.98e7, (13.9, 8.0), 11.4, 1.9e6),
    upper_bound_share: UPPER_BOUND_SHARE_SLOW,
};
