//! Breadth-first generation of a pattern database in place (thesis §3.3.1).
//!
//! The table itself is the BFS queue: entries hold their depth (4 bits each) and 15 means
//! "not reached yet".  Depth `d + 1` is filled from depth `d` in one of two ways:
//!
//! * **forward**: every entry equal to `d` is unranked, the 18 moves applied, and each
//!   neighbour still empty is set to `d + 1`;
//! * **backward** (the thesis' "inverse lexicographic rank" step): every still-empty entry is
//!   unranked and set to `d + 1` as soon as one neighbour holds `d`.
//!
//! Forward costs 18 expansions per frontier entry, backward up to 18 per empty entry (but
//! far fewer for entries that do lie at depth `d + 1`); each depth picks the cheaper one.
//!
//! Both steps are parallel with rayon over fixed chunks of the table.  Forward writes use
//! an atomic AND on the byte holding the nibble: every write in one step stores the same
//! value `d + 1` into a nibble that reads 15, so concurrent writers cannot disagree, and the
//! returned old value tells exactly one writer that it made the change (for the count).
//! Backward writes touch only the writer's own chunk, and concurrent readers only ever ask
//! "is this `d`?", which a write of `d + 1` into an empty nibble does not change.  The result
//! is the same bytes on every run, whatever the thread count.

use super::pattern::Pattern;
use super::HISTOGRAM_LEN;
use crate::cube::ALL_MOVES;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// The empty marker.
pub const EMPTY: u8 = 15;
/// Entries per parallel work unit.
const CHUNK_ENTRIES: u64 = 1 << 16;

/// What generation reports while it runs.
#[derive(Debug, Clone, Copy)]
pub enum Progress {
    /// Starting depth `depth` with the given method.
    DepthStart {
        depth: u32,
        backward: bool,
        work: u64,
    },
    /// `done` of `work` units of the current depth are finished.
    Work { done: u64 },
    /// Depth `depth` is complete with `found` entries.
    DepthDone { depth: u32, found: u64, filled: u64 },
    /// The state after depth `depth` was saved to the checkpoint file.
    Checkpoint { depth: u32 },
    /// The state in the middle of depth `depth` was saved: `done` of its `work` units.
    PartialCheckpoint { depth: u32, done: u64, work: u64 },
    /// Generation continues from a checkpoint holding depths up to `depth` (and, with
    /// `done > 0`, that many work units of the next).
    Resumed { depth: u32, filled: u64, done: u64 },
}

/// A finished table in memory.
pub struct Generated {
    /// Packed nibbles, two entries per byte, low nibble first.
    pub payload: Vec<u8>,
    /// Entries per depth.
    pub histogram: [u64; HISTOGRAM_LEN],
    /// Largest depth present.
    pub max_depth: u32,
}

fn atomic_view(bytes: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: AtomicU8 has the same size and alignment as u8 (documented guarantee), and
    // the exclusive borrow of `bytes` guarantees no non-atomic access overlaps the returned
    // shared view for its lifetime.
    unsafe { &*(bytes as *mut [u8] as *const [AtomicU8]) }
}

#[inline(always)]
fn get(table: &[AtomicU8], index: u64) -> u8 {
    (table[(index >> 1) as usize].load(Relaxed) >> ((index & 1) * 4)) & 15
}

/// Set an empty nibble to `value`; returns true if this call changed it.
#[inline(always)]
fn set_if_empty(table: &[AtomicU8], index: u64, value: u8) -> bool {
    let shift = (index & 1) * 4;
    let mask = !((EMPTY ^ value) << shift);
    let old = table[(index >> 1) as usize].fetch_and(mask, Relaxed);
    (old >> shift) & 15 == EMPTY
}

/// A state space explored breadth-first: dense indices and the move graph on them.
pub trait Space: Sync {
    /// Number of entries.
    fn entries(&self) -> u64;
    /// Index of the goal (depth 0).
    fn goal(&self) -> u64;
    /// Call `visit` with the index of every neighbour of entry `i` (one per move) until it
    /// returns `true`.
    fn neighbours(&self, i: u64, visit: impl FnMut(u64) -> bool);
    /// Call `visit` with every other index that must hold the same value as `i` (entries
    /// that stand for the same states, as in symmetry-reduced tables).  None by default.
    #[inline(always)]
    fn twins(&self, _i: u64, _visit: impl FnMut(u64)) {}
    /// Every neighbour of entry `i` at once, and how many there are: forward steps
    /// prefetch their table bytes before touching any.
    #[inline(always)]
    fn neighbour_array(&self, i: u64) -> ([u64; 18], usize) {
        let mut out = [0u64; 18];
        let mut n = 0;
        self.neighbours(i, |j| {
            out[n] = j;
            n += 1;
            false
        });
        (out, n)
    }
}

/// A [`Pattern`] as a [`Space`]: neighbours by relabelling with each of the 18 moves.
pub struct PatternSpace<'a, P: Pattern> {
    pub pattern: &'a P,
    pub goal: u64,
}

impl<P: Pattern> Space for PatternSpace<'_, P> {
    fn entries(&self) -> u64 {
        self.pattern.entries()
    }
    fn goal(&self) -> u64 {
        self.goal
    }
    #[inline(always)]
    fn neighbours(&self, i: u64, mut visit: impl FnMut(u64) -> bool) {
        let s = self.pattern.unrank(i);
        for m in ALL_MOVES {
            if visit(self.pattern.rank(&self.pattern.premove(&s, m))) {
                return;
            }
        }
    }
}

/// Generate the table of pattern `p`, starting from the solved state `solved`.
pub fn generate<P: Pattern>(
    p: &P,
    solved: &P::State,
    progress: &(dyn Fn(Progress) + Sync),
) -> Generated {
    generate_space(
        &PatternSpace {
            pattern: p,
            goal: p.rank(solved),
        },
        progress,
    )
}

/// Generate the depth table of a state space.
pub fn generate_space<S: Space>(p: &S, progress: &(dyn Fn(Progress) + Sync)) -> Generated {
    generate_resumable(p, progress, None).expect("no checkpoint, no I/O")
}

/// Where and how generation saves its state, so that a killed run continues where it
/// stopped.
pub struct Checkpoint<'a> {
    /// The checkpoint file (written atomically; removed by the caller when done).
    pub path: &'a std::path::Path,
    /// The table name recorded in the checkpoint's header.
    pub name: &'a str,
    /// Save after a depth only if that depth took at least this long (cheaper depths are
    /// quicker to redo than to write).
    pub min_depth_time: std::time::Duration,
    /// Within a depth, save after a segment (1/32 of the table) once this long has passed
    /// since the depth began or the last save.
    pub within_depth_time: std::time::Duration,
}

/// Segments a depth is cut into for checkpoints within it.
const SEGMENTS: u64 = 32;

/// Write the working table and where generation stands, atomically.
fn save_checkpoint(
    c: &Checkpoint,
    entries: u64,
    depth: u32,
    histogram: &[u64; HISTOGRAM_LEN],
    payload: &[u8],
    partial: Option<super::format::Partial>,
) -> std::io::Result<()> {
    let header = super::Header {
        name: c.name.to_string(),
        entries,
        bits_per_entry: 4,
        max_depth: depth,
        payload_len: payload.len() as u64,
        checksum: super::format::checksum(payload),
        created_unix: 0,
        generation_millis: 0,
        histogram: *histogram,
        expanded: None,
        partial,
    };
    super::format::write_atomic(c.path, &header, payload)
}

/// Load a checkpoint if it is there and belongs to this table; `None` otherwise.
fn load_checkpoint(c: &Checkpoint, entries: u64) -> Option<(super::Header, Vec<u8>)> {
    let header = super::Header::read(c.path).ok()?;
    if header.name != c.name || header.entries != entries || header.bits_per_entry != 4 {
        return None;
    }
    let mut payload = std::fs::read(c.path).ok()?;
    if payload.len() < super::format::HEADER_SIZE {
        return None;
    }
    // Drop the header in place: no second copy of a multi-GiB payload.
    payload.drain(..super::format::HEADER_SIZE);
    if payload.len() as u64 != entries.div_ceil(2)
        || super::format::checksum(&payload) != header.checksum
    {
        return None;
    }
    Some((header, payload))
}

/// Generate the depth table of a state space, saving a checkpoint after each slow depth
/// and resuming from one if `checkpoint` names a valid file.
pub fn generate_resumable<S: Space>(
    p: &S,
    progress: &(dyn Fn(Progress) + Sync),
    checkpoint: Option<&Checkpoint>,
) -> std::io::Result<Generated> {
    let entries = p.entries();
    let chunks = entries.div_ceil(CHUNK_ENTRIES);
    let mut histogram = [0u64; HISTOGRAM_LEN];
    let mut max_depth = 0;
    let mut depth = 0u32;
    let resumed = checkpoint.and_then(|c| load_checkpoint(c, entries));
    // A checkpoint from the middle of a depth: where that depth resumes.
    let mut resume_at: Option<super::format::Partial> = None;
    let mut payload = match resumed {
        Some((header, payload)) => {
            histogram = header.histogram;
            depth = header.max_depth;
            max_depth = depth;
            resume_at = header.partial;
            progress(Progress::Resumed {
                depth,
                filled: histogram[..=depth as usize].iter().sum(),
                done: header.partial.map_or(0, |p| p.next_chunk),
            });
            payload
        }
        None => {
            let mut payload = vec![0xFFu8; entries.div_ceil(2) as usize];
            let table = atomic_view(&mut payload);
            if entries % 2 == 1 {
                // The unused high nibble of the last byte stays 0 so it never reads as empty.
                table[table.len() - 1].fetch_and(0x0F, Relaxed);
            }
            let goal = p.goal();
            set_if_empty(table, goal, 0);
            histogram[0] = 1;
            p.twins(goal, |t| {
                if set_if_empty(table, t, 0) {
                    histogram[0] += 1;
                }
            });
            payload
        }
    };
    let mut filled: u64 = histogram[..=depth as usize].iter().sum();
    let segment = chunks.div_ceil(SEGMENTS).max(1);
    while filled < entries {
        assert!(
            (depth as usize) + 1 < HISTOGRAM_LEN && depth + 1 < EMPTY as u32,
            "pattern depth exceeds the 4-bit table range"
        );
        let started = std::time::Instant::now();
        let frontier = histogram[depth as usize];
        let unfilled = entries - filled;
        // Resuming in the middle of this depth: the same direction, from where it stopped,
        // with what the finished part found.
        let (backward, first_chunk, mut found) = match resume_at.take() {
            Some(p) => (p.backward, p.next_chunk, histogram[depth as usize + 1]),
            None => (unfilled < 3 * frontier, 0, 0),
        };
        progress(Progress::DepthStart {
            depth: depth + 1,
            backward,
            work: chunks,
        });
        let done = AtomicU64::new(first_chunk);
        let d = depth as u8;
        let mut last_save = std::time::Instant::now();
        let mut next = first_chunk;
        while next < chunks {
            let end = (next + segment).min(chunks);
            let table = atomic_view(&mut payload);
            found += (next..end)
                .into_par_iter()
                .map(|c| {
                    let lo = c * CHUNK_ENTRIES;
                    let hi = (lo + CHUNK_ENTRIES).min(entries);
                    let n = if backward {
                        backward_chunk(p, table, lo, hi, d)
                    } else {
                        forward_chunk(p, table, lo, hi, d)
                    };
                    let k = done.fetch_add(1, Relaxed) + 1;
                    if k.is_multiple_of(64) {
                        progress(Progress::Work { done: k });
                    }
                    n
                })
                .sum::<u64>();
            next = end;
            if let Some(c) = checkpoint {
                if next < chunks && last_save.elapsed() >= c.within_depth_time {
                    histogram[depth as usize + 1] = found;
                    save_checkpoint(
                        c,
                        entries,
                        depth,
                        &histogram,
                        &payload,
                        Some(super::format::Partial {
                            next_chunk: next,
                            backward,
                        }),
                    )?;
                    histogram[depth as usize + 1] = 0;
                    progress(Progress::PartialCheckpoint {
                        depth: depth + 1,
                        done: next,
                        work: chunks,
                    });
                    last_save = std::time::Instant::now();
                }
            }
        }
        depth += 1;
        histogram[depth as usize] = found;
        filled += found;
        progress(Progress::DepthDone {
            depth,
            found,
            filled,
        });
        if found == 0 {
            break;
        }
        max_depth = depth;
        if let Some(c) = checkpoint {
            if filled < entries && started.elapsed() >= c.min_depth_time {
                save_checkpoint(c, entries, depth, &histogram, &payload, None)?;
                progress(Progress::Checkpoint { depth });
            }
        }
    }
    assert_eq!(filled, entries, "pattern space is not connected");
    Ok(Generated {
        payload,
        histogram,
        max_depth,
    })
}

fn forward_chunk<S: Space>(p: &S, table: &[AtomicU8], lo: u64, hi: u64, d: u8) -> u64 {
    let mut found = 0;
    let mut i = lo;
    while i < hi {
        // Skip whole bytes quickly when neither nibble is on the frontier.
        let byte = table[(i >> 1) as usize].load(Relaxed);
        if i & 1 == 0 && byte & 15 != d && byte >> 4 != d {
            i += 2;
            continue;
        }
        if get(table, i) == d {
            // All neighbours first, their bytes prefetched, then the writes: the misses on
            // a large table overlap instead of queueing behind each locked write.
            let (neighbours, count) = p.neighbour_array(i);
            for &n in &neighbours[..count] {
                super::prefetch(table, (n >> 1) as usize);
            }
            for &n in &neighbours[..count] {
                if get(table, n) == EMPTY && set_if_empty(table, n, d + 1) {
                    found += 1;
                    p.twins(n, |t| {
                        if set_if_empty(table, t, d + 1) {
                            found += 1;
                        }
                    });
                }
            }
        }
        i += 1;
    }
    found
}

fn backward_chunk<S: Space>(p: &S, table: &[AtomicU8], lo: u64, hi: u64, d: u8) -> u64 {
    let mut found = 0;
    let mut i = lo;
    while i < hi {
        let byte = table[(i >> 1) as usize].load(Relaxed);
        if i & 1 == 0 && byte & 15 != EMPTY && byte >> 4 != EMPTY {
            i += 2;
            continue;
        }
        if get(table, i) == EMPTY {
            let mut hit = false;
            p.neighbours(i, |n| {
                hit = get(table, n) == d;
                hit
            });
            if hit {
                if set_if_empty(table, i, d + 1) {
                    found += 1;
                }
                p.twins(i, |t| {
                    if set_if_empty(table, t, d + 1) {
                        found += 1;
                    }
                });
            }
        }
        i += 1;
    }
    found
}

/// Recount the histogram of a packed payload with `entries` entries.
pub fn histogram(payload: &[u8], entries: u64) -> [u64; HISTOGRAM_LEN] {
    let full = (entries / 2) as usize;
    let mut h = payload[..full]
        .par_chunks(1 << 20)
        .map(|chunk| {
            let mut h = [0u64; 16];
            for &b in chunk {
                h[(b & 15) as usize] += 1;
                h[(b >> 4) as usize] += 1;
            }
            h
        })
        .reduce(
            || [0u64; 16],
            |mut a, b| {
                for i in 0..16 {
                    a[i] += b[i];
                }
                a
            },
        );
    if entries % 2 == 1 {
        h[(payload[full] & 15) as usize] += 1;
    }
    h
}
