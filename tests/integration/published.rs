//! The published optimal-length lists (`../shared/data/scrambles`, copied to
//! `benches/scrambles`): every position must come out at exactly its stated length.  These
//! run for minutes to hours, so they are `#[ignore]`d benchmarks; run one with, e.g.,
//! `KORF_TEST_TABLES=tables cargo test --release --test integration -- --ignored published::list_17`
//! (they use the sliceperm coset table when the test tables directory holds it, else the
//! flipslice table, building that on first use: about 12 minutes and 7.6 GB of memory).
//! They search
//! as `korf solve` does by default: all cores, with two-phase upper bounds between long
//! iterations.

use crate::common;

use korf::cube::{parse_moves, Cube};
use korf::search::HeuristicKind;
use korf::search::{self, Hooks, Options};
use korf::tables::TableKind;

fn solve_list(file: &str, length: usize, positions: usize) {
    let kind = if common::has_table(TableKind::SlicePerm) {
        HeuristicKind::SlicePerm
    } else {
        HeuristicKind::FlipSlice
    };
    eprintln!("{file}: heuristic {}", kind.name());
    let set = common::table_set_for(kind);
    let twophase = common::twophase();
    let text =
        std::fs::read_to_string(crate::repo().join(format!("benches/scrambles/{file}"))).unwrap();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let cube = Cube::from_moves(&parse_moves(line).unwrap());
        let find = twophase.upper_bound_source(cube, 0, korf::cube::Metric::Htm);
        let hooks = Hooks {
            upper_bound: Some(&find),
            ..Hooks::default()
        };
        let out = search::solve_with(&set, &cube, &Options::default(), hooks).unwrap();
        let solution = out.solution.unwrap();
        assert!(cube.apply_moves(&solution).is_solved());
        assert_eq!(solution.len(), length, "{line}");
        eprintln!(
            "{file} #{}: {} moves, {:.2} s, {} nodes",
            count + 1,
            solution.len(),
            out.seconds,
            out.nodes
        );
        count += 1;
    }
    assert_eq!(count, positions);
}

#[test]
#[ignore]
fn list_16() {
    solve_list("optimal-16.txt", 16, 25);
}

#[test]
#[ignore]
fn list_17() {
    solve_list("optimal-17.txt", 17, 25);
}

#[test]
#[ignore]
fn list_18() {
    solve_list("optimal-18.txt", 18, 25);
}

#[test]
#[ignore]
fn list_19() {
    solve_list("optimal-19.txt", 19, 25);
}

#[test]
#[ignore]
fn list_20() {
    solve_list("optimal-20.txt", 20, 25);
}

#[test]
#[ignore]
fn superflip() {
    solve_list("superflip-20.txt", 20, 1);
}
