//! The rows of Korf's patterns ([`crate::tables::generate::Space::ROW_LEN`]): a generation
//! step computes a row's neighbours once, so each entry's derived from them must equal
//! its own.

use super::{Corners, EdgeGroup, EdgePerm, Pattern, PatternSpace, EDGES7_A};
use crate::cube::Metric;
use crate::tables::generate::Space;
use rand::{Rng, SeedableRng};

/// Every entry's neighbours, computed alone, equal those its row gives it
/// ([`Space::ROW_LEN`], [`Space::in_row`]): from where each move takes
/// the row's first entry.
fn check_rows<P: Pattern>(p: &P, seed: u64) {
    let mut r = rand::rngs::StdRng::seed_from_u64(seed);
    for metric in [Metric::Htm, Metric::Qtm, Metric::Stm] {
        let space = PatternSpace {
            pattern: p,
            goal: 0,
            metric,
        };
        let len = PatternSpace::<P>::ROW_LEN;
        assert!(len > 1 && p.entries() % len == 0);
        for _ in 0..2000 {
            let i = r.gen_range(0..p.entries());
            let (alone, n) = space.neighbour_array(i);
            let (first, m) = space.neighbour_array(i - i % len);
            assert_eq!(n, m);
            for k in 0..n {
                assert_eq!(
                    space.in_row(first[k], i % len),
                    alone[k],
                    "entry {i}, move {k}"
                );
            }
        }
    }
}

#[test]
fn rows_give_each_entry_its_own_neighbours() {
    check_rows(&Corners, 1);
    check_rows(&EDGES7_A, 2);
    check_rows(&EdgePerm, 3);
    check_rows(
        &EdgeGroup {
            positions: [0, 1, 8, 11],
        },
        4,
    );
}
