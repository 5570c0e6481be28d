//! The tables that bound searches with slices counted in slice turns.
//!
//! Relative to the centres a slice turn is a turn of each of the two faces beside it
//! (`M` is `R L'` and a turn of the whole cube), a wide turn is one face turn, so in the
//! slice-turn metric one unit moves the centre-less cube by at most one face turn *or one
//! such pair*.  The face-turn tables bound that only after halving; Korf's three tables
//! generated with the pairs as one step each (`crate::cube::Metric::slice_pairs`:
//! `corners-stm`, `edges7-stm`, `edgeperm-stm`, 540 MB, about three minutes to build)
//! bound it whole.  The held search takes the larger of the two ([`super::held::Both`]).

use super::held::TablesBound;
use crate::tables::heuristic::Heuristic;
pub use crate::tables::SLICE_TURN_SET as SLICE_TURN_TABLES;
use crate::tables::{Integrity, Residency, Table, TableError};
use std::path::Path;

/// Korf's three tables in slice turns, loaded.
pub struct SliceTurnTables {
    corners: Table,
    edges7: Table,
    edgeperm: Table,
}

impl SliceTurnTables {
    /// Load the three from `dir` (each checked against its header as `integrity` says).
    pub fn open(
        dir: &Path,
        residency: Residency,
        integrity: Integrity,
    ) -> Result<SliceTurnTables, TableError> {
        let [corners, edges7, edgeperm] = SLICE_TURN_TABLES;
        Ok(SliceTurnTables {
            corners: Table::load(corners, dir, residency, integrity)?,
            edges7: Table::load(edges7, dir, residency, integrity)?,
            edgeperm: Table::load(edgeperm, dir, residency, integrity)?,
        })
    }

    /// Every table passed its check: what is proven with them is proven.
    pub fn checked(&self) -> bool {
        self.corners.checked() && self.edges7.checked() && self.edgeperm.checked()
    }

    /// The bound they give a held search in slice turns: their value as it is, read on
    /// the position and on its inverse.
    pub fn bound(&self) -> TablesBound<'_> {
        let h = Heuristic::of_korf_tables(
            self.corners.payload(),
            self.edges7.payload(),
            self.edgeperm.payload(),
        );
        TablesBound::whole(h)
    }
}
