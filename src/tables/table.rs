//! A loaded table: opened by memory map after its header is checked, optionally copied
//! into huge-page memory, read entry by entry, and verified against its descriptor.

use super::format::{self, Header, TableError, HISTOGRAM_LEN};
use super::{generate, packed, TableKind};
use memmap2::{Mmap, MmapOptions};
use std::fs::File;
use std::path::{Path, PathBuf};
use web_time::{SystemTime, UNIX_EPOCH};

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

/// Whether a table is checked against its header's checksum when it is loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Integrity {
    /// Hash the whole payload while loading it (in the same pass as the copy into
    /// huge-page memory) and refuse the table on a mismatch.  What korf proves optimal is
    /// proven with tables checked this way.
    #[default]
    Check,
    /// Skip the hash, for a faster start with tables verified before (`--trust-tables`).
    /// A table whose recorded verification failed is still refused.
    Trust,
}

/// One gigantic page.
#[cfg(target_os = "linux")]
const GIB: usize = 1 << 30;

/// Anonymous memory of at least `len` bytes in 1 GiB pages, for a payload of at least
/// 1 GiB, when the machine has enough of them reserved
/// (`/sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages`): one TLB entry per GiB
/// instead of one per 2 MiB.  `None` otherwise (the kernel refuses the mapping at once
/// when the reserved pages do not suffice, so a search never faults for want of one).
fn gigantic_anon(len: usize) -> Option<memmap2::MmapMut> {
    #[cfg(target_os = "linux")]
    if len >= GIB {
        return memmap2::MmapOptions::new()
            .len(len.div_ceil(GIB) * GIB)
            .huge(Some(30))
            .map_anon()
            .ok();
    }
    let _ = len;
    None
}

/// Bytes read and hashed at a time while loading: large enough for sequential reads to
/// run at disk speed, small enough to hash while still in cache.
const LOAD_CHUNK: usize = 8 << 20;

/// Where a table's bytes (its header and payload, as in its file) are.
enum Image {
    /// The file, memory-mapped read-only.
    Mapped(Mmap),
    /// Bytes in memory: a table built or fetched where there is no file system (in a
    /// browser), checked as they were taken in ([`Table::from_image`]).
    Owned(Box<[u8]>),
}

impl std::ops::Deref for Image {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Image::Mapped(m) => m,
            Image::Owned(b) => b,
        }
    }
}

/// A loaded table: memory-mapped from its file, or held in memory.
pub struct Table {
    kind: TableKind,
    path: PathBuf,
    header: Header,
    map: std::sync::Arc<Image>,
    /// The payload copied into anonymous memory backed by transparent huge pages, when
    /// loaded with [`Residency::HugePages`].
    copy: Option<std::sync::Arc<memmap2::MmapMut>>,
    /// Whether `copy` is in 1 GiB pages.
    gigantic: bool,
    /// Base depth of a 2-bit table ([`packed`]).
    base: u8,
    /// See [`Table::checked`].
    checked: bool,
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
    /// Use the file mapping in place, as [`Residency::Mapped`], but read it in order first
    /// (so that the page cache holds it in large folios), advise transparent huge pages on
    /// the mapping and fault every page in at load time.  Every process on the machine
    /// that maps the table shares one copy in the page cache; where the kernel maps the
    /// cache's large folios with huge pages (Linux 6.x on ext4, xfs, tmpfs) the search
    /// runs about as fast as with a private copy.
    Shared,
}

impl Table {
    /// Map `dir/<kind>.pdb` read-only after checking its header, name, entry count and size.
    /// With `populate`, the pages are read in now rather than on first touch.
    pub fn open(kind: TableKind, dir: &Path, populate: bool) -> Result<Table, TableError> {
        let path = dir.join(kind.file_name());
        let header = Header::read(&path)?;
        check_header(kind, &header, &path)?;
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
        let map = std::sync::Arc::new(Image::Mapped(map));
        let base = kind.descriptor().base_of_file(&header);
        Ok(Table {
            kind,
            path,
            header,
            map,
            copy: None,
            gigantic: false,
            base,
            checked: false,
        })
    }

    /// Open `dir/<kind>.pdb` for searching: checked as [`Table::open`] does, refused if its
    /// last recorded verification failed, held as `residency` says, and with
    /// [`Integrity::Check`] hashed on the way in and refused unless the hash matches.
    pub fn load(
        kind: TableKind,
        dir: &Path,
        residency: Residency,
        integrity: Integrity,
    ) -> Result<Table, TableError> {
        let check = integrity == Integrity::Check;
        // Hashing a mapped table reads every page anyway; populate only when not hashing.
        let mut t = Table::open(kind, dir, residency == Residency::Mapped && !check)?;
        if residency == Residency::Shared {
            #[cfg(target_os = "linux")]
            {
                // Read in order (large folios from readahead), then map with huge pages
                // where the kernel can, and fault everything in now, not during a search.
                t.advise(memmap2::Advice::HugePage);
                t.advise(memmap2::Advice::Sequential);
                t.advise(memmap2::Advice::WillNeed);
            }
        }
        let mut check = check;
        let mut changed = false;
        match t.last_verification() {
            Some(r) if !r.passed => {
                return Err(TableError::FailedVerification {
                    path: t.path.clone(),
                    name: kind.descriptor().name,
                })
            }
            Some(r) if r.same_file => t.checked = true,
            // Verified, but the file has changed since: the record vouches for nothing, so
            // the table is hashed as it loads, trusted or not.
            Some(_) => {
                check = true;
                changed = true;
            }
            None => {}
        }
        let hashed = t.make_resident_hashing(residency, check);
        if check {
            let sum = match hashed {
                Some(sum) => sum,
                // Mapped in place (or no anonymous memory): hash by reading the file in
                // order, which also brings its pages into the cache the map shares.
                None => t.hash_file().map_err(|e| format::io_error(&t.path, e))?,
            };
            if sum != t.header.checksum && changed && integrity == Integrity::Trust {
                return Err(TableError::ChangedSinceVerify {
                    path: t.path.clone(),
                    name: kind.descriptor().name,
                });
            }
            if sum != t.header.checksum {
                return Err(TableError::Checksum {
                    path: t.path.clone(),
                    name: kind.descriptor().name,
                });
            }
            t.checked = true;
        }
        t.check_packing()?;
        if residency == Residency::Shared {
            #[cfg(target_os = "linux")]
            {
                if !check {
                    // Bring the file into the cache in order (the hash above did it
                    // otherwise).
                    let _ = t.hash_file();
                }
                t.advise(memmap2::Advice::PopulateRead);
                t.advise(memmap2::Advice::Random);
            }
        }
        Ok(t)
    }

    /// A table from its file's bytes held in memory (built by
    /// [`build_image`](super::build::build_image), or kept by a browser): the header
    /// checked as [`Table::open`] checks a file's, and the payload hashed against it.  Such
    /// a table is always [checked](Table::checked).
    pub fn from_image(kind: TableKind, image: Vec<u8>) -> Result<Table, TableError> {
        let path = PathBuf::from(kind.file_name());
        let header = Header::from_bytes(&image, &path)?;
        check_header(kind, &header, &path)?;
        let expected = kind.file_size();
        if image.len() as u64 != expected
            || header.payload_len != expected - format::HEADER_SIZE as u64
        {
            return Err(TableError::Size {
                path,
                found: image.len() as u64,
                expected,
            });
        }
        if format::checksum(&image[format::HEADER_SIZE..]) != header.checksum {
            return Err(TableError::Checksum {
                path,
                name: kind.descriptor().name,
            });
        }
        let base = kind.descriptor().base_of_file(&header);
        Ok(Table {
            kind,
            path,
            header,
            map: std::sync::Arc::new(Image::Owned(image.into_boxed_slice())),
            copy: None,
            gigantic: false,
            base,
            checked: true,
        })
    }

    /// The table as its file holds it (header and payload): what
    /// [`Table::from_image`] takes back.
    pub fn image(&self) -> &[u8] {
        &self.map
    }

    /// Advise the kernel about the file mapping (nothing for a table held in memory).
    /// Linux only: the advice it gives (huge pages, populate) is Linux's.
    #[cfg(target_os = "linux")]
    fn advise(&self, advice: memmap2::Advice) {
        if let Image::Mapped(m) = &*self.map {
            let _ = m.advise(advice);
        }
    }

    /// The checksum of the payload, read from the file in order.
    fn hash_file(&self) -> std::io::Result<u64> {
        use std::io::{Read, Seek, SeekFrom};
        let mut f = File::open(&self.path)?;
        f.seek(SeekFrom::Start(format::HEADER_SIZE as u64))?;
        let mut hasher = xxhash_rust::xxh3::Xxh3::new();
        let mut buf = vec![0u8; LOAD_CHUNK];
        loop {
            let n = match f.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            hasher.update(&buf[..n]);
        }
        Ok(hasher.digest())
    }

    /// A second handle on this table's memory (the same pages, nothing copied or read):
    /// for two users of one table, as a heuristic that reads the phase-1 table beside its
    /// own and the two-phase upper bound, so that the process holds it once.
    pub(crate) fn share(&self) -> Table {
        Table {
            kind: self.kind,
            path: self.path.clone(),
            header: self.header.clone(),
            map: std::sync::Arc::clone(&self.map),
            copy: self.copy.clone(),
            gigantic: self.gigantic,
            base: self.base,
            checked: self.checked,
        }
    }

    /// Check the payload against the header's checksum now, if it was not when loaded
    /// ([`Integrity::Trust`]): an error names the file.
    pub(crate) fn ensure_checked(&mut self) -> Result<(), TableError> {
        if !self.checked {
            if format::checksum(self.payload()) != self.header.checksum {
                return Err(TableError::Checksum {
                    path: self.path.clone(),
                    name: self.kind.descriptor().name,
                });
            }
            self.checked = true;
        }
        Ok(())
    }

    /// Whether this table's entries are known good: its payload matched the header's
    /// checksum when [`Table::load`] read it, or `korf tables verify` passed on this very
    /// file.  A table opened with [`Integrity::Trust`] and never verified is not checked,
    /// and what a search proves with it is not reported as proven.
    pub fn checked(&self) -> bool {
        self.checked
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
            // A copy in 1 GiB pages is rounded up to whole pages.
            Some(c) => &c[..self.map.len() - format::HEADER_SIZE],
            None => &self.map[format::HEADER_SIZE..],
        }
    }

    /// Move the payload into huge-page-backed anonymous memory (see [`Residency`]), hashing
    /// it on the way in if `hash`: the payload's checksum, or `None` if it was not copied
    /// (or not hashed).  Falls back to the mapping if anonymous memory cannot be had (or
    /// the table is held in memory already).
    fn make_resident_hashing(&mut self, residency: Residency, hash: bool) -> Option<u64> {
        if residency != Residency::HugePages
            || self.copy.is_some()
            || matches!(*self.map, Image::Owned(_))
        {
            return None;
        }
        let len = self.map.len() - format::HEADER_SIZE;
        let gigantic = gigantic_anon(len);
        let in_gigantic = gigantic.is_some();
        let mut anon = match gigantic {
            Some(anon) => anon,
            None => {
                let anon = memmap2::MmapMut::map_anon(len).ok()?;
                #[cfg(target_os = "linux")]
                let _ = anon.advise(memmap2::Advice::HugePage);
                anon
            }
        };
        // Read through the file rather than copying from the map: no page faults on the
        // source side.  With `hash`, a second thread hashes each chunk as soon as it is
        // read (while it is still in cache), so that the hash costs little more than the
        // read on a machine with a core to spare.  On any failure keep using the map.
        let path = &self.path;
        let (read, digest) = std::thread::scope(|scope| {
            let (sender, receiver) = std::sync::mpsc::sync_channel::<&[u8]>(4);
            let hasher = hash.then(|| {
                scope.spawn(move || {
                    let mut h = xxhash_rust::xxh3::Xxh3::new();
                    for chunk in receiver {
                        h.update(chunk);
                    }
                    h.digest()
                })
            });
            let read = File::open(path).and_then(|mut f| {
                use std::io::{Read, Seek, SeekFrom};
                f.seek(SeekFrom::Start(format::HEADER_SIZE as u64))?;
                for chunk in anon[..len].chunks_mut(LOAD_CHUNK) {
                    f.read_exact(chunk)?;
                    if hash {
                        // The chunk is filled and never written again: hand it over
                        // read-only.
                        let filled: &[u8] = chunk;
                        if sender.send(filled).is_err() {
                            break;
                        }
                    }
                }
                Ok(())
            });
            drop(sender);
            let digest = hasher.map(|h| h.join().expect("the hashing thread does not panic"));
            (read, digest)
        });
        if read.is_err() {
            return None;
        }
        self.copy = Some(std::sync::Arc::new(anon));
        self.gigantic = in_gigantic;
        digest
    }

    /// Whether the payload sits in 1 GiB pages ([`Residency::HugePages`] on a machine with
    /// enough of them reserved).
    pub fn in_gigantic_pages(&self) -> bool {
        self.gigantic
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
    /// header (payload checksum and creation time), so `korf tables list` can show it, and
    /// to the file as it is now (device, inode, size, modification and change times), so that `--trust-tables` trusts no
    /// file changed since.
    pub fn record_verification(&self, v: &Verification) -> std::io::Result<()> {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let ok = v.checksum_ok && v.histogram_ok;
        let text = format!(
            "{:016x} {} {} {} {}\n",
            self.header.checksum,
            self.header.created_unix,
            ok as u8,
            now,
            file_identity(&self.path)?
        );
        let path = self.verification_path();
        let tmp = path.with_extension(format!("{}.tmp", std::process::id()));
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, &path)
    }

    /// The last recorded verification of this table (its header: checksum and creation
    /// time), or `None` if it was never verified (or was rebuilt since).
    pub fn last_verification(&self) -> Option<VerificationRecord> {
        let text = std::fs::read_to_string(self.verification_path()).ok()?;
        let f: Vec<&str> = text.split_whitespace().collect();
        if f.len() < 4
            || u64::from_str_radix(f[0], 16).ok()? != self.header.checksum
            || f[1].parse::<u64>().ok()? != self.header.created_unix
        {
            return None;
        }
        // Records older than the file identity (four fields) vouch for no file.
        let recorded = f.get(4..).map(|rest| rest.join(" "));
        let same_file =
            recorded.is_some_and(|r| file_identity(&self.path).is_ok_and(|now| now == r));
        Some(VerificationRecord {
            passed: f[2] == "1",
            unix_time: f[3].parse().ok()?,
            same_file,
        })
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

    /// Refuse a 2-bit table packed with a base above its entries, which reads as its
    /// lines' minima only: a bound still, but a weak one (a quarter-turn k = 4 table built
    /// before 2026-11-27, see [`packed::choose_base`]; searches took 50 to 100 times as
    /// long).  Reads 1024 lines spread over the payload.
    fn check_packing(&self) -> Result<(), TableError> {
        if self.header.bits_per_entry != 2 || self.header.mod3 {
            return Ok(());
        }
        if packed::codes_all_zero(self.payload(), 1024) {
            return Err(TableError::Encoding {
                path: self.path.clone(),
                found: "every sampled entry at or below its base (packed by a korf before 2026-11-27, it reads as its lines' minima only)",
                expected: "entries above the base its distribution gives",
                name: self.kind.descriptor().name,
            });
        }
        Ok(())
    }
}

/// What `korf tables verify` recorded of a table ([`Table::last_verification`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VerificationRecord {
    /// Whether the table passed (checksum and depth histogram).
    pub passed: bool,
    /// When, in Unix seconds.
    pub unix_time: u64,
    /// Whether the file is the one verified, unchanged since: same device, inode, size,
    /// modification and status-change times.  A write to the file changes its status-change
    /// time (which no user can set back), so a passing record vouches for no changed file.
    pub same_file: bool,
}

/// The file at `path` as it is now, as one line of text: device, inode, size, and the
/// modification and status-change times to the nanosecond.
fn file_identity(path: &Path) -> std::io::Result<String> {
    let m = std::fs::metadata(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Ok(format!(
            "{} {} {} {}.{:09} {}.{:09}",
            m.dev(),
            m.ino(),
            m.size(),
            m.mtime(),
            m.mtime_nsec(),
            m.ctime(),
            m.ctime_nsec()
        ))
    }
    #[cfg(not(unix))]
    {
        let modified = m
            .modified()?
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        Ok(format!("{} {modified}", m.len()))
    }
}

/// The result of `korf tables verify` for one table.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Verification {
    /// The table's name.
    pub name: String,
    /// Its entries.
    pub entries: u64,
    /// Entries by depth, from depth 0, recounted from the payload.
    pub histogram: Vec<u64>,
    /// For a symmetry-reduced table: the states its entries stand for, by depth (the
    /// header's, checked against the payload's codes and the published distribution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expanded_histogram: Option<Vec<u64>>,
    /// The payload matches the header's checksum.
    pub checksum_ok: bool,
    /// The recount equals both the header's histogram and the published distribution.
    pub histogram_ok: bool,
    /// The recount equals the header's histogram (the file is self-consistent).
    #[serde(skip)]
    pub header_histogram_ok: bool,
}

/// Whether `header` (read from `path`) is that of a `kind` table in today's encoding.
fn check_header(kind: TableKind, header: &Header, path: &Path) -> Result<(), TableError> {
    let d = kind.descriptor();
    if header.name == d.name && header.bits_per_entry == d.bits && header.entries != d.entries {
        return Err(TableError::Layout {
            path: path.to_path_buf(),
            name: d.name,
            found: header.entries,
            expected: d.entries,
        });
    }
    if header.name != d.name || header.entries != d.entries || header.bits_per_entry != d.bits {
        return Err(TableError::Corrupt {
            path: path.to_path_buf(),
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
            path: path.to_path_buf(),
            found: encoding(header.mod3),
            expected: encoding(d.mod3),
            name: d.name,
        });
    }
    Ok(())
}
