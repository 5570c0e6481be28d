//! The descriptors of the two-phase search's two distance tables.

use super::prune::{Phase1Space, Phase2Space, PHASE1_ENTRIES, PHASE2_ENTRIES};
use crate::cube::Metric;
use crate::tables::descriptor::Descriptor;
use crate::tables::generate::generate_resumable;
/// Phase-1 distances counted by (flip-slice class, twist) entries.  Weighted by class size
/// they give Kociemba's published phase-1 distribution (1, 4, 50, …, 476 positions of
/// twist × flip × slice), which `src/twophase/tests.rs` checks.
const PHASE1_EXPECTED: [u64; 13] = [
    1, 1, 5, 44, 487, 5841, 68364, 776568, 7950748, 52098876, 76236234, 3771112, 129,
];
/// Phase-1 distances in quarter turns, by (flip-slice class, twist) entries, as first
/// generated here; `src/twophase/tests.rs` checks the table against a plain search over the
/// cube model.
const PHASE1_QTM_EXPECTED: [u64; 14] = [
    1, 1, 3, 24, 185, 1633, 14708, 130032, 1124165, 8868078, 48182278, 75087495, 7498528, 1279,
];
/// Phase-2 distances of both phase-2 tables together (each also checked against a plain
/// breadth-first search over the cube model in `src/twophase/tests.rs`).
const PHASE2_EXPECTED: [u64; 15] = [
    2, 20, 134, 860, 5086, 26706, 115236, 360546, 562354, 300188, 200938, 200314, 116256, 44416,
    2304,
];

/// Phase 1: (flip-slice symmetry class, twist).
pub const PHASE1: Descriptor = Descriptor {
    name: "phase1",
    description: "two-phase, phase 1: flip-slice class x twist",
    entries: PHASE1_ENTRIES,
    bits: 4,
    mod3: false,
    default_build: true,
    expected: &PHASE1_EXPECTED,
    expected_states: &[],
    base: None,
    base_before_recorded: None,
    used_by: "--fast, scramble, upper bounds, --heuristic sliceperm+phase1",
    on_demand: true,
    build_seconds: 14,
    built_here: true,
    generate: |layout, progress, cp| {
        generate_resumable(
            &Phase1Space(super::coords(), Metric::Htm),
            layout,
            progress,
            cp,
        )
    },
    states_per_entry: None,
    prepare: || {},
};

/// Phase 2: (corner permutation, slice permutation) and (U/D edge permutation, slice permutation).
pub const PHASE2: Descriptor = Descriptor {
    name: "phase2",
    description: "two-phase, phase 2: corner/edge perms x slice perm",
    entries: PHASE2_ENTRIES,
    bits: 4,
    mod3: false,
    default_build: true,
    expected: &PHASE2_EXPECTED,
    expected_states: &[],
    base: None,
    base_before_recorded: None,
    used_by: "--fast, scramble, upper bounds",
    on_demand: true,
    build_seconds: 1,
    built_here: true,
    generate: |layout, progress, cp| {
        generate_resumable(&Phase2Space(super::coords()), layout, progress, cp)
    },
    states_per_entry: None,
    prepare: || {},
};

/// Phase 1 in quarter turns: the same entries, distances counted in quarter turns, for
/// `--fast --metric qtm` and the quarter-turn search's upper bounds.
pub const PHASE1_QTM: Descriptor = Descriptor {
    name: "phase1-qtm",
    description: "two-phase, phase 1 in quarter turns: flip-slice class x twist",
    entries: PHASE1_ENTRIES,
    bits: 4,
    mod3: false,
    default_build: false,
    expected: &PHASE1_QTM_EXPECTED,
    expected_states: &[],
    base: None,
    base_before_recorded: None,
    used_by: "--fast --metric qtm, quarter-turn upper bounds",
    on_demand: true,
    build_seconds: 10,
    built_here: true,
    generate: |layout, progress, cp| {
        generate_resumable(
            &Phase1Space(super::coords(), Metric::Qtm),
            layout,
            progress,
            cp,
        )
    },
    states_per_entry: None,
    prepare: || {},
};
