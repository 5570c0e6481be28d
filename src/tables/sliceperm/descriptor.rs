//! The descriptor of the sliceperm table.

use super::{sliceperm_coords, SlicePermSpace, ENTRIES};
use crate::tables::descriptor::Descriptor;
use crate::tables::generate::generate_resumable;
/// The sliceperm table's base depth, fixed before it was first generated (nxopt's choice
/// for the same subgroup; the distribution then confirmed it, README).
const SLICEPERM_BASE: u8 = 9;
/// Sliceperm entries by depth (twins included), as first generated on the development
/// machine (README); depths 0–5 match a sparse breadth-first search over the entries
/// (`tests/sliceperm.rs`).
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
