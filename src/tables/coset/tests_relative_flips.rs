//! The k = 3 coset coordinate (k = 4's with each E-flip pattern and its complement one
//! value): the subgroup it names, its move and axis tables, and its depths against plain
//! searches over the cube model.

use crate::testing as common;

use super::tests_flips::{
    check_depths_by_brute_force, check_expanded_counts, check_move_and_axis_tables, check_subgroup,
    entry_depths, rng,
};
use korf::cube::symmetry::{conjugate, Twins, UD_SYMMETRIES};
use korf::cube::{random_cube, Cube};
use korf::tables::coset::{coords_for, CosetCoords, Variant, EDGE_SLICE};
use rand::Rng;

fn coords() -> &'static CosetCoords {
    coords_for(Variant::RelativeSliceFlips)
}

/// The position whose four E-slice edges are flipped in place, nothing else moved.
fn e_edges_flipped() -> Cube {
    let s = Cube::SOLVED;
    let eo: [u8; 12] = std::array::from_fn(|i| (EDGE_SLICE[i] == 0) as u8);
    Cube::from_parts(s.corner_perm(), s.corner_twists(), s.edge_perm(), eo)
}

/// A random element of the k = 3 subgroup: one of k = 4's, its E edges all flipped or not.
fn random_k3(rng: &mut impl Rng) -> Cube {
    let h = common::random_in_subgroup(rng, true);
    match rng.gen_bool(0.5) {
        true => h.compose(&e_edges_flipped()),
        false => h,
    }
}

#[test]
fn half_of_the_k4_entries() {
    assert_eq!(
        2 * Variant::RelativeSliceFlips.entries(),
        Variant::SliceFlips.entries()
    );
    assert_eq!(
        coords().class_rep.len(),
        Variant::SliceFlips.corner_classes()
    );
}

#[test]
fn the_coordinate_names_right_cosets_of_the_subgroup() {
    check_subgroup(Variant::RelativeSliceFlips, 21, random_k3);
    // All four E edges flipped stays in the subgroup; k = 4's leaves it.
    let (k3, k4) = (coords(), coords_for(Variant::SliceFlips));
    assert_eq!(k3.index(&e_edges_flipped()), k3.index(&Cube::SOLVED));
    assert_ne!(k4.index(&e_edges_flipped()), k4.index(&Cube::SOLVED));
}

#[test]
fn the_index_is_the_same_for_every_kept_symmetry() {
    let co = coords();
    let mut r = rng(22);
    for _ in 0..2000 {
        let x = random_cube(&mut r);
        let i = co.canonical_index(co.index(&x));
        for s in 0..UD_SYMMETRIES {
            let y = conjugate(&x, s);
            assert_eq!(co.canonical_index(co.index(&y)), i, "symmetry {s}");
        }
    }
}

#[test]
fn move_and_axis_tables_agree_with_the_cube_model() {
    check_move_and_axis_tables(Variant::RelativeSliceFlips, 23);
}

#[test]
fn expanded_counts_match_a_breadth_first_search_over_raw_cosets() {
    check_expanded_counts(Variant::RelativeSliceFlips, 50_000);
}

#[test]
fn entry_depths_equal_the_brute_force_distance_to_the_subgroup() {
    check_depths_by_brute_force(Variant::RelativeSliceFlips, 24);
}

use korf::search::HeuristicKind;
use korf::tables::TableKind;

// The checks of the built table need the k = 3 table (671 MiB, about 2.5 minutes on 2
// cores); they build it into the test tables directory on first use.  Run them with `cargo
// test --release --lib tables::coset::tests_relative_flips -- --ignored`
// (`KORF_TEST_TABLES=tables` reuses the table `korf tables generate --only coset3` built).
common::large_table_checks!(
    table: TableKind::Coset3,
    heuristic: HeuristicKind::Coset3,
    sparse_depth: 6,
    seeds: 25,
    same_lengths_as: HeuristicKind::Coset
);

// The three-axis walk's checks, on this table: the slow tier builds it rather than the
// k = 4 table, which takes twice as long (`tests/slow.sh three-axis`).
super::tests_flips::three_axis_walk_checks!(HeuristicKind::Coset3);
