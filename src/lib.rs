//! korf — an optimal Rubik's Cube solver (half-turn metric).
//!
//! The library holds all of the logic; the `korf` binary parses arguments and prints.
//!
//! * [`cube`] — cubie model, moves, notation, facelet strings, random states.
//! * [`coord`] — ranking and unranking of permutations and orientations.
//! * [`symmetry`] — the 48 symmetries of the cube.
//! * [`coset`] — the symmetry-reduced coset coordinate of the coset table.
//! * [`flipslice`] — the coset coordinate of the subgroup that keeps the U and D layers.
//! * [`sliceperm`] — the same with the E edges' order and only the U/D-layer flips (7 GiB).
//! * [`full_edge`] — the symmetry-reduced coordinate of all 12 edges.
//! * [`twophase`] — Kociemba's two-phase search.
//! * [`tables`] — pattern databases: format, generation, loading, verification.
//! * [`search`] — IDA* over the pattern databases and its parallel driver.
//! * [`cli`] — command-line definitions and user-facing errors.
//! * [`report`] — text, JSON and CSV output.

pub mod cli;
pub mod cube;
pub mod report;
pub mod search;
pub mod tables;
pub mod twophase;

pub use cube::{Cube, Move};
