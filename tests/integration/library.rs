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
    // The test directory holds the coset tables and Korf's tables (and, once CI or a
    // developer has built them there, the larger parity tables and the three-axis ones:
    // the slow tier builds coset3 there, and CI keeps the directory between runs; with the
    // phase-1 table beside it, `auto` takes coset3+phase1): the preference rule picks the
    // fastest of them.
    common::table_set_for(HeuristicKind::Coset);
    common::table_set_for(HeuristicKind::CosetCp);
    let options = Options {
        threads: 2,
        ..Options::default()
    };
    let solver = Solver::open_with(common::tables_dir(), &quiet_config(&options)).unwrap();
    let preferred = HeuristicKind::preferred_in(common::tables_dir());
    assert!(matches!(
        preferred,
        HeuristicKind::CosetCp
            | HeuristicKind::CosetFp
            | HeuristicKind::CosetFcp
            | HeuristicKind::CosetFpp
            | HeuristicKind::LayerFlips
            | HeuristicKind::Coset3
            | HeuristicKind::Coset3Phase1
            | HeuristicKind::Coset4
    ));
    let dir = common::tables_dir();
    assert!(preferred
        .tables()
        .iter()
        .all(|k| dir.join(k.file_name()).exists()));
    assert_eq!(solver.heuristic(), preferred);
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
    let only = |present: Vec<TableKind>| move |k: TableKind| present.contains(&k);
    use TableKind::*;
    // Every three-axis table of the registry wins over the slower ones present with it;
    // of two heuristics with the same own table (sliceperm with and without the phase-1
    // table beside it), the one ranked first.
    let own = |k: &HeuristicKind| *k.tables().last().unwrap();
    let mut auto: Vec<HeuristicKind> = HeuristicKind::fastest_first()
        .into_iter()
        .filter(|k| k.spec().auto)
        .collect();
    let ranked = auto.clone();
    auto.dedup_by_key(|k| own(k));
    assert!(auto.len() >= 4, "{auto:?}");
    assert!(ranked.len() > auto.len(), "a table read by two heuristics");
    for (i, &kind) in auto.iter().enumerate() {
        let mut present = vec![Corners, Coset];
        present.extend(auto[i..].iter().map(own));
        assert_eq!(HeuristicKind::preferred(only(present)), kind);
    }
    assert_eq!(
        HeuristicKind::preferred(only(vec![Corners, SlicePerm, FlipSlice])),
        HeuristicKind::SlicePermPhase1
    );
    assert_eq!(
        HeuristicKind::preferred(only(vec![Corners, Edges7, EdgePerm])),
        HeuristicKind::Korf
    );
    assert_eq!(
        HeuristicKind::preferred(only(vec![Corners, Edges7, EdgePerm, Coset])),
        HeuristicKind::Coset
    );
    // An empty directory: the corner-parity coset table, small and built on first use.
    assert_eq!(
        HeuristicKind::preferred(only(vec![])),
        HeuristicKind::CosetCp
    );
    // A directory of an older korf with the k = 0 table only: that, as it is.
    assert_eq!(
        HeuristicKind::preferred(only(vec![Corners, Coset])),
        HeuristicKind::Coset
    );
    for &k in HeuristicKind::ALL {
        assert_eq!(HeuristicKind::from_name(k.name()), Some(k));
    }
}

#[test]
fn each_metric_prefers_its_own_tables() {
    use korf::cube::Metric;
    use TableKind::*;
    let only = |present: Vec<TableKind>| move |k: TableKind| present.contains(&k);
    let every_table = || TableKind::ALL.to_vec();
    // Quarter-turn tables never serve a face-turn search's `auto`, and the other way.
    assert_eq!(
        HeuristicKind::preferred(only(vec![CornersQtm, Coset4Qtm, FlipSliceQtm])),
        HeuristicKind::CosetCp
    );
    assert_eq!(
        HeuristicKind::preferred(only(vec![Corners, Coset4])),
        HeuristicKind::Coset4
    );
    assert_eq!(
        HeuristicKind::preferred_qtm(only(vec![Corners, Coset4])),
        HeuristicKind::CosetQtm
    );
    assert_eq!(
        HeuristicKind::preferred(only(every_table())).spec().metric,
        Metric::Htm
    );
    assert_eq!(
        HeuristicKind::preferred_qtm(only(every_table())),
        HeuristicKind::SlicePairQtm
    );
    // The larger quarter-turn table present wins.
    assert_eq!(
        HeuristicKind::preferred_qtm(only(vec![CornersQtm, Coset4Qtm])),
        HeuristicKind::Coset4Qtm
    );
    assert_eq!(
        HeuristicKind::preferred_qtm(only(vec![CornersQtm, Coset4Qtm, FlipSliceQtm])),
        HeuristicKind::FlipSliceQtm
    );
    assert_eq!(
        HeuristicKind::preferred_qtm(only(vec![])),
        HeuristicKind::CosetQtm
    );
    // Every quarter-turn size of the ladder is offered, with the quarter-turn corners.
    let qtm = HeuristicKind::fastest_first_in(Metric::Qtm);
    for kind in [FlipSliceQtm, SlicePermQtm, SlicePairQtm] {
        let h = *qtm
            .iter()
            .find(|h| h.tables().contains(&kind))
            .expect("offered");
        assert_eq!(h.tables()[0], CornersQtm);
        assert!(kind.counts_quarter_turns());
    }
}

#[test]
fn a_large_table_is_never_built_behind_the_callers_back() {
    let dir = tempfile::tempdir().unwrap();
    // Every heuristic of the registry with a table not built on demand.
    let large = HeuristicKind::ALL.iter().filter_map(|&h| {
        let table = h.tables().iter().find(|k| !k.descriptor().on_demand)?;
        Some((h, table.name()))
    });
    let mut checked = 0;
    for (heuristic, table) in large {
        checked += 1;
        // Each in the metric its tables count.
        let options = Options::for_rules(korf::cube::MoveRules {
            metric: heuristic.spec().metric,
            moves: korf::cube::MoveSet::ALL,
        });
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
    assert!(checked >= 5, "{checked}");
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
    assert!(message.contains("edge-slices"), "{message}");
    assert!(message.contains("coset-cp"), "{message}");
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
