//! The descriptor of the flipslice table.

use super::{flipslice_coords, FlipSliceSpace, ENTRIES};
use crate::tables::descriptor::Descriptor;
use crate::tables::family::{HeuristicSpec, Measured, Model, Walk};
use crate::tables::generate::generate_resumable;
use crate::tables::TableKind;
/// Flipslice entries by depth (twins included), as generated on the development machine
/// (README); depths 0–5 match a breadth-first search over raw cosets through whole cubes
/// (`src/tables/flipslice/tests.rs`).
const FLIPSLICE_EXPECTED: [u64; 14] = [
    1, 2, 16, 132, 1471, 17126, 207125, 2538885, 30763005, 349466252, 2878994435, 6272091236,
    532554459, 2655,
];

/// The coset of the subgroup that keeps the U and D layers.
pub const FLIPSLICE: Descriptor = Descriptor {
    name: "flipslice",
    description: "coset keeping the U/D layers: corner layers+twist class x E-slice x all flips",
    entries: ENTRIES,
    bits: 2,
    mod3: false,
    default_build: false,
    expected: &FLIPSLICE_EXPECTED,
    expected_states: &[],
    base: None,
    used_by: "--heuristic flipslice",
    on_demand: false,
    build_seconds: 355,
    generate: |layout, progress, cp| {
        generate_resumable(&FlipSliceSpace(flipslice_coords()), layout, progress, cp)
    },
    states_per_entry: None,
    prepare: || {
        flipslice_coords();
    },
};

/// The corners and the flipslice table, three axes, position and inverse.
pub const HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "flipslice",
    help: "The flipslice coset table (2.38 GiB)",
    listed: true,
    tables: &[TableKind::Corners, TableKind::FlipSlice],
    walk: Walk::Axis,
    speed_rank: Some(2),
    auto: true,
    measured: Measured::new(Some(2.24), Some(11.2), 1, "2026-11-25"),
    // Measured on the published lists, one thread, upper bounds on (`korf bench --threads
    // 1 --heuristic flipslice --json`, 2026-11-25; `docs/benchmarks-log.md`): geometric-mean
    // nodes of the 17-move list, the ratios (17 over 16, 18 over 17) of the lists'
    // geometric means, and the node rate of the same runs.
    model: Model::new(1.07e7, (8.7, 5.0), 9.6, 6.6e6),
};
