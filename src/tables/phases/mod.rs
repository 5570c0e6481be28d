//! The two-phase search's tables: its coordinates (twist, flip, slice; corner, edge and
//! slice permutations in the subgroup ⟨U, D, R2, L2, F2, B2⟩) with their move and
//! symmetry tables (`coords`), and the two exact distance tables over them (`prune`,
//! described in `descriptor`).  The search itself is [`crate::twophase`].

pub(crate) mod coords;
mod descriptor;
pub(crate) mod prune;
pub(crate) mod quarter;

pub use descriptor::{PHASE1, PHASE1_QTM, PHASE2};

use std::sync::OnceLock;

/// The move and symmetry tables, built on first use.
pub(crate) fn coords() -> &'static coords::Coords {
    static C: OnceLock<coords::Coords> = OnceLock::new();
    C.get_or_init(coords::Coords::build)
}
