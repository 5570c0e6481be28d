//! The tests every three-axis coset family passes, run over the registry: a family added
//! there is tested here without a line more.  What is particular to a coordinate (its
//! sizes, its subgroup's elements, its depths against plain searches) stays in the
//! family's own `tests.rs`.

use crate::testing as common;

use crate::cube::symmetry::{conjugate, UD_SYMMETRIES};
use crate::cube::{random_cube, Cube, ALL_MOVES};
use crate::tables::coset::AXIS_SYMMETRIES;
use crate::tables::probe::{AxisCoords, AxisTable};
use crate::tables::{AxisProbe, AxisVisitor, TableKind};
use rand::{Rng, SeedableRng};

/// Run `check` on the coordinate of every three-axis table of the registry, with its name.
fn for_every_family(check: fn(&'static str, &dyn AxisIndex)) {
    let mut families = 0;
    for &kind in TableKind::ALL {
        if let Some(probe) = AxisProbe::new(kind, &[], 0) {
            probe.visit(Check(kind.name(), check));
            families += 1;
        }
    }
    assert!(families >= 4, "{families} three-axis families");
}

/// What the checks read of a coordinate, as an object (so that one check serves every
/// family; the search itself is compiled per family).
trait AxisIndex {
    /// Table index of `S·x·S⁻¹` for the `a`-th axis symmetry.
    fn axis_index(&self, x: &Cube, a: usize) -> u64;
    /// The smallest index among an entry's twins.
    fn canonical(&self, i: u64) -> u64;
    /// Moves a tight probe of the axes in `tight` excludes (those of their subgroups).
    fn excluded(&self, tight: u8) -> u32;
    /// Axes whose subgroup holds move `mi`.
    fn inherited(&self, mi: usize) -> u8;
}

impl<C: AxisCoords> AxisIndex for &'static C {
    fn axis_index(&self, x: &Cube, a: usize) -> u64 {
        AxisCoords::axis_index(*self, x, &self.parts(x), a)
    }
    fn canonical(&self, i: u64) -> u64 {
        self.canonical_index(i)
    }
    fn excluded(&self, tight: u8) -> u32 {
        AxisCoords::excluded(*self, tight)
    }
    fn inherited(&self, mi: usize) -> u8 {
        AxisCoords::inherited(*self, mi)
    }
}

struct Check(&'static str, fn(&'static str, &dyn AxisIndex));

impl<'a> AxisVisitor<'a> for Check {
    type Out = ();
    fn visit<C: AxisCoords>(self, table: AxisTable<'a, C>) {
        (self.1)(self.0, &table.coords)
    }
}

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// The moves of the U–D axis' subgroup, as a move bit set.
fn subgroup_moves(co: &dyn AxisIndex) -> Vec<crate::cube::Move> {
    let bits = co.excluded(1);
    ALL_MOVES
        .iter()
        .enumerate()
        .filter(|(mi, _)| bits >> mi & 1 == 1)
        .map(|(_, &m)| m)
        .collect()
}

#[test]
fn every_coordinate_is_invariant_under_the_16_ud_symmetries() {
    for_every_family(|name, co| {
        eprintln!("{name}");
        common::assert_invariant_under_symmetries(
            (&|x| co.axis_index(x, 0), &|i| co.canonical(i)),
            UD_SYMMETRIES,
            22,
        );
    });
}

#[test]
fn each_axis_index_is_the_ud_index_of_the_cube_turned_onto_that_axis() {
    for_every_family(|name, co| {
        let mut r = rng(23);
        for _ in 0..1000 {
            let x = random_cube(&mut r);
            for (a, &s) in AXIS_SYMMETRIES.iter().enumerate() {
                let turned = conjugate(&x, s);
                assert_eq!(
                    co.canonical(co.axis_index(&x, a)),
                    co.canonical(co.axis_index(&turned, 0)),
                    "{name}, axis {a}"
                );
            }
        }
    });
}

#[test]
fn the_moves_a_tight_probe_excludes_are_those_that_keep_the_goal() {
    // A move the search may drop after a tight U-D probe must lie in the subgroup: it
    // keeps the solved cube's entry; every other move leaves it.
    for_every_family(|name, co| {
        let goal = co.axis_index(&Cube::SOLVED, 0);
        let excluded = co.excluded(1);
        assert_ne!(excluded, 0, "{name}: a subgroup with no move");
        for (mi, &m) in ALL_MOVES.iter().enumerate() {
            let stays = co.axis_index(&Cube::SOLVED.apply_move(m), 0) == goal;
            assert_eq!(stays, excluded >> mi & 1 == 1, "{name}: {m}");
        }
    });
}

#[test]
fn the_coordinate_names_right_cosets_of_the_subgroup() {
    for_every_family(|name, co| {
        let moves = subgroup_moves(co);
        let mut r = rng(51);
        for _ in 0..1000 {
            let x = random_cube(&mut r);
            let walk: Vec<_> = (0..30)
                .map(|_| moves[r.gen_range(0..moves.len())])
                .collect();
            let h = Cube::from_moves(&walk);
            let (hx, x0) = (co.axis_index(&h.compose(&x), 0), co.axis_index(&x, 0));
            assert_eq!(co.canonical(hx), co.canonical(x0), "{name}: {walk:?}");
        }
    });
}

#[test]
fn a_move_of_an_axis_subgroup_keeps_that_axis_entry_of_the_tracked_inverse() {
    for_every_family(|name, co| {
        eprintln!("{name}");
        common::assert_axis_moves_keep_tracked_inverse_entries(
            &|x, a| co.axis_index(x, a),
            &|mi| co.inherited(mi),
            31,
        );
    });
}

#[test]
fn the_registry_names_as_three_axis_exactly_the_tables_with_a_probe() {
    for &kind in TableKind::ALL {
        let probe = AxisProbe::new(kind, &[], 0).is_some();
        assert_eq!(kind.is_axis(), probe, "{}", kind.name());
    }
}
