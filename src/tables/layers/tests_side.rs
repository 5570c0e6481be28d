//! The k = 3 coset table with `layerflips` beside it (`coset3+layerflips`, [`super::side`]).
//! The checks need both tables (976 MiB, about four minutes on 2 cores): they build them
//! into the test tables directory on first use.  Run them with `KORF_TEST_TABLES=tables
//! cargo test --release --lib tables::layers::tests_side -- --ignored` after `korf tables
//! generate --only coset3` and `--only layerflips`.

use crate::testing as common;

use korf::search::HeuristicKind;

const SEED: u64 = 20_261_207;

#[test]
#[ignore]
fn searches_are_optimal_against_heuristic_free_search() {
    let set = common::table_set_for(HeuristicKind::Coset3LayerFlips);
    assert_eq!(set.kind(), HeuristicKind::Coset3LayerFlips);
    common::assert_optimal_on_short_scrambles(&set, SEED);
}

#[test]
#[ignore]
fn all_solutions_match_heuristic_free_enumeration() {
    let set = common::table_set_for(HeuristicKind::Coset3LayerFlips);
    common::assert_all_solutions_match_enumeration(&set, SEED + 1, 300);
    common::assert_symmetric_positions_list_alike(&set);
}

#[test]
#[ignore]
fn heuristic_is_admissible_on_random_walks() {
    common::assert_admissible_on_random_walks(HeuristicKind::Coset3LayerFlips, SEED + 2);
}

#[test]
#[ignore]
fn finds_the_lengths_the_coset_table_finds() {
    common::assert_same_lengths(
        HeuristicKind::Coset3LayerFlips,
        HeuristicKind::Coset,
        SEED + 3,
    );
}

/// The pattern the side table is for: the E-slice flips lie in `coset3`'s subgroup, which
/// reads them as near solved; `layerflips` does not.  Both find its 16 moves; with the
/// side table the search takes well under half the nodes (a fifth on 2026-12-07).
#[test]
#[ignore]
fn the_e_slice_flips_take_under_half_of_coset3s_nodes() {
    super::tests_with_phase1::assert_side_cuts_e_slice_flips(
        HeuristicKind::Coset3,
        HeuristicKind::Coset3LayerFlips,
        2,
    );
}
