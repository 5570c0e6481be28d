//! The optimal solver against plain iterative deepening, and its limits.

mod common;

use korf::cube::{parse_moves, random_cube, Cube, Move, ALL_MOVES};
use korf::search::{self, Heuristic, Options, Unsolved};
use rand::{Rng, SeedableRng};
use std::time::Duration;

fn opts(threads: usize) -> Options {
    Options {
        threads,
        ..Options::default()
    }
}

fn random_sequence(rng: &mut impl Rng, len: usize) -> Vec<Move> {
    (0..len).map(|_| ALL_MOVES[rng.gen_range(0..18)]).collect()
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
fn heuristic_is_admissible_and_consistent_on_random_walks() {
    // Along any move sequence h changes by at most 1 per move and never exceeds the
    // distance bound given by the walk back.
    let h = Heuristic::new(common::table_set());
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
