//! Pattern databases: one folder per table family, and the machinery they share.
//!
//! A **family** folder holds a coordinate (how a cube maps to a table entry), the
//! descriptors of its tables (size, encoding, expected depth distribution and the
//! generator hook), and its probe (how the search reads it):
//!
//! * `korf` — Korf's corner, 7-edge and edge-permutation tables.
//! * `coset` — the coset tables of the 48-symmetric subgroup (k = 0) and with four edge
//!   flips (k = 4).
//! * `layers` — the cosets of subgroups that keep the U and D layers, one coordinate with
//!   two parameters (the E edges' order, how many flips), in sizes from 305 MiB up: its
//!   ladder lists them (layerflips, flipslice, sliceperm, slicepair, sliceflips, slicefull).
//! * `full_edge` — all 12 edges, reduced by the 48 symmetries, depth mod 3.
//! * `edge_slices` — each edge position's slice and flip, reduced by the 48 symmetries
//!   (0.8 MiB): read beside the coset tables, which see nothing of a position whose
//!   edges sit in their own slices.
//!
//! * `phases` — the two distance tables of the two-phase search ([`crate::twophase`]).
//!
//! The **machinery** knows no family: `format` (file header, atomic write), `packed`
//! (2-bit lines with fallback), `generate` (the breadth-first engine and its
//! checkpoints), `build` (generate and write a file), `table` (load, read, verify: the
//! [`Table`]), `probe` (what a three-axis probe needs of a coordinate), `budget` (what a
//! build may use, and the fastest set of tables that fits: [`Budget`]).  The `registry` is
//! the one list of every family, its tables and its heuristics ([`TableKind`],
//! [`HeuristicKind`]); the `catalogue` knows what to do with them (files, sizes, builds).

pub(crate) mod budget;
pub(crate) mod build;
pub(crate) mod catalogue;
mod choice;
pub(crate) mod descriptor;
pub(crate) mod family;
pub(crate) mod format;
pub(crate) mod generate;
pub(crate) mod heuristic;
pub(crate) mod packed;
pub(crate) mod prefetch;
pub(crate) mod probe;
pub(crate) mod registry;
pub(crate) mod slices;
pub(crate) mod table;

pub(crate) mod coset;
pub(crate) mod edge_slices;
pub(crate) mod full_edge;
pub(crate) mod korf;
pub(crate) mod layers;
pub(crate) mod phases;

pub use crate::units::parse_size;
pub use budget::Budget;
pub use build::{build_file, build_image, resolve_dir, GenerationLock};
pub use catalogue::{two_phase_set, DEFAULT_SET, SLICE_TURN_SET, TWOPHASE_SET};
pub use descriptor::Descriptor;
pub use family::{HeuristicSpec, Measured, Model, Walk};
pub use format::{Header, Partial, TableError, FORMAT_VERSION, HISTOGRAM_LEN};
pub use generate::Progress;
pub(crate) use prefetch::prefetch;
pub(crate) use registry::{AxisProbe, AxisVisitor};
pub use registry::{HeuristicKind, TableKind};
pub use table::{
    expanded_histogram, Integrity, Residency, Table, Verification, VerificationRecord,
};

#[cfg(test)]
mod axis_tests;
#[cfg(test)]
mod tests;
