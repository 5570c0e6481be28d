//! One breadth-first step over a range of the table (forward from the frontier, or
//! backward from the empty entries), a step from a sparse frontier list, and the count of
//! the deepest entries that a 2-bit table stores only as "deeper".

use super::cells::{atomic_view, Cells, Lines, LINE_EMPTY};
use super::parallel::{collect_chunks, collect_items, collect_over, sum_items, Tally};
use super::{Progress, Space, State, CHUNK_ENTRIES};
use crate::tables::HISTOGRAM_LEN;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The largest frontier whose step also lists what it finds, so that the next step need
/// not scan the table (the list is about 12 times the frontier: up to ~100 MB).
pub(super) const SPARSE_FRONTIER: usize = 1 << 20;

/// The frontier of a generation at `depth`, as a list, when that is depth 0 (the goal and
/// its twins); a run resumed past depth 0 scans instead.
pub(super) fn resumed_depth_zero<S: Space>(p: &S, depth: u32) -> Option<Vec<u64>> {
    (depth == 0).then(|| {
        let mut list = vec![p.goal()];
        p.twins(p.goal(), |t| list.push(t));
        list.sort_unstable();
        list.dedup();
        list
    })
}

/// A forward step from a frontier list, in parallel; with `collect`, also the list of the
/// entries it found (the next frontier).
pub(super) fn sparse_step<S: Space, C: Cells>(
    p: &S,
    cells: &C,
    step: &Step,
    frontier: &[u64],
    collect: bool,
) -> (Tally, Option<Vec<u64>>) {
    let parts: Vec<(Tally, Vec<u64>)> = collect_chunks(frontier, 4096, &|chunk| {
        let mut next = Vec::new();
        let tally = if collect {
            step.forward_list(p, cells, chunk, &mut |j| next.push(j))
        } else {
            step.forward_list(p, cells, chunk, &mut |_| {})
        };
        (tally, next)
    });
    let tally = parts
        .iter()
        .fold((0, 0), |a, (t, _)| (a.0 + t.0, a.1 + t.1));
    let next = collect.then(|| parts.into_iter().flat_map(|(_, v)| v).collect());
    (tally, next)
}

/// One step over the entries `lo..hi`: frontier code `from`, new code `to`.
pub(super) struct Step {
    pub(super) lo: u64,
    pub(super) hi: u64,
    pub(super) from: u8,
    pub(super) to: u8,
}

impl Step {
    /// Run the step; returns the entries found and their weight.
    pub(super) fn run<S: Space, C: Cells>(&self, p: &S, cells: &C, backward: bool) -> (u64, u64) {
        if backward {
            self.backward(p, cells)
        } else {
            self.forward(p, cells)
        }
    }

    /// Set entry `i` to the step's new code if it is empty; if this call set it, add it
    /// and its weight to `tally`.  Returns whether it did.
    #[inline(always)]
    fn mark<S: Space, C: Cells>(&self, p: &S, cells: &C, i: u64, tally: &mut (u64, u64)) -> bool {
        let set = cells.set_if_empty(i, self.to);
        if set {
            tally.0 += 1;
            tally.1 += p.weight(i);
        }
        set
    }

    /// Mark every neighbour of a frontier entry: all neighbours are computed and their
    /// bytes prefetched first, and the writes come one frontier entry later, after the
    /// next entry's neighbours are computed and prefetched in turn.  The misses on a large
    /// table overlap with each other and with that computation instead of queueing behind
    /// each locked write.
    fn forward<S: Space, C: Cells>(&self, p: &S, cells: &C) -> (u64, u64) {
        let mut tally = (0, 0);
        let mut pending = ([0u64; super::NEIGHBOURS_MOST], 0);
        let mut rows = Rows::new();
        let mut i = self.lo;
        while i < self.hi {
            let k = cells.skip(i, self.from);
            if k > 0 {
                i += k;
                continue;
            }
            if cells.get(i) == self.from {
                let next = rows.neighbours(p, i);
                for &j in &next.0[..next.1] {
                    cells.prefetch(j);
                }
                self.mark_new(p, cells, &pending.0[..pending.1], &mut tally, &mut |_| {});
                pending = next;
            }
            i += 1;
        }
        self.mark_new(p, cells, &pending.0[..pending.1], &mut tally, &mut |_| {});
        tally
    }

    /// [`Step::forward`] from a list of the frontier's entries instead of a scan of the
    /// table (`lo` and `hi` unused); every entry this call sets is passed to `found`.
    fn forward_list<S: Space, C: Cells>(
        &self,
        p: &S,
        cells: &C,
        frontier: &[u64],
        found: &mut impl FnMut(u64),
    ) -> (u64, u64) {
        let mut tally = (0, 0);
        let mut pending = ([0u64; super::NEIGHBOURS_MOST], 0);
        let mut rows = Rows::new();
        for &i in frontier {
            let next = rows.neighbours(p, i);
            for &j in &next.0[..next.1] {
                cells.prefetch(j);
            }
            self.mark_new(p, cells, &pending.0[..pending.1], &mut tally, found);
            pending = next;
        }
        self.mark_new(p, cells, &pending.0[..pending.1], &mut tally, found);
        tally
    }

    /// Mark the empty entries among `neighbours`, and their twins; pass each entry this
    /// call sets to `found`.
    #[inline(always)]
    fn mark_new<S: Space, C: Cells>(
        &self,
        p: &S,
        cells: &C,
        neighbours: &[u64],
        tally: &mut (u64, u64),
        found: &mut impl FnMut(u64),
    ) {
        for &j in neighbours {
            if cells.get(j) == C::EMPTY && self.mark(p, cells, j, tally) {
                found(j);
                p.twins(j, |t| {
                    if self.mark(p, cells, t, tally) {
                        found(t);
                    }
                });
            }
        }
    }

    fn backward<S: Space, C: Cells>(&self, p: &S, cells: &C) -> (u64, u64) {
        let mut tally = (0, 0);
        let mut rows = Rows::new();
        let mut i = self.lo;
        while i < self.hi {
            let k = cells.skip(i, C::EMPTY);
            if k > 0 {
                i += k;
                continue;
            }
            if cells.get(i) == C::EMPTY && rows.has_neighbour(p, cells, i, self.from) {
                self.mark(p, cells, i, &mut tally);
                p.twins(i, |t| {
                    self.mark(p, cells, t, &mut tally);
                });
            }
            i += 1;
        }
        tally
    }
}

/// The neighbours of the last row a step met, in a space whose entries come in rows
/// ([`Space::ROW_LEN`]): an entry's neighbours follow from its row's first entry's
/// ([`Space::in_row`]).  A step visits entries in index order, so it computes each row's
/// neighbours once.  In a space without rows each entry computes its own.
struct Rows {
    row: u64,
    first: ([u64; super::NEIGHBOURS_MOST], usize),
}

impl Rows {
    fn new() -> Self {
        Rows {
            row: u64::MAX,
            first: ([0; super::NEIGHBOURS_MOST], 0),
        }
    }

    /// The neighbours of the first entry of `i`'s row, and `i`'s offset in the row.
    #[inline(always)]
    fn of_row<S: Space>(&mut self, p: &S, i: u64) -> u64 {
        let row = i / S::ROW_LEN;
        if row != self.row {
            self.first = p.neighbour_array(row * S::ROW_LEN);
            self.row = row;
        }
        i % S::ROW_LEN
    }

    /// Every neighbour of entry `i`, and how many there are.
    #[inline(always)]
    fn neighbours<S: Space>(&mut self, p: &S, i: u64) -> ([u64; super::NEIGHBOURS_MOST], usize) {
        if S::ROW_LEN == 1 {
            return p.neighbour_array(i);
        }
        let offset = self.of_row(p, i);
        let mut out = self.first;
        for j in &mut out.0[..out.1] {
            *j = p.in_row(*j, offset);
        }
        out
    }

    /// Whether some neighbour of entry `i` holds `code`.
    #[inline(always)]
    fn has_neighbour<S: Space, C: Cells>(&mut self, p: &S, cells: &C, i: u64, code: u8) -> bool {
        if S::ROW_LEN == 1 {
            return has_neighbour(p, cells, i, code);
        }
        let offset = self.of_row(p, i);
        self.first.0[..self.first.1]
            .iter()
            .any(|&j| cells.get(p.in_row(j, offset)) == code)
    }
}

/// Whether some neighbour of entry `i` holds `code`.
#[inline(always)]
fn has_neighbour<S: Space, C: Cells>(p: &S, cells: &C, i: u64, code: u8) -> bool {
    let mut hit = false;
    p.neighbours(i, |n| {
        hit = cells.get(n) == code;
        hit
    });
    hit
}

/// The depths past `base + 2` in the line layout.  Those entries stay code 3 ("at least
/// `base + 3`") in the table; their exact depths are only counted, for the histograms.  One
/// scan finds every empty entry; those with a neighbour at `base + 2` lie at `base + 3`,
/// and the rest (the *deep* entries: the full-edge table has 7 million) are kept as a
/// sorted index list and split by depth with backward steps over that list.  Returns the
/// entries counted.
pub(super) fn count_tail<S: Space>(
    p: &S,
    s: &mut State,
    base: u8,
    filled: u64,
    progress: &(dyn Fn(Progress) + Sync),
) -> u64 {
    let entries = p.entries();
    let chunks = entries.div_ceil(CHUNK_ENTRIES);
    let State {
        payload,
        histogram,
        weighted,
        ..
    } = s;
    let cells = Lines {
        table: atomic_view(payload),
        fallback: None,
    };
    let mut depth = base as u32 + 3;
    progress(Progress::DepthStart {
        depth,
        backward: true,
        work: chunks,
    });
    let done = AtomicU64::new(0);
    let parts: Vec<(u64, u64, Vec<u64>)> = collect_over(0..chunks, &|c| {
        let (lo, hi) = (c * CHUNK_ENTRIES, ((c + 1) * CHUNK_ENTRIES).min(entries));
        let (mut count, mut weight, mut deep) = (0, 0, Vec::new());
        let mut i = lo;
        while i < hi {
            let k = cells.skip(i, LINE_EMPTY);
            if k > 0 {
                i += k;
                continue;
            }
            if cells.get(i) == LINE_EMPTY {
                count += 1;
                weight += p.weight(i);
                if !has_neighbour(p, &cells, i, 2) {
                    deep.push(i);
                }
            }
            i += 1;
        }
        let k = done.fetch_add(1, Relaxed) + 1;
        if k % 64 == 0 {
            progress(Progress::Work { done: k });
        }
        (count, weight, deep)
    });
    let empty: u64 = parts.iter().map(|x| x.0).sum();
    let empty_weight: u64 = parts.iter().map(|x| x.1).sum();
    // Chunks are in index order, so the concatenation is sorted.
    let mut rest: Vec<u64> = parts.into_iter().flat_map(|x| x.2).collect();
    let mut counted = 0;
    let mut record = |depth: u32, n: u64, weight: u64| {
        assert!(
            (depth as usize) < HISTOGRAM_LEN,
            "pattern depth exceeds the histogram"
        );
        histogram[depth as usize] = n;
        weighted[depth as usize] = weight;
        counted += n;
        progress(Progress::DepthDone {
            depth,
            found: n,
            filled: filled + counted,
        });
    };
    let rest_weight = sum_items(&rest, &|i| p.weight(i));
    record(depth, empty - rest.len() as u64, empty_weight - rest_weight);
    let mut frontier: Vec<u64> = Vec::new();
    while !rest.is_empty() {
        depth += 1;
        progress(Progress::DepthStart {
            depth,
            backward: true,
            work: 1,
        });
        // An entry lies at `depth` iff a neighbour lies at `depth - 1`: at `base + 3`, an
        // empty entry that is not deep; later, one of the previous step's entries.
        let first = frontier.is_empty();
        let at_previous = |n: u64| {
            if first {
                cells.get(n) == LINE_EMPTY && rest.binary_search(&n).is_err()
            } else {
                frontier.binary_search(&n).is_ok()
            }
        };
        let split: Vec<(u64, bool)> = collect_items(&rest, &|i| {
            let mut hit = false;
            p.neighbours(i, |n| {
                hit = at_previous(n);
                hit
            });
            (i, hit)
        });
        let now: Vec<u64> = split.iter().filter(|x| x.1).map(|x| x.0).collect();
        assert!(!now.is_empty(), "pattern space is not connected");
        rest = split.iter().filter(|x| !x.1).map(|x| x.0).collect();
        let weight = sum_items(&now, &|i| p.weight(i));
        let n = now.len() as u64;
        frontier = now;
        record(depth, n, weight);
    }
    empty
}
