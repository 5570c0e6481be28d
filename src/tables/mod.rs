//! Pattern databases: what each table indexes, generation, the file format, loading by
//! memory map, and verification against the published distributions.

pub mod format;
pub mod generate;
pub mod packed;
pub mod pattern;

pub use format::{Header, TableError, HISTOGRAM_LEN};
pub use generate::Progress;

use crate::cube::Cube;
use memmap2::{Mmap, MmapOptions};
use pattern::{Corners, EdgePerm, Pattern, EDGES7_A};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// The tables of the default set.
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
    /// edge slices ([`crate::coset`]).
    Coset,
    /// The k = 4 coset table: corner tetrads and twist (16-symmetry class) × edge slices ×
    /// flips of the E-slice edges, two bits per entry ([`crate::coset::Variant::SliceFlips`]).
    Coset4,
    /// All 12 edges, position and flip, reduced by the 48 symmetries, two bits per entry
    /// ([`crate::full_edge`]).
    FullEdge,
    /// The coset of the subgroup that keeps the U and D layers: corner layers and twist
    /// (16-symmetry class) × E-slice positions × all flips, two bits per entry
    /// ([`crate::flipslice`]).
    FlipSlice,
    /// The coset of the subgroup that keeps the U and D layers and the E edges' order:
    /// corner layers and twist (16-symmetry class) × E-slice positions and order × flips of
    /// the U/D-layer edges, two bits per entry ([`crate::sliceperm`]).
    SlicePerm,
}

/// Everything fixed about one table kind, including its expected distribution.
pub struct Descriptor {
    pub kind: TableKind,
    pub name: &'static str,
    pub description: &'static str,
    pub entries: u64,
    /// Bits per entry on disk: 4 (the depth) or 2 ([`packed`]).
    pub bits: u32,
    /// For a 2-bit table: entries hold the depth mod 3 in [`packed`]'s line geometry
    /// (fallback byte unused), read exactly with the parent's value, instead of
    /// base-and-fallback codes.
    pub mod3: bool,
    /// Whether `korf tables generate` builds it by default (the large optional tables
    /// are built on request).
    pub default_build: bool,
    /// Published depth distribution (thesis Tables 3.2–3.4): entries at depth 0, 1, ….
    /// Empty when only the expanded distribution is known in advance.
    pub expected: &'static [u64],
    /// For a symmetry-reduced table whose entry counts are not published: the published
    /// distribution of the states they stand for (thesis Table 4.1), checked against the
    /// header's expanded histogram.  Empty for the others.
    pub expected_states: &'static [u64],
    /// For a 2-bit table: a base depth fixed in advance (generated straight in its final
    /// layout before its distribution was known).  `None`: the base follows from the
    /// distribution ([`packed::choose_base`]).
    pub base: Option<u8>,
}

impl Descriptor {
    /// The base depth of a 2-bit table with this depth histogram.
    pub fn base_for(&self, histogram: &[u64]) -> u8 {
        self.base.unwrap_or_else(|| packed::choose_base(histogram))
    }
}

/// Thesis Table 3.2.
const CORNERS_EXPECTED: [u64; 12] = [
    1, 18, 243, 2874, 28000, 205416, 1168516, 5402628, 20776176, 45391616, 15139616, 64736,
];
/// Thesis Table 3.3.
const EDGES7_EXPECTED: [u64; 12] = [
    1, 15, 191, 2455, 30519, 356462, 3766700, 32719467, 186297009, 274719633, 13042507, 81,
];
/// Thesis Table 3.4.
const EDGEPERM_EXPECTED: [u64; 11] = [
    1, 18, 243, 3240, 42535, 542234, 6529891, 66478628, 310957078, 94443600, 4132,
];

/// Phase-1 distances counted by (flip-slice class, twist) entries.  Weighted by class size
/// they give Kociemba's published phase-1 distribution (1, 4, 50, …, 476 positions of
/// twist × flip × slice), which `tests/twophase.rs` checks.
const PHASE1_EXPECTED: [u64; 13] = [
    1, 1, 5, 44, 487, 5841, 68364, 776568, 7950748, 52098876, 76236234, 3771112, 129,
];
/// Phase-2 distances of both phase-2 tables together (each also checked against a plain
/// breadth-first search over the cube model in `tests/twophase.rs`).
const PHASE2_EXPECTED: [u64; 15] = [
    2, 20, 134, 860, 5086, 26706, 115236, 360546, 562354, 300188, 200938, 200314, 116256, 44416,
    2304,
];

/// Coset-table distances counted by entry (twins included).  Weighted by the orbit size of
/// each entry's corner class they count raw cosets; `tests/coset.rs` checks that against a
/// breadth-first search over raw cosets (depths 0–6) and entries against a brute-force
/// search for the subgroup.
const COSET_EXPECTED: [u64; 13] = [
    1, 1, 4, 34, 331, 3612, 41605, 474128, 4953846, 34776317, 68566704, 8749194, 1673,
];

/// Coset4 entries by depth (twins included), as generated on the development machine
/// (README); weighted by orbit size they sum to every raw coset, which
/// `tests/coset_flips.rs` checks, and depths 0–5 match a search over raw cosets.
const COSET4_EXPECTED: [u64; 14] = [
    1, 2, 11, 90, 870, 10289, 123774, 1510748, 18245153, 203912358, 1585537653, 3366305840,
    366124590, 11021,
];

/// Full-edge entries by depth (twins included), as generated on the development machine
/// (README); weighted by the states each entry stands for they give thesis Table 4.1
/// exactly, which `korf tables verify` checks.
const FULL_EDGE_EXPECTED: [u64; 15] = [
    1,
    8,
    45,
    282,
    2075,
    17435,
    171347,
    1921932,
    22276898,
    243097994,
    2307256686,
    11540646870,
    6367102845,
    7023590,
    72,
];

/// Flipslice entries by depth (twins included), as generated on the development machine
/// (README); depths 0–5 match a breadth-first search over raw cosets through whole cubes
/// (`tests/flipslice.rs`).
const FLIPSLICE_EXPECTED: [u64; 14] = [
    1, 2, 16, 132, 1471, 17126, 207125, 2538885, 30763005, 349466252, 2878994435, 6272091236,
    532554459, 2655,
];

/// The sliceperm table's base depth, fixed before it was first generated (nxopt's choice
/// for the same subgroup; the distribution then confirmed it, README).
const SLICEPERM_BASE: u8 = 9;

/// Sliceperm entries by depth (twins included), as first generated on the development
/// machine (README); depths 0–5 match a sparse breadth-first search over the entries
/// (`tests/sliceperm.rs`).
const SLICEPERM_EXPECTED: [u64; 14] = [
    1,
    2,
    22,
    200,
    2137,
    23903,
    287698,
    3560276,
    44164674,
    530379944,
    5233704011,
    19675963236,
    4711576986,
    247310,
];

/// The default set (the optimal solver's tables), in build order.
pub const DEFAULT_SET: [TableKind; 3] =
    [TableKind::Corners, TableKind::Edges7, TableKind::EdgePerm];

/// The two-phase tables (`korf solve --fast`, `korf scramble`).
pub const TWOPHASE_SET: [TableKind; 2] = [TableKind::Phase1, TableKind::Phase2];

impl TableKind {
    /// All kinds, in build order.
    pub const ALL: [TableKind; 10] = [
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
    ];

    /// The kind's descriptor.
    pub fn descriptor(self) -> &'static Descriptor {
        static D: [Descriptor; 10] = [
            Descriptor {
                kind: TableKind::Corners,
                name: "corners",
                description: "all 8 corners, position and twist",
                entries: 88_179_840,
                bits: 4,
                mod3: false,
                default_build: true,
                expected_states: &[],
                expected: &CORNERS_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::Edges7,
                name: "edges7",
                description: "7 edges, position and flip (both 7-edge groups, via z2)",
                entries: 510_935_040,
                bits: 4,
                mod3: false,
                default_build: true,
                expected_states: &[],
                expected: &EDGES7_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::EdgePerm,
                name: "edgeperm",
                description: "permutation of all 12 edges, flips ignored",
                entries: 479_001_600,
                bits: 4,
                mod3: false,
                default_build: true,
                expected_states: &[],
                expected: &EDGEPERM_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::Phase1,
                name: "phase1",
                description: "two-phase, phase 1: flip-slice class x twist",
                entries: crate::twophase::prune::PHASE1_ENTRIES,
                bits: 4,
                mod3: false,
                default_build: true,
                expected_states: &[],
                expected: &PHASE1_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::Phase2,
                name: "phase2",
                description: "two-phase, phase 2: corner/edge perms x slice perm",
                entries: crate::twophase::prune::PHASE2_ENTRIES,
                bits: 4,
                mod3: false,
                default_build: true,
                expected_states: &[],
                expected: &PHASE2_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::Coset,
                name: "coset",
                description:
                    "coset of the 48-symmetric subgroup: corner tetrads+twist class x edge slices",
                entries: crate::coset::ENTRIES,
                bits: 4,
                mod3: false,
                default_build: true,
                expected_states: &[],
                expected: &COSET_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::Coset4,
                name: "coset4",
                description:
                    "coset with 4 edge flips: corner class (16 syms) x edge slices x E-slice flips",
                entries: crate::coset::Variant::SliceFlips.entries(),
                bits: 2,
                mod3: false,
                default_build: false,
                expected_states: &[],
                expected: &COSET4_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::FullEdge,
                name: "full-edge",
                description: "all 12 edges, position and flip, 48-symmetry classes, depth mod 3",
                entries: crate::full_edge::ENTRIES,
                bits: 2,
                mod3: true,
                default_build: false,
                expected: &FULL_EDGE_EXPECTED,
                expected_states: &crate::full_edge::EXPECTED_STATES,
                base: None,
            },
            Descriptor {
                kind: TableKind::FlipSlice,
                name: "flipslice",
                description:
                    "coset keeping the U/D layers: corner layers+twist class x E-slice x all flips",
                entries: crate::flipslice::ENTRIES,
                bits: 2,
                mod3: false,
                default_build: false,
                expected_states: &[],
                expected: &FLIPSLICE_EXPECTED,
                base: None,
            },
            Descriptor {
                kind: TableKind::SlicePerm,
                name: "sliceperm",
                description:
                    "coset keeping the U/D layers and E order: corner class x E-slice order x U/D flips",
                entries: crate::sliceperm::ENTRIES,
                bits: 2,
                mod3: false,
                default_build: false,
                expected_states: &[],
                expected: &SLICEPERM_EXPECTED,
                base: Some(SLICEPERM_BASE),
            },
        ];
        &D[self as usize]
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
        format!("{}.pdb", self.name())
    }

    /// Size of the file in bytes.
    pub fn file_size(self) -> u64 {
        format::HEADER_SIZE as u64 + self.payload_len()
    }

    /// Size of the payload in bytes.
    pub fn payload_len(self) -> u64 {
        let d = self.descriptor();
        match d.bits {
            2 => packed::packed_len(d.entries),
            _ => d.entries.div_ceil(2),
        }
    }

    /// How generation stores the table while it works.  A 2-bit table whose entries past
    /// `base + 3` are few (at most 1/256 of them; the full-edge table, base 9: 7 million of
    /// 20 billion) is generated straight in its final line format, with the base its
    /// expected distribution gives (the loader derives the same base from the header's
    /// histogram); those deepest entries are split by depth from a sorted index list.  The
    /// others (coset4, base 8: 366 million of 5.5 billion) work in nibbles and are packed at
    /// the end.
    pub fn working_layout(self) -> generate::Layout {
        let d = self.descriptor();
        if d.mod3 {
            return generate::Layout::Mod3;
        }
        if let (2, Some(base)) = (d.bits, d.base) {
            return generate::Layout::Lines { base };
        }
        if d.bits == 2 && !d.expected.is_empty() {
            let base = packed::choose_base(d.expected);
            let deep: u64 = d.expected.iter().skip(base as usize + 4).sum();
            if deep <= d.entries / 256 {
                return generate::Layout::Lines { base };
            }
        }
        generate::Layout::Nibbles
    }

    /// Size in bytes of the working table while generating.
    pub fn working_len(self) -> u64 {
        self.working_layout().payload_len(self.descriptor().entries)
    }

    /// Peak memory of generation, roughly: the working table, plus the packed copy when a
    /// 2-bit table is generated in nibbles.
    pub fn generation_peak(self) -> u64 {
        let packed_copy = match (self.descriptor().bits, self.working_layout()) {
            (2, generate::Layout::Nibbles) => self.payload_len(),
            _ => 0,
        };
        self.working_len() + packed_copy
    }

    /// Build the table in memory (in [`Self::working_layout`]), saving and resuming
    /// through `checkpoint` if given.
    pub fn generate(
        self,
        progress: &(dyn Fn(Progress) + Sync),
        checkpoint: Option<&generate::Checkpoint>,
    ) -> std::io::Result<generate::Generated> {
        self.generate_in(self.working_layout(), progress, checkpoint)
    }

    /// Build the table in memory in a chosen layout (tests compare the two).
    pub fn generate_in(
        self,
        layout: generate::Layout,
        progress: &(dyn Fn(Progress) + Sync),
        checkpoint: Option<&generate::Checkpoint>,
    ) -> std::io::Result<generate::Generated> {
        use generate::{generate_resumable as run, PatternSpace};
        let solved = Cube::SOLVED;
        match self {
            TableKind::Corners => run(
                &PatternSpace {
                    pattern: &Corners,
                    goal: Corners.rank(&Corners.project(&solved)),
                },
                layout,
                progress,
                checkpoint,
            ),
            TableKind::Edges7 => run(
                &PatternSpace {
                    pattern: &EDGES7_A,
                    goal: EDGES7_A.rank(&EDGES7_A.project(&solved)),
                },
                layout,
                progress,
                checkpoint,
            ),
            TableKind::EdgePerm => run(
                &PatternSpace {
                    pattern: &EdgePerm,
                    goal: EdgePerm.rank(&EdgePerm.project(&solved)),
                },
                layout,
                progress,
                checkpoint,
            ),
            TableKind::Phase1 => run(
                &crate::twophase::prune::Phase1Space(crate::twophase::coords()),
                layout,
                progress,
                checkpoint,
            ),
            TableKind::Phase2 => run(
                &crate::twophase::prune::Phase2Space(crate::twophase::coords()),
                layout,
                progress,
                checkpoint,
            ),
            TableKind::Coset => run(
                &crate::coset::CosetSpace(crate::coset::coset_coords()),
                layout,
                progress,
                checkpoint,
            ),
            TableKind::Coset4 => run(
                &crate::coset::CosetSpace(crate::coset::coords_for(
                    crate::coset::Variant::SliceFlips,
                )),
                layout,
                progress,
                checkpoint,
            ),
            TableKind::FullEdge => run(
                &crate::full_edge::FullEdgeSpace(&crate::full_edge::FullEdgeCoords::with_moves()),
                layout,
                progress,
                checkpoint,
            ),
            TableKind::FlipSlice => run(
                &crate::flipslice::FlipSliceSpace(crate::flipslice::flipslice_coords()),
                layout,
                progress,
                checkpoint,
            ),
            TableKind::SlicePerm => run(
                &crate::sliceperm::SlicePermSpace(crate::sliceperm::sliceperm_coords()),
                layout,
                progress,
                checkpoint,
            ),
        }
    }

    /// For a symmetry-reduced table with a published state distribution: the states
    /// each entry stands for, by entry index (`None` for the others).
    pub fn states_per_entry(self) -> Option<Box<dyn Fn(u64) -> u64 + Sync>> {
        match self {
            TableKind::FullEdge => {
                let c = crate::full_edge::full_edge_coords();
                Some(Box::new(move |i| c.states_per_entry(i)))
            }
            _ => None,
        }
    }

    /// The checkpoint file of an interrupted generation of this table in `dir`.
    pub fn checkpoint_path(self, dir: &Path) -> PathBuf {
        dir.join(format!(".{}.partial", self.file_name()))
    }
}

/// The tables directory: `--dir`/`--tables` if given, else `$KORF_TABLES`, else `tables`.
pub fn resolve_dir(explicit: Option<&Path>) -> PathBuf {
    if let Some(p) = explicit {
        return p.to_path_buf();
    }
    match std::env::var_os("KORF_TABLES") {
        Some(v) if !v.is_empty() => PathBuf::from(v),
        _ => PathBuf::from("tables"),
    }
}

/// Generate `kind` and write it atomically to `dir`.  Returns the header written.
///
/// Generation saves a checkpoint beside the table after every depth that took longer than
/// writing the checkpoint would (one second plus a second per 100 MB of working table), and
/// continues from it when run again: a killed run loses at most about two depths' work.
pub fn build_file(
    kind: TableKind,
    dir: &Path,
    progress: &(dyn Fn(Progress) + Sync),
) -> Result<Header, TableError> {
    let path = dir.join(kind.file_name());
    let start = Instant::now();
    let checkpoint_path = kind.checkpoint_path(dir);
    let checkpoint = generate::Checkpoint {
        path: &checkpoint_path,
        name: kind.name(),
        min_depth_time: checkpoint_interval(kind),
        within_depth_time: within_depth_interval(kind),
    };
    let g = kind
        .generate(progress, Some(&checkpoint))
        .map_err(|e| format::io_error(&checkpoint_path, e))?;
    let d = kind.descriptor();
    let expanded = kind.states_per_entry().map(|_| g.weighted);
    if let generate::Layout::Lines { base } = g.layout {
        let derived = kind.descriptor().base_for(&g.histogram);
        if derived != base {
            return Err(TableError::Corrupt {
                path: path.clone(),
                what: format!(
                    "generated with base {base} but its distribution gives base {derived}; \
                     the table's expected distribution is out of date"
                ),
            });
        }
    }
    let payload = if g.layout != generate::Layout::Nibbles {
        g.payload
    } else if d.bits == 2 {
        let base = packed::choose_base(&g.histogram);
        let nibbles = g.payload;
        packed::pack(d.entries, base, |i| {
            (nibbles[(i >> 1) as usize] >> ((i & 1) * 4)) & 15
        })
    } else {
        g.payload
    };
    let header = Header {
        mod3: d.mod3,
        name: kind.name().to_string(),
        entries: d.entries,
        bits_per_entry: d.bits,
        max_depth: g.max_depth,
        payload_len: payload.len() as u64,
        checksum: format::checksum(&payload),
        created_unix: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0),
        generation_millis: start.elapsed().as_millis() as u64,
        histogram: g.histogram,
        expanded,
        partial: None,
    };
    format::write_atomic(&path, &header, &payload).map_err(|e| format::io_error(&path, e))?;
    let _ = std::fs::remove_file(&checkpoint_path);
    Ok(header)
}

/// How long a depth runs before a checkpoint is saved in the middle of it:
/// `$KORF_CHECKPOINT_WITHIN_SECS` if set, else ten times [`checkpoint_interval`] (a save of
/// the 10 GB full-edge working table costs about 100 s; every 17 minutes keeps that under
/// 10 %).
fn within_depth_interval(kind: TableKind) -> std::time::Duration {
    match std::env::var("KORF_CHECKPOINT_WITHIN_SECS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
    {
        Some(secs) => std::time::Duration::from_secs_f64(secs),
        None => checkpoint_interval(kind) * 10,
    }
}

/// Sum `weight(i)` over every entry `i`, by the value `value(i)` (a depth, or a 2-bit
/// code): the states a symmetry-reduced table's entries stand for.  In parallel.
pub fn expanded_histogram(
    entries: u64,
    weight: &(dyn Fn(u64) -> u64 + Sync),
    value: impl Fn(u64) -> u8 + Sync,
) -> [u64; HISTOGRAM_LEN] {
    use rayon::prelude::*;
    const CHUNK: u64 = 1 << 20;
    (0..entries.div_ceil(CHUNK))
        .into_par_iter()
        .map(|c| {
            let mut h = [0u64; HISTOGRAM_LEN];
            for i in c * CHUNK..((c + 1) * CHUNK).min(entries) {
                h[value(i) as usize] += weight(i);
            }
            h
        })
        .reduce(
            || [0u64; HISTOGRAM_LEN],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        )
}

/// Hint that the byte `table[offset]` will be needed soon (`T` is `u8` or `AtomicU8`).
#[inline(always)]
pub(crate) fn prefetch<T>(table: &[T], offset: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        let p = table.as_ptr().wrapping_add(offset);
        // SAFETY: a prefetch is only a hint: it never faults and has no architectural
        // effect, whatever the address; callers pass an entry's offset, inside the table.
        unsafe { std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (table, offset);
}

/// How long a depth must take before a checkpoint follows it: `$KORF_CHECKPOINT_SECS` if
/// set (0 saves after every depth), else one second plus a second per 100 MB of working
/// table (about what writing the checkpoint costs).
fn checkpoint_interval(kind: TableKind) -> std::time::Duration {
    let secs = std::env::var("KORF_CHECKPOINT_SECS")
        .ok()
        .and_then(|v| v.parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .unwrap_or(1.0 + kind.working_len() as f64 / 100e6);
    std::time::Duration::from_secs_f64(secs)
}

/// A loaded, memory-mapped table.
pub struct Table {
    kind: TableKind,
    path: PathBuf,
    header: Header,
    map: Mmap,
    /// The payload copied into anonymous memory backed by transparent huge pages, when
    /// loaded with [`Residency::HugePages`].
    copy: Option<memmap2::MmapMut>,
    /// Base depth of a 2-bit table ([`packed`]).
    base: u8,
}

/// How a loaded table's payload is held in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Residency {
    /// Use the read-only file mapping in place (no copy; pages shared with the page cache).
    #[default]
    Mapped,
    /// Copy the payload into anonymous memory advised for transparent huge pages: one
    /// copy at load time in exchange for far fewer TLB misses during the search.
    HugePages,
}

impl Table {
    /// Map `dir/<kind>.pdb` read-only after checking its header, name, entry count and size.
    /// With `populate`, the pages are read in now rather than on first touch.
    pub fn open(kind: TableKind, dir: &Path, populate: bool) -> Result<Table, TableError> {
        let path = dir.join(kind.file_name());
        let header = Header::read(&path)?;
        let d = kind.descriptor();
        if header.name != d.name || header.entries != d.entries || header.bits_per_entry != d.bits {
            return Err(TableError::Corrupt {
                path,
                what: format!(
                    "header says table `{}` with {} entries of {} bits, expected `{}` with {} entries of {} bits",
                    header.name, header.entries, header.bits_per_entry, d.name, d.entries, d.bits
                ),
            });
        }
        if header.mod3 != d.mod3 {
            let encoding = |m: bool| {
                if m {
                    "depth mod 3"
                } else {
                    "base-and-fallback codes"
                }
            };
            return Err(TableError::Encoding {
                path,
                found: encoding(header.mod3),
                expected: encoding(d.mod3),
                name: d.name,
            });
        }
        let file = File::open(&path).map_err(|e| format::open_error(&path, e))?;
        let len = file
            .metadata()
            .map_err(|e| format::io_error(&path, e))?
            .len();
        let expected = kind.file_size();
        if len != expected || header.payload_len != expected - format::HEADER_SIZE as u64 {
            return Err(TableError::Size {
                path,
                found: len,
                expected,
            });
        }
        let mut opts = MmapOptions::new();
        if populate {
            opts.populate();
        }
        // SAFETY: the file is opened read-only and korf never writes a table in place (new
        // tables are renamed over old ones, which leaves existing maps of the old inode
        // intact).  Another program truncating the file while it is mapped would break this
        // assumption, as with any memory-mapped file.
        let map = unsafe { opts.map(&file) }.map_err(|e| format::io_error(&path, e))?;
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Random);
        let base = d.base_for(&header.histogram);
        Ok(Table {
            kind,
            path,
            header,
            map,
            copy: None,
            base,
        })
    }

    /// The table's kind.
    pub fn kind(&self) -> TableKind {
        self.kind
    }
    /// The file path.
    pub fn path(&self) -> &Path {
        &self.path
    }
    /// The checked header.
    pub fn header(&self) -> &Header {
        &self.header
    }
    /// The packed entries.
    pub fn payload(&self) -> &[u8] {
        match &self.copy {
            Some(c) => &c[..],
            None => &self.map[format::HEADER_SIZE..],
        }
    }

    /// Move the payload into huge-page-backed anonymous memory (see [`Residency`]).  Falls
    /// back to the mapping if anonymous memory cannot be had.
    pub fn make_resident(&mut self, residency: Residency) {
        if residency != Residency::HugePages || self.copy.is_some() {
            return;
        }
        let len = self.map.len() - format::HEADER_SIZE;
        let Ok(mut anon) = memmap2::MmapMut::map_anon(len) else {
            return;
        };
        #[cfg(target_os = "linux")]
        let _ = anon.advise(memmap2::Advice::HugePage);
        // Read through the file rather than copying from the map: no page faults on the
        // source side.  On any failure keep using the map.
        let read = File::open(&self.path).and_then(|mut f| {
            use std::io::{Read, Seek, SeekFrom};
            f.seek(SeekFrom::Start(format::HEADER_SIZE as u64))?;
            f.read_exact(&mut anon[..])
        });
        if read.is_ok() {
            self.copy = Some(anon);
        }
    }

    /// Recount checksum and histogram (reads the whole file).
    pub fn verify(&self) -> Verification {
        let payload = self.payload();
        let checksum_ok = format::checksum(payload) == self.header.checksum;
        let d = self.kind.descriptor();
        let fold = |h: &[u64; HISTOGRAM_LEN]| -> [u64; 4] {
            if d.mod3 {
                let mut f = [0u64; 4];
                for (depth, &n) in h.iter().enumerate() {
                    f[depth % 3] += n;
                }
                f
            } else {
                packed::collapse(h, self.base)
            }
        };
        let (histogram, header_ok) = if d.bits == 2 {
            // Two bits cannot say the depth: recount the codes, and check them against
            // the depth histogram the header carries.
            let codes = packed::code_histogram(payload, self.header.entries);
            let header = &self.header.histogram;
            let depths = header.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
            let ok = codes == fold(header) && header.iter().sum::<u64>() == self.header.entries;
            (header[..depths].to_vec(), ok)
        } else {
            let counted = generate::histogram(payload, self.header.entries);
            let depths = counted.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
            (counted[..depths].to_vec(), counted == self.header.histogram)
        };
        // A symmetry-reduced table with a published state distribution: recount the
        // states behind each code and check them against the header's expanded histogram,
        // which must equal the published one.
        let (expanded_histogram, expanded_ok) =
            match (self.kind.states_per_entry(), &self.header.expanded) {
                (Some(weight), Some(expanded)) => {
                    let by_code = expanded_histogram(self.header.entries, weight.as_ref(), |i| {
                        packed::code_of(payload, i)
                    });
                    let depths = expanded.iter().rposition(|&c| c != 0).map_or(0, |i| i + 1);
                    let ok = by_code[..4] == fold(expanded)[..]
                        && expanded[..depths] == *d.expected_states;
                    (Some(expanded[..depths].to_vec()), ok)
                }
                (Some(_), None) => (None, false),
                (None, _) => (None, true),
            };
        let histogram_ok =
            header_ok && expanded_ok && (d.expected.is_empty() || histogram == d.expected);
        Verification {
            name: d.name.to_string(),
            entries: self.header.entries,
            histogram,
            expanded_histogram,
            checksum_ok,
            histogram_ok,
            header_histogram_ok: header_ok,
        }
    }

    fn verification_path(&self) -> PathBuf {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        dir.join(format!(".{}.verified", self.kind.file_name()))
    }

    /// Remember the outcome of [`Table::verify`] beside the table, tied to this file's
    /// header (payload checksum and creation time), so `korf tables list` can show it.
    pub fn record_verification(&self, v: &Verification) -> std::io::Result<()> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let ok = v.checksum_ok && v.histogram_ok;
        let text = format!(
            "{:016x} {} {} {}\n",
            self.header.checksum, self.header.created_unix, ok as u8, now
        );
        let path = self.verification_path();
        let tmp = path.with_extension(format!("{}.tmp", std::process::id()));
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &path)
    }

    /// The last recorded verification of this very file: `(passed, unix time)`, or `None`
    /// if it was never verified (or was rebuilt since).
    pub fn last_verification(&self) -> Option<(bool, u64)> {
        let text = std::fs::read_to_string(self.verification_path()).ok()?;
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() != 4
            || u64::from_str_radix(f[0], 16).ok()? != self.header.checksum
            || f[1].parse::<u64>().ok()? != self.header.created_unix
        {
            return None;
        }
        Some((f[2] == "1", f[3].parse().ok()?))
    }

    /// Depth of entry `index` (a lower bound on it, for base-and-fallback tables; the
    /// depth mod 3 for mod-3 tables).
    #[inline(always)]
    pub fn get(&self, index: u64) -> u8 {
        if self.header.mod3 {
            packed::code_of(self.payload(), index)
        } else if self.header.bits_per_entry == 2 {
            packed::get(self.payload(), self.base, index)
        } else {
            (self.payload()[(index >> 1) as usize] >> ((index & 1) * 4)) & 15
        }
    }

    /// Base depth of a 2-bit table.
    pub fn base(&self) -> u8 {
        self.base
    }
}

/// The result of `korf tables verify` for one table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Verification {
    pub name: String,
    pub entries: u64,
    /// Entries by depth, from depth 0, recounted from the payload.
    pub histogram: Vec<u64>,
    /// For a symmetry-reduced table: the states its entries stand for, by depth (the
    /// header's, checked against the payload's codes and the published distribution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expanded_histogram: Option<Vec<u64>>,
    pub checksum_ok: bool,
    /// The recount equals both the header's histogram and the published distribution.
    pub histogram_ok: bool,
    #[serde(skip)]
    pub header_histogram_ok: bool,
}

/// Which tables the optimal search's heuristic takes the maximum over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HeuristicKind {
    /// Korf's four: corners, both 7-edge groups, edge permutation.
    Korf,
    /// Corners and the coset table (probed on the position and its inverse).
    Coset,
    /// Corners and the k = 4 coset table (three axes, position and inverse).
    Coset4,
    /// Korf's tables and the k = 0 coset table.
    All,
    /// Corners and the full-edge table (position and inverse).
    FullEdge,
    /// The k = 4 coset table and the full-edge table (position and inverse).
    Coset4FullEdge,
    /// Corners and the flipslice coset table (three axes, position and inverse).
    FlipSlice,
    /// Corners and the sliceperm coset table (three axes, position and inverse).
    SlicePerm,
}

impl HeuristicKind {
    /// Name as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            HeuristicKind::Korf => "korf",
            HeuristicKind::Coset => "coset",
            HeuristicKind::Coset4 => "coset4",
            HeuristicKind::All => "all",
            HeuristicKind::FullEdge => "full-edge",
            HeuristicKind::Coset4FullEdge => "coset4+full-edge",
            HeuristicKind::FlipSlice => "flipslice",
            HeuristicKind::SlicePerm => "sliceperm",
        }
    }

    /// The table files this heuristic needs.
    pub fn tables(self) -> &'static [TableKind] {
        match self {
            HeuristicKind::Korf => &DEFAULT_SET,
            HeuristicKind::Coset => &[TableKind::Corners, TableKind::Coset],
            HeuristicKind::Coset4 => &[TableKind::Corners, TableKind::Coset4],
            HeuristicKind::All => &[
                TableKind::Corners,
                TableKind::Edges7,
                TableKind::EdgePerm,
                TableKind::Coset,
            ],
            HeuristicKind::FullEdge => &[TableKind::Corners, TableKind::FullEdge],
            HeuristicKind::Coset4FullEdge => {
                &[TableKind::Corners, TableKind::Coset4, TableKind::FullEdge]
            }
            HeuristicKind::FlipSlice => &[TableKind::Corners, TableKind::FlipSlice],
            HeuristicKind::SlicePerm => &[TableKind::Corners, TableKind::SlicePerm],
        }
    }
}

/// The tables the optimal search uses, loaded.
pub struct TableSet {
    pub corners: Table,
    /// Korf's edge tables (heuristics `korf` and `all`).
    pub edges7: Option<Table>,
    pub edgeperm: Option<Table>,
    /// The coset table (heuristics `coset` and `all`).
    pub coset: Option<Table>,
    /// The k = 4 coset table (heuristic `coset4`).
    pub coset4: Option<Table>,
    /// The full-edge table (heuristic `full-edge`).
    pub full_edge: Option<Table>,
    /// The flipslice coset table (heuristic `flipslice`).
    pub flipslice: Option<Table>,
    /// The sliceperm coset table (heuristic `sliceperm`).
    pub sliceperm: Option<Table>,
}

impl TableSet {
    /// Load Korf's four tables from `dir`, held as [`Residency::default`] says.
    pub fn open(dir: &Path) -> Result<TableSet, TableError> {
        Self::open_with(dir, Residency::default())
    }

    /// Load Korf's four tables from `dir`, held as `residency` says.
    pub fn open_with(dir: &Path, residency: Residency) -> Result<TableSet, TableError> {
        Self::open_for(dir, residency, HeuristicKind::Korf)
    }

    /// Load the tables of heuristic `kind` from `dir`, held as `residency` says.
    pub fn open_for(
        dir: &Path,
        residency: Residency,
        kind: HeuristicKind,
    ) -> Result<TableSet, TableError> {
        let populate = residency == Residency::Mapped;
        let load = |k: TableKind| -> Result<Option<Table>, TableError> {
            if !kind.tables().contains(&k) {
                return Ok(None);
            }
            let mut t = Table::open(k, dir, populate)?;
            t.make_resident(residency);
            Ok(Some(t))
        };
        let set = TableSet {
            corners: load(TableKind::Corners)?.expect("every heuristic uses the corners"),
            edges7: load(TableKind::Edges7)?,
            edgeperm: load(TableKind::EdgePerm)?,
            coset: load(TableKind::Coset)?,
            coset4: load(TableKind::Coset4)?,
            full_edge: load(TableKind::FullEdge)?,
            flipslice: load(TableKind::FlipSlice)?,
            sliceperm: load(TableKind::SlicePerm)?,
        };
        if set.flipslice.is_some() {
            crate::flipslice::flipslice_coords();
        }
        if set.sliceperm.is_some() {
            crate::sliceperm::sliceperm_coords();
        }
        if set.coset.is_some() {
            crate::coset::coset_coords();
        }
        if set.coset4.is_some() {
            crate::coset::coords_for(crate::coset::Variant::SliceFlips);
        }
        if set.full_edge.is_some() {
            crate::full_edge::full_edge_coords();
        }
        Ok(set)
    }

    /// The heuristic these tables make.
    pub fn kind(&self) -> HeuristicKind {
        if self.sliceperm.is_some() {
            return HeuristicKind::SlicePerm;
        }
        if self.flipslice.is_some() {
            return HeuristicKind::FlipSlice;
        }
        if self.full_edge.is_some() && self.coset4.is_some() {
            return HeuristicKind::Coset4FullEdge;
        }
        if self.full_edge.is_some() {
            return HeuristicKind::FullEdge;
        }
        if self.coset4.is_some() {
            return HeuristicKind::Coset4;
        }
        match (self.edges7.is_some(), self.coset.is_some()) {
            (_, false) => HeuristicKind::Korf,
            (false, true) => HeuristicKind::Coset,
            (true, true) => HeuristicKind::All,
        }
    }

    /// The tables whose files are missing from `dir`.
    pub fn missing(dir: &Path) -> Vec<TableKind> {
        DEFAULT_SET
            .into_iter()
            .filter(|k| !dir.join(k.file_name()).exists())
            .collect()
    }
}
