//! The edge-slices coordinate against the cube model: the flip action of the symmetries,
//! invariance under symmetry, and the generated table against a breadth-first search over
//! raw values.

use super::{edge_slices_coords, EdgeSlicesSpace, EdgeSlicesTable, CLASSES, ENTRIES, FLIPS};
use crate::cube::symmetry::{conjugate, Twins, SYMMETRIES};
use crate::cube::{random_cube, Cube, Metric, ALL_MOVES};
use crate::tables::coset::EdgeMasks;
use crate::tables::generate::generate_space;
use rand::SeedableRng;
use std::collections::HashMap;

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

#[test]
fn a_symmetrys_flips_follow_from_positions_and_slices() {
    let co = edge_slices_coords();
    let mut r = rng(1);
    for _ in 0..500 {
        let x = random_cube(&mut r);
        let masks = EdgeMasks::of(&x);
        for s in 0..SYMMETRIES {
            let y = EdgeMasks::of(&conjugate(&x, s));
            assert_eq!(co.conjugate_flips(&masks, s), y.flips, "symmetry {s}");
        }
    }
}

#[test]
fn the_index_is_the_same_for_every_symmetric_image_and_ignores_corners() {
    let co = edge_slices_coords();
    assert_eq!(co.classes(), CLASSES);
    let mut r = rng(2);
    for _ in 0..300 {
        let x = random_cube(&mut r);
        let i = co.canonical_index(co.index(&x));
        assert!(i < ENTRIES);
        for s in 0..SYMMETRIES {
            assert_eq!(co.canonical_index(co.index(&conjugate(&x, s))), i, "{s}");
        }
        let y = random_cube(&mut r);
        let mixed = Cube::from_parts(
            y.corner_perm(),
            y.corner_twists(),
            x.edge_perm(),
            x.edge_flips(),
        );
        assert_eq!(co.index(&mixed), co.index(&x));
    }
    // Every entry's position indexes to the entry or one of its twins.
    for i in (0..ENTRIES).step_by(97) {
        assert_eq!(
            co.canonical_index(co.index(&co.entry_cube(i))),
            co.canonical_index(i)
        );
    }
}

/// The raw value of a position: slice value and the first eleven flips.
fn raw(x: &Cube) -> (usize, usize) {
    let m = EdgeMasks::of(x);
    (m.slices(), m.flips & (FLIPS - 1))
}

#[test]
fn the_table_equals_a_breadth_first_search_over_raw_values() {
    let co = edge_slices_coords();
    let space = EdgeSlicesSpace {
        coords: co,
        metric: Metric::Htm,
    };
    let generated = generate_space(&space, &|_| {});
    let table = EdgeSlicesTable {
        payload: &generated.payload,
        coords: co,
    };
    // Raw values by breadth-first search from solved, to depth 5, each with a position.
    let mut depth: HashMap<(usize, usize), u8> = HashMap::new();
    let mut frontier = vec![Cube::SOLVED];
    depth.insert(raw(&Cube::SOLVED), 0);
    for d in 1..=5u8 {
        let mut next = Vec::new();
        for x in &frontier {
            for m in ALL_MOVES {
                let y = x.apply_move(m);
                if let std::collections::hash_map::Entry::Vacant(e) = depth.entry(raw(&y)) {
                    e.insert(d);
                    next.push(y);
                }
            }
        }
        frontier = next;
    }
    let mut found = [0u64; 6];
    let mut r = rng(3);
    for (_, &d) in depth.iter() {
        found[d as usize] += 1;
    }
    // Every raw value reached reads its depth; a random position reads at least 6 or is
    // among them.
    let check = |x: &Cube| {
        let v = table.value(x);
        match depth.get(&raw(x)) {
            Some(&d) => assert_eq!(v, d, "{:?}", raw(x)),
            None => assert!(v > 5, "{:?} reads {v}", raw(x)),
        }
    };
    for x in frontier.iter().take(20_000) {
        check(x);
    }
    for _ in 0..20_000 {
        check(&random_cube(&mut r));
    }
    assert_eq!(found[0], 1);
    assert!(generated.max_depth >= 8, "depth {}", generated.max_depth);
    // Neighbouring positions differ by at most one.
    for _ in 0..2000 {
        let x = random_cube(&mut r);
        let v = table.value(&x) as i32;
        for m in ALL_MOVES {
            let w = table.value(&x.apply_move(m)) as i32;
            assert!((v - w).abs() <= 1);
        }
    }
    // The distribution on record in the descriptor.
    let depths = generated.max_depth as usize + 1;
    assert_eq!(&generated.histogram[..depths], super::TABLE.expected);
}

#[test]
fn every_slice_value_is_taken_to_its_class_representative() {
    let co = edge_slices_coords();
    for v in 0..crate::tables::coset::EDGE_SLICES {
        let c = crate::tables::coset::edge_cube(v);
        let cs = co.class_sym.get(v);
        let image = EdgeMasks::of(&conjugate(&c, (cs & 255) as usize)).slices();
        assert_eq!(image, co.rep[(cs >> 8) as usize] as usize, "value {v}");
    }
}
