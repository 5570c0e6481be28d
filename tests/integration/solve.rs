//! The optimal solver against plain iterative deepening, and its limits.

use crate::common;

use korf::cube::{parse_moves, random_cube, Cube, Move, ALL_MOVES};
use korf::search::{self, Heuristic, Options, Unsolved};
use korf::tables::TableKind;
use rand::{Rng, SeedableRng};
use std::time::Duration;

fn opts(threads: usize) -> Options {
    Options {
        threads,
        ..Options::default()
    }
}

/// Without the quick phase: the solve is split into tasks at once, and its iterations
/// (with the upper-bound source between them) run even for a short scramble.
fn split_at_once(threads: usize) -> Options {
    Options {
        quick_phase: false,
        ..opts(threads)
    }
}

fn random_sequence(rng: &mut impl Rng, len: usize) -> Vec<Move> {
    (0..len).map(|_| ALL_MOVES[rng.gen_range(0..18)]).collect()
}

#[test]
fn easy_positions_are_solved_before_the_root_split() {
    // The quick phase: a position of a few moves is solved from the root alone, no task
    // made, at the length the split search finds (under 4096 nodes the phase's clock is
    // never read, so this does not depend on the machine's speed); a harder one outlasts
    // the phase and is split as before.
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(2027);
    let mut checked = 0;
    while checked < 8 {
        let cube = Cube::from_moves(&random_sequence(&mut rng, 2 + checked % 4));
        if korf::cube::symmetry::stabilizer(&cube).len() > 1 {
            // A symmetric position's tasks merge: it is split at once.
            continue;
        }
        checked += 1;
        let quick = search::solve(set, &cube, &opts(2), None).unwrap();
        let split = search::solve(set, &cube, &split_at_once(2), None).unwrap();
        assert_eq!(
            quick.symmetry.all_tasks, 0,
            "{cube}: solved before the split"
        );
        assert!(split.symmetry.all_tasks > 0, "{cube}");
        let (a, b) = (quick.solution.unwrap(), split.solution.unwrap());
        assert!(cube.apply_moves(&a).is_solved());
        assert_eq!(a.len(), b.len(), "{cube}");
        assert_eq!(quick.proven_lower as usize, a.len());
    }
    // 15 moves: about a second of search with the coset heuristic.
    let cube = Cube::from_moves(&parse_moves("R U2 F' L D2 B R' U F2 D' L B2 U R' F").unwrap());
    let out = search::solve(set, &cube, &opts(2), None).unwrap();
    assert!(out.symmetry.all_tasks > 0, "split after the quick phase");
    assert!(cube.apply_moves(&out.solution.unwrap()).is_solved());
}

#[test]
fn the_split_search_takes_over_the_bounds_the_quick_phase_finished() {
    // The quick phase hands over before a bound it expects to be large, or when its time
    // runs out; the split search begins at the last bound it finished (searched again, for
    // the task order) and never repeats the ones below.  Whichever way it ended, every
    // bound from the lower bound to the solution's length is listed once, and on one
    // thread the bounds the split search ran match a solve split at once node for node.
    let set = common::table_set();
    for scramble in [
        "R U2 F' L D2 B R' U F2 D' L B2 U R'",
        "D2 F' D B D R2 U2 L2 B2 U2 D2 R' F",
        "R U2 F' L D2 B R' U F2 D' L B2 U",
    ] {
        let cube = Cube::from_moves(&parse_moves(scramble).unwrap());
        let quick = search::solve(set, &cube, &opts(1), None).unwrap();
        let split = search::solve(set, &cube, &split_at_once(1), None).unwrap();
        let length = split.solution.as_ref().unwrap().len();
        assert_eq!(quick.solution.as_ref().unwrap().len(), length, "{scramble}");
        let bounds: Vec<u8> = quick.depths.iter().map(|d| d.bound).collect();
        let first = search::lower_bound(set, &cube);
        assert_eq!(
            bounds,
            (first..=length as u8).collect::<Vec<_>>(),
            "{scramble}"
        );
        assert_eq!(
            quick.nodes,
            quick.depths.iter().map(|d| d.nodes).sum::<u64>()
        );
        assert!(quick.symmetry.all_tasks > 0, "{scramble}: split");
        let last_two = |o: &search::Outcome| -> Vec<u64> {
            o.depths.iter().rev().take(2).map(|d| d.nodes).collect()
        };
        assert_eq!(last_two(&quick), last_two(&split), "{scramble}");
    }
}

#[test]
fn optimal_length_equals_heuristic_free_search_up_to_depth_7() {
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(2022);
    let mut checked = 0;
    for len in 0..=8 {
        let count = if len >= 7 { 4 } else { 12 };
        for _ in 0..count {
            let cube = Cube::from_moves(&random_sequence(&mut rng, len));
            let reference = search::solve_without_heuristic(&cube, 7);
            let out = search::solve(set, &cube, &opts(2), None).unwrap();
            let sol = out.solution.expect("solved");
            assert!(cube.apply_moves(&sol).is_solved());
            match reference {
                Some(r) => assert_eq!(sol.len(), r.len(), "{cube}"),
                // Beyond 7 moves the reference gives up: the solver must need 8.
                None => assert_eq!(sol.len(), 8, "{cube}"),
            }
            checked += 1;
        }
    }
    assert!(checked > 80);
}

#[test]
fn thread_count_does_not_change_the_length() {
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    for _ in 0..4 {
        let cube = Cube::from_moves(&random_sequence(&mut rng, 11));
        let a = search::solve(set, &cube, &opts(1), None).unwrap();
        let b = search::solve(set, &cube, &opts(2), None).unwrap();
        let (a, b) = (a.solution.unwrap(), b.solution.unwrap());
        assert_eq!(a.len(), b.len());
        assert!(cube.apply_moves(&a).is_solved() && cube.apply_moves(&b).is_solved());
    }
}

#[test]
fn random_states_get_valid_solutions_or_a_clean_timeout() {
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let cube = random_cube(&mut rng);
    let o = Options {
        timeout: Some(Duration::from_millis(300)),
        ..opts(2)
    };
    let out = search::solve(set, &cube, &o, None).unwrap();
    // A random state needs ~17-18 moves: far beyond 0.3 s with these tables.
    assert_eq!(out.solution, Err(Unsolved::Timeout));
    assert!(out.seconds < 5.0);
}

#[test]
fn max_depth_gives_up_cleanly() {
    let set = common::table_set();
    let cube = Cube::from_moves(&parse_moves("R U F D L B R2 U2").unwrap());
    let o = Options {
        max_depth: 5,
        ..opts(2)
    };
    let out = search::solve(set, &cube, &o, None).unwrap();
    assert_eq!(out.solution, Err(Unsolved::MaxDepth));
}

#[test]
fn solved_cube_needs_no_moves() {
    let out = search::solve(common::table_set(), &Cube::SOLVED, &opts(1), None).unwrap();
    assert_eq!(out.solution, Ok(vec![]));
}

#[test]
fn known_optimal_lengths() {
    let set = common::table_set();
    // Short sequences with no shorter equivalent; the half-turn checkerboard needs all 6.
    for (moves, len) in [
        ("R U", 2),
        ("R U R' U'", 4),
        ("R2 L2 U2 D2 F2 B2", 6),
        ("U D'", 2),
    ] {
        let cube = Cube::from_moves(&parse_moves(moves).unwrap());
        let out = search::solve(set, &cube, &opts(2), None).unwrap();
        assert_eq!(out.solution.unwrap().len(), len, "{moves}");
    }
}

/// Hooks that ask `find` for an upper bound before every iteration.
fn eager(find: search::UpperBoundFn<'_>) -> search::Hooks<'_> {
    search::Hooks {
        upper_bound: Some(find),
        upper_bound_budget: search::UpperBoundBudget {
            first_after: 0,
            ..search::UpperBoundBudget::WHOLE
        },
        ..search::Hooks::default()
    }
}

#[test]
fn an_upper_bound_at_the_optimum_skips_the_last_iteration() {
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(4242);
    for _ in 0..6 {
        let cube = Cube::from_moves(&random_sequence(&mut rng, 9));
        let plain = search::solve(set, &cube, &opts(2), None).unwrap();
        let optimal = plain.solution.unwrap();
        let asked = std::sync::atomic::AtomicUsize::new(0);
        let find = |lower: usize, shorter_than: usize, _spend: search::Spend, _stop| {
            asked.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            assert!(
                lower <= optimal.len(),
                "the lower bound passed on is proven"
            );
            search::Answer {
                solution: (optimal.len() < shorter_than).then(|| optimal.clone()),
                nodes: 0,
            }
        };
        let out = search::solve_with(set, &cube, &split_at_once(2), eager(&find)).unwrap();
        let sol = out.solution.unwrap();
        assert_eq!(sol, optimal);
        let ub = out.upper_bound.expect("the bound was used");
        assert_eq!(ub.length as usize, optimal.len());
        assert!(asked.into_inner() >= 1);
        if optimal.len() > search::lower_bound(set, &cube) as usize {
            // No IDA* iteration ran at the optimal length: the shorter ones proved it.
            assert!(ub.proved_by_bound);
            let last = out.depths.last().unwrap();
            assert_eq!(last.bound as usize, optimal.len() - 1);
        }
    }
}

#[test]
fn a_long_or_wrong_upper_bound_never_changes_the_answer() {
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(99);
    for _ in 0..6 {
        let scramble = random_sequence(&mut rng, 9);
        let cube = Cube::from_moves(&scramble);
        let optimal_len = search::solve(set, &cube, &opts(2), None)
            .unwrap()
            .solution
            .unwrap()
            .len();
        // A valid but longer solution: the scramble undone, padded with R R'.
        let mut long: Vec<Move> = scramble.iter().rev().map(|m| m.inverse()).collect();
        long.extend(parse_moves("R R' F F'").unwrap());
        let find_long = |_: usize, shorter_than: usize, _: search::Spend, _| search::Answer {
            solution: (long.len() < shorter_than).then(|| long.clone()),
            nodes: 0,
        };
        let out = search::solve_with(set, &cube, &split_at_once(2), eager(&find_long)).unwrap();
        let sol = out.solution.unwrap();
        assert_eq!(sol.len(), optimal_len);
        assert!(cube.apply_moves(&sol).is_solved());
        assert!(!out.upper_bound.unwrap().proved_by_bound);

        // A sequence that does not solve the position is ignored.
        let find_wrong = |_: usize, _: usize, _: search::Spend, _| search::Answer {
            solution: Some(parse_moves("U").unwrap()),
            nodes: 1,
        };
        let out = search::solve_with(set, &cube, &split_at_once(2), eager(&find_wrong)).unwrap();
        let sol = out.solution.unwrap();
        assert_eq!(sol.len(), optimal_len);
        assert!(cube.apply_moves(&sol).is_solved());
        assert!(out.upper_bound.is_none());
    }
}

#[test]
fn two_phase_upper_bounds_keep_solutions_optimal() {
    let set = common::table_set();
    let tp = common::twophase();
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    for len in 1..=8 {
        for _ in 0..3 {
            let cube = Cube::from_moves(&random_sequence(&mut rng, len));
            let find = |lower: usize, shorter_than: usize, spend: search::Spend, _stop| {
                let o = korf::twophase::FastOptions {
                    max_length: shorter_than.saturating_sub(1).min(30),
                    time: Some(Duration::MAX),
                    max_nodes: Some(spend.nodes.unwrap_or(100_000).max(20_000)),
                    target: lower,
                    ..Default::default()
                };
                let out = tp.solve(&cube, &o).unwrap();
                search::Answer {
                    solution: out.solution,
                    nodes: out.nodes,
                }
            };
            let out = search::solve_with(set, &cube, &split_at_once(2), eager(&find)).unwrap();
            let sol = out.solution.unwrap();
            assert!(cube.apply_moves(&sol).is_solved());
            let reference = search::solve_without_heuristic(&cube, 7);
            match reference {
                Some(r) => assert_eq!(sol.len(), r.len(), "{cube}"),
                None => assert_eq!(sol.len(), 8, "{cube}"),
            }
        }
    }
}

/// How many of the canonical prefixes of a root split into `tasks` tasks (3 or 4 moves)
/// the half turn about the U–D axis (symmetry 4) maps to themselves, counted on the cube.
fn prefixes_y2_fixes(tasks: usize) -> usize {
    use korf::cube::{ALLOWED_AFTER, NO_PREVIOUS};
    let len = match tasks {
        3_240 => 3,
        43_254 => 4,
        n => panic!("a split into {n} tasks"),
    };
    let mut words: Vec<Vec<Move>> = vec![Vec::new()];
    for _ in 0..len {
        words = words
            .iter()
            .flat_map(|w| {
                let last = w.last().map_or(NO_PREVIOUS, |m| m.face_index());
                let next = ALL_MOVES
                    .into_iter()
                    .filter(move |m| ALLOWED_AFTER[last] >> m.index() & 1 == 1);
                next.map(move |m| [&w[..], &[m]].concat())
            })
            .collect();
    }
    assert_eq!(words.len(), tasks);
    let fixed = |w: &Vec<Move>| {
        let c = Cube::from_moves(w);
        korf::cube::symmetry::conjugate(&c, 4) == c
    };
    words.iter().filter(|w| fixed(w)).count()
}

/// A position the half turn about the U–D axis (symmetry 4) leaves in place: a word in U
/// and D turns and pairs of equal opposite turns (`R L`, `F2 B2`, …), which that rotation
/// maps to themselves.
fn y2_symmetric(rng: &mut impl Rng, pieces: usize) -> (Cube, Vec<Move>) {
    let mut word = Vec::new();
    for _ in 0..pieces {
        let power = rng.gen_range(1..4);
        let faces: &[&str] = match rng.gen_range(0..4) {
            0 => &["U"],
            1 => &["D"],
            2 => &["R", "L"],
            _ => &["F", "B"],
        };
        for f in faces {
            let m = match power {
                1 => f.to_string(),
                2 => format!("{f}2"),
                _ => format!("{f}'"),
            };
            word.extend(parse_moves(&m).unwrap());
        }
    }
    (Cube::from_moves(&word), word)
}

#[test]
fn symmetric_positions_search_one_task_per_class_and_stay_optimal() {
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(48);
    let mut merged = 0;
    for pieces in 1..=5 {
        for _ in 0..6 {
            let (cube, word) = y2_symmetric(&mut rng, pieces);
            let symmetries = korf::cube::symmetry::stabilizer(&cube);
            assert!(symmetries.contains(&4), "{word:?} is symmetric under y2");
            let reference = search::solve_without_heuristic(&cube, 7);
            for threads in [1, 2] {
                let out = search::solve(set, &cube, &opts(threads), None).unwrap();
                assert_eq!(out.symmetry.symmetries, symmetries.len());
                // Half the tasks at most, plus those the rotation maps to themselves
                // (words in U and D turns and pairs `R L`, `F2 B2`, …: 72 of 3-move
                // prefixes).
                let fixed = prefixes_y2_fixes(out.symmetry.all_tasks);
                assert!(
                    out.symmetry.tasks * 2 <= out.symmetry.all_tasks + fixed,
                    "{} of {}",
                    out.symmetry.tasks,
                    out.symmetry.all_tasks
                );
                let sol = out.solution.expect("solved");
                assert!(cube.apply_moves(&sol).is_solved());
                match &reference {
                    Some(r) => assert_eq!(sol.len(), r.len(), "{word:?}"),
                    None => assert!(sol.len() >= 8 && sol.len() <= word.len(), "{word:?}"),
                }
            }
            merged += 1;
        }
    }
    assert_eq!(merged, 30);
}

#[test]
fn the_superflip_keeps_one_task_in_about_48() {
    let superflip = Cube::from_moves(
        &parse_moves("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").unwrap(),
    );
    let options = Options {
        max_depth: 3,
        ..opts(1)
    };
    let out = search::solve(common::table_set(), &superflip, &options, None).unwrap();
    assert_eq!(out.solution, Err(Unsolved::MaxDepth));
    assert_eq!(out.symmetry.symmetries, 48);
    // The k = 0 coset table's plain walk splits four moves deep.
    assert_eq!(out.symmetry.all_tasks, 43_254);
    // Every class has at most 48 members, and most have exactly 48.
    assert!(
        out.symmetry.tasks * 48 >= out.symmetry.all_tasks,
        "{}",
        out.symmetry.tasks
    );
    assert!(
        out.symmetry.tasks * 30 <= out.symmetry.all_tasks,
        "{}",
        out.symmetry.tasks
    );
    // A position without symmetry keeps them all.
    let plain = Cube::from_moves(&parse_moves("R U F' L2 D B'").unwrap());
    let out = search::solve(common::table_set(), &plain, &options, None).unwrap();
    assert_eq!(
        (
            out.symmetry.symmetries,
            out.symmetry.tasks,
            out.symmetry.all_tasks
        ),
        (1, 43_254, 43_254)
    );
}

#[test]
fn fast_solutions_of_short_positions_are_optimal() {
    // Up to 10 moves the two-phase search first looks exhaustively: on positions up to 8
    // moves from solved its answer has the optimal solver's length, never more.
    let set = common::table_set();
    let tp = common::twophase();
    let mut rng = rand::rngs::StdRng::seed_from_u64(19);
    for len in 1..=8 {
        for _ in 0..8 {
            let cube = Cube::from_moves(&random_sequence(&mut rng, len));
            let fast = tp
                .solve(&cube, &korf::twophase::FastOptions::default())
                .unwrap()
                .solution
                .unwrap();
            assert!(cube.apply_moves(&fast).is_solved());
            let optimal = search::solve(set, &cube, &opts(2), None).unwrap();
            assert_eq!(
                fast.len(),
                optimal.moves().unwrap().len(),
                "scramble of {len}: {}",
                korf::cube::format_moves(&fast)
            );
        }
    }
    // Without the short pass the same search returns longer solutions for some of them:
    // the pass is what makes the difference.
    let mut longer = 0;
    let mut rng = rand::rngs::StdRng::seed_from_u64(19);
    for len in 1..=8 {
        for _ in 0..8 {
            let cube = Cube::from_moves(&random_sequence(&mut rng, len));
            let plain = korf::twophase::FastOptions {
                short_pass: 0,
                ..Default::default()
            };
            let s = tp.solve(&cube, &plain).unwrap().solution.unwrap();
            let optimal = search::solve(set, &cube, &opts(2), None).unwrap();
            longer += (s.len() > optimal.moves().unwrap().len()) as usize;
        }
    }
    assert!(
        longer > 0,
        "the plain search happened to be optimal everywhere"
    );
}

#[test]
fn a_stop_reaches_the_upper_bound_step_within_a_tenth_of_a_second() {
    // Issue 38, 3: the stop flag set while the two-phase search is asked for an upper
    // bound (before a bound or inside one), its spend raised to about a second.  Each
    // position is tried until the flag lands inside that step.
    use std::sync::atomic::{AtomicBool, AtomicU8, Ordering::SeqCst};
    use std::sync::{Arc, Mutex};
    use std::time::Instant;
    let set = common::table_set();
    let tp = common::twophase();
    let mut landed = 0;
    for n in 0..6 {
        let position = common::list_position("optimal-18.txt", n);
        let cube = Cube::from_moves(&parse_moves(&position).unwrap());
        let inner = tp.upper_bound_source(cube, 2, korf::cube::Metric::Htm);
        let cancel = Arc::new(AtomicBool::new(false));
        // 0: not asked yet, 1: inside the step, 2: returned.
        let step = AtomicU8::new(0);
        let stopped_at: Mutex<Option<Instant>> = Mutex::new(None);
        let returned_after: Mutex<Option<Duration>> = Mutex::new(None);
        let find = |lower: usize, shorter: usize, budget: search::Spend, stop| {
            step.store(1, SeqCst);
            // Long enough (about a second) for the flag to land inside it.
            let budget = search::Spend {
                nodes: budget.nodes.map(|n| n.max(50_000_000)),
                ..budget
            };
            let found = inner(lower, shorter, budget, stop);
            if let Some(at) = *stopped_at.lock().unwrap() {
                returned_after.lock().unwrap().get_or_insert(at.elapsed());
            }
            step.store(2, SeqCst);
            found
        };
        let options = Options {
            threads: 2,
            cancel: Some(cancel.clone()),
            ..Options::default()
        };
        let inside = std::thread::scope(|s| {
            let watcher = s.spawn(|| {
                let started = Instant::now();
                while step.load(SeqCst) != 1 && started.elapsed() < Duration::from_secs(30) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                std::thread::sleep(Duration::from_millis(30));
                *stopped_at.lock().unwrap() = Some(Instant::now());
                let inside = step.load(SeqCst) == 1;
                cancel.store(true, SeqCst);
                inside
            });
            let hooks = search::Hooks {
                upper_bound: Some(&find),
                ..search::Hooks::default()
            };
            let out = search::solve_with(set, &cube, &options, hooks).unwrap();
            (watcher.join().unwrap(), out)
        });
        let (inside, out) = inside;
        if !inside {
            continue;
        }
        // Stopped, with the best solution known (checked) kept.
        assert!(
            matches!(out.solution, Err(Unsolved::Interrupted)),
            "{position}"
        );
        if let Some(best) = &out.unproven {
            assert!(cube.apply_moves(best).is_solved());
        }
        landed += 1;
        let took = returned_after.lock().unwrap().expect("the step returned");
        eprintln!("position {n}: the upper-bound step stopped {took:?} after the flag");
        assert!(took < Duration::from_millis(100), "{position}: {took:?}");
    }
    assert!(
        landed >= 2,
        "the stop landed inside the step only {landed} times"
    );
}

/// The slow tier (`tests/slow.sh`; `cargo test --release -- --ignored slow::`).
mod slow {
    use super::*;

    #[test]
    #[ignore = "slow tier: tests/slow.sh"]
    fn heuristic_is_admissible_and_consistent_on_random_walks() {
        // Along any move sequence Korf's h changes by at most 1 per move and never exceeds
        // the distance bound given by the walk back (the coset heuristic's own check is in
        // the library's tests: its inverse probe may jump).
        let h = Heuristic::new(common::korf_table_set());
        let mut rng = rand::rngs::StdRng::seed_from_u64(77);
        for _ in 0..200 {
            let seq = random_sequence(&mut rng, 25);
            let mut inv = Cube::SOLVED;
            let mut prev = 0u8;
            for (i, m) in seq.iter().enumerate() {
                inv = inv.premove(m.inverse());
                let v = h.value(&inv);
                assert!(v as usize <= i + 1, "h exceeds the walk length");
                assert!(v.abs_diff(prev) <= 1, "h jumps by more than 1");
                prev = v;
            }
        }
        assert_eq!(h.value(&Cube::SOLVED), 0);
    }
}

/// A random position 14 turns from solved (a few bounds of a few thousand nodes), and its
/// search without an upper bound on one thread, split at once.
fn solved_plainly(rng: &mut impl Rng) -> (Cube, search::Outcome) {
    let cube = Cube::from_moves(&random_sequence(rng, 14));
    let plain = search::solve(common::table_set(), &cube, &split_at_once(1), None).unwrap();
    (cube, plain)
}

/// Issue 79: the upper-bound source is asked by nodes, not seconds, so a search on one
/// thread runs the same way every time — the same nodes in every bound, the same two-phase
/// nodes — and its answer is the plain search's length.
#[test]
fn one_thread_searches_with_upper_bounds_repeat_their_node_counts() {
    let set = common::table_set();
    let tp = common::twophase();
    let mut rng = rand::rngs::StdRng::seed_from_u64(79);
    let mut asked_inside = 0;
    for _ in 0..4 {
        let (cube, plain) = solved_plainly(&mut rng);
        let optimal = plain.solution.unwrap().len();
        let find = tp.upper_bound_source(cube, 1, korf::cube::Metric::Htm);
        let run = || search::solve_with(set, &cube, &split_at_once(1), eager(&find)).unwrap();
        let (a, b) = (run(), run());
        assert_eq!(a.solution.as_ref().unwrap().len(), optimal, "{cube}");
        assert_eq!(a.solution, b.solution, "{cube}");
        assert_eq!(
            (a.nodes, a.upper_bound_nodes),
            (b.nodes, b.upper_bound_nodes),
            "{cube}"
        );
        let nodes = |o: &search::Outcome| {
            o.depths
                .iter()
                .map(|d| (d.bound, d.nodes))
                .collect::<Vec<_>>()
        };
        assert_eq!(nodes(&a), nodes(&b), "{cube}");
        assert!(a.upper_bound_nodes > 0, "{cube}: the source was asked");
        asked_inside += usize::from(a.depths.len() > 1);
    }
    assert!(asked_inside > 0);
}

/// Issue 79: inside a long bound the search pauses for the upper-bound source whenever its
/// nodes grow fourfold; a solution of the bound's length found there ends the bound at once,
/// proven by the bounds before, and the unfinished tasks of a pause are searched after it.
#[test]
fn the_upper_bound_is_asked_inside_a_bound_and_can_end_it() {
    use std::collections::HashMap;
    use std::sync::Mutex;
    let set = common::table_set();
    let mut rng = rand::rngs::StdRng::seed_from_u64(7979);
    let mut ended_inside = 0;
    for _ in 0..6 {
        let (cube, plain) = solved_plainly(&mut rng);
        let optimal = plain.solution.unwrap();
        // How often each bound asked; the optimum is given only at a bound's second ask
        // (the first inside it).  With `never`, the source never helps: every pause is
        // followed by the rest of the bound, which must still find the optimum.
        for never in [false, true] {
            let asks: Mutex<HashMap<usize, usize>> = Mutex::new(HashMap::new());
            let find = |lower: usize, shorter_than: usize, _: search::Spend, _| {
                let mut asks = asks.lock().unwrap();
                let n = asks.entry(lower).or_default();
                *n += 1;
                let give = !never && lower == optimal.len() && *n >= 2;
                search::Answer {
                    solution: (give && optimal.len() < shorter_than).then(|| optimal.clone()),
                    nodes: 0,
                }
            };
            let out = search::solve_with(set, &cube, &split_at_once(1), eager(&find)).unwrap();
            let sol = out.solution.unwrap();
            assert_eq!(sol.len(), optimal.len(), "{cube}");
            assert!(cube.apply_moves(&sol).is_solved());
            let inside = asks
                .lock()
                .unwrap()
                .get(&optimal.len())
                .copied()
                .unwrap_or(0)
                >= 2;
            if never {
                // One thread: the pauses change the order of nothing, so the same first
                // solution; a task a pause cut short is searched again from its root.
                assert!(out.upper_bound.is_none());
                assert_eq!(sol, optimal, "{cube}");
                assert!(out.nodes >= plain.nodes, "{cube}");
            } else if inside {
                let ub = out.upper_bound.expect("the source's solution was used");
                assert!(ub.proved_by_bound, "{cube}");
                assert_eq!(out.depths.last().unwrap().bound as usize, optimal.len());
                assert!(out.nodes <= plain.nodes, "{cube}");
                ended_inside += 1;
            }
        }
    }
    assert!(
        ended_inside > 0,
        "some bound was paused and ended by the source"
    );
}

/// The four E-slice edges flipped in place (16 moves; the first of Reid's X-symmetric
/// positions): corners solved and every edge in its own slice, so the corner and coset
/// tables read 0 there; the edge-slices table reads its edges' slices and flips.  Before
/// that table `--heuristic coset` had not solved it after 400 s (benches/patterns).
#[test]
fn the_edge_slices_table_bounds_a_pattern_the_coset_tables_read_as_solved() {
    let moves = parse_moves("F R' U B2 L' F U D' L' B R2 U' F L' U' D").unwrap();
    let x = Cube::from_moves(&moves).inverse();
    let set = common::table_set();
    let h = Heuristic::new(set);
    let corners = set
        .table(TableKind::Corners)
        .expect("the corner table is loaded");
    assert_eq!(corners.get(x.corner_coord()), 0, "the corners are solved");
    let v = h.value(&x);
    assert!((10..=16).contains(&v), "the bound read is {v}");
    // Every prefix of a 16-move solution is within its remaining moves of solved.
    let solution = parse_moves("R F2 U D' L2 F L2 U' D F2 U2 D2 L' U2 D2 R'").unwrap();
    let mut state = x;
    for (i, m) in solution.iter().enumerate() {
        assert!(h.value(&state) as usize <= 16 - i, "after {i} moves");
        state = state.premove(m.inverse());
    }
    assert!(state.is_solved(), "the solution solves the position");
}
