//! The two-phase search: coordinates and move tables against the cube model, the symmetry
//! reduction of phase 1, the pruning tables against published and brute-force
//! distributions, and solutions over many random states.

use crate::testing as common;

use korf::cube::symmetry::{conjugate, UD_SYMMETRIES};
use korf::cube::{random_cube, Cube, Metric, Move, ALL_MOVES};
use korf::tables::phases::coords;
use korf::tables::phases::coords::{
    phase1_cube, phase2_coords, phase2_cube, slice_coord, FLIPS, FLIP_SLICES, FLIP_SLICE_CLASSES,
    PHASE2_MOVES, SLICE_PERMS, TWISTS,
};
use korf::tables::phases::prune::{PHASE1_ENTRIES, PHASE2_HALF};
use korf::tables::{Table, TableKind};
use korf::twophase::FastOptions;
use rand::{Rng, SeedableRng};
use std::collections::VecDeque;
use std::time::Duration;

/// The superflip: every edge flipped in place, 20 moves from solved.
const SUPERFLIP: &str = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB";

fn rng(seed: u64) -> rand::rngs::StdRng {
    rand::rngs::StdRng::seed_from_u64(seed)
}

fn random_moves(rng: &mut impl Rng, len: usize) -> Vec<Move> {
    (0..len).map(|_| ALL_MOVES[rng.gen_range(0..18)]).collect()
}

fn random_quarter_turns(rng: &mut impl Rng, len: usize) -> Vec<Move> {
    let quarter = Metric::Qtm.generators();
    (0..len)
        .map(|_| quarter[rng.gen_range(0..quarter.len())])
        .collect()
}

fn random_phase2_moves(rng: &mut impl Rng, len: usize) -> Vec<Move> {
    (0..len)
        .map(|_| ALL_MOVES[PHASE2_MOVES[rng.gen_range(0..PHASE2_MOVES.len())]])
        .collect()
}

#[test]
fn phase1_move_tables_agree_with_the_cube_model() {
    let c = coords();
    let mut rng = rng(1);
    for _ in 0..300 {
        let cube = random_cube(&mut rng);
        let (t, f, s) = (cube.twist_coord(), cube.flip_coord(), slice_coord(&cube));
        for m in ALL_MOVES {
            let next = cube.apply_move(m);
            let i = m.index();
            assert_eq!(c.twist_move[t as usize * 18 + i] as u32, next.twist_coord());
            assert_eq!(c.flip_move[f as usize * 18 + i] as u32, next.flip_coord());
            assert_eq!(c.slice_move[s as usize * 18 + i], slice_coord(&next));
        }
    }
    assert_eq!(slice_coord(&Cube::SOLVED), 0);
    // Every slice value round-trips through the constructed cube.
    for s in 0..495u16 {
        assert_eq!(slice_coord(&phase1_cube(0, 0, s)), s);
    }
}

#[test]
fn phase2_move_tables_agree_with_the_cube_model() {
    let c = coords();
    let mut rng = rng(2);
    assert_eq!(phase2_coords(&Cube::SOLVED), (0, 0, 0));
    for _ in 0..300 {
        let cube = Cube::from_moves(&random_phase2_moves(&mut rng, 30));
        let (cp, ep, sp) = phase2_coords(&cube);
        assert_eq!(phase2_coords(&phase2_cube(cp, ep, sp)), (cp, ep, sp));
        for (slot, &m) in PHASE2_MOVES.iter().enumerate() {
            let next = phase2_coords(&cube.apply_move(ALL_MOVES[m]));
            let n = PHASE2_MOVES.len();
            assert_eq!(c.corner_perm_move[cp as usize * n + slot], next.0);
            assert_eq!(c.ud_edge_perm_move[ep as usize * n + slot], next.1);
            assert_eq!(c.slice_perm_move[sp as usize * n + slot], next.2);
        }
    }
}

#[test]
fn flip_slice_classes_partition_the_raw_coordinates() {
    let c = coords();
    assert_eq!(c.flip_slice_rep.len(), FLIP_SLICE_CLASSES);
    let total: usize = c.flip_slice_class_size.iter().map(|&s| s as usize).sum();
    assert_eq!(total, FLIP_SLICES);
    // Orbit-stabilizer: class size × stabilizer order = 16.
    for (size, stab) in c.flip_slice_class_size.iter().zip(&c.flip_slice_stabilizer) {
        assert_eq!(*size as u32 * stab.count_ones(), UD_SYMMETRIES as u32);
    }
    // Every raw pair maps to its representative by its stored symmetry.
    let mut rng = rng(3);
    for _ in 0..2000 {
        let raw = rng.gen_range(0..FLIP_SLICES);
        let (f, s) = ((raw % FLIPS) as u16, (raw / FLIPS) as u16);
        let image = conjugate(&phase1_cube(0, f, s), c.flip_slice_sym[raw] as usize);
        let image_raw = slice_coord(&image) as usize * FLIPS + image.flip_coord() as usize;
        let class = c.flip_slice_class[raw] as usize;
        assert_eq!(image_raw as u32, c.flip_slice_rep[class]);
    }
}

#[test]
fn symmetric_coordinates_depend_only_on_coordinates() {
    // The reduction needs (flip, slice) and twist of S·c·S⁻¹ to be functions of those of c.
    let c = coords();
    let mut rng = rng(4);
    for _ in 0..300 {
        let cube = random_cube(&mut rng);
        let s = rng.gen_range(0..UD_SYMMETRIES);
        let image = conjugate(&cube, s);
        let plain = phase1_cube(
            cube.twist_coord() as u16,
            cube.flip_coord() as u16,
            slice_coord(&cube),
        );
        let plain_image = conjugate(&plain, s);
        assert_eq!(image.flip_coord(), plain_image.flip_coord());
        assert_eq!(slice_coord(&image), slice_coord(&plain_image));
        assert_eq!(
            image.twist_coord(),
            c.twist_conj[cube.twist_coord() as usize * UD_SYMMETRIES + s] as u32
        );
    }
}

#[test]
fn phase1_table_expands_to_the_published_distribution() {
    // Kociemba's distribution of phase-1 distances over all 2187 × 2048 × 495 coordinate
    // triples.  Each table entry stands for as many triples as its class has members.
    const PUBLISHED: [u64; 13] = [
        1, 4, 50, 592, 7156, 87236, 1043817, 12070278, 124946368, 821605960, 1199128738, 58202444,
        476,
    ];
    let c = coords();
    let t = Table::open(TableKind::Phase1, common::twophase_dir(), false).unwrap();
    let mut expanded = [0u64; 16];
    for i in 0..PHASE1_ENTRIES {
        let class = (i / TWISTS as u64) as usize;
        expanded[t.get(i) as usize] += c.flip_slice_class_size[class] as u64;
    }
    assert_eq!(&expanded[..13], &PUBLISHED);
    assert!(expanded[13..].iter().all(|&n| n == 0));
}

/// Phase-1 distance by iterative deepening over the cube model, no tables.
fn phase1_distance_brute(cube: &Cube, limit: usize) -> Option<usize> {
    fn in_goal(c: &Cube) -> bool {
        c.twist_coord() == 0 && c.flip_coord() == 0 && slice_coord(c) == 0
    }
    fn dfs(c: &Cube, depth: usize) -> bool {
        if depth == 0 {
            return in_goal(c);
        }
        ALL_MOVES.iter().any(|&m| dfs(&c.apply_move(m), depth - 1))
    }
    (0..=limit).find(|&d| dfs(cube, d))
}

#[test]
fn phase1_table_matches_brute_force_on_short_scrambles() {
    let tp = common::twophase();
    let mut rng = rng(5);
    for len in 0..=5 {
        for _ in 0..8 {
            let cube = Cube::from_moves(&random_moves(&mut rng, len));
            let expected = phase1_distance_brute(&cube, len).expect("within its scramble length");
            assert_eq!(tp.phase1_distance(&cube) as usize, expected, "len {len}");
            // The same distance for every UD-symmetric image.
            for s in 0..UD_SYMMETRIES {
                assert_eq!(tp.phase1_distance(&conjugate(&cube, s)) as usize, expected);
            }
        }
    }
}

/// The index of `c` in phase-2 projection `half` (0: corners, 1: U/D edges), within it.
fn phase2_index(half: u64, c: &Cube) -> usize {
    let (cp, ep, sp) = phase2_coords(c);
    let perm = if half == 0 { cp } else { ep };
    perm as usize * SLICE_PERMS + sp as usize
}

#[test]
fn phase2_tables_match_a_plain_breadth_first_search() {
    // BFS over (corner permutation, slice permutation) with cubes and a hash-free visited
    // array, independent of the move tables and the nibble generator.
    let t = Table::open(TableKind::Phase2, common::twophase_dir(), false).unwrap();
    for half in 0..2u64 {
        let index = |c: &Cube| phase2_index(half, c);
        let mut depth = vec![u8::MAX; PHASE2_HALF as usize];
        let mut queue = VecDeque::from([Cube::SOLVED]);
        depth[0] = 0;
        while let Some(c) = queue.pop_front() {
            let d = depth[index(&c)];
            for &m in &PHASE2_MOVES {
                let next = c.apply_move(ALL_MOVES[m]);
                let i = index(&next);
                if depth[i] == u8::MAX {
                    depth[i] = d + 1;
                    queue.push_back(next);
                }
            }
        }
        for (i, &d) in depth.iter().enumerate() {
            assert_eq!(
                t.get(half * PHASE2_HALF + i as u64),
                d,
                "half {half} entry {i}"
            );
        }
    }
}

#[test]
fn quarter_turn_phase2_distances_match_a_search_over_cubes() {
    // Dial's search by cost buckets over cubes (a half turn costs 2), independent of the
    // move tables and of the table under test.
    let dist = korf::tables::phases::quarter::distances(coords());
    let mut histogram = [0u64; 32];
    for half in 0..2u64 {
        let index = |c: &Cube| phase2_index(half, c);
        let mut depth = vec![u8::MAX; PHASE2_HALF as usize];
        let mut buckets: Vec<Vec<Cube>> = vec![vec![Cube::SOLVED]];
        depth[0] = 0;
        let mut d = 0;
        while d < buckets.len() {
            for c in std::mem::take(&mut buckets[d]) {
                if depth[index(&c)] as usize != d {
                    continue;
                }
                for &m in &PHASE2_MOVES {
                    let next = c.apply_move(ALL_MOVES[m]);
                    let cost = d + Metric::Qtm.cost(ALL_MOVES[m]);
                    let i = index(&next);
                    if cost < depth[i] as usize {
                        depth[i] = cost as u8;
                        buckets.resize(buckets.len().max(cost + 1), Vec::new());
                        buckets[cost].push(next);
                    }
                }
            }
            d += 1;
        }
        for (i, &d) in depth.iter().enumerate() {
            let j = half as usize * PHASE2_HALF as usize + i;
            assert_eq!(dist[j], d, "half {half} entry {i}");
            histogram[d as usize] += 1;
        }
    }
    // Every entry is reached; the deepest (22) is past a nibble, hence a byte per entry.
    let deepest = histogram.iter().rposition(|&n| n > 0).unwrap();
    eprintln!(
        "quarter-turn phase-2 distances: {:?}",
        &histogram[..=deepest]
    );
    assert_eq!(histogram.iter().sum::<u64>(), 2 * PHASE2_HALF);
    assert_eq!(deepest, 22);
}

#[test]
fn solutions_of_1000_random_states_are_valid_and_at_most_20_moves() {
    let tp = common::twophase();
    let mut rng = rng(6);
    let opts = FastOptions::default();
    let mut longest = 0;
    for _ in 0..1000 {
        let cube = random_cube(&mut rng);
        let out = tp.solve(&cube, &opts).unwrap();
        let s = out.solution.expect("a solution within 20 moves");
        assert!(cube.apply_moves(&s).is_solved());
        assert!(s.len() <= 20, "{} moves", s.len());
        longest = longest.max(s.len());
    }
    assert!(
        longest >= 18,
        "random states need 18+ moves; longest was {longest}"
    );
}

/// Phase-1 quarter-turn distance of `cube` read from the `phase1-qtm` table.
fn phase1_quarter_turn_distance(table: &Table, cube: &Cube) -> usize {
    let i = coords().phase1_index(
        cube.twist_coord() as u16,
        cube.flip_coord() as u16,
        slice_coord(cube),
    );
    table.get(i as u64) as usize
}

/// Phase-1 distance in quarter turns by iterative deepening over the cube model.
fn phase1_quarter_turn_distance_brute(cube: &Cube, limit: usize) -> Option<usize> {
    fn dfs(c: &Cube, depth: usize) -> bool {
        if depth == 0 {
            return c.twist_coord() == 0 && c.flip_coord() == 0 && slice_coord(c) == 0;
        }
        Metric::Qtm
            .generators()
            .iter()
            .any(|&m| dfs(&c.apply_move(m), depth - 1))
    }
    (0..=limit).find(|&d| dfs(cube, d))
}

#[test]
fn phase1_quarter_turn_table_matches_brute_force_on_short_scrambles() {
    let t = Table::open(TableKind::Phase1Qtm, common::twophase_dir(), false).unwrap();
    let mut rng = rng(15);
    for len in 0..=6 {
        for _ in 0..8 {
            let seq = random_quarter_turns(&mut rng, len);
            let cube = Cube::from_moves(&seq);
            let expected = phase1_quarter_turn_distance_brute(&cube, len).unwrap();
            assert_eq!(phase1_quarter_turn_distance(&t, &cube), expected, "{seq:?}");
            for s in 0..UD_SYMMETRIES {
                let image = conjugate(&cube, s);
                assert_eq!(phase1_quarter_turn_distance(&t, &image), expected);
            }
        }
    }
}

#[test]
fn phase1_quarter_turn_distances_lie_between_one_and_two_face_turn_distances() {
    // A face-turn path is at most twice as long in quarter turns, and no path is shorter
    // in quarter turns than in face turns; every entry of both tables, and the expanded
    // distribution covers every coordinate triple.
    let c = coords();
    let htm = Table::open(TableKind::Phase1, common::twophase_dir(), false).unwrap();
    let qtm = Table::open(TableKind::Phase1Qtm, common::twophase_dir(), false).unwrap();
    let mut expanded = [0u64; 16];
    for i in 0..PHASE1_ENTRIES {
        let (h, q) = (htm.get(i), qtm.get(i));
        assert!(h <= q && q <= 2 * h, "entry {i}: {h}f, {q}q");
        expanded[q as usize] += c.flip_slice_class_size[(i / TWISTS as u64) as usize] as u64;
    }
    assert_eq!(
        expanded.iter().sum::<u64>(),
        (TWISTS * FLIPS * 495) as u64,
        "{expanded:?}"
    );
}

/// The two-phase solution of `cube` under `opts`, which must exist and solve it.
fn checked_solution(cube: &Cube, opts: &FastOptions) -> Vec<Move> {
    let s = common::twophase()
        .solve(cube, opts)
        .unwrap()
        .solution
        .expect("a solution within the length asked");
    assert!(cube.apply_moves(&s).is_solved());
    s
}

#[test]
fn quarter_turn_solutions_are_valid_and_within_the_default_length() {
    let mut rng = rng(16);
    let opts = FastOptions {
        metric: Metric::Qtm,
        max_length: korf::twophase::default_max_length(Metric::Qtm),
        ..FastOptions::default()
    };
    let mut longest = 0;
    for _ in 0..300 {
        let cube = random_cube(&mut rng);
        let s = checked_solution(&cube, &opts);
        let q = Metric::Qtm.length(&s);
        assert!(q <= opts.max_length, "{q}q");
        // Parity: a quarter turn is an odd permutation of the corners.
        assert_eq!(q % 2, cube.corner_parity() as usize, "{q}q");
        longest = longest.max(q);
    }
    assert!(
        longest >= 26,
        "random states need 26q and more; longest {longest}q"
    );
}

#[test]
fn quarter_turn_short_pass_finds_scrambles_of_up_to_ten_quarter_turns() {
    let mut rng = rng(17);
    for len in [1, 3, 6, 10] {
        for _ in 0..5 {
            let seq = random_quarter_turns(&mut rng, len);
            let cube = Cube::from_moves(&seq);
            let opts = FastOptions {
                metric: Metric::Qtm,
                max_length: len,
                time: None,
                ..FastOptions::default()
            };
            let s = checked_solution(&cube, &opts);
            assert!(Metric::Qtm.length(&s) <= len);
        }
    }
}

#[test]
fn short_targets_and_budgets() {
    let tp = common::twophase();
    let mut rng = rng(7);
    // A scramble of n ≤ 12 moves has a solution of at most n, and the search finds one:
    // with phase 2 allowed up to 12 moves it is exhaustive at these lengths.
    for len in [1, 4, 8, 12] {
        let seq = random_moves(&mut rng, len);
        let cube = Cube::from_moves(&seq);
        let opts = FastOptions {
            max_length: len,
            time: None,
            threads: 2,
            ..FastOptions::default()
        };
        let out = tp.solve(&cube, &opts).unwrap();
        let s = out
            .solution
            .expect("the scramble itself proves a solution exists");
        assert!(s.len() <= len);
        assert!(cube.apply_moves(&s).is_solved());
    }
    // The solved cube needs nothing.
    let out = tp.solve(&Cube::SOLVED, &FastOptions::default()).unwrap();
    assert_eq!(out.solution, Some(vec![]));
    // Impossible target within a hard limit: no solution, reported as a timeout.
    let superflip = Cube::from_facelets(SUPERFLIP).unwrap();
    let out = tp
        .solve(
            &superflip,
            &FastOptions {
                max_length: 12,
                timeout: Some(Duration::from_millis(200)),
                threads: 1,
                ..FastOptions::default()
            },
        )
        .unwrap();
    assert!(out.solution.is_none() && out.timed_out);
}

#[test]
fn an_improving_budget_shorter_than_the_first_solution_still_gives_one() {
    // `time` is the budget for improving: within 20 moves, where every position has a
    // solution, a search that has found nothing when it runs out goes on to its first one.
    let tp = common::twophase();
    let mut rng = rng(31);
    for _ in 0..20 {
        let cube = random_cube(&mut rng);
        let out = tp
            .solve(
                &cube,
                &FastOptions {
                    time: Some(Duration::from_micros(1)),
                    threads: 1,
                    ..FastOptions::default()
                },
            )
            .unwrap();
        let s = out.solution.expect("a solution despite the tiny budget");
        assert!(s.len() <= 20 && cube.apply_moves(&s).is_solved());
    }
    // Below 20 moves a solution may not exist (the superflip needs 20): there the budget
    // ends the search, found or not.
    let superflip = Cube::from_facelets(SUPERFLIP).unwrap();
    let out = tp
        .solve(
            &superflip,
            &FastOptions {
                max_length: 19,
                time: Some(Duration::from_millis(200)),
                threads: 1,
                ..FastOptions::default()
            },
        )
        .unwrap();
    assert!(out.solution.is_none() && out.timed_out);
    assert!(out.seconds < 5.0, "{}", out.seconds);
}

#[test]
fn multithreaded_search_agrees() {
    let tp = common::twophase();
    let mut rng = rng(8);
    for _ in 0..50 {
        let cube = random_cube(&mut rng);
        for threads in [2, 6] {
            let out = tp
                .solve(
                    &cube,
                    &FastOptions {
                        threads,
                        ..FastOptions::default()
                    },
                )
                .unwrap();
            let s = out.solution.unwrap();
            assert!(s.len() <= 20 && cube.apply_moves(&s).is_solved());
        }
    }
}

#[test]
fn a_hard_timeout_ends_a_search_without_a_budget() {
    // Without --time the search stops at the first solution within the limit; the superflip
    // has none of 19 moves, so only the hard timeout ends it.
    let tp = common::twophase();
    let superflip = Cube::from_facelets(SUPERFLIP).unwrap();
    let out = tp
        .solve(
            &superflip,
            &FastOptions {
                max_length: 19,
                timeout: Some(Duration::from_millis(300)),
                ..FastOptions::default()
            },
        )
        .unwrap();
    assert!(out.solution.is_none() && out.timed_out);
    assert!(out.seconds < 5.0);
}

#[test]
fn a_target_ends_the_improving_search_early() {
    // With a long budget, a solution at the target (a proven lower bound) ends the search.
    let tp = common::twophase();
    let cube = Cube::from_moves(&korf::cube::parse_moves("R U F D L B").unwrap());
    let out = tp
        .solve(
            &cube,
            &FastOptions {
                time: Some(Duration::from_secs(60)),
                target: 6,
                ..FastOptions::default()
            },
        )
        .unwrap();
    let s = out.solution.unwrap();
    assert!(s.len() <= 6 && cube.apply_moves(&s).is_solved());
    assert!(!out.timed_out && out.seconds < 30.0);
}
