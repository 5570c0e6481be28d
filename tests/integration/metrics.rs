//! The quarter-turn metric and restricted move sets (`Options::rules`): distance counts,
//! optimal lengths and every solution against heuristic-free search, symmetric positions,
//! positions the moves cannot reach.

use crate::common;
use korf::cube::{parse_moves, Cube, Metric, MoveRules, MoveSet};
use korf::search::{self, AllSolutions, HeuristicKind, Options, Unsolved};

fn qtm() -> MoveRules {
    MoveRules {
        metric: Metric::Qtm,
        moves: MoveSet::ALL,
    }
}

fn rules(metric: Metric, set: &str) -> MoveRules {
    MoveRules {
        metric,
        moves: MoveSet::parse(set).unwrap(),
    }
}

#[test]
fn qtm_distance_counts_equal_oeis_a080602() {
    // OEIS A080602: positions at each quarter-turn distance.
    assert_eq!(
        search::distance_counts(qtm(), 7),
        [1, 12, 114, 1068, 10011, 93840, 878880, 8221632]
    );
    // And A080601 in face turns, which the same search counts with every turn costing 1.
    assert_eq!(
        search::distance_counts(MoveRules::HTM, 5),
        [1, 18, 243, 3240, 43239, 574908]
    );
}

#[test]
fn qtm_and_move_set_lengths_equal_heuristic_free_search() {
    // Korf's tables and the k = 0 coset table: every search under other rules reads them.
    let korf = common::table_set();
    assert!(common::assert_rules_optimal(korf, 40, 30) >= 200);
    let coset = common::table_set_for(HeuristicKind::Coset);
    assert!(common::assert_rules_optimal(&coset, 41, 30) >= 200);
    // The quarter-turn tables: the quarter-turn cases only.
    let qtm_tables = common::table_set_for(HeuristicKind::CosetQtm);
    assert!(common::assert_rules_optimal(&qtm_tables, 42, 40) >= 150);
}

#[test]
fn quarter_turn_tables_bound_only_quarter_turn_searches() {
    let set = common::table_set_for(HeuristicKind::CosetQtm);
    let cube = Cube::from_moves(&parse_moves("R U2 F").unwrap());
    let err = search::solve(&set, &cube, &Options::default(), None).unwrap_err();
    assert!(err.to_string().contains("--metric qtm"), "{err}");
    let out = search::solve(&set, &cube, &Options::for_rules(qtm()), None).unwrap();
    assert_eq!(qtm().length(&out.solution.unwrap()), 4);
    // Admissible: never above the distance, on random walks of quarter turns.
    use rand::{Rng, SeedableRng};
    let h = search::Heuristic::new(&set);
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for _ in 0..200 {
        let mut inv = Cube::SOLVED;
        for i in 0..20 {
            let m = Metric::Qtm.generators()[rng.gen_range(0..12)];
            inv = inv.premove(m.inverse());
            assert!(h.value(&inv) as usize <= i + 1);
        }
    }
}

/// Every solution within `within` of optimal, by the search and by enumeration.
fn assert_all_match(set: &search::TableSet, cube: &Cube, rules: MoveRules, within: u8) {
    let opts = Options {
        threads: 2,
        all: Some(AllSolutions {
            within,
            max_solutions: None,
        }),
        ..Options::for_rules(rules)
    };
    let out = search::solve(set, cube, &opts, None).unwrap();
    let all = out.all.expect("listed");
    assert!(all.is_complete());
    let optimal = all.optimal_length as usize;
    let mut expected = Vec::new();
    for length in optimal..=optimal + within as usize {
        expected.extend(search::all_solutions_under(cube, rules, length));
    }
    let mut found = all.solutions.clone();
    found.sort();
    expected.sort();
    assert_eq!(found, expected, "{cube} ({})", rules.tag());
    // Shortest first, in the metric.
    assert!(all
        .solutions
        .windows(2)
        .all(|w| rules.length(&w[0]) <= rules.length(&w[1])));
}

#[test]
fn sune_lists_every_ru_algorithm_within_one_move() {
    let set = common::table_set_for(HeuristicKind::Coset);
    let sune = parse_moves("R U R' U R U2 R'").unwrap();
    let undo: Vec<_> = sune.iter().rev().map(|m| m.inverse()).collect();
    let case = Cube::from_moves(&undo);
    let ru = rules(Metric::Htm, "R,U");
    assert_all_match(&set, &case, ru, 1);
    let opts = Options {
        all: Some(AllSolutions {
            within: 1,
            max_solutions: None,
        }),
        ..Options::for_rules(ru)
    };
    let all = search::solve(&set, &case, &opts, None)
        .unwrap()
        .all
        .unwrap();
    assert_eq!(all.optimal_length, 7);
    assert!(all.solutions.contains(&sune), "Sune itself is listed");
    // The same case in quarter turns: Sune costs 8.
    assert_all_match(&set, &case, rules(Metric::Qtm, "R,U"), 2);
}

#[test]
fn qtm_all_solutions_match_enumeration_on_short_positions() {
    use rand::SeedableRng;
    let set = common::table_set_for(HeuristicKind::Coset);
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for n in 0..12 {
        let seq = common::rules_scramble(&mut rng, qtm(), 5);
        let within = (n % 3) as u8;
        assert_all_match(&set, &Cube::from_moves(&seq), qtm(), within);
    }
    for (set_name, metric) in [("R,U,F", Metric::Htm), ("R,U,D", Metric::Qtm)] {
        let r = rules(metric, set_name);
        for _ in 0..6 {
            let seq = common::rules_scramble(&mut rng, r, 6);
            assert_all_match(&set, &Cube::from_moves(&seq), r, 1);
        }
    }
}

#[test]
fn symmetric_positions_merge_only_symmetries_that_keep_the_move_set() {
    let set = common::table_set_for(HeuristicKind::Coset);
    let cases = [
        ("U2 D2", qtm()),
        ("R2 L2 U2 D2", qtm()),
        ("U D'", qtm()),
        ("U2 R2 U2", rules(Metric::Htm, "R,U")),
        ("U R2 U' R2 U2", rules(Metric::Qtm, "R,U,F")),
        ("U2 D2 R2", rules(Metric::Htm, "R,U,D")),
    ];
    for (scramble, r) in cases {
        let cube = Cube::from_moves(&parse_moves(scramble).unwrap());
        let listed = |merge: bool| {
            let opts = Options {
                merge_symmetries: merge,
                all: Some(AllSolutions {
                    within: 1,
                    max_solutions: None,
                }),
                ..Options::for_rules(r)
            };
            let out = search::solve(&set, &cube, &opts, None).unwrap();
            out.all.unwrap().solutions
        };
        let merged = listed(true);
        assert_eq!(merged, listed(false), "{scramble} ({})", r.tag());
        assert!(merged.iter().all(|s| r.allows(s)));
    }
}

#[test]
fn positions_the_moves_cannot_reach_are_refused_not_answered() {
    let set = common::table_set_for(HeuristicKind::Coset);
    let ru = rules(Metric::Htm, "R,U");
    let opts = Options::for_rules(ru);
    // A D turn moves pieces ⟨R,U⟩ never reaches; F flips edges, which ⟨R,U⟩ never does
    // (F U F' ... leaves them in reach but flipped).
    for scramble in ["D", "F U F' U' F' U F", "F R U R' U' F'"] {
        let cube = Cube::from_moves(&parse_moves(scramble).unwrap());
        let out = search::solve(&set, &cube, &opts, None).unwrap();
        assert_eq!(out.solution, Err(Unsolved::Unreachable), "{scramble}");
        assert!(ru.moves.unreachable(&cube).is_some());
    }
    // Reachable, but not within the limit: the search says so, never a wrong answer.
    let sune = Cube::from_moves(&parse_moves("R U2 R' U' R U' R'").unwrap());
    let short = Options {
        max_depth: 6,
        ..opts.clone()
    };
    let out = search::solve(&set, &sune, &short, None).unwrap();
    assert_eq!(out.solution, Err(Unsolved::MaxDepth));
    assert_eq!(out.proven_lower, 7);
}

#[test]
fn a_checkpoint_of_one_metric_does_not_resume_another() {
    let set = common::table_set_for(HeuristicKind::Coset);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("solve.ckpt");
    let cube = Cube::from_moves(&parse_moves("R U2 F' L D2").unwrap());
    let with = |rules: MoveRules| Options {
        checkpoint: Some(search::checkpoint::CheckpointFile {
            path: path.clone(),
            every: std::time::Duration::from_secs(60),
        }),
        ..Options::for_rules(rules)
    };
    let htm = search::solve(&set, &cube, &with(MoveRules::HTM), None).unwrap();
    assert_eq!(htm.solution.unwrap().len(), 5);
    let err = search::solve(&set, &cube, &with(qtm()), None).unwrap_err();
    assert!(err.to_string().contains("another solve"), "{err}");
}

/// `cube` is `distance` quarter turns from solved: solved with the tables of `kind` (a
/// U/D-layer size, which keeps every edge's flip and so bounds the superflip well), the
/// solution checked.
fn assert_quarter_turn_distance(cube: &Cube, distance: usize, kind: HeuristicKind) {
    let set = common::table_set_for(kind);
    let out = search::solve(&set, cube, &Options::for_rules(qtm()), None).unwrap();
    let sol = out.solution.unwrap();
    assert!(cube.apply_moves(&sol).is_solved());
    assert_eq!(qtm().length(&sol), distance);
}

/// The k = 4 quarter-turn table takes the three-axis walk in quarter turns, which
/// switches sides often with it (a half turn then made as two quarter turns on the
/// inverse's side): its solutions, merged back into half turns, are canonical, solve the
/// position and have the lengths the plain walk with the k = 0 quarter-turn tables finds
/// (150 positions up to 14q, 2 s).
/// Needs the k = 4 quarter-turn table (`korf tables generate --only coset4-qtm`, about
/// 3 minutes); not run by CI.
#[test]
#[ignore]
fn quarter_turn_walk_in_stages_agrees_with_the_plain_walk() {
    use rand::SeedableRng;
    let staged = common::table_set_for(HeuristicKind::Coset4Qtm);
    let plain = common::table_set_for(HeuristicKind::CosetQtm);
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let mut doubled = 0;
    for n in 0..150 {
        let seq = common::rules_scramble(&mut rng, qtm(), 14);
        let cube = Cube::from_moves(&seq);
        let opts = Options {
            threads: 1 + n % 2,
            ..Options::for_rules(qtm())
        };
        let a = search::solve(&staged, &cube, &opts, None).unwrap();
        let b = search::solve(&plain, &cube, &opts, None).unwrap();
        let (a, b) = (a.solution.unwrap(), b.solution.unwrap());
        assert!(cube.apply_moves(&a).is_solved(), "{cube}: {a:?}");
        assert!(korf::cube::canonical_form(&a).is_some(), "{cube}: {a:?}");
        assert_eq!(qtm().length(&a), qtm().length(&b), "{cube}: {a:?} {b:?}");
        doubled += a.iter().filter(|m| m.quarter_turns() == 2).count();
    }
    assert!(doubled > 0, "half turns made of quarter turns");
}

fn superflip() -> Cube {
    korf::cube::parse_position(&common::list_position("superflip-20.txt", 0)).unwrap()
}

/// The superflip is 24 quarter turns from solved (cube20.org).  Not run by CI: it needs
/// the flipslice quarter-turn table (`korf tables generate --only flipslice-qtm`, 2.4 GiB,
/// about 10 minutes) and takes minutes (`docs/benchmarks.md`).
#[test]
#[ignore]
fn superflip_is_24_quarter_turns() {
    assert_quarter_turn_distance(&superflip(), 24, HeuristicKind::FlipSliceQtm);
}

/// The superflip composed with four-spot is 26 quarter turns from solved, the most any
/// position needs (cube20.org).  Not run by CI: every node of bound 24 is searched, so it
/// takes the largest quarter-turn table built here (`korf tables generate --only
/// slicepair-qtm`, 14.3 GiB, over an hour) and then about 3 hours on two cores (proven
/// with the same search by `korf solve --checkpoint`, in two runs: `docs/benchmarks.md`).
#[test]
#[ignore]
fn superflip_with_four_spot_is_26_quarter_turns() {
    let four_spot = parse_moves("F2 B2 U D' R2 L2 U D'").unwrap();
    let cube = superflip().apply_moves(&four_spot);
    assert_quarter_turn_distance(&cube, 26, HeuristicKind::SlicePairQtm);
}
