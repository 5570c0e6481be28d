//! The descriptor of the slicepair table.

use super::{slicepair_coords, SlicePairSpace, ENTRIES};
use crate::tables::descriptor::Descriptor;
use crate::tables::family::{HeuristicSpec, Measured, Model, Walk};
use crate::tables::generate::generate_resumable;
use crate::tables::TableKind;

/// The slicepair table's base depth, fixed before it was first generated (it is written
/// straight in its final layout): sliceperm's. Base 9 reads depths 10 and 11 exactly and
/// 12 and beyond as 12; the distribution then found (below: 55.5 % of entries at 11,
/// 33.7 % at 12, 0.05 % at 13) loses almost nothing to that.
const SLICEPAIR_BASE: u8 = 9;

/// Slicepair entries by depth (twins included), as first generated on the development
/// machine (2026-11-26, `docs/benchmarks-log.md`); depths 0–5 match a sparse breadth-first
/// search over the entries (the ignored checks in `tests.rs`), and up to depth 5 they equal
/// sliceperm's: no coset that splits off is nearer than 6 moves.
const SLICEPAIR_EXPECTED: [u64; 14] = [
    1,
    2,
    22,
    200,
    2137,
    23903,
    287759,
    3565146,
    44381285,
    542005164,
    5876726193,
    33522936064,
    20380924716,
    28968208,
];

/// The coset of the sliceperm subgroup's half in which FR and BL flip together.
pub const SLICEPAIR: Descriptor = Descriptor {
    name: "slicepair",
    description: "sliceperm cosets split by the flip parity of opposite E edges: sliceperm x 2",
    entries: ENTRIES,
    bits: 2,
    mod3: false,
    default_build: false,
    expected: &SLICEPAIR_EXPECTED,
    expected_states: &[],
    base: Some(SLICEPAIR_BASE),
    used_by: "--heuristic slicepair",
    on_demand: false,
    build_seconds: 1881,
    generate: |layout, progress, cp| {
        generate_resumable(&SlicePairSpace(slicepair_coords()), layout, progress, cp)
    },
    states_per_entry: None,
    prepare: || {
        slicepair_coords();
    },
};

/// The corners and the slicepair table, three axes, position and inverse.
pub const HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "slicepair",
    help: "The slicepair coset table (14.3 GiB; the fastest)",
    listed: true,
    tables: &[TableKind::Corners, TableKind::SlicePair],
    walk: Walk::Axis,
    speed_rank: Some(0),
    auto: true,
    measured: Measured::new(Some(0.48), Some(3.15), 1, "2026-11-26"),
    // Measured 2026-11-26 (`korf bench --threads 1 --compare sliceperm,slicepair`, the 17-
    // and 18-move lists; `docs/benchmarks-log.md`, *The next size up*): geometric-mean nodes at
    // 17 moves and the 18-over-17 ratio; the 16-move list was not run, sliceperm's factor
    // below 17 is assumed.
    model: Model::new(2.55e6, (8.7, 4.45), 9.0, 5.0e6),
};
