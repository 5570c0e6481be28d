//! The library's entry point, as a Rust user calls it: `korf::Solver` opens a tables
//! directory, chooses the heuristic by the one preference rule, solves, and refuses what
//! it must not do (build a large table, build anything when told not to).

use crate::common;
use korf::cube::{parse_moves, random_cube};
use korf::search::{solve_without_heuristic, Options};
use korf::tables::{Residency, TableKind};
use korf::{Cube, Error, HeuristicKind, Solver, SolverConfig};
use rand::{Rng, SeedableRng};

fn quiet_config(search: &Options) -> SolverConfig<'_> {
    SolverConfig {
        residency: Residency::Mapped,
        search,
        ..SolverConfig::default()
    }
}

#[test]
fn a_solver_is_shared_between_threads() {
    fn assert_sync<T: Sync + Send>() {}
    assert_sync::<Solver>();
}

#[test]
fn the_solver_finds_optimal_solutions_and_proves_them() {
    // The coset table: the test directory holds it and Korf's tables, so the preference
    // rule must pick it.
    common::table_set_for(HeuristicKind::Coset);
    let options = Options {
        threads: 2,
        ..Options::default()
    };
    let solver = Solver::open_with(common::tables_dir(), &quiet_config(&options)).unwrap();
    assert_eq!(solver.heuristic(), HeuristicKind::Coset);
    let mut rng = rand::rngs::StdRng::seed_from_u64(2020);
    for _ in 0..12 {
        let len = rng.gen_range(0..=7);
        let seq: Vec<_> = (0..len)
            .map(|_| korf::cube::ALL_MOVES[rng.gen_range(0..18)])
            .collect();
        let cube = Cube::from_moves(&seq);
        let outcome = solver.solve(&cube).unwrap();
        let moves = outcome.moves().expect("solved");
        assert!(cube.apply_moves(moves).is_solved());
        let shortest = solve_without_heuristic(&cube, 7).expect("within 7 moves");
        assert_eq!(moves.len(), shortest.len(), "{seq:?}");
        assert!(solver.lower_bound(&cube) as usize <= moves.len());
    }
}

#[test]
fn the_preference_rule_picks_the_fastest_table_present() {
    let only = |present: &'static [TableKind]| move |k: TableKind| present.contains(&k);
    use TableKind::*;
    assert_eq!(
        HeuristicKind::preferred(only(&[Corners, Coset, FlipSlice, SlicePerm, SlicePair])),
        HeuristicKind::SlicePair
    );
    assert_eq!(
        HeuristicKind::preferred(only(&[Corners, Coset, FlipSlice, SlicePerm])),
        HeuristicKind::SlicePerm
    );
    assert_eq!(
        HeuristicKind::preferred(only(&[Corners, Coset4, FlipSlice])),
        HeuristicKind::FlipSlice
    );
    assert_eq!(
        HeuristicKind::preferred(only(&[Corners, Coset4])),
        HeuristicKind::Coset4
    );
    assert_eq!(
        HeuristicKind::preferred(only(&[Corners, Edges7, EdgePerm])),
        HeuristicKind::Korf
    );
    assert_eq!(
        HeuristicKind::preferred(only(&[Corners, Edges7, EdgePerm, Coset])),
        HeuristicKind::Coset
    );
    // An empty directory: the small coset table, built on first use.
    assert_eq!(HeuristicKind::preferred(only(&[])), HeuristicKind::Coset);
    for k in HeuristicKind::ALL {
        assert_eq!(HeuristicKind::from_name(k.name()), Some(k));
    }
}

#[test]
fn a_large_table_is_never_built_behind_the_callers_back() {
    let dir = tempfile::tempdir().unwrap();
    let options = Options::default();
    for (heuristic, table) in [
        (HeuristicKind::FlipSlice, "flipslice"),
        (HeuristicKind::SlicePerm, "sliceperm"),
        (HeuristicKind::SlicePair, "slicepair"),
        (HeuristicKind::FullEdge, "full-edge"),
    ] {
        let config = SolverConfig {
            heuristic: Some(heuristic),
            ..quiet_config(&options)
        };
        match Solver::open_with(dir.path(), &config) {
            Err(Error::TablesMissing(message)) => {
                assert!(
                    message.contains(&format!("korf tables generate --only {table}")),
                    "{message}"
                );
                assert!(!Error::TablesMissing(message).is_input());
            }
            Err(e) => panic!("{heuristic:?}: {e}"),
            Ok(_) => panic!("{heuristic:?} opened without its table"),
        }
    }
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn without_permission_to_build_missing_tables_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let options = Options::default();
    let config = SolverConfig {
        generate: false,
        ..quiet_config(&options)
    };
    let Err(Error::TablesMissing(message)) = Solver::open_with(dir.path(), &config) else {
        panic!("opened an empty directory");
    };
    assert!(message.contains("corners, coset"), "{message}");
    assert!(message.contains("korf tables generate"), "{message}");
}

#[test]
fn bad_input_is_an_input_error() {
    let e = Error::from(parse_moves("R U M").unwrap_err());
    assert!(e.is_input());
    assert!(e.to_string().contains("`M` at position 5"), "{e}");
    let e = Error::from(Cube::from_facelets("UUU").unwrap_err());
    assert!(e.is_input());
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let facelets = random_cube(&mut rng).to_facelets();
    assert!(Cube::from_facelets(&facelets).is_ok());
}
