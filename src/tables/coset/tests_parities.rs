//! The parity refinements of the k = 0 coset: the bits are homomorphisms of the subgroup,
//! their move and symmetry actions agree with the cube model, and each table's
//! coordinate names right cosets, is invariant under all 48 symmetries, and counts what a
//! search over raw cosets counts.

use crate::testing as common;

use korf::cube::symmetry::{conjugate, Twins, SYMMETRIES};
use korf::cube::{random_cube, Cube, Metric, ALL_MOVES};
use korf::tables::coset::parities::{parity_bits, Parities};
use korf::tables::coset::{coords_for, corner_raw, edge_slices, CosetCoords, CosetSpace, Variant};
use rand::SeedableRng;

const ALL: [Parities; 4] = [
    Parities::Corners,
    Parities::Flips,
    Parities::FlipsAndCorners,
    Parities::FlipsAndPermutations,
];

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

fn coords(p: Parities) -> &'static CosetCoords {
    coords_for(Variant::Parities(p))
}

#[test]
fn the_bits_are_homomorphisms_of_the_subgroup() {
    let mut r = rng(31);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        let h = common::random_in_subgroup(&mut r, false);
        assert_eq!(
            parity_bits(&h.compose(&x)),
            parity_bits(&h) ^ parity_bits(&x)
        );
        // The three flip parities sum to 0.
        let b = parity_bits(&x);
        assert_eq!((b ^ b >> 1 ^ b >> 2) & 1, 0, "{b:04b}");
    }
    // Each bit is reached within the subgroup.
    let seen = (0..500).fold(0u8, |acc, _| {
        acc | parity_bits(&common::random_in_subgroup(&mut r, false))
    });
    assert_eq!(seen, 0b111_1111);
}

/// The order parities by their definition: each slice's pieces read in position order,
/// their inversions counted pair by pair; and a half turn toggles two of them.
#[test]
fn the_order_parities_count_each_slices_inversions() {
    use korf::tables::coset::parities::permutation_parities;
    use korf::tables::coset::EDGE_SLICE;
    let mut r = rng(38);
    for _ in 0..2000 {
        let x = random_cube(&mut r);
        let mut expected = 0u8;
        for k in 0..3u8 {
            let order: Vec<u8> = (0..12)
                .map(|i| x.edge(i))
                .filter(|&p| EDGE_SLICE[p as usize] == k)
                .collect();
            let inversions = (0..4)
                .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
                .filter(|&(i, j)| order[i] > order[j])
                .count();
            expected |= (inversions as u8 & 1) << k;
        }
        assert_eq!(permutation_parities(&x), expected, "{x:?}");
    }
    for m in ALL_MOVES.into_iter().filter(|m| m.quarter_turns() == 2) {
        let toggled = permutation_parities(&Cube::SOLVED.apply_move(m));
        assert_eq!(toggled.count_ones(), 2, "{m}");
    }
}

/// The search's conjugation of the order parities (from edge masks) against the cube's.
#[test]
fn symmetries_act_on_the_order_parities_as_on_positions() {
    use korf::tables::coset::parities::permutation_parities;
    use korf::tables::coset::{EdgeMasks, OrderSymmetries};
    let orders = OrderSymmetries::build();
    let mut r = rng(39);
    for _ in 0..500 {
        let x = random_cube(&mut r);
        let (b, masks) = (permutation_parities(&x), EdgeMasks::of(&x));
        for s in 0..SYMMETRIES {
            let expected = permutation_parities(&conjugate(&x, s));
            assert_eq!(orders.conjugated(b, &masks, s), expected, "symmetry {s}");
        }
    }
}

#[test]
fn moves_and_symmetries_act_on_the_bits_as_the_tables_say() {
    let t = coords(Parities::Flips)
        .parities()
        .expect("a parity variant has its tables");
    let mut r = rng(32);
    for _ in 0..1000 {
        let x = random_cube(&mut r);
        let (b, v) = (parity_bits(&x), edge_slices(&x));
        for (k, m) in ALL_MOVES.into_iter().enumerate() {
            assert_eq!(t.after_move(b, v, k), parity_bits(&x.apply_move(m)), "{m}");
        }
        for s in 0..SYMMETRIES {
            assert_eq!(
                t.conjugated(b, v, s),
                parity_bits(&conjugate(&x, s)),
                "sym {s}"
            );
        }
    }
}

#[test]
fn each_coordinate_names_right_cosets_and_holds_the_half_turns_but_the_orders_one() {
    let mut r = rng(33);
    for p in ALL {
        let co = coords(p);
        let goal = co.index(&Cube::SOLVED);
        let mut inside = 0;
        for _ in 0..3000 {
            let x = random_cube(&mut r);
            let h = common::random_in_subgroup(&mut r, false);
            let kept = p.compact(parity_bits(&h)) == 0;
            assert_eq!(co.index(&h.compose(&x)) == co.index(&x), kept, "{p:?}");
            assert_eq!(co.index(&h) == goal, kept, "{p:?}");
            inside += kept as usize;
        }
        assert!(inside > 3000 / p.values() / 2, "{p:?}: {inside}");
        // Every half turn is in the subgroup but the order parities'.
        let half_turns_inside = p != Parities::FlipsAndPermutations;
        for m in ALL_MOVES {
            let stays = co.index(&Cube::SOLVED.apply_move(m)) == goal;
            assert_eq!(
                stays,
                half_turns_inside && m.quarter_turns() == 2,
                "{p:?} {m}"
            );
        }
    }
}

#[test]
fn each_coordinate_is_invariant_under_all_48_symmetries() {
    for (n, p) in ALL.into_iter().enumerate() {
        let co = coords(p);
        common::assert_invariant_under_symmetries(
            (&|c| co.index(c), &|i| co.canonical_index(i)),
            SYMMETRIES,
            34 + n as u64,
        );
        common::assert_neighbours_are_moved_entries(
            &CosetSpace::new(co, Metric::Htm),
            Metric::Htm,
            (&|c| co.index(c), &|i| co.canonical_index(i)),
            37 + n as u64,
        );
    }
}

#[test]
fn expanded_counts_match_a_breadth_first_search_over_raw_cosets() {
    for p in ALL {
        let co = coords(p);
        let entries = common::entry_depths(&CosetSpace::new(co, Metric::Htm), 5);
        let orbit = |i: u64| co.raw_cosets(i);
        common::assert_expanded_counts_match_raw_cosets(
            &entries,
            &orbit,
            |c| (corner_raw(c), edge_slices(c), p.compact(parity_bits(c))),
            Metric::Htm,
            10_000,
        );
    }
}

#[test]
fn entry_depths_equal_the_brute_force_distance_to_the_subgroup() {
    let co = coords(Parities::FlipsAndCorners);
    common::assert_depths_equal_brute_force(
        &common::entry_depths(&CosetSpace::new(co, Metric::Htm), 4),
        &|c| co.index(c),
        Metric::Htm,
        40,
    );
}

use korf::search::HeuristicKind;
use korf::tables::TableKind;

/// The built table of `p`: its first depths against a breadth-first search over its
/// entries, nothing read above its depth, twins alike above the base.
fn assert_built_table_matches_its_search(kind: TableKind, p: Parities, seed: u64) {
    let co = coords(p);
    let t = common::open_generated(kind);
    let depths = common::entry_depths(&CosetSpace::new(co, Metric::Htm), 6);
    let mut r = rng(seed);
    common::assert_table_matches_sparse_search(
        &t,
        &depths,
        &mut || co.index(&random_cube(&mut r)),
        &|i, visit| co.twins(i, visit),
    );
}

#[test]
fn the_corner_parity_table_matches_its_search_and_solves_optimally() {
    assert_built_table_matches_its_search(TableKind::CosetCp, Parities::Corners, 41);
    let set = common::table_set_for(HeuristicKind::CosetCp);
    assert_eq!(set.kind(), HeuristicKind::CosetCp);
    common::assert_optimal_on_short_scrambles(&set, 42);
    common::assert_admissible_on_random_walks(HeuristicKind::CosetCp, 43);
}

/// The slow tier (`tests/slow.sh`; `cargo test --release -- --ignored slow::`): the larger
/// two tables (21 s and 47 s to build, 0.7 GB at the peak).
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn the_flip_parity_tables_match_their_search_and_solve_optimally() {
        for (table, heuristic, p) in [
            (TableKind::CosetFp, HeuristicKind::CosetFp, Parities::Flips),
            (
                TableKind::CosetFcp,
                HeuristicKind::CosetFcp,
                Parities::FlipsAndCorners,
            ),
        ] {
            assert_parity_heuristic_searches_as_it_should(table, heuristic, p, 44);
        }
    }
}

/// A built parity table and its heuristic (seeds from `seed` on): the table against its
/// search, searches optimal and admissible, and the same lengths as the corner-parity
/// table's on harder positions.
fn assert_parity_heuristic_searches_as_it_should(
    table: TableKind,
    heuristic: HeuristicKind,
    p: Parities,
    seed: u64,
) {
    assert_built_table_matches_its_search(table, p, seed);
    let set = common::table_set_for(heuristic);
    common::assert_optimal_on_short_scrambles(&set, seed + 1);
    common::assert_admissible_on_random_walks(heuristic, seed + 2);
    common::assert_same_lengths(heuristic, HeuristicKind::CosetCp, seed + 3);
}

/// The search's index (masks conjugated by the corner's symmetry) against generation's
/// (slice value and parity part conjugated by tables), on every variant.
#[test]
fn the_index_from_conjugated_masks_equals_the_index_from_tables() {
    use korf::tables::coset::parities::{flip_parities, parity_bits};
    use korf::tables::coset::EdgeMasks;
    let variants = [
        Variant::Slices,
        Variant::SliceFlips,
        Variant::RelativeSliceFlips,
    ]
    .into_iter();
    let mut r = rng(35);
    for variant in variants.chain(ALL.map(Variant::Parities)) {
        let co = coords_for(variant);
        for _ in 0..3000 {
            let x = random_cube(&mut r);
            let masks = EdgeMasks::of(&x);
            let part = match variant {
                Variant::Slices => 0,
                Variant::SliceFlips | Variant::RelativeSliceFlips => {
                    variant.e_flip_part(masks.flips_of(0))
                }
                Variant::Parities(Parities::FlipsAndPermutations) => {
                    Parities::FlipsAndPermutations.compact(parity_bits(&x)) as usize
                }
                Variant::Parities(p) => {
                    p.compact(flip_parities(&masks) | x.corner_parity() << 3) as usize
                }
            };
            let by_tables = co.index_of(corner_raw(&x), masks.slices(), part);
            assert_eq!(co.index(&x), by_tables, "{variant:?} {x:?}");
        }
    }
}

/// The k = 4 table's index along each axis: the index of the position conjugated so that
/// the axis's slice plays the E slice.
#[test]
fn the_axis_indices_are_the_indices_of_the_turned_positions() {
    use korf::tables::coset::{EdgeMasks, AXIS_SYMMETRIES};
    let co = coords_for(Variant::SliceFlips);
    let mut r = rng(37);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        let masks = EdgeMasks::of(&x);
        for (a, &s) in AXIS_SYMMETRIES.iter().enumerate() {
            let turned = conjugate(&x, s);
            let expected = co.canonical_index(co.index(&turned));
            let found = co.canonical_index(co.axis_index(&masks, corner_raw(&x), a));
            assert_eq!(found, expected, "axis {a}: {x:?}");
        }
    }
}

#[test]
fn symmetries_act_on_edge_masks_as_on_positions() {
    use korf::tables::coset::{mask_symmetries, EdgeMasks};
    let actions = mask_symmetries();
    let mut r = rng(36);
    for _ in 0..500 {
        let x = random_cube(&mut r);
        for s in 0..SYMMETRIES {
            let image = actions.conjugate(&EdgeMasks::of(&x), s);
            let expected = EdgeMasks::of(&conjugate(&x, s));
            assert_eq!(
                (image.slice, image.flips),
                (expected.slice, expected.flips),
                "symmetry {s}"
            );
        }
    }
}

/// The order-parity table (843 MiB, about 5 minutes and 2.9 GB to build on 2 cores): run
/// by hand, `cargo test --release -- --ignored large::` (docs/testing.md), not in CI.
mod large {
    use super::*;

    #[test]
    #[ignore = "large table: cargo test --release -- --ignored large::"]
    fn the_order_parity_table_matches_its_search_and_solves_optimally() {
        // The same lengths as the corner-parity table's among the checks: the search with
        // its own half-turn rules finds what the search with the others' finds.
        assert_parity_heuristic_searches_as_it_should(
            TableKind::CosetFpp,
            HeuristicKind::CosetFpp,
            Parities::FlipsAndPermutations,
            48,
        );
    }
}

/// The order-parity table's step for a half turn premoved (what the walk hands a
/// half-turn child instead of its index): the index of the premoved cube, in every class
/// with an entry per edge value.
#[test]
fn a_half_turn_premoved_moves_the_order_parity_index_by_its_step() {
    let co = coords(Parities::FlipsAndPermutations);
    let mut r = rng(52);
    let mut flat = 0;
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        let (i, _, _, sym) = co.index_masks_and_sym(&x);
        if !co.is_flat_index(i) {
            continue;
        }
        flat += 1;
        for face in 0..6 {
            let turned = x.premove(ALL_MOVES[face * 3 + 1]);
            assert_eq!(
                co.half_turn_index(i, sym, face),
                co.index(&turned),
                "face {face}"
            );
            assert_eq!(
                co.index_masks_and_sym(&turned).3,
                sym,
                "the same class symmetry"
            );
        }
    }
    assert!(
        flat > 2500,
        "{flat} of 3000 in classes with an entry per edge value"
    );
}
