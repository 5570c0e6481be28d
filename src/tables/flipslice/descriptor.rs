//! The descriptor of the flipslice table.

use super::{flipslice_coords, FlipSliceSpace, ENTRIES};
use crate::tables::descriptor::Descriptor;
use crate::tables::generate::generate_resumable;
/// Flipslice entries by depth (twins included), as generated on the development machine
/// (README); depths 0–5 match a breadth-first search over raw cosets through whole cubes
/// (`tests/flipslice.rs`).
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
