//! The sliceperm coordinate (flipslice's corners and E slice, the E edges' order, the
//! U/D-layer flips; 16 symmetries; three axes): invariance, symmetry, move action and
//! depths against plain searches over the cube model.

use crate::testing as common;

use korf::cube::symmetry::Twins;
use korf::cube::symmetry::{conjugate, UD_SYMMETRIES};
use korf::cube::{random_cube, Cube, ALL_MOVES};
use korf::tables::flipslice::{parts, AXIS_SYMMETRIES};
use korf::tables::sliceperm::{
    layer_flips, order_of, sliceperm_coords, spread_flips, SlicePermCoords, SlicePermSpace,
    EDGE_VALUES, ENTRIES,
};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

fn coords() -> &'static SlicePermCoords {
    sliceperm_coords()
}

/// A random element of the subgroup: U corners among the U positions, D corners among the
/// D positions, none twisted; the E edges at home in order, flipped at random; the other
/// edges anywhere in the U and D layers, unflipped; parities matched.
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
    for f in &mut eo[8..] {
        *f = rng.gen_range(0..2);
    }
    eo[8] ^= eo.iter().sum::<u8>() & 1;
    let c = Cube::from_parts(cp, [0; 8], ep, eo);
    assert!(c.validate().is_ok());
    c
}

#[test]
fn sizes() {
    assert_eq!(EDGE_VALUES, 495 * 24 * 256);
    assert_eq!(ENTRIES, 30_199_910_400);
}

#[test]
fn flips_compress_and_spread_back() {
    let mut r = rng(40);
    for _ in 0..5000 {
        let mask = korf::tables::flipslice::flipslice_coords().e_mask[r.gen_range(0..495)] as usize;
        let f8 = r.gen_range(0..256);
        let spread = spread_flips(f8, mask);
        assert_eq!(spread & mask, 0);
        assert_eq!(layer_flips(spread, mask), f8);
        // Flips on the E positions are ignored.
        assert_eq!(layer_flips(spread | mask, mask), f8);
    }
}

#[test]
fn the_coordinate_names_right_cosets_of_the_subgroup() {
    let co = coords();
    let mut r = rng(41);
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
    // Two flipped U/D-layer edges leave the subgroup; two flipped E edges do not.
    for ((a, b), stays) in [((0, 1), false), ((0, 11), false), ((8, 9), true)] {
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
    let mut r = rng(43);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        for (a, &s) in AXIS_SYMMETRIES.iter().enumerate() {
            let y = conjugate(&x, s);
            let p = parts(&y);
            assert_eq!(co.layers.axis_parts(&x, a), p, "axis {a}");
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
        44,
    );
}

#[test]
fn neighbours_are_the_entries_of_the_moved_cube() {
    let co = coords();
    common::assert_neighbours_are_moved_entries(
        &SlicePermSpace(co),
        (&|x| co.index(x), &|i| co.canonical_index(i)),
        45,
    );
}

fn entry_depths(co: &SlicePermCoords, depth: usize) -> HashMap<u64, usize> {
    common::entry_depths(&SlicePermSpace(co), depth)
}

#[test]
fn expanded_counts_match_a_breadth_first_search_over_raw_cosets() {
    let co = coords();
    let orbit = |i: u64| {
        let class = (i / EDGE_VALUES as u64) as usize;
        UD_SYMMETRIES as u64 / co.layers.class_stabilizer[class].count_ones() as u64
    };
    common::assert_expanded_counts_match_raw_cosets(
        &entry_depths(co, 4),
        &orbit,
        |c: &Cube| {
            let p = parts(c);
            (p.corner, p.e_mask, p.labels, p.flips & !p.e_mask)
        },
        10_000,
    );
}

#[test]
fn entry_depths_equal_the_brute_force_distance_to_the_subgroup() {
    let co = coords();
    common::assert_depths_equal_brute_force(&entry_depths(co, 4), &|c| co.index(c), 46);
}

use korf::search::HeuristicKind;
use korf::tables::TableKind;

// The checks of the built table need the sliceperm table (7.1 GiB on disk and in memory,
// about 45 minutes on 2 cores to build); they build it into the test tables directory on
// first use. Run them with `KORF_TEST_TABLES=tables cargo test --release --lib
// tables::sliceperm -- --ignored` after `korf tables generate --only sliceperm`.
common::large_table_checks!(
    table: TableKind::SlicePerm,
    heuristic: HeuristicKind::SlicePerm,
    sparse_depth: 5,
    seeds: 48,
    same_lengths_as: HeuristicKind::FlipSlice
);
