//! The slicepair coordinate (sliceperm's, plus the flip parity of FR and BL; 16
//! symmetries; three axes): invariance, symmetry, move action and depths against plain
//! searches over the cube model.

use crate::testing as common;

use korf::cube::symmetry::Twins;
use korf::cube::symmetry::{conjugate, UD_SYMMETRIES};
use korf::cube::{random_cube, Cube, ALL_MOVES};
use korf::tables::flipslice::{parts, AXIS_SYMMETRIES};
use korf::tables::slicepair::{
    slicepair_coords, SlicePairCoords, SlicePairSpace, EDGE_VALUES, ENTRIES,
};
use korf::tables::sliceperm::{order_of, sliceperm_coords};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

fn coords() -> &'static SlicePairCoords {
    slicepair_coords()
}

/// A random element of the subgroup: U corners among the U positions, D corners among the
/// D positions, none twisted; the E edges at home in order, flipped at random; the other
/// edges anywhere in the U and D layers, unflipped; parities matched; FR and BL flipped
/// alike.
fn random_in_subgroup(rng: &mut impl Rng) -> Cube {
    let (mut u, mut d) = ([0u8, 1, 2, 3], [4u8, 5, 6, 7]);
    u.shuffle(rng);
    d.shuffle(rng);
    let cp = [u[0], u[1], u[2], u[3], d[0], d[1], d[2], d[3]];
    let mut other = [0u8, 1, 2, 3, 4, 5, 6, 7];
    other.shuffle(rng);
    let mut ep = [0u8, 0, 0, 0, 0, 0, 0, 0, 8, 9, 10, 11];
    ep[..8].copy_from_slice(&other);
    if common::parity(&cp) != common::parity(&ep) {
        ep.swap(0, 1);
    }
    let mut eo = [0u8; 12];
    // FR (8) and BL (10) alike, FL (9) and BR (11) then alike too.
    eo[8] = rng.gen_range(0..2);
    eo[10] = eo[8];
    eo[9] = rng.gen_range(0..2);
    eo[11] = eo[9];
    let c = Cube::from_parts(cp, [0; 8], ep, eo);
    assert!(c.validate().is_ok());
    c
}

#[test]
fn sizes() {
    assert_eq!(EDGE_VALUES, 495 * 24 * 256 * 2);
    assert_eq!(ENTRIES, 60_399_820_800);
}

#[test]
fn each_sliceperm_coset_splits_in_two() {
    // Positions in one sliceperm coset fall into exactly two slicepair cosets, told apart
    // by the flip parity of FR and BL; the sliceperm index is the slicepair one halved
    // where the corner part is its own class representative.
    let (co, sp) = (coords(), sliceperm_coords());
    let mut r = rng(39);
    let mut seen = [false; 2];
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        let i = co.index(&x);
        let j = sp.index(&x);
        assert_eq!(
            i / EDGE_VALUES as u64,
            j / korf::tables::sliceperm::EDGE_VALUES as u64
        );
        let p = parts(&x);
        let flip_of = |label: u32| {
            (0..12)
                .find(|&k| p.e_mask >> k & 1 == 1 && p.labels >> (2 * k) & 3 == label)
                .map(|k| x.flip(k) as u64)
                .unwrap()
        };
        let cs = co.sliceperm.layers.corner_class_sym[p.corner];
        if cs & 255 == 0 {
            // No conjugation: the low bit is the pair parity itself.
            assert_eq!(
                i % EDGE_VALUES as u64 / 2,
                j % korf::tables::sliceperm::EDGE_VALUES as u64
            );
            assert_eq!(i & 1, flip_of(0) ^ flip_of(2));
            seen[(i & 1) as usize] = true;
        }
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn the_coordinate_names_right_cosets_of_the_subgroup() {
    let co = coords();
    let mut r = rng(51);
    let goal = co.index(&Cube::SOLVED);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        let h = random_in_subgroup(&mut r);
        assert_eq!(co.index(&h.compose(&x)), co.index(&x));
        assert_eq!(co.index(&h), goal);
    }
    for m in ALL_MOVES {
        let stays = co.index(&Cube::SOLVED.apply_move(m)) == goal;
        assert_eq!(stays, matches!(m.face_index(), 0 | 3), "{m}");
    }
    let s = Cube::SOLVED;
    // Two flipped U/D-layer edges leave the subgroup, and so do FR and FL flipped (the
    // sliceperm subgroup holds that one); FR and BL flipped, or FL and BR, or all four, do
    // not.
    for ((a, b), stays) in [
        ((0, 1), false),
        ((0, 11), false),
        ((8, 9), false),
        ((8, 11), false),
        ((8, 10), true),
        ((9, 11), true),
    ] {
        let mut eo = [0u8; 12];
        eo[a] = 1;
        eo[b] = 1;
        let flipped = Cube::from_parts(s.corner_perm(), s.corner_twists(), s.edge_perm(), eo);
        assert_eq!(co.index(&flipped) == goal, stays, "flips at {a} and {b}");
    }
    // Two E edges swapped (with two U edges, for parity) leave it.
    let mut ep = s.edge_perm();
    ep.swap(8, 9);
    ep.swap(0, 1);
    let swapped = Cube::from_parts(s.corner_perm(), s.corner_twists(), ep, s.edge_flips());
    assert_ne!(co.index(&swapped), goal);
}

#[test]
fn axis_parts_agree_with_conjugating_the_cube() {
    let co = coords();
    let mut r = rng(53);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        for (a, &s) in AXIS_SYMMETRIES.iter().enumerate() {
            let y = conjugate(&x, s);
            let p = parts(&y);
            assert_eq!(co.sliceperm.layers.axis_parts(&x, a), p, "axis {a}");
            assert_eq!(co.axis_index(&x, a), co.index(&y), "axis {a}");
            // The labels name the E edges in their positions.
            for i in 0..12 {
                if p.e_mask >> i & 1 == 1 {
                    assert_eq!(p.labels >> (2 * i) & 3, (y.edge(i) - 8) as u32);
                }
            }
            assert!(order_of(p.e_mask, p.labels) < 256);
        }
    }
}

#[test]
fn entries_stand_for_their_cube() {
    let co = coords();
    common::assert_entries_stand_for_their_cube(
        (&|x| co.index(x), &|i| co.canonical_index(i)),
        &|i| co.entry_cube(i),
        54,
    );
}

#[test]
fn neighbours_are_the_entries_of_the_moved_cube() {
    let co = coords();
    common::assert_neighbours_are_moved_entries(
        &SlicePairSpace(co),
        (&|x| co.index(x), &|i| co.canonical_index(i)),
        45,
    );
}

fn entry_depths(co: &SlicePairCoords, depth: usize) -> HashMap<u64, usize> {
    common::entry_depths(&SlicePairSpace(co), depth)
}

#[test]
fn expanded_counts_match_a_breadth_first_search_over_raw_cosets() {
    let co = coords();
    let orbit = |i: u64| {
        let class = (i / EDGE_VALUES as u64) as usize;
        UD_SYMMETRIES as u64 / co.sliceperm.layers.class_stabilizer[class].count_ones() as u64
    };
    common::assert_expanded_counts_match_raw_cosets(
        &entry_depths(co, 4),
        &orbit,
        |c: &Cube| {
            let p = parts(c);
            let pair = (0..12)
                .filter(|&k| p.e_mask >> k & 1 == 1 && p.labels >> (2 * k) & 1 == 0)
                .fold(0, |acc, k| acc ^ (p.flips >> k & 1));
            (p.corner, p.e_mask, p.labels, p.flips & !p.e_mask, pair)
        },
        10_000,
    );
}

#[test]
fn entry_depths_equal_the_brute_force_distance_to_the_subgroup() {
    let co = coords();
    common::assert_depths_equal_brute_force(&entry_depths(co, 4), &|c| co.index(c), 56);
}

use korf::search::HeuristicKind;
use korf::tables::TableKind;

// The checks of the built table need the slicepair table (14.3 GiB on disk and in memory,
// about an hour on 2 cores to build); they build it into the test tables directory on
// first use. Run them with `KORF_TEST_TABLES=tables cargo test --release --lib
// tables::slicepair -- --ignored` after `korf tables generate --only slicepair` (the
// lengths check also needs the flipslice table: with sliceperm beside it the two files
// would not fit in a 24 GB machine's page cache together).
common::large_table_checks!(
    table: TableKind::SlicePair,
    heuristic: HeuristicKind::SlicePair,
    sparse_depth: 5,
    seeds: 58,
    same_lengths_as: HeuristicKind::FlipSlice
);
