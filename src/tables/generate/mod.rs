//! Breadth-first generation of a pattern database in place (thesis §3.3.1).
//!
//! The table itself is the BFS queue.  Depth `d + 1` is filled from depth `d` in one of two
//! ways:
//!
//! * **forward**: every entry on the frontier is unranked, the 18 moves applied, and each
//!   neighbour still empty is marked as depth `d + 1`;
//! * **backward** (the thesis' "inverse lexicographic rank" step): every still-empty entry is
//!   unranked and marked as soon as one neighbour is on the frontier.
//!
//! Forward costs 18 expansions per frontier entry, backward up to 18 per empty entry (but
//! far fewer for entries that do lie at depth `d + 1`); each depth picks the cheaper one.
//! Where a move takes a whole row of entries into one other row ([`Space::ROW_LEN`]: Korf's
//! tables), both steps compute a row's neighbours once and each entry's from those.
//!
//! Two working layouts ([`Layout`]):
//!
//! * **nibbles**: 4 bits per entry holding the depth, 15 for "empty";
//! * **lines**: the final 2-bit line format of [`super::packed`], written in place, so a
//!   2-bit table never needs a second, larger working copy (the full-edge table: 5.2 GB
//!   instead of 10.2 GB of nibbles plus the packed copy).  Up to the base depth an entry
//!   holds its depth mod 3 (3 is "empty"); a frontier code may then also match entries
//!   three or six depths older, whose neighbours are all filled, so re-expanding them costs
//!   time but changes nothing, and an empty entry (depth ≥ `d + 1`) can only have neighbours
//!   of depth ≥ `d`, so the backward test is exact.  Each line's fallback byte takes the
//!   smallest depth written into the line.  When the base depth is complete every filled
//!   entry becomes code 0; depths `base + 1` and `base + 2` are written as codes 1 and 2;
//!   what is still empty then is code 3 (`≥ base + 3`) for good, and its depths are only
//!   counted, by a sparse breadth-first search over that remainder.
//!
//! Both steps are parallel with rayon over fixed chunks of the table.  Forward writes use
//! an atomic AND on the byte holding the entry: every write in one step stores the same
//! code into an entry that reads "empty" (all ones), so concurrent writers cannot disagree,
//! and the returned old value tells exactly one writer that it made the change (for the
//! count).  Backward writes touch the writer's own entries and their twins, and concurrent
//! readers only ever ask "is this on the frontier?", which a write of the next code into
//! an empty entry does not change.  The result is the same bytes on every run, whatever
//! the thread count.
//!
//! Every entry found is also weighted by the states it stands for ([`Space::weight`]), so
//! symmetry-reduced tables get their expanded distribution without keeping exact depths.

mod cells;
mod checkpoint;
mod parallel;
mod step;

pub use checkpoint::Checkpoint;

use super::packed::{LINE_BYTES, LINE_ENTRIES};
use super::HISTOGRAM_LEN;
use cells::{atomic_view, Cells, Lines, Nibbles};
use checkpoint::{load_checkpoint, save_checkpoint, SEGMENTS};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use step::{count_tail, resumed_depth_zero, sparse_step, Step, SPARSE_FRONTIER};

/// Most neighbours an entry has: 18 face turns and, in slice turns, 9 slice pairs.
pub const NEIGHBOURS_MOST: usize = 27;
/// The empty marker of the nibble layout.
pub const EMPTY: u8 = 15;
/// Entries per parallel work unit: a multiple of both 2 (nibbles per byte) and
/// [`LINE_ENTRIES`], so chunks never share a byte or a line.
const CHUNK_ENTRIES: u64 = LINE_ENTRIES * 256;

/// How the working table stores depths (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Four bits per entry: the depth, 15 for empty.
    Nibbles,
    /// The final 2-bit line format with this base depth.
    Lines { base: u8 },
    /// The line geometry with every entry holding its depth mod 3 (fallback bytes zero):
    /// the final format of a mod-3 table.
    Mod3,
}

impl Layout {
    /// The base depth of the line format, if the working table is in it.
    pub fn base(self) -> Option<u8> {
        match self {
            Layout::Lines { base } => Some(base),
            Layout::Nibbles | Layout::Mod3 => None,
        }
    }

    /// Bits per entry.
    pub fn bits(self) -> u32 {
        match self {
            Layout::Nibbles => 4,
            Layout::Lines { .. } | Layout::Mod3 => 2,
        }
    }

    /// Payload bytes for `entries` entries.
    pub fn payload_len(self, entries: u64) -> u64 {
        match self {
            Layout::Nibbles => entries.div_ceil(2),
            Layout::Lines { .. } | Layout::Mod3 => super::packed::packed_len(entries),
        }
    }

    /// The last depth written into the table (the rest is only counted).
    fn last_stored_depth(self) -> u32 {
        match self {
            Layout::Nibbles => EMPTY as u32 - 1,
            Layout::Lines { base } => base as u32 + 2,
            Layout::Mod3 => HISTOGRAM_LEN as u32 - 1,
        }
    }

    /// The codes of the step that fills depth `to` from depth `to - 1`: (frontier, new).
    fn step_codes(self, to: u32) -> (u8, u8) {
        match self {
            Layout::Nibbles => (to as u8 - 1, to as u8),
            Layout::Lines { base } => {
                let base = base as u32;
                if to <= base {
                    (((to - 1) % 3) as u8, (to % 3) as u8)
                } else {
                    ((to - base - 1) as u8, (to - base) as u8)
                }
            }
            Layout::Mod3 => (((to - 1) % 3) as u8, (to % 3) as u8),
        }
    }
}

/// What generation reports while it runs.
#[derive(Debug, Clone, Copy)]
pub enum Progress {
    /// Starting depth `depth` with the given method.
    DepthStart {
        /// The depth.
        depth: u32,
        /// Whether the depth runs backward (empty entries look for a frontier neighbour).
        backward: bool,
        /// Work units of the depth.
        work: u64,
    },
    /// `done` of `work` units of the current depth are finished.
    Work {
        /// Work units done.
        done: u64,
    },
    /// Depth `depth` is complete with `found` entries.
    DepthDone {
        /// The depth.
        depth: u32,
        /// Entries found at this depth.
        found: u64,
        /// Entries filled so far.
        filled: u64,
    },
    /// The state after depth `depth` was saved to the checkpoint file.
    Checkpoint {
        /// The depth.
        depth: u32,
    },
    /// The state in the middle of depth `depth` was saved: `done` of its `work` units.
    PartialCheckpoint {
        /// The depth.
        depth: u32,
        /// Work units done.
        done: u64,
        /// Work units of the depth.
        work: u64,
    },
    /// Generation continues from a checkpoint holding depths up to `depth` (and, with
    /// `done > 0`, that many work units of the next).
    Resumed {
        /// The depth.
        depth: u32,
        /// Entries filled so far.
        filled: u64,
        /// Work units done.
        done: u64,
    },
}

/// A finished table in memory.
pub struct Generated {
    /// The payload in the layout generation used: nibbles (two entries per byte, low
    /// nibble first) or the final 2-bit lines.
    pub payload: Vec<u8>,
    /// The layout of `payload`.
    pub layout: Layout,
    /// Entries per depth.
    pub histogram: [u64; HISTOGRAM_LEN],
    /// Entries per depth weighted by [`Space::weight`] (the states they stand for).
    pub weighted: [u64; HISTOGRAM_LEN],
    /// Largest depth present.
    pub max_depth: u32,
}

/// A state space explored breadth-first: dense indices and the move graph on them.
pub trait Space: Sync {
    /// Number of entries.
    fn entries(&self) -> u64;
    /// Index of the goal (depth 0).
    fn goal(&self) -> u64;
    /// Entries come in rows of `ROW_LEN` consecutive indices, and a move takes a whole row
    /// into one other row, each entry to the place [`Space::in_row`] computes from where
    /// it takes the row's first entry (an edge group's rows are its flips: a move flips
    /// the piece it takes into a position by what the piece is, so the flip bits are XORed
    /// with the same mask across the row).  The steps then compute a row's neighbours
    /// once, for its first entry, instead of once per entry.  1 (the default): no rows.
    const ROW_LEN: u64 = 1;
    /// Where a move takes the entry `offset` places into a row, given `first`, where it
    /// takes the row's first entry (only called when `ROW_LEN > 1`).
    #[inline(always)]
    fn in_row(&self, first: u64, offset: u64) -> u64 {
        first ^ offset
    }
    /// Call `visit` with the index of every neighbour of entry `i` (one per move) until it
    /// returns `true`.
    fn neighbours(&self, i: u64, visit: impl FnMut(u64) -> bool);
    /// Call `visit` with every other index that must hold the same value as `i` (entries
    /// that stand for the same states, as in symmetry-reduced tables).  None by default.
    #[inline(always)]
    fn twins(&self, _i: u64, _visit: impl FnMut(u64)) {}
    /// How many states entry `i` stands for (1 unless the space is reduced by symmetry).
    #[inline(always)]
    fn weight(&self, _i: u64) -> u64 {
        1
    }
    /// Every neighbour of entry `i` at once, and how many there are: forward steps
    /// prefetch their table bytes before touching any.
    #[inline(always)]
    fn neighbour_array(&self, i: u64) -> ([u64; NEIGHBOURS_MOST], usize) {
        let mut out = [0u64; NEIGHBOURS_MOST];
        let mut n = 0;
        self.neighbours(i, |j| {
            out[n] = j;
            n += 1;
            false
        });
        (out, n)
    }
}

/// Generate the depth table of a state space in nibbles (tests compare it with other
/// searches).
#[cfg(test)]
pub fn generate_space<S: Space>(p: &S, progress: &(dyn Fn(Progress) + Sync)) -> Generated {
    generate_resumable(p, Layout::Nibbles, progress, None).expect("no checkpoint, no I/O")
}

/// Where generation stands: depths complete, their counts, and the working table.
struct State {
    payload: Vec<u8>,
    histogram: [u64; HISTOGRAM_LEN],
    weighted: [u64; HISTOGRAM_LEN],
    depth: u32,
}

/// A fresh working table: every entry empty, the goal and its twins at depth 0.
fn start<S: Space>(p: &S, layout: Layout) -> State {
    let entries = p.entries();
    let mut payload = vec![0xFFu8; layout.payload_len(entries) as usize];
    let mut histogram = [0u64; HISTOGRAM_LEN];
    let mut weighted = [0u64; HISTOGRAM_LEN];
    let table = atomic_view(&mut payload);
    let mut mark = |set: &dyn Fn(u64) -> bool, i: u64| {
        if set(i) {
            histogram[0] += 1;
            weighted[0] += p.weight(i);
        }
    };
    match layout {
        Layout::Nibbles => {
            if entries % 2 == 1 {
                // The unused high nibble of the last byte stays 0 so it never reads as empty.
                table[table.len() - 1].fetch_and(0x0F, Relaxed);
            }
            let cells = Nibbles(table);
            let set = |i| cells.set_if_empty(i, 0);
            mark(&set, p.goal());
            p.twins(p.goal(), |t| mark(&set, t));
        }
        Layout::Lines { .. } | Layout::Mod3 => {
            // Entries past the end of the last line read as code 0, never as empty.
            for i in entries..entries.div_ceil(LINE_ENTRIES) * LINE_ENTRIES {
                let (b, shift) = Lines::byte(i);
                table[b].fetch_and(!(3 << shift), Relaxed);
            }
            if layout == Layout::Mod3 {
                // No fallback: the first byte of every line stays 0.
                for line in table.chunks(LINE_BYTES) {
                    line[0].store(0, Relaxed);
                }
            }
            let cells = Lines {
                table,
                fallback: (layout != Layout::Mod3).then_some(0),
            };
            let set = |i| cells.set_if_empty(i, 0);
            mark(&set, p.goal());
            p.twins(p.goal(), |t| mark(&set, t));
        }
    }
    let mut s = State {
        payload,
        histogram,
        weighted,
        depth: 0,
    };
    finish_depth(&mut s, layout);
    s
}

/// Work at the end of a depth: in the line layout, once the base depth is complete, every
/// filled entry becomes code 0 and every line's fallback is capped at the base.
fn finish_depth(s: &mut State, layout: Layout) {
    let Layout::Lines { base } = layout else {
        return;
    };
    if s.depth != base as u32 {
        return;
    }
    s.payload.par_chunks_mut(LINE_BYTES).for_each(|line| {
        line[0] = line[0].min(base);
        for b in &mut line[1..] {
            // Keep the empty fields (both bits set), clear the others.
            let both = *b & (*b >> 1) & 0x55;
            *b = both | (both << 1);
        }
    });
}

/// Generate the depth table of a state space in `layout`, saving a checkpoint after each
/// slow depth (and within long ones) and resuming from one if `checkpoint` names a valid
/// file.
pub fn generate_resumable<S: Space>(
    p: &S,
    layout: Layout,
    progress: &(dyn Fn(Progress) + Sync),
    checkpoint: Option<&Checkpoint>,
) -> std::io::Result<Generated> {
    let entries = p.entries();
    let chunks = entries.div_ceil(CHUNK_ENTRIES);
    // A checkpoint from the middle of a depth: where that depth resumes.
    let (mut s, mut resume_at) = resume_or_start(p, layout, checkpoint, progress);
    let mut filled: u64 = s.histogram[..=s.depth as usize].iter().sum();
    // While the frontier is small, the entries each step finds: the next step walks this
    // list instead of scanning the whole table for them.  A fresh start knows depth 0.
    let mut sparse = resumed_depth_zero(p, s.depth);
    while filled < entries && s.depth < layout.last_stored_depth() {
        assert!(
            (s.depth as usize) + 1 < HISTOGRAM_LEN,
            "pattern depth exceeds the histogram"
        );
        let started = web_time::Instant::now();
        let to = s.depth + 1;
        let frontier = s.histogram[s.depth as usize];
        // Resuming in the middle of this depth: the same direction, from where it stopped,
        // with what the finished part found.
        let depth = match resume_at.take() {
            Some(part) => Depth {
                to,
                backward: part.backward,
                first_chunk: part.next_chunk,
                found: (s.histogram[to as usize], s.weighted[to as usize]),
            },
            None => Depth {
                to,
                backward: entries - filled < 3 * frontier,
                first_chunk: 0,
                found: (0, 0),
            },
        };
        progress(Progress::DepthStart {
            depth: to,
            backward: depth.backward,
            work: chunks,
        });
        let found = match sparse
            .take()
            .filter(|_| !depth.backward && depth.first_chunk == 0)
        {
            Some(list) => {
                let (found, next_list) = sparse_depth(p, layout, to, &mut s.payload, &list);
                sparse = next_list;
                progress(Progress::Work { done: chunks });
                found
            }
            None => dense_depth(p, layout, &mut s, depth, checkpoint, progress)?,
        };
        s.depth = to;
        s.histogram[to as usize] = found.0;
        s.weighted[to as usize] = found.1;
        filled += found.0;
        finish_depth(&mut s, layout);
        progress(Progress::DepthDone {
            depth: to,
            found: found.0,
            filled,
        });
        if found.0 == 0 {
            break;
        }
        if let Some(c) = checkpoint {
            if filled < entries && started.elapsed() >= c.min_depth_time {
                save_checkpoint(c, entries, layout, &s, None)?;
                progress(Progress::Checkpoint { depth: to });
            }
        }
    }
    if filled < entries {
        if let Layout::Lines { base } = layout {
            filled += count_tail(p, &mut s, base, filled, progress);
        }
    }
    assert_eq!(filled, entries, "pattern space is not connected");
    let max_depth = s.histogram.iter().rposition(|&n| n != 0).unwrap_or(0) as u32;
    Ok(Generated {
        payload: s.payload,
        layout,
        histogram: s.histogram,
        weighted: s.weighted,
        max_depth,
    })
}

/// The working table from `checkpoint` if it holds one of this table (and, if it was saved
/// in the middle of a depth, where that depth resumes), else a fresh one.
fn resume_or_start<S: Space>(
    p: &S,
    layout: Layout,
    checkpoint: Option<&Checkpoint>,
    progress: &(dyn Fn(Progress) + Sync),
) -> (State, Option<super::format::Partial>) {
    let Some((header, payload)) = checkpoint.and_then(|c| load_checkpoint(c, p.entries(), layout))
    else {
        return (start(p, layout), None);
    };
    progress(Progress::Resumed {
        depth: header.max_depth,
        filled: header.histogram[..=header.max_depth as usize].iter().sum(),
        done: header.partial.map_or(0, |p| p.next_chunk),
    });
    let state = State {
        payload,
        histogram: header.histogram,
        weighted: header.expanded.unwrap_or_default(),
        depth: header.max_depth,
    };
    (state, header.partial)
}

/// One depth of a build: the depth being filled, the direction, the chunk it starts at
/// (not 0 when resumed in its middle) and what the chunks before it found.
#[derive(Clone, Copy)]
struct Depth {
    to: u32,
    backward: bool,
    first_chunk: u64,
    found: (u64, u64),
}

/// Run `work` on the working table seen as `layout` stores it while depth `to` is filled:
/// the one place that chooses the cells' type, so that every step is compiled once per
/// layout (no dispatch per cell).
fn with_cells<W: CellsWork>(layout: Layout, table: &[AtomicU8], to: u32, work: W) -> W::Out {
    match layout {
        Layout::Nibbles => work.run(&Nibbles(table)),
        Layout::Lines { base } => work.run(&Lines {
            table,
            fallback: (to <= base as u32).then_some(to as u8),
        }),
        Layout::Mod3 => work.run(&Lines {
            table,
            fallback: None,
        }),
    }
}

/// Work on the working table, generic over how it stores entries ([`with_cells`]).
trait CellsWork {
    type Out;
    fn run<C: Cells>(self, cells: &C) -> Self::Out;
}

/// A forward step of depth `to` from a frontier list; with a small frontier, also the list
/// of what it found (the next frontier).
fn sparse_depth<S: Space>(
    p: &S,
    layout: Layout,
    to: u32,
    payload: &mut [u8],
    list: &[u64],
) -> ((u64, u64), Option<Vec<u64>>) {
    struct Sparse<'a, S> {
        p: &'a S,
        step: Step,
        list: &'a [u64],
    }
    impl<S: Space> CellsWork for Sparse<'_, S> {
        type Out = ((u64, u64), Option<Vec<u64>>);
        fn run<C: Cells>(self, cells: &C) -> Self::Out {
            let collect = self.list.len() < SPARSE_FRONTIER;
            sparse_step(self.p, cells, &self.step, self.list, collect)
        }
    }
    let (from, to_code) = layout.step_codes(to);
    let step = Step {
        lo: 0,
        hi: 0,
        from,
        to: to_code,
    };
    with_cells(layout, atomic_view(payload), to, Sparse { p, step, list })
}

/// A step of `depth` over every chunk of the table (from `depth.first_chunk`), a segment at
/// a time, saving a checkpoint between segments when one is due.  Returns what it found,
/// with what the chunks before `first_chunk` found.
fn dense_depth<S: Space>(
    p: &S,
    layout: Layout,
    s: &mut State,
    depth: Depth,
    checkpoint: Option<&Checkpoint>,
    progress: &(dyn Fn(Progress) + Sync),
) -> std::io::Result<(u64, u64)> {
    let entries = p.entries();
    let chunks = entries.div_ceil(CHUNK_ENTRIES);
    let segment = chunks.div_ceil(SEGMENTS).max(1);
    let (from, to_code) = layout.step_codes(depth.to);
    let done = AtomicU64::new(depth.first_chunk);
    let mut found = depth.found;
    let mut last_save = web_time::Instant::now();
    let mut next = depth.first_chunk;
    while next < chunks {
        let end = (next + segment).min(chunks);
        let table = atomic_view(&mut s.payload);
        let part = parallel::sum_over(next..end, &|c| {
            let lo = c * CHUNK_ENTRIES;
            let hi = (lo + CHUNK_ENTRIES).min(entries);
            let chunk = Dense {
                p,
                step: Step {
                    lo,
                    hi,
                    from,
                    to: to_code,
                },
                backward: depth.backward,
            };
            let n = with_cells(layout, table, depth.to, chunk);
            let k = done.fetch_add(1, Relaxed) + 1;
            if k % 64 == 0 {
                progress(Progress::Work { done: k });
            }
            n
        });
        found = (found.0 + part.0, found.1 + part.1);
        next = end;
        let due =
            checkpoint.filter(|c| next < chunks && last_save.elapsed() >= c.within_depth_time);
        if let Some(c) = due {
            save_partial(c, entries, layout, s, depth, found, next)?;
            progress(Progress::PartialCheckpoint {
                depth: depth.to,
                done: next,
                work: chunks,
            });
            last_save = web_time::Instant::now();
        }
    }
    Ok(found)
}

/// One chunk of a dense step.
struct Dense<'a, S> {
    p: &'a S,
    step: Step,
    backward: bool,
}

impl<S: Space> CellsWork for Dense<'_, S> {
    type Out = (u64, u64);
    fn run<C: Cells>(self, cells: &C) -> Self::Out {
        self.step.run(self.p, cells, self.backward)
    }
}

/// Save a checkpoint in the middle of `depth`: the chunks before `next` done, having found
/// `found`.
fn save_partial(
    c: &Checkpoint,
    entries: u64,
    layout: Layout,
    s: &mut State,
    depth: Depth,
    found: (u64, u64),
    next: u64,
) -> std::io::Result<()> {
    let to = depth.to as usize;
    s.histogram[to] = found.0;
    s.weighted[to] = found.1;
    let partial = super::format::Partial {
        next_chunk: next,
        backward: depth.backward,
    };
    let saved = save_checkpoint(c, entries, layout, s, Some(partial));
    s.histogram[to] = 0;
    s.weighted[to] = 0;
    saved
}

/// Recount the histogram of a packed nibble payload with `entries` entries.
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
