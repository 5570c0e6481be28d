//! korf — an optimal Rubik's Cube solver (half-turn metric).
//!
//! Korf's IDA* over memory-mapped pattern databases: the heuristic is the maximum over
//! several tables (corners, coset tables of subgroups probed along three axes, Korf's edge
//! tables), the search tracks the inverse of the position so that every table reads
//! pieces at fixed positions, and the root branches are split across threads.
//!
//! # Solving a cube
//!
//! Open a tables directory once with [`Solver::open`] (missing small tables are built on
//! first use, about 30 s; the large ones are built by `korf tables generate`), then solve:
//!
//! ```no_run
//! use korf::{cube, Cube, Solver};
//!
//! let solver = Solver::open("tables")?;
//! let cube = Cube::from_moves(&cube::parse_moves("R U R' U' F2 D")?);
//! let outcome = solver.solve(&cube)?;
//! let moves = outcome.moves().expect("every position has a solution of at most 20 moves");
//! println!("{} ({} moves, proven optimal)", cube::format_moves(moves), moves.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Positions also come from facelet strings ([`Cube::from_facelets`]) or uniformly at
//! random ([`cube::random_cube`]):
//!
//! ```
//! use korf::{cube, Cube};
//!
//! let cube = Cube::from_moves(&cube::parse_moves("R U")?);
//! let facelets = cube.to_facelets();
//! assert_eq!(Cube::from_facelets(&facelets)?, cube);
//! assert!(cube.apply_moves(&cube::parse_moves("U' R'")?).is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Layout
//!
//! * [`cube`] — the cubie model, moves, notation, facelet strings, random states, and the
//!   48 symmetries.
//! * [`tables`] — pattern databases: one folder per table family (coordinate, descriptor,
//!   generator hooks, probe) and the machinery they share (file format, packed lines,
//!   breadth-first generation, loading, verification); the catalogue lists them all.
//! * [`search`] — IDA*: the heuristic, the walks, the parallel driver, statistics.
//! * [`twophase`] — Kociemba's two-phase search: near-optimal solutions in milliseconds,
//!   and upper bounds for the optimal search.
//! * [`goal`] — what a solution must reach: another position than solved, up to a turn
//!   of U before or after (speedcubers' AUF).
//! * [`Solver`] — the entry point: choose, build and load tables, solve.
//! * [`units`] — sizes and durations as people write them.
//!
//! The front ends — the `korf` binary (`cli/`), the Python module, the WebAssembly page —
//! and what they share to read positions and print results (the `korf-front` crate) are
//! apart from this library; they parse, call it and print, and every decision is made here.

#![warn(missing_docs)]

// Lets code written against the public paths (`korf::…`) live inside the crate too, as
// the unit tests of the table families do.
extern crate self as korf;

pub mod cube;
mod error;
pub mod goal;
pub mod limits;
pub mod search;
mod solver;
pub mod tables;
mod threads;
pub mod turn_search;
pub mod twophase;
pub mod units;

#[cfg(test)]
mod testing;

/// Internals the crate's criterion benchmarks time (index computations of the tables'
/// coordinates).  Not part of the API: no stability promise, no documentation.
#[doc(hidden)]
pub mod internals;

pub use cube::{Cube, Move};
pub use error::Error;
pub use goal::{Goal, GoalOutcome};
pub use search::{HeuristicKind, Outcome};
pub use solver::{
    build_cost, build_missing_tables, build_tables, open_two_phase, open_two_phase_for, BuildEvent,
    BuildObserver, Prediction, Solver, SolverConfig, Suggestion,
};
