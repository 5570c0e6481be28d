//! The k = 4 coset coordinate (corner tetrads and twist, edge slices, flips of the E-slice
//! edges; 16 symmetries; three axes): invariance, symmetry, move action and depths against
//! plain searches over the cube model.

use crate::testing as common;

use korf::cube::symmetry::{conjugate, UD_SYMMETRIES};
use korf::cube::{random_cube, Cube, ALL_MOVES};
use korf::tables::coset::{
    coords_for, corner_raw, e_flips, edge_slices, CosetCoords, Variant, AXIS_SYMMETRIES, CORNER_RAW,
};
use rand::Rng;
use std::collections::HashMap;

use super::tests::check_right_cosets;
pub(super) use super::tests::rng;

fn coords() -> &'static CosetCoords {
    coords_for(Variant::SliceFlips)
}

/// A random element of the k = 4 subgroup.
fn random_k4(rng: &mut impl Rng) -> Cube {
    common::random_in_subgroup(rng, true)
}

#[test]
fn corner_classes_partition_the_raw_values() {
    let co = coords();
    assert_eq!(co.class_rep.len(), Variant::SliceFlips.corner_classes());
    let orbits: usize = co
        .class_stabilizer
        .iter()
        .map(|st| UD_SYMMETRIES / st.count_ones() as usize)
        .sum();
    assert_eq!(orbits, CORNER_RAW);
    assert!(co.class_stabilizer.iter().all(|st| st >> 16 == 0));
}

#[test]
fn the_coordinate_names_right_cosets_of_the_subgroup() {
    check_subgroup(Variant::SliceFlips, 11, random_k4);
}

#[test]
fn move_and_axis_tables_agree_with_the_cube_model() {
    check_move_and_axis_tables(Variant::SliceFlips, 13);
}

#[test]
fn expanded_counts_match_a_breadth_first_search_over_raw_cosets() {
    check_expanded_counts(Variant::SliceFlips, 100_000);
}

#[test]
fn entry_depths_equal_the_brute_force_distance_to_the_subgroup() {
    check_depths_by_brute_force(Variant::SliceFlips, 14);
}

// The checks of the E-flip coordinates (k = 4 here, k = 3 in `tests_relative_flips`),
// for either variant.

/// The flip part of `c` in `variant`.
fn flip_part(variant: Variant, c: &Cube) -> usize {
    variant.e_flip_part(e_flips(c))
}

/// `random` draws elements of `variant`'s subgroup: composed with any position they keep
/// its index, and they read as solved; two E edges flipped in place leave the subgroup;
/// the half turns lie in it, the quarter turns do not.
pub(super) fn check_subgroup(
    variant: Variant,
    seed: u64,
    random: impl Fn(&mut rand::rngs::StdRng) -> Cube,
) {
    let co = coords_for(variant);
    let goal = check_right_cosets(co, seed, 3000, random);
    let mut eo = [0u8; 12];
    eo[8] = 1;
    eo[9] = 1;
    let s = Cube::SOLVED;
    let flipped = Cube::from_parts(s.corner_perm(), s.corner_twists(), s.edge_perm(), eo);
    assert_ne!(co.index(&flipped), goal);
    for m in ALL_MOVES {
        let stays = co.index(&Cube::SOLVED.apply_move(m)) == goal;
        assert_eq!(stays, m.quarter_turns() == 2, "{m}");
    }
}

/// The move tables (corners, slices, the E flips by all 16 patterns) and the three axes'
/// indices agree with the cube model on random positions.
pub(super) fn check_move_and_axis_tables(variant: Variant, seed: u64) {
    let co = coords_for(variant);
    let mut r = rng(seed);
    for _ in 0..2000 {
        let x = random_cube(&mut r);
        let (cr, sr, fr) = (corner_raw(&x), edge_slices(&x), e_flips(&x));
        assert!(flip_part(variant, &x) < co.flips);
        for (k, m) in ALL_MOVES.into_iter().enumerate() {
            let y = x.apply_move(m);
            assert_eq!(co.moves().corner[cr * 18 + k] as usize, corner_raw(&y));
            assert_eq!(co.moves().edge[sr * 18 + k] as usize, edge_slices(&y));
            let moved = |f: usize| co.flip_move[((sr / 70) * 18 + k) * 16 + f] as usize;
            assert_eq!(moved(fr), flip_part(variant, &y));
            // A pattern and its flip part move alike.
            assert_eq!(moved(flip_part(variant, &x)), moved(fr));
        }
        for (a, &s) in AXIS_SYMMETRIES.iter().enumerate() {
            let y = conjugate(&x, s);
            let masks = korf::tables::coset::EdgeMasks::of(&x);
            assert_eq!(co.axis_index(&masks, cr, a), co.index(&y), "axis {a}");
        }
    }
}

pub(super) fn entry_depths(co: &CosetCoords, depth: usize) -> HashMap<u64, usize> {
    common::entry_depths(
        &korf::tables::coset::CosetSpace::new(co, korf::cube::Metric::Htm),
        depth,
    )
}

/// Entries to depth 5, weighted by the raw cosets each stands for, equal a breadth-first
/// search over raw cosets; the last depth holds more than `min_last`.
pub(super) fn check_expanded_counts(variant: Variant, min_last: u64) {
    let co = coords_for(variant);
    common::assert_expanded_counts_match_raw_cosets(
        &entry_depths(co, 5),
        &|i| {
            let class = (i / co.edge_values as u64) as usize;
            UD_SYMMETRIES as u64 / co.class_stabilizer[class].count_ones() as u64
        },
        |c| (corner_raw(c), edge_slices(c), flip_part(variant, c)),
        korf::cube::Metric::Htm,
        min_last,
    );
}

/// Depths 0–4 equal a brute-force distance to the subgroup.
pub(super) fn check_depths_by_brute_force(variant: Variant, seed: u64) {
    let co = coords_for(variant);
    common::assert_depths_equal_brute_force(
        &entry_depths(co, 4),
        &|c| co.index(c),
        korf::cube::Metric::Htm,
        seed,
    );
}

use korf::search::HeuristicKind;
use korf::tables::TableKind;

// The checks of the built table need the k = 4 table (1.3 GiB, about 15 minutes on 2
// cores); they build it into the test tables directory on first use.  Run them with `cargo
// test --release --lib tables::coset::tests_flips -- --ignored` (`KORF_TEST_TABLES=tables`
// reuses the table `korf tables generate --coset 4` built).
common::large_table_checks!(
    table: TableKind::Coset4,
    heuristic: HeuristicKind::Coset4,
    sparse_depth: 6,
    seeds: 15
);

/// The three-axis walk's checks (the `check_*` functions below) as ignored tests on the
/// three-axis heuristic `$kind`: this table's, and the k = 3 table's, which the slow tier
/// builds instead (it takes half the time).
macro_rules! three_axis_walk_checks {
    ($kind:expr) => {
        #[test]
        #[ignore]
        fn interleaved_lanes_find_the_lengths_one_task_at_a_time_finds() {
            super::tests_flips::check_interleaved_lanes($kind);
        }

        #[test]
        #[ignore]
        fn the_four_move_split_is_optimal_against_heuristic_free_search() {
            super::tests_flips::check_four_move_split($kind);
        }

        #[test]
        #[ignore]
        fn quarter_turn_searches_in_stages_are_optimal_against_heuristic_free_search() {
            super::tests_flips::check_quarter_turn_searches($kind);
        }

        #[test]
        #[ignore]
        fn quarter_turn_solutions_in_stages_match_heuristic_free_enumeration() {
            super::tests_flips::check_quarter_turn_solutions($kind);
        }
    };
}
pub(super) use three_axis_walk_checks;
three_axis_walk_checks!(HeuristicKind::Coset4);

/// Longer positions, where a lane runs many expansions and tasks finish out of order: the
/// three-axis heuristic `kind` finds the same lengths one task at a time and interleaved.
pub(super) fn check_interleaved_lanes(kind: HeuristicKind) {
    use korf::search::{self, Options};
    let set = common::table_set_for(kind);
    let mut r = rng(41);
    for _ in 0..4 {
        let seq: Vec<_> = (0..13).map(|_| ALL_MOVES[r.gen_range(0..18)]).collect();
        let x = Cube::from_moves(&seq);
        let lengths: Vec<usize> = [(1, 1), (1, 5), (2, 4)]
            .into_iter()
            .map(|(threads, lanes)| {
                let opts = Options {
                    threads,
                    lanes,
                    quick_phase: false,
                    ..Options::default()
                };
                let out = search::solve(&set, &x, &opts, None).unwrap();
                let sol = out.solution.expect("solved");
                assert!(x.apply_moves(&sol).is_solved());
                assert!(out.nodes > 0);
                sol.len()
            })
            .collect();
        assert!(
            lengths.iter().all(|&l| l == lengths[0]),
            "{seq:?}: {lengths:?}"
        );
        assert!(lengths[0] <= 13);
    }
}

/// With a three-axis table in face turns a search splits at four moves (43,254 tasks) and
/// stays optimal: each length equals heuristic-free search's, on one thread and two, with
/// one lane and four.  An every-solution list keeps the three-move split.
pub(super) fn check_four_move_split(kind: HeuristicKind) {
    use korf::search::{self, AllSolutions, Options};
    let set = common::table_set_for(kind);
    let mut r = rng(56);
    for i in 0..12 {
        let len = 5 + i % 4;
        let seq: Vec<_> = (0..len).map(|_| ALL_MOVES[r.gen_range(0..18)]).collect();
        let x = Cube::from_moves(&seq);
        let want = korf::search::solve_without_heuristic(&x, len).expect("within its scramble");
        let opts = Options {
            threads: 1 + i % 2,
            lanes: [1, 4][i / 2 % 2],
            quick_phase: false,
            ..Options::default()
        };
        let out = search::solve(&set, &x, &opts, None).unwrap();
        let sol = out.solution.expect("solved");
        assert!(x.apply_moves(&sol).is_solved(), "{seq:?}");
        assert_eq!(sol.len(), want.len(), "{seq:?}");
        if out.symmetry.symmetries == 1 {
            assert_eq!(out.symmetry.all_tasks, 43_254, "{seq:?}");
        }
    }
    let x = Cube::from_moves(&korf::cube::parse_moves("R U F' L2 D B'").unwrap());
    let all = Options {
        all: Some(AllSolutions::default()),
        quick_phase: false,
        ..Options::default()
    };
    let out = search::solve(&set, &x, &all, None).unwrap();
    assert_eq!(out.symmetry.all_tasks, 3240);
}

/// Random quarter-turn scrambles of at most `max` quarter turns (half turns count two).
fn quarter_turn_scramble(r: &mut impl Rng, max: usize) -> Vec<korf::cube::Move> {
    use korf::cube::Metric;
    let target = r.gen_range(0..=max);
    let mut seq = Vec::new();
    while Metric::Qtm.length(&seq) < target {
        let m = ALL_MOVES[r.gen_range(0..18)];
        if Metric::Qtm.length(&seq) + Metric::Qtm.cost(m) <= max {
            seq.push(m);
        }
    }
    seq
}

/// The quarter-turn metric, every turn allowed.
fn quarter_turns() -> korf::cube::MoveRules {
    korf::cube::MoveRules {
        metric: korf::cube::Metric::Qtm,
        moves: korf::cube::MoveSet::ALL,
    }
}

/// A three-axis table of face turns (`kind`) bounds a quarter-turn search too, and takes
/// the three-axis walk in quarter turns (half turns made as two): one task at a time,
/// interleaved, on one thread and two; every length against heuristic-free search.
pub(super) fn check_quarter_turn_searches(kind: HeuristicKind) {
    use korf::search::{self, Options};
    let set = common::table_set_for(kind);
    let qtm = quarter_turns();
    let ball = search::ball(qtm, 6);
    let mut r = rng(43);
    for n in 0..160 {
        let seq = quarter_turn_scramble(&mut r, 10);
        let x = Cube::from_moves(&seq);
        let reference = search::distance_without_heuristic(&x, qtm, &ball, 6, 10).unwrap();
        let opts = Options {
            threads: 1 + n % 2,
            lanes: [1, 4][n / 2 % 2],
            quick_phase: n % 8 == 0,
            ..Options::for_rules(qtm)
        };
        let out = search::solve(&set, &x, &opts, None).unwrap();
        let sol = out.solution.expect("solved");
        assert!(x.apply_moves(&sol).is_solved(), "{seq:?}: {sol:?}");
        assert_eq!(qtm.length(&sol), reference, "{seq:?}: {sol:?}");
        assert_eq!(reference % 2, x.corner_parity() as usize, "{seq:?}");
        assert_eq!(out.proven_lower as usize, reference, "{seq:?}");
        assert!(korf::cube::canonical_form(&sol).is_some(), "{sol:?}");
    }
}

/// Every solution within 0–2 quarter turns of optimal, as the three-axis walk of `kind` in
/// quarter turns lists them (merged from both ends of its sides, half turns from
/// quarter-turn pairs), against enumeration without tables.
pub(super) fn check_quarter_turn_solutions(kind: HeuristicKind) {
    let set = common::table_set_for(kind);
    common::assert_quarter_turn_solutions_match_enumeration(&set, 44, 24);
}
