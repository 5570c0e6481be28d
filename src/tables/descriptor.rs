//! What is fixed about one table file: its size and encoding, its expected depth
//! distribution, and the hooks through which its family builds it.  The machinery of this
//! layer (generation, loading, verification) reads tables only through a [`Descriptor`];
//! it never names a family.

use super::generate::{Checkpoint, Generated, Layout, Progress};
use super::{format, packed};
use std::path::{Path, PathBuf};

/// Builds a table in memory in the given working layout, saving and resuming through the
/// checkpoint if one is given.
pub(crate) type GenerateFn =
    fn(Layout, &(dyn Fn(Progress) + Sync), Option<&Checkpoint>) -> std::io::Result<Generated>;

/// For a symmetry-reduced table: a function giving the number of states entry `i` stands
/// for (made once per verification; it may build tables of its own).
pub(crate) type StatesPerEntryFn = fn() -> Box<dyn Fn(u64) -> u64 + Sync>;

/// Bytes per entry past `base + 3` that generation in lines holds at once while splitting
/// them by depth: their index list (8), the list paired with each one's verdict (16) and
/// the two lists it splits into (8 + 8).  Measured: the largest three-axis build (29 million such
/// entries) peaked 1.3 GB above its table.
const DEEP_LIST_BYTES: u64 = 40;

/// Everything fixed about one table, including its expected distribution.  Each family
/// folder under `tables/` defines the descriptors of its tables; the catalogue
/// ([`super::TableKind`]) lists them.
pub struct Descriptor {
    /// Name as used on the command line and in file names.
    pub name: &'static str,
    /// What the table indexes, in a line.
    pub description: &'static str,
    /// Number of entries.
    pub entries: u64,
    /// Bits per entry on disk: 4 (the depth) or 2 (`packed`).
    pub bits: u32,
    /// For a 2-bit table: entries hold the depth mod 3 in `packed`'s line geometry
    /// (fallback byte unused), read exactly with the parent's value, instead of
    /// base-and-fallback codes.
    pub mod3: bool,
    /// Whether `korf tables generate` builds it by default (the large optional tables
    /// are built on request).
    pub default_build: bool,
    /// Published or recorded depth distribution: entries at depth 0, 1, ….  Empty when
    /// only the expanded distribution is known in advance.
    pub expected: &'static [u64],
    /// For a symmetry-reduced table whose entry counts are not published: the published
    /// distribution of the states they stand for (thesis Table 4.1), checked against the
    /// header's expanded histogram.  Empty for the others.
    pub expected_states: &'static [u64],
    /// For a 2-bit table: a base depth fixed in advance (generated straight in its final
    /// layout before its distribution was known).  `None`: the base follows from the
    /// distribution (`packed::choose_base`).
    pub base: Option<u8>,
    /// Which searches use it, for `korf tables list`.
    pub used_by: &'static str,
    /// Whether a solve that needs it may build it on first use.  The large tables (many
    /// minutes, gigabytes of memory) are built only by an explicit `korf tables generate`.
    pub on_demand: bool,
    /// Time to build it, in seconds, measured on the reference machine (2 cores of an AMD
    /// EPYC; the dates and runs are in `docs/tables.md`): what `korf tables list` and a
    /// first run announce.  The one place this fact is written.
    pub build_seconds: u64,
    /// The family's generator: a breadth-first search over its coordinate.
    pub(crate) generate: GenerateFn,
    /// The states each entry stands for, for a table with [`Descriptor::expected_states`].
    pub(crate) states_per_entry: Option<StatesPerEntryFn>,
    /// Builds the in-memory coordinate tables the family's probe needs, so that loading,
    /// not the first solve, pays for them.
    pub(crate) prepare: fn(),
}

impl Descriptor {
    /// The base depth of a 2-bit table with this depth histogram.
    pub fn base_for(&self, histogram: &[u64]) -> u8 {
        self.base.unwrap_or_else(|| packed::choose_base(histogram))
    }

    /// File name inside the tables directory.
    pub fn file_name(&self) -> String {
        format!("{}.pdb", self.name)
    }

    /// Size of the payload in bytes.
    pub fn payload_len(&self) -> u64 {
        match self.bits {
            2 => packed::packed_len(self.entries),
            _ => self.entries.div_ceil(2),
        }
    }

    /// Size of the file in bytes.
    pub fn file_size(&self) -> u64 {
        format::HEADER_SIZE as u64 + self.payload_len()
    }

    /// How generation stores the table while it works.  A 2-bit table whose entries past
    /// `base + 3` are few (at most 1/256 of them; the full-edge table, base 9: 7 million of
    /// 20 billion) is generated straight in its final line format, with the base its
    /// expected distribution gives (the loader derives the same base from the header's
    /// histogram); those deepest entries are split by depth from a sorted index list.  The
    /// others (coset4, base 8: 366 million of 5.5 billion) work in nibbles and are packed at
    /// the end.
    pub fn working_layout(&self) -> Layout {
        if self.mod3 {
            return Layout::Mod3;
        }
        if let (2, Some(base)) = (self.bits, self.base) {
            return Layout::Lines { base };
        }
        if self.bits == 2 && !self.expected.is_empty() {
            let base = packed::choose_base(self.expected);
            let deep: u64 = self.expected.iter().skip(base as usize + 4).sum();
            if deep <= self.entries / 256 {
                return Layout::Lines { base };
            }
        }
        Layout::Nibbles
    }

    /// Size in bytes of the working table while generating.
    pub fn working_len(&self) -> u64 {
        self.working_layout().payload_len(self.entries)
    }

    /// Peak memory of generation, roughly: the working table, plus the packed copy when a
    /// 2-bit table is generated in nibbles, plus, when it is generated in its final lines,
    /// the index lists that split the entries past `base + 3` by depth (as many as the
    /// expected distribution has there).
    pub fn generation_peak(&self) -> u64 {
        let extra = match (self.bits, self.working_layout()) {
            (2, Layout::Nibbles) => self.payload_len(),
            (_, Layout::Lines { base }) => {
                let deep: u64 = self.expected.iter().skip(base as usize + 4).sum();
                deep * DEEP_LIST_BYTES
            }
            _ => 0,
        };
        self.working_len() + extra
    }

    /// The checkpoint file of an interrupted generation of this table in `dir`.
    pub fn checkpoint_path(&self, dir: &Path) -> PathBuf {
        dir.join(format!(".{}.partial", self.file_name()))
    }

    /// Build the table in memory in `layout` (see [`Descriptor::working_layout`]), saving
    /// and resuming through `checkpoint` if given.
    pub(crate) fn generate_in(
        &self,
        layout: Layout,
        progress: &(dyn Fn(Progress) + Sync),
        checkpoint: Option<&Checkpoint>,
    ) -> std::io::Result<Generated> {
        (self.generate)(layout, progress, checkpoint)
    }
}
