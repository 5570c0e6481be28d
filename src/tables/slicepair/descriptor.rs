//! The descriptor of the slicepair table.

use super::{slicepair_coords, SlicePairSpace, ENTRIES};
use crate::tables::descriptor::Descriptor;
use crate::tables::generate::generate_resumable;

/// The slicepair table's base depth, fixed before it was first generated (it is written
/// straight in its final layout): sliceperm's, because splitting each coset in two moves
/// about a third of sliceperm's depth-11 entries to 12, and base 9 then reads depths 10
/// and 11 exactly and 12 and beyond as 12.
const SLICEPAIR_BASE: u8 = 9;

/// The coset of the sliceperm subgroup's half in which FR and BL flip together.
pub const SLICEPAIR: Descriptor = Descriptor {
    name: "slicepair",
    description: "sliceperm cosets split by the flip parity of opposite E edges: sliceperm x 2",
    entries: ENTRIES,
    bits: 2,
    mod3: false,
    default_build: false,
    expected: &[],
    expected_states: &[],
    base: Some(SLICEPAIR_BASE),
    used_by: "--heuristic slicepair",
    on_demand: false,
    build_seconds: 3600,
    generate: |layout, progress, cp| {
        generate_resumable(&SlicePairSpace(slicepair_coords()), layout, progress, cp)
    },
    states_per_entry: None,
    prepare: || {
        slicepair_coords();
    },
};
