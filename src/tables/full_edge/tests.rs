//! The full-edge coordinate: symmetry action, class indexing, orbit counting, and the
//! first depths of its breadth-first search against thesis Table 4.1.

use crate::testing as common;

use korf::cube::symmetry::Twins;
use korf::cube::symmetry::{conjugate, symmetries, SYMMETRIES};
use korf::cube::{random_cube, Cube, ALL_MOVES};
use korf::tables::full_edge::{
    arrangement, full_edge_coords, outer, Edges, ARRANGEMENTS, EXPECTED_STATES, FLIPS, OUTER_RAW,
};
use rand::{rngs::StdRng, SeedableRng};
use std::collections::{HashMap, HashSet};

fn edges_of(edges: Edges) -> Cube {
    Cube::with_edge_cubies(&edges)
}

#[test]
fn symmetry_flips_are_constant_per_slice() {
    // Positions of the E, M and S slices.
    let slices = [[8, 9, 10, 11], [1, 3, 5, 7], [0, 2, 4, 6]];
    for (s, e) in symmetries().elements.iter().enumerate() {
        for slice in slices {
            let flips: Vec<u8> = slice.iter().map(|&i| e.eo[i]).collect();
            assert!(
                flips.iter().all(|&f| f == flips[0]),
                "symmetry {s}: {flips:?}"
            );
        }
    }
}

#[test]
fn conjugation_on_edges_matches_the_cube_model() {
    let coords = full_edge_coords();
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..200 {
        let c = random_cube(&mut rng);
        for s in 0..SYMMETRIES {
            assert_eq!(
                coords.conjugate(&c.all_edge_cubies(), s),
                conjugate(&c, s).all_edge_cubies()
            );
        }
    }
}

#[test]
fn classes_account_for_every_outer_value() {
    let coords = full_edge_coords();
    // Orbit–stabilizer: each class holds 48 / |stabilizer| outer values.
    let total: usize = (0..coords.classes())
        .map(|c| SYMMETRIES / coords.stabilizer(c).count_ones() as usize)
        .sum();
    assert_eq!(total, OUTER_RAW);
    assert_eq!(coords.classes(), korf::tables::full_edge::CLASSES);
    assert_eq!(coords.entries(), korf::tables::full_edge::ENTRIES);
    assert_eq!(
        coords.entries(),
        coords.classes() as u64 * ARRANGEMENTS as u64
    );
    eprintln!("{} classes, {} entries", coords.classes(), coords.entries());
}

#[test]
fn every_state_indexes_to_a_symmetric_image_of_itself() {
    let coords = full_edge_coords();
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..2000 {
        let c = random_cube(&mut rng);
        let i = coords.index(&c.all_edge_cubies());
        assert!(i < coords.entries());
        // The entry's representative is an image of the state under some symmetry.
        let rep = coords.entry_edges(i);
        assert!(
            (0..SYMMETRIES).any(|s| coords.conjugate(&c.all_edge_cubies(), s) == rep),
            "entry {i} does not stand for a symmetric image"
        );
        // The representative indexes back to the entry or one of its twins, and so does
        // every symmetric image of the state.
        let canonical = coords.canonical_index(i);
        assert_eq!(coords.canonical_index(coords.index(&rep)), canonical);
        for s in 0..SYMMETRIES {
            let image = coords.conjugate(&c.all_edge_cubies(), s);
            assert_eq!(coords.canonical_index(coords.index(&image)), canonical);
        }
    }
}

#[test]
fn orbits_partition_a_subset_closed_under_symmetry() {
    // Every state whose pieces all lie in their own slices (2,048 flips × 13,824
    // arrangements): the symmetries keep this set.  Each canonical entry met must stand for
    // an orbit of 48 / |stabilizer of the state| states, and those orbits must add up to
    // the whole set.
    let coords = full_edge_coords();
    let solved = Cube::SOLVED.all_edge_cubies();
    let pieces: [[u8; 4]; 3] = [[8, 9, 10, 11], [1, 3, 5, 7], [0, 2, 4, 6]];
    let positions: [[usize; 4]; 3] = [[8, 9, 10, 11], [1, 3, 5, 7], [0, 2, 4, 6]];
    let perms: Vec<[usize; 4]> = (0..24)
        .map(|r| {
            let mut rest = vec![0usize, 1, 2, 3];
            let mut out = [0usize; 4];
            let mut r = r;
            for (k, slot) in out.iter_mut().enumerate() {
                let f = [6, 2, 1, 1][k];
                *slot = rest.remove(r / f);
                r %= f;
            }
            out
        })
        .collect();
    let mut seen: HashSet<u64> = HashSet::new();
    let mut count = 0u64;
    for pe in &perms {
        for pm in &perms {
            for ps in &perms {
                let mut base = solved.edge_pieces();
                for (k, p) in [pe, pm, ps].into_iter().enumerate() {
                    for j in 0..4 {
                        base[positions[k][j]] = pieces[k][p[j]];
                    }
                }
                for flips in 0..FLIPS {
                    let last = (flips.count_ones() & 1) as usize;
                    let e = Edges::edges_from(base, flips | last << 11);
                    count += 1;
                    seen.insert(coords.canonical_index(coords.index(&e)));
                }
            }
        }
    }
    assert_eq!(count, (FLIPS * ARRANGEMENTS) as u64);
    let states: u64 = seen
        .iter()
        .map(|&i| {
            let e = coords.entry_edges(i);
            let fixed = (0..SYMMETRIES)
                .filter(|&s| coords.conjugate(&e, s) == e)
                .count();
            (SYMMETRIES / fixed) as u64
        })
        .sum();
    assert_eq!(states, count);
}

#[test]
fn first_depths_match_thesis_table_4_1() {
    // A sparse breadth-first search over canonical entries, each counted as the orbit of
    // states it stands for.
    let coords = full_edge_coords();
    let orbit = |i: u64| -> u64 {
        let e = coords.entry_edges(i);
        let fixed = (0..SYMMETRIES)
            .filter(|&s| coords.conjugate(&e, s) == e)
            .count();
        (SYMMETRIES / fixed) as u64
    };
    let goal = coords.canonical_index(coords.index(&Cube::SOLVED.all_edge_cubies()));
    let mut depth_of: HashMap<u64, u8> = HashMap::new();
    depth_of.insert(goal, 0);
    let mut frontier = vec![goal];
    let mut states = vec![orbit(goal)];
    for d in 1..=6u8 {
        let mut next = Vec::new();
        for &i in &frontier {
            for n in coords.neighbours(i) {
                let n = coords.canonical_index(n);
                if let std::collections::hash_map::Entry::Vacant(v) = depth_of.entry(n) {
                    v.insert(d);
                    next.push(n);
                }
            }
        }
        states.push(next.iter().map(|&i| orbit(i)).sum());
        frontier = next;
    }
    assert_eq!(states[..], EXPECTED_STATES[..7]);
}

#[test]
fn neighbours_are_the_moves_on_the_representative() {
    let coords = full_edge_coords();
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..200 {
        let c = random_cube(&mut rng);
        let i = coords.index(&c.all_edge_cubies());
        let rep = edges_of(coords.entry_edges(i));
        let n = coords.neighbours(i);
        for (m, &j) in ALL_MOVES.iter().zip(&n) {
            assert_eq!(j, coords.index(&rep.apply_move(*m).all_edge_cubies()));
        }
        // Outer value and arrangement stay in range.
        assert!(outer(&c.all_edge_cubies()) < OUTER_RAW);
        assert!(arrangement(&c.all_edge_cubies()) < ARRANGEMENTS);
    }
}

#[test]
fn expected_distribution_sums_to_all_edge_states() {
    assert_eq!(
        EXPECTED_STATES.iter().sum::<u64>(),
        korf::tables::full_edge::EDGE_STATES
    );
}

// With the table built (`korf tables generate --only full-edge`, about an hour):
// `KORF_TEST_TABLES=tables cargo test --release --lib tables::full_edge -- --ignored`.

#[test]
#[ignore]
fn full_edge_searches_are_optimal_against_heuristic_free_search() {
    use korf::search::HeuristicKind;
    use korf::search::TableSet;
    use korf::tables::Residency;
    let dir = std::env::var_os("KORF_TEST_TABLES").expect("set KORF_TEST_TABLES");
    let set = TableSet::open_for(dir.as_ref(), Residency::Mapped, HeuristicKind::FullEdge)
        .expect("the full-edge table is built and valid");
    assert_eq!(set.kind(), HeuristicKind::FullEdge);
    let v = set
        .table(crate::tables::TableKind::FullEdge)
        .unwrap()
        .verify();
    assert!(v.checksum_ok && v.histogram_ok, "{v:?}");
    assert_eq!(v.expanded_histogram.as_deref(), Some(&EXPECTED_STATES[..]));
    common::assert_optimal_on_short_scrambles(&set, 17);
}

#[test]
#[ignore]
fn coset4_with_full_edge_searches_are_optimal_against_heuristic_free_search() {
    // Both large tables at once (`korf tables generate --coset 4` as well).
    use korf::search::HeuristicKind;
    use korf::search::TableSet;
    use korf::tables::Residency;
    let dir = std::env::var_os("KORF_TEST_TABLES").expect("set KORF_TEST_TABLES");
    let set = TableSet::open_for(
        dir.as_ref(),
        Residency::Mapped,
        HeuristicKind::Coset4FullEdge,
    )
    .expect("the coset4 and full-edge tables are built and valid");
    assert_eq!(set.kind(), HeuristicKind::Coset4FullEdge);
    common::assert_optimal_on_short_scrambles(&set, 23);
}

#[test]
#[ignore]
fn full_edge_values_are_admissible_on_random_walks() {
    // The heuristic (the corners, the full-edge table on the position and on its
    // inverse) never exceeds the length of the walk that made the position.
    use korf::search::HeuristicKind;
    use korf::search::TableSet;
    use korf::tables::Residency;
    use rand::Rng;
    let dir = std::env::var_os("KORF_TEST_TABLES").expect("set KORF_TEST_TABLES");
    let set = TableSet::open_for(dir.as_ref(), Residency::Mapped, HeuristicKind::FullEdge)
        .expect("the full-edge table is built and valid");
    let h = korf::search::Heuristic::new(&set);
    let mut r = StdRng::seed_from_u64(19);
    for _ in 0..200 {
        let len = r.gen_range(0..=20);
        let seq: Vec<_> = (0..len).map(|_| ALL_MOVES[r.gen_range(0..18)]).collect();
        let x = Cube::from_moves(&seq);
        assert!(h.value(&x) as usize <= len, "{seq:?}");
    }
}
