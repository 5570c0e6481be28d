//! Every size of the ladder, from its one line: sizes, the subgroup it names, entries and
//! neighbours, depths against plain searches over the cube model, the layout its files
//! keep; then the parts every size reads (corner classes, flips, per-axis lookups).  The
//! tests every three-axis family passes (symmetry invariance, axes, cosets, tracked
//! inverses) are in `tables/axis_tests.rs`.

use crate::testing as common;

use super::base::Base;
use super::coords::{LayerCoords, LayerSpace, ALL_FLIPS};
use super::layer_ladder;
use super::parts::{
    layer_flips, order_of, parts, spread_flips, AXIS_SYMMETRIES, CORNER_CLASSES, CORNER_RAW,
    E_SETS, FLIPS, LAYER_FLIPS, ORDERS,
};
use korf::cube::symmetry::{conjugate, Twins, UD_SYMMETRIES};
use korf::cube::{random_cube, Cube, Metric, ALL_MOVES};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// The tables every size reads (flipslice's copy).
fn base() -> &'static Base {
    crate::tables::layers::flipslice::coords().base()
}

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// The E-flip patterns (bit `k` for piece FR, FL, BL, BR) the subgroup of a size holds.
fn held_e_flips<const O: bool, const F: u8>() -> Vec<u8> {
    let even = (0u8..16).filter(|p| p.count_ones() % 2 == 0);
    match F {
        ALL_FLIPS => vec![0],
        0 => even.collect(),
        // FR–BL parity kept: FR and BL alike (so FL and BR alike too).
        1 => even.filter(|p| (p & 1) == (p >> 2 & 1)).collect(),
        _ => vec![0, 0b1111],
    }
}

/// A random element of the subgroup of a size: U corners among the U positions, D corners
/// among the D positions, none twisted; the other edges anywhere in the U and D layers,
/// unflipped; the E edges in the E slice (at home in order for an ordered size), with a
/// flip pattern the subgroup holds; parities matched.
fn random_in_subgroup<const O: bool, const F: u8>(rng: &mut impl Rng) -> Cube {
    let (mut u, mut d) = ([0u8, 1, 2, 3], [4u8, 5, 6, 7]);
    u.shuffle(rng);
    d.shuffle(rng);
    let cp = [u[0], u[1], u[2], u[3], d[0], d[1], d[2], d[3]];
    let (mut e, mut other) = ([8u8, 9, 10, 11], [0u8, 1, 2, 3, 4, 5, 6, 7]);
    if !O {
        e.shuffle(rng);
    }
    other.shuffle(rng);
    let mut ep = [0u8; 12];
    ep[..8].copy_from_slice(&other);
    ep[8..].copy_from_slice(&e);
    if common::parity(&cp) != common::parity(&ep) {
        ep.swap(0, 1);
    }
    let held = held_e_flips::<O, F>();
    let pattern = held[rng.gen_range(0..held.len())];
    let mut eo = [0u8; 12];
    for i in 8..12 {
        // The piece standing at position i carries its flip bit.
        eo[i] = pattern >> (ep[i] - 8) & 1;
    }
    let c = Cube::from_parts(cp, [0; 8], ep, eo);
    assert!(c.validate().is_ok());
    c
}

fn check_sizes<const O: bool, const F: u8>(co: &LayerCoords<O, F>) {
    let slice = if O { E_SETS * ORDERS } else { E_SETS };
    let flips = if F == ALL_FLIPS {
        FLIPS
    } else {
        LAYER_FLIPS << F
    };
    assert_eq!(
        LayerCoords::<O, F>::ENTRIES,
        (CORNER_CLASSES * slice * flips) as u64
    );
    let entries = co.index(&Cube::SOLVED) < LayerCoords::<O, F>::ENTRIES;
    assert!(entries);
}

fn check_subgroup<const O: bool, const F: u8>(co: &LayerCoords<O, F>, seed: u64) {
    let mut r = rng(seed);
    let goal = co.index(&Cube::SOLVED);
    for _ in 0..2000 {
        let x = random_cube(&mut r);
        let h = random_in_subgroup::<O, F>(&mut r);
        assert_eq!(co.index(&h.compose(&x)), co.index(&x));
        assert_eq!(co.index(&h), goal);
    }
    for m in ALL_MOVES {
        let stays = co.index(&Cube::SOLVED.apply_move(m)) == goal;
        assert_eq!(stays, matches!(m.face_index(), 0 | 3), "{m}");
    }
    let s = Cube::SOLVED;
    // Every even E-flip pattern: in the subgroup exactly when the size holds it.
    let held = held_e_flips::<O, F>();
    for pattern in (0u8..16).filter(|p| p.count_ones() % 2 == 0) {
        let eo: [u8; 12] = std::array::from_fn(|i| if i >= 8 { pattern >> (i - 8) & 1 } else { 0 });
        let flipped = Cube::from_parts(s.corner_perm(), s.corner_twists(), s.edge_perm(), eo);
        let stays = co.index(&flipped) == goal;
        assert_eq!(stays, held.contains(&pattern), "E flips {pattern:04b}");
    }
    // Two flipped U/D-layer edges leave every subgroup.
    let mut eo = [0u8; 12];
    eo[0] = 1;
    eo[11] = 1;
    let flipped = Cube::from_parts(s.corner_perm(), s.corner_twists(), s.edge_perm(), eo);
    assert_ne!(co.index(&flipped), goal);
    // Two E edges swapped (with two U edges, for parity) leave it exactly when ordered.
    let mut ep = s.edge_perm();
    ep.swap(8, 9);
    ep.swap(0, 1);
    let swapped = Cube::from_parts(s.corner_perm(), s.corner_twists(), ep, s.edge_flips());
    assert_eq!(co.index(&swapped) != goal, O);
}

/// What names a raw coset (before symmetry reduction) of a size's subgroup.
fn raw_coset<const O: bool, const F: u8>(c: &Cube) -> (usize, usize, u32, usize) {
    let p = parts(c);
    let labels = if O { p.labels } else { 0 };
    let flip_of = |label: u32| {
        (0..12)
            .find(|&k| p.e_mask >> k & 1 == 1 && p.labels >> (2 * k) & 3 == label)
            .map_or(0, |k| p.flips >> k & 1)
    };
    let flips = match F {
        ALL_FLIPS => p.flips,
        0 => p.flips & !p.e_mask,
        1 => (p.flips & !p.e_mask) | (flip_of(0) ^ flip_of(2)) << 12,
        _ => {
            (p.flips & !p.e_mask)
                | (flip_of(0) ^ flip_of(2)) << 12
                | (flip_of(0) ^ flip_of(1)) << 13
        }
    };
    (p.corner, p.e_mask, labels, flips)
}

fn check_entries_and_depths<const O: bool, const F: u8>(
    co: &LayerCoords<O, F>,
    metric: Metric,
    seed: u64,
) {
    let index = |x: &Cube| co.index(x);
    let canonical = |i: u64| co.canonical_index(i);
    common::assert_entries_stand_for_their_cube((&index, &canonical), &|i| co.entry_cube(i), seed);
    let space = LayerSpace(co, metric);
    common::assert_neighbours_are_moved_entries(&space, metric, (&index, &canonical), seed + 1);
    let depths = common::entry_depths(&space, 4);
    let values = LayerCoords::<O, F>::EDGE_VALUES as u64;
    let orbit = |i: u64| {
        let class = (i / values) as usize;
        UD_SYMMETRIES as u64 / base().class_stabilizer[class].count_ones() as u64
    };
    let last = match metric {
        Metric::Htm | Metric::Stm => 10_000,
        Metric::Qtm => 1_000,
    };
    common::assert_expanded_counts_match_raw_cosets(
        &depths,
        &orbit,
        raw_coset::<O, F>,
        metric,
        last,
    );
    common::assert_depths_equal_brute_force(&depths, &index, metric, seed + 2);
}

/// A digest of a size's layout: the indices of 3,000 seeded random positions along each
/// axis, and of every position two moves from solved.
fn layout_digest<const O: bool, const F: u8>(co: &LayerCoords<O, F>) -> u64 {
    let mut r = rng(2026);
    let mut cubes: Vec<Cube> = (0..3000).map(|_| random_cube(&mut r)).collect();
    for a in ALL_MOVES {
        for b in ALL_MOVES {
            cubes.push(Cube::from_moves(&[a, b]));
        }
    }
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for x in &cubes {
        for a in 0..3 {
            h = (h ^ co.axis_index(x, a)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

/// The layouts of the files on disk, as digests ([`layout_digest`]); every size built
/// here has one.  Flipslice's, sliceperm's and slicepair's were computed with the
/// per-folder coordinates the family replaced (commit 9750d06), so the files built before
/// it still load and read the same; the later ones pin the new sizes as first written.
/// A size in quarter turns has its face-turn sibling's layout (the same coordinate).
const LAYOUTS: &[(&str, u64)] = &[
    ("layerflips", 0x6c87_689d_d309_1bec),
    ("flipslice", 0x1716_d59c_8a73_7082),
    ("sliceperm", 0xa7a9_5b34_c847_02ec),
    ("slicepair", 0x250b_91c4_d1cc_ffc5),
    ("sliceflips", 0x9598_aeea_dcd5_0dad),
    ("slicefull", 0xe1e1_a1dc_71d5_8882),
    ("flipslice-qtm", 0x1716_d59c_8a73_7082),
    ("sliceperm-qtm", 0xa7a9_5b34_c847_02ec),
    ("slicepair-qtm", 0x250b_91c4_d1cc_ffc5),
];

macro_rules! size_tests {
    ($($(#[$doc:meta])* $variant:ident => $name:ident = $label:literal: $coords:ty,
        $metric:ident, $facts:expr;)*) => {$(
        mod $name {
            use super::*;
            use crate::tables::layers::$name::{coords, Coords};
            use korf::search::HeuristicKind;
            use korf::tables::TableKind;

            fn entry_depths(co: &Coords, depth: usize) -> HashMap<u64, usize> {
                common::entry_depths(&LayerSpace(co, Metric::$metric), depth)
            }

            /// A seed of its own per size.
            fn seed() -> u64 {
                $label.bytes().map(u64::from).sum()
            }

            #[test]
            fn sizes() {
                check_sizes(coords());
            }

            #[test]
            fn the_coordinate_names_right_cosets_of_the_subgroup() {
                check_subgroup(coords(), seed());
            }

            #[test]
            fn entries_neighbours_and_depths_match_plain_searches() {
                check_entries_and_depths(coords(), Metric::$metric, seed() + 10);
            }

            #[test]
            fn the_layout_on_disk_is_kept() {
                let digest = layout_digest(coords());
                eprintln!("{}: layout digest {digest:#018x}", $label);
                match LAYOUTS.iter().find(|(n, _)| *n == $label) {
                    Some((_, want)) => assert_eq!(digest, *want),
                    // A size added since: pin its layout once its files exist.
                    None => assert!(!crate::tables::layers::$name::FACTS.built()),
                }
            }

            // The checks of the built table need the table on disk and in memory (its
            // size in `korf tables list`); they build it into the test tables directory on
            // first use.  Run them with `KORF_TEST_TABLES=tables cargo test --release --lib
            // tables::layers::tests::MODULE -- --ignored` after `korf tables generate --only
            // NAME` (MODULE: the name with `_` for `-`).
            common::large_table_checks!(
                table: TableKind::$variant,
                heuristic: HeuristicKind::$variant,
                sparse_depth: 5,
                seeds: seed(),
                same_lengths_as: match Metric::$metric {
                    Metric::Htm | Metric::Stm => HeuristicKind::Coset,
                    Metric::Qtm => HeuristicKind::CosetQtm,
                }
            );
        }
    )*};
}

layer_ladder!(size_tests! {});

#[test]
fn corner_classes_partition_the_raw_values() {
    let b = base();
    assert_eq!(b.class_rep.len(), CORNER_CLASSES);
    let orbits: usize = b
        .class_stabilizer
        .iter()
        .map(|st| UD_SYMMETRIES / st.count_ones() as usize)
        .sum();
    assert_eq!(orbits, CORNER_RAW);
}

#[test]
fn flips_compress_and_spread_back() {
    let mut r = rng(40);
    for _ in 0..5000 {
        let mask = base().e_mask[r.gen_range(0..E_SETS)] as usize;
        let f8 = r.gen_range(0..LAYER_FLIPS);
        let spread = spread_flips(f8, mask);
        assert_eq!(spread & mask, 0);
        assert_eq!(layer_flips(spread, mask), f8);
        // Flips on the E positions are ignored.
        assert_eq!(layer_flips(spread | mask, mask), f8);
    }
}

#[test]
fn axis_parts_agree_with_conjugating_the_cube() {
    let mut r = rng(43);
    for _ in 0..3000 {
        let x = random_cube(&mut r);
        for (a, &s) in AXIS_SYMMETRIES.iter().enumerate() {
            let y = conjugate(&x, s);
            let p = parts(&y);
            assert_eq!(base().axis_parts(&x, a), p, "axis {a}");
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
fn excluded_moves_are_the_subgroup_moves_of_each_axis() {
    let b = base();
    let co = crate::tables::layers::flipslice::coords();
    let goal = co.index(&Cube::SOLVED);
    for a in 0..3 {
        let in_subgroup = ALL_MOVES
            .iter()
            .enumerate()
            .filter(|(_, &m)| co.axis_index(&Cube::SOLVED.apply_move(m), a) == goal)
            .fold(0u32, |acc, (i, _)| acc | 1 << i);
        assert_eq!(in_subgroup.count_ones(), 6, "axis {a}: two faces");
        assert_eq!(b.excluded_by_axes[1 << a], in_subgroup, "axis {a}");
    }
    assert_eq!(b.excluded_by_axes[7], (1 << 18) - 1);
    assert_eq!(b.excluded_by_axes[0], 0);
}

#[test]
fn the_ladder_grows_by_the_edge_information_it_keeps() {
    use crate::tables::TableKind;
    // Each size of the ladder holds more entries than the one before it, and the
    // registry lists them all as three-axis tables.
    let sizes: Vec<u64> = TableKind::ALL
        .iter()
        .filter(|k| {
            k.descriptor().used_by.starts_with("--heuristic slice") || k.name() == "flipslice"
        })
        .map(|k| {
            assert!(k.is_axis(), "{}", k.name());
            k.descriptor().entries
        })
        .collect();
    assert!(sizes.len() >= 5, "{sizes:?}");
    assert!(sizes.windows(2).all(|w| w[0] < w[1]), "{sizes:?}");
}
