//! The descriptor of the sliceperm table.

use super::{sliceperm_coords, SlicePermSpace, ENTRIES};
use crate::tables::descriptor::Descriptor;
use crate::tables::family::{HeuristicSpec, Measured, Model, Walk};
use crate::tables::generate::generate_resumable;
use crate::tables::TableKind;
/// The sliceperm table's base depth, fixed before it was first generated (nxopt's choice
/// for the same subgroup; the distribution then confirmed it, README).
const SLICEPERM_BASE: u8 = 9;
/// Sliceperm entries by depth (twins included), as first generated on the development
/// machine (README); depths 0–5 match a sparse breadth-first search over the entries
/// (`src/tables/sliceperm/tests.rs`).
const SLICEPERM_EXPECTED: [u64; 14] = [
    1,
    2,
    22,
    200,
    2137,
    23903,
    287698,
    3560276,
    44164674,
    530379944,
    5233704011,
    19675963236,
    4711576986,
    247310,
];

/// The coset of the subgroup that keeps the U and D layers and the E edges' order.
pub const SLICEPERM: Descriptor = Descriptor {
    name: "sliceperm",
    description:
        "coset keeping the U/D layers and E order: corner class x E-slice order x U/D flips",
    entries: ENTRIES,
    bits: 2,
    mod3: false,
    default_build: false,
    expected: &SLICEPERM_EXPECTED,
    expected_states: &[],
    base: Some(SLICEPERM_BASE),
    used_by: "--heuristic sliceperm",
    on_demand: false,
    build_seconds: 1429,
    generate: |layout, progress, cp| {
        generate_resumable(&SlicePermSpace(sliceperm_coords()), layout, progress, cp)
    },
    states_per_entry: None,
    prepare: || {
        sliceperm_coords();
    },
};

/// The corners and the sliceperm table, three axes, position and inverse.
pub const HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "sliceperm",
    help: "The sliceperm coset table (7.14 GiB)",
    listed: true,
    tables: &[TableKind::Corners, TableKind::SlicePerm],
    walk: Walk::Axis,
    speed_rank: Some(1),
    auto: true,
    measured: Measured::new(Some(1.34), Some(7.47), 1, "2026-11-24"),
    // Older runs (README's dated tables of 2026-11-23/24, means rather than geometric
    // means).
    model: Model::new(6.9e6, (8.7, 4.5), 9.0, 4.2e6),
};
