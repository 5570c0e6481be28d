//! The twin-free layout of the 48-symmetry coset tables (`packing`), on positions whose
//! corners stand in a symmetric class, where it differs from an entry per edge value.

use korf::cube::symmetry::{conjugate, Twins, SYMMETRIES};
use korf::cube::{random_cube, Cube};
use korf::tables::coset::parities::Parities;
use korf::tables::coset::{coords_for, corner_cube, corner_raw, Variant};
use rand::{RngCore, SeedableRng};

const PACKED: [Variant; 4] = [
    Variant::Slices,
    Variant::Parities(Parities::Corners),
    Variant::Parities(Parities::Flips),
    Variant::Parities(Parities::FlipsAndCorners),
];

/// A position with the corners of raw value `corners` and the edges of `edges`.
fn with_corners(corners: usize, edges: &Cube) -> Cube {
    let c = corner_cube(corners);
    Cube::from_parts(
        c.corner_perm(),
        c.corner_twists(),
        edges.edge_perm(),
        edges.edge_flips(),
    )
}

#[test]
fn every_conjugate_of_a_symmetric_class_s_position_has_one_entry() {
    let mut r = rand::rngs::StdRng::seed_from_u64(61);
    for variant in PACKED {
        let co = coords_for(variant);
        let symmetric: Vec<usize> = (0..co.class_rep.len())
            .filter(|&c| co.class_stabilizer[c] != 1)
            .collect();
        assert!(
            symmetric.len() > 100,
            "{variant:?}: {} symmetric classes",
            symmetric.len()
        );
        for &class in symmetric.iter().step_by(3) {
            let x = with_corners(co.class_rep[class] as usize, &random_cube(&mut r));
            let i = co.index(&x);
            assert!(i < variant.entries());
            for s in 0..SYMMETRIES {
                assert_eq!(
                    co.index(&conjugate(&x, s)),
                    i,
                    "{variant:?} class {class} sym {s}"
                );
            }
            // The entry names the class, and the value it keeps indexes back to it.
            let (found, edge) = co.locate(i);
            assert_eq!(found, class);
            let j = co.index(&conjugate(&x, (r.next_u32() % 48) as usize));
            assert_eq!(co.locate(j), (found, edge));
            co.twins(i, |t| panic!("{variant:?}: entry {i} has a twin {t}"));
        }
    }
}

#[test]
fn corner_values_keep_their_class_through_the_renumbering() {
    for variant in PACKED {
        let co = coords_for(variant);
        for raw in (0..korf::tables::coset::CORNER_RAW).step_by(7) {
            let x = corner_cube(raw);
            let class = co.locate(co.index(&x)).0;
            let rep = corner_cube(co.class_rep[class] as usize);
            let same = (0..SYMMETRIES).any(|s| corner_raw(&conjugate(&x, s)) == corner_raw(&rep));
            assert!(same, "{variant:?}: raw {raw} in class {class}");
        }
    }
}

#[test]
fn the_symmetric_classes_are_few_and_hold_few_corner_values() {
    let co = coords_for(Variant::Slices);
    let symmetric: Vec<usize> = (0..co.class_rep.len())
        .filter(|&c| co.class_stabilizer[c] != 1)
        .collect();
    let raws: usize = symmetric
        .iter()
        .map(|&c| SYMMETRIES / co.class_stabilizer[c].count_ones() as usize)
        .sum();
    // 373 of the 3,393 classes, 8,130 of the 153,090 corner values (5.3 %): the share of
    // positions whose index takes the out-of-line path (docs/design/tables.md).
    assert_eq!((symmetric.len(), raws), (373, 8130));
    assert_eq!(
        co.class_rep.len() - symmetric.len(),
        symmetric[0],
        "asymmetric first"
    );
}
