//! The catalogue: every table korf knows, one line each.  A table's facts live in its
//! family's folder ([`Descriptor`]); this list only names them.  Adding a table means a
//! folder for its family (or a descriptor in an existing one) and one entry here.

use super::descriptor::Descriptor;
use super::generate::{Checkpoint, Generated, Layout, Progress};
use super::{coset, flipslice, full_edge, korf, slicepair, sliceperm, twophase};
use std::path::{Path, PathBuf};

/// Every table korf can build, in build order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableKind {
    /// All 8 corners: 8!·3^7 entries.
    Corners,
    /// 7 edges (UR UF UL UB FR FL BR); also serves the z2-symmetric group DL DF DR DB FL FR
    /// BL: 12!/5!·2^7 entries.
    Edges7,
    /// Permutation of all 12 edges: 12! entries.
    EdgePerm,
    /// Two-phase search, phase 1: (flip-slice symmetry class, twist).
    Phase1,
    /// Two-phase search, phase 2: (corner permutation, slice permutation) and (U/D edge
    /// permutation, slice permutation).
    Phase2,
    /// The symmetry-reduced coset table: corner tetrads and twist (48-symmetry class) ×
    /// edge slices (`crate::tables::coset`).
    Coset,
    /// The k = 4 coset table: corner tetrads and twist (16-symmetry class) × edge slices ×
    /// flips of the E-slice edges, two bits per entry (`crate::tables::coset::Variant::SliceFlips`).
    Coset4,
    /// All 12 edges, position and flip, reduced by the 48 symmetries, two bits per entry
    /// (`crate::tables::full_edge`).
    FullEdge,
    /// The coset of the subgroup that keeps the U and D layers: corner layers and twist
    /// (16-symmetry class) × E-slice positions × all flips, two bits per entry
    /// (`crate::tables::flipslice`).
    FlipSlice,
    /// The coset of the subgroup that keeps the U and D layers and the E edges' order:
    /// corner layers and twist (16-symmetry class) × E-slice positions and order × flips of
    /// the U/D-layer edges, two bits per entry (`crate::tables::sliceperm`).
    SlicePerm,
    /// The sliceperm cosets split in two by the flip parity of the opposite E edges FR and
    /// BL, two bits per entry (`crate::tables::slicepair`).
    SlicePair,
}

/// The default set (Korf's tables), in build order.
pub const DEFAULT_SET: [TableKind; 3] =
    [TableKind::Corners, TableKind::Edges7, TableKind::EdgePerm];

/// The two-phase tables (`korf solve --fast`, `korf scramble`, upper bounds).
pub const TWOPHASE_SET: [TableKind; 2] = [TableKind::Phase1, TableKind::Phase2];

impl TableKind {
    /// All kinds, in build order.
    pub const ALL: [TableKind; 11] = [
        TableKind::Corners,
        TableKind::Edges7,
        TableKind::EdgePerm,
        TableKind::Phase1,
        TableKind::Phase2,
        TableKind::Coset,
        TableKind::Coset4,
        TableKind::FullEdge,
        TableKind::FlipSlice,
        TableKind::SlicePerm,
        TableKind::SlicePair,
    ];

    /// The kind's descriptor, defined in its family's folder.
    pub fn descriptor(self) -> &'static Descriptor {
        match self {
            TableKind::Corners => &korf::CORNERS,
            TableKind::Edges7 => &korf::EDGES7,
            TableKind::EdgePerm => &korf::EDGEPERM,
            TableKind::Phase1 => &twophase::PHASE1,
            TableKind::Phase2 => &twophase::PHASE2,
            TableKind::Coset => &coset::COSET,
            TableKind::Coset4 => &coset::COSET4,
            TableKind::FullEdge => &full_edge::FULL_EDGE,
            TableKind::FlipSlice => &flipslice::FLIPSLICE,
            TableKind::SlicePerm => &sliceperm::SLICEPERM,
            TableKind::SlicePair => &slicepair::SLICEPAIR,
        }
    }

    /// The tables `korf tables generate` builds when not told which: those built by
    /// default, plus the optional ones that already have a file in `present_in`.
    pub fn default_builds(present_in: Option<&Path>) -> Vec<TableKind> {
        Self::ALL
            .into_iter()
            .filter(|k| {
                k.descriptor().default_build
                    || present_in.is_some_and(|d| d.join(k.file_name()).exists())
            })
            .collect()
    }

    /// The coset tables, largest (fastest) first: what `--memory` chooses among (the
    /// flipslice, sliceperm and slicepair tables are coset tables of other subgroups).
    pub const COSET_TABLES: [TableKind; 5] = [
        TableKind::SlicePair,
        TableKind::SlicePerm,
        TableKind::FlipSlice,
        TableKind::Coset4,
        TableKind::Coset,
    ];

    /// The largest coset table whose generation fits in `bytes` of memory.
    pub fn largest_coset_table_within(bytes: u64) -> Option<TableKind> {
        Self::COSET_TABLES
            .into_iter()
            .find(|k| k.generation_peak() <= bytes)
    }

    /// Table name as used on the command line and in file names.
    pub fn name(self) -> &'static str {
        self.descriptor().name
    }

    /// Look a kind up by name.  `edges7a` and `edges7b` are accepted for `edges7`.
    pub fn from_name(name: &str) -> Option<TableKind> {
        match name {
            "edges7a" | "edges7b" => Some(TableKind::Edges7),
            _ => Self::ALL.into_iter().find(|k| k.name() == name),
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

    /// How generation stores the table while it works ([`Descriptor::working_layout`]).
    pub fn working_layout(self) -> Layout {
        self.descriptor().working_layout()
    }

    /// Size in bytes of the working table while generating.
    pub fn working_len(self) -> u64 {
        self.descriptor().working_len()
    }

    /// Peak memory of generation, roughly ([`Descriptor::generation_peak`]).
    pub fn generation_peak(self) -> u64 {
        self.descriptor().generation_peak()
    }

    /// Build the table in memory (in [`Self::working_layout`]), saving and resuming
    /// through `checkpoint` if given.
    pub fn generate(
        self,
        progress: &(dyn Fn(Progress) + Sync),
        checkpoint: Option<&Checkpoint>,
    ) -> std::io::Result<Generated> {
        self.generate_in(self.working_layout(), progress, checkpoint)
    }

    /// Build the table in memory in a chosen layout (tests compare the two).
    pub fn generate_in(
        self,
        layout: Layout,
        progress: &(dyn Fn(Progress) + Sync),
        checkpoint: Option<&Checkpoint>,
    ) -> std::io::Result<Generated> {
        self.descriptor().generate_in(layout, progress, checkpoint)
    }

    /// For a symmetry-reduced table with a published state distribution: the states
    /// each entry stands for, by entry index (`None` for the others).
    pub fn states_per_entry(self) -> Option<Box<dyn Fn(u64) -> u64 + Sync>> {
        self.descriptor().states_per_entry.map(|make| make())
    }

    /// The checkpoint file of an interrupted generation of this table in `dir`.
    pub fn checkpoint_path(self, dir: &Path) -> PathBuf {
        self.descriptor().checkpoint_path(dir)
    }
}
