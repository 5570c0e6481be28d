//! The on-disk table format.
//!
//! ```text
//! offset  size  field
//!      0     8  magic "KORFPDB\0"
//!      8     4  format version (u32, little endian)
//!     12     4  convention version: piece order, orientation and index definitions
//!     16    16  table name, zero padded
//!     32     8  entries
//!     40     4  bits per entry (4: two entries per byte, low nibble first)
//!     44     4  maximum depth
//!     48     8  payload length in bytes
//!     56     8  xxh3-64 checksum of the payload
//!     64     8  creation time (seconds since the Unix epoch)
//!     72     8  generation time in milliseconds
//!     80   128  histogram: entries at depth 0..16 (u64 each)
//!    208     8  xxh3-64 checksum of bytes 0..208
//!    216   128  expanded histogram (symmetry-reduced tables): states at depth 0..16
//!    344     8  xxh3-64 checksum of bytes 216..344 (all of 216..352 zero: none)
//!    352     8  checkpoints only: first chunk of the unfinished depth not yet done
//!    360     8  checkpoints only: 1 = forward step, 3 = backward step
//!    368     8  xxh3-64 checksum of bytes 352..368 (all of 352..376 zero: none)
//!    376     8  2-bit encoding: 0 = base and fallback lines (or not 2-bit), 1 = depth mod 3
//!    384     8  xxh3-64 checksum of bytes 376..384 (both zero for encoding 0)
//!    392  3704  zero
//!   4096     …  payload (page aligned, used in place through a memory map)
//! ```

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use xxhash_rust::xxh3::xxh3_64;

/// File magic.
pub const MAGIC: [u8; 8] = *b"KORFPDB\0";
/// Version of the layout above.
pub const FORMAT_VERSION: u32 = 1;
/// Version of the coordinate conventions (piece order, orientation, index functions).
/// Bump it whenever an index function changes: old tables then fail to load.
pub const CONVENTION_VERSION: u32 = 1;
/// Header size; the payload starts here.
pub const HEADER_SIZE: usize = 4096;
/// Number of histogram slots.
pub const HISTOGRAM_LEN: usize = 16;
/// The header's bytes from here on are reserved (zero).
const RESERVED: usize = 408;
/// The base field's marker bit (bytes 392..400 hold it with the base).
const BASE_PRESENT: u64 = 1 << 8;

/// A table file's header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Header {
    /// The table's name (its catalogue name).
    pub name: String,
    /// Number of entries.
    pub entries: u64,
    /// Bits per entry: 4 or 2.
    pub bits_per_entry: u32,
    /// Deepest depth present (during generation: the last depth completed).
    pub max_depth: u32,
    /// Payload size in bytes.
    pub payload_len: u64,
    /// XXH3-64 of the payload.
    pub checksum: u64,
    /// When the table was written, in Unix seconds.
    pub created_unix: u64,
    /// How long generation took.
    pub generation_millis: u64,
    /// Entries by depth, from depth 0.
    pub histogram: [u64; HISTOGRAM_LEN],
    /// For a symmetry-reduced table: the states each depth's entries stand for (entries
    /// weighted by the states they represent), checked against published distributions.
    pub expanded: Option<[u64; HISTOGRAM_LEN]>,
    /// A checkpoint taken in the middle of a depth (see [`Partial`]).
    pub partial: Option<Partial>,
    /// Entries hold their depth mod 3 (a 2-bit table read with the parent's exact value,
    /// thesis §3.3.1.4) rather than base-and-fallback codes.
    pub mod3: bool,
    /// The base depth a base-and-fallback payload is packed with (codes for the depths
    /// above it, a line's fallback at or below it).  Recorded since 2026-12-01; a file
    /// written before has none, and was packed with
    /// `super::Descriptor::unrecorded_base`.
    pub base: Option<u8>,
}

/// Where a checkpoint taken in the middle of depth `max_depth + 1` stopped: the chunks
/// before `next_chunk` are done, and the histogram's slot for that depth holds what they
/// found so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Partial {
    /// The first chunk not yet done.
    pub next_chunk: u64,
    /// Whether the depth runs backward (empty entries look for a frontier neighbour).
    pub backward: bool,
}

/// Why a table file cannot be used.  Every message names the file and the fix.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The file does not exist.
    #[error("table file {path} is missing; run `korf tables generate` to build it")]
    Missing {
        /// The file.
        path: PathBuf,
    },
    /// A set of loaded tables ([`TableSet::from_tables`](crate::search::TableSet::from_tables))
    /// lacks one its heuristic needs.
    #[error("the {heuristic} search needs the table `{name}`, which is not among those given; build it (or load it) first")]
    NotLoaded {
        /// The table missing.
        name: &'static str,
        /// The heuristic (or solver) that needs it.
        heuristic: &'static str,
    },
    /// Reading or writing the file failed.
    #[error("cannot read table file {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
    },
    /// A table or checkpoint file could not be written.
    #[error("cannot write {path}: {source}{}", space_hint(.source, *.needed))]
    Write {
        /// The file.
        path: PathBuf,
        /// The system's error.
        #[source]
        source: io::Error,
        /// The bytes the file needs.
        needed: u64,
    },
    /// The tables directory cannot hold the table: not writable, not a directory, or too
    /// little free space.  Found before any work is done.
    #[error("cannot build {name} in {dir}: {why}")]
    Destination {
        /// The directory.
        dir: PathBuf,
        /// The table.
        name: &'static str,
        /// What is wrong and how to fix it.
        why: String,
    },
    /// Not a korf table file.
    #[error(
        "{path} is not a korf table (bad magic number); delete it and run `korf tables generate`"
    )]
    Magic {
        /// The file.
        path: PathBuf,
    },
    /// Written by another version of the file format.
    #[error("{path} was written by table format {found}, this korf reads format {FORMAT_VERSION}; run `korf tables generate --force` to rebuild it")]
    Version {
        /// The file.
        path: PathBuf,
        /// Its format version.
        found: u32,
    },
    /// Written with other coordinate conventions.
    #[error("{path} uses coordinate conventions version {found}, this korf uses {CONVENTION_VERSION}; run `korf tables generate --force` to rebuild it")]
    Convention {
        /// The file.
        path: PathBuf,
        /// Its conventions version.
        found: u32,
    },
    /// A header that contradicts itself or the table's descriptor.
    #[error(
        "{path} has a corrupt header ({what}); run `korf tables generate --force` to rebuild it"
    )]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        what: String,
    },
    /// The file has the wrong size.
    #[error("{path} is truncated or padded: {found} bytes, expected {expected}; run `korf tables generate --force` to rebuild it")]
    Size {
        /// The file.
        path: PathBuf,
        /// Its size.
        found: u64,
        /// The size it should have.
        expected: u64,
    },
    /// The payload does not match its checksum.
    #[error("{path} is corrupt: its entries do not match the checksum in its header; rebuild it with `{}`{}", rebuild_command(path, name), trust_hint(name))]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The table's name.
        name: &'static str,
    },
    /// A table trusted by its record of `korf tables verify`, changed since and damaged.
    #[error("{path} has changed since it passed `korf tables verify`, and its entries no longer match the checksum in its header; rebuild it with `{}`", rebuild_command(path, name))]
    ChangedSinceVerify {
        /// The file.
        path: PathBuf,
        /// The table's name.
        name: &'static str,
    },
    /// `korf tables verify` found this very file wrong.
    #[error(
        "{path} failed `korf tables verify` and is not used; rebuild it with `{}`",
        rebuild_command(path, name)
    )]
    FailedVerification {
        /// The file.
        path: PathBuf,
        /// The table's name.
        name: &'static str,
    },
    /// The table in another layout than this korf reads it (as many entries as another
    /// version of korf gave it): a file to build again, not a damaged one.
    #[error("{path} holds the `{name}` table with {found} entries, where this korf reads it with {expected} (a file written by a korf of another layout); run `korf tables generate --only {name} --force` to rebuild it")]
    Layout {
        /// The file.
        path: PathBuf,
        /// The table's name.
        name: &'static str,
        /// Its entries.
        found: u64,
        /// The entries this korf reads.
        expected: u64,
    },
    /// The entries are encoded in another way than this korf reads the table.
    #[error("{path} stores {found}, this korf reads the `{name}` table as {expected}; run `korf tables generate --only {name} --force` to rebuild it")]
    Encoding {
        /// The file.
        path: PathBuf,
        /// The encoding it has.
        found: &'static str,
        /// The encoding expected.
        expected: &'static str,
        /// The table's name.
        name: &'static str,
    },
}

impl Header {
    /// Serialize to the fixed 4096-byte header block.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = vec![0u8; HEADER_SIZE];
        b[0..8].copy_from_slice(&MAGIC);
        b[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
        b[12..16].copy_from_slice(&CONVENTION_VERSION.to_le_bytes());
        let name = self.name.as_bytes();
        b[16..16 + name.len().min(16)].copy_from_slice(&name[..name.len().min(16)]);
        b[32..40].copy_from_slice(&self.entries.to_le_bytes());
        b[40..44].copy_from_slice(&self.bits_per_entry.to_le_bytes());
        b[44..48].copy_from_slice(&self.max_depth.to_le_bytes());
        b[48..56].copy_from_slice(&self.payload_len.to_le_bytes());
        b[56..64].copy_from_slice(&self.checksum.to_le_bytes());
        b[64..72].copy_from_slice(&self.created_unix.to_le_bytes());
        b[72..80].copy_from_slice(&self.generation_millis.to_le_bytes());
        for (i, h) in self.histogram.iter().enumerate() {
            b[80 + 8 * i..88 + 8 * i].copy_from_slice(&h.to_le_bytes());
        }
        let hc = xxh3_64(&b[..208]);
        b[208..216].copy_from_slice(&hc.to_le_bytes());
        if let Some(expanded) = &self.expanded {
            for (i, h) in expanded.iter().enumerate() {
                b[216 + 8 * i..224 + 8 * i].copy_from_slice(&h.to_le_bytes());
            }
            let ec = xxh3_64(&b[216..344]);
            b[344..352].copy_from_slice(&ec.to_le_bytes());
        }
        if let Some(p) = &self.partial {
            b[352..360].copy_from_slice(&p.next_chunk.to_le_bytes());
            let flags: u64 = 1 | if p.backward { 2 } else { 0 };
            b[360..368].copy_from_slice(&flags.to_le_bytes());
            let pc = xxh3_64(&b[352..368]);
            b[368..376].copy_from_slice(&pc.to_le_bytes());
        }
        if self.mod3 {
            b[376..384].copy_from_slice(&1u64.to_le_bytes());
            let mc = xxh3_64(&b[376..384]);
            b[384..392].copy_from_slice(&mc.to_le_bytes());
        }
        if let Some(base) = self.base {
            // Bit 8 marks the field present (a base may be 0).
            b[392..400].copy_from_slice(&(BASE_PRESENT | base as u64).to_le_bytes());
            let bc = xxh3_64(&b[392..400]);
            b[400..408].copy_from_slice(&bc.to_le_bytes());
        }
        b
    }

    /// Parse and check a header block read from `path`.
    pub fn from_bytes(b: &[u8], path: &Path) -> Result<Header, TableError> {
        let path = path.to_path_buf();
        if b.len() < HEADER_SIZE || b[0..8] != MAGIC {
            return Err(TableError::Magic { path });
        }
        let u32_at = |o: usize| u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(b[o..o + 8].try_into().unwrap());
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(TableError::Version {
                path,
                found: version,
            });
        }
        if u64_at(208) != xxh3_64(&b[..208]) {
            return Err(TableError::Corrupt {
                path,
                what: "header checksum mismatch".into(),
            });
        }
        if b[RESERVED..HEADER_SIZE].iter().any(|&x| x != 0) {
            return Err(TableError::Corrupt {
                path,
                what: format!("bytes {RESERVED}..{HEADER_SIZE}, reserved, are not zero"),
            });
        }
        let convention = u32_at(12);
        if convention != CONVENTION_VERSION {
            return Err(TableError::Convention {
                path,
                found: convention,
            });
        }
        let name_bytes = &b[16..32];
        let end = name_bytes.iter().position(|&c| c == 0).unwrap_or(16);
        // Text padded with NULs, as korf writes it: anything else would not be read back
        // as the same header (found by the `table_header` fuzz target).
        let name = match std::str::from_utf8(&name_bytes[..end]) {
            Ok(n) if name_bytes[end..].iter().all(|&c| c == 0) => n.to_string(),
            _ => {
                return Err(TableError::Corrupt {
                    path,
                    what: "the table name (bytes 16..32) is not UTF-8 text padded with zeros"
                        .into(),
                })
            }
        };
        let mut histogram = [0u64; HISTOGRAM_LEN];
        for (i, h) in histogram.iter_mut().enumerate() {
            *h = u64_at(80 + 8 * i);
        }
        let expanded = if b[216..352].iter().all(|&x| x == 0) {
            None
        } else if u64_at(344) != xxh3_64(&b[216..344]) {
            return Err(TableError::Corrupt {
                path,
                what: "expanded histogram checksum mismatch".into(),
            });
        } else {
            Some(std::array::from_fn(|i| u64_at(216 + 8 * i)))
        };
        let partial = if b[352..376].iter().all(|&x| x == 0) {
            None
        } else if u64_at(368) != xxh3_64(&b[352..368]) || !matches!(u64_at(360), 1 | 3) {
            // Flags are bit 0 (present) and bit 1 (backward), nothing else (the fuzz
            // target `table_header` found other bits accepted and then dropped).
            return Err(TableError::Corrupt {
                path,
                what: "checkpoint position field corrupt (checksum or flags)".into(),
            });
        } else {
            Some(Partial {
                next_chunk: u64_at(352),
                backward: u64_at(360) & 2 != 0,
            })
        };
        let mod3 = if b[376..392].iter().all(|&x| x == 0) {
            false
        } else if u64_at(384) != xxh3_64(&b[376..384]) || u64_at(376) != 1 {
            return Err(TableError::Corrupt {
                path,
                what: "encoding field checksum mismatch".into(),
            });
        } else {
            true
        };
        let base = if b[392..408].iter().all(|&x| x == 0) {
            None
        } else if u64_at(400) != xxh3_64(&b[392..400]) || u64_at(392) & !0xff != BASE_PRESENT {
            return Err(TableError::Corrupt {
                path,
                what: "base field corrupt (checksum or marker)".into(),
            });
        } else {
            Some(u64_at(392) as u8)
        };
        Ok(Header {
            mod3,
            base,
            name,
            entries: u64_at(32),
            bits_per_entry: u32_at(40),
            max_depth: u32_at(44),
            payload_len: u64_at(48),
            checksum: u64_at(56),
            created_unix: u64_at(64),
            generation_millis: u64_at(72),
            histogram,
            expanded,
            partial,
        })
    }

    /// Read and check just the header of `path`.
    pub fn read(path: &Path) -> Result<Header, TableError> {
        let mut f = File::open(path).map_err(|e| open_error(path, e))?;
        let mut b = vec![0u8; HEADER_SIZE];
        let mut got = 0;
        while got < HEADER_SIZE {
            let n = f.read(&mut b[got..]).map_err(|e| io_error(path, e))?;
            if n == 0 {
                break;
            }
            got += n;
        }
        if got < HEADER_SIZE {
            // Too short to hold a header: call it a bad magic unless the magic is there.
            if got >= 8 && b[0..8] == MAGIC {
                return Err(TableError::Size {
                    path: path.to_path_buf(),
                    found: got as u64,
                    expected: HEADER_SIZE as u64,
                });
            }
            return Err(TableError::Magic {
                path: path.to_path_buf(),
            });
        }
        Header::from_bytes(&b, path)
    }
}

pub(crate) fn open_error(path: &Path, e: io::Error) -> TableError {
    if e.kind() == io::ErrorKind::NotFound {
        TableError::Missing {
            path: path.to_path_buf(),
        }
    } else {
        io_error(path, e)
    }
}

/// For a full disk: how much the file needs.
fn space_hint(e: &io::Error, needed: u64) -> String {
    if e.kind() == io::ErrorKind::StorageFull {
        format!(
            " (the disk is full: the file needs {} free; nothing was left behind that would load)",
            crate::units::human_bytes(needed)
        )
    } else {
        String::new()
    }
}

pub(crate) fn write_error(path: &Path, e: io::Error, needed: u64) -> TableError {
    TableError::Write {
        path: path.to_path_buf(),
        source: e,
        needed,
    }
}

pub(crate) fn io_error(path: &Path, e: io::Error) -> TableError {
    TableError::Io {
        path: path.to_path_buf(),
        source: e,
    }
}

/// Write header and payload atomically: a temporary file in the same directory, fsync,
/// rename over `path`, fsync the directory.  A crash leaves either the old file or the new
/// one, never a partial file under `path`.
pub fn write_atomic(path: &Path, header: &Header, payload: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Unique per call, so that two writers in one process never share a temporary file.
    static SEQUENCE: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = SEQUENCE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let tmp = dir.join(format!(".{file_name}.{}.{n}.tmp", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(&header.to_bytes())?;
        f.write_all(payload)?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)?;
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// Checksum of a payload.
pub fn checksum(payload: &[u8]) -> u64 {
    xxh3_64(payload)
}

/// The command that rebuilds the table `name` at `path`.
fn rebuild_command(path: &std::path::Path, name: &str) -> String {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    format!(
        "korf tables generate --dir {} --only {name} --force",
        dir.display()
    )
}

/// What `--trust-tables` offers for a damaged table: nothing for the two-phase tables,
/// which are always checked.
fn trust_hint(name: &str) -> &'static str {
    if name == "phase1" || name == "phase2" {
        " (the two-phase tables are always checked: --trust-tables does not skip them)"
    } else {
        " (or pass --trust-tables to use it anyway: its answers are then not marked proven)"
    }
}
