//! The catalogue: what korf does with the tables the registry lists ([`TableKind`], one
//! line each in `registry.rs`): their files, sizes, builds, and the sets it builds.  A
//! table's facts live in its family's folder (`crate::tables::Descriptor`).

use super::generate::{Checkpoint, Generated, Layout, Progress};
use super::registry::{HeuristicKind, TableKind};
use std::path::{Path, PathBuf};

/// The default set (Korf's tables), in build order.
pub const DEFAULT_SET: [TableKind; 3] =
    [TableKind::Corners, TableKind::Edges7, TableKind::EdgePerm];

/// The two-phase tables (`korf solve --fast`, `korf scramble`, upper bounds).
pub const TWOPHASE_SET: [TableKind; 2] = [TableKind::Phase1, TableKind::Phase2];

/// Korf's three tables in slice turns, in this order (corners, 7 edges, edge
/// permutation): the held search's bound in the slice-turn metric.
pub const SLICE_TURN_SET: [TableKind; 3] = [
    TableKind::CornersStm,
    TableKind::Edges7Stm,
    TableKind::EdgePermStm,
];

/// The two-phase tables a search in `metric` reads: in quarter turns phase 1 in quarter
/// turns too (its phase-2 distances are computed in memory).
pub fn two_phase_set(metric: crate::cube::Metric) -> &'static [TableKind] {
    const QUARTER: [TableKind; 3] = [TableKind::Phase1, TableKind::Phase2, TableKind::Phase1Qtm];
    match metric {
        crate::cube::Metric::Htm | crate::cube::Metric::Stm => &TWOPHASE_SET,
        crate::cube::Metric::Qtm => &QUARTER,
    }
}

impl TableKind {
    /// The tables `korf tables generate` builds when not told which: those built by
    /// default, plus the optional ones that already have a file in `present_in`.
    pub fn default_builds(present_in: Option<&Path>) -> Vec<TableKind> {
        Self::ALL
            .iter()
            .copied()
            .filter(|k| {
                k.descriptor().default_build
                    || present_in.is_some_and(|d| d.join(k.file_name()).exists())
            })
            .collect()
    }

    /// The coset tables, largest (fastest) first: what `--memory` chooses among — the
    /// 48-symmetry ones (k = 0 and its parity splits) and the three-axis tables of the
    /// registry, in face turns.
    pub fn coset_tables() -> Vec<TableKind> {
        let mut tables: Vec<TableKind> = Self::ALL
            .iter()
            .copied()
            .filter(|&k| {
                super::coset::symmetric_variant(k.descriptor()).is_some() || is_axis_table(k)
            })
            .filter(|&k| !k.counts_quarter_turns())
            .collect();
        tables.sort_by_key(|k| std::cmp::Reverse(k.file_size()));
        tables
    }

    /// Whether the table's distances are quarter turns (it serves only `--metric qtm`):
    /// a quarter-turn heuristic names it.
    pub fn counts_quarter_turns(self) -> bool {
        HeuristicKind::ALL
            .iter()
            .any(|h| h.spec().metric == crate::cube::Metric::Qtm && h.tables().contains(&self))
    }

    /// The k = 0 or k = 4 coset table (`korf tables generate --coset K`, the older
    /// spelling of `--only coset` and `--only coset4`).
    pub fn coset_of(k: u32) -> Option<TableKind> {
        match k {
            0 => Some(TableKind::Coset),
            4 => Some(TableKind::Coset4),
            _ => None,
        }
    }

    /// Table name as used on the command line and in file names.
    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// Look a kind up by name.  `edges7a` and `edges7b` are accepted for `edges7`.
    pub fn from_name(name: &str) -> Option<TableKind> {
        match name {
            "edges7a" | "edges7b" => Some(TableKind::Edges7),
            _ => Self::ALL.iter().copied().find(|k| k.name() == name),
        }
    }

    /// File name inside the tables directory.
    pub fn file_name(self) -> String {
        self.descriptor().file_name()
    }

    /// Size of the file in bytes.
    pub fn file_size(self) -> u64 {
        self.descriptor().file_size()
    }

    /// Size of the payload in bytes.
    pub fn payload_len(self) -> u64 {
        self.descriptor().payload_len()
    }

    /// How generation stores the table while it works (`Descriptor::working_layout`).
    pub(crate) fn working_layout(self) -> Layout {
        self.descriptor().working_layout()
    }

    /// Size in bytes of the working table while generating.
    pub(crate) fn working_len(self) -> u64 {
        self.descriptor().working_len()
    }

    /// Peak memory of generation, roughly (`Descriptor::generation_peak`).
    pub fn generation_peak(self) -> u64 {
        self.descriptor().generation_peak()
    }

    /// Build the table in memory (in `Self::working_layout`), saving and resuming
    /// through `checkpoint` if given.
    pub fn generate(
        self,
        progress: &(dyn Fn(Progress) + Sync),
        checkpoint: Option<&Checkpoint>,
    ) -> std::io::Result<Generated> {
        self.generate_in(self.working_layout(), progress, checkpoint)
    }

    /// Build the table in memory in a chosen layout (tests compare the two).
    pub(crate) fn generate_in(
        self,
        layout: Layout,
        progress: &(dyn Fn(Progress) + Sync),
        checkpoint: Option<&Checkpoint>,
    ) -> std::io::Result<Generated> {
        self.descriptor().generate_in(layout, progress, checkpoint)
    }

    /// For a symmetry-reduced table with a published state distribution: the states
    /// each entry stands for, by entry index (`None` for the others).
    pub(crate) fn states_per_entry(self) -> Option<Box<dyn Fn(u64) -> u64 + Sync>> {
        self.descriptor().states_per_entry.map(|make| make())
    }

    /// The checkpoint file of an interrupted generation of this table in `dir`.
    pub fn checkpoint_path(self, dir: &Path) -> PathBuf {
        self.descriptor().checkpoint_path(dir)
    }
}

/// Whether `kind` is a three-axis coset table (read from the registry's list, without
/// building the coordinate's tables).
pub fn is_axis_table(kind: TableKind) -> bool {
    kind.is_axis()
}
