//! The descriptors of the two coset tables: k = 0 (48 symmetries, 4 bits) and k = 4
//! (16 symmetries, the E-slice flips, 2 bits).

use super::{coords_for, coset_coords, CosetSpace, Parities, Variant, ENTRIES};
use crate::cube::Metric;
use crate::tables::descriptor::Descriptor;
use crate::tables::edge_slices::TABLE as EDGE_SLICES;
use crate::tables::family::{HeuristicSpec, Measured, Model, Walk, UPPER_BOUND_SHARE_SLOW};
use crate::tables::generate::{generate_resumable, Checkpoint, Generated, Layout, Progress};
use crate::tables::korf::{CORNERS, CORNERS_QTM, EDGEPERM, EDGES7};
/// Coset4 entries by quarter-turn distance (twins included), as first generated on
/// 2026-11-26 (2 cores, 285 s); they sum to every entry.  22 entries at depth 15, past
/// what a nibble can hold while generating: the table is built in its 2-bit lines.
const COSET4_QTM_EXPECTED: [u64; 16] = [
    1, 2, 5, 49, 336, 2919, 25328, 232061, 2021885, 17871620, 146196431, 965927546, 2990254052,
    1407770546, 11479597, 22,
];
/// The k = 0 table's entries by quarter-turn distance, one per position up to symmetry
/// (`super::packing`), as generated on 2026-12-05; weighted by the raw cosets each stands
/// for, depths 0–6 equal a breadth-first search over raw cosets by quarter turns
/// (`src/tables/coset/tests.rs`).
const COSET_QTM_EXPECTED: [u64; 15] = [
    1, 1, 2, 12, 92, 828, 7347, 65026, 553046, 4222593, 23739371, 58287648, 23409270, 255267, 16,
];
/// The k = 0 table's entries by distance, one per position up to symmetry, as generated
/// on 2026-12-05 (the layout with twins had 117,567,450 entries); weighted by the raw
/// cosets each stands for they count raw cosets, which `src/tables/coset/tests.rs` checks
/// against a breadth-first search over raw cosets (depths 0–6), and entries against a
/// brute-force search for the subgroup.
const COSET_EXPECTED: [u64; 13] = [
    1, 1, 3, 23, 241, 2948, 36299, 431416, 4606663, 32707713, 64654874, 8099069, 1269,
];
/// Coset3 entries by depth (twins included), as generated on 2026-12-06 (2 cores beside a
/// test build: 193 s, 2.0 GB peak); `tests_relative_flips.rs` checks depths 0–5 against a
/// search over raw cosets.
const COSET3_EXPECTED: [u64; 14] = [
    1, 2, 11, 90, 869, 10266, 123336, 1501198, 17984962, 192950573, 1213132928, 1314628322,
    30558553, 89,
];
/// Coset4 entries by depth (twins included), as generated on the development machine
/// (README); weighted by orbit size they sum to every raw coset, which
/// `src/tables/coset/tests_flips.rs` checks, and depths 0–5 match a search over raw cosets.
const COSET4_EXPECTED: [u64; 14] = [
    1, 2, 11, 90, 870, 10289, 123774, 1510748, 18245153, 203912358, 1585537653, 3366305840,
    366124590, 11021,
];

/// The k = 0 coset table.
pub const COSET: Descriptor = Descriptor {
    name: "coset",
    description: "coset of the 48-symmetric subgroup: corner tetrads+twist class x edge slices",
    entries: ENTRIES,
    bits: 4,
    mod3: false,
    default_build: true,
    expected: &COSET_EXPECTED,
    expected_states: &[],
    base: None,
    base_before_recorded: None,
    used_by: "--heuristic coset (and all)",
    on_demand: true,
    build_seconds: 7,
    built_here: true,
    generate: |layout, progress, cp| {
        generate_resumable(
            &CosetSpace::new(coset_coords(), Metric::Htm),
            layout,
            progress,
            cp,
        )
    },
    states_per_entry: None,
    prepare: || {
        coset_coords();
    },
};

/// The k = 0 coset table, distances in quarter turns: the same coordinate, searched by
/// the 12 quarter turns.
pub const COSET_QTM: Descriptor = Descriptor {
    name: "coset-qtm",
    description: "the k = 0 coset table, distances in quarter turns",
    expected: &COSET_QTM_EXPECTED,
    used_by: "--metric qtm (--heuristic coset-qtm)",
    build_seconds: 8,
    generate: |layout, progress, cp| {
        generate_resumable(
            &CosetSpace::new(coset_coords(), Metric::Qtm),
            layout,
            progress,
            cp,
        )
    },
    ..COSET
};

/// The k = 4 coset table.
pub const COSET4: Descriptor = Descriptor {
    name: "coset4",
    description: "coset with 4 edge flips: corner class (16 syms) x edge slices x E-slice flips",
    entries: Variant::SliceFlips.entries(),
    bits: 2,
    mod3: false,
    default_build: false,
    expected: &COSET4_EXPECTED,
    expected_states: &[],
    base: None,
    base_before_recorded: None,
    used_by: "--heuristic coset4 (and coset4+full-edge)",
    on_demand: true,
    build_seconds: 283,
    built_here: true,
    generate: |layout, progress, cp| {
        let space = CosetSpace::new(coords_for(Variant::SliceFlips), Metric::Htm);
        generate_resumable(&space, layout, progress, cp)
    },
    states_per_entry: None,
    prepare: || {
        coords_for(Variant::SliceFlips);
    },
};

/// The k = 3 coset table: k = 4's with each E-flip pattern and its complement one entry
/// ([`Variant::RelativeSliceFlips`]), half its size.
pub const COSET3: Descriptor = Descriptor {
    name: "coset3",
    description:
        "coset with the E flips relative to one another: corner class (16 syms) x edge slices x 8",
    entries: Variant::RelativeSliceFlips.entries(),
    expected: &COSET3_EXPECTED,
    used_by: "--heuristic coset3",
    build_seconds: 193,
    generate: |layout, progress, cp| {
        let space = CosetSpace::new(coords_for(Variant::RelativeSliceFlips), Metric::Htm);
        generate_resumable(&space, layout, progress, cp)
    },
    prepare: || {
        coords_for(Variant::RelativeSliceFlips);
    },
    ..COSET4
};

/// The k = 4 coset table, distances in quarter turns.
pub const COSET4_QTM: Descriptor = Descriptor {
    name: "coset4-qtm",
    description: "the k = 4 coset table, distances in quarter turns",
    expected: &COSET4_QTM_EXPECTED,
    used_by: "--metric qtm (--heuristic coset4-qtm)",
    build_seconds: 164,
    generate: |layout, progress, cp| {
        let space = CosetSpace::new(coords_for(Variant::SliceFlips), Metric::Qtm);
        generate_resumable(&space, layout, progress, cp)
    },
    ..COSET4
};

/// The corners and the k = 0 coset table, probed on the position and its inverse.
pub const HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "coset",
    help: "The k = 0 coset table, built on first use",
    listed: true,
    tables: &[&CORNERS, &COSET, &EDGE_SLICES],
    walk: Walk::Plain,
    metric: crate::cube::Metric::Htm,
    speed_rank: Some(27),
    auto: false,
    measured: Measured::new(Some(123.0), None, 2, "2026-11-23"),
    // The 16-move list measured (2.65e7 nodes, geometric mean, 2026-11-25), scaled to 17
    // moves by the k = 4 table's factor; the node rate of the same runs.
    model: Model::new(2.65e7 * 10.4, (10.4, 6.0), 11.4, 7.6e6),
    upper_bound_share: UPPER_BOUND_SHARE_SLOW,
};

/// The quarter-turn corners and k = 0 coset tables, for searches in quarter turns.
pub const HEURISTIC_QTM: HeuristicSpec = HeuristicSpec {
    name: "coset-qtm",
    help: "The corners and k = 0 coset tables in quarter turns (--metric qtm only), built on first use",
    listed: true,
    tables: &[&CORNERS_QTM, &COSET_QTM],
    walk: Walk::Plain,
    metric: Metric::Qtm,
    speed_rank: None,
    auto: false,
    measured: Measured::NONE,
    model: HEURISTIC.model,
    upper_bound_share: UPPER_BOUND_SHARE_SLOW,
};

/// The quarter-turn corners and k = 4 coset tables, for searches in quarter turns.
pub const COSET4_QTM_HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "coset4-qtm",
    help: "The corners and k = 4 coset tables in quarter turns (--metric qtm only)",
    tables: &[&CORNERS_QTM, &COSET4_QTM],
    walk: Walk::Axis,
    speed_rank: COSET4_HEURISTIC.speed_rank,
    auto: true,
    ..HEURISTIC_QTM
};

/// Korf's tables and the k = 0 coset table (a research comparison).
pub const KORF_AND_COSET: HeuristicSpec = HeuristicSpec {
    name: "all",
    help: "Korf's tables and the k = 0 coset table, a research comparison",
    listed: false,
    tables: &[&CORNERS, &EDGES7, &EDGEPERM, &COSET],
    walk: Walk::Plain,
    metric: crate::cube::Metric::Htm,
    speed_rank: None,
    auto: false,
    measured: Measured::NONE,
    model: crate::tables::korf::HEURISTIC.model,
    upper_bound_share: UPPER_BOUND_SHARE_SLOW,
};

/// The corners and the k = 4 coset table, three axes, position and inverse.
pub const COSET4_HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "coset4",
    help: "The k = 4 coset table",
    listed: true,
    tables: &[&CORNERS, &EDGE_SLICES, &COSET4],
    walk: Walk::Axis,
    metric: crate::cube::Metric::Htm,
    speed_rank: Some(20),
    auto: true,
    measured: Measured::new(Some(4.88), None, 1, "2026-11-25"),
    // As flipslice's (`korf bench --threads 1 --heuristic coset4 --json`, 2026-11-25); the
    // 18-move list was not run: flipslice's ratio of ratios (5.0 against 8.7) is assumed.
    model: Model::new(2.37e7, (10.4, 6.0), 11.4, 7.8e6),
    upper_bound_share: UPPER_BOUND_SHARE_SLOW,
};

/// The corners and the k = 3 coset table, three axes, position and inverse: the ≤ 1 GiB
/// rung of the memory ladder.
pub const COSET3_HEURISTIC: HeuristicSpec = HeuristicSpec {
    name: "coset3",
    help: "The k = 3 coset table (the E-slice flips relative to one another; 671 MiB)",
    tables: &[&CORNERS, &EDGE_SLICES, &COSET3],
    speed_rank: Some(21),
    measured: Measured::NONE,
    // coset4's, with 2.73 times its nodes at the same rate (the first 10 of the published
    // 17-move list, one thread, no upper bound, 2026-12-06: 60.7 M nodes against 22.2 M).
    model: Model::new(2.37e7 * 2.73, (10.4, 6.0), 11.4, 7.8e6),
    ..COSET4_HEURISTIC
};

/// Entries by depth of the parity-refined tables, one per position up to symmetry, as
/// generated on 2026-12-05 (2 cores beside another build: 18.0 s, 27.5 s and 51.0 s);
/// depths 0–5 weighted by the raw cosets each stands for equal a breadth-first search
/// over raw cosets (`src/tables/coset/tests_parities.rs`).
const COSET_CP_EXPECTED: [u64; 14] = [
    1, 1, 3, 23, 241, 2951, 36475, 438579, 4909877, 41593598, 132998379, 41035178, 65712, 22,
];
const COSET_FP_EXPECTED: [u64; 14] = [
    1, 1, 3, 23, 241, 2957, 37117, 460144, 5471264, 53988977, 246178993, 135334014, 674821, 6,
];
const COSET_FCP_EXPECTED: [u64; 15] = [
    1, 1, 3, 23, 241, 2959, 37172, 462552, 5601112, 60215992, 380069409, 426485120, 11422192, 344,
    3,
];

/// The same for the order-parity table, generated on 2026-12-06 (2 cores: 3 min 39 s;
/// 8 min 17 s beside a CI run, 2.64 GB peak).  Half turns leave its subgroup, so depth 1 holds two
/// entries (the quarter turns' and the half turns').
const COSET_FPP_EXPECTED: [u64; 15] = [
    1, 2, 6, 47, 521, 6544, 83050, 1048108, 12961908, 147598868, 1137540627, 2085152586, 152182948,
    3864, 8,
];

/// The parity splits, in the order of the descriptors' const parameter.
const PARITIES: [Parities; 4] = [
    Parities::Corners,
    Parities::Flips,
    Parities::FlipsAndCorners,
    Parities::FlipsAndPermutations,
];

/// Generate the `PARITIES[P]` table.
fn generate_parities<const P: usize>(
    layout: Layout,
    progress: &(dyn Fn(Progress) + Sync),
    checkpoint: Option<&Checkpoint>,
) -> std::io::Result<Generated> {
    let space = CosetSpace::new(coords_for(Variant::Parities(PARITIES[P])), Metric::Htm);
    generate_resumable(&space, layout, progress, checkpoint)
}

/// Build the `PARITIES[P]` coordinate.
fn prepare_parities<const P: usize>() {
    coords_for(Variant::Parities(PARITIES[P]));
}

/// The descriptor of the parity-refined coset table `PARITIES[P]`
/// ([`super::parities`]): 48 symmetries, 2 bits, built on first use (within a minute).
const fn parity_table<const P: usize>(
    name: &'static str,
    description: &'static str,
    expected: &'static [u64],
    build_seconds: u64,
) -> Descriptor {
    Descriptor {
        name,
        description,
        entries: Variant::Parities(PARITIES[P]).entries(),
        bits: 2,
        expected,
        base: None,
        used_by: "--heuristic of its name (beside the edge-slices table)",
        on_demand: true,
        default_build: false,
        build_seconds,
        built_here: true,
        generate: generate_parities::<P>,
        prepare: prepare_parities::<P>,
        ..COSET4
    }
}

/// The k = 0 coset split by the corner permutation's parity: in the default set (the
/// heuristic a first solve builds), in place of the k = 0 table's.
pub const COSET_CP: Descriptor = Descriptor {
    default_build: true,
    ..parity_table::<0>(
        "coset-cp",
        "coset split by corner parity: corner tetrads+twist class (48 syms) x edge slices x 2",
        &COSET_CP_EXPECTED,
        13,
    )
};

/// The k = 0 coset split by the E and M pieces' flip parities.
pub const COSET_FP: Descriptor = parity_table::<1>(
    "coset-fp",
    "coset split by slice flip parities: corner class (48 syms) x edge slices x 4",
    &COSET_FP_EXPECTED,
    21,
);

/// The k = 0 coset split by both.
pub const COSET_FCP: Descriptor = parity_table::<2>(
    "coset-fcp",
    "coset split by flip and corner parities: corner class (48 syms) x edge slices x 8",
    &COSET_FCP_EXPECTED,
    47,
);

/// The k = 0 coset split by the E and M pieces' flip parities and the three slices' order
/// parities: the ≤ 1 GiB rung (32 times the k = 0 entries, about H48 h5's count).
pub const COSET_FPP: Descriptor = parity_table::<3>(
    "coset-fpp",
    "coset split by flip and order parities: corner class (48 syms) x edge slices x 32",
    &COSET_FPP_EXPECTED,
    220,
);

/// The corners and a parity-refined coset table, position and inverse.
///
/// Its time model is the k = 0 table's with `nodes` times its nodes (the geometric mean of
/// the ratio on twelve 16-move positions, one thread, 2026-12-04, with the corner table;
/// 1.09 times that without it, 2026-12-05) and `rate` times its rate (0.95 for the
/// tables that hold the half turns: the parities cost a few table reads a probe).
const fn parity_heuristic(
    name: &'static str,
    help: &'static str,
    tables: &'static [&'static Descriptor],
    speed_rank: u8,
    (nodes, rate): (f64, f64),
) -> HeuristicSpec {
    HeuristicSpec {
        name,
        help,
        listed: true,
        tables,
        speed_rank: Some(speed_rank),
        auto: true,
        measured: Measured::NONE,
        model: Model {
            nodes_17: HEURISTIC.model.nodes_17 * nodes,
            rate: HEURISTIC.model.rate * rate,
            ..HEURISTIC.model
        },
        // No corner table: on the parity tables the corners' 42 MiB saved 9 % of the
        // nodes and 5 % of the time (2026-12-05), which at these tables' memory is not
        // worth it (the probe is `CosetAlone`).
        walk: Walk::Plain,
        ..HEURISTIC
    }
}

/// `coset-cp` with the edge-slices table, without the corners.
pub const COSET_CP_HEURISTIC: HeuristicSpec = parity_heuristic(
    "coset-cp",
    "The coset table split by corner parity, built on first use",
    &[&EDGE_SLICES, &COSET_CP],
    26,
    (0.63, 0.95),
);
/// `coset-fp` with the edge-slices table, without the corners.
pub const COSET_FP_HEURISTIC: HeuristicSpec = parity_heuristic(
    "coset-fp",
    "The coset table split by slice flip parities, built on first use",
    &[&EDGE_SLICES, &COSET_FP],
    25,
    (0.47, 0.95),
);
/// `coset-fpp` with the edge-slices table, without the corners.
pub const COSET_FPP_HEURISTIC: HeuristicSpec = parity_heuristic(
    "coset-fpp",
    "The coset table split by flip and slice order parities (857 MiB), built on first use",
    &[&EDGE_SLICES, &COSET_FPP],
    23,
    // Measured against coset-fcp (2026-12-06, twelve 16-move positions, one thread):
    // 0.63 of its nodes at 0.75 of its rate.
    (0.21, 0.71),
);
/// `coset-fcp` with the edge-slices table, without the corners.
pub const COSET_FCP_HEURISTIC: HeuristicSpec = parity_heuristic(
    "coset-fcp",
    "The coset table split by flip and corner parities, built on first use",
    &[&EDGE_SLICES, &COSET_FCP],
    24,
    (0.33, 0.95),
);

/// The coordinate of `table` if it is a 48-symmetry coset table (k = 0, in either
/// metric, or a parity split): the one list of them.
pub fn symmetric_variant(table: &Descriptor) -> Option<Variant> {
    [
        (&COSET, Variant::Slices),
        (&COSET_QTM, Variant::Slices),
        (&COSET_CP, Variant::Parities(Parities::Corners)),
        (&COSET_FP, Variant::Parities(Parities::Flips)),
        (&COSET_FCP, Variant::Parities(Parities::FlipsAndCorners)),
        (
            &COSET_FPP,
            Variant::Parities(Parities::FlipsAndPermutations),
        ),
    ]
    .into_iter()
    .find(|(d, _)| d.name == table.name)
    .map(|(_, variant)| variant)
}
