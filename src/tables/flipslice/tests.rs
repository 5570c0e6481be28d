//! The flipslice coordinate (corner layers and twist, E-slice positions, all flips; 16
//! symmetries; three axes): invariance, symmetry, move action and depths against plain
//! searches over the cube model.

use crate::testing as common;

use korf::cube::symmetry::Twins;
use korf::cube::symmetry::{conjugate, UD_SYMMETRIES};
use korf::cube::{random_cube, Cube, ALL_MOVES};
use korf::tables::flipslice::{
    flipslice_coords, parts, FlipSliceCoords, FlipSliceSpace, AXIS_SYMMETRIES, CORNER_CLASSES,
    CORNER_RAW, EDGE_VALUES,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

fn coords() -> &'static FlipSliceCoords {
    flipslice_coords()
}

/// A random element of the subgroup: U corners among the U positions, D corners among the D
/// positions, none twisted; E edges in the E slice; nothing flipped; permutation parities
/// matched so that it is a position.
fn random_in_subgroup(rng: &mut impl Rng) -> Cube {
    let (mut u, mut d) = ([0u8, 1, 2, 3], [4u8, 5, 6, 7]);
    u.shuffle(rng);
    d.shuffle(rng);
    let cp = [u[0], u[1], u[2], u[3], d[0], d[1], d[2], d[3]];
    let (mut e, mut other) = ([8u8, 9, 10, 11], [0u8, 1, 2, 3, 4, 5, 6, 7]);
    e.shuffle(rng);
    other.shuffle(rng);
    let mut ep = [0u8; 12];
    ep[..8].copy_from_slice(&other);
    ep[8..].copy_from_slice(&e);
    if common::parity(&cp) != common::parity(&ep) {
        ep.swap(0, 1);
    }
    let c = Cube::from_parts(cp, [0; 8], ep, [0; 12]);
    assert!(c.validate().is_ok());
    c
}

#[test]
fn corner_classes_partition_the_raw_values() {
    let co = coords();
    assert_eq!(co.class_rep.len(), CORNER_CLASSES);
    let orbits: usize = co
        .class_stabilizer
        .iter()
        .map(|st| UD_SYMMETRIES / st.count_ones() as usize)
        .sum();
    assert_eq!(orbits, CORNER_RAW);
}

#[test]
fn the_coordinate_names_right_cosets_of_the_subgroup() {
    let co = coords();
    let mut r = rng(21);
    let goal = co.index(&Cube::SOLVED);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        let h = random_in_subgroup(&mut r);
        assert_eq!(co.index(&h.compose(&x)), co.index(&x));
        assert_eq!(co.index(&h), goal);
    }
    // U and D turns stay in the subgroup; every other turn leaves it.
    for m in ALL_MOVES {
        let stays = co.index(&Cube::SOLVED.apply_move(m)) == goal;
        assert_eq!(stays, matches!(m.face_index(), 0 | 3), "{m}");
    }
    // Every flip counts: two flipped edges in place leave the subgroup.
    let s = Cube::SOLVED;
    for (a, b) in [(0, 1), (8, 9), (0, 11)] {
        let mut eo = [0u8; 12];
        eo[a] = 1;
        eo[b] = 1;
        let flipped = Cube::from_parts(s.corner_perm(), s.corner_twists(), s.edge_perm(), eo);
        assert_ne!(co.index(&flipped), goal, "flips at {a} and {b}");
    }
}

#[test]
fn axis_parts_agree_with_conjugating_the_cube() {
    let co = coords();
    let mut r = rng(23);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        for (a, &s) in AXIS_SYMMETRIES.iter().enumerate() {
            let y = conjugate(&x, s);
            assert_eq!(co.axis_parts(&x, a), parts(&y), "axis {a}");
            assert_eq!(co.axis_index(&x, a), co.index(&y), "axis {a}");
        }
    }
}

#[test]
fn entries_stand_for_their_cube() {
    let co = coords();
    common::assert_entries_stand_for_their_cube(
        (&|x| co.index(x), &|i| co.canonical_index(i)),
        &|i| co.entry_cube(i),
        24,
    );
}

#[test]
fn neighbours_are_the_entries_of_the_moved_cube() {
    let co = coords();
    common::assert_neighbours_are_moved_entries(
        &FlipSliceSpace(co),
        (&|x| co.index(x), &|i| co.canonical_index(i)),
        25,
    );
}

fn entry_depths(co: &FlipSliceCoords, depth: usize) -> HashMap<u64, usize> {
    common::entry_depths(&FlipSliceSpace(co), depth)
}

#[test]
fn expanded_counts_match_a_breadth_first_search_over_raw_cosets() {
    let co = coords();
    let orbit = |i: u64| {
        let class = (i / EDGE_VALUES as u64) as usize;
        UD_SYMMETRIES as u64 / co.class_stabilizer[class].count_ones() as u64
    };
    common::assert_expanded_counts_match_raw_cosets(
        &entry_depths(co, 4),
        &orbit,
        |c: &Cube| {
            let p = parts(c);
            (p.corner, p.e_mask, p.flips)
        },
        10_000,
    );
}

#[test]
fn entry_depths_equal_the_brute_force_distance_to_the_subgroup() {
    let co = coords();
    common::assert_depths_equal_brute_force(&entry_depths(co, 4), &|c| co.index(c), 26);
}

#[test]
fn excluded_moves_are_the_subgroup_moves_of_each_axis() {
    let co = coords();
    let goal = co.index(&Cube::SOLVED);
    for a in 0..3 {
        let in_subgroup = ALL_MOVES
            .iter()
            .enumerate()
            .filter(|(_, &m)| co.axis_index(&Cube::SOLVED.apply_move(m), a) == goal)
            .fold(0u32, |acc, (i, _)| acc | 1 << i);
        assert_eq!(in_subgroup.count_ones(), 6, "axis {a}: two faces");
        assert_eq!(co.excluded_by_axes[1 << a], in_subgroup, "axis {a}");
    }
    assert_eq!(co.excluded_by_axes[7], (1 << 18) - 1);
    assert_eq!(co.excluded_by_axes[0], 0);
}

use korf::search::HeuristicKind;
use korf::tables::TableKind;

// The checks of the built table need the flipslice table (2.3 GiB on disk, 7.6 GB of memory
// and about 15 minutes on 2 cores to build); they build it into the test tables directory
// on first use.  Run them with `cargo test --release --lib tables::flipslice -- --ignored`
// (`KORF_TEST_TABLES=tables` reuses the table `korf tables generate --only flipslice`
// built).
common::large_table_checks!(
    table: TableKind::FlipSlice,
    heuristic: HeuristicKind::FlipSlice,
    sparse_depth: 5,
    seeds: 27,
    same_lengths_as: HeuristicKind::Coset
);
