//! Every solution (`Options::all`): the lists against heuristic-free enumeration, under the
//! position's symmetries, with and without merged tasks, capped and stopped.

use crate::common::{self, all_solutions};

use korf::cube::{canonical_form, is_canonical, parse_moves, Cube};
use korf::search::{self, AllSolutions, HeuristicKind, Listing, Options};
use std::time::Duration;

#[test]
fn canonical_form_orders_opposite_faces_and_rejects_unreduced_sequences() {
    let canon = |s: &str| canonical_form(&parse_moves(s).unwrap());
    assert_eq!(canon("D U R"), Some(parse_moves("U D R").unwrap()));
    assert_eq!(canon("R L' B F2"), Some(parse_moves("R L' F2 B").unwrap()));
    assert_eq!(canon("L R"), Some(parse_moves("R L").unwrap()));
    assert_eq!(canon(""), Some(vec![]));
    // A face twice in a row, directly or around its opposite: not reduced.
    assert_eq!(canon("U U"), None);
    assert_eq!(canon("U D U'"), None);
    assert_eq!(canon("D U D2 R"), None);
    assert!(is_canonical(&parse_moves("U D R L F B").unwrap()));
    assert!(!is_canonical(&parse_moves("D U").unwrap()));
}

#[test]
fn optimal_and_near_optimal_lists_equal_enumeration_with_the_coset_table() {
    let set = common::table_set_for(HeuristicKind::Coset);
    common::assert_all_solutions_match_enumeration(&set, 2102, 200);
}

#[test]
fn symmetric_positions_list_the_same_set_with_merged_tasks_and_without() {
    let set = common::table_set_for(HeuristicKind::Coset);
    common::assert_symmetric_positions_list_alike(&set);
}

#[test]
fn a_cap_stops_the_list_and_says_so() {
    let set = common::table_set_for(HeuristicKind::Coset);
    let cube = Cube::from_moves(&parse_moves("U2 D2 R2 L2 F2 B2").unwrap());
    let every = all_solutions(&set, &cube, 0, 1, 1, true);
    assert!(every.solutions.len() > 3);
    let opts = Options {
        threads: 1,
        all: Some(AllSolutions {
            within: 0,
            max_solutions: Some(3),
        }),
        ..Options::default()
    };
    let out = search::solve(&set, &cube, &opts, None).unwrap();
    let capped = out.all.unwrap();
    assert_eq!(capped.listing, Listing::Capped);
    assert_eq!(capped.solutions.len(), 3);
    for s in &capped.solutions {
        assert!(every.solutions.contains(s));
        assert!(cube.apply_moves(s).is_solved());
    }
    // Optimal all the same: the shorter bounds were searched to the end.
    assert_eq!(out.proven_lower, every.optimal_length);
}

#[test]
fn a_stopped_search_keeps_what_it_found_and_says_the_list_is_incomplete() {
    let set = common::table_set_for(HeuristicKind::Coset);
    // Fourteen moves: far more than a millisecond of work.
    let cube = Cube::from_moves(&parse_moves("R U2 F' L D B2 R' U F2 D' L2 B U' R2").unwrap());
    let opts = Options {
        threads: 1,
        timeout: Some(Duration::from_millis(1)),
        all: Some(AllSolutions::default()),
        ..Options::default()
    };
    let out = search::solve(&set, &cube, &opts, None).unwrap();
    match out.all {
        // Usually nothing is found in a millisecond: no list, and the solve says why.
        None => assert!(out.solution.is_err()),
        Some(all) => assert_eq!(all.listing, Listing::Timeout),
    }
}

#[test]
fn a_search_stopped_inside_its_last_bound_is_not_a_complete_list() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let set = common::table_set_for(HeuristicKind::Coset);
    // A published 16-move position with the k = 0 table: the last bound takes seconds, and
    // the stop comes at the first progress report after the first solution.
    let text = common::list_position("optimal-16.txt", 0);
    let cube = Cube::from_moves(&parse_moves(&text).unwrap());
    let cancel = Arc::new(AtomicBool::new(false));
    let opts = Options {
        threads: 2,
        cancel: Some(cancel.clone()),
        all: Some(AllSolutions::default()),
        ..Options::default()
    };
    let stop = |s: korf::search::Snapshot| {
        if s.solutions > 0 {
            cancel.store(true, Ordering::Relaxed);
        }
    };
    let out = search::solve(&set, &cube, &opts, Some(&stop)).unwrap();
    let all = out.all.expect("a solution was found before the stop");
    assert_eq!(all.listing, Listing::Interrupted);
    assert!(!all.is_complete());
    // What was found is optimal all the same: every shorter bound was searched.
    assert_eq!(out.solution.unwrap().len(), all.optimal_length as usize);
}

#[test]
fn a_checkpoint_cannot_resume_a_search_for_every_solution() {
    let set = common::table_set_for(HeuristicKind::Coset);
    let dir = tempfile::tempdir().unwrap();
    let opts = Options {
        all: Some(AllSolutions::default()),
        checkpoint: Some(korf::search::checkpoint::CheckpointFile {
            path: dir.path().join("c.json"),
            every: Duration::from_secs(5),
        }),
        ..Options::default()
    };
    let cube = Cube::from_moves(&parse_moves("R U").unwrap());
    let err = search::solve(&set, &cube, &opts, None).unwrap_err();
    assert!(err.to_string().contains("checkpoint"), "{err}");
}

/// Every optimal solution of the superflip (20 moves), with the sliceperm table on two
/// threads: each of its 48 symmetries maps the list onto itself.  An hour or more; run
/// with `KORF_TEST_TABLES=DIR cargo test --release --test integration -- --ignored
/// superflip_solutions` (DIR holding sliceperm.pdb, else it is built first).
#[test]
#[ignore]
fn superflip_solutions_are_closed_under_its_48_symmetries() {
    use korf::cube::symmetry::stabilizer;
    let set = common::table_set_for(HeuristicKind::SlicePerm);
    let superflip = common::list_position("superflip-20.txt", 0);
    let cube = Cube::from_moves(&parse_moves(&superflip).unwrap());
    let symmetries = stabilizer(&cube);
    assert_eq!(symmetries.len(), 48);
    let all = all_solutions(&set, &cube, 0, 2, korf::search::DEFAULT_LANES, true);
    eprintln!("superflip: {} optimal solutions", all.solutions.len());
    assert_eq!(all.optimal_length, 20);
    for q in &all.solutions {
        assert!(cube.apply_moves(q).is_solved() && is_canonical(q));
    }
    common::assert_closed_under_symmetries(&all.solutions, &symmetries, "the superflip");
}

/// The slow tier (`tests/slow.sh`; `cargo test --release -- --ignored slow::`).
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn optimal_and_near_optimal_lists_equal_enumeration_with_korfs_tables() {
        let set = common::table_set_for(HeuristicKind::Korf);
        common::assert_all_solutions_match_enumeration(&set, 2111, 200);
    }
}
